"""What must hold in every King Lui position, as readable problems (``KingLuiState.invariants``).

The conformance runs call it after every action of thousands of games, so a rule
slip shows up as a broken bookkeeping identity rather than as a strange score: every
portion and Emerald of the box is in exactly one place (counted per dish on the
record), each hand is exactly what its seat took openly plus what it drew, the king's
running total matches his place, Emerald meals remove one dragon and
``emerald_portions`` portions each, and the turn order follows the chef.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.games.king_lui.rules import (HEADER, S_ACTED, S_CHEF, S_KTOTAL, S_PENDING, S_REMOVED, S_ROUNDS, S_SP,
                                          S_TEMER, S_TURNS, hand, supply, taken)

if TYPE_CHECKING:
    from cardgen.games.king_lui.engine import KingLuiState


def broken(state: "KingLuiState") -> list[str]:
    """Every invariant ``state`` breaks (empty: all hold)."""
    g, s = state.game, state.s
    n, players = len(g.dishes), g.players
    out: list[str] = []
    table, king, eaten = s[HEADER:HEADER + n], s[HEADER + n:HEADER + 2 * n], s[HEADER + 2 * n:HEADER + 3 * n]
    if min(table + king + eaten) < 0 or min(s[S_TEMER], s[S_PENDING], s[S_SP], s[S_REMOVED]) < 0:
        out.append(f"a negative count (table {table}, king {king}, eaten {eaten})")
    if s[S_KTOTAL] != sum(king):
        out.append(f"king_total {s[S_KTOTAL]} but the king holds {sum(king)}")
    for p in range(players):
        held, took = s[hand(n, p):hand(n, p) + n], s[taken(n, players, p):taken(n, players, p) + n]
        if min(took) < 0:
            out.append(f"seat {p}: a negative count (taken {took})")
        if any(map(int.__gt__, took, held)):
            out.append(f"seat {p}: holds fewer portions of a dish than it took from the table")
    meals = sum(eaten)
    if meals % g.emerald_portions:
        out.append(f"Emerald ate {meals} portions, not a multiple of {g.emerald_portions}")
    if not state.is_terminal():  # at the end the supply's leftovers join the removed cards
        left = [0] * (n + 1)  # per dish code + 1: cards in the supply
        s0 = supply(n, players)
        for i in range(s[S_SP]):
            left[s[s0 + i] + 1] += 1
        for d in range(n):
            where = left[d + 1] + table[d] + king[d] + eaten[d] + sum(s[hand(n, q) + d] for q in range(players))
            if where != g.dish_sizes[d]:
                out.append(f"{g.dishes[d]}: {where} portions in play, the box holds {g.dish_sizes[d]}")
        dragons = s[S_REMOVED] - meals
        if dragons != meals // g.emerald_portions:
            out.append(f"{s[S_REMOVED]} cards removed ({dragons} Emeralds) for {meals} portions eaten")
        if left[0] + s[S_TEMER] + s[S_PENDING] + dragons != g.emerald_count:
            out.append(f"Emeralds: {left[0]} in the supply, {s[S_TEMER]} beside the dishes, {s[S_PENDING]} drawn, "
                       f"{dragons} used; the box holds {g.emerald_count}")
        if s[S_CHEF] != s[S_ROUNDS] % players:
            out.append(f"chef is seat {s[S_CHEF]} in course {s[S_ROUNDS] + 1}")
        if s[S_TURNS] != s[S_ROUNDS] * players + s[S_ACTED] or not 0 <= s[S_ACTED] < players:
            out.append(f"{s[S_TURNS]} turns with {s[S_ACTED]} acted in course {s[S_ROUNDS] + 1}")
        if state.current_player != (s[S_CHEF] + s[S_ACTED]) % players:
            out.append(f"seat {state.current_player} acts, but it is seat "
                       f"{(s[S_CHEF] + s[S_ACTED]) % players}'s turn")
        if bool(s[S_PENDING]) != (state.phase == 1):
            out.append("a drawn Emerald waits outside its decision, or the decision has none")
        if sum(table) > g.course_cards:
            out.append(f"{sum(table)} portions on the table, more than a course deals ({g.course_cards})")
    return out
