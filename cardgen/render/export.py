"""``cardgen export png|tts``: card images rasterised from the same vector drawing as the sheets.

Each distinct face is drawn once (``cardface.paint``) on its own page of a small
in-memory PDF, rasterised with pypdfium2 and encoded once; copies reuse the bytes.

``png`` writes ``out/<id>/<lang>/png/``: ``<component id>-<copy>.png`` for each copy's
front, ``<component id>-<copy>-back.png`` for the second face of two-sided pieces,
``back-<back id>.png`` once per shared back, and ``<component id>-<copy>-face<k>.png``
for each face of a die. Presets (``PRESETS``): ``default`` is 300 dpi with bleed,
``trim`` 300 dpi cut to the trim, ``mpc`` 825 x 1125 px with bleed for poker cards
(print-on-demand services).

``tts`` writes ``out/<id>/<lang>/tts/`` for Tabletop Simulator: per group of cards
sharing a back, sheets of at most 10 x 7 cards no wider than 4096 px, the last slot
(TTS's hidden card) filled with the back; ``back-<back id>.png`` for shared backs or a
matching ``-backs`` sheet for two-sided cards; tokens as single images; and
``tts.json`` listing every sheet with its grid size and card ids, for the import dialog.
"""
from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import InputError, did_you_mean
from cardgen.fileio import write_atomic
from cardgen.words import counted
from cardgen.render.cardface import paint, piece_size
from cardgen.render.sheets import Side, has_reverse, pdf_canvas, save_pdf

if TYPE_CHECKING:  # Pillow and pdfium are imported where pictures are made: build imports this module
    from PIL import Image

FORMATS = ("png", "tts")
TTS_MAX_COLS, TTS_MAX_ROWS, TTS_MAX_WIDTH = 10, 7, 4096
POKER_MM = (63.5, 88.9)


@dataclass(frozen=True)
class Preset:
    """Pixel size of exported card images."""

    dpi: float
    bleed: bool = True
    size_px: tuple[int, int] | None = None  # exact size for cards (then only poker cards qualify)
    note: str = ""


PRESETS: dict[str, Preset] = {
    "default": Preset(300, True, note="300 dpi, with bleed"),
    "trim": Preset(300, False, note="300 dpi, cut to the trim, no bleed"),
    "mpc": Preset(300, True, (825, 1125), note="825 x 1125 px poker cards with bleed, for MakePlayingCards"),
}


def sides_pdf(resolved: Any, lang: str, sides: list[Side], *, bleed: bool, compress: bool = True) -> bytes:
    """One page per side, sized to its bleed box (or trim box), drawn by the card renderer.

    ``compress=False`` leaves its streams (pages, fonts) uncompressed: for a PDF that is rendered
    at once and not kept, deflating them cost more than the bytes saved (the same drawing)."""
    buf = io.BytesIO()
    c = pdf_canvas(buf, (100.0, 100.0), compress=compress)  # every page gets its own size below
    for side in sides:
        geo = piece_size(resolved, side.component)
        b = geo.bleed if bleed else 0.0
        c.setPageSize((geo.width + 2 * b, geo.height + 2 * b))
        c.translate(b, b)
        face = side.component.faces[side.index] if side.index >= 0 else None
        paint(c, resolved, side.component, face, lang, back=side.index < 0)
        c.showPage()
    save_pdf(c)
    return buf.getvalue()


def rasterise(pdf: bytes, dpi: float, size_px: tuple[int, int] | None = None) -> list[Image.Image]:
    """Every page of ``pdf`` as an RGB image at ``dpi`` (or resampled to exactly ``size_px``)."""
    import pypdfium2 as pdfium
    from PIL import Image

    doc = pdfium.PdfDocument(pdf)
    images = []
    try:
        for page in doc:
            image = page.render(scale=dpi / 72.0).to_pil().convert("RGB")
            if size_px is not None and image.size != size_px:
                image = image.resize(size_px, Image.LANCZOS)
            images.append(image)
            page.close()
    finally:
        doc.close()
    return images


