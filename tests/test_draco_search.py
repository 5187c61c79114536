"""Draco's compiled rules' kernels (``compiled_rules.py``) and search driver (``compiled_search.py``) against the reference engine.

The step kernels are checked action by action on positions reached by seeded play
on ``engine.py``: the same legal actions in the same order, and after each action
(die rolls and reshuffles included: both draw from the same Mersenne Twister state)
the same position. The compiled heuristic picks the reference heuristic's move
given the same generator, ``determinize`` deals the reference's very sample, and
the driver is deterministic, blind to hidden cards, and plays better than random.
"""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cardgen.agents import SearchAgent, Tuning
from cardgen.engine import fastrng as fr
from cardgen.engine.api import RandomAgent, SearchParams
from cardgen.games.draco import compiled_rules as cr
from cardgen.games.draco import compiled_search as fs
from cardgen.games.draco import rules
from cardgen.games.draco.engine import row_action
from cardgen.games.draco.agents import HeuristicAgent
from cardgen.games.draco.engine import DracoGame
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.runner import play_game
from cardgen.simulate.stats import wilson
from nonempty import nonempty

ROOT = Path(__file__).resolve().parent.parent
PROJECT = Project.open(ROOT)
DECKS = [d for d in PROJECT.ids if d == "draco" or d.startswith("draco-")]
PAIRED = SearchParams(40, 0.7, 0.25, 0.1, True, True, 1.0)
TREE = SearchParams(60, 0.7, 0.25, 0.0, False, False, 1.0)


def game_and_driver(deck_id: str, players: int) -> tuple[DracoGame, fs.Driver]:
    """A reference game of ``deck_id`` and its compiled search driver (named so: pytest 8.0, the lowest the
    pyproject allows, runs a module-level ``setup`` as the module's nose-style set-up)."""
    game = DracoGame(Resolver(PROJECT).resolve(deck_id), players)
    driver = fs.driver(game)
    assert isinstance(driver, fs.Driver), driver
    return game, driver


def positions(game: DracoGame, seed: int, heuristic_share: float = 0.5):
    """Every position of one seeded game on the reference (heuristic and random moves mixed)."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    agent = HeuristicAgent()
    while not state.is_terminal():
        yield state
        legal = state.legal_actions()
        if rng.random() < heuristic_share:
            action = agent.choose(state.observation(state.current_player), legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
    yield state


def views(d: fs.Driver, s: np.ndarray) -> tuple[np.ndarray, ...]:
    return cr.views_of(s, d.cfg)


def mt_of(state) -> np.ndarray:
    """The reference's generator as a ``fastrng`` state (the same draws follow)."""
    return np.array(state.rng.getstate()[1], dtype=np.uint32)


def canonical(d: fs.Driver, s: np.ndarray) -> np.ndarray:
    """A copy of ``s`` with the slots beyond each zone's size zeroed (kernels leave them stale)."""
    s = s.copy()
    sc, _, _, hand_n, hands, pile, discard, aside, _, queue = views(d, s)
    for p in range(len(hand_n)):
        hands[p, hand_n[p]:] = 0
    for zone, size in ((pile, cr.S_PILE), (discard, cr.S_DISC), (aside, cr.S_ASIDE), (queue, cr.S_SQN)):
        zone[sc[size]:] = 0
    return s


def check_arrays(driver: fs.Driver, s: np.ndarray) -> None:
    """Invariants of a position array: every card in exactly one place, coins conserved, no negative purse."""
    sc, money, order, hand_n, hands, pile, discard, aside, gen, queue = views(driver, s)
    cards = [c for p in range(len(hand_n)) for c in hands[p, :hand_n[p]]]
    cards += list(pile[:sc[cr.S_PILE]]) + list(discard[:sc[cr.S_DISC]]) + list(aside[:sc[cr.S_ASIDE]])
    assert sorted(cards) == list(range(len(driver.g.card_ids)))
    assert sorted(order) == list(range(len(driver.g.char_ids)))
    assert min(money) >= 0
    assert sc[cr.S_BANK] + money.sum() == driver.g.box_value


@pytest.mark.parametrize("deck_id", DECKS)
def test_the_deal_gives_the_reference_position(deck_id):
    """The kernels' ``deal`` (``rules.deal`` compiled, then ``rules.setup``) on the reference's generator: its very
    first position, the cards set aside included (draco-short sets 24 aside, which no game result shows), and
    the initial piles."""
    for players in (3, 5):
        game, d = game_and_driver(deck_id, players)
        for seed in range(4):
            state = game.new_initial_state(seed)
            mt = np.array(random.Random(seed).getstate()[1], dtype=np.uint32)  # the reference's, before the deal
            s = np.zeros_like(d.encode(state))
            dealt = np.zeros(len(game.card_ids) + len(game.char_ids), dtype=np.int64)
            cr.deal(s, d.G, d.E, mt, dealt)
            assert np.array_equal(canonical(d, s), d.encode(state)), f"{deck_id} {players}p {seed}"
            assert np.array_equal(mt, mt_of(state))
            ncards = len(game.card_ids)
            assert [game.card_ids[c] for c in dealt[:ncards]] == state.initial_piles["actions"]
            assert [game.char_ids[c] for c in dealt[ncards:]] == state.initial_piles["circle"]


