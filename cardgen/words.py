"""Counts in the messages cardgen prints: ``1 deck``, ``2 decks``, never ``1 deck(s)``.

Kept apart from ``cardgen.text`` (which loads Babel for the game texts) so the
command line can say "nothing changed" without importing it.
"""
from __future__ import annotations

#: Plurals that are not the word plus "s".
IRREGULAR = {"copy": "copies", "die": "dice"}


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: ``counted(1, "player")`` is ``1 player``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {plural or IRREGULAR.get(word, word + 's')}"
