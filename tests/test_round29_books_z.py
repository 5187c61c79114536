"""Round 29 of the books' reading (#53, docs/reads/round-29-{fr,it}.md), the French and Italian reports' faults: each
fault fixed, held by our own words in the book (its markup, or the PDF for a layout fix) or in the deck. Faults are
numbered per report in order of appearance (docs/reads/round-29-fixes-z.md lists every one, fixed or left)."""
from __future__ import annotations

import html
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fr", "it", "en")


def norm(text: str) -> str:
    """Spaces collapsed (narrow and no-break spaces too)."""
    return " ".join(text.split())


def markup(deck_id: str, lang: str) -> str:
    return norm(html.unescape(render_markup(resolve(deck_id, ROOT), lang)))


#: the sentence royale's and royale-masked's "Playing alone" now adds to "the pile is never rebuilt"
SOLO_STILL_COUNTS = {"fr": "ne revient jamais en jeu. Elle compte pourtant pour juger si une exigence est impossible.",
                     "it": "non torna più in gioco. Conta però ancora per giudicare se una richiesta è impossibile.",
                     "en": "never comes back into play. It still counts, however, when judging whether a request is "
                           "impossible."}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", ["royale", "royale-masked"])
def test_the_solo_chapter_says_the_discards_still_count_for_an_impossible_request(deck_id: str, lang: str) -> None:
    """Book round 29 fr3* (royale), fr12 (royale-masked), it3 (costliest fr2, it3): the solo chapter said a discarded
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
    """Book round 29 it2* (costliest it2): «Ogni nuova carta va in fondo alla fila» reads as "underneath"; the French
    « au bas de la file » and the English "at the bottom of the noble’s line" could too. The card is added at the end
    of the row, overlapping the one before, in all four Royale books."""
    text = markup(deck_id, lang)
    assert ROW_END[lang] in text
    assert not any(old in text for old in ("in fondo alla fila", "au bas de la file", "at the bottom of the noble"))
