"""Table talk and undo by agreement (issue #52): what people at a table of several say to each other, and
taking back a move once every person at the table has said yes; and a rematch any person proposes at the
end of a game, dealt once every person has said yes (or the designer deals it).

A message is a person's short line of text (at most ``TALK_LONGEST`` characters once its control characters
are dropped and its spaces collapsed; the page shows it as text, never as markup), kept with the game (the
last ``TALK_KEPT``) and shown in the journal after the move it followed. An undo asked by a person takes the
table back to before that person's last turn; it waits for every other person's yes, and a no, or any move
made meanwhile, drops it. Messages and agreed undos are written to the table's log with the game
(``cardgen.play.said``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.play.said import TALK_KEPT, TALK_LONGEST
from cardgen.play.session import Refused

if TYPE_CHECKING:
    from cardgen.play.session import Session

__all__ = ["TALK_KEPT", "TALK_LONGEST", "answer", "answer_rematch", "ask_rematch", "ask_undo", "device_rematch", "say"]


def say(session: "Session", seat: int, words: Any) -> str:
    """``seat``'s message to the table; returns the words kept. Refused: not a person's seat, no words."""
    with session.lock:
        if seat not in session.people:
            raise Refused("table talk is for the people at the table", "talk_people")
        if not isinstance(words, str):
            raise Refused("expected a message", "talk_bad")
        kept = " ".join("".join(c for c in words if c.isprintable()).split())[:TALK_LONGEST]
        if not kept:
            raise Refused("expected a message", "talk_bad")
        session.talk = (session.talk + [(seat, kept, len(session.actions))])[-TALK_KEPT:]
        session.changed()  # written to the log with the game: a table stopped now keeps what was said
        return kept


def ask_undo(session: "Session", seat: int) -> dict[str, Any]:
    """``seat`` asks to take back their last turn (``Session.turn_start``) and every move since; the others must
    accept (``answer``). Returns the request."""
    with session.lock:
        if seat not in session.people:
            raise Refused("undo is for the people at the table", "talk_people")
        if session.undo_asked is not None:
            raise Refused("an undo is already asked; the table answers it first", "undo_pending")
        start = session.turn_start(seat)
        if start is None:
            raise Refused("nothing to undo: you have not moved yet", "undo_nothing")
        if session.waiting_for(seat) == "over":
            raise Refused("the game is over", "over")
        if session.turn_was_private(seat):  # the person saw a card the replay would deal again (round 29, en1)
            raise Refused("that turn showed you a card only you saw: it cannot be taken back", "undo_private")
        session.undo_asked = {"by": seat, "to": start, "accepted": [seat]}
        session.version += 1
        return session.undo_asked


def _vote(session: "Session", request: str, seat: int, accept: Any, none: Refused,
          people: str) -> dict[str, Any] | None:
    """``seat``'s yes or no to what ``session.<request>`` holds (an undo asked, a rematch proposed): a no drops
    it, a yes is counted; the pages hear of either. Returns the request once every person has said yes, else
    None. Refused with ``none`` when nothing is asked, with ``people`` (the detail) when the seat is no person's."""
    asked = getattr(session, request)
    if asked is None:
        raise none
    if seat not in session.people:
        raise Refused(people, "talk_people")
    if accept is not True:
        setattr(session, request, None)
        session.changed()
        return None
    asked["accepted"] = sorted({*asked["accepted"], seat})
    if set(asked["accepted"]) >= set(session.people):
        return asked
    session.changed()
    return None


def answer(session: "Session", seat: int, accept: Any) -> bool:
    """``seat``'s answer to the undo asked: yes (``accept`` true) counts, and the last yes takes the table back;
    no drops the request. Returns whether the move was taken back."""
    with session.lock:
        asked = _vote(session, "undo_asked", seat, accept, Refused("no undo is asked", "undo_none"),
                      "undo is for the people at the table")
        if asked is None:
            return False
        session.version += 1
        session.undos.append((asked["by"], asked["to"], len(session.actions)))
        # what was said after the moves taken back stays in the journal, where the table now is
        session.talk = [(s, words, min(after, asked["to"])) for s, words, after in session.talk]
        session.back_to(asked["to"])  # writes the game's line again, with the agreed undo
        return True


def ask_rematch(session: "Session", seat: int, swap: bool) -> dict[int, int] | None:
    """``seat`` proposes a rematch once the game is over (``swap``: people move one seat on), or, when one is
    proposed already, says yes to it (its own ``swap`` stands). Returns where each person's seat went once
    every person has said yes (the rematch is dealt: ``Session.rematch``), else None."""
    with session.lock:
        if seat not in session.people:
            raise Refused("a rematch is for the people at the table", "talk_people")
        if session.waiting_for(-1) != "over":
            raise Refused("a rematch comes once the game is over", "rematch_early")
        if session.rematch_asked is None:
            session.rematch_asked = {"by": seat, "swap": bool(swap), "accepted": [seat]}
            session.changed()
        return answer_rematch(session, seat, True)


def answer_rematch(session: "Session", seat: int, accept: Any) -> dict[int, int] | None:
    """``seat``'s answer to the rematch proposed: the last yes deals it (returns where each person's seat went);
    a no drops the proposal (None)."""
    with session.lock:
        asked = _vote(session, "rematch_asked", seat, accept, Refused("no rematch is proposed", "rematch_none"),
                      "a rematch is for the people at the table")
        return None if asked is None else session.rematch(asked["swap"])  # a new deal: nothing is proposed in it


def device_rematch(session: "Session", swap: bool, accept: Any = True, answering: bool = False
                   ) -> dict[int, int] | None:
    """The pass-and-play device's rematch: the people share the device, so its yes is every person's at once
    (its click deals the rematch; a rematch proposed from a person's own link keeps its ``swap``) and its no
    drops a proposal (``answering``: an answer to one proposed, refused when none is). Returns where each
    person's seat went (None: nothing dealt)."""
    with session.lock:
        if session.waiting_for(-1) != "over":
            raise Refused("a rematch comes once the game is over", "rematch_early")
        asked = session.rematch_asked
        if asked is None and answering:
            raise Refused("no rematch is proposed", "rematch_none")
        if accept is not True:
            session.rematch_asked = None
            session.changed()
            return None
        return session.rematch(asked["swap"] if asked is not None else bool(swap))
