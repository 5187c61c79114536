"""The twenty-third reading's faults on compare's words and pages (en21, en25, en28, en32, with it26): a count's
gloss after its figures, a house rule's file on a line of its own, a widened interval said the way its sentence
says the change, a share of games in a sentence with a verb."""
from __future__ import annotations

import re

import pytest

from cardgen.games import get_game
from cardgen.simulate.summary import Naming, internal_line
from cardgen.simulate.verdict import sentence

TOAST = {"kind": "house_rule", "field": "code", "old": None, "new": "variants/draco/house/charity_toast.py",
         "text": {"en": "Before a toast, give 1 coin to the poorest.", "fr": "Avant un toast, donnez 1 pièce.",
                  "it": "Prima del brindisi, dai 1 moneta."}}


@pytest.mark.parametrize(("lang", "said"), [
    # terminal round 41 en8: "at the king’s place", as the book says it
    ("en", "portions at the king’s place: 26.6\u00a0→ 22.9 (the most at any one time in a game, averaged over games)"),
    ("fr", "portions dans l’assiette du roi\u202f: 26,6\u00a0→ 22,9 (au plus fort de chaque partie, en moyenne)"),
    ("it", ": 26,6\u00a0→ 22,9 (il massimo di ogni partita, in media)")])
def test_a_changed_count_says_its_name_then_its_figures_then_what_they_average(lang: str, said: str) -> None:
    """en21: "portions in the king’s place, the most at any one time in a game, averaged over games: 26.6 → 22.9"
    wedged the definition between the name and its figures; the two figures never part at a line's end (the French
    line broke "39,3 ↵→ 37,2")."""
    count = {"metric": "peak:king_portions", "base": 26.6, "variant": 22.9, "significant": True}
    quiet = {"metric": "peak:hand", "base": 5.0, "variant": 5.1, "significant": False}
    line = internal_line([count, quiet], lang, Naming(get_game("king_lui").words))
    assert said in line and line.count("(") == 1, line


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Games are 9.2 turns shorter, from 27.2 to 17.9 (7.9 to 10.6 shorter, allowing for chance)."),
    ("fr", "Les parties durent 9,2 tours de joueur de moins, de 27,2 à 17,9 (de 7,9 à 10,6 de moins, compte tenu du "
           "hasard)."),
    ("it", "Le partite durano 9,2 turni in meno, da 27,2 a 17,9 (da 7,9 a 10,6 in meno, tenuto conto del caso).")])
def test_a_length_s_widened_interval_is_said_as_the_change_is(lang: str, said: str) -> None:
    """en28: "(confidence interval widened because several figures are compared at once: [7.9 to 10.6])" under a
    table row "−9.3 [−10.6 to −7.9]": the sign flipped without a word, and "several" where the balance paragraph
    says "19 figures". The interval's ends are now the size of the change, in the sentence's own direction. Terminal
    round 41 en38*, it21*: the change is the true one rounded (−9.24: 9.2), not 27.2 − 17.9."""
    m = {"metric": "turns", "base": 27.16, "variant": 17.92, "difference": -9.24, "low": -10.5, "high": -8.0,
         "adj_low": -10.6, "adj_high": -7.9, "significant": True}
    assert sentence(m, lang, get_game("royale").words) == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The share of games where a player owes more than they have falls from 19.0% to 6.7%."),
    ("fr", "La part des parties où un joueur doit plus qu’il ne possède baisse de 19,0\u202f% à 6,7\u202f%."),
    ("it", "La quota di partite in cui ")])
