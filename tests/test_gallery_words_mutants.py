"""The gallery's report links (``cardgen.report.gallery._reports``) and its language (``gallery_lang``,
``words_in``), called in this process: which link appears when, its note in the gallery's words, the
verdicts counted for this deck only, each kind of comparison note."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.report.gallery import WORDS, _reports, gallery_lang, words_in

RUNS = [
    {"id": "cmp-2", "kind": "compare", "decks": ["base", "var"], "significant": 2},
    {"id": "val-2", "kind": "validate", "decks": ["var", "other"], "games": 40,
     "results": {"var@3": True, "var@4": False, "var@5": True, "other@3": True}},
    {"id": "val-1", "kind": "validate", "decks": ["var"], "games": 10, "results": {"var@3": False}},
]


def _page(root: Path, *parts: str) -> None:
    page = root.joinpath(*parts)
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text("<html></html>", encoding="utf-8")


def test_the_newest_validation_counts_this_decks_verdicts_only() -> None:
    fr = WORDS["fr"]
    got = _reports(RUNS, "var", None, None, fr, "fr")
    assert got == [{"href": "validation/val-2/var.html", "text": fr["validation"],
                    "note": fr["validation_note"].format(passed=2, counts=3, games=40, players="3, 4 et 5")}]


def test_english_without_words_and_nothing_for_a_deck_never_run() -> None:
    en = WORDS["en"]
    assert _reports(RUNS, "var", None)[0]["text"] == en["validation"]
    assert _reports(RUNS, "unknown", "base") == []


def test_each_comparison_note(tmp_path: Path) -> None:
    it = WORDS["it"]
    for sig, note in ((2, it["comparison_note"].format(sig=2)), (1, it["comparison_note_one"].format(sig=1)),
                      (0, it["comparison_none"]), (None, "a summary of ours")):
        runs = [{"id": "cmp-1", "kind": "compare", "decks": ["base", "var"], "significant": sig,
                 "summary": "a summary of ours"}]
        assert _reports(runs, "var", "base", tmp_path, it) == [
            {"href": "validation/cmp-1/index.html", "text": it["comparison"].format(base="base"), "note": note}]


def test_the_tuning_and_playtest_links_only_where_their_pages_are(tmp_path: Path) -> None:
    en = WORDS["en"]
    assert [r["href"] for r in _reports(RUNS, "var", "base", tmp_path, en)] == [
        "validation/val-2/var.html", "validation/cmp-2/index.html"]
    _page(tmp_path, "tune", "var", "index.html")
    _page(tmp_path, "validation", "val-2", "playtest.html")
    _page(tmp_path, "validation", "cmp-2", "playtest.html")
    got = _reports(RUNS, "var", "base", tmp_path, en)
    assert got[0] == {"href": "tune/var/index.html", "text": en["tuning"], "note": ""}
    assert got[3:] == [{"href": f"validation/{run}/playtest.html", "text": en["playtests"], "note": en["playtests_note"]}
                       for run in ("val-2", "cmp-2")]
    assert [r["href"] for r in _reports(RUNS, "var", "base", None, en)] == [
        "validation/val-2/var.html", "validation/cmp-2/index.html"]  # no project folder: no page looked for


def test_the_gallerys_language_and_its_words() -> None:
    assert gallery_lang({"x": "not a deck", "a": {"lang": ""}, "b": {"lang": "fr"}, "c": {"lang": "it"}}) == "fr"
    assert words_in("fr") is WORDS["fr"] and words_in("xx") is WORDS["en"]


def test_a_validation_that_recorded_no_verdicts_has_no_note() -> None:
    """An older record without verdicts: the link, and no "0 of 0 player counts passed ( players)"."""
    en = WORDS["en"]
    runs = [{"id": "val-0", "kind": "validate", "decks": ["var"], "games": 5}]
    [link] = _reports(runs, "var", None, None, en)
    assert link["note"] == "" and link["text"] == en["validation"]


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_comparison_note_counts_apart_what_follows_from_the_rule_as_the_runs_index(lang: str) -> None:
    """Nineteenth reading fr57: the gallery said "16 changes beyond chance" where the runs' index, for the same
    comparison, said "10 changes beyond chance, and 6 more that follow from the variant's rule"."""
    from cardgen.report.gallery import comparison_note

    w = WORDS[lang]
    assert comparison_note({"significant": 16, "follows": 6}, w) == (w["comparison_note"].format(sig=10)
                                                                     + w["comparison_and_follows"].format(follows=6))
    assert comparison_note({"significant": 16, "follows": 6}, w).startswith(
        {"en": "10 changes beyond chance, and 6 more", "fr": "10 changements au-delà du hasard, et 6 autres",
         "it": "10 cambiamenti difficilmente dovuti al caso, e altri 6"}[lang])
    assert comparison_note({"significant": 2, "follows": 1}, w) == (w["comparison_note_one"]
                                                                    + w["comparison_and_follows_one"])
    assert comparison_note({"significant": 2, "follows": 2}, w) == w["comparison_only_follows"].format(follows=2)
    assert comparison_note({"significant": 1, "follows": 1}, w) == w["comparison_only_follows_one"]
    assert comparison_note({"significant": 3}, w) == w["comparison_note"].format(sig=3)  # an older record
