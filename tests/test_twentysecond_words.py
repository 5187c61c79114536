"""Twentieth reading, leftovers (issue #53), in English, French and Italian, every expected sentence ours:

- en45, en48: compare's notes headed the bank's shortage "components in the box", a category, and its fix line
  pointed at "the shortage under “components in the box”": both name the problem, as validate and fix do;
- en47: the Charity Toast's rule said nothing of a tie for poorest or of a proposer with no money;
- en57: fix's "change:" lines were a sentence for a count and a label ("…, now 0 instead of 1.") for a rule;
- en67: the runs' list said "3 of 3 passed, none with warnings" where the terminal and the run page said "none
  failed";
- fr19, fr21, fr22: validate-draco in French: "sur les repaires" read as a place, the tie-break outcomes mixed a
  noun phrase and a sentence, the card-strength heading held a capitalised sentence inside a line of semicolons;
- it: the report's balance warnings said "della sua quota equa" where every other Italian line says "della quota
  equa".
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.languages import typeset
from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming
from cardgen.terminal import say

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# -- en45, en48: the shortage by its name on compare's screen ---------------------------------------------------------
SHORT_HEAD = {"en": "Shortage of coins in the bank: the bank cannot pay all it owes",
              "fr": "Manque de pièces à la banque : la banque ne peut pas verser tout ce qu’elle doit",
              "it": "Carenza di monete in banca: la banca non può pagare tutto ciò che deve"}
#: the category the notes were headed by (read 20, en45, en48); the fix line's pointer to it ("under “…”") went
#: with it, and since terminal round 41 (en27) "under “Special cases”, “Money”" points to the book's sections instead
CATEGORY = ("components in the box", "matériel de la boîte", "componenti nella scatola")


@pytest.mark.parametrize("lang", LANGS)
def test_compare_heads_the_shortage_by_its_name(lang: str) -> None:
    """Read 20, en45: "3 players: components in the box" named a category; the notes now open with the problem,
    "Shortage of coins in the bank", the name validate's warning and fix's problems give it."""
    from test_twentyfirst_reading_words import _compare

    lines, _ = _compare(lang)
    notes = lines.index(say("compare_notes_head", lang))
    assert plain(lines[notes + 1]).startswith("  " + SHORT_HEAD[lang]), lines[notes + 1]
    assert not any(w in plain(line).lower() for line in lines for w in CATEGORY)


@pytest.mark.parametrize(("lang", "said"), [
    # the one pointer to cardgen fix (twenty-first reading en34, en62, fr21)
    ("en", "To look for fixes to the shortage of coins in the bank and test them in simulated games, run: cardgen fix draco "
           "(base game) or cardgen fix draco-charity-toast (variant)"),
    ("fr", "Pour chercher comment corriger le manque de pièces à la banque, puis essayer les corrections trouvées sur des parties "
           "simulées, lancez : cardgen fix draco (jeu de base) ou cardgen fix draco-charity-toast (variante)"),
    ("it", "Per cercare correzioni che risolvano la carenza di monete in banca e provarle su partite simulate, esegui: "
           "cardgen fix draco (gioco base) oppure cardgen fix draco-charity-toast (variante)")])
def test_compare_s_fix_line_names_the_shortage(lang: str, said: str) -> None:
    """Read 20, en48: "To search for and test fixes for the shortage under “components in the box”" pointed at a
    heading; the line names the problem."""
    from cardgen.report.commands import fix_lines
    from test_twentyfirst_reading_words import _short

    doc = {"lang": lang, "base": "draco", "variant": "draco-charity-toast", "results": [
        {"players": 3, "games": 300, "component_impact": [],
         "base_result": {"variant": "draco", "sufficiency": [_short(285, 56)]},
         "variant_result": {"variant": "draco-charity-toast", "sufficiency": [_short(293, 50)]}}]}
    assert [plain(line) for line in fix_lines(doc, lang, {}, Naming.of(resolve("draco", ROOT), lang))] == [said]


# -- en47: the Charity Toast says what its code does ------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "said"), [
    # round 26 (en, fr, it): "…to the poorest other player, if they can" read as if the poorest were the one who can
    # terminal round 46 fr24: a word, not a digit, for one coin in running prose (the next sentence says "a gold coin")
    ("en", "before the bank settles a toast, the player proposing it, if they can, gives one silver coin to the poorest "
           "other player. A proposer holding only gold gives a gold coin and takes change from the bank or from that "
           "player; if neither can make change, there is no gift. On a tie for poorest, the coin goes to "
           "the first of them in turn order after the proposer."),
    ("fr", "avant que la banque ne règle le toast, celui qui le porte donne, s’il le peut, une pièce d’argent au plus "
           "pauvre des autres joueurs. S’il n’a que de l’or, il donne une pièce d’or et la banque ou le bénéficiaire "
           "lui rend la monnaie ; si personne ne le peut, il n’y a pas de don. À égalité entre les plus "
           "pauvres, la pièce va au premier d’entre eux dans l’ordre du tour après celui qui porte le toast."),
    ("it", "prima che la banca regoli il brindisi, chi lo propone, se può, dà una moneta d’argento al più povero degli "
           "altri giocatori. Se ha solo oro, dà una moneta d’oro e si fa dare il resto dalla banca o da chi "
           "riceve il dono; se nessuno dei due può darglielo, il dono non si fa. A parità tra i più poveri, la moneta "
           "va al primo di loro nell’ordine di gioco dopo chi propone il brindisi.")])
def test_the_charity_toast_says_who_gets_the_coin_on_a_tie_and_who_gives_none(lang: str, said: str) -> None:
    """Read 20, en47: "gives 1 silver coin to the poorest other player" left a tie for poorest and a proposer
    without money open. The code (variants/draco/house/charity_toast.py) gives to the first of the poorest in turn
    order after the proposer, and nothing when the proposer has no money: the rule says both, and no more.
    Twenty-third reading en30, it36: "if they have any money" left a player holding only gold open; the engine's
    payment between players makes change from the box's silver, and keeps the coin with the payer where it cannot
    (``table.settle``), as the rulebook's toast text already said. Round 25 (fr, it, en): the rule was one sentence
    of 70 words with a parenthesis, a colon and a semicolon; it is three sentences, in the same order. Twenty-sixth reading en16, fr31, it21: its last sentence ends
    with a full stop, as its first two do; en17: "if neither can give it" read as the gold coin, not the change."""
    from cardgen.simulate.summary import difference_line

    deck = resolve("draco-charity-toast", ROOT)
    [house] = [d for d in deck.differences if d.get("kind") == "house_rule"]
    assert plain(difference_line(house, lang, Naming.of(deck, lang))) == said


# -- en57: every change line a sentence --------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "said"), [
    ("en", "  change: the box holds 41 gold coins instead of 25. The draw pile is never rebuilt "
           "(instead of once)."),
    ("fr", "  changement : la boîte contient 41 pièces d’or au lieu de 25. La pioche n’est jamais "
           "reconstituée (contre une fois auparavant)."),
    ("it", "  cambiamento: la scatola contiene 41 monete d’oro invece di 25. Il mazzo non si ricostituisce "
           "mai (invece di una volta).")])
def test_fix_says_a_rule_s_change_as_a_sentence_as_a_count_s(lang: str, said: str) -> None:
    """Read 20, en57: "change: the box holds 41 gold coins instead of 25." beside "change: number of times the
    discards become a new draw pile, now 0 instead of 1.": a rule's change is a sentence too, in the words Draco's
    wordbook gives that rule."""
    from cardgen.simulate.summary import item_case
    from cardgen.tune.fix import describe_change, word
    from cardgen.tune.space import Param

    deck = resolve("draco", ROOT)
    params = [Param("count", "gold-coin", low=25, high=100), Param("rule", "pile_rebuilds", low=0, high=3)]
    own = {params[0].key: 25, params[1].key: 1}
    text = describe_change(deck, params, {params[0].key: 41, params[1].key: 0}, own, lang)
    line = word("change", lang, text=item_case(text, Naming.of(deck, lang)))
    assert plain(line) == said
    assert not any(w in text for w in (", now ", "désormais", ", ora "))


@pytest.mark.parametrize(("lang", "values", "said"), [
    ("en", (2, 1, 3), "The draw pile is rebuilt up to twice (instead of once). Each player starts with 1 "
                      "gold coin instead of 2. Each neighbour of Aunt Sarah draws 3 cards at a toast instead of 1."),
    ("fr", (2, 1, 3), "La pioche est reconstituée jusqu’à deux fois (contre une fois auparavant). Chaque joueur "
                      "commence avec 1 pièce d’or au lieu de 2. Chaque voisin de Tante Sarah pioche 3 cartes lors "
                      "d’un toast au lieu de 1."),
    ("it", (2, 1, 3), "Il mazzo si ricostituisce fino a due volte (invece di una volta). Ogni giocatore "
                      "comincia con 1 moneta d’oro invece di 2. Ogni vicino di Zia Sara pesca 3 carte a ogni "
                      "brindisi invece di 1."),
    ("en", (0, 0, 0), "The draw pile is never rebuilt (instead of once). Each player starts with 0 gold "
                      "coins instead of 2. Each neighbour of Aunt Sarah draws 0 cards at a toast instead of 1."),
    ("fr", (0, 0, 0), "La pioche n’est jamais reconstituée (contre une fois auparavant). Chaque joueur commence "
                      "avec 0 pièce d’or au lieu de 2. Les voisins de Tante Sarah ne piochent aucune carte lors d’un "
                      "toast (au lieu de 1)."),
    ("it", (0, 0, 0), "Il mazzo non si ricostituisce mai (invece di una volta). Ogni giocatore comincia con "
                      "0 monete d’oro invece di 2. I vicini di Zia Sara non pescano nessuna carta ai brindisi (invece "
                      "di 1).")])
def test_a_rule_s_sentence_agrees_with_its_new_value(lang: str, values: tuple[int, int, int], said: str) -> None:
    """en57: a rule's own sentence takes the form its new value asks for, in each language (French says 0 in the
    singular, Italian and English in the plural; "never" for no rebuild; "twice"), the deck's names in it (Aunt
    Sarah, Tante Sarah, Zia Sara), the old value the deck's own (``own``)."""
    from cardgen.tune.fix import describe_change
    from cardgen.tune.space import Param

    deck = resolve("draco", ROOT)
    params = [Param("rule", r, low=0, high=5) for r in ("pile_rebuilds", "starting_gold", "sarah_draw")]
    own = dict(zip((p.key for p in params), (1, 2, 1)))
    text = describe_change(deck, params, dict(zip((p.key for p in params), values)), own, lang)
    assert plain(text) == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Each course, the chef deals 1 card per player instead of 2. Each Emerald removes 3 portions instead of 2 "
           "(and the king must hold at least as many for Emerald to be used)."),
    ("fr", "À chaque service, le chef retourne 1 carte par joueur au lieu de 2. Chaque carte Emerald retire 3 portions "
           "au roi au lieu de 2 (le roi doit en avoir au moins autant pour qu’on puisse se servir d’Emerald)."),
    ("it", "A ogni portata il cuoco gira 1 carta per giocatore invece di 2. Ogni carta Emerald toglie 3 porzioni al re "
           "invece di 2 (e il re deve averne almeno altrettante per poter usare Emerald).")])
