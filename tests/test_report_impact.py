"""The "which card is too strong" chart: sorted rows, the face beside each, a point and interval on one scale."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.load.project import Project
from cardgen.languages import typeset
from cardgen.report.impact import WORDS, Count, face_pictures, impact_block, strip_svg
from cardgen.resolve.resolve import Resolver

ROWS = [{"component": "shakedown", "dealt_share": 0.8, "win_rate_dealt": 0.4, "win_rate_not_dealt": 0.15, "plays_per_seat": 1.4, "difference": 0.25, "low": 0.2,
         "high": 0.3, "flag": "strong", "base": {"difference": 0.015, "low": -0.03, "high": 0.06, "flag": ""}},
        {"component": "favour", "dealt_share": 0.99, "judged": False, "plays_per_seat": 3.0, "difference": -0.15, "low": -0.5,
         "high": 0.13, "flag": "", "base": None}]


def test_rows_keep_their_order_with_a_face_and_a_strip_each() -> None:
    html = impact_block(ROWS, {"shakedown": "../../gallery/abc.png"}, paired=True)
    assert html.index("shakedown") < html.index("favour")
    assert '<img src="../../gallery/abc.png"' in html and html.count("<img") == 1  # favour has no picture yet
    # the interval unbroken, as every page writes one (eighteenth reading fr72)
    # the interval on its own line since round 32 (fr47, it40)
    assert '+1.5 → +25.0<br><span class="nw">[+20.0\u00a0to\u00a0+30.0]</span>' in html and "strong" in html and "played 1.4 times per player per game with the variant</span>" in html  # it59
    # once, in the legend (en37, round 30 en38); "The number of times … counts" since round 31 (en46)
    assert html.count("counts every copy of the card, whenever it was played") == 1
    assert "40.0% / 15.0%" in html and "not judged" in html  # favour: too few seats on one side
    french = impact_block(ROWS, {}, paired=True, lang="fr")
    assert "fort" in french and "jouée 1,4 fois par joueur et par partie avec la variante<" in french and "Point creux, en haut" in french
    svgs = re.findall(r"<svg.*?</svg>", html)
    assert len(svgs) == 2
    for svg in svgs:
        ET.fromstring(svg)  # well-formed


def test_a_point_sits_where_its_value_is_on_the_shared_scale() -> None:
    svg = strip_svg({"component": "x", "difference": 0.25, "low": 0.2, "high": 0.3, "flag": "strong"}, 0.5)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    zero = float(root.find(f"{ns}line").get("x1"))
    dot = float(root.find(f"{ns}circle").get("cx"))
    from cardgen.report.impact import STRIP_W

    mid = STRIP_W / 2  # 200 px since round 31 (en50): the notes beside it need the room
    assert zero == mid and dot == round(mid + 0.25 / 0.5 * (mid - 6), 1)  # half the strip is 0.5, minus a margin


def test_the_shared_scale_holds_an_interval_below_zero() -> None:
    """The strip's half-width covers the farthest end of every interval, a negative one too."""
    from cardgen.report.impact import _scale

    assert _scale([{"difference": -0.4, "low": -0.6, "high": -0.2}]) == 0.6 * 1.05
    assert _scale([{"difference": 0.01, "low": 0.0, "high": 0.02}]) == 0.1 * 1.05  # at least 10 points
    row = {"component": "x", "difference": -0.4, "low": -0.6, "high": -0.2, "flag": "weak"}
    root = ET.fromstring(strip_svg(row, _scale([row])))
    ns = "{http://www.w3.org/2000/svg}"
    xs = [float(x) for line in root.findall(f"{ns}line")[1:] for x in (line.get("x1"), line.get("x2"))]
    from cardgen.report.impact import STRIP_W

    assert all(6 <= x <= STRIP_W - 6 for x in xs)  # inside the strip, its 6-pixel margin kept


