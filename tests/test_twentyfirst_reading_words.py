"""Twentieth native reading, left over (issue #53): validate's rules cases, compare's notes on both games and the
run's overview page.

- fr20: validate listed the rules cases of each player count by how often they happened, so a case moved from the
  first line to the third between two blocks and the blocks could not be read side by side: one fixed order;
- fr18: Draco's bank shortage said "in 285 games" on its case line and "in 285 of 300 games" in its WARNING, and
  its rule came under "Rule added by cardgen." where every other ruling is introduced as "settled by a rule cardgen
  adds": the games once, a pointer in the other place, one format;
- en46, fr39: compare's notes said the bank shortage in one three-line paragraph for each player count with only
  its numbers changed (now once, a row for each count), and a card hardly played in five lines whose signed figures
  said nothing in words (now one sentence);
- it44: the run page said "tutte superate" where the terminal said "4 con avvisi": the page opens with the
  terminal's own closing line, which names what the warnings are about.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.languages import typeset
from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import (Naming, _pct, _held_cards, format_comparison, format_entry, listed_gaps,
                                      shortage_name, tally_words, total_line)
from cardgen.terminal import say, say_n
from nonempty import nonempty
from screen import unwrapped

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")
#: Draco's cases in the order its words list them, its shortage first (the one a components warning counts)
BOOK = ["bank_short", "cannot_pay", "richest_tie", "tie_for_win"]


#: a base Draco validation at 3 players (60 reference games), the fifteenth reading's own fixture
from test_validate_words_fifteenth import draco  # noqa: E402,F401  (a fixture, used by name)


def _gap(kind: str, count: int, games: int, game: int = 0) -> dict:
    return {"kind": kind, "settled": True, "count": count, "games": games, "seed": 1, "game": game, "detail": ""}


def _by_frequency(gaps: list[dict]) -> list[dict]:
    """The order the results keep them in (``tally.rule_gaps``): by how often they happened."""
    return sorted(gaps, key=lambda g: (g["settled"], -g["count"], g["kind"]))


def _case_order(text: str, lang: str, naming: Naming) -> list[str]:
    """The kinds of the rules cases a validate block lists, in the order its lines say them."""
    text = text.replace("\u00a0", " ")  # round 34 fr39: « ex æquo » joined by a no-break space
    at = {kind: text.find(tally_words("gap", kind, lang, naming)) for kind in BOOK}
    return [kind for kind, i in sorted(at.items(), key=lambda kv: kv[1]) if i >= 0]


@pytest.mark.parametrize("lang", LANGS)
def test_every_player_count_lists_its_rules_cases_in_one_order(draco: tuple, lang: str) -> None:
    """fr20: at 3 players the shortage came first, at 6 players third, after two rulings that happened more often
    there: every block now lists them in one order (the game's shortage, then its words' order), the page too."""
    from cardgen.report.validation import section

    deck, r = draco
    naming = Naming.of(deck, lang)
    three = _by_frequency([_gap("bank_short", 1384, 50, 0), _gap("richest_tie", 203, 40), _gap("cannot_pay", 92, 30),
                           _gap("tie_for_win", 1, 1, 250)])
    six = _by_frequency([_gap("cannot_pay", 149, 30), _gap("richest_tie", 109, 25), _gap("bank_short", 30, 4, 56),
                         _gap("tie_for_win", 5, 5, 65)])
    assert [g["kind"] for g in three] != [g["kind"] for g in six]  # the results' order differs between the blocks
    blocks = [format_entry({**r, "rule_gaps": gaps, "sufficiency": []}, lang, naming) for gaps in (three, six)]
    assert [_case_order(text, lang, naming) for text in blocks] == [BOOK, BOOK]
    # with the shortage's warning too (its line then says it by the shortage's name), and on the page's table
    warned = format_entry({**r, "rule_gaps": six}, lang, naming)
    assert _case_order(warned, lang, naming) == BOOK
    page = [g["name"] for g in section({**r, "rule_gaps": six}, lang, naming)["gaps"]]
    assert page == [tally_words("gap", kind, lang, naming) for kind in BOOK]
    # an unsettled case, a failure, stays first
    loose = listed_gaps({"rule_gaps": six + [{**_gap("empty_hand", 1, 1), "settled": False}]}, naming)
    assert [g["kind"] for g in loose] == ["empty_hand", *BOOK]


@pytest.mark.parametrize("lang", LANGS)
def test_the_games_the_bank_ran_short_in_are_said_once_and_its_rule_as_every_other(draco: tuple, lang: str) -> None:
    """fr18: "Rule added by cardgen." introduced this rule alone, every other being said "settled by a rule cardgen
    adds" on its case's line. The twenty-second reading (en14, fr14, it18) asked for the rest of "as every other":
    the label every special case has, and its games on its own line, where "(in how many games: see the WARNING
    below)" hid a count the page gives; the WARNING named by its heading's name."""
    deck, r = draco
    naming = Naming.of(deck, lang)
    [short] = nonempty(r["sufficiency"], "Draco's shortage at 3 players")
    games = short["games_short"]
    gaps = [{**g, "games": games, "count": 1384} if g["kind"] == "bank_short" else g for g in r["rule_gaps"]]
    text = unwrapped(format_entry({**r, "rule_gaps": gaps}, lang, naming))
    lines = text.splitlines()
    name = tally_words("gap", "bank_short", lang, naming)
    [case] = [line for line in lines if name in line and line.startswith("    ") and not line.startswith("     ")]
    # terminal round 27 en8: the label every ruling of cardgen's is said with, once over Draco's cases
    # round 41 en24*: Draco's head names its source, "the published description" (its own line)
    from cardgen.simulate.summary import own_say
    head = "  " + own_say("gaps_ruled_head", lang, naming)
    assert "descri" in head  # description, descrizione
    assert lines.count(head) == 1 and lines.index(head) < lines.index(case)
    assert case.startswith("    " + name)
    assert {"en": "1,384 times, in 57 of the 60 games; first in game\u00a0",
            "fr": "1\u202f384 fois, dans 57 des 60 parties\u202f; pour la première fois dans la partie\u00a0",
            "it": "1.384 volte in 57 partite su 60; la prima volta nella partita\u00a0"}[lang].replace(
        "57", str(games)).replace("60", str(r["games"])) in case
    assert typeset({"en": "(in how many games: see the WARNING below)",
                    "fr": "(dans combien de parties : voir l’avertissement plus bas)",
                    "it": "(in quante partite: vedi l’avviso più sotto)"}[lang], lang) not in case
    warning = next(line for line in lines if line.startswith("  " + say("warn", lang, name="")[:5]))
    assert re.search(rf"\b{games}\b", warning), warning
    # the rule's own text right under its case, with no lead-in of its own
    rule = naming.clarifications["bank_short"]
    assert lines[lines.index(case) + 1].strip() == typeset(rule, lang)
    assert not any(w in text for w in ("Rule added by cardgen", "Règle ajoutée par cardgen", "Regola aggiunta da cardgen"))
    # every other ruling of cardgen's: its text under its case alone, the same shape
    for kind in nonempty([g["kind"] for g in gaps if g["kind"] not in ("bank_short", "final_toast")]):
        [other] = [line for line in lines if tally_words("gap", kind, lang, naming) in line]
        assert lines.index(head) < lines.index(other) and other.startswith("    ")
        assert lines[lines.index(other) + 1].strip() == typeset(naming.clarifications[kind], lang)
    # where the warning counts other games than the case (it never should), the line keeps its own count
    apart = [{**g, "games": games - 1} if g["kind"] == "bank_short" else g for g in gaps]
    text = unwrapped(format_entry({**r, "rule_gaps": apart}, lang, naming))
    assert say_n("gap_when", games - 1, lang, times="", count=games - 1, total=r["games"], game="").split(";")[0] in \
        next(line for line in text.splitlines() if name in line)


