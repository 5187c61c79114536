"""Language helpers shared by every game's generated texts."""
from __future__ import annotations

import pytest

from cardgen.text import NNBSP, before_vowel, card_name, cardinal, join_and, join_or, ordinal, punct, singular, times


def test_french_spaces_before_high_punctuation_only_in_french() -> None:
    assert [punct(m, "fr") for m in ";:!?"] == [NNBSP + m for m in ";:!?"]
    assert [punct(":", lang) for lang in ("it", "en")] == [":", ":"]


@pytest.mark.parametrize(("lang", "joined", "alternatives"), [
    ("fr", "4, 3, 2 et 1", "une ligne ou une colonne"),
    ("it", "4, 3, 2 e 1", "une ligne o une colonne"),
    ("en", "4, 3, 2 and 1", "une ligne or une colonne"),
])
def test_lists_join_the_way_each_language_does(lang: str, joined: str, alternatives: str) -> None:
    assert join_and([4, 3, 2, 1], lang) == joined
    assert join_or(["une ligne", "une colonne"], lang) == alternatives
    assert join_and([7], lang) == "7"


def test_times() -> None:
    assert [times(n, "fr") for n in (1, 2, 4)] == ["une fois", "deux fois", "4 fois"]
    assert [times(n, "it") for n in (1, 3, 4)] == ["una volta", "tre volte", "4 volte"]
    assert [times(n, "en") for n in (1, 2, 5)] == ["once", "twice", "5 times"]


def test_small_counts_in_words_for_a_sentence_s_opening() -> None:
    """Read 11, en6: "2 servings, each a pair…" opened a sentence with a numeral; two to ten are words, one
    (gendered in French and Italian) and eleven on stay figures."""
    assert [cardinal(n, "en") for n in (1, 2, 3, 10, 11)] == ["1", "two", "three", "ten", "11"]
    assert [cardinal(n, "fr") for n in (1, 2, 3, 10, 11)] == ["1", "deux", "trois", "dix", "11"]
    assert [cardinal(n, "it") for n in (1, 2, 3, 10, 11)] == ["1", "due", "tre", "dieci", "11"]


def test_ordinals_in_figures_as_each_language_writes_them() -> None:
    """English by CLDR's ordinal categories (21st, but 11th-13th); French and Italian feminine."""
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]
    assert [ordinal(n, "fr") for n in (1, 2, 21)] == ["1re", "2e", "21e"]
    assert [ordinal(n, "it") for n in (1, 2, 11)] == ["1ª", "2ª", "11ª"]


def test_which_counts_take_the_singular() -> None:
    """French counts 0 as singular ("0 partie jouée"); Italian and English do not."""
    assert [singular(n, "fr") for n in (0, 1, 2)] == [True, True, False]
    assert [singular(n, lang) for lang in ("it", "en") for n in (0, 1, 2)] == [False, True, False] * 2
    assert [times(0, lang) for lang in ("fr", "it", "en")] == ["0 fois", "0 volte", "0 times"]


def test_elision_before_a_vowel_or_a_mute_h() -> None:
    assert [before_vowel(w, "fr") for w in ("une paire", "Exactement", "haut", "deux", "")] == [
        True, True, True, False, False]
    assert [before_vowel(w, "en") for w in ("Orange", "Fruit", "hour")] == [True, False, False]


def test_a_language_s_forms_may_follow_its_plural_categories(monkeypatch: pytest.MonkeyPatch) -> None:
    """A language file may give forms by CLDR category (Polish: ``few``), not only by exact number."""
    import cardgen.text as text
    book = {**text._BOOK, "times": {**text._BOOK["times"], "en": {"one": "one time", "other": "{n} times"}}}
    monkeypatch.setattr(text, "_BOOK", book)
    assert [times(n, "en") for n in (1, 2)] == ["one time", "2 times"]


@pytest.mark.parametrize(("lang", "held", "said"), [
    ("fr", ["Le Vicomte", "La Duchesse", "Les Jumeaux", "L’Imposteur", "Pierrot", "Lena"],
     ["le Vicomte", "la Duchesse", "les Jumeaux", "l’Imposteur", "Pierrot", "Lena"]),
    ("it", ["Il Visconte", "Lo Zar", "La Duchessa", "Gli Sposi", "I Gemelli", "L’Impostore", "Isabella"],
     ["il Visconte", "lo Zar", "la Duchessa", "gli Sposi", "i Gemelli", "l’Impostore", "Isabella"]),
    ("en", ["The Viscount", "Theodore", "The", "Harlequin"], ["the Viscount", "Theodore", "The", "Harlequin"]),
])
def test_a_title_inside_a_sentence_takes_its_article_in_lower_case(lang: str, held: list[str], said: list[str]) -> None:
    from cardgen.text import in_sentence

    assert [in_sentence(name, lang) for name in held] == said


def test_a_card_name_in_running_text_is_written_as_the_books_write_it() -> None:
    """Read 11 (it43): check said "si lancia per Favore", which reads "as a favour"; the Italian books quote a
    card's name («Pizzo»), the French and English books set it bare, its capitals marking it."""
    assert card_name("Favore", "it") == "«Favore»"
    assert card_name("Faveur", "fr") == "Faveur"
    assert card_name("Favour", "en") == "Favour"
