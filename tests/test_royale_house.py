"""Royale's half of a house rule compiled with the game's steps (``royale.compiled_house``, issue 50 item 1).

Run as Python (``NUMBA_DISABLE_JIT=1``, the compiled view's and actions' Python forms, in a subprocess: the README's
tier compiles nothing), a rule that adds an action ("rest": end the turn instead of taking) and one that only reads
(an ``apply`` hook reading every name of the view around ``default``) play the reference engine's exact games (same
seeds, same actions, same scores); the view reads every name of the house-rule API it holds as the reference state
does, and its helpers change the record as the reference's (the same rulings, the same draws). A rule that adds
default players judging the added action by the look-ahead bound to Royale's kernels. A rule with another hook stays
on the reference engine with its one line. The compiled (numba) forms are tests/test_royale_house_compiled.py's (slow
tier).
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest
from nonempty import nonempty

from cardgen.engine import compiled_hooks
from cardgen.games.royale import compiled_house
from cardgen.usercode import load_code

ROOT = Path(__file__).resolve().parent.parent

#: at a take, a seat with two open nobles or more may rest while the pile holds 3 cards or more: its turn ends
REST = '''REST = ("rest",)


def legal_actions(state, default):
    legal = default()
    if state.phase_name == "take" and len(state.pile) >= 3 and len(state.open_nobles(state.player)) >= 2:
        legal.append(REST)
    return legal


def apply(state, action, default):
    if action != REST:
        default(action)
        return
    state.end_turn()
'''

#: "rest" offered from the 13th turn on only: a game with default players judges fewer offers by look-ahead (its
#: Python forms take a second or two a game so)
REST_LATE = REST.replace('state.phase_name == "take"', 'state.phase_name == "take" and state.turns >= 12')

#: a rule that only reads: the game's own actions, played by ``default``, every name of the view read around them
READS = '''def apply(state, action, default):
    seat = state.player
    held = len(state.in_hand())
    default(action)
    under = 0
    for noble in state.open_nobles(seat):
        under += len(state.cards_under(seat, noble))
    if state.turns < 0 or held < 0 or under < 0 or state.game.players < 1 or len(state.discard) < 0 \\
            or state.score[seat] < 0 or state.imposter_left[seat] < 0 or state.phase_name == "none" \\
            or state.current_player < -1 or state.rounds < 0:
        state.end_turn()
'''

#: rules kept out before anything compiles: (text, the line named, why, its fields)
REFUSED = {
    "refill.py": ('def _helper():\n    return 1\n\n\ndef refill(state, default):\n    default()\n', 5,
                  "house_why_hook", {"hook": "refill", "hooks": ", ".join(compiled_hooks.COMPILED_HOOKS)}),
    "outcome.py": (REST + '\n\ndef outcome(state, default):\n    return default()\n', 18,
                   "house_why_hook", {"hook": "outcome", "hooks": ", ".join(compiled_hooks.COMPILED_HOOKS)}),
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
    changes both alike (the record, the rules' chance); how many positions were checked. (Run under
    ``NUMBA_DISABLE_JIT``.)"""
    from tests.test_house import resolve

    from cardgen.games.royale import compiled_rules as core
    from cardgen.games.royale.compiled import RoyaleFast
    from cardgen.games.royale.rules import F_ROW, S_DECISIONS, S_INIT_LEN, S_NGAPS, S_RESHUFFLE_PEAK, S_STATUS

    deck = resolve("royale", ROOT)
    game = deck.spec.new_game(deck, players)
    fast = RoyaleFast(game)
    book = compiled_house.codes_of(game).lookup
    off, size = fast.off, fast.size
    rows = slice(int(off[F_ROW, 0]), int(off[F_ROW, 0] + off[F_ROW, 1]))
    # (gaps logged, the rebuilt pile's peak, the pile as dealt, decisions, the loop's status: the engine's in its
    # ``gaps``, ``peak``, ``initial_piles``)
    TIER_OWN = [S_NGAPS, S_RESHUFFLE_PEAK, S_INIT_LEN, S_DECISIONS, S_STATUS]  # noqa: N806

    def record(state: object) -> np.ndarray:
        s = np.zeros(size + compiled_house.MT_WORDS, dtype=np.int64)
        s[:size] = state.s
        while core.renumber(core.fields(s, off), fast.G(), fast.W) == core.FULL:  # this tier's noble rows
            fast.tables.grow()
        compiled_house.chance_of(s)[:] = state.rng.getstate()[1]
        return s

    def view(s: np.ndarray) -> object:
        return compiled_house._PyView(s, off, fast.G(), fast.W, compiled_house.chance_of(s), book)

    def same(state: object, s: np.ndarray, where: str) -> None:
        v = view(s)
        for name in ("player", "current_player", "phase_name", "turns", "rounds"):
            assert getattr(v, name) == getattr(state, name), (where, name, getattr(v, name), getattr(state, name))
        assert (list(v.score), list(v.imposter_left)) == (list(state.score), list(state.imposter_left)), where
        assert v.game.players == state.game.players
        assert (len(v.pile), len(v.discard), bool(v.pile)) == (len(state.pile), len(state.discard), bool(state.pile))
        assert list(v.in_hand()) == state.in_hand(), where
        for q in range(players):
            assert list(v.open_nobles(q)) == state.open_nobles(q), where
            for noble in game.noble_ids[q]:
                assert list(v.cards_under(q, noble)) == state.cards_under(q, noble), (where, q, noble)
        got, want = s[:size].copy(), np.array(state.s, dtype=np.int64)
        got[rows] = want[rows] = 0  # each tier numbers the nobles' states its own way (``rules.renumber``)
        got[TIER_OWN] = want[TIER_OWN] = 0  # the counters the compiled tier keeps in the record, the engine beside it
        assert got.tolist() == want.tolist(), where
        assert compiled_house.chance_of(s).tolist() == list(state.rng.getstate()[1]), where

    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    checked = 0
    while not state.is_terminal():
        same(state, record(state), f"decision {checked}")
        p = state.player
        loaded = [n for n in game.noble_ids[p] if state.cards_under(p, n)]
        helpers = [("end_turn", ()), ("give_turn", ((p + 1) % players,)), ("changed", ())]
        if loaded:
            helpers.append(("clear_noble", (p, loaded[-1])))
        name, args = helpers[checked % len(helpers)]
        after, s = state.clone(), record(state)
        getattr(after, name)(*args)
        getattr(view(s), name)(*args)
        same(after, s, f"{name}{args} at decision {checked}")
        checked += 1
        state.apply(rng.choice(state.legal_actions()))
    same(state, record(state), "the end")
    return checked