def _short(games_short: int, more: int) -> dict:
    return {"peak": "unpaid_by_bank", "print_more": more, "cover": 0.99, "games_short": games_short, "games": 300,
            "max": 60}


def _compare(lang: str, moved: tuple[int, ...] = ()) -> tuple[list[str], Naming]:
    """compare's one screen for Draco and a variant at 3 to 6 players, both short of silver coins at every count;
    the paired figure of the case beyond chance at the counts ``moved``."""
    shares = {3: (285, 293, 56, 50), 4: (279, 285, 41, 42), 5: (171, 173, 26, 25), 6: (20, 16, 9, 8)}

    def result(p: int) -> dict:
        b, v, mb, mv = shares[p]
        return {"players": p, "games": 300, "verdict": [], "family": 1, "component_impact": [],
                "metrics": [{"metric": "gap:bank_short", "significant": p in moved, "group": "rules"}],
                "base_result": {"variant": "draco", "sufficiency": [_short(b, mb)]},
                "variant_result": {"variant": "v", "sufficiency": [_short(v, mv)]}}
    doc = {"lang": lang, "base": "draco", "variant": "v", "name": "V", "games": 300, "agents": ["heuristic"],
           "differences": [], "results": [result(p) for p in (3, 4, 5, 6)]}
    naming = Naming.of(resolve("draco", ROOT), lang)
    return format_comparison(doc, naming, tables=False).splitlines(), naming


