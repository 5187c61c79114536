"""Rulebook wording: our own words (no 10-word run shared with the seed texts), no typed numbers."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from test_rulebook_support import ROOT, book, pdf_text

from cardgen.rulebook.catalog import LOCALE_DIR, PLACEHOLDER, domains, po_path, read_catalog

LANGS = ("fr", "it", "en")
SEEDS = ROOT.parent / "shared" / "seeds"
HOOK = ROOT.parent / "shared" / "hooks" / "copycheck.py"


def copycheck() -> object:
    """The project's copy checker (its word splitting and shingle length)."""
    if not (SEEDS.is_dir() and HOOK.is_file()):
        pytest.skip("seed texts are not available here")
    spec = importlib.util.spec_from_file_location("copycheck", HOOK)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.fixture(scope="module")
def seed_shingles() -> tuple[object, set[tuple[str, ...]]]:
    cc = copycheck()
    shingles: set[tuple[str, ...]] = set()
    for seed in SEEDS.glob("*.txt"):
        shingles |= cc.shingles(cc.words(seed.read_text("utf-8", errors="replace")))  # type: ignore[attr-defined]
    return cc, shingles


def shared_runs(text: str, cc: object, seeds: set[tuple[str, ...]]) -> list[str]:
    return sorted(" ".join(s) for s in cc.shingles(cc.words(text)) & seeds)  # type: ignore[attr-defined]


def rulebook_sources() -> list[Path]:
    files = sorted((ROOT / "templates" / "rulebook").glob("*.j2"))
    files += sorted(LOCALE_DIR.glob("*.pot")) + [po_path(lang, d) for lang in LANGS for d in domains()]
    files += [p for p in [ROOT / "docs" / "translating.md"] if p.is_file()]
    return files


def test_sources_are_in_our_own_words(seed_shingles: tuple[object, set[tuple[str, ...]]]) -> None:
    cc, seeds = seed_shingles
    for path in rulebook_sources():
        runs = shared_runs(path.read_text("utf-8"), cc, seeds)
        assert not runs, f"{path.relative_to(ROOT)} repeats a seed text: {runs[:3]}"


@pytest.mark.parametrize("lang", LANGS)
def test_rendered_rulebook_is_in_our_own_words(lang: str, seed_shingles: tuple[object, set[tuple[str, ...]]]) -> None:
    cc, seeds = seed_shingles
    runs = shared_runs(pdf_text(book(lang)), cc, seeds)
    assert not runs, f"the {lang} rulebook repeats a seed text: {runs[:3]}"


def test_the_check_finds_a_copied_sentence(seed_shingles: tuple[object, set[tuple[str, ...]]]) -> None:
    cc, seeds = seed_shingles
    seed = next(iter(sorted(SEEDS.glob("*.txt")))).read_text("utf-8", errors="replace")
    sample = " ".join(cc.words(seed)[40:60])  # type: ignore[attr-defined]
    assert shared_runs(sample, cc, seeds)


@pytest.mark.parametrize("lang", LANGS)
def test_no_number_is_typed_into_a_sentence(lang: str) -> None:
    """Numbers come from placeholders; a digit in a message would not follow the deck."""
    messages = [m for d in domains() for m in read_catalog(po_path(lang, d), lang)]
    for message in messages:
        if not message.id:
            continue
        texts = list(message.id if isinstance(message.id, tuple) else (message.id,))
        texts += list(message.string if isinstance(message.string, tuple) else (message.string,))
        for text in texts:
            assert not re.search(r"\d", PLACEHOLDER.sub("", text)), f"{lang}: digit typed in {text!r}"
