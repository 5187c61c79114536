"""Round 29 of the books' reading (#53, docs/reads/round-29-{fr,it}.md), the French and Italian reports' faults: each
fault fixed, held by our own words in the book (its markup, or the PDF for a layout fix) or in the deck. Faults are
numbered per report in order of appearance (docs/reads/round-29-fixes-z.md lists every one, fixed or left)."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fr", "it", "en")


def norm(text: str) -> str:
    """Spaces collapsed (narrow and no-break spaces too)."""
    return " ".join(text.split())


def page_texts(pdf_bytes: bytes) -> list[str]:
    """Each page's text, words cut at a line end joined again."""
    import pypdfium2 as pdfium

    texts = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf_bytes)]
    return [re.sub("\ufffe\r?\n?", "", text) for text in texts]


def markup(deck_id: str, lang: str) -> str:
    return norm(html.unescape(render_markup(resolve(deck_id, ROOT), lang)))


#: the sentence royale's and royale-masked's "Playing alone" now adds to "the pile is never rebuilt"
#: book check of round 29 (fr1*): « compte pour une exigence impossible » read as "counts as an impossible request"
SOLO_STILL_COUNTS = {"fr": "ne revient jamais en jeu. Elle compte pourtant pour juger si une exigence est impossible.",
                     "it": "non torna più in gioco. Conta però ancora per giudicare se una richiesta è impossibile.",
                     "en": "never comes back into play. It still counts, however, when judging whether a request is "
                           "impossible."}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", ["royale", "royale-masked"])
def test_the_solo_chapter_says_the_discards_still_count_for_an_impossible_request(deck_id: str, lang: str) -> None:
    """Book round 29 fr4* (royale and royale-masked), it5 (costliest fr2, it3): the solo chapter said a discarded
    card never returns, not that the impossibility test still counts it; royale-short and royale-solo say both, so a
    solo player asked whether he must clear a noble only discarded cards could complete. Said once, in the shared
    chapter; the Solo book, whose own ruling box says it, does not repeat it."""
    text = markup(deck_id, lang)
    chapter = text[text.rindex({"fr": "Jouer en solitaire", "it": "Giocare in solitario", "en": "Playing alone"}[lang]):]
    assert SOLO_STILL_COUNTS[lang] in chapter
    solo = markup("royale-solo", lang)
    assert SOLO_STILL_COUNTS[lang].split(". ", 1)[1] not in solo


#: where a card placed under a noble goes: the end of the row, not "underneath"
ROW_END = {"fr": "Chaque nouvelle carte s’ajoute au bout de la file de cartes de ce noble, en chevauchant la précédente",
           "it": "Ogni nuova carta si aggiunge alla fine della fila di carte del nobile, in parte sovrapposta alla "
                 "precedente",
           "en": "Each new card is added at the end of the noble’s line of cards, overlapping the one before"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", ["royale", "royale-masked", "royale-short", "royale-solo"])
def test_a_new_card_joins_the_end_of_the_noble_s_row(deck_id: str, lang: str) -> None:
    """Book round 29 it4* (costliest it2): «Ogni nuova carta va in fondo alla fila» reads as "underneath"; the French
    « au bas de la file » and the English "at the bottom of the noble’s line" could too. The card is added at the end
    of the row, overlapping the one before, in all four Royale books."""
    text = markup(deck_id, lang)
    assert ROW_END[lang] in text
    assert not any(old in text for old in ("in fondo alla fila", "au bas de la file", "at the bottom of the noble"))


#: the toast rule's pointer to its example, and the example box's title, per language
TOAST_POINTER = {"fr": (r"L’encadré « Exemple de toast » \(p\. (\d+)\) en montre un", "Exemple de toast"),
                 "it": (r"Il riquadro «Esempio di brindisi» \(a pagina (\d+)\) ne mostra uno", "Esempio di brindisi"),
                 "en": (r"The box “Example of a toast” \(page (\d+)\) shows a whole toast", "Example of a toast")}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_charity_toast_s_pointer_gives_the_example_s_page(lang: str, paper: str) -> None:
    """Book round 29 fr14*, it12* (costliest fr1, it1): the box "Example of a toast", the only picture of the house
    rule, is set after the action cards (it does not fit what page 4 leaves after Aunt Sarah, and the chapter after
    it runs on first), two pages from the toast rule that sends the reader to it. The pointer now gives its page,
    the page the layout found (``book.PAGE_OF``), so it stays true wherever the box goes."""
    from cardgen.rulebook.book import render_rulebook

    raw = page_texts(render_rulebook(resolve("draco-charity-toast", ROOT), lang, paper))
    pointer, title = TOAST_POINTER[lang]
    found = re.search(pointer, " ".join(norm(page) for page in raw))
    assert found, pointer
    # the box's title is a line of its own; the pointer quotes it inside a line
    box_pages = [n for n, page in enumerate(raw, 1) if title in (norm(line) for line in page.splitlines())]
    assert box_pages and int(found[1]) == box_pages[0], (found[0], box_pages)


def test_a_page_reference_to_no_box_is_one_clear_error() -> None:
    """A template's ``{page:…}`` naming a box the book does not keep on a page (a typo in a project's template) ends
    in one line naming the missing title, the file and the markup key, never a traceback or a book with a wrong page."""
    import dataclasses

    from cardgen.errors import InputError
    from cardgen.rulebook.book import book_text, render_rulebook

    deck = resolve("draco-charity-toast", ROOT)
    text = book_text(deck, "en")
    broken = dataclasses.replace(text, markup=text.markup.replace("{page:", "{page:No Such Box", 1))
    with pytest.raises(InputError) as caught:
        render_rulebook(deck, "en", "a4", broken)
    assert "No Such Box" in str(caught.value) and caught.value.key == "rulebook_markup"


#: an action card's name and the last words of its text (Shower of Coins), per language
SHOWER = {"it": ("Pioggia di monete (4 carte)", "riceve 1 moneta d’argento dalla banca"),
          "en": ("Shower of Coins (4 cards)", "1 silver coin from the bank"),
          "fr": ("Pluie d’écus (4 cartes)", "reçoit 1 pièce d’argent de la banque")}


@pytest.mark.parametrize(("deck_id", "lang", "paper"), [("draco-long", "it", "a4"), ("draco-short", "it", "a4"),
                                                         ("draco-long", "en", "letter"), ("draco-long", "fr", "a4")])
def test_an_action_card_s_text_stays_on_one_page(deck_id: str, lang: str, paper: str) -> None:
    """Book round 29 it14*, it16* (costliest it5): «Pioggia di monete»'s text broke over the page turn
    mid-parenthesis, "(contando dal" / "primo)", in the Italian Long Game and Short Game (English Letter too). The
    action card list keeps each card's text whole (``<ul whole="yes">``, up to ``WHOLE_CARD_LINES`` lines)."""
    from cardgen.rulebook.book import render_rulebook

    pages = [norm(text) for text in page_texts(render_rulebook(resolve(deck_id, ROOT), lang, paper))]
    name, tail = SHOWER[lang]
    name_pages = [n for n, page in enumerate(pages) if name in page]
    assert name_pages, name
    assert tail in pages[name_pages[0]]


#: action c)'s conditions, a short list in the card's order: the dish, the waiting Emerald, the king's portions
#: (book check en1: the bracket on the just-drawn Emerald follows the waiting Emerald it qualifies; the English label a
#: clause)
EMERALD_CONDITIONS = {
    "fr": "<b>Se servir d’Emerald.</b> Trois conditions : il reste au moins un plat sur la table, une carte Emerald "
          "attend près des plats (une carte Emerald que vous venez de piocher s’utilise dans le cadre de l’action b) "
          "et l’assiette du roi contient au moins {n} cartes Portion.",
    "it": "<b>Usare Emerald.</b> Tre condizioni: sul tavolo resta almeno un piatto, c’è una carta Emerald in attesa accanto "
          "ai piatti (una carta Emerald appena pescata si usa invece nell’azione b) e il re ha almeno {n} carte porzione.",
    "en": "<b>Use Emerald.</b> You may do this only when a dish is still on the table, an Emerald card is waiting beside "
          "the dishes (an Emerald you have just drawn is used as part of action b), and the king’s place holds at least "
          "{n} portion cards."}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("deck_id", "n"), [("king_lui", 2), ("king_lui-hungry-dragon", 3)])
