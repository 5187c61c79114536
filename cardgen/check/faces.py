"""Every card face can be printed: what ``build`` would refuse while drawing, ``check`` finds first.

A layout with no place for an element, two elements that overlap, a text that
does not fit its box: the renderer finds these only while drawing. ``face_errors``
draws every face of every component (and every shared back) in every language
onto a throwaway canvas and turns each refusal into one line with the file and
line where the face was written.

An error that lies in a project file rather than in the deck (a layout in
``templates/layouts/``, an SVG symbol or art file) already names that file; it
keeps its own file and line and is reported once, however many faces use the
file (``unique_errors``).
"""
from __future__ import annotations

import io
from typing import Any

from cardgen.errors import MAX_ERRORS, InputError
from cardgen.model.schema import LANGS
from cardgen.resolve.resolve import ResolvedDeck


def _key(err: InputError, deck_files: set[str]) -> str:
    """What makes two errors the same problem: the file for a project file's fault, else the whole line."""
    if err.file is not None and err.file not in deck_files:
        return f"file:{err.file}"
    return str(err)


def unique_errors(errors: list[InputError], deck_files: set[str] | None = None) -> list[InputError]:
    """``errors`` without repeats; an error in a file other than ``deck_files`` counts once per file."""
    seen: set[str] = set()
    out: list[InputError] = []
    for err in errors:
        key = _key(err, deck_files or set())
        if key not in seen:
            seen.add(key)
            out.append(err)
    return out


def _located(exc: InputError, file: str | None, line: int | None, field: str,
             deck_files: set[str]) -> InputError:
    """``exc`` at the deck's ``file:line`` and ``field``, unless it names the project file it lies in."""
    if exc.file is not None and exc.file not in deck_files:
        return exc
    return InputError(exc.message, file=file, line=line, field=field, hint=exc.hint)


def face_errors(deck: ResolvedDeck, langs: tuple[str, ...] | list[str] = LANGS) -> list[InputError]:
    """One ``InputError`` per face that cannot be drawn (at most ``MAX_ERRORS``)."""
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.cardface import draw_face

    canvas = Canvas(io.BytesIO())
    errors: list[InputError] = []
    seen: set[str] = set()
    deck_files = {str(f) for f in deck.files}
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
                    err = _located(exc, file, line, field, deck_files)
                    if _key(err, deck_files) not in seen:
                        seen.add(_key(err, deck_files))
                        errors.append(err)
                    if len(errors) >= MAX_ERRORS:
                        return errors
    return errors


def sheet_errors(deck: ResolvedDeck, papers: tuple[str, ...] | list[str] = ("a4", "letter")) -> list[InputError]:
    """Pieces too big for a paper: the sheet planner's refusal, with the line of the deck's ``card`` size."""
    from cardgen.render.sheets import plan

    errors: list[InputError] = []
    deck_files = {str(f) for f in deck.files}
    for paper in papers:
        try:
            plan(deck, paper)
        except InputError as exc:
            where, line = deck.lines.locate(("card",))
            errors.append(_located(exc, where, line, deck.lines.source_path(("card",)), deck_files))
    return unique_errors(errors, deck_files)
