"""The verdict's names and sentences worked by hand (issue 34: survivors of ``benchmarks/mutation.py
verdict`` in ``label``, ``tally_name``, ``unit``, ``sentence``, ``card_sentence``, ``verdict``,
``headline_metrics`` and ``counted_length``).

Each expected name is the wordbook's (``cardgen/simulate/verdict.json``) or the game's
(``cardgen/games/<game>/words.json``) text, put together as the docstring of the function says.
"""
from __future__ import annotations

import pytest

from cardgen.games import get_game
from cardgen.simulate.verdict import (card_sentence, counted_length, headline_metrics, label, sentence, tally_name,
                                      unit, verdict)

DRACO = get_game("draco").words


def test_a_figure_is_named_in_english_when_no_language_is_given() -> None:
    assert label("turns") == "turns" and label("winning_score") == "winner’s score"


@pytest.mark.parametrize("name, lang, expected", [
    ("seat_1_win_rate", "en", "player 1 (first to play): share of wins"),
    ("seat_3_win_rate", "en", "player 3: share of wins"),
    ("seat_12_win_rate", "en", "player 12: share of wins"),
    ("seat_2_win_rate", "fr", "part des victoires, joueur 2"),
])
def test_a_seat_is_named_by_its_number_and_the_first_seat_as_the_first_player(name: str, lang: str,
                                                                              expected: str) -> None:
    assert label(name, lang) == expected


def test_an_engine_tally_reads_by_the_games_name_for_it_with_the_kind_of_figure_before() -> None:
    assert label("end_reason:final_toast", "en", DRACO) == "games that end because the final toast is drunk"
    assert label("gap:bank_short", "en", DRACO) == "games where the bank cannot pay all it owes"
    assert label("peak:hand_size", "it", DRACO) == "carte azione in una mano (il massimo di ogni partita, in media)"


def test_a_french_tally_name_is_typeset() -> None:
    """A peak's name comes first and its measure after it, in the one name validate, compare and fix give it
    (tenth reading en70: "most at once per game (mean)" beside the terminal's "each game's peak on average")."""
    assert label("peak:hand_size", "fr", DRACO) == \
        "cartes Action dans une main (au plus fort de chaque partie, en moyenne)"
    assert label("peak:hand_size", "en", DRACO) == "action cards in one hand (the most at any one time in a game, " \
                                                   "averaged over games)"


def test_a_tally_no_one_names_reads_in_words_never_snake_case() -> None:
    assert label("gap:some_new_gap", "en", DRACO) == "games where some new gap"
    assert label("an_unknown_figure", "en") == "an unknown figure"
    assert label("skill:my_bot", "en") == "skill my bot"  # a project's own agent, in words


def test_a_skill_figure_names_searchs_opponent() -> None:
    assert label("skill:random", "en") == "skill against random players"
    assert label("skill:heuristic", "fr") == "habileté contre des joueurs heuristiques"


@pytest.mark.parametrize("name, lang, expected", [
    ("end_reason:safety_cap", "en", "the safety cap on decisions is reached"),
    ("safety_cap", "en", "the safety cap on decisions is reached"),  # a bare id, no kind before it
    ("end_reason:engine_error", "fr", "le moteur de règles échoue"),
    ("end_reason:stalled:no_legal_action", "en", "a case the rules do not settle: a player has no legal move"),
    ("end_reason:stalled:bank_short", "en", "a case the rules do not settle: the bank cannot pay all it owes"),
    ("end_reason:stalled:odd_new_gap", "en", "a case the rules do not settle: odd new gap"),
    ("end_reason:stalled:two:parts", "en", "a case the rules do not settle: two:parts"),
    ("end_reason:final_toast", "en", "the final toast is drunk"),
])
def test_the_simulators_own_tallies_and_a_stalled_game_by_its_gap(name: str, lang: str, expected: str) -> None:
    assert tally_name(name, lang, DRACO) == expected


def test_an_unknown_tally_has_no_name() -> None:
    assert tally_name("end_reason:nobody_knows", "en", DRACO) is None


