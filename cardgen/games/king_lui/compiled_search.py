"""King Lui's compiled search driver: ``SearchAgent``'s algorithm over ``compiled_rules``' kernels.

``KingLuiState.compiled_search`` calls ``compiled_search``: the reference position, already
in the kernels' layout, is copied into an array (``encode``), and one numba call runs every
iteration of the decision, ``cardgen.engine.searchloop``'s paired choice or tree bound to
the kernels below. Streams: every draw of the search, and the tree's rollouts, from one
``fastrng`` generator seeded with ``seed``; a paired round's rollouts from a generator
seeded once a round from it. The driver reads only what the seat sees, because every
sample starts from ``compiled_rules.determinize``. No rule is written here.
"""
from __future__ import annotations

import os
import weakref
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba import njit

from cardgen.engine.searchparams import PAIRED_MIN_ROUNDS, ROLLOUT_CAP
from cardgen.engine import fastrng
from cardgen.engine.fasttree import rewards
from cardgen.engine.api import Action, State
from cardgen.engine.coverloop import chosen, new_hint, new_lent
from cardgen.engine.searchloop import OK, _index, bind_search, copy_into, prepare, run
from cardgen.games.king_lui import compiled_rules as kl
from cardgen.games.king_lui.compiled import Tables, tables
from cardgen.games.king_lui.engine import KingLuiState

if TYPE_CHECKING:
    from cardgen.engine.api import SearchParams


class Search(NamedTuple):
    """One decision's search: the positions, the tables and the scratch its kernels read, by name."""

    s0: np.ndarray  #: the root position
    root: np.ndarray  #: the root's legal action codes
    s: np.ndarray  #: the working position (a sample played on)
    kept: np.ndarray  #: the sample at the start of a paired round
    kit: kl.Kit  #: the deck's rule numbers and tables
    buf: np.ndarray  #: legal codes during a rollout
    best: np.ndarray  #: the heuristic's best codes
    work: np.ndarray  #: the heuristic's float[3, n] scratch
    gaps: np.ndarray  #: no room: the kernels only count the gaps met
    scores: np.ndarray  #: the outcome's arrays, per seat
    winners: np.ndarray
    discarded: np.ndarray


@njit(cache=True)
def rollout(ctx, mt, use_policy, epsilon):
    """Play ``ctx.s`` on to its end (``ROLLOUT_CAP`` decisions at most)."""
    s, kit, buf = ctx.s, ctx.kit, ctx.buf
    cfg, combo_cnt = kit.cfg, kit.combo_cnt
    for _ in range(ROLLOUT_CAP):
        m = kl.legal(s, cfg, combo_cnt, buf)
        if m == 0:
            return
        if m == 1:
            a = buf[0]
        elif use_policy and not (epsilon > 0.0 and fastrng.random(mt) < epsilon):
            a = kl.heuristic(s, kit, buf, m, mt, ctx.work, ctx.best)
        else:
            a = buf[int(fastrng.random(mt) * m)]
        kl.apply(s, a, cfg, combo_cnt, ctx.gaps)


# -- the kernels of ``searchloop`` (its stubs say what each does) --------------------------------------------
#: kernels inlined into the loops (``searchloop``'s docstring says why)
_kernel = njit(cache=True, inline="always")


@njit(cache=True)
def _context(args):
    """The ``Search`` of ``args`` (the root position, its legal codes, the deck's tables), the seats, the most codes."""
    s0, root, cfg, combo_cnt, dish_sizes = args
    n, players = cfg[kl.C_DISHES], cfg[kl.C_PLAYERS]
    width = n + 2 + combo_cnt.shape[0]
    ctx = Search(s0, root, np.empty_like(s0), np.empty_like(s0), kl.Kit(cfg, combo_cnt, dish_sizes),
                 np.zeros(width, dtype=np.int64), np.zeros(width, dtype=np.int64), np.zeros((3, n), dtype=np.float64),
                 np.zeros((0, 3), np.int64), np.zeros(players, dtype=np.float64), np.zeros(players, dtype=np.int64),
                 np.zeros(players, dtype=np.int64))
    return ctx, players, width


@_kernel
def _root(ctx, codes):
    copy_into(codes, ctx.root)
    return ctx.root.shape[0], ctx.s0[kl.S_PLAYER]


@_kernel
def _advice(ctx, codes, k, mt):
    action = kl.heuristic(ctx.s0, ctx.kit, codes, k, mt, ctx.work, ctx.best)
    for i in range(k):
        if codes[i] == action:
            return i
    return -1


