"""Issue 53 item 5 in the King Lui and Royale books: rulings a reader needs in the flow, the rest answered
once under a closing "Questions" section that says they are this edition's; each rule said once.

The readers of round 53 counted the drawn-Emerald rule four or five times in King Lui and ten ruling boxes
breaking Royale's flow; the English Royale books said "service" (a calque of the French) for a group of
cards in a request. The words below are the books' own, written out by hand, not read from the catalogs.
"""
from __future__ import annotations

import html
import re

import pytest
from reportlab.platypus import KeepTogether, Paragraph, Spacer
from reportlab.lib.styles import getSampleStyleSheet

from nonempty import nonempty

from cardgen.languages import SHIPPED
from cardgen.resolve.resolve import resolve_all
from cardgen.rulebook.markup import keep_closing_block_with_previous
from cardgen.rulebook.templating import render_markup
from cardgen.rulebook.context import typography

DECKS = {d.id: d for d in resolve_all(None, ".") if d.game in ("king_lui", "royale")}
#: the closing section's title (issue 53 round 2: "Questions" held statements, not questions)
QUESTIONS = {"fr": "Cas particuliers", "it": "Casi particolari", "en": "Special cases"}
CREDITS = {"fr": "Crédits", "it": "Crediti", "en": "Credits"}
#: the introduction says the answers are this edition's
OURS = {"fr": "cette édition", "it": "questa edizione", "en": "this edition"}
#: the most ruling boxes a book of each game keeps in its flow (King Lui: the hidden hand, the dealt and the
#: drawn Emerald, the empty table and supply, the tie and the waiting Emeralds; Royale: the imposter's moves,
#: when a request is impossible, a met request before all cards are placed, the reading key, the pile, the
#: end card's packets, the tie, the solo end, and the spent solo card beside the ghost's turn: read 9, it10)
IN_FLOW = {"king_lui": 5, "royale": 9}


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(DECKS))
def test_the_special_cases_close_the_book_and_hold_the_other_rulings(deck_id: str, lang: str) -> None:
    """One closing section at most, just before the credits, its rulings in untitled boxes under a sentence that
    says they are this edition's; in the flow, only titled ruling boxes."""
    markup = render_markup(DECKS[deck_id], lang)
    heading = f"<h1>{QUESTIONS[lang]}</h1>"
    assert markup.count(heading) <= 1, f"{deck_id}/{lang}: two closing sections"
    assert "<h1>Questions</h1>" not in markup and "<h1>Domande</h1>" not in markup, "the old title"
    end = markup.index(f"<h1>{CREDITS[lang]}</h1>")
    start = markup.find(heading)
    if start != -1:
        closing = markup[start:end]
        assert start < end and "<h1>" not in closing[len(heading):], "the section is not the last before the credits"
        intro = re.search(r"<p>(.*?)</p>", closing, re.S)
        assert intro and OURS[lang] in intro.group(1), "the section does not say the answers are this edition's"
        answers = re.findall(r'<box kind="ruling">(.*?)</box>', closing, re.S)
        assert answers and len(answers) == closing.count("<box"), "an answer outside a ruling box, or a titled box"
    flow = markup[:start if start != -1 else end]
    titled = re.findall(r'<box kind="ruling" title=', flow)
    assert len(titled) <= IN_FLOW[DECKS[deck_id].game], f"{deck_id}/{lang}: {len(titled)} ruling boxes break the flow"
    assert '<box kind="ruling">' not in flow, "an untitled answer left in the flow"


