"""Fifteenth native reading, faults left on Draco's validate and fix lines (issue #53): the bank warning in the past
(games already played, fr12), the lever names as clear noun phrases (fr27, it34), a cost in gold coins with its
silver (fr31), and the maximums that are only the box's totals (en25)."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, shortage_case, whole_box

ROOT = Path(__file__).resolve().parents[1]


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(("lang", "past", "present"), [
    ("en", "the bank could not pay all it owed", "the bank cannot pay all it owes"),
    ("fr", "la banque n’a pas pu verser tout ce qu’elle devait", "la banque ne peut pas verser tout ce qu’elle doit"),
    ("it", "la banca non ha potuto pagare tutto ciò che doveva", "la banca non può pagare tutto ciò che deve")])
def test_the_shortage_of_games_played_is_said_in_the_past(lang: str, past: str, present: str) -> None:
    """fr12: the warning counts games already played, so it says "could not pay", as the maximums line does; the
    case's own name (the rule's case, in the ruling lines) stays in the present."""
    naming = Naming.of(resolve("draco", ROOT), lang)
    assert shortage_case("silver-coin", "x", lang, naming, past=True)[0] == past
    assert shortage_case("silver-coin", "x", lang, naming)[0] == present


def test_a_game_without_a_past_name_keeps_its_case_name_and_the_box_falls_back_to_the_past() -> None:
    """A game whose words give no past form of the case keeps the case's name (never the generic "the box ran
    short"); a case the game does not name at all is the box's, in the past for games played."""
    naming = Naming.of(resolve("draco", ROOT), "en")
    words = {**naming.words, "tallies": {"en": {"gap:bank_short": "the bank is broke"}}}
    bare = Naming(words=words, rulings=naming.rulings)
    assert shortage_case("silver-coin", "silver coins", "en", bare, past=True)[0] == "the bank is broke"
    none = Naming(words={}, rulings={})
    assert shortage_case("silver-coin", "silver coins", "en", none, past=True)[0] == "the box ran short of silver coins"
    assert shortage_case("silver-coin", "silver coins", "en", none)[0] == "the box runs short of silver coins"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_box_with_few_silver_coins_names_the_silver_in_the_past_too(lang: str) -> None:
    from cardgen.games.base import words_of
    from cardgen.simulate.verdict import tally_name

    deck = resolve("draco", ROOT)
    coins = [c if c.id != "silver-coin" else c.model_copy(update={"count": 8}) for c in deck.model.components]
    poor = SimpleNamespace(spec=deck.spec, rules=deck.rules,
                           model=SimpleNamespace(components=coins, players=deck.model.players))
    words = words_of(poor)
    assert tally_name("gap:bank_short:past", lang, words) == tally_name("gap:bank_short:silver:past", lang, words)
    assert tally_name("gap:bank_short:past", lang, words) != tally_name("gap:bank_short:past", lang, words_of(deck))


def test_the_box_totals_come_from_the_decks_coins() -> None:
    """en25: the gold (25), the silver (20) and all the money (25 x 3 + 20) are what the box holds, from its data."""
    from cardgen.games.draco.bank import box_totals

    deck = resolve("draco", ROOT)
    assert box_totals(deck) == {"peak:gold_in_hands": 25, "peak:silver_in_hands": 20, "peak:money_in_hands": 95}
    coins = [c if c.id != "gold-coin" else c.model_copy(update={"count": 41}) for c in deck.model.components]
    more = SimpleNamespace(rules=deck.rules, model=SimpleNamespace(components=coins, players=deck.model.players))
    assert box_totals(more) == {"peak:gold_in_hands": 41, "peak:silver_in_hands": 20, "peak:money_in_hands": 143}


@pytest.mark.parametrize(("lang", "whole", "gold"), [
    # round 34 en3: "(25, every one in the game)" was elliptical
    ("en", "(all 25 of them)", "gold coins on the players’ lairs (all 25 of them)"),
    ("fr", "(25, tout ce que contient le jeu)", "pièces d’or posées sur les repaires des joueurs (25, tout ce que contient le jeu)"),
    # it19 (round 30): "tutto il contenuto della scatola" said of coins; the box holds cards, a die, a cup too
    ("it", "(25, l’intera dotazione del gioco)", "monete d’oro sui covi dei giocatori (25, l’intera dotazione del gioco)")])
