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


def check_outputs(json_file: str | Path | None, log_file: str | Path | None, out: str | Path) -> None:
    """The files and folder ``validate`` or ``compare`` writes, refused before a game is played."""
    from cardgen.fileio import check_output_dir, check_output_file
    if json_file:
        check_output_file(json_file, "thing_json_file")
    if log_file:
        check_output_file(log_file, "thing_log_option_file")
    check_output_dir(out)


# --- schema, cache, new -------------------------------------------------------------------------------------

def schema_command(project_dir: str | None, out: str | None) -> int:
    """``cardgen schema``: the JSON Schema of deck and variant files (a project's variants get their game's
    fields), written to ``out`` or printed."""
    from cardgen.games import deck_models
    from cardgen.load.project import Project, is_project
    from cardgen.model.jsonschema import json_schema, project_ids
    games, ids = deck_models(), None
    if project_dir is not None and is_project(Path(project_dir)):
        ids = project_ids(Project.open(project_dir), games)
    text = json.dumps(json_schema(games, ids), indent=2, ensure_ascii=False) + "\n"
    if out:
        from cardgen.fileio import check_output_file, write_atomic
        check_output_file(out, "thing_schema_file")
        write_atomic(out, text)
    else:
        sys.stdout.write(text)
    return 0


def cache_command(lang: str = "en") -> int:
    """``cardgen cache clear``: delete what cardgen keeps between runs and say how much, in ``lang`` (the line
    was English whatever the language: "cache cleared: 3 file(s), 1.5 MiB"; now the terminal's catalog says it
    with the language's plural and decimal sign, "cache vidé : 3 fichiers, 1,5 Mio")."""
    from cardgen.cache import clear
    from cardgen.languages import decimal
    from cardgen.terminal import say_n
    files, freed = clear(Path(__file__).resolve().parent)
    print(say_n("cache_cleared", files, lang, size=decimal(freed / 2**20, lang, places=1, fixed=True)))
    return 0


def new_command(directory: str, rules: bool = False, lang: str = "en") -> int:
    """``cardgen new DIR``: a starter project written into ``directory``, each file named, then what to run next."""
    from cardgen.scaffold import deck_id, new_project
    for path in new_project(Path(directory), rules=rules, lang=lang):
        print(f"wrote {path}")
    print(f"next: cd {directory} && cardgen build   (then edit decks/cards.csv; README.md says more)")
    if rules:
        ident = deck_id(Path(directory))
        print(f"      cardgen validate && cardgen compare {ident} {ident}-variant   (plays rules.py)")
    return 0


# --- inspect, export, check ---------------------------------------------------------------------------------

def inspect_command(project_dir: str | None, name: str, as_json: bool = False, lang: str | None = None) -> int:
    """``cardgen inspect DECK``: the resolved deck as JSON, or as text in ``lang`` (default: en, or the deck's
    first language); a language the deck is not written in is bad input."""
    _, resolver = _opened(project_dir)
    from cardgen.inspect import format_deck
    deck = resolver.resolve(name)
    if as_json:  # JSON escapes control characters itself
        print(json.dumps(deck.to_json(), indent=2, ensure_ascii=False))
        return 0
    lang = lang or ("en" if "en" in deck.languages else deck.languages[0])
    if lang not in deck.languages:
        raise InputError(f"the deck is written in {', '.join(deck.languages)}; expected one of them",
                         field="--lang", key="deck_languages", fields={"languages": ", ".join(deck.languages)})
    print(clean_lines(format_deck(deck, lang)))
    return 0


def export_command(project_dir: str | None, fmt: str, name: str, langs: Sequence[str] | None, out: str,
                   preset: str = "default") -> int:
    """``cardgen export png|tts DECK``: pictures of the deck in ``langs`` (None: every language it has; others
    it lacks are skipped), faces checked first."""
    _, resolver = _opened(project_dir)
    from cardgen.check.faces import face_errors
    from cardgen.errors import raise_all
    from cardgen.fileio import check_output_dir
    from cardgen.render.export import export
    check_output_dir(out)
    deck = resolver.resolve(name)
    chosen = [lang for lang in (langs or deck.languages) if lang in deck.languages]
    raise_all(face_errors(deck, chosen))
    return export(deck, fmt, chosen, Path(out), preset)


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


# --- build --------------------------------------------------------------------------------------------------

