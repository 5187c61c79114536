"""Print-only decks (no ``game``): languages per deck, build, check, inspect, validate, own rule text."""
from __future__ import annotations

import re
import json
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from cardgen.build import BuildOptions, build, sheet_name
from cardgen.cli import main
from cardgen.resolve.resolve import resolve

DECK = """\
languages: [it]
name: {it: Semi}
backs:
  dorso: {layout: back, title: {it: Semi}, colour: blu}
colours:
  blu: {rgb: "#2F5F8A", name: {it: Blu}}
components:
  - id: carta
    kind: card
    count: 5
    name: {it: Carta}
    back: dorso
    values: {from: 1, to: 4}
    faces: [{layout: suit, title: {it: Carta}, colour: blu, symbol: star}]
  - id: gettone
    kind: token
    count: 3
    name: {it: Gettone}
    faces: [{layout: token, title: {it: Uno}}, {layout: token, title: {it: Due}}]
"""


def project(tmp_path: Path, deck: str = DECK, files: dict[str, str] | None = None) -> Path:
    (tmp_path / "decks").mkdir(parents=True, exist_ok=True)
    (tmp_path / "decks" / "semi.yaml").write_text(deck, encoding="utf-8")
    for name, text in (files or {}).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def run(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["--project", str(root), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def pages(path: Path) -> list[str]:
    """The text of each page."""
    pdf = pdfium.PdfDocument(str(path))
    return [pdf[i].get_textpage().get_text_range().replace("\u00a0", " ") for i in range(len(pdf))]


def test_a_deck_without_game_is_print_only_in_its_one_language(tmp_path: Path) -> None:
    deck = resolve("semi", project(tmp_path))
    assert deck.print_only and deck.languages == ["it"]
    assert deck.model.players is None and deck.model.credits is None
    assert sum(c.count for c in deck.model.components if c.kind == "card") == 20
    assert deck.to_json()["game"] is None and deck.to_json()["name"] == {"it": "Semi"}


def test_each_text_missing_a_declared_language_is_one_located_line(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path, DECK.replace("languages: [it]", "languages: [it, en]"))
    code, _, err = run(root, capsys, "inspect", "semi")
    assert code == 2
    lines = err.strip().splitlines()  # every error of the file in one run, one line each
    assert lines[0] == ("cardgen: error: decks/semi.yaml:2: name.en: missing required field 'en' "
                        "(this deck's languages are it, en)")
    assert len(lines) >= 3 and all(line.startswith("cardgen: error: decks/semi.yaml:") for line in lines)
    assert any("backs.dorso.title.en: missing required field 'en'" in line for line in lines)


def test_an_unknown_language_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(project(tmp_path, DECK.replace("[it]", "[it, ita]")), capsys, "inspect", "semi")
    assert code == 2 and "decks/semi.yaml:1: languages[1]: unknown language 'ita'" in err, err
    assert len(err.strip().splitlines()) == 1 and "(did you mean 'it'?)" in err  # not a line per text
    code, _, err = run(project(tmp_path / "de", DECK.replace("[it]", "[it, de]")), capsys, "inspect", "semi")
    assert code == 2 and "name.de: missing required field 'de' (this deck's languages are it, de)" in err


def test_build_makes_only_the_decks_languages_and_says_what_it_wrote(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path)
    code, out, _ = run(root, capsys, "build", "--paper", "a4", "--out", str(tmp_path / "out"))
    assert code == 0
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.pdf")) == [
        "semi/it/cards-a4.pdf"]
    assert f"wrote {tmp_path / 'out/semi/it/cards-a4.pdf'}" in out and "1 language," in out
    text = pages(tmp_path / "out/semi/it/cards-a4.pdf")
    assert "20 carte, 3 segnalini" in text[0]  # the instructions speak the deck's language
    code, out, _ = run(root, capsys, "build", "--lang", "fr", "--out", str(tmp_path / "out"))
    assert code == 0 and "semi\u202f: laissé de côté, il est écrit en it (demandé\u202f: fr)" in out  # in French
    code, out, _ = run(root, capsys, "build", "--lang", "en", "--out", str(tmp_path / "out"))
    assert code == 0 and "semi: skipped, it is written in it (asked for en)" in out


def test_check_and_inspect_work_and_validate_says_it_needs_rules(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path)
    code, out, _ = run(root, capsys, "check")
    assert code == 0 and re.search(r"PASS +card faces print correctly in Italian", out) and "rules engine" not in out
    code, out, _ = run(root, capsys, "inspect", "semi")
    # without --lang, the deck's one language: its names and the words around them (issue 53)
    assert code == 0 and "mazzo solo da stampare" in out and "lingue: it" in out
    assert json.loads(run(root, capsys, "inspect", "semi", "--json")[1])["languages"] == ["it"]
    code, _, err = run(root, capsys, "validate", "semi")
    assert code == 2 and err.count("\n") == 1
    assert "'semi' is a print-only deck (no 'game' field): validate needs a rules package" in err


def test_check_fails_on_a_text_too_long_for_its_box(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path, DECK.replace("title: {it: Carta}", "title: {it: " + "Lunghissimo " * 12 + "}"))
    code, _, err = run(root, capsys, "check")
    # check draws every face before its checks: bad input, one line per face (carta-1 ... carta-4) at the
    # face's file:line, exit code 2
    lines = err.strip().split("\n")
    assert code == 2 and len(lines) == 4, err
    assert lines[0].startswith("cardgen: error: decks/semi.yaml:14: components[0].faces[0].title.it: component 'carta-1', "
                               "face 1: the title (it) does not fit"), err
    assert all(line.startswith("cardgen: error: decks/semi.yaml:14: ") and "shorten it" in line for line in lines)


def test_a_grid_too_big_for_the_paper_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # refused before anything is written: no rule sheet, gallery picture or cache left in out/
    deck = DECK + "rulebook: {it: rules/it.md}\n"
    root = project(tmp_path, deck, {"rules/it.md": "# Semi\n\nGiocate.\n"})
    out = tmp_path / "out"
    code, _, err = run(root, capsys, "build", "--grid", "5x5", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and err.startswith("cardgen: error: --grid 5x5: "), err
    assert "Traceback" not in err and not [p for p in out.rglob("*") if p.is_file()]
    code, _, err = run(root, capsys, "build", "--grid", "3x3", "--gutter", "2", "--paper", "a4", "--out", str(out))
    assert code == 0 and (out / "semi/it/cards-a4-3x3-gutter2.pdf").is_file(), err


def test_a_gutter_too_wide_for_the_grid_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the grid fits the paper with its cards touching, not 8 mm apart: refused before writing, as a grid too big
    deck = DECK + "rulebook: {it: rules/it.md}\n"
    root = project(tmp_path, deck, {"rules/it.md": "# Semi\n\nGiocate.\n"})
    out = tmp_path / "out"
    code, _, err = run(root, capsys, "build", "--grid", "3x3", "--gutter", "8", "--paper", "a4", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and err.startswith("cardgen: error: --grid 3x3: "), err
    assert "--gutter" in err, err
    assert not [p for p in out.rglob("*") if p.is_file()]


def test_a_gutter_without_a_grid_is_refused_not_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    code, _, err = run(project(tmp_path), capsys, "build", "--gutter", "2", "--out", str(out))
    assert (code, err) == (2, "cardgen: error: --gutter 2: only with --grid (e.g. --grid 3x3 --gutter 2); without "
                              "--grid the cards touch bleed to bleed\n")
    assert not out.exists()


def test_fronts_only_has_no_backs_and_its_own_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    decks = [resolve("semi", project(tmp_path))]
    build(decks, out, BuildOptions(["it"], ["a4"], fronts_only=True))
    text = pages(out / "semi/it/cards-a4-fronts.pdf")
    assert not any("retro ·" in t for t in text) and sum("fronti ·" in t for t in text) == 4  # 3 of cards, 1 of tokens
    assert "Solo fronti" in text[0]
    assert not (out / "semi/it/cards-a4.pdf").exists()


def test_backs_once_prints_one_page_of_backs_after_the_fronts(tmp_path: Path) -> None:
    deck = DECK[:DECK.index("  - id: gettone")].replace("count: 5", "count: 6")  # 24 cards: 3 pages of 8
    out = tmp_path / "out"
    build([resolve("semi", project(tmp_path, deck))], out, BuildOptions(["it"], ["a4"], backs_once=True))
    text = pages(out / "semi/it/cards-a4-backsonce.pdf")
    roles = ["info" if i == 0 else "backs" if "retro ·" in t else "fronts" for i, t in enumerate(text)]
    assert roles == ["info", "fronts", "fronts", "fronts", "backs"]
    assert "× 3" in text[-1] and "3 volte" in text[0]
    with pikepdf.open(out / "semi/it/cards-a4-backsonce.pdf") as pdf:  # a full page of backs
        assert len(list(pdf.pages[-1].Resources.XObject.keys())) == 1
        assert pdf.pages[-1].Contents.read_bytes().count(b" Do") == 8


def test_backs_once_refuses_different_backs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(project(tmp_path), capsys, "build", "--backs-once", "--out", str(tmp_path / "out"))
    assert code == 2 and "--backs-once needs one back shared by every piece" in err and "2 different" in err


def test_option_names_never_collide() -> None:
    names = {sheet_name(paper, BuildOptions(duplex=d, ink_saver=i, fronts_only=f, backs_once=b))
             for paper in ("a4", "letter") for d in ("long", "short", "none") for i in (False, True)
             for f, b in ((False, False), (True, False), (False, True))}
    assert "cards-letter-inksaver.pdf" in names and "cards-a4.pdf" in names and "cards-a4-short-fronts.pdf" not in names
    # fronts only has no duplex: its three duplex settings make one file, every other combination its own
    assert len(names) == 2 * 2 * (3 * 2 + 1)


def test_help_lists_allowed_values(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("language codes, e.g. fr,en or de", "a4, letter", "{long,short,none}", "--fronts-only", "--backs-once", "-inksaver.pdf"):
        assert words in text, words
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    from cardgen.cli import PRESET_NAMES
    from cardgen.render.export import PRESETS
    assert tuple(PRESETS) == PRESET_NAMES and "default, trim, mpc" in capsys.readouterr().out


RULES_MD = """\
# Semi: regole

Ogni giocatore riceve **cinque** carte.

- prima voce
- seconda voce *in corsivo*

| carta | punti |
|---|---|
| 1 | uno |
"""


@pytest.mark.parametrize("field, name", [("rulebook: {it: rules/it.md}", "rules/it.md"),
                                         ("rulebook: {it: rules/it.md}\n", "symbols/star.svg")])
def test_a_rule_text_or_symbol_that_is_a_pipe_is_one_line_not_a_hang(tmp_path: Path, capsys, field: str,
                                                                    name: str) -> None:
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes")
    root = project(tmp_path, DECK + field + "\n", {"rules/it.md": RULES_MD})
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).unlink(missing_ok=True)
    os.mkfifo(root / name)  # read unbounded, it would wait for a writer forever
    code, _, err = run(root, capsys, "build", "--out", str(tmp_path / "out"))
    if name.startswith("rules/"):
        assert code == 2 and err == ("cardgen: error: decks/semi.yaml:20: rulebook.it: asset file 'rules/it.md' is "
                                     "not a regular file (a folder, device or pipe)\n"), err
    else:  # a symbol file that is no regular file is no symbol: the bundled 'star' is drawn
        assert code == 0, err


def test_own_rule_text_in_markdown_is_typeset_like_a_rulebook(tmp_path: Path) -> None:
    root = project(tmp_path, DECK + "rulebook: {it: rules/it.md}\n", {"rules/it.md": RULES_MD})
    out = tmp_path / "out"
    build([resolve("semi", root)], out, BuildOptions(["it"], ["a4"]))
    path = out / "semi/it/rules-a4.pdf"
    words = " ".join(pages(path))
    for expected in ("Semi: regole", "cinque", "prima voce", "in corsivo", "punti"):
        assert expected in words
    with pikepdf.open(path) as pdf:
        assert str(pdf.docinfo["/Title"]) == "Semi: regole"
        fonts = {str(p.Resources.Font[k].BaseFont).split("+")[-1] for p in pdf.pages
                 for k in p.Resources.Font.keys()}  # pikepdf < 10.3 has no Dictionary.values()
    assert fonts and all(f.startswith("DejaVu") for f in fonts)  # the bundled fonts, embedded


def test_own_rule_text_in_booklet_markup(tmp_path: Path) -> None:
    markup = '<h1>Preparazione</h1><box kind="example" title="Esempio"><p>Una carta.</p></box>' \
             '<cards columns="3"><card component="carta-1">La carta 1</card></cards>'
    root = project(tmp_path, DECK + "rulebook: {it: rules/it.xml}\n", {"rules/it.xml": markup})
    build([resolve("semi", root)], tmp_path / "out", BuildOptions(["it"], ["a4"]))
    words = " ".join(pages(tmp_path / "out/semi/it/rules-a4.pdf"))
    assert "Preparazione" in words and "Esempio" in words and "La carta 1" in words


@pytest.mark.parametrize("markup, expected", [
    ("<h1>Titolo</h1><video/>", "rules/it.xml: unknown block <video>"),
    ("<p>aperto", "rules/it.xml: the rulebook template produced malformed markup"),
    ('<cards><card component="nessuna">x</card></cards>', "rules/it.xml: unknown component 'nessuna'"),
])
def test_bad_rule_text_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], markup: str,
                                   expected: str) -> None:
    root = project(tmp_path, DECK + "rulebook: {it: rules/it.xml}\n", {"rules/it.xml": markup})
    code, _, err = run(root, capsys, "build", "--paper", "a4", "--out", str(tmp_path / "out"))
    assert code == 2 and expected in err and err.count("\n") == 1, err


@pytest.mark.parametrize("rulebook, expected", [
    ("{it: rules/none.md}", "decks/semi.yaml:20: rulebook.it: asset file 'rules/none.md' not found"),
    ("{en: rules/it.md}", "rulebook.en: rule text in 'en', which is not one of this deck's languages (it)"),
    ("{it: rules/it.txt}", "rulebook.it: rule text 'rules/it.txt' is neither Markdown (.md) nor booklet markup"),
])
def test_bad_rulebook_entries(tmp_path: Path, capsys: pytest.CaptureFixture[str], rulebook: str,
                              expected: str) -> None:
    root = project(tmp_path, DECK + f"rulebook: {rulebook}\n", {"rules/it.md": RULES_MD, "rules/it.txt": "x"})
    code, _, err = run(root, capsys, "inspect", "semi")
    assert code == 2 and expected in err, err
