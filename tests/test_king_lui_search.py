"""King Lui's compiled search: step kernels equal to the reference engine, determinize, the driver, the hook.

The kernels (``compiled_rules``) are checked against ``engine.KingLuiState`` along
seeded random and heuristic games on every deck and on decks whose gaps stall or
are settled otherwise: the legal actions, the position after every action
(``encode`` of the reference's next position), the end, scores and winners.
"""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cardgen.agents import SearchAgent
from cardgen.agents.search import SearchAgent as PySearch
from cardgen.engine import fastrng
from cardgen.engine.api import RandomAgent, SearchParams
from cardgen.games.king_lui import GAME
from cardgen.games.king_lui import compiled_rules as kl
from cardgen.games.king_lui.agents import HeuristicAgent
from cardgen.games.king_lui.compiled import tables
from cardgen.games.king_lui.compiled_search import codes, compiled_search, encode
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import play_game
from cardgen.simulate.stats import wilson
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
PAIRED = SearchParams(40, 0.7, 0.25, 0.1, True, True, 1.0)
TREE = SearchParams(60, 0.7, 0.25, 0.1, False, False, 1.0)
TREE_POLICY = SearchParams(60, 0.7, 0.25, 0.1, True, False, 1.0)


def _variant(tmp_path: Path, name: str, text: str):
    path = tmp_path / f"king_lui-{name}.yaml"
    path.write_text("extends: king_lui\nname: {fr: Essai, it: Prova, en: Test}\n"
                    "description: {fr: Essai, it: Prova, en: Test}\n" + text, encoding="utf-8")
    return resolve(str(path), ROOT)


def _unsettled(deck):
    """``deck`` without its clarifications: every gap stalls the game."""
    bare = deck.model.model_copy(update={"clarifications": {}})
    return type(deck)(**{**deck.__dict__, "model": bare})


#: a gap buffer without room: the kernels count the gaps met (``S_GAPS``) and record none
NO_GAPS = np.zeros((0, 3), dtype=np.int64)


def broken(s, cfg, cards, emeralds) -> int:
    """The first broken invariant of a kernel state as a code (0: all hold): 1 cards not conserved, 2 a negative
    count, 3 a seat holds less than it took, 4 the king's total, 5 Emeralds not conserved, 6 turn order."""
    n, players = int(cfg[kl.C_DISHES]), int(cfg[kl.C_PLAYERS])
    table, king, eaten, hands, taken, sup = kl.views(s, n, players)
    if (table < 0).any() or (king < 0).any() or (eaten < 0).any() or (taken < 0).any():
        return 2
    if (hands < taken).any():
        return 3
    if s[kl.S_SP] + s[kl.S_TEMER] + s[kl.S_PENDING] + s[kl.S_REMOVED] + table.sum() + king.sum() + hands.sum() \
            != cards:
        return 1
    if king.sum() != s[kl.S_KTOTAL]:
        return 4
    if s[kl.S_END] == kl.PLAYING:
        meals = eaten.sum()
        left = s[kl.S_TEMER] + s[kl.S_PENDING] + meals // cfg[kl.C_PORTIONS] + (sup[:s[kl.S_SP]] < 0).sum()
        if left != emeralds or meals % cfg[kl.C_PORTIONS]:
            return 5
        if s[kl.S_PLAYER] != (s[kl.S_CHEF] + s[kl.S_ACTED]) % players \
                or s[kl.S_TURNS] != s[kl.S_ROUNDS] * players + s[kl.S_ACTED]:
            return 6
    return 0


def _dims(t):
    return int(t.cfg[0]), int(t.cfg[1])


def _same(s, e, t) -> bool:
    """Two state arrays hold the same position (the supply past its top is stale)."""
    n, players = _dims(t)
    live = kl.size(n, players, e[kl.S_SP])  # the supply past its top is stale
    return len(s) == len(e) and s[kl.S_SP] == e[kl.S_SP] and np.array_equal(s[:live], e[:live])