def test_face_pictures_come_from_the_gallery_once_built(project_with: Callable[[str], Path]) -> None:
    from cardgen.report.gallery import update_gallery

    project = project_with("royale")
    deck = Resolver(Project.open(project)).resolve("royale")
    out = project / "out"
    assert face_pictures(out, deck) == {}  # nothing drawn yet: rows show names only
    update_gallery(out, [deck])
    pictures = face_pictures(out, deck)
    assert pictures["dessert-1"].startswith("../../gallery/") and (out / pictures["dessert-1"][6:]).is_file()
    assert pictures["dessert"] == pictures["dessert-1"]  # a dish type shows its first card


def test_a_strip_s_title_puts_the_language_s_colon_between_name_and_figures() -> None:
    """French sets a narrow no-break space before the colon (``cardgen.text.punct``); the others none."""
    from cardgen.report.impact import strip
    row = {"component": "zork", "difference": 0.05, "low": 0.01, "high": 0.09}
    titles = {lang: strip(row, 0.1, "Zork", lang)["title"] for lang in ("fr", "it", "en")}
    assert titles["fr"].startswith("Zork\u202f: +")
    assert titles["it"].startswith("Zork: +") and titles["en"].startswith("Zork: +")


def test_a_negative_figure_has_one_minus_sign_in_the_table_and_the_terminal() -> None:
    """The strip's ends in the header and the table's negative figures are signed by one formatter
    (``languages.decimal``, typeset): the same minus in every language, the one the terminal prints too: U+2212,
    as the compare tables beside it ("−6.6 pp", tenth reading it80, it93, it98, where the cells said "-6,6 %")."""
    from cardgen.simulate.summary import points

    for lang in ("en", "fr", "it"):
        html = impact_block(ROWS, {}, paired=True, lang=lang)
        head = re.search(r"<th[^>]*>([^<]*) … 0 … ([^<]*)</th>", html)
        assert head and head.group(1) == "\u2212" + head.group(2)[1:] and head.group(2).startswith("+"), head
        assert head.group(2)[1:] == "53", head.group(2)  # the farthest end 0.5, widened by 5 % (52.5, half up: round 40 fr27)
        cells = re.findall(r"\[([^\]]*)\]", html)
        assert any(c.startswith("\u2212") for c in cells), cells  # favour's interval starts below zero
        assert "[-" not in html and " -" not in html.split("<svg")[0]
        assert head.group(1)[0] == "\u2212" and (points(-0.15, lang) + " ")[0] in "-\u2212"


def test_a_card_s_difference_is_in_percentage_points_in_every_language() -> None:
    """Tenth reading (it98, it93): the card table wrote "-6,6 % → +9,7 % [+0,7 %, +18,7 %]", a difference of win
    rates in "%" and an interval whose comma is also the decimal mark, and its strip "±11 punti" (the game's
    points in Royale). A known row: base −6.6, variant +9.7 [+0.7 to +18.7]. Fifteenth reading (fr6, it8): the unit
    once, in the column's header, written out; bare signed numbers in the cells, never "pp", "pts" or "p.p."."""
    row = {"component": "split", "dealt_share": 0.5, "win_rate_dealt": 0.4, "win_rate_not_dealt": 0.303,
           "difference": 0.097, "low": 0.007, "high": 0.187, "flag": "",
           "base": {"difference": -0.066, "low": -0.15, "high": 0.02}}
    # the interval on its own line since round 32 (fr47, it40)
    for lang, cell, unit in (("en", '−6.6 → +9.7<br><span class="nw">[+0.7 to +18.7]</span>', "percentage points."),
                             ("fr", '−6,6 → +9,7<br><span class="nw">[+0,7 ; +18,7]</span>', "points de pourcentage."),
                             ("it", '−6,6 → +9,7<br><span class="nw">[+0,7; +18,7]</span>', "punti percentuali.")):
        html = str(impact_block([row], {}, paired=True, lang=lang)).replace("\u00a0", " ").replace("\u202f", " ")
        assert f'<td class="num">{cell}</td>' in html, (lang, html)
        heads = re.findall(r"<th[^>]*>([^<]*)</th>", html)
        assert unit.rstrip(".") in heads[2], heads  # the unit once, in the difference column's header
        cells = "".join(re.findall(r"<td[^>]*>[^<]*", html)) + html.split("</p>")[0]  # the cells and the legend
        assert not re.search(r"(pp|pts|p\.p\.)\W", cells), cells
        assert re.search(r"\u2212\d+ \w+ \+\d+ " + re.escape(unit), html), lang  # "from −52 to +52 pp."


