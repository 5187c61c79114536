"""Reading round 38 (Draco, en/fr/it): the card strength part. The swap test's columns, the measure to trust and the
sort key, first after the card's name, the opening hands after them "for comparison", each column with its unit
(en7*, it12*, fr7, en13); the one-line rule on which to trust just above the table, the key under it (fr19: 23 lines
before the first row); the swap's baseline true of both cards of a swap (it1*, en6*, en5, fr12, fr35); a † card's
note hedged as any single finding and shorter (en11*, en12, fr8, fr9, fr10, fr33); the opening hands' rates defined
as the code works them out, turn-order position by position (en15); « substitutions » for one count only (fr29);
each strip's scale said to change between player counts (fr30, en21, en22); ◆ said alike in the heading and the
key (fr5, fr6, it13, en2); one wording for a card hardly ever played (en27). Built from small hand-made results,
so it runs fast."""
from __future__ import annotations

import re

import pytest

from nonempty import nonempty

from cardgen.simulate.summary import Naming, designer_lines, strength_key

LANGS = ["en", "fr", "it"]

#: the swap's other card, said so that it is true of the card received and of the card given up (it1*, fr12)
BASELINE = {"en": "instead of the card it was swapped with",
            "fr": "contre laquelle elle a été échangée",  # terminal round 46 fr12: the page's and the terminal's words
            "it": "invece dell’altra carta della sostituzione"}
#: what that other card amounts to (en6*)
AVERAGE = {"en": "(a random card of another kind, so in effect an average other card)",  # round 39 en4
           "fr": "(une carte d’un autre type tirée au hasard : en pratique, par rapport à une carte moyenne)",
           "it": "(una carta di altro tipo scelta a caso: in pratica, rispetto a una carta media)"}
#: each swap for both cards, with opposite signs (en5)
BOTH = {"en": "Each swap is counted for both cards: for the card the player received, and, with the opposite sign, "
              "for the card they gave up.",
        "fr": "Chaque substitution est comptée pour chacune des deux cartes : pour la carte reçue et, avec le signe "
              "opposé, pour la carte cédée.",
        "it": "Ogni sostituzione è contata per ciascuna delle due carte: per quella ricevuta e, con il segno opposto, "
              "per quella ceduta."}
#: the opening hands' group, said to be there for comparison
COMPARE = {"en": "opening hands (for comparison)", "fr": "mains de départ (pour comparaison)",
           "it": "mani iniziali (per confronto)"}


def plain(text: str) -> str:
    return " ".join(str(text).replace("\u202f", " ").replace("\u00a0", " ").split())


def _lines(lang: str, players: int = 3, said: set[str] | None = None) -> list[str]:
    from test_round35_fixes import _designer, _table

    return _table(designer_lines(_designer(), lang, Naming(), 300, set() if said is None else said, players))


def _page(lang: str, said: set[str] | None = None) -> str:
    from test_round36_more import _page as page

    return plain(page(lang, said))


