"""``cardgen compare``: paired statistics by hand, Holm, common random numbers, JSON, bad input, the bank case."""
from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import toy_game
from screen import unwrapped
from toy_game import load_toy, toy_deck

from cardgen.cli import main
from cardgen.errors import GamesFailed, InputError
from cardgen.simulate.compare import (CompareOptions, Paired, holm, metric, public_json, run_compare,
                                      skill_metrics)
from cardgen.simulate.summary import format_comparison
from cardgen.simulate.validate import ValidateOptions, run_validation

RICH_TOAST = """\
extends: draco
name: {fr: "Toast riche", it: "Brindisi ricco", en: "Rich toast"}
description: {fr: "Un toast paie 5, 4, 3, 2 et 1.", it: "Un brindisi paga 5, 4, 3, 2 e 1.", en: "A toast pays 5, 4, 3, 2 and 1."}
rules:
  toast_payouts: [5, 4, 3, 2, 1]
"""


def test_paired_metric_by_hand() -> None:
    p = Paired()
    for b, v in ((1, 2), (2, 4), (3, 3)):  # differences 1, 2, 0: mean 1, sd 1
        p.add("x", b, v)
    m = metric(*next(p.rows()))
    assert (m["base"], m["variant"], m["difference"]) == (2, 3, 1)
    half = 1.959964 * math.sqrt(1 / 3)
    assert m["low"] == pytest.approx(1 - half, abs=1e-5) and m["high"] == pytest.approx(1 + half, abs=1e-5)
    assert 0.05 < m["p"] < 0.1  # z = 1.73


def test_sparse_metrics_count_every_pair_and_merge_like_one_run() -> None:
    whole, a, b = Paired(), Paired(), Paired()
    data = [(0, 1), (0, 0), (1, 1), (0, 0), (0, 1)]
    for i, (x, y) in enumerate(data):
        for acc in (whole, a if i < 2 else b):
            acc.pairs += 1
            acc.add_sparse("gap:g", x, y)
    a.merge(b)
    assert list(a.rows()) == list(whole.rows())
    name, n, sb, sv, _, _ = next(whole.rows())
    assert (name, n, sb, sv) == ("gap:g", 5, 1, 3)  # zero pairs are not stored but counted


def test_holm_rejects_more_than_bonferroni_and_stops_at_the_first_failure() -> None:
    ms = [{"metric": n, "p": p, "difference": 1.0} for n, p in (("a", 0.01), ("b", 0.02), ("c", 0.04))]
    holm(ms)
    assert [m["significant"] for m in ms] == [True, True, True]  # Bonferroni (0.0167) would keep only a
    ms = [{"metric": n, "p": p, "difference": 1.0} for n, p in (("a", 0.01), ("b", 0.03), ("c", 0.04))]
    holm(ms)
    assert [m["significant"] for m in ms] == [True, False, False]  # b > 0.05/2: c is not tested


def test_skill_figures_are_compared_when_present_only() -> None:
    assert skill_metrics(None, {"x": {"rate": 0.5, "low": 0.4, "high": 0.6}}) == []
    [m] = skill_metrics({"search_vs_random": {"rate": 0.6, "low": 0.5, "high": 0.7}, "summary": "s"},
                        {"search_vs_random": {"rate": 0.8, "low": 0.7, "high": 0.9}, "summary": "t"})
    assert m["metric"] == "skill:search_vs_random" and m["difference"] == pytest.approx(0.2)
    assert m["low"] < 0.2 < m["high"]


def _opts(**kw: Any) -> CompareOptions:
    base: dict[str, Any] = dict(games=40, players=[2], jobs=1, loader=load_toy, out=None, progress=False)
    base.update(kw)
    return CompareOptions(**base)


