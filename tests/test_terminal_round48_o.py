"""Terminal round 48, part o (issue #53): the native readers' starred faults of round 48.

Each test fails on the words or code before this part (checked by putting the old back)."""
from __future__ import annotations

from pathlib import Path

import pytest

LANGS = ("en", "fr", "it")
ROOT = Path(__file__).resolve().parents[1]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _bank_warning(lang: str) -> str:
    """Draco's 3-player bank WARNING with validate's figures of round 48 (seed 1, 300 games)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortfall_line

    finding = {"peak": "unpaid_by_bank", "print_more": 56, "cover": 0.99, "games_short": 285, "games": 300, "max": 60}
    return _plain(shortfall_line(finding, lang, Naming.of(resolve("draco", ROOT), lang)))


# -- en14*, it44*, fr7*: the gold covers the shortage as well as the same worth in silver ------------------------------

GOLD = {
    "en": "Converted into gold, that is 19 more gold coins (worth 57 silver coins), which would cover the shortage "
          "just as well, since the bank pays in gold as far as it can (another of this edition’s rulings): each gold "
          "coin added spares it 3 silver coins.",
    "fr": "Converties en or, ce seraient 19 pièces d’or de plus (valant 57 pièces d’argent), qui couvriraient le "
          "manque tout aussi bien : la banque paie en or tout ce qu’elle peut (autre choix de cette édition) ; "
          "chaque pièce d’or ajoutée lui épargne donc 3 pièces d’argent.",
    "it": "Convertite in oro, sarebbero 19 monete d’oro in più (pari a 57 monete d’argento), che coprirebbero "
          "l’ammanco altrettanto bene: la banca paga il più possibile in oro (un’altra scelta di questa edizione), "
          "così ogni moneta d’oro aggiunta le risparmia 3 monete d’argento."}


@pytest.mark.parametrize("lang", LANGS)
def test_en14_it44_fr7_gold_is_said_to_cover_the_shortage_as_well_as_silver(lang: str) -> None:
    """en14*, it44*, fr7*: "…so gold covers less of the shortage than the same worth in silver would" was untrue of
    the simulations: fix's own trials give the same figures for the same worth in gold and silver (silver 20 → 65
    and gold 25 → 40: 6.0% at 3 players in both; silver 20 → 68 and gold 25 → 41: both reach the aim), and
    ``bank.short_worth`` reasons why (``table.coins_held``: players hold gold where the box has it, so a gold coin
    added lowers the silver the players need by its worth). Said as true, the conversion kept (round 44 it11*)."""
    line = _bank_warning(lang)
    assert GOLD[lang] in line, line
    for old in ("covers less", "couvre moins bien", "meno bene", "not the same", "pas équivalent",
                "non è la stessa cosa"):
        assert old not in line, line


@pytest.mark.parametrize("players", [3, 4, 6])
def test_en14_a_gold_coin_added_spares_the_silver_it_is_worth(players: int) -> None:
    """en14*: the claim the words now make, checked on the bank's own count (``table.coins_held``): for purses that
    leave the box s silver coins short, ceil(s / 3) more gold coins leave it short of none, as s silver coins do."""
    import random

    from cardgen.games.draco.table import coins_held

    rng = random.Random(players)
    gold_total, silver_total, per_gold = 25, 20, 3
    tried = 0
    for _ in range(2000):
        money = [rng.randint(0, 60) for _ in range(players)]
        gold, silver = coins_held(money, per_gold, gold_total)
        short = silver - silver_total
        if short <= 0:
            continue
        tried += 1
        _, silver_with_gold = coins_held(money, per_gold, gold_total - (-short // per_gold))
        assert silver_with_gold <= silver_total, (money, short)
    assert tried > 50


# -- en16* (fr7*'s names): what cardgen fix tests, said as it is ------------------------------------------------------

FIXES = {
    "en": "These additions change how the games go, so they may fall short, or be more than needed; cardgen fix looks for changes of its "
          "own and tests those it proposes on new games",
    "fr": "Ces ajouts changent le déroulement des parties, si bien qu’ils peuvent ne pas suffire, ou dépasser le nécessaire ; la commande cardgen "
          "fix cherche ses propres corrections et vérifie sur de nouvelles parties celles qu’elle propose",
    "it": "Queste aggiunte cambiano il gioco, perciò potrebbero non bastare, o superare il necessario; il comando cardgen fix cerca correzioni "
          "proprie e mette alla prova su partite nuove quelle che propone"}


@pytest.mark.parametrize("lang", LANGS)
def test_en16_the_warning_says_cardgen_fix_tests_its_own_changes_not_these_additions(lang: str) -> None:
    """en16*: "…so they may not be enough: cardgen fix tests them on new games": untrue, fix never tries validate's
    additions on new games (76 silver coins, 44 gold coins); it looks for changes of its own and tests on new games
    those it proposes (fix-draco.txt: "The fixes above, by contrast, were each tested on new games"). fr7*: the
    added coins by one name after their count ("ces ajouts", never "ce surplus"); it8: one «quindi», not two."""
    from cardgen.terminal import say

    line = _bank_warning(lang)
    assert line.endswith(FIXES[lang]), line
    assert "tests them" not in line and "ce surplus" not in line and "le mette alla prova" not in line
    assert line.count("quindi") <= 1
    kw = dict(warn="W", case="c", short=2, games=300, share="s", max=9, piece="p", more=3, box="", also=" (g)",
              cover="99 %", first="3 joueurs")
    assert "pièces ajoutées" not in _plain(say("short_ruled_again_weighed", "fr", **kw))


# -- fr14*: the advised fix did not exceed validate's threshold (it sat at it) -----------------------------------------

DID_NOT_EXCEED = {
    "en": "Try fix 2 first: of the 3 fixes checked, it is the smallest that did not exceed validate’s threshold on the "
          "new games.",
    "fr": "Essayez d’abord la correction 2 : des 3 corrections vérifiées, c’est la plus petite qui, sur les parties "
          "nouvelles, n’ait pas dépassé le seuil de validate.",
    "it": "Consiglio: comincia dalla correzione 2. Delle 3 correzioni verificate, è la più piccola che sulle partite "
          "nuove non ha superato la soglia di validate;"}


@pytest.mark.parametrize("lang", LANGS)
def test_fr14_the_advice_says_the_fix_did_not_exceed_validate_s_threshold(lang: str) -> None:
    """fr14*: « c’est la plus petite qui soit restée … sous le seuil de validate » of a fix that left the bank short in
    1.0% of the new games at 3 players, against validate's warning above 1%: at the threshold, not under it ("stayed
    within", «rimasta entro» read alike). "Did not exceed" in every language; the terminal and the page's "What next"
    print the same ``next_line``."""
    from test_terminal_round45_h109i import _round_run

    from cardgen.tune.fix import next_line

    fixer, props, paths = _round_run(lang, 0.02)  # fix 2 leaves 1 game of 100 short: validate's 1%, not under it
    said = _plain(next_line(fixer, props, paths[0], paths)).replace("\n", " ")
    assert said.startswith(_plain(DID_NOT_EXCEED[lang])), said
    assert not any(old in said for old in ("stayed within", "sous le seuil", "rimasta entro"))


# -- it28*: an interval's bound that rounds onto the fair share gets the decimal that tells them apart -----------------

@pytest.mark.parametrize(("lang", "shown", "hidden"), [
    ("it", "[26,04%; 49,5%]", "[26,0%;"), ("en", "[26.04% to 49.5%]", "[26.0% to"), ("fr", "[26,04 % ; 49,5 %]", "[26,0 % ;")])
def test_it28_a_bound_that_rounds_onto_the_fair_share_shows_one_more_decimal(lang: str, shown: str, hidden: str) -> None:
    """it28*: royale-short's compare page, 4 players, player 1 in the base game: "37,0% (intervallo al 95%, allargato
    …: [26,0%; 49,5%])" beside "quota equa: 26,0% (base)", under a text saying the gap is just beyond chance: the
    bound is 26,04% (compare.json: 0.260389 against 0.26), which the page rounded onto the fair share. The bound gets
    the decimal that tells it from the fair share; a bound that does not round onto one keeps one decimal."""
    from cardgen.report.svg import grouped_rates_svg

    seat = {"rate": 0.37, "low": 0.260389, "high": 0.495, "compared": 4}
    svg = _plain(str(grouped_rates_svg([("1", [("base", seat, "#999999")])], "t", fair=0.26, lang=lang)))
    assert shown in svg, svg
    assert hidden not in svg
    far = _plain(str(grouped_rates_svg([("1", [("base", {**seat, "low": 0.2804}, "#999999")])], "t", fair=0.26,
                                       lang=lang)))
    assert {"it": "[28,0%; 49,5%]", "en": "[28.0% to 49.5%]", "fr": "[28,0 % ; 49,5 %]"}[lang] in far, far


# -- en7*, fr4*, it3: at 2 players, what was tested is each player's distance from the fair share -----------------------

@pytest.mark.parametrize(("lang", "said"), [
    # terminal round 49 en6*, fr: each player's distance kept, said as a fact and the conditional on chance only
    # (pins updated)
    ("en", "though both players come close (at 2 players, one player’s gain is the other’s loss): "
           "player 1 (59.7%) is above the fair share and player 2 (48.0%) below it, and without "
           "the widening both gaps would be beyond chance"),
    ("fr", "mais l’écart de chaque joueur à la part équitable est à la limite (à 2 joueurs, ce que l’un gagne en plus, "
           "l’autre le perd) : le joueur 1 (59,7 %) est au-dessus de la part équitable et le "
           "joueur 2 (48,0 %) en dessous, et, sans l’élargissement des intervalles, ces deux "
           "écarts ne pourraient plus s’expliquer par le hasard"),
    ("it", "ma entrambi i giocatori sono al limite, il giocatore 1 (59,7%) sopra la quota equa e il "
           "giocatore 2 (48,0%) sotto; le due distanze vanno di pari passo, perché con due giocatori ciò che "
           "l’uno guadagna, l’altro lo perde. Senza l’allargamento degli intervalli, entrambe le distanze "
           "sarebbero più grandi di quanto il caso spieghi di solito")])  # terminal round 51 it2; round 52 it2 (one colon, the reason for the pair), it3 (the flags' words) (pins updated)
def test_en7_fr4_it3_two_players_each_player_s_distance_from_the_fair_share(lang: str, said: str) -> None:
    """en7*, fr4*, it3: "though the one gap between the two players comes close: … player 1 (59.7%) would be ahead
    and player 2 (48.0%) behind beyond chance" named a gap (59.7 − 48.0 = 11.7 points) other than the one tested
    (each player's distance from the fair share, 5.9 and 5.8 points); « le même vu de chaque côté », «la stessa vista
    dai due lati» read as calques; "ahead / behind" had no complement. What was tested, said plainly, with round 47
    en8*'s point kept (at 2 players one player's gain is the other's loss)."""
    from test_terminal_round47_m import _near

    line = _near(lang, [179, 144])
    assert said in line, line
    assert not any(w in line for w in ("the one gap", "vu de chaque côté", "vista dai due lati", "en avance",
                                       "in vantaggio", "behind beyond"))


# -- en18*: "more or less often" read as "roughly" ----------------------------------------------------------------------

@pytest.mark.parametrize("key", ["compare_balance_quiet", "compare_balance_quiet_again", "compare_balance_none"])
def test_en18_what_validate_may_find_is_said_as_the_finding_before_it(key: str) -> None:
    """en18*: "may still find a player who wins more or less often than the fair share, beyond chance": "more or
    less" read first as the idiom ("roughly"), and a fair share is a share, not a frequency. Said as the sentence
    before it says the finding (a win rate further from the fair share than chance would explain), on every compare,
    terminal and pages; round 47 en22*'s referent kept."""
    from cardgen.terminal import say

    said = say(key, "en", counts="3", pairs=100)
    assert "more or less" not in said and "such a player" not in said
    # terminal round 49 en14*: said once, "one that is" after it (pin updated)
    # terminal round 50 en10*: the quiet line's "a player whose win rate is", after the pairs' sentence (pin updated)
    assert "win rate further from the fair share than chance would explain" in said
    # terminal round 51 en9*: "a gap beyond chance", a whole noun phrase, every case (pin updated)
    assert "may still find a gap beyond chance" in said


# -- en44, it41, it42: the fix page's notes in the terminal's words ----------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_en44_it41_it42_the_fix_page_notes_say_the_threshold_as_the_terminal_does(lang: str) -> None:
    """en44, it41: the fix page kept round 47's old note under fix 1 ("it tolerates the shortage in at most 1% of
    games, and … this fix leaves barely more …, so little more that chance may explain it"; «ne lascia» with no
    antecedent) while the terminal says "the shortage stays just above validate’s threshold": one wording, the
    terminal's, with validate's 1 % kept on the page (round 46 en57). it42: «le partite nuove sono rimaste entro l’1%
    delle partite che validate tollera» read as "within 1 % of the games validate tolerates"."""
    from test_terminal_round45_h109i import _round_run

    from cardgen.tune.fix import validate_after

    fixer, props, paths = _round_run(lang, 0.02)
    still = _plain(validate_after(fixer, props[0]))
    assert {"en": "the shortage stays just above validate’s threshold, 1% of games (",
            "fr": "le manque reste à peine au-dessus du seuil de validate, 1 % des parties (",
            "it": "la carenza resta appena sopra la soglia di validate, l’1% delle partite ("}[lang] in still, still
    assert not any(w in still for w in ("barely more", "à peine davantage", "appena di più"))
    if lang == "it":
        quiet = _plain(validate_after(fixer, props[1]))
        assert quiet.startswith("Dopo questa correzione, sulle partite nuove la carenza è rimasta entro la soglia di "
                                "validate (l’1% delle partite):"), quiet  # round 47 it36's brackets, as en and fr


# -- it20: the cards' closing note ties the 5 % to the widening, not to the 0.1 threshold ------------------------------

@pytest.mark.parametrize(("lang", "five", "threshold"), [
    ("it", "non superi il 5", "0,1 volte"), ("fr", "d’au plus 5 %", "0,1 fois"), ("en", "at most 5%", "0.1 times")])
def test_it20_the_cards_note_ties_the_five_percent_to_the_widening(lang: str, five: str, threshold: str) -> None:
    """it20: «Una carta è segnalata solo se questo intervallo esclude lo zero e i giocatori automatici la giocano
    almeno 0,1 volte …, così che la probabilità … non superi il 5%»: "so that" made the 0.1 threshold part of what
    keeps the chance of a false flag at 5 %, which the widening does (the 3-player legend says it right). The
    guarantee said with the widening, before the threshold; every language."""
    from cardgen.report.impact import impact_footnote

    # terminal round 50 (r49 fr5, en14, it8) ruling: the validate page's note points to the rule at the card table,
    # where the 5 % is said with the widening, before the threshold; the compare note says it so too (pin updated)
    from cardgen.report.impact import WORDS

    # terminal round 53 (r50 en23 b): the compare note points to the rule too, as validate's does (pin updated): the compare note no longer restates the threshold
    for said in (_plain(WORDS[lang]["flag"]),):
        assert said.index(_plain(five.replace("non superi il 5", "5"))) < said.index(threshold), said
    assert threshold not in _plain(impact_footnote(lang, paired=True))
    note = _plain(impact_footnote(lang, paired=False))
    assert not note.rstrip(".").endswith(("player count (higher over several player counts together)",
                                          "giocatori)", "ensemble)"))