def walk(deck, players: int, games: int, heuristic_share: float = 0.5, check_policy: bool = True) -> set[str]:
    """Play seeded games on the reference and the kernels side by side; assert they agree at every step.

    Returns the end reasons met.
    """
    game = GAME.new_game(deck, players)
    t = tables(game)
    assert not isinstance(t, str), t
    n, _ = _dims(t)
    buf = np.zeros(n + 2 + len(t.combo_cnt), dtype=np.int64)
    best = np.zeros_like(buf)
    work = np.zeros((3, n))
    scores, winners = np.zeros(players), np.zeros(players, dtype=np.int64)
    ends = set()
    for seed in range(games):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        heuristic = HeuristicAgent()
        s = encode(state)
        while state.end_reason is None:
            legal = state.legal_actions()
            m = kl.legal(s, t.cfg, t.combo_cnt, buf)
            assert list(buf[:m]) == list(codes(legal, t)), f"seed {seed}, turn {state.turns}"
            player = state.current_player
            assert s[kl.S_PLAYER] == player
            if check_policy and len(legal) > 1:  # the compiled heuristic picks the reference's move, same draws
                k = rng.getrandbits(32)
                ref = heuristic.choose(state.observation(player), legal, random.Random(k))
                got = kl.heuristic(s, t.kit, buf, m, fastrng.new_rng(k), work, best)
                assert t.action_of[got] == ref, f"seed {seed}: heuristic {t.action_of[got]} vs {ref}"
            action = heuristic.choose(state.observation(player), legal, rng) if rng.random() < heuristic_share \
                else rng.choice(legal)
            state.apply(action)
            kl.apply(s, t.code_of[action], t.cfg, t.combo_cnt, NO_GAPS)
            if s[kl.S_END] != kl.PLAYING:  # over: a tie left standing is one more gap (or a stall), as the engine's
                # ``_finish`` says it, the batch loop and the search's rewards after ``outcome``
                tie = kl.outcome(s, t.cfg, scores, winners, np.zeros(players, dtype=np.int64))
                kl.tie_standing(s, t.cfg, winners, tie, NO_GAPS)
            assert _same(s, encode(state), t), f"seed {seed}: after {action} the positions differ"
            assert broken(s, t.cfg, t.cards, game.emerald_count) == 0
        assert kl.legal(s, t.cfg, t.combo_cnt, buf) == 0 and s[kl.S_END] != kl.PLAYING
        kl.outcome(s, t.cfg, scores, winners, np.zeros(players, dtype=np.int64))
        out = state.outcome()
        assert list(scores) == out.scores
        assert [p for p in range(players) if winners[p]] == out.winners
        ends.add(state.end_reason)
    return ends


@pytest.mark.parametrize("deck_id", ["king_lui", "king_lui-six-players", "king_lui-hungry-dragon"])
def test_kernels_follow_the_reference_on_every_deck(deck_id):
    deck = resolve(deck_id, ROOT)
    for players in nonempty(deck.model.players.counts):
        assert walk(deck, players, 6) == {"supply_exhausted"}


@pytest.mark.parametrize("name, text, met", [
    ("draw-three", "rules: {supply_draw_cards: 3}\nclarifications:\n  short_supply_draw:\n"
                   "    resolution: draw_remaining\n    text: {fr: a, it: b, en: c}\n", "supply_exhausted"),
    ("draw-four-unsettled", "rules: {supply_draw_cards: 4}\n", "stalled:short_supply_draw"),
    ("emerald-allowed", "rules: {emerald_portions: 1}\nclarifications:\n  no_dish_emerald:\n"
                        "    resolution: emerald_allowed\n    text: {fr: a, it: b, en: c}\n", "supply_exhausted"),
    ("many-dragons", "change:\n  emerald: {count: 30}\n", "supply_exhausted"),
])
def test_kernels_follow_the_reference_on_other_rule_numbers_and_gaps(tmp_path, name, text, met):
    ends = walk(_variant(tmp_path, name, text), 3, 20, heuristic_share=0.3)
    ends |= walk(_variant(tmp_path, name, text), 5, 20, heuristic_share=0.3, check_policy=False)
    assert met in ends, ends


def test_kernels_stall_where_the_reference_stalls():
    ends = walk(_unsettled(resolve("king_lui", ROOT)), 5, 40, heuristic_share=0.8, check_policy=False)
    assert {"stalled:no_dish_emerald", "stalled:tie_after_tiebreak"} <= ends, ends


