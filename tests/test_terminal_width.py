"""Every line ``cardgen validate``, ``check`` and ``fix`` print fits a 100-column terminal in fr, it and en
(``tests/test_compare_width.py`` holds compare to it): the readers' eighth round found lines of 110 to 181
columns (validate's indicator rows, its "settled by this edition's ruling (...): N times ...; seed S replays
it" lines, check's face lines) that an 80-100 column terminal wrapped mid-word (en62, fr43). A line too long
is wrapped between words by the terminal's one printing function (``terminal.echo``), its continuation
indented under it; a word is never cut."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from cardgen.cli import main
from cardgen.simulate.summary import Naming, designer_lines
from cardgen.simulate.verdict import gloss, label
from cardgen.terminal import HANG, WIDTH, fit, say

LANGS = ("en", "fr", "it")


def _fits(text: str) -> None:
    """Every line of ``text`` fits ``WIDTH`` columns, but for one word longer than that alone on its line (a
    path under a deep temporary folder), which is never cut."""
    lines = text.splitlines()
    assert lines
    wide = [line for line in lines if len(line) > WIDTH and " " in line.strip()]
    assert not wide, wide


# -- the wrapping itself -------------------------------------------------------------------------------
def test_a_long_line_wraps_between_words_under_a_hanging_indent_and_keeps_every_word() -> None:
    words = [f"word{i}" for i in range(60)]
    line = "  " + " ".join(words)
    out = fit(line, 40).split("\n")
    assert len(out) > 1 and all(len(row) <= 40 for row in out)
    assert out[0].startswith("  word0 ") and all(row.startswith(" " * (2 + HANG) + "word") for row in out[1:])
    assert " ".join(row.strip() for row in out).split() == words  # nothing cut, nothing lost, in order
    assert fit("short line\n  another", 40) == "short line\n  another"  # what fits is untouched


def test_a_word_longer_than_the_room_stays_whole_and_a_no_break_space_never_breaks() -> None:
    path = "/a/" + "x" * 60
    assert path in fit(f"report: {path} written", 30).split("\n")[1]
    french = "  " + " ".join(["taux\u202f: 50\u202f%"] * 12)
    out = fit(french, 30).split("\n")
    assert all(row.strip().startswith("taux\u202f: 50\u202f%") for row in out)


def test_a_mark_stays_with_its_word_and_a_short_last_word_is_never_alone() -> None:
    row = "    Chassé-croisé " + " " * 20 + "39,7 %   23,8 %  39,4 %  −15,7 pp [−30,4 ; −0,9]  ◆ trop faible"
    out = fit(row, 90).split("\n")
    assert out[1] == " " * (4 + HANG) + "◆ trop faible"  # never "◆" at the end of a row, its word below
    line = "  tours : moyenne 79,8, médiane 79, de 70 à 92 ; tours de table : moyenne 26,2, médiane 26, de 23 à 30"
    out = fit(line).split("\n")
    assert out[1].strip() == "à 30" and out[0].endswith("de 23")  # not "30" alone on the last row


def test_a_command_to_copy_never_breaks_across_two_rows() -> None:
    """Eleventh reading (en15, en51, fr93): "run: cardgen" / "fix royale": a designer copying the row got
    "cardgen" alone. The command, its subcommand, its deck and any option or path after them wrap as one
    unit; the prose after the command wraps as prose; French guillemets stay with it."""
    said = fit("Royale (royale): to search for and test fixes for the turn-order imbalance shown above, run: "
               "cardgen fix royale", 100).split("\n")
    assert said[-1].strip() == "cardgen fix royale", said
    long = fit("proposal 1 is the smallest change that passed; to see everything, table by table, run: "
               "cardgen compare draco /tmp/out/draco-fix-1.yaml --fixed and then some more words", 100).split("\n")
    assert any(row.strip().startswith("cardgen compare draco /tmp/out/draco-fix-1.yaml --fixed") for row in long), long
    assert "some more words" in long[-1] and all(len(row) <= 100 for row in long)
    # eighteenth reading (fr34, en26): compare's second deck joins the command, so its options stay on one row
    pairs = fit("  5 players: with the variant, player 5 wins 31.0% of games, above the fair share (20.0%) beyond "
                "chance (interval widened because 5 players are compared at once: [20.6% to 43.8%]). In the base "
                "game, on the same shuffles, player 5 won 27.0% of games. The base game’s share is within chance, "
                "and so is the change between the two games (+4.0 percentage points [−38.5 to +46.5]). These 100 "
                "pairs cannot tell whether the base game already has it or the variant brings it. To find out, play more pairs: "
                "cardgen compare king_lui king_lui-hungry-dragon --players 5 --games 400 --fixed", 100).split("\n")
    assert pairs[-1].strip() == "cardgen compare king_lui king_lui-hungry-dragon --players 5 --games 400 --fixed", pairs
    french = fit("x " * 40 + "lancez «\u202fcardgen fix draco-charity-toast\u202f».", 100).split("\n")
    assert french[-1].strip() == "«\u202fcardgen fix draco-charity-toast\u202f».", french


def test_a_line_led_by_a_padded_label_wraps_under_the_labels_column() -> None:
    """check's "PASSED              the faces print…": the continuation starts where the text after the label's
    padding does (column 22 here), so the label stands alone at the left; a label longer than ``LABEL`` or one
    that would leave less than ``LABEL_ROOM`` columns keeps the hanging indent."""
    line = "  PASSED" + " " * 14 + " ".join(f"word{i}" for i in range(30))
    out = fit(line, 100).split("\n")
    assert len(out) > 1 and all(row.startswith(" " * 22 + "word") for row in out[1:]), out
    assert all(len(row) <= 100 for row in out)
    wide = "  " + "x" * 23 + "  " + " ".join(f"word{i}" for i in range(30))  # label column ends at 25 > 24
    assert all(row.startswith(" " * (2 + HANG) + "word") for row in fit(wide, 100).split("\n")[1:])
    tiny = "  a  " + " ".join(f"word{i}" for i in range(30))  # a label column shallower than HANG: HANG
    assert all(row.startswith(" " * (2 + HANG) + "word") for row in fit(tiny, 100).split("\n")[1:])
    narrow = "  PASSED" + " " * 14 + " ".join(f"word{i}" for i in range(30))  # 71 columns: 49 left < 50
    assert all(row.startswith(" " * (2 + HANG) + "word") for row in fit(narrow, 71).split("\n")[1:])


# -- the commands, every shipped deck, every language ------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_validate_line_fits_100_columns(lang: str, tmp_path: Path, repo_root: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    main(["--project", str(repo_root), "validate", "king_lui", "royale", "draco", "--games", "6",
          "--designer-games", "6", "--jobs", "1", "--lang", lang, "--out", str(tmp_path / "out")])
    said = capsys.readouterr()
    _fits(said.out)
    if said.err.strip():
        _fits(said.err)
    # the rows name each indicator short, under one legend that defines it, said once for the run
    for name in ("drama", "decided_at", "kingmaking"):
        definitions = [line for line in said.out.splitlines() if gloss(name, lang) and line.strip().startswith(
            label(name, lang, short=True)) and gloss(name, lang)[:20] in line]
        assert 1 <= len(definitions) <= 3, (name, definitions)  # each game's own unit: one legend per game at most
    assert said.out.count(say("legend_validate", lang)) <= 3


def test_the_indicator_legend_is_printed_once_for_entries_of_one_game() -> None:
    designer = {"games": 50, "drama": {"mean": 2.0, "low": 1.5, "high": 2.5},
                "kingmaking": {"mean": 0.2, "low": 0.1, "high": 0.3}}
    said: set[str] = set()
    first = designer_lines(designer, "en", Naming(), 50, said)
    again = designer_lines(designer, "en", Naming(), 50, said)
    head = "  " + say("legend_validate", "en")
    assert first.count(head) == 1 and head not in again
    assert any(line.startswith("    tension ") and "[" in line for line in again)  # the row, short
    # a definition with its reading (fifteenth en2) runs past the width: printed, it wraps under itself
    assert all(len(part) <= WIDTH for line in first + again for part in fit(line).splitlines())
    assert designer_lines(designer, "en", Naming(), 50).count(head) == 1  # alone: always defined


def test_a_later_entry_defines_only_the_terms_an_earlier_one_left_out() -> None:
    """Royale's 2 players have no kingmaking, its 3 players do: the second legend printed all five terms again
    (tenth Italian reader, it18); it now adds kingmaking alone, and nothing when every term is defined."""
    two = {"games": 50, "drama": {"mean": 2.0, "low": 1.5, "high": 2.5}}
    three = {**two, "kingmaking": {"mean": 0.2, "low": 0.1, "high": 0.3}}
    said: set[str] = set()
    first = designer_lines(two, "en", Naming(), 50, said)
    second = designer_lines(three, "en", Naming(), 50, said)
    third = designer_lines(three, "en", Naming(), 50, said)
    head = "  " + say("legend_validate", "en")
    assert first[:2] == [head, "    tension: " + gloss("drama", "en") + "; " + say("reading_drama", "en")]
    # twenty-first reading fr13: the later count's heading says its one term is the one added there
    assert second[:2] == ["  the design indicator added at this player count:",
                          "    kingmaking: " + gloss("kingmaking", "en") + "; " + say("reading_kingmaking", "en")], second
    assert not any(line.startswith("    tension:") for line in second)
    assert head not in third


@pytest.mark.parametrize("lang", LANGS)
def test_every_check_line_fits_100_columns(lang: str, repo_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(repo_root), "check", "king_lui", "royale", "draco", "--lang", lang]) == 0
    out = capsys.readouterr().out
    _fits(out)
    assert any(line.startswith(" " * (2 + HANG)) for line in out.splitlines())  # a long one was wrapped, not cut


@pytest.mark.parametrize("lang", LANGS)
def test_every_fix_line_fits_100_columns(lang: str, project_with: Callable[[str], Path], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    root = project_with("draco")
    (root / "variants" / "draco-poor.yaml").write_text(
        "extends: draco\nname: {fr: Pauvre, it: Povera, en: Poor}\ndescription: {fr: x, it: x, en: x}\n"
        "change:\n  silver-coin: {count: 8}\n", encoding="utf-8")
    assert main(["--project", str(root), "fix", "draco-poor", "--players", "6", "--games", "40", "--trials", "3",
                 "--best", "1", "--jobs", "1", "--lang", lang, "--out", str(tmp_path / "fixed")]) == 0
    said = capsys.readouterr()
    _fits(said.out)
    _fits(said.err)


def test_an_interval_never_splits_across_two_rows() -> None:
    """Eighteenth reading (fr14): "leurs intervalles [30,4% ; 44,2%] et [14,0% ;" / "25,3%]" split the only
    warning of the output: an interval in brackets wraps as one unit."""
    line = ("  ATTENTION (équilibre)\u202f: le joueur 1 (37,0\u202f%) et le joueur 4 (19,0\u202f%) s’écartent de leur "
            "part équitable (26,3\u202f%, soit plus d’un quart, car une victoire partagée compte pour chacun des gagnants), et ces "
            "écarts dépassent ce que le hasard peut expliquer\u202f: leurs intervalles [30,4\u202f%\u202f; 44,2\u202f%] "
            "et [14,0\u202f%\u202f; 25,3\u202f%] ne contiennent pas la part équitable")
    for width in range(60, 101):
        rows = fit(line, width).split("\n")
        assert all(row.count("[") == row.count("]") for row in rows), (width, rows)
    assert "[in\n" in fit("x " * 45 + "[in brackets no digits here]", 100)  # words in brackets wrap as words
    # a bracket never closed (a card named "Joker [2") glues no further than a row holds: the line still fits
    assert all(len(row) <= 100 for row in fit("x " * 10 + "Joker [2 " + "word " * 40, 100).split("\n"))
