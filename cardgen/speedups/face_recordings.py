"""Card faces drawn in one rulebook, replayed in the next book of the same text.

The A4 and letter rulebooks of one deck and language show the same card pictures
(``cardgen.rulebook.pictures.CardPicture``). Drawing a face runs the card renderer; the
first drawing is recorded from reportlab's canvas internals (its ``_code`` list of
content-stream lines, its state stack), and the next book writes those lines again: a
change to how reportlab's canvas behaves, so it lives here and switches off with
``CARDGEN_SPEEDUPS=0`` (or ``-face_recordings``). Measured gain: see ``cardgen.speedups``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from cardgen.speedups import enabled

#: Canvas methods whose only effects are content-stream operators that name no PDF resource
#: (paths, line styles, transforms) and graphics state the canvas saves and restores: what
#: they write is the same in every document, so a recording replays it as written.
PURE_METHODS = frozenset({
    "saveState", "restoreState", "translate", "scale", "rotate", "skew", "transform", "beginPath", "clipPath",
    "drawPath", "rect", "roundRect", "circle", "ellipse", "wedge", "arc", "bezier", "line", "lines", "grid",
    "setLineWidth", "setLineJoin", "setLineCap", "setDash", "setMiterLimit", "stringWidth",
    "addLiteral"})  # a literal naming a resource is refused when recorded (see ``_Recorder._cut``)
#: Canvas methods that also touch the document, so a replay calls them again: text (its bytes
#: depend on the document's font names and the codes its font subsets gave characters so far)
#: and colours (a colour's alpha raises the document's PDF version and may name a graphics state).
CALLED_METHODS = frozenset({"setFont", "setFontSize", "drawString", "drawCentredString", "drawRightString",
                            "setFillColor", "setStrokeColor", "setFillColorRGB", "setStrokeColorRGB",
                            "setFillGray", "setStrokeGray"})
#: Canvas state that the called methods or path painting (``_fillMode``) read: a recording is replayed
#: only on a canvas in the same state.
ENTRY_STATE = ("_fontname", "_fontsize", "_leading", "_fillMode", "_charSpace", "_wordSpace", "_horizScale",
               "_textRenderMode", "_rise", "bottomup")

Step = tuple[str, tuple[Any, ...], dict[str, Any]]


def _entry_state(canv: Canvas) -> tuple[Any, ...]:
    """The state of ``canv`` a recording made now depends on: it replays only on a canvas in the same."""
    extgstate = getattr(canv, "_extgstate", None)
    return (*(getattr(canv, name, None) for name in ENTRY_STATE),
            tuple(sorted(getattr(extgstate, "_d", {}).items())))


class _Recorder:
    """Stands for a canvas while a face is drawn: forwards every call to it and notes the calls of
    ``CALLED_METHODS`` and, between them, the content-stream lines the other calls wrote. Any
    call outside ``PURE_METHODS`` and ``CALLED_METHODS`` (images, forms, links...) spoils the
    recording, and so does a drawing that does not restore every state it saved."""

    def __init__(self, canv: Canvas) -> None:
        self._canv = canv
        self._code: list[str] = canv._code
        self._mark = len(self._code)
        self._depth = len(canv.state_stack)
        self.steps: list[list[str] | Step] = []
        self.spoilt = False

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._canv, name)
        if name in CALLED_METHODS:
            return lambda *args, **kwargs: self._call(name, value, args, kwargs)
        if name not in PURE_METHODS:
            self.spoilt = True
        return value

    def _call(self, name: str, method: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        self._cut()
        self.steps.append((name, args, kwargs))
        result = method(*args, **kwargs)
        self._mark = len(self._code)
        return result

    def _cut(self) -> None:
        """Keep the lines written since the last mark as one replayed chunk."""
        if self._canv._code is not self._code:
            self.spoilt = True
            return
        chunk = self._code[self._mark:]
        if any("/" in line for line in chunk):  # a named resource (font, image, graphics state): per document
            self.spoilt = True
        if chunk:
            self.steps.append(chunk)

    def finish(self) -> list[list[str] | Step] | None:
        """The steps that replay the drawing, or None when it cannot be replayed."""
        self._cut()
        balanced = len(self._canv.state_stack) == self._depth
        return None if self.spoilt or not balanced else self.steps


@dataclass
class DrawnFaces:
    """Card faces drawn in one book, replayed in the next books of the same text.

    Drawing a face runs the card renderer (layouts, symbols, text fitting); the books of
    a deck and language on A4 and letter show the same faces at the same size in card
    units (the scale is set around the drawing). The first drawing of a face is recorded:
    the content-stream lines of paths, and the calls that set text and colours, which are
    made again on the next canvas because what they do depends on that document (its
    fonts) or changes it. The bytes of every book are those of a real drawing.
    """

    _known: dict[tuple[Any, ...], tuple[tuple[Any, ...], list[list[str] | Step] | None]] = field(default_factory=dict)

    def draw(self, canv: Canvas, key: tuple[Any, ...], paint: Callable[[Any], None]) -> None:
        """Draw on ``canv`` what ``paint(canvas)`` draws, from the recording under ``key`` if any
        (never when this speed-up is switched off: ``CARDGEN_SPEEDUPS``)."""
        if not enabled("face_recordings"):
            paint(canv)
            return
        entry = _entry_state(canv)
        known = self._known.get(key)
        if known is not None and known[0] == entry and known[1] is not None:
            _replay(canv, known[1])
            return
        recorder = _Recorder(canv)
        paint(recorder)
        if known is None:
            self._known[key] = (entry, recorder.finish())


def _replay(canv: Canvas, steps: list[list[str] | Step]) -> None:
    """Write a recorded drawing on ``canv``: chunks as they are, text and colour calls again. The state the
    drawing changed in between is saved and restored around it, as the drawing's own
    (balanced) saveState and restoreState did."""
    canv.push_state_stack()
    code = canv._code
    for step in steps:
        if isinstance(step, list):
            code.extend(step)
        else:
            name, args, kwargs = step
            getattr(canv, name)(*args, **kwargs)
    canv.pop_state_stack()