@dataclass
class BuildRequest:
    """What ``cardgen build`` is asked for, as its options name it (``docs/printing.md``).

    ``langs`` None: every language each deck has; ``gutter`` None: not given (0, only with ``grid``).
    """

    project: str | None = None
    decks: list[str] | None = None
    langs: list[str] | None = None
    papers: list[str] | None = None
    duplex: str = "long"
    ink_saver: bool = False
    fronts_only: bool = False
    backs_once: bool = False
    grid: tuple[int, int] | None = None
    gutter: float | None = None
    instructions: bool = True
    out: str = "out"
    rules: bool = True
    proof: bool = False
    force: bool = False
    watch: bool = False

    def fingerprinted(self, root: object) -> dict[str, object]:
        """What a build was asked for, as the no-change check compares it (``root``: the project's folder)."""
        return {"decks": self.decks or [], "lang": self.langs, "paper": self.chosen_papers(),
                "duplex": self.duplex, "ink_saver": self.ink_saver, "rules": self.rules,
                "fronts_only": self.fronts_only, "backs_once": self.backs_once, "proof": self.proof,
                "instructions": self.instructions, "grid": self.grid, "gutter": self.gutter or 0.0,
                "force": self.force, "date": os.environ.get("SOURCE_DATE_EPOCH", "").strip(), "project": str(root)}

    def chosen_papers(self) -> list[str]:
        """The papers asked for (None: every one of ``PAPERS``)."""
        return list(PAPERS) if self.papers is None else self.papers


def build_command(request: BuildRequest, rebuild: Callable[[Path], int] | None = None) -> int:
    """``cardgen build``: card sheets and rulebooks into ``request.out``; 0, or 1 when a failed check refused it.

    A gutter without a grid is bad input. An unchanged request with no file changed is answered from
    file dates. The static checks run while the workers start drawing: each failure one line on stderr
    (warnings with ``force``; else a last line and nothing built). With ``watch``, builds again on every
    save through ``rebuild(project_root)`` (the command line runs its whole command again; None: this
    function, unwatched).
    """
    if request.gutter and request.grid is None:  # a gutter is between the cards of a --grid; alone it is ignored
        raise InputError(f"--gutter {request.gutter:g}: only with --grid (e.g. --grid 3x3 --gutter {request.gutter:g}); "
                         "without --grid the cards touch bleed to bleed",
                         key="gutter_no_grid", fields={"gutter": f"{request.gutter:g}"})
    from cardgen.load.project import Project
    project = Project.open(request.project)
    out = Path(request.out)
    if request.watch:
        from cardgen.watch import watch
        once = rebuild or (lambda root: build_command(replace(request, watch=False, project=str(root))))
        return watch(project.root, out, lambda: once(project.root))
    from cardgen.unchanged import unchanged_summary
    summary = unchanged_summary(project.root, out, request.fingerprinted(project.root))
    if summary is not None:  # nothing changed: answered from file dates, nothing heavy imported
        print(summary)
        return 0
    resolver = _resolver(project)
    decks = _selected(project, resolver, request.decks or [])
    return _built(request, project.root, decks)


def _built(request: BuildRequest, root: Path, decks: list[Any]) -> int:
    """``build_command``'s work once its decks are resolved: the output folder, the preflight, the options and
    the fingerprint handed to ``cardgen.build.build``."""
    from cardgen.build import BuildOptions, Refused, build
    from cardgen.fileio import check_output_dir
    check_output_dir(request.out)
    langs = request.langs or deck_languages(decks)
    papers, gutter = request.chosen_papers(), request.gutter or 0.0

    def preflight() -> None:
        """What ``check`` would fail, refused before anything is written (run by ``build`` while its workers
        start drawing)."""
        from cardgen.check.static import failed_checks
        drawing_checks(decks, langs, papers, request.grid, gutter)
        failures = failed_checks(decks, langs)
        for line in failures:
            print(f"cardgen: {'warning' if request.force else 'error'}: {line}", file=sys.stderr)
        if failures and not request.force:
            print("cardgen: error: nothing built: fix the failed checks above, or pass --force to print "
                  "anyway", file=sys.stderr)
            raise Refused

    from cardgen.unchanged import fingerprint
    opts = BuildOptions(langs=langs, papers=papers, duplex=request.duplex, ink_saver=request.ink_saver,
                        rules=request.rules, fronts_only=request.fronts_only, backs_once=request.backs_once,
                        proof=request.proof, instructions=request.instructions, grid=request.grid,
                        gutter_mm=gutter)
    from cardgen.games import GAME_IDS, source_of
    extra = sorted({str(source_of(d.game)) for d in decks if d.game not in GAME_IDS and not d.print_only})

    def inputs() -> tuple[str, list[str]] | None:
        """What the next identical build compares (worked out while the workers draw)."""
        key = fingerprint(root, Path(request.out), request.fingerprinted(root), extra)
        return None if key is None else (key, extra)

    return build(decks, Path(request.out), opts, inputs=inputs, preflight=preflight)


