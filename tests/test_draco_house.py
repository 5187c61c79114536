"""Draco's half of a house rule compiled with the game's steps (``draco.compiled_house``, issue 50 step 2).

Run as Python (``NUMBA_DISABLE_JIT=1``, the compiled view's and actions' Python forms, in a subprocess: the README's
tier compiles nothing), a rule that adds an action ("pay 1 silver to the bank to draw a card") and one that only
reads (``default()`` unchanged) play the reference engine's exact games (same seeds, same actions, same money), the
default players judging the added action by the look-ahead bound to Draco's kernels; the view reads every name of
the house-rule API as the reference state does, and its helpers change the position as the reference's (the same
rulings, the same draws). A rule with another hook stays on the reference engine with its one line. The compiled
(numba) forms are tests/test_draco_house_compiled.py's (slow tier).
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
from nonempty import nonempty

from cardgen.engine import compiled_hooks
from cardgen.games.draco import compiled_house
from cardgen.usercode import load_code

ROOT = Path(__file__).resolve().parent.parent

#: a player with at least 1 silver may pay 1 to the bank to draw a card, in the play phase while the pile holds 2+
BUY = '''BUY = ("buy",)


def legal_actions(state, default):
    legal = default()
    seat = state.current_player
    if state.phase_name == "play" and state.money[seat] >= 1 and len(state.pile) >= 2:
        legal.append(BUY)
    return legal


def apply(state, action, default):
    if action != BUY:
        default(action)
        return
    state.pay(state.current_player, 1)
    state.draw_cards(state.current_player, 1)
'''

#: a rule that only reads: the game's own legal actions, unchanged
SAME = '''def legal_actions(state, default):
    legal = default()
    if state.turns < 0 or state.game.players < 2 or len(state.hand_of(state.cur)) < 0:
        legal.clear()
    return legal
'''

#: rules kept out before anything compiles: (text, the line named, why, its fields)
REFUSED = {
    "toast.py": ('def _helper():\n    return 1\n\n\ndef toast(state, default):\n    default()\n', 5,
                 "house_why_hook", {"hook": "toast", "hooks": ", ".join(compiled_hooks.COMPILED_HOOKS)}),
    "both.py": (BUY + '\n\ndef turn_end(state, toasted, default):\n    default(toasted)\n', 20,
                "house_why_hook", {"hook": "turn_end", "hooks": ", ".join(compiled_hooks.COMPILED_HOOKS)}),
}


def tiers(root: Path, players: int, agents: list[str], seeds: range) -> list[tuple[object, object]]:
    """(reference, compiled tier) results of ``seeds`` for the project's house rule (recorded)."""
    from tests.test_house import resolve

    from cardgen.house import install
    from cardgen.simulate.runner import agent_factories, play_game, with_house

    deck = resolve("house", root)
    fast = with_house(compiled_house.house_fast(deck, players), deck)
    assert not isinstance(fast, str), fast
    game = install(deck.spec.new_game(deck, players), deck)
    makers = agent_factories(deck.spec)
    return [(play_game(game, seed, [makers[a]() for a in agents], agents, cap=10_000, record=True),
             fast.play(seed, agents, 10_000, True)) for seed in seeds]


