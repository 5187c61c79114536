"""The shipped house rule examples (variants/*/house/): their rules from their text, and the loop
a designer runs on them: check, compare shows what the rule changes, the rulebook prints it,
logs replay, and an edited rule file makes replay refuse the log.
"""
from __future__ import annotations

import io
import random
import shutil
from pathlib import Path

import pytest

from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.replay import replay_file
from cardgen.simulate.validate import ValidateOptions, run_validation

ROOT = Path(__file__).resolve().parent.parent
KING_LUI = "king_lui-gentle-overeating"
DRACO = "draco-charity-toast"


def _game(deck_id: str, players: int, root: Path = ROOT):
    deck = resolve(deck_id, root)
    return install(deck.spec.new_game(deck, players), deck)


def test_the_king_lui_rule_file_is_short() -> None:
    assert len((ROOT / "variants/king_lui/house/gentle_overeating.py").read_text().splitlines()) <= 30


def test_gentle_overeating_discards_only_the_excess() -> None:
    # the king ate 3 portions of dish 0; seat 0 holds 5 of them, seat 1 holds 2, seat 2 none.
    # Published rule: seat 0 overate, its 5 cards are discarded and score nothing.
    # House rule: seat 0 discards the 2 beyond the king's 3 and scores 3 x 3 = 9.
    for deck_id, expected in (("king_lui", ([0, 6, 0], [5, 0, 0])), (KING_LUI, ([9, 6, 0], [2, 0, 0]))):
        state = _game(deck_id, 3).new_initial_state(1)
        dishes = len(state.king)
        state.king = [[0, 0, 0]] + [[] for _ in range(dishes - 1)]
        state.hands = [[[0] * n] + [[] for _ in range(dishes - 1)] for n in (5, 2, 0)]
        assert state.scores() == expected, deck_id


def test_charity_toast_gives_the_poorest_one_coin_first() -> None:
    """Same seed and actions in both games: the toast differs by the toaster's coin to the poorest."""
    base, house = _game("draco", 4).new_initial_state(7), _game(DRACO, 4).new_initial_state(7)
    rng = random.Random(3)
    checked = 0
    while not base.is_terminal() and checked < 3:
        legal = base.legal_actions()
        assert house.legal_actions() == legal and house.money == base.money
        if ("toast",) in legal:
            toaster = base.current_player
            poorest = min((p for p in range(4) if p != toaster), key=lambda p: base.money[p])
            before = list(base.money)
            base.apply(("toast",))
            house.apply(("toast",))
            if before[toaster] >= 1 and not base.gaps:
                expected = [0] * 4
                expected[toaster], expected[poorest] = -1, 1
                assert [h - b for h, b in zip(house.money, base.money)] == expected
                checked += 1
            hooked = type(house)
            house = base.clone()  # in step again: the base position, played on by the house rule
            house.__class__ = hooked
            house._house_ran = []
            continue
        action = legal[rng.randrange(len(legal))]
        base.apply(action)
        house.apply(action)
    assert checked == 3


def _metric(doc: dict, name: str) -> dict:
    return next(m for m in doc["results"][0]["metrics"] if m["metric"] == name)


def test_compare_shows_the_winning_score_rises_with_gentle_overeating() -> None:
    base, variant = resolve("king_lui", ROOT), resolve(KING_LUI, ROOT)
    doc = run_compare(base, variant, CompareOptions(games=400, players=[3], jobs=1, out=None, progress=False,
                                                    engine="reference"))
    winning = _metric(doc, "winning_score")
    assert winning["significant"] and winning["low"] > 0  # fewer points lost to overeating
    assert any(d["kind"] == "house_rule" for d in doc["differences"])


@pytest.mark.parametrize("lang, text", [
    ("fr", "Règle maison</b>\u202f: Si vous avez plus de portions d’un plat que le roi"),
    ("it", "Regola della casa</b>: Se hai più porzioni di un piatto rispetto al re"),
    ("en", "House rule</b>: If you hold more portions of a dish than the king"),
])
def test_the_rulebook_prints_the_rule_in_each_language(lang: str, text: str) -> None:
    markup = render_markup(resolve(KING_LUI, ROOT), lang)
    section = markup[markup.index("<h1>"):]  # the "what differs" section opens the book
    assert text in section


def test_logs_replay_and_an_edited_rule_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "decks").mkdir(parents=True)
    shutil.copy(ROOT / "decks/king_lui.yaml", root / "decks")
    shutil.copytree(ROOT / "variants/king_lui", root / "variants/king_lui")
    log = tmp_path / "games.jsonl"
    opts = ValidateOptions(games=6, players=[3], jobs=1, out=None, progress=False, log_file=log,
                           agents=["random"], engine="reference")
    run_validation([resolve(KING_LUI, root)], opts)
    assert '"code_hash":' in log.read_text()
    out = io.StringIO()
    assert replay_file(log, out=out) == 0, out.getvalue()
    rule = root / "variants/king_lui/house/gentle_overeating.py"
    rule.write_text(rule.read_text() + "\n# edited\n")
    out = io.StringIO()
    assert replay_file(log, out=out) == 1
    lines = out.getvalue().splitlines()
    assert len(lines) == 7 and lines[-1] == "6 game(s) replayed, 0 identical, 6 differ"
    assert "the house rule file variants/king_lui/house/gentle_overeating.py changed since the log was written" \
        in lines[0]
