"""Component lists from a spreadsheet: one CSV (or XLSX) row per card or per card kind.

A deck's ``components`` list may hold, next to ordinary components, an entry that
names a table instead::

    components:
      - table: cards.csv        # next to the deck file
        layout: number          # any other key: the value of that column for every row
        back: plain

Each row becomes one component. Columns are field names: ``id``, ``kind`` (card,
token, die; default card), ``count`` (default 1: one row per card), ``name``,
``back``, ``group`` for the component; ``layout``, ``title``, ``text``, ``colour``,
``symbol``, ``value``, ``points``, ``art`` for its face; ``face2.<field>`` for the
second face of a two-sided card. A text column (``title``) fills every language of
the deck; ``title.fr`` sets one language. Empty cells take the entry's default;
columns whose name starts with ``#`` or ``_`` are notes and ignored; blank rows are
skipped. ``id`` defaults to ``<file stem>-<row>``, ``name`` to the title.

Errors name the file, the spreadsheet row (the header is row 1) and the column.
"""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from cardgen.errors import InputError, clean, did_you_mean
from cardgen.load.yamlio import LineMap, read_bounded

COMPONENT_FIELDS = ("id", "kind", "count", "name", "back", "group")
FACE_FIELDS = ("layout", "title", "text", "colour", "symbol", "value", "points", "art")
TEXT_FIELDS = ("name", "title", "text")
INT_FIELDS = ("count", "value", "points")
SUFFIXES = (".csv", ".xlsx")


def columns(languages: list[str]) -> list[str]:
    """Every column name a table may have for a deck in ``languages``."""
    face = list(FACE_FIELDS) + [f"{f}.{lang}" for f in TEXT_FIELDS if f in FACE_FIELDS for lang in languages]
    out = list(COMPONENT_FIELDS) + [f"name.{lang}" for lang in languages] + face
    return out + [f"face2.{c}" for c in face]


def _rows(path: Path, display: str) -> list[list[str]]:
    """The table's cells as text, header first."""
    if path.suffix.lower() == ".xlsx":
        return _xlsx_rows(path, display)
    # read bounded like a deck file: a FIFO or a huge file is one line, never a hang
    raw = read_bounded(path, display, expected="thing_csv_xlsx")
    try:
        handle = io.StringIO(raw.decode("utf-8-sig"), newline="")
        return [list(r) for r in csv.reader(handle, delimiter=_separator(handle.getvalue()))]
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start}); save the sheet as 'CSV UTF-8'", file=display,
                         key="table_not_utf8", fields={"byte": exc.start}) from None
    except csv.Error as exc:
        raise InputError(f"malformed CSV: {exc}", file=display, key="table_bad_csv", fields={"why": exc}) from None


def _separator(text: str) -> str:
    """The separator of the header row: ';' (spreadsheets in many locales save that), a tab, or ','.

    Column names hold none of them, so the header alone decides; csv.Sniffer guessed from the
    whole sample and gave up (then read ',') when a row was blank or rows differed in length.
    """
    header = next((line for line in text.splitlines() if line.strip()), "")
    counts = {sep: header.count(sep) for sep in ",;\t"}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def _xlsx_rows(path: Path, display: str) -> list[list[str]]:
    try:
        from openpyxl import load_workbook
    except ImportError:  # pragma: no cover - openpyxl is a dependency
        raise InputError("reading .xlsx needs openpyxl (pip install openpyxl); or save the sheet as CSV",
                         file=display, key="table_openpyxl") from None
    raw = read_bounded(path, display, expected="thing_csv_xlsx")
    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many types for a damaged file
        raise InputError(f"unreadable spreadsheet: {exc}", file=display,
                         key="table_unreadable", fields={"why": exc}) from None
    try:
        sheet = book.worksheets[0]
        out = []
        for row in sheet.iter_rows(values_only=True):
            out.append(["" if v is None else str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)
                        for v in row])
        return out
    finally:
        book.close()


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-_") or "row"