# -- en7*, it12*, fr7, fr19, en13: the table ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_puts_the_swap_test_first_each_column_with_its_unit_and_the_key_under_the_table(lang: str) -> None:
    from cardgen.simulate.verdict import unit
    from cardgen.terminal import say

    lines = _lines(lang)
    heads = say("strength_columns", lang).split("|")
    units = say("strength_units", lang, unit=unit(lang)).split("|")
    # the heading, the rule on which to trust (one line), the groups, the titles, the units, then the rows
    # round 39 (fr2*, it1*, it13*): a key of three lines at most, what the swap test does and what "+5" means
    from cardgen.terminal import fit
    # terminal round 41 it11*, fr9*: the one key (with ◆ and a pointer to the report's method), five lines at most
    assert plain(lines[1]) == plain(strength_key(lang, 4, True)) and len(fit(lines[1]).split("\n")) <= 10  # round 43 it11*: with the columns defined
    groups, titles, under = lines[2], lines[3], lines[4]
    assert groups.index(heads[4]) < groups.index(heads[2]) and COMPARE[lang] in groups  # the swap test first
    at = [titles.index(heads[k]) for k in (5, 6, 1, 3)]  # win, margin, dealt, with − without
    assert at == sorted(at), titles
    for u in nonempty(units, "the columns' units"):  # a unit under every column (en13, fr7, it12*)
        assert u in under, (u, under)
    assert units[1] == units[2] and {"en": "% points", "fr": "points de %",  # round 41 fr11, round 46 fr13
                                            "it": "punti percentuali"}[lang] in plain(units[1])  # round 40 it15
    assert lines[5].split()[0] == "favour"  # the first row right after: nothing else before it (fr19)
    # terminal round 41 it11*, fr9*: nothing under the table but the rows and the † notes (the columns' key and the
    # method are the report's)
    rows = lines[5:]
    assert all(x.startswith("    ") and (x[4:5] != " ") for x in rows), rows
    assert not any(":" in x.split("[")[0] and not x.strip().startswith("†") for x in rows), rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_table_fits_100_columns_with_a_flagged_two_decimal_margin(lang: str) -> None:
    """Draco's 5 players: Favour's "+0.8 [+0.04 to +1.50] ◆" with the group "opening hands (for comparison)" over
    the opening hands' columns: the group line is set to end within the width."""
    from test_card_table_one import _draco_like, _table

    said: set[str] = set()
    designer_lines(_draco_like(), lang, Naming(), 300, said, 3)
    lines = _table(designer_lines(_draco_like(), lang, Naming(), 300, said, 5))
    table = lines[1:8]
    assert all(len(x) <= 100 for x in table), table
    assert COMPARE[lang] in table[0] and "◆" in " ".join(table)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_puts_the_swap_test_first_the_rule_above_and_the_key_under_the_table(lang: str) -> None:
    from cardgen.report.impact import WORDS

    html = _page(lang)
    words = {k: plain(v) for k, v in WORDS[lang].items() if isinstance(v, str)}
    above, rest = html.split("<table", 1)
    table, below = rest.split("</table>", 1)
    assert above.endswith(f'<p class="muted trust">{words["strength_trust"]}</p>'), above
    assert "<li>" not in above and "<details" not in above
    groups = re.findall(r'<th class="group" colspan="2">(.*?)</th>', table)
    assert groups == [words["strength_groups"].split("|")[1], COMPARE[lang]], groups
    heads = re.findall(r"<th[^>]*>(.*?)</th>", table.split("</tr>")[1])
    assert heads[0].startswith(words["strength_head"].split("|")[4].split(" (")[0])  # win rate gained, first
    for head in nonempty(heads, "the column heads"):  # each with its unit (en13)
        assert "(" in head, head
    items = re.findall(r"<li>(.*?)</li>", below.split("</ul>", 1)[0])
    assert items[0].startswith(words["strength_key"].split("|")[0].split(":")[0]) and BASELINE[lang] in items[0]
    assert "<details" in below
    # the next count: its short legend under its table, nothing but the headline above it
    said: set[str] = set()
    _page(lang, said)
    again = _page(lang, said)
    assert again.split("<table", 1)[0].count("<p") == 1 and words["strength_legend_again"].split("{")[0] in \
        again.split("</table>", 1)[1]


# -- it1*, en6*, en5, fr12, fr35: the swap's baseline ---------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_swap_baseline_is_true_of_both_cards_and_said_as_an_average_other_card(lang: str) -> None:
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    # terminal round 41 it11*, fr9*: the columns' key and the method are the page's alone
    page = plain(WORDS[lang]["strength_key"]).split("|")
    assert BASELINE[lang] in page[0] and AVERAGE[lang] in page[0]
    assert plain(BOTH[lang]).rstrip(".") in plain(WORDS[lang]["exchange_legend"])
    assert not any(plain(BOTH[lang]).split(":")[0] in item for item in page)  # said once, in the method
    for k in nonempty([k for k in LINES[lang] if k.startswith("warn_card_play_")], "the swap warnings"):
        assert BASELINE[lang] in LINES[lang][k], k
    old = {"en": ["the card taken", "the other way round"],
           "fr": ["l’autre carte de la substitution", "d’une autre sorte", "en sens inverse"],
           "it": ["con cui è stata sostituita", "in entrambi i modi", "cresce, tenendo"]}[lang]
    texts = [LINES[lang][k] for k in LINES[lang] if k.startswith(("strength_", "warn_card_play_"))]
    texts += [WORDS[lang][k] for k in ("strength_key", "exchange_legend")]
    for text in nonempty(texts, "the card strength texts"):
        assert not any(o in text for o in old), text


def test_the_method_says_the_figure_is_the_difference_between_the_two_playthroughs() -> None:
    """en23: "the player’s win rate rose while they held it" misdescribed the difference of two played-out games."""
    from cardgen.report.impact import WORDS

    method = WORDS["en"]["exchange_legend"]
    assert ("how many percentage points more often the player won when the game was played out with this card than "
            "with the card it was swapped with") in method and "while they held it" not in method


# -- en15: the opening hands' rates, as the code works them out -----------------------------------------------------

