"""Helpers for the renderer's tests: throwaway decks, PDF pages as pixels, colour boxes.

Test decks use the King Lui rules package (any game would do: the renderer only
reads layouts and data) with whatever components a test needs: two-sided cards,
tokens, dice, long texts. Pixels come from pypdfium2, boxes from Pillow.
"""
from __future__ import annotations

import colorsys
import io
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import yaml
from PIL import Image, ImageChops

from cardgen.resolve.resolve import Resolver, resolve_all
from cardgen.load.project import Project

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4  # points per millimetre


def text(en: str, fr: str | None = None, it: str | None = None) -> dict[str, str]:
    return {"fr": fr or en, "it": it or en, "en": en}


def deck_yaml(components: list[dict[str, Any]], *, colours: dict[str, str] | None = None,
              backs: dict[str, dict[str, Any]] | None = None, card: dict[str, float] | None = None) -> dict:
    """A complete deck document around ``components`` (game king_lui, no data checks needed)."""
    palette = {"grey": "#767676"} | (colours or {})  # the darkest grey white text reads on (WCAG 4.5:1)
    doc: dict[str, Any] = {
        "game": "king_lui",
        "name": text("Test deck", "Jeu d’essai", "Mazzo di prova"),
        "credits": {"designers": ["Tester"], "publisher": "Nobody", "year": 2024},
        "players": {"min": 3, "max": 5},
        "rules": {"course_cards_per_player": 2},
        "colours": {cid: {"rgb": rgb, "name": text(cid)} for cid, rgb in palette.items()},
        "backs": backs or {"plain": {"layout": "back", "title": text("Back"), "colour": "grey", "symbol": "star"}},
        "components": components,
    }
    if card:
        doc["card"] = card
    return doc


def card(cid: str, count: int = 1, *, faces: list[dict[str, Any]] | None = None, back: str | None = "plain",
         kind: str = "card", **face: Any) -> dict[str, Any]:
    """A component; by default one ``feature`` face with the title ``cid`` and the shared back."""
    comp: dict[str, Any] = {"id": cid, "kind": kind, "count": count, "name": text(cid),
                            "faces": faces or [{"layout": "feature", "title": text(cid), **face}]}
    if kind == "card":
        comp["data"] = {"role": "portion"}
    if back is not None and (kind != "card" or len(comp["faces"]) == 1):
        comp["back"] = back
    return comp


def make_deck(tmp_path: Path, components: list[dict[str, Any]], deck_id: str = "testdeck", **kwargs: Any):
    """Write the deck into a fresh project under ``tmp_path`` and resolve it."""
    (tmp_path / "decks").mkdir(parents=True, exist_ok=True)
    path = tmp_path / "decks" / f"{deck_id}.yaml"
    path.write_text(yaml.safe_dump(deck_yaml(components, **kwargs), allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    return Resolver(Project.open(tmp_path)).resolve(deck_id)


def real_decks(variants: bool = False) -> list[Any]:
    """The project's decks (and variants), whatever exists right now."""
    decks = resolve_all(None, ROOT)
    return decks if variants else [d for d in decks if d.kind == "deck"]


def pages(pdf: bytes, dpi: float, which: list[int] | None = None) -> list[Image.Image]:
    """Pages of ``pdf`` (0-based indices, all by default) as RGB images at ``dpi``."""
    doc = pdfium.PdfDocument(pdf)
    try:
        indices = range(len(doc)) if which is None else which
        return [doc[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in indices]
    finally:
        doc.close()


def page_count(pdf: bytes) -> int:
    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


def ink_mask(image: Image.Image, threshold: int = 60) -> Image.Image:
    """1-bit-like mask of pixels clearly darker than white (255 where inked)."""
    grey = ImageChops.invert(image.convert("L"))
    return grey.point(lambda v: 255 if v > threshold else 0)


def inked_pixels(mask: Image.Image) -> int:
    """How many pixels of a greyscale mask are not zero."""
    return sum(mask.convert("L").histogram()[1:])


def colour_mask(image: Image.Image, rgb: tuple[int, int, int], tolerance: int = 12) -> Image.Image:
    """Mask of pixels within ``tolerance`` of ``rgb`` on every channel."""
    bands = image.split()
    masks = [band.point(lambda v, c=c: 255 if abs(v - c) <= tolerance else 0) for band, c in zip(bands, rgb)]
    out = masks[0]
    for m in masks[1:]:
        out = ImageChops.multiply(out, m)
    return out


def to_pixels(box_pt: tuple[float, float, float, float], page_h_pt: float, dpi: float) -> tuple[float, ...]:
    """A PDF box (points, bottom-left origin) in image pixels (top-left origin): left, top, right, bottom."""
    s = dpi / 72
    x0, y0, x1, y1 = box_pt
    return (x0 * s, (page_h_pt - y1) * s, x1 * s, (page_h_pt - y0) * s)


def qpdf_problems(pdf: bytes) -> list[str]:
    """What qpdf finds wrong with ``pdf`` (``Pdf.check``, renamed ``check_pdf_syntax`` in pikepdf 10)."""
    import pikepdf

    with pikepdf.Pdf.open(io.BytesIO(pdf)) as doc:
        check = getattr(doc, "check", None) or doc.check_pdf_syntax
        return [str(p) for p in check()]


def hex_rgb(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def two_sided_deck(tmp_path: Path, cards: int = 10, tokens: int = 3):
    """Cards and tokens whose every face has a colour of its own, so pixels say which face is where."""
    colours, components = {}, []
    n = 2 * (cards + tokens)
    for i in range(n):  # evenly spaced hues, two lightness levels: all far apart
        r, g, b = colorsys.hls_to_rgb(i / n, 0.42 if i % 2 else 0.58, 0.75)
        colours[f"c{i}"] = "#%02X%02X%02X" % (round(r * 255), round(g * 255), round(b * 255))
    for i in range(cards + tokens):
        kind = "card" if i < cards else "token"
        layout = "feature" if kind == "card" else "token"
        faces = [{"layout": layout, "title": text(f"F{i}"), "colour": f"c{2 * i}", "symbol": "star"},
                 {"layout": layout, "title": text(f"B{i}"), "colour": f"c{2 * i + 1}", "symbol": "mask"}]
        components.append(card(f"p{i}", faces=faces, kind=kind, back=None))
    return make_deck(tmp_path, components, colours=colours), colours
