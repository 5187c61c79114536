"""Reading round 36 (Draco, en/fr/it), two faults fixed narrowly: the 5-player warning on a card flagged on its
margin named its mid-game win-rate figure (+3.4) by the opening hands' column name (fr2*: « son écart de
victoires », the column reading +0.8 in the table above it), and the Italian «giocat[ae] quasi mai» without «non»
(it1, it17, it24) in the terminal's † notes and the page's verdict cells. Built from small hand-made results, so it
runs fast."""
from __future__ import annotations

import re
from typing import Any

import pytest

from nonempty import nonempty

LANGS = ["en", "fr", "it"]


def _favour() -> dict[str, Any]:
    """Favour at 5 players in round 36: flagged on its margin alone, its win rate's interval holding 0."""
    return {"component": "favour", "flag": "strong", "flag_low": -0.02, "flag_high": 0.088, "judged": True,
            "experiment": "play", "flagged_by": ["margin"], "exchanges": 682, "games": 240, "win": 0.034,
            "win_low": -0.02, "win_high": 0.088, "margin": 0.8, "margin_low": 0.04, "margin_high": 1.5}


def _column_name(label: str) -> str:
    """"mid-game exchange, win rate gained (percentage points)" -> "win rate gained" (round 36 fr33: a comma after
    the experiment's name, not a second colon before the figure's)."""
    return re.split(r": |, ", label, maxsplit=1)[-1].split(" (", 1)[0]  # terminal round 41 it32: the name alone


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", [False, True])
def test_the_margin_warning_names_its_win_figure_by_the_table_s_mid_game_column(lang: str, page: bool) -> None:
    """fr2*: « son écart de victoires (+3,4 points de pourcentage [−2,0 ; +8,8]) peut être dû au hasard », where the
    table's « écart de victoires » column (opening hands) read +0,8 for Faveur: the warning names the +3.4 by the
    mid-game column's own words, on the terminal and on the page; en "the change in win rate" and it «la differenza
    nelle vittorie» were a third name for it."""
    from cardgen.report.impact import WORDS
    from cardgen.simulate.summary import card_warning

    opening, mid_game = (_column_name(x) for x in WORDS[lang]["strength_labels"].split("|")[:2])
    # round 36 fr3*: the opening hands' column named by where it comes from, unlike the exchange's
    assert (opening, mid_game) == {"en": ("with − without", "win rate gained"),
                                   "fr": ("écart avec/sans", "effet sur les victoires"),  # round 39 fr5
                                   "it": ("divario con/senza", "effetto sulle vittorie")}[lang]  # it9
    said = card_warning(_favour(), lang, page=page).replace("\u00a0", " ").replace("\u202f", " ")
    # round 37 en2*, fr14*, it16: the win figure in a sentence of its own, after the mark it does not carry
    figure = {"en": ", +3.4 percentage points [−2.0 to +8.8], may be chance",
              "fr": ", +3,4 points de pourcentage [−2,0 ; +8,8], peut être dû au hasard",
              "it": ", +3,4 punti percentuali [−2,0; +8,8], può invece essere dovuto al caso"}[lang]
    assert f"{mid_game}{figure}" in said, said
    assert {"en": ". Its win rate gained, ", "fr": ". En revanche, son effet sur les victoires, ",
            "it": ". L’effetto sulle vittorie, "}[lang] in said, said
    assert opening not in said
    assert not any(old in said for old in ("the change in win rate", "écart de victoires", "differenza nelle vittorie",
                                           "dovuta al caso"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_margin_warning_names_the_mid_game_column(lang: str) -> None:
    """The four margin warnings (strong / weak, clearly / just beyond chance) say the same name."""
    from cardgen.terminal import LINES

    keys = [f"warn_card_play_{side}_margin{just}" for side in ("strong", "weak") for just in ("", "_just")]
    name = {"en": "Its win rate gained, {win}", "fr": "son effet sur les victoires, {win}",
            "it": "L’effetto sulle vittorie, {win}"}[lang]
    for key in nonempty(keys, "the margin warnings' keys"):
        assert name in LINES[lang][key], (key, LINES[lang][key])


def _italian_texts() -> dict[str, str]:
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    texts = {f"terminal {k}": v for k, v in LINES["it"].items() if isinstance(v, str)}
    texts.update({f"page {k}": v for k, v in WORDS["it"].items() if isinstance(v, str)})
    return texts


def test_italian_says_quasi_mai_with_its_negation() -> None:
    """it1, it17, it24: «† giocate quasi mai dai giocatori automatici», «† giocate quasi mai, quindi mai
    segnalate», «giocata quasi mai: mai segnalata»: after the verb, *quasi mai* needs *non*; before it, none."""
    from cardgen.report.impact import WORDS
    from cardgen.terminal import LINES

    bad = {k: v for k, v in _italian_texts().items() if re.search(r"giocat[ae] quasi mai", v)}
    assert not bad, bad
    it = LINES["it"]
    assert it["strength_hardly"].startswith("† quasi mai giocate dai giocatori automatici (")
    assert it["strength_hardly_one"].startswith("† quasi mai giocata dai giocatori automatici (")
    # round 36 it17: the again-note keeps its unit
    # round 38 fr8: the unit after "never flagged", said as a count of plays
    assert it["strength_hardly_again"] == "† quasi mai giocate, quindi mai segnalate (volte giocate per giocatore a partita): {items}"
    assert it["strength_hardly_again_one"] == ("† quasi mai giocata, quindi mai segnalata (volte giocate per giocatore "
                                               "a partita): {items}")
    assert it["hardly_note_again"].startswith("* quasi mai giocate, come sopra")
    assert it["hardly_held"].startswith("non segnalata: quasi mai giocata (")
    assert WORDS["it"]["strength_hardly_played"] == "quasi mai giocata: non segnalata"  # round 38 en27


def test_the_italian_terminal_notes_and_page_verdicts_read_quasi_mai_giocat() -> None:
    """The same, as printed: the † note under the card table at the first count and again, and the page's verdict
    cell of a card hardly ever played."""
    from cardgen.report.impact import strength_block
    from cardgen.simulate.summary import Naming, designer_lines
    from test_round35_fixes import _designer, _table

    said: set[str] = set()
    for players, note in ((3, "† quasi mai giocate dai giocatori automatici"),
                          (4, "† quasi mai giocate, quindi mai segnalate (volte giocate per giocatore a partita): ")):
        lines = _table(designer_lines(_designer(), "it", Naming(), 300, said, players))
        line = [x for x in lines if x.strip().startswith("† ")][0]  # then a † card's excluding interval (en7*)
        assert line.strip().startswith(note), line
        assert not re.search(r"giocat[ae] quasi mai", "\n".join(lines))
    d = _designer()
    html = str(strength_block(d["component_impact"], d["exchange"], None, "it", None, "points", set(), "point"))
    # one † card plain, the other with an interval that leaves 0 out, said in its row (round 36 en7*)
    assert html.count("quasi mai giocata: non segnalata") == 2, html  # the plain verdict and the held cell's
    assert html.count("non segnalata, anche se un intervallo esclude lo zero (") == 1, html
    assert not re.search(r"giocat[ae] quasi mai", html)
