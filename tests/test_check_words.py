"""``cardgen check --lang`` and build's own lines (issue 53): the words come from wordbooks, numbers as the
language writes them, and a check with no words (a project's own) keeps the words its code gave it."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cardgen.games.base import CheckResult, worded_check
from screen import unwrapped, unwrapped_capture

TABLE = {
    "en": {"room": {"name": "the room holds {n} guests", "detail": "{n} seats, {left} left", "fail": "{n} too many"}},
    "fr": {"room": {"name": "la salle reçoit {n} invités", "detail": "{n} places, {left} libres", "fail": "{n} de trop"}},
    "it": {"room": {"name": "la sala accoglie {n} ospiti", "detail": "{n} posti, {left} liberi", "fail": "{n} di troppo"}},
}


def test_a_worded_check_is_english_with_every_other_language_beside_it() -> None:
    r = worded_check(TABLE, "room", 3, True, n=1200, left=7)
    assert (r.name, r.players, r.passed, r.detail) == ("the room holds 1,200 guests", 3, True, "1,200 seats, 7 left")
    assert r.words("fr") == ("la salle reçoit 1\u202f200 invités", "1\u202f200 places, 7 libres")
    assert r.words("it") == ("la sala accoglie 1.200 ospiti", "1.200 posti, 7 liberi")
    assert r.words("en") == (r.name, r.detail) and r.words("de") == (r.name, r.detail)
    failed = worded_check(TABLE, "room", None, False, "fail", n=2, left=0)
    assert failed.detail == "2 too many" and failed.words("it")[1] == "2 di troppo" and not failed.passed


def test_check_lines_in_french_and_a_projects_own_check_as_written() -> None:
    from cardgen.inspect import checks_summary, format_checks

    deck = SimpleNamespace(id="fête")
    results = [worded_check(TABLE, "room", 3, True, n=5, left=1), CheckResult("my own rule", None, False, "too long")]
    fr = format_checks(deck, results, "fr").splitlines()  # type: ignore[arg-type]
    assert fr == ["fête\u202f:", "  RÉUSSI  3 joueurs · la salle reçoit 5 invités\u202f: 5 places, 1 libres",
                  "  ÉCHEC               my own rule\u202f: too long"]
    en = format_checks(deck, results, "en").splitlines()  # type: ignore[arg-type]
    assert en[1:] == ["  PASS  3 players · the room holds 5 guests: 5 seats, 1 left",
                      "  FAIL              my own rule: too long"]
    assert checks_summary(1, 0, "fr") == "1 jeu vérifié\u202f; aucune vérification n’a échoué"
    assert checks_summary(1, 0, "it") == "1 gioco verificato: nessuna verifica fallita"  # read 9 it24: "mazzo" is the draw pile
    assert checks_summary(1, 0, "en") == "1 deck checked, none failed"
    assert checks_summary(2, 3, "it") == "2 giochi verificati: 3 verifiche fallite"
    assert checks_summary(1, 1, "en") == "1 deck checked, 1 check failed"


@pytest.mark.parametrize("lang, done, nothing", [
    ("en", "cardgen build: 1 file written, 2 unchanged; 110 cards in 1 deck, 2 languages, 1 paper (1.5 s)",
     "cardgen build: 0 files written, 2 unchanged; 110 cards in 1 deck, 2 languages, 1 paper (nothing changed)"),
    ("it", "cardgen build: scritti: 1 file, invariati: 2; 110 carte in 1 mazzo, 2 lingue, 1 formato di carta (1,5 s)",
     "cardgen build: scritti: 0, invariati: 2; 110 carte in 1 mazzo, 2 lingue, 1 formato di carta (nulla è cambiato)"),
])
def test_builds_last_line_in_the_terminals_language(lang: str, done: str, nothing: str) -> None:
    from cardgen.terminal import set_language
    from cardgen.unchanged import build_summary

    figures = {"written": 1, "unchanged": 2, "cards": 110, "decks": 1, "langs": 2, "papers": 1}
    try:
        set_language(lang)
        assert build_summary(figures, 1.54) == done
        assert build_summary({**figures, "written": 0}, None) == nothing
    finally:
        set_language("en")


#: a Royale variant every check of a player's cards fails: four columns (no line is one take, no imposter pattern
#: fits), five nobles each where six are dealt, no Dessert and no Abundance (some noble sides cannot be met)
BROKEN = """extends: royale
name: {fr: "Cassé", it: "Rotto", en: "Broken"}
description: {fr: "Cassé.", it: "Rotto.", en: "Broken."}
players: {min: 2, max: 2}
rules:
  grid_cols: 4
  nobles_per_player: 5