@pytest.mark.parametrize("deck_id", DECKS)
def test_every_action_gives_the_reference_position(deck_id):
    for players in (3, 5):
        game, d = game_and_driver(deck_id, players)
        agent = HeuristicAgent()
        for seed in range(6):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while True:
                s = d.encode(state)
                check_arrays(d, s)
                if state.is_terminal():
                    win = np.zeros(players, dtype=np.int64)
                    cr.winners((views(d, s), d.G, d.E, fr.new_state()), win)
                    assert sorted(np.flatnonzero(win).tolist()) == sorted(state.outcome().winners)
                    break
                rows = d.legal_rows(s)
                legal = state.legal_actions()
                assert [row_action(game, r) for r in rows] == legal
                if rng.random() < 0.5:
                    action = agent.choose(state.observation(state.current_player), legal, rng)
                else:
                    action = legal[rng.randrange(len(legal))]
                mt = mt_of(state)  # the kernels draw the reference's very chance
                work = s.copy()
                cr.apply(rows[legal.index(action)], views(d, work), d.G, d.E, mt)
                state.apply(action)
                assert np.array_equal(canonical(d, work), d.encode(state)), f"{deck_id} {players}p {seed}: {action}"
                assert np.array_equal(mt, mt_of(state))


def test_winners_follow_the_ties_rule():
    game, d = game_and_driver("draco", 5)
    win = np.zeros(5, dtype=np.int64)
    cases = [([9, 3, 3, 1, 0], [0]), ([9, 9, 4, 1, 0], [2]), ([9, 9, 4, 4, 1], [4]), ([5, 5, 5, 5, 5], [0, 1, 2, 3, 4])]
    rule = game.deck.clarifications["tie_for_win"].resolution
    V = cr.views_of(np.zeros(d.size, dtype=np.int64), d.cfg)
    for money, want in nonempty(cases):
        V[1][:] = money
        cr.winners((V, d.G, d.E, fr.new_state()), win)  # ``rules.winners`` compiled, on a position
        got = np.flatnonzero(win).tolist()
        if money == [9, 9, 4, 4, 1] and rule == "share_next":
            want = [2, 3]
        assert got == want, (money, rule)


@pytest.mark.slow  # long (a local Dask cluster, or minutes of games / compiling): CI's slow tier
def test_compiled_heuristic_picks_the_reference_move():
    for players in (3, 5):
        game, d = game_and_driver("draco", players)
        agent = HeuristicAgent()
        for seed in range(8):
            for state in positions(game, seed):
                if state.is_terminal():
                    break
                s = d.encode(state)
                rows = d.legal_rows(s)
                legal = state.legal_actions()
                x = seed * 7919 + state.turns
                want = agent.choose(state.observation(state.current_player), legal, random.Random(x))
                got = cr.heuristic(views(d, s), d.G, d.H, rows, len(rows), fr.new_rng(x))
                assert legal[got] == want


@pytest.mark.parametrize("deck_id, players, seeds", [("draco", 5, 6), ("draco-short", 4, 2)])
def test_determinize_deals_the_reference_sample(deck_id, players, seeds):
    """draco-short sets 24 cards aside: the kernels redeal that place too, in the reference's order."""
    game, d = game_and_driver(deck_id, players)
    sampled = 0
    for seed in range(seeds):
        for state in positions(game, seed):
            if state.is_terminal():
                break
            sampled += 1
            seat = state.current_player
            x = seed * 31 + state.turns
            sample = state.determinize(seat, random.Random(x))
            s = d.encode(state)
            dst = np.zeros_like(s)
            mt = fr.new_state()
            cr.determinize(s, dst, seat, fr.new_rng(x), mt, d.G, d.D)
            assert np.array_equal(canonical(d, dst), d.encode(sample))
            assert np.array_equal(mt, mt_of(sample))
            # what the seat sees is kept; the hidden cards are the same multiset per rebuild generation
            a, b = views(d, s), views(d, dst)
            for name, i in (("scalars", 0), ("money", 1), ("seats", 2), ("hand sizes", 3), ("discard", 6)):
                assert np.array_equal(a[i], b[i]), name
            assert np.array_equal(a[4][seat], b[4][seat])
            gen = a[8]

            def hidden(v):
                sc, _, _, hand_n, hands, pile, _, aside, _, _ = v
                cards = [c for q in range(len(hand_n)) if q != seat for c in hands[q, :hand_n[q]]]
                cards += list(pile[:sc[cr.S_PILE]]) + list(aside[:sc[cr.S_ASIDE]])
                return sorted((gen[c], c) for c in cards)
            assert hidden(a) == hidden(b)
    assert sampled > seeds  # every seed's game gave positions to redeal


