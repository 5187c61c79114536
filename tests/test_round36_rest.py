"""Reading round 36 (Draco, en/fr/it), the faults outside the card table: the bank warnings and the rule lines,
ties, fortunes, design indicators, verdicts and closing lines, the gallery, the runs list, the overview and the
footer. Built from the wordbooks and small hand-made results, so it runs fast."""
from __future__ import annotations

from pathlib import Path

import pytest

from nonempty import nonempty
from test_round29_books import BANK_ORDER

LANGS = ["en", "fr", "it"]
ROOT = Path(__file__).resolve().parents[1]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(("lang", "said"), [
    # round 40 en9*, fr8*, it10*: the book's ruling and where it is, never "the rules should still say"
    # terminal round 41 it14, fr10: where the book rules it is said in the warning's ruling clause; the last sentence
    # then names it once (pins updated)
    ("en", "(see “Special cases”, “Money”). In these 300 games"),
    ("fr", "(sous « Cas particuliers », « L’argent »). Si ces 300 parties"),
    ("it", "(nella sezione «Casi particolari», paragrafo «Il denaro»). In queste 300 partite")])  # round 45 it20
def test_a_shortage_in_few_games_says_what_the_code_knows(lang: str, said: str) -> None:
    """fr9*, it8*, en16 (and round 29's en24, it11, whose test this replaces: the 6-player warning says what the results
    describe): "Only these 24 games needed cardgen's rule, so it hardly changes the results": cardgen's
    other added rules came into play in 78 and 81 of these games, and nothing measured how much the results change.
    Now: which rule, in how many games of how many, and what follows (the other games do not depend on it)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortfall_line

    f = {"peak": "unpaid_by_bank", "print_more": 9, "cover": 0.99, "games_short": 24, "games": 300, "max": 16}
    line = _plain(shortfall_line(f, lang, Naming.of(resolve("draco", ROOT), lang)))
    assert said in line, line
    assert line.endswith({"en": "This ruling came into play only in these 24 games; the other 276 do not depend on it",
                          "fr": "Ce choix n’a servi que dans ces 24 parties ; les 276 autres n’en dépendent pas",
                          "it": "Questa scelta è entrata in gioco solo in queste 24 partite; le altre 276 non ne "
                                "dipendono"}[lang]), line
    assert not any(old in line for old in ("hardly changes", "change donc peu", "cambia quindi poco"))
    one = {**f, "games_short": 1}
    line = _plain(shortfall_line(one, lang, Naming.of(resolve("draco", ROOT), lang)))
    assert {"en": "the other 299 do not depend on it", "fr": "les 299 autres n’en dépendent pas",
            "it": "le altre 299 non ne dipendono"}[lang] in line, line


def _deck() -> dict:
    import yaml

    return yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))


def test_the_rulings_say_net_amount_drop_out_and_the_bank_s_order() -> None:
    """en11: "only the difference changes hands" → "the net amount"; en12: "before any elimination" where the text
    says "drop out" everywhere else; en17: "it first pays the player whose ruffian is nearest the best-paid place,
    and so on" left the order vague (fr, it said alike: «et ainsi de suite», «e così via»)."""
    deck = _deck()
    debt = deck["clarifications"]["cannot_pay"]["text"]["en"]
    assert "only the net amount changes hands" in debt and "difference" not in debt
    tie = deck["clarifications"]["tie_for_win"]
    for said in nonempty([tie["text"]["en"], tie["case"]["en"]]):
        assert said.endswith("those who were tied for first place before anyone dropped out share the victory.")
    bank = deck["clarifications"]["bank_short"]["text"]
    # book round 29 en2*: "best-paid first" beside "the order of their ruffians' places" gave two orders: one said
    for lang, words in nonempty(list({"en": BANK_ORDER["en"],  # terminal round 53 en5*: where it starts
                                      "fr": BANK_ORDER["fr"],
                                      "it": BANK_ORDER["it"]}.items())):
        assert words in bank[lang], lang
    assert not any(old in bank[lang] for lang in nonempty(LANGS) for old in ("and so on", "ainsi de suite", "così via"))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", " (over the 267 games that still have a runner-up once any tied leaders drop out)"),
    ("fr", " (sur les 267 parties où, une fois les éventuels ex æquo de tête éliminés, un joueur reste classé deuxième)")])
