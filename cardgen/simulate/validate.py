"""``cardgen validate``: simulate many games per deck, variant and player count.

Plans one entry per (deck or variant, player count), runs its games in chunks
(in this process, or across worker processes), merges the chunk statistics in
order, streams the log, then prints a summary and writes the JSON and HTML
reports. Nothing here knows which game is played: engines and agents come from
each deck's ``GameSpec``.
"""
from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgen.check.static import SETS_UP, run_checks, setup_check
from cardgen.errors import InputError
from cardgen.guard import DEFAULT_TIME_LIMIT
from cardgen.house import compiles_hooks, speed_note
from cardgen.model.deck import ResolvedDeck
from cardgen.simulate.balance import balance, sufficiency
from cardgen.simulate.designer import DEAL_SAMPLE, TRACED_GAMES, deals_vary
from cardgen.simulate.exchange import AUTO, DEFAULT_POINTS
from cardgen.simulate.executor import run_chunks
from cardgen.simulate.failures import FAILED_KINDS, failed_games
from cardgen.simulate.logs import AtomicLines
from cardgen.simulate.progress import Progress, ProgressBar, ProgressLines
from cardgen.agents.search import DEFAULT_ITERATIONS
from cardgen.simulate.runner import (DEFAULT_CAP, ENGINES, Chunk, DeckRef, Loader, agents_in_words, check_agents,
                                     default_agents, fast_engine, load_project_deck, run_chunk,
                                     split_agents)
from cardgen.simulate.skill import DEFAULT_SKILL_GAMES, SkillRun, run_skill_chunk, skill_chunks, skill_json
from cardgen.simulate.tally import Tally
from cardgen.terminal import echo, language, say, say_n

#: Most games per deck and player count (a run of more is surely a typo).
MAX_GAMES = 10_000_000
#: Seconds between progress lines when stderr is not a terminal (a log file, CI).
PROGRESS_EVERY = 10.0
#: The terminal's bar: tqdm's own time left replaced by ``Progress``' (the postfix)
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}{postfix}]"

FORMAT = "cardgen-validate/1"


@dataclass
class ValidateOptions:
    """Everything ``cardgen validate`` accepts (see docs/validator.md)."""

    games: int = 1000
    players: list[int] | None = None  # None: every count the deck allows
    agents: list[str] | None = None  # None: each game's default_agents()
    seed: int = 1
    json_file: Path | None = None
    log_file: Path | None = None
    jobs: int = 0  # 0: one worker per core
    out: Path | None = Path("out")  # the HTML report goes to <out>/validation/index.html; None: no report
    cap: int = DEFAULT_CAP  # decisions after which a game counts as never ending
    chunk_size: int = 0  # games per chunk; 0: automatic
    loader: Loader = load_project_deck  # how worker processes re-create a deck from its DeckRef
    progress: bool | None = None  # None: a progress bar only when stderr is a terminal
    engine: str = "auto"  # auto: the game's compiled tier where it can play; reference; fast (required)
    scheduler: str | None = None  # a Dask scheduler address: run the chunks on that cluster
    search_iterations: int = DEFAULT_ITERATIONS  # per decision of the ``search`` agent
    skill: bool = False  # also measure skill versus luck (cardgen.simulate.skill)
    skill_games: int = DEFAULT_SKILL_GAMES  # per opponent, deck and player count
    designer: bool = True  # designer metrics and the component table (each traced game replayed)
    designer_games: int = TRACED_GAMES  # games traced per deck and player count (the first ones); the rest as usual
    #: decisions per traced game where cards are exchanged (the play experiment); ``AUTO``: 4 where the compiled tier
    #: plays the futures, else none (``cardgen.simulate.exchange.DEFAULT_POINTS``)
    exchange_points: int = DEFAULT_POINTS
    human_logs: list[Path] | None = None  # ``cardgen play`` logs: people's games beside the agents' (human.py)
    code_time_limit: float = DEFAULT_TIME_LIMIT  # seconds one call into a house rule or rules file may run
    lang: str = "en"  # the language of the terminal's summary (cardgen.languages.SHIPPED)


