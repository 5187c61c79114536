"""Royale's compiled search driver (``cardgen/games/royale/compiled_search.py``) against the reference.

The step kernels are checked on positions reached by seeded play (random and
heuristic seats): legal actions in the reference's order, the position after each
action the reference plays without chance, finished games' scores and winners, and
the compiled heuristic's pick (both draw their tie-break from generators seeded
alike). Then determinize (what the seat sees is kept, no leak), reproducibility,
conservation of cards along rollouts, and strength against random seats.
"""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cardgen.agents import SearchAgent
from cardgen.engine import fastrng
from cardgen.engine.api import RandomAgent, SearchParams
from cardgen.games.royale import compiled_rules as core
from cardgen.games.royale import compiled_search as fs
from cardgen.games.royale.agents import HeuristicAgent
from cardgen.games.royale.engine import END, RoyaleGame
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import play_game
from cardgen.simulate.stats import wilson
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
#: the scalar slots both sides define (the rest are the compiled loop's bookkeeping)
SCALARS = [core.S_PLAYER, core.S_PHASE, core.S_END, core.S_TURNS, core.S_ROUNDS, core.S_PILE, core.S_DISC,
           core.S_HAND, core.S_SOLO_LEN, core.S_REV_LEN, core.S_END_DRAWS]
PAIRED = SearchParams(24, 0.7, 0.25, 0.1, True, True, 1.0)
TREE = SearchParams(24, 0.7, 0.25, 0.1, False, False, 1.0)


def game_of(deck_id: str = "royale", players: int = 3) -> RoyaleGame:
    return RoyaleGame(resolve(deck_id, ROOT), players)


def roomy(game: RoyaleGame) -> fs.Compiled:
    """The game's kernels with a noble table big enough that no step here meets a full one.

    (A full table makes a kernel answer FULL; the driver then grows it and runs again,
    which ``test_a_full_noble_table_runs_the_search_again_to_the_same_decision`` checks.)
    """
    c = fs.compiled(game)
    while c.fast.tables.trans.shape[0] < 1 << 16:
        c.fast.tables.grow()
    return c


def public(c: fs.Compiled, s: np.ndarray) -> list[list[int]]:
    """The fields of a position the reference defines (pile and the end zone included)."""
    f = core.fields(s, c.off)
    st = f[core.F_ST]
    n = [int(st[core.S_PILE]), int(st[core.S_DISC]), int(st[core.S_HAND])]
    under = f[core.F_UNDER]
    return ([[int(st[i]) for i in SCALARS], f[core.F_GRID].tolist(), f[core.F_PILE][:n[0]].tolist(),
             f[core.F_DISC][:n[1]].tolist(), f[core.F_HAND][:n[2]].tolist()]
            + [under[k, :f[core.F_ULEN][k]].tolist() for k in range(under.shape[0])]
            + [f[core.F_ROW].tolist(), f[core.F_DONE].tolist(), f[core.F_SCORE].tolist(), f[core.F_IMPLEFT].tolist()])


def positions(game: RoyaleGame, seeds: range, heuristic_seats: bool = True):
    """(state before, action, whether the step used chance) along seeded games."""
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        agents = [HeuristicAgent() if heuristic_seats and (p + seed) % 2 else RandomAgent()
                  for p in range(game.players)]
        while state.end_reason is None:
            legal = state.legal_actions()
            p = state.current_player
            action = agents[p].choose(state.observation(p), legal, rng)
            yield state, legal, action
            state.apply(action)


def legal_ids(c: fs.Compiled, s: np.ndarray) -> list[int]:
    out = np.zeros(c.fast.W[3].shape[0], dtype=np.int64)
    m = core.legal_actions(core.fields(s, c.off), c.fast.G(), out)
    return out[:m].tolist()


@pytest.mark.parametrize("deck_id,players", [("royale", 3), ("royale", 2), ("royale-short", 4),
                                             ("royale-solo", 1)])