def test_same_rules_on_the_same_seeds_change_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Common random numbers: a copy of the deck plays exactly the base's games, so every difference is 0.

    With validate's seeds (which include the deck id) the copy plays other deals.
    """
    monkeypatch.setitem(toy_game.TOY_DECKS, "toy_copy", toy_game.TOY_DECKS["toy"])
    base, copy = toy_deck("toy", tmp_path), toy_deck("toy_copy", tmp_path)
    doc = run_compare(base, copy, _opts(players=[2, 3]))
    assert [r["players"] for r in doc["results"]] == [2, 3]
    for r in doc["results"]:
        assert r["metrics"] and all(m["difference"] == 0 and not m["significant"] for m in r["metrics"])
    vopts = ValidateOptions(games=40, players=[2], jobs=1, loader=load_toy, out=None, progress=False)
    plain = [run_validation([d], vopts)["results"][0]["turns"]["histogram"] for d in (base, copy)]
    assert plain[0] != plain[1]


def test_a_real_change_is_significant_and_the_json_has_the_documented_shape(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # three cards in hand at the start instead of one: fewer draws, so shorter games
    monkeypatch.setitem(toy_game.TOY_DECKS, "toy_big_hand", toy_game._deck({"start_hand": 3}))
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_big_hand", tmp_path), _opts())
    out = public_json(doc)
    assert out["base"] == "toy" and out["variant"] == "toy_big_hand" and "Holm" in out["correction"]
    [r] = out["results"]
    assert r["players"] == 2 and r["games"] == 40
    by = {m["metric"]: m for m in r["metrics"]}
    for name in ("turns", "rounds", "winning_score", "margin", "seat_1_win_rate", "seat_2_win_rate"):
        assert name in by, name
    for m in r["metrics"]:
        assert set(m) >= {"metric", "base", "variant", "difference", "low", "high", "significant"}
    turns = by["turns"]
    assert turns["difference"] == pytest.approx(turns["variant"] - turns["base"], abs=1e-4)
    assert turns["significant"] and turns["high"] < 0
    json.dumps(out)
    text = format_comparison(doc)
    lines = text.splitlines()  # what is compared and what changes first, then the verdict
    first = next(i for i, line in enumerate(lines) if line.startswith("what the variant changes — ")) + 1
    assert lines[0].startswith("compare ") and lines[first].startswith("Games are ") and "turns shorter" in lines[first]
    assert any(line.strip().startswith("turns") and line.endswith(" *") for line in text.splitlines())


def test_a_variant_whose_games_never_complete_gets_its_gap_named_not_a_verdict(tmp_path: Path) -> None:
    """Every game of the variant stalls on an unsettled gap: no pair of finished games, so no verdict (it read
    'Nothing else moved beyond chance' beside figures it could not compare), but the gap and a seed."""
    with pytest.raises(GamesFailed) as info:
        run_compare(toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path), _opts())
    first, last = info.value.lines
    assert first.startswith("toy_unsettled, 2 players: all 40 games ended on an unsettled rule gap (empty pile); "
                            "seed ") and first.endswith(" replays one (game 1)"), first
    assert last.startswith("no verdict: a comparison needs games played to their end")


def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], repo_root: Path) -> None:
    with pytest.raises(InputError, match="at least 2 games"):
        run_compare(toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path), _opts(games=1))
    with pytest.raises(InputError, match="both decks allow"):
        run_compare(toy_deck("toy", tmp_path), toy_deck("toy_unsettled", tmp_path), _opts(players=[7]))
    with pytest.raises(InputError, match="with itself"):
        run_compare(toy_deck("toy", tmp_path), toy_deck("toy", tmp_path), _opts())
    assert main(["--project", str(repo_root), "compare", "draco", "king_lui", "--games", "4"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "same game" in err[0]


def test_an_unusable_json_file_is_refused_before_any_game_is_played(tmp_path: Path, repo_root: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """`compare ... --json FOLDER` played every game, printed the comparison, then failed on the write."""
    assert main(["--project", str(repo_root), "compare", "king_lui", "king_lui-hungry-dragon", "--games", "4",
                 "--players", "3", "--out", str(tmp_path / "out"), "--json", str(tmp_path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.strip().splitlines() == [
        f"cardgen: error: {tmp_path}: --json file is a folder; expected a file name"]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [["compare", "king_lui", "king_lui-hungry-dragon"], ["validate", "king_lui"]])
@pytest.mark.parametrize("bad", ["--out", "--json"])
def test_an_unusable_output_is_refused_before_any_game_is_played(tmp_path: Path, repo_root: Path, command: list[str],
                                                                 bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Both commands check the output folder (a file there) and the --json file (a folder there) before
    playing: exit 2, nothing on stdout, one line on stderr, no output folder made."""
    (tmp_path / "file").touch()
    out, js = (tmp_path / "file", tmp_path / "r.json") if bad == "--out" else (tmp_path / "out", tmp_path)
    assert main(["--project", str(repo_root), *command, "--games", "4", "--players", "3", "--out", str(out),
                 "--json", str(js)]) == 2
    got = capsys.readouterr()
    says = (f"{out}: output folder cannot be made: '{out}' is a file, not a folder" if bad == "--out"
            else f"{js}: --json file is a folder; expected a file name")
    assert got.out == "" and got.err.strip().splitlines() == [f"cardgen: error: {says}"]
    assert not (tmp_path / "out").exists() and not (tmp_path / "r.json").exists()


