"""``targets:`` a deck declares (``targets: {turns: 40..60}``): one schema (the JSON Schema and the errors come
from it), bad ranges as one line and exit 2, and ``cardgen fix`` treating a mean outside its range as a problem
it cures with the deck's own numbers."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.tune.fix import declared_targets, problems, side_effects

HEAD = "extends: king_lui\nname: {fr: Cible, it: Obiettivo, en: Target}\ndescription: {fr: x, it: x, en: x}\n"


@pytest.fixture
def project(project_with: Callable[[str], Path]) -> Path:
    return project_with("king_lui")


def _variant(root: Path, targets: str) -> None:
    (root / "variants" / "kl-t.yaml").write_text(HEAD + f"targets: {targets}\n", encoding="utf-8")


def test_declared_targets_are_read_as_numbers_and_merged_into_the_base(project: Path) -> None:
    _variant(project, "{turns: 20..45, winning_score: 0.5..100, rounds: 7..7}")
    deck = Resolver(Project.open(project)).resolve("kl-t")
    assert declared_targets(deck) == {"turns": (20.0, 45.0), "winning_score": (0.5, 100.0), "rounds": (7.0, 7.0)}
    assert declared_targets(Resolver(Project.open(project)).resolve("king_lui")) == {}


def test_the_json_schema_says_what_a_target_is(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(project), "schema"]) == 0
    text = capsys.readouterr().out
    assert "cardgen fix treats a mean outside it as a problem" in text
    assert '"winning_score"' in text and json.dumps(r"\.\.")[1:-1] in text


@pytest.mark.parametrize(("targets", "said"), [
    ("{turn: 40..60}", "targets.turn: expected one of 'turns', 'rounds', 'winning_score' or 'margin', got 'turn' "
                       "(did you mean 'turns'?)"),
    ("{turns: 60..40}", "targets.turns: '60..40': 60 is above 40; expected LO..HI with LO at most HI"),
    ("{turns: forty}", "targets.turns: 'forty' is not a range; expected LO..HI with two numbers, e.g. 40..60"),
    ("{turns: 50}", "targets.turns: 50 is not a range; expected LO..HI with two numbers, e.g. 40..60"),
])
def test_a_bad_target_is_one_line_and_exit_2(project: Path, targets: str, said: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    _variant(project, targets)
    assert main(["--project", str(project), "check", "kl-t"]) == 2
    err = capsys.readouterr().err
    assert said in err and "variants/kl-t.yaml:4" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_mean_outside_a_declared_target_is_a_problem_and_inside_is_not() -> None:
    entry = {"players": 3, "games": 100, "turns": {"n": 100, "mean": 50.5, "sd": 4.0}, "peak_games": {},
             "balance": {"flags": []}, "rule_gaps": []}
    found = problems(entry, targets={"turns": (20.0, 45.0)})
    assert [(p.kind, p.name, p.share) for p in found] == [("target", "turns", 50.5)]
    assert found[0].excess == pytest.approx(5.5 / 25)
    assert problems(entry, targets={"turns": (20.0, 50.5)}) == []  # the range's end is inside
    assert problems(entry, targets={"rounds": (1.0, 2.0)}) == []  # a figure the entry lacks is no problem


def test_when_the_length_was_the_problem_its_moving_is_the_cure_not_a_side_effect() -> None:
    from cardgen.tune.fix import Problem
    turns = {"metric": "turns", "group": "length", "difference": -20.0, "significant": True, "base": 50.0,
             "variant": 30.0, "low": -21.0, "high": -19.0, "follows_from_change": False}
    result = {"players": 3, "metrics": [turns]}
    assert side_effects(result, []) == [turns]
    assert side_effects(result, [Problem("target", "turns", 3, 50.0, 0.2)]) == []
    assert side_effects(result, [Problem("target", "turns", 4, 50.0, 0.2)]) == [turns]  # another player count


def test_fix_brings_a_game_too_long_for_its_target_within_it(project: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    _variant(project, "{turns: 20..45}")
    out = project / "fixed"
    assert main(["--project", str(project), "fix", "kl-t", "--players", "3", "--games", "200", "--trials", "4",
                 "--best", "1", "--jobs", "1", "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert re.search(r"\n  3 players: turns is 5\d(\.\d)? on average, outside the game’s target of 20 to 45\n", said.out)
    # en8: one name per thing, "Fix 1" as the file it writes (its path may wrap to the next line)
    assert re.search(r"\nFix 1:\s", said.out)
    assert "fair share" not in re.split(r"\nFix 1:\s", said.out)[0]  # the length alone is the problem here
    record = json.loads((out / "fix.json").read_text())
    first = record["proposals"][0]
    assert 20 <= first["fresh"]["3"]["turns"][0] <= 45 and "problem:3:target:turns" not in first["fresh"]["3"]
    cured = sorted(t["objective"] for t in record["trials"] if t["feasible"] and t["objective"] < 100)
    assert first["cost"] == cured[" ".join(said.err.split()).count("set aside")]
    assert first["side_effects"]["3"] == [] or all("turns" not in s for s in first["side_effects"]["3"])
