"""Command line: parses arguments and calls library functions, nothing more.

Every command's work lives in a library function that tests call directly;
this module only turns arguments into calls and results into exit codes:
0 success, 1 a check failed, 2 bad input (one line on stderr, no traceback).
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from cardgen import commands, lifecycle
from cardgen.arguments import Refused, language_of, one_of, refusal_line
from cardgen.errors import InputError, clean
from cardgen.languages import SHIPPED

if TYPE_CHECKING:  # their modules import pydantic: imported when the options are built, after its cheap import
    from cardgen.simulate.compare import CompareOptions
    from cardgen.simulate.validate import ValidateOptions

#: the shipped games' languages (cardgen.languages, which imports neither pydantic, Babel nor pyphen)
LANGS = SHIPPED
PAPERS = commands.PAPERS
#: ``cardgen export --preset`` names (cardgen.render.export.PRESETS; a test keeps them in step).
PRESET_NAMES = ("default", "trim", "mpc")
WORKER_WAIT_HELP = ("with --scheduler: how long to wait for a Dask worker when none is left before stopping "
                    "(default: 120)")
#: Most games per deck and player count ``validate`` accepts.
MAX_GAMES = 10_000_000
#: Largest decision cap per game.
MAX_CAP = 10_000_000


class _ArgError(Exception):
    """An argparse error, raised instead of printing usage and exiting."""


#: the language ``--lang`` names in the arguments being parsed (``main`` reads it before argparse does)
_ARG_LANG = "en"


class _Parser(argparse.ArgumentParser):
    """argparse with errors as one line (no usage block) in the command's language, raised so ``main``
    prints them (``cardgen.arguments``)."""

    def error(self, message: str) -> NoReturn:
        raise _ArgError(refusal_line(self.prog, message, _ARG_LANG))


def _bounded(low: int, high: int, what: str):
    """An integer option between ``low`` and ``high``."""
    def parse(value: str) -> int:
        try:
            number = int(value.strip()) if len(value) <= 30 else None
        except ValueError:
            number = None
        if number is None:
            raise Refused("arg_whole", option=what, value=clean(value, 30))
        if not low <= number <= high:
            raise Refused("arg_range", option=what, value=number, low=low, high=high)
        return number
    return parse


def _seconds_in(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: seconds from ``low`` to ``high`` (nan and inf refused)."""
    def parse(value: str) -> float:
        try:
            number = float(value) if len(value) <= 30 else None
        except ValueError:
            number = None
        if number is None or not low <= number <= high:  # also refuses nan and inf
            raise Refused("arg_seconds", low=low, high=high, value=clean(value, 30))
        return number
    return parse


#: ``--seed`` of the commands that play games
_seed = _bounded(-(10 ** 18), 10 ** 18, "--seed")
#: ``--engine``: which tier plays the games (the simulator's ENGINES)
ENGINES = ("auto", "reference", "fast")
ENGINE_METAVAR = "{auto,reference,fast}"
#: ``--worker-wait``: seconds to wait for a Dask worker, 0 to a day
_worker_wait = _seconds_in(0.0, 86_400.0)
#: ``cardgen play --pace``: a pause of 0 to 10 s
_seconds = _seconds_in(0.0, 10.0)
#: ``--code-time-limit``: seconds one call into project code may run
_time_limit = _seconds_in(0.1, 86400.0)


def _seat_list(text: str) -> list[int]:
    """``1,3``: seats from 1 (``cardgen play --people``)."""
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise Refused("arg_seats", value=clean(text, 30)) from None
    if not seats or any(not 1 <= s <= 64 for s in seats):
        raise Refused("arg_seats_range", high=64, value=clean(text, 30))
    return seats


def _max_jobs() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return 4 * cores


def _grid(value: str) -> tuple[int, int]:
    """``3x3``: columns and rows of cards per page (1 to 10 each)."""
    cols, sep, rows = value.lower().partition("x")
    if not (sep and cols.strip().isdigit() and rows.strip().isdigit()
            and 1 <= int(cols) <= 10 and 1 <= int(rows) <= 10):
        raise Refused("arg_grid", value=clean(value, 30))
    return int(cols), int(rows)


