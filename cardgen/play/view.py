"""Each seat's page, built from what that seat may see and nothing else; the designer's, every seat's.

An area is ``{"title", "cards", "facts": [[label, value]], "pick", "columns", "seat", "ring"}``; a
card is a card instance or component id, or ``{"face": id or None (an empty place), "count",
"badge", "dim", "name", "side", "text", "under": [cards]}`` (``name``: as printed on the side in play, when
it is not the component's name; ``text``: what the card says (a noble's request, an action's effect), written
under the area since its print is too small to read; ``side``: 2 for a two-faced card showing its second face). ``ring``: a card drawn in the middle of the area's cards laid on a
circle (Draco's table around Draco), or among them (``in_circle``: between the last place and the first, the places
going round ``clockwise`` or not). ``pick``: a move naming a card's face (not one instance)
makes the cards of this area clickable (True: any move; a list: moves whose first word is in
it). A game lays its table out with ``GameSpec.play_table``; without one, the observation is
laid out generically (below). Once the game is over the observation a game's ``play_table`` reads also holds
``at_end``: every seat's observation, for the game to show what its rules lay face up then (King Lui's hands)
and to answer ``scores`` (lines per seat: how each score came about) and ``score_note`` (the rule behind them),
which the game-over box shows under the scores.

``table_view(session, seat)`` reads ``State.observation(seat)`` only (plus public counters:
whose turn, turns, rounds, the game number, and the outcome once the game is over; never the
seed), so a hidden card cannot reach the seat's page: not in its pictures, its text or its JSON.
The observation's shape is the game's own; it is laid out generically: lists of card ids and
``{card: count}`` maps become rows of card pictures (the faces of the printed sheets, by
component id), numbers and words become facts, nested parts become their own titled areas. The
seat's hand comes first. ``designer_view`` puts every seat's view side by side, without moves.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardgen import wordbook
from cardgen.games.base import component_name

if TYPE_CHECKING:
    from cardgen.play.session import Session

#: this module's words per language (cardgen/wordbook.py)
_BOOK = wordbook.load(__file__)

#: the page's own words, per language (the table's labels come from the observation's keys)
UI = _BOOK["ui"]
#: a game's end and tie-break reasons (``State.end_reason``, ``Outcome.tie_break``) as players read them
ENDS = _BOOK["ends"]
#: the journal's last line, short: the result beside it says why in full, and a journal that repeated it word for word
#: said the end twice on one screen (#53 play round 33, it3, it8, it21, fr13, fr17, en20); a reason without one here
#: ends the journal on the result's own words
JOURNAL_ENDS = _BOOK["journal_ends"]
#: observation keys that are the seat's own hidden cards: shown first, large
HAND_KEYS = ("hand",)
#: deepest nesting laid out as areas; anything deeper is written as text
MAX_DEPTH = 4
#: longest text of one fact
MAX_TEXT = 300


def _is_card(deck: Any, value: Any) -> bool:
    """``value`` names a component of the deck: a card instance (``ham#3``) or a component id (``ham``)."""
    return isinstance(value, str) and value.split("#", 1)[0] in _ids(deck)


#: component ids per deck (kept with the deck, so an id() is never reused while cached), a few decks at most
_IDS: dict[int, tuple[Any, frozenset[str]]] = {}


def _ids(deck: Any) -> frozenset[str]:
    cached = _IDS.get(id(deck))
    if cached is None or cached[0] is not deck:
        if len(_IDS) >= 8:
            _IDS.clear()
        cached = _IDS[id(deck)] = (deck, frozenset(c.id for c in deck.model.components))
    return cached[1]


def _card(deck: Any, value: str, lang: str, count: int | None = None) -> dict[str, Any]:
    face = value.split("#", 1)[0]
    out: dict[str, Any] = {"face": face, "name": component_name(deck, value, lang) or face}
    if "#" in value:
        out["id"] = value
    if count is not None:
        out["count"] = count
    return out


def _norm(deck: Any, lang: str, card: Any, depth: int = 0) -> dict[str, Any]:
    """A card as the page draws it (a game's ``play_table`` names cards by id, or as a dict)."""
    if isinstance(card, str):
        return _card(deck, card, lang)
    face = card.get("face")
    if face is None:
        return {"face": None, "name": ""}
    out = _card(deck, str(face), lang, card.get("count"))
    if card.get("name"):  # the game names the card as its side in play is printed
        out["name"] = str(card["name"])
    if card.get("side") == 2:  # a two-faced card showing its second face (``server.face_pictures``)
        out["picture"] = f"{out['face']}~2"
    for key in ("badge", "dim"):
        if card.get(key):
            out[key] = card[key] if key == "badge" else True
    if card.get("text"):  # what the card says, as text beside its picture (its print is too small to read)
        out["text"] = str(card["text"])
    if card.get("under") and depth == 0:
        out["under"] = [_norm(deck, lang, c, 1) for c in card["under"]]
    return out


def _pick(value: Any) -> bool | list[str]:
    """An area's ``pick``: True, False, or the moves (their first word) whose named faces it makes clickable."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return bool(value)


def _laid_areas(session: "Session", laid: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The areas of a game's layout (``play_table``'s answer), its cards as the page draws them."""
    deck, lang = session.deck, session.lang
    parts = []
    for key in ("hand", "areas"):
        part = []
        for area in laid.get(key, []):
            cards = [_norm(deck, lang, c) for c in area.get("cards", [])]
            facts = [[str(k), str(v)] for k, v in area.get("facts", [])]
            # an empty area says so in the game's words when it gives them (King Lui's "no portions yet" for the
            # king's place, not "no cards": #53 round 26, it9), else the page's
            nothing = str(area["empty"]) if area.get("empty") else True
            part.append({"title": str(area.get("title", "")), "cards": cards,
                         "empty": nothing if not cards and not facts else False,
                         "facts": facts,
                         "pick": _pick(area.get("pick", False)), "columns": area.get("columns"),
                         "seat": area.get("seat"),
                         # a circle of places around a centre card (Draco's table), drawn as a ring
                         "ring": _ring(deck, lang, area["ring"]) if area.get("ring") else None,
                         # a hand the rules lay face up (King Lui's end), which the designer's panel says (round 32 en7)
                         **({"face_up": True} if area.get("face_up") else {})})
        parts.append(part)
    return parts[0], parts[1]


def _ring(deck: Any, lang: str, card: dict[str, Any]) -> dict[str, Any]:
    """The card of a ring (``_norm``'s), with where it sits: ``in_circle``, one of the ring's places, between its
    last place and its first (Draco: the first and last seats are not next to each other, he sits between them),
    else in the middle; ``clockwise`` False: the places go round the other way (Draco turned over)."""
    out = _norm(deck, lang, card)
    for key in ("in_circle", "clockwise"):
        if key in card:
            out[key] = bool(card[key])
    if card.get("note"):  # what the phone's grid does not show of the circle (Draco's neighbours: round 32 en23)
        out["note"] = str(card["note"])
    return out


def _label(key: Any) -> str:
    text = str(key).replace("_", " ").replace(":", " ").strip()
    return text[:1].upper() + text[1:]


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "–"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(v) for v in value) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_text(v)}" for k, v in value.items()) or "–"
    return "–" if value is None else str(value)


