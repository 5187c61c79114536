"""Draco & Co's table on ``cardgen play``'s page, from one seat's observation only.

The circle of characters in its order around the table (where the moves point), each seat's
coins and hand size, the cup, the piles, and the seat's own hand of action cards.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.games.base import component_name

#: this module's words per language (cardgen/wordbook.py)
_WORDS = wordbook.load(__file__)["words"]
#: Draco's own card, in the middle of the circle
DRACO = "draco"


def play_table(deck: Any, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """The page's areas (``cardgen.play.view``'s shape) for ``obs``."""
    w = _WORDS.get(lang, _WORDS["en"])
    me = obs["player"]
    owner = obs["info"].get("owner", {})
    hand = {"title": w["hand"], "cards": list(obs["hand"]), "pick": True, "seat": me}
    circle = [{"face": c, "badge": str(owner[c] + 1) if owner.get(c, -1) >= 0 else None,
               "name": w["place"].format(n=i + 1, name=component_name(deck, c, lang) or c)}
              for i, c in enumerate(obs["circle"])]
    cup = w["cup_centre"] if obs["cup"] < 0 else w["seat"].format(n=obs["cup"] + 1)
    facts = [[w["cup"], cup], [w["phase"], w["phases"].get(str(obs["phase"]), str(obs["phase"]))]]
    if obs["roll"] is not None:
        facts.append([w["roll"], str(obs["roll"])])
    # the places drawn as the table's circle around Draco (``ring``), place 1 at the top
    areas = [{"title": w["circle"].format(side=w[obs["draco"]]), "cards": circle, "pick": True, "facts": facts,
              "ring": {"face": DRACO, "name": component_name(deck, DRACO, lang) or "Draco"}}]
    for p in [me] + [q for q in range(len(obs["money"])) if q != me]:
        lair = [{"face": f"lair-{colour}"}] if (colour := _colour(obs, p)) else []
        areas.append({"title": w["seat"].format(n=p + 1), "seat": p, "cards": lair,
                      "facts": [[w["money"], str(obs["money"][p])], [w["cards"], str(obs["hand_sizes"][p])]]})
    areas.append({"title": w["piles"], "cards": [], "facts": [
        [w["pile"], str(obs["pile"])], [w["discard"], str(obs["discard"])], [w["rebuilds"], str(obs["rebuilds_left"])]]
        + ([[w["last_call"], "✓"]] if obs["last_call"] else [])})
    return {"hand": [hand], "areas": areas}


def _colour(obs: dict[str, Any], seat: int) -> str | None:
    """The colour of ``seat``'s ruffians (``ruffian-red#1`` -> ``red``): its lair card shows it."""
    characters = obs["info"].get("characters", {})  # seats as numbers, or as text once through JSON
    for card in characters.get(str(seat), characters.get(seat, [])):
        if card.startswith("ruffian-"):
            return card.split("#", 1)[0].removeprefix("ruffian-")
    return None
