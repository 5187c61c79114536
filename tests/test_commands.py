"""Each command's library function (``cardgen.commands``) called directly, without the command line:
its exit code, what it prints or writes, and the bad input it refuses (``InputError``, which the
command line turns into one line and exit code 2). The command line's own tests (``test_cli.py``,
``test_print_only.py``...) prove ``cardgen/cli.py`` reaches these functions unchanged."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from cardgen import commands
from cardgen.errors import InputError

#: a print-only deck in Italian alone (no game): checks and builds quickly
DECK = """\
languages: [it]
name: {it: Semi}
backs:
  dorso: {layout: back, title: {it: Semi}, colour: blu}
colours:
  blu: {rgb: "#2F5F8A", name: {it: Blu}}
components:
  - id: carta
    kind: card
    count: 5
    name: {it: Carta}
    back: dorso
    values: {from: 1, to: 4}
    faces: [{layout: suit, title: {it: Carta}, colour: blu, symbol: star}]
"""

#: a King Lui variant whose game lasts more than one course at 5 players: a static check fails
BROKEN = ("extends: king_lui\nname: {fr: a, it: a, en: a}\ndescription: {fr: a, it: a, en: a}\n"
          "rules: {course_cards_per_player: 10}\nremove: [ham, cheese]\n")


def print_only(tmp_path: Path) -> Path:
    """A project holding the print-only deck ``semi``."""
    (tmp_path / "decks").mkdir(parents=True, exist_ok=True)
    (tmp_path / "decks" / "semi.yaml").write_text(DECK, encoding="utf-8")
    return tmp_path


def refused(call: Callable[[], Any]) -> InputError:
    """The bad input ``call`` raises."""
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


def test_check_returns_1_when_a_check_fails_and_0_when_none_does(mini_project: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (mini_project / "variants" / "tiny.yaml").write_text(BROKEN, encoding="utf-8")
    assert commands.check_command(str(mini_project), ["tiny"], "en") == 1
    out = capsys.readouterr().out
    assert "FAIL  5 players · the game lasts more than one course" in out
    assert out.rstrip("\n").splitlines()[-1].startswith("1 deck")  # the summary comes last, once
    assert commands.check_command(str(mini_project), ["king_lui"], "fr") == 0
    assert "FAIL" not in capsys.readouterr().out


def test_check_refuses_a_deck_it_cannot_draw_before_any_check(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    root = print_only(tmp_path)
    deck = (root / "decks" / "semi.yaml")
    deck.write_text(DECK.replace("title: {it: Carta}", "title: {it: " + "Lunghissimo " * 12 + "}"), encoding="utf-8")
    assert "does not fit" in str(refused(lambda: commands.check_command(str(root), [], "en")))
    assert capsys.readouterr().out == ""  # no check printed
