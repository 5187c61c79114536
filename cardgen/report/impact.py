""""Which card is too strong", drawn: one row per component, its face beside it, a point with its interval.

Rows come sorted from ``cardgen.simulate.cards`` (the deal experiment: seats dealt a
card against seats not dealt it; or compare's paired rows, whose base figures sit in
``row["base"]``). Every row's strip shares one scale, with 0 (no difference) marked,
so a designer reads at a glance which card wins games for the seats dealt it. Face pictures are the gallery's (``out/gallery``,
drawn by ``build``); where none was drawn yet the row has the name only.
"""
from __future__ import annotations

import re
from pathlib import Path
from collections.abc import Mapping
from typing import Any, NamedTuple

from markupsafe import Markup

from cardgen import wordbook
from cardgen.terminal import with_terms
from cardgen.languages import decimal, is_singular, typeset, typeset_words
from cardgen.report.svg import BASE_COLOUR, VARIANT_COLOUR
from cardgen.report.templating import macro, render
from cardgen.simulate.cards import hardly_played
from cardgen.simulate.summary import by_margin, card_just, change_key, interval, marked_ends, points
from cardgen.simulate.verdict import alike, number
from cardgen.text import join_and, punct

#: this module's words per language (cardgen/wordbook.py)
_BOOK = with_terms(wordbook.load(__file__))  # the 95 % interval as the terminal words it

#: a strip 200 px wide: at 320 it took a third of the table while the notes beside it ran to seven lines (round 31
#: en50, fr33, it41)
STRIP_W, STRIP_H = 200, 26
STRONG, WEAK = "#D55E00", "#0072B2"
#: an unflagged row of a table with no base game (validate's): drawn in the "too weak" blue, which compare's variant
#: shares, every card beyond chance or not looked flagged too weak beside the legend's blue "too weak" (round 30 en32)
NEUTRAL = "#555555"


def face_pictures(out: Path, deck: Any, depth: int = 2) -> dict[str, str]:
    """Component id (and each value of its ``data``, e.g. a dish type) -> the gallery picture of its first face,
    relative to a page ``depth`` folders below ``out``; only pictures that exist."""
    try:
        from cardgen.report.gallery import _deck_lang, _keyed_sides
        keyed = _keyed_sides(deck, _deck_lang(deck, "en"))
    except Exception:  # noqa: BLE001 - a report without pictures is still a report
        return {}
    up = "../" * depth
    out_map: dict[str, str] = {}
    for side, key in keyed:
        comp = side.component
        if side.back or not (Path(out) / "gallery" / f"{key}.png").is_file():
            continue
        rel = f"{up}gallery/{key}.png"
        out_map.setdefault(comp.id, rel)
        data = comp.data.model_dump() if getattr(comp, "data", None) is not None else {}
        for value in data.values():
            if isinstance(value, str):
                out_map.setdefault(value, rel)
    return out_map


def _scale(rows: list[dict[str, Any]]) -> float:
    """Half the strip's width in win-rate points: the widest interval, at least 10 %."""
    ends = [abs(x) for r in rows for side in (r, r.get("base") or {}) for x in (side.get("low"), side.get("high"))
            if isinstance(x, (int, float))]
    return max([0.1] + ends) * 1.05


def strip_svg(row: dict[str, Any], half: float, name: str | None = None, lang: str = "en") -> Markup:
    """One row's strip as an SVG element (``charts.svg``'s ``strip``)."""
    return macro("charts.svg", "strip", strip(row, half, name, lang))


def strip(row: dict[str, Any], half: float, name: str | None = None, lang: str = "en",
          ends: tuple[str, str] | None = None) -> dict[str, Any]:
    """One row's strip, for ``charts.svg``'s ``strip`` macro: the 0 line, the base's interval (compare) and the
    row's point with its interval; its title names the component (``name``, else its id) with the figures as
    its table cell says them, in percentage points (``ends``: the interval's ends as the cell prints them, where
    the cell gives an end near 0 more decimals: "[−12.99 to −0.03]" beside a title "[−13.0 to 0.0]" was one
    interval said two ways, terminal round 30 en33)."""
    mid = STRIP_W / 2

    def x(v: float) -> float:
        return _at(v, mid, half)

    out: dict[str, Any] = {"w": STRIP_W, "h": STRIP_H, "mid": mid, "base": None, "row": None, "margin": None}
    base = row.get("base")
    if isinstance(base, dict) and base.get("difference") is not None:
        out["base"] = {"y": STRIP_H * 0.3, "low": x(base["low"]), "high": x(base["high"]), "at": x(base["difference"]),
                       "colour": BASE_COLOUR}
    if row.get("difference") is not None:
        colour = (STRONG if row.get("flag") == "strong" else WEAK if row.get("flag") == "weak"
                  else VARIANT_COLOUR if isinstance(base, dict) else NEUTRAL)
        out["row"] = {"y": STRIP_H * (0.7 if isinstance(base, dict) else 0.5), "low": x(row["low"]),
                      "high": x(row["high"]), "at": x(row["difference"]), "colour": colour}
    colon = punct(":", lang) + " "
    if ends is None:
        ends = tuple(points(row.get(k), lang, True, False) if isinstance(row.get(k), (int, float)) else "–"
                     for k in ("low", "high"))  # type: ignore[assignment]
    diff = points(row["difference"], lang) if isinstance(row.get("difference"), (int, float)) else "–"
    out["title"] = typeset(f"{name or row['component']}{colon}{diff} {interval(*ends, lang)}", lang)  # as its cell
    return out


def _at(v: float, mid: float, half: float) -> float:
    """Where ``v`` lies on a strip whose middle is 0 at ``mid`` and whose ends, 6 px in, are ``±half``."""
    return round(mid + v / half * (mid - 6), 1)


