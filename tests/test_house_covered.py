"""The default players' look-ahead compiled with a King Lui house rule that adds actions (issue 50 item 2).

``cardgen.engine.coverloop`` is ``cardgen.agents.generic.CoveredAgent``'s decision written for compiled code and
bound to King Lui's kernels with the rule's hooks (``compiled_parts.house_cover``): the compiled tier's default
players judge the added actions by the same look-ahead, draw for draw, so their games are the reference
engine's, seed for seed (actions, scores, winners). Rules chosen to reach the decision's branches: one added
kind ("pass"), two kinds with decisions that offer only added actions, and a kind worth always taking (settled as
taken, then judged again only now and then). The look-ahead's arithmetic (the paired verdict, the early stop, "clearly behind", a kind's
memory) is checked against the Python functions on values whose answers differ. Slow tier: it compiles.
"""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cardgen.agents import generic
from cardgen.engine import compiled_words, coverloop
from nonempty import nonempty
from tests.test_house_compiled import PASS, _tiers

#: two kinds of added action; every fifth turn the seat may only pass or wave (no move of the game's own), and
#: waving leaves the turn to the seat
MULTI = '''def legal_actions(state, default):
    legal = default()
    if state.turns % 5 == 4:
        legal.clear()
        legal.append(("pass",))
        legal.append(("wave",))
        return legal
    if len(legal) > 1:
        legal.append(("pass",))
    if state.turns % 3 == 0:
        legal.append(("wave", "hello"))
    return legal


def apply(state, action, default):
    if action == ("pass",):
        state.end_turn()
        return
    if action[0] == "wave":
        return
    default(action)
'''

#: every portion in hand costs 10 points: passing beats any take, so the look-ahead settles "pass" as always taken
#: after a few offers, and then judges it again only at every ``RECHECK_EVERY``-th offer (the others draw nothing)
HOARD = PASS + '''

def scores(state, default):
    points, lost = default()
    for seat in range(len(points)):
        total = 0
        for count in state.held(seat):
            total += count
        points[seat] -= 10 * total
    return points, lost
'''


#: a rule that appends the pass, and on some turns moves the game's first action behind it, lists an action of the
#: game's own twice or leaves the first out: a rollout's move reads the list's split from its kernel only while the list is default()'s with
#: added actions appended (``compiled_words.own_prefix``), and sorts it as the reference does otherwise
REORDERED = '''def legal_actions(state, default):
    legal = default()
    if len(legal) < 2:
        return legal
    legal.append(("pass",))
    if state.turns % 4 == 1:
        first = legal[0]
        legal.remove(first)
        legal.append(first)
    elif state.turns % 4 == 2:
        legal.append(legal[0])
    elif state.turns % 4 == 3:
        legal.remove(legal[0])
    return legal
''' + PASS[PASS.index("def apply"):]


def _same_games(root: Path, players: int, agents: list[str], seeds: range) -> list:
    from tests.test_tiers import first_difference

    fast, pairs = _tiers(root, players, agents, seeds)
    assert fast.house is not None and "heuristic" in fast.agents
    for ref, got in nonempty(pairs):
        assert got == ref, f"seed {ref.seed}: {first_difference(ref, got)}"
    return [ref for ref, _ in pairs]


@pytest.mark.parametrize("players", [3, 5])
def test_the_default_players_judge_an_added_action_compiled_in_the_reference_games(players: int,
                                                                                    tmp_path: Path) -> None:
    from tests.test_house import project

    games = _same_games(project(tmp_path, PASS), players, ["heuristic"] * players, range(10))
    passes = sum(action == ("pass",) for ref in games for _, action in ref.actions)
    assert passes >= 20, passes  # the look-ahead took the option, and chose it as the engine's did


def test_default_and_random_players_at_one_table(tmp_path: Path) -> None:
    from tests.test_house import project

    _same_games(project(tmp_path, PASS), 3, ["heuristic", "random", "heuristic"], range(10))


def test_two_added_kinds_and_decisions_with_only_added_actions(tmp_path: Path) -> None:
    from tests.test_house import project

    games = _same_games(project(tmp_path, MULTI), 4, ["heuristic"] * 4, range(12))
    kinds = {action[0] for ref in games for _, action in ref.actions}
    assert {"pass", "wave"} <= kinds, kinds


def test_a_list_reordered_or_with_an_own_action_twice_is_sorted_as_the_reference_does(tmp_path: Path) -> None:
    from tests.test_house import project

    games = _same_games(project(tmp_path, REORDERED), 3, ["heuristic"] * 3, range(8))
    assert sum(action == ("pass",) for ref in games for _, action in ref.actions) >= 8


