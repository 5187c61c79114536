"""Fifteenth reading (fr24-fr30, it30-it38, en9, en21-en24): ``cardgen fix``'s terminal. Figures from two samples sat
side by side unlabelled (the 100 new games, the search's first 50 games); a cure's game-for-game share above the aim
went unsaid; a cure that makes games 40 % shorter cost only "reprint the rulebook"; a problem that "may be chance"
was kept without a reason. Known cases, each figure chosen so that the line's branch is decided."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming
from cardgen.terminal import say
from cardgen.tune.fix import (DESCRIBE, Fixer, Problem, Proposal, _key, above_lines, cost_text, length_moved,
                              paired_share, said_once, word)
from cardgen.tune.space import Param
from cardgen.tune.study import Trial

ROOT = Path(__file__).resolve().parents[1]
SHORT3 = Problem("short", "unpaid_by_bank", 3, 0.94, 0.89, (("games", 100),))
SHORT4 = Problem("short", "unpaid_by_bank", 4, 0.93, 0.88, (("games", 100),))


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _draco() -> object:
    return Resolver(Project.open(ROOT)).resolve("draco")


def _fixer(lang: str, found: list[Problem], params: list[Param] | None = None) -> Fixer:
    fixer = Fixer.__new__(Fixer)
    fixer.deck = _draco()
    fixer.problems = found
    fixer.opts = SimpleNamespace(lang=lang, games=100, params=params or [])
    fixer.own = {p.key: 1 for p in params or []}
    return fixer


def _row(metric: str, base: float, variant: float, significant: bool = True) -> dict:
    return {"metric": metric, "base": base, "variant": variant, "difference": variant - base,
            "significant": significant, "group": "length" if metric == "turns" else "internal"}


def test_a_share_on_the_paired_games_above_the_aim_is_said_with_its_sample() -> None:
    """(fr25, it33, en22) Fix 1 "fixes" 3 players (2 % of the 100 new games) while its game-for-game line, on the
    search's first 50 games, reads "6.0% of games instead of 94.0%" against an aim of at most 5 %: a line says so,
    and that 3 of 50 games cannot tell it from chance ([2.1 %, 16.2 %] holds 5 %); 9 of 50 can."""
    naming = Naming.of(_draco(), "en")
    result = {"players": 3, "metrics": [_row("gap:bank_short", 0.94, 0.06), _row("turns", 80, 79, False)]}
    assert paired_share(result, SHORT3, naming) == 0.06
    assert paired_share({"players": 3, "metrics": [_row("turns", 80, 79)]}, SHORT3, naming) is None
    seat = Problem("seat", "2", 3, 0.4, 0.01, (("side", "more"),))
    assert paired_share(result, seat, naming) is None  # a seat's share is no shortage
    trial = Trial(0, {}, True, 1.0)
    prop = Proposal(trial, {}, {}, {}, frozenset(), {3: 50, 4: 50}, {_key(SHORT3): 0.06})
    fixer = _fixer("en", [SHORT3, SHORT4])
    assert above_lines(fixer, prop, 4) == []  # 4 players met the aim on the pairs too
    assert above_lines(fixer, prop, 3) == [
        "  3 players: on these 50 pairs, shortage of coins in the bank in 6.0% of games, above the aim of at most "
        "5%. On 50 games so small a gap may be chance; on the new games above it met the aim."]
    clear = Proposal(trial, {}, {}, {}, frozenset(), {3: 50}, {_key(SHORT3): 0.18})
    assert above_lines(fixer, clear, 3) == [
        "  3 players: on these 50 pairs, shortage of coins in the bank in 18.0% of games, above the aim of at most "
        "5%; on the new games above it met the aim."]
    fr = plain(above_lines(_fixer("fr", [SHORT3]), prop, 3)[0])
    assert fr.startswith("  3 joueurs : sur ces 50 paires, manque de pièces à la banque dans 6,0 % "
                         "des parties, au-dessus de l’objectif de 5 % au plus. Sur 50 parties, un écart aussi faible")
    it = plain(above_lines(_fixer("it", [SHORT3]), prop, 3)[0])
    assert it.startswith("  3 giocatori: su queste 50 coppie, carenza di monete in banca nel 6,0% delle "
                         "partite, oltre la soglia del 5%. Su 50 partite una differenza così piccola può "
                         "dipendere dal caso")


def test_each_figure_says_its_sample() -> None:
    """(fr24, it32, en21, fr25) "(after “was”: Draco & Co on the search’s games)" was a key to decode; the deck's
    figure now says whose it is, and each game-for-game line names its games: the search's first 50."""
    said = {lang: plain(word("cures", lang, games="100 x", what="W")) for lang in ("en", "fr", "it")}
    # en32: a full stop, as change and cost; terminal round 44 fr38*: "result", as the French « résultat », never
    # "fixes" (a fix's 2 % meets fix's aim of 5 % but not validate's 1 %)
    assert said["en"] == "  result, on 100 x per player count that the search never played: W."
    # whose figure "was" gives is said once above the fixes (nineteenth reading en36), by the deck's name
    notes = {lang: plain(word("was_note", lang, deck="Draco & Co", searched="100 y")) for lang in ("en", "fr", "it")}
    assert notes["en"].startswith("In the figures below, “base game” is Draco & Co before any change: in each fix’s "
                                  "“result” line, on the search’s 100 y per player count;")
    assert "donne le chiffre de Draco & Co avant tout changement : dans la ligne « résultat » de chaque correction, " \
           "sur les 100 y de la recherche" in notes["fr"]
    assert "indica il valore di Draco & Co prima di ogni modifica: nella riga «risultato» di ogni correzione, sulle " \
           "100 y della ricerca" in notes["it"]
    assert all("«" not in s and "“was”:" not in s for s in said.values())
    assert said["it"].startswith("  risultato,")  # it31: never "corregge"/"corretto"; round 44 fr38*: nor "risolve"
    from cardgen.tune.fix import search_games
    for key in ("verdict", "shared_verdict", "file_against"):
        # a comparison stopped early: the search's first 50 of its 300 games at that count
        lines = {lang: word(key, lang, players="3 p", deck="D", pairs=50, source=search_games(50, 300, lang),
                            text="T") for lang in ("en", "fr", "it")}
        assert "on 50 pairs (the search’s first 50 games)" in lines["en"]
        assert "sur 50 paires (les 50 premières parties de la recherche)" in lines["fr"]
        assert "su 50 coppie (le prime 50 partite della ricerca)" in lines["it"]
        # twenty-sixth reading en38: all the search's 300 games are not its "first 300", which read as if it had more
        every = {lang: word(key, lang, players="6 p", deck="D", pairs=300, source=search_games(300, 300, lang),
                            text="T") for lang in ("en", "fr", "it")}
        assert "on 300 pairs (every game the search played at this player count)" in every["en"]
        assert "sur 300 paires (toutes les parties de la recherche à ce nombre de joueurs)" in every["fr"]
        assert "su 300 coppie (tutte le partite della ricerca con questo numero di giocatori)" in every["it"]


