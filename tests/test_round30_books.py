"""The check of book round 29's fixes (docs/reads/round-29-check-frit.md, round-29-check-en.md): each fault the two
checkers found, fixed, held by our own words in the book (its markup) or in the deck. Faults keep the reports'
numbers (fr…, it…, en…); docs/reads/round-29-check-fixes.md lists every one, fixed or left."""
from __future__ import annotations

import html
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fr", "it", "en")
SOLO = {"fr": "Jouer en solitaire", "it": "Giocare in solitario", "en": "Playing alone"}


def norm(text: str) -> str:
    """Spaces collapsed (narrow and no-break spaces too)."""
    return " ".join(text.split())


def markup(deck_id: str, lang: str) -> str:
    return norm(html.unescape(render_markup(resolve(deck_id, ROOT), lang)))


@pytest.mark.parametrize("deck_id", ["royale", "royale-masked"])
def test_the_french_solo_chapter_says_a_discard_counts_when_judging_a_request(deck_id: str) -> None:
    """Book check fr1*: « Elle compte pourtant pour une exigence impossible. » read as "it counts as (or towards) an
    impossible request", the opposite of the rule (p.2: the impossibility test counts every other dish card, the
    discard pile included). Now the Light Supper and Solo books' words, « pour juger si une exigence est
    impossible »; « en solitaire », said by the heading, goes, so "Jouer en solitaire" stays on the Letter page 5."""
    text = markup(deck_id, "fr")
    chapter = text[text.rindex(SOLO["fr"]):]
    assert ("la pioche n’est jamais reconstituée : une carte défaussée ne revient jamais en jeu. Elle compte pourtant "
            "pour juger si une exigence est impossible.") in chapter
    assert "pour une exigence impossible" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_masked_key_says_even_as_divisible_by_two(lang: str) -> None:
    """Book check en3 (royale-masked p.3): "every card’s value can be divided by two" is loose (7 ÷ 2 = 3.5): "is
    exactly divisible by two"; the Italian «si possono tutti dividere per due» alike: «sono tutti divisibili per
    due»; the French already said « divisibles par deux »."""
    key = {"en": "<b>all even or all odd</b>: every card’s value is exactly divisible by two, or none is;",
           "fr": "les valeurs des cartes sont toutes divisibles par deux, ou aucune ne l’est ;",
           "it": "i valori delle carte sono tutti divisibili per due, oppure nessuno lo è;"}[lang]
    text = markup("royale-masked", lang)
    assert key in text
    assert "can be divided by two" not in text and "si possono tutti dividere" not in text


def _yaml(path: str) -> dict:
    import yaml

    return yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))