def _gutter(value: str) -> float:
    """Millimetres between cards of a ``--grid``: 0 to 20."""
    try:
        number = float(value) if len(value) <= 20 else float("nan")
    except ValueError:
        number = float("nan")
    if not 0 <= number <= 20:  # also refuses nan
        raise Refused("arg_gutter", value=clean(value, 30))
    return number


def _languages(value: str) -> list[str]:
    """``--lang fr,de``: language codes cardgen can print (``cardgen.languages``); the decks' own
    ``languages:`` then decide which of them each deck is built in."""
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise Refused("arg_no_language", value=clean(value, 30))
    for item in items:
        if item in LANGS:
            continue
        from cardgen.languages import is_code, printable, problem, supported
        why = problem(item)
        if why is not None and (not is_code(item) or item not in supported()):
            raise Refused("arg_language", hint=why[1], value=clean(item, 30), codes=", ".join(printable()))
        if why is not None:  # a script the fonts cannot print: its own words
            raise argparse.ArgumentTypeError(clean(why[0], 400) + (f" (did you mean '{why[1]}'?)" if why[1] else ""))
    return items


def _language(value: str) -> str:
    """``--lang de``: one language code cardgen can print."""
    items = _languages(value)
    if len(items) != 1:
        raise Refused("arg_one_language", value=clean(value, 30))
    return items[0]


def _shipped_language(value: str) -> str:
    """``--lang fr`` of validate, compare and tune: a language cardgen's own words are written in
    (``cardgen.languages.SHIPPED``); its terminal lines and reports follow it."""
    lang = value.strip()
    if lang in LANGS:
        return lang
    from cardgen.languages import closest
    hint = closest(lang, LANGS) if len(lang) <= 30 else None
    raise Refused("arg_shipped_language", hint=hint, value=clean(value, 30), expected=", ".join(LANGS))


#: ``--lang`` of the commands that simulate (validate, compare, tune)
LANG_HELP = "language of every line the terminal prints, and of compare's report: en (default), fr or it"


