"""The gallery works out its face keys once per build: before the workers draw, and for the page."""
from __future__ import annotations

from pathlib import Path

import pytest

import cardgen.report.gallery as gallery
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver

ROOT = Path(__file__).resolve().parent.parent


def test_faces_are_keyed_once_for_the_tasks_and_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = Resolver(Project.open(ROOT)).resolve("king_lui")
    keyed = []
    real = gallery._keyed_sides
    monkeypatch.setattr(gallery, "_keyed_sides", lambda d, lang: keyed.append(lang) or real(d, lang))
    monkeypatch.setattr(gallery, "_KEYED", {})
    out = tmp_path / "out"
    tasks = gallery.thumbnail_tasks(out, [deck], "en")
    for task in tasks:
        for rel, data in task.make():
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_bytes(data)
    gallery.update_gallery(out, [deck], lang="en")
    assert keyed == ["en"]
    assert (out / "index.html").is_file() and len(list((out / "gallery").glob("*.png"))) == 2 * len(real(deck, "en"))
    gallery.update_gallery(tmp_path / "other", [deck], lang="fr")  # another language: other keys
    assert keyed == ["en", "fr"]
