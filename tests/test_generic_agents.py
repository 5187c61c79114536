"""Players for any rule (cardgen/agents/generic.py, issue 33 item 1).

A game's heuristic, covered, plays exactly its own moves under the game's own rules, and every
legal move a house rule adds: it judges them by paired look-ahead, or follows the rule's own
``policy``. A rules-file game's default player is a short look-ahead (and the file's ``policy``),
and beats random players. The long statistical runs per shipped game are in
``test_house_options.py`` (slow tier).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.agents.base import needs_state
from cardgen.agents.generic import CoveredAgent, LookaheadAgent, known_and_new
from cardgen.games import get_game
from cardgen.games.king_lui.agents import HeuristicAgent
from cardgen.house import install
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver, resolve
from cardgen.scaffold import new_project
from cardgen.simulate.runner import agent_factories, default_agents, make_agents, play_game
from cardgen.simulate.seeds import agent_rng
from cardgen.usercode import UserCodeError

from house_options import BONUS, project as option_project
from test_games_project import doc_project

ROOT = Path(__file__).resolve().parent.parent


def offers_and_takes(root: Path, games: int, players: int = 3, agent: str = "heuristic") -> tuple[int, int, int]:
    """(decisions offering the bonus, bonuses taken, games completed) of ``agent`` in every seat."""
    deck = resolve("option", root)
    game = install(deck.spec.new_game(deck, players), deck)
    factories = agent_factories(deck.spec, 8)
    offered = taken = done = 0
    for seed in range(games):
        state = game.new_initial_state(seed)
        agents = [factories[agent]() for _ in range(players)]
        rng = agent_rng(seed)
        for _ in range(3000):
            if state.is_terminal():
                done += 1
                break
            legal = state.legal_actions()
            choice = agents[state.current_player].choose_from_state(state, legal, rng)
            assert choice in legal
            if BONUS in legal:
                offered += 1
                taken += choice == BONUS
            state.apply(choice)
    return offered, taken, done


def test_every_shipped_heuristic_is_covered_and_needs_the_state() -> None:
    for name in ("king_lui", "royale", "draco"):  # covered where agents are made (games sit below agents)
        agent = agent_factories(get_game(name))["heuristic"]()
        assert isinstance(agent, CoveredAgent) and needs_state(agent) and agent.name == "heuristic"


def test_under_the_games_own_rules_the_covered_heuristic_plays_the_heuristics_games() -> None:
    deck = resolve("king_lui", ROOT)
    game = deck.spec.new_game(deck, 3)
    for seed in range(3):
        covered = play_game(game, seed, [CoveredAgent(HeuristicAgent()) for _ in range(3)], record=True)
        plain = play_game(game, seed, [HeuristicAgent() for _ in range(3)], record=True)
        assert covered.completed and covered.actions == plain.actions and covered.scores == plain.scores


def test_a_house_rule_action_is_new_to_the_heuristic_and_a_good_one_is_taken(tmp_path: Path) -> None:
    root = option_project(tmp_path, "king_lui", "good")
    deck = resolve("option", root)
    state = install(deck.spec.new_game(deck, 3), deck).new_initial_state(2)
    legal = state.legal_actions()
    known, new = known_and_new(state, legal)
    assert new == [BONUS] and BONUS not in known and set(known) | {BONUS} == set(legal)
    offered, taken, done = offers_and_takes(root, 2)
    assert done == 2 and offered >= 20 and taken >= 0.9 * offered


def test_a_bad_house_rule_action_is_left(tmp_path: Path) -> None:
    offered, taken, done = offers_and_takes(option_project(tmp_path, "king_lui", "bad"), 2)
    assert done == 2 and offered >= 20 and taken <= 0.1 * offered


def test_default_players_complete_games_a_house_rule_changes(tmp_path: Path) -> None:
    """The issue's failure: a Draco option the heuristic never heard of ended every game in an IllegalAction."""
    root = option_project(tmp_path, "draco", "judgment")
    deck = resolve("option", root)
    game = install(deck.spec.new_game(deck, 4), deck)
    names = default_agents(deck.spec) * 4
    for seed in range(2):
        result = play_game(game, seed, make_agents(deck.spec, names), names)
        assert result.completed, result.gaps


POLICY = '''

def policy(state, legal, rng):
    return BONUS if BONUS in legal else None
'''


def test_a_house_rules_policy_decides_for_its_own_action(tmp_path: Path) -> None:
    root = option_project(tmp_path, "king_lui", "bad")
    rule = root / "house" / "option.py"
    rule.write_text(rule.read_text() + POLICY)  # the rule's own advice: always take it, however bad
    offered, taken, done = offers_and_takes(root, 1)
    assert done == 1 and offered > 0 and taken == offered


def test_a_policy_that_advises_an_illegal_action_is_blamed_by_name(tmp_path: Path) -> None:
    root = option_project(tmp_path, "king_lui", "good")
    rule = root / "house" / "option.py"
    rule.write_text(rule.read_text() + "\n\ndef policy(state, legal, rng):\n    return ('fly',)\n")
    with pytest.raises(UserCodeError) as caught:
        offers_and_takes(root, 1)
    assert "house/option.py: policy() returned ('fly',), which is not a legal action now" in caught.value.line
    assert "seed 0 reproduces it" in caught.value.line


def test_a_policy_with_other_parameters_is_bad_input(tmp_path: Path) -> None:
    from cardgen.errors import InputError
    root = option_project(tmp_path, "king_lui", "good")
    rule = root / "house" / "option.py"
    rule.write_text(rule.read_text() + "\n\ndef policy(state, legal):\n    return None\n")
    with pytest.raises(InputError) as caught:
        resolve("option", root)
    assert "policy must be def policy(state, legal, rng)" in caught.value.message