def codes_agree(players: int, seed: int) -> int:
    """Every action a game lists is one code's words, and the codes of a seat's ids and the ids of its codes are the
    reference's own lookup (``RoyaleGame.ids``); how many actions were listed. (Run under ``NUMBA_DISABLE_JIT``.)"""
    from numba import typeof

    from tests.test_house import resolve

    from cardgen.games.royale.compiled import RoyaleFast

    deck = resolve("royale", ROOT)
    game = deck.spec.new_game(deck, players)
    fast = RoyaleFast(game)
    assert typeof(fast.G()) == compiled_house.G_TYPE and typeof(fast.W) == compiled_house.W_TYPE
    codes = compiled_house.codes_of(game)
    lookup = codes.lookup
    assert len(set(codes.actions)) == len(codes.actions) == len(codes.tuples) == lookup.id_of.shape[1]
    assert codes.actions == tuple(tuple(str(w) for w in a) for a in codes.tuples)
    for p in range(players):
        for action, i in game.ids[p].items():
            c = codes.tuples.index(action)
            assert lookup.of_id[p, i] == c and lookup.id_of[p, c] == i, (p, action)
    state, rng, listed = game.new_initial_state(seed), random.Random(seed), 0
    while not state.is_terminal():
        for a in state.legal_actions():
            c = codes.tuples.index(a)
            assert lookup.of_id[state.player, lookup.id_of[state.player, c]] == c
            listed += 1
        state.apply(rng.choice(state.legal_actions()))
    assert list(lookup.cards) == game.card_ids
    assert [list(lookup.nobles[lookup.noble_at[q]:lookup.noble_at[q + 1]]) for q in range(players)] == game.noble_ids
    return listed


