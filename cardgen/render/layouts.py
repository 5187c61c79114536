"""Layout geometry as data: ``templates/layouts/<layout>.yaml``, read once.

A layout file places the elements a face may carry (title, symbol, value, points,
pattern, text...) as boxes ``[x, y, width, height]`` in fractions of the trimmed
piece, measured from its top-left corner, which is how a designer measures a
card. ``Box.rect`` turns a box into points in reportlab's bottom-left frame.
The painter (``cardface``) draws whichever elements a face has data for, in a
fixed order, so a new card look is a YAML edit, not code. An element may name
alternative boxes: ``box_alone`` when no other element the face shows overlaps
it (a symbol grows when there is no text), ``box_shared`` when one overlaps its
main box (a title narrows between the corner values). An ``art`` box places the
face's image (``fit: contain`` shows all of it, ``cover`` fills the box and crops);
a layout without one draws art in its symbol box.

A project's own ``templates/layouts/<id>.yaml`` files add layouts, or replace a
bundled one of the same id (``layouts_for(project)``); docs/authoring.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.errors import InputError
from cardgen.load.yamlio import read_yaml
from cardgen.paths import templates_dir
from cardgen.render.vocab import LAYOUT_IDS, PROJECT_LAYOUTS, project_files

#: ``templates/layouts`` of the checkout (the package is installed editable).
LAYOUT_DIR = templates_dir() / "layouts"

#: Elements a layout may place, in the order they are painted.
ELEMENTS = ("band", "art", "symbol", "mini_symbol", "pattern", "title", "value", "points", "text")
TEXT_ELEMENTS = ("title", "value", "text")
#: Top-level keys that are not elements.
#: Font names a layout may use (``cardgen.fonts``).
FONTS = tuple(f"{family}{style}" for family in ("Sans", "Serif", "Condensed")
              for style in ("", "-Bold", "-Italic", "-BoldItalic"))
SETTINGS = ("background", "panel_inset", "ornament", "diameter_mm", "face_mm", "safe_mm", "tab_mm", "net",
            "pips", "tabs")


@dataclass(frozen=True)
class Box:
    """A rectangle in fractions of the piece, from its top-left corner."""

    x: float
    y: float
    w: float
    h: float

    def rect(self, width: float, height: float) -> tuple[float, float, float, float]:
        """``(x, y, w, h)`` in points, bottom-left origin, on a ``width`` x ``height`` piece."""
        return (self.x * width, (1 - self.y - self.h) * height, self.w * width, self.h * height)


@dataclass(frozen=True)
class Element:
    """One placed element: its box, alternative boxes and text settings."""

    box: Box
    box_shared: Box | None = None  # used when another element the face shows overlaps ``box``
    box_alone: Box | None = None  # used when no other element the face shows overlaps it
    font: str = "Sans"
    size: tuple[float, float] = (10.0, 6.0)  # largest and smallest font size, points
    lines: int | None = None  # at most this many lines (titles)
    align: str = "centre"
    mirror: bool = False  # also drawn turned 180 degrees (cards read from both ends)
    fit: str = "contain"  # art only: "contain" (whole image) or "cover" (fills the box, cropped)


@dataclass(frozen=True)
class Layout:
    """The geometry of one layout id."""

    id: str
    background: str  # "full": colour to the bleed; "frame": colour frame around a light panel
    elements: dict[str, Element]
    panel_inset: float = 0.045
    ornament: float | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    #: What the painter works out from this layout alone, kept for the next face
    #: (``cardface.arrangement``): not part of the layout's value.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def get(self, name: str) -> Element | None:
        return self.elements.get(name)


def _box(value: Any, where: str) -> Box:
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(v, (int, float)) for v in value)):
        raise ValueError(f"{where}: expected [x, y, width, height] fractions")
    box = Box(*(float(v) for v in value))
    if box.w <= 0 or box.h <= 0 or box.x < 0 or box.y < 0 or box.x + box.w > 1.0001 or box.y + box.h > 1.0001:
        raise ValueError(f"{where}: box {value} leaves the card")
    return box


def parse_layout(layout_id: str, data: dict[str, Any]) -> Layout:
    """Validate one layout file's data (errors name the file and key)."""
    where = f"templates/layouts/{layout_id}.yaml"
    unknown = set(data) - set(ELEMENTS) - set(SETTINGS)
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)}; expected {ELEMENTS + SETTINGS}")
    background = data.get("background", "frame")
    if background not in ("full", "frame"):
        raise ValueError(f"{where}: background must be 'full' or 'frame'")
    elements: dict[str, Element] = {}
    for name in ELEMENTS:
        raw = data.get(name)
        if raw is None:
            continue
        if not isinstance(raw, dict) or "box" not in raw:
            raise ValueError(f"{where}: {name}: expected a mapping with a 'box'")
        extra = set(raw) - {"box", "box_shared", "box_alone", "font", "size", "lines", "align", "mirror", "fit"}
        if extra:
            raise ValueError(f"{where}: {name}: unknown keys {sorted(extra)}")
        size = raw.get("size", [10, 6])
        if not (isinstance(size, list) and len(size) == 2 and 0 < size[1] <= size[0]):
            raise ValueError(f"{where}: {name}.size: expected [largest, smallest] points")
        if raw.get("align", "centre") not in ("left", "centre"):
            raise ValueError(f"{where}: {name}.align: expected left or centre")
        if raw.get("fit", "contain") not in ("contain", "cover"):
            raise ValueError(f"{where}: {name}.fit: expected contain or cover")
        font = str(raw.get("font", "Sans"))
        if font not in FONTS:
            raise ValueError(f"{where}: {name}.font: unknown font '{font}'; expected one of {', '.join(FONTS)}")
        elements[name] = Element(
            box=_box(raw["box"], f"{where}: {name}.box"),
            box_shared=_box(raw["box_shared"], f"{where}: {name}.box_shared") if "box_shared" in raw else None,
            box_alone=_box(raw["box_alone"], f"{where}: {name}.box_alone") if "box_alone" in raw else None,
            font=font, size=(float(size[0]), float(size[1])),
            lines=raw.get("lines"), align=raw.get("align", "centre"), mirror=bool(raw.get("mirror", False)),
            fit=raw.get("fit", "contain"))
    settings = {k: data[k] for k in SETTINGS if k in data}
    return Layout(layout_id, background, elements, float(data.get("panel_inset", 0.045)),
                  data.get("ornament"), settings)


