"""The compare report in French and Italian: no English word a designer reads, its own run folder."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.report.words import REPORT, difference_line
from cardgen.languages import SHIPPED

#: words the English report prints that must not reach a French or Italian page
ENGLISH = ("against", "What it changes", "Game length", "turns per game", "Win rate", "seat ", "winner",
           "Final scores", "final score", "figures", "changed", "gallery", "all runs", "overview", "ends by",
           "rule gap", "highest counts", "at any one time", "print ", "per seat", "variant minus", "significant change", "players:",
           "Other counts", "Which card", "the box", "nothing", "interval", "median", "equal share",
           "significant)")


def visible_text(page: str) -> str:
    """What a reader reads, hover titles included: the page without styles and code (deck and field ids)."""
    page = re.sub(r"<style.*?</style>|<code>.*?</code>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_french_or_italian_report_has_no_english_and_its_own_folder(repo_root: Path, tmp_path: Path,
                                                                     lang: str) -> None:
    out = tmp_path / "out"
    args = ["--project", str(repo_root), "compare", "king_lui", "king_lui-hungry-dragon", "--games", "30",
            "--players", "3", "--engine", "reference", "--jobs", "1", "--out", str(out)]
    assert main([*args, "--lang", lang]) == 0 and main(args) == 0
    folders = sorted(p.name for p in (out / "validation").iterdir() if p.is_dir())
    assert len(folders) == 2 and folders[1] == folders[0] + f"-{lang}"  # the English report is still there
    english = (out / "validation" / folders[0] / "index.html").read_text(encoding="utf-8")
    page = (out / "validation" / folders[1] / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in page and '<html lang="en">' in english
    seen = visible_text(page)
    assert [w for w in ENGLISH if re.search(rf"(?<!\w){re.escape(w.strip())}(?!\w)", seen)] == []
    # decimal commas, a space before % in French (Italian sets it against the figure, as its books: terminal round 40
    # it1), charts included (Italian groups thousands with a point: "1.000" is right)
    assert re.findall(r"\d\.\d|\d%" if lang == "fr" else r"\d\.\d", re.sub(r"\d\.\d{3}(?!\d)", "", seen) if lang == "it" else seen) == []
    assert [w for w in ("What the variant changes", "Game length", "Final scores") if w not in visible_text(english)] == []
    # the variant's own description in the language, the components by their names in it
    assert ("Emerald grandit vite" if lang == "fr" else "Emerald cresce in fretta") in seen  # the variant's description
    assert ">cake<" not in page


def test_differences_and_shortfalls_read_in_each_language() -> None:
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    d = {"kind": "rule", "field": "hand_size", "old": 5, "new": 4}
    draco = resolve("draco")
    assert difference_line(d, "en", Naming.of(draco, "en")) == "Action cards dealt to each player: 5 → 4"
    assert difference_line(d, "fr", Naming.of(draco, "fr")) == "Cartes Action distribuées à chaque joueur\u202f: 5 → 4"
    assert difference_line({"kind": "count", "field": "gold-coin", "old": 25, "new": 15}, "it",
                           Naming.of(draco, "it")) == "Moneta d’oro: 25 copie → 15"
    # a value the game names, in the language; a rule the game does not name reads in words, not snake_case
    assert difference_line({"kind": "rule", "field": "cup_start", "old": "last_player", "new": "centre"}, "fr",
                           Naming.of(draco, "fr")) == ("Position de départ de la coupe\u202f: devant le dernier "
                                                      "joueur → au centre de la table")
    assert difference_line({"kind": "rule", "field": "new_rule", "old": True, "new": False}) == "new rule: yes → no"
    assert set(REPORT["fr"]) == set(REPORT["en"]) == set(REPORT["it"])


#: engine ids the issue found in reports: a report names these by their words, never by the id
INTERNAL_IDS = ("supply_exhausted", "no_dish_emerald", "cards_set_aside", "uneven_packets", "bank_short",
                "unpaid_by_bank", "draw_from_empty_supply")


@pytest.mark.parametrize("lang", SHIPPED)
def test_no_report_page_shows_an_internal_id(repo_root: Path, tmp_path: Path, lang: str) -> None:
    """Every page compare writes (verdict, tables, folded tallies, hover titles; not <code> ids of fields)."""
    out = tmp_path / "out"
    assert main(["--project", str(repo_root), "compare", "king_lui", "king_lui-hungry-dragon", "--games", "30",
                 "--players", "3", "--engine", "reference", "--jobs", "1", "--out", str(out), "--lang", lang]) == 0
    pages = list((out / "validation").rglob("*.html"))
    assert pages
    for page in pages:
        seen = visible_text(page.read_text(encoding="utf-8"))
        assert [i for i in INTERNAL_IDS if i in seen or i.replace("_", " ") in seen] == [], page


@pytest.mark.parametrize("d, lang, expected", [
    ({"kind": "count", "field": "gold-coin", "old": 25, "new": 15}, "en", "Gold coin: 25 copies → 15"),
    ({"kind": "added", "field": "gold-coin", "old": 0, "new": 4}, "fr", "Pièce d’or ajouté (4 exemplaires)"),
    ({"kind": "removed", "field": "odd_new-piece", "old": 3, "new": 0}, "en", "odd new piece removed (there were 3)"),
    ({"kind": "changed", "field": "gold-coin", "old": None, "new": None}, "it", "Moneta d’oro: facce o testo modificati"),
    ({"kind": "clarification", "field": "bank_short", "old": None, "new": "pay_what_is_left"}, "en",
     "this edition’s ruling when the bank cannot pay all it owes: changed"),
    ({"kind": "players", "field": "max", "old": 6, "new": 8}, "fr", "nombre maximal de joueurs\u202f: 6 → 8"),
    ({"kind": "card", "field": "width_mm", "old": 63.5, "new": 70.0}, "en", "card size, width (mm): 63.5 → 70"),
    ({"kind": "house_rule", "field": "code", "old": None, "new": "house/toast.py"}, "en",
     "a house rule written in Python (house/toast.py)"),
    ({"kind": "house_rule", "field": "code", "old": None, "new": "house/take_what_is_served.py"}, "fr",
     "une règle maison programmée en Python (house/take_what_is_served.py)"),
    ({"kind": "something_new", "field": "x_y", "old": 1, "new": 2}, "en", ": 1 → 2"),
    ({"kind": "rule", "field": "toast_payouts", "old": [4, 3, 2, 1], "new": [5, 3]}, "fr",
     "Argent versé par la banque aux premières places lors d’un toast\u202f: 4, 3, 2, 1 → 5, 3"),
    ({"kind": "rule", "field": "cards_set_aside", "old": None, "new": 1000}, "fr",
     "Cartes Action écartées, face cachée, à la mise en place\u202f: – → 1\u202f000"),
])
def test_every_kind_of_difference_reads_in_the_games_words(d: dict, lang: str, expected: str) -> None:
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    assert difference_line(d, lang, Naming.of(resolve("draco"), lang)) == expected


def test_a_rule_value_with_a_title_reads_by_its_title_and_a_mapping_item_by_item() -> None:
    from cardgen.simulate.summary import Naming

    bands = [{"min": 11, "max": 12, "title": {"en": "Head Waiter", "fr": "Maître d’hôtel"}}]
    assert Naming().value(bands, "fr") == "Maître d’hôtel" and Naming().value(bands, "it") == "Head Waiter"
    assert Naming().value({"low": 1, "high": True}, "en") == "low 1, high yes"
    assert Naming().value(2.5, "fr") == "2,5" and Naming().value("new_word", "en") == "new word"


def test_one_naming_for_a_comparison_takes_the_variants_names_and_every_shortfall() -> None:
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    base, variant = resolve("draco"), resolve("draco-short")
    both = Naming.of_decks([base, variant], "fr")
    assert both.names["gold-coin"] == "Pièce d’or" and both.shortfall["unpaid_by_bank"] == "silver-coin"
    assert both.title == Naming.of(base, "fr").title and both.words["unit"]["fr"] == ["pièce d’argent", "pièces d’argent"]
    assert Naming.of_decks([], "fr") == Naming()
