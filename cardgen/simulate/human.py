"""Games people played (``cardgen play`` logs) beside the agents' figures: ``--human-logs`` of validate and compare.

A played game is a ``cardgen-log/1`` line whose agents include ``human``. For one deck and
player count this gives how many games people finished, their mean length in rounds and
turns, and how often a person won, so a report can say "people finish this variant in 9
rounds, the agents in 12".
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.errors import InputError, InputErrors
from cardgen.simulate.logs import read_log

#: the agent name of a person's seat in a log (``cardgen.play.session.HUMAN``)
HUMAN = "human"


def read_human_games(paths: list[Path]) -> list[dict[str, Any]]:
    """Every logged game with a person in it, from ``paths``; bad lines are one ``InputError`` each."""
    games: list[dict[str, Any]] = []
    bad: list[InputError] = []
    for path in paths:
        for _, record in read_log(Path(path)):
            if isinstance(record, InputError):
                bad.append(record)
            elif HUMAN in record["agents"]:
                games.append(record)
    if bad:
        raise InputErrors(bad) if len(bad) > 1 else bad[0]
    return games


def human_figures(games: list[dict[str, Any]], deck: str, players: int) -> dict[str, Any] | None:
    """People's games of ``deck`` with ``players`` players: count, mean rounds and turns, a person's wins."""
    mine = [g for g in games if g["deck"] == deck and g["players"] == players]
    if not mine:
        return None
    done = [g for g in mine if g.get("scores") is not None]

    def mean(key: str) -> float | None:
        values = [g[key] for g in done if isinstance(g.get(key), int)]
        return round(sum(values) / len(values), 2) if values else None

    won = sum(1 for g in done if any(g["agents"][w] == HUMAN for w in g.get("winners") or []))
    return {"games": len(mine), "completed": len(done), "rounds": mean("rounds"), "turns": mean("turns"),
            "human_wins": won}


def human_line(fig: dict[str, Any], agents_rounds: float | None, label: str = "people") -> str:
    """``  people: 3 game(s), 9.0 rounds on average (agents 12.0), a person won 1``."""
    def num(x: float | None) -> str:
        return "-" if x is None else f"{x:.1f}"
    return (f"  {label}: {fig['games']} game(s) played, {fig['completed']} finished in {num(fig['rounds'])} rounds "
            f"on average (agents {num(agents_rounds)}), a person won {fig['human_wins']}")
