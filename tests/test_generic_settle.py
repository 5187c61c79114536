"""The covered heuristic judges a new option cheaply (cardgen/agents/generic.py, issue 50 item 2).

A judgement stops drawing samples once the first ones agree; each seat remembers, per game and per
kind of unknown action, its verdicts: a run of ``SETTLE_AFTER`` alike settles the kind (re-checked at
every ``RECHECK_EVERY``-th offer), so an option that is always good is taken without look-ahead while
one that is good only in some positions is still judged, and taken only there. The memory is the
game's own: ``--jobs 1`` and ``--jobs 2`` give the same report.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from nonempty import nonempty
from cardgen.agents import generic
from cardgen.agents.generic import (COVER_ROUNDS, EARLY_ROUNDS, RECHECK_EVERY, SETTLE_AFTER, Memory, Verdicts,
                                    clearly_behind, kind_of, paired_verdict, settled_early)
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import agent_factories
from cardgen.simulate.seeds import agent_rng

from house_options import BONUS, KING_LUI_POINTS, OFFER, project as option_project

ROOT = Path(__file__).resolve().parent.parent

#: worth 5 points on a turn of even number, costs 5 on an odd one: good only in some positions
ALTERNATING = '"""king_lui: an option good on even turns only."""\n' + OFFER + KING_LUI_POINTS + '''

def _open(state, seat, legal):
    return _taking(legal)


def _effect(state, seat):
    state.extra_points[seat] += 5 if state.turns % 2 == 0 else -5
'''


def play(root: Path, seed: int, players: int = 3) -> tuple[list, list[tuple[int, int, bool]]]:
    """One game of covered heuristics on the variant ``option``: (agents, each offer's (seat, turn, taken))."""
    deck = resolve("option", root)
    state = install(deck.spec.new_game(deck, players), deck).new_initial_state(seed)
    agents = [agent_factories(deck.spec)["heuristic"]() for _ in range(players)]
    rng = agent_rng(seed)
    offers = []
    while not state.is_terminal():
        legal = state.legal_actions()
        seat = state.current_player
        choice = agents[seat].choose_from_state(state, legal, rng) if len(legal) > 1 else legal[0]
        if BONUS in legal:
            offers.append((seat, state.turns, choice == BONUS))
        state.apply(choice)
    return agents, offers


def test_a_run_of_alike_verdicts_settles_a_kind_and_a_disagreeing_recheck_unsettles_it() -> None:
    v = Verdicts()
    for _ in range(SETTLE_AFTER):
        v.offers += 1
        assert v.due() and v.settled is None
        v.record(True)
    assert v.settled is True and v.streak == SETTLE_AFTER
    due = []
    for _ in range(2 * RECHECK_EVERY):
        v.offers += 1
        due.append(v.due())
    assert due == [(SETTLE_AFTER + i) % RECHECK_EVERY == 0 for i in range(1, 2 * RECHECK_EVERY + 1)]
    assert due.count(True) == 2  # one offer in RECHECK_EVERY
    v.record(False)  # a recheck that disagrees: judged at every offer again
    assert v.settled is None and v.streak == 1 and v.last is False and v.due()


def test_a_broken_run_does_not_settle() -> None:
    v = Verdicts()
    for took in [True] * (SETTLE_AFTER - 1) + [False] + [True] * (SETTLE_AFTER - 1):
        v.record(took)
    assert v.settled is None and v.streak == SETTLE_AFTER - 1
    v.record(True)
    assert v.settled is True


def test_an_unsure_verdict_breaks_the_run_and_unsettles() -> None:
    v = Verdicts()
    for _ in range(SETTLE_AFTER - 1):
        v.record(False)
    v.record(None)  # not clearly behind: not "never worth it" either
    assert v.streak == 0 and v.last is None and v.settled is None
    for _ in range(SETTLE_AFTER):
        v.record(False)
    assert v.settled is False
    v.record(None)
    assert v.settled is None


def test_only_a_clear_deficit_counts_towards_never() -> None:
    assert clearly_behind([[1.0, 0.0], [1.0, 0.1], [1.0, -0.1]], 1, 0)  # 1 behind, standard error 0.06
    assert not clearly_behind([[1.0, 0.0], [1.0, 2.0], [1.0, 0.0]], 1, 0)  # 0.33 behind, standard error 0.67
    assert not clearly_behind([[1.0, 1.0]] * 3, 1, 0)  # level: the option may be worth it later


def test_the_memory_is_the_games_and_the_seats() -> None:
    class At:
        def __init__(self, seed: int, seat: int) -> None:
            self.seed, self.current_player = seed, seat

    memory = Memory()
    memory.of(At(1, 0)).setdefault("pass", Verdicts()).offers = 3
    assert memory.of(At(1, 0))["pass"].offers == 3
    assert memory.of(At(2, 0)) == {}  # a new game forgets
    memory.of(At(2, 0))["pass"] = Verdicts(offers=1)
    assert memory.of(At(2, 1)) == {}  # and so does another seat
    assert kind_of(("pass",)) == "pass" and kind_of(("tip", 2)) == "tip"


def test_a_judgement_stops_early_only_when_the_samples_agree() -> None:
    behind = [[1.0, 0.0], [1.0, 0.5], [1.0, 0.9]]  # the option (index 1) behind the usual move (0) each time
    assert not settled_early(behind[:EARLY_ROUNDS - 1], 0) and settled_early(behind, 0)
    far_ahead = [[0.0, 3.0], [0.0, 3.1], [0.0, 2.9]]
    assert settled_early(far_ahead, 0) and paired_verdict(far_ahead, 0) == 1
    unsure = [[0.0, 3.0], [0.0, -2.0], [0.0, 0.5]]  # ahead on average, but by less than EARLY_Z standard errors
    assert not settled_early(unsure, 0) and paired_verdict(unsure, 0) == 0
    level = [[1.0, 1.0]] * EARLY_ROUNDS  # the option changes nothing: kept to the usual move
    assert settled_early(level, 0) and paired_verdict(level, 0) == 0


def test_paired_verdict_keeps_the_usual_move_unless_clearly_beaten() -> None:
    assert paired_verdict([[0.0, 1.0], [0.0, 1.2]], 0) == 1  # ahead by 1.1, standard error 0.1
    assert paired_verdict([[0.0, 1.0], [0.0, -0.6]], 0) == 0  # ahead by 0.2, standard error 0.8
    assert paired_verdict([[0.0, 1.0], [0.0, -0.6]], None) == 1  # no usual move: the best mean
    assert paired_verdict([[2.0, 1.0], [2.0, 1.2]], 1) == 0


def test_a_good_option_is_settled_to_take_after_a_run_and_then_costs_no_samples(tmp_path: Path) -> None:
    root = option_project(tmp_path, "king_lui", "good")
    agents, offers = play(root, 0)
    for seat, agent in enumerate(nonempty(agents)):
        mine = [taken for s, _, taken in offers if s == seat]
        verdicts = agent.memory.kinds["bonus"]
        assert verdicts.offers == len(mine) > 2 * SETTLE_AFTER  # the offers counter: every offer, judged or not
        assert verdicts.settled is True and all(mine)
        judged = SETTLE_AFTER + (len(mine) - SETTLE_AFTER) // RECHECK_EVERY + 1
        assert agent.samples <= judged * COVER_ROUNDS
        assert agent.samples < len(mine) * EARLY_ROUNDS  # fewer than the fewest a judgement of every offer draws


def test_a_costly_option_is_settled_to_leave_and_never_taken(tmp_path: Path) -> None:
    root = option_project(tmp_path, "king_lui", "good")
    (root / "house" / "option.py").write_text(ALTERNATING.replace("5 if state.turns % 2 == 0 else -5", "-5"))
    agents, offers = play(root, 1)
    assert len(offers) > 3 * SETTLE_AFTER and not any(taken for _, _, taken in offers)
    assert all(a.memory.kinds["bonus"].settled is False for a in agents)


def test_an_option_good_in_some_positions_is_still_taken_only_there(tmp_path: Path) -> None:
    root = option_project(tmp_path, "king_lui", "good")
    (root / "house" / "option.py").write_text(ALTERNATING, encoding="utf-8")
    even = odd = 0
    even_taken = odd_taken = 0
    for seed in range(2):
        agents, offers = play(root, seed)
        for _, turn, taken in offers:
            if turn % 2 == 0:
                even, even_taken = even + 1, even_taken + taken
            else:
                odd, odd_taken = odd + 1, odd_taken + taken
        assert all(a.memory.kinds["bonus"].settled is None for a in agents)
    assert even >= 30 and odd >= 30
    assert even_taken >= 0.9 * even and odd_taken <= 0.1 * odd, (even, even_taken, odd, odd_taken)


def test_the_settled_verdict_is_followed_without_look_ahead(tmp_path: Path, monkeypatch) -> None:
    root = option_project(tmp_path, "king_lui", "good")
    deck = resolve("option", root)
    state = install(deck.spec.new_game(deck, 3), deck).new_initial_state(2)
    legal = state.legal_actions()
    assert BONUS in legal
    agent = agent_factories(deck.spec)["heuristic"]()
    agent.memory.of(state)["bonus"] = Verdicts(offers=1, last=True, streak=SETTLE_AFTER, settled=True)
    monkeypatch.setattr(generic, "paired_rounds", None)  # a look-ahead would fail
    assert agent.choose_from_state(state, legal, random.Random(1)) == BONUS  # settled "take", offer 2: not due
    agent.memory.of(state)["bonus"] = Verdicts(offers=1, last=False, streak=SETTLE_AFTER, settled=False)
    assert agent.choose_from_state(state, legal, random.Random(1)) != BONUS  # settled "leave", however good
    assert agent.memory.kinds["bonus"].offers == 2


def test_one_or_two_jobs_give_the_same_report(tmp_path: Path) -> None:
    root = option_project(tmp_path, "king_lui", "judgment")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = {}
    for jobs in (1, 2):
        done = subprocess.run([sys.executable, "-m", "cardgen", "validate", "option", "--games", "4", "--players", "3",
                               "--jobs", str(jobs), "--json", f"j{jobs}.json", "--designer-games", "4"],
                              cwd=root, env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout + done.stderr
        out[jobs] = (root / f"j{jobs}.json").read_bytes()
    assert out[1] == out[2]
    assert json.loads(out[1])  # a report, with the option's figures in it


def test_paired_difference_is_the_mean_and_its_standard_error() -> None:
    from cardgen.agents.search import paired_difference
    mean, se = paired_difference([1.0, 2.0, 6.0])  # sample variance 7 (n - 1 = 2), over 3 samples
    assert mean == 3.0 and abs(se - (7 / 3) ** 0.5) < 1e-12
    assert paired_difference([4.0]) == (4.0, 0.0)
