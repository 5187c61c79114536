"""Which card is too strong, in play (cardgen.simulate.exchange): known answers on a made-up rules-file game.

The toy, written on the card-game kit like a designer's rules file: six kinds of card, four
copies each; every turn a seat plays a card from its hand, scores what the card's kind is
worth this game plus a die, and draws. What each kind is worth is dealt at random per game
(``crown: 0``): over many games no kind is better than another, yet within a game an
exchange changes the result, so the interval must treat a game's exchanges as one cluster.
``crown: 10`` makes kind ``k0`` worth 10 in every game (the others 0 to 5): too strong.
``flat: 1`` makes every kind worth the same: an exchange changes nothing.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardgen.engine.api import Ending, Outcome, State
from cardgen.load.project import Project
from cardgen.model.deck import ResolvedDeck
from cardgen.resolve.resolve import Resolver
from cardgen.scaffold import new_project
from cardgen.simulate.exchange import (MIN_EXCHANGES, NOTHING, POINTS, UNSUPPORTED, ExchangeTally, exchange_rng,
                                       judge_game)

RULES = '''
from cardgen.engine.kit import HIDDEN, OWNER, PUBLIC, CardGame


class Toy(CardGame):
    ZONES = {"deck": HIDDEN, "pile": PUBLIC}
    SEAT_ZONES = {"hand": OWNER}

    def setup(self):
        kinds = sorted({self.card(c).kind for c in self.cards("deck")})
        worth = [self.rules.flat] * len(kinds) if self.rules.flat else list(range(len(kinds)))
        self.rng.shuffle(worth)
        self.worth = dict(zip(kinds, worth))
        if self.rules.crown:
            self.worth["k0"] = self.rules.crown
        self.shuffle("deck")
        self.deal(3)
        self.next_turn(0)

    def actions(self, seat):
        return [("play", c) for c in sorted(self.cards("hand", seat))]

    def do(self, seat, action):
        self.move(action[1], "hand", "pile", source_seat=seat)
        self.score[seat] += self.worth[self.card(action[1]).kind] + self.rng.randint(0, 3)
        if self.cards("deck"):
            self.draw(seat)
        if not any(self.cards("hand", p) for p in range(self.players)):
            self.end("out_of_cards")
            return
        self.next_turn((seat + 1) % self.players)
'''

DECK = '''game: rules.py
languages: [en]
name: {en: "Toy"}
description: {en: "Six kinds of card worth what the game deals them."}
players: {min: 3, max: 3}
rules: {crown: CROWN, flat: FLAT}
card: {width_mm: 63.5, height_mm: 88.9, bleed_mm: 3}
colours:
  night: {rgb: "#26283A", name: {en: "Night"}}
backs:
  plain: {layout: back, colour: night, symbol: spark, title: {en: "Toy"}}
components:
  - table: cards.csv
    layout: numbered
    back: plain
rulebook:
  en: rules/en.md
'''


def toy(tmp_path: Path, crown: int = 0, flat: int = 0, name: str = "toy") -> ResolvedDeck:
    """The toy as a ``cardgen new --rules`` project whose rules file, cards and numbers are replaced."""
    root = tmp_path / name
    new_project(root, rules=True)
    (root / "rules.py").write_text(RULES, encoding="utf-8")
    rows = ["id,title,value,colour,symbol,count,text"] + [f"k{k},K{k},1,night,spark,4," for k in range(6)]
    (root / "decks" / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    for old in (root / "decks").glob("*.yaml"):
        old.unlink()
    for old in (root / "variants").glob("*.yaml"):
        old.unlink()
    text = DECK.replace("CROWN", str(crown)).replace("FLAT", str(flat))
    (root / "decks" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return Resolver(Project.open(root)).resolve(name)


def validate(deck: ResolvedDeck, games: int, seed: int = 1, **kw: Any) -> dict[str, Any]:
    """The designer entry of a validate run of ``deck`` at 3 players by random players, every game traced."""
    from cardgen.simulate.validate import ValidateOptions, run_validation

    opts = ValidateOptions(games=games, players=[3], agents=["random"], seed=seed, jobs=1, out=None,
                           progress=False, designer_games=games, engine="reference", exchange_points=POINTS, **kw)
    return run_validation([deck], opts)["results"][0]["designer"]


def test_a_card_worth_more_in_every_game_is_flagged_strong_and_none_of_the_others(tmp_path: Path) -> None:
    """k0 worth 10 against 0 to 5: flagged strong. The others are worth less than a card drawn at random (which
    is k0 one time in five), so they may be flagged weak: never strong."""
    table = validate(toy(tmp_path, crown=10), 300)["exchange"]
    rows = {r["component"]: r for r in table["rows"]}
    # 4 points of 3 exchanges per game; late in a game the deck is empty: nothing to exchange with
    assert table["points"] == 12 and table["exchanges"] + table["skipped"][NOTHING] == 300 * 12
    assert table["exchanges"] > 300 * 6 and table["offered"] == 300 and table["games"] > 290
    assert rows["k0"]["flag"] == "strong" and rows["k0"]["win_low"] > 0.1 and rows["k0"]["margin_low"] > 5
    assert [k for k, r in rows.items() if r["flag"] == "strong"] == ["k0"]
    assert list(rows)[0] == "k0"  # the strongest first
    assert all(r["judged"] and r["exchanges"] >= MIN_EXCHANGES for r in rows.values())
    # each exchange credits two kinds: the credits' counts are twice the exchanges
    assert sum(r["exchanges"] for r in rows.values()) == 2 * table["exchanges"]


def test_identical_cards_are_never_flagged_and_every_exchange_changes_nothing(tmp_path: Path) -> None:
    table = validate(toy(tmp_path, flat=2), 100)["exchange"]
    assert table["exchanges"] > 0
    for r in table["rows"]:
        assert (r["flag"], r["win"], r["margin"], r["win_se"]) == ("", 0.0, 0.0, 0.0)


def test_the_deal_is_counted_on_every_game_asked_for_not_only_the_traced_ones(tmp_path: Path) -> None:
    """The card table's deal experiment rests on all 200 games, the designer figures on the 40 traced."""
    from cardgen.simulate.validate import ValidateOptions, run_validation

    opts = ValidateOptions(games=200, players=[3], agents=["random"], jobs=1, out=None, progress=False,
                           designer_games=40, engine="reference", exchange_points=POINTS)
    d = run_validation([toy(tmp_path)], opts)["results"][0]["designer"]
    assert (d["games"], d["card_games"], d["exchange"]["offered"]) == (40, 200, 40)
    assert sum(r["seats_dealt"] + r["seats_not_dealt"] for r in d["component_impact"][:1]) == 200 * 3


