"""Fit text into a box: shrink to a minimum size, wrap with hyphenation, never overflow.

``fit_text`` tries font sizes from the largest down to the smallest in half-point
steps and returns the first layout whose every line is no wider than the box and
whose lines, from the top of the first to the bottom of the last (the font's
ascent and descent, which cover accented capitals), are no taller than the box.
Words break at ordinary spaces only, so the no-break spaces French typography puts
before ``; : ! ?`` and inside « » keep their punctuation attached; a word too long
for a line is hyphenated at the points pyphen gives for the language. When even
the smallest size fails, ``TextFitError`` says so and the caller names the card.
Results are cached: a deck prints the same text on many copies.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from cardgen.fonts import register_font
from cardgen.typography import bind_figures

if TYPE_CHECKING:
    import pyphen

#: Line spacing as a multiple of the font size.
LEADING = 1.2
STEP = 0.5
HYPHEN = "-"
#: a text of at most this many words is set smaller before a word is split to fill a short line
SHORT_WORDS = 5
#: a last line holding one word alone is set again at measures this much narrower, this many times
LONE_STEP = 0.03
LONE_STEPS = 8


class TextFitError(ValueError):
    """The text does not fit its box even at the smallest allowed size."""


@dataclass(frozen=True)
class Fitted:
    """Lines ready to draw: ``(font, text)`` pairs at one size."""

    size: float
    lines: tuple[tuple[str, str], ...]
    ascent: float  # of the first line's font, points
    descent: float  # of the last line's font, points (positive)

    @property
    def leading(self) -> float:
        return self.size * LEADING

    @property
    def height(self) -> float:
        """From the top of the first line's ascenders to the bottom of the last line's descenders."""
        return self.ascent + self.descent + self.leading * (len(self.lines) - 1)

    def width(self) -> float:
        return max((stringWidth(t, f, self.size) for f, t in self.lines), default=0.0)


@cache
def _hyphenator(lang: str) -> pyphen.Pyphen:
    from cardgen.render.hyphcache import hyphenator  # most faces fit without hyphenating: no import

    return hyphenator(lang)


#: Extent of the bundled DejaVu fonts' Latin glyphs per point of size: the top of
#: accented capitals (É, À) and the bottom of descenders and cedillas (g, Ç). The
#: fonts' typographic ascent (0.76) would let an É poke out of its box.
GLYPH_TOP, GLYPH_BOTTOM = 0.94, 0.25


@cache
def _metrics(font: str) -> tuple[float, float]:
    """Ascent and descent (positive) of ``font`` per point of size, covering accented capitals."""
    register_font(font)
    face = getFont(font).face
    return max(face.ascent / 1000.0, GLYPH_TOP), max(-face.descent / 1000.0, GLYPH_BOTTOM)


def _wrap(text: str, font: str, size: float, width: float, lang: str, fill: bool = True) -> list[str] | None:
    """Greedy line breaking with hyphenation; None if some piece cannot fit ``width``. With ``fill``, a
    word is also hyphenated to fill a line that would otherwise stay short; without, only a word too
    long for any line is."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = [w for w in bind_figures(para).split(" ") if w]  # "1 carte" stays on one line
        line = ""
        i = 0
        while i < len(words):
            word = words[i]
            candidate = f"{line} {word}" if line else word
            if stringWidth(candidate, font, size) <= width:
                line = candidate
                i += 1
                continue
            # The word does not fit after ``line``: hyphenate it into the remaining space when
            # the word is too long for any line or the line would otherwise stay short.
            head = None
            alone_fits = stringWidth(word, font, size) <= width
            short_line = fill and stringWidth(line, font, size) < 0.6 * width
            for left, right in _hyphenator(lang).iterate(word) if (not alone_fits or short_line) else ():
                trial = (f"{line} " if line else "") + left + HYPHEN
                if stringWidth(trial, font, size) <= width:
                    head = (trial, right)
                    break
            if head is not None:
                lines.append(head[0])
                words[i] = head[1]
                line = ""
            elif line:
                lines.append(line)
                line = ""
            else:
                return None  # a single unbreakable piece wider than the box
        if line or not words:
            lines.append(line)
    return lines


