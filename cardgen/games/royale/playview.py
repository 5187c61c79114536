"""Royale's table on ``cardgen play``'s page, from one seat's observation only.

The buffet as its grid, the cards in hand, and each seat's nobles with the dishes served
under them (a validated noble is marked), its points and imposter uses left.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.games.mention import by_seat, seat_no

#: this module's words per language (cardgen/wordbook.py)
_WORDS = wordbook.load(__file__)["words"]
#: discarded cards shown (the newest); the count says how many there are
DISCARD_SHOWN = 6


def play_table(deck: Any, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """The page's areas (``cardgen.play.view``'s shape) for ``obs``."""
    w = _WORDS.get(lang, _WORDS["en"])
    me = obs["seat"]
    # the cards the player to move took (public): "Cards to serve" on their page, whose they are on the others'
    # by name where the seat has one: "Player 1's cards to serve" dropped the name the page gives everywhere else
    # (#53 play round 30, en10, fr16, it16); titled as every other seat's area is, "Player 1 · Ann · cards to serve":
    # "Ann’s cards to serve (Player 1)" was a third form of one seat's name (play round 31, en12, fr15, it17)
    cur = obs["current"]
    hand = {"title": w["hand"] if cur in (me, -1) else w["hand_of"].format(n=seat_no(cur)),
            "cards": said_wild(deck, [_dish(deck, c, lang) for c in obs["hand"]], lang), "pick": True,
            "seat": obs["current"]}
    # the turns are the top bar's count: not a second time here (round 24, en26, fr23, it18)
    facts = [[w["pile"], str(obs["pile"])]]
    if obs["end_draws"]:  # the book's words: how often the End of the Banquet card came out, of how many
        # what the count means: « 2 sur 2 » was opaque to a player who did not know 2 is the last (#53 play round
        # 30, fr17, it19)
        drawn, last = int(obs["end_draws"]), int(deck.model.rules.end_card_draws)
        key = "of_over" if drawn >= last else "of_one" if drawn == 1 else "of"
        facts.append([w["end"].format(end=end_card_name(deck, lang)), w[key].format(n=drawn, total=last)])
    if "solo" in obs:
        facts.append([w["solo"], str(obs["solo"][0])])
    buffet = [_dish(deck, c, lang) if c else {"face": None} for c in obs["buffet"]]
    areas = [{"title": w["buffet"], "cards": said_wild(deck, buffet, lang),
              "columns": int(deck.model.rules.grid_cols), "facts": facts}]
    for p in [me] + [q for q in range(len(obs["players"])) if q != me]:  # the seat's own nobles first
        points, imposter, done, under = obs["players"][p]
        # the cards under a noble by name and value ("Pastry 7"), in its tooltip and its text: its requests are about
        # values, and the cards are 15 px wide (round 25, fr27, it14)
        # a satisfied noble says so after its name, in words: a "✓" badge straddled the gap to the noble on its left
        # and came before the name in the page's text, with no word of what it meant (round 27, en13)
        nobles = [{"face": nid, "under": [_dish(deck, c, lang) for c in under[s]], "dim": bool(done[s]),
                   "name": _satisfied(w, _printed_name(deck, nid, lang)) if done[s]
                   else _printed_name(deck, nid, lang), "side": _side(deck, nid),
                   "text": _served(deck, noble_text(deck, nid, lang), under[s], lang)}
                  for s, nid in enumerate(obs["nobles"][p])]
        nobles += _imposter_card(deck, p, imposter, lang)
        # the player's letter, as the book deals the nobles by it and their corner prints it (#53 play round 30, en15,
        # it21: only a tiny letter on the cards said which nobles were whose)
        marks = {getattr(_face_in_play(deck, nid)[1], "mark", None) for nid in obs["nobles"][p]} - {None}
        pts = w["pts_one"] if _plural(points, lang) == "one" else w["pts_many"]
        title = w["seat_letter"].format(n=p + 1, letter=marks.pop(), points=f"{points:g}", pts=pts) \
            if len(marks) == 1 else w["seat"].format(n=p + 1, points=f"{points:g}", pts=pts)
        areas.append({"title": title, "seat": p, "cards": nobles,
                      "facts": [[w["imposter"], _imposter(deck, imposter, lang, "at_end" in obs)]], "pick": p == me})
    discard = list(obs["discard"])
    # the six shown are the last ones, the count the whole pile's (it20), said in the title before them: "(the last
    # 6)" had no noun, and the count sat under the six cards (round 26, it17)
    # one form for the count, in the title, whether all the cards are shown or the last six: "cards in all 3" under
    # the pile mid-game against "The discard pile: 21 cards (the last 6 shown)" at the end (round 28, en20)
    many = len(discard) > DISCARD_SHOWN
    count = "discard_count_one" if _plural(len(discard), lang) == "one" else "discard_count"
    # an empty pile is its name alone: "· 0 cards" over "no cards" said it twice
    title = w["discard_last" if many else count if discard else "discard"].format(n=DISCARD_SHOWN, total=len(discard))
    areas.append({"title": title, "cards": said_wild(deck, [_dish(deck, c, lang) for c in discard[-DISCARD_SHOWN:]], lang)})
    if "solo" in obs and obs["solo"][2]:
        areas.append({"title": w["solo"], "cards": list(obs["solo"][2])})
    laid: dict[str, Any] = {"hand": [hand], "areas": areas}
    if obs.get("at_end"):  # the game is over: why, and each seat's points noble by noble (round 25, fr19, en18, it13)
        laid["scores"] = [[score_line(deck, obs, p, lang)] for p in range(len(obs["players"]))]
        # and the book's tie-break, as King Lui's breakdown says its own (#53 play round 30, it20); not alone
        laid["score_note"] = w["score_note"] + (w["score_tie"] if len(obs["players"]) > 1 else "")
        ended = end_line(deck, obs, lang)
        if ended and obs.get("end_draws", 0) >= int(deck.model.rules.end_card_draws) and None in obs["buffet"]:
            ended += w["ended_midway"]  # the empty cells the buffet shows: the book's rule says why (en23)
            # beside the scores the empty cells alone: the journal's last line says the end once (round 34, it9)
            laid["end_note"] = w["end_note_midway"]
        laid["end_text"] = ended
    return laid


def score_line(deck: Any, obs: dict[str, Any], seat: int, lang: str) -> str:
    """How ``seat``'s points came about: each noble it satisfied and the points printed on it, added up ("the
    Princess 3 + the Viscount 1 + the Countess 2 = 6 points"), or that it satisfied none. The nobles are public."""
    from cardgen.games.royale.text import noble_title
    from cardgen.text import in_sentence

    w = _WORDS.get(lang, _WORDS["en"])
    done = obs["players"][seat][2]
    scored = []
    for slot, nid in enumerate(obs["nobles"][seat]):
        _, face = _face_in_play(deck, nid)
        if done[slot] and face is not None:
            title = _printed_name(deck, nid, lang) or noble_title(deck, slot, lang) or nid
            scored.append((in_sentence(title, lang), face.points or 0))
    if not scored:
        return str(w["scored_none"])
    total = sum(points for _, points in scored)
    nobles = " + ".join(w["scored"].format(noble=noble, points=f"{points:g}") for noble, points in scored)
    return str(w["scored_sum"].format(nobles=nobles, total=f"{total:g}",
                                      pts=w["pts_one"] if _plural(total, lang) == "one" else w["pts_many"]))


