"""A typo in a variant, a project file, a deck or an option is refused in the command's language (issue 53).

Each case below provokes one bad-input line through ``cardgen.cli.main`` on a scratch project (King Lui's deck and
variants with one mistake each) under ``--lang fr`` and ``--lang it``: the line is one line, exit status 2, no
English word (``tests/english.py``), and it still carries its facts: the file, the field, the value given and the
did-you-mean. English is run too and stays the sentence it was. Each case names the errors.json key it says, and
together they cover more than ten keys.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardgen.cli import main
from english import english_in

ROOT = Path(__file__).resolve().parents[1]
N = "\u202f"
NAMES = "name: {en: Kx, fr: Kx, it: Kx}\ndescription: {en: Kx, fr: Kx, it: Kx}\n"
#: the project's files besides King Lui's deck: one mistake each
FILES = {
    "variants/kl-base.yaml": f"extends: kingg_lui\n{NAMES}",
    "variants/kl-list.yaml": "- a\n- b\n",
    "variants/kl-remove.yaml": f"extends: king_lui\n{NAMES}remove: [hamm]\n",
    "variants/kl-twice.yaml": f"extends: king_lui\n{NAMES}extends: king_lui\n",
    "variants/kl-rename.yaml": f"extends: king_lui\n{NAMES}change:\n  ham: {{id: hamm}}\n",
    "variants/kl-alias.yaml": f"extends: king_lui\n{NAMES}players: *nope\n",
    "variants/kl-hook.yaml": f"extends: king_lui\n{NAMES}code: variants/house/h.py\nhouse_rule: {{en: Kx, fr: Kx, it: Kx}}\n",
    "variants/house/h.py": "def scorre(default, state):\n    return default\n",
    "variants/kl-range.yaml": f"extends: king_lui\n{NAMES}rules:\n  emerald_portions: 99\n",
}
#: King Lui's hook points, as a house rule's refusal lists them: names of functions
HOOKS = {"legal_actions", "apply", "outcome", "score_estimate", "setup", "course", "draw", "emerald", "serve_king",
         "scores", "finish", "policy", "scorre", "code"}
TUNE = ["tune", "king_lui", "--target", "turns=10..40"]
#: King Lui's metrics, as --target lists them: ids, not words
METRICS = {"turns", "rounds", "margin", "unfairness", "completed", "skill", "drama", "kingmaking", "comeback_rate"}
#: case: (errors.json key, arguments, facts every language's line holds, English words, ids the line may echo)
CASES = {
    "variant of a missing deck": ("unknown_base", ["check", "kl-base"],
                                  ["variants/kl-base.yaml:1", "extends", "kingg_lui", "king_lui", "draco, king_lui"],
                                  "unknown base 'kingg_lui'", {"kingg_lui", "extends"}),
    "project file not a mapping": ("top_mapping", ["check", "kl-list"], ["variants/kl-list.yaml:1"],
                                   "expected a mapping of fields at the top of the file", set()),
    "removing a missing component": ("unknown_base_component", ["check", "kl-remove"],
                                     ["variants/kl-remove.yaml:4", "remove[0]", "hamm", "ham"],
                                     "unknown component 'hamm' in the base deck (did you mean 'ham'?)", {"hamm", "ham"}),
    "a key twice": ("yaml_duplicate_key", ["check", "kl-twice"], ["variants/kl-twice.yaml:4", "extends"],
                    "duplicate key 'extends'; each key may appear once", {"extends"}),
    "renaming by a change": ("change_rename", ["check", "kl-rename"],
                             ["variants/kl-rename.yaml:5", "change.ham.id", "remove: [ham]", "add"],
                             "a change cannot rename a component", {"ham", "add", "remove"}),
    "an unknown alias": ("yaml_alias", ["check", "kl-alias"], ["variants/kl-alias.yaml:4", "*nope"],
                         "unknown alias '*nope'", {"nope"}),
    "a deck with an unknown game": ("unknown_game", ["check", "king_lui"], ["decks/king_lui.yaml", "game", "kinglui",
                                                                            "king_lui"],
                                    "unknown game 'kinglui'", {"kinglui", "game"}),
    "a house rule's unknown hook": ("house_unknown_hook", ["check", "kl-hook"],
                                    ["variants/kl-hook.yaml:4", "code", "variants/house/h.py:1", "scorre", "scores",
                                     "serve_king", "_"], "unknown hook 'scorre' for king_lui", HOOKS),
    "tune: low above high": ("lo_above_hi", [*TUNE, "--param", "emerald_portions=3..1"],
                             ["--param", "emerald_portions=3..1"], "'emerald_portions=3..1': LO is above HI", set()),
    "tune: unknown metric": ("unknown_metric", ["tune", "king_lui", "--param", "emerald_portions=1..3", "--target",
                                                "turnz=10..40"], ["--target", "turnz=10..40", "gap:", "turns"],
                             "unknown metric 'turnz'", {"turnz", *METRICS}),
    "tune: a parameter twice": ("param_twice", [*TUNE, "--param", "emerald_portions=1..3", "--param",
                                                "emerald_portions=1..2"], ["--param emerald_portions"],
                                "--param emerald_portions is given twice", set()),
    "tune: a count out of bounds": ("count_bounds", [*TUNE, "--param", "count:ham=5..1"],
                                    ["count:ham=5..1", "10000"], "'count:ham=5..1': expected 0 <= LO <= HI <= 10000",
                                    set()),
    "a rule number out of its range": ("number_le", ["check", "kl-range"],
                                       ["variants/kl-range.yaml:5", "rules.emerald_portions", "10", "99"],
                                       "expected a number <= 10, got 99", {"emerald_portions"}),
    "compare a deck with itself": ("compare_itself", ["compare", "king_lui", "king_lui"], ["VARIANT", "king_lui"],
                                   "king_lui compared with itself", set()),
    "a --json file that is a folder": ("output_is_folder", ["validate", "king_lui", "--json", "{tmp}/jdir"],
                                       ["{tmp}/jdir", "--json"], "--json file is a folder; expected a file name",
                                       set()),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """King Lui's deck and the variants of ``FILES``; a second copy of the deck names an unknown game."""
    root = tmp_path_factory.mktemp("typos")
    (root / "decks").mkdir()
    deck = (ROOT / "decks/king_lui.yaml").read_text(encoding="utf-8")
    (root / "decks/king_lui.yaml").write_text(deck, encoding="utf-8")
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "jdir").mkdir()
    broken = root / "broken"
    (broken / "decks").mkdir(parents=True)
    assert "game: king_lui" in deck
    (broken / "decks/king_lui.yaml").write_text(deck.replace("game: king_lui", "game: kinglui", 1), encoding="utf-8")
    return root


