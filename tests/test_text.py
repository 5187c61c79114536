"""Language helpers shared by every game's generated texts."""
from __future__ import annotations

import pytest

from cardgen.text import NNBSP, join_and, join_or, punct, times


def test_french_spaces_before_high_punctuation_only_in_french() -> None:
    assert [punct(m, "fr") for m in ";:!?"] == [NNBSP + m for m in ";:!?"]
    assert [punct(":", lang) for lang in ("it", "en")] == [":", ":"]


@pytest.mark.parametrize(("lang", "joined", "alternatives"), [
    ("fr", "4, 3, 2 et 1", "une ligne ou une colonne"),
    ("it", "4, 3, 2 e 1", "une ligne o une colonne"),
    ("en", "4, 3, 2 and 1", "une ligne or une colonne"),
])
def test_lists_join_the_way_each_language_does(lang: str, joined: str, alternatives: str) -> None:
    assert join_and([4, 3, 2, 1], lang) == joined
    assert join_or(["une ligne", "une colonne"], lang) == alternatives
    assert join_and([7], lang) == "7"


def test_times() -> None:
    assert [times(n, "fr") for n in (1, 2)] == ["une fois", "2 fois"]
    assert [times(n, "it") for n in (1, 3)] == ["una volta", "3 volte"]
    assert [times(n, "en") for n in (1, 2, 5)] == ["once", "twice", "5 times"]
