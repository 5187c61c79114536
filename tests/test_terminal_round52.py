"""Terminal round 52, part t: the readers' starred faults and English's 8.5s
(``docs/reads/terminal-round-52-fixes.md``).

Each test fails on the words or code before this part (checked by putting the old sources back)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_terminal_round49_q import _plain  # narrow and plain no-break spaces read as spaces

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def _words(path: str) -> dict:
    return json.loads((ROOT / path).read_text(encoding="utf-8"))["lines"]


# -- en15*, fr8*, it11*: fix's advice on the terminal does not repeat fix 1's caveat just above it ----------------------

#: the caveat's own words, which the terminal's advice repeated four lines below it
CAVEAT = {"en": "the shortage stays just above validate’s threshold",
          "fr": "le manque reste à peine au-dessus du seuil de validate",
          "it": "la carenza resta appena sopra la soglia di validate"}
#: the advice on the terminal: a pointer, once
POINTER = {"en": "Fix 1 is a smaller change, but see the caveat just above.",
           "fr": "La correction 1 change moins le jeu, mais voyez la mise en garde juste au-dessus.",
           "it": "la correzione 1 è un cambiamento ancora più piccolo, ma vedi l’avvertenza appena sopra."}
#: on the page the gist keeps the caveat's limits: on the new games, and chance
LIMITS = {"en": ("on the new games", "which may be chance", '(see <a href="#fix-1">fix 1</a>)'),
          "fr": ("sur les parties nouvelles", "ce qui peut venir du hasard",
                 '(voir <a href="#fix-1">la correction 1</a>)'),
          "it": ("sulle partite nuove", "può dipendere dal caso", '(vedi <a href="#fix-1">la correzione 1</a>)')}


@pytest.mark.parametrize("lang", LANGS)
def test_en15_fr8_it11_the_terminal_advice_points_once_to_the_caveat_just_above(lang: str) -> None:
    """en15*, fr8*, it11*: "After fix 1, cardgen validate may still warn of the shortage: on the 100 new games the
    shortage stays just above validate's threshold (…), and a gap this small may be chance." and, four lines below,
    "Fix 1 is a smaller change, but after it the shortage stays just above validate's threshold (see above).": the
    caveat said twice, the second time without its "may be chance", and "(see above)" pointing at the same words.
    RULING: on the terminal the advice points to the caveat once; on the page (the caveat far above) the gist keeps
    "on the new games" and "may be chance", and the link to fix 1's section stays."""
    from test_terminal_round45_h109i import _round_run

    from cardgen.report.fixing import linked
    from cardgen.tune.fix import next_line, validate_line

    fixer, props, paths = _round_run(lang, 0.02)
    caveat = _plain(validate_line(fixer, props))
    terminal = _plain(next_line(fixer, props, paths[0], paths)).replace("\n", " ")
    page = _plain(str(linked(next_line(fixer, props, paths[0], paths, page=True)))).replace("\n", " ")
    assert CAVEAT[lang] in caveat, caveat  # the caveat, just above the advice, keeps its words
    assert _plain(POINTER[lang]) in terminal, terminal
    assert CAVEAT[lang] not in terminal, terminal
    assert not any(old in terminal for old in ("(see above)", "(voir plus haut)", "(vedi sopra)")), terminal
    for part in LIMITS[lang]:
        assert _plain(part) in page, page


# -- fr5*: compare's balance paragraph names its finding once ----------------------------------------------------------

@pytest.mark.parametrize("key", ["compare_balance_quiet", "compare_balance_quiet_again", "compare_balance_none"])
def test_fr5_the_balance_paragraph_names_what_validate_may_find_as_it_named_the_finding(key: str) -> None:
    """fr5*: « … ne montre de joueur qui s’écarte de sa part équitable au-delà du hasard. … cardgen validate peut encore
    trouver dans le jeu de base un écart que le hasard explique mal. »: the finding renamed three lines later, where the
    English says "a gap beyond chance". One name: « un écart au-delà du hasard » (as the headings' « changement
    au-delà du hasard »; never « que le hasard n’explique pas », round 45 fr6*). Italian names it once already
    (« uno squilibrio », as its reason's « un piccolo squilibrio »)."""
    from cardgen.terminal import say

    fr = _plain(say(key, "fr", counts="3", pairs="100"))
    en = _plain(say(key, "en", counts="3", pairs="100"))
    assert "au-delà du hasard" in fr.split(".")[0], fr
    assert "cardgen validate peut encore trouver dans le jeu de base un écart au-delà du hasard" in fr, fr
    assert "explique mal" not in fr, fr
    assert "cardgen validate may still find a gap beyond chance in the base game" in en, en


