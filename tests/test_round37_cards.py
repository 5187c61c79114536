"""Reading round 37 (Draco, en/fr/it): the card strength part. The swap experiment's baseline said as the code does
it (``cardgen.simulate.exchange._exchange_at``: a card of a seat's hand swapped for a card of another kind that no
seat holds, both futures played from the same seed, the card taken credited +d and the card given up −d), the same
on the terminal's key, the page's key, its method and the warnings (en1*, en23*, it2*, it30*); the experiment named
as cardgen's test, never as a move of the game (fr1*); ◆ said to mark a flagged figure, † cards never flagged (en4,
fr2*, it1*); the 5-player warning's mark beside the figure it marks (en2*), in short sentences (fr14*, en3, it16);
« à la limite du hasard » (fr12*, it9); the † card's verdict cell short, its explanation under the table (en28,
fr35, it33) and the tables inside the text column at 1280 px (en29). Built from small hand-made results, so it
runs fast."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from nonempty import nonempty

LANGS = ["en", "fr", "it"]
ROOT = Path(__file__).resolve().parents[1]

#: the baseline: the card it was swapped with (each swap counts for both cards)
BASELINE = {"en": "instead of the card it was swapped with",
            # terminal round 46 fr12: the words common to the page's « plutôt que celle … » and the terminal's « avec
            # cette carte qu’avec celle … »
            "fr": "contre laquelle elle a été échangée",
            "it": "invece dell’altra carta della sostituzione"}  # round 38 it1*, fr12: true of both cards; round 41 it12: one name, «sostituzione»
#: the experiment's one name
NAME = {"en": "card swap test", "fr": "test de substitution", "it": "prova di sostituzione"}
#: its old names, read as moves of the game (Draco's cards swap characters and hands)
OLD_NAMES = {"en": ("mid-game exchange", "nobody held", "such a swap"),
             "fr": ("échange en cours de partie", "personne ne tenait", "effet de l’échange", "cet échange"),
             "it": ("scambio durante la partita", "una carta che nessuno aveva", "effetto dello scambio", "questo scambio")}


def plain(text: str) -> str:
    return " ".join(str(text).replace("\u202f", " ").replace("\u00a0", " ").split())


def _terminal(lang: str) -> list[str]:
    from test_round35_fixes import _designer, _table

    from cardgen.simulate.summary import Naming, designer_lines

    return [plain(x) for x in _table(designer_lines(_designer(), lang, Naming(), 300, set(), 3))]


def _page(lang: str) -> str:
    from test_round36_more import _page as page

    return plain(page(lang))


def _favour_warning(lang: str, page: bool = False) -> str:
    from test_round36_fixes import _favour

    from cardgen.simulate.summary import card_warning, winner_lead

    return plain(card_warning(_favour(), lang, page=page, lead=winner_lead({"scores": {"margin": {"mean": 4.12}}})))


@pytest.mark.parametrize("lang", LANGS)
def test_the_swap_baseline_is_said_once_and_the_same_on_terminal_page_key_method_and_warning(lang: str) -> None:
    """en1*, en23*, it2*, it30*: "rather than a card nobody held" was wrong for half the swaps (each counts for the
    card taken and, the other way round, for the card given up) and clashed with the warning's "the card given up"."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    page = _page(lang)
    # terminal round 41 it11*, fr9*: the method is the page's; the terminal's one key says the baseline as the
    # warning does, the card it was swapped with, then what that amounts to (round 43 fr10*, it13: "an average other
    # card" alone in the key beside "the card it was swapped with" in the warning read as two baselines)
    key = " ".join(_terminal(lang))
    assert {"en": "than with the card it was swapped with (in effect, an average other card)",
            "fr": "qu’avec celle contre laquelle elle a été échangée (en pratique, une carte moyenne)",
            "it": "invece dell’altra carta della sostituzione vince 5 partite su 100 in più (in pratica, rispetto a "
                  "una carta media)"}[lang] in re.sub(r"\s+", " ", key)
    assert BASELINE[lang] in page.split('class="muted key">', 1)[1].split("</ul>", 1)[0]  # the page's key
    method = page.split("<details", 1)[1].split("</details>", 1)[0]
    # the method says the figure as the two playthroughs' difference: "won … with this card than with the card it was
    # swapped with" (round 38 en23)
    assert {"en": "than with the card it was swapped with", "fr": "plutôt qu’avec celle contre laquelle elle a été échangée",
            "it": "invece che con l’altra carta della sostituzione"}[lang] in method
    assert BASELINE[lang] in _favour_warning(lang) and BASELINE[lang] in _favour_warning(lang, page=True)
    # the swap as the code makes it: a card of another kind that no player holds, both ways, each swap for both cards
    how = {"en": ("a card of another kind that no player held", "Each swap is counted for both cards"),
           "fr": ("une carte d’un autre type dont personne n’avait d’exemplaire en main",
                  "Chaque substitution est comptée pour chacune des deux cartes"),
           "it": ("una carta di altro tipo che in quel momento non era in mano a nessuno",
                  "Ogni sostituzione è contata per ciascuna delle due carte")}[lang]
    for words in nonempty(how, "what the swap is"):
        assert words in method, words
    for old in nonempty(OLD_NAMES[lang], "the old baselines"):
        assert old not in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_experiment_has_one_name_as_cardgens_test_everywhere(lang: str) -> None:
    """fr1*: « échange » is a move of Draco (Changement de main, Chassé-croisé swap hands): cardgen's experiment named
    as its test, the same in the group header, the counts, the key, the warnings and the method."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    lines = _terminal(lang)
    # the counts: "2,940 card swaps", « 2 940 tests de substitution », «prova di sostituzione: 2.940 sostituzioni»
    assert {"en": "card swaps in", "fr": "tests de substitution dans", "it": NAME["it"]}[lang] in lines[0]
    groups = [x for x in lines if x.strip().startswith(NAME[lang])]  # the swap test's group first (round 38)
    assert groups and ("opening hands", "mains de départ", "mani iniziali")[LANGS.index(lang)] in groups[0], lines
    words = WORDS[lang]
    # (the phone labels name the figure alone since terminal round 41 it32: their group is its heading)
    for key in nonempty(["strength_groups", "strength_title", "strength_trust",
                         "strength_strip_legend"], "the page's words"):
        assert NAME[lang] in words[key].lower(), (key, words[key])
    assert words["exchange_legend"].lower().startswith(NAME[lang])
    for key in nonempty([k for k in LINES[lang] if k.startswith("warn_card_play_")], "the play warnings"):
        assert NAME[lang] in LINES[lang][key], key
    texts = [v for k, v in {**LINES[lang], **words}.items() if isinstance(v, str)
             and (k.startswith(("strength_", "warn_card_play")) or k in ("exchange_legend", "exchange_games"))]
    for text in nonempty(texts, "the card strength words"):
        assert not any(old in text for old in OLD_NAMES[lang]), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_diamond_legend_says_it_marks_a_flagged_figure_and_never_a_dagger_card(lang: str) -> None:
    """en4, fr2*, it1*: "◆ marks a figure whose interval leaves out 0", yet Shower of Coins' −1.5 [−2.5 to −0.5]
    (4p) and −6.5 [−12.99 to −0.03] (6p) carry none: they are † cards, never flagged."""
    # terminal round 41 it11*: the one key above the table says ◆, the † note under it that † is never flagged
    said = {"en": "◆ marks a figure that chance alone is unlikely to explain",
            "fr": "◆ : écart que le hasard seul explique difficilement",
            "it": "◆: differenza che difficilmente si spiega con il caso"}[lang]  # round 38 it7
    text = plain(" ".join(_terminal(lang)))
    never = {"en": "so they are never flagged", "fr": "elles ne sont donc jamais signalées",
             "it": "mai segnalate"}[lang]
    assert plain(said) in text and never in text, text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", [False, True])
def test_the_margin_warning_puts_its_mark_after_the_margin_in_short_sentences(lang: str, page: bool) -> None:
    """en2*: "(◆ in the card table above)" followed the win-rate figure, where ◆ marks the margin; fr14*: one
    90-word sentence; en3: the winner's lead given as a yardstick, not said to be one."""
    said = _favour_warning(lang, page)
    where = {"en": "(◆ in the card table above)", "fr": "(◆ dans le tableau des cartes ci-dessus)",
             "it": "(◆ nella tabella delle carte qui sopra)"}[lang] if not page else {
        "en": "(see the card table below)", "fr": "(voir le tableau des cartes plus bas)",
        "it": "(vedi la tabella delle carte più sotto)"}[lang]
    margin = {"en": "[+0.04 to +1.50]", "fr": "[+0,04 ; +1,50]", "it": "[+0,04; +1,50]"}[lang]
    win = {"en": "+3.4 percentage points", "fr": "+3,4 points de pourcentage", "it": "+3,4 punti percentuali"}[lang]
    assert said.index(margin) < said.index(where) < said.index(win), said
    scale = {"en": "For scale: the winner’s lead over the runner-up averages 4.1 points.",
             "fr": "Pour comparer : l’avance moyenne du vainqueur sur le deuxième est de 4,1 points.",
             "it": "Per confronto, il vincitore stacca il secondo di 4,1 punti in media."}[lang]
    assert scale in said
    sentences = [s for s in re.split(r"(?<=[.])\s+(?=[A-ZÀ-Ý«“])", said) if s]
    assert len(sentences) >= 4
    for sentence in nonempty(sentences, "the warning's sentences"):
        assert len(sentence.split()) <= 40, sentence


