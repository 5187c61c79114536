"""Each person's answers on the designer's page, as the form asked them (``--lang fr``), in Chromium: the
deck's own questions by their text and a yes or no in the table's language, each answer beside the person
who gave it.

A variant of King Lui with two questions of its own (a project of only variants/) is played to its end
through the page's API, both people answer the form differently, then the designer's link is opened.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_designer_words import finish
from tests.test_play_server import ROOT, ask, start_table

#: the page's French words (the form's length question among them)
WORDS = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]["fr"]

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
    proc, links = start_table(tmp_path, "lui-trial", "--lang", "fr", "--pace", "0", project=tmp_path)
    try:
        for seat in ("1", "2"):
            assert ask(links[seat] + "api/view")[0] == 200
        finish(links)
        assert ask(links["1"] + "api/feedback", {"answers": {"long": "long", "q:emerald": True, "q:pace": 5}})[0] == 200
        assert ask(links["2"] + "api/feedback", {"answers": {"long": "right", "q:emerald": False}})[0] == 200
        with chromium_page(links["designer"]) as page:
            page.wait_for_function("() => view && view.designer && view.waiting === 'over'", timeout=30_000)
            lines = page.evaluate("() => [...document.querySelectorAll('#answers div.answers > b, #answers div.answers li')]"
                                  ".map((p) => p.textContent)")
    finally:
        proc.terminate()
        proc.wait(10)
    long, emerald = WORDS["fb_long_label"], "L’Emerald était-il utile ?"
    # one line an answer under each person, short (round 25, en39, fr6, it35)
    assert lines == ["Joueur 1", f"{long}\u202f: trop longue", f"{emerald} — oui", "Le rythme (1 à 5) — 5/5",
                     "Joueur 2", f"{long}\u202f: idéale", f"{emerald} — non"]