def test_the_with_and_without_rates_are_averaged_over_turn_order_positions_as_the_key_says(monkeypatch) -> None:
    """Two seats, four games, worked by hand. Seat 1 dealt the card: won 1 of 2; not dealt: won 2 of 2. Seat 2
    dealt: won 0 of 1; not dealt: won 1 of 3. Position by position then averaged: with (1/2 + 0)/2 = 25%, without
    (1 + 1/3)/2 = 66.7%; a plain count ÷ players would give 1/3 = 33.3% and 3/5 = 60%."""
    from cardgen.report.impact import WORDS
    from cardgen.simulate import cards
    from cardgen.terminal import LINES

    monkeypatch.setattr(cards, "MIN_SEATS", 1)
    monkeypatch.setattr(cards, "MIN_PER_SEAT", 1)
    tally = cards.CardTally()
    for dealt, winner in ((({"x": 1}, {}), 0), (({"x": 1}, {}), 1), (({}, {"x": 1}), 0), (({}, {}), 0)):
        tally.add([dict(hand) for hand in dealt], {winner})
    (row,) = [r for r in tally.rows() if r["component"] == "x"]
    assert row["judged"]
    assert row["win_rate_dealt"] == pytest.approx(0.25) and row["win_rate_not_dealt"] == pytest.approx(0.6667, abs=1e-4)
    assert row["difference"] == pytest.approx(0.25 - 2 / 3, abs=1e-4)
    said = {"en": "Each rate is worked out for each turn-order position (player 1, player 2, …) and then averaged "
                  "over the positions",
            # round 39 fr6, it3, it4: « on fait la moyenne des places », «ordine di gioco», «se ne fa la media»
            # terminal round 46 it34*: the books' seat ("place", "posto") is a seat at Draco's table: a position
            "fr": "Chaque taux est calculé séparément pour chaque position dans l’ordre du tour (joueur 1, joueur 2…), "
                  "puis on fait la moyenne des positions",
            "it": "Ogni quota è calcolata separatamente per ciascuna posizione nell’ordine di gioco (giocatore 1, "
                  "giocatore 2…) e poi se ne fa la media"}
    for lang in nonempty(LANGS):  # the page's key (terminal round 41 it11*: the columns' key is the page's)
        assert said[lang] in plain(WORDS[lang]["strength_key"])


# -- en11*, en12, fr8, fr9, fr10, fr32, fr33, it7: the † notes ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_dagger_cards_note_is_hedged_and_short_on_the_terminal_and_the_page(lang: str) -> None:
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    # round 39 en11, fr17, it10: the hedge a clause of its own, not a bracket interrupting the advice
    hedge = {"en": ("Holding it may cost its holder, though a single finding like this can be a false alarm.",
                    "Holding it may help its holder, though a single finding like this can be a false alarm."),
             "fr": ("La garder semble faire perdre du terrain à son détenteur, mais un résultat isolé peut être une fausse alerte.",
                    "semble avantager son détenteur, mais un résultat isolé peut être une fausse alerte."),
             "it": ("Averla in mano potrebbe essere uno svantaggio, ma un risultato isolato può essere un falso allarme.",
                    "Averla in mano potrebbe essere un vantaggio, ma un risultato isolato può essere un falso allarme."
                    )}[lang]
    for book in nonempty([LINES[lang], WORDS[lang]], "the wordbooks"):
        assert hedge[0] in book["strength_held_weak"] and hedge[1] in book["strength_held_strong"]
        for key in nonempty(["strength_held_weak", "strength_held_strong"], "the held notes"):
            assert not any(o in book[key] for o in ("Holding it costs", "Holding it helps", "La tenir coûte",
                                                     "La tenir profite", "Tenerla penalizza", "della cifra",
                                                     "son chiffre «")), book[key]
    note = [plain(x) for x in _lines(lang) if x.strip().startswith("† shower")][-1]
    assert len(note.split()) < 90, note  # en12: 90-110 words before
    # the page's note gives each figure its unit, as the terminal's (fr33)
    below = _page(lang).split("</table>", 1)[1]
    page_note = re.search(r'<p class="muted note">(.*?)</p>', below).group(1)
    assert {"en": "−1.5 points [−2.5 to −0.5]", "fr": "−1,5 point [−2,5 ; −0,5]",
            "it": "−1,5 points [−2,5; −0,5]"}[lang] in page_note, page_note  # the unit the test gives
    assert {"en": "percentage points [", "fr": "points de pourcentage [", "it": "punti percentuali ["}[lang] in page_note


