"""Component lists from CSV and XLSX files (cardgen/load/tables.py), through the resolver and the CLI."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.resolve.resolve import resolve

DECK = """\
languages: [en, fr]
name: {en: Suits, fr: Couleurs}
backs:
  plain: {layout: back, title: {en: Suits, fr: Couleurs}}
components:
  - table: cards.csv
    layout: suit
    back: plain
  - id: rules-card
    kind: card
    count: 1
    name: {en: Rules, fr: Règles}
    back: plain
    faces: [{layout: feature, title: {en: Rules, fr: Règles}}]
"""


def project(tmp_path: Path, csv: str, deck: str = DECK, name: str = "cards.csv") -> Path:
    (tmp_path / "decks").mkdir(parents=True, exist_ok=True)
    (tmp_path / "decks" / "suits.yaml").write_text(deck, encoding="utf-8")
    (tmp_path / "decks" / name).write_text(csv, encoding="utf-8")
    return tmp_path


def error_line(root: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--project", str(root), "inspect", "suits"]) == 2
    err = capsys.readouterr().err.strip()
    # every problem of the file in one run, one well-formed line each; the first is the one asked about
    lines = err.split("\n")
    assert "Traceback" not in err and all(line.startswith("cardgen: error: ") for line in lines), err
    return lines[0]


def test_each_row_is_a_component_with_defaults_counts_and_languages(tmp_path: Path) -> None:
    root = project(tmp_path, "id,title,title.fr,value,count,colour\n"
                             "sun-1,Sun,Soleil,1,2,\n"
                             "sun-2,Sun,Soleil,2,,\n"
                             ",Joker,,,4,\n"
                             ",,,,,\n")  # a blank row is skipped
    deck = resolve("suits", root)
    comps = {c.id: c for c in deck.model.components}
    assert list(comps) == ["sun-1", "sun-2", "cards-4", "rules-card"]
    assert comps["sun-1"].count == 2 and comps["sun-2"].count == 1  # count defaults to one row, one card
    face = comps["sun-1"].faces[0]
    assert (face.layout, face.value, face.title.en, face.title.fr) == ("suit", 1, "Sun", "Soleil")
    assert comps["sun-1"].back == "plain" and comps["sun-1"].name.fr == "Soleil"  # name defaults to the title
    # a plain text column fills every language of the deck
    assert comps["cards-4"].faces[0].title.fr == "Joker" and comps["cards-4"].count == 4


def test_two_sided_cards_and_note_columns(tmp_path: Path) -> None:
    deck = DECK.replace("    back: plain\n  - id", "  - id", 1)
    root = project(tmp_path, "title,face2.layout,face2.title,# notes\n"
                             "Day,suit,Night,ignored words\n", deck=deck)
    comp = resolve("suits", root).model.components[0]
    assert comp.sides == 2 and comp.faces[1].title.en == "Night" and comp.back is None


def test_semicolon_separated_csv_from_a_spreadsheet(tmp_path: Path) -> None:
    root = project(tmp_path, "title;value\nSun;3\nMoon;4\n")
    assert [c.faces[0].value for c in resolve("suits", root).model.components[:2]] == [3, 4]


def test_semicolon_csv_with_a_blank_row_bom_and_long_texts(tmp_path: Path) -> None:
    # as Excel in France saves it: a BOM, CRLF, ';' between cells, a blank row left in the sheet
    csv = ("title;value;text\r\nSun;3;A text, with a comma\r\n\r\n"
           "Lune d'été;4;Échangez une carte avec l'adversaire à côté.\r\n")
    root = project(tmp_path, "\ufeff" + csv)
    comps = resolve("suits", root).model.components
    assert [(c.faces[0].title.en, c.faces[0].value) for c in comps[:2]] == [("Sun", 3), ("Lune d'été", 4)]
    assert comps[0].faces[0].text.en == "A text, with a comma"


def test_tab_separated_csv_and_blank_cells_past_the_header(tmp_path: Path) -> None:
    # the header's separator may be a tab (a sheet saved as tab-separated text, with commas in its texts);
    # cells past the header that hold only spaces are blank, not a text cut at a separator
    root = project(tmp_path, "title\tvalue\ttext\nSun\t3\tA text, with a comma\t \nMoon\t4\t\t  \t\n")
    comps = resolve("suits", root).model.components
    assert [(c.faces[0].title.en, c.faces[0].value) for c in comps[:2]] == [("Sun", 3), ("Moon", 4)]
    assert comps[0].faces[0].text.en == "A text, with a comma"


def test_a_title_too_long_is_named_at_its_row_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the fix is in the CSV cell, not at the deck's table entry
    root = project(tmp_path, "title,value\nSun,1\nThe Extraordinarily Magnificent Grandmother of All Suns,3\n")
    assert main(["--project", str(root), "check", "suits"]) == 2
    err = capsys.readouterr().err.strip()
    lines = err.split("\n")  # one line per language the plain 'title' column fills (en, fr)
    assert len(lines) == 2 and all(line.startswith("cardgen: error: decks/cards.csv: row 3, column 'title': ")
                                   and "shorten it" in line for line in lines), err


def test_xlsx(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    root = project(tmp_path, "", deck=DECK.replace("cards.csv", "cards.xlsx"), name="unused.csv")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["title", "value", "count"])
    sheet.append(["Sun", 7, 3])
    sheet.append(["Moon", 8.0, None])
    book.save(root / "decks" / "cards.xlsx")
    comps = resolve("suits", root).model.components
    assert [(c.faces[0].title.en, c.faces[0].value, c.count) for c in comps[:2]] == [("Sun", 7, 3), ("Moon", 8, 1)]


@pytest.mark.parametrize("csv, expected", [
    ("title,value\nSun,one\n", "decks/cards.csv: row 2, column 'value': expected a whole number, got 'one'"),
    ("title,valeu\nSun,1\n", "decks/cards.csv: row 1, column 2: unknown column 'valeu'"),
    ("title,colour\nSun,red\nMoon,blue\n",
     "decks/cards.csv: row 2, column 'colour': unknown colour 'red'"),
    ("title,symbol\nSun,stra\n", "decks/cards.csv: row 2, column 'symbol': unknown symbol 'stra'"),
    ("title,count\nSun,-1\n", "decks/cards.csv: row 2, column 'count': expected a number >= 0"),
    ("title,kind\nSun,card\nMoon,dice\n", "decks/cards.csv: row 3, column 'kind': expected one of"),
    ("id,title\nsun,Sun\nsun,Moon\n", "duplicate component id 'sun'"),
    ("title\n", "decks/cards.csv: no rows below the header"),
    # a text cut at an unquoted ';' spills past the header: refused, not dropped (trailing blank cells are fine)
    ("title;text\nSun;;\nMoon;Draw one; then discard one\n",
     "decks/cards.csv: row 3, column 3: 'then discard one' lies past the last column of the header (2 columns); "
     "a text that holds the separator must be in double quotes"),
])
def test_errors_name_file_row_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str], csv: str,
                                         expected: str) -> None:
    line = error_line(project(tmp_path, csv), capsys)
    assert expected in line, line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_table_that_is_a_pipe_is_one_line_not_a_hang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path, "title\nSun\n")
    (root / "decks" / "cards.csv").unlink()
    os.mkfifo(root / "decks" / "cards.csv")  # reading it unbounded would wait for a writer forever
    assert error_line(root, capsys) == ("cardgen: error: decks/cards.csv: not a regular file (a device, pipe or "
                                        "socket); expected a CSV or XLSX file")


def test_unknown_column_suggests_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "did you mean 'value'?" in error_line(project(tmp_path, "title,valeu\nSun,1\n"), capsys)


def test_a_missing_language_is_located_at_the_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = DECK.replace("    layout: suit\n", "    layout: suit\n    title.en: x\n")
    root = project(tmp_path, "name.en,title.en\nSun,Sun\n", deck=deck)
    line = error_line(root, capsys)
    assert "decks/cards.csv: row 2, column 'name.fr': missing required field 'fr'" in line, line


@pytest.mark.parametrize("ref, expected", [
    ("../../outside.csv", "leaves the project folder"),
    ("missing.csv", "decks/missing.csv: file not found"),
    ("cards.txt", "is not a .csv or .xlsx file"),
])
def test_bad_table_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str], ref: str, expected: str) -> None:
    root = project(tmp_path / "p", "title\nSun\n", deck=DECK.replace("cards.csv", ref))
    assert expected in error_line(root, capsys)


def test_unknown_default_column_in_the_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path, "title\nSun\n", deck=DECK.replace("    layout: suit\n", "    layuot: suit\n"))
    line = error_line(root, capsys)
    assert line.startswith("cardgen: error: decks/suits.yaml:") and "unknown column 'layuot'" in line
    assert "did you mean 'layout'?" in line
