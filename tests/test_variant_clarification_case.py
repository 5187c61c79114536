"""A variant that changes a clarification never inherits the base deck's ``case`` (issue #53, fifteenth reading,
kl-emerald): the deck page's special-cases table quoted the base rule's case ("you must draw") beside the
variant's changed ruling. Its own ``case`` is kept; without one, the page falls back to the variant's text."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.report.words import PAGES
from cardgen.simulate.summary import Naming

HEAD = "extends: king_lui\nname: {fr: Essai, it: Prova, en: Test}\ndescription: {fr: Essai, it: Prova, en: Test}\n"
TEXT = ("    text: {fr: \"Vous pouvez vous servir d’Emerald.\", it: \"Puoi usare Emerald.\", "
        "en: \"You may use Emerald.\"}\n")
CASE = ("    case: {fr: \"Sans plat, on peut se servir d’Emerald.\", it: \"Senza piatti si può usare Emerald.\", "
        "en: \"With no dish left, you may use Emerald.\"}\n")


def _variant(repo_root: Path, tmp_path: Path, clarification: str) -> tuple[Path, Naming, object]:
    root = tmp_path / "project"
    (root / "decks").mkdir(parents=True)
    (root / "variants").mkdir()
    (root / "decks" / "king_lui.yaml").write_text((repo_root / "decks" / "king_lui.yaml").read_text("utf-8"), "utf-8")
    (root / "variants" / "kl-emerald.yaml").write_text(
        HEAD + "clarifications:\n  no_dish_emerald:\n" + clarification, encoding="utf-8")
    deck = Resolver(Project.open(root)).resolve("kl-emerald")
    return root, Naming.of(deck, "en"), deck


@pytest.mark.parametrize(("clarification", "said"), [
    ("    resolution: emerald_allowed\n" + TEXT, "You may use Emerald."),  # the variant's text, not the base's case
    (TEXT, "You may use Emerald."),  # reworded alone: its own text
    ("    resolution: emerald_allowed\n" + TEXT + CASE, "With no dish left, you may use Emerald.")])
def test_a_variant_changing_a_clarification_never_quotes_the_base_case(
        clarification: str, said: str, repo_root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = Naming.of(Resolver(Project.open(repo_root)).resolve("king_lui"), "en").clarifications["no_dish_emerald"]
    root, naming, deck = _variant(repo_root, tmp_path, clarification)
    assert naming.clarifications["no_dish_emerald"] == said and said != base
    assert (deck.model.clarifications["no_dish_emerald"].case is None) == ("case:" not in clarification)
    assert main(["--project", str(root), "check", "kl-emerald"]) == 0  # the variant checks clean either way
    capsys.readouterr()


def test_a_variant_changing_only_the_resolution_must_say_it_in_its_own_words(repo_root: Path, tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #53 (seventeenth reading): a variant settling the case otherwise (``emerald_allowed``) without a text of
    its own printed the base's "You may not call Emerald …" (now "use") beside a game where you may: the page, the book and
    validate said the base's ruling. Now it is bad input, located, naming the languages its text lacks; with its
    own text in every language, that text is what every page says, never the base's."""
    from cardgen.errors import InputError

    with pytest.raises(InputError) as raised:
        _variant(repo_root, tmp_path / "alone", "    resolution: emerald_allowed\n")
    assert raised.value.key == "clarification_own_text"
    assert raised.value.fields == {"kind": "no_dish_emerald", "new": "emerald_allowed", "old": "draw_only",
                                   "missing": "fr, it, en"}
    assert (raised.value.file, raised.value.line) == ("variants/kl-emerald.yaml", 6)  # its resolution line
    root = tmp_path / "alone" / "project"
    assert main(["--project", str(root), "check", "kl-emerald", "--lang", "fr"]) == 2
    said = capsys.readouterr().err.replace("\u202f", " ").replace("\u00a0", " ")
    assert "kl-emerald.yaml:6" in said and "son propre « text » en fr, it, en" in said, said
    with pytest.raises(InputError) as partly:  # a text in one language only: the others would still be the base's
        _variant(repo_root, tmp_path / "en", "    resolution: emerald_allowed\n    text: {en: \"You may use.\"}\n")
    assert partly.value.fields["missing"] == "fr, it"
    _, naming, deck = _variant(repo_root, tmp_path / "own", "    resolution: emerald_allowed\n" + TEXT)
    assert deck.model.clarifications["no_dish_emerald"].text.en == "You may use Emerald."
    assert naming.clarifications["no_dish_emerald"] == "You may use Emerald."
    _, same, _ = _variant(repo_root, tmp_path / "same", "    resolution: draw_only\n")  # the base's way: its words
    assert same.clarifications["no_dish_emerald"].startswith("So an Emerald card already waiting beside the dishes")


