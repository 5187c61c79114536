"""Texts printed on Royale cards, generated from the deck data in French, Italian and English.

A noble's requirement is written out from its services; imposter, solo and
end-of-banquet cards get a short reminder of what they do. Every number comes
from the data (``face.data``, ``resolved.rules``); dish-type names come from the
dish cards themselves, so a variant that renames or adds a type is written
correctly. French uses a narrow no-break space (U+202F) before ``: ; ! ?``.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cardgen import wordbook
from cardgen.games.mention import by_seat
from cardgen.games.royale.checks import role
from cardgen.games.royale.model import NobleFace, Service
from cardgen.text import before_vowel, cardinal, in_sentence, join_and, join_or, ordinal, punct, times

if TYPE_CHECKING:  # an annotation only: a game's package never imports the resolver above it
    from cardgen.model.deck import ResolvedDeck

#: this module's words per language (cardgen/wordbook.py): every phrase of the texts below
_BOOK = wordbook.load(__file__)


def _colon(lang: str) -> str:
    return punct(":", lang)


def _semi(lang: str) -> str:
    return punct(";", lang)


def type_name(deck: ResolvedDeck, dish: str, lang: str) -> str:
    """A dish type's name as printed on its cards."""
    for c in deck.model.components:
        if role(c) == "dish" and c.data.dish == dish:
            return c.name[lang]
    return dish


def _cards(n: int, label: str, lang: str) -> str:
    """'3 cartes Boisson', '3 carte Bevanda', '3 Drink cards' (label may be empty)."""
    noun = _BOOK["card_nouns"][lang][n != 1]
    return _say("cards", lang, n=n, noun=noun, label=label).replace("  ", " ").rstrip()


def _a_card(label: str, lang: str) -> str:
    """'une carte Fruit', 'una carta Frutta', 'a Fruit card' ('an Orange card': English's article
    before a vowel, a phrase of its own so that every language keeps the same placeholders)."""
    return _say("a_card_vowel" if before_vowel(label, lang) else "a_card", lang, label=label)


def _say(key: str, lang: str, **values: Any) -> str:
    """Entry ``key`` of ``text.json`` in ``lang``, its ``{names}`` filled from ``values``."""
    return _BOOK[key][lang].format(**values)


def service_text(deck: ResolvedDeck, s: Service, lang: str) -> str:
    """One service written out, without a capital or final stop."""
    name = lambda t: type_name(deck, t, lang)  # noqa: E731
    parts: list[str] = []
    colour = name(s.colour) if s.colour else ""
    if s.same_value and f"set_{s.cards}" in _BOOK and not colour:  # same value, by number of cards
        head = _say(f"set_{s.cards}", lang)
    else:
        if s.cards is None:
            head = _say("any_number", lang, colour=f" {colour}" if colour else "")
        else:
            head = _say("exactly", lang, cards=_cards(s.cards, colour, lang))
        if s.same_value:
            head += _say("same_value", lang)
    for t, k in s.include.items():  # attached to the head: 'un carré avec au moins 1 carte X'
        head += _say("at_least", lang, cards=_cards(k, name(t), lang))
    if s.parity:
        parts.append(_say(f"parity_{s.parity}", lang))
    if s.sum is not None:
        if s.sum.eq is not None:
            parts.append(_say("sum_eq", lang, n=s.sum.eq))
        bounds = [_say(key, lang, n=n) for key, n in (("sum_gt", s.sum.gt), ("sum_lt", s.sum.lt)) if n is not None]
        if bounds:
            parts.append(_say("sum_bounds", lang, bounds=join_and(bounds, lang)))
    if s.two_sum_to_third:
        parts.append(_say("two_sum", lang))
    if s.order:
        parts.append(_say("order", lang, word=_say(f"order_{s.order}", lang)))
    if s.first and s.first == s.last:
        parts.append(_say("first_and_last", lang, label=name(s.first)))
    else:
        for key, dish in (("first", s.first), ("last", s.last)):
            if dish:
                card = _say("first_card_vowel" if before_vowel(name(dish), lang) else "first_card", lang,
                            label=name(dish))  # Italian: the type alone, "di tipo Frutta"
                parts.append(_say(key, lang, card=card))
    if s.distinct_types:
        parts.append(_say("distinct", lang))
    if not s.wild:
        wild = [type_name(deck, c.data.dish, lang) for c in deck.model.components
                if role(c) == "dish" and c.data.wild]
        parts.append(_say("no_wild", lang, labels=" / ".join(dict.fromkeys(wild))))
    return ", ".join([head] + parts)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def requirement_text(deck: ResolvedDeck, face: NobleFace, lang: str) -> str:
    """A noble side's requirement in full sentences. A sentence that opens with the number of services says it
    in words (“Two servings, each a pair…”, read 11 en6): no sentence of ours starts with a numeral."""
    services = [service_text(deck, s, lang) for s in face.services]
    n = _cap(cardinal(len(services), lang))
    if len(services) == 1:
        text = _cap(services[0]) + "."
    elif face.ordered:
        body = f"{_semi(lang)} ".join(_say("step_then" if i else "step_first", lang, service=s)
                                      for i, s in enumerate(services))
        text = f"{_say('one_after_another', lang, n=n)}{_colon(lang)} {body}."
    elif len(set(services)) == 1 and _sets(face.services[0], services[0], len(services), lang):
        text = _sets(face.services[0], services[0], len(services), lang)
    elif len(set(services)) == 1:
        # a sentence, not a form: “Two servings, each a pair with…”
        # French elides before the service (“chacun formé d’une paire”); the others need no word there
        of = _BOOK["each_of"][lang][before_vowel(services[0], lang)]
        text = f"{_say('each_of_them', lang, n=n, of=of)}{services[0]}."
    else:
        # short services read as one sentence (“a pair … and three of a kind …”); services that hold
        # commas of their own stay apart with semicolons
        if any("," in t for t in services):
            body = f"{_semi(lang)} ".join(services)
        else:
            body = join_and(services, lang)
        text = f"{_say('services', lang, n=n)}{_colon(lang)} {body}."
    if face.ordered:
        text += " " + _say("order_counts", lang)
    return text


