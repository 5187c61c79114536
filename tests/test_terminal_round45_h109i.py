"""Terminal round 45, part c (issue #53): the Italian reader's costliest faults. Every expected sentence is ours."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


def plain(text: str) -> str:
    """A line as a reader reads it: its no-break spaces plain, its runs of spaces one."""
    return re.sub(r"[ \u00a0\u202f]+", " ", text)


# -- it22*, it23*: fix's advice rests on 2 games short in 100 against 1 ---------------------------------------------

def _round_run(lang: str, short1: float):
    """fix draco --games 100, as the reader's run: fix 1 (41 gold coins) leaves the bank short in ``short1`` of the
    100 new games at 3 players, fix 2 (43) in 1 of them, fix 3 (50) in none; 42 lies untried between."""
    from test_fix_twentythird import GOLD, OWN, _fixer, _prop

    from cardgen.tune.study import Trial

    fixer = _fixer(lang)
    fixer.opts.games = 100
    fixer.trials = [Trial(n, {**OWN, GOLD.key: g}, True, 1.0) for n, g in enumerate((40, 41, 43, 50))]
    props = [_prop(28, 41, 1.39, short1, 0.0), _prop(26, 43, 1.42, 0.01, 0.0), _prop(19, 50, 1.5, 0.0, 0.0)]
    return fixer, props, [Path(f"out/draco-fix-{k}.yaml") for k in (1, 2, 3)]


#: the page's line under fix 1 (``validate_after``): each fix's own one-liner keeps validate's 1 % (terminal round 46
#: en57: the page's "Two thresholds" paragraph and these one-liners say it; the rest does not)
#: terminal round 48 en44, it41: the terminal's words (round 47 fr26*), the 1 % kept (pins updated)
HEDGED_PAGE = {
    "en": ("After this fix, cardgen validate may still warn of the shortage: on the 100 new games the shortage stays "
           "just above validate’s threshold, 1% of games (shortage of coins in the bank in 2.0% of games at 3 "
           "players), and a gap this small may be chance."),
    "fr": ("Après cette correction, cardgen validate pourrait encore signaler le manque : sur les 100 parties "
           "nouvelles, le manque reste à peine au-dessus du seuil de validate, 1 % des parties (manque de pièces à la "
           "banque dans 2,0 % des parties à 3 joueurs), et un écart aussi faible peut venir du hasard."),
    "it": ("Dopo questa correzione, cardgen validate potrebbe ancora segnalare la carenza: sulle 100 partite nuove la "
           "carenza resta appena sopra la soglia di validate, l’1% delle partite (carenza di monete in banca nel 2,0% "
           "delle partite con 3 giocatori), e una differenza così piccola può dipendere dal caso."),
}
#: terminal round 46 en34: the terminal's "Two thresholds" paragraph says validate's 1 % once; the advice after the
#: fixes says only "more than validate allows"
#: terminal round 47 fr26* (en40, it30): "barely more … so little more" said one thing twice, «ne lascia» had no
#: antecedent: the shortage stays just above validate's threshold, a gap chance can make (pins updated)
HEDGED = {
    "en": ("After fix 1, cardgen validate may still warn of the shortage: on the 100 new games the shortage stays just "
           "above validate’s threshold (shortage of coins in the bank in 2.0% of games at 3 players), and a gap this "
           "small may be chance."),
    "fr": ("Après la correction 1, cardgen validate pourrait encore signaler le manque : sur les 100 parties "
           "nouvelles, le manque reste à peine au-dessus du seuil de validate (manque de pièces à la banque dans "
           "2,0 % des parties à 3 joueurs), et un écart aussi faible peut venir du hasard."),
    "it": ("Dopo la correzione 1, cardgen validate potrebbe ancora segnalare la carenza: sulle 100 partite nuove la "
           "carenza resta appena sopra la soglia di validate (carenza di monete in banca nel 2,0% delle partite con 3 "
           "giocatori), e una differenza così piccola può dipendere dal caso."),
}
#: terminal round 46 en35: "Try fix 2 first, which stayed within the aim, or fix 1 for a smaller change" (a relative
#: clause hanging after "first"), and why fix 1 is not sure said a second time: one recommendation, in sentences
#: terminal round 47 it28*, fr27: "fix 1 is the smallest", "fix 2 reached validate's aim" each said twice, and «Prova
#: per prima» read as one of the 30 «Prova N» headings: the advice first, each thing once (pins updated)
#: terminal round 50 en20* (r48 fr15, it17): fix 1's caveat said once, above; the advice points to it (pins updated)
#: terminal round 51 en19*, it20*, fr10* (ruling): the caveat's gist in a few words, "but" (pins updated)
#: terminal round 52 en15*, fr8*, it11* (ruling): on the terminal the caveat is just above: pointed to once (pins updated)
ADVICE = {
    "en": ("Try fix 2 first: of the 3 fixes checked, it is the smallest that did not exceed validate’s threshold on the new games. Fix 1 is a smaller change, but see the caveat just above. "
           "Check the result with cardgen validate"),
    "fr": ("Essayez d’abord la correction 2 : des 3 corrections vérifiées, c’est la plus petite qui, sur les parties nouvelles, n’ait pas dépassé le seuil de validate. La correction 1 change moins le jeu, mais voyez la mise en garde juste au-dessus. Vérifiez le résultat avec cardgen validate"),
    "it": ("Consiglio: comincia dalla correzione 2. Delle 3 correzioni verificate, è la più piccola che sulle partite nuove non ha superato la soglia di validate; la correzione 1 è un cambiamento ancora più piccolo, ma vedi l’avvertenza appena sopra. Verifica il risultato con cardgen "
           "validate"),
}
SURE = {"en": ("expect cardgen validate to still warn", "try it first"),
        "fr": ("signalera sans doute encore", "essayez-la d’abord"),
        "it": ("probabilmente segnalerà ancora", "provala per prima")}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_two_games_short_in_100_against_one_is_never_said_as_a_sure_warning_or_choice(lang: str) -> None:
    """it22*, it23*: fix 1 left the shortage in 2 of 100 new games, fix 2 in 1; validate tolerates 1%. 1% lies inside
    2 of 100's 95% interval ([0.55%, 7.0%]): neither "validate will probably still warn" nor "fix 2: try it first" is
    what those counts show; the advice names both fixes and why neither is sure."""
    from cardgen.tune.fix import next_line, validate_after, validate_line

    fixer, props, paths = _round_run(lang, 0.02)
    before = plain(validate_line(fixer, props))
    said = plain(next_line(fixer, props, paths[0], paths)).replace("\n", " ")
    assert before.startswith(HEDGED[lang]), before
    assert ADVICE[lang] in said, said
    assert SURE[lang][0] not in before and SURE[lang][1] not in said
    # the page says it under fix 1, with validate's tolerance (its own one-liner)
    assert plain(validate_after(fixer, props[0])) == HEDGED_PAGE[lang]
    assert "1%" not in before and "1 %" not in before and "1\u202f%" not in before  # said once, above


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_shortage_clearly_above_validates_aim_keeps_the_firm_advice(lang: str) -> None:
    """Where fix 1 leaves 5 games of 100 short (95% interval [2.2%, 11.2%], all above validate's 1%), the counts do
    show it: validate is expected to warn, and the fix that reached the aim is the one to try first."""
    from cardgen.tune.fix import next_line, validate_line

    fixer, props, paths = _round_run(lang, 0.05)
    assert SURE[lang][0] in plain(validate_line(fixer, props))
    assert SURE[lang][1] in plain(next_line(fixer, props, paths[0], paths))


# -- it41*: Gentle Overeating's games are the base game's, move for move --------------------------------------------

def _metric(name: str, group: str, base: float, variant: float, low: float, high: float) -> dict:
    return {"metric": name, "group": group, "base": base, "variant": variant, "difference": variant - base,
            "low": low, "high": high, "significant": low > 0 or high < 0}


def _gentle_overeating(players: int) -> dict:
    """The reader's figures at 3 players (compare.json): every count of play the same in every pair; the winner's
    score up; the ties left after the tie-break 1 → 3 in 100 pairs, which only the final count of points makes."""
    return {"players": players, "games": 100, "metrics": [
        _metric("turns", "length", 50.58, 50.58, 0.0, 0.0),
        _metric("rounds", "length", 16.86, 16.86, 0.0, 0.0),
        _metric("winning_score", "tension", 72.83, 81.9, 4.632202, 13.507798),
        _metric("end_reason:supply_exhausted", "internal", 1.0, 1.0, 0.0, 0.0),
        _metric("gap:no_dish_emerald", "internal", 0.04, 0.04, 0.0, 0.0),
        _metric("gap:tie_after_tiebreak", "internal", 0.01, 0.03, -0.01, 0.112839),
        _metric("peak:hand_cards", "internal", 24.64, 24.64, 0.0, 0.0),
        _metric("peak:king_portions", "internal", 26.61, 26.61, 0.0, 0.0)]}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_scoring_rule_that_leaves_every_move_alike_is_said_though_ties_moved(lang: str) -> None:
    """it41*: the automated players' rules of thumb ignore Gentle Overeating's scoring (``scores`` hook; the agents
    value a dish by their own projection), so base and variant games are the same move for move; the paragraph that
    says so stayed silent because the ties left after the tie-break, counted only from the final scores, moved (1 →
    3). It is said now, once, before the figures; a count of play that moved still keeps it silent."""
    from cardgen.simulate.summary import same_play, same_play_lines
    from cardgen.terminal import say

    results = [_gentle_overeating(n) for n in (3, 4, 5)]
    assert all(map(same_play, results))
    assert same_play_lines(results, lang) == [say("same_play", lang)]
    moved = _gentle_overeating(3)
    moved["metrics"][-1] = _metric("peak:king_portions", "internal", 26.61, 26.2, -0.6, -0.2)
    assert not same_play(moved)


# -- it3: "ci rientra appena" pointed at nothing ----------------------------------------------------------------------

def test_the_seat_only_just_within_chance_is_said_with_what_contains_what() -> None:
    """it3: "il giocatore 2 (19,3%) ci rientra appena, solo con gli intervalli allargati": "ci" had no antecedent
    (the fair share lies in player 2's interval, not player 2 in something). Now the fair share falls just inside the
    player's interval, and only because it is widened (the reader's King Lui run, 4 players: 58 wins of 300)."""
    from test_balance import stats

    from cardgen.simulate.balance import balance
    from cardgen.simulate.summary import balance_lines
    from cardgen.terminal import say

    line = plain(balance_lines(balance(stats([81, 58, 85, 79], games=300)), "it", 4, "C")[0])
    assert ("nessuno squilibrio è dimostrato, ma per il giocatore 2 (19,3%) la quota equa cade appena dentro "
            "l’intervallo, e solo perché l’intervallo è allargato. Per distinguere") in line, line
    many = say("balance_near_many", "it", fair="F", why="", games="300", items="X e Y")
    assert many.endswith("ma per X e Y la quota equa cade appena dentro gli intervalli, e solo perché sono allargati")
    assert " ci rientra" not in line + many


# -- it2, it7, it34: the rulebook's words for a waiting Emerald and the solo ghost ----------------------------------

ROOT = Path(__file__).resolve().parents[1]


def _book(game: str) -> str:
    return (ROOT / f"cardgen/rulebook/locale/it/LC_MESSAGES/{game}.po").read_text(encoding="utf-8")


def test_the_waiting_emerald_is_called_as_the_book_calls_it() -> None:
    """it2: "una carta Emerald già scoperta sul tavolo non ti permette di usare Emerald al suo posto": the book says
    an Emerald card «in attesa» (king_lui.po, «Usare Emerald»), as the case's own name does, and «al suo posto» named
    nothing. «pescare» stays said once (round 34 it3)."""
    import yaml

    deck = yaml.safe_load((ROOT / "decks/king_lui.yaml").read_text(encoding="utf-8"))
    case = next(v["case"]["it"] for v in deck["clarifications"].values()
                if isinstance(v, dict) and "Emerald" in (v.get("case") or {}).get("it", ""))
    assert "carta Emerald in attesa" in _book("king_lui")
    assert case.startswith("Quando sul tavolo non resta alcun piatto devi pescare, anche se una carta Emerald è in "
                           "attesa: non puoi usarla al posto della pescata (una carta Emerald che peschi, invece, "
                           "puoi usarla subito)."), case
    assert "scoperta sul tavolo" not in case and "al suo posto" not in case and case.split(".")[0].count("pescare") == 1


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "in a solo game the ghost scores no points, so there is nobody to lead, catch up with or hand the win to"),
    ("fr", "en solitaire, le fantôme ne marque aucun point : le joueur n’a personne à devancer ou à rattraper"),
    ("it", "in solitario il fantasma non segna punti: non c’è nessuno da superare o da rimontare")])
def test_the_solo_game_has_the_ghost_the_book_plays_against(lang: str, said: str) -> None:
    """it7: "in solitario non c’è un avversario da superare o da rimontare", where the book has the player play
    «contro il fantasma»: the ghost is there, it scores nothing (it only clears dishes, royale.po). A fact, said so in
    every language; it34: the card-strength line's "da solo, non ha nessuno con cui confrontarsi" likewise."""
    from cardgen.terminal import say

    assert plain(say("across_why_solo", lang)) == said
    if lang == "it":
        assert "Giochi da solo contro il fantasma" in _book("royale")
        import json
        words = json.loads((ROOT / "cardgen/games/royale/words.json").read_text(encoding="utf-8"))
        line = words["impact"]["it"]["all_dealt_one_solo"]
        assert line.endswith("e, in solitario, non c’è un altro giocatore con cui confrontare i risultati."), line
        # it32: the swap test said in words where a Royale page never defines it; it33: the book's «carta Impostore»
        defined = "la prova di sostituzione (misurare la forza di una carta sostituendola con un’altra in una mano a " \
                  "partita in corso)"
        many = words["impact"]["it"]["all_dealt_one"]
        # terminal round 46 it5: the book's «il tuo impostore» (round 45 it33 allowed either)
        assert defined in line and defined in many and "il proprio impostore, con il suo schema" in many


# -- it10, it11, it12: Draco's bank warning in Italian ---------------------------------------------------------------

def _ruled(key: str, also: str = " (A)") -> str:
    from cardgen.terminal import say

    return plain(say(key, "it", warn="W", case="c", short=2, games=300, share="s", max=9, piece="p", more=3, box="",
                     also=also, cover="99%", ruling="r", first=say("players", "it", n=3)))


def test_the_bank_warnings_italian_says_each_thing_once_and_points_back_one_way() -> None:
    """it10: one five-line sentence with two «ma» («…(19 monete d’oro …); ma queste aggiunte cambiano il gioco e
    potrebbero non bastare: …»): the caveat is a sentence of its own. it11: the later counts pointed back two ways
    («Quanto detto per 3 giocatori su queste aggiunte e sui risultati vale allo stesso modo», «(vale l’avvertenza
    fatta per 3 giocatori)»): now one way, plural where both caveats (additions and results) apply, singular where
    only the additions' does (the ruling weighs on few games). it12: «…il resto) (vale l’avvertenza…)», two brackets
    back to back: the pointer is a sentence."""
    for key in ("short_ruled", "short_one_ruled"):
        # terminal round 46 it10*: the gold's conversion is a sentence of its own at the first count
        # terminal round 47 it7*: no «però» after the «ma» of the gold's sentence (pin updated)
        # terminal round 48 en16*, it8: what cardgen fix tests said as it is; one «quindi» (pin updated)
        assert _ruled(key, " A.").endswith("nel 99% delle partite. A. Queste aggiunte cambiano il gioco, perciò "
                                           "potrebbero non bastare, o superare il necessario; il comando cardgen fix cerca correzioni proprie "
                                           "e mette alla prova su partite nuove quelle che propone")
        assert "; ma " not in _ruled(key)
    for key in ("short_ruled_again_weighed", "short_one_ruled_again_weighed"):
        assert _ruled(key).endswith("nel 99% delle partite (A). Valgono le avvertenze fatte per 3 giocatori su queste aggiunte e sui risultati")
    for key in ("short_ruled_again", "short_one_ruled_again"):
        assert _ruled(key).endswith("nel 99% delle partite (A). Vale l’avvertenza fatta per 3 giocatori su queste "
                                    "aggiunte"), _ruled(key)
        assert ") (" not in _ruled(key)


# -- it1: the first-run note -----------------------------------------------------------------------------------------

def test_the_first_run_note_says_the_later_runs_are_faster_and_give_the_same_results() -> None:
    """it1: «questa esecuzione è più lenta delle successive, con gli stessi risultati» read as if the results were a
    property of the slowness. Now: this run is slower; the later ones, faster, give the same results (no longer than
    round 33's note, one line)."""
    from cardgen.terminal import say

    note = say("note_building", "it", title="King Lui")
    # terminal round 47 fr1* (it3): why it is slower said too; wrapped at 100 columns (pin updated, one-line limit dropped)
    assert note == ("King Lui: questa prima esecuzione è più lenta perché cardgen prepara il gioco; le successive "
                    "saranno più rapide e daranno gli stessi risultati.")


# -- it4: the balance verdict's second sentence ended like its first ------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_balance_verdict_of_two_sentences_ends_with_a_full_stop(lang: str) -> None:
    """it4: «… Su 300 partite tutti gli intervalli la contengono: nessuno squilibrio è dimostrato» opened its second
    sentence with a capital and stopped bare, where the near-miss lines end theirs. Every language: one rule for a
    line of sentences."""
    from cardgen.simulate.summary import balance_lines

    line = plain(balance_lines({"seat_fair_share": 0.337, "flags": [], "games": 300}, lang, 3)[0])
    assert line.endswith({"en": "no player’s win rate is further from the fair share than chance alone would explain.",
                          "fr": "aucun écart ne dépasse ce que le hasard peut expliquer.",
                          "it": "nessuno squilibrio è dimostrato."}[lang]), line


# -- it8: the Imposter note under a balance warning says what it means for that imbalance -----------------------------

WARNED = {
    "en": ("note: the simulated players hardly ever use their Imposter card (in 0.8% of cases, counting each player in "
           "each of the first 250 games), so this imbalance was measured in games played almost without it"),
    "fr": ("à noter : les joueurs automatiques n’utilisent presque jamais leur carte Imposteur (dans 0,8 % des cas, en "
           "comptant chaque joueur dans chacune des 250 premières parties) ; ce déséquilibre a donc été mesuré sur des "
           "parties jouées quasiment sans elle"),
    "it": ("nota: i giocatori automatici non usano quasi mai la loro carta Impostore (nello 0,8% dei casi, contando "
           "ogni giocatore in ciascuna delle prime 250 partite), quindi questo squilibrio è misurato su partite "
           "giocate praticamente senza di essa")}
WARNED_AGAIN = {
    "en": ("note: again, the simulated players hardly ever use their Imposter card (in 0.8% of cases), so this "
           "imbalance was measured in games played almost without it"),
    "fr": ("à noter : ici aussi, les joueurs automatiques n’utilisent presque jamais leur carte Imposteur (dans 0,8 % "
           "des cas) ; ce déséquilibre a donc été mesuré, comme plus haut, sur des parties jouées quasiment sans "
           "elle"),  # terminal round 46 fr8: « lui aussi » had no antecedent in its block
    "it": ("nota: anche qui i giocatori automatici non usano quasi mai la loro carta Impostore (nello 0,8% dei casi), "
           "quindi questo squilibrio è misurato su partite giocate praticamente senza di essa")}  # terminal round 50 it2
IMPOSTER_ROW = {"component": "imposter", "dealt_share": 1.0, "plays_per_seat": 0.008, "played_share": 0.008,
                "difference": None, "not_judged": {"why": "all"}}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_imposter_note_under_a_warning_says_what_it_means_for_that_imbalance(lang: str) -> None:
    """it8: under Royale's 4-player balance warning, «nota: anche qui … quindi vale la nota sopra»: the note above was
    80 lines up, and a designer reading the warning alone missed that the imbalance was measured nearly without the
    Imposter. Under a warning the note says what it means for that imbalance, whole at its first saying, its share
    alone after; elsewhere a later count still points back in few words."""
    from cardgen.simulate.summary import Naming, held_all_lines

    naming = Naming(names={"imposter": {"en": "Imposter", "fr": "Imposteur", "it": "Impostore"}[lang]})
    [first] = held_all_lines([IMPOSTER_ROW], lang, naming, set(), first=250, warning=True)
    assert plain(first.strip()) == WARNED[lang], first
    run: set[str] = set()
    held_all_lines([IMPOSTER_ROW], lang, naming, run, first=250)  # an earlier count said the whole note
    [warned] = held_all_lines([IMPOSTER_ROW], lang, naming, run, first=250, warning=True)
    assert plain(warned.strip()) == WARNED_AGAIN[lang], warned
    [later] = held_all_lines([IMPOSTER_ROW], lang, naming, run, first=250)
    assert {"en": "so these figures describe games played almost without it", "fr": "ces résultats valent donc pour des parties jouées quasiment sans elle",  # round 45 fr7
            "it": "quindi questi risultati valgono per partite giocate praticamente senza di essa"}[lang] in later


def test_the_page_says_the_imposter_note_under_its_warning_of_that_imbalance_too() -> None:
    """it8 on the page (royale.html, 4 players): the note under the warning said «vale la nota sopra» too."""
    from cardgen.report.pages import warning_caveats
    from cardgen.simulate.summary import Naming

    naming = Naming(names={"imposter": "Impostore"})
    said: set[str] = set()
    quiet = {"players": 3, "games": 300, "designer": {"component_impact": [IMPOSTER_ROW]}, "balance": {"flags": []}}
    warned = {**quiet, "players": 4, "balance": {"flags": [{"seat": 1, "side": "more"}]}}
    warning_caveats(quiet, "it", naming, said)
    [line] = warning_caveats(warned, "it", naming, said)
    assert "quindi questo squilibrio è misurato su partite giocate praticamente senza di essa" in line, line
    assert "vale la nota sopra" not in line


# -- it9: "circa dieci volte più lento" agreed with nothing -----------------------------------------------------------

def test_what_is_ten_times_slower_is_named() -> None:
    """it9: «ogni partita viene allora rigiocata …, sostituendo una carta … (circa dieci volte più lento)»: «lento»
    agreed with nothing (the subject is «partita»; the slow thing, the run, was never named). Now «la verifica diventa
    circa dieci volte più lenta», on the terminal and the page."""
    import json

    from cardgen.terminal import say

    line = say("exchange_building", "it", points=4)
    page = json.loads((ROOT / "cardgen/report/impact.json").read_text(encoding="utf-8"))
    page_line = page["words"]["it"]["exchange_building"]
    assert line.endswith("con una carta che nessuno tiene; la verifica diventa circa dieci volte più lenta"), line
    assert page_line.endswith("con una carta che nessuno tiene. La verifica diventa circa dieci volte più lenta.")
    assert "più lento)" not in line + page_line


# -- it20: the bank ruling's clause without a colon after the semicolon, its place named --------------------------

def test_the_bank_rulings_place_is_named_as_a_place_in_the_book() -> None:
    """it20: «…in una partita; la descrizione pubblicata non dice che cosa succede in quel caso: la partita continua
    grazie a una scelta di questa edizione (nei «Casi particolari», «Il denaro»).»: a semicolon then a colon, and two
    headings side by side with no noun. Now «…in quel caso, e la partita continua … (nella sezione «Casi
    particolari», paragrafo «Il denaro»)» (never «regolamento»: the published rules' name in these outputs)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortfall_line

    f = {"peak": "unpaid_by_bank", "print_more": 56, "cover": 0.99, "games_short": 285, "games": 300, "max": 60}
    line = plain(shortfall_line(f, "it", Naming.of(resolve("draco", ROOT), "it"), said=set(),
                                entry={"variant": "draco", "players": 3}))
    assert ("in una partita; la descrizione pubblicata non dice che cosa succede in quel caso, e la partita continua "
            "grazie a una scelta di questa edizione (nella sezione «Casi particolari», paragrafo «Il denaro»). "
            "I risultati") in line, line


# -- it16: the added counts said once, then "as at 4 players"; «rispetto a», not «che con» -----------------------------

def _count(name: str) -> dict:
    return {"metric": name, "group": "internal", "base": 0.1, "variant": 0.1, "difference": 0.0, "low": -0.01,
            "high": 0.01, "significant": False}


@pytest.mark.parametrize(("lang", "four", "five"), [
    # English: the added count beside the label, not inside "none of the 4" (round 45 en21, part e); terminal round
    # 47 it10*, fr15, en23: a sentence after the line's own, never between its subject and verb (pins updated)
    ("en", "details in the report. One count more than at 3 players: ",
     "none of the 4 changed beyond chance; details in the report. The same counts as at 4 players"),
    ("fr", "détails dans le rapport. Une mesure de plus qu’à 3 joueurs : ",
     "aucune des 4 n’a varié plus que le hasard ne peut l’expliquer ; détails dans le rapport. Mêmes mesures qu’à 4 "
     "joueurs"),
    ("it", "dettagli nel resoconto. Una misura in più rispetto a 3 giocatori: ",
     "nessuna delle 4 è cambiata più di quanto possa spiegare il caso; dettagli nel resoconto. Sono le stesse misure "
     "considerate con 4 giocatori")])
def test_the_counts_a_player_count_adds_are_named_once(lang: str, four: str, five: str) -> None:
    """it16: Gentle Overeating's compare said «(una in più che con 3 giocatori: partite in cui un giocatore deve
    pescare ma il mazzo è esaurito)» at 4 players and again, word for word, at 5; «che con» is spoken Italian. Now the
    5-player line says «(come con 4 giocatori)» (``format_comparison`` passes the count before as ``same`` where it
    added the same counts), and «rispetto a»."""
    from cardgen.simulate.summary import Naming, internal_line

    three = [_count("end_reason:supply_exhausted"), _count("gap:no_dish_emerald"), _count("peak:hand_cards")]
    more = three + [_count("gap:draw_from_empty_supply")]
    before = ([m["metric"] for m in three], 3)
    assert four in plain(internal_line(more, lang, Naming(), before=before))
    assert five in plain(internal_line(more, lang, Naming(), before=before, same=4))


# -- it17, it18: two variants' Italian ------------------------------------------------------------------------------

def test_the_two_variants_italian_reads_as_the_book() -> None:
    """it17: Gentle Overeating «le altre fanno punti come al solito» (spoken; the book says a kept portion «vale» its
    points): «le altre valgono punti come al solito». it18: Light Supper's reason «la partita in solitario non usa la
    carta Fine del banchetto, quindi una cena leggera non la accorcerebbe»: «la» took the nearest feminine noun, the
    card. Now «in solitario la carta Fine del banchetto non si usa, quindi la variante non accorcerebbe la partita»."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, difference_line

    gentle = resolve("king_lui-gentle-overeating", ROOT)
    [house] = [d for d in gentle.differences if d.get("kind") == "house_rule"]
    assert plain(difference_line(house, "it", Naming.of(gentle, "it"))).endswith(
        "scarti solo quelle in eccesso; le altre valgono punti come al solito.")
    short = resolve("royale-short", ROOT)
    said = [plain(difference_line(d, "it", Naming.of(short, "it"))) for d in short.differences]
    assert any(s.endswith("(in solitario la carta Fine del banchetto non si usa, quindi la variante non accorcerebbe "
                          "la partita)") for s in said), said