def test_the_winner_s_lead_averages_over_its_games(lang: str, said: str) -> None:
    """en8: "averages 6.2 silver coins (of the 267 games …)": "over", as the 6-player line's "(over all 300 games)"."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, margin_basis

    naming = Naming.of(resolve("draco", ROOT), lang)
    assert _plain(margin_basis(267, 300, lang, naming)) == said
    assert _plain(margin_basis(300, 300, lang, naming)).startswith({"en": " (over all", "fr": " (sur l’ensemble"}[lang])


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "player counts 3, 4, 5 and 6 checked: all passed, with warnings"),
    ("fr", "vérifié à 3, 4, 5 et 6 joueurs : aucun échec ; validé avec réserves dans tous les cas"),
    ("it", "configurazioni verificate (3, 4, 5 e 6 giocatori): tutte superate con avvisi")])
def test_the_closing_count_names_the_player_counts_once(lang: str, said: str) -> None:
    """en13: "four player counts (3, 4, 5 and 6 players) checked" read first as "four-player counts", and the
    parenthesis said the count again; fr11: « vérifié à 3, 4, 5 et 6 joueurs (quatre configurations) », the same
    count twice (Italian alike, its numeral dropped with it, one set of fields in every language)."""
    from cardgen.simulate.summary import checked_line

    line = _plain(checked_line(4, 0, 4, 1, lang, [3, 4, 5, 6]))
    assert line == said, line
    assert not any(w in line for w in ("four", "quatre", "quattro"))


def _bank(lang: str, short: int = 285) -> str:
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortfall_line

    f = {"peak": "unpaid_by_bank", "print_more": 56, "cover": 0.99, "games_short": short, "games": 300, "max": 60}
    return _plain(shortfall_line(f, lang, Naming.of(resolve("draco", ROOT), lang)))


def test_the_french_bank_warning_says_its_place_once_and_keeps_de_with_its_noun() -> None:
    """fr8: « Dans ces 300 parties … auraient couvert tous les impayés dans 99 % d’entre elles »: the place twice,
    « couvrir les impayés » clumsy; fr16: the line broke after « sur de »; it9: «cardgen fix le prova» ran the
    command into the clitic."""
    fr = _bank("fr")
    assert "Si ces 300 parties s’étaient déroulées à l’identique, 56 pièces d’argent de plus" in fr
    assert "auraient permis de tout payer dans 99 % des parties" in fr
    assert "d’entre elles" not in fr and "Dans ces 300" not in fr
    assert "la commande cardgen fix cherche ses propres corrections et vérifie sur de nouvelles parties celles qu’elle propose" in fr  # round 38 fr17
    from cardgen.terminal import say
    assert "sur de\u00a0nouvelles" in say("short_ruled", "fr", warn="W", case="c", short=1, games=2, share="s", max=1,
                                          piece="p", ruling="r", more=1, box="", also="", cover="c")
    assert "il comando cardgen fix cerca correzioni proprie e mette alla prova su partite nuove quelle che propone" in _bank("it")


@pytest.mark.parametrize(("lang", "key", "said"), [
    ("fr", "fix_search", "pour chercher comment corriger X, puis essayer les corrections trouvées sur des parties "
                         "simulées, lancez : C"),  # fr10: « ces corrections » had no antecedent
    ("fr", "gap_when", "3 fois, dans 2 des 9 parties ; pour la première fois dans la partie 4"),  # fr15
    ("it", "ties", "partite con parità al primo posto: 33; R"),  # it15: what the 33 counts
    ("it", "report", "Resoconto: P"),  # it12: no English word
    ("it", "end_reasons", "come sono finite le partite: I"),  # it10: a past question for the past answer
    ("it", "interval_wide_plain", "intervallo al 95%, allargato perché si confrontano 3 giocatori alla volta"),  # it14
    # terminal round 46 fr2 (en4): a tenth of each game's winning score, about 4 at the average; round 47 fr2, en4,
    # it1: by the definition's name, its mean over these games (pins updated; Draco's fortune: its own words)
    # terminal round 49 it1, en3: the definition not said again; English "the first 300 games" (pins updated)
    # terminal round 52 it1, fr1, en3: the winner named once, its mean in brackets after it (pins updated)
    ("en", "close_scale_games", "a tenth of the winner’s score (on average 37.0 over the first 300 games) comes to "
                                "about 4 coins"),  # fr13: one base
    ("fr", "close_scale_games", "un dixième du score du vainqueur (en moyenne 37,0 sur les 300 premières parties) "
                                "fait environ 4 pièces"),  # round 50 fr1* (pin updated)
    ("it", "close_scale_games", "un decimo del punteggio del vincitore (in media 37,0 sulle prime 300 partite) vale "
                                "circa 4 monete")])
def test_the_terminal_s_lines_read_as_the_readers_asked(lang: str, key: str, said: str) -> None:
    from cardgen.terminal import say

    got = _plain(say(key, lang, what="X", command="C", times="3 fois", count=2, total=9, game=4, n=3, rules="R",
                     path="P", items="I", margin=4, unit={"en": "coins", "fr": "pièces", "it": "monete"}[lang],
                     score={"en": "winner’s fortune", "fr": "fortune du vainqueur", "it": "denaro del vincitore"}[lang],
                     winner={"en": "37.0", "fr": "37,0", "it": "37,0"}[lang],
                     games={"en": "300 games", "fr": "300 parties", "it": "300 partite"}[lang], first="300"))
    if key == "ties":
        got = _plain(say(key, lang, n=33, rules="R"))
    assert got == said, got


def test_the_fortunes_line_has_its_colons_in_french_and_italian() -> None:
    """fr12: « fortune moyenne du vainqueur 37,0 ; avance moyenne sur le deuxième 6,2 » lacked the colons every other
    item has (Italian alike)."""
    import json

    lines = json.loads((ROOT / "cardgen/games/draco/words.json").read_text(encoding="utf-8"))["lines"]
    assert "fortune moyenne du vainqueur : {winner} ; avance moyenne sur le deuxième : {margin}" in lines["fr"]["scores"]
    assert "denaro medio del vincitore: {winner}; distacco medio dal secondo: {margin}" in lines["it"]["scores"]


def test_the_italian_zork_case_says_who_pays_and_that_they_are_several() -> None:
    """it13: «più giocatori sono a pari merito tra i più ricchi quando il più ricco deve pagare per Zork»: the
    singular «il più ricco» clashed with «i più ricchi»."""
    import json

    tallies = json.loads((ROOT / "cardgen/games/draco/words.json").read_text(encoding="utf-8"))["tallies"]
    assert tallies["it"]["gap:richest_tie"] == "Zork fa pagare il giocatore più ricco, ma i più ricchi sono due o " \
                                               "più, a pari merito"  # round 38 it3


@pytest.mark.parametrize(("lang", "key", "said"), [
    ("en", "figures_defined_at", "For definitions, see the 3-player table above."),  # en23
    ("fr", "figures_defined_at", "Pour les définitions, voir le tableau à 3 joueurs, plus haut."),
    ("it", "figures_defined_at", "Per le definizioni, vedi la tabella con 3 giocatori, più sopra."),
    ("en", "designer_head", "indicator|value|95% interval"),  # en31; round 37 en27: one name: an indicator’s name, not a "figure"
    ("fr", "agents", "qui joue"),  # fr30: « joueurs | des joueurs automatiques »
    ("it", "agents", "chi gioca"),
    ("it", "runs_intro", "Una riga per serie, le più recenti in alto; se rilanci una serie con le stesse opzioni, i "
                         "nuovi risultati sostituiscono i precedenti. Il seme è il numero che fissa il mescolamento delle "
                         "carte e i tiri di dado: con lo stesso seme si rigiocano le stesse partite.")])  # round 40 it33  # it21, round 37 it24
def test_the_pages_words_read_as_the_readers_asked(lang: str, key: str, said: str) -> None:
    from cardgen.report.words import PAGES

    got = PAGES[lang][key]
    assert _plain(got.format(n=3) if "{n}" in got else got) == said


def test_the_overview_s_notes_say_under_a_rule_the_seed_s_dice_and_the_game_column() -> None:
    """en20: "play goes on by a rule cardgen adds" → "under a rule that cardgen adds"; it22: the seed fixes the dice
    too, and a seed does not «rigiocare»; it23: «il cui link» (English, and heavy)."""
    from cardgen.report.words import PAGES

    assert "play goes on under this edition’s ruling" in PAGES["en"]["short_note"]  # terminal round 41 en25*
    assert "(seme {seed}, che fissa tutto ciò che le partite lasciano al caso: con lo stesso seme si rigiocano le stesse partite)" \
        in PAGES["it"]["overview_intro"]
    for key in nonempty(["short_note", "short_note_published"]):
        assert PAGES["it"][key].endswith("I dettagli sono nella pagina del gioco (si apre dal suo nome nella "
                                         "tabella).")  # round 37 it28: no columns on a phone; round 38 en19
        assert "link" not in PAGES["it"][key]


def test_the_gallery_says_validee_and_no_english_word() -> None:
    """fr17: « réussie avec réserves » read as another verdict than « validé avec réserves »; fr18: « ici » twice and
    « après cardgen build »; it19, it20: «report» (English) and «dopo cardgen build»."""
    from cardgen.report.gallery import WORDS

    assert _plain(WORDS["fr"]["validation_note_all_warned"]) == ("jeu validé avec réserves à {players} joueurs ; "
                                                                 "{games} parties chaque fois")  # r37 fr21
    fr = _plain(WORDS["fr"]["intro_unbuilt"])
    assert fr.count("ici") == 1 and fr.endswith("s’y afficheront une fois lancée la commande cardgen build.")
    it = WORDS["it"]["intro_unbuilt"]
    assert "ultimi resoconti" in it and it.endswith("compariranno dopo che avrai eseguito cardgen build.")  # r37 it21
    assert "report" not in WORDS["it"]["intro"] and "report" not in it


def test_no_italian_string_says_report() -> None:
    """it12, it19 and the brief's sweep: «report» is English; the one Italian name is «resoconto», in every
    wordbook."""
    import json
    import re

    from english import strings_of

    said = [s for p in nonempty(sorted((ROOT / "cardgen").rglob("*.json")))
            for s in strings_of(json.loads(p.read_text(encoding="utf-8")), "it")]
    assert said
    assert not [s for s in said if re.search(r"(?<![\w/.-])[Rr]eport(?![\w_/-])(?!\.\w)", s)]


def test_the_balance_says_chance_alone_not_within_chance() -> None:
    """en9: "again every gap is within chance" (terminal) and "…, within chance" (the overview's balance cells):
    shorthand; the first balance line's own words, "larger than chance alone would explain"."""
    from cardgen.report.words import PAGES
    from cardgen.simulate.summary import balance_parts

    b = {"seat_fair_share": 0.25, "flags": [], "games": 300}
    said: set[str] = set()
    balance_parts(b, "en", 4, run_said=said)
    [(_, again)] = balance_parts(b, "en", 4, run_said=said)
    assert again.endswith("Here too, over 300 games, no player’s win rate is further from the fair share than chance alone would explain."), again
    for key in nonempty(["fair_within", "fair_within_two", "fair_within_close", "fair_within_close_two"]):
        # terminal round 51 en20: two players named, two gaps ("gaps"), as French and Italian (pin updated)
        assert PAGES["en"][key].startswith(", gaps chance alone could explain" if "two" in key
                                           else ", a gap chance alone could explain")
        assert "within chance" not in PAGES["en"][key]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "PASS WITH A WARNING — Draco & Co (draco), 3 players: 300 of 300 games completed"),
    ("fr", "VALIDÉ AVEC RÉSERVES — Draco & Co (draco), 3 joueurs : 300 parties sur 300 terminées"),
    ("it", "VERIFICA SUPERATA CON UN AVVISO — Draco & Co (draco), 3 giocatori: 300 partite su 300 concluse")])
