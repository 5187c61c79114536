"""The one error type users see, and the "did you mean" helper.

Every problem with user input (deck, variant, command-line argument) becomes an
``InputError`` carrying file, line, field path and what was expected. The CLI
prints ``str(error)`` as a single line and exits with code 2; nothing else in the
code base prints user-facing errors, so the format stays uniform.

User text echoed in a message is made safe for a terminal (``clean``): control
characters, bidi overrides and line separators are shown as escapes, and every
part is cut to a bounded length, so an error is always exactly one short line
whatever the input held. ``InputErrors`` carries several problems of one run
(each still one line).

The common errors (an unknown deck, a bad field or value, a missing file, a bad ``--param``) carry the
key of their sentence in ``errors.json`` and its fields, so the command line prints them in the language of
``--lang`` (``InputError.lines(lang)``); the English sentence stays the error's ``message``.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

FieldPath = tuple[str | int, ...]

#: Longest piece of user text echoed in a message (file, field, value, message).
MAX_ECHO = 200
#: Most problems one run reports before it stops listing.
MAX_ERRORS = 20

#: Characters never echoed raw: C0/C1 controls, DEL, bidi marks/overrides/isolates,
#: line/paragraph separators, BOM and noncharacters U+FFFE/U+FFFF.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                     "\ufeff\ufffe\uffff]")


@cache
def words() -> dict[str, dict[str, dict[str, str]]]:
    """The error lines (``lines``) and the names of kinds of value (``kinds``) per language, read once."""
    from cardgen import wordbook

    return wordbook.load(__file__)


def said(key: str, lang: str, /, **fields: Any) -> str:
    """The error sentence ``key`` in ``lang`` (English where the language has none), ``fields`` made safe and
    filled in; a list field is joined with the language's "or" (``'a', 'b' or 'c'``), a mapping field holds a
    value per language (what a value given is called: ``nothing``, ``rien``)."""
    table = words()["lines"]
    line = table.get(lang, table["en"])
    filled = {k: (", ".join(v[:-1]) + line["or"] + v[-1] if len(v) > 1 else "".join(v)) if isinstance(v, list)
              else clean(v.get(lang, v["en"]) if isinstance(v, dict) else v, 300) for k, v in fields.items()}
    return line[key].format(**filled)


def worded(key: str, /, **fields: Any) -> dict[str, str]:
    """The sentence ``key`` in every language errors.json has, as a field value for another sentence: a piece
    of an error line that is words, not a value given (what is refused: "the output folder"; why a write failed:
    "the disk is full"), so the whole line is said in the command's language."""
    return {lang: said(key, lang, **fields) for lang in words()["lines"]}


#: a table cell as a field: ``row 4``, ``rows 3-5, 7, column 'title.fr'``, ``row 2, column 3`` (cardgen.load.tables)
_CELL = re.compile(r"^(rows?) ([\d, -]+?)(?:, column (?:'(.*)'|(\d+)))?$")


def field_said(field: str, lang: str) -> str:
    """``field`` as ``lang`` says it: a table's row and column in its words (``ligne 4, colonne «title.fr»``),
    any other field path as it is (an id is the same in every language)."""
    match = _CELL.match(field) if lang != "en" else None
    if match is None:
        return field
    rows, named, number = match.group(2), match.group(3), match.group(4)
    at = said("at_rows" if match.group(1) == "rows" else "at_row", lang, rows=rows)
    if named is not None:
        return said("at_column_named", lang, at=at, column=named)
    return said("at_column", lang, at=at, column=number) if number is not None else at


def kind_word(kind: str, lang: str) -> str:
    """What a value of ``kind`` is called in ``lang`` (``int``: a whole number; ``nothing``: nothing)."""
    table = words()["kinds"]
    return table.get(lang, table["en"])[kind]


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: Any, limit: int = MAX_ECHO) -> str:
    """``text`` as one safe line: unsafe characters escaped, cut to ``limit`` characters."""
    raw = str(text) if not isinstance(text, str) else text
    if len(raw) > 4 * limit:  # never escape megabytes only to throw them away
        raw = raw[:4 * limit]
    out = _UNSAFE.sub(_escape, raw)
    return out if len(out) <= limit else out[:limit - 3] + "..."


def clean_lines(text: str) -> str:
    """Multi-line program output with every line made safe (newlines kept, no limit)."""
    return "\n".join(clean(line, limit=10_000) for line in text.split("\n"))


