"""The Royale referee (tests/referees/royale.py): the engine's logs obey the published rules,
the referee's own request checker gives hand-worked answers, and planted faults are caught.

The referee is written from the French rules, the data vocabulary of docs/royale.md and our
rulings, not the engine; these tests run it on logs of the base deck and every shipped
variant at every player count, random and heuristic agents mixed.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from referees.royale import (TIE_CARDS, TIE_SHARED, Finding, RefDeck, Summary, _Game, packet_sizes,
                             referee_file, referee_game, rotate)

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.validate import ValidateOptions, run_validation

ROOT = Path(__file__).resolve().parent.parent
DECKS = ["royale"] + sorted(p.stem for p in (ROOT / "variants" / "royale").glob("*.yaml"))
COUNTS = {"royale": (1, 2, 3, 4), "royale-masked": (1, 2, 3, 4), "royale-short": (2, 3, 4), "royale-solo": (1,)}
GAMES = {"random": 14, "mixed": 8}  # per deck and player count


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    tmp = tmp_path_factory.mktemp("referee")
    project = Project.open(ROOT)
    decks = [Resolver(project).resolve(d) for d in DECKS]
    out = []
    for name, agents, seed in (("random", ["random"], 21), ("mixed", ["heuristic", "random"], 22)):
        log = tmp / f"{name}.jsonl"
        run_validation(decks, ValidateOptions(games=GAMES[name], agents=agents, seed=seed, jobs=1, out=None,
                                              progress=False, log_file=log, engine="reference"))
        out.append(log)
    return out


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
def decks() -> dict[str, RefDeck]:
    project = Project.open(ROOT)
    return {d: RefDeck.from_resolved(Resolver(project).resolve(d)) for d in DECKS}


def test_every_shipped_variant_is_covered() -> None:
    assert set(DECKS) == set(COUNTS)


def test_engine_logs_obey_the_published_rules(summary: Summary) -> None:
    assert [str(f) for _, f in summary.findings] == []
    want = Counter({f"{d}/{n}": sum(GAMES.values()) for d, ns in COUNTS.items() for n in ns})
    assert summary.by_deck == want
    assert set(summary.by_agents) == {"random", "heuristic+random", "heuristic"}  # solo seat 0: heuristic
    # the logs reach the situations the rules treat specially (seeded, so this is stable)
    for situation in ("take", "imposter", "forced clear", "voluntary clear", "noble validated", "ghost turn",
                      "end card drawn: pile rebuilt", "end card drawn: game over", "card from a rebuilt pile",
                      "tie on points", "gap uneven_packets"):
        assert summary.seen[situation] > 0, situation


# -- the request checker, answers worked out by hand from the published requests --------------

def _cards(deck: RefDeck, *names: str) -> list[Any]:
    return [deck.dishes[f"{n}#1"] for n in names]


def _noble(deck: RefDeck, owner: str, n: int) -> Any:
    return deck.nobles[owner][n - 1].request


def test_unmasked_requests_of_player_a(decks: dict[str, RefDeck]) -> None:
    d = decks["royale"]
    baron = _noble(d, "A", 3)  # exactly 4 fruit, total under 15
    assert not baron.possible(_cards(d, "fruit-11"))  # 11 + 1 + 1 + 2 = 15 at best (docs' example)
    assert baron.possible(_cards(d, "fruit-10"))  # 10 + 1 + 1 + 2 = 14
    assert baron.met(_cards(d, "fruit-1", "fruit-2", "fruit-3", "abundance-4"))  # abundance counts as fruit
    assert not baron.possible(_cards(d, "fruit-1", "drink-2"))
    princess = _noble(d, "A", 5)  # exactly 4 pastry, total over 38
    assert not princess.possible(_cards(d, "pastry-1"))  # 1 + 12 + 12 + 11 = 36
    assert princess.possible(_cards(d, "pastry-4"))  # 4 + 12 + 12 + 11 = 39
    assert princess.met(_cards(d, "pastry-12", "pastry-11", "pastry-10", "abundance-9"))
    marquis = _noble(d, "A", 4)  # exactly 3 drink, two add up to the third
    assert marquis.met(_cards(d, "drink-3", "drink-8", "abundance-5"))
    assert not marquis.possible(_cards(d, "drink-3", "drink-5", "drink-9"))
    countess = _noble(d, "A", 2)  # two pairs, each with a dessert
    assert countess.met(_cards(d, "dessert-5", "fruit-5", "dessert-7", "main-7"))
    assert not countess.possible(_cards(d, "dessert-5", "fruit-5", "drink-7", "main-7"))
    assert not countess.met(_cards(d, "dessert-5", "fruit-5", "dessert-7"))  # exactly: one card short
    duchess = _noble(d, "A", 1)  # 4 of one value, one of them main
    assert duchess.met(_cards(d, "drink-6", "fruit-6", "dessert-6", "abundance-6"))  # abundance as main
    assert not duchess.possible(_cards(d, "drink-6", "fruit-6", "dessert-6", "pastry-6"))
    viscount = _noble(d, "A", 6)  # total 25, any cards
    assert viscount.met(_cards(d, "main-12", "drink-12", "abundance-1"))
    assert not viscount.possible(_cards(d, "main-12", "drink-12", "fruit-2"))  # 26: more than met


def test_masked_requests_of_player_a(decks: dict[str, RefDeck]) -> None:
    d = decks["royale-masked"]
    columbine = _noble(d, "A", 1)  # a pair and three of a kind, each with a dessert
    assert columbine.met(_cards(d, "dessert-3", "main-3", "dessert-9", "abundance-9", "drink-9"))
    # three non-dessert 3s: dessert-3 and abundance-3 can still give each service its dessert
    assert columbine.possible(_cards(d, "fruit-3", "main-3", "drink-3"))
    # four: the five cards would need two desserts among them, only one place is left
    assert not columbine.possible(_cards(d, "fruit-3", "main-3", "drink-3", "pastry-3"))
    isabella = _noble(d, "A", 3)  # 4 cards falling in play order, first and last pastry
    assert isabella.met(_cards(d, "pastry-10", "main-8", "fruit-5", "pastry-2"))
    assert not isabella.met(_cards(d, "pastry-2", "fruit-5", "main-8", "pastry-10"))  # rising: wrong order
    assert not isabella.possible(_cards(d, "pastry-2"))  # three lower values after 2 do not exist
    assert not isabella.possible(_cards(d, "main-10"))
    assert isabella.possible(_cards(d, "abundance-10"))
    prince = _noble(d, "A", 4)  # 3 falling then 3 rising, each begun with a fruit
    assert prince.met(_cards(d, "fruit-9", "main-5", "drink-2", "fruit-3", "pastry-6", "dessert-11"))
    assert not prince.possible(_cards(d, "fruit-9", "main-5", "drink-2", "drink-3"))
    pierrot = _noble(d, "A", 6)  # total 25, one card per type, no abundance
    assert pierrot.met(_cards(d, "dessert-12", "drink-10", "fruit-3"))
    assert not pierrot.possible(_cards(d, "abundance-5"))
    assert not pierrot.possible(_cards(d, "dessert-12", "dessert-1"))


def test_other_players_ask_for_shifted_colours(decks: dict[str, RefDeck]) -> None:
    # reconstruction: B shifts dessert, drink, fruit, pastry, main by one: B's noble 3 wants pastry
    d = decks["royale"]
    assert _noble(d, "B", 3).met(_cards(d, "pastry-1", "pastry-2", "pastry-3", "pastry-4"))
    assert not _noble(d, "B", 3).possible(_cards(d, "fruit-1"))


def test_imposter_turns_are_clockwise() -> None:
    corner = [(0, 0), (0, 1), (1, 0)]
    assert sorted(rotate(corner, 3, 3, 90)) == [(0, 1), (0, 2), (1, 2)]
    assert sorted(rotate(corner, 3, 3, 180)) == [(1, 2), (2, 1), (2, 2)]
    assert sorted(rotate(corner, 3, 3, 270)) == [(1, 0), (2, 0), (2, 1)]


def test_packets_near_equal_larger_on_top() -> None:
    assert packet_sizes(72, 3) == [24, 24, 24]  # set-up: the end card goes among cards 49 to 73
    assert packet_sizes(55, 3) == [19, 18, 18]  # clarification uneven_packets: near_equal
    assert packet_sizes(56, 3) == [19, 19, 18]


def test_outcome_by_hand(decks: dict[str, RefDeck]) -> None:
    d = decks["royale"]  # points, unmasked: A 3 2 2 1 3 1, B 3 2 2 1 3 1 (docs/royale.md)
    game = _Game(d, {"players": 3, "actions": []}, 1)
    game.validated = [[True, False, False, True, False, False],  # 3 + 1 = 4
                      [False, True, True, False, False, False],  # 2 + 2 = 4
                      [False, False, False, False, True, False]]  # 3
    game.under[0][1] = _cards(d, "dessert-5")
    game.under[1][0] = _cards(d, "fruit-7", "drink-7")
    assert game.outcome() == ([4.0, 4.0, 3.0], [1], TIE_CARDS)  # 2 cards in front beat 1
    game.under[0][2] = _cards(d, "fruit-1")
    assert game.outcome() == ([4.0, 4.0, 3.0], [0, 1], TIE_SHARED)
    assert game.gaps[-1] == ("tie_after_tiebreak", True, "seats [0, 1]")
    game.validated[2] = [True] * 6
    game.winner_all = 2  # rule 19: all nobles validated wins at once, whatever the points
    assert game.outcome() == ([4.0, 4.0, 12.0], [2], None)


# -- planted faults: each must be reported -----------------------------------------------------

def _first(records: list[dict[str, Any]], test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in records if test(r)))


def _findings(decks: dict[str, RefDeck], record: dict[str, Any]) -> list[Finding]:
    found = referee_game(decks[record["deck"]], record, 7)
    assert found, "the planted fault went unnoticed"
    assert all(f.line == 7 for f in found)
    return found


def _before(decks: dict[str, RefDeck], record: dict[str, Any], at: int) -> _Game:
    """The referee's own state just before action ``at``."""
    cut = copy.deepcopy(record)
    cut["actions"] = cut["actions"][:at]
    game = _Game(decks[record["deck"]], cut, 1)
    assert [f.what for f in game.run()] == ["log ends while the game goes on"]
    return game


