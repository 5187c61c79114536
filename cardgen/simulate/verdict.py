"""What a comparison means for a designer: a few plain sentences, then the figures grouped.

``verdict`` turns the significant changes of one player count into sentences,
strongest evidence first (largest distance from "no change" in standard errors).
Engine tallies (end reasons, rule gaps, peaks) never make a sentence, and neither
does a figure that follows directly from the edit (a tally the game declares as
repeating a rule field or component count the variant changed, ``GameSpec.tally_sources``:
``peak gold_in_hands`` when the variant prints fewer gold coins): the table marks it
"follows from the variant’s rule". Sentences exist in English, French
and Italian (``--lang`` picks them, for the terminal and the report; the languages are
``cardgen.languages.SHIPPED``).
Nothing here knows which game is played.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardgen import wordbook
from cardgen.terminal import say, with_terms
from cardgen.languages import decimal, is_singular, percent
from cardgen.languages import typeset as _typeset

#: this module's words per language (cardgen/wordbook.py)
_BOOK = with_terms(wordbook.load(__file__))  # the 95 % interval as the terminal words it

#: designer groups, in the order the table lists them; "internal" is folded and last
GROUPS = ("length", "fairness", "tension", "skill", "internal")
_SHARES = ("seat_", "end_reason:", "gap:", "close_games", "comeback_rate", "decided_at", "kingmaking", "skill:")

#: the kinds of difference (``cardgen.resolve.resolve.differences``) a tally can repeat: a rule number or
#: a component's count; a component whose faces or text changed changes no count
_COUNTED = ("rule", "count", "added", "removed")


def group(name: str) -> str:
    """The designer group of a metric name."""
    if name in ("turns", "rounds"):
        return "length"
    if name.startswith("seat_"):
        return "fairness"
    if name.startswith("skill:"):
        return "skill"
    if name.startswith(("end_reason:", "gap:", "peak:")):
        return "internal"
    return "tension"  # margin, winning score, close games, lead changes, comebacks, drama, decided at


def is_share(name: str) -> bool:
    return name.startswith(_SHARES)


#: a share's interval wider than this either side of its figure (±25 percentage points) says little: under a
#: table showing one, a line says that no change beyond chance there is no proof of no effect (fr60, en58)
WIDE_INTERVAL = 0.25


def wide_intervals(metrics: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a table's figures (those outside the folded engine tallies) hold a share whose interval spans
    more than ``WIDE_INTERVAL`` either side: a compare that stopped early at 100 pairs shows ±40-50 points."""
    return any(is_share(m["metric"]) and isinstance(m.get("low"), (int, float)) and isinstance(m.get("high"), (int, float))
               and (m["high"] - m["low"]) / 2 > WIDE_INTERVAL
               for m in metrics if m.get("group", "internal") != "internal")


def follows_from_change(name: str, differences: list[dict[str, Any]],
                        sources: Mapping[str, tuple[str, ...]]) -> bool:
    """True for an engine tally that only repeats the edit: the game declares (``sources``, its
    ``GameSpec.tally_sources``) the rule fields and component ids it follows from, and the variant
    changed one of them. Exact: no name matching, so a tally the game does not declare is never marked."""
    if group(name) != "internal":
        return False
    fields = set(sources.get(name, ()))
    return any(d.get("kind") in _COUNTED and d.get("field") in fields for d in differences)


# -- words ------------------------------------------------------------------------------
#: figure -> (rising sentence, falling sentence) per language; {b} base, {v} variant, {d} |difference|,
#: {lo}/{hi} the interval of |difference|, {k} a seat number, {label} a label
#: (``gap_named``: a rule gap by the short name a run gave its case, a noun: "Fewer games with a shortfall")
SENTENCES = _BOOK["sentences"]

WORDS = _BOOK["words"]

#: per language, the wording of a share that is exactly none (``v0``, ``b0``) or all (``v1``, ``b1``) of the games,
#: as (template's words, their replacement) pairs for the variant's {v} and the base game's {b} (terminal round 46
#: it29, it31): applied to a sentence's template before its figures, each pair only where it is found
WHOLE = _BOOK["whole"]

#: a figure's short name (``labels``) and, for a figure that needs one, its definition (``glosses``): a
#: compare table names the figure short and defines it once in a legend, validate says both at once
SHORT = _BOOK["labels"]
GLOSSES = _BOOK["glosses"]

