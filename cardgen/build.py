"""``cardgen build``: card sheets (and rulebooks) for every deck, language and paper, into out/.

Outputs are ``out/<deck-or-variant>/<lang>/cards-<paper>[-<options>].pdf`` and, when
``options.rules`` and the rulebook stage is installed, ``rules-<paper>.pdf``; each
printing option that changes the sheets is in the name (``cards-letter-inksaver.pdf``,
``cards-a4-short-fronts.pdf``, see ``sheet_name``), so one option never replaces the
file of another. Each deck is built in the languages it declares (``languages:``)
among those asked for. A print-only deck's rulebook is its own rule text, if any.

Incremental: each output has a cache key, the hash of everything that can change
its bytes (the resolved deck as JSON, the game package that writes its card texts,
art files, the options, and the renderer's own source and layout files). Keys live
in ``out/.cardgen-cache.json`` with each file's size and modification time; an
output whose key and file are unchanged is not rendered again, so a second build
with nothing changed only hashes a few files. Every file is written with
``write_atomic``: an interrupted build leaves no truncated PDF, and the cache is
saved with whatever was finished. Outputs to render, and the gallery's missing face
pictures, are shared among one forked process per core (``BuildOptions.workers``);
a small build (fewer than ``MIN_PARALLEL`` jobs, such as one card sheet and its
pictures) forks a single worker and makes the first half itself. Files are written
by the main process, in order.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.buildkeys import code_hashes_remembered, deck_hash, source_hash
from cardgen.errors import InputError
from cardgen.fileio import write_atomic
from cardgen.languages import SHIPPED
from cardgen.model.vocab import DUPLEX
from cardgen.model.deck import ResolvedDeck
from cardgen.terminal import say
from cardgen.unchanged import CACHE_FILE, INPUTS, build_summary, inputs_entry
from cardgen.workers import Forked, fork_safe

@dataclass
class BuildOptions:
    """What ``cardgen build`` makes: languages, papers, duplex flip, ink saver, rulebooks."""

    langs: list[str] = field(default_factory=lambda: list(SHIPPED))
    papers: list[str] = field(default_factory=lambda: ["a4", "letter"])
    duplex: str = "long"
    ink_saver: bool = False
    rules: bool = True
    proof: bool = False  # per deck, proof.txt: the rulebook's sentences in every language side by side
    workers: int = 0  # processes rendering at once; 0: one per available core
    fronts_only: bool = False  # no reverses at all
    backs_once: bool = False  # fronts, then one page of the (single, shared) back to print N times
    instructions: bool = True  # the instructions page (calibration ruler, how to print) first
    grid: tuple[int, int] | None = None  # cards per page as (columns, rows); None: as many as fit
    gutter_mm: float = 0.0  # with ``grid``: between neighbouring cards' trims
    quiet: bool = False  # no line per written file


#: How a duplex setting shows in file names ("long", the default, shows nothing).
DUPLEX_TAGS = {"long": "", "short": "short", "none": "simplex"}


def sheet_name(paper: str, options: BuildOptions) -> str:
    """``cards-<paper>`` plus a tag per printing option that changes the sheets, ``.pdf``."""
    tags = [DUPLEX_TAGS.get(options.duplex, options.duplex) if not options.fronts_only else "",
            "inksaver" if options.ink_saver else "", "fronts" if options.fronts_only else "",
            "backsonce" if options.backs_once else "", "" if options.instructions else "noinstructions",
            f"{options.grid[0]}x{options.grid[1]}" if options.grid else "",
            f"gutter{options.gutter_mm:g}" if options.grid and options.gutter_mm else ""]
    return "-".join(["cards", paper, *(t for t in tags if t)]) + ".pdf"


@dataclass
class Job:
    """One output file, its cache key and how to make its bytes (None: nothing to make)."""

    rel: str  # path relative to the output folder
    key: str
    make: Callable[[], Any]  # bytes | None; with ``files``, [(path under out/, bytes)]
    source: str = ""  # the deck or variant file it is made from, for error lines
    files: bool = False  # several files not kept in the build cache (the gallery's pictures)
    #: made in one go with the other jobs of the same ``Together``, when they are all to be made
    together: Together | None = None
    part: str = ""  # what this job is of its ``Together`` (the paper of a rulebook)
    stage: str = "cards"  # "rules": made by the rulebook stage, which a worker loads on first use
    weight: int = 1  # a rough size, to hand out the largest jobs first


@dataclass(eq=False)
class Together:
    """Outputs cheaper to make at once: the rulebooks of one deck and language on each paper share
    their text (template, styles, paragraph parses). ``make(parts)`` returns each part's result, in order."""

    make: Callable[[list[str]], list[Any]]


