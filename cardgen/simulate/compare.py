"""``cardgen compare BASE VARIANT``: what a house rule changes, and whether it is real or noise.

Both decks play the same games: game *i* of both uses the seed validate would give
the *base* deck (common random numbers: the same deal, the same chance and agent
draws as far as the rules let them agree), so a difference is the rule's, not the
luck of different deals. Validate's own seeds are unchanged.

Per-game metrics are compared pair by pair (game *i* of the variant minus game *i*
of the base): the mean difference, a 95 % normal interval from the paired standard
deviation, and a two-sided p-value. Significance is decided with Holm's step-down
correction over every metric of one player count, so that comparing thirty
metrics does not produce a "significant" change by chance one time in two.
Statistics are streaming sums (``Paired``), merged chunk by chunk: memory does not
grow with ``--games``. Nothing here knows which game is played.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import NormalDist
from typing import Any

from cardgen.errors import InputError
from cardgen.games.base import words_of_decks
from cardgen.guard import DEFAULT_TIME_LIMIT, set_time_limit
from cardgen.house import house_of, speed_note
from cardgen.model.deck import ResolvedDeck
from cardgen.simulate.executor import run_chunks
from cardgen.simulate.runner import (DEFAULT_CAP, ENGINES, DeckRef, GameResult, Loader, agent_factories,
                                     agents_in_words, cached_deck, cached_game, cached_reason, check_agents,
                                     default_agents, designer_trace, fast_engine, load_project_deck, make_agents,
                                     new_tracer, offer_watch, option_trial, play_game, split_agents)
from cardgen.simulate.cards import paired_cards
from cardgen.simulate.designer import FIGURES, Tracer
from cardgen.simulate.failures import refuse_failed, refuse_stalled
from cardgen.simulate.seeds import game_seed, seat_agents
from cardgen.simulate.sequential import Design
from cardgen.simulate.stats import OutOfRunning
from cardgen.simulate.summary import Naming, tally_words
from cardgen.simulate.tally import Tally
from cardgen.simulate.verdict import follows_from_change, group, is_share, verdict
from cardgen.terminal import echo, say, say_n
from cardgen.workers import cancelled

FORMAT = "cardgen-compare/1"
#: Pairs of games per player count on whose first games the options a house rule adds are tried (each try plays
#: the variant's game on twice from one offer: about one game more per game, so only on a sample).
OPTION_GAMES = 200
#: Family-wise error rate of one player count's metrics (Holm).
ALPHA = 0.05
Z95 = NormalDist().inv_cdf(0.975)


@dataclass
class CompareOptions:
    """Everything ``cardgen compare`` accepts (see docs/validator.md)."""

    games: int = 1000
    players: list[int] | None = None  # None: every count both decks allow
    agents: list[str] | None = None  # None: the game's default players (runner.default_agents)
    seed: int = 1
    json_file: Path | None = None
    jobs: int = 0
    out: Path | None = Path("out")
    cap: int = DEFAULT_CAP
    loader: Loader = load_project_deck
    progress: bool | None = None
    engine: str = "auto"
    chunk_size: int = 0
    scheduler: str | None = None  # a Dask scheduler address: play the pairs on that cluster
    lang: str = "en"  # the language of the terminal and the report (cardgen.languages.SHIPPED)
    human_logs: list[Path] | None = None  # ``cardgen play`` logs: people's games beside the agents' (human.py)
    code_time_limit: float = DEFAULT_TIME_LIMIT  # seconds one call into a house rule or rules file may run
    fixed: bool = False  # play every pair asked and test once (no early stop: cardgen.simulate.sequential)


# -- paired statistics ----------------------------------------------------------------
class Paired:
    """Streaming sums of paired per-game values: name -> [n, sum base, sum variant, sum d, sum d²].

    ``add`` counts a pair for metrics defined on some games only (turns of completed
    games...). ``add_sparse`` is for metrics defined on every game and 0 on most
    (an end reason, a gap, a peak): only non-zero pairs are stored, and ``pairs``
    (every game pair) is their n.
    """

    def __init__(self) -> None:
        self.pairs = 0
        self.dense: dict[str, list[float]] = {}
        self.sparse: dict[str, list[float]] = {}

    @staticmethod
    def _put(table: dict[str, list[float]], name: str, b: float, v: float) -> None:
        row = table.get(name)
        if row is None:
            row = table[name] = [0, 0.0, 0.0, 0.0, 0.0]
        d = v - b
        row[0] += 1
        row[1] += b
        row[2] += v
        row[3] += d
        row[4] += d * d

    def add(self, name: str, b: float, v: float) -> None:
        self._put(self.dense, name, b, v)

    def add_sparse(self, name: str, b: float, v: float) -> None:
        if b or v:
            self._put(self.sparse, name, b, v)

    def merge(self, other: "Paired") -> None:
        self.pairs += other.pairs
        for mine, theirs in ((self.dense, other.dense), (self.sparse, other.sparse)):
            for name, row in theirs.items():
                target = mine.setdefault(name, [0, 0.0, 0.0, 0.0, 0.0])
                for k in range(5):
                    target[k] += row[k]

    def rows(self) -> Iterator[tuple[str, int, float, float, float, float]]:
        """(name, n, sum b, sum v, sum d, sum d²) for every metric, sparse ones with n = every pair."""
        for name, (n, sb, sv, sd, sdd) in self.dense.items():
            yield name, int(n), sb, sv, sd, sdd
        for name, (_, sb, sv, sd, sdd) in self.sparse.items():
            yield name, self.pairs, sb, sv, sd, sdd


def metric(name: str, n: int, sb: float, sv: float, sd: float, sdd: float, z: float = Z95) -> dict[str, Any]:
    """Means, paired difference, its interval (``z`` standard errors each side: 95 % at a single look, wider
    at a look of a sequential comparison, ``sequential.Design.z``) and raw two-sided p-value."""
    if n == 0:
        return {"metric": name, "n": 0, "base": None, "variant": None, "difference": None, "low": None,
                "high": None, "p": 1.0}
    d = sd / n
    var = max(0.0, (sdd - n * d * d) / (n - 1)) if n > 1 else 0.0
    se = math.sqrt(var / n)
    if n < 2:
        p = 1.0
    elif se == 0:
        p = 0.0 if d != 0 else 1.0
    else:
        p = 2 * (1 - NormalDist().cdf(abs(d) / se))
    low, high = bounded(name, d - z * se, d + z * se, sb / n)
    out = {"metric": name, "n": n, "base": _r(sb / n), "variant": _r(sv / n), "difference": _r(d),
           "low": _r(low) if n > 1 else None, "high": _r(high) if n > 1 else None, "p": p}
    if n > 1:  # its standard error: Holm's interval is drawn from it (``adjusted_interval``)
        out["se"] = se
    return out


def unpaired(name: str, b: dict[str, Any], v: dict[str, Any]) -> dict[str, Any] | None:
    """A difference of two independent rates ``{rate, low, high}`` (the skill figures), normal approximation."""
    try:
        rb, rv = float(b["rate"]), float(v["rate"])
        sb = (float(b["high"]) - float(b["low"])) / (2 * Z95)
        sv = (float(v["high"]) - float(v["low"])) / (2 * Z95)
    except (KeyError, TypeError, ValueError):
        return None
    d, se = rv - rb, math.sqrt(sb * sb + sv * sv)
    p = (0.0 if d else 1.0) if se == 0 else 2 * (1 - NormalDist().cdf(abs(d) / se))
    low, high = bounded(name, d - Z95 * se, d + Z95 * se, rb)
    return {"metric": name, "n": None, "base": _r(rb), "variant": _r(rv), "difference": _r(d),
            "low": _r(low), "high": _r(high), "p": p, "se": se}


def bounded(name: str, low: float, high: float, base: float | None = None) -> tuple[float, float]:
    """An interval of a difference kept to what the difference can be. The variant's share of games lies between
    0 and 1, so its difference from a base share ``base`` lies between ``-base`` and ``1 - base``: from a base of
    27.0 %, a share can lose at most 27.0 points, however wide the normal approximation draws it ("+4.0 pp
    [−38.5; +46.5]" on a base of 27.0 % was read as an impossible figure, twenty-sixth reading fr13; "[−102.9% to
    −39.1%]", tenth reading it88). Without a base, the bounds are −1 and +1. The cut never moves an end across 0
    (0 lies within both ranges), so an interval still leaves out 0 exactly when Holm's test says the change is
    beyond chance. Other figures (counts, points) are left as drawn."""
    if is_share(name):
        floor, ceiling = (-1.0, 1.0) if base is None else (-min(1.0, max(0.0, base)), 1.0 - min(1.0, max(0.0, base)))
        return max(floor, low), min(ceiling, high)
    return low, high


def holm(metrics: list[dict[str, Any]], alpha: float = ALPHA) -> None:
    """Set ``significant`` on each metric: Holm's step-down over all of them (family-wise ``alpha``); and, on a
    metric with a standard error, ``adj_low``/``adj_high``: the interval the test decides by (``adjusted``)."""
    order = sorted(range(len(metrics)), key=lambda i: (metrics[i]["p"], metrics[i]["metric"]))
    m = len(metrics)
    rejecting = True
    adjusted = 0.0  # Holm's adjusted p-value: the running maximum of (m - rank) * p
    for rank, i in enumerate(order):
        adjusted = max(adjusted, min(1.0, (m - rank) * metrics[i]["p"]))
        if rejecting and metrics[i]["p"] <= alpha / (m - rank) and metrics[i]["difference"] is not None:
            metrics[i]["significant"] = True
        else:
            rejecting = False
            metrics[i]["significant"] = False
        adjusted_interval(metrics[i], adjusted, alpha, m - rank)
    for mt in metrics:
        mt["p"] = round(mt["p"], 6)


def adjusted_interval(mt: dict[str, Any], adjusted: float, alpha: float, step: int) -> None:
    """The interval that says what Holm's test says (``adj_low``/``adj_high``): the difference plus or minus
    as many standard errors as a level ``alpha`` divided by the metric's own Holm factor (its adjusted p-value
    over its p-value; at least ``step``, the divisor its step tests it at), so that it leaves out 0 exactly
    when the metric is significant. The printed interval is this one: a mark and an interval never disagree."""
    se, d = mt.get("se"), mt.get("difference")
    if se is None or d is None:
        return
    p = mt["p"]
    factor = adjusted / p if p > 0 else step
    z = NormalDist().inv_cdf(1 - alpha / (2 * max(1.0, factor)))
    low, high = bounded(mt["metric"], d - z * se, d + z * se, mt.get("base"))
    mt["adj_low"], mt["adj_high"] = _r(low), _r(high)
    mt["adj_level"] = round(1 - alpha / max(1.0, factor), 6)


def _r(x: float) -> float:
    return round(x, 6)


# -- playing pairs of games --------------------------------------------------------------
@dataclass(frozen=True)
class PairChunk:
    """Games ``start..stop-1`` of both decks at one player count, seeded as the base deck's."""

    loader: Loader
    base: DeckRef
    variant: DeckRef
    players: int
    agents: tuple[str, ...]
    master_seed: int
    start: int
    stop: int
    cap: int
    engine: str  # "auto" or "reference", for both decks
    code_time_limit: float = DEFAULT_TIME_LIMIT  # seconds a call into project code may run (cardgen.guard)


