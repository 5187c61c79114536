"""The verdict's names of figures and tallies worked by hand (issue 34: survivors of
``benchmarks/mutation.py verdict`` in ``label``, ``tally_name`` and ``unit``).

Each expected name is the wordbook's (``cardgen/simulate/verdict.json``) or the game's
(``cardgen/games/<game>/words.json``) text, put together as the docstring of the function says.
"""
from __future__ import annotations

import pytest

from cardgen.games import get_game
from cardgen.simulate.verdict import label, tally_name, unit

DRACO = get_game("draco").words


def test_a_figure_is_named_in_english_when_no_language_is_given() -> None:
    assert label("turns") == "turns" and label("winning_score") == "winning score"


@pytest.mark.parametrize("name, lang, expected", [
    ("seat_1_win_rate", "en", "seat 1 (first player) share of wins"),
    ("seat_3_win_rate", "en", "seat 3 share of wins"),
    ("seat_12_win_rate", "en", "seat 12 share of wins"),
    ("seat_2_win_rate", "fr", "part des victoires, place 2"),
])
def test_a_seat_is_named_by_its_number_and_the_first_seat_as_the_first_player(name: str, lang: str,
                                                                              expected: str) -> None:
    assert label(name, lang) == expected


def test_an_engine_tally_reads_by_the_games_name_for_it_with_the_kind_of_figure_before() -> None:
    assert label("end_reason:final_toast", "en", DRACO) == "games that end because the final toast is drunk"
    assert label("gap:bank_short", "en", DRACO) == "games where the bank runs short of silver coins"
    assert label("peak:hand_size", "it", DRACO) == "massimo simultaneo per partita (media): carte azione in una mano"


def test_a_french_tally_name_is_typeset() -> None:
    """The French prefix ends with a colon: a narrow no-break space before it, never a plain one."""
    assert label("peak:hand_size", "fr", DRACO) == \
        "maximum simultané par partie (moyenne)\u202f: cartes action dans une main"


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
    ("end_reason:stalled:bank_short", "en", "a case the rules do not settle: the bank runs short of silver coins"),
    ("end_reason:stalled:odd_new_gap", "en", "a case the rules do not settle: odd new gap"),
    ("end_reason:stalled:two:parts", "en", "a case the rules do not settle: two:parts"),
    ("end_reason:final_toast", "en", "the final toast is drunk"),
])
def test_the_simulators_own_tallies_and_a_stalled_game_by_its_gap(name: str, lang: str, expected: str) -> None:
    assert tally_name(name, lang, DRACO) == expected


def test_an_unknown_tally_has_no_name() -> None:
    assert tally_name("end_reason:nobody_knows", "en", DRACO) is None


def test_the_score_unit_in_the_singular_and_the_plural() -> None:
    assert (unit("en", DRACO, False), unit("en", DRACO)) == ("coin", "coins")
    assert (unit("it", DRACO, many=False), unit("it", DRACO, many=True)) == ("moneta", "monete")
    assert (unit("fr", None, False), unit("fr")) == ("point", "points")
