"""The title page's data in the rulebook context (cardgen/rulebook/context.py), read against the deck files.

Kills the mutant mutmut left alive in ``build_context`` (docs/DEVELOPING.md, "Mutation
testing"): a context that dropped the house rule's text printed a variant's book without
it and no test saw. Every expected value here is read from the YAML files in decks/ and
variants/ with a plain YAML parser, never from the resolver: the cover line's player
range, the credits, the names, and for a variant its base, its house-rule flag and text.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.context import build_context
from nonempty import nonempty

ROOT = Path(__file__).resolve().parent.parent
FILES = {p.stem: p for p in [*ROOT.glob("decks/*.yaml"), *ROOT.glob("variants/*/*.yaml")]}


@cache
def data(deck_id: str) -> dict[str, Any]:
    return yaml.safe_load(FILES[deck_id].read_text(encoding="utf-8"))


def base_of(deck_id: str) -> str | None:
    return data(deck_id).get("extends")


def inherited(deck_id: str, key: str) -> Any:
    """``key`` as the deck file gives it, or as the deck it extends does (a variant overrides what it names)."""
    own = data(deck_id).get(key)
    base = base_of(deck_id)
    if base is None:
        return own
    above = inherited(base, key)
    if isinstance(own, dict) and isinstance(above, dict):
        return {**above, **own}
    return above if own is None else own


def plain(text: str) -> str:
    """Text without the book's typography (curly apostrophes, narrow spaces), to compare with the file's."""
    return text.replace("\u2019", "'").replace("\u202f", " ").replace("\u00a0", " ")


@cache
def resolved(deck_id: str) -> Any:
    return resolve(deck_id, ROOT)


def contexts(deck_id: str) -> dict[str, Any]:
    """Built afresh by every test (never cached: each test must run the context code it checks)."""
    deck = resolved(deck_id)
    return {lang: build_context(deck, lang) for lang in deck.model.languages}


@pytest.mark.parametrize("deck_id", sorted(FILES))
def test_the_title_page_data_is_the_deck_files(deck_id: str) -> None:
    players = inherited(deck_id, "players")
    credits = inherited(deck_id, "credits")
    base = base_of(deck_id)
    box = inherited(deck_id, "box")
    rules = inherited(deck_id, "rules")
    for lang, ctx in nonempty(contexts(deck_id).items()):
        assert (ctx.deck_id, ctx.game, ctx.lang) == (deck_id, inherited(deck_id, "game"), lang)
        assert (ctx.players.min, ctx.players.max) == (players["min"], players["max"]), lang
        assert ctx.box.age == box["age"]  # the cover line: ages and playing time
        assert (ctx.box.minutes.min, ctx.box.minutes.max) == (box["minutes"]["min"], box["minutes"]["max"])
        assert {k: ctx.rule_values[k] for k in rules} == rules  # every rule number the files give
        assert ctx.designers == credits["designers"] and ctx.publisher == credits["publisher"]
        assert ctx.year == str(credits["year"])  # printed as text: 2003, never "2 003"
        assert plain(ctx.name) == plain(data(deck_id)["name"][lang])
        assert plain(ctx.description) == plain(data(deck_id)["description"][lang])
        assert ctx.is_variant is (base is not None)
        if base is None:
            assert ctx.base_name is None and ctx.base_description is None and not ctx.house_variant
        else:
            assert plain(ctx.base_name) == plain(data(base)["name"][lang])
            assert plain(ctx.base_description) == plain(data(base)["description"][lang])
            # a variant that plays code (a house rule) is labelled one unless its file says otherwise
            flag = data(deck_id).get("house_variant")
            expected = bool(inherited(deck_id, "house_variant") or inherited(deck_id, "code")) if flag is None else flag
            assert ctx.house_variant is expected


@pytest.mark.parametrize("deck_id", sorted(d for d in FILES if "house_rule" in data(d)))
def test_a_house_rule_variant_carries_its_rule_in_every_language(deck_id: str) -> None:
    """The rule a variant plays as code reaches its book in the players' words, in each language."""
    for lang, ctx in nonempty(contexts(deck_id).items()):
        assert plain(ctx.house_rule) == plain(data(deck_id)["house_rule"][lang]), lang