def _player(chunk: PairChunk, ref: DeckRef) -> Any:
    """A function playing one game of ``ref`` (recorded, for the designer trace; with the ``designer.Tracer`` that
    traced it as the reference engine played it, None for a compiled tier's game), the reference ``Game``, and
    what the options' experiment needs to play on from an offer (None without a house rule: no options)."""
    deck = cached_deck(chunk.loader, ref)
    fast = fast_engine(chunk.loader, ref, chunk.players, chunk.agents, chunk.engine)[0]
    game = cached_game(chunk.loader, ref, chunk.players)
    factories = agent_factories(deck.spec)

    def play(seed: int, names: list[str]) -> tuple[GameResult, Tracer | None]:
        if fast is not None:
            return fast.play(seed, names, chunk.cap, True), None
        tracer = new_tracer()
        return play_game(game, seed, make_agents(deck.spec, names, factories), names, cap=chunk.cap, record=True,
                         tracer=tracer), tracer
    trial = option_trial(game, deck, factories, chunk.cap, fast) if house_of(game) is not None else None
    return play, game, trial


def _winning(r: GameResult, out_of_running: OutOfRunning | None = None) -> tuple[float | None, float | None]:
    """(winning score, margin over the runner-up as the game ranks them) of a completed game; None where
    undefined."""
    if not r.completed or not r.winners or r.scores is None:
        return None, None
    from cardgen.simulate.stats import margin_of

    best = [r.scores[w] for w in set(r.winners)]
    return max(best), margin_of(r.scores, r.winners, out_of_running)  # a clear win is a positive margin, lowest-score games too