def end_line(deck: Any, obs: dict[str, Any], lang: str) -> str | None:
    """Why the banquet ended, in the book's words: the End of the Banquet card drawn for the last of its draws
    (which one: "the second time"), or a seat that satisfied all its nobles; None for another end (the page says
    it generically). "The banquet is over" alone gave no reason (round 25, fr19, en17, it13)."""
    w = _WORDS.get(lang, _WORDS["en"])
    last = int(deck.model.rules.end_card_draws)
    if obs.get("end_draws", 0) >= last:
        draws = ((getattr(deck.spec, "words", None) or {}).get("draws") or {}).get(lang) or {}
        from cardgen.text import ordinal

        return str(w["ended_banquet"].format(end=end_card_name(deck, lang), time=draws.get(str(last)) or ordinal(last, lang)))
    full = [p for p, (_, _, done, _) in enumerate(obs["players"]) if done and all(done)]
    if not full:
        return None
    # the player named as the top bar names them, and told to themselves on their own page (#53 round 29, en3)
    return by_seat(full[0], str(w["ended_nobles"].format(n=seat_no(full[0]))), str(w["ended_nobles_you"]))


def _imposter(deck: Any, left: int, lang: str, over: bool = False) -> str:
    """A seat's imposter as a player needs it: used, or not yet (or how many uses are left, when a deck gives more
    than one), not "imposter uses left 0" (round 25, fr26); once the game is over (``over``: the view's ``at_end``),
    one never used is "not used", never "not used yet", which promised a later the game no longer has (#53 play
    round 33, en9)."""
    w = _WORDS.get(lang, _WORDS["en"])
    if not left:
        return str(w["imposter_used"])
    if over and int(deck.model.rules.imposter_uses) == 1:
        return str(w["imposter_never"])
    return str(w["imposter_unused"] if int(deck.model.rules.imposter_uses) == 1 else w["imposter_left"].format(n=left))


def _imposter_card(deck: Any, seat: int, left: int, lang: str) -> list[dict[str, Any]]:
    """``seat``'s imposter card beside its nobles, its pattern pictured and its rule in its text, dimmed once used:
    the imposter moves named cells of a pattern shown nowhere on the page (round 26, en20). Every imposter lies face
    up before its player. Nothing for a deck without one for that seat."""
    from cardgen.games.royale.checks import owners, role
    from cardgen.games.royale.text import imposter_text

    icons = owners(deck)
    comp = next((c for c in deck.model.components if role(c) == "imposter" and seat < len(icons)
                 and c.data.owner == icons[seat]), None)
    if comp is None:
        return []
    w = _WORDS.get(lang, _WORDS["en"])
    return [{"face": comp.id, "name": w["imposter_card"], "text": imposter_text(deck, lang), "dim": not left}]