def test_a_kind_settled_as_taken_is_played_without_judging(tmp_path: Path) -> None:
    from tests.test_house import project

    games = _same_games(project(tmp_path, HOARD), 4, ["heuristic"] * 4, range(6))
    moves = [action[0] for ref in games for _, action in ref.actions]
    assert moves.count("pass") > 3 * moves.count("take"), moves  # the memory settled it: taken at every offer


def _values(rng: random.Random, rounds: int, k: int) -> list[list[float]]:
    """Per round, a value per move: small whole numbers (ties, exact equalities) or fractions."""
    whole = rng.random() < 0.5
    return [[float(rng.randint(-3, 3)) if whole else rng.uniform(-2, 2) for _ in range(k)] for _ in range(rounds)]


def test_the_look_aheads_arithmetic_is_the_python_ones() -> None:
    """``paired_verdict``, ``settled_early`` and ``clearly_behind`` compiled give the Python answers, on 600 tables
    of values where those answers vary (each answer seen both ways)."""
    rng = random.Random(7)
    seen = {"verdict": set(), "early": set(), "behind": set()}
    for _ in range(600):
        rounds, k = rng.randint(1, coverloop.COVER_ROUNDS), rng.randint(2, 4)
        values = _values(rng, rounds, k)
        table = np.zeros((coverloop.COVER_ROUNDS, 8))
        table[:rounds, :k] = values
        for base in (None, 0, k - 1):
            got = coverloop.paired_verdict(table, rounds, k, -1 if base is None else base)
            assert got == generic.paired_verdict(values, base), (values, base)
            seen["verdict"].add(got == (base if base is not None else 0))
        base = rng.randrange(k)
        assert coverloop.settled_early(table, rounds, k, base) == generic.settled_early(values, base), (values, base)
        seen["early"].add(generic.settled_early(values, base))
        if rounds >= 2:
            move = (base + 1) % k
            assert coverloop.clearly_behind(table, rounds, move, base) == generic.clearly_behind(values, move, base)
            seen["behind"].add(generic.clearly_behind(values, move, base))
    assert all(found == {True, False} for found in seen.values()), seen


def test_a_kinds_memory_is_the_python_ones() -> None:
    """``record`` on one seat's row gives ``Verdicts.record``'s settled verdict, streak and last verdict after
    every step of 300 random sequences (settling both ways, unsettling, unsure verdicts)."""
    rng = random.Random(3)
    code = {None: coverloop.NONE, False: coverloop.LEFT, True: coverloop.TAKEN}
    settled = set()
    for _ in range(300):
        python, row = generic.Verdicts(), np.array([0, coverloop.NONE, 0, coverloop.NONE], np.int64)
        lean = rng.random()
        for _ in range(rng.randint(1, 30)):
            took = None if rng.random() < 0.1 else rng.random() < lean
            python.record(took)
            coverloop.record(row, code[took])
            assert (row[coverloop.V_SETTLED], row[coverloop.V_LAST], row[coverloop.V_STREAK]) == (
                code[python.settled], code[python.last], python.streak)
            settled.add(python.settled)
    assert settled == {None, False, True}, settled


def test_the_64_bits_of_a_samples_seed_are_pythons() -> None:
    from cardgen.engine import fastrng

    for seed in (0, 1, 2 ** 40 + 3, 2 ** 63 + 5):
        mt, python = fastrng.new_rng(seed), random.Random(seed)
        assert [int(coverloop.getrandbits64(mt)) for _ in range(3)] == [python.getrandbits(64) for _ in range(3)]


def test_the_runner_compiles_a_rule_that_adds_actions_for_the_default_players(tmp_path: Path) -> None:
    """``runner.fast_engine``: the default players get the compiled tier of a rule that adds actions; search players
    do not (they play on the reference engine), and the tier is not built for them."""
    from cardgen.simulate import runner
    from cardgen.terminal import say
    from tests.test_house import project, resolve

    from cardgen import house

    root = project(tmp_path, PASS)
    ref = runner.DeckRef.of(resolve("house", root))
    for agents in (("search",), ("search", "random")):
        fast, why = runner.fast_engine(runner.load_project_deck, ref, 3, agents, "auto")
        assert fast is None and why == say("why_no_agent", agents="search"), why
    assert (runner.load_project_deck, ref, 3) not in runner._FAST  # never built
    fast, why = runner.fast_engine(runner.load_project_deck, ref, 3, ("heuristic",), "auto")
    assert why is None and fast is not None and fast.house is not None
    house._NOTED.clear()
    assert house.speed_note(resolve("house", root)) is None  # compiled: no note that the rule is slow