def pair_metrics(paired: Paired, b: GameResult, v: GameResult, players: int,
                 out_of_running: OutOfRunning | None = None) -> None:
    """Add one pair of games (same seed) to the paired sums (``out_of_running``: the game's own ranking, for the
    runner-up; both decks are one game)."""
    paired.pairs += 1
    if b.completed and v.completed:
        paired.add("turns", b.turns, v.turns)
        paired.add("rounds", b.rounds, v.rounds)
        wb, mb = _winning(b, out_of_running)
        wv, mv = _winning(v, out_of_running)
        if wb is not None and wv is not None:
            paired.add("winning_score", wb, wv)
        if mb is not None and mv is not None:
            paired.add("margin", mb, mv)
        bw, vw = set(b.winners or ()), set(v.winners or ())
        for seat in range(players):
            paired.add(f"seat_{seat + 1}_win_rate", float(seat in bw), float(seat in vw))
    paired.add_sparse(f"end_reason:{b.end_reason}", 1.0, float(v.end_reason == b.end_reason))
    if v.end_reason != b.end_reason:
        paired.add_sparse(f"end_reason:{v.end_reason}", 0.0, 1.0)
    gb = {kind for kind, _, _ in b.gaps}
    gv = {kind for kind, _, _ in v.gaps}
    for kind in sorted(gb | gv):
        paired.add_sparse(f"gap:{kind}", float(kind in gb), float(kind in gv))
    for name in sorted(set(b.peak) | set(v.peak)):
        paired.add_sparse(f"peak:{name}", float(b.peak.get(name, 0)), float(v.peak.get(name, 0)))


