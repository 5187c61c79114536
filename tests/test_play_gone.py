"""A page whose table has stopped (the designer pressed Ctrl-C, a phone left the Wi-Fi) says so in the
table's language, not with the browser's English ('Failed to fetch'), in Chromium."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import start_table

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")

WORDS = json.loads((Path(__file__).parents[1] / "cardgen" / "play" / "view.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_page_whose_table_stopped_says_so_in_its_language(lang: str, tmp_path: Path) -> None:
    proc, links = start_table(tmp_path, "king_lui", "--lang", lang)
    try:
        with chromium_page(links["1"], 390, 844) as page:
            page.wait_for_function("() => view && view.seat === 0")
            proc.terminate()
            proc.wait(10)
            page.wait_for_function("() => document.getElementById('message').textContent !== ''", timeout=15_000)
            said = page.inner_text("#message")
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)
    assert said == WORDS["ui"][lang]["err_gone"]


def test_an_answer_that_is_not_the_tables_says_so_in_its_language(tmp_path: Path) -> None:
    """A page that gets something else than the table's answer (a proxy's 'Bad Gateway' page, a cut answer)
    says the table does not answer in its language, not 'the server did not answer' in English."""
    proc, links = start_table(tmp_path, "king_lui", "--lang", "fr")
    try:
        with chromium_page(links["1"], 390, 844) as page:
            page.wait_for_function("() => view && view.seat === 0")
            page.route("**/api/**", lambda route: route.fulfill(status=502, content_type="text/html",
                                                                body="<h1>Bad Gateway</h1>"))
            page.wait_for_function("() => document.getElementById('message').textContent !== ''", timeout=15_000)
            said = page.inner_text("#message")
    finally:
        proc.terminate()
        proc.wait(10)
    assert said == WORDS["ui"]["fr"]["err_gone"]
