"""``cardgen new DIR`` (cardgen/scaffold.py): the whole path a designer takes, through the real CLI."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.cli import main
from cardgen.scaffold import deck_id, display_name, new_project, starter_files

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
    assert checked.returncode == 0 and "faces print (en)" in checked.stdout


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
        Path(str(p).replace("__ID__", "dragon-race")) for p in starter_files())
    deck = (target / "decks/dragon-race.yaml").read_text()
    assert 'name: {en: "Dragon Race!"}' in deck and "__" not in deck
    assert deck_id(tmp_path / "___") == "mygame" and display_name(tmp_path / "my_game") == "My game"


def test_starter_files_ship_in_the_wheel() -> None:
    import tomllib
    from fnmatch import fnmatch

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["cardgen"]
    for rel in starter_files():
        name = f"starter/{rel.as_posix()}"
        assert any(fnmatch(name, p) and name.count("/") == p.count("/") for p in config), name