def _sets(service: Service, said: str, n: int, lang: str) -> str | None:
    """``n`` identical services that are each a set of one value, named as the sets they are: "Two pairs, each
    with at least 1 Dessert card." (the published Countess asks "2 paires"; "two servings, each a pair" sent a
    reader looking for a second notion: round 26, fr22); None when the service is not a plain set."""
    key = f"set_{service.cards}"
    head = _BOOK[key][lang] if key in _BOOK and service.same_value and not service.colour else None
    if head is None or not said.startswith(head):
        return None
    rest = said[len(head):]  # " with at least 1 Dessert card", ", all even", or nothing
    each = _say(f"each_set_{service.cards}", lang) if rest else ""
    return f"{_cap(_say(f'sets_{service.cards}', lang, n=cardinal(n, lang)))}{each}{rest.lstrip(',')}."


def imposter_text(deck: ResolvedDeck, lang: str) -> str:
    """What an imposter card allows, from the rule numbers."""
    r = deck.rules
    phrase = times(r.imposter_uses, lang)
    take = _say("imposter", lang, times=_cap(phrase) + _say("per_game", lang), colon=_colon(lang), n=r.cards_per_take)
    turns = [f"{d}°" for d in r.imposter_rotations if d]
    if turns:
        take += _say("imposter_turns", lang, turns=join_or(turns, lang))
    if r.imposter_slide:
        take += _say("imposter_slide", lang)
    return take


def solo_text(deck: ResolvedDeck, lang: str) -> str:
    """What the ghost does with a solo card."""
    return _say("solo", lang, colon=_colon(lang), n=deck.rules.ghost_cells)


def _packet(position: int, packets: int, lang: str) -> str:
    """'the middle packet', 'the bottom packet', 'packet 2 from the top' (Italian: no article)."""
    if packets % 2 == 1 and position == (packets + 1) // 2:
        return _say("packet_middle", lang)
    if position == packets:
        return _say("packet_bottom", lang)
    if position == 1:
        return _say("packet_top", lang)
    return _say("packet_nth", lang, n=position)