def test_king_lui_s_rules_say_their_change_as_sentences(lang: str, said: str) -> None:
    """en57, in King Lui's words: a rule's change is a sentence in the book's terms (course, chef, portions), its
    noun agreeing with the new value."""
    from cardgen.tune.fix import describe_change
    from cardgen.tune.space import Param

    deck = resolve("king_lui", ROOT)
    params = [Param("rule", r, low=1, high=5) for r in ("course_cards_per_player", "emerald_portions")]
    own = {p.key: 2 for p in params}
    assert plain(describe_change(deck, params, dict(zip((p.key for p in params), (1, 3))), own, lang)) == said


@pytest.mark.parametrize(("lang", "rule", "card"), [
    ("en", "The rule “Piles the draw pile is made of” is set to 4 instead of 3.",
     "The number of seats “To and Fro” moves one character forward is set to 3 instead of 2."),
    ("fr", "La règle « Paquets qui composent la pioche » passe à 4 au lieu de 3.",
     "Le nombre de places dont « To and Fro » fait avancer un personnage passe à 3 au lieu de 2."),
    ("it", "La regola «Mazzetti che compongono il mazzo» passa a 4 invece di 3.",
     "Il numero di posti di cui «To and Fro» fa avanzare un personaggio passa a 3 invece di 2.")])