@pytest.mark.parametrize(("lang", "old", "new"), [
    # round 38 fr16: no "))"; round 39 fr13: « semble », in a sentence; round 40 fr25: one hedge, "signalée"
    ("fr", "à la limite du hasard", "de justesse comme trop"),
    ("it", "al limite del caso", "appena oltre i limiti del caso")])
def test_a_card_just_beyond_chance_is_said_natively(lang: str, old: str, new: str) -> None:
    """fr12*, it9: « à la limite du hasard » / «al limite del caso» read as "borderline random"."""
    from cardgen.terminal import LINES

    keys = [k for k in LINES[lang] if k.startswith("warn_cards_") and k.endswith(("_just", "_just_one"))]
    for key in nonempty(keys, "the closing line's just-beyond-chance keys"):
        assert new in LINES[lang][key] and old not in LINES[lang][key], LINES[lang][key]


@pytest.mark.parametrize("lang", LANGS)
def test_the_dagger_cards_cell_is_short_and_its_why_is_said_under_the_table(lang: str) -> None:
    """en28, fr35, it33: a 60-word paragraph in the verdict column, one or two words a line, the row ~370 px tall;
    en9: "Holding it costs its holder" said no what: the note names the figure."""
    from cardgen.report.impact import WORDS

    html = _page(lang)
    table, after = html.split("</table>", 1)
    row = table.split('<td class="card">shower †', 1)[1].split("</tr>", 1)[0]
    cell = re.search(r'<td class="call[^"]*">(.*?)</td>', row).group(1)
    assert cell == plain(WORDS[lang]["strength_held_cell"]) and len(cell.split()) <= 12, cell
    note = re.search(r'<p class="muted note">(.*?)</p>', after).group(1)
    assert note.startswith("† shower") and re.search(r"\[[−+]", note), note  # the figure, with its interval
    # round 39: a sentence; terminal round 46 it12: with the means to check
    assert {"en": "to tell whether", "fr": "pour savoir si", "it": "per capire se"}[lang] in note.lower()


