"""Twenty-first reading, the report pages (issue #53), in English, French and Italian:

- it76: on the compare pages the variant's fair share was named 11 px below the bottom edge of its chart, cut off in
  ten charts: every line's name now lies inside the picture;
- fr51, en60, it64: on a 390 px phone the game pages' "Special cases and how they are settled" table squeezed the
  ruling into a 90 px column, one word a line, and cut its last columns with nothing to say so; the distributions and
  the turn order were cut the same way: each row is now a block, each figure after its column's name;
- fr52: Draco's card table kept an empty verdict column a third of the screen wide, the card's name and details
  squeezed beside it: the verdict now sits under the card, only where there is one.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardgen.report import svg
from cardgen.report.templating import TEMPLATE_DIR, macro
from cardgen.report.validation import section
from nonempty import nonempty

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "fr", "it")


def _phone_css() -> str:
    """The report's rules for a phone's width (below 40em)."""
    css = (TEMPLATE_DIR / "report.css").read_text(encoding="utf-8")
    return css[css.index("@media (max-width:40em)"):]


# -- it76: each fair share's name inside its chart ----------------------------------------------------------------
def _seats(n: int) -> list[tuple[str, list[tuple[str, dict, str]]]]:
    """Compare's win-rate groups at ``n`` players: each seat's base bar and variant bar."""
    rate = {"rate": 0.25, "low": 0.15, "high": 0.4}
    return [(f"player {k}", [("King Lui", rate, svg.BASE_COLOUR), ("Hungry Dragon", rate, svg.VARIANT_COLOUR)])
            for k in range(1, n + 1)]


@pytest.mark.parametrize("players", [3, 5])
def test_both_fair_shares_are_named_inside_the_chart(players: int) -> None:
    """it76: King Lui at 5 players against the Hungry Dragon: fair shares 20.6% and 20.0%, two dashed lines; the
    second line's name was drawn at y 286 in a chart 275 high (its title on two lines), so the dashed line the balance
    text talks about had no value. Each name's box (its baseline, 11 px text above it, its estimated width around its
    middle) must lie inside the viewBox."""
    fair = [("King Lui", 0.206, svg.BASE_COLOUR), ("King Lui: Hungry Dragon", 0.2, svg.VARIANT_COLOUR)]
    title = "Win rate by turn order (intervals widened: see the note at the end of the page)"
    root = ET.fromstring(str(svg.grouped_rates_svg(_seats(players), title, fair, fair_label="fair share",
                                                   lang="en")))
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    group = root.find(f"{SVG}g")
    shift = float(re.search(r"translate\(0,([\d.]+)\)", group.get("transform")).group(1)) if group is not None else 0
    labels = [t for t in root.iter(f"{SVG}text") if (t.text or "").startswith("fair share")]
    assert [t.text for t in labels] == ["fair share: 20.6% (King Lui)", "fair share: 20.0% (King Lui: Hungry Dragon)"]
    for t in nonempty(labels):
        y, x, half = float(t.get("y")) + shift, float(t.get("x")), len(t.text) * svg.LABEL_CHAR / 2
        assert 11 <= y <= height - 2, (t.text, y, height)
        assert 0 <= x - half and x + half <= width, (t.text, x, half, width)
    # the axis stays above both names, the bars above the axis
    ticks = [float(t.get("y")) + shift for t in root.iter(f"{SVG}text") if (t.text or "") == "50%"]
    assert ticks and all(tick < float(labels[0].get("y")) + shift for tick in ticks)


# -- fr51, en60, it64: the details' tables as blocks on a phone -------------------------------------------------------
def _entry() -> dict:
    """A validate entry with one special case, its distributions and its turn order."""
    dist = {"n": 3, "mean": 1.5, "sd": 0.5, "min": 1, "p10": 1, "median": 1.5, "p90": 2, "max": 2}
    return {"variant": "toy", "players": 2, "passed": True, "game": "toy", "kind": "deck", "failures": [],
            "games": 10, "completed": 10, "end_reasons": {"over": 10}, "peaks": {},
            "ties": {"games": 0, "tie_breaks": {}, "shared_wins": 0}, "static_checks": [],
            "rule_gaps": [{"kind": "empty_supply", "settled": False, "count": 9, "games": 9, "seed": 1, "game": 14,
                           "detail": ""}],
            "turns": dist, "rounds": dist, "scores": {"all": dist, "winner": dist, "margin": dist,
                                                       "seat_mean": [3.0, 4.0]},
            "seat_win_rates": [{"seat": 0, "wins": 3, "games": 10, "rate": 0.3, "low": 0.1, "high": 0.6},
                               {"seat": 1, "wins": 7, "games": 10, "rate": 0.7, "low": 0.4, "high": 0.9}]}


def _tables(html: str) -> list[tuple[str, list[str], list[list[tuple[str, str]]]]]:
    """Each table of ``html``: its class, its head row's cells and each other row's cells (attributes, text)."""
    out = []
    for cls, body in re.findall(r'<table(?: class="([^"]*)")?>(.*?)</table>', html, re.S):
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
        head = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<th[^>]*>(.*?)</th>", rows[0])] if rows else []
        cells = [re.findall(r"<t[dh]([^>]*)>(.*?)</t[dh]>", row, re.S) for row in rows[1:]]
        out.append((cls, head, cells))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_details_tables_name_each_figure_by_its_column_for_a_phone(lang: str) -> None:
    """fr51, en60, it64: the special cases (five columns), the distributions (nine) and the turn order (five) are
    blocks on a phone, each figure after its column's name: each cell past the row's heading carries the name of its
    column, the one the head row gives (hidden on a phone), and the ruling has the screen's width."""
    html = str(macro("section.html", "section", section(_entry(), lang)))
    stacked = [t for t in _tables(html) if "stack" in t[0].split()]
    assert len(stacked) == 3, [t[0] for t in _tables(html)]  # the cases, the distributions, the turn order
    for cls, head, rows in nonempty(stacked):
        for cells in nonempty(rows):
            labels = [re.search(r'data-label="([^"]*)"', attrs) for attrs, _ in cells]
            assert 'class="lead"' in cells[0][0]  # the row's heading: what happened, the figure, the player
            named = [(k, m.group(1)) for k, m in enumerate(labels) if m]
            assert [k for k, _ in named] == list(range(1, len(cells))) or [k for k, _ in named] == list(
                range(len(cells))), (cls, cells)  # every figure named, the player's number too
            assert all(label == re.sub(r"<[^>]+>", "", head[k]) for k, label in named), (cls, named, head)
    cases = stacked[0]
    assert "gaps" in cases[0].split() and 'class="wide"' in cases[2][0][1][0]  # the ruling across the screen


