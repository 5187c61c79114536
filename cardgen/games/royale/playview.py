"""Royale's table on ``cardgen play``'s page, from one seat's observation only.

The buffet as its grid, the cards in hand, and each seat's nobles with the dishes served
under them (a validated noble is marked), its points and imposter uses left.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook

#: this module's words per language (cardgen/wordbook.py)
_WORDS = wordbook.load(__file__)["words"]
#: discarded cards shown (the newest); the count says how many there are
DISCARD_SHOWN = 6


def play_table(deck: Any, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """The page's areas (``cardgen.play.view``'s shape) for ``obs``."""
    w = _WORDS.get(lang, _WORDS["en"])
    me = obs["seat"]
    hand = {"title": w["hand"], "cards": list(obs["hand"]), "pick": True, "seat": obs["current"]}
    facts = [[w["pile"], str(obs["pile"])], [w["turns"], str(obs["turns"])]]
    if obs["end_draws"]:
        facts.append([w["end"], str(obs["end_draws"])])
    if "solo" in obs:
        facts.append([w["solo"], str(obs["solo"][0])])
    areas = [{"title": w["buffet"], "cards": [{"face": c or None} for c in obs["buffet"]],
              "columns": int(deck.model.rules.grid_cols), "facts": facts}]
    for p in [me] + [q for q in range(len(obs["players"])) if q != me]:  # the seat's own nobles first
        points, imposter, done, under = obs["players"][p]
        nobles = [{"face": nid, "under": list(under[s]), "badge": "✓" if done[s] else None, "dim": bool(done[s])}
                  for s, nid in enumerate(obs["nobles"][p])]
        areas.append({"title": w["seat"].format(n=p + 1, points=f"{points:g}"), "seat": p, "cards": nobles,
                      "facts": [[w["imposter"], str(imposter)]], "pick": p == me})
    discard = list(obs["discard"])
    areas.append({"title": w["discard"], "cards": discard[-DISCARD_SHOWN:],
                  "facts": [[w["discarded"], str(len(discard))]]})
    if "solo" in obs and obs["solo"][2]:
        areas.append({"title": w["solo"], "cards": list(obs["solo"][2])})
    return {"hand": [hand], "areas": areas}