def test_a_cure_that_changes_the_length_says_it_in_its_cost() -> None:
    """(en9) Fix 3 ends the reshuffle: games 29.7 to 33.3 turns shorter at every player count, about 42 % of their
    length, and its cost read "reprint the rulebook" only. The length moved beyond chance is part of the price;
    one count longer and another shorter says nothing it could not sum up; a length that was the problem is the
    cure, not a side effect."""
    assert length_moved({"players": 3, "metrics": [_row("turns", 79.7, 46.4)]}, []) == (79.7, 46.4)
    assert length_moved({"players": 3, "metrics": [_row("turns", 79.7, 78.0, False)]}, []) is None
    target = Problem("target", "turns", 3, 79.7, 10.0, (("low", 40), ("high", 60)))
    assert length_moved({"players": 3, "metrics": [_row("turns", 79.7, 46.4)]}, [target]) is None
    rule = Param("rule", "reshuffles", low=0, high=3)
    fixer = _fixer("en", [SHORT3], [rule])
    trial = Trial(0, {rule.key: 0}, True, 1.5)
    prop = Proposal(trial, {}, {}, {}, length={3: (79.7, 46.4), 6: (69.4, 39.7)})
    text = cost_text(fixer, prop, [rule], "en")
    # terminal round 46 en33: the lever's name in brackets dropped (the change line above names the rule), the
    # length a second clause
    assert text == ("reprint the rulebook; games also become 42 to 43% shorter depending on the player count (29.7 "
                    "to 33.3 fewer turns)")  # fr28
    one = Proposal(trial, {}, {}, {}, length={3: (79.7, 46.4)})
    assert cost_text(fixer, one, [rule], "en").endswith("; games also become 42% shorter (33.3 fewer turns)")
    longer = Proposal(trial, {}, {}, {}, length={3: (40.0, 50.0)})
    assert cost_text(fixer, longer, [rule], "en").endswith("; games also become 25% longer (10.0 more turns)")
    mixed = Proposal(trial, {}, {}, {}, length={3: (40.0, 50.0), 4: (60.0, 50.0)})
    assert "games" not in cost_text(fixer, mixed, [rule], "en")
    assert "games" not in cost_text(fixer, Proposal(trial, {}, {}, {}), [rule], "en")
    fr = plain(cost_text(_fixer("fr", [SHORT3], [rule]), prop, [rule], "fr"))
    assert fr.endswith(" ; en outre, les parties sont de 42 à 43 % plus courtes selon le nombre de joueurs (29,7 à 33,3 tours de "
                       "joueur de moins)")
    it = plain(cost_text(_fixer("it", [SHORT3], [rule]), prop, [rule], "it"))
    assert it.endswith("; inoltre le partite si accorciano tra il 42 e il 43% a seconda del numero di giocatori (29,7–33,3 turni in "
                       "meno)")


