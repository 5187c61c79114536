"""The covered heuristic's decision written once for compiled code: ``CoveredAgent`` over a game's kernels.

``cardgen.agents.generic.CoveredAgent`` is the default player of a game whose house rule adds actions its
heuristic does not know: the heuristic's move among the game's own actions, compared with each added action by
a paired look-ahead, and a memory per seat of the verdicts on each kind of added action. ``covered`` below is
that decision, draw for draw, for a compiled game loop: a game binds it to its kernels (``bind_cover``,
``cardgen.jit.bind``) and calls it where its heuristic player decides, so a house rule that adds actions plays
with the default players on the compiled tier, the same games as the reference engine (issue 50 item 2).

Same draws, same order, from the agents' generator (``fastrng``, CPython's ``random`` replayed): the
heuristic's own move, each round's ``determinize`` and its 64-bit seed of the sample's chance, then the round's
64-bit seed of the rollouts' stream (``cardgen.agents.search.paired_rounds``); in a rollout, the rule's added
actions tried at ``UNKNOWN_TRY`` (``CoveredAgent.quick_choice``). The look-ahead reads only what the seat sees:
every sample starts from the game's ``determinize``. It needs a game whose ``standings`` exist (every shipped
game: the look plays ``COVER_HORIZON`` turns per seat and reads the seat's lead).

**The kernels**, bound by name (``KERNELS``), each taking the loop's context ``ctx`` first (``ctx.cover`` is the
``CoverWork`` below; the rest is the game's own):

* ``own_legal(ctx, s, out)``: the game's own legal codes of record ``s`` (before the rule's hook), how many;
* ``rule_legal(ctx, s, out)``: the legal codes the rule gives (its ``legal_actions``), how many; where the first
  ``h`` of them are the game's own legal list, whole and in order, and the rest actions the rule added, it may say
  so in ``ctx.cover.hint[0] = h`` (a rollout's move then skips listing the game's own again: ``quick``);
* ``play(ctx, s, a)``: play code ``a`` on ``s`` (the rule's ``apply`` where it has one);
* ``usual(ctx, s, codes, k, mt)``: the game's heuristic among ``codes[:k]`` (``codes[0]`` for one, no draw);
* ``sample(ctx, src, dst, seat, mt)``: ``src`` determinized for ``seat`` into ``dst``, the sample's own chance
  seeded from ``mt`` as ``State.determinize`` does;
* ``standing(ctx, s, seat)``: the seat's lead in the standings (``cardgen.agents.generic.standing``);
* ``position(s)``: (the seat to move, -1 once over; the turns completed; whether the game is over);
* ``kind(ctx, a)``: the memory slot of action ``a``'s kind (its first word), learnt in ``ctx.cover.kinds``.
"""
from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from numba import njit, types
from numba.typed import Dict

from cardgen.engine import fastrng
from cardgen.engine.searchloop import copy_into
from cardgen.engine.searchparams import (COVER_FURTHER, COVER_HORIZON, COVER_ROUNDS, COVER_Z, EARLY_ROUNDS, EARLY_Z,
                                         RECHECK_EVERY, ROLLOUT_CAP, SETTLE_AFTER, UNKNOWN_TRY)

#: the options of every compiled copy a house rule's hooks may be inlined into (here: the decision and the look, whose
#: ``play`` and ``rule_legal`` call them; a game's loops and search too): an index out of range in a rule raises
#: IndexError there, as in Python (an inlined function compiles with its caller's options; the game's own kernels
#: called from there keep theirs)
CHECKED = {"boundscheck": True}
#: the kernels a game binds (``bind_cover``)
KERNELS = ("own_legal", "rule_legal", "play", "usual", "sample", "standing", "position", "kind")
#: kinds of added action one game's memory holds (a rule adding more kinds than this stops the game: ``kind``)
COVER_KINDS = 64
#: a verdict's fields in ``CoverWork.verdicts[seat, slot]``: ``Verdicts.offers``, ``last``, ``streak``, ``settled``
V_OFFERS, V_LAST, V_STREAK, V_SETTLED = 0, 1, 2, 3
#: ``Verdicts``' values as numbers: None (no verdict), False (left), True (taken)
NONE, LEFT, TAKEN = -1, 0, 1


