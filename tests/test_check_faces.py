"""Face checks (``cardgen.check.faces``): the dry canvas refuses exactly what real drawing refuses,
and each face is checked once per deck and language however many checks ask."""
from __future__ import annotations

import gc
import io
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from cardgen.check import faces as check_faces
from cardgen.check.faces import dry_canvas, face_errors, paint_error
from cardgen.check.static import print_checks
from cardgen.errors import InputError
from cardgen.render.cardface import paint
from test_render_support import card, make_deck, real_decks, text
from nonempty import nonempty

LONG = "word " * 400


def broken_decks(tmp_path: Path):
    """Decks each with one face drawing refuses, and the text of the refusal."""
    return [
        (make_deck(tmp_path / "a", [card("ok"), card("long", text=text(LONG))]), "does not fit"),
        (make_deck(tmp_path / "c", [card("nowhere", faces=[{"layout": "back", "title": text("x"),
                                                            "pattern": {"rows": 1, "cols": 1, "cells": [[0, 0]]}}])]),
         "no place"),
    ]


def real_error(deck, comp, face, lang, back=False):
    try:
        paint(Canvas(io.BytesIO()), deck, comp, face, lang, back=back)
    except InputError as exc:
        return exc
    return None


def every_side(deck):
    for comp in deck.model.components:
        for face in comp.faces:
            yield comp, face, False
        if comp.back is not None or len(comp.faces) == 2:
            yield comp, None, True


def test_the_dry_canvas_refuses_what_real_drawing_refuses(tmp_path: Path) -> None:
    for deck, says in nonempty(broken_decks(tmp_path)):
        found = []
        for comp, face, back in every_side(deck):
            for lang in deck.languages:
                real = real_error(deck, comp, face, lang, back)
                dry = paint_error(deck, comp, face, lang, back)
                assert (None if real is None else str(real)) == (None if dry is None else str(dry))
                found += [dry] if dry is not None else []
        assert found and says in str(found[0]), (says, found)
        assert face_errors(deck) and not all(r.passed for r in print_checks(deck))


def test_shipped_decks_pass_dry_and_real_alike() -> None:
    deck = next(d for d in real_decks() if d.id == "royale")
    for comp, face, back in nonempty(list(every_side(deck))[:40]):
        assert real_error(deck, comp, face, "fr", back) is None
        assert paint_error(deck, comp, face, "fr", back) is None


def test_the_dry_canvas_draws_nothing_but_still_checks_fonts() -> None:
    c = dry_canvas()
    c.setFillColor((1, 0, 0))
    p = c.beginPath()
    p.moveTo(0, 0)
    p.lineTo(10, 10)
    c.drawPath(p, fill=1)
    c.circle(5, 5, 5, fill=1)
    c.drawString(10, 10, "hello")
    assert "".join(c._code).strip() == ""  # nothing recorded
    with pytest.raises(KeyError):
        c.setFont("NoSuchFont", 10)


def test_each_face_is_checked_once_per_deck_and_language(tmp_path: Path, monkeypatch) -> None:
    deck = make_deck(tmp_path, [card("a"), card("b")])
    calls = []
    import cardgen.render.cardface as cardface
    original = cardface.paint
    monkeypatch.setattr(cardface, "paint", lambda *a, **k: calls.append(a[2].id) or original(*a, **k))
    assert face_errors(deck, ["en"]) == []
    first = len(calls)
    assert first == 3  # two fronts and their shared back, once
    assert all(r.passed for r in print_checks(deck))
    # print_checks asks for each card's back in every language: a shared back is drawn once per language
    # and kind of piece, so English draws nothing new and French and Italian two fronts and one back each
    assert len(calls) == first + 2 * 3
    assert all(r.passed for r in print_checks(deck))
    assert len(calls) == first + 2 * 3  # nothing drawn again


def test_a_back_shared_by_cards_and_tokens_is_checked_on_each_kind(tmp_path: Path, monkeypatch) -> None:
    """A back is drawn on the piece's own shape: a token's round back is a drawing of its own."""
    deck = make_deck(tmp_path, [card("a"), card("b"), card("t", kind="token", faces=[{"layout": "token"}])])
    drawn = []
    import cardgen.render.cardface as cardface
    original = cardface.paint
    monkeypatch.setattr(cardface, "paint", lambda *a, **k: drawn.append((a[2].id, k.get("back", False)))
                        or original(*a, **k))
    assert all(r.passed for r in print_checks(deck, ["en"]))
    assert [d for d in drawn if d[1]] == [("a", True), ("t", True)]


def test_the_memo_ends_with_its_deck(tmp_path: Path) -> None:
    deck = make_deck(tmp_path, [card("a")])
    face_errors(deck, ["en"])
    key = id(deck)
    assert key in check_faces._CHECKED
    del deck
    gc.collect()
    assert key not in check_faces._CHECKED


def test_the_checks_canvas_skips_bundled_symbols_but_not_unknown_ones() -> None:
    """A bundled symbol cannot fail to draw: the checks' canvas skips its strokes (half of checking a
    face); an unknown id still fails as drawing it would."""
    from reportlab.lib.colors import black, white

    from cardgen.check.faces import dry_canvas
    from cardgen.render.symbols import Inks, draw_symbol

    c = dry_canvas()
    c.saveState = lambda: pytest.fail("a bundled symbol was drawn on the checks' canvas")
    draw_symbol(c, "crown", 0, 0, 10, Inks(white, black, white))
    with pytest.raises(KeyError):
        draw_symbol(c, "no-such-symbol", 0, 0, 10, Inks(white, black, white))