def test_the_phone_s_rules_turn_those_tables_into_blocks() -> None:
    """fr51, en60, it64: below 40em the stacked tables hide their head row, show each row as a block, each figure
    after its column's name (with French's narrow no-break space before the colon), the ruling on a line of its own;
    never the sideways scroll that cut their last columns."""
    phone = _phone_css()
    assert "table.stack,table.stack tbody{display:block;width:auto}" in phone
    assert "table.stack tr:first-child{display:none}" in phone
    assert "table.stack tr{display:block;" in phone and "table.stack .wide{display:block}" in phone
    assert 'table.stack td[data-label]::before{content:attr(data-label) ": "' in phone
    assert ':lang(fr) table.stack td[data-label]::before{content:attr(data-label) "\\202F: "}' in phone


# -- fr52: the card's verdict under it, only where there is one -------------------------------------------------------
def test_a_card_s_verdict_sits_under_it_on_a_phone_and_only_where_it_has_one() -> None:
    """fr52: at 390 px the verdict's column kept a third of the screen, empty for 11 cards of 13. On a phone each
    card is a grid row (its name and details beside its difference), the verdict's cell spans it below, and an empty
    verdict and the verdict's head are not shown."""
    from cardgen.report.impact import impact_block

    row = {"component": "favour", "dealt_share": 0.527, "win_rate_dealt": 0.376, "win_rate_not_dealt": 0.291,
           "difference": 0.085, "low": -0.02, "high": 0.19, "judged": True, "flag": None, "plays_per_seat": 5.8}
    html = str(impact_block([row, {**row, "component": "dice", "plays_per_seat": 0.03}], {}, False, "en", {}))
    calls = re.findall(r'<td class="call ([^"]*)">(.*?)</td>', html)
    # the hardly played card says why; Favour "within chance" since round 32 (en55), hidden on a phone ("calm")
    assert len(calls) == 2 and calls[0] == ("muted calm", "within chance") and calls[1][1] and "calm" not in calls[1][0]
    assert '<th class="call">' in html and 'class="impact bare"' in html  # no picture: its column hidden too
    phone = _phone_css()
    assert "table.impact tr{display:grid;grid-template-columns:1fr fit-content(45%);" in phone
    assert "table.impact .call{grid-column:1/-1}" in phone
    assert "table.impact .call:empty,table.impact th.call{display:none}" in phone


