"""The Draco & Co referee (tests/referees/draco.py): the engine's logs obey the published
rules, the referee's own toast gives hand-worked answers, and planted faults are caught.

The referee is written from the rule texts and our rulings, not the engine; these tests run
it on logs of the base deck and every shipped variant at every player count, random and
heuristic agents mixed.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from referees.draco import Finding, RefDeck, Summary, _Game, kind_of, referee_file, referee_game

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.validate import ValidateOptions, run_validation

ROOT = Path(__file__).resolve().parent.parent
#: the base deck and every shipped variant whose rules are the published ones: a house rule as
#: code (``code:``) changes the rules the referee judges, and runs on the reference engine only
DECKS = ["draco"] + sorted(p.stem for p in (ROOT / "variants" / "draco").glob("*.yaml")
                          if "\ncode:" not in "\n" + p.read_text(encoding="utf-8"))
GAMES = 16  # per deck and player count


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = Project.open(ROOT)
    decks = [Resolver(project).resolve(d) for d in DECKS]
    path = tmp_path_factory.mktemp("referee") / "draco.jsonl"
    run_validation(decks, ValidateOptions(games=GAMES, agents=["random", "heuristic"], seed=8, jobs=1,
                                          out=None, progress=False, log_file=path))
    return path


@pytest.fixture(scope="module")
def summary(log: Path) -> Summary:
    return referee_file(log)


@pytest.fixture(scope="module")
def records(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.fixture(scope="module")
def deck_of() -> Callable[[dict[str, Any]], RefDeck]:
    project = Project.open(ROOT)
    cache = {d: RefDeck.from_resolved(Resolver(project).resolve(d)) for d in DECKS}
    return lambda record: cache[record["deck"]]


def test_every_shipped_variant_is_covered() -> None:
    assert {"draco-short", "draco-long", "draco-no-zork"} <= set(DECKS)


def test_engine_logs_obey_the_published_rules(summary: Summary) -> None:
    assert [str(f) for _, f in summary.findings] == []
    assert summary.by_deck == Counter({f"{d}/{n}": GAMES for d in DECKS for n in (3, 4, 5, 6)})
    assert summary.by_agents == Counter({"heuristic+random": GAMES * 4 * len(DECKS)})
    # the logs reach the situations the rules treat specially (seeded, so this is stable)
    for situation in ("move", "roll_and_move", "split", "both_beside_draco", "reseat_all", "arrange_specials",
                      "steal", "flip_draco", "swap", "cup_to_centre", "coin_drop", "dice_duel",
                      "rebuild", "bank_short", "richest_tie", "sarah_draw", "tie_for_win"):
        assert summary.seen[situation] > 0, situation


# -- the referee's own toast, worked out by hand from the seed text ---------------------------

def _table(deck_of: Callable[[dict[str, Any]], RefDeck], records: list[dict[str, Any]],
           seats: list[str], money: list[int], declines: tuple[int, ...] = ()) -> _Game:
    """A 4-player base-deck game with a hand-set circle and purses; ``declines``: the seats
    beside Aunt Sarah, first seat first, who decline to draw (the only log it reads)."""
    record = next(r for r in records if r["deck"] == "draco" and r["players"] == 4)
    game = _Game(deck_of(record), {**record, "actions": [[s, ["decline"]] for s in declines]}, 1)
    game.setup()
    game.seats, game.money = list(seats), list(money)
    return game


R, Y, G, B = "ruffian-red", "ruffian-yellow", "ruffian-green", "ruffian-blue"
ZORK, JOHN, SARAH = "zork#1", "brother-john#1", "aunt-sarah#1"


def test_a_plain_toast_pays_4_3_2_1_and_takes_2_and_1(deck_of: Any, records: Any) -> None:
    # rank: R1 Y1 G1 B1 R2 Y2 ZORK JOHN SARAH G2 B2 -> red 4, yellow 3, green 2, blue 1;
    # last seat (B2) pays 2, the one before (G2) pays 1: green +1, blue -1.
    game = _table(deck_of, records, [f"{R}#1", f"{Y}#1", f"{G}#1", f"{B}#1", f"{R}#2", f"{Y}#2", ZORK, JOHN,
                                     SARAH, f"{G}#2", f"{B}#2"], [3, 3, 3, 3], declines=(2,))
    game.toast(0, 0)
    assert game.money == [7, 6, 4, 2]
    assert game.cup == 0
    assert game.pos == 1  # green (G2 beside Aunt Sarah) was asked; John beside her does not count


def test_zork_and_brother_john_in_the_paid_and_paying_seats(deck_of: Any, records: Any) -> None:
    # rank: ZORK(4, lost) JOHN(3 -> next seat: R1) R1(2) Y1(1): red gets 3 + 2 = 5, yellow 1.
    # Last seat B2 pays 2 (blue), SARAH second-last touches nothing.
    game = _table(deck_of, records, [ZORK, JOHN, f"{R}#1", f"{Y}#1", f"{G}#1", f"{B}#1", f"{R}#2", f"{Y}#2",
                                     f"{G}#2", SARAH, f"{B}#2"], [3, 3, 9, 3], declines=(2, 3))
    game.toast(1, 0)
    assert game.money == [8, 4, 9, 1]
    # Zork last: the richest (green, 9 before the toast) pays 2 x 2; John second-last: the seat
    # before him (B2, blue) pays 1 for him; first seats R1 4, Y1 3, G1 2, SARAH nothing.
    game = _table(deck_of, records, [f"{R}#1", f"{Y}#1", f"{G}#1", SARAH, f"{B}#1", f"{R}#2", f"{Y}#2",
                                     f"{G}#2", f"{B}#2", JOHN, ZORK], [3, 3, 9, 3], declines=(2, 3))
    game.toast(1, 0)
    assert game.money == [7, 6, 7, 2]


def test_debts_beyond_the_purse_are_forgiven_and_ties_for_richest_each_pay(deck_of: Any, records: Any) -> None:
    # Zork last: red and yellow tie as richest (5): each pays 4; blue last-but-one pays 1 with 0: forgiven.
    game = _table(deck_of, records, [f"{G}#1", f"{G}#2", JOHN, SARAH, f"{R}#1", f"{R}#2", f"{Y}#1", f"{Y}#2",
                                     f"{B}#1", f"{B}#2", ZORK], [5, 5, 0, 0], declines=(0,))
    game.toast(2, 0)
    # green: 4 + 3, John's 2 goes to SARAH (nothing), SARAH's 1 nothing
    assert game.money == [1, 1, 7, 0]


def test_the_tie_rule_drops_the_leaders(deck_of: Any, records: Any) -> None:
    game = _table(deck_of, records, [], [9, 9, 4, 1])
    assert game.outcome() == ([9.0, 9.0, 4.0, 1.0], [2], "leaders_eliminated")
    game.money = [9, 9, 4, 4]  # the next are tied too and drop out: nobody left, the leaders share (C4)
    assert game.outcome()[1:] == ([0, 1], "all_tied_leaders_share")
    assert game.gaps[-1] == ("tie_for_win", "amounts [9, 9, 4, 4]")
    game.n, game.money = 5, [5, 9, 1, 9, 5]  # 9s drop out, then the 5s: the 1 wins
    assert game.outcome()[1:] == ([2], "leaders_eliminated_repeatedly")
    game.n, game.money = 4, [9, 4, 4, 1]
    assert game.outcome() == ([9.0, 4.0, 4.0, 1.0], [0], None)


# -- planted faults: each must be reported ------------------------------------------------------

def _first(records: list[dict[str, Any]], test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in records if test(r)))


def _findings(deck_of: Callable[[dict[str, Any]], RefDeck], record: dict[str, Any]) -> list[Finding]:
    found = referee_game(deck_of(record), record, 7)
    assert found, "the planted fault went unnoticed"
    assert all(f.line == 7 for f in found)
    return found


def _hand(record: dict[str, Any], seat: int) -> set[str]:
    """Seat's dealt hand (base deck: no card set aside; five each, seat 0 first)."""
    cards = record["initial_piles"]["actions"]
    return {kind_of(c) for c in cards[5 * seat: 5 * seat + 5]}


