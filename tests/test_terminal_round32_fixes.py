"""Terminal round 32 (issue 53): the faults of the terminal text (docs/reads/terminal-round-32-fixes-terminal.md);
each test fails on the old wording or behaviour (fault ids in the docstrings)."""
from __future__ import annotations

import pytest

from cardgen.terminal import WIDTH, say


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_first_run_note_is_no_paradox(lang: str) -> None:
    """it14*, en1, fr13: "this run is slower because cardgen is building its fast engine" read as a paradox (slower
    because of the fast engine); now the fast engine is not ready, and the slower one gives the same results."""
    note = say("note_building", lang, title="Draco & Co")
    assert len(note) <= WIDTH
    assert {"en": "slower because", "fr": "d’où ce calcul plus lent", "it": "più lento perché"}[lang] not in note
    assert {"en": "not ready yet", "fr": "pas encore prêt", "it": "non è ancora pronto"}[lang] in note
    wait = say("waiting_build", lang, game="Royale", why="x")
    assert {"en": "unaffected", "fr": "inchangés", "it": "non cambiano"}[lang] not in wait  # en14: "unaffected" by what?
    assert {"en": "either engine", "fr": "les deux moteurs", "it": "i due motori"}[lang] in wait