def python_tier(tmp: Path) -> str:
    """What ``test_the_python_forms_play_the_reference_games`` checks, run under ``NUMBA_DISABLE_JIT``."""
    from tests.test_house import project, resolve

    assert codes_agree(3, 1) > 300 and codes_agree(4, 2) > 300
    assert view_agrees(3, 1) > 50 and view_agrees(2, 2) > 50
    rested = judged = 0
    for name, rule, agents, seeds in (("rest", REST, ["random"] * 3, range(4)), ("rest4", REST, ["random"] * 4,
                                                                                   range(2)),
                                      ("reads", READS, ["heuristic", "random", "heuristic"], range(2)),
                                      ("look", REST_LATE, ["heuristic", "random", "heuristic"], range(3))):
        pairs = tiers(project(tmp / name, rule, game="royale"), len(agents), agents, seeds)
        for ref, got in pairs:
            assert got == ref, (name, ref.seed)
        rested += sum(a == ("rest",) for ref, _ in pairs for _, a in ref.actions)
        judged += sum(a == ("rest",) and ref.agents[p] == "heuristic" for ref, _ in pairs for p, a in ref.actions)
    assert rested > 0 and judged > 0  # the rule's action was played, by random and by default players
    rest = compiled_house.house_fast(resolve("house", tmp / "rest"), 3)
    assert rest.agents == {"random", "heuristic"}, rest.agents  # the default players judge it compiled
    return f"same {rested} {judged}"


