"""The card-game kit (cardgen/engine/kit.py), on the game ``cardgen new DIR --rules`` scaffolds.

The scaffold's rules file is the kit's first user: each test plays it, or a copy with
one line changed to break one promise of the kit.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from cardgen.agents.search import SearchAgent
from cardgen.engine.api import IllegalAction, RandomAgent
from cardgen.engine.kit import CardGame, RulesBroken
from cardgen.load.project import Project
from cardgen.model.deck import ResolvedDeck
from cardgen.resolve.resolve import Resolver
from cardgen.scaffold import new_project
from cardgen.simulate.conformance import check_engine
from cardgen.simulate.runner import SAFETY_CAP, play_game
from cardgen.usercode import UserCodeError


def scaffold(tmp_path: Path, edit: tuple[str, str] | None = None, name: str = "g") -> Path:
    """A ``cardgen new --rules`` project; ``edit`` replaces one text of its rules file (it must be there)."""
    root = tmp_path / name
    new_project(root, rules=True)
    if edit is not None:
        rules = root / "rules.py"
        text = rules.read_text()
        assert edit[0] in text, edit[0]
        rules.write_text(text.replace(edit[0], edit[1], 1))
    return root


def resolve(root: Path, ref: str = "g") -> ResolvedDeck:
    return Resolver(Project.open(root)).resolve(ref)


def state_of(root: Path, players: int = 3, seed: int = 7, ref: str = "g") -> CardGame:
    deck = resolve(root, ref)
    assert deck.spec.new_game is not None
    state = deck.spec.new_game(deck, players).new_initial_state(seed)
    assert isinstance(state, CardGame)
    return state


def line_of(root: Path, text: str) -> int:
    """The line of the rules file holding ``text``."""
    lines = (root / "rules.py").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_the_scaffold_passes_the_engine_contract(tmp_path: Path) -> None:
    deck = resolve(scaffold(tmp_path))
    for players in (2, 4):
        assert check_engine(deck, players, seeds=(1, 2)) == []


def test_setup_deals_the_hand_size_of_the_deck_and_keeps_every_card_in_one_zone(tmp_path: Path) -> None:
    root = scaffold(tmp_path)
    state = state_of(root, players=3)
    zones = state.zones()
    assert [len(zones[f"hand:{p}"]) for p in range(3)] == [5, 5, 5]
    assert len(zones["pile"]) == 1 and len(zones["deck"]) == 30 - 16
    counts = Counter(card for cards in zones.values() for card in cards)
    assert set(counts.values()) == {1} and len(counts) == 30 and "joker#3" in counts
    variant = state_of(root, players=3, ref="g-variant")
    assert [len(variant.zones()[f"hand:{p}"]) for p in range(3)] == [7, 7, 7]
    assert state.peak["hand"] == 5 and variant.peak["hand"] == 7  # the largest hand, for the statistics


def test_observation_shows_only_what_the_seat_may_see(tmp_path: Path) -> None:
    state = state_of(scaffold(tmp_path), players=3)
    obs = state.observation(1)
    assert obs["zones"]["hand:1"] == state.cards("hand", 1)  # own hand: the cards
    assert obs["zones"]["hand:0"] == 5 and obs["zones"]["hand:2"] == 5  # others: how many
    assert obs["zones"]["deck"] == len(state.cards("deck"))  # face-down pile: how many
    assert obs["zones"]["pile"] == state.cards("pile")  # public pile: the cards
    assert obs["round"] == 1 and obs["passes"] == 0  # the rules file's own attributes are public
    assert obs["seat"] == 1 and obs["turn"] == state.turn


def test_determinize_deals_again_only_what_the_seat_cannot_see(tmp_path: Path) -> None:
    state = state_of(scaffold(tmp_path), players=3)
    rng = random.Random(1)
    differs = 0
    for _ in range(5):
        sample = state.determinize(0, rng)
        assert sample.cards("hand", 0) == state.cards("hand", 0)
        assert sample.cards("pile") == state.cards("pile")
        unseen = ("deck", "hand:1", "hand:2")
        assert [len(sample.zone[k]) for k in unseen] == [len(state.zone[k]) for k in unseen]
        assert sorted(c for k in unseen for c in sample.zone[k]) == sorted(c for k in unseen for c in state.zone[k])
        differs += sample.cards("hand", 1) != state.cards("hand", 1)
        sample.apply(sample.legal_actions()[0])  # the sample plays on without touching the original
    assert differs >= 4
    assert state.turns == 0


def test_draw_reshuffles_the_pile_but_its_top_card_into_an_empty_deck(tmp_path: Path) -> None:
    state = state_of(scaffold(tmp_path), players=2)
    deck, pile = state.cards("deck"), state.cards("pile")
    pile.extend(deck)  # as if the deck had been played out onto the pile
    deck.clear()
    top = pile[-1]
    under = sorted(pile[:-1])
    drawn = state.draw(0)
    assert state.cards("pile") == [top]
    assert sorted(state.cards("deck") + drawn) == under and len(drawn) == 1
    assert drawn[0] in state.cards("hand", 0)


def test_apply_refuses_an_action_that_is_not_legal(tmp_path: Path) -> None:
    state = state_of(scaffold(tmp_path))
    other = state.cards("hand", (state.turn + 1) % 3)[0]
    with pytest.raises(IllegalAction):
        state.apply(("play", other))


def test_search_and_random_agents_play_it_to_the_end(tmp_path: Path) -> None:
    deck = resolve(scaffold(tmp_path))
    assert deck.spec.new_game is not None
    game = deck.spec.new_game(deck, 2)
    result = play_game(game, 11, [SearchAgent(30), RandomAgent()], ["search", "random"])
    assert result.completed and result.end_reason == "rounds_played", result.gaps
    again = play_game(game, 11, [SearchAgent(30), RandomAgent()], ["search", "random"])
    assert again.scores == result.scores and again.turns == result.turns


# -- a rules file that goes wrong: one line, naming the file, line, function and seed -------
def test_an_exception_in_the_rules_file_names_its_line_and_the_seed(tmp_path: Path) -> None:
    root = scaffold(tmp_path, ("self.passes = 0\n            if not", "self.passes = 1 // 0\n            if not"))
    state = state_of(root, players=2, seed=5)
    with pytest.raises(UserCodeError) as caught:
        while True:
            state.apply(next(a for a in state.legal_actions() if a[0] == "play") if any(
                a[0] == "play" for a in state.legal_actions()) else state.legal_actions()[0])
    line = caught.value.line
    assert line.startswith(f"rules.py:{line_of(root, '1 // 0')}: ZeroDivisionError")
    assert "in do()" in line and "(seed 5 reproduces it)" in line and "\n" not in line


def test_actions_that_return_nothing_stop_the_run_not_read_as_no_legal_move(tmp_path: Path) -> None:
    """A forgotten return in actions(): validate failed the deck on an unsettled 'no legal move' gap, and compare of
    two such decks answered 'No figure moved beyond chance' (exit 0). It is the file's fault: one line, its seed."""
    root = scaffold(tmp_path, ("    def actions(self, seat):\n", "    def actions(self, seat):\n        if seat == 1:\n"
                                                                "            return\n"))
    state = state_of(root, players=2, seed=5)
    state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    with pytest.raises(UserCodeError) as caught:
        state.legal_actions()
    assert caught.value.line == "rules.py: actions() returned None, expected a list of actions (seed 5 reproduces it)"


