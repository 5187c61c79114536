"""The contract for agents that need the game state, not just an observation.

Most agents decide from ``State.observation(seat)`` alone (``Agent.choose``). A
search agent needs a state it can copy and play forward, so the simulator hands
it the live state instead (``choose_from_state``). The state is read-only for the
agent, and the agent must not read what its seat cannot see: it only ever looks
at ``state.determinize(seat, rng)`` samples, which re-deal everything hidden from
the seat, and at ``state.observation(seat)``.
"""
from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any

from cardgen.engine.api import Action, Agent, State


class StateAgent(Agent):
    """An agent the simulator calls with the state (``needs_state`` is True)."""

    #: the simulator calls ``choose_from_state`` instead of ``choose``
    needs_state = True

    @abstractmethod
    def choose_from_state(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` for ``state.current_player``; never mutate ``state``."""

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        raise TypeError(f"agent '{self.name}' needs the game state: call choose_from_state")


def needs_state(agent: Agent) -> bool:
    """True for agents the simulator must call with the state (``StateAgent``)."""
    return bool(getattr(agent, "needs_state", False))