def _imposter_at(record: dict[str, Any], seat_min: int = 0) -> int | None:
    return next((i for i, (s, a) in enumerate(record["actions"]) if a[0] == "imposter" and s >= seat_min), None)


def test_another_seats_imposter_pattern_is_reported(records: list[dict[str, Any]],
                                                    decks: dict[str, RefDeck]) -> None:
    record = _first(records, lambda r: r["players"] > 1 and _imposter_at(r, 1) is not None)
    at = _imposter_at(record, 1)
    seat, (_, deg, dr, dc) = record["actions"][at]
    game = _before(decks, record, at)
    deck = decks[record["deck"]]
    foreign = [game.grid[cell] for cell in rotate(deck.imposters["A"], 3, 3, deg)]  # seat 0's pattern
    own = [game.grid[cell] for cell in rotate(deck.imposters[deck.owners[seat]], 3, 3, deg)]
    assert None not in foreign and set(foreign) != set(own)
    for k, card in enumerate(foreign):
        record["actions"][at + 1 + k][1][1] = card
    found = _findings(decks, record)
    first_foreign = at + 1 + next(k for k, c in enumerate(foreign) if c not in own)
    assert (found[0].action, found[0].what.split(":")[0]) == (first_foreign, "rule 7 (the cards of the seat's OWN "
                                                                             "imposter pattern)")


