"""The twenty-second reading's costliest faults about Draco's flagged cards and ``cardgen fix``
(docs/reads/terminal-round-22-*.md, issue #53), in English, French and Italian, every expected sentence ours:

- en17, en33, en45, fr10, fr35, fr48, it16, it47: a card validate flags too strong or too weak was no warning: the
  block's heading ("PASS WITH A WARNING"), the closing count and the run's overview counted the coins alone, and the
  closing line sent the designer to ``cardgen fix draco`` "for the flagged cards", which, on its 300 games where
  neither card stood out, never named one. A flagged card is now a warning of its own (counted, named in the
  heading's count, the closing line, the overview and the deck page); validate gives the command that judges the
  cards on as many games as it played (``--games 1000``: the same games, the same cards, then fix's own check), and
  fix says what it did with the cards and that command;
- en34, it48: trial 21 "fixed the problem on the search's shuffles but not on fresh ones" over a new imbalance while
  the shortage stayed fixed: the reason a trial is set aside is now the one that set it aside;
- it49: "what the 3 fixes below share" over the figures of boxes of 41, 43 and 50 gold coins: each fix's own
  figures, the same, said so;
- fr9: "came into play in more than half of the simulated games" for 95.3%: the figure, or the range over counts;
- en14, fr14, it18: the shortage's case line lacked the special-case label, broke 14 columns early ("cardgen adds:"
  kept together as a command) and sent the reader to the WARNING for its games;
- it17, fr15: "shared wins included" under "of the 250 games with a single winner", the run's shared win being in
  game 251.
"""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import (Naming, card_search, figure_bases, flagged_cards, format_entry, shortfall_line,
                                      total_line, warning_count, weight_shares)
from cardgen.terminal import fit, say, say_n, word
from cardgen.text import cardinal

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_validate_words_fifteenth import draco  # noqa: E402,F401  (a fixture, used by name)

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    """``text`` with the no-break spaces of French and Italian typesetting as plain ones, one line."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _flagged(r: dict[str, Any], players: int, cards: dict[str, str], games: int = 1000) -> dict[str, Any]:
    """The fixture's Draco entry at ``players`` with the cards of ``cards`` (id -> "strong"/"weak") flagged, as
    validate's run of ``games`` games gives it."""
    entry = copy.deepcopy(r)
    entry.update(players=players, games=games, completed=games)
    for row in entry["designer"]["component_impact"]:
        row["flag"] = cards.get(row["component"], "")
    return entry


# -- en17, fr10, it16: a flagged card is a warning, counted and named ---------------------------------------------

HEAD = {"en": "PASS WITH WARNINGS — Draco & Co (draco), 5 players",
        "fr": "VALIDÉ AVEC RÉSERVES — Draco & Co (draco), 5 joueurs",
        "it": "VERIFICA SUPERATA CON AVVISI — Draco & Co (draco), 5 giocatori"}  # round 36 it11
