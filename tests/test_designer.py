"""Designer metrics from per-turn traces, and the "which card is too strong" table (a planted card is flagged)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.engine.api import GameResult
from cardgen.simulate.designer import DesignerTally, Trace, game_figures

def _result(scores: list[float], winners: list[int]) -> GameResult:
    return GameResult(1, ["a"] * len(scores), "end", True, scores=scores, winners=winners)


def test_figures_of_one_game_by_hand() -> None:
    # seat 0 leads, seat 1 overtakes at turn 2, seat 0 comes back and wins by 1
    est = [[0, 0], [2, 1], [2, 4], [3, 5], [7, 5], [8, 7]]
    f = game_figures(Trace(est, [{"x": 1}, {}]), _result([8, 7], [0]))
    assert f["lead_changes"] == 2  # 0 -> 1 -> 0 (the opening tie names no leader)
    assert f["comeback_rate"] == 1.0  # behind at half-time (estimate 3: [3, 5])
    assert f["close_games"] == 1.0  # margin 1: the least margin counts (a tenth of 8 is less)
    assert f["drama"] == pytest.approx((0 + 0 + 2 + 2 + 0 + 0) / 6)
    assert f["decided_at"] == pytest.approx(4 / 5)  # leads for good from the fifth estimate on
    assert "kingmaking" not in f  # two seats: no third seat to choose between them
    solo = game_figures(Trace([[0], [3]], [{}]), _result([3.0], [0]))  # a solo game: no one to be close to
    assert "kingmaking" not in solo and "close_games" not in solo and solo["lead_changes"] == 0
    # three seats: 0 and 1 swap places twice; the last swap (0 back ahead) is seat 2's decision: kingmade
    moves = [(0, [2, 1, 0]), (1, [2, 4, 0]), (2, [5, 4, 0]), (1, [5, 4, 1])]
    three = game_figures(Trace([[0, 0, 0], [5, 4, 1]], [{}, {}, {}], moves), _result([5, 4, 1], [0]))
    assert three["kingmaking"] == 1.0
    mine = [(0, [2, 1, 0]), (1, [2, 4, 0]), (0, [5, 4, 0])]  # the winner overtook by itself
    assert game_figures(Trace([[0, 0, 0], [5, 4, 0]], [{}, {}, {}], mine), _result([5, 4, 0], [0]))["kingmaking"] == 0
    # a shared win defines no comeback, drama or decisiveness; it is a close game, its winners level (terminal
    # round 44 fr8*: at 2 players it was left out of the close games, at 3 measured against the third player)
    shared = game_figures(Trace(est, [{}, {}]), _result([8, 8], [0, 1]))
    assert "comeback_rate" not in shared and shared["close_games"] == 1.0 and shared["lead_changes"] == 2


def test_a_close_game_is_one_won_by_at_most_a_tenth_of_the_winners_score() -> None:
    """Terminal round 27 it9: a fixed 2 points was a narrow win at King Lui's 74 and a third of Royale's 6, so 80 %
    of Royale's games counted as close. Known answers: a tenth of the winner's score, never below 1."""
    from cardgen.simulate.designer import close_margin

    assert (close_margin(74.0), close_margin(6.0), close_margin(0.0)) == (pytest.approx(7.4), 1.0, 1.0)
    est = [[0, 0], [1, 0]]

    def close(scores: list[float]) -> float:
        return game_figures(Trace(est, [{}, {}]), _result(scores, [0]))["close_games"]

    assert close([74, 67]) == 1.0 and close([74, 66.6]) == 1.0 and close([74, 66]) == 0.0  # 7.4 at 74 points
    assert close([6, 5]) == 1.0 and close([6, 4]) == 0.0  # 2 points at Royale's 6: not close any more
    assert close([40, 36]) == 1.0 and close([40, 35]) == 0.0  # 4 points at 40


def test_tallies_merge_like_one_run_and_the_card_rows_come_from_the_deal() -> None:
    games = [(Trace([[0, 0], [1, 0]], [{"a": 1}, {"b": 2}], dealt=[{"a": 1}, {"b": 1}]), _result([1, 0], [0])),
             (Trace([[0, 0], [0, 2]], [{"a": 1}, {"a": 1, "b": 1}], dealt=[{"a": 1}, {"a": 2}]), _result([0, 2], [1])),
             (Trace([[0, 0], [3, 1]], [{"a": 3}, {}], dealt=[{}, {"b": 1}]), _result([3, 1], [0]))]
    whole, one, two = DesignerTally(), DesignerTally(), DesignerTally()
    for i, (t, r) in enumerate(games):
        whole.add(t, r)
        (one if i < 1 else two).add(t, r)
    one.merge(two)
    assert one.to_json() == whole.to_json()
    rows = {r["component"]: r for r in whole.to_json()["component_impact"]}
    # b: dealt to 2 of 6 seats (lost game 0, lost game 2): 0/2 against 3/4 for the other seats
    assert rows["b"]["dealt_share"] == pytest.approx(2 / 6, abs=1e-4) and rows["b"]["difference"] == -0.75
    assert rows["b"]["win_rate_dealt"] == 0 and rows["b"]["win_rate_not_dealt"] == 0.75
    assert rows["b"]["plays_per_seat"] == pytest.approx(3 / 6, abs=1e-4)  # played: 2 + 1 times over 6 seats
    assert not rows["b"]["judged"] and rows["b"]["flag"] == ""  # 6 seats: far too few to judge
    untraced = DesignerTally()
    untraced.add(Trace([[0, 0], [1, 0]], [{"a": 1}, {}]), _result([1, 0], [0]))  # a game that deals nothing
    assert untraced.to_json()["component_impact"] == []


@pytest.mark.slow  # compiles each game's tier (20 s to 1 min of CPU each on a fresh cache): CI's slow tier
@pytest.mark.parametrize("deck", ["king_lui", "royale", "draco"])
def test_designer_figures_are_the_same_on_every_engine(repo_root: Path, tmp_path: Path, deck: str) -> None:
    """The compiled tier's recorded actions replayed on the reference State give the reference's figures, and
    tracing adds the designer section without changing any other figure (the batch path, --no-designer)."""
    docs = {}
    for name, extra in (("fast", ["--engine", "fast"]), ("reference", ["--engine", "reference"]),
                        ("batch", ["--engine", "fast", "--no-designer"])):
        js = tmp_path / f"{name}.json"
        main(["--project", str(repo_root), "validate", deck, "--games", "24", "--players", "3", "--jobs", "1",
              "--json", str(js), "--out", str(tmp_path / name), *extra])
        [docs[name]] = json.loads(js.read_text())["results"]
    fast, reference, batch = docs["fast"], docs["reference"], docs["batch"]
    assert fast["designer"]["games"] == fast["completed"] > 0 and "lead_changes" in fast["designer"]
    # the play experiment (a card exchanged mid-game) runs by default where the compiled tier plays its futures, and
    # ``--engine reference`` leaves it out by design (``validate._exchanges``): every other figure is the same
    assert "exchange" not in reference["designer"] and ("exchange" in fast["designer"]) == (deck == "draco")
    assert {k: v for k, v in fast["designer"].items() if k != "exchange"} == reference["designer"]
    # Draco deals action cards; Royale deals an imposter to every colour; King Lui deals nothing to a seat
    assert bool(fast["designer"]["component_impact"]) == (deck != "king_lui")
    assert batch["designer"]["games"] == 0
    strip = ("designer", "engine")
    assert {k: v for k, v in fast.items() if k not in strip} == {k: v for k, v in batch.items() if k not in strip}


def test_only_the_first_designer_games_are_traced(repo_root: Path, tmp_path: Path) -> None:
    """A huge run keeps its speed: games past --designer-games run as usual (compiled batches), same figures."""
    docs = {}
    for name, extra in (("some", ["--designer-games", "10"]), ("none", ["--no-designer"])):
        js = tmp_path / f"{name}.json"
        main(["--project", str(repo_root), "validate", "king_lui", "--games", "30", "--players", "4", "--jobs", "1",
              "--json", str(js), "--out", str(tmp_path / name), *extra])
        [docs[name]] = json.loads(js.read_text())["results"]
    assert docs["some"]["designer"]["games"] == 10 and docs["some"]["designer"]["lead_changes"]["n"] == 10
    assert {k: v for k, v in docs["some"].items() if k != "designer"} == \
        {k: v for k, v in docs["none"].items() if k != "designer"}
    assert main(["--project", str(repo_root), "validate", "king_lui", "--designer-games", "0"]) == 2


def test_the_traced_sample_is_bounded_and_said() -> None:
    """validate's default traces a fixed sample (its cost bounded, issue 34), the same through the command line and the
    library, and the terminal says over how many games the figures and the card table rest."""
    from cardgen.cli import _parser
    from cardgen.simulate.designer import TRACED_GAMES
    from cardgen.simulate.summary import designer_lines
    from cardgen.simulate.validate import ValidateOptions

    assert 0 < TRACED_GAMES <= 500
    assert ValidateOptions().designer_games == TRACED_GAMES
    assert _parser().parse_args(["validate", "king_lui"]).designer_games == TRACED_GAMES
    row = {"component": "x", "dealt_share": 0.5, "win_rate_dealt": 0.3, "win_rate_not_dealt": 0.2,
           "difference": 0.1, "low": 0.0, "high": 0.2, "flag": "", "judged": True}
    lines = designer_lines({"games": 123, "lead_changes": {"mean": 1.0, "low": 0.5, "high": 1.5, "n": 123},
                            "component_impact": [row]})
    # twenty-second reading (en2, it4): lead changes defined like every other indicator, before the table
    assert lines[:2] == ["  what the design indicators measure:",
                         "    lead changes per game: how often the lead passes to another player, counted after each turn "
                         "(a tie for the lead is not a change); the higher, the more the lead swings back and forth during the game"]
    # (terminal round 41 en5: then, once, what a designer does with them; the table one line down)
    assert lines[2].startswith("  none of these is good or bad in itself")
    assert lines[3] == "  design indicators (the first 123 games, with the standings recorded after every turn; --designer-games sets how many):"
    assert lines[5].startswith("  card strength in opening hands (the first 123 games, with the standings recorded after every turn; --designer-games sets how many): ")  # after its one indicator line


def test_figures_from_the_finished_games_of_a_sample_say_so() -> None:
    """A variant whose games stall on a rule gap: validate kl-draw4 --games 200 printed 'designer (first 151
    games)', but the figures rested on the 151 games that finished among the first 200 (a stalled game has no
    winner to trace), not on games 1 to 151. The line names both numbers, in every language."""
    from cardgen.simulate.summary import designer_lines

    tally = DesignerTally()
    stalled = GameResult(2, ["a", "a"], "stalled:short_supply_draw", False)
    assert tally.add(None, stalled) == {}
    other = DesignerTally()
    other.add(None, stalled)
    tally.merge(other)
    doc = tally.to_json()
    assert doc["games"] == 0 and doc["sampled"] == 2
    row = {"component": "x", "dealt_share": 0.5, "win_rate_dealt": 0.3, "win_rate_not_dealt": 0.2,
           "difference": 0.1, "low": 0.0, "high": 0.2, "flag": "", "judged": True}
    part = {"games": 151, "sampled": 200, "lead_changes": {"mean": 1.0, "low": 0.5, "high": 1.5, "n": 151},
            "component_impact": [row]}
    # after the definition of lead changes (twenty-second reading en2) and what to do with the figures (round 41 en5)
    lines = designer_lines(part)[3:]
    assert lines[0] == "  design indicators (the 151 finished games of the first 200):"
    assert lines[2].startswith("  card strength in opening hands (the 151 finished games of the first 200): ")
    assert "(les 151 parties terminées des 200 premières)" in designer_lines(part, "fr")[3]
    assert "le 151 partite finite delle prime 200" in designer_lines(part, "it")[3]
    every = designer_lines({**part, "sampled": 151})[3:]  # every sampled game finished: as before
    assert every[0] == "  design indicators (the first 151 games, with the standings recorded after every turn; --designer-games sets how many):"
