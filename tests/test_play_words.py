"""What ``cardgen play`` says outside the game's own words, in the table's language (issue #52): its terminal
lines (the links, "Ctrl-C to stop", why it stopped), the page's aria-labels and the hint's figures, written
with the language's decimal sign."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.terminal import say
from tests.english import english_in
from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import ROOT, ask, start

WORDS = json.loads((ROOT / "cardgen" / "play" / "view.json").read_text(encoding="utf-8"))["ui"]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_terminal_speaks_the_tables_language_to_the_end(tmp_path: Path, lang: str) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "--project", str(ROOT), "play", "king_lui", "--lang",
                             lang, "--seed", "3", "--no-browser", "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert proc.stdout is not None
        first = [proc.stdout.readline(), proc.stdout.readline()]  # the faces being drawn, then the seat's link
        url = re.search(r"(http://127\.0\.0\.1:\d+/\S+/)", first[1]).group(1)
        assert ask(url + "api/view")[0] == 200
        assert ask(url + "api/leave", {})[0] == 204  # the one person's page closed: the table stops after a grace
        out = proc.stdout.read()  # to the end: the table stops by itself (communicate's timeout would skip the buffer)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    said = "".join(first) + out
    # the game by its title in the table's language, not its id (#53 fr48)
    title = {"fr": "Le Roi Lui", "it": "King Lui"}[lang]
    assert say("play_drawing", lang, deck=title) in said and "king_lui" not in said and "Ctrl-C" in first[1]
    assert say("play_stopping", lang, why=say("play_closed", lang)) in out
    assert say("play_spectator", lang, url="X").split("X")[0] in out
    assert english_in(said, lang, {"king", "lui"}) == []


def test_a_planted_english_line_is_found() -> None:
    """The check above can fail: the English line it replaced is found under French."""
    assert english_in("cardgen play: the page was closed; stopping", "fr")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
def test_the_page_names_its_parts_and_writes_figures_in_its_language(tmp_path: Path) -> None:
    proc, url = start(tmp_path, "royale", "--lang", "it", "--seed", "3", "--pace", "0")
    try:
        with chromium_page(url, 1280, 800) as page:
            page.wait_for_function("() => typeof view !== 'undefined' && view && view.waiting === 'you'",
                                   timeout=30_000)
            assert page.get_attribute("#table", "aria-label") == WORDS["it"]["aria_table"]
            # the footer read out by its own heading ("Carte da servire"), never "La tua mano" (round 27, it17, fr9)
            heading = page.evaluate("() => view.hand.length === 1 ? view.hand[0].title : null")
            assert page.get_attribute("#hand", "aria-label") == (heading or WORDS["it"]["aria_hand"])
            assert heading != WORDS["it"]["aria_hand"]
            page.click("#hint")
            page.wait_for_selector("#hint-box td.value", timeout=30_000)
            figures = page.locator("#hint-box td.value span:not(.bar)").all_inner_texts()
            assert figures and all("," in f and "." not in f for f in figures if f != "–")
    finally:
        proc.terminate()
        proc.wait(10)
