"""King Lui deck, variants, static checks and the Emerald card text."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from nonempty import nonempty

from cardgen.check.static import run_checks, said_once
from cardgen.errors import InputError
from cardgen.games.king_lui.checks import course_bounds
from cardgen.games.king_lui.text import NNBSP, emerald_text, face_text
from cardgen.model.schema import LANGS
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def deck():
    return resolve("king_lui", ROOT)


def test_the_box_holds_110_cards_seven_dishes_of_15_and_5_emeralds(deck):
    cards = deck.components_of("card")
    assert sum(c.count for c in cards) == 110
    portions = [c for c in cards if c.data.role == "portion"]
    assert len(portions) == 7 and {c.count for c in portions} == {15}
    assert sum(c.count for c in cards if c.data.role == "emerald") == 5


@pytest.mark.parametrize("ref", ["king_lui", "king_lui-six-players", "king_lui-hungry-dragon"])
def test_every_check_passes(ref):
    results = run_checks(resolve(ref, ROOT))
    assert results and all(r.passed for r in results), [r for r in results if not r.passed]


def test_a_check_that_says_the_same_at_every_count_is_printed_once():
    """Read 11 (en43): "7 different dishes" was printed once per player count. A check whose verdict and words do
    not change with the count comes once, with no count, before the per-count lines; one whose figures change
    (the courses) stays with each count."""
    results = said_once(run_checks(resolve("king_lui", ROOT)))
    counted = [r for r in results if r.players is not None]
    dishes = [r for r in results if r.detail == "7 different dishes"]
    assert len(dishes) == 1 and dishes[0].players is None, dishes
    assert results.index(dishes[0]) < results.index(counted[0])
    courses = [r for r in counted if r.name == "the chef can lay the table"]
    assert [r.players for r in courses] == [3, 4, 5], courses
    assert [r.detail for r in courses][0].startswith("110 cards, 6 per course"), courses
    # validate and compare still see each count's verdict: a count is played only if its own checks pass
    assert [r.players for r in run_checks(resolve("king_lui", ROOT)) if r.detail == "7 different dishes"] == [3, 4, 5]


def test_the_engine_line_names_no_python_module():
    """Read 11 (en44): "rules engine available: cardgen.games.king_lui" showed a module path to a designer."""
    engine = next(r for r in run_checks(resolve("king_lui", ROOT)) if r.name == "rules engine available")
    assert engine.detail == "built into cardgen"
    assert dict((lang, detail) for lang, _, detail in engine.said) == {
        "fr": "intégré à cardgen", "it": "integrato in cardgen"}


def test_six_players_deck_lasts_like_the_five_player_game():
    six = resolve("king_lui-six-players", ROOT)
    assert six.model.players.max == 6
    total = sum(c.count for c in six.components_of("card"))
    assert total == 132
    assert course_bounds(total, 12, 18) >= course_bounds(110, 10, 15)


def test_a_six_player_variant_without_extra_cards_fails_the_length_check(tmp_path):
    path = tmp_path / "king_lui-six-bare.yaml"
    path.write_text("extends: king_lui\nname: {fr: a, it: b, en: c}\ndescription: {fr: a, it: b, en: c}\n"
                    "players: {max: 6}\n", encoding="utf-8")
    results = run_checks(resolve(str(path), ROOT))
    failed = [r.name for r in results if not r.passed]
    assert failed == ["as long as king_lui at 5"]


def test_course_bounds():
    assert course_bounds(110, 10, 15) == (7, 11)
    assert course_bounds(10, 10, 15) == (1, 1)
    assert course_bounds(9, 10, 15) == (0, 0)


def test_a_card_without_role_is_an_input_error(tmp_path):
    path = tmp_path / "king_lui-no-role.yaml"
    path.write_text("extends: king_lui\nname: {fr: a, it: b, en: c}\ndescription: {fr: a, it: b, en: c}\n"
                    "add:\n  - id: soup\n    kind: card\n    count: 3\n    name: {fr: Soupe, it: Zuppa, en: Soup}\n"
                    "    back: king_lui_back\n    faces: [{layout: suit}]\n", encoding="utf-8")
    with pytest.raises(InputError, match="soup"):
        resolve(str(path), ROOT)


def test_clarifications_are_printed_in_every_language(deck):
    for kind in ("no_dish_emerald", "draw_from_empty_supply"):
        clar = deck.model.clarifications[kind]
        for lang in LANGS:
            assert len(clar.text[lang]) > 30
        assert not re.search(r" [;:!?]|\S[;:!?]", clar.text.fr), "French needs U+202F before ; : ! ?"


@pytest.mark.parametrize("ref, portions", [("king_lui", 2), ("king_lui-hungry-dragon", 3)])
def test_emerald_text_uses_the_variant_number(ref, portions):
    d = resolve(ref, ROOT)
    emerald = d.component("emerald")
    for lang in LANGS:
        text = face_text(d, emerald, emerald.faces[0], lang)
        assert re.findall(r"\d+", text) == [str(portions)] * 2  # the minimum, the portions taken (round 27, en1: once)
    assert face_text(d, d.component("ham"), d.component("ham").faces[0], "fr") is None


def test_emerald_text_typography_and_agreement():
    fr = emerald_text(2, "fr")
    assert NNBSP + ":" in fr and " :" not in fr and "'" not in fr
    assert "au moins 1 portion" + NNBSP in emerald_text(1, "fr") and "au moins 2 portions" + NNBSP in fr
    assert "almeno 1 porzione:" in emerald_text(1, "it")
    assert "at least 1 portion:" in emerald_text(1, "en")
    texts = {emerald_text(2, lang) for lang in LANGS}
    assert len(texts) == 3
    with pytest.raises(InputError):
        emerald_text(2, "de")


@pytest.mark.parametrize("ref", ["king_lui", "king_lui-six-players", "king_lui-hungry-dragon"])
def test_the_italian_title_is_king_lui_as_published(ref):
    d = resolve(ref, ROOT)
    assert d.model.name.it.startswith("King Lui")
    assert "Re Lui" not in d.model.name.it
    for back in d.model.backs.values():
        assert back.title is None or back.title.it == "King Lui"


def test_our_rulings_are_marked_in_the_data_in_every_language(deck):
    rulings = deck.model.rulings
    assert {"dealt_emerald_not_replaced", "waiting_emeralds_at_the_end"} <= set(rulings)
    # a tie the fewest discarded cards leave standing is a gap the engines meet: our clarification, not a ruling
    assert "shared_win" not in rulings
    assert deck.model.clarifications["tie_after_tiebreak"].resolution == "shared"
    # a drawn Emerald being the whole turn is the published rule ("no replacement"), not a ruling of ours
    assert "drawn_emerald_is_the_turn" not in rulings
    for ruling in rulings.values():
        for lang in LANGS:
            assert len(ruling.text[lang]) > 30
        assert not re.search(r" [;:!?]|\S[;:!?]", ruling.text.fr), "French needs U+202F before ; : ! ?"
        assert set(ruling.rules) <= set(type(deck.rules).model_fields)
    # a published rule is never restated as a ruling, and a gap stays a clarification
    assert not set(rulings) & set(deck.model.clarifications)


#: the card's words for "instead of taking a dish or drawing" (read 9, en2: the card never said using Emerald is
#: the turn; read 11, en1, fr3, it2: using Emerald replaces the whole action, taking a dish or drawing; round 17
#: (#53): the published verb, "use" / « se servir de » / «usare», not "call")
#: round 25 (fr, en): the card said "instead of taking a dish or drawing" with no word of the empty table, where the
#: book's forced draw leaves a waiting Emerald unused: the card names the condition first
#: round 27, en1: the two conditions (a dish on the table, the king's minimum) together, after the choice they limit
INSTEAD = {"fr": "À votre tour, au lieu de prendre un plat ou de piocher, vous pouvez vous servir d’Emerald s’il reste "
                 "un plat sur la table et que le roi a au moins",
           "it": "Al tuo turno, invece di prendere un piatto o di pescare, puoi usare Emerald se sul tavolo resta almeno "
                 "un piatto e il re ha almeno",
           "en": "On your turn, instead of taking a dish or drawing, you may use Emerald if a dish is still on the table "
                 "and the king has at least"}


@pytest.mark.parametrize("ref", ["king_lui", "king_lui-gentle-overeating", "king_lui-hungry-dragon",
                                 "king_lui-six-players"])
def test_the_emerald_card_says_using_it_is_the_turn(ref):
    """Every King Lui deck's Emerald card opens on the turn it costs, as the book's action c) says."""
    d = resolve(ref, ROOT)
    emerald = d.component("emerald")
    for lang in nonempty(LANGS, "the languages"):
        assert face_text(d, emerald, emerald.faces[0], lang).startswith(INSTEAD[lang])


#: round 26 (en, fr): "If you draw it, use Emerald at once" left out the king's minimum, said only for a turn's use;
#: round 27 (en1): the number said twice, and nothing said of the draw being lost: no other card, the turn ends;
#: round 28 (fr9, en6, it3): "use Emerald at once if the king has enough portions, or lay the card…" read as a duty
#: whenever the king can feed it, where the book gives a free choice, and left out that anyone may use it later;
#: book round 28 (it1): «a tua scelta» twice in three lines: the choice is said «puoi usare … oppure mettere»
DRAWN = {"fr": "Si vous la piochez, vous ne recevez pas d’autre carte\u202f: au choix, servez-vous d’Emerald aussitôt "
               "(si le roi a assez de portions) ou posez la carte face visible près des plats, où chacun pourra s’en "
               "servir plus tard. Dans les deux cas, votre tour s’arrête là.",
         "it": "Se la peschi, non ricevi un’altra carta: puoi usare subito Emerald (se il re ha abbastanza "
               "porzioni) oppure mettere la carta scoperta accanto ai piatti, dove chiunque potrà usarla in seguito. In "
               "entrambi i casi il tuo turno finisce qui.",
         "en": "If you draw it, you get no other card: either use Emerald at once (if the king has enough portions) "
               "or lay the card face up beside the dishes, where anyone may use it later. Either way, your turn ends "
               "there."}


@pytest.mark.parametrize("ref", ["king_lui", "king_lui-gentle-overeating", "king_lui-hungry-dragon",
                                 "king_lui-six-players"])
def test_the_emerald_card_says_the_kings_minimum_for_a_drawn_emerald_too(ref):
    """A drawn Emerald is used at once only if the king holds the portions it takes: the card says so in the sentence
    about drawing it, the number being the first sentence's (2; 3 in Hungry Dragon), and that the draw brings no
    other card and ends the turn (the book: "you get no other card in its place … that is your whole turn")."""
    d = resolve(ref, ROOT)
    emerald = d.component("emerald")
    assert d.rules.emerald_portions == (3 if ref == "king_lui-hungry-dragon" else 2)
    for lang in nonempty(LANGS, "the languages"):
        text = face_text(d, emerald, emerald.faces[0], lang)
        assert DRAWN[lang].format(n=d.rules.emerald_portions) in text, (lang, text)


def test_one_uses_emerald_never_a_card():
    """Read 11 (fr1, it1): the book's action is "use Emerald" (the dragon; "call" until round 17); the ruling on an empty table said
    "appeler une carte Emerald" / "chiamare una carta Emerald", a second name for the same action."""
    text = resolve("king_lui", ROOT).model.clarifications["no_dish_emerald"].text
    wrong = {"fr": "servir d’une carte", "it": "usare una carta", "en": "use an Emerald"}
    # round 28 (en1): "use Emerald with a card already waiting" read as clumsy (the card *is* Emerald): the card is
    # the subject now, and the action keeps its one verb
    right = {"fr": "ne vous permet donc pas de vous servir d’Emerald", "it": "non ti permette quindi di usare Emerald",
             "en": "does not let you use Emerald"}
    for lang in nonempty(LANGS):
        assert wrong[lang] not in text[lang] and right[lang] in text[lang], text[lang]
