"""Render a game's rulebook template into rulebook markup, in one language.

The template (``templates/rulebook/<game>.j2``) writes English msgids inside
``{% trans %}`` blocks; the gettext callables installed here translate them from
the language's catalog and fill the named placeholders, formatting every number
with the language's conventions (Babel), so a template never formats numbers.
A project may override or add a template in its own ``templates/rulebook/``.
"""
from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal
import sys
import traceback

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, TemplateError, \
    TemplateSyntaxError, pass_context
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from cardgen import languages
from cardgen.errors import InputError
from cardgen.jinjacache import Bytecode
from cardgen.text import in_sentence, times

from cardgen.model.deck import ResolvedDeck
from cardgen.rulebook.catalog import COMMON, TEMPLATE_DIR, translations
from cardgen.rulebook.context import build_context

#: Babel locale of each shipped book language (number formats, list joining).
LOCALES = languages.LOCALES


def locale_of(lang: str) -> str:
    return languages.locale(lang)


def format_number(value: Any, lang: str) -> Any:
    """``value`` formatted for ``lang`` if it is a number (not a bool), else unchanged."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    return _formatted(value, lang)


@lru_cache(maxsize=4096, typed=True)  # typed: 2 and 2.0 are written differently
def _formatted(value: int | float, lang: str) -> str:
    """Babel's ``format_decimal`` of ``value`` for ``lang``, remembered: a book writes the same few
    numbers hundreds of times, and Babel parses the locale name on each call."""
    return format_decimal(value, locale=locale_of(lang))


def _fill(ctx: Context, text: str, variables: dict[str, Any]) -> str:
    lang = ctx.get("lang", "en")
    rv: str = Markup(text) if ctx.eval_ctx.autoescape else text
    return rv % {k: format_number(v, lang) for k, v in variables.items()}


def _make_callables(lang: str, domain: str) -> dict[str, Any]:
    tr = translations(lang, domain)

    @pass_context
    def gettext(ctx: Context, message: str, **variables: Any) -> str:
        return _fill(ctx, tr.gettext(message), variables)

    @pass_context
    def ngettext(ctx: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return _fill(ctx, tr.ngettext(singular, plural, num), variables)

    return {"gettext": gettext, "ngettext": ngettext}


#: Largest template file read (ours are ~30 kB).
MAX_TEMPLATE_BYTES = 1 << 20


class _RegularFiles(FileSystemLoader):
    """A file loader that reads only regular files of sane size (a FIFO or device cannot hang a build)."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Any]:
        import os
        import stat

        from jinja2.loaders import split_template_path

        for base in self.searchpath:
            path = os.path.join(base, *split_template_path(template))
            try:
                st = os.stat(path)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_TEMPLATE_BYTES:
                raise InputError(f"rulebook template is not a regular file of at most {MAX_TEMPLATE_BYTES} bytes",
                                 file=path, key="template_size", fields={"most": MAX_TEMPLATE_BYTES})
            break
        return super().get_source(environment, template)


def template_dirs(project: Path | None) -> list[Path]:
    """Where templates are looked up: the project's own first, then cardgen's."""
    dirs = []
    if project is not None and (project / "templates" / "rulebook").is_dir():
        dirs.append(project / "templates" / "rulebook")
    dirs.append(TEMPLATE_DIR)
    return dirs


#: compiled templates shared by every language's environment and kept between runs (``cardgen.jinjacache``)
BYTECODE = Bytecode(__file__)


@cache
def environment(lang: str, dirs: tuple[Path, ...] = (TEMPLATE_DIR,), domain: str = COMMON) -> Environment:
    """The Jinja2 environment of one language and catalog domain (cached: templates compile once).

    Templates run in Jinja's sandbox: a project's own template is data a stranger
    may have written, so it can read the deck it is given but reach no Python
    internals (``cycler.__init__.__globals__``, ``__class__``, ``__subclasses__``...).
    Not the immutable sandbox: the shipped templates build lists with ``append``.
    """
    env = SandboxedEnvironment(
        loader=ChoiceLoader([_RegularFiles(str(d)) for d in dirs]),
        extensions=["jinja2.ext.i18n"], autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=StrictUndefined, keep_trailing_newline=True, bytecode_cache=BYTECODE)
    env.policies["ext.i18n.trimmed"] = True
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    env.globals.update(_make_callables(lang, domain))
    env.filters["num"] = lambda v: format_number(v, lang)
    env.filters["names"] = lambda items: format_list([str(i) for i in items], locale=locale_of(lang))
    env.filters["times"] = lambda n: times(n, lang)  # "twice", "2 fois", "2 volte" (cardgen/text.json)
    env.filters["in_sentence"] = lambda name: in_sentence(str(name), lang)  # "under the Baron" (cardgen/text.json)
    return env


