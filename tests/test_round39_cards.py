"""Reading round 39 (Draco, en/fr/it): the card strength part. A short key ABOVE the card table (what the card swap
test does, what "+5" means, the opening hands only a cross-check, a flag from them alone a lead to confirm), where
one line said "where the two tests disagree, trust the swap test" before either test was explained, against a flag
rule under the table that lets either test flag a card (fr2*, it1*, it13*); a card flagged by the swap test said to
be so by that test, never "too strong in play / en cours de partie / durante la partita", read as a property of the
card in mid-game (fr14*, fr30*). Built from small hand-made results, so it runs fast."""
from __future__ import annotations

import re

import pytest

from nonempty import nonempty

from cardgen.simulate.summary import Naming, designer_lines

LANGS = ["en", "fr", "it"]

#: what "+5" means, in the key above the table
# round 43 fr10*, it13: against the card it was swapped with, as the warnings say, then what that amounts to
PLUS_FIVE = {"en": "+5 means its holder wins 5 more games in 100 than with the card it was swapped with (in effect, an "
                   "average other card)",
             # terminal round 46 fr12: « qui la tient plutôt que celle … », elliptic
             "fr": "+5 signifie 5 victoires de plus sur 100 avec cette carte qu’avec celle contre laquelle elle a été "
                   "échangée (en pratique, une carte moyenne)",
             "it": "+5 vuol dire che chi la tiene invece dell’altra carta della sostituzione vince 5 partite su 100 in più "
                   "(in pratica, rispetto a una carta media)"}
#: the opening hands: a cross-check, a flag from them alone to confirm on more games (round 40 it11*, fr9, it38)
CROSS = {"en": "A ◆ that appears only in these two columns needs confirming on more games.",  # round 44 en20*
         "fr": "Un ◆ qui n’apparaît que dans ces deux colonnes est à confirmer sur davantage de parties.",
         "it": "Un ◆ che compaia solo in queste due colonne va confermato con più partite."}
CROSS_PAGE = {"en": "Opening hands: a cross-check; confirm on more games a card flagged only there.",
              "fr": "Mains de départ : un simple contrôle ; une carte signalée là seulement est à confirmer.",
              "it": "Le mani iniziali servono solo da confronto: una carta segnalata solo lì va confermata con più partite."}
#: the old one line, which relied on an experiment explained 20 lines below
DISAGREE = ("disagree", "désaccord", "disaccordo", "non concordano")


from test_round38_cards import _lines, _page, plain  # noqa: E402  (round 38's renderers of the card table)


# -- fr2*, it1*, it13*: the key above the table ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_has_a_short_key_above_the_table_saying_what_the_swap_test_does_and_plus_five(lang: str) -> None:
    from cardgen.simulate.summary import strength_key
    from cardgen.terminal import fit, say

    lines = fit("\n".join(_lines(lang))).split("\n")  # as the terminal prints them, 100 columns
    group = say("strength_columns", lang).split("|")[4]
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(group))  # the groups' line
    above = lines[1:at]
    # the heading's second line, then the key: five lines at most (terminal round 41 it11*, fr9*: the one key, with
    # what ◆ means, the method left to the report), none past 100 columns
    key = above[next(i for i, line in enumerate(above) if re.match(r"    \S", line)):]
    assert 1 <= len(key) <= 10 and all(len(line) <= 100 for line in nonempty(key, "the key's lines")), above
    text = plain(" ".join(key))
    assert re.sub(r"\d+ ", "", text) == re.sub(r"\d+ ", "", plain(strength_key(lang, 2, True))), text
    assert PLUS_FIVE[lang] in text and CROSS[lang] in text
    assert {"en": "The method in full is in the report.", "fr": "Méthode détaillée : voir le rapport.",
            "it": "Metodo completo nel resoconto."}[lang] in text, text
    assert not any(o in text for o in DISAGREE)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_key_above_the_table_agrees_with_the_flag_rule_under_it(lang: str) -> None:
    from cardgen.report.impact import WORDS

    html = _page(lang)
    above, below = html.split("<table", 1)
    trust = re.search(r'<p class="muted trust">(.*?)</p>', above).group(1)
    assert PLUS_FIVE[lang] in trust and CROSS_PAGE[lang] in trust, trust
    assert not any(o in trust for o in DISAGREE)
    # the flag rule under the table: either test's interval flags a card, which the key above says of the hands
    assert {"en": "in either test", "fr": "dans l’une ou l’autre mesure",
            "it": "nelle mani iniziali («divario con/senza») o nella prova di sostituzione"}[lang] in plain(WORDS[lang]["strength_flag"])