def read_table(entry: dict[str, Any], entry_lines: LineMap, deck_file: Path, project: Path,
               display_of: Any, languages: list[str]) -> list[tuple[dict[str, Any], LineMap]]:
    """The components a ``{table: ..., <column>: default}`` entry stands for, each with its line map.

    ``display_of(path)`` names a file in messages; ``deck_file`` is the YAML file
    the entry is in (the table's path is relative to its folder).
    """
    deck_name = display_of(deck_file)
    ref = entry.get("table")
    _, line = entry_lines.locate(("table",))
    if not isinstance(ref, str) or not ref.strip():
        raise InputError("expected the path of a .csv or .xlsx file", file=deck_name, line=line, field="table",
                         key="table_path")
    path = (deck_file.parent / ref).resolve()
    if Path(ref).is_absolute() or not path.is_relative_to(project.resolve()):
        raise InputError(f"table path '{ref}' leaves the project folder; expected a file next to the deck",
                         file=deck_name, line=line, field="table", key="table_outside", fields={"ref": ref})
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(f"table '{ref}' is not a .csv or .xlsx file", file=deck_name, line=line, field="table",
                         key="table_kind", fields={"ref": ref})
    allowed = columns(languages)
    defaults: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "table":
            continue
        if key not in allowed:
            _, kline = entry_lines.locate((key,))
            raise InputError(f"unknown column '{key}' for the table's default values; expected one of "
                             f"{', '.join(allowed)}", file=deck_name, line=kline, field=key,
                             hint=did_you_mean(key, allowed),
                             key="table_default_column", fields={"name": key, "allowed": ", ".join(allowed)})
        defaults[key] = value
    def default_where(column: str) -> tuple[str, int, tuple[Any, ...]]:
        """A value every row takes from the deck's entry is located there, not at a row."""
        where, kline = entry_lines.locate((column,))
        return (where or deck_name, kline or 0, entry_lines.source_path((column,)))

    display = display_of(path)
    rows = _rows(path, display)
    if not rows or not any(c.strip() for c in rows[0]):
        raise InputError("expected a header row naming the columns (id, title, count...)", file=display, line=1,
                         key="table_header")
    header = [c.strip() for c in rows[0]]
    used: dict[int, str] = {}
    for i, name in enumerate(header):
        if not name or name.startswith(("#", "_")):
            continue
        if name not in allowed:
            raise InputError(f"row 1, column {i + 1}: unknown column '{name}'; expected a field name "
                             "(id, kind, count, name, back, group, layout, title, text, colour, symbol, value, "
                             "points, art, title.<lang>, face2.<field>) or a note column starting with '#'",
                             file=display, hint=did_you_mean(name, allowed),
                             key="table_column", fields={"column": i + 1, "name": name})
        if name in used.values():
            raise InputError(f"row 1, column {i + 1}: column '{name}' appears twice", file=display,
                             key="table_column_twice", fields={"column": i + 1, "name": name})
        used[i] = name
    out = []
    for number, row in enumerate(rows[1:], start=2):
        beyond = next((i for i in range(len(header), len(row)) if row[i].strip()), None)
        if beyond is not None:  # never dropped without a word: often a text cut at an unquoted separator
            raise InputError(f"'{clean(row[beyond].strip(), 40)}' lies past the last column of the header "
                             f"({len(header)} columns); a text that holds the separator must be in double quotes, "
                             "or give the column a name in row 1", file=display,
                             field=f"row {number}, column {beyond + 1}",
                             key="table_past_header", fields={"text": clean(row[beyond].strip(), 40), "columns": len(header)})
        cells = {used[i]: cell.strip() for i, cell in enumerate(row) if i in used and cell.strip()}
        if not cells:
            continue
        values = {k: v for k, v in defaults.items()}
        values.update(cells)
        out.append(_component(values, cells, number, display, path.stem, languages, set(used.values()),
                              default_where))
    if not out:
        raise InputError("no rows below the header; expected one row per card or card kind", file=display,
                         key="table_no_rows")
    return out


