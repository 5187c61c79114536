"""The numba generator draws exactly what ``random.Random`` draws, seed for seed."""
from __future__ import annotations

import random

import numpy as np
import pytest

from cardgen.engine import fastrng
from cardgen.simulate.seeds import agent_rng, game_seed

SEEDS = [0, 1, 2, 5, 2**32 - 1, 2**32, 2**32 + 7, 2**63 - 1, 2**64 - 1,
         game_seed(1, "king_lui", 4, 0), game_seed(5, "draco", 3, 17), (game_seed(5, "draco", 3, 17) << 1) | 1]


def seeded(s: int) -> np.ndarray:
    return fastrng.new_rng(s)


@pytest.mark.parametrize("s", SEEDS)
def test_words_and_floats_match(s: int) -> None:
    ref, mt = random.Random(s), seeded(s)
    assert [fastrng.getrandbits(mt, 32) for _ in range(1500)] == [ref.getrandbits(32) for _ in range(1500)]
    assert [fastrng.random(mt) for _ in range(50)] == [ref.random() for _ in range(50)]
    for k in (0, 1, 5, 31, 33, 63):
        assert fastrng.getrandbits(mt, k) == ref.getrandbits(k), k


@pytest.mark.parametrize("s", SEEDS)
def test_randrange_choice_and_shuffle_match(s: int) -> None:
    ref, mt = random.Random(s), seeded(s)
    for n in (1, 2, 3, 7, 64, 65, 1000, 2**40 + 3):
        assert fastrng.randbelow(mt, n) == ref.randrange(n), n
    assert fastrng.randrange(mt, 3, 9) == ref.randrange(3, 9)
    items = list(range(110))
    arr = np.arange(110, dtype=np.int64)
    ref.shuffle(items)
    fastrng.shuffle(mt, arr, 110)
    assert arr.tolist() == items
    part = np.arange(20, dtype=np.int64)
    fastrng.shuffle(mt, part, 12)  # only the first 12 items are shuffled
    expected = list(range(12))
    ref.shuffle(expected)
    assert part.tolist() == expected + list(range(12, 20))
    seq = ["a", "b", "c", "d", "e"]
    assert seq[fastrng.choice_index(mt, 5)] == ref.choice(seq)


def test_agent_generator_matches_the_simulators() -> None:
    s = game_seed(3, "royale", 2, 9)
    ref, mt = agent_rng(s), fastrng.new_state()
    fastrng.seed_agents(mt, np.uint64(s))
    assert [fastrng.randbelow(mt, 13) for _ in range(300)] == [ref.randrange(13) for _ in range(300)]


@pytest.mark.parametrize("s", SEEDS)
def test_fast_seeding_gives_the_textbook_words(s: int) -> None:
    fast, slow = fastrng.new_state(), fastrng.new_state()
    fastrng.seed(fast, np.uint64(s))
    fastrng.seed_textbook(slow, np.uint64(s))
    assert fast.tolist() == slow.tolist()


@pytest.mark.parametrize("s", SEEDS)
def test_inlined_draws_match(s: int) -> None:
    """``genrand_inline``/``randbelow_inline``/``shuffle_fast``/``twist_fast`` draw what ``random.Random`` does."""
    from numba import njit

    @njit
    def words(mt, count):
        out = np.empty(count, dtype=np.int64)
        for i in range(count):
            out[i] = fastrng.genrand_inline(mt)
        return out

    @njit
    def below(mt, ns):
        out = np.empty(ns.shape[0], dtype=np.int64)
        for i in range(ns.shape[0]):
            out[i] = fastrng.randbelow_inline(mt, ns[i])
        return out

    ref, mt = random.Random(s), seeded(s)
    assert words(mt, 2000).tolist() == [ref.getrandbits(32) for _ in range(2000)]  # three twists
    ns = np.array([1, 2, 3, 7, 55, 64, 65, 1000, 2**31, 2**32 + 5, 2**40 + 3, 2**62 + 1] * 60, dtype=np.int64)
    assert below(mt, ns).tolist() == [ref.randrange(int(n)) for n in ns]
    items = list(range(110))
    arr = np.arange(110, dtype=np.int64)
    ref.shuffle(items)
    fastrng.shuffle_fast(mt, arr, 110)
    assert arr.tolist() == items
    part = np.arange(20, dtype=np.int64)
    fastrng.shuffle_fast(mt, part, 12)
    expected = list(range(12))
    ref.shuffle(expected)
    assert part.tolist() == expected + list(range(12, 20))


def _wrapping_twist(mt: list[int]) -> None:
    """MT19937's twist as the textbook writes it (one loop, indexes wrapping around), in plain Python."""
    n, m = 624, 397
    for kk in range(n):
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % n] & 0x7FFFFFFF)
        mt[kk] = mt[(kk + m) % n] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)


def test_the_three_loop_twist_is_the_wrapping_one() -> None:
    a, b = seeded(12345).tolist()[:624], seeded(12345)
    for _ in range(5):
        _wrapping_twist(a)
        fastrng.twist_fast(b)
        assert b.tolist() == a + [0]


@pytest.mark.parametrize("s", SEEDS)
def test_seeding_two_at_once_is_seeding_each(s: int) -> None:
    for other in (SEEDS[(SEEDS.index(s) + 3) % len(SEEDS)], s, 0, 2**64 - 1):
        a, b = fastrng.new_state(), fastrng.new_state()
        fastrng.seed_two(a, np.uint64(s), b, np.uint64(other))
        assert a.tolist() == fastrng.new_rng(s).tolist()
        assert b.tolist() == fastrng.new_rng(other).tolist()


@pytest.mark.parametrize("s", SEEDS)
def test_seeding_a_lane_of_many_is_seeding_it_alone(s: int) -> None:
    """``seed_many``: each row as ``random.Random(seed)`` would, one-word and two-word seeds side by side."""
    for lanes in ([s, 0, 2**64 - 1, 5], [2**32 + 7, s, 1, s], [7, 2**63 - 1, 2**32, s]):
        mts = fastrng.new_states()
        fastrng.seed_many(mts, np.array(lanes, dtype=np.uint64))
        assert [row.tolist() for row in mts] == [fastrng.new_rng(x).tolist() for x in lanes]
