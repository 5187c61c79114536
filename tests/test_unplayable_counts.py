"""A player count whose static check fails is reported as failed and never played, on every engine."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.cli import main

WIDE = """\
extends: draco
name: {fr: "Large", it: "Largo", en: "Wide"}
description: {fr: "De 1 à 12 joueurs.", it: "Da 1 a 12 giocatori.", en: "From 1 to 12 players."}
players: {min: 1, max: 12}
"""


def _project(project_with: Callable[[str], Path]) -> Path:
    project = project_with("draco")
    (project / "variants" / "draco").mkdir(parents=True)
    (project / "variants" / "draco" / "wide.yaml").write_text(WIDE, encoding="utf-8")
    return project


@pytest.mark.parametrize("engine", ["reference", "auto"])
def test_validate_reports_a_failing_count_and_never_plays_it(project_with: Callable[[str], Path], tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str], engine: str) -> None:
    project = _project(project_with)
    report = tmp_path / "v.json"
    code = main(["--project", str(project), "validate", "wide", "--players", "1", "2", "12", "--games", "3",
                 "--engine", engine, "--json", str(report), "--out", str(tmp_path / "out"), "--jobs", "1"])
    out = capsys.readouterr()
    assert code == 1 and "Traceback" not in out.err
    by_count = {r["players"]: r for r in json.loads(report.read_text())["results"]}
    for p in (1, 12):
        r = by_count[p]
        assert not r["passed"] and not r["played"] and r["games"] == 0
        assert any(f.startswith("static check failed") for f in r["failures"])
    assert by_count[2]["played"] and by_count[2]["completed"] == 3
    assert re.search(r"FAIL [^(]+ \(wide\), 12 players: not played", out.out), out.out


def test_compare_leaves_out_a_failing_count_and_says_so(project_with: Callable[[str], Path], tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    project = _project(project_with)
    (project / "variants" / "draco" / "wide2.yaml").write_text(WIDE.replace("Wide", "Wide two"), encoding="utf-8")
    report = tmp_path / "c.json"
    code = main(["--project", str(project), "compare", "wide", "wide2", "--players", "2", "12", "--games", "3",
                 "--engine", "reference", "--json", str(report), "--out", str(tmp_path / "out"), "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 0 and "Traceback" not in err
    assert "12 players not played: a check fails (wide: a lair for every player" in err
    assert [r["players"] for r in json.loads(report.read_text())["results"]] == [2]
    assert main(["--project", str(project), "compare", "wide", "wide2", "--players", "12", "--games", "3",
                 "--out", str(tmp_path / "out")]) == 2
    assert "no player count to compare: 12 players not played" in capsys.readouterr().err
