"""What was said at a table, as its log keeps it (issue #52): table talk and the undos every person agreed to.

The game's log line carries them (``talk``: ``[seat, words, moves made when said]``; ``undos``: ``[asked by,
moves kept, moves made before]``, both oldest first, docs/log-format.md) so that an evening stopped mid-game
keeps what people said as well as what they played, and ``cardgen play --resume`` shows the journal as it was.
A line written by hand or by an older cardgen is read with care: a field of the wrong shape is one readable
line (``InputError``), never a traceback.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.errors import InputError

if TYPE_CHECKING:
    from cardgen.play.session import Session

#: longest message kept (characters); ``cardgen.play.talk`` cuts what people type to it
TALK_LONGEST = 200
#: messages kept per game (the oldest go first)
TALK_KEPT = 100


def talk_fields(session: "Session") -> dict[str, Any]:
    """The log line's ``talk`` and ``undos`` fields of ``session``'s game (none when nothing was said or undone)."""
    fields: dict[str, Any] = {}
    if session.talk:
        fields["talk"] = [[seat, words, after] for seat, words, after in session.talk]
    if session.undos:
        fields["undos"] = [list(undo) for undo in session.undos]
    return fields


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def talk_of(record: dict[str, Any], where: str) -> tuple[list[tuple[int, str, int]], list[tuple[int, int, int]]]:
    """The talk and the agreed undos of a log ``record`` (read at ``where``, ``file:line``), checked."""
    said, undos = record.get("talk") or [], record.get("undos") or []
    if not isinstance(said, list) or not all(
            isinstance(t, list) and len(t) == 3 and _whole(t[0]) and isinstance(t[1], str) and _whole(t[2])
            for t in said):
        raise InputError(f"{where}: 'talk' must be a list of [seat, words, moves made]", field="talk",
                         key="log_talk", fields={"where": where})
    if not isinstance(undos, list) or not all(
            isinstance(u, list) and len(u) == 3 and all(_whole(x) for x in u) for u in undos):
        raise InputError(f"{where}: 'undos' must be a list of [seat, moves kept, moves made before]", field="undos",
                         key="log_undos", fields={"where": where})
    players = record.get("players")
    if any(t[0] >= players for t in said) or any(u[0] >= players for u in undos):
        raise InputError(f"{where}: 'talk' or 'undos' names a seat beyond the {players} players", field="talk",
                         key="log_seat_beyond", fields={"where": where, "players": players})
    return ([(t[0], t[1][:TALK_LONGEST], t[2]) for t in said][-TALK_KEPT:],
            [(u[0], u[1], u[2]) for u in undos])