def test_a_variant_leaving_the_clarification_alone_keeps_the_base_case(repo_root: Path, tmp_path: Path) -> None:
    _, naming, deck = _variant(repo_root, tmp_path, "    published: draw_only\n")
    base = Resolver(Project.open(repo_root)).resolve("king_lui")
    assert deck.model.clarifications["no_dish_emerald"].case == base.model.clarifications["no_dish_emerald"].case
    assert naming.clarifications["no_dish_emerald"].startswith("With no dish left on the table")


def test_the_case_says_which_editions_rules_settle_a_waiting_emerald() -> None:
    """Nineteenth reading fr65: the French case, labelled "provided for by the published rules", ended "as usual"
    on a point the French published text is silent on (what a drawn Emerald does). Twentieth reading fr59 then
    labelled the case as settled by the Italian and English rules alone, "the French rules do not say"; the
    twenty-first reading (en2, fr1) read the French text again: it too obliges the player to draw from the pile,
    as the other two. The case is the ruling all three texts give (you must draw, no waiting Emerald instead),
    settled by the published rules in every edition, with nothing of a drawn Emerald, which the French text does
    not speak of. A case only some editions decide still names them (``published_in``). Round 39 (fr33): every text
    then offers Emerald after an "or", so the case is now cardgen's reading (the deck declares no ``published``),
    still one sentence that says so."""
    from cardgen.report.validation import gap_source

    deck = Resolver(Project.open(Path(__file__).resolve().parents[1])).resolve("king_lui")
    assert deck.model.clarifications["no_dish_emerald"].published_in == []
    assert deck.model.clarifications["no_dish_emerald"].published is None
    cases = {lang: Naming.of(deck, lang).clarifications["no_dish_emerald"] for lang in ("en", "fr", "it")}
    for said in cases.values():  # nothing of a drawn Emerald, which the French text does not say
        assert not any(w in said for w in ("as usual", "comme d’habitude", "come sempre", "just drawn",
                                           "venez de piocher", "appena pescata")), said
    # terminal round 40 en2, fr3: the ruling with the book's exception for a drawn Emerald, then this edition's reading
    assert [text.count(".") for text in cases.values()] == [2, 2, 2]
    gap = {"published_in": ["it", "en"], "silent_in": ["fr"]}
    said = {lang: gap_source(True, "", lang, gap).replace("\u202f", " ") for lang in ("en", "fr", "it")}
    assert said == {"en": "settled by the Italian and English published rules (the French rules do not say)",
                    "fr": "tranché d’après les règles italienne et anglaise (la règle française ne le précise pas)",
                    "it": "risolto secondo i regolamenti italiano e inglese (il regolamento francese tace)"}
    assert gap_source(True, "How.", "fr", gap).startswith("Tranché d’après les règles italienne et anglaise")
    # one edition alone, two silent: the article and the verb follow the count
    one = {"published_in": ["en"], "silent_in": ["fr", "it"]}
    assert gap_source(True, "", "fr", one).replace("\u202f", " ") == (
        "tranché d’après la règle anglaise (les règles française et italienne ne le précisent pas)")
    assert gap_source(True, "", "it", one) == (
        "risolto secondo il regolamento inglese (i regolamenti francese e italiano tacciono)")
    # every edition decides it (no ``published_in``): the published rules, as King Lui's waiting Emerald
    assert gap_source(True, "", "fr", {}) == PAGES["fr"]["published"]
