"""Python's ``random.Random`` as numba functions over a small integer array.

Compiled tiers (``cardgen/games/<game>/fast.py``) must play exactly the games of
the reference engines, which draw all chance from ``random.Random(seed)`` and all
agent decisions from ``cardgen.simulate.seeds.agent_rng(seed)``. These functions
reproduce CPython's Mersenne Twister draw for draw: seeding from an integer
(``init_by_array`` over the seed's 32-bit words), ``getrandbits``, ``_randbelow``
(rejection sampling on ``n.bit_length()`` bits), ``random()``, ``shuffle``,
``choice`` and ``randrange``. ``tests/test_fastrng.py`` compares them with
``random.Random`` on many seeds.

A generator is a ``uint32[625]`` array: the 624 words of state, then the index of
the next word. From Python, ``new_rng(s)`` gives one seeded like ``random.Random(s)``
for any ``0 <= s < 2**64``. Inside compiled code, ``seed(state, np.uint64(s))`` seeds
the engine's generator and ``seed_agents(state, np.uint64(s))`` the agents' one
(``agent_rng(s)`` is ``random.Random((s << 1) | 1)``, which needs 64 bits: pass
seeds as uint64, never as Python ints above 2**63 - 1).
"""
from __future__ import annotations

import numpy as np
from numba import njit

_N = 624
_M = 397
_MATRIX_A = np.uint32(0x9908B0DF)
_UPPER = np.uint32(0x80000000)
_LOWER = np.uint32(0x7FFFFFFF)


@njit(cache=True)
def new_state():
    """An unseeded generator (call ``seed`` before drawing); compiled code calls it too."""
    return np.zeros(_N + 1, dtype=np.uint32)


def new_rng(s: int) -> np.ndarray:
    """A generator seeded like ``random.Random(s)``, for ``0 <= s < 2**64``."""
    mt = new_state()
    seed(mt, np.uint64(s))
    return mt


@njit(cache=True)
def _init_genrand(mt, s):
    mt[0] = np.uint32(s)
    for i in range(1, _N):
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32((np.uint64(1812433253) * (prev ^ (prev >> np.uint64(30))) + np.uint64(i))
                          & np.uint64(0xFFFFFFFF))


@njit(cache=True)
def base_state():
    """MT19937's ``init_genrand(19650218)``: the seed-independent start of every ``random.Random(int)`` seeding."""
    mt = np.zeros(_N + 1, dtype=np.uint32)
    _init_genrand(mt, 19650218)
    return mt


@njit(cache=True)
def seed_from(mt, base, s):
    """Seed like ``random.Random(s)`` (``0 <= s < 2**64``) starting from ``base`` (``base_state()``).

    CPython's ``init_by_array`` over the seed's one or two 32-bit words, with its two
    passes unrolled so that the loops carry no wrap-around tests, and the first
    ``init_genrand`` read from the precomputed ``base``: about half the time of the
    textbook loop, and seeding two generators is a large share of a short game.
    """
    s = np.uint64(s)
    mask = np.uint64(0xFFFFFFFF)
    k0 = s & mask
    k1 = s >> np.uint64(32)
    two = k1 != 0  # key length 2 (else 1)
    prev = np.uint64(base[0])
    j = 0
    for i in range(1, _N):  # first pass, 624 steps: i = 1..623, then i = 1 again after mt[0] = mt[623]
        v = ((np.uint64(base[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)))
             + (k0 if j == 0 else k1) + np.uint64(j)) & mask
        mt[i] = np.uint32(v)
        prev = v
        j = 1 if two and j == 0 else 0
    mt[0] = mt[_N - 1]
    prev = ((np.uint64(mt[1]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)))
            + (k0 if j == 0 else k1) + np.uint64(j)) & mask
    mt[1] = np.uint32(prev)
    for i in range(2, _N):  # second pass, 623 steps: i = 2..623, then i = 1 after mt[0] = mt[623]
        v = ((np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941))) - np.uint64(i)) & mask
        mt[i] = np.uint32(v)
        prev = v
    mt[0] = mt[_N - 1]
    mt[1] = np.uint32(((np.uint64(mt[1]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)))
                       - np.uint64(1)) & mask)
    mt[0] = _UPPER
    mt[_N] = _N


