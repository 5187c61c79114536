"""compare's verdict: plain sentences first, strongest significant designer change first, never an engine tally."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.games import get_game
from cardgen.simulate.verdict import (GROUPS, follows_from_change, footnote, group, headline_metrics, label,
                                      sentence, significance_line, tally_name, verdict)
from screen import unwrapped, unwrapped_capture

DRACO, KING_LUI = get_game("draco"), get_game("king_lui")


def _m(name: str, base: float, variant: float, low: float, high: float, significant: bool = True) -> dict:
    return {"metric": name, "base": base, "variant": variant, "difference": variant - base, "low": low,
            "high": high, "p": 0.0 if significant else 0.5, "significant": significant}


def test_the_strongest_designer_change_leads_and_tallies_never_do() -> None:
    metrics = [_m("peak:gold_in_hands", 25, 15, -10.1, -9.9),  # huge, but an engine tally
               _m("seat_1_win_rate", 0.28, 0.33, 0.01, 0.09),  # z = 2.5
               _m("rounds", 20, 18.8, -1.5, -0.9),  # z = 4
               _m("margin", 4, 4.1, -0.5, 0.7, significant=False)]
    diffs = [{"kind": "count", "field": "gold-coin", "old": 25, "new": 15}]
    metrics[0]["follows_from_change"] = follows_from_change("peak:gold_in_hands", diffs, DRACO.tally_sources)
    assert [m["metric"] for m in headline_metrics(metrics)] == ["rounds", "seat_1_win_rate"]  # 6 % of 20, 5 points
    lines = verdict({"metrics": metrics, "games": 400})
    assert lines == ["The first player wins 33.0% of games instead of 28.0%.",  # in the tables' order (en43)
                     "Games last 1.2 fewer complete rounds, from 20.0 to 18.8 (0.9 to 1.5 fewer, allowing for chance).",
                     "No other figure changed by more than chance alone would explain, apart from the counts "
                     "on the “Other counts” line."]
    assert verdict({"metrics": metrics[1:], "games": 400})[-1] == \
        "No other figure changed by more than chance alone would explain."  # no engine count changed: nothing to except
    assert verdict({"metrics": metrics[3:], "games": 400}) == [
        "In 400 pairs of games, no figure changed by more than chance alone would explain."]


def test_the_biggest_changes_are_named_whatever_their_source_in_one_order() -> None:
    """A rule gap, a component running short and games not finishing are ranked with the designer figures by
    size (points of a share, relative change of a count) to choose the ones named; an engine peak that is no
    shortage never speaks. The chosen ones are said in the tables' order, the same in every player count's
    block (tenth reading en43: turns before scores at 2 players, scores first at 4)."""
    metrics = [_m("turns", 80, 48, -33, -31),  # 40 % shorter
               _m("gap:bank_short", 0.95, 0.04, -0.95, -0.87),  # 91 points
               _m("end_reason:stalled:no_dish_emerald", 0.0, 0.02, 0.01, 0.03),  # 2 points
               {**_m("peak:unpaid_by_bank", 25.4, 0.2, -26, -24), "shortfall": True},  # 99 % fewer
               _m("peak:hand_size", 16, 11, -5.5, -4.5)]  # 31 % fewer, but no shortage
    top = headline_metrics(metrics)
    assert [m["metric"] for m in top] == ["peak:unpaid_by_bank", "gap:bank_short", "turns",
                                         "end_reason:stalled:no_dish_emerald"]
    lines = verdict({"metrics": metrics, "games": 100, "game_words": DRACO.words}, most=3)
    assert lines[0].startswith("Games are")  # the table's first row first, though its change is the smallest of 3
    # a sentence, not "Fewer games where … (4.0% of games instead of 95.0%)." (twenty-third reading en32)
    assert lines[1] == "The share of games where the bank cannot pay all it owes falls from 95.0% to 4.0%."
    assert lines[2] == ("Silver coins the bank could not pay: 25.4 → 0.2 (in total over a game, averaged "
                        "over games).")  # the words and the arrow of the "Other counts" line (en57, en36; en21), a
    # running total said as one, never "the most at any one time" (twenty-fourth reading en33)
    other = [{**metrics[0], "difference": -60, "low": -61, "high": -59}, *metrics[1:]]  # turns now the biggest
    again = verdict({"metrics": other, "games": 100, "game_words": DRACO.words}, most=3)
    # the same order (the first two words: the turns' figure now says its own −60, terminal round 41 en38*)
    assert [s.split()[:2] for s in again[:3]] == [s.split()[:2] for s in lines[:3]]
    assert lines[3] == "1 more change: see the tables in the report."  # four changes, three said: exactly one more
    assert verdict({"metrics": metrics, "games": 100}, most=2)[-1] == "2 more changes: see the tables in the report."
    assert verdict({"metrics": metrics, "games": 100}, most=4)[-1] == "No other figure changed by more than chance " \
        "alone would explain, apart from the counts on the “Other counts” line."
    never = sentence(metrics[2], "fr", KING_LUI.words)
    assert "no_dish_emerald" not in never and never.startswith("Plus de parties ne se terminent pas (un cas")
    assert "il ne reste plus aucun plat sur la table alors qu’une carte Emerald attend" in never  # never Émeraude


def test_scores_are_in_the_games_own_unit() -> None:
    m = _m("winning_score", 37.4, 30.1, -8.6, -6)
    assert sentence(m, "en", DRACO.words) == "The winner’s fortune falls from 37.4 to 30.1 silver coins on average."
    assert sentence(m, "it", DRACO.words).endswith("da 37,4 a 30,1 monete d’argento.")
    assert sentence(m, "en", KING_LUI.words).endswith("30.1 points on average.")


def test_follows_from_change_is_what_the_game_declares() -> None:
    """Exact, not by shared words: the tally the edit caps is marked, its neighbours are not."""
    fewer_gold = [{"kind": "count", "field": "gold-coin", "old": 25, "new": 15}]
    assert follows_from_change("peak:gold_in_hands", fewer_gold, DRACO.tally_sources)
    for unrelated in ("peak:silver_in_hands", "peak:money_in_hands", "gap:bank_short", "rounds", "seat_1_win_rate"):
        assert not follows_from_change(unrelated, fewer_gold, DRACO.tally_sources), unrelated
    assert not follows_from_change("peak:gold_in_hands", [{"kind": "rule", "field": "cards_set_aside"}],
                                   DRACO.tally_sources)
    # a gold coin whose face changed but not its count repeats nothing
    assert not follows_from_change("peak:gold_in_hands", [{"kind": "changed", "field": "gold-coin"}],
                                   DRACO.tally_sources)
    # King Lui drawing two cards: the short draw it makes possible is marked; drawing from an empty supply
    # shares the words 'supply' and 'draw' with the field but not its cause (name matching marked it)
    two = [{"kind": "rule", "field": "supply_draw_cards", "old": 1, "new": 2}]
    assert follows_from_change("gap:short_supply_draw", two, KING_LUI.tally_sources)
    assert not follows_from_change("gap:draw_from_empty_supply", two, KING_LUI.tally_sources)
    assert not follows_from_change("gap:short_supply_draw", two, {})  # a game that declares nothing: nothing marked


def test_a_pile_the_variant_never_rebuilds_follows_from_its_change() -> None:
    """Royale: Light Supper ends the banquet at the End of the Banquet card's first draw, so its draw pile is never
    rebuilt; the two tallies of the rebuilt pile fall to 0 by that rule alone and never lead the verdict (tenth
    reading en40/fr40/it43: "fewer games where the rebuilt draw pile does not split into equal piles" came first)."""
    royale = get_game("royale")
    one_draw = [{"kind": "players", "field": "min", "old": 1, "new": 2},
                {"kind": "rule", "field": "end_card_draws", "old": 2, "new": 1}]
    for tally in ("gap:uneven_packets", "peak:pile_after_reshuffle"):
        assert follows_from_change(tally, one_draw, royale.tally_sources), tally
    assert not follows_from_change("gap:tie_after_tiebreak", one_draw, royale.tally_sources)
    assert not follows_from_change("gap:uneven_packets", [{"kind": "players", "field": "min", "old": 1, "new": 2}],
                                   royale.tally_sources)
    gone = {**_m("gap:uneven_packets", 0.71, 0.0, -1.0, -0.4), "group": "internal",
            "follows_from_change": follows_from_change("gap:uneven_packets", one_draw, royale.tally_sources)}
    lines = verdict({"metrics": [gone, _m("turns", 30, 20.7, -10.6, -7.9)], "games": 100,
                     "game_words": royale.words})
    assert lines[0].startswith("Games are 9.3 turns shorter") and not any("equal piles" in x for x in lines), lines


def test_french_and_italian_read_natively() -> None:
    m = _m("close_games", 0.41, 0.30, -0.15, -0.07)
    assert sentence(m, "fr") == ("Les parties serrées (victoire partagée, ou écart d’au plus un dixième du score du vainqueur) passent de "
                                 "41,0\u202f% à 30,0\u202f%.")
    assert sentence(m, "it") == ("Le partite combattute (vittoria condivisa, o distacco non oltre un decimo del punteggio del vincitore) "
                                 "passano dal 41,0% al 30,0%.")
    assert sentence(_m("turns", 50, 48.8, -1.5, -0.9), "fr") == \
        "Les parties durent 1,2 tour de joueur de moins, de 50,0 à 48,8 (de 0,9 à 1,5 de moins, compte tenu du hasard)."  # French: singular below 2
    two = _m("rounds", 10, 8, -2.2, -1.8)
    assert sentence(two, "fr").startswith("Les parties comptent 2 tours de table complets de moins")
    assert sentence(_m("rounds", 10, 9, -1.2, -0.8), "en").startswith("Games last 1 fewer complete round, from 10 to 9 (")
    # the label says the rounds are complete ones (tenth readers it17, en17), in the singular too
    assert "1 tour de table complet de moins" in sentence(_m("rounds", 10, 9, -1.2, -0.8), "fr")
    assert "1 giro completo" in sentence(_m("rounds", 10, 9, -1.2, -0.8), "it")
    assert "Holm" not in significance_line(25, "it") and "Holm" in footnote(25, "it") and "25" in footnote(25)
    assert label("seat_1_win_rate", "fr") == "part des victoires, joueur 1 (premier à jouer)"


def test_groups_put_engine_tallies_last() -> None:
    assert [group(n) for n in ("turns", "seat_3_win_rate", "drama", "skill:edge", "gap:bank_short")] == \
        ["length", "fairness", "tension", "skill", "internal"]
    assert GROUPS[-1] == "internal"


def test_compare_prints_a_verdict_sentence_first(repo_root: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's done-when, on fewer games: draco against draco-short at 3 players names the bank first."""
    js = tmp_path / "c.json"
    code = main(["--project", str(repo_root), "compare", "draco", "draco-short", "--games", "60", "--players", "3",
                 "--jobs", "1", "--engine", "reference",  # auto on a loaded machine compiles Draco's tier first
                 "--json", str(js), "--out", str(tmp_path / "out")])
    lines = unwrapped(capsys.readouterr().out).splitlines()
    doc = json.loads(js.read_text())
    [r] = doc["results"]
    # what is compared and what the variant changes come first (#53), then the verdict
    first = next(i for i, line in enumerate(lines) if line.startswith("what the variant changes — ")) + 1
    assert code == 0 and r["verdict"] and lines[0].startswith("compare Draco & Co (draco) → ") and "(draco-short), over " in lines[0] and \
        lines[first] == r["verdict"][0]
    strongest = headline_metrics(r["metrics"])[0]
    assert strongest["metric"] in ("gap:bank_short", "peak:unpaid_by_bank")
    assert any("the bank cannot pay all it owes" in line for line in r["verdict"])
    assert any("turns shorter" in line for line in r["verdict"])
    assert lines[first][0].isupper() and lines[first].endswith(".")
    names = {m["metric"] for m in r["metrics"]}
    assert {"lead_changes", "close_games", "comeback_rate"} <= names
    assert all(set(c) >= {"component", "dealt_share", "difference", "low", "high"} for c in r["component_impact"])
    # one screen: the verdict, then the engine tallies folded into one line under it; the tables of every figure
    # and the statistics (Holm) are the report's, which the screen says
    tally = next(i for i, line in enumerate(lines) if line.strip().startswith("Other counts"))
    assert tally > first and not any(("at any one time, on average" in line or "peak:" in line or "rule gap" in line)
                                     for line in lines[:tally])
    assert not any(line.startswith("    turns ") for line in lines) and not any("Holm" in line for line in lines)
    assert any("The report (path below)" in line for line in lines)
    assert lines[-1].startswith("report: ") and len(lines) <= 40