def test_the_card_table_leaves_room_in_the_text_column_at_1280_px() -> None:
    """en29: the 5- and 6-player tables ran ~40 px past the text column at 1280 px (the card column's 14em)."""
    css = (ROOT / "templates" / "report" / "report.css").read_text(encoding="utf-8")
    assert "table.strength .card{width:auto;min-width:12em}" in css and "min-width:14em}" not in css.split(
        "table.strength .card", 1)[1][:40]


@pytest.mark.parametrize("lang", LANGS)
def test_the_verdicts_say_contains_0_without_still(lang: str) -> None:
    """en32, fr33, it32: "still includes it" / « le contient encore » / «lo contiene ancora» implied a change."""
    from cardgen.report.impact import WORDS

    for key in nonempty(["strong_margin", "weak_margin"], "the margin verdicts"):
        text = WORDS[lang][key]
        assert not any(old in text for old in ("still", "encore", "ancora")), text
        # round 38 en24: in a designer's words, its effect on winning "may be chance"
        assert {"en": "may be chance", "fr": "peut être dû au hasard", "it": "può essere dovuto al caso"}[lang] in text


def test_the_french_heading_has_no_two_colons() -> None:
    """fr6: « … dans 250 parties) : aucune carte signalée : tous les écarts … »."""
    from cardgen.terminal import LINES

    assert LINES["fr"]["strength_none"].count(":") == 0 and " ; " in LINES["fr"]["strength_none"]