def _served(deck: Any, text: str | None, under: Any, lang: str) -> str | None:
    """A noble's text followed by the dishes served under it so far, by name and value."""
    from cardgen.games.royale.text import dish_name
    from cardgen.text import join_and

    if not under or text is None:
        return text
    w = _WORDS.get(lang, _WORDS["en"])
    return f"{text} " + str(w["served"].format(cards=join_and([dish_name(deck, c, lang) for c in under], lang)))


def _dish(deck: Any, card: str, lang: str) -> dict[str, Any]:
    """A dish card captioned as the moves and the journal name it, its value too ("Drink 12"): "Drink" alone
    under a card whose value is a 5 px corner digit could not be matched to "Serve Drink 12" (round 24, it22)."""
    from cardgen.games.royale.text import dish_name

    # a no-break space before the value: "Main course 7" broke after "course", the 7 alone under the card (round 26, en21)
    said = dish_name(deck, card, lang)
    name, _, value = said.rpartition(" ")
    return {"face": card, "name": f"{name}\u00a0{value}" if name and value.isdigit() else said}


def said_wild(deck: Any, cards: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """``cards`` with the wild dish's rule (Abundance, the book: "The Abundance cards are wild") as the text of the
    first wild card among them, so that the area's "What the cards say" gives it once: the page named every noble
    and the imposter but never said that Abundance stands for any dish, and a noble met with two Abundance cards
    read as false (round 27, fr16)."""
    from cardgen.games.base import component_name

    w = _WORDS.get(lang, _WORDS["en"])
    wild = {c.id for c in deck.model.components if c.data is not None and getattr(c.data, "wild", False)}
    for card in cards:
        face = str(card.get("face") or "").split("#", 1)[0]
        if face in wild:
            card["text"] = w["wild"].format(name=component_name(deck, face, lang) or face)
            break
    return cards


def end_card_name(deck: Any, lang: str) -> str:
    """The end card's printed name ("End of the Banquet"), as the book names it."""
    from cardgen.games.royale.text import end_card_name as named

    return named(deck, lang)


def _face_in_play(deck: Any, noble_id: str) -> tuple[Any, Any]:
    """``noble_id``'s component and its face showing the side in play (``rules.noble_side``), or Nones."""
    from cardgen.games.royale.checks import noble_face

    comp = next((c for c in deck.model.components if c.id == noble_id.split("#", 1)[0]), None)
    try:
        return comp, noble_face(comp, deck.model.rules.noble_side) if comp is not None else None
    except KeyError:
        return comp, None


def noble_text(deck: Any, noble_id: str, lang: str) -> str | None:
    """What the side in play of ``noble_id`` asks and is worth, as the page writes it beside the card: "3 points:
    Four of a kind with at least 1 Dessert card." (its print is 4 px high on a phone: round 24, en21, fr19, it13)."""
    from cardgen.games.royale.model import NobleFace
    from cardgen.games.royale.text import requirement_text

    _, face = _face_in_play(deck, noble_id)
    if face is None or not isinstance(face.data, NobleFace):
        return None
    w = _WORDS.get(lang, _WORDS["en"])
    points = face.points or 0
    return str(w["asks"].format(points=f"{points:g}", pts=w["pts_one"] if _plural(points, lang) == "one" else
                                w["pts_many"], text=_lower_first(requirement_text(deck, face.data, lang))))


def _lower_first(text: str) -> str:
    """A sentence going on after a colon: its first letter in lower case ("3 points: four of a kind...")."""
    return text[:1].lower() + text[1:]


def _satisfied(w: dict[str, str], name: str | None) -> str:
    """A satisfied noble's label, "The Baron ✓ satisfied", in the book's word (« validé », as the journal and the
    score say it, not a third wording: round 28, fr14), agreeing with a noble whose printed name opens on the
    language's feminine article (``feminine``: « La Princesse ✓ validée »)."""
    female = bool(w["feminine"]) and (name or "").startswith(w["feminine"])
    return w["satisfied_f" if female else "satisfied"].format(name=name)


def _printed_name(deck: Any, noble_id: str, lang: str) -> str | None:
    """The name printed on the side of ``noble_id`` in play (not the component's catalogue name)."""
    _, face = _face_in_play(deck, noble_id)
    return face.title[lang] if face is not None and face.title is not None else None


def _side(deck: Any, noble_id: str) -> int | None:
    """2 when the side in play is the noble's second face (its picture is drawn as ``<id>~2``)."""
    comp, face = _face_in_play(deck, noble_id)
    return 2 if comp is not None and face is not None and len(comp.faces) == 2 and face is comp.faces[1] else None


def _plural(number: float, lang: str) -> str:
    """CLDR's plural category of ``number`` in ``lang`` (``one``: "1 point", and "0 point" in French)."""
    from babel import Locale

    return str(Locale.parse(lang).plural_form(number))