def _read(path: Path) -> Any:
    """A bundled layout file's data, read as a deck is (and kept between runs: ``read_yaml``)."""
    return read_yaml(path, f"templates/layouts/{path.name}")[0] or {}


@cache
def load_layouts(folder: Path = LAYOUT_DIR) -> dict[str, Layout]:
    """Every bundled layout in ``folder``, parsed once per process."""
    return {layout_id: parse_layout(layout_id, _read(folder / f"{layout_id}.yaml")) for layout_id in LAYOUT_IDS}


@cache
def layouts_for(root: Path | None) -> dict[str, Layout]:
    """Bundled layouts, then the project's own (``root/templates/layouts``), which win by id."""
    out = dict(load_layouts())
    for layout_id, path in project_files(root, PROJECT_LAYOUTS, ".yaml").items():
        if path.parent == LAYOUT_DIR and path.name == f"{layout_id}.yaml" and layout_id in out:
            continue  # the project is cardgen's own checkout: its layouts are the bundled ones, just read
        where = f"{PROJECT_LAYOUTS}/{path.name}"
        # a project file is input like a deck: read bounded (no FIFO hang, no huge file), lines kept
        data, lines = read_yaml(path, where)
        data = {} if data is None else data
        if not isinstance(data, dict):
            raise InputError("expected a mapping of elements (title: {box: [...]}...)", file=where, line=1)
        try:
            out[layout_id] = parse_layout(layout_id, data)
        except ValueError as exc:
            message = str(exc).split(": ", 1)[-1]
            key = re.split(r"[.:]", message, maxsplit=1)[0]
            raise InputError(message, file=where, line=lines.locate((key,))[1] if key in data else None) from None
    return out


def layout(layout_id: str, root: Path | None = None) -> Layout:
    """The geometry of ``layout_id`` in the project at ``root`` (ids are checked when the deck loads)."""
    return layouts_for(root)[layout_id]