class CoverWork(NamedTuple):
    """The arrays the covered decision works in (``cover_work`` makes them; the decision allocates nothing)."""

    verdicts: np.ndarray  #: int64[seats, COVER_KINDS, 4]: each seat's ``Verdicts`` per kind, for this game
    kinds: Any  #: typed Dict str -> int: a kind's memory slot
    root: np.ndarray  #: the decision's legal codes (a copy)
    known: np.ndarray  #: the root's codes the game's own rules list
    new: np.ndarray  #: the root's codes the rule added
    slot: np.ndarray  #: per added root code, its kind's slot
    judged: np.ndarray  #: per added root code, 1 when its kind is judged at this offer (``Verdicts.due``)
    cands: np.ndarray  #: the candidates the look compares
    cslot: np.ndarray  #: per candidate, its kind's slot (-1: the usual move)
    cjudged: np.ndarray  #: per candidate, 1 when it is an added action judged at this offer
    kept: np.ndarray  #: per candidate, 1 when in some sample it left the turn to the seat (an extra it bought)
    own: np.ndarray  #: scratch: the game's own legal codes
    legal: np.ndarray  #: scratch: a sample's legal codes
    rknown: np.ndarray  #: scratch: a rollout decision's known codes
    rnew: np.ndarray  #: scratch: a rollout decision's added codes
    samples: np.ndarray  #: int64[LANES, size]: the determinized position of each round of a batch (``look``)
    s: np.ndarray  #: the position a candidate is played on
    values: np.ndarray  #: float64[COVER_ROUNDS, width]: per round, each candidate's value
    mt: np.ndarray  #: the rollouts' stream
    #: uint32[LANES, 625]: each round's rollout stream as seeded, copied for each candidate (``fastrng.seed_many``)
    streams: np.ndarray
    after: np.ndarray  #: uint32[LANES, 625]: the agents' generator after each round of a batch drew
    seeds: np.ndarray  #: uint64[LANES]: each round's seed of its rollouts' stream
    #: int64[4]: [0] how many of the codes ``rule_legal`` just listed lead as the game's own legal list, whole and in
    #: its order, the rest all added actions (the rule appended only): a rollout's move needs no split then
    #: (``quick``); -1 where that is not known (``rollout`` sets it before each ``rule_legal``, a game's kernel where it
    #: knows). [1] a rollout's move from that part of the list, about to be played (``chosen``), else -1; [2], [3]
    #: what one call of a game's ``apply`` kernel makes of [1]: the code its rule's ``default`` may take unchecked
    #: once, and the turn it may (a game's kernel; -1: none)
    hint: np.ndarray
    #: int64[width + 3]: the list a rule's ``default()`` of legal actions gives at the first call of a listing, lent
    #: ([0]: 1 while lent; the list's own numbers from [1]: ``compiled_house._default_codes``): a new array at each
    #: rollout step was an eighth of a search game's time on a rule that only returns ``default()``
    lent: np.ndarray


def new_hint() -> np.ndarray:
    """A ``CoverWork.hint``: nothing known yet."""
    return np.full(4, -1, dtype=np.int64)


def cover_work(players: int, width: int, size: int) -> CoverWork:
    """A ``CoverWork`` for ``players`` seats, ``width`` legal codes at most and records of ``size`` numbers."""
    def codes() -> np.ndarray:
        return np.zeros(width, dtype=np.int64)

    kinds = new_kinds()
    return CoverWork(np.zeros((players, COVER_KINDS, 4), dtype=np.int64), kinds, codes(), codes(), codes(), codes(),
                     codes(), codes(), codes(), codes(), codes(), codes(), codes(), codes(), codes(),
                     np.zeros((fastrng.LANES, size), dtype=np.int64),
                     np.zeros(size, dtype=np.int64), np.zeros((COVER_ROUNDS, width)), fastrng.new_state(),
                     fastrng.new_states(), fastrng.new_states(), np.zeros(fastrng.LANES, dtype=np.uint64),
                     new_hint(), new_lent(width))


def new_lent(width: int) -> np.ndarray:
    """A ``CoverWork.lent`` for ``width`` legal codes at most: not lent."""
    return np.zeros(width + 3, dtype=np.int64)


@njit(cache=True)
def new_kinds():  # type: ignore[no-untyped-def]
    """An empty ``CoverWork.kinds``, made in compiled code from numba's disk cache (``Dict.empty`` called from Python
    compiles the dict's methods again in every process: about 2 s in each worker of a run)."""
    return Dict.empty(types.unicode_type, types.int64)


# -- the kernels' contracts (stubs: ``bind_cover`` replaces each with the game's njit function) ---------------
def own_legal(ctx, s, out):  # type: ignore[no-untyped-def]
    """The game's own legal codes of ``s`` into ``out``, how many."""
    raise NotImplementedError


