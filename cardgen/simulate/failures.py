"""Games that failed: no figure, verdict or pass is ever drawn from them.

A game *fails* when it could not be played to its end because code broke: the engine
raised (often on what a house rule's hook or a rules file returned: ``engine_error``) or
an agent chose a move that is not legal (``agent_error``, the agent's fault, named). A
game the rules leave stuck (no legal action, the safety cap) is a *rule gap* of the deck,
a legitimate finding the validator reports; a failed game is no finding at all.

``validate`` reports failed games as one line per deck and player count and fails;
``compare`` refuses to compose a verdict from incomplete pairs (``refuse_failed``, called
before any verdict); ``tune`` counts a trial with failed games as failed. A side whose every
game ended on an unsettled rule gap leaves ``compare`` nothing to pair either: it names the
gap and a seed and gives no verdict (``refuse_stalled``), as it does for failed games.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardgen.errors import GamesFailed
from cardgen.simulate.runner import AGENT_ERROR, ENGINE_ERROR
from cardgen.terminal import say, say_n

#: Gap kinds that mean a game failed (never settled by a clarification of the rules).
FAILED_KINDS = (ENGINE_ERROR, AGENT_ERROR)


def game_number(index: int) -> int:
    """The number a person reads for the game of 0-based ``index`` (a log's ``index``): games are counted from
    1 on every screen and page, the way a designer counts them ("game 1" is the first game played)."""
    return index + 1


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

    def line(self, lang: str | None = None) -> str:
        """One line in ``lang`` (default: the terminal's): which side, how many games failed, the first
        error and its seed."""
        return say_n("failed", self.failed, lang, side=self.deck, players=say_n("players", self.players, lang),
                     games=self.games, game=game_number(self.game), seed=self.seed, detail=self.detail)

    def first(self) -> dict[str, Any]:
        """The first failed game as a validate entry records it (``failed_first``): index, seed, what failed."""
        return {"game": self.game, "seed": self.seed, "detail": self.detail}


def failed_games(deck: str, players: int, tally: Any) -> Failed | None:
    """The failed games of one ``Tally`` (None when every game was played to its end or its rule gap)."""
    rows = [(entry[1], entry[2], entry[3], entry[4]) for (kind, settled), entry in tally.gaps.items()
            if kind in FAILED_KINDS and not settled]
    if not rows:
        return None
    _, index, seed, detail = min(rows, key=lambda r: r[1])
    total = sum(r[0] for r in rows)  # a game fails once: its kinds never overlap
    return Failed(deck, players, min(total, tally.games), tally.games, index, seed, str(detail))


def refuse_failed(sides: Iterable[tuple[str, int, Any]], what: str = "no_verdict", lang: str | None = None) -> None:
    """Raise ``GamesFailed`` when any ``(deck id, players, tally)`` has failed games, its lines in ``lang``
    (default: the terminal's).

    ``what`` names (a key of ``cardgen/terminal.json``) what is not given (``no_verdict``): the last line
    tells the designer why.
    """
    failed = [f for deck, players, tally in sides if (f := failed_games(deck, players, tally)) is not None]
    if failed:
        lines = [f.line(lang) for f in failed]
        lines.append(say_n("refused", sum(f.failed for f in failed), lang, what=say(what, lang)))
        raise GamesFailed(lines)


def refuse_stalled(sides: Iterable[tuple[str, int, Any]], name: Callable[[str], str], what: str = "no_verdict",
                   lang: str | None = None) -> None:
    """Raise ``GamesFailed`` when no game of some ``(deck id, players, tally)`` reached its end: every one
    stopped on an unsettled rule gap (``refuse_failed`` already refused failed games). One line per such
    side naming its gaps (``name``: a gap kind in words) and the first game's seed, then why no ``what``."""
    lines = []
    for deck, players, tally in sides:
        if tally.games == 0 or tally.completed > 0:
            continue
        rows = sorted((entry[2], entry[3], kind) for (kind, settled), entry in tally.gaps.items()
                      if not settled and kind not in FAILED_KINDS)
        if not rows:  # pragma: no cover - a game that did not end always records its gap
            continue
        game, seed, _ = rows[0]
        shown = ", ".join(dict.fromkeys(name(kind) for _, _, kind in rows))
        lines.append(say("stalled", lang, side=deck, players=say_n("players", players, lang), games=tally.games,
                         name=shown, seed=seed, game=game_number(game)))
    if lines:
        lines.append(say("stalled_refused", lang, what=say(what, lang)))
        raise GamesFailed(lines)
