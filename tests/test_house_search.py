"""Search on a King Lui house rule in compiled code (``king_lui.compiled_search.house_search``, issue 50).

The search driver's loops bound to the rule's compiled steps: a rule that changes nothing searches exactly as the base
game (the same decision for the same position and seed, paired and tree); a rule that adds an action is searched with
no Python iteration, its added action among the root's moves; a rule with a ``policy``, or one that fails in a sample,
leaves the decision to the Python search, which names the failure in its one line. Slow tier: each rule compiles.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from benchmarks import bench_cover
from cardgen.engine.api import SearchParams
from cardgen.usercode import UserCodeError
from cardgen.games.king_lui import compiled_search
from cardgen.house import install

PAIRED = SearchParams(40, 0.7, 0.25, 0.1, True, True, 1.0)
TREE = SearchParams(60, 0.7, 0.25, 0.1, True, False, 1.0)
#: hooks that run at every action and change nothing: the rule's apply (its rollouts take the heuristic's move at
#: once), its legal_actions (which may add actions: each rollout move sorts the game's actions from added ones)
SAME = "def apply(state, action, default):\n    default(action)\n"
SAME_LEGAL = "def legal_actions(state, default):\n    return default()\n"
#: the apply hook raises once the supply is down to a third: samples meet it, the root does not
FAILS = ("def apply(state, action, default):\n    if action == ('draw',) and state.turns > 6:\n"
         "        raise ValueError('no more draws')\n    default(action)\n")


def _games(root: Path, players: int = 3):  # type: ignore[no-untyped-def]
    """The house rule's game (installed) and the base game, at ``players`` seats."""
    from tests.test_house import resolve

    deck, base = resolve("house", root), resolve("king_lui", root)
    return install(deck.spec.new_game(deck, players), deck), base.spec.new_game(base, players)


def _walk(game, seed: int, steps: int):  # type: ignore[no-untyped-def]
    """Positions of a game seeded ``seed``, random moves among the game's own actions (never an added one)."""
    state, rng = game.new_initial_state(seed), random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        own = [a for a in state.legal_actions() if a[0] in ("take", "draw", "place", "feed")] or state.legal_actions()
        state.apply(own[rng.randrange(len(own))])


@pytest.mark.parametrize("rule", [SAME, SAME_LEGAL], ids=["apply", "legal_actions"])
@pytest.mark.parametrize("params", [PAIRED, TREE], ids=["paired", "tree"])
def test_a_rule_that_changes_nothing_searches_as_the_base_game(params: SearchParams, rule: str, tmp_path: Path) -> None:
    from tests.test_house import project

    house, base = _games(project(tmp_path, rule))
    checked = 0
    for seed in range(2):
        for h, b in zip(_walk(house, seed, 30), _walk(base, seed, 30)):
            legal = h.legal_actions()
            assert legal == b.legal_actions()
            got = compiled_search.house_search(h, params, legal, 1000 + checked)
            assert got is not None and got == compiled_search.compiled_search(b, params, legal, 1000 + checked)
            checked += 1
    assert checked >= 40


def test_a_rule_that_adds_an_action_is_searched_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No Python iteration: the search agent's decisions all come from the compiled driver, whole games of it."""
    from cardgen.agents.search import SearchAgent
    from cardgen.simulate.runner import agent_factories, play_game
    from tests.test_house import project

    def python_search(*args: object) -> None:
        raise AssertionError("the Python search ran")

    monkeypatch.setattr(SearchAgent, "_paired_choice", python_search)
    house, _ = _games(project(tmp_path, bench_cover.PASS))
    factory = agent_factories(house.resolved.spec, 40)["search"]
    results = [play_game(house, seed, [factory() for _ in range(3)], cap=10_000, record=True) for seed in range(2)]
    for result in results:
        assert result.completed, result.gaps
    offered = [s for s in _walk(house, 3, 40) if ("pass",) in s.legal_actions()]
    assert offered
    for state in offered[:10]:
        legal = state.legal_actions()
        assert 0 <= compiled_search.house_search(state, PAIRED, legal, 7) < len(legal)
        fewer = [a for a in legal if a != ("pass",)]  # the options' experiment's "decline": the root without it
        assert 0 <= compiled_search.house_search(state, PAIRED, fewer, 7) < len(fewer)
        assert compiled_search.house_search(state, PAIRED, [("take", "nothing")] + fewer, 7) is None


def test_a_rule_with_a_policy_or_failing_in_a_sample_is_searched_in_python(tmp_path: Path) -> None:
    from cardgen.simulate.runner import agent_factories
    from tests.test_house import project

    policy = bench_cover.PASS + "\n\ndef policy(state, legal, rng):\n    return None\n"
    house, _ = _games(project(tmp_path / "policy", policy))
    state = house.new_initial_state(1)
    assert compiled_search.house_search(state, PAIRED, state.legal_actions(), 1) is None  # before any compile
    house, _ = _games(project(tmp_path / "fails", FAILS))
    state = next(s for s in _walk(house, 1, 40) if ("draw",) in s.legal_actions() and s.turns >= 4)
    legal = state.legal_actions()
    assert compiled_search.house_search(state, PAIRED, legal, 1) is None
    search = agent_factories(house.resolved.spec, 40)["search"]()
    with pytest.raises(UserCodeError) as caught:
        search.choose_from_state(state, legal, random.Random(1))
    assert "house/rule.py" in caught.value.line and "no more draws" in caught.value.line