def test_a_maximum_that_is_the_whole_box_says_so_and_the_others_do_not(lang: str, whole: str, gold: str) -> None:
    """en25: "gold coins on the players' lairs (25)" read as a finding; it is every gold coin of the box. The line
    and the deck page say so where a maximum is the box's total, and only there."""
    from cardgen.report.validation import section
    from cardgen.simulate.summary import _items

    naming = Naming.of(resolve("draco", ROOT), lang)
    peaks = {"gold_in_hands": 25, "silver_in_hands": 19, "richest_player": 54}
    line = plain(_items(peaks, "peak", lang, naming))
    assert plain(gold) in line
    tail = plain(whole)[5:] if lang != "en" else "of them)"
    assert line.count(tail) == 1  # the silver (19 of 20) and the richest player are findings
    assert "(19)" in line and "(54)" in line
    assert whole_box("gold_in_hands", 25, naming) and not whole_box("gold_in_hands", 24, naming)
    assert not whole_box("richest_player", 95, naming)
    # eighteenth reading (fr23): a second whole-box maximum says it short, never the same clause again; nineteenth
    # reading en12: "all of them too" was wrong for the money total (95 is a value in silver, not a count of coins)
    both = plain(_items({**peaks, "silver_in_hands": 20}, "peak", lang, naming))
    # twenty-third reading en17: "the whole box again" after "all the box holds", a different phrase, read oddly;
    # English says the short clause each time, as the page does
    assert both.count(tail) == (2 if lang == "en" else 1), both
    assert "again" not in both
    # round 39 fr12: « là aussi » up to four times a block: the short clause without it
    assert {"en": "(all 20 of them)", "fr": "(20, la totalité)",
            "it": "(20, l’intera dotazione)"}[lang] in both, both
    page = [(name, value, plain(extra)) for name, value, extra in section(_entry(peaks), lang, naming)["peaks"]]
    # the page as its other maxima: "gold coins on the players' lairs: 25 (all the box holds)"
    box = {"en": ": all 25 of them", "fr": " : 25 (tout ce que contient le jeu)",
           "it": ": 25 (l’intera dotazione del gioco)"}[lang]
    # the others "label: value" alone, every peak in one form (round 30 fr35, it42, it46)
    assert page[0][2] == box and [e for _, _, e in page[1:]] == [plain(f"{box[:box.index(':') + 2]}{v}")
                                                                for v in (19, 54)]


def _entry(peaks: dict[str, int]) -> dict:
    """A validate entry of 3 players, enough for the deck page's tables (as test_report_pages' entry)."""
    dist = {"n": 3, "mean": 1.5, "sd": 0.5, "min": 1, "p10": 1, "median": 1.5, "p90": 2, "max": 2}
    return {"variant": "draco", "players": 3, "passed": True, "game": "draco", "kind": "deck", "failures": [],
            "games": 10, "completed": 10, "end_reasons": {}, "peaks": peaks, "peak_games": {},
            "ties": {"games": 0, "tie_breaks": {}, "shared_wins": 0}, "rule_gaps": [], "static_checks": [],
            "turns": dist, "rounds": dist, "scores": {"all": dist, "winner": dist, "margin": dist,
                                                       "seat_mean": [3.0, 4.0, 5.0]},
            "seat_win_rates": [{"seat": s, "wins": 3, "games": 10, "rate": 0.3, "low": 0.1, "high": 0.6}
                               for s in range(3)]}


@pytest.mark.parametrize(("lang", "gold", "silver"), [
    ("en", "add 16 gold coins to the box (worth 48 silver coins)", "add 21 silver coins to the box"),
    ("fr", "ajouter 16 pièces d’or à la boîte (valeur : 48 pièces d’argent)", "ajouter 21 pièces d’argent à la boîte"),
    ("it", "aggiungere 16 monete d’oro alla scatola (pari a 48 monete d’argento)",
     "aggiungere 21 monete d’argento alla scatola")])
