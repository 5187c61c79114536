"""Each command's library function (``cardgen.commands``) called directly, without the command line:
its exit code, what it prints or writes, and the bad input it refuses (``InputError``, which the
command line turns into one line and exit code 2). The command line's own tests (``test_cli.py``,
``test_print_only.py``...) prove ``cardgen/cli.py`` reaches these functions unchanged."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from cardgen import commands
from cardgen.commands import BuildRequest, PlayRequest, StudyRequest
from cardgen.errors import InputError

#: a print-only deck in Italian alone (no game): checks and builds quickly
from test_print_only import DECK  # noqa: E402

#: a King Lui variant whose game lasts more than one course at 5 players: a static check fails
BROKEN = ("extends: king_lui\nname: {fr: a, it: a, en: a}\ndescription: {fr: a, it: a, en: a}\n"
          "rules: {course_cards_per_player: 10}\nremove: [ham, cheese]\n")


def print_only(tmp_path: Path) -> Path:
    """A project holding the print-only deck ``semi``."""
    (tmp_path / "decks").mkdir(parents=True, exist_ok=True)
    (tmp_path / "decks" / "semi.yaml").write_text(DECK, encoding="utf-8")
    return tmp_path


def refused(call: Callable[[], Any]) -> InputError:
    """The bad input ``call`` raises."""
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


def test_check_returns_1_when_a_check_fails_and_0_when_none_does(mini_project: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (mini_project / "variants" / "tiny.yaml").write_text(BROKEN, encoding="utf-8")
    assert commands.check_command(str(mini_project), ["tiny"], "en") == 1
    out = capsys.readouterr().out
    assert "FAIL  5 players · the game lasts more than one course" in out
    assert out.rstrip("\n").splitlines()[-1].startswith("1 deck")  # the summary comes last, once
    assert commands.check_command(str(mini_project), ["king_lui"], "fr") == 0
    assert "FAIL" not in capsys.readouterr().out


def test_check_returns_1_for_one_failed_check(mini_project: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import cardgen.check.static as static
    from cardgen.inspect import checks_summary
    real = static.run_checks

    def one_failure(deck: Any) -> list[Any]:
        """The deck's results with only the first failed check among them."""
        results = real(deck)
        first = next(i for i, r in enumerate(results) if not r.passed)
        return [r for i, r in enumerate(results) if r.passed or i == first]

    (mini_project / "variants" / "tiny.yaml").write_text(BROKEN, encoding="utf-8")
    monkeypatch.setattr(static, "run_checks", one_failure)
    assert commands.check_command(str(mini_project), ["tiny"], "it") == 1
    assert capsys.readouterr().out.rstrip("\n").splitlines()[-1] == checks_summary(1, 1, "it")