def test_the_score_unit_in_the_singular_and_the_plural() -> None:
    assert (unit("en", DRACO, False), unit("en", DRACO)) == ("silver coin", "silver coins")
    assert (unit("it", DRACO, many=False), unit("it", DRACO, many=True)) == ("moneta d’argento", "monete d’argento")
    assert (unit("fr", None, False), unit("fr")) == ("point", "points")


def _f(metric: str, base: float, variant: float, low: float | None, high: float | None, **extra: object) -> dict:
    return {"metric": metric, "base": base, "variant": variant, "difference": variant - base, "low": low,
            "high": high, "significant": True, **extra}


def test_a_sentence_is_english_when_no_language_is_given() -> None:
    assert sentence(_f("turns", 40, 43, 2.0, 4.0)) == "Games are 3 turns longer, from 40 to 43 (2 to 4 longer, allowing for chance)."


def test_a_skill_figure_says_skill_counts_for_more_or_less_against_its_opponent() -> None:
    assert sentence(_f("skill:random", 0.4, 0.55, 0.05, 0.25), "en") == (
        "Skill counts for more (skill against random players goes from 40.0% to 55.0%).")
    assert sentence(_f("skill:heuristic", 0.55, 0.4, -0.25, -0.05), "fr") == (
        "L’habileté compte moins (habileté contre des joueurs heuristiques passe de 55,0\u202f% à 40,0\u202f%).")


def test_a_figure_without_its_own_sentence_says_from_what_to_what() -> None:
    assert sentence(_f("my_figure", 2, 3, 0.5, 1.5), "en") == "My figure goes from 2 to 3."


def test_a_tally_kind_is_the_word_before_the_first_colon() -> None:
    """A gap whose own id holds a colon is still a gap (its sentence, its name in words)."""
    assert sentence(_f("gap:odd:kind", 0.1, 0.3, 0.1, 0.3), "en") == (
        "The share of games where odd:kind rises from 10.0% to 30.0%.")
    assert sentence(_f("gap:new_odd_kind", 0.1, 0.3, 0.1, 0.3), "en") == (
        "The share of games where new odd kind rises from 10.0% to 30.0%.")  # no game names it: in words, once


def test_without_an_interval_the_difference_stands_for_both_bounds() -> None:
    assert sentence(_f("turns", 40, 37, None, None), "en") == "Games are 3 turns shorter, from 40 to 37 (3 to 3 shorter, allowing for chance)."


def test_an_interval_across_zero_starts_at_zero() -> None:
    """Never a significant figure in practice; the sentence still says the magnitudes from 0."""
    assert sentence(_f("turns", 40, 41, -0.5, 2.5), "en") == "Games are 1 turn longer, from 40 to 41 (0.0 to 2.5 longer, allowing for chance)."
    assert sentence(_f("turns", 40, 42, -1.5, 0.5), "en") == "Games are 2 turns longer, from 40 to 42 (0.0 to 1.5 longer, allowing for chance)."
    assert sentence(_f("turns", 40, 42, 0.0, 4.0), "en") == "Games are 2 turns longer, from 40 to 42 (0 to 4 longer, allowing for chance)."
    assert sentence(_f("turns", 40, 42, -2.0, 0.0), "en") == "Games are 2 turns longer, from 40 to 42 (0 to 2 longer, allowing for chance)."


def test_the_counted_length_is_only_turns_or_rounds() -> None:
    assert counted_length({"length": "rounds"}) == "rounds" and counted_length({"length": "turns"}) == "turns"
    assert counted_length({"length": "courses"}) is None and counted_length(None) is None


def test_the_length_the_game_does_not_count_never_headlines() -> None:
    king_lui = get_game("king_lui").words  # its players count rounds (courses)
    figures = [_f("turns", 50, 40, -12, -8), _f("rounds", 17, 14, -4, -2)]
    assert [m["metric"] for m in headline_metrics(figures, king_lui)] == ["rounds"]
    assert [m["metric"] for m in headline_metrics(figures, DRACO)] == ["turns"]  # Draco counts turns


