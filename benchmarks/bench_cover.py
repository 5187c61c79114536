"""What a house rule's new choice costs the default player (issue 50 item 2), in one process.

A scratch project holds King Lui with a "pass" rule (``legal_actions`` adds ``("pass",)`` wherever a
dish can be taken or a card drawn; ``apply`` ends the turn) and Draco's charity toast with a tip
(once a turn, 1 silver to the bank for a card). The same seeds are played, in turn, by three kinds
of default players in every seat: the look-ahead as it was (8 samples at every offer: no early stop,
no memory), as it is (``cardgen.agents.generic``'s defaults), and the heuristic alone among the
game's own moves (what a choice the players never judged would cost). CPU seconds, one process:

    python benchmarks/bench_cover.py [--games 10]
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgen.agents import generic  # noqa: E402
from cardgen.agents.generic import known_and_new  # noqa: E402
from cardgen.house import install  # noqa: E402
from cardgen.resolve.resolve import resolve  # noqa: E402
from cardgen.simulate.runner import agent_factories, play_game  # noqa: E402

PASS = '''"""King Lui: a player may pass instead of taking or drawing."""


def legal_actions(state, default):
    legal = default()
    offered = False
    for action in legal:  # a loop, not any(...): a generator expression does not compile
        if action[0] == "take" or action[0] == "draw":
            offered = True
    if offered:
        legal.append(("pass",))
    return legal


def apply(state, action, default):
    if action == ("pass",):
        state.end_turn()
        return
    default(action)
'''

TIP = '''

def legal_actions(state, default):
    legal = default()
    if (state.phase_name == "play" and getattr(state, "tip_turn", -1) != state.turns
            and state.money[state.current_player] >= 1 and len(state.pile) > 1):
        legal.append(("tip",))
    return legal


def apply(state, action, default):
    if action != ("tip",):
        default(action)
        return
    state.tip_turn = state.turns
    state.pay(state.current_player, 1)
    state.draw_cards(state.current_player, 1)
'''

VARIANT = """extends: {game}
name: {{fr: Choix, it: Scelta, en: Choice}}
description: {{fr: Un choix., it: Una scelta., en: A choice.}}
code: house/{name}.py
house_rule: {{fr: Un choix de plus., it: Una scelta in più., en: One more choice.}}
"""


def project(root: Path) -> Path:
    """The scratch project: variants ``kl-pass`` and ``draco-tip`` (the charity toast's book texts kept)."""
    for folder in ("decks", "variants", "house"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for game in ("king_lui", "draco"):
        shutil.copy(ROOT / "decks" / f"{game}.yaml", root / "decks")
    (root / "house" / "kl_pass.py").write_text(PASS, encoding="utf-8")
    (root / "variants" / "kl-pass.yaml").write_text(VARIANT.format(game="king_lui", name="kl_pass"), encoding="utf-8")
    charity = (ROOT / "variants" / "draco" / "draco-charity-toast.yaml").read_text(encoding="utf-8")
    (root / "variants" / "draco-tip.yaml").write_text(
        charity.replace("code: variants/draco/house/charity_toast.py", "code: house/draco_tip.py"), encoding="utf-8")
    toast = (ROOT / "variants" / "draco" / "house" / "charity_toast.py").read_text(encoding="utf-8")
    (root / "house" / "draco_tip.py").write_text(toast + TIP, encoding="utf-8")
    return root


class Alone(generic.CoveredAgent):
    """The heuristic among the game's own moves, never judging the rule's."""

    def choose_from_state(self, state, legal, rng):  # type: ignore[no-untyped-def]
        known, _ = known_and_new(state, legal)
        return self.inner.choose(state.observation(state.current_player), known, rng) if len(known) > 1 else known[0]


def as_it_was() -> None:
    """Every offer judged on all 8 samples, a round ahead only: the look-ahead before issue 50 (the same draws
    and verdicts)."""
    generic.EARLY_ROUNDS, generic.SETTLE_AFTER, generic.COVER_FURTHER = generic.COVER_ROUNDS, 10 ** 9, 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    defaults = generic.EARLY_ROUNDS, generic.SETTLE_AFTER, generic.COVER_FURTHER
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp))
        for variant, players in (("kl-pass", 3), ("draco-tip", 4)):
            deck = resolve(variant, root)
            game = install(deck.spec.new_game(deck, players), deck)
            make = agent_factories(deck.spec)["heuristic"]
            cpu = {"as it was": 0.0, "as it is": 0.0, "heuristic alone": 0.0}
            for seed in range(args.games):
                for name in cpu:
                    generic.EARLY_ROUNDS, generic.SETTLE_AFTER, generic.COVER_FURTHER = defaults
                    if name == "as it was":
                        as_it_was()
                    agents = [Alone(make().inner) if name == "heuristic alone" else make() for _ in range(players)]
                    start = time.process_time()
                    assert play_game(game, seed, agents).completed
                    cpu[name] += time.process_time() - start
            generic.EARLY_ROUNDS, generic.SETTLE_AFTER, generic.COVER_FURTHER = defaults
            print(f"{variant}, {players} players, {args.games} games, CPU s: "
                  + ", ".join(f"{name} {value:.2f}" for name, value in cpu.items())
                  + f"; {cpu['as it was'] / cpu['as it is']:.1f}x less than it was, "
                  f"{cpu['as it is'] / cpu['heuristic alone']:.0f}x the heuristic alone")


if __name__ == "__main__":
    main()
