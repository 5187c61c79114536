"""Draco & Co static checks: the box passes at 3-6 players, and each check can fail."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.check.static import run_checks
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("deck_id", ["draco", "draco-short", "draco-long", "draco-no-zork"])
def test_shipped_decks_pass_every_check(deck_id):
    results = run_checks(resolve(deck_id, ROOT))
    assert {r.players for r in results if r.players} == {3, 4, 5, 6}
    assert [r for r in results if not r.passed] == []


def _failing(tmp_path: Path, body: str) -> dict[str, set[int]]:
    (tmp_path / "decks").mkdir(exist_ok=True)
    (tmp_path / "variants").mkdir(exist_ok=True)
    shutil.copy(ROOT / "decks" / "draco.yaml", tmp_path / "decks" / "draco.yaml")
    (tmp_path / "variants" / "v.yaml").write_text(
        "extends: draco\nname: {fr: x, it: x, en: x}\ndescription: {fr: x, it: x, en: x}\n" + body,
        encoding="utf-8")
    out: dict[str, set[int]] = {}
    for r in run_checks(resolve("v", tmp_path)):
        if not r.passed:
            out.setdefault(r.name, set()).add(r.players)
    return out


def test_big_hands_do_not_fit_at_high_player_counts(tmp_path):
    # 74 cards: 6 x 12 = 72 leaves 2 to draw, 6 x 13 = 78 does not fit
    assert _failing(tmp_path, "rules: {hand_size: 13}\n") == {"enough action cards for the starting hands": {6}}


def test_starting_gold_must_fit_in_the_box(tmp_path):
    failing = _failing(tmp_path, "rules: {starting_gold: 5}\n")
    assert failing["enough gold for the starting money"] == {6}  # 30 > 25, 25 <= 25 at five players


def test_lairs_must_cover_the_players(tmp_path):
    failing = _failing(tmp_path, "remove: [lair-black, ruffian-black]\n")
    assert failing == {"a lair for every player": {6}}


def test_a_toast_must_not_pay_and_charge_the_same_seat(tmp_path):
    failing = _failing(tmp_path, "rules: {toast_payouts: [4, 3, 2, 1, 1, 1, 1], toast_costs: [2, 1, 1]}\n")
    assert failing == {"the ring has room for a toast": {3}}  # 10 > 9 seats at three players


def test_toast_payouts_must_be_payable(tmp_path):
    failing = _failing(tmp_path, "change: {silver-coin: {count: 3}}\n")
    assert failing == {"a toast can be paid from the bank": {3, 4, 5, 6}}  # 4 silver of change needed


def test_die_faces_must_name_seats(tmp_path):
    faces = ", ".join(f"{{layout: die, value: {v}}}" for v in (1, 2, 3, 4, 5, 14))
    failing = _failing(tmp_path, f"change: {{die: {{faces: [{faces}]}}}}\n")
    assert failing == {"the die works for every card that asks for a roll": {3, 4, 5}}  # 14: only the 15 seats of six


def test_a_face_beyond_the_seats_matters_only_to_the_roll_that_names_a_seat(tmp_path):
    """Favour moves a character by the face (stopped at the last seat) and Game of Dice compares two faces: a face
    of 14 at three players (9 seats) fails only while Shower of Coins, whose face names a seat, is in the deck
    (read 9 en33: the die line claimed every face names a seat)."""
    faces = ", ".join(f"{{layout: die, value: {v}}}" for v in (1, 2, 3, 4, 5, 14))
    assert _failing(tmp_path, f"remove: [shower-of-coins]\nchange: {{die: {{faces: [{faces}]}}}}\n") == {}