def png_bytes(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(300, 300))
    return buf.getvalue()


def _sides_of(resolved: Any) -> list[Side]:
    """Every distinct drawing of the deck, fronts then reverses, in deck order."""
    seen: dict[str, Side] = {}
    for comp in resolved.model.components:
        indices = range(len(comp.faces)) if comp.kind == "die" else [0]
        for i in indices:
            seen.setdefault(Side(comp, i).key(), Side(comp, i))
        if has_reverse(comp):
            side = Side(comp, -1)
            seen.setdefault(side.key(), side)
    return list(seen.values())


def _check_preset(resolved: Any, name: str) -> Preset:
    if name not in PRESETS:
        choices = "; ".join(f"{key} ({preset.note})" for key, preset in PRESETS.items())
        raise InputError(f"unknown preset '{name}'; expected one of: {choices}", field="--preset",
                         hint=did_you_mean(name, PRESETS),
                         key="unknown_preset", fields={"name": name, "expected": choices})
    preset = PRESETS[name]
    card = resolved.model.card
    if preset.size_px is not None and (abs(card.width_mm - POKER_MM[0]) > 0.2
                                       or abs(card.height_mm - POKER_MM[1]) > 0.2):
        raise InputError(f"preset '{name}' is for poker cards ({POKER_MM[0]} x {POKER_MM[1]} mm); this deck's "
                         f"cards are {card.width_mm:g} x {card.height_mm:g} mm; use --preset default",
                         key="preset_poker", fields={"name": name, "poker": f"{POKER_MM[0]} x {POKER_MM[1]}", "size": f"{card.width_mm:g} x {card.height_mm:g}"})
    return preset


def export_png(resolved: Any, lang: str, out: Path, preset_name: str = "default") -> int:
    """Write one PNG per copy (see the module docstring); return the number of files."""
    from PIL import Image

    preset = _check_preset(resolved, preset_name)
    sides = _sides_of(resolved)
    images = rasterise(sides_pdf(resolved, lang, sides, bleed=preset.bleed), preset.dpi)
    encoded: dict[str, bytes] = {}
    for side, image in zip(sides, images):
        if preset.size_px is not None and side.component.kind == "card":
            image = image.resize(preset.size_px, Image.LANCZOS)
        encoded[side.key()] = png_bytes(image)
    folder = out / resolved.id / lang / "png"
    files = 0
    for comp in resolved.model.components:
        for copy in range(1, comp.count + 1):
            if comp.kind == "die":
                for i in range(len(comp.faces)):
                    write_atomic(folder / f"{comp.id}-{copy}-face{i + 1}.png", encoded[Side(comp, i).key()])
                    files += 1
                continue
            write_atomic(folder / f"{comp.id}-{copy}.png", encoded[Side(comp, 0).key()])
            files += 1
            if len(comp.faces) == 2:
                write_atomic(folder / f"{comp.id}-{copy}-back.png", encoded[Side(comp, -1).key()])
                files += 1
    for bid in sorted({c.back for c in resolved.model.components if c.back is not None}):
        comp = next(c for c in resolved.model.components if c.back == bid)
        write_atomic(folder / f"back-{bid}.png", encoded[Side(comp, -1).key()])
        files += 1
    return files


