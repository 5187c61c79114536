"""Skill versus luck: how much better a searching player does than chance allows.

For one deck and player count P, the ``search`` agent plays games against P-1
copies of an opponent (``random``, and the game's ``heuristic`` where it has one),
sitting in seat ``index % P`` of game ``index`` so it sits in every seat equally
often. Its **win share** counts a shared win among k winners as 1/k, so a player
no better than the others expects exactly the fair share 1/P. Rates come with a
95 % Wilson interval.

The summary figure is **skill = (w - 1/P) / (1 - 1/P)**, where w is search's
win share against random players: 0 when search cannot do better than chance
(the game is luck), 1 when it always wins (choices decide everything), negative
only by noise. A variant that adds chance lowers it. Against the heuristic the
same ratio (``edge``) tells how far the game rewards play beyond the heuristic.

Games use their own seeds (``game_seed`` of a ``skill/<opponent>`` stream), so
the validation games are unchanged by ``--skill``; like them, the figure does not
depend on ``--jobs``.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardgen.agents.search import DEFAULT_ITERATIONS
from cardgen.simulate.runner import (DEFAULT_CAP, DeckRef, Loader, agent_factories, cached_deck, cached_game,
                                     play_game)
from cardgen.simulate.seeds import game_seed
from cardgen.simulate.stats import wilson

#: games per opponent, deck and player count (``--skill-games``)
DEFAULT_SKILL_GAMES = 100
#: the opponents search is measured against, when the game provides them
OPPONENTS = ("random", "heuristic")


@dataclass(frozen=True)
class SkillChunk:
    """Skill games ``start..stop-1`` of search against ``opponent``: all a worker needs."""

    loader: Loader
    ref: DeckRef
    players: int
    opponent: str
    master_seed: int
    start: int
    stop: int
    cap: int = DEFAULT_CAP
    search_iterations: int = DEFAULT_ITERATIONS


def opponents(spec: Any) -> list[str]:
    """The opponents of ``OPPONENTS`` this game provides (``random`` always)."""
    known = agent_factories(spec)
    return [name for name in OPPONENTS if name in known]


def skill_seats(players: int, opponent: str, index: int) -> tuple[int, list[str]]:
    """Search's seat in skill game ``index`` and the agent name of every seat."""
    seat = index % players
    return seat, ["search" if s == seat else opponent for s in range(players)]


def run_skill_chunk(chunk: SkillChunk) -> tuple[float, int, int]:
    """Play a chunk; return search's summed win share, games played and games completed.

    A game that does not complete (a rule gap) counts as played and not won: the
    validation games report such games; here they only cost search its share.
    """
    deck = cached_deck(chunk.loader, chunk.ref)
    game = cached_game(chunk.loader, chunk.ref, chunk.players)
    factories = agent_factories(deck.spec, chunk.search_iterations)
    share, completed = 0.0, 0
    for index in range(chunk.start, chunk.stop):
        seed = game_seed(chunk.master_seed, f"{chunk.ref.deck}\x00skill/{chunk.opponent}", chunk.players, index)
        seat, names = skill_seats(chunk.players, chunk.opponent, index)
        result = play_game(game, seed, [factories[n]() for n in names], names, cap=chunk.cap)
        if result.completed and result.winners:
            completed += 1
            if seat in result.winners:
                share += 1.0 / len(result.winners)
    return share, chunk.stop - chunk.start, completed


@dataclass(frozen=True)
class SkillRun:
    """The settings one validate run measures skill with, the same for every deck and player count."""

    loader: Loader
    master_seed: int
    games: int  # per opponent (``--skill-games``)
    cap: int = DEFAULT_CAP
    search_iterations: int = DEFAULT_ITERATIONS


def skill_chunks(run: SkillRun, ref: DeckRef, players: int, spec: Any, size: int) -> Iterator[SkillChunk]:
    """Every skill chunk (``size`` games) of one deck and player count, opponent by opponent."""
    for opponent in opponents(spec):
        for start in range(0, run.games, size):
            yield SkillChunk(run.loader, ref, players, opponent, run.master_seed, start, min(run.games, start + size),
                             run.cap, run.search_iterations)


def normalised(rate: float, players: int) -> float:
    """``(rate - 1/P) / (1 - 1/P)``: 0 at the fair share, 1 for always winning."""
    fair = 1.0 / players
    return (rate - fair) / (1.0 - fair)


def skill_json(players: int, totals: dict[str, tuple[float, int, int]], iterations: int) -> dict[str, Any]:
    """The entry's ``"skill"`` section from ``opponent -> (win share, games, completed)``."""
    versus: dict[str, Any] = {}
    for opponent, (share, games, completed) in totals.items():
        low, high = wilson(share, games)  # type: ignore[arg-type]  # fractional wins: shared wins
        rate = share / games if games else None
        versus[opponent] = {"games": games, "completed": completed, "wins": round(share, 6),
                            "rate": None if rate is None else round(rate, 6),
                            "low": round(low, 6), "high": round(high, 6),
                            "edge": None if rate is None else round(normalised(rate, players), 6)}
    base = versus.get("random", {})
    skill = base.get("edge")
    return {"agent": "search", "iterations": iterations, "fair_share": round(1.0 / players, 6),
            "versus": versus, "skill": skill,
            "skill_low": None if skill is None else round(normalised(base["low"], players), 6),
            "skill_high": None if skill is None else round(normalised(base["high"], players), 6)}


def format_skill(skill: dict[str, Any], lang: str = "en") -> str:
    """One summary line in ``lang``: the skill figure and search's win share against each opponent."""
    from cardgen.languages import decimal, percent
    from cardgen.simulate.summary import agent_word
    from cardgen.terminal import say

    def pct(x: float) -> str:
        return percent(x, lang)

    def fig(x: float) -> str:
        return decimal(x, lang, places=2)

    parts = [f"{agent_word(name, lang)} {pct(v['rate'])} [{pct(v['low'])} – {pct(v['high'])}]"
             for name, v in skill["versus"].items() if v["rate"] is not None]
    figure = "-" if skill["skill"] is None else f"{fig(skill['skill'])} [{fig(skill['skill_low'])} – {fig(skill['skill_high'])}]"
    return "  " + say("skill", lang, figure=figure, n=skill["iterations"], items=", ".join(parts),
                      fair=pct(skill["fair_share"]))
