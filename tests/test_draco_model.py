"""Draco & Co deck: component counts, data model and reference checks, variants."""
from __future__ import annotations

from collections.abc import Callable

from pathlib import Path

import pytest

from cardgen.errors import InputError
from cardgen.model.deck import totals
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def deck():
    return resolve("draco", ROOT)


def _count(deck, role: str, **match) -> int:
    return sum(c.count for c in deck.model.components
               if c.data is not None and c.data.role == role
               and all(getattr(c.data, k) == v for k, v in match.items()))


def test_box_contents_match_the_published_counts(deck):
    assert _count(deck, "lair") == 6
    assert _count(deck, "character") == 12
    assert _count(deck, "special") + _count(deck, "draco") == 4
    assert _count(deck, "action") == 74
    assert _count(deck, "die") == 1
    assert _count(deck, "cup") == 1
    assert _count(deck, "coin", silver=1) == 20
    assert _count(deck, "coin", silver=deck.rules.silver_per_gold) == 25
    assert totals(deck) == {"card": 6 + 12 + 4 + 74, "die": 1, "token": 1 + 20 + 25}


def test_every_colour_has_a_lair_and_two_characters(deck):
    colours = [c.data.colour for c in deck.model.components if c.data.role == "lair"]
    assert sorted(colours) == sorted(["red", "yellow", "green", "blue", "purple", "black"])
    for colour in colours:
        assert _count(deck, "character", colour=colour) == 2


def test_draco_is_two_sided_with_the_cup_in_each_hand(deck):
    draco = [c for c in deck.model.components if c.data.role == "draco"]
    assert len(draco) == 1 and draco[0].sides == 2
    assert [f.data.cup_hand for f in draco[0].faces] == ["right", "left"]
    assert deck.rules.draco_start == "right"


def test_specials_and_actions_are_marked_as_reconstructions(deck):
    specials = {c.data.special for c in deck.model.components if c.data.role == "special"}
    assert specials == {"zork", "jean", "sarah"}
    actions = [c for c in deck.model.components if c.data.role == "action"]
    assert 10 <= len(actions) <= 15
    assert all(c.reconstruction for c in actions)
    assert all(f.layout == "rule" and f.data.effect is not None for c in actions for f in c.faces)
    text = " ".join(deck.model.reconstruction)
    assert "coin-drop" in text and "three-card monte" in text


def test_layouts_follow_the_contract(deck):
    by_role = {}
    for c in deck.model.components:
        by_role.setdefault(c.data.role, set()).update(f.layout for f in c.faces)
    assert by_role["lair"] == by_role["character"] == by_role["special"] == by_role["draco"] == {"feature"}
    assert by_role["action"] == {"rule"}
    assert by_role["coin"] == by_role["cup"] == {"token"}
    assert by_role["die"] == {"die"}
    assert {b.layout for b in deck.model.backs.values()} == {"back"}


def test_json_view_lists_rules_and_clarifications(deck):
    data = deck.to_json()
    assert data["rules"]["toast_payouts"] == [4, 3, 2, 1]
    assert data["rules"]["toast_costs"] == [2, 1]
    assert data["clarifications"]["final_toast"] == "must_toast"
    assert set(data["clarifications"]) <= set(deck.spec.gaps)


@pytest.mark.parametrize("vid, field, value", [
    ("draco-short", "cards_set_aside", 24),
    ("draco-long", "pile_rebuilds", 2),
])
def test_official_variants_change_one_rule(vid, field, value):
    v = resolve(vid, ROOT)
    assert getattr(v.rules, field) == value
    assert [d["field"] for d in v.differences] == [field]


def test_house_rule_without_zork_removes_him():
    v = resolve("draco-no-zork", ROOT)
    assert {"kind": "removed", "field": "zork", "old": 1, "new": 0} in v.differences
    assert _count(v, "special") == 2


# -- bad input is one InputError ------------------------------------------------------------
@pytest.fixture
def project(project_with: Callable[[str], Path]) -> Path:
    """A throwaway project with the draco deck, for broken variants."""
    return project_with("draco")


def _variant(project: Path, body: str) -> None:
    (project / "variants" / "bad.yaml").write_text(
        "extends: draco\nname: {fr: x, it: x, en: x}\ndescription: {fr: x, it: x, en: x}\n" + body,
        encoding="utf-8")


@pytest.mark.parametrize("body, message", [
    ("rules: {silver_per_gold: 4}\n", "worth 1 silver or one gold"),
    ("change: {favour: {faces: [{layout: rule, data: {flip_draco: {}, steal: {silver: 1}}}]}}\n", "one effect"),
    ("change: {favour: {faces: [{layout: rule, data: {jump: {}}}]}}\n", "jump"),
    ("change: {zork: {data: {role: special, special: jean}}}\n", "already"),
    ("change: {draco: {faces: [{layout: feature, data: {cup_hand: right}}, "
     "{layout: feature, data: {cup_hand: right}}]}}\n", "two-sided"),
    ("rules: {toast_costs: [2, -1]}\n", "negative"),
    ("change: {ruffian-red: {data: {role: character, colour: pink}}}\n", "unknown colour"),
    ("clarifications: {final_toast: {resolution: never}}\n", "must_toast"),
])
def test_bad_decks_are_one_line_errors(project, body, message):
    _variant(project, body)
    with pytest.raises(InputError) as err:
        resolve("bad", project)
    assert message in str(err.value)
    assert "\n" not in str(err.value)