change:
  dessert: {count: 0}
  abundance: {count: 0}
"""
#: a variant whose takes are four cards: every imposter pattern names three cells
LONG_TAKE = """extends: royale
name: {fr: "Quatre", it: "Quattro", en: "Four"}
description: {fr: "Quatre.", it: "Quattro.", en: "Four."}
players: {min: 2, max: 2}
rules:
  cards_per_take: 4
"""


def _failing_checks(tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    from cardgen.cli import main

    root = Path(__file__).resolve().parents[1]
    (tmp_path / "decks").mkdir()
    (tmp_path / "variants").mkdir()
    (tmp_path / "decks/royale.yaml").write_bytes((root / "decks/royale.yaml").read_bytes())
    (tmp_path / "variants/royale-broken.yaml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "variants/royale-four.yaml").write_text(LONG_TAKE, encoding="utf-8")
    code = main(["check", "royale-broken", "royale-four", "--lang", lang, "--project", str(tmp_path)])
    said = unwrapped_capture(capsys.readouterr())
    assert code == 1, said
    return said.out + said.err


@pytest.mark.parametrize("lang, words", [
    ("fr", ["rangée 1, rangée 2, rangée 3", "A\u202f: nobles 6, imposteurs 1\u202f; B\u202f: nobles 6, imposteurs 1",
            "imposter-a\u202f: un motif de 3×3 ne tient dans la grille de 3×4 dans aucun sens permis\u202f; imposter-b",
            "(face masquée)", "(face démasquée)", "imposter-a désigne 3 cases, pas 4"]),
    ("it", ["riga 1, riga 2, riga 3", "A: nobili 6, impostori 1; B: nobili 6, impostori 1",
            "imposter-a: uno schema 3×3 non entra nella griglia 3×4 in nessun verso permesso; imposter-b",
            "(lato mascherato)", "(lato smascherato)", "imposter-a indica 3 caselle, non 4"]),
    ("en", ["row 1, row 2, row 3", "A: nobles 6, imposters 1; B: nobles 6, imposters 1",
            "imposter-a: a 3×3 pattern does not fit the 3×4 grid in any allowed turn; imposter-b",
            " (masked)", " (unmasked)", "imposter-a names 3 cells, not 4"]),
])
def test_a_failing_checks_detail_names_its_parts_in_the_language(lang: str, words: list[str], tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Royale's lines, a player's nobles and imposter, the imposters' patterns and the noble sides that cannot be
    met were English in the detail of a failing check under --lang fr/it (issue 53): now the books' words."""
    from english import english_in

    said = _failing_checks(tmp_path, lang, capsys)
    for piece in words:
        assert piece in said, (piece, said)
    ids = {"royale", "broken", "four", "imposter", "noble", "dessert", "abundance"}
    if lang != "en":
        assert not english_in(said, lang, ids), english_in(said, lang, ids)


@pytest.mark.parametrize("lang, cards", [("fr", "Faveur, Partie de dés et Pluie d’écus"),
                                         ("it", "«Favore», «Partita a dadi» e «Pioggia di monete»"),
                                         ("en", "Favour, Game of Dice and Shower of Coins")])