def test_hidden_cards_do_not_change_the_decision():
    game, d = game_and_driver("draco", 4)
    checked = 0
    for seed in range(10):
        for state in positions(game, seed):
            if state.is_terminal() or len(state.legal_actions()) < 2 or state.turns < 6 or state.turns % 5:
                continue
            seat = state.current_player
            other = state.determinize(seat, random.Random(seed))  # the same public position, other hidden cards
            assert other.hands[seat] == state.hands[seat]
            for params in (PAIRED, TREE):
                a = state.compiled_search(params, state.legal_actions(), 12345)
                b = other.compiled_search(params, other.legal_actions(), 12345)
                assert a is not None and a == b
            checked += 1
            break
    assert checked >= 8


def test_same_state_and_seed_give_the_same_decision():
    game, d = game_and_driver("draco", 5)
    state = next(s for i, s in enumerate(positions(game, 3)) if i > 20 and len(s.legal_actions()) > 3)
    legal = state.legal_actions()
    for params in (PAIRED, TREE):
        picks = {state.compiled_search(params, legal, seed) for seed in (7, 7, 7)}
        assert len(picks) == 1 and None not in picks
    # and the agent, with the same generator, plays the same action on the compiled path
    agent = SearchAgent(40, policy=HeuristicAgent)
    assert agent.choose_from_state(state, legal, random.Random(5)) == \
        agent.choose_from_state(state, legal, random.Random(5))


def test_rollouts_keep_cards_and_coins():
    game, d = game_and_driver("draco", 5)
    rng = fr.new_rng(9)
    rows = np.zeros_like(d.rows)
    for seed in range(4):
        s = d.encode(game.new_initial_state(seed))
        mt = fr.new_rng(seed)
        v = views(d, s)
        steps = 0
        while s[cr.S_END] == 0:
            check_arrays(d, s)
            m = cr.legal(v, d.G, rows)
            i = cr.heuristic(v, d.G, d.H, rows, m, rng) if steps % 3 else int(fr.random(rng) * m)
            cr.apply(rows[i], v, d.G, d.E, mt)
            steps += 1
        check_arrays(d, s)
        assert s[cr.S_FINALS] == 1 and s[cr.S_LASTCALL] == 1


@pytest.mark.parametrize("policy", [True, False], ids=["heuristic", "random"])
def test_a_rollout_plays_the_moves_of_the_kernels_one_at_a_time(policy):
    """``compiled_search.rollout`` (its own inlined copies of ``apply`` and ``heuristic``) ends in the very position
    that ``cr.legal``, ``cr.heuristic`` (or a uniform draw) and ``cr.apply`` reach called one move at a time from
    the same position and generators: the copies a rollout inlines for speed are the kernels the reference tests
    hold move for move."""
    game, d = game_and_driver("draco", 4)
    for seed in range(3):
        start = d.encode(game.new_initial_state(seed))
        ctx, _, _ = fs._context((start, d.G, d.scratch))
        cr.copy(ctx.work, start)
        cr.copy(ctx.work_mt, fr.new_rng(seed))
        assert fs.rollout(ctx, fr.new_rng(100 + seed), policy, 0.0)
        s, mt, rng = start.copy(), fr.new_rng(seed), fr.new_rng(100 + seed)
        v, rows = views(d, s), np.zeros_like(d.rows)
        while s[cr.S_END] == 0:
            m = cr.legal(v, d.G, rows)
            if m == 1:
                i = 0
            elif policy:
                i = cr.heuristic(v, d.G, d.H, rows, m, rng)
            else:
                i = int(fr.random(rng) * m)
            cr.apply(rows[i], v, d.G, d.E, mt)
        assert np.array_equal(canonical(d, ctx.work), canonical(d, s)), seed


def test_decks_the_driver_cannot_play_fall_back_to_python():
    game, _ = game_and_driver("draco", 3)

    class Deck:
        clarifications = {k: v for k, v in game.deck.clarifications.items() if k != "tie_for_win"}

    class Game:
        deck = Deck()
        card_ids = game.card_ids
    assert "tie_for_win" in fs.unsupported(Game())  # type: ignore[arg-type]
    fs._DRIVERS[game] = "no driver"
    try:
        state = game.new_initial_state(1)
        assert state.compiled_search(PAIRED, state.legal_actions(), 1) is None
    finally:
        del fs._DRIVERS[game]