# -- en12: compare's card line says validate's default as the balance line does -----------------------------------------

def test_en12_the_card_line_says_validate_s_default_as_the_balance_line() -> None:
    """en12: "cardgen validate, on 1,000 games of its own unless told otherwise, may still flag one" eleven lines above
    "On its default 1,000 games, cardgen validate may still find …": one fact, two wordings in one output, the older
    reading as if compare gave validate its orders. French and Italian say it one way already (« sur ses propres
    parties (1 000 par défaut) », «1.000 partite se non indicato altrimenti», as their balance lines)."""
    from cardgen.terminal import say

    cards = _plain(say("compare_cards_head_none", "en"))
    balance = _plain(say("compare_balance_none", "en", pairs="100"))
    assert "unless told otherwise" not in cards, cards
    assert "on its default 1,000 games, cardgen validate may still flag one" in cards, cards
    assert "On its default 1,000 games, cardgen validate may still find" in balance
    for lang, same in (("fr", "sur ses propres parties (1 000 par défaut)"),
                       ("it", "(1.000 partite se non indicato altrimenti)")):
        assert same in _plain(say("compare_cards_head_none", lang))
        assert same.lstrip("(") in _plain(say("compare_balance_none", lang, pairs="100")).lower()


# -- en13 (fr7, it10): counts that played different numbers of pairs are said as a range ---------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_en13_the_all_quiet_line_says_the_pairs_as_a_range(lang: str) -> None:
    """en13 (fr7, it10): "But 200 and 300 pairs can miss a small gap" read as one batch of each, or as 500, where the
    heading says "over 200 to 300 pairs" and the stop line which count played which. Now the heading's range."""
    import re

    from cardgen.simulate.summary import format_comparison
    from cardgen.terminal import say
    from tests.test_compare_round22 import _royale_short_four

    r = _royale_short_four()
    quiet = {**r, "variant_result": {**r["variant_result"], "balance": {"flags": [], "seat_fair_share": 0.2775}},
             "base_result": {**r["base_result"], "balance": {"flags": [], "seat_fair_share": 0.26}}}
    doc = {"lang": lang, "base": "royale", "variant": "royale-short", "name": "Short", "games": 300,
           "agents": ["heuristic"], "seed": 1, "differences": [],
           "results": [{**quiet, "players": 3, "games": 300}, {**quiet, "games": 200}]}
    said = re.sub(r"\s+", " ", format_comparison(doc, tables=False))
    want = {"en": "But 200 to 300 pairs can miss a small gap", "fr": "Mais 200 à 300 paires peuvent laisser passer",
            "it": "Ma 200–300 coppie possono non cogliere"}[lang]
    assert _plain(want) in _plain(said), said
    assert not any(old in said for old in ("200 and 300", "200 et 300", "200 e 300")), said
    assert say("count_range", lang, low="200", high="300") in said


# -- en10: the hardly-played verdict cell, shorter ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_en10_the_hardly_played_verdict_leaves_who_plays_to_the_rule(lang: str) -> None:
    """en10: "within chance; hardly ever played by the simulated players, so it could not be flagged in any case (see
    the rule above this table)" was five lines in the verdict column at 1280 px beside every other row's one line.
    "By the simulated players" is in the rule the row points to; "in any case" → "anyway". The verdict first, the
    reason and the pointer stay (round 51 fr5*)."""
    from cardgen.report.impact import WORDS, _verdict
    from cardgen.simulate.cards import HARDLY_PLAYED

    rare = {"component": "shower", "difference": 0.025, "low": -0.081, "high": 0.132, "judged": True,
            "plays_per_seat": HARDLY_PLAYED / 3, "flag": ""}
    said = _plain(_verdict(rare, "", lang))
    assert not any(w in said for w in ("simulated players", "joueurs automatiques", "giocatori automatici")), said
    assert said == _plain({"en": "within chance; hardly ever played, so it could not be flagged anyway (see the rule "
                                 "above this table)",
                           "fr": "dans les limites du hasard ; presque jamais jouée, elle ne pourrait de toute façon "
                                 "pas être signalée (voir la règle au-dessus de ce tableau)",
                           "it": "nei limiti del caso; quasi mai giocata, quindi comunque non segnalabile (vedi la "
                                 "regola sopra questa tabella)"}[lang])
    rule = {"en": "simulated players", "fr": "joueurs automatiques", "it": "giocatori automatici"}[lang]
    assert rule in _plain(WORDS[lang]["flag"])  # the rule the row points to says who hardly plays it


