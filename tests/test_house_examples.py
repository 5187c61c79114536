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
from screen import unwrapped, unwrapped_capture

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
            poorest = min(((toaster + k) % 4 for k in range(1, 4)), key=lambda p: base.money[p])  # ties: turn order
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


@pytest.mark.parametrize("lang, text, rule_wins", [
    ("fr", "Règle maison.</b> Si vous avez plus de portions d’un plat que le roi", "intègre déjà ce changement"),
    ("it", "Regola della casa.</b> Se di un piatto hai più porzioni del re", "tiene già conto di questa modifica"),  # it20
    ("en", "House rule.</b> If you hold more portions of a dish than the king", "already includes this change"),
])
def test_the_rulebook_prints_the_rule_in_each_language(lang: str, text: str, rule_wins: str) -> None:
    markup = render_markup(resolve(KING_LUI, ROOT), lang)
    section = next(part for part in markup.split("<h1>") if text in part)  # "what differs from the base game"
    # one closing sentence for every variant of one change, a house rule's or a number's (English reader, round 59)
    assert section.count(rule_wins) == 1
    assert rule_wins in render_markup(resolve("king_lui-hungry-dragon", ROOT), lang)


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


# -- docs/authoring.md "A house rule in 20 lines", built and run -----------------------------
def _doc_example(tmp_path: Path) -> Path:
    text = (ROOT / "docs/authoring.md").read_text(encoding="utf-8")
    section = text[text.index("## A house rule in 20 lines"):text.index("## Your own rules engine")]
    rule = section.split("```python\n", 1)[1].split("```", 1)[0]
    variant = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    root = tmp_path / "p"
    (root / "decks").mkdir(parents=True)
    (root / "variants").mkdir()
    (root / "house").mkdir()
    shutil.copy(ROOT / "decks/king_lui.yaml", root / "decks")
    (root / "house/take_what_is_served.py").write_text(rule, encoding="utf-8")
    (root / "variants/take-what-is-served.yaml").write_text(variant, encoding="utf-8")
    return root


def test_the_docs_example_checks_and_its_rule_holds_in_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from cardgen.cli import main
    from cardgen.engine.api import RandomAgent

    root = _doc_example(tmp_path)
    assert len((root / "house/take_what_is_served.py").read_text().splitlines()) <= 20
    monkeypatch.chdir(root)
    assert main(["check", "take-what-is-served"]) == 0
    assert main(["validate", "take-what-is-served", "--games", "10", "--players", "4", "--jobs", "1",
                 "--agents", "random", "--out", str(tmp_path / "out")]) == 0
    # written with loops, the rule compiles with the game (tests/test_house_compiled.py builds it): random players
    # play it on the compiled tier (a run this small plays the same games on the reference engine), so no note says
    # it is slow
    assert "take_what_is_served.py" not in unwrapped(capsys.readouterr().err)
    game = _game("take-what-is-served", 4, root)
    rng = random.Random(1)
    seen_take = seen_draw = 0
    for seed in range(20):
        state = game.new_initial_state(seed)
        agent = RandomAgent()
        while not state.is_terminal():
            legal = state.legal_actions()
            if any(a[0] == "take" for a in legal):  # a dish on the table: no drawing
                assert ("draw",) not in legal
                seen_take += 1
            elif state.supply and state.phase == 0:  # the table is empty: drawing is allowed
                assert ("draw",) in legal
                seen_draw += 1
            state.apply(agent.choose({}, legal, rng))
    assert seen_take and seen_draw


def test_tune_plays_the_house_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardgen import house
    from cardgen.cli import main

    house._NOTED.clear()
    house_file = "variants/king_lui/house/gentle_overeating.py"  # the speed note is said once per process
    assert main(["--project", str(ROOT), "tune", KING_LUI, "--param", "emerald_portions=2..3", "--target",
                 "winning_score=60..100", "--trials", "2", "--games", "20", "--players", "3", "--jobs", "1",
                 "--out", str(tmp_path / "tune")]) == 0
    tuned = sorted((tmp_path / "tune").glob(f"{KING_LUI}-tuned-*.yaml"))
    assert tuned and f"extends: {KING_LUI}" in tuned[0].read_text()  # the tuned variant keeps the house rule
    err = unwrapped(capsys.readouterr().err)  # the search agent on it: tests/test_house_search.py (its driver compiles)
    # a scores hook King Lui's compiled tier compiles: "only that engine can run a project's code" is not said
    assert f"is written in Python ({house_file})" not in err and "Note (trial)" not in err