FEWER_GOLD = """\
extends: draco
name: {fr: "Moins d’or", it: "Meno oro", en: "Less gold"}
description: {fr: "Dix pièces d’or de moins.", it: "Dieci monete d’oro in meno.", en: "Ten gold coins fewer."}
change:
  gold-coin: {count: 15}
"""


def test_a_tally_that_repeats_the_edit_never_headlines(project_with, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's case: ten gold coins removed made 'peak gold_in_hands 24.99 -> 15.00' the headline."""
    project = project_with("draco")
    (project / "variants" / "draco").mkdir(parents=True)
    (project / "variants" / "draco" / "less-gold.yaml").write_text(FEWER_GOLD, encoding="utf-8")
    js = tmp_path / "c.json"
    assert main(["--project", str(project), "compare", "draco", "less-gold", "--games", "40", "--players", "4",
                 "--jobs", "1", "--engine", "reference", "--json", str(js), "--out", str(tmp_path / "out")]) == 0
    out = unwrapped(capsys.readouterr().out)
    [r] = json.loads(js.read_text())["results"]
    gold = next(m for m in r["metrics"] if m["metric"] == "peak:gold_in_hands")
    assert gold["significant"] and gold["follows_from_change"] and gold["group"] == "internal"
    assert [m["metric"] for m in r["metrics"] if m["follows_from_change"]] == ["peak:gold_in_hands"]
    assert not any("gold" in s for s in r["verdict"])
    assert "as a direct effect of the variant’s rule" in out and "gold_in_hands" not in out.split("Other counts")[0]


def test_a_card_whose_deal_matters_more_is_named_as_printed() -> None:
    """A card row whose change (variant's dealt-minus-not-dealt difference minus the base's) is significant."""
    from cardgen.simulate.verdict import card_sentence

    row = {"component": "other-hand", "win_rate_dealt": 0.52, "win_rate_not_dealt": 0.28,
           "change": {"metric": "card:other-hand", "difference": 0.082, "significant": True}}
    assert card_sentence(row, names={"other-hand": "Other Hand"}) == (
        "Holding “Other Hand” in the opening hand helps more than before (seats that held it win 52% of games, "
        "the others 28%; "
        "8.2 percentage points more than with the base game).")
    assert card_sentence(row, "fr", names={"other-hand": "Changement de main"}).startswith(
        "Avoir «\u202fChangement de main\u202f» dans sa main de départ aide davantage")
    assert card_sentence({**row, "change": {**row["change"], "difference": -0.05}}).startswith(
        "Holding “other-hand” in the opening hand helps less")  # no names: the id
    # in the verdict, chosen with the other figures by size, said after the tables' figures as the report shows
    # the cards below the tables; a card whose change is not significant is silent
    quiet = {**row, "component": "favour", "change": {"metric": "card:favour", "difference": 0.3,
                                                       "significant": False}}
    lines = verdict({"metrics": [_m("turns", 50, 49, -1.5, -0.5)], "games": 100,
                     "component_impact": [row, quiet]})
    assert lines[1].startswith("Holding “other-hand”") and "favour" not in " ".join(lines)


def test_compare_lang_fr_prints_its_verdict_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal follows --lang: the verdict, what "unlikely to be chance" means and its note, in French."""
    from toy_game import load_toy, toy_deck

    from cardgen.report.commands import compare
    from cardgen.simulate.compare import CompareOptions

    opts = CompareOptions(games=40, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang="fr")
    assert compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts) == 0
    lines = unwrapped(capsys.readouterr().out).splitlines()
    assert lines[0].startswith("Comparaison\u202f: ") and lines[1].startswith("Ce que change la variante — ")
    assert lines[2][0].isupper() and not lines[2].startswith(("Games", "No figure", "The ", "Seat"))
    # fifteenth reading fr20: "cité" beside a balance line that cites a gap within chance; "présenté comme tel"
    assert any(line.startswith("Un changement n’est présenté comme tel que s’il a peu de chances d’être dû au hasard")
               for line in lines)
    assert any(line.startswith("Note\u202f: «\u202fpeu de chances d’être dû au hasard\u202f»") for line in lines)


def test_the_note_names_each_player_counts_own_holm_family(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`compare --players 2 4` tests each count's figures as a family of its own (4 seats make more figures
    than 2): the note said the first count's size for both ("across the 13 figures") and so misstated the
    correction behind every 4-player star. It names each count's size where they differ, in every language."""
    from toy_game import load_toy, toy_deck

    from cardgen.report.commands import compare
    from cardgen.simulate.compare import CompareOptions, run_compare

    base, variant = toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path)
    opts = CompareOptions(games=20, players=[2, 4], jobs=1, loader=load_toy, out=None, progress=False)
    doc = run_compare(base, variant, opts)
    sizes = {r["players"]: r["family"] for r in doc["results"]}
    assert sizes[4] > sizes[2]  # two more seats, two more seat figures
    note = footnote(doc["results"])
    assert f"{sizes[2]} figures at 2 players, {sizes[4]} at 4 players" in note and f"the {sizes[2]} figures" not in note
    assert f"({sizes[2]} indicateurs à 2 joueurs, {sizes[4]} à 4 joueurs), le risque d’avoir ne serait-ce qu’une fausse alerte" in footnote(doc["results"], "fr")
    assert f"{sizes[4]} con 4 giocatori" in footnote(doc["results"], "it")
    assert footnote(doc["results"][:1]) == footnote(sizes[2])  # one count: the sentence as before
    assert compare(base, variant, opts) == 0
    last = unwrapped(capsys.readouterr().out).splitlines()[-1]
    assert last == footnote(doc["results"]), last