def run_pair_chunk(chunk: PairChunk) -> tuple[Tally, Tally, Paired]:
    """Play a chunk of paired games (in a worker); return both tallies and the paired sums."""
    set_time_limit(chunk.code_time_limit)
    (play_b, game_b, trial_b), (play_v, game_v, trial_v) = _player(chunk, chunk.base), _player(chunk, chunk.variant)
    ranking = cached_deck(chunk.loader, chunk.base).spec.out_of_running
    tb, tv, paired = Tally(chunk.players, ranking), Tally(chunk.players, ranking), Paired()
    agents = list(chunk.agents)
    for index in range(chunk.start, chunk.stop):
        if cancelled():  # its count stopped at a look meanwhile: nobody reads this chunk any more
            break
        seed = game_seed(chunk.master_seed, chunk.base.deck, chunk.players, index)  # both decks: CRN
        names = seat_agents(agents, chunk.players, index)
        (rb, trace_b), (rv, trace_v) = play_b(seed, names), play_v(seed, names)
        tb.add(index, rb)
        tv.add(index, rv)
        pair_metrics(paired, rb, rv, chunk.players, ranking)
        options = index < OPTION_GAMES  # the options a house rule adds, on the first games
        watch_b, watch_v = (offer_watch(r) if t is not None and options else None  # one replay: trace's and offers'
                            for t, r in ((trial_b, rb), (trial_v, rv)))
        fb = tb.designer.add(designer_trace(game_b, rb, trace_b, watch_b), rb)
        fv = tv.designer.add(designer_trace(game_v, rv, trace_v, watch_v), rv)
        for name in FIGURES:  # the designer figures, paired where both games define them
            if name in fb and name in fv:
                paired.add(name, fb[name], fv[name])
        for trial, tally, result, watch in ((trial_b, tb, rb, watch_b), (trial_v, tv, rv, watch_v)):
            if trial is not None and options:
                tally.options.add(trial, result, watch.found if watch is not None and watch.complete else None)
    return tb, tv, paired


def _house_note(deck: ResolvedDeck, ref: DeckRef, players: int, opts: CompareOptions) -> str | None:
    """The one note of a deck's house rule on the reference engine: which line keeps it out of the compiled tier and
    why, where its game's tier compiles house rules, else the speed note; None when it plays compiled (or has none)."""
    if deck.model.code is None:
        return None
    if opts.engine != "reference" and deck.spec.compiled_hooks:
        fast, why = fast_engine(opts.loader, ref, players, tuple(opts.agents), "auto")
        if fast is not None:
            return None
        if why == cached_reason(opts.loader, ref, players):  # the rule itself stays out, not an agent the tier lacks
            return say("note", opts.lang, text=why)
    return speed_note(deck)