def _papers(value: str) -> list[str]:
    """``--paper a4,letter``: paper sizes of ``PAPERS``."""
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise Refused("arg_no_paper", expected=", ".join(PAPERS), value=clean(value, 30))
    for item in items:
        if item not in PAPERS:
            from cardgen.errors import did_you_mean
            raise Refused("arg_paper", hint=did_you_mean(item, PAPERS), value=clean(item, 30),
                          expected=", ".join(PAPERS))
    return items


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardgen", description="Print-and-play sheets, rulebooks and a rules "
                                "validator for card-game decks and house-rule variants.")
    p.add_argument("--project", default=None, help=PROJECT_HELP)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    n = sub.add_parser("new", help="write a starter project (a print-only deck from a CSV file) into DIR")
    n.add_argument("directory", metavar="DIR", help="a new or empty folder")
    n.add_argument("--rules", action="store_true",
                   help="a small game cardgen can play: a rules file (rules.py) and a variant to compare")
    n.add_argument("--lang", default="en", metavar="LANG",
                   help="the language of the starter's texts and rule sheet: en (default), de, es, nl, pt")

    b = sub.add_parser("build", help="card sheets and rulebooks into out/")
    b.add_argument("decks", nargs="*", metavar="DECK_OR_VARIANT")
    b.add_argument("--lang", type=_languages, default=None,
                   help="comma-separated language codes, e.g. fr,en or de (default: every language each deck has); "
                        "build's own lines speak the first, where cardgen has words for it")
    b.add_argument("--paper", type=_papers, default=list(PAPERS),
                   help=f"comma-separated, from {', '.join(PAPERS)} (default: both)")
    b.add_argument("--duplex", type=one_of(("long", "short", "none")), default="long", metavar="{long,short,none}",
                   help="long: flip on the long edge (default); short: on the short edge; none: single-sided, "
                        "backs to glue (file name ...-simplex.pdf)")
    b.add_argument("--ink-saver", action="store_true", help="no large solid fills, light outlines "
                   "(file name ...-inksaver.pdf)")
    sides = b.add_mutually_exclusive_group()
    sides.add_argument("--fronts-only", action="store_true", help="no backs at all (file name ...-fronts.pdf)")
    sides.add_argument("--backs-once", action="store_true",
                       help="when every card has the same back: the fronts, then one page of backs to print "
                            "once per page of fronts (file name ...-backsonce.pdf)")
    b.add_argument("--watch", action="store_true", help="build, then build again what changed on every save "
                   "(one line per rebuild; the gallery page reloads itself); Ctrl-C stops")
    b.add_argument("--grid", type=_grid, metavar="COLSxROWS", help="cards per page, e.g. 3x3 (default: as many "
                   "as fit, bleeds touching; file name ...-3x3.pdf)")
    b.add_argument("--gutter", type=_gutter, metavar="MM", help="with --grid: millimetres between "
                   "neighbouring cards (default 0: they share their cut lines)")
    b.add_argument("--no-instructions", action="store_true", help="no first page of printing instructions and "
                   "calibration ruler (file name ...-noinstructions.pdf)")
    b.add_argument("--out", default="out", help="output folder (default: out)")
    b.add_argument("--no-rules", action="store_true", help="card sheets only, no rulebooks")
    b.add_argument("--proof", action="store_true",
                   help="also write <deck>/proof.txt: every sentence of the rulebook in each language, side by side")
    b.add_argument("--force", action="store_true", help="print decks whose static checks fail (listed as warnings)")

    i = sub.add_parser("inspect", help="show the resolved deck")
    i.add_argument("deck", metavar="DECK_OR_VARIANT")
    i.add_argument("--json", action="store_true")
    i.add_argument("--lang", type=_language, default=None,
                   help="language of names (default: en, or the deck's first language)")

    c = sub.add_parser("check", help="static checks for every player count")
    c.add_argument("decks", nargs="*", metavar="PATH")
    c.add_argument("--lang", type=_shipped_language, default="en", metavar="LANG",
                   help="language of every line check prints: en (default), fr or it")

    s = sub.add_parser("schema", help="JSON Schema of deck and variant files")
    s.add_argument("--out", help="write to this file instead of standard output")

    e = sub.add_parser("export", help="PNG per card or Tabletop Simulator sheets")
    e.add_argument("format", type=one_of(("png", "tts")), metavar="{png,tts}")
    e.add_argument("deck", metavar="DECK_OR_VARIANT")
    e.add_argument("--lang", type=_languages, default=None,
                   help="comma-separated language codes, e.g. fr,en or de (default: every language the deck has)")
    e.add_argument("--preset", default="default", help=f"pixel-size preset for png: {', '.join(PRESET_NAMES)} "
                   "(default: default; docs/printing.md)")
    e.add_argument("--out", default="out")

    v = sub.add_parser("validate", help="simulate games and report completion, gaps and balance")
    v.add_argument("decks", nargs="*", metavar="DECK_OR_VARIANT")
    v.add_argument("--games", type=_bounded(1, MAX_GAMES, "--games"), default=1000)
    v.add_argument("--players", type=_bounded(1, 64, "--players"), nargs="+")
    v.add_argument("--agents", nargs="+", default=None, help=AGENTS_HELP)
    v.add_argument("--seed", type=_seed, default=1)
    v.add_argument("--json", dest="json_file")
    v.add_argument("--log", dest="log_file")
    v.add_argument("--jobs", type=_bounded(0, _max_jobs(), "--jobs"), default=0,
                   help="worker processes (default: one per core; at most 4 per core)")
    v.add_argument("--cap", type=_bounded(1, MAX_CAP, "--cap"), default=10_000,
                   help="decisions after which a game counts as never ending (default: 10000)")
    v.add_argument("--out", default="out")
    v.add_argument("--engine", type=one_of(ENGINES), default="auto", metavar=ENGINE_METAVAR,
                   help="auto: a game's compiled tier where it can play these agents (same games, faster); "
                        "reference: the readable engines only; fast: fail where the compiled tier cannot play")
    v.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the games on a Dask cluster (tcp://host:8786; pip install 'cardgen[cluster]')")
    v.add_argument("--worker-wait", type=_worker_wait, default=120.0, metavar="SECONDS", help=WORKER_WAIT_HELP)

    v.add_argument("--search-iterations", type=_bounded(1, 1_000_000, "--search-iterations"), default=200,
                   help="iterations per decision of the search agent (default: 200)")
    v.add_argument("--no-designer", dest="designer", action="store_false",
                   help="skip the designer metrics and the component table (each game is replayed for them; "
                        "without, a compiled tier plays its games in batches: faster)")
    from cardgen.simulate.designer import TRACED_GAMES  # the one default (validate's options use it too)
    v.add_argument("--designer-games", type=_bounded(1, MAX_GAMES, "--designer-games"), default=TRACED_GAMES,
                   help="games traced for the designer metrics per deck and player count, the first ones "
                        f"(default: {TRACED_GAMES})")
    from cardgen.simulate.exchange import DEFAULT_POINTS, PER_POINT, POINTS
    v.add_argument("--exchange-points", type=_bounded(0, 1000, "--exchange-points"), default=DEFAULT_POINTS,
                   metavar="N", help="decisions per traced game where cards are exchanged, both futures played, for "
                   f"the card table's play experiment ({POINTS} measures it, {PER_POINT} exchanges each: about twice "
                   "the run where the game's compiled tier plays the futures, Draco, ten times elsewhere; default: "
                   f"{POINTS} where the compiled tier plays them, none elsewhere; 0: none)")
    v.add_argument("--human-logs", nargs="+", metavar="LOG", help="games people played (cardgen play's logs): "
                   "their length and wins beside the agents'")
    v.add_argument("--skill", action="store_true",
                   help="also measure skill versus luck: search against random and heuristic players")
    v.add_argument("--skill-games", type=_bounded(1, MAX_GAMES, "--skill-games"), default=100,
                   help="skill games per opponent, deck and player count (default: 100)")

    t = sub.add_parser("tune", help="search rule numbers and counts so that a deck meets target metrics")
    t.add_argument("deck", metavar="DECK_OR_VARIANT")
    t.add_argument("--param", action="append", default=[], metavar="RULE=LO..HI",
                   help="a rule number (RULE=LO..HI, RULE=a|b|c, or a yes/no RULE alone) or count:COMPONENT=LO..HI")
    t.add_argument("--target", action="append", default=[], metavar="METRIC=LO..HI",
                   help="turns, rounds, winning_score, margin, unfairness, seat_N_win_rate, skill, lead_changes, "
                        "comeback_rate, close_games, drama, decided_at, kingmaking, gap:KIND, end:REASON or "
                        "peak:NAME (the most at any one time in a game, averaged over games), with the range it should land in")
    t.add_argument("--trials", type=_bounded(1, 10_000, "--trials"), default=30)
    t.add_argument("--games", type=_bounded(1, MAX_GAMES, "--games"), default=300,
                   help="games per trial and player count (default: 300)")
    t.add_argument("--players", type=_bounded(1, 64, "--players"), nargs="+")
    t.add_argument("--agents", nargs="+", default=None, help=AGENTS_HELP)
    t.add_argument("--seed", type=_seed, default=1)
    t.add_argument("--best", type=_bounded(1, 10_000, "--best"), default=3, help="how many tuned variant files to write (default: 3)")
    t.add_argument("--out", help="folder for the tuned variants and the report (default: out/tune/DECK)")
    t.add_argument("--jobs", type=_bounded(0, _max_jobs(), "--jobs"), default=0, help="worker processes (default: one per core)")
    t.add_argument("--scheduler", metavar="ADDRESS", help="run the games on a Dask cluster (tcp://host:8786)")
    t.add_argument("--worker-wait", type=_worker_wait, default=120.0, metavar="SECONDS", help=WORKER_WAIT_HELP)
    again = t.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true",
                       help="go on with the interrupted study of these options in the output folder (an error if "
                            "there is none); by default it is taken up when there is one")
    again.add_argument("--fresh", action="store_true",
                       help="start the study again from its first trial, forgetting the one in the output folder")

    f = sub.add_parser("fix", help="from the problems validate flags to tested variants that cure them")
    f.add_argument("deck", metavar="DECK_OR_VARIANT")
    f.add_argument("--trials", type=_bounded(1, 10_000, "--trials"), default=30,
                   help="at most this many trial variants (default: 30)")
    f.add_argument("--games", type=_bounded(2, MAX_GAMES, "--games"), default=300,
                   help="games per trial and player count (default: 300)")
    f.add_argument("--players", type=_bounded(1, 64, "--players"), nargs="+")
    f.add_argument("--agents", nargs="+", default=None, help=AGENTS_HELP)
    f.add_argument("--seed", type=_seed, default=1)
    f.add_argument("--best", type=_bounded(1, 20, "--best"), default=3,
                   help="how many cures are checked and written, smallest first (default: 3)")
    f.add_argument("--out", help="folder for the proposed variants (default: out/fix/DECK)")
    f.add_argument("--jobs", type=_bounded(0, _max_jobs(), "--jobs"), default=0, help="worker processes (default: one per core)")
    f.add_argument("--scheduler", metavar="ADDRESS", help="run the games on a Dask cluster (tcp://host:8786)")
    f.add_argument("--worker-wait", type=_worker_wait, default=120.0, metavar="SECONDS", help=WORKER_WAIT_HELP)
    again = f.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true",
                       help="go on with the interrupted search of these options (an error if there is none)")
    again.add_argument("--fresh", action="store_true", help="start the search again from its first trial")

    k = sub.add_parser("compare", help="what a variant changes against a base, with 95 %% intervals")
    k.add_argument("base", metavar="BASE")
    k.add_argument("variant", metavar="VARIANT")
    k.add_argument("--games", type=_bounded(2, MAX_GAMES, "--games"), default=1000)
    k.add_argument("--players", type=_bounded(1, 64, "--players"), nargs="+")
    k.add_argument("--agents", nargs="+", default=None, help=AGENTS_HELP)
    k.add_argument("--seed", type=_seed, default=1)
    k.add_argument("--json", dest="json_file")
    k.add_argument("--jobs", type=_bounded(0, _max_jobs(), "--jobs"), default=0, help="worker processes (default: one per core)")
    k.add_argument("--out", default="out")
    k.add_argument("--engine", type=one_of(ENGINES), default="auto", metavar=ENGINE_METAVAR)
    k.add_argument("--fixed", action="store_true",
                   help="play every game asked and test once (default: stop at the first of up to 10 looks where a "
                        "figure changed beyond chance)")
    k.add_argument("--human-logs", nargs="+", metavar="LOG", help="games people played (cardgen play's logs)")
    k.add_argument("--scheduler", metavar="ADDRESS", help="run the games on a Dask cluster (tcp://host:8786)")
    k.add_argument("--worker-wait", type=_worker_wait, default=120.0, metavar="SECONDS", help=WORKER_WAIT_HELP)

    r = sub.add_parser("replay", help="re-run logged games and compare")
    r.add_argument("log", metavar="FILE")

    pl = sub.add_parser("play", help="play a deck or variant in the browser against the agents")
    pl.add_argument("deck", metavar="DECK_OR_VARIANT", nargs="?", help="the deck or variant (with --resume: "
                    "the one the log's unfinished game was played with, by default)")
    pl.add_argument("--resume", metavar="LOG", help="set up again the last unfinished game of LOG (a cardgen play "
                    "log: same deal, same seats, its moves made) and go on writing it there")
    pl.add_argument("--players", type=_bounded(1, 64, "--players"), help="default: 3, within the deck's range")
    seats = pl.add_mutually_exclusive_group()  # --people names every person's seat, --seat the one person's
    seats.add_argument("--seat", type=_bounded(1, 64, "--seat"), help="your seat, from 1 (default: 1)")
    pl.add_argument("--agents", nargs="+", help="agents rotated over the other seats (default: the game's heuristic)")
    seats.add_argument("--people", type=_seat_list, help="the seats people play, from 1, as 1,3: each gets its own "
                    "link, agents play the others (default: --seat alone)")
    pl.add_argument("--lan", action="store_true", help="listen on the local network too (default: this "
                    "machine only) and print each seat's link with a QR code")
    pl.add_argument("--seed", type=_bounded(0, 2 ** 62, "--seed"), default=None,
                    help="the first game's seed (default: a random one; never shown during a game, "
                         "the saved log has it)")
    pl.add_argument("--lang", type=one_of(LANGS), metavar="{" + ",".join(LANGS) + "}", help="the cards' and moves' language (default: en)")
    pl.add_argument("--log", dest="log_file", help="where every game is written as it goes, finished or not "
                    "(default: OUT/play/DECK.jsonl)")
    pl.add_argument("--out", default="out")
    pl.add_argument("--pace", type=_seconds, default=0.9, help="seconds between two agent moves (default: 0.9)")
    pl.add_argument("--no-browser", action="store_true", help="print the address without opening a browser")
    k = sub.add_parser("cache", help="what cardgen keeps between runs (compiled code, parsed files)")
    k.add_argument("action", type=one_of(("clear",)), metavar="{clear}", help="clear: delete all of it (it is made again when needed)")
    for command in (v, t, f, sub.choices["compare"], k):
        command.add_argument("--lang", type=_shipped_language, default="en", metavar="LANG", help=LANG_HELP)
    for command in (v, t, f, sub.choices["compare"], pl, b):
        command.add_argument("--code-time-limit", type=_time_limit, default=10.0, metavar="SECONDS",
                             help=CODE_TIME_HELP)
        command.add_argument("--code-memory", type=_bounded(0, 1 << 20, "megabytes"), default=2048, metavar="MB",
                             help=CODE_MEMORY_HELP)
    for command in sub.choices.values():  # --project before or after the command (SUPPRESS: keeps one given first)
        command.add_argument("--project", default=argparse.SUPPRESS, help=PROJECT_HELP)
        for action in command._actions:
            if action.dest == "out" and action.default == "out":
                action.default = DefaultOut("out")
    return p


