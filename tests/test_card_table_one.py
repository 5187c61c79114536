"""Issue #53: a player count's card strength as ONE table, one row per card, on the terminal and the game page.

Round 34's readers gave Draco's terminal 7-7.5 for clarity (King Lui and Royale 8-9): two card tables a player count
("in opening hands", "mid-game"), each with its legend and its "* hardly ever played" note. Now one table: the share
dealt, the opening hands' difference, the mid-game win rate and margin gained, each with its interval, the flag mark
beside the figure it rests on; sorted by the mid-game win rate; one legend, one note, one verdict. Where the mid-game
experiment did not run, the opening hands' table alone, as before, with its one-line reason. Built from small
hand-made results, so it runs fast."""
from __future__ import annotations

from typing import Any

import pytest

from cardgen.simulate.summary import Naming, designer_lines, strength_lines
from cardgen.terminal import WIDTH

LANGS = ["en", "fr", "it"]


def _dealt(card: str, diff: float, flag: str = "", plays: float = 1.0, **more: Any) -> dict[str, Any]:
    """An opening-hand row as ``cards.CardTally.rows`` gives it."""
    return {"component": card, "dealt_share": 0.35, "judged": True, "not_judged": None, "flag": flag,
            "win_rate_dealt": 0.25 + diff / 2, "win_rate_not_dealt": 0.25 - diff / 2, "difference": diff,
            "low": diff - 0.06, "high": diff + 0.06, "flag_low": diff - 0.09, "flag_high": diff + 0.09,
            "plays_per_seat": plays, **more}


def _played(card: str, win: float, flag: str = "", by: list[str] | None = None, plays: float = 1.0,
            **more: Any) -> dict[str, Any]:
    """A mid-game row as ``designer.exchange_json`` gives it."""
    return {"component": card, "exchanges": 400, "games": 200, "judged": True, "flag": flag, "win": win,
            "win_low": win - 0.06, "win_high": win + 0.06, "margin": 0.3, "margin_low": -0.5, "margin_high": 1.1,
            "experiment": "play", "flag_low": win - 0.06, "flag_high": win + 0.06, "flagged_by": by or [],
            "plays_per_seat": plays, **more}


def _designer(dealt: list[dict[str, Any]], played: list[dict[str, Any]] | None) -> dict[str, Any]:
    d: dict[str, Any] = {"games": 250, "card_games": 300, "component_impact": dealt,
                         "lead_changes": {"mean": 4.3, "low": 4.0, "high": 4.6}}
    if played is not None:
        d["exchange"] = {"games": 250, "exchanges": 2900, "points": 12, "rows": played}
    return d


def _draco_like() -> dict[str, Any]:
    """Five cards: "favour" flagged mid-game on its margin alone, "dice" hardly ever played (both tables), "splits"
    flagged in the opening hands."""
    dealt = [_dealt("favour", 0.008), _dealt("splits", 0.12, "strong"), _dealt("dice", -0.008, plays=0.05),
             _dealt("rumours", -0.02), _dealt("fro", 0.037)]
    played = [_played("rumours", 0.006), _played("dice", -0.036, plays=0.05),
              _played("favour", 0.034, "strong", ["margin"], margin=0.8, margin_low=0.04, margin_high=1.5),
              _played("fro", 0.002), _played("splits", 0.011)]
    return _designer(dealt, played)


def _table(lines: list[str]) -> list[str]:
    """The card-strength lines of a designer block: from its heading on (the indicators above it)."""
    start = [i for i, line in enumerate(lines)
             if line.startswith(("  card strength", "  force des cartes", "  forza delle carte"))][0]
    return lines[start:]


def _rows(lines: list[str], names: list[str]) -> list[str]:
    return [line for line in lines if line.split()[:1] and line.split()[0] in names]


@pytest.mark.parametrize("lang", LANGS)
def test_one_table_per_count_its_rows_sorted_by_the_mid_game_win_rate(lang: str) -> None:
    lines = designer_lines(_draco_like(), lang, Naming(), 300, set(), 5)
    names = ["favour", "splits", "dice", "rumours", "fro"]
    rows = _rows(lines, names)
    # one row per card, each card once: never a second table
    assert [r.split()[0] for r in rows] == ["favour", "splits", "rumours", "fro", "dice"], rows
    # both experiments in each row: the share dealt, the opening hands' difference, the win rate and the margin
    assert all(r.count("[") == 3 for r in rows), rows
    heads = [line for line in lines if line.startswith(("    card ", "    carte ", "    carta "))]
    assert len(heads) == 1, heads