def test_action_c_lists_its_three_conditions_lightly(deck_id: str, n: int, lang: str) -> None:
    """Book round 29 fr1* (costliest fr3): « Il vous faut un plat encore sur la table, une carte Emerald qui attend
    près des plats et au moins 2 cartes Portion dans l’assiette du roi » stacked three conditions in one heavy
    sentence, where a player checks whether Emerald can be used. Now "three conditions:" and three short clauses,
    the dish first as on the card (round 28 en2), "use Emerald" kept (round 28 en1)."""
    text = markup(deck_id, lang)
    assert EMERALD_CONDITIONS[lang].format(n=n) in text
    assert "Il vous faut un plat encore" not in text and "Ti servono un piatto" not in text


def test_the_small_french_and_italian_wordings() -> None:
    """Book round 29 fr6: « l’un ne mange que quatre plats » (a noble is served, he does not "eat only"): « n’accepte
    que »; fr5: « cette édition admet donc aussi 270° » made the ruling read as a deduction: the edition admits
    both ways, « donc aussi 270° », as the Italian and English say; it1: the King Lui motto's inserted « , di nessun
    piatto, » was heavy aloud: « … più porzioni del re, qualunque sia il piatto » (still advice, round 34 it20)."""
    fr = markup("royale", "fr")
    assert "l’un n’accepte que quatre plats de même valeur" in fr and "ne mange que" not in fr
    assert "sans préciser le sens ; cette édition admet les deux sens, donc aussi 270°" in fr
    motto = resolve("king_lui", ROOT).model.description["it"]
    assert motto.endswith("ma a fine pasto non conviene avere più porzioni del re, qualunque sia il piatto.")
    assert "di nessun piatto" not in motto


@pytest.mark.parametrize("lang", LANGS)
def test_first_and_last_mean_the_order_of_laying(lang: str) -> None:
    """Book round 29 fr12: « La première et la dernière carte d’un service sont celles que vous y posez en premier et
    en dernier » (Italian and English alike) was near a tautology; what a player needs is that the order of laying
    counts, not where the cards lie in the row. Book check fr2, it1, en4: every card joins the end of the line, so
    laying order and place in the line were the same; the contrast is "within each serving" against "the whole
    line"."""
    said = {"fr": "« Première » et « dernière » se comptent à l’intérieur de chaque service, et non sur toute la "
                  "file du noble.",
            "it": "«Prima» e «ultima» si contano all’interno di ciascun servizio, non sull’intera fila di carte del "
                  "nobile.",
            "en": "“First” and “last” count within each serving, not along the noble’s whole line."}[lang]
    assert said in markup("royale-masked", lang)