def test_a_cell_outside_the_pattern_is_reported(records: list[dict[str, Any]], decks: dict[str, RefDeck]) -> None:
    record = _first(records, lambda r: _imposter_at(r) is not None)
    at = _imposter_at(record)
    game = _before(decks, record, at)
    seat, (_, deg, _, _) = record["actions"][at]
    deck = decks[record["deck"]]
    cells = rotate(deck.imposters[deck.owners[seat]], 3, 3, deg)
    outside = next(game.grid[c] for c in game.cells if c not in cells and game.grid[c] is not None)
    record["actions"][at + 1][1][1] = outside
    found = _findings(decks, record)
    assert found[0].action == at + 1 and "rule 7" in found[0].what


def test_an_imposter_used_twice_is_reported(records: list[dict[str, Any]], decks: dict[str, RefDeck]) -> None:
    def later_take(r: dict[str, Any]) -> int | None:
        at = _imposter_at(r)
        if at is None:
            return None
        seat = r["actions"][at][0]
        return next((i for i in range(at + 1, len(r["actions"]))
                     if r["actions"][i][0] == seat and r["actions"][i][1][0] == "take"), None)

    record = _first(records, lambda r: later_take(r) is not None)
    again = later_take(record)
    record["actions"][again] = copy.deepcopy(record["actions"][_imposter_at(record)])
    found = _findings(decks, record)
    assert found[0].action == again and "once a game" in found[0].what