def test_step_kernels_play_the_reference_rules(deck_id: str, players: int) -> None:
    game = game_of(deck_id, players)
    c = roomy(game)
    mt = fastrng.new_rng(1)
    compared = 0
    reasons: set[str] = set()
    for state, legal, action in positions(game, range(4)):
        s = c.position(state)
        seat = state.current_player
        assert [c.action(seat, a) for a in legal_ids(c, s)] == legal
        nxt = state.clone()
        nxt.apply(action)
        assert core.apply(core.fields(s, c.off), c.fast.G(), c.fast.W, mt, c.id_of[seat][action]) == core.OK
        if (nxt._discard_gen != state._discard_gen or len(nxt.solo_pile) > len(state.solo_pile)
                or (nxt.end_draws != state.end_draws and nxt.end_reason is None)):
            continue  # a shuffle (end card, empty pile, solo pile): each side drew its own
        if nxt.end_reason is None:
            assert public(c, s) == public(c, c.position(nxt))
            compared += 1
        else:
            scores = np.zeros(players, dtype=np.int64)
            winners = np.zeros(players, dtype=np.int64)
            assert core.outcome(core.fields(s, c.off), c.fast.G(), scores, winners)
            out = nxt.outcome()
            assert scores.tolist() == [int(x) for x in out.scores]
            assert [p for p in range(players) if winners[p]] == out.winners
            reasons.add(out.end_reason)
    assert compared > 150
    assert reasons  # finished games were compared


@pytest.mark.parametrize("deck_id", ["royale", "royale-masked"])
def test_the_compiled_heuristic_picks_the_reference_heuristics_move(deck_id: str) -> None:
    """Same position, tie-break generators seeded alike: the same action (take, place and clear)."""
    game = game_of(deck_id, 3)
    c = roomy(game)
    agent = HeuristicAgent()
    phases = set()
    for i, (state, legal, _) in enumerate(positions(game, range(3))):
        if len(legal) == 1:
            continue
        s = c.position(state)
        ids = np.array(legal_ids(c, s) + [0] * 8, dtype=np.int64)
        pick = core.heuristic(core.fields(s, c.off), c.fast.G(), c.fast.H, fastrng.new_rng(i), ids, len(legal))
        seat = state.current_player
        assert c.action(seat, int(ids[pick])) == agent.choose(state.observation(seat), legal, random.Random(i))
        phases.add(state.phase)
    assert phases == {0, 1, 2}


def test_determinize_keeps_what_the_seat_sees_and_deals_the_same_cards() -> None:
    game = game_of("royale", 3)
    c = roomy(game)
    checked = 0
    for state, _, _ in positions(game, range(2)):
        if state.turns % 3:
            continue
        s = c.position(state)
        out = np.empty_like(s)
        n = len(state.pile)
        for k in range(3):
            core.determinize(s, out, core.fields(out, c.off), fastrng.new_rng(k))
            a, b = public(c, s), public(c, out)
            assert a[:2] == b[:2] and a[3:] == b[3:]  # all but the pile's order
            assert sorted(a[2]) == sorted(b[2])
            if END in b[2]:  # the end card stays inside its packet, less the cards drawn since
                built, lo, hi = state.end_zone
                at = n - 1 - b[2].index(END)
                assert max(0, lo - (built - n)) <= at <= hi - (built - n)
        # a position the seat cannot tell apart (the pile dealt again) gives the same samples
        twin = c.position(state.determinize(state.current_player, random.Random(9)))
        assert public(c, twin)[2] != public(c, s)[2] or n < 2
        out2 = np.empty_like(s)
        core.determinize(s, out, core.fields(out, c.off), fastrng.new_rng(5))
        core.determinize(twin, out2, core.fields(out2, c.off), fastrng.new_rng(5))
        assert public(c, out) == public(c, out2)
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("params", [PAIRED, TREE], ids=["paired", "tree"])
def test_same_position_and_seed_same_decision_and_hidden_order_never_leaks(params: SearchParams) -> None:
    game = game_of("royale", 3)
    rng = random.Random(4)
    for state, legal, _ in nonempty(positions(game, range(1))):
        if state.turns > 6:
            break
        if len(legal) == 1:
            continue
        seed = rng.getrandbits(63)
        pick = state.compiled_search(params, legal, seed)
        assert pick is not None and 0 <= pick < len(legal)
        assert state.compiled_search(params, legal, seed) == pick
        twin = state.determinize(state.current_player, random.Random(seed))
        assert twin.compiled_search(params, legal, seed) == pick


