"""Which languages a deck may be written in, and what each needs: its Babel locale, its
pyphen hyphenation dictionary, fonts for its script.

The three shipped games are written in fr, it and en (``cardgen.model.schema.LANGS``),
with gettext catalogs and generated card texts in those three only. A designer's own
deck (print-only, or with a project rules file) prints its own texts, so it may use any
language Babel has a locale for (lists, numbers) and pyphen a dictionary for (the rule
sheet's hyphenation), written in a script the bundled DejaVu fonts cover (Latin, Greek,
Cyrillic) from left to right. Babel and pyphen are imported only when a language is
looked up, so the command line starts without them.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

#: The languages of the shipped games and of cardgen's own catalogs.
SHIPPED = ("fr", "it", "en")
#: What a language code looks like in a deck (``de``, ``pt_BR``, ``sr_Latn``); the JSON Schema says so too.
CODE_PATTERN = r"^[a-z]{2,3}(_[A-Za-z]{2,4})?$"
_CODE = re.compile(CODE_PATTERN)
#: The Babel locale of the shipped languages (their regional forms, as cardgen always used).
LOCALES = {"fr": "fr_FR", "it": "it_IT", "en": "en_GB"}
#: The pyphen dictionary of the shipped languages (as the rulebooks always used).
HYPHENATION = {"fr": "fr", "it": "it_IT", "en": "en_GB"}
#: The space the shipped languages set before a percent sign, where Babel's locale data disagrees (its
#: French has a wide no-break space, French typography a narrow one); Italian writes the sign against the figure,
#: as this edition's Italian books do ("100%"), in the terminal and on the pages alike (terminal round 40 it1)
PERCENT_SPACE = {"fr": "\u202f", "it": ""}
#: Language tags of the shipped languages in a PDF's metadata.
TAGS = {"fr": "fr-FR", "it": "it-IT", "en": "en-GB"}


def is_code(lang: str) -> bool:
    """Whether ``lang`` is written like a language code (not whether cardgen knows it)."""
    return isinstance(lang, str) and bool(_CODE.match(lang))


@cache
def supported() -> tuple[str, ...]:
    """Every language code with both a Babel locale and a pyphen dictionary, sorted."""
    import pyphen
    from babel import localedata

    return tuple(sorted(code for code in pyphen.LANGUAGES if is_code(code) and localedata.exists(code)))


def locale(lang: str) -> str:
    """The Babel locale of ``lang`` (``fr_FR`` for fr, ``de`` for de)."""
    return LOCALES.get(lang, lang)


def hyphenation(lang: str) -> str:
    """The pyphen dictionary name of ``lang`` (``it_IT`` for it, ``de`` for de)."""
    return HYPHENATION.get(lang, lang)


def tag(lang: str) -> str:
    """The language tag of ``lang`` in a PDF (``en-GB``, ``de``, ``pt-BR``)."""
    return TAGS.get(lang, lang.replace("_", "-"))


@cache
def native_name(lang: str) -> str:
    """The language's name in itself (``Deutsch``, ``Español``), capitalised; the code if Babel lacks it."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:]


