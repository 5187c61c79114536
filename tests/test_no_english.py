"""Nothing in English under ``--lang fr`` or ``--lang it`` (issue 53).

Each command a designer runs with a language (build, check, validate, compare, inspect, tune, fix) runs on
shipped decks with small game counts on the reference engine, and
every line it prints, every HTML page it writes under its run folder and the comment and language lines
of a tuned variant are searched for English words (``tests/english.py``: the wordbooks' English entries and
the words issue 53 found, less the words the language writes too and the decks' and components' ids).
Numbers on those lines use the language's decimal sign: a figure written ``0.07`` in Italian fails.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.cli import main
from english import english_in
from test_report_lang import read_text

ROOT = Path(__file__).resolve().parents[1]

#: the decks' and components' ids: names in every language
IDS = frozenset({"king_lui", "royale", "draco", "emerald", "solo", "masked", "short", "long"})

SMALL = ["--games", "6", "--engine", "reference", "--jobs", "1"]
COMMANDS = {
    "validate": ["validate", "royale-solo", "draco", "king_lui", *SMALL, "--players", "1", "3"],
    "compare": ["compare", "draco", "draco-short", *SMALL, "--players", "3"],
    "inspect": ["inspect", "king_lui-hungry-dragon"],
    "tune": ["tune", "king_lui", "--param", "emerald_portions=1..3", "--target", "turns=10..40", "--trials", "2",
             "--games", "4", "--players", "3", "--best", "1", "--fresh"],
    "build": ["build", "king_lui", "--paper", "a4"],
    "fix": ["fix", "draco", "--trials", "2", "--games", "20", "--players", "4", "--best", "1", "--jobs", "1",
            "--fresh"],
    "check": ["check", "draco", "king_lui", "royale", "royale-solo"],
}
#: a number with a decimal point where the language writes a comma ("0.07"), outside versions and paths
POINT = re.compile(r"(?<![\w./-])\d+\.\d+(?![\w./-])")
#: Italian groups thousands with a point ("10.000 decisioni"): a group of three digits is no decimal point
THOUSANDS = re.compile(r"^\d{1,3}(?:\.\d{3})+$")


def _points(text: str, lang: str) -> list[str]:
    """The numbers of ``text`` written with an English decimal point, in ``lang``."""
    return [n for n in POINT.findall(text) if not (lang == "it" and THOUSANDS.match(n))]


def _said(lines: list[str]) -> str:
    return "\n".join(lines)


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_command_prints_no_english_word(command: str, lang: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    args = [*COMMANDS[command], "--lang", lang, "--project", str(ROOT)]
    if command not in ("inspect", "check"):
        args += ["--out", str(out)]
    code = main(args)
    captured = capsys.readouterr()
    said = captured.out + captured.err
    assert code in (0, 1), said
    bad = english_in(said.replace(str(tmp_path), ""), lang, set(IDS))
    assert not bad, "\n".join(bad)
    assert not _points(said.replace(str(tmp_path), ""), lang), said
    pages = [p for p in out.rglob("*.html") if p != out / "index.html" or command == "tune"] if out.is_dir() else []
    for page in pages:  # out/index.html is the gallery: one page for every language and run
        text = read_text(page.read_text(encoding="utf-8"))
        bad = english_in(text, lang, set(IDS))
        assert not bad, (page, bad[:10])
        assert not _points(text, lang), (page, _points(text, lang)[:5])
    for variant in out.rglob("*.yaml") if out.is_dir() else ():
        mine = [line for line in variant.read_text(encoding="utf-8").splitlines()
                if line.startswith("#") or line.strip().startswith(f"{lang}:")]
        bad = english_in("\n".join(mine), lang, set(IDS))
        assert not bad, (variant, bad)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_first_run_compile_notice_speaks_the_language(lang: str) -> None:
    """The one line a first compile prints (``jit.announce_compile``) names the game and says the rest in the
    terminal's language; English keeps the words the compiled tiers name themselves with."""
    from cardgen.jit import compile_notice
    from cardgen.terminal import set_language

    try:
        set_language(lang)
        for what in ("Draco fast tier", "King Lui fast engine", "Royale search driver (tree)",
                     "King Lui fast engine with house/rule.py", "King Lui search driver (paired) with house/rule.py"):
            said = compile_notice(what)
            assert what.split(" ")[0] in said and not english_in(said, lang), said
    finally:
        set_language("en")
    # terminal round 47 fr18*: a compiled tier's line says what validate's first-run note says, headed by the game's
    # name (in the language where the caller gives it): "fast engine" was jargon (en24, it12) (pins updated)
    assert compile_notice("King Lui fast engine") == "King Lui: cardgen is preparing the game (on the first run only)…"
    assert compile_notice("King Lui fast engine with house/rule.py") == ("King Lui: cardgen is preparing the game with "
                                                                          "the house rule house/rule.py (once for each "
                                                                          "version of the file)…")
    # terminal round 47 fr18*, part n: the search driver's lines likewise (pins updated)
    assert compile_notice("Royale search driver (paired)") == \
        "Royale: cardgen is preparing the simulated players’ search (paired search; on the first run only)…"
    assert compile_notice("King Lui search driver (tree) with house/rule.py") == ("King Lui: cardgen is preparing the "
        "simulated players’ search (tree search) with the house rule house/rule.py (once for each version of the "
        "file)…")


@pytest.mark.parametrize("lang, ready", [("fr", "auteur"), ("it", "autore")])  # the page's word for the designer
def test_play_prints_its_links_in_the_tables_language(lang: str, ready: str, tmp_path: Path) -> None:
    """``cardgen play --lang`` prints the drawing notice, the lobby's, each seat's and the designer's links in the
    table's language ("drawing the faces of", "(Ctrl-C to stop)" were English under --lang fr/it)."""
    import subprocess
    import sys
    import time

    out = tmp_path / "out.txt"
    with out.open("w") as sink:
        table = subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(ROOT), "play", "king_lui",
                                  "--no-browser", "--people", "1,2", "--lang", lang, "--out", str(tmp_path / "o")],
                                 stdout=sink, stderr=subprocess.STDOUT, cwd=tmp_path)
        try:
            for _ in range(600):
                if ready in out.read_text(encoding="utf-8"):
                    break
                time.sleep(0.1)
            else:
                raise AssertionError(out.read_text(encoding="utf-8"))
        finally:
            table.kill()
            table.wait(10)
    said = out.read_text(encoding="utf-8")
    assert said.count("cardgen play") >= 5, said  # drawing, lobby, two seats, designer
    # the links named as the designer's page names them, the game by its title, not its id (#53 fr48, it51)
    assert {"fr": "lien de la table (", "it": "link del tavolo ("}[lang] in said and "king_lui" not in said, said
    assert not english_in(said, lang, set(IDS)), english_in(said, lang, set(IDS))