def test_dracos_die_check_names_the_cards_that_roll_it(lang: str, cards: str, capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """The die check named the roll effects by the deck's field names (coin_drop, dice_duel); now by the cards'."""
    from cardgen.cli import main

    assert main(["check", "draco", "--lang", lang, "--project", str(Path(__file__).resolve().parents[1])]) == 0
    assert unwrapped(capsys.readouterr().out).count(cards) == 4  # 3 to 6 players


def _checked(deck: str, lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    """``check deck --lang lang`` as printed (wrapped lines kept)."""
    from cardgen.cli import main

    assert main(["check", deck, "--lang", lang]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang, said", [
    ("en", ["card faces print correctly in French: all 16 faces (8 fronts, 8 backs) fit their layouts",
            "every component present: 8 different designs, none missing",
            "the game lasts more than one course: between 12 and 18 courses",
            "everyone is chef at least once: at least 12 courses for 3 players",
            "the chef can lay the table: 110 cards, 6 per course, so 18 full courses at most",
            "between 12 and 18 courses, however many cards the players draw",
            "5 Emerald cards, each removes 2 of the king’s portions; 105 portion cards in the game"]),
    ("fr", ["les faces en italien s’impriment correctement : les 16 faces (8 recto, 8 verso)",
            "la partie dure plus d’un service : entre 12 et 18 services", "au moins 12 services pour 3 joueurs",
            "le chef peut dresser la table : 110 cartes, 6 par "
            "service, soit 18 services complets au plus", "plusieurs plats au choix : 7 plats différents",
            "Emerald trouve des portions à retirer : 5 cartes Emerald, chacune retire 2 portions du roi ; 105 cartes "
            "Portion dans le jeu"]),
    ("it", ["le carte in inglese si stampano correttamente: 16 facce (8 fronti, 8 retri) rientrano nel formato",
            "nessun componente mancante: 8 componenti diversi, tutti presenti",
            "la partita dura più di una portata", "almeno 12 portate per 3 giocatori",
            "il cuoco può apparecchiare la tavola: 110 carte, 6 per portata, quindi al massimo 18 portate complete",
            "5 carte Emerald, ognuna toglie 2 porzioni al re; 105 carte porzione nel gioco", "1 gioco verificato"])])
def test_king_luis_check_speaks_the_books_words(lang: str, said: list[str], capsys: pytest.CaptureFixture[str]
                                                ) -> None:
    """Read 9 (en28-en31, fr13, fr14, it23, it24, it26): the faces' language by its name, never "(fr)"; the
    chef lays the table as the books say, one colon a line; what the Emerald line checks; every figure from
    the deck (110 cards, 3 × 2 a course, 105 portions)."""
    out = " ".join(_checked("king_lui", lang, capsys).split())
    assert all(s in out for s in said), [s for s in said if s not in out]
    assert not any(f"({code})" in out for code in ("fr", "it", "en"))


@pytest.mark.parametrize("lang, said", [
    ("en", ["3 rows and 3 columns of 3 cards", "exactly one End of the Banquet card: 1 in the game",
            "each score from 0 to 12 has a verdict", "every component present: 110 different designs, none missing",
            "all 220 faces (110 fronts, 24 other sides, 86 backs) fit their layouts",
            "every player letter has its nobles and imposter"]),
    ("fr", ["chaque rangée et chaque colonne de la desserte peut être prise : 3 rangées et 3 colonnes de 3 cartes",
            "une seule carte Fin du banquet : 1 dans le jeu", "chaque score de 0 à 12 a son verdict",
            "chaque lettre de joueur a ses nobles et son imposteur"]),
    ("it", ["3 righe e 3 colonne di 3 carte", "4 lettere di giocatore, ognuna con 6 nobili",
            "una sola carta Fine del banchetto: 1 nel gioco", "ogni punteggio da 0 a 12 ha il suo verdetto",
            "la scala dei punteggi del solitario è completa", "110 componenti diversi, tutti presenti"])])
def test_royales_check_speaks_the_books_words(lang: str, said: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Read 9 (fr15, fr16, it25, it27, en32): rows and columns, not "alignements"; the End of the Banquet card
    counted, not "présente"; the book's "lettera di giocatore" and "verdict". Read 11 (en37, en38, it41, fr22,
    it44): 110 designs (not "kinds": the book has 6 dish types), where the 220 faces come from, the player
    letter (not "every player" at 1 player), the solo's score scale."""
    out = " ".join(_checked("royale", lang, capsys).split())
    assert all(s in out for s in said), [s for s in said if s not in out]
    assert not any(w in out for w in ("alignement", "présente", "fascia", "band", "tranche", "lettere dei"))


def test_a_wrapped_check_line_continues_under_the_checks_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Read 9 en37: "1 player ·" wrapped at column 9 and "2 players ·" at 8, under the label; every continuation
    now starts where every check's name starts (column 20 in English: 2 + "PASS" + 1 + "10 players" + " · ")."""
    lines = _checked("royale", "en", capsys).splitlines()
    names = {len(l) - len(l.split(" · ", 1)[1]) for l in lines if " · " in l}
    assert names == {20}
    starts = {len(l) - len(l.lstrip(" ")) for l in lines[1:-1] if not l.lstrip().startswith(("PASS", "FAIL"))}
    assert starts == {20} and len(lines) > 40