def test_a_card_under_a_validated_noble_is_reported(records: list[dict[str, Any]],
                                                    decks: dict[str, RefDeck]) -> None:
    def validated_then_placed(r: dict[str, Any]) -> tuple[int, int] | None:
        if r["players"] != 1:
            return None
        for at in range(len(r["actions"])):
            game = _Game(decks[r["deck"]], {**r, "actions": r["actions"][:at]}, 1)
            game.run()
            done = [s for s, v in enumerate(game.validated[0]) if v] if game.validated else []
            if done and r["actions"][at][1][0] == "place":
                return at, done[0]
        return None

    record = _first(records, lambda r: r["scores"] and r["scores"][0] >= 3 and validated_then_placed(r) is not None)
    at, slot = validated_then_placed(record)  # type: ignore[misc]
    record["actions"][at][1][2] = slot
    found = _findings(decks, record)
    assert found[0].action == at and "rule 10" in found[0].what


def test_a_row_card_not_in_the_row_is_reported(records: list[dict[str, Any]], decks: dict[str, RefDeck]) -> None:
    record = _first(records, lambda r: r["actions"][0][1][0] == "take" and r["players"] > 1)
    game = _before(decks, record, 0)
    _, (_, shape, k) = record["actions"][0]
    taken = [(k, c) for c in range(3)] if shape == "row" else [(r, k) for r in range(3)]
    record["actions"][1][1][1] = next(game.grid[c] for c in game.cells if c not in taken)
    found = _findings(decks, record)
    assert found[0].action == 1 and "rule 6" in found[0].what


RESULTS: dict[str, tuple[Callable[[dict[str, Any]], bool], Callable[[dict[str, Any]], None], str]] = {
    "a noble's points claimed without its request met": (
        lambda r: r["players"] > 1, lambda r: r["scores"].__setitem__(-1, r["scores"][-1] + 3), "scores"),
    "a wrong winner": (lambda r: r["tie_break"] is None and r["players"] > 1,
                       lambda r: r.__setitem__("winners", [(r["winners"][0] + 1) % r["players"]]), "winners"),
    "a tie label on a clear win": (lambda r: r["tie_break"] is None and r["players"] > 1,
                                   lambda r: r.__setitem__("tie_break", TIE_CARDS), "tie-break"),
    "a card tie called shared": (lambda r: r["tie_break"] == TIE_CARDS,
                                 lambda r: r.__setitem__("tie_break", TIE_SHARED), "tie-break"),
    "a wrong end reason": (lambda r: True, lambda r: r.__setitem__("end_reason", "all_nobles"), "end reason"),
    "a turn too many": (lambda r: True, lambda r: r.__setitem__("turns", r["turns"] + 1), "turns"),
    "a gap not recorded": (lambda r: bool(r["gaps"]), lambda r: r.__setitem__("gaps", []), "rule gaps"),
    "a card dealt twice": (lambda r: True, lambda r: r["initial_piles"]["dish_pile"].__setitem__(
        1, r["initial_piles"]["dish_pile"][0]), "rule 1"),
    "an action after the end (late end)": (lambda r: True, lambda r: r["actions"].append(r["actions"][-1]),
                                           "the game is over"),
}


@pytest.mark.parametrize("fault", sorted(RESULTS))
def test_a_wrong_result_is_reported(records: list[dict[str, Any]], decks: dict[str, RefDeck], fault: str) -> None:
    pick, change, what = RESULTS[fault]
    record = _first(records, pick)
    change(record)
    assert any(what in f.what for f in _findings(decks, record))


def _short_game(r: dict[str, Any]) -> bool:
    return r["deck"] == "royale-short" and r["end_reason"] == "banquet_over"