def _midgame(players=4, seed=3, steps=14):
    """A reference position some turns in, where opponents have drawn unseen portions."""
    game = GAME.new_game(resolve("king_lui", ROOT), players)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        draw = [a for a in legal if a[0] == "draw"]
        state.apply(draw[0] if draw and rng.random() < 0.5 else rng.choice(legal))
    assert state.end_reason is None and sum(state.drawn) > 0
    return game, state


def test_determinize_keeps_what_the_seat_sees_and_the_hidden_multiset():
    game, state = _midgame()
    t = tables(game)
    n, players = _dims(t)
    seat = state.current_player
    s = encode(state)
    dst = np.zeros_like(s)
    hands, taken = kl.views(s, n, players)[3:5]

    def hidden(x):
        """Counts per dish code (+1) of every card the seat cannot see."""
        out = np.zeros(n + 1, dtype=np.int64)
        np.add.at(out, kl.views(x, n, players)[5][:x[kl.S_SP]] + 1, 1)
        h, tk = kl.views(x, n, players)[3:5]
        for q in range(players):
            if q != seat:
                out[1:] += h[q] - tk[q]
        return out

    supplies = set()
    for k in range(30):
        kl.determinize(s, dst, seat, t.cfg, fastrng.new_rng(k))
        dh, dt = kl.views(dst, n, players)[3:5]
        assert np.array_equal(dst[:kl.HEADER + 3 * n], s[:kl.HEADER + 3 * n])  # scalars, table, king, eaten
        assert np.array_equal(dh[seat], hands[seat]) and np.array_equal(dt, taken)
        assert np.array_equal((dh - dt).sum(axis=1), (hands - taken).sum(axis=1))  # each opponent drew as many
        assert np.array_equal(hidden(dst), hidden(s))
        assert broken(dst, t.cfg, t.cards, game.emerald_count) == 0
        supplies.add(tuple(kl.views(dst, n, players)[5][:dst[kl.S_SP]]))
    assert len(supplies) == 30  # the supply is really dealt again


def test_determinize_deals_opponents_portions_uniformly():
    """Each opponent's unseen portions are a uniform draw from the hidden portions: the mean count of
    dish d among opponent q's D_q unseen portions is D_q * (hidden portions of d) / (hidden portions)."""
    game, state = _midgame(players=4, seed=11, steps=20)
    t = tables(game)
    n, players = _dims(t)
    seat = state.current_player
    s = encode(state)
    hands, taken = kl.views(s, n, players)[3:5]
    hidden = np.zeros(n)
    for q in range(players):
        if q != seat:
            hidden += hands[q] - taken[q]
    sup = kl.views(s, n, players)[5][:s[kl.S_SP]]
    for d in range(n):
        hidden[d] += np.count_nonzero(sup == d)
    drawn = (hands - taken).sum(axis=1)
    assert drawn.sum() - drawn[seat] > 0
    samples = 2000
    total = np.zeros((players, n))
    dst = np.zeros_like(s)
    mt = fastrng.new_rng(5)
    for _ in range(samples):
        kl.determinize(s, dst, seat, t.cfg, mt)
        total += kl.views(dst, n, players)[3] - kl.views(dst, n, players)[4]
    for q in range(players):
        if q == seat or not drawn[q]:
            continue
        expected = drawn[q] * hidden / hidden.sum()
        # a count's standard deviation is at most sqrt(D_q / 4); 5 standard errors of the mean
        assert np.all(np.abs(total[q] / samples - expected) < 5 * np.sqrt(drawn[q] / 4 / samples)), q


@pytest.mark.parametrize("params", [PAIRED, TREE, TREE_POLICY], ids=["paired", "tree", "tree-policy"])
def test_the_decision_does_not_depend_on_hidden_cards(params):
    game, state = _midgame()
    t = tables(game)
    seat = state.current_player
    legal = state.legal_actions()
    differ = 0
    for k in range(4):
        other = state.determinize(seat, random.Random(k))  # same view, hidden cards dealt again
        differ += not np.array_equal(encode(other), encode(state))
        for seed in (1, 2**62 + 7):
            assert compiled_search(state, params, legal, seed) == compiled_search(other, params, legal, seed)
    assert differ == 4


