"""Book round 29 (docs/reads/round-29-en.md, docs/reads/round-29-fixes.md): the English reader's faults, fixed in
the three languages."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "it", "en")


def _yaml(rel: str) -> dict:
    return yaml.safe_load((ROOT / rel).read_text(encoding="utf-8"))


def test_the_long_game_does_not_end_when_its_third_pile_runs_out() -> None:
    """en1* (draco-long p.1): "When the third draw pile runs out, the game ends as usual" was not true: the pile is
    then gone for good and play goes on without drawing until the final toast (the base book's "End of the game";
    the engine's last call, ``rules.draw``, ends nothing by itself). Said in the three languages."""
    said = _yaml("variants/draco/draco-long.yaml")["description"]
    assert "the game ends as usual" not in said["en"]
    assert "la fin de partie se déroule" not in said["fr"] and "la partita si chiude" not in said["it"]
    for lang, words in {"en": ("it is gone for good", "play goes on without drawing until the final toast"),
                        "fr": ("elle l’est pour de bon", "on continue à jouer sans piocher jusqu’à l’ultime toast"),
                        "it": ("è finito per sempre", "si continua a giocare senza pescare fino all’ultimo brindisi")
                        }.items():
        assert all(w in said[lang] for w in words), lang

