"""A ruling a game declares as how its games end (``"ending_gaps"`` in its ``words.json``) is not listed among
the cases this edition rules, with a seed to replay it: Draco's final toast follows the rebuilt pile running
out in every game (the fifth-round French reader, item 46: « c'est la fin normale de toutes les parties, pas
un cas limite »); the end-reasons line says it once. The reporter reads the flag; it never names the game."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.games import get_game
from cardgen.simulate.summary import Naming, listed_gaps, tally_words


def _gap(kind: str, settled: bool = True) -> dict[str, object]:
    return {"kind": kind, "settled": settled, "count": 4, "games": 4, "seed": 1, "game": 0}


def test_only_a_settled_ending_gap_is_left_out() -> None:
    naming = Naming({"ending_gaps": ["final_toast"]})
    r = {"rule_gaps": [_gap("bank_short"), _gap("final_toast"), _gap("final_toast", settled=False)]}
    # an unsettled case first, as at every player count (gap_order, twentieth reading fr20)
    assert [(g["kind"], g["settled"]) for g in listed_gaps(r, naming)] == [("final_toast", False),
                                                                           ("bank_short", True)]
    assert sorted(g["kind"] for g in listed_gaps(r)) == ["bank_short", "final_toast", "final_toast"]  # no flag: all


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_validate_draco_says_the_final_toast_as_how_games_end_not_as_a_case(
        lang: str, tmp_path: Path, repo_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(repo_root), "validate", "draco", "--games", "4", "--players", "3", "--jobs", "1",
                 "--lang", lang, "--out", str(tmp_path / "out")]) == 0
    text = capsys.readouterr().out
    naming = Naming(get_game("draco").words)
    from cardgen.terminal import say_n

    # round 34 it2: each count with its noun, "(4 games)"
    assert tally_words("end_reason", "final_toast", lang, naming) + f" ({say_n('games', 4, lang)})" in text
    ruled = tally_words("gap", "final_toast", lang, naming)
    assert ruled not in text
    # the other rulings still listed, with a seed; however the line wraps (the bank's case is now labelled as every
    # case, so its name may run across two rows: twenty-second reading en14)
    assert " ".join(tally_words("gap", "bank_short", lang, naming).split()) in " ".join(text.split())
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.html"))
    assert tally_words("gap", "bank_short", lang, naming) in pages and ruled not in pages
