"""The command line's refusals of bad arguments, in the command's language (issue 53).

argparse reads ``--games 0`` before it reads ``--lang fr``, and words its own refusals ("invalid
choice", "the following arguments are required") in English. So the command line looks for
``--lang`` in the raw arguments first (``language_of``); cardgen's own argument types raise
``Refused`` (a sentence's key in ``errors.json`` and its fields, never a finished English line); and
the parser's ``error`` turns what it is given into one line of ours (``refusal_line``): a ``Refused``
from the exception being handled, else argparse's own message recognised by its shape and said with
our words. English lines read as before.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any

from cardgen.errors import clean, did_you_mean, said, words
from cardgen.languages import SHIPPED, plain


class Refused(argparse.ArgumentTypeError):
    """A bad argument value: the key of its sentence in ``errors.json``, its fields and a did-you-mean."""

    def __init__(self, key: str, hint: str | None = None, **fields: Any) -> None:
        self.key, self.hint, self.fields = key, hint, fields
        super().__init__(self.said("en"))

    def said(self, lang: str) -> str:
        """The refusal in ``lang``, its numbers with the language's decimal sign, its did-you-mean after it."""
        fields = {k: plain(v, lang) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
                  for k, v in self.fields.items()}
        line = said(self.key, lang, **fields)
        return line + (said("did_you_mean", lang, hint=clean(self.hint, 80)) if self.hint else "")


def language_of(argv: Sequence[str]) -> str:
    """The shipped language ``--lang`` names in ``argv`` (its first code, for ``--lang fr,it``), else English."""
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg[len("--lang="):]
        if value is not None:
            first = value.split(",")[0].strip()
            return first if first in SHIPPED else "en"
    return "en"


def one_of(allowed: Sequence[str]):
    """An argparse type: one value of ``allowed`` (refused in the command's language, with a did-you-mean)."""
    def parse(value: str) -> str:
        if value in allowed:
            return value
        raise Refused("arg_choice", hint=did_you_mean(value, allowed), value=clean(value, 30),
                      expected=", ".join(allowed))
    return parse


#: argparse's own refusals (Python 3.11-3.13), by shape: our sentence's key and the fields each group fills
_ARGPARSE: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = tuple(
    (re.compile(pattern), key, names) for pattern, key, names in (
        (r"unrecognized arguments: (.*)", "arg_unrecognized", ("args",)),
        (r"the following arguments are required: (.*)", "arg_required", ("args",)),
        (r"one of the arguments (.*) is required", "arg_one_required", ("args",)),
        (r"ambiguous option: (\S+) could match (.*)", "arg_ambiguous", ("option", "matches")),
        (r"argument (\S+): expected one argument", "arg_value", ("option",)),
        (r"argument (\S+): expected at least one argument", "arg_values", ("option",)),
        (r"argument (\S+): not allowed with argument (\S+)", "arg_not_with", ("option", "other")),
    ))


def _framed(key: str, lang: str, message: str, **fields: str) -> str:
    """The frame ``key`` ("argument {option}: {message}") around ``message``, already made safe and in
    ``lang``: not cut again to a field's length (a language refusal lists some sixty codes)."""
    table = words()["lines"]
    return table.get(lang, table["en"])[key].format(message=message, **{k: clean(v, 200) for k, v in fields.items()})


def _refused(exc: BaseException | None) -> tuple[str, Refused] | None:
    """The option and ``Refused`` behind the argparse error being handled, if one of ours caused it."""
    if isinstance(exc, Refused):  # refused before argparse ran (an unknown command)
        return "", exc
    if isinstance(exc, argparse.ArgumentError):
        cause = exc.__cause__ or exc.__context__
        if isinstance(cause, Refused):
            return exc.argument_name or "", cause
    return None


def refusal_line(prog: str, message: str, lang: str, exc: BaseException | None = None) -> str:
    """The one line (without the ``cardgen: error:`` prefix) for the parse error ``message`` argparse gave
    ``prog``'s ``error``, while ``exc`` (default: the exception being handled) was raised, said in ``lang``."""
    exc = sys.exc_info()[1] if exc is None else exc
    first = message.splitlines()[0] if message else ""
    ours = _refused(exc)
    if ours is not None:
        option, refused = ours  # a refusal that names its option itself ("--games 0: ...") needs no "argument"
        named = option and "option" not in refused.fields
        text = _framed("argument", lang, refused.said(lang), option=option) if named else refused.said(lang)
    else:
        text = said("arg_other", lang) if lang != "en" else clean(first or "bad arguments", 400)
        if isinstance(exc, argparse.ArgumentError) and exc.argument_name and lang != "en":  # a type's own words
            text = _framed("argument", lang, clean(exc.message, 400), option=exc.argument_name)
        for pattern, key, names in _ARGPARSE:
            found = pattern.fullmatch(first)
            if found:
                fields = {name: clean(value, 200) for name, value in zip(names, found.groups())}
                line = said(key, lang, **fields)
                option = fields.get("option") if key in ("arg_value", "arg_values", "arg_not_with") else None
                text = _framed("argument", lang, line, option=option) if option else line
                break
    return _framed("in_command", lang, text + said("see_help", lang), prog=prog)


__all__ = ["Refused", "language_of", "one_of", "refusal_line"]
