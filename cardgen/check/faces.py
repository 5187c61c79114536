"""Every card face can be printed: what ``build`` would refuse while drawing, ``check`` finds first.

A layout with no place for an element, two elements that overlap, a text that
does not fit its box: the renderer finds these only while drawing. ``face_errors``
draws every face of every component (and every shared back) in every language
onto a throwaway canvas and turns each refusal into one line with the file and
line where the face was written.
"""
from __future__ import annotations

import io
from typing import Any

from cardgen.errors import MAX_ERRORS, InputError
from cardgen.model.schema import LANGS
from cardgen.resolve.resolve import ResolvedDeck


def face_errors(deck: ResolvedDeck, langs: tuple[str, ...] | list[str] = LANGS) -> list[InputError]:
    """One ``InputError`` per face that cannot be drawn (at most ``MAX_ERRORS``)."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.cardface import draw_face

    canvas = Canvas(io.BytesIO())
    errors: list[InputError] = []
    seen: set[str] = set()
    backs_done: set[str] = set()
    for comp in deck.model.components:
        todo: list[tuple[Any, bool, tuple[Any, ...]]] = [(f, False, ("faces", j)) for j, f in enumerate(comp.faces)]
        if comp.back is not None and comp.back not in backs_done:
            backs_done.add(comp.back)
            todo.append((None, True, ()))
        for face, back, path in todo:
            for lang in langs:
                try:
                    draw_face(canvas, deck, comp, face, lang, 0, 0, back=back)
                except InputError as exc:
                    if back:
                        where, line = deck.lines.locate(("backs", comp.back))
                        file, field = where or deck.files[-1], f"backs.{comp.back}"
                    else:
                        file, line, field = deck.locate(comp.id, *path)
                    err = InputError(exc.message, file=file, line=line, field=field)
                    if str(err) not in seen:
                        seen.add(str(err))
                        errors.append(err)
                    if len(errors) >= MAX_ERRORS:
                        return errors
    return errors


def sheet_errors(deck: ResolvedDeck, papers: tuple[str, ...] | list[str] = ("a4", "letter")) -> list[InputError]:
    """Pieces too big for a paper: the sheet planner's refusal, with the line of the deck's ``card`` size."""
    from cardgen.render.sheets import plan

    errors: list[InputError] = []
    for paper in papers:
        try:
            plan(deck, paper)
        except InputError as exc:
            where, line = deck.lines.locate(("card",))
            errors.append(InputError(exc.message, file=where or exc.file, line=line,
                                     field=deck.lines.source_path(("card",))))
    return errors
