"""Terminal round 44 (docs/reads/terminal-round-44-fr.md, -it.md), part c: three faults the native readers starred
(fr8*, fr38*, it11*), fixed in the three languages. Built from small hand-made results and the wordbooks, so it
runs fast."""
from __future__ import annotations

import pytest
from nonempty import nonempty

from cardgen.engine.api import GameResult
from cardgen.simulate.designer import DesignerTally, Trace, game_figures

LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ").strip()


def _result(scores: list[float], winners: list[int]) -> GameResult:
    return GameResult(1, ["a"] * len(scores), "end", True, scores=scores, winners=winners)


# -- fr8*: a shared win is a close game at every player count -------------------------------------------------------

def test_a_shared_win_is_a_close_game_at_2_players_as_at_3() -> None:
    """fr8*: at 2 players a shared win (the closest finish, its winners level) was left out of the close games, at 3
    it was measured by the tied winners' lead over the third player, so Royale's close games at 2 players were "of
    the 231 games with a single winner" beside "of the 250 games" at 3. Known answers: a shared win is close at every
    count, whatever the others scored; a single winner is still judged by the lead over the runner-up."""
    est = [[0, 0], [1, 1]]
    assert game_figures(Trace(est, [{}, {}]), _result([8, 8], [0, 1]))["close_games"] == 1.0
    three = Trace([[0, 0, 0], [1, 1, 0]], [{}, {}, {}])
    assert game_figures(three, _result([9, 9, 2], [0, 1]))["close_games"] == 1.0  # 7 ahead of the third: still close
    assert game_figures(three, _result([9, 2, 2], [0]))["close_games"] == 0.0  # a single winner 7 ahead: not close
    assert game_figures(Trace([[0], [3]], [{}]), _result([3.0], [0])).get("close_games") is None  # solo: no one near


def test_the_close_games_of_a_2_player_run_with_shared_wins_are_over_every_game_followed() -> None:
    """fr8*: four 2-player games, one a shared win: the close games are over the 4 games (2 close: the 1-point win
    and the shared win), not over the 3 with a single winner."""
    tally = DesignerTally()
    est = [[0, 0], [1, 1]]
    for scores, winners in (([8, 7], [0]), ([8, 2], [0]), ([2, 9], [1]), ([6, 6], [0, 1])):
        tally.add(Trace(est, [{}, {}]), _result(scores, winners))
    close = tally.figures()["close_games"]
    assert (close["n"], close["mean"]) == (4, 0.5)
    assert tally.figures()["comeback_rate"]["n"] == 3  # the comebacks stay on the games with a single winner


@pytest.mark.parametrize("lang", LANGS)
def test_the_close_games_note_names_the_games_it_counts_at_2_players(lang: str) -> None:
    """fr8*: the note under the table said "of the 231 games with a single winner" for the close games at 2 players;
    it now says the games they count, every game followed ("of the 250 games"), the same words as at 3 players."""
    from cardgen.simulate.summary import figure_base, figure_bases, say

    every = plain(say("figure_of_all", lang, n=250))[1:-1]
    for players in (2, 3):
        assert plain(figure_base("close_games", {"n": 250}, lang, players=players, shared=19, followed=250)) == every
    figures = [("lead_changes", {"n": 250}), ("comeback_rate", {"n": 231}), ("close_games", {"n": 250})]
    notes = [plain(n) for n in figure_bases(figures, lang, players=2, shared=19, winner=9.5)]
    close = next(n for n in notes if n.startswith({"en": "close games", "fr": "parties serrées",
                                                   "it": "partite combattute"}[lang]))
    assert every in close and plain(say("figure_of_one_winner", lang, n=250))[1:-1] not in close, close
    assert {"en": "250 games with a single winner", "fr": "250 parties à un seul vainqueur",
            "it": "250 partite con un solo vincitore"}[lang] not in " ".join(notes)


@pytest.mark.parametrize("lang", LANGS)
def test_the_close_games_definition_says_a_shared_win_counts(lang: str) -> None:
    """fr8*: the definition says how a shared win counts, in the game's words too (Draco's fortune)."""
    import json
    from pathlib import Path

    from cardgen.simulate.verdict import gloss

    draco = json.loads((Path(__file__).resolve().parent.parent / "cardgen/games/draco/words.json").read_text("utf-8"))
    said = {"en": "share of games that ended in a shared win or in which the winner beat the runner-up",
            "fr": "part des parties terminées par une victoire partagée ou dans lesquelles l’avance du vainqueur",
            "it": "quota di partite finite con una vittoria condivisa o in cui il vincitore stacca il secondo"}[lang]
    assert plain(gloss("close_games", lang, None)).startswith(said)
    assert plain(gloss("close_games", lang, draco)).startswith(said)


