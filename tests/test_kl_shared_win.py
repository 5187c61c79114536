"""Terminal round 33 fr4*, en7 (issue 53): King Lui's shared victory is a rule cardgen adds, and validate lists it so.

The published rules break a tie on points by the fewest discarded cards and stop there. The ties line called the
shared victory that follows "cardgen's rule", yet the block of special cases "settled by a rule cardgen adds" (terminal)
and the game page's "Special cases and how they are settled" never listed it, where Royale lists the same situation
(``tie_after_tiebreak``). Now both King Lui engines meet a tie left standing as that gap (``rules.tie_standing``), the
deck settles it by a clarification (``shared``), and terminal and page list it, with as many games as the ties line
counts shared victories. The compiled tier logs the same gap in the same games: checked here with its code run as
Python (``NUMBA_DISABLE_JIT=1`` in a child process, as tests/test_tiers.py does: the README's tier compiles nothing).

Run by hand: ``NUMBA_DISABLE_JIT=1 python tests/test_kl_shared_win.py`` prints where the tiers differ.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardgen.games.king_lui.engine import KingLuiGame
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")
GAP = "tie_after_tiebreak"

#: the case as the terminal lists it at the first player count: whose rule settles it, then what happened
#: round 34 en5: under a heading of its own, in the list's form, as at the next counts
#: round 39 fr33: King Lui's waiting Emerald is cardgen's rule too, so two cases may stand under one heading
CASE = {"en": "players tie on points and also on cards discarded: in {n} of the 300 games",  # round 39 en24
        "fr": "des joueurs restent à égalité de points même après le compte des cartes défaussées : dans {n} des 300 "
              "parties",
        "it": "alcuni giocatori restano in parità sia di punti sia di carte scartate: in {n} partite su 300"}
#: the ties line's last item: the same shared victories, called cardgen's rule
TIES = {"en": "{n} still tied, victory shared (this edition’s ruling)",  # round 39 en25: the count first
        "fr": "toujours à égalité, victoire partagée (choix de cette édition) : {n}",
        "it": "ancora in parità, vittoria condivisa (scelta di questa edizione): {n}"}
#: the game page's row: what happened, then who settles it and how
ROW = {"en": ("players tie on points and also on cards discarded", "A rule cardgen adds."),
       "fr": ("des joueurs restent à égalité de points même après le compte des cartes défaussées",
              "Tranché par une règle que cardgen ajoute."),
       "it": ("alcuni giocatori restano in parità sia di punti sia di carte scartate",
              "Risolto da una regola aggiunta da cardgen.")}


def plain(text: str) -> str:
    """``text`` without markup, no-break spaces as plain ones, on one line."""
    return " ".join(re.sub(r"<[^>]+>", " ", text).replace("\u202f", " ").replace("\u00a0", " ").split())


@pytest.fixture(scope="module")
def deck() -> Any:
    return resolve("king_lui", ROOT)


@pytest.fixture(scope="module")
def run(deck: Any) -> dict[str, Any]:
    """King Lui at 3 players, 300 games, seed 1, on the reference engine: the readers' run (3 shared victories)."""
    from cardgen.simulate.validate import ValidateOptions, run_validation

    opts = ValidateOptions(games=300, players=[3], seed=1, jobs=1, out=None, engine="reference", progress=False,
                           designer=False)
    return run_validation([deck], opts)