def test_four_sentences_then_how_many_more_in_the_language() -> None:
    figures = [_f("turns", 50, 40 - i, -12 - i, -8 + i) for i in range(5)]
    names = ["turns", "rounds", "winning_score", "margin", "lead_changes"]
    figures = [{**f, "metric": n} for f, n in zip(figures, names)]
    five = verdict({"metrics": figures, "games": 100}, "fr")
    assert len(five) == 5 and five[4] == "Un autre changement\u202f: voir les tableaux du rapport."
    six = verdict({"metrics": figures + [_f("drama", 1, 3, 1, 3)], "games": 100}, "fr")
    assert len(six) == 5 and six[4] == "2 autres changements\u202f: voir les tableaux du rapport."
    four = verdict({"metrics": figures[:4], "games": 100}, "en")
    assert len(four) == 5 and four[4] == "No other figure changed by more than chance alone would explain."


def test_a_card_in_the_verdict_is_named_as_printed() -> None:
    row = {"component": "other-hand", "win_rate_dealt": 0.52, "win_rate_not_dealt": 0.28,
           "change": {"metric": "card:other-hand", "difference": 0.082, "low": 0.02, "high": 0.14,
                      "significant": True}}
    lines = verdict({"metrics": [], "games": 100, "component_impact": [row]}, "en", names={"other-hand": "Other Hand"})
    assert lines[0].startswith("Holding “Other Hand” in the opening hand helps more")


def test_a_card_sentence_in_french_writes_its_numbers_the_french_way() -> None:
    row = {"component": "favour", "change": {"metric": "card:favour", "difference": -0.082}}
    assert card_sentence(row, "fr", {"favour": "Faveur"}) == (
        "Avoir «\u202fFaveur\u202f» dans sa main de départ aide moins qu’avant (les joueurs qui l’avaient gagnent "
        "0\u202f% des parties, les autres 0\u202f%, soit 8,2 points de pourcentage de moins qu’avec le jeu de base).")


def test_the_two_figures_of_a_sentence_are_written_alike() -> None:
    """Fifth readers: "shrinks from 7 to 4.5", "da 46 a 32,6": one figure with its decimal, the other without.
    Both take the decimal when either needs it; both stay whole when both are ("3 turns"). A share always
    takes its decimal (eleventh reading: "6% instead of 22%" above "22.0% → 6.0%")."""
    said = sentence(_f("margin", 7.0, 4.5, -4.4, -0.6), "en")
    assert "from 7.0 to 4.5 points" in said, said
    assert sentence(_f("turns", 40, 42.5, 0.5, 3.0)).endswith("(0.5 to 3.0 longer, allowing for chance).")  # an interval too
    italian = sentence(_f("winning_score", 46.0, 32.6, -15.0, -11.0), "it")
    assert "46,0" in italian and "32,6" in italian, italian
    whole = sentence(_f("seat_1_win_rate", 0.28, 0.33, 0.01, 0.09), "en")
    assert "33.0% of games instead of 28.0%" in whole, whole
    assert sentence(_f("turns", 40, 43, 2.0, 4.0)) == "Games are 3 turns longer, from 40 to 43 (2 to 4 longer, allowing for chance)."


def test_times_per_player_have_one_decimal_and_two_only_below_a_tenth() -> None:
    """(seventeenth reading it69) "giocata 2 volte per giocatore a partita" beside "0,51" and "5,8": one decimal
    everywhere ("2,0", "0,5"), two only below 0.1 (a card played 0.04 times is not "0,0"), none for never."""
    from cardgen.simulate.verdict import number
    said = {lang: [number(x, lang, False, small=True) for x in (2, 0.51, 5.8, 0.04, 0.1, 0)] for lang in ("en", "fr", "it")}
    assert said["en"] == ["2.0", "0.5", "5.8", "0.04", "0.1", "0"]
    assert said["fr"] == said["it"] == ["2,0", "0,5", "5,8", "0,04", "0,1", "0"]
    assert number(2, "en", False) == "2"  # a count that is not "times per player" keeps its own writing
