"""Terminal round 31 (issue 53): the faults of the terminal text (docs/reads/terminal-round-31-fixes-terminal.md);
each test fails on the old wording or behaviour (fault ids in the docstrings)."""
from __future__ import annotations

import pytest

from cardgen.simulate.summary import checked_line


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "three player counts (3, 4 and 5 players) checked; none failed"),
    ("fr", "vérifié à 3, 4 et 5 joueurs (trois configurations) : aucun échec"),
    ("it", "tre configurazioni verificate (3, 4 e 5 giocatori): tutte superate")])
def test_the_closing_count_is_in_words_not_a_numeral_before_player(lang: str, said: str) -> None:
    """en1: "3 player counts (3, 4 and 5 players) checked" read first as "3-player counts"; the count in words (French
    and Italian likewise: no numeral opens their sentence either)."""
    assert checked_line(3, 0, 0, 1, lang, [3, 4, 5]).replace("\u202f", " ") == said
    assert not checked_line(4, 0, 0, 1, lang)[0].isdigit()
    assert checked_line(12, 0, 0, 1, "en").startswith("12 player counts")  # past ten, figures
