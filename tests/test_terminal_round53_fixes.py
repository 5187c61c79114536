"""Terminal round 53 (docs/reads/terminal-round-53-en.md): the faults fixed by the lead, held."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, shortage_case

ROOT = Path(__file__).resolve().parents[1]

#: where the short-bank ruling is, in an output that prints it (validate) and in one that does not (compare)
WHERE = {"en": ("(see “Special cases”, “Money”)", "(see “Special cases”, “Money”, in both rulebooks)"),
         # terminal round 54 fr3, it5*: « dans son livret » / «del suo regolamento», whose book? The participle
         # agrees with this edition's choice (« expliqué », «spiegata»); the closing check after it (en3, fr3):
         # "its" / « son » still asked whose: both games' books hold the box
         "fr": ("(sous « Cas particuliers », « L’argent »)",
                "(expliqué dans les deux livrets, sous « Cas particuliers », « L’argent »)"),
         "it": ("(nella sezione «Casi particolari», paragrafo «Il denaro»)",
                "(spiegata in entrambi i regolamenti, sezione «Casi particolari», paragrafo «Il denaro»)")}


@pytest.mark.parametrize("lang", sorted(WHERE))
def test_en7_compare_points_into_the_rulebook_validate_to_its_own_block(lang: str) -> None:
    """en7: compare's shortage note said "(see “Special cases”, “Money”)", a section neither its terminal nor its
    page has; validate prints its own special-cases block, so there the pointer stays as it was."""
    naming = Naming.of(resolve("draco", ROOT), lang)
    cid = next(c for c in naming.ruled if naming.rulings.get(c, ("",))[0] == "bank_short")
    piece = naming.ruled[cid]
    validate, compare = (shortage_case(cid, piece, lang, naming, book=book)[1].replace("\u202f", " ")
                         for book in (False, True))
    assert validate.endswith(WHERE[lang][0]), validate
    assert compare.endswith(WHERE[lang][1]), compare
