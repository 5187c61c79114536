"""One vocabulary across the terminal and the reports (issue #53, eleventh native reading): one word per
language for the number that replays a game, plain words for paired games' shared shuffles."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: every catalog whose sentences validate, compare, fix and their reports print
CATALOGS = ("cardgen/terminal.json", "cardgen/report/words.json", "cardgen/simulate/verdict.json",
            "cardgen/tune/fix.json", "cardgen/tune/describe.json", "cardgen/report/impact.json")


def _strings(node: object) -> list[str]:
    """Every string of a catalog's subtree, nested dictionaries and lists included."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def _said(lang: str) -> str:
    """All of ``lang``'s sentences in the catalogs, one per line (a catalog keyed by language at any depth)."""
    out: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == lang:
                    out.extend(_strings(value))
                else:
                    walk(value)
    for name in CATALOGS:
        walk(json.loads((ROOT / name).read_text(encoding="utf-8")))
    return "\n".join(out)


@pytest.mark.parametrize(("lang", "jargon", "word"), [
    # fr28/fr67: "graine" is the programmer's calque of "seed"; a designer says the draw's number
    ("fr", r"\bgraines?\b", "tirage n°\u00a0{seed}"),
    # it1/it23: "seme/semi" reads as a card suit in a card game; the draw's code instead
    ("it", r"\bsem[ei]\b", "codice di estrazione {seed}"),
    # the paired games share their shuffles: "seed" stays English's name of the number (the option's), never
    # the plural that reads as a programmer's "same seeds"
    ("en", r"\bsame seeds?\b", "seed {seed}")])
def test_the_number_that_replays_a_game_has_one_plain_name(lang: str, jargon: str, word: str) -> None:
    """No catalog says the programmer's word, and the chosen name is the one the lines use."""
    said = _said(lang)
    assert not re.findall(f".{{0,40}}{jargon}.{{0,40}}", said, flags=re.IGNORECASE)
    assert word in said


@pytest.mark.parametrize(("lang", "same"), [
    ("fr", "mêmes tirages au sort"), ("it", "stessi mescolamenti"), ("en", "same shuffles")])
def test_paired_games_share_their_shuffles_in_plain_words(lang: str, same: str) -> None:
    """compare's head line says what pairs the games in words a designer uses (fr28, it23)."""
    from cardgen.terminal import say
    head = say("compare_head", lang, base="a", variant="b", games="10", agents="x")
    assert same in head


def test_french_says_points_never_the_english_pp() -> None:
    """fr20: "pp" is a calque of "percentage points"; French writes "points" (the English keeps "pp", defined
    once in each heading that uses it; Italian "p.p." is its own usage)."""
    from cardgen.simulate.summary import points
    said = _said("fr")
    assert not re.findall(r".{0,40}\bpp\b.{0,40}", said)
    assert points(0.085, "fr") == "+8,5\u00a0points" or points(0.085, "fr").replace("\u00a0", " ") == "+8,5 points"
    assert "in percentage points (pp)" in _said("en")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_house_rule_speed_note_is_short_plain_sentences(lang: str) -> None:
    """fr43/it40/en38: the note said in one four-clause sentence that the reference engine checks the game's
    "invariants" (a programmer's word); now plain short sentences: what the rule is written in, which engine
    can run it and why it is slower, how much longer it takes."""
    from cardgen.terminal import say
    note = say("speed_note_deck", lang, deck="“D”", file="house/rule.py")
    assert "invarian" not in note.lower()
    sentences = [s for s in re.split(r"(?<=[.])\s+", note) if s]
    assert len(sentences) == 3 and all(len(s.split()) <= 25 for s in sentences), sentences
    assert "50" in sentences[-1] and "100" in sentences[-1] and "house/rule.py" in sentences[0]