#: each figure's full name: its short name with its definition ("close games (share of games won by …)")
LABELS = {lang: {**words, **{name: _BOOK["words"][lang]["glossed"].format(label=words[name], gloss=gloss)
                             for name, gloss in GLOSSES[lang].items()}}
          for lang, words in SHORT.items()}


#: an engine tally's name: these words, then the engine's own name for it
TALLIES = _BOOK["tallies"]

#: the report's own sentences (compare page), per language
PAGE = _BOOK["page"]


def agents_words(names: list[str], lang: str = "en", players: int | None = None) -> str:
    """Which agents played, in ``lang`` (the terminal, the report, and in English a JSON document's
    ``agents_text``: ``runner.agents_in_words``); a solo
    game (``players`` 1) has one player in one seat, said in the singular without "in each seat" (sixth
    readers t1, fr39, it59)."""
    words = PAGE[lang]
    if players == 1 and len(set(names)) == 1 and names[0] in words["agents_one"]:
        return words["agents_one"][names[0]]
    who = [words["agents"].get(n, f"'{n}'") for n in dict.fromkeys(names)]
    if not who:
        return ""
    text = who[0] if len(who) == 1 else ", ".join(who[:-1]) + words["and"] + who[-1]
    return words["every" if len(who) == 1 else "rotated"].format(who=text)


#: search's opponents in a skill figure (``skill:random``), by their names
OPPONENTS = _BOOK["opponents"]

#: the simulator's own end reasons and gaps (any game), and the "never finishes" phrase of a stalled game
SIMULATOR = _BOOK["simulator"]


def tally_name(name: str, lang: str, words: Mapping[str, Any] | None = None) -> str | None:
    """An engine tally's name in ``lang``: the game's (``GameSpec.words["tallies"]``), the simulator's for its
    own (a safety cap, an engine failure, no legal move), a stalled game by its gap's name; None if unknown."""
    own = ((words or {}).get("tallies") or {}).get(lang) or {}
    if name in own:
        return own[name]
    kind = name.split(":", 1)[1] if ":" in name else name
    sim = SIMULATOR[lang]
    if kind.startswith("stalled:"):
        gap = kind.split(":", 1)[1]
        return sim["stalled"].format(gap=own.get(f"gap:{gap}") or sim.get(gap) or gap.replace("_", " "))
    return sim.get(kind)


def is_total(name: str, words: Mapping[str, Any] | None = None) -> bool:
    """Whether the peak ``name`` is a running total (the game's words list it under ``totals``): its most in a game is
    its total over the game, never "the most at any one time", which Draco's unpaid silver was said to be beside
    validate's "at worst 70 left unpaid over one game" (twenty-fourth reading en33)."""
    return name.startswith("peak:") and name[len("peak:"):] in ((words or {}).get("totals") or ())


def unfinished(name: str) -> bool:
    """An end reason of a game that never finished (a stalled rule gap, the safety cap, an engine failure)."""
    return name.startswith(("end_reason:stalled:", "end_reason:safety_cap", "end_reason:engine_error"))


def label(name: str, lang: str = "en", words: Mapping[str, Any] | None = None, short: bool = False) -> str:
    """A figure's name as a designer reads it, in ``lang``: engine tallies by the names the game gives them
    (``words``: its ``GameSpec.words``), never by an engine id where the game names it. ``short``: without
    its definition ("tension", the compare table's name, which ``gloss`` defines in the legend)."""
    table = SHORT[lang] if short else LABELS[lang]
    own = (((words or {}).get("labels") or {}).get(lang) or {}).get(name)
    if own:  # the game's own name of the figure: King Lui's rounds are its courses, as its book says
        return own
    if name.startswith("seat_"):
        k = int(name.split("_")[1])
        first = first_player(lang, words)
        if k == 1 and first:  # as validate names player 1: the book's word (King Lui's chef of the first course),
            # a 100-column table's row shorter than the report's (the book's word is long: fr "victoires, joueur 1")
            return table["seat_1_own" if short else "seat_1_own_long"].format(first=first)
        return (table["seat_1"] if k == 1 else table["seat"]).format(k=k)
    if name in table:  # a figure counted in the game's score unit names it ("drama …, in silver coins")
        return table[name].replace("{unit}", unit(lang, words)).replace("{one}", unit(lang, words, False))
    for prefix, words_ in TALLIES[lang].items():
        if name.startswith(prefix):
            words_ = TALLIES[lang]["total:"] if is_total(name, words) else words_  # a running total as such (en33)
            own = tally_name(name, lang, words) if prefix != "skill:" else OPPONENTS[lang].get(name[len(prefix):])
            own = own or name[len(prefix):].replace("_", " ")  # a peak's measure after its name (tenth reading en70)
            return _typeset(words_.format(name=own) if "{name}" in words_ else words_ + own, lang)
    return name.replace("_", " ")