def test_the_long_game_s_french_third_pile_says_what_is_for_good() -> None:
    """Book check fr4 (draco-long p.1): « Quand la troisième pioche s’épuise, elle l’est pour de bon » (« l’ » stood
    for « épuisée », which the sentence never said): « est épuisée, c’est pour de bon », as p.5 says it."""
    fr = _yaml("variants/draco/draco-long.yaml")["description"]["fr"]
    assert "Quand la troisième pioche est épuisée, c’est pour de bon\u202f: on continue à jouer sans piocher" in fr
    assert "elle l’est" not in fr
    assert "c’est pour de bon" in markup("draco-long", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_without_zork_s_sheets_print_nothing_and_the_base_cards_have_one_name(lang: str) -> None:
    """Book check en6, fr5, it3 (draco-no-zork p.1): "this variant’s card sheets do not print it" (« les planches …
    ne l’impriment pas », «i fogli … non la stampano») made the sheets do the printing; the French named the base
    game's cards « cartes » then « paquet » (and English "cards" then "deck") three lines apart; the English "this
    text applies" (which text?) is "this new wording", the Seating Plan sentence having just said "are reworded"."""
    text = markup("draco-no-zork", lang)
    zork = {"en": "card is not used: it is not on this variant’s card sheets. If you play with the base game’s cards, "
                  "leave it in the box.",
            "fr": "n’est pas utilisée : elle ne figure pas sur les planches de cette variante. Si vous jouez avec les "
                  "cartes du jeu de base, laissez-la dans la boîte.",
            "it": "non serve: non è stampata sui fogli di questa variante. Se giochi con le carte del gioco base, "
                  "lasciala nella scatola."}[lang]
    assert zork in text
    assert not any(old in text for old in ("do not print it", "ne l’impriment pas", "non la stampano",
                                           "base game’s deck", "paquet du jeu de base", "this text applies"))
    if lang == "en":
        assert "If you play with the base game’s cards, this new wording applies, not the one printed on them." in text


#: the gift paragraph's last ruling, then the pointer to the example, per language
GIFT_THEN_POINTER = {"fr": "il n’y a pas de don (choix de cette édition). L’encadré « Exemple de toast » (p.",
                     "it": "il dono non si fa (scelta di questa edizione). Il riquadro «Esempio di brindisi» (a pagina",
                     "en": "there is no gift (this edition’s ruling). The box “Example of a toast” (page"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_charity_toast_s_pointer_closes_the_gift_paragraph(lang: str) -> None:
    """Book check en7 (draco-charity-toast p.3): the pointer to "Example of a toast" sat between the gift rule and
    the gift's own gold-only sentence, cutting the rule in two; it now closes the paragraph, in the three
    languages (round 29 fr14*'s page number unchanged: test_round29_books_z)."""
    text = markup("draco-charity-toast", lang)
    assert GIFT_THEN_POINTER[lang] in text, text[text.index("(" + GIFT_THEN_POINTER[lang].split("(")[1][:8]) - 300:][:600]


def test_gentle_overeating_s_intro_compares_portions_of_a_dish() -> None:
    """Book check en2 (king_lui-gentle-overeating p.1): "any portions you hold beyond the king’s own" left out "of a
    dish": read literally, it compared your total with the king's. Now "any portions of a dish you hold beyond the
    king’s", as the French (« les portions d’un plat ») and the Italian («le porzioni di un piatto») say."""
    said = _yaml("variants/king_lui/king_lui-gentle-overeating.yaml")["book"]["intro"]
    assert "when the meal ends, any portions of a dish you hold beyond the king’s are quietly cleared away." in said["en"]
    assert "les portions d’un plat que vous avez en plus de celles du roi" in said["fr"]
    assert "le porzioni di un piatto che hai in più rispetto al re" in said["it"]
    assert "beyond the king’s own" not in markup("king_lui-gentle-overeating", "en")


#: "first" and "last" in a masked request, as each book now says them
FIRST_LAST = {"fr": "« Première » et « dernière » se comptent à l’intérieur de chaque service, et non sur toute la file "
                    "du noble.",
              "it": "«Prima» e «ultima» si contano all’interno di ciascun servizio, non sull’intera fila di carte del "
                    "nobile.",
              "en": "“First” and “last” count within each serving, not along the noble’s whole line."}


@pytest.mark.parametrize("lang", LANGS)
def test_masked_first_and_last_count_within_each_serving(lang: str) -> None:
    """Book check fr2, it1, en4 (royale-masked p.3/p.4): "… refer to the order in which you place the cards in the
    serving, not to where they lie in the line": p.2 adds every new card at the end of the noble's line, so laying
    order and place are the same thing; the contrast meant is within each serving against the noble's whole line
    (the Prince of the Night's second serving: its first card is the fourth under him). The Italian «fila» is also
    the row of nobles: «fila di carte del nobile»."""
    text = markup("royale-masked", lang)
    assert FIRST_LAST[lang] in text
    assert not any(old in text for old in ("refer to the order in which you place", "désignent l’ordre de pose",
                                           "si riferiscono all’ordine"))


#: the waiting Emerald, then the bracket that sets the just-drawn one apart, then the king's portions
EMERALD_BRACKET = {"fr": ("une carte Emerald attend près des plats (une carte Emerald que vous venez de piocher s’utilise "
                          "dans le cadre de l’action b) et l’assiette du roi contient au moins"),
                   "it": ("c’è una carta Emerald in attesa accanto ai piatti (una carta Emerald appena pescata si usa "
                          "invece nell’azione b) e il re ha almeno"),
                   "en": ("<b>Use Emerald.</b> You may do this only when a dish is still on the table, an Emerald card "
                          "is waiting beside the dishes (an Emerald you have just drawn is used as part of action b), "
                          "and the king’s place holds at least")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", ["king_lui", "king_lui-gentle-overeating", "king_lui-hungry-dragon",
                                     "king_lui-six-players"])
def test_action_c_s_bracket_follows_the_waiting_emerald(deck_id: str, lang: str) -> None:
    """Book check en1 (King Lui p.2, four books): the bracket on the just-drawn Emerald came after the third
    condition (the king's portions) but qualifies the second (the waiting Emerald): moved after it in the three
    languages; the English "Three conditions:" was a bare label, now a clause. Round 28's rulings (all three
    conditions, the dish first, "use Emerald") and round 29 fr1*'s short list in French and Italian hold."""
    text = markup(deck_id, lang)
    assert EMERALD_BRACKET[lang] in text
    assert "Three conditions" not in text


def test_draco_s_french_bank_ruling_ends_without_bank_jargon() -> None:
    """Book check fr3 (part): « L’impayé est perdu. » used bank jargon (a dishonoured bill) where French players say
    « Le reste est perdu. », as short (round 34 fr20's ruling: no colloquial « perdu pour de bon »; the Charity Toast
    books keep their pages). The order's start is left (docs/reads/round-29-check-fixes.md: round 33's length caps and
    rounds 32-38's wording rulings pin that phrase)."""
    said = _yaml("decks/draco.yaml")["clarifications"]["bank_short"]["text"]["fr"]
    # book check 2 fr2: « Le reste » was the box's third « reste », each another one
    assert said.endswith("dans l’ordre des jets de dé. Ce qui n’est pas versé est perdu.") and "impayé" not in said
    for deck_id in ("draco", "draco-charity-toast", "draco-short"):
        assert "Ce qui n’est pas versé est perdu." in markup(deck_id, "fr") and "L’impayé" not in markup(deck_id, "fr")