def _rulebook() -> Callable[[ResolvedDeck, str, str], bytes] | None:
    """The rulebook stage's entry point, or None while it is not installed."""
    try:
        from cardgen.rulebook.book import render_rulebook
    except ImportError:
        return None
    return render_rulebook


def _source_of(deck: ResolvedDeck) -> str:
    """The file an error while making the deck's outputs is reported against."""
    return str(deck.files[-1]) if deck.files else deck.id


#: What drawing one face costs against placing one more copy of it on a sheet (a face is drawn once
#: per sheet and placed as often as it is printed): measured in a build's workers, a sheet took about
#: 17 ms + 0.9 ms a distinct face + 0.2 ms a copy (King Lui 48 ms, Draco 88, Royale 160).
FACE_WEIGHT = 4
#: A gallery picture (drawn, rasterised twice, compressed: about 5 ms) in the same units.
PICTURE_WEIGHT = 23


def drawing_weight(deck: ResolvedDeck) -> int:
    """A rough cost of drawing ``deck``'s sheet (about 0.2 ms a unit), to hand out the largest jobs first."""
    comps = deck.model.components
    return FACE_WEIGHT * (sum(len(c.faces) for c in comps) + len(deck.model.backs)) + sum(c.count for c in comps)


def jobs_for(decks: list[ResolvedDeck], options: BuildOptions) -> list[Job]:
    """Every output of the build, in a stable order."""
    if options.duplex not in DUPLEX:
        raise InputError(f"unknown duplex '{options.duplex}'; expected one of {', '.join(DUPLEX)}",
                         key="unknown_duplex", fields={"value": options.duplex, "expected": ", ".join(DUPLEX)})
    # Importing the rulebook stage is slow: only look for it when a rulebook must be made.
    if options.fronts_only and options.backs_once:
        raise InputError("--fronts-only and --backs-once exclude each other; choose one", key="fronts_backs")
    rules = options.rules and importlib.util.find_spec("cardgen.rulebook") is not None
    # SOURCE_DATE_EPOCH sets the PDFs' dates (reportlab honours it; docs/printing.md), so it is part of the key.
    opts = json.dumps({"duplex": options.duplex, "ink_saver": options.ink_saver, "fronts": options.fronts_only,
                       "backs_once": options.backs_once, "instructions": options.instructions,
                       "grid": options.grid, "gutter": options.gutter_mm, "date": os.environ.get("SOURCE_DATE_EPOCH", "").strip()})
    jobs: list[Job] = []
    for deck in decks:
        dh = deck_hash(deck)
        size = drawing_weight(deck)  # the rulebook grows with the deck too
        for lang in [lang for lang in options.langs if lang in deck.languages]:
            book = Together(_rules_papers_maker(deck, lang))
            for paper in options.papers:
                key = hashlib.sha256(f"cards|{dh}|{lang}|{paper}|{opts}|{source_hash('cards')}".encode())
                source = deck.files[-1] if deck.files else deck.id
                jobs.append(Job(f"{deck.id}/{lang}/{sheet_name(paper, options)}", key.hexdigest(),
                                _sheets_maker(deck, lang, paper, options), source, weight=size))
                if rules and deck.own_rulebook:
                    if lang in deck.model.rulebook:
                        key = hashlib.sha256(f"own|{dh}|{lang}|{paper}|{source_hash('rules')}".encode())
                        jobs.append(Job(f"{deck.id}/{lang}/rules-{paper}.pdf", key.hexdigest(),
                                        _own_rules_maker(deck, lang, paper), source, stage="rules", weight=size))
                elif rules:
                    key = hashlib.sha256(f"rules|{dh}|{lang}|{paper}|{source_hash('rules')}".encode())
                    jobs.append(Job(f"{deck.id}/{lang}/rules-{paper}.pdf", key.hexdigest(),
                                    _rules_maker(deck, lang, paper), source, together=book, part=paper,
                                    stage="rules", weight=size))
        langs = [lang for lang in options.langs if lang in deck.languages
                 and (not deck.own_rulebook or lang in deck.model.rulebook)]  # own rule sheets: those written
        if options.proof and rules and langs:
            key = hashlib.sha256(f"proof|{dh}|{','.join(langs)}|{source_hash('rules')}".encode())
            jobs.append(Job(f"{deck.id}/proof.txt", key.hexdigest(), _proof_maker(deck, langs),
                            deck.files[-1] if deck.files else deck.id, stage="rules", weight=size))
    return jobs


