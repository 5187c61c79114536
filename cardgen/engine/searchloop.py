"""``SearchAgent``'s two algorithms written once for compiled code: the paired choice and the tree.

A game's compiled search driver (``cardgen/games/<game>/compiled_search.py``) binds the two
templates below to its own kernels with ``bind_search`` (``cardgen.jit.bind``: one compiled
copy per game, found in numba's disk cache), so the iterations of
``cardgen.agents.search.SearchAgent`` run inside numba over the game's ``compiled_rules``:

* **paired** (with a policy, the simulator's default): rounds = max(``PAIRED_MIN_ROUNDS``,
  iterations // k); each round one determinized sample and one rollout stream; every legal
  root move is played on a copy of the sample and rolled out from the same stream state;
  ``fasttree.paired_pick`` keeps the heuristic's own move unless another beats it by ``z``
  standard errors of the paired differences;
* **tree** (single-observer information-set MCTS): determinize, select with UCT on
  availability, expand one untried action, roll out, backpropagate (``fasttree``), stop early
  once the most visited root action is decided; with ``advise`` the heuristic's root move
  starts with ``prior * iterations`` visits of credit.

Every draw of the search itself (the heuristic's root move, determinizing, the tree's
expansion, the tree's rollouts) comes from one ``fastrng`` stream seeded with ``seed``; the
game's kernels lay out their other streams as the reference search does (a sample's own
chance, a round's rollout stream).

**The kernels**, bound by name, each taking the game's context first (``context``'s
answer: a tuple of the game's tables, positions and scratch arrays, opaque to the loops).
Moves are int64 codes written into arrays the loops own; ``i`` indexes the last listing. A
*status* is ``OK`` (0) or negative: the search stops and answers it (Royale's full noble
table), so the Python hook can act and search again. The stubs below say what each does.
Every kernel but ``context`` is best inlined (``inline="always"``): they are called for
every move of the walk and every rollout, and a call passes the whole context, dozens of
arrays of seven words each (King Lui's tree search, whose rollouts are short, ran 40 %
slower with calls).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba import njit

from cardgen.engine.searchparams import DECIDED_EVERY, PAIRED_MIN_ROUNDS
from cardgen.engine import fastrng
from cardgen.engine.fasttree import (T_ACTION, Tree, backpropagate, decided_with, expand, most_visited_with,
                                     new_tree, paired_add, paired_pick, select_uct, untried)

if TYPE_CHECKING:
    from cardgen.engine.api import SearchParams

#: a kernel's status when the search goes on
OK = 0
#: the kernels every game binds (``bind_search``), in the order their stubs follow
KERNELS = ("context", "root", "advice", "sample", "start_round", "legal", "apply", "play", "reward")


class Settings(NamedTuple):
    """One decision's ``SearchParams`` as the compiled loops read them (``run`` makes it; numba compiles the
    record as an argument, a field costs nothing). Each loop reads the fields of its algorithm."""

    #: the iterations of the decision (paired: shared by the root moves, at least ``PAIRED_MIN_ROUNDS`` rounds)
    iterations: int
    #: tree: UCT's exploration constant
    exploration: float
    #: the weight of the score share in a reward (``fasttree.rewards``)
    score_weight: float
    #: rollouts follow the game's heuristic rather than random moves
    policy: bool
    #: with ``policy``: a rollout's chance of a random move instead of the heuristic's
    epsilon: float
    #: paired: standard errors by which a move must beat the heuristic's (``fasttree.paired_pick``)
    z: float
    #: tree: the heuristic picks its root move first (from ``mt``, before any sample)
    advise: bool
    #: tree, with ``advise``: the heuristic's root move is credited with ``prior * iterations`` visits when deciding
    prior: float


class PairedWork(NamedTuple):
    """The arrays ``paired_loop`` works in (``paired_search`` makes them: the loop allocates nothing)."""

    #: the root's legal moves (``root``'s listing)
    codes: np.ndarray
    #: per root move: summed rewards, summed paired differences with the heuristic's move, those squared,
    #: one round's rewards (``fasttree.paired_add``)
    stats: np.ndarray
    #: one rollout's reward per seat
    rewards: np.ndarray
    #: the search's own ``fastrng`` stream (the heuristic's root move, determinizing, the rounds' streams)
    mt: np.ndarray
    #: the round's rollout stream as ``start_round`` seeded it, and the copy each root move rolls out from
    stream0: np.ndarray
    stream: np.ndarray


class TreeWork(NamedTuple):
    """The arrays ``tree_loop`` works in (``tree_search`` makes them: the loop allocates nothing)."""

    #: rows: the root's legal moves, a walk step's legal moves, the untried ones among them
    lists: np.ndarray
    #: the search tree, one node per expansion and the root (``fasttree.Tree``)
    tree: Tree
    #: the nodes of the current walk, root first
    path: np.ndarray
    #: one rollout's reward per seat
    rewards: np.ndarray
    #: the search's own ``fastrng`` stream (the heuristic's root move, determinizing, expansion, rollouts)
    mt: np.ndarray


# -- the kernels' contracts (stubs: ``bind_search`` replaces each with the game's njit function) ----------
def context(args):  # type: ignore[no-untyped-def]
    """The search's context from ``args`` (what the Python hook passes): (ctx, seats, the most legal moves)."""
    raise NotImplementedError


