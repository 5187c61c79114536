"""Generated card texts of Draco & Co in French, Italian and English.

Action cards print their effect written out from the face data, Draco's two faces
and the special characters print reminders of the toast rules; every number comes
from the resolved deck (``resolved.rules``, component counts), and the names of
Draco and the special characters from the deck's component names, so a variant
that renames or re-numbers something gets matching texts.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.games.draco.model import DracoFace
from cardgen.games.mention import WHO, WHO_SHORT, by_seat, player, seat_no
from cardgen.text import join_and, times

#: this module's words per language (cardgen/wordbook.py)
_BOOK = wordbook.load(__file__)


# -- small phrase builders ---------------------------------------------------------------
#: the counted nouns (singular, plural) per language
_NOUNS = _BOOK["nouns"]
#: Zork's multiplier by number, or ``many``
_MULTIPLES = _BOOK["multiple"]


def counted(n: int, noun: str, lang: str) -> str:
    """``n`` seats, silver coins or action cards (``noun``), with the right plural."""
    word = _NOUNS[lang][noun]
    return f"{n} {word[0] if n == 1 else word[1]}"


def distance(n: int, lang: str) -> str:
    """``n`` seats as a move's distance in a sentence: "2 seats", "de 2 places", "d’une place"."""
    return str(DIST_ONE[lang]) if n == 1 else str(DIST_FIXED[lang].format(seats=counted(n, "seat", lang)))


def multiple(m: int, lang: str) -> str:
    """Zork's multiplier as a phrase: ``le double``, ``il triplo``, ``twice``..."""
    words = _MULTIPLES[lang]
    return str(words.get(str(m), words["many"])).format(m=m)


# -- action effects ----------------------------------------------------------------------
#: move sentences by (which, direction); ``{dist}`` is a fixed distance or the die's result
MOVES = _BOOK["moves"]

DIST_FIXED = _BOOK["dist_fixed"]
#: a distance of one seat in a sentence of the journal or a button ("d’une place", never "de 1 place": #53 round 28,
#: fr21)
DIST_ONE = _BOOK["dist_one"]
DIST_ROLL = _BOOK["dist_roll"]
ROLL_FIRST = _BOOK["roll_first"]

PHRASES = _BOOK["phrases"]
#: the reminder on Draco's faces: the hands' words, which seat is first, what a toast pays (one seat or
#: ``{k}``) and costs (one seat or ``{m}``)
DRACO_FACE = _BOOK["draco_face"]


def effect_text(key: str, params: Any, lang: str, draco: str, specials: int, names: str = "") -> str:
    """One action effect written out in ``lang`` (numbers from ``params``); ``names``: the special characters
    other than Draco, named (the Seating Plan card then names them: "the 3 special characters" read as
    ambiguous where the book counts Draco among them, readers of round 58)."""
    p = PHRASES[lang]
    if key == "move":
        dist = DIST_FIXED[lang].format(seats=counted(params.steps, "seat", lang))
        return MOVES[lang][params.which][params.direction].format(dist=dist, draco=draco)
    if key == "roll_and_move":
        move = MOVES[lang][params.which][params.direction].format(dist=DIST_ROLL[lang], draco=draco)
        return ROLL_FIRST[lang] + move[0].lower() + move[1:]
    if key == "split":
        return p["split"].format(fwd=counted(params.forward, "seat", lang), back=counted(params.back, "seat", lang))
    if key == "swap":
        return p["swap_" + params.reach].format(draco=draco)
    if key in ("steal", "dice_duel"):
        return p[key].format(coins=counted(params.silver, "silver", lang))
    if key == "coin_drop":
        return p[key].format(times=times(params.coins, lang), coins=counted(params.silver, "silver", lang))
    if key == "arrange_specials":
        # two special characters: the only rearrangement is a swap
        two = "_two" if specials == 2 else ""
        return p[f"arrange_specials{two}_named" if names else f"arrange_specials{two}"].format(n=specials, names=names)
    return p[key].format(draco=draco, n=specials)


# -- Draco and the special characters ----------------------------------------------------
def draco_text(hand: str, payouts: list[int], costs: list[int], lang: str) -> str:
    """Reminder on one of Draco's faces: which side is first, what a toast pays and costs."""
    w = DRACO_FACE[lang]
    other = "left" if hand == "right" else "right"
    k, m = len(payouts), len(costs)
    out = w["cup"].format(hand=w[hand], other=w[other])
    gets = (w["gets_one"].format(silver=counted(payouts[0], "silver", lang)) if k == 1 else
            w["gets_many"].format(k=k, payouts=join_and(payouts, lang)))
    pays = ("" if m == 0 else w["pays_one"].format(silver=counted(costs[0], "silver", lang)) if m == 1 else
            w["pays_many"].format(m=m, costs=join_and(costs, lang)))
    return out + gets + pays + "."


#: the special characters' reminders (Zork's tail by multiplier, Aunt Sarah's draw when she has one)
SPECIALS = _BOOK["specials"]
#: a lair's text, a coin's worth
LAIR = _BOOK["lair"]
COIN_WORTH = _BOOK["coin_worth"]


def special_text(special: str, name: str, rules: Any, lang: str) -> str:
    """Reminder text of a special character (``zork``, ``jean``, ``sarah``)."""
    w = SPECIALS[lang]
    if special == "zork":
        m = rules.zork_multiplier
        tail = w["zork_nobody"] if m == 0 else w["zork_richest"].format(multiple=multiple(m, lang))
        return str(w["zork"].format(name=name, tail=tail))
    if special == "jean":
        return str(w["jean"].format(name=name))
    n = rules.sarah_draw
    draws = w["sarah_draws"].format(drawn=counted(n, "card", lang)) if n else ""
    return str(w["sarah"].format(name=name) + draws)


def face_text(resolved: Any, component: Any, face: Any, lang: str) -> str | None:
    """The generated text a face prints (``GameSpec.face_text``), or None when it prints none."""
    data = component.data
    if data is None:
        return None
    rules = resolved.rules
    fdata: DracoFace | None = face.data
    if data.role == "action" and fdata is not None and fdata.effect is not None:
        key, params = fdata.effect
        return effect_text(key, params, lang, _draco_name(resolved, lang), _special_count(resolved),
                           _special_names(resolved, lang))
    if data.role == "draco" and fdata is not None and fdata.cup_hand is not None:
        return draco_text(fdata.cup_hand, list(rules.toast_payouts), list(rules.toast_costs), lang)
    if data.role == "special" and data.special is not None:
        return special_text(data.special, face.title[lang] if face.title else component.name[lang], rules, lang)
    if data.role == "lair":
        return LAIR[lang]
    if data.role == "coin" and data.silver is not None and data.silver > 1:
        return str(COIN_WORTH[lang].format(worth=counted(data.silver, "silver", lang)))
    return None


def _draco_name(resolved: Any, lang: str) -> str:
    for c in resolved.model.components:
        if c.data is not None and c.data.role == "draco":
            return str(c.name[lang])
    return "Draco"


def _special_names(resolved: Any, lang: str) -> str:
    """The special characters other than Draco by name, joined the language's way."""
    return join_and([c.name[lang] for c in resolved.model.components
                     if c.data is not None and c.data.role == "special"], lang)


