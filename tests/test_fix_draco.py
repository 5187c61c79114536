"""``cardgen fix draco`` (issue 54's first case, slow tier): base Draco's bank runs short of silver coins in most
games; fix proposes a variant in which it runs short in at most 5 % of games at every player count, on fresh
seeds, with no length, seat, game-end or rule-gap figure moved beyond chance, within ten minutes; the
proposal passes ``cardgen check`` and builds, its rulebook stating the change."""
from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.tune.fix import SHORT_AIM
from screen import unwrapped


def test_fix_draco_proposes_a_bank_that_no_longer_runs_dry(project_with: Callable[[str], Path],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    root = project_with("draco")
    out = root / "out" / "fix" / "draco"
    start = time.monotonic()
    assert main(["--project", str(root), "fix", "draco"]) == 0
    elapsed = time.monotonic() - start
    said = capsys.readouterr().out
    assert elapsed < 600, f"cardgen fix draco took {elapsed:.0f} s"
    first = json.loads((out / "fix.json").read_text())["proposals"][0]
    for players in ("3", "4", "5", "6"):
        assert first["fresh"][players]["short:unpaid_by_bank"][0] <= SHORT_AIM
        assert first["side_effects"][players] == []
    # en8; fr30: said once under all the proposals, never "no other change detected" in each player count's block
    flat = unwrapped(said)
    assert flat.lower().count("nothing else was detected in the pairs played") == 1, flat
    assert "No other change detected" not in flat
    shutil.copy(out / first["file"], root / "variants" / first["file"])
    assert main(["--project", str(root), "check", "draco-fix-1"]) == 0
    assert main(["--project", str(root), "build", "draco-fix-1", "--lang", "en", "--paper", "a4",
                 "--out", str(root / "built")]) == 0
    assert list((root / "built").rglob("rules-*.pdf"))
