"""Every line a person reads on the terminal follows ``--lang`` (cardgen/terminal.py and its terminal.json),
names what it shows by the game's words, never by an engine id, and counts length as the game's players do."""
from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from cardgen import terminal
from cardgen.cli import main
from cardgen.games import get_game
from cardgen.languages import SHIPPED
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from screen import unwrapped

ROOT = Path(__file__).resolve().parents[1]
#: an engine id as it would leak: two or more lowercase words joined by underscores (``bank_short``)
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_line_exists_in_every_language_with_the_same_fields() -> None:
    """A line missing in one language, or a placeholder one translation drops, fails here."""
    english = terminal.LINES["en"]
    assert set(terminal.LINES) == set(SHIPPED)
    for lang in SHIPPED:
        table = terminal.LINES[lang]
        assert set(table) == set(english), (lang, set(table) ^ set(english))
        for key, template in english.items():
            if isinstance(template, str):
                assert _fields(table[key]) == _fields(template), (lang, key)
            else:
                assert set(table[key]) == set(template), (lang, key)


def test_every_line_the_code_says_is_in_the_catalog() -> None:
    """``say("key")`` of a key the catalog lacks would fail only when that line is printed: found here first."""
    used = set()
    for path in (ROOT / "cardgen").rglob("*.py"):
        used |= set(re.findall(r"\bsay(?:_n)?\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8")))
    assert len(used) > 40  # the scan finds the calls
    assert used <= set(terminal.LINES["en"]), used - set(terminal.LINES["en"])


def test_a_count_takes_the_singular_where_the_language_does() -> None:
    assert terminal.say_n("games", 1, "en") == "1 game" and terminal.say_n("games", 2, "en") == "2 games"
    assert terminal.say_n("games", 0, "fr") == "0 partie" and terminal.say_n("games", 2, "fr") == "2 parties"
    assert terminal.say_n("games", 0, "it") == "0 partite" and terminal.say_n("games", 1, "it") == "1 partita"


def _deck(game: str):  # noqa: ANN202 - a ResolvedDeck
    return Resolver(Project.open(ROOT)).resolve(game)


@pytest.fixture(scope="module")
def validated() -> dict[str, tuple[object, dict]]:
    """One small reference-engine validation per shipped game (its JSON result, to print in each language)."""
    from cardgen.simulate.validate import ValidateOptions, run_validation
    out = {}
    for game in ("king_lui", "royale", "draco"):
        deck = _deck(game)
        opts = ValidateOptions(games=24, players=[3], seed=3, jobs=1, out=None, engine="reference", progress=False)
        out[game] = (deck, run_validation([deck], opts)["results"][0])
    return out


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("game", ["king_lui", "royale", "draco"])
def test_validate_shows_no_engine_id_in_any_language(validated: dict, game: str, lang: str) -> None:
    """Every line of validate's summary, in each language: end reasons, rule gaps, tie-breaks, peaks and cards
    by the names the game gives them; the only id left is the deck's own (what the designer typed)."""
    from cardgen.simulate.summary import Naming, format_entry

    deck, result = validated[game]
    text = format_entry(result, lang, Naming.of(deck, lang))
    assert result["end_reasons"] and result["rule_gaps"] or result["peaks"]  # there were ids to name
    leaks = [(line, SNAKE.findall(line.replace(deck.id, ""))) for line in text.splitlines()]
    assert not [leak for leak in leaks if leak[1]], leaks
    words = {"en": ("players", "games completed", "win rate by turn order"),
             "fr": ("joueurs", "parties sur", "terminées", "victoires selon l’ordre de jeu"),
             "it": ("giocatori", "partite su", "concluse", "vittorie per ordine di gioco")}[lang]
    assert all(w in text for w in words), text
    assert deck.text(lang)["name"] in text.splitlines()[0]
    from cardgen.simulate.verdict import label
    words = get_game(game).words
    counted = words["length"]  # the length its players count comes first, by the game's name for it
    length = next(line for line in text.splitlines()
                  if line.strip().startswith((label("turns", lang, words), label("rounds", lang, words))))
    assert length.strip().startswith(label(counted, lang, words)), length


def test_a_short_component_is_named_with_its_figures() -> None:
    from cardgen.simulate.summary import Naming, shortfall_line

    finding = {"peak": "unpaid_by_bank", "print_more": 57, "cover": 0.99, "games_short": 38, "games": 40, "max": 57}
    naming = Naming(names={"silver-coin": "Pièce d’argent"}, shortfall={"unpaid_by_bank": "silver-coin"})
    assert shortfall_line(finding, "fr", naming) == (
        "ATTENTION (manque de «\u202fPièce d’argent\u202f»)\u202f: la boîte n’a pas assez d’exemplaires de «\u202fPièce d’argent\u202f» dans 38 parties "
        "sur 40 (95,0\u202f%)\u202f; il en manque jusqu’à 57. En imprimer 57 de plus suffirait dans 99\u202f% des parties")
    assert "holds too few copies of pieces counted as “money owed by the bank” in 38 of 40 games (95.0%), up to 57 too " \
        "few; print 57 more copies so that 99% of games" in shortfall_line(finding, "en", Naming(
        words={"tallies": {"en": {"peak:unpaid_by_bank": "money owed by the bank"}}}))


