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

from cardgen.errors import InputError, did_you_mean
from cardgen.load.yamlio import read_yaml
from cardgen.model.vocab import LAYOUT_IDS, PROJECT_LAYOUTS, plain_list, project_files
from cardgen.paths import templates_dir

#: ``templates/layouts`` of the checkout (the package is installed editable).
LAYOUT_DIR = templates_dir() / "layouts"

#: Elements a layout may place, in the order they are painted.
ELEMENTS = ("band", "art", "symbol", "mini_symbol", "pattern", "title", "value", "points", "mark", "text")
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


#: Keys of one element and what each is, for the error that lists them.
ELEMENT_KEYS = ("box", "box_shared", "box_alone", "font", "weight", "size", "lines", "align", "colour", "mirror",
                "fit", "required")
ALIGNS = ("left", "centre", "right")
WEIGHTS = ("normal", "bold")
#: Colour names a layout may use besides ``#RRGGBB``.
NAMED_COLOURS = {"ink": "#1E1E1E", "paper": "#FFFFFF", "white": "#FFFFFF", "black": "#000000"}
_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


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
    #: Text colour: None (ink, or whichever of ink and paper reads on the face colour beneath),
    #: else ``(("default", "#RRGGBB"), (<face colour id>, "#RRGGBB"), ...)``: per suit.
    colour: tuple[tuple[str, str], ...] | None = None
    required: bool = False  # every face drawn with this layout must have data for it

    def colour_for(self, face_colour: str | None) -> str | None:
        """The ``#RRGGBB`` text colour this element sets for a face of ``face_colour``, or None (automatic)."""
        if self.colour is None:
            return None
        table = dict(self.colour)
        return table.get(face_colour or "", table.get("default"))


class LayoutError(ValueError):
    """A mistake in a layout file: the key path it lies at, the message and a did-you-mean."""

    def __init__(self, path: tuple[str, ...], message: str, hint: str | None = None, *, key: str,
                 **fields: Any) -> None:
        self.path, self.message, self.hint = path, message, hint
        self.key, self.fields = key, fields  # its sentence in errors.json, said in the command's language
        super().__init__(f"{'.'.join(path)}: {message}" if path else message)


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
    #: The file as messages name it, and the line of each element in it (errors that lie in the layout).
    source: str = field(default="", compare=False, repr=False)
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def get(self, name: str) -> Element | None:
        return self.elements.get(name)

    def where(self, name: str) -> str:
        """``file:line`` of element ``name``, for a message about it."""
        line = self.lines.get(name)
        return f"{self.source}:{line}" if line else self.source


def _box(value: Any, path: tuple[str, ...]) -> Box:
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise LayoutError(path, "expected [x, y, width, height] fractions of the card, e.g. [0.1, 0.8, 0.8, 0.14]",
                          key="layout_box")
    box = Box(*(float(v) for v in value))
    if box.w <= 0 or box.h <= 0 or box.x < 0 or box.y < 0 or box.x + box.w > 1.0001 or box.y + box.h > 1.0001:
        raise LayoutError(path, f"box {value} leaves the card; x + width and y + height may be at most 1",
                          key="layout_box_out", value=value)
    return box


def _colour(value: Any, path: tuple[str, ...]) -> str:
    if isinstance(value, str) and value.lower() in NAMED_COLOURS:
        return NAMED_COLOURS[value.lower()]
    if isinstance(value, str) and _HEX.match(value):
        return value.upper()
    raise LayoutError(path, f"expected a colour as '#RRGGBB' or one of {plain_list(list(NAMED_COLOURS))}, "
                      f"got {value!r}", did_you_mean(str(value), NAMED_COLOURS), key="layout_colour",
                      names=list(NAMED_COLOURS), value=repr(value))