def test_a_table_whose_every_card_every_player_holds_is_one_sentence() -> None:
    """Eleventh reading (en63, fr70, fr92): Royale's card table was one row of dashes, "– / – – → – [– to –]",
    to say that the Imposter, dealt to every player, cannot be judged. One sentence says so, then how often the
    simulated players played it (almost never: a caveat about them the dashes hid); a table with one card that
    can be judged keeps its rows."""
    held = {"component": "imposter", "dealt_share": 1.0, "plays_per_seat": 0.025, "win_rate_dealt": None,
            "win_rate_not_dealt": None, "difference": None, "low": None, "high": None, "flag": "", "judged": False,
            "not_judged": {"why": "all"}}
    paired = {**held, "base": {**held, "plays_per_seat": 0.035}}
    names = {"imposter": "Imposter"}
    said = impact_block([paired], {}, paired=True, lang="en", names=names, count=Count(4))  # a count named
    assert "<table" not in said and "–" not in said, said
    # fourteenth reading (en54, it44): the imposters are sorted by player letter, not dealt; "on this page"
    # fifteenth reading fr41: the reason is the deal's, every player starting with the same cards, not the Imposter's
    # nineteenth reading fr68: the opening hands are alike (the nobles differ), and one card is "it"
    # twenty-first reading en61: one sentence, never a second one opening on "So"; Royale itself says its own terms
    # (test_twentysecond_reading_pages), this is the sentence of a game whose players are dealt their cards
    assert ("No card is judged: every player’s opening hand holds the same cards (each is dealt “Imposter”), so there "
            "is no player without it to compare with. "
            "The simulated players used “Imposter” 0.04 times per player per game on average in the base game and "
            "0.03 times in the variant. They hardly ever used it, so every figure at 4 players describes "
            "games played almost without it.") in said, said  # round 33 en34
    # fifteenth reading (en29): a variant that never plays it says "never", not "0 times", in every language
    for lang, never in (("en", "on average in the base game, and never in the variant."),
                        ("fr", "avec le jeu de base, et jamais avec la variante."),
                        ("it", "nel gioco base, e mai con la variante.")):
        none = impact_block([{**paired, "plays_per_seat": 0.0}], {}, paired=True, lang=lang, names=names)
        assert never in none and " 0 times" not in none, none
    french = impact_block([held], {}, lang="fr", names={"imposter": "Imposteur"})
    assert ("la main de départ de chaque joueur contient les mêmes cartes (chacun reçoit la carte «\u202fImposteur\u202f»)"
            in french) and "0,03\u00a0fois par joueur et par partie" in french and "sans cette carte" in french
    assert french.count("jamais") <= 1  # said once at most (fr68; since round 34 fr31 not at all)
    # 0.03 times: a limit of the players (fr56; past: round 32 en49); round 33 fr36: how often said once, then
    # « Autant dire jamais »
    assert "C’est très peu" in french  # round 34 fr31: « Autant dire jamais » was conversational
    assert "hardly ever use" not in impact_block([{**held, "plays_per_seat": 0.1}], {}, names=names)  # the threshold
    assert "mano iniziale di ogni giocatore contiene le stesse carte (ognuno riceve le carte" in impact_block([held, {**held, "component": "x"}], {}, lang="it")
    assert "stesse carte (ognuno riceve la carta" in impact_block([held], {}, lang="it")
    assert "<table" in impact_block([held, ROWS[0]], {}, lang="en")  # one card judged: the table stays