def test_validate_prints_its_summary_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate", "draco", "--games", "12", "--players", "3", "--engine", "reference", "--jobs", "1",
                 "--lang", "fr", "--out", str(tmp_path / "out"), "--project", str(ROOT)])
    out = unwrapped(capsys.readouterr().out)  # a line wider than the terminal reads whole
    assert code == 0, out
    # the bank runs short (ATTENTION (manque de pièces à la banque)): the headline says the warning as the page's badge (fr1)
    # "avec réserves", never a plural "avertissements" over one warning (fifteenth reading fr8)
    assert "VALIDÉ AVEC RÉSERVES — Draco & Co (draco), 3 joueurs\u202f: 12 parties sur 12 terminées" in out
    # and what of, by the shortage's name in the game's words (twentieth reading it44)
    # round 29 fr6: French says it so for one too; 1 nombre de joueurs (en5); round 46 fr14: the shortage's scale,
    # the count not said again
    assert re.search("vérifié à 3 joueurs\u202f: aucun échec\u202f; validé avec réserves \\(manque de pièces à la "
                     "banque\u202f: [0-9]+,[0-9]\u202f% des parties\\)", out)
    # Draco's richest player wins: fortunes, not scores, in its book's words, typeset in French (en23)
    assert "fortunes finales, en pièces d’argent (une pièce d’or en vaut 3)\u202f: " in out and "fortune moyenne du vainqueur\u202f: " in out
    assert "scores en" not in out and "Rapport\u202f: " in out and "games" not in out.replace("--games", "")  # an option
    assert "\n  jouées par des joueurs automatiques (stratégie simple propre au jeu) à toutes les places de la table" in out \
        and "played by" not in out
    shown = out.replace(str(tmp_path), "").replace("draco", "")  # the report's path and the deck's own id
    assert not SNAKE.findall(shown), SNAKE.findall(shown)


