"""French punctuation spacing for text from any source (``cardgen.typography``), on cards and rule sheets."""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.load.project import Project
from cardgen.render.sheets import render_sheets
from cardgen.resolve.resolve import Resolver
from cardgen.typography import NNBSP, for_language, french

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
    cards = words(render_sheets(deck, "fr", "a4", fronts_only=True, instructions=False))
    assert "n’importe" in cards and f"carte{NNBSP}:" in cards.replace("\r\n", " ").replace("\n", " ")
    from cardgen.rulebook.owntext import render_own_rules
    rules = words(render_own_rules(deck, "fr", "a4")).replace("\r\n", " ").replace("\n", " ")
    assert f"dessus{NNBSP}!" in rules and f"Sinon{NNBSP}:" in rules