def first_player(lang: str, words: Mapping[str, Any] | None = None) -> str | None:
    """The game's own name of player 1 (``labels``' ``first_player`` in its words: King Lui's chef of the first
    course, a role that passes on each course), or None where the game gives none ("first to play" then)."""
    return (((words or {}).get("labels") or {}).get(lang) or {}).get("first_player")


def gloss(name: str, lang: str = "en", words: Mapping[str, Any] | None = None) -> str | None:
    """The definition of the figure ``name`` that its short name leaves out ("the eventual winner's average
    deficit…, in silver coins"), in ``lang`` and the game's score unit; None for a figure its name says."""
    # the game's own words where its score has a name: Draco's is a fortune, never a "score" (round 29 fr24, it14)
    text = (((words or {}).get("glosses") or {}).get(lang) or {}).get(name) or GLOSSES[lang].get(name)
    # {one}: the unit of one ("1 point", "1 silver coin": the close games' least margin, ``designer.CLOSE_FLOOR``)
    if text is None:
        return None
    return text.replace("{unit}", unit(lang, words)).replace("{one}", unit(lang, words, False))


def defined(name: str, lang: str = "en", words: Mapping[str, Any] | None = None) -> str:
    """A figure's name and its definition as a sentence says them, "comebacks: share of games whose winner …" (the
    wordbooks' ``defined``), never brackets that the games it was measured on follow in brackets again (fifteenth
    reading en33); a figure the game names itself, or one without a definition, by its name alone."""
    full, short, text = label(name, lang, words), label(name, lang, words, short=True), gloss(name, lang, words)
    if text is None or full == short:
        return full
    return str(WORDS[lang]["defined"].format(label=short, gloss=text))


def unit(lang: str, words: Mapping[str, Any] | None = None, many: bool = True) -> str:
    """What the game's scores count, in ``lang`` ("coins" for Draco; "points" where the game says nothing)."""
    one_many = ((words or {}).get("unit") or {}).get(lang) or _BOOK["unit"][lang]
    return one_many[1 if many else 0]


def number(x: float, lang: str, share: bool, signed: bool = False, small: bool = False, fixed: bool = False) -> str:
    """``x`` in the language's notation (``cardgen.languages``): shares as percentages, counts with one
    decimal; with ``small``, always one decimal ("2.0", "0.5") and two only below 0.1 (a card played 0.02 times
    per seat is not "0"): "2", "0.51" and "5.8" side by side on one page were three precisions for one figure
    (seventeenth reading it69); ``fixed``: that one decimal even when it is 0 (a figure and its interval's ends
    written alike)."""
    if share:
        return percent(x, lang, signed, fixed=fixed)
    if small:
        return decimal(x, lang, signed, 2 if 0 < round(abs(x), 2) < 0.1 else 1, x != 0)  # never: "0", not "0.0"
    return decimal(x, lang, signed, 1, fixed)


def indicator(x: float, lang: str, share: bool, mean: float) -> str:
    """A design indicator's value or an end of its interval (``x``), as every table writes it: one decimal
    (``PLACES``), but two for an indicator that is not a share and whose ``mean`` is below 1, its interval's ends
    alike: Royale's "tension 0.4 [0.3 to 0.5]" set the figure on its own bound and hid that 0.53 at 3 players is a
    third above 0.40 at 2 (terminal round 46 en44*)."""
    if share:
        return number(x, lang, True, fixed=True)
    return decimal(x, lang, False, PLACES + 1 if abs(round(mean, 2)) < 1 else PLACES, True)


def alike(xs: tuple[float, float], lang: str, share: bool) -> tuple[str, str]:
    """Two figures of one sentence written alike: both with their one decimal when either needs it ("from 7.0
    to 4.5", never "from 7 to 4.5"), both whole when both are ("3 turns"); a share always with its decimal
    ("6.0% of games instead of 22.0%"), as the tables and the "Other counts" line below it write the same
    share (eleventh reading en37, fr42, it39: "6% instead of 22%" over "22.0% → 6.0%")."""
    fixed = share or any(round(x, 1) != round(x) for x in xs)
    return number(xs[0], lang, share, fixed=fixed), number(xs[1], lang, share, fixed=fixed)


