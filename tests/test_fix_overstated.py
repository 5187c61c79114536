"""Twelfth reading (fr56-fr59, it41, it43): ``cardgen fix`` over-stated its cures. A shortage of 7 % against the 5 %
aim on 100 games stood "confirmed"; a cure the paired games could not tell from chance stood under "cures"; "nothing
moved beyond chance" closed 50 pairs; a trial 1 point above the aim was a plain "not cured"; and the bank's shortage
had two names in one output. Known cases, every figure chosen so that the Wilson interval decides."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming
from cardgen.tune.fix import (Fixer, Problem, Proposal, _key, chance_pairs, cured_text, held_line, problem_line,
                              problems, slight, word)
from cardgen.tune.study import Trial

ROOT = Path(__file__).resolve().parents[1]


def plain(text: str) -> str:
    """``text`` with its no-break spaces as plain ones (the typography is typeset's, tested with it)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _draco() -> object:
    return Resolver(Project.open(ROOT)).resolve("draco")


def _fixer(lang: str, found: list[Problem]) -> Fixer:
    fixer = Fixer.__new__(Fixer)
    fixer.deck = _draco()
    fixer.problems = found
    fixer.opts = SimpleNamespace(lang=lang, games=100)
    return fixer


def test_an_excess_chance_could_make_is_said_as_such_and_a_clear_one_is_not() -> None:
    """(fr57) 7 of 100 games short against a 5 % aim: the interval [3.4 %, 13.9 %] holds the aim; 94 of 100 does
    not, nor 12 of 200 ([3.5 %, 10.2 %] holds it: still slight), nor 25 of 200."""
    assert slight(0.07, 100) and slight(0.06, 200) and not slight(0.94, 100) and not slight(0.125, 200)
    assert not slight(0.07, 0)  # no games: nothing to judge, never "chance"
    entry = {"players": 6, "games": 100, "peak_games": {"unpaid_by_bank": {"histogram": [[3, 7]]}},
             "balance": {"flags": []}, "rule_gaps": []}
    six = problems(entry)[0]
    naming = Naming.of(_draco(), "en")
    assert problem_line(six, "en", naming) == (
        "6 players: the bank cannot pay all it owes in 7.0% of games (aim: at most 5%; as the share is still above the "
        "aim on 200 games, cardgen fix treats it as a problem, although so small an excess could be chance)")  # en34; fr26: why kept
    assert plain(problem_line(six, "fr", Naming.of(_draco(), "fr"))) == (
        "6 joueurs : la banque ne peut pas verser tout ce qu’elle doit dans 7,0 % des parties (objectif : 5 % au plus ; "
        "comme la part reste au-dessus de ce seuil sur 200 parties, cardgen fix traite ce manque comme un problème, bien "
        "qu’un écart aussi faible puisse venir du hasard)")
    assert plain(problem_line(six, "it", Naming.of(_draco(), "it"))) == (
        "6 giocatori: la banca non può pagare tutto ciò che deve nel 7,0% delle partite (soglia: al massimo 5%; "
        "poiché la soglia del 5% è superata anche su 200 partite, cardgen fix tratta questa carenza come un problema, "
        "benché una differenza così piccola possa dipendere dal caso)")  # it30: "potrebbe essere il caso" is "it may be fitting", not chance
    three = Problem("short", "unpaid_by_bank", 3, 0.94, 0.89, (("games", 100),))
    assert problem_line(three, "en", naming) == "3 players: the bank cannot pay all it owes in 94.0% of games (aim: at most 5%)"


def test_a_trial_left_a_little_above_the_aim_says_by_a_little() -> None:
    """(it43) 65 coins left 3 players short in 6 % of 100 games (interval [2.8 %, 12.5 %]): "not cured, by a
    little", never a plain "not cured" beside the cure of 69 coins; 9 % of 100 ([4.8 %, 16.4 %]) is still slight,
    12 % ([7.0 %, 19.8 %]) is not, nor any other problem left."""
    fixer = _fixer("en", [])
    six = {3: {"problem:3:short:unpaid_by_bank": (0.01, 0.06, 0.06), "short:unpaid_by_bank": (0.06, 0.028, 0.125)}}
    assert fixer.slightly_left(six)
    twelve = {3: {"problem:3:short:unpaid_by_bank": (0.07, 0.12, 0.12), "short:unpaid_by_bank": (0.12, 0.07, 0.198)}}
    assert not fixer.slightly_left(twelve)
    nine = {3: {"problem:3:short:unpaid_by_bank": (0.04, 0.09, 0.09), "short:unpaid_by_bank": (0.09, 0.048, 0.164)}}
    assert fixer.slightly_left(nine)  # the interval's low end just under the aim
    at = {3: {"problem:3:short:unpaid_by_bank": (0.04, 0.09, 0.09), "short:unpaid_by_bank": (0.09, 0.05, 0.164)}}
    above = {3: {"problem:3:short:unpaid_by_bank": (0.04, 0.09, 0.09), "short:unpaid_by_bank": (0.09, 0.051, 0.164)}}
    assert fixer.slightly_left(at) and not fixer.slightly_left(above)  # the aim itself inside the interval: chance
    assert not fixer.slightly_left({3: {**six[3], "problem:3:seat": (0.01, 0.4, 0.4)}})
    assert not fixer.slightly_left({3: {}})  # nothing left: a cure, not "by a little"
    left = fixer.left_text(six, "en", Naming.of(fixer.deck, "en"))
    assert left == "the bank cannot pay all it owes in 6.0% of games at 3 players"
    assert word("left_slight", "en", left=left, aim="5%", games="100 games") == (
        "misses the search’s aim, by a little (the bank cannot pay all it owes in 6.0% of games at 3 players; aim: at most 5%; on 100 "
        "games so small a gap may be chance)")
    # terminal round 44 fr38*: what the trial met (the search's aim), never "fixed" (validate may still flag it)
    assert "n’atteint pas l’objectif de la recherche, de peu" in word("left_slight", "fr", left="", aim="", games="")
    assert "non raggiunge l’obiettivo della ricerca, per poco" in word("left_slight", "it", left="", aim="", games="")  # it31: "corretto" read as "right"
    assert word("cured", "it", cost="1,5").startswith("raggiunge l’obiettivo della ricerca") and \
        word("left", "it", left="x") == "non raggiunge l’obiettivo della ricerca (x)"


def test_a_shortage_left_at_several_player_counts_is_one_clause() -> None:
    """(en29, it30) "3 players: the bank cannot pay all it owes in 100% of games; 4 players: the bank cannot pay
    all it owes in 100% of games; …" on one trial line: the case once, then its share at each player count; a
    seat left is said after it, at its own player count. A share of every game is said so (terminal round 46 it31:
    "100,0%" on 100 games gave a false decimal)."""
    left = {n: {f"problem:{n}:short:unpaid_by_bank": (0.5, share, share)} for n, share in ((3, 1.0), (4, 0.86), (6, 0.07))}
    left[4]["problem:4:seat"] = (0.01, 0.4, 0.4)
    said = {lang: plain(_fixer(lang, []).left_text(left, lang, Naming.of(_draco(), lang))) for lang in ("en", "fr", "it")}
    assert said["en"] == ("the bank cannot pay all it owes in all games at 3 players, 86.0% at 4, 7.0% at 6; "
                          "4 players: one player’s share of wins is off the fair share beyond chance")
    assert said["fr"].startswith("la banque ne peut pas verser tout ce qu’elle doit dans toutes les parties à 3 joueurs, "
                                 "86,0 % à 4, 7,0 % à 6 ; 4 joueurs : ")
    assert said["it"].startswith("la banca non può pagare tutto ciò che deve in tutte le partite con 3 giocatori, "
                                 "86,0% con 4, 7,0% con 6; 4 giocatori: ")


def test_a_cure_chance_could_make_is_never_listed_under_cures() -> None:
    """(fr58) 6 players short in 7 % then 0 %, the paired games seeing no change beyond chance: it goes on a line of
    its own, "likely better, too small to show on 100 pairs of games"; the 3-player cure stays under "cures"."""
    three = Problem("short", "unpaid_by_bank", 3, 0.94, 0.89, (("games", 100),))
    six = Problem("short", "unpaid_by_bank", 6, 0.07, 0.02, (("games", 100),))
    fresh = {3: {"short:unpaid_by_bank": (0.02, 0.0, 0.07)}, 6: {"short:unpaid_by_bank": (0.0, 0.0, 0.04)}}
    prop = Proposal(Trial(0, {}, True, 1.0), fresh, {}, {}, frozenset({_key(six)}), {3: 50, 6: 100})
    for lang, sure, likely in (
            ("en", "3 players: the bank cannot pay all it owes in 2.0% of games (base game, on the search’s games: 94.0%)",
             "6 players: no game where the bank cannot pay all it owes (base game, on the search’s games: 7.0%)"),
            ("fr", "3 joueurs : la banque ne peut pas verser tout ce qu’elle doit dans 2,0 % des parties (jeu de base, sur les parties de la recherche : 94,0 %)",
             "6 joueurs : aucune partie où la banque ne peut pas verser tout ce qu’elle doit (jeu de base, sur les parties de la recherche : 7,0 %)"),
            ("it", "3 giocatori: la banca non può pagare tutto ciò che deve nel 2,0% delle partite (gioco base, sulle partite della ricerca: 94,0%)",
             "6 giocatori: nessuna partita in cui la banca non può pagare tutto ciò che deve (gioco base, sulle partite della ricerca: 7,0%)")):  # it29; "in no game" in every language
        fixer = _fixer(lang, [three, six])  # the proposal's file, read alone: the case in full
        assert plain(cured_text(fixer, prop, lang, short=False)) == sure, lang
        assert plain(cured_text(fixer, prop, lang, chance=True, short=False)) == likely, lang
    # the run's own lines: the case by the short name its "Problems found" line gave it (fr55, it48)
    assert plain(cured_text(_fixer("en", [three, six]), prop, "en")) == \
        "shortage of coins in the bank in 2.0% of games at 3 players (base game, on the search’s games: 94.0%)"
    assert plain(cured_text(_fixer("fr", [three, six]), prop, "fr", chance=True)) == \
        "aucun manque de pièces à la banque à 6 joueurs (jeu de base, sur les parties de la recherche : 7,0 %)"
    assert chance_pairs(_fixer("en", [three, six]), prop) == 100  # the 6-player comparison's pairs
    # en32: the pairs are the game-for-game comparison's (within_chance reads it), not the 100 new games
    assert word("likely", "en", games="100 pairs of games", what="x") == \
        "  On the new games, x; the change is too small for the game-for-game comparison below (100 " \
        "pairs of games) to tell from chance."  # nineteenth reading (fr48, en34): whether the count is fixed, said
    # (terminal round 40 en26: a sentence, no "too" without antecedent)


def test_the_closing_line_says_nothing_else_was_detected_on_so_many_pairs() -> None:
    """(fr59, it41) "nothing moved beyond chance" on 50 pairs: now "no other change was detected"; the pairs the
    comparisons played, where small changes can go unnoticed, are said once, on the last line (fr44)."""
    from cardgen.tune.fix import pairs_said

    props = [Proposal(Trial(0, {}, True, 1.0), {}, {}, {}, frozenset(), {4: 50, 5: 50, 6: 100})]
    said = {lang: plain(held_line(_fixer(lang, []), props)) for lang in ("en", "fr", "it")}
    # one line under every proposal and player count (fr30): it says it holds for the one fix or for each
    # eighteenth reading (it58): "no other change …, nor in length" beside a fix that shortens games read as a
    # contradiction: nothing else beyond what is said above, then what was checked
    assert said["en"].startswith("Nothing else was detected in the pairs played beyond the problems fixed and the "
                                 "changes listed above; the figures checked include game length")  # en55
    assert said["fr"].startswith("Rien d’autre n’a été détecté sur les paires jouées que les problèmes corrigés et les "
                                 "changements indiqués ci-dessus ; les indicateurs examinés comprennent la durée")
    assert said["it"].startswith("Nelle coppie giocate non è stato rilevato nient’altro oltre ai problemi risolti e ai "
                                 "cambiamenti indicati qui sopra; le misure controllate comprendono la durata")
    assert not any(w in s for s, w in zip(said.values(), ("whether in game length", "que ce soit dans", "né nella")))
    two = {lang: plain(held_line(_fixer(lang, []), props * 2)) for lang in ("en", "fr", "it")}
    assert two["en"].startswith("For each fix, nothing else was detected")
    assert two["fr"].startswith("Pour chaque correction, rien d’autre n’a été détecté")
    assert two["it"].startswith("Per ogni correzione, nelle coppie giocate non è stato rilevato nient’altro")
    assert "beyond chance" not in said["en"] and "rien n’a varié" not in said["fr"]
    assert all("unnoticed" not in s and "inaperçus" not in s and "sfuggire" not in s for s in said.values())
    assert pairs_said(_fixer("en", []), props) == "50 to 100" and pairs_said(_fixer("fr", []), props) == "50 à 100"
    one = [Proposal(Trial(0, {}, True, 1.0), {}, {}, {}, frozenset(), {3: 50})]
    assert pairs_said(_fixer("en", []), one) == "50"


def test_the_problems_heading_says_found_again_never_confirmed() -> None:
    """fr57: "confirmés sur 200" above a shortage of 7 % against 5 % read as a statistical confirmation; the heading
    says what was done, the problem found again on twice the games, and each line says when it may be chance."""
    from cardgen.tune.fix import word

    said = {lang: word("found", lang, deck="Draco & Co", n=100, twice=200) for lang in ("en", "fr", "it")}
    assert said["en"].startswith("Problems found in Draco & Co on 100 games") and "found again on 200" in said["en"]
    assert "et retrouvés sur 200" in said["fr"] and "e ritrovati su 200" in said["it"]
    said |= {f"{lang}-": word("unconfirmed", lang, n=100, twice=200) for lang in ("en", "fr", "it")}
    assert "did not hold up on 200" in said["en-"] and "non retrouvés sur 200" in said["fr-"]
    assert "ma non ritrovati su 200" in said["it-"]
    assert not any(w in " ".join(said.values()) for w in ("confirm", "confermat"))


def test_the_last_line_promises_the_pairs_compare_plays_with_fixed() -> None:
    """(fr42) fix said "cardgen compare with --fixed plays the 100 pairs" (fix's own --games) where compare says "to
    play all 1000 pairs, add --fixed": the last line now names the pairs the printed command plays, compare's
    default as its option sets it, beside those the comparisons above played; no verdict line says --fixed."""
    from pathlib import Path

    from cardgen.cli import _parser
    from cardgen.simulate.compare import CompareOptions
    from cardgen.simulate.verdict import WORDS
    from cardgen.tune.fix import compare_pairs, next_line

    full = _parser().parse_args(["compare", "a", "b"]).games
    assert compare_pairs() == CompareOptions.games == full == 1000
    props = [Proposal(Trial(0, {}, True, 1.0), {}, {}, {}, frozenset(), {4: 50, 6: 100})]
    # en30, fr14, it35: the thousands grouped as everywhere else; it35: comparisons do not "play"
    # en58: "on all 1,000 pairs" spoke of pairs none of which was played: compare's pairs per player count
    for lang, played, fixed in (("en", "played only 50 to 100 pairs of games", "on 1,000 pairs per player count"),
                                ("fr", "ne portent que sur 50 à 100 paires de parties",
                                 "sur 1 000 paires par nombre de joueurs"),
                                ("it", "si sono giocate solo 50–100 coppie di partite",
                                 "su 1.000 coppie per numero di giocatori")):
        fixer = _fixer(lang, [])
        fixer.opts.games = 100
        said = plain(next_line(fixer, props, Path("out/draco-fix-1.yaml")))
        assert played in said and fixed in said, said
        assert said.endswith("cardgen compare draco out/draco-fix-1.yaml --fixed")
        assert "--fixed" not in WORDS[lang]["nothing_else_named"]


def test_a_trial_shows_each_lever_from_the_decks_own_value_to_the_trials() -> None:
    """Fourteenth reading (en28, it31): "number of silver coins = 134" hid the deck's 20, so a designer could not see
    how far a trial moved: each changed lever reads "from → to"; a lever left at its own value is not shown."""
    from cardgen.tune.fix import _shown

    fixer = _fixer("en", [])
    fixer.own = {"count:silver-coin": 20, "count:gold-coin": 25}
    fixer.opts.params = []
    trial = Trial(0, {"count:silver-coin": 134, "count:gold-coin": 25}, True, 1.0)
    assert _shown(fixer, trial) == "number of silver coins 20 → 134"


def test_the_first_interval_printed_is_named_and_the_later_ones_are_brackets() -> None:
    """Fourteenth reading (en39, fr35): "[−26.6 to −4.7]" stood unlabelled: the output's first interval says what
    it is, "95% interval", once (the vocabulary's rule); a shortage line has none, so it is never the first."""
    from cardgen.tune.fix import first_interval

    short = Problem("short", "unpaid_by_bank", 3, 0.94, 0.89, (("games", 100),))
    weak = Problem("card", "to-and-fro", 3, -0.157, 0.047, (("side", "weak"), ("low", -0.266), ("high", -0.047)))
    seat = Problem("seat", "5", 6, 0.27, 0.01, (("side", "more"), ("low", 0.171), ("high", 0.399), ("fair", 1 / 6)))
    said = [short, weak, seat]
    # a card's interval wholly on one side is said in words (terminal round 46 en37): the seat's is the first bracket
    assert [first_interval(p, said) for p in said] == [False, False, True]
    naming = Naming.of(_draco(), "en")
    # its name outside the brackets, which hold the two ends alone as every other interval (fr61, it50)
    # terminal round 49 fr13: said widened, as validate's (pin updated; the brackets still hold the two ends alone);
    # terminal round 50 en21, it20: the name after the brackets, in compare's form (pin updated)
    assert problem_line(seat, "en", naming, label=True).endswith(
        "of games [17.1% to 39.9%] (95% interval, widened because 6 players are compared at once)")
    assert problem_line(seat, "en", naming).endswith("of games [17.1% to 39.9%]")
    assert problem_line(weak, "en", naming, seen=True).endswith(
        "than the other players (4.7 to 26.6 points less, allowing for chance)")  # round 41 it31: no double negative
    crossing = Problem("card", "to-and-fro", 3, -0.157, 0.047, (("side", "weak"), ("low", -0.266), ("high", 0.01)))
    assert [first_interval(p, [short, crossing, seat]) for p in (short, crossing, seat)] == [False, True, False]
    assert plain(problem_line(crossing, "it", Naming.of(_draco(), "it"), seen=True, label=True)).endswith(
        "degli altri, intervallo al 95% [−26,6; +1,0]")  # as every other output says it (terminal round 40 it26)
    assert plain(problem_line(crossing, "it", Naming.of(_draco(), "it"), seen=True)).endswith(
        "degli altri [−26,6; +1,0]")


def test_a_flagged_card_compares_win_rates_in_french() -> None:
    """Fourteenth reading (fr35): "gagnaient 15,7 points de pourcentage moins souvent que les autres" read awkwardly:
    French compares the win rates ("inférieur de 15,7 points de pourcentage à celui des autres"), the side from the
    flag; English keeps "less often"."""
    weak = Problem("card", "to-and-fro", 3, -0.157, 0.047, (("side", "weak"), ("low", -0.266), ("high", -0.047)))
    strong = Problem("card", "to-and-fro", 3, 0.157, 0.047, (("side", "strong"), ("low", 0.047), ("high", 0.266)))
    fr = Naming.of(_draco(), "fr")
    assert "était inférieur de 15,7 points de pourcentage à celui des autres (de 4,7" in plain(
        problem_line(weak, "fr", fr, seen=True))
    assert "est supérieur de 15,7 points de pourcentage à celui des autres (de 4,7" in plain(problem_line(strong, "fr", fr))
    assert "won 15.7 percentage points less often than the other players" in problem_line(
        weak, "en", Naming.of(_draco(), "en"), seen=True)


def test_the_shortage_case_is_said_in_full_once_then_by_its_short_name() -> None:
    """(fr55, it48) "the bank cannot pay all it owes" came for every player count of every trial, some sixty times
    in one run: the first "Problems found" line says it in full and gives its short name, the next lines, every
    trial and the cures say the short name, each later player count its figures alone."""
    from cardgen.tune.fix import case_label, case_names
    found = [Problem("short", "unpaid_by_bank", n, share, share - 0.05, (("games", 100),))
             for n, share in ((3, 0.94), (4, 0.93), (5, 0.59))]
    fresh = {3: {"short:unpaid_by_bank": (0.02, 0.0, 0.07)}, 4: {"short:unpaid_by_bank": (0.01, 0.0, 0.05)},
             5: {"short:unpaid_by_bank": (0.0, 0.0, 0.04)}}
    prop = Proposal(Trial(0, {}, True, 1.0), fresh, {}, {}, frozenset(), {3: 50, 4: 50, 5: 50})
    left = {3: {"problem:3:short:unpaid_by_bank": (0.4, 0.43, 0.43)}, 4: {"problem:4:short:unpaid_by_bank": (0.2, 0.29, 0.29)}}
    expect = {
        # the short name is the shortage's one name, validate's and compare's (twentieth reading en18)
        "en": ("3 players: the bank cannot pay all it owes (below: “shortage of coins in the bank”) in 94.0% of games (aim: "
               "at most 5%)",
               "4 players: shortage of coins in the bank in 93.0% of games (aim: at most 5%)",
               "shortage of coins in the bank in 43.0% of games at 3 players, 29.0% at 4",
               "shortage of coins in the bank in 2.0% of games at 3 players (base game, on the search’s games: 94.0%); 1.0% at 4 "
               "(base game: 93.0%); none at 5 (base game: 59.0%)"),
        "fr": ("3 joueurs : la banque ne peut pas verser tout ce qu’elle doit (ci-dessous : « manque de pièces à la banque ») dans "
               "94,0 % des "
               "parties (objectif : 5 % au plus)",
               "4 joueurs : manque de pièces à la banque dans 93,0 % des parties (objectif : 5 % au plus)",
               "manque de pièces à la banque dans 43,0 % des parties à 3 joueurs, 29,0 % à 4",
               "manque de pièces à la banque dans 2,0 % des parties à 3 joueurs (jeu de base, sur les parties de la recherche : 94,0 %) ; 1,0 % à 4 (jeu de base : "
               "93,0 %) ; aucun à 5 (jeu de base : 59,0 %)"),
        "it": ("3 giocatori: la banca non può pagare tutto ciò che deve (qui sotto: «carenza di monete in banca») nel "
               "94,0% delle partite "
               "(soglia: al massimo 5%)",
               "4 giocatori: carenza di monete in banca nel 93,0% delle partite (soglia: al massimo 5%)",
               "carenza di monete in banca nel 43,0% delle partite con 3 giocatori, 29,0% con 4",
               "carenza di monete in banca nel 2,0% delle partite con 3 giocatori (gioco base, sulle partite della ricerca: 94,0%); 1,0% con 4 (gioco "
               "base: 93,0%); nessuna partita con 5 (gioco base: 59,0%)")}
    for lang, (first, second, trial, cures) in expect.items():
        naming = Naming.of(_draco(), lang)
        cases = case_names(found, lang, naming)
        lines = [plain(problem_line(p, lang, naming, case=cases.get(i))) for i, p in enumerate(found)]
        assert lines[:2] == [first, second], lang
        fixer = _fixer(lang, found)
        assert plain(fixer.left_text(left, lang, naming)) == trial, lang
        assert plain(cured_text(fixer, prop, lang)) == cures, lang
    # two shortages, or none the book rules: no short name (one name for two cases would say neither)
    naming = Naming.of(_draco(), "en")
    assert case_label(found + [Problem("short", "other", 3, 0.5, 0.4)], "en", naming) is None
    assert case_names([], "en", naming) == {}


def test_the_proposal_file_read_alone_names_the_shortage_in_full(tmp_path: Path) -> None:
    """(fr55) The run's lines name the shortage by the short name its first line gave it; the proposal's file is
    read alone, where that name was never given: its "It fixes" line says the case in full."""
    from cardgen.tune.fix import write_proposal
    from cardgen.tune.levers import levers
    three = Problem("short", "unpaid_by_bank", 3, 0.94, 0.89, (("games", 100),))
    fixer = _fixer("en", [three])
    params = levers(fixer.deck, [three])[:1]  # the silver coins' count, 20 in the box
    fixer.own, fixer.found = {params[0].key: 20}, {_key(three)}
    fixer.opts = SimpleNamespace(lang="en", games=100, params=params, seed=1, agents=[], out=tmp_path)
    prop = Proposal(Trial(0, {params[0].key: 40}, True, 1.2), {3: {"short:unpaid_by_bank": (0.02, 0.0, 0.07)}},
                    {}, {}, frozenset(), {3: 50})
    head = write_proposal(fixer, prop, 1, [three]).read_text(encoding="utf-8")
    assert "# It fixes: 3 players: the bank cannot pay all it owes in 2.0% of games (base game, on the search’s games: 94.0%)." in head, \
        head
    assert "shortfall" not in head and "shortage of" not in head
