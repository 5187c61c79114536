"""The house rule's own part of a move (``cardgen.play.session.RuleWatch`` and ``house_effect``), in this process
on made-up states: each stretch of the rule's own code, a hook that replaced the engine's method, a copy's
calls, and the replay by the engine's own class when the watch cannot tell the rule's part apart."""
from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from cardgen.play.session import RuleWatch, house_effect
from cardgen.play.view import UI


class Engine:
    """The engine's own class: a move gives seat 0 a coin."""

    def __init__(self) -> None:
        self.current_player, self.coins, self._house_ran = 1, [0, 0], []

    def clone(self) -> "Engine":
        twin = copy.copy(self)
        twin.coins = list(self.coins)
        return twin

    def apply(self, action: Any) -> None:
        if action == "the rule's own":
            raise ValueError("no such move in the engine")
        self.coins[0] += 1

    def observation(self, seat: int) -> tuple[int, tuple[int, ...]]:
        return seat, tuple(self.coins)


class House(Engine):
    """The house rule's class: the move also gives seat 1 a coin."""

    def apply(self, action: Any) -> None:
        Engine.apply(self, action)
        self.coins[1] += 1
        self._house_ran = self._house_ran + ["apply"]


def _describe(deck: Any, start: Any, end: Any, lang: str) -> str:
    """The game's account of a change: which deck and language asked, then from what to what."""
    return "" if start == end else f"{deck.tag}/{lang}: {start}>{end}"


DECK = SimpleNamespace(tag="deck", spec=SimpleNamespace(describe_effect=_describe))


def _told(what: str, lang: str = "en") -> str:
    return " · " + UI[lang]["house_effect"].format(what=what)


def _watched(points: list[tuple[str, int]], seat: int = 1) -> tuple[RuleWatch, Engine]:
    """A watch fed ``points`` (point, coins of seat 0 at that moment) on one state."""
    state = Engine()
    watch = RuleWatch(state, seat)
    assert state._house_watch is watch
    for point, coins in points:
        state.coins[0] = coins
        watch(state, "apply", point)
    return watch, state


def test_each_stretch_of_the_rules_own_code_is_a_part() -> None:
    watch, state = _watched([("enter", 0), ("default", 1), ("back", 2), ("leave", 3)])
    assert watch.parts == [((1, (0, 0)), (1, (1, 0))), ((1, (2, 0)), (1, (3, 0)))] and watch.whole
    watch.stop()
    assert state._house_watch is None


def test_nothing_of_the_rule_after_the_engines_method_is_no_second_part() -> None:
    watch, _ = _watched([("enter", 0), ("default", 1), ("leave", 2)], seat=0)
    assert watch.parts == [((0, (0, 0)), (0, (1, 0)))] and watch.whole


def test_a_hook_that_never_called_the_engines_method_cannot_be_told_apart() -> None:
    watch, _ = _watched([("enter", 0), ("leave", 1)])
    assert watch.parts == [] and not watch.whole


def test_nested_hooks_each_keep_their_own_stretch() -> None:
    watch, _ = _watched([("enter", 0), ("enter", 1), ("default", 2), ("back", 3), ("leave", 4),
                         ("default", 5), ("back", 6), ("leave", 7)])
    # the outer hook's first stretch runs from its own start to its call of the engine's method, the inner
    # hook's whole run inside it (a nested hook's engine part is told twice: no rule nests hooks yet)
    assert [(a[1][0], b[1][0]) for a, b in watch.parts] == [(1, 2), (3, 4), (0, 5), (6, 7)] and watch.whole


def test_a_copys_calls_and_points_with_no_hook_open_are_ignored() -> None:
    watch, state = _watched([("default", 1), ("back", 2), ("leave", 3)])
    assert watch.parts == [] and watch.whole
    watch(state.clone(), "apply", "enter")
    watch(state, "apply", "leave")
    assert watch.parts == [] and watch.whole


def _moved(action: Any = "move") -> tuple[Engine, House]:
    before = Engine()
    before.__class__ = House
    after = before.clone()
    after.apply(action)
    return before, after


def test_without_a_watch_the_move_is_replayed_by_the_engines_class() -> None:
    before, after = _moved()
    assert after.coins == [1, 1]
    assert house_effect(DECK, "fr", before, "move", after, 0) == _told("deck/fr: (1, (1, 0))>(1, (1, 1))", "fr")
    whole = SimpleNamespace(whole=False, parts=[])
    assert house_effect(DECK, "it", before, "move", after, 0, whole) == _told("deck/it: (1, (1, 0))>(1, (1, 1))", "it")
    assert house_effect(DECK, "xx", before, "move", after, 0) == _told("deck/xx: (1, (1, 0))>(1, (1, 1))", "en")


def test_the_watched_parts_told_and_joined() -> None:
    before, after = _moved()
    seen = SimpleNamespace(whole=True, parts=[("a", "b"), ("c", "c"), ("d", "e")])
    assert house_effect(DECK, "en", before, "move", after, 0, seen) == _told("deck/en: a>b, deck/en: d>e")
    nothing = SimpleNamespace(whole=True, parts=[("c", "c")])
    assert house_effect(DECK, "en", before, "move", after, 0, nothing) == ""


def test_no_hook_acted_a_game_that_tells_nothing_or_the_rules_own_move_is_nothing() -> None:
    before, after = _moved()
    assert house_effect(DECK, "en", before, "move", after, 1) == ""  # its hooks ran before this move
    after._house_ran = ["legal_actions"]
    assert house_effect(DECK, "en", before, "move", after, 0) == ""
    after._house_ran = ["legal_actions", "apply"]
    assert house_effect(DECK, "en", before, "move", after, 0) != ""
    silent = SimpleNamespace(spec=SimpleNamespace(describe_effect=None))
    assert house_effect(silent, "en", before, "move", after, 0) == ""
    assert house_effect(DECK, "en", before, "the rule's own", after, 0) == ""
    same = SimpleNamespace(spec=SimpleNamespace(describe_effect=lambda *a: None))
    assert house_effect(same, "en", before, "move", after, 0) == ""


def test_a_state_no_house_rule_ever_touched_tells_nothing() -> None:
    before, after = _moved()
    del after._house_ran
    assert house_effect(DECK, "en", before, "move", after, 0) == ""
