"""Twentieth reading (en49, fr42, it37, en56): ``cardgen fix``'s game-for-game blocks strung the game's counts that
moved into one sentence each, every count said "the most at any one time in a game, averaged over games" and why its
interval was wider (forty times in one report, ten lines a sentence); and fix 3, games 42 % shorter and the lead
changing hands a third less often, was offered on a par with printing coins. The counts are listed one per line under
a note said once; a proposal that changes the game's character says so on its cost line, decided by a rule tested here
on built cases."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from cardgen.games import get_game
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import count_cells
from cardgen.simulate.verdict import listed_counts, verdict
from cardgen.terminal import say
from cardgen.tune.fix import (CHARACTER_SIZE, Fixer, Problem, Proposal, character_clause, character_moves, cost_text,
                              count_lines, counts_note, word)
from cardgen.tune.space import Param
from cardgen.tune.study import Trial

ROOT = Path(__file__).resolve().parents[1]
DRACO = get_game("draco")
RESHUFFLES = Param("rule", "reshuffles", low=0, high=3)


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _m(name: str, base: float, variant: float, low: float, high: float, significant: bool = True,
       group: str | None = None) -> dict:
    """A compare row whose interval is the widened one Holm's test decides by, as compare writes it."""
    from cardgen.simulate.verdict import group as group_of
    return {"metric": name, "base": base, "variant": variant, "difference": variant - base, "low": low, "high": high,
            "adj_low": low, "adj_high": high, "adj_level": 0.99, "p": 0.0 if significant else 0.5,
            "significant": significant, "group": group or group_of(name)}


#: fix 1's 3-player block, as the twentieth reading's run had it: the winner's fortune, the shortage, four peaks
FIX1 = [_m("winning_score", 37.6, 46.5, 5.0, 12.8), _m("gap:bank_short", 0.94, 0.06, -0.95, -0.8),
        _m("peak:unpaid_by_bank", 25.1, 0.6, -28.0, -21.0), _m("peak:gold_in_hands", 25.0, 38.1, 11.2, 14.9),
        _m("peak:money_in_hands", 94.6, 119.9, 18.5, 32.1), _m("peak:richest_player", 39.7, 48.3, 5.8, 11.2),
        _m("peak:silver_in_hands", 19.6, 7.3, -14.4, -10.1), _m("margin", 9.0, 9.4, -1.0, 1.8, significant=False)]
for _row in FIX1:
    if _row["metric"] == "peak:unpaid_by_bank":
        _row["shortfall"] = True  # the shortage's own peak: compare makes it a sentence


def _result(metrics: list[dict], players: int = 3) -> dict:
    return {"players": players, "games": 50, "metrics": metrics, "game_words": DRACO.words}


def _fixer(lang: str, found: list[Problem] | None = None, params: list[Param] | None = None) -> Fixer:
    fixer = Fixer.__new__(Fixer)
    fixer.deck = Resolver(Project.open(ROOT)).resolve("draco")
    fixer.problems = found or []
    fixer.opts = SimpleNamespace(lang=lang, games=100, params=params or [])
    fixer.own = {p.key: 1 for p in params or []}
    fixer.trials = []
    return fixer


def test_the_counts_that_moved_are_listed_apart_from_the_sentences() -> None:
    """The block's sentences keep what a designer reads first (the winner's fortune, fewer games with a shortfall);
    every count that moved, the shortage's own peak among them, leaves them for the list, in the tables' order; the
    last sentence ends on a colon before that list, and no sentence says "the most at any one time" any more."""
    result = _result(FIX1)
    # the shortage's own peak first, wherever the table has it
    assert listed_counts(_result([*FIX1[3:], FIX1[2]]))[0]["metric"] == "peak:unpaid_by_bank"
    assert [m["metric"] for m in listed_counts(result)] == [
        "peak:unpaid_by_bank", "peak:gold_in_hands", "peak:money_in_hands", "peak:richest_player",
        "peak:silver_in_hands"]
    for lang, most, head in (("en", "the most at any one time", "Other in-game counts moved too:"),
                             ("fr", "au plus fort", "D’autres compteurs de la partie ont aussi bougé\u202f:"),
                             ("it", "il massimo", "Sono cambiati anche altri conteggi della partita:")):
        said = verdict(result, lang, most=len(FIX1), alone=True, listed=True)
        assert len(said) == 3 and said[-1] == head, said  # the fortune, the shortage's share, the list's head
        assert all(most not in s for s in said), said
        # the record keeps its whole sentences: the same result without ``listed`` strings the counts in
        assert most in verdict(result, lang, most=len(FIX1), alone=True)[-1]
    # only counts moved: the "no figure changed … apart from these in-game counts:" head, the list below it
    only = verdict(_result(FIX1[3:5]), "en", alone=True, listed=True)
    assert only == ["No figure changed by more than chance alone would explain, apart from these in-game counts:"]
    # nothing moved at all: compare's own sentence, no list
    assert verdict(_result(FIX1[-1:]), "en", alone=True, listed=True) == [
        "In 50 pairs of games, no figure changed by more than chance alone would explain."]
    assert listed_counts(_result(FIX1[-1:])) == []