@cache
def name_in(lang: str, said: str) -> str:
    """The name of ``lang`` as a sentence of ``said`` writes it mid-line ("French", "français", "francese"):
    a check line says which language it drew, never a bare code ("(fr)") a reader has to decode; the code if
    Babel lacks either language."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang).get_display_name(said) or lang
    except (UnknownLocaleError, ValueError):
        return lang


def script_problem(lang: str) -> str | None:
    """Why the bundled fonts cannot print ``lang`` (right to left, or letters without a glyph), else None.

    The test is the language's own name in itself, which Babel writes in the language's
    script: ``ไทย`` for Thai has no glyph in DejaVu, ``Deutsch`` and ``Русский`` have.
    """
    from babel import Locale

    from cardgen.printable import font_coverage

    loc = Locale.parse(lang)
    name = loc.get_display_name(lang) or ""
    if loc.character_order == "right-to-left":
        return f"'{lang}' ({name}) is written right to left, which cardgen does not typeset"
    covered = font_coverage()
    missing = [ch for ch in name if ch.isalpha() and ord(ch) not in covered]
    if missing:
        return (f"'{lang}' ({name}) is written in a script the bundled fonts (DejaVu: Latin, Greek, Cyrillic) "
                "have no letters for")
    return None


@cache
def printable() -> tuple[str, ...]:
    """The languages without a region (``de``, not ``de_AT``) a deck may be written in: supported,
    in a script the bundled fonts cover, left to right (the list an error message offers)."""
    return tuple(code for code in supported() if "_" not in code and script_problem(code) is None)


def closest(lang: str, codes: tuple[str, ...] | list[str] | None = None) -> str | None:
    """The code of ``codes`` (default: ``printable()``) meant by ``lang``: its first two letters
    (``deu`` -> de), the same letters swapped (``ne`` -> en), else the closest spelling."""
    from cardgen.errors import did_you_mean

    codes = printable() if codes is None else codes
    for guess in (lang[:2].lower(), lang[::-1].lower()):
        if guess in codes:
            return guess
    return did_you_mean(lang, codes)


def problem(lang: str) -> tuple[str, str | None] | None:
    """Why a deck cannot be written in ``lang`` (message, did-you-mean), else None."""
    if not is_code(lang) or lang not in supported():
        return (f"unknown language '{lang}'; expected a language code with a Babel locale and a pyphen "
                f"hyphenation dictionary, in a script the fonts print ({', '.join(printable())})",
                closest(str(lang)))
    why = script_problem(lang)
    return (why, None) if why else None


def significant(x: float, lang: str, digits: int = 3) -> str:
    """``x`` to ``digits`` significant digits as ``lang`` writes it (``47.3``, ``47,3``, ``0.0123``): tune's
    figures, whose scale varies from a share to a count."""
    return decimal(float(f"{x:.{digits}g}"), lang, places=max(0, digits + 3))


def is_singular(x: float, lang: str) -> bool:
    """Whether ``lang`` says ``x`` of something in the singular, as shown with one decimal: French below 2
    ("1,5 tour", "0 partie"), English and Italian exactly 1."""
    shown = round(x, 1)
    return shown < 2 if lang == "fr" else shown == 1


#: a hyphen that stands for minus: before a digit, not inside a word, an id, a path or an option (``-2,2 pts``,
#: ``[-13,0 ; +14,7]``; never ``partie-1``, ``--games``, ``/tmp/a-1``)
_MINUS = re.compile(r"(?<![\w\-./\\=])-(?=\d)")

#: an Italian article or articulated preposition before a percentage (``il 26 %``, ``nel 99 %``)
_IT_ARTICLE = re.compile(r"\b(il|Il|del|nel|al|dal|sul) (\d[\d.]*)(?=(?:,\d+)?[ \u00a0\u202f]?%)")


def _it_elided(m: re.Match[str]) -> str:
    """``il 80 %`` -> ``l’80 %``, ``nel 11 %`` -> ``nell’11 %``: Italian elides before a number said with a
    vowel first (otto, undici, uno, ottanta, undicimila), and only then; zero is said with a z, which takes
    ``lo`` (``lo 0 %``, ``dello 0,5 %``), as ``lo zero`` does."""
    whole = m.group(2).replace(".", "")
    if whole == "0":
        article = {"il": "lo", "Il": "Lo"}.get(m.group(1)) or m.group(1)[:-1] + "llo"  # del -> dello, al -> allo
        return f"{article} {m.group(2)}"
    if not (whole.startswith("8") or whole in ("1", "11") or (len(whole) == 5 and whole.startswith("11"))):
        return m.group(0)
    article = {"il": "l", "Il": "L"}.get(m.group(1)) or m.group(1)[:-1] + "ll"  # del -> dell’, al -> all’
    return f"{article}\u2019{m.group(2)}"


def typeset(text: str, lang: str) -> str:
    """Running text as ``lang`` sets it: every language writes a negative number with the minus sign (U+2212),
    as the rulebooks do; French puts a narrow no-break space before : ; ? ! % (and inside « »), a no-break one
    inside « ex æquo » (« ex | æquo » split over two lines: round 34 fr39), and elides
    ``que`` before a vowel (``parce qu’un joueur``: a sentence put together from a template and a name);
    Italian elides the article before a percentage said with a vowel first (``l’80 %``, ``nell’11 %``)."""
    text = _MINUS.sub("\u2212", text)
    if lang == "it":  # the % against its figure, as the Italian books write it: "95%" (terminal round 40 it1)
        return re.sub(r"(\d)[ \u00a0\u202f]%", "\\1%", _IT_ARTICLE.sub(_it_elided, text))
    if lang != "fr":
        return text
    text = re.sub(r"\b([Qq])ue (?=[aeiouyàâéèêîôûAEIOUÉ])", "\\1u\u2019", text).replace("ex æquo", "ex\u00a0æquo")
    for mark in ":;?!%":
        text = text.replace(f" {mark}", f"\u202f{mark}")
    return text.replace("« ", "«\u202f").replace(" »", "\u202f»")


def typeset_words(by_lang: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A wordbook's table per language with each of its sentences ``typeset`` once, at load: a page that prints a
    sentence as it is (a chart's title, a legend) sets it as the language does, as the terminal does (twenty-first
    reading fr59: « élargis : voir », « au hasard : » with a breaking space, where every other line had the narrow
    one). Nested tables are left as they are; ``typeset`` of a typeset sentence changes nothing."""
    return {lang: {k: typeset(v, lang) if isinstance(v, str) else v for k, v in words.items()}
            for lang, words in by_lang.items()}


#: a whole number this large is an identifier (a seed), never a count a person reads grouped
NOT_A_COUNT = 10 ** 12
#: a field a template types as part of a command or a file name (``--games {games}``, ``{n}.jsonl``, ``seed={seed}``):
#: written as typed there, never grouped (``--games 1 200`` would not run)
_TYPED_FIELD = r"(?:--[\w-]+[ =]|[=/#]|n° ?)\{{{name}(?:![rsa])?(?::[^}}]*)?\}}|\{{{name}(?:![rsa])?(?::[^}}]*)?\}}(?:\.\w|/)"