def check_compare(base: ResolvedDeck, variant: ResolvedDeck, opts: CompareOptions) -> list[int]:
    """Raise ``InputError`` for bad input; return the player counts both decks allow (and were asked)."""
    if base.game != variant.game:
        raise InputError(f"cannot compare {base.id} ({base.game}) with {variant.id} ({variant.game}): "
                         "expected two decks or variants of the same game", field="VARIANT",
                         key="compare_games", fields={"base": base.id, "base_game": base.game, "variant": variant.id, "variant_game": variant.game})
    if base.id == variant.id:
        raise InputError(f"{base.id} compared with itself: expected two different decks or variants",
                         field="VARIANT", key="compare_itself", fields={"deck": base.id})
    if base.spec.new_game is None:
        raise InputError(f"no rules engine for game '{base.game}' yet: nothing to simulate", field="BASE",
                         key="no_engine_nothing", fields={"game": base.game})
    if opts.games < 2:
        raise InputError(f"--games {opts.games}: expected at least 2 games (a difference needs a spread)",
                         field="--games", key="games_two", fields={"games": str(opts.games)})
    if opts.jobs < 0:
        raise InputError(f"--jobs {opts.jobs}: expected 0 (one per core) or more", field="--jobs",
                         key="jobs_zero_more", fields={"jobs": opts.jobs})
    if opts.engine not in ENGINES:
        raise InputError(f"--engine {opts.engine}: expected one of {', '.join(ENGINES)}", field="--engine",
                         key="engine_one_of", fields={"engine": opts.engine, "expected": ", ".join(ENGINES)})
    if not opts.agents:
        raise InputError("--agents: expected at least one agent name", field="--agents", key="no_agents")
    check_agents(base, opts.agents)
    check_agents(variant, opts.agents)
    both = sorted(set(base.model.players.counts) & set(variant.model.players.counts))
    if not both:
        raise InputError(f"{base.id} and {variant.id} share no player count", field="VARIANT",
                         key="no_shared_count", fields={"base": base.id, "variant": variant.id})
    if opts.players:
        for p in opts.players:
            if p not in both:
                raise InputError(f"--players {p}: expected a count both decks allow "
                                 f"({', '.join(map(str, both))})", field="--players", key="players_both",
                                 fields={"players": str(p), "counts": ", ".join(map(str, both))})
        return sorted(set(opts.players))
    return both


def playable_counts(base: ResolvedDeck, variant: ResolvedDeck, counts: list[int]) -> tuple[list[int], list[str]]:
    """The counts where both decks pass their checks and set up, and one line per count left out.

    A count whose static check fails is never played (``validate.count_checks``); when no
    count is left, the comparison is refused with the first reason.
    """
    from cardgen.simulate.validate import count_checks

    keep, skipped = [], []
    checks = {deck.id: _all_checks(deck) for deck in (base, variant)}
    for p in counts:
        why = []
        for deck in (base, variant):
            mine, playable = count_checks(deck, p, checks[deck.id])
            if not playable:
                failed = next((c for c in mine if not c.passed and c.players == p), None)
                why.append(f"{deck.id}: {failed.name}" if failed else f"{deck.id}: {say('no_rules_engine')}")
        if why:
            skipped.append(say("skipped", players=say_n("players", p), why="; ".join(why)))
        else:
            keep.append(p)
    if not keep:
        raise InputError(say("no_count", why=skipped[0]), field="--players")
    return keep, skipped


def _all_checks(deck: ResolvedDeck) -> list[Any]:
    from cardgen.check.static import run_checks
    return run_checks(deck)


def run_id(base: str, variant: str, opts: CompareOptions, counts: list[int]) -> str:
    """A folder name from the options alone: the same comparison always lands in the same folder, and a
    report in another language in a folder of its own (``...-fr``), never over the English one."""
    key = json.dumps([base, variant, opts.games, counts, list(opts.agents), opts.seed, opts.cap, opts.engine]
                     + (["fixed"] if opts.fixed else []))
    lang = "" if opts.lang == "en" else f"-{opts.lang}"
    return f"compare-{base}-vs-{variant}-{hashlib.sha256(key.encode()).hexdigest()[:8]}{lang}"


