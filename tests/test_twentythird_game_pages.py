"""The twenty-third reading's faults on validate's game pages (en54, en56, en57, en58, en59; fr45, fr46, it53): the
Details block without a second badge and heading, the solo section with its Imposter caveat, a game of one length
said in words, the card flag explained where it stands, how a shared win counts in the winner's margin."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


@pytest.fixture(scope="module")
def royale() -> tuple:
    """A small reference-engine validation of Royale, solo and at 4 players."""
    from cardgen.simulate.validate import ValidateOptions, run_validation

    deck = Resolver(Project.open(ROOT)).resolve("royale")
    opts = ValidateOptions(games=24, players=[1, 4], seed=3, jobs=1, out=None, engine="reference", progress=False)
    return deck, run_validation([deck], opts)["results"]


def _plain(text: str) -> str:
    """Text with its typographic spaces (French narrow no-break, Italian no-break) as plain spaces."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _sections(html: str) -> dict[int, str]:
    """Each player count's part of a deck page, from its heading to the next."""
    parts = re.split(r'<h2 id="p(\d+)">', html)
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2])}


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_section_says_its_caveat_and_its_one_length_and_details_say_no_heading_again(royale: tuple,
                                                                                            lang: str) -> None:
    """en56, fr45, it53: the terminal's solo block says the player hardly uses the Imposter card; the page's solo
    section did not. en57, fr46: a full-width chart of one bar at 100% and a "complete rounds 9.0" row for a solo
    game, whose turns are its only measure. en54: the Details block repeated the section's badge and heading."""
    from cardgen.report.pages import deck_page
    from cardgen.report.validation import as_sentence
    from cardgen.report.words import page_words
    from cardgen.simulate.summary import held_all_lines
    from cardgen.simulate.verdict import label

    deck, results = royale
    naming = Naming.of(deck, lang)
    html = deck_page("royale", {"results": results}, {"royale": {"name": "Royale"}}, None, "", None, lang, naming)
    solo = _sections(html)[1]
    [r] = [r for r in results if r["players"] == 1]
    caveat = held_all_lines(r["designer"]["component_impact"], lang, naming, None, True)
    assert caveat, "the Imposter is hardly ever used: a caveat to say"
    assert f"<p>{as_sentence(caveat[0].strip())}</p>".replace("’", "&#39;") in solo.replace("’", "&#39;")
    turns = label("turns", lang, naming.words)
    assert r["turns"]["min"] == r["turns"]["max"] == 9
    assert f"<p>{page_words('length_always_page', lang, a='9', la=turns)}</p>" in solo
    assert "<svg" in solo and solo.count("<figure>") == 1, "the scores' chart only"
    details = solo.split("<details>", 1)[1]
    # nor, since round 32 (en51), a turns row of one value: the length is said once, above
    assert label("rounds", lang, naming.words) not in details and f">{turns}</th>" not in details
    assert "<h2" not in details and "<h2" not in _sections(html)[4].split("<details>", 1)[1]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "for a shared win, the tied winners’ lead over the next-best player"),  # round 36 en24: a footnote
    ("fr", "en cas de victoire partagée, on compte l’avance des gagnants ex æquo sur le joueur classé juste derrière "
           "eux"),  # round 33 fr3: with its verb
    ("it", "nelle vittorie condivise conta il distacco dei vincitori dal primo degli altri in classifica")])
