"""Loading and resolving decks and variants: one test per class of bad input, plus merging.

Every bad input must come out of the command line as exit code 2 and a single line
naming file, line and field, with a "did you mean" where a typo is likely.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.errors import InputError, did_you_mean
from cardgen.resolve.resolve import resolve

HEAD = "extends: king_lui\nname: {fr: Essai, it: Prova, en: Trial}\ndescription: {fr: Essai, it: Prova, en: Trial}\n"


def run_error(project: Path, ref: str, capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``cardgen inspect`` and return its single error line (asserting exit 2)."""
    code = main(["--project", str(project), "inspect", ref])
    out, err = capsys.readouterr()
    assert code == 2, out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def write(project: Path, name: str, text: str) -> str:
    (project / "variants" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return name


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # unknown key, with did-you-mean
        ("change:\n  ham: {cuont: 3}\n",
         r"v\.yaml:5: change\.ham\.cuont: unknown field 'cuont' \(did you mean 'count'\?\)"),
        # wrong type
        ("rules:\n  course_cards_per_player: two\n",
         r"v\.yaml:5: rules\.course_cards_per_player: expected a whole number, got 'two'"),
        # negative count
        ("change:\n  ham: {count: -3}\n", r"v\.yaml:5: change\.ham\.count: expected a number >= 0, got -3"),
        # absurd count
        ("change:\n  ham: {count: 100000}\n", r"v\.yaml:5: change\.ham\.count: expected a number <= 1000"),
        # unknown colour reference
        ("change:\n  ham:\n    faces: [{layout: suit, colour: yelow}]\n",
         r"v\.yaml:6: change\.ham\.faces\[0\]\.colour: unknown colour 'yelow'.*did you mean 'yellow'"),
        # unknown card reference
        ("remove: [chiken]\n", r"v\.yaml:4: remove\[0\]: unknown component 'chiken'.*did you mean 'chicken'"),
        ("change:\n  hamm: {count: 3}\n", r"v\.yaml:5: change\.hamm: unknown component 'hamm'.*did you mean 'ham'"),
        # unknown back reference
        ("change:\n  ham: {back: kinglui_back}\n", r"v\.yaml:5: change\.ham\.back: unknown back.*king_lui_back"),
        # duplicate id
        ("add:\n  - {id: ham, kind: card, count: 1, name: {fr: a, it: a, en: a}, back: king_lui_back,"
         " data: {role: portion}, faces: [{layout: suit}]}\n",
         r"v\.yaml:5: add\[0\]\.id: duplicate component id 'ham'"),
        # asset leaving the project folder
        ("change:\n  ham:\n    faces: [{layout: suit, art: ../../etc/passwd}]\n",
         r"v\.yaml:6: change\.ham\.faces\[0\]\.art: asset path '\.\./\.\./etc/passwd' leaves the project folder"),
        ("change:\n  ham:\n    faces: [{layout: suit, art: /etc/passwd}]\n", r"is absolute"),
        # players out of order, reported at the variant's line
        ("players: {max: 2}\n", r"v\.yaml:4: players: min \(3\) must not exceed max \(2\)"),
        # the cover's playing time out of order, and a figure marked ours that is not one
        ("box: {minutes: {min: 40, max: 20}}\n", r"v\.yaml:4: box\.minutes: min \(40\) must not exceed max \(20\)"),
        ("box: {ours: [agee]}\n", r"v\.yaml:4: box\.ours\[0\]: .*'age'"),
        ("house_variant: maybe\n", r"v\.yaml:4: house_variant: "),
        # unknown top-level key
        ("rulez: {}\n", r"v\.yaml:4: rulez: unknown field 'rulez' \(did you mean 'rules'\?\)"),
        # unknown rule gap in a clarification
        ("clarifications:\n  emtpy_supply: {resolution: pass, text: {fr: a, it: a, en: a}}\n",
         r"v\.yaml:5: clarifications\.emtpy_supply: unknown rule gap"),
    ],
)
def test_variant_errors_are_one_located_line(mini_project: Path, capsys: pytest.CaptureFixture[str],
                                             body: str, expected: str) -> None:
    write(mini_project, "v", HEAD + body)
    line = run_error(mini_project, "v", capsys)
    assert line.startswith("cardgen: error: variants/v.yaml:")
    assert re.search(expected, line), line