def view_agrees(players: int, seed: int) -> int:
    """The Python view over a reference game's positions reads what the reference state reads, and each helper
    changes both alike; how many positions were checked. (Run under ``NUMBA_DISABLE_JIT``.)"""
    from tests.test_house import resolve

    from cardgen.games.draco import compiled_rules as cr
    from cardgen.games.draco.compiled_search import driver

    deck = resolve("draco", ROOT)
    game = deck.spec.new_game(deck, players)
    d = driver(game)
    G, E, _, _, _ = cr.tables(game, log=False)
    codes = compiled_house.codes_of(game)
    rows = np.zeros((64, 6), dtype=np.int64)

    def record(state: object) -> np.ndarray:
        s = np.zeros(compiled_house.record_size(G[0]), dtype=np.int64)
        s[:d.size] = d.encode(state)
        compiled_house.chance_of(s)[:] = state.rng.getstate()[1]
        s[-1] = compiled_house.queue_start(G[0])
        return s

    def tidy(s: np.ndarray) -> list[int]:
        """The position with every place's row cleared past its count (the kernels leave a card drawn where it
        lay, ``encode`` writes zeros there)."""
        V = cr.views_of(s, G[0])
        sc = V[0]
        for row, count in ((5, cr.S_PILE), (6, cr.S_DISC), (7, cr.S_ASIDE), (9, cr.S_SQN)):
            V[row][sc[count]:] = 0
        for q in range(players):
            V[4][q, V[3][q]:] = 0
        return s.tolist()

    def view(s: np.ndarray) -> object:
        return compiled_house._PyView(s, G, E, compiled_house.chance_of(s), rows, codes.lookup)

    def same(state: object, s: np.ndarray, where: str) -> None:
        v = view(s)
        for name in ("bank", "cur", "current_player", "phase_name", "turns", "rounds", "cup", "toasts", "last_call"):
            assert getattr(v, name) == getattr(state, name), (where, name, getattr(v, name), getattr(state, name))
        assert list(v.money) == list(state.money), where
        assert v.game.players == state.game.players
        assert (len(v.pile), len(v.discard), bool(v.pile)) == (len(state.pile), len(state.discard), bool(state.pile))
        assert [len(v.hand_of(q)) for q in range(players)] == [len(state.hand_of(q)) for q in range(players)], where
        assert tidy(s[:d.size].copy()) == d.encode(state).tolist(), where
        assert compiled_house.chance_of(s).tolist() == list(state.rng.getstate()[1]), where

    helpers = (("pay", (0, 3)), ("pay", (1, 10_000)), ("collect", (1, 2)), ("collect", (0, 10_000)),
               ("give", (0, 1, 4)), ("give", (1, 0, 10_000)), ("draw_cards", (1, 3)), ("draw_cards", (0, 40)),
               ("end_turn", ()))
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    checked = 0
    while not state.is_terminal():
        same(state, record(state), f"decision {checked}")
        if state.phase_name == "play":
            name, args = helpers[checked % len(helpers)]
            after, s = state.clone(), record(state)
            getattr(after, name)(*args)
            getattr(view(s), name)(*args)
            same(after, s, f"{name}{args} at decision {checked}")
        checked += 1
        state.apply(rng.choice(state.legal_actions()))
    same(state, record(state), "the end")
    return checked


def python_tier(tmp: Path) -> str:
    """What ``test_the_python_forms_play_the_reference_games`` checks, run under ``NUMBA_DISABLE_JIT``."""
    from tests.test_house import project

    assert view_agrees(3, 1) > 20 and view_agrees(5, 2) > 20
    bought = 0
    for name, rule, agents, seeds in (("buy", BUY, ["random"] * 4, range(6)), ("same", SAME, ["heuristic", "random",
                                                                                                "heuristic"], range(4)),
                                      ("look", BUY, ["heuristic", "random", "heuristic"], range(1))):
        pairs = tiers(project(tmp / name, rule, game="draco"), len(agents), agents, seeds)
        for ref, got in pairs:
            assert got == ref, (name, ref.seed)
        bought += sum(a == ("buy",) for ref, _ in pairs for _, a in ref.actions)
    assert bought > 0  # the rule's action was played, by random and by default players
    return f"same {bought}"