def test_the_widened_interval_is_explained_once_per_line() -> None:
    """(fr29, it35) the side-effect line strung four sentences that each said why their interval was wider."""
    for lang in ("en", "fr", "it"):
        why = say("interval_widened_why", lang)
        text = f"a ({why}: 1 to 2); b ({why}: 3 to 4); c ({why}: 5 to 6)"
        once = said_once(text, why, word("widened_again", lang))
        assert once.count(why) == 1 and once.startswith(f"a ({why}: 1 to 2); b (")
        assert once.count(word("widened_again", lang)) == 2 + (word("widened_again", lang) in why)
    assert said_once("nothing here", "why", "again") == "nothing here"


def test_a_kept_slight_problem_says_why_and_no_calque() -> None:
    """(fr26, it30) "so slightly that it could be chance; cardgen fix treats it as a problem anyway" gave no reason
    beside problems dropped as chance: the reason is that it stays above the aim on twice the games; Italian's
    "potrebbe essere il caso" meant "it may be fitting". (it36) a rule change had two colons after "change:"."""
    en = word("aim_slight", "en", aim="5%", twice="200 games")
    assert "as the share is still above the aim on 200 games, cardgen fix treats it as a problem" in en
    assert "anyway" not in en
    assert "comme la part reste au-dessus de ce seuil sur 200 parties, cardgen fix traite ce manque comme un problème" in \
        word("aim_slight", "fr", aim="5 %", twice="200 parties")
    it = word("aim_slight", "it", aim="5%", twice="200 partite")
    assert "possa dipendere dal caso" in it and "essere il caso" not in it
    # sixteenth reading it3: "l’obiettivo è superato" is the target beaten; the 5 % ceiling is a threshold exceeded
    assert "la soglia del 5% è superata anche su 200 partite" in it.replace("\u00a0", " ") and "obiettivo" not in it
    for lang in ("en", "fr", "it"):
        assert ":" not in DESCRIBE[lang]["rule"] and ". " in word("unconfirmed", lang, n=100, twice=200)
    # it38, then terminal round 40 it25: two thresholds, and why, never a "Perché" that reads as "because"
    assert "Due soglie: cardgen fix mira a non superare il 5" in word("aim_note", "it", aim="5 %", cover_left="1 %", case="x",
                                                                   games="100 partite")


def test_a_seat_left_beyond_its_share_is_named() -> None:
    """(fr28) trials 16 and 28: "4 players: one player's share of wins is off their fair share beyond chance" named
    neither the player nor the way; trial 16's figures: seat 2 won 14 % where the four seats' mean is 25 %."""
    m = {"seat_1_win_rate": (0.30, 0.22, 0.40), "seat_2_win_rate": (0.14, 0.09, 0.22),
         "seat_3_win_rate": (0.33, 0.25, 0.43), "seat_4_win_rate": (0.23, 0.16, 0.32), "problem:4:seat": (0.002, 0.14, 0.14)}
    said = {lang: plain(_fixer(lang, []).left_text({4: m}, lang, Naming.of(_draco(), lang))) for lang in ("en", "fr", "it")}
    assert said["en"] == "4 players: player 2 wins 14.0% of games, below the fair share (25.0%) beyond chance"
    assert said["fr"] == "4 joueurs : le joueur 2 gagne 14,0 % des parties, moins que sa part équitable (25,0 %), un écart que le hasard explique mal"
    assert said["it"] == ("4 giocatori: il giocatore 2 vince il 14,0% delle partite, meno della quota equa (25,0%), "
                          "e la differenza è più grande di quanto il caso spieghi di solito")
    high = {**m, "seat_1_win_rate": (0.40, 0.3, 0.5), "seat_4_win_rate": (0.13, 0.1, 0.2), "problem:4:seat": (0.01, 0.40, 0.40)}
    assert "player 1 wins 40.0% of games, above the fair share (25.0%)" in _fixer("en", []).left_text(
        {4: high}, "en", Naming.of(_draco(), "en"))
    lost = {**m, "problem:4:seat": (0.01, 0.5, 0.5)}  # no seat holds the figure: the general words
    assert "one player’s share of wins is off" in _fixer("en", []).left_text({4: lost}, "en", Naming.of(_draco(), "en"))