def _areas(deck: Any, lang: str, value: Any, title: str, depth: int, out: list[dict[str, Any]]) -> None:
    """Lay ``value`` out as areas: card rows, facts, and nested areas (depth-first, in the observation's order)."""
    facts: list[list[str]] = []
    area: dict[str, Any] = {"title": title, "cards": [], "facts": facts}
    out.append(area)
    if isinstance(value, dict):
        items = list(value.items())
        if items and all(_is_card(deck, k) and isinstance(v, int) and not isinstance(v, bool) for k, v in items):
            area["cards"] = [_card(deck, k, lang, v) for k, v in items if v]
            area["empty"] = not area["cards"]
            return
        for key, sub in items:
            _child(deck, lang, sub, _label(key), depth, out, facts)
    elif isinstance(value, (list, tuple)):
        if all(_is_card(deck, v) for v in value):
            area["cards"] = [_card(deck, v, lang) for v in value]
            area["empty"] = not value
            return
        for i, sub in enumerate(value):
            _child(deck, lang, sub, f"{title} {i + 1}", depth, out, facts)
    else:
        facts.append([title, _text(value)[:MAX_TEXT]])


def _child(deck: Any, lang: str, sub: Any, label: str, depth: int, out: list[dict[str, Any]],
           facts: list[list[str]]) -> None:
    if isinstance(sub, (dict, list, tuple)) and sub and depth < MAX_DEPTH and _worth_an_area(deck, sub):
        _areas(deck, lang, sub, label, depth + 1, out)
    elif isinstance(sub, (dict, list, tuple)) and not sub:
        facts.append([label, "–"])
    elif isinstance(sub, str) and _is_card(deck, sub):
        facts.append([label, component_name(deck, sub, lang) or sub])
    else:
        facts.append([label, _text(sub)[:MAX_TEXT]])