def test_the_python_forms_play_the_reference_games(tmp_path: Path) -> None:
    code = ("import sys; from pathlib import Path; sys.path[:0] = [{r!r}, {t!r}]\n"
            "from tests.test_draco_house import python_tier\nprint(python_tier(Path({p!r})))\n"
            ).format(r=str(ROOT), t=str(ROOT / "tests"), p=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stdout.startswith("same "), done.stdout + done.stderr[-3000:]


def option_pairs(root: Path, players: int, names: list[str], seeds: range, offers: slice,
                 cap: int = 10_000) -> list[tuple[object, object]]:
    """(reference, compiled tier) worth of the "buy" option (``options.pair``) at the offers ``offers`` of each game
    ``seeds`` of the project's house rule, its futures played on the reference engine and on the compiled tier
    (``DracoHouseFast.play_on``, through ``runner.option_trial``). The compiled trial cannot fall back unseen: a
    future the tier's ``play_on`` raised in, or one the reference engine would then play, fails here."""
    import dataclasses

    from tests.test_house import resolve

    from cardgen.house import install
    from cardgen.simulate import options
    from cardgen.simulate.runner import agent_factories, option_trial, play_game, with_house

    deck = resolve("house", root)
    game = install(deck.spec.new_game(deck, players), deck)
    fast = with_house(compiled_house.house_fast(deck, players), deck)
    assert not isinstance(fast, str), fast
    makers = agent_factories(deck.spec)
    reference, compiled = (option_trial(game, deck, makers, cap, tier) for tier in (None, fast))
    assert reference.finish is None and compiled.finish is not None
    tier_finish = compiled.finish

    def finish(state: object, agents: list[str], seed: int) -> object:
        try:
            return tier_finish(state, agents, seed)
        except Exception as exc:  # noqa: BLE001 - ``options._future`` would hide it behind the reference's future
            raise AssertionError(f"the tier's play_on raised {exc!r}") from exc

    def no_reference(*_: object) -> bool:
        raise AssertionError("a future of the compiled trial was played on the reference engine")

    compiled = dataclasses.replace(compiled, finish=finish, play_on=no_reference)
    pairs = []
    for seed in seeds:
        result = play_game(game, seed, [makers[n]() for n in names], names, cap=10_000, record=True)
        for index in options.offers(game, result).where.get("buy", [])[offers]:
            pairs.append((options.pair(reference, result, index, "buy"), options.pair(compiled, result, index, "buy")))
    return pairs


def futures_tier(tmp: Path) -> str:
    """What ``test_the_options_futures_on_the_python_tier_are_the_reference_ones`` checks, run under
    ``NUMBA_DISABLE_JIT``: random players at 3 and 4 seats on several games; default players at the last offer of
    one game (short futures: the look-ahead's Python form is slow); a cap of 5 decisions gives None on both."""
    from tests.test_house import project

    root = project(tmp / "futures", BUY, game="draco")
    compared = 0
    for players, names, seeds, offers in ((3, ["random"] * 3, range(3), slice(0, 3)),
                                          (4, ["random"] * 4, range(3), slice(0, 3)),
                                          (3, ["heuristic"] * 3, range(1), slice(-1, None))):
        played = 0
        for ref, got in nonempty(option_pairs(root, players, names, seeds, offers)):
            assert got == ref, (players, names, ref, got)
            played += got is not None
        assert played > 0, (players, names)  # each kind of player's futures played on the tier to an end
        compared += played
    assert compared >= 12, compared
    short = option_pairs(root, 3, ["random"] * 3, range(2), slice(0, 1), cap=5)
    assert short and all(ref is None and got is None for ref, got in short), short
    return f"same {compared}"


def test_the_options_futures_on_the_python_tier_are_the_reference_ones(tmp_path: Path) -> None:
    """The worth of an option (``options.pair``) with its futures on the tier (``DracoHouseFast.play_on``, its Python
    forms) is the reference engine's, offer for offer; a cap too small is None on both (the compiled forms:
    tests/test_draco_house_compiled.py)."""
    code = ("import sys; from pathlib import Path; sys.path[:0] = [{r!r}, {t!r}]\n"
            "from tests.test_draco_house import futures_tier\nprint(futures_tier(Path({p!r})))\n"
            ).format(r=str(ROOT), t=str(ROOT / "tests"), p=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stdout.startswith("same "), done.stdout + done.stderr[-3000:]


def test_a_rule_with_another_hook_is_kept_out_naming_its_line(tmp_path: Path) -> None:
    for name, (text, line, key, fields) in nonempty(REFUSED.items()):
        path = tmp_path / name
        path.write_text(text)
        loaded = load_code(path, name)
        hooks = {n: getattr(loaded.module, n) for n in ("legal_actions", "apply", "toast", "turn_end")
                 if hasattr(loaded.module, n)}
        got = compiled_hooks.compile_rule(hooks, str(path), loaded.sha256, compiled_house.HOOKED)
        assert got == (line, (key, fields)), (name, got)


def test_every_row_a_game_lists_has_one_code_and_the_references_words(tmp_path: Path) -> None:
    from tests.test_house import resolve

    from cardgen.games.draco.engine import row_action

    deck = resolve("draco", ROOT)
    for players in (3, 5):
        game = deck.spec.new_game(deck, players)
        codes = compiled_house.codes_of(game)
        nchars = len(game.char_ids)
        table, keys, at = codes.lookup
        assert len(set(keys.tolist())) == table.shape[0] == len(codes.actions)
        assert keys.tolist() == sorted(compiled_house.row_key(r, nchars) for r in table.tolist())
        for key, code in zip(keys.tolist(), at.tolist()):
            assert compiled_house.row_key(table[code].tolist(), nchars) == key
        for row, words in zip(table.tolist(), codes.actions):
            assert words == tuple(str(w) for w in row_action(game, row))
        state, rng = game.new_initial_state(7), random.Random(7)
        listed = 0
        while not state.is_terminal():  # every action of a game is one of the codes' words
            legal = state.legal_actions()
            assert {tuple(str(w) for w in a) for a in legal} <= set(codes.actions)
            listed += len(legal)
            state.apply(rng.choice(legal))
        assert listed > 50


def test_the_views_tables_are_typed_as_numba_types_the_kernels_tables() -> None:
    from numba import typeof

    from tests.test_house import resolve

    from cardgen.games.draco import compiled_rules as cr

    deck = resolve("draco", ROOT)
    G, E, _, _, _ = cr.tables(deck.spec.new_game(deck, 4), log=True)
    assert typeof(G) == compiled_house.G_TYPE and typeof(E) == compiled_house.E_TYPE
    assert typeof(compiled_house.codes_of(deck.spec.new_game(deck, 4)).lookup) == compiled_house.CODES_TYPE
