"""Where a project is (``cardgen.load.project``): the current folder or the nearest one above it
with decks/ (or variants/ alone), ``--project`` before or after the command, and variants of the shipped games."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.load.project import Project, find_root

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "own36"
QUICK = """\
extends: king_lui
name: {fr: "Lui rapide", it: "Lui veloce", en: "Quick Lui"}
description: {fr: "Deux portions par Émeraude.", it: "Due porzioni per Smeraldo.", en: "Two portions per Emerald."}
"""


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "game")
    return tmp_path / "game"


def test_the_nearest_folder_with_decks_is_the_project(root: Path) -> None:
    assert find_root(root / "rules") == root.resolve()
    assert find_root(root) == root.resolve()
    assert find_root(root.parent) is None or find_root(root.parent) != root.resolve()


def test_check_and_build_work_from_a_sub_folder(root: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(root / "rules")
    assert main(["check"]) == 0
    assert "(own36):" in capsys.readouterr().out  # the title, its id beside it
    assert main(["build", "--lang", "en", "--paper", "a4", "--no-rules"]) == 0
    assert (root / "out" / "own36" / "en" / "cards-a4.pdf").is_file()  # the project's out/, not rules/out
    assert not (root / "rules" / "out").exists()


def test_project_is_accepted_after_the_command(root: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--project", str(root)]) == 0
    assert main(["inspect", "own36", "--project", str(root)]) == 0
    assert "Four Winds" in capsys.readouterr().out


def test_outside_any_project_is_one_line(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    if find_root(tmp_path) is not None:
        pytest.skip("a folder above the test's temporary folder has decks/")
    assert main(["check"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"cardgen: error: no decks/ or variants/ folder in "
                                               f"{tmp_path.resolve()} or any folder above it")


def test_a_projects_variant_extends_a_shipped_game_without_copying_it(root: Path, monkeypatch, capsys) -> None:
    (root / "variants").mkdir()
    (root / "variants" / "lui-quick.yaml").write_text(QUICK, encoding="utf-8")
    monkeypatch.chdir(root)
    assert Project.open(None).base_path("king_lui") is not None
    assert "king_lui" not in Project.open(None).ids  # shipped decks are bases, not the project's own decks
    assert main(["inspect", "lui-quick"]) == 0
    assert "Quick Lui (variant of game 'king_lui', extends king_lui)" in capsys.readouterr().out


def test_a_project_of_variants_of_the_shipped_games_needs_no_decks_folder(tmp_path: Path, monkeypatch,
                                                                            capsys) -> None:
    """A folder with only variants/ (as docs/authoring.md, "Variants of the shipped games", describes) was refused:
    'no decks/ folder in ...', although such variants never need a deck copied."""
    root = tmp_path / "mine"
    (root / "variants" / "quick").mkdir(parents=True)
    (root / "variants" / "lui-quick.yaml").write_text(QUICK, encoding="utf-8")
    assert find_root(root / "variants" / "quick") == root.resolve()
    monkeypatch.chdir(root / "variants" / "quick")
    assert Project.open(None).ids == ["lui-quick"]
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "(lui-quick):" in out and "1 deck checked, none failed" in out
    assert main(["inspect", "lui-quick"]) == 0
    assert "Quick Lui (variant of game 'king_lui', extends king_lui)" in capsys.readouterr().out


def test_a_moved_project_of_variants_replays_from_the_current_folder(tmp_path: Path, monkeypatch) -> None:
    """replay looks for a moved project in the current folder; a project of only variants/ (one since s48-fix3)
    must be found there too, not only a folder with decks/."""
    root = tmp_path / "mine"
    (root / "variants").mkdir(parents=True)
    (root / "variants" / "lui-quick.yaml").write_text(QUICK, encoding="utf-8")
    monkeypatch.chdir(root)
    assert main(["validate", "lui-quick", "--games", "2", "--players", "3", "--jobs", "1", "--log", "games.jsonl",
                 "--out", str(tmp_path / "out")]) == 0
    root.rename(tmp_path / "moved")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}  # a new process: no deck cached
    done = subprocess.run([sys.executable, "-m", "cardgen", "replay", "games.jsonl"], cwd=tmp_path / "moved", env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "2 game(s) replayed, 2 identical, 0 differ" in done.stdout, done.stdout


def test_an_unknown_agent_of_a_variant_names_its_game(tmp_path: Path, monkeypatch, capsys) -> None:
    """The unknown-agent line names a variant's game after its id; only a game's own deck leaves it out (never
    'king_lui (king_lui)')."""
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "lui-quick.yaml").write_text(QUICK, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "lui-quick", "--agents", "heuristc"]) == 2
    assert "unknown agent 'heuristc' for lui-quick (king_lui); expected one of " in capsys.readouterr().err


def test_an_unknown_base_lists_the_shipped_games(root: Path, monkeypatch, capsys) -> None:
    (root / "variants").mkdir()
    (root / "variants" / "typo.yaml").write_text(QUICK.replace("king_lui", "king_liu"), encoding="utf-8")
    monkeypatch.chdir(root)
    assert main(["check", "typo"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("cardgen: error: variants/typo.yaml:1: extends: unknown base 'king_liu'") and \
        "a shipped game (draco, king_lui, royale)" in err and err.endswith("(did you mean 'king_lui'?)"), err