def confidence(level: float, lang: str) -> str:
    """A confidence level said before or after "confidence interval" (``95%``, ``à 98,75 %``, ``al 99,996 %``),
    with as few decimals as keep it below 100: a level widened for many figures at once is never printed as a
    certainty (``100 %``); one too close to 100 to print in 4 decimals is said "widened" (the report's note
    tells by how much)."""
    places = 2
    while places < 5 and round(100 * level, places) >= 100:
        places += 1
    if round(100 * level, places) >= 100:
        return say("level_widened", lang)
    return say("level_at", lang, level=percent(level, lang, places=places))


def sentence(m: dict[str, Any], lang: str = "en", words: Mapping[str, Any] | None = None,
             pairs: int | None = None, cases: Mapping[str, str] | None = None,
             notes: Mapping[str, str] | None = None) -> str:
    """One sentence for a significant metric (``metric``, ``base``, ``variant``, ``difference``, interval). The
    margin over the second, counted on the ``n`` pairs whose two games both have a second place, says on which
    when fewer than the ``pairs`` played: its base mean (6.3) is then not validate's (6.2, over every base game
    with a second place), which read as two figures for one (thirteenth reading fr18, it36). ``cases``: rule
    gaps (``gap:<case>``) by the short name the caller's run gave them after naming them once in full ("Fewer
    games with a shortfall", cardgen fix): built so here, never a typeset sentence rewritten after (fr54).
    ``notes``: what the caller knows of a rule gap's share beyond this comparison, said inside its brackets after
    its two figures ("(6.0% of games instead of 94.0%: above the aim of at most 5%, …)", cardgen fix): the share
    said once, where a line of its own below gave the same figure again (twentieth reading en59, it42, fr46)."""
    name = m["metric"]
    short = (cases or {}).get(name)
    note = (notes or {}).get(name)
    key = name
    k = 0
    if name.startswith("seat_"):
        k = int(name.split("_")[1])
        key = "seat_1" if k == 1 else "seat"
        if k == 1 and first_player(lang, words):
            key = "seat_1_own"  # the game's name of player 1, as validate says it (fr61, en55)
    elif name.startswith("skill:"):
        key = "skill"
    elif unfinished(name):
        key = "unfinished"
    elif name.startswith(("end_reason:", "gap:", "peak:")):
        key = "total" if is_total(name, words) else name.split(":", 1)[0]
        if key == "gap" and short is not None:
            key = "gap_named"
        if key in ("gap", "gap_named") and note is not None:
            key += "_note"
    # a game may word a figure its own way in its words.json ("sentences"): Draco & Co counts a fortune, never a
    # score (eleventh reading en35, fr40, it36); the statistics stay the same for every game
    table = {**SENTENCES[lang], **(((words or {}).get("sentences") or {}).get(lang) or {})}
    if key not in table:
        key = "other"
    up, down = table[key]
    d = shown(m)[0]
    template = up if d > 0 else down
    if is_share(name):  # a share of exactly none or all of the games is said so: "lo 0,0% delle partite" on 50
        # games was heavy and over-precise, "100,0%" a false decimal (terminal round 46 it29, it31, en38)
        for side, x in (("b", m.get("base")), ("v", m.get("variant"))):  # the base's first: a variant's pair
            # may hold the base's words, "(in nessuna partita invece che nel {b}"
            end = "0" if x is not None and abs(x) < 1e-9 else "1" if x is not None and abs(x - 1) < 1e-9 else ""
            for old, said in WHOLE.get(lang, {}).get(side + end, []) if end else []:
                template = template.replace(old, said)
    named = short if key in ("gap_named", "gap_named_note") else \
        ((tally_name(name, lang, words) or name.split(":", 1)[1].replace("_", " ")) if group(name) == "internal"
         else label(name, lang, words))  # a tally no one names: its id in words, once
    if key in ("turns", "rounds") and is_singular(abs(d), lang):
        for plural, single in SINGULAR[lang].items():  # the template's own word and the game's name of its rounds
            template = template.replace(plural, single)
            named = f" {named} ".replace(plural, single).strip()
    text = template.format(**figures(m, lang), k=k, note=note or "",
                           label=named, unit=unit(lang, words), first=first_player(lang, words) or "")
    n = m.get("n")
    if key == "margin" and isinstance(n, int) and isinstance(pairs, int) and n < pairs and text.endswith("."):
        # the game's own words for the games that have a runner-up, as its validate names them (en31)
        own = (((words or {}).get("lines") or {}).get(lang) or {}).get("margin_pairs")
        text = text[:-1] + (own or WORDS[lang]["margin_pairs"]).format(n=decimal(n, lang, places=0),
                                                                       pairs=decimal(pairs, lang, places=0)) + "."
    return _typeset(text[0].upper() + text[1:], lang)