def test_a_sentence_says_the_value_and_interval_of_its_table_row() -> None:
    """en50, it30: the sentence said "9.2 turns shorter (95%: 8.0 to 10.5)" and the table row ten lines below
    "27.2 → 17.9  −9.3 [−10.6 to −7.9]": the paired mean unrounded and its plain interval against the
    difference of the two values shown and Holm's widened interval. Known answer: 27.16 → 17.92 shows as
    27.16 → 17.92 (round 43 en19*: 27.2 − 17.9 is not 9.2), and the difference as the true one rounded, 9.2 (terminal round 41 en38*, it21*: never 9.3, the
    difference of the two rounded values); the interval is the widened one, [−10.6, −7.9]."""
    from cardgen.simulate.summary import _row

    m = {**_m("turns", 27.16, 17.92, -10.5, -8.0), "adj_low": -10.6, "adj_high": -7.9}
    # both values said (fr53), and the widened interval's ends as the size of the change, the way the sentence says
    # it ("shorter"), never beside the table's signed "−9.3 [−10.6 to −7.9]" as "[7.9 to 10.6]", nor "several
    # figures" where the balance paragraph counts them (twenty-third reading en28)
    assert sentence(m) == "Games are 9.2 turns shorter, from 27.2 to 17.9 (7.9 to 10.6 shorter, allowing for chance)."
    assert "27.2 →    17.9  -9.2 [−10.6 to −7.9] *" in _row(m, 10)  # the terminal typesets its minus
    assert sentence(m, "fr") == ("Les parties durent 9,2 tours de joueur de moins, de 27,2 à 17,9 (de 7,9 à 10,6 de moins, "
                                "compte tenu du hasard).")
    assert sentence(m, "it") == ("Le partite durano 9,2 turni in meno, da 27,2 a 17,9 (da 7,9 a 10,6 in meno, tenuto conto "
                                "del caso).")