def rule_legal(ctx, s, out):  # type: ignore[no-untyped-def]
    """The legal codes the house rule gives for ``s`` into ``out``, how many."""
    raise NotImplementedError


def play(ctx, s, a):  # type: ignore[no-untyped-def]
    """Play code ``a`` on ``s``."""
    raise NotImplementedError


def usual(ctx, s, codes, k, mt):  # type: ignore[no-untyped-def]
    """The heuristic's code among ``codes[:k]`` for the seat to move (``codes[0]`` without a draw for one)."""
    raise NotImplementedError


def sample(ctx, src, dst, seat, mt):  # type: ignore[no-untyped-def]
    """``src`` determinized for ``seat`` into ``dst`` (draws from ``mt`` as ``State.determinize``)."""
    raise NotImplementedError


def standing(ctx, s, seat):  # type: ignore[no-untyped-def]
    """``seat``'s lead over the best other seat in the standings of ``s``."""
    raise NotImplementedError


def position(s):  # type: ignore[no-untyped-def]
    """(the seat to move, -1 once over; the turns completed; whether the game is over)."""
    raise NotImplementedError


def kind(ctx, a):  # type: ignore[no-untyped-def]
    """The memory slot of the kind of code ``a``."""
    raise NotImplementedError


# -- helpers (game-agnostic, compiled once) ---------------------------------------------------------------------
@njit(cache=True)
def getrandbits64(mt):  # type: ignore[no-untyped-def]
    """``random.getrandbits(64)`` as a uint64 (two words, the first one low)."""
    low = np.uint64(fastrng.genrand(mt))
    return low | (np.uint64(fastrng.genrand(mt)) << np.uint64(32))


@njit(cache=True)
def member(codes, m, a):  # type: ignore[no-untyped-def]
    """Whether ``a`` is among ``codes[:m]``."""
    for i in range(m):
        if codes[i] == a:
            return True
    return False


@njit(cache=True)
def chosen(hint, a):  # type: ignore[no-untyped-def]
    """A rollout's move ``a``, chosen from the codes the rule's kernel just listed, about to be played: in ``hint[1]``
    where the kernel said how many of them lead as the game's own legal list (``hint[0]``), so that the rule's
    ``apply`` can give it to the game's own step without listing the game's actions again to check it; else -1.
    Every one of the game's own actions in such a list is in that lead (the rest are actions the rule added, which
    ``default`` refuses by their words), so where ``a`` sits needs no search."""
    hint[1] = a if hint[0] >= 0 else -1


@njit(cache=True)
def paired_difference(values, n, i, base):  # type: ignore[no-untyped-def]
    """``cardgen.agents.search.paired_difference`` of ``values[:n, i] - values[:n, base]``: (mean, standard error),
    the same floats (sums left to right)."""
    total = 0.0
    for r in range(n):
        total += values[r, i] - values[r, base]
    mean = total / n
    var = 0.0
    for r in range(n):
        d = (values[r, i] - values[r, base]) - mean
        var += d * d
    var = var / max(1, n - 1)
    return mean, math.sqrt(var / n)


@njit(cache=True)
def settled_early(values, n, c, base):  # type: ignore[no-untyped-def]
    """``cardgen.agents.generic.settled_early`` over the first ``n`` rounds of ``c`` candidates."""
    if n < EARLY_ROUNDS:
        return False
    for i in range(c):
        if i == base:
            continue
        mean, se = paired_difference(values, n, i, base)
        if 0 < mean <= EARLY_Z * se:
            return False
    return True


@njit(cache=True)
def clearly_behind(values, n, i, base):  # type: ignore[no-untyped-def]
    """``cardgen.agents.generic.clearly_behind``."""
    mean, se = paired_difference(values, n, i, base)
    return mean + EARLY_Z * se < 0


@njit(cache=True)
def paired_verdict(values, n, c, base):  # type: ignore[no-untyped-def]
    """``cardgen.agents.generic.paired_verdict`` (``base`` -1: None): the index of the candidate chosen."""
    best = 0
    best_sum = 0.0
    for i in range(c):
        total = 0.0
        for r in range(n):
            total += values[r, i]
        if i == 0 or total > best_sum:
            best, best_sum = i, total
    if base < 0 or best == base:
        return best
    mean, se = paired_difference(values, n, best, base)
    threshold = math.sqrt(2.0 * math.log(max(c, 2)))
    return best if mean > COVER_Z * threshold * se else base