def root(ctx, codes):  # type: ignore[no-untyped-def]
    """The root's legal moves into ``codes``, in the reference engine's order: (how many, the seat to move)."""
    raise NotImplementedError


def advice(ctx, codes, k, mt):  # type: ignore[no-untyped-def]
    """The index among the ``k`` root moves ``codes`` the heuristic picks from the seat's view (its draws
    from ``mt``), or a negative status."""
    raise NotImplementedError


def sample(ctx, mt):  # type: ignore[no-untyped-def]
    """Determinize the root into the working position (draws from ``mt``) and seed the sample's own chance."""
    raise NotImplementedError


def start_round(ctx, mt, stream):  # type: ignore[no-untyped-def]
    """Paired: seed the round's rollout ``stream`` from ``mt`` and keep the sample as the round's start."""
    raise NotImplementedError


def legal(ctx, codes):  # type: ignore[no-untyped-def]
    """The working position's legal moves into ``codes``: (how many, 0 once it is over or stuck; the seat to move)."""
    raise NotImplementedError


def apply(ctx, codes, i):  # type: ignore[no-untyped-def]
    """Play move ``i`` of the last ``legal`` listing ``codes``: a status."""
    raise NotImplementedError


def play(ctx, codes, i, at_root, stream, policy, epsilon):  # type: ignore[no-untyped-def]
    """Play move ``i`` of the last ``legal`` listing ``codes`` or, ``at_root``, root move ``i`` (``root``'s listing)
    from the round's start (the position and its own chance as ``start_round`` kept them); then roll out: a status.
    The rollout: the heuristic with chance ``epsilon`` of a random move (``policy``) or random moves, drawn from
    ``stream``, to the end of the game (``ROLLOUT_CAP`` decisions at most)."""
    raise NotImplementedError


def reward(ctx, score_weight, out):  # type: ignore[no-untyped-def]
    """Each seat's reward for the working position into ``out`` (``fasttree.rewards``)."""
    raise NotImplementedError


