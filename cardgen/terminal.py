"""What cardgen prints on the terminal, in the language ``--lang`` chose.

Every line a person reads on the terminal (validate's summary, compare's table, tune's
progress, failed games, a lost Dask worker, "interrupted") is a template in
``terminal.json`` beside this module, one table per language of
``cardgen.languages.SHIPPED``, so a translator edits data, not Python. ``say`` fills one
in; a count picks its singular form where the language uses one (``say_n``). The command
line sets the language once (``set_language``) for the lines printed deep inside a run
(a cluster fault, an interrupt); library functions also take ``lang`` directly, which
tests call. Game words (end reasons, rule gaps, component names) come from the game's
own words (``GameSpec.words``), never from here.
"""
from __future__ import annotations

import re
import sys
from typing import Any, TextIO

from cardgen import wordbook
from cardgen.languages import SHIPPED, counts_grouped, is_singular, typeset

#: the templates per language: {"en": {key: template}, ...}
LINES: dict[str, dict[str, Any]] = wordbook.load(__file__)["lines"]

#: the language of this process's terminal (``cardgen --lang``; English until a command says otherwise)
_current = "en"


def set_language(lang: str) -> None:
    """The terminal's language from now on (a shipped language; anything else keeps English)."""
    global _current
    _current = lang if lang in SHIPPED else "en"


def language() -> str:
    """The terminal's language now."""
    return _current


def say(key: str, lang: str | None = None, **fields: Any) -> str:
    """The line ``key`` in ``lang`` (default: the terminal's), its ``{fields}`` filled in and typeset; a count of
    4 digits or more with the language's thousands separator (``1 384 fois``), as the reports write it."""
    lang = lang or _current
    template = LINES[lang][key]
    return typeset(template.format(**counts_grouped(template, fields, lang)), lang)


def say_n(key: str, n: float, lang: str | None = None, **fields: Any) -> str:
    """``say`` for a sentence about ``n`` things: ``key_one`` where the language says ``n`` in the singular,
    ``key_two`` for 2 where the language has a word of its own for it (English "twice", not "2 times")."""
    lang = lang or _current
    one = f"{key}_one"
    if n == 2 and f"{key}_two" in LINES[lang]:
        return say(f"{key}_two", lang, n=n, **fields)
    return say(one if one in LINES[lang] and is_singular(n, lang) else key, lang, n=n, **fields)


def word(key: str, lang: str | None = None) -> Any:
    """A table of words (``agents``), not a sentence."""
    return LINES[lang or _current][key]


#: the widest line the terminal prints (``echo``): an 80-100 column terminal wrapped the 110-180 column lines of
#: validate, check, compare and fix mid-word (the readers' eighth round, en62, fr43)
WIDTH = 100

#: how much deeper than its line a wrapped line's continuation starts: under the line's first word, set apart
HANG = 4

#: a line that opens with a short label padded into a column ("PASSED              the faces print…", a row's
#: name) wraps under the column's text instead, so the label stands alone at the left (readers of round 62:
#: check's wrapped lines started under the label); only a label this short, leaving this much room
LABEL = 24
LABEL_ROOM = 50


def fit(text: str, width: int = WIDTH, hang: int | None = None) -> str:
    """``text`` with every line wider than ``width`` wrapped between words, its continuation lines indented
    ``HANG`` deeper than the line's own indent (or under a short padded label's column, ``LABEL``), so a
    wrapped line reads as one item; a word is never cut (a
    path or seed longer than the room stays whole), a no-break space (French ``50\u202f%``) never breaks, a
    mark of one character ("◆", "*") stays with the word after it, and a last line is never one short word
    alone ("de 23 à / 30") where the line above can give it company. ``hang``, when given, is the column every
    continuation starts at instead: a table whose rows set their text at one column whatever their labels
    (``check``: "1 player ·" and "2 players ·" wrapped at two depths, under the label, read 9 en37)."""
    return "\n".join(row for line in text.split("\n") for row in _wrapped(line, width, hang))