#: King Lui's rulings a player needs during a turn, each with the words of the rule its box must follow, in the
#: same kept block (round 2: all three readers found them on the last page, away from the turn they settle)
KING_LUI_BESIDE = {
    # the forced draw's paragraph ends with what it means for a waiting Emerald, the published rule's consequence
    # said in the flow (read 6, it2/en6: tests/test_rulebook_rulings.py), then the two empty-supply rulings
    # (round 25: "comme d'habitude", "as usual" named no habit; the drawn Emerald points to action b instead)
    "no_draw_from_empty_supply": {"fr": "aussitôt (voir b).", "it": "subito (vedi b).", "en": "at once (see b)."},
    "draw_from_empty_supply": {"fr": "aussitôt (voir b).", "it": "subito (vedi b).", "en": "at once (see b)."},
    "tie_after_tiebreak": {"fr": "le moins de cartes l’emporte.", "it": "ha scartato meno carte.",
                   "en": "discarded the fewest cards wins."},
    "hidden_hand": {"fr": "au fil des services.", "it": "portata dopo portata.", "en": "course by course."},
}


def _box_after(markup: str, rule: str) -> str:
    """The ruling box that follows the paragraph ending with ``rule`` (nothing else between them)."""
    found = re.search(re.escape(rule) + r"</(?:p|li)>\s*(?:</ol>\s*)?(<box kind=\"ruling\" title=[^>]*>.*?</box>)", markup, re.S)
    return plain(found.group(1)) if found else ""


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "king_lui"))
def test_king_lui_rulings_for_a_turn_sit_beside_their_rule(deck_id: str, lang: str) -> None:
    deck = DECKS[deck_id]
    markup = render_markup(deck, lang)
    assert f"<h1>{QUESTIONS[lang]}</h1>" not in markup, f"{deck_id}/{lang}: every ruling has a home, no closing section"
    for kind, rule in KING_LUI_BESIDE.items():
        ruling = deck.model.clarifications.get(kind) or deck.model.rulings.get(kind)
        words = " ".join(typography(ruling.text[lang], lang).split())
        assert words in _box_after(markup, rule[lang]), f"{deck_id}/{lang}: {kind} is not boxed after its rule"


#: King Lui's drawn-Emerald rule, the action it belongs to and the next one, as each language says them
DRAWN = {"fr": "Si vous piochez une carte Emerald", "it": "Se peschi una carta Emerald", "en": "If you draw an Emerald"}
#: the drawn Emerald is the whole turn: the published rule ("no replacement"), said once in action b), never boxed
WHOLE_TURN = {"fr": "votre tour s’arrête là", "it": "il tuo turno finisce qui", "en": "that is your whole turn"}
DRAW = {"fr": "Piocher.", "it": "Pescare dal mazzo.", "en": "Draw from the supply."}
CALL = {"fr": "Se servir d’Emerald.", "it": "Usare Emerald.", "en": "Use Emerald."}
#: the old parenthesis under "Use Emerald" that said the rule a second time
AGAIN = {"fr": "cela fait partie de l’action", "it": "fa parte dell’azione", "en": "as part of your draw"}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "king_lui"))
def test_the_drawn_emerald_rule_is_said_once_under_draw(deck_id: str, lang: str) -> None:
    text = plain(render_markup(DECKS[deck_id], lang))
    assert text.count(DRAWN[lang]) == 1, f"{deck_id}/{lang}: the drawn-Emerald rule said {text.count(DRAWN[lang])} times"
    assert text.index(DRAW[lang]) < text.index(DRAWN[lang]) < text.index(CALL[lang]), "not under 'Draw'"
    assert AGAIN[lang] not in text
    assert text.count(WHOLE_TURN[lang]) == 1 and text.index(DRAWN[lang]) < text.index(WHOLE_TURN[lang]) < text.index(CALL[lang])
    assert "drawn_emerald_is_the_turn" not in DECKS[deck_id].model.rulings, "a published rule printed as ours"


#: read 11 (en3, it4): the drawn card goes to the hand only if it is no Emerald, said in the draw's own sentence
DRAW_KEEPS = {"fr": "sauf si c’est une carte Emerald, ajoutez-la à votre main",
              "it": "a meno che non sia una carta Emerald, mettila in mano", "en": "unless it is an Emerald, add it to your hand"}


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_draw_sentence_keeps_a_drawn_emerald_out_of_the_hand(lang: str) -> None:
    """Read 11 (en3, it4): "take the top card into your hand ... If you draw an Emerald" put the Emerald in the hand
    and then took it out again; the draw now says at once that an Emerald does not go to the hand."""
    for deck_id in nonempty(sorted(d for d in DECKS if DECKS[d].game == "king_lui")):
        text = plain(render_markup(DECKS[deck_id], lang))
        at = text.index(DRAW[lang])
        assert DRAW_KEEPS[lang] in text[at:at + 200], (deck_id, text[at:at + 200])