def test_the_status_line_sets_the_verdict_apart_from_the_game(lang: str, said: str) -> None:
    """it11: «VERIFICA SUPERATA CON UN AVVISO Draco & Co (draco), 3 giocatori»: the verdict ran into the game's name
    (English and French alike)."""
    from cardgen.terminal import say, say_n

    verdict = say_n("pass_warned", 1, lang)
    players = {"en": "3 players", "fr": "3 joueurs", "it": "3 giocatori"}[lang]
    done = {"en": "300 of 300 games completed", "fr": "300 parties sur 300 terminées",
            "it": "300 partite su 300 concluse"}[lang]
    assert _plain(say("head", lang, verdict=verdict, game="Draco & Co", deck="draco", players=players,
                      done=done)) == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Winner’s lead over the runner-up, in the table above, is measured over the 267 games that still have a "
           "runner-up once any tied leaders drop out."),  # round 37 fr32: no "last row" on a phone; round 38 en28: a verb
    ("fr", "Avance du vainqueur sur le deuxième, dans le tableau ci-dessus : sur les 267 parties où, une fois les éventuels ex "
           "æquo de tête éliminés, un joueur reste classé deuxième.")])  # round 47 en27, it20: a full stop
def test_the_details_margin_note_is_a_footnote_to_the_last_row(lang: str, said: str) -> None:
    """en24: "Winner’s margin over the runner-up (of the 267 games …)", alone under the Distributions table, looked
    like the caption of a missing chart: it is a note on the table's last row, said so."""
    from cardgen.report.validation import margin_note
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    r = {"scores": {"margin": {"n": 267}}, "completed": 300, "players": 3, "ties": {"shared_wins": 1}}
    assert _plain(margin_note(r, lang, Naming.of(resolve("draco", ROOT), lang))) == said