def end_text(deck: ResolvedDeck, lang: str) -> str:
    """What happens when the end-of-banquet card is drawn, from the rule numbers."""
    r = deck.rules
    last = r.end_card_draws
    over = _say("over", lang)
    if last == 1:
        return f"{_say('drawn', lang)}, {over}"
    early = _say("first_draw", lang) if last == 2 else _say("early_draws", lang, n=last - 1)
    final = _say("final_draw", lang, ordinal=ordinal(last, lang))
    redo = _say("reshuffle", lang, n=r.packets, where=_packet(r.end_packet_reshuffle, r.packets, lang))
    return f"{early}{_colon(lang)} {redo} {final}{_colon(lang)} {over}"


#: the reminder each card of a rule prints, by its role
_RULE_TEXTS = {"imposter": imposter_text, "solo": solo_text, "end": end_text}


def face_text(deck: ResolvedDeck, component: Any, face: Any, lang: str) -> str | None:
    """The generated text a Royale face prints (None for dish cards)."""
    kind = role(component)
    if kind == "noble" and isinstance(face.data, NobleFace):
        return requirement_text(deck, face.data, lang)
    rule_text = _RULE_TEXTS.get(kind or "")
    return rule_text(deck, lang) if rule_text else None


def describe_action(deck: ResolvedDeck, action: tuple[Any, ...], lang: str) -> str:
    """A Royale move in ``lang`` (``cardgen play``'s buttons and hints); rows, columns and nobles count from 1."""
    from cardgen.games.base import describe_generic

    told = _told(deck, action, lang, _BOOK["moves"], {})
    return told if told is not None else describe_generic(deck, action, lang)


def describe_move(deck: ResolvedDeck, action: tuple[Any, ...], lang: str, table: dict[str, Any]) -> str:
    """A Royale move in ``lang`` against ``table`` (the observation of the seat to move; ``GameSpec.describe_move``):
    a take names the cards it takes, "Imposter (turned 90°): take Pastry 7, Fruit 9 and Drink 12", where "row 1,
    column 1" named where the pattern was anchored, a cell it did not even take (round 24, en23, fr22, it14); a
    serve choice says what it chooses (``_serving``), "Serve Drink 5 to the Duchess (3 points: …)" with no colon
    between the card and the noble (#53 round 27, en9, fr10, it9). The buffet is public. Any other move, or a take
    whose cells are unknown, as ``describe_action`` names it."""
    kind = str(action[0]) if action else ""
    if kind == "place":
        served = _serving(deck, action, lang, table)
        if served is None:
            return describe_action(deck, action, lang)
        return str(_BOOK["moves"].get(lang, _BOOK["moves"]["en"])["place"].format(card=served[0], to_noble=served[1]))
    cards = _taken(deck, action, lang, table)
    if cards is None:
        return describe_action(deck, action, lang)
    words = _BOOK["taking"].get(lang, _BOOK["taking"]["en"])
    if kind == "take":
        return str(words[str(action[1])].format(n=int(action[2]) + 1, cards=cards))
    key = "imposter" if int(action[1]) % 360 else "imposter_flat"
    return str(words[key].format(turned=_turned(action[1], lang), cards=cards))


def move_group(deck: ResolvedDeck, action: tuple[Any, ...], lang: str,
               table: dict[str, Any]) -> tuple[str, ...] | None:
    """Where the play screen lists a Royale move among many (``GameSpec.move_group``): a serve choice under the
    card it serves ("Serve Drink 5"), as the noble it goes to ("to the Duchess (3 points)") and, a line under it, its
    request and what the card does to it (``_serving``); an imposter's take under its turn ("Use your imposter (turned 90°)"), as the cards it takes ("Take Pastry
    7, Fruit 9 and Drink 12"). A row, a column, a clear or the turn's end stands alone (None)."""
    kind = str(action[0]) if action else ""
    words = _BOOK["move_group"].get(lang, _BOOK["move_group"]["en"])
    if kind == "place":
        served = _serving(deck, action, lang, table)
        return None if served is None else (str(words["place"].format(card=served[0])), served[1], served[2])
    cards = _taken(deck, action, lang, table) if kind == "imposter" else None
    if cards is None:
        return None
    key = "imposter" if int(action[1]) % 360 else "imposter_flat"
    # under the row, the buffet's cells it takes drawn as a little grid: the turned pattern was pictured only on
    # the small card far down the page, and "turned 270° clockwise" did not show a new player what it takes
    # (#53 play round 32, en13)
    return (str(words[key].format(turned=_turned(action[1], lang))), str(words["take"].format(cards=cards)),
            cell_map(deck, _taken_cells(deck, action, table) or []))


