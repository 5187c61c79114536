"""Deck checks of Draco & Co: cross-references (load time) and static checks per player count.

``check_references`` rejects a deck the engine could not even set up (no Draco, a
coin whose worth contradicts ``silver_per_gold``...), with a field path. The
static checks answer a designer's question for each player count: can this box be
dealt and played as the rules say?
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardgen import wordbook
from cardgen.games.base import CheckResult, Problem, Worded, card_names, worded_check
from cardgen.games.draco.model import ROLL_EFFECTS

#: the checks' names and details per language (``checks.json``: ``cardgen check --lang``)
CHECKS = wordbook.load(__file__)["checks"]
#: pieces of those details worded per language: the characters per colour, the die's faces
PARTS = wordbook.load(__file__)["parts"]
#: the roll effects whose face names a seat, counted from the first (Shower of Coins): the die may not
#: show a face beyond the seats around Draco
SEAT_ROLLS = ("coin_drop",)
#: the characters each colour in play needs: a player's two ruffians, one at each side of Draco's table
PER_COLOUR = 2


def _part(lang: str, key: str, **fields: Any) -> str:
    return (PARTS.get(lang, {}).get(key) or PARTS["en"][key]).format(**fields)


def per_colour_words(counts: list[int]) -> Worded:
    """The characters of each colour in play in words, never a Python list (it21: "[2, 2, 2] (two each)"):
    "2 characters of each of the 3 colours in play" when every colour has as many, else the counts joined as
    the language joins a list ("2, 2 and 1"); what the rules need is added where a colour has another count."""
    def text(lang: str) -> str:
        from cardgen.languages import is_singular
        from cardgen.text import join_and

        if counts and len(set(counts)) == 1:
            key = "per_colour_even_one" if is_singular(counts[0], lang) else "per_colour_even"
            said = _part(lang, key, n=counts[0], colours=len(counts))
        else:
            said = _part(lang, "per_colour_list", list=join_and(counts, lang) or "–")
        return said + ("" if all(n == PER_COLOUR for n in counts) else _part(lang, "per_colour_need", need=PER_COLOUR))
    return text


def faces_words(faces: list[int]) -> Worded:
    """A die's face values in words, never a Python list (it21: "[1, 2, 3, 4, 5, 6]"): a run of consecutive
    values as "1 to 6", any other set joined as the language joins a list ("1, 2, 2 and 5")."""
    def text(lang: str) -> str:
        from cardgen.text import join_and

        if not faces:
            return _part(lang, "faces_none")
        if len(faces) > 2 and faces == list(range(faces[0], faces[0] + len(faces))):
            return _part(lang, "faces_run", lo=faces[0], hi=faces[-1])
        return join_and(faces, lang)
    return text


def _role(c: Any) -> str | None:
    return c.data.role if c.data is not None else None


def check_references(deck: Any) -> Iterable[Problem]:
    """Problems the schema alone cannot see; paths point into ``deck.components``."""
    problems: list[Problem] = []
    colours = set(deck.colours)
    dracos = [i for i, c in enumerate(deck.components) if _role(c) == "draco"]
    if len(dracos) != 1:
        problems.append(Problem(("components",), f"expected exactly one component with role 'draco', "
                                f"found {len(dracos)}", key="draco_one_draco", fields={"found": len(dracos)}))
    specials: dict[str, int] = {}
    for i, c in enumerate(deck.components):
        role = _role(c)
        if role is None:
            problems.append(Problem(("components", i, "data"), "missing 'data' (expected at least {role: ...})",
                                    key="draco_missing_data"))
            continue
        if role in ("lair", "character") and c.data.colour not in colours:
            known = ", ".join(colours)
            problems.append(Problem(("components", i, "data", "colour"), f"unknown colour '{c.data.colour}'; "
                                    f"expected one of the deck's colours ({known})", key="unknown_colour",
                                    fields={"name": c.data.colour, "known": known}))
        if role == "draco":
            hands = [f.data.cup_hand if f.data is not None else None for f in c.faces]
            if c.kind != "card" or sorted(h or "" for h in hands) != ["left", "right"]:
                problems.append(Problem(("components", i, "faces"), "Draco is a two-sided card: one face with "
                                        "data {cup_hand: right}, the other with {cup_hand: left}",
                                        key="draco_two_sided"))
            if c.count != 1:
                problems.append(Problem(("components", i, "count"), "there is exactly one Draco (count: 1)",
                                        key="draco_one_count"))
        if role == "special":
            if c.data.special in specials:
                problems.append(Problem(("components", i, "data", "special"),
                                        f"special '{c.data.special}' is already component "
                                        f"#{specials[c.data.special]}; each special appears once",
                                        key="draco_special_twice",
                                        fields={"special": c.data.special, "index": specials[c.data.special]}))
            specials[c.data.special] = i
            if c.count != 1:
                problems.append(Problem(("components", i, "count"), "a special character is a single card "
                                        "(count: 1)", key="draco_special_count"))
        if role == "action":
            face = c.faces[0].data
            if c.kind != "card" or face is None or face.effect is None:
                problems.append(Problem(("components", i, "faces", 0, "data"), "an action card's face needs "
                                        "one effect, e.g. {flip_draco: {}} (see docs/draco.md)",
                                        key="draco_action_effect"))
        if role == "coin" and c.data.silver not in (1, deck.rules.silver_per_gold):
            problems.append(Problem(("components", i, "data", "silver"), f"a coin is worth 1 silver or one gold "
                                    f"({deck.rules.silver_per_gold} silver, rules.silver_per_gold); found "
                                    f"{c.data.silver}", key="draco_coin_worth",
                                    fields={"per_gold": deck.rules.silver_per_gold, "silver": c.data.silver}))
        if role == "die" and (c.kind != "die" or any(f.value is None or f.value < 1 for f in c.faces)):
            problems.append(Problem(("components", i, "faces"), "the die is a component of kind 'die' whose "
                                    "faces all have a 'value' of 1 or more", key="draco_die_faces"))
    return problems


def _sum(deck: Any, role: str, **match: Any) -> int:
    return sum(c.count for c in deck.model.components
               if _role(c) == role and all(getattr(c.data, k) == v for k, v in match.items()))


def static_checks(deck: Any, players: int) -> list[CheckResult]:
    """Can ``deck`` be set up and played by ``players`` players?"""
    r = deck.rules
    comps = deck.model.components
    out: list[CheckResult] = []
    actions = _sum(deck, "action")
    dealt = players * r.hand_size
    pile = actions - r.cards_set_aside - dealt
    out.append(worded_check(CHECKS, "hands", players, pile > 0, "none_aside" if r.cards_set_aside == 0 else "detail",
                            actions=actions, aside=r.cards_set_aside, players=players, hand=r.hand_size, pile=pile))
    gold = _sum(deck, "coin", silver=r.silver_per_gold)
    silver = _sum(deck, "coin", silver=1)
    need_gold = players * r.starting_gold
    out.append(worded_check(CHECKS, "gold", players, need_gold <= gold, need=need_gold, gold=r.starting_gold,
                            box=gold))
    lairs = [c for c in comps if _role(c) == "lair"]
    per_colour = [_sum(deck, "character", colour=c.data.colour) for c in lairs[:players]]
    out.append(worded_check(CHECKS, "lairs", players, len(lairs) >= players and all(n == PER_COLOUR for n in per_colour),
                            lairs=len(lairs), players=players, per_colour=per_colour_words(per_colour)))
    specials = _sum(deck, "special")
    seats = 2 * players + specials
    toast = len(r.toast_payouts) + len(r.toast_costs)
    out.append(worded_check(CHECKS, "circle", players, _sum(deck, "draco") == 1 and toast <= seats,
                            chars=2 * players, specials=specials, seats=seats, paid=len(r.toast_payouts),
                            charged=len(r.toast_costs), toast=toast))
    bank_gold = gold - need_gold
    payout = sum(r.toast_payouts)
    change = sum(v % r.silver_per_gold for v in r.toast_payouts)
    ok = payout <= silver + bank_gold * r.silver_per_gold and change <= silver
    out.append(worded_check(CHECKS, "bank", players, ok, payout=payout, change=change, silver=silver,
                            gold=bank_gold, per_gold=r.silver_per_gold))
    dice = [c for c in comps if _role(c) == "die"]
    effects = {c.id: f.data.effect[0] for c in comps if _role(c) == "action" for f in c.faces[:1]
               if f.data is not None and f.data.effect is not None and f.data.effect[0] in ROLL_EFFECTS}
    rolls = list(effects)
    seat_rolls = [i for i, effect in effects.items() if effect in SEAT_ROLLS]
    faces = [f.value for f in dice[0].faces] if dice else []
    one_die = len(dice) == 1 and len(faces) >= 2 and all(v is not None and v >= 1 for v in faces)
    # a face beyond the seats matters only where the face names a seat (Shower of Coins), not a number of
    # seats to move (Favour, clamped at the first and last seat) or a score (Game of Dice): read 9 en33
    seats_named = all(v is None or v <= seats for v in faces) or not seat_rolls
    key = "none" if not rolls else "fail" if one_die and not seats_named else "detail" if seat_rolls else "no_seat"
    out.append(worded_check(CHECKS, "die", players, not rolls or (one_die and seats_named), key,
                            rolls=card_names(deck, rolls, joined=True),
                            seat_rolls=card_names(deck, seat_rolls, joined=True),
                            faces=faces_words(faces), seats=seats))
    return out