def _special_count(resolved: Any) -> int:
    return sum(c.count for c in resolved.model.components if c.data is not None and c.data.role == "special")


#: a player's move as the play screen names it, per language ({card}: the action card's name)
_MOVES = _BOOK["actions"]
#: a move made, as the journal records it (third person), per language ({start}, {end}: places in the circle)
_DONE = _BOOK["done"]
#: a seat number among an action's targets
_SEAT = _BOOK["seat"]


#: a character named with its place in the circle, as a button names it (where it is now)
_PLACED = _BOOK["placed"]
#: the journal's words for what a move changed: seats, the die, the purses, the final toast
_JOURNAL = _BOOK["journal"]


def describe_action(resolved: Any, action: tuple[Any, ...], lang: str) -> str:
    """A Draco move in ``lang`` (``cardgen play``'s buttons and journal): cards by name, seats from 1."""
    return describe_move(resolved, action, lang, None)


def describe_move(resolved: Any, action: tuple[Any, ...], lang: str, table: dict[str, Any] | None) -> str:
    """A Draco move in ``lang`` against ``table`` (an observation before the move; ``GameSpec.describe_move``).

    A player owns two ruffians of one colour, so "Move Red Ruffian" would name two moves: a character
    is named with its place in the circle (``table["circle"]``, from 1, as the page numbers them; the book calls them
    seats, places, posti), then what the card does in the book's terms and where it ends (``effect_phrase``): "Play
    Rumours: Aunt Sarah (seat 7) moves back 2 seats, to seat 9"; "(now at seat 3)" after an arrow read as where it
    would go (round 24, fr33, it29; round 25, en28, en34, it24, it25). Seating Plan says where each special
    character goes, "Aunt Sarah to seat 1, Zork to seat 4" (they take the seats they hold in the order named), the
    order that changes nothing marked so (en33); a player challenged or robbed, "against Player 2" (``_targeted``).
    Without ``table``, characters by name only."""
    from cardgen.games.base import describe_generic

    words = _MOVES.get(lang, _MOVES["en"]).get(str(action[0]) if action else "")
    if words is None:
        return describe_generic(resolved, action, lang)
    circle = list(table.get("circle", ())) if table is not None else []
    if action and action[0] == "toast" and table is not None and "seats" in table \
            and getattr(resolved.model, "code", None) is None:
        # what the toast would pay each player, from what every seat sees (round 26, it19)
        return str(_JOURNAL.get(lang, _JOURNAL["en"])["targets"].format(text=words, targets=toast_offer(
            resolved, table, lang)))
    if action and action[0] == "move" and len(action) > 1 and action[1] in circle and table is not None \
            and table.get("roll_delta"):
        # after the die: where the character goes, as the journal will say it ("(now at seat 4)" read as the
        # destination: round 25, en34, it24)
        from cardgen.games.draco.table import move

        after = list(circle)
        move(after, action[1], int(table["roll_delta"]))
        moved = _JOURNAL.get(lang, _JOURNAL["en"])["moved"].format(
            name=called(resolved, action[1], lang), start=circle.index(action[1]) + 1, end=after.index(action[1]) + 1)
        return str(words.format(card=moved))
    return _targeted(resolved, action, lang, circle, table)[2]


def move_group(resolved: Any, action: tuple[Any, ...], lang: str, table: dict[str, Any]) -> tuple[str, str] | None:
    """Where the play screen lists a Draco move among many (``GameSpec.move_group``): a card played on a target
    under the card ("Play Shakedown", "Play Rumours"), as its target and what it does ("against Player 2", "Aunt
    Sarah (seat 7) moves back 2 seats, to seat 9"); a move without a target stands alone (None)."""
    words = _MOVES.get(lang, _MOVES["en"]).get(str(action[0]) if action else "")
    if words is None or action[0] != "play" or len(action) < 3:
        return None
    text, targets, _ = _targeted(resolved, action, lang, list(table.get("circle", ())), table)
    return None if targets is None else (text, targets)


def _targeted(resolved: Any, action: tuple[Any, ...], lang: str, circle: list[str],
              table: dict[str, Any] | None) -> tuple[str, str | None, str]:
    """A move's words before its targets ("Play Rumours"), its targets (None where it has none) and the whole move:
    a player challenged or robbed, "against Player 2", "Play Shakedown against Player 2" (no colon between the card
    and its player: #53 round 27, en19, fr10, it23), or what the card does to the seats, "Aunt Sarah (seat 7)
    moves back 2 seats, to seat 9", after a colon ("Play Rumours: Aunt Sarah …": what the card does)."""
    from cardgen.games.base import component_name

    words = _MOVES.get(lang, _MOVES["en"])[str(action[0])]
    names = [_SEAT.get(lang, _SEAT["en"]).format(n=seat_no(w)) if isinstance(w, int)
             else _named(resolved, w, lang, circle) for w in action[1:]]
    if len(action) > 2 and _effect_key(resolved, action[1]) == "arrange_specials" and all(
            w in circle for w in action[2:]):
        to_seat = _JOURNAL.get(lang, _JOURNAL["en"])["to_seat"]
        seats = sorted(circle.index(w) + 1 for w in action[2:])
        names[1:] = [to_seat.format(name=component_name(resolved, w, lang) or str(w), n=n)
                     for w, n in zip(action[2:], seats)]
    text = words.format(card=card_called(resolved, action[1], lang) if len(action) > 1 and action[1] not in circle
                        else names[0] if names else "")
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    if len(action) == 3 and isinstance(action[2], int) and action[2] >= 0:
        # a player challenged or robbed: "Play Game of Dice against Player 1", not a bare "Play Game of Dice: Player 1"
        # (round 26, en32)
        against = str(j["against_whom"].format(who=_pl(action[2], lang)))
        return text, against, str(j["against_move"].format(text=text, against=against))
    if table is not None and len(action) > 2 and action[2] in circle:
        # what the card does to the seats, in the book's terms, where the character is and where it goes: "(now at
        # seat 6)" after an arrow read as the destination, and To and Fro named one ruffian of two (round 25: en28,
        # en34, it24, it25, fr38)
        after = seated_after(resolved, action, circle, table.get("info", {}).get("owner", {}))
        if after is not None:
            phrase = effect_phrase(resolved, action, lang, circle, after, table.get("info", {}).get("owner", {}))
            if phrase is not None:
                return text, str(phrase), str(j["targets"].format(text=text, targets=phrase))
        if _effect_key(resolved, action[1]) == "arrange_specials" and after == circle:
            names[1:] = [*names[1:-1], names[-1] + " " + _EFFECTS.get(lang, _EFFECTS["en"])["unchanged"]]
    if len(names) < 2:
        return text, None, text
    targets = ", ".join(names[1:])
    return text, targets, str(j["targets"].format(text=text, targets=targets))


#: what a card that only moves characters did or will do to the seats, in the book's terms
_EFFECTS = _BOOK["effects"]


def _effect_of(resolved: Any, card: Any) -> tuple[str, Any] | None:
    """The (key, params) of an action card's effect, None for anything else."""
    comp_id = str(card).split("#", 1)[0]
    for c in resolved.model.components:
        if c.id == comp_id:
            return next((f.data.effect for f in c.faces if f.data is not None and f.data.effect), None)
    return None