@dataclass
class Entry:
    """One (deck, player count) of the plan, and its running tally."""

    deck: ResolvedDeck
    ref: DeckRef
    players: int
    checks: list[Any]
    runnable: bool
    tally: Tally
    engine: str = "reference"  # which tier plays this entry's games
    cost: float | None = None  # seconds a game of this entry costs, where measured (the progress' weights)
    agents: tuple[str, ...] = ("random",)  # rotated over the seats game by game
    skill_totals: dict[str, tuple[float, int, int]] = field(default_factory=dict)  # opponent -> share, games, completed


def check_options(decks: list[ResolvedDeck], opts: ValidateOptions) -> None:
    """Raise ``InputError`` for bad options before any game is played."""
    if opts.games < 1 or opts.games > MAX_GAMES:
        raise InputError(f"--games {opts.games}: expected at least 1 game and at most {MAX_GAMES}", field="--games",
                         key="games_range", fields={"games": str(opts.games), "most": str(MAX_GAMES)})
    cores = os.cpu_count() or 1
    if opts.jobs < 0 or opts.jobs > 4 * cores:
        raise InputError(f"--jobs {opts.jobs}: expected 0 (one per core) to {4 * cores} (4 per core)",
                         field="--jobs", key="jobs_range", fields={"jobs": opts.jobs, "most": 4 * cores})
    if opts.cap < 1:
        raise InputError(f"safety cap {opts.cap}: expected at least 1 decision",
                         key="safety_cap", fields={"cap": opts.cap})
    if opts.agents is not None and not opts.agents:
        raise InputError("--agents: expected at least one agent name", field="--agents", key="no_agents")
    if opts.search_iterations < 1:
        raise InputError(f"--search-iterations {opts.search_iterations}: expected at least 1",
                         field="--search-iterations",
                         key="at_least_one", fields={"option": "--search-iterations", "value": opts.search_iterations})
    if opts.exchange_points < 0 and opts.exchange_points != AUTO:
        raise InputError(f"--exchange-points {opts.exchange_points}: expected 0 or more", field="--exchange-points",
                         key="zero_or_more", fields={"option": "--exchange-points", "value": opts.exchange_points})
    if opts.designer_games < 1:
        raise InputError(f"--designer-games {opts.designer_games}: expected at least 1 game", field="--designer-games",
                         key="at_least_one_game", fields={"option": "--designer-games", "value": opts.designer_games})
    if opts.skill and opts.skill_games < 1:
        raise InputError(f"--skill-games {opts.skill_games}: expected at least 1 game", field="--skill-games",
                         key="at_least_one_game", fields={"option": "--skill-games", "value": opts.skill_games})
    if opts.engine not in ENGINES:
        raise InputError(f"--engine {opts.engine}: expected one of {', '.join(ENGINES)}", field="--engine",
                         key="engine_one_of", fields={"engine": opts.engine, "expected": ", ".join(ENGINES)})
    if not decks:
        raise InputError("no deck or variant to validate; add decks/*.yaml or name one", key="nothing_to_validate")
    for p in opts.players or []:  # a count must suit at least one deck; others just skip it
        if not any(p in deck.model.players.counts for deck in decks):
            ranges = ", ".join(f"{d.id} {d.model.players.min}-{d.model.players.max}" for d in decks[:4])
            ranges += ", ..." if len(decks) > 4 else ""
            raise InputError(f"--players {p}: no deck to validate is for {p} players ({ranges})", field="--players",
                             key="players_no_deck", fields={"players": str(p), "ranges": ranges})
    for deck in decks:
        if deck.spec.new_game is not None:
            check_agents(deck, opts.agents or default_agents(deck.spec))
            if opts.skill:
                check_agents(deck, ["search"])


def count_checks(deck: ResolvedDeck, players: int, checks: list[Any]) -> tuple[list[Any], bool]:
    """The checks of ``deck`` that apply at ``players`` and whether games may be played there.

    A count whose own static check fails is reported as failed and never played, on
    every engine: an engine (reference or compiled) need not survive a table its rules
    do not allow. Where the checks pass, the engine must also set the table up.
    """
    mine = [c for c in checks if c.players is None or c.players == players]
    playable = deck.spec.new_game is not None and all(c.passed for c in mine if c.players == players)
    if playable:
        setup = setup_check(deck, players)
        playable = setup.passed
        if not playable and not any(c.name == SETS_UP for c in mine):
            mine.append(setup)
    return mine, playable