@pytest.mark.parametrize("lang", LANGS)
def test_compare_says_a_shortage_both_games_show_once_with_a_row_per_player_count(lang: str) -> None:
    """en46, fr39: "3 players: shortage of silver coins / The bank cannot pay all it owes in 95.0% of games with the
    base game and 97.7% with the variant (…); cardgen's added rule lets play go on, … 56 more silver coins (50 with
    the variant) …" four times: the shortage now named and explained once, a row per player count."""
    lines, naming = _compare(lang)
    text = "\n".join(lines)
    name = shortage_name(naming.ruled["silver-coin"], lang, naming, "silver-coin")
    assert text.lower().count(name.lower()) == 1  # the notes' heading, once for every count
    ruling = say("short_by_edition", lang)
    assert text.count(ruling) == 1
    head = next(i for i, line in enumerate(lines) if line.startswith("  " + name[:1].upper() + name[1:]))
    assert ruling in lines[head]
    pct = {"en": "{}%", "fr": "{}\u202f%", "it": "{}%"}[lang]

    def share(x: str) -> str:
        return pct.format(x if lang == "en" else x.replace(".", ","))
    rows = [line.split("  ") for line in lines[head + 2:head + 6]]
    assert [[cell.strip() for cell in row if cell.strip()] for row in rows] == [
        ["3", f"{share('95.0')} → {share('97.7')}", "56 → 50"], ["4", f"{share('93.0')} → {share('95.0')}", "41 → 42"],
        ["5", f"{share('57.0')} → {share('57.7')}", "26 → 25"], ["6", f" {share('6.7')} → {share('5.3')}".strip(), "9 → 8"]]
    # the arrows one above the other, the columns named once above the rows
    assert len({row_line.index("→") for row_line in lines[head + 2:head + 6]}) == 1
    assert lines[head + 1].split()[0] == {"en": "players", "fr": "joueurs", "it": "giocatori"}[lang]
    # whether the paired games tell the change from chance: once, for every count
    claims = [line for line in lines if say("short_table_chance", lang) in line]
    assert len(claims) == 1 and typeset({"en": "at every player count", "fr": "quel que soit le nombre de joueurs",
                                         "it": "con qualunque numero di giocatori"}[lang], lang) in claims[0]
    # most games under this edition's ruling at 3, 4 and 5 players (not at 6): said once, with those counts (its
    # name the books', terminal round 41 en42*, it24*: this pin updated)
    # terminal round 45 fr22*: both games, never "the game without it"
    weight = [line for line in lines if {"en": "describe both games with that ruling",
                                         "fr": "décrivent donc les deux jeux avec ce choix",
                                         "it": "descrivono quindi i due giochi con quella scelta"}[lang] in line]
    assert len(weight) == 1 and typeset({"en": "At 3, 4 and 5 players,", "fr": "À 3, 4 et 5 joueurs,",
                                         "it": "Con 3, 4 e 5 giocatori"}[lang], lang) in weight[0]
    assert not any(line.startswith(("  3 ", "  4 ", "  5 ", "  6 ")) for line in lines)  # no block per count left