def _colours(value: Any, path: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """One colour for every face, or one per face colour (``{storm: white, default: ink}``)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), _colour(v, path + (str(k),))) for k, v in value.items()))
    return (("default", _colour(value, path)),)


def _element(name: str, raw: Any) -> Element:
    if not isinstance(raw, dict) or "box" not in raw:
        raise LayoutError((name,), "expected a mapping with a 'box', e.g. {box: [0.1, 0.8, 0.8, 0.14]}",
                          key="layout_element")
    for key in raw:
        if key not in ELEMENT_KEYS:
            raise LayoutError((name, str(key)), f"unknown key '{key}'; an element may set "
                              f"{plain_list(list(ELEMENT_KEYS))}", did_you_mean(str(key), ELEMENT_KEYS),
                              key="layout_element_key", name=key, allowed=list(ELEMENT_KEYS))
    size = raw.get("size", [10, 6])
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(s, (int, float)) for s in size)
            and 0 < size[1] <= size[0]):
        raise LayoutError((name, "size"), "expected [largest, smallest] in points, e.g. [12, 7]",
                          key="layout_size")
    align = raw.get("align", "centre")
    if align not in ALIGNS:
        raise LayoutError((name, "align"), f"expected {plain_list(list(ALIGNS))}, got {align!r}",
                          did_you_mean(str(align), ALIGNS + ("center",)), key="layout_expected",
                          allowed=list(ALIGNS), value=repr(align))
    if raw.get("fit", "contain") not in ("contain", "cover"):
        raise LayoutError((name, "fit"), "expected contain or cover", key="layout_fit")
    font = str(raw.get("font", "Sans"))
    if font not in FONTS:
        raise LayoutError((name, "font"), f"unknown font '{font}'; expected one of {plain_list(list(FONTS))}",
                          did_you_mean(font, FONTS), key="layout_font", name=font, allowed=list(FONTS))
    weight = raw.get("weight")
    if weight is not None:
        if weight not in WEIGHTS:
            raise LayoutError((name, "weight"), f"expected {plain_list(list(WEIGHTS))}, got {weight!r}",
                              did_you_mean(str(weight), WEIGHTS), key="layout_expected",
                              allowed=list(WEIGHTS), value=repr(weight))
        family, _, style = font.partition("-")
        italic = "Italic" in style
        font = family + {(True, True): "-BoldItalic", (True, False): "-Bold", (False, True): "-Italic",
                         (False, False): ""}[(weight == "bold", italic)]
    for flag in ("mirror", "required"):
        if not isinstance(raw.get(flag, False), bool):
            raise LayoutError((name, flag), f"expected true or false, got {raw[flag]!r}",
                              key="layout_bool", value=repr(raw[flag]))
    lines = raw.get("lines")
    if lines is not None and (not isinstance(lines, int) or isinstance(lines, bool) or lines < 1):
        raise LayoutError((name, "lines"), f"expected a whole number of lines (1 or more), got {lines!r}",
                          key="layout_lines", value=repr(lines))
    return Element(
        box=_box(raw["box"], (name, "box")),
        box_shared=_box(raw["box_shared"], (name, "box_shared")) if "box_shared" in raw else None,
        box_alone=_box(raw["box_alone"], (name, "box_alone")) if "box_alone" in raw else None,
        font=font, size=(float(size[0]), float(size[1])),
        lines=lines, align=align, mirror=bool(raw.get("mirror", False)),
        fit=raw.get("fit", "contain"),
        colour=_colours(raw["colour"], (name, "colour")) if "colour" in raw else None,
        required=bool(raw.get("required", False)))


def parse_layout(layout_id: str, data: dict[str, Any], source: str = "",
                 lines: dict[str, int] | None = None) -> Layout:
    """Validate one layout file's data; a mistake is a ``LayoutError`` at its key path."""
    for key in data:
        if key not in ELEMENTS and key not in SETTINGS:
            raise LayoutError((str(key),), f"unknown key '{key}'; expected an element "
                              f"({plain_list(list(ELEMENTS))}) or a setting ({plain_list(list(SETTINGS))})",
                              did_you_mean(str(key), ELEMENTS + SETTINGS), key="layout_key", name=key,
                              elements=list(ELEMENTS), settings=list(SETTINGS))
    background = data.get("background", "frame")
    if background not in ("full", "frame"):
        raise LayoutError(("background",), f"expected full or frame, got {background!r}",
                          did_you_mean(str(background), ("full", "frame")), key="layout_expected",
                          allowed=["full", "frame"], value=repr(background))
    elements = {name: _element(name, data[name]) for name in ELEMENTS if data.get(name) is not None}
    settings = {k: data[k] for k in SETTINGS if k in data}
    return Layout(layout_id, background, elements, float(data.get("panel_inset", 0.045)),
                  data.get("ornament"), settings, source=source or f"templates/layouts/{layout_id}.yaml",
                  lines=dict(lines or {}))


def _parse(layout_id: str, path: Path, where: str) -> Layout:
    """One layout file parsed, its mistakes as one ``InputError`` at the file and line."""
    # a project file is input like a deck: read bounded (no FIFO hang, no huge file), lines kept
    data, lines = read_yaml(path, where)
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise InputError("expected a mapping of elements (title: {box: [...]}...)", file=where, line=1,
                         key="layout_mapping")
    try:
        return parse_layout(layout_id, data, where, {k: lines.locate((k,))[1] or 0 for k in data})
    except LayoutError as exc:
        return _raise(exc, where, lines)


def _raise(exc: LayoutError, where: str, lines: Any) -> Layout:
    _, line = lines.locate(exc.path)
    raise InputError(exc.message, file=where, line=line, field=".".join(exc.path) or None, hint=exc.hint,
                     key=exc.key, fields=exc.fields) from None


@cache
def load_layouts(folder: Path = LAYOUT_DIR) -> dict[str, Layout]:
    """Every bundled layout in ``folder``, parsed once per process."""
    return {layout_id: _parse(layout_id, folder / f"{layout_id}.yaml", f"templates/layouts/{layout_id}.yaml")
            for layout_id in LAYOUT_IDS}


@cache
def layouts_for(root: Path | None) -> dict[str, Layout]:
    """Bundled layouts, then the project's own (``root/templates/layouts``), which win by id."""
    out = dict(load_layouts())
    for layout_id, path in project_files(root, PROJECT_LAYOUTS, ".yaml").items():
        if path.parent == LAYOUT_DIR and path.name == f"{layout_id}.yaml" and layout_id in out:
            continue  # the project is cardgen's own checkout: its layouts are the bundled ones, just read
        out[layout_id] = _parse(layout_id, path, f"{PROJECT_LAYOUTS}/{path.name}")
    return out


def layout(layout_id: str, root: Path | None = None) -> Layout:
    """The geometry of ``layout_id`` in the project at ``root`` (ids are checked when the deck loads)."""
    return layouts_for(root)[layout_id]
