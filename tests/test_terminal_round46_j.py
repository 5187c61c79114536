"""Terminal round 46, part j (docs/reads/terminal-round-46-fixes-j.md): faults of the English reader's list left by
parts e and g, each in every language where it was."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.tune.space import Param

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["  1. Trial 27. The box holds 41 gold coins instead of 25.",
            "  2. Trial 19. The draw pile is never rebuilt (instead of once)."]),
    ("fr", ["  1. Essai 27. La boîte contient 41 pièces d’or au lieu de 25.",
            "  2. Essai 19. La pioche n’est jamais reconstituée (contre une fois auparavant)."]),
    ("it", ["  1. Prova 27. La scatola contiene 41 monete d’oro invece di 25.",
            "  2. Prova 19. Il mazzo non si ricostituisce mai (invece di una volta)."])])
def test_en36_each_fix_found_names_its_trial(lang: str, said: list[str]) -> None:
    """en36: "Trials 22, 8, 5, 2 and 1 also reached the search's aim" could not be followed: the list of fixes never
    said which trial each one was. en32: the draw pile is rebuilt, as the book says, not "the discards become a new
    draw pile"."""
    from cardgen.tune.fix import found_summary

    deck = resolve("draco", ROOT)
    params = [Param("count", "gold-coin", low=25, high=100), Param("rule", "pile_rebuilds", low=0, high=3)]
    own = {params[0].key: 25, params[1].key: 1}
    fixer = SimpleNamespace(deck=deck, own=own, opts=SimpleNamespace(lang=lang, params=params))
    trials = [SimpleNamespace(number=26, values={**own, params[0].key: 41}),
              SimpleNamespace(number=18, values={**own, params[1].key: 0})]
    written = [(SimpleNamespace(trial=t), Path(f"fix-{k}.yaml")) for k, t in enumerate(trials, 1)]
    lines = found_summary(fixer, written)  # type: ignore[arg-type]
    assert lines[1:] == said


@pytest.mark.parametrize(("lang", "label"), [
    ("en", "Number of times the draw pile is rebuilt from the discard pile"),
    ("fr", "Nombre de fois où la pioche est reconstituée avec la défausse"),
    ("it", "Numero di volte in cui il mazzo si ricostituisce con gli scarti")])
def test_en32_the_rule_is_named_in_the_books_terms_in_the_book_and_the_reports(lang: str, label: str) -> None:
    """en32/en54: the book says the draw pile is rebuilt from the discard pile; fix and compare said "the discards
    become a new draw pile". The rule's name is the book's msgid, so book and reports say it alike."""
    from cardgen.simulate.summary import Naming

    deck = resolve("draco", ROOT)
    assert Naming.of(deck, lang).rule("pile_rebuilds", lang) == label


