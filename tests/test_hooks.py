"""Hook points (cardgen/engine/hooks.py): every game's HOOKS name real engine methods, a rule that
only calls ``default`` plays exactly the engine's games, and the docs list every hook."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from cardgen.engine.api import RandomAgent
from cardgen.games import get_game
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import play_game
from nonempty import nonempty

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"king_lui": 3, "draco": 4, "royale": 2}


@pytest.mark.parametrize("game", GAMES)
def test_every_hook_names_a_method_of_the_engine(game: str) -> None:
    spec = get_game(game)
    deck = resolve(game, ROOT)
    state_class = type(spec.new_game(deck, GAMES[game]).new_initial_state(1))
    assert {"legal_actions", "apply", "setup", "finish"} <= set(spec.hooks)
    for name, point in spec.hooks.items():
        assert callable(getattr(state_class, point.method, None)), f"{game}: hook {name} -> {point.method}"


def _pass_through(game: str) -> str:
    """A rule file defining every hook of ``game`` as its default."""
    return "".join(f"def {name}(state, *args, default, **kwargs):\n    return default(*args, **kwargs)\n\n"
                   for name in get_game(game).hooks)


@pytest.mark.parametrize("game", GAMES)
def test_rules_that_call_default_play_the_engines_games(game: str, tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "variants").mkdir()
    (tmp_path / "house").mkdir()
    shutil.copy(ROOT / "decks" / f"{game}.yaml", tmp_path / "decks")
    (tmp_path / "variants" / "same.yaml").write_text(
        f"extends: {game}\nname: {{fr: Pareil, it: Uguale, en: Same}}\n"
        "description: {fr: Pareil., it: Uguale., en: Same.}\ncode: house/same.py\n"
        "house_rule: {fr: Rien ne change., it: Non cambia nulla., en: Nothing changes.}\n")
    (tmp_path / "house" / "same.py").write_text(_pass_through(game))
    players = GAMES[game]
    base = resolve(game, tmp_path)
    house_deck = resolve("same", tmp_path)
    engine = base.spec.new_game(base, players)
    hooked = install(house_deck.spec.new_game(house_deck, players), house_deck)
    assert hooked.state_class is not engine.state_class
    start = hooked.new_initial_state(3)
    assert type(start.clone()) is type(start) is type(start.determinize(0, random.Random(1)))  # search keeps it
    for seed in range(4):
        a = play_game(engine, seed, [RandomAgent() for _ in range(players)], record=True)
        b = play_game(hooked, seed, [RandomAgent() for _ in range(players)], record=True)
        assert a.completed and (a.actions, a.scores, a.winners, a.turns, a.gaps) == \
            (b.actions, b.scores, b.winners, b.turns, b.gaps)


@pytest.mark.parametrize("doc, games", [("authoring.md", list(GAMES))] + [(f"{g}.md", [g]) for g in GAMES])
def test_the_docs_list_every_hook(doc: str, games: list[str]) -> None:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    for game in nonempty(games):
        for name, point in get_game(game).hooks.items():
            args = point.shape()
            assert f"| `{name}` | `{point.method}` | `{args}` |" in text, f"{doc}: {game} hook {name}"


def test_a_hooks_arguments_are_read_from_the_method_it_replaces() -> None:
    """The docs' argument column comes from the engine's own signature: it cannot drift from the method."""
    from cardgen.engine.hooks import HookPoint, with_signatures

    class Probe:
        def _step(self, card: int, slot: int, winner: int | None = None) -> None: ...

        def _plain(self) -> None: ...

    points = with_signatures({"step": HookPoint("_step", "nothing", "x"), "plain": HookPoint("_plain", "nothing", "x")},
                             Probe)  # type: ignore[arg-type]
    assert points["step"].shape() == "state, card, slot, default, winner=None"
    assert points["plain"].shape() == "state, default"
    assert get_game("royale").hooks["place"].shape() == "state, card, slot, default"
    assert get_game("draco").hooks["draw"].shape() == "state, seat, n, default"
    assert get_game("royale").hooks["finish"].shape() == "state, reason, default, winner=None"