def test_a_cost_in_gold_coins_gives_their_silver(lang: str, gold: str, silver: str) -> None:
    """fr31: fix proposed "print 16 more gold coins" beside validate's "56 more silver coins would have been
    enough": the designer needs the exchange rate. The gold coin's worth is the deck's data (3 silver). Draco's
    coins are wood (tokens in the deck's data): added to the box, never printed, and their worth a value, not
    "soit" 48 silver coins to print (nineteenth reading fr46)."""
    from cardgen.tune.fix import print_cost
    from cardgen.tune.space import Param

    deck = resolve("draco", ROOT)
    gold_p, silver_p = Param("count", "gold-coin", low=1, high=80), Param("count", "silver-coin", low=1, high=80)
    assert plain(print_cost(deck, [gold_p], {"count:gold-coin": 41}, {"count:gold-coin": 25}, lang)) == plain(gold)
    assert plain(print_cost(deck, [silver_p], {"count:silver-coin": 41}, {"count:silver-coin": 20}, lang)) == plain(silver)
    fewer = plain(print_cost(deck, [gold_p], {"count:gold-coin": 24}, {"count:gold-coin": 25}, lang))
    assert fewer.endswith({"en": "(worth 3 silver coins)", "fr": "(valeur : 3 pièces d’argent)",
                           "it": "(pari a 3 monete d’argento)"}[lang])


@pytest.mark.parametrize(("lang", "names"), [
    ("en", {"zork_multiplier": "Multiplier on the cost of Zork’s seat, paid by the richest player",
            "silver_per_gold": "Value of a gold coin in silver coins",
            "pile_rebuilds": "Number of times the draw pile is rebuilt from the discard pile"}),
    ("fr", {"zork_multiplier": "Multiple de la somme due pour Zork, payée par le joueur le plus riche",
            "silver_per_gold": "Valeur d’une pièce d’or en pièces d’argent",
            "pile_rebuilds": "Nombre de fois où la pioche est reconstituée avec la défausse"}),
    ("it", {"zork_multiplier": "Multiplo della somma dovuta per Zork, pagata dal giocatore più ricco",
            "silver_per_gold": "Valore di una moneta d’oro in monete d’argento",
            "pile_rebuilds": "Numero di volte in cui il mazzo si ricostituisce con gli scarti"})])
def test_the_levers_are_named_by_clear_noun_phrases(lang: str, names: dict[str, str]) -> None:
    """fr27, it34: "nombre de fois que le plus riche paie le coût de la place de Zork" beside "nombre de fois où",
    and "monete d'argento che vale una moneta d'oro": each lever a noun phrase true to what it changes."""
    naming = Naming.of(resolve("draco", ROOT), lang)
    for key, name in names.items():
        assert naming.rule(key, lang) == name
    every = [naming.rule(key, lang) for key in naming.words["rules"]["msgids"]]
    assert not any(text.startswith(("Nombre de fois que", "Quante volte", "How many times")) for text in every), every



@pytest.mark.parametrize(("lang", "share"), [("en", "in 95.0% of games"), ("fr", "dans 95,0 % des parties"),
                                             ("it", "nel 95,0% delle partite")])
def test_the_overview_says_the_shortage_of_games_played_in_the_past(lang: str, share: str) -> None:
    """fr12 on the pages: the overview's warning cell counts games played, as the terminal's warning does; since
    round 32 (en39, it28) by the shortage's name and share alone, what cardgen's rule means for the results once
    under the table (``overview_notes``)."""
    from cardgen.report.pages import overview_notes, short_warnings
    from cardgen.simulate.summary import shortage_name

    short = {"peak": "unpaid_by_bank", "print_more": 56, "cover": 0.99, "games_short": 285, "games": 300, "max": 60}
    named = Naming.of(resolve("draco", ROOT), lang)
    said = short_warnings({"passed": True, "games": 300, "completed": 300, "sufficiency": [short]}, lang, named)
    # headed by the shortage's one name (twentieth reading en18)
    name = shortage_name(named.ruled["silver-coin"], lang, named, "silver-coin")
    assert [plain(c) for c in said] == [plain(f"{name} {share}")], said
    notes = overview_notes([{"variant": "draco", "sufficiency": [short]}] * 2, lang, {"draco": named})
    # the ruling named as the books name it since terminal round 40 (fr1*, it2*), never "a rule cardgen adds"
    ruling = {"en": "this edition’s ruling", "fr": "choix de cette édition", "it": "scelta di questa edizione"}[lang]
    assert len(notes) == 1 and ruling in notes[0] and notes[0].startswith(name[:1].upper() + name[1:]), notes
