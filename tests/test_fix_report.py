"""Validate's and compare's reports say, under each flagged problem, how to get tested fixes: the ``cardgen fix``
command line for that deck, or a link to fix's record where one lies beside the report; in the report's
language, and nothing under a deck with no problem fix searches."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.report.pages import fix_hint, fixable
from screen import unwrapped, unwrapped_capture

POOR = ("extends: draco\nname: {fr: Pauvre, it: Povera, en: Poor}\ndescription: {fr: x, it: x, en: x}\n"
        "change:\n  silver-coin: {count: 8}\n")


@pytest.fixture
def project(project_with: Callable[[str], Path]) -> Path:
    root = project_with("draco")
    (root / "variants" / "draco-poor.yaml").write_text(POOR, encoding="utf-8")
    return root


def _page(out: Path, pattern: str) -> str:
    pages = sorted(out.glob(pattern))
    assert len(pages) == 1, pages
    return pages[0].read_text(encoding="utf-8")


def test_what_fix_searches_a_cure_for_is_what_gets_the_hint() -> None:
    assert not fixable({"sufficiency": [], "balance": {"flags": []}, "designer": {"component_impact": [{"flag": ""}]}})
    assert fixable({"sufficiency": [{"peak": "unpaid_by_bank"}]})
    assert fixable({"balance": {"flags": [{"seat": 1}]}})
    assert fixable({"designer": {"component_impact": [{"flag": "weak"}]}})


def test_the_hint_is_the_command_until_fix_has_a_record_beside_the_report(tmp_path: Path) -> None:
    assert fix_hint("draco-poor", tmp_path, "it") == {
        "text": "Per cercare correzioni che risolvano quanto segnalato sopra e provarle su partite simulate, esegui:",
        "command": "cardgen fix draco-poor",
        "href": None}
    record = tmp_path / "fix" / "draco-poor" / "fix.json"
    record.parent.mkdir(parents=True)
    record.write_text(json.dumps({"proposals": []}), encoding="utf-8")
    none = fix_hint("draco-poor", tmp_path, "en")
    assert none["text"].startswith("cardgen fix found no change of the game's numbers that cures these problems")
    record.write_text(json.dumps({"proposals": [{"file": "a.yaml"}, {"file": "b.yaml"}]}), encoding="utf-8")
    two = fix_hint("draco-poor", tmp_path, "fr")
    assert "de draco-poor (2)" in two["text"] and two["href"] == "../../fix/draco-poor/fix.json" and two["command"] is None
    assert (tmp_path / "validation" / "run" / two["href"]).resolve() == record.resolve()  # from a run's page
    record.write_text("{not json", encoding="utf-8")  # a record cut short: the command again, no traceback
    assert fix_hint("draco-poor", tmp_path, "en")["command"] == "cardgen fix draco-poor"


def test_validate_and_compare_pages_say_how_to_get_fixes_in_their_language(project: Path) -> None:
    out = project / "out"
    args = ["--project", str(project), "--games", "40", "--players", "6", "--out", str(out)]
    assert main(["validate", "draco-poor", *args]) == 0
    page = _page(out, "validation/validate-draco-poor-*[0-9a-f]/draco-poor.html")
    # what the command does when run: it searches and tests variants, it holds none already "tested that cure"
    # "these problems" for the one shortage a page shows (eleventh reading fr89): what is flagged above, one or many
    # the command names the one player count that shows the problem where others were run too (nineteenth reading
    # fr16: the page says the terminal's command under the warning)
    # twenty-first reading (en62, en34): the terminal's one pointer, naming the problem as the terminal does, never
    # "what is flagged on this page" where one count of several flags it
    assert re.search(r'<p class="fix">To look for fixes to the shortage of silver coins(?: and the flagged cards)? '
                     r'and test them in simulated games, run: <code>(?:cardgen fix <span class="nw">draco-poor</span>|'
                     r'<span class="nw">cardgen fix draco-poor</span> <span class="nw">--players \d</span>)</code></p>',
                     page), re.findall(r'<p class="fix">.*?</p>', page)
    record = out / "fix" / "draco-poor" / "fix.json"
    record.parent.mkdir(parents=True)
    record.write_text(json.dumps({"proposals": [{"file": "draco-poor-fix-1.yaml"}]}), encoding="utf-8")
    assert main(["validate", "draco-poor", *args, "--lang", "fr"]) == 0
    page = _page(out, "validation/validate-draco-poor-*-fr/draco-poor.html")
    assert "proposées par cardgen fix" in re.sub(r'<span class="nw">(.*?)</span>', r"\1", page) and '<a href="../../fix/draco-poor/fix.json">' in page
    assert "Tested variants" not in page
    assert main(["compare", "draco", "draco-poor", *args]) == 0
    page = _page(out, "validation/compare-draco-vs-draco-poor-*/index.html")
    assert page.count('<a href="../../fix/draco-poor/fix.json">its record (fix.json)</a>') == 1


def test_a_deck_page_gives_the_fix_command_once(project: Path) -> None:
    """Fourteenth reading (en55): under every warned player count, four times on the Draco page, the same command;
    said once a page, under the first count that flags a problem."""
    out = project / "out"
    assert main(["validate", "draco-poor", "--project", str(project), "--games", "40", "--players", "5", "6",
                 "--out", str(out)]) == 0
    page = _page(out, "validation/validate-draco-poor-*[0-9a-f]/draco-poor.html")
    assert page.count("WARNING") >= 2 or page.count("WITH WARNINGS") >= 2, page  # two counts flag the shortage
    assert page.count('<p class="fix">') == 1


def test_a_deck_with_nothing_to_fix_gets_no_hint(project_with: Callable[[str], Path]) -> None:
    root = project_with("king_lui")
    out = root / "out"
    assert main(["validate", "king_lui", "--project", str(root), "--games", "40", "--players", "3",
                 "--out", str(out)]) == 0
    assert 'class="fix"' not in _page(out, "validation/validate-king_lui-*/king_lui.html")


@pytest.mark.parametrize("deck, lang, line", [
    # the shortage by its one name, its warning's (twentieth reading en18)
    # one word for fixes, no full stop (fr9); the one pointer, the command after its colon (twenty-first fr21)
    ("draco", "fr", "Draco & Co (draco) : pour chercher comment corriger le manque de pièces à la banque et les "
                    "cartes signalées, puis essayer les corrections trouvées "
                    "sur des parties simulées, lancez : cardgen fix draco"),
    ("king_lui", "en", None),
])
def test_validate_names_the_fix_command_under_a_problem_fix_searches(deck: str, lang: str, line: str | None,
                                                                    tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Base Draco's bank runs short: validate's terminal says how to get tested fixes, in its language; a
    deck without such a problem gets no such line."""
    from cardgen.languages import typeset

    main(["validate", deck, "--players", "3", "--games", "100", "--lang", lang, "--out", str(tmp_path / "out")])
    said = unwrapped(capsys.readouterr().out).splitlines()
    # the pointer: the line that ends on the command to run (the shortage WARNING names cardgen fix too, round 25)
    fixes = [s for s in said if s.rstrip().endswith("cardgen fix " + deck)]
    assert fixes == ([typeset(line, lang)] if line else [])


