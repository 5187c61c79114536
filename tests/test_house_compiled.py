"""A King Lui house rule compiled with the game's steps (``king_lui.compiled_house``, issue 50 item 1).

The shipped ``gentle_overeating`` (hook ``scores``) compiles: the compiled tier's games are the reference
engine's with the rule installed, seed for seed (actions, scores, winners), and they are not the base game's
(the hook really replaces the score step). A rule the compiled view cannot hold stays on the reference
engine, and the one note names its file's first line that keeps it out and why. Slow tier: it compiles.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from cardgen.games.king_lui import compiled_house
from cardgen.terminal import say
from cardgen.usercode import load_code
from tests.test_tiers import PROJECT, tiers_differ

DECK = "king_lui-gentle-overeating"


@pytest.mark.parametrize("players", [3, 5])
def test_the_compiled_rule_plays_the_reference_games(players: int) -> None:
    for agents, seeds in ((("heuristic",), range(12)), (("random",), range(12)), (("heuristic", "random"), range(6))):
        assert tiers_differ(DECK, players, agents, seeds) is None


def test_the_compiled_hook_replaces_the_score_step() -> None:
    """Some seeds score differently under the rule than in the base game: the hook ran, not the base step."""
    from cardgen.resolve.resolve import Resolver

    resolver = Resolver(PROJECT)
    house, base = (resolver.resolve(d) for d in (DECK, "king_lui"))
    fast_house, fast_base = house.spec.fast(house, 4), base.spec.fast(base, 4)
    assert getattr(fast_house, "house", False) and not getattr(fast_base, "house", False)
    moved = [seed for seed in range(40) if fast_house.play(seed, ["heuristic"] * 4, 10_000, False).scores
             != fast_base.play(seed, ["heuristic"] * 4, 10_000, False).scores]
    assert len(moved) >= 5, moved


RULES = {
    "cards.py": ("def scores(state, default):\n    points, lost = default()\n    top = state.king[0][-1]\n"
                 "    return points, lost\n", 3, "house_why_pile", {}),
    "view.py": ("def scores(state, default):\n    points, lost = default()\n\n    if state.supply:\n"
                "        points[0] += 1\n    return points, lost\n", 4, "house_why_view", {"name": "state.supply"}),
    "players.py": ("def scores(state, default):\n    points, lost = default()\n    if state.players > 3:\n"
                   "        points[0] += 1\n    return points, lost\n", 3, "house_why_view", {"name": "state.players"}),
    "game.py": ("def scores(state, default):\n    points, lost = default()\n    if state.game.dishes:\n"
                "        points[0] += 1\n    return points, lost\n", 3, "house_why_view", {"name": "state.game.dishes"}),
    "floats.py": ("def scores(state, default):\n    points, lost = default()\n"
                  "    return [p / 2 for p in points], lost\n", 1, "house_why_numbers", {}),
    "other.py": ("def _helper():\n    return 1\n\n\ndef draw(state, default):\n    default()\n", 5, "house_why_hook",
                 {"hook": "draw", "hooks": "scores"}),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_rule_kept_out_names_its_first_line_and_why(name: str, tmp_path: Path) -> None:
    text, line, key, fields = RULES[name]
    path = tmp_path / name
    path.write_text(text)
    loaded = load_code(path, name)
    hooks = {n: getattr(loaded.module, n) for n in ("scores", "draw") if hasattr(loaded.module, n)}
    assert compiled_house.compile_rule(hooks, str(path), loaded.sha256) == (line, (key, fields))


def test_the_note_in_every_language() -> None:
    for lang, words in (("en", "line 3 of house/x.py cannot be compiled"), ("fr", "la ligne 3 de house/x.py ne peut"),
                        ("it", "la riga 3 di house/x.py non si può compilare")):
        note = say("house_kept_out", lang, deck="d", line=3, file="house/x.py", why=say("house_why_pile", lang))
        assert words in note and "len(pile)" in note, note
        # one engine name (the vocabulary; fifteenth reading fr2)
        assert {"en": "reference engine", "fr": "moteur de référence", "it": "motore di riferimento"}[lang] in note


def test_a_rule_that_calls_default_compiles_and_scores_as_the_engine() -> None:
    """``default()`` is the engine's own score step: a rule that only calls it plays the base game's scores."""
    def scores(state, default):  # noqa: ANN001, ANN202 - a house rule as written
        return default()

    import hashlib
    import inspect

    digest = hashlib.sha256(inspect.getsource(scores).encode()).hexdigest()  # numba's cache: one entry per text
    built = compiled_house.compile_rule({"scores": scores}, __file__, digest)
    assert isinstance(built, compiled_house.Compiled)
    n, players = 2, 2
    s = np.zeros(compiled_house.HEADER + 3 * n + 2 * players * n, np.int64)
    s[compiled_house.HEADER + n:compiled_house.HEADER + 2 * n] = (2, 1)  # the king's plate
    s[compiled_house.hand(n, 0):compiled_house.hand(n, 0) + n] = (2, 3)  # seat 0: 2*2, dish 1 overeaten
    s[compiled_house.hand(n, 1):compiled_house.hand(n, 1) + n] = (1, 1)  # seat 1: 1*2 + 1*1
    scores_, won, lost = (np.zeros(players, np.int64) for _ in range(3))
    built.outcome(s, np.array([n, players], np.int64), scores_, won, lost)
    assert scores_.tolist() == [4, 3] and lost.tolist() == [3, 0] and won.tolist() == [1, 0]


def test_a_compiled_rule_that_raises_is_one_line_naming_the_seed_as_on_the_reference(tmp_path: Path) -> None:
    """The compiled loop plays many games at once: the game that raised is found again, and its line is the
    reference engine's (file:line, the error, the hook, the seed)."""
    from tests.test_house import play, project, resolve

    from cardgen.usercode import UserCodeError

    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    if state.king_total % 2:\n        raise ValueError('odd')\n"
                             "    return points, lost\n")
    from cardgen.simulate.runner import with_house

    deck = resolve("house", root)
    fast = with_house(deck.spec.fast(deck, 3), deck)  # as the runner builds it: replays play the rule
    assert fast.house is not None
    fails = {seed: _fails(lambda seed=seed: play(root, seed=seed)) for seed in range(11, 31)}
    failing = next(seed for seed, failed in fails.items() if failed)
    seeds = [seed for seed, failed in fails.items() if not failed][:3] + [failing, failing + 100]  # not first
    assert len(seeds) == 5
    with pytest.raises(UserCodeError) as compiled:
        fast.play_batch(seeds, ("random",), np.zeros((len(seeds), 3), dtype=np.int64), 10_000)
    assert compiled.value.line == f"house/rule.py:4: ValueError: odd in scores (seed {failing} reproduces it)"
    with pytest.raises(UserCodeError) as reference:
        play(root, seed=failing)
    assert reference.value.line == compiled.value.line


