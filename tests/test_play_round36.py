"""The playtest page's thirty-sixth round of fixes (docs/reads/play-round-36-fixes.md). One test per fault or group of
faults, on our own words and behaviour."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
CSS = (ROOT / "cardgen/play/static/app.css").read_text(encoding="utf-8")
VIEW = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))
ROYALE = json.loads((ROOT / "cardgen/games/royale/text.json").read_text(encoding="utf-8"))
ROYALE_PAGE = json.loads((ROOT / "cardgen/games/royale/playview.json").read_text(encoding="utf-8"))["words"]
DRACO = json.loads((ROOT / "cardgen/games/draco/text.json").read_text(encoding="utf-8"))
DRACO_PAGE = json.loads((ROOT / "cardgen/games/draco/playview.json").read_text(encoding="utf-8"))["words"]
LANGS = ("en", "fr", "it")
#: the End of the Banquet card by its name, as the page prints it
END_CARD = {"en": "End of the Banquet", "fr": "Fin du banquet", "it": "Fine del banchetto"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_the_banquet_draw_is_told_once_on_the_end_screen(lang: str) -> None:
    """Playtest round 36 it1*, en3, fr12: one draw told three times on one screen: the buffet's fact « … pescata 2
    volte su 2: il banchetto è finito », the journal's last line « Fine della partita: … pescata per l’ultima volta. »
    and the result's « La carta Fine del banchetto è stata pescata durante il rifornimento … ». Now the fact is the
    count alone, the journal's last line names the end once, and the result says only what the reader sees nowhere
    else: why some cells are empty (the game stopped before the refill was complete), without naming the card."""
    from cardgen.play.view import table_view
    from tests.test_play_round32 import _played_out

    session = _played_out("royale", lang)
    assert session.state.end_reason == "banquet_over"
    view = table_view(session, 0)
    facts = dict(view["areas"][0]["facts"])
    count = next(v for k, v in facts.items() if END_CARD[lang] in k)
    assert re.fullmatch(r"\D*2\D+2\D*", count) and ":" not in count, count  # "2 of 2 times", « piochée 2 fois sur 2 », «pescata 2 volte su 2»
    note = view["result"]["end_note"]
    assert END_CARD[lang] not in note and "2" not in note, note
    assert {"en": "empty", "fr": "vides", "it": "vuote"}[lang] in note
    assert {"en": "refill", "fr": "complétée", "it": "rifornimento"}[lang] in note
    assert END_CARD[lang] in view["result"]["end_line"]  # the journal's last line: the end, once
    for words in (facts, note):
        for over in ("banquet is over", "banquet est terminé", "banchetto è finito"):
            assert over not in str(words)


@pytest.mark.parametrize("lang", LANGS)
def test_a_cleared_nobles_cards_go_to_the_discard_pile_in_one_grammar(lang: str) -> None:
    """Playtest round 36 en1* (p35 en10 in half): a rule clear of two cards read "(Drink 5 and Pastry 3 to the discard
    pile)", verbless, beside the choice's "(Main course 7 goes to the discard pile)" and "(Drink 10 and Fruit 1 go
    …)". Every bracket now has its verb, singular for one card, plural for more; the French and Italian clear of
    another noble says one card in the singular (« son plat (Pâtisserie 3) est débarrassé », «il suo piatto … va»)."""
    from tests.test_play_round32 import _played_out

    journal = ROYALE["journal"][lang]
    one, many = journal["impossible_one"], journal["impossible"]
    assert "{cards}" in one and "{noble}" in one and one != many
    assert {"en": "goes to the discard pile", "fr": "son plat ({cards}) est débarrassé et va",
            "it": "il suo piatto ({cards}) va"}[lang] in one
    # another noble cleared by the move (the journal's ``_nobles_changed``): one card in the one-card words
    from cardgen.games.royale.text import _nobles_changed

    session = _played_out("royale", lang, seed=3)
    a, b = [c for c in session.state.observation(0)["buffet"] if c][:2]
    before = {"seat": 0, "players": [[0, 1, [False] * 3, [[a], [a, b], []]]]}
    after = {"seat": 0, "players": [[0, 1, [False] * 3, [[], [], []]]]}
    cleared, _ = _nobles_changed(session.deck, ("stop",), lang, before, after)
    assert cleared[0].endswith(one.split("{cards}")[1]) and cleared[1].endswith(many.split("{cards}")[1]), cleared
    if lang != "en":
        return
    assert "({cards} go to the discard pile)" in many and "({cards} go to the discard pile)" in journal["impossible_served"]
    brackets = [m for seed in (3, 7) for e in _played_out("royale", lang, seed=seed).journal
                for line in e.text.split("\n") for m in re.findall(r"\(([^()]*discard pile)\)", line)]
    assert len(brackets) > 20
    for bracket in brackets:
        several = " and " in bracket
        assert bracket.endswith(" go to the discard pile" if several else " goes to the discard pile"), bracket