# -- en61, fr56, it65: Royale's cards in Royale's terms -----------------------------------------------------------
# shorter since round 32 (en48's "no player without one of them to compare with", fr39, it34)
# round 33 (en33, fr35, it31): the sets are equivalent, not the same (nobles' colours differ from player to player)
ROYALE_START = {"en": "No card is judged: this game deals no opening hand, and every player has the same kinds of cards "
                      "(a row of nobles and an imposter with a pattern of its own), so no player lacks a kind of "  # round 44 en18
                      "card that others hold. Nor can cardgen measure a card by swapping it for another in a player’s "
                      # terminal round 53 en4: the bracket names the test, it is no gloss of the words before it
                      "hand mid-game (what this report calls the card swap test): every dish card a player takes is "
                      "placed under a noble "
                      "in the same turn, so no player keeps a dish card that could be swapped.",  # round 39 it33; round 42 en17
                # terminal round 46 en45: the swap test said in words, as the Italian does (the page never defines it)
                "fr": "Aucune carte n’est évaluée : ce jeu ne distribue pas de main de départ, et chaque joueur a les "
                      "mêmes types de cartes (sa rangée de nobles et sa carte Imposteur, dont le motif lui est propre) ; "
                      "aucun joueur n’est donc "
                      # terminal round 51 r48 fr10: no sentence opens on the lower-case name (pin updated)
                      "privé d’un type de carte que les autres possèdent. Il n’est pas possible non plus de mesurer une carte "
                      "en l’échangeant contre une autre dans la main d’un joueur en cours de partie (le test de "
                      "substitution) : chaque carte Plat prise est placée sous un noble dans le même tour, si bien qu’aucun "
                      "joueur ne garde de carte Plat à échanger.",
                # round 45 it32, it33: the swap test said in words (the page never defines it), «la propria carta
                # Impostore» as the book says it; terminal round 46 it5: «il proprio impostore», as «il tuo impostore»
                "it": "Non si può valutare nessuna carta: in questo gioco non si distribuisce una mano iniziale e tutti "
                      "hanno gli stessi tipi di carte (i propri nobili e il proprio impostore, con il "
                      "suo schema); nessun giocatore è quindi privo di un tipo di carta che gli altri hanno. Non si può "
                      "nemmeno fare la prova di sostituzione (misurare la forza di una carta sostituendola con un’altra "
                      "in una mano a partita in corso): ogni carta Piatto presa va sotto un nobile nello stesso turno, "
                      "quindi nessun giocatore tiene una carta Piatto da sostituire."}
#: round 31 en40, fr28, it33: the reason says the game deals no opening hand at all (the only hand named)
NO_HAND = {"en": "deals no opening hand", "fr": "ne distribue pas de main de départ",
           "it": "non si distribuisce una mano iniziale"}
ROYALE_USED = {"en": "The simulated players used their imposter card 0.04 times per player per game on average.",
               "fr": "Les joueurs automatiques ont utilisé leur carte Imposteur en moyenne 0,04 fois par joueur et par "
                     "partie.",
               # terminal round 46 it5: the book's «usa il tuo impostore», not «carta Impostore» for its use
               "it": "I giocatori automatici hanno usato il loro impostore in media 0,04 volte per giocatore a "
                     "partita."}
#: Draco's opening hand, which Royale does not have (its players deal nothing: they take dishes from the buffet)
HAND = ("opening hand", "dealt", "main de départ", "reçoit", "mano iniziale", "riceve")


@pytest.mark.parametrize("lang", LANGS)
def test_royale_s_page_says_its_imposter_card_in_its_own_terms(lang: str) -> None:
    """en61, fr56, it65: Royale's pages said every player's "opening hand … is dealt “Imposter”". Royale has no
    hand, and its rulebook has each player set their imposter at either end of the line of nobles before them (the
    published French text's fact, in our words): Royale's words say it, Draco's generic sentence stays for a game
    whose players are dealt cards."""
    from pathlib import Path

    from cardgen.report.impact import impact_block
    from cardgen.report.pages import designer_block
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    naming = Naming.of(resolve("royale", Path(__file__).resolve().parents[1]), lang)
    row = {"component": "imposter", "dealt_share": 1.0, "judged": False, "not_judged": {"why": "all"},
           "plays_per_seat": 0.04, "difference": None}
    # the game page's block, as Royale's page at 2 players draws it
    block = str(designer_block({"players": 2, "designer": {"component_impact": [row]}}, {}, lang, naming))
    text = re.sub(r"<[^>]+>", "", block[block.index(ROYALE_START[lang][:12]):])
    plain = text.replace("\u00a0", " ").replace("\u202f", " ")
    assert plain.startswith(ROYALE_START[lang].replace("\u00a0", " ") + " " + ROYALE_USED[lang]), plain
    assert not any(word in plain.replace(NO_HAND[lang], "") for word in HAND), plain
    generic = str(impact_block([row], {}, False, lang, dict(naming.names)))  # a game without its own words
    assert any(word in generic for word in HAND)
