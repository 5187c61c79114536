"""One name per thing (issue 53): each game's glossary, defined once, holds in the book, the terminal, the
report and the playtest page, in every language.

Each game's ``words.json`` has a ``glossary``: per language, each of its nouns by the name its rulebook
gives it (``name``) and the names a reader found elsewhere for the same thing (``not``: the playtest page's
"draw pile" for King Lui's supply, the terminal's « Émeraude », the page's « dernière tournée »). The name
must be the book's (its catalogs say it); no text a person reads may use one of the other names: the
game's catalogs (book and card sheets), its words for the terminal and the reports (``words.json``), its
card texts (``text.json``), its playtest page (``playview.json``) and the shared wordbooks of the terminal,
compare's sentences, the reports and the page (every table's entry in that language).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardgen.languages import SHIPPED
from english import strings

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgen"
GAMES = ("king_lui", "draco", "royale")
#: the wordbooks every game's words pass through on their way to a person
SHARED = ("terminal.json", "simulate/verdict.json", "report/words.json", "report/impact.json",
          "report/playtest.json", "play/view.json")


def _words(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _book(game: str, lang: str) -> str:
    """Every translation in the game's book catalogs (its own and the shared one), in ``lang``."""
    from babel.messages.pofile import read_po

    found = []
    for domain in ("common", game):
        with (PACKAGE / "rulebook/locale" / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for message in read_po(f):
                texts = message.string if isinstance(message.string, tuple) else (message.string,)
                found += [t or (message.id if isinstance(message.id, str) else "") for t in texts]
    return "\n".join(found)


def _sources(game: str, lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every text a person reads about ``game`` in ``lang``, the book's included."""
    yield f"{game} book ({lang})", _book(game, lang)
    own = PACKAGE / "games" / game
    for name in ("words.json", "text.json", "playview.json"):
        if (own / name).is_file():
            for table, by_lang in _words(own / name).items():
                if table != "glossary" and isinstance(by_lang, dict) and lang in by_lang:
                    yield f"games/{game}/{name}:{table}", "\n".join(strings(by_lang[lang]))
    tallies = _words(own / "words.json")["tallies"]["en"]
    ends = {key.split(":", 1)[1] for key in tallies if key.startswith(("end_reason:", "tie_break:"))}
    for name in SHARED:
        for table, by_lang in _words(PACKAGE / name).items():
            if isinstance(by_lang, dict) and lang in by_lang:
                said = by_lang[lang]
                if name == "play/view.json" and table == "ends":  # each game's own ends only
                    said = {k: v for k, v in said.items() if k in ends}
                yield f"{name}:{table}", "\n".join(strings(said))


def _glossary(game: str) -> dict[str, dict[str, dict[str, Any]]]:
    return _words(PACKAGE / "games" / game / "words.json")["glossary"]


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("game", GAMES)
def test_each_thing_has_one_name_in_every_text(game: str, lang: str) -> None:
    glossary = _glossary(game)[lang]
    book = _book(game, lang).casefold()
    wrong = []
    for term, entry in glossary.items():
        assert entry["name"].casefold() in book, f"{game} {lang}: the glossary's {term} {entry['name']!r} is not the book's"
        for other in entry["not"]:
            pattern = re.compile(rf"(?<!\w){re.escape(other.casefold())}(?!\w)")
            wrong += [f"{where}: {other!r} for the {term} ({entry['name']!r})"
                      for where, text in _sources(game, lang) if pattern.search(text.casefold())]
    assert not wrong, "\n".join(wrong)


def test_every_game_has_a_glossary_with_the_same_terms_in_every_language() -> None:
    assert len(GAMES) == 3
    for game in GAMES:
        glossary = _glossary(game)
        assert set(glossary) == set(SHIPPED), game
        terms = {lang: set(glossary[lang]) for lang in SHIPPED}
        assert all(t == terms["en"] for t in terms.values()), (game, terms)
        assert len(terms["en"]) >= 3, game