@pytest.mark.parametrize("command", [["validate", "draco"], ["compare", "draco", "draco-short"], ["tune", "draco"]])
def test_a_language_cardgen_has_no_words_in_is_one_line(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """validate, compare and tune accept the shipped languages alone, with a did-you-mean, exit 2."""
    assert main([*command, "--lang", "fre", "--project", str(ROOT)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown language 'fre'" in err[0] and "(did you mean 'fr'?)" in err[0], err
    assert main([*command, "--lang", "de", "--project", str(ROOT)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "expected fr, it, en" in err[0], err


def test_interrupted_is_said_in_the_terminal_language(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from cardgen import lifecycle
    monkeypatch.setattr(lifecycle, "_SAID", False)
    terminal.set_language("it")
    try:
        lifecycle.say_interrupted()
    finally:
        terminal.set_language("en")
    assert capsys.readouterr().err == "cardgen: interrotto\n"


def test_failed_games_are_said_in_the_language() -> None:
    """The first failed game by its number from 1, as a person counts (index 0 is "game 1")."""
    from cardgen.simulate.failures import Failed
    failed = Failed("d", 3, 2, 4, 0, 22, "boom")
    assert failed.line("en") == "d, 3 players: 2 of 4 games failed; the first (game 1, seed 22): boom"
    assert failed.line("fr") == ("d, 3 joueurs\u202f: 2 parties sur 4 ont échoué\u202f; la première (partie 1, "
                                 "tirage n°\u00a022)\u202f: boom")
    assert Failed("d", 3, 1, 4, 1, 22, "boom").line("it").startswith("d, 3 giocatori: 1 partita su 4 è fallita")


def _m(name: str, base: float, variant: float, low: float, high: float, significant: bool = True) -> dict:
    return {"metric": name, "base": base, "variant": variant, "difference": variant - base, "low": low,
            "high": high, "p": 0.0 if significant else 0.5, "significant": significant}


@pytest.mark.parametrize("lang", SHIPPED)
def test_royale_says_its_length_in_turns(lang: str) -> None:
    """Royale's players count turns (each game's ``words.json`` says which length its players count): a
    variant whose games have as many turns but fewer table rounds is not "3.1 rounds shorter"; King Lui's
    players count rounds (courses), so the same figures there do speak of rounds."""
    from cardgen.simulate.verdict import LABELS, verdict

    metrics = [_m("turns", 40.0, 40.2, -0.3, 0.7, significant=False), _m("rounds", 13.4, 10.3, -3.5, -2.7)]
    royale = dict(get_game("royale").words)
    assert royale["length"] == "turns" and get_game("king_lui").words["length"] == "rounds"
    said = " ".join(verdict({"metrics": metrics, "games": 400, "game_words": royale}, lang))
    rounds = LABELS[lang]["rounds"]
    assert rounds not in said and "3,1" not in said and "3.1" not in said, said
    king_lui = dict(get_game("king_lui").words)
    kept = " ".join(verdict({"metrics": metrics, "games": 400, "game_words": king_lui}, lang))
    courses = king_lui["labels"][lang]["rounds"]  # its rounds are the book's courses
    assert courses in kept and ("3.1" in kept or "3,1" in kept), kept
    moved = [_m("turns", 40.0, 36.0, -4.5, -3.5), _m("rounds", 13.4, 12.0, -1.6, -1.2)]
    said = " ".join(verdict({"metrics": moved, "games": 400, "game_words": royale}, lang))
    assert LABELS[lang]["turns"] in said and rounds not in said, said


def test_every_game_declares_the_length_its_players_count() -> None:
    for game in ("king_lui", "royale", "draco"):
        words = json.loads((ROOT / "cardgen" / "games" / game / "words.json").read_text(encoding="utf-8"))
        assert words["length"] in ("turns", "rounds"), game


def test_engine_notes_follow_the_terminal_language() -> None:
    """Why a run takes the reference engine (autoengine's choice, runner's reasons) is said in the language too."""
    from cardgen.simulate.autoengine import decide

    terminal.set_language("fr")
    try:
        assert decide(0.1, True, False, None).why.startswith("une exécution aussi courte finit plus tôt")
        assert decide(1.0, False, True, None).why == "la version compilée du moteur n’est pas encore prête"
        assert terminal.say("note", text="x").startswith("Remarque\u202f: ")
    finally:
        terminal.set_language("en")
    assert decide(1.0, False, True, None).why == "this game’s compiled engine has not been built yet"


def test_compare_prints_its_figure_table_in_the_language() -> None:
    """compare's screen after the verdict (header, what changes, grouped figures, cards, folded tallies) follows
    ``--lang``, components by their names in it."""
    from cardgen.simulate.summary import Naming, format_comparison

    metrics = [{**_m("turns", 40.0, 36.0, -4.5, -3.5), "group": "length"},
               {**_m("seat_1_win_rate", 0.30, 0.36, 0.01, 0.11), "group": "fairness"},
               {**_m("gap:bank_short", 0.9, 0.1, -0.9, -0.7), "group": "internal", "follows_from_change": True}]
    card = {"component": "favour", "flag": "strong", "difference": 0.12, "base": {"difference": 0.01, "flag": ""}}
    side = {"variant": "draco", "sufficiency": []}
    doc = {"lang": "fr", "base": "draco", "variant": "draco-short", "name": "Draco court", "games": 100,
           "agents": ["heuristic"], "differences": [], "results": [
               {"players": 3, "verdict": ["Les parties durent 4 tours de moins."], "metrics": metrics, "family": 3,
                "base_result": side, "variant_result": {**side, "variant": "draco-short"},
                "component_impact": [card]}]}
    text = format_comparison(doc, Naming(dict(get_game("draco").words), {"favour": "Faveur"}))
    assert text.startswith("Comparaison\u202f: draco → Draco court (draco-short), sur 100 paires de parties par nombre de joueurs")
    assert "3 joueurs (base → variante, puis l’écart et son intervalle à 95\u202f%\u202f; * marque un changement qui a peu de " \
           "chances d’être dû au hasard et dont l’intervalle exclut 0\u202f;" in text
    assert re.search(r"part des victoires, joueur 1 \(premier à jouer\) +30,0\u202f% → +36,0\u202f%  \+6,0 \[.*\] \*", text) and "Faveur\u202f: +1,0 → +12,0 (trop forte sur les 100 parties de la variante de cette comparaison\u202f; le changement par rapport au jeu de base n’est pas testé)" in text
    # twenty-third reading (fr23): said with the count, before the items, never "; elle découle…" after them
    assert ("une sur 1 a varié plus que le hasard ne peut l’expliquer, par effet direct de la règle de la variante — " in text
            and "rien dans les données" in text)  # round 43 it23*: "beyond chance"
    assert not re.search(r"\b(players|games|seat|rounds|strong)\b", text), text


def test_tune_resume_without_a_study_is_one_line_in_the_language(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tune", "king_lui-six-players", "--players", "6", "--param", "course_cards_per_player=1..3",
                 "--target", "rounds=9.6..9.9", "--trials", "2", "--games", "4", "--resume", "--out",
                 str(tmp_path / "tune"), "--lang", "fr", "--project", str(ROOT)])
    err = unwrapped(capsys.readouterr().err).strip().splitlines()
    assert code == 2
    assert err[0].startswith("réglage de king_lui-six-players\u202f: 2 essais de 4 parties par nombre de joueurs")
    assert len(err) == 2 and "aucune étude interrompue avec ces options" in err[1] and "il n’y en a aucune" in err[1]


def test_the_language_of_one_command_does_not_stay_for_the_next(capsys: pytest.CaptureFixture[str]) -> None:
    """main() called twice in one process (as tests do): the second command speaks its own language."""
    assert main(["validate", "nothing-here", "--lang", "it", "--project", str(ROOT)]) == 2
    assert terminal.language() == "it"
    assert main(["check", "nothing-here", "--project", str(ROOT)]) == 2
    assert terminal.language() == "en"
    capsys.readouterr()


def test_two_times_is_said_as_the_language_counts() -> None:
    """English says "twice" and "once", never "2 times"; French and Italian count in figures ("1 fois", "2 volte")."""
    assert [terminal.say_n("times", n, "en") for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    assert [terminal.say_n("times", n, "fr") for n in (1, 2)] == ["1 fois", "2 fois"]
    assert [terminal.say_n("times", n, "it") for n in (1, 2, 3)] == ["1 volta", "2 volte", "3 volte"]


@pytest.mark.parametrize("lang", SHIPPED)
def test_a_passed_count_with_a_balance_flag_is_told_with_warnings_everywhere(validated: dict, lang: str) -> None:
    """One verdict for one run (fourteenth reading en6, fr1, it2): a seat beyond its fair share made the page say
    "PASS WITH WARNINGS" while the terminal's headline said "PASS", printed no warning line and closed on "none
    failed". The headline, the paragraph, and the closing count now say it alike, and the page says it once, under its heading."""
    from cardgen.report.validation import section
    from cardgen.simulate.summary import Naming, format_entry, total_line, warned

    deck, result = validated["royale"]
    flag = {"seat": 1, "side": "more", "rate": 0.6, "low": 0.45, "high": 0.75, "fair": 1 / 3, "level": 0.9833,
            "compared": 3, "games": 24}
    flagged = {**result, "balance": {**result["balance"], "flags": [flag], "warnings": ["seat 1 wins more"]}}
    plain = {**result, "balance": {**result["balance"], "flags": [], "warnings": []}}
    assert warned(flagged) and not warned(plain) and not warned({**flagged, "passed": False})
    lines = format_entry(flagged, lang, Naming.of(deck, lang)).splitlines()
    # one warning in the singular where the language says it so (fifteenth reading: Italian "CON AVVISI")
    assert lines[0].startswith(terminal.say_n("pass_warned", 1, lang) + " — Royale (royale)")  # round 36 it11
    assert lines[0].startswith({"en": "PASS WITH A WARNING ", "fr": "VALIDÉ AVEC RÉSERVES ",
                                "it": "VERIFICA SUPERATA CON UN AVVISO "}[lang])
    short = {"peak": "unpaid_by_bank", "print_more": 5, "cover": 0.99, "games_short": 3, "games": 24, "max": 4}
    two = format_entry({**flagged, "sufficiency": [short]}, lang, Naming.of(deck, lang)).splitlines()[0]
    assert two.startswith({"en": "PASS WITH WARNINGS ", "fr": "VALIDÉ AVEC RÉSERVES ",
                           "it": "VERIFICA SUPERATA CON AVVISI "}[lang])
    assert [line for line in lines if line.startswith("  " + terminal.say("warn_balance", lang))]
    assert format_entry(plain, lang, Naming.of(deck, lang)).splitlines()[0].startswith(terminal.say("pass", lang) + " — Royale (royale)")
    # and what the warning is about, as its WARNING heads it (twentieth reading it44)
    closing = {"en": "two player counts checked: all passed, 1 with a warning (balance)",
               "fr": "deux nombres de joueurs vérifiés\u202f: aucun échec, 1 validé avec réserves "
                     "(équilibre)",
               "it": "verificate due configurazioni: tutte superate, "
                     "1 superata con un avviso (equilibrio)"}[lang]  # one warning (round 29 it28)
    assert terminal.typeset(total_line([flagged, plain], lang), lang) == closing
    assert not total_line([plain, plain], lang).endswith(terminal.say_n("total_warned", 0, lang))
    # the Details block says neither badge nor heading again: its count's heading above says it (twenty-third
    # reading en54)
    from cardgen.report.templating import macro
    assert "<h2" not in str(macro("section.html", "section", section(flagged, lang)))