#: ``base_state()``, computed once; a global array is a constant inside compiled code
_BASE = base_state()

#: generators ``seed_many`` seeds at once (rows of its array)
LANES = 4


@njit(cache=True)
def seed_many(mts, seeds):
    """Seed row ``l`` of ``mts`` (``LANES`` rows of ``new_state()``'s length) like ``random.Random(seeds[l])``, each
    row as ``seed`` would (``0 <= seeds[l] < 2**64``; the last rows too where fewer are wanted).

    Seeding is a chain of 1,247 dependent steps (a multiply each): one generator at a time, the processor waits on
    each step; ``LANES`` chains stepped side by side overlap, and four cost about what 1.3 do (measured: 1.4 against
    4.4 us a generator). ``seed_from``'s two passes, a lane in the inner loop: a one-word seed adds ``k0`` at every
    step of the first pass, a two-word one ``k0`` at odd ``i`` and ``k1 + 1`` at even ``i`` (``init_by_array``'s
    ``key[j] + j``), and its extra step at ``i = 1`` the even one."""
    mask = np.uint64(0xFFFFFFFF)
    odd = np.zeros(LANES, dtype=np.uint64)
    even = np.zeros(LANES, dtype=np.uint64)
    prev = np.zeros(LANES, dtype=np.uint64)
    for lane in range(LANES):
        s = np.uint64(seeds[lane])
        k0, k1 = s & mask, s >> np.uint64(32)
        odd[lane] = k0
        even[lane] = k1 + np.uint64(1) if k1 != 0 else k0
        prev[lane] = np.uint64(_BASE[0])
    for i in range(1, _N):  # the first pass: i = 1..623
        b = np.uint64(_BASE[i])
        for lane in range(LANES):
            p = prev[lane]
            v = ((b ^ ((p ^ (p >> np.uint64(30))) * np.uint64(1664525))) + (odd[lane] if i & 1 else even[lane])) & mask
            mts[lane, i] = np.uint32(v)
            prev[lane] = v
    for lane in range(LANES):  # then i = 1 again after mt[0] = mt[623]
        mts[lane, 0] = mts[lane, _N - 1]
        p = prev[lane]
        v = ((np.uint64(mts[lane, 1]) ^ ((p ^ (p >> np.uint64(30))) * np.uint64(1664525))) + even[lane]) & mask
        mts[lane, 1] = np.uint32(v)
        prev[lane] = v
    for i in range(2, _N):  # the second pass: i = 2..623
        for lane in range(LANES):
            p = prev[lane]
            v = ((np.uint64(mts[lane, i]) ^ ((p ^ (p >> np.uint64(30))) * np.uint64(1566083941))) - np.uint64(i)) & mask
            mts[lane, i] = np.uint32(v)
            prev[lane] = v
    for lane in range(LANES):  # then i = 1 after mt[0] = mt[623]
        mts[lane, 0] = mts[lane, _N - 1]
        p = prev[lane]
        mts[lane, 1] = np.uint32(((np.uint64(mts[lane, 1]) ^ ((p ^ (p >> np.uint64(30))) * np.uint64(1566083941)))
                                  - np.uint64(1)) & mask)
        mts[lane, 0] = _UPPER
        mts[lane, _N] = _N


def new_states() -> np.ndarray:
    """``LANES`` unseeded generators, one per row (for ``seed_many``)."""
    return np.zeros((LANES, _N + 1), dtype=np.uint32)


@njit(cache=True)
def seed(mt, s):
    """Seed like ``random.Random(s)`` for an integer ``0 <= s < 2**64``."""
    seed_from(mt, _BASE, s)