# -- en6, en7: Draco's tie sentences -------------------------------------------------------------------------------------

def _draco_tallies(lang: str) -> dict:
    return json.loads((ROOT / "cardgen/games/draco/words.json").read_text(encoding="utf-8"))["tallies"][lang]


def test_en6_the_next_richest_are_tied_too_not_again() -> None:
    """en6: "the richest players left tie again once the tied leaders drop out (or no player is left)": "again" of
    players tied for the first time (part t's it7* ruling removed « encore » / «ancora» for the same reason). Now
    "are tied too", as the French « à leur tour » and the Italian «anch’essi»; the finding first (r49 it25)."""
    said = _plain(_draco_tallies("en")["gap:tie_for_win"])
    assert said == "the richest players left are tied too, once the tied leaders drop out (or no player is left)"
    assert "again" not in said
    assert "à leur tour" in _plain(_draco_tallies("fr")["gap:tie_for_win"])
    assert "anch’essi" in _draco_tallies("it")["gap:tie_for_win"]


def test_en7_when_everybody_drops_out_the_tied_leaders_share() -> None:
    """en7: "in 1, every player ends up dropping out, so the players tied for first place at the end of the game share
    the victory": the ruling gives the win to those tied before anyone dropped out, and at the end nobody is left.
    Now "the tied leaders", the name the same line gives them ("in 32, the tied leaders drop out …"), as the French
    « les ex æquo de tête » and the Italian «i primi a pari merito» (never "at the start", round 33 en17)."""
    said = _draco_tallies("en")["tie_break:all_tied_leaders_share"]
    assert said == "every player ends up dropping out, so the tied leaders share the victory"
    assert "at the end of the game" not in said and "at the start" not in said
    assert _draco_tallies("en")["tie_break:leaders_eliminated"].startswith("the tied leaders drop out")
    assert "ex æquo de tête" in _draco_tallies("fr")["tie_break:all_tied_leaders_share"]


# -- en9: the base game's rate on the same shuffles in the present, as the variant's ------------------------------------

@pytest.mark.parametrize(("lang", "said", "old"), [
    ("en", "in the base game, on the same shuffles, P wins 27.0% of games", " won "),
    ("fr", "dans le jeu de base, sur les mêmes mélanges, P en gagne 27,0 %", "gagnait"),
    ("it", "nel gioco base, con gli stessi mazzi mescolati, P vince il 27,0% delle partite", "vinceva")])
def test_en9_the_base_game_wins_on_the_same_shuffles_as_the_variant_does(lang: str, said: str, old: str) -> None:
    """en9: "With the variant, player 5 wins 31.0% of games … In the base game, on the same shuffles, player 5 won
    27.0% of games": the past reads as "before the change", not as a figure of the same 100 shuffles played in both
    games. Present for both, in every language (the French « en gagnait » and the Italian «vinceva» said the same
    past)."""
    from cardgen.terminal import say

    line = _plain(say("compare_seat_base_rate", lang, who="P", base={"en": "27.0%", "fr": "27,0 %", "it": "27,0%"}[lang],
                      interval="", fair="", edge=""))
    assert line == _plain(said), line
    assert old not in line


# -- en8: where the edition's ruling on the short bank stands, said as a pointer to the rulebook ---------------------------

def test_en8_the_ruling_s_place_is_a_pointer_to_the_book_s_headings() -> None:
    """en8: "this edition's ruling lets play go on (under “Special cases”, “Money”)": "under" hung the headings on
    the play going on. Now "(see “Special cases”, “Money”)", still the book's own headings (round 41 en27), and no
    "rulebook" in the line (the twenty-third reading's it10: the published rules are named as such); the game without
    its own words says "see “Special cases”"."""
    from cardgen.terminal import say

    draco = json.loads((ROOT / "cardgen/games/draco/words.json").read_text(encoding="utf-8"))["lines"]["en"]
    assert draco["short_ruling_where"] == "see “Special cases”, “Money”"
    assert say("short_ruling_where", "en") == "see “Special cases”"
