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