def test_a_rule_no_wordbook_words_and_a_card_s_number_are_sentences_too(lang: str, rule: str, card: str) -> None:
    """en57: a rule the game's words do not word (Royale's, its ``change`` table left out: Royale now words all
    its rules, tests/test_royale_change_words.py) and a card's own number are said in fix's own sentence, never as
    "<name>, now 4 instead of 3."."""
    from dataclasses import replace

    from cardgen.tune.fix import describe_change, rule_change
    from cardgen.tune.space import Param

    royale = Naming.of(resolve("royale", ROOT), lang)
    unworded = replace(royale, words={k: v for k, v in royale.words.items() if k != "change"})
    assert plain(typeset(rule_change("packets", 3, 4, lang, unworded), lang)) == plain(rule)
    draco = resolve("draco", ROOT)
    forward = Param("card", "to-and-fro/faces/0/data/split/forward", low=1, high=6)
    names = {"to-and-fro": "To and Fro"}
    text = describe_change(draco, [forward], {forward.key: 3}, {forward.key: 2}, lang)
    shown = Naming.of(draco, lang).names.get("to-and-fro")
    assert plain(text) == plain(card.replace(names["to-and-fro"], shown or names["to-and-fro"]))


# -- en67: one phrasing of a run's verdict ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_runs_list_says_a_run_s_verdict_as_the_terminal_does(lang: str) -> None:
    """Read 20, en67: "3 of 3 passed, none with warnings" on the runs' list, "none failed" on the terminal and the
    run's page: the list now says the terminal's closing words, with or without warnings."""
    from cardgen.report.pages import runs_index
    from cardgen.simulate.summary import total_line

    record = {"id": "validate-x-1", "kind": "validate", "decks": ["royale"], "games": 10, "players": [3],
              "agents": ["heuristic"], "seed": 1, "passed": 3, "total": 3, "warned": 0}
    clean = [{"passed": True, "sufficiency": [], "balance": {}}] * 3
    said = typeset(total_line(clean, lang), lang)
    assert said[:1].upper() + said[1:] in runs_index([record], "", lang)  # capitalised in its cell (round 38 en17)
    assert {"en": "three player counts checked: all passed",
            "fr": "trois nombres de joueurs vérifiés : aucun échec",
            "it": "verificate tre configurazioni: tutte superate"}[lang] == \
        plain(total_line(clean, lang))
    page = plain(runs_index([{**record, "passed": 2, "warned": 1}], "", lang))
    assert {"en": "Three player counts, 1 failed, 1 with warnings",
            "fr": "Trois nombres de joueurs vérifiés, 1 en échec, 1 validé avec réserves",
            "it": "Verificate tre configurazioni; non superate: 1, 1 superata "
                  "con avvisi"}[lang] in page, page
    assert not re.search(r"none with warnings|aucune avec réserves|nessuna con avvisi|\d+ of \d+ passed", page)


