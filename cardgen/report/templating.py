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

from functools import cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from cardgen import languages
from cardgen.paths import templates_dir

#: The report templates' folder.
TEMPLATE_DIR = templates_dir() / "report"


def percent(x: Any, lang: str = "en", signed: bool = False, places: int = 1) -> str:
    """``languages.percent`` for templates, with a dash where there is no figure."""
    return "–" if not isinstance(x, (int, float)) else languages.percent(x, lang, signed, places)


@cache
def environment() -> Environment:
    """The report pages' environment: autoescaped, strict, whitespace kept as the templates write it."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)),
                      autoescape=select_autoescape(enabled_extensions=("html", "svg"), default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
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