@njit(cache=True)
def record(verdict, took):  # type: ignore[no-untyped-def]
    """``Verdicts.record`` on one seat's row for a kind (``took``: ``NONE``, ``LEFT`` or ``TAKEN``)."""
    if took == NONE or (verdict[V_SETTLED] != NONE and took != verdict[V_SETTLED]):
        verdict[V_SETTLED], verdict[V_LAST], verdict[V_STREAK] = NONE, NONE, 0
        if took == NONE:
            return
    verdict[V_STREAK] = verdict[V_STREAK] + 1 if took == verdict[V_LAST] else 1
    verdict[V_LAST] = took
    if verdict[V_STREAK] >= SETTLE_AFTER:
        verdict[V_SETTLED] = took


@njit(cache=True)
def forget(work):  # type: ignore[no-untyped-def]
    """A new game: every seat's verdicts forgotten (``Memory.of``)."""
    v = work.verdicts
    for p in range(v.shape[0]):
        for k in range(v.shape[1]):
            v[p, k, V_OFFERS] = 0
            v[p, k, V_LAST] = NONE
            v[p, k, V_STREAK] = 0
            v[p, k, V_SETTLED] = NONE


# -- the decision (templates: ``bind_cover`` compiles one copy per game with its kernels) --------------------------
def split(ctx, s, codes, m, known, new):  # type: ignore[no-untyped-def]
    """``known_and_new``: ``codes[:m]`` into the game's own (``known``) and the rule's added (``new``): (k, u)."""
    own = ctx.cover.own  # one array, not the whole ``CoverWork``: a tuple held in a variable costs a reference
    mo = own_legal(ctx, s, own)  # count per member each time it is bound, and this runs at every rollout decision
    k = u = 0
    for i in range(m):
        if member(own, mo, codes[i]):
            known[k] = codes[i]
            k += 1
        else:
            new[u] = codes[i]
            u += 1
    return k, u


def quick(ctx, s, codes, m, mt):  # type: ignore[no-untyped-def]
    """``CoveredAgent.quick_choice`` (``m`` > 1): an added action tried now and then, else the heuristic. ``codes``
    are what ``rule_legal`` just listed for ``s``: where its hint says how many lead as the game's own (the rule only
    appended), the split is read from it, the same draws, without listing the game's own actions again."""
    h = ctx.cover.hint[0]
    if h >= 0:
        if m > h and (h == 0 or fastrng.random(mt) < UNKNOWN_TRY):
            return codes[h + fastrng.randbelow(mt, m - h)]
        return usual(ctx, s, codes, h, mt)
    rknown, rnew = ctx.cover.rknown, ctx.cover.rnew  # the arrays, not ``ctx.cover`` (see ``split``)
    k, u = split(ctx, s, codes, m, rknown, rnew)
    if u > 0 and (k == 0 or fastrng.random(mt) < UNKNOWN_TRY):
        return rnew[fastrng.randbelow(mt, u)]
    return usual(ctx, s, rknown, k, mt)


def rollout(ctx, s, mt, until):  # type: ignore[no-untyped-def]
    """``generic.quick_rollout``: every seat plays ``quick`` until ``until`` turns, the end, or no move."""
    buf, hint = ctx.cover.legal, ctx.cover.hint
    for _ in range(ROLLOUT_CAP):
        _, turns, over = position(s)
        if over or turns >= until:
            return
        hint[0] = -1  # unknown unless the rule's kernel says (``quick``)
        m = rule_legal(ctx, s, buf)
        if m == 0:
            return
        a = quick(ctx, s, buf, m, mt) if m > 1 else buf[0]
        chosen(hint, a)
        play(ctx, s, a)


def look(ctx, s0, c, base, mt, horizon, keep):  # type: ignore[no-untyped-def]
    """``CoveredAgent._look`` of the candidates ``ctx.cover.cands[:c]`` from ``s0`` (``base``: the usual move's
    index, -1 for none): fills ``ctx.cover.values``' rounds, returns how many; with ``keep``, marks ``kept``."""
    values, samples, streams = ctx.cover.values, ctx.cover.samples, ctx.cover.streams  # arrays, never the whole
    after, seeds = ctx.cover.after, ctx.cover.seeds  # ``ctx.cover`` (``split``)
    seat, turn, _ = position(s0)
    until = turn + horizon * ctx.cover.verdicts.shape[0]
    n = 0
    while True:
        # a batch of rounds drawn ahead in the one-by-one order (each round's sample, then its stream's seed), the
        # generator kept after each; their streams seeded side by side (``seed_many``: the dearer step, a fifth of
        # a covered game one by one); a look that stops within the batch puts the generator back where it stopped
        batch = ahead(n, base, fastrng.LANES)
        for r in range(batch):
            sample(ctx, s0, samples[r], seat, mt)
            seeds[r] = getrandbits64(mt)
            copy_into(after[r], mt)
        fastrng.seed_many(streams, seeds)
        for r in range(batch):
            fastrng.twist_fast(streams[r])  # its first words made once (the twist every first draw would make)
        for r in range(batch):
            n = look_round(ctx, s0, c, base, r, n, until, keep)
            if n >= COVER_ROUNDS or (base >= 0 and settled_early(values, n, c, base)):
                copy_into(mt, after[r])
                return n


