"""A Draco house rule compiled with the game's steps (``draco.compiled_house``), compiled: the slow tier.

tests/test_draco_house.py proves the Python forms (``NUMBA_DISABLE_JIT``) in the README's tier; here numba compiles
them. A rule that adds an action (pay 1 silver to the bank to draw a card) and one that only reads play the
reference engine's exact games on the compiled tier (same seeds, same actions, same money), the default players
judging the added action by the look-ahead compiled with the rule; a rule the compiled view cannot hold (a value
kept on the state, ``min(key=lambda)``, a generator expression) stays on the reference engine, its one line naming
the file's first line that keeps it out and why. Each rule text compiles Draco's loop with its hooks: minutes.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from nonempty import nonempty

from cardgen.engine import compiled_hooks
from cardgen.games.draco import compiled_house
from cardgen.usercode import load_code
from tests.test_draco_house import BUY, SAME, option_pairs, tiers

#: rules numba refuses: (text, the line named, why, its fields; None: any)
KEPT_OUT = {
    "keep.py": (BUY.replace("    state.pay(", "    state.tip_turn = state.turns\n    state.pay("), 16, "house_why_keep",
                {"name": "state.tip_turn"}),
    "lambda.py": ('def legal_actions(state, default):\n    legal = default()\n    players = state.game.players\n'
                  '    poorest = min(range(players), key=lambda seat: state.money[seat])\n'
                  '    if poorest == state.current_player:\n        legal.append(("beg",))\n    return legal\n\n\n'
                  'def apply(state, action, default):\n    default(action)\n', 4, "house_why_numba", None),
    "generator.py": ('def legal_actions(state, default):\n    legal = default()\n'
                     '    if any(m > 5 for m in state.money):\n        legal.append(("rest",))\n    return legal\n', 3,
                     "house_why_generator", {}),
    "view.py": ('def legal_actions(state, default):\n    legal = default()\n    if state.rolls:\n'
                '        legal.clear()\n    return legal\n', 3, "house_why_view", {"name": "state.rolls"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_a_rule_that_adds_an_action_plays_the_reference_games_compiled(players: int, tmp_path: Path) -> None:
    from tests.test_house import project

    root = project(tmp_path, BUY, game="draco")
    bought = 0
    for agents, seeds in ((["random"] * players, range(8)), (["heuristic"] + ["random"] * (players - 1), range(2))):
        for ref, got in tiers(root, players, agents, seeds):
            assert got == ref, (agents, ref.seed)
            bought += sum(a == ("buy",) for _, a in ref.actions)
    assert bought > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_the_options_futures_on_the_tier_are_the_reference_ones_compiled(players: int, tmp_path: Path) -> None:
    """The worth of the "buy" option (``options.pair``) with its futures played compiled (``DracoHouseFast.play_on``:
    the house loop's steps and the default players' compiled look-ahead) is the reference engine's, offer for offer,
    for default, random and mixed players; a cap of 5 decisions is None on both."""
    from tests.test_house import project

    root = project(tmp_path, BUY, game="draco")
    mixed = ["heuristic", "random"] * 2
    compared = 0
    for names, seeds, offers in ((["heuristic"] * players, range(3), slice(0, 2)),
                                 (["random"] * players, range(6), slice(0, 4)),
                                 (mixed[:players], range(2), slice(0, 2))):
        played = 0
        for ref, got in nonempty(option_pairs(root, players, names, seeds, offers)):
            assert got == ref, (names, ref, got)
            played += got is not None
        assert played > 0, names
        compared += played
    assert compared >= 20, compared
    short = option_pairs(root, players, ["heuristic"] * players, range(1), slice(0, 1), cap=5)
    assert short and all(ref is None and got is None for ref, got in short), short


@pytest.mark.slow
def test_a_rule_that_only_reads_plays_the_reference_games_compiled(tmp_path: Path) -> None:
    from tests.test_house import project

    for ref, got in nonempty(tiers(project(tmp_path, SAME, game="draco"), 3, ["heuristic", "random", "heuristic"],
                                   range(6))):
        assert got == ref, ref.seed


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(KEPT_OUT))
def test_a_rule_the_view_cannot_hold_is_kept_out_naming_its_line(name: str, tmp_path: Path) -> None:
    from tests.test_house import resolve

    text, line, key, fields = KEPT_OUT[name]
    path = tmp_path / name
    path.write_text(text)
    loaded = load_code(path, name)
    hooks = {n: getattr(loaded.module, n) for n in ("legal_actions", "apply") if hasattr(loaded.module, n)}
    deck = resolve("draco", Path(__file__).resolve().parent.parent)
    game = deck.spec.new_game(deck, 3)
    got = compiled_hooks.compile_rule(hooks, str(path), loaded.sha256, compiled_house.HOOKED,
                                      lambda: compiled_house.house_context(game, compiled_house.codes_of(game)))
    assert isinstance(got, tuple) and got[0] == line and got[1][0] == key, got
    if fields is not None:
        assert got[1][1] == fields, got
