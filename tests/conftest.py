"""Shared fixtures: the repository root and throwaway project folders."""
from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def repo_root() -> Path:
    """The checked-out project, with its real decks and variants."""
    return ROOT


@pytest.fixture
def project_with(tmp_path: Path) -> Callable[[str], Path]:
    """Make a throwaway project holding a copy of one game's deck and an empty variants/ folder."""
    def make(game: str) -> Path:
        (tmp_path / "decks").mkdir(exist_ok=True)
        (tmp_path / "variants").mkdir(exist_ok=True)
        shutil.copy(ROOT / "decks" / f"{game}.yaml", tmp_path / "decks" / f"{game}.yaml")
        return tmp_path
    return make


@pytest.fixture
def mini_project(project_with: Callable[[str], Path]) -> Path:
    """A throwaway project with the King Lui deck."""
    return project_with("king_lui")
