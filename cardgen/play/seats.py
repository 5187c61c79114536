"""The designer's hold on a table's seats (issue #52): who plays each seat, and when the table starts.

A person's seat can be handed to an agent mid-game (someone leaves early) and taken back (they return): the
seat keeps its place, moves and link; only who decides its moves changes, and the log's ``agents`` and
``human_seats`` say who played it at the end. The table can also be started before every person's page has
come (someone will join late, or never). Each function holds the session's lock and bumps its version, so
every page hears of the change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.play.session import HUMAN, Refused

if TYPE_CHECKING:
    from cardgen.play.session import Session


def seat_number(session: "Session", seat: Any) -> int:
    """A seat as a page names it (from 1) checked and made a seat index (from 0); refused otherwise."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= session.players:
        raise Refused(f"expected a seat from 1 to {session.players}", "seat_bad")
    return seat - 1


def hand_to_agent(session: "Session", seat: int) -> str:
    """An agent plays the person's ``seat`` from now on (the table's first agent kind); returns its name.

    The last person's seat is not handed over: a table of agents alone is a simulation, not a playtest."""
    with session.lock:
        if seat not in session.people:
            raise Refused(f"seat {seat + 1} is not a person's", "seat_bad")
        if len(session.people) == 1:
            raise Refused("the last person's seat stays a person's", "last_person")
        kinds = [n for n in session.names if n != HUMAN] or sorted(session.factories)
        name = kinds[0]
        session.people = [p for p in session.people if p != seat]
        session.handed[seat] = name
        session.names[seat] = name
        session.agents[seat] = session.factories[name]()
        session.version += 1
        return name


def take_back(session: "Session", seat: int) -> None:
    """The person whose ``seat`` an agent played takes it back (the same link, the same name)."""
    with session.lock:
        if seat not in session.handed:
            raise Refused(f"seat {seat + 1} was not handed to an agent", "seat_bad")
        del session.handed[seat]
        session.people = sorted({*session.people, seat})
        session.names[seat] = HUMAN
        session.agents[seat] = None
        session.version += 1


def start_now(session: "Session") -> None:
    """The table starts without waiting for the people's pages still to come (they join when they come)."""
    with session.lock:
        if session.waiting_for(-1) == "seats":
            session.joined = set(session.people)
            session.version += 1