def _worth_an_area(deck: Any, value: Any) -> bool:
    """Cards, or a structure with something inside: an area; a flat list of numbers stays a fact."""
    if isinstance(value, dict):
        return True
    return any(isinstance(v, (dict, list, tuple)) or _is_card(deck, v) for v in value)


def _mentions(deck: Any, action: tuple[Any, ...]) -> list[str]:
    """The cards (instance ids or faces) an action names, so the page can make those cards clickable."""
    return [w for w in action[1:] if _is_card(deck, w)]


#: ``table_view``'s reader when none is given: the seat whose page it is
_OWN = -2


def table_view(session: "Session", seat: int | None = None, reader: int | None = _OWN) -> dict[str, Any]:
    """Everything ``seat``'s page shows (default: the first person's), from the seat's observation, its
    legal moves and the public journal; the players its sentences name written out for ``reader``'s page (default:
    the seat's own, where that player is "you"; None: a page that is nobody's, the designer's or a spectator's, that
    names every player: ``seat_called``)."""
    deck, lang = session.deck, session.lang
    seat = session.seat if seat is None else seat
    reader = seat if reader == _OWN else reader
    state = session.state
    obs = state.observation(seat)
    ui = page_words(deck, lang)
    title = str(getattr(deck.model.name, lang, None) or deck.id)
    told: dict[str, Any] = {}
    if deck.spec.play_table is not None:
        if _over(session):
            # the game is over: every seat's observation, for the game to show what its rules lay face up at the end
            # (King Lui: every hand) and to say how each score came about; a game that reveals nothing ignores it
            obs = {**obs, "at_end": [state.observation(q) for q in range(session.players)]}
        laid = deck.spec.play_table(deck, obs, lang)
        shown, areas = _laid_areas(session, laid)
        # how each score came about, in the game's words (``play_table``'s ``scores``: lines per seat; a note)
        told = {"detail": [[str(line) for line in lines] for lines in laid.get("scores", [])],
                "detail_note": str(laid.get("score_note", ""))}
        if laid.get("end_text"):  # the game's own words for why it ended, true of this table (Royale's which draw)
            told["end_text"] = str(laid["end_text"])
        if laid.get("end_note"):  # what the game adds to its end beside the scores, never the reason again (round 34)
            told["end_note"] = str(laid["end_note"])
        if laid.get("counted"):  # each score as the game says it (Draco's fortune "worth 61 silver coins": round 31 en22)
            told["counted"] = [str(said) for said in laid["counted"]]
    else:
        shown, areas = _generic_areas(session, obs, title)
    _name_seats(areas, _names(session, ui), ui, seat)
    page = _page(session, seat, title, ui, shown, areas)
    if page["result"] is not None and (told.get("detail") or told.get("end_text") or told.get("end_note")
                                        or told.get("counted")):
        page["result"] |= told
    return session.told(page, reader)


def seat_called(session: "Session", reader: int | None) -> Callable[[int], str]:
    """What stands for a seat's number in a game's sentence on ``reader``'s page (``cardgen.games.mention``): the
    seat and who plays it, as the top bar, the panels and the journal's heads name them ("2 · Bo" in "Player 2 ·
    Bo", "3 · computer"; a seat nobody named, its number alone), and the page's own seat as the top bar says it
    ("Player 2 · Bo (you)"). "Player 2 is the chef" under "Player 2 · Bo (you)" named one person two ways (#53 round
    29, en3, en21, fr6, it1, it14)."""
    ui = page_words(session.deck, session.lang)
    names = _names(session, ui)
    # the top bar's own forms from the number on ("{n} · {who} (you)", "{n} (you)"), their spaces kept
    named, alone = (ui[key][ui[key].index("{n}"):] for key in ("you_named", "you_seat"))

    def called(seat: int) -> str:
        who = names[seat] if 0 <= seat < len(names) else ""
        if seat == reader:
            return (named if who else alone).format(n=seat + 1, who=who)
        return f"{seat + 1} · {who}" if who else str(seat + 1)

    return called


