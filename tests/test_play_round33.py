"""The playtest page's thirty-third reading (docs/reads/play-round-33-{en,fr,it}.md; what was fixed and left:
docs/reads/play-round-33-fixes.md). One test per fault or group of faults, on our own words and behaviour."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_of_one_simulated_game_speaks_of_that_one_game_throughout(lang: str) -> None:
    """Playtest round 33 en7*, fr8*, it6*, it15*: the one-game note (round 32 fr15*) changed only its first sentence;
    the scoring sentence still weighed "how many of those games you would win" / « la proportion de ces parties
    gagnées » / «la quota di queste partite vinte», a share of games after "one simulated game". The whole note now
    speaks of that one game: won or not after the move."""
    note = UI[lang]["hint_note_one"]
    said = {"en": "whether you would win that game after playing it ({rest}%)",
            "fr": "le résultat de cette partie après ce coup, gagnée ou non",
            "it": "vincere o no quella partita con quella mossa pesa per il {rest}%"}[lang]
    assert said in note, note
    for plural in nonempty(["those games", "ces parties", "queste partite", "proportion", "quota di"]):
        assert plural not in note, (plural, note)
    assert "{rest}" in note and "{weight}" in note and "{share}" in note and "{games}" not in note
