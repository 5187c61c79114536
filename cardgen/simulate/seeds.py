"""Per-game and per-agent seeds, derived so results never depend on scheduling.

A game's seed is a hash of (master seed, deck id, player count, game index) only:
which process plays the game, in which chunk, alongside which other games, has no
influence. That is what makes ``--jobs 1`` and ``--jobs 8`` give identical reports,
and what lets anyone reproduce one game from the seed printed next to a rule gap.

Agents draw from their own generator, derived from the game seed, so a game is
reproduced from its seed alone (set-up, chance and every agent decision).
"""
from __future__ import annotations

import hashlib
import random

import numpy as np

#: Seeds are kept below 2**63 so that they survive JSON readers using int64.
_MASK = (1 << 63) - 1


def _hash(text: str) -> int:
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") & _MASK


def game_seed(master: int, deck_id: str, players: int, index: int) -> int:
    """The seed of game ``index`` of ``deck_id`` at ``players`` players."""
    return _hash(f"cardgen-game\x00{master}\x00{deck_id}\x00{players}\x00{index}")


def game_seeds(master: int, deck_id: str, players: int, start: int, stop: int) -> np.ndarray:
    """``game_seed`` of games ``start..stop-1`` as an int64 array.

    The same hash of the same texts: compiled (``fastseeds``) when the text fits one
    BLAKE2b block, else with the text's constant head hashed once and copied per game.
    """
    head = f"cardgen-game\x00{master}\x00{deck_id}\x00{players}\x00".encode("utf-8")
    out = np.empty(stop - start, dtype=np.int64)
    if start >= 0 and len(head) + 20 <= 128:
        try:
            from cardgen.simulate.fastseeds import seeds_of
        except ImportError:  # numba missing or broken: the loop below
            pass
        else:
            seeds_of(np.frombuffer(head, dtype=np.uint8), start, stop, out)
            return out
    prefix = hashlib.blake2b(head, digest_size=8)
    copy, from_bytes = prefix.copy, int.from_bytes
    for k, index in enumerate(range(start, stop)):
        h = copy()
        h.update(str(index).encode("ascii"))
        out[k] = from_bytes(h.digest(), "big") & _MASK
    return out


def agent_rng(seed: int) -> random.Random:
    """The generator the agents of the game seeded ``seed`` draw from.

    Distinct from the state's own ``random.Random(seed)``, so agents never consume
    the engine's chance and the deal does not depend on which agents play. One
    generator serves every seat: decisions happen in a fixed order, so the game is
    still reproduced from its seed alone, and seeding once per game is cheaper.
    """
    return random.Random((seed << 1) | 1)


def seat_agents(agents: list[str], players: int, index: int) -> list[str]:
    """Agent name per seat in game ``index``: rotated so that, over any run of
    ``len(agents)`` consecutive games, each agent sits in each seat equally often."""
    k = len(agents)
    return [agents[(index + seat) % k] for seat in range(players)]
