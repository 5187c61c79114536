"""Terminal round 46, the English reader's faults (branch h110e): docs/reads/terminal-round-46-fixes-e.md."""
from cardgen.report.impact import impact_footnote


def test_en46_validate_card_table_says_difference_is_taken_before_rounding():
    """en46*: draco.html's opening-hands tables print both win rates and their difference ("32.5% / 34.0%" →
    "−1.6") with no word that the difference is worked out before rounding: the mid-game table's method note said
    it, the opening-hands table's "Note on the cards" did not. Said there now, in every language."""
    # round 46 fr38*: the sentence is now a line under each card table (``rounding_line``), not the page's end note
    from cardgen.report.impact import rounding_line
    en = rounding_line("en")
    assert "Each difference is worked out on the exact values, then rounded, so it can differ by up to 0.1 from the difference of the two " \
           "win rates shown." in en
    fr = rounding_line("fr")
    assert "Les écarts sont calculés sur les valeurs exactes, puis arrondis\u202f: un écart peut donc différer d’au plus 0,1" in fr
    it = rounding_line("it")
    assert "Le differenze sono calcolate sui valori esatti e poi arrotondate: possono quindi scostarsi al massimo di 0,1" in it


def test_en47_note_on_the_cards_says_95_percent_interval():
    """en47: "its 95% confidence interval widened" — "confidence interval" only here, "95% interval" elsewhere."""
    # terminal round 50 (r49 fr5) ruling: the validate page's note points to the rule; the compare note keeps the
    # name (pin updated)
    # terminal round 53 (r50 en23 b): the compare note points to the rule too, as validate's does (pin updated): the note names the interval as the rule above it does
    en = impact_footnote("en", paired=True)
    assert "each judged card’s widened interval" in en and "the rule that flags a card is given above" in en
    assert "confidence interval" not in en


def test_en44_indicator_below_one_gets_two_decimals_terminal():
    """en44*: Royale's "tension 0.4 [0.3 to 0.5]" (run.json 0.40 [0.33–0.47]): an indicator below 1 and its
    interval now show two decimals, in every language; one above 1 keeps one; a share keeps its percentage."""
    from cardgen.simulate.summary import designer_across, designer_lines

    d = {"drama": {"mean": 0.4, "low": 0.33, "high": 0.47},
         "lead_changes": {"mean": 4.3, "low": 4.0, "high": 4.61},
         "comeback_rate": {"mean": 0.5, "low": 0.4, "high": 0.6}, "games": 200}
    en = "\n".join(designer_lines(d, "en"))
    assert "0.40 [0.33 to 0.47]" in en  # round 47 fr4: the column on its decimal mark, "50.0%" as wide (pin updated)
    assert "4.3  [4.0 to 4.6]" in en
    assert "50.0%" in en
    assert "0,40" in "\n".join(designer_lines(d, "fr")) and "0,33" in "\n".join(designer_lines(d, "fr"))
    assert "0,40 [0,33; 0,47]" in "\n".join(designer_lines(d, "it"))  # round 47 fr4 (pin updated)
    other = {"drama": {"mean": 0.53, "low": 0.45, "high": 0.6}, "games": 200}
    across = "\n".join(designer_across([{"variant": "g", "players": 2, "designer": d},
                                        {"variant": "g", "players": 3, "designer": other}], "en"))
    assert "0.40" in across and "0.53" in across


def test_en44_indicator_below_one_gets_two_decimals_helper():
    from cardgen.simulate.verdict import indicator

    assert indicator(0.4, "en", False, 0.4) == "0.40"
    assert indicator(0.33, "fr", False, 0.4) == "0,33"
    assert indicator(4.31, "en", False, 4.31) == "4.3"
    assert indicator(0.5, "en", True, 0.5) == "50.0%"


_LEAD = {"metric": "lead_changes", "base": 1.37, "variant": 0.99, "difference": -0.38, "low": -0.77, "high": 0.01,
         "significant": False}
_TURNS = {"metric": "turns", "base": 27.17, "variant": 17.93, "difference": -9.24, "low": -10.59, "high": -7.89,
          "significant": True}


def test_en51_row_values_take_their_difference_decimals_page():
    """en51*, en53: "lead changes per game | 1.4 | 1.0 | −0.38 [−0.77 to +0.01]" read 1.4 − 1.0 = −0.38: a row whose
    difference keeps two decimals (its interval would round to 0.0) gives its values two too; other rows keep one."""
    from cardgen.report.pages import metrics_table

    rows = metrics_table([_LEAD, _TURNS], "en")["rows"]
    lead = next(r for r in rows if r["base"].startswith("1."))
    assert (lead["base"], lead["variant"], lead["difference"]) == ("1.37", "0.99", "−0.38")
    turns = next(r for r in rows if r["base"].startswith("27"))
    assert (turns["base"], turns["variant"], turns["difference"]) == ("27.2", "17.9", "−9.2")
    fr = metrics_table([_LEAD], "fr")["rows"][0]
    assert (fr["base"], fr["variant"]) == ("1,37", "0,99")