def test_validate_refuses_a_log_file_that_is_a_folder_before_any_game_is_played(
        tmp_path: Path, repo_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(repo_root), "validate", "king_lui", "--games", "4", "--players", "3", "--out",
                 str(tmp_path / "out"), "--log", str(tmp_path)]) == 2
    got = capsys.readouterr()
    assert got.out == "" and got.err.strip().splitlines() == [
        f"cardgen: error: {tmp_path}: --log file is a folder; expected a file name"]
    assert not (tmp_path / "out").exists()


@pytest.mark.slow  # long (a local Dask cluster, or minutes of games / compiling): CI's slow tier
def test_the_bank_runs_short_with_a_rich_toast(project_with: Callable[[str], Path], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Paying 5/4/3/2/1 at a toast needs more silver than the box holds: a warning in the terminal and report."""
    project = project_with("draco")
    (project / "variants" / "draco").mkdir(parents=True)
    (project / "variants" / "draco" / "draco-rich-toast.yaml").write_text(RICH_TOAST, encoding="utf-8")
    out, js = tmp_path / "out", tmp_path / "c.json"
    code = main(["--project", str(project), "compare", "draco", "draco-rich-toast", "--games", "30",
                 "--players", "3", "--jobs", "1", "--engine", "reference", "--json", str(js), "--out", str(out)])
    screen = capsys.readouterr().out
    text = unwrapped(screen)  # each sentence read whole, however its figures made it wrap at 100 columns
    assert code == 0
    # what the variant changes, by the rule's name in the game's words, never its id (in lower case after the
    # dash, mid-sentence; the report's table heads its row with the capital)
    assert "changes — silver the bank pays the first seats at a toast" in text and "toast_payouts" not in text
    assert "A toast pays 5, 4, 3, 2 and 1." in text
    # the piece in running text as the book names it, and the book's bank ruling said to cover it (round 59)
    # both decks short: said once, a row per player count with both shares and the coins to add, then whether the
    # change may be chance (thirteenth reading fr32; twentieth en46, fr39: never the paragraph again per count)
    # the shortage named as the bank's: this box runs out of gold and silver alike (twenty-first reading en46)
    # (the ruling by the books' one name, "this edition's ruling", and the coins named: terminal round 40)
    assert ("Shortage of coins in the bank: the bank cannot pay all it owes; the published description does not say "
            "what happens then, and this edition’s ruling lets play go on (see “Special cases”, “Money”, in both "
            "rulebooks). The table "  # terminal round 53 en7: compare prints no special cases of its own; both books
            "gives, for each player count, "
            "the base game → the variant, on the 30 pairs of games played here; the silver coins to add would have "
            "covered the shortfall in these games as they were played:") in text, text  # the pairs (24th reading fr23)
    # which count fills the box, after the table, never before it with a colon (terminal round 41 fr20, it25)
    # terminal round 45 fr23: one tool for the box (fix), said once
    # terminal round 50 it15, fr6: what the counts assume said with the counts, then the tool (round 49 en27, en33)
    assert ("These counts only compare the two games and, like cardgen validate’s, assume that more silver coins "
            "would not change how the games are played. To decide what the base game’s box should hold, run cardgen "
            "fix on the base game: it plays games with more silver coins (and other changes) and tests the fixes it "
            "proposes on new games.") in text, text
    assert text.index("To decide what the base game’s box should hold") > text.index("as they were played:"), text
    assert re.search(r"^\s*3\s+\d+\.\d% → 100\.0%\s+\d+ → \d+$", text, re.M), text
    assert re.search(r"The difference in games affected between the base game and the variant\s+(could be due\s+to\s+"
                     r"chance\s+alone|is too clear to be\s+chance)", text), text
    assert "(silver-coin)" not in text  # the component by its printed name, never its id
    # one screen: the verdict, the other counts, the components in the box and the fix line; every figure's row and
    # the statistics are the report's (14 lines in 26 rows, the shortage named as the book's bank and its share
    # of games with its decimal; the tables made 53 rows here, 110 for Royale's three player counts)
    # (17 lines since the shortage is a small table: its heading, its header, a row per player count)
    # (27 rows since the one pointer to cardgen fix says what it does, "and test them in simulated games", and wraps
    # once: twenty-first reading en34)
    # (29 rows since the shortage's head says the pairs it rests on: twenty-fourth reading fr23, it25)
    # (30 rows since the head says which count to fill the box from, validate's: twenty-sixth reading it28)
    # (31 rows since "Other counts" says which kind of counts they are: twenty-seventh reading en19)
    # (19 lines, 34 rows since every comparison has its balance section, its heading and one sentence where neither
    # game shows a player away from the fair share: terminal round 28 en20)
    # (20 lines, 35 rows since which count fills the box follows the table: terminal round 41 fr20, it25)
    # (36 rows since the shortage's head says where the book rules the case: terminal round 41 en27)
    # (37 rows since the other counts say they did not change "beyond chance": terminal round 43 it23*; 38 since
    # the balance line says chance as a clause: round 43 it19, fr17, en18)
    # 39 on screen: the balance line names the player it means (terminal round 47 en22*), one line more; 40 since it
    # says what validate may find in full (round 48 en18*: "a win rate further from the fair share than chance would
    # explain", not "more or less often") beside round 47 part n's words
    assert len(text.splitlines()) <= 20 and len(screen.splitlines()) <= 40, screen
    assert "The report (path below)" in text and not any(line.startswith("    turns ") for line in text.splitlines())
    doc = json.loads(js.read_text())
    [r] = doc["results"]
    [short] = r["sufficiency"]["variant"]
    assert short["games_short"] == 30 and short["print_more"] > 0
    bank = next(m for m in r["metrics"] if m["metric"] == "gap:bank_short")
    assert bank["variant"] == 1.0 and bank["variant"] >= bank["base"]
    page = next((out / "validation").glob("compare-draco-vs-draco-rich-toast-*/index.html")).read_text()
    assert "the bank cannot pay all it owes" in page and "Silver the bank pays the first seats at a toast" in page
    # validate says it too, in the terminal and on the run's overview
    code = main(["--project", str(project), "validate", "draco-rich-toast", "--games", "20", "--players", "3",
                 "--jobs", "1", "--out", str(out)])
    text = unwrapped(capsys.readouterr().out)
    # the shortage by its one name (twentieth reading en18)
    assert "WARNING (shortage of coins in the bank): the bank could not pay all it owed" in text and \
        " more silver coins" in text and " more gold coins" in text  # both cures (en46)
    # Draco's edition rules a short bank: the line does not contradict it, nor read as solved (en25)
    assert "the published description does not say what happens then, and this edition’s ruling lets play go on" in text
    run = next((out / "validation").glob("validate-draco-rich-toast-*"))
    overview = (run / "index.html").read_text()
    # the overview is scanned: its column names the shortage and its share of games (one decimal, as the terminal),
    # the detail said once under the table, and the game page holds the terminal's full line (round 32 en39)
    assert re.search(r"shortage of coins in the bank in \d+\.\d% of games", overview), overview
    assert "play goes on under this edition’s ruling" in overview and "The game page (follow the game’s name in the table) gives the details" in overview  # round 34 fr35; round 39 en29
    page = (run / "draco-rich-toast.html").read_text()
    assert "the bank could not pay all it owed in" in page and "this edition’s ruling lets play go on" in page
    # the terminal's words (round 29 en23; round 30 en24: of the games, not "of them"); a share, never "would avoid it" (en90)
    assert "would have covered every unpaid sum in 99% of the games" in page
    assert "silver-coin" not in overview and "silver-coin" not in page


def test_the_report_speaks_french_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.report.pages import compare_page

    monkeypatch.setitem(toy_game.TOY_DECKS, "toy_big_hand", toy_game._deck({"start_hand": 3}))
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_big_hand", tmp_path), _opts(lang="fr"))
    html = compare_page(doc, {}, "")
    assert '<html lang="fr">' in html
    assert "<p>Les parties durent " in html and "tours de joueur de moins" in html  # the verdict (one weight: en61)
    assert "2 joueurs\u202f: " in html and "Durée" in html and "Autres mesures" in html
    assert "jouées par des joueurs au hasard" in html and "peu de chances d’être dû au hasard" in html and "Holm" in html.split("peu de chances d’être dû au hasard")[-1]
    assert "découle de la règle de la variante" in html  # the toy declares its peak 'hand' follows from start_hand
    english = compare_page({**doc, "lang": "en"}, {}, "")
    assert "<p>Games are " in english and "Les parties" not in english
