"""One default policy: validate, compare and tune play the same agents unless told, and say so in words."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.cli import _parser as build_parser
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.runner import agents_in_words
from cardgen.tune.space import parse_param, parse_target
from cardgen.tune.study import Tuner, TuneOptions

SHORT = """\
extends: king_lui
name: {fr: "Court", it: "Corto", en: "Short"}
description: {fr: "Court.", it: "Corto.", en: "Short."}
"""


@pytest.mark.parametrize("command", ["validate", "compare", "tune"])
def test_help_describes_agents_and_one_default(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--agents" in text and "default: the game's heuristic" in text and "same for validate, compare and tune" in text
    args = {"validate": [command], "compare": [command, "a", "b"], "tune": [command, "a"]}[command]
    assert parser.parse_args(args).agents is None  # the default is decided per game, the same way everywhere


def test_compare_and_tune_default_to_validates_agents(project_with: Callable[[str], Path], tmp_path: Path) -> None:
    project = project_with("king_lui")
    (project / "variants" / "short.yaml").write_text(SHORT, encoding="utf-8")
    resolver = Resolver(Project.open(project))
    base, variant = resolver.resolve("king_lui"), resolver.resolve("short")
    doc = run_compare(base, variant, CompareOptions(games=2, players=[3], jobs=1, out=None, progress=False,
                                                    engine="reference"))
    assert doc["agents"] == ["heuristic"] and doc["agents_default"]
    assert doc["results"][0]["base_result"]["agents_played"] == ["heuristic"]
    assert doc["agents_text"] == "heuristic players (simple rules of thumb written for this game), one in each seat"
    tuner = Tuner(Project.open(project), base, TuneOptions([parse_param("course_cards_per_player=1..3", base)],
                                                            [parse_target("turns=1..99", ["turns"])],
                                                            out=tmp_path / "t"))
    assert tuner.opts.agents == ["heuristic"] and tuner.to_json()["agents_text"] == doc["agents_text"]


def test_agents_in_words_never_spells_a_name_letter_by_letter() -> None:
    assert agents_in_words("default") == "'default', one in each seat"
    assert agents_in_words(["random", "heuristic"]) == ("random players (any legal move) and heuristic players "
                                                        "(simple rules of thumb written for this game), rotated over "
                                                        "the seats game by game")
    assert agents_in_words([]) == "no players (nothing was played)"


def test_a_documents_agents_are_said_as_the_terminal_says_them() -> None:
    """One wording per sentence: the JSON's ``agents_text`` is the English terminal's and report's words."""
    from cardgen.simulate.verdict import agents_words
    for names in (["heuristic"], ["random", "search"], ["heuristic", "random", "heuristic"]):
        assert agents_in_words(names) == agents_words(names, "en")