def run_compare(base: ResolvedDeck, variant: ResolvedDeck, opts: CompareOptions) -> dict[str, Any]:
    """Play both decks on the same seeds at every shared player count; return the comparison document."""
    from tqdm import tqdm
    tqdm.monitor_interval = 0  # no monitor thread: worker pools fork only from a one-thread process

    from cardgen.simulate.validate import Entry, ValidateOptions, entry_json

    given = split_agents(opts.agents)
    opts = replace(opts, agents=given if given is not None else default_agents(base.spec))
    counts = check_compare(base, variant, opts)
    counts, skipped = playable_counts(base, variant, counts)
    for line in skipped:
        echo(say("note", opts.lang, text=line), file=sys.stderr)
    refs = DeckRef.of(base), DeckRef.of(variant)
    engine = "reference" if opts.engine == "reference" else "auto"
    if engine == "auto" and opts.engine != "fast":
        from cardgen.simulate.autoengine import compiles_here
        if not compiles_here(base.game):  # waiting switched off, the tier not built: the same games, uncompiled
            engine = "reference"
    for deck, ref in zip((base, variant), refs):
        note = _house_note(deck, ref, counts[0], opts) if opts.engine != "fast" and counts else None
        if note is not None:
            echo(note, file=sys.stderr)
    if opts.engine == "fast":
        for deck, ref in zip((base, variant), refs):
            for p in counts:
                if fast_engine(opts.loader, ref, p, tuple(opts.agents), "fast")[0] is None:
                    raise InputError(f"--engine fast: {deck.id} at {p} players cannot run on the compiled tier",
                                     field="--engine", key="fast_tier", fields={"deck": deck.id, "players": p})
    if engine == "auto":  # a compiled tier is compiled (or loaded) here, once, not by every worker (each saying so)
        from cardgen.simulate.autoengine import compiled_here
        for deck, ref in zip((base, variant), refs):
            for p in counts:
                fast = fast_engine(opts.loader, ref, p, tuple(opts.agents), "auto")[0]
                if fast is not None:
                    compiled_here(deck.game, fast, deck.id, p)
    total = opts.games * len(counts)
    jobs = opts.jobs or max(1, min(os.cpu_count() or 1, math.ceil(total / 200)))
    design = Design.of(opts.games, opts.fixed)
    # chunks small enough that a look's pairs keep every worker busy (a count that stops leaves no one idle)
    size = opts.chunk_size or max(1, min(250, math.ceil(opts.games / (4 * jobs)), math.ceil(design.looks[0] / (2 * jobs))))
    edits, sources = _differences(base, variant), base.spec.tally_sources

    def speaks(name: str) -> bool:
        """Whether a change of figure ``name`` is one the verdict says (an engine tally only when it is a component
        running short; never one that follows from the edit itself): only such a change stops at a look."""
        if follows_from_change(name, edits, sources):
            return False
        return group(name) != "internal" or (name.startswith("peak:") and name[5:] in base.spec.shortfall_components)

    ranking = base.spec.out_of_running
    state: dict[int, tuple[Tally, Tally, Paired]] = {p: (Tally(p, ranking), Tally(p, ranking), Paired())
                                                     for p in counts}
    stops: dict[int, int] = {}  # player count -> the look it stopped at (the last look: every pair played)

    def todo() -> Iterator[tuple[PairChunk, PairChunk]]:
        """The chunks look by look, each look's pairs of every count still playing (read lazily: a count that
        stopped gets no more; the few already sent are played and left out)."""
        start = 0
        for end in design.looks:
            for p in counts:
                for first in range(start, end, size) if p not in stops else ():
                    chunk = PairChunk(opts.loader, refs[0], refs[1], p, tuple(opts.agents), opts.seed, first,
                                      min(end, first + size), opts.cap, engine, opts.code_time_limit)
                    yield chunk, chunk
            start = end

    disable = None if opts.progress is None else not opts.progress
    with tqdm(total=2 * total, unit=say("bar_unit", opts.lang), file=sys.stderr, disable=disable,
              desc=say("bar_compare", opts.lang)) as bar:
        for chunk, _, (tb, tv, paired) in run_chunks(todo(), jobs, opts.scheduler, run_pair_chunk,
                                                    lambda chunk: chunk.players not in stops):
            if chunk.players in stops:
                continue  # sent before its count stopped: beyond the look that decided, never counted
            mine = state[chunk.players]
            mine[0].merge(tb)
            mine[1].merge(tv)
            mine[2].merge(paired)
            bar.update(2 * (chunk.stop - chunk.start))
            if mine[2].pairs in design.looks:  # a look: stop this count if a figure changed beyond chance
                look = design.looks.index(mine[2].pairs) + 1
                if design.last(look) or _changed(mine[2], design.alpha(look), speaks):
                    stops[chunk.players] = look
                    bar.total -= 2 * (opts.games - mine[2].pairs)
                    bar.refresh()
    played = [(deck.id, p, state[p][side]) for p in counts for side, deck in enumerate((base, variant))]
    refuse_failed(played, "no_verdict", opts.lang)  # before any verdict is composed: incomplete pairs answer nothing
    naming = Naming.of_decks((base, variant), opts.lang)  # no pair reached its end: nothing to compare
    refuse_stalled(played, lambda kind: tally_words("gap", kind, opts.lang, naming), "no_verdict", opts.lang)
    results = []
    for p in counts:
        tb, tv, paired = state[p]
        look = stops.get(p, len(design.looks))
        vopts = ValidateOptions(games=paired.pairs, agents=list(opts.agents), seed=opts.seed, cap=opts.cap, out=None)
        sides = [entry_json(Entry(deck, ref, p, _checks(deck, p), True, tally, agents=tuple(opts.agents)), vopts)
                 for deck, ref, tally in zip((base, variant), refs, (tb, tv))]
        metrics = [metric(*row, z=design.z(look)) for row in paired.rows()]
        seen = {m["metric"] for m in metrics}
        metrics += [metric(name, 0, 0, 0, 0, 0) for name in BASIC + tuple(f"seat_{s + 1}_win_rate" for s in range(p))
                    if name not in seen]  # always listed; empty (None) when no pair of games completed
        metrics += skill_metrics(sides[0].get("skill"), sides[1].get("skill"))
        metrics.sort(key=_metric_order)
        cards = paired_impact(sides[0], sides[1])
        family = metrics + [c["change"] for c in cards if c.get("change")]  # card sentences count too
        holm(family, design.alpha(look))
        differences = _differences(base, variant)
        sources = base.spec.tally_sources
        for m in metrics:
            m["group"] = group(m["metric"])
            m["follows_from_change"] = follows_from_change(m["metric"], differences, sources)
            m["shortfall"] = m["metric"].startswith("peak:") and m["metric"][5:] in base.spec.shortfall_components
        result = {"players": p, "games": paired.pairs, "metrics": metrics,
                  "stop": {"pairs": paired.pairs, "most": opts.games, "look": look, "looks": len(design.looks),
                           "alpha": float(f"{design.alpha(look):.3g}"), "early": paired.pairs < opts.games},
                  "base_result": sides[0], "variant_result": sides[1],
                  "component_impact": cards, "family": len(family), "game_words": words_of_decks((base, variant))}
        result["verdict"] = verdict(result, opts.lang, names=_names(base, variant, opts.lang))
        results.append(result)
    said = opts.lang if opts.lang in variant.languages else "en"  # the variant's name and description as written
    return {"format": FORMAT, "base": base.id, "variant": variant.id, "game": base.game, "seed": opts.seed,
            "games": opts.games, "agents": list(opts.agents), "agents_text": agents_in_words(opts.agents),
            "agents_default": given is None, "cap": opts.cap, "skipped": skipped, "lang": opts.lang,
            "correction": f"Holm, family-wise {ALPHA:.0%} per player count" + (
                f", at each of {len(design.looks)} looks (O'Brien-Fleming levels)" if len(design.looks) > 1 else ""),
            "looks": list(design.looks),
            "seeds": "common random numbers: game i of both decks uses the base deck's seed for game i",
            "description": introduction(variant, said), "name": variant.text(said)["name"],
            "differences": _differences(base, variant),
            "run": run_id(base.id, variant.id, opts, counts), "results": results}