def test_an_end_card_drawn_later_than_logged_is_reported(records: list[dict[str, Any]],
                                                         decks: dict[str, RefDeck]) -> None:
    # light supper: the first draw ends the game; put the end card three cards deeper
    record = _first(records, _short_game)
    pile = record["initial_piles"]["dish_pile"]
    at = pile.index("end-banquet#1")
    if at > len(pile) - 4:
        pytest.skip("end card already at the bottom")
    pile[at], pile[at + 3] = pile[at + 3], pile[at]  # drawn one refill later
    found = _findings(decks, record)
    assert "log ends while the game goes on" in [f.what for f in found]


def test_an_end_card_drawn_earlier_than_logged_is_reported(records: list[dict[str, Any]],
                                                           decks: dict[str, RefDeck]) -> None:
    record = _first(records, lambda r: _short_game(r) and r["turns"] > 14)
    pile = record["initial_piles"]["dish_pile"]
    at = pile.index("end-banquet#1")
    pile[at], pile[at - 6] = pile[at - 6], pile[at]  # two refills earlier, still in the bottom packet
    found = _findings(decks, record)
    assert any("the game is over" in f.what for f in found) or found[0].action is not None


def test_an_early_end_is_reported(records: list[dict[str, Any]], decks: dict[str, RefDeck]) -> None:
    record = _first(records, lambda r: r["deck"] == "royale-solo")
    last_take = max(i for i, (_, a) in enumerate(record["actions"]) if a[0] in ("take", "imposter"))
    record["actions"] = record["actions"][:last_take]  # the last turn is missing
    found = _findings(decks, record)
    assert found[0].action is None and "log ends while the game goes on" in found[0].what


def test_the_end_card_outside_its_packet_is_reported(records: list[dict[str, Any]],
                                                     decks: dict[str, RefDeck]) -> None:
    record = _first(records, lambda r: r["players"] > 1)
    pile = record["initial_piles"]["dish_pile"]
    at = pile.index("end-banquet#1")
    pile[at], pile[30] = pile[30], pile[at]  # rule 1: the end card belongs in the bottom packet (49th to 73rd)
    assert any("rule 1 (the end card's packet)" in f.what for f in _findings(decks, record))


def test_a_ghost_discarding_other_cells_is_reported(records: list[dict[str, Any]],
                                                    decks: dict[str, RefDeck]) -> None:
    record = _first(records, lambda r: r["deck"] == "royale-solo")
    solo = record["initial_piles"]["solo_pile"]
    solo[0], solo[1] = solo[1], solo[0]  # the ghost's first card names other cells
    assert _findings(decks, record)[0].action is not None


def test_the_buggy_engine_that_lent_imposters_is_caught(decks: dict[str, RefDeck]) -> None:
    # logged by the engine just before commit cf19dcd ("each seat's imposter takes its own pattern"):
    # the seat to move took the last seat's pattern
    summary = referee_file(ROOT / "tests" / "fixtures" / "royale_foreign_imposter.jsonl")
    assert summary.games == 3 and summary.games_with_findings == 3
    for _, finding in summary.findings:
        assert finding.what.startswith("rule 7 (the cards of the seat's OWN imposter pattern)"), finding


def test_a_light_supper_judged_by_the_base_deck_disagrees(records: list[dict[str, Any]],
                                                          decks: dict[str, RefDeck]) -> None:
    # the referee reads the deck's numbers: the base deck rebuilds the pile at the first draw
    short = [r for r in records if _short_game(r)]
    assert short and all(referee_game(decks["royale"], r) for r in short)


def test_the_command_line_prints_findings_and_fails(logs: list[Path], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from referees.royale import main

    lines = logs[0].read_text().splitlines()
    record = json.loads(lines[2])
    record["scores"][0] += 5
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], lines[1], json.dumps(record)]) + "\n")
    assert main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}: line 3, game: scores" in out and "3 game(s) refereed, 1 with findings" in out


def test_the_referee_imports_nothing_of_the_engine() -> None:
    import ast

    modules: set[str] = set()
    for name in ("royale.py", "royale_requests.py", "common.py"):
        tree = ast.parse((ROOT / "tests" / "referees" / name).read_text())
        modules |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in modules if m.startswith("cardgen.games")}, modules
    assert "cardgen.simulate.runner" in modules  # decks are loaded the ordinary way, nothing more