# --- validate, compare ----------------------------------------------------------------------------------------

def validate_command(project_dir: str | None, names: Sequence[str], opts: ValidateOptions) -> int:
    """``cardgen validate``: simulate the decks ``names`` select (none: every one with a rules package) and
    report; a print-only deck named is bad input, and so is nothing left to simulate."""
    project, resolver = _opened(project_dir)
    decks = _selected(project, resolver, names)
    if names:  # named print-only decks are bad input; with none named, they are skipped
        for deck in decks:
            if deck.print_only:
                raise InputError(f"'{deck.id}' is a print-only deck (no 'game' field): validate needs a "
                                 "rules package to play it (docs/authoring.md)", file=deck.files[-1],
                                 key="print_only_validate", fields={"deck": deck.id})
    decks = [deck for deck in decks if not deck.print_only]
    if not decks:
        raise InputError("no deck with a rules package to validate; print-only decks (no 'game') can be "
                         "built and checked, not simulated", key="nothing_to_simulate")
    from cardgen.report.commands import validate
    check_outputs(opts.json_file, opts.log_file, opts.out)
    return validate(decks, opts)


def compare_command(project_dir: str | None, base: str, variant: str, opts: CompareOptions) -> int:
    """``cardgen compare BASE VARIANT``: what the variant changes against the base, its files checked first."""
    _, resolver = _opened(project_dir)
    from cardgen.report.commands import compare
    check_outputs(opts.json_file, None, opts.out)
    return compare(resolver.resolve(base), resolver.resolve(variant), opts)


# --- play -----------------------------------------------------------------------------------------------------

@dataclass
class PlayRequest:
    """What ``cardgen play`` is asked for; None: not given (the game's or the log's own)."""

    project: str | None = None
    deck: str | None = None
    resume: str | None = None
    players: int | None = None
    seat: int | None = None
    people: list[int] | None = None
    agents: list[str] | None = None
    seed: int | None = None
    lang: str | None = None
    log_file: str | None = None
    out: str = "out"
    pace: float = 0.9
    open_browser: bool = True
    lan: bool = False


def play_command(request: PlayRequest) -> int:
    """``cardgen play``: a game set up (or the log's last unfinished one, with ``resume``) and served to the
    browser; every move written to the log as it is made."""
    _, resolver = _opened(request.project)
    from cardgen.fileio import check_output_file
    from cardgen.play.server import serve
    from cardgen.play.session import Session
    import secrets
    if request.resume:
        return _play_resumed(resolver, request)
    if not request.deck:
        raise InputError("expected the deck or variant to play (or --resume LOG)", field="DECK_OR_VARIANT",
                         key="play_what")
    deck = resolver.resolve(request.deck)
    log = Path(request.log_file) if request.log_file else Path(request.out) / "play" / f"{deck.id}.jsonl"
    check_output_file(log, "thing_play_log")
    seed = request.seed if request.seed is not None else secrets.randbelow(2 ** 62)
    people = [p - 1 for p in request.people] if request.people else None
    session = Session(deck, request.players, (request.seat or 1) - 1, request.agents, seed, request.lang,
                      request.pace, people)
    session.keep_log(log)  # every move written as it is made: Ctrl-C mid-game keeps what was played
    return serve(session, log, open_browser=request.open_browser, lan=request.lan)


def _speak(lang: str | None) -> None:
    """The terminal's language set to ``lang`` (a resumed table's, read from its log: ``--lang`` is refused with
    ``--resume``, so ``cli`` set none; #53 fr47, it51), the supervisor's lines too; nothing for a log without one."""
    if not lang:
        return
    from cardgen import contain
    from cardgen.terminal import set_language
    set_language(lang)
    contain.note_language(lang)


