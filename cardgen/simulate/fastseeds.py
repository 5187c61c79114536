"""``game_seed`` for a whole chunk in compiled code: BLAKE2b-64 in numba.

``cardgen.simulate.seeds.game_seed`` is ``blake2b(text, digest_size=8)`` of a short
text; hashing it from Python costs microseconds per game, as much as a compiled
King Lui game. This is the same BLAKE2b (RFC 7693: no key, 8-byte digest, one
block, as every seed text is under 128 bytes), so the seeds are exactly
``game_seed``'s (``tests/test_batch.py`` compares them).
"""
from __future__ import annotations

import numpy as np
from numba import njit

_IV = np.array([0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
                0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179], dtype=np.uint64)
_SIGMA = np.array([
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0]], dtype=np.int64)
#: the longest text hashed here (one BLAKE2b block)
BLOCK = 128


@njit(cache=True, inline="always")
def _rotr(x, n):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@njit(cache=True, inline="always")
def _g(v, a, b, c, d, x, y):
    v[a] = v[a] + v[b] + x
    v[d] = _rotr(v[d] ^ v[a], 32)
    v[c] = v[c] + v[d]
    v[b] = _rotr(v[b] ^ v[c], 24)
    v[a] = v[a] + v[b] + y
    v[d] = _rotr(v[d] ^ v[a], 16)
    v[c] = v[c] + v[d]
    v[b] = _rotr(v[b] ^ v[c], 63)


@njit(cache=True)
def _blake2b64(block, length, m, v):
    """The first 8 digest bytes, big-endian, of BLAKE2b-64 over ``block[:length]`` (zero-padded, <= 128)."""
    for w in range(16):
        x = np.uint64(0)
        for k in range(8):
            x |= np.uint64(block[8 * w + k]) << np.uint64(8 * k)
        m[w] = x
    h0 = _IV[0] ^ np.uint64(0x01010000 | 8)  # parameter block: digest 8 bytes, no key, fanout and depth 1
    v[0] = h0
    for i in range(1, 8):
        v[i] = _IV[i]
    for i in range(8):
        v[8 + i] = _IV[i]
    v[12] ^= np.uint64(length)
    v[14] = ~v[14]
    for r in range(12):
        s = _SIGMA[r % 10]
        _g(v, 0, 4, 8, 12, m[s[0]], m[s[1]])
        _g(v, 1, 5, 9, 13, m[s[2]], m[s[3]])
        _g(v, 2, 6, 10, 14, m[s[4]], m[s[5]])
        _g(v, 3, 7, 11, 15, m[s[6]], m[s[7]])
        _g(v, 0, 5, 10, 15, m[s[8]], m[s[9]])
        _g(v, 1, 6, 11, 12, m[s[10]], m[s[11]])
        _g(v, 2, 7, 8, 13, m[s[12]], m[s[13]])
        _g(v, 3, 4, 9, 14, m[s[14]], m[s[15]])
    h = h0 ^ v[0] ^ v[8]
    out = np.uint64(0)
    for k in range(8):  # digest bytes are h little-endian; the seed reads them big-endian
        out = (out << np.uint64(8)) | ((h >> np.uint64(8 * k)) & np.uint64(0xFF))
    return out


@njit(cache=True)
def seeds_of(head, start, stop, out):
    """``out[i] = game_seed`` of game ``start + i``: the hash of ``head`` then the index in decimal."""
    block = np.zeros(BLOCK, dtype=np.uint8)
    block[:head.shape[0]] = head
    digits = np.zeros(20, dtype=np.uint8)
    m = np.zeros(16, dtype=np.uint64)
    v = np.zeros(16, dtype=np.uint64)
    mask = np.uint64((1 << 63) - 1)
    for index in range(start, stop):
        n = 0
        x = index
        while True:
            digits[n] = 48 + x % 10
            n += 1
            x //= 10
            if x == 0:
                break
        at = head.shape[0]
        for k in range(n):
            block[at + k] = digits[n - 1 - k]
        out[index - start] = np.int64(_blake2b64(block, at + n, m, v) & mask)
        for k in range(n):
            block[at + k] = 0