def _component(values: dict[str, Any], cells: dict[str, str], row: int, display: str, stem: str,
               languages: list[str], header: set[str] | None = None,
               default_where: Any = None) -> tuple[dict[str, Any], LineMap]:
    """One row as a component mapping, and a line map naming where each field was written.

    A field is located at its row and column, unless the row leaves the cell blank
    and takes the value the deck's ``table:`` entry gives every row
    (``default_where``): then the fix belongs in the deck file, at that line.
    A blank cell of a ``header`` column is located at its row and column too (a
    layout that requires the field names it).
    """
    lines = LineMap()
    lines.lines[()] = (display, 0, (f"row {row}",))

    def where(column: str) -> tuple[Any, ...]:
        if column not in cells and column in values and default_where is not None:
            return default_where(column)
        return (display, 0, (f"row {row}, column '{column}'",))

    for column in header or ():  # blank cells: a missing required field is named at its cell
        base = column.removeprefix("face2.")
        n = 1 if column.startswith("face2.") else 0
        if column not in values and base.split(".")[0] in FACE_FIELDS:
            lines.lines[("faces", n) + tuple(base.split("."))] = where(column)

    def convert(column: str, value: Any) -> Any:
        field = column.rsplit(".", 1)[-1]
        if field in INT_FIELDS and isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                raise InputError(f"expected a whole number, got {value!r}", file=display,
                                 field=f"row {row}, column '{column}'",
                                 key="table_whole", fields={"value": repr(value)}) from None
        return value

    def side(prefix: str) -> dict[str, Any]:
        face: dict[str, Any] = {}
        path_of: dict[tuple[Any, ...], str] = {}
        for field in FACE_FIELDS:
            column = prefix + field
            if field in TEXT_FIELDS:
                text = {lang: str(values[column]) for lang in languages if column in values}
                for lang in languages:
                    if f"{column}.{lang}" in values:
                        text[lang] = str(values[f"{column}.{lang}"])
                        path_of[(field, lang)] = f"{column}.{lang}"
                    elif column in values:
                        path_of[(field, lang)] = column
                    else:  # missing: name the column that would give it
                        path_of[(field, lang)] = f"{column}.{lang}"
                if text:
                    face[field] = text
                    path_of[(field,)] = column if column in values else f"{column}.{next(iter(text))}"
            elif column in values:
                face[field] = convert(column, values[column])
                path_of[(field,)] = column
        return face, path_of  # type: ignore[return-value]

    comp: dict[str, Any] = {}
    for field in COMPONENT_FIELDS:
        if field in TEXT_FIELDS:
            continue
        if field in values:
            comp[field] = convert(field, values[field])
            lines.lines[(field,)] = where(field)
    comp.setdefault("kind", "card")
    comp.setdefault("count", 1)
    faces = []
    for n, prefix in enumerate(("", "face2.")):
        face, path_of = side(prefix)  # type: ignore[misc]
        if prefix and not any(k.startswith(prefix) for k in cells):
            continue
        if face:
            faces.append(face)
            lines.lines[("faces", n)] = where(prefix + "layout")
            for sub, column in path_of.items():
                lines.lines[("faces", n) + sub] = where(column)
    comp["faces"] = faces
    lines.lines[("faces",)] = where("layout")
    if "id" not in comp:
        comp["id"] = _slug(f"{stem}-{row}")
        lines.lines[("id",)] = (display, 0, (f"row {row}",))
    name = {lang: str(values[f"name.{lang}"]) for lang in languages if f"name.{lang}" in values}
    if "name" in values:
        name = {lang: name.get(lang, str(values["name"])) for lang in languages}
        lines.lines[("name",)] = where("name")
    elif not name and faces and "title" in faces[0]:
        name = dict(faces[0]["title"])
        lines.lines[("name",)] = where("title")
        for lang in languages:  # the name is the title: a missing language is the title's, said once
            lines.lines[("name", lang)] = lines.lines.get(("faces", 0, "title", lang), where("title"))
    elif not name:
        name = {lang: str(comp["id"]) for lang in languages}
    comp["name"] = name
    for lang in languages:
        lines.lines.setdefault(("name", lang), where("name" if "name" in values and f"name.{lang}" not in values
                                                     else f"name.{lang}"))
    return comp, lines