def test_the_english_ties_line_gives_each_count_before_its_clause() -> None:
    """en10: "ties for first place: 33; the tied leaders all drop out and the richest of the others wins: 32; every
    player drops out, …: 1": whole clauses used as labels before a colon and a count read like a form. Now the
    count, then in brackets each outcome after its own count; French and Italian keep their noun-phrase labels."""
    from cardgen.games import get_game
    from cardgen.simulate.summary import Naming, ties_line

    naming = Naming(dict(get_game("draco").words))
    ties = {"games": 33, "shared_wins": 1, "tie_breaks": {"leaders_eliminated": 32, "all_tied_leaders_share": 1}}
    assert _plain(ties_line(ties, "en", naming)) == (
        "ties for first place in 33 games: in 32, the tied leaders drop out and the richest of the others wins; in 1, "
        "every player ends up dropping out, so the tied leaders share the victory")  # round 38 en14; round 39 en25: not in brackets; round 41 en29: no dash between two counts
    assert _plain(ties_line(ties, "fr", naming)).startswith("égalités pour la première place : 33 ; ex æquo de tête "
                                                            "éliminés, victoire au plus riche des joueurs restants : 32 ; ")


def _designer(players: int, king: float) -> dict:
    figure = {"mean": king, "low": king - 0.05, "high": king + 0.05, "n": 200}
    return {"variant": "draco", "players": players,
            "designer": {"games": 250, "lead_changes": {"mean": 4.5, "low": 4.0, "high": 5.0, "n": 250},
                         "kingmaking": figure}}