def test_a_rule_number_the_deck_lacks_is_named_with_the_deck_file(tmp_path: Path) -> None:
    root = scaffold(tmp_path, ("self.rules.hand_size", "self.rules.hand_sise"))
    with pytest.raises(UserCodeError) as caught:
        state_of(root, seed=3)
    line = caught.value.line
    assert line.startswith(f"rules.py:{line_of(root, 'hand_sise')}: AttributeError")
    assert "'hand_sise'" in line and "decks/g.yaml" in line and "hand_size" in line and "in setup()" in line
    assert "seed 3" in line


@pytest.mark.parametrize("hand_size, shown", [("-5", "-5"), ("three", "'three'"), ("5.5", "5.5")])
def test_a_hand_size_that_is_no_number_of_cards_is_refused_by_deal(tmp_path: Path, hand_size: str,
                                                                    shown: str) -> None:
    """`hand_size: -5` dealt nothing (range(-5)) and validate passed every game with empty hands."""
    root = scaffold(tmp_path)
    deck = root / "decks" / "g.yaml"
    text = deck.read_text()
    assert "  hand_size: 5 " in text
    deck.write_text(text.replace("  hand_size: 5 ", f"  hand_size: {hand_size} ", 1))
    with pytest.raises(UserCodeError) as caught:
        state_of(root, seed=3)
    line = caught.value.line
    assert line.startswith(f"rules.py:{line_of(root, 'self.deal(self.rules.hand_size)')}: RulesBroken: deal: "
                           f"expected a whole number of cards from 0 up, got {shown}"), line
    assert "in setup()" in line and "seed 3" in line