# -- fr19, fr21, fr22: validate-draco in French ------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "said"), [
    ("en", "gold coins on the players’ lairs (all 25 of them)"),  # round 34 en3
    ("fr", "pièces d’or posées sur les repaires des joueurs (25, tout ce que contient le jeu)"),
    # it19 (round 30): "tutto il contenuto della scatola" said of coins; the box holds cards, a die and a cup too
    ("it", "monete d’oro sui covi dei giocatori (25, l’intera dotazione del gioco)")])
def test_draco_s_coins_lie_on_the_lairs(lang: str, said: str) -> None:
    """Read 20, fr19: "pièces d’or sur les repaires des joueurs (25, soit tout le contenu de la boîte)": coins laid
    on the lair cards, all the box's stock; the report page says the same stock."""
    from cardgen.report.words import page_words
    from cardgen.simulate.summary import _items

    naming = Naming.of(resolve("draco", ROOT), lang)
    assert plain(said) in plain(_items({"gold_in_hands": 25}, "peak", lang, naming))
    assert plain(page_words("peak_box", lang, peak=25)) == {"en": ": all 25 of them",
                                                           "fr": " : 25 (tout ce que contient le jeu)",
                                                           "it": ": 25 (l’intera dotazione del gioco)"}[lang]


@pytest.mark.parametrize(("lang", "said"), [
    # round 38 fr3: « ex æquo de tête » throughout; it20: «tutti» read as every player
    ("fr", "ex æquo de tête éliminés, victoire au plus riche des joueurs restants : 32 ; ex æquo de tête éliminés, victoire "
           "partagée entre les suivants, ex æquo eux aussi : 3 ; tous éliminés, victoire partagée entre les ex æquo de "
           "tête : 1"),
    ("it", "primi a pari merito eliminati, vittoria al più ricco tra i rimanenti: 32; primi a pari merito "
           "eliminati, vittoria condivisa tra i successivi, anch’essi a pari merito: 3; tutti i giocatori eliminati, "
           "vittoria condivisa tra i primi a pari merito: 1"),
    # round 36 en10: each count first, "in 32, …": a clause then ": 32" read like a form
    ("en", "in 32, the tied leaders drop out and the richest of the others wins; in 3, the tied leaders drop out "
           "and the next richest, tied too, share the win; in 1, every player ends up dropping out, so the tied leaders share the victory")])  # round 38 en14  # round 31 en14, round 33 en17
