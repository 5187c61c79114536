"""House rules as code (cardgen/house.py): checked without being run, played only by commands that play.

Each error case of issue 25 point 4 has a test: an exception in a rule, a rule that breaks
the game's invariants (a card created, a seat acting out of turn, coins created), a rule
that never ends; and build, check and inspect never import the file.
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.engine.api import RandomAgent
from cardgen.errors import InputError
from cardgen.house import code_problems, defined_functions, install
from cardgen.resolve.resolve import resolve
from cardgen.simulate.runner import play_game
from cardgen.usercode import UserCodeError
from screen import unwrapped, unwrapped_capture

ROOT = Path(__file__).resolve().parent.parent

VARIANT = """\
extends: {game}
name: {{fr: Maison, it: Casa, en: House}}
description: {{fr: Une règle maison., it: Una regola della casa., en: A house rule.}}
code: house/rule.py
house_rule: {{fr: La règle., it: La regola., en: The rule.}}
{book}"""
#: the scoring text a King Lui house rule hooking ``scores`` gives its book (``cardgen.house.unwritten_parts``)
SCORING_TEXT = "book:\n  scoring: {fr: Le décompte., it: Il conteggio., en: The scoring.}\n"


def project(tmp_path: Path, rule: str, game: str = "king_lui") -> Path:
    """A project with the shipped ``game`` deck and a variant ``house`` playing ``rule``."""
    (tmp_path / "decks").mkdir(parents=True, exist_ok=True)
    (tmp_path / "variants").mkdir(exist_ok=True)
    (tmp_path / "house").mkdir(exist_ok=True)
    shutil.copy(ROOT / "decks" / f"{game}.yaml", tmp_path / "decks")
    book = SCORING_TEXT if game == "king_lui" else ""
    (tmp_path / "variants" / "house.yaml").write_text(VARIANT.format(game=game, book=book), encoding="utf-8")
    (tmp_path / "house" / "rule.py").write_text(rule, encoding="utf-8")
    return tmp_path


def play(root: Path, players: int = 3, seed: int = 5, cap: int = 10_000) -> object:
    deck = resolve("house", root)
    game = install(deck.spec.new_game(deck, players), deck)
    return play_game(game, seed, [RandomAgent() for _ in range(players)], cap=cap)


# -- checked without running it ----------------------------------------------------------
def test_defined_functions_lists_top_level_functions_and_their_parameters() -> None:
    source = b"import os\n\ndef scores(state, default):\n    def inner(): pass\n\nclass X:\n    def m(self): pass\n"
    assert defined_functions(source) == [("scores", 3, ["state", "default"])]


def test_a_misspelt_house_rule_file_gets_a_did_you_mean(tmp_path: Path) -> None:
    root = project(tmp_path, "def scores(state, default):\n    return default()\n")
    variant = root / "variants" / "house.yaml"
    variant.write_text(variant.read_text(encoding="utf-8").replace("house/rule.py", "house/rules.py"), encoding="utf-8")
    with pytest.raises(InputError) as info:
        resolve("house", root)
    assert "'house/rules.py' was not found in the project folder" in info.value.message
    assert info.value.hint == "house/rule.py" and info.value.field == "code"


@pytest.mark.parametrize("rule, expected, hint", [
    ("def score(state, default):\n    return default()\n", "house/rule.py:1: unknown hook 'score' for king_lui",
     "scores"),
    ("def scores(state):\n    return 1\n", "house/rule.py:1: hook 'scores' must take a parameter named default",
     None),
    ("X = 1\ndef _helper():\n    pass\n", "house/rule.py defines no hook", None),
    ("def scores(state, default)\n", "house/rule.py:1: Python syntax error", None),
])
def test_bad_rule_files_are_one_input_line(tmp_path: Path, rule: str, expected: str, hint: str | None) -> None:
    root = project(tmp_path, rule)
    with pytest.raises(InputError) as info:
        resolve("house", root)
    error = info.value
    assert expected in error.message
    assert error.file == "variants/house.yaml" and error.line == 4 and error.field == "code"
    assert error.hint == hint
    assert (f"did you mean '{hint}'?" in str(error)) if hint else "did you mean" not in str(error)


def test_code_needs_its_rule_text_and_stays_in_the_project(tmp_path: Path) -> None:
    root = project(tmp_path, "def scores(state, default):\n    return default()\n")
    text = (root / "variants" / "house.yaml").read_text()
    (root / "variants" / "house.yaml").write_text(text.replace("house_rule:", "# house_rule:"))
    with pytest.raises(InputError, match="'code' and 'house_rule' go together"):
        resolve("house", root)
    (root / "variants" / "house.yaml").write_text(text.replace("house/rule.py", "house/../../rule.py"))
    with pytest.raises(InputError, match="inside the project folder"):
        resolve("house", root)


def test_helpers_starting_with_an_underscore_are_allowed(tmp_path: Path) -> None:
    root = project(tmp_path, "def _double(x):\n    return 2 * x\n\ndef scores(state, default):\n"
                             "    s, d = default()\n    return [_double(x) for x in s], d\n")
    deck = resolve("house", root)
    assert code_problems(deck.model, deck.spec, root) == []
    assert [d["kind"] for d in deck.differences] == ["house_rule"]


MARKER = "from pathlib import Path\nPath(__file__).with_name('IMPORTED').write_text('x')\n\n" \
         "def scores(state, default):\n    return default()\n"


def test_check_inspect_and_a_build_without_rulebooks_never_import_the_rule(tmp_path: Path) -> None:
    root = project(tmp_path, MARKER)
    marker = root / "house" / "IMPORTED"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for command in (["check"], ["inspect", "house"], ["build", "house", "--lang", "en", "--paper", "a4",
                                                      "--no-rules"]):
        done = subprocess.run([sys.executable, "-m", "cardgen", *command], cwd=root, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert not marker.exists(), f"cardgen {command[0]} imported the house rule"
    # the rulebook plays its worked examples under the house rule: building it imports the file
    done = subprocess.run([sys.executable, "-m", "cardgen", "build", "house", "--lang", "en", "--paper", "a4"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert marker.exists()
    marker.unlink()
    # a command that plays games does import it: the marker can appear
    done = subprocess.run([sys.executable, "-m", "cardgen", "validate", "house", "--games", "2", "--players", "3",
                           "--jobs", "1", "--out", str(tmp_path / "out")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    done = unwrapped_capture(done)  # a wrapped line read whole
    assert done.returncode == 0, done.stderr
    assert marker.exists()
    # King Lui's compiled tier plays a scores hook compiled: "only the reference engine can run it" is never said
    assert "Only the reference engine can run it" not in done.stderr, done.stderr


def test_the_speed_note_is_said_only_where_the_reference_alone_can_run_the_rule(tmp_path: Path) -> None:
    """Draco's tier cannot run a house rule: the note says why its games are slow. King Lui's compiles a scores
    hook with the game's steps, so the note's reason would be untrue there: no note (a rule kept out has its own)."""
    from cardgen import house

    house._NOTED.clear()
    draco = resolve("house", project(tmp_path / "d", "def toast(state, default):\n    return default()\n", game="draco"))
    note = house.speed_note(draco)
    # one engine name in every command and language, said with what it does (fifteenth reading fr2; the issue's
    # vocabulary: "reference engine" / « moteur de référence » / "motore di riferimento")
    assert note is not None and "is written in Python (house/rule.py), so only cardgen’s reference engine can run " \
        "it. That engine is slower: after every action, it checks that the game is still consistent." in note, note
    assert "self-checking" not in note
    king = resolve("house", project(tmp_path / "k", "def scores(state, default):\n    return default()\n"))
    house._NOTED.clear()  # said once per file: the same house/rule.py was just noted
    assert house.speed_note(king) is None


# -- failures while playing ----------------------------------------------------------------
def test_an_exception_names_the_file_line_hook_and_seed(tmp_path: Path) -> None:
    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    return [p / 0 for p in points], lost\n")
    with pytest.raises(UserCodeError) as info:
        play(root, seed=11)
    assert info.value.line == ("house/rule.py:3: ZeroDivisionError: division by zero in scores "
                               "(seed 11 reproduces it)")


def test_the_command_line_says_it_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, "def draw(state, default):\n    raise ValueError('no drawing here')\n")
    monkeypatch.chdir(root)
    code = main(["validate", "house", "--games", "3", "--players", "3", "--jobs", "1", "--agents", "random",
                 "--out", str(tmp_path / "out"), "--engine", "reference"])
    err = unwrapped(capsys.readouterr().err).strip().splitlines()
    assert code == 2
    assert err[-1].startswith("cardgen: error: house/rule.py:2: ValueError: no drawing here in draw (seed ")
    assert err[-1].endswith(" reproduces it)") and "Traceback" not in "\n".join(err)


@pytest.mark.parametrize("body", [
    "    state.hands[0][0].append(state.hands[0][0][-1] if state.hands[0][0] else 0)\n",   # a card created
    # a card copied over another: as many cards as the box holds, each of the box, yet one twice and one
    # gone; the guard's quick count (same size, every card known) must not take it for a sound game
    "    for hand in state.hands[0]:\n"
    "        if len(hand) >= 2 and hand[0] != hand[1]:\n"
    "            hand[1] = hand[0]\n"
    "            break\n",
], ids=["created", "copied over another"])
def test_a_card_created_or_copied_is_reported_naming_the_hook(tmp_path: Path, body: str) -> None:
    root = project(tmp_path, "def serve_king(state, default):\n" + body + "    return default()\n")
    with pytest.raises(UserCodeError) as info:
        play(root, seed=3)
    line = info.value.line
    assert line.startswith("house/rule.py: the house rule broke the game's rules in hook serve_king: "
                           "in more than one place: ")
    assert line.endswith("(seed 3 reproduces it)")


def test_a_seat_acting_out_of_turn_is_reported(tmp_path: Path) -> None:
    root = project(tmp_path, "def draw(state, default):\n    default()\n"
                             "    state._player = (state._player + 1) % state.game.players\n")
    with pytest.raises(UserCodeError) as info:
        play(root, seed=4)
    line = info.value.line
    assert line.startswith("house/rule.py: the house rule broke the game's rules in hook draw: seat ")
    assert "acts, but it is seat" in line and line.endswith("(seed 4 reproduces it)")


def test_coins_created_in_draco_are_reported_naming_the_hook(tmp_path: Path) -> None:
    root = project(tmp_path, "def toast(state, default):\n    state.money[state.cur] += 5\n    default()\n",
                   game="draco")
    with pytest.raises(UserCodeError) as info:
        play(root, players=4, seed=2)
    assert "in hook toast: coins not conserved" in info.value.line
    assert info.value.line.endswith("(seed 2 reproduces it)")


def test_a_rule_that_never_ends_hits_the_safety_cap_with_its_seed(tmp_path: Path) -> None:
    root = project(tmp_path, "def apply(state, action, default):\n    pass  # forgets to act\n")
    with pytest.raises(UserCodeError) as info:
        play(root, seed=9, cap=200)
    assert info.value.line == ("house/rule.py: the game never ended with the house rule (hooks apply): no end "
                               "condition after 200 decisions, the safety cap (seed 9 reproduces it)")


def test_without_a_house_rule_the_engine_is_untouched(tmp_path: Path) -> None:
    deck = resolve("king_lui", ROOT)
    game = install(deck.spec.new_game(deck, 3), deck)
    assert type(game.new_initial_state(1)) is game.state_class and not hasattr(game, "house")
    assert game.state_class.__name__ == "KingLuiState"


def test_search_clones_keep_the_house_rule(tmp_path: Path) -> None:
    root = project(tmp_path, "def scores(state, default):\n    s, d = default()\n    return [x + 1 for x in s], d\n")
    deck = resolve("house", root)
    game = install(deck.spec.new_game(deck, 3), deck)
    state = game.new_initial_state(1)
    other = state.determinize(0, random.Random(2))
    assert type(other) is type(state) and other.compiled_search(None, [], 0) is None
    assert other.scores()[0] == [1, 1, 1]


def test_check_names_an_unknown_hook_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, "def legal_action(state, default):\n    return default()\n")
    monkeypatch.chdir(root)
    assert main(["check"]) == 2
    err = unwrapped(capsys.readouterr().err).strip().splitlines()
    assert err == ["cardgen: error: variants/house.yaml:4: code: house/rule.py:1: unknown hook 'legal_action' for "
                   "king_lui; expected one of legal_actions, apply, outcome, score_estimate, setup, course, draw, emerald, serve_king, "
                   "scores, finish, policy (or a name starting with _ for a helper) (did you mean 'legal_actions'?)"]


def test_a_rule_failing_as_it_loads_stops_the_run_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, "def scores(state, default):\n    return default()\n\nraise RuntimeError('at import')\n")
    monkeypatch.chdir(root)
    assert main(["validate", "house", "--games", "2", "--players", "3", "--jobs", "1",
                 "--out", str(tmp_path / "out")]) == 2
    err = unwrapped(capsys.readouterr().err).strip().splitlines()
    assert err[-1] == "cardgen: error: house/rule.py:4: RuntimeError: at import in loading the file"


def test_a_print_only_deck_cannot_name_a_house_rule(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "rule.py").write_text("def scores(state, default):\n    return default()\n")
    (tmp_path / "decks" / "mine.yaml").write_text(
        "languages: [en]\nname: {en: Mine}\nbacks:\n  plain: {layout: back, title: {en: Mine}}\n"
        "components:\n  - {id: a, kind: card, count: 2, name: {en: A}, back: plain, faces: [{layout: feature}]}\n"
        "code: house/rule.py\nhouse_rule: {en: A rule.}\n")
    with pytest.raises(InputError, match="has no engine with hook points; a house rule needs one"):
        resolve("mine", tmp_path)


# -- the rulebook rewrites what the rule changes ----------------------------------------------
def test_check_refuses_a_rule_hooking_scoring_without_its_book_text(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, "def _helper():\n    pass\n\ndef scores(state, default):\n    return default()\n")
    text = (root / "variants" / "house.yaml").read_text()
    (root / "variants" / "house.yaml").write_text(text.replace(SCORING_TEXT, ""))
    monkeypatch.chdir(root)
    assert main(["check", "house"]) == 1
    out = unwrapped(capsys.readouterr().out)
    failed = [line for line in out.splitlines() if "rulebook rewrites what the house rule changes" in line]
    assert len(failed) == 1 and "FAIL" in failed[0].upper()
    assert failed[0].endswith("house/rule.py:4: hook 'scores' changes the rulebook's scoring part, which this deck "
                              "does not rewrite; expected book: {scoring: {fr: ..., it: ..., en: ...}} with that "
                              "part's text under the house rule")
    # with its text, the same rule passes
    (root / "variants" / "house.yaml").write_text(text)
    assert main(["check", "house"]) == 0


def test_a_hook_changing_several_parts_needs_each_of_them(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Draco's ``toast`` hook changes the toast section, the turn's toast step and the turn summary: a
    variant rewriting only the section fails on the two others, one line each, and passes with all three."""
    root = project(tmp_path, "def toast(state, default):\n    return default()\n", game="draco")
    path = root / "variants" / "house.yaml"
    only_toast = path.read_text() + "book:\n  toast: {fr: Le toast., it: Il brindisi., en: The toast.}\n"
    path.write_text(only_toast)
    monkeypatch.chdir(root)
    assert main(["check", "house"]) == 1
    failed = [line for line in unwrapped(capsys.readouterr().out).splitlines()
              if "rulebook rewrites what the house rule changes" in line]
    assert len(failed) == 1
    assert ("house/rule.py:1: hook 'toast' changes the rulebook's toast_step and toast_glance parts, which this "
            "deck does not rewrite; expected book: {toast_step: {fr: ..., it: ..., en: ...}, toast_glance: {fr: ..., "
            "it: ..., en: ...}} with each part's text under the house rule") in failed[0]
    path.write_text(only_toast + "  toast_step: {fr: Le pas., it: Il passo., en: The step.}\n"
                    "  toast_glance: {fr: Le résumé., it: Il riassunto., en: The summary.}\n")
    assert main(["check", "house"]) == 0


