"""Issue 27's designer session: a 36-card project (tests/fixtures/own36: CSV of 4 suits x 9
values, own layout, 4 SVG symbols, a back, rule sheet en + fr) with each mistake the
designer made planted in turn. Every mistake is one line naming the file where the fix
belongs, with its line (row and column for the CSV), grouped over rows, with a did-you-mean
and the valid names in plain words."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.errors import InputError
from cardgen.load.grouping import group_errors, row_ranges

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "own36"


def planted(tmp_path: Path, *edits: tuple[str, str, str], every: bool = False) -> Path:
    """A copy of the fixture with ``(file, old, new)`` edits (the first match, or ``every`` one)."""
    root = tmp_path / "own36"
    shutil.copytree(FIXTURE, root)
    for name, old, new in edits:
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new) if every else text.replace(old, new, 1), encoding="utf-8")
    return root


def check(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["--project", str(root), "check"])
    captured = capsys.readouterr()
    return code, [line for line in captured.err.splitlines() if line]


def test_the_fixture_project_passes_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = check(planted(tmp_path), capsys)
    assert (code, err) == (0, [])


def test_a_layout_typo_in_the_decks_table_entry_is_one_line_at_the_deck(tmp_path: Path, capsys) -> None:
    root = planted(tmp_path, ("decks/own36.yaml", "layout: pip", "layout: pib"))
    code, err = check(root, capsys)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith("cardgen: error: decks/own36.yaml:24: components[0].layout: unknown layout 'pib' "
                             "(no templates/layouts/pib.yaml); your templates/layouts/ folder has pip; "
                             "cardgen brings back, suit, feature, rule, pattern, token and die"), err
    assert err[0].endswith("(did you mean 'pip'?)") and "cards.csv" not in err[0]


def test_an_unknown_symbol_on_a_suit_is_one_line_listing_its_rows(tmp_path: Path, capsys) -> None:
    root = planted(tmp_path, ("decks/cards.csv", ",sunburst,", ",sunbrust,"), every=True)
    code, err = check(root, capsys)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith("cardgen: error: decks/cards.csv: rows 2-10, column 'symbol': unknown symbol "
                             "'sunbrust' (no symbols/sunbrust.svg); your symbols/ folder has crescent, sprout, "
                             "sunburst and wind; cardgen brings crown, "), err
    assert err[0].endswith("(did you mean 'sunburst'?)") and "[" not in err[0]


def test_overlapping_boxes_name_the_layout_file_and_both_boxes(tmp_path: Path, capsys) -> None:
    root = planted(tmp_path, ("templates/layouts/pip.yaml", "symbol: {box: [0.3, 0.54", "symbol: {box: [0.3, 0.3"))
    code, err = check(root, capsys)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith("cardgen: error: templates/layouts/pip.yaml:7: symbol: the symbol box "
                             "[0.3, 0.3, 0.4, 0.24] overlaps the value box [0.15, 0.19, 0.7, 0.33] (line 6)"), err


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("title:", "titel:", "templates/layouts/pip.yaml:5: titel: unknown key 'titel'; expected an element (band, art, "
     "symbol, mini_symbol, pattern, title, value, points, mark and text) or a setting (background, panel_inset, ornament, "
     "diameter_mm, face_mm, safe_mm, tab_mm, net, pips and tabs) (did you mean 'title'?)"),
    ("size: [16, 8]", "fontsize: [16, 8]", "templates/layouts/pip.yaml:5: title.fontsize: unknown key 'fontsize'; "
     "an element may set box, box_shared, box_alone, font, weight, size, lines, align, colour, mirror, fit and "
     "required (did you mean 'size'?)"),
    ("font: Sans, size", "color: white, font: Sans, size", "templates/layouts/pip.yaml:8: text.color: unknown key "
     "'color'; an element may set box, box_shared, box_alone, font, weight, size, lines, align, colour, mirror, "
     "fit and required (did you mean 'colour'?)"),
    ("font: Sans, size", "colour: whte, font: Sans, size", "templates/layouts/pip.yaml:8: text.colour: expected a "
     "colour as '#RRGGBB' or one of ink, paper, white and black, got 'whte' (did you mean 'white'?)"),
])
def test_layout_key_mistakes_are_one_line_with_line_and_did_you_mean(tmp_path: Path, capsys, old: str, new: str,
                                                                     expected: str) -> None:
    code, err = check(planted(tmp_path, ("templates/layouts/pip.yaml", old, new)), capsys)
    assert (code, err) == (2, [f"cardgen: error: {expected}"])


def test_a_blank_title_in_one_language_is_one_line_at_its_cell(tmp_path: Path, capsys) -> None:
    code, err = check(planted(tmp_path, ("decks/cards.csv", "Sun,Soleil,3", "Sun,,3")), capsys)
    assert (code, err) == (2, ["cardgen: error: decks/cards.csv: row 4, column 'title.fr': missing required "
                               "field 'fr' (this deck's languages are en, fr)"])


def test_a_blank_required_value_fails_check_with_one_line_per_mistake(tmp_path: Path, capsys) -> None:
    root = planted(tmp_path, ("templates/layouts/pip.yaml", "size: [80, 24]", "size: [80, 24], required: true"),
                   ("decks/cards.csv", "Sun,Soleil,3", "Sun,Soleil,"), ("decks/cards.csv", "Sun,Soleil,4", "Sun,Soleil,"))
    code, err = check(root, capsys)
    assert (code, err) == (2, ["cardgen: error: decks/cards.csv: rows 4-5, column 'value': blank value; layout "
                               "'pip' requires one (templates/layouts/pip.yaml:6: required: true)"])


def test_a_blank_value_the_layout_does_not_require_passes(tmp_path: Path, capsys) -> None:
    code, err = check(planted(tmp_path, ("decks/cards.csv", "Sun,Soleil,3", "Sun,Soleil,")), capsys)
    assert (code, err) == (0, [])


def test_dark_text_on_a_dark_suit_fails_check_naming_card_and_box(tmp_path: Path, capsys) -> None:
    # full colour background: the rule text (ink) lies on the suit colour; the Storm suit is dark
    root = planted(tmp_path, ("templates/layouts/pip.yaml", "background: frame", "background: full"),
                   ("templates/layouts/pip.yaml", "font: Sans, size", "colour: {moon: white, leaf: black}, "
                    "font: Sans, size"))
    code, err = check(root, capsys)
    assert (code, err) == (2, ["cardgen: error: decks/cards.csv: row 37, column 'text.en': the text is #1E1E1E on "
                               "#2B2D42: contrast 1.2:1, below WCAG's 4.5:1 for small text; set its colour in "
                               "templates/layouts/pip.yaml:8 (colour: white, or per face colour {storm: white})"])


def test_white_text_on_a_light_suit_is_told_to_use_ink_not_white(tmp_path: Path, capsys) -> None:
    # the hint proposes the colour that reads on the suit: white is what failed here
    root = planted(tmp_path, ("templates/layouts/pip.yaml", "background: frame", "background: full"),
                   ("templates/layouts/pip.yaml", "font: Sans, size", "colour: white, font: Sans, size"))
    code, err = check(root, capsys)
    assert code == 2 and err and all("(colour: ink, or per face colour {" in line for line in err), err
    assert not any("white}" in line for line in err), err


def test_a_per_suit_text_colour_fixes_the_contrast(tmp_path: Path, capsys) -> None:
    root = planted(tmp_path, ("templates/layouts/pip.yaml", "background: frame", "background: full"),
                   ("templates/layouts/pip.yaml", "font: Sans, size", "colour: {moon: white, leaf: black, "
                    "storm: '#F0F0F0', default: ink}, font: Sans, size"))
    assert check(root, capsys) == (0, [])


def test_row_ranges_read_as_a_person_writes_them() -> None:
    assert row_ranges([7]) == "row 7"
    assert row_ranges([2, 3, 4, 7, 9, 10, 3]) == "rows 2-4, 7, 9-10"


def test_grouping_merges_rows_of_the_same_mistake_only() -> None:
    def at(row: int, column: str = "symbol", message: str = "unknown symbol 'x'") -> InputError:
        return InputError(message, file="decks/cards.csv", field=f"row {row}, column '{column}'")
    grouped = group_errors([at(2), at(3), at(2, "colour"), at(4), at(5, message="other"),
                            InputError("m", file="decks/d.yaml", line=3), InputError("m", file="decks/d.yaml", line=3)])
    assert [str(e) for e in grouped] == [
        "decks/cards.csv: rows 2-4, column 'symbol': unknown symbol 'x'",
        "decks/cards.csv: row 2, column 'colour': unknown symbol 'x'",
        "decks/cards.csv: row 5, column 'symbol': other",
        "decks/d.yaml:3: m",
    ]


def test_a_text_colour_for_a_misspelt_suit_is_one_line_in_the_layout(tmp_path: Path, capsys) -> None:
    root = planted(tmp_path, ("templates/layouts/pip.yaml", "font: Sans, size", "colour: {strom: white}, "
                              "font: Sans, size"))
    code, err = check(root, capsys)
    assert (code, err) == (2, ["cardgen: error: templates/layouts/pip.yaml:8: text.colour: colour for face colour "
                               "'strom', which this deck does not have; expected default or sun, moon, leaf, "
                               "storm, night (did you mean 'storm'?)"])
