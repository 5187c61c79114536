"""Draco & Co generated card texts: every effect in fr/it/en, numbers from the data, typography."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardgen.games.draco.model import CoinDrop, Move, RollAndMove, Split
from cardgen.games.draco.text import effect_text
from cardgen.model.schema import LANGS
from cardgen.resolve.resolve import resolve
from nonempty import nonempty

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def deck():
    return resolve("draco", ROOT)


def _texts(deck, lang):
    out = {}
    for c in deck.model.components:
        for i, f in enumerate(c.faces):
            t = deck.spec.face_text(deck, c, f, lang)
            if t is not None:
                out[(c.id, i)] = t
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_draco_face_and_special_has_a_text(deck, lang):
    texts = _texts(deck, lang)
    for c in deck.model.components:
        if c.data.role in ("action", "special", "draco"):
            for i in range(len(c.faces)):
                assert texts.get((c.id, i)), (c.id, i, lang)
    # each action kind reads differently from the others
    actions = [texts[(c.id, 0)] for c in deck.model.components if c.data.role == "action"]
    assert len(set(actions)) == len(actions)


def test_languages_differ(deck):
    fr, it, en = (_texts(deck, lang) for lang in LANGS)
    for key in nonempty(en):
        assert len({fr[key], it[key], en[key]}) == 3, key


def test_french_typography(deck):
    for key, text in nonempty(_texts(deck, "fr").items()):
        assert not re.search(r"[ \u00a0][;:!?]", text), (key, text)  # only U+202F before ; : ! ?
        assert not re.search(r"\w[;:!?]", text), (key, text)
        assert "'" not in text, (key, text)  # typographic apostrophe
    for lang in ("it", "en"):
        for key, text in _texts(deck, lang).items():
            assert "\u202f" not in text and "'" not in text, (lang, key, text)


def test_numbers_come_from_the_data():
    assert "7 places" in effect_text("move", Move(which="own", steps=7, direction="forward"), "fr", "Draco", 3)
    assert "1 posto" in effect_text("move", Move(which="any", steps=1, direction="back"), "it", "Draco", 3)
    text = effect_text("split", Split(forward=5, back=1), "en", "Draco", 3)
    assert "forward 5 seats" in text and "back 1 seat (never past the first or last seat)." in text  # as every move
    assert "Roll the die 4 times." in effect_text("coin_drop", CoinDrop(coins=4, silver=2), "en", "Draco", 3)
    assert "Roll the die three times." in effect_text("coin_drop", CoinDrop(coins=3, silver=2), "en", "Draco", 3)  # small counts in words
    assert "2 pièces d’argent" in effect_text("coin_drop", CoinDrop(coins=3, silver=2), "fr", "Draco", 3)
    roll = effect_text("roll_and_move", RollAndMove(which="any", direction="back"), "en", "Draco", 3)
    assert roll.startswith("Roll the die, then move any character but Draco back")


def test_rule_numbers_reach_draco_and_specials(tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "variants").mkdir()
    shutil.copy(ROOT / "decks" / "draco.yaml", tmp_path / "decks" / "draco.yaml")
    (tmp_path / "variants" / "rich.yaml").write_text(
        "extends: draco\nname: {fr: x, it: x, en: x}\ndescription: {fr: x, it: x, en: x}\n"
        "rules: {toast_payouts: [6, 2], toast_costs: [3], zork_multiplier: 3, sarah_draw: 2}\n"
        "remove: [brother-john]\n", encoding="utf-8")
    deck = resolve("rich", tmp_path)
    en = _texts(deck, "en")
    assert "first 2 seats receive 6 and 2 silver coins" in en[("draco", 0)]
    assert "the last seat pays 3 silver coins" in en[("draco", 1)]
    assert "three times" in en[("zork", 0)]
    assert "ruffian sitting beside her may draw 2 action cards" in en[("aunt-sarah", 0)]
    # the card names the two special characters left (the book counts Draco as one: "the 2 special characters"
    # was ambiguous, readers of round 58)
    assert en[("seating-plan", 0)] == "You may swap Zork and Aunt Sarah."
    assert "il triplo" in _texts(deck, "it")[("zork", 0)]


def test_draco_faces_name_the_first_seat_side(deck):
    en = _texts(deck, "en")
    assert "first seat is on his right" in en[("draco", 0)]
    assert "first seat is on his left" in en[("draco", 1)]
    fr = _texts(deck, "fr")
    assert "main droite\u202f:" in fr[("draco", 0)] and "main gauche\u202f:" in fr[("draco", 1)]


def test_deck_strings_follow_typography(deck):
    m = deck.model
    fr = [m.name.fr, m.description.fr] + [c.text.fr for c in m.clarifications.values()]
    fr += [c.name.fr for c in m.components] + [f.title.fr for c in m.components for f in c.faces if f.title]
    for text in nonempty(fr):
        assert not re.search(r"(\w| )[;:!?]", text) and "'" not in text, text
    for variant in ("draco-short", "draco-long", "draco-no-zork"):
        v = resolve(variant, ROOT).model
        assert not re.search(r"(\w| )[;:!?]", v.description.fr + v.name.fr), variant


@pytest.mark.parametrize("lang", LANGS)
def test_seating_plan_with_two_special_characters_is_a_swap(lang: str) -> None:
    """Without Zork two special characters remain: "rearrange as you like" would be only a swap, said so."""
    two, three = (effect_text("arrange_specials", True, lang, "Draco", n) for n in (2, 3))
    assert two != three and "2" in two and "3" in three
    assert ("swap" if lang == "en" else "échangez" if lang == "fr" else "scambia") in two.lower()


def test_the_seats_a_button_promises_are_the_seats_the_engine_gives(deck):
    """A move button says where the characters sit after the card (``seated_after``); it must be where the engine
    seats them, for every card that moves characters by rule alone, in random games of 3 and 5 players."""
    import random

    from cardgen.games.draco.engine import DracoGame
    from cardgen.games.draco.text import seated_after

    checked = set()
    for players in (3, 5):
        game = DracoGame(deck, players)
        for seed in range(3):
            st, rng = game.new_initial_state(seed), random.Random(seed)
            while st.current_player >= 0:
                obs = st.observation(st.current_player)
                acts = st.legal_actions()
                for a in acts:
                    if a[0] == "play" and len(a) > 2:
                        after = seated_after(deck, a, list(obs["circle"]), obs["info"]["owner"])
                        if after is not None:
                            trial = st.clone()
                            trial.apply(a)
                            assert list(trial.observation(st.current_player)["circle"]) == after, (a, obs["circle"])
                            checked.add(text_key(deck, a[1]))
                st.apply(rng.choice(acts))
    assert checked >= {"move", "split", "both_beside_draco", "swap", "arrange_specials"}, checked


def text_key(deck, card):
    from cardgen.games.draco.text import _effect_of

    return _effect_of(deck, card)[0]