#: ``--agents`` of every command that plays games (validate, compare, tune share the default)
AGENTS_HELP = ("players, rotated over the seats game by game: random (any legal move), heuristic (the game's "
               "rule of thumb), search (Monte Carlo tree search, games that can determinize) or another agent "
               "of the game's rules package; default: the game's heuristic (random where it has none), the "
               "same for validate, compare and tune")


CODE_TIME_HELP = ("seconds one call into the project's own code (a house rule's hook, a rules file) may run before "
                  "the run stops naming it (default: 10)")

CODE_MEMORY_HELP = ("megabytes of memory the project's own code may add to its process before an allocation "
                    "fails naming it (default: 2048; 0: no limit)")

PROJECT_HELP = ("project folder with decks/ and variants/ (default: this folder or the nearest one above it "
                "with decks/ or variants/)")


class DefaultOut(str):
    """``--out`` not given: ``out/`` of the project, wherever in it cardgen runs."""


def _place(args: argparse.Namespace) -> None:
    """Find the project when ``--project`` is not given, and put a default ``out`` inside it."""
    found = None
    if args.project is None and args.command not in ("new", "replay"):
        from cardgen.load.project import find_root
        found = find_root()
        args.project = str(found) if found is not None else None
    if isinstance(getattr(args, "out", None), DefaultOut):  # a plain str from here on
        args.out = str(found / "out") if found is not None and found != Path.cwd().resolve() else "out"