def test_the_again_note_puts_its_unit_after_never_flagged() -> None:
    """fr8: « † presque jamais jouées (fois par joueur et par partie), donc jamais signalées »: a bare unit."""
    from cardgen.terminal import LINES

    assert LINES["fr"]["strength_hardly_again"].startswith(
        "† presque jamais jouées, donc jamais signalées (nombre moyen de fois où elles sont jouées, par joueur et par "
        "partie) : ")  # round 39 fr7: one wording at every count
    assert LINES["en"]["strength_hardly_again"].startswith(
        "† hardly ever played, so never flagged (times played per player per game): ")


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_hardly_ever_played_has_one_verdict_wording(lang: str) -> None:
    """en27: "hardly ever played: never flagged" beside "not flagged: hardly ever played; see the note below"."""
    from cardgen.report.impact import WORDS

    plain_cell, held_cell = WORDS[lang]["strength_hardly_played"], WORDS[lang]["strength_held_cell"]
    assert held_cell.startswith(plain_cell + " (") and held_cell.endswith(")")


# -- fr29, fr30, en21, en22: the counts under the names and the strip's scale ----------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_swaps_under_a_cards_name_read_as_its_share_of_the_swaps(lang: str) -> None:
    html = _page(lang)
    # round 39 en15, it17: "part of … swaps" unidiomatic, «coinvolta in ⏎ 400» broken from its number
    # terminal round 41 fr30: a count of its own, never "played … times … in 400 swaps"
    said = {"en": "400 swaps in 200 games", "fr": "400 substitutions, dans 200 parties",
            "it": "400 sostituzioni in 200 partite"}[lang]
    assert said in html, html[:2000]


@pytest.mark.parametrize("lang", LANGS)
def test_the_strip_legend_says_each_player_count_has_its_own_scale(lang: str) -> None:
    from cardgen.report.impact import WORDS

    legend = WORDS[lang]["strength_strip_legend"]
    assert {"en": "(each player count has its own scale)", "fr": "(l’échelle change d’un nombre de joueurs à l’autre)",
            "it": "(la scala cambia da un numero di giocatori all’altro)"}[lang] in legend
    assert not legend.startswith("The strip plots")  # en21: a garden path


# -- fr5, fr6, it13, en2, en3, it6, it30: the marks and the headings -------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_diamond_is_said_alike_in_the_heading_and_the_key(lang: str) -> None:
    from cardgen.terminal import LINES

    figure = {"en": "figure", "fr": "chiffre", "it": "valore"}[lang]
    assert figure in LINES[lang]["strength_flagged_one"], LINES[lang]["strength_flagged_one"]
    for key in nonempty(["strength_flagged_one", "strength_flagged", "strength_mark"], "the ◆ sentences"):
        text = LINES[lang][key]
        assert not any(o in text for o in ("marks the card", "marque la carte", "indica la carta", "cifra",
                                           ", more than chance", ", un écart que", ", una differenza maggiore")), text