def test_the_python_forms_play_the_reference_games(tmp_path: Path) -> None:
    code = ("import sys; from pathlib import Path; sys.path[:0] = [{r!r}, {t!r}]\n"
            "from tests.test_royale_house import python_tier\nprint(python_tier(Path({p!r})))\n"
            ).format(r=str(ROOT), t=str(ROOT / "tests"), p=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stdout.startswith("same "), done.stdout + done.stderr[-3000:]


def option_pairs(root: Path, players: int, names: list[str], seeds: range, offers: slice,
                 cap: int = 10_000) -> list[tuple[object, object]]:
    """(reference, compiled tier) worth of the "rest" option (``options.pair``) at the offers ``offers`` of each game
    ``seeds`` of the project's house rule, its futures played on the reference engine and on the compiled tier
    (``RoyaleHouseFast.play_on``, through ``runner.option_trial``). The compiled trial cannot fall back unseen: a
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
        for index in options.offers(game, result).where.get("rest", [])[offers]:
            pairs.append((options.pair(reference, result, index, "rest"),
                          options.pair(compiled, result, index, "rest")))
    return pairs


def futures_tier(tmp: Path) -> str:
    """What ``test_the_options_futures_on_the_python_tier_are_the_reference_ones`` checks, run under
    ``NUMBA_DISABLE_JIT``: random players at 2 and 4 seats on several games; default players at the last offer of
    one game (short futures: the look-ahead's Python form is slow); a cap of 5 decisions gives None on both."""
    from tests.test_house import project

    root, late = project(tmp / "futures", REST, game="royale"), project(tmp / "late", REST_LATE, game="royale")
    compared = 0
    for where, players, names, seeds, offers in ((root, 2, ["random"] * 2, range(2), slice(0, 3)),
                                                 (root, 4, ["random"] * 4, range(2), slice(0, 3)),
                                                 (late, 2, ["heuristic", "random"], range(1), slice(-1, None))):
        played = 0
        for ref, got in option_pairs(where, players, names, seeds, offers):
            assert got == ref, (players, names, ref, got)
            played += got is not None
        assert played > 0, (players, names)  # each kind of player's futures played on the tier to an end
        compared += played
    assert compared >= 8, compared
    short = option_pairs(root, 2, ["random"] * 2, range(2), slice(0, 1), cap=5)
    assert short and all(ref is None and got is None for ref, got in short), short
    return f"same {compared}"


def test_the_options_futures_on_the_python_tier_are_the_reference_ones(tmp_path: Path) -> None:
    """The worth of an option (``options.pair``) with its futures on the tier (``RoyaleHouseFast.play_on``, its Python
    forms) is the reference engine's, offer for offer; a cap too small is None on both (the compiled forms:
    tests/test_royale_house_compiled.py)."""
    code = ("import sys; from pathlib import Path; sys.path[:0] = [{r!r}, {t!r}]\n"
            "from tests.test_royale_house import futures_tier\nprint(futures_tier(Path({p!r})))\n"
            ).format(r=str(ROOT), t=str(ROOT / "tests"), p=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stdout.startswith("same "), done.stdout + done.stderr[-3000:]


def test_a_rule_with_another_hook_is_kept_out_naming_its_line(tmp_path: Path) -> None:
    for name, (text, line, key, fields) in nonempty(REFUSED.items()):
        path = tmp_path / name
        path.write_text(text)
        loaded = load_code(path, name)
        hooks = {n: getattr(loaded.module, n) for n in ("legal_actions", "apply", "refill", "outcome")
                 if hasattr(loaded.module, n)}
        got = compiled_hooks.compile_rule(hooks, str(path), loaded.sha256, compiled_house.HOOKED)
        assert got == (line, (key, fields)), (name, got)


#: a rule that raises at its fifth turn's move (``apply``), in any game with ``state.turns``
RAISES = '''def apply(state, action, default):
    if state.turns > 3:
        raise ValueError("boom")
    default(action)
'''


def raised_on_the_tier(game: str, root: Path) -> str:
    """The one line a house tier's batch gives for ``RAISES`` (``compiled_parts.HouseCalls._run``), or "played"."""
    import importlib

    from tests.test_house import project, resolve

    from cardgen.simulate.runner import with_house

    deck = resolve("house", project(root, RAISES, game=game))
    fast = with_house(importlib.import_module(f"cardgen.games.{game}.compiled_house").house_fast(deck, 3), deck)
    try:
        fast.play(7, ["random"] * 3, 10_000, False)
    except Exception as exc:  # noqa: BLE001 - the line the command would print
        return f"{type(exc).__name__}: {exc}"
    return "played"


def on_the_python_forms(function: str, game: str, tmp: Path) -> str:
    """What ``function`` of this module (given ``game`` and a folder) prints, run in a process under
    ``NUMBA_DISABLE_JIT`` (the house tier's Python forms: nothing compiles in the README's tier)."""
    code = ("import sys; from pathlib import Path; sys.path[:0] = [{r!r}, {t!r}]\n"
            "from tests.test_royale_house import {f}\nprint({f}({g!r}, Path({p!r})))\n"
            ).format(r=str(ROOT), t=str(ROOT / "tests"), f=function, g=game, p=str(tmp))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.parametrize("game", ["draco", "royale"])
def test_a_rule_that_raises_on_the_tier_is_one_line_naming_its_seed(game: str, tmp_path: Path) -> None:
    said = on_the_python_forms("raised_on_the_tier", game, tmp_path)
    line = "UserCodeError: house/rule.py:3: ValueError: boom in apply (seed 7 reproduces it)"
    assert said.strip().endswith(line), said


#: a rule that offers no action at all: every game stops at its first decision
NONE = '''def legal_actions(state, default):
    legal = default()
    legal.clear()
    return legal
'''


def stopped_on_the_tier(game: str, root: Path) -> str:
    """How ``NONE``'s game seeded 7 stops on the reference engine and on the house tier, with a cap of 0 decisions
    (the cap and a seat with no action meet: the runner's ``_legal_or_stop`` says the cap) and of 1 (no action):
    ``cap:reference's gap kind:whether the tier's game is the reference's`` per cap."""
    import importlib

    from tests.test_house import project, resolve

    from cardgen.house import install
    from cardgen.simulate.runner import agent_factories, play_game, with_house
    from cardgen.usercode import UserCodeError

    deck = resolve("house", project(root, NONE, game=game))
    fast = with_house(importlib.import_module(f"cardgen.games.{game}.compiled_house").house_fast(deck, 3), deck)
    state = install(deck.spec.new_game(deck, 3), deck)
    makers = agent_factories(deck.spec)
    def stop(play: Callable[[], Any]) -> str:  # the result's ending, or the runner's one line
        try:
            result = play()
        except UserCodeError as exc:  # the runner's one line for a house rule's game that cannot end
            return str(exc)
        return f"{result.end_reason} {result.gaps}"

    said = []
    for cap in (0, 1):
        ref = stop(lambda: play_game(state, 7, [makers["random"]() for _ in range(3)], ["random"] * 3, cap=cap))
        got = stop(lambda: fast.play(7, ["random"] * 3, cap, False))
        said.append(f"{cap}|{ref}|{got}")
    return "\n".join(said)


@pytest.mark.parametrize("game", ["draco", "royale"])
def test_a_game_whose_cap_and_a_seat_with_no_action_meet_stops_on_the_cap(game: str, tmp_path: Path) -> None:
    capped, stuck = on_the_python_forms("stopped_on_the_tier", game, tmp_path).strip().splitlines()[-2:]
    cap, reference, tier = capped.split("|")  # the runner's line for a house rule's game at its cap; the tier's gap
    assert cap == "0" and "no end condition after 0 decisions, the safety cap" in reference, capped
    assert tier == "safety_cap [('safety_cap', False, 'no end condition after 0 decisions')]", capped
    cap, reference, tier = stuck.split("|")  # the same seat named, on the same decision
    assert cap == "1" and "has no legal action after 0 decisions" in reference and tier == reference, stuck