def introduction(variant: ResolvedDeck, lang: str) -> str:
    """The line compare prints above what the variant changes: the variant's story line (``flavour``) where it
    has one, else its description, whose first sentence the terminal prints; the description states the rule
    for the book, which the list of changes said again at once (fifteenth reading fr14)."""
    text = variant.text(lang)
    return text["flavour"] or text["description"]


def _changed(paired: Paired, alpha: float, speaks: Callable[[str], bool]) -> bool:
    """Whether a figure of these pairs that ``speaks`` changed beyond chance at level ``alpha`` (Holm over them
    all, as at the end)."""
    metrics = [metric(*row) for row in paired.rows()]
    holm(metrics, alpha)
    return any(m["significant"] and speaks(m["metric"]) for m in metrics)


def paired_impact(b: dict[str, Any], v: dict[str, Any]) -> list[dict[str, Any]]:
    """The "which card is too strong" rows of both decks side by side (``cards.paired_cards``)."""
    return paired_cards((b.get("designer") or {}).get("component_impact", []),
                        (v.get("designer") or {}).get("component_impact", []))


def _names(base: ResolvedDeck, variant: ResolvedDeck, lang: str = "en") -> dict[str, str]:
    """Component id -> its name in ``lang`` (the variant's where both have it): the verdict names cards as
    printed."""
    from cardgen.games.base import component_name
    return {c.id: component_name(d, c.id, lang) or c.id for d in (base, variant) for c in d.model.components}