@_kernel
def _sample(ctx, mt):
    kl.determinize(ctx.s0, ctx.s, ctx.s0[kl.S_PLAYER], ctx.kit.cfg, mt)


@_kernel
def _start_round(ctx, mt, stream):
    fastrng.seed(stream, np.uint64(fastrng.getrandbits(mt, 63)))
    copy_into(ctx.kept, ctx.s)


@_kernel
def _legal(ctx, codes):
    return kl.legal(ctx.s, ctx.kit.cfg, ctx.kit.combo_cnt, codes), ctx.s[kl.S_PLAYER]


@_kernel
def _apply(ctx, codes, i):
    kl.apply(ctx.s, codes[i], ctx.kit.cfg, ctx.kit.combo_cnt, ctx.gaps)
    return OK


@_kernel
def _play(ctx, codes, i, at_root, stream, policy, epsilon):
    if at_root:
        copy_into(ctx.s, ctx.kept)
    kl.apply(ctx.s, codes[i], ctx.kit.cfg, ctx.kit.combo_cnt, ctx.gaps)
    rollout(ctx, stream, policy, epsilon)
    return OK


@_kernel
def _reward(ctx, score_weight, out):
    tie = kl.outcome(ctx.s, ctx.kit.cfg, ctx.scores, ctx.winners, ctx.discarded)
    kl.tie_standing(ctx.s, ctx.kit.cfg, ctx.winners, tie, ctx.gaps)  # a tie no ruling settles stalls, as in the engine
    rewards(ctx.scores, ctx.winners, ctx.s[kl.S_END] == kl.SUPPLY_EXHAUSTED, score_weight, out)


LOOPS = bind_search("king_lui", context=_context, root=_root, advice=_advice, sample=_sample,
                    start_round=_start_round, legal=_legal, apply=_apply, play=_play, reward=_reward)


def encode(state: KingLuiState) -> np.ndarray:
    """``state``'s record as a ``compiled_rules`` state (the whole position: the driver determinizes it itself)."""
    s = np.array(state.s, dtype=np.int64)
    s[kl.S_GAPS] = len(state.gaps)
    return s


def codes(legal: list[Action], t: Tables) -> np.ndarray:
    """The action codes of reference actions, in their order."""
    return np.array([t.code_of[a] for a in legal], dtype=np.int64)


def compiled_search(state: KingLuiState, params: "SearchParams", legal: list, seed: int) -> int | None:
    """``KingLuiState.compiled_search``: the index in ``legal`` search picks, or None (no driver for this deck)."""
    t = tables(state.game)
    if isinstance(t, str) or state.end_reason is not None or not legal:
        return None
    args = (encode(state), codes(legal, t), t.cfg, t.combo_cnt, t.dish_sizes)
    return run("King Lui search driver", LOOPS, args, params, seed, always_advise=True, game=state.game)


# -- a house rule's search: the same algorithm over the rule's steps (``compiled.house_loop``) ---------------------
class HouseSearch(NamedTuple):
    """One decision's search with a house rule compiled in. ``step``, ``s0`` and ``root`` are borrowed from what the
    Python driver passes (``house_search``), which outlives the call: the context is passed into every inlined kernel,
    and numba counts a reference for each member of a value so passed (a loop context whole ran the rollouts 3 to 8
    times slower); the others are the call's own."""

    step: Any  #: what the rule's steps and a rollout's move read (``compiled_house.StepContext``), borrowed
    s0: np.ndarray  #: the root position
    root: np.ndarray  #: the root's legal action codes (the rule's ``legal_actions``)
    s: np.ndarray  #: the working position (a sample played on)
    kept: np.ndarray  #: the sample at the start of a paired round
    rbuf: np.ndarray  #: legal codes during a rollout (the rule's ``legal_actions`` writes its default here too)
    scores: np.ndarray  #: the outcome's arrays, per seat
    winners: np.ndarray
    discarded: np.ndarray


def house_context(args):  # type: ignore[no-untyped-def]
    """The ``HouseSearch`` of ``args`` (the rule's steps' context, the root position, its legal codes:
    ``house_search``), the seats, the most codes. ``step_context`` is ``compiled_house``'s and ``borrowed``
    ``compiled_words``' (bound by ``house_loops``: this module does not import numba's extensions). Few arguments: numba types each array of them
    in Python at every call (a whole loop context: about 1 ms a decision)."""
    step, s0, root = args
    players, width = step.kit.cfg[kl.C_PLAYERS], step.best.shape[0]
    ctx = HouseSearch(step_context(step), borrowed(s0), borrowed(root), np.empty_like(s0),  # noqa: F821
                      np.empty_like(s0), np.zeros(width, dtype=np.int64), np.zeros(players, dtype=np.int64),
                      np.zeros(players, dtype=np.int64), np.zeros(players, dtype=np.int64))
    return ctx, players, width