def _fails(run: Callable[[], object]) -> bool:
    """Whether ``run`` raises the house rule's ``UserCodeError``."""
    from cardgen.usercode import UserCodeError

    try:
        run()
    except UserCodeError:
        return True
    return False


def test_a_rule_reads_the_seat_count_as_on_the_reference_engine(tmp_path: Path) -> None:
    """``state.game.players`` (the documented name; the reference state has no ``state.players``) compiles, and the
    compiled rule adds to the last seat what the rule says."""
    from tests.test_house import project, resolve

    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    points[state.game.players - 1] += 100\n    return points, lost\n")
    deck = resolve("house", root)
    fast = deck.spec.fast(deck, 3)
    assert fast.house is not None
    base = resolve("king_lui", root)
    for seed in (5, 6):
        compiled = fast.play(seed, ["random"] * 3, 10_000, False).scores
        plain = base.spec.fast(base, 3).play(seed, ["random"] * 3, 10_000, False).scores
        assert list(compiled) == [plain[0], plain[1], plain[2] + 100], (compiled, plain)


def test_a_compiled_rule_giving_too_few_seats_is_one_line_naming_it_and_the_seed(tmp_path: Path) -> None:
    """Scores for two seats in a three-seat game: one line saying so with the game's seed (the reference replay, cut
    at no small cap, never blames the rule for a game it did not end)."""
    from tests.test_house import project, resolve

    from cardgen.usercode import UserCodeError

    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    return points[:2], lost[:2]\n")
    deck = resolve("house", root)
    fast = deck.spec.fast(deck, 3)
    with pytest.raises(UserCodeError) as failed:
        fast.play_batch(np.array([7, 8], dtype=np.int64), ("random",), np.zeros((2, 3), dtype=np.int64), 200)
    assert failed.value.line.startswith("house/rule.py: ") and "one number per seat" in failed.value.line
    assert failed.value.line.endswith("(seed 7 reproduces it)"), failed.value.line


def test_the_spec_names_the_hooks_the_tier_compiles() -> None:
    """King Lui's spec says which hooks its tier compiles without importing numba; they are the module's."""
    from cardgen.games import get_game

    assert get_game("king_lui").compiled_hooks == compiled_house.COMPILED_HOOKS
    assert get_game("draco").compiled_hooks == () and get_game("royale").compiled_hooks == ()