def test_a_share_of_games_is_said_in_a_sentence_with_its_verb(lang: str, said: str) -> None:
    """en32: "Fewer games where a player owes more than they have (6.7% of games instead of 19.0%)." was a fragment
    after two full sentences; the share now rises or falls, as the winner's fortune does beside it."""
    m = {"metric": "gap:cannot_pay", "base": 0.19, "variant": 0.067, "difference": -0.123, "low": -0.18,
         "high": -0.07, "significant": True}
    text = sentence(m, lang, get_game("draco").words)
    assert text.startswith(said), text
    if lang == "it":  # the Italian article elided before "6,7" is not needed; before 8 or 11 it is ("all’8,0%")
        assert text.endswith("scende dal 19,0% al 6,7%."), text
        eight = sentence({**m, "variant": 0.08, "difference": -0.11}, lang, get_game("draco").words)
        assert eight.endswith("dal 19,0% all’8,0%."), eight


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_house_rule_s_file_is_on_a_line_of_its_own_and_breaks_only_at_its_slashes(lang: str) -> None:
    """en25, it26: "(a house rule written in Python: variants/…/charity_toast.py)" inside the sentence stating the
    rule; on a phone the path broke mid-name ("charity_toast.↵py"). The rule alone in the list, its file on its own
    line under it, cut only at its slashes, on the compare page and in the terminal."""
    from cardgen.report.pages import changes_box
    from cardgen.report.templating import macro
    from cardgen.simulate.summary import format_comparison

    info = {"kind": "variant", "base": "draco", "base_name": "Draco & Co", "description": "Charity.",
            "differences": [TOAST]}
    html = str(macro("parts.html", "changes", changes_box(info, lang)))
    items = re.findall(r"<li>(.*?)</li>", html, re.S)
    assert len(items) == 1 and "charity_toast" not in items[0] and "Python" not in items[0], items
    line = re.search(r'<div class="muted">(.*?)</div>', html, re.S).group(1)
    assert "<code>variants/<wbr>draco/<wbr>house/<wbr>charity_toast.py</code>" in line, line
    assert line[:1].isupper() and "Python" in line, line
    doc = {"lang": lang, "base": "draco", "variant": "t", "name": "T", "games": 100, "agents": ["heuristic"],
           "differences": [TOAST], "results": []}
    lines = format_comparison(doc).splitlines()
    said = next(i for i, x in enumerate(lines) if "1 " in x and ("coin" in x or "pièce" in x or "moneta" in x))
    assert "charity_toast" not in lines[said] and lines[said + 1].startswith("  ") and \
        lines[said + 1].endswith(": variants/draco/house/charity_toast.py"), lines


def test_the_compare_page_names_player_1_s_share_whole_at_every_count() -> None:
    """fr50: at 4 and 5 players the page's balance table said "victoires, joueur 1 (chef du premier service)" above
    "part des victoires, joueur 2": the terminal's short name (for a 100-column row) on a page that has room."""
    from cardgen.report.pages import metrics_table

    words = get_game("king_lui").words
    seats = [{"metric": f"seat_{k}_win_rate", "base": 0.3, "variant": 0.3, "difference": 0.0, "low": -0.1,
              "high": 0.1, "significant": False} for k in (1, 2)]
    said: set[str] = set()
    for _ in range(2):  # the second table names again what the first defined
        names = [row["name"] for row in metrics_table(seats, "fr", sort=False, game=words, said=said)["rows"]]
        assert names[0].startswith("part des victoires, joueur 1 (chef du premier service)"), names


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_page_summary_says_each_count_s_findings_in_one_paragraph(tmp_path, monkeypatch, lang: str) -> None:
    """fr52, it56: the page gave each finding its own paragraph, "3 joueurs :" opening four in a row, where the
    terminal says one paragraph per player count, its prefix once."""
    import cardgen.report.pages as pages
    from cardgen.simulate.compare import CompareOptions, run_compare
    from toy_game import load_toy, toy_deck

    opts = CompareOptions(games=20, players=[2, 3], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    import cardgen.simulate.verdict as verdicts
    monkeypatch.setattr(verdicts, "verdict", lambda r, lang="en", **k: ["Games are shorter.", "Scores fall."])
    html = pages.compare_page(doc, {"name": "V"}, "", naming=Naming(title="B"))
    box = html[html.index('<div class="verdict">'):]
    box = box[:box.index("</div>")]
    for n in (2, 3):
        prefix = {"en": f"{n} players:", "fr": f"{n} joueurs\u202f:", "it": f"{n} giocatori:"}[lang]
        assert box.count(prefix) == 1 and f"<p>{prefix} games are shorter. Scores fall.</p>" in box, box