#: a ruffian named inside a sentence: with its article and in lower case in French and Italian ("le malandrin
#: vert", the book's common noun), as it is in English; a special character keeps its own name (round 25, fr40)
_RUFFIAN = _BOOK["ruffian"]


def called(resolved: Any, card: Any, lang: str) -> str:
    """A character's name as a sentence of the journal or a button says it (``_RUFFIAN``)."""
    from cardgen.games.base import component_name

    name = component_name(resolved, card, lang) or str(card)
    if not str(card).startswith("ruffian-"):
        return name
    return str(_RUFFIAN.get(lang, _RUFFIAN["en"]).format(name=name[:1].lower() + name[1:] if lang != "en" else name))


def _other(owner: dict[str, Any], circle: list[str], c: str) -> str | None:
    """The other character of ``c``'s owner (a player seats two ruffians), None for a special character."""
    who = owner.get(c, -1)
    return next((d for d in circle if d != c and who is not None and who >= 0 and owner.get(d, -1) == who), None)


def seated_after(resolved: Any, action: tuple[Any, ...], circle: list[str], owner: dict[str, Any]) -> list[str] | None:
    """The circle after a play of a card that moves characters by rule alone (a fixed move, To and Fro, The
    Splits, a swap, Seating Plan), worked out by the engine's own step, ``table.reseat``, on the circle coded as
    the engine codes it (a player's two characters ``2p`` and ``2p + 1``); None for a card whose seats the die or
    a shuffle decides, or that moves nobody."""
    from cardgen.games.draco.table import (ARRANGE, BESIDE, MOVE, NONE, SPLIT, SWAP_ADJ, SWAP_ANY, ZORK,
                                           effect_code, reseat)

    effect = _effect_of(resolved, action[1]) if len(action) > 2 else None
    if effect is None or action[2] not in circle:
        return None
    code, a, b = effect_code(effect)
    if code not in (MOVE, SPLIT, BESIDE, SWAP_ADJ, SWAP_ANY, ARRANGE):
        return None
    coded: dict[str, int] = {}
    for w in circle:  # a player's characters 2p, 2p + 1; the special characters after every player's
        p = owner.get(w, -1)
        mine = sum(1 for v in coded if owner.get(v, -1) == p)
        coded[w] = 2 * p + mine if p is not None and p >= 0 and mine < 2 else 2 * len(circle) + len(coded)
    kind = [NONE] * (3 * len(circle))  # by code: NONE for a player's character, else a special's
    for w, v in coded.items():
        kind[v] = NONE if v < 2 * len(circle) else ZORK
    targets = [coded[w] for w in action[2:] if w in coded]
    if len(targets) != len(action) - 2 or (code in (SPLIT, BESIDE) and coded[action[2]] ^ 1 not in coded.values()):
        return None
    if code in (SWAP_ADJ, SWAP_ANY) and len(targets) < 2:
        return None
    row = [0, 0, *targets, *[0] * (3 - len(targets[:3])), len(targets)][:6]
    order = [coded[w] for w in circle]
    reseat(order, code, a, b, row, kind)
    name = {v: w for w, v in coded.items()}
    return [name[v] for v in order]


def effect_phrase(resolved: Any, action: tuple[Any, ...], lang: str, start: list[str], end: list[str],
                  owner: dict[str, Any]) -> str | None:
    """What a card did (or will do) to the seats in the book's terms, from the circle ``start`` to ``end``:
    "Red Ruffian (seat 5) moves forward 2 seats, to seat 3"; To and Fro's two moves and where they end; None
    where the card has no such phrase (Seating Plan names its seats its own way)."""
    from cardgen.games.base import component_name

    effect = _effect_of(resolved, action[1]) if len(action) > 2 else None
    if effect is None:
        return None
    key, params = effect
    w = _EFFECTS.get(lang, _EFFECTS["en"])
    c = action[2]
    name = called(resolved, c, lang)
    n, to = start.index(c) + 1, end.index(c) + 1
    if key == "move":
        if n == to:  # already at the end it is sent towards: it does not move, said so, not as a move's result
            return str(w["stays_" + ("first" if params.direction == "forward" else "last")].format(name=name, n=n))
        # the first or last seat stops it short: "moves back 2 seats, to seat 9" from seat 8 was untrue (round 26, en28)
        short = abs(to - n) < params.steps
        dist = distance(abs(to - n) if short else params.steps, lang)
        return str(w[params.direction + ("_only" if short else "")].format(name=name, n=n, dist=dist, to=to))
    other = _other(owner, start, c) if key in ("split", "both_beside_draco") else None
    if key == "split" and other is not None:
        return _split_phrase(resolved, (c, other), params, lang, start, end)
    if key == "both_beside_draco" and other is not None:
        # the one already where the card sends it stays there, said so: "the other (seat 9) to the last" read as a
        # move (#53 round 28, fr22)
        first, last = start.index(c) == 0, start.index(other) == len(start) - 1
        key = "beside_stay" if first and last else "beside_name_stays" if first else \
            "beside_other_stays" if last else "beside"
        return str(w[key].format(name=name, n=n, m=start.index(other) + 1))
    if key == "swap" and len(action) > 3 and action[3] in start:
        return str(w["swap"].format(name=name, n=n, other=called(resolved, action[3], lang),
                                    m=start.index(action[3]) + 1))
    return None


def _split_phrase(resolved: Any, pair: tuple[Any, Any], params: Any, lang: str, start: list[str],
                  end: list[str]) -> str:
    """To and Fro from ``start`` to ``end``: the chosen character ``pair[0]`` forward, then the other back from
    the seat it holds after that first move (this edition's ruling), each by the card's distance, or by less,
    or not at all, where the first or the last seat stops it (said: "moves forward 4 seats" from seat 3 was untrue,
    round 26, en28); then the seats they end in."""
    from cardgen.games.draco.table import move

    w = _EFFECTS.get(lang, _EFFECTS["en"])
    c, other = pair
    n, m = start.index(c) + 1, start.index(other) + 1
    halfway = list(start)
    move(halfway, c, -params.forward)
    ahead, back = n - halfway.index(c) - 1, end.index(other) - halfway.index(other)
    first = w["fwd_" + ("none" if not ahead else "short" if ahead < params.forward else "full")].format(
        name=called(resolved, c, lang), n=n, fwd=distance(params.forward, lang), dist=distance(ahead, lang))
    second = w["back_" + ("none" if not back else "short" if back < params.back else "full")].format(
        m=m, back=distance(params.back, lang), dist=distance(back, lang))
    return str(w["split"].format(first=first, second=second, to=end.index(c) + 1, to2=end.index(other) + 1))


def _effect_key(resolved: Any, card: Any) -> str | None:
    """The effect an action card's face carries (``move``, ``arrange_specials``...), None for anything else."""
    effect = _effect_of(resolved, card)
    return None if effect is None else str(effect[0])


def describe_done(resolved: Any, action: tuple[Any, ...], lang: str, before: dict[str, Any],
                  after: dict[str, Any]) -> str | None:
    """A Draco move made, as the journal records it (``_describe_done``), then, on lines of their own, what the move
    did to the draw pile: rebuilt from the discards, or run out for good (``pile_said``). The journal said neither,
    the two moments that start the end of the game (#53 play round 30, en18*, it24*)."""
    text = _describe_done(resolved, action, lang, before, after)
    pile = pile_said(resolved, before, after, lang)
    if not pile:
        return text
    if text is None:
        from cardgen.games.base import name_action

        text = name_action(resolved, action, lang, before)
    lines = text.split("\n")
    # said after the move's own line, before a final toast's lines: the pile ran out before the toast was proposed
    return "\n".join(lines[:1] + pile + lines[1:])


