"""What a comparison means for a designer: a few plain sentences, then the figures grouped.

``verdict`` turns the significant changes of one player count into sentences,
strongest evidence first (largest distance from "no change" in standard errors).
Engine tallies (end reasons, rule gaps, peaks) never make a sentence, and neither
does a figure that follows directly from the edit (a tally the game declares as
repeating a rule field or component count the variant changed, ``GameSpec.tally_sources``:
``peak gold_in_hands`` when the variant prints fewer gold coins): the table marks it
"follows from your change". Sentences exist in English, French
and Italian (the terminal is English; ``compare --lang`` picks the report's).
Nothing here knows which game is played.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from babel.numbers import format_decimal

from cardgen import wordbook
from cardgen.simulate.designer import CLOSE_MARGIN

#: this module's words per language (cardgen/wordbook.py)
_BOOK = wordbook.load(__file__)

LANGS = ("en", "fr", "it")

#: designer groups, in the order the table lists them; "internal" is folded and last
GROUPS = ("length", "fairness", "tension", "skill", "internal")
_LOCALES = {"en": "en", "fr": "fr_FR", "it": "it_IT"}
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
#: {lo}/{hi} the interval of |difference|, {k} a seat number, {m} the close-game margin, {label} a label
SENTENCES = _BOOK["sentences"]

WORDS = _BOOK["words"]

#: the close-game label names the margin the designer metrics use
LABELS = {lang: {**words, "close_games": words["close_games"].format(margin=CLOSE_MARGIN)}
          for lang, words in _BOOK["labels"].items()}


#: an engine tally's name: these words, then the engine's own name for it
TALLIES = _BOOK["tallies"]

#: the report's own sentences (compare page), per language
PAGE = _BOOK["page"]


def agents_words(names: list[str], lang: str = "en") -> str:
    """Which agents played, in ``lang`` (the report; the terminal uses ``runner.agents_in_words``)."""
    words = PAGE[lang]
    who = [words["agents"].get(n, f"'{n}'") for n in dict.fromkeys(names)]
    if not who:
        return ""
    text = who[0] if len(who) == 1 else ", ".join(who[:-1]) + words["and"] + who[-1]
    return words["every" if len(who) == 1 else "rotated"].format(who=text)


def label(name: str, lang: str = "en") -> str:
    """A figure's name as a designer reads it, in ``lang`` (engine tallies keep their engine names)."""
    words = LABELS[lang]
    if name.startswith("seat_"):
        k = int(name.split("_")[1])
        return (words["seat_1"] if k == 1 else words["seat"]).format(k=k)
    if name in words:
        return words[name]
    for prefix, words_ in TALLIES[lang].items():
        if name.startswith(prefix):
            return _typeset(words_ + name[len(prefix):], lang)
    return name.replace("_", " ")


def number(x: float, lang: str, share: bool, signed: bool = False, small: bool = False) -> str:
    """``x`` in the language's notation: shares as percentages (28 %, 28 %), counts with one decimal; with
    ``small``, a count below 1 with two (a card played 0.02 times per seat is not "0")."""
    places = 2 if small and not share and 0 < abs(x) < 1 else 1
    value = round(100 * x if share else x, places) + 0.0  # + 0.0: no "-0"
    text = format_decimal(value, format="#,##0." + "#" * places, locale=_LOCALES[lang])
    if signed and value > 0:
        text = "+" + text
    if value < 0 and lang != "en":
        text = text.replace("-", "−")
    if share:
        return text + ("\u202f%" if lang == "fr" else "\u00a0%" if lang == "it" else "%")
    return text


