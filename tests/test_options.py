"""The worth of an option a house rule adds (issue 50, item 3): paired play-outs from where it was offered.

Cases whose answer is known: an option that does nothing is worth exactly nothing; one that adds 5 points and
nothing else is worth exactly +5 points (the two futures are the same game but for the option); a deck without a
house rule has no options at all (its JSON unchanged). Then the sums: merged in any order, the same figures.
"""
from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

import house_options
from cardgen.cli import main
from cardgen.engine.api import Agent, GameResult, Outcome
from cardgen.simulate import options
from cardgen.simulate.options import OptionTally, verdict
from screen import unwrapped, unwrapped_capture

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
    out = unwrapped(capsys.readouterr().out)
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
    said = unwrapped(capsys.readouterr().out).replace("\u202f", " ").replace("\xa0", " ")  # French spacing, typeset
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


# -- a toy game whose answers are known: two seats, two turns each, "step" scores 1; the house rule's "tip" scores
# 3 and leaves the turn to its seat (once a turn); with ``own=False`` a seat's only move is the tip, which ends it
class Toy:
    """A game object as the simulator sees one (``new_initial_state``)."""

    def __init__(self, own: bool = True) -> None:
        self.own = own

    def new_initial_state(self, seed: int) -> "ToyState":
        return ToyState(self.own)


class ToyState:
    """The public ``State`` surface options.py reads, and ``rules_legal_actions`` (the game's own moves)."""

    end_reason = ""

    def __init__(self, own: bool) -> None:
        self.own, self.scores, self.turns, self.tipped = own, [0, 0], 0, False

    @property
    def current_player(self) -> int:
        return self.turns % 2

    def rules_legal_actions(self) -> list:
        return [("step", 1)] if self.own and not self.is_terminal() else []

    def legal_actions(self) -> list:
        return self.rules_legal_actions() + ([] if self.tipped or self.is_terminal() else [("tip",)])

    def apply(self, action: tuple) -> None:
        if action == ("tip",):
            self.scores[self.current_player] += 3
            self.tipped = True
            if self.own:
                return
        else:
            self.scores[self.current_player] += action[1]
        self.turns, self.tipped = self.turns + 1, False

    def is_terminal(self) -> bool:
        return self.turns >= 4

    def clone(self) -> "ToyState":
        copy = type(self)(self.own)
        copy.scores, copy.turns, copy.tipped = list(self.scores), self.turns, self.tipped
        return copy

    def observation(self, player: int) -> dict:
        return {"scores": list(self.scores)}

    def outcome(self) -> Outcome:
        best = max(self.scores)
        return Outcome("over", list(self.scores), [s for s, x in enumerate(self.scores) if x == best])


class First(Agent):
    name = "first"

    def choose(self, observation: dict, legal: list, rng: random.Random) -> tuple:
        return legal[0]


class Tipper(Agent):
    name = "tipper"

    def choose(self, observation: dict, legal: list, rng: random.Random) -> tuple:
        return ("tip",) if ("tip",) in legal else legal[0]


AGENTS = {"first": First, "tipper": Tipper}


def _toy_trial(own: bool = True) -> options.Trial:
    from cardgen.simulate.runner import continue_game

    return options.Trial(Toy(own), lambda names: [AGENTS[n]() for n in names], 100, continue_game)


def _toy_game(names: list[str], own: bool = True) -> GameResult:
    state, actions = Toy(own).new_initial_state(1), []
    agents = [AGENTS[n]() for n in names]
    while not state.is_terminal():
        seat = state.current_player
        action = agents[seat].choose({}, state.legal_actions(), random.Random(0))
        actions.append((seat, action))
        state.apply(action)
    return GameResult(1, names, "over", True, actions=actions)


def test_offers_are_counted_per_agent_and_where_they_were_made() -> None:
    found = options.offers(Toy(), _toy_game(["tipper", "first"]))
    assert found.offered == {"tip": {"tipper": 2, "first": 2}}
    assert found.taken == {"tip": {"tipper": 2, "first": 0}}
    assert found.where == {"tip": [0, 2, 3, 5]}  # the tipper's second move of a turn is no offer
    assert options.offers(Toy(), GameResult(1, ["first", "first"], "stalled", False, actions=[])).offered == {}
    assert options.offers(Toy(), GameResult(1, ["first", "first"], "over", True, actions=None)).offered == {}


def test_a_pair_is_the_option_then_the_usual_move_against_the_usual_move() -> None:
    result = _toy_game(["first", "first"])
    # seat 1 tips at its first turn: 3 points more, and it wins alone instead of sharing a tie
    assert options.pair(_toy_trial(), result, 1, "tip") == (Fraction(1, 2), Fraction(3))
    assert options.pair(_toy_trial(), result, 1, "pass") is None  # no such option there


def test_an_offer_with_nothing_else_to_do_is_no_experiment() -> None:
    result = _toy_game(["first", "first"], own=False)
    assert options.pair(_toy_trial(own=False), result, 0, "tip") is None
    tally = OptionTally()
    tally.add(_toy_trial(own=False), result)
    [row] = tally.to_json()
    assert row["pairs"] == 0 and row["unplayed"] == 1 and row["offered"] == {"first": 4}
    assert row["wins"] == {"mean": None, "low": None, "high": None}


