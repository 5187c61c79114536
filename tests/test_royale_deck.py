"""The Royale deck and variants: counts, reconstructions, static checks, bad input, card texts."""
from __future__ import annotations

from collections.abc import Callable

import json
import re
from pathlib import Path

import pytest

from cardgen.check.static import run_checks
from cardgen.cli import main
from cardgen.errors import InputError
from cardgen.games.royale.checks import role
from cardgen.model.schema import LANGS
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("royale-masked", "royale-solo", "royale-short")


@pytest.fixture(scope="module")
def deck():
    return resolve("royale", ROOT)


@pytest.fixture
def project(project_with: Callable[[str], Path]) -> Path:
    """A throwaway project with the royale deck, for broken variants."""
    return project_with("royale")


def count(deck, kind: str) -> int:
    return sum(c.count for c in deck.model.components if role(c) == kind)


def test_counts(deck):
    assert count(deck, "dish") == 72
    assert count(deck, "noble") == 24 and count(deck, "imposter") == 4
    assert count(deck, "solo") == 9 and count(deck, "end") == 1
    nobles = [c for c in deck.model.components if role(c) == "noble"]
    assert all(c.sides == 2 for c in nobles)
    dishes = [c for c in deck.model.components if role(c) == "dish"]
    pairs = {(c.data.dish, c.faces[0].value) for c in dishes}
    assert len(pairs) == 72 and {v for _, v in pairs} == set(range(1, 13))
    assert {c.data.dish for c in dishes if c.data.wild} == {"abundance"}
    for icon in "ABCD":
        assert sum(1 for c in nobles if c.data.owner == icon) == 6


def test_each_side_totals_twelve_points(deck):
    for icon in "ABCD":
        for side in (0, 1):
            pts = [c.faces[side].points for c in deck.model.components
                   if role(c) == "noble" and c.data.owner == icon]
            assert sum(pts) == 12 and min(pts) == 1  # five nobles reach 11 only by missing a 1


def test_imposters_differ_and_reconstructions_are_marked(deck):
    imps = [c for c in deck.model.components if role(c) == "imposter"]
    shapes = {frozenset(map(tuple, c.faces[0].pattern.cells)) for c in imps}
    assert len(shapes) == 4
    assert all(c.reconstruction for c in deck.model.components if role(c) in ("noble", "imposter", "solo"))
    assert len(deck.model.reconstruction) >= 4
    cells = [tuple(x) for c in deck.model.components if role(c) == "solo" for x in c.faces[0].pattern.cells]
    assert all(cells.count(cell) == 3 for cell in set(cells)) and len(set(cells)) == 9