def test_each_card_table_header_says_which_interval_it_shows() -> None:
    """Thirteenth reading (fr58, fr62, it60, it62): validate's header said "[95 %, widened]" and compare's "(the
    variant's 95 %)" for intervals of two kinds: validate's says it is widened and for how many cards judged (one
    card: its plain 95 % interval), compare's that it is the variant's own, not widened; a table whose every card
    every player holds judges none, so the note on card intervals has nothing to explain. Fifteenth reading (en12,
    it55): compare's header names the interval as validate's does, widened for the cards judged, the one its flag
    rests on; the unit of the difference written out once in the header (fr6)."""
    from cardgen.report.impact import judged_cards

    judged = [{**ROWS[0], "flag_low": 0.1, "flag_high": 0.4}, {**ROWS[0], "component": "other"}]
    for lang, widened, plain, own in (
            ("en", "difference in percentage points [95% interval widened for 2 cards]",
             "difference in percentage points [95% interval]", "the variant’s 95% interval widened for 2 cards]"),
            ("fr", "écart en points de pourcentage [intervalle à 95 % élargi pour 2 cartes]",
             "écart en points de pourcentage [intervalle à 95 %]", "de la variante, élargi pour 2 cartes]"),
            ("it", "differenza in punti percentuali [intervallo al 95% allargato per 2 carte]",
             "differenza in punti percentuali [intervallo al 95%]", "della variante, allargato per 2 carte]")):
        def heads(rows: list, paired: bool = False) -> list[str]:
            html = str(impact_block(rows, {}, paired, lang)).replace("\u00a0", " ").replace("\u202f", " ")
            return re.findall(r"<th[^>]*>([^<]*)</th>", html)
        assert widened in heads(judged) and plain not in heads(judged), heads(judged)
        assert plain in heads(judged[:1]) and widened not in heads(judged[:1])
        assert heads(judged, True)[2].endswith(own) and heads(judged, True)[1] == {"en": "card", "fr": "carte",
                                                                                      "it": "carta"}[lang]
    every = {"component": "imposter", "dealt_share": 1.0, "judged": False, "not_judged": {"why": "all"}}
    assert judged_cards([every]) == 0 and judged_cards(judged) == 2 and judged_cards([every, judged[1]]) == 1


def test_the_cards_note_states_what_the_widening_guarantees() -> None:
    """Fourteenth reading (en53): "all the flags together are wrong at most 5% of the time" misstated the guarantee,
    which bounds the chance of even one card flagged by luck alone."""
    from cardgen.report.impact import WORDS

    # terminal round 50 (r49 fr5, en14, it8) ruling: the rule said once, at the card table; the validate page's closing
    # note and the hardly-played rows point to it (pin updated)
    # terminal round 53 (r50 en23 b): the compare note points to the rule too, as validate's does (pin updated): the guarantee said at the rule
    for key in ("flag",):
        assert "lead, not a finding" not in WORDS["en"][key]  # every interval shown is the flag's (en12)
        assert "the chance of even one card being flagged by luck alone is then at most 5%" in WORDS["en"][key]
        # eighteenth reading (fr86): « d’une seule » read as "exactly one"; the guarantee is for at least one
        assert "le risque qu’au moins une carte soit signalée par le seul hasard" in WORDS["fr"][key]
        assert "anche una sola carta sia segnalata per puro caso" in WORDS["it"][key]


def test_compare_s_card_table_shows_the_interval_its_flag_rests_on_on_both_sides() -> None:
    """Fifteenth reading (en12, it55): the compare page drew each card's own 95 % interval, the deck page the one
    widened for the cards judged: "+9.7 [+0.7 to +18.7]" looked significant beside a deck page that did not flag
    it. Both sides of a compare row (cell and strip) now show the widened interval the flag rests on."""
    from cardgen.report.impact import strip

    row = {"component": "split", "dealt_share": 0.5, "win_rate_dealt": 0.4, "win_rate_not_dealt": 0.303,
           "difference": 0.097, "low": 0.007, "high": 0.187, "flag_low": -0.02, "flag_high": 0.214, "flag": "",
           "base": {"difference": -0.066, "low": -0.15, "high": 0.02, "flag_low": -0.18, "flag_high": 0.05}}
    html = str(impact_block([row, {**row, "component": "other"}], {}, paired=True, lang="en"))
    assert '−6.6 → +9.7<br><span class="nw">[−2.0\u00a0to\u00a0+21.4]</span>' in html and "+0.7 to +18.7" not in html, html
    drawn = re.findall(r'<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)"', html)
    widened = {**row, "low": -0.02, "high": 0.214, "base": {**row["base"], "low": -0.18, "high": 0.05}}
    half = 0.214 * 1.05  # the page's scale: the widest widened end
    wide = strip(widened, half)
    assert (str(wide["base"]["low"]), str(wide["base"]["high"])) in drawn, drawn
    assert (str(wide["row"]["low"]), str(wide["row"]["high"])) in drawn, drawn


