"""Generated card text: the reminder printed on the Emerald card, in fr/it/en.

It names the action as the rulebook does, with the published rules' verb (issue #53: "use Emerald",
« se servir d’Emerald », «usare Emerald»; never "call"), and says "the king's portions", never "his".

The number of portions Emerald eats comes from ``resolved.rules.emerald_portions``,
so a variant that changes it prints a matching card. Portion cards carry no text.
French typography: U+202F (narrow no-break space) before ``: ; ! ?``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen import wordbook
from cardgen.errors import InputError
from cardgen.games.mention import WHO, by_seat, player, seat_no
from cardgen.text import NNBSP

if TYPE_CHECKING:  # an annotation only: a game's package never imports the resolver above it
    from cardgen.model.deck import ResolvedDeck


#: this module's words per language (cardgen/wordbook.py: ``text.json`` beside it)
_BOOK = wordbook.load(__file__)
#: portion noun per language: [singular, plural]
_PORTION = _BOOK["portion"]
#: the reminder per language; {n} is the number, {portions} the noun agreeing with it
_EMERALD = _BOOK["emerald"]
#: the same rule told of "a player", for the play page: every seat and the spectator read it (round 27, it7)
_EMERALD_TOLD = _BOOK["emerald_told"]


def emerald_text(portions: int, lang: str, told: bool = False) -> str:
    """The Emerald reminder for ``portions`` portions in ``lang``: as the card prints it ("On your turn, you
    may…"), or with ``told`` in the third person ("a player may…"), as the play page gives it to whoever reads
    it, a spectator included."""
    if lang not in _EMERALD:
        raise InputError(f"no Emerald text in language '{lang}'; expected one of {', '.join(_EMERALD)}",
                         key="king_lui_no_emerald_text", fields={"lang": lang, "expected": ", ".join(_EMERALD)})
    noun = _PORTION[lang][0 if portions == 1 else 1]
    return (_EMERALD_TOLD if told else _EMERALD)[lang].format(n=portions, portions=noun)


def face_text(resolved: ResolvedDeck, component: Any, face: Any, lang: str) -> str | None:
    """Generated text of a face: the Emerald reminder; None for portion cards."""
    data = component.data
    if data is None or data.role != "emerald":
        return None
    return emerald_text(resolved.rules.emerald_portions, lang)


#: a player's move as the play screen names it, per language then move ({emerald}: the card's printed name)
_MOVES = _BOOK["moves"]
#: a move made, as the journal records it (third person), per language then move
_DONE = _BOOK["done"]


def describe_action(resolved: ResolvedDeck, action: tuple[Any, ...], lang: str) -> str:
    """A King Lui move in ``lang`` (``cardgen play``'s buttons and hints): dishes by their card names."""
    from cardgen.games.base import describe_generic

    told = _told(resolved, action, lang, _MOVES)
    return told if told is not None else describe_generic(resolved, action, lang)


def describe_move(resolved: ResolvedDeck, action: tuple[Any, ...], lang: str, table: dict[str, Any]) -> str:
    """A King Lui move in ``lang`` against ``table`` (the observation of the seat to move; ``GameSpec.describe_move``):
    taking a dish says how many portions it takes, all of the dish's on the table (public), with the language's
    articles: "Prendre les 3 portions de Jambon", not "Prendre Jambon" (round 25, fr13)."""
    return _told(resolved, action, lang, _MOVES, table) or describe_action(resolved, action, lang)


#: a long list's groups: the heading the Emerald uses go under and each one's words there, per language
_GROUPS = _BOOK["move_group"]


def move_group(resolved: ResolvedDeck, action: tuple[Any, ...], lang: str, table: dict[str, Any]) -> tuple[str, str] | None:
    """Where the play screen lists a King Lui move among many (``GameSpec.move_group``): the Emerald uses under
    "Use Emerald", each as the portions it removes ("Remove 2 portions of Bread"), without the "from the king's place"
    twelve buttons repeated under a heading that shows the king's place (#53 round 27, fr14, it5); a take or a draw
    stands alone (None)."""
    if not action or action[0] != "emerald":
        return None
    heads = {lang: {"emerald": words["emerald"]} for lang, words in _GROUPS.items()}
    parts = {lang: {"emerald": words["emerald_part"]} for lang, words in _GROUPS.items()}
    head, part = _told(resolved, ("emerald",), lang, heads), _told(resolved, action, lang, parts)
    return None if head is None or part is None else (head, part)


def describe_done(resolved: ResolvedDeck, action: tuple[Any, ...], lang: str, before: dict[str, Any],
                  after: dict[str, Any]) -> str | None:
    """A King Lui move made, as the journal records it (``GameSpec.describe_done``): "takes Bread (2 portions)",
    « prend les 2 portions de Pain » (the count from the table before the move: round 25, fr13), "draws a card"
    (the card drawn is the drawer's alone: never named); a move that ends a course says so on a line of its own,
    with what the king received from the table and the next course's chef (#53 en7: the king's place grew
    unexplained; round 25 en11: not glued onto the move)."""
    done = _told(resolved, action, lang, _DONE, before, drawn_emerald(action, before, after))
    if done is None or "course" not in before or after.get("course", 0) <= before["course"]:
        return done
    return course_end(resolved, done, lang, before, after)


def course_end(resolved: ResolvedDeck, done: str, lang: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """``done`` followed by the end of the course it closed: the portions the king received (his place's growth,
    plus what an Emerald removed from it in the same move), or that the players cleared the table and he gets
    nothing (the book's words: round 27, fr11, it1: « le roi reçoit rien » lacked its negation); unless the game
    ended, the next chef, and the Emerald cards that chef turned up with the new course (round 27, it2: they
    appeared beside the dishes with no line saying where from)."""
    from cardgen.games.base import component_name
    from cardgen.text import join_and

    words = _BOOK["course_end"].get(lang, _BOOK["course_end"]["en"])
    counted = _BOOK["counted"].get(lang, _BOOK["counted"]["en"])
    got = {dish: after["king"].get(dish, 0) - before["king"].get(dish, 0)
           + after["eaten"].get(dish, 0) - before["eaten"].get(dish, 0) for dish in after.get("dishes", [])}
    dishes = [counted["one" if n == 1 else "other"].format(n=n, dish=component_name(resolved, d, lang) or d)
              for d, n in got.items() if n > 0]
    key = ("last" if not after.get("to_act") else "next") + ("" if dishes else "_nothing")
    # the next chef named as each page names them, and told to themselves on their own page: "Player 2 is the chef"
    # left Bo to work out that he was player 2, the name two lines above (#53 round 29, en3, fr6, it1)
    chef = after["chef"]
    # and by name first, its seat after: "Bo (Player 2) is the chef", not the label "Player 2 · Bo" pasted in as a
    # subject (#53 play round 30, en4, fr2, it8)
    named = by_seat(chef, player(chef, words["chef"].format(chef=seat_no(chef), next=after["course"]),
                                 words["chef_named"].format(who=WHO, n=chef + 1, next=after["course"])),
                    words["chef_you"].format(next=after["course"]))
    told = str(words[key].format(done=done, n=before["course"], dishes=join_and(dishes, lang), chef=named))
    revealed = revealed_emeralds(after) if after.get("to_act") else 0
    if revealed:
        # said to the chef on their own page: "You are the chef of course 5. The chef turns over…" spoke of them in
        # the third person in the next breath (#53 play round 30, fr3, it7)
        key = "revealed_one" if revealed == 1 else "revealed"
        told += " " + by_seat(chef, words[key].format(n=revealed), words[key + "_you"].format(n=revealed))
    return told


def revealed_emeralds(after: dict[str, Any]) -> int:
    """The Emerald cards among those the chef turned up for the course ``after`` shows, just dealt: the deal is
    ``course_cards`` cards (the book: Emeralds waiting do not reduce it), and every one that is not a dish on the
    table is an Emerald laid beside the dishes."""
    return max(0, int(after.get("course_cards", 0)) - sum(after.get("table", {}).values()))


def drawn_emerald(action: tuple[Any, ...], before: dict[str, Any], after: dict[str, Any]) -> str | None:
    """The journal's word for a move around a drawn Emerald card, which every seat sees (the book: it is used at once
    or laid face up): ``draw_emerald`` for a draw that brought one now waiting on its drawer's choice,
    ``draw_emerald_laid`` for one laid beside the dishes at once (the king held too few portions to use it),
    ``place_drawn`` and ``emerald_drawn`` for the choice that follows; None for any other move. "draws a card" then
    "lays Emerald beside the dishes" did not say the card drawn was that Emerald (round 27, fr12, en5, it3)."""
    kind = str(action[0]) if action else ""
    if before.get("phase") == "drawn_emerald" and kind in ("place", "emerald"):
        return kind + "_drawn"
    if kind != "draw":
        return None
    if after.get("pending_emeralds", 0) > before.get("pending_emeralds", 0):
        return "draw_emerald"
    dealt = revealed_emeralds(after) if after.get("course", 0) > before.get("course", 0) else 0
    laid = after.get("table_emeralds", 0) - dealt - before.get("table_emeralds", 0)
    return "draw_emerald_laid" if laid > 0 else None


def _told(resolved: ResolvedDeck, action: tuple[Any, ...], lang: str, book: dict[str, Any],
          table: dict[str, Any] | None = None, key: str | None = None) -> str | None:
    """``action`` in the words of ``book`` (the buttons' or the journal's); None for a move it does not name.
    With ``table`` (the mover's observation before the move), a dish taken says its portions on the table;
    ``key`` names the sentence where the action's own does not say enough (``drawn_emerald``)."""
    from cardgen.games.base import component_name
    from cardgen.text import join_and

    words = book.get(lang, book["en"])
    text = words.get(key or str(action[0])) if action else None
    if text is None:
        return None
    names = [component_name(resolved, d, lang) or str(d) for d in action[1:]]
    emerald = component_name(resolved, "emerald", lang) or "Emerald"
    portions = int((table or {}).get("table", {}).get(action[1], 0) or 0) if action[0] == "take" else 0
    if portions:
        return str(words["take_one" if portions == 1 else "take_n"].format(dish=names[0], n=portions))
    counted = _BOOK["counted"].get(lang, _BOOK["counted"]["en"])
    # the portions Emerald removes, each dish once: a dish that repeats with its count in words that agree with it
    # ("2 portions of Bread", « 2 portions de Pain », never "Bread and Bread" nor « 2 Pain »: #53 fr14, it6); one
    # portion of each of two dishes by their names alone ("Ham and Cheese", as the readers wrote it), but in French
    # counted too: « retirer Jambon et Fromage » has no article, « 1 portion de Jambon et 1 portion de Fromage » does
    # (round 25, fr14; ``counted``'s ``pairs``)
    counts = Counter(names)
    each = len(counts) < len(names) or counted.get("pairs") == "each"
    dishes = [counted["one" if n == 1 else "other"].format(n=n, dish=name) if each else name
              for name, n in counts.items()]
    return str(text.format(dish=names[0] if names else "", dishes=join_and(dishes, lang),
                           emerald=emerald).replace(" : ", NNBSP + ": "))


def deck_words(deck: Any, words: Mapping[str, Any]) -> Mapping[str, Any]:
    """King Lui's words as ``deck``'s box makes them true: the Emerald cards waiting beside the dishes cannot pass
    the Emerald cards the box holds (``box_totals``): a maximum of 5 in a box of 5 is every one of them, said so, as
    Draco's coins are ("all the box holds"; terminal round 31 en8)."""
    emeralds = sum(c.count for c in deck.model.components if c.data is not None and c.data.role == "emerald")
    return {**words, "box_totals": {**(words.get("box_totals") or {}), "peak:table_emeralds": emeralds}}