def test_en31_the_lever_left_out_is_said_in_short_sentences() -> None:
    """en31: "Lever left out of the search: …, because the game's file gives this number a second time, for the gold
    coins, and cardgen refuses the file when the two differ, while the search changes only the rule." (four clauses;
    "a second time, for the gold coins" opaque). The lever, then why, in sentences, as the Italian already said it."""
    from cardgen.tune.fix import word

    for key in ("left_out_set", "left_out_set_plural"):
        said = word(key, "en", lever="the value of a gold coin", piece="the gold coin", pieces="gold coins")
        assert said.startswith("Lever left out of the search: the value of a gold coin. The game’s file gives this "
                               "number twice, in the rule and in the data of ")
        assert "because" not in said and "while" not in said and "a second time" not in said


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_en37_a_cards_gap_is_said_with_its_sizes_in_words_beside_less_often(lang: str) -> None:
    """en37 (it28, fr33): "won 15.7 percentage points less often than the other players, 95% interval [4.7 to
    26.6]": an interval of a shortfall printed as positive ends, where validate prints the same gap "−15.7 [−26.6
    to −4.7]". Both ends are sizes of the gap, in words, as compare says its changes; one crossing 0 keeps its
    signed bracket."""
    from cardgen.simulate.summary import Naming
    from cardgen.tune.fix import Problem, problem_line

    naming = Naming(names={"to-and-fro": "To and Fro"})
    words = {"en": "(4.7 to 26.6 points less, allowing for chance)",
             "fr": "(de 4,7 à 26,6 points de moins, compte tenu du hasard)",
             "it": "(da 4,7 a 26,6 punti in meno, tenuto conto del caso)"}
    for low, high in ((-0.266, -0.047), (-0.047, -0.266)):  # either order of the ends: smallest size first
        weak = Problem("card", "to-and-fro", 3, -0.157, 0.047, (("side", "weak"), ("low", low), ("high", high)))
        for seen in (False, True):
            line = problem_line(weak, lang, naming, seen=seen, label=True).replace("\u202f", " ").replace("\xa0", " ")
            assert line.endswith(words[lang]), line
            assert "[" not in line
    strong = Problem("card", "to-and-fro", 3, 0.1, 0.04, (("side", "strong"), ("low", 0.06), ("high", 0.14)))
    more = {"en": "(6.0 to 14.0 points more,", "fr": "(de 6,0 à 14,0 points de plus,", "it": "(da 6,0 a 14,0 punti in più,"}
    assert more[lang] in problem_line(strong, lang, naming).replace("\u202f", " ")
    crossing = Problem("card", "to-and-fro", 3, 0.1, 0.04, (("side", "strong"), ("low", -0.02), ("high", 0.14)))
    assert problem_line(crossing, "en", naming).endswith(" [−2.0 to +14.0]")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_en39_why_one_figure_has_two_intervals_under_two_fixes_is_said(lang: str) -> None:
    """en39: "silver coins the bank could not pay 5.9 → 0.0 −5.9 [−9.4 to −2.3]" under fix 1 and "[−9.4 to −2.4]"
    under fix 3: the same 50 base games, the same 0.0, two intervals. The same means and the same spread give the
    same interval before widening; Holm's widening follows the figures each comparison holds (how many, and each
    one's rank), which the fixes do not share. The note that says intervals are widened now says so."""
    from cardgen.tune.fix import word

    said = {"en": "depends on the figures each comparison holds (how many, and how plainly each one moved)",
            "fr": "dépend des indicateurs de chaque comparaison (leur nombre, et la netteté de chaque écart)",
            "it": "dipende dalle misure di ciascun confronto (quante sono e quanto nettamente cambia ciascuna)"}[lang]
    for key in ("note_both", "note_widened"):
        assert said in word(key, lang).replace("\u202f", " ")
    assert said in word("note_both_totals", lang, totals="x").replace("\u202f", " ")
    assert said not in word("note_peaks", lang)  # no widening said, nothing to explain


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_fr39_the_flag_rule_names_the_three_measures_of_the_table(lang: str) -> None:
    """fr39: "quand l'un de ses intervalles, dans l'une ou l'autre mesure, exclut 0" under a table of three measures
    (with − without in the opening hands; win rate and margin gained in the swap test): which ones? Each column the
    table's intervals stand in is named in the rule, as the table heads it."""
    from cardgen.report.impact import WORDS

    flag, swap = WORDS[lang]["strength_flag"], WORDS[lang]["strength_flag_swap"]
    hands, win, margin = (label.split(" (")[0] for label in WORDS[lang]["strength_labels"].split("|"))
    assert hands in flag and win in flag and margin in flag, flag
    # the swap test's table alone (``exchange_block``): its two columns, no opening hands, no "either test"
    assert win in swap and margin in swap and hands not in swap, swap


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_fr43_the_compare_pages_card_headline_names_the_hardly_played_exception(lang: str) -> None:
    """fr43: compare's page said "On these pairs, no card is flagged …" above a table whose Game of Dice row has an
    interval leaving out 0 ("not flagged: the simulated players hardly ever play it"); the terminal names it, the
    page's headline did not. It now says which card and why, and sends the reader to its row."""
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from test_terminal_round40_c import _quiet_cards

    from cardgen.report.impact import impact_block

    said = str(impact_block(_quiet_cards(True), paired=True, lang=lang, names={"b": "Dice"}))
    said = said.replace("\u202f", " ").replace("\xa0", " ").replace("&#34;", '"')
    exception = {"en": "only “Dice” has an interval that leaves out 0, but it is hardly ever played (see its row)",
                 "fr": "seule la carte « Dice » a un intervalle qui exclut 0, mais elle n’est presque jamais jouée",
                 "it": "solo la carta «Dice» ha un intervallo che esclude lo zero, ma non si gioca quasi mai"}[lang]
    assert exception in said, said[:600]
    quiet = str(impact_block(_quiet_cards(False), paired=True, lang=lang)).replace("\u202f", " ").replace("\xa0", " ")
    assert {"en": "no card is flagged", "fr": "aucune carte n’est signalée", "it": "nessuna carta è segnalata"}[lang] \
        in quiet
    assert {"en": "only ", "fr": "seule ", "it": "solo la carta"}[lang] not in quiet


@pytest.mark.parametrize(("lang", "said"), [
    # terminal round 47 it10*, fr15, en23: a sentence after the line's own, each count quoted (pins updated)
    ("en", "details in the report. The list differs from the one at 3 players: “games where a player must draw but the "
           "supply is empty” in place of “games where players tie on points and also on cards discarded”"),
    ("fr", "détails dans le rapport. La liste diffère de celle à 3 joueurs : « parties où un joueur doit piocher mais "
           "la pioche est vide » au lieu de « parties où des joueurs restent à égalité de points même après le compte "
           "des cartes défaussées »"),
    ("it", "dettagli nel resoconto. L’elenco è diverso da quello con 3 giocatori: «partite in cui un giocatore deve "
           "pescare ma il mazzo è esaurito» invece di «partite in cui ")])
def test_fr18_other_counts_say_which_replaced_which(lang: str, said: str) -> None:
    """fr18: at 4 players "1 sur 6" without comment beside 3 players' "1 sur 6", though the six were not the same
    (the supply running empty came up, the lasting tie did not): read as the same list. Which count replaced which
    is said, as an added one is."""
    from cardgen.simulate.compare import CompareOptions, run_compare
    from cardgen.simulate.summary import format_comparison

    doc = run_compare(resolve("king_lui", ROOT), resolve("king_lui-hungry-dragon", ROOT),
                      CompareOptions(games=1000, players=[3, 4], out=None, progress=False, jobs=1, lang=lang))
    text = " ".join(format_comparison(doc, tables=False).split()).replace("\u202f", " ")
    assert " ".join(said.split()) in text, text
