"""Terminal round 41 en19, en22, fr8, it8 (issue 53): Royale's imposter note and its card strength, one shape on the
terminal and the page. The note says how rarely the simulated players play the card and what that means for the
figures, balance included; the card-strength line says that no card is judged and why, in the game's own words, as
King Lui's does and as the page's "Card strength" section does. "caveat" is gone from every word a person reads."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from test_twentyfifth_reading import plain, royale_runs  # noqa: F401  (a fixture, used by name)

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")
NONE_LINE = {"en": "card strength: not judged (", "fr": "force des cartes : non évaluée (",
             "it": "forza delle carte: non valutata ("}
AGAIN = {"en": "card strength: not judged, as above", "fr": "force des cartes : non évaluée, comme plus haut",
         "it": "forza delle carte: non valutata, come sopra"}
NOT_JUDGED = ("not judged", "pas évaluée", "non viene valutata")


@pytest.mark.parametrize("lang", LANGS)
def test_a_calm_count_says_why_no_royale_card_is_judged(royale_runs: tuple[Any, dict[int, dict[str, Any]]],
                                                        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """en22: the terminal never said "card strength: not judged" for Royale (only the note said the imposter was not
    judged), while King Lui's terminal and Royale's page do. With no balance warning, the note sits in the designer
    block and the card-strength line after it; the next count says both short."""
    from cardgen.simulate import summary
    from cardgen.simulate.summary import Naming, format_entry

    deck, runs = royale_runs
    monkeypatch.setattr(summary, "balance_parts", lambda *a, **k: [])
    naming, said = Naming.of(deck, lang), set()
    first, again = (plain(format_entry(runs[2], lang, naming, said)) for _ in range(2))
    assert first.count(NONE_LINE[lang]) == 1 and AGAIN[lang] not in first, first
    note = first[first.index({"en": "note:", "fr": "à noter :", "it": "nota:"}[lang]):first.index(NONE_LINE[lang])]
    assert not any(word in note for word in NOT_JUDGED), note  # said once: the card-strength line says it
    assert {"en": "balance included", "fr": "y compris l’équilibre", "it": "equilibrio compreso"}[lang] in note, note
    assert AGAIN[lang] in again and NONE_LINE[lang] not in again, again


@pytest.mark.parametrize("lang", LANGS)
def test_a_warned_count_gives_the_note_under_the_warning_and_the_card_line_below(
        royale_runs: tuple[Any, dict[int, dict[str, Any]]], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """en19, it8: the note qualifies the balance warning, so it stays under it, shortened to one fact (how rarely
    the card is played, so the figures describe games almost without it); the card-strength line comes in the
    designer block, where King Lui's stands, and says it once."""
    from cardgen.simulate import summary
    from cardgen.simulate.summary import Naming, format_entry

    deck, runs = royale_runs
    monkeypatch.setattr(summary, "balance_parts", lambda *a, **k: [("flagged", "WARNING (balance): player 1 leads")])
    monkeypatch.setattr(summary, "balance_fix", lambda *a, **k: "FIX-COMMAND")
    text = plain(format_entry(runs[2], lang, Naming.of(deck, lang), set()))
    note = {"en": "note: the simulated players", "fr": "à noter : les joueurs automatiques",
            "it": "nota: i giocatori automatici"}[lang]
    assert text.count(note) == 1 and text.count(NONE_LINE[lang]) == 1, text
    assert text.index("WARNING (balance)") < text.index(note) < text.index("FIX-COMMAND") < text.index(
        NONE_LINE[lang]), text


def test_no_word_a_person_reads_says_caveat() -> None:
    """en19: "caveat" is a lawyer's word in a designer's report: "note", as compare's balance note already says."""
    catalogs = [ROOT / "cardgen" / "terminal.json", *sorted((ROOT / "cardgen").glob("**/words.json")),
                *sorted((ROOT / "cardgen").glob("**/*.po"))]
    assert len(catalogs) > 3
    for path in catalogs:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            text = json.dumps(json.loads(text), ensure_ascii=False)
        assert "caveat" not in text.lower(), path


def test_royales_card_strength_line_is_the_pages_reason_in_short() -> None:
    """en22: the terminal line gives the page's two reasons (the same kinds of cards for everyone; no dish card kept to
    swap) and points to the report, in each language; the page's section says them whole."""
    words = json.loads((ROOT / "cardgen/games/royale/words.json").read_text(encoding="utf-8"))["impact"]
    for lang, (same, kept, report) in {"en": ("same kinds of cards", "keeps a dish card", "the HTML report"),  # round 44 en12
                                       "fr": ("mêmes types de cartes", "de carte Plat en main", "voir le rapport"),
                                       "it": ("stessi tipi di carte", "carte Piatto", "vedi il resoconto")}.items():
        line = words[lang]["cards_none_line"]
        assert line.startswith(NONE_LINE[lang]) and all(x in line for x in (same, kept, report)), line


@pytest.mark.parametrize("lang", LANGS)
def test_the_notes_share_names_the_games_it_was_counted_on(royale_runs: tuple[Any, dict[int, dict[str, Any]]],
                                                           lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 42 it3 (round 41 en20): "in 3.6% of their games" was counted on the run's first 250 games of 1,000, the
    card figures' games (``card_games``); said where they are fewer than the games played, on the terminal and the
    page, and not where they are all of them."""
    from cardgen.report.pages import solo_caveats, warning_caveats
    from cardgen.simulate import summary
    from cardgen.simulate.summary import Naming, format_entry

    deck, runs = royale_runs
    naming = Naming.of(deck, lang)
    first = {"en": "in each of the first 4 games", "fr": "dans chacune des 4 premières parties",  # round 43 fr16*
             "it": "in ciascuna delle prime 4 partite"}[lang]
    solo_first = {"en": "of the first 4 games", "fr": "des 4 premières parties", "it": "delle prime 4 partite"}[lang]
    monkeypatch.setattr(summary, "balance_parts", lambda *a, **k: [])
    for players, said in ((2, first), (1, solo_first)):
        r = runs[players]
        assert r["designer"]["card_games"] == r["games"] == 8
        fewer = {**r, "designer": {**r["designer"], "card_games": 4}}
        assert said in plain(format_entry(fewer, lang, naming, set())), players
        whole = plain(format_entry(r, lang, naming, set()))
        assert {"en": "first 8", "fr": "8 premières", "it": "prime 8"}[lang] not in whole, whole
    warned = {**runs[2], "designer": {**runs[2]["designer"], "card_games": 4}, "balance": {"flags": [{"seat": 0}]}}
    assert first in plain(" ".join(warning_caveats(warned, lang, naming, set())))
    alone = {**runs[1], "designer": {**runs[1]["designer"], "card_games": 4}}
    assert solo_first in plain(" ".join(solo_caveats(alone, lang, naming)))