WARNING = {"en": "WARNING (card strength): “To and Fro” seems too strong: players dealt it win more often than the "
                 "others, just beyond chance (◆ in the card table above)",
           "fr": "ATTENTION (force des cartes) : la carte « Chassé-croisé » semble trop forte : les joueurs qui "
                 "l’avaient dans leur main de départ gagnent plus souvent que les autres, et l’écart dépasse de justesse "
                 "ce que le hasard peut expliquer (◆ dans le tableau des cartes ci-dessus)",
           "it": "AVVISO (forza delle carte): la carta «Andirivieni» sembra troppo forte: chi l’aveva nella mano "
                 "iniziale vince più spesso degli altri, e la differenza è appena più grande di quanto il caso spieghi di solito "
                 "(◆ nella tabella delle carte qui sopra)"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_flagged_card_is_a_warning_of_its_block(draco: tuple, lang: str) -> None:
    deck, r = draco
    entry = _flagged(r, 5, {"to-and-fro": "strong"})
    assert warning_count(r) == 1 and warning_count(entry) == 2  # the coins, and the card
    text = format_entry(entry, lang, Naming.of(deck, lang))
    assert plain(text.splitlines()[0]).startswith(plain(HEAD[lang]))
    assert plain(WARNING[lang]) in plain(text)
    # after the block's other warnings, before its checks
    assert plain(text).index(plain(WARNING[lang])) > plain(text).index(plain(say("warn_headed", lang)))
    # a card the simulated players hardly play keeps no flag: no warning (its gap measures holding it)
    held = copy.deepcopy(entry)
    for row in held["designer"]["component_impact"]:
        row["held_flag"], row["flag"] = row["flag"], ""
    assert warning_count(held) == 1 and not flagged_cards(held)


# twenty-fourth reading (terminal round 24) en9, en25: a flag only just beyond chance (these rows say no interval, so
# nothing says they are clear) is said as one in the closing line and the overview, never flatly "too strong"
TOTAL = {"en": "player counts 5 and 6 checked: all passed, with warnings (shortage of coins in "
               "the bank: 95.0% of games; cards that may be too strong, though only just beyond what chance explains: “To and Fro” at 5 "
               "players and “The Splits” at 6 players; a card that may be too weak, though only just beyond what "
               "chance explains: “Budge Up!” at 6 players)",  # round 38 en4
         # round 29 fr6, fr28: where it checked, never "2 nombres de joueurs … vérifiés"; round 30 en26, it15, fr30:
         # every count warned said without a second numeral, a card just beyond chance as "maybe a little"
         "fr": "vérifié à 5 et 6 joueurs : aucun échec ; validé avec réserves dans tous "
               "les cas (manque de pièces à la banque : 95,0 % des parties ; « Chassé-croisé » à 5 joueurs et « Grand écart » à 6 joueurs : "
               "cartes signalées de justesse comme trop fortes ; « Pousse-toi ! » "
               "à 6 joueurs : carte signalée de justesse comme trop faible)",
               # round 38 fr16: no "))", the card before what is said of it; round 46 fr14: the shortage's scale
         "it": "configurazioni verificate (5 e 6 giocatori): tutte superate con avvisi (carenza di monete in "
               "banca: il 95,0% delle partite; carte forse un po’ troppo forti, appena oltre i limiti del caso: «Andirivieni» con 5 giocatori e «Spaccata» con 6 "
               "giocatori; una carta forse un po’ troppo debole, appena oltre i limiti del caso: «Fatti in là!» con 6 giocatori)"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_closing_line_names_the_flagged_cards_and_their_player_counts(draco: tuple, lang: str) -> None:
    deck, r = draco
    entries = [_flagged(r, 5, {"to-and-fro": "strong"}),
               _flagged(r, 6, {"the-splits": "strong", "budge-up": "weak"})]
    assert plain(total_line(entries, lang, {"draco": Naming.of(deck, lang)})) == plain(TOTAL[lang])


OVERVIEW = {"en": "a card that may be too strong, though only just beyond what chance explains: “To and Fro”",
            "fr": "« Chassé-croisé » : carte signalée de justesse comme trop forte",
            "it": "una carta forse un po’ troppo forte, appena oltre i limiti del caso: «Andirivieni»"}
PAGE = {"en": "(see the card table below)", "fr": "(voir le tableau des cartes plus bas)",
        "it": "(vedi la tabella delle carte più sotto)"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_overview_and_the_deck_page_name_the_flagged_card(draco: tuple, lang: str) -> None:
    """en45, fr48, it59: the overview's warnings cell named the coins alone."""
    from cardgen.report.pages import short_warnings, warnings_of

    deck, r = draco
    entry = _flagged(r, 5, {"to-and-fro": "strong"})
    naming = Naming.of(deck, lang)
    cells = [plain(c) for c in short_warnings(entry, lang, naming)]
    assert len(cells) == 2 and cells[1] == plain(OVERVIEW[lang])
    page = [plain(w) for w in warnings_of(entry, lang, naming)]
    assert page[-1] == plain(WARNING[lang]).rsplit("(", 1)[0] + plain(PAGE[lang])
    # en9: confirm it first; its command set apart as code, not a warning ending in a full stop (round 29 en38)
    from cardgen.report.pages import confirm_fix
    confirm = confirm_fix(entry, lang)
    assert confirm["command"] == "cardgen validate draco --players 5 --games 4000" and confirm["text"].endswith(":")
    assert confirm["text"][:1].isupper() and confirm_fix(r, lang) is None
    assert [plain(c) for c in short_warnings(r, lang, naming)] == cells[:1]  # no card flagged: the coins alone


@pytest.mark.parametrize("game", ("king_lui", "royale"))
def test_the_other_games_flagged_cards_get_the_same_words(game: str) -> None:
    """Nothing branches on the game: a card any deal experiment flags is a warning by the same words."""
    deck = resolve(game, ROOT)
    naming = Naming.of(deck, "en")
    cid = deck.model.components[0].id
    entry = {"passed": True, "players": 4, "variant": game, "games": 1000, "sufficiency": [], "balance": {},
             "designer": {"component_impact": [{"component": cid, "flag": "weak"}]}}
    assert warning_count(entry) == 1
    name = naming.names.get(cid, cid)
    assert total_line([entry], "en", {game: naming}).endswith(
        f": passed, with a warning (a card that may be too weak, though only just beyond what chance explains: “{name}” "
        "at 4 players)")


# -- en33, fr35, it47: validate's pointer and fix's words say what fix does with the cards --------------------------

# twenty-fourth reading en10, it11, fr13: "as many games as here" and a 25-word bracket between the instruction and
# its command: the games said as a number, the reason after them
# twenty-fifth reading en10: cards flagged just beyond chance are confirmed first; the search is the step after
# terminal round 27 en9, fr8, it15: the 60-word closing instruction shortened: the reason in a bracket before the command
POINTER = {"en": "if the flagged cards (“To and Fro” at 5 players and “The Splits” at 6 players) are still flagged "
                 "after the longer run suggested under each, run cardgen fix on 1,000 games per player count so that it "
                 "includes them (with its default 300, it may not see them at all): cardgen fix draco --games 1000",
           "fr": "si les cartes signalées (« Chassé-croisé » à 5 joueurs et « Grand écart » à 6 joueurs) le sont "
                 "encore après la relance plus longue indiquée sous chacune, lancez cardgen fix sur 1 000 parties par "
                 "nombre de joueurs pour qu’il cherche aussi à les corriger (avec ses 300 parties par défaut, il "
                 "risque de ne pas les repérer) : cardgen fix draco --games 1000",
           "it": "se le carte segnalate («Andirivieni» con 5 giocatori e «Spaccata» con 6 giocatori) lo sono ancora "
                 "dopo la verifica più lunga indicata sotto ciascuna, fai simulare a cardgen fix 1.000 partite per "
                 "numero di giocatori perché corregga anche quelle (con le 300 abituali potrebbe non accorgersi dello "
                 "squilibrio): cardgen fix draco --games 1000"}
# the problem by name, never "above" after 280 lines, and "run:" before the command (round 30 en25)
SHORTAGE = {"en": "Draco & Co (draco): to look for fixes to the shortage of coins in the bank and test them in "
                  "simulated games, run: cardgen fix draco",
            "fr": "Draco & Co (draco) : pour chercher comment corriger le manque de pièces à la banque"
                  ", puis essayer les corrections trouvées sur des parties simulées, lancez : cardgen fix draco",  # r36 fr10
            "it": "Draco & Co (draco): per cercare correzioni che risolvano la carenza di monete in banca e "
                  "provarle su partite simulate, esegui: cardgen fix draco"}


def _validate(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], deck: Any,
              entries: list[dict[str, Any]], lang: str) -> str:
    """validate's terminal for ``entries`` (its run replaced by them): what it prints under the blocks."""
    from cardgen.report import commands
    from cardgen.simulate.validate import ValidateOptions

    doc = {"results": entries, "games": entries[0]["games"], "seed": 1, "agents": [], "cap": 0}
    monkeypatch.setattr(commands, "run_validation", lambda decks, opts: doc)
    commands.validate([deck], ValidateOptions(out=None, lang=lang, progress=False))
    lines = capsys.readouterr().out.splitlines()
    # one deck: its player counts (en5), named ("vérifié à 5 et 6 joueurs", round 29 fr6)
    total = say_n("counts_named", len(entries), lang, players="\0", word=cardinal(len(entries), lang)).split("\0")[0]
    return plain(" ".join(lines[next(i for i, line in enumerate(lines) if line.startswith(total)):]))


@pytest.mark.parametrize("lang", LANGS)
def test_validate_gives_the_command_that_judges_the_cards_on_as_many_games(
        draco: tuple, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    deck, r = draco
    entries = [_flagged(r, 5, {"to-and-fro": "strong"}), _flagged(r, 6, {"the-splits": "strong"})]
    said = _validate(monkeypatch, capsys, deck, entries, lang)
    assert said.endswith(plain(SHORTAGE[lang]) + " " + plain(POINTER[lang])), said
    # the cards alone: the sentence stands alone, with the deck's name, and its verb
    alone = [{**e, "sufficiency": []} for e in entries]
    said = _validate(monkeypatch, capsys, deck, alone, lang)
    alone_said = plain(card_search(alone, lang, Naming.of(deck, lang)))
    assert alone_said in said and alone_said != plain(POINTER[lang])  # not "as well": nothing else is searched
    assert said.endswith("cardgen fix draco --games 1000") and plain(SHORTAGE[lang]).split(":")[0] in said
    # on no more games than fix plays, fix judges them as validate did: the one pointer names them, no --games
    few = [_flagged(r, 5, {"to-and-fro": "strong"}, games=200)]
    assert card_search(few, lang) is None
    said = _validate(monkeypatch, capsys, deck, few, lang)
    assert "--games" not in said and said.endswith("cardgen fix draco")
    assert plain(word("fix_kinds", lang)["cards"]) in said


@pytest.mark.parametrize("lang", LANGS)
def test_the_deck_page_says_the_same_two_commands(draco: tuple, lang: str) -> None:
    from cardgen.report.pages import fix_named

    deck, r = draco
    entries = [_flagged(r, 5, {"to-and-fro": "strong"}), _flagged(r, 6, {"the-splits": "strong"})]
    hint = fix_named({"text": "", "command": "cardgen fix draco", "href": None}, entries, lang, Naming.of(deck, lang))
    assert hint["command"] == "cardgen fix draco" and hint["cards"]["command"] == "cardgen fix draco --games 1000"
    assert plain(hint["cards"]["text"]) + " " + hint["cards"]["command"] == \
        plain(POINTER[lang][:1].upper() + POINTER[lang][1:])
    assert "flagged" not in hint["text"] and "signalées" not in hint["text"] and "segnalate" not in hint["text"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_s_section_says_its_one_card_and_the_command_above(draco: tuple, lang: str) -> None:
    """Twenty-sixth reading en41: in draco.html's 5-player section, under the one card it flags and the command that
    confirms it (above, in the warning list), the sentence said "the flagged cards" and "the command under each",
    the run summary's words; there it says the one card and "above". The summary keeps its own words."""
    from cardgen.report.pages import card_fix

    deck, r = draco
    entry = _flagged(r, 5, {"to-and-fro": "strong"}, games=1000)
    hint = {"text": "", "command": "cardgen fix draco", "href": None}
    said = plain(card_fix(entry, hint, lang, Naming.of(deck, lang))["text"])
    one = {"en": ("If the flagged card (“To and Fro” at 5 players) is still flagged after the longer run suggested "
                  "above", "may not see it at all)"),
           "fr": ("Si la carte signalée (« Chassé-croisé » à 5 joueurs) l’est encore après la relance plus longue "
                  "indiquée ci-dessus", "de ne pas la repérer)"),
           "it": ("Se la carta segnalata («Andirivieni» con 5 giocatori) lo è ancora dopo la verifica più lunga "
                  "indicata qui sopra", "non accorgersi dello squilibrio)")}[lang]
    assert said.startswith(one[0]) and one[1] in said, said
    assert not any(w in said for w in ("under each", "sous chacune", "sotto ciascuna", "cards (", "cartes signalées"))
    both = [entry, _flagged(r, 6, {"the-splits": "strong"})]
    summary = plain(card_search(both, lang, Naming.of(deck, lang), command=False, also=True))
    assert {"en": "suggested under each", "fr": "indiquée sous chacune", "it": "indicata sotto ciascuna"}[
        lang] in summary, summary


# twenty-sixth reading en33, fr24: the second sentence starts with a capital, not the command
CARDS_LINE = {"en": "Cards: on these 300 games of each player count, no card stands out beyond chance, so fix changes "
                    "none. Unless told otherwise, cardgen validate plays 1,000 games, and a card it flags there may not "
                    "stand out on 300; to look for fixes to such a card, fix must play as many games as validate: "
                    "cardgen fix draco --games 1000",
              "fr": "Cartes : sur ces 300 parties par nombre de joueurs, aucune carte n’a un écart qui dépasse ce que "
                    "le hasard peut expliquer, donc cardgen fix n’en modifie aucune. Sauf indication contraire, cardgen validate "
                    "joue 1 000 parties, et une carte qu’il y signale peut ne pas ressortir sur 300 ; pour chercher "
                    "comment corriger une telle carte, fix doit jouer autant de parties que validate : cardgen fix draco --games 1000",
              "it": "Carte: su queste 300 partite per numero di giocatori nessuna carta ha una differenza più grande "
                    "di quanto il caso spieghi di solito, quindi cardgen fix non ne modifica nessuna. Salvo indicazione contraria, "
                    "cardgen validate gioca 1.000 partite, e una carta che validate segnala su quelle partite può non risaltare su 300; per "
                    "cercare correzioni per una carta così, fix deve giocare altrettante partite: "
                    "cardgen fix draco --games 1000"}


@pytest.mark.parametrize("lang", LANGS)
def test_fix_says_what_it_did_with_the_cards(lang: str) -> None:
    from cardgen.tune.fix import FixOptions, Problem, cards_line

    deck = resolve("draco", ROOT)
    assert plain(cards_line(deck, FixOptions(lang=lang), True, [])) == plain(CARDS_LINE[lang])
    # on as many games as validate's, the first sentence alone; on another seed, the command keeps it
    thousand = {"en": "1,000", "fr": "1 000", "it": "1.000"}[lang]
    assert plain(cards_line(deck, FixOptions(lang=lang, games=1000), True, [])) == \
        plain(CARDS_LINE[lang]).split(". ")[0].replace("300", thousand) + "."
    assert cards_line(deck, FixOptions(lang=lang, seed=7), True, []).endswith("cardgen fix draco --games 1000 --seed 7")
    # no card judged (King Lui deals none), or a card its games flag (said among the problems): nothing more
    card = Problem("card", "to-and-fro", 5, 0.041, 0.005, (("side", "strong"), ("low", 0.005), ("high", 0.076)))
    assert cards_line(deck, FixOptions(lang=lang), False, []) is None
    assert cards_line(deck, FixOptions(lang=lang), True, [card]) is None


# -- en34, it48: a trial set aside for the reason that set it aside -------------------------------------------------

def _fixer(lang: str) -> Any:
    """A fix of Draco whose search found its bank short at 3 and 5 players, trial 21 ending the reshuffle."""
    from cardgen.tune.fix import FixOptions, Fixer, Problem, _key

    fixer = Fixer.__new__(Fixer)
    fixer.deck, fixer.opts, fixer.own = resolve("draco", ROOT), FixOptions(lang=lang), {"pile_rebuilds": 1}
    fixer.problems = [Problem("short", "unpaid_by_bank", n, s, s - 0.05, (("games", 300),)) for n, s in ((3, 0.95),
                                                                                                       (5, 0.57))]
    fixer.found = {_key(p) for p in fixer.problems}
    return fixer


TRIAL = SimpleNamespace(number=20, values={"pile_rebuilds": 0})
SEATS = {f"seat_{k}_win_rate": (x, x, x) for k, x in zip(range(1, 6), (0.13, 0.22, 0.21, 0.22, 0.23))}
FRESH = {3: {"short:unpaid_by_bank": (0.0, 0.0, 0.0)},
         5: {**SEATS, "problem:5:seat": (0.03, 0.13, 0.13), "short:unpaid_by_bank": (0.0, 0.0, 0.0)}}
BACK = {3: {"short:unpaid_by_bank": (0.093, 0.06, 0.13), "problem:3:short:unpaid_by_bank": (0.043, 0.093, 0.093)}}
# twenty-fourth reading en20, it29: "a problem it creates there" / "su quelle partite" read as the search's games: the
# new problem is said on "those same fresh games", and the sentence ends with its full stop
NEW = {"en": "Trial 21 (number of times the draw pile is rebuilt from the discard pile 1 → 0) still fixes the problems on fresh "
             "games, but is set aside for a problem it creates on those same fresh games, which the base game does "
             "not have: at 5 players, player 1 wins 13.0% of games, below the fair share (20.2%) beyond chance.",
       "fr": "L’essai 21 (nombre de fois où la pioche est reconstituée avec la défausse 1 → 0) corrige aussi les problèmes "
             "sur des parties nouvelles, mais n’est pas retenu, car il crée sur ces mêmes parties nouvelles un problème "
             "que le jeu de base n’a pas : à 5 joueurs, le joueur 1 gagne 13,0 % des parties, moins que sa part équitable "
             "(20,2 %), un écart que le hasard explique mal.",
       "it": "La prova 21 (numero di volte in cui il mazzo si ricostituisce con gli scarti 1 → 0) risolve i problemi anche "
             "su partite nuove, ma è scartata perché su quelle stesse partite nuove crea un problema che il gioco base "
             "non ha: con 5 giocatori, il giocatore 1 vince il 13,0% delle partite, meno della quota equa (20,2%), e "
             "la differenza è più grande di quanto il caso spieghi di solito."}
LEFT = {"en": "Trial 21 (number of times the draw pile is rebuilt from the discard pile 1 → 0) is set aside, as what it fixed on "
              "the search’s games is not fixed on fresh ones: shortage of coins in the bank in 9.3% of games at 3 "
              "players.",
        "fr": "L’essai 21 (nombre de fois où la pioche est reconstituée avec la défausse 1 → 0) n’est pas retenu, car ce "
              "qu’il corrigeait sur les parties de la recherche ne l’est plus sur des parties nouvelles : manque de "
              "pièces à la banque dans 9,3 % des parties à 3 joueurs.",
        "it": "La prova 21 (numero di volte in cui il mazzo si ricostituisce con gli scarti 1 → 0) è scartata, perché ciò che "
              "risolveva sulle partite della ricerca non è risolto su partite nuove: carenza di monete in banca nel "
              "9,3% delle partite con 3 giocatori."}


@pytest.mark.parametrize("lang", LANGS)
def test_a_trial_is_set_aside_for_its_own_reason(lang: str) -> None:
    from cardgen.tune.fix import set_aside

    fixer = _fixer(lang)
    # the shortage stayed fixed, a seat's share is new: the new problem, never "not on fresh ones"
    assert plain(set_aside(fixer, TRIAL, FRESH, set(), {"problem:5:seat"})) == plain(NEW[lang])
    # the shortage is back: that, with its figure, and no seat the trial did not unbalance
    assert plain(set_aside(fixer, TRIAL, BACK, {"problem:3:short:unpaid_by_bank"}, set())) == plain(LEFT[lang])
    both = set_aside(fixer, TRIAL, {**FRESH, **BACK}, {"problem:3:short:unpaid_by_bank"}, {"problem:5:seat"})
    shortage = plain(LEFT[lang]).rsplit(": " if lang != "fr" else " : ", 1)[1].rstrip(".")
    seat = plain(NEW[lang]).rsplit(": " if lang != "fr" else " : ", 1)[1].rstrip(".")
    assert f"({shortage})" in plain(both) and plain(both).endswith(f"({seat}).")


# -- it49: whose figures the proposals share -------------------------------------------------------------------------

SHARED = {"en": "At 5 and 6 players, each of the 3 fixes above gives exactly the figures below, game for game against the "
                "base game on the search’s games:",
          "fr": "À 5 et 6 joueurs, chacune des 3 corrections ci-dessus donne exactement les chiffres suivants, partie par partie "
                "face au jeu de base sur les parties de la recherche :",
          "it": "Con 5 e 6 giocatori, ciascuna delle 3 correzioni qui sopra dà esattamente i valori seguenti, partita per "
                "partita rispetto al gioco base sulle partite della ricerca:"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_figures_every_fix_gives_are_said_as_each_ones(lang: str) -> None:
    from cardgen.tune.fix import shared_head

    assert plain(shared_head([5, 6], 3, "Draco & Co", lang)) == plain(SHARED[lang])
    one = plain(shared_head([1], 2, "Solo", lang))
    assert one.startswith({"en": "At 1 player,", "fr": "À 1 joueur,", "it": "Con 1 giocatore,"}[lang])


# -- fr9: the share of games cardgen's rule played in, not "more than half" -----------------------------------------

# twenty-fifth reading en16: validate's own line gives its share once, in its first sentence; the weight follows
WEIGHT = {"en": "(95.3%). At worst", "fr": "(95,3 %), avec au pire", "it": "(95,3%), con un ammanco"}
RANGE = {"en": "in 57.0% to 97.7%", "fr": "dans 57,0 % à 97,7 %", "it": "tra il 57,0% e il 97,7%"}  # en22


@pytest.mark.parametrize("lang", LANGS)
def test_the_weight_sentence_gives_the_share_of_games(lang: str) -> None:
    naming = Naming.of(resolve("draco", ROOT), lang)
    short = {"peak": "unpaid_by_bank", "print_more": 55, "cover": 0.99, "games_short": 953, "games": 1000, "max": 70}
    line = plain(shortfall_line(short, lang, naming))
    assert plain(WEIGHT[lang]) in line and line.count("95,3") + line.count("95.3") == 1, line
    assert plain(say("short_weight_so", lang)) in line, line
    # several games' figures (compare's table: both decks at every count it weighs at): their range
    assert plain(weight_shares([short, {**short, "games_short": 570}, {**short, "games_short": 977}], lang)) == \
        plain(RANGE[lang])
    for words in ("more than half", "plus de la moitié", "più di metà"):
        assert words not in shortfall_line(short, lang, naming)
    # twenty-sixth reading en22: the notes' heading names the two games, not "both games"
    assert {"en": "Notes on the base game and the variant:", "fr": "Remarques sur le jeu de base et la variante :",
            "it": "Note sul gioco base e sulla variante:"}[lang] == plain(say("compare_notes_head", lang))


# -- en14, fr14, it18: the shortage's case line, as every other case's ----------------------------------------------

# terminal round 27 en8: Draco's cases under one heading, each by its name and figures, never the 75-character lead-in
# terminal round 41 en24*: Draco's source named as its books name it, "the published description" (pins updated)
CASES_HEAD = {"en": "  special cases the published description leaves open or unclear (each settled by this edition’s ruling, printed in its rulebook):",
              "fr": "  cas que la description publiée ne tranche pas ou laisse ambigus (chacun réglé par un « Choix de cette édition » du livret) :",
              "it": "  situazioni che la descrizione pubblicata non prevede o lascia ambigue (per ciascuna vale una «Scelta di questa edizione»):"}
CASE = {"en": "the bank cannot pay all it owes (called “shortage of coins in the bank” in the WARNING below): 286 times, "
              "in 57 of the 60 games; first in game 1",
        "fr": "la banque ne peut pas verser tout ce qu’elle doit (c’est le « manque de pièces à la banque » de "
              "l’avertissement plus bas) : 286 fois, dans 57 des 60 parties ; pour la première fois dans la partie 1",
        "it": "la banca non può pagare tutto ciò che deve (situazione chiamata «carenza di monete in banca» nell’avviso più "
              "sotto): 286 volte in 57 partite su 60; la prima volta nella partita 1"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_shortage_case_line_has_the_label_and_its_games(draco: tuple, lang: str) -> None:
    deck, r = draco
    [gap] = [g for g in r["rule_gaps"] if g["kind"] == "bank_short"]
    assert (gap["count"], gap["games"]) == (286, 57)  # the fixture's 60 games at 3 players, seed 1
    text = format_entry(r, lang, Naming.of(deck, lang))
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if plain(CASE[lang])[:40] in plain(line))
    assert plain(lines[start - 1]) == plain(CASES_HEAD[lang]), lines  # the shortage the first of Draco's cases
    assert sum(plain(CASES_HEAD[lang]) == plain(line) for line in lines) == 1  # one heading for all of them
    assert not any("settled by a rule cardgen adds (" in line or "ajoute (" in line or "da cardgen (" in line
                   for line in lines)
    rows = [lines[start]] + [line for line in lines[start + 1:start + 3] if line.startswith("        ")]
    assert lines[start].startswith("    ") and plain(" ".join(rows)).startswith(plain(CASE[lang])), rows


def test_the_word_cardgen_in_prose_wraps_as_any_word_and_a_command_stays_whole() -> None:
    # "cardgen" at column 90: the row takes it, where "cardgen adds: 4,561" went down whole, the row ending at 89
    rows = fit("  " + "abcd " * 14 + "settled by a rule cardgen adds: 4,561 times; first in game 1").splitlines()
    assert rows[0].endswith("a rule cardgen") and len(rows[0]) == 97, rows
    command = "  to search for fixes, play as many games as here, as fix changes a card only where flagged: " \
              "cardgen fix draco --games 1000"
    assert any(row.strip() == "cardgen fix draco --games 1000" or row.endswith("cardgen fix draco --games 1000")
               for row in fit(command).splitlines())


# -- it17, fr15: shared wins among the games followed, not the run's -----------------------------------------------

# terminal round 44 fr8*: a shared win is a close game, so Draco's close games are over the games that end in one or
# keep a runner-up once the tied leaders drop out
# terminal round 47 fr13: « éventuels » / "any" / «eventuali»: most games had no tie (pins updated)
BASE = {"en": "close games: measured over the 224 games that end in a shared win or still have a runner-up once any "
              "tied leaders drop out",
        "fr": "parties serrées : sur les 224 parties qui se terminent par une victoire partagée ou où, une fois les "
              "éventuels ex æquo de tête éliminés, un joueur reste classé deuxième",
        "it": "partite combattute: sulle 224 partite che finiscono con una vittoria condivisa o in cui, eliminati gli "
              "eventuali primi a pari merito, resta un secondo classificato"}  # round 34 it19
SHARED_WINS = {"en": " (for a shared win, the tied winners’ lead over the next-best player)",
               "fr": " (en cas de victoire partagée, on compte l’avance des gagnants ex æquo sur le joueur classé "
                     "juste derrière eux)",  # round 31 fr4, round 33 fr3
               "it": " (nelle vittorie condivise conta il distacco dei vincitori dal primo degli altri in classifica)"}


@pytest.mark.parametrize("lang", LANGS)
def test_shared_wins_are_said_included_only_where_a_game_followed_has_one(lang: str) -> None:
    naming = Naming.of(resolve("draco", ROOT), lang)

    def notes(single: int) -> list[str]:
        figures = [("lead_changes", {"n": 250}), ("comeback_rate", {"n": single}), ("close_games", {"n": 224})]
        return [plain(n) for n in figure_bases(figures, lang, naming, players=3, shared=1)]

    # the run's one shared win came in game 251: every game followed has a single winner
    assert plain(BASE[lang]) in notes(250) and plain(BASE[lang] + SHARED_WINS[lang]) not in notes(250)
    # one of the 250 followed was a shared win: it counts as close (the definition says so), never by the tied
    # winners' lead over the next player (terminal round 44 fr8*)
    assert plain(BASE[lang]) in notes(249) and not any(plain(SHARED_WINS[lang]).strip(" ()") in n for n in notes(249))


def test_the_numbers_and_commands_the_pointers_name_are_the_commands_own() -> None:
    """validate's pointer says fix plays 300 games unless told, and fix says validate plays 1,000: each the other's
    default; the wrapper keeps "cardgen <command>" on one row for exactly cardgen's commands."""
    from cardgen.cli import _parser
    from cardgen.simulate.summary import SEARCH_GAMES
    from cardgen.simulate.validate import ValidateOptions
    from cardgen.terminal import SUBCOMMANDS
    from cardgen.tune.study import StudyOptions

    parser = _parser()
    assert parser.parse_args(["fix", "draco"]).games == SEARCH_GAMES == StudyOptions.games
    assert parser.parse_args(["validate", "draco"]).games == ValidateOptions.games
    commands = next(a for a in parser._actions if isinstance(a, __import__("argparse")._SubParsersAction)).choices
    assert set(commands) == SUBCOMMANDS