#: whether the rule lists the game's own actions only (no ``legal_actions`` hook): ``house_loops`` binds it per rule
OWN_ONLY = False


def house_rollout(ctx, mt, use_policy, epsilon):  # type: ignore[no-untyped-def]
    """``rollout`` with the rule's steps (the globals ``legal_now``, ``act``) and the covered heuristic's rollout
    move (``quick``: the rule's added actions tried now and then, as ``CoveredAgent.quick_choice``, the search's Python
    policy): a rule that adds nothing plays the game's own rollout, draw for draw."""
    s, buf, step, hint = ctx.s, ctx.rbuf, ctx.step, ctx.step.cover.hint
    for _ in range(ROLLOUT_CAP):
        if s[kl.S_END] != kl.PLAYING:  # over: the rule's legal_actions is not asked (nor in the engine)
            return
        hint[0] = -1  # unknown unless the rule's ``legal_actions`` says (``coverloop.quick``)
        m = legal_now(s, step, buf)  # noqa: F821 - bound by ``house_loops``
        if m == 0:
            return
        if OWN_ONLY:  # the game's own list, whole (no ``legal_actions`` hook)
            hint[0] = m
        if m == 1:
            a = buf[0]
        elif use_policy and not (epsilon > 0.0 and fastrng.random(mt) < epsilon):
            a = quick(step, s, buf, m, mt)  # noqa: F821 - bound by ``house_loops``
        else:
            a = buf[int(fastrng.random(mt) * m)]
        chosen(hint, a)  # the rule's apply may then skip checking it (``compiled_house.hooked_apply``)
        act(s, a, step)  # noqa: F821 - bound by ``house_loops``


def house_root(ctx, s, out):  # type: ignore[no-untyped-def]
    """The legal codes the rule gives at ``s`` into ``out`` (the global ``legal_now``), how many: the search's root,
    checked against the reference's list before the search runs (``house_search``)."""
    return legal_now(s, ctx, out)  # noqa: F821 - bound by ``house_loops``


def _house_advice(ctx, codes, k, mt):  # type: ignore[no-untyped-def]
    """``CoveredAgent.advice_choice``: the heuristic's move among the game's own actions (an added action drawn at
    random only where the game's rules give none); never a rollout's try of an added action."""
    step = ctx.step
    known, new = step.cover.rknown, step.cover.rnew  # a rollout's scratch: no rollout runs meanwhile
    kn, u = split(step, ctx.s0, codes, k, known, new)  # noqa: F821 - bound by ``house_loops``
    if u > 0 and kn == 0:
        action = new[fastrng.randbelow(mt, u)]
    else:
        action = usual(step, ctx.s0, known, kn, mt)  # noqa: F821 - bound by ``house_loops``
    return _index(codes, k, action)


def _plain_move(ctx, s, codes, m, mt):  # type: ignore[no-untyped-def]
    """A rollout's move where the rule adds no action (no ``legal_actions`` hook): the heuristic among ``codes``, as
    ``quick`` would choose it after finding every code the game's own (without listing them again)."""
    return usual(ctx, s, codes, m, mt)  # noqa: F821 - bound by ``house_loops``


def _plain_advice(ctx, codes, k, mt):  # type: ignore[no-untyped-def]
    """``_house_advice`` where the rule adds no action: the heuristic's move, as the game's own driver's."""
    return _index(codes, k, usual(ctx.step, ctx.s0, codes, k, mt))  # noqa: F821 - bound by ``house_loops``


@_kernel
def _house_sample(ctx, mt):
    kl.determinize(ctx.s0, ctx.s, ctx.s0[kl.S_PLAYER], ctx.step.kit.cfg, mt)


def _house_legal(ctx, codes):  # type: ignore[no-untyped-def]
    if ctx.s[kl.S_END] != kl.PLAYING:
        return 0, ctx.s[kl.S_PLAYER]
    return legal_now(ctx.s, ctx.step, codes), ctx.s[kl.S_PLAYER]  # noqa: F821 - bound by ``house_loops``


def _house_apply(ctx, codes, i):  # type: ignore[no-untyped-def]
    act(ctx.s, codes[i], ctx.step)  # noqa: F821 - bound by ``house_loops``
    return OK