def margin_line(s: dict[str, Any], row: Mapping[str, Any], half: float, lang: str = "en",
                label: str = "") -> dict[str, Any]:
    """A mid-game row's strip (``strip``, the wins' interval) with, for a card flagged on its margin alone
    (``by_margin``), a second line in the flag's colour: the margin's interval on its own scale (``half``, in the
    game's unit), the interval the flag rests on. Its wins' strip alone crossed 0 beside "seems too strong", the
    picture against the verdict (round 31 en45, fr32, it38). ``label``: the margin's name in its title."""
    if not (row.get("flag") and by_margin(row)) or s.get("row") is None:
        return s
    mid = s["mid"]

    def x(v: float) -> float:
        return _at(v, mid, half)

    colour = STRONG if row["flag"] == "strong" else WEAK
    ends = marked_ends(row["margin_low"], row["margin_high"], lang)
    said = number(row["margin"], lang, False, True, fixed=True)
    return {**s, "row": {**s["row"], "y": s["h"] * 0.3},
            "margin": {"y": round(s["h"] * 0.72, 1), "low": x(row["margin_low"]), "high": x(row["margin_high"]),
                       "at": x(row["margin"]), "colour": colour,
                       # the square's corner, rounded as every other coordinate ("14.719999999999999" otherwise)
                       "sq_x": round(x(row["margin"]) - 4, 1), "sq_y": round(s["h"] * 0.72 - 4, 1)},
            "title": typeset(f'{s["title"]}; {label}{punct(":", lang)} '
                             f'{said} {interval(*ends, lang)}', lang)}


def halves(text: str) -> str:
    """``text`` breakable only after its second word ("257 exchanges" ⏎ "in 152 games"): each number kept with its
    noun, two lines at most in a narrow column (round 31 en50, it41)."""
    words = text.split(" ")
    return " ".join(part for part in ("\u00a0".join(words[:2]), "\u00a0".join(words[2:])) if part)


def _pct(x: Any, signed: bool = False, lang: str = "en") -> str:
    """A share as the language writes it (``cardgen.languages.percent``) with its one decimal, as the terminal's
    card table ("35.0%", never "35%" beside "32.1%"), or a dash where there is none."""
    if not isinstance(x, (int, float)):
        return "–"
    return number(x, lang, True, signed, fixed=True)


