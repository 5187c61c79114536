"""``cardgen new DIR`` (cardgen/scaffold.py): the whole path a designer takes, through the real CLI."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.cli import main
from cardgen.languages import name_in
from cardgen.scaffold import deck_id, display_name, new_project, starter_files
from nonempty import nonempty

ROOT = Path(__file__).resolve().parent.parent
TITLES = ("Sun", "Moon", "Leaf", "Joker", "Comet")


def cardgen(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The ``cardgen`` command as a designer runs it, in ``cwd``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def faces_on_front_pages(pdf_path: Path) -> int:
    """Card fronts printed: every title word on the pages of fronts (the running head says 'fronts')."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    total = 0
    for i in range(len(pdf)):
        text = pdf[i].get_textpage().get_text_range()
        if "fronts ·" in text:
            total += sum(text.count(t) for t in TITLES)
    return total


def test_new_build_add_a_row_rebuild(tmp_path: Path) -> None:
    done = cardgen(tmp_path, "new", "mygame")
    assert done.returncode == 0, done.stderr
    game = tmp_path / "mygame"
    assert "wrote mygame/decks/cards.csv" in done.stdout.replace(str(tmp_path) + "/", "")
    built = cardgen(game, "build", "--paper", "a4")
    assert built.returncode == 0, built.stderr
    cards, rules = game / "out/mygame/en/cards-a4.pdf", game / "out/mygame/en/rules-a4.pdf"
    assert f"wrote {Path('out/mygame/en/cards-a4.pdf')}" in built.stdout and rules.is_file()
    assert faces_on_front_pages(cards) == 14  # 12 numbered cards and 2 jokers
    rule_words = pdfium.PdfDocument(str(rules))[0].get_textpage().get_text_range()
    assert "How to play" in rule_words and "five cards" in rule_words
    # Only the deck's language is built (the starter is English only).
    assert sorted(p.name for p in (game / "out/mygame").iterdir()) == ["en"]

    with (game / "decks/cards.csv").open("a", encoding="utf-8") as handle:
        handle.write("Comet,5,sun,star,1,A new card.\n")
    again = cardgen(game, "build", "--paper", "a4")
    assert again.returncode == 0, again.stderr
    assert "1 file written, 1 unchanged; 15 cards" in again.stdout  # the rule sheet did not change
    assert faces_on_front_pages(cards) == 15
    checked = cardgen(game, "check")
    assert checked.returncode == 0 and "card faces print correctly in English" in checked.stdout