def test_the_design_indicators_are_set_side_by_side_after_the_last_count() -> None:
    """en15: the indicators were printed count by count, so "kingmaking rises from 18.7% at 3 players to 43.9% at 6"
    went unseen; after the last count they now stand side by side, values only (the intervals stay in each count's
    table), no trend claimed."""
    from cardgen.simulate.summary import Naming, designer_across

    lines = [_plain(line) for line in designer_across([_designer(3, 0.187), _designer(6, 0.439)], "en",
                                                      {"draco": Naming()})]
    assert lines[0].startswith("design indicators side by side, by player count"), lines
    assert lines[1].split() == ["3", "players", "6", "players"]
    assert [line.split() for line in lines[2:]] == [["lead", "changes", "per", "game", "4.5", "4.5"],
                                                  ["kingmaking", "18.7%", "43.9%"]], lines
    assert not any("rises" in line for line in nonempty(lines))
    assert designer_across([_designer(3, 0.187)], "en") == []  # one count: nothing to set beside it


def test_the_calm_card_note_says_chance_alone_and_a_risk_that_grows() -> None:
    """en9: "“Favour” is within chance at 3, 4 and 6 players": shorthand; fr14: « Ce peut donc être une fausse alerte,
    d’autant plus probable que l’on vérifie plus de configurations »: a heavy, dangling apposition."""
    from cardgen.terminal import say

    en = _plain(say("card_confirm_calm", "en", card="“Favour”", where="at 3 players", command="C"))
    assert en.startswith("“Favour” stays within what chance alone would explain at 3 players, so this may be a false")
    fr = _plain(say("card_confirm_calm", "fr", card="« Faveur »", where="à 3 joueurs", command="C"))
    # round 38 fr13: the loose apposition « un risque » made a plain one
    assert "Il peut donc s’agir d’une fausse alerte (le risque d’en obtenir une augmente avec le nombre de configurations testées) ;" in fr
    assert "d’autant plus" not in fr
