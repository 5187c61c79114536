"""Every line a person reads from validate, compare and tune follows ``--lang`` and shows no internal id.

Each command runs once per language on shipped decks (small runs: a few games, the reference engine), and
everything it prints and every HTML page it writes is searched for the ids of the game's words (end
reasons, rule gaps, tallies, rule numbers, card kinds: every key of each game's ``words.json``), for the
shipped components' ids (``silver-coin``, ``dessert-7``) and for snake_case words in general. The JSON
files are machine output and keep their ids; the decks' own ids (``draco-short``, ``king_lui``: what the
designer typed) and file paths are what a person asked for and are left out of the search.
"""
from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.languages import SHIPPED
from cardgen.resolve.resolve import resolve_all
from nonempty import nonempty

#: a snake_case word (``bank_short``, ``cards_set_aside``): how an engine or a rules model writes an id
SNAKE = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/-])")

#: English page words that must not reach a French or Italian page or terminal (validate's and tune's chrome)
ENGLISH = ("PASS", "FAIL", "players", "games", "seat", "trial", "Tuning", "Best variants", "Every trial",
           "end reasons", "Static checks", "Designer", "Rule gaps", "winning score",
           "passed", "against", "rounds", "turns")


class _Text(HTMLParser):
    """The text a reader reads on a page: every text node and hover title, no styles. A ``nw`` span (a command's
    word kept on one line, ``templating.kept``) is part of its sentence: its text and what follows it join the text
    before it, as a reader reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0
        self._spans: list[bool] = []  # per open span: whether it is a ``nw`` one
        self._join = False  # the next text node continues the last one

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        if tag == "span":
            kept = ("class", "nw") in attrs
            self._spans.append(kept)
            self._join = self._join or kept

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skip -= 1
        if tag == "span" and self._spans and self._spans.pop():
            self._join = True

    def handle_data(self, data: str) -> None:
        if not self._skip:
            if self._join and self.parts:
                self.parts[-1] += data
            else:
                self.parts.append(data)
        self._join = False


def read_text(page: str) -> str:
    parser = _Text()
    parser.feed(page)
    return html.unescape("\n".join(parser.parts)).replace("\u2060", "")  # a joiner keeping a range whole: unseen


def _ids(repo_root: Path) -> tuple[set[str], set[str]]:
    """(ids a report must never show, the decks' own ids) of every shipped deck and game."""
    ids: set[str] = set()
    decks = resolve_all(None, repo_root)
    for path in sorted((repo_root / "cardgen" / "games").glob("*/words.json")):
        words = json.loads(path.read_text(encoding="utf-8"))
        for table in words.values():
            if isinstance(table, dict):
                for by_lang in table.values():
                    if isinstance(by_lang, dict):
                        ids.update(key.split(":", 1)[-1] for key in by_lang)
    for deck in decks:
        ids.update(c.id for c in deck.model.components)
        ids.update(deck.model.rules.model_dump())
    # an id a person could read as a word of the language (``solo``, ``cake``) is only caught as snake_case
    # or with a hyphen: single plain words are also ordinary words of the text
    return {i for i in ids if "_" in i or "-" in i}, {d.id for d in decks}


def id_problems(text: str, ids: set[str], decks: set[str]) -> list[str]:
    """Every internal id ``text`` shows, with the line it stands in."""
    out = []
    for line in text.splitlines():
        words = [w for w in line.split() if "/" not in w]  # a path names a file the user asked for
        clean = " ".join(words)
        for deck in sorted(decks, key=len, reverse=True):
            clean = re.sub(rf"(?<![\w-]){re.escape(deck)}(?![\w-])", " ", clean)
        found = set(SNAKE.findall(clean)) | {i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", clean)}
        out += [f"{i!r} in: {line.strip()[:160]}" for i in sorted(found)]
    return out


def _run(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    code = main(args)
    captured = capsys.readouterr()
    assert code in (0, 1), captured.err
    return captured.out + "\n" + captured.err


@pytest.mark.parametrize("lang", SHIPPED)
def test_validate_compare_and_tune_speak_the_language_and_show_no_id(repo_root: Path, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str],
                                                                     lang: str) -> None:
    out = tmp_path / "out"
    common = ["--engine", "reference", "--jobs", "1", "--lang", lang]
    project = ["--project", str(repo_root)]
    terminal = _run(capsys, [*project, "validate", "royale", "king_lui", "draco-short", "--players", "3",
                             "--games", "12", "--out", str(out), *common])
    terminal += _run(capsys, [*project, "compare", "draco", "draco-short", "--players", "3", "--games", "16",
                              "--out", str(out), *common])
    terminal += _run(capsys, [*project, "compare", "royale", "royale-short", "--players", "3", "--games", "12",
                              "--out", str(out), *common])
    tune_out = tmp_path / "tune"
    terminal += _run(capsys, [*project, "tune", "king_lui", "--param", "course_cards_per_player=2..3",
                              "--target", "rounds=10..20", "--trials", "2", "--games", "8", "--players", "3",
                              "--out", str(tune_out), "--jobs", "1", "--lang", lang])
    pages = nonempty(sorted((out / "validation").rglob("*.html")) + [tune_out / "index.html"])
    assert len(pages) >= 7  # runs index, validate overview + three deck pages, two comparisons, tune
    ids, decks = _ids(repo_root)
    assert {"bank_short", "supply_exhausted", "cards_under_a_noble", "silver-coin", "cards_set_aside",
            "course_cards_per_player", "uneven_packets"} <= ids  # the ids the issue found, collected
    problems = [f"terminal: {p}" for p in id_problems(terminal, ids, decks)]
    texts = {}
    for page in pages:
        source = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in source, page
        texts[page] = read_text(source)
        problems += [f"{page.relative_to(tmp_path)}: {p}" for p in id_problems(texts[page], ids, decks)]
    # the gallery validate and compare refresh, the folder's entry page: in the run's language (seventeenth reading
    # fr65, it57: a new folder's was English), and no id
    gallery = out / "index.html"
    source = gallery.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in source
    texts[gallery] = read_text(source)
    problems += [f"gallery: {p}" for p in id_problems(texts[gallery], ids, decks)]
    assert problems == []
    if lang != "en":
        english = [f"{where}: {w!r}" for where, text in [("terminal", terminal), *texts.items()]
                   for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])",
                                                 _without_decks(text, decks))]
        assert english == []


def _without_decks(text: str, decks: set[str]) -> str:
    for deck in sorted(decks, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(deck)}(?![\w-])", " ", text)
    return " ".join(w for w in text.split() if "/" not in w)


def test_the_search_finds_an_id_where_one_is_shown(repo_root: Path) -> None:
    """The check itself: an id in a line is found, a deck's id and a path are not ids."""
    ids, decks = _ids(repo_root)
    assert id_problems("la banque : bank_short (3)", ids, decks) == ["'bank_short' in: la banque : bank_short (3)"]
    assert id_problems("imprimez 7 (silver-coin) de plus", ids, decks) == [
        "'silver-coin' in: imprimez 7 (silver-coin) de plus"]
    assert id_problems("king_lui comparée à draco-short : /tmp/a_b/index.html", ids, decks) == []
    assert id_problems("remontées (vainqueur mené à mi-partie)", ids, decks) == []
