"""The search's tuning constants, written once below both of their users.

``cardgen.agents.search.SearchAgent`` (the search in Python) and the compiled search
(``engine/searchloop.py``'s loops and each game's ``compiled_search.py``) must use the same
numbers or their decisions differ; the engine stage holds them so that the compiled loops,
which live in the engine, never import the agents stage above it (docs/ARCHITECTURE.md,
"Order of stages").
"""
from __future__ import annotations

#: iterations (determinize, select, expand, rollout, backpropagate) per decision
DEFAULT_ITERATIONS = 200
#: UCT exploration constant for rewards in 0..1
DEFAULT_EXPLORATION = 0.7
#: weight of the normalised score in the reward (the rest is the win share)
DEFAULT_SCORE_WEIGHT = 0.25
#: chance of a uniformly random move in a policy rollout
DEFAULT_EPSILON = 0.1
#: share of the iterations credited to the policy's own choice at the root when deciding
DEFAULT_PRIOR = 0.15
#: standard errors by which a move must beat the policy's move on common samples
PAIRED_Z = 1.0
#: decisions after which a rollout is abandoned (a never-ending sample)
ROLLOUT_CAP = 10_000
#: the fewest rounds of the paired choice, however many legal moves share the budget
PAIRED_MIN_ROUNDS = 2
#: iterations between the tree's checks whether its most visited root action is decided
DECIDED_EVERY = 8