def _wrapped(line: str, width: int, hang: int | None = None) -> list[str]:
    """One line as the rows it takes at ``width`` columns (``fit``)."""
    if len(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip(" "))]
    parts = re.split(r"( +)", line.strip(" "))  # words and the runs of spaces between them (a table's padding)
    units = [("", parts[0])] + list(zip(parts[1::2], parts[2::2]))
    column = re.match(r"\S+(?: \S+)*? {2,}", line[len(indent):])  # a label, then the padding of its column
    cont = len(indent) + HANG
    if column and column.end() <= LABEL and width - len(indent) - column.end() >= LABEL_ROOM:
        cont = len(indent) + max(HANG, column.end())  # never shallower than a plain continuation
    if hang is not None and width - hang >= LABEL_ROOM:
        cont = hang
    glued: list[tuple[str, str]] = []
    command = 0  # words of a command still to keep on the row of its "cardgen"
    for at, (space, word) in enumerate(units):  # a lone mark joins the word after it: "◆ too strong" never breaks
        if glued and ((len(glued[-1][1]) == 1 and not glued[-1][1].isalnum())
                      or (open_interval(glued[-1][1]) and len(glued[-1][1]) + len(space) + len(word) <= width - cont)
                      or command > 0 or ((command < 0 and (word.startswith("-") or "/" in word or deck_id(word))
                                          or option_value(glued[-1][1], word))
                                         and len(glued[-1][1]) + len(space) + len(word) <= width - cont)):
            glued[-1] = (glued[-1][0], glued[-1][1] + space + word)
            command = command - 1 if command > 0 else command
        else:
            glued.append((space, word))
            command = 0
        if word.lstrip("«“\"'\u202f\u00a0") == "cardgen" and at + 1 < len(units) \
                and units[at + 1][1] in SUBCOMMANDS:  # a command to copy is one unit: "cardgen fix royale"
            command = 2  # its subcommand and its deck, then any option or path that still fits a row (en15, fr93)
        elif command == 0 and glued and glued[-1][1].split(" ")[0].lstrip("«“\"'\u202f\u00a0") == "cardgen" \
                and glued[-1][1].split(" ")[1:2] and glued[-1][1].split(" ")[1] in SUBCOMMANDS:
            command = -1
    rows: list[list[tuple[str, str]]] = [[]]
    room = width - len(indent)
    used = 0
    for space, word in glued:
        if rows[-1] and used + len(space) + len(word) > room:
            rows.append([])
            room, used = width - cont, 0
        used += (len(space) if rows[-1] else 0) + len(word)
        rows[-1].append((space, word))
    last, above = rows[-1], rows[-2] if len(rows) > 1 else []
    if (len(last) == 1 and len(last[0][1]) < ORPHAN and len(above) > 2
            and sum(len(s) + len(w) for s, w in [above[-1], *last]) <= width - cont):
        rows[-1] = [above.pop(), *last]  # "de 23 à / 30" -> "de 23 / à 30": never one short word alone

    def said(row: list[tuple[str, str]]) -> str:
        return row[0][1] + "".join(space + word for space, word in row[1:])

    return [indent + said(rows[0])] + [" " * cont + said(row) for row in rows[1:]]


def open_interval(text: str) -> bool:
    """Whether ``text`` ends inside an interval's brackets ("[14,0 % ;"): the interval is one unit, never split
    across two rows ("[14,0 % ;" / "25,3 %]", eighteenth reading fr14)."""
    return text.rfind("[") > text.rfind("]") and any(ch.isdigit() for ch in text[text.rfind("["):])


def deck_id(word: str) -> bool:
    """Whether ``word``, after a command's deck, reads as a second deck or variant id ("king_lui-hungry-dragon",
    "draco-charity-toast"): compare names two, and "cardgen compare king_lui king_lui-hungry-dragon --players 5 /
    --games 400 --fixed" broke between its options (eighteenth reading fr34, en26). Prose never joins: an id
    holds a hyphen or an underscore and no capital."""
    return re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)+", word) is not None


def option_value(before: str, word: str) -> bool:
    """Whether ``word`` is the value of the option that ends ``before`` ("--games" then "400", "--log" then
    "N.jsonl"): kept on its option's row, so a command copied from the terminal never breaks between the two
    ("--games / 400": fourteenth reading en19, it9)."""
    return before.split(" ")[-1].startswith("--") and re.fullmatch(r"(\d[\d.,]*|N(\.\w+)?)[,;.)]*", word) is not None


#: the commands of ``cardgen`` (``cli.py``'s subparsers): "cardgen" before one of them starts a command to copy,
#: kept on one row (``fit``); before any other word it is prose ("a rule cardgen adds: 4,561 times"), which broke
#: its line 14 columns early to keep "cardgen adds: 4,561" together (twenty-second reading en14)
SUBCOMMANDS = frozenset({"new", "build", "inspect", "check", "schema", "export", "validate", "tune", "fix", "compare",
                         "replay", "play", "cache"})

#: a last wrapped line of one word shorter than this takes the word before it along (``fit``)
ORPHAN = 12


def echo(text: str = "", file: TextIO | None = None, flush: bool = False) -> None:
    """Print ``text`` on the terminal (standard output, or ``file``), every line fitted to ``WIDTH`` columns:
    the one way validate, check, compare and fix print a line a person reads."""
    print(fit(text), file=file or sys.stdout, flush=flush)


#: placeholder -> the terminal's line that words it: the report pages' words ("{interval95}" in a chart's
#: title, a table's heading) say a 95 % interval as the terminal does, from this one source
TERMS = {"{interval95}": "balance_level_plain", "{intervals95}": "intervals_plain",
         "{interval_wide}": "interval_wide_plain"}  # the balance verdict's own, said as the seat lines show it


def with_terms(book: dict[str, Any]) -> dict[str, Any]:
    """A wordbook (table -> language -> words) with each ``TERMS`` placeholder replaced, in every string of a
    language's words, by the terminal's wording in that language; a language the terminal lacks keeps it."""
    def fill(value: Any, lang: str) -> Any:
        if isinstance(value, str):
            for mark, key in TERMS.items():
                value = value.replace(mark, typeset(LINES[lang][key], lang)) if mark in value else value
            return value
        if isinstance(value, dict):
            return {k: fill(v, lang) for k, v in value.items()}
        if isinstance(value, list):
            return [fill(v, lang) for v in value]
        return value

    return {name: ({lang: fill(words, lang) if lang in LINES else words for lang, words in table.items()}
                   if isinstance(table, dict) else table) for name, table in book.items()}


#: the lines' own "{interval95}": a 95 % interval is worded once, by ``balance_level_plain`` (``with_terms``)
LINES.update(with_terms({"lines": LINES})["lines"])

__all__ = ["HANG", "LINES", "TERMS", "WIDTH", "echo", "fit", "language", "say", "say_n", "set_language", "with_terms", "word"]