def test_a_verdict_cell_is_set_in_the_language_s_typography() -> None:
    """On a phone the French verdict "… de chaque côté) : pas jugée" broke before its colon, which began a line:
    the cell is typeset as the difference beside it, a no-break space before ":" (the issue's typography)."""
    row = {"component": "x", "dealt_share": 0.3, "judged": False, "difference": 0.02, "low": -0.1, "high": 0.14,
           "win_rate_dealt": 0.3, "win_rate_not_dealt": 0.28, "flag": "",
           "not_judged": {"why": "seats", "dealt": 28, "not_dealt": 122, "needed": 100}}
    html = str(impact_block([row, {**row, "component": "y", "judged": True}], {}, lang="fr"))
    assert "de chaque côté)\u202f: pas jugée" in html and ") : pas" not in html, html


def test_the_strips_key_hides_with_the_strips_on_a_phone() -> None:
    """Eighteenth reading (en63, en73): on a phone the card table hides its strips, yet the legend still said "The
    dashed line marks no difference; each strip's scale runs …" and "Hollow dot, above: the base game": a key to
    a picture the reader could not see. The key sits in its own span, hidden with the strips below 40em."""
    import re

    from cardgen.paths import templates_dir
    from cardgen.report.impact import WORDS, impact_block

    row = {"component": "dice", "dealt_share": 0.18, "win_rate_dealt": 0.225, "win_rate_not_dealt": 0.355,
           "difference": -0.13, "low": -0.227, "high": -0.033, "flag": "", "judged": True, "plays_per_seat": 1.0}
    for lang in ("en", "fr", "it"):
        html = str(impact_block([row], {}, True, lang))
        key = re.search(r'<span class="strip-key">(.*?)</span>', html, flags=re.S)
        assert key is not None, html
        assert WORDS[lang]["paired"] in key.group(1) and WORDS[lang]["legend_strip"].split("{")[0] in key.group(1)
        assert WORDS[lang]["legend"][:30] in html.split('<span class="strip-key">')[0]  # what the figures mean stays
    css = (templates_dir() / "report" / "report.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width:40em)"):]
    assert re.search(r"\.strip-key[^{]*\{display:none\}", phone) or re.search(r"\.strip-key\{display:none\}", phone)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_card_table_with_no_card_flagged_says_so(lang: str) -> None:
    """Nineteenth reading it47: Draco's deck page showed its table of strips under "Cards too strong or too weak"
    and never said that none was flagged, where the terminal says "no card stands out beyond chance". Said only
    where every judged card's interval holds 0: not beside a flag, nor beside an unflagged card whose interval
    leaves 0 out (a hardly-played one), nor on compare's paired table."""
    calm = {"component": "dice", "dealt_share": 0.5, "win_rate_dealt": 0.3, "win_rate_not_dealt": 0.32,
            "plays_per_seat": 0.5, "difference": -0.02, "low": -0.1, "high": 0.06, "flag": ""}
    said = WORDS[lang]["none_flagged"]
    assert typeset(said, lang) in impact_block([calm, {**calm, "component": "coin"}], {}, lang=lang)
    assert typeset(said, lang) not in impact_block([calm, {**ROWS[0], "base": None}], {}, lang=lang)  # a flag
    hardly = {**calm, "component": "coin", "low": 0.01, "high": 0.2, "plays_per_seat": 0.03}
    assert typeset(said, lang) not in impact_block([calm, hardly], {}, lang=lang)
    assert typeset(said, lang) not in impact_block([calm], {}, paired=True, lang=lang)
    assert {"en": "No card stands out more than chance alone would explain", "fr": "Aucun écart de victoires ne dépasse ce que le hasard",
            "it": "Nessuna carta si scosta più di quanto possa spiegare il caso"}[lang] in said  # round 30 en5; round 32 it41
