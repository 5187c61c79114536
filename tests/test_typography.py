"""Every text players read, in every deck and variant, follows its language's typography.

Covers the texts written in the data (names, titles, descriptions, clarifications,
colour names) and those the games generate for card faces (``face_text``).
French: narrow no-break space before ; : ! ? and inside « »; typographic apostrophe.
Italian: typographic apostrophe. All: no doubled spaces, no stray leading/trailing spaces.
"""
from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pydantic import BaseModel

from cardgen.load.project import Project
from cardgen.model.schema import LANGS, Text
from cardgen.render.sheets import Printing, render_sheets
from cardgen.model.deck import ResolvedDeck
from cardgen.resolve.resolve import Resolver
from cardgen.typography import NNBSP, for_language, french

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


# -- French spacing for text of any source (cardgen.typography): CSV cells, decks, own rule sheets --------

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "own36"


@pytest.mark.parametrize(("typed", "printed"), [
    ("carte : pioche", f"carte{NNBSP}: pioche"),
    ("Sinon: piochez!", f"Sinon{NNBSP}: piochez{NNBSP}!"),
    ("Quoi ?!", f"Quoi{NNBSP}?!"),
    ("un ; deux", f"un{NNBSP}; deux"),
    ("« Bonjour »", f"«{NNBSP}Bonjour{NNBSP}»"),
    ("«Bonjour»", f"«{NNBSP}Bonjour{NNBSP}»"),
    ("n'importe", "n’importe"),
    ("à 10:30, voir http://x.fr", "à 10:30, voir http://x.fr"),  # times and addresses keep their colon
    ("Tom &amp; Léa", "Tom &amp; Léa"),  # a markup entity is not punctuation
    ("l'1", "l'1"),
])
def test_french_spacing(typed: str, printed: str) -> None:
    assert french(typed) == printed
    assert french(printed) == printed  # correct text is left as it is


def test_only_french_is_respaced() -> None:
    assert for_language("Note: it's", "en") == "Note: it's"
    assert for_language("Note: c'est", "fr") == f"Note{NNBSP}: c’est"


def words(pdf: bytes) -> str:
    doc = pdfium.PdfDocument(pdf)
    try:
        return " ".join(page.get_textpage().get_text_range() for page in doc)
    finally:
        doc.close()


def test_a_csv_text_and_an_own_rule_sheet_print_with_french_spacing(tmp_path: Path) -> None:
    shutil.copytree(FIXTURE, tmp_path / "own36")
    deck = Resolver(Project.open(tmp_path / "own36")).resolve("own36")
    assert "quelle carte : puis" in deck.model.components[8].faces[0].text.fr  # typed with a plain space
    cards = words(render_sheets(deck, "fr", "a4", Printing(fronts_only=True, instructions=False)))
    assert "n’importe" in cards and f"carte{NNBSP}:" in cards.replace("\r\n", " ").replace("\n", " ")
    from cardgen.rulebook.owntext import render_own_rules
    rules = words(render_own_rules(deck, "fr", "a4")).replace("\r\n", " ").replace("\n", " ")
    assert f"dessus{NNBSP}!" in rules and f"Sinon{NNBSP}:" in rules
