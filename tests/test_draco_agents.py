"""Draco heuristic agent: the fast forecasts take exactly the decisions recorded before them.

``RECORDED`` holds digests of every action, score and winner of 12 games per deck
and player count, recorded with the agent as it was before the speed work (string
ids and ``table.toast_deltas``, commit 4e17fdb's agents.py). Both the pure-Python
forecasts and the compiled ones (``compiled_rules.heuristic``, playing on the compiled
tier) must reproduce them.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from cardgen.games.draco.agents import _Forecast, _tables
from cardgen.games.draco.engine import DracoGame
from cardgen.games.draco.table import toast_deltas
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import play_game, make_agents
from cardgen.simulate.seeds import game_seed

ROOT = Path(__file__).resolve().parent.parent

RECORDED = {
    "draco/3": "6002dfd5163807a7",
    "draco/6": "345fcbef1ff01d97",
    "draco-short/5": "95784c3ae657fb34",
    "draco-long/4": "0c8cdd6544f9df23",
    "draco-no-zork/3": "a7452ef9278f37e5",
    "draco-no-zork/6": "56ac2af08eb0576e",
}


def digest(deck_id: str, players: int, compiled: bool, games: int = 12) -> str:
    """The digest of the recorded games, played on the reference engine or (``compiled``) on the compiled tier."""
    deck = resolve(deck_id, ROOT)
    game = DracoGame(deck, players)
    if compiled:
        from cardgen.games.draco.compiled import fast_engine  # loads numba: only the slow tier's test asks
    fast = fast_engine(deck, players) if compiled else None
    h = hashlib.sha256()
    for i in range(games):
        seed = game_seed(1, deck_id, players, i)
        names = (["heuristic"] * players if i % 2 == 0 else ["heuristic", "random"] * 3)[:players]
        if compiled:
            r = fast.play(seed, names, 10_000, True)
        else:
            r = play_game(game, seed, make_agents(deck.spec, names), names, record=True)
        h.update(json.dumps([r.actions, r.scores, r.winners]).encode())
    return h.hexdigest()[:16]


@pytest.mark.slow  # compiles Draco's tier (minutes on a fresh cache): CI's slow tier
@pytest.mark.parametrize("key", sorted(RECORDED))
def test_compiled_forecasts_take_the_recorded_decisions(key):
    deck_id, players = key.split("/")
    assert digest(deck_id, int(players), compiled=True) == RECORDED[key]


@pytest.mark.parametrize("key", ["draco/3", "draco-no-zork/6"])
def test_python_forecasts_take_the_recorded_decisions(key):
    deck_id, players = key.split("/")
    assert digest(deck_id, int(players), compiled=False) == RECORDED[key]


def test_the_forecast_edge_is_the_toast_of_the_rules():
    """``_Forecast.edge`` sums what ``table.toast_deltas`` pays, on random seatings and purses."""
    import random
    game = DracoGame(resolve("draco", ROOT), 5)
    rng = random.Random(3)
    for _ in range(300):
        st = game.new_initial_state(rng.randrange(10**6))
        st.money = [rng.randrange(12) for _ in range(5)]
        obs = st.observation(rng.randrange(5))
        assert [game.char_ids[c] for c in obs["seats"]] == obs["circle"]
        f = _Forecast(_tables(obs["info"]), obs)
        top = max(st.money)
        d, _ = toast_deltas(st.order, game.owner, game.special, game.payouts, game.costs, game.zork_mult,
                            [p for p, v in enumerate(st.money) if v == top], 5)
        me = obs["player"]
        assert f.edge(f.order) == d[me] - (sum(d) - d[me]) / 4