def seat_named(session: "Session") -> Callable[[int], tuple[str, str, str] | None]:
    """A seat's name as a game's sentence says it (``cardgen.games.mention.player``): a person by the name they gave,
    the computer with the language's article ("the computer", « l’ordinateur », «il computer») and, in a list, without
    it ("computer"), with the language's contractions for a name after a preposition («a il computer» → «al
    computer»); None for a person who gave no name (the sentence then names the seat: "Player 2")."""
    ui = page_words(session.deck, session.lang)
    names = [session.people_names.get(seat, "") if n == "human" else None for seat, n in enumerate(session.names)]
    said, short, contractions = ui["agent_said"], ui["agent_short"], ui.get("contractions", "")

    def named(seat: int) -> tuple[str, str, str] | None:
        if not 0 <= seat < len(names):
            return None
        who = names[seat]
        if who is None:
            return said, short, contractions
        return (who, who, contractions) if who else None

    return named


def _name_seats(areas: list[dict[str, Any]], names: list[str], ui: dict[str, str], seat: int) -> None:
    """Another seat's area titled by its seat ("Player 1", "Player 1 · Red Lair") names who plays it, as the top bar
    and the journal do ("Player 1 · Ann"): a number alone had to be matched to a name from memory (#53 round 26,
    en3, fr11, it28). One's own areas say so as the journal does ("Player 2 · Bo (you) · 0 points": round 27, fr6,
    where the own panel alone had neither name nor "you"; round 28, en4: nor one's own name). In place; a seat nobody named keeps its title."""
    for area in areas:
        owner = area.get("seat")
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < len(names):
            continue
        called, title = ui["seat"].format(n=owner + 1), str(area.get("title", ""))
        if not (title == called or title.startswith(called + " ")):
            continue
        if owner == seat:  # one's own name too, as the others' pages give it (round 28, en4)
            mine = ui["you_named"].format(n=owner + 1, who=names[owner]) if names[owner] else \
                ui["you_seat"].format(n=owner + 1)
            area["title"] = mine + title[len(called):]
        elif names[owner]:
            area["title"] = called + " · " + names[owner] + title[len(called):]


def _over(session: "Session") -> bool:
    """The game has ended by its rules (not stalled, not waiting): its final position is everyone's to see."""
    state = session.state
    return (session.waiting_for(-1) == "over" and state.is_terminal()
            and not (state.end_reason or "").startswith("stalled:"))


def _names(session: "Session", ui: dict[str, str]) -> list[str]:
    """Who plays each seat, in the page's language: a person by the name they gave in the lobby (else "": the
    page then calls them by their seat alone, never "person"), an agent by its kind."""
    return [session.people_names.get(seat, "") if n == "human" else ui.get("agent_" + n, n)
            for seat, n in enumerate(session.names)]


def house_rule(session: "Session") -> str:
    """The deck's house rule as its file words it, in the table's language ("" without one): the lobby and the
    table show it, so everyone plays by the same rule."""
    text = getattr(session.deck.model, "house_rule", None)
    if text is None:
        return ""
    return str(text.get(session.lang) or "")


def _called(session: "Session", ui: dict[str, str]) -> list[str]:
    """How each seat is called where a person is addressed or quoted (pass the device to..., I am..., who said,
    asked or proposed): the name they gave, else the seat ("Player 2"), never the word for a person."""
    return [session.people_names.get(seat) or ui["seat"].format(n=seat + 1) for seat in range(session.players)]


def page_words(deck: Any, lang: str) -> dict[str, str]:
    """The page's words in ``lang``, with the game's own names for what the header counts (its ``words.json``
    table ``counters``: King Lui's rounds are the book's courses, « services »), so one thing has one name."""
    ui = UI.get(lang, UI["en"])
    own = ((getattr(deck.spec, "words", None) or {}).get("counters") or {}).get(lang)
    return {**ui, **own} if own else ui


def lobby_view(session: "Session") -> dict[str, Any]:
    """The lobby's page: the table's title and, for each person's seat, whether it is taken and by whom; nothing
    of the game itself (no card, no move: whoever has the lobby's link has no seat yet)."""
    ui = page_words(session.deck, session.lang)
    title = str(getattr(session.deck.model.name, session.lang, None) or session.deck.id)
    return {"lobby": True, "title": title, "lang": session.lang, "ui": ui, "players": session.players,
            "seats": [{"seat": s, "taken": s in session.people_names, "name": session.people_names.get(s, "")}
                      for s in session.people],
            "names": _names(session, ui), "house_rule": house_rule(session), "version": session.version}