def shown_difference(difference: float, share: bool, places: int = 1) -> float:
    """A difference as printed: the true one (the paired mean, unrounded, as compare.json has it and as its
    interval is centred on), rounded half up to ``places`` decimals (a share's in percentage points), never the
    difference of the two rounded means: 27.17 -> 17.93 is 9.2 turns shorter, not the 9.3 of 27.2 - 17.9, which
    disagreed with the JSON and with its own interval (terminal round 41 en38*, it21*)."""
    from cardgen.languages import half_up
    return half_up(difference, places + 2) if share else half_up(difference, places)


#: the decimals of every table's values and of the sentences' figures: one. A difference is worked out before
#: rounding (``shown_difference``, the true one, as the JSON has it and its interval is centred on), so it can differ
#: by 0.1 from the difference of the two values printed beside it, and every output that prints both says so once
#: (terminal ``compare_rounding``, fix's ``note_rounding``, the report's ``footnote``, the card tables'
#: ``strength_key``, on the legend's line for that column: terminal round 46 it36). Rounds 41-44 wrote two decimals where one would not
#: subtract, row by row and then table by table; round 45's three readers read "72.83 | 56.91 | −15.9" and
#: "51.02% of 100 games" as false precision and asked for one decimal everywhere (en60*, fr33, it35, it39, it42).
PLACES = 1


def written(x: float, lang: str, share: bool, places: int = PLACES) -> str:
    """A table's value with its ``PLACES`` decimal (or ``places``), always written (a share as a percentage)."""
    return percent(x, lang, places=places, fixed=True) if share else decimal(x, lang, False, places, True)


def as_written(m: dict[str, Any]) -> tuple[float, float]:
    """A figure's two means as its sentence writes them (``figures``): rounded to one decimal (``PLACES``; a share
    as a share). A change worked out from them agrees with what the reader sees: "4.6 to 3.3" is 28% fewer, where
    the unrounded 4.60 → 3.28 made it "29%" (round 44 en37*)."""
    from cardgen.languages import half_up
    places = PLACES + (2 if is_share(m["metric"]) else 0)
    return half_up(m["base"], places), half_up(m["variant"], places)


def figures(m: dict[str, Any], lang: str) -> dict[str, str]:
    """A significant figure's values as its sentence says them: ``b`` and ``v`` the two means, ``d`` the size
    of their difference, ``lo``/``hi`` its interval, ``interval`` the interval's name and ``level`` its level;
    one writing for compare's sentences and fix's list of the game's counts that moved (``count_said``)."""
    share = is_share(m["metric"])
    d, low, high = shown(m)
    lo, hi = sorted((abs(low), abs(high))) if low is not None else (abs(d), abs(d))
    if low is not None and low < 0 < high:  # pragma: no cover - significant never spans 0
        lo = 0.0
    # one decimal, as the tables: "from 27.2 to 17.9", 9.2 shorter, worked out before rounding (round 45 en60*;
    # the note on rounding says it once per output)
    b, v = alike((m["base"], m["variant"]), lang, share)
    lo_, hi_ = alike((lo, hi), lang, share)
    # the change written as the figures it joins: "11.0 fewer rounds, from 26.2 to 15.2", never "11" beside
    # them and "8.3" on the next clause (sixteenth reading fr27)
    d_ = number(abs(d), lang, share, fixed=share or any(round(x, 1) != round(x) for x in (m["base"], m["variant"], d)))
    # the interval's level beside it ("at 98.75 %"): a bare "confidence interval" left the reader guessing (fr26, it33)
    level = confidence(m.get("adj_level") or 0.95 if m.get("adj_low") is not None else 0.95, lang)
    # an interval widened past 95 % says why, never an unusual level ("98.75%", "99.97%": fourteenth reading en20)
    interval = say("interval_widened_why" if m.get("adj_low") is not None else "balance_level_plain", lang)
    return {"b": b, "v": v, "d": d_, "lo": lo_, "hi": hi_, "level": level, "interval": interval}