def sentence(m: dict[str, Any], lang: str = "en") -> str:
    """One sentence for a significant metric (``metric``, ``base``, ``variant``, ``difference``, interval)."""
    name = m["metric"]
    key = name
    k = 0
    if name.startswith("seat_"):
        k = int(name.split("_")[1])
        key = "seat_1" if k == 1 else "seat"
    elif name.startswith("skill:"):
        key = "skill"
    table = SENTENCES[lang]
    if key not in table:
        key = "other"
    up, down = table[key]
    share = is_share(name)
    d = m["difference"]
    lo, hi = sorted((abs(m["low"]), abs(m["high"]))) if m.get("low") is not None else (abs(d), abs(d))
    if m.get("low") is not None and m["low"] < 0 < m["high"]:  # pragma: no cover - significant never spans 0
        lo = 0.0
    template = up if d > 0 else down
    if key in ("turns", "rounds") and _singular(abs(d), lang):
        for plural, single in SINGULAR[lang].items():
            template = template.replace(plural, single)
    text = template.format(
        b=number(m["base"], lang, share), v=number(m["variant"], lang, share), d=number(abs(d), lang, share),
        lo=number(lo, lang, share), hi=number(hi, lang, share), k=k, m=CLOSE_MARGIN, label=label(name, lang))
    return _typeset(text[0].upper() + text[1:], lang)


#: the plural words of the length sentences, and their singular (English and Italian: exactly 1; French: below 2)
SINGULAR = _BOOK["singular"]


def _singular(x: float, lang: str) -> bool:
    shown = round(x, 1)
    return shown < 2 if lang == "fr" else shown == 1


def _strength(m: dict[str, Any]) -> float:
    """Distance of the difference from 0 in standard errors (infinite when every pair moved alike)."""
    if m.get("high") is None or m.get("low") is None or m["difference"] is None:
        return 0.0
    half = (m["high"] - m["low"]) / 2
    return abs(m["difference"]) / half if half else float("inf")


def headline_metrics(metrics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Significant designer figures, strongest first: never an engine tally, never one marked as repeating
    the edit (``follows_from_change``, set by compare)."""
    keep = [m for m in metrics if m.get("significant") and group(m["metric"]) != "internal"
            and not m.get("follows_from_change")]
    return sorted(keep, key=lambda m: (-_strength(m), m["p"], m["metric"]))


def verdict(result: dict[str, Any], lang: str = "en", most: int = 4,
            names: dict[str, str] | None = None) -> list[str]:
    """A few plain sentences for one player count: strongest significant change first, then what did not move.
    ``names``: component id -> its name in ``lang`` (the report; the terminal names components by id)."""
    words = WORDS[lang]
    top = headline_metrics(result["metrics"])
    cards = card_sentences(result.get("component_impact") or [], lang, names=names)
    if not top:
        return cards + [_typeset(words["nothing"].format(n=result["games"]), lang)]
    out = [sentence(m, lang) for m in top[:most]] + cards
    if len(top) > most:
        rest = len(top) - most
        out.append(_typeset(words["more_one" if rest == 1 else "more"].format(n=rest), lang))
    else:
        out.append(_typeset(words["nothing_else"], lang))
    return out


CARDS = _BOOK["cards"]


#: a component's name inside a sentence
QUOTED = _BOOK["quoted"]


def card_sentences(rows: list[dict[str, Any]], lang: str = "en", most: int = 2,
                   names: dict[str, str] | None = None) -> list[str]:
    """A sentence per component the variant newly flags (compare's paired ``component_impact`` rows),
    named by ``names`` (id -> name in ``lang``) where given, else by its id."""
    out = []
    for r in rows:
        base = r.get("base") or {}
        flag = r.get("flag")
        if not flag or base.get("flag") == flag or r.get("difference") is None:
            continue
        before = base.get("difference")
        b = "–" if before is None else format_decimal(round(100 * before, 1) + 0.0, format="+#,##0.#;−#,##0.#",
                                                      locale=_LOCALES[lang])
        v = format_decimal(round(abs(100 * r["difference"]), 1), format="#,##0.#", locale=_LOCALES[lang])
        name = (names or {}).get(r["component"])
        c = QUOTED[lang].format(name) if name else r["component"]
        out.append(_typeset(CARDS[lang][flag].format(c=c, v=v, b=b), lang))
    return out[:most]


def significance_line(count: int, lang: str = "en") -> str:
    """What "significant" means, in one line."""
    return _typeset(WORDS[lang]["significant"].format(n=count), lang)


def _typeset(text: str, lang: str) -> str:
    """French puts a narrow no-break space before : ; ? ! (and inside « »); the others need nothing."""
    if lang != "fr":
        return text
    for mark in ":;?!%":
        text = text.replace(f" {mark}", f"\u202f{mark}")
    return text.replace("« ", "«\u202f").replace(" »", "\u202f»")