def test_draco_s_tie_break_outcomes_are_one_kind_of_phrase(lang: str, said: str) -> None:
    """Read 20, fr21: "ex æquo tous éliminés, victoire au plus riche des joueurs restants : 32 ; tout le monde est
    éliminé, et les premiers ex æquo se partagent la victoire : 1": a noun phrase then a sentence. Every outcome
    is now a noun phrase in French and Italian; English keeps a clause for each."""
    from cardgen.games import get_game
    from cardgen.simulate.summary import tie_items

    ties = {"tie_breaks": {"leaders_eliminated": 32, "leaders_eliminated_next_shared": 3,
                           "all_tied_leaders_share": 1}, "shared_wins": 0}
    assert plain(tie_items(ties, lang, Naming(dict(get_game("draco").words)))) == said


@pytest.mark.parametrize(("lang", "many", "one"), [
    # round 29 fr26: "hasard" said once, never "… ; chaque écart observé peut donc venir du hasard" after it
    # round 30 fr17, fr24, en5: "se distinguer au-delà du hasard", "beyond chance": what chance explains
    ("fr", "aucun écart de victoires ne dépasse ce que le hasard peut expliquer, car l’intervalle de chaque carte (élargi parce que "
           "2 cartes sont comparées à la fois) contient 0",
     "l’écart de victoires de la carte ne dépasse pas ce que le hasard peut expliquer, car son intervalle à 95 % contient 0"),
    ("en", "no card stands out more than chance alone would explain; every card’s interval, widened because 2 cards "
           "are compared at once, includes 0",
     "the card does not stand out more than chance alone would explain; its 95% interval includes 0"),
    # round 30 it25: "per ogni carta la differenza", not the calque "la differenza di ogni carta"
    ("it", "per ogni carta la differenza può essere dovuta al caso, dato che il suo intervallo (allargato perché si "
           "confrontano 2 carte insieme) contiene lo zero",
     "la differenza della carta può essere dovuta al caso; il suo intervallo al 95% contiene lo zero")])
def test_the_card_strength_heading_is_one_line_of_semicolons(lang: str, many: str, one: str) -> None:
    """Read 20, fr22: "force des cartes (300 parties) : aucune carte ne ressort nettement. L’intervalle de chaque
    carte …": a capitalised sentence inside a lower-case line of semicolons; English's one-card heading too."""
    from cardgen.simulate.summary import designer_lines

    row = {"component": "x", "dealt_share": 0.5, "win_rate_dealt": 0.3, "win_rate_not_dealt": 0.2,
           "difference": 0.1, "low": 0.01, "high": 0.19, "flag": "", "judged": True}
    two = designer_lines({"games": 300, "component_impact": [row, {**row, "component": "y"}]}, lang)[0]
    single = designer_lines({"games": 300, "component_impact": [row]}, lang)[0]
    assert plain(two).endswith(plain(many)), two
    assert plain(single).endswith(plain(one)), single
    assert not re.search(r"\. [A-ZÀ-Ý]", two + single)


# -- it: the fair share, never "sua" -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "more", "less"), [
    # a share set against a share, never a frequency (round 32 it27); "by more than chance explains" (en37)
    # terminal round 50 it21: as the terminal and the game page say it, « è sopra / sotto » (pins updated)
    ("it", "il giocatore 1 è sopra la quota equa, e la differenza è più grande di quanto il "
           "caso spieghi di solito",
     "il giocatore 1 è sotto la quota equa, e la differenza è più grande di quanto il caso spieghi di solito"),
    ("en", "player 1 wins more than the fair share, by more than chance would explain",
     "player 1 wins less than the fair share, by more than chance would explain")])
def test_the_report_s_balance_warnings_say_the_fair_share(lang: str, more: str, less: str) -> None:
    """Read 20 (Italian): the report's warnings said "più spesso della sua quota equa" where the terminal and every
    other Italian line say "della quota equa" (one share, every seat's); English says "the fair share" alike."""
    from cardgen.report.words import page_words

    who = {"it": "il giocatore 1", "en": "player 1"}[lang]
    assert page_words("balance_more", lang, who=who) == more
    assert page_words("balance_less", lang, who=who) == less
    assert not any("sua quota" in page_words(k, "it", who=who) for k in ("balance_more", "balance_less"))
