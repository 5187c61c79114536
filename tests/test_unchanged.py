"""A build with nothing changed ends from file dates alone (cardgen/unchanged.py), and nothing else does."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from cardgen.cli import LANGS as CLI_LANGS
from cardgen.model.schema import LANGS
from cardgen.scaffold import new_project

ROOT = Path(__file__).resolve().parent.parent


def cardgen(cwd: Path, *args: str, importtime: bool = False) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run([sys.executable, *flags, "-m", "cardgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def imported(stderr: str) -> set[str]:
    return {line.split("|")[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")}


def test_second_build_imports_nothing_heavy_and_any_change_rebuilds(tmp_path: Path) -> None:
    new_project(tmp_path / "g")
    game = tmp_path / "g"
    assert cardgen(game, "build", "--paper", "a4").returncode == 0
    again = cardgen(game, "build", "--paper", "a4", importtime=True)
    assert again.returncode == 0 and "0 files written, 2 unchanged; 14 cards" in again.stdout
    assert "(nothing changed)" in again.stdout
    modules = imported(again.stderr)
    assert "cardgen.cli" in modules and not modules & {"pydantic", "reportlab", "yaml", "cardgen.resolve.resolve"}

    # Another request is another build (and the first one's record is kept apart from it).
    other = cardgen(game, "build", "--paper", "letter")
    assert other.returncode == 0 and "(nothing changed)" not in other.stdout and "2 files written" in other.stdout
    # An edited CSV goes through the full build, which rewrites exactly the card sheet.
    time.sleep(0.01)
    with (game / "decks/cards.csv").open("a", encoding="utf-8") as handle:
        handle.write("Comet,5,sun,star,1,\n")
    edited = cardgen(game, "build", "--paper", "a4")
    assert "1 file written, 1 unchanged; 15 cards" in edited.stdout
    # A deleted output is noticed.
    (game / "out/g/en/rules-a4.pdf").unlink()
    redone = cardgen(game, "build", "--paper", "a4")
    assert "1 file written" in redone.stdout and (game / "out/g/en/rules-a4.pdf").is_file()
    assert "(nothing changed)" in cardgen(game, "build", "--paper", "a4").stdout


def test_the_command_lines_languages_are_the_schemas() -> None:
    assert CLI_LANGS == LANGS


def test_no_shortcut_for_a_folder_with_too_many_files(tmp_path: Path, monkeypatch) -> None:
    import cardgen.unchanged as unchanged

    (tmp_path / "a.txt").write_text("x")
    first = unchanged.fingerprint(tmp_path, tmp_path / "out", {}, [])
    assert first is not None and first == unchanged.fingerprint(tmp_path, tmp_path / "out", {}, [])
    (tmp_path / "a.txt").write_text("xy")  # another size: another fingerprint
    assert unchanged.fingerprint(tmp_path, tmp_path / "out", {}, []) != first
    monkeypatch.setattr(unchanged, "MAX_FILES", 3)
    assert unchanged.fingerprint(tmp_path, tmp_path / "out", {}, []) is None


def test_an_edit_that_keeps_the_files_size_is_seen(tmp_path: Path) -> None:
    """Changing a card's value from 1 to 9 keeps the CSV's size; the file's date still differs, so the
    shortcut does not answer "nothing changed" and the full build rewrites the card sheet."""
    from cardgen import unchanged

    new_project(tmp_path / "g")
    game = tmp_path / "g"
    csv = game / "decks/cards.csv"
    request = {"paper": ["a4"]}
    before = unchanged.fingerprint(game, game / "out", request, [])
    assert cardgen(game, "build", "--paper", "a4").returncode == 0
    assert "(nothing changed)" in cardgen(game, "build", "--paper", "a4").stdout
    text = csv.read_text(encoding="utf-8")
    edited = text.replace("Sun,1,sun", "Sun,9,sun", 1)
    assert edited != text and len(edited.encode()) == len(text.encode())
    stamp = csv.stat().st_mtime_ns
    csv.write_text(edited, encoding="utf-8")
    os.utime(csv, ns=(stamp + 2_000_000_000, stamp + 2_000_000_000))  # a later date, whatever the clock's grain
    assert csv.stat().st_size == len(text.encode())
    assert unchanged.fingerprint(game, game / "out", request, []) != before
    rebuilt = cardgen(game, "build", "--paper", "a4")
    assert rebuilt.returncode == 0 and "(nothing changed)" not in rebuilt.stdout
    assert "1 file written" in rebuilt.stdout