def format_path(path: Sequence[str | int]) -> str:
    """Render a field path as ``components[3].faces[0].title.fr``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """Return the closest known spelling of ``word``, if one is close enough."""
    word = str(word)
    if len(word) > 100:  # no real id is that long; comparing would only cost time
        return None
    choices = [str(c) for c in choices]
    matches = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not matches:  # 'KING_LUI', 'A4': the right word in other capitals
        by_case = {c.casefold(): c for c in reversed(choices)}  # of 'Sun' and 'sun', the first
        matches = [by_case[m] for m in difflib.get_close_matches(word.casefold(), list(by_case), n=1, cutoff=0.6)]
    return matches[0] if matches else None


class InputError(Exception):
    """Bad input, reported as one line: ``file:line: field: message (did you mean 'x'?)``."""

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        line: int | None = None,
        field: Sequence[str | int] | str | None = None,
        hint: str | dict[str, str] | None = None,
        key: str | None = None,
        fields: dict[str, Any] | None = None,
    ) -> None:
        self.message = message
        self.key = key  # the sentence's key in errors.json, when it has one; its fields
        self.fields = dict(fields or {})
        self.file = str(file) if file is not None else None
        self.line = line
        self.field = format_path(field) if isinstance(field, (tuple, list)) else field
        self.hint = hint
        super().__init__(str(self))

    def __reduce__(self) -> tuple[Any, ...]:  # survives pickling from worker processes
        return (_rebuild, (type(self), self.message, self.file, self.line, self.field, self.hint, self.key,
                           self.fields))

    def __str__(self) -> str:
        return self.said("en")

    def said(self, lang: str) -> str:
        """The line in ``lang``: where, which field, the sentence (in ``lang`` when it has a key) and the hint."""
        where = ""
        if self.file:
            where = clean(self.file) + (f":{self.line}" if self.line else "") + ": "
        field = said("field", lang, field=field_said(clean(self.field, 120), lang)) if self.field else ""
        shown = self.hint.get(lang, self.hint["en"]) if isinstance(self.hint, dict) else self.hint  # words: worded
        hint = said("did_you_mean", lang, hint=clean(shown, 80)) if shown else ""
        message = said(self.key, lang, **self.fields) if self.key and lang != "en" else self.message
        return f"{where}{field}{clean(message, 400)}{hint}"

    def lines(self, lang: str = "en") -> list[str]:
        """The one-line messages this error stands for, in ``lang``."""
        return [self.said(lang)]


def _rebuild(cls: type[InputError], message: str, file: str | None, line: int | None, field: str | None,
             hint: str | None, key: str | None = None, fields: dict[str, Any] | None = None) -> InputError:
    return cls(message, file=file, line=line, field=field, hint=hint, key=key, fields=fields)


class InputErrors(InputError):
    """Several problems found in one run (at most ``MAX_ERRORS``), one line each.

    Behaves as its first error for code that expects one ``InputError``.
    """

    def __init__(self, errors: Sequence[InputError], more: int = 0) -> None:
        if not errors:
            raise ValueError("InputErrors needs at least one error")
        self.errors = list(errors)[:MAX_ERRORS]
        self.more = more + max(0, len(errors) - MAX_ERRORS)
        first = self.errors[0]
        super().__init__(first.message, file=first.file, line=first.line, field=first.field, hint=first.hint,
                         key=first.key, fields=first.fields)

    def __reduce__(self) -> tuple[Any, ...]:
        return (InputErrors, (self.errors, self.more))

    def lines(self, lang: str = "en") -> list[str]:
        out = [line for e in self.errors for line in e.lines(lang)]
        if self.more:
            out.append(said("more_one", lang) if self.more == 1 else said("more", lang, n=str(self.more)))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines()) if hasattr(self, "errors") else super().__str__()


def raise_all(errors: Sequence[InputError]) -> None:
    """Raise nothing, the one error, or all of them as ``InputErrors``."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InputErrors(errors)


class KeyedValueError(ValueError):
    """A model validator's refusal with its sentence in ``errors.json``: pydantic keeps the exception in the
    error's context, so ``load.validate`` says it in the command's language (``message``, the English, is what
    it always said)."""

    def __init__(self, message: str, *, key: str, fields: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.fields = dict(fields or {})


class GamesFailed(Exception):
    """A command stopped because games could not be played (``cardgen.simulate.failures``): one line per
    deck and player count; the command's exit status is 1 and it gives no answer drawn from them."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        super().__init__("; ".join(lines))

    def __reduce__(self) -> tuple[object, ...]:  # survives pickling from worker processes
        return (GamesFailed, (self.lines,))


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM, raised by the command's signal handler (``lifecycle.on_term``).

    A subclass so that a signal is never mistaken for project code's own ``raise
    KeyboardInterrupt`` (``guard.is_code_failure``): the handler's ``raise`` is a raise
    statement too."""