def test_fix_names_the_counts_it_has_no_table_for() -> None:
    """en57/it26/fr44: fix prints compare's sentences without compare's table, so "the counts listed on the
    'Other counts' line under the table" pointed at nothing; alone, the sentence names those counts, in each
    language, and the early stop's ``--fixed`` is said to be compare's (fix has no such option)."""
    metrics = [_m("turns", 20, 18.8, -1.5, -0.9), _m("peak:gold_in_hands", 25, 15, -10.1, -9.9),
               _m("peak:unpaid_by_bank", 3, 3, -0.1, 0.1, significant=False)]
    result = {"metrics": metrics, "games": 400, "game_words": DRACO.words}
    en = verdict(result, "en", alone=True)
    gold = tally_name("peak:gold_in_hands", "en", DRACO.words)
    # en24: not "some of" the counts: these, named; fr29/en2: each with its way and size, as fix's other figures
    # nineteenth reading (fr49, it37): a peak is each game's highest, averaged, never read as end-of-game holdings
    moved = (f"{gold}, the most at any one time in a game, averaged over games (10 fewer, from 25 to 15; 95% "
             "interval: [9.9 to 10.1])")
    # fr30: never "no other figure changed" in each block (fix says it once under them all): the counts, as news
    assert en[-1] == f"Other in-game counts moved too: {moved}."
    assert "table" not in " ".join(en) and "Other counts" not in " ".join(en)
    assert tally_name("peak:unpaid_by_bank", "en", DRACO.words) not in en[-1]  # only the counts that moved
    two = verdict({**result, "metrics": [*metrics, _m("peak:richest_player", 40, 37, -5, -1)]}, "en", alone=True)[-1]
    richest = tally_name('peak:richest_player', 'en', DRACO.words)
    assert two.endswith(f": {moved}; {richest}, the most at any one time in a game, averaged over games (3 fewer, from "
                        "40 to 37; 95% interval: [1 to 5]).")  # a name may hold a comma
    up = verdict({**result, "metrics": [_m("peak:gold_in_hands", 15, 25, 9.9, 10.1)]}, "en", alone=True)[-1]
    assert up.endswith(f"{gold}, the most at any one time in a game, averaged over games (10 more, from 15 to 25; 95% "
                       "interval: [9.9 to 10.1]).")
    said = {lang: verdict(result, lang, alone=True)[-1] for lang in ("fr", "it")}
    assert said["fr"].endswith(f"{tally_name('peak:gold_in_hands', 'fr', DRACO.words)}, au plus fort de chaque partie, "
                               "en moyenne (10 de moins, de 25 à 15\u202f; "
                               "intervalle à 95\u202f%\u202f: [9,9\u202f; 10,1]).")
    assert said["it"].endswith(f"{tally_name('peak:gold_in_hands', 'it', DRACO.words)}, il massimo di ogni partita in "
                               "media (10 in meno, da 25 a 15; "
                               "intervallo al 95%: [9,9; 10,1]).")
    assert all("«" not in text for text in said.values())
    assert said["fr"].startswith("D’autres compteurs de la partie ont aussi bougé\u202f: ")
    assert said["it"].startswith("Sono cambiati anche altri conteggi della partita: ")
    assert verdict({**result, "metrics": metrics[1:]}, "en", alone=True) == [
        f"No figure changed by more than chance alone would explain, apart from these in-game counts: {moved}."]
    # fr30: fix's line already says its pairs ("6 players, … on 100 pairs"): never "100 pairs" twice in one line
    assert "400" not in verdict({**result, "metrics": metrics[1:]}, "fr", alone=True)[0]
    stopped = {**result, "metrics": metrics[2:], "stop": {"early": True, "pairs": 50, "most": 300}}
    # fix says once, on its last line, that small changes can go unnoticed and what --fixed plays (fr42, fr44),
    # and once under all its blocks that nothing else was detected: never "no other change detected" per count (fr30)
    for lang in ("en", "fr", "it"):
        assert verdict({**stopped, "metrics": metrics[:1]}, lang, alone=True) == [sentence(metrics[0], lang, DRACO.words)]
    # a count that moved is still said in a block that stopped early (it adds something there)
    early = verdict({**stopped, "metrics": metrics[:2]}, "en", alone=True)
    assert early[-1] == f"Other in-game counts moved too: {moved}.", early
    assert "--fixed" not in " ".join(verdict({**stopped, "metrics": metrics[:1]}, "en"))  # compare says it once
    assert verdict(result, "en")[-1].endswith("apart from the counts on the “Other counts” line.")  # compare's