def plan(decks: list[ResolvedDeck], opts: ValidateOptions) -> list[Entry]:
    """One entry per deck and player count, in the order the report lists them."""
    entries = []
    for deck in decks:
        checks = run_checks(deck)
        allowed = deck.model.players.counts
        counts = sorted(set(opts.players) & set(allowed)) if opts.players else allowed
        for p in counts:
            mine, playable = count_checks(deck, p, checks)
            agents = tuple(opts.agents or default_agents(deck.spec))
            entries.append(Entry(deck, DeckRef.of(deck), p, mine, playable, Tally(p, deck.spec.out_of_running),
                                 agents=agents))
    return entries


def chunks(entries: list[Entry], opts: ValidateOptions, jobs: int) -> Iterator[tuple[int, Chunk]]:
    """Every chunk of every runnable entry, in report (and log) order.

    The first ``designer_games`` games of an entry are traced for the designer metrics
    (each played on its own and replayed); the others run as usual, in compiled batches
    where the tier has them: a huge run keeps its speed and its designer figures say on
    how many games they rest. The card table's deal experiment counts every game's deal where a deal can
    tell cards apart (``designer.deals_vary``), so it rests on every game asked for.
    """
    from cardgen.simulate.runner import BATCH_GAMES

    traced = min(opts.games, opts.designer_games) if opts.designer else 0
    for i, entry in enumerate(entries):
        if not entry.runnable:
            continue
        deals = opts.designer and opts.games > traced and _deals_vary(entry, opts)
        for first, last, designer in ((0, traced, True), (traced, opts.games, False)):
            if last <= first:
                continue
            # a compiled batch plays thousands of games in the time a chunk costs to ship and merge
            most = BATCH_GAMES if entry.engine == "fast" and opts.log_file is None and not designer else 250
            size = opts.chunk_size or max(1, min(most, math.ceil(opts.games / (4 * jobs))))
            for start in range(first, last, size):
                yield i, Chunk(opts.loader, entry.ref, entry.players, entry.agents, opts.seed,
                               start, min(last, start + size), opts.cap, opts.log_file is not None,
                               "auto" if entry.engine == "fast" else "reference", opts.search_iterations,
                               designer, code_time_limit=opts.code_time_limit, deals=deals and not designer,
                               exchanges=_exchanges(opts) if designer else 0)


def _deals_vary(entry: Entry, opts: ValidateOptions) -> bool:
    """Whether the entry's first games' deals can tell cards apart (then every game's deal is counted)."""
    from cardgen.simulate.runner import cached_game, game_seed

    try:
        game = cached_game(opts.loader, entry.ref, entry.players)
        return deals_vary(game, [game_seed(opts.seed, entry.ref.deck, entry.players, k) for k in range(DEAL_SAMPLE)])
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception:  # noqa: BLE001 - a game that cannot set up fails in its chunks, with its one line
        return False


def skill_work(entries: list[Entry], opts: ValidateOptions, jobs: int) -> Iterator[tuple[int, Any]]:
    """Every skill chunk of every runnable entry (search against each opponent)."""
    size = max(1, min(25, math.ceil(opts.skill_games / (2 * jobs))))
    run = SkillRun(opts.loader, opts.seed, opts.skill_games, opts.cap, opts.search_iterations)
    for i, entry in enumerate(entries):
        if entry.runnable:
            for chunk in skill_chunks(run, entry.ref, entry.players, entry.deck.spec, size):
                yield i, chunk


def _exchanges(opts: ValidateOptions) -> int:
    """The play experiment's decision points a traced chunk is given: as asked, but ``AUTO`` none where the reference
    engine was asked for (``--engine reference``: its futures would play there too, ten times the run)."""
    return 0 if opts.exchange_points == AUTO and opts.engine == "reference" else opts.exchange_points