def test_each_count_is_one_aligned_line_without_its_qualifiers() -> None:
    """en49's rewrite: "gold coins on the lairs 25.0 → 38.1 (+13.1 [11.2 to 14.9])": name, the deck's value → the
    fix's, the change and its interval, as compare's table writes them; one column for each, in every language."""
    rows = listed_counts(_result(FIX1))
    assert count_cells(rows[1], "en", DRACO.words) == ("gold coins on the players’ lairs", "25.0", "38.1", "+13.1",
                                                       "+11.2", "+14.9")
    lines = count_lines(rows, "en", DRACO.words)
    # the name column as wide as its widest name, up to the room the figures leave (a name may carry its unit's note,
    # "(a gold coin counts as 3)": round 31 fr12), the figures after it; one arrow column for all rows (below)
    gold, tail = "gold coins on the players’ lairs", "  25.0 →  38.1  +13.1 [+11.2 to +14.9]"
    assert lines[1].startswith("      " + gold + " ") and lines[1].endswith(tail)
    assert lines[1][6 + len(gold):-len(tail)].strip() == ""
    unpaid = "silver coins the bank could not pay"
    assert lines[0].startswith("      " + unpaid + " ") and "  25.1 →   0.6  −24.5 [−28.0 to " in lines[0]
    assert lines[0].index("→") == lines[1].index("→")
    for lang in ("en", "fr", "it"):
        said = count_lines(rows, lang, DRACO.words)
        # one line of figures per count; a name longer than its column's room (Draco's fortunes with the gold coin's
        # worth, round 31 fr12) goes on below in its column, as the long name further down
        figures = [line for line in said if "→" in line]
        assert len(figures) == len(rows), said
        assert all(line.startswith("        ") for line in said if "→" not in line), said
        assert len({line.index("→") for line in figures}) == 1, said  # one column for the arrow
        assert len({line.index("[") for line in figures}) == 1, said
        assert all(len(line) <= 100 for line in said)
        assert not any(re.search("most|plus fort|massimo|widened|élargi|allargat", line) for line in said)
    fr = plain(count_lines(rows, "fr", DRACO.words)[1])
    assert fr.startswith("      pièces d’or posées sur les repaires des joueurs") and fr.endswith("25,0 →  38,1  +13,1 [+11,2 ; +14,9]")
    it = plain(count_lines(rows, "it", DRACO.words)[1])
    assert it.startswith("      monete d’oro sui covi dei giocatori") and it.endswith("25,0 →  38,1  +13,1 [+11,2; +14,9]")
    # a row whose interval is compare's plain 95 % one says so; a widened one says nothing (the note above does)
    bare = {**rows[1], "adj_low": None, "adj_high": None}
    assert count_lines([bare], "en", DRACO.words)[0].endswith("[+11.2 to +14.9] (95% interval)")
    # a name too long for the line wraps inside its column, the figures on its first line
    long = count_lines([{**rows[1], "metric": "peak:" + "very_long_name_" * 8}], "en", {})
    assert len(long) == 3 and "→" in long[0] and all(len(line) <= 100 for line in long), long
    assert all(line.startswith("        ") and "→" not in line for line in long[1:])
    assert count_lines([], "en") == []