def _line(args: list[str], lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main([*args, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_typo_is_refused_in_the_commands_language(case: str, lang: str, project: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    key, args, facts, english, ids = CASES[case]
    where = project / "broken" if case == "a deck with an unknown game" else project
    args = [a.replace("{tmp}", str(project)) for a in args]
    monkeypatch.chdir(tmp_path)
    out = ["--out", str(tmp_path / "o")] if args[0] in ("tune", "compare", "validate") else []
    line = _line([*args, *out, "--project", str(where)], lang, capsys)
    for fact in facts:
        assert fact.replace("{tmp}", str(project)) in line, (fact, line)
    if lang == "en":
        assert line.startswith("cardgen: error: ") and english in line, line
        return
    assert line.startswith({"fr": f"cardgen{N}: erreur{N}: ", "it": "cardgen: errore: "}[lang]), line
    assert english not in line, line
    shown = line.replace(str(project), "")
    bad = english_in(shown, lang, ids | {"king_lui", "emerald_portions", "kx"})
    assert not bad, bad
    said = json.loads((ROOT / "cardgen/errors.json").read_text(encoding="utf-8"))["lines"][lang][key]
    first_words = said.split("{")[0].strip(f" {N}«:;")  # the sentence's own opening words, when it has some
    assert not first_words or first_words in line, (key, first_words, line)


def test_the_cases_cover_ten_sentences() -> None:
    assert len({key for key, *_ in CASES.values()} | {key for _, key, _ in OWN.values()}
               | {key for _, key, *_ in GAME_DECKS.values()}) >= 22


#: a designer's own project (tests/fixtures/own36: a CSV table, an own layout): (file, old, new), key, facts, ids
FIELD_NAMES = {"sunbrust", "crescent", "sprout", "wind", "box", "box_shared", "box_alone", "font", "weight", "size", "lines", "align", "colour", "mirror", "fit",
               "required", "id", "kind", "count", "name", "back", "group", "layout", "title", "text", "symbol",
               "value", "points", "art", "ink", "paper", "white", "black", "whte", "fontsize"}
OWN = {
    "a layout key misspelt": (("templates/layouts/pip.yaml", "size: [16, 8]", "fontsize: [16, 8]"), "layout_element_key",
                              ["templates/layouts/pip.yaml:5", "title.fontsize", "fontsize", "mirror", "size"]),
    "a colour misspelt": (("templates/layouts/pip.yaml", "font: Sans, size", "colour: whte, font: Sans, size"),
                          "layout_colour", ["templates/layouts/pip.yaml:8", "text.colour", "#RRGGBB", "'whte'", "white"]),
    "a table column misspelt": (("decks/cards.csv", "title.en,", "titel.en,"), "table_column",
                                ["decks/cards.csv", "titel.en", "title.en", "face2."]),
    "two boxes overlap": (("templates/layouts/pip.yaml", "symbol: {box: [0.3, 0.54", "symbol: {box: [0.3, 0.3"),
                          "boxes_overlap", ["templates/layouts/pip.yaml:7", "[0.3, 0.3, 0.4, 0.24]", "[0.15, 0.19, 0.7, 0.33]",
                                            "box_shared"]),
    "a blank cell in one language": (("decks/cards.csv", "Sun,Soleil,3", "Sun,,3"), "missing_text",
                                     ["decks/cards.csv", "4", "title.fr", "en, fr"]),
    "a symbol misspelt on nine rows": (("decks/cards.csv", ",sunburst,", ",sunbrust,", True), "unknown_symbol",
                                       ["decks/cards.csv", "2-10", "symbol", "sunbrust", "symbols/sunbrust.svg",
                                        "crescent, sprout, sunburst, wind", "sunburst"]),
}


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("case", sorted(OWN))
def test_a_designers_own_files_are_refused_in_the_language(case: str, lang: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    (name, old, new, *every), key, facts = OWN[case]
    root = tmp_path / "own36"
    shutil.copytree(ROOT / "tests/fixtures/own36", root)
    text = (root / name).read_text(encoding="utf-8")
    assert old in text
    (root / name).write_text(text.replace(old, new, -1 if every else 1), encoding="utf-8")
    line = _line(["--project", str(root), "check"], lang, capsys)
    for fact in facts:
        assert fact.replace("'", "«" if lang == "it" else f"«{N}") in line or fact in line, (fact, line)
    from cardgen.model.vocab import SYMBOL_IDS

    bad = english_in(line, lang, FIELD_NAMES | set(SYMBOL_IDS) | {"own36", "pip", "sun", "sunburst"})
    assert not bad, bad
    said = json.loads((ROOT / "cardgen/errors.json").read_text(encoding="utf-8"))["lines"][lang][key]
    first_words = said.split("{")[0].strip(f" {N}«:;")
    assert first_words in line, (key, first_words, line)


def test_a_refused_destination_is_named_in_the_language(tmp_path: Path) -> None:
    """What cardgen would write (the output folder, a --json file, the folder that holds it) and why a write
    failed are words of the line too, in the language (``errors.worded``); English stays as it was."""
    import errno

    from cardgen.errors import InputError
    from cardgen.fileio import check_output_dir, check_output_file, write_error

    (tmp_path / "f").write_text("x", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        check_output_dir(tmp_path / "f" / "sub")
    assert str(caught.value).endswith(f"output folder cannot be made: '{tmp_path / 'f'}' is a file, not a folder")
    assert caught.value.said("fr").endswith(f"impossible de créer le dossier de sortie{N}: «{N}{tmp_path / 'f'}{N}» "
                                            "est un fichier, pas un dossier")
    with pytest.raises(InputError) as caught:
        check_output_file(tmp_path / "f" / "x.json", "thing_json_file")
    assert "folder of the --json file cannot be made" in str(caught.value)
    assert "impossibile creare la cartella che contiene il file --json: «" in caught.value.said("it")
    with pytest.raises(InputError) as caught:
        check_output_file(tmp_path, "thing_log_file")
    assert str(caught.value).endswith("log file is a folder; expected a file name")
    assert caught.value.said("fr").endswith(f"le journal{N}: c’est un dossier{N}; attendu{N}: un nom de fichier")
    full = write_error(tmp_path / "o.pdf", OSError(errno.ENOSPC, "No space left on device"))
    assert (str(full), full.said("it")) == (f"{tmp_path / 'o.pdf'}: cannot write: the disk is full",
                                            f"{tmp_path / 'o.pdf'}: scrittura impossibile: il disco è pieno")
    locked = write_error("o.pdf", OSError(errno.EROFS, "Read-only file system"))
    assert locked.said("fr") == f"o.pdf: écriture impossible{N}: pas le droit d’écrire à cet endroit"
    other = write_error("o.pdf", OSError(errno.EIO, "Input/output error"))  # a reason we do not name: the system's
    assert other.said("fr") == f"o.pdf: écriture impossible{N}: Input/output error"


@pytest.mark.parametrize("field, lang, said", [
    ("rows 2-10, column 'symbol'", "fr", f"lignes 2-10, colonne «{N}symbol{N}»"),
    ("rows 3-4, 7, column 'title.it'", "it", "righe 3-4, 7, colonna «title.it»"),
    ("row 4", "it", "riga 4"),
    ("row 2, column 3", "fr", "ligne 2, colonne 3"),
    ("rows 2-10, column 'symbol'", "en", "rows 2-10, column 'symbol'"),
    ("components[0].faces[1].title", "fr", "components[0].faces[1].title"),  # a field path: ids, the same everywhere
    ("row 4 of the deck", "fr", "row 4 of the deck")])  # not a table cell: left as it is
def test_a_table_cell_is_said_in_the_language(field: str, lang: str, said: str) -> None:
    from cardgen.errors import field_said

    assert field_said(field, lang) == said


def _without(text: str, component: str) -> str:
    """A deck's YAML without the component ``component`` (its block, up to the next ``  - id:``)."""
    start = text.index(f"  - id: {component}\n")
    end = text.find("\n  - id:", start + 1)
    return text[:start] + (text[end + 1:] if end > 0 else "")


#: a shipped Royale or Draco deck with one mistake its engine or its deck checks refuse: (deck, edits, command),
#: errors.json key, facts every language's line holds, the English sentence's own words, ids the line may echo
#: (an edit is (old, new): ``new`` replaces the first ``old``; ``new`` None removes the component ``old``; a fact
#: may be a tuple of its spellings)
GAME_DECKS = {
    "royale: no end-of-banquet card": (
        ("royale", [("end-banquet", None)], ["play", "royale", "--players", "2"]), "royale_no_end_card",
        ["royale", "role: end"], "no end-of-banquet card", {"royale", "role", "end"}),
    "royale: fewer player letters than players": (
        ("royale", [("owner: D}", "owner: C}")] * 7, ["play", "royale", "--players", "4"]), "royale_player_icons",
        ["royale", "3", "4"], "player icon(s) for 4 players", {"royale"}),
    "royale: an imposter pattern that fits no turn": (
        ("royale", [("pattern: {rows: 3, cols: 3, cells: [[0, 0], [0, 1], [1, 0]]}",
                     "pattern: {rows: 2, cols: 3, cells: [[0, 0], [0, 1], [1, 0]]}")],
         ["play", "royale", "--players", "2"]), "royale_pattern_no_fit",
        ["imposter-a", ("2×3", "2x3"), ("3×3", "3x3")], "pattern does not fit the 3x3 grid", {"imposter"}),
    "royale: a request names an unknown dish type": (
        ("royale", [("include: {main: 1}", "include: {mian: 1}")], ["check", "royale"]), "royale_unknown_dish",
        ["decks/royale.yaml:", "services[0]", "mian", "abundance, dessert, drink, fruit, main, pastry"],
        "unknown dish type 'mian'", {"mian", "abundance", "dessert", "drink", "fruit", "main", "pastry", "services",
                                     "data", "faces", "components"}),
    "draco: fewer lairs than players": (
        ("draco", [("lair-black", None)], ["play", "draco", "--players", "6"]), "draco_lairs",
        ["draco", "5", "6"], "lair(s) for 6 players", {"draco"}),
    "draco: a colour with three ruffians": (
        ("draco", [("count: 2\n    name: {fr: \"Malandrin rouge\"", "count: 3\n    name: {fr: \"Malandrin rouge\"")],
         ["play", "draco", "--players", "3"]), "draco_colour_characters",
        ["draco", "red", "3", "2"], "colour 'red' has 3 characters, expected 2", {"draco", "red"}),
    "a deck's code without its house rule": (
        ("king_lui", [("game: king_lui", "game: king_lui\ncode: h.py")], ["check", "king_lui"]), "code_with_house_rule",
        ["decks/king_lui.yaml:3", "code", "house_rule"], "'code' and 'house_rule' go together",
        {"code", "house_rule"}),
    "draco: a coin worth neither silver nor gold": (
        ("draco", [("data: {role: coin, silver: 3}", "data: {role: coin, silver: 7}")], ["check", "draco"]),
        "draco_coin_worth", ["decks/draco.yaml:", "data.silver", "7", "3", "rules.silver_per_gold"],
        "a coin is worth 1 silver or one gold (3 silver", {"silver", "data", "components", "rules"}),
}


def _game_project(tmp_path: Path, case: str) -> Path:
    """A project in ``tmp_path`` holding the shipped deck of ``GAME_DECKS[case]`` with its edits made."""
    (deck, edits, _), *_ = GAME_DECKS[case]
    root = tmp_path / "p"
    (root / "decks").mkdir(parents=True)
    text = (ROOT / "decks" / f"{deck}.yaml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = _without(text, old) if new is None else text.replace(old, new, 1)
    (root / "decks" / f"{deck}.yaml").write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("case", sorted(GAME_DECKS))
def test_a_games_refusal_says_its_english_message_from_its_fields(case: str, tmp_path: Path) -> None:
    """The key's English sentence, filled with the fields the call passes, is the call's own English message:
    each field holds the value the message puts there (a swapped field would put the 4 players where the 3
    letters go in every language), and the sentence means what the message says."""
    from cardgen.errors import InputError, said
    from cardgen.resolve.resolve import resolve

    (deck, _, args), key, *_ = GAME_DECKS[case]
    root = _game_project(tmp_path, case)
    with pytest.raises(InputError) as caught:
        resolved = resolve(deck, root)
        if args[0] == "play":
            resolved.spec.new_game(resolved, int(args[args.index("--players") + 1]))
    error = caught.value
    assert error.key == key, (error.key, error.message)
    assert said(key, "en", **error.fields) == error.message


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("case", sorted(GAME_DECKS))
def test_a_games_deck_refusal_is_said_in_the_language(case: str, lang: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Royale's and Draco's own refusals (their engine's set-up, their deck checks) are worded in the command's
    language too, with the facts of the mistake: the deck, the counts, the value given and what was expected."""
    (deck, edits, args), key, facts, english, ids = GAME_DECKS[case]
    monkeypatch.chdir(tmp_path)
    line = _line([*args, "--project", str(_game_project(tmp_path, case))], lang, capsys)
    for fact in facts:  # a fact or its spellings (2×3 is 2x3 in English)
        assert any(f in line for f in ((fact,) if isinstance(fact, str) else fact)), (fact, line)
    if lang == "en":
        assert english in line, line
        return
    assert english not in line, line
    bad = english_in(line.replace(str(tmp_path), ""), lang, ids)
    assert not bad, bad
    said = json.loads((ROOT / "cardgen/errors.json").read_text(encoding="utf-8"))["lines"][lang][key]
    first_words = said.split("{")[0].strip(f" {N}«:;")
    assert not first_words or first_words in line, (key, first_words, line)
    words = [w for w in said.replace("{", " {").split() if not w.startswith("{")][:4]  # its own words, in order
    assert all(w.strip("();,") in line for w in words), (key, words, line)


def _ns(**kw: object) -> object:
    from types import SimpleNamespace

    return SimpleNamespace(**kw)


def _draco_box() -> object:
    """A Draco box (what ``check_references`` reads) with every mistake its checks name, once each."""
    def comp(role: str | None, kind: str = "card", count: int = 1, faces: list[object] | None = None,
             **data: object) -> object:
        return _ns(kind=kind, count=count, faces=faces or [], data=None if role is None else _ns(role=role, **data))

    hands = [_ns(data=_ns(cup_hand="right")), _ns(data=_ns(cup_hand="left"))]
    return _ns(colours=["red"], rules=_ns(silver_per_gold=3), components=[
        comp("draco", kind="token", count=2, faces=hands[:1]), comp("draco", faces=hands), comp(None),
        comp("lair", colour="blue"), comp("special", special="zork"), comp("special", count=2, special="zork"),
        comp("action", faces=[_ns(data=_ns(effect=None))]), comp("coin", silver=7),
        comp("die", faces=[_ns(value=0)])])


def _royale_box() -> object:
    """A Royale box (what ``check_references`` reads) with every mistake its checks name, once each."""
    from cardgen.games.royale.model import NobleFace

    def face(data: object = None, value: int | None = 1, points: int | None = 1) -> object:
        return _ns(data=data, value=value, points=points, pattern=None)

    noble = NobleFace.model_validate({"side": "unmasked", "services": [{"cards": 2, "include": {"soup": 1}}]})
    return _ns(components=[
        _ns(data=None, values=None, faces=[face()]),
        _ns(data=_ns(role="dish", dish="main"), values=None, faces=[face(value=None)]),
        _ns(data=_ns(role="noble"), values=None, faces=[face(noble, points=None)]),
        _ns(data=_ns(role="end"), values=None, faces=[face(_ns())]),
        _ns(data=_ns(role="imposter"), values=None, faces=[face()]),
        _ns(data=_ns(role="solo"), values=None, faces=[face()])])


@pytest.mark.parametrize("game, box, keys", [
    ("draco", _draco_box, {"draco_one_draco", "draco_missing_data", "unknown_colour", "draco_two_sided",
                           "draco_one_count", "draco_special_twice", "draco_special_count", "draco_action_effect",
                           "draco_coin_worth", "draco_die_faces"}),
    ("royale", _royale_box, {"royale_missing_data", "royale_dish_value", "royale_noble_sides", "royale_noble_points",
                             "royale_unknown_dish", "royale_request_not_noble", "royale_imposter_pattern",
                             "royale_solo_pattern"})])
def test_every_deck_check_of_a_game_says_its_message_in_each_language(game: str, box: Any, keys: set[str]) -> None:
    """Each of a game's deck-check problems names its sentence, whose English filled with the problem's fields is
    the problem's own message (no field swapped), and which every language can say with those fields."""
    import importlib

    from cardgen.errors import said

    problems = list(importlib.import_module(f"cardgen.games.{game}.checks").check_references(box()))
    assert {p.key for p in problems} == keys and len(problems) == len(keys), [p.key for p in problems]
    for p in problems:
        assert said(p.key, "en", **p.fields) == p.message, p.key
        for lang in ("fr", "it"):
            line = said(p.key, lang, **p.fields)
            assert all(str(v) in line for v in p.fields.values()), (p.key, lang, line)


@pytest.mark.parametrize("lang, said", [
    ("en", "royale: 3 player icon(s) for 4 players"),
    ("fr", f"royale{N}: pas assez de lettres de joueur pour ce nombre de joueurs (joueurs{N}: 4{N}; lettres{N}: 3)"),
    ("it", "royale: lettere di giocatore insufficienti per questo numero di giocatori (giocatori: 4; lettere: 3)")])
def test_an_engines_refusal_in_check_is_said_in_the_language(lang: str, said: str) -> None:
    """``cardgen check``'s "rules engine sets up" failure quotes the engine's refusal in the command's language
    (it quoted the English message under --lang fr)."""
    import dataclasses

    from cardgen.check.static import setup_check
    from cardgen.errors import InputError
    from cardgen.resolve.resolve import resolve

    def refuse(deck: Any, players: int) -> None:
        raise InputError(f"{deck.id}: 3 player icon(s) for {players} players", key="royale_player_icons",
                         fields={"deck": deck.id, "icons": 3, "players": players})

    deck = resolve("royale", ROOT)
    deck = dataclasses.replace(deck, spec=dataclasses.replace(deck.spec, new_game=refuse))
    result = setup_check(deck, 4)
    assert not result.passed and result.words(lang)[1] == said, result.words(lang)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_failed_check_in_validate_is_said_in_the_language(lang: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """validate's "static check failed" line and its report name the check and its detail in the command's
    language (they printed "one End of the Banquet card (0 End of the Banquet cards)" under --lang fr)."""
    from cardgen.games.royale.checks import CHECKS

    root = _game_project(tmp_path, "royale: no end-of-banquet card")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "royale", "--games", "1", "--players", "2", "--project", str(root), "--lang", lang,
                 "--out", str(tmp_path / "o")]) == 1
    out = capsys.readouterr().out
    words = CHECKS[lang]["end_card"]
    detail = words["detail"].format(n=0)  # « 0 dans le jeu » (French "présente" for 0 cards was a lie, read 9 fr16)
    assert detail == {"fr": "0 dans le jeu", "it": "0 nel gioco"}[lang]
    said = f"{words['name']} ({detail})"
    assert said in out, out
    assert "End of the Banquet card" not in out, out
    page = next((tmp_path / "o/validation").glob("*/royale.html")).read_text(encoding="utf-8")
    assert said in page and "End of the Banquet card" not in page


def test_a_checks_words_fall_back_to_its_english() -> None:
    """A result without the check's words in a language (a project's own check, an older result) says its
    English name and detail."""
    from cardgen.simulate.summary import check_words

    check = {"name": "n", "detail": "d", "said": {"fr": ["nom", "détail"]}}
    assert check_words(check, "fr") == ("nom", "détail")
    assert check_words(check, "it") == ("n", "d") == check_words({"name": "n", "detail": "d"}, "fr")


@pytest.mark.parametrize("field, value, key", [
    ("ge", 0, "number_ge"), ("gt", 1, "number_gt"), ("le", 4, "number_le"), ("lt", 3, "number_lt"),
    ("short", "", "text_empty"), ("long", "abcd", "text_too_long"), ("few", [1], "items_too_few"),
    ("many", [1, 2], "items_too_many"), ("ident", "Abc", "expected_id"), ("rgb", "red", "expected_colour"),
    ("mark", "ab", "expected_pattern")])
def test_a_bound_a_length_or_a_form_is_said_in_the_language(field: str, value: Any, key: str) -> None:
    """A number out of its bounds, an empty or too long text, a list too short or too long, a text not an id, a
    colour or of its form: each line names its sentence, says its bound and the value given in every language, and
    its English is the message it was."""
    from typing import Annotated

    from pydantic import BaseModel, ConfigDict, Field, StringConstraints

    from cardgen.errors import InputError, said
    from cardgen.load.validate import validate
    from cardgen.load.yamlio import LineMap

    class Bounds(BaseModel):
        model_config = ConfigDict(extra="forbid")
        ge: int = Field(default=5, ge=1)
        gt: int = Field(default=5, gt=1)
        le: int = Field(default=1, le=3)
        lt: int = Field(default=1, lt=3)
        short: str = Field(default="x", min_length=1)
        long: str = Field(default="x", max_length=3)
        few: list[int] = Field(default=[1, 2], min_length=2)
        many: list[int] = Field(default=[1], max_length=1)
        ident: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$")] = "a"
        rgb: Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")] = "#000000"
        mark: Annotated[str, StringConstraints(pattern=r"^[A-Z]$")] = "A"

    with pytest.raises(InputError) as caught:
        validate(Bounds, {field: value}, LineMap(), file="b.yaml")
    error = caught.value
    assert error.key == key and said(key, "en", **error.fields) == error.message, (error.key, error.message)
    facts = [str(v) for v in error.fields.values() if isinstance(v, str)]
    for lang in ("fr", "it"):
        line = error.said(lang)
        assert all(f in line for f in facts) and error.message not in line, line
        if isinstance(value, str) and value:  # the text given, in the language's quotes
            assert line.endswith({"fr": f"«{N}{value}{N}»", "it": f"«{value}»"}[lang]) or key == "text_too_long", line
        assert not english_in(line, lang, {"b", "yaml", field, str(value).lower()}), line


#: the fields and values of a deck file the refusals quote: what the designer types, the same in every language
YAML_WORDS = {"dish", "wild", "owner", "role", "lt", "gt", "eq", "sum", "include", "special", "silver", "colour",
              "lair", "coin", "die", "imposter", "end", "effect", "draco", "packets", "turns", "forty"}
#: a component and a face the shared model accepts (each refusal below changes one thing)
PIECE = {"id": "c", "kind": "card", "count": 1, "name": {"en": "C"}, "faces": [{"layout": "plain"}]}
FACE = {"layout": "plain"}
#: a game model (or the shared schema's) and a mapping its validator refuses, by the key of the sentence it says
MODEL_REFUSALS = {
    "royale_packet_beyond": ("royale", "RoyaleRules", {"packets": 3, "end_packet_setup": 4}),
    "royale_shape_twice": ("royale", "RoyaleRules", {"take_shapes": ["row", "row"]}),
    "royale_rotation_twice": ("royale", "RoyaleRules", {"imposter_rotations": [0, 0]}),
    "royale_bands_overlap": ("royale", "RoyaleRules", {"score_bands": [
        {"min": 0, "max": 5, "title": {"en": "a"}}, {"min": 4, "max": 9, "title": {"en": "b"}}]}),
    "royale_dish_type_missing": ("royale", "RoyaleComponent", {"role": "dish"}),
    "royale_dish_only": ("royale", "RoyaleComponent", {"role": "end", "dish": "main"}),
    "royale_owner_missing": ("royale", "RoyaleComponent", {"role": "imposter"}),
    "royale_owner_only": ("royale", "RoyaleComponent", {"role": "end", "owner": "A"}),
    "royale_sum_bound": ("royale", "SumRule", {}),
    "royale_sum_eq_alone": ("royale", "SumRule", {"eq": 5, "lt": 9}),
    "royale_service_any": ("royale", "Service", {"sum": {"lt": 9}}),
    "royale_two_sum_three": ("royale", "Service", {"cards": 4, "two_sum_to_third": True}),
    "royale_include_more": ("royale", "Service", {"cards": 2, "include": {"main": 3}}),
    "royale_ordered_last": ("royale", "NobleFace", {"side": "masked", "services": [
        {"sum": {"eq": 9}, "order": "ascending"}, {"cards": 2}]}),
    "draco_negative_amounts": ("draco", "DracoRules", {"toast_payouts": [3, -1]}),
    "draco_colour_needed": ("draco", "DracoPiece", {"role": "lair"}),
    "draco_colour_only": ("draco", "DracoPiece", {"role": "coin", "silver": 1, "colour": "red"}),
    "draco_special_only": ("draco", "DracoPiece", {"role": "coin", "silver": 1, "special": "zork"}),
    "draco_silver_only": ("draco", "DracoPiece", {"role": "die", "silver": 1}),
    "draco_one_effect": ("draco", "DracoFace", {"flip_draco": {}, "cup_to_centre": {}}),
    "draco_face_both": ("draco", "DracoFace", {"flip_draco": {}, "cup_hand": "left"}),
    # the deck model every game shares (cardgen.model.schema)
    "span_order": ("schema", "Span", {"min": 5, "max": 2}),
    "cell_outside": ("schema", "Pattern", {"rows": 2, "cols": 2, "cells": [[0, 0], [2, 1]]}),
    "cell_twice": ("schema", "Pattern", {"cells": [[0, 0], [0, 0]]}),
    "range_order": ("schema", "ValueRange", {"from": 9, "to": 3}),
    "range_span": ("schema", "ValueRange", {"from": 0, "to": 500}),
    "card_faces": ("schema", "Piece", {**PIECE, "faces": [FACE] * 3}),
    "token_faces": ("schema", "Piece", {**PIECE, "kind": "token", "faces": [FACE] * 3}),
    "die_sides": ("schema", "Piece", {**PIECE, "kind": "die"}),
    "card_back": ("schema", "Piece", PIECE),
    "two_faced_back": ("schema", "Piece", {**PIECE, "faces": [FACE] * 2, "back": "plain"}),
    "ruling_rule": ("schema", "Ruling", {"text": {"en": "up to {hand_size}"}, "rules": ["packets"]}),
    "action_word": ("schema", "Actions", {"actions": {"Serve it": {"en": "serve"}}}),
    "action_brace": ("schema", "Actions", {"actions": {"serve": {"en": "serve {0"}}}),
    "action_placeholder": ("schema", "Actions", {"actions": {"serve": {"en": "serve {dish}"}}}),
    "action_beyond": ("schema", "Actions", {"actions": {"serve": {"en": "serve {15}"}}}),
    "action_same_words": ("schema", "Actions", {"actions": {"serve": {"en": "serve {0}", "fr": "servir"}}}),
    "target_not_range": ("schema", "Targets", {"turns": "forty"}),
    "target_order": ("schema", "Targets", {"turns": "60..40"}),
    "target_not_text": ("schema", "Targets", {"turns": 50}),
}


def _schema_models() -> dict[str, Any]:
    """The shared deck model's classes a refusal above validates, and small models holding its typed fields."""
    from pydantic import BaseModel

    from cardgen.model import schema

    class Actions(BaseModel):
        actions: schema.ActionNames

    class Targets(BaseModel):
        turns: schema.TargetRange

    return {"Span": schema.Span, "Pattern": schema.Pattern, "ValueRange": schema.ValueRange, "Ruling": schema.Ruling,
            "Piece": schema.Component[schema.NoData, schema.NoData], "Actions": Actions, "Targets": Targets}


@pytest.mark.parametrize("key", sorted(MODEL_REFUSALS))
def test_a_games_model_refusal_is_said_in_the_language(key: str) -> None:
    """Each model validator of Royale, Draco and the shared deck model refuses with its sentence: the line under
    --lang fr/it is that sentence with the refusal's facts, and the English sentence filled in is the message it
    always printed."""
    import importlib

    from cardgen.errors import InputError, said
    from cardgen.load.validate import validate
    from cardgen.load.yamlio import LineMap

    game, model, data = MODEL_REFUSALS[key]
    cls = _schema_models()[model] if game == "schema" else \
        getattr(importlib.import_module(f"cardgen.games.{game}.model"), model)
    with pytest.raises(InputError) as caught:
        validate(cls, data, LineMap(), file="d.yaml")
    error = caught.value
    assert error.key == key and said(key, "en", **error.fields) == error.message, (error.key, error.message)
    for lang in ("fr", "it"):
        line = error.said(lang)
        assert error.message not in line and all(str(v) in line for v in error.fields.values()
                                                 if not isinstance(v, dict)), line
        assert line.startswith("d.yaml: ") and said(key, lang, **error.fields) in line, line
        assert not english_in(line, lang, YAML_WORDS), english_in(line, lang, YAML_WORDS)