def _proof_maker(deck: ResolvedDeck, langs: list[str]) -> Callable[[], bytes]:
    def make() -> bytes:
        from cardgen.rulebook.proof import proof_text
        return proof_text(deck, langs).encode("utf-8")
    return make


def _sheets_maker(deck: ResolvedDeck, lang: str, paper: str, options: BuildOptions) -> Callable[[], bytes]:
    def make() -> bytes:
        from cardgen.render.sheets import Printing, render_sheets
        printing = Printing(duplex=options.duplex, ink_saver=options.ink_saver, fronts_only=options.fronts_only,
                            backs_once=options.backs_once, instructions=options.instructions, grid=options.grid,
                            gutter_mm=options.gutter_mm)
        return render_sheets(deck, lang, paper, printing)
    return make


def _own_rules_maker(deck: ResolvedDeck, lang: str, paper: str) -> Callable[[], bytes]:
    def make() -> bytes:
        from cardgen.rulebook.owntext import render_own_rules
        return render_own_rules(deck, lang, paper)
    return make


def _rules_maker(deck: ResolvedDeck, lang: str, paper: str) -> Callable[[], bytes | None]:
    def make() -> bytes | None:
        rulebook = _rulebook()
        return None if rulebook is None else rulebook(deck, lang, paper)  # stage not installed: skip
    return make


def _rulebooks() -> Callable[[ResolvedDeck, str, list[str]], list[bytes]] | None:
    """The rulebook stage's entry point for several papers, their text prepared once; None while not installed."""
    try:
        from cardgen.rulebook.book import render_rulebooks
    except ImportError:
        return None
    return render_rulebooks


def _rules_papers_maker(deck: ResolvedDeck, lang: str) -> Callable[[list[str]], list[bytes | None]]:
    def make(papers: list[str]) -> list[bytes | None]:
        rulebooks = _rulebooks()
        return [None] * len(papers) if rulebooks is None else list(rulebooks(deck, lang, papers))  # not installed: skip
    return make


