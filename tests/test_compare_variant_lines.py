"""What compare says above its figures: the variant's story line, then what it changes and why (fifteenth reading
fr14, fr19)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.compare import introduction
from cardgen.simulate.summary import difference_line, first_sentence, format_comparison


@pytest.mark.parametrize(("lang", "flavour", "rule"), [
    ("fr", "Emerald grandit vite, son appétit aussi.", "au lieu de 2"),
    ("it", "Emerald cresce in fretta, e con lui l’appetito.", "invece di 2"),
    ("en", "Emerald is growing fast, and so is his appetite.", "instead of 2")])
def test_compare_prints_the_variant_s_story_line_not_its_rule_twice(lang: str, flavour: str, rule: str) -> None:
    """fr14: "Emerald grandit vite, son appétit aussi : … il retire du jeu 3 portions du roi au lieu de 2 …" was
    followed at once by "Ce que change la variante — portions que chaque carte Emerald retire au roi : 2 → 3".
    The Hungry Dragon's ``flavour`` is its introduction, in every language; its description (the book's, with the
    rule) is unchanged; a variant without a flavour line keeps its description (Charity Toast's is one already)."""
    dragon = resolve("king_lui-hungry-dragon")
    assert introduction(dragon, lang) == flavour
    assert rule in dragon.text(lang)["description"]  # the book still states the rule
    toast = resolve("draco-charity-toast")
    assert introduction(toast, lang) == toast.text(lang)["description"]
    assert introduction(resolve("royale-solo"), lang) == resolve("royale-solo").text(lang)["description"]  # not inherited
    doc = {"lang": lang, "base": "king_lui", "variant": "king_lui-hungry-dragon", "name": "V", "games": 100,
           "agents": ["heuristic"], "description": introduction(dragon, lang), "differences": list(dragon.differences),
           "results": []}
    lines = format_comparison(doc).splitlines()
    assert lines[1].strip() == first_sentence(flavour) and rule not in "\n".join(lines)


@pytest.mark.parametrize(("lang", "line"), [
    ("fr", "nombre minimal de joueurs\u202f: 1 → 2 (une partie en solitaire n’utilise pas la carte Fin du banquet\u202f: "
           "cette variante ne l’abrégerait donc pas)"),
    ("it", "numero minimo di giocatori: 1 → 2 (in solitario la carta Fine del banchetto non si usa, quindi la "
           "variante non accorcerebbe la partita)"),  # round 45 it18: «la» took the card, not the game
    ("en", "minimum number of players: 1 → 2 (a solo game does not use the End of the Banquet card, so a Light "
           "Supper would not shorten it)")])
def test_a_changed_field_says_why_where_the_variant_gives_a_reason(lang: str, line: str) -> None:
    """fr19: "Ce que change la variante — nombre minimal de joueurs : 1 → 2" left the designer wondering why a short
    game bans solo play (the published solo mode does not use the End of the Banquet card). The variant's
    ``reasons`` (keyed by what changes: ``players.min``) print after the change; a change without one prints
    none."""
    from cardgen.languages import typeset

    short = resolve("royale-short")
    said = {d["field"]: typeset(difference_line(d, lang), lang) for d in short.differences}
    assert said["min"] == line
    assert "(" not in said["end_card_draws"]  # no reason given for it
    assert all("why" not in d for d in resolve("royale-solo").differences)


def test_a_reason_is_keyed_by_what_changes_and_declared_in_the_schema() -> None:
    """A reason reaches the change it names (a rule number by its name, a player count by ``players.min``) and
    no other; the schema declares both fields, so a typo in a variant's file is an error, as elsewhere."""
    from cardgen.model.schema import Deck, Variant
    from cardgen.resolve.resolve import differences

    assert {"flavour", "reasons"} <= set(Variant.model_fields) and {"flavour", "reasons"} <= set(Deck.model_fields)
    base, short = resolve("royale"), resolve("royale-short")
    why = {"fr": "a", "it": "b", "en": "c"}
    rule = short.model.model_copy(update={"reasons": {"end_card_draws": why}})
    found = {d["field"]: d.get("why") for d in differences(base, dataclasses.replace(short, model=rule))}
    assert found == {"min": None, "end_card_draws": why}


def test_the_compare_page_shows_the_line_the_terminal_prints(tmp_path: Path) -> None:
    """The page's box of changes opens with compare's introduction (the doc's ``description``), the same line
    as the terminal's, not the book's description with its rule, which the list below says again (fr14)."""
    from cardgen.report.pages import compare_page
    from cardgen.simulate.compare import CompareOptions, run_compare
    from toy_game import load_toy, toy_deck

    opts = CompareOptions(games=10, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang="en")
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    html = compare_page({**doc, "description": "A story line."},
                        {"name": "V", "description": "The book's rule: 2 becomes 3."}, "")
    box = html[html.index('<div class="changes">'):]
    assert box.index("A story line.") < box.index("<ul>") and "The book's rule" not in html


def test_a_variant_of_a_variant_does_not_inherit_its_story_line(tmp_path: Path) -> None:
    """A variant's ``flavour`` is its own story: a variant extending the Light Supper without one introduces
    itself by its own description, never by the Light Supper's line; its reasons merge, as its rules do."""
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver

    import shutil

    (tmp_path / "variants").mkdir()
    shutil.copy(Path(__file__).parents[1] / "variants" / "royale" / "royale-short.yaml", tmp_path / "variants")
    (tmp_path / "variants" / "tiny.yaml").write_text(
        'extends: royale-short\nname: {fr: "Mini", it: "Mini", en: "Mini"}\n'
        'description: {fr: "Un souper minuscule.", it: "Una cena minuscola.", en: "A tiny supper."}\n',
        encoding="utf-8")
    tiny = Resolver(Project.open(tmp_path)).resolve("tiny")
    assert introduction(tiny, "en") == "A tiny supper."
    assert tiny.model.reasons["players.min"]["en"].startswith("a solo game")