def test_the_page_s_footnote_names_the_mark_the_page_shows() -> None:
    """Tenth reading (it78 and its en/fr twins): the report's note said an interval excludes 0 "exactly when its
    figure is marked *", and the page shows no *: its table says so in a "significant" column. The text file keeps
    its *; the page names its column and the word in it, in each language."""
    for lang, star, column in (("en", "its figure is marked *", "its row says “yes” in the “change beyond chance?” column"),
                               ("fr", "astérisque (*)", "porte « non » dans la colonne « cet écart peut-il venir du hasard ? »"),
                               ("it", "asterisco (*)", "dice «no» nella colonna «questa differenza può venire dal caso?»")):
        text, page = footnote(25, lang), footnote(25, lang, page=True)
        plain = page.replace("\u00a0", " ").replace("\u202f", " ")
        assert star in text and "*" not in page and column in plain, (lang, page)


def test_other_counts_point_to_a_finding_the_verdict_names_and_never_say_it_twice() -> None:
    """Eleventh reading (en36, fr41, it38): compare-draco said "fewer games where a player owes more than they
    have (6.5% … instead of 20.0%)" and then, on the "Other counts" line, the same count again. The line
    leaves it out, from its count too (issue #53), and names only the others; the clause on counts that follow from the variant's
    rule is its own clause, not hung on "details in the report" (fr36: "détails dans le rapport, dont 2…")."""
    from cardgen.simulate.summary import internal_line
    from cardgen.simulate.verdict import named_metrics

    owes = {**_m("gap:debt", 0.20, 0.065, -0.2, -0.08), "group": "internal"}
    rich = {**_m("peak:richest", 39.7, 37.3, -3.0, -1.0), "group": "internal"}
    quiet = {**_m("peak:hand", 8.0, 8.1, -0.5, 0.6, significant=False), "group": "internal"}
    result = {"metrics": [owes, rich, quiet], "games": 200}
    assert named_metrics(result) == {"gap:debt"}  # the peak is no shortage: it never headlines
    line = internal_line([owes, rich, quiet], "en", named=named_metrics(result))
    # the count named above is no "other" count: neither counted nor said again ("2 of 3 changed — games where
    # debt, named above" counted it: issue #53, fr38, it11), its figures not said twice
    assert line.startswith("Other counts: 1 of 2 changed beyond chance — ") and "20.0" not in line and "debt" not in line, line
    assert "39.7\u00a0→ 37.3" in line and line.endswith("; details in the report."), line
    for lang, said in (("fr", "Autres mesures\u202f: une sur 2 a varié plus que le hasard ne peut l’expliquer — "), ("it", "Altre misure: 1 su 2 è cambiata più di quanto possa spiegare il caso — ")):
        assert internal_line([owes, rich, quiet], lang, named={"gap:debt"}).startswith(said)
    # the one left unchanged, in the singular; none left, no line
    assert internal_line([owes, quiet], "en", named={"gap:debt"}) == \
        "Other counts: the only one did not change beyond chance; details in the report."
    assert internal_line([owes], "fr", named={"gap:debt"}) == ""
    assert internal_line([owes, quiet], "en").startswith("Other counts: 1 of 2 changed beyond chance — ")  # named nowhere: counted
    both = [{**m, "follows_from_change": True} for m in (owes, rich)]
    said = internal_line(both, "en")
    # twenty-third reading (fr23, it29): "they follow directly…" after two items had no clear antecedent: said with
    # the count, before the items
    assert said.startswith("Other counts: 2 of 2 changed beyond chance, both as a direct effect of the variant’s rule — "), said
    # the peak's gloss once, after its figures, even for a peak no game names (twenty-third reading en21)
    assert said.endswith("richest: 39.7\u00a0→ 37.3 (the most at any one time in a game, averaged over games); details in the "
                         "report."), said
    assert "2 sur 2 ont varié plus que le hasard ne peut l’expliquer, toutes deux par effet direct de la règle de la variante — " in (
        internal_line(both, "fr").replace("\u202f", " "))
    one = internal_line([both[0], rich], "it")
    assert "2 su 2 sono cambiate più di quanto possa spiegare il caso, una delle quali per effetto diretto della regola della variante — " in one, one


def test_a_change_is_written_with_the_decimal_of_the_figures_it_joins() -> None:
    """Sixteenth reading fr27: "11 fewer complete rounds, from 26.2 to 15.2" beside "8.3 fewer" on the next count:
    the change keeps its one decimal where its figures have one; whole figures keep a whole change."""
    from cardgen.simulate.verdict import sentence

    assert sentence(_m("rounds", 26.2, 15.2, -11.6, -10.6)).startswith(
        "Games last 11.0 fewer complete rounds, from 26.2 to 15.2")
    assert sentence(_m("rounds", 26, 15, -11.6, -10.6)).startswith("Games last 11 fewer complete rounds, from 26 to 15")