def cell_map(deck: ResolvedDeck, cells: list[int]) -> str:
    """The buffet's grid as lines of squares, a taken cell ■, another □ ("■□□\n■■□\n□□□")."""
    rows, cols = int(deck.model.rules.grid_rows), int(deck.model.rules.grid_cols)
    taken = set(cells)
    return "\n".join("".join("■" if r * cols + c in taken else "□" for c in range(cols)) for r in range(rows))


def _taken(deck: ResolvedDeck, action: tuple[Any, ...], lang: str, table: dict[str, Any]) -> str | None:
    """The cards a take or the mover's imposter takes from the buffet, by their names ("Pastry 7, Fruit 9 and
    Drink 12"); None for another move, or where the table does not say them."""
    cells = _taken_cells(deck, action, table) if action and action[0] in ("take", "imposter") else None
    buffet = list(table.get("buffet", ()))
    if not cells or any(i >= len(buffet) or buffet[i] is None for i in cells):
        return None
    return join_and([dish_name(deck, buffet[i], lang) for i in cells], lang)


def _serving(deck: ResolvedDeck, action: tuple[Any, ...], lang: str,
             table: dict[str, Any]) -> tuple[str, str, str] | None:
    """A serve choice's card ("Fruit 9"), the noble it goes to with its points ("to the Marquis (1 point)") and the
    rest, a line of its own under it: the request as its card prints it, the dishes already under it, and what this
    card does to the request, in the engine's own terms (``after_serving``): "Exactly 3 Drink cards, two of them
    adding up to the third; served so far: Drink 5 — could no longer be met: the card and the dishes already served
    would go to the discard pile". Six bare noble names sent the player a screen and a half down to a closed box,
    and nothing warned of a serving that throws a noble's dishes away (round 26, en15, it12); six rows of up to five
    lines, the warning's 14 words on three of them, pushed the journal off a laptop (round 29, en12, fr13, it10,
    it11): the noble and points lead (the hint lists them alone), the warning shares the journal's verb ("can no
    longer be met") and names only what would go (the card alone when the noble holds none: fr13).
    The seat's nobles and the cards under them are public. None when the table does not say them."""
    from babel import Locale

    seat, slot, card = int(table.get("current", -1)), int(action[2]), action[1]
    try:
        nid = str(table["nobles"][seat][slot])
        under = list(table["players"][seat][3][slot])
    except (KeyError, IndexError, TypeError):
        return None
    face = _slot_face(deck, table, seat, slot)
    if face is None or not isinstance(face.data, NobleFace):
        return None
    words = _BOOK["serving"].get(lang, _BOOK["serving"]["en"])
    j = _BOOK["journal"].get(lang, _BOOK["journal"]["en"])
    noble, name = _noble(deck, slot, lang), dish_name(deck, card, lang)
    points = face.points or 0
    request = requirement_text(deck, face.data, lang).rstrip(".")
    who = str(words["asks"].format(
        to_noble=_with_preposition(noble, "to", lang), points=f"{points:g}",
        pts=j["pts_one"] if Locale.parse(lang).plural_form(points) == "one" else j["pts_many"]))
    detail = request + (words["served"].format(cards=join_and([dish_name(deck, c, lang) for c in under], lang))
                        if under else "")
    after = after_serving(deck, nid, under, card)
    if after == "dead":
        detail += words["dead_served" if under else "dead"]
    elif after == "met":
        detail += words["met"].format(card=name)
    return name, who, detail


def after_serving(deck: ResolvedDeck, noble_id: str, under: list[Any], card: Any) -> str:
    """What ``card`` served under ``noble_id`` (holding ``under``, in play order) does to its request, by the
    requirement checker the engine steps (``require.checker``): "dead" when it can no longer be met (the engine
    clears the noble at once), "met" when it is met exactly, "open" otherwise."""
    from cardgen.games.royale.checks import noble_face, universe
    from cardgen.games.royale.require import DEAD, checker

    comps = {c.id: c for c in deck.model.components}
    chk = checker(noble_face(comps[noble_id.split("#", 1)[0]], deck.model.rules.noble_side).data, universe(deck))

    def code(dish: Any) -> int:
        comp = comps[str(dish).split("#", 1)[0]]
        return chk.code(comp.data.dish, comp.faces[0].value)

    state = chk.run(code(c) for c in under)
    state = chk.step(state, code(card)) if state != DEAD else DEAD
    return "dead" if state == DEAD else "met" if chk.need[state] == 0 else "open"