@pytest.mark.parametrize("params", [PAIRED, TREE, TREE_POLICY], ids=["paired", "tree", "tree-policy"])
def test_same_state_and_seed_same_decision(params):
    game, state = _midgame(seed=8)
    legal = state.legal_actions()
    picks = [compiled_search(state, params, legal, seed) for seed in range(12)]
    assert all(0 <= p < len(legal) for p in picks)
    assert picks == [compiled_search(state.clone(), params, legal, seed) for seed in range(12)]


@pytest.mark.parametrize("use_policy", [False, True])
def test_invariants_hold_after_every_action_of_rollouts(use_policy):
    game, state = _midgame(players=5, seed=4)
    t = tables(game)
    n, players = _dims(t)
    s = encode(state)
    buf = np.zeros(n + 2 + len(t.combo_cnt), dtype=np.int64)
    best, work = np.zeros_like(buf), np.zeros((3, n))
    sample = np.zeros_like(s)
    for k in range(20):
        mt = fastrng.new_rng(k)
        kl.determinize(s, sample, state.current_player, t.cfg, mt)
        steps = 0
        while (m := kl.legal(sample, t.cfg, t.combo_cnt, buf)) > 0:
            a = kl.heuristic(sample, t.kit, buf, m, mt, work, best) if use_policy \
                else buf[fastrng.randbelow(mt, m)]
            kl.apply(sample, a, t.cfg, t.combo_cnt, NO_GAPS)
            assert broken(sample, t.cfg, t.cards, game.emerald_count) == 0, f"sample {k}, step {steps}"
            steps += 1
        assert sample[kl.S_END] == kl.SUPPLY_EXHAUSTED and steps > 10


def test_broken_sees_a_lost_card_and_a_wrong_turn():
    game, state = _midgame()
    t = tables(game)
    s = encode(state)
    assert broken(s, t.cfg, t.cards, game.emerald_count) == 0
    lost = s.copy()
    kl.views(lost, 6, 4)[1][0] += 1
    assert broken(lost, t.cfg, t.cards, game.emerald_count) == 1
    turn = s.copy()
    turn[kl.S_PLAYER] = (turn[kl.S_PLAYER] + 1) % 4
    assert broken(turn, t.cfg, t.cards, game.emerald_count) == 6


def test_search_answers_through_the_hook_without_python_iterations(monkeypatch):
    def no_python(*args, **kwargs):
        raise AssertionError("the Python search ran")

    monkeypatch.setattr(PySearch, "_iterate", no_python)
    monkeypatch.setattr(PySearch, "_paired_choice", no_python)
    game = GAME.new_game(resolve("king_lui", ROOT), 4)
    for policy in (None, HeuristicAgent):
        result = play_game(game, 5, [SearchAgent(30, policy=policy) for _ in range(4)])
        assert result.end_reason == "supply_exhausted"


def test_a_deck_outside_the_kernels_falls_back_to_python_search(monkeypatch):
    from cardgen.games.king_lui import compiled

    monkeypatch.setattr(compiled, "MAX_COMBOS", 10)
    game = GAME.new_game(resolve("king_lui", ROOT), 4)
    state = game.new_initial_state(0)
    assert compiled_search(state, PAIRED, state.legal_actions(), 1) is None
    calls = []
    monkeypatch.setattr(PySearch, "_paired_choice", lambda self, st, legal, rng, r: calls.append(1) or legal[0])
    SearchAgent(10, policy=HeuristicAgent).choose_from_state(state, state.legal_actions(), random.Random(0))
    assert calls == [1]


def test_compiled_search_beats_random_players():
    """Search (tree, random rollouts) in one seat, rotated, against three random players: a Wilson
    lower bound on its win share above the fair 25 %."""
    game = GAME.new_game(resolve("king_lui", ROOT), 4)
    share, games = 0.0, 40
    for index in range(games):
        seat = index % 4
        agents = [SearchAgent(100) if p == seat else RandomAgent() for p in range(4)]
        result = play_game(game, 1000 + index, agents)
        if seat in result.winners:
            share += 1 / len(result.winners)
    low, _ = wilson(round(share), games)
    assert low > 0.25, (share, games)
