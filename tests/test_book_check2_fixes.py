"""The second check of book round 29's fixes (docs/reads/round-29-check2.md): what it found, held."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from test_rulebook_layout import book


@pytest.mark.parametrize("deck_id", ["king_lui", "king_lui-gentle-overeating", "king_lui-hungry-dragon",
                                     "king_lui-six-players"])
def test_fr4_no_line_of_action_c_opens_on_b(deck_id: str) -> None:
    """fr4: the line break fell after « l’action », so a line inside item c) began « b) et l’assiette du roi … », read
    as list item b) inside c). A no-break space keeps « l’action b) » on one line; the list's own « b) » (« b)
    Piocher ») still opens its line."""
    pdf = pdfium.PdfDocument(book(deck_id, "fr", "a4").pdf)
    lines = [line.strip() for page in pdf for line in page.get_textpage().get_text_range().splitlines()]
    assert any(line.startswith("b) Piocher") for line in lines)
    assert [line for line in lines if line.startswith("b)") and not line.startswith("b) Piocher")] == []
    assert any("l’action b) et l’assiette du roi" in line for line in lines), "the phrase moved: check the test"