def _turned(degrees: Any, lang: str) -> str:
    """The imposter's pattern turned by ``degrees`` (clockwise, as the book counts them), said the way a player turns
    the card and the book say it: "turned 270° clockwise", with its direction ("turned 270°" alone read as a turn the
    published rules do not name: round 26, fr23, it16), and no second name ("90° anticlockwise", « un quart de tour
    vers la gauche ») beside the card's "90°, 180° or 270° clockwise" (round 27, en10, fr18, it15)."""
    words = _BOOK["turned"].get(lang, _BOOK["turned"]["en"])
    deg = int(degrees) % 360
    return str(words.get(str(deg), words["other"]).format(deg=deg))


def _taken_cells(deck: ResolvedDeck, action: tuple[Any, ...], table: dict[str, Any]) -> list[int] | None:
    """The buffet's cells (indexes, row by row) a take or the mover's imposter takes; None when unknown."""
    from cardgen.games.royale.checks import owners, placements, role

    rules = deck.model.rules
    rows, cols = int(rules.grid_rows), int(rules.grid_cols)
    if action[0] == "take" and len(action) == 3:
        n = int(action[2])
        return [n * cols + c for c in range(cols)] if action[1] == "row" else [r * cols + n for r in range(rows)]
    seat, icons = int(table.get("current", -1)), owners(deck)
    if action[0] != "imposter" or len(action) != 4 or not 0 <= seat < len(icons):
        return None
    imposter = next((c for c in deck.model.components if role(c) == "imposter" and c.data.owner == icons[seat]), None)
    if imposter is None:
        return None
    spot = next((idx for deg, dr, dc, idx in placements(imposter.faces[0].pattern, rules)
                 if (deg, dr, dc) == tuple(int(v) for v in action[1:])), None)
    return sorted(spot) if spot is not None else None


def describe_done(deck: ResolvedDeck, action: tuple[Any, ...], lang: str, before: dict[str, Any],
                  after: dict[str, Any]) -> str | None:
    """A Royale move made, as the journal records it (``GameSpec.describe_done``), naming the cards it moved:
    those a row, a column or the imposter took (the hand's new cards) and those a noble was cleared of
    (Royale's cards in play are public: every seat saw them). A noble whose request this very serving made
    impossible is cleared at once: said on the move's line (round 24, en22, fr21, it15). What the rules did
    after the move, each on a line of its own below it (``\n``; the page sets them apart): the nobles the seat
    satisfied once all its cards were placed (the book's step 3, not the last serving's doing: round 25, en16,
    fr22, it9), with the cards that met them and the points; the end of the turn and why; the End of the
    Banquet card drawn by the refill, and what it did (en17, fr19, it13)."""
    kind = str(action[0]) if action else ""
    if kind in ("take", "imposter"):
        cards = list((Counter(after.get("hand", ())) - Counter(before.get("hand", ()))).elements())
    elif kind == "clear":
        seat = int(before.get("seat", 0))
        cards = list(before["players"][seat][3][int(action[1])]) if before.get("players") else []
    else:
        cards = []
    text = _told(deck, action, lang, _BOOK["done"], {"cards": join_and([dish_name(deck, c, lang) for c in cards], lang),
                                                     "one": "1" if len(cards) == 1 else ""})
    if text is None:
        return None
    j = _BOOK["journal"].get(lang, _BOOK["journal"]["en"])
    impossible, satisfied = _nobles_changed(deck, action, lang, before, after)
    served = _served_impossible(deck, action, lang, before, after)
    lines = [str(j["then"].join([text + served] + impossible))]
    if satisfied:
        satisfied[0] = j["all_placed"] + satisfied[0]
    lines += satisfied
    if kind != "stop" and after.get("current") != before.get("current") and after.get("current", -1) >= 0:
        p = int(before.get("seat", 0))
        # whose nobles have nothing left to clear: "your" on the mover's own page, elsewhere the mover's ("none of
        # their nobles", the line's subject, as « ses nobles » and «suoi nobili» say): "no noble has a dish left"
        # was untrue of the table, other players' nobles holding dishes (#53 play round 34, en6*; "the player’s
        # nobles" read as nobody's in particular, play round 38 en6*)
        ended = (by_seat(p, j["end_turn"], j["end_turn_you"])
                 if deck.model.rules.voluntary_clearing else j["end_turn_plain"])
        lines.append(str(ended))
    lines += _end_card_drawn(deck, lang, before, after)
    return "\n".join(lines)


