"""The one-line errors of bad input in the command's language (issue 53): under ``--lang fr`` or ``it`` an
unknown deck, a missing file, a bad field or value and a bad ``--param`` say their sentence and their "did you
mean" in that language (``cardgen/errors.json``); English stays word for word what it was."""
from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.errors import InputError, InputErrors
from english import english_in

ROOT = Path(__file__).resolve().parents[1]
N = "\u202f"
TUNE = ["tune", "king_lui", "--target", "turns=10..40"]

#: (arguments, deck change, the line in en, fr, it)
CASES = {
    "unknown deck": (["validate", "kingg_lui"], None, (
        "cardgen: error: no deck or variant called 'kingg_lui' (did you mean 'king_lui'?)",
        f"cardgen{N}: erreur{N}: aucun jeu ni variante ne s’appelle «{N}kingg_lui{N}» (vouliez-vous dire "
        f"«{N}king_lui{N}»{N}?)",
        "cardgen: errore: nessun mazzo né variante si chiama «kingg_lui» (forse intendevi «king_lui»?)")),
    "missing file": (["check", "nosuch.yaml"], None, (
        "cardgen: error: nosuch.yaml: file not found", f"cardgen{N}: erreur{N}: nosuch.yaml: fichier introuvable",
        "cardgen: errore: nosuch.yaml: file non trovato")),
    "unknown field": (["check", "king_lui"], ("rules:\n", "rules:\n  emerald_portionz: 2\n"), (
        "rules.emerald_portionz: unknown field 'emerald_portionz' (did you mean 'emerald_portions'?)",
        f"rules.emerald_portionz{N}: champ inconnu{N}: «{N}emerald_portionz{N}» (vouliez-vous dire "
        f"«{N}emerald_portions{N}»{N}?)",
        "rules.emerald_portionz: campo sconosciuto «emerald_portionz» (forse intendevi «emerald_portions»?)")),
    "wrong kind": (["check", "king_lui"], ("emerald_portions: 2 ", "emerald_portions: [2] "), (
        "rules.emerald_portions: expected a whole number, got a list",
        f"rules.emerald_portions{N}: attendu{N}: un nombre entier{N}; reçu{N}: une liste",
        "rules.emerald_portions: previsto: un numero intero; ricevuto: una lista")),
    "param rule": ([*TUNE, "--param", "emerald_portion=1..3"], None, (
        "'emerald_portion' is no rule number of king_lui (king_lui); expected one of course_cards_per_player, "
        "emerald_portions, supply_draw_cards or count:COMPONENT (did you mean 'emerald_portions'?)",
        f"«{N}emerald_portion{N}» n’est pas un nombre des règles de king_lui (king_lui){N}; attendu{N}: "
        f"course_cards_per_player, emerald_portions, supply_draw_cards ou count:COMPOSANT (vouliez-vous dire "
        f"«{N}emerald_portions{N}»{N}?)",
        "«emerald_portion» non è un numero delle regole di king_lui (king_lui); previsto: course_cards_per_player, "
        "emerald_portions, supply_draw_cards o count:COMPONENTE (forse intendevi «emerald_portions»?)")),
    "param value": ([*TUNE, "--param", "emerald_portions=x"], None, (
        "--param: 'emerald_portions=x': 'x' does not fit emerald_portions (now 2)",
        f"--param{N}: «{N}emerald_portions=x{N}»{N}: «{N}x{N}» ne convient pas à emerald_portions (actuellement 2)",
        "--param: «emerald_portions=x»: «x» non va bene per emerald_portions (ora 2)")),
    "param component": ([*TUNE, "--param", "count:hamm=1..3"], None, (
        "'count:hamm=1..3': no component 'hamm' in king_lui (did you mean 'count:ham'?)",
        f"«{N}count:hamm=1..3{N}»{N}: aucun élément «{N}hamm{N}» dans king_lui (vouliez-vous dire "
        f"«{N}count:ham{N}»{N}?)",
        "«count:hamm=1..3»: nessun componente «hamm» in king_lui (forse intendevi «count:ham»?)")),
}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_input_line_speaks_the_commands_language(case: str, lang: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    args, change, said = CASES[case]
    project = ROOT
    if change is not None:  # a copy of King Lui's deck with one mistake
        project = tmp_path / "p"
        (project / "decks").mkdir(parents=True)
        deck = (ROOT / "decks/king_lui.yaml").read_text(encoding="utf-8")
        (project / "decks/king_lui.yaml").write_text(deck.replace(*change, 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main([*args, "--lang", lang, "--project", str(project), "--out", str(tmp_path / "o")]
                if args[0] == "tune" else [*args, "--lang", lang, "--project", str(project)]) == 2
    err = capsys.readouterr().err
    line = said[("en", "fr", "it").index(lang)]
    assert len(err.splitlines()) == 1 and line in err, (line, err)
    assert "Traceback" not in err
    if lang != "en":
        ids = {"kingg_lui", "king_lui", "nosuch", "emerald_portionz", "emerald_portions", "emerald_portion",
               "hamm", "ham"}
        assert not english_in(err, lang, ids), english_in(err, lang, ids)


def test_a_worded_error_crosses_processes_with_its_words() -> None:
    """An error raised in a worker (pickled) keeps its sentence's key and fields, and so its languages."""
    error = InputError("file not found", file="a.yaml", key="file_not_found")
    back = pickle.loads(pickle.dumps(InputErrors([error, InputError("plain words", field="x")], more=2)))
    assert back.lines("it") == ["a.yaml: file non trovato", "x: plain words", "… e altri 2 problemi non elencati"]
    assert back.lines() == ["a.yaml: file not found", "x: plain words", "... and 2 more problems not listed"]
    assert InputErrors([error], more=1).lines("fr")[-1] == "… et 1 autre problème non listé"