@pytest.mark.parametrize("lang", LANGS)
def test_compare_names_the_close_games_pairs_as_what_they_count(lang: str) -> None:
    """fr8 (compare): "close games (of the 86 pairs in which both games have a runner-up)" at 2 players: the shared
    wins left out. Every pair now counts where the game has no tied leaders dropping out; where pairs are left out
    (Draco's), their words say a shared win counts."""
    import json
    from pathlib import Path

    from cardgen.report.pages import pairs_of

    m = {"metric": "close_games", "n": 86}
    assert pairs_of({**m, "n": 100}, 100, lang) == ""
    said = plain(pairs_of(m, 100, lang))
    assert said == {"en": "(of the 86 pairs in which both games have a runner-up or a shared win)",
                    "fr": "(sur les 86 paires dont les deux parties ont un deuxième ou une victoire partagée)",
                    "it": "(sulle 86 coppie in cui entrambe le partite hanno un secondo classificato o una vittoria "
                          "condivisa)"}[lang], said
    draco = json.loads((Path(__file__).resolve().parent.parent / "cardgen/games/draco/words.json").read_text("utf-8"))
    assert {"en": "shared win", "fr": "victoire partagée", "it": "vittoria condivisa"}[lang] in pairs_of(m, 100, lang,
                                                                                                         draco)


# -- fr38*: one meaning for "fixed": a trial says what it met, fix's 5 % against validate's 1 % said once -------------

OLD_FIXED = {"en": "fixed (", "fr": "corrigé (", "it": "risolve il problema ("}


@pytest.mark.parametrize("lang", LANGS)
def test_a_trial_says_it_reaches_the_searchs_aim_never_that_it_is_fixed(lang: str) -> None:
    """fr38*: fix called a trial "fixed" (« corrigé », «risolve il problema») when at most 5 % of games were short,
    then said validate (which warns above 1 %) would still flag correction 1 and advised correction 2. A trial now
    says what it met: the search's aim, a shortage in at most 5 % of games; one that does not, that it misses it."""
    from cardgen.tune.fix import word

    met = plain(word("trial_aim_short", lang, aim="5 %", cost="1,71")).replace(" %", "%")  # Italian sets "5%"
    assert met.replace("5%", "5 %") == {"en": "reaches the search’s aim, a shortage in at most 5 % of games (change size 1,71)",
                   "fr": "atteint l’objectif de la recherche, un manque dans 5 % des parties au plus (taille du "
                         "changement 1,71)",
                   "it": "raggiunge l’obiettivo della ricerca, una carenza al massimo nel 5 % delle partite (entità "
                         "del cambiamento 1,71)"}[lang], met
    for key in ("cured", "left", "left_new", "left_new_many", "left_slight", "trial_aim_short"):
        said = plain(word(key, lang, aim="5 %", cost="1", left="L", new="N", games="100"))
        assert not said.startswith(OLD_FIXED[lang]) and not said.startswith({"en": "not fixed", "fr": "pas corrigé",
                                                                            "it": "non lo risolve"}[lang]), said
        assert {"en": "the search’s aim", "fr": "l’objectif de la recherche",
                "it": "l’obiettivo della ricerca"}[lang] in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_the_two_thresholds_note_says_a_kept_fix_may_still_be_flagged(lang: str) -> None:
    """fr38*: the note at the top gave fix's 5 % and validate's 1 % but not what follows for the designer."""
    from cardgen.tune.fix import word

    said = plain(word("aim_note", lang, aim="5 %", games="100 parties", cover_left="1 %", case="C"))
    assert said.endswith({"en": "so a fix that reaches the search’s aim here may still be flagged by validate.",
                          "fr": "une correction qui atteint ici l’objectif de la recherche peut donc encore être "
                                "signalée par validate.",
                          "it": "una correzione che qui raggiunge l’obiettivo della ricerca può quindi essere ancora "
                                "segnalata da validate."}[lang]), said


