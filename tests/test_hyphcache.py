"""Hyphenation dictionaries from the cache hyphenate exactly as pyphen's own parse."""
from __future__ import annotations

import pyphen
import pytest

from cardgen.render import hyphcache

WORDS = {"fr": ["anticonstitutionnellement", "dégustation", "cuisinier"],
         "it": ["precipitevolissimevolmente", "banchetto", "assaggiatore"],
         "en": ["incomprehensibilities", "banqueting", "tastemaker"]}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pyphen, "hdcache", {})
    return tmp_path / "hyphenation"


def _fresh(lang):
    return pyphen.Pyphen(lang=lang, cache=False)


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_restored_patterns_hyphenate_like_a_fresh_parse(cache, lang, monkeypatch):
    first = hyphcache.hyphenator(lang)  # parses and stores
    assert len(list(cache.iterdir())) == 1
    monkeypatch.setattr(pyphen, "hdcache", {})
    restored = hyphcache.hyphenator(lang)  # from the entry
    assert restored.hd is not first.hd
    for word in WORDS[lang]:
        want = _fresh(lang).inserted(word)
        assert first.inserted(word) == want
        assert restored.inserted(word) == want
        assert list(restored.iterate(word)) == list(_fresh(lang).iterate(word))


def test_a_corrupt_or_stale_entry_is_parsed_again_and_rewritten(cache, monkeypatch):
    hyphcache.hyphenator("fr")
    (entry,) = cache.iterdir()
    entry.write_bytes(b"not a pickle")
    monkeypatch.setattr(pyphen, "hdcache", {})
    assert hyphcache.hyphenator("fr").inserted("dégustation") == _fresh("fr").inserted("dégustation")
    assert entry.read_bytes() != b"not a pickle"
    monkeypatch.setattr(hyphcache, "FORMAT", hyphcache.FORMAT + 1)  # another format: the key differs
    before = entry.read_bytes()
    monkeypatch.setattr(pyphen, "hdcache", {})
    hyphcache.hyphenator("fr")
    assert entry.read_bytes() != before


def test_no_cache_folder_still_hyphenates(monkeypatch):
    monkeypatch.setenv("CARDGEN_CACHE_DIR", "")
    monkeypatch.setattr(pyphen, "hdcache", {})
    assert hyphcache.hyphenator("it").inserted("banchetto") == _fresh("it").inserted("banchetto")


def test_an_unknown_language_hyphenates_as_english(cache):
    assert hyphcache.hyphenator("xx").inserted("banqueting") == _fresh("en").inserted("banqueting")