@njit(cache=True)
def seed_textbook(mt, s):
    """CPython's ``init_by_array`` loop as written (kept as the test's second opinion on ``seed``)."""
    s = np.uint64(s)
    lo = np.uint64(s & np.uint64(0xFFFFFFFF))
    hi = np.uint64(s >> np.uint64(32))
    key = np.empty(2, dtype=np.uint64)
    key[0] = lo
    key[1] = hi
    key_length = 2 if hi != 0 else 1
    _init_genrand(mt, 19650218)
    mask = np.uint64(0xFFFFFFFF)
    i = 1
    j = 0
    k = _N if _N > key_length else key_length
    while k > 0:
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32(((np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)))
                           + key[j] + np.uint64(j)) & mask)
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= key_length:
            j = 0
        k -= 1
    k = _N - 1
    while k > 0:
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32(((np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)))
                           - np.uint64(i)) & mask)
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        k -= 1
    mt[0] = _UPPER
    mt[_N] = _N


@njit(cache=True)
def seed_agents(mt, game_seed):
    """Seed like ``cardgen.simulate.seeds.agent_rng(game_seed)``."""
    seed(mt, (np.uint64(game_seed) << np.uint64(1)) | np.uint64(1))


@njit(cache=True)
def genrand(mt):
    """The next 32-bit word (``genrand_uint32``)."""
    return genrand_inline(mt)


@njit(cache=True)
def getrandbits(mt, k):
    """``random.getrandbits(k)`` for ``0 <= k <= 63``, as an int64."""
    if k == 0:
        return np.int64(0)
    return getrandbits_inline(mt, k)


@njit(cache=True)
def randbelow(mt, n):
    """``random._randbelow(n)``: uniform in ``[0, n)`` for ``1 <= n < 2**63``."""
    return randbelow_inline(mt, n)


@njit(cache=True)
def randrange(mt, start, stop):
    """``random.randrange(start, stop)`` (step 1, ``stop > start``)."""
    return start + randbelow(mt, stop - start)