def test_validate_with_search_players_plays_a_shipped_house_rule(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped ``gentle_overeating`` (a ``scores`` hook) with search players: the compiled driver, one notice."""
    from cardgen.cli import main
    from screen import unwrapped
    from tests.test_house_examples import KING_LUI, ROOT

    assert main(["--project", str(ROOT), "validate", KING_LUI, "--agents", "search", "--search-iterations", "20",
                 "--games", "1", "--players", "3", "--jobs", "1", "--out", str(tmp_path / "v")]) == 0
    err = unwrapped(capsys.readouterr().err)
    house_file = "variants/king_lui/house/gentle_overeating.py"
    # a scores hook King Lui's compiled tier compiles: "only that engine can run a project's code" is not said
    assert f"is written in Python ({house_file})" not in err and "Note (trial)" not in err


def test_the_advice_on_a_rule_that_adds_an_action_is_the_heuristics_move(tmp_path: Path) -> None:
    """Search keeps its advice unless its samples clearly beat it; with a threshold no sample reaches, its decision is
    the advice: the heuristic's move among the game's own actions (``CoveredAgent.advice_choice``), never a random
    try of the added action. The base game's driver advises the same move on the same position and seed."""
    from tests.test_house import project

    house, base = _games(project(tmp_path, bench_cover.PASS))
    kept = SearchParams(8, 0.7, 0.25, 0.1, True, True, 1e9)
    same = offered = 0
    for seed in range(2):
        for h, b in zip(_walk(house, seed, 30), _walk(base, seed, 30)):
            legal = h.legal_actions()
            if ("pass",) not in legal:
                continue
            offered += 1
            got = legal[compiled_search.house_search(h, kept, legal, 77 + offered)]
            own = b.legal_actions()
            assert got != ("pass",)
            same += got == own[compiled_search.compiled_search(b, kept, own, 77 + offered)]
    assert offered >= 20 and same >= 0.9 * offered, (same, offered)


def test_each_game_searches_with_its_own_rule_and_a_step_typed_as_numba_types_it(tmp_path: Path) -> None:
    """The loop, search and step a game's decisions share (``compiled_search._HOUSE_SEARCHES``) are its own rule's;
    the step and the loop's arguments, typed at once (``compiled_house.SearchStep``, ``SearchArgs``), have the types
    numba gives the plain tuples."""
    import numba
    import numpy as np

    from cardgen.games.king_lui.compiled_house import SearchArgs, StepContext
    from tests.test_house import project

    games = [_games(project(tmp_path / name, rule))[0] for name, rule in (("same", SAME_LEGAL),
                                                                          ("pass", bench_cover.PASS))]
    for game in games:
        state = game.new_initial_state(5)
        assert compiled_search.house_search(state, PAIRED, state.legal_actions(), 3) is not None
    (first, _, step), (second, _, other) = (compiled_search._HOUSE_SEARCHES[game] for game in games)
    assert first.name != second.name and step is not other
    assert numba.typeof(step) == numba.typeof(StepContext(*step))
    s0 = np.zeros(8, dtype=np.int64)
    assert numba.typeof(SearchArgs((step, s0, s0))) == numba.typeof((StepContext(*step), s0, s0))
    strided = s0[::2]  # another layout: its own type, never the first one's
    assert numba.typeof(SearchArgs((step, strided, s0))) == numba.typeof((StepContext(*step), strided, s0))


#: rules that give ``default`` an action the game's own rules refuse, in a search's samples only (never at the first
#: turns): after ``end_turn`` (a course may close: the dish is gone), and twice. A rollout's move that
#: ``coverloop.chosen`` found among the game's own legal actions skips the check once, in its own turn: neither may
#: slip through
MISUSES = {
    "after_end_turn": ("def apply(state, action, default):\n    if action[0] == 'take' and state.turns > 4:\n"
                       "        state.end_turn()\n    default(action)\n"),
    "twice": ("def apply(state, action, default):\n    default(action)\n"
              "    if action[0] in ('draw', 'place') and state.turns > 4:\n        default(action)\n"),
}


@pytest.mark.parametrize("name", sorted(MISUSES))
def test_an_action_the_game_refuses_in_a_sample_fails_the_compiled_search(name: str, tmp_path: Path) -> None:
    """The compiled search meets the refusal (and leaves the decision to the Python search, which names it)."""
    from tests.test_house import project

    house, _ = _games(project(tmp_path, MISUSES[name]))
    state = next(s for s in _walk(house, 1, 40) if s.turns >= 3 and len(s.legal_actions()) > 1)
    assert compiled_search.house_search(state, PAIRED, state.legal_actions(), 1) is None