@pytest.mark.parametrize("lang", LANGS)
def test_a_change_beyond_chance_at_some_counts_is_said_at_those_counts(lang: str) -> None:
    """The claim is each count's own figure: where the variant changes the games short beyond chance at 3 players
    only, the line says so at 3 players and "could be chance" at the others, never "at every player count"."""
    lines, _ = _compare(lang, moved=(3,))
    [claim] = [line for line in lines if say("short_table_moved", lang) in line]
    assert say("short_table_chance", lang) in claim
    # twenty-third reading en36: a sentence with its verb, never "Games affected, base game against variant: a…"
    assert typeset({"en": "The difference in games affected between the base game and the variant is too clear to be "
                          "chance at 3 players; could be due to chance alone at 4, 5 and 6 players.",
                    "fr": "L’écart de parties touchées entre le jeu de base et la variante dépasse ce que le hasard "
                          "peut expliquer à 3 joueurs ; peut n’être dû qu’au hasard à 4, 5 et 6 joueurs.",
                    "it": "La differenza di partite con ammanco tra gioco base e variante è troppo netta per essere "
                          "dovuta al caso con 3 giocatori; può essere dovuta al solo caso con 4, 5 e 6 giocatori."}[
        lang], lang) in " ".join(line.strip() for line in lines), claim


@pytest.mark.parametrize(("lang", "said"), [
    # twenty-third reading (en34, fr29): "percentage points less often" mixed a gap in rates with a frequency, and
    # "a change that may be chance" beside "8.5 less in the base game" seemed to describe the 8.5
    # twenty-seventh reading (en16, fr22, it33): 70 to 80 words in one sentence, "a flag needs 0.1" and "ne servono
    # 0,1" read as counts, "gagnent 13,7 points de pourcentage moins souvent" a calque: the fact, then why
    ("en", "“Dice” is not flagged, although, with the variant, players dealt it have a win rate 13.7 percentage "
           "points below the others’ (2.4 to 25.0 below, allowing for chance). In the base game, the rate is 8.5 "
           "below the others’, and the change from the base game to the variant may be chance. The simulated players almost never play it "
           "(0.03 times per player per game), so the gap can hardly come from its effect: cardgen flags a card only if "
           "it is played at least 0.1 times per player per game."),  # terminal round 40 en20, en21; round 41 en44
    ("fr", "La carte « Dice » n’est pas signalée. Pourtant, avec la variante, le taux de victoire des joueurs qui "
           "l’avaient dans leur main de départ est inférieur de 13,7 points de pourcentage à celui des autres (entre "
           "2,4 et 25,0 points de moins, compte tenu du hasard). Dans le jeu de base, il est inférieur de 8,5 à celui "
           "des autres, et l’écart entre les deux jeux peut venir du hasard. Mais les joueurs automatiques ne la jouent presque jamais (0,03 fois par joueur et "
           "par partie) : cet écart ne peut donc guère venir de son effet, et cardgen ne signale qu’une carte jouée au "
           "moins 0,1 fois par joueur et par partie."),
    # terminal round 40 it21, it22: a card hardly played is judged, only never flagged; the gap said of the share
    # (terminal round 41 en44: "can hardly come from its effect", never "cannot", in the three languages: pins updated)
    ("it", "La carta «Dice» non è segnalata, benché con la variante la quota di vittorie di chi l’aveva nella mano "
           "iniziale sia inferiore di 13,7 punti percentuali a quella degli altri (da 2,4 a 25,0 in meno, tenuto conto "
           "del caso). Nel gioco base è inferiore di 8,5 punti, e la differenza tra i due giochi può essere dovuta "
           "al caso. I "
           "giocatori automatici però non la giocano quasi mai (0,03 volte per giocatore a partita), quindi la "
           "differenza difficilmente può venire dal suo effetto: cardgen segnala una carta solo se è giocata almeno "
           "0,1 volte per giocatore a partita.")])  # terminal round 41 en44: "can hardly" in all three
