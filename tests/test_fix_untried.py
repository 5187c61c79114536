"""Seventeenth reading (issue #53): ``cardgen fix`` listed every lever as if the trials had judged it, levers no trial
changed among them (en4); and a player count's block said why its interval is wider once per count it names."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.terminal import say
from cardgen.tune.fix import Fixer, Proposal, _verdict_line
from cardgen.tune.space import Param
from cardgen.tune.study import Trial

ROOT = Path(__file__).resolve().parents[1]
SILVER, HAND, RUMOURS = Param("count", "silver-coin", low=10, high=140), Param("rule", "hand_size", low=3, high=7), \
    Param("count", "rumours", low=1, high=8)
OWN = {SILVER.key: 20, HAND.key: 5, RUMOURS.key: 4}


def _fixer(lang: str, trials: list[Trial]) -> Fixer:
    fixer = Fixer.__new__(Fixer)
    fixer.deck = Resolver(Project.open(ROOT)).resolve("draco")
    fixer.own = dict(OWN)
    fixer.trials = trials
    fixer.opts = SimpleNamespace(lang=lang, games=100, params=[SILVER, HAND, RUMOURS])
    return fixer


def test_a_blocks_widened_interval_says_why_once() -> None:
    """The counts a block names each carry their interval: "confidence interval widened because several figures are
    compared at once" came five times in one block; now once, then "widened interval"."""
    for lang, again in (("en", "widened interval"), ("fr", "intervalle élargi"), ("it", "intervallo allargato")):
        why = say("interval_widened_why", lang)
        verdicts = {3: [f"Games are 3 turns shorter ({why}: 1 to 5).", f"Counts: gold (2 more; {why}: 1 to 3); "
                        f"silver (4 fewer; {why}: 2 to 6)."]}
        prop = Proposal(Trial(0, dict(OWN), True, 1.0), {}, verdicts, {}, frozenset(), {3: 50})
        said = _verdict_line(_fixer(lang, []), prop, 3, "verdict")
        assert said.count(why) == 1 and said.count(f"{again}: 2 to 6)") == 1, said
        assert said.count(again) == 2, said
