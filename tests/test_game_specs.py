"""Each bundled game declares in its ``GameSpec`` what it offers, and the declaration is true.

Callers (the simulator's agent check, ``SearchAgent``) read the spec instead of probing the
engine for ``NotImplementedError``, so a wrong declaration would go unnoticed there.
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.engine.api import State
from cardgen.games import GAME_IDS, get_game
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_spec_declares_what_the_engine_does(game_id: str) -> None:
    spec = get_game(game_id)
    deck = resolve(game_id, ROOT)
    state = spec.new_game(deck, deck.model.players.min).new_initial_state(1)  # type: ignore[misc]
    overrides = type(state).determinize is not State.determinize
    assert spec.determinize == overrides
    if spec.determinize:
        sample = state.determinize(max(state.current_player, 0), random.Random(2))
        assert type(sample) is type(state) and sample is not state
    # a declared driver is what State.compiled_search asks; none is what engines no longer override
    assert type(state).compiled_search is State.compiled_search
    assert state.has_compiled_search() == (spec.search is not None)


def test_registering_loads_no_compiled_code() -> None:
    """The specs name their compiled tiers and search drivers without importing them: numba stays unloaded."""
    code = ("import sys; from cardgen.games import GAME_IDS, get_game; specs = [get_game(g) for g in GAME_IDS]; "
            "assert all(s.fast and s.search for s in specs); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numba' or '.compiled' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


#: players per game for the reference-path run: each game's smallest table that seats heuristic and random
REFERENCE_PLAYERS = {"king_lui": 4, "royale": 3, "draco": 4}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_reference_path_never_loads_numba(game_id: str, tmp_path: Path) -> None:
    """``validate --engine reference`` plays in pure Python, heuristic in every seat and beside random:
    numba is never imported, no compiled module of the game loads, nothing lands in an empty compile
    cache (first runs rely on it)."""
    import os

    players, out = REFERENCE_PLAYERS[game_id], tmp_path / "out"
    script = (
        "import sys\n"
        "from cardgen.cli import main\n"
        f"for agents in (['heuristic'], ['heuristic', 'random']):\n"
        f"    code = main(['--project', {str(ROOT)!r}, 'validate', {game_id!r}, '--games', '4', '--players',"
        f" '{players}', '--agents', *agents, '--jobs', '1', '--engine', 'reference', '--out', {str(out)!r}])\n"
        "    assert code == 0, code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite') or '.compiled' in m))\n")
    cache = tmp_path / "cache"
    cache.mkdir()
    env = {**os.environ, "CARDGEN_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("4 of 4 games completed") == 2, done.stdout[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout[-2000:]
    assert not list(cache.rglob("*.nbi")) and not list(cache.rglob("*.nbc"))


def test_a_registration_on_first_use_calls_the_named_function_and_pickles() -> None:
    import pickle

    from cardgen.games.base import on_first_use

    late = on_first_use("cardgen.games.draco.table", "coins_held")
    assert late([7, 2], 3, 10) == (2, 3)
    assert pickle.loads(pickle.dumps(late)) == late


def test_package_spec_reads_the_package_layout_and_lets_a_game_differ() -> None:
    """``package_spec`` fills a spec from a package's conventional modules; a field given wins."""
    from cardgen.games.base import on_first_use, package_spec
    from cardgen.games.royale import checks, engine, playview, text
    from cardgen.games.royale.model import RoyaleRules

    spec = package_spec("cardgen.games.royale", rules_model=RoyaleRules, search=None, determinize=False)
    assert spec.id == "royale" and spec.rules_model is RoyaleRules
    assert spec.gaps is engine.GAPS and spec.hooks is engine.HOOKS
    assert spec.check_references is checks.check_references and spec.static_checks is checks.static_checks
    assert spec.face_text is text.face_text and spec.describe_action is text.describe_action
    assert spec.play_table is playview.play_table
    assert spec.fast == on_first_use("cardgen.games.royale.compiled", "fast_engine")
    assert spec.search is None and spec.determinize is False