def _play_resumed(resolver: Resolver, request: PlayRequest) -> int:
    """``cardgen play --resume LOG``: the log's last unfinished game set up again (its deck unless DECK names
    one), served, and written on in the same log. The deal, seats, agents and language are the log's."""
    from cardgen.play.server import serve
    from cardgen.play.session import Session, last_unfinished

    given = [f"--{name}" for name in ("players", "seat", "people", "agents", "seed", "lang", "log_file")
             if getattr(request, name) is not None]
    if given:
        raise InputError(f"{', '.join(given).replace('log_file', 'log')}: a resumed game keeps the log's own; "
                         "expected none of them with --resume", field="--resume",
                         key="resume_keeps", fields={"given": ", ".join(given).replace("log_file", "log")})
    log = Path(request.resume or "")
    record = last_unfinished(log)[1]
    _speak(record.get("lang"))  # the terminal's lines ("cardgen: interrupted") in the table's language, as before
    deck = resolver.resolve(request.deck or record["deck"])
    session = Session.resume(deck, log, request.pace)
    return serve(session, log, open_browser=request.open_browser, lan=request.lan)


# --- tune, fix ------------------------------------------------------------------------------------------------

@dataclass
class StudyRequest:
    """What ``cardgen tune`` or ``cardgen fix`` is asked for (``params`` and ``targets``: tune's only).

    ``out`` None: ``PROJECT/out/tune/DECK`` or ``PROJECT/out/fix/DECK``; ``resume``: yes, no or auto.
    """

    project: str | None
    deck: str
    params: list[str]
    targets: list[str]
    trials: int = 30
    games: int = 300
    players: list[int] | None = None
    agents: list[str] | None = None
    seed: int = 1
    best: int = 3
    out: str | None = None
    jobs: int = 0
    scheduler: str | None = None
    resume: str = "auto"
    code_time_limit: float = 10.0
    lang: str = "en"


def _study_out(request: StudyRequest, kind: str, deck_id: str) -> Path:
    """The folder a tune or fix writes (``kind``: tune or fix), refused before a game is played. ``--out`` naming a
    folder that already holds a gallery (validate, compare or build wrote there: its ``gallery.json``) is read as
    validate's and compare's ``--out``, the output's root: the run goes to its ``<kind>/<deck>`` folder, as without
    ``--out``. Written into the root itself, fix's page replaced the gallery, and every page's "gallery" link opened
    the fix report, which had no way back to the runs (terminal round 40 en30)."""
    from cardgen.fileio import check_output_dir
    from cardgen.report.gallery import STATE
    root = Path(request.out) if request.out else Path(request.project) / "out"
    out = Path(request.out) if request.out and not (root / STATE).is_file() else root / kind / deck_id
    check_output_dir(out)
    return out


def tune_command(request: StudyRequest) -> int:
    """``cardgen tune DECK``: search the rule numbers and counts ``params`` for variants meeting ``targets``."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver
    from cardgen.tune.metrics import known_metrics
    from cardgen.tune.space import parse_param, parse_target
    from cardgen.tune.study import TuneOptions, tune

    deck = Resolver(Project.open(request.project)).resolve(request.deck)
    params = [parse_param(p, deck) for p in request.params]
    targets = [parse_target(t, known_metrics(players=deck.model.players.counts)) for t in request.targets]
    out = _study_out(request, "tune", deck.id)
    opts = TuneOptions(params, targets, trials=request.trials, games=request.games, players=request.players,
                       agents=request.agents, seed=request.seed, out=out, best=request.best, jobs=request.jobs,
                       scheduler=request.scheduler, resume=request.resume,
                       code_time_limit=request.code_time_limit, lang=request.lang)
    return tune(request.project, request.deck, opts)


def fix_command(request: StudyRequest) -> int:
    """``cardgen fix DECK``: from the problems validate flags to tested variants that cure them."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver
    from cardgen.tune.fix import FixOptions, fix

    deck = Resolver(Project.open(request.project)).resolve(request.deck)
    out = _study_out(request, "fix", deck.id)
    opts = FixOptions(trials=request.trials, games=request.games, players=request.players, agents=request.agents,
                      seed=request.seed, out=out, best=request.best, jobs=request.jobs, scheduler=request.scheduler,
                      resume=request.resume, code_time_limit=request.code_time_limit, lang=request.lang)
    return fix(request.project, request.deck, opts)