def test_the_peak_and_the_widened_interval_are_said_once_above_all_the_proposals(capsys) -> None:
    """Two proposals with two player counts each: "the most at any one time in a game, averaged over games" and why an
    interval is wider appear once in the whole report, on the note above the proposals, never in a block or a row
    (it was said forty times); each block lists its counts one per line under its sentences."""
    import cardgen.tune.fix as fix

    for lang in ("en", "fr", "it"):
        fixer = _fixer(lang)
        props = []
        for k in range(2):
            results = {n: _result([{**m, "variant": m["variant"] + k} for m in FIX1], n) for n in (3, 4)}
            said = {n: verdict(r, lang, most=8, alone=True, listed=True) for n, r in results.items()}
            record = {n: verdict(r, lang, most=8, alone=True) for n, r in results.items()}
            props.append(Proposal(Trial(k, {}, True, 1.0), {}, record, {}, frozenset(), {3: 50, 4: 50},
                                  said=said, counts={n: listed_counts(r) for n, r in results.items()}))
        fix._say_all(fixer, [(p, Path(f"out/draco-fix-{k}.yaml")) for k, p in enumerate(props, 1)])
        out = capsys.readouterr().out
        # twenty-fifth reading en30, it33: the unpaid silver, a total over each game, is named as such; the other
        # counts are the highest reached (en43: never "game count")
        # terminal round 46 fr31: « moyenné sur les parties », statistician's jargon: « une moyenne par partie »
        peak = {"en": "for the others, the highest it reached during each game",
                "fr": "pour les autres, de son plus haut niveau pendant la partie",
                "it": "per gli altri, del massimo raggiunto in ciascuna partita"}[lang]
        total = {"en": "for “silver coins the bank could not pay”, its total over each game",
                 "fr": "pour « pièces d’argent que la banque n’a pas pu payer », de son total sur la partie",
                 "it": "per «monete d’argento che la banca non ha potuto pagare», del totale di ciascuna partita"}[lang]
        assert plain(out.replace("\n    ", " ")).count(plain(total)) == 1, out
        assert plain(out.replace("\n    ", " ")).count(plain(peak)) == 1, out
        why = say("interval_widened_why", lang).split(" ", 1)[1]  # "interval widened because …", past the article
        assert out.replace("\n    ", " ").count(why.split(" ")[-1]) == 1, out  # "… à la fois", "… alla volta"
        assert re.search("the most at any one time|au plus fort de chaque partie, en moyenne|il massimo di ogni", out) \
            is None, out
        rows = [line for line in out.splitlines() if "→" in line]
        assert len(rows) == 2 * 2 * 5, out  # five counts, two player counts, two proposals: one line each
        # above the proposals, in one paragraph with the base game's note (terminal round 41 en48: a line of
        # its paragraph's, so read unwrapped); the list naming them (it30) comes first: a proposal's line starts one
        joined = out.replace("\n    ", " ")
        first = joined.index(word("note_both", lang)[:30])
        assert first < joined.index("\n" + word("proposal", lang, k=1, path="out")[:8]), out
    assert counts_note([], "en") is None
    plain_prop = Proposal(Trial(0, {}, True, 1.0), {}, {3: ["Games are 3 turns shorter."]}, {})
    assert counts_note([plain_prop], "en") is None  # nothing to say once: no note
    widened = Proposal(Trial(0, {}, True, 1.0), {}, {3: [f"Games are 3 turns shorter ({say('interval_widened_why')}: "
                                                         "[1 to 5])."]}, {})
    assert counts_note([widened], "en") == word("note_widened", "en")
    peaks = Proposal(Trial(0, {}, True, 1.0), {}, {}, {}, counts={3: [{**FIX1[3], "adj_low": None}]})
    # counts listed: the note on rounding ends it (terminal round 45: one decimal, the difference before rounding)
    assert counts_note([peaks], "en") == word("note_peaks", "en") + " " + word("note_rounding", "en")


#: fix 3 at one player count: games 42 % shorter, the lead changing hands 28 % less often, the fortune 22 % lower
FIX3 = [_m("turns", 79.7, 46.4, -34.8, -31.8), _m("lead_changes", 4.6, 3.3, -1.8, -0.8),
        _m("winning_score", 37.6, 29.4, -10.0, -6.0), _m("gap:bank_short", 0.94, 0.04, -0.95, -0.8)]


def test_what_changes_the_games_character_is_decided_by_its_figures() -> None:
    """The rule (``character_moves``): a figure of the game's character (length, lead changes, close games, skill…)
    that moved beyond chance by at least a fifth; never a figure counted in the score's unit (a bank that can pay
    raises every fortune), nor one a target was set on, nor one that follows from the change."""
    assert [m["metric"] for m in character_moves(_result(FIX3), [])] == ["turns", "lead_changes"]
    # fix 1: the fortune up 24 %, the margin up 30 %, the lead changing hands 10 % more often: the same game
    fix1 = [_m("winning_score", 37.6, 46.5, 5.0, 12.8), _m("margin", 7.0, 10.0, 1.0, 5.0),
            _m("drama", 2.0, 3.0, 0.5, 1.5), _m("lead_changes", 4.3, 4.8, 0.1, 0.9), *FIX1[1:7]]
    assert character_moves(_result(fix1), []) == []
    # the boundary: a fifth of its value moves it, just under does not; a share by 20 points
    assert character_moves(_result([_m("lead_changes", 5.0, 4.0, -1.5, -0.5)]), []) != []
    assert CHARACTER_SIZE == 0.2
    assert character_moves(_result([_m("lead_changes", 5.0, 4.01, -1.5, -0.5)]), []) == []
    assert character_moves(_result([_m("close_games", 0.30, 0.50, 0.1, 0.3)]), []) != []
    assert character_moves(_result([_m("close_games", 0.30, 0.49, 0.1, 0.3)]), []) == []
    # a large move chance could explain is no evidence
    assert character_moves(_result([_m("turns", 80, 40, -60, 5, significant=False)]), []) == []
    # a length the deck set a target on: its moving is the cure, at that player count only
    target = Problem("target", "turns", 3, 79.7, 10.0, (("low", 40), ("high", 60)))
    assert [m["metric"] for m in character_moves(_result(FIX3), [target])] == ["lead_changes"]
    assert [m["metric"] for m in character_moves(_result(FIX3, 4), [target])] == ["turns", "lead_changes"]
    rounds = _m("rounds", 20.0, 12.0, -9.0, -7.0)
    assert character_moves(_result([rounds]), [target]) == []  # the length in its other unit is the same cure
    follows = {**FIX3[1], "follows_from_change": True}
    assert character_moves(_result([follows]), []) == []