def test_a_shortage_trial_line_reads_the_aim_it_met(monkeypatch: pytest.MonkeyPatch) -> None:
    """fr38*: the trial line itself, from ``Fixer.progress_line`` (a shortage search, a trial within the aim)."""
    from types import SimpleNamespace

    from cardgen.tune import fix

    monkeypatch.setattr(fix.Naming, "of", staticmethod(lambda deck, lang: None))
    monkeypatch.setattr(fix, "_shown", lambda f, t: "V")
    monkeypatch.setattr(fix, "cost", lambda *a: 1.71)
    monkeypatch.setattr(fix, "size_said", lambda c, lang: "1,71")
    for lang in nonempty(LANGS):
        fixer = SimpleNamespace(opts=SimpleNamespace(lang=lang, params=[], trials=6, games=100), own={}, deck=None,
                                problems=[SimpleNamespace(kind="short")], improves=lambda t: True,
                                tally=lambda m: (0, None))
        trial = SimpleNamespace(feasible=True, number=4, values={}, metrics={})
        line = plain(fix.Fixer.progress_line(fixer, trial))
        assert plain(fix.word("trial_aim_short", lang, aim=fix.percent(fix.SHORT_AIM, lang, places=0),
                              cost="1,71")) in line, line
        assert OLD_FIXED[lang] not in line, line


# -- it11*: the gold coins are a conversion, not a measure -----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_gold_beside_the_silver_is_said_unmeasured_and_maybe_not_enough(lang: str) -> None:
    """it11*: "56 more silver coins (76 instead of 20), or 19 more gold coins (44 instead of 25), would have covered the
    shortfall in 99% of games": only the silver was measured (run.json's print_more), 19 gold is 56 silver in gold
    coins, and by this edition's money ruling the bank, short of silver, pays in gold only if the player can give
    change. The silver is said as measured; the gold as what it is, with the reason."""
    from pathlib import Path

    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, other_cure, shortage_cure

    naming = Naming.of(resolve("draco", Path(__file__).resolve().parent.parent), lang)
    cid = next(c for c in naming.shortfall.values() if (naming.words.get("short_worth") or {}).get(c))
    f = {"print_more": 56, "peak": next(p for p, c in naming.shortfall.items() if c == cid)}
    assert other_cure(f, cid, naming)[0] == 19  # 56 silver in whole gold coins of 3
    box, also = shortage_cure(f, cid, lang, naming)
    box, also = plain(box), plain(also)
    assert box == {"en": "(76 instead of 20)", "fr": "(76 au lieu de 20)", "it": "(76 invece di 20)"}[lang]
    # terminal round 45 fr10*: "would be worth at least as much, but … might not cover it" read as a contradiction:
    # the same sum in value, a conversion, which may not pay the same debts
    # terminal round 46 en12*, fr11, it10*: a sentence of its own, the conversion said plainly (19 gold = 57 silver,
    # not "the same sum" as 56), the bank's reason once
    # terminal round 47 it7*: and what the bank's rule means, gold a weaker fix than silver (pins updated)
    # terminal round 48 en14*, fr7*, it44*: untrue: gold covers the shortage as well, still a conversion (pins updated)
    assert also == {"en": "Converted into gold, that is 19 more gold coins (worth 57 silver coins), which would "
                          "cover the shortage just as well, since the bank pays in gold as far as it can (another of "
                          "this edition’s rulings): each gold coin added spares it 3 silver coins.",
                    "fr": "Converties en or, ce seraient 19 pièces d’or de plus (valant 57 pièces d’argent), qui "
                          "couvriraient le manque tout aussi bien : la banque paie en or tout ce qu’elle peut (autre "
                          "choix de cette édition) ; chaque pièce d’or ajoutée lui épargne donc 3 pièces d’argent.",
                    "it": "Convertite in oro, sarebbero 19 monete d’oro in più (pari a 57 monete d’argento), che "
                          "coprirebbero l’ammanco altrettanto bene: la banca paga il più possibile in oro (un’altra "
                          "scelta di questa edizione), così ogni moneta d’oro aggiunta le risparmia 3 monete "
                          "d’argento."}[lang], also
    # never the old claim: gold "or" silver, both said to have covered it
    assert not also.startswith((", or", ", ou", ", o")) and "44" not in also


@pytest.mark.parametrize("lang", LANGS)
def test_every_shortage_template_says_the_gold_after_what_the_silver_covered(lang: str) -> None:
    """it11*: the gold was inside the subject of "would have covered"; it now follows the measured claim, so no
    template reads "{more} {piece}{box}{also} would have covered"."""
    import json
    from pathlib import Path

    lines = json.loads((Path(__file__).resolve().parent.parent / "cardgen/terminal.json").read_text("utf-8"))["lines"]
    said = [(k, v) for k, v in lines[lang].items() if isinstance(v, str) and "{also}" in v and "{cover}" in v]
    assert len(said) == 6, said
    for k, v in said:
        assert "{box}{also}" not in v
        # terminal round 46 en12*: at the first count the gold is a sentence of its own (".{also}")
        assert {"en": "in {cover} of the games", "fr": "dans {cover} des parties",
                "it": "nel {cover} delle partite"}[lang] + ("." if "_again" not in k else "") + "{also}" in v, v
