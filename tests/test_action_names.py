"""A deck names the actions its house rule (or its rules file) adds, in each of its languages (``actions:``).

No game package knows such an action, so ``cardgen play`` named it generically (``Serve: Ham``, in French too);
the deck's ``actions:`` names it in the table's language, its ``{0}`` the action's next word (a dish by its name).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.load.project import Project
from cardgen.play.session import Session
from cardgen.play.view import table_view
from cardgen.resolve.resolve import Resolver
from cardgen.scaffold import new_project

#: King Lui house rule: instead of drawing, serve the king every portion you hold of one dish
SERVE = '''
def legal_actions(state, default):
    legal = default()
    if ("draw",) in legal:
        held = state.held(state.current_player)
        legal += [("serve", state.game.dishes[d]) for d, n in enumerate(held) if n]
    return legal


def apply(state, action, default):
    if action[0] != "serve":
        default(action)
        return
    state.serve_dish(state.current_player, state.game.dishes.index(action[1]))
    default(("draw",))
'''

VARIANT = """\
extends: king_lui
name: {fr: Servir, it: Servire, en: Serve}
description: {fr: "On sert le roi.", it: "Si serve il re.", en: "You serve the king."}
code: house/serve.py
house_rule: {fr: "Au lieu de piocher, servez un plat au roi.", it: "Invece di pescare, servi un piatto al re.", en: "Instead of drawing, serve a dish to the king."}
"""

NAMES = """\
actions:
  serve: {fr: "Servir au roi : {0}", it: "Servire al re: {0}", en: "Serve the king: {0}"}
"""


def project(root: Path, names: str = NAMES) -> Path:
    """A project with the King Lui variant ``serve`` (its house rule adds ``("serve", dish)``), ``names`` appended."""
    for folder in ("decks", "variants", "house"):  # decks/ empty: the variant extends the shipped game
        (root / folder).mkdir(parents=True)
    (root / "house" / "serve.py").write_text(SERVE, encoding="utf-8")
    (root / "variants" / "serve.yaml").write_text(VARIANT + names, encoding="utf-8")
    return root


def served(root: Path, lang: str) -> list[str]:
    """The names of the serve moves on the person's page, the first turn one is offered."""
    deck = Resolver(Project.open(root)).resolve("serve")
    session = Session(deck, players=3, lang=lang, agents=["random"], seed=2)
    for _ in range(40):
        while session.agent_move():
            pass
        moves = table_view(session)["moves"]
        serve = [m["text"] for m in moves if m["action"][0] == "serve"]
        if serve:
            return serve
        session.play(moves[0]["action"])
    raise AssertionError("no serve move offered in 40 turns")


def test_the_play_page_names_the_added_action_in_the_tables_language(tmp_path: Path) -> None:
    """In French with French spacing (a narrow no-break space before the colon), as the deck's texts print."""
    root = project(tmp_path)
    assert "Servir au roi\u202f: Jambon" in served(root, "fr")
    assert "Serve the king: Ham" in served(root, "en")
    assert "Servire al re: Prosciutto" in served(root, "it")


def test_an_unnamed_action_keeps_the_generic_name_and_the_games_own_actions_their_names(tmp_path: Path) -> None:
    root = project(tmp_path, names='actions:\n  pour: {fr: "Verser {0}", it: "Versare {0}", en: "Pour {0}"}\n')
    assert "Serve: Jambon" in served(root, "fr")  # the deck names another action only
    session = Session(Resolver(Project.open(root)).resolve("serve"), players=3, lang="fr", seed=2)
    assert re.fullmatch(r"Prendre (les \d+ portions de |la portion de )?Jambon",  # King Lui's describer
                        session.describe(("take", "ham")))
    assert session.describe(("pour", "ham")) == "Verser Jambon"


def test_a_name_printing_a_word_the_action_lacks_falls_back_to_the_games_name(tmp_path: Path) -> None:
    """``check`` cannot know how many words the code's actions carry: a name using ``{1}`` for a one-word
    ``("serve", "ham")`` keeps the table going with the generic name rather than failing the page."""
    root = project(tmp_path, names='actions:\n  serve: {fr: "Servir {0} et {1}", it: "Servire {0} e {1}", '
                                   'en: "Serve {0} and {1}"}\n')
    session = Session(Resolver(Project.open(root)).resolve("serve"), players=3, lang="en", seed=2)
    assert session.describe(("serve", "ham")) == "Serve: Ham"
    assert session.describe(("serve", "ham", "cake")) == "Serve Ham and Cake"


def test_a_variant_of_the_variant_adds_names_to_its_bases(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "variants" / "serve-more.yaml").write_text(
        "extends: serve\nname: {fr: Plus, it: Di più, en: More}\ndescription: {fr: Plus., it: Di più., en: More.}\n"
        'actions:\n  pour: {fr: "Verser {0}", it: "Versare {0}", en: "Pour {0}"}\n', encoding="utf-8")
    session = Session(Resolver(Project.open(root)).resolve("serve-more"), players=3, lang="en", seed=2)
    assert session.describe(("serve", "ham")) == "Serve the king: Ham"  # the base's name, kept
    assert session.describe(("pour", "cake")) == "Pour Cake"