def _rebuilt_size(before: dict[str, Any], after: dict[str, Any], lang: str) -> str:
    """The new draw pile's size when the discards became it: every discard held then (``rules.pile_empty`` shuffles
    them all), those of before the move and the card this move played, which is discarded before any draw of the
    turn; the move is over only after the end-of-turn draw, so the pile it leaves may be a card short, and that
    draw is then said: "47 action cards; 46 after the end-of-turn draw". Round 33's readers counted the 47 discards
    the journal's "(46 action cards)" left out (#53 play round 33, en16*, it16*)."""
    played = 1 if before.get("phase") == "play" else 0
    size, left = int(before.get("discard", 0)) + played, int(after.get("pile", 0))
    cards = counted(size, "card", lang)
    # the next turn begun (its "play" step, or the game over): the turn that ended drew its card
    turned = after.get("phase") in ("play", "over") and (after.get("phase") != before.get("phase")
                                                         or after.get("current") != before.get("current"))
    if left < size and turned and int(after.get("discard", 0)) == 0:
        return str(_JOURNAL.get(lang, _JOURNAL["en"])["pile_then_drawn"].format(cards=cards, left=left))
    return cards


def pile_said(resolved: Any, before: dict[str, Any], after: dict[str, Any], lang: str) -> list[str]:
    """The draw pile rebuilt from the discards (``rules.pile_empty``: the public ``rebuilds_left`` went down), with
    the new pile's size when it was made (``_rebuilt_size``), and whether it will be rebuilt again; or run out for good (the
    public ``last_call`` set), with who must propose the final toast under this edition's ruling (``final_toast``:
    ``must_toast``) or, under another, the book's "the final toast is near"."""
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    said = []
    left_before, left_after = before.get("rebuilds_left"), after.get("rebuilds_left")
    if left_before is not None and left_after is not None and int(left_after) < int(left_before):
        key = "pile_rebuilt" if int(left_after) > 0 else "pile_rebuilt_last"
        said.append(str(j[key].format(cards=_rebuilt_size(before, after, lang))))
    if after.get("last_call") and not before.get("last_call"):
        ruling = (getattr(resolved.model, "clarifications", None) or {}).get("final_toast")
        must = getattr(ruling, "resolution", None) == "must_toast"
        said.append(str(j["pile_gone_must" if must else "pile_gone"]))
    return said


