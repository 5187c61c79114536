"""What ``cardgen validate`` and ``cardgen compare`` print, in the language of ``--lang``.

The sentences are ``cardgen/terminal.json``'s (``cardgen.terminal.say``); what they name
comes from the game's own words (``GameSpec.words``: end reasons, rule gaps, peaks and
tie-breaks by their names, the score unit, the length its players count) and from the
deck (each component by its name in the language), never an engine id. Numbers are
written as the language writes them (``cardgen.languages``).
"""
from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cardgen.languages import counts_grouped, decimal, half_up, is_singular, percent, typeset
from cardgen.terminal import LINES, WIDTH, say, say_n, word
from cardgen.simulate.failures import game_number
from cardgen.simulate.cards import hardly_played


@dataclass(frozen=True)
class Naming:
    """How one deck's things are named on the terminal: the game's words (``GameSpec.words``), each
    component's name in the language (id -> name) and which component each shortfall lacks (peak -> id)."""

    words: Mapping[str, Any] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    shortfall: Mapping[str, str] = field(default_factory=dict)
    title: str = ""  # the deck's own name in the language (``King Lui``), shown for the game's id
    ruled: Mapping[str, str] = field(default_factory=dict)  # component id -> its plural name, where the book rules a shortage
    plurals: Mapping[str, str] = field(default_factory=dict)  # component id -> its plural in running text ("gold coins")
    #: component id -> the clarification that rules its shortage and whether the published text decides it: the
    #: warning names the case as the book does ("the bank runs short of silver coins") and whose ruling covers it
    rulings: Mapping[str, tuple[str, bool]] = field(default_factory=dict)
    #: the solo game's verdict scale as the book prints it, best verdict first: its heading in the book's words
    #: and (lowest, highest, verdict) per step, the verdicts from the deck's data (tenth reading it24)
    scale: tuple[str, tuple[tuple[int, int, str], ...]] = ("", ())
    #: case (a clarification's id, the gap kind it settles) -> how the ruling settles it, its own text in the
    #: language: the page says how, not only whose ruling (fourteenth reading fr8)
    clarifications: Mapping[str, str] = field(default_factory=dict)
    #: component id -> how many the box holds: a shortage's warning says what the box would then hold ("76
    #: instead of 20"), as a reader could not tell 56 more from nearly three times the box (twentieth reading en25)
    counts: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, deck: Any, lang: str) -> "Naming":
        """The naming of a resolved deck in ``lang``: its components by name, and the card kinds the game's
        designer figures group (``kinds`` in its words: Royale's four imposters are one "Imposter")."""
        from cardgen.games.base import component_name
        said = lang if lang in getattr(deck, "languages", (lang,)) else deck.languages[0]
        from cardgen.games.base import words_of
        words = words_of(deck)
        names = {c.id: component_name(deck, c.id, lang) or c.id for c in deck.model.components}
        plurals = {c.id: str(getattr(c.plural, lang, None) or c.plural.en) for c in deck.model.components
                   if getattr(c, "plural", None) is not None}
        ruled = {c.id: _said(c.when_short.name, lang) if c.when_short.name is not None else plurals.get(c.id, c.id)
                 for c in deck.model.components if getattr(c, "when_short", None) is not None}
        clarified = getattr(deck.model, "clarifications", None) or {}
        rulings = {c.id: (c.when_short.ruling, _published(clarified.get(c.when_short.ruling)))
                   for c in deck.model.components if getattr(c, "when_short", None) is not None}
        return cls(words, {**((words.get("kinds") or {}).get(lang) or {}), **names},
                   dict(getattr(deck.spec, "shortfall_components", {}) or {}), deck.text(said)["name"], ruled,
                   plurals, rulings, _scale(deck, lang),
                   {k: _said(getattr(c, "case", None) or c.text, lang) for k, c in clarified.items()
                    if getattr(c, "text", None) is not None},
                   {c.id: c.count for c in deck.model.components if isinstance(getattr(c, "count", None), int)})

    @classmethod
    def of_decks(cls, decks: Sequence[Any], lang: str) -> "Naming":
        """One naming for a comparison's decks (the same game): the first deck's words, every deck's names
        (a later deck's name wins, so a variant's renamed component reads as the variant calls it)."""
        namings = [cls.of(deck, lang) for deck in decks]
        names: dict[str, str] = {}
        shortfall: dict[str, str] = {}
        ruled: dict[str, str] = {}
        plurals: dict[str, str] = {}
        rulings: dict[str, tuple[str, bool]] = {}
        for n in namings:
            names.update(n.names)
            shortfall.update(n.shortfall)
            ruled.update(n.ruled)
            plurals.update(n.plurals)
            rulings.update(n.rulings)
        first = namings[0] if namings else cls()
        from cardgen.games.base import words_of_decks
        return cls(words_of_decks(decks) if decks else first.words, names, shortfall, first.title, ruled, plurals, rulings,
                   first.scale)  # no box counts: base and variant may hold different numbers of a piece

    def noun(self, cid: str, n: int, lang: str) -> str:
        """The noun ``n`` of component ``cid`` are counted with: its plural where the deck gives one ("[43] gold
        coins", "[43] monete d’oro"), else copies of its quoted name ("[43] copies of “Bow and Scrape”", "[1]
        copy of…"): a card's name is a singular title, never a counted plural noun."""
        from cardgen.simulate.verdict import QUOTED
        one = is_singular(n, lang)
        if cid in self.plurals and not one:
            return self.plurals[cid]
        return say("copy_of" if one else "copies_of", lang, name=QUOTED[lang].format(self.names.get(cid, cid)))

    def plural(self, cid: str, lang: str) -> str:
        """Component ``cid`` in running text, uncounted ("the box runs short of silver coins"): its plural, else
        its quoted name."""
        from cardgen.simulate.verdict import QUOTED
        return self.plurals.get(cid) or QUOTED[lang].format(self.names.get(cid, cid))

    def rule(self, key: str, lang: str) -> str:
        """A rule number's name in ``lang``, the name the rulebook gives it: the game's words (``rules``) hold
        the book's msgid (``msgids``: ``cards_set_aside`` -> "Action cards put back in the box unseen at
        set-up") and its catalog ``domain``, the catalog of the language translates it (one translation,
        the book's), ``fill`` names the components its placeholders stand for (``%(zork)s``: the deck's
        Zork); a rules package of a project may give its own names by language instead. A rule the game
        does not name, in words."""
        table = self.words.get("rules") or {}
        if isinstance(table.get(lang), Mapping) and key in table[lang]:
            return table[lang][key]
        msgid = (table.get("msgids") or {}).get(key)
        if msgid is None:
            return key.replace("_", " ")
        from cardgen.rulebook.catalog import book_words

        return book_words(msgid, lang, table.get("domain"), **self.fill())

    def fill(self) -> dict[str, str]:
        """The deck's names of the components the rules' words stand for (``rules.fill``: ``zork`` -> the deck's
        Zork), for a rule's name and for the sentence that says its change (``tune.fix.rule_change``)."""
        fill = (self.words.get("rules") or {}).get("fill") or {}
        return {name: self.names.get(cid) or name.capitalize() for name, cid in fill.items()}

    def value(self, value: Any, lang: str) -> str:
        """A rule's value in ``lang``: yes/no, a word the game names (``values``: ``last_player`` -> "in front
        of the last player"), each item of a list, a titled entry by its title; numbers as the language
        writes them."""
        if isinstance(value, bool):
            return say("yes" if value else "no", lang)
        if value is None:
            return "–"
        if isinstance(value, (list, tuple)):
            return ", ".join(self.value(v, lang) for v in value)
        if isinstance(value, dict):
            title = value.get("title")
            return str(title.get(lang) or title.get("en")) if isinstance(title, dict) else \
                ", ".join(f"{k} {self.value(v, lang)}" for k, v in value.items())
        if isinstance(value, (int, float)):
            return _num(value, lang)
        text = str(value)
        return ((self.words.get("values") or {}).get(lang) or {}).get(text) or text.replace("_", " ")


def _scale(deck: Any, lang: str) -> tuple[str, tuple[tuple[int, int, str], ...]]:
    """A deck's solo verdict scale (``score_bands`` in its rules, Royale's) in ``lang``: the heading the book
    gives it, from the book's catalog, and each step's range and verdict from the deck; empty without one."""
    from cardgen.rulebook.catalog import book_words
    bands = getattr(getattr(deck, "rules", None), "score_bands", None) or ()
    if not bands:
        return "", ()
    return (book_words("Solo score scale", lang, getattr(deck.spec, "id", None)),
            tuple((b.min, b.max, _said(b.title, lang)) for b in bands))


def scale_line(histogram: Sequence[Sequence[float]], lang: str, naming: Naming) -> list[str] | None:
    """The share of solo games that earn each verdict of the book's scale ("solo score scale: The King’s Head
    Waiter (11–12) 2%; …"), so that a designer tuning the solo game reads its scores as the player will; None
    without a scale or a game."""
    heading, bands = naming.scale
    games = sum(n for _, n in histogram)
    if not bands or not games:
        return None
    # each title quoted, as a title is, and two neighbouring scores said as two: "11 or 12", never "11 to 12"; the
    # heading says the shares are of the games (twenty-first reading fr9)
    # one verdict a line, its share in a column, as the page's table lays them out: four bands run together on
    # three wrapped lines (terminal round 41 en18); the heading's line ends on its colon
    items = [say("scale_item", lang, verdict=verdict, span=say("scale_pair" if high == low + 1 else "scale_span",
                                                               lang, low=low, high=high) if low != high else str(low),
                 share="").rstrip() for low, high, verdict in bands]
    shares = [_pct(sum(n for v, n in histogram if low <= v <= high) / games, lang, fixed=True) for low, high, _ in bands]
    width, right = max(len(item) for item in items), max(len(share) for share in shares)
    head = say("scale", lang, heading=lowered(heading, lang), items="").rstrip()
    return [head] + [f"  {item:<{width}}  {share:>{right}}" for item, share in zip(items, shares)]


def _said(text: Any, lang: str) -> str:
    """A deck's text in ``lang``, English where it has none."""
    return str(getattr(text, lang, None) or text.en)


def _pct(x: float | None, lang: str = "en", signed: bool = False, fixed: bool = False) -> str:
    from cardgen.simulate.verdict import number
    return "-" if x is None else number(x, lang, True, signed, fixed=fixed)


def interval(low: str, high: str, lang: str = "en") -> str:
    """An interval's two ends as ``lang`` writes every interval of the terminal (one style per language)."""
    return say("interval", lang, low=low, high=high)


def points(x: float | None, lang: str = "en", signed: bool = True, unit: bool = True) -> str:
    """A difference of two rates (0.087) in percentage points (``+8.7 percentage points``; "pts" read as a game's
    points, en53), always with its one decimal (``+1.0``, ``0.0``: a column of them reads alike), the unit only
    where ``unit``: a table or a list says it once in its heading, its cells bare, never "pp", "pts" or "p.p."
    (fifteenth reading fr6, it8)."""
    if x is None:
        return "-"
    value = round(x * 100, 1) + 0.0
    shown = decimal(value, lang, signed and value != 0, 1, True)
    if not unit:
        return shown
    return say("pp_one" if is_singular(abs(value), lang) else "pp", lang, x=shown)  # a language's singular, if any


def marked_ends(low: float, high: float, lang: str = "en", share: bool = False, least: int = 1) -> tuple[str, str]:
    """An interval's two ends, signed, with one decimal (a share's in percentage points); where an end that is not
    0 needs more decimals to print non-zero, both ends get them, so the printed interval agrees with its mark
    ("[+0.04 to +1.50] *", never "[0 to +1.5] *") and an unmarked one visibly holds 0 ("[−0.80 to +0.02] no",
    never "[−0.8 to 0.0] no", read as touching 0 yet not marked: fourteenth reading en63, it60). One interval,
    one number of decimals: "[−0.8 to +0.01]" read as two precisions (issue #53, fr44, en40). ``least``: the
    decimals the row takes whatever its ends (``indicator_places``)."""
    scale = 100 if share else 1

    def needs(x: float) -> int:
        places = 1
        while x != 0 and places < 4 and round(x * scale, places) == 0:
            places += 1
        return places

    places = max(needs(low), needs(high), least)

    def end(x: float) -> str:
        return decimal(round(x * scale, places) + 0.0, lang, True, places, True)  # "+23.0", "+0.04"

    return end(low), end(high)



def indicator_places(m: Mapping[str, Any]) -> int:
    """The decimals a compared design indicator's row takes at least: two where it is not a share and its base or
    variant is below 1, as validate's tables write it (``verdict.indicator``), one otherwise. Royale's tension was
    "0.40 [0.33 to 0.47]" on validate's page and "0.5 | 0.3 | −0.2" on compare's, where one decimal printed
    0.6 − 0.3 as −0.2 (terminal round 47 en42*, fr41)."""
    from cardgen.simulate.verdict import PLACES

    if m.get("group") != "tension" or is_share(m["metric"]):
        return PLACES
    return PLACES + 1 if any(m.get(k) is not None and abs(round(m[k], 2)) < 1 for k in ("base", "variant")) \
        else PLACES


def fine_cells(m: Mapping[str, Any], ends: Sequence[str], lang: str, share: bool) -> tuple[str, str, str] | None:
    """A compared row's base, variant and difference with the decimals its interval's ends need, where they need
    more than one (``marked_ends``: "[−0.77 to +0.01]", an end that would round to 0.0), else None: the row kept
    one decimal for its values and two for its difference, "1.4 | 1.0 | −0.38", which read 1.4 − 1.0 = −0.38
    (terminal round 46 en51*, en53). The difference the true one, rounded, as ``shown_difference``."""
    from cardgen.simulate.verdict import PLACES, written
    places = max([len(x.group(1)) for e in ends if (x := re.search(r"[.,](\d+)$", e))] or [PLACES])
    if places <= PLACES or m.get("base") is None or m.get("variant") is None:
        return None
    d = m["difference"] if m.get("difference") is not None else m["variant"] - m["base"]
    scale = 100 if share else 1
    return (written(m["base"], lang, share, places), written(m["variant"], lang, share, places),
            decimal(half_up(d * scale, places) + 0.0, lang, True, places, True))


