"""Terminal round 41, it12: the Italian card-swap test has one name. The readers met «prova di sostituzione» beside
«scambio», «scambiata», «scambiare» for the same operation; the test's every Italian text (terminal, report, the
games' "not judged" lines) now says «sostituzione» / «sostituita» / «sostituire». Draco's own rules keep «scambia di
posto» (a move of the game, not the experiment)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "cardgen"
#: the wordbooks that hold the card-swap test's texts (terminal, report, the games' "card strength" lines)
BOOKS = ["terminal.json", "report/impact.json", "games/king_lui/words.json", "games/royale/words.json"]
#: the keys of the experiment's texts: card strength in play, its warnings, its "not judged" lines
KEYS = re.compile(r"strength|exchange|warn_card_play|cards_none|all_dealt")


def _italian(book: str) -> dict[str, str]:
    """Every Italian text of ``book`` by its key (the wordbooks nest their languages at different depths)."""
    out: dict[str, str] = {}

    def walk(node: object, italian: bool, name: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, str):
                    if italian or key == "it":  # a text of an Italian book, or the Italian of one entry
                        out[key if italian else name] = value
                elif key == "it":
                    walk(value, True, name)
                elif key not in ("en", "fr"):
                    walk(value, italian, key)

    walk(json.loads((ROOT / book).read_text(encoding="utf-8")), False, "")
    return out


@pytest.mark.parametrize("book", BOOKS)
def test_the_swap_test_is_called_a_substitution_in_italian(book: str) -> None:
    texts = {k: v for k, v in _italian(book).items() if KEYS.search(k)}
    assert texts, book  # the experiment's texts are there to read
    old = {k: v for k, v in texts.items() if re.search(r"scamb", v, re.IGNORECASE)}
    assert not old, f"{book}: «scambio» for the substitution in {sorted(old)}"


def test_both_cards_are_named_the_same_way() -> None:
    """"instead of the card it was swapped with" (round 38 it1*: true of both cards of a swap) is now "instead of
    the other card of the substitution" in the key, the warnings and the page's method."""
    terminal, impact = _italian("terminal.json"), _italian("report/impact.json")
    warnings = [v for k, v in terminal.items() if k.startswith("warn_card_play")]
    assert len(warnings) == 8 and all("invece dell’altra carta della sostituzione" in v for v in warnings)
    assert "invece dell’altra carta della sostituzione" in impact["strength_key"]  # the columns' key: the page's
    # round 43 it13: the key says what the card is replaced with, a card of another kind drawn at random
    assert "a partita in corso, una carta in mano viene sostituita con una di altro tipo" in terminal["strength_key_trust"]
    assert "a partita in corso, una carta in mano viene sostituita con una di altro tipo" in impact["strength_trust"]
    assert "invece che con l’altra carta della sostituzione" in impact["exchange_legend"]