def test_the_opening_hands_can_flag_a_card_as_the_key_says() -> None:
    """The code's rule, which the key states: a card flagged by its opening hands alone is a flagged card."""
    from cardgen.simulate.summary import flagged_cards
    from test_round35_fixes import _designer

    d = _designer()
    d["component_impact"][1].update(flag="strong")  # rumours: opening hands only
    assert [r["component"] for r in flagged_cards({"players": 3, "designer": d})] == ["rumours"]


# -- fr14*, fr30*: a card flagged by the swap test is said to be so by that test ------------------------------------

#: the test named before the verdict
BY_TEST = {"en": "going by the card swap test", "fr": "d’après le test de substitution",
           "it": "secondo la prova di sostituzione"}
#: read as a property of the card in mid-game
IN_PLAY = ("in play", "en cours de partie", "durante la partita")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("by", [["win"], ["margin"]])
@pytest.mark.parametrize("flag", ["strong", "weak"])
@pytest.mark.parametrize("just", [True, False])
def test_a_swap_test_card_warning_names_the_test_not_a_moment_of_the_game(lang: str, by: list[str], flag: str,
                                                                           just: bool) -> None:
    from cardgen.simulate.summary import card_warning
    from test_round35_fixes import _played

    sign = 1 if flag == "strong" else -1
    edge = 0.005 if just else 0.05
    row = _played("favour", sign * 0.06, flag=flag, flagged_by=by, margin=sign * 0.8,
                  margin_low=sign * 0.04 if sign > 0 else -1.5, margin_high=1.5 if sign > 0 else -0.04,
                  flag_low=sign * edge if sign > 0 else -0.2, flag_high=0.2 if sign > 0 else -edge)
    text = plain(card_warning(row, lang, lead=4.1))
    assert BY_TEST[lang] in text, text
    assert not any(o in text for o in IN_PLAY), text
    # the test and the card's name in the sentence's first clause, before what a holder gains
    assert max(text.index("favour"), text.index(BY_TEST[lang])) < text.index(
        {"en": "player who holds", "fr": "le joueur", "it": "hi la tiene"}[lang]), text


@pytest.mark.parametrize("lang", LANGS)
def test_where_a_card_stays_within_chance_in_the_swap_test_it_says_so_by_name(lang: str) -> None:
    from cardgen.terminal import LINES

    assert {"en": "in the card swap test", "fr": "dans le test de substitution",
            "it": "nella prova di sostituzione"}[lang] in LINES[lang]["calm_play"]
    assert not any(o in LINES[lang]["calm_play"] for o in ("mid-game", *IN_PLAY))


# -- fr26*, fr27, it16: each strip's scale where it is drawn --------------------------------------------------------