@njit(cache=True)
def ahead(n, base, lanes):  # type: ignore[no-untyped-def]
    """How many rounds ``look`` draws ahead after ``n``: at most ``lanes``, and no more than it surely plays: up to
    ``EARLY_ROUNDS`` while it may still stop early (``base``: a usual move to compare with), else up to
    ``COVER_ROUNDS``."""
    if base >= 0 and n < EARLY_ROUNDS:
        return min(lanes, EARLY_ROUNDS - n)
    return min(lanes, COVER_ROUNDS - n)


def look_round(ctx, s0, c, base, r, n, until, keep):  # type: ignore[no-untyped-def]
    """Round ``n`` of ``look``, from the batch's sample ``r`` with its rollout stream: each candidate's value into
    ``ctx.cover.values[n]``; returns ``n + 1``."""
    cands, values, kept = ctx.cover.cands, ctx.cover.values, ctx.cover.kept
    s, legal, rng = ctx.cover.s, ctx.cover.legal, ctx.cover.mt
    drawn, rng0 = ctx.cover.samples[r], ctx.cover.streams[r]
    seat, turn, _ = position(s0)
    for i in range(c):
        for j in range(s.shape[0]):
            s[j] = drawn[j]
        a = cands[i]
        play(ctx, s, a)
        if base >= 0 and a != cands[base]:  # the option, then the usual move, against the usual move
            player, turns, over = position(s)
            if not over and player == seat and turns == turn and member(legal, rule_legal(ctx, s, legal),
                                                                        cands[base]):
                play(ctx, s, cands[base])
                if keep:
                    kept[i] = 1
        copy_into(rng, rng0)
        rollout(ctx, s, rng, until)
        values[n, i] = standing(ctx, s, seat)
    return n + 1