def spectator_view(session: "Session") -> dict[str, Any]:
    """The table as a non-player sees it (the spectator's link): only what every seat sees alike.

    Each seat's page is laid out (``table_view``) and an area is kept when it is the same on every seat's page
    but its owner's (a seat's place as the others see it; a shared area as every seat sees it); an area only
    its owner sees, or that differs from one seat to another (a hand), is left out, whatever the game. No
    moves, no hint, no form: the spectator watches."""
    views = [table_view(session, seat, reader=None) for seat in range(session.players)]  # nobody is "you" here

    def same(area: dict[str, Any]) -> str:
        return json.dumps({k: v for k, v in area.items() if k != "title"}, sort_keys=True, ensure_ascii=False)

    def public(area: dict[str, Any]) -> bool:
        owner = area.get("seat")
        others = [v for s, v in enumerate(views) if s != owner]
        return bool(others) and all(same(area) in {same(a) for a in v["hand"] + v["areas"]} for v in others)

    def as_others_see(area: dict[str, Any]) -> dict[str, Any]:
        """The area as a seat other than its owner shows it (its title then names the seat, not "you")."""
        owner = area.get("seat")
        seen = next(v for s, v in enumerate(views) if s != owner)
        return next(a for a in seen["hand"] + seen["areas"] if same(a) == same(area))

    shown: list[dict[str, Any]] = []
    for area in views[0]["hand"] + views[0]["areas"] + [a for v in views[1:] for a in v["areas"]]:
        if public(area) and all(same(area) != same(a) for a in shown):
            shown.append(as_others_see(area))
    shown = in_seat_order(shown)
    # nothing left out (every seat's areas are among those shown, whoever may pick in them): the spectator is told
    # they see the whole table; else what every seat sees alike (#53 round 26, en38, fr39)
    def bare(area: dict[str, Any]) -> str:
        return json.dumps({k: v for k, v in area.items() if k not in ("title", "pick")}, sort_keys=True,
                          ensure_ascii=False)

    seen_all = {bare(a) for a in shown} >= {bare(a) for v in views for a in v["hand"] + v["areas"]}
    waiting = session.waiting_for(-1)  # no seat's turn is the spectator's
    first = views[0]
    page = {key: first[key] for key in ("deck", "title", "game", "lang", "players", "names", "game_number", "turn",
                                        "turns", "rounds", "result", "ui", "people", "version", "moves_made",
                                        "pace_ms", "journal", "talk", "undo_asked", "undos",
                                        "rematch_asked", "house_rule", "resumed", "resumed_turns")}
    return page | {"spectator": True, "spectator_all": seen_all, "seat": -1, "waiting": waiting, "status": _status(session, waiting,
                   first["ui"], first["names"]), "hand": [], "areas": [dict(a, pick=False) for a in shown],
                   "moves": [], "can_hint": False, "can_undo": False, "saved": "", "questions": [],
                   "feedback_given": False}


