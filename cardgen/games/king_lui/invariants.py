"""What must hold in every King Lui position, as readable problems (``KingLuiState.invariants``).

The conformance runs call it after every action of thousands of games, so a rule
slip shows up as a broken bookkeeping identity rather than as a strange score:
cards sit in the place of their own dish, each hand is exactly what its seat took
openly plus what it drew, the king's running total matches his place, Emerald
meals remove one dragon and ``emerald_portions`` portions each, and the turn
order follows the chef.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.games.king_lui.engine import KingLuiState


def broken(state: "KingLuiState") -> list[str]:
    """Every invariant ``state`` breaks (empty: all hold)."""
    g = state.game
    dish_of = g.dish_of
    out: list[str] = []
    places = [("table", state.table), ("king", state.king)]
    places += [(f"hand:{p}", hand) for p, hand in enumerate(state.hands)]
    sets = g.dish_cards
    for name, per_dish in places:
        if not all(map(frozenset.issuperset, sets, per_dish)):  # C-level: this runs after every action
            d, wrong = next((d, c) for d, cards in enumerate(per_dish) for c in cards if dish_of[c] != d)
            out.append(f"{name}: {g.instances[wrong]} lies with {g.dishes[d]}")
    for name, cards in (("table emeralds", state.table_emeralds), ("pending", state.pending)):
        if cards and max(dish_of[c] for c in cards) >= 0:
            out.append(f"{name} holds a portion card")
    if state.king_total != sum(map(len, state.king)):
        out.append(f"king_total {state.king_total} but the king holds {sum(map(len, state.king))}")
    for p, hand in enumerate(state.hands):
        taken, drawn = state.taken[p], state.drawn[p]
        if drawn < 0 or min(taken) < 0:
            out.append(f"seat {p}: a negative count (taken {taken}, drawn {drawn})")
        if sum(map(len, hand)) != sum(taken) + drawn:
            out.append(f"seat {p}: hand of {sum(map(len, hand))} cards, but took {sum(taken)} and drew {drawn}")
        if any(map(int.__gt__, taken, map(len, hand))):
            out.append(f"seat {p}: holds fewer portions of a dish than it took from the table")
    if min(state.eaten) < 0:
        out.append(f"negative eaten count {state.eaten}")
    meals = sum(state.eaten)
    if meals % g.emerald_portions:
        out.append(f"Emerald ate {meals} portions, not a multiple of {g.emerald_portions}")
    if not state.is_terminal():  # at the end the supply's leftovers join the removed cards
        dragons = sum(1 for c in state.removed if dish_of[c] < 0)
        if dragons != meals // g.emerald_portions or len(state.removed) != dragons + meals:
            out.append(f"{len(state.removed)} cards removed ({dragons} Emeralds) for {meals} portions eaten")
        if state.chef != state.rounds % g.players:
            out.append(f"chef is seat {state.chef} in course {state.rounds + 1}")
        if state.turns != state.rounds * g.players + state.acted or not 0 <= state.acted < g.players:
            out.append(f"{state.turns} turns with {state.acted} acted in course {state.rounds + 1}")
        if state.current_player != (state.chef + state.acted) % g.players:
            out.append(f"seat {state.current_player} acts, but it is seat "
                       f"{(state.chef + state.acted) % g.players}'s turn")
        if bool(state.pending) != (state.phase == 1):
            out.append("a drawn Emerald waits outside its decision, or the decision has none")
        on_table = sum(map(len, state.table))
        if on_table > g.course_cards:
            out.append(f"{on_table} portions on the table, more than a course deals ({g.course_cards})")
    return out