def covered(ctx, s, codes, m, mt):  # type: ignore[no-untyped-def]
    """``CoveredAgent.choose_from_state`` for the seat to move in ``s`` among ``codes[:m]``: the code it plays."""
    root, known, new, slot, judged, cands, kept = (ctx.cover.root, ctx.cover.known, ctx.cover.new, ctx.cover.slot,
                                                    ctx.cover.judged, ctx.cover.cands, ctx.cover.kept)
    for i in range(m):
        root[i] = codes[i]
    k, u = split(ctx, s, root, m, known, new)
    if u == 0:  # the game's own rules: exactly the heuristic
        return usual(ctx, s, root, m, mt)
    seat = position(s)[0]
    verdicts = ctx.cover.verdicts[seat]
    pick = usual(ctx, s, known, k, mt) if k > 0 else -1
    for j in range(u):  # each kind offered counts one offer
        slot[j] = kind(ctx, new[j])
        first = True
        for i in range(j):
            if slot[i] == slot[j]:
                first = False
        if first:
            verdicts[slot[j], V_OFFERS] += 1
    nj = nt = 0
    for j in range(u):
        v = verdicts[slot[j]]
        due = v[V_SETTLED] == NONE or v[V_OFFERS] % RECHECK_EVERY == 0
        judged[j] = 1 if due else 0
        nj += judged[j]
        nt += 1 if v[V_SETTLED] == TAKEN and not due else 0
    if pick >= 0 and nj == 0:  # every kind settled, none due: the settled verdicts decide
        if nt == 0:
            return pick
        c = 0
        for j in range(u):
            if verdicts[slot[j], V_SETTLED] == TAKEN:
                cands[c] = new[j]
                c += 1
        if c == 1:
            return cands[0]
        # ``look`` takes typed values at its three calls, never literals: numba compiles a callee once per literal
        # argument type, and each copy of ``look`` (the rollouts, the rule's steps inlined) was about a third of a
        # new rule's first compile (docs/DEVELOPING.md, "A new house rule's first compile"). ``c`` too: it starts
        # as the literal 0, and numba's type inference resolved the call once with ``Literal[int](0)`` before the
        # loop's ``c += 1`` made it int64: a second copy of ``look``
        n = look(ctx, s, np.int64(c), np.int64(-1), mt, np.int64(COVER_HORIZON), np.bool_(False))
        return cands[paired_verdict(ctx.cover.values, n, c, -1)]
    cslot, cjudged = ctx.cover.cslot, ctx.cover.cjudged
    c = 0
    if pick >= 0:  # the usual move first: never an added action judged
        cands[0], cslot[0], cjudged[0] = pick, -1, 0
        c = 1
    for j in range(u):  # the added actions judged now or settled as taken; all of them when none is
        if judged[j] or verdicts[slot[j], V_SETTLED] == TAKEN or nj + nt == 0:
            cands[c], cslot[c], cjudged[c] = new[j], slot[j], judged[j]
            c += 1
    if c == 1:
        return cands[0]
    reference = 0 if pick >= 0 else -1
    for i in range(c):
        kept[i] = 0
    n = look(ctx, s, np.int64(c), np.int64(reference), mt, np.int64(COVER_HORIZON), np.bool_(True))
    if reference >= 0 and COVER_FURTHER > COVER_HORIZON:
        for i in range(1, c):
            if kept[i] and clearly_behind(ctx.cover.values, n, i, reference):
                # what it bought may pay later
                n = look(ctx, s, np.int64(c), np.int64(reference), mt, np.int64(COVER_FURTHER), np.bool_(False))
                break
    chosen = paired_verdict(ctx.cover.values, n, c, reference)
    for i in range(c):  # each kind judged now, once (at its first candidate): taken, left clearly, or unsure
        if not cjudged[i]:
            continue
        earlier = False
        for i2 in range(i):
            if cjudged[i2] and cslot[i2] == cslot[i]:
                earlier = True
        if earlier:
            continue
        if cjudged[chosen] and cslot[chosen] == cslot[i]:
            record(verdicts[cslot[i]], TAKEN)
            continue
        clear = reference >= 0
        for i2 in range(c):
            if cjudged[i2] and cslot[i2] == cslot[i]:
                clear = clear and clearly_behind(ctx.cover.values, n, i2, reference)
        record(verdicts[cslot[i]], LEFT if clear else NONE)
    return cands[chosen]


def bind_split(name: str, own_legal: object) -> object:
    """``split`` compiled for ``name`` with the game's ``own_legal`` kernel (inlined where it is called)."""
    from cardgen.jit import bind
    return bind(split, name, {"inline": "always"}, own_legal=own_legal)


def bind_quick(name: str, split_: object, usual: object) -> object:
    """``quick`` compiled for ``name`` with ``bind_split``'s copy and the game's ``usual`` kernel: a rollout's move
    (the search's rollouts over a house rule play it too: ``cardgen.games.king_lui.compiled_search``)."""
    from cardgen.jit import bind
    return bind(quick, name, {"inline": "always"}, usual=usual, split=split_)


def bind_cover(name: str, **kernels: object) -> object:
    """``covered`` compiled for a game's loop ``name`` with ``kernels`` (every name of ``KERNELS``): the dispatcher
    the loop calls where its heuristic player decides, ``covered(ctx, s, codes, m, mt)``."""
    from cardgen.jit import bind
    if sorted(kernels) != sorted(KERNELS):
        raise TypeError(f"bind_cover({name!r}): kernels {sorted(kernels)}, expected {sorted(KERNELS)}")
    own = {"split": bind_split(name, kernels["own_legal"])}
    own["quick"] = bind_quick(name, own["split"], kernels["usual"])
    inline = {"inline": "always"}
    own["rollout"] = bind(rollout, name, inline, position=kernels["position"], rule_legal=kernels["rule_legal"],
                          play=kernels["play"], quick=own["quick"])
    own["look_round"] = bind(look_round, name, inline, position=kernels["position"], play=kernels["play"],
                             rule_legal=kernels["rule_legal"], standing=kernels["standing"], rollout=own["rollout"])
    own["look"] = bind(look, name, CHECKED, sample=kernels["sample"], position=kernels["position"],
                       look_round=own["look_round"])
    return bind(covered, name, CHECKED, split=own["split"], usual=kernels["usual"], position=kernels["position"],
                kind=kernels["kind"], look=own["look"])
