"""The one Jinja2 environment of the report pages (``templates/report/``), autoescaped.

Every HTML page and every chart of a report is a template under ``templates/report/``
(shipped as ``cardgen/templates/report`` in a wheel, found by ``cardgen.paths``, as the
rulebook's templates are). Autoescaping is on for ``.html`` and ``.svg`` templates, so a
deck, variant or card name is escaped wherever it lands and no code escapes by hand;
``StrictUndefined`` turns a misspelt variable into an error instead of an empty cell.
These templates are cardgen's own (a project cannot override them), so they run in an
ordinary, not a sandboxed, environment.

A fragment one template renders for another (a chart, a table) comes back as ``Markup``:
it is already escaped, and the page including it must not escape it twice.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup

from cardgen import languages
from cardgen.jinjacache import Bytecode
from cardgen.paths import templates_dir

#: The report templates' folder.
TEMPLATE_DIR = templates_dir() / "report"


#: one end of an interval as any page prints it: "+0.3", "−0.8", "10,7 %" (a narrow no-break space before "%"), "1,384"
_END = r"[+\-\u2212]?\d[\d.,\u202f\u00a0]*(?:[ \u202f\u00a0]?%)?"
#: the spaces a typeset interval may hold between its ends: ordinary, no-break, narrow no-break
_SPACE = "[ \u00a0\u202f]"


@cache
def _intervals() -> re.Pattern[str]:
    """An interval in any language's form, read from the terminal's one ``interval`` line ("[{low} to {high}]",
    "[{low} ; {high}]", "[{low}; {high}]"): every sentence and table cell writes its intervals in that form."""
    from cardgen.terminal import LINES

    forms = []
    for lines in LINES.values():
        before, rest = lines["interval"].split("{low}")
        between, after = rest.split("{high}")
        forms.append(_SPACE.join(map(re.escape, before.split(" "))) + _END
                     + _SPACE.join(map(re.escape, between.split(" "))) + _END
                     + _SPACE.join(map(re.escape, after.split(" "))))
    return re.compile("|".join(dict.fromkeys(forms)))


def unbroken(text: str) -> str:
    """``text`` with every interval in it made one unbreakable run, its ordinary spaces no-break ones: a browser
    broke "[10,7 % ; 21,4 %]" after its "; " and "[−0.8 to +1.3]" before its "to" (eighteenth reading fr72),
    where the terminal keeps an interval on one row (``terminal.fit``). Every page's printed value goes through
    it (``environment``'s ``finalize``), so no page, table cell or sentence needs its own rule."""
    return _intervals().sub(lambda m: m.group(0).replace(" ", "\u00a0"), text)


#: a command in a sentence, from "cardgen" to the sentence's end, and an option anywhere ("--games"): a phone's line
#: broke after the "--" of "--games" and inside "draco-charity-toast", and the command a designer copied failed
#: (twentieth reading en88, it51; fr93)
_COMMAND = re.compile(r"\bcardgen(?: +[^ ]+)+|(?<![\w-])--[a-z][a-z0-9-]*")
#: a command's word longer than this (a path) may still break where it must, rather than run off a phone's screen
_LONGEST_KEPT = 32
#: a range of numbers ("11–12": a score band), broken after its dash on a phone
_RANGE = re.compile(r"(?<=\d)\u2013(?=\d)")


def _keep_words(command: re.Match[str]) -> str:
    """A command (escaped already) in ``nw`` spans a line breaks between, never inside: its words up to its first
    option ("cardgen validate king_lui"), each option with its value ("--players 5"), any other word with a hyphen
    in it; a line broke "cardgen⏎validate royale" and "cardgen validate⏎king_lui" (round 32 fr34, it42). A group
    longer than ``_LONGEST_KEPT`` (a path) is left to break where it must. A command of one group ("cardgen fix
    draco") keeps its hyphenated words alone whole, as before: no option to keep with its value."""
    words = command.group(0).split(" ")
    groups: list[list[str]] = []
    for i, word in enumerate(words):
        lead = i > 0 and all(not w.startswith("--") for w in words[:i + 1]) and words[0] == "cardgen"
        value = i > 0 and words[i - 1].startswith("--") and not word.startswith("--")
        if (lead or value) and groups and word:
            groups[-1].append(word)
        else:
            groups.append([word])

    def kept_group(group: list[str]) -> str:
        said = " ".join(group)
        if len(said) > _LONGEST_KEPT:  # a path: each hyphenated word kept, the rest free to break
            return " ".join(f'<span class="nw">{w}</span>' if "-" in w and len(w) <= _LONGEST_KEPT else w
                            for w in group)
        return f'<span class="nw">{said}</span>' if len(group) > 1 or "-" in said else said
    if len(groups) == 1:
        return " ".join(f'<span class="nw">{w}</span>' if "-" in w and len(w) <= _LONGEST_KEPT else w
                        for w in groups[0])
    return " ".join(kept_group(g) for g in groups)


def kept(text: str) -> str | Markup:
    """``text`` as a page prints it: its intervals unbroken (``unbroken``), a range of numbers joined after its dash
    (a word joiner: invisible, harmless in an attribute), and each word of a command with a hyphen in it, or an
    option anywhere, in a ``nw`` span the stylesheets keep on one line: never a joiner there, which a copied
    command would carry into the shell. Commands appear in sentences only, never in an attribute a template fills
    (card names, column heads, links)."""
    text = _RANGE.sub("\u2013\u2060", unbroken(text))
    if not _COMMAND.search(text):
        return text
    return Markup(_COMMAND.sub(_keep_words, str(Markup.escape(text))))


@pass_context
def _finalize(context: Context, value: Any) -> Any:
    """A value an HTML template prints, as pages print it: a plain string's intervals unbroken (``unbroken``); a
    fragment already rendered (``Markup``: a chart, a table) went through this when it was rendered. A chart's
    text (``.svg``) is left as written: an SVG text never wraps, and its hover titles read as the terminal's."""
    if isinstance(value, str) and not isinstance(value, Markup) and not str(context.name).endswith(".svg"):
        return kept(value)
    return value


def percent(x: Any, lang: str = "en", signed: bool = False, places: int = 1) -> str:
    """``languages.percent`` for templates, with a dash where there is no figure."""
    return "–" if not isinstance(x, (int, float)) else languages.percent(x, lang, signed, places)


@cache
def environment() -> Environment:
    """The report pages' environment: autoescaped, strict, whitespace kept as the templates write it."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)),
                      autoescape=select_autoescape(enabled_extensions=("html", "svg"), default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                      finalize=_finalize, bytecode_cache=Bytecode(__file__))
    env.filters["percent"] = percent
    return env


def render(name: str, **context: Any) -> Markup:
    """Template ``name`` (``page.html``, ``charts.svg``...) filled with ``context``.

    The result is ``Markup`` because our own autoescaped template produced it: a page that
    embeds it (a chart in a figure) must not escape it again."""
    return Markup(environment().get_template(name).render(**context))


def macro(name: str, macro_name: str, *args: Any, **kwargs: Any) -> Markup:
    """One macro of template ``name`` called from Python (a chart, a table), as ``Markup`` (see ``render``)."""
    return Markup(getattr(environment().get_template(name).module, macro_name)(*args, **kwargs))


def capital(text: str) -> str:
    """``text`` with its first letter a capital (``nombre minimal de joueurs`` -> ``Nombre minimal…``)."""
    return text[:1].upper() + text[1:]


def coded(text: str, *commands: str) -> Markup | str:
    """``text`` with each of ``commands`` in it (its first time) set as code, as every other command on a page: King
    Lui's "to find out, play more games: cardgen validate king_lui --players 4 --games 1200" was plain text, broken
    mid-command on a phone (round 30 it45); the French overview's « option --seed » beside a coded ``--skill``
    (round 34 fr26)."""
    from markupsafe import escape

    found = sorted((text.index(c), c) for c in dict.fromkeys(commands) if c and c in text)
    if not found:
        return text
    out, at = [], 0
    for start, command in found:
        if start < at:  # inside a command already set
            continue
        # each part as a page prints it: options kept on one line (``kept``)
        out.append(f"{escape(kept(text[at:start]))}<code>{escape(kept(command))}</code>")
        at = start + len(command)
    return Markup("".join(out) + str(escape(kept(text[at:]))))