def _describe_done(resolved: Any, action: tuple[Any, ...], lang: str, before: dict[str, Any],
                   after: dict[str, Any]) -> str | None:
    """A Draco move made, as the journal records it (``GameSpec.describe_done``): "moves Red Ruffian from seat 5
    to seat 3" (the circle is public), "draws a card" (the card drawn is the drawer's alone: never named).

    Then what every seat saw the move change (round 24, en34, en39, fr31, it27-29): each character a card moved,
    from which seat to which ("plays The Splits: Red Ruffian from seat 7 to seat 1"); the die a Favour showed;
    Draco's hand and the cup; the purses (public: every seat sees every purse), "Player 2 receives 4 silver
    coins, Player 1 pays 1 silver coin", or one player paying another (Shakedown, Game of Dice); a toast seat by
    seat with each player's sums and the rulings where the purses say otherwise (``_toast_lines``), the final one
    ending the game. Game of Dice's and Shower of Coins' rolls are told from the observation's ``rolls`` (every
    seat sees the die), never invented: without them, their coins are told, and a Shower of Coins that paid nobody
    from a bank with coins says whose seats the rolls showed (special characters')."""
    from cardgen.games.base import component_name

    kind = str(action[0]) if action else ""
    book = _DONE.get(lang, _DONE["en"])
    words = book.get(kind)
    if words is None:
        return None
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    start, end = list(before.get("circle", ())), list(after.get("circle", ()))
    final = after.get("phase") == "over" and before.get("phase") != "over" and bool(after.get("last_call"))
    bank = _bank_note(resolved, kind, action, before, after, final, lang)
    # a house rule may move money at a toast (Charity Toast's gift) and change who is the richest: its purses are
    # then told as they end, the rule's own move said by the session after the line (``play.session.house_effect``)
    house = getattr(resolved.model, "code", None) is not None
    if kind == "toast" and not house:  # seat by seat, then each player's sums (round 26: en24, en25, it18)
        return _toast_lines(resolved, before, after, lang, final)
    # a final toast a move forced, told the same way, unless a card moved money first (the purses the toast found are
    # then not in what a seat saw)
    toast = _toast_lines(resolved, before, after, lang, True) if final and not house and not (
        kind == "play" and len(action) > 1 and _effect_key(resolved, action[1]) in ("steal", "dice_duel", "coin_drop")) \
        else None
    if kind == "move" and len(action) > 1 and action[1] in start and action[1] in end:
        name = called(resolved, action[1], lang)
        at, to = start.index(action[1]) + 1, end.index(action[1]) + 1
        if at == to:  # already at the end it was moved towards: "who stays at seat 1", never "from seat 1 to seat 1"
            words = book["move_stay"]
        text = str(words.format(card=name, start=at, end=to))
        delta = int(before.get("roll_delta") or 0)
        if delta and abs(to - at) < abs(delta):  # the die said more than the circle has room for (fr41), and
            # what it said: "from seat 5 to seat 1: nobody can go past the first seat" left the 5 to guess (en27)
            # and how far it did go: "no one goes past the first seat" alone read as a general remark, the 5 cut to
            # 4 left to work out (#53 play round 33, en18, fr15, it20)
            text += j["then"] + j["clamped_first" if delta < 0 else "clamped_last"].format(
                d=abs(delta), seats=counted(abs(to - at), "seat", lang))
        # and the characters that closed up, as a card's move lists them (they went unsaid after Favour: en27)
        shifted = [j["moved"].format(name=called(resolved, c, lang), start=start.index(c) + 1, end=end.index(c) + 1)
                   for c in start if c != action[1] and c in end and end.index(c) != start.index(c)]
        if shifted:
            text += j["then"] + _EFFECTS.get(lang, _EFFECTS["en"])["shift"].format(moved=", ".join(shifted))
    elif "{start}" in words:  # a character the circle does not hold: by its name alone
        return None
    elif kind == "toast" and final:
        text = str(book["toast_final"])
    elif kind in ("draw", "decline"):
        return _sarah_said(resolved, kind, before, after, lang)
    else:
        text = str(words.format(card=card_called(resolved, action[1], lang) if len(action) > 1 else ""))
        # a card that turns Draco over counts the seats from his other side: nobody moved, the numbers did
        named = [c for c in action[2:] if c in start]  # the characters the card named first, then the others
        moved = [j["moved"].format(name=called(resolved, c, lang), start=start.index(c) + 1,
                                   end=end.index(c) + 1)
                 for c in named + [c for c in start if c not in named]
                 if c in end and end.index(c) != start.index(c)] \
            if kind == "play" and before.get("draco") == after.get("draco") else []
        owner = after.get("info", {}).get("owner", {})
        phrase = effect_phrase(resolved, action, lang, start, end, owner) if moved else None
        if phrase is not None:
            # the card's own move in the book's terms first (To and Fro's net "seat 8 to seat 3" read as a
            # forward 5), then the characters that only closed up (round 25: en28, it26)
            key = _effect_key(resolved, action[1])
            targets = {action[2], *action[3:], *([_other(owner, start, action[2])]
                                                 if key in ("split", "both_beside_draco") else [])}
            shifted = [j["moved"].format(name=called(resolved, c, lang), start=start.index(c) + 1,
                                         end=end.index(c) + 1)
                       for c in start if c not in targets and c in end and end.index(c) != start.index(c)]
            moved = [phrase] + ([_EFFECTS.get(lang, _EFFECTS["en"])["shift"].format(moved=", ".join(shifted))]
                                if shifted else [])
        if moved:
            return _with(text, moved, _money(before, after, lang), final, lang, bank, toast)
        still = effect_phrase(resolved, action, lang, start, end, after.get("info", {}).get("owner", {})) \
            if kind == "play" and start == end and _effect_key(resolved, action[1]) in ("move", "split",
                                                                                        "both_beside_draco") else None
        if still is not None:  # a card whose characters were already where it sends them (round 26, en27)
            return _with(str(j["targets"].format(text=text, targets=still)), [], [], final, lang, bank, toast)
        if kind == "play" and start == end and _effect_key(resolved, action[1]) == "arrange_specials":
            # Seating Plan leaving everyone where they were: said, not a list that reads as a move (en33)
            return _with(text, [_EFFECTS.get(lang, _EFFECTS["en"])["same"]], [], final, lang, bank, toast)
        if len(action) > 2 and isinstance(action[2], int):  # a player challenged or robbed: "against Player 2"
            # the player it targets named as the page names them, "against you" on their own page (#53 round 29,
            # it14)
            text = by_seat(action[2], j["against"].format(text=text, who=_pl(action[2], lang)),
                           j["against_you"].format(text=text))
            money = _money(before, after, lang, between=not final)
            rolls = after.get("rolls") or []
            if _effect_key(resolved, action[1]) == "dice_duel" and not final and len(rolls) == 2:
                # the two rolls, the mover's first (``rules.play``; every seat sees the die: play round 27, en24,
                # fr25, it21), then the coin paid, or why none was: a tie, or the loser had no money
                mover = int(before.get("current", before.get("player", 0)))
                said = _rolls(j, mover, action[2], rolls[0], rolls[1], lang)
                money = [said + j["then"] + ", ".join(money or [j["dice_tie" if rolls[0] == rolls[1]
                                                                else "dice_nothing"]])]
            elif not money and _effect_key(resolved, action[1]) == "dice_duel" and not final:
                # Game of Dice with no coin moved, its rolls not known (an observation without them): a tie when
                # both had money, else nothing to say but that (round 25: en32, it22)
                both = all(before.get("money", [0] * 9)[p] > 0 for p in (action[2], before.get("player", 0)))
                money = [j["dice_tie"] if both else j["dice_nothing"]]
            elif money and _effect_key(resolved, action[1]) == "dice_duel" and not final:
                gained = [p for p, (b, a) in enumerate(zip(before.get("money", ()), after.get("money", ()))) if a > b]
                money = [by_seat(gained[0], j["dice_won"].format(taker=_pl(gained[0], lang)), j["dice_won_you"])] \
                    + money if gained else money
            return _with(text, [], money, final, lang, bank, toast)
        targets = [_at(resolved, w, lang, start) for w in action[2:] if not isinstance(w, int)]
        if targets:
            text = j["targets"].format(text=text, targets=", ".join(targets))
    told = []
    if after.get("roll") is not None and before.get("roll") is None:
        told.append(j["roll"].format(n=after["roll"]))
    if kind == "play" and before.get("draco") != after.get("draco") and after.get("draco") in ("left", "right"):
        told.append(j["cup"].format(draco=_draco_name(resolved, lang), side=j[str(after["draco"])]))
    if kind == "play" and len(action) > 1 and _effect_key(resolved, action[1]) == "cup_to_centre":
        # Round on the House said nothing of what it did (round 27, it22): the cup is public
        told.append(j["cup_centre" if before.get("cup", -1) >= 0 else "cup_was_centre"])
    if kind == "play" and len(action) > 1 and _effect_key(resolved, action[1]) == "coin_drop" and after.get("rolls"):
        # Shower of Coins' rolls, in order: the seats they name are on the circle (play round 27, fr25, it22)
        # with the character each names, whose owner took a coin, or nobody for a special character (fr27)
        told.append(j["roll"].format(n=j["roll_then"].join(
            j["roll_at"].format(n=r, name=called(resolved, start[r - 1], lang)) if 0 < r <= len(start) else str(r)
            for r in after["rolls"])))
    if kind == "play" and len(action) > 1 and _effect_key(resolved, action[1]) == "coin_drop" and not final \
            and before.get("money") == after.get("money") and not bank:
        # the bank had coins and nobody took one: every roll showed a special character's seat (the rolls are in no
        # seat's observation; "plays Shower of Coins" alone read as a card that did nothing: round 26, en31, fr33)
        told.append(j["coins_specials"])
    return _with(text, told, _money(before, after, lang), final, lang, bank, toast)


def _sarah_said(resolved: Any, kind: str, before: dict[str, Any], after: dict[str, Any], lang: str) -> str:
    """A draw beside Aunt Sarah, or a draw declined, as the journal says it: for which ruffian, by its seat
    (``sarah_neighbour``). "draws a card for a ruffian of theirs beside Aunt Sarah" then "does not draw for a
    ruffian of theirs beside Aunt Sarah" read as one player doing and not doing one thing, when she had one
    ruffian on each side of her (#53 round 28, en23, fr20, it19)."""
    book = _DONE.get(lang, _DONE["en"])
    circle = list(before.get("circle", ()))
    sarah = _special(resolved, "sarah", lang)
    ruffian = sarah_neighbour(kind, before, after)
    if ruffian is None:
        return str(book[kind + "_any"].format(sarah=sarah))
    return str(book[kind].format(card=_at_seat(resolved, ruffian, lang, circle), sarah=sarah))


def _at_seat(resolved: Any, c: str, lang: str, circle: list[str]) -> str:
    """A character inside a sentence with its seat: "Red Ruffian (seat 7)", "le malandrin rouge (place 7)"."""
    return str(_JOURNAL.get(lang, _JOURNAL["en"])["at"].format(name=called(resolved, c, lang), n=circle.index(c) + 1))