def count_cells(m: dict[str, Any], lang: str, words: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """One listed count's cells (``listed_counts``): its name without "the most at any one time…" (said once above
    the list), its two values (with one decimal, as every table: ``verdict.PLACES``), their signed difference (a
    share's in percentage points, as compare's table) and the interval's two ends, signed, as compare's table
    writes them."""
    from cardgen.simulate.verdict import is_share, number, shown, tally_name, written
    name = m["metric"]
    share = is_share(name)
    named = tally_name(name, lang, words) or name.split(":", 1)[-1].replace("_", " ")
    d, low, high = shown(m)
    ends = marked_ends(low, high, lang, share) if low is not None and high is not None else ("-", "-")
    change = points(d, lang, True, False) if share else number(d, lang, share, signed=True, fixed=True)
    # one decimal, the difference worked out before rounding, as the note under the list says (terminal round 45)
    b, v = written(m["base"], lang, share), written(m["variant"], lang, share)
    b, v, change = fine_cells(m, ends, lang, share) or (b, v, change)  # a row with its interval's decimals (en51*)
    return (named, b, v, typeset(change, lang), *ends)  # "−12.3" as its interval's ends write it, never "-12.3"


def _num(x: Any, lang: str = "en") -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return decimal(x, lang, places=1 if abs(x) < 1000 else 0)
    return decimal(x, lang, places=0) if isinstance(x, int) else str(x)


def _mean(x: float | None, lang: str = "en") -> str:
    """A mean always with its one decimal ("mean 8.0", "margin 5.0"), as the other means on its line."""
    return "-" if x is None else decimal(float(x), lang, places=1, fixed=True)


def _dist(d: dict[str, Any], lang: str = "en") -> str:
    if not d["n"]:
        return "-"
    if d["min"] == d["max"]:  # every game the same: "always 9", not "mean 9, median 9, from 9 to 9"
        return say("dist_same", lang, value=_num(d["min"], lang))
    return say("dist", lang, mean=_mean(d["mean"], lang), median=_num(d["median"], lang), min=_num(d["min"], lang),
               max=_num(d["max"], lang))


def tally_words(kind: str, key: str, lang: str, naming: Naming) -> str:
    """An engine tally (``kind`` end_reason, gap, peak or tie_break; ``key`` its id) by the name the game or
    the simulator gives it in ``lang``; an id the game does not name is shown in words, never as snake_case."""
    from cardgen.simulate.verdict import tally_name
    if kind == "tie_break" and key == "none (shared win)":
        return say("tie_none", lang)
    return tally_name(f"{kind}:{key}", lang, naming.words) or key.replace("_", " ")


def joined(items: Any, lang: str = "en") -> str:
    """Items of one line separated by semicolons as ``lang`` sets them (its ``separator``: French a space before)."""
    return say("separator", lang).join(items)


def box_why(key: str, lang: str, naming: Naming | None) -> str:
    """What a peak at all the box holds means, as the game's words say it (``"box_why"`` in its ``words.json``,
    keyed ``peak:<id>``: Draco's money all in the players' hands leaves the bank empty); "" where they say nothing."""
    words = (naming.words if naming is not None else None) or {}
    return str(((words.get("box_why") or {}).get(lang) or {}).get(f"peak:{key}") or "")


def _items(pairs: Mapping[str, Any], kind: str, lang: str, naming: Naming) -> str:
    """The counts of one line, each with its value; a maximum that is all the box holds says so, in full at its
    first item only ("all of them too" after: three times in one line, eighteenth reading fr23)."""
    items, boxed = [], False
    for k, v in pairs.items():
        name = tally_words(kind, k, lang, naming)
        if kind == "peak" and whole_box(k, v, naming):
            # what reaching the whole box means, where the game's words say it ("the bank was empty": the count's
            # point beside the bank's WARNING was left to the reader, terminal round 50 en8)
            why = box_why(k, lang, naming)
            items.append(say(("peak_box_again" if boxed else "peak_box") + ("_why" if why else ""), lang, name=name,
                             n=_num(v, lang), why=why))
            boxed = True
        elif kind == "end_reason":  # "(300 games)", never a bare "(300)" on the first line read (round 34 it2)
            items.append(f"{name} ({_games(v, lang)})")
        else:
            items.append(f"{name} ({_num(v, lang)})")
    return joined(items, lang)


def peak_lines(peaks: Mapping[str, Any], lang: str, naming: Naming, warned: Collection[str] = ()) -> list[str]:
    """validate's highest counts, then each running total on a line of its own: Draco's unpaid silver is a total
    over one game, and listed among "highest counts reached" it read as a count at one moment beside fix's and
    compare's "in total over a game" (twenty-sixth reading en11). A total a shortage WARNING names (``warned``)
    is left to it: the next line said "at worst 60 silver coins left unpaid over one game" again (terminal round
    29 en22)."""
    from cardgen.simulate.verdict import is_total

    ordered = book_order(peaks, "peak", naming)
    counts = {k: v for k, v in ordered.items() if not is_total(f"peak:{k}", naming.words)}
    lines = ["  " + say("peaks", lang, items=_items(counts, "peak", lang, naming))] if counts else []
    return lines + ["  " + say("peak_total", lang, name=tally_words("peak", k, lang, naming), n=_num(v, lang))
                    for k, v in ordered.items() if k not in counts and k not in warned]


def whole_box(peak: str, value: Any, naming: Naming) -> bool:
    """Whether a maximum is all the box holds (the game's ``box_totals``, from the deck's data): the 25 gold coins
    on the lairs are the box's 25, said so, never read as a finding (fifteenth reading en25)."""
    total = (naming.words.get("box_totals") or {}).get(f"peak:{peak}")
    return total is not None and value == total


def book_order(pairs: Mapping[str, Any], kind: str, naming: Naming) -> dict[str, Any]:
    """The tallies ``pairs`` in the order the game's words list them (its English table: every language lists
    the same keys), the others after in the engine's order: Draco's coins came between its cards, its money
    between its coins (en31); the words group the book's things, cards, then coins, then money."""
    listed = list(((naming.words.get("tallies") or {}).get("en") or {}))
    rank = {key: i for i, key in enumerate(listed)}
    return dict(sorted(pairs.items(), key=lambda kv: rank.get(f"{kind}:{kv[0]}", len(rank))))


def _players(n: int, lang: str) -> str:
    return say_n("players", n, lang)


def gap_when(g: Mapping[str, Any], total: int, lang: str) -> str:
    """How often a special case came up in a run of ``total`` games, from its record ``g``: "33 times, in 31
    games; first in game 2". Once only: "once, in game 22", never "once, in 1 game; first in game 22" (fifteenth
    reading en15). Once in each game it came up in: "in 44 of the 1,000 games (once in each)": "44 times, in 44
    games" read as a tautology and hid the figure a designer acts on, how many of the games it touches
    (twenty-second reading it1, it11). Every count of games with the run's total, "33 times, in 31 of the 1,000
    games", as the case met once in each says it: two forms a few lines apart (twenty-third reading it8, en4)."""
    game = game_number(g["game"])
    if g["count"] == 1:
        return say("gap_when_once", lang, game=game)
    if g["count"] == g["games"]:
        # its times first too, as every other count says them ("33 times, in 31 of …"): two formats a few lines apart
        # read as two kinds of figure (terminal round 27 en2)
        return say("gap_when_each", lang, times=say_n("times", g["count"], lang), games=g["games"], total=total,
                   game=game)
    if g["games"] >= total:  # "in all 200 games", never "in 200 of the 200 games"
        return say("gap_when_all", lang, times=say_n("times", g["count"], lang), count=g["games"], total=total,
                   game=game)
    return say_n("gap_when", g["games"], lang, times=say_n("times", g["count"], lang), count=g["games"],
                 total=total, game=game)


def _games(n: int, lang: str) -> str:
    return say_n("games", n, lang)


def check_words(check: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A static check's name and detail in ``lang``, from a result's JSON: its ``said`` words in that language,
    else its English (a project's own check, a result written before ``said``)."""
    name, detail = check.get("said", {}).get(lang, (check["name"], check["detail"]))
    return name, detail


def failure_lines(r: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> list[str]:
    """Why an entry fails, in ``lang``, from its figures (its JSON ``failures`` keep the English)."""
    from cardgen.simulate.failures import FAILED_KINDS
    naming = naming or Naming()
    out = []
    if r.get("no_engine"):
        out.append(say("no_engine", lang, game=r["game"]))
    for c in r.get("static_checks", []):
        if not c["passed"] and not (c["name"] == "rules engine available" and not r.get("played", True)):
            name, detail = check_words(c, lang)
            out.append(say("check_failed", lang, name=name, detail=detail))
    first = r.get("failed_first")
    if r.get("failed_games") and first:
        out.append(failed_line(r["variant"], r["players"], r["failed_games"], r["games"], first, lang))
    for g in r.get("rule_gaps", []):
        if not g["settled"] and g["kind"] not in FAILED_KINDS:
            out.append(say("unsettled_gap", lang, name=tally_words("gap", g["kind"], lang, naming),
                           games=_games(g["games"], lang), game=game_number(g["game"]), seed=g["seed"]))
    if (r.get("played", True) and not r.get("no_engine") and r["completed"] < r["games"]
            and not any(not g["settled"] for g in r.get("rule_gaps", []))):  # pragma: no cover - defensive
        out.append(say_n("did_not_end", r["games"] - r["completed"], lang))
    return out


def listed_gaps(r: Mapping[str, Any], naming: Naming | None = None) -> list[dict[str, Any]]:
    """The rule gaps an entry lists as cases met, each with a seed to replay it: all but those the game
    declares as how its games end (``"ending_gaps"`` in its ``words.json``: Draco's final toast follows the
    rebuilt pile running out in every game, which the end-reasons line already says; a seed to replay the
    ordinary end of a game is no edge case to look at)."""
    ending = set(((naming or Naming()).words or {}).get("ending_gaps") or ())
    return gap_order([g for g in r.get("rule_gaps", []) if not (g["settled"] and g["kind"] in ending)], naming)


def gap_order(gaps: Sequence[Mapping[str, Any]], naming: Naming | None = None) -> list[Any]:
    """Rule gaps in one fixed order, the same at every player count: the unsettled first, then the game's shortages
    of pieces (``"component_gaps"`` in its ``words.json``: the ones a components warning counts), then the order
    the game's words list its cases in (``book_order``), the others after by their id. The results keep them by
    how often they happened, which moved a case from first line to third between two blocks of one run and made
    the blocks hard to read side by side (twentieth reading fr20)."""
    words = (naming or Naming()).words or {}
    shortages = set(words.get("component_gaps") or ())
    rank = {key: i for i, key in enumerate((words.get("tallies") or {}).get("en") or {})}
    return sorted(gaps, key=lambda g: (bool(g["settled"]), g["kind"] not in shortages,
                                       rank.get(f"gap:{g['kind']}", len(rank)), g["kind"]))


def replay_command(r: Mapping[str, Any]) -> str:
    """The command that writes games 1 to N of a validate entry to a log, game N (the one a gap line names)
    last, every move in it: the same deck, player count and seed play the same games (``seeds.game_seed``). The seed
    is given even where it is the default (1): nothing on screen says which seed is the default, and a designer who
    doubts it cannot tell whether the command replays these games (round 31 it1)."""
    seed = f" --seed {r.get('seed', 1)}"
    return f"cardgen validate {r['variant']} --players {r['players']} --games N{seed} --log N.jsonl"  # no word of one language


def failed_line(side: str, players: int, failed: int, games: int, first: Mapping[str, Any], lang: str = "en") -> str:
    """``draco, 3 players: 2 of 40 games failed; the first (game 4, seed ...): what failed``, in ``lang``."""
    return say_n("failed", failed, lang, side=side, players=_players(players, lang), games=games,
                 game=game_number(first["game"]), seed=first["seed"], detail=first["detail"])


def warned(r: Mapping[str, Any]) -> bool:
    """Whether a passed entry carries a warning: its box short of a component, or a seat (or agent) winning more
    or less than a fair share beyond chance. One test for the terminal's headline and closing count, the deck
    page's badges and the run's overview: the page said "PASS, WITH WARNINGS" where the terminal said "PASS"
    (fourteenth reading en6, fr1, it2)."""
    return warning_count(r) > 0


def warning_count(r: Mapping[str, Any]) -> int:
    """How many warnings a passed entry prints (0 for a failed one): a line for each component the box lacks, and
    the balance paragraphs its warnings list holds (the seats flagged, said in one paragraph however many; the
    agents flagged), so its mark says one warning in the singular ("PASS WITH A WARNING", "VERIFICA SUPERATA
    CON UN AVVISO"; fifteenth reading, Italian "CON AVVISI")."""
    if not r.get("passed"):
        return 0
    return len(r.get("sufficiency") or ()) + len(balance_parts(r.get("balance") or {})) + len(flagged_cards(r))


def flagged_cards(r: Mapping[str, Any], play: bool = True) -> list[Mapping[str, Any]]:
    """The cards of entry ``r`` flagged too strong or too weak beyond chance, in the card table's order: each is a
    warning as a shortage is, counted in the block's heading, the run's closing line and the overview; "◆ too
    strong" stood in the table alone, under a "PASS WITH A WARNING" that counted the coins (twenty-second reading
    en17, fr10, it16). The deal experiment's flags (``cards``), then, with ``play``, the play experiment's
    (``exchange``: a card exchanged mid-game) that the deal's do not already say: its flags stood in their table
    alone, contradicting a "PASS" (terminal round 28 en10, fr12, it14). Without ``play``, the cards ``cardgen fix``
    judges and cures (on its own deals). A card the simulated players hardly play keeps no flag
    (``designer.card_rows``' ``held_flag``): its gap measures holding it."""
    if r.get("players") == 1:
        return []
    d = r.get("designer") or {}
    dealt = [row for row in d.get("component_impact") or [] if row.get("flag") in ("strong", "weak")]
    if not play:
        return dealt
    said = {(row["component"], row["flag"]) for row in dealt}
    return dealt + [row for row in (d.get("exchange") or {}).get("rows") or []
                    if row.get("flag") in ("strong", "weak") and (row["component"], row["flag"]) not in said]


def card_warning(row: Mapping[str, Any], lang: str = "en", naming: Naming | None = None, page: bool = False,
                 lead: float | None = None) -> str:
    """A flagged card's warning, said as every warning of a block is ("WARNING (card strength): “To and Fro” seems too
    strong: players dealt it win more often than the others, just beyond chance (◆ in the card table above)");
    ``page``: on a report page, whose card table comes below the warnings and writes its verdict without the mark.
    Graded as the balance paragraphs are (``card_just``): "is too strong" said flatly of two cards whose widened
    intervals ended 0.5 and 0.7 points from 0 read as a verdict to redesign them on (twenty-third reading en12).
    ``lead``: the winner's mean lead over the runner-up, beside a margin the warning rests on, to size it."""
    from cardgen.simulate.verdict import QUOTED
    name = QUOTED[lang].format((naming or Naming()).names.get(row["component"], row["component"]))
    play = "_play" if row.get("experiment") == "play" else ""  # which table it comes from (round 28 en10, it14)
    return say(f"warn_card{play}_{row['flag']}" + by_margin(row) + ("_just" if card_just(row) else ""), lang,
               card=name, **(margin_figures(row, lang, naming, lead) if by_margin(row) else {}),
               # one card table for both experiments (issue #53): "the mid-game table" is the card table
               where=say("warn_card_page" if page else "warn_card_where", lang, mark=say("flag_mark", lang)))


def margin_figures(row: Mapping[str, Any], lang: str = "en", naming: Naming | None = None,
                   lead: float | None = None) -> dict[str, str]:
    """A card flagged on its margin alone: the figures its warning rests on, written as the mid-game table writes
    them (``exchange_lines``): its margin with the game's unit and interval, its wins' difference and interval.
    "“Favour” seems too strong in play" gave no size, where the table said +0.8 silver coins [+0.04 to +1.50]
    (terminal round 30 en16, fr15, it13, it30)."""
    from cardgen.simulate.verdict import number, unit
    margin = number(row["margin"], lang, False, True, fixed=True)
    m, w = ends(row, "margin", False, lang), ends(row, "win", True, lang)
    # the winner's mean lead over the runner-up beside it: "+0.8 silver coins" gave no sense of size, a fifth of
    # the 4.1 by which the winner leads (round 36 en18)
    plural = lead is None or not is_singular(abs(round(lead, 1)), lang)
    sized = (say("warn_card_lead", lang, lead=number(lead, lang, False, fixed=True),
                 unit=unit(lang, (naming or Naming()).words, plural)) if lead is not None else "")
    return dict(margin=margin, margin_low=m["low"], margin_high=m["high"], lead=sized,
                unit=unit(lang, (naming or Naming()).words, not is_singular(abs(round(row["margin"], 1)), lang)),
                win=points(row["win"], lang), win_low=w["low"], win_high=w["high"])


def winner_lead(r: Mapping[str, Any]) -> float | None:
    """The winner's mean lead over the runner-up in entry ``r`` (its fortunes line's), None where it has none."""
    mean = ((((r.get("scores") or {}).get("margin")) or {}).get("mean"))
    return float(mean) if isinstance(mean, (int, float)) else None


def by_margin(row: Mapping[str, Any]) -> str:
    """"_margin" for a play experiment's card flagged on its margin alone (``designer.exchange_json``'s
    ``flagged_by``): "wins more often or by more" was said of a card whose wins' interval held 0 (terminal round 29
    fr15, it7); "" otherwise."""
    by = row.get("flagged_by")
    return "_margin" if by is not None and "win" not in by else ""


def card_side(row: Mapping[str, Any]) -> str:
    """A flagged card's verdict as the summary, the run's overview and the card table say it: "strong" or "weak",
    "_just" after it where the flag is only just beyond chance (``card_just``): "cards too strong" said flatly of two
    cards 0.5 and 0.7 points from chance, at one player count of four, sent the designer to redesign them on what
    may be noise (twenty-fourth reading en9, en25)."""
    return row["flag"] + ("_just" if card_just(row) else "")


def card_confirm(r: Mapping[str, Any], lang: str = "en", others: Sequence[Mapping[str, Any]] = (),
                 naming: Naming | None = None) -> str | None:
    """Under a card flagged only just beyond chance (``card_just``), the command that plays more games before the
    designer changes it (``more_games_command``: with more traced games where a flag is the play experiment's,
    which plays on those alone); None where every flagged card of ``r`` is clearly so. ``others``: the run's other
    entries, where the card stays within chance (``card_calm``)."""
    parts = card_confirm_parts(r, lang, others, naming)
    return None if parts is None else f"{parts[0]} {parts[1]}"


def card_confirm_parts(r: Mapping[str, Any], lang: str = "en", others: Sequence[Mapping[str, Any]] = (),
                       naming: Naming | None = None) -> tuple[str, str] | None:
    """``card_confirm`` as its words (up to their colon) and its command apart, for a page that sets the command
    as code (terminal round 29 en38)."""
    just = [row for row in flagged_cards(r) if card_just(row)]
    if not just:
        return None
    command = more_games_command(r, any(row.get("experiment") == "play" for row in just))
    calm = card_calm(just[0], r, others, lang) if len(just) == 1 else ""
    if calm:  # where else the card stays within chance: the designer's best evidence of a false alarm (round 29 en14)
        from cardgen.simulate.verdict import QUOTED
        card = QUOTED[lang].format((naming or Naming()).names.get(just[0]["component"], just[0]["component"]))
        words = say("card_confirm_calm", lang, card=card, where=calm, command="\0").split("\0")[0].rstrip()
        return words, command
    # two cards just beyond chance at one count (one dealt, one in play) are "these cards", never "this card"
    words = say("card_confirm" + ("_many" if len(just) > 1 else ""), lang, command="\0").split("\0")[0].rstrip()
    return words, command


def card_calm(row: Mapping[str, Any], r: Mapping[str, Any], others: Sequence[Mapping[str, Any]],
              lang: str = "en") -> str:
    """Where flagged card ``row`` of entry ``r`` stays within chance: the run's other player counts of the same deck
    that judged it without a flag ("at 3, 4 and 6 players"), and ``r``'s other table ("in opening hands at 5
    players" for a card flagged mid-game); "" where nowhere. "Confirm it on more games" left out that Favour was
    within chance at every other count and in its own count's opening hands (terminal round 29 en14)."""
    name = row["component"]

    def judged(e: Mapping[str, Any], play: bool) -> bool:  # the card judged in that table, not flagged there
        d = e.get("designer") or {}
        rows = ((d.get("exchange") or {}).get("rows") if play else d.get("component_impact")) or []
        return any(x.get("component") == name and x.get("judged", True) and x.get("flag") not in ("strong", "weak")
                   and not x.get("held_flag") for x in rows)

    def flagged(e: Mapping[str, Any]) -> bool:
        return any(x["component"] == name for x in flagged_cards(e))

    counts = sorted({int(e["players"]) for e in others if e.get("variant") == r.get("variant") and e is not r
                     and e.get("players") != r.get("players") and e.get("passed") and not flagged(e)
                     and (judged(e, True) or judged(e, False))})
    parts = [say_n("calm_counts", counts[-1] if len(counts) == 1 else len(counts), lang,
                   counts=and_list([str(k) for k in counts], lang))] if counts else []
    play = row.get("experiment") == "play"
    if judged(r, not play):  # the same count's other table
        parts.append(say("calm_play" if not play else "calm_hands", lang, count=say_n("players", r["players"], lang)))
    return and_list(parts, lang)


def card_just(row: Mapping[str, Any]) -> bool:
    """Whether flagged card ``row`` is only just beyond chance: the near end of the widened interval its flag reads
    (``flag_low`` for a strong card, ``flag_high`` for a weak one) lies within ``CLEAR_MARGIN`` of 0, the margin
    the balance paragraphs grade a seat by ("just beyond chance" / "clearly"). A row without that interval is
    graded just: nothing says it is clear."""
    near = row.get("flag_low") if row.get("flag") == "strong" else row.get("flag_high")
    if near is None:
        return True
    return (near if row.get("flag") == "strong" else -near) < CLEAR_MARGIN


def card_kinds(results: Sequence[Mapping[str, Any]], lang: str = "en",
               namings: Mapping[str, Naming | None] | None = None, verdicts: bool = True,
               play: bool = True) -> list[str]:
    """The flagged cards of a run's passed entries as the closing line names them, one phrase per verdict ("cards
    too strong: “To and Fro” at 5 players and “The Splits” at 6 players"), each card with the player counts it was
    flagged at: "with warnings (shortage of coins in the bank)" left out the only findings about the cards.
    ``verdicts`` False: the cards with their counts alone, where the words around them say they are flagged;
    ``play`` False: the deal's flags alone (``flagged_cards``)."""
    from cardgen.simulate.verdict import QUOTED
    by_side: dict[str, dict[str, list[int]]] = {}
    for r in results:
        if not r.get("passed"):
            continue
        naming = (namings or {}).get(r.get("variant", "")) or Naming()
        for row in flagged_cards(r, play):
            name = QUOTED[lang].format(naming.names.get(row["component"], row["component"]))
            by_side.setdefault(card_side(row), {}).setdefault(name, []).append(int(r["players"]))
    out = []
    for side in ("strong", "strong_just", "weak", "weak_just"):
        cards = by_side.get(side) or {}
        items = [say("warn_card_at", lang, card=name, at=say("fix_at", lang, counts=and_list(
            [str(n) for n in counts], lang)).strip()) for name, counts in cards.items()]
        if items:
            out += [say_n(f"warn_cards_{side}", len(cards), lang, items=and_list(items, lang))] if verdicts else items
    return out if verdicts else [and_list(out, lang)]


def checked_line(n: int, failed: int, warned: int, decks: int, lang: str = "en", players: Sequence[int] = (),
                 single: bool = False, warned_at: Sequence[int] = ()) -> str:
    """A validate run's closing count, ``n`` entries of ``decks`` decks, ``failed`` of them failed, ``warned`` passed
    with warnings: "3 player counts checked: all passed, 2 with warnings" where one deck is checked, "3 combinations
    of deck and player count" only where there are several decks to combine: with one deck the phrase was machine
    language (twenty-second reading en5); French and Italian agree the warned count with what is counted ("2
    validés", "2 superati": nombres, numeri, where configurations are "validées", "superate"). ``players``: the
    player counts checked, for a language that names them: a "numero di giocatori" cannot pass a check, so Italian
    counts "configurazioni" and says which ("verificate 3 configurazioni con 3, 4 e 5 giocatori"; terminal round 28
    it6); nothing where a record does not keep them."""
    from cardgen.text import cardinal
    one = "_counts" if decks == 1 else ""
    counts = sorted(set(players))
    counts = counts if len(counts) == n else []  # several decks at one count, or entries without theirs: not named
    at = say_n("checked_at", counts[-1] if len(counts) == 1 else len(counts), lang,
               counts=and_list([str(k) for k in counts], lang)) if counts else ""
    # one deck, its counts named: French says "vérifié à 3, 4 et 5 joueurs", never the calque "3 nombres de joueurs
    # vérifiés", and which counts passed with warnings ("validé avec réserves à 4 joueurs"; round 29 fr6, fr13, fr28)
    named = bool(one and at)
    warned_at = sorted(set(warned_at))
    named_warned = named and len(warned_at) == warned
    # one entry with one warning: "1 with a warning", as its heading says "PASS WITH A WARNING" (round 29 en12, it28)
    warn = ("total_warned_at" + ("_single" if single and warned == 1 else "")
            if named_warned else f"total_warned{one}_single" if single and warned == 1 else f"total_warned{one}")
    if named:
        at = say_n("checked_named", counts[-1] if len(counts) == 1 else len(counts), lang,
                   counts=and_list([str(k) for k in counts], lang))
    where = say_n("warned_named", warned_at[-1] if len(warned_at) == 1 else len(warned_at), lang,
                  counts=and_list([str(k) for k in warned_at], lang)) if named_warned and warned_at else ""
    # the count in words: "3 player counts (3, 4 and 5 players)" read first as "3-player counts" (round 31 en1)
    combos = say_n("counts_named" if named else "counts" if one else "combos", n, lang, players=at,
                   word=cardinal(n, lang))
    # one formula for a run with no failure, "checked: all passed", its warnings after it; never "none failed" on one
    # line and "all passed" on another (round 33 en14, it10); Italian "tutte superate", as each heading says
    # "VERIFICA SUPERATA" (round 30 it6)
    if not failed and not warned:
        return say_n("total_clean", n, lang, combos=combos)
    if not failed and warned == n:  # every count warned: "all passed, with warnings", never "none failed, 4 with
        # warnings" after "4 player counts" and "6 players", a pile of numerals (round 30 en26, it15); one count:
        # "passed, with a warning"
        return say_n("total_all_warned_single" if single else "total_all_warned", n, lang, combos=combos)
    return (say("total" if failed else "total_none", lang, combos=combos, failed=failed)
            + (say_n(warn, warned, lang, at=where) if warned else ""))


def total_line(results: Sequence[Mapping[str, Any]], lang: str = "en",
               namings: Mapping[str, Naming | None] | None = None) -> str:
    """validate's closing count: how many combinations were checked, how many failed, how many passed with
    warnings and what they warn of ("4 combinations … checked: all passed, with warnings (shortage of silver
    coins)"); "none failed" alone hid the warnings the page counts (en6, fr1). The run's page opens with this same
    line: it said "all passed" where the terminal said "4 passed with warnings" (twentieth reading it44).
    ``namings``: deck id -> its naming, for the shortages' names."""
    failed = sum(not r["passed"] for r in results)
    warnings = sum(map(warned, results))
    # the cards after a semicolon: a card's name may hold "and" ("To and Fro"), which the list's "and" would blur
    kinds = say("separator", lang).join(k for k in [*warning_kinds(results, lang, namings),
                                                    *card_kinds(results, lang, namings)] if k)
    single = sum(warning_count(r) for r in results if warned(r)) == 1
    return (checked_line(len(results), failed, warnings, len({r.get("variant") for r in results}), lang,
                         [r["players"] for r in results if isinstance(r.get("players"), int)], single,
                         [r["players"] for r in results if warned(r) and isinstance(r.get("players"), int)])
            + (say("total_warned_what", lang, kinds=kinds) if warnings and kinds else ""))


def warning_kinds(results: Sequence[Mapping[str, Any]], lang: str = "en",
                  namings: Mapping[str, Naming | None] | None = None) -> list[str]:
    """What the passed entries' warnings are about, each named once in the order first met: a shortage by its one
    name, as its WARNING heads it, with how many games it touched ("shortage of silver coins: from 95.0% of games at
    3 players to 8.0% at 6": "passed with warnings in every case (shortage …)" gave no sense of scale, terminal round
    46 fr14), the balance by turn order as its WARNING does."""
    kinds: list[str] = []
    shares: dict[str, list[tuple[float, int]]] = {}
    for r in results:
        if not warned(r):
            continue
        naming = (namings or {}).get(r.get("variant", "")) or Naming()
        for f in r.get("sufficiency") or ():
            kinds.append(finding_name(f, lang, naming))
            if f.get("games") and isinstance(r.get("players"), int):
                shares.setdefault(kinds[-1], []).append((f["games_short"] / f["games"], r["players"]))
        kinds += [say("warn_balance_name", lang)] if balance_parts(r.get("balance") or {}) else []
    counts = len({r.get("players") for r in results})
    # a player count names a share only where it names one entry: a run of several decks has several at a count
    by_count = counts == len(results)
    return [shortage_scale(kind, shares.get(kind, []), lang, counts, by_count) for kind in dict.fromkeys(kinds)]


def shortage_scale(name: str, shares: Sequence[tuple[float, int]], lang: str, counts: int = 2,
                   by_count: bool = True) -> str:
    """``name`` with the share of games the shortage touched (``shares``: share, player count): at one count of
    several, its share there; over several, the highest and the lowest with their counts; the same share at every
    count, or a run of one count (the line names it already), the share alone; where a count does not name one
    entry (``by_count`` False: several decks), the lowest and the highest share without counts. ``name`` alone
    without a share (a balance warning)."""
    if not shares:
        return name
    high = max(shares, key=lambda x: (x[0], -x[1]))
    low = min(shares, key=lambda x: (x[0], x[1]))
    top, bottom = _pct(high[0], lang, fixed=True), _pct(low[0], lang, fixed=True)
    if len(shares) == 1 and counts > 1 and by_count:
        return say("total_short_at", lang, name=name, share=top, players=_players(high[1], lang))
    if top == bottom:
        return say("total_short_all", lang, name=name, share=top)
    if not by_count:
        return say("total_short_range", lang, name=name, high=top, low=bottom)
    return say("total_short_scale", lang, name=name, high=top, high_players=_players(high[1], lang), low=bottom,
               low_count=low[1])


def format_entry(r: dict[str, Any], lang: str = "en", naming: Naming | None = None,
                 said: set[str] | None = None, others: Sequence[Mapping[str, Any]] = ()) -> str:
    """Several lines: verdict, completion, gaps, length, scores, win rates, peaks, checks; in ``lang``;
    ``said``: the legends of terms a run printed above it (``designer_lines``), each printed once; ``others``: the
    run's entries, for where a card flagged only just stays within chance (``card_calm``)."""
    naming = naming or Naming()
    solo = r.get("players") == 1
    done = (say("completed", lang, done=r["completed"], games=r["games"]) if r.get("played", True)
            else say("not_played", lang))
    verdict = (say_n("pass_warned", warning_count(r), lang) if warned(r) else say("pass" if r["passed"] else "fail", lang))
    lines = [say("head", lang, verdict=verdict, deck=r["variant"],
                 game=naming.title or r["game"], players=_players(r["players"], lang), done=done)]
    if said is not None and r["passed"] and "pass_means" not in said:
        # what PASS says, once a run under its first verdict: read beside "only just: play more games" as "balanced"
        # (terminal round 41 en9)
        said.add("pass_means")
        lines.append("  " + say("pass_means", lang, verdict=say("pass", lang)))
    for why in failure_lines(r, lang, naming):
        lines.append(f"  ! {why}")
    if r.get("failed_games"):  # games that could not be played: no figure, no chart from the rest either
        return "\n".join(typeset(line, lang) for line in lines)
    if r["games"]:
        lines.append("  " + say("end_reasons", lang, items=_items(r["end_reasons"], "end_reason", lang, naming)))
        component_gaps = set((naming.words or {}).get("component_gaps") or ())  # the game's shortages of pieces
        # two or more cases cardgen's own rules settle: one heading, then each case by its name and figures, never
        # the 75-character "special case the published rules leave open, settled by a rule cardgen adds" on every
        # line (Draco's 16 times, the figures after it: terminal round 27 en8)
        ruled = [g for g in listed_gaps(r, naming) if g["settled"] and not g.get("published")]
        # one case too under a heading of its own, in the list's form: "special case …, settled by a rule cardgen adds
        # (players are still tied …): in 3 of the 300 games" hid the case in a bracket mid-line, and King Lui's next
        # count listed the same case in the other form (round 34 en5)
        grouped, headed = bool(ruled), False
        for g in listed_gaps(r, naming):  # a case this edition rules is no gap in its book: said as its ruling,
            # one the published text decides (its clarification's ``published``) as the published rules
            key = "gap_published" if g.get("published") else "gap_ruled" if g["settled"] else "gap"
            when = gap_when(g, r["games"], lang)
            name = tally_words("gap", g["kind"], lang, naming)
            # what cardgen's own rule does, from the deck's clarification: "settled by a rule" alone left the
            # designer guessing, the rule being written only in the page's folded panel (sixteenth reading fr1, it5);
            # a case the published rules settle says their ruling too, as the page does: "settled by the published
            # rules" alone never said what happens (twenty-first reading en2, fr1, it1)
            how = naming.clarifications.get(g["kind"]) if key in ("gap_ruled", "gap_published") else None
            # the rule once a run: printed again at every player count it was 2,500 characters said again in
            # Draco's validate (seventeenth reading en13, en9)
            # once a run for each game: King Lui's tie rule, printed first, kept Royale's own from its case, a case of
            # the same name with another rule (round 39 fr37, it21, en30*)
            if how and said is not None:
                how = None if f"gap_how:{r.get('variant')}:{g['kind']}" in said else how
                said.add(f"gap_how:{r.get('variant')}:{g['kind']}")
            component = bool(g["settled"] and r.get("sufficiency") and g["kind"] in component_gaps)
            # the WARNING's name for the shortage once a run: said again word for word at each of Draco's four
            # counts it was needless repetition, the WARNING itself heading with it (round 30 en22)
            named_before = said is not None and f"gap_short:{r.get('variant')}:{g['kind']}" in said
            if component and said is not None:
                said.add(f"gap_short:{r.get('variant')}:{g['kind']}")
            if grouped and key == "gap_ruled":
                if not headed:
                    # a game whose source is a player's description says so (Draco & Co: terminal round 41 en24*)
                    lines.append("  " + own_say("gaps_ruled_head" if len(ruled) > 1 else "gaps_ruled_head_one", lang,
                                                naming))
                    headed = True
                from cardgen.simulate.verdict import QUOTED
                lines.append("    " + (say("gap_components_item", lang, name=name, when=when, short=QUOTED[lang].format(
                    gap_shortage(g["kind"], lang, naming))) if component and not named_before
                    else say("gap_ruled_item", lang, name=name, when=when)))
                lines += ["      " + how] if how else []
                continue
            if component:
                # the box short of pieces, which its WARNING below names: the special case it is, said as every case
                # cardgen's own rule settles, with its own figures (how often, in how many games, the first game),
                # and the warning's name for it; its rule's text after it alone, never a "Rule added by cardgen."
                # no other ruling has (twentieth reading fr18). It lacked the label, and "(in how many games: see
                # the WARNING below)" hid a count the page gives (twenty-second reading en14, fr14, it18)
                from cardgen.simulate.verdict import QUOTED
                lines.append("  " + (say("gap_ruled", lang, name=name, when=when) if named_before else own_say(
                    "gap_components", lang, naming, name=name, when=when,
                    short=QUOTED[lang].format(gap_shortage(g["kind"], lang, naming)))))
                lines += ["    " + how] if how else []
                continue
            if key == "gap_published" and g.get("published_in") and g.get("silent_in"):  # some editions' only (fr59)
                key = "gap_published_in"
            lines.append("  " + say(key, lang, name=name, when=when, **published_editions(g, lang),
                                    state=say("settled" if g["settled"] else "unsettled", lang)))
            # the line above says that cardgen adds the rule: its text alone, never "Rule added by cardgen." again (en9)
            lines += ["    " + how] if how else []
            if g["kind"] == "engine_error" and g.get("detail"):  # what failed: a rules file's line names itself
                lines.append("    " + say("first", lang, detail=g["detail"]))
        if listed_gaps(r, naming):  # "replay game 15 (seed …)" said no way to do it (eleventh reading fr2)
            # the whole how-to once a run, then only the command of each player count: three lines said again for
            # every count read as padding (readers of round 13, fr7)
            again = said is not None and "gap_replay" in said
            lines.append("  " + say("gap_replay_again" if again else "gap_replay", lang, command=replay_command(r)))
            if said is not None:
                said.add("gap_replay")
    designer = r.get("designer") or {}
    early: list[str] = []  # a caveat on every figure, said before the balance warning it bears on (below)
    if r["completed"]:
        lines.append("  " + length_line(r, lang, naming))
        sc = r["scores"]
        from cardgen.simulate.verdict import unit
        points = "_points" if unit(lang, naming.words) == unit(lang) else ""  # scores in points: "punteggi:"
        if solo:  # one player: no winner to set apart from the others, no margin over a second
            lines.append("  " + say("scores_solo" + points, lang, unit=unit(lang, naming.words), dist=_dist(sc["all"], lang)))
            scale = scale_line(sc["all"].get("histogram") or [], lang, naming)
            lines += ["  " + line for line in scale or []]
        else:
            from cardgen.languages import is_singular
            margin = sc["margin"]["mean"]
            # the margin's own unit, singular where the language says it so: French « 1,9 point » (round 33 fr11)
            figures = dict(unit=unit(lang, naming.words), dist=_dist(sc["all"], lang),
                           winner=_mean(sc["winner"]["mean"], lang), margin=_mean(margin, lang),
                           margin_unit=unit(lang, naming.words, margin is None or not is_singular(margin, lang)),
                           basis=margin_basis(sc["margin"].get("n"), r["completed"], lang, naming,
                                              r.get("players"), (r.get("ties") or {}).get("shared_wins") or 0,
                                              said))
            # a game whose players end with something other than a score says it in its book's words: Draco's
            # richest player wins, with no score (en23); its template, in the game's words, takes the same figures
            own = (((naming.words.get("lines") or {}).get(lang)) or {}).get("scores")
            # the coins' worth, where fortunes are counted in the smallest coin: "95, all the box holds" beside
            # "20 silver coins, all the box holds" read as two stocks of silver (round 31 fr12, it19)
            worth = (((naming.words.get("lines") or {}).get(lang)) or {}).get("worth")
            each = list((naming.words.get("worth") or {}).values())
            figures["worth"] = worth.format(n=max(each)) if worth and each else ""
            lines.append("  " + (own.format(**figures) if own else say("scores" + points, lang, **figures)))
        ties = r["ties"]
        if ties["games"]:
            lines.append("  " + ties_line(ties, lang, naming))
        # the balance line's parts, read by the rates' heading below and said after the rates
        parts = balance_parts(r.get("balance") or {}, lang, len(r["seat_win_rates"]), more_games_command(r), warn=True,
                              rates=r["seat_win_rates"], run_said=said)
        if len(r["seat_win_rates"]) > 1:  # one seat (a solo game): no seat to compare it with
            from cardgen.simulate.balance import shown_seats
            seats, compared = shown_seats(r)  # the verdict's interval, the only one a rate is given (en1, fr10)
            if said is None or "interval_plain" not in said:  # what the brackets promise, in plain words, at their
                # first use in a run: every verdict rests on them, and "confidence interval" was never explained (it22)
                lines.append("  " + say("interval_plain", lang))
                if said is not None:
                    said.add("interval_plain")
            # "a shared win counts for each winner" once a run, at the first rates: said again at every player count
            # beside the balance line's own reason, it came six times in one output (eighteenth reading fr2)
            again = "_again" if said is not None and "shared_win" in said else ""
            # nor in the heading where the balance line a few lines below gives it as the fair share's reason: said
            # twice five lines apart (round 29 fr3)
            why = fair_why(0.0, len(r["seat_win_rates"]), lang, always=True)
            if any(why in text for _, text in parts):
                again = "_again"
            if said is not None:
                said.add("shared_win")
            lines.append("  " + (say(f"seat_rates_wide{again}", lang, n=compared) if compared
                                 else say(f"seat_rates{again}", lang)))
            lines += seat_rate_lines(seats, lang, naming)
        if len(r["agents"]) > 1:
            lines.append("  " + say("agent_rates", lang, items="  ".join(
                say("seat_item", lang, k=agent_word(a["agent"], lang), rate=_pct(a["rate"], lang),
                    low=_pct(a["low"], lang), high=_pct(a["high"], lang)) for a in r["agents"])))
        if not solo and any(kind == "flagged" for kind, _ in parts):  # games played nearly without the Imposter:
            # read before the balance warning's fix command, not after it, or the designer acts on the warning first
            # (terminal round 30 fr9); but under the warning, which follows the win rates it judges: between them,
            # the caveat parted the table from its verdict (round 31 en11, fr11)
            early = held_all_lines(designer.get("component_impact") or [], lang, naming, said,
                                   first=first_games(designer, r["games"]), warning=True)
        for kind, text in parts:  # what to do, in the warning's block (nineteenth reading fr16), right under the
            # warning it means: after the next paragraph, a seat whose gap may be chance, "this imbalance" pointed
            # at that seat (twenty-second reading en11, fr8, it10)
            lines += (["  " + ended(text), *("  " + x for x in early), "    " + balance_fix(r, lang)]
                      if kind == "flagged" else ["  " + text])
    if not solo:  # lead changes, comebacks, a card dealt to some seats only: nothing to measure with one player
        if early:  # the caveat said above: not again in the designer block (its cards listed without these rows)
            designer = {**designer, "component_impact": [x for x in designer.get("component_impact") or []
                                                         if not held_by_all(x)]}
        lines += designer_lines(designer, lang, naming, r["games"], said, r.get("players"),
                                (r.get("ties") or {}).get("shared_wins") or 0, winner_games(r))
    else:  # but a card the one player has and hardly uses is a caveat on the solo figures too (en7)
        held = designer.get("component_impact") or []
        lines += held_all_lines(held, lang, naming, said, True, first_games(designer, r["games"]))
        if held and all(held_by_all(x) for x in held):  # and why it is not judged, on the line every count has
            lines += cards_none_lines(lang, naming, said, solo=True)  # (round 42 en1, it1, fr1: the solo note said it)
    lines += option_lines(r.get("options") or [], lang, naming)
    lines += peak_lines(r["peaks"], lang, naming, {f.get("peak") for f in r.get("sufficiency") or ()})
    lines += ["  " + ended(shortfall_line(f, lang, naming, said=said, entry=r)) for f in r.get("sufficiency", [])]
    lines += ["  " + ended(card_warning(row, lang, naming, lead=winner_lead(r))) for row in flagged_cards(r)]
    confirm = card_confirm(r, lang, others, naming)
    lines += ["    " + confirm] if confirm else []  # under its warning, as a balance warning's command (en9)
    skill = r.get("skill")
    if isinstance(skill, dict) and skill.get("summary") is not None:
        lines.append(f"  skill: {skill['summary']}")
    checks = r["static_checks"]
    lines.append("  " + say("static", lang, passed=sum(c["passed"] for c in checks), total=len(checks)))
    return "\n".join(typeset(line, lang) for line in lines)  # a figure put in by hand gets its minus sign too


def ended(text: str) -> str:
    """A WARNING as the prose it is, ended by a full stop: the other lines of a block are labelled figures and end
    bare, but a warning of two or three sentences whose last alone had no stop read as cut off (twenty-second
    reading en15, twenty-third en13, fr13, it19). A text already ended keeps its own mark, and a text ending in a
    command none: copied from the page, "--games 1200." is no command (round 29 fr41, it49, it55, it61)."""
    if text.endswith((".", "!", "?", "…")) or _COMMAND_END.search(text):
        return text
    return text + "."


#: a command closing a sentence ("…: cardgen validate king_lui --players 4 --games 1200"), never prose that names
#: one ("…: cardgen fix tests them on new games")
_COMMAND_END = re.compile(r":\s+cardgen (?:validate|fix|compare|tune|check|build|play) [\w.-]+(?: --[\w-]+(?: [^\s-]\S*)?)*$")


def ties_line(ties: Mapping[str, Any], lang: str = "en", naming: Naming | None = None) -> str:
    """The ties and how each was broken, each game counted once: a tie-break that ends in a shared win
    names it, so the shared wins are said apart only when no tie-break item already counts them. Every tie ended
    one way, an outcome said whole: "ties for first place in 30 games: all settled the same way (…)", never "30 (in 30, …"
    (round 38 en8: read as a misprint)."""
    naming = naming or Naming()
    key = settled_one_way(ties, naming)
    if key is not None:
        # "ties for first place in 30 games: …", as the other counts' line (round 44 en23; "in 1 game" alone)
        return say_n("ties_all", ties["games"], lang, rule=tally_words("tie_break", key, lang, naming))
    # "ties for first place in 14 games: 11 won on …": "14 — 11 broken by …" read as a score or a range (terminal
    # round 41 en4, en17, en29)
    return say_n("ties", ties["games"], lang, rules=tie_items(ties, lang, naming))


def settled_one_way(ties: Mapping[str, Any], naming: Naming) -> str | None:
    """The one tie-break that ended every tie, where it is an outcome said whole (the game's ``tie_whole``) and no
    win was shared: the terminal's ties line and the page's ties cell then say "N, all settled the same way (…)"."""
    breaks = ties.get("tie_breaks") or {}
    if len(breaks) != 1 or not ties.get("games") or ties.get("shared_wins"):
        return None
    ((key, count),) = breaks.items()
    return key if key in set((naming.words or {}).get("tie_whole") or ()) and count == ties["games"] else None


def shared_tie(key: str) -> bool:
    """Whether a tie-break's outcome is a shared win (the tie was not broken): the simulator's ``none (shared
    win)`` and a game's tie-break whose id says its leaders share (``shared_win``, ``…_next_shared``)."""
    return key.startswith("none") or "share" in key


def tie_items(ties: Mapping[str, Any], lang: str = "en", naming: Naming | None = None) -> str:
    """Each way ties ended with its count: "broken by fewest cards discarded: 11" for a tie-break, the shared
    win by its own name ("not broken (shared win): 3"), never "broken by" a shared win; shared wins no
    tie-break counts are said apart, once (the terminal's line and the report's page say the same)."""
    naming = naming or Naming()
    # a game's outcome said whole ("tie_whole": Draco's tied leaders all drop out), never "broken by" it: the tie
    # was not broken among the tied players, who all lose (fr16)
    whole = set((naming.words or {}).get("tie_whole") or ())
    rules = dict(sorted(ties["tie_breaks"].items(), key=lambda kv: shared_tie(kv[0])))  # ties broken, then shared
    # a game whose outcomes are said whole says each with its count first, "in 32, the tied leaders all drop out
    # and …": a clause then ": 32" read like a form (round 36 en10); French and Italian keep their noun phrases
    text = joined((say("tie_whole" if whole and (k in whole or shared_tie(k)) else
                       "tie_shared" if shared_tie(k) else "tie_broken", lang,
                       rule=tally_words("tie_break", k, lang, naming), n=_num(v, lang)) for k, v in rules.items()), lang)
    rest = ties["shared_wins"] - sum(v for k, v in rules.items() if shared_tie(k))
    return text + (say("ties_shared", lang, shared=rest) if rest > 0 else "")


def length_line(r: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> str:
    """How long games are: the length the game's players count first (``verdict.counted_length``), then the
    other, each under its name in ``lang``."""
    from cardgen.simulate.verdict import counted_length, label
    words = (naming or Naming()).words
    first = counted_length(words) or "turns"
    # a solo game's rounds are its turns: "turns: always 9; rounds: always 9" said one thing twice (en17, fr12)
    order = (first,) if r.get("players") == 1 else (first, "rounds" if first == "turns" else "turns")
    return joined((say("length", lang, label=label(k, lang, words), dist=_dist(r[k], lang)) for k in order), lang)


def agent_word(agent: str, lang: str = "en") -> str:
    """An agent by its name in ``lang`` (``heuristic`` -> ``heuristique``); a project's own agent by its name."""
    return word("agents", lang).get(agent, agent)


#: how far (in share of games) a flagged seat's widened interval must stay from the fair share for the line to say
#: "clearly" (fr11, it11)
CLEAR_MARGIN = 0.02
#: a flagged seat whose widened interval's near end lies within 1 point of the fair share is "just" beyond chance:
#: "just" for every seat within 2 points said it of King Lui's players 4 and 5, 1.3 and 1.0 points clear, as of
#: players 1 and 2, 0.3 and 0.2 points, and of margins nine times apart (twenty-fourth reading fr1, fr10, it6)
JUST_MARGIN = 0.01


def flag_margin(f: Mapping[str, Any]) -> float:
    """How far a flagged seat's (or agent's) widened interval stays from the fair share, on its side."""
    return f["low"] - f["fair"] if f["side"] == "more" else f["fair"] - f["high"]


def only_just(f: Mapping[str, Any]) -> bool:
    """Whether a flag is only just beyond chance: its margin, as printed to 0.1 point, below ``JUST_MARGIN``."""
    return round(flag_margin(f), 3) < JUST_MARGIN


def and_list(items: Sequence[str], lang: str = "en") -> str:
    """``items`` as one phrase in ``lang``: "a and b", "a, b and c" (the wordbook's own "and")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + word("fix_kinds", lang)["and"] + items[-1]


def fair_why(fair: float, n: int, lang: str = "en", always: bool = False) -> str:
    """Why a fair share is above 1/``n`` ("more than 1/3 because a shared win counts for each winner"), said
    beside the figure where it first appears; nothing where the share is 1/``n`` as printed: 53.8 % at 2
    players read as a miscount when the reason stood only in the seat lines' heading (fr1, fr2, it1)."""
    from cardgen.text import more_than  # "more than a third", never the bare "1/3" (round 31 fr2)
    if always or (n > 1 and round(fair, 3) > round(1 / n, 3)):
        return say("balance_why", lang, n=n, more=more_than(n, lang))
    return ""


def two_way(seats: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], Mapping[str, Any]] | None:
    """The seat ahead and the seat behind where ``seats`` are the two seats of a two-player game flagged on opposite
    sides: one player's gain is the other's loss, one advantage, never two deviations and two warnings (twenty-fifth
    reading fr5, it40); None otherwise."""
    pair = [f for f in seats if "seat" in f]
    if len(pair) != 2 or len(seats) != 2 or {f["side"] for f in pair} != {"more", "less"}:
        return None
    if any(f.get("compared", 2) != 2 for f in pair):
        return None
    ahead = next(f for f in pair if f["side"] == "more")
    return ahead, next(f for f in pair if f is not ahead)


def seats_named(flags: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The seats (or agents) of ``flags`` by name, several seats under one noun ("players 1 and 2", « les joueurs 1
    et 2 »), never "player 1 and player 2" (round 39 fr35)."""
    if len(flags) > 1 and all("seat" in f for f in flags):
        return say("seats_numbered", lang, who=and_list([str(f["seat"]) for f in flags], lang))
    return and_list([say("seat", lang, k=f["seat"]) if "seat" in f else
                     say("agent", lang, agent=agent_word(f["agent"], lang)) for f in flags], lang)


def seats_rated(flags: Sequence[Mapping[str, Any]], lang: str) -> str:
    """``seats_named`` with each one's win rate: "players 4 (25.0%) and 5 (24.6%)", "player 1 (37.0%)"; a player's
    number kept on one line with its rate."""
    rate = {id(f): _pct(f["rate"], lang, fixed=True) for f in flags}
    if len(flags) > 1 and all("seat" in f for f in flags):
        return say("seats_numbered", lang, who=and_list([say("seat_rated", lang, k=f["seat"], rate=rate[id(f)])
                                                         for f in flags], lang))
    return and_list([say("seat_rated", lang, k=say("seat", lang, k=f["seat"]), rate=rate[id(f)]) if "seat" in f else
                     say("balance_item", lang, rate=rate[id(f)], who=say("agent", lang, agent=agent_word(f["agent"], lang)))
                     for f in flags], lang)


def balance_paragraph(seats: Sequence[Mapping[str, Any]], lang: str, fair: float, close: bool = False,
                      why: str = "", games: str = "", named: bool = False) -> str:
    """One "balance:" paragraph for every seat (or agent) of one player count judged alike: the flagged ones
    (``close`` False: their widened intervals leave ``fair`` out, beyond chance, "clearly" only where every
    near end stays ``CLEAR_MARGIN`` away, "just beyond" where every one is nearer, neither word for a mix) or
    the ones whose gap may be chance (``close``, on ``games`` games). ``named``: the seat lines above already
    show and name the widened interval, so a flagged paragraph does not name it again (fifteenth reading en1).
    Two paragraphs in a row repeating one explanation and one command, at 2 players saying one thing twice,
    read as padding (fr3, fr4, fr9, it3, it4)."""
    clear = not close and all(flag_margin(f) >= CLEAR_MARGIN for f in seats)
    items = [say("balance_item", lang, rate=_pct(f["rate"], lang, fixed=True),
                 who=say("seat", lang, k=f["seat"]) if "seat" in f else say("agent", lang, agent=agent_word(f["agent"], lang)))
             for f in seats]
    # a flagged interval whose near end would print on the fair share it leaves out gets the decimals that set
    # them apart, the fair share too (``edge_shares``; twenty-first reading en32); one decimal otherwise
    shown_fair, ends = (edge_shares(seats, fair, lang) if not close else
                        (_pct(fair, lang, fixed=True), [interval(_pct(f["low"], lang, fixed=True),
                                                                 _pct(f["high"], lang, fixed=True), lang) for f in seats]))
    intervals = and_list(ends, lang)
    key = ("balance_close" if close else "balance_flagged") + ("_one" if len(seats) == 1 else "_many")
    pair = two_way(seats) if not close else None
    key = "balance_flagged_pair" if pair else key
    # seats on both sides of the fair share: those ahead, then those behind, each group said as such, never four
    # players in one list the designer sorts from their brackets (terminal round 27 fr2)
    sides = ([f for f in seats if f.get("side") == "more"], [f for f in seats if f.get("side") == "less"])
    if not close and not pair and all(sides) and len(sides[0]) + len(sides[1]) == len(seats):
        key, seats = "balance_flagged_sides", [*sides[0], *sides[1]]
        items = [say("balance_item", lang, rate=_pct(f["rate"], lang, fixed=True),
                     who=say("seat", lang, k=f["seat"]) if "seat" in f else say("agent", lang, agent=agent_word(f["agent"], lang)))
                 for f in seats]  # seats, or the agents of a mixed run (their own flags: no seat)
        shown_fair, ends = edge_shares(seats, fair, lang)
        intervals = and_list(ends, lang)
    if not close and len(ends) > 2:  # each interval by its player's name: four brackets in a row left the reader to
        # match them to the players by their order (round 39 en26, en42)
        intervals = and_list([say("balance_interval_who", lang, interval=end,
                                  who=say("seat", lang, k=f["seat"]) if "seat" in f else say(
                                      "agent", lang, agent=agent_word(f["agent"], lang)))
                              for f, end in zip(seats, ends)], lang)
    just = [f for f in seats if only_just(f)] if not close else []  # as printed, to 0.1 point
    key += "_just" if just and len(just) == len(seats) else ""
    only = (say("balance_only_just", lang, who=seats_named(just, lang))
            if just and len(just) < len(seats) else "")  # a mix: the seats only just beyond chance named
    n = seats[0].get("compared", len(seats))  # why wider, never the level (98.33 %): round 14's vocabulary
    even = "" if named else say("balance_even_one" if len(seats) == 1 else "balance_even_many", lang, n=n)
    ahead, behind = pair or ({}, {})
    # each side's players once ("players 4 (25.0%) and 5 (24.6%)"), never "player 4 (…) and player 5 (…) are above
    # … and player 1 (…) and player 2 (…) are below": five "and"s in one clause (round 39 fr35, it27)
    above, below = (seats_rated(sides[0], lang), seats_rated(sides[1], lang)) if pair is None \
        and key.startswith("balance_flagged_sides") else ("", "")
    # each side with its verb, agreed with how many players it names (terminal round 29 en10, fr8, it27)
    be_above, be_below = (say_n("balance_be", len(sides[0]), lang), say_n("balance_be", len(sides[1]), lang)) \
        if above else ("", "")
    return say(key, lang, items=and_list(items, lang), fair=shown_fair, why=why, even=even, above=above, below=below,
               be_above=be_above, be_below=be_below,
               ahead=say("seat", lang, k=ahead.get("seat")), behind=say("seat", lang, k=behind.get("seat")),
               rate_a=_pct(ahead.get("rate"), lang, fixed=True), rate_b=_pct(behind.get("rate"), lang, fixed=True),
               clearly=say("balance_clearly", lang) if clear else "", only=only,
               n=n,
               intervals=intervals,
               games=games)


def balance_lines(b: Mapping[str, Any], lang: str = "en", seats: int = 0, more: str = "",
                  warn: bool = False, rates: Sequence[Any] | None = None) -> list[str]:
    """The balance paragraphs of ``balance_parts``, their text alone."""
    return [text for _, text in balance_parts(b, lang, seats, more, warn, rates)]


def seat_trend(rates: Sequence[Any] | None, lang: str) -> str:
    """"; the win rate falls with each seat (37.0%, 27.3%, 21.7% and 19.0%)" where every seat's rate (``rates``, the
    entry's ``seat_win_rates``, or their ``rate``) is below the one before it (or above, "rises"), at 3 seats or
    more: a warning naming players 1 and 4 hid the steady fall a designer fixing a first-player advantage needs to
    see (terminal round 30 en14); "" where the rates do not run one way."""
    shown = [r.get("rate") if isinstance(r, Mapping) else r for r in rates or ()]
    if len(shown) < 3 or any(not isinstance(x, (int, float)) for x in shown):
        return ""
    printed = [round(x * 100, 1) for x in shown]  # as printed: two seats on one printed rate run no way
    steps = [b - a for a, b in zip(printed, printed[1:])]
    key = "balance_trend_fall" if all(s < 0 for s in steps) else "balance_trend_rise" if all(s > 0 for s in steps) \
        else ""
    # the measured rates run one way; that each step is real, only where no two neighbours' intervals overlap:
    # "falls from one seat to the next" claimed it where players 2, 3 and 4 overlapped (round 43 fr5, it6)
    spans = [(r.get("low"), r.get("high")) if isinstance(r, Mapping) else (None, None) for r in rates or ()]
    apart = all(isinstance(a[0], (int, float)) and isinstance(b[1], (int, float)) and (a[0] > b[1] or b[0] > a[1])
                for a, b in zip(spans, spans[1:]))
    key += "" if apart or not key else "_maybe"
    return say(key, lang, rates=and_list([_pct(x, lang, fixed=True) for x in shown], lang)) if key else ""


def balance_parts(b: Mapping[str, Any], lang: str = "en", seats: int = 0, more: str = "",
                  warn: bool = False, rates: Sequence[Any] | None = None,
                  run_said: set[str] | None = None) -> list[tuple[str, str]]:
    """The balance paragraphs in ``lang`` (their figures: ``balance.balance``'s ``flags``; older results only
    have the English sentences): one for the flagged seats, one for the seats whose shown 95 % interval leaves
    the fair share out while the widened one, the one the verdict rests on, holds it (``close``: the gap may be
    chance on this many games, with ``more``, the command that plays more, ``more_games_command``; eleventh and
    twelfth readings), and where ``seats`` players were compared and no seat is named, the one line saying no
    gap is beyond chance. The fair share's reason (shared wins) is said once, at its first figure
    (``fair_why``); an agent's flags get their own paragraph. ``seats`` 0: a warnings list (the overview).
    Each paragraph with what it says (``flagged``, ``close``, ``none``, ``agents``; ``warnings`` for an older
    result), so a page that said a warning drops it from its details by meaning, not by comparing text.
    ``warn``: the flagged seats' paragraph headed as the terminal heads a warning ("WARNING (balance):"), as the
    box's shortage is: the page warned of Royale's player 1 where the terminal printed no warning (en6)."""
    flags = b.get("flags")
    if flags is None:
        return [("warnings", f"balance: {w}") for w in b.get("warnings", [])]
    seat_flags = [f for f in flags if "seat" in f]
    agents = [f for f in flags if "seat" not in f]
    close = [c for c in b.get("close") or [] if c.get("level")] if seats > 1 else []
    share = b.get("seat_fair_share")
    out = []
    said = False  # the reason for a share above 1/n: once, at its first figure
    if close and not seat_flags and share is not None:
        # no seat beyond chance: the one verdict "none" says, the widest gaps named after it as coming close, never
        # a second verdict ("strays from the fair share") for the same finding (terminal round 29 fr1, en4, en5)
        # "comes close to the limit" named no limit (round 31 en3, fr7): the limit said, the seats whose own 95 %
        # interval leaves the fair share out apart from those named beside them as almost as far off (``near``)
        def named(group: list[dict[str, Any]]) -> str:
            return and_list([say("balance_item", lang, rate=_pct(c["rate"], lang, fixed=True),
                                 who=say("seat", lang, k=c["seat"])) for c in group], lang)
        # a seat within chance even unwidened (``near``) is not named: "player 5 also strays from it, but would be
        # within chance even without the widening" made a 90-word sentence and named one seat of two as far off
        # (terminal round 33 en8*); the parenthesis on the widening went too (en8, fr6, it4)
        own = [c for c in close if not c.get("near")] or close
        # one sentence cleared every gap, then half took it back; now the verdict, then who is only just within
        # it and why, then what to do (terminal round 41 en10, it3*; French as it was)
        # "but player 2 (19.3%) only just" left the reader to rebuild "only just" what: the clause said whole; at 2
        # players the two seats' gaps are one gap seen from both sides, said so (terminal round 47 en3*, en8*)
        two = seats == 2 and len(own) == 2
        ahead, behind = sorted(own, key=lambda c: -c["rate"]) if two else (None, None)
        text = say("balance_near_two" if two else "balance_near_one" if len(own) == 1 else "balance_near_many", lang,
                   fair=_pct(share, lang, fixed=True), why=fair_why(share, seats, lang),
                   games=_num(close[0].get("games") or b.get("games"), lang), items=named(own),
                   ahead=named([ahead]) if two else "", behind=named([behind]) if two else "")
        out.append(("close", text + (say("balance_near_more", lang, command=more) if more else "")))
        close = []
    for group, is_close in ((seat_flags, False), (close, True)):
        if group:
            fair = share if share is not None else group[0]["fair"]
            n = group[0].get("compared") or seats  # an older result's flag has no count: the seats shown
            text = balance_paragraph(group, lang, fair, is_close, "" if said else fair_why(fair, n, lang),
                                     _num(group[0].get("games"), lang) if is_close else "",
                                     named=seats > 1 and bool(b.get("seat_intervals")))  # the seat lines name it
            if warn and not is_close:  # "balance: player 1 …" -> "WARNING (balance): player 1 …"
                text = say("warn_balance", lang) + text.split(":", 1)[1]
            if not is_close:  # the steady fall (or rise) by seat behind the two seats named (round 30 en14)
                trend = seat_trend(rates, lang)
                text += trend
            out.append(("close" if is_close else "flagged",
                        text + (say("balance_more_games", lang, command=more) if is_close and more else "")))
            said = True
    if not out and seats > 1 and share is not None:
        # at a later count of a run whose earlier count said it, "again" in fewer words (terminal round 32)
        # two sentences, the second ended like the first: "… nessuno squilibrio è dimostrato" stopped bare beside
        # the near-miss lines, which end theirs (round 45 it4)
        out.append(("none", ended(say(_again("balance_none", run_said), lang, fair=_pct(share, lang, fixed=True),
                                      n=seats, why=fair_why(share, seats, lang), games=_num(b.get("games"), lang)))))
    if agents:  # agents' fair share is their own (wins per seat taken): no 1/n reason to give
        out.append(("agents", balance_paragraph(agents, lang, agents[0]["fair"])))
    return out


#: the games ``cardgen fix`` (and ``cardgen tune``) plays per player count unless told (``--games``): a card it changes
#: only where its own games flag it, so validate's pointer for a card flagged on more games says to play as many
SEARCH_GAMES = 300


def card_search(entries: Sequence[Mapping[str, Any]], lang: str, naming: Naming | None = None,
                command: bool = True, also: bool = False) -> str | None:
    """The ``cardgen fix`` sentence for the flagged cards of one deck's validate ``entries`` where they were judged on
    more games than fix plays unless told (``SEARCH_GAMES``): fix judges a card on its own games and changes it only
    where those flag it, so "cardgen fix draco" for "the flagged cards above" promised what the command, on 300 games
    where neither card stood out, never did (twenty-second reading en33, fr35, it47). The command plays as many
    games as validate did, on its seed: the same games, the same cards flagged, then fix's own check on twice as
    many. ``command``: the command ends the sentence (a page sets it apart: ``(sentence, command)`` is
    ``card_command``); ``also``: said under the pointer for the deck's other problems. One card flagged is "the
    flagged card", and its command to confirm it "above" (under its warning, in the terminal as in a page's count
    section): a Draco page's 5-player section said "the flagged cards" and "the command under each" of its one card
    (twenty-sixth reading en41). None where no card is flagged or fix's own games are as many. Only the deal's
    flags: fix judges and cures a card by the deal; a card flagged in play alone is not a card it would find."""
    flagged = [r for r in entries if r.get("passed") and flagged_cards(r, play=False)]
    if not flagged or max(int(r["games"]) for r in flagged) <= SEARCH_GAMES:
        return None
    (cards,) = card_kinds(flagged, lang, {flagged[0].get("variant", ""): naming or Naming()}, verdicts=False,
                          play=False)
    # the games fix is to play said as a number, never "as many games as here" (twenty-fourth reading en10, it11, fr13)
    games = _num(max(int(r["games"]) for r in flagged), lang)
    # a card flagged just beyond chance is first to be confirmed on more games (``card_confirm``): the search is the
    # step after that, said as such, never a second next step beside it (twenty-fifth reading en10, fr38)
    just = "_just" if any(card_just(row) for r in flagged for row in flagged_cards(r, play=False)) else ""
    one = sum(len(flagged_cards(r, play=False)) for r in flagged) == 1
    key = ("fix_card_here" if one else "fix_cards_games") + ("_also" if also else "") + just
    return say(key, lang, cards=cards, own=SEARCH_GAMES, games=games,
               command=card_command(flagged) if command else "").rstrip()


def card_command(entries: Sequence[Mapping[str, Any]]) -> str:
    """The ``cardgen fix`` command that judges the flagged cards of ``entries`` on as many games as validate did, on
    its seed (``card_search``): a command in no language's words."""
    flagged = [r for r in entries if flagged_cards(r, play=False)] or list(entries)
    seed = flagged[0].get("seed", 1)
    return (f"cardgen fix {flagged[0]['variant']} --games {max(int(r['games']) for r in flagged)}"
            + (f" --seed {seed}" if seed != 1 else ""))


def fix_pointer(what: str, command: str, lang: str, capital: bool = False) -> str:
    """The one sentence every output points to ``cardgen fix`` with ("to search for fixes for {what} and test them
    in simulated games: {command}"), in ``lang``; ``capital``: it opens a sentence. One pointer had four wordings
    ("To look for a fix", "To fix this imbalance", "to search for and test fixes", "To search for fixes for what
    is flagged on this page"), and "To fix" promised what the command cannot: it searches for changes and tests
    them, and may find none (twenty-first reading en34, en62, fr21). A page sets the command apart (``command``
    empty: the sentence ends on its colon)."""
    text = say("fix_search", lang, what=what, command=command).rstrip()
    return text[:1].upper() + text[1:] if capital else text


def balance_fix(r: Mapping[str, Any], lang: str) -> str:
    """The ``cardgen fix`` command for entry ``r``'s seat imbalance, at its player count, in ``lang``
    (``fix_pointer``: "to search for fixes for this imbalance and test them in simulated games: cardgen fix royale
    --players 4"): said under the warning, where validate's advice came 22 lines later, at the end of the run,
    without the count (nineteenth reading fr16); in lower case, as every other line of its block (en13). The
    flagged seats by name ("the imbalance for player 1"): "this imbalance" read as the seat of the line above it,
    whose gap may be chance (twenty-second reading en11, fr8, it10); "this imbalance" for an agent's alone. Flags
    that say their side are named by it (``seat_sides``)."""
    return fix_pointer(balance_fix_what(r, lang), balance_fix_command(r), lang)


def balance_fix_what(r: Mapping[str, Any], lang: str) -> str:
    """What ``balance_fix`` searches fixes for: the flagged seats by the side they lean (``seat_sides``), else by
    name, or "this imbalance" for an agent's."""
    flags = [f for f in (r.get("balance") or {}).get("flags") or [] if "seat" in f]
    seats = [say("seat", lang, k=f["seat"]) for f in flags]
    sides = seat_sides(flags, lang, r.get("players"))
    return (say("fix_what_sides", lang, sides=sides) if sides else
            say("fix_what_seats", lang, who=and_list(seats, lang)) if seats else say("fix_what_balance", lang))


def balance_fix_command(r: Mapping[str, Any]) -> str:
    """``balance_fix``'s command: fix at the entry's player count, a command in no language's words."""
    return f"cardgen fix {r['variant']} --players {r['players']}"


def seat_sides(flags: Sequence[Mapping[str, Any]], lang: str, players: int | None) -> str:
    """The flagged seats of one imbalance by the side they are on ("players 4 and 5 above the fair share, players 1
    and 2 below it";
    « l’avantage du joueur 1 et le désavantage du joueur 4 »): "the imbalance for player 1, player 2, player 4 and
    player 5" hid which way each leaned and stacked two "for"s (twenty-third reading en5, fr5). At 2 ``players`` one
    player's surplus is the other's deficit, one imbalance: said by the player ahead alone (fr8). "" where a flag
    does not say its side (an older result)."""
    if not flags or any(f.get("side") not in ("more", "less") for f in flags):
        return ""
    by_side = {side: [str(f["seat"]) for f in flags if f["side"] == side] for side in ("more", "less")}
    if players == 2 and by_side["more"]:
        by_side["less"] = []
    # the seats below the fair share after those above it: "below it" (terminal round 49 en7: "ahead" and "behind"
    # stood on nothing, where the WARNING two lines up says "above the fair share … below it")
    return say("fix_sides_joiner", lang).join(
        say_n(f"fix_side_{side}{'_after' if side == 'less' and by_side['more'] else ''}", len(seats), lang,
              who=and_list(seats, lang))
        for side, seats in by_side.items() if seats)


def more_games_command(r: Mapping[str, Any], traced: bool = False) -> str:
    """The validate command that plays entry ``r``'s deck again with ``balance.MORE_GAMES`` times its games, for a
    gap that may be chance on the games played: a command in no language's words. ``traced``: as many times its
    traced games too (``--designer-games``), where the gap is the play experiment's, measured on those alone:
    "--games 4000" alone would judge the card on the same 250 games again."""
    from cardgen.simulate.balance import MORE_GAMES

    command = f"cardgen validate {r['variant']} --players {r['players']} --games {MORE_GAMES * r['games']}"
    designer = (r.get("designer") or {}).get("games")
    return command + (f" --designer-games {MORE_GAMES * designer}" if traced and designer else "")


#: the share of games above which a shortage settled by cardgen's own rule weighs on the whole run: in more than
#: half the games, play went on under that rule, so most figures describe cardgen's ruling, not the published game
#: (twentieth reading it11: Draco's bank ran dry in 95 % of games under a "PASS WITH A WARNING")
RULED_MOST = 0.5


def shortage_piece(f: Mapping[str, Any], lang: str, naming: Naming) -> str:
    """The pieces a shortage finding ``f`` (``balance.sufficiency``'s) lacks, as every sentence of it names them:
    the plural the deck gives where its book rules the shortage ("silver coins"), else the component's quoted name,
    else the pieces its tally counts."""
    from cardgen.simulate.verdict import QUOTED
    cid = naming.shortfall.get(f["peak"])
    if cid in naming.ruled:
        return naming.ruled[cid]
    if cid and (cid in naming.plurals or cid in naming.names):
        return naming.plural(cid, lang)  # "gold coins", else the quoted name
    return say("pieces", lang, name=QUOTED[lang].format(tally_words("peak", f["peak"], lang, naming)))


def shortage_name(piece: str, lang: str, naming: Naming | None = None, cid: str | None = None) -> str:
    """The one name of a box running out of ``piece`` ("shortage of silver coins"), in validate's case line and
    warning, compare's notes, fix's problems and trials and the report pages alike: four labels for one problem
    ("shortage of components", "WARNING (components)", "components in the box", "shortfall") left the reader to
    work out they were one (twentieth reading en18, en45). The piece comes from the deck's data, so it names any
    game's component. Where the game names the shortage component ``cid``'s ruling settles in its own words
    (``naming``'s tallies, ``gap:<ruling>:name``), that name: Draco's bank runs out of gold and silver alike, so
    "shortage of silver coins" hid that gold cures it too, and fix's cheapest cure added gold where validate said
    to add silver (twenty-first reading en46)."""
    ruling = (naming.rulings.get(cid, ("", False))[0] if naming is not None and cid else "")
    own = (((naming.words.get("tallies") or {}).get(lang) or {}).get(f"gap:{ruling}:name")
           if naming is not None and ruling else None)
    return own or say("short_name", lang, piece=piece)


def finding_name(f: Mapping[str, Any], lang: str, naming: Naming) -> str:
    """The one name (``shortage_name``) of the shortage a ``balance.sufficiency`` finding ``f`` is."""
    return shortage_name(shortage_piece(f, lang, naming), lang, naming, naming.shortfall.get(f["peak"]))


def findings_name(findings: Sequence[Mapping[str, Any]], lang: str, naming: Naming) -> str:
    """One name for the shortages ``findings`` are: the one name of each (``finding_name``), once; several
    shortages the game does not name itself as one of their pieces ("shortage of gold coins and cards")."""
    names = list(dict.fromkeys(finding_name(f, lang, naming) for f in findings))
    generic = [shortage_name(shortage_piece(f, lang, naming), lang) for f in findings]
    if len(names) > 1 and names == list(dict.fromkeys(generic)):
        return shortage_name(and_list(list(dict.fromkeys(shortage_piece(f, lang, naming) for f in findings)), lang),
                             lang)
    return and_list(names, lang)


def ruled_weighs(f: Mapping[str, Any], naming: Naming) -> bool:
    """Whether shortage ``f`` happened in more than ``RULED_MOST`` of its games under a rule cardgen adds (not one
    the published text decides): its warning then says that most figures of the run describe that rule."""
    cid = naming.shortfall.get(f["peak"])
    if cid not in naming.ruled or naming.rulings.get(cid, ("", False))[1] or not f.get("games"):
        return False
    return f["games_short"] / f["games"] > RULED_MOST


def gap_shortage(kind: str, lang: str, naming: Naming) -> str:
    """The one name (``shortage_name``) of the shortage a rule gap ``kind`` is ("bank_short" or its
    "bank_short:silver" -> "shortage of silver coins"): the component whose ``when_short`` ruling settles it."""
    cid = next((c for c, (ruling, _) in naming.rulings.items() if ruling == kind.split(":")[0]), None)
    return shortage_name(naming.ruled.get(cid) or naming.plural(cid, lang) if cid else say("pieces_any", lang), lang,
                         naming, cid)


def published_editions(g: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The editions whose published text decides gap ``g`` (``published_in``) and those that do not say
    (``silent_in``), as the case's label names them: ``editions`` ("the Italian and English published rules") and
    ``silent`` ("the French rules do not say"). "Settled by the published rules" for a case the French rule does
    not state claimed it for every edition (twentieth reading fr59). Empty where every edition decides it."""
    if not g.get("published_in"):
        return {"editions": "", "silent": ""}
    names = word("edition_names", lang)

    def said(codes: Sequence[str], key: str) -> str:
        return say(f"{key}_{'one' if len(codes) == 1 else 'many'}", lang,
                   names=and_list([names.get(c, c) for c in codes], lang))

    return {"editions": said(g["published_in"], "published_editions"),
            "silent": said(g.get("silent_in") or [], "published_silent") if g.get("silent_in") else ""}


def shortfall_line(f: Mapping[str, Any], lang: str = "en", naming: Naming | None = None, headed: bool = False,
                   said: set[str] | None = None, entry: Mapping[str, Any] | None = None) -> str:
    """A component the box lacks (``balance.sufficiency``'s finding), named in ``lang``; ``headed``: under a
    heading that already names the shortage ("WARNING", not "WARNING (shortage of silver coins)"). Where cardgen's
    own rule settles it, the warning says that play goes on under a rule no published text gives, what the box
    would then hold ("56 more silver coins (76 instead of 20)", and the gold that would do as well where the game
    says so: ``shortage_cure``) and, where it happened in more than half the games, that the results describe that
    rule (``ruled_weighs``): said as a routine note, the run's gravest finding read as solved (twentieth reading
    en25, it11). ``said``: the run's said-once keys: the rule and whose
    it is said once a run, at the first count; the next counts give their own figures "as at 3 players" (the whole
    warning four times, only its figures changed, buried the one that changes: twenty-first reading en16, fr61);
    ``entry``: the validate entry ``f`` is of (its deck and player count)."""
    from cardgen.simulate.verdict import QUOTED
    naming = naming or Naming()
    cid = naming.shortfall.get(f["peak"])
    named = shortage_piece(f, lang, naming)
    name = naming.names.get(cid) if cid else None  # "copies of “Silver coin”": the card's or token's own name
    piece = QUOTED[lang].format(name) if name else named
    key = "short_one" if is_singular(f["games_short"], lang) else "short"  # « dans 1 partie sur 60 »
    case, ruling, box, also, first, weighed = "", "", "", "", None, None
    if cid in naming.ruled:  # the book rules a box run short: said, so the line never contradicts the book
        piece, key = named, f"{key}_ruled"
        case, ruling = shortage_case(cid, piece, lang, naming, past=True)
        where = f"{(entry or {}).get('variant')}:{f['peak']}"  # a run may validate several decks
        players = (entry or {}).get("players")
        first = said_at(said, f"short:{where}", players, lang)
        # the other coin's conversion and its caveat in full at the first count, its figure alone at the next ones
        box, also = shortage_cure(f, cid, lang, naming, again=first is not None)
        weighed = said_at(said, f"weight:{where}", players, lang) if ruled_weighs(f, naming) else None
        key += "_again" if first else ""
        # a later count's figures with one pointer back to what the first count said of them (and of the results,
        # where the ruling weighs on them): the caveat re-explained at every count, then "the results likewise
        # describe …", read as the same warning four times (terminal round 43 it18)
        key += "_weighed" if first and weighed else ""
        if ruled_weighs(f, naming) and not weighed and not first:
            # what follows from the published rules' silence said right after it: "So the results … describe the
            # game with cardgen's rule" came after the sentence on fixes, from which it does not follow (terminal
            # round 30 en18)
            ruling += say("short_weight_so", lang)
    text = say(key, lang, warn=say("warn_headed", lang) if headed else say("warn", lang, name=shortage_name(named, lang, naming, cid)),
               more=f["print_more"], piece=piece, box=box, also=also, first=first,
               cover=_pct(f["cover"], lang), short=f["games_short"], games=f["games"], case=case, ruling=ruling,
               share=_pct(f["games_short"] / f["games"] if f["games"] else None, lang, fixed=True), max=f["max"])
    # a sentence of its own; the terminal ends the whole warning with a full stop (``ended``)
    if not ruled_weighs(f, naming):  # a rule in few games: said too, never silence beside "as at 3 players" at the
        # counts above, which left the reader unsure these results describe the published game (round 29 en24, it11)
        # how many games the rule came into play in, of how many, and what follows: the games without it do
        # not depend on it. "So it hardly changes the results" claimed a size of effect nothing measured, and
        # "cardgen's rule" read as all of cardgen's added rules, used in 78 and 81 games (round 36 fr9*, it8*, en16)
        # this edition's book already rules the case: said with where it does, never "the published rules should
        # still say what happens", which sent the designer to write a ruling their book prints (round 40 en9*, fr8*,
        # it10*)
        # where the book rules it said once in a warning: this warning's own ruling clause names it at the first
        # count (terminal round 41 en27, fr10, it14)
        return text + (". " + say_n("short_weight_few" if first else "short_weight_few_said", f["games_short"], lang,
                                    short=f["games_short"],
                                    rest=f["games"] - f["games_short"], where=own_line("short_ruling_where", lang, naming)
                                    or say("short_ruling_where", lang))
                       if cid in naming.ruled else "")
    # its share is the line's own, said a sentence before: not twice (twenty-fifth reading en16); at its first count
    # said in the ruling's sentence (en18)
    # "(as at 3 players, these additions …). As at 3 players, the results …": the count said twice running; "here
    # too" (round 34 fr18); now one pointer back, in the warning's last sentence (``_weighed``)
    return text


def weight_shares(findings: Sequence[Mapping[str, Any]], lang: str = "en") -> str:
    """The share of games the shortages ``findings`` (``balance.sufficiency``'s) happened in, as the sentence that
    says the results describe cardgen's rule gives it: "in 95.3%", or the range over several ("in 57.0% to 97.7%").
    "In more than half of the simulated games" stood for 95.3 % (93.9 % at 4 players) and halved the warning in the
    reader's mind (twenty-second reading fr9)."""
    shares = sorted(f["games_short"] / f["games"] for f in findings if f.get("games"))
    if not shares:
        return ""
    low, high = (_pct(x, lang, fixed=True) for x in (shares[0], shares[-1]))
    if low == high:
        return say("weight_share", lang, share=high)
    # each end with its sign, as an interval's: "in 57.0 to 97.7%" read as a bare 57 (twenty-sixth reading en22)
    return say("weight_shares", lang, low=low, high=high)


def other_cure(f: Mapping[str, Any], cid: str, naming: Naming) -> tuple[int, str] | None:
    """The other coin worth as much as the silver shortage ``f`` of component ``cid`` asks for, where the game's
    words give one (``short_worth``: Draco's gold, each worth three silver), and how many of it: the silver asked
    for, in whole coins of that worth, a conversion, not a measure (terminal round 44 it11*). validate named silver
    alone while fix's cheapest cure added gold (twenty-first reading en46)."""
    alt = (naming.words.get("short_worth") or {}).get(cid)
    if not alt:
        return None
    other, worth = alt
    return -(-f["print_more"] // worth), other


def shortage_cure(f: Mapping[str, Any], cid: str, lang: str, naming: Naming,
                  again: bool = False) -> tuple[str, str]:
    """What the box would hold with the pieces finding ``f`` asks for (" (76 instead of 20)", where the naming
    knows the box's count), and the other coin worth as much (``other_cure``), said as what it is: a conversion
    nothing measured, with the game's reason it covers the shortage as well (``bank.short_worth``), in a sentence of
    its own (" Converted into gold, that is 19 more gold coins (worth 57 silver coins), which would cover the shortage
    just as well, since the bank pays in gold as far as it can (another of this edition’s rulings): …": the reason
    is the edition's money ruling, not a habit of players, terminal round 49 fr2*, en13, it10; "gold covers less",
    round 47's words, was untrue of the games: terminal round 48 en14*, it44*). ", or 19 more gold coins (44 instead
    of 25), would have covered …"
    claimed what only the silver was measured to do, and by the edition's money ruling gold does not always pay a
    silver debt (terminal round 44 it11*); "would come to at least the same sum" for 57 against 56, in a parenthesis
    inside the sentence's parenthesis, said in full at every count, made the warning a 95-word sentence and the
    caveat four times a screen (terminal round 46 en12*, en13, en14, fr11, it10*). ``again``: a later count of the
    run, which gives the other coin's figure alone (" (in gold: 15 more gold coins)"); its caveat points back."""
    held = naming.counts.get(cid)
    box = say("short_box", lang, total=held + f["print_more"], count=held) if held is not None else ""
    cure = other_cure(f, cid, naming)
    if cure is None:
        return box, ""
    more, other = cure
    piece = naming.noun(other, more, lang)
    if again:
        return box, own_say("short_also_again", lang, naming, more=more, piece=piece)
    each = (naming.words.get("short_worth") or {})[cid][1]
    worth = more * each
    # what one coin added spares the bank, in figures: "as many silver coins as it is worth" left the sum to the
    # reader (terminal round 49 en13)
    return box, own_say("short_also", lang, naming, more=more, piece=piece, worth=worth,
                        unit=naming.noun(cid, worth, lang), each=each, each_unit=naming.noun(cid, each, lang))


def said_at(said: set[str] | None, key: str, players: int | None, lang: str) -> str | None:
    """The player count at which a run first said ``key``, in ``lang`` ("3 players"); None where it has not yet:
    then it is said now, at ``players``, and noted in ``said`` (its keys "<key>@<count>"). Nothing is noted without
    ``said`` or a count."""
    if said is None or players is None:
        return None
    at = next((k.rsplit("@", 1)[1] for k in said if k.rsplit("@", 1)[0] == key), None)
    if at is None:
        said.add(f"{key}@{players}")
        return None
    return say_n("players", int(at), lang)


def shortage_case(cid: str, piece: str, lang: str, naming: Naming, past: bool = False,
                  book: bool = False) -> tuple[str, str]:
    """The shortage of component ``cid`` (its plural ``piece``) as its ruling's case is named ("the bank runs
    short of silver coins": the book's holder, one name for one thing, as the ruling lines say it), and whose
    ruling covers it (cardgen's added rule, which lets play go on where no published text says what happens, or
    the published rules where their text decides the case): the warning once said "the box holds too few" and
    "the rulebook's ruling", two names the rest of the run never uses (tenth readers en29, it25, fr22). ``past``:
    said of the games played ("the bank could not pay all it owed in 285 of 300 games", as the maximums say
    "could not pay"; fifteenth reading fr12), the case's past name where the game gives one
    (``gap:<ruling>:past``). ``book``: where the ruling is, said for an output that does not print it (compare)."""
    from cardgen.simulate.verdict import tally_name
    ruling, published = naming.rulings.get(cid, ("", False))
    tense = ":past" if past else ""
    case = ((tally_name(f"gap:{ruling}{tense}", lang, naming.words) if ruling else None)
            or (tally_name(f"gap:{ruling}", lang, naming.words) if ruling and past else None)
            or say(f"short_case{'_past' if past else ''}", lang, piece=piece))
    # where this edition's book rules it, said where the ruling is first named: at Draco's 3 players (95% of games)
    # the warning said only that the description is silent, and where the book rules it only at 6 (round 41 en27, fr10)
    # ``book``: an output that prints no special cases of its own (compare) points into the rulebook; "see “Special
    # cases”" there sent the reader to a section neither the terminal nor the page has (terminal round 53 en7)
    key = "short_ruling_where_book" if book else "short_ruling_where"
    where = own_line(key, lang, naming) or say(key, lang)
    return case, (say("short_by_published", lang) if published else
                  say("short_by_edition", lang) + say("short_by_edition_where", lang, where=where))


def _published(clar: Any) -> bool:
    """Whether the published rules' own text decides clarification ``clar`` (else it is this edition's ruling)."""
    return clar is not None and getattr(clar, "published", None) is not None and clar.published == clar.resolution


def designer_lines(d: dict[str, Any], lang: str = "en", naming: Naming | None = None, played: int | None = None,
                   said: set[str] | None = None, players: int | None = None, shared: int = 0,
                   winner: float | WinnerMean | None = None) -> list[str]:
    """The designer metrics (95 % intervals) and the component table of a validate entry, in ``lang``;
    ``played``: the games the entry played (traced games that are all of them are not "the first" of them).
    Each indicator's row names it short ("tension"), under the legend that defines it (compare's words): the
    full names made rows of 110-120 columns, which wrapped (en62); ``said``: the legends a run already printed,
    so a run of several entries defines the same terms once; ``players``, ``shared``: the entry's count and its
    shared wins, ``winner`` the winner's mean score (``figure_bases``)."""
    from cardgen.simulate.designer import FIGURES
    from cardgen.simulate.verdict import gloss, indicator, is_share as share, label

    naming = naming or Naming()
    out = []
    figures = [(name, d[name]) for name in FIGURES if isinstance(d.get(name), dict)]
    games, sampled = d.get("games", 0), d.get("sampled", 0)  # traced: the finished games among those sampled
    which = (say("traced_of", lang, games=games, sampled=sampled) if sampled > games
             else say("traced_all" if played is not None and games >= played else _again("traced_first", said), lang,
                      games=games))  # how --designer-games changes them: once a run (round 32)
    if figures:  # one indicator a line, labels padded to one column, as compare's table: read at a glance
        # each definition with its plain reading (which way is more of it): six figures with no sense of good or
        # bad left the designer with nothing to do with them (fifteenth reading en2); no threshold the code lacks
        legend = [say("legend_item", lang, label=label(name, lang, naming.words, short=True),
                      gloss=say("gloss_reading", lang, gloss=text, reading=say(f"reading_{name}", lang))
                      if f"reading_{name}" in LINES[lang] else text)
                  for name, _ in figures if (text := gloss(name, lang, naming.words))]
        new = [line for line in legend if said is None or line not in said]  # each term defined once a run
        # a later count of the same game that adds a term says so: "what the design indicators measure:" over one
        # line read as a list cut short (twenty-first reading fr13, it10)
        mark = f"legend_of:{naming.title}"
        # from which count it is measured, never « à partir d’ici » (round 33 fr12)
        head = (say_n("legend_validate_more_at" if players else "legend_validate_more", len(new), lang,
                      players=players) if said is not None and mark in said
                # a game whose other terms an earlier game of the run defined: Royale's one definition under "what the
                # design indicators measure:" read as a list cut short (round 39 fr44, it22, en32)
                else say("legend_validate_rest", lang) if len(new) < len(legend) else say("legend_validate", lang))
        if new:  # only the terms an earlier entry left undefined: Royale's 3 players add kingmaking alone (it18)
            out += ["  " + line for line in [head, *new]]
        # what a designer does with them, once a run: which way is more of each said nothing of whether 92% "point
        # of decision" is a problem (terminal round 41 en5)
        if said is None or "indicators_use" not in said:
            out.append("  " + say("indicators_use", lang))
            if said is not None:
                said.add("indicators_use")
        if said is not None:
            said.update(legend)
            said.add(mark)
        out.append("  " + say("designer", lang, which=which))
        labels = [row_label(name, lang, naming) for name, _ in figures]
        # an indicator below 1 with two decimals, its interval too (round 46 en44*, ``verdict.indicator``)
        means = [indicator(f["mean"], lang, share(name), f["mean"]) for name, f in figures]
        # the decimal marks in one column: a share's "%" (" %" in French) stands out to the right of the counts'
        # figures, never pushes its digits two columns left of theirs (twenty-first reading fr8)
        # and on one decimal mark: "0,40" beside "1,5" set its comma a column left of every other row's (terminal
        # round 47 fr4)
        width, means = max(len(text) for text in labels), on_mark(means, lang)
        for text, mean, (name, f) in zip(labels, means, figures):
            out.append(f"    {text:<{width}}  {mean} " + interval(
                indicator(f["low"], lang, share(name), f["mean"]), indicator(f["high"], lang, share(name), f["mean"]),
                lang))
        # which games each figure counts, once, under the table: beside some rows, on a line of its own under others,
        # "(the same games)" on a third, and absent at 3 and 4 players (nineteenth reading fr4, fr13, fr14, en8)
        out += ["    " + note for note in figure_bases(figures, lang, naming, players, shared, winner)]
    rows = [r for r in d.get("component_impact") or [] if not held_by_all(r)]  # nothing to compare: not listed
    out += held_all_lines(d.get("component_impact") or [], lang, naming, said, first=first_games(d, played))
    dealt = d.get("card_games") or 0  # every game's deal where a deal tells cards apart
    if (d.get("exchange") or {}).get("rows"):  # both experiments: one table, one row per card (issue #53)
        return out + strength_lines(rows, d["exchange"], lang, naming, said,
                                    say("cards_all", lang, games=dealt) if dealt > games else which)
    if rows:
        # the mark is explained only where a card carries it; else one line says none stands out (it28)
        judged = sum(1 for r in rows if r.get("judged"))
        # no card judged at all (a short run): "no card stands out …, widened because 0 cards are compared" said a
        # comparison that never took place; the rows say what each card lacks
        head = ("cards_head" if any(r.get("flag") or r.get("held_flag") for r in rows)
                else "cards_head_none" if judged else "cards_head_unjudged")
        # the same heading at the next counts in short ("again, no card stands out"), the columns' key once a run:
        # both came again in full at every player count (twenty-first reading en16)
        again = said is not None and f"{head}:{judged}" in said
        # a card beyond chance yet unmarked, held by its player but hardly played: the key says so, or its row
        # contradicted "◆ marks a card that stands out beyond chance" (twenty-sixth reading fr10)
        held = say("cards_head_held", lang) if any(r.get("held_flag") and not r.get("flag") for r in rows) else ""
        out.append("  " + say_n(head + ("_again" if again else ""), judged, lang, mark=say("flag_mark", lang),
                              which=say("cards_all", lang, games=dealt) if dealt > games else which) + held)
        # the verdict first, the columns' meanings after it on their own line (fifteenth fr4, en11, it17)
        out += [] if said is not None and "cards_legend" in said else ["    " + say("cards_legend_short", lang)]
        if said is not None:
            said.update((f"{head}:{judged}", "cards_legend"))
        out += card_table(rows, lang, naming, said, rates=False)
    if d.get("exchange"):
        out += exchange_lines(d["exchange"], lang, naming, said)
    elif figures and rows:  # a game whose seats are dealt cards: the play experiment could say which is too strong
        from cardgen.simulate.exchange import POINTS

        out.append("  " + say("exchange_off", lang, points=POINTS))
    elif figures and not rows:
        out += cards_none_lines(lang, naming, said)
    return out


def cards_none_lines(lang: str, naming: Naming | None, said: set[str] | None, solo: bool = False) -> list[str]:
    """"card strength: not judged (…)" where no card is judged and the game's own words say why: King Lui's hands
    start empty and its engine swaps no card (round 39 fr34, it29); Royale's players all hold an imposter and keep
    no dish card (terminal round 41 en22), its solo block included (round 42 en1, it1, fr1), in the solo block's own
    words where the game has them: "every player has the same kinds of cards" read oddly with one player (round 43
    it8). "…, as above" after the first of the same words."""
    key = "cards_none_line_solo" if solo and own_impact("cards_none_line_solo", lang, naming) else "cards_none_line"
    none = own_impact(key, lang, naming)
    if not none:
        return []
    again = said is not None and key in said
    if said is not None:
        said.add(key)
    return ["  " + (say("cards_none_again", lang) if again else none)]


def own_impact(key: str, lang: str, naming: Naming | None) -> str | None:
    """The game's own sentence ``key`` of its card-strength words (its words' ``impact``), typeset, or None."""
    text = ((((naming or Naming()).words or {}).get("impact") or {}).get(lang) or {}).get(key)
    return typeset(text, lang) if text else None


def designer_across(results: Sequence[Mapping[str, Any]], lang: str = "en",
                    namings: Mapping[str, Naming | None] | None = None) -> list[str]:
    """The design indicators of each game checked at several player counts, side by side, after the last count:
    each count's table gave its own, and a designer could not see that kingmaking rises from 18.7% at 3 players to
    43.9% at 6 without reading four tables far apart (round 36 en15). Values only, as the tables print them; their
    intervals stay in each count's table, and no trend is claimed the intervals do not show.

    A column shows what its count's own table shows, and "—" (with a note saying why) where that table has no
    figure: the solo block prints no indicators (one player has no opponent), yet its 0.0s were printed here as
    if measured, and an indicator missing at one count (kingmaking at 2 players) dropped its row for every count
    (round 39 fr40, it18, fr41, it19). The game's name leads the heading (fr42, it20)."""
    from cardgen.simulate.designer import FIGURES
    from cardgen.simulate.verdict import indicator, is_share as share, label

    out: list[str] = []
    decks = list(dict.fromkeys(r.get("variant") for r in results))
    for deck in decks:
        entries = sorted((r for r in results if r.get("variant") == deck and isinstance(r.get("designer"), dict)),
                         key=lambda r: r["players"])
        # the figures each count's own block prints: none with one player (``format_entry``: nothing to measure)
        shown = [{} if r["players"] == 1 else {n: f for n, f in r["designer"].items() if isinstance(f, dict)}
                 for r in entries]
        if sum(1 for figures in shown if any(n in figures for n in FIGURES)) < 2:
            continue
        naming = (namings or {}).get(deck) or Naming()
        names = [n for n in FIGURES if any(n in figures for figures in shown)]
        heads = [_players(r["players"], lang) for r in entries]
        dash = say("across_dash_mark", lang)
        cells = [[indicator(figures[n]["mean"], lang, share(n), figures[n]["mean"]) if n in figures else dash
                  for n in names] for figures in shown]
        cells = [on_mark(column, lang) for column in cells]  # each column on its decimal mark (terminal round 47 fr4)
        rows = [(row_label(n, lang, naming), [column[j] for column in cells]) for j, n in enumerate(names)]
        width = max(len(text) for text, _ in rows)
        cols = [max(len(heads[i]), *(len(v[i]) for _, v in rows)) for i in range(len(entries))]
        titled = len(decks) > 1 and naming.title
        out.append(say("designer_across_of", lang, game=naming.title) if titled else say("designer_across", lang))
        out.append("    " + " " * width + "".join(f"  {h:>{c}}" for h, c in zip(heads, cols)))
        out += ["    " + f"{text:<{width}}" + "".join(f"  {v:>{c}}" for v, c in zip(values, cols))
                for text, values in rows]
        # why a cell is empty, from the figure's own reason where the wordbook has one
        why = [say("across_why_solo", lang)] if any(r["players"] == 1 for r in entries) else []
        why += [say(f"across_why_{n}" if f"across_why_{n}" in LINES[lang] else "across_why", lang,
                    label=label(n, lang, naming.words, short=True))
                for n in names if any(n not in figures for r, figures in zip(entries, shown) if r["players"] > 1)]
        if why:
            out.append("    " + say("across_dash", lang, mark=dash, why=LINES[lang]["separator"].join(why)))
    return out


def on_mark(values: Sequence[str], lang: str) -> list[str]:
    """``values`` (a column's figures as printed: "1,5", "0,40", "31,6 %", "—") padded to one width with their
    decimal marks in one column, a share's "%" right after its digits; a value without a mark ends where the others'
    whole parts do. Right-aligned, "0,40" set its comma a column left of "1,5"'s (terminal round 47 fr4)."""
    mark = decimal(0.5, lang, places=1)[1]
    split = [v.split(mark, 1) if mark in v else [v, ""] for v in values]
    whole = max(len(w) for w, _ in split)
    rest = max(len(mark + r) if r else 0 for _, r in split)
    return [w.rjust(whole) + ((mark + r) if r else "").ljust(rest) for w, r in split]


#: the design indicators counted in the score's own unit (points, Draco's silver coins): their table row says it
IN_SCORE_UNIT = frozenset({"drama"})


def row_label(name: str, lang: str, naming: Naming) -> str:
    """A design indicator's short name as its table row gives it, with its unit where it is counted in the score's
    ("tension in points", « retard du vainqueur en pièces d’argent »): the row stood between a count and
    percentages with its unit only in the legend ten lines up (terminal round 46 fr3). Never in brackets: a row
    carries no note (nineteenth reading fr4, fr13)."""
    from cardgen.simulate.verdict import label, unit

    text = label(name, lang, naming.words, short=True)
    return say("row_unit", lang, label=text, unit=unit(lang, naming.words)) if name in IN_SCORE_UNIT else text


def first_games(designer: Mapping[str, Any], played: int | None) -> int:
    """The games a run's card figures were counted on (``card_games``) where they are fewer than the games played,
    else 0: the imposter's "in 3.6% of their games" counts the first 250 of 1,000 (round 42 it3, round 41 en20)."""
    counted = designer.get("card_games") or 0
    return counted if isinstance(played, int) and 0 < counted < played else 0


def held_all_lines(rows: Sequence[Mapping[str, Any]], lang: str, naming: Naming,
                   said: set[str] | None = None, solo: bool = False, first: int = 0,
                   warning: bool = False) -> list[str]:
    """The note on a card every player has (``impact.held_by_all``: Royale's imposter) that the simulated players
    hardly ever use: every figure above, balance included, describes games played nearly without it (fourteenth
    reading en54, fr12). Why the card is not judged is the card-strength line's to say, on the terminal as on the
    page (terminal round 41 en19, en22: one fact, one shape), the solo block's too (round 42 en1, it1, fr1). ``said``:
    the run's said-once keys; the note whole at a run's first player count, short after (eighteenth reading fr15).
    ``solo``: the one player's block (twenty-second reading en7). ``first``: the games the share was
    counted on, where fewer than the run's (``first_games``). ``warning``: said under a balance warning, of that
    imbalance ("so this imbalance too was measured in games played almost without it"), never "so the note above
    applies": the note above was 80 lines up, and a designer reading the warning alone missed that the imbalance was
    measured nearly without the card (round 45 it8)."""
    from cardgen.simulate.cards import hardly_played

    out = []
    for r in rows:
        if not (held_by_all(r) and hardly_played(r)):
            continue
        # the solo block's caveat gives another reason: the first count with players says the whole one, not "as
        # above" (round 33 en10, fr13)
        key = f"held_all:{r['component']}" + (":solo" if solo else "")
        again = said is not None and key in said
        if said is not None:
            said.add(key)
        # "the Imposter card", "une carte Imposteur", as the rulebooks write it: no quotes, the name said twice
        # rather than "almost never" twice (fifteenth reading en28, fr7, it13)
        key = ("held_all_used_warning_again" if again else "held_all_used_warning") if warning else \
            "held_all_used_again" if again else "held_all_hardly_solo" if solo else "held_all_used"
        # said again, the note points back to the whole one and gives only this count's share: three notes of 30
        # words, each with its own share and framing, had the reader compare them to see they said one thing
        # (terminal round 43 it9, fr7)
        # the game's own words where its book names the card's use otherwise (Royale's «il loro impostore», as
        # «usa il tuo impostore», never «la loro carta Impostore»: terminal round 46 it5)
        out.append("  " + own_say(key, lang, naming, card=naming.names.get(r["component"], r["component"]),
                                  used=held_used(r, lang, solo, first, again)))
    return out


def held_used(r: Mapping[str, Any], lang: str, solo: bool = False, first: int = 0, again: bool = False) -> str:
    """How rarely the players used a card every player has, for the caveat's bracket: the share of a player's games
    in which they played it (``played_share``: Royale's Imposter can be used once a game, and "0.02 times per game"
    meant "in 2% of games", which the reader had to work out: round 39 en37, en48), else, in a result recorded
    before that share, the mean times per player per game. ``again``: the share alone, its base said by the whole
    note above ("in 1.3% of cases")."""
    from cardgen.simulate.verdict import number

    share = r.get("played_share")
    if isinstance(share, (int, float)) and again and not solo:
        return say("held_used_share_again", lang, share=_pct(share, lang))
    if isinstance(share, (int, float)):
        return say("held_used_share" + ("_first" if first else "") + ("_solo" if solo else ""), lang,
                   share=_pct(share, lang), n=decimal(first, lang, places=0))
    return say("held_used_times" + ("_solo" if solo else ""), lang, n=number(r["plays_per_seat"], lang, False,
                                                                               small=True))


def seat_rate_lines(seats: Sequence[Mapping[str, Any]], lang: str = "en", naming: Naming | None = None) -> list[str]:
    """Each seat's win rate on its own line under the heading, the rates right-aligned in one column: on one
    line the seats ran to 200-300 characters, wrapped unpredictably and could not be scanned (sixth Italian
    reader, it62). Player 1 is named as the game's book names who starts (``labels``' ``first_player``: King
    Lui's chef of the first course, a role that passes on each course, not "first to play": en5, fr2)."""
    from cardgen.simulate.verdict import first_player

    rates = [_pct(s["rate"], lang, fixed=True) for s in seats]
    width = max(len(rate) for rate in rates)
    first = first_player(lang, (naming or Naming()).words) or say("first_to_play", lang)
    # a player by turn order, never "seat" (Draco's book calls a place at Draco's table a seat: en48)
    who = [say("turn_player_first" if s["seat"] == 0 else "turn_player", lang, k=s["seat"] + 1, first=first)
           for s in seats]
    named = max(len(text) for text in who)
    return ["    " + say("seat_rate", lang, who=name.ljust(named), rate=rate.rjust(width),
                         low=_pct(s["low"], lang, fixed=True), high=_pct(s["high"], lang, fixed=True))
            for s, rate, name in zip(seats, rates, who)]


#: the games a design indicator leaves out, by the words that say which it keeps (``designer.game_figures``)
FIGURE_GAMES = {"comeback_rate": "figure_of_one_winner", "drama": "figure_of_one_winner",
                "decided_at": "figure_of_one_winner", "kingmaking": "figure_of_runner_up",
                "close_games": "figure_of_close"}


def own_line(key: str, lang: str, naming: Naming | None) -> str | None:
    """The game's own template for the terminal line ``key`` in ``lang`` (its words' ``lines``), or None: Draco &
    Co says which games have a runner-up in its book's terms, its tied leaders dropping out (fifteenth fr3, en7)."""
    return ((((naming or Naming()).words.get("lines") or {}).get(lang)) or {}).get(key)


def own_say(key: str, lang: str, naming: Naming | None, **fields: Any) -> str:
    """``say`` of the game's own template for ``key`` (``own_line``) where it has one, else the common line: Draco &
    Co's source is a player's description, which its outputs name "the published description", never "the
    published rules" (terminal round 41 en24*)."""
    template = own_line(key, lang, naming)
    if template is None:
        return say(key, lang, **fields)
    return typeset(template.format(**counts_grouped(template, fields, lang)), lang)


def margin_basis(n: Any, games: int, lang: str, naming: Naming | None = None, players: int | None = None,
                 shared: int = 0, said: set[str] | None = None) -> str:
    """" (of the 267 games that have a second place)" after the mean margin over the second where fewer games than
    were completed have one (every seat won, or the game's ranking put every other seat out): compare's margin
    is over the pairs whose two games have one, so two means of one game's margin differed unexplained, 6.2 and
    6.3 (thirteenth reading fr18, it36); nothing where every game has a second place. At 2 ``players`` those are
    the games with a single winner, named so as the indicators below name them (``figure_base``, en10). Where
    every game has one and ``shared`` wins were played, that they count, with which lead (nineteenth reading fr9,
    fr13, en7: at 3 and 4 players nothing said whether the shared wins were in the mean). One wording at every
    player count, its shared wins said where the games counted hold some: "of the 936 games with a single winner",
    "of the 999 games that have a second place" and "when the win is shared: …" were three explanations of one
    figure in one output (twenty-third reading en9, fr9, it12). The games left out are those every player won, all
    shared wins, so ``shared`` less those is the shared wins counted. A game's own words (Draco's, whose tied
    leaders drop out) keep their own note. ``said``: the run's said-once keys; how a shared win's lead is counted
    is said at the first count that has one, "shared wins counted as above" after (the 20-word parenthesis printed
    at every player count: terminal round 43 it3)."""
    if not isinstance(n, int) or isinstance(n, bool):
        return ""
    own = own_line("margin_basis", lang, naming)
    if own:
        # every game with a runner-up: said so too, never a base at 3 to 5 players and none at 6 (round 29 en25,
        # fr23, it12)
        return own.format(n=decimal(n, lang, places=0)) if n < games else say("margin_all", lang,
                                                                              n=decimal(games, lang, places=0))
    counted = shared - max(games - n, 0)  # the shared wins among the games with someone below the winners
    if n >= games and counted <= 0:
        return ""
    # every game counted: "over all 1,000 games", not "of the 1,000 games in which someone finishes below", which
    # sent the designer looking for the games left out (twenty-sixth reading en4)
    key = "margin_basis" if counted <= 0 else "margin_all_shared" if n >= games else "margin_shared"
    # at 2 players the games with someone below the winner are those not ending in a shared win: said so, not the
    # roundabout "someone finishes below the winner or winners" (round 29 en9, fr11)
    key += "_duel" if players == 2 and key == "margin_basis" else ""
    if said is not None and key in ("margin_shared", "margin_all_shared"):
        key += "_again" if "margin_shared_lead" in said else ""
        said.add("margin_shared_lead")
    return say(key, lang, n=decimal(n, lang, places=0))


def figure_base(name: str, figure: Mapping[str, Any], lang: str, naming: Naming | None = None,
                players: int | None = None, shared: int = 0, followed: int | None = None) -> str:
    """The games design indicator ``name`` is computed on, in ``lang`` ("of the 212 games with a single winner"),
    at every player count, whether or not it is every game traced; "" for one on every traced game (lead changes,
    which the table's heading counts). The close games count a shared win as close at every player count (their
    definition says so), so they are on every game followed but where the game's ranking leaves a single winner
    nobody below (Draco's tied leaders dropping out): "of the 250 games" at 2 players as at 3 (terminal round 44
    fr8*). The games were said on some rows and not others, twice in one table, never at 3 and 4 players where
    shared wins left a figure on fewer games (nineteenth reading fr4, fr13, fr14, en7, en8). ``players`` and
    ``shared``: unused since, kept for the callers."""
    n = figure.get("n")
    if not isinstance(n, int) or name not in FIGURE_GAMES:
        return ""
    key = FIGURE_GAMES[name]
    # the close games count every game with a runner-up or a shared win (``designer.game_figures``); at 2 players
    # they were "the 231 games with a single winner" beside "the 250 games" at 3 (terminal round 44 fr8*)
    if key == "figure_of_close" and n == followed:  # every game followed: "of the 250 games", not a condition
        # every game meets, which sent the reader looking for the games left out (terminal round 29 fr5, it24)
        key = "figure_of_all"
    own = own_line(key, lang, naming)  # the game's words for which games count, if it has them
    text = own.format(n=decimal(n, lang, places=0)) if own else say(key, lang, n=decimal(n, lang, places=0))
    text = text.strip().removeprefix("(").removesuffix(")")  # a note's words, not a row's parenthesis
    if f"figure_base_none_{name}" in LINES[lang] and figure.get("mean") == 0:  # an exact 0 is a finding, not a
        # measure that failed: said as what happened in those games (round 39 en36, en47: Royale's kingmaking)
        return say(f"figure_base_none_{name}", lang, base=text)
    return text


class WinnerMean(NamedTuple):
    """The winner's mean score and the games it is the mean of: the close games' note, about the games followed,
    says which games the winner's score it sets beside them averages (twenty-third reading en6, fr4)."""
    mean: float
    games: int


def figure_bases(figures: Sequence[tuple[str, Mapping[str, Any]]], lang: str, naming: Naming | None = None,
                 players: int | None = None, shared: int = 0, winner: float | WinnerMean | None = None) -> list[str]:
    """One note per set of games under the design indicators' table ("comebacks, winner's deficit, decisive moment:
    of the 247 games with a single winner"), the indicators that share it named together, in the table's order:
    each figure's games said once, the same way at every player count (nineteenth reading fr4). With ``winner``
    (the winner's mean score), the close games' note sets their margin beside it: 2 points is a narrow win where
    winners score 73 and a third of the score where they score 6 (twenty-first reading fr14); in the note that
    already names the close games' games, or right after it, never a second "close games" note two lines below
    ("against a winner's average total", a third name for the winner's score: twenty-second reading en4, en53,
    fr1, it6). ``shared``: the run's shared wins (the close games' definition says how they count: terminal round
    44 fr8*). ``winner`` a ``WinnerMean``: the games its mean is over said too ("over the 1,000 games")."""
    from cardgen.simulate.designer import close_margin
    from cardgen.simulate.verdict import label, unit

    naming = naming or Naming()
    close = label("close_games", lang, naming.words, short=True)
    over = winner.games if isinstance(winner, WinnerMean) else None
    winner = winner.mean if isinstance(winner, WinnerMean) else winner
    # the close games' margin in proportion to the winner's score (``designer.close_margin``), said at the average
    # winner's score: "about 7 points here" (terminal round 27 it9: a fixed 2 points made 80 % of Royale's games close)
    near = round(close_margin(winner)) if winner is not None else 0
    # where a tenth of the winner's mean is under the floor, the margin is the floor itself, not "about" it
    # (terminal round 29 en8, fr10: Royale's "about 1 point" in a game of whole points)
    exact = "_exact" if winner is not None and close_margin(winner) == close_margin(0) else ""
    # the winner's score by one name, the definition's, and its mean said over these games: "a tenth of the winner's
    # total … (winner's score: 73.6)" named it twice, and its mean read as a second one beside the 300 games' 73.9
    # (terminal round 47 fr2, fr7*, en4, en16, it1); Draco says fortune, in its own words (``own_say``)
    # the games by the name the indicators' heading gives them, "the first 250 games" (« les 250 premières
    # parties »): « les 250 parties suivies » was a third name (terminal round 50 fr1*, as r49 en3 in English)
    # where the close games' note already names these very games ("measured over the 250 games", every game
    # followed), the mean is said over "these games": "the 250 games" and "the first 250 games" in one line read as
    # two sets (terminal round 51 en3, fr1, it1)
    followed = next((f.get("n") for name, f in figures if name == "lead_changes"), None)
    close_n = next((f.get("n") for name, f in figures if name == "close_games"), None)
    these = over is not None and close_n == followed == over
    scale = (own_say(("close_scale" if over is None else "close_scale_these" if these else "close_scale_games")
                     + exact, lang, naming,
                     margin=decimal(near, lang, places=0),
                     winner=_mean(winner, lang), games=_games(over or 0, lang), first=_num(over or 0, lang),
                     unit=unit(lang, naming.words, many=near != 1))
             if winner is not None and any(name == "close_games" for name, _ in figures) else "")
    # the close games in a note of their own where their margin is said, their games and margin together: named
    # among the comebacks' games and again in a note of their margin below, at 2 players, they were two notes headed
    # "close games" (twenty-second reading en53, twenty-third en11)
    groups: dict[tuple[str, bool], list[str]] = {}
    for name, f in figures:
        base = figure_base(name, f, lang, naming, players, shared, followed)
        if base:
            own = bool(scale) and name == "close_games"
            groups.setdefault((base, own), []).append(label(name, lang, naming.words, short=True))
    # a shared win no longer needs the tied winners' lead over the next player here: it counts as close, and the
    # close games' definition says so (terminal round 44 fr8*)

    def margin(base: str) -> str:
        return say("figure_base_more", lang, base=base, more=scale)
    notes = [say("figure_base", lang, labels=", ".join(labels), base=margin(base) if own else base)
             for (base, own), labels in groups.items()]
    if scale and not any(own for _, own in groups):  # no note names their games: the margin's own
        notes.append(say("figure_base", lang, labels=close, base=scale))
    return notes


def winner_games(r: Mapping[str, Any]) -> WinnerMean | float | None:
    """A validate entry's mean winning score with the games it is over, None where it has none; the bare mean where
    the entry does not say its games (never "over the 0 games"). Over the traced games where the designer figures
    say it (``winner_mean``: the close games' own games; "73.9 on average" beside "of the 250 games" was over all 300,
    terminal round 46 it3), else over the completed games. The terminal and the game page both say it: the page kept
    "where the winner's score averages 74.3" after the terminal was corrected, which read as the close games' own
    average (twenty-fourth reading en27)."""
    traced = r.get("designer") or {}
    if isinstance(traced.get("winner_mean"), (int, float)) and traced.get("games"):
        return WinnerMean(float(traced["winner_mean"]), int(traced["games"]))
    mean = winner_mean(r)
    games = int(r.get("completed") or r.get("games") or 0)
    return None if mean is None else WinnerMean(mean, games) if games else mean


def winner_mean(r: Mapping[str, Any]) -> float | None:
    """A validate entry's mean winning score, None where it has none (a solo game, no finished game)."""
    mean = (((r.get("scores") or {}).get("winner")) or {}).get("mean")
    return float(mean) if isinstance(mean, (int, float)) else None


def card_table(rows: Sequence[Mapping[str, Any]], lang: str = "en", naming: Naming | None = None,
               said: set[str] | None = None, rates: bool = True) -> list[str]:
    """The card-strength rows of validate under one heading row naming each column (card, share of opening
    hands, win rate with, without, difference and its interval), every column as wide as its widest cell or its
    heading, so a reader maps each figure to its meaning at a glance (sixth English reader, t7: the rows had no
    headings and the reader had to map three figures onto a long preamble). ``rates`` False: without the two win
    rates, whose difference (and its interval) alone decides a card's verdict; the report keeps them (terminal
    round 32: fewer words on the terminal, every detail on the page)."""
    naming = naming or Naming()
    head = say("cards_columns", lang).split("|")
    names = [naming.names.get(r["component"], r["component"]) for r in rows]
    shares = [_pct(r["dealt_share"], lang, fixed=True) for r in rows]
    judged = [r for r in rows if r.get("difference") is not None]
    withs = [_pct(r["win_rate_dealt"], lang, fixed=True) for r in judged] if rates else []
    withouts = [_pct(r["win_rate_not_dealt"], lang, fixed=True) for r in judged] if rates else []
    # the unit once, in the heading; bare signed numbers in the cells ("pp", "pts" read as a game's points: fr6)
    diffs = [points(r["difference"], lang, unit=False) for r in judged]
    widths = [max(len(text) for text in cells + [title])
              for cells, title in zip((names, shares, withs, withouts), head)]
    diff_width = max((len(text) for text in diffs), default=0)
    shown = widths[1:] if rates else widths[1:2]  # the columns printed after the card's name
    out = ["    " + "  ".join([head[0].ljust(widths[0])] + [title.rjust(w) for title, w in zip(head[1:4], shown)]
                              + [head[4]])]
    hardly: list[str] = []  # the cards the simulated players hardly play, each with its plays, in the note below
    for r, name, share in zip(rows, names, shares):
        line = f"    {name:<{widths[0]}}  {share:>{widths[1]}}"
        verdict_at = len(line) + 2  # a long note's column: where the win rates start
        if r.get("difference") is not None:
            line += (f"  {_pct(r['win_rate_dealt'], lang, fixed=True):>{widths[2]}}"
                     f"  {_pct(r['win_rate_not_dealt'], lang, fixed=True):>{widths[3]}}") if rates else ""
            verdict_at = len(line) + 2 if r["flag"] else verdict_at  # a mark under the difference it judges
            line += f"  {points(r['difference'], lang, unit=False):>{diff_width}}"
            if r.get("judged"):  # the interval that decides its "!": widened for the cards judged
                line += " " + interval(*marked_ends(*flag_ends(r), lang, True),
                                       lang)
        tail = ""
        if r["flag"]:
            # "seems too strong" where the flag is only just beyond chance, as the WARNING under the table says it
            # (``card_side``; twenty-fifth reading en11)
            tail = f"{say('flag_mark', lang)} {say(card_side(r), lang)}"  # not "!": a card's name may end in one
        elif r.get("held_flag"):  # its interval leaves 0 out, but the card is held, hardly played: "not flagged",
            tail = say("hardly_held", lang, n=_times(r["plays_per_seat"], lang))  # no mark (as the report)
        elif not r.get("judged"):
            tail = not_judged_words(r, lang)
        if tail and len(line) + 2 + len(tail) > WIDTH and r.get("difference") is not None:
            # a verdict that does not fit the row goes on a row of its own under it: wrapped, "too strong" fell
            # under the "dealt" column and read as a stray cell of the next card (twenty-sixth reading en12, fr9)
            out.append(line.rstrip())
            line = " " * verdict_at + tail
        elif tail:
            line += "  " + tail
        if hardly_played(r) and not r.get("held_flag"):  # its gap is about holding it, not playing it (fr76)
            line += " " + say("hardly_mark", lang)  # said once under the table: a remark in the row broke its
            hardly.append(f"{name} ({_times(r['plays_per_seat'], lang)})")  # columns, twice a table (fr24, it30)
        out.append(line.rstrip())
    if hardly:
        # one card in the singular ("jouée", "giocata"): the plural over one card read as a slip (it20, fr15); what
        # its difference shows said once a run, "as above" at the next tables (terminal round 32: 30 words 4 times)
        out.append("    " + say_n(_again("hardly_note", said), len(hardly), lang, items=", ".join(hardly)))
    return out


def _again(key: str, said: set[str] | None) -> str:
    """``key`` the first time a run says it (noted in ``said``), ``key_again`` after: a note said once a run."""
    if said is None:
        return key
    again = key in said
    said.add(key)
    return f"{key}_again" if again else key


def flag_ends(r: Mapping[str, Any]) -> tuple[Any, Any]:
    """The two ends of the interval a card row's flag rests on: the one widened for the cards judged at once where
    the row keeps it, else its own 95 % interval (None, None where it keeps neither)."""
    if r.get("flag_low") is not None:
        return r["flag_low"], r["flag_high"]
    return r.get("low"), r.get("high")


def _times(x: float, lang: str) -> str:
    """How many times per player a card was played, as the report's card table writes it (``0,04``)."""
    from cardgen.simulate.verdict import number

    return number(x, lang, False, small=True)


def ends(r: Mapping[str, Any], name: str, share: bool, lang: str) -> dict[str, str]:
    """A play experiment row's interval of ``name`` (its wins, a share; its margin) as ``low`` and ``high``, written
    as the deal's table writes the interval its flag reads (``marked_ends``: with the decimals that show it leaves
    0 out, or holds it): "margin +0.8 [0.0 to +1.5] ◆" read as touching 0 yet flagged."""
    low, high = marked_ends(r[f"{name}_low"], r[f"{name}_high"], lang, share)
    return {"low": low, "high": high}


def exchange_why(table: Mapping[str, Any]) -> str:
    """The key of the one line a play experiment's table without a row says instead (``exchange.BUILDING``: the
    next run measures it; ``UNSUPPORTED``: the game cannot exchange; else no card could be exchanged)."""
    skipped = table.get("skipped") or {}
    return ("exchange_building" if skipped.get("building") else "exchange_unsupported" if skipped.get("unsupported")
            else "exchange_nothing")


def exchange_lines(table: dict[str, Any], lang: str = "en", naming: Naming | None = None,
                   said: set[str] | None = None) -> list[str]:
    """The play experiment's card table (``cardgen.simulate.exchange``) in ``lang`` without the opening hands
    (``strength_lines``), or the one line saying why there is none; ``said``: the run's legends printed above."""
    from cardgen.simulate.exchange import POINTS

    naming = naming or Naming()
    rows = table.get("rows") or []
    if not rows:  # why not, said whole once a run: word for word at each player count it was read 4 times (round 32 en23)
        why = exchange_why(table)
        if why == "exchange_building" and said is not None:
            why = "exchange_building_again" if why in said else why
            said.add("exchange_building")
        return ["  " + say(why, lang, points=POINTS)]
    return strength_lines([], table, lang, naming, said)


def strength_rows(rows: Sequence[Mapping[str, Any]], table: Mapping[str, Any]) -> list[tuple[Any, Any]]:
    """The cards of one player count's card-strength table, each as its (opening-hand row, mid-game row), either
    None where that experiment has no row for it: sorted by the mid-game win rate gained, highest first (the
    experiment that swaps the card in play, both futures on the same seeds), the cards it has no row for after them
    by their opening-hand difference (``strength_lines``, ``impact.strength_block``)."""
    dealt = {r["component"]: r for r in rows}
    played = {r["component"]: r for r in table.get("rows") or []}
    cards = list(dict.fromkeys([*played, *dealt]))

    def key(cid: str) -> tuple[int, float]:
        if cid in played:
            return (0, -float(played[cid]["win"]))
        diff = dealt[cid].get("difference")
        return (1, -float(diff) if diff is not None else 0.0)
    return [(dealt.get(cid), played.get(cid)) for cid in sorted(cards, key=key)]


def strength_flags(dealt: Mapping[str, Any] | None, played: Mapping[str, Any] | None) -> tuple[bool, bool, bool]:
    """Which of a card's three figures carries the flag mark: its opening-hand difference (the deal experiment
    flagged it), its mid-game win rate, its mid-game margin (the one its flag rests on, ``flagged_by``; both where
    the row does not say)."""
    hand = bool(dealt and dealt.get("flag") in ("strong", "weak"))
    play = bool(played and played.get("flag") in ("strong", "weak"))
    by = (played or {}).get("flagged_by")
    return hand, play and (by is None or "win" in by), play and (by is None or "margin" in by)


def strength_key(lang: str, judged: int, hands_too: bool, naming: Naming | None = None) -> str:
    """The card table's one key: what the swap test does and what +5 means, what ◆ means with the widening for the
    ``judged`` cards compared at once (one: its plain 95 % interval; none, as in a short run: nothing, since no ◆ can
    show, where it said "widened for the 0 cards"), and with ``hands_too`` the opening hands' columns. What the
    margin is the difference of, in the game's own terms (``strength_margin_of``, the game's words' ``lines``):
    Draco & Co counts a fortune, never a score (terminal round 46 fr9*, it9)."""
    from cardgen.languages import decimal

    mark = ("" if judged == 0 else say("strength_mark_one", lang) + " " if judged == 1
            else say("strength_mark", lang, n=decimal(judged, lang, places=0)) + " ")
    return say("strength_key_trust" if hands_too else "strength_key_swap", lang, mark=mark,
               margin_of=own_say("strength_margin_of", lang, naming))


def strength_lines(rows: Sequence[Mapping[str, Any]], table: Mapping[str, Any], lang: str = "en",
                   naming: Naming | None = None, said: set[str] | None = None, which: str = "") -> list[str]:
    """A player count's card strength as ONE table, one row per card (issue #53): share of players dealt it, how
    much more often those dealt it won (opening hands), what holding it instead of a card given up mid-game adds to
    the win rate and to the margin (the play experiment, ``cardgen.simulate.exchange``), each with its widened
    interval, the flag mark beside the figure it rests on; sorted by the mid-game win rate. One verdict (the
    heading), one legend (whole at a run's first table, "as above" after), one footnote for the cards hardly ever
    played. Two tables, two legends and two footnotes a count were the hardest passage of Draco's output (round 34:
    clarity 7-7.5 against 8-9 for the other games). ``which``: the games of the opening hands."""
    from cardgen.languages import decimal
    from cardgen.simulate.verdict import number, unit

    naming = naming or Naming()
    mark = say("flag_mark", lang)
    pairs = strength_rows(rows, table)
    names = [naming.names.get((a or b)["component"], (a or b)["component"]) for a, b in pairs]
    flags = [strength_flags(a, b) for a, b in pairs]

    head = say("strength_columns", lang).split("|")  # card|dealt|opening hands|gap|mid-game exchange|win|margin
    units = say("strength_units", lang, unit=unit(lang, naming.words)).split("|")  # dealt|gap|win|margin
    rare = say("strength_rare_mark", lang)
    # a card hardly ever played: its mark after its NAME, never beside an interval where "*" read as significance
    # (round 35 en7, fr6); its note says it is never flagged (en9)
    rows_of = [a if a and a.get("plays_per_seat") is not None else b for a, b in pairs]
    shown = [f"{name} {rare}" if row and hardly_played(row) else name for name, row in zip(names, rows_of)]
    w_name = max(map(len, [*shown, head[0]]))

    def laid_out(gap: str) -> list[tuple[str, str, str, list[str], bool]]:
        """(group over the column and those after it, its title, its cells, right-aligned), each flagged figure
        with its mark ``gap`` after it; the opening hands' columns only where the deal has rows."""
        def cell(text: str, flagged: bool) -> str:  # typeset as ``say`` sets a line ("−5.0", never "-5.0")
            # a figure with no sign ("0.0") a space in, its decimal point under the others' (round 39 en6)
            text = " " + text if text[:1].isdigit() else text
            return typeset(f"{text}{gap}{mark}" if flagged else text, lang)

        shares = [_pct(a["dealt_share"], lang, fixed=True) if a else "–" for a, _ in pairs]
        hands = [cell(f"{points(a['difference'], lang, unit=False)} "
                      + interval(*marked_ends(*flag_ends(a), lang, True), lang), f[0])
                 if a and a.get("difference") is not None and a.get("judged") else
                 points(a["difference"], lang, unit=False) if a and a.get("difference") is not None else "–"
                 for (a, _), f in zip(pairs, flags)]
        wins = [cell(f"{points(b['win'], lang, unit=False)} " + interval(**ends(b, "win", True, lang), lang=lang),
                     f[1]) if b else "–" for (_, b), f in zip(pairs, flags)]
        margins = [cell(f"{number(b['margin'], lang, False, True, fixed=True)} "
                        + interval(**ends(b, "margin", False, lang), lang=lang), f[2]) if b else "–"
                   for (_, b), f in zip(pairs, flags)]
        # each group's name starts over its first column, "dealt" included (round 35 en6, fr9, it6); the swap
        # test first, the measure to trust and the sort key, the opening hands after it "for comparison", each
        # column with its unit under its title (round 38 en7*, it12*, fr7, en13)
        return ([(head[4], head[5], units[2], wins, False), ("", head[6], units[3], margins, False)]
                + ([(head[2], head[1], units[0], shares, True), ("", head[3], units[1], hands, False)]
                   if any(a for a, _ in pairs) else []))

    def width(columns: list[tuple[str, str, str, list[str], bool]]) -> int:  # the widest row
        return 4 + w_name + sum(2 + max(map(len, [*cells, title, u])) for group, title, u, cells, _ in columns)

    # the mark a space after its interval; right after it where a row would pass the terminal's width (a flagged
    # opening hand and a flagged two-decimal margin in one table of Draco: 101 columns)
    columns = laid_out(" ")
    columns = columns if width(columns) <= WIDTH else laid_out("")
    widths = [max(map(len, [*cells, title, u])) for group, title, u, cells, _ in columns]
    flagged = sorted({(a or b)["component"] for (a, b), f in zip(pairs, flags) if any(f)})
    held = any((a or {}).get("held_flag") or (b or {}).get("held_flag") for a, b in pairs)
    again = said is not None and "strength_legend" in said
    verdict = (say_n("strength_flagged", len(flagged), lang, mark=mark) if flagged
               else say("strength_held" if held else "strength_none_again" if again else "strength_none", lang,
                        mark=mark))
    # the games each experiment played: "300 games; mid-game exchange: 2,900 in 250 games" (the opening hands'
    # alone where the deal has rows)
    games = say("strength_games", lang, games=decimal(table.get("games", 0), lang, places=0),
                exchanges=decimal(table.get("exchanges", 0), lang, places=0))
    hands_too = any(a for a, _ in pairs)
    which = say("strength_which", lang, dealt=which, played=games) if which and hands_too else games
    out = ["  " + say("strength_head_again" if again else "strength_head", lang, verdict=verdict, which=which)]

    # above the table, once a run, the one key: what the swap test does, what +5 and ◆ mean, the opening hands a
    # cross-check (round 39 fr2*, it1*); the method in full is the report's, where the page says it once (terminal
    # round 41 it11*, fr9*: 26 lines of method under the table before the designer learnt that nothing was flagged)
    if not again:
        judged = sum(1 for a, b in pairs if (a or b or {}).get("judged"))
        out.append("    " + strength_key(lang, judged, hands_too, naming))
    if said is not None:
        said.add("strength_legend")

    def line(first: str, cells: Sequence[str]) -> str:
        return (f"    {first:<{w_name}}" + "".join(f"  {c:>{w}}" if right else f"  {c:<{w}}"
                                               for c, w, (_, _, _, _, right) in zip(cells, widths, columns))).rstrip()
    starts = [4 + w_name + sum(2 + w for w in widths[:i]) + 2 for i in range(len(widths))]
    groups = ""
    for start, (group, _, _, _, _) in zip(starts, columns):  # which experiment, from its first column on, or
        if group:  # ending at the terminal's width where it would pass it ("opening hands (for comparison)" beside
            # a flagged two-decimal margin: 101 columns)
            start = max(len(groups) + 2, min(start, WIDTH - len(group))) if groups else start
            groups = f"{groups:<{start}}{group}"
    out.append(groups.rstrip())
    out.append(line(head[0], [title for _, title, _, _, _ in columns]))
    out.append(line("", [u for _, _, u, _, _ in columns]))
    lead = " " * (4 + w_name + 2)  # a note under the row: under its figures
    hardly: list[str] = []
    for i, ((a, b), name) in enumerate(zip(pairs, names)):
        text = line(shown[i], [cells[i] for _, _, _, cells, _ in columns])
        notes = []  # why a figure was not judged, on a line of its own under the row
        if a and not a.get("judged") and not held_by_all(a):
            notes.append(not_judged_words(a, lang))
        if b and not b.get("judged"):
            notes.append(say("exchange_not_judged", lang, exchanges=decimal(b["exchanges"], lang, places=0),
                             games=decimal(b["games"], lang, places=0), needed=table.get("min_exchanges", ""),
                             needed_games=table.get("min_games", "")))
        row = rows_of[i]
        if row and hardly_played(row):
            hardly.append(f"{name} ({_times(row['plays_per_seat'], lang)})")
        out.append(text)
        out += [lead + note for note in notes]
    # an interval whose ends take two decimals (``marked_ends``: one would print 0.0) said why, once a run, under
    # the first table that has one: "+0,8 [+0,04 ; +1,50] ◆" beside one decimal everywhere else read as an
    # inconsistency (terminal round 46 fr10)
    if any(FINE_ENDS.search(cell) for _, _, _, cells, _ in columns for cell in cells) \
            and (said is None or "strength_fine_ends" not in said):
        out.append("    " + say("strength_fine_ends", lang))
        if said is not None:
            said.add("strength_fine_ends")
    if hardly:  # what both its figures show, in one sentence, once a run
        out.append("    " + say_n(_again("strength_hardly", said), len(hardly), lang, items=", ".join(hardly)))
    # a † card with a figure whose interval leaves 0 out: said, with why it is not flagged and what to check; "no
    # card flagged" beside Shower of Coins' −1.5 [−2.5 to −0.5] read as a contradiction (round 36 en7*)
    for (a, b), name in zip(pairs, names):
        out += ["    " + line for line in held_notes(a, b, name, lang, naming, said)]
    return out


#: an interval with an end of two decimals or more, as a table cell prints it ("[+0.04 to +1.50]", "[−12,99 ; −0,03]")
FINE_ENDS = re.compile(r"\[[^\]]*\d[.,]\d{2}")


def excluding(row: Mapping[str, Any]) -> list[str]:
    """Which of a play experiment row's figures ("win", "margin") have an interval that leaves 0 out, read from the
    intervals themselves (``designer.exchange_json``'s ``flagged_by`` says the same where the row has it)."""
    return [name for name in ("win", "margin") if isinstance(row.get(f"{name}_low"), (int, float))
            and (row[f"{name}_low"] > 0 or row[f"{name}_high"] < 0)]


def held_notes(dealt: Mapping[str, Any] | None, played: Mapping[str, Any] | None, name: str, lang: str = "en",
               naming: Naming | None = None, said: set[str] | None = None) -> list[str]:
    """A hardly played card's figures whose intervals leave 0 out (its flag moved to ``held_flag`` by
    ``designer.with_plays``), each in a sentence that says it, why cardgen does not flag it (played fewer than
    ``cards.HARDLY_PLAYED`` times per player per game, its figures measure holding it) and what to check: holding
    it costs (or helps) its holder, the card or the simulated players' use of it being the cause (round 36 en7*).
    The why is the † mark's own (fewer than ``HARDLY_PLAYED`` plays), not the card's count again: the † line just
    above gives it, and "played only 0.04 times … (fewer than 0.1)" said it twice in four lines with a threshold
    never explained (terminal round 43 it15). ``said``: the run's said-once keys; a second note of the same side
    gives its figure and points back to the first (the five sentences said word for word at 4 and 6 players:
    terminal round 43 fr13, it18)."""
    from cardgen.simulate.cards import HARDLY_PLAYED
    from cardgen.simulate.verdict import number, unit

    out = []
    names = {k: typeset(LINES[lang][f"strength_name_{k}"], lang) for k in ("gap", "win", "margin")}  # the key's names
    figures = []
    if dealt and dealt.get("held_flag") and dealt.get("difference") is not None:
        low, high = marked_ends(*flag_ends(dealt), lang, True)
        figures.append((dealt["held_flag"], names["gap"],
                        f"{points(dealt['difference'], lang)} {interval(low, high, lang)}", dealt))
    if played and played.get("held_flag"):
        for by in excluding(played):
            if by == "win":
                e = ends(played, "win", True, lang)
                value = f"{points(played['win'], lang)} {interval(e['low'], e['high'], lang)}"
            else:
                e = ends(played, "margin", False, lang)
                plural = not is_singular(abs(round(played["margin"], 1)), lang)
                value = (f"{number(played['margin'], lang, False, True, fixed=True)} "
                         f"{unit(lang, (naming or Naming()).words, plural)} {interval(e['low'], e['high'], lang)}")
            figures.append((played["held_flag"], names[by], value, played))
    for side, figure, value, row in figures:
        out.append(say(_again(f"strength_held_{side}", said), lang, mark=say("strength_rare_mark", lang), card=name,
                       figure=figure, value=value, n=_times(row["plays_per_seat"], lang),
                       least=number(HARDLY_PLAYED, lang, False, small=True)))
    return out


def option_lines(rows: Sequence[Mapping[str, Any]], lang: str = "en", naming: Naming | None = None) -> list[str]:
    """Per option a house rule adds (``cardgen.simulate.options``): how often each agent took it where offered, and
    what taking it is worth by paired play-outs, in a sentence that says whether a player should take it."""
    from cardgen.simulate.options import verdict
    from cardgen.simulate.verdict import unit

    naming = naming or Naming()
    out = []
    for row in rows:
        rates = joined((say("option_rate", lang, agent=agent_word(agent, lang),
                            rate=_pct(row["taken"].get(agent, 0) / n, lang), n=_num(n, lang))
                        for agent, n in row["offered"].items() if n), lang)
        wins, score = row["wins"], row["score"]
        # the score and its interval's ends written alike: all whole ("+5 [+5, +5]"), else each with its decimal
        # ("-6.0" beside "+2.4"), as ``verdict.alike`` writes two figures of one sentence; a share always has one
        fixed = any(x is not None and round(x, 1) != round(x) for x in (score["mean"], score["low"], score["high"]))
        out.append("  " + say("option_line", lang, kind=row["kind"], rates=rates) + " " + say(
            verdict(row), lang, pairs=_num(row["pairs"], lang), wins=_pct(wins["mean"], lang, True, True),
            low=_pct(wins["low"], lang, True, True), high=_pct(wins["high"], lang, True, True),
            score=_signed(score["mean"], lang, fixed), score_low=_signed(score["low"], lang, fixed),
            score_high=_signed(score["high"], lang, fixed),
            unit=unit(lang, naming.words)))
    return out


def _signed(x: float | None, lang: str, fixed: bool = False) -> str:
    """A count with its sign and at most one decimal ("+5", "-1,5"); with ``fixed``, always one ("+5.0"): a
    figure and its interval's ends written alike."""
    if x is None:
        return "-"
    return ("+" if x > 0 else "") + decimal(x, lang, places=1, fixed=fixed)


def held_by_all(row: Mapping[str, Any]) -> bool:
    """Whether every seat of every game was dealt this card (Royale's imposters): no seat without it, so its
    row would say nothing about it."""
    why = row.get("not_judged")
    return (why.get("why") == "all") if isinstance(why, dict) else (row.get("dealt_share") or 0) >= 1 and \
        row.get("difference") is None


def not_judged_words(row: dict[str, Any], lang: str) -> str:
    """Why a card row was not judged, with its figures (``cards.CardTally.not_judged``): every seat held it, a
    seat position was (nearly) always on one side, or too few seats on one side. A row from before the reason
    was kept says only "not judged", unless every seat held it."""
    from cardgen.languages import decimal

    why = row.get("not_judged")
    if not isinstance(why, dict):
        return say("not_judged_all" if (row.get("dealt_share") or 0) >= 1 else "not_judged", lang)
    return say(f"not_judged_{why['why']}", lang,
               **{k: decimal(v, lang, places=0) for k, v in why.items() if k != "why"})


# -- cardgen compare -----------------------------------------------------------------


def is_share(name: str) -> bool:
    """Whether a metric's values are shares of games (printed as percentages): ``verdict.is_share``."""
    from cardgen.simulate.verdict import is_share as share
    return share(name)


def format_value(name: str, x: float | None, signed: bool = False) -> str:
    """A metric's value as a designer reads it: shares in %, counts with one decimal."""
    if x is None:
        return "-"
    if is_share(name) or name.startswith("skill:"):
        return percent(x, "en", signed)
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def format_difference(d: dict[str, Any]) -> str:
    """One line of what a variant changes, as ``inspect`` prints it (ids: a designer's tool, not a report)."""
    return f"{d['kind']} {d['field']}: {d['old']} -> {d['new']}"


def difference_line(d: Mapping[str, Any], lang: str = "en", naming: Naming | None = None) -> str:
    """One line of what a variant changes (``resolve.differences``), in ``lang`` and in the game's words: a
    rule by its name, a component by its name, a clarification by the rule gap it settles, never an id."""
    naming = naming or Naming()
    kind, key = d["kind"], str(d["field"])
    if kind == "rule":
        what = naming.rule(key, lang)
    elif kind in ("count", "added", "removed", "changed"):
        what = naming.names.get(key) or key.replace("_", " ").replace("-", " ")
    elif kind == "clarification":
        what = tally_words("gap", key, lang, naming)
    elif kind in ("players", "card"):
        what = word("diff_fields", lang).get(key) or key.replace("_", " ")
    else:
        what = ""
    line = f"diff_{kind}" if f"diff_{kind}" in LINES[lang] else "diff_other"
    old, new = (naming.value(v, lang) if kind != "house_rule" or v is None else str(v)  # a file's path, as written
                for v in (d.get("old"), d.get("new")))
    text = (d.get("text") or {}).get(lang) or ""  # a house rule's own words in the language, not only its file
    if kind == "house_rule" and text:
        import re
        # the rule alone, its file on a line of its own (``rule_files``): the path inside the sentence stating the
        # rule was for the programmer, and broke mid-name on a phone (twenty-third reading en25, it26)
        text = re.sub(r"\s+\.$", ".", re.sub(word("book_reference", lang), "", text).strip())  # "(see “The toast”)"
        # a rule's own words are a sentence and keep its full stop, one sentence or several (twenty-sixth reading
        # en16, fr31, it21; twenty-seventh en18, fr18, it22: Gentle Overeating's one sentence had none)
        said = typeset(text[:1].lower() + text[1:], lang)  # after "what the variant changes:", in every language
    else:
        said = say(line, lang, what=what, old=old, new=new, text=text)
    why = (d.get("why") or {}).get(lang)  # the variant's reason for it, after the change (fifteenth reading fr19)
    return say("diff_why", lang, change=said, why=why) if why else said


def house_files(diffs: Sequence[Mapping[str, Any]], lang: str = "en") -> list[str]:
    """The file of each house rule whose own words ``difference_line`` gives in ``lang`` (a house rule without
    words is named by its file in the list already)."""
    return [str(d["new"]) for d in diffs
            if d.get("kind") == "house_rule" and d.get("new") and (d.get("text") or {}).get(lang)]


def rule_files(diffs: Sequence[Mapping[str, Any]], lang: str = "en") -> list[str]:
    """``house_files`` one line each ("rule file (Python): variants/…/charity_toast.py"), said after the list of
    changes: a designer reads the rule, a programmer looks for its file; inside the sentence stating the rule, the
    path broke mid-name on a phone (twenty-third reading en25, it26)."""
    return [say("house_rule_file", lang, file=path) for path in house_files(diffs, lang)]


def _z(m: dict[str, Any]) -> float:
    """How many standard errors the difference is from 0 (infinite when every pair moved alike)."""
    half = (m["high"] - m["low"]) / 2 if m.get("high") is not None else 0
    return abs(m["difference"]) / half if half else float("inf")


def _row(m: dict[str, Any], width: int, lang: str = "en", words: Mapping[str, Any] | None = None) -> str:
    """One figure of the grouped table: base -> variant (one decimal, ``verdict.PLACES``), difference [95 %
    interval], marks; in ``lang``."""
    from cardgen.simulate.verdict import WORDS, label, number, shown as shown_of, written

    name = m["metric"]
    sh = is_share(name)

    def f(x: float | None, signed: bool = False) -> str:  # one decimal always: "46.0 → 32.6", never "46 → 32.6"
        return "-" if x is None else number(x, lang, sh, signed, fixed=True)

    def d(x: float | None) -> str:  # a change of a share: percentage points, said once in the table's heading
        return points(x, lang, True, False) if sh else f(x, True)

    marks = (" *" if m["significant"] else "") + (f"  ({WORDS[lang]['follows']})" if m.get("follows_from_change")
                                                  else "")
    shown, low, high = shown_of(m)  # the value and interval the sentence above says too (en50)
    ends = ("-", "-") if low is None or high is None else marked_ends(low, high, lang, sh, indicator_places(m))
    # one decimal on every row (round 44 fr37; round 45 en60*, fr33, it39), the difference worked out before
    # rounding, as the note under the tables says
    base, variant = ((written(m["base"], lang, sh), written(m["variant"], lang, sh))
                     if m["base"] is not None and m["variant"] is not None else (f(m["base"]), f(m["variant"])))
    change = d(shown)
    # where the interval keeps two decimals, its row keeps them too: "1.37 → 0.99 −0.38 [−0.77 to +0.01]" (en51*)
    base, variant, change = fine_cells(m, ends, lang, sh) or (base, variant, change)
    return (f"    {label(name, lang, words, short=True):<{width}} {base:>7} {say('arrow', lang)} {variant:>7}  "
            f"{change} {interval(*ends, lang)}{marks}")


def look_ordinal(look: int, lang: str) -> str:
    """The look a comparison stopped at as the language counts it ("the first check", « au premier contrôle »),
    never "check 1", read as a calque (nineteenth reading fr25, eighteenth it38); past the words kept, the digits
    with the language's ordinal mark."""
    words = word("ordinals", lang)  # {"1": "first", ...}: a table of words, one per look the design can stop at
    if str(look) in words:
        return words[str(look)]
    if lang == "en":
        return f"{look}{'th' if 10 <= look % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(look % 10, 'th')}"
    return f"{look}{'e' if lang == 'fr' else 'º'}"


def stop_lines(doc: dict[str, Any], lang: str) -> list[str]:
    """One line per player count that stopped at a look before ``--games``: how many pairs it took, and why."""
    lines = []
    for r in doc["results"]:
        stop = r.get("stop") or {}
        if stop.get("early"):
            lines.append(say("stopped_early", lang, players=say_n("players", r["players"], lang), pairs=stop["pairs"],
                             most=stop["most"], look=look_ordinal(stop["look"], lang), looks=stop["looks"]))
    return lines


def folded_stop(results: Sequence[dict[str, Any]], lang: str) -> list[str]:
    """The one line of several player counts that stopped early: where all stopped at the same look after as many
    pairs, "2, 3 and 4 players: stopped after 100 of 1000 pairs…"; where two or more stopped at different looks,
    why once and then where each stopped, the counts that stopped alike together ("… at 3 and 5 players, after 300
    pairs (the third check); at 4 and 6 players, after 200 pairs (the second check)"): the same 45-word sentence
    printed once per count with only two numbers changed filled a phone's screen (twenty-third reading fr26).
    Nothing when fewer than two counts stopped early (a count then says its own, before its findings)."""
    from cardgen.text import join_and

    def counted(counts: Sequence[int]) -> str:  # "3 and 5 players"
        return join_and([*counts[:-1], say_n("players", counts[-1], lang)], lang)

    stops = [r.get("stop") or {} for r in results]
    keys = {(s.get("pairs"), s.get("most"), s.get("look"), s.get("looks")) for s in stops}
    if len(results) >= 2 and len(keys) == 1 and all(s.get("early") for s in stops):
        s = stops[0]
        return [say("stopped_early", lang, players=counted([r["players"] for r in results]), pairs=s["pairs"],
                    most=s["most"], look=look_ordinal(s["look"], lang), looks=s["looks"])]
    early = [(r["players"], s) for r, s in zip(results, stops) if s.get("early")]
    if len(early) < 2 or len({(s.get("most"), s.get("looks")) for _, s in early}) != 1:
        return []
    groups: dict[tuple[Any, Any], list[int]] = {}  # (pairs, look) -> the counts stopped there, in count order
    for players, s in early:
        groups.setdefault((s["pairs"], s["look"]), []).append(players)
    where = joined([say("stopped_early_at", lang, players=counted(counts), pairs=pairs,
                           look=look_ordinal(look, lang)) for (pairs, look), counts in groups.items()], lang)
    s = early[0][1]
    line = say("stopped_early_mixed", lang, most=s["most"], looks=s["looks"], stops=where)
    return [typeset(line[:1].upper() + line[1:], lang)]


def unnamed_changes(r: Mapping[str, Any], lang: str, naming: Naming, listed: bool = True) -> list[str]:
    """The changes beyond chance of one player count that its sentences do not name (``verdict.named_metrics``),
    by their names in ``lang``: the length the game's players do not count (King Lui's turns, Royale's complete
    rounds), said to follow from the length where the counted one is named; the engine counts where ``listed``
    is False (a page, whose summary has no "Other counts" line). "nothing else was detected" beside a table
    whose complete rounds changed beyond chance at every count was false (fourteenth reading en17, it14)."""
    from cardgen.simulate.verdict import QUOTED, WORDS, group, label, named_metrics, tally_name

    named = named_metrics(dict(r))
    out = []
    for m in r.get("metrics") or []:
        if not m.get("significant") or m.get("difference") is None or m["metric"] in named:
            continue
        if group(m["metric"]) == "internal" and listed:
            continue
        name = QUOTED[lang].format((m["metric"].startswith("peak:") and tally_name(m["metric"], lang, naming.words))
                                   or label(m["metric"], lang, naming.words))  # a table row's name, quoted (en3)
        if group(m["metric"]) == "length" and named & {"turns", "rounds"}:
            name = WORDS[lang]["caution_follows"].format(name=name)
        out.append(name)
    return out


#: rule cases met only when the final scores are counted (a tie for the win left after the tie-break): a scoring
#: rule moves them in games played move for move alike, so they say nothing of the play (round 45 it41*: Gentle
#: Overeating's ties after the tie-break, 1 → 3 in 100 pairs, hid that its games were the base game's)
FINAL_CASES = frozenset({"gap:tie_after_tiebreak", "gap:tie_for_win"})


def same_play(r: Mapping[str, Any]) -> bool:
    """Whether the paired games of one player count were played alike in base and variant: every count of play
    (length, how games end, rule cases, peaks) the same in every pair (each difference 0 with an interval of no
    width), while some other figure moved. Then the simulated players made the same moves under both rules:
    their rules of thumb ignore the variant's rule, and the figures show what the rule does to the same games
    (fourteenth reading en18, King Lui's Gentle Overeating). Decided from the figures, for any game."""
    from cardgen.simulate.verdict import group

    def still(m: Mapping[str, Any]) -> bool:
        return all(m.get(k) is not None and abs(m[k]) < 1e-12 for k in ("difference", "low", "high"))

    metrics = r.get("metrics") or []
    play = [m for m in metrics if group(m["metric"]) in ("length", "internal") and m["metric"] not in FINAL_CASES]
    return bool(play) and all(map(still, play)) and any(
        m.get("difference") not in (None, 0) for m in metrics if m not in play)


def same_play_lines(results: Sequence[Mapping[str, Any]], lang: str, naming: Naming | None = None) -> list[str]:
    """``same_play``'s sentence, once for the comparison: plain where every player count played alike, headed
    by the counts that did where only some did; nothing where none did. A game's own words name its moves (King
    Lui's dishes taken, cards drawn, Emerald used: nobody plays a card there, terminal round 46 it17)."""
    from cardgen.simulate.verdict import WORDS
    from cardgen.text import join_and

    alike = [r for r in results if same_play(r)]
    if not alike:
        return []
    text = own_say("same_play", lang, naming)
    if len(alike) == len(results):
        return [text]
    return [typeset(WORDS[lang]["players"].format(p=join_and([r["players"] for r in alike], lang))
                    + lowered(text, lang), lang)]


def stopped_caution(results: Sequence[dict[str, Any]], lang: str, naming: Naming | None = None,
                    listed: bool = True) -> list[str]:
    """The one closing sentence of the player counts that stopped at a look and named all they found ("3, 4 and
    5 players: apart from the changes named above, nothing else was detected in these 100 pairs; … add
    --fixed."): said once for the comparison, where each count said it word for word (tenth reading it39, fr36).
    The changes beyond chance the sentences leave out are named in it (``unnamed_changes``; ``listed``: the
    engine counts are on an "Other counts" line above). Nothing when no count stopped so."""
    from cardgen.simulate.verdict import WORDS, stopped_quiet
    from cardgen.text import join_and

    quiet = [r for r in results if stopped_quiet(r)]
    if not quiet:
        return []
    pairs = {r["stop"]["pairs"] for r in quiet}
    names = list(dict.fromkeys(n for r in quiet for n in unnamed_changes(r, lang, naming or Naming(), listed)))
    # the changes left out, their table rows by name, in a sentence of their own before "nothing else": glued into
    # "apart from … and the changes the tables show in complete rounds, games where …, nothing else" they could not
    # be parsed, and the terminal has no tables (fifteenth reading en3, en20, fr18, it24)
    changes = WORDS[lang]["caution_changes_one" if len(names) == 1 else "caution_changes"].format(
        names=and_list(names, lang))
    where = WORDS[lang]["caution_where" if listed else "caution_where_page"]
    template = WORDS[lang][("stopped_caution" if len(pairs) == 1 else "stopped_caution_mixed") + ("_also" if names else "")]
    text = template.format(**counts_grouped(template, {"pairs": next(iter(pairs)), "most": quiet[0]["stop"]["most"],
                                                       "also": "", "where": where, "changes": changes}, lang))
    if len(results) < 2:
        return [typeset(text, lang)]
    players = WORDS[lang]["players"].format(p=join_and([r["players"] for r in quiet], lang))  # "3, 4 and 5 players: "
    return [typeset(players + lowered(text, lang), lang)]


def games_played(doc: dict[str, Any], lang: str) -> str:
    """The pairs of games each player count played, in words (the lines below count pairs): ``--games`` where every
    count played them all ("1,000 pairs of games"); where one stopped at a look, the pairs played, one figure or
    the range, and the plan beside them ("100 pairs of games (1,000 planned)"). "at most 1,000 pairs" counted
    pairs no count had played (issue #53, en3, fr34)."""

    most = doc["games"]
    played = [int(r["games"]) for r in doc.get("results") or [] if isinstance(r.get("games"), int)]
    stopped = any((r.get("stop") or {}).get("early") for r in doc.get("results") or [])
    if not stopped or not played:
        return say_n("pairs", most, lang)
    low, high = min(played), max(played)
    if low == high:
        games = say_n("pairs", low, lang)
    else:  # "100–300 pairs", « 100 à 300 paires » (nineteenth reading fr40): a range is plural in every language
        games = say("pairs", lang, n=say("count_range", lang, low=low, high=high))
    return say("pairs_planned", lang, games=games, most=most)


def format_comparison(doc: dict[str, Any], naming: Naming | None = None, tables: bool = True) -> str:
    """In the language of the comparison (``doc["lang"]``, compare's ``--lang``): the verdict first (strongest
    significant change), what "significant" means, then per player count the figures grouped for designers;
    engine tallies last, folded into one line. ``naming``: the base deck's names. Without ``tables`` (compare's
    terminal), one screen: the verdict and each count's other counts, the components and cards to act on, and
    a line saying the tables and the statistics are in the report (three player counts' tables made 110 rows)."""
    from cardgen.simulate.verdict import (GROUPS, WORDS, agents_words, footnote, group, label, named_metrics,
                                          significance_line, wide_intervals)

    lang = doc.get("lang", "en")
    words = WORDS[lang]
    results = doc["results"]
    naming = naming or Naming((results[0].get("game_words") or {}) if results else {})

    def titled(deck: str, title: str) -> str:  # « Le Roi Lui (king_lui) »: the reader's name first, its id after (fr31)
        return say("deck_titled", lang, deck=deck, title=title) if title and title != deck else deck

    lines: list[str] = [say("compare_head", lang, base=titled(doc["base"], naming.title),
                            variant=titled(doc["variant"], doc.get("name") or ""),
                            games=games_played(doc, lang), agents=agents_words(doc["agents"], lang))]
    diffs = doc.get("differences") or []  # what is compared and what the variant changes come first
    if doc.get("description"):  # every variant's one-line introduction, a house rule's too (sixth reader, t12)
        lines.append(f"  {first_sentence(doc['description'])}")
    shown = [difference_line(d, lang, naming) for d in diffs[:6]] + ([say("changes_more", lang, n=len(diffs) - 6)]
                                                          if len(diffs) > 6 else [])
    shown = [item_case(item, naming) for item in shown]  # every item of the list, not only the first (tenth reading)
    lines.append(say("changes", lang, items=joined(shown, lang) if diffs else say("changes_none", lang)))
    lines += [f"  {line}" for line in rule_files(diffs, lang)]
    lines += same_play_lines(results, lang, naming)  # before the figures: what they can show (en18)
    folded = folded_stop(results, lang)  # every count stopped alike: said once, not once per count
    lines += folded
    kinds_said = False  # what the other counts are, said on the first count's line (``internal_line``)
    rounding_said = False  # the note on rounding, said under the first figure that needs it (en23*)
    gone_at: tuple[frozenset[str], int] | None = None  # the counts the rule does away with, first said at (en39)
    first_counts: tuple[list[str], int] | None = None  # the first count's other counts, and that count
    prior: tuple[list[str], int] | None = None  # the last count's, likewise
    for r in results:  # a player count stopped at a look says so first: its sentences are what 50 pairs showed
        prefix = words["players"].format(p=r["players"]) if len(results) > 1 else ""
        lines += [] if folded else stop_lines({"results": [r]}, lang)
        # one paragraph per player count, its prefix once: "2 players:" opening three or four lines in a row read as
        # a list of separate findings (twenty-first reading en38)
        said = list(r["verdict"])
        lines += ([prefix + " ".join([lowered(said[0], lang), *said[1:]])] if prefix and said else said)
        # the note on rounding under the first paragraph whose length change is said beside its two rounded values
        # ("9.2 turns shorter, from 27.2 to 17.9"): at the screen's end, 54 lines below, it came too late (terminal
        # round 46 en23*, en52); once a screen
        if not tables and not rounding_said and said and any(
                m.get("significant") and group(m["metric"]) == "length" for m in r["metrics"]):
            lines.append("  " + say("compare_rounding", lang))
            rounding_said = True
        internal = [m for m in r["metrics"] if m.get("group") == "internal"]
        gone = gone_counts(internal, lang, named_metrics(r))
        again = gone_at[1] if gone and gone_at is not None and gone_at[0] == gone and gone_at[1] != 1 else None
        mine = [m["metric"] for m in internal if m["metric"] not in named_metrics(r)]
        # the count before added the same counts to the first's: "as at 4 players", never its parenthesis word for
        # word again (round 45 it16)
        same = prior[1] if prior is not None and set(prior[0]) == set(mine) and first_counts is not None \
            and set(first_counts[0]) != set(mine) and set(mine) - set(first_counts[0]) else None
        counts = (internal_line(internal, lang, naming, named_metrics(r), kinds=not kinds_said, again=again,
                                before=first_counts, same=same) if internal else "")
        if counts and first_counts is None:  # the counts a later line's added ones are told from (en17, fr21)
            first_counts = (mine, r["players"])
        prior = (mine, r["players"]) if counts else prior
        gone_at = gone_at or ((gone, r["players"]) if gone else None)
        kinds_said = kinds_said or bool(counts)
        if not tables and counts:  # the counts the closing sentence names as its exception, under it
            lines.append("  " + counts)
    lines += stopped_caution(results, lang, naming, listed=not tables)  # once for every count that stopped
    if not tables:  # the components, cards and a house rule's options a designer acts on stay; the tables are the report's
        parts: dict[str, list[str]] = {"components": [], "cards": [], "flagged": [], "options": [], "balance": []}
        quiet: list[str] = []  # the counts whose seats neither game flags on these pairs
        quiet_pairs: list[int] = []  # and the pairs each was played on
        parts["components"] += shortage_table(results, lang, naming)
        for r in results:  # no table heads them here: each block says its player count (tenth reading)
            prefix = words["players"].format(p=r["players"]) if len(results) > 1 else ""
            # a shortage both decks show: once for every count, in ``shortage_table`` (twentieth reading en46, fr39)
            parts["components"] += _headed(_components(r, lang, naming, {doc["base"]: naming.title,
                                                                         doc["variant"]: doc.get("name") or ""},
                                                       pairs=False), prefix, lang)
            flagged = _headed(_cards({"games": doc.get("games"), "base_deck": doc["base"], **r}, lang, naming),
                              prefix, lang)
            parts["cards"] += flagged
            parts["flagged"] += flagged
            parts["cards"] += _headed(_held_cards(r, lang, naming), prefix, lang)
            seats = compare_balance_parts(r, lang, doc["base"])
            parts["balance"] += balance_block(seats, prefix)
            # under a count's judged seats, the card every player has and hardly plays, as validate and the compare
            # page say it there (terminal round 41 en40: Royale's imposter, 3.5% of base games, 2.5% with the variant)
            parts["balance"] += held_balance_lines(r, lang, naming, bool(prefix)) if seats else []
            quiet += [] if seats or r.get("players") == 1 else [str(r["players"])]
            quiet_pairs += [] if seats or r.get("players") == 1 else [int(r.get("games") or 0)]
            # each count's options under its count, as the page sets them: three blocks alike read as one
            # option said three times
            parts["options"] += [f"  {prefix}{line.strip()}" if prefix else line
                                 for line in option_lines(r["variant_result"].get("options") or [], lang, naming)]
        lines += notes_block(parts, lang)
        balance = parts["balance"]
        # under a heading of its own: indented under "nothing else was detected", a seat's imbalance read as a
        # contradiction of it (thirteenth reading fr12, fr23, it30); it is about both games, not the change
        # the counts with no seat flagged, said under the others': "checked … 4 players:" alone read as the short
        # game having no first-player lean at 2 and 3 players, where validate finds one (twenty-sixth reading fr16)
        # how many pairs, said first, as the reason these pairs cannot show the base game balanced (terminal round
        # 50 en10*: a 50-word sentence that left the cause unsaid)
        # counts that played different numbers of pairs: the range, as compare's heading says it ("over 200 to 300
        # pairs"); "200 and 300 pairs" read as one batch of each, or as 500 (terminal round 52 en13, fr7, it10)
        pairs_said = sorted(set(quiet_pairs))
        pairs_words = pairs_said[0] if len(pairs_said) == 1 else \
            say("count_range", lang, low=_num(pairs_said[0], lang), high=_num(pairs_said[-1], lang)) if pairs_said \
            else ""
        balance += ["  " + say("compare_balance_quiet", lang, counts=and_list(quiet, lang), pairs=pairs_words)
                    ] if balance and quiet else []
        # said in every comparison, with the words for nothing found where nothing is: a comparison without the
        # section left the designer unable to tell a balance checked and passed from one never checked (terminal
        # round 28 en20); with the same reason as the line above, the pairs played (terminal round 51 en9*, fr8*:
        # the every-count-quiet line kept the old shape, with no reason)
        none = ["  " + say("compare_balance_none", lang, pairs=pairs_words)] if quiet and not balance else []
        lines += [say("compare_balance_head", lang)] + (balance or none) if balance or quiet else []
        # the note on rounding where this screen prints a difference beside its two rounded values: a length that
        # changed, under its paragraph above (round 46 en23*: it stood at the screen's end), or else a seat's
        # paragraph, the balance block just above this line (round 45); the report's footnote says it for its tables
        rounded = bool(balance) or any(m.get("significant") and group(m["metric"]) == "length"
                                       for r in results for m in r["metrics"])
        lines.append(say("compare_in_report", lang) + (" " + say("compare_rounding", lang)
                                                       if rounded and not rounding_said else ""))
        return "\n".join(typeset(line, lang) for line in lines)
    lines.append(significance_line(len(results[0]["metrics"]) if results else 0, lang))
    lines += legend_lines(results, lang, naming)
    for i, r in enumerate(results):  # the legend once, above the first table; the next ones by their count alone
        lines.append(say("table_head_more" if i else "table_head", lang, players=say_n("players", r["players"], lang)))
        figures = [m for m in r["metrics"] if m.get("group", "internal") != "internal"]
        width = max([len(label(m["metric"], lang, naming.words, short=True)) for m in figures] + [10])
        for key in GROUPS[:-1]:
            rows = counted_first([m for m in figures if m.get("group") == key], naming.words)
            if rows:  # the seats' shares of wins too: each with its interval and mark, as every figure
                lines.append(f"  {words[key]}")
                lines += [_row(m, width, lang, naming.words) for m in rows]
        if wide_intervals(figures):  # ±40-50 points after an early stop: "no" is no proof (fr60, en58)
            lines.append("  " + say("wide_intervals", lang, pairs=r["games"]))
        lines += _components(r, lang, naming, {doc["base"]: naming.title, doc["variant"]: doc.get("name") or ""})
        lines += _cards({"games": doc.get("games"), "base_deck": doc["base"], **r}, lang, naming)
        lines += _held_cards(r, lang, naming)
        lines += _balance(r, lang, doc["base"])
        lines += option_lines(r["variant_result"].get("options") or [], lang, naming)
        internal = [m for m in r["metrics"] if m.get("group") == "internal"]
        counts = internal_line(internal, lang, naming, named_metrics(r)) if internal else ""
        if counts:  # none when every count is one the sentences above name
            lines.append("  " + counts)
    if results:
        lines.append(footnote(results, lang))
    if len(doc.get("looks") or ()) > 1:
        lines.append(say("looks_note", lang, looks=len(doc["looks"])))
    return "\n".join(typeset(line, lang) for line in lines)


def legend_lines(results: Sequence[dict[str, Any]], lang: str = "en", naming: Naming | None = None) -> list[str]:
    """The definitions of the figures the tables name short ("tension: the eventual winner's average deficit…"),
    once above the first table, in the order the tables show them: a row then fits a 100-column terminal, which
    the full names ("tension (the eventual…)", 90 characters) made wrap. Nothing when no figure needs one."""
    from cardgen.simulate.verdict import gloss, label

    naming = naming or Naming()
    shown = dict.fromkeys(m["metric"] for r in results for m in r["metrics"] if m.get("group", "internal") != "internal")
    items = [say("legend_item", lang, label=label(name, lang, naming.words, short=True), gloss=text)
             for name in shown if (text := gloss(name, lang, naming.words))]
    return [say("legend_head", lang), *items] if items else []


def gone_counts(internal: Sequence[dict[str, Any]], lang: str = "en", named: Collection[str] = ()) -> frozenset[str]:
    """The other counts (``internal_line``'s) that changed at one player count, where every one of them drops to zero
    because the variant's rule does away with what it counts; empty where any other changed or none did."""
    moved = [m for m in internal if m["metric"] not in named and m["significant"]]
    gone = all(m.get("follows_from_change") and m["base"] and _value(m, m["variant"], lang) == _value(m, 0.0, lang)
               for m in moved)
    return frozenset(m["metric"] for m in moved) if moved and gone else frozenset()


def internal_line(internal: Sequence[dict[str, Any]], lang: str = "en", naming: Naming | None = None,
                  named: Collection[str] = (), kinds: bool = False, again: int | None = None,
                  before: tuple[Collection[str], int] | None = None, same: int | None = None) -> str:
    """The engine tallies folded into one line: how many changed, each changed one by its name, base ->
    variant (a designer reads which tally moved without opening the report); "none changed" when none did.
    ``named``: the figures the verdict's sentences above already name (``verdict.named_metrics``): they are
    not "other" counts, so they are neither counted nor listed ("Other counts: 1 of 5 changed" counted the one
    the sentence above named: issue #53, fr38, it11; said twice: eleventh reading en36, fr41, it38); "" when
    every count is named above. Those that follow from the variant's rule say so in their own clause. ``kinds``:
    what the counts are, beside the label (the output's first such line): "1 of 6 changed" gave a denominator with
    no hint, and 7 at the next count, since a special case is counted only where it came up (terminal round 40
    en17, fr14). Counts that follow from the rule and drop to zero with it are said as gone, with their base game's
    value: "cards in the draw pile once rebuilt: 55.9 → 0.0" reported as a change a count the variant does away
    with (en19, fr15). ``before``: the other counts of the first player count that had a line, and that count:
    the counts this one adds are named ("none of the 7 changed" after "none of the 6" sent the reader looking for
    the 7th, a special case that came up only from 4 players on: terminal round 43 en17, fr21). ``same``: the player
    count before this one, where it added the same counts: "as at 4 players", not the added ones named again word
    for word (round 45 it16)."""
    from cardgen.simulate.verdict import QUOTED, WORDS, is_total, label, tally_name

    naming = naming or Naming()
    others = [m for m in internal if m["metric"] not in named]
    if not others:
        return ""
    moved = [m for m in others if m["significant"]]
    label_ = WORDS[lang]["internal"]
    label_ = say("internal_kinds", lang, label=label_) if kinds else label_

    def named_as(metric: str) -> str:  # a peak by the game's name of it; a share of games keeps its "games where"
        if metric.startswith("peak:"):  # a peak no game names: its id in words, its gloss once, after its figures
            return tally_name(metric, lang, naming.words) or metric.split(":", 1)[1].replace("_", " ")
        return label(metric, lang, naming.words)

    # said where this count's counts differ from the first's: "one more than at 3 players", or, where some of the
    # first's did not come up here, which ones in place of which ("1 of 6" beside the first count's "1 of 6" read as
    # the same six: terminal round 46 fr18); a sentence after the line's own, each count quoted where one stands in
    # place of another: a 30-word bracket between "1 of 6" and its verb lost the one useful sentence, and its
    # "instead of" read as a game fact (terminal round 47 it10*, fr15, en23); a count quoted in "One count more" as in
    # "in place of", and each such sentence closed by a full stop, as the sentence before it is (terminal round 49
    # en16, it11, it12, r48 fr8)
    metrics = {m["metric"] for m in others}
    new = [m["metric"] for m in others if before is not None and m["metric"] not in before[0]]
    gone_here = [metric for metric in before[0] if metric not in metrics] if before is not None else []
    added = (say("internal_same", lang, p=same) if same is not None else
             say("internal_added_one" if len(new) == 1 else "internal_added", lang, p=before[1], k=len(new),
                 names=and_list([QUOTED[lang].format(named_as(metric)) for metric in new], lang))
             if new and before and not gone_here else
             say("internal_instead", lang, p=before[1],
                 names=and_list([QUOTED[lang].format(named_as(metric)) for metric in new], lang),
                 instead=and_list([QUOTED[lang].format(named_as(metric)) for metric in gone_here], lang))
             if new and before else "")
    if not moved:
        return say_n("internal_none", len(others), lang, label=label_, added=added)
    follows = sum(bool(m.get("follows_from_change")) for m in moved)
    gone = all(m.get("follows_from_change") and m["base"] and _value(m, m["variant"], lang) == _value(m, 0.0, lang)
               for m in moved)  # every moved count one the variant's rule does away with

    items = [say(("internal_total" if is_total(m["metric"], naming.words) else "internal_peak")
                 if m["metric"].startswith("peak:") else "internal_item", lang,
                 name=named_as(m["metric"]), b=_value(m, m["base"], lang), v=_value(m, m["variant"], lang))
             if not gone else
             say(("internal_gone_total" if is_total(m["metric"], naming.words) else "internal_gone_peak")
                 if m["metric"].startswith("peak:") else "internal_gone_item", lang,
                 name=named_as(m["metric"]), b=_value(m, m["base"], lang))
             for m in moved]
    tail = (say("internal_gone_it" if len(moved) == 1 else "internal_gone_both" if len(moved) == 2
                else "internal_gone_all", lang) if gone else "" if not follows else
            # two: "both", never "all" (« toutes deux », « entrambe »: twenty-fifth reading fr21, it23)
            say(("internal_follows_it" if len(moved) == 1 else "internal_follows_both" if len(moved) == 2
                 else "internal_follows_all") if follows == len(moved)
                else "internal_follows_one" if follows == 1 else "internal_follows", lang, f=follows))
    if gone and again is not None:  # the same counts gone as at an earlier player count: said short, with this
        # count's base values; four lines said again word for word at every count (terminal round 41 en39)
        # each value by the game's short name of its count ("uneven piles in 62.0% of games"): two bare figures,
        # "(62.0% and 42.4 in the base game)", sent the reader back ten lines for what each one counts, and the
        # counts' full names are a line long each (terminal round 46 fr22, it21); a game without a short name for
        # every count keeps the figures alone
        short = (((naming.words.get("tallies_short") or {}).get(lang)) or {})
        named_ = all(m["metric"] in short for m in moved)
        values = and_list([short[m["metric"]].format(v=_value(m, m["base"], lang)) if named_ else
                           _value(m, m["base"], lang) for m in moved], lang)
        base = say("internal_gone_base_named" if named_ else "internal_gone_base", lang, values=values)
        return say("internal_gone_again_one" if len(moved) == 1 else "internal_gone_again", lang, label=label_,
                   n=len(others), m=len(moved), p=again, base=base)
    key = "internal_line_one" if is_singular(len(moved), lang) else "internal_line"  # "1 modifié", "2 modifiés"
    # one of the measures as the language counts it (French « une sur 6 », a feminine "mesure": terminal round 46
    # fr15, where « 1 sur 6 » read as a digit for the number and « une de plus » two lines later)
    one = key == "internal_line_one" and len(moved) == 1
    return say(key, lang, label=label_, n=len(others), m=say("internal_one_m", lang) if one else len(moved),
               names=joined(items, lang), follows=tail, added=added)


def _value(m: Mapping[str, Any], x: float | None, lang: str) -> str:
    """One value of a compared figure as its table row writes it (a share in %, a count with its one decimal
    even when it is 0: "17,2 → 13,0", never "17,2 → 13")."""
    from cardgen.simulate.verdict import number
    return "-" if x is None else number(x, lang, is_share(m["metric"]), fixed=True)


def first_sentence(text: str) -> str:
    """A deck's description up to its first full stop: its story, not the book's instructions to players that
    may follow ("Print this variant's card sheets…"), which read wrongly in a designer's comparison."""
    import re
    return re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý])", text.strip(), maxsplit=1)[0]


def lowered(sentence: str, lang: str) -> str:
    """A sentence after a colon, in lower case as the other lines after "3 players:" are (``3 joueurs : le
    score…``, ``3 players: winning scores fall…``); ``lang`` kept for a language that would want its capital."""
    return sentence[:1].lower() + sentence[1:] if lang in ("fr", "it", "en") else sentence


def item_case(text: str, naming: Naming) -> str:
    """A list after a colon in running text starts in lower case in every language ("what the variant changes:
    portions Emerald takes…", not "Portions"), unless it starts with a name (a component's, as printed, whole:
    "Gold coins each player starts with" is no "Gold coin" and reads "gold coins each player starts with")."""
    named = any(text.startswith(n) and not text[len(n):len(n) + 1].isalpha() for n in naming.names.values() if n)
    return text if named or text[1:2].isupper() else text[:1].lower() + text[1:]


def counted_first(rows: list[dict[str, Any]], words: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The length figures with the one the game's players count first (``verdict.counted_length``: King Lui's
    rounds before its turns); other figures keep their order."""
    from cardgen.simulate.verdict import counted_length
    counted = counted_length(words)
    return sorted(rows, key=lambda m: m["metric"] != counted) if counted else rows


def notes_block(parts: Mapping[str, list[str]], lang: str) -> list[str]:
    """compare's notes on the terminal under headings of their own: the components' notes (both games' figures,
    base → variant) under "Notes on both games", every count's; the cards' notes, each headed by its count, under
    the page's heading for them ("Cards too strong or too weak"); a house rule's options (the variant's alone)
    under theirs. Printed each count's components, cards and options in turn, the notes hung with no heading under
    the closing "nothing else was detected", and a 3-player card note sat between the 3- and 4-player component
    notes (nineteenth reading, it54); a card note of the variant's games at 3 players, under "warnings valid for
    both games", said the opposite of its heading (twenty-second reading it40). Where no card is flagged
    (``parts["flagged"]`` empty) and the notes are of cards not flagged although their gap is wide, the heading
    says none is too strong or too weak: "Cards too strong or too weak:" above one card said "not flagged" read as
    a card found too strong (twenty-third reading en33)."""
    notes, cards = list(parts.get("components") or []), list(parts.get("cards") or [])
    options = list(parts.get("options") or [])
    head = "compare_cards_head" if parts.get("flagged") else "compare_cards_head_none"
    return (([say("compare_notes_head", lang)] + notes if notes else [])
            + ([say(head, lang)] + cards if cards else [])
            + ([say("compare_options_head", lang)] + options if options else []))


def _headed(block: list[str], prefix: str, lang: str) -> list[str]:
    """A block whose first line is its heading ("  Components in the box"), headed by its player count
    (``prefix``, "3 players: ") where no table's own heading says it: "  3 players: components in the box"."""
    if not block or not prefix:
        return block
    return [f"  {prefix}{lowered(block[0].strip(), lang)}"] + block[1:]


def _balance(r: Mapping[str, Any], lang: str, base_deck: str) -> list[str]:
    """compare's balance block under its heading (``compare_balance``), nothing where no seat is flagged."""
    from cardgen.simulate.verdict import WORDS

    # under their heading: no "balance:" of their own; each part on a line of its own, as the one screen sets them
    # (a command is never followed by the next sentence on its line)
    lines = balance_block(compare_balance_parts(r, lang, base_deck), "")
    return [f"  {WORDS[lang]['balance']}"] + ["  " + line for line in lines] if lines else []


def held_balance_lines(r: Mapping[str, Any], lang: str, naming: Naming, headed: bool = False) -> list[str]:
    """compare's caveat under one count's balance paragraphs: a card every player has (Royale's imposter) that the
    simulated players hardly ever play, with each side's share of a player's games in which they played it, so the
    balance figures describe games played almost without it (terminal round 41 en40: validate and the compare page
    said it, the terminal's compare did not). Nothing where either side lacks the share."""
    from cardgen.simulate.cards import hardly_played
    from cardgen.simulate.verdict import alike

    out = []
    for row in r.get("component_impact") or []:
        base = row.get("base") or {}
        shares = (base.get("played_share"), row.get("played_share"))
        if not (held_by_all(row) and (hardly_played(row) or hardly_played(base))
                and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in shares)):
            continue
        said = alike(shares, lang, True)  # "1.0% … 0.3%", never "1% … 0.3%" side by side (terminal round 44 en32)
        out.append(("    " if headed else "  ") + own_say("compare_held_balance", lang, naming,  # round 46 it5
                                                           card=naming.names.get(row["component"], row["component"]),
                                                           base=said[0], variant=said[1]))
    return out


def balance_block(seats: Sequence[Sequence[str]], prefix: str) -> list[str]:
    """compare's balance paragraphs of one player count as the terminal prints them: the count (``prefix``, "4
    players: ") once, as a heading, each seat's paragraph under it, its verdict on the first line and each of its
    other parts (figures, command) on a line of its own below it. Two items both headed "4 players:", nine lines
    each with six colons and semicolons, read as two counts and a wall of figures (twenty-second reading fr26)."""
    if not seats:
        return []
    head = ["  " + prefix.rstrip()] if prefix else []
    indent = "    " if prefix else "  "
    out = list(head)
    for parts in seats:
        first, *rest = parts
        out += [indent + first[:1].upper() + first[1:]] + [indent + "  " + part for part in rest]
    return out


def variant_imbalance(r: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The seats the variant's own games flag (``balance.flags``), each with whose imbalance it is: ``base_same``
    (the base game's games, the same shuffles, flag that seat on the same side), ``moved`` (that seat's share of
    wins changed beyond chance between the paired games: ``seat_<k>_win_rate``'s ``significant`` in compare's
    Holm family; None where no such figure was computed) and ``owner``: "variant" only when the base game does
    not show it and the change is established, else "base". A compare page blamed the variant, and sent
    ``cardgen fix`` to it, for an imbalance the base game has on the same shuffles (twelfth reading fr26, it52,
    it60): only these figures, which the run has, decide; no other statistic is made up."""
    metrics = {m["metric"]: m for m in r.get("metrics") or []}
    base = [(f.get("seat"), f["side"]) for f in ((r.get("base_result") or {}).get("balance") or {}).get("flags") or []]
    out = []
    for f in ((r.get("variant_result") or {}).get("balance") or {}).get("flags") or []:
        if "seat" not in f:
            continue
        m = metrics.get(f"seat_{f['seat']}_win_rate") or {}
        moved = m.get("significant") if m.get("difference") is not None else None
        same = (f["seat"], f["side"]) in base
        out.append({**f, "base_same": same, "moved": moved, "base_rate": m.get("base"),
                    "owner": "variant" if moved and not same else "base",
                    "leans": True if same else base_leans(r, f, m.get("base"))})
    return out


def base_leans(r: Mapping[str, Any], f: Mapping[str, Any], rate: float | None) -> bool | None:
    """Whether the base game's own rate for the seat of flag ``f`` (``rate``, on the same shuffles) already lies on
    the flag's side of the base game's fair share, as both print (one decimal): player 5 at 27.0 % against 20.6 %
    where the variant's games flag player 5 "more". None where either figure is missing. compare said "the variant
    seems to favour player 5; these pairs cannot tell whether the base game already does" beside the base game's
    own 27.0 %, blaming the variant for a lean its own figures showed in the base game (twenty-second reading
    en20, fr17, it33, it39)."""
    fair = ((r.get("base_result") or {}).get("balance") or {}).get("seat_fair_share")
    if rate is None or fair is None:
        return None
    base, share = round(100 * rate, 1), round(100 * fair, 1)
    return base > share if f["side"] == "more" else base < share


def more_pairs_command(r: Mapping[str, Any], base_deck: str) -> str:
    """The compare command that plays ``balance.MORE_GAMES`` times entry ``r``'s pairs of ``base_deck`` and its
    variant at its player count, every pair (``--fixed``): for an imbalance neither game tells from chance on
    the pairs played. A command in no language's words."""
    from cardgen.simulate.balance import MORE_GAMES

    variant = (r.get("variant_result") or {}).get("variant") or ""
    return (f"cardgen compare {base_deck} {variant} --players {r.get('players')} "
            f"--games {MORE_GAMES * int(r.get('games') or 0)} --fixed")


def _base_flag(r: Mapping[str, Any], f: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The base game's own flag for the seat and side of ``f`` (a seat ``variant_imbalance`` flags), with its
    interval and fair share; None where the base game does not flag it."""
    flags = ((r.get("base_result") or {}).get("balance") or {}).get("flags") or []
    own = next((b for b in flags if b.get("seat") == f.get("seat") and b.get("side") == f.get("side")
                and b.get("low") is not None and b.get("fair") is not None), None)
    return own if f.get("base_same") else None


def on_edge(own: Mapping[str, Any]) -> bool:
    """Whether a flag's interval end prints, with one decimal, on the fair share it leaves out ("fair share 26.0%,
    interval [26.0% to 49.5%]", Royale at 4 players, 0.04 points apart): its verdict holds only just."""
    return edge_places(own) > 1


def edge_places(own: Mapping[str, Any]) -> int:
    """The fewest decimal places at which a flag's near interval end and the fair share it leaves out print apart
    (one, as every share, unless ``on_edge``); four at most (closer than that: four)."""
    near = own["low"] if own.get("side") == "more" else own["high"]
    return next((p for p in (1, 2, 3) if round(100 * near, p) != round(100 * own["fair"], p)), 4)


def edge_shares(flags: Sequence[Mapping[str, Any]], fair: float, lang: str) -> tuple[str, list[str]]:
    """A fair share and the intervals said to leave it out (``flags``, each with its ``low``, ``high`` and the
    unrounded ``fair`` it was judged against), printed so that the numbers agree with the sentence: one decimal,
    as every share, unless an interval's near end would then print on the fair share (``edge_places``), when the
    fair share and every interval get the decimals that set them apart ("[26.04% to 49.52%]" beside "26.00%").
    "[26.0% to 49.5%] starts less than 0.1 percentage point above its fair share, 26.0%" asked the reader to
    believe that 26.0 is above 26.0 (twenty-first reading en32, en76, it37, fr29)."""
    places = max([edge_places(f) for f in flags] + [1])
    exact = flags[0]["fair"] if places > 1 and flags else fair  # the share judged against, not a rounded copy
    return (percent(exact, lang, fixed=True, places=places),
            [interval(percent(f["low"], lang, fixed=True, places=places),
                      percent(f["high"], lang, fixed=True, places=places), lang) for f in flags])


def widened(r: Mapping[str, Any], lang: str, again: bool = False) -> str:
    """Why a change's interval is wide (``+4.0 percentage points [−38.5 to +46.5]`` on a 4-point change read as an
    error: eighteenth reading en28): Holm's widening over the count's ``family`` of figures, and the early stop's
    (a look before the last is judged more strictly); "" where the result keeps no family. ``again``: the reason
    already said at this player count, "widened interval" alone (nineteenth reading fr43)."""
    n = r.get("family")
    if not n or n < 2:
        return ""
    if again:
        return say("change_widened_again", lang)
    early = bool((r.get("stop") or {}).get("early"))
    return say("change_widened_early" if early else "change_widened", lang, n=n)


def bound_note(m: Mapping[str, Any], end: float, which: str, lang: str) -> str:
    """Why a share's change interval ends where it does, where ``compare.bounded`` cut it: at ``floor`` the
    variant's share would be 0 %, at ``ceiling`` 100 % ("anything from −27.0 to +46.5" around +4.0 read as a
    misprint: terminal round 40 fr13, en18); "" for an end the normal approximation drew."""
    base = m.get("base")
    if base is None or not is_share(m.get("metric", "")):
        return ""
    limit = -base if which == "floor" else 1 - base
    if abs(end - limit) > 5e-7:
        return ""
    return say(f"compare_seat_{which}", lang, zero=_pct(0.0, lang), full=_pct(1.0, lang))


def seat_verdict(f: Mapping[str, Any], own: Mapping[str, Any] | None, lang: str, table: str = "") -> str:
    """What compare found for one seat the variant's games flag (``variant_imbalance``'s ``f``), first, in one short
    sentence: which game favours the seat (or works against it) and what these pairs cannot tell. The message came
    in the middle of an 11- to 19-line paragraph of intervals and fair shares (twenty-first reading en24, en33,
    fr22, fr29, it27, it38). The base game's first, by what its own games on the same shuffles show: it flags the
    seat ("on these pairs the base game already favours player 1"), or its share already lies on the same side of
    its fair share ("the base game leans the same way on these pairs", ``base_leans``); the variant "seems to
    favour" a seat only where the base game's share does not lean so: said beside the base game's own 27.0 %
    against 20.6 %, it blamed the variant for the base game's lean (twenty-second reading en20, fr17). Every "already"
    says where it is known from, these pairs: "player 5 already wins more in the base game" read as a fact about the
    game two lines above "on these pairs, a gap that may be chance"; where the base game only leans so, the news
    leads (the variant's share is beyond chance), then the base game's lean (twenty-third reading fr20, it23, en22).
    ``own``: the base game's own flag of the seat (``_base_flag``); where its interval leaves the fair share out only
    just (``on_edge``), the size of the lean is said first, in points, and the margin as the pairs' ("favours player
    1 by 11.0 percentage points, just enough for these pairs to rule out chance"): "only just beyond chance" about
    37.0 % against 26.0 % read as a small advantage, against validate's "clearly" (en26, it27, fr22). ``table``: where
    the change between the two games is (the page's "(see the table above)", ``compare_balance_parts``), said after
    the words on that change: the page's paragraph said "the gap is beyond chance" (to the fair share) a screen below
    the table's "may be chance" (the change), French calling both « écart » (terminal round 46 fr40*)."""
    edge = own is not None and on_edge(own)
    kind = (f"owned{'_moved' if f['moved'] else ''}{'_edge' if edge else ''}" if f["base_same"]
            else f"leans{'_moved' if f['moved'] else '_untested' if f['moved'] is None else ''}" if f.get("leans")
            else "variant" if f["owner"] == "variant"
            else "untested" if f["moved"] is None else "chance")
    who = say("seat", lang, k=f["seat"])
    gap = ""
    if edge and own is not None and f.get("base_rate") is not None:  # the true gap rounded, never that of the two
        points = half_up(abs(100 * (f["base_rate"] - own["fair"])), 1)  # rounded figures (terminal round 41 en38*)
        gap = say_n("pp_written", points, lang, x=decimal(points, lang, places=1, fixed=True))
    return say(f"compare_seat_{kind}", lang, who=who, verb=say(f"favour_{f['side']}", lang), gap=gap,
               inf=say(f"favour_inf_{f['side']}", lang), often=say(f"often_{f['side']}", lang)) \
        + (table if kind in POINTED else "")


#: the seat verdicts that end on the change between the two games (``seat_verdict``'s ``table`` follows them)
POINTED = frozenset({"leans", "leans_moved", "owned", "owned_edge"})


def seat_figures(r: Mapping[str, Any], f: Mapping[str, Any], lang: str, said: set[str]) -> str:
    """The figures behind ``seat_verdict``, in two sentences at most: the variant's rate, its widened interval and
    the fair share; then the base game's rate on the same shuffles (with its own interval and fair share where its
    own games flag the seat, ``edge_shares``' decimals where they are needed) and the change between the two games
    with its interval. What a count says once (``said``, filled here): why a seat's interval is widened and why the
    fair share is above 1/N (``seat``), the base game's own fair share and why it differs (``base_fair``), why a
    change's interval is wide (``change``); the next seat does not say it again (nineteenth reading fr43; twentieth
    en39, it28). Every figure the paragraph gave before is here; only the order and the sentences changed."""
    from cardgen.simulate.verdict import shown

    metrics = {m["metric"]: m for m in r.get("metrics") or []}
    who = say("seat", lang, k=f["seat"])
    n = f.get("compared") or r.get("players") or 0
    first = "seat" not in said
    out = [say("compare_seat_variant_rate", lang, who=who, rate=_pct(f["rate"], lang, fixed=True),
               interval=interval(_pct(f["low"], lang, fixed=True), _pct(f["high"], lang, fixed=True), lang),
               widened=say("compare_seat_widened", lang, n=n) if first else "", fair=_pct(f["fair"], lang, fixed=True),
               why=fair_why(f["fair"], n, lang) if first else "")]
    said.add("seat")
    own = _base_flag(r, f)
    base_share = ((r.get("base_result") or {}).get("balance") or {}).get("seat_fair_share")
    edge = ""
    if own is not None and on_edge(own):  # its figures at one decimal, as every share, without the interval:
        # "[26.04% to 49.49%] … 26.00%" beside "27.8%" read as a typing error (twenty-second reading fr26, en25, it36),
        # and "the lower end of its interval is only 0.04 points above" named an interval never printed (twenty-third
        # reading en27, fr22); ``seat_verdict`` says the lean's size and that the pairs only just rule out chance
        fair, ends = _pct(own["fair"], lang, fixed=True), [""]
    else:
        fair, ends = edge_shares([own], own["fair"], lang) if own is not None else (None, [""])
        # a lean the base game's own games do not tell from chance is said so once, in the verdict above
        # (``seat_verdict``'s "leans"); "on these pairs this gap may be chance" again beside its figure made three
        # "may be chance" in one paragraph (terminal round 41 en33*, it16*)
    if (fair is None and base_share is not None and "base_fair" not in said
            and _pct(base_share, lang, fixed=True) != _pct(f["fair"], lang, fixed=True)):
        fair = _pct(base_share, lang, fixed=True)  # said where it differs from the variant's (twentieth en39, it28)
    judged = own["fair"] if own is not None else base_share
    why = ("" if fair is None or judged is None or "base_fair" in said
           or _pct(judged, lang, fixed=True) == _pct(f["fair"], lang, fixed=True)
           else say("compare_seat_base_fewer" if judged < f["fair"] else "compare_seat_base_more", lang))
    m = metrics.get(f"seat_{f['seat']}_win_rate") or {}
    change = ""
    if m.get("difference") is not None:  # the change with the interval that says how sure it is (fr27): the
        d, low, high = shown(m)           # table row's (Holm's widened one, ``verdict.shown``), never another
        shown_d = round(d * 100, 1) + 0.0  # in a sentence, "percentage points" written out (never "pp")
        from cardgen.languages import grouped
        from cardgen.simulate.verdict import WIDE_INTERVAL
        written = say_n("pp_written", abs(shown_d), lang, x=decimal(shown_d, lang, shown_d != 0, 1, True))
        if low is not None and high is not None:
            # "+4.0 percentage points [−27.0 to +46.5]" read as a measurement where 100 pairs measure nothing: said
            # as the range chance leaves open (twenty-seventh reading en17, fr15). Its ends in percentage points,
            # never "points" in a game scored in points; the range in words in both forms, never a bracket below
            # a sentence of words; an end cut where the variant's share reaches 0 % or 100 % says so, since a
            # range lopsided around its change read as a misprint; the widening its own sentence, the third colon
            # and sixty words of one sentence (terminal round 40 en14*, en18, fr13, it18, it19)
            lo, hi = marked_ends(low, high, lang, share=True)
            lo += bound_note(m, low, "floor", lang)
            hi += bound_note(m, high, "ceiling", lang)
            wide = not m.get("significant") and (high - low) / 2 > WIDE_INTERVAL
            change = say("compare_seat_change_open" if wide else "compare_seat_change_range", lang, change=written,
                         pairs=grouped(r.get("games"), lang), low=lo, high=hi,
                         widened=widened(r, lang, "change" in said))
        else:
            change = say("compare_seat_change", lang, change=written)
    if f.get("base_rate") is not None:
        out.append(say("compare_seat_base_rate", lang, who=who, base=_pct(f["base_rate"], lang, fixed=True),
                       interval=f" {ends[0]}" if ends[0] else "", edge=edge,
                       fair=say("compare_seat_base_fair", lang, fair=fair, why=why) if fair else ""))
        out += [change] if change else []  # a sentence of its own: the base game's was eleven lines (fr26)
        said.update(["base_fair"] if fair else [])
        said.update(["change"] if change and m.get("difference") is not None and shown(m)[1] is not None else [])
    return " ".join(text[:1].upper() + text[1:] + "." for text in out)


def compare_balance(r: Mapping[str, Any], lang: str = "en", base_deck: str = "", page: bool = False) -> list[str]:
    """compare's balance paragraphs for one player count, the report page's and the tests' (one source with the
    terminal's, ``compare_balance_parts``): each seat's parts said as one paragraph."""
    return [" ".join(parts) for parts in compare_balance_parts(r, lang, base_deck, page)]


def compare_balance_parts(r: Mapping[str, Any], lang: str = "en", base_deck: str = "",
                          page: bool = False) -> list[list[str]]:
    """compare's balance paragraphs for one player count, each in its parts (the terminal sets each part on a line
    of its own: one paragraph of nine lines and six colons and semicolons read as a wall, twenty-second reading
    fr26): one paragraph for each seat the variant's games flag (``variant_imbalance``), its verdict first in one
    short sentence (``seat_verdict``), then its figures (``seat_figures``), then what to run; the seats the base
    game's own games show first, then those the base game leans the same way on (``base_leans``). The eleven- to
    nineteen-line paragraphs said every figure before the message (twenty-first reading en24, en33, fr22, fr29,
    it27, it38). ``cardgen fix`` at ``base_deck`` and the count, once, right after the seats the base game's own
    games show, and naming them: said after a seat the base game does not show, "this imbalance" pointed at
    nothing (it36, fr30); never for a base game nothing showed unbalanced (thirteenth reading fr24, it29). Where
    neither game tells it from chance, the commands that judge the base game on more games and play more pairs,
    once after the count's seats. Never "clearly" (twelfth reading fr26, it52, it60). ``page``: the report page's,
    whose table above has each seat's change row; a seat whose row is there points to it (``seat_verdict``'s
    ``table``), the terminal, with no such table, gives the change in the figures below (terminal round 46 fr40*)."""
    from cardgen.simulate.balance import MORE_GAMES  # the pairs it tells to play, and why (terminal round 40 en15)

    flagged = sorted(variant_imbalance(r), key=lambda f: (not f["base_same"], not f["leans"]))  # the base game's first
    fix = [f for f in flagged if f["base_same"]]
    out: list[list[str]] = []
    said: set[str] = set()  # what the count's first seats said once (``seat_figures``)
    for f in flagged:
        own = _base_flag(r, f)
        row = next((m for m in r.get("metrics") or [] if m.get("metric") == f"seat_{f['seat']}_win_rate"), {})
        table = say("compare_seat_table", lang) if page and row.get("difference") is not None else ""
        parts = [f"{seat_verdict(f, own, lang, table)}.", seat_figures(r, f, lang, said)]
        if fix and f is fix[-1]:  # the base game's cure after its seats, naming them (it36, fr30)
            seats = and_list([say("seat", lang, k=s["seat"]) for s in fix], lang)
            parts.append(fix_pointer(say("fix_what_base", lang, who=seats),
                                     f"cardgen fix {base_deck} --players {r.get('players')}", lang, capital=True))
        out.append(parts)
    rest = [f for f in flagged if not f["base_same"] and f["owner"] != "variant"]
    more = more_pairs_command(r, base_deck)
    if rest and not fix and any(f["moved"] is False for f in rest):  # neither game tells it from chance
        # each command last in a part of its own: "…: cardgen validate king_lui --players 5 ; pour mesurer…" put a
        # semicolon right after a command a designer copies (twenty-third reading fr21)
        out[-1] += [say("compare_seat_validate", lang, validate=f"cardgen validate {base_deck} --players {r.get('players')}"),
                    say("compare_seat_measure", lang, command=more, times=MORE_GAMES)]
    elif any(f["moved"] is None for f in rest):  # the change was not tested: more pairs test it
        out[-1].append(say("compare_seat_more_pairs", lang, command=more))
    agents = [f for f in ((r.get("variant_result") or {}).get("balance") or {}).get("flags") or [] if "seat" not in f]
    return out + ([[line] for line in balance_lines({"flags": agents}, lang)] if agents else [])


def _components(r: dict[str, Any], lang: str = "en", naming: Naming | None = None,
                titles: Mapping[str, str] | None = None, pairs: bool = True) -> list[str]:
    """Components in the box, per deck: which piece and how many more, or that the box holds enough; each deck by
    its title with its id (``titles``: id -> title in ``lang``), as the comparison's first line names them.
    ``pairs``: with the shortages both decks show (``shortfall_pair``); without, only a deck's own (the
    terminal's notes say the shared ones in ``shortage_table``, one row per player count)."""
    out = []
    paired = {f["peak"]: f for f in r["base_result"].get("sufficiency", [])}
    paired = {peak: (paired[peak], f) for f in r["variant_result"].get("sufficiency", []) if (peak := f["peak"]) in paired}
    out += ["    " + shortfall_pair(base, variant, r, lang, naming) for base, variant in paired.values()] if pairs else []
    for side in ("base_result", "variant_result"):
        deck = r[side]["variant"]
        title = (titles or {}).get(deck)
        shown = say("deck_titled", lang, deck=deck, title=title) if title and title != deck else deck
        for f in r[side].get("sufficiency", []):
            if f["peak"] not in paired:  # one side alone short: its own warning, named by its deck
                out.append("    " + say("deck_warning", lang, deck=shown, line=shortfall_line(f, lang, naming, headed=True)))
    if not out:
        return []
    # headed by the shortage's one name ("3 players: shortage of silver coins"), never the category "components in
    # the box", which named no problem (twentieth reading en45)
    shorts = [f for side in ("base_result", "variant_result") for f in r[side].get("sufficiency", [])
              if pairs or f["peak"] not in paired]
    name = findings_name(shorts, lang, naming or Naming())
    return [f"  {name[:1].upper()}{name[1:]}"] + out


def shortage_notes(results: Sequence[Mapping[str, Any]], lang: str = "en",
                   naming: Naming | None = None) -> list[dict[str, Any]]:
    """compare's shortages both decks show, each said once for every player count: ``head`` (its name, what happens
    and whose rule covers it), a small table (``cols``, and ``rows`` of the player count, the share of games short
    and how many more pieces would have been enough, each as base game → variant), ``claims`` (whether the paired
    games tell the change in games short from chance) and ``weight`` (at which counts the results describe
    cardgen's rule): the terminal's notes (``shortage_table``) and the compare page say the same. The same
    paragraph printed for each player count with only its numbers changed (twentieth reading en46, fr39; on the page,
    eight of them: twenty-first reading fr61, it71)."""
    naming = naming or Naming()
    groups: dict[str, list[tuple[int, Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]]]] = {}
    for r in results:
        base = {f["peak"]: f for f in r["base_result"].get("sufficiency", [])}
        for f in r["variant_result"].get("sufficiency", []):
            if f["peak"] in base:
                groups.setdefault(f["peak"], []).append((r["players"], base[f["peak"]], f, r))
    out: list[dict[str, Any]] = []
    for peak, rows in groups.items():
        cid = naming.shortfall.get(peak)
        piece = shortage_piece(rows[0][1], lang, naming)
        covered = ""
        if cid and cid in naming.ruled:
            case, by = shortage_case(cid, piece, lang, naming, book=True)
            covered = say("short_pair_covered", lang, ruling=by)
        else:
            case = say("short_case", lang, piece=piece)
        name = shortage_name(piece, lang, naming, cid)

        def share(f: Mapping[str, Any]) -> str:
            return _pct(f["games_short"] / f["games"] if f["games"] else None, lang, fixed=True)

        claims: dict[str, list[str]] = {}  # the paired comparison's own figure for the case, where it made one
        for n, b, v, r in rows:
            ruling = naming.rulings.get(cid, ("", False))[0] if cid else ""
            figure = next((m for m in r.get("metrics") or [] if ruling and m["metric"] == f"gap:{ruling}"
                           and m.get("significant") is not None), None)
            if figure is not None:
                # said as a verb of the sentence: "Games affected, base game against variant: a difference that…"
                # was inverted and verbless (twenty-third reading en36)
                claims.setdefault("short_table_moved" if figure["significant"] else "short_table_chance", []).append(str(n))
        if len(claims) == 1 and len(next(iter(claims.values()))) == len(rows) > 1:
            items = say("short_table_every", lang, claim=say(next(iter(claims)), lang))
        else:
            items = say("short_table_joiner", lang).join(
                say("short_table_item", lang, claim=say(key, lang), at=say_n(
                    "short_table_at", int(counts[0]) if len(counts) == 1 else 2, lang, counts=and_list(counts, lang)))
                for key, counts in claims.items())
        weighs = [str(n) for n, b, v, _ in rows if ruled_weighs(b, naming) or ruled_weighs(v, naming)]
        weighed = [f for n, b, v, _ in rows if str(n) in weighs for f in (b, v)]
        # the pairs the figures rest on: "56 coins to add" on 300 pairs beside validate's 55 on 1,000 games, and 41
        # against 48 at 4 players, were two answers to one question (twenty-fourth reading fr23, it25)
        played = sorted({int(b["games"]) for _, b, _, _ in rows})
        pairs = (_num(played[0], lang) if len(played) == 1 else
                 say("count_range", lang, low=_num(played[0], lang), high=_num(played[-1], lang)))
        out.append({
            "name": name,
            "head": say("short_table_head", lang, name=name[:1].upper() + name[1:], case=case, covered=covered, piece=piece,
                        pairs=pairs),
            "cols": say("short_table_cols", lang, piece=piece, cover=_pct(rows[0][1]["cover"], lang)).split("|"),
            "rows": [(str(n), (share(b), share(v)), (decimal(b["print_more"], lang, places=0),
                                                     decimal(v["print_more"], lang, places=0))) for n, b, v, _ in rows],
            "claims": say("short_table_claims", lang, items=items) if claims else "",
            # how many to put in the box: validate's count, said after the table, never before it with a colon
            # that led into this run's figures (terminal round 41 fr20, it25)
            "advice": say("short_table_advice", lang, piece=piece),
            # most games under cardgen's rule, with either deck: the results describe that rule (it11)
            "weight": say_n("short_table_weight", int(weighs[0]) if len(weighs) == 1 else 2, lang,
                            counts=and_list(weighs, lang), shares=weight_shares(weighed, lang)) if weighs else ""})
    return out


def shortage_table(results: Sequence[Mapping[str, Any]], lang: str = "en", naming: Naming | None = None) -> list[str]:
    """compare's notes on the shortages both decks show (``shortage_notes``), as the terminal prints them: the
    head, the table in columns, the base's and the variant's figures "95.0% → 97.7%", the arrows one above the
    other, then the claims and the weight."""
    out: list[str] = []
    for note in shortage_notes(results, lang, naming):
        out.append("  " + note["head"])

        def pair(b: str, v: str, width: int) -> str:  # "95.0% → 97.7%", the arrows one above the other
            return f"{b.rjust(width)} → {v}"

        cells = note["rows"]
        wide = [max(len(c[k][0]) for c in cells) for k in (1, 2)]
        table = [[n, pair(*shares, wide[0]), pair(*more, wide[1])] for n, shares, more in cells]
        head = note["cols"]
        widths = [max(len(row[k]) for row in [head, *table]) for k in range(3)]
        out += ["    " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [head, *table]]
        out += ["    " + text for text in (note["advice"], note["claims"], note["weight"]) if text]
    return out


def shortfall_pair(base: Mapping[str, Any], variant: Mapping[str, Any], r: Mapping[str, Any], lang: str = "en",
                   naming: Naming | None = None) -> str:
    """One line for a shortage both decks of a comparison show at one player count (``base`` and ``variant``:
    their ``balance.sufficiency`` findings of one tally): how often it happens with each, whether the paired games
    tell that change from chance, and how many more pieces each box would need. Each side's three-line warning,
    side by side for every player count, made the reader compare eight of them to learn what the variant does to
    the shortage (thirteenth reading fr32, it39). The claim is the paired comparison's own figure for the case
    (``gap:<ruling>``, the share of games it happens in, in compare's Holm family); where the run computed none,
    the figures are said without a claim."""
    naming = naming or Naming()
    cid = naming.shortfall.get(base["peak"])
    covered = ""  # whose ruling covers the case, as each deck's own warning says it (round 59)
    piece = shortage_piece(base, lang, naming)
    if cid and cid in naming.ruled:
        case, by = shortage_case(cid, piece, lang, naming, book=True)
        covered = say("short_pair_covered", lang, ruling=by)
    else:
        case = say("short_case", lang, piece=piece)
    ruling = naming.rulings.get(cid, ("", False))[0] if cid else ""
    figure = next((m for m in r.get("metrics") or [] if ruling and m["metric"] == f"gap:{ruling}"
                   and m.get("significant") is not None), None)
    claim = "" if figure is None else say("short_pair_chance" if not figure["significant"] else "short_pair_moved", lang)

    def share(f: Mapping[str, Any]) -> str:
        return _pct(f["games_short"] / f["games"] if f["games"] else None, lang, fixed=True)

    text = say("short_pair" if claim else "short_pair_untested", lang, case=case, base=share(base),
               variant=share(variant), claim=claim, more_base=base["print_more"], more_variant=variant["print_more"],
               piece=piece, cover=_pct(base["cover"], lang), covered=covered)
    # most games under cardgen's rule, with either deck: the figures describe that rule (twentieth reading it11)
    weighs = ruled_weighs(base, naming) or ruled_weighs(variant, naming)
    text += (" " + say("short_weight", lang, shares=weight_shares([base, variant], lang)) + "."
             if weighs else "")  # compare's notes end with a full stop
    return text[:1].upper() + text[1:]  # the line's own sentence, under its player count's heading


def _cards(r: dict[str, Any], lang: str = "en", naming: Naming | None = None, most: int = 3) -> list[str]:
    """The flagged cards (too strong or too weak), base -> variant, named in ``lang``: only a card the report
    flags too, so terminal and report agree on every card (thirteenth reading fr33, it38, it63). A card
    flagged only with the base deck is said as flagged on this run's smaller base sample, with the validate
    command that would confirm it (``base_deck``), since validate's own run may not flag it; each line says
    whether the change from the base is established (its ``change`` figure, in the Holm family of every other),
    within chance, or not tested: "−8.5 → −13.7" read as the variant's doing (twelfth reading fr47, it34). A
    card the simulated players hardly play is not flagged (``held_flag``): ``_held_cards`` says it apart."""
    from cardgen.simulate.verdict import WORDS

    names = (naming or Naming()).names
    rows = [c for c in r.get("component_impact", []) if c.get("flag") or (c.get("base") or {}).get("flag")]
    if not rows:
        return []
    out = ["  " + say("cards_title", lang, title=WORDS[lang]["cards"])]
    for c in rows[:most]:
        b = c.get("base") or {}
        flag = say(f"compare_{c.get('flag') or str(b.get('flag')) + '_base'}", lang,
                   games=say_n("games", r["games"], lang), deck=r.get("base_deck", ""))
        out.append("    " + say("card_change", lang, name=names.get(c["component"], c["component"]),
                                b=points(b.get("difference"), lang, unit=False),
                                v=points(c.get("difference"), lang, unit=False),  # the heading says the unit
                                flag=flag, change=say(change_key(c), lang))
                   + ("  " + say("hardly_played", lang, n=_times(c["plays_per_seat"], lang))
                      if hardly_played(c) else ""))
    return out


def _held_cards(r: dict[str, Any], lang: str = "en", naming: Naming | None = None, most: int = 3) -> list[str]:
    """The cards whose gap would have flagged them on a side but that the simulated players hardly play
    (``held_flag``, flagged on neither side): apart, saying why they are not flagged (the gap measures holding the
    card, not its effect), never under "too strong or too weak", where the report, which says them "not flagged",
    would contradict the terminal (thirteenth reading fr33, it38, it63). One card is one sentence: it is not
    flagged, what its gap is in words ("players dealt it win 13.7 percentage points less often than the others"),
    and why; a heading, a definition of "gap" and a row of signed figures took five lines to report a non-finding
    (twentieth reading en46, fr36, it31). Several cards: the why once, then a line each."""
    names = (naming or Naming()).names
    rows = [c for c in r.get("component_impact", [])
            if not (c.get("flag") or (c.get("base") or {}).get("flag"))
            and (c.get("held_flag") or (c.get("base") or {}).get("held_flag"))]
    if not rows:
        return []
    from cardgen.simulate.cards import HARDLY_PLAYED
    from cardgen.simulate.verdict import QUOTED

    times = decimal(HARDLY_PLAYED, lang)

    def judged(c: Mapping[str, Any]) -> int:  # the cards judged on the side whose interval a row's gap is said on
        variant = bool(c.get("held_flag"))
        return sum(bool((row if variant else row.get("base") or {}).get("judged"))
                   for row in r.get("component_impact", []))

    if len(rows) == 1:
        c = rows[0]
        name = QUOTED[lang].format(names.get(c["component"], c["component"]))
        return ["  " + say("held_one", lang, card=say("held_card", lang, name=name), times=times,
                           **held_gap(c, lang, judged(c)))]
    out = ["  " + say("held_many", lang, n=len(rows), times=times)]
    for c in rows[:most]:
        name = QUOTED[lang].format(names.get(c["component"], c["component"]))
        out.append("    " + say("held_row", lang, card=name, **held_gap(c, lang, judged(c))))
    return out


def held_gap(c: Mapping[str, Any], lang: str, cards: int = 0) -> dict[str, str]:
    """A hardly played card's gap in words, for ``held_one`` and ``held_row``: ``side`` (the game whose widened
    interval leaves 0 out: the variant's where its row is ``held_flag``, else the base game's), ``gap`` ("13.7
    percentage points less often than the others"), ``details`` (that interval as a range of the same way, "2.4 to
    25.0 less, allowing for chance", then the other game's gap and whether the change from it is beyond chance,
    "8.5 less in the base game, a change that may be chance") and ``n``, the plays per player per game on that
    side. A signed "−8.5 → −13.7" under a definition of "gap" said less than these words (twentieth reading en46)."""
    variant = bool(c.get("held_flag"))
    own = c if variant else (c.get("base") or {})
    other = (c.get("base") or {}) if variant else c
    side, other_side = (("held_side_variant", "held_side_base") if variant else ("held_side_base", "held_side_variant"))
    # the interval the gap is said on, widened for the ``cards`` judged at once where it is (``flag_ends``): "2.4 to
    # 25.0 below, allowing for chance" beside "cardgen judges only cards played…" read as a card not judged, whose
    # interval the page says is not widened (terminal round 40 en20, en21, it21)
    wide = "wide_" if own.get("flag_low") is not None and cards > 1 else ""
    way = "less" if (own.get("difference") or 0) < 0 else "more"

    def size(x: float) -> str:  # a gap's size, its way said in words
        return decimal(abs(x) * 100, lang, places=1, fixed=True)

    details = []
    low, high = flag_ends(own)
    if low is not None and high is not None:
        ends = [e.lstrip("+-\u2212") for e in marked_ends(low, high, lang, True)]  # the interval leaves 0 out:
        near, far = ends if abs(low) <= abs(high) else ends[::-1]  # both ends one way, the nearer to 0 first
        details.append(say(f"held_range_{wide}{way}", lang, low=near, high=far, cards=cards))
    other_sentence = ""
    if other.get("difference") is not None:
        d = other["difference"]
        key = "none" if round(d * 100, 1) == 0 else "less" if d < 0 else "more"
        # with whether the variant changed the gap beyond chance: "8.5 less in the base game" alone read as the
        # variant's doing (twelfth reading fr47)
        change = say(change_key(c).replace("card_change", "held_change"), lang)
        details.append(say("held_other_with", lang, other=say(f"held_other_{key}", lang, gap=size(d),
                                                              side=say(other_side, lang)), change=change))
        # ``held_one``, a sentence, says the other game in a sentence of its own after the bracket of the range:
        # the range, the other game's gap and the change in one bracket were three facts, one of them about the
        # other game (terminal round 46 it23); ``held_row``, a list line, keeps them in its bracket
        said = say(f"held_one_other_{key}", lang, gap=size(d), side=say(other_side, lang))
        other_sentence = " " + say("held_one_other", lang, other=said[:1].upper() + said[1:], change=change)
    return {"side": say(side, lang), "gap": say(f"held_gap_{way}", lang, gap=size(own.get("difference") or 0)),
            "details": say("held_details", lang, items=say("held_joiner", lang).join(details)) if details else "",
            "range": say("held_details", lang, items=details[0]) if details and low is not None and high is not None
            else "",
            "other": other_sentence,
            "n": _times(own.get("plays_per_seat"), lang) if own.get("plays_per_seat") is not None else "–"}


def change_key(c: Mapping[str, Any]) -> str:
    """Whether a paired card row's change from the base game is established (its ``change`` figure significant
    in compare's Holm family), within chance, or not tested (no ``change``: a side did not judge the card)."""
    change = c.get("change")
    if not isinstance(change, dict) or change.get("significant") is None:
        return "card_change_untested"
    return "card_change_yes" if change["significant"] else "card_change_no"
