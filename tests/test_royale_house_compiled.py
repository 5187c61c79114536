"""A Royale house rule compiled with the game's steps (``royale.compiled_house``), compiled: the slow tier.

tests/test_royale_house.py proves the Python forms (``NUMBA_DISABLE_JIT``) in the README's tier; here numba compiles
them. A rule that adds an action ("rest": end the turn instead of taking) and one that only reads, played by random
and default players, play the reference engine's exact games on the compiled tier (same seeds, same actions, same
scores), the default players judging the added action by the look-ahead compiled with the rule; a rule the compiled view cannot hold (the buffet's cells with None, a value kept on
the state, a generator expression) stays on the reference engine, its one line naming the file's first line that
keeps it out and why. Each rule text compiles Royale's loop with its hooks: minutes.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from numba import typeof

from cardgen.engine import compiled_hooks
from cardgen.games.royale import compiled_house
from cardgen.usercode import load_code
from tests.test_royale_house import READS, REST, option_pairs, tiers

#: rules numba refuses: (text, the line named, why, its fields; None: any)
KEPT_OUT = {
    "buffet.py": ('def legal_actions(state, default):\n    legal = default()\n    if state.buffet()[0] is None:\n'
                  '        legal.append(("wait",))\n    return legal\n', 3, "house_why_view", {"name": "state.buffet"}),
    "keep.py": (REST.replace("    state.end_turn()", "    state.rested = state.turns\n    state.end_turn()"), 15,
                "house_why_keep", {"name": "state.rested"}),
    "generator.py": ('def legal_actions(state, default):\n    legal = default()\n'
                     '    if any(s > 5 for s in state.score):\n        legal.append(("rest",))\n    return legal\n', 3,
                     "house_why_generator", {}),
}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_a_rule_that_adds_an_action_plays_the_reference_games_compiled(players: int, tmp_path: Path) -> None:
    from tests.test_house import project

    rested = 0
    for ref, got in tiers(project(tmp_path, REST, game="royale"), players, ["random"] * players, range(10)):
        assert got == ref, ref.seed
        rested += sum(a == ("rest",) for _, a in ref.actions)
    assert rested > 0


@pytest.mark.slow
def test_a_rule_that_only_reads_plays_the_reference_games_compiled(tmp_path: Path) -> None:
    from tests.test_house import project

    root = project(tmp_path, READS, game="royale")
    for agents, seeds in ((["heuristic", "random", "heuristic"], range(6)), (["heuristic"] * 4, range(3))):
        for ref, got in tiers(root, len(agents), agents, seeds):
            assert got == ref, (agents, ref.seed)


@pytest.mark.slow
def test_the_tier_grows_a_full_noble_table_and_plays_the_game_again(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    """A game that finds the noble table full (a step of ``default``, the heuristic) stops, the table grows and the
    game is played again from its seed: the reference's game (a table with room for 16 rows fills in the first)."""
    from tests.test_house import project

    from cardgen.games.royale import compiled_require as req

    real = req.NobleTables.__init__
    monkeypatch.setattr(req.NobleTables, "__init__",
                        lambda self, checkers, rows=1024, stored=False: real(self, checkers, 16))
    monkeypatch.setattr(req, "_SHARED", {})
    played = tiers(project(tmp_path, READS, game="royale"), 3, ["heuristic", "random", "heuristic"], range(3))
    for ref, got in played:
        assert got == ref, ref.seed
    tables = next(iter(req._SHARED.values()))
    assert tables.trans.shape[0] > 16 and tables.rows > 16


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(KEPT_OUT))
def test_a_rule_the_view_cannot_hold_is_kept_out_naming_its_line(name: str, tmp_path: Path) -> None:
    from tests.test_house import resolve

    text, line, key, fields = KEPT_OUT[name]
    path = tmp_path / name
    path.write_text(text)
    loaded = load_code(path, name)
    hooks = {n: getattr(loaded.module, n) for n in ("legal_actions", "apply") if hasattr(loaded.module, n)}
    deck = resolve("royale", Path(__file__).resolve().parent.parent)
    game = deck.spec.new_game(deck, 3)
    got = compiled_hooks.compile_rule(hooks, str(path), loaded.sha256, compiled_house.HOOKED,
                                      lambda: compiled_house.typing_context(game))
    assert isinstance(got, tuple) and got[0] == line and got[1][0] == key, got
    if fields is not None:
        assert got[1][1] == fields, got


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_default_players_judge_the_added_action_compiled(players: int, tmp_path: Path) -> None:
    """The default players of a rule that adds an action play on the tier (``runner.fast_engine`` gives it them),
    judging the action by the look-ahead compiled with the rule: the reference engine's games, the action taken."""
    from cardgen.simulate import runner
    from tests.test_house import project, resolve

    root = project(tmp_path, REST, game="royale")
    fast, why = runner.fast_engine(runner.load_project_deck, runner.DeckRef.of(resolve("house", root)), players,
                                   ("heuristic",), "auto")
    assert why is None and fast is not None and fast.house is not None
    judged = 0
    for agents, seeds in ((["heuristic"] * players, range(3)), (["heuristic", "random", "heuristic"][:players],
                                                                range(3))):
        for ref, got in tiers(root, players, agents, seeds):
            assert got == ref, (agents, ref.seed)
            judged += sum(a == ("rest",) and ref.agents[p] == "heuristic" for p, a in ref.actions)
    assert judged > 0, "the default players never rested: the look-ahead's verdicts were not tried"
    # the look-ahead compiled once for the rule: a literal argument type at any of ``covered``'s calls (a count that
    # starts as 0) would have numba compile ``look`` (its rollouts, the rule's steps inlined) a second time
    look = fast.house.steps["decide"].py_func.__globals__["covered"].py_func.__globals__["look"]
    assert len(look.signatures) == 1, look.signatures


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_the_options_futures_on_the_tier_are_the_reference_ones_compiled(players: int, tmp_path: Path) -> None:
    """The worth of the "rest" option (``options.pair``) with its futures played compiled
    (``RoyaleHouseFast.play_on``: the house loop's steps and the default players' compiled look-ahead) is the
    reference engine's, offer for offer, for default, random and mixed players; a cap of 5 decisions is None on
    both."""
    from tests.test_house import project

    root = project(tmp_path, REST, game="royale")
    compared = 0
    for names, seeds, offers in ((["heuristic"] * players, range(2), slice(0, 2)),
                                 (["random"] * players, range(4), slice(0, 4)),
                                 (["heuristic", "random", "heuristic"][:players], range(2), slice(0, 2))):
        played = 0
        for ref, got in option_pairs(root, players, names, seeds, offers):
            assert got == ref, (names, ref, got)
            played += got is not None
        assert played > 0, names
        compared += played
    assert compared >= 12, compared
    short = option_pairs(root, players, ["heuristic"] * players, range(1), slice(0, 1), cap=5)
    assert short and all(ref is None and got is None for ref, got in short), short


@pytest.mark.slow
def test_the_codes_and_names_are_typed_as_the_view_types_them() -> None:
    from tests.test_house import resolve

    deck = resolve("royale", Path(__file__).resolve().parent.parent)
    assert typeof(compiled_house.codes_of(deck.spec.new_game(deck, 4)).lookup) == compiled_house.BOOK_TYPE