def test_the_headings_say_no_card_flagged_as_at_the_other_counts() -> None:
    """en3, it6: "no card stands out beyond chance" at 3 players, "no card flagged" at 4 and 6."""
    from cardgen.terminal import LINES

    assert LINES["en"]["strength_none"] == "no card flagged, as every interval includes 0"  # round 39 en1: one colon
    assert LINES["it"]["strength_none"].startswith("nessuna carta segnalata")
    for lang in nonempty(LANGS):
        assert not any(o in LINES[lang][k] for k in ("strength_none", "strength_none_again")
                       for o in ("stands out", "si scosta"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_flag_legend_says_either_tests_interval_flags_a_card(lang: str) -> None:
    """it30: "flagged when one of its intervals leaves out 0" beside "trust the swap test": which intervals?"""
    from cardgen.report.impact import WORDS

    assert {"en": "in either test", "fr": "dans l’une ou l’autre mesure",
            "it": "nelle mani iniziali («divario con/senza») o nella prova di sostituzione"}[lang] in WORDS[lang]["strength_flag"]


# -- en24, en25, fr37, fr13: the flagged card's headline and cell, the false-alarm sentence --------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_card_flagged_on_its_margin_is_said_plainly_above_the_table_and_briefly_in_its_cell(lang: str) -> None:
    from cardgen.report.impact import WORDS, strength_block
    from test_round35_fixes import _designer

    d = _designer()
    d["exchange"]["rows"][0].update(flag="strong", flagged_by=["margin"], margin=0.8, margin_low=0.04,
                                    margin_high=1.5, flag_low=0.04, flag_high=1.5)
    html = plain(str(strength_block(d["component_impact"], d["exchange"], None, lang, None, "points", set(), "point")))
    head = html.split('<p class="muted trust">', 1)[0]
    said = {"en": "<p>Flagged: favour, which seems too strong (holding it improves its holder’s margin by more than "
                  "chance explains; its effect on winning may be chance).</p>",
            "fr": "<p>Carte signalée : favour, qui semble trop forte (son effet sur l’avance dépasse ce que le hasard peut expliquer ; son "
                  "effet sur les victoires peut être dû au hasard).</p>",
            "it": "<p>Carta segnalata: favour, che sembra troppo forte (il suo effetto sul vantaggio va oltre il caso; "
                  "quello sulle vittorie può essere dovuto al caso).</p>"}[lang]
    assert head == said, head
    row = html.split('<td class="card">favour', 1)[1].split("</tr>", 1)[0]
    cell = re.search(r'<td class="call[^"]*">(.*?)</td>', row).group(1)
    assert cell == plain(WORDS[lang]["strong_margin_cell"]) and len(cell.split()) <= 6, cell
    assert "interval" not in cell and "intervall" not in cell


def test_the_french_false_alarm_sentence_has_no_loose_apposition() -> None:
    from cardgen.terminal import say

    fr = plain(say("card_confirm_calm", "fr", card="« Faveur »", where="à 3 joueurs", command="C"))
    assert "Il peut donc s’agir d’une fausse alerte (le risque d’en obtenir une augmente avec le nombre de configurations testées)" in fr
    assert "un risque qui grandit" not in fr


def test_the_advice_to_confirm_a_card_sits_in_its_warnings_box() -> None:
    """it32: «“Favore” resta entro i limiti del caso …», the paragraph qualifying the card warning, sat outside the
    warning's box and read as an unrelated remark: it now closes the card warning's item (the card warning is the
    last), where no caveat stands between them."""
    from pathlib import Path

    deck = (Path(__file__).resolve().parents[1] / "templates" / "report" / "deck.html").read_text(encoding="utf-8")
    assert "{% if loop.last and inside %}{{ fix_line(e.confirm) }}{% endif %}</li>" in deck
    assert "{% if e.confirm and not inside %}{{ fix_line(e.confirm) }}{% endif %}" in deck


@pytest.mark.parametrize("lang", LANGS)
def test_the_overviews_card_note_is_short_and_has_no_colon_in_its_bracket(lang: str) -> None:
    """en18: some 40 words in a table cell; fr25, it27: « (test de substitution : d’après … , pas d’après …) », a
    colon inside the second bracket in a row, the card's name buried between them."""
    from cardgen.report.words import PAGES

    note = PAGES[lang]["card_mid_margin"]
    assert ":" not in note and len(note.split()) <= 20, note
    assert {"en": "may be chance", "fr": "peut être dû au hasard", "it": "può essere dovuto al caso"}[lang] in note


def test_the_phone_verdict_takes_the_card_blocks_whole_width() -> None:
    """it33: at 390 px the verdict wrapped in some 60% of the width (the wide screen's 16em cap) under full-width
    lines, and looked broken."""
    from pathlib import Path

    css = (Path(__file__).resolve().parents[1] / "templates" / "report" / "report.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert "table.exchange.strength td.call{max-width:100%}" in phone


def test_the_italian_keys_say_a_positive_value_in_a_sentence() -> None:
    """it9: «Positivo: chi l’aveva ha vinto più spesso.», a telegraphic fragment."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    assert "Un valore positivo indica che chi aveva la carta ha vinto più spesso." in WORDS["it"]["strength_key"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_measures_name_is_written_once_for_its_key_line_and_its_held_note(lang: str) -> None:
    """The † note named a figure by cutting the key's sentence at its first colon: a translator's rewording of the
    sentence would have renamed the figure. Each name is now one entry (``strength_name_*``), which the key's line
    starts with and the note quotes."""
    from cardgen.simulate.summary import LINES, held_notes

    from cardgen.report.impact import WORDS

    for k in nonempty(["gap", "win", "margin"]):  # the page's key starts each line with the same name
        assert any(line.startswith(LINES[lang][f"strength_name_{k}"]) for line in WORDS[lang]["strength_key"].split("|"))
    row = {"component": "shower", "held_flag": "weak", "flagged_by": ["margin"], "plays_per_seat": 0.04,
           "win": -0.02, "win_low": -0.09, "win_high": 0.05, "margin": -1.5, "margin_low": -2.5, "margin_high": -0.5}
    [note] = held_notes(None, row, "Shower of Coins", lang)
    name = LINES[lang]["strength_name_margin"].replace("’", "'")
    assert name in note.replace("’", "'").replace("\u202f", " ").replace("\u00a0", " "), note
    assert LINES[lang]["strength_name_win"] not in note, note