# -- it25: "punta al massimo al" ---------------------------------------------------------------------------------------

def test_fix_aims_at_a_target_in_italian() -> None:
    """it25: «cardgen fix punta al massimo al 5% delle partite in cui …»: one aims at a target, not "at most at".
    Now «mira a non superare il 5% delle partite in cui …»."""
    from cardgen.tune.fix import word

    said = plain(word("aim_note", "it", aim="5%", cover_left="1%", case="la banca non può pagare", games="100 partite"))
    assert said.startswith("Due soglie: cardgen fix mira a non superare il 5% delle partite in cui la banca non può "
                           "pagare, perché"), said
    assert "punta al massimo" not in said


# -- it14: the 400-pair rerun said to be for this imbalance alone ----------------------------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "To measure what the variant does to this imbalance alone, at this player count, play 4 times as many "
           "pairs"),
    # terminal round 46 fr17: « ce que change la variante à … », a spoken turn
    ("fr", "Pour mesurer l’effet de la variante sur ce seul déséquilibre, à ce nombre de joueurs, jouez 4 fois plus "
           "de paires"),
    ("it", "Per misurare che cosa cambia la variante solo in questo squilibrio, con questo numero di giocatori, simula "
           "un numero di coppie 4 volte maggiore")])
def test_the_smaller_rerun_says_what_it_is_for(lang: str, said: str) -> None:
    """it14: «Per simulare le 1.000 coppie previste …, rilancia con --fixed» and, 20 lines later, «simula un numero
    di coppie 4 volte maggiore … --players 5 --games 400 --fixed»: two reruns, and the designer could not tell which
    to run. The second says it measures this imbalance alone, at this player count."""
    from cardgen.terminal import say

    assert plain(say("compare_seat_measure", lang, command="c", times=4)).startswith(said)
