"""Shared fixtures: the repository root and throwaway project folders."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def repo_root() -> Path:
    """The checked-out project, with its real decks and variants."""
    return ROOT


@pytest.fixture
def mini_project(tmp_path: Path) -> Path:
    """A project folder holding a copy of the King Lui deck and an empty variants/ folder."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "variants").mkdir()
    shutil.copy(ROOT / "decks" / "king_lui.yaml", tmp_path / "decks" / "king_lui.yaml")
    return tmp_path