def _rates(a: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A card's win rates with it and without it, one decimal as every table (``verdict.PLACES``); the difference
    beside them is worked out before rounding, as the table's note says."""
    return _pct(a.get("win_rate_dealt"), lang=lang), _pct(a.get("win_rate_not_dealt"), lang=lang)


#: the chart's words per language: legend, column headers, "per seat", the base/variant note, the footnote
WORDS = typeset_words(_BOOK["words"])


def impact_footnote(lang: str = "en", paired: bool = True, not_judged: bool = True) -> str:
    """The statistics behind the card flags (Bonferroni), for the end of the page that shows them: both tables
    show each judged card's widened interval; compare's note (``paired``) adds how the change from the base game
    is judged (Holm). ``not_judged``: whether a card table of the page has a card not judged, whose own interval
    the note then explains (validate's note said it of a case Draco's page never shows: round 31 en48)."""
    if paired:  # its "card not judged" sentence only where one is: Charity Toast's page said it of no row (terminal
        # round 47 en45)
        return WORDS[lang]["footnote"].replace("{not_judged}", " " + WORDS[lang]["footnote_not_judged"]
                                               if not_judged else "")
    return WORDS[lang]["footnote_widened"] + (" " + WORDS[lang]["footnote_not_judged"] if not_judged else "")


def decisive(row: dict[str, Any]) -> dict[str, Any]:
    """A card row with the interval its flag rests on: a judged card's 95 % interval widened for the cards
    judged (``flag_low``, ``flag_high``), as the terminal prints it, so terminal and report show one interval
    for one card; a card not judged keeps its own."""
    if row.get("flag_low") is None:
        return row
    return {**row, "low": row["flag_low"], "high": row["flag_high"]}


def _decisive_pair(row: dict[str, Any]) -> dict[str, Any]:
    """A compare row with the interval each side's flag rests on (``decisive``), the base's nested one too."""
    base = row.get("base")
    return {**decisive(row), "base": decisive(base) if isinstance(base, dict) else base}


def _not_judged(row: dict[str, Any], lang: str) -> str:
    """Why a card row was not judged, with its figures (``cards.CardTally.not_judged``); a row from before the
    reason was kept says only "not judged", unless every seat held it."""
    words, why = WORDS[lang], row.get("not_judged")
    if not isinstance(why, dict):
        return words["not_judged_all" if (row.get("dealt_share") or 0) >= 1 else "not_judged"]
    return words[f"not_judged_{why['why']}"].format(
        **{k: decimal(v, lang, places=0) for k, v in why.items() if k != "why"})


def _held_by_all(row: dict[str, Any]) -> bool:
    """Whether a card row was not judged because every seat was dealt the card (no seat without it)."""
    why = row.get("not_judged")
    return (not row.get("judged", True) and (row.get("dealt_share") or 0) >= 1
            and (not isinstance(why, dict) or why.get("why") == "all"))


def said_before(names: list[str], said: set[str] | None) -> set[str]:
    """Which of ``names`` a page's earlier tables already defined (``said``), then ``names`` added to it: each
    indicator is defined at its first table of a page and named alone after (twenty-first reading en63, it67); the
    card table's legend and caveats too (twenty-second reading en49)."""
    if said is None:
        return set()
    again = {name for name in names if name in said}
    said.update(names)
    return again


def own_words(game: Mapping[str, Any] | None, lang: str) -> dict[str, str]:
    """The card table's sentences a game says in its own terms (its words' ``impact``, typeset as the book's): Royale's
    players are dealt no opening hand, each starts with an imposter card at one end of their row of nobles, so Draco's
    "every player's opening hand … each is dealt" was wrong for it (twenty-first reading en61, fr56, it65)."""
    return {key: typeset(text, lang) for key, text in (((game or {}).get("impact") or {}).get(lang) or {}).items()}


class Count(NamedTuple):
    """The player count a card table is drawn for, which its caveat names (round 39 fr53: « à ce nombre de
    joueurs », a calque), and whether that count's balance warning above already said how rarely the players used
    the card (``pages.warning_caveats``; round 39 en45, fr51, it32: each thing once a count)."""

    players: int | None = None
    caveated: bool = False
    #: the games the players' use of a card was counted on, where fewer than the count's games (``summary.first_games``):
    #: "in 3.6% of their games" beside 1,000 games counted the first 250 (round 43 it44)
    first: int = 0


def held_by_all(rows: list[dict[str, Any]], lang: str = "en", names: dict[str, str] | None = None,
                paired: bool = False, own: Mapping[str, str] | None = None, said: set[str] | None = None,
                count: Count = Count()) -> Markup:
    """One sentence instead of a table whose every row is a card every seat is dealt: no seat without it, so
    no card is judged; then how often the simulated players played each (a card they hardly play is a caveat
    about the players, which a row of dashes hid), ``paired``: with the base deck's figure, then the variant's;
    ``own``: the sentences the game says in its own terms (``own_words``). ``said``: what the page said above (each
    player count's block adds to it): why no card is judged and the caveat whole at the first count, named after
    (``said_before``), as the terminal says them; three times word for word on Royale's page (twenty-second
    reading en49). ``count``: the player count, and whether its balance warning above said how rarely the players
    used the card: then here only why no card is judged (``Count``)."""
    from cardgen.simulate.verdict import QUOTED

    words, names = {**WORDS[lang], **(own or {})}, names or {}
    cards = [QUOTED[lang].format(names.get(r["component"], r["component"])) for r in rows]
    # one player: the game's own reason for a solo game where it has one ("every player … the others" read oddly
    # alone: round 43 it43), the next count then gives the whole one
    solo = count.players == 1 and len(cards) == 1 and "all_dealt_one_solo" in words
    why = "all_dealt:" + ",".join(sorted(r["component"] for r in rows)) + (":solo" if solo else "")
    text = (words["all_dealt_again"] if said_before([why], said) else
            words["all_dealt_one_solo" if solo else "all_dealt_one" if len(cards) == 1 else "all_dealt"].format(
                cards=join_and(cards, lang)))

    def times(r: Any) -> str | None:
        x = r.get("plays_per_seat") if isinstance(r, dict) else None
        return number(x, lang, False, small=True) if isinstance(x, (int, float)) else None

    plays: list[str] = []
    hardly = len(rows) == 1 and (hardly_played(rows[0]) or hardly_played(rows[0].get("base")))
    if count.caveated and hardly:  # said under the warning: the later counts' "here too" still follows it
        said_before([f"all_dealt_hardly:{rows[0]['component']}"], said)
        rows = []
    share = rows[0].get("played_share") if rows and hardly and not paired else None
    if isinstance(share, (int, float)):  # how often said once, as a share of games: "0.04 times per player per
        # game", then "they hardly ever used it", said one thing twice (round 39 en46, en37)
        again = said_before([f"all_dealt_hardly:{rows[0]['component']}"], said)
        key = "all_dealt_hardly_share" + ("_first" if count.first else "") + ("_again" if again else "")
        return macro("parts.html", "paragraph", typeset(" ".join([text, words[key].format(
            name=names.get(rows[0]["component"], rows[0]["component"]), share=_pct(share, False, lang),
            players=count.players or "", n=decimal(count.first, lang, places=0))]), lang))
    for card, r in zip(cards, rows):
        b, v = times(r.get("base")) if paired else None, times(r)
        shares = [x.get("played_share") if isinstance(x, dict) else None for x in (r.get("base"), r)]
        if paired and hardly and all(isinstance(x, (int, float)) for x in shares):
            # a card used at most once a game said as the share of games, as validate's page says it, never "0.04
            # times per player per game" there and "3.6% of their games" here (terminal round 40 it42, en38)
            both = alike((shares[0], shares[1]), lang, True)
            plays.append(words["all_dealt_paired_share_never" if not shares[1] else "all_dealt_paired_share"].format(
                # "1.0% … 0.3%", never "1% … 0.3%" side by side (terminal round 44 en32)
                name=names.get(r["component"], r["component"]), b=both[0], n=both[1]))
            continue
        if v is not None:  # a variant that never plays it says "never", not "0 times" (fifteenth reading en29)
            key = ("all_dealt_plays" if b is None else "all_dealt_paired_never" if not v.strip("0.,")
                   else "all_dealt_paired")
            plays.append(words[key].format(card=card, b=b, n=v))
    if hardly and plays:
        again = said_before([f"all_dealt_hardly:{rows[0]['component']}"], said)  # said where it was said, not before
        plays.append(words["all_dealt_hardly_again" if again else "all_dealt_hardly"].format(  # a limit of the
            players=count.players or ""))  # simulated players, not of the game (fr56, it59)
    return macro("parts.html", "paragraph", typeset(" ".join([text, *plays]), lang))


def _verdict(r: dict[str, Any], flag: str, lang: str, paired: bool = False, first: bool = True) -> str:
    """A card row's last cell: its flag or why it is not judged, then, for a card the simulated players hardly
    ever played (``cards.HARDLY_PLAYED``), that its gap measures holding it, not its effect (fr76, en69); a card
    whose gap would have flagged it is said not flagged, held, not weak (``held_flag``: fr47, it65); a card flagged
    with the base game only (``flag`` ``strong_base``, ``weak_base``) says so, as the terminal does. ``paired``
    (compare): then whether the change from the base game is established (``summary.change_key``); ``first``:
    whether the table is the page's first, the one the card rule stands above (the row's pointer says "this table")."""
    from cardgen.simulate.summary import card_just
    words = WORDS[lang]
    # a flag only just beyond chance says so, as the warning above it does (twenty-fourth reading en9)
    near = r.get("flag_low") if flag == "strong" else r.get("flag_high")
    flag = flag + "_just" if flag in ("strong", "weak") and near is not None and card_just({**r, "flag": flag}) else flag
    said = words.get(flag, flag) if r.get("judged", True) else _not_judged(r, lang)
    if not flag and (r.get("held_flag") or (paired and (r.get("base") or {}).get("held_flag"))):
        said = words["hardly_held"]  # on either side, as the terminal's "not flagged" heading (fr33, it63)
    elif hardly_played(r):
        # a hardly-played card whose interval would not flag it is within chance, said first, as every other row
        # says it; its rarity is no reason it is not flagged, only why it could not be in any case, and the rule's
        # place said from where the row stands: "above the first card table" from inside that table (terminal
        # round 51 fr5*, en11, en16, it8, it16)
        holds = isinstance(r.get("low"), (int, float)) and isinstance(r.get("high"), (int, float)) and (
            r["low"] <= 0 <= r["high"])  # "within chance" only where its interval says so
        calm = words["calm"] if not said and not flag and r.get("judged", True) and holds else ""
        said = (punct(";", lang) + " ").join(s for s in (said or calm, words["hardly_played"].format(
            where=words["hardly_where_here" if first else "hardly_where_first"])) if s)
    if paired and change_key(r) != "card_change_no":  # "−8.5 → −13.7" read as the variant's doing where nothing
        # tested the change (it65); a change that may be chance is said once above the table (``change_note``):
        # in every row it came 52 times on one page, and the column said nothing (twenty-first reading it72, en72)
        said = (punct(";", lang) + " ").join(s for s in (said, words[change_key(r).removeprefix("card_")]) if s)
    # a judged card not flagged says so: a blank cell in 11 rows of 13 read as missing data (round 32 en55, fr44, it39)
    return said or (words["calm"] if r.get("judged", True) else "")


def change_note(rows: list[dict[str, Any]], lang: str) -> str:
    """Compare's card table, once above it: that no card's change from the base game is beyond chance, where every
    row's change may be chance, or that it is so unless its row says otherwise (a change beyond chance or not
    tested); nothing where no row's change may be chance. Each row said it, 13 cards at 4 counts (it72, en72)."""
    keys = [change_key(r) for r in rows]
    if "card_change_no" not in keys:
        return ""
    return typeset(WORDS[lang]["change_none" if set(keys) == {"card_change_no"} else "change_rest"], lang)


def _ends(half: float, lang: str) -> dict[str, str]:
    """The strip's two ends (``-5`` and ``+5`` percentage points), signed by the formatter of every figure in the
    table, so the header's minus is the cells' minus (``languages.decimal``)."""
    return {"low": typeset(decimal(-100 * half, lang, places=0), lang),  # the cells' minus ("−11", as in "−6.6")
            "high": decimal(100 * half, lang, signed=True, places=0)}


def rounding_line(lang: str) -> str:
    """The line under a card table that shows both win rates and their difference: the difference is worked out
    before rounding, so it may be 0.1 off the two rates shown. It closed the page's "Note on the cards", far below
    the tables, while "33.6% / 33.5% | +0.2" stood in plain view (terminal round 46 fr38*)."""
    return WORDS[lang]["rounding_line"]


def impact_block(rows: list[dict[str, Any]], pictures: dict[str, str] | None = None, paired: bool = False,
                 lang: str = "en", names: dict[str, str] | None = None, game: Mapping[str, Any] | None = None,
                 said: set[str] | None = None, count: Count = Count()) -> Markup:
    """The table (``templates/report/impact.html``): face, component (its name in ``lang`` from ``names``
    where known, else its id), the share of seats dealt it (and how often a seat played it), both win rates,
    their difference [95 %], the strip, the flag (or why the card was not judged, with its figures); ``game``: the
    game's words, whose ``impact`` sentences say its cards in its own terms (``own_words``); ``said``: what the page
    said above (``said_before``): how to read the table and when a card is flagged, some 80 words, whole at the
    first table of a page and named after, as the terminal says them (twenty-second reading en49)."""

    if not rows:
        return Markup()
    words = WORDS[lang]
    pictures, names = pictures or {}, names or {}
    if all(_held_by_all(r) for r in rows):  # a table of dashes said nothing (eleventh reading en63, fr70, fr92)
        return held_by_all(rows, lang, names, paired, own_words(game, lang), said, count)
    # the interval the flag rests on, on both pages and both sides of compare's strip (fifteenth reading en12, it55)
    rows = [_decisive_pair(r) if paired else decisive(r) for r in rows]
    half = _scale(rows)

    def pct(x: Any, signed: bool = False) -> str:
        return _pct(x, signed, lang)

    def pp(x: Any) -> str:  # a difference of win rates: a bare signed number, the unit once in its column's
        return points(x, lang, True, False) if isinstance(x, (int, float)) else "–"  # header, never "pp" (fr6, it8)
    body = []
    # whether an earlier table of the page stated the card rule (``flag``): this one then says it "as above"
    again = bool(said_before(["impact_legend"], said))
    for r in rows:
        base = r.get("base") if paired else None
        before = ""
        if paired:
            before = f'{pp(base.get("difference"))} → ' if isinstance(base, dict) else "– → "
        flag = r.get("flag") or ""
        if paired and not flag and (base or {}).get("flag"):  # flagged with the base game only: as the terminal
            flag = f'{base["flag"]}_base'  # lists it under "too strong or too weak", the page says it (fr33, it63)
        plays = r.get("plays_per_seat")
        rates = _rates(r, lang)  # with and without the card
        body.append({"picture": pictures.get(r["component"]), "name": names.get(r["component"], r["component"]),
                     "dealt": pct(r.get("dealt_share")),
                     # on compare's page, the variant's plays: said so beside the base game's gap (it59)
                     "per_seat": (words["per_seat_paired" if paired else "per_seat"].format(
                                      n=number(plays, lang, False, small=True))
                                  if isinstance(plays, (int, float)) else ""),
                     "rates": " / ".join(rates),
                     # on a phone the columns they sit in are hidden: said under the card's name instead (nineteenth
                     # reading en47, it52: the figures the difference is made of were out of sight)
                     "phone": typeset(words["phone_figures_paired" if paired else "phone_figures"].format(
                         dealt=pct(r.get("dealt_share")), with_card=rates[0], without=rates[1]), lang),
                     # "+9.7 [+0.7 to +18.7]", never "+9.7% [+0.7%, +18.7%]" (tenth reading it98)
                     # the interval always on its own line, never broken: "+8,5 [−0,4 ; +17,4]" on one line beside
                     # "+1,8" over its interval, row after row (round 32 fr47, it40)
                     "difference": typeset(f'{before}{pp(r.get("difference"))}', lang),
                     "interval": typeset(interval(pp(r.get("low")), pp(r.get("high")), lang), lang),
                     "strip": strip(r, half, names.get(r["component"]), lang), "flagged": bool(flag),
                     # the French no-break space before ":" (") : pas jugée" began a line on a phone)
                     "verdict": typeset(_verdict(r, flag, lang, paired, first=not again), lang)})
        body[-1]["calm"] = body[-1]["verdict"] == typeset(words["calm"], lang)
    scale = decimal(100 * half, lang, places=0)
    # a table of strips with no flag said no verdict where the terminal says "no card stands out" (nineteenth
    # reading it47): said where every judged card's interval holds 0 (a hardly-played card whose interval leaves
    # 0 out is not flagged, and the sentence would be untrue beside it); compare's table says its own per card
    judged = [r for r in rows if r.get("judged", True) and not _held_by_all(r)]
    calm = (not paired and bool(judged) and not any(b["flagged"] for b in body)
            and all(isinstance(r.get("low"), (int, float)) and r["low"] <= 0 <= r["high"] for r in judged))
    colours = {"{strong}": (STRONG, words["strong"]), "{weak}": (WEAK, words["weak"])}
    flag = [colours.get(part, part) for part in re.split(r"(\{strong\}|\{weak\})",
                                                         words["flag_again" if again else "flag"])]
    # compare's page says what its terminal says, no card flagged in either game, where so (twenty-seventh reading
    # it32: the terminal spoke of flags, the page only of changes from the base game)
    quiet = paired and not any(b["flagged"] for b in body) and not any((r.get("base") or {}).get("flag") for r in rows)
    # compare's table where no card is flagged or noted in either game: folded under what it holds, the sentence
    # above it said; four open tables of 13 cards made the Draco comparison 45 screens on a phone (terminal round 40
    # en43). A card held but hardly played keeps its table open: its row says why it is not flagged
    held_rows = [r for r in rows if r.get("held_flag") or (r.get("base") or {}).get("held_flag")]
    held = bool(held_rows)
    none = words["none_flagged"] if calm else words["none_flagged_paired"] if quiet else ""
    if quiet and held:  # the headline names the exception its table shows, as the terminal does (round 46 fr43)
        from cardgen.simulate.verdict import QUOTED
        held_names = [QUOTED[lang].format(names.get(r["component"], r["component"])) for r in held_rows]
        none = words["none_flagged_paired_held" + ("_many" if len(held_names) > 1 else "")].format(
            cards=join_and(held_names, lang))
    fold = typeset(words["table_fold"].format(n=len(body)), lang) if quiet and not held and len(body) > 1 else ""
    return render("impact.html", none_flagged=typeset(none, lang), fold=fold,
                  change_note=change_note(rows, lang) if paired else "",
                  # what "played" counts, once in the legend, never a bracket under each of 52 cards (terminal round
                  # 27 en37, fr35, it48)
                  legend=words["legend_again" if again else "legend"] + (
                      " " + words["per_seat_legend"] if not again and any(b["per_seat"] for b in body) else ""),
                  strip_legend=words["legend_strip"].format(half=scale),
                  paired=words["paired"] if paired else "",
                  flag=flag, head=[typeset(h, lang) for h in _head(rows, paired, lang).split("|")], rows=body,
                  verdict_head=words["head_verdict"],  # the flag's column had no header (en47, it52)
                  rounding=rounding_line(lang) if not paired else "", **_ends(half, lang))


def judged_cards(rows: list[dict[str, Any]]) -> int:
    """How many card rows were judged: the number the flag's widening is for (``cards.CardTally.rows``)."""
    return sum(1 for r in rows if r.get("judged", True) and not _held_by_all(r))


def _head(rows: list[dict[str, Any]], paired: bool, lang: str) -> str:
    """The card table's column headers, the last saying which interval it shows: the interval widened for the
    cards judged, with their number (one card: its plain 95 % interval), never "[95 %, widened]" (thirteenth
    reading fr58, fr62, it62); compare's as validate's, its difference from the base game to the variant (the
    same figure on both pages showed two intervals: fifteenth reading en12, it55)."""
    words, n = WORDS[lang], judged_cards(rows)
    key = ("head_paired" if paired else "head") + ("_widened" if n > 1 else "_one")
    return words[key].format(n=decimal(n, lang, places=0))


def exchange_block(table: dict[str, Any], pictures: dict[str, str] | None = None, lang: str = "en",
                   names: dict[str, str] | None = None, unit: str | None = None,
                   said: set[str] | None = None, unit_one: str | None = None) -> Markup:
    """The play experiment (``cardgen.simulate.exchange``) alone: its card table without the opening hands
    (``strength_block``), or, with no exchange at all, the one line that says why (not built yet, the game cannot
    exchange, nothing to exchange)."""
    from cardgen.simulate.exchange import POINTS
    from cardgen.simulate.summary import exchange_why

    if table.get("rows"):
        return strength_block([], table, pictures, lang, names, unit, said, unit_one)
    why = exchange_why(table)
    if why == "exchange_building" and said is not None:  # in full once a page, as the terminal (round 46 en48)
        why = "exchange_building_again" if why in said else why
        said.add("exchange_building")
    return render("exchange.html", why=WORDS[lang][why].format(points=POINTS))


def strength_block(dealt: list[dict[str, Any]], table: dict[str, Any], pictures: dict[str, str] | None = None,
                   lang: str = "en", names: dict[str, str] | None = None, unit: str | None = None,
                   said: set[str] | None = None, unit_one: str | None = None) -> Markup:
    """A player count's card strength as ONE table (``templates/report/strength.html``, issue #53), as the
    terminal's (``summary.strength_lines``): one row per card with its face, its share of opening hands (and both
    win rates), how much more often those dealt it won, what holding it mid-game adds to the win rate and margin
    (``cardgen.simulate.exchange``), its exchanges, one strip drawing both win-rate gaps (the opening hands' hollow
    dot above, the mid-game's filled one; a card flagged on its margin alone adds the margin's line), one verdict;
    sorted by the mid-game win rate gained. ``dealt``: the deal experiment's rows; ``table``: the play experiment's,
    with rows (else ``impact_block`` and ``exchange_block`` say them apart); ``unit``/``unit_one``: the margin's unit."""
    from cardgen.simulate.summary import excluding, strength_flags, strength_rows
    from cardgen.simulate.verdict import unit as game_unit

    words = WORDS[lang]
    pictures, names, unit = pictures or {}, names or {}, unit or game_unit(lang)
    pairs = strength_rows([r for r in dealt if not _held_by_all(r)], table)
    shaped = [({**decisive(a)} if a else None,
               {**b, "difference": b["win"], "low": b["win_low"], "high": b["win_high"]} if b else None)
              for a, b in pairs]
    half = _scale([{**(b or {}), "base": a or {}} for a, b in shaped])
    margin_half = max([0.1] + [abs(b[k]) for _, b in pairs if b for k in ("margin_low", "margin_high")
                               if isinstance(b.get(k), (int, float))]) * 1.05
    labels = [typeset(h, lang) for h in words["strength_labels"].format(unit=unit).split("|")]
    short = [h.split(" (")[0] for h in words["strength_head"].split("|")[3:]]  # with − without, win, margin
    points_word = words["strength_head"].split("|")[4].split(" (")[1].rstrip(")")  # "percentage points"
    colon = punct(":", lang) + " "
    body = []
    notes: list[str] = []  # under the table: each † card whose interval leaves out 0, why not flagged, what to check
    for (a, b), (sa, sb) in zip(pairs, shaped):
        cid = (a or b)["component"]
        name = names.get(cid, cid)
        hand_flag, win_flag, margin_flag = strength_flags(a, b)
        plays = (a if a and isinstance(a.get("plays_per_seat"), (int, float)) else b or {}).get("plays_per_seat")
        # each figure over its interval, never broken (round 32 fr47, it40)
        hand = ((typeset(points(sa["difference"], lang, True, False), lang),
                 typeset(interval(points(sa["low"], lang, True, False), points(sa["high"], lang, True, False), lang),
                         lang)) if sa and isinstance(sa.get("difference"), (int, float)) else ("–", ""))
        win = ((typeset(points(b["win"], lang, unit=False), lang),
                typeset(interval(*marked_ends(b["win_low"], b["win_high"], lang, True), lang), lang)) if b else ("–", ""))
        margin = ((typeset(number(b["margin"], lang, False, True, fixed=True), lang),
                   typeset(interval(*marked_ends(b["margin_low"], b["margin_high"], lang), lang), lang))
                  if b else ("–", ""))
        # one strip: the opening hands' gap (hollow, above) and the mid-game's (filled), one scale
        s = strip({**(sb or {"component": cid}), "flag": "" if b and by_margin(b) else (b or {}).get("flag", ""),
                   "base": {**sa, "flag": ""} if sa and isinstance(sa.get("difference"), (int, float)) else None},
                  half, name, lang, marked_ends(b["win_low"], b["win_high"], lang, True) if b else None)
        if s.get("base"):
            s["base"]["colour"] = STRONG if hand_flag and a["flag"] == "strong" else WEAK if hand_flag else NEUTRAL
        if b:
            s = margin_line(s, b, margin_half, lang, labels[2])
        if s.get("margin") and s.get("base"):  # three lines: a taller strip
            s = {**s, "h": 36, "base": {**s["base"], "y": 18}, "row": {**s["row"], "y": 7},
                 "margin": {**s["margin"], "y": 29, "sq_y": 25}}
        elif s.get("base") and s.get("row"):  # the swap test on top, first as in the columns (round 39 fr27)
            s = {**s, "base": {**s["base"], "y": s["row"]["y"]}, "row": {**s["row"], "y": s["base"]["y"]}}
        if s.get("row") and not win_flag:  # wins not flagged: neutral, as validate's opening-hand strips
            s["row"]["colour"] = NEUTRAL
        semi = punct(";", lang) + " "  # « [−10,2 ; +13,9] ; test de … », never "];" in French (round 37 fr37)
        s["title"] = typeset(f"{name}{colon}" + (f"{labels[0]} {' '.join(hand)}{semi}" if a else "")
                             + f"{labels[1]} {' '.join(win)}"
                             + (f"{semi}{labels[2]} {' '.join(margin)}" if b and by_margin(b) and b.get("flag") else ""),
                             lang)
        # the verdict: a flag (of either experiment), else hardly played, else within chance
        parts = []
        if a and (hand_flag or not a.get("judged", True)):
            parts.append(_verdict(a, a.get("flag") or "", lang))
        lead = ""  # a card flagged on its margin alone: the headline says why in a designer's words, the cell short
        # ("seems too strong (margin only)": 8 lines of interval jargon in the verdict column, round 38 en24, en25, fr37)
        if b and b.get("flag"):  # as the mid-game table said it: on its margin alone said so (round 29 fr36, it42)
            said_as = b["flag"] + by_margin(b)
            # graded as the warning above it, where the language grades it: «sembra troppo forte» in the table under
            # «potrebbe essere un po' troppo forte» in the warning (round 39 it15)
            if said_as + "_just" in words and card_just(b):
                said_as += "_just"
            parts.append(words.get(said_as + "_cell", words.get(said_as, b["flag"])))
            lead = words[said_as] if said_as + "_cell" in words else ""
        elif b and not b.get("judged"):
            parts.append(words["exchange_not_judged"].format(
                exchanges=decimal(b["exchanges"], lang, places=0), games=decimal(b["games"], lang, places=0),
                needed=table.get("min_exchanges", ""), needed_games=table.get("min_games", "")))
        rare = hardly_played(a if a and isinstance(a.get("plays_per_seat"), (int, float)) else b)
        # a † card with an interval that leaves 0 out: which one, why it is not flagged, what to check; "hardly ever
        # played: never flagged" beside Shower of Coins' −1.5 [−2.5 to −0.5] under "No card flagged" read as a
        # contradiction (round 36 en7*)
        held = ([(a["held_flag"], f'{short[0]} {" ".join(hand)}')] if a and a.get("held_flag") else []) + (
            # with its figure: "Holding it costs its holder" said no "what" (round 37 en9)
            # each figure with its unit, as the terminal's note (round 38 fr33)
            [(b["held_flag"], f'{short[1]} {win[0]} {points_word} {win[1]}' if by == "win" else
              f'{short[2]} {margin[0]} {unit_one if unit_one and is_singular(abs(round(b["margin"], 1)), lang) else unit} '
              f'{margin[1]}')
             for by in excluding(b)] if b and b.get("held_flag")
            else [])
        if not parts and rare and held:  # a short cell, the why and what to check once under the table: 60 words
            # set one or two a line in the verdict column made the row 370 px tall (round 37 en28, fr35, it33)
            parts.append(words["strength_held_cell"])
            notes.append(typeset(f'{words["strength_rare_mark"]} ' + words[f"strength_held_{held[0][0]}"].format(
                card=name, figure=(punct(";", lang) + " ").join(dict.fromkeys(figure for _, figure in held))), lang))
        elif not parts and rare:  # one wording, beyond chance or not (round 35 en33): the † after its name says it
            parts.append(words["strength_hardly_played"])
        verdict = (punct(";", lang) + " ").join(parts) or words["calm"]
        count = ({"exchanges": decimal(b["exchanges"], lang, places=0), "games": decimal(b["games"], lang, places=0)}
                 if b else None)
        rates = _rates(a, lang) if a else ("–", "–")
        body.append({"picture": pictures.get(cid), "name": f"{name} {words['strength_rare_mark']}" if rare else name,
                     "per_seat": (words["per_seat"].format(n=number(plays, lang, False, small=True))
                                  if isinstance(plays, (int, float)) else ""),
                     "dealt": _pct(a.get("dealt_share"), lang=lang) if a else "–",
                     "rates": " / ".join(rates) if a else "–",
                     "phone": typeset(words["phone_figures"].format(
                         dealt=_pct(a.get("dealt_share"), lang=lang), with_card=rates[0],
                         without=rates[1]), lang) if a else "",
                     "hand": hand, "win": win, "margin": margin,
                     # two unbreakable halves, "257 exchanges" and "in 152 games" (round 31 en50, it41)
                     # each number kept with its noun ("part of 257 swaps, in 152 games": the card's share of the
                     # swaps, never read as a count of its own swaps, round 38 fr29)
                     "count": re.sub(r"(\d\S*) ", "\\1\u00a0", words["exchange_games"].format(**count))
                     if count else "",
                     "strip": s, "flagged": bool(hand_flag or win_flag or margin_flag),
                     "marks": (hand_flag, win_flag, margin_flag),
                     "verdict": typeset(verdict, lang), "calm": verdict == words["calm"],
                     "lead": typeset(lead, lang) if lead and len(parts) == 1 else ""})
    judged = [a for a, _ in shaped if a and a.get("judged", True)]
    calm = (not any(b["flagged"] for b in body) and not any(x.get("held_flag") for pair in pairs for x in pair if x)
            and all(isinstance(a.get("low"), (int, float)) and a["low"] <= 0 <= a["high"] for a in judged))
    colours = {"{strong}": (STRONG, words["strong"]), "{weak}": (WEAK, words["weak"])}
    again = bool(said_before(["strength_legend"], said))
    from cardgen.simulate.exchange import PER_POINT

    # the moments drawn in a game and the swaps at each (``exchange.judge_game``): "up to 12 times, at a moment
    # drawn at random" read as twelve moments where --exchange-points 4 asked four (round 42 it24)
    fields = dict(points=decimal(table.get("points", 0), lang, places=0), per=decimal(PER_POINT, lang, places=0),
                  moments=decimal(table.get("points", 0) // PER_POINT, lang, places=0),
                  games=decimal(table.get("games", 0), lang, places=0),
                  exchanges=decimal(table.get("exchanges", 0), lang, places=0), unit=unit)
    hands = any(a for a, _ in pairs)  # the opening hands' columns, where the deal has rows
    # the rule names the columns the table shows: the swap test's alone without the deal's rows (round 46 fr39)
    flag = [colours.get(part, part) for part in re.split(r"(\{strong\}|\{weak\})", words[
        "flag_again" if again else "strength_flag" if hands else "strength_flag_swap"])]
    # the key: one short line per column, once a run, then which measure to trust; the method folded away
    # (round 35 en28, fr23, it21: a 270-330-word grey paragraph before)
    # in the columns' order: the swap test's two, then the opening hands' two (round 38); how the swap test is played
    # and how its swaps are counted, the method's alone (terminal round 41 fr9*: said three times on the page)
    key = [typeset(k, lang) for k in words["strength_key"].format(unit=unit).split("|")[:None if hands else 2]]
    key.append(typeset(words["strength_order"], lang))
    trust = typeset(words["strength_trust"], lang) if hands else ""
    # what "played … times per player per game" counts, left to the words themselves (terminal round 41 en31)
    method = typeset(" ".join(([words["legend"]] if hands else []) + [words["exchange_legend"].format(**fields),
                                                                    words["strength_method"]]), lang)
    legend = words["strength_legend_again"].format(**fields) if again else ""
    strip_legend = words["strength_strip_legend" if hands else "exchange_strip_legend"].format(
        half=decimal(100 * half, lang, places=0))
    if any(r["strip"].get("margin") for r in body):
        strip_legend += " " + words["exchange_strip_margin"].format(
            half=decimal(margin_half, lang, places=1),
            unit=unit_one if unit_one and is_singular(margin_half, lang) else unit)
    head = [typeset(h, lang) for h in words["strength_head"].format(unit=unit).split("|")]
    # a headline at every count, not only where every interval includes 0 (round 35 en34, fr20, it32)
    flagged = [words["strength_flagged_margin"].format(card=r["name"], verdict=r["lead"]) if r["lead"]
               else f'{r["name"]} ({r["verdict"]})' for r in body if r["flagged"]]
    held = any(x.get("held_flag") for pair in pairs for x in pair if x)
    # the † cards whose interval leaves out 0, named: "A † card has an interval …" read as if every † card had one,
    # where two carry † and one such interval (round 39 en16)
    held_names = [f'{names.get((a or b)["component"], (a or b)["component"])} {words["strength_rare_mark"]}'
                  for a, b in pairs if (a or {}).get("held_flag") or (b or {}).get("held_flag")]
    # every interval of every card, not "the interval of every card judged" where a card has three (round 36 en28,
    # fr22, it31); a † card's excluding interval pointed at from the headline (en7*)
    headline = (words["strength_calm"] if calm else
                words["strength_none_flagged_held" + ("_many" if len(held_names) > 1 else "")].format(
                    cards=join_and(held_names, lang)) if held and not flagged else
                words["strength_none_flagged"] if not flagged else
                words["strength_flagged_one" if len(flagged) == 1 else "strength_flagged"].format(
                    cards=(punct(";", lang) + " ").join(flagged)))
    # each measure's scale where its strip is drawn, in the strip's header: "−14 … 0 … +14" alone, with no unit or
    # key, stood over a card's margin drawn on its own ±1.9-coin scale, so a +0.8-coin margin read as some 6 win
    # points (round 39 fr26*, fr27, it16)
    # each scale "what (unit)" over its ends, the ends never broken ("−14 … ⏎ 0 … +14"); the dots' key after the wins'
    ends = _ends(half, lang)
    scales = [("", [typeset(x, lang) for x in words["strength_strip_win"].format(**ends).split("|")])]
    if hands:
        scales.append(("muted", [typeset(x, lang) for x in words["strength_strip_dots"].split("|")]))
    drawn = [r["strip"]["margin"]["colour"] for r in body if r["strip"].get("margin")]
    if drawn:
        scales.append((drawn[0], [typeset(x, lang) for x in words["strength_strip_margin"].format(
            unit=unit, low=typeset(decimal(-margin_half, lang, places=1), lang),
            high=decimal(margin_half, lang, signed=True, places=1)).split("|")]))
    return render("strength.html", none_flagged=typeset(headline, lang) if headline else "", scales=scales,
                  legend=typeset(legend, lang), strip_legend=strip_legend, key=[] if again else key, trust=trust,
                  method=method, method_title=words["strength_method_title"], flag=flag, head=head,
                  groups=[typeset(g, lang) for g in words["strength_groups"].split("|")],
                  verdict_head=words["head_verdict"], rows=body, labels=labels, hands=hands, notes=notes,
                  # a later table has no key, whose "with − without" line says it: the line under it does (fr38*)
                  rounding=rounding_line(lang) if hands and again else "", **ends)
