"""The log's talk and undos read back field by field, and each wrong shape refused in its whole line (issue #51:
the survivors of mutation testing ``cardgen/play/said.py``: the field a refusal names, an undo's seat)."""
from __future__ import annotations

import pytest

from cardgen.errors import InputError
from cardgen.play.said import talk_of

TALK = "talk: log.jsonl:4: 'talk' must be a list of [seat, words, moves made]"
UNDOS = "undos: log.jsonl:4: 'undos' must be a list of [seat, moves kept, moves made before]"
BEYOND = "talk: log.jsonl:4: 'talk' or 'undos' names a seat beyond the 3 players"


@pytest.mark.parametrize("record, field, line", [
    ({"talk": [[0, "hi"]]}, "talk", TALK),
    ({"talk": [[True, "hi", 0]]}, "talk", TALK),
    ({"undos": [[0, "a", 2]]}, "undos", UNDOS),
    ({"undos": "no"}, "undos", UNDOS),
    ({"talk": [[3, "hi", 0]]}, "talk", BEYOND),
    ({"undos": [[3, 0, 2]]}, "talk", BEYOND),
])
def test_each_wrong_shape_names_its_field_in_one_whole_line(record: dict, field: str, line: str) -> None:
    with pytest.raises(InputError) as bad:
        talk_of({"players": 3} | record, "log.jsonl:4")
    assert bad.value.field == field and str(bad.value) == line


def test_an_undo_comes_back_as_asked_by_kept_and_made_each_in_its_place() -> None:
    record = {"players": 3, "talk": [[1, "hm", 7], [0, "", 0]], "undos": [[2, 4, 6], [0, 9, 11]]}
    assert talk_of(record, "x:1") == ([(1, "hm", 7), (0, "", 0)], [(2, 4, 6), (0, 9, 11)])