def test_the_distributions_say_how_a_shared_win_counts_in_the_margin(lang: str, said: str) -> None:
    """en59: the page's "winner’s margin over the runner-up | 1,000 | 8.2" never said how a shared win counts; the
    terminal does. The note under the table says what the terminal says (its one wording since the twenty-third
    reading's en9), and nothing where it says nothing."""
    from cardgen.report.validation import margin_note

    r = {"scores": {"margin": {"n": 1000}}, "completed": 1000, "players": 4, "ties": {"shared_wins": 53}}
    naming = Naming.of(Resolver(Project.open(ROOT)).resolve("royale"), lang)
    assert said in margin_note(r, lang, naming).replace("\u00a0", " ")  # round 34 fr39: « ex æquo » joined
    assert margin_note({**r, "ties": {"shared_wins": 0}}, lang, naming) == ""
    two = margin_note({**r, "players": 2, "scores": {"margin": {"n": 936}}}, lang, naming)
    assert "936" in two and said not in two  # at 2 players a shared win leaves no runner-up: not counted
    # twenty-sixth reading en4: where all 1,000 games count, the note says so, not "of the 1,000 games in which
    # someone finishes below the winner or winners", which sent the designer looking for the games left out
    every = margin_note(r, lang, naming)
    # round 37 fr32: the note names its row ("…, in the table above"), not "Last row (…)"; round 38 en28: a sentence
    assert {"en": "in the table above, is measured over all 1,000 games;", "fr": "dessus : sur l’ensemble des 1 000 parties ;",
            "it": "sopra: su tutte le 1.000 partite;"}[lang] in _plain(every), every
    some = _plain(margin_note({**r, "players": 3, "scores": {"margin": {"n": 999}}}, lang, naming))
    assert "999" in some and {"en": "finishes below", "fr": "finit derrière", "it": "finisce dietro"}[lang] in some


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the chance of even one card being flagged by luck alone is then at most 5% at each player count."),
    ("fr", "le risque qu’au moins une carte soit signalée par le seul hasard est alors d’au plus 5\u202f% pour "
           "chaque nombre de joueurs."),  # round 32 fr41
    ("it", "la probabilità che anche una sola carta sia segnalata per puro caso non supera allora il 5% per "
           "ciascun numero di giocatori.")])
def test_the_card_flag_is_explained_under_the_table_not_at_the_page_s_end(lang: str, said: str) -> None:
    """en58: the card table's "(see the note at the end)" sent a phone reader 20,000 px down, to a note naming
    Bonferroni, the page's only statistician's term: the line under the first table says what the widening buys,
    and no note names him."""
    from cardgen.report.impact import impact_block, impact_footnote

    row = {"component": "x", "dealt_share": 0.5, "win_rate_dealt": 0.3, "win_rate_not_dealt": 0.2,
           "difference": 0.1, "low": 0.01, "high": 0.19, "flag_low": -0.02, "flag_high": 0.22, "flag": "",
           "judged": True}
    page = str(impact_block([row, {**row, "component": "y"}], lang=lang)).replace("&#39;", "’")
    assert said in page and "(see" not in page and "(voir" not in page and "(vedi" not in page
    assert "Bonferroni" not in page and "Bonferroni" not in impact_footnote(lang, paired=False)


@pytest.mark.parametrize("lang", LANGS)
def test_a_flagged_count_gives_the_terminal_s_fix_command_under_its_warning(royale: tuple, lang: str) -> None:
    """en55, it50: the page said "cardgen fix king_lui" once, under the 4-player section, for the imbalance at 4
    and 5 players, where the terminal says "cardgen fix king_lui --players 4" and "--players 5": two commands for
    one task. Each flagged count now says the terminal's sentence and command, under its own warning."""
    from cardgen.report.pages import deck_page
    from cardgen.simulate.summary import balance_fix

    deck, results = royale
    flag = {"seat": 1, "side": "more", "rate": 0.6, "low": 0.45, "high": 0.75, "fair": 0.25, "level": 0.9875,
            "compared": 4, "games": 24}
    flagged = [{**r, "balance": {**r["balance"], "flags": [flag], "warnings": ["seat 1 wins more"]}}
               if r["players"] == 4 else r for r in results]
    html = deck_page("royale", {"results": flagged}, {"royale": {"name": "Royale", "fix": {"command": "cardgen fix "
                     "royale"}}}, None, "", None, lang, Naming.of(deck, lang))
    four = re.sub(r'<span class="nw">(.*?)</span>', r"\1", _sections(html)[4].split("<details>", 1)[0])
    said = balance_fix(flagged[-1], lang)
    head, command = said.rsplit(": " if lang != "fr" else "\u202f: ", 1)
    assert command == "cardgen fix royale --players 4" and f"<code>{command}</code>" in four, four
    assert head[1:].replace("’", "&#39;") in four.replace("’", "&#39;") and "<code>cardgen fix royale</code>" not in html
    assert four.index('class="fix"') < four.index("<svg")  # under the warning, before the charts
