"""``cardgen check --lang`` and build's own lines (issue 53): the words come from wordbooks, numbers as the
language writes them, and a check with no words (a project's own) keeps the words its code gave it."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardgen.games.base import CheckResult, worded_check

TABLE = {
    "en": {"room": {"name": "the room holds {n} guests", "detail": "{n} seats, {left} left", "fail": "{n} too many"}},
    "fr": {"room": {"name": "la salle reçoit {n} invités", "detail": "{n} places, {left} libres", "fail": "{n} de trop"}},
    "it": {"room": {"name": "la sala accoglie {n} ospiti", "detail": "{n} posti, {left} liberi", "fail": "{n} di troppo"}},
}


def test_a_worded_check_is_english_with_every_other_language_beside_it() -> None:
    r = worded_check(TABLE, "room", 3, True, n=1200, left=7)
    assert (r.name, r.players, r.passed, r.detail) == ("the room holds 1,200 guests", 3, True, "1,200 seats, 7 left")
    assert r.words("fr") == ("la salle reçoit 1\u202f200 invités", "1\u202f200 places, 7 libres")
    assert r.words("it") == ("la sala accoglie 1.200 ospiti", "1.200 posti, 7 liberi")
    assert r.words("en") == (r.name, r.detail) and r.words("de") == (r.name, r.detail)
    failed = worded_check(TABLE, "room", None, False, "fail", n=2, left=0)
    assert failed.detail == "2 too many" and failed.words("it")[1] == "2 di troppo" and not failed.passed


def test_check_lines_in_french_and_a_projects_own_check_as_written() -> None:
    from cardgen.inspect import checks_summary, format_checks

    deck = SimpleNamespace(id="fête")
    results = [worded_check(TABLE, "room", 3, True, n=5, left=1), CheckResult("my own rule", None, False, "too long")]
    fr = format_checks(deck, results, "fr").splitlines()  # type: ignore[arg-type]
    assert fr == ["fête:", "  OK     3 j. la salle reçoit 5 invités\u202f: 5 places, 1 libres",
                  "  ÉCHEC       my own rule\u202f: too long"]
    en = format_checks(deck, results, "en").splitlines()  # type: ignore[arg-type]
    assert en[1:] == ["  PASS  3p the room holds 5 guests: 5 seats, 1 left", "  FAIL     my own rule: too long"]
    assert checks_summary(1, 0, "fr") == "vérifiés\u202f: 1 jeu\u202f; en échec\u202f: 0 vérification"
    assert checks_summary(2, 3, "it") == "verificati: 2 mazzi; non superate: 3 verifiche"
    assert checks_summary(1, 1, "en") == "1 deck checked, 1 check failed"


@pytest.mark.parametrize("lang, done, nothing", [
    ("en", "cardgen build: 1 file written, 2 unchanged; 110 cards in 1 deck, 2 languages, 1 paper (1.5 s)",
     "cardgen build: 0 files written, 2 unchanged; 110 cards in 1 deck, 2 languages, 1 paper (nothing changed)"),
    ("it", "cardgen build: scritti: 1 file, invariati: 2; 110 carte in 1 mazzo, 2 lingue, 1 formato di carta (1,5 s)",
     "cardgen build: scritti: 0, invariati: 2; 110 carte in 1 mazzo, 2 lingue, 1 formato di carta (nulla è cambiato)"),
])
def test_builds_last_line_in_the_terminals_language(lang: str, done: str, nothing: str) -> None:
    from cardgen.terminal import set_language
    from cardgen.unchanged import build_summary

    figures = {"written": 1, "unchanged": 2, "cards": 110, "decks": 1, "langs": 2, "papers": 1}
    try:
        set_language(lang)
        assert build_summary(figures, 1.54) == done
        assert build_summary({**figures, "written": 0}, None) == nothing
    finally:
        set_language("en")