@lru_cache(maxsize=4096)
def fit_text(paragraphs: tuple[tuple[str, str], ...], width: float, height: float,
             largest: float, smallest: float, lang: str, max_lines: int | None = None) -> Fitted:
    """Lay out ``paragraphs`` (``(font, text)``, one font each) in a ``width`` x ``height`` box.

    All paragraphs share one size, the largest that fits (never below ``smallest``). At each size a
    layout that hyphenates only words too long for a line is preferred: a card or token whose text
    fits without filling short lines keeps its words whole ("Worth 3 silver coins", not "sil-ver").
    A text of at most ``SHORT_WORDS`` words tries every size without filling first: it shrinks
    rather than split a word of a title or a token.
    Raises ``TextFitError`` when nothing fits.
    """
    for font, _ in paragraphs:
        register_font(font)
    # a text of a few words (a token's "Worth 3 silver coins") is set smaller rather than hyphenated to
    # fill a line: first every size without filling, then the usual order
    short = sum(len(text.split()) for _, text in paragraphs) <= SHORT_WORDS
    for fills in (((False,), (False, True)) if short else ((False, True),)):
        size = largest
        while size >= smallest - 1e-9:
            for fill in fills:
                fitted = _layout(paragraphs, width, size, lang, fill)
                if (fitted is not None and fitted.height <= height
                        and (max_lines is None or len(fitted.lines) <= max_lines)):
                    return _no_lone_word(fitted, paragraphs, width, lang, fill)
            size = round(size - STEP, 2)
    raise TextFitError(f"does not fit a {width / 2.8346:.1f} x {height / 2.8346:.1f} mm box even at {smallest:g} pt")


def _no_lone_word(fitted: Fitted, paragraphs: tuple[tuple[str, str], ...], width: float, lang: str,
                  fill: bool) -> Fitted:
    """``fitted`` again at a slightly narrower measure where its last line holds one word alone ("…90°,
    180° or | 270°."): the same size and number of lines, so the same height, with the last line
    holding two words or more. Unchanged when no measure down to ``1 - LONE_STEPS * LONE_STEP`` of
    the width does that."""
    if len(fitted.lines) < 2 or " " in fitted.lines[-1][1].strip():
        return fitted
    for step in range(1, LONE_STEPS + 1):
        trial = _layout(paragraphs, width * (1 - step * LONE_STEP), fitted.size, lang, fill)
        if trial is None or len(trial.lines) != len(fitted.lines):
            return fitted
        if " " in trial.lines[-1][1].strip():
            return trial
    return fitted


def _layout(paragraphs: tuple[tuple[str, str], ...], width: float, size: float, lang: str,
            fill: bool = True) -> Fitted | None:
    lines: list[tuple[str, str]] = []
    for font, text in paragraphs:
        wrapped = _wrap(text, font, size, width, lang, fill)
        if wrapped is None:
            return None
        lines.extend((font, t) for t in wrapped)
    if not lines:
        return Fitted(size, (), 0.0, 0.0)
    ascent = _metrics(lines[0][0])[0] * size
    descent = _metrics(lines[-1][0])[1] * size
    return Fitted(size, tuple(lines), ascent, descent)


def fit_line(text: str, font: str, width: float, height: float, largest: float, smallest: float,
             lang: str) -> Fitted:
    """One line of running text (labels, lists): shrunk, and cut short with "…" if still too long."""
    try:
        return fit_text(((font, text),), width, height, largest, smallest, lang, 1)
    except TextFitError:
        words = text
        while words and stringWidth(words + "…", font, smallest) > width:
            words = words[:-1]
        return fit_text(((font, words.rstrip() + "…"),), width, height, smallest, smallest, lang, 1)


@lru_cache(maxsize=4096)
def missing_glyphs(text: str, font: str) -> frozenset[str]:
    """Characters of ``text`` that ``font`` has no glyph for (they would print as boxes).

    Memoised: the same titles and values are checked on every sheet and paper."""
    register_font(font)
    cmap = getFont(font).face.charToGlyph
    return frozenset(ch for ch in text if ch not in "\n" and ord(ch) not in cmap)


def draw_fitted(canvas, fitted: Fitted, x: float, y: float, w: float, h: float,
                align: str = "centre", colour=None) -> None:
    """Draw ``fitted`` in the box (bottom-left ``x, y``), vertically centred."""
    if not fitted.lines:
        return
    if colour is not None:
        canvas.setFillColor(colour)
    top = y + h - (h - fitted.height) / 2
    baseline = top - fitted.ascent
    for font, text in fitted.lines:
        canvas.setFont(font, fitted.size)
        if align == "left":
            canvas.drawString(x, baseline, text)
        elif align == "right":
            canvas.drawRightString(x + w, baseline, text)
        else:
            canvas.drawCentredString(x + w / 2, baseline, text)
        baseline -= fitted.leading