def _checks(deck: ResolvedDeck, players: int) -> list[Any]:
    from cardgen.check.static import run_checks
    return [c for c in run_checks(deck) if c.players is None or c.players == players]


def _differences(base: ResolvedDeck, variant: ResolvedDeck) -> list[dict[str, Any]]:
    """What the variant changes against ``base``, as ``inspect`` knows it (its root deck, or any deck)."""
    from cardgen.resolve.resolve import differences
    if variant.base is not None and variant.base.id == base.id:
        return list(variant.differences)
    return differences(base, variant)


def skill_metrics(b: Any, v: Any) -> list[dict[str, Any]]:
    """Skill-versus-luck figures of both sides (``entry["skill"]``, present where a search agent played)."""
    if not isinstance(b, dict) or not isinstance(v, dict):
        return []
    b, v = b.get("versus", b), v.get("versus", v)  # search's win rate against each opponent
    out = []
    for key in sorted(set(b) & set(v)):
        if isinstance(b[key], dict) and isinstance(v[key], dict):
            m = unpaired(f"skill:{key}", b[key], v[key])
            if m is not None:
                out.append(m)
    return out


BASIC = ("turns", "rounds", "winning_score", "margin")
_ORDER = ("turns", "rounds", "seat_", "winning_score", "margin", *FIGURES, "skill:", "end_reason:", "gap:", "peak:")


def _metric_order(m: dict[str, Any]) -> tuple[int, str]:
    name = m["metric"]
    rank = next((i for i, prefix in enumerate(_ORDER) if name.startswith(prefix)), len(_ORDER))
    if name.startswith("seat_"):  # seat_10 after seat_9
        return rank, f"{int(name.split('_')[1]):04d}"
    return rank, name


def public_json(doc: dict[str, Any]) -> dict[str, Any]:
    """The ``--json`` document: base, variant and per player count the metrics, and the options the variant's
    house rule adds, if any (see docs/validator.md)."""
    keys = ("metric", "group", "base", "variant", "difference", "low", "high", "significant", "p", "n",
            "follows_from_change")
    return {**{k: doc[k] for k in ("format", "base", "variant", "game", "seed", "games", "agents", "agents_text",
                                   "correction", "seeds", "differences", "skipped", "looks")},
            "results": [{"players": r["players"], "games": r["games"], "stop": r["stop"], "verdict": r["verdict"],
                         "component_impact": r["component_impact"],
                         "sufficiency": {"base": r["base_result"]["sufficiency"],
                                         "variant": r["variant_result"]["sufficiency"]},
                         "metrics": [{k: m[k] for k in keys} for m in r["metrics"]],
                         **({"options": r["variant_result"]["options"]} if "options" in r["variant_result"] else {}),
                         **({"people": r["people"]} if "people" in r else {})} for r in doc["results"]]}