def _house_play(ctx, codes, i, at_root, stream, policy, epsilon):  # type: ignore[no-untyped-def]
    if at_root:
        copy_into(ctx.s, ctx.kept)
    act(ctx.s, codes[i], ctx.step)  # noqa: F821 - bound by ``house_loops``
    rollout(ctx, stream, policy, epsilon)  # noqa: F821 - bound by ``house_loops``: ``house_rollout``
    return OK


def _house_reward(ctx, score_weight, out):  # type: ignore[no-untyped-def]
    cfg = ctx.step.kit.cfg
    tie = outcome(ctx.s, cfg, ctx.scores, ctx.winners, ctx.discarded)  # noqa: F821 - bound by ``house_loops``
    kl.tie_standing(ctx.s, cfg, ctx.winners, tie, ctx.step.gaps)
    rewards(ctx.scores, ctx.winners, ctx.s[kl.S_END] == kl.SUPPLY_EXHAUSTED, score_weight, out)


class HouseLoops(NamedTuple):
    """A house rule's search compiled with its steps (``house_loops``)."""

    loops: tuple[Any, Any]  #: ``bind_search``'s (paired, tree) over the rule's kernels
    root: Any  #: ``house_root`` with the rule's ``legal_actions``


#: per house rule loop's name (``compiled.HouseLoop.name``): its search's loops, bound on first use
_HOUSE_LOOPS: dict[str, HouseLoops] = {}


def house_loops_of(house: Any) -> HouseLoops:
    """The search loops of the house rule loop ``house`` (``compiled.HouseLoop``), bound once."""
    if house.name not in _HOUSE_LOOPS:
        from cardgen.games.king_lui.compiled_house import own_kernel, usual_kernel

        _HOUSE_LOOPS[house.name] = house_loops(house.name, house.steps, own_kernel, usual_kernel, house.adds_actions)
    return _HOUSE_LOOPS[house.name]


def house_loops(name: str, steps: dict[str, Any], own_legal: Any, usual: Any, adds: bool = True) -> HouseLoops:
    """The search's kernels bound to a house rule's ``steps`` (``legal_now``, ``act``, ``outcome``: ``compiled
    .house_loop``) and the covered heuristic's kernels (``own_legal``, ``usual``: ``compiled_house``), compiled as
    ``name`` + ``_search`` (numba's disk cache keeps one copy per version of the rule file, as the loop's). A rule
    that adds no action (``adds`` False: no ``legal_actions`` hook) lists only the game's own: its rollouts and
    advice take the heuristic's move without sorting the game's actions from added ones."""
    from cardgen.engine.coverloop import CHECKED, bind_quick, bind_split
    from cardgen.jit import bind

    name = f"{name}_search"
    inline = {"inline": "always"}
    rule = {"legal_now": steps["legal_now"], "act": steps["act"]}
    split_ = bind_split(name, own_legal)
    quick_ = bind_quick(name, split_, usual) if adds else bind(_plain_move, name, inline, usual=usual)
    roll = bind(house_rollout, name, inline, quick=quick_, OWN_ONLY=not adds, **rule)
    from cardgen.engine.compiled_words import borrowed
    from cardgen.games.king_lui.compiled_house import step_context_kernel

    kernels = {"context": bind(house_context, name, None, step_context=step_context_kernel, borrowed=borrowed),
               "root": _root,
               "advice": (bind(_house_advice, name, inline, split=split_, usual=usual) if adds
                          else bind(_plain_advice, name, inline, usual=usual)),
               "sample": _house_sample, "start_round": _start_round,
               "legal": bind(_house_legal, name, inline, legal_now=rule["legal_now"]),
               "apply": bind(_house_apply, name, inline, act=rule["act"]),
               "play": bind(_house_play, name, inline, act=rule["act"], rollout=roll),
               "reward": bind(_house_reward, name, inline, outcome=steps["outcome"])}
    # the rule's hooks are inlined in the loops and the root: compiled with bounds checked (``CHECKED``)
    return HouseLoops(bind_search(name, CHECKED, **kernels), bind(house_root, name, CHECKED,
                                                                    legal_now=rule["legal_now"]))


