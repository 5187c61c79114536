"""Game-agnostic agents: they only use the engine API (``cardgen.engine.api``).

``StateAgent`` is the contract for agents that reason about the game state rather
than an observation (search); ``SearchAgent`` is information-set Monte Carlo tree
search over determinized samples of that state.
"""
from cardgen.agents.base import StateAgent
from cardgen.agents.search import SearchAgent

__all__ = ["SearchAgent", "StateAgent"]
