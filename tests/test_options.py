"""The worth of an option a house rule adds (issue 50, item 3): paired play-outs from where it was offered.

Cases whose answer is known: an option that does nothing is worth exactly nothing; one that adds 5 points and
nothing else is worth exactly +5 points (the two futures are the same game but for the option); a deck without a
house rule has no options at all (its JSON unchanged). Then the sums: merged in any order, the same figures.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import house_options
from cardgen.cli import main
from cardgen.simulate import options
from cardgen.simulate.options import OptionTally, verdict

NOTHING = house_options.OFFER + house_options.KING_LUI_POINTS + '''

def _open(state, seat, legal):
    return _taking(legal)


def _effect(state, seat):
    pass
'''


def _validate(root: Path, tmp_path: Path, deck: str = "option") -> dict:
    out = tmp_path / "v.json"
    code = main(["validate", deck, "--project", str(root), "--agents", "random", "--games", "30",
                 "--players", "3", "--jobs", "1", "--seed", "4", "--json", str(out), "--out", str(tmp_path / "out")])
    assert code == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    return doc["results"][0] if "results" in doc else doc


@pytest.fixture
def five_points(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    house_options.project(root, "king_lui", "good")
    return root


def test_an_option_worth_five_points_and_nothing_else_is_worth_exactly_five_points(five_points: Path,
                                                                                   tmp_path: Path,
                                                                                   capsys: pytest.CaptureFixture[str]
                                                                                   ) -> None:
    [row] = _validate(five_points, tmp_path)["options"]
    assert row["kind"] == "bonus" and row["pairs"] == 30 and row["unplayed"] == 0
    assert row["score"] == {"mean": 5.0, "low": 5.0, "high": 5.0}
    assert 0 < row["taken"]["random"] < row["offered"]["random"]  # a random player takes it now and then
    assert verdict(row) == "option_points" or row["wins"]["low"] > 0
    out = capsys.readouterr().out
    assert ('option "bonus" (added by the house rule), how often taken where offered: random '
            f'{row["taken"]["random"] / row["offered"]["random"] * 100:.1f}% of ') in out
    assert ("the score by +5 points [+5, +5]" in out if verdict(row) == "option_points"
            else "of wins [" in out and "and +5 points (30 paired play-outs" in out)
    [page] = (tmp_path / "out").glob("validation/validate-option-*/option.html")  # the deck's own page
    assert '<p class="option">option &#34;bonus&#34; (added by the house rule), how often taken' in page.read_text(
        encoding="utf-8")


def test_an_option_that_does_nothing_is_worth_exactly_nothing(tmp_path: Path) -> None:
    root = tmp_path / "p"
    house_options.project(root, "king_lui", "good")
    (root / "house" / "option.py").write_text('"""An option that does nothing."""\n' + NOTHING, encoding="utf-8")
    [row] = _validate(root, tmp_path)["options"]
    assert row["pairs"] == 30
    assert row["wins"] == {"mean": 0.0, "low": 0.0, "high": 0.0}
    assert row["score"] == {"mean": 0.0, "low": 0.0, "high": 0.0}
    assert verdict(row) == "option_even"


def test_a_deck_without_a_house_rule_has_no_options(tmp_path: Path) -> None:
    root = tmp_path / "p"
    house_options.project(root, "king_lui", "good")
    assert "options" not in _validate(root, tmp_path, "king_lui")


def test_compare_says_what_the_option_is_worth_in_the_variants_figures(five_points: Path, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c.json"
    assert main(["compare", "king_lui", "option", "--project", str(five_points), "--agents", "random", "--games", "30", "--players", "3", "--jobs", "1", "--lang", "fr",
                 "--json", str(out), "--out", str(tmp_path / "out")]) in (0, 1)
    [row] = json.loads(out.read_text(encoding="utf-8"))["results"][0]["options"]
    assert row["score"]["mean"] == 5.0
    said = capsys.readouterr().out.replace("\u202f", " ").replace("\xa0", " ")  # French spacing, typeset
    assert "option « bonus » (ajoutée par la règle maison), prise quand elle s’offre : au hasard" in said
    [page] = (tmp_path / "out").glob("validation/compare-king_lui-vs-option-*/index.html")
    shown = page.read_text(encoding="utf-8").replace("\u202f", " ").replace("&nbsp;", " ").replace("\xa0", " ")
    assert "option « bonus » (ajoutée par la règle maison)" in shown


def _row(pairs: int, wins: tuple, score: tuple = (0.0, -1.0, 1.0)) -> dict:
    return {"pairs": pairs, "wins": dict(zip(("mean", "low", "high"), wins)),
            "score": dict(zip(("mean", "low", "high"), score))}


def test_the_verdict_reads_the_intervals() -> None:
    assert verdict(_row(options.MIN_PAIRS - 1, (0.2, 0.1, 0.3))) == "option_few"
    assert verdict(_row(options.MIN_PAIRS, (0.2, 0.1, 0.3))) == "option_worth"
    assert verdict(_row(options.MIN_PAIRS, (-0.2, -0.3, -0.1))) == "option_costs"
    assert verdict(_row(options.MIN_PAIRS, (0.0, -0.1, 0.1), (2.0, 1.0, 3.0))) == "option_points"
    assert verdict(_row(options.MIN_PAIRS, (0.0, -0.1, 0.1), (-2.0, -3.0, -1.0))) == "option_points"
    assert verdict(_row(options.MIN_PAIRS, (0.0, -0.1, 0.1))) == "option_even"
    assert verdict(_row(options.MIN_PAIRS, (0.0, 0.0, 0.1))) == "option_even"  # an interval touching 0


def test_the_sums_merge_in_any_order_to_the_same_figures() -> None:
    def tally(pairs: list[tuple[Fraction, Fraction]], agent: str) -> OptionTally:
        t = OptionTally(offered={"tip": {agent: 10}}, taken={"tip": {agent: 3}}, unplayed={"tip": 1})
        t.sums["tip"] = [Fraction(len(pairs)), sum(w for w, _ in pairs), sum(w * w for w, _ in pairs),
                         sum(s for _, s in pairs), sum(s * s for _, s in pairs)]
        return t

    a = [(Fraction(1, 3), Fraction(2)), (Fraction(-1, 2), Fraction(-1))]
    b = [(Fraction(1), Fraction(4))]
    one, two = tally(a, "search"), tally(b, "heuristic")
    one.merge(tally(b, "heuristic"))
    two.merge(tally(a, "search"))
    assert one.to_json() == two.to_json()
    [row] = one.to_json()
    assert row["pairs"] == 3 and row["unplayed"] == 2
    assert row["offered"] == {"heuristic": 10, "search": 10} and row["taken"] == {"heuristic": 3, "search": 3}
    assert row["wins"]["mean"] == round(float((Fraction(1, 3) - Fraction(1, 2) + 1) / 3), 4)
    assert row["score"]["mean"] == round(5 / 3, 4)
    assert row["score"]["low"] < row["score"]["mean"] < row["score"]["high"]


def test_an_action_kind_is_its_first_word() -> None:
    assert options.kind_of(("tip", 2)) == "tip" and options.kind_of(("pass",)) == "pass"