def test_the_starter_rules_file_gets_designer_figures_and_both_card_tables(tmp_path: Path) -> None:
    """``cardgen new --rules``'s shedding game, as a designer gets it: figures from its scores, the deal table
    and the play table (its hands exchange with the face-down deck)."""
    from cardgen.simulate.summary import designer_lines

    root = tmp_path / "starter"
    new_project(root, rules=True)
    deck = Resolver(Project.open(root)).resolve("starter")
    d = validate(deck, 60)
    assert {"lead_changes", "drama", "decided_at", "comeback_rate"} <= set(d) and d["games"] == 60
    assert d["component_impact"] and d["exchange"]["exchanges"] > 60 and d["exchange"]["rows"]
    lines = designer_lines(d, "fr")
    # one table for both experiments (issue #53): the heading counts the games of each
    assert any(line.startswith("  force des cartes (") and "tests de substitution" in line for line in lines)


def test_the_table_is_the_same_whatever_the_chunks(tmp_path: Path) -> None:
    deck = toy(tmp_path, crown=10)
    whole = validate(deck, 60)
    chunked = validate(deck, 60, chunk_size=7)
    assert chunked["exchange"] == whole["exchange"] and whole["exchange"]["rows"]


def test_the_seeded_draws_make_the_same_exchanges_again(tmp_path: Path) -> None:
    """Same seed, same decision points, cards and futures: the credits repeat exactly."""
    from cardgen.simulate.runner import agents_play_out
    from cardgen.simulate.runner import make_agents, play_game

    deck = toy(tmp_path, crown=10)
    game = deck.spec.new_game(deck, 3)
    names = ["random"] * 3
    result = play_game(game, 11, make_agents(deck.spec, names), names, record=True)
    runs = [judge_game(game, 11, result.actions, agents_play_out(lambda: make_agents(deck.spec, names), names,
                                                                  1000)) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][1] > 0
    assert exchange_rng(11).random() == exchange_rng(11).random() != exchange_rng(12).random()


