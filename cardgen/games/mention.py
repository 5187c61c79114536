"""A player named inside a game's sentences, as the page that shows them names that player (#53 round 29: en3, en21,
fr6, it1, it14).

A game words its journal lines, its table's facts and its buttons once, for every page (``describe_done``,
``play_table``, ``describe_move``), and knows players only by their seats; whose page shows a sentence, and the
names people gave in the lobby, are the play table's. So a game marks where a sentence names a player:

- ``seat_no(p)`` stands where the seat's number goes ("Player {n}" with ``n=seat_no(p)``): the page writes the
  number and, where someone took the seat, who ("Player 2 · Bo", "Player 3 · computer"; on Bo's own page "Player 2 ·
  Bo (you)"), as the journal's heads and the top bar name them;
- ``by_seat(p, others, own)`` is a part of a sentence that reads ``others`` on every page but seat ``p``'s own, and
  ``own`` there: the sentence said to the player it names ("you pay 1 silver coin", « vous payez », «tu paghi»),
  its verb agreeing, where the third person's sentence would have them read about themselves by number.

``fill(text, called, reader)`` writes the marks out for one page: ``called(p)``, what stands for seat ``p``'s
number, and ``reader``, the seat whose page it is (None: a page that is nobody's, the designer's or a spectator's,
where every player is named and nobody is "you"). ``plain(text)`` writes them as a table without names reads them
("Player 2"): the journal's own record, tests, anything outside a page. The marks are characters of Unicode's
private use area, which no word of a wordbook holds; a game's text built around them (joined, formatted, a colon
added) keeps them whole.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: a seat's number: ``NO_OPEN`` seat ``NO_CLOSE``
NO_OPEN, NO_CLOSE = "\ue000", "\ue001"
#: a part that reads otherwise on one seat's own page: ``BY_OPEN`` seat ``BY_MID`` others ``BY_MID`` own ``BY_CLOSE``
BY_OPEN, BY_MID, BY_CLOSE = "\ue002", "\ue003", "\ue004"
#: a player named in a sentence: ``AS_OPEN`` seat ``AS_MID`` plain ``AS_MID`` named ``AS_CLOSE`` (``player``), and in
#: ``named`` where the name goes: ``WHO`` as a sentence says it ("Bo", "the computer"), ``WHO_SHORT`` as a list does
#: ("Bo", "computer")
AS_OPEN, AS_MID, AS_CLOSE = "\ue005", "\ue006", "\ue007"
WHO, WHO_SHORT = "\ue008", "\ue009"
MARKS = (NO_OPEN, BY_OPEN, AS_OPEN)


def player(seat: int, plain: str, named: str) -> str:
    """A player in a sentence, two ways: ``plain`` where the seat has no name to give (its number by ``seat_no``:
    "Player 2"), ``named`` where it has one, with ``WHO`` (or ``WHO_SHORT``) where the name goes: "Bo (Player 2) is
    the chef", "the computer (Player 3)", "seat 1: Bo +4". A seat's label pasted into a sentence ("Le joueur 2 ·
    Léo est le chef", "contre le joueur 2 · Léo : le joueur 2 · Léo paie …") read as a database field (#53 play round
    30, en4, fr2, fr23, it8; the toast's list, en17, fr21, it23). On the seat's own page the plain form, which
    ``seat_no`` writes as the top bar does ("Player 2 · Bo (you)"), unless a ``by_seat`` says it to them."""
    return f"{AS_OPEN}{int(seat)}{AS_MID}{plain}{AS_MID}{named}{AS_CLOSE}"


def seat_no(seat: int) -> str:
    """Seat ``seat`` (from 0) where its number goes in a sentence: "2" once written out, or "2 · Bo" on a page."""
    return f"{NO_OPEN}{int(seat)}{NO_CLOSE}"


def by_seat(seat: int, others: str, own: str) -> str:
    """``others`` on every page but seat ``seat``'s, where ``own`` is read instead (the same words said to that
    player: "you receive", « vous recevez », «tu ricevi»). Either may name seats in turn (``seat_no``,
    ``by_seat``)."""
    return f"{BY_OPEN}{int(seat)}{BY_MID}{others}{BY_MID}{own}{BY_CLOSE}"


def marked(text: Any) -> bool:
    """``text`` names a seat that a page writes out (``fill``)."""
    return isinstance(text, str) and any(mark in text for mark in MARKS)


#: what a page knows of a seat's name: (as a sentence says it, as a list says it, the language's contractions
#: "a il |al ;…"), or None for a seat with no name (``player`` then reads its plain form)
Named = Callable[[int], "tuple[str, str, str] | None"]


def fill(text: str, called: Callable[[int], str], reader: int | None = None, name: Named | None = None) -> str:
    """``text`` with its seats written out for the page of seat ``reader`` (None: nobody's page): each
    ``seat_no`` as ``called(seat)``, each ``by_seat`` as its own part on the seat's own page, else its others';
    each ``player`` named where ``name(seat)`` gives a name, else plain."""
    if not marked(text):
        return text
    try:
        out, end = _fill(text, 0, called, reader, name)
    except ValueError:  # a mark cut short or not a game's (words a person typed): the text as it is
        return text
    return out if end == len(text) else text


def plain(text: str) -> str:
    """``text`` as a table without names reads it: each seat by its number ("Player 2"), nobody "you"."""
    return fill(text, lambda seat: str(seat + 1))


def fill_all(value: Any, called: Callable[[int], str], reader: int | None = None, name: Named | None = None) -> Any:
    """Every text inside ``value`` (a page's JSON: dicts, lists, texts) written out by ``fill``; the rest as it is."""
    if isinstance(value, str):
        return fill(value, called, reader, name)
    if isinstance(value, dict):
        return {k: fill_all(v, called, reader, name) for k, v in value.items()}
    if isinstance(value, list):
        return [fill_all(v, called, reader, name) for v in value]
    if isinstance(value, tuple):
        return tuple(fill_all(v, called, reader, name) for v in value)
    return value


def _fill(text: str, i: int, called: Callable[[int], str], reader: int | None,
          name: Named | None = None, lead: str = "") -> tuple[str, int]:
    """``text`` from ``i`` written out up to the end of the part it is in (a ``BY_MID``, ``AS_MID`` or a close of
    the level it started at, or the end of ``text``): the words and where it stopped. ``lead``: the words written
    before the part, outside it (whether a name opens a sentence)."""
    parts: list[str] = []
    start = i
    while i < len(text):
        c = text[i]
        if c == NO_OPEN:
            parts.append(text[start:i])
            end = text.index(NO_CLOSE, i)
            parts.append(called(int(text[i + 1:end])))
            i = start = end + 1
        elif c == BY_OPEN:
            parts.append(text[start:i])
            mid = text.index(BY_MID, i)
            seat = int(text[i + 1:mid])
            others, i = _fill(text, mid + 1, called, reader, name, lead + "".join(parts))
            own, i = _fill(text, i + 1, called, reader, name, lead + "".join(parts))
            parts.append(own if reader is not None and seat == reader else others)
            i = start = i + 1
        elif c == AS_OPEN:
            parts.append(text[start:i])
            mid = text.index(AS_MID, i)
            seat = int(text[i + 1:mid])
            plain_said, i = _fill(text, mid + 1, called, reader, name, lead + "".join(parts))
            named_said, i = _fill(text, i + 1, called, reader, name, lead + "".join(parts))
            known = name(seat) if name is not None and seat != reader else None
            if known is None or WHO not in named_said and WHO_SHORT not in named_said:
                out = plain_said
            else:
                said, short, contractions = known
                out = named_said.replace(WHO, said).replace(WHO_SHORT, short)
                for pair in filter(None, contractions.split(";")):  # «a il computer» → «al computer»
                    full, _, short_form = pair.partition("|")
                    out = out.replace(full, short_form)
                before = lead + "".join(parts)
                if not before.strip() or before.endswith(("\n", ". ")):  # a sentence's first word: a capital
                    out = out[:1].upper() + out[1:]
            parts.append(out)
            i = start = i + 1
        elif c in (BY_MID, BY_CLOSE, AS_MID, AS_CLOSE):
            break
        else:
            i += 1
    parts.append(text[start:i])
    return "".join(parts), i
