"""The registry of report runs, read side: what the run folders (``runs``) and the gallery
(``gallery``) both read. Kept apart so that writing a run (which refreshes the gallery)
and drawing the gallery (which links the latest runs) import it rather than each other.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardgen.model.deck import ResolvedDeck

#: the registry's file name inside ``out/validation/``
RUNS = "runs.json"


def deck_info(deck: ResolvedDeck, lang: str = "en") -> dict[str, Any]:
    """The words a report page needs about a deck: name, description, base, differences.

    In ``lang`` when the deck is written in it, else English, else its first language (a print-only
    deck may have no English texts at all).
    """
    text = deck.text(next(x for x in (lang, "en", deck.languages[0]) if x in deck.languages))
    # a variant's story line (``flavour``): the line compare prints above what it changes, and the gallery's too
    return {"id": deck.id, "name": text["name"], "description": text["description"], "kind": deck.kind,
            "game": deck.game, "base": deck.chain[0] if deck.kind == "variant" else None,
            "differences": list(deck.differences), "flavour": text.get("flavour") or ""}


def load_runs(root: Path) -> list[dict[str, Any]]:
    """The registry of runs (newest first), keeping only runs whose folder still exists."""
    try:
        runs = json.loads((root / RUNS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(runs, list):
        return []
    return [r for r in runs if isinstance(r, dict) and (root / str(r.get("id", "")) / "index.html").is_file()]


def latest_compare(runs: list[dict[str, Any]], base: str | None, variant: str) -> str | None:
    """The newest comparison of ``variant`` with ``base`` in the registry."""
    return next((r["id"] for r in runs if r["kind"] == "compare" and r["decks"] == [base, variant]), None)


def latest_validation(runs: list[dict[str, Any]], deck: str) -> str | None:
    """The newest validation run that played ``deck``."""
    return next((r["id"] for r in runs if r["kind"] == "validate" and deck in r["decks"]), None)
