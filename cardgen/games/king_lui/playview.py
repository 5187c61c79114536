"""King Lui's table on ``cardgen play``'s page, from one seat's observation only.

The dishes on the table (with the Emeralds laid beside them), the king's plate, what each
opponent took in the open (and how many cards they drew unseen), and the seat's hand.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook

#: this module's words per language (cardgen/wordbook.py)
_WORDS = wordbook.load(__file__)["words"]
EMERALD = "emerald"


def _counts(counts: dict[str, int]) -> list[dict[str, Any]]:
    return [{"face": dish, "count": n} for dish, n in counts.items() if n]


def play_table(deck: Any, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """The page's areas (``cardgen.play.view``'s shape) for ``obs``."""
    w = _WORDS.get(lang, _WORDS["en"])
    seat = obs["player"]
    hand = {"title": w["hand"], "cards": _counts(obs["hand"]), "pick": False, "seat": seat,
            "facts": [[w["pending"], str(obs["pending_emeralds"])]] if obs["pending_emeralds"] else []}
    table = _counts(obs["table"])
    if obs["table_emeralds"]:
        table.append({"face": EMERALD, "count": obs["table_emeralds"]})
    areas = [{"title": w["table"].format(n=obs["course"]), "cards": table, "pick": ["take"],
              "facts": [[w["chef"], w["seat"].format(n=obs["chef"] + 1)], [w["supply"], str(obs["supply"])],
                        [w["course_cards"], str(obs["course_cards"])]]},
             {"title": w["king"], "cards": _counts(obs["king"]), "pick": ["emerald"]}]
    if obs["eaten"]:
        areas.append({"title": w["eaten"], "cards": _counts(obs["eaten"])})
    for opp in obs["opponents"]:
        areas.append({"title": w["seat"].format(n=opp["seat"] + 1), "seat": opp["seat"], "cards": _counts(opp["taken"]),
                      "facts": [[w["unseen"], str(opp["drawn_unseen"])]]})
    return {"hand": [hand], "areas": areas}