def _error(text: str, lang: str | None = None) -> None:
    """``text`` as one line after the language's ``cardgen: error:`` (``lifecycle.error``)."""
    lifecycle.error(text, lang)


def _known_command(parser: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """Refuse an unknown command in the command line's language, with a did-you-mean, before argparse
    would refuse it in English."""
    command = _command_of(argv)
    commands = next(a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    if command is not None and command not in commands:
        from cardgen.errors import did_you_mean
        refused = Refused("arg_command", hint=did_you_mean(command, list(commands)), value=clean(command, 30),
                          expected=", ".join(commands))
        raise _ArgError(refusal_line(parser.prog, "", _ARG_LANG, refused))


def _check_env() -> None:
    """``SOURCE_DATE_EPOCH`` (the PDFs' dates, see docs/printing.md) must be a plain timestamp."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value and not (value.isdigit() and len(value) <= 12):
        raise InputError(f"SOURCE_DATE_EPOCH={clean(value, 30)}: expected seconds since 1970 "
                         "(a whole number), or unset it", key="source_date_epoch", fields={"value": clean(value, 30)})


def run() -> NoReturn:
    """The ``cardgen`` command and ``python -m cardgen``: ``main()``, then a quick exit (``cardgen.lifecycle.run``)."""
    lifecycle.run(lambda: main(), _command_of(sys.argv[1:]))


def _command_of(argv: Sequence[str]) -> str | None:
    """The command named in ``argv`` (``--project DIR`` may come first), read before argparse does."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--project":
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def main(argv: Sequence[str] | None = None) -> int:
    global _ARG_LANG
    lifecycle.reset()  # a test calls main once per command: each is interrupted on its own
    # pydantic looks for plugins among every installed distribution when it builds its
    # first validator; cardgen uses none, and the scan is a sizeable share of a small build.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    given = list(sys.argv[1:] if argv is None else argv)
    _ARG_LANG = language_of(given)  # argparse reads --games 0 before --lang fr: its refusals need it first
    try:
        parser = _parser()
        _known_command(parser, given)
        args = parser.parse_args(given)
    except _ArgError as exc:
        _error(str(exc), _ARG_LANG)
        return 2
    lifecycle.install_signals()
    return _guarded(args)


def _guarded(args: argparse.Namespace) -> int:
    """``_run(args)`` with every failure turned into one-line messages and an exit code (``cardgen.lifecycle``)."""
    return lifecycle.guarded(lambda: _settled(args))


def _settled(args: argparse.Namespace) -> int:
    """The process set as the arguments ask (the terminal's language, the output folder, the limits on
    project code, the sweep of dead writers' temporaries), then the command run."""
    _check_env()
    if args.command in ("validate", "compare", "tune", "fix", "check", "cache"):  # their every line follows --lang
        from cardgen.terminal import set_language
        set_language(args.lang)
        from cardgen import contain
        contain.note_language(args.lang)  # the supervisor's own lines in it too
    elif args.command == "build" and args.lang:  # the books' languages: its own lines speak the first
        from cardgen.terminal import set_language
        set_language(args.lang[0])
        from cardgen import contain
        contain.note_language(args.lang[0])
    elif args.command in ("inspect", "export", "play") and args.lang:  # its refusals in the language asked
        from cardgen.terminal import set_language
        set_language(args.lang if isinstance(args.lang, str) else args.lang[0])
        from cardgen import contain
        contain.note_language(args.lang if isinstance(args.lang, str) else args.lang[0])
    elif "cardgen.terminal" in sys.modules:  # another command in the same process (a test): English again
        sys.modules["cardgen.terminal"].set_language("en")
    _place(args)
    _sweep(args)
    if getattr(args, "scheduler", None):
        from cardgen.simulate.executor import set_worker_wait
        set_worker_wait(args.worker_wait)
    if getattr(args, "code_time_limit", None) is not None:  # this process's games; chunks carry it to workers
        from cardgen.guard import set_time_limit
        set_time_limit(args.code_time_limit)
    if getattr(args, "code_memory", None) is not None:  # each supervised process running project code
        from cardgen.contain import set_memory_limit
        set_memory_limit(args.code_memory)
    return _run(args)


def _sweep(args: argparse.Namespace) -> None:
    """Remove the temporary files that killed cardgen commands left where this one writes: its output
    folder (all of it), the folders of the files it is told to write, and the project's own folder."""
    from cardgen.fileio import sweep_dead_writers, sweep_temporaries
    sweep_dead_writers()  # anywhere: a killed `validate --log logs/L.jsonl` leaves its file outside every out/
    out = getattr(args, "out", None)
    if args.command in ("tune", "fix") and not out and args.project:
        out = Path(args.project) / "out"  # tune's default folder is out/tune/DECK, fix's out/fix/DECK
    if args.command != "schema" and out:
        sweep_temporaries(out)
    for name in ("log_file", "json_file") + (("out",) if args.command == "schema" else ()):
        value = getattr(args, name, None)
        if value:
            sweep_temporaries(Path(value).parent, recursive=False)
    if args.project:
        sweep_temporaries(args.project, recursive=False)


def _run(args: argparse.Namespace) -> int:
    """The parsed command's library function (``cardgen.commands``), called with typed arguments."""
    if args.command == "schema":
        return commands.schema_command(args.project, args.out)
    if args.command == "cache":
        return commands.cache_command(args.lang)
    if args.command == "replay":
        from cardgen.simulate.replay import replay_file
        return replay_file(Path(args.log))
    if args.command == "new":
        return commands.new_command(args.directory, rules=args.rules, lang=args.lang)
    if args.command == "tune":
        return commands.tune_command(_study(args))
    if args.command == "fix":
        return commands.fix_command(_study(args))
    if args.command == "build":
        return commands.build_command(_build_request(args), lambda root: _guarded(
            argparse.Namespace(**{**vars(args), "watch": False, "project": str(root)})))
    if args.command == "inspect":
        return commands.inspect_command(args.project, args.deck, as_json=args.json, lang=args.lang)
    if args.command == "play":
        return commands.play_command(_play_request(args))
    if args.command == "export":
        return commands.export_command(args.project, args.format, args.deck, args.lang, args.out, args.preset)
    if args.command == "compare":
        return commands.compare_command(args.project, args.base, args.variant, _compare_options(args))
    if args.command == "check":
        return commands.check_command(args.project, args.decks, args.lang)
    if args.command == "validate":
        return commands.validate_command(args.project, args.decks, _validate_options(args))
    raise AssertionError(args.command)  # pragma: no cover - argparse restricts commands


def _paths(values: Sequence[str] | None) -> list[Path] | None:
    """``--human-logs`` as paths (None: not given)."""
    return [Path(p) for p in values] if values else None


def _build_request(args: argparse.Namespace) -> commands.BuildRequest:
    """``cardgen build``'s arguments as its request."""
    return commands.BuildRequest(
        project=args.project, decks=args.decks, langs=args.lang, papers=args.paper, duplex=args.duplex,
        ink_saver=args.ink_saver, fronts_only=args.fronts_only, backs_once=args.backs_once, grid=args.grid,
        gutter=args.gutter, instructions=not args.no_instructions, out=args.out, rules=not args.no_rules,
        proof=args.proof, force=args.force, watch=args.watch)


def _play_request(args: argparse.Namespace) -> commands.PlayRequest:
    """``cardgen play``'s arguments as its request."""
    return commands.PlayRequest(
        project=args.project, deck=args.deck, resume=args.resume, players=args.players, seat=args.seat,
        people=args.people, agents=args.agents, seed=args.seed, lang=args.lang, log_file=args.log_file,
        out=args.out, pace=args.pace, open_browser=not args.no_browser, lan=args.lan)


def _study(args: argparse.Namespace) -> commands.StudyRequest:
    """``cardgen tune``'s or ``cardgen fix``'s arguments as its request."""
    return commands.StudyRequest(
        project=args.project, deck=args.deck, params=getattr(args, "param", []), targets=getattr(args, "target", []),
        trials=args.trials, games=args.games, players=args.players, agents=args.agents, seed=args.seed,
        best=args.best, out=args.out, jobs=args.jobs, scheduler=args.scheduler,
        resume="yes" if args.resume else "no" if args.fresh else "auto", code_time_limit=args.code_time_limit,
        lang=args.lang)


def _compare_options(args: argparse.Namespace) -> CompareOptions:
    """``cardgen compare``'s arguments as its options (``CompareOptions``)."""
    commands.load_deck_stages()  # pydantic first, the cheap way: the options' module imports it
    from cardgen.simulate.compare import CompareOptions
    return CompareOptions(games=args.games, players=args.players, agents=args.agents, seed=args.seed,
                          json_file=Path(args.json_file) if args.json_file else None, jobs=args.jobs,
                          out=Path(args.out), engine=args.engine, scheduler=args.scheduler, lang=args.lang,
                          code_time_limit=args.code_time_limit, fixed=args.fixed, human_logs=_paths(args.human_logs))


def _validate_options(args: argparse.Namespace) -> ValidateOptions:
    """``cardgen validate``'s arguments as its options (``ValidateOptions``)."""
    commands.load_deck_stages()  # pydantic first, the cheap way: the options' module imports it
    from cardgen.simulate.validate import ValidateOptions
    return ValidateOptions(games=args.games, players=args.players, agents=args.agents, seed=args.seed,
                           json_file=Path(args.json_file) if args.json_file else None,
                           log_file=Path(args.log_file) if args.log_file else None,
                           jobs=args.jobs, out=Path(args.out), cap=args.cap, engine=args.engine,
                           scheduler=args.scheduler, search_iterations=args.search_iterations,
                           skill=args.skill, skill_games=args.skill_games, designer=args.designer,
                           designer_games=args.designer_games, code_time_limit=args.code_time_limit,
                           lang=args.lang, exchange_points=args.exchange_points, human_logs=_paths(args.human_logs))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
