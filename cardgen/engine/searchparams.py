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


# -- the covered heuristic's look-ahead (``cardgen.agents.generic.CoveredAgent`` and ``engine/coverloop.py``) --
#: samples per decision the covered heuristic plays out, at most, to judge an action it does not know
COVER_ROUNDS = 8
#: samples a judgement draws before it may stop early
EARLY_ROUNDS = 3
#: a judgement stops early once each unknown action is behind the usual move on average, or ahead of it
#: by this many standard errors of the paired differences
EARLY_Z = 2.0
#: judged offers of one kind with the same verdict in a row that settle the kind for the rest of the game
SETTLE_AFTER = 6
#: a settled kind is judged again at every this-many-th offer (a verdict that disagrees unsettles it)
RECHECK_EVERY = 8
#: the significance of the final verdict: an unknown action replaces the usual move only when ahead by
#: ``COVER_Z * sqrt(2 ln k)`` standard errors (``cardgen.agents.search.paired_choice``'s rule)
COVER_Z = 1.0
#: turns per seat a covered look-ahead plays before it reads the standings (``State.score_estimate``)
COVER_HORIZON = 1
#: turns per seat of a second, longer look at an unknown action that leaves the turn to its seat (an extra the
#: seat buys beside its move) when the first look found it clearly behind: what it buys may pay only after
#: the first look's horizon (Draco's tip: a silver now for a card played at a later toast)
COVER_FURTHER = 4
#: chance that a look-ahead rollout tries an unknown action where one is legal (else the heuristic plays)
UNKNOWN_TRY = 0.2