def test_the_kit_exchanges_a_hand_card_with_a_hidden_one_in_place(tmp_path: Path) -> None:
    deck = toy(tmp_path)
    state = deck.spec.new_game(deck, 3).new_initial_state(5)
    own, hidden = state.exchangeable(1)
    assert [c for c, _ in own] == state.cards("hand", 1) and [c for c, _ in hidden] == state.cards("deck")
    give, take = own[1][0], hidden[4][0]
    state.exchange(1, give, take)
    assert state.cards("hand", 1)[1] == take and state.cards("deck")[4] == give
    assert state.invariants() == []
    assert state.holding(1) == {k: sum(state.card(c).kind == k for c in state.cards("hand", 1))
                                for k in {state.card(c).kind for c in state.cards("hand", 1)}}
    assert state.component_of(("play", give)) == state.card(give).kind and state.component_of(("pass",)) is None


class _Mute(State):
    """A game that answers nothing about its cards (the default ``exchangeable``)."""

    current_player = 0

    def legal_actions(self) -> list[Any]:
        return [("go",)]

    def apply(self, action: Any) -> None:
        self.turns += 1

    def observation(self, player: int) -> dict[str, Any]:
        return {}

    def outcome(self) -> Outcome:
        return Outcome("over", [0.0, 0.0], [0])

    def zones(self) -> dict[str, list[str]]:
        return {}


class _MuteGame:
    players = 2

    def new_initial_state(self, seed: int) -> State:
        state = _Mute.__new__(_Mute)
        state.turns = 0
        state.game = self  # type: ignore[assignment]
        return state


def test_a_game_that_cannot_exchange_says_so_for_every_point_and_plays_nothing() -> None:
    played: list[int] = []
    credits, done, skipped = judge_game(_MuteGame(), 3, [(0, ("go",))] * 9,  # type: ignore[arg-type]
                                        lambda s, seed: played.append(1), points=4, per_point=3)
    assert (credits, done, skipped, played) == ({}, 0, {UNSUPPORTED: 12}, [])
    t = ExchangeTally()
    t.add_game(credits, done, skipped)
    assert t.to_json()["rows"] == [] and t.to_json()["skipped"] == {UNSUPPORTED: 12}


def test_royale_has_nothing_to_exchange_and_draco_exchanges_with_the_pile(tmp_path: Path) -> None:
    from cardgen.simulate.runner import DeckRef, load_project_deck

    main = Path(__file__).resolve().parents[1]
    royale = load_project_deck(DeckRef(str(main), "royale", "decks/royale.yaml"))
    assert royale.spec.new_game(royale, 3).new_initial_state(1).exchangeable(0) == ([], [])
    draco = load_project_deck(DeckRef(str(main), "draco", "decks/draco.yaml"))
    state = draco.spec.new_game(draco, 4).new_initial_state(1)
    own, outside = state.exchangeable(2)
    zones = state.zones()
    assert [c for c, _ in own] == zones["hand:2"] and [c for c, _ in outside] == zones["pile"] + zones["set_aside"]
    give = own[0][0]
    take = next(c for c, kind in outside if kind != own[0][1] and c in zones["pile"])
    state.exchange(2, give, take)
    after = state.zones()
    assert after["hand:2"][0] == take and after["pile"][zones["pile"].index(take)] == give
    assert state.invariants() == [] and sorted(sum(after.values(), [])) == sorted(sum(zones.values(), []))