@pytest.mark.parametrize("call", ["draw", "deal"])
@pytest.mark.parametrize("n", [-1, True, 2.0, "2"])
def test_draw_and_deal_refuse_a_number_of_cards_that_is_not_a_whole_number_from_0(tmp_path: Path, call: str,
                                                                                   n: object) -> None:
    """The boundary (-1, not only -5), a bool (an int to Python) and draw as well as deal: each was
    taken as a count (draw(seat, -1) drew nothing, draw(seat, True) one card) and the game played on."""
    state = state_of(scaffold(tmp_path))
    before = {key: list(cards) for key, cards in state.zone.items()}
    with pytest.raises(RulesBroken, match=rf"^{call}: expected a whole number of cards from 0 up, got "):
        state.draw(0, n) if call == "draw" else state.deal(n)  # type: ignore[arg-type]
    assert state.zone == before
    assert state.draw(0, 0) == [] and state.zone == before  # 0 is a number of cards


def test_a_card_lost_outside_the_zones_is_reported_naming_the_function(tmp_path: Path) -> None:
    root = scaffold(tmp_path, ('self.draw(seat)  #', 'self.cards("hand", seat).pop()  #'))
    deck = resolve(root)
    assert deck.spec.new_game is not None
    game = deck.spec.new_game(deck, 2)
    with pytest.raises(UserCodeError) as caught:  # project code breaking the rules stops the run
        for seed in range(10):
            play_game(game, seed, [RandomAgent(), RandomAgent()])
    line = caught.value.line
    assert "rules.py: do() lost 1 card(s)" in line and "reproduces it" in line