RICH = ("extends: draco\nname: {fr: Riche, it: Ricca, en: Rich}\ndescription: {fr: x, it: x, en: x}\n"
        "change:\n  silver-coin: {count: 132}\n")
SAME = "extends: king_lui\nname: {fr: Pareil, it: Uguale, en: Same}\ndescription: {fr: x, it: x, en: x}\n"


@pytest.mark.parametrize("base, variant, lang, games, named", [
    ("draco", "draco-rich", "fr", 30, ["draco"]),  # the base's bank runs short, the variant's holds enough
    ("draco-rich", "draco-poor", "en", 30, ["draco-poor"]),
    ("draco", "draco-poor", "it", 30, ["draco", "draco-poor"]),
    ("king_lui", "kl-same", "en", 200, []),  # 200 games: at 30, chance gives seat 1 a flag
])
def test_compare_names_the_fix_command_for_each_deck_showing_a_problem_fix_searches(
        base: str, variant: str, lang: str, games: int, named: list[str], project: Path,
        project_with: Callable[[str], Path], capsys: pytest.CaptureFixture[str]) -> None:
    """Compare's terminal ends, as validate's does, with the fix command for each of its two decks whose games
    show a problem fix searches a cure for (here a bank running short at 3 players), in the run's language;
    nothing for a deck without one."""
    from cardgen.languages import typeset
    from cardgen.terminal import word

    project_with("king_lui")
    (project / "variants" / "draco-rich.yaml").write_text(RICH, encoding="utf-8")
    (project / "variants" / "kl-same.yaml").write_text(SAME, encoding="utf-8")
    assert main(["--project", str(project), "compare", base, variant, "--players", "3", "--games", str(games),
                 "--lang", lang, "--out", str(project / "out")]) == 0
    said = unwrapped(capsys.readouterr().out).splitlines()
    # the closing fix lines; a seat imbalance's own line, indented in its block, may name the base's (fr26)
    fixes = [s for s in said if "cardgen fix" in s and not s.startswith(" ")]
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortage_name
    draco = Naming.of(resolve("draco"), lang)  # by its one name, as the notes head it (en18)
    shortage = typeset(word("fix_kinds", lang)["components"].format(
        name=shortage_name(draco.ruled["silver-coin"], lang, draco, "silver-coin")), lang)
    if len(named) == 2 and len(fixes) == 1:  # both short alike: one line names both commands (fr35, it40)
        assert all(f"cardgen fix {d} (" in fixes[0] for d in named) and shortage in fixes[0], fixes
        return
    assert len(fixes) == len(named), fixes  # each deck by its title with its id, as compare's first line
    assert all(f"({d})" in f and f.rstrip(" .»\u202f").endswith(f"cardgen fix {d}") and shortage in f for f, d in zip(fixes, named)), fixes
    if lang == "fr":  # our own words, typeset in French: the space before the colon
        assert fixes[0] == typeset("Draco & Co (draco) : pour chercher comment corriger le manque de pièces "
                                   "à la banque, puis essayer les "
                                   "corrections trouvées sur des parties simulées, lancez : cardgen fix draco", "fr")


@pytest.mark.parametrize(("lang", "said"), [("en", " at 4 players"), ("fr", " à 4 joueurs"), ("it", " con 4 giocatori")])
def test_validate_s_fix_line_names_the_player_counts_that_show_the_problem(lang: str, said: str) -> None:
    """Eighteenth reading (it18): Royale's closing line offered "cardgen fix royale" for "the turn-order imbalance
    above", which only 4 players showed: the line names those counts, and none when every count shows one."""
    from cardgen.report.commands import problems_at

    flagged = {"balance": {"flags": [{"seat": 1}]}}
    entries = [{"players": 2}, {"players": 3}, {"players": 4, **flagged}]
    assert problems_at(entries, lang) == said
    assert problems_at([{"players": 3, **flagged}, {"players": 4, **flagged}], lang) == ""
    assert problems_at([{"players": 3}], lang) == ""
    two = problems_at([{"players": 2, **flagged}, {"players": 3}, {"players": 4, **flagged}], lang)
    assert "2" in two and "4" in two and "3" not in two