def sarah_neighbour(kind: str, before: dict[str, Any], after: dict[str, Any]) -> str | None:
    """The ruffian a draw (``kind`` ``draw``) or a declined draw (``decline``) beside Aunt Sarah was for, from the
    mover's observations around it; None where they do not tell.

    The engine asks the owners of her neighbours in seat order, the one before her first
    (``table.put_sarah_neighbours``), while the pile holds cards. A player who owns one of them is asked for that
    one. A player who owns both is asked twice: the first time for the one before her, which the observation
    after it tells, the decision then still due (``phase`` ``draw``), or, after a draw that took the pile's last
    card, the second never asked."""
    from cardgen.games.draco.table import NONE, SARAH

    circle = list(before.get("circle", ()))
    info = before.get("info", {})
    special, owner = info.get("special", {}), info.get("owner", {})
    mover = before.get("current", before.get("player"))
    at = next((i for i, c in enumerate(circle) if special.get(c) == SARAH), None)
    if at is None or mover is None:
        return None
    beside = [circle[j] for j in (at - 1, at + 1) if 0 <= j < len(circle) and special.get(circle[j]) == NONE
              and owner.get(circle[j]) == mover]
    if len(beside) < 2:
        return beside[0] if beside else None
    first = after.get("phase") == "draw" or (kind == "draw" and int(before.get("pile", 0)) <= 1)
    return beside[0] if first else beside[1]


def _bank_note(resolved: Any, kind: str, action: tuple[Any, ...], before: dict[str, Any], after: dict[str, Any],
               final: bool, lang: str) -> list[str]:
    """Why a Shower of Coins, or a final toast forced after a card that moved money, paid nobody, or less: the bank
    is empty after it (its coins are on the table for all to see: ``bank.bank_holds``); nothing while it holds
    coins (round 25: en27, fr31, it22). Any other toast says its rulings itself (``toast_said``)."""
    from cardgen.games.draco.bank import bank_holds

    pays = kind == "toast" or final or (kind == "play" and len(action) > 1
                                        and _effect_key(resolved, action[1]) == "coin_drop")
    holds = bank_holds(resolved, after.get("money", ())) if pays else None
    if holds is None or holds > 0:
        return []
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    got = any(a > b for b, a in zip(before.get("money", ()), after.get("money", ())))
    return [j["bank_emptied"] if got else j["bank_empty"]]


def _with(text: str, told: list[str], money: list[str], final: bool, lang: str, bank: list[str],
          toast_lines: str | None = None) -> str:
    """``text``, then what the move changed: ``told`` (seats, the die, Draco's hand), the purses, the bank's
    ``bank`` note. A final toast a card's play forced is a line of its own under the card's, with its payments and
    the game's end (it was tacked onto the card's line, no toaster, no reason: round 25, en30, fr32, it23)."""
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    toast = _DONE.get(lang, _DONE["en"])["toast_final"]
    if final and not text.startswith(toast):
        first = _then(j, text, j["then"].join(told)) if told else text
        return first + "\n" + (toast_lines or _with(toast, [], money, True, lang, bank))
    rest = told + ([", ".join(money)] if money else []) + bank
    return _then(j, text, j["then"].join(rest)) if rest else text


def _then(j: dict[str, Any], text: str, what: str) -> str:
    """``text`` and what followed it, after a colon: "plays Tavern Brawl: …", "plays “Budge Up!”: …" (the name of a
    card that ends with "!" is quoted, ``card_called``)."""
    return str(j["targets"].format(text=text, targets=what))


def card_called(resolved: Any, card: Any, lang: str) -> str:
    """An action card's name inside a sentence: quoted where it ends with "!" ("plays “Budge Up!”: …"), where "Budge
    Up!:" read as a typo (round 27, en21) and the dash that replaced it as an aside, beside every other card's colon
    (#53 round 28, en26, fr23); Italian quotes every card's name already («{card}»)."""
    from cardgen.games.base import component_name

    name = component_name(resolved, card, lang) or str(card)
    return str(_JOURNAL.get(lang, _JOURNAL["en"])["quoted"].format(name=name)) if name.endswith("!") else name


def _toast_lines(resolved: Any, before: dict[str, Any], after: dict[str, Any], lang: str, final: bool) -> str:
    """A toast as the journal's lines (``toast_said``): the toaster's line with what each player was due and paid
    (and the game's end after the final toast), then, each on a line of its own, the seats and the rulings."""
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    head = _DONE.get(lang, _DONE["en"])["toast_final" if final else "toast"]
    due, seats, rulings = toast_said(resolved, before, after, lang)
    if "{text}" in due:  # what was due, then what was paid, each a sentence: "… to Draco. Due: …. Paid: …."
        first = due.replace("{text}", head)
    else:
        first = j["targets"].format(text=head, targets=due)
    return "\n".join(line for line in (first, seats, rulings) if line)


def _money(before: dict[str, Any], after: dict[str, Any], lang: str, between: bool = False) -> list[str]:
    """The purses a move changed, as every seat sees them: who received and who paid how much (the bank's side
    unsaid), the receivers first; ``between`` (a card played against a player: Shakedown, Game of Dice), one player
    paying another when only those two changed by one sum. Never so at a toast, where the bank pays and is paid:
    +2 for one and −2 for another is two sums, not a gift."""
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    changes = [(p, a - b) for p, (b, a) in enumerate(zip(before.get("money", ()), after.get("money", ()))) if a != b]
    if between and len(changes) == 2 and changes[0][1] == -changes[1][1]:
        (giver, _), (taker, got) = sorted(changes, key=lambda c: c[1])
        return [_between(j, "pays_to", giver, taker, counted(got, "silver", lang), lang)]
    # each player named as the page names them, told to themselves on their own page: "Player 2 pays 1 silver coin"
    # under "Player 2 · Bo (you)" left Bo to work out it was him (#53 round 29, en21, fr6, it14)
    return [by_seat(p, j[key].format(who=_pl(p, lang), what=what), j[key + "_you"].format(what=what))
            for p, d in sorted(changes, key=lambda c: (-c[1] > 0, c[0]))
            for key, what in [("receives" if d > 0 else "pays", counted(abs(d), "silver", lang))]]


def _pl(p: int, lang: str, key: str = "who") -> str:
    """Player ``p`` in a journal sentence (``cardgen.games.mention.player``): "Player 2" (« le joueur 2 ») where the
    seat has no name, else by the name alone, "Bo", "the computer" (« l’ordinateur »): "joue Racket contre le joueur
    2 · Léo : le joueur 2 · Léo paie 1 pièce d’argent au joueur 3 · ordinateur" pasted the seat's label into the
    sentence three times (#53 play round 30, fr23, it8, en4). ``key`` "to_who": after "to" (« au joueur 2 », « à
    Léo »)."""
    j = _JOURNAL.get(lang, _JOURNAL["en"])
    return player(p, j[key].format(n=seat_no(p)), j[key + "_named"].format(who=WHO) if key != "who" else WHO)


def _between(words: dict[str, Any], key: str, giver: int, taker: int, what: str, lang: str | None = None) -> str:
    """``words[key]``, one player giving ``what`` to another (``{giver}``, ``{taker}``), as each page reads it: to the
    giver, ``key_giver`` ("you pay … to Player 3"); to the taker, ``key_taker`` ("Player 2 pays you …"). With
    ``lang``, the journal's words: each player by ``_pl`` (the taker after "to"); without, a house rule's gift (its
    own words name the seat: "player {taker}")."""
    if lang is None:
        who, to = seat_no, seat_no
    else:
        def who(p: int) -> str:
            return _pl(p, lang)

        def to(p: int) -> str:
            return _pl(p, lang, "to_who")
    return by_seat(giver, by_seat(taker, words[key].format(giver=who(giver), taker=to(taker), what=what),
                                  words[key + "_taker"].format(giver=who(giver), what=what)),
                   words[key + "_giver"].format(taker=to(taker), what=what))