# -- a rules file's default player ----------------------------------------------------------
def win_rate(root: Path, deck_id: str, players: int, games: int) -> tuple[float, float]:
    """(look-ahead's win share, one random player's), look-ahead in one seat, rotated."""
    deck = Resolver(Project.open(root)).resolve(deck_id)
    game = deck.spec.new_game(deck, players)
    factories = agent_factories(deck.spec)
    ours = theirs = 0.0
    for seed in range(games):
        names = ["random"] * players
        names[seed % players] = "heuristic"
        result = play_game(game, seed, make_agents(deck.spec, names, factories), names)
        assert result.completed
        for w in result.winners:
            share = 1 / len(result.winners)
            if names[w] == "heuristic":
                ours += share
            else:
                theirs += share / (players - 1)
    return ours / games, theirs / games


def test_a_rules_file_plays_a_look_ahead_by_default(tmp_path: Path) -> None:
    root = doc_project(tmp_path)
    deck = Resolver(Project.open(root)).resolve("g")
    assert default_agents(deck.spec) == ["heuristic"]
    assert isinstance(agent_factories(deck.spec)["heuristic"](), LookaheadAgent)


def test_the_look_ahead_beats_random_at_the_docs_trick_taking_game(tmp_path: Path) -> None:
    ours, theirs = win_rate(doc_project(tmp_path), "g", 3, 150)
    assert ours > 0.4 and theirs < 0.3, (ours, theirs)  # a random seat wins a third


def test_the_starters_policy_beats_random(tmp_path: Path) -> None:
    root = tmp_path / "g"
    new_project(root, rules=True)
    ours, theirs = win_rate(root, "g", 2, 200)
    assert ours > 0.55 > theirs, (ours, theirs)


def test_the_docs_trick_game_counts_one_round_per_trick(tmp_path: Path) -> None:
    """docs/authoring.md's example counted rounds twice (each trick, and each pass through seat 0)."""
    root = doc_project(tmp_path)
    deck = Resolver(Project.open(root)).resolve("g")
    hand = deck.model.rules.hand_size
    for players in (2, 3, 4):
        result = play_game(deck.spec.new_game(deck, players), 4, make_agents(deck.spec, ["random"] * players))
        assert result.completed and result.rounds == hand


def test_a_rules_files_policy_is_followed_and_an_illegal_one_blamed(tmp_path: Path) -> None:
    root = doc_project(tmp_path)
    rules = root / "tricks.py"
    text = rules.read_text()
    rules.write_text(text + "\n    def policy(self, seat, legal, rng):\n        return legal[-1]\n")
    deck = Resolver(Project.open(root)).resolve("g")
    state = deck.spec.new_game(deck, 3).new_initial_state(5)
    agent = LookaheadAgent()
    for _ in range(6):
        legal = state.legal_actions()
        assert agent.choose_from_state(state, legal, random.Random(1)) == legal[-1]
        state.apply(legal[-1])
    rules.write_text(text + "\n    def policy(self, seat, legal, rng):\n        return ('nap',)\n")
    deck = Resolver(Project.open(root)).resolve("g")
    state = deck.spec.new_game(deck, 3).new_initial_state(5)
    with pytest.raises(UserCodeError) as caught:
        agent.choose_from_state(state, state.legal_actions(), random.Random(1))
    assert caught.value.line.startswith("tricks.py: policy() returned ('nap',), which is not a legal action")


def test_standings_are_higher_is_better_when_the_lowest_score_wins(tmp_path: Path) -> None:
    deck = Resolver(Project.open(doc_project(tmp_path))).resolve("g")
    state = deck.spec.new_game(deck, 3).new_initial_state(1)
    state.score = [2, 5, 1]
    assert state.standings() == [2.0, 5.0, 1.0]
    state.LOW_SCORE_WINS = True
    assert state.standings() == [-2.0, -5.0, -1.0]


def test_an_option_is_judged_followed_by_the_heuristics_usual_move(tmp_path: Path, monkeypatch) -> None:
    """The look-ahead compares "the option, then the usual move" with "the usual move" on each sample."""
    import cardgen.agents.generic as generic

    seen = {}

    def spy(state, candidates, rng, rollout, weight=0.25, judge=None, step=None):
        seen.update(state=state, candidates=candidates, step=step)
        while True:
            yield [0.0] * len(candidates)

    monkeypatch.setattr(generic, "paired_rounds", spy)
    root = option_project(tmp_path, "king_lui", "good")
    deck = resolve("option", root)
    state = install(deck.spec.new_game(deck, 3), deck).new_initial_state(2)
    agent = agent_factories(get_game("king_lui"))["heuristic"]()
    agent.choose_from_state(state, state.legal_actions(), random.Random(3))
    usual = seen["candidates"][0]
    assert seen["candidates"] == [usual, BONUS] and seen["step"] is not None
    sample = state.clone()
    seen["step"](sample, BONUS)  # the option leaves the turn to its seat: the usual move follows
    assert sample.turns == state.turns + 1 and sum(sample.extra_points) == 5
    alone = state.clone()
    seen["step"](alone, usual)
    assert alone.turns == state.turns + 1 and sum(alone.extra_points) == 0


def test_paired_choice_plays_each_move_through_step() -> None:
    from cardgen.agents.search import Paired, paired_choice, random_rollout

    deck = resolve("king_lui", ROOT)
    state = deck.spec.new_game(deck, 3).new_initial_state(1)
    legal = state.legal_actions()
    played = []

    def step(sample, move):
        played.append(move)
        sample.apply(move)

    paired_choice(state, legal, None, random.Random(1), random_rollout, 2, Paired(step=step))
    assert played == legal * 2