# -- the loops ----------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def copy_into(dst, src):  # type: ignore[no-untyped-def]
    """``dst[:] = src`` as a loop (numba's slice assignment is slower; kernels without NRT may call it)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit(cache=True)
def _index(codes, m, action):  # type: ignore[no-untyped-def]
    """The index of ``action`` in ``codes[:m]``."""
    for i in range(m):
        if codes[i] == action:
            return i
    return -1


def paired_search(args, seed, settings):  # type: ignore[no-untyped-def]
    """``SearchAgent._paired_choice``: the index among the root's legal moves to play, or a negative status.

    Without ``settings.policy``: random rollouts and no move of the policy's to beat (the best sum wins).
    Makes the arrays ``paired_loop`` works in (it allocates nothing: see ``bind_search``).
    """
    ctx, seats, width = context(args)
    work = PairedWork(np.zeros(width, dtype=np.int64), np.zeros((4, width)), np.zeros(seats), fastrng.new_state(),
                      fastrng.new_state(), fastrng.new_state())
    return paired_loop(ctx, work, seed, settings)


def paired_loop(ctx, work, seed, settings):  # type: ignore[no-untyped-def]
    """``paired_search``'s rounds in the arrays it made (``PairedWork``), as ``settings`` say."""
    codes, stats, rewards, mt, stream0, stream = work
    iterations, score_weight = settings.iterations, settings.score_weight
    policy, epsilon = settings.policy, settings.epsilon
    fastrng.seed(mt, np.uint64(seed))
    k, seat = root(ctx, codes)
    base = -1
    if policy:  # the heuristic's own move (it reads nothing hidden)
        base = advice(ctx, codes, k, mt)
        if base < 0:
            return base
    rounds = max(PAIRED_MIN_ROUNDS, iterations // k)
    sums, diff_sum, diff_sq, got = stats[0], stats[1], stats[2], stats[3]
    for _ in range(rounds):
        sample(ctx, mt)
        start_round(ctx, mt, stream0)
        for i in range(k):
            copy_into(stream, stream0)
            status = play(ctx, codes, i, True, stream, policy, epsilon)
            if status < 0:
                return status
            reward(ctx, score_weight, rewards)
            got[i] = rewards[seat]
        paired_add(sums, diff_sum, diff_sq, got, k, base)
    return paired_pick(sums, diff_sum, diff_sq, rounds, k, base, settings.z)


def tree_search(args, seed, settings):  # type: ignore[no-untyped-def]
    """``SearchAgent``'s tree: the index among the root's legal moves to play, or a negative status.

    ``settings.advise``: the heuristic picks its root move first (from the search's stream), credited with
    ``prior * iterations`` visits when deciding. Makes the arrays ``tree_loop`` works in.
    """
    ctx, seats, width = context(args)
    iterations = settings.iterations
    work = TreeWork(np.zeros((3, width), dtype=np.int64), new_tree(iterations + 2),
                    np.zeros(iterations + 2, dtype=np.int64), np.zeros(seats), fastrng.new_state())
    return tree_loop(ctx, work, seed, settings)


def tree_loop(ctx, work, seed, settings):  # type: ignore[no-untyped-def]
    """``tree_search``'s iterations in the arrays it made (``TreeWork``), as ``settings`` say."""
    lists, tree, path, rewards, mt = work
    iterations, exploration, score_weight = settings.iterations, settings.exploration, settings.score_weight
    policy, epsilon = settings.policy, settings.epsilon
    fastrng.seed(mt, np.uint64(seed))
    root_codes, codes, fresh = lists[0], lists[1], lists[2]
    k, _ = root(ctx, root_codes)
    bonus_action, bonus = -1, 0.0
    if settings.advise:
        best = advice(ctx, root_codes, k, mt)
        if best < 0:
            return best
        bonus_action, bonus = root_codes[best], settings.prior * iterations
    walk_epsilon = epsilon if policy else 0.0
    for done in range(1, iterations + 1):
        sample(ctx, mt)
        node = 0
        path[0] = 0
        length = 1
        while True:
            m, player = legal(ctx, codes)
            if m == 0:
                break
            nfresh = untried(tree, node, codes, m, fresh)
            if nfresh > 0:
                action, length = expand(tree, node, fresh, nfresh, player, mt, path, length)
                status = play(ctx, codes, _index(codes, m, action), False, mt, policy, walk_epsilon)
                if status < 0:
                    return status
                break
            node = select_uct(tree, node, codes, m, exploration)
            status = apply(ctx, codes, _index(codes, m, tree.nodes[node, T_ACTION]))
            if status < 0:
                return status
            path[length] = node
            length += 1
        reward(ctx, score_weight, rewards)
        backpropagate(tree, path, length, rewards)
        if done % DECIDED_EVERY == 0 and done < iterations \
                and decided_with(tree, 0, iterations - done, bonus_action, bonus):
            break
    return most_visited_with(tree, 0, root_codes, k, bonus_action, bonus)


def bind_search(name: str, loop_options: dict[str, object] | None = None,
                **kernels: object) -> tuple[object, object]:
    """The two searches compiled for game ``name`` over its ``kernels`` (every name of ``KERNELS``):
    (``paired_search``, ``tree_search``) dispatchers, ``cardgen.jit.bind``'s copies.

    ``loop_options`` go to ``njit`` for the two loops, which allocate nothing (their callers make
    their arrays) so that a game whose kernels run without numba's reference counting can compile
    them so too, ``{"_nrt": False}``: a walk step then increfs none of the context's arrays (Draco's
    context holds about sixty; with counting its tree search ran 10-28 % slower).
    """
    from cardgen.jit import bind
    if sorted(kernels) != sorted(KERNELS):
        raise TypeError(f"bind_search({name!r}): kernels {sorted(kernels)}, expected {sorted(KERNELS)}")
    paired = bind(paired_loop, name, loop_options, **kernels)
    tree = bind(tree_loop, name, loop_options, **kernels)
    return (bind(paired_search, name, None, context=kernels["context"], paired_loop=paired),
            bind(tree_search, name, None, context=kernels["context"], tree_loop=tree))


def settings_of(params: "SearchParams", always_advise: bool = False) -> Settings:
    """``params`` as the compiled loops read them (``run``'s ``always_advise``)."""
    prior = params.prior if params.policy else 0.0
    advise = params.policy and (prior > 0.0 or always_advise)
    return Settings(iterations=int(params.iterations), exploration=float(params.exploration),
                    score_weight=float(params.score_weight), policy=bool(params.policy),
                    epsilon=float(params.epsilon), z=float(params.z), advise=bool(advise), prior=float(prior))


def prepare(what: str, loops: tuple[Any, Any], args: tuple[Any, ...], params: "SearchParams", seed: int,
            house: str | None = None, game: object = None) -> None:
    """Compile (or load from numba's disk cache) the loop ``run`` would call, without running it, saying so first
    where the cache lacks it: a driver that runs project code in a watched call compiles before the watch begins.
    ``game``: as ``run``'s."""
    from cardgen.jit import announce_compile, game_name

    rule = f" with {house}" if house else ""
    loop = loops[0] if params.paired else loops[1]
    announce_compile(f"{what} ({'paired' if params.paired else 'tree'}){rule}", loop,
                     (lambda: game_name(game)) if game is not None else None)
    compile_for = getattr(loop, "compile", None)
    if compile_for is not None and not getattr(loop, "signatures", None):
        compile_for(tuple(loop.typeof_pyval(a) for a in (args, seed, settings_of(params))))


def run(what: str, loops: tuple[Any, Any], args: tuple[Any, ...], params: "SearchParams", seed: int,
        always_advise: bool = False, house: str | None = None, game: object = None) -> int:
    """Run ``loops`` (``bind_search``'s pair) on ``args`` as ``params`` say: the index among the root's legal
    moves, or a negative status. ``what`` names the driver in the first-run compile notice.

    The tree credits the heuristic's root move with ``params.prior`` (with a policy); ``always_advise``:
    its move is drawn whenever rollouts follow it, credited or not (King Lui's driver always did so, and
    its decisions are kept). ``house``: the house rule file compiled in (``loops`` are that rule's copies, compiled
    again for each version of the file, as its notice says). ``game``: the game searched, whose name in the
    terminal's language heads the notice (``jit.game_name``; ``what`` says the English one: terminal round 47 fr18*).
    """
    from cardgen.jit import announce_compile, game_name
    paired, tree = loops
    rule = f" with {house}" if house else ""
    announce_compile(f"{what} ({'paired' if params.paired else 'tree'}){rule}", paired if params.paired else tree,
                     (lambda: game_name(game)) if game is not None else None)
    return int((paired if params.paired else tree)(args, seed, settings_of(params, always_advise)))