@pytest.mark.parametrize("lang", LANGS)
def test_a_flagged_card_shows_its_mark_in_its_row_beside_the_figure_it_rests_on(lang: str) -> None:
    lines = _table(designer_lines(_draco_like(), lang, Naming(), 300, set(), 5))
    (favour,) = _rows(lines, ["favour"])
    (splits,) = _rows(lines, ["splits"])
    # favour: flagged mid-game on its margin alone, the mark after the margin's interval, before the opening hands'
    # figures (the swap test's columns first since round 38, en7*)
    assert favour.count("◆") == 1 and favour.index("] ◆") < favour.index("%") < favour.rindex("["), favour
    # splits: flagged in the opening hands, the mark after that interval, the row's last figure
    assert splits.count("◆") == 1 and splits.rstrip().endswith(("]◆", "] ◆")), splits
    # the mark on no other row, nor on a line of its own under a row
    assert sum(line.count("◆") for line in _rows(lines, ["dice", "rumours", "fro"])) == 0
    assert not [line for line in lines if line.strip().startswith("◆")]
    # one verdict line, the table's heading: it says what the mark is
    assert "◆" in lines[0] and {"en": "card strength (", "fr": "force des cartes (",
                                "it": "forza delle carte ("}[lang] in lines[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_hardly_played_note_comes_once_for_both_measures_and_the_legend_once_a_run(lang: str) -> None:
    said: set[str] = set()
    first = _table(designer_lines(_draco_like(), lang, Naming(), 300, said, 3))
    again = _table(designer_lines(_draco_like(), lang, Naming(), 300, said, 4))
    for lines in (first, again):
        (dice,) = _rows(lines, ["dice"])
        # round 35: its mark "†" after its name, never after an interval where "*" read as significance (en7, fr6)
        assert dice.split()[:2] == ["dice", "†"] and "*" not in dice and "◆" not in dice
        notes = [line for line in lines if line.strip().startswith("† ")]
        assert len(notes) == 1 and "dice (0" in notes[0], notes
        # each note, the first and "as above", says the card is never flagged (round 35 en9)
        assert {"en": "never flagged", "fr": "jamais signalée", "it": "mai segnalata"}[lang] in notes[0]
    note = [line for line in first if line.strip().startswith("† ")][0]
    # the one sentence says what its figures show for such a card, and that it is never flagged
    assert {"en": "figures measure the effect of holding it", "fr": "chiffres reflètent le fait de l’avoir en main",
            "it": "valori misurano l’effetto di averla in mano"}[lang] in note  # round 36 it7, round 38 it7
    # the key once a run, at the first count (terminal round 41 it11*: one line above the table, the columns' key
    # and the method the report's), "as above" after
    # terminal round 46 fr10: and the note on two-decimal bounds ("+0.8 [+0.04 to +1.50]"), once a run too
    assert len(first) == len(again) + 2
    from cardgen.terminal import say
    fine = say("strength_fine_ends", lang)
    assert [line.strip() for line in first].count(fine) == 1 and fine not in " ".join(again)
    assert {"en": "as above", "fr": "comme plus haut", "it": "come sopra"}[lang] in again[0]
    report = {"en": "in the report", "fr": "voir le rapport", "it": "nel resoconto"}[lang]
    assert report in " ".join(first) and report not in " ".join(again)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("why", [None, {"building": 12}, {"unsupported": 8}])
def test_without_the_mid_game_experiment_the_table_is_the_opening_hands_alone(lang: str, why: Any) -> None:
    """No ``exchange`` (--exchange-points 0, a game without ``State.exchangeable``, a rules file), or one without a
    row (the compiled tier not built yet, nothing to exchange): today's opening-hand table and its one-line reason."""
    from cardgen.terminal import say

    d = _draco_like()
    d["exchange"] = {"rows": [], "skipped": why, "exchanges": 0, "games": 0} if why else None
    lines = designer_lines(d, lang, Naming(), 300, set(), 5)
    rows = _rows(lines, ["favour", "splits", "dice", "rumours", "fro"])
    assert [r.split()[0] for r in rows] == ["favour", "splits", "dice", "rumours", "fro"]  # the deal's order, as before
    assert all(r.count("[") == 1 for r in rows), rows
    heading = {"en": "card strength in opening hands", "fr": "force des cartes dans les mains de départ",
               "it": "forza delle carte nelle mani iniziali"}[lang]
    assert _table(lines)[0].startswith("  " + heading)
    reason = lines[-1]
    if why is None:
        assert reason == "  " + say("exchange_off", lang, points=4)
    else:
        assert reason == "  " + say("exchange_building" if "building" in why else "exchange_unsupported", lang,
                                    points=4)


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_fits_100_columns(lang: str) -> None:
    """Draco's widest rows: its longest card name (18 characters in English and French), two-digit ends, a margin
    of two decimals flagged (Favour at 5 players), a flagged opening-hand difference. (Three flagged two-decimal
    intervals of ±10 or more in one row would not fit: no run of the three games prints one.)"""
    long = {"en": "Round on the House", "fr": "Changement de main", "it": "Offre la casa"}[lang]
    dealt = [_dealt(long, -0.123, "weak", flag_low=-0.223, flag_high=-0.023), _dealt("dice", 0.1, plays=0.14)]
    played = [_played(long, -0.098, win_low=-0.181, win_high=0.049),
              _played("dice", 0.133, "strong", ["margin"], plays=0.14, margin=0.8, margin_low=0.04, margin_high=1.5)]
    lines = strength_lines(dealt, {"games": 250, "exchanges": 2900, "points": 12, "rows": played}, lang,
                           Naming(), set(), "300")
    table = _rows(lines, [long.split()[0], "dice"])
    assert len(table) == 2 and max(len(line) for line in table) <= WIDTH, max(table, key=len)
    assert table[0].count("◆") == 1 and table[1].count("◆") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_shows_one_table_sorted_with_the_flag_in_its_row(lang: str) -> None:
    import re

    from cardgen.report.impact import strength_block

    d = _draco_like()
    html = str(strength_block(d["component_impact"], d["exchange"], None, lang, None, "points", set(), "point"))
    assert html.count("<table") == 1
    names = re.findall(r'<td class="card">(\w+)[ <]', html)
    assert names == ["favour", "splits", "rumours", "fro", "dice"], names
    row = {n: html.split(f'<td class="card">{n}', 1)[1].split("</tr>", 1)[0] for n in names}
    # the flagged figure in the flag's colour, in its row: favour's margin, splits' opening-hand difference
    assert row["favour"].count('class="num warn"') == 1 and 'class="call warn"' in row["favour"]
    assert row["splits"].count('class="num warn"') == 1
    assert "warn" not in row["rumours"] and "warn" not in row["dice"]
    # every figure of both old tables: the share dealt, both win rates, the exchanges and their games
    assert "35.0" in row["fro"].replace(",", ".") and row["fro"].count("%") >= 3 and "400" in row["fro"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_page_s_count_has_one_card_table_and_without_the_experiment_the_opening_hands_alone(
        lang: str) -> None:
    from cardgen.report.impact import WORDS
    from cardgen.report.pages import designer_block

    both = str(designer_block({"players": 5, "designer": _draco_like()}, None, lang, Naming(), set()))
    assert both.count("<table class=\"impact") == 1 and both.count(WORDS[lang]["strength_title"]) == 1
    assert WORDS[lang]["exchange_title"] not in both
    d = _draco_like()
    d["exchange"] = {"rows": [], "skipped": {"building": 12}, "exchanges": 0, "games": 0}
    alone = str(designer_block({"players": 5, "designer": d}, None, lang, Naming(), set()))
    assert alone.count("<table class=\"impact") == 1 and "strength" not in alone.split("<table", 1)[1][:40]
    assert WORDS[lang]["strength_title"] not in alone and WORDS[lang]["exchange_title"] in alone


@pytest.mark.parametrize("lang", LANGS)
def test_a_run_too_short_to_judge_any_card_says_so_not_that_none_stands_out(lang: str) -> None:
    """A 4-game validate judged no card: its heading said "no card stands out …; every card's interval, widened
    because 0 cards are compared at once, includes 0", a comparison that never took place. Now it says too few games
    judged any card, the rows saying what each lacks; the next count says it again in short; one card judged: the
    heading of the judged cards, as before."""
    from cardgen.terminal import say

    def short(d: dict[str, Any]) -> dict[str, Any]:
        for row in d["component_impact"]:
            row.update(judged=False, not_judged="few_games", flag="")
        d["exchange"] = None
        return d

    said: set[str] = set()
    first = _table(designer_lines(short(_draco_like()), lang, Naming(), 4, said, 3))
    again = _table(designer_lines(short(_draco_like()), lang, Naming(), 4, said, 4))
    assert first[0].startswith("  " + say("cards_head_unjudged", lang, which="")[:20]), first[0]
    words = {"en": "too few games to judge any card", "fr": "trop peu de parties pour juger une seule carte",
             "it": "troppo poche partite per giudicare anche una sola carta"}[lang]
    assert words in " ".join(first[:2]).replace("\n", " ") and words in again[0]
    assert {"en": "again", "fr": "ici non plus", "it": "anche qui"}[lang] in again[0]
    for lines in (first, again):
        assert not any(w in " ".join(lines) for w in ("0 cards", "0 cartes", "0 carte")), lines
    d = short(_draco_like())
    d["component_impact"][0].update(judged=True, not_judged=None)
    one = _table(designer_lines(d, lang, Naming(), 4, set(), 3))
    assert words not in " ".join(one[:2])
