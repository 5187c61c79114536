"""Every text players read, in every deck and variant, follows its language's typography.

Covers the texts written in the data (names, titles, descriptions, clarifications,
colour names) and those the games generate for card faces (``face_text``).
French: narrow no-break space before ; : ! ? and inside « »; typographic apostrophe.
Italian: typographic apostrophe. All: no doubled spaces, no stray leading/trailing spaces.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from cardgen.load.project import Project
from cardgen.model.schema import LANGS, Text
from cardgen.resolve.resolve import ResolvedDeck, Resolver

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project.open(ROOT)
IDS = PROJECT.ids


def texts(obj: object, where: str) -> Iterator[tuple[str, Text]]:
    """Every ``Text`` inside a model, with a readable location."""
    if isinstance(obj, Text):
        yield where, obj
    elif isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            yield from texts(getattr(obj, name), f"{where}.{name}")
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from texts(value, f"{where}.{key}")
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from texts(value, f"{where}[{i}]")


def all_strings(deck: ResolvedDeck) -> Iterator[tuple[str, str, str]]:
    """(location, language, string) for data texts and generated face texts."""
    for where, text in texts(deck.model, deck.id):
        for lang in LANGS:
            yield where, lang, text[lang]
    for comp in deck.model.components:
        for i, face in enumerate(comp.faces):
            for lang in LANGS:
                generated = deck.spec.face_text(deck, comp, face, lang)
                if generated:
                    yield f"{deck.id}.{comp.id}.faces[{i}] (generated)", lang, generated


FRENCH = [
    (re.compile(r"[^\s\u202f\u00a0][;!?]"), "needs U+202F before ; ! ?"),
    (re.compile(r"[ \u00a0][;:!?]"), "use U+202F (narrow no-break space), not a plain space, before ; : ! ?"),
    (re.compile(r"«[^\u202f\u00a0]|[^\u202f\u00a0]»"), "needs a no-break space inside « »"),
    (re.compile(r"[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]"), "use the typographic apostrophe ’"),
    (re.compile(r"\""), "use « » rather than straight quotes"),
]
ITALIAN = [(re.compile(r"[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]"), "use the typographic apostrophe ’")]
COMMON = [(re.compile(r"  |^\s|\s$"), "doubled, leading or trailing space")]


@pytest.mark.parametrize("sid", IDS)
def test_typography(sid: str) -> None:
    deck = Resolver(PROJECT).resolve(sid)
    problems = []
    for where, lang, text in all_strings(deck):
        rules = COMMON + (FRENCH if lang == "fr" else ITALIAN if lang == "it" else [])
        for pattern, why in rules:
            match = pattern.search(text)
            if match:
                start = max(match.start() - 15, 0)
                problems.append(f"{where} [{lang}] {why}: …{text[start:match.end() + 15]!r}…")
    assert not problems, "\n".join(problems[:25])