def test_the_french_strip_tooltip_spaces_its_semicolon() -> None:
    """fr37: « +1,8 [−10,2 ; +13,9]; échange … »: a semicolon with no space before it in the strip's tooltip."""
    html = _page("fr")
    labels = re.findall(r'aria-label="([^"]*)"', html)
    both = [x for x in labels if "écart avec/sans" in x and "effet sur les victoires" in x]  # round 41 it32
    for label in nonempty(both, "the strips' two-figure labels"):
        assert "]; " not in label and "] ; effet sur les victoires" in label, label


def test_the_italian_held_note_says_tu_and_the_french_dagger_note_has_a_subject() -> None:
    """it8, it34: «verificate» (voi) where the reader is «tu» everywhere else; fr7: « (fois par joueur et par
    partie) » a unit with no number, the sentence without a subject."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    for text in nonempty([LINES["it"]["strength_held_strong"], LINES["it"]["strength_held_weak"],
                          WORDS["it"]["strength_held_strong"], WORDS["it"]["strength_held_weak"]], "the it notes"):
        # «Verifica se», a sentence since round 39; terminal round 46 it12: «Per capire se …, rivedi» (tu)
        assert "Per capire se" in text and "rivedi" in text and "verificate" not in text
    # round 39 fr7: one wording at every count, the times they are played
    assert "(nombre moyen de fois où elles sont jouées, par joueur et par partie)" in LINES["fr"]["strength_hardly"]
    assert "(nombre moyen de fois où elles sont jouées, par joueur et par partie)" in LINES["fr"]["strength_hardly_again"]
    assert "elles ne sont donc jamais signalées" in LINES["fr"]["strength_hardly"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sort_order_is_said_with_its_direction_on_terminal_and_page(lang: str) -> None:
    """fr16, it6: « Les lignes sont classées selon l'effet sur les victoires »: which way round?"""
    said = {"en": "Rows are sorted by win rate gained, highest first.",
            "fr": "Les lignes sont classées de l’effet sur les victoires le plus favorable au plus défavorable.",
            "it": "Le righe sono in ordine decrescente di effetto sulle vittorie."}[lang]
    # terminal round 41 it11*, fr9*: the page's key alone (the terminal's key is short and points to the report)
    assert said in _page(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_overviews_card_cell_names_the_swap_test(lang: str) -> None:
    """en22: "“Favour” (mid-game, holding it improves …)": "mid-game," dangled; fr1*: the test named as in the table."""
    from cardgen.report.words import PAGES

    for key in nonempty(["card_mid", "card_mid_margin"], "the overview's card notes"):
        assert NAME[lang] in PAGES[lang][key].lower(), PAGES[lang][key]
    assert "(mid-game," not in PAGES["en"]["card_mid_margin"]


def test_the_french_swap_test_is_masculine_everywhere() -> None:
    """Round 38 fr11*, fr27: « lors de la test de substitution » in every card warning: « test » is masculine."""
    import json
    import re

    from english import strings_of

    said = [s for p in nonempty(sorted((ROOT / "cardgen").rglob("*.json")))
            for s in strings_of(json.loads(p.read_text(encoding="utf-8")), "fr")]
    assert [s for s in said if "test de substitution" in s]
    assert not [s for s in said if re.search(r"\b(?:la|une|cette|de la) test\b", s, re.I)]
