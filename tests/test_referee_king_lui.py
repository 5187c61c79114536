"""The King Lui referee (tests/referees/king_lui.py): the engine's logs obey the published
rules, the referee's own rules give hand-worked answers, and planted faults are caught.

The referee is written from the rule texts, not the engine; these tests run it on logs of
the base deck and every shipped variant at every player count, random and heuristic
agents mixed, on the reference engine (the compiled tier's logs in the slow tier: it compiles).
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from referees.king_lui import (TIE_FEWEST, TIE_SHARED, Finding, RefDeck, Summary, _Game, referee_file,
                               referee_game)

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.validate import ValidateOptions, run_validation

ROOT = Path(__file__).resolve().parent.parent
#: the base deck and every shipped variant whose rules are the published ones: a house rule as
#: code (``code:``) changes the rules the referee judges, and runs on the reference engine only
DECKS = ["king_lui"] + sorted(p.stem for p in (ROOT / "variants" / "king_lui").glob("*.yaml")
                          if "\ncode:" not in "\n" + p.read_text(encoding="utf-8"))
GAMES = 20  # per deck, player count and log


def _log(tmp: Path, engine: str, agents: list[str], seed: int) -> Path:
    project = Project.open(ROOT)
    decks = [Resolver(project).resolve(d) for d in DECKS]
    log = tmp / f"{engine}-{seed}.jsonl"
    run_validation(decks, ValidateOptions(games=GAMES, agents=agents, seed=seed, jobs=1, out=None,
                                          progress=False, log_file=log, engine=engine))
    return log


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    tmp = tmp_path_factory.mktemp("referee")
    return [_log(tmp, "reference", ["random", "heuristic"], 11), _log(tmp, "reference", ["heuristic", "random"], 12)]


@pytest.fixture(scope="module")
def summary(logs: list[Path]) -> Summary:
    total = Summary()
    for log in logs:
        referee_file(log, summary=total)
    return total


@pytest.fixture(scope="module")
def records(logs: list[Path]) -> list[dict[str, Any]]:
    return [json.loads(line) for log in logs for line in log.read_text().splitlines()]


@pytest.fixture(scope="module")
def deck_of() -> Callable[[dict[str, Any]], RefDeck]:
    project = Project.open(ROOT)
    cache = {d: RefDeck.from_resolved(Resolver(project).resolve(d)) for d in DECKS}
    return lambda record: cache[record["deck"]]


def test_every_shipped_variant_is_covered() -> None:
    assert "king_lui-six-players" in DECKS and "king_lui-hungry-dragon" in DECKS


@pytest.mark.slow  # compiles King Lui's tier: CI's slow tier
def test_the_compiled_tiers_logs_obey_the_published_rules(tmp_path: Path) -> None:
    """The compiled tier plays the games of the reference, so its logs obey the rules too."""
    fast = Summary()
    referee_file(_log(tmp_path, "fast", ["heuristic", "random"], 12), summary=fast)
    assert [str(f) for _, f in fast.findings] == []
    assert fast.by_deck and set(fast.by_deck.values()) == {GAMES}  # every deck and player count of DECKS


def test_engine_logs_obey_the_published_rules(summary: Summary) -> None:
    assert [str(f) for _, f in summary.findings] == []
    counts = {"king_lui": (3, 4, 5), "king_lui-six-players": (3, 4, 5, 6), "king_lui-hungry-dragon": (3, 4, 5)}
    assert summary.by_deck == Counter({f"{d}/{n}": 2 * GAMES for d, ns in counts.items() for n in ns})
    # the logs reach the situations the rules treat specially (seeded, so this is stable)
    for situation in ("take", "draw", "dealt emerald", "emerald from the table", "drawn emerald used",
                      "drawn emerald laid down by choice", "drawn emerald, king too poor: laid down",
                      "tie on points"):
        assert summary.seen[situation] > 0, situation


# -- hand-built games on a tiny deck, answers worked out by hand from the rules --------------

TINY_RULINGS = frozenset({"dealt_emerald_not_replaced", "drawn_emerald_is_the_turn", "waiting_emeralds_at_the_end"})
TINY_CLARIFICATIONS = {"no_dish_emerald": "draw_only", "draw_from_empty_supply": "pass", "tie_after_tiebreak": "shared"}


def _tiny(ham: int, cheese: int, emeralds: int) -> RefDeck:
    """Three players, one card per player per course, two dishes."""
    return RefDeck("tiny", ("ham", "cheese"), {"ham": ham, "cheese": cheese}, {"emerald": emeralds},
                   course_cards_per_player=1, supply_draw_cards=1, emerald_portions=2, min_players=3,
                   max_players=3, clarifications=TINY_CLARIFICATIONS, rulings=TINY_RULINGS)


def _record(supply: list[str], actions: list[list[Any]], **result: Any) -> dict[str, Any]:
    return {"game": "king_lui", "deck": "tiny", "players": 3, "initial_piles": {"supply": supply},
            "actions": actions, "end_reason": "supply_exhausted", "gaps": [], **result}


def test_a_hand_worked_shared_win_with_an_emerald_left_waiting() -> None:
    # course 1 (chef 0) deals ham, cheese, cheese; all three draw; the king gets ham 1, cheese 2.
    # course 2 (chef 1) deals ham, Emerald, cheese; seat 1 takes cheese, seat 2 ham, seat 0 draws.
    # Seat 0 finds no dish while the Emerald waits and the king holds 3: gap no_dish_emerald, it draws.
    # One card left < 3: the end. Each player: 1 ham x 1 + 1 cheese x 2 = 3, none discarded: still tied after the
    # discarded cards, where the texts stop (rule 30), gap tie_after_tiebreak, which the deck settles: shared.
    supply = ["ham#1", "cheese#1", "cheese#2", "ham#2", "ham#3", "cheese#3",
              "ham#4", "emerald#1", "cheese#4", "cheese#5", "ham#5"]
    actions = [[0, ["draw"]], [1, ["draw"]], [2, ["draw"]],
               [1, ["take", "cheese"]], [2, ["take", "ham"]], [0, ["draw"]]]
    gaps = [{"kind": "no_dish_emerald", "settled": True, "detail": "seat 0, course 2", "by": "engine"},
            {"kind": "tie_after_tiebreak", "settled": True, "detail": "seats [0, 1, 2]", "by": "engine"}]
    record = _record(supply, actions, scores=[3.0, 3.0, 3.0], winners=[0, 1, 2], tie_break=TIE_SHARED,
                     turns=6, rounds=2, gaps=gaps)
    assert referee_game(_tiny(5, 5, 1), record) == []
    # the same game logged without the tie's gap, or with the deck settling nothing: the referee says so
    assert any("rule gaps" in f.what for f in referee_game(_tiny(5, 5, 1), {**record, "gaps": gaps[:1]}))
    unsettled = RefDeck(**{**_tiny(5, 5, 1).__dict__, "clarifications": {
        k: v for k, v in TINY_CLARIFICATIONS.items() if k != "tie_after_tiebreak"}})
    assert any("end reason" in f.what for f in referee_game(unsettled, record))


def test_a_hand_worked_tie_broken_by_fewest_discards_and_two_passed_turns() -> None:
    # course 1: table ham 2, cheese 1; seat 0 takes ham, seat 1 cheese, seat 2 must draw (ham).
    # course 2 (chef 1): exactly the last 3 cards: cheese 2 and an Emerald; seat 1 takes cheese;
    # seats 2 and 0 must draw from an empty supply: they pass (clarification, no action logged).
    # The king got nothing: everyone discards all, all score 0; seat 2 discarded fewest (1).
    supply = ["ham#1", "cheese#1", "ham#2", "ham#3", "cheese#2", "cheese#3", "emerald#1"]
    actions = [[0, ["take", "ham"]], [1, ["take", "cheese"]], [2, ["draw"]], [1, ["take", "cheese"]]]
    gaps = [{"kind": "draw_from_empty_supply", "settled": True, "detail": f"seat {s}, course 2", "by": "engine"}
            for s in (2, 0)]
    record = _record(supply, actions, scores=[0.0, 0.0, 0.0], winners=[2], tie_break=TIE_FEWEST,
                     turns=6, rounds=2, gaps=gaps)
    assert referee_game(_tiny(3, 3, 1), record) == []


SUPPLY_D = ["ham#1", "ham#2", "cheese#1", "ham#3", "ham#4", "emerald#1",
            "cheese#2", "ham#5", "emerald#2", "cheese#3", "ham#6"]


def test_a_hand_worked_game_with_emeralds() -> None:
    # course 1: seat 2 draws an Emerald while the king holds nothing: it is laid down, no action.
    # The king gets ham 2, cheese 1. Course 2 (chef 1) deals cheese, ham, Emerald: seat 1 feeds an
    # Emerald ham + ham, seat 2 takes cheese, seat 0 takes ham. King: cheese 1. Seat 2 scores 1.
    actions = [[0, ["draw"]], [1, ["draw"]], [2, ["draw"]],
               [1, ["emerald", "ham", "ham"]], [2, ["take", "cheese"]], [0, ["take", "ham"]]]
    record = _record(SUPPLY_D, actions, scores=[0.0, 0.0, 1.0], winners=[2], tie_break=None, turns=6, rounds=2)
    assert referee_game(_tiny(6, 3, 2), record) == []


def test_no_dish_left_with_an_emerald_waiting_means_draw() -> None:
    # as above, but in course 2 seat 1 takes ham and seat 2 cheese: no dish left for seat 0 while two
    # Emeralds wait and the king holds 3 portions: gap no_dish_emerald, settled 'draw_only'.
    gap = {"kind": "no_dish_emerald", "settled": True, "detail": "seat 0, course 2", "by": "engine"}
    base = [[0, ["draw"]], [1, ["draw"]], [2, ["draw"]], [1, ["take", "ham"]], [2, ["take", "cheese"]]]
    # seat 0 draws cheese: king ham 2, cheese 1; seat 0: 1 x 2 + 1 x 1 = 3, seat 1: 2 x 2 = 4, seat 2: 1.
    drawn = _record(SUPPLY_D, base + [[0, ["draw"]]], scores=[3.0, 4.0, 1.0], winners=[1], tie_break=None,
                    turns=6, rounds=2, gaps=[gap])
    assert referee_game(_tiny(6, 3, 2), drawn) == []
    fed = copy.deepcopy(drawn)
    fed["actions"][-1] = [0, ["emerald", "ham", "cheese"]]
    assert "rule 9" in referee_game(_tiny(6, 3, 2), fed)[0].what


def test_outcome_by_hand() -> None:
    deck = _tiny(9, 9, 1)
    game = _Game(deck, _record([], []), 1)
    game.king.update({"ham": 3, "cheese": 2})
    game.hands = [Counter({"ham": 2}), Counter({"ham": 4, "cheese": 3}), Counter({"cheese": 3})]
    assert game.outcome() == ([6.0, 0.0, 0.0], [0], None)
    game.hands = [Counter({"ham": 2}), Counter({"ham": 2, "cheese": 5}), Counter({"cheese": 3, "ham": 2})]
    assert game.outcome() == ([6.0, 6.0, 6.0], [0], TIE_FEWEST)  # discards 0, 5, 3
    game.hands = [Counter({"cheese": 3}), Counter({"ham": 1, "cheese": 1}), Counter({"ham": 1, "cheese": 1})]
    assert game.outcome() == ([0.0, 5.0, 5.0], [1, 2], TIE_SHARED)


# -- planted faults: each must be reported ---------------------------------------------------

def _first(records: list[dict[str, Any]], test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in records if test(r)))


def _course_one(record: dict[str, Any]) -> list[str]:
    n = record["players"]
    return [c.split("#")[0] for c in record["initial_piles"]["supply"][:2 * n]]


def _findings(deck_of: Callable[[dict[str, Any]], RefDeck], record: dict[str, Any]) -> list[Finding]:
    found = referee_game(deck_of(record), record, 7)
    assert found, "the planted fault went unnoticed"
    assert all(f.line == 7 for f in found)
    return found


DISHES = ("ham", "cheese", "bread", "cake", "wine", "fruit", "chicken")


def _absent_dish(record: dict[str, Any]) -> str:
    return next(d for d in DISHES if d not in _course_one(record))


ILLEGAL: dict[str, tuple[Callable[[dict[str, Any]], bool], Callable[[dict[str, Any]], list[Any]], str]] = {
    "take a dish not on the table": (lambda r: any(d not in _course_one(r) for d in DISHES),
                                     lambda r: [0, ["take", _absent_dish(r)]], "rule 10"),
    "the wrong seat acts first": (lambda r: True, lambda r: [1, r["actions"][0][1]], "rule 8"),
    "Emerald while the king holds nothing": (lambda r: True,
                                             lambda r: [0, ["emerald", "ham", "ham"]], "rule 9"),
    "'place' without drawing an Emerald": (lambda r: True, lambda r: [0, ["place"]], "rule 9"),
    "an action that does not exist": (lambda r: True, lambda r: [0, ["steal", "ham"]], "rule 9"),
}


@pytest.mark.parametrize("fault", sorted(ILLEGAL))
def test_an_illegal_first_action_is_reported(records: list[dict[str, Any]], deck_of: Any, fault: str) -> None:
    pick, action, rule = ILLEGAL[fault]
    record = _first(records, pick)
    record["actions"][0] = action(record)
    found = _findings(deck_of, record)
    assert found[0].action == 0 and rule in found[0].what, found


def test_an_emerald_eating_what_the_king_lacks_or_too_little_is_reported(records: list[dict[str, Any]],
                                                                          deck_of: Any) -> None:
    record = _first(records, lambda r: r["deck"] == "king_lui" and any(a[0] == "emerald" for _, a in r["actions"]))
    at = next(i for i, (_, a) in enumerate(record["actions"]) if a[0] == "emerald")
    short = copy.deepcopy(record)
    short["actions"][at][1] = short["actions"][at][1][:2]  # one portion instead of two
    assert [(f.action, "rule 16" in f.what) for f in _findings(deck_of, short)] == [(at, True)]
    before = copy.deepcopy(record)  # the referee's own state just before that Emerald
    before["actions"] = before["actions"][:at]
    game = _Game(deck_of(before), before, 1)
    game.run()
    lacking = next(d for d in DISHES if game.king[d] < 2)
    greedy = copy.deepcopy(record)
    greedy["actions"][at][1] = ["emerald", lacking, lacking]
    found = _findings(deck_of, greedy)
    assert found[0].action == at and "king's place" in found[0].what, found


RESULTS: dict[str, tuple[Callable[[dict[str, Any]], bool], Callable[[dict[str, Any]], None], str]] = {
    "a wrong score": (lambda r: True, lambda r: r["scores"].__setitem__(0, r["scores"][0] + 1), "scores"),
    "a wrong winner": (lambda r: r["tie_break"] is None,
                       lambda r: r.__setitem__("winners", [(r["winners"][0] + 1) % r["players"]]), "winners"),
    "a tie label on a clear win": (lambda r: r["tie_break"] is None,
                                   lambda r: r.__setitem__("tie_break", TIE_SHARED), "tie-break"),
    "a fewest-discarded tie called shared": (lambda r: r["tie_break"] == TIE_FEWEST,
                                             lambda r: r.__setitem__("tie_break", TIE_SHARED), "tie-break"),
    "a wrong end reason": (lambda r: True, lambda r: r.__setitem__("end_reason", "safety_cap"), "end reason"),
    "a course too few": (lambda r: True, lambda r: r.__setitem__("rounds", r["rounds"] - 1), "rounds"),
    "a turn too many": (lambda r: True, lambda r: r.__setitem__("turns", r["turns"] + 1), "turns"),
    "a gap not recorded": (lambda r: bool(r["gaps"]), lambda r: r.__setitem__("gaps", []), "rule gaps"),
    "a gap invented": (lambda r: not r["gaps"], lambda r: r.__setitem__(
        "gaps", [{"kind": "no_dish_emerald", "settled": True, "detail": "seat 0, course 1", "by": "engine"}]),
        "rule gaps"),
    "an action after the end": (lambda r: True, lambda r: r["actions"].append(r["actions"][-1]), "rule 24"),
    "a card dealt twice": (lambda r: True, lambda r: r["initial_piles"]["supply"].__setitem__(
        1, r["initial_piles"]["supply"][0]), "rules 1 and 3"),
}


@pytest.mark.parametrize("fault", sorted(RESULTS))
def test_a_wrong_result_is_reported(records: list[dict[str, Any]], deck_of: Any, fault: str) -> None:
    pick, change, what = RESULTS[fault]
    record = _first(records, pick)
    change(record)
    assert any(what in f.what for f in _findings(deck_of, record))


def test_an_early_end_is_reported(records: list[dict[str, Any]], deck_of: Any) -> None:
    record = _first(records, lambda r: True)
    record["actions"] = record["actions"][:-3]  # the log stops three decisions early
    found = _findings(deck_of, record)
    assert found[0].action is None and "log ends while the game goes on" in found[0].what
    assert "acts next" in found[0].rules


def test_the_command_line_prints_findings_and_fails(logs: list[Path], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from referees.king_lui import main

    lines = logs[0].read_text().splitlines()
    record = json.loads(lines[2])
    record["scores"][1] += 5
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], lines[1], json.dumps(record)]) + "\n")
    assert main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}: line 3, game: scores" in out and "3 game(s) refereed, 1 with findings" in out


def test_the_referee_imports_nothing_of_the_engine() -> None:
    import ast

    modules: set[str | None] = set()
    for name in ("king_lui.py", "common.py"):  # the referee and the plumbing the three referees share
        source = (ROOT / "tests" / "referees" / name).read_text()
        modules |= {n.module for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)}
        modules |= {a.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in modules if m and m.startswith("cardgen.games")}, modules
    assert modules & {"cardgen.simulate.runner"}  # decks are loaded the ordinary way, nothing more


def test_the_referee_judges_by_the_decks_own_numbers(records: list[dict[str, Any]], deck_of: Any) -> None:
    # hungry-dragon games (an Emerald eats 3) judged by the base deck's rules (it eats 2)
    base = deck_of({"deck": "king_lui"})
    hungry = [r for r in records if r["deck"] == "king_lui-hungry-dragon"
              and any(a[0] == "emerald" for _, a in r["actions"])]
    assert hungry
    first = [referee_game(base, record)[:1] for record in hungry]
    assert all(first), "a hungry-dragon game with an Emerald passed as a base-deck game"
    # mostly three portions eaten where two are due; else a drawn Emerald the base king could feed
    assert {f[0].what.split(" (")[0] for f in first} <= {"rule 16", "rule 8"}
    assert sum("rule 16" in f[0].what for f in first) > len(first) // 2
    # six-player games (132 cards) judged with the base deck's box (110)
    six = next(r for r in records if r["deck"] == "king_lui-six-players")
    assert "rules 1 and 3" in referee_game(base, six)[0].what