def _rolls(words: dict[str, Any], mover: int, them: int, a: int, b: int, lang: str) -> str:
    """Game of Dice's two rolls, the mover's ``a`` first, as each page reads them: "you roll 3 and Player 2 rolls 2"
    on the mover's, "Player 1 rolls 3 and you roll 2" on the challenged player's."""
    me, it = _pl(mover, lang), _pl(them, lang)
    return by_seat(mover, by_seat(them, words["dice_rolls"].format(me=me, a=a, them=it, b=b),
                                  words["dice_rolls_them"].format(me=me, a=a, b=b)),
                   words["dice_rolls_me"].format(a=a, them=it, b=b))


def _named(resolved: Any, word: Any, lang: str, circle: list[str]) -> str:
    """A card of a move by its name; a character in ``circle`` with its place too."""
    from cardgen.games.base import component_name

    name = component_name(resolved, word, lang) or str(word)
    if word in circle:
        return str(_PLACED.get(lang, _PLACED["en"]).format(name=name, n=circle.index(word) + 1))
    return name


def _at(resolved: Any, word: Any, lang: str, circle: list[str]) -> str:
    """A target of a move made, by its name; a character in ``circle`` with the seat it sat in: "Zork (seat 6)"."""
    from cardgen.games.base import component_name

    name = component_name(resolved, word, lang) or str(word)
    if word in circle:
        return str(_JOURNAL.get(lang, _JOURNAL["en"])["at"].format(name=name, n=circle.index(word) + 1))
    return name


#: money going from one player to another, as the journal tells a house rule's gift; told to the giver, to the taker
_GIFT, _GIFT_GIVER, _GIFT_TAKER = _BOOK["gift"], _BOOK["gift_giver"], _BOOK["gift_taker"]


def describe_effect(resolved: Any, plain: dict[str, Any], house: dict[str, Any], lang: str) -> str | None:
    """What a house rule changed in a move, as money (``GameSpec.describe_effect``): one player's loss that is
    another's gain, "player 2 gives 1 silver coin to player 3" (Charity Toast's gift); else each seat whose purse
    ends otherwise, "player 3 +1 silver coin"; None when the purses end alike."""
    seat = _SEAT.get(lang, _SEAT["en"])
    changes = [(p, h - q) for p, (h, q) in enumerate(zip(house.get("money", ()), plain.get("money", ()))) if h != q]
    if not changes:
        return None
    if len(changes) == 2 and changes[0][1] == -changes[1][1]:
        (giver, _), (taker, got) = sorted(changes, key=lambda c: c[1])
        words = {key: book.get(lang, book["en"]) for key, book in (("gift", _GIFT), ("gift_giver", _GIFT_GIVER),
                                                                   ("gift_taker", _GIFT_TAKER))}
        return _between(words, "gift", giver, taker, counted(got, "silver", lang))
    you = _TOAST.get(lang, _TOAST["en"])["you"]
    return ", ".join(f"{by_seat(p, seat.format(n=seat_no(p)), you)} {'+' if d > 0 else '−'}"
                     f"{counted(abs(d), 'silver', lang)}" for p, d in sorted(changes, key=lambda c: -c[1]))


# -- the toast, seat by seat -------------------------------------------------------------
#: the toast's words: each seat's share as the book's worked example walks it (``book.toast_walk``), what each
#: player is owed in all, what was paid and, where the two differ, the ruling that says why
_TOAST = _BOOK["toast"]


def _walk(resolved: Any, obs: dict[str, Any]) -> dict[str, Any]:
    """The book's walk of a toast proposed at ``obs`` (``book.toast_walk`` on the circle as the engine codes it,
    ``obs["seats"]``, with the deck's payouts, costs and Zork's multiplier from ``obs["info"]``): ``walk`` per
    seat, and per player ``gain`` and ``loss``. The richest players, who pay for Zork, are decided on the purses
    before the toast; tied, they each pay unless the deck rules that none does (``richest_tie``)."""
    from types import SimpleNamespace

    from cardgen.games.draco.book import toast_walk

    info = obs.get("info", {})
    code_of = dict(zip(obs["circle"], obs["seats"]))
    k = len(code_of)
    special, owner = [0] * k, [-1] * k
    for cid, c in code_of.items():
        special[c], owner[c] = int(info["special"][cid]), int(info["owner"][cid])
    from cardgen.games.draco.table import fullest_purses

    money = list(obs["money"])
    richest = fullest_purses(money)
    rule = resolved.model.clarifications.get("richest_tie")
    if len(richest) > 1 and rule is not None and rule.resolution == "none_pays":
        richest = []
    game = SimpleNamespace(players=len(money), special=special, owner=owner, payouts=list(info["payouts"]),
                           costs=list(info["costs"]), zork_mult=int(info["zork_multiplier"]), sarah_draw=0)
    return {**toast_walk(game, list(obs["seats"]), richest), "richest": richest}


def _who(p: int, lang: str) -> str:
    """A player in the toast's words: "Player 2" ("Player 2 · Bo" on a page, as its top bar names them), "you" on
    the player's own page: its button and its journal alike ("you +4 −2 = +2" on the button, "Player 2 +4 −2 = +2"
    in the journal of the same page: #53 round 29, en21, fr6, it14)."""
    w = _TOAST.get(lang, _TOAST["en"])
    # a named player by the name alone: "Player 2 · Bo +4 · seat 2: …" used the dot inside names and between seats
    # (#53 play round 30, en17*, fr21*, it23*)
    return by_seat(p, player(p, w["player"].format(n=seat_no(p)), WHO_SHORT), w["you"])


def _seats_said(resolved: Any, obs: dict[str, Any], walked: dict[str, Any], lang: str) -> str:
    """Each seat a toast pays or charges, from the first to the last, as the book's example tells it: "seat 1
    Player 2 +4 · seat 2 Brother John passes 3 on · seat 3 Player 3 +2, +3 from Brother John"; the seats
    the toast leaves alone unsaid. Aunt Sarah's neighbours' draws are their own journal lines."""
    from cardgen.games.base import component_name

    w = _TOAST.get(lang, _TOAST["en"])
    richest = walked["richest"]
    walk = walked["walk"]
    # Brother John's cost is said once, at the seat that pays it, with his seat: "seat 8: you −1, −2 for Brother John
    # (seat 9)"; his own seat's "paid for by the owner … in the seat before him" told the same coins a second time
    # and the line's items no longer added up (#53 play round 36 it11*, p35 it18, p34 it16)
    # (Zork before him: "−2 for Zork (the richest)" does not name Brother John, whose own seat still says it)
    jean_at = next((j + 1 for j, events in enumerate(walk) if j and any(e[0] == "paid_before" for e in events)
                    and any(e[0] == "also_pays" for e in walk[j - 1])), 0)
    # the seats whose own cost the toast charges (the last ones): Aunt Sarah before them says "pays nothing" only
    # there, not where she would only have paid for Brother John, whose line already says nobody pays (fr20)
    charged = len(walk) - len(obs.get("info", {}).get("costs", [])[:len(walk)])
    out = []
    for j, events in enumerate(walk):
        name = component_name(resolved, obs["circle"][j], lang) or str(obs["circle"][j])
        said: list[str] = []
        named = set()  # the players this seat already named: what Brother John hands on then needs no name
        for kind, p, amount in events:
            if kind == "draws" or (kind == "paid_before" and j + 1 == jean_at) or (kind == "not_due" and j < charged):
                continue
            if kind == "zork":  # the richest pay his seat's cost times his multiplier, each of them if tied
                key = "zork_none" if not richest else "zork_tied" if len(richest) > 1 else "zork"
                said.append(w[key].format(name=name, who=join_and([_who(q, lang) for q in richest], lang),
                                          n=int(obs["info"]["zork_multiplier"]) * amount))
                continue
            if kind in ("also_receives", "also_pays") and p not in named:
                kind += "_who"
            named.add(p)
            line = w[kind].format(who=_who(p, lang) if p >= 0 else "", n=amount, name=name,
                                  coins=counted(amount, "silver", lang), at=jean_at,
                                  jean=_special(resolved, "jean", lang), sarah=_special(resolved, "sarah", lang))
            if line not in said:  # Aunt Sarah taking nothing of her seat's silver nor of what Brother John handed on
                said.append(line)
        if said:
            out.append(w["at"].format(s=j + 1, what=", ".join(said)))
    return str(w["sep"]).join(out)