def count_said(m: dict[str, Any], lang: str, words: Mapping[str, Any] | None = None) -> str:
    """One of the game's counts that moved, with its way and size ("gold coins in hands …: 10.0 fewer, from 25.0
    to 15.0 (95% confidence interval: 9.9 to 10.1)"): fix prints no table, so a bare name under "apart from these
    counts" said neither which way nor how much (fr29, en2)."""
    name = m["metric"]
    named = tally_name(name, lang, words) or name.split(":", 1)[-1].replace("_", " ")
    if name.startswith("peak:"):  # a game's highest, averaged: "from 25.0 to 38.1" read as end-of-game holdings
        named = WORDS[lang]["total_said" if is_total(name, words) else "peak_said"].format(name=named)  # (nineteenth reading fr49, it37), as compare says it
    key = "count_up" if shown(m)[0] > 0 else "count_down"
    return WORDS[lang][key].format(name=named, **figures(m, lang))


def listed_counts(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's counts that moved at one player count as ``cardgen fix`` lists them, one per line under its
    sentences (``verdict``'s ``listed``), in the tables' order: every engine count told from chance, its peaks
    among them, the shortage's own peak too. Strung into one sentence, each said "the most at any one time in a
    game, averaged over games" and why its interval was wider: forty times in one report, ten lines a sentence
    (twentieth reading en49, fr42, it37). A shortage's own peak (``shortfall``: the silver the bank could not pay)
    comes first, under the sentence on the games short: the problem's figure before what follows from its cure."""
    rows = [m for m in result["metrics"]
            if m.get("significant") and group(m["metric"]) == "internal"
            and (not speaks(m) or m["metric"].startswith("peak:"))
            and m.get("base") is not None and m.get("variant") is not None]
    return sorted(rows, key=lambda m: not m.get("shortfall"))


def shown(m: dict[str, Any]) -> tuple[float, float | None, float | None]:
    """A figure's difference and interval as the comparison's table prints them, so that a sentence and its
    table row say one value and one interval (en50, it30: "9.2 turns shorter (95%: 8.0 to 10.5)" above the
    row "27.2 → 17.9 −9.3 [−10.6 to −7.9]"): the true difference rounded as printed (``shown_difference``:
    −9.2 for 27.17 → 17.93, terminal round 41 en38*) and the interval Holm's test decides by
    (``adj_low``/``adj_high``), else the plain one."""
    d = m["difference"]
    if d is None and m.get("base") is not None and m.get("variant") is not None:
        d = m["variant"] - m["base"]
    if d is not None:
        d = shown_difference(d, is_share(m["metric"]))
    if m.get("adj_low") is not None:
        return d, m["adj_low"], m["adj_high"]
    return d, m.get("low"), m.get("high")


#: the plural words of the length sentences, and their singular (English and Italian: exactly 1; French: below 2)
SINGULAR = _BOOK["singular"]




def _strength(m: dict[str, Any]) -> float:
    """Distance of the difference from 0 in standard errors (infinite when every pair moved alike)."""
    if m.get("high") is None or m.get("low") is None or m["difference"] is None:
        return 0.0
    half = (m["high"] - m["low"]) / 2
    return abs(m["difference"]) / half if half else float("inf")


def size(m: dict[str, Any]) -> float:
    """How big a change is, comparable across sources: a share's change in percentage points (0.91 for 95 %
    of games -> 4 %), a count's relative change (0.4 for 80 -> 48 turns); a card's change in points."""
    d = abs(m["difference"])
    if is_share(m["metric"]) or m["metric"].startswith("card:"):
        return d
    top = max(abs(m.get("base") or 0.0), abs(m.get("variant") or 0.0))
    return d / top if top else 0.0


def speaks(m: dict[str, Any]) -> bool:
    """Whether a significant figure may make a sentence: any source (length, seats, designer figures, games
    not finishing, rule gaps, a component the box lacks: ``shortfall``), never one marked as repeating the
    edit (``follows_from_change``) nor an engine peak that is no shortage (the most cards in a hand)."""
    if not m.get("significant") or m.get("difference") is None or m.get("follows_from_change"):
        return False
    return not m["metric"].startswith("peak:") or bool(m.get("shortfall"))


def counted_length(words: Mapping[str, Any] | None) -> str | None:
    """The length a player of the game counts, ``turns`` or ``rounds``, as the game declares it in its words
    (``"length"`` in its ``words.json``: Royale's players count turns, King Lui's courses); None: undeclared."""
    length = (words or {}).get("length")
    return length if length in ("turns", "rounds") else None


def headline_metrics(metrics: list[dict[str, Any]], words: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The figures the verdict names, biggest change first (``size``), then strongest evidence; of the two
    lengths, only the one the game's players count (``counted_length``) where the game declares it."""
    counted = counted_length(words)
    keep = [m for m in metrics if speaks(m)
            and not (counted and m["metric"] in ("turns", "rounds") and m["metric"] != counted)]
    return sorted(keep, key=lambda m: (-size(m), -_strength(m), m["metric"]))


def table_order(chosen: list[dict[str, Any]], metrics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The figures a verdict names (the biggest changes) said in the order of the tables (``metrics``; cards
    after them), so that every player count's block reads in one order: turns before scores at 2 players and
    scores first at 4 made the blocks hard to scan side by side (tenth reading en43)."""
    place = {m["metric"]: i for i, m in enumerate(metrics)}
    return sorted(chosen, key=lambda m: place.get(m["metric"], len(place)))


def _headlines(result: dict[str, Any], cards: Mapping[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The figures ``verdict`` may name for one player count, its cards' changes among them, in its order."""
    if cards is None:
        cards = {c["change"]["metric"]: c for c in result.get("component_impact") or [] if c.get("change")}
    return headline_metrics(result["metrics"] + [c["change"] for c in cards.values()], result.get("game_words"))


def stopped_quiet(result: dict[str, Any], most: int = 4) -> bool:
    """Whether compare's ``verdict`` of this player count ends without its closing sentence: it stopped at a
    look and named all it found, so "nothing else was detected in these pairs; smaller changes may have been
    missed" is due, and compare says it once for every such count (``stopped_caution``), not once per count."""
    top = _headlines(result)
    return bool((result.get("stop") or {}).get("early")) and 0 < len(top) <= most


def named_metrics(result: dict[str, Any], most: int = 4) -> frozenset[str]:
    """The figures ``verdict`` names in its sentences for one player count (the ``most`` biggest significant
    changes): a line below them (compare's "Other counts") points to these rather than saying them again."""
    return frozenset(m["metric"] for m in _headlines(result)[:most])


def verdict(result: dict[str, Any], lang: str = "en", most: int = 4,
            names: dict[str, str] | None = None, alone: bool = False,
            cases: Mapping[str, str] | None = None, listed: bool = False,
            notes: Mapping[str, str] | None = None) -> list[str]:
    """A few plain sentences for one player count: the biggest significant changes in the tables' order (one
    order in every block), whatever their source (games not finishing, rule gaps, components running short,
    seats, designer figures, cards), then what did not move. ``names``: component id -> its name in ``lang``; the game's own words (score unit,
    tally names) come with the result (``game_words``, set by compare). ``alone``: the sentences are printed
    without compare's tables and options (``cardgen fix``): the engine counts that moved are named in the
    sentence, not pointed to on a table line the reader never sees, and ``--fixed`` is compare's. ``cases``: rule
    gaps by the short name the run gave them (``sentence``). ``listed`` (with ``alone``): the game's counts are not
    strung into the last sentence, which ends on a colon before them; the caller lists them one per line
    (``listed_counts``, ``summary.count_cells``), the shortage's own peak among them, never a sentence of its own.
    ``notes``: what the caller adds inside a rule gap's brackets (``sentence``)."""
    table = WORDS[lang]
    words = result.get("game_words")
    cards = {c["change"]["metric"]: c for c in result.get("component_impact") or [] if c.get("change")}
    top = _headlines(result, cards)
    if alone and listed:
        rows = listed_counts(result)
        top = [m for m in top if m["metric"] not in {r["metric"] for r in rows}]
        if not top:
            return [_typeset(table["nothing_listed" if rows else "nothing"].format(n=result["games"]), lang)]
        out = [card_sentence(cards[m["metric"]], lang, names) if m["metric"] in cards
               else sentence(m, lang, words, result.get("games"), cases, notes)
               for m in table_order(top[:most], result["metrics"])]
        if len(top) > most:
            rest = len(top) - most
            out.append(_typeset(table["more_one" if rest == 1 else "more"].format(n=rest), lang))
        return out + ([_typeset(table["else_listed"], lang)] if rows else [])
    moved = [m for m in result["metrics"]
             if m.get("significant") and group(m["metric"]) == "internal" and not speaks(m)]
    counted = [m["metric"] for m in moved]
    counts = bool(counted)
    # "; ": a count's name may hold a comma; alone (fix, no table), each count says its way and size
    named = say("separator", lang).join(dict.fromkeys(
        count_said(m, lang, words) if alone and m.get("base") is not None and m.get("variant") is not None
        else tally_name(m["metric"], lang, words) or m["metric"].split(":", 1)[-1].replace("_", " ")
        for m in moved))
    if not top:  # an engine count the table's last line names as changed: "no figure changed" alone would deny it
        key = ("nothing_named" if alone else "nothing_counts") if counts else "nothing"
        return [_typeset(table[key].format(n=result["games"], label=table["internal"], names=named), lang)]
    out = [card_sentence(cards[m["metric"]], lang, names) if m["metric"] in cards
           else sentence(m, lang, words, result.get("games"), cases, notes)
           for m in table_order(top[:most], result["metrics"])]
    stop = result.get("stop") or {}
    if len(top) > most:
        rest = len(top) - most
        out.append(_typeset(table["more_one" if rest == 1 else "more"].format(n=rest), lang))
    elif alone:  # fix: its block names only the counts that moved here; that nothing else was detected is said
        # once under all its blocks (``held``), never "no other change detected in these 50 pairs" after each
        # count (fr30), and once on its last line that small changes can go unnoticed (thirteenth reading fr42, fr44)
        if counts:
            out.append(_typeset(table["nothing_else_named"].format(label=table["internal"], names=named), lang))
    elif stop.get("early"):  # stopped at a look: nothing else was detected in the pairs played, which is not "no change";
        # compare says it once for all its player counts (``stopped_quiet``: tenth reading it39, fr36)
        pass
    elif counts:
        out.append(_typeset(table["nothing_else_counts"].format(label=table["internal"], names=named), lang))
    else:
        out.append(_typeset(table["nothing_else"], lang))
    return out


CARDS = _BOOK["cards"]


#: a component's name inside a sentence
QUOTED = _BOOK["quoted"]


def card_sentence(r: dict[str, Any], lang: str = "en", names: dict[str, str] | None = None) -> str:
    """The sentence of a card whose deal matters more or less in the variant (a compare card row whose
    ``change`` is significant), named by ``names`` (id -> name in ``lang``) where given, else by its id."""
    d = r["change"]["difference"]
    name = (names or {}).get(r["component"])
    c = QUOTED[lang].format(name or r["component"])
    text = CARDS[lang]["strong" if d > 0 else "weak"].format(
        c=c, v=number(r.get("win_rate_dealt") or 0.0, lang, True), o=number(r.get("win_rate_not_dealt") or 0.0,
                                                                             lang, True),
        d=decimal(100 * abs(d), lang))
    return _typeset(text, lang)


def significance_line(count: int, lang: str = "en") -> str:
    """What "significant" means, in plain words (the statistics are in ``footnote``)."""
    return _typeset(WORDS[lang]["significant"].format(n=count), lang)


def footnote(count: "int | list[dict[str, Any]]", lang: str = "en", page: bool = False) -> str:
    """The statistics behind "unlikely to be chance", for the end of a report: Holm over ``count`` figures, or,
    given a comparison's results, over each player count's own family (``family``), named per count where
    the counts' families differ in size (a 5-player family holds more seats than a 3-player one). It names the
    mark the reader sees: the text's * after a figure, or on a ``page`` the table's "significant" column, which
    shows no * (tenth reading it78)."""
    words = WORDS[lang]
    if page:
        head = words["table"].split("|")
        marked = words["marked_column"].format(column=head[5], yes=head[6])
    else:
        marked = words["marked_star"]
    if isinstance(count, int):
        return _typeset(words["footnote"].format(n=count, cards="", marked=marked), lang)
    # the per-card figures join the family only where the game deals cards to some seats (Draco, not King Lui)
    cards = words["cards_included"] if any(c.get("change") for r in count for c in r.get("component_impact") or []) else ""
    sizes = [(r["players"], r.get("family", len(r["metrics"]))) for r in count]
    if len({n for _, n in sizes}) <= 1:
        return _typeset(words["footnote"].format(n=sizes[0][1] if sizes else 0, cards=cards, marked=marked), lang)
    each = ", ".join(words["family_first" if i == 0 else "family_at"].format(n=n, p=p) for i, (p, n) in enumerate(sizes))
    return _typeset(words["footnote_each"].format(n=each, cards=cards, marked=marked), lang)


