"""King Lui's third action is named by the published rules' verb (issue #53, round 17: fr33, fr74, it25, en21, en56).

The boxes say "Use Emerald to take 2 portions from the king", « Se servir d'Emerald pour prendre 2 portions au roi »,
«Utilizzare Emerald per togliere 2 porzioni al re»; this edition said "call Emerald" / « appeler Emerald » /
«chiamare Emerald», and a designer who knows the box stumbled on it. The card, every King Lui book (its action's
bold title, its summary line, the lever row of a variant), the deck's clarifications and rulings and the play
table's journal now say "use Emerald" / « se servir d’Emerald » / «usare Emerald», and never the old verb. The
words below are written out by hand, not read from the catalogs or the wordbooks.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from nonempty import nonempty

from cardgen.games.king_lui.text import describe_done, face_text
from cardgen.languages import SHIPPED
from cardgen.resolve.resolve import resolve, resolve_all
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]
KING_LUI = sorted(d.id for d in resolve_all(None, ROOT) if d.game == "king_lui")
#: the action as the card names it (its first sentence: "you may use Emerald")
CARD = {"fr": "vous pouvez vous servir d’Emerald", "it": "puoi usare Emerald", "en": "you may use Emerald"}
#: the action's bold title in action c) of the book, and its line in "your turn at a glance" (the plain text's
#: spaces: the French narrow no-break space before the colon is a space there)
TITLE = {"fr": "Se servir d’Emerald.", "it": "Usare Emerald.", "en": "Use Emerald."}
GLANCE = {"fr": "Se servir d’Emerald : la carte Emerald", "it": "Usare Emerald: la carta Emerald",
          "en": "Use Emerald: the dragon"}
#: the verb in any of its forms, and the old one in any of its forms (a whole word, any case)
VERB = {"fr": r"\b(servir|servez|sert)\b", "it": r"\bus(are|a|i|arla|arlo)\b", "en": r"\bus(e|es|ed|ing)\b"}
OLD = {"fr": r"\bappel\w*", "it": r"\bchiam\w*", "en": r"\bcall(s|ed|ing)?\b"}
#: the play table's journal line for the action ("uses Emerald and removes …", the portions leave the game: playtest
#: reading en1)
#: round 28 (fr11, it5): « se sert d’Emerald et retire … et … », «usa Emerald: toglie …: » chained two "et", two colons
DONE = {"fr": "se sert d’Emerald, qui retire", "it": "usa Emerald e toglie", "en": "uses Emerald and removes"}
#: the deck's texts about the action: the empty-table case (book text and report case), the empty supply, the drawn
#: Emerald's ruling
ABOUT_THE_ACTION = [("clarifications", "no_dish_emerald"), ("rulings", "no_draw_from_empty_supply"),
                    ("rulings", "emerald_from_hand")]


def _plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _old(lang: str, text: str) -> list[str]:
    return re.findall(OLD[lang], text, flags=re.IGNORECASE)


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", KING_LUI)
def test_the_card_names_the_action_by_the_published_verb(deck_id: str, lang: str) -> None:
    deck = resolve(deck_id, ROOT)
    emerald = deck.component("emerald")
    text = face_text(deck, emerald, emerald.faces[0], lang)
    assert CARD[lang] in text and not _old(lang, text), text


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", KING_LUI)
def test_every_book_names_the_action_by_the_published_verb(deck_id: str, lang: str) -> None:
    """The action's title and its summary line; nowhere the old verb (the variant's lever row and description
    included)."""
    text = _plain(render_markup(resolve(deck_id, ROOT), lang))
    assert text.count(TITLE[lang]) == 1 and GLANCE[lang] in text, deck_id
    assert not _old(lang, text), (deck_id, _old(lang, text))


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_clarifications_name_the_action_by_the_published_verb(lang: str) -> None:
    model = resolve("king_lui", ROOT).model
    texts = []
    for table, key in ABOUT_THE_ACTION:
        entry = getattr(model, table)[key]
        texts += [entry.text[lang]] + ([entry.case[lang]] if getattr(entry, "case", None) is not None else [])
    for text in nonempty(texts, "the texts about the action"):
        assert re.search(VERB[lang], text) and not _old(lang, text), text


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_journal_names_the_action_by_the_published_verb(lang: str) -> None:
    said = describe_done(resolve("king_lui", ROOT), ("emerald", "ham", "bread"), lang, {}, {})
    assert said is not None and said.startswith(DONE[lang]) and not _old(lang, said), said


def test_the_old_verb_is_found() -> None:
    """The checks above can fail: the old words, as this edition printed them, are found in each language."""
    assert _old("fr", "vous pouvez appeler Emerald") and _old("fr", "appelle {emerald}")
    assert _old("it", "puoi chiamare Emerald") and _old("it", "chiama subito Emerald")
    assert _old("en", "you may call Emerald") and _old("en", "for Emerald to be called")
    assert not any(_old(lang, CARD[lang] + " " + TITLE[lang] + " " + DONE[lang]) for lang in SHIPPED)


#: the play table's count of drawn Emeralds waiting for their player's choice, beside the hand
PENDING = {"fr": "Emerald dont vous servir maintenant", "it": "Emerald da usare", "en": "Emeralds to use now"}


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_play_table_names_a_drawn_emerald_by_the_published_verb(lang: str) -> None:
    """The table said « Emerald à jouer » in French (a third verb for the action)."""
    from cardgen.games.king_lui.playview import play_table

    obs = {"player": 0, "hand": {}, "pending_emeralds": 1, "table": {}, "table_emeralds": 0, "course": 1, "chef": 0,
           "supply": 9, "course_cards": 6, "king": {}, "eaten": {}, "opponents": []}
    facts = play_table(resolve("king_lui", ROOT), obs, lang)["hand"][0]["facts"]
    assert facts == [[PENDING[lang], "1"]] and re.search(VERB[lang], PENDING[lang])


@pytest.mark.parametrize("lang", SHIPPED)
def test_no_form_of_a_book_sentence_says_the_old_verb(lang: str) -> None:
    """Every plural form of the King Lui catalog, not only those the shipped decks print (a variant whose Emerald
    takes 1 portion prints the singular forms): the action's title in both forms, never the old verb."""
    from babel.messages.pofile import read_po

    with (ROOT / "cardgen/rulebook/locale" / lang / "LC_MESSAGES/king_lui.po").open("rb") as f:
        forms = [s for m in read_po(f) if m.id
                 for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert sum(f"<b>{TITLE[lang]}</b>" in s for s in nonempty(forms, "the catalog's forms")) == 2, lang
    assert not [s for s in forms if _old(lang, s)]