def test_en51_row_values_take_their_difference_decimals_terminal():
    from cardgen.simulate.summary import _row, count_cells

    line = _row(_LEAD, 24, "en")
    assert "1.37 →    0.99  -0.38 [−0.77 to +0.01]" in line or "1.37 →    0.99  −0.38 [−0.77 to +0.01]" in line
    assert "27.2 →    17.9" in _row(_TURNS, 24, "en")
    gold = {"metric": "tally:gold", "base": 25.0, "variant": 25.01, "difference": 0.01, "low": -0.02, "high": 0.03,
            "significant": False}
    assert count_cells(gold, "en")[1:4] == ("25.00", "25.01", "+0.01")


def test_en30_fix_base_figure_says_it_comes_from_the_search_games():
    """en30*: "result, on 100 games per player count that the search never played: shortage … in 2.0% of games at 3
    players (base game: 94.0%)" read as the base game on those same new games; its figure is the search's games'
    (``Problem.share``, from validate on the search's seeds). Said in the line itself, in every language; the next
    counts give the figure alone after the first has named it."""
    import json
    from pathlib import Path

    book = json.loads((Path(__file__).parent.parent / "cardgen" / "tune" / "fix.json").read_text("utf-8"))

    def find(d, key):
        if isinstance(d, dict):
            for k, v in d.items():
                if k == key and isinstance(v, str):
                    yield v
                yield from find(v, key)

    said = {"en": "base game, on the search’s games: {was}", "fr": "jeu de base, sur les parties de la recherche : {was}",
            "it": "gioco base, sulle partite della ricerca: {was}"}
    labelled = list(find(book, "cured_label"))
    assert len(labelled) == 3 and all(any(s in x for s in said.values()) for x in labelled)
    for key in ("cured_short", "cured_seat", "cured_gap", "cured_target", "cured_none", "cured_short_case"):
        texts = list(find(book, key))
        assert texts and all(any(s in x for s in said.values()) for x in texts), key
    assert all(x.endswith(("(base game: {was})", "(jeu de base : {was})", "(gioco base: {was})"))
               for x in find(book, "cured_label_next"))  # each figure labelled (en83)


def test_en23_compare_screen_says_rounding_under_the_first_rounded_length():
    """en23*, en52: compare's screen said "games are 9.2 turns shorter, from 27.2 to 17.9" first and why it does
    not subtract 54 lines later, at the screen's end; the note now stands right under the paragraph that first
    needs it, once, and the closing line no longer carries it."""
    from cardgen.simulate.summary import format_comparison
    from cardgen.terminal import say

    turns = {"metric": "turns", "group": "length", "base": 27.17, "variant": 17.93, "difference": -9.24,
             "low": -10.6, "high": -7.9, "significant": True}
    side = {"variant": "royale", "sufficiency": []}
    result = {"verdict": ["Games are 9.2 turns shorter, from 27.2 to 17.9."], "metrics": [turns], "family": 1,
              "base_result": side, "variant_result": {**side, "variant": "short"}, "component_impact": []}
    doc = {"lang": "en", "base": "royale", "variant": "short", "name": "Short", "games": 100,
           "agents": ["heuristic"], "differences": [],
           "results": [{"players": 2, **result}, {"players": 3, **result}]}
    lines = format_comparison(doc, tables=False).splitlines()
    note = say("compare_rounding", "en")
    flat = [" ".join(line.split()) for line in lines]
    at = [i for i, line in enumerate(flat) if note in line]
    assert len(at) == 1, lines
    first = next(i for i, line in enumerate(flat) if "9.2 turns shorter" in line)
    assert at[0] == first + 1, lines
    assert note not in flat[-1]


def test_en49_compare_page_says_rounding_in_its_opening_paragraph():
    """en49, en52 (and the page half of en23*): the compare page's note on rounding was the last sentence of its last
    paragraph, far below "9.2 turns shorter, from 27.2 to 17.9" and the rows that do not subtract; it now follows
    "Differences are variant minus base … A difference of two percentages is in percentage points." in the opening
    paragraph, in every language, and the closing note no longer repeats it (``pages`` strips it there)."""
    import inspect

    from cardgen.languages import typeset
    from cardgen.report import pages
    from cardgen.simulate.verdict import PAGE
    from cardgen.terminal import LINES

    for lang in ("en", "fr", "it"):
        assert typeset(PAGE[lang]["intro"], lang).endswith(" " + typeset(LINES[lang]["compare_rounding"], lang)), lang
    assert 'removesuffix(" " + typeset(line("compare_rounding", lang), lang))' in inspect.getsource(pages)
