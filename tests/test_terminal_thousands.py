"""A count of 4 digits or more is written with its language's thousands separator on the terminal and in the
reports' sentences (readers of round 13, fr13 "1384 fois", it72 "10.000" in the report beside "1384 volte" on
the terminal), and never inside a command or a file name, where a grouped number would not run."""
from __future__ import annotations

import pytest

from cardgen.languages import counts_grouped
from cardgen.report.words import page_words
from cardgen.terminal import say, say_n

GROUPED = {"fr": "1\u202f384 fois", "it": "1.384 volte", "en": "1,384 times"}


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_a_count_of_four_digits_is_grouped(lang: str) -> None:
    assert say_n("times", 1384, lang) == GROUPED[lang]


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_a_count_of_three_digits_is_not(lang: str) -> None:
    assert say_n("times", 999, lang).startswith("999 ")


def test_the_planned_pairs_of_a_stopped_compare_are_grouped() -> None:
    line = say("stopped_early", "fr", players="3 joueurs", pairs=100, most=1000, look=1, looks=10)
    assert "sur les 1\u202f000 prévues" in line and "après 100 paires" in line


def test_a_field_typed_in_a_command_or_a_file_name_stays_as_typed() -> None:
    fields = counts_grouped("--games {games} --log {n}.jsonl n° {seed} ; {count} fois",
                            {"games": 1200, "n": 1500, "seed": 12345, "count": 2048, "flag": True}, "fr")
    assert fields == {"games": 1200, "n": 1500, "seed": 12345, "count": "2\u202f048", "flag": True}


def test_the_reports_cap_on_decisions_is_grouped_as_the_terminal_groups_counts() -> None:
    text = page_words("overview_intro", "it", total="4 combinazioni", games="300 partite",
                      agents="giocatori", seed=1, cap=10000, each="per ogni numero di giocatori",
                      both="", units="")  # round 34 en23: "or both at 2 players" where a run has 2; round 52 it13: {units}
    assert "10.000" in text


def test_a_widened_confidence_level_is_never_printed_as_a_certainty() -> None:
    """A level of 99.996 % rounded to "100 %" read as certainty (compare royale, 2 players, it33 fixed)."""
    from cardgen.simulate.verdict import confidence

    assert [confidence(x, "en") for x in (0.95, 0.9875, 0.99996, 1.0)] == ["95%", "98.75%", "99.996%", "widened"]
    assert confidence(0.9875, "fr") == "à 98,75\u202f%" and confidence(1.0, "it") == "allargato"
    assert confidence(0.8, "it") == "all’80%"  # the article elided before a number said with a vowel


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_a_seed_is_never_grouped_wherever_the_template_puts_it(lang: str) -> None:
    """A seed is typed back by a person to replay a game: "seed 7,906,793,627,030,095,000" (grouped through a
    float, its last digits wrong) replayed nothing. A seed under any field name, or a 64-bit number under another
    name, stays as typed; a count beside it is still grouped."""
    seed = 7906793627030094817
    fields = counts_grouped("seed {seed} replays game {game} of {count}; code {code}",
                            {"seed": seed, "game": 1, "count": 2048, "code": seed}, lang)
    assert fields["seed"] == seed and fields["code"] == seed and fields["count"] != 2048