def choose_engines(entries: list[Entry], opts: ValidateOptions, jobs: int = 1) -> None:
    """Decide per entry whether the compiled tier plays; say in one line when it cannot.

    ``--engine auto`` decides by what the run costs end to end (``autoengine``): small runs
    and runs whose compiled code is not built yet play on the reference engine (the same
    games) while the code is built in the background. A tier that plays is built here, in
    the main process, so a first compile happens once before worker processes start.
    """
    choices = _auto_choices(entries, opts, jobs) if opts.engine == "auto" else {}
    if opts.engine == "auto":
        _build_for_rollouts(entries, opts)
    for entry in entries:
        if not entry.runnable:
            continue
        if entry.deck.model.code is not None and opts.engine != "fast":  # a house rule: compiled if it can be
            if _house_compiled(entry, opts, choices.get(entry.deck.game)):
                continue
            note = speed_note(entry.deck)
            if note is not None:
                echo(note, file=sys.stderr)
            continue
        choice = choices.get(entry.deck.game)
        if entry.deck.spec.fast is None or opts.engine == "reference":  # nothing to build in this process
            fast, why = None, say("why_no_tier", game=entry.deck.game)
        elif choice is not None and choice.engine == "reference":
            continue  # the same games, sooner: nothing to say
        else:
            fast, why = fast_engine(opts.loader, entry.ref, entry.players, entry.agents, opts.engine)
        if fast is not None:
            entry.engine = "fast"
            from cardgen.simulate.autoengine import compiled_here
            compiled_here(entry.deck.game, fast, entry.deck.id, entry.players)  # once, before workers fork
        elif opts.engine == "fast":
            raise InputError(f"--engine fast: {entry.deck.id} at {entry.players} players cannot run on the "
                             f"compiled tier: {why}", field="--engine",
                             key="fast_tier_why", fields={"deck": entry.deck.id, "players": entry.players, "why": why})
        elif opts.engine == "auto" and entry.deck.spec.fast is not None:
            echo(say("note", text=say("note_reference", deck=entry.deck.id, players=say_n("players", entry.players),
                                        why=why)), file=sys.stderr)


#: The notes already said of house rules kept out of the compiled tier.
_SAID_KEPT_OUT: set[str] = set()


def _house_compiled(entry: Entry, opts: ValidateOptions, choice: Any) -> bool:
    """Whether a house rule's games play on the compiled tier (``--engine auto``, a game whose tier compiles house
    rules, a run ``autoengine`` plays compiled: ``choice``): its hooks compiled with the game's steps. When the
    rule cannot compile, one note says which line of its file keeps it out and why (then no other note: True)."""
    from cardgen.simulate import autoengine
    from cardgen.simulate.runner import cached_reason

    game = entry.deck.game
    if opts.engine != "auto" or not entry.deck.spec.compiled_hooks or choice is None or choice.engine == "reference":
        return False
    fast, why = fast_engine(opts.loader, entry.ref, entry.players, entry.agents, "auto")
    if fast is None:
        if why != cached_reason(opts.loader, entry.ref, entry.players):
            return False  # not the rule's doing (an agent the tier lacks): the usual note
        if why not in _SAID_KEPT_OUT:  # once per command, not per player count
            _SAID_KEPT_OUT.add(why)
            echo(say("note", text=why), file=sys.stderr)
        return True
    entry.engine = "fast"
    autoengine.compiled_here(game, fast, entry.deck.id, entry.players)
    return True


#: The games whose background build this process has already said it plays around (one note per command).
_SAID_BUILDING: set[str] = set()


def _title(deck: Any, lang: str) -> str | None:
    """The game's name in ``lang`` as its validate block heads it ("Draco & Co"), None where the deck gives none."""
    try:
        return str(deck.text(lang)["name"])
    except (AttributeError, KeyError, TypeError):
        return None


def _skips_mid_game(group: list[Entry], opts: Any) -> bool:
    """Whether a run on the reference engine leaves out the game's mid-game card strength while its compiled tier is
    built (``runner``'s play experiment under ``AUTO``: the game's compiled futures, no house rule, compiled agents)."""
    from cardgen.simulate.runner import futures_on_tier

    deck = group[0].deck
    return (bool(getattr(opts, "designer", False)) and getattr(opts, "exchange_points", None) == AUTO
            and getattr(opts, "engine", "auto") != "reference"
            and all(futures_on_tier(deck.spec, deck.model.code, e.agents) for e in group))