def counts_grouped(template: str, fields: dict[str, Any], lang: str) -> dict[str, Any]:
    """``fields`` with each whole number of 4 digits or more written with ``lang``'s thousands separator
    (``1 384`` with a narrow no-break space in French, ``1.384`` in Italian, ``1,384`` in English), as
    the reports already write their counts (``10 000 décisions``): a count in a sentence reads at a
    glance (readers of round 13, fr13, it72). A field the template puts in a command or a file name
    (``--games {games}``, ``{n}.jsonl``, ``n° {seed}``) stays as typed; a bool is not a number. A seed is
    never a count (``seed 7906793627030094817 replays one``: a person types it back), nor is a whole number of
    ``NOT_A_COUNT`` or more (a 64-bit seed under another field name)."""
    out = dict(fields)
    for name, value in fields.items():
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) < 1000:
            continue
        if "seed" in name or abs(value) >= NOT_A_COUNT:
            continue
        if re.search(_TYPED_FIELD.format(name=re.escape(name)), template):
            continue
        out[name] = decimal(value, lang, places=0)
    return out


__all__ = ["CODE_PATTERN", "HYPHENATION", "LOCALES", "SHIPPED", "TAGS", "closest", "counts_grouped", "decimal", "grouped",
           "half_up", "hyphenation", "is_code",
           "is_singular", "locale", "native_name", "percent", "plain", "printable", "problem", "script_problem", "significant",
           "supported", "tag", "typeset"]


def percent(x: float, lang: str, signed: bool = False, places: int = 1, fixed: bool = False) -> str:
    """The share ``x`` (0.284) as ``lang`` writes a percentage (``28.4%``, ``28,4 %``), with at most
    ``places`` decimals and, when ``signed``, a ``+`` before a rise: the one percentage formatter of every
    report and terminal line (Babel's ``format_percent`` with the locale's own pattern); ``fixed``: exactly
    ``places`` decimals (an interval's ends, "[15.0% to 26.1%]", not "[15% to 26.1%]")."""
    from babel import Locale
    from babel.numbers import format_percent

    loc = locale(lang)
    pattern = Locale.parse(loc).percent_formats[None].pattern
    if places:
        pattern = pattern.replace("0", "0." + ("0" if fixed else "#") * places, 1)
    value = round(x, places + 2) + 0.0  # + 0.0: no "-0"
    if signed and value:
        pattern = f"+{pattern};-{pattern}"
    text = format_percent(value, pattern, locale=loc)
    if lang in PERCENT_SPACE:
        text = text.replace("\u00a0%", "%").replace("\u202f%", "%").replace("%", PERCENT_SPACE[lang] + "%")
    return text


def half_up(x: float, places: int) -> float:
    """``x`` rounded to ``places`` decimals, a half away from zero as it is written (``9.45`` -> ``9.5``): ``round``
    works on the binary value, 9.4499…, and a mean of 2,835 / 300 printed 9.4 where a reader working it out writes
    9.5, as the percentages beside it round (terminal round 40 fr27). Never ``-0``."""
    from decimal import ROUND_HALF_UP, Decimal

    return float(Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)) + 0.0


def decimal(x: float, lang: str, signed: bool = False, places: int = 1, fixed: bool = False) -> str:
    """The number ``x`` as ``lang`` writes it (``1,234.5``, ``1 234,5``), at most ``places`` decimals
    (exactly ``places`` where ``fixed``: the ends of one interval written alike, "[2.5 to 3.0]")."""
    from babel.numbers import format_decimal

    value = half_up(x, places)
    pattern = "#,##0" + ("." + ("0" if fixed else "#") * places if places else "")
    if signed and value:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, pattern, locale=locale(lang))


def grouped(x: Any, lang: str) -> str:
    """A count as ``lang`` writes it, with its thousands separator (``1,000``, ``1 000``, ``1.000``): the one
    formatter of the counts a page shows outside a sentence (a table's games, "343/1,000"), as ``counts_grouped``
    writes those inside one; "1000" stood beside "1,000" on one page (twenty-third reading en50, fr1, it47).
    Anything but a whole number is written as it is."""
    if isinstance(x, bool) or not isinstance(x, int):
        return "" if x is None else str(x)
    return decimal(x, lang, places=0)


def plain(x: float, lang: str, digits: int = 6) -> str:
    """``x`` as typed on a command line (``0.1``, ``86400``: no grouping, at most ``digits`` significant digits)
    with ``lang``'s decimal sign (``0,1`` in French and Italian): a bound an argument was refused against, a
    measure on a page (a bleed of ``2,5`` mm), a chart's bin."""
    text = str(x) if isinstance(x, int) else f"{x:.{digits}g}"
    if "." not in text:
        return text
    from babel.numbers import get_decimal_symbol

    return text.replace(".", get_decimal_symbol(locale(lang)))
