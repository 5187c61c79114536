"""Draco & Co's table on ``cardgen play``'s page, from one seat's observation only.

The circle of characters in its order around the table (where the moves point), each seat's
coins and hand size, the cup, the piles, and the seat's own hand of action cards.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.games.base import component_name
from cardgen.games.draco.bank import bank_holds
from cardgen.games.mention import by_seat, seat_no

#: this module's words per language (cardgen/wordbook.py)
_WORDS = wordbook.load(__file__)["words"]
#: Draco's own card, in the middle of the circle
DRACO = "draco"


def play_table(deck: Any, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """The page's areas (``cardgen.play.view``'s shape) for ``obs``."""
    w = _WORDS.get(lang, _WORDS["en"])
    me = obs["player"]
    owner = obs["info"].get("owner", {})
    # each card's text written out beside it (its print is 5 px high: round 24, en35, it30)
    hand = {"title": w["hand"], "cards": [{"face": c, "text": card_text(deck, c, lang)} for c in obs["hand"]],
            "pick": True, "seat": me}
    circle = [{"face": c, "badge": str(owner[c] + 1) if owner.get(c, -1) >= 0 else None,
               "name": w["place"].format(n=i + 1, name=component_name(deck, c, lang) or c),
               "text": card_text(deck, c, lang)}
              for i, c in enumerate(obs["circle"])]
    # the players named as the top bar names them, told to themselves on their own page ("in front of you", "you play
    # a card"): a bare "Player 1" was a number to match to a name, under "Your turn" (#53 round 29, it14)
    cup = w["cup_centre"] if obs["cup"] < 0 else by_seat(obs["cup"], w["cup_at"].format(n=seat_no(obs["cup"])),
                                                         w["cup_at_you"])
    # the small number on a ruffian is its owner's, not a second seat number (round 24, en38, it34)
    # whose step it is, by the player's seat, the same on every page ("now / play a card" read as an order to whoever
    # looked; at the end, no step: round 26, en29)
    step = w["phases"].get(str(obs["phase"]))
    if step and "{n}" in step:
        step = by_seat(obs["current"], step.format(n=seat_no(obs["current"])), w["phases_you"][str(obs["phase"])])
    facts = [[w["cup"], cup]] + ([[w["phase"], step]] if step else []) \
        + [[w["badge"], w["badge_is"]], [w["seat_no"], w["seat_no_is"]]]
    if obs["roll"] is not None:
        facts.append([w["roll"], str(obs["roll"])])
    # an empty bank's ruling said once, under the table where a toast is read, while it is empty: after every toast in
    # the journal the rulings were the same forty words ten times over (round 27, en16, fr21, it20); the narrow box of
    # the piles broke them into a column running under the footer, and a longer line here widens the table's box
    if bank_holds(deck, obs["money"]) == 0:
        facts.append([w["bank_empty"], w["bank_empty_is"]])
    # the places drawn as the table's circle with Draco in it (``ring``), between the last seat and the first
    areas = [{"title": w["circle"].format(side=w[obs["draco"]]), "cards": circle, "pick": True, "facts": facts,
              # Draco sits in the ring between the last seat and the first (the book: they are not next to each
              # other: en36), the face up his, the seats going round the other way when he is turned over
              "ring": {"face": DRACO, "name": component_name(deck, DRACO, lang) or "Draco",
                       "text": _draco_text(deck, obs["draco"], lang), "in_circle": True,
                       "clockwise": obs["draco"] == "right", "side": _draco_side(deck, obs["draco"]),
                       # the phone lays the circle out as a grid read row by row: a line under it says which seats
                       # are Draco's neighbours (#53 play round 32, en23)
                       "note": w["circle_note"].format(last=len(circle))}}]
    for p in [me] + [q for q in range(len(obs["money"])) if q != me]:
        lair = [{"face": f"lair-{colour}"}] if (colour := _colour(obs, p)) else []
        # the lair's colour in the title too: another player's small lair card has no caption on a laptop, and
        # the colour is what ties a player to their ruffians (round 25, en37)
        # the lair's name kept whole at a wrap («Covo / giallo» under the panel's edge: #53 play round 38, it16)
        named = component_name(deck, f"lair-{colour}", lang) if colour else None
        title = (w["seat_lair"].format(n=p + 1, lair=named.replace(" ", "\u00a0")) if named
                 else w["seat"].format(n=p + 1))
        areas.append({"title": title, "seat": p, "cards": lair,
                      "facts": [[w["money"], str(obs["money"][p])], [w["cards"], str(obs["hand_sizes"][p])]]})
    areas.append({"title": w["piles"], "cards": [], "facts": [
        [w["pile"], str(obs["pile"])], [w["discard"], str(obs["discard"])], [w["rebuilds"], str(obs["rebuilds_left"])]]
        # the bank's coins lie on the table for all to see: a toast that pays nobody is then a rule, not a bug
        # (round 25: en27, fr31, it22); none for a deck whose bank is unlimited
        + ([[w["bank"], str(bank)]] if (bank := bank_holds(deck, obs["money"])) is not None else [])
        + ([[w["last_call"], w["last_call_done"] if obs["phase"] == "over" else w["last_call_next"]]]
           if obs["last_call"] else [])})
    laid: dict[str, Any] = {"hand": [hand], "areas": areas}
    if obs["phase"] == "over" and obs["last_call"]:
        # why it ended in the book's words: the pile « reconstituée », never « épuisée pour de bon » (round 26, fr36)
        laid["end_text"] = w["ended"]
        # beside the scores who wins; the end is the journal's last line (round 34); the tie clause only where the
        # richest tied: above 8 / 26 / 61 it read as an account of this game (#53 play round 36 en12, fr19)
        from cardgen.games.draco.table import fullest_purses

        laid["end_note"] = w["end_note" if len(fullest_purses(obs["money"])) > 1 else "end_note_plain"]
    if obs["phase"] == "over":
        # each fortune as what it is worth: "61 silver coins" was untrue of a box with 20 silver coins, a fortune being
        # gold and silver counted in silver (#53 play round 31, en22; round 30 it28)
        laid["counted"] = [worth(w, money, lang) for money in obs["money"]]
    return laid


def worth(w: dict[str, Any], money: int, lang: str) -> str:
    """A fortune said as its worth in silver coins, the number agreeing with its noun in ``lang`` (CLDR)."""
    from babel import Locale

    form = Locale.parse(lang).plural_form(money)
    return str(w["worth"].get(form, w["worth"]["other"]).format(n=money))


def _colour(obs: dict[str, Any], seat: int) -> str | None:
    """The colour of ``seat``'s ruffians (``ruffian-red#1`` -> ``red``): its lair card shows it."""
    characters = obs["info"].get("characters", {})  # seats as numbers, or as text once through JSON
    for card in characters.get(str(seat), characters.get(seat, [])):
        if card.startswith("ruffian-"):
            return card.split("#", 1)[0].removeprefix("ruffian-")
    return None