def test_a_tally_plays_one_pair_per_game_and_kind_offered() -> None:
    tally = OptionTally()
    for _ in range(3):
        tally.add(_toy_trial(), _toy_game(["first", "tipper"]))
    [row] = tally.to_json()
    assert row["pairs"] == 3 and row["unplayed"] == 0
    assert row["offered"] == {"first": 6, "tipper": 6} and row["taken"] == {"first": 0, "tipper": 6}
    assert row["score"] == {"mean": 3.0, "low": 3.0, "high": 3.0}


def test_the_interval_is_the_mean_of_the_pairs_with_its_normal_95_percent_bounds() -> None:
    assert options._interval(0, Fraction(0), Fraction(0)) == {"mean": None, "low": None, "high": None}
    assert options._interval(1, Fraction(1, 3), Fraction(1, 9)) == {"mean": 0.3333, "low": None, "high": None}
    # pairs 1/3 and 3: mean 5/3, sample variance ((1/9 + 9) - 2 * 25/9) / 1 = 32/9
    half = options.Z95 * math.sqrt(32 / 9 / 2)
    assert options._interval(2, Fraction(10, 3), Fraction(82, 9)) == {
        "mean": 1.6667, "low": round(5 / 3 - half, 4), "high": round(5 / 3 + half, 4)}


def test_a_future_the_engine_cannot_play_to_its_end_is_left_out_not_the_run() -> None:
    class Broken(ToyState):
        def apply(self, action: tuple) -> None:
            if self.turns == 3:
                raise RuntimeError("an engine bug late in the game")
            super().apply(action)

    class BrokenToy(Toy):
        def new_initial_state(self, seed: int) -> ToyState:
            return Broken(self.own)

    trial = options.Trial(BrokenToy(), _toy_trial().make, 100, _toy_trial().play_on)
    assert options.pair(trial, _toy_game(["first", "first"]), 1, "tip") is None


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_compare_s_short_form_says_each_count_s_option_under_its_count_with_its_decimals(lang: str) -> None:
    """compare's terminal (no tables) listed "option "pass" …" once per player count with nothing to tell the
    three apart: each now starts with its count, as the page's lines do; and a figure with its interval's ends is
    written alike ("-5.0%", not "-5%" beside "+9.2%"; "-6.0" beside "+2.4")."""
    from test_compare_round22 import _royale_short_four

    from cardgen.simulate.summary import format_comparison
    r = _royale_short_four()
    row = {"kind": "pass", "offered": {"heuristic": 100}, "taken": {"heuristic": 15}, **_row(30, (-0.05, -0.251, 0.092),
                                                                                             (-1.8, -6.0, 2.4))}
    counts = []
    for players in (3, 4):
        counts.append({**r, "players": players, "variant_result": {**r["variant_result"], "options": [row]}})
    doc = {"lang": lang, "base": "royale", "variant": "royale-short", "name": "Short", "games": 100,
           "agents": ["heuristic"], "seed": 1, "differences": [], "results": counts}
    text = format_comparison(doc, tables=False).replace("\u202f", " ").replace("\xa0", " ")
    said = [line.strip() for line in unwrapped(text).split("\n") if '"pass"' in line or "« pass »" in line
            or "«pass»" in line]
    heads = {"en": ("3 players: option", "4 players: option"), "fr": ("3 joueurs : option", "4 joueurs : option"),
             "it": ("3 giocatori: opzione", "4 giocatori: opzione")}[lang]
    assert len(said) == 2 and said[0].startswith(heads[0]) and said[1].startswith(heads[1]), said
    decimals = {"en": ("-5.0%", "-6.0"), "fr": ("-5,0 %", "-6,0"), "it": ("-5,0%", "-6,0")}[lang]
    assert all(d in said[0].replace("−", "-") for d in decimals), said[0]


def test_a_costly_option_is_said_without_a_double_negative() -> None:
    """A costly option's line once read "costs −13.0% of wins ... and −1.6 points": a cost of a negative reads as a
    gain. It now says how taking it changes the wins and the score, signed, with both intervals, in each language."""
    from cardgen.simulate.summary import option_lines

    row = {"kind": "pass", "offered": {"heuristic": 100}, "taken": {"heuristic": 16}, "pairs": 100,
           **_row(100, (-0.13, -0.24, -0.02), (-1.6, -3.1, -0.1))}
    for lang, words in (("en", "changes the wins by −13.0% [−24.0% to −2.0%] and the score by −1.6 points [−3.1 to "
                                "−0.1]"),
                        ("fr", "change les victoires de −13,0"), ("it", "cambia le vittorie di −13,0")):
        (line,) = option_lines([row], lang)
        assert words in line and "costs −" not in line and "coûte −" not in line and "costa −" not in line, line


def test_a_future_whose_compiled_play_fails_is_played_on_the_reference_engine() -> None:
    """``Trial.finish`` (a compiled tier's futures) that raises (a rule failing in compiled code) leaves the future to
    the reference engine, which plays it (or names the rule's failure in its one line): the same figures as without."""
    import dataclasses

    def broken(state: object, names: list[str], seed: int) -> None:
        raise ValueError("a rule's failure in compiled code")

    plain = _toy_trial()
    result = _toy_game(["first", "first"])
    got = options.pair(dataclasses.replace(plain, finish=broken), result, 1, "tip")
    assert got == options.pair(plain, result, 1, "tip") == (Fraction(1, 2), Fraction(3))
