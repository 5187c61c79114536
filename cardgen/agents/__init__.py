"""Game-agnostic agents: they only use the engine API (``cardgen.engine.api``).

``StateAgent`` is the contract for agents that reason about the game state rather
than an observation (search); ``SearchAgent`` is information-set Monte Carlo tree
search over determinized samples of that state, its numbers (UCT's constant, the reward's points share, the
rollouts' random moves, the policy's prior) grouped in a ``Tuning``.
"""
from cardgen.agents.base import StateAgent
from cardgen.agents.search import SearchAgent, Tuning

__all__ = ["SearchAgent", "StateAgent", "Tuning"]