def export_tts(resolved: Any, lang: str, out: Path) -> int:
    """Tabletop Simulator sheets (see the module docstring); return the number of files."""
    cards = [c for c in resolved.model.components if c.kind == "card" and c.count > 0]
    folder = out / resolved.id / lang / "tts"
    manifest: dict[str, Any] = {"deck": resolved.id, "lang": lang, "decks": [], "tokens": []}
    files = 0
    if cards:
        geo = piece_size(resolved, cards[0])
        width_px = TTS_MAX_WIDTH // TTS_MAX_COLS
        dpi = width_px / (geo.width / 72.0)
        card_sides = [s for s in _sides_of(resolved) if s.component.kind == "card"]
        images = dict(zip((s.key() for s in card_sides),
                          rasterise(sides_pdf(resolved, lang, card_sides, bleed=False), dpi)))
        groups: dict[str, list[Any]] = {}
        for comp in cards:
            groups.setdefault(comp.back or "two-sided", []).extend([comp] * comp.count)
        for group, copies in groups.items():
            two_sided = group == "two-sided"
            hidden_key = Side(copies[0], -1).key()
            per_sheet = TTS_MAX_COLS * TTS_MAX_ROWS - 1
            for n, start in enumerate(range(0, len(copies), per_sheet), 1):
                chunk = copies[start:start + per_sheet]
                cols = min(TTS_MAX_COLS, len(chunk) + 1)
                rows = math.ceil((len(chunk) + 1) / cols)
                stem = f"{group}-{n}"
                faces = _tts_sheet([images[Side(c, 0).key()] for c in chunk], images[hidden_key], cols, rows)
                write_atomic(folder / f"{stem}.png", png_bytes(faces))
                files += 1
                entry: dict[str, Any] = {"face": f"{stem}.png", "num_width": cols, "num_height": rows,
                                         "count": len(chunk), "cards": [c.id for c in chunk]}
                if two_sided:
                    backs = _tts_sheet([images[Side(c, -1).key()] for c in chunk], images[hidden_key], cols, rows)
                    write_atomic(folder / f"{stem}-backs.png", png_bytes(backs))
                    files += 1
                    entry.update(back=f"{stem}-backs.png", unique_back=True)
                else:
                    entry.update(back=f"back-{group}.png", unique_back=False)
                manifest["decks"].append(entry)
            if not two_sided:
                write_atomic(folder / f"back-{group}.png", png_bytes(images[hidden_key]))
                files += 1
    tokens = [c for c in resolved.model.components if c.kind == "token"]
    if tokens:
        token_sides = [s for s in _sides_of(resolved) if s.component.kind == "token"]
        for side, image in zip(token_sides, rasterise(sides_pdf(resolved, lang, token_sides, bleed=False), 300)):
            name = f"{side.component.id}{'-back' if side.index < 0 else ''}.png"
            write_atomic(folder / name, png_bytes(image))
            manifest["tokens"].append({"image": name, "count": side.component.count})
            files += 1
    write_atomic(folder / "tts.json", json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return files + 1


def _tts_sheet(cards: list[Image.Image], hidden: Image.Image, cols: int, rows: int) -> Image.Image:
    """A grid of card images, row by row, with ``hidden`` in the last slot."""
    from PIL import Image

    w, h = hidden.size
    sheet = Image.new("RGB", (cols * w, rows * h), "white")
    for i, image in enumerate(cards):
        row, col = divmod(i, cols)
        sheet.paste(image, (col * w, row * h))
    sheet.paste(hidden, ((cols - 1) * w, (rows - 1) * h))
    return sheet


def export(resolved: Any, fmt: str, langs: list[str], out: Path, preset: str = "default") -> int:
    """``cardgen export``: write ``fmt`` images of ``resolved`` for each language; return 0."""
    if fmt not in FORMATS:
        raise InputError(f"unknown export format '{fmt}'; expected one of {', '.join(FORMATS)}",
                         hint=did_you_mean(fmt, FORMATS),
                         key="unknown_format", fields={"name": fmt, "expected": ", ".join(FORMATS)})
    out = Path(out)
    for lang in langs:
        files = export_png(resolved, lang, out, preset) if fmt == "png" else export_tts(resolved, lang, out)
        where = out / resolved.id / lang / fmt
        print(f"cardgen export {fmt}: {counted(files, 'file')} in {where}")
    return 0