def test_refuses_a_folder_that_is_not_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine.txt").write_text("keep me")
    assert main(["new", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "folder is not empty" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]


def test_an_empty_folder_is_fine_and_names_come_from_it(tmp_path: Path) -> None:
    target = tmp_path / "Dragon Race!"
    target.mkdir()
    written = new_project(target)
    assert sorted(p.relative_to(target) for p in written) == sorted(
        Path(str(p).replace("__ID__", "dragon-race").replace("__LANG__", "en")) for p in starter_files())
    deck = (target / "decks/dragon-race.yaml").read_text()
    assert 'name: {en: "Dragon Race!"}' in deck and "__" not in deck
    assert deck_id(tmp_path / "___") == "mygame" and display_name(tmp_path / "my_game") == "My game"


def test_starter_files_ship_in_the_wheel() -> None:
    import tomllib
    from fnmatch import fnmatch

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["cardgen"]
    for rel in nonempty(starter_files()):
        name = f"starter/{rel.as_posix()}"
        assert any(fnmatch(name, p) and name.count("/") == p.count("/") for p in config), name


#: Long words of each language, in a paragraph the test adds to the starter's rule sheet: in its
#: narrow column some of them must break at a line end, where the language's dictionary allows.
LONG_WORDS = {
    "de": "Donaudampfschifffahrtsgesellschaft Kartenstapelaufbewahrungsschachtel Spielrundenauswertungsbogen "
          "Nachziehstapelerschöpfungsregel Ablagestapelzusammensetzung Siegpunktberechnungsgrundlage "
          "Mehrspielervariantenbeschreibung Kartenrückseitengestaltung",
    "es": "electroencefalografista anticonstitucionalmente otorrinolaringólogo desoxirribonucleico "
          "esternocleidomastoideo internacionalización incomprensiblemente desproporcionadamente",
}
#: What the starter prints in each language, from its translation (cardgen/starter_langs/<lang>.yaml).
STARTER_WORDS = {"de": ("Spielregeln", "fünf Karten", "Sonne", "Vorderseiten ·", "Kalibrierung"),
                 "es": ("Cómo se juega", "cinco cartas", "Sol", "frentes ·", "Calibración")}


@pytest.mark.parametrize("lang", ["de", "es"])
def test_new_in_german_and_spanish_builds_cards_and_a_hyphenated_rule_sheet(tmp_path: Path, lang: str) -> None:
    """``cardgen new --lang``: the starter's texts, rule sheet and instructions in that language, the rule
    sheet hyphenated with pyphen's dictionary of that language."""
    import pyphen

    done = cardgen(tmp_path, "new", "spiel", "--lang", lang)
    assert done.returncode == 0, done.stderr
    game = tmp_path / "spiel"
    deck = (game / "decks/spiel.yaml").read_text(encoding="utf-8")
    assert f"languages: [{lang}]" in deck and "{en:" not in deck and "__" not in deck
    heading, five, sun, fronts, ruler = STARTER_WORDS[lang]
    sheet = game / f"rules/{lang}.md"
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n" + LONG_WORDS[lang] + "\n", encoding="utf-8")
    checked = cardgen(game, "check")
    assert checked.returncode == 0 and f"card faces print correctly in {name_in(lang, 'en')}" in checked.stdout, checked.stdout + checked.stderr
    built = cardgen(game, "build", "--paper", "a4")
    assert built.returncode == 0, built.stderr
    assert sorted(p.name for p in (game / "out/spiel").iterdir()) == [lang]
    cards = pdfium.PdfDocument(str(game / f"out/spiel/{lang}/cards-a4.pdf"))
    pages = [cards[i].get_textpage().get_text_range() for i in range(len(cards))]
    assert ruler in pages[0]  # the instructions page in the deck's language
    assert sum(p.count(sun) for p in pages if fronts in p) == 4  # the four cards of the first suit
    rules = pdfium.PdfDocument(str(game / f"out/spiel/{lang}/rules-a4.pdf"))
    raw = "".join(page.get_textpage().get_text_range() for page in rules)
    assert heading in raw and five in raw
    breaks = re.findall(r"(\w+)\ufffe(\w+)", raw)  # pdfium marks a hyphen reportlab added with U+FFFE
    long_words = LONG_WORDS[lang].split()
    assert any(a + b in long_words for a, b in breaks), f"no long word broken: {breaks}"
    allowed = pyphen.Pyphen(lang=lang)
    wrong = [f"{a}-{b}" for a, b in breaks if (a, b) not in set(allowed.iterate(a + b))]
    assert not wrong, f"breaks pyphen's {lang} dictionary does not allow: {wrong}"


def test_new_in_a_language_without_a_starter_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", str(tmp_path / "g"), "--lang", "dee"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "no starter in 'dee'" in err and "did you mean 'de'" in err
    assert not (tmp_path / "g").exists()
    assert main(["new", str(tmp_path / "g"), "--rules", "--lang", "de"]) == 2
    assert "English only" in capsys.readouterr().err and not (tmp_path / "g").exists()


def test_starter_translations_cover_every_english_text() -> None:
    """Each translation translates every quoted text of the starter deck and every CSV title and text."""
    import csv

    import yaml

    from cardgen.scaffold import STARTER, STARTER_LANGS

    deck = yaml.safe_load((STARTER / "decks/__ID__.yaml").read_text(encoding="utf-8").replace("__LANG__", "en"))
    texts: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            texts.extend([node["en"]] if isinstance(node.get("en"), str) and node["en"] != "__NAME__" else [])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk({k: v for k, v in deck.items() if k != "rulebook"})  # the rule sheet's file name is no text
    quoted = set(texts)
    rows = list(csv.DictReader((STARTER / "decks/cards.csv").open(encoding="utf-8")))
    english = quoted | {r["title"] for r in rows} | {r["text"] for r in rows if r["text"]}
    for path in nonempty(sorted(STARTER_LANGS.glob("*.yaml"))):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert set(data["words"]) == english, path.name
        assert data["rules"].startswith("# "), path.name


def test_the_docs_give_the_starter_rules_file_its_true_length() -> None:
    """README and docs/authoring.md tell a designer how long the starter's rules.py is: the file's own count."""
    lines = len((ROOT / "cardgen" / "starter_rules" / "rules.py").read_text(encoding="utf-8").splitlines())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    authoring = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    assert re.findall(r"a rules file of (\d+) lines", readme) == [str(lines)]
    assert re.findall(r"in `rules\.py`, (\d+) lines", authoring) == [str(lines)]
