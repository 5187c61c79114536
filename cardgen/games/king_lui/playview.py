"""King Lui's table on ``cardgen play``'s page, from one seat's observation only.

The dishes on the table, the Emeralds waiting beside them (apart: not a dish), the king's place, what each
opponent took in the open (and how many cards they drew unseen), and the seat's hand. Once the
game is over (``obs["at_end"]``: every seat's observation, given by the page then only) every hand
lies face up, as the book has it ("Everyone lays their hand face up"), and each score is told
dish by dish (``scores``): what each dish scored against the king's, or that it was discarded.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.games.base import component_name
from cardgen.games.mention import seat_no

#: this module's words per language (cardgen/wordbook.py)
_WORDS = wordbook.load(__file__)["words"]
EMERALD = "emerald"


def _counts(counts: dict[str, int]) -> list[dict[str, Any]]:
    return [{"face": dish, "count": n} for dish, n in counts.items() if n]


def _plural(w: dict[str, str], key: str, n: int, **fields: Any) -> str:
    """``w[key]`` said of ``n`` (``key_one`` for one), filled with ``fields``."""
    return w[key + "_one" if n == 1 else key].format(n=n, **fields)


def score_lines(deck: Any, hand: dict[str, int], king: dict[str, int], lang: str) -> list[str]:
    """How one hand scored against the king's place, dish by dish (the book's rule: each portion kept scores
    the king's count of its dish; holding more than the king, the whole dish is discarded), then the cards
    discarded (they count only in a tie)."""
    w = _WORDS.get(lang, _WORDS["en"])
    lines, lost = [], 0
    for dish, mine in hand.items():
        if not mine:
            continue
        name = component_name(deck, dish, lang) or dish
        has = king.get(dish, 0)
        if mine > has:
            lost += mine
            lines.append(_plural(w, "score_lost", mine, dish=name, king=has))
        else:
            lines.append(_plural(w, "score_kept", mine, dish=name, king=has, points=mine * has))
    if lost:
        lines.append(_plural(w, "score_discarded", lost))
    return lines


def emerald_rule(deck: Any, lang: str) -> str:
    """What the Emerald card says, as text beside it: when it may be used and what it removes (the king's minimum
    of portions from the deck's rules). Its print is 3 px high on the page, and its tooltip said "Emerald × 2"
    only (round 25, it1). Round 27 (it7) told it of "a player" for the spectator's sake; round 30 (fr4, it3*) found
    that under "What the cards say" a paraphrase: the card's own words, a quotation whoever reads it."""
    from cardgen.games.king_lui.text import emerald_text

    # the printed card's own words under "What the cards say" (#53 play round 30, fr4, it3*: the heading promised a
    # quotation and gave a paraphrase in the third person, "a player may…", beside the "you" of the whole page)
    return emerald_text(int(deck.rules.emerald_portions), lang)


def play_table(deck: Any, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """The page's areas (``cardgen.play.view``'s shape) for ``obs``; at the end, every hand and each score's lines."""
    w = _WORDS.get(lang, _WORDS["en"])
    seat = obs["player"]
    at_end = obs.get("at_end")
    # ``face_up``: at the end the book lays every hand face up; the designer's panel says so, as the players' pages do
    # ("Hand" there beside "hand laid face up": #53 play round 32, en7)
    hand = {"title": w["hand"], "cards": _counts(obs["hand"]), "pick": False, "seat": seat, "face_up": bool(at_end),
            "facts": [[w["pending"], str(obs["pending_emeralds"])]] if obs["pending_emeralds"] else []}
    table = _counts(obs["table"])
    if at_end:  # no course is under way: the table after the last one, no chef, no supply to count
        areas = [{"title": w["table_end"].format(n=obs["course"] - 1), "cards": table, "empty": w["table_empty"]}]
    else:
        areas = [{"title": w["table"].format(n=obs["course"]), "cards": table, "pick": ["take"],
                  # the chef as the top bar and the journal name them, "Player 1 · Ann" (#53 round 29, en3, it1)
                  "facts": [[w["chef"], w["seat"].format(n=seat_no(obs["chef"]))], [w["supply"], str(obs["supply"])],
                            [w["course_cards"], str(obs["course_cards"])]]}]
    if obs["table_emeralds"]:  # the book: "An Emerald card is not a dish": on its own, beside the dishes (#53 en20)
        areas.append({"title": w["beside"], "cards": [{"face": EMERALD, "count": obs["table_emeralds"],
                                                       "text": emerald_rule(deck, lang)}]})
    areas.append({"title": w["king"], "cards": _counts(obs["king"]), "pick": ["emerald"], "empty": w["king_empty"]})
    if obs["eaten"]:
        areas.append({"title": w["eaten"], "cards": _counts(obs["eaten"])})
    for opp in obs["opponents"]:
        q = opp["seat"]
        if at_end:  # the book: everyone lays their hand face up to count the points
            areas.append({"title": w["seat_face_up"].format(n=q + 1), "seat": q, "cards": _counts(at_end[q]["hand"])})
        else:
            # the heading says what the cards are: the portions taken in the open, not a hand (#53 round 26, en3)
            # none yet said as the king's place says it: the heading stood over nothing (#53 play round 31, en6, it7)
            areas.append({"title": w["seat_taken"].format(n=q + 1), "seat": q, "cards": _counts(opp["taken"]),
                          "facts": [[w["unseen"], str(opp["drawn_unseen"])]], "empty": w["king_empty"]})
    laid: dict[str, Any] = {"hand": [hand], "areas": areas}
    if at_end:
        laid["scores"] = [score_lines(deck, o["hand"], obs["king"], lang) for o in at_end]
        laid["score_note"] = w["score_note"]
        left = leftovers(deck, obs, at_end)  # why it ended, the cards left counted (round 25, en7, it7)
        if left is not None and left < obs["course_cards"]:
            laid["end_text"] = (w["ended_none"].format(course=obs["course_cards"]) if not left else
                                _plural(w, "ended", left, course=obs["course_cards"]))
            if left:  # beside the scores, the cards set aside, not the reason the journal's last line gives (round 34)
                laid["end_note"] = _plural(w, "set_aside", left)
    return laid


def leftovers(deck: Any, obs: dict[str, Any], at_end: list[dict[str, Any]]) -> int | None:
    """The cards the supply still held when the game ended (set aside unused: the engine counts them out of the
    game, so the observation's supply then says 0): every card in the box less those in sight at the end (the
    king's place, the portions Emerald removed and the Emeralds that did it, the hands, the table, the waiting
    Emeralds). None when the box's Emeralds are unknown."""
    emeralds = next((int(c.count) for c in deck.model.components if c.id == EMERALD), None)
    portions = int(obs.get("emerald_portions") or 0)
    if emeralds is None or not portions:
        return None
    eaten = sum(obs["eaten"].values())
    seen = (sum(obs["king"].values()) + eaten + eaten // portions + sum(sum(o["hand"].values()) for o in at_end)
            + sum(obs["table"].values()) + int(obs["table_emeralds"]))
    return sum(obs["dish_sizes"].values()) + emeralds - seen
