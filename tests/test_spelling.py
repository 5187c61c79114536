"""Spelling of every rulebook text, in each language, against pyspellchecker plus the project word lists."""
from __future__ import annotations

import re
from functools import cache

import pytest
from spellchecker import SpellChecker
from test_rulebook_support import ROOT, write_variant

from cardgen.resolve.resolve import resolve_all
from cardgen.rulebook.book import rulebook_text
from cardgen.languages import SHIPPED
from nonempty import nonempty

LANGS = SHIPPED
WORDS = ROOT / "cardgen" / "rulebook" / "words"
#: Letters: words are split at apostrophes and hyphens (l’assiette -> l, assiette).
WORD = re.compile(r"[^\W\d_]+")


def word_list(name: str) -> set[str]:
    path = WORDS / f"{name}.txt"
    lines = path.read_text("utf-8").splitlines() if path.is_file() else []
    return {w.strip().lower() for w in lines if w.strip() and not w.startswith("#")}


@cache
def checker(lang: str) -> SpellChecker:
    return SpellChecker(language=lang)


def unknown_words(text: str, lang: str) -> list[str]:
    """Words of ``text`` that neither the dictionary nor the project's word lists know."""
    allowed = word_list("common") | word_list(lang)
    words = {w.lower() for w in WORD.findall(text)}
    candidates = [w for w in words if len(w) > 1 and w not in allowed]  # single letters: l’, d’, initials
    return sorted(checker(lang).unknown(candidates))


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every King Lui rulebook of the project plus a variant with differences, per language."""
    decks = [d for d in resolve_all(None, ROOT) if d.game == "king_lui"]
    project = tmp_path_factory.mktemp("project")
    (project / "decks").mkdir()
    (project / "decks" / "king_lui.yaml").write_text((ROOT / "decks" / "king_lui.yaml").read_text("utf-8"), "utf-8")
    decks.append(write_variant(project))
    return {lang: "\n".join(rulebook_text(d, lang) for d in decks) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_rulebook_spelling(lang: str, texts: dict[str, str]) -> None:
    unknown = unknown_words(texts[lang], lang)
    assert not unknown, (f"unknown {lang} words: {', '.join(unknown)} — fix the spelling, or add real game "
                         f"terms to cardgen/rulebook/words/{lang}.txt")


@pytest.mark.parametrize("lang, typo", [("fr", "Le chef mélangge la pioche."), ("it", "Il cuoco mescolla il mazzo."),
                                        ("en", "The chef shufles the supply.")])
def test_a_misspelling_is_caught(lang: str, typo: str) -> None:
    assert unknown_words(typo, lang) == [re.findall(r"\w+", typo)[2].lower()]


def test_word_lists_hold_only_words() -> None:
    for path in nonempty(WORDS.glob("*.txt")):
        for word in word_list(path.stem):
            assert WORD.fullmatch(word), f"{path.name}: {word!r} is not a single word"
