"""One translation per rule label (issue 53): a rule number is named by its book, and only there.

The variant section of each rulebook names the rules in its template's ``rule_names`` (a msgid each, translated in
the game's catalogs); the terminal and the reports (validate, compare, tune, inspect) name them through the game's
``words.json`` ``rules`` table, which holds the same msgids and reads the same catalogs (``Naming.rule``). The
tests fail when the two lists of msgids part (a label renamed in the template only, which would print the English
msgid under --lang fr), when a catalog lacks a label's translation, or when a game's words keep a second,
per-language list of labels.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from nonempty import nonempty
from babel.messages.pofile import read_po

from cardgen.languages import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("king_lui", "draco", "royale")
#: one entry of a template's rule_names: "key": _("msgid"
ENTRY = re.compile(r'"(\w+)":\s*_\("((?:[^"\\]|\\.)*)"')


def template_labels(game: str) -> dict[str, str]:
    """The ``rule_names`` of ``templates/rulebook/<game>.j2``: rule field -> msgid."""
    text = (ROOT / "templates/rulebook" / f"{game}.j2").read_text(encoding="utf-8")
    block = text[text.index("{% set rule_names = {"):]
    block = block[:block.index("} %}")]
    return dict(ENTRY.findall(block))


def words_rules(game: str) -> dict[str, object]:
    return json.loads((ROOT / "cardgen/games" / game / "words.json").read_text(encoding="utf-8"))["rules"]


@pytest.mark.parametrize("game", GAMES)
def test_the_reports_name_every_rule_with_the_books_msgid(game: str) -> None:
    book = template_labels(game)
    assert len(book) >= 3, book
    rules = words_rules(game)
    assert rules["msgids"] == book
    assert rules["domain"] == game
    assert not set(rules) & set(SHIPPED), f"{game}: a second list of labels by language"


@pytest.mark.parametrize("lang", [lang for lang in SHIPPED if lang != "en"])
@pytest.mark.parametrize("game", GAMES)
def test_each_label_is_translated_once_and_the_reports_print_that_translation(game: str, lang: str) -> None:
    from cardgen.simulate.summary import Naming

    with (ROOT / "cardgen/rulebook/locale" / lang / "LC_MESSAGES" / f"{game}.po").open("rb") as f:
        catalog = read_po(f)
    words = json.loads((ROOT / "cardgen/games" / game / "words.json").read_text(encoding="utf-8"))
    naming = Naming(words=words, names={})
    for key, msgid in nonempty(template_labels(game).items()):
        message = catalog.get(msgid)
        assert message is not None and message.string, f"{game} {lang}: no translation of {msgid!r}"
        said = naming.rule(key, lang)
        expected = message.string % {name: name.capitalize() for name in re.findall(r"%\((\w+)\)s", msgid)}
        assert said == expected, (key, said, expected)
        assert said != msgid.replace("%%", "%")
