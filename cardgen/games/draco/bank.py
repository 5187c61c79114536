"""What Draco's bank running short means for one deck's box, worked out from its figures, so that the words
the reports use for the case are true of that deck (``GameSpec.deck_words``; tenth reading fr22)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def coins_worth(components: Any, silver: int) -> int:
    """How many coins worth ``silver`` silver each the box holds (1: the silver coins; the gold's worth: the gold),
    counted once for the engine's bank and the reports' words."""
    return sum(c.count for c in components if c.data is not None and c.data.role == "coin" and c.data.silver == silver)


def whole_bank_empties(per_gold: int, silver_total: int, players: int) -> bool:
    """Whether ``table.settle``'s ``bank_short`` case finds the whole bank empty: each player keeps at most
    ``per_gold - 1`` loose silver coins beside his gold (``table.coins_held``), so where that change cannot
    use up the box's silver for ``players``, the silver runs out only once the gold has."""
    return (per_gold - 1) * players <= silver_total


def box_totals(deck: Any) -> dict[str, int]:
    """The peaks that cannot pass what the box holds, at that total (``peak:<name>`` -> count): the gold and the
    silver coins on the lairs, and all the money in silver, from the box's coins and the gold's worth. A maximum
    equal to its total is the box emptied, not a finding of its own (fifteenth reading en25)."""
    per_gold = deck.rules.silver_per_gold
    gold, silver = coins_worth(deck.model.components, per_gold), coins_worth(deck.model.components, 1)
    return {"peak:gold_in_hands": gold, "peak:silver_in_hands": silver, "peak:money_in_hands": gold * per_gold + silver}


def worth(deck: Any) -> dict[str, int]:
    """Each coin worth more than one silver coin, by component id, as its data prints it (the gold coin: 3): what
    a count of it comes to in the game's unit, so that a cost in gold says its silver (fifteenth reading fr31)."""
    return {c.id: c.data.silver for c in deck.model.components
            if c.data is not None and c.data.role == "coin" and c.data.silver > 1}


def short_worth(deck: Any) -> dict[str, list[Any]]:
    """Where the whole bank empties (``whole_bank_empties``): the coin whose shortage the deck rules (the silver
    coin) -> [the gold coin's id, its worth in silver]. The case comes only once every gold coin is on the lairs,
    each player holding as few silver coins as they can, so each gold coin added to the box spares three silver coins
    the players would otherwise hold: a shortage of s silver coins is cured by ceil(s / 3) gold coins as surely as
    by s silver ones, and validate's warning says both cures, as fix tries both (twenty-first reading en46)."""
    per_gold = deck.rules.silver_per_gold
    ruled = [c.id for c in deck.model.components if getattr(c, "when_short", None) is not None and c.data is not None
             and c.data.role == "coin" and c.data.silver == 1]
    gold = [c.id for c in deck.model.components if c.data is not None and c.data.role == "coin"
            and c.data.silver == per_gold]
    return {ruled[0]: [gold[0], per_gold]} if ruled and gold and per_gold > 1 else {}


def deck_words(deck: Any, words: Mapping[str, Any]) -> Mapping[str, Any]:
    """Draco's words as ``deck``'s box makes them true: its ``bank_short`` case is "the bank runs out of
    coins" where the whole bank empties at every player count the deck allows (``whole_bank_empties``), with the
    gold that cures it as well as silver (``short_worth``), else the case's silver-only name
    (``gap:bank_short:silver``, its past ``gap:bank_short:silver:past`` and its short name
    ``gap:bank_short:silver:name``: a box with few silver coins); with the box's totals (``box_totals``) and the
    coins' worth (``worth``)."""
    out = {**words, "box_totals": box_totals(deck), "worth": worth(deck)}
    per_gold = deck.rules.silver_per_gold
    silver = coins_worth(deck.model.components, 1)
    if whole_bank_empties(per_gold, silver, deck.model.players.max):
        return {**out, "short_worth": short_worth(deck)}
    tallies = {lang: {**names, **{f"gap:bank_short{tense}": names.get(f"gap:bank_short:silver{tense}",
                                                                   names.get(f"gap:bank_short{tense}"))
                                  for tense in ("", ":past", ":name") if f"gap:bank_short{tense}" in names}}
               for lang, names in (words.get("tallies") or {}).items()}
    return {**out, "tallies": tallies}


def bank_holds(deck: Any, money: Any) -> int | None:
    """What the bank holds, in silver, while the players hold ``money``: the box's coins (public, on the table)
    less the purses; None where the deck rules the bank unlimited (``bank_short``: ``unlimited``), whose holding
    means nothing. The page shows it and says why a toast paid nobody once it is empty (#53 round 25, en27)."""
    rule = deck.model.clarifications.get("bank_short")
    if rule is not None and rule.resolution == "unlimited":
        return None
    per_gold = deck.rules.silver_per_gold
    box = coins_worth(deck.model.components, per_gold) * per_gold + coins_worth(deck.model.components, 1)
    return max(box - sum(money), 0)