def _margin_page(lang: str) -> str:
    from cardgen.report.impact import strength_block
    from test_round35_fixes import _designer

    d = _designer()
    d["exchange"]["rows"][0].update(flag="strong", flagged_by=["margin"], margin=0.8, margin_low=0.04,
                                    margin_high=1.5, flag_low=0.04, flag_high=1.5)
    return str(strength_block(d["component_impact"], d["exchange"], None, lang, None, "points", set(), "point"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_strip_header_gives_each_measure_its_own_scale_and_unit(lang: str) -> None:
    """fr26*: Favour's margin line drawn on its own ±1.9 scale under a header "−14 … 0 … +14" alone; fr27, it16: no
    unit, no key over the strips."""
    from cardgen.report.impact import STRONG, WORDS

    html = _margin_page(lang)
    th = plain(re.search(r'<th class="strip"[^>]*>(.*?)</th>', html, re.S).group(1))
    words = WORDS[lang]
    win, dots, margin = (words[k].split("|")[0] for k in ("strength_strip_win", "strength_strip_dots",
                                                          "strength_strip_margin"))
    assert plain(win) in th and {"en": "percentage points", "fr": "points de pourcentage",
                                 "it": "punti percentuali"}[lang] in plain(win)
    # the wins' scale, then the dots' key, then the margin's scale in the flag's colour with its own ends and unit
    assert th.index(plain(win)) < th.index(plain(dots)) < th.index("■"), th
    part = th.split(f'style="color:{STRONG}">', 1)[1]
    assert part.startswith("<span class=\"nw\">■") or part.startswith("■"), part
    assert plain(margin.format(unit="points")) in part and "… 0 …" in part, part
    # its own ends: the widest margin end of the table (shower's −2.5), widened by 5 %, as the strips are drawn
    side = re.search(r"([−-]\S+) … 0 … (\+[^<\s]+)", part)
    assert side and side.group(2) == {"en": "+2.6", "fr": "+2,6", "it": "+2,6"}[lang], part
    # the ends never broken from each other
    assert re.search(r'<span class="nw">[^<]*… 0 …[^<]*</span>', th.split("■")[0]), th
    # no margin line: no margin scale
    from test_round36_more import _page
    plain_th = plain(re.search(r'<th class="strip"[^>]*>(.*?)</th>', _page(lang), re.S).group(1))
    assert "■" not in plain_th and plain(win) in plain_th


def test_the_swap_tests_dot_is_drawn_above_the_opening_hands_as_its_columns_come_first() -> None:
    """fr27: the swap test's columns first, its dot drawn on the lower line."""
    from cardgen.report.impact import WORDS

    for html in nonempty([_margin_page("fr"), plain(__import__("test_round36_more")._page("fr"))], "two tables"):
        for svg in nonempty(re.findall(r"<svg.*?</svg>", html, re.S), "the strips"):
            filled = re.search(r'<circle cx="[^"]+" cy="([^"]+)" r="4"', svg)
            hollow = re.search(r'<circle cx="[^"]+" cy="([^"]+)" r="3.5" fill="white"', svg)
            if filled and hollow:
                assert float(filled.group(1)) < float(hollow.group(1)), svg
            square = re.search(r'<rect x="[^"]+" y="([^"]+)"', svg)
            if square and filled:  # the margin's line under both
                assert float(square.group(1)) > float(filled.group(1))
    assert "rond plein (ligne du haut)" in WORDS["fr"]["strength_strip_legend"]


# -- fr5, it9, fr6, fr7, fr8, fr9, it2-it7, it10, en4, en5, en11, fr17, fr4, en3: the key's and notes' words --------

#: (wordbook, language, key, words it says, words it no longer says)
SAID = [
    # fr5, it9: the opening hands' figure named without a formula, the same name everywhere (not «scarto», the
    # discard pile, round 36 it18)
    ("T", "fr", "strength_name_gap", "écart avec/sans", "avec − sans"),
    ("T", "it", "strength_name_gap", "divario con/senza", "con − senza"),
    # fr6, it3, it4: the rates averaged over the seats, in plain words; «ordine di gioco» as everywhere else (round 46 it34*: positions, not the book's seats)
    ("I", "fr", "strength_key", "puis on fait la moyenne des positions", "compté à la carte"),
    ("I", "it", "strength_key", "e poi se ne fa la media, perché", "nell’ordine di turno"),
    # it2: a figure that goes down as well as up; it7: «mescolate»
    # (terminal round 41 it12: «gli stessi mazzi mescolati», round 40 it16's participle, no longer «mescolate»)
    # (terminal round 41 fr9*: the swap test's procedure said once, in the page's method)
    ("I", "it", "exchange_legend", "gli stessi mazzi mescolati", "mescolamenti"),
    ("I", "it", "strength_key", "cambia (sale o scende) la quota", "mescolamenti"),
    ("I", "fr", "strength_method", "Une borne qui s’arrondirait à 0,0 reçoit deux décimales", "ont deux décimales"),
    # fr8, fr9, it5, it6: the marks' key in full sentences
    # fr7, en5: one wording for the times played, at every count
    ("T", "fr", "strength_hardly", "(nombre moyen de fois où elles sont jouées, par joueur et par partie)",
     "(nombre de fois par joueur"),
    ("T", "fr", "strength_hardly_again_one", "(nombre moyen de fois où elle est jouée, par joueur et par partie)",
     "(nombre de fois jouée par"),
    ("T", "en", "strength_hardly", "(times played per player per game)", "(times per player per game)"),
    # en4: "instead of … against …", a mixed construction
    ("I", "en", "strength_key", "(a random card of another kind, so in effect an average other card)",
     "against an average"),
    # en11, fr17, it10: the hedge a clause, not a bracket cutting the advice; no "tenerla … chi la tiene"
    ("T", "en", "strength_held_weak", "though a single finding like this can be a false alarm. To tell whether",
     "(possibly a false alarm"),
    ("I", "en", "strength_held_strong", "though a single finding like this can be a false alarm. To tell whether",
     "(possibly a false alarm"),
    ("T", "fr", "strength_held_weak", "Pour savoir si elle est trop faible pour mériter d’être jouée ou si les "
                                      "joueurs automatiques la négligent à tort, lisez", "(peut-être une fausse alerte"),
    ("I", "fr", "strength_held_strong", "mais un résultat isolé peut être une fausse alerte", "(peut-être une fausse"),
    ("T", "it", "strength_held_weak", "Averla in mano potrebbe essere uno svantaggio", "chi la tiene (forse"),
    ("I", "it", "strength_held_strong", "Averla in mano potrebbe essere un vantaggio", "chi la tiene (forse"),
    # en14*: each test's intervals widened for its own figures, so each test is held at 5%, both together at ~10%
    ("I", "en", "strength_method", "at most 5% for each test at each player count (up to about 10% for the two "
                                   "tests together", "at most 5% at each player count"),
    ("I", "fr", "strength_method", "d’au plus 5 % pour chaque test et chaque nombre de joueurs (jusqu’à environ "
                                   "10 % pour les deux tests réunis", "pour chaque nombre de joueurs (il est"),
    ("I", "it", "strength_method", "il 5% per ciascuna prova e ciascun numero di giocatori (arriva a circa il 10% "
                                   "per le due prove insieme", "per ciascun numero di giocatori (è più"),
    # fr31: the effect's size is too large for chance, the effect does not "exceed chance"
    ("I", "fr", "strong_margin", "son effet sur l’avance dépasse ce que le hasard peut expliquer", "dépasse le hasard"),
    # it14, en12: the title names the tests in the table's order
    ("I", "en", "strength_title", "Card strength: card swap test and opening hands (for comparison)", "hands and card"),
    ("I", "it", "strength_title", "Forza delle carte: prova di sostituzione e mani iniziali (per confronto)",
     "iniziali e prova"),
    ("I", "fr", "strength_title", "Force des cartes : test de substitution et mains de départ (pour comparaison)",
     "départ et test"),
    # fr13, fr22: the closing line's card phrase in a sentence, « semble » as the warning says
    # (short: the overview's cell adds why, and stays under 200 characters)
    ("T", "fr", "warn_cards_strong_just_one", "{items} : carte signalée de justesse comme trop forte",
     "peut-être"),
    ("T", "fr", "warn_cards_weak_just", "{items} : cartes signalées de justesse comme trop faibles",
     "tout juste au-delà"),
    # fr15: no loose apposition
    ("T", "fr", "card_confirm_calm", "Il peut donc s’agir d’une fausse alerte (le risque d’en obtenir une augmente "
                                     "avec le nombre de configurations testées) ;", "risque qui croît"),
    # fr29: a subject for the clause
    ("I", "fr", "legend", "au départ. Lisez-la toujours avec son intervalle", "; à lire avec"),
    # fr24: « au test de » is no idiom
    ("P", "fr", "card_mid_margin", " (d’après son effet sur l’avance lors du test de substitution ; celui sur les "
                                   "victoires peut être dû au hasard)", "au test de"),
]


@pytest.mark.parametrize("book,lang,key,says,not_says", SAID)
def test_the_key_and_notes_say_it_plainly(book: str, lang: str, key: str, says: str, not_says: str) -> None:
    from cardgen.report.impact import WORDS
    from cardgen.report.words import PAGES
    from cardgen.terminal import LINES

    text = plain({"T": LINES, "I": WORDS, "P": PAGES}[book][lang][key])
    assert plain(says) in text and plain(not_says) not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_gap_has_one_name_on_the_terminal_and_the_page(lang: str) -> None:
    """fr5, it9: the new name everywhere the figure is named, so it stays one name."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    name = LINES[lang]["strength_name_gap"]
    assert LINES[lang]["strength_columns"].split("|")[3] == name
    assert WORDS[lang]["strength_head"].split("|")[3].startswith(name)
    assert WORDS[lang]["strength_labels"].split("|")[0].startswith(name)  # terminal round 41 it32: no prefix
    assert WORDS[lang]["strength_key"].split("|")[3].startswith(name)
    # terminal round 46 it36: the method named the gap only in its rounding sentence, now the legend line's own
    method = plain(WORDS[lang]["strength_method"])
    assert name not in method or {"en": f"“{name}”", "fr": f"« {name} »", "it": f"«{name}»"}[lang] in method, method


@pytest.mark.parametrize("lang", LANGS)
def test_the_share_dealt_gives_its_unit_once(lang: str) -> None:
    """fr4, en3: "(%)" under "dealt" over cells that each say "20.2%": the unit twice."""
    from cardgen.terminal import fit

    lines = fit("\n".join(_lines(lang))).split("\n")
    under = next(line for line in lines if "(" in line and line.strip().startswith("("))
    assert "(%)" not in under, under
    row = next(line for line in lines if line.split()[:1] == ["favour"])
    assert "%" in row


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_with_the_new_names_fits_100_columns_without_wrapping_its_heads(lang: str) -> None:
    """fr5, it9: a longer name for the gap must not push the heads' line past the terminal's width (Draco's 5
    players: a flagged two-decimal margin; «differenza con/senza» took 103 columns and wrapped)."""
    from test_card_table_one import _draco_like, _table

    def draco() -> dict:  # Draco's widths: a 17-letter name with its †, opening hands' intervals such as [−10.2 to +13.9]
        d = _draco_like()
        for row in nonempty(d["component_impact"], "the opening hands' rows"):
            row.update(difference=0.018, low=-0.102, high=0.139)
        return d

    naming = Naming(names={"dice": "Pioggia di monete", "favour": "Favore"})
    said: set[str] = set()
    designer_lines(draco(), lang, naming, 300, said, 3)
    for players in nonempty([3, 5], "two counts"):
        table = _table(designer_lines(draco(), lang, naming, 300, said, players))
        heads = [x for x in table if x.startswith("    ") and x.split()[:1] == [
            {"en": "card", "fr": "carte", "it": "carta"}[lang]]]
        assert heads and all(len(x) <= 100 for x in heads), heads
        assert all(len(x) <= 100 for x in table if "[" in x and x.startswith("    ") and "◆" in x), table


# -- en1, it8, en15, it17, fr32, en21: the heading, the count under a card's name, the phone's card names ----------

@pytest.mark.parametrize("lang", LANGS)
def test_the_heading_has_one_colon_and_the_count_reads_as_the_cards_share(lang: str) -> None:
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    assert ":" not in LINES[lang]["strength_none"].replace("\u202f:", ":").split(";")[0] or lang == "fr"
    games = WORDS[lang]["exchange_games"]
    assert "part of" not in games and "coinvolta" not in games, games
    html = _page(lang)
    # terminal round 41 fr30: the swaps a count of their own beside the times played, never "played … in 400 swaps"
    assert {"en": "400 swaps in 200 games", "fr": "400 substitutions, dans 200 parties",
            "it": "400 sostituzioni in 200 partite"}[lang] in html


def test_the_phone_sets_each_card_name_in_bold() -> None:
    from pathlib import Path

    css = (Path(__file__).resolve().parents[1] / "templates" / "report" / "report.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert "table.strength td.card::first-line{font-weight:bold}" in phone


@pytest.mark.parametrize("lang", LANGS)
def test_the_headline_names_the_dagger_card_whose_interval_leaves_out_0(lang: str) -> None:
    """en16: "A † card has an interval that leaves out 0" where two cards carry † and one has such an interval."""
    from cardgen.report.impact import strength_block
    from test_round35_fixes import _designer

    html = plain(_page(lang))
    head = html.split("<table", 1)[0]
    assert "shower †" in head and "dice" not in head, head  # dice is † too, within chance
    d = _designer()
    d["exchange"]["rows"][2].update(held_flag="weak", margin=-1.5, margin_low=-2.5, margin_high=-0.5)  # dice too
    two = plain(str(strength_block(d["component_impact"], d["exchange"], None, lang, None, "points", set(), "point")))
    assert {"en": "dice † and shower † each have", "fr": "les cartes dice † et shower † ne sont pas",
            "it": "per le carte dice † e shower †, che hanno"}[lang] in two.split("<table", 1)[0], two[:400]


def test_the_italian_page_grades_a_card_just_beyond_chance_as_its_warning_does() -> None:
    """it15: «Carta segnalata: Favore, che sembra troppo forte» and «sembra troppo forte (solo vantaggio)» under a
    warning «potrebbe essere un po' troppo forte … appena oltre i limiti del caso»."""
    from cardgen.report.impact import strength_block
    from cardgen.simulate.summary import card_just
    from test_round35_fixes import _designer

    d = _designer()
    row = d["exchange"]["rows"][0]
    row.update(flag="strong", flagged_by=["margin"], margin=0.8, margin_low=0.04, margin_high=1.5, flag_low=0.004,
               flag_high=1.5)
    assert card_just(row)
    html = plain(str(strength_block(d["component_impact"], d["exchange"], None, "it", None, "points", set(), "point")))
    assert "<p>Carta segnalata: favour, che potrebbe essere un po’ troppo forte (il suo effetto sul vantaggio va " \
           "appena oltre il caso;" in html, html[:400]
    cell = html.split('<td class="card">favour', 1)[1].split("</tr>", 1)[0]
    assert "forse un po’ troppo forte (solo vantaggio)" in cell and "sembra" not in cell, cell
    # clearly beyond chance: «sembra troppo forte», as before
    row.update(flag_low=0.5, margin_low=0.5)
    html = plain(str(strength_block(d["component_impact"], d["exchange"], None, "it", None, "points", set(), "point")))
    assert "sembra troppo forte (solo vantaggio)" in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_figure_without_a_sign_lines_up_with_the_signed_ones(lang: str) -> None:
    """en6: "Favour 0.0 [−5.5 to +5.5]" one column left of "+2.3 [−4.3 to +9.0]": the column looked ragged."""
    from test_round35_fixes import _designer, _table

    d = _designer()
    d["exchange"]["rows"][1].update(win=0.0, win_low=-0.055, win_high=0.055)  # rumours: 0.0
    lines = _table(designer_lines(d, lang, Naming(), 300, set(), 3))
    zero = next(x for x in lines if x.split()[:1] == ["rumours"])
    signed = next(x for x in lines if x.split()[:1] == ["favour"])
    point = "." if lang == "en" else ","
    assert zero.index(point) == signed.index(point), (zero, signed)


def test_the_french_imposter_notes_have_no_comma_splice_and_an_apt_reason_in_solo() -> None:
    """fr38: « chaque joueur a une carte Imposteur, elle n'est donc pas évaluée », a comma splice; fr43: « car aucun
    joueur n'en est privé » in a solo game, where there is no other player."""
    from cardgen.terminal import LINES

    # terminal round 41 fr8: the note says the use, the card-strength line why the card is not judged
    assert "({used}) ; ces résultats, y compris l’équilibre" in LINES["fr"]["held_all_used"]
    solo = LINES["fr"]["held_all_hardly_solo"]
    # round 42 fr1: the solo note says the use alone; the solo block's card-strength line says why it is not judged
    assert solo.endswith("valent pour des parties jouées quasiment sans elle") and "évaluée" not in solo