#: read 11 (en17, it21): the Hungry Dragon table's Emerald row names the king as the one who must hold the portions
#: ("the least he must hold" read as Emerald or the king; French "minimum qu’il doit avoir": minimum of what?)
#: round 26: the French cell slipped into "on" in a vous book, the Italian one ran to six lines
EMERALD_ROW = {"fr": "Portions que chaque carte Emerald retire au roi (il en faut au moins autant dans son assiette pour "
                     "vous servir d’Emerald)",
               "it": "Porzioni del re tolte da ogni carta Emerald (il re deve averne almeno "
                     "altrettante)",  # fourteenth reading it13: "(e che il re deve avere almeno)" broken;
               # fifteenth (en27, it20): Emerald, not "it" / "-la", beside a line that says "he" / "lo" of the dragon
               "en": "Portions removed by each Emerald (and the fewest portions the king must hold before Emerald can be used)"}


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_emerald_row_says_the_king_must_hold_the_portions(lang: str) -> None:
    text = plain(render_markup(DECKS["king_lui-hungry-dragon"], lang))
    assert EMERALD_ROW[lang] in text
    assert not re.search(r"minimum qu’il|the least he", text)


#: the two Emerald cards, as action c) says them in each language: the one waiting beside the dishes it needs, and
#: the one just drawn, used within action b (round 25, fr: "soit celle que vous venez de piocher" made "draw, then
#: use Emerald" read as two actions)
#: book round 29 fr1*: c)'s three conditions as a short list, each a clause ("an Emerald card is waiting …")
WAITING = {"fr": "une carte Emerald attend près des plats", "it": "c’è una carta Emerald in attesa accanto ai piatti",
           "en": "an Emerald card is waiting beside the dishes"}
JUST_DRAWN = {"fr": "une carte Emerald que vous venez de piocher s’utilise dans le cadre de l’action b",
              "it": "una carta Emerald appena pescata si usa invece nell’azione b",
              "en": "an Emerald you have just drawn is used as part of action b"}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "king_lui"))
def test_use_emerald_names_the_waiting_and_the_just_drawn_card(deck_id: str, lang: str) -> None:
    """Read 8 (en1): action c) asked for "an Emerald waiting beside the dishes", while b) and the ruling below let
    you use an Emerald you have just drawn, which waits nowhere: read to the letter, c) forbade what b) allows.
    Its condition, its first sentence, names both cards: the waiting one it needs, the drawn one as b)'s (round 25)."""
    text = plain(render_markup(DECKS[deck_id], lang))
    action = text[text.index(CALL[lang]):]
    action = action[:action.index(".", len(CALL[lang]) + 1) + 1]  # its first sentence: the condition
    assert WAITING[lang] in action and JUST_DRAWN[lang] in action, action
    assert action.index(WAITING[lang]) < action.index(JUST_DRAWN[lang])


@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "royale"))
def test_royale_in_english_says_serving_not_service(deck_id: str) -> None:
    """"2 services, each a pair": a French calque to an English reader; the book, its glossary line and
    the nobles' requests (printed on the cards too) say "serving"."""
    text = plain(render_markup(DECKS[deck_id], "en"))
    assert not re.search(r"\bservices?\b", text, re.I), re.search(r".{40}\bservices?\b.{20}", text, re.I)
    assert "serving" in text


@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "royale"))
def test_royale_in_french_agrees_with_a_feminine_noble(deck_id: str) -> None:
    """The caption under the Duchess's masked side said « Le même noble »; the example « ce noble » for the
    Princess: the book names the card, or the noble's dishes, instead."""
    text = plain(render_markup(DECKS[deck_id], "fr"))
    assert "Le même noble" not in text
    assert "débarrassez donc aussitôt ce noble" not in text