def test_a_point_with_nothing_to_exchange_is_counted_as_such() -> None:
    class Empty(_Mute):
        def exchangeable(self, player: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
            return [("a#1", "a")], [("a#2", "a")]  # only a card of the same kind: nothing to judge

    class Game(_MuteGame):
        def new_initial_state(self, seed: int) -> State:
            state = Empty.__new__(Empty)
            state.turns, state.game = 0, self  # type: ignore[assignment]
            return state

    credits, done, skipped = judge_game(Game(), 3, [(0, ("go",))] * 5,  # type: ignore[arg-type]
                                        lambda s, seed: None, points=2, per_point=3)
    assert (credits, done, skipped) == ({}, 0, {NOTHING: 6})


def test_the_cluster_interval_is_wider_than_the_naive_one_when_a_games_exchanges_agree() -> None:
    """Two games, each with ten exchanges all +1 for 'a' in one and all -1 in the other: the mean is 0, and
    the interval must reflect two clusters, not twenty independent exchanges."""
    t = ExchangeTally()
    for sign in (1.0, -1.0):
        t.add_game({"a": [10, 10 * sign, 0.0, 10 * sign]}, 10, {})
    e = t.effect("a")
    assert e["win"] == 0.0 and e["win_se"] == pytest.approx(math_sqrt(2 * 100 / 400 * 2))
    assert e["exchanges"] == 20 and e["games"] == 2


def math_sqrt(x: float) -> float:
    return x ** 0.5


def test_a_flag_needs_its_interval_widened_for_every_card_and_figure() -> None:
    """Thirteen judged kinds, two figures each: flagged beyond the 26-way Bonferroni z (3.09), not the
    13-way one (2.89) nor 1.96. Each game credits every kind once, ``mean ± 1`` alternately, so its standard
    error is 1/sqrt(games - 1) and its t is ``mean * sqrt(games - 1)``."""
    from cardgen.simulate import exchange

    games = 100
    means = {"hot": 3.0 / (games - 1) ** 0.5, "hotter": 3.2 / (games - 1) ** 0.5,
             "cold": -3.2 / (games - 1) ** 0.5, **{f"k{k:02}": 0.0 for k in range(10)}}
    t = ExchangeTally()
    for g in range(games):
        sign = 1.0 if g % 2 else -1.0
        t.add_game({kind: [1, m + sign, 0.0, m + sign] for kind, m in means.items()}, 1, {})
    rows = {r["component"]: r for r in t.rows()}
    assert rows["hot"]["win_se"] == pytest.approx(1 / (games - 1) ** 0.5, rel=1e-3)
    assert (rows["hot"]["flag"], rows["hotter"]["flag"], rows["cold"]["flag"]) == ("", "strong", "weak")
    assert not any(rows[f"k{k:02}"]["flag"] for k in range(10)) and exchange.FLAGGED_BY == ("win", "margin")


@pytest.mark.parametrize("skipped, says, html", [
    ({UNSUPPORTED: 8}, "no experiment, this game does not say which cards a seat could exchange",
     "No play experiment: this game does not say"),
    ({NOTHING: 8}, "no experiment, no seat ever held a card that a card of another kind could replace",
     "No play experiment: no seat ever held"),
    # round 33 en23*: until when; round 40 en10, en37: no promise, and what the option does
    # terminal round 41 en28: no developer's status note ("still being prepared", "runs made once it is ready")
    ({"building": 12}, "not measured by default, as it is slow for this game",
     "Not measured by default, as it is slow for this game"),
])
def test_a_table_without_exchanges_says_why_on_the_terminal_and_the_page(skipped: dict[str, int], says: str,
                                                                          html: str) -> None:
    from cardgen.report.impact import exchange_block
    from cardgen.simulate.summary import exchange_lines

    table = {"rows": [], "skipped": skipped, "exchanges": 0, "games": 0}
    (line,) = exchange_lines(table, "en")
    assert line.startswith(f"  card strength mid-game: {says}")
    assert html in str(exchange_block(table, None, "en"))
    assert "State.exchangeable" in exchange_lines(table, "fr")[0] or UNSUPPORTED not in skipped


def test_a_row_reads_its_wins_margin_and_verdict_in_the_language_asked() -> None:
    from cardgen.simulate.summary import exchange_lines

    row = {"component": "k0", "exchanges": 40, "games": 12, "judged": True, "flag": "strong", "win": 0.25,
           "win_low": 0.1, "win_high": 0.4, "margin": 7.5, "margin_low": 2.0, "margin_high": 13.0,
           "flag_low": 0.1, "flag_high": 0.4}  # as ``designer.exchange_json`` gives it: its grade reads its wins
    shy = {**row, "component": "k1", "exchanges": 20, "judged": False, "flag": "", "win": -0.05}
    lines = exchange_lines({"rows": [row, shy], "exchanges": 30, "games": 12, "min_exchanges": 30,
                            "min_games": 10}, "fr")
    # the heading says what was done and counted (terminal round 28 en12, fr18), and the verdict (issue #53: one
    # table for both experiments, here the mid-game one alone); the legend: what was done, the columns, then the
    # flag's rule; each exchange counts for both its cards (round 34 fr14)
    assert lines[0].startswith("  force des cartes (30 tests de substitution dans 12 parties)")
    # terminal round 41 it11*, fr9*: one key, above the table (no opening hands here: without the cross-check), what
    # the test does, what ◆ means and where the method is; the columns' meanings are the page's
    nb = "\u202f"  # French spacing before % ? : (cardgen.typography)
    key = lines[1]
    assert key.startswith(f"    Test de substitution{nb}: en cours de partie, une carte d’une main est échangée contre une carte d’un "
                          "autre type tirée au hasard") and "Mains de départ" not in key  # round 43 fr10*
    assert f"◆{nb}: écart que le hasard seul explique difficilement" in key and key.endswith(f"Méthode détaillée{nb}: voir le rapport.")
    lines = lines[:1] + lines[2:]  # the rest as before
    # a heading row naming each column, under the experiment's name, the cells bare (round 30 en20); round 37 fr1*:
    # the experiment named as cardgen's test, never as a move of the game; round 38 fr7: each column's unit under it
    assert lines[1].split() == ["test", "de", "substitution", ":", "effet"]
    assert lines[2].split() == ["carte", "sur", "les", "victoires", "sur", "l’avance"]
    # terminal round 41 fr11: "(points de %)" read as a clipped calque; "(pts de %)", the reader's own form; terminal
    # rounds 42-44 and 46 fr13: "(pts de %)" an abbreviation of an abbreviation: "(points de %)"
    assert lines[3].split() == ["(points", "de", "%)", "(points)"]
    # the margin with one decimal throughout, as the wins (en13, fr17); the flag's mark beside the figures it rests
    # on, in the card's row (the row's flag gives no ``flagged_by``: both)
    assert f"+25,0 [+10,0{nb}; +40,0] ◆" in lines[4] and f"+7,5 [+2,0{nb}; +13,0] ◆" in lines[4]
    assert lines[5].split()[0] == "k1" and "◆" not in lines[5] and "−5,0" in lines[5]
    assert lines[6].endswith(f"(non jugée{nb}: 20 échanges dans 12 parties, il en faut 30 dans 10)")


def test_a_future_that_stalls_or_hits_the_cap_is_left_out_as_unfinished(tmp_path: Path) -> None:
    """``continue_game``: a future ended by an unsettled rule gap, or one that never ends, is no result."""
    from cardgen.engine.api import RandomAgent
    from cardgen.simulate.exchange import UNFINISHED
    from cardgen.simulate.runner import continue_game

    class Stalls(_Mute):
        def apply(self, action: Any) -> None:
            self.end_reason = "stalled:no_rule"

    state = Stalls.__new__(Stalls)
    state.turns, state.end_reason, state.game = 0, None, _MuteGame()  # type: ignore[assignment]
    assert continue_game(state, [RandomAgent(), RandomAgent()], random.Random(1), 10, ["random"] * 2) is False
    deck = toy(tmp_path, crown=10)
    game = deck.spec.new_game(deck, 3)
    from cardgen.simulate.runner import agents_play_out
    from cardgen.simulate.runner import make_agents, play_game

    names = ["random"] * 3
    result = play_game(game, 4, make_agents(deck.spec, names), names, record=True)
    capped = agents_play_out(lambda: make_agents(deck.spec, names), names, 1)  # one decision, then the cap
    credits, done, skipped = judge_game(game, 4, result.actions, capped, points=2, per_point=2)
    assert (credits, done) == ({}, 0) and skipped.get(UNFINISHED, 0) + skipped.get(NOTHING, 0) == 4
    assert skipped.get(UNFINISHED, 0) > 0


def test_where_no_compiled_tier_plays_the_futures_the_experiment_is_not_run_by_default_and_the_table_says_how(tmp_path: Path) -> None:
    from cardgen.simulate.summary import designer_lines
    from cardgen.simulate.validate import ValidateOptions, run_validation
    from cardgen.terminal import say

    opts = ValidateOptions(games=30, players=[3], agents=["random"], jobs=1, out=None, progress=False,
                           engine="reference")
    d = run_validation([toy(tmp_path)], opts)["results"][0]["designer"]
    assert "exchange" not in d
    assert "  " + say("exchange_off", "it", points=POINTS) in designer_lines(d, "it")
    assert "add --exchange-points 4 to measure it" in say("exchange_off", "en", points=POINTS)


def test_the_page_s_play_table_writes_its_wins_in_percentage_points_once() -> None:
    """The page's play table wrote a difference of win rates as "+25.0% [+10.0%, +40.0%]": it is percentage
    points, the unit once in the column's header and bare signed numbers in the cells (fifteenth reading fr6)."""
    import re

    from cardgen.report.impact import exchange_block

    row = {"component": "k0", "exchanges": 40, "games": 12, "judged": True, "flag": "strong", "win": 0.25,
           "win_low": 0.1, "win_high": 0.4, "margin": 7.5, "margin_low": 2.0, "margin_high": 13.0}
    html = str(exchange_block({"rows": [row], "exchanges": 40, "games": 12, "points": 1}, None, "en"))
    # each interval one unbreakable run under its figure, as every page writes it (eighteenth reading fr72, round 32
    # fr47): "[+2, +13]" was the margin's, with a comma French reads as a decimal mark; each cell named for a phone
    # (data-label: round 30 en39), the flagged figures in the flag's colour (issue #53: one card table)
    # terminal round 41 it32: the figure's name alone on a phone
    assert ('<td class="num warn" data-label="win rate gained (% points)">+25.0 <br>'
            '<span class="nw">[+10.0\u00a0to\u00a0+40.0]</span></td>') in html, html
    assert ('<td class="num warn" data-label="margin gained (points)">+7.5 <br>'
            '<span class="nw">[+2.0\u00a0to\u00a0+13.0]</span></td>') in html, html
    fr = str(exchange_block({"rows": [{**row, "margin_low": 2.5}], "exchanges": 40, "games": 12, "points": 1}, None,
                            "fr"))
    assert 'data-label="effet sur l’avance (points)">+7,5 <br><span class="nw">[+2,5\u202f;\u00a0+13,0]</span>' in fr, fr
    # what the columns measure: a gain from holding the card, not the player's margin (round 29 en15, fr37, it45)
    # ... the win rate's gain, not "wins gained", a count (round 30 en35); the margin in the game's unit, the
    # verdict's column headed (terminal round 28 en11, en41); without the deal's rows, no opening-hand column
    # round 36 fr23, it29: the experiment's name once, over its columns, each head its figure's name and unit
    assert '<th class="group" colspan="2">card swap test</th>' in html
    assert "<th>win rate gained (percentage points)</th>" in html
    assert "<th>margin gained (points)</th>" in html and '<th class="call" rowspan="2">verdict</th>' in html
    assert "opening hands" not in html
    # the strip draws the wins only, and the obscure "Cards drawn in play are judged too" is said plainly (round 29
    # en34, en36, en40, fr38, it47, it48)
    assert "each strip shows the win-rate interval" in html and "judged too" not in html
    assert "victoires avec" not in fr and "effet sur l’avance" in fr
    assert not re.search(r"\+\d+\.\d%", html.split("<table")[1])


class _FastSpec:
    """A game spec whose compiled tier plays every future: seat 0 wins it with 9 points to the others' 1."""

    def __init__(self) -> None:
        self.asked: list[list[str]] = []

    def play_on(self, game: Any, names: list[str]) -> Any:
        self.asked.append(list(names))
        return lambda state, seed, cap: Ending(frozenset({0}), [9.0] + [1.0] * (game.players - 1))


def _on_fast_tier(game: Any) -> _FastSpec:
    """``game`` given a spec with a compiled play-out (``GameSpec.play_on``)."""
    spec = _FastSpec()
    game.resolved = type("Deck", (), {"spec": spec, "game": "toy"})()
    return spec


def _chunk(exchanges: int, engine: str = "auto") -> Any:
    """What ``_judge_cards`` reads of a chunk: its decision points, its cap and the engine asked for."""
    return type("Chunk", (), {"exchanges": exchanges, "cap": 1000, "engine": engine})()


def test_the_futures_play_on_the_compiled_tier_where_the_game_has_one_and_never_under_a_house_rule(
        tmp_path: Path) -> None:
    from cardgen.simulate.exchange import PER_POINT
    from cardgen.simulate.designer import DesignerTally
    from cardgen.simulate.runner import _judge_cards, compiled_play_out, make_agents, play_game

    deck = toy(tmp_path)
    game = deck.spec.new_game(deck, 3)
    names = ["random"] * 3
    assert compiled_play_out(game, names, 100) is None  # a rules file: no compiled tier
    result = play_game(game, 4, make_agents(deck.spec, names), names, record=True)

    def judged(compiled: bool) -> dict[str, Any]:
        tally = type("Tally", (), {"designer": DesignerTally()})()
        _judge_cards(game, result, tally, lambda: make_agents(deck.spec, names), _chunk(POINTS), compiled)
        return tally.designer.exchange.to_json()

    on_reference = judged(True)
    assert on_reference["exchanges"] > 0 and any(r["win"] for r in on_reference["rows"])
    spec = _on_fast_tier(game)
    fast = judged(True)  # every future ends alike on this tier, whatever the exchange: each credit is exactly 0
    assert fast["points"] == POINTS * PER_POINT and all(r["win"] == r["margin"] == 0 for r in fast["rows"])
    assert spec.asked == [names] and judged(False) == on_reference  # a chunk on the reference engine plays there
    game.house = object()  # a house rule's hooks run only on the reference engine
    assert compiled_play_out(game, names, 100) is None and judged(True) == on_reference


def test_by_default_the_play_experiment_runs_where_the_game_has_compiled_futures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``AUTO`` (validate's default): the traced game's ``POINTS`` decision points where the game's compiled tier
    has a play-out, played on it: the run's games on the tier, or on the reference engine (a small run) once the
    tier is built. While it is being built (a first run), none, the table saying the next run measures it (a first
    validate of Draco took 8.6 times as long playing them on the reference engine); nothing at all where the game
    has none, or no build is under way, or the reference engine was asked for (the table says how to ask)."""
    from cardgen.simulate import tier_marks
    from cardgen.simulate.designer import DesignerTally
    from cardgen.simulate.exchange import AUTO, BUILDING, PER_POINT
    from cardgen.simulate.runner import _judge_cards, make_agents, play_game
    from cardgen.simulate.summary import exchange_lines
    from cardgen.simulate.validate import ValidateOptions, _exchanges

    deck = toy(tmp_path)
    game = deck.spec.new_game(deck, 3)
    names = ["random"] * 3
    result = play_game(game, 4, make_agents(deck.spec, names), names, record=True)
    tally = type("Tally", (), {"designer": DesignerTally()})()
    _judge_cards(game, result, tally, lambda: make_agents(deck.spec, names), _chunk(AUTO), True)
    assert tally.designer.exchange.offered == 0
    _on_fast_tier(game)
    ready, building = [False], [False]
    monkeypatch.setattr(tier_marks, "is_ready", lambda name: name == "toy" and ready[0])
    monkeypatch.setattr(tier_marks, "is_building", lambda name: name == "toy" and building[0])

    def judged(compiled: bool) -> dict[str, Any]:
        tally = type("Tally", (), {"designer": DesignerTally()})()
        _judge_cards(game, result, tally, lambda: make_agents(deck.spec, names), _chunk(AUTO), compiled)
        return tally.designer.exchange.to_json()

    def on_the_tier(table: dict[str, Any]) -> bool:  # the fake tier's futures all end alike: every credit 0
        return table["exchanges"] > 0 and all(r["win"] == r["margin"] == r["score"] == 0 for r in table["rows"])

    table = judged(True)
    assert table["offered"] == 1 and table["points"] == POINTS * PER_POINT and on_the_tier(table)
    assert judged(False)["offered"] == 0  # the reference engine, no tier built nor building: nothing
    building[0] = True
    first = judged(False)
    assert (first["offered"], first["exchanges"], first["rows"]) == (1, 0, [])
    assert first["skipped"] == {BUILDING: POINTS * PER_POINT}
    (line,) = exchange_lines(first, "en")
    assert line.startswith("  card strength mid-game: not measured by default, as it is slow for this game") \
        and line.endswith("(about ten times slower)")  # round 33 en23*, en24; round 40 en10; round 41 en28
    assert f"add --exchange-points {POINTS}: each game is then replayed from {POINTS} random moments" in line
    ready[0] = True  # a small run on the reference engine, the tier built: its futures play on the tier
    assert on_the_tier(judged(False))
    assert _exchanges(ValidateOptions(engine="reference")) == 0 and _exchanges(ValidateOptions()) == AUTO
    assert _exchanges(ValidateOptions(engine="reference", exchange_points=4)) == 4


def test_the_printed_intervals_are_the_ones_the_flags_are_decided_by() -> None:
    """A flag's interval leaves out 0 as printed, and an unflagged card's printed intervals of wins and margin both
    hold 0 (terminal round 28 en9: plain 95 % intervals printed beside flags decided on wider ones)."""
    t = ExchangeTally()
    rng = random.Random(5)
    for _ in range(40):  # kind "a" helps a little in every game, "b" hurts as much, "c" is noise
        credits = {k: [6, *(sum(rng.gauss(mu, 1) for _ in range(6)) for _ in range(3))]
                   for k, mu in (("a", 0.45), ("b", -0.45), ("c", 0.0))}
        t.add_game(credits, 18, {})
    rows = {r["component"]: r for r in t.rows()}
    for r in rows.values():
        apart = [r[f"{name}_low"] > 0 or r[f"{name}_high"] < 0 for name in ("win", "margin")]
        assert bool(r["flag"]) == any(apart), r
    assert rows["a"]["flag"] == "strong" and rows["b"]["flag"] == "weak"
    # printed: the mean ± 2.64 standard errors (3 cards × 2 figures, Bonferroni at 5 %), not the plain 95 %'s 1.96
    for r in rows.values():
        assert (r["win_high"] - r["win_low"]) / (2 * r["win_se"]) == pytest.approx(2.638, abs=0.01)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_page_says_why_the_swap_test_was_not_run_in_full_once(lang: str) -> None:
    """Terminal round 46 en48: Draco's page printed "Not measured by default, as it is slow for this game. To measure
    it, add --exchange-points 4: …" in full under each of four player counts; the terminal says it once, then "not
    measured in this run (see above)". The page does the same (``exchange_block``'s ``said``, the page's)."""
    from cardgen.report.impact import WORDS, exchange_block

    table = {"rows": [], "skipped": {"building": True}}
    said: set[str] = set()
    first, second = (str(exchange_block(table, None, lang, said=said)) for _ in range(2))
    full = WORDS[lang]["exchange_building"].split("{points}")[0]
    assert full.split()[0] in first and "--exchange-points" in first
    assert "--exchange-points" not in second and WORDS[lang]["exchange_building_again"] in second
    assert "--exchange-points" in str(exchange_block(table, None, lang))  # no page's record: in full
