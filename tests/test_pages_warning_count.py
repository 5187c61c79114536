"""Deck pages after the fifteenth native reading (issue #53): one warning is said in the singular where the
language says it so (Italian "CON AVVISI" for one warning), and the details drop the balance paragraph the
warning already said by what it says (its kind), never by comparing text that a page words differently."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.load.project import Project
from cardgen.report.templating import kept, macro, unbroken
from cardgen.report.validation import badges
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming, balance_parts, warning_count
from test_pages_fifteenth import _flagged

LANGS = ("en", "fr", "it")
SHORT = {"peak": "unpaid_by_bank", "print_more": 5, "cover": 0.99, "games_short": 3, "games": 24, "max": 4}


@pytest.mark.parametrize(("lang", "one", "many"), [("en", "PASS WITH A WARNING", "PASS WITH WARNINGS"),
                                                   ("it", "VERIFICA SUPERATA CON UN AVVISO", "VERIFICA SUPERATA CON AVVISI"),
                                                   # "avec réserves" is said of one or more ("réserve" alone is the
                                                   # French glossary's forbidden name of the supply)
                                                   ("fr", "VALIDÉ AVEC RÉSERVES", "VALIDÉ AVEC RÉSERVES")])
def test_the_badge_says_one_warning_in_the_singular(lang: str, one: str, many: str) -> None:
    marks = badges(lang)
    assert f'<span class="warned">{one}</span>' == str(macro("parts.html", "badge", True, marks, 1))
    assert f'<span class="warned">{many}</span>' == str(macro("parts.html", "badge", True, marks, 2))
    assert f'<span class="warned">{one}</span>' == str(macro("parts.html", "badge", True, marks, ["w"]))
    assert f'<span class="warned">{many}</span>' == str(macro("parts.html", "badge", True, marks, ["w", "v"]))
    assert "warned" not in str(macro("parts.html", "badge", True, marks, 0))
    assert "fail" in str(macro("parts.html", "badge", False, marks, 1))


def test_the_warnings_are_counted_as_the_lines_that_say_them() -> None:
    """Royale's 4 players: one balance warning naming two seats is one warning (its flags' English sentences,
    kept beside them, are not more); a box short of a component is one more; a failed entry has none."""
    r = _flagged()
    flag = r["balance"]["flags"][0]
    one = {**r, "balance": {**r["balance"], "warnings": ["seat 1 wins more"]}}
    assert warning_count(one) == 1
    two_seats = {**one, "balance": {**one["balance"], "flags": [flag, {**flag, "seat": 2}]}}
    assert warning_count(two_seats) == 1
    assert warning_count({**two_seats, "sufficiency": [SHORT]}) == 2
    assert warning_count({**two_seats, "passed": False}) == 0
    assert warning_count({**r, "balance": {**r["balance"], "flags": []}}) == 0


def test_the_balance_paragraphs_say_what_they_are() -> None:
    r = _flagged()
    assert [kind for kind, _ in balance_parts(r["balance"], "en")] == ["flagged"]
    none = {**r["balance"], "flags": [], "games": 300}
    assert [kind for kind, _ in balance_parts(none, "en", 3)] == ["none"]
    close = {**none, "close": [{"seat": 2, "games": 300, "side": "more", "rate": 0.4, "low": 0.3, "high": 0.5,
                                "fair": 0.333, "level": 0.9833, "compared": 3}]}
    assert [kind for kind, _ in balance_parts(close, "en", 3, "cardgen validate x")] == ["close"]
    assert [kind for kind, _ in balance_parts({"warnings": ["old"]}, "en")] == ["warnings"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_details_drop_the_warned_paragraph_even_worded_otherwise(lang: str, repo_root: Path) -> None:
    """Where the seats' intervals are listed, the details word the flagged seats' paragraph otherwise than the
    warning list does (it names the widened interval as the seat lines): a text comparison kept it twice."""
    from cardgen.report.pages import deck_page
    from cardgen.report.validation import section
    from cardgen.simulate.summary import more_games_command

    r = _flagged()
    r["balance"] = {**r["balance"], "games": 300,
                    "seat_intervals": [{"seat": s + 1, "low": 0.25, "high": 0.42, "compared": 3} for s in range(3)]}
    warned = dict(balance_parts(r["balance"], lang))["flagged"]
    detail = dict(balance_parts(r["balance"], lang, 3, more_games_command(r)))["flagged"]
    assert detail in section(r, lang)["balance"]
    naming = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), lang)
    html = deck_page("king_lui", {"results": [r]}, {"king_lui": {"name": "King Lui"}}, None, "", None, lang, naming)
    assert warned != detail  # worded otherwise: comparing the text would keep it
    from markupsafe import escape
    # the page's intervals unbroken (eighteenth reading fr72), as ``templating.unbroken`` writes every one
    assert (str(escape(unbroken(detail))) not in html
            and str(escape(unbroken(warned.split(":", 1)[1].strip()))) in html)


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_without_a_warning_says_its_balance_verdict_under_its_heading(lang: str, repo_root: Path) -> None:
    """A count that passed showed charts and a table, with the sentence saying what to do (no gap beyond chance,
    or a gap more games would settle, and the command) only inside the closed details (sixteenth reading en24):
    it stands under the heading, and once."""
    from markupsafe import Markup, escape

    from cardgen.report.pages import coded, deck_page
    from cardgen.report.templating import capital
    from cardgen.simulate.summary import more_games_command

    r = _flagged()
    close = [{"seat": 2, "games": 300, "side": "more", "rate": 0.4, "low": 0.3, "high": 0.5, "fair": 0.333,
              "level": 0.9833, "compared": 3}]
    naming = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), lang)
    for balance in ({**r["balance"], "flags": [], "games": 300}, {**r["balance"], "flags": [], "games": 300,
                                                                   "close": close}):
        plain = {**r, "balance": balance}
        [(kind, text)] = balance_parts(balance, lang, len(plain["seat_win_rates"]), more_games_command(plain))
        html = deck_page("king_lui", {"results": [plain]}, {"king_lui": {"name": "King Lui"}}, None, "", None, lang,
                         naming)
        # its more-games command set as code, as every command on a page (terminal round 30 it45)
        shown = coded(text, more_games_command(plain))
        shown = str(shown) if isinstance(shown, Markup) else str(escape(kept(text)))
        shown = capital(shown)  # a section's opening sentence starts with a capital (round 31 en34)
        where = html.find(shown)
        assert kind in ("none", "close") and -1 < where < html.index("<details>"), kind
        assert html.count(shown) == 1
