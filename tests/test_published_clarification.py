"""A rule gap whose answer the published text itself gives is said as the published rule, not as this
edition's ruling, on the terminal and on the report page alike, as the rulebook states it: King Lui's
``no_dish_emerald`` (no dish left: the published texts say the player *must* draw, so no Emerald used with a
card already waiting) was "settled by this edition's ruling" on validate's screen while the book states it as
the published rule (eighth readers' round, en43, fr1). The deck says so in data (the clarification's
``published``: the resolution the published text leads to), read by the generic reporter; a variant that
settles the case otherwise (``resolution: emerald_allowed``) is still said as its ruling. Round 39 (fr33) read
the published text as ambiguous (it offers Emerald after an "or" right after "must draw"), so King Lui's deck no
longer declares ``published``: the mechanism is tested here on a project whose deck declares it, and the base
deck's case is said as cardgen's rule, its case text saying why."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.errors import InputError
from cardgen.games import get_game
from cardgen.load.project import Project
from cardgen.report.validation import gap_source
from cardgen.report.words import PAGES
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming, format_entry, published_editions
from cardgen.terminal import say

LANGS = ("en", "fr", "it")
#: the base deck's seeded games: game 15 of the 3-player run meets the case (default seed)
GAMES = "16"


def _run(root: Path, deck: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, dict, str]:
    out, doc = tmp_path / "out", tmp_path / "doc.json"
    main(["--project", str(root), "validate", deck, "--players", "3", "--games", GAMES, "--designer-games", "4",
          "--jobs", "1", "--lang", lang, "--json", str(doc), "--out", str(out)])
    pages = " ".join(p.read_text(encoding="utf-8") for p in out.rglob("*.html"))
    return capsys.readouterr().out, json.loads(doc.read_text(encoding="utf-8")), pages


def _declaring_published(repo_root: Path, tmp_path: Path) -> Path:
    """A project whose King Lui deck declares its waiting-Emerald case settled by the published text, as it did
    before round 39 (fr33)."""
    root = tmp_path / "declaring"
    (root / "decks").mkdir(parents=True)
    text = (repo_root / "decks" / "king_lui.yaml").read_text("utf-8")
    at = text.index("  no_dish_emerald:\n    resolution: draw_only\n") + len("  no_dish_emerald:\n    resolution: draw_only\n")
    (root / "decks" / "king_lui.yaml").write_text(text[:at] + "    published: draw_only\n" + text[at:], "utf-8")
    return root


def _published_line(lang: str, name: str | None = None) -> str:
    """The terminal's "… (the published rules settle this case): " line in ``lang``, up to its figures: with the
    case's ``name``, else the words after it (round 39 en39: the case first, what settles it in brackets)."""
    line = say("gap_published", lang, name="\0" if name is None else name, when="\1", state="").split("\1")[0]
    line = line.rstrip(" :\u202f\u00a0")  # up to its closing bracket: the terminal's lines are flattened
    return line.split("\0")[1] if name is None else line


def _published_in_line(lang: str) -> str:
    """The start of the terminal's line for a case only some editions' text decides: "settled by the Italian and
    English published rules, where the French rules do not say (" (twentieth reading fr59); King Lui's waiting
    Emerald is no such case, every edition's text saying the player must draw (twenty-first reading en2)."""
    g = {"published_in": ["it", "en"], "silent_in": ["fr"]}
    return say("gap_published_in", lang, name="\0", when="\1", state="",
               **published_editions(g, lang)).split("\1")[0].split("\0")[1].rstrip(" :\u202f\u00a0")  # round 39 en39


def _ruled_line(lang: str) -> str:
    # round 34 en5: one case cardgen rules is listed under a heading of its own, as several are
    return say("gaps_ruled_head_one", lang) + "\n    "