def _auto_choices(entries: list[Entry], opts: ValidateOptions, jobs: int) -> dict[str, Any]:
    """``autoengine.Choice`` per game with a compiled tier: its reference time measured on the
    run's first games, its build started in the background or waited for."""
    from cardgen.simulate import autoengine

    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        if entry.runnable and entry.deck.spec.fast is not None and (entry.deck.model.code is None
                                                                      or compiles_hooks(entry.deck)):
            groups.setdefault(entry.deck.game, []).append(entry)
    asked = {game: autoengine.ask_to_yield(game) for game in groups if autoengine.is_building(game)}
    choices = {}
    for game, group in groups.items():  # (a build an earlier run started yields to this one's probes too)
        for e in group:
            e.cost = autoengine.reference_seconds(
                lambda a, b, e=e: run_chunk(Chunk(opts.loader, e.ref, e.players, e.agents, opts.seed, a, b, opts.cap,
                                                  False, "reference", opts.search_iterations,
                                                  code_time_limit=opts.code_time_limit)), opts.games) / opts.games
        seconds = sum(e.cost or 0.0 for e in group) * opts.games / jobs
        ready = autoengine.is_ready(game)
        building = not ready and autoengine.is_building(game)
        choice = autoengine.decide(seconds, ready, building, autoengine.last_compile_seconds(game))
        background = opts.loader is load_project_deck  # a fresh process finds the deck again
        proc = None
        if choice.build and background:
            proc = autoengine.start_build(game, group[0].ref.project, group[0].ref.deck,
                                          sorted({e.players for e in group}), idle=choice.engine != "wait")
        if choice.engine == "reference" and (proc is not None or building) and game not in _SAID_BUILDING:
            _SAID_BUILDING.add(game)  # once per command: fix validates each of its trials (it said so 30 times)
            # one plain line: three lines of plumbing (compiled, reference, background) came first (fifteenth fr1)
            # the engine is prepared for one game: said with its name, or three validations in a row each said
            # "first run on this machine" (twenty-fifth reading en1)
            # terminal round 33 en23*, fr15*, it6*: "the slower one gives the same results" was jargon, and untrue where
            # the run then skips the mid-game card strength: what this run lacks, and until when
            # terminal round 40 en1: a run that leaves out the mid-game card strength says so where the figure would
            # stand ("card strength mid-game: not measured …"), not again as the first line the designer reads
            if not _skips_mid_game(group, opts):
                echo(say("note_building", title=_title(group[0].deck, language()) or game), file=sys.stderr)
        if choice.engine == "wait" and (proc is not None or building):
            autoengine.stop_asking(asked.get(game))  # the build this run waits for takes all it can
            echo(say("waiting_build", game=_title(group[0].deck, language()) or game, why=choice.why), file=sys.stderr,
                  flush=True)
            autoengine.wait_for(game, proc)
        choices[game] = choice
        if choice.engine != "reference":  # the progress' weights: the compiled tier plays these
            for e in group:
                e.cost = (e.cost or 0.0) / autoengine.SPEEDUP
    return choices


def _build_for_rollouts(entries: list[Entry], opts: ValidateOptions) -> None:
    """A house rule whose game cannot compile its hooks plays on the reference engine, but its default players'
    look-ahead runs faster once the game's tier is built where the game's agents offer a compiled rollout form
    (``compile_rollouts``: Draco's forecast, ``games/draco/heuristic.py``; about 1.5x on a Draco rule's validate). So
    its tier is built in the background, as a data variant's first run does (the same games here, faster next time;
    the rule's note already says the reference engine plays); never waited for."""
    from cardgen.simulate import autoengine

    if opts.loader is not load_project_deck:  # a fresh process must find the deck again
        return
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        spec = entry.deck.spec
        if (entry.runnable and entry.deck.model.code is not None and spec.fast is not None
                and not compiles_hooks(entry.deck) and _offers_rollouts(spec)):
            groups.setdefault(entry.deck.game, []).append(entry)
    for game, group in groups.items():
        if not autoengine.is_ready(game) and not autoengine.is_building(game):
            autoengine.start_build(game, group[0].ref.project, group[0].ref.deck, sorted({e.players for e in group}))