def test_only_a_proposal_that_changes_the_game_says_so_on_its_cost_line() -> None:
    """en56: "cost: reprint the rulebook; games become 42 to 43% shorter and the lead changes hands a third less
    often — this changes the game far more than fixes 1 and 2." Fix 1 and fix 2 (the shortage only) say nothing of
    the kind; a proposal that changes the game when every other does too says it plainly."""
    one, two = (Proposal(Trial(k, {}, True, 1.0), {}, {3: [], 4: []}, {}) for k in range(2))
    moves = {3: [FIX3[0], _m("lead_changes", 4.6, 3.3, -1.8, -0.8)],
             4: [_m("turns", 76.9, 44.1, -34.5, -31.1), _m("lead_changes", 4.3, 3.0, -1.7, -0.9)]}
    three = Proposal(Trial(2, {RESHUFFLES.key: 0}, True, 1.5), {}, {3: [], 4: []}, {},
                     length={3: (79.7, 46.4), 4: (76.9, 44.1)}, character=moves)
    props = [one, two, three]
    assert character_clause(one, props, "en") == "" and character_clause(two, props, "en") == ""
    assert character_clause(three, props, "en") == ". This changes the game far more than fixes 1 and 2"
    assert character_clause(three, [one, three], "en") == ". This changes the game far more than fix 1"
    assert character_clause(three, [three], "en") == ". This changes the game itself, not only the problems it fixes"
    other = Proposal(Trial(3, {}, True, 1.0), {}, {3: []}, {}, character={3: [FIX3[0]]})
    assert character_clause(three, [other, three], "en") == ". This changes the game itself, not only the problems it fixes"
    assert plain(character_clause(three, props, "fr")) == ". Cela change le jeu bien plus que les corrections 1 et 2"
    assert plain(character_clause(three, props, "it")) == ". Questo cambia il gioco molto più delle correzioni 1 e 2"
    assert plain(character_clause(three, [one, three], "it")) == ". Questo cambia il gioco molto più della correzione 1"
    # the cost line sums up a figure that moved the same way at every count compared, by its share of the deck's own
    fixer = _fixer("en", [], [RESHUFFLES])
    text = cost_text(fixer, three, [RESHUFFLES], "en")
    assert text.endswith("depending on the player count (32.8 to 33.3 fewer turns) and the lead changes hands 28 to "
                         "30% less often"), text  # 1.3 of 4.6 and of 4.3 (3 and 4 players)
    assert plain(cost_text(_fixer("fr", [], [RESHUFFLES]), three, [RESHUFFLES], "fr")).endswith(
        " et le meneur change de 28 à 30 % moins souvent")
    assert plain(cost_text(_fixer("it", [], [RESHUFFLES]), three, [RESHUFFLES], "it")).endswith(
        " e il comando passa di mano meno spesso (28–30% in meno)")
    # moved at one count of two: said in that count's block, not summed up on the cost line
    partial = Proposal(three.trial, {}, {3: [], 4: []}, {}, character={3: [FIX3[1]]})
    assert "lead" not in cost_text(fixer, partial, [RESHUFFLES], "en")
    assert character_clause(partial, [one, partial], "en") != ""  # but it still changes the game
    # a share, in percentage points; a figure without words of its own by its name
    close = Proposal(three.trial, {}, {3: []}, {}, character={3: [_m("close_games", 0.30, 0.55, 0.1, 0.4)]})
    assert plain(cost_text(fixer, close, [RESHUFFLES], "en")) == "reprint the rulebook and close games up by 25.0 percentage points"