def _base(r: dict[str, Any]) -> bool:
    return r["deck"] == "draco"


def _index(record: dict[str, Any], test: Callable[[int, list[Any]], bool]) -> int:
    return next(i for i, (s, a) in enumerate(record["actions"]) if test(s, a))


def test_a_card_not_in_hand_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, _base)
    seat, act = record["actions"][0]
    absent = next(k for k in ("game-of-dice", "tavern-brawl", "the-splits", "round-on-the-house", "favour")
                  if k not in _hand(record, seat))
    record["actions"][0] = [seat, ["play", absent]]
    assert "rule 7" in _findings(deck_of, record)[0].what


def test_the_wrong_seat_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, _base)
    seat, act = record["actions"][0]
    record["actions"][0] = [(seat + 1) % record["players"], act]
    assert "whose decision" in _findings(deck_of, record)[0].what


def test_moving_another_players_character_with_an_own_card_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, lambda r: any(a[:2] == ["play", "bow-and-scrape"] for _, a in r["actions"]))
    i = _index(record, lambda s, a: a[:2] == ["play", "bow-and-scrape"])
    seat = record["actions"][i][0]
    other = next(c for c in record["initial_piles"]["circle"]
                 if c.startswith("ruffian-") and c not in record["actions"][i][1] and
                 c.split("-")[1].split("#")[0] != ["red", "yellow", "green", "blue", "purple", "black"][seat])
    record["actions"][i][1][2] = other
    assert "own characters" in _findings(deck_of, record)[0].rules


