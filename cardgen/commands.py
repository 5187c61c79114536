"""One library function per ``cardgen`` command: what the command does, once its arguments are parsed.

``cardgen/cli.py`` parses the command line and calls one of these with typed arguments (plain
values or a dataclass of options, never an ``argparse.Namespace``); tests call them directly. Each
returns the command's exit code: 0 success, 1 a check failed (or a build refused); bad input raises
``InputError``, which the command line's process handling (``cardgen.lifecycle``) turns into one line
and exit code 2. What the process needs around a command (signals, the terminal's language, limits on
project code, the sweep of dead writers' temporaries) stays with the command line.

Nothing heavy is imported at module level: an unchanged ``build`` answers from file dates without
importing pydantic, yaml or reportlab (``cardgen.unchanged``).
"""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import InputError, clean_lines

if TYPE_CHECKING:
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver
    from cardgen.simulate.compare import CompareOptions
    from cardgen.simulate.validate import ValidateOptions

#: paper sizes cardgen prints on (``build --paper``; ``check`` checks the sheets of both)
PAPERS = ("a4", "letter")


def load_deck_stages() -> None:
    """Import pydantic and the resolver the cheap way (``cardgen.speedups``): before anything else imports
    pydantic (the options of validate and compare do), which keeps asyncio's 35 ms out of reading decks."""
    from cardgen.speedups.gcpolicy import collected_once
    from cardgen.speedups.pydantic_import import import_pydantic
    with collected_once():
        import_pydantic()
        import cardgen.resolve.resolve  # noqa: F401


def _resolver(project: Project) -> Resolver:
    """The resolver of ``project``, its modules imported first (``load_deck_stages``)."""
    load_deck_stages()
    from cardgen.resolve.resolve import Resolver
    return Resolver(project)


def _opened(project_dir: str | None) -> tuple[Project, Resolver]:
    """The project in ``project_dir`` (None: found from here) and its resolver."""
    from cardgen.load.project import Project
    project = Project.open(project_dir)
    return project, _resolver(project)


def _selected(project: Project, resolver: Resolver, names: Sequence[str]) -> list[Any]:
    """The decks and variants ``names`` select (none: every one of the project), resolved."""
    return [resolver.resolve(sid if sid in project.sources else str(path)) for sid, path in project.select(names)]


def deck_languages(decks: Sequence[Any]) -> list[str]:
    """Every language of ``decks``, each once, in the order the decks list them."""
    return list(dict.fromkeys(lang for deck in decks for lang in deck.languages))


def drawing_checks(decks: list[Any], langs: Sequence[str], papers: Sequence[str],
                   grid: tuple[int, int] | None = None, gutter_mm: float = 0.0) -> None:
    """What drawing would refuse (faces, sheets, a ``--grid`` too big), all of it in one ``InputError``."""
    from cardgen.check.faces import deck_sources, face_errors, sheet_errors, unique_errors
    from cardgen.errors import raise_all
    # a broken project layout or symbol used by several decks is still one line
    raise_all(unique_errors([e for deck in decks
                             for e in face_errors(deck, [lang for lang in langs if lang in deck.languages])
                             + sheet_errors(deck, papers, grid, gutter_mm)],
                            {f for deck in decks for f in deck_sources(deck)}))


# --- inspect, export, check ---------------------------------------------------------------------------------

def check_command(project_dir: str | None, names: Sequence[str], lang: str = "en") -> int:
    """``cardgen check``: the decks' syntax and drawing refused as bad input, then every static check printed
    per deck and a summary in ``lang``; 1 if any check failed, else 0."""
    project, resolver = _opened(project_dir)
    decks = _selected(project, resolver, names)
    from cardgen.errors import raise_all
    from cardgen.games.project import syntax_error
    raise_all(list({str(e): e for d in decks if (e := syntax_error(d.spec)) is not None}.values()))
    drawing_checks(decks, deck_languages(decks), PAPERS)
    from cardgen.check.static import run_checks, said_once
    from cardgen.inspect import checks_summary, format_checks
    from cardgen.terminal import echo
    failed = 0
    for deck in decks:
        results = said_once(run_checks(deck))
        failed += sum(not r.passed for r in results)
        echo(clean_lines(format_checks(deck, results, lang)))
    echo(checks_summary(len(decks), failed, lang))
    return 1 if failed else 0