def test_rollouts_conserve_cards_and_keep_noble_rows_true_to_their_cards() -> None:
    game = game_of("royale", 3)
    c = roomy(game)
    ncards = len(game.card_ids)
    chk_rows = c.fast.tables
    G = c.fast.G()
    legal = np.zeros(c.fast.W[3].shape[0], dtype=np.int64)
    for seed in range(3):
        s = c.position(game.new_initial_state(seed))
        cmt, pmt = fastrng.new_rng(seed), fastrng.new_rng(seed + 50)
        steps = 0
        while public(c, s)[0][2] == core.PLAYING:
            m = core.legal_actions(core.fields(s, c.off), G, legal)
            i = core.heuristic(core.fields(s, c.off), G, c.fast.H, pmt, legal, m) if seed % 2 else int(fastrng.randbelow(pmt, m))
            assert core.apply(core.fields(s, c.off), G, c.fast.W, cmt, int(legal[i])) == core.OK
            f = core.fields(s, c.off)
            st = f[core.F_ST]
            pile = f[core.F_PILE][:st[core.S_PILE]].tolist()
            cards = ([x for x in pile if x != END] + [x for x in f[core.F_GRID].tolist() if x >= 0]
                     + f[core.F_DISC][:st[core.S_DISC]].tolist() + f[core.F_HAND][:st[core.S_HAND]].tolist()
                     + [x for k in range(f[core.F_UNDER].shape[0]) for x in f[core.F_UNDER][k, :f[core.F_ULEN][k]]])
            assert sorted(cards) == list(range(ncards))
            assert pile.count(END) <= 1
            for k in range(f[core.F_ROW].shape[0]):
                row = int(c.fast.root[k])
                for card in f[core.F_UNDER][k, :f[core.F_ULEN][k]].tolist():
                    row = chk_rows.step(row, int(c.fast.codes[k, card]))
                assert row == f[core.F_ROW][k]
            steps += 1
        assert steps > 30


def test_search_beats_random_seats_clearly() -> None:
    """Compiled search (the simulator's configuration: paired, heuristic rollouts) against two random seats."""
    game = game_of("royale", 3)
    share = 0.0
    games = 24
    for seed in range(games):
        seat = seed % 3
        agents = [SearchAgent(24, policy=HeuristicAgent) if p == seat else RandomAgent() for p in range(3)]
        result = play_game(game, seed, agents)
        assert result.completed, result.end_reason
        if seat in result.winners:
            share += 1 / len(result.winners)
    low, _ = wilson(round(share), games)
    assert low > 1 / 3


@pytest.mark.parametrize("deck_id,players", [("royale", 3), ("royale-solo", 1), ("royale-short", 4)])
def test_the_hook_answers_for_the_compiled_configurations_only(deck_id: str, players: int) -> None:
    state = game_of(deck_id, players).new_initial_state(0)
    legal = state.legal_actions()
    assert 0 <= state.compiled_search(PAIRED, legal, 1) < len(legal)
    assert 0 <= state.compiled_search(TREE, legal, 1) < len(legal)
    tree_with_policy = SearchParams(24, 0.7, 0.25, 0.1, True, False, 1.0)
    assert state.compiled_search(tree_with_policy, legal, 1) is None  # the root prior: the Python search's


def test_a_full_noble_table_runs_the_search_again_to_the_same_decision(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cardgen.games.royale.compiled as tier
    import cardgen.games.royale.compiled_require as req

    game = game_of("royale", 3)
    state = game.new_initial_state(2)
    legal = state.legal_actions()
    small = fs.Compiled(game)
    shared = req.noble_tables
    # a private table of the tier's first capacity (not the process's, which earlier tests filled): it fills
    monkeypatch.setattr(req, "noble_tables", lambda g, fresh=False: shared(g, fresh=True))
    small.fast = tier.RoyaleFast(game)
    monkeypatch.setattr(req, "noble_tables", shared)
    runs = small.runs
    pick = small.search(state, PAIRED, legal, 77)
    assert small.runs > runs + 1  # it was full at least once
    assert pick == roomy(game).search(state, PAIRED, legal, 77)