@njit(cache=True)
def random(mt):
    """``random.random()``: a float in [0, 1) with 53 random bits."""
    a = genrand(mt) >> np.uint32(5)
    b = genrand(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def shuffle(mt, x, n):
    """``random.shuffle`` of the first ``n`` items of array ``x``, in place."""
    shuffle_fast(mt, x, n)


@njit(cache=True)
def choice_index(mt, n):
    """The index ``random.choice`` picks in a sequence of length ``n``."""
    return randbelow(mt, n)


# -- the draws for hot loops: inlined into the caller, without reference counting --
# ``genrand``/``getrandbits``/``randbelow``/``shuffle`` above are ordinary calls; numba passes
# each array as seven words and adds an NRT increment and decrement of ``mt`` per call. A
# compiled tier that draws a few hundred times a game calls these instead; the ordinary
# calls above are these same draws behind one call (tests/test_fastrng.py compares both
# with ``random.Random``).

@njit(cache=True, _nrt=False, forceinline=False)
def twist_fast(mt):
    """MT19937's twist of all 624 words, in CPython's three loops (no wrap-around index)."""
    for kk in range(_N - _M):
        y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
        v = mt[kk + _M] ^ (y >> np.uint32(1))
        if y & np.uint32(1):
            v ^= _MATRIX_A
        mt[kk] = v
    for kk in range(_N - _M, _N - 1):
        y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
        v = mt[kk + (_M - _N)] ^ (y >> np.uint32(1))
        if y & np.uint32(1):
            v ^= _MATRIX_A
        mt[kk] = v
    y = (mt[_N - 1] & _UPPER) | (mt[0] & _LOWER)
    v = mt[_M - 1] ^ (y >> np.uint32(1))
    if y & np.uint32(1):
        v ^= _MATRIX_A
    mt[_N - 1] = v
    mt[_N] = 0


@njit(cache=True, _nrt=False, inline="always")
def genrand_inline(mt):
    """``genrand``, inlined where called."""
    if mt[_N] >= _N:
        twist_fast(mt)
    y = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y


@njit(cache=True, _nrt=False, inline="always")
def getrandbits_inline(mt, k):
    """``getrandbits`` for ``1 <= k <= 63``, inlined where called."""
    if k <= 32:
        return np.int64(genrand_inline(mt) >> np.uint32(32 - k))
    low = np.uint64(genrand_inline(mt))
    high = np.uint64(genrand_inline(mt)) >> np.uint64(64 - k)
    return np.int64((high << np.uint64(32)) | low)


@njit(cache=True, _nrt=False, inline="always")
def randbelow_inline(mt, n):
    """``randbelow`` (``1 <= n < 2**63``), inlined where called: rejection sampling on ``n``'s bit length."""
    k = 0
    b = n
    while b > 0:
        b >>= 1
        k += 1
    r = getrandbits_inline(mt, k)
    while r >= n:
        r = getrandbits_inline(mt, k)
    return r


@njit(cache=True, _nrt=False, forceinline=False)
def shuffle_fast(mt, x, n):
    """``shuffle`` (the first ``n`` items of ``x``, in place) with the inlined draws."""
    for i in range(n - 1, 0, -1):
        j = randbelow_inline(mt, i + 1)
        tmp = x[i]
        x[i] = x[j]
        x[j] = tmp


@njit(cache=True, _nrt=False)
def seed_two(mt, s, mt2, s2):
    """``seed(mt, s)`` and ``seed(mt2, s2)`` in one loop (``0 <= s, s2 < 2**64``).

    Each seeding is one long chain of dependent multiplications; run side by side, the
    two chains overlap in the processor and the pair costs little more than one (a
    compiled game seeds its engine's and its agents' generators).
    """
    s = np.uint64(s)
    s2 = np.uint64(s2)
    mask = np.uint64(0xFFFFFFFF)
    a0, a1 = s & mask, s >> np.uint64(32)
    b0, b1 = s2 & mask, s2 >> np.uint64(32)
    two_a, two_b = a1 != 0, b1 != 0
    pa = pb = np.uint64(_BASE[0])
    ja = jb = 0
    for i in range(1, _N):  # first pass (see ``seed_from``)
        x = np.uint64(_BASE[i])
        va = ((x ^ ((pa ^ (pa >> np.uint64(30))) * np.uint64(1664525))) + (a0 if ja == 0 else a1)
              + np.uint64(ja)) & mask
        vb = ((x ^ ((pb ^ (pb >> np.uint64(30))) * np.uint64(1664525))) + (b0 if jb == 0 else b1)
              + np.uint64(jb)) & mask
        mt[i] = np.uint32(va)
        mt2[i] = np.uint32(vb)
        pa, pb = va, vb
        ja = 1 if two_a and ja == 0 else 0
        jb = 1 if two_b and jb == 0 else 0
    mt[0] = mt[_N - 1]
    mt2[0] = mt2[_N - 1]
    pa = ((np.uint64(mt[1]) ^ ((pa ^ (pa >> np.uint64(30))) * np.uint64(1664525))) + (a0 if ja == 0 else a1)
          + np.uint64(ja)) & mask
    pb = ((np.uint64(mt2[1]) ^ ((pb ^ (pb >> np.uint64(30))) * np.uint64(1664525))) + (b0 if jb == 0 else b1)
          + np.uint64(jb)) & mask
    mt[1] = np.uint32(pa)
    mt2[1] = np.uint32(pb)
    for i in range(2, _N):  # second pass
        va = ((np.uint64(mt[i]) ^ ((pa ^ (pa >> np.uint64(30))) * np.uint64(1566083941))) - np.uint64(i)) & mask
        vb = ((np.uint64(mt2[i]) ^ ((pb ^ (pb >> np.uint64(30))) * np.uint64(1566083941))) - np.uint64(i)) & mask
        mt[i] = np.uint32(va)
        mt2[i] = np.uint32(vb)
        pa, pb = va, vb
    mt[0] = mt[_N - 1]
    mt2[0] = mt2[_N - 1]
    mt[1] = np.uint32(((np.uint64(mt[1]) ^ ((pa ^ (pa >> np.uint64(30))) * np.uint64(1566083941)))
                       - np.uint64(1)) & mask)
    mt2[1] = np.uint32(((np.uint64(mt2[1]) ^ ((pb ^ (pb >> np.uint64(30))) * np.uint64(1566083941)))
                        - np.uint64(1)) & mask)
    mt[0] = _UPPER
    mt2[0] = _UPPER
    mt[_N] = _N
    mt2[_N] = _N