def step_context(t: Tables) -> Any:
    """A new ``compiled_house.StepContext`` for the deck's tables ``t`` (a ``SearchStep``: numba types it at once):
    the game's action words, an empty gap log (samples log no gap: the kernels count them), the heuristic's and a
    rollout move's scratch."""
    from cardgen.games.king_lui.compiled import action_room
    from cardgen.engine.compiled_words import words_of
    from cardgen.games.king_lui.compiled_house import RolloutCover, SearchStep

    width = action_room(t.dish_sizes.shape[0], t.combo_cnt.shape[0])

    def codes() -> np.ndarray:
        return np.zeros(width, dtype=np.int64)

    cover = RolloutCover(codes(), codes(), codes(), new_hint(), new_lent(width))
    return SearchStep(t.kit, np.zeros((0, 3), dtype=np.int64), words_of(t.action_of), codes(),
                      np.zeros((3, t.dish_sizes.shape[0]), dtype=np.float64), cover)


def root_codes(state: KingLuiState, legal: list, listed: np.ndarray, t: Tables) -> np.ndarray | None:
    """The codes of ``legal`` (the actions a search chooses among: all the rule's legal actions, or some of them, as
    when the options' experiment leaves one out) from ``listed``, the compiled rule's legal codes now; None where the
    compiled rule lists other actions than the reference (a game's own action at another place, another count)."""
    full = legal if len(listed) == len(legal) else state.legal_actions()
    if len(listed) != len(full) or any(t.code_of.get(a, code) != code for a, code in zip(full, listed.tolist())):
        return None
    code_of = dict(zip(full, listed.tolist()))
    if len(code_of) != len(full) or any(a not in code_of for a in legal):
        return None
    return np.array([code_of[a] for a in legal], dtype=np.int64)


#: per game (its house rule installed): the rule's loop, its search and the steps' context the decisions share (the
#: words it learns, the scratch), or why the rule stays out; made at a game's first search decision, since finding
#: the loop reads and hashes the rule file (a fifth of a base search game's time when done at every decision)
_HOUSE_SEARCHES: "weakref.WeakKeyDictionary[Any, tuple[Any, HouseLoops, Any] | str]" = weakref.WeakKeyDictionary()


def house_search(state: KingLuiState, params: "SearchParams", legal: list, seed: int) -> int | None:
    """``GameSpec.house_search``: ``compiled_search`` for a state whose deck has a house rule compiled with King Lui's
    steps (``compiled.house_loop``), or None (the rule stays out of the compiled tier, has a ``policy``, or fails in a
    sample: the Python search then plays it, and names a failure in its one line)."""
    from cardgen import contain, guard  # not at the top: the compiled code's key stays as it was
    from cardgen.engine.compiled_parts import ready
    from cardgen.games.king_lui.compiled import HOUSE_DECISION_GAME_SECONDS, house_loop
    from cardgen.games.king_lui.compiled_house import SearchArgs

    t = tables(state.game)
    if isinstance(t, str) or state.end_reason is not None or not legal or type(state).suggest is not State.suggest:
        return None  # a rule's ``policy`` advises in Python (``State.suggest``)
    if state.game not in _HOUSE_SEARCHES:
        house = house_loop(state.game.resolved, t, state.game.players)
        _HOUSE_SEARCHES[state.game] = house if isinstance(house, str) else (house, house_loops_of(house),
                                                                             step_context(t))
    found = _HOUSE_SEARCHES[state.game]
    if isinstance(found, str):
        return None
    house, search, step = found
    s0 = encode(state)
    root = np.zeros(step.best.shape[0], dtype=np.int64)
    ready(search.root, (step, s0, root))  # compiled before the watch: a first run compiles for a while
    prepare("King Lui search driver", search.loops, (step, s0, root), params, seed, house=house.shown,
            game=state.game)
    # the watch's limit: a call into project code's, and as long again for each rollout as a compiled game may take
    rollouts = max(PAIRED_MIN_ROUNDS * len(legal), params.iterations + len(legal))
    pid = os.getpid()
    contain.enter(f"{house.shown}, hook {', '.join(house.hooks)} (compiled search, seed {state.seed})",
                  guard.time_limit() + rollouts * HOUSE_DECISION_GAME_SECONDS, pid)
    try:
        codes = root_codes(state, legal, root[:search.root(step, s0, root)], t)
        if codes is None:
            return None  # the compiled rule lists other actions than the reference: the Python search decides
        index = run("King Lui search driver", search.loops, SearchArgs((step, s0, codes)), params, seed,
                    always_advise=True, house=house.shown, game=state.game)
        return index if 0 <= index < len(legal) else None
    except Exception:  # noqa: BLE001 - the rule failed in compiled code: the Python search meets it and names it
        return None
    finally:
        contain.leave(pid)