def _offers_rollouts(spec: Any) -> bool:
    """Whether one of the game's registered agents offers a compiled rollout form (``compile_rollouts``)."""
    return any(hasattr(make(), "compile_rollouts") for make in spec.agents.values())


def work_per_game(entries: list[Entry]) -> dict[int, float]:
    """Entry index -> the progress' weight of one of its games: its measured cost, else the
    mean of those measured (1.0 each when none was)."""
    known = [e.cost for e in entries if e.runnable and e.cost]
    mean = sum(known) / len(known) if known else 1.0
    return {i: e.cost or mean for i, e in enumerate(entries) if e.runnable}


def run_validation(decks: list[ResolvedDeck], opts: ValidateOptions) -> dict[str, Any]:
    """Simulate every entry; return the JSON report (also streams the log when asked)."""
    from tqdm import tqdm
    tqdm.monitor_interval = 0  # no monitor thread: worker pools fork only from a one-thread process

    opts = replace(opts, agents=split_agents(opts.agents))
    check_options(decks, opts)
    entries = plan(decks, opts)
    total = sum(opts.games for e in entries if e.runnable)
    if opts.jobs:
        jobs = opts.jobs
    else:  # automatic: one per core, but a handful of games is faster than starting processes
        jobs = max(1, min(os.cpu_count() or 1, math.ceil(total / 200)))
    choose_engines(entries, opts, jobs)
    disable = None if opts.progress is None else not opts.progress
    plain = opts.progress is None and not _is_tty(sys.stderr)
    if plain and same_file(sys.stderr, sys.stdout):  # 2>&1 into a log: no progress line among the summary's
        disable, plain = True, False
    weights = work_per_game(entries)
    progress = Progress(total, sum(opts.games * w for w in weights.values()))
    with tqdm(total=total, unit=say("bar_unit"), file=sys.stderr, disable=disable, desc=say("bar_validate"),
              bar_format=BAR_FORMAT) as tq:
        bar: Any = ProgressLines(tq, progress, PROGRESS_EVERY) if plain else ProgressBar(tq, progress)
        if opts.log_file is not None:
            with AtomicLines(opts.log_file) as log:
                for i, chunk, (tally, lines) in run_chunks(chunks(entries, opts, jobs), jobs, opts.scheduler):
                    entries[i].tally.merge(tally)
                    log.write_lines(lines or [])
                    bar.update(chunk.stop - chunk.start, (chunk.stop - chunk.start) * weights[i])
        else:
            for i, chunk, (tally, _) in run_chunks(chunks(entries, opts, jobs), jobs, opts.scheduler):
                entries[i].tally.merge(tally)
                bar.update(chunk.stop - chunk.start, (chunk.stop - chunk.start) * weights[i])
    if opts.skill:
        skill_total = sum(opts.skill_games for e in entries if e.runnable) * 2
        with tqdm(total=skill_total, unit=say("bar_unit"), file=sys.stderr, disable=disable,
                  desc=say("bar_skill")) as bar:
            for i, chunk, (share, games, completed) in run_chunks(skill_work(entries, opts, jobs), jobs,
                                                                  opts.scheduler, run_skill_chunk):
                old = entries[i].skill_totals.get(chunk.opponent, (0.0, 0, 0))
                entries[i].skill_totals[chunk.opponent] = (old[0] + share, old[1] + games, old[2] + completed)
                bar.update(games)
    results = [entry_json(e, opts) for e in entries]
    played = list(dict.fromkeys(a for e in entries for a in e.agents))
    return {"format": FORMAT, "seed": opts.seed, "games": opts.games,
            "agents": played, "agents_text": agents_in_words(played), "agents_default": opts.agents is None,
            "cap": opts.cap, "passed": all(r["passed"] for r in results), "results": results}


