"""Terminal round 45 (docs/reads/terminal-round-45-en.md), part e: the English reader's compare faults en20, en21,
en22, en24, en25 (docs/reads/terminal-round-45-fixes-e.md)."""
from __future__ import annotations

import re

import pytest

from cardgen.simulate.summary import Naming, internal_line
from cardgen.terminal import LINES, say


def plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _metric(name: str, significant: bool = False) -> dict:
    return {"metric": name, "group": "internal", "base": 0.1, "variant": 0.2, "difference": 0.1,
            "significant": significant}


@pytest.mark.parametrize("significant", [False, True])
def test_the_count_a_later_player_count_adds_is_said_beside_the_label_not_inside_the_count(significant: bool) -> None:
    """en21: "1 of 7 (one more than at 3 players: games where …) changed beyond chance": a twelve-word parenthesis
    between the subject and its verb. The added count is said beside the label; "1 of 7 changed" stays whole."""
    six = [_metric("end_reason:supply_exhausted"), _metric("gap:no_dish_emerald"), _metric("peak:hand_cards")]
    seven = six + [_metric("gap:draw_from_empty_supply", significant)]
    line = plain(internal_line(seven, "en", Naming(), before=([m["metric"] for m in six], 3)))
    assert line.startswith("Other counts (one more than at 3 players: "), line
    said = "): 1 of 4 changed beyond chance" if significant else "): none of the 4 changed beyond chance"
    assert said in line, line
    assert not re.search(r"of 4 \(", line), line


def test_the_peak_gloss_says_what_is_averaged_over_what() -> None:
    """en20: "(the most at any one time in a game, on average)" was hard to parse: on average over what. The gloss
    says the games; it stays after the figures (twenty-third reading en21: between the name and its figures it
    hid a plain fact)."""
    line = plain(internal_line([_metric("peak:hand_cards", True)], "en", Naming()))
    assert line.endswith("0.1 → 0.2 (the most at any one time in a game, averaged over games); details in the "
                         "report"), line
    for key in ("internal_peak", "internal_total", "internal_gone_peak", "internal_gone_total"):
        assert "averaged over games)" in LINES["en"][key] and "on average" not in LINES["en"][key], key


@pytest.mark.parametrize("key", ["compare_seat_leans", "compare_seat_leans_moved", "compare_seat_leans_untested"])
def test_the_base_games_lean_names_the_seat_again_and_says_these_pairs_once(key: str) -> None:
    """en22: "in the base game the gap goes the same way on these pairs but may be chance here": "here" and "on these
    pairs" for one thing, and a gap with no subject. The seat and its lean are said again (no "too", whose ellipsis
    carried "beyond chance" over: twenty-sixth reading en23)."""
    said = plain(say(key, "en", who="player 5", often="more"))
    assert "; in the base game player 5 also wins more on these pairs, but by an amount that may be chance" in said
    assert " here" not in said and said.count("on these pairs") == 1 and " too" not in said, said


def test_validates_command_ends_its_line() -> None:
    """en24: "run (if you have not already): cardgen validate …": the aside stood between the cue and the
    command. The condition comes first; the command ends the sentence, to be copied whole."""
    said = plain(say("compare_seat_validate", "en", validate="cardgen validate royale --players 4"))
    assert said.endswith("games of its own: cardgen validate royale --players 4"), said
    assert "(" not in said


@pytest.mark.parametrize("key", ["compare_balance_none", "compare_balance_quiet_again"])
def test_what_validate_may_still_find_is_named(key: str) -> None:
    """en25: "cardgen validate … may still find one": "one" had no antecedent in that sentence."""
    said = plain(say(key, "en", counts="3 and 4"))
    assert "may still find such a player" in said and "find one" not in said, said