def load_cache(out: Path) -> dict[str, Any]:
    """The cache of the previous build (empty when missing or unreadable)."""
    from cardgen.load.yamlio import read_bounded  # a regular file of sane size only (never a FIFO)
    path = out / CACHE_FILE
    if not path.exists():
        return {}
    try:
        data = json.loads(read_bounded(path, str(path), 64 << 20).decode("utf-8"))
    except (InputError, OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _fresh(out: Path, job: Job, entry: Any) -> bool:
    """The file on disk is the one the cache recorded for this very key."""
    if not isinstance(entry, dict) or entry.get("key") != job.key:
        return False
    try:
        st = (out / job.rel).stat()
    except OSError:
        return False
    return st.st_size == entry.get("size") and st.st_mtime_ns == entry.get("mtime_ns")


#: The jobs a forked worker renders, by index (set just before the workers start).
_WORK: list[Job] = []
#: From this many jobs on, a pool of workers makes them all; below, this process shares the work with one.
MIN_PARALLEL = 4


def _make(indices: list[int]) -> list[Any]:
    return _made([_WORK[i] for i in indices])


def _batches(jobs: list[Job]) -> list[list[int]]:
    """Indices of the jobs to make in one go, in order of their first: each job alone, except
    the jobs of one ``Together``."""
    batches: list[list[int]] = []
    by_together: dict[int, list[int]] = {}
    for i, job in enumerate(jobs):
        if job.together is None:
            batches.append([i])
        elif id(job.together) in by_together:
            by_together[id(job.together)].append(i)
        else:
            by_together[id(job.together)] = [i]
            batches.append(by_together[id(job.together)])
    return batches


def _made(batch: list[Job]) -> list[Any]:
    """The result of each job of ``batch`` (see ``_batches``)."""
    if len(batch) == 1:
        return [_guarded(batch[0])]
    together = batch[0].together
    assert together is not None
    return _guarded(Job(batch[0].rel, "", lambda: together.make([job.part for job in batch]), batch[0].source))


def _guarded(job: Job) -> bytes | None:
    """The job's bytes; a crash while rendering becomes one line naming the deck file and the output.

    ``check`` refuses every input known to break rendering; this is the net under it.
    """
    try:
        return job.make()
    except (InputError, OSError, KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:
        raise InputError(f"cannot make {job.rel}: {type(exc).__name__}: {exc} (input that 'cardgen check' "
                         "should have refused: please report it)", file=job.source or None,
                         key="cannot_make", fields={"file": job.rel, "why": f"{type(exc).__name__}: {exc}"}) from None


def worker_count(options: BuildOptions) -> int:
    """Processes to render with: ``options.workers``, else one per core this process may use."""
    if options.workers:
        return options.workers
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Refused(Exception):
    """``build``'s preflight refused the decks (failed static checks): nothing is written."""


def rendered(jobs: list[Job], workers: int,
             before: Callable[[], None] | None = None) -> Iterator[tuple[Job, bytes | None]]:
    """Each job with its result; made by ``workers`` forked processes when worth it.

    Workers are forked after the jobs are known, so they inherit the resolved decks
    and only send back bytes (nothing else needs pickling). From ``MIN_PARALLEL``
    jobs on, ``workers`` processes make them all, each handed a few batches at a time
    (``_queues``: the first worker starts with the rulebooks, the others with the card
    sheets and pictures); with fewer (one card sheet and the gallery's pictures), one
    bare forked process (``Forked``) makes the second half while this process makes
    the first. ``before`` (the input checks) runs here before the first result is
    yielded, while the workers already render: a check costs no wall time, and still
    nothing is written until it has passed. The jobs of one ``Together`` (a rulebook
    on each paper) are made in one go, by one process. While other threads run in
    this process (``workers.fork_safe``), every job is made here.

    Results come in the jobs' order when made here or by one forked process, and as
    they are finished when a pool makes them (the largest go first, so the first job
    is often among the last done: waiting for it left every file to be written after
    the workers had finished). When jobs fail, the one raised is the first in the
    jobs' order, as here.
    """
    if workers <= 1 or len(jobs) < 2 or not fork_safe():  # workers inherit the jobs: fork, or all here
        if before is not None:
            before()
        yield from _in_order(jobs)
        return
    if len(jobs) < MIN_PARALLEL:  # one other process, forked bare: a pool costs more than it saves here
        here = (len(jobs) + 1) // 2
        rest = jobs[here:]
        child = Forked(lambda: [result for _, result in _in_order(rest)])
        try:
            if before is not None:
                before()
            yield from _in_order(jobs[:here])
            yield from zip(rest, child.result())
        finally:
            child.stop()
        return
    import multiprocessing as mp
    from concurrent.futures import FIRST_COMPLETED, wait
    from contextlib import ExitStack

    from cardgen.fonts import register_font
    for style in ("Sans", "Sans-Bold", "Sans-Italic", "Serif-Bold"):  # every sheet's own words use these:
        register_font(style)  # once here, not in each worker
    global _WORK
    _WORK = jobs
    from cardgen.workers import worker_pool  # process pools load concurrent.futures: only when used
    batches = _batches(jobs)
    queues = _queues(jobs, batches)
    slots = min(workers, len(batches))
    futures: dict[int, Any] = {}  # batch number -> its future, once handed to a worker
    busy: list[set[int]] = [set() for _ in range(slots)]  # batch numbers each worker has in hand
    with ExitStack() as stack:
        pools = [stack.enter_context(worker_pool(1, mp.get_context("fork"))) for _ in range(slots)]

        def top_up(depth: int = 2) -> None:
            """Give each worker up to ``depth`` batches in hand, those of its own kind of work first."""
            for slot, pool in enumerate(pools):
                busy[slot] = {b for b in busy[slot] if not futures[b].done()}
                while len(busy[slot]) < depth and any(queues):
                    mine = queues[0] if slot == 0 and queues[0] else queues[1] or queues[0]
                    b = mine.pop(0)
                    futures[b] = pool.submit(_make, batches[b])
                    busy[slot].add(b)

        try:
            top_up(4)  # enough to keep each worker busy while the checks run here
            if before is not None:
                before()
            waiting = set(range(len(batches)))  # batches whose results are not yet handed on
            while waiting:
                done = sorted(b for b in waiting if b in futures and futures[b].done())
                failed = [b for b in done if futures[b].exception() is not None]
                handed = [b for b in done if b not in failed]
                for b in handed:
                    waiting.discard(b)
                    for i, result in zip(batches[b], futures[b].result()):
                        yield jobs[i], result
                if failed and failed[0] == min(waiting):  # of several failures, the first in the jobs' order
                    raise futures[failed[0]].exception()  # type: ignore[misc]
                if not handed:
                    wait([f for f in futures.values() if not f.done()], return_when=FIRST_COMPLETED)
                top_up()
        finally:
            for future in futures.values():
                future.cancel()
            _WORK = []


def _queues(jobs: list[Job], batches: list[list[int]]) -> list[list[int]]:
    """The batches to hand out: rulebooks, then everything else, each largest first.

    The first worker starts with the rulebooks and loads the rulebook stage (platypus, Jinja,
    every font: 0.2 s) while the others draw card sheets and pictures; a worker takes the other
    kind of work only when its own runs out, so the stage is seldom loaded twice. Largest first
    (rulebooks, sheets of more pages, then the small picture tasks) keeps the last worker from
    finishing long after the others.
    """
    rules = [b for b, batch in enumerate(batches) if jobs[batch[0]].stage == "rules"]
    other = [b for b, batch in enumerate(batches) if jobs[batch[0]].stage != "rules"]
    weight = {b: sum(jobs[i].weight for i in batch) for b, batch in enumerate(batches)}
    return [sorted(rules, key=lambda b: -weight[b]), sorted(other, key=lambda b: -weight[b])]


def _in_order(jobs: list[Job]) -> Iterator[tuple[Job, Any]]:
    """Each job with its result, made here, in order (a batch when its first job comes)."""
    first_of = {batch[0]: batch for batch in _batches(jobs)}
    results: dict[int, Any] = {}
    for i, job in enumerate(jobs):
        if i not in results:
            results.update(zip(first_of[i], _made([jobs[k] for k in first_of[i]])))
        yield job, results.pop(i)


class _NoProgress:
    def update(self) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, done: int) -> Any:
    """A progress bar on a terminal; nothing (and no tqdm import) when output goes elsewhere."""
    import sys

    if not sys.stderr.isatty():
        return _NoProgress()
    from tqdm import tqdm
    tqdm.monitor_interval = 0  # no monitor thread: worker pools fork only from a one-thread process
    return tqdm(total=total, initial=done, desc="cardgen build", unit="file", leave=False)


def build(decks: list[ResolvedDeck], out: Path, options: BuildOptions,
          inputs: Callable[[], tuple[str, list[str]] | None] | None = None,
          preflight: Callable[[], None] | None = None) -> int:
    """Write every output of ``decks`` that is missing or out of date; print a summary line.

    ``inputs()`` (fingerprint, extra source folders, or None), given by the command line, is
    worked out while the workers draw and recorded once the build is complete, so that the next identical request with
    no file changed ends at once (``cardgen.unchanged``). ``preflight`` (the command
    line's input checks) runs while the workers start rendering and before anything
    is written: it raises ``InputError`` for bad input, or ``Refused`` to stop.
    Returns 0, or 1 when the preflight refused (bad input raises ``InputError``,
    which the CLI turns into exit code 2).
    """
    with code_hashes_remembered():
        return _build(decks, out, options, inputs, preflight)


def _say_examples(decks: list[ResolvedDeck], stale: list[Job]) -> None:
    """One line per deck whose house rule a rulebook made now plays for its worked example (issue 51): the
    build runs the project's own code, contained as ``validate`` runs it (``cardgen.contain``)."""
    from cardgen.terminal import say

    remade = {job.rel.split("/", 1)[0] for job in stale if job.stage == "rules"}
    for deck in decks:
        if deck.model.code is not None and deck.id in remade and deck.spec.book_examples is not None:
            print(say("note_of", what=deck.id, text=say("example_note", file=deck.model.code)), file=sys.stderr)


def _build(decks: list[ResolvedDeck], out: Path, options: BuildOptions,
           inputs: Callable[[], tuple[str, list[str]] | None] | None,
           preflight: Callable[[], None] | None) -> int:
    """``build``'s work, with the build's code hashes remembered (``buildkeys.code_hashes_remembered``)."""
    start = time.perf_counter()
    out = Path(out)
    jobs = jobs_for(decks, options)
    root = out.resolve()
    for job in jobs:  # ids are plain identifiers; this is the last line of defence
        if not (root / job.rel).resolve().is_relative_to(root):
            raise InputError(f"output '{job.rel}' would land outside the output folder; refused", file=str(out),
                             key="output_outside", fields={"file": job.rel})
    cache_data = load_cache(out)
    stale = [job for job in jobs if not _fresh(out, job, cache_data.get(job.rel))]
    from cardgen.report import gallery
    gallery_lang = "en" if "en" in options.langs else options.langs[0]
    # the gallery's missing face pictures are drawn by the workers too, after the files
    small = len(stale) + 1 < MIN_PARALLEL
    if small:  # one job finds them too, so that the one worker starts before the faces' keys are known
        pictures = [Job("gallery pictures", "", lambda: gallery.missing_pictures(out, decks, gallery_lang),
                        _source_of(decks[0]) if decks else "", files=True)]
    else:
        pictures = [Job(f"gallery pictures of {task.deck.id}", "", task.make, _source_of(task.deck), files=True,
                        stage="pictures", weight=PICTURE_WEIGHT * len(task.todo))
                    for task in gallery.thumbnail_tasks(out, decks, gallery_lang)]
    langs = {lang for d in decks for lang in d.languages if lang in options.langs}  # the languages built
    if not small:  # once here rather than in each worker: what every language's texts need
        from cardgen.text import load_languages
        load_languages(sorted(langs))
    for deck in decks:
        if not any(lang in deck.languages for lang in options.langs):
            print(say("build_skipped", deck=deck.id, has=", ".join(deck.languages), asked=", ".join(options.langs)))
    _say_examples(decks, stale)
    written, unchanged = 0, len(jobs) - len(stale)
    paths: list[Path] = []
    progress = _progress(len(jobs), unchanged)
    complete = checked = False

    recorded: tuple[str, list[str]] | None = None

    def checks() -> None:
        nonlocal checked, recorded
        if preflight is not None:
            preflight()
        recorded = inputs() if inputs is not None else None
        checked = True
        if small:  # while the worker draws: the gallery page needs the keys it works out for itself
            gallery.prepare_keys(decks, gallery_lang)

    cards = sum(c.count for d in decks for c in d.model.components if c.kind == "card")
    counts = {"cards": cards, "decks": len(decks), "langs": len(langs), "papers": len(options.papers)}
    try:
        for job, data in rendered(stale + pictures, worker_count(options), checks):
            if job.files:
                for rel, content in data:  # pictures: drawn again when missing or empty, so not fsynced
                    write_atomic(out / rel, content, durable=False)
                continue
            progress.update()
            if data is None:
                continue
            path = out / job.rel
            if write_atomic(path, data):
                written += 1
                paths.append(path)
            else:
                unchanged += 1
            st = path.stat()
            cache_data[job.rel] = {"key": job.key, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
        complete = True
    except Refused:
        return 1
    finally:  # also after an interruption: what was finished stays known
        progress.close()
        if checked:  # else refused before anything was written: nothing to remember, no folder to make
            cache_data.pop(INPUTS, None)
            if complete and recorded is not None:
                outputs = [job.rel for job in jobs if job.rel in cache_data]
                summary = {"written": 0, "unchanged": len(outputs), **counts}
                cache_data[INPUTS] = inputs_entry(recorded[0], recorded[1], outputs, summary)
            write_atomic(out / CACHE_FILE, json.dumps(cache_data, indent=1, sort_keys=True) + "\n")
    gallery.update_gallery(out, decks, lang=gallery_lang)  # out/index.html
    if not options.quiet:
        order = {job.rel: i for i, job in enumerate(jobs)}  # results come as they are finished
        for path in sorted(paths, key=lambda p: order.get(p.relative_to(out).as_posix(), len(order))):
            print(say("build_wrote", path=path))
    print(build_summary({"written": written, "unchanged": unchanged, **counts}, time.perf_counter() - start))
    return 0
