"""A reference engine's cost per turn in instructions, load-free: N games of one deck in one process.

    PYTHONPATH=TREE python benchmarks/engine_instructions.py --tree TREE [--deck king_lui] [--players 4]
                                                             [--agent random] [--games 300] [--profile]

Plays ``--games`` games of ``--deck`` (``resolve`` of the tree's shipped deck, ``GameSpec.new_game``,
``runner.play_game`` with the game's ``agent_factories``' ``--agent`` in every seat), seeds 5000.., after 5
warm-up games (seeds 1000..: imports, the engine's memos, the inlined steps), and prints one line: the games,
the total turns and a digest of every game's end, scores, winners, turns and courses. Only the API the base
tree 171089fb has too is used, so the script runs in either tree: copy it anywhere and point ``PYTHONPATH`` and
``--tree`` at the tree to measure.

The measure (this VM has no hardware counters: ``perf stat -e instructions`` is ``<not supported>``), run for
``--games N`` and ``--games 0`` under valgrind, each tree with its own warm ``CARDGEN_CACHE_DIR`` and its byte
code compiled (``python -m compileall -q cardgen``: ``PYTHONDONTWRITEBYTECODE`` otherwise makes every run
compile)::

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/engine_instructions.py --tree TREE --games N 2>&1 | grep -E "I *refs|games"

instructions per turn = (I refs of N games - I refs of 0 games) / the turns printed. ``--part deal`` and
``--part loop`` split it: a game's deal, the decisions alone (as the runner's random path plays them), and what
``play_game`` adds around them (the outcome, the result), each over the same games. The digests of two trees
must be equal: then they played the very same games. ``--profile`` prints instead cProfile's call counts of the
N games per decision (the functions called most, ``len`` and the other builtins included): where the
instructions go, to compare two trees function by function.
"""
from __future__ import annotations

import argparse
import hashlib
import sys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", required=True, help="the source tree whose decks are played (and PYTHONPATH)")
    parser.add_argument("--deck", default="king_lui")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="random", help="an agent_factories name: random, heuristic...")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--part", choices=("game", "deal", "loop"), default="game",
                        help="what each of the N games runs: all of play_game (game), only the deal "
                             "(new_initial_state), or the deal and the decisions as the runner's random path plays "
                             "them, with no play_game around them (loop: random agents only)")
    parser.add_argument("--profile", action="store_true", help="cProfile's calls per decision instead")
    parser.add_argument("--top", type=int, default=40, help="functions listed with --profile")
    args = parser.parse_args()

    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.runner import agent_factories, play_game

    deck = resolve(args.deck, args.tree)
    game = deck.spec.new_game(deck, args.players)
    factory = agent_factories(deck.spec)[args.agent]
    agents = [factory() for _ in range(args.players)]
    for seed in range(1000, 1005):  # warm-up
        play_game(game, seed, agents)
    profile = None
    if args.profile:
        import cProfile
        profile = cProfile.Profile()
        profile.enable()
    seeds = range(5000, 5000 + args.games)
    digest = hashlib.sha256()
    turns = 0
    if args.part == "game":
        results = [play_game(game, seed, agents) for seed in seeds]
    elif args.part == "deal":
        states = [game.new_initial_state(seed) for seed in seeds]
    else:
        from cardgen.simulate.seeds import agent_rng
        states = []
        for seed in seeds:
            state = game.new_initial_state(seed)
            is_terminal, legal_actions, apply, choice = (state.is_terminal, state.legal_actions, state.apply,
                                                         agent_rng(seed).choice)
            while not is_terminal():
                apply(choice(legal_actions()))
            states.append(state)
    if profile is not None:
        profile.disable()
    if args.part == "game":
        for r in results:
            digest.update(repr((r.seed, r.end_reason, r.completed, r.scores, r.winners, r.tie_break, r.turns,
                                r.rounds)).encode())
            turns += r.turns
    else:  # the record of each state as it stands (after the deal, or at the end)
        for state in states:
            digest.update(repr((state.end_reason, state.turns, state.rounds)).encode())
            turns += state.turns
    print(f"games {args.games} turns {turns} digest {digest.hexdigest()[:16]}")
    if profile is not None:
        import pstats
        stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
        rows = sorted(((calls, f"{file.rsplit('/', 1)[-1]}:{line}({name})" if file != "~" else name)
                       for (file, line, name), (_, calls, *_rest) in stats.items()), reverse=True)
        total = sum(calls for calls, _ in rows)
        per = max(turns, 1)
        print(f"calls per turn: {total / per:.1f} in all")
        for calls, name in rows[:args.top]:
            print(f"{calls / per:8.2f}  {name}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