def test_a_rules_file_names_its_actions(tmp_path: Path) -> None:
    """A project rules file's actions had only the generic names too; its deck names them the same way."""
    root = tmp_path / "g"
    new_project(root, rules=True)
    deck_file = root / "decks" / "g.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8") + 'actions:\n  play: {en: "Shed {0}"}\n',
                         encoding="utf-8")
    deck = Resolver(Project.open(root)).resolve("g")
    session = Session(deck, players=2, lang="en", seed=1)
    card = next(a for a in session.state.legal_actions() if a[0] == "play")[1]
    assert session.describe(("play", card)).startswith("Shed ") and card not in session.describe(("play", card))
    assert session.describe(("draw",)) == "Draw"  # not named: generic


@pytest.mark.parametrize("names, field, says", [
    ('  serve: {fr: "Servir : {0}", it: "Servire: {0}", en: "Serve: {0}", de: "Servieren: {0}"}\n',
     "actions.serve.de", "text in 'de', which is not one of this deck's languages (fr, it, en)"),
    ('  serve: {fr: "Servir : {0}", it: "Servire: {0}", en: "Serve: {15}"}\n',
     "actions.serve", "en: {15} is beyond the action's words"),
    ('  serve: {fr: "Servir : {0}", it: "Servire: {0}", en: "Serve: {dish}"}\n',
     "actions.serve", "en: {dish} names no word of the action; expected {0}"),
    ('  serve: {fr: "Servir : {0}", it: "Servire: {0}", en: "Serve: {1}"}\n',
     "actions.serve", "en: prints {1} where fr prints {0}; expected the same words"),
    ('  serve: {fr: "Servir : {0", it: "Servire: {0}", en: "Serve: {0}"}\n',
     "actions.serve", "fr: a lone brace"),
    ('  serve the king: {fr: "Servir : {0}", it: "Servire: {0}", en: "Serve: {0}"}\n',
     "actions.serve the king", "is not an action's first word; expected one word"),
    ('  serve: {fr: "Servir : {0.__class__}", it: "Servire: {0}", en: "Serve: {0}"}\n',
     "actions.serve", "fr: {0.__class__} names no word of the action"),
    ('  serve: {fr: "Servir : {0:>999999999}", it: "Servire: {0}", en: "Serve: {0}"}\n',
     "actions.serve", "fr: {0} names no word of the action"),
    ('  serve: {fr: "Servir : {\u00b2}", it: "Servire: {0}", en: "Serve: {0}"}\n',
     "actions.serve", "fr: {\u00b2} names no word of the action"),
], ids=["unknown language", "beyond the words", "not a position", "words differ", "lone brace", "not a word",
        "an attribute", "a format spec", "a digit that is not 0-9"])
def test_a_bad_name_is_one_line_with_file_line_and_field(names: str, field: str, says: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path, names="actions:\n" + names)
    assert main(["--project", str(root), "check", "serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("cardgen: error:") == 1 and "Traceback" not in err, err
    assert f"variants/serve.yaml:7: {field}: " in err and says in err, err


def test_check_says_which_language_a_name_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As every text of a deck (house_rule, book, playtest questions): each of the deck's languages, or bad input."""
    root = project(tmp_path, names='actions:\n  serve: {fr: "Servir : {0}", en: "Serve: {0}"}\n')
    assert main(["--project", str(root), "check", "serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("cardgen: error:") == 1, err
    assert ("variants/serve.yaml:7: actions.serve.it: missing required field 'it' (this deck's languages are "
            "fr, it, en)") in err


def test_the_journal_records_an_added_action_by_the_decks_own_third_person(tmp_path: Path) -> None:
    """``actions_done:``: the journal says what was done ("serves Ham to the king"), the button what to do; an
    action the deck names but does not record keeps its name in the journal."""
    root = project(tmp_path, names=NAMES + 'actions_done:\n  serve: {fr: "sert {0} au roi", it: "serve {0} al re", '
                                           'en: "serves {0} to the king"}\n')
    deck = Resolver(Project.open(root)).resolve("serve")
    for lang, said in (("en", "serves Ham to the king"), ("fr", "sert Jambon au roi"), ("it", "serve Prosciutto al re")):
        session = Session(deck, players=3, lang=lang, seed=2)
        assert session.describe(("serve", "ham")) != said  # the button keeps its own words
        from cardgen.games.base import name_done

        table = session.state.observation(0)
        assert name_done(deck, ("serve", "ham"), lang, table, table) == said
        assert name_done(deck, ("take", "ham"), lang, {}, {}) == {"en": "takes Ham", "fr": "prend Jambon",
                                                                  "it": "prende Prosciutto"}[lang]
    plain = Resolver(Project.open(project(tmp_path / "plain"))).resolve("serve")
    table = Session(plain, players=3, lang="en", seed=2).state.observation(0)
    from cardgen.games.base import name_done

    assert name_done(plain, ("serve", "ham"), "en", table, table) == "Serve the king: Ham"