def in_seat_order(areas: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``areas`` with the seats' own areas together, in the table's seat order, where the first of them stands
    (the others keep their order around them): an area found on a later seat's page, or a shared one between two
    seats' places (Royale's discard), no longer puts the seats out of order."""
    def seat(area: dict[str, Any]) -> int | None:
        owner = area.get("seat")
        return owner if isinstance(owner, int) and not isinstance(owner, bool) and owner >= 0 else None

    seated = sorted((a for a in areas if seat(a) is not None), key=lambda a: seat(a) or 0)
    if not seated:
        return list(areas)
    before = next(i for i, a in enumerate(areas) if seat(a) is not None)
    rest = [a for a in areas if seat(a) is None]
    cut = sum(1 for a in areas[:before] if seat(a) is None)
    return rest[:cut] + seated + rest[cut:]


def pass_view(session: "Session", reveal: int | None) -> dict[str, Any]:
    """The page of one device passed from person to person (pass-and-play): the table as a spectator sees it
    while no person has shown that they hold the device (``pass_seat``: the person to hand it to, or None on an
    agent's turn and at the end), and the seat's own page once the person whose turn it is tapped (``reveal``
    names that seat: any other seat, or a turn that has passed, gets the covered table again). At the end of a
    game (``pass_feedback``) each person, by name, gives their own answers to the form on the device."""
    state = session.state
    turn = state.current_player if session.waiting_for(state.current_player) == "you" else None
    person = turn if turn in session.people else None
    if person is not None and reveal == person:
        return table_view(session, person) | {"pass": True, "pass_seat": person}
    covered = spectator_view(session) | {"pass": True, "pass_seat": person, "spectator": False}
    if session.waiting_for(-1) == "over" and state.is_terminal():  # each person at the device gives their answers
        called = _called(session, covered["ui"])
        covered |= {"questions": session.questions(),
                    "pass_feedback": [{"seat": p, "name": called[p], "given": p in session.feedback,
                                       "named": p in session.people_names} for p in session.people]}
    return covered | {"pass_name": _called(session, covered["ui"])[person] if person is not None else "",
                      "pass_named": person in session.people_names}


def _status(session: "Session", waiting: str, ui: dict[str, str], names: list[str]) -> str:
    """The top bar's line: whose turn, or who is still to come, or the game's end."""
    state = session.state
    who = names[state.current_player] if state.current_player >= 0 else ""
    return (ui["over"] if waiting == "over" else ui["turn_you"] if waiting == "you"
            else _count(ui, "seats_wait", len(session.people) - len(session.joined)) if waiting == "seats"
            else ui["turn_of" if who else "turn_of_seat"].format(n=state.current_player + 1, who=who))


def _count(ui: dict[str, str], key: str, n: int) -> str:
    """``ui[key]`` said of ``n`` things: the ``key_one`` entry for one, ``key`` (the plural) otherwise."""
    return ui[key + "_one" if n == 1 else key].format(n=n)


def designer_view(session: "Session") -> dict[str, Any]:
    """The designer's page: every seat's view side by side (no moves: the designer watches). A hand is titled
    with its seat ("Player 2's hand"), never the game's "Your hand": the designer holds none."""
    seats = []
    ui = page_words(session.deck, session.lang)
    for seat in range(session.players):
        view = table_view(session, seat, reader=None)  # the designer plays no seat: every player named
        view["moves"] = []
        for area in view["hand"]:
            owner = area.get("seat")
            key = "seat_hand_face_up" if area.get("face_up") else "seat_hand"  # King Lui's end (play round 32, en7)
            area["title"] = ui[key].format(n=(owner if isinstance(owner, int) else seat) + 1)
        # under the column's heading ("PLAYER 1 · ANN"), the seat's own place without its seat again, and never
        # "(you)": "0 points", where "Player 1 · 0 points" said the player twice (#53 round 27, it16, fr6)
        who = view["names"][seat]
        mine = ui["you_named"].format(n=seat + 1, who=who) if who else ui["you_seat"].format(n=seat + 1)
        for area in view["areas"]:
            title = str(area.get("title", ""))
            if area.get("seat") == seat and title.startswith(mine):
                area["title"] = title[len(mine):].lstrip(" ·") or ui["seat"].format(n=seat + 1)
        seats.append(view)
    first = seats[0]
    waiting = session.waiting_for(-1)  # no seat's turn is the designer's
    return {"designer": True, "title": first["title"], "lang": session.lang, "ui": ui, "seats": seats,
            "people": list(session.people), "joined": sorted(session.joined), "names": session.names,
            "people_names": {str(k): v for k, v in sorted(session.people_names.items())},
            "game_number": session.number, "moves_made": len(session.actions), "waiting": waiting,
            "status": _status(session, waiting, ui, first["names"]), "turn": first["turn"], "result": first["result"],
            "journal": first["journal"], "talk": first["talk"], "undo_asked": first["undo_asked"],
            "undos": first["undos"], "rematch_asked": first["rematch_asked"], "resumed": first["resumed"],
            "resumed_turns": first["resumed_turns"],
            "feedback": {str(k): v for k, v in sorted(session.feedback.items())},
            "saved": str(session.saved or ""), "house_rule": first["house_rule"], "version": session.version}


def _generic_areas(session: "Session", obs: dict[str, Any], title: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The observation laid out without knowing the game: the hand first, then the rest in its order."""
    deck, lang = session.deck, session.lang
    hand: list[dict[str, Any]] = []
    rest: dict[str, Any] = {}
    for key, value in obs.items():
        (hand if key in HAND_KEYS else rest.setdefault("_", [])).append((key, value))
    mine: list[dict[str, Any]] = []
    for key, value in hand:
        _areas(deck, lang, value, _label(key), 1, mine)
    areas: list[dict[str, Any]] = []
    _areas(deck, lang, dict(rest.get("_", [])), title, 1, areas)
    shown = [a for a in mine if a["cards"] or a["facts"] or a.get("empty")]
    areas = [a for a in areas if a["cards"] or a["facts"] or a.get("empty")]
    for area in shown + areas:
        area["pick"] = True
    return shown, areas


def score_unit(deck: Any, lang: str) -> list[str]:
    """What a score counts, one and several (the game's ``words.json`` ``unit``: "point"/"points", Draco's silver
    coins), so a score is never a bare number; [] for a game that names none."""
    units = (getattr(deck.spec, "words", None) or {}).get("unit") or {}
    return [str(w) for w in units.get(lang) or units.get("en") or []]


def unit_for(unit: list[str], number: float, lang: str) -> str:
    """``unit``'s form ([one, several]) that agrees with ``number`` in ``lang`` (CLDR: French "0 point")."""
    from babel import Locale

    return unit[0] if len(unit) > 1 and Locale.parse(lang).plural_form(number) == "one" else unit[-1]


def nested(text: str, lang: str) -> str:
    """``text`` set inside ``lang``'s quotation marks: its own quotation marks become the inner ones (view.json
    ``quote_nest``: outer open, outer close, inner open, inner close; none for a language whose outer marks are
    already not its text's)."""
    marks = _BOOK["quote_nest"].get(lang)
    if not marks:
        return text
    return text.replace(marks[0], marks[2]).replace(marks[1], marks[3])


def _undo_of(session: "Session", seat: int) -> dict[str, Any] | None:
    """``seat``'s last turn, which an undo takes back (``Session.turn_start``): its journal number, the words of
    its first line, and ``since``, the turns played after it that go with it (counted as the journal numbers
    them, never as the moves inside a turn: Royale's serves made "moves made since: 11" of one turn, fr2)."""
    start = session.turn_start(seat)
    if start is None:
        return None
    journal = session.journal
    turn = journal[start].turn
    # ``open``: the turn is still being played (Royale's serves after the take): "this turn", not "my last turn"
    # (#53 play round 30, fr19, it18)
    # the turn's words go inside the title's quotation marks: a card's name quoted in them takes the inner marks
    # (English “plays ‘Budge Up!’”: #53 play round 32, en21; Italian quotes the turn in “ ” around a card's «»,
    # round 30 it27, so it has nothing to nest)
    text = nested((journal[start].marked or journal[start].text).split("\n")[0], session.lang)
    return {"n": turn, "text": text,  # not a course end
            "since": len({e.turn for e in journal[start:]} - {turn}),
            "open": turn > session.state.turns and not session.state.is_terminal()}


def _turns_played(session: "Session") -> int:
    """The top bar's "turns played": the game's completed turns, as the engine, the log and every other count of
    cardgen have them (``State.turns``). Draco's final toast ends the game inside a turn, before its draw: that turn
    was not played out, and the bar counted it (90 beside the log's 89: #53 play round 30, en26, fr25, it30); the
    bar says so instead (``_turn_cut``)."""
    return session.state.turns


def _turn_cut(session: "Session") -> int | None:
    """The journal's last turn, when the game ended inside it (a turn the engine never completed: Draco's final
    toast), so that the bar's "turns played: 89" and the journal's last "90." agree (#53 round 28 en25, fr28: the
    journal's 90 read as a bar one short); None else."""
    state, journal = session.state, session.journal
    if state.is_terminal() and journal and journal[-1].turn > state.turns:
        return int(journal[-1].turn)
    return None


def _rounds_finished(session: "Session") -> int:
    """The top bar's "rounds finished": the game's completed rounds, as the engine and the log count them. The round
    a cut-short last turn would have closed is not finished (round 28 counted it, en25, fr28; play round 30, en26,
    fr25, it30: the page said 30 where the log says 29)."""
    return session.state.rounds


def _journal(session: "Session", names: list[str]) -> list[dict[str, Any]]:
    """The journal's last 200 moves as the page shows them: ``n``, the move's place in the game (talk, undos and
    the resume line are placed after it), ``turn``, the number the page prints, the turn's as the top bar counts
    "turns played", and ``goes_on``, true for a move that continues the turn of the line above (King Lui's drawn
    Emerald laid at once, Royale's serves after its take, Draco's draws after a toast): the page leaves it
    unnumbered, so the journal's last number is the bar's turns, not a count of moves (#53 round 27, en5, fr12, it3)."""
    journal = session.journal
    # the players a line names are written out for each page (``table_view``): "you" on their own
    return [{"seat": e.seat, "who": names[e.seat], "n": i + 1, "text": e.marked or e.text, "turn": e.turn,
             "goes_on": i > 0 and journal[i - 1].turn == e.turn}
            for i, e in enumerate(journal) if i >= len(journal) - 200]


def _page(session: "Session", seat: int, title: str, ui: dict[str, str], shown: list[dict[str, Any]],
          areas: list[dict[str, Any]]) -> dict[str, Any]:
    """The view around the areas: whose turn, the legal moves, the result, the journal (never the seed)."""
    deck, lang, state = session.deck, session.lang, session.state
    waiting = session.waiting_for(seat)
    moves = []
    if waiting == "you":
        # each with its group, named by the game (app.js lists a long list by it, never by cutting the text: en9)
        moves = [{**session.shown_move(a, seat), "cards": _mentions(deck, a)} for a in state.legal_actions()]
    result = None
    if waiting == "over" and state.is_terminal() and not (state.end_reason or "").startswith("stalled:"):
        outcome = state.outcome()
        result = {"end": state.end_reason, "scores": list(outcome.scores), "winners": list(outcome.winners),
                  "tie_break": outcome.tie_break}
    elif waiting == "over":
        result = {"end": state.end_reason or "no legal move", "scores": None, "winners": [], "tie_break": None}
    names = _names(session, ui)
    called = _called(session, ui)
    status = _status(session, waiting, ui, names)
    if result is not None:
        ends = ENDS.get(lang, ENDS["en"])
        result["end_text"] = ends.get(str(result["end"]), str(result["end"]).replace("_", " "))
        line = JOURNAL_ENDS.get(lang, JOURNAL_ENDS["en"]).get(str(result["end"]))
        if line:
            result["end_line"] = line
        if result.get("tie_break"):
            result["tie_text"] = ends.get(str(result["tie_break"]), str(result["tie_break"]).replace("_", " "))
        result["unit"] = score_unit(deck, lang)
        # each score's unit as the language agrees it with the number ("0 point" in French, "0 points" in English:
        # fr20), from CLDR's plural rules, not "1 or not 1"
        if result["unit"] and result["scores"] is not None:
            result["units"] = [unit_for(result["unit"], score, lang) for score in result["scores"]]
    private = len(session.people) > 1 and seat in session.people and session.turn_was_private(seat)
    return {
        "deck": deck.id, "title": title, "game": deck.game, "lang": lang, "seat": seat, "players": session.players,
        "names": names, "game_number": session.number, "turn": state.current_player, "waiting": waiting,
        "status": status, "turns": _turns_played(session), "turn_cut": _turn_cut(session),
        "rounds": _rounds_finished(session), "hand": shown,
        "areas": areas, "moves": moves, "result": result, "ui": ui, "can_hint": session.can_hint,
        "can_undo": session.turn_start(seat) is not None and waiting != "over" and session.undo_asked is None
                    and seat in session.people and not private,
        # the person's last turn showed them a card the others never saw (a draw): not offered at a table of several
        # people, since the replay would deal that card again (round 29, en1)
        "undo_private": private,
        # the turn an undo takes back, as the journal numbers and words it, and how many turns since go with it (the
        # session replays the game to before it: "take back my move" named no move, four moves on: round 27, en2)
        "undo_of": _undo_of(session, seat),
        # the log's path is on the designer's machine: said to a seat only at a table of one person (the designer)
        "saved": str(session.saved or "") if len(session.people) == 1 else "", "people": list(session.people),
        "version": session.version,
        "moves_made": len(session.actions), "pace_ms": round(session.pace * 1000),
        "journal": _journal(session, names),
        "talk": [{"seat": s, "who": called[s], "text": text, "after": after} for s, text, after in session.talk],
        "undo_asked": None if session.undo_asked is None else {
            "by": session.undo_asked["by"], "who": called[session.undo_asked["by"]],
            "accepted": list(session.undo_asked["accepted"]), "to": session.undo_asked["to"],
            "turn": session.journal[session.undo_asked["to"]].turn},  # "asks to take back their turn 4"
        "undos": [{"who": called[by], "after": to, "n": made - to} for by, to, made in session.undos],
        # the moves made when ``--resume`` took this game up again (the journal says so there: #53 round 26, en39)
        "resumed": session.resumed[1] if session.resumed and session.resumed[0] == session.number else None,
        "resumed_turns": session.resumed[2] if session.resumed and session.resumed[0] == session.number else None,
        "rematch_asked": None if session.rematch_asked is None else {
            "by": session.rematch_asked["by"], "who": called[session.rematch_asked["by"]],
            "swap": session.rematch_asked["swap"], "accepted": list(session.rematch_asked["accepted"])},
        "questions": session.questions() if waiting == "over" else [],
        "feedback_given": seat in session.feedback, "house_rule": house_rule(session),
    }
