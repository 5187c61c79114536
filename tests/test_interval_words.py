"""A 95 % interval is worded once, by the terminal (``balance_level_plain``, ``intervals_plain``), and the
report pages take those words through ``{interval95}`` / ``{intervals95}`` (``terminal.with_terms``): the
pages said « intervalle à 95 % » after the terminal had learnt « intervalle de confiance à 95 % » (the
fifth-round French reader, item 35)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.languages import typeset
from cardgen.terminal import LINES, with_terms

#: what the pages said before (each language's short form), which no page may say again
OLD = {"en": ("95% interval", "95 % interval"), "fr": ("intervalle à 95",), "it": ("intervallo al 95",)}


def test_with_terms_fills_every_language_from_the_terminal_and_leaves_other_text_alone() -> None:
    book = {"t": {"en": {"a": "x ({interval95})", "b": ["{intervals95}", 3]}, "fr": {"a": "x ({interval95})"},
                  "zz": {"a": "{interval95}"}}, "length": "turns"}
    got = with_terms(book)
    assert got["t"]["en"] == {"a": f"x ({LINES['en']['balance_level_plain']})",
                              "b": [LINES["en"]["intervals_plain"], 3]}
    assert got["t"]["fr"]["a"] == f"x ({typeset(LINES['fr']['balance_level_plain'], 'fr')})"
    assert got["t"]["zz"] == {"a": "{interval95}"} and got["length"] == "turns"  # no terminal words: as it was
    assert book["t"]["en"]["a"] == "x ({interval95})"  # the book read is not changed in place


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_validate_page_words_the_interval_as_the_terminal_does(
        lang: str, tmp_path: Path, repo_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(repo_root), "validate", "king_lui", "--games", "4", "--players", "3", "--jobs",
                 "1", "--lang", lang, "--out", str(tmp_path / "out")]) == 0
    terminal = capsys.readouterr().out
    phrase = typeset(LINES[lang]["balance_level_plain"], lang)
    assert phrase in terminal  # the seats' line
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.html"))
    assert pages.count(phrase) >= 2  # the seats' chart title and table heading
    assert "{interval95}" not in pages and not any(old in pages for old in OLD[lang])
    # the design indicators' intervals as the terminal writes them: "[3,6 ; 6,4]", not "[3,6, 6,4]" where a
    # comma is the decimal mark
    cells = re.findall(r'<td class="num">(\[[^<]*\])</td>', pages)
    assert len(cells) >= 5 and not [c for c in cells if re.search(r"\d, ", c)], cells
    word = {"en": " to ", "fr": "\u202f; ", "it": "; "}[lang]
    assert all(word in c for c in cells), cells
