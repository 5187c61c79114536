"""Engine conformance: the contract of ``cardgen/engine/api.py``, checked on random games.

Game-agnostic: everything is derived from the resolved deck (its card components
and counts) and the engine API. ``tests/test_engine_conformance.py`` runs it on
every deck and variant whose game has an engine; engine authors can call
``check_engine`` while they work. Each check returns readable problems (empty: fine).
"""
from __future__ import annotations

import json
import random
from typing import Any

from cardgen.engine.api import Action, IllegalAction, State
from cardgen.engine.conservation import card_instances, conservation_problem
from cardgen.model.deck import ResolvedDeck
from cardgen.simulate.logs import as_action
from cardgen.simulate.runner import DEFAULT_CAP

#: An action no engine can have: ``apply`` must refuse it.
NONSENSE: Action = ("cardgen-conformance-not-an-action", -1)


def _snapshot(state: State) -> Any:
    return (state.current_player, state.legal_actions(), state.zones(), state.end_reason)


def _json_problem(value: Any, what: str) -> str | None:
    try:
        json.dumps(value)
    except (TypeError, ValueError) as exc:
        return f"{what} is not JSON-serialisable: {exc}"
    return None


def play_checked(deck: ResolvedDeck, players: int, seed: int, cap: int = DEFAULT_CAP) -> tuple[list[str], list[Any]]:
    """One random game checking the contract at every step; return (problems, the game's trace)."""
    assert deck.spec.new_game is not None
    game = deck.spec.new_game(deck, players)
    state = game.new_initial_state(seed)
    expected, card_ids = card_instances(deck), {c.id for c in deck.model.components if c.kind == "card"}
    rng = random.Random(seed)
    problems: list[str] = []
    start_piles = {k: list(v) for k, v in state.initial_piles.items()}
    trace: list[Any] = [start_piles]
    for name, pile in start_piles.items():
        if not set(pile) <= expected:
            problems.append(f"initial pile '{name}' holds ids that are no card instance: "
                            f"{sorted(set(pile) - expected)[:3]}")
    seen_actions: list[Action] = []
    tried_stale = False
    steps = 0
    while True:
        where = f"seed {seed}, step {steps}"
        if (p := conservation_problem(state, expected, card_ids)) is not None:
            problems.append(f"{where}: {p}")
            break
        broken = state.invariants()
        if broken:
            problems.extend(f"{where}: {b}" for b in broken)
            break
        legal = state.legal_actions()
        if state.is_terminal():
            if legal:
                problems.append(f"{where}: terminal state has legal actions")
            if state.current_player != -1:
                problems.append(f"{where}: terminal state has current_player {state.current_player}, expected -1")
            break
        if not legal:
            problems.append(f"{where}: no legal action but the game is not over")
            break
        if steps >= cap:
            problems.append(f"seed {seed}: no end after {cap} decisions")
            break
        if not 0 <= state.current_player < players:
            problems.append(f"{where}: current_player {state.current_player} is no seat")
            break
        for a in legal[:50]:
            if not isinstance(a, tuple) or as_action(json.loads(json.dumps(list(a)))) != a:
                problems.append(f"{where}: action {a!r} is not a tuple of JSON values")
                break
        for seat in range(players):
            obs = state.observation(seat)
            if (p := _json_problem(obs, f"observation({seat})")) is not None:
                problems.append(f"{where}: {p}")
            elif steps % 7 == 0 and state.observation(seat) != obs:
                problems.append(f"{where}: observation({seat}) differs when asked twice")
        stale = None if tried_stale else next((a for a in reversed(seen_actions) if a not in legal), None)
        probes = ([NONSENSE] if steps % 10 == 0 else []) + ([stale] if stale is not None else [])
        for bad in probes:
            before = _snapshot(state)
            try:
                state.apply(bad)
                problems.append(f"{where}: apply({bad!r}) accepted an action not in legal_actions()")
                return problems, trace
            except IllegalAction:
                if _snapshot(state) != before:
                    problems.append(f"{where}: a refused apply({bad!r}) changed the state")
                    return problems, trace
            except Exception as exc:
                problems.append(f"{where}: apply({bad!r}) raised {type(exc).__name__}, expected IllegalAction")
                return problems, trace
            tried_stale = tried_stale or bad is stale
        action = legal[rng.randrange(len(legal))]
        seen_actions.append(action)
        trace.append((state.current_player, action))
        state.apply(action)
        steps += 1
        if problems:
            break
    if state.initial_piles != start_piles:
        problems.append(f"seed {seed}: initial_piles changed during the game (alias of a live pile?)")
    unknown = sorted({g.kind for g in state.gaps} - set(deck.spec.gaps))
    if unknown:
        problems.append(f"seed {seed}: gap kinds not declared in GameSpec.gaps: {', '.join(unknown)}")
    if state.is_terminal() and not (state.end_reason or "").startswith("stalled:"):
        out = state.outcome()
        if len(out.scores) != players or not set(out.winners) <= set(range(players)):
            problems.append(f"seed {seed}: outcome has {len(out.scores)} scores and winners {out.winners}")
        trace.append((state.end_reason, list(out.scores), list(out.winners), out.tie_break))
    trace.append((state.turns, state.rounds))
    return problems, trace


def replay_trace(deck: ResolvedDeck, players: int, seed: int, cap: int = DEFAULT_CAP) -> list[Any]:
    """The trace ``play_checked`` records, from a plain second run (same seed, same choices)."""
    assert deck.spec.new_game is not None
    state = deck.spec.new_game(deck, players).new_initial_state(seed)
    rng = random.Random(seed)
    trace: list[Any] = [{k: list(v) for k, v in state.initial_piles.items()}]
    while not state.is_terminal() and len(trace) <= cap:
        legal = state.legal_actions()
        if not legal:
            break
        action = legal[rng.randrange(len(legal))]
        trace.append((state.current_player, action))
        state.apply(action)
    if state.is_terminal() and not (state.end_reason or "").startswith("stalled:"):
        out = state.outcome()
        trace.append((state.end_reason, list(out.scores), list(out.winners), out.tie_break))
    trace.append((state.turns, state.rounds))
    return trace


def check_engine(deck: ResolvedDeck, players: int, seeds: tuple[int, ...] = (1, 2, 3),
                 cap: int = DEFAULT_CAP) -> list[str]:
    """Every conformance problem of the engine on ``deck`` at ``players`` players."""
    problems: list[str] = []
    for seed in seeds:
        found, trace = play_checked(deck, players, seed, cap)
        problems.extend(found)
        if found:
            continue
        if replay_trace(deck, players, seed, cap) != trace:
            problems.append(f"seed {seed}: the same seed played the same way gave a different game")
    return problems
