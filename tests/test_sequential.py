"""Compare that stops when it knows (issue 50): the looks, their levels, and what they promise.

The promise is checked on cases whose answer is known: figures that do not move are
claimed changed in at most 5 % of comparisons however often they are looked at (by
simulation, through compare's own Holm and metric functions); a plain change stops at the
first look; the same command stops at the same pair whatever ``--jobs``; ``--fixed`` plays
every pair.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.compare import CompareOptions, holm, metric, public_json, run_compare
from cardgen.simulate.sequential import ALPHA, OBF_CONSTANTS, Design
from cardgen.simulate.summary import format_comparison

ROOT = Path(__file__).resolve().parent.parent


def _crossing(bound: float, looks: int, points: int = 601) -> float:
    """P(max over the looks of |W_k| > bound), W a walk of ``looks`` standard normal steps (grid integration)."""
    x = np.linspace(-bound, bound, points)
    h = x[1] - x[0]
    weights = np.full(points, h)
    weights[0] = weights[-1] = h / 2
    kernel = np.exp(-0.5 * (x[:, None] - x[None, :]) ** 2) / np.sqrt(2 * np.pi)
    density = np.exp(-0.5 * x * x) / np.sqrt(2 * np.pi)
    for _ in range(looks - 1):
        density = kernel @ (density * weights)
    return 1 - float(density @ weights)


@pytest.mark.parametrize("looks", [2, 5, 10])
def test_the_boundary_constants_give_five_percent_over_every_look(looks: int) -> None:
    """Each constant, recomputed: a figure that does not move crosses at some look in 5 % of comparisons."""
    assert _crossing(OBF_CONSTANTS[looks] * looks ** 0.5, looks) == pytest.approx(ALPHA, abs=5e-4)


def test_the_looks_are_a_tenth_of_the_games_apart_and_never_closer_than_fifty() -> None:
    assert Design.of(1000).looks == tuple(range(100, 1001, 100))
    assert Design.of(120).looks == (60, 120)
    assert Design.of(99).looks == (99,) and Design.of(2).looks == (2,)
    assert Design.of(1000, fixed=True).looks == (1000,)
    design = Design.of(1000)
    assert design.alpha(1) < 1e-9 < design.alpha(5) < design.alpha(10) < ALPHA  # strict early, near 5 % last
    assert design.z(10) == pytest.approx(2.0865, abs=1e-3) and Design.of(80).z(1) == pytest.approx(1.96, abs=1e-3)
    assert Design.of(80).alpha(1) == ALPHA  # one look: the fixed design, as before


def _claims(shift: float, runs: int, figures: int = 12, pairs: int = 500) -> tuple[float, list[int]]:
    """Simulated comparisons of ``figures`` paired figures (the first moved by ``shift`` standard deviations), looked
    at as compare looks (Holm at each look's level, through compare's own functions): the share of comparisons
    that named a figure that did not move, and the look each stopped at."""
    rng = np.random.default_rng(7)
    design = Design.of(pairs)
    false, stops = 0, []
    for _ in range(runs):
        d = rng.standard_normal((pairs, figures))
        d[:, 0] += shift
        b = rng.standard_normal((pairs, figures))
        for look, n in enumerate(design.looks, 1):
            part = d[:n]
            metrics = [metric(f"f{j}", n, float(b[:n, j].sum()), float((b[:n, j] + part[:, j]).sum()),
                              float(part[:, j].sum()), float((part[:, j] ** 2).sum())) for j in range(figures)]
            holm(metrics, design.alpha(look))
            if any(m["significant"] for m in metrics) or design.last(look):
                false += any(m["significant"] for m in metrics[1 if shift else 0:])
                stops.append(look)
                break
    return false / runs, stops


def test_figures_that_do_not_move_are_claimed_changed_in_at_most_five_percent_of_comparisons() -> None:
    share, stops = _claims(0.0, 1500)
    assert share <= ALPHA + 2.5 * (ALPHA * (1 - ALPHA) / 1500) ** 0.5, share  # 5 % plus its Monte Carlo error
    assert stops.count(10) >= 0.95 * len(stops)  # nothing to know: every pair is played


def test_a_plain_change_stops_at_the_first_look_and_names_nothing_else() -> None:
    share, stops = _claims(2.0, 200)  # 14 standard errors at the first look (50 pairs), 7 needed
    assert set(stops) == {1} and share <= 0.05


def _dragon(**options: object) -> dict:
    base, variant = resolve("king_lui", ROOT), resolve("king_lui-hungry-dragon", ROOT)
    options = {"games": 400, "players": [3], "out": None, "progress": False, **options}
    return run_compare(base, variant, CompareOptions(**options))  # type: ignore[arg-type]


def test_compare_of_a_plain_change_stops_early_and_says_how_many_pairs_it_took() -> None:
    doc = _dragon(jobs=1)
    result = doc["results"][0]
    assert doc["looks"] == [50, 100, 150, 200, 250, 300, 350, 400]
    # at 50 pairs only an engine tally moved plainly enough (the king's plate's peak): no sentence, no stop
    assert result["stop"] == {"pairs": 100, "most": 400, "look": 2, "looks": 8, "alpha": float(f"{Design.of(400).alpha(2):.3g}"),
                              "early": True}
    assert result["games"] == 100 and result["base_result"]["games"] == 100
    winning = next(m for m in result["metrics"] if m["metric"] == "winning_score")
    assert winning["significant"] and winning["n"] == 100 and result["verdict"][0].startswith("The winner’s score falls")
    once = next(m for m in _dragon(jobs=1, games=100, fixed=True)["results"][0]["metrics"] if m["metric"] == "winning_score")
    assert once["difference"] == winning["difference"]  # the same 100 pairs, looked at once: a 95 % interval
    assert (winning["high"] - winning["low"]) / (once["high"] - once["low"]) == pytest.approx(
        Design.of(400).z(2) / 1.96, rel=1e-3)  # the look's repeated interval: as much wider as its z
    text = format_comparison(doc)
    assert "3 players: stopped after 100 of the 400 planned pairs of games, because" in text
    assert "(the figures are checked up to 8 times as the pairs come in; the run stopped at the second check)" in text
    # the pairs played, the plan beside them: "at most 400 pairs" counted pairs no count played (issue #53)
    assert "over 100 pairs of games (400 planned) per player count" in text and "Interim checks: up to 8 as the pairs came in" in text
    assert public_json(doc)["results"][0]["stop"]["pairs"] == 100
    again = _dragon(jobs=2, chunk_size=7)  # other workers, other chunks: the same look decides
    assert public_json(again) == public_json(doc)


def test_the_report_says_at_most_and_where_the_comparison_stopped(tmp_path: Path) -> None:
    from cardgen.report.runs import write_compare_run

    doc = _dragon(jobs=1, lang="fr")
    page = write_compare_run(tmp_path, doc, [resolve("king_lui", ROOT), resolve("king_lui-hungry-dragon", ROOT)])
    html = page.read_text(encoding="utf-8")
    assert "100 paires de parties (400 prévues) par nombre de joueurs" in html  # pairs played, as the terminal counts them
    assert "Pour jouer les 400 paires prévues sans arrêt anticipé, relancez avec <span class=\"nw\">--fixed</span>." in html and "Au plus" not in html
    assert "comparaison arrêtée après 100 paires de parties sur les 400 prévues, car" in html and "jusqu’à 8 au fil des parties" in html
    # the index of runs: the pairs played, with the plan they stopped short of (fourteenth reading en40, fr6)
    index = (tmp_path / "validation" / "index.html").read_text(encoding="utf-8")
    assert "100 paires sur 400 prévues" in index and ">400</td>" not in index


def test_fixed_plays_every_pair_and_tests_once_at_five_percent() -> None:
    doc = _dragon(jobs=1, fixed=True, games=120)
    result = doc["results"][0]
    assert doc["looks"] == [120] and result["stop"]["pairs"] == 120 and not result["stop"]["early"]
    assert result["stop"]["alpha"] == ALPHA and "stopped after" not in format_comparison(doc)
