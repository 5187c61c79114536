"""Bad input refused in the command's language (issue 53): under ``--lang fr`` or ``--lang it`` every refusal, from
argparse's level (a number out of bounds, an unknown option or choice, a missing value, two exclusive options, an
unknown command) to cardgen's own (a player count no deck allows, no project folder, an unknown agent), is one line
with the language's ``cardgen: error:``, no English word (``tests/english.py``), no decimal point where the language
writes a comma, exit status 2 and no traceback. English stays the line it was.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.arguments import language_of
from cardgen.cli import main
from english import english_in

ROOT = Path(__file__).resolve().parents[1]
N = "\u202f"
PREFIX = {"en": "cardgen: error: ", "fr": f"cardgen{N}: erreur{N}: ", "it": "cardgen: errore: "}
#: names a line may echo in any language: the decks' ids, the values given, the commands and the values an option
#: takes (typed as they are; ``--options`` are never counted as words)
IDS = {"king_lui", "draco", "lui", "valdate", "bogus", "turbo", "sideways", "nobody", "abc", "validate", "compare",
       "tune", "build", "play", "check", "inspect", "fix", "new", "schema", "export", "replay", "cache", "reference",
       "fast", "auto", "long", "short", "none", "letter", "random", "search", "heuristic"}
SMALL = ["--games", "2", "--trials", "1"]
#: a refusal per kind of bad input: the arguments (``--lang`` is added last)
CASES = {
    "games out of bounds": ["validate", "king_lui", "--games", "0"],
    "not a number": ["validate", "king_lui", "--games", "abc"],
    "players out of bounds": ["validate", "king_lui", "--players", "99"],
    "unknown choice": ["validate", "king_lui", "--engine", "turbo"],
    "unknown option": ["validate", "king_lui", "--bogus"],
    "missing value": ["validate", "king_lui", "--games"],
    "missing argument": ["compare", "king_lui"],
    "compare games": ["compare", "king_lui", "king_lui-hungry-dragon", "--games", "1"],
    "compare players": ["compare", "king_lui", "king_lui-hungry-dragon", "--players", "9", "--games", "4"],
    "validate players": ["validate", "king_lui", "--players", "9", "--games", "2"],
    "tune trials": ["tune", "king_lui", "--trials", "0"],
    "tune exclusive": ["tune", "king_lui", "--resume", "--fresh"],
    "tune no param": ["tune", "king_lui", "--target", "turns=1..3"],
    "tune players": ["tune", "king_lui", "--param", "emerald_portions=1..3", "--target", "turns=1..3",
                     "--players", "9", *SMALL],
    "fix best": ["fix", "draco", "--best", "99"],
    "unknown agent": ["validate", "king_lui", "--agents", "nobody", "--games", "2"],
    "unknown command": ["valdate"],
    "seconds": ["validate", "king_lui", "--code-time-limit", "0"],
    "worker wait": ["validate", "king_lui", "--worker-wait", "-1"],
    "paper": ["build", "king_lui", "--paper", "a3"],
    "duplex": ["build", "king_lui", "--duplex", "sideways"],
    "grid": ["build", "king_lui", "--grid", "0x3"],
    "gutter": ["build", "king_lui", "--grid", "3x3", "--gutter", "99"],
    "seat": ["play", "king_lui", "--seat", "99"],
    "pace": ["play", "king_lui", "--pace", "11"],
}
#: a number with a decimal point where the language writes a comma ("0.1")
POINT = re.compile(r"(?<![\w./-])\d+\.\d+(?![\w./-])")


def _refusal(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(args)
    captured = capsys.readouterr()
    assert code == 2, captured.out + captured.err
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_refusal_speaks_the_commands_language(case: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = _refusal([*CASES[case], "--project", str(ROOT), "--lang", lang], capsys)
    assert line.startswith(PREFIX[lang]), line
    assert not english_in(line, lang, IDS), english_in(line, lang, IDS)
    assert not POINT.findall(line), line


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_no_project_is_said_in_the_language(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    line = _refusal(["check", "king_lui", "--lang", lang], capsys)
    assert line.startswith(PREFIX[lang]) and "decks/" in line and str(tmp_path) in line, line
    assert not english_in(line.replace(str(tmp_path), ""), lang, IDS), line


def test_the_refusals_carry_their_facts_in_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The bounds, the value given, the did-you-mean and the decimal sign, not only words."""
    project = ["--project", str(ROOT)]
    assert _refusal(["validate", "king_lui", "--games", "0", *project, "--lang", "it"], capsys) == (
        "cardgen: errore: cardgen validate: --games 0: previsto da 1 a 10000000 (vedi --help)")
    assert _refusal(["validate", "king_lui", "--games", "0", *project], capsys) == (
        "cardgen: error: cardgen validate: --games 0: expected 1 to 10000000 (see --help)")
    line = _refusal(["validate", "king_lui", "--code-time-limit", "0", *project, "--lang", "fr"], capsys)
    assert f"de 0,1 à 86400{N}; reçu{N}: «{N}0{N}»" in line, line
    assert "from 0.1 to 86400, got '0'" in _refusal(["validate", "--code-time-limit", "0", *project], capsys)
    line = _refusal(["valdate", "--lang", "it"], capsys)
    assert line.startswith("cardgen: errore: cardgen: comando sconosciuto: «valdate»") and "«validate»" in line, line
    line = _refusal(["build", "king_lui", "--duplex", "sideway", *project, "--lang", "fr"], capsys)
    assert f"«{N}sideway{N}»" in line and f"«{N}sideways{N}»" not in line and "long, short, none" in line, line
    line = _refusal(["tune", "king_lui", "--resume", "--fresh", *project, "--lang", "it"], capsys)
    assert line.endswith("cardgen tune: --fresh: non si usa insieme a --resume (vedi --help)"), line
    line = _refusal(["compare", "king_lui", "king_lui-hungry-dragon", "--players", "9", "--games", "4", *project,
                     "--lang", "fr"], capsys)
    assert line.endswith(f"--players 9{N}: attendu{N}: un nombre de joueurs que les deux jeux permettent (3, 4, 5)")


def test_the_language_is_read_before_argparse_reads_the_rest() -> None:
    assert language_of(["validate", "--games", "0", "--lang", "fr"]) == "fr"
    assert language_of(["build", "--lang=it,fr"]) == "it"
    assert language_of(["validate", "--lang", "frr"]) == "en"  # no language cardgen speaks: English
    assert language_of(["validate", "--lang", "de"]) == "en"  # no words of cardgen's in German: English
    assert language_of(["validate", "--lang"]) == "en"
    assert language_of(["validate", "fr"]) == "en"
