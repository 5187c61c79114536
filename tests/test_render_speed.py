"""The renderer's shortcuts write exactly what reportlab would: memoised shapes, single
transforms, per-colour and per-arrangement memos."""
from __future__ import annotations

import io
import math
import os

import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from cardgen.render import shapes
from cardgen.render.cardface import INK, PAPER, _contrast, hex_colour, own_symbols, text_on, tint
from cardgen.render.symbols import FORMS_ATTR, Inks, draw_symbol


def _canvas() -> Canvas:
    return Canvas(io.BytesIO(), pagesize=(200, 200), invariant=1)


@pytest.mark.parametrize("args", [(10.0, 20.0, 5.0), (3.3, 7.7, 0.12345), (91.4, 128.2, 86.9)])
def test_memoised_circle_is_reportlabs(args):
    for stroke, fill in ((1, 0), (0, 1), (1, 1)):
        ours, theirs = _canvas(), _canvas()
        shapes.circle(ours, *args, stroke=stroke, fill=fill)
        shapes.circle(ours, *args, stroke=stroke, fill=fill)  # from the memo
        theirs.circle(*args, stroke=stroke, fill=fill)
        theirs.circle(*args, stroke=stroke, fill=fill)
        assert "\n".join(ours._code) == "\n".join(theirs._code)


def test_memoised_ellipse_and_round_rect_are_reportlabs():
    ours, theirs = _canvas(), _canvas()
    shapes.ellipse(ours, -13.0, -17.0, 13.0, 17.0, stroke=1, fill=1)
    theirs.ellipse(-13.0, -17.0, 13.0, 17.0, stroke=1, fill=1)
    shapes.round_rect(ours, 8.1, 8.1, 163.8, 235.8, 2.834645, stroke=1, fill=1)
    theirs.roundRect(8.1, 8.1, 163.8, 235.8, 2.834645, stroke=1, fill=1)
    assert "\n".join(ours._code) == "\n".join(theirs._code)


def test_one_transform_is_the_merged_pair():
    """``draw_symbol`` and mirrored elements write one ``cm``; reportlab merged two into the same text."""
    for x, y, size in ((32.04, 68.04, 115.92), (14.4, 184.464, 25.2), (1 / 3, 2 / 7, 11.111111)):
        ours, theirs = _canvas(), _canvas()
        draw_symbol(ours, "crown", x, y, size, Inks(HexColor("#2F6DB5"), INK, PAPER))
        theirs.saveState()
        theirs.translate(x, y)
        theirs.scale(size / 100.0, size / 100.0)
        assert ours._code[1] == theirs._code[1]
    for w, h in ((180.0, 252.0), (70.86614, 70.86614), (1 / 3, 2 / 3)):
        ours, theirs = _canvas(), _canvas()
        ours.saveState()
        ours.transform(-1, 0, 0, -1, w, h)
        theirs.saveState()
        theirs.translate(w, h)
        theirs.rotate(180)
        assert ours._code == theirs._code


def test_symbol_forms_are_still_shared():
    c = _canvas()
    setattr(c, FORMS_ATTR, {})
    for _ in range(3):
        draw_symbol(c, "coin", 0, 0, 50, Inks(HexColor("#2F6DB5"), INK, PAPER))
    assert len(getattr(c, FORMS_ATTR)) == 1


def test_colour_memos_answer_as_before():
    blue = hex_colour("#2F6DB5")
    assert hex_colour("#2F6DB5") is blue and blue == HexColor("#2F6DB5")
    assert text_on(blue) is PAPER and text_on(hex_colour("#F2C53D")) is INK
    assert tint(blue, 0.5) == tint(HexColor("#2F6DB5"), 0.5)
    assert math.isclose(_contrast(INK, PAPER), _contrast(PAPER, INK)) and _contrast(INK, PAPER) > 15


def test_own_symbols_follow_the_folder(tmp_path):
    assert own_symbols(tmp_path) == {}
    folder = tmp_path / "symbols"
    folder.mkdir()
    (folder / "moon.svg").write_text("<svg/>")
    assert list(own_symbols(tmp_path)) == ["moon"]
    (folder / "sun.svg").write_text("<svg/>")
    stat = folder.stat()
    os.utime(folder, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # coarse clocks: make it differ
    assert sorted(own_symbols(tmp_path)) == ["moon", "sun"]