def test_a_deck_without_a_house_rule_has_none() -> None:
    assert all(ctx.house_rule == "" for d in FILES if "house_rule" not in data(d) for ctx in contexts(d).values())


def test_the_shipped_files_include_house_rule_variants() -> None:
    """Otherwise the house-rule test above would check nothing."""
    assert {d for d in FILES if "house_rule" in data(d)} >= {"king_lui-gentle-overeating", "draco-charity-toast"}


def test_a_deck_without_description_or_reconstruction_in_french(tmp_path: Path) -> None:
    """A deck file with no description, no reconstruction, its own card size and a French name typed
    with a plain space before its colon: the book gets an empty tagline, no reconstruction note, the
    deck's card size and the narrow space."""
    from test_render_support import card, deck_yaml

    doc = deck_yaml([card("a")], card={"width_mm": 70.0, "height_mm": 120.0})
    doc["name"]["fr"] = "Jeu : essai"
    assert "description" not in doc and "reconstruction" not in doc
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "plain.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    deck = resolve("plain", tmp_path)
    fr, en = build_context(deck, "fr"), build_context(deck, "en")
    assert fr.name == "Jeu\u202f: essai" and en.name == doc["name"]["en"]
    assert fr.description == "" and fr.reconstruction is False
    assert (fr.card.width_mm, fr.card.height_mm) == (70.0, 120.0)  # the card size a template may print


def test_components_by_group_follow_the_deck_file() -> None:
    """A template may list a group's components (``by_group``): each group, in the file's order."""
    groups: dict[str, list[str]] = {}
    for comp in data("royale")["components"]:
        if comp.get("group") is not None:
            groups.setdefault(comp["group"], []).append(comp["id"])
    assert groups  # Royale's file groups its cards
    for ctx in contexts("royale").values():
        assert {g: [v.id for v in views] for g, views in ctx.by_group.items()} == groups


def test_deck_texts_get_the_french_spaces_in_a_variants_book(tmp_path: Path) -> None:
    """A base deck and its variant whose French texts were typed with plain spaces before ':' and '!':
    the books show them with narrow spaces: names, descriptions (the base's in the variant's book),
    this edition's clarifications and rulings."""
    from test_render_support import card, deck_yaml

    doc = deck_yaml([card("a")])
    doc["name"]["fr"], doc["description"] = "Jeu : essai", {"en": "A test.", "it": "Prova.", "fr": "Court !"}
    gap, clarification = next(iter(data("king_lui")["clarifications"].items()))  # a gap King Lui's rules know
    doc["clarifications"] = {gap: {**clarification, "text": {"en": "C.", "it": "C.", "fr": "Ainsi : un"}}}
    doc["rulings"] = {"ours": {"text": {"en": "R.", "it": "R.", "fr": "Notre choix : deux"}}}
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "base.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    (tmp_path / "variants" / "base").mkdir(parents=True)
    (tmp_path / "variants" / "base" / "base-v.yaml").write_text(yaml.safe_dump({
        "extends": "base", "name": {"fr": "Variante : une", "it": "V", "en": "V"},
        "description": {"fr": "Plus long !", "it": "V", "en": "V"}}, allow_unicode=True), encoding="utf-8")
    base, variant = (build_context(resolve(d, tmp_path), "fr") for d in ("base", "base-v"))
    assert base.description == "Court\u202f!"
    assert (base.clarifications[gap], base.rulings["ours"]) == ("Ainsi\u202f: un", "Notre choix\u202f: deux")
    assert (variant.name, variant.description) == ("Variante\u202f: une", "Plus long\u202f!")
    assert (variant.base_name, variant.base_description) == ("Jeu\u202f: essai", "Court\u202f!")


def test_a_deck_wide_reconstruction_alone_is_one(tmp_path: Path) -> None:
    """A reconstruction note on the deck, none on any component: the book still says it is one."""
    from test_render_support import card, deck_yaml

    doc = deck_yaml([card("a")])
    doc["reconstruction"] = ["The colours are ours: no source gives them."]
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "ours.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    ctx = build_context(resolve("ours", tmp_path), "en")
    assert not any(v.reconstruction for v in ctx.components) and ctx.reconstruction is True
