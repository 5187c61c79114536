"""Book round 29 (docs/reads/round-29-en.md, docs/reads/round-29-fixes.md): the English reader's faults, fixed in
the three languages."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "it", "en")


def _yaml(rel: str) -> dict:
    return yaml.safe_load((ROOT / rel).read_text(encoding="utf-8"))


def test_the_long_game_does_not_end_when_its_third_pile_runs_out() -> None:
    """en1* (draco-long p.1): "When the third draw pile runs out, the game ends as usual" was not true: the pile is
    then gone for good and play goes on without drawing until the final toast (the base book's "End of the game";
    the engine's last call, ``rules.draw``, ends nothing by itself). Said in the three languages."""
    said = _yaml("variants/draco/draco-long.yaml")["description"]
    assert "the game ends as usual" not in said["en"]
    assert "la fin de partie se déroule" not in said["fr"] and "la partita si chiude" not in said["it"]
    for lang, words in {"en": ("it is gone for good", "play goes on without drawing until the final toast"),
                        "fr": ("est épuisée, c’est pour de bon",  # book check fr4
                               "on continue à jouer sans piocher jusqu’à l’ultime toast"),
                        "it": ("è finito per sempre", "si continua a giocare senza pescare fino all’ultimo brindisi")
                        }.items():
        assert all(w in said[lang] for w in words), lang


#: the bank ruling's order, in each language: each player paid in full in turn, taken by their best-placed ruffian
#: terminal round 53 en5*, round 52 fr3*/it5*: where the order starts, in the book's words (the first seat, la première
#: place, il primo posto), and each player paid in full before the next (the engine's receivers, ``table.settle``)
#: terminal round 54 en4 and book check 3 en1: "before the next" left the next open, the order now said as the seats
#: run; fr1: « à partir du malandrin » paid a ruffian, not its owner
BANK_ORDER = {"en": "it pays the players in full, one at a time, in the order their ruffians sit from the first seat (by "
                    "Draco’s cup), until its money runs out",
              "fr": "elle paie en entier un joueur après l’autre, en suivant les malandrins depuis la première place, "
                    "jusqu’à être vide",
              "it": "la banca paga per intero un giocatore alla volta, seguendo i malandrini dal primo posto verso "
                    "l’ultimo, finché ha denaro"}  # closing check it1* (after round 54): the whole order


def test_a_short_bank_pays_each_player_in_full_by_their_best_placed_ruffian_as_the_books_say() -> None:
    """en2* (all five Draco books, p.5 Special cases, Money): "in the order of their ruffians' places, best-paid
    first" gave two orders in one phrase: by place, or by the amount paid (Green, handed Brother John's silver, is
    paid more than Red in the first seat), and a player with two ruffians was paid at which? The engine
    (``rules.toast``'s receivers, ``table.settle``) takes each player once, at their ruffian nearest the first
    place, and pays them everything they are due (both ruffians' shares and the silver handed on, netted) before the
    next. The ruling now says that order, and a constructed toast shows the engine keeping it. Earlier pins kept: no
    "seat" (terminal round 32 en22*), no "nearest" (round 38 en9), the English and Italian no longer than 310 and
    335 characters (round 33), "first" once (round 34 en11)."""
    from test_draco_engine import B1, B2, G1, G2, J, R1, R2, S, Y1, Y2, Z, toast_after_round

    from cardgen.resolve.resolve import resolve

    said = _yaml("decks/draco.yaml")["clarifications"]["bank_short"]["text"]
    for lang, words in BANK_ORDER.items():
        assert words in said[lang], lang
    assert "best-paid first" not in said["en"] and "best-paid place" not in said["en"]
    assert "le plus près de la place la mieux payée" not in said["fr"]
    assert "più vicino al posto meglio pagato" not in said["it"]
    assert len(said["en"]) <= 335 and len(said["it"]) <= 340 and said["en"].count("first") <= 1
    # the book's example seating, Red with a second ruffian in the fourth place: Red is due 4 + 1, Green 2 + 3
    # (Brother John's hand-on) − 1; Blue pays 2. The box's silver cannot hold it all: 4 silver go unpaid.
    deck = resolve("draco", ROOT)
    st = toast_after_round(deck, [R1, J, G1, R2, Y1, B1, S, Z, Y2, G2, B2], [30, 30, 30, 2])
    assert ("bank_short", True) in [(g.kind, g.settled) for g in st.gaps] and st.unpaid == 4
    # Red, whose best-placed ruffian is first, is paid all 5 (the fourth place's 1 too) before Green gets any
    assert st.money == [35, 30, 30, 0]


def _markup(deck_id: str, lang: str) -> str:
    from test_round28_books import markup

    return markup(deck_id, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_gentle_overeating_s_intro_opens_on_a_forgiving_court(lang: str) -> None:
    """en4 (king_lui-gentle-overeating p.1): "Good manners rule at court" introduced the base game's prohibition;
    here it led into a clean-up, a clash. The court forgives, then the excess is cleared away, in the three
    languages (fr « les bonnes manières sont de rigueur … mieux vaut ne pas », it «le buone maniere contano» alike).
    Round 28 en6's clause stays."""
    text = _markup("king_lui-gentle-overeating", lang)
    # book check en2: "of a dish", as the French and Italian say (read literally, "beyond the king’s own" compared totals)
    opening = {"en": "The court forgives a hearty appetite: when the meal ends, any portions of a dish you hold beyond "
                     "the king’s are quietly cleared away.",
               "fr": "La cour pardonne les gros appétits : à la fin du repas, les portions d’un plat que vous avez en "
                     "plus de celles du roi sont discrètement desservies.",
               "it": "La corte perdona chi ha buon appetito: a fine pasto le porzioni di un piatto che hai in più "
                     "rispetto al re vengono discretamente portate via."}[lang]
    assert opening in text
    assert not any(old in text for old in ("Good manners rule at court", "bonnes manières", "buone maniere"))


@pytest.mark.parametrize("lang", LANGS)
def test_without_zork_says_what_a_base_game_deck_does(lang: str) -> None:
    """en5 (draco-no-zork p.1): "The Zork card is not used: it stays in the box" made sense only with a base-game
    deck (this variant's sheets do not print Zork), and nothing said what a base-game Seating Plan does here. Each
    book now says both, as the French Zork line (round 28 fr30) and the Italian Seating Plan line already did."""
    text = _markup("draco-no-zork", lang)
    # book check en6, fr5, it3: the sheets no longer "print", the base game's cards one noun, "this new wording"
    zork = {"en": "card is not used: it is not on this variant’s card sheets. If you play with the base game’s "
                  "cards, leave it in the box.",
            "fr": "n’est pas utilisée : elle ne figure pas sur les planches de cette variante. Si vous jouez avec "
                  "les cartes du jeu de base, laissez-la dans la boîte.",
            "it": "non serve: non è stampata sui fogli di questa variante. Se giochi con le carte del gioco base, "
                  "lasciala nella scatola."}[lang]
    plan = {"en": "If you play with the base game’s cards, this new wording applies, not the one printed on them.",
            "fr": "Si vous jouez avec les cartes du jeu de base, c’est ce texte qui s’applique, non celui imprimé sur "
                  "les cartes.",
            "it": "Se giochi con le carte del gioco base, vale questo testo, non quello stampato sulle carte."}[lang]
    assert zork in text and plan in text
    assert "it stays in the box" not in text and "resta nella scatola" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_masked_ball_s_key_defines_what_its_nobles_ask(lang: str) -> None:
    """en6 (royale-masked p.3): "How to read the requests" defined four of a kind, which no masked noble asks, and
    not "all even or all odd" (Harlequin). The masked book's key now defines pair and three of a kind, and all
    even or all odd; the unmasked books keep their key (the Duchess asks four of a kind)."""
    masked = _markup("royale-masked", lang)
    key = {"en": ("<b>pair</b>, <b>three of a kind</b>: two or three cards of the same value;",
                  # book check en3: "exactly divisible", not "can be divided"
                  "<b>all even or all odd</b>: every card’s value is exactly divisible by two, or none is;"),
           "fr": ("<b>paire</b>, <b>brelan</b> : deux ou trois cartes de même valeur ;",
                  "<b>toutes de valeur paire ou toutes de valeur impaire</b> : les valeurs des cartes sont toutes "
                  "divisibles par deux, ou aucune ne l’est ;"),
           "it": ("<b>coppia</b>, <b>tris</b>: due o tre carte dello stesso valore;",
                  "<b>tutte di valore pari o tutte di valore dispari</b>: i valori delle carte sono tutti divisibili "
                  "per due, oppure nessuno lo è;")}[lang]
    assert all(k in masked for k in key), lang
    four = {"en": "<b>four of a kind</b>", "fr": "<b>carré</b>", "it": "<b>poker</b>"}[lang]
    assert four not in masked
    assert four in _markup("royale", lang)