def test_the_options_futures_on_the_tier_are_the_reference_ones(tmp_path: Path) -> None:
    """The worth of an option (``cardgen.simulate.options.pair``) played on the compiled tier (``KingLuiFast.play_on``)
    gives the reference engine's figures, offer for offer, for default and random players; a state that cannot end
    (a cap of 5 decisions) is None on both."""
    from cardgen.house import install
    from cardgen.simulate import options
    from cardgen.simulate.runner import agent_factories, option_trial, play_game, with_house
    from tests.test_house import project, resolve

    deck = resolve("house", project(tmp_path, PASS))
    game = install(deck.spec.new_game(deck, 4), deck)
    fast = with_house(deck.spec.fast(deck, 4), deck)
    factories = agent_factories(deck.spec)
    compared = 0
    for names in (["heuristic"] * 4, ["random", "heuristic", "random", "heuristic"]):
        reference, compiled = (option_trial(game, deck, factories, 10_000, tier) for tier in (None, fast))
        assert reference.finish is None and compiled.finish is not None
        for seed in range(4):
            result = play_game(game, seed, [factories[n]() for n in names], names, cap=10_000, record=True)
            found = options.offers(game, result)
            for index in found.where["pass"][:6]:
                got = options.pair(compiled, result, index, "pass")
                assert got == options.pair(reference, result, index, "pass"), (names, seed, index)
                compared += got is not None
    assert compared >= 30, compared
    short = [option_trial(game, deck, factories, 5, tier) for tier in (None, fast)]
    result = play_game(game, 1, [factories["heuristic"]() for _ in range(4)], ["heuristic"] * 4, cap=10_000,
                       record=True)
    index = options.offers(game, result).where["pass"][0]
    assert options.pair(short[0], result, index, "pass") is None and options.pair(short[1], result, index, "pass") is None


def test_an_added_action_keeps_one_code_and_its_words() -> None:
    """The loop learns an action a rule adds once: the same code every time it meets it, after the game's own codes,
    and the code gives its words back (the recorded actions, ``added_words``), its kind from the borrowed copies the
    hot paths read. In the slow tier: ``Words`` are made in compiled code (``_words_from``), cached with the game's."""
    w = compiled_words.words_of((("take", "soup"), ("draw",)))
    assert compiled_words.code_of_words(w, "draw") == 1
    assert [compiled_words.code_of_words(w, x) for x in ("pass", "pass", "tip", "pass", "tip")] == [2, 2, 3, 2, 3]
    assert [compiled_words.words_of_code(w, c) for c in range(4)] == ["take\x1fsoup", "draw", "pass", "tip"]
    assert [compiled_words.kind_of_code(w, c) for c in range(4)] == ["take", "draw", "pass", "tip"]
    assert compiled_words.added_words(w) == ["pass", "tip"]
    assert compiled_words.added_words(compiled_words.words_of((("draw",),))) == []


def test_games_and_futures_type_their_context_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A comparison plays each pair's games and then their options' futures one call each (``KingLuiFast.play``,
    ``play_on``), through ``jit.call``, which types the loop's context once per identity of its members: a future
    that made itself a new buffer made both loops' contexts new, typed again in Python at every call (about 0.5 ms
    each, as much as a covered game's compiled work). Once a game and a future have run, more type nothing."""
    from cardgen.house import install
    from cardgen.simulate.runner import with_house
    from tests.test_house import project, resolve

    deck = resolve("house", project(tmp_path, PASS))
    game = install(deck.spec.new_game(deck, 4), deck)
    fast = with_house(deck.spec.fast(deck, 4), deck)
    names = ["heuristic"] * 4
    fast.play(0, names, 10_000, True)
    assert fast.play_on(game.new_initial_state(0), names, 0, 10_000) is not None
    typed: list[object] = []
    for dispatcher in (fast.loop, fast.house.future):
        real = dispatcher.typeof_pyval
        monkeypatch.setattr(dispatcher, "typeof_pyval", lambda x, real=real: typed.append(x) or real(x))
    for seed in range(1, 4):
        assert fast.play(seed, names, 10_000, True).completed
        assert fast.play_on(game.new_initial_state(seed), names, seed, 10_000) is not None
    assert typed == []
