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
    # terminal round 47 it10*, en23: the added count a sentence after the line's own (pin updated)
    assert "details in the report. One count more than at 3 players: " in line, line
    said = "Other counts: 1 of 4 changed beyond chance" if significant else "Other counts: none of the 4 changed beyond chance"
    assert said in line, line
    assert not re.search(r"of 4 \(", line), line


def test_the_peak_gloss_says_what_is_averaged_over_what() -> None:
    """en20: "(the most at any one time in a game, on average)" was hard to parse: on average over what. The gloss
    says the games; it stays after the figures (twenty-third reading en21: between the name and its figures it
    hid a plain fact)."""
    line = plain(internal_line([_metric("peak:hand_cards", True)], "en", Naming()))
    assert line.endswith("0.1 → 0.2 (the most at any one time in a game, averaged over games); details in the "
                         "report."), line
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
    assert said.endswith("; if you have not already, judge it on 1,000 games of its own: cardgen validate royale "
                         "--players 4"), said
    assert "(" not in said


@pytest.mark.parametrize("key", ["compare_balance_none", "compare_balance_quiet_again"])
def test_what_validate_may_still_find_is_named(key: str) -> None:
    """en25: "cardgen validate … may still find one": "one" had no antecedent in that sentence."""
    said = plain(say(key, "en", counts="3 and 4", pairs=100))  # terminal round 51 fr8*: the pairs in every case
    # terminal round 49 en14*: the thirteen words said twice in one sentence; "one" now stands in the sentence that
    # names its antecedent ("any player’s win rate"), the ruling kept (pin updated)
    assert "any player’s win rate further from the fair share than chance would explain" in said, said
    # terminal round 51 en9*: what validate may find, a whole noun phrase in every case (pin updated)
    assert "may still find a gap beyond chance" in said and said.count("than chance would explain") == 1, said


# -- the validate faults of the same reading: en2, en5, en8, en10, en15 ---------------------------------

@pytest.mark.parametrize("key", ["balance_none", "balance_none_again"])
def test_the_quiet_balance_line_says_what_no_gap_is_and_ends_as_a_sentence(key: str) -> None:
    """en2: "Over 300 games, no gap is larger than chance alone would explain": a gap never defined, and a line of
    full sentences left without its stop."""
    said = plain(say(key, "en", fair="33.7%", why="", games="300"))
    assert "no player’s win rate is further from the fair share than chance alone would explain." in said, said
    assert said.endswith(".") and " gap " not in said


def test_checks_pass_and_the_designer_games_option_sets_a_number() -> None:
    """en5: checks "pass", as the static line says ("10 of 10 passed"), never "succeeded"; en8: "--designer-games
    changes how many": how many what, and "changes" from what."""
    assert "the game’s files passed all their checks" in LINES["en"]["pass_means"]
    assert LINES["en"]["traced_first"].endswith("--designer-games sets how many")


@pytest.mark.parametrize("key", ["balance_trend_fall_maybe", "balance_trend_rise_maybe"])
def test_a_trend_that_may_be_chance_is_its_own_sentence(key: str) -> None:
    """en10: one 50-word sentence, colon, semicolon and "but": the trend after the verdict is a sentence of its own."""
    said = plain(say(key, "en", rates="37.0%, 27.3%, 21.7% and 19.0%"))
    assert said.startswith(". Win rates ") and ";" not in said and "neighbouring seats may be chance" in said


def test_the_mid_game_card_strength_is_not_measured_by_default() -> None:
    """en15: "too slow to work out with this game for now", beside the option that measures it."""
    import json
    from pathlib import Path

    import cardgen

    assert LINES["en"]["exchange_building"].startswith("card strength mid-game: not measured by default, as it is "
                                                       "slow for this game; to measure it")
    assert "for now" not in LINES["en"]["exchange_building"]
    page = json.loads((Path(cardgen.__file__).parent / "report" / "impact.json").read_text(encoding="utf-8"))
    assert page["words"]["en"]["exchange_building"].startswith("Not measured by default, as it is slow for this game.")