#: Template of a game that has none of its own: components, clarifications, credits.
GENERIC = "_generic.j2"


def template_name(game: str) -> str:
    return f"{game}.j2"


def has_rulebook(resolved: ResolvedDeck) -> bool:
    """True when the game of ``resolved`` has its own rulebook template (not the generic one)."""
    return any((d / template_name(resolved.game)).is_file() for d in template_dirs(resolved.project))


def render_markup(resolved: ResolvedDeck, lang: str) -> str:
    """The rulebook of ``resolved`` in ``lang`` as markup (see ``cardgen.rulebook.markup``).

    A game without a template of its own gets the generic booklet (components and
    credits, with a notice that its rules are not written yet).
    """
    own = has_rulebook(resolved)
    dirs = tuple(template_dirs(resolved.project))
    env = environment(lang, dirs, resolved.game if own else COMMON)
    name = template_name(resolved.game) if own else GENERIC
    try:
        markup = env.get_template(name).render(**build_context(resolved, lang).as_dict())
        if len(dirs) > 1:  # the project has templates of its own: their words must print too
            _check_printable(markup, resolved)
        return markup
    except TemplateSyntaxError as exc:
        raise InputError(f"rulebook template: {exc.message}", file=_shown(exc.filename or name, resolved),
                         line=exc.lineno, key="template_error", fields={"why": exc.message}) from None
    except TemplateError as exc:  # undefined names, sandbox refusals, bad filters
        file, line = _template_frame(sys.exc_info()[2], name)
        raise InputError(f"rulebook template: {type(exc).__name__}: {exc.message or exc}",
                         file=_shown(file, resolved), line=line,
                         key="template_error", fields={"why": f"{type(exc).__name__}: {exc.message or exc}"}) from None


def _check_printable(markup: str, resolved: ResolvedDeck) -> None:
    """Refuse a book whose text holds a character the fonts cannot print (deck texts were checked already)."""
    from cardgen.check.text import string_problems

    problem = string_problems(plain_text(markup), paragraph=True)
    if problem:
        raise InputError(f"rulebook template writes text that cannot print: {problem}", file=template_file(resolved),
                         key="template_unprintable", fields={"why": problem})


def template_file(resolved: ResolvedDeck) -> str:
    """The rulebook template ``resolved`` uses, as shown in messages."""
    name = template_name(resolved.game) if has_rulebook(resolved) else GENERIC
    for d in template_dirs(resolved.project):
        if (d / name).is_file():
            return _shown(str(d / name), resolved)
    return name


def _shown(file: str, resolved: ResolvedDeck) -> str:
    path = Path(file)
    for base in (resolved.project, TEMPLATE_DIR.parent.parent):
        try:
            return str(path.resolve().relative_to(Path(base).resolve()))
        except ValueError:
            continue
    return file


def _template_frame(tb: Any, default: str) -> tuple[str, int | None]:
    """The innermost template file and line of a Jinja traceback (Jinja rewrites frames to them)."""
    found: tuple[str, int | None] = (default, None)
    for frame in traceback.extract_tb(tb):
        if frame.filename.endswith(".j2"):
            found = (frame.filename, frame.lineno)
    return found


def compile_template(resolved: ResolvedDeck) -> None:
    """Compile the rulebook template of ``resolved`` now (into ``BYTECODE``), e.g. before forking workers."""
    own = has_rulebook(resolved)
    env = environment("en", tuple(template_dirs(resolved.project)), resolved.game if own else COMMON)
    env.get_template(template_name(resolved.game) if own else GENERIC)


_TAGS = re.compile(r"<[^>]+>")
_SPACES = re.compile(r"[ \t\r\f\v]+")


def plain_text(markup: str) -> str:
    """The words of some markup, tags removed, entities decoded (for checks)."""
    import html

    text = _TAGS.sub(" ", markup)
    text = html.unescape(text)
    lines = (_SPACES.sub(" ", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)
