"""Flat Monte Carlo on common samples (``cardgen.agents.search.paired_choice`` and ``paired_rounds``) on a
made-up game whose every sample's value is known in advance: the means, the best move, when the usual move
is kept, the seed every move of a round shares, and the weighted reward when no judge is given."""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from cardgen.agents.search import Paired, paired_choice, paired_rounds


class Deal:
    """One sample of the made-up game: its round and the moves played on it."""

    num_players = 2
    current_player = 1
    end_reason = "over"

    def __init__(self, game: "Game", number: int) -> None:
        self.game, self.number, self.moves = game, number, []

    def clone(self) -> "Deal":
        copy = Deal(self.game, self.number)
        copy.moves = list(self.moves)
        return copy

    def apply(self, move: Any) -> None:
        self.moves.append(move)

    def outcome(self) -> SimpleNamespace:
        """Seat 1 wins 3 to 1 after the move "win", else seat 0 does."""
        won = self.moves == ["win"]
        return SimpleNamespace(winners=[1] if won else [0], scores=[1, 3] if won else [3, 1])


class Game:
    """The state a seat decides in: each ``determinize`` is the next round's deal."""

    current_player = 1

    def __init__(self, table: list[list[float]] | None = None) -> None:
        self.table, self.rounds, self.seats = table, 0, []

    def determinize(self, seat: int, rng: random.Random) -> Deal:
        self.seats.append(seat)
        self.rounds += 1
        return Deal(self, self.rounds - 1)


def _choice(table: list[list[float]], base: int | None) -> tuple[int, list[float]]:
    """``paired_choice`` where move i of round r is worth ``table[r][i]``."""
    game = Game(table)
    legal = list(range(len(table[0])))

    def judge(deal: Deal, seat: int) -> float:
        return table[deal.number][deal.moves[-1]]

    got = paired_choice(game, legal, base, random.Random(1), lambda s, r: None, len(table),  # type: ignore[arg-type]
                        Paired(z=1.0, judge=judge))
    assert game.rounds == len(table) and set(game.seats) == {1}
    return got


def test_the_means_and_the_best_move() -> None:
    assert _choice([[1.0, 3.0, 0.0], [1.0, 5.0, 0.0]], None) == (1, [1.0, 4.0, 0.0])
    assert _choice([[1.0, 3.0, 0.0], [1.0, 5.0, 0.0]], 1) == (1, [1.0, 4.0, 0.0])


def test_the_usual_move_is_kept_unless_clearly_beaten() -> None:
    assert _choice([[0.0, 1.0], [0.0, 2.0]], 0)[0] == 1  # ahead by 1.5, standard error 0.5: 3 of them
    assert _choice([[10.0, 13.0], [10.0, 9.0]], 0)[0] == 0  # ahead by 1, standard error 2
    assert _choice([[0.0, 1.0], [0.0, 0.0]], 0)[0] == 0  # ahead by 0.5, standard error 0.5: 1 < sqrt(2 ln 2)
    assert _choice([[1.0, 1.0], [1.0, 1.0]], 1)[0] == 1  # a tie keeps it


def test_every_move_of_a_round_rolls_out_with_the_rounds_own_seed() -> None:
    draws: list[tuple[Any, float]] = []

    def rollout(deal: Deal, rng: random.Random) -> None:
        draws.append((deal.moves[-1], rng.random()))

    rounds = paired_rounds(Game(), ["a", "b"], random.Random(7), rollout,  # type: ignore[arg-type]
                           judge=lambda deal, seat: 0.0)
    next(rounds)
    next(rounds)
    reference = random.Random(7)  # the fake deals draw nothing: a round draws its 64-bit seed alone
    first, second = (random.Random(reference.getrandbits(64)).random() for _ in range(2))
    assert draws == [("a", first), ("b", first), ("a", second), ("b", second)]


def test_without_a_judge_a_sample_is_worth_its_win_and_its_weighted_score() -> None:
    rounds = paired_rounds(Game(), ["win", "lose"], random.Random(7), lambda s, r: None, 0.5)  # type: ignore[arg-type]
    assert next(rounds) == [0.5 + 0.5 * 3 / 4, 0.5 * 1 / 4]
    got = paired_choice(Game(), ["lose", "win"], 0, random.Random(7), lambda s, r: None, 2,  # type: ignore[arg-type]
                        Paired(weight=0.5))
    assert got == (1, [0.125, 0.875])