def _end_card_drawn(deck: ResolvedDeck, lang: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The End of the Banquet card drawn during the move (the buffet's refill), as a journal line: the pile
    rebuilt; nothing when it was not drawn. Its draws were counted only in the buffet's panel, and the draw pile
    grew with no word (round 25, en17, it13). The draw that ends the banquet is the result's end line, which the
    page prints as the journal's last line: said here too, the journal gave it twice in a row (round 27, en11, fr19,
    it12)."""
    drawn = int(after.get("end_draws", 0) or 0)
    if drawn <= int(before.get("end_draws", 0) or 0):
        return []
    if drawn >= int(deck.model.rules.end_card_draws):  # the page's end line, the journal's last, says it once
        return []
    j = _BOOK["journal"].get(lang, _BOOK["journal"]["en"])
    draws = ((getattr(deck.spec, "words", None) or {}).get("draws") or {}).get(lang) or {}
    return [str(j["end_card"].format(end=end_card_name(deck, lang), time=draws.get(str(drawn)) or ordinal(drawn, lang),
                                     then=rebuilt_text(deck, lang)))]


def rebuilt_text(deck: ResolvedDeck, lang: str) -> str:
    """How the pile is rebuilt after an early draw of the end card, as the book and the engine do it (``rules.repack``):
    the discards and the rest of the pile shuffled and split into ``packets`` packets, the card shuffled into packet
    ``end_packet_reshuffle`` ("the middle one"). "It is shuffled with the discard pile … into a new draw pile" said
    the card could come up anywhere (#53 play round 30, en9, fr15, it14)."""
    j = _BOOK["journal"].get(lang, _BOOK["journal"]["en"])
    r = deck.model.rules
    if r.packets <= 1:
        return str(j["end_rebuilt_one"])
    position, packets = int(r.end_packet_reshuffle), int(r.packets)
    if packets % 2 == 1 and position == (packets + 1) // 2:
        where = j["packet_middle"]
    elif position == packets:
        where = j["packet_bottom"]
    elif position == 1:
        where = j["packet_top"]
    else:
        where = j["packet_nth"].format(n=position)
    return str(j["end_rebuilt"].format(packets=packets, where=where))


def end_card_name(deck: Any, lang: str) -> str:
    """The end card's printed name ("End of the Banquet"), as the book names it."""
    return next((c.name[lang] for c in deck.model.components if role(c) == "end"), "")


def _nobles_changed(deck: ResolvedDeck, action: tuple[Any, ...], lang: str, before: dict[str, Any],
                    after: dict[str, Any]) -> tuple[list[str], list[str]]:
    """What happened to the mover's nobles beyond the move's own words: the nobles cleared because their request
    can no longer be met (not the noble a "clear" move named, nor the one a serving named: ``_served_impossible``
    says it in the serving's own clause), then the nobles satisfied, each with the cards
    under it that met its request (the last one served included) and its points."""
    from babel import Locale

    j = _BOOK["journal"].get(lang, _BOOK["journal"]["en"])
    seat = int(before.get("seat", 0))
    if not before.get("players") or not after.get("players"):
        return [], []
    (points0, _, done0, under0), (points1, _, done1, under1) = before["players"][seat][:4], after["players"][seat][:4]
    cleared = int(action[1]) if action and action[0] == "clear" else None
    served = int(action[2]) if action and action[0] == "place" else None
    under0 = [list(u) + ([action[1]] if slot == served else []) for slot, u in enumerate(under0)]
    impossible, satisfied = [], []
    for slot, (was, now) in enumerate(zip(done0, done1)):
        noble = _noble(deck, slot, lang)
        if now and not was:
            face = _slot_face(deck, after, seat, slot)
            points = (face.points or 0) if face is not None else points1 - points0
            pts = j["pts_one"] if Locale.parse(lang).plural_form(points) == "one" else j["pts_many"]
            met = join_and([dish_name(deck, c, lang) for c in under0[slot]], lang)
            satisfied.append(str(j["satisfied"].format(seat=seat + 1, noble=noble, cards=met, points=f"{points:g}",
                                                       pts=pts)))
        elif not now and slot not in (cleared, served) and len(under1[slot]) < len(under0[slot]):
            gone = list((Counter(under0[slot]) - Counter(under1[slot])).elements())
            # one card in the singular, « son plat (Pâtisserie 3) », "(Pastry 3 goes …)" (#53 play round 36 en1*)
            impossible.append(str(j["impossible_one" if len(gone) == 1 else "impossible"].format(
                noble=noble,
                cards=join_and([dish_name(deck, c, lang) for c in gone], lang))))
    return impossible, satisfied


def _served_impossible(deck: ResolvedDeck, action: tuple[Any, ...], lang: str, before: dict[str, Any],
                       after: dict[str, Any]) -> str:
    """The served noble cleared by its own serving (its request can no longer be met), as a clause of the serving's
    line: "serves Fruit 9 to the Marquis, whose request can no longer be met…", never the noble named twice in one
    line, « pour le Marquis, l’exigence… » (round 27, fr17, it11: 23 times a game); "" when it was not cleared."""
    seat, slot = int(before.get("seat", 0)), int(action[2]) if action and action[0] == "place" else -1
    if slot < 0 or not before.get("players") or not after.get("players"):
        return ""
    (_, _, done0, under0), (_, _, done1, under1) = before["players"][seat][:4], after["players"][seat][:4]
    was = list(under0[slot]) + [action[1]]
    if done1[slot] or len(under1[slot]) >= len(was):
        return ""
    gone = list((Counter(was) - Counter(under1[slot])).elements())
    j = _BOOK["journal"].get(lang, _BOOK["journal"]["en"])
    # one card cleared, one dish: « ses plats (Fruit 9) », «i suoi piatti (Frutta 9)» for the card just served read
    # wrong (#53 play round 33, fr11, it11); it is the card the line has just served, not named again (round 34 it7)
    key = "impossible_served_one" if len(gone) == 1 else "impossible_served"
    return str(j[key].format(cards=join_and([dish_name(deck, c, lang) for c in gone], lang)))


def _slot_face(deck: ResolvedDeck, obs: dict[str, Any], seat: int, slot: int) -> Any:
    """The side in play of ``seat``'s noble in ``slot``, from the observation's noble ids (None if unknown)."""
    from cardgen.games.royale.checks import noble_face

    try:
        nid = str(obs["nobles"][seat][slot]).split("#", 1)[0]
        comp = next(c for c in deck.model.components if c.id == nid)
        return noble_face(comp, deck.model.rules.noble_side)
    except (KeyError, IndexError, StopIteration):
        return None


def _noble(deck: ResolvedDeck, slot: int, lang: str) -> str:
    """The noble in ``slot`` as a sentence names it: "the Duchess", else "noble 2"."""
    title = noble_title(deck, slot, lang)
    moves = _BOOK["moves"].get(lang, _BOOK["moves"]["en"])
    return in_sentence(title, lang) if title else str(moves["noble"].format(n=slot + 1))


def _with_preposition(noble: str, key: str, lang: str) -> str:
    """``noble`` ("la Duchesse", "il Barone") after a preposition (``key``: ``to``, ``of``), with the article
    joined as the language does: "au Baron", "alla Duchessa", "della Contessa", "to the Duchess"."""
    # "article|joined;article|joined...", "|to " for a name without an article
    forms = [form.split("|", 1) for form in str(_BOOK["journal"].get(lang, _BOOK["journal"]["en"])[key]).split(";")]
    for article, joined in forms:
        if article and noble.startswith(article):
            return str(joined) + noble[len(article):]
    return str(dict(forms)[""]) + noble


def _told(deck: ResolvedDeck, action: tuple[Any, ...], lang: str, book: dict[str, Any],
          more: dict[str, str]) -> str | None:
    """``action`` in the words of ``book`` (the buttons' or the journal's, with ``more`` of its fields);
    None for a move it does not name."""
    kind = str(action[0]) if action else ""
    key = str(action[1]) if kind == "take" and len(action) == 3 else kind
    words = book.get(lang, book["en"])
    if kind == "clear" and not more.get("cards", True):  # a noble with nothing under it: no empty brackets
        key = "clear_empty"
    elif kind == "clear" and more.get("one") and "clear_one" in words:  # « le plat » of one card, « les plats » of
        key = "clear_one"  # two (the journal's; the buttons keep the book's « débarrasser les plats »: round 35 fr12)
    text = words.get(key)
    if text is None:
        return None
    if kind == "take":
        return str(text.format(n=int(action[2]) + 1, **more))
    moves = _BOOK["moves"].get(lang, _BOOK["moves"]["en"])
    if kind == "imposter":  # a turn of 0° is no turn: the imposter laid as it comes
        text = text if int(action[1]) % 360 else words["imposter_flat"]
        return str(text.format(turned=_turned(action[1], lang), r=int(action[2]) + 1, c=int(action[3]) + 1, **more))
    if kind == "place":  # "Serve Fruit 5: to the Duchess": the title's article in the sentence's case, as "Clear"'s
        noble = _noble(deck, int(action[2]), lang)
        return str(text.format(card=dish_name(deck, action[1], lang), **more, noble=noble,
                               to_noble=_with_preposition(noble, "to", lang)))
    if kind == "clear":  # "Clear the Viscount", "Débarrasser les plats du Vicomte": the article in the sentence's case
        noble = _noble(deck, int(action[1]), lang)
        return str(text.format(cleared=_with_preposition(noble, "cleared", lang), **more))
    return str(text)


def dish_name(deck: ResolvedDeck, card: Any, lang: str) -> str:
    """A dish card as a move names it: its dish and its value ("Abundance 4"), since a hand may hold two
    cards of one dish that only their values tell apart (a card with no value: its name alone)."""
    from cardgen.games.base import component_name

    name = component_name(deck, card, lang) or str(card)
    comp_id = str(card).split("#", 1)[0]
    comp = next((c for c in deck.model.components if c.id == comp_id), None)
    value = comp.faces[0].value if comp is not None and comp.faces else None
    return name if value is None else _BOOK["dish"].get(lang, _BOOK["dish"]["en"]).format(name=name, value=value)


def noble_title(deck: ResolvedDeck, slot: int, lang: str) -> str | None:
    """The name printed on the side in play of a seat's noble in ``slot`` (from 0), when every seat's
    noble in that slot bears the same name (the shipped deck); None otherwise (the move says its number)."""
    from cardgen.games.royale.checks import noble_face

    owners: dict[str, list[Any]] = {}
    for comp in deck.model.components:
        data = comp.data
        if data is not None and getattr(data, "role", None) == "noble":
            owners.setdefault(str(data.owner), []).append(comp)
    titles = set()
    for comps in owners.values():
        if slot >= len(comps):
            return None
        try:
            face = noble_face(comps[slot], deck.model.rules.noble_side)
        except KeyError:
            return None
        titles.add(face.title[lang] if face.title is not None else None)
    return titles.pop() if len(titles) == 1 else None


def deck_words(deck: "ResolvedDeck", words: Any) -> Any:
    """Royale's words as ``deck``'s rules make them true: the end of the game by the draw of the End of the Banquet
    card that ends it ("drawn for the second time", from ``end_card_draws``; "for the last time" said nothing,
    twenty-second reading fr5) and the rebuilt pile's uneven split by its number of piles (``packets``: "does not
    divide into three equal piles", fr6, en9). A language without the game's word for a draw gets its figures."""
    rules = deck.rules
    tallies = {}
    for lang, names in (words.get("tallies") or {}).items():
        draw = ((words.get("draws") or {}).get(lang) or {}).get(str(rules.end_card_draws))
        fill = {"time": draw or ordinal(rules.end_card_draws, lang), "packets": cardinal(rules.packets, lang)}
        tallies[lang] = {key: text.format(**fill) if "{" in text else text for key, text in names.items()}
    return {**words, "tallies": tallies}