def test_a_seat_taking_from_another_hand_is_acting_out_of_turn(tmp_path: Path) -> None:
    root = scaffold(tmp_path, ('self.move(action[1], "hand", "pile", source_seat=seat)',
                               'self.move(self.cards("hand", 1 - seat)[0], "hand", "pile", source_seat=1 - seat)'))
    state = state_of(root, players=2, seed=2)
    while not any(a[0] == "play" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    seat = state.turn
    with pytest.raises(UserCodeError) as caught:
        state.apply(next(a for a in state.legal_actions() if a[0] == "play"))
    line = caught.value.line
    assert line.startswith(f"rules.py:{line_of(root, 'source_seat=1 - seat')}: RulesBroken: seat {seat} took")
    assert f"'hand:{1 - seat}'" in line and "in do()" in line and "seed 2" in line


def test_a_turn_handed_to_no_seat_is_reported_naming_the_function(tmp_path: Path) -> None:
    root = scaffold(tmp_path, ("        self.next_turn((seat + 1) % self.players)", "        self.turn = 9"))
    state = state_of(root, players=2, seed=4)
    with pytest.raises(UserCodeError) as caught:
        for _ in range(200):
            state.apply(state.legal_actions()[0])
    assert caught.value.line.startswith("rules.py: do() handed the turn to 9, which is no seat of 2 players")


def test_a_game_that_never_ends_hits_the_safety_cap_with_its_seed(tmp_path: Path) -> None:
    root = scaffold(tmp_path, ('self.end("rounds_played")', 'self.round = 0'))
    deck = resolve(root)
    assert deck.spec.new_game is not None
    result = play_game(deck.spec.new_game(deck, 2), 123, [RandomAgent(), RandomAgent()], cap=500)
    assert result.seed == 123 and not result.completed
    assert result.end_reason == SAFETY_CAP and result.gaps[-1][2] == "no end condition after 500 decisions"



@pytest.mark.parametrize("edit, says", [
    (('self.cards("hand", seat)) if', 'self.cards("hnad", seat)) if'),
     "no zone 'hnad' (shared zones: deck, pile; seat zones: hand); did you mean 'hand'?"),
    (('self.cards("hand", seat)) if', 'self.cards("hand")) if'),
     "'hand' is a seat zone: give the seat, e.g. cards('hand', seat)"),
    (('self.cards("hand", seat)) if', 'self.cards("hand", 5)) if'),
     "'hand' is a seat zone: name a seat from 0 to 2 (got 5)"),
    (('if self.cards("deck") or', 'if self.cards("deck", seat) or'),
     "'deck' is a shared zone: name it without a seat"),
])
def test_a_zone_the_game_lacks_is_named_with_the_zones_it_has(tmp_path: Path, edit: tuple[str, str],
                                                             says: str) -> None:
    root = scaffold(tmp_path, edit)
    state = state_of(root, players=3, seed=1)
    with pytest.raises(UserCodeError) as caught:
        for _ in range(300):
            state.apply(state.legal_actions()[0])
    line = caught.value.line
    assert line.startswith(f"rules.py:{line_of(root, edit[1])}: RulesBroken: {says}"), line
    assert "in actions()" in line


@pytest.mark.parametrize("returned, refused", [("[]", None), ('"pass"', "'pass'")])
def test_actions_that_return_no_list_are_refused_and_an_empty_list_is_no_legal_move(
        tmp_path: Path, returned: str, refused: str | None) -> None:
    """An empty list is the rules' own 'no legal move', not the file's fault; a bare action
    (a forgotten pair of brackets) stops the run in one line rather than being read as actions letter by letter."""
    root = scaffold(tmp_path, ("    def actions(self, seat):\n", "    def actions(self, seat):\n        if seat == 1:\n"
                                                                f"            return {returned}\n"))
    state = state_of(root, players=2, seed=5)
    state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    if refused is None:
        assert state.legal_actions() == []
        return
    with pytest.raises(UserCodeError) as caught:
        state.legal_actions()
    assert caught.value.line.startswith(f"rules.py: actions() returned {refused}")
    assert caught.value.line.endswith(", expected a list of actions (seed 5 reproduces it)")


def test_the_scaffolds_rounds_are_its_rules_rounds_not_passes_round_the_table(tmp_path: Path) -> None:
    """validate said 'rounds: mean 15.4' of the starter, whose deck plays `rounds: 3`: the kit counted every pass
    through seat 0. The starter counts its own rounds, so the figure is the rule's number, whatever the deck says."""
    root = scaffold(tmp_path)
    deck_file = root / "decks" / "g.yaml"
    deck_file.write_text(deck_file.read_text().replace("rounds: 3", "rounds: 2"))
    deck = resolve(root)
    assert deck.spec.new_game is not None and deck.rules.rounds == 2
    for players in (2, 4):
        game = deck.spec.new_game(deck, players)
        results = [play_game(game, seed, [RandomAgent()] * players, ["random"] * players) for seed in range(6)]
        assert [(r.completed, r.rounds) for r in results] == [(True, 2)] * 6
        assert min(r.turns for r in results) > 2 * players  # many passes round the table, two rounds
