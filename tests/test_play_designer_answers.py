"""Each person's answers on the designer's page, as the form asked them (``--lang fr``), in Chromium: the
deck's own questions by their text and a yes or no in the table's language, each answer beside the person
who gave it.

A variant of King Lui with two questions of its own (a project of only variants/) is played to its end
through the page's API, both people answer the form differently, then the designer's link is opened.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM
from tests.test_play_designer_words import finish
from tests.test_play_server import ROOT, SEED, ask

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")

VARIANT = """\
extends: king_lui
name: {fr: "Lui essai", it: "Lui prova", en: "Lui trial"}
description: {fr: "Avec deux questions.", it: "Con due domande.", en: "With two questions."}
playtest:
  questions:
    - id: emerald
      kind: yesno
      text: {fr: "L’Emerald était-il utile ?", it: "L’Emerald era utile?", en: "Was the Emerald useful?"}
    - id: pace
      kind: rating
      text: {fr: "Le rythme (1 à 5)", it: "Il ritmo (da 1 a 5)", en: "The pace (1 to 5)"}
"""


def test_each_persons_answers_to_the_decks_questions_read_as_asked(tmp_path: Path) -> None:
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "lui-trial.yaml").write_text(VARIANT, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "play", "lui-trial", "--people", "1,2", "--players", "3",
                             "--no-browser", "--seed", str(SEED), "--lang", "fr", "--pace", "0",
                             "--out", str(tmp_path / "out"), "--log", str(tmp_path / "games.jsonl")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout is not None
        links: dict[str, str] = {}
        for line in proc.stdout:
            found = re.search(r"(seat \d+|designer)\b.*?(http://127\.0\.0\.1:\d+/\S+/)", line)
            if found:
                links[found.group(1).removeprefix("seat ")] = found.group(2)
            if "designer" in links:
                break
        assert "designer" in links, proc.stderr.read() if proc.stderr else ""
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200
        finish(links)
        assert ask(links["1"] + "api/feedback", {"answers": {"long": "long", "q:emerald": True, "q:pace": 5}})[0] == 200
        assert ask(links["2"] + "api/feedback", {"answers": {"long": "right", "q:emerald": False}})[0] == 200
        with playwright.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(links["designer"])
            page.wait_for_function("() => view && view.designer && view.waiting === 'over'", timeout=30_000)
            lines = page.evaluate("() => [...document.querySelectorAll('#moves p')].map((p) => p.textContent)")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    long, emerald = "La partie vous a-t-elle paru longue ?", "L’Emerald était-il utile ?"
    assert lines == [f"Joueur 1: {long} — Trop longue · {emerald} — oui · Le rythme (1 à 5) — 5",
                     f"Joueur 2: {long} — Juste bien · {emerald} — non"]