def _special(resolved: Any, which: str, lang: str) -> str:
    """The name in ``lang`` of the special character ``which`` ("jean": Brother John, who hands his seat's silver
    on; "sarah": Aunt Sarah, who pays nothing, nor for him when she sits just before him)."""
    return next((str(c.name[lang]) for c in resolved.model.components
                 if c.data is not None and c.data.role == "special" and c.data.special == which), "")


def _sums(gain: list[int], loss: list[int], lang: str) -> str:
    """Each player a toast pays or charges, in all: "Player 2 +4 −2 = +2, Player 3 +6, Player 1 −1"; those it
    pays first."""
    w = _TOAST.get(lang, _TOAST["en"])
    order = sorted((p for p in range(len(gain)) if gain[p] or loss[p]), key=lambda p: (gain[p] <= loss[p], p))
    said = []
    for p in order:
        parts = ([f"+{gain[p]}"] if gain[p] else []) + ([f"−{loss[p]}"] if loss[p] else [])
        net = gain[p] - loss[p]
        # held together by no-break spaces: "+4 −1 = +3" broke after "+4" on a phone
        sums = "\u00a0".join(parts) + ("\u00a0=\u00a0" + _signed(net) if gain[p] and loss[p] else "")
        said.append(w["sum"].format(who=_who(p, lang), sums=sums))
    return ", ".join(said)


def _signed(d: int) -> str:
    """``+2``, ``−1``, ``0``: a change of purse with its sign (the typographic minus)."""
    return f"+{d}" if d > 0 else f"−{-d}" if d < 0 else "0"


def toast_said(resolved: Any, before: dict[str, Any], after: dict[str, Any], lang: str) -> tuple[str, str, str]:
    """A toast proposed at ``before`` (the purses, the circle) and paid into ``after`` (the purses), as the journal
    tells it (#53 round 26, en24, en25, fr28, it18, it24): (what each player was due in all, or, where the purses
    say otherwise, a ``{text}`` for the toaster's words, then what was due and what was paid, each its own sentence
    (round 27: en17, it19); each seat's share, ``_seats_said``; the rulings that say why the two differ, else "").
    A debt beyond a purse is paid with what the player has (``cannot_pay``); a bank that cannot pay all it owes
    collects first, then pays in seat order (``bank_short``), and what a player receives and pays at one toast
    cancels before it pays (only the difference changes hands): the last seats then seem to pay nothing. The bank's
    rulings are said at the toast that runs it dry; a toast that finds it empty says so in a word, the bank's box
    holding the rulings (they were printed word for word after every toast of the game's last third: round 27,
    en16, fr21, it20)."""
    from cardgen.games.draco.bank import bank_holds

    w = _TOAST.get(lang, _TOAST["en"])
    walked = _walk(resolved, {**before, "circle": after["circle"], "seats": after["seats"]})
    gain, loss = walked["gain"], walked["loss"]
    seats = _seats_said(resolved, {**before, "circle": after["circle"]}, walked, lang)
    seats = seats[:1].upper() + seats[1:]
    if not any(gain) and not any(loss):
        return str(w["nothing"]), seats, ""
    owed = [g - lo for g, lo in zip(gain, loss)]
    paid = [a - b for b, a in zip(before["money"], after["money"])]
    empty_before = bank_holds(resolved, before["money"]) == 0
    if paid == owed:
        emptied = bank_holds(resolved, after["money"]) == 0 and not empty_before
        return str(w["all"].format(sums=_sums(gain, loss, lang)) + (w["emptied"] if emptied else "")), seats, ""
    why = [by_seat(p, w[key].format(who=_pl(p, lang), have=before["money"][p]),
                   w[key + "_you"].format(have=before["money"][p]))
           for p in range(len(owed)) if owed[p] < 0 and before["money"][p] + owed[p] < 0
           for key in ["cannot" if before["money"][p] else "cannot_none"]]
    short = any(0 <= got < due for got, due in zip(paid, owed) if due > 0) and not empty_before
    if short and any(g and lo for g, lo in zip(gain, loss)):  # the sums cancel before the bank pays
        why.insert(0, w["netted"])
    if short:
        why.append(w["short"])
    got = ", ".join(w["sum"].format(who=_who(p, lang), sums=_signed(d))
                    for p, d in sorted(((p, d) for p, d in enumerate(paid) if d), key=lambda m: (m[1] < 0, m[0])))
    # an empty bank that still pays someone passes on what it has just taken in: "(the bank was empty)" beside a
    # payment read as a contradiction (#53 play round 34, it18*, fr14; replaces round 27's bracket there); "none
    # (the bank was empty)" where the bank pays nobody
    empty = (w["paid_empty_passed"] if any(d > 0 for d in paid) else w["paid_empty"]) if empty_before else ""
    paid_said = (got or w["paid_none"]) + empty
    return (str(w["owed"].format(text="{text}", sums=_sums(gain, loss, lang), paid=paid_said)), seats,
            str(w["rulings" if len(why) > 1 else "ruling"].format(why=w["and"].join(why))) if why else "")


def toast_offer(resolved: Any, table: dict[str, Any], lang: str) -> str:
    """What a toast proposed now would pay each player, for its button (#53 round 26, it19): "you +2, Player 3
    +6, Player 1 −1", and, where the bank could not pay it all, what it holds; public facts only (the circle,
    the purses, the box's coins)."""
    from cardgen.games.draco.bank import bank_holds

    w = _TOAST.get(lang, _TOAST["en"])
    walked = _walk(resolved, table)
    gain, loss = walked["gain"], walked["loss"]
    if not any(gain) and not any(loss):
        return str(w["nothing"])
    text = w["all"].format(sums=_sums(gain, loss, lang))
    holds = bank_holds(resolved, table["money"])
    owed = [g - lo for g, lo in zip(gain, loss)]
    collected = sum(min(-d, table["money"][p]) for p, d in enumerate(owed) if d < 0)
    if holds is not None and sum(d for d in owed if d > 0) > holds + collected:
        text += w["offer_short"].format(n=holds) if holds else w["offer_empty"]
    return str(text)