def test_check_refuses_a_deck_it_cannot_draw_before_any_check(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    root = print_only(tmp_path)
    deck = (root / "decks" / "semi.yaml")
    deck.write_text(DECK.replace("title: {it: Carta}", "title: {it: " + "Lunghissimo " * 12 + "}"), encoding="utf-8")
    assert "does not fit" in str(refused(lambda: commands.check_command(str(root), [], "en")))
    assert capsys.readouterr().out == ""  # no check printed


def test_build_refuses_a_gutter_without_a_grid_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    request = BuildRequest(project=str(print_only(tmp_path)), gutter=2.0, out=str(out))
    assert refused(lambda: commands.build_command(request)).key == "gutter_no_grid"
    assert not out.exists()


def test_build_refuses_a_gutter_too_wide_for_its_grid_before_writing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    request = BuildRequest(project=str(print_only(tmp_path)), papers=["a4"], grid=(3, 3), gutter=8.0, out=str(out))
    error = str(refused(lambda: commands.build_command(request)))
    assert error.startswith("--grid 3x3: ") and "--gutter" in error, error
    assert not [p for p in out.rglob("*") if p.is_file()]


def test_build_writes_the_sheets_then_answers_an_unchanged_request_at_once(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    request = BuildRequest(project=str(print_only(tmp_path)), papers=["a4"], grid=(3, 3), gutter=2.0, out=str(out))
    assert commands.build_command(request) == 0
    assert (out / "semi" / "it" / "cards-a4-3x3-gutter2.pdf").is_file()
    assert not (out / "semi" / "it" / "cards-letter.pdf").exists()
    capsys.readouterr()
    assert commands.build_command(request) == 0
    assert capsys.readouterr().out.count("\n") == 1  # the unchanged summary alone


def test_build_refuses_failed_checks_on_stderr_unless_forced(project_with: Callable[[str], Path], tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    root = project_with("royale")
    (root / "variants" / "two.yaml").write_text(
        'extends: royale\nname: {fr: a, it: a, en: a}\ndescription: {fr: d, it: d, en: d}\n'
        "change: {end-banquet: {count: 2}}\n", encoding="utf-8")
    out = tmp_path / "out"
    request = BuildRequest(project=str(root), decks=["two"], langs=["en"], papers=["a4"], rules=False, out=str(out))
    assert commands.build_command(request) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("cardgen: error: variants/two.yaml: 2 players: check 'exactly one End of the Banquet")
    assert err[-1] == ("cardgen: error: nothing built: fix the failed checks above, or pass --force to print anyway")
    assert not out.exists() or not any(out.iterdir())
    forced = BuildRequest(**{**vars(request), "force": True})
    assert commands.build_command(forced) == 0
    err = capsys.readouterr().err
    assert err.startswith("cardgen: warning: variants/two.yaml: 2 players:") and "nothing built" not in err
    assert (out / "two" / "en" / "cards-a4.pdf").is_file()


def test_build_fingerprints_what_was_asked_with_the_defaults_filled_in() -> None:
    asked = BuildRequest(decks=["semi"], langs=["it"], grid=(2, 3), proof=True).fingerprinted("/p")
    assert {k: v for k, v in asked.items() if k != "date"} == {
        "decks": ["semi"], "lang": ["it"], "paper": ["a4", "letter"], "duplex": "long", "ink_saver": False,
        "rules": True, "fronts_only": False, "backs_once": False, "proof": True, "instructions": True,
        "grid": (2, 3), "gutter": 0.0, "force": False, "project": "/p"}
    assert BuildRequest(gutter=1.5, force=True).fingerprinted("/p")["gutter"] == 1.5


def test_schema_writes_the_json_schema_to_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "schema.json"
    assert commands.schema_command(None, str(target)) == 0
    assert capsys.readouterr().out == ""
    text = target.read_text(encoding="utf-8")
    assert text.endswith("}\n") and isinstance(json.loads(text), dict)
    assert commands.schema_command(None, None) == 0
    assert capsys.readouterr().out == text  # the same schema on standard output


def test_new_names_each_file_then_what_to_run_next(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "Mon jeu"
    assert commands.new_command(str(folder), rules=True) == 0
    lines = capsys.readouterr().out.splitlines()
    wrote = [line for line in lines if line.startswith("wrote ")]
    assert wrote and all(Path(line[len("wrote "):]).is_file() for line in wrote)
    assert lines[len(wrote)] == f"next: cd {folder} && cardgen build   (then edit decks/cards.csv; README.md says more)"
    assert lines[-1] == "      cardgen validate && cardgen compare mon-jeu mon-jeu-variant   (plays rules.py)"
    assert commands.new_command(str(tmp_path / "plain")) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("next: ")  # no rules: no compare line


def test_cache_says_how_much_it_cleared(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import cardgen.cache
    monkeypatch.setattr(cardgen.cache, "clear", lambda root: (3, 3 * 2 ** 19))  # the real one would empty it
    assert commands.cache_command() == 0
    assert capsys.readouterr().out == "cache cleared: 3 files, 1.5 MiB\n"
    assert commands.cache_command("fr") == 0  # the language's decimal comma and its unit, thin space before ":"
    assert capsys.readouterr().out == "cache vidé\u202f: 3 fichiers, 1,5 Mio\n"
    assert commands.cache_command("it") == 0
    assert capsys.readouterr().out == "cache svuotata: 3 file, 1,5 MiB\n"
    monkeypatch.setattr(cardgen.cache, "clear", lambda root: (1, 2 ** 20))  # one file: the singular
    assert commands.cache_command() == 0
    assert capsys.readouterr().out == "cache cleared: 1 file, 1.0 MiB\n"
    assert commands.cache_command("fr") == 0
    assert capsys.readouterr().out == "cache vidé\u202f: 1 fichier, 1,0 Mio\n"
    monkeypatch.setattr(cardgen.cache, "clear", lambda root: (0, 0))  # French says 0 in the singular, English not
    assert commands.cache_command("fr") == 0
    assert capsys.readouterr().out == "cache vidé\u202f: 0 fichier, 0,0 Mio\n"
    assert commands.cache_command() == 0
    assert capsys.readouterr().out == "cache cleared: 0 files, 0.0 MiB\n"


def test_inspect_speaks_the_decks_language_and_refuses_another(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    root = str(print_only(tmp_path))
    assert commands.inspect_command(root, "semi") == 0
    assert "lingue: it" in capsys.readouterr().out  # not en: the deck's first language
    error = refused(lambda: commands.inspect_command(root, "semi", lang="fr"))
    assert (error.key, error.fields) == ("deck_languages", {"languages": "it"})
    assert commands.inspect_command(root, "semi", as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["languages"] == ["it"]


def test_export_writes_a_picture_per_card_in_the_decks_languages_only(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert commands.export_command(str(print_only(tmp_path)), "png", "semi", ["fr", "it"], str(out)) == 0
    pictures = sorted(out.rglob("*.png"))
    assert pictures and all("/fr/" not in str(p) for p in pictures)  # fr: not a language of the deck


def test_play_refuses_no_deck_and_a_resume_given_its_own_seats(mini_project: Path) -> None:
    root = str(mini_project)
    assert refused(lambda: commands.play_command(PlayRequest(project=root))).key == "play_what"
    error = refused(lambda: commands.play_command(PlayRequest(project=root, resume="x.jsonl", seat=2, log_file="l")))
    assert (error.key, error.fields) == ("resume_keeps", {"given": "--seat, --log"})


def test_validate_refuses_a_named_print_only_deck_and_nothing_to_simulate(tmp_path: Path) -> None:
    from cardgen.simulate.validate import ValidateOptions
    root, opts = str(print_only(tmp_path)), ValidateOptions(out=tmp_path / "out")
    error = refused(lambda: commands.validate_command(root, ["semi"], opts))
    assert (error.key, error.fields) == ("print_only_validate", {"deck": "semi"})
    assert refused(lambda: commands.validate_command(root, [], opts)).key == "nothing_to_simulate"


def test_compare_refuses_its_json_file_before_a_game_is_played(mini_project: Path, tmp_path: Path) -> None:
    from cardgen.simulate.compare import CompareOptions
    opts = CompareOptions(json_file=tmp_path, out=tmp_path / "out")  # a folder, not a file
    error = refused(lambda: commands.compare_command(str(mini_project), "king_lui", "king_lui", opts))
    assert error.key == "output_is_folder"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [commands.tune_command, commands.fix_command])
def test_tune_and_fix_refuse_an_output_folder_that_is_a_file(mini_project: Path, tmp_path: Path,
                                                             command: Callable[[StudyRequest], int]) -> None:
    taken = tmp_path / "taken"
    taken.write_text("", encoding="utf-8")
    request = StudyRequest(project=str(mini_project), deck="king_lui", params=[], targets=[], out=str(taken))
    assert isinstance(refused(lambda: command(request)), InputError)
    assert taken.read_text(encoding="utf-8") == ""


def test_tune_and_fix_write_under_the_projects_out_by_default(mini_project: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.tune.fix
    import cardgen.tune.study
    seen: dict[str, Any] = {}
    monkeypatch.setattr(cardgen.tune.study, "tune", lambda project, deck, opts: seen.setdefault("tune", opts) and 0)
    monkeypatch.setattr(cardgen.tune.fix, "fix", lambda project, deck, opts: seen.setdefault("fix", opts) and 0)
    request = StudyRequest(project=str(mini_project), deck="king_lui", params=["course_cards_per_player=4..8"],
                           targets=["turns=10..40"], resume="no", lang="it")
    assert commands.tune_command(request) == 0 and commands.fix_command(request) == 0
    assert seen["tune"].out == mini_project / "out" / "tune" / "king_lui"
    assert seen["fix"].out == mini_project / "out" / "fix" / "king_lui"
    assert (seen["tune"].resume, seen["fix"].lang, len(seen["tune"].params)) == ("no", "it", 1)