def card_text(deck: Any, card: str, lang: str) -> str | None:
    """What ``card`` prints (an action card's effect, a special character's reminder), as the deck's texts
    write it (``GameSpec.face_text``); None for a ruffian or a card that prints nothing."""
    comp_id = card.split("#", 1)[0]
    comp = next((c for c in deck.model.components if c.id == comp_id), None)
    if comp is None or not comp.faces:
        return None
    return deck.spec.face_text(deck, comp, comp.faces[0], lang)


def _draco_text(deck: Any, hand: str, lang: str) -> str | None:
    """What Draco's face up now prints (the face whose cup is in ``hand``): which seat is first, what a toast
    pays and costs."""
    comp = next((c for c in deck.model.components if c.id == DRACO), None)
    face = next((f for f in (comp.faces if comp is not None else ()) if f.data is not None
                 and getattr(f.data, "cup_hand", None) == hand), None)
    return deck.spec.face_text(deck, comp, face, lang) if face is not None else None


def _draco_side(deck: Any, hand: str) -> int | None:
    """2 when Draco's face with the cup in ``hand`` is his second (its picture is ``draco~2``)."""
    comp = next((c for c in deck.model.components if c.id == DRACO), None)
    faces = list(comp.faces) if comp is not None else []
    return 2 if len(faces) == 2 and getattr(faces[1].data, "cup_hand", None) == hand else None