def test_a_book_part_the_game_has_not_is_one_input_line(tmp_path: Path) -> None:
    root = project(tmp_path, "def scores(state, default):\n    return default()\n")
    text = (root / "variants" / "house.yaml").read_text()
    (root / "variants" / "house.yaml").write_text(text.replace("  scoring:", "  scorign:"))
    with pytest.raises(InputError) as info:
        resolve("house", root)
    assert info.value.message.endswith("'scorign' is no part of the king_lui rulebook a house rule can rewrite; "
                                       "expected one of course, intro, scoring, serving")
    assert info.value.hint == "scoring" and info.value.field == "book.scorign"


def test_the_guard_stops_a_seat_outside_the_table_and_only_that() -> None:
    """The seat check of the house-rule guard, at its boundary: the last seat may act, the next one may not."""
    from cardgen.engine.api import Outcome, State
    from cardgen.engine.hooks import hooked_state_class
    from cardgen.usercode import UserCodeError

    class Seats(State):
        seat = 0

        @property
        def current_player(self) -> int:
            return self.seat

        def legal_actions(self) -> list:
            return [("go",)]

        def apply(self, action) -> None:
            self.seat += 1

        def observation(self, player: int) -> dict:
            return {}

        def outcome(self) -> Outcome:
            return Outcome("", [0.0], [0], None)

        def zones(self) -> dict:
            return {}

    class Three:
        players = 3

    cls = hooked_state_class(Seats, {}, {}, lambda s: None, "house/rule.py", lambda e, h, s: str(e))
    state = cls(Three(), 1)
    state.apply(("go",))
    state.apply(("go",))  # seat 2 of 3: the last seat, still at the table
    with pytest.raises(UserCodeError, match="seat 3 is to act in a 3-player game"):
        state.apply(("go",))
    state.seat = -1
    state.end_reason = "over"  # a finished game has no one to act: not a problem
    state._house_check()