def same_file(a: Any, b: Any) -> bool:
    """Whether two streams write to the same open file (``> log 2>&1``): progress lines on stderr would then
    stay in the log, between the summary's lines, long after they meant anything."""
    import os
    try:
        one, two = os.fstat(a.fileno()), os.fstat(b.fileno())
    except (AttributeError, OSError, ValueError):  # a stream without a file (captured, in memory): not the same
        return False
    return (one.st_dev, one.st_ino) == (two.st_dev, two.st_ino)


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def entry_json(entry: Entry, opts: ValidateOptions) -> dict[str, Any]:
    """The report of one entry: statistics, static checks, verdict and why."""
    stats = entry.tally.to_json()
    clarified = entry.deck.model.clarifications
    for gap in stats["rule_gaps"]:  # a case the published text itself decides: not said as this edition's ruling
        clar = clarified.get(gap["kind"])
        gap["published"] = bool(gap["settled"] and clar is not None and clar.published == clar.resolution)
        if gap["published"] and clar.published_in:  # some editions' text decides it, the others do not say
            # (King Lui's waiting Emerald: the Italian and English rules, not the French; twentieth reading fr59)
            gap["published_in"] = list(clar.published_in)
            gap["silent_in"] = [lang for lang in entry.deck.languages if lang not in clar.published_in]
    failures = []
    if entry.deck.spec.new_game is None:
        failures.append(f"no rules engine for game '{entry.deck.game}'")
    for c in entry.checks:
        if not c.passed and not (c.name == "rules engine available" and not entry.runnable):
            failures.append(f"static check failed: {c.name} ({c.detail})")
    failed = failed_games(entry.deck.id, entry.players, entry.tally)
    if failed is not None:  # code broke (engine, hook, agent): no figure from these games
        failures.append(failed.line("en"))
    for gap in stats["rule_gaps"]:
        if not gap["settled"] and gap["kind"] not in FAILED_KINDS:
            failures.append(f"unsettled rule gap '{gap['kind']}' in {gap['games']} game(s), "
                            f"e.g. game {gap['game']} seed {gap['seed']}")
    if entry.runnable and stats["completed"] < stats["games"] and not any(not g["settled"] for g in stats["rule_gaps"]):
        failures.append(f"{stats['games'] - stats['completed']} game(s) did not end")  # pragma: no cover - defensive
    return {"variant": entry.deck.id, "kind": entry.deck.kind, "game": entry.deck.game, "players": entry.players,
            "seed": opts.seed, "seat_agents": "rotated" if len(set(entry.agents)) > 1 else entry.agents[0],
            "agents_played": list(entry.agents), "played": entry.runnable,
            # what was asked: under "auto" the same games whichever tier played (stderr says which)
            "engine": "auto" if opts.engine == "auto" else entry.engine,
            **stats,
            "static_checks": [{"name": c.name, "players": c.players, "passed": c.passed, "detail": c.detail,
                               "said": {code: [name, detail] for code, name, detail in c.said}}
                              for c in entry.checks],
            "balance": balance(stats), "sufficiency": sufficiency(stats, component_names(entry.deck)),
            "passed": not failures,
            "failures": failures,
            "failed_games": failed.failed if failed is not None else 0,
            **({"failed_first": failed.first()} if failed is not None else {}),
            **({"no_engine": True} if entry.deck.spec.new_game is None else {}),
            **({"skill": skill_json(entry.players, entry.skill_totals, opts.search_iterations)}
               if opts.skill and entry.runnable else {})}


def component_names(deck: ResolvedDeck) -> dict[str, str]:
    """Shortfall name -> the English name of the component it lacks (the game's ``shortfall_components``)."""
    out = {}
    by_id = {c.id: c for c in deck.model.components}
    for peak, cid in getattr(deck.spec, "shortfall_components", {}).items():
        comp = by_id.get(cid)
        name = getattr(comp, "name", None) if comp is not None else None
        label = name.get("en") if isinstance(name, dict) else getattr(name, "en", None)
        out[peak] = f"'{label or cid}' ({cid})"
    return out


def agents_line(result: dict[str, Any], lang: str = "en") -> str:
    """Which agents played the entry's games, in words in ``lang`` (the summary says it, not only the JSON)."""
    from cardgen.simulate.verdict import agents_words
    return "  " + say("played_by", lang, who=agents_words(result.get("agents_played") or [], lang,
                                                         result.get("players")))