@pytest.mark.parametrize("lang", LANGS)
def test_a_case_the_published_text_decides_is_said_as_the_published_rule(
        lang: str, repo_root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _declaring_published(repo_root, tmp_path)
    out, doc, pages = _run(root, "king_lui", lang, tmp_path, capsys)
    gap = next(g for g in doc["results"][0]["rule_gaps"] if g["kind"] == "no_dish_emerald")
    assert gap["settled"] and gap["published"] is True
    # every edition's text says the player must draw, the French one too ("le joueur doit piocher"): settled by
    # the published rules, never "the French rules do not say" (twenty-first reading en2, fr1; twentieth fr59 had
    # read the French as silent)
    assert "published_in" not in gap and "silent_in" not in gap
    name = Naming.of(Resolver(Project.open(root)).resolve("king_lui"), lang)
    flat = " ".join(out.split())
    assert _published_line(lang, _gap_name(lang, name)) in flat, flat
    assert _published_in_line(lang) not in flat
    assert f"{_ruled_line(lang)}{_gap_name(lang, name)}" not in flat
    # the terminal says the ruling under the case, as the page does (twenty-first reading en2, fr1, it1)
    assert " ".join(name.clarifications["no_dish_emerald"].split()) in flat, flat
    # the report page's gap table says it alike, then how, in a sentence of its own (fifteenth reading fr39)
    how = gap_source(True, name.clarifications["no_dish_emerald"], lang, gap)
    assert how in pages.replace("&#39;", "'") and gap_source(True, "", lang) not in pages


@pytest.mark.parametrize("lang", LANGS)
def test_a_variant_settling_the_case_otherwise_is_said_as_its_ruling(
        lang: str, repo_root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "project"
    (root / "decks").mkdir(parents=True)
    (root / "variants").mkdir()
    (root / "decks" / "king_lui.yaml").write_text((repo_root / "decks" / "king_lui.yaml").read_text("utf-8"), "utf-8")
    (root / "variants" / "kl-emerald.yaml").write_text(
        "extends: king_lui\nname: {fr: Essai, it: Prova, en: Test}\ndescription: {fr: Essai, it: Prova, en: Test}\n"
        "clarifications:\n  no_dish_emerald:\n    resolution: emerald_allowed\n    text: {fr: a, it: b, en: c}\n", encoding="utf-8")
    out, doc, pages = _run(root, "kl-emerald", lang, tmp_path, capsys)
    gap = next(g for g in doc["results"][0]["rule_gaps"] if g["kind"] == "no_dish_emerald")
    assert gap["settled"] and gap["published"] is False
    assert _published_line(lang) not in out
    name = Naming.of(Resolver(Project.open(root)).resolve("kl-emerald"), lang)
    assert f"{_ruled_line(lang)}{_gap_name(lang, name)}" in out.replace("\n      ", " ")
    said = PAGES[lang]["settled"]
    assert gap_source(True, "", lang) not in pages and f"{said[0].upper()}{said[1:]}. " in pages


def _gap_name(lang: str, naming: Naming) -> str:
    from cardgen.simulate.summary import tally_words
    return tally_words("gap", "no_dish_emerald", lang, naming)


@pytest.mark.parametrize("lang", LANGS)
def test_the_flag_alone_picks_the_line(lang: str) -> None:
    gap = {"kind": "no_dish_emerald", "settled": True, "count": 3, "games": 3, "seed": 7, "game": 0}
    entry = {"variant": "king_lui", "game": "king_lui", "players": 3, "passed": True, "completed": 0, "games": 9,
             "end_reasons": {}, "rule_gaps": [gap], "static_checks": [], "peaks": {}}
    naming = Naming(dict(get_game("king_lui").words))
    assert _published_line(lang) in format_entry({**entry, "rule_gaps": [{**gap, "published": True}]}, lang, naming)
    ruled = format_entry(entry, lang, naming)
    assert _published_line(lang) not in ruled and _ruled_line(lang) in ruled


def test_a_published_resolution_the_engine_does_not_know_is_bad_input(repo_root: Path, tmp_path: Path) -> None:
    root = _declaring_published(repo_root, tmp_path)
    text = (root / "decks" / "king_lui.yaml").read_text("utf-8").replace("published: draw_only", "published: draw_ony")
    (root / "decks" / "king_lui.yaml").write_text(text, "utf-8")
    with pytest.raises(InputError) as err:
        Resolver(Project.open(root)).resolve("king_lui")
    assert "draw_ony" in str(err.value) and "draw_only" in str(err.value)