def test_a_card_hardly_played_is_one_sentence_that_says_its_gap_in_words(lang: str, said: str) -> None:
    """en46, fr36, it31: "one card is not flagged although its interval leaves out 0: a card is flagged only when …
    Its gap (win rate of the players whose opening hand held it minus that of the other players, …) … Game of Dice:
    −8.5 → −13.7 (…)": five lines for a non-finding. One sentence: the card, that it is not flagged, its gap as what
    the players dealt it do ("win 13.7 percentage points less often than the others"), its interval as a range of
    that same way, the base game's gap, and why it is not flagged."""
    card = {"component": "dice", "held_flag": "weak", "difference": -0.137, "plays_per_seat": 0.03,
            "flag_low": -0.250, "flag_high": -0.024, "change": {"metric": "card:dice", "significant": False},
            "base": {"difference": -0.085, "plays_per_seat": 0.04}}
    assert _held_cards({"component_impact": [card]}, lang, Naming(names={"dice": "Dice"})) == ["  " + typeset(said, lang)]
    stronger = {**card, "held_flag": "strong", "difference": 0.137, "flag_low": 0.024, "flag_high": 0.25,
                "change": {"metric": "card:dice", "significant": True}}
    [line] = _held_cards({"component_impact": [stronger]}, lang, Naming(names={"dice": "Dice"}))
    assert typeset({"en": "13.7 percentage points above the others’ (2.4 to 25.0 above",
                    "fr": "supérieur de 13,7 points de pourcentage à celui des autres (entre 2,4 et 25,0 points de plus",
                    "it": "superiore di 13,7 punti percentuali a quella degli altri (da 2,4 a 25,0 in più"}[lang], lang) in line
    # terminal round 46 it23: the other game in a sentence of its own, not a third fact in the bracket
    assert typeset({"en": "In the base game, the rate is 8.5 below the others’, and the change from the base game to "
                          "the variant is beyond chance",
                    "fr": "Dans le jeu de base, il est inférieur de 8,5 à celui des autres, et l’écart entre les deux "
                          "jeux dépasse ce que le hasard peut expliquer",
                    "it": "Nel gioco base è inferiore di 8,5 punti, e la differenza tra i due giochi difficilmente è dovuta al "
                          "caso"}[lang], lang) in line


@pytest.mark.parametrize("lang", LANGS)
def test_the_run_page_says_the_warnings_the_terminal_says(draco: tuple, lang: str) -> None:
    """it44: "4 configurazioni (gioco e numero di giocatori); tutte superate." on the page, all four with the bank
    short in up to 95 % of games, where the terminal said "4 con avvisi": the page opens with the
    terminal's closing line, which names what the warnings are about."""
    from cardgen.report.pages import overview

    deck, r = draco
    namings = {"draco": Naming.of(deck, lang)}
    doc = {"results": [r, r], "agents": ["heuristic"], "games": 60, "seed": 1, "cap": 10000}
    closing = total_line(doc["results"], lang, namings)
    # every count warned: said so without a second numeral (terminal round 30 en26, it15)
    # with how many games it touched (terminal round 46 fr14), the same at both counts here
    share = _pct(r["sufficiency"][0]["games_short"] / r["sufficiency"][0]["games"], lang, fixed=True)
    assert closing.endswith(typeset({"en": f": all passed, with warnings (shortage of coins in the bank: {share} of games)",
                                     "fr": " ; validé avec réserves dans tous les cas (manque de pièces à la banque : "
                                           f"{share} des parties)",
                                     "it": f": tutte superate con avvisi (carenza di monete in banca: il {share} delle "
                                           "partite)"}[lang], lang))
    html = overview(doc, {"draco": {"name": "Draco & Co"}}, "T", "", lang, namings)
    intro = " ".join(re.findall(r"<p>(.*?)</p>", html, re.S)[:2])  # r38 it26: verdict, then the rest
    intro = intro.replace("&#39;", "'").replace("&amp;", "&")
    # with a capital: the page's first sentence (round 29 it36)
    assert intro.startswith(typeset(closing[:1].upper() + closing[1:], lang) + ". ")
    assert not any(w in html for w in ("tutte superate.", "aucune en échec", "; none failed."))
    # a run without warnings says none, on both
    calm = {**r, "sufficiency": [], "balance": {**(r.get("balance") or {}), "flags": [], "warnings": []}}
    plain = total_line([calm], lang, namings)
    # its count named (terminal round 28 it6; round 29 fr6: "vérifié à 3 joueurs", never "1 nombre de joueurs")
    at = say_n("checked_named", r["players"], lang, counts=str(r["players"]))
    # one deck (22nd en5); every count passed: Italian "superata" as its heading (terminal round 30 it6)
    assert plain == say("total_clean_one", lang, combos=say("counts_named_one", lang, n=1, players=at))
    assert " ".join(re.findall(r"<p>(.*?)</p>", overview({**doc, "results": [calm]}, {}, "T", "", lang, namings),
                                re.S)[:2]).startswith(plain[:1].upper() + plain[1:] + ". ")