@pytest.mark.parametrize("policy", [HeuristicAgent, None], ids=["paired-heuristic", "tree-random"])
def test_search_beats_random(policy):
    """Search in one seat (rotated) against three random players: a Wilson lower bound above the fair 25 %."""
    game, _ = game_and_driver("draco", 4)
    share, games = 0.0, 24
    for i in range(games):
        seat = i % 4
        agents = [SearchAgent(30, policy=policy) if q == seat else RandomAgent() for q in range(4)]
        result = play_game(game, 500 + i, agents)
        if result.completed and seat in result.winners:
            share += 1 / len(result.winners)
    low, _ = wilson(share, games)
    assert low > 0.25, f"search won {share} of {games}"


def test_the_agents_prior_reaches_the_compiled_tree():
    """``SearchAgent(tuning=Tuning(prior=...))`` is the driver's: with no credit and with an overwhelming credit to
    the heuristic's move, the compiled tree decides differently in some positions."""
    game, _ = game_and_driver("draco", 4)
    free = SearchAgent(60, policy=HeuristicAgent, paired=False, tuning=Tuning(prior=0.0))
    led = SearchAgent(60, policy=HeuristicAgent, paired=False, tuning=Tuning(prior=100.0))
    differ = 0
    for seed in range(8):
        for i, state in enumerate(positions(game, seed)):
            legal = [] if state.is_terminal() else state.legal_actions()
            if len(legal) < 3 or i % 5:
                continue
            assert state.has_compiled_search()
            a = free.choose_from_state(state, legal, random.Random(seed))
            b = led.choose_from_state(state, legal, random.Random(seed))
            differ += a != b
        if differ >= 3:
            break
    assert differ >= 3


def test_the_game_ends_the_same_way_on_both_tiers():
    """The end written once (``rules.finish``): the final toast ends the game with no decision due, on the
    reference (its reason named, the phase ``over``, nobody to act, nothing legal) and in the kernels (the end's
    code, the phase ``OVER``, no legal row)."""
    game, d = game_and_driver("draco", 4)
    rows = np.zeros_like(d.rows)
    ends = []
    for seed in range(3):
        *_, state = positions(game, seed)
        ends.append((state.end_reason, state.phase_name, state.current_player, state.legal_actions()))
        s = d.encode(game.new_initial_state(seed))
        mt, v = fr.new_rng(seed), views(d, s)
        while s[cr.S_END] == 0:
            m = cr.legal(v, d.G, rows)
            cr.apply(rows[int(fr.random(mt) * m)], v, d.G, d.E, mt)
        ends.append((int(s[cr.S_END]), int(s[cr.S_PHASE]), int(cr.player(v)), int(cr.legal(v, d.G, rows))))
    assert ends == [("final_toast", "over", -1, []), (cr.END_FINAL, rules.OVER, -1, 0)] * 3
    assert cr.END_FINAL == 1  # ``compiled.DracoFast.end_names``' first, and what ``encode`` writes for an end


def test_a_house_rules_end_is_recorded_with_its_own_reason():
    """The hook ``finish`` runs ``rules.finish`` with the reason it is given (not only the final toast's)."""
    game, _ = game_and_driver("draco", 4)
    state = game.new_initial_state(1)
    state._finish("house_rule_end")  # a house rule's ``finish`` with its own reason
    assert (state.end_reason, state.phase_name, state.legal_actions()) == ("house_rule_end", "over", [])
    assert state.outcome().end_reason == "house_rule_end" and state.is_terminal()


def test_the_seat_to_decide_is_the_same_on_both_tiers():
    """Who decides written once (``rules.player``): at every position of seeded games the reference's
    ``current_player`` and the kernels' ``player`` name the seat the rules say: the current player, Aunt Sarah's
    neighbour asked now while they decide whether to draw (not the toaster), nobody (-1) once the game is over."""
    game, d = game_and_driver("draco", 5)
    kinds = set()
    for seed in range(6):
        for state in positions(game, seed):  # one state, played on: read it before the next
            over, asking = state.end_reason is not None, state.phase_name == "draw"
            want = -1 if over else state.sarah_queue[0] if asking else state.cur
            got = (state.current_player, int(cr.player(views(d, d.encode(state)))))
            assert got == (want, want), (seed, state.phase_name, state.cur, state.sarah_queue)
            kinds.add("over" if over else "neighbour" if asking and want != state.cur else state.phase_name)
    assert {"over", "neighbour", "play", "toast"} <= kinds, kinds