def shared(r: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The games with a shared victory, as the ties line counts them, checked to be the gap's games; the gap."""
    n = r["ties"]["shared_wins"]
    [case] = [g for g in r["rule_gaps"] if g["kind"] == GAP]
    assert case["settled"] and not case["published"]
    assert case["games"] == case["count"] == n == r["ties"]["tie_breaks"]["shared_win"] > 0
    return n, case


# -- the engine ------------------------------------------------------------------------------------------------

def _tie_at_the_end(deck: Any) -> Any:
    """A game whose last dish seat 0 takes and must discard (the king has no wine): seats 1 and 2 end tied on 0
    points and 0 discarded cards (tests/test_king_lui_engine.py's empty supply)."""
    from test_king_lui_engine import arrange, stacked

    game = KingLuiGame(deck, 3)
    state = game.new_initial_state(0, stacked(game, []))
    arrange(state, {"ham": 1}, [{}, {}, {}], table={"wine": 1}, supply=0)
    state.apply(("take", "wine"))
    return state


def test_a_tie_the_discarded_cards_leave_standing_is_a_gap_the_deck_settles_as_a_shared_win(deck: Any) -> None:
    state = _tie_at_the_end(deck)
    assert [(g.kind, g.settled, g.detail) for g in state.gaps if g.kind == GAP] == [(GAP, True, "seats [1, 2]")]
    out = state.outcome()
    assert out.end_reason == "supply_exhausted" and out.winners == [1, 2] and out.tie_break == "shared_win"
    assert deck.model.clarifications[GAP].resolution == "shared"
    assert "shared_win" not in deck.model.rulings  # one ruling, printed once: a clarification, no more a ruling


def test_without_the_clarification_the_tie_stalls_the_game(deck: Any) -> None:
    bare = deck.model.model_copy(update={"clarifications": {k: v for k, v in deck.model.clarifications.items()
                                                            if k != GAP}})
    state = _tie_at_the_end(type(deck)(**{**deck.__dict__, "model": bare}))
    assert [(g.kind, g.settled) for g in state.gaps if g.kind == GAP] == [(GAP, False)]
    assert state.outcome().end_reason == f"stalled:{GAP}"


def test_the_gap_is_met_in_exactly_the_games_with_a_shared_win(deck: Any) -> None:
    """Once a game: a tie the discarded cards break, or a single winner, meets no such gap."""
    from collections import Counter

    from cardgen.simulate.runner import make_agents, play_game
    from cardgen.simulate.seeds import game_seed

    game = KingLuiGame(deck, 5)
    seen: Counter[str | None] = Counter()
    for index in range(300):
        result = play_game(game, game_seed(2, deck.id, 5, index), make_agents(deck.spec, ["random"] * 5),
                           ["random"] * 5)
        met = [detail for kind, _, detail in result.gaps if kind == GAP]
        assert met == ([f"seats {result.winners}"] if result.tie_break == "shared_win" else []), index
        seen[result.tie_break] += 1
    assert seen["shared_win"] and seen["fewest_discarded"] and seen[None], seen


# -- what validate says ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_lists_the_shared_victory_among_cardgens_rules_with_the_ties_lines_count(
        deck: Any, run: dict[str, Any], lang: str) -> None:
    from cardgen.simulate.summary import Naming, format_entry

    [r] = run["results"]
    n, _ = shared(r)
    text = plain(format_entry(r, lang, Naming.of(deck, lang), set(), run["results"]))
    said = CASE[lang].format(n=n)
    assert said in text, text[:1500]
    from cardgen.terminal import say
    heads = [plain(say(key, lang)) for key in ("gaps_ruled_head", "gaps_ruled_head_one")]
    assert any(head in text[:text.index(said)] for head in heads), text[:1500]  # under cardgen's rules
    ruling = plain(deck.model.clarifications[GAP].text[lang])
    assert text.index(said) < text.index(ruling) < text.index(TIES[lang].format(n=n))  # the case, its ruling, the ties


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_page_lists_the_shared_victory_among_the_special_cases_with_the_ties_rows_count(
        deck: Any, run: dict[str, Any], lang: str, tmp_path: Path) -> None:
    from cardgen.report.runs import write_validation_run

    [r] = run["results"]
    n, case = shared(r)
    html = (write_validation_run(tmp_path, run, [deck], lang).parent / "king_lui.html").read_text(encoding="utf-8")
    what, whose = ROW[lang]
    rows = [plain(row) for row in re.findall(r"<tr>(.*?)</tr>", html, re.S) if what in plain(row)]
    assert len(rows) == 1, rows
    ruling = plain(deck.model.clarifications[GAP].text[lang])
    # "who settles it" in each row, or once in the column's head where cardgen settles every case (round 39 fr33:
    # King Lui's waiting Emerald is cardgen's rule too)
    # (terminal round 41 en15: the "times" column only where a case came up more often than in its games: a tie
    # is met once a game, so here its count once, as its games)
    assert rows[0] in (f"{what} {whose} {ruling} {n} {case['game'] + 1}", f"{what} {ruling} {n} {case['game'] + 1}",
                       f"{what} {whose} {ruling} {n} {n} {case['game'] + 1}",
                       f"{what} {ruling} {n} {n} {case['game'] + 1}"), rows[0]
    assert TIES[lang].format(n=n) in plain(html)


# -- the compiled tier, run as Python ---------------------------------------------------------------------------

def test_the_compiled_tier_meets_the_same_tie_in_the_same_games(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, __file__], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=600, check=False)
    assert done.returncode == 0 and done.stdout.endswith("the tiers agree\n"), done.stdout + done.stderr[-2000:]


def tiers_differ(settled: bool, players: int, wanted: int = 3) -> str:
    """Where the tiers first differ on games with a tie left standing (the deck settling it or not), "" where they
    agree; found among the reference's random games, ``wanted`` of them, and the game after each."""
    from cardgen.games.king_lui import GAME
    from cardgen.simulate.runner import make_agents, play_game
    from cardgen.simulate.seeds import game_seed

    deck = resolve("king_lui", ROOT)
    if not settled:
        bare = deck.model.model_copy(update={"clarifications": {k: v for k, v in deck.model.clarifications.items()
                                                                if k != GAP}})
        deck = type(deck)(**{**deck.__dict__, "model": bare})
    game, fast = GAME.new_game(deck, players), GAME.fast(deck, players)
    assert not isinstance(fast, str), fast
    names = ["random"] * players
    found, last = 0, -2
    for index in range(2000):
        seed = game_seed(4, deck.id, players, index)
        ref = play_game(game, seed, make_agents(GAME, names), names, record=True)
        tie = any(kind == GAP for kind, _, _ in ref.gaps)
        if not (tie or index == last + 1):
            continue
        got = fast.play(seed, names, 10_000, True)
        if got != ref:
            return f"settled={settled}, {players} players, seed {seed}: " + ", ".join(
                f for f in ref.__slots__ if getattr(ref, f) != getattr(got, f))
        if tie:
            assert ref.end_reason == ("supply_exhausted" if settled else f"stalled:{GAP}"), ref.end_reason
            assert ref.completed == settled
            found, last = found + 1, index
        elif found >= wanted:
            return ""
    return f"settled={settled}, {players} players: only {found} ties in 2000 games"


def main() -> int:
    """Print where the tiers differ, or that they agree; 1 when they differ."""
    problems = [why for settled in (True, False) for players in (3, 5) if (why := tiers_differ(settled, players))]
    print("\n".join(problems) if problems else "the tiers agree")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
