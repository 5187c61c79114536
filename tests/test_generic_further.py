"""An option that pays only later is looked at further ahead (cardgen/agents/generic.py ``COVER_FURTHER``, issue 50).

The covered heuristic judges a house rule's new action a round ahead (``COVER_HORIZON``): an
action that costs now and pays after that round (Draco's tip: a silver now for a card played at
a later toast) looks clearly behind there. Such an action gets a second, longer look before the
verdict, so it is taken when what it buys pays; one that only costs is still left.
"""
from __future__ import annotations

from pathlib import Path

from cardgen.agents.generic import COVER_FURTHER, COVER_HORIZON, CoveredAgent
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import agent_factories
from cardgen.simulate.seeds import agent_rng

from house_options import BONUS, KING_LUI, KING_LUI_POINTS, OFFER, VARIANT, BOOK

#: 2 points now, 6 once two rounds have passed (paid by the apply hook as the turn comes): worth taking,
#: but only a look of more than a round sees it
LATER = OFFER.replace("def apply(", "def _apply(") + KING_LUI_POINTS + '''

def _open(state, seat, legal):
    return _taking(legal)


def _effect(state, seat):
    state.extra_points[seat] -= 2
    state.due = getattr(state, "due", []) + [(state.turns + 2 * state.game.players, seat)]


def apply(state, action, default):
    _apply(state, action, default)
    for when, seat in list(getattr(state, "due", [])):
        if state.turns >= when:
            state.extra_points[seat] += 6
            state.due = [d for d in state.due if d != (when, seat)]
'''


def project(root: Path, source: str) -> Path:
    """A project at ``root``: King Lui and the variant ``option`` playing the house rule ``source``."""
    for folder in ("decks", "variants", "house"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "decks" / "king_lui.yaml").write_text(
        (Path(__file__).resolve().parent.parent / "decks" / "king_lui.yaml").read_text(encoding="utf-8"),
        encoding="utf-8")
    (root / "variants" / "option.yaml").write_text(VARIANT.format(game="king_lui") + BOOK["king_lui"],
                                                   encoding="utf-8")
    (root / "house" / "option.py").write_text(source, encoding="utf-8")
    return root


def taken(root: Path, seeds: range, **look: int) -> float:
    """The share of its offers the covered heuristics (3 seats; ``look``: their horizons) took the option at."""
    deck = resolve("option", root)
    make = agent_factories(deck.spec)["heuristic"]
    offers = []
    for seed in seeds:
        state = install(deck.spec.new_game(deck, 3), deck).new_initial_state(seed)
        agents = [CoveredAgent(make().inner, **look) for _ in range(3)]
        rng = agent_rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            choice = agents[state.current_player].choose_from_state(state, legal, rng) if len(legal) > 1 else legal[0]
            if BONUS in legal:
                offers.append(choice == BONUS)
            state.apply(choice)
    assert len(offers) > 30
    return sum(offers) / len(offers)


def test_an_option_that_pays_after_the_horizon_is_taken_only_with_the_further_look(tmp_path: Path) -> None:
    assert COVER_FURTHER > COVER_HORIZON
    root = project(tmp_path, '"""king_lui: pays later."""\n' + LATER)
    assert taken(root, range(2)) > 0.5
    assert taken(root, range(2), further=COVER_HORIZON) < 0.1  # one round ahead only: it looks a loss


def test_an_option_that_only_costs_is_still_left(tmp_path: Path) -> None:
    root = project(tmp_path, '"""king_lui: costs."""\n' + OFFER + KING_LUI["bad"])
    assert taken(root, range(2)) < 0.05


def test_an_option_that_ends_the_turn_gets_no_second_look(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """King Lui's "pass" replaces the seat's move (it is not bought beside it): a round ahead judges it, at the
    cost it had (benchmarks/bench_cover.py); the extra that pays later gets the second look."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench_cover

    horizons: list[int | None] = []
    look = CoveredAgent._look

    def recorded(self, state, candidates, base, rng, horizon=None, kept=None):  # type: ignore[no-untyped-def]
        horizons.append(horizon)
        return look(self, state, candidates, base, rng, horizon, kept)

    monkeypatch.setattr(CoveredAgent, "_look", recorded)
    bench_cover.project(tmp_path / "pass")
    deck = resolve("kl-pass", tmp_path / "pass")
    make = agent_factories(deck.spec)["heuristic"]
    from cardgen.simulate.runner import play_game
    assert play_game(install(deck.spec.new_game(deck, 3), deck), 1, [make() for _ in range(3)]).completed
    assert len(horizons) > 20 and COVER_FURTHER not in horizons
    horizons.clear()
    taken(project(tmp_path / "later", '"""king_lui: pays later."""\n' + LATER), range(1))
    assert horizons.count(COVER_FURTHER) > 5