def _box(text: str) -> KeepTogether:
    """A box as the converter builds one: a block kept together (cardgen.rulebook.markup.Converter.box)."""
    return KeepTogether([Spacer(1, 3), Paragraph(text, getSampleStyleSheet()["Normal"]), Spacer(1, 6)])


def test_the_credits_take_a_box_along_without_nesting_it() -> None:
    """A box nested in the closing block made reportlab measure it as endlessly tall: the credits and the last
    answer always opened a new column, or a near-empty last page (Royale Solo, page 6)."""
    body = [_box("one"), _box("two"), KeepTogether([Paragraph("Credits", getSampleStyleSheet()["Heading1"])])]
    out = keep_closing_block_with_previous(body)
    closing = out[-1]
    assert isinstance(closing, KeepTogether) and len(out) == 2
    assert not any(isinstance(f, KeepTogether) for f in closing._content)
    assert [f.getPlainText() for f in closing._content if isinstance(f, Paragraph)] == ["two", "Credits"]


#: Royale's rulings a player needs during a turn, each with the words of the rule its box follows (round 2: the
#: readers found "when is a request impossible?", the uneven packets and the tie-break on the last pages)
ROYALE_BESIDE = {
    "impossible_request": {"fr": "et peut recevoir votre carte suivante.", "it": "e può ricevere la tua carta successiva.",
                           "en": "and may receive your next card."},
    "uneven_packets": {"fr": "avec cette nouvelle pioche.", "it": "di questo nuovo mazzo.",
                       "en": "from this new draw pile."},
    "tie_after_tiebreak": {"fr": "sous ses nobles l’emporte.", "it": "sotto i propri nobili.",
                           "en": "still under their nobles wins."},
    # the tie-break and the shared victory after it: both in the one box after the tie rule
    "tie_cards_in_front": {"fr": "sous ses nobles l’emporte.", "it": "sotto i propri nobili.",
                           "en": "still under their nobles wins."},
}
#: the boilerplate the closing section's introduction now says once
PUBLISHED_SILENT = {"fr": "Les règles publiées ne disent pas", "it": "Il regolamento pubblicato non dice",
                    "en": "The published rules do not say"}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "royale"))
def test_royale_rulings_for_a_turn_sit_beside_their_rule(deck_id: str, lang: str) -> None:
    deck = DECKS[deck_id]
    markup = render_markup(deck, lang)
    text = plain(markup)
    for kind, rule in ROYALE_BESIDE.items():
        ruling = deck.model.clarifications.get(kind) or deck.model.rulings.get(kind)
        words = " ".join(typography(ruling.text[lang], lang).split())
        if words not in text:
            continue  # a book where it cannot happen (one draw of the end card, a solo game: no tie)
        assert words in _box_after(markup, rule[lang]), f"{deck_id}/{lang}: {kind} is not boxed after its rule"
    assert PUBLISHED_SILENT[lang] not in text, f"{deck_id}/{lang}: the published rules' silence said again"


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "royale"))
def test_royale_contents_sentences_are_spaced(deck_id: str, lang: str) -> None:
    """"Abundance (white).Their values run from 1 to 12": the template's line break ate the space (round 2)."""
    text = plain(render_markup(DECKS[deck_id], lang))
    assert not re.search(r"[a-z)]\.[A-Z]", text), re.search(r".{30}[a-z)]\.[A-Z].{10}", text)


#: one name for the order of the cards under a noble in each language, that of the masked requests (round 2, it
#: reader: "l'ordine di arrivo" beside "l'ordine di gioco")
ARRIVAL = {"fr": "ordre d’arrivée", "it": "ordine di arrivo", "en": "order in which they came"}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if DECKS[d].game == "royale"))
def test_royale_names_the_order_of_play_once(deck_id: str, lang: str) -> None:
    assert ARRIVAL[lang] not in plain(render_markup(DECKS[deck_id], lang))