def test_a_toast_in_the_first_round_is_reported(records: Any, deck_of: Any) -> None:
    # not after Favour (its move follows) nor Round on the House (the cup is in the centre then)
    record = _first(records, lambda r: r["actions"][0][1][1] not in ("favour", "round-on-the-house"))
    seat = record["actions"][0][0]
    record["actions"].insert(1, [seat, ["toast"]])
    found = _findings(deck_of, record)[0]
    assert "rule 8" in found.what and "first round" in found.what


def test_shakedown_on_oneself_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, lambda r: any(a[:2] == ["play", "shakedown"] and len(a) == 3 for _, a in r["actions"]))
    i = _index(record, lambda s, a: a[:2] == ["play", "shakedown"] and len(a) == 3)
    record["actions"][i][1][2] = record["actions"][i][0]
    assert "steal" in _findings(deck_of, record)[0].what


def test_a_draw_by_somebody_not_beside_aunt_sarah_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, lambda r: any(a[0] in ("draw", "decline") for _, a in r["actions"]))
    i = _index(record, lambda s, a: a[0] in ("draw", "decline"))
    record["actions"][i][0] = (record["actions"][i][0] + 1) % record["players"]
    assert "Aunt Sarah" in _findings(deck_of, record)[0].what


def test_a_coin_from_nowhere_is_reported(records: Any, deck_of: Any) -> None:
    # as the Game of Dice once did: the winner is paid although the loser had nothing
    record = _first(records, lambda r: any(a[:2] == ["play", "game-of-dice"] for _, a in r["actions"]))
    record["scores"][record["winners"][0]] += 1
    whats = {f.what.split(" (")[0] for f in _findings(deck_of, record)}
    assert {"coin conservation", "scores"} <= whats


def test_a_wrong_score_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, lambda r: len(set(r["scores"])) == r["players"])
    record["scores"][0], record["scores"][1] = record["scores"][1], record["scores"][0]
    whats = [f.what for f in _findings(deck_of, record)]
    assert any(w.startswith("scores") for w in whats)
    assert not any(w.startswith("coin conservation") for w in whats)  # the total still adds up


def test_a_wrong_winner_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, lambda r: len(r["winners"]) == 1)
    record["winners"] = [(record["winners"][0] + 1) % record["players"]]
    assert [f.what for f in _findings(deck_of, record)] == ["winners (rule 18)"]


def test_a_final_toast_too_early_is_reported(records: Any, deck_of: Any) -> None:
    # the game stops at its last toast before the final one, as if that toast had been final
    record = _first(records, _base)
    last = max(i for i, (_, a) in enumerate(record["actions"]) if a == ["toast"])
    record["actions"] = record["actions"][: last + 1]
    found = _findings(deck_of, record)
    assert "rule 17" in found[0].what and "the game goes on" in found[0].rules


def test_a_game_going_on_after_the_final_toast_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, _base)
    seat = record["actions"][-1][0]
    record["actions"].append([(seat + 1) % record["players"], ["play", "favour"]])
    assert "rule 17" in _findings(deck_of, record)[0].what


def test_passing_when_the_final_toast_is_compulsory_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, _base)
    record["actions"].append([record["actions"][-1][0], ["pass"]])
    assert "rule 17" in _findings(deck_of, record)[0].what


def test_a_wrong_end_reason_turn_count_or_set_up_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, _base)
    record["end_reason"], record["turns"] = "supply_exhausted", record["turns"] + 1
    assert {f.what for f in _findings(deck_of, record)} == {"end (rule 17)", "turns"}
    record = _first(records, _base)
    piles = record["initial_piles"]["circle"]
    piles[0], piles[1] = piles[1], piles[0]
    assert "set-up" in _findings(deck_of, record)[0].what


def test_a_missing_or_extra_rule_gap_is_reported(records: Any, deck_of: Any) -> None:
    record = _first(records, lambda r: any(g["kind"] == "cannot_pay" for g in r["gaps"]))
    record["gaps"] = [g for g in record["gaps"] if g["kind"] != "final_toast"]
    record["gaps"].append(dict(record["gaps"][0]))
    found = _findings(deck_of, record)
    assert [f.what for f in found] == ["rule gaps met (clarifications C1 to C4)"]
    assert "final_toast" in found[0].rules
