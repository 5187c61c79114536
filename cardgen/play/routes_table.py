"""The table's routes (issue #52): a person's move, an agent's turn, undo (asked of everyone at a table of
several), table talk, a new deal, a hint, saving, and the rematch (the designer's at once, or proposed by a
person and dealt at everyone's yes, each person's key following them to a swapped seat).

Each handler takes the served ``Table``, the request, the asker's role and its JSON body, and answers with the
table as that role sees it after the change; a refusal is the session's (``Refused``, 409).
"""
from __future__ import annotations

from typing import Any

from cardgen.play import talk
from cardgen.play.access import DESIGNER, PASSED
from cardgen.play.context import Table, reveal_of
from cardgen.play.session import Refused


def move(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A person's move; it names the move it answers (``turn``), so one sent again is refused."""
    if "turn" not in data:
        raise Refused("a move names the move it answers ('turn': the moves made when the page showed it)", "no_turn")
    entry = table.session.play(data.get("action"), table.seat_of(role), turn=data.get("turn"))
    return table.answer(role, {"moved": entry.text}, reveal_of(data))


def agent(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """One agent decision, if it is an agent's turn after the moves the page saw (``after``)."""
    after = data.get("after")
    entry = table.session.agent_move(after if isinstance(after, int) and not isinstance(after, bool) else None)
    return table.answer(role, {"moved": entry.text if entry else None}, reveal_of(data))


def undo(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """One person: back to before their last move. Several: the undo is asked, and waits for the others' yes."""
    if len(table.session.people) > 1:
        talk.ask_undo(table.session, role)
    else:
        table.session.undo()
    return table.answer(role)


def undo_answer(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A person's yes or no to the undo another asked; the last yes takes the move back."""
    talk.answer(table.session, role, data.get("accept"))
    return table.answer(role)


def say(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A person's message to the table (written to the log with the game)."""
    talk.say(table.session, role, data.get("text"))
    return table.answer(role)


def new(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A new deal: the designer's at a table of several people (the game before stays in the log)."""
    if role != DESIGNER and len(table.session.people) > 1:
        raise Refused("the designer deals a new game at a table with several people", "designer_deals")
    table.session.new_deal()
    return table.answer(role)


def hint(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """What a short search ranks first for the asker's seat."""
    from starlette.responses import JSONResponse

    return JSONResponse(table.session.hint(table.seat_of(role)))


def save(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """The game's line written now (the table writes it after every change anyway)."""
    path = table.session.save(table.log_path)
    return table.answer(role, {"saved": str(path)})


def rematch(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A new deal with the same people once the game is over; ``swap``: each person moves one seat on, their
    link with them (the seats' keys follow the people). The designer deals it at once; a person proposes it
    (or says yes to the one proposed), and the last person's yes deals it; the pass-and-play device's click is
    the yes of every person playing on it (``talk.device_rematch``)."""
    swap = data.get("swap") is True
    moved = (table.session.rematch(swap) if role == DESIGNER else talk.device_rematch(table.session, swap)
             if role == PASSED else talk.ask_rematch(table.session, role, swap))
    return table.answer(table.follow(moved, role))


def rematch_answer(table: Table, request: Any, role: int, data: dict[str, Any]) -> Any:
    """A person's yes or no to the rematch another proposed; the last yes deals it (the pass-and-play device's
    yes is its people's, and deals it)."""
    accept = data.get("accept")
    moved = (talk.device_rematch(table.session, False, accept, answering=True) if role == PASSED
             else talk.answer_rematch(table.session, role, accept))
    return table.answer(table.follow(moved, role))


#: this module's routes: (name under ``api/``, handler, who may ask: ``access.check_role``)
ROUTES = (("move", move, "seat"), ("agent", agent, "any"), ("undo", undo, "seat"), ("new", new, "any"),
          ("hint", hint, "seat"), ("save", save, "any"), ("rematch", rematch, "any"),
          ("undo_answer", undo_answer, "seat"), ("say", say, "seat"), ("rematch_answer", rematch_answer, "seat"))