def test_missing_translation(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(mini_project, "v", "extends: king_lui\nname: {fr: a, en: a}\ndescription: {fr: a, it: a, en: a}\n")
    line = run_error(mini_project, "v", capsys)
    assert "v.yaml:2: name.it: missing required field 'it'" in line


def test_empty_translation(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(mini_project, "v", "extends: king_lui\nname: {fr: a, it: '', en: a}\ndescription: {fr: a, it: a, en: a}\n")
    assert "name.it: expected non-empty text" in run_error(mini_project, "v", capsys)


def test_unknown_language(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(mini_project, "v", "extends: king_lui\nname: {fr: a, it: a, en: a, de: a}\n"
          "description: {fr: a, it: a, en: a}\n")
    assert "name.de: text in 'de', which is not one of this deck's languages (fr, it, en)" in run_error(
        mini_project, "v", capsys)


def test_malformed_yaml(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(mini_project, "v", "extends: king_lui\nname: {fr: a, it: a\n")
    assert re.search(r"v\.yaml:3: malformed YAML", run_error(mini_project, "v", capsys))


def test_duplicate_yaml_key(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(mini_project, "v", HEAD + "extends: king_lui\n")
    assert "v.yaml:4: extends: duplicate key 'extends'" in run_error(mini_project, "v", capsys)


def test_unknown_base(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(mini_project, "v", HEAD.replace("king_lui", "king_lue"))
    line = run_error(mini_project, "v", capsys)
    assert "v.yaml:1: extends: unknown base 'king_lue'" in line and "did you mean 'king_lui'" in line


def test_cyclic_extends(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(mini_project, "a", HEAD.replace("king_lui", "b"))
    write(mini_project, "b", HEAD.replace("king_lui", "a"))
    assert "cycle: a -> b -> a" in run_error(mini_project, "a", capsys)
    write(mini_project, "c", HEAD.replace("king_lui", "c"))
    assert "cycle" in run_error(mini_project, "c", capsys)


def test_alias_bomb(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    levels = ["a: &a [x,x,x,x,x,x,x,x,x,x]"]
    for prev, name in zip("abcdefg", "bcdefgh"):
        levels.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 10) + "]")
    write(mini_project, "v", "\n".join(levels) + "\n")
    assert "alias bomb" in run_error(mini_project, "v", capsys)


def test_unknown_game_in_deck(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = mini_project / "decks" / "king_lui.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("game: king_lui", "game: king_lue"), encoding="utf-8")
    line = run_error(mini_project, "king_lui", capsys)
    assert "decks/king_lui.yaml" in line and "unknown game 'king_lue'" in line and "did you mean 'king_lui'" in line


def test_deck_level_wrong_type_points_at_deck_line(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = mini_project / "decks" / "king_lui.yaml"
    text = deck.read_text(encoding="utf-8")
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("count: 15"))
    lines[index] = lines[index].replace("count: 15", "count: fifteen")
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = run_error(mini_project, "king_lui", capsys)
    assert f"decks/king_lui.yaml:{index + 1}: components[0].count: expected a whole number" in line


def test_unknown_deck_id_on_command_line(mini_project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "no deck or variant called 'king_lue' (did you mean 'king_lui'?)" in run_error(mini_project, "king_lue",
                                                                                         capsys)


def test_a_deck_id_in_other_capitals_gets_a_did_you_mean(mini_project: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """difflib compares capitals as different letters: 'KING_LUI' was refused with no suggestion."""
    assert "no deck or variant called 'KING_LUI' (did you mean 'king_lui'?)" in run_error(mini_project, "KING_LUI",
                                                                                         capsys)


def test_a_shipped_game_the_project_does_not_copy_gets_a_did_you_mean(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A project whose variants extend King Lui without a copy of its deck: 'king_lui' is found on the command line
    (compare king_lui my-variant), so 'king_lu' is suggested it."""
    (tmp_path / "decks").mkdir()
    assert "no deck or variant called 'king_lu' (did you mean 'king_lui'?)" in run_error(tmp_path, "king_lu", capsys)


def test_of_two_choices_alike_but_for_capitals_the_first_is_suggested() -> None:
    """did_you_mean promises the first of 'Sun' and 'sun' (the order the choices are listed in),
    so the suggestion does not depend on which of the two a set or dict happened to list last."""
    assert did_you_mean("SUNN", ["Sun", "sun", "moon"]) == "Sun"
    assert did_you_mean("SUNN", ["sun", "Sun", "moon"]) == "sun"
    assert did_you_mean("a4", ["A4", "A3", "Letter"]) == "A4"
    assert did_you_mean("king_lui", ["KING_LUI"]) == "KING_LUI"


def test_not_a_project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "no decks/ or variants/ folder" in run_error(tmp_path, "king_lui", capsys)


def test_variant_merges_onto_base(mini_project: Path) -> None:
    write(mini_project, "bigger", HEAD + "rules: {course_cards_per_player: 3}\nchange:\n  ham: {count: 20}\n"
          "remove: [emerald]\n")
    deck = resolve("bigger", mini_project)
    base = resolve("king_lui", mini_project)
    assert deck.kind == "variant" and deck.chain == ["king_lui", "bigger"]
    assert deck.rules.course_cards_per_player == 3
    assert deck.rules.emerald_portions == base.rules.emerald_portions  # untouched keys kept
    assert deck.component("ham").count == 20
    assert "emerald" not in deck.by_id
    assert deck.model.name.en == "Trial"
    kinds = {(d["kind"], d["field"]) for d in deck.differences}
    assert {("rule", "course_cards_per_player"), ("count", "ham"), ("removed", "emerald")} <= kinds


def test_variant_of_variant(mini_project: Path) -> None:
    write(mini_project, "one", HEAD + "change:\n  ham: {count: 20}\n")
    write(mini_project, "two", HEAD.replace("king_lui", "one") + "change:\n  cheese: {count: 10}\n")
    deck = resolve("two", mini_project)
    assert deck.chain == ["king_lui", "one", "two"]
    assert (deck.component("ham").count, deck.component("cheese").count) == (20, 10)


def test_value_ranges_expand(mini_project: Path) -> None:
    write(mini_project, "v", HEAD + "add:\n  - id: token\n    kind: token\n    count: 2\n"
          "    name: {fr: a, it: a, en: a}\n    values: {from: 1, to: 4}\n    faces: [{layout: token}]\n")
    deck = resolve("v", mini_project)
    tokens = [c for c in deck.model.components if c.kind == "token"]
    assert [c.id for c in tokens] == ["token-1", "token-2", "token-3", "token-4"]
    assert [c.faces[0].value for c in tokens] == [1, 2, 3, 4]
    assert all(c.count == 2 for c in tokens)


def test_resolution_is_deterministic(mini_project: Path) -> None:
    write(mini_project, "v", HEAD + "change:\n  ham: {count: 20}\n")
    assert resolve("v", mini_project).to_json() == resolve("v", mini_project).to_json()


def test_path_reference(mini_project: Path) -> None:
    path = mini_project / "variants" / "v.yaml"
    path.write_text(HEAD, encoding="utf-8")
    assert resolve(str(path), mini_project).id == "v"


def test_input_error_format() -> None:
    err = InputError("expected a whole number", file="decks/x.yaml", line=3, field=("components", 2, "count"),
                     hint="count")
    assert str(err) == "decks/x.yaml:3: components[2].count: expected a whole number (did you mean 'count'?)"


# -- hardening (issue #12) ------------------------------------------------------------------
_HEAD = 'extends: king_lui\nname: {fr: "a", it: "a", en: "a"}\ndescription: {fr: "d", it: "d", en: "d"}\n'


def _variant(project: Path, body: str) -> Path:
    path = project / "variants" / "v.yaml"
    path.write_text(_HEAD + body, encoding="utf-8")
    return path


def test_faces_changed_item_by_index(mini_project: Path) -> None:
    from cardgen.resolve.resolve import resolve
    _variant(mini_project, 'change:\n  ham:\n    faces:\n      0: {title: {en: "Gammon"}}\n')
    deck = resolve("v", mini_project)
    face = deck.component("ham").faces[0]
    assert face.title.en == "Gammon" and face.title.fr == "Jambon"  # merged into the item, not replaced
    assert face.symbol == "ham"


def test_change_cannot_rename_a_component(mini_project: Path) -> None:
    from cardgen.errors import InputError, did_you_mean
    from cardgen.resolve.resolve import resolve
    _variant(mini_project, "change: {ham: {id: jambon}}\n")
    with pytest.raises(InputError, match="cannot rename") as exc:
        resolve("v", mini_project)
    assert exc.value.file == "variants/v.yaml" and exc.value.line == 4


def test_removing_everything_blames_the_variant(mini_project: Path) -> None:
    from cardgen.errors import InputError, did_you_mean
    from cardgen.resolve.resolve import resolve
    _variant(mini_project, "remove: [ham, cheese, bread, cake, wine, fruit, chicken, emerald]\n")
    with pytest.raises(InputError, match="every component") as exc:
        resolve("v", mini_project)
    assert exc.value.file == "variants/v.yaml"


def test_every_text_problem_of_a_file_in_one_run(mini_project: Path) -> None:
    from cardgen.errors import InputErrors
    from cardgen.resolve.resolve import resolve
    _variant(mini_project, 'change:\n  ham: {name: {en: "A\\e"}}\n  cheese: {name: {en: "\\U0001F600"}}\n'
                           '  bread: {name: {en: "עברית"}}\n')
    with pytest.raises(InputErrors) as exc:
        resolve("v", mini_project)
    lines = exc.value.lines()
    assert [line.split(": ")[0] for line in lines] == ["variants/v.yaml:5", "variants/v.yaml:6", "variants/v.yaml:7"]
    assert "control character" in lines[0] and "no glyph" in lines[1] and "right-to-left" in lines[2]


def test_art_must_be_a_sound_image(mini_project: Path) -> None:
    from PIL import Image

    from cardgen.errors import InputError, did_you_mean
    from cardgen.resolve.resolve import resolve
    (mini_project / "art").mkdir()
    Image.new("RGB", (4, 4), "red").save(mini_project / "art" / "ok.png")
    _variant(mini_project, "change: {ham: {faces: {0: {art: art/ok.png}}}}\n")
    assert resolve("v", mini_project).component("ham").faces[0].art == "art/ok.png"
    (mini_project / "art" / "bad.png").write_bytes((mini_project / "art" / "ok.png").read_bytes()[:40])
    _variant(mini_project, "change: {ham: {faces: {0: {art: art/bad.png}}}}\n")
    with pytest.raises(InputError, match="damaged image|not an image"):
        resolve("v", mini_project)