def test_inspect_json(capsys):
    assert main(["--project", str(ROOT), "inspect", "royale", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == {"card": 110}
    assert data["rules"]["end_card_draws"] == 2 and data["rules"]["noble_side"] == "unmasked"
    assert sum(1 for c in data["components"] if c["sides"] == 2) == 24
    assert "order_conflict" in data["clarifications"]


@pytest.mark.parametrize("ref", ("royale",) + VARIANTS)
def test_static_checks_pass(ref):
    results = run_checks(resolve(ref, ROOT))
    assert results and all(r.passed for r in results), [r for r in results if not r.passed]


def test_variants_change_what_they_say():
    masked, solo, short = (resolve(v, ROOT) for v in VARIANTS)
    assert masked.rules.noble_side == "masked"
    assert (solo.model.players.min, solo.model.players.max) == (1, 1)
    assert short.rules.end_card_draws == 1
    assert {d["field"] for d in short.differences} >= {"end_card_draws"}


def write(project: Path, name: str, text: str) -> None:
    (project / "variants" / f"{name}.yaml").write_text(text, encoding="utf-8")


VARIANT_HEAD = "extends: royale\nname: {fr: x, it: x, en: x}\ndescription: {fr: x, it: x, en: x}\n"


def test_bigger_grid_fails_the_line_and_pattern_checks(project):
    write(project, "big", VARIANT_HEAD + "rules: {grid_rows: 4, grid_cols: 4}\n")
    results = {(r.name, r.players): r for r in run_checks(resolve("big", project))}
    assert not results[("every row and column of the buffet is a valid take", 2)].passed
    assert not results[("imposter patterns fit the grid", 2)].passed


def test_unreachable_noble_fails_its_check(project):
    path = project / "decks" / "royale.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("gt: 38", "gt: 46"), encoding="utf-8")
    results = run_checks(resolve("royale", project))
    bad = [r for r in results if r.name.startswith("every noble’s request") and not r.passed]
    assert bad and "noble-a5 (unmasked)" in bad[0].detail


def test_short_solo_pile_fails(project):
    write(project, "long", VARIANT_HEAD + "players: {min: 1, max: 1}\nrules: {solo_turns: 12}\n")
    failed = {r.name for r in run_checks(resolve("long", project)) if not r.passed}
    assert failed == {"a solo card for every ghost turn", "enough dish cards to refill the buffet in a solo game"}


@pytest.mark.parametrize("text,message", [
    ("rules: {end_packet_setup: 4}\n", "beyond the 3 packets"),
    ("rules: {noble_side: hidden}\n", "expected one of"),
    ("change:\n  noble-a3:\n    faces:\n      - {layout: rule, points: 1, data: {side: unmasked, services: "
     "[{cards: 2, colour: soup}]}}\n      - {layout: rule, points: 1, data: {side: masked, services: "
     "[{cards: 2}]}}\n", "unknown dish type 'soup'"),
    ("change:\n  noble-a3:\n    faces:\n      - {layout: rule, points: 1, data: {side: unmasked, services: "
     "[{colour: fruit}]}}\n      - {layout: rule, points: 1, data: {side: masked, services: [{cards: 2}]}}\n",
     "needs 'sum: {eq"),
    ("clarifications: {pile_empty: {resolution: panic, text: {fr: x, it: x, en: x}}}\n", "unknown resolution"),
])
def test_bad_input_is_one_line(project, text, message):
    write(project, "bad", VARIANT_HEAD + text)
    with pytest.raises(InputError) as err:
        resolve("bad", project)
    assert message in str(err.value) and "\n" not in str(err.value)


FR_PUNCT = re.compile(r"(?<!\u202f)[;:!?]")


def texts(deck):
    for c in deck.model.components:
        for f in c.faces:
            for lang in LANGS:
                t = deck.spec.face_text(deck, c, f, lang)
                if t is not None:
                    yield c, f, lang, t


def test_every_non_dish_face_has_text_in_every_language(deck):
    seen = {(c.id, f.data.side if f.data else 0, lang) for c, f, lang, _ in texts(deck)}
    non_dish = [c for c in deck.model.components if role(c) != "dish"]
    assert len(seen) == sum(len(c.faces) for c in non_dish) * len(LANGS)
    for c, _, lang, t in texts(deck):
        assert (t[0].isupper() or t[0].isdigit()) and t.endswith("."), t
        if lang == "fr":
            assert not FR_PUNCT.search(t), t


def test_requirement_texts_follow_the_data(deck):
    a1 = deck.component("noble-a1")
    fr, it, en = (deck.spec.face_text(deck, a1, a1.faces[0], lang) for lang in LANGS)
    assert "Plat de résistance" in fr and "Portata principale" in it and "Main course" in en
    b1 = deck.component("noble-b1")
    assert "Dessert" in deck.spec.face_text(deck, b1, b1.faces[0], "en")
    a3 = deck.component("noble-a3")
    assert "15" in deck.spec.face_text(deck, a3, a3.faces[0], "it")
    assert "décroissant" in deck.spec.face_text(deck, a3, a3.faces[1], "fr")


def test_french_requirements_read_as_sentences(deck):
    """A French editor's read: no stacked 'dont' ('dont chacun est une paire dont au moins')."""
    a1, a2 = deck.component("noble-a1"), deck.component("noble-a2")
    square = deck.spec.face_text(deck, a1, a1.faces[0], "fr")
    pairs = deck.spec.face_text(deck, a2, a2.faces[0], "fr")
    assert square.startswith("Un carré avec au moins 1 carte ")
    # the published Countess: "2 paires", not "deux services, chacun formé d’une paire" (round 26, fr22)
    assert pairs.startswith("Deux paires, chacune avec au moins 1 carte ")
    assert " dont au moins " not in square + pairs


@pytest.mark.parametrize("name", ("royale", "royale-masked"))
def test_a_noble_s_request_never_opens_a_sentence_with_a_numeral(name):
    """Read 11, en6: "2 servings, each a pair…": a request of several servings opens with their number in words
    (“Two servings”, “Deux services”, “Due servizi”), counted from the face's data; no sentence of it opens with
    a digit."""
    d = resolve(name, ROOT)
    words = {"en": ["Two", "Three", "Four"], "fr": ["Deux", "Trois", "Quatre"], "it": ["Due", "Tre", "Quattro"]}
    several = 0
    for c, f, lang, t in texts(d):
        if role(c) != "noble":  # the End of the Banquet card's "1st draw:" labels are labels, not sentences
            continue
        assert not re.search(r"(?:^|[.!?]\s)\d", t), t
        if len(f.data.services) > 1:
            several += 1
            assert t.split()[0].rstrip(",") == words[lang][len(f.data.services) - 2], t
    assert several >= 3 * len(LANGS), "the deck has no request of several servings left to read"


def test_card_texts_take_numbers_from_the_rules(project):
    write(project, "odd", VARIANT_HEAD + "rules: {imposter_uses: 2, imposter_rotations: [0, 180], "
          "end_card_draws: 3}\n")
    d = resolve("odd", project)
    imp, end = d.component("imposter-a"), d.component("end-banquet")
    assert d.spec.face_text(d, imp, imp.faces[0], "en").startswith("Twice per game")
    assert "180°" in d.spec.face_text(d, imp, imp.faces[0], "fr")
    assert "90°" not in d.spec.face_text(d, imp, imp.faces[0], "it")
    end_fr = d.spec.face_text(d, end, end.faces[0], "fr")
    assert "Sorties 1 à 2" in end_fr and "3e sortie" in end_fr
