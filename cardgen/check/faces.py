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

Checking only needs what the renderer refuses, which our own code decides (layout
places, text fitting, glyphs, SVG and image files), not the PDF strokes: faces are
drawn on a ``DryCanvas`` that keeps reportlab's font and image checks but records
no shapes, and each face is checked once per language and deck (``paint_error``),
however many checks ask (``build`` runs these and ``check.static.print_checks``).
"""
from __future__ import annotations

import io
import weakref
from functools import cache
from typing import Any

from cardgen.errors import MAX_ERRORS, InputError
from cardgen.load.grouping import group_errors
from cardgen.model.schema import LANGS
from cardgen.model.deck import ResolvedDeck


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


def deck_sources(deck: ResolvedDeck) -> set[str]:
    """The files the deck was written in: its YAML files and the CSV or XLSX tables they name.

    An error in one of these is about one component (kept per line); an error in
    any other file (a layout, a symbol) is one line per file.
    """
    return {str(f) for f in deck.files} | {str(where[0]) for where in deck.lines.lines.values() if where[0]}


def _located(exc: InputError, file: str | None, line: int | None, field: str,
             deck_files: set[str]) -> InputError:
    """``exc`` at the deck's ``file:line`` and ``field``, unless it names the project file it lies in."""
    if exc.file is not None and exc.file not in deck_files:
        return exc
    return InputError(exc.message, file=file, line=line, field=field, hint=exc.hint, key=exc.key, fields=exc.fields)


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


class _NoPath:
    """A path that records nothing (``DryCanvas.beginPath``)."""

    def __getattr__(self, name: str) -> Any:
        return _nothing


@cache
def _dry_class() -> type:
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.symbols import RECORDS_NOTHING

    class DryCanvas(Canvas):
        def beginPath(self) -> Any:
            return _NoPath()

        drawPath = clipPath = rect = circle = ellipse = roundRect = line = lines = wedge = _nothing
        setFillColor = setStrokeColor = setLineWidth = setLineJoin = setLineCap = setDash = _nothing
        drawString = drawCentredString = drawRightString = transform = addLiteral = _nothing

    setattr(DryCanvas, RECORDS_NOTHING, True)  # bundled symbols are skipped, not drawn into nothing
    return DryCanvas


def dry_canvas() -> Any:
    """A reportlab canvas for checking faces: fonts, images and SVG files are still checked
    (``setFont``, ``drawImage``, svglib); paths, shapes, colours and strings are not recorded,
    which is most of what drawing a face costs and can never fail."""
    return _dry_class()(io.BytesIO())


#: Per deck (held weakly): (component id, face index or -1 for the reverse, lang) -> refusal or None;
#: a shared back is keyed by its id and the kind of piece it is drawn on.
_CHECKED: dict[int, tuple[Any, dict[tuple[str, int, str], InputError | None]]] = {}


def paint_error(deck: ResolvedDeck, comp: Any, face: Any, lang: str, back: bool = False,
                canvas: Any = None) -> InputError | None:
    """What drawing this face (``back``: the component's reverse) in ``lang`` refuses, or None.

    Remembered for the life of ``deck``: ``build`` asks for the same faces twice
    (input errors first, then the static checks).
    """
    from cardgen.render.cardface import paint

    ref, memo = _CHECKED.get(id(deck), (None, None))
    if ref is None or ref() is not deck or memo is None:
        memo = {}
        _CHECKED[id(deck)] = (weakref.ref(deck, lambda _, key=id(deck): _CHECKED.pop(key, None)), memo)
    key: tuple[str, Any, str]
    if back and comp.back is not None and not (len(comp.faces) == 2 and comp.kind in ("card", "token")):
        key = (f"back:{comp.back}", comp.kind, lang)  # a shared back: the same drawing on every piece of a kind
    else:
        key = (comp.id, -1 if back else next((i for i, f in enumerate(comp.faces) if f is face), 0), lang)
    if key not in memo:
        try:
            paint(canvas if canvas is not None else dry_canvas(), deck, comp, face, lang, back=back)
            memo[key] = None
        except InputError as exc:
            memo[key] = exc
    return memo[key]


def face_errors(deck: ResolvedDeck, langs: tuple[str, ...] | list[str] = LANGS) -> list[InputError]:
    """One ``InputError`` per face that cannot be drawn (at most ``MAX_ERRORS``)."""
    canvas = dry_canvas()
    errors: list[InputError] = []
    seen: set[str] = set()
    deck_files = deck_sources(deck)
    backs_done: set[str] = set()
    for comp in deck.model.components:
        todo: list[tuple[Any, bool, tuple[Any, ...]]] = [(f, False, ("faces", j)) for j, f in enumerate(comp.faces)]
        if comp.back is not None and comp.back not in backs_done:
            backs_done.add(comp.back)
            todo.append((None, True, ()))
        for face, back, path in todo:
            for lang in langs:
                exc = paint_error(deck, comp, face, lang, back, canvas)
                if exc is not None:
                    if back:
                        where, line = deck.lines.locate(("backs", comp.back))
                        file, field = where or deck.files[-1], f"backs.{comp.back}"
                    else:
                        file, line, field = deck.locate(comp.id, *path, *_field_of(exc, lang))
                    err = _located(exc, file, line, field, deck_files)
                    if _key(err, deck_files) not in seen:
                        seen.add(_key(err, deck_files))
                        errors.append(err)
                    if len(group_errors(errors)) > MAX_ERRORS:  # the same mistake on many rows is one line
                        return group_errors(errors)[:MAX_ERRORS]
    return group_errors(errors)


def _field_of(exc: InputError, lang: str) -> tuple[str, ...]:
    """The face field a refusal is about (``FaceFieldError``), so its cell or line is named."""
    element = getattr(exc, "element", None)
    if element is None:
        return ()
    if getattr(exc, "any_language", False) or element not in ("title", "text"):
        return (element,)
    return (element, lang)


def sheet_errors(deck: ResolvedDeck, papers: tuple[str, ...] | list[str] = ("a4", "letter"),
                 grid: tuple[int, int] | None = None, gutter_mm: float = 0.0) -> list[InputError]:
    """Pieces too big for a paper: the sheet planner's refusal, with the line of the deck's ``card`` size;
    then a ``--grid`` (``gutter_mm`` apart) that does not fit, as the option's own line (the first paper)."""
    from reportlab.lib.units import mm

    from cardgen.render.sheets import plan

    errors: list[InputError] = []
    deck_files = {str(f) for f in deck.files}
    for paper in papers:
        try:
            plan(deck, paper)
        except InputError as exc:
            where, line = deck.lines.locate(("card",))
            errors.append(_located(exc, where, line, deck.lines.source_path(("card",)), deck_files))
    if grid is not None and not errors:
        for paper in papers:
            try:
                plan(deck, paper, grid=grid, gutter=gutter_mm * mm)
            except InputError as exc:
                errors.append(exc)
                break
    return unique_errors(errors, deck_files)
