"""Terminal round 27 (issue #53), validate's and fix's pages: the game page's WARNING bullets and balance paragraphs
end with a full stop as the terminal's do (en36, fr30, it47): a paragraph of two or three sentences whose last had
none read as cut off on a printed page."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming
from test_pages_fifteenth import _flagged

LANGS = ("en", "fr", "it")


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).strip()


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_pages_warnings_and_balance_paragraphs_end_with_a_full_stop(lang: str, repo_root: Path) -> None:
    from cardgen.report.pages import deck_page

    naming = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), lang)
    flagged = _flagged()
    calm = {**flagged, "balance": {**flagged["balance"], "flags": [], "games": 300}}
    for r in (flagged, calm):
        html = deck_page("king_lui", {"results": [r]}, {"king_lui": {"name": "King Lui"}}, None, "", None, lang,
                         naming)
        warnings = [_text(li) for ul in re.findall(r'<ul class="warn">(.*?)</ul>', html, re.S)
                    for li in re.findall(r"<li>(.*?)</li>", ul, re.S)]
        assert bool(warnings) == (r is flagged), warnings
        assert all(w.endswith(".") for w in warnings), warnings
    # the calm count's verdict, under its heading: "balance: … every player's interval contains it."
    verdict = next(_text(p) for p in re.findall(r"<p[^>]*>(.*?)</p>", html, re.S)
                   if _text(p).startswith({"en": "balance", "fr": "équilibre", "it": "equilibrio"}[lang]))
    assert verdict.endswith("."), verdict
