"""Games that failed: no figure, verdict or pass is ever drawn from them.

A game *fails* when it could not be played to its end because code broke: the engine
raised (often on what a house rule's hook or a rules file returned: ``engine_error``) or
an agent chose a move that is not legal (``agent_error``, the agent's fault, named). A
game the rules leave stuck (no legal action, the safety cap) is a *rule gap* of the deck,
a legitimate finding the validator reports; a failed game is no finding at all.

``validate`` reports failed games as one line per deck and player count and fails;
``compare`` refuses to compose a verdict from incomplete pairs (``refuse_failed``, called
before any verdict); ``tune`` counts a trial with failed games as failed.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardgen.errors import GamesFailed
from cardgen.simulate.runner import AGENT_ERROR, ENGINE_ERROR

#: Gap kinds that mean a game failed (never settled by a clarification of the rules).
FAILED_KINDS = (ENGINE_ERROR, AGENT_ERROR)


@dataclass(frozen=True)
class Failed:
    """How many games of one deck and player count failed, and the first of them."""

    deck: str
    players: int
    failed: int
    games: int
    game: int  # index of the first failed game
    seed: int  # its seed: ``cardgen replay`` or a test re-plays it
    detail: str  # what failed in it, in one line

    def line(self) -> str:
        """One line: which side, how many games failed, the first error and its seed."""
        return (f"{self.deck}, {self.players} players: {self.failed} of {self.games} game(s) failed; the first "
                f"(game {self.game}, seed {self.seed}): {self.detail}")


def failed_games(deck: str, players: int, tally: Any) -> Failed | None:
    """The failed games of one ``Tally`` (None when every game was played to its end or its rule gap)."""
    rows = [(entry[1], entry[2], entry[3], entry[4]) for (kind, settled), entry in tally.gaps.items()
            if kind in FAILED_KINDS and not settled]
    if not rows:
        return None
    _, index, seed, detail = min(rows, key=lambda r: r[1])
    total = sum(r[0] for r in rows)  # a game fails once: its kinds never overlap
    return Failed(deck, players, min(total, tally.games), tally.games, index, seed, str(detail))


def refuse_failed(sides: Iterable[tuple[str, int, Any]], what: str) -> None:
    """Raise ``GamesFailed`` when any ``(deck id, players, tally)`` has failed games.

    ``what`` says what is not given (``"no verdict"``): the last line tells the designer why.
    """
    failed = [f for deck, players, tally in sides if (f := failed_games(deck, players, tally)) is not None]
    if failed:
        lines = [f.line() for f in failed]
        lines.append(f"{what}: {sum(f.failed for f in failed)} game(s) could not be played; an answer needs every "
                     "game played (fix the failure above; the seed re-plays it)")
        raise GamesFailed(lines)
