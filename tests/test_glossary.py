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
from english import _placeholders_out, strings

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
                # each game's own ends only, the journal's short end lines as the result's (play round 34)
                if name == "play/view.json" and table in ("ends", "journal_ends"):
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
            # a placeholder's name ("first {service}") is not a word a person reads
            wrong += [f"{where}: {other!r} for the {term} ({entry['name']!r})"
                      for where, text in _sources(game, lang) if pattern.search(_placeholders_out(text).casefold())]
    assert not wrong, "\n".join(wrong)


def test_every_game_has_a_glossary_with_the_same_terms_in_every_language() -> None:
    assert len(GAMES) == 3
    for game in GAMES:
        glossary = _glossary(game)
        assert set(glossary) == set(SHIPPED), game
        terms = {lang: set(glossary[lang]) for lang in SHIPPED}
        assert all(t == terms["en"] for t in terms.values()), (game, terms)
        assert len(terms["en"]) >= 3, game


#: the terms #53's readers found named two ways on the terminal, by game: "our ruling" for this edition's ruling,
#: Royale's "packets"/« pacchetti » for the book's piles, Draco's players "set aside" who drop out and money
#: "in the players' hands" that lies on their lairs; King Lui's action, "call Emerald" where the box says "use"
ALIGNED = {"king_lui": {"ruling", "use_emerald"}, "royale": {"ruling", "split_piles"}, "draco": {"ruling", "drop_out", "lair"}}


def test_the_terms_the_terminal_readers_found_stay_in_the_glossary() -> None:
    """Each term aligned for #53 is in its game's glossary in every language, with the name a reader found on the
    terminal listed as a name not to use (the test above then finds it in any text)."""
    for game, terms in ALIGNED.items():
        glossary = _glossary(game)
        for lang in SHIPPED:
            assert terms <= set(glossary[lang]), (game, lang)
        assert "our ruling" in glossary["en"]["ruling"]["not"] and "notre règle" in glossary["fr"]["ruling"]["not"]
    assert "pacchetti" in _glossary("royale")["it"]["split_piles"]["not"]
    assert "leaders are set aside" in _glossary("draco")["en"]["drop_out"]["not"]  # a card set aside is another thing
    assert "in mano ai giocatori" in _glossary("draco")["it"]["lair"]["not"]
    # #53, round 17: King Lui's action c) is the published verb, never this edition's old "call"
    assert {"call Emerald", "calls Emerald"} <= set(_glossary("king_lui")["en"]["use_emerald"]["not"])
    assert "appeler Emerald" in _glossary("king_lui")["fr"]["use_emerald"]["not"]
    assert "chiamare Emerald" in _glossary("king_lui")["it"]["use_emerald"]["not"]


#: Texts where a translation names the thing without its glossary name and says no second name for it, with why:
#: (game, language, term) -> the English texts' beginnings
EXCUSED = {
    # #53, round 28: the page's Emerald move and its diary line take the portions "al re" (from the king), as the
    # published Italian text says it; {dishes} already names them portions, so "dalle porzioni del re" would say it twice
    ("king_lui", "it", "king_place"): ("Use {emerald}: remove {dishes} from", "uses {emerald} and removes {dishes}",
                                       "uses that {emerald} card at once and removes", "and uses it at once, removing"),
    # Draco's payout sentence and the empty-pile ruling say "at the toast"/"the pile" once the term is set
    ("draco", "fr", "final_toast"): ("%(draco)s has short arms",),
    ("draco", "it", "final_toast"): ("%(draco)s has short arms", "The draw pile is never rebuilt"),
    ("draco", "it", "pile"): ("At every toast, wherever she sits",
                              # the piles' box: «ricostituzioni rimaste» under «mazzo», short for its narrow column
                              # (en28); English names the draw pile, not a third "pile" (#53 play round 32, en20)
                              "times the draw pile can still be rebuilt"),
    ("draco", "fr", "pile"): ("times the draw pile can still be rebuilt",),
    # "the same side" (of the nobles just named); "nobles met exactly" (their request, said by "soddisfatti")
    ("royale", "fr", "noble"): ("Everyone plays with the same side",
                                # the clearing clauses follow the noble's name: « son exigence », « ses plats », as
                                # « ce noble » after a lady read as the wrong gender (#53 play round 32, fr8*)
                                ": the request can no longer be met, so the noble is cleared",
                                " — could not be met with this card: the noble", " — could no longer be met: the noble"),
    ("royale", "it", "request"): ("Nobles whose request is met exactly",
                                  # the example's request, named in the sentence before: "la" says it, the page is full
                                  "%(gone)s would have completed this request",
                                  "The cards in the discard pile never come back into play"),
    # the page's errors: a web request, not a noble's; the example's request, named in the sentence before
    # (« rempliraient aussi son exigence »): the cards that « pourraient convenir » need no second name for it (round
    # 26, French reader: « la » came before its noun; after « la défausse », another « la » would point to the pile)
    ("royale", "fr", "request"): ("The request ", "This address does not take that kind of request",
                                  "The cards in the discard pile come back into play only when",
                                  "The cards in the discard pile never come back into play"),
    # the verb: serving the nobles (placing cards under them), not a serving, a group of cards in a request
    ("royale", "fr", "serving"): ("Serving your nobles",),
    ("royale", "it", "serving"): ("Serving your nobles",),
    # the clearing clauses follow the noble's name (« alla Principessa, la cui richiesta … »): «i suoi piatti», «la sua
    # richiesta», as «questo nobile», «del nobile» after a lady read as the wrong gender (#53 play round 32, it8*, it9)
    ("royale", "it", "noble"): (": the request can no longer be met, so the noble is cleared",
                                " — could not be met with this card: the noble", " — could no longer be met: the noble"),
    # the masked ball (a ballo in maschera), not a noble's masked side
    ("royale", "it", "masked"): ("Louis XIV is giving a masked ball", "Royale: Masked Ball"),
}


def _names(entry: dict[str, Any]) -> list[str]:
    """The glossary entry's name and its other forms (an Italian plural: portata, portate)."""
    return [entry["name"], *entry.get("forms", [])]


def _uses(text: str, names: list[str]) -> bool:
    """Whether ``text``, its placeholders left out, names the thing by one of ``names`` (a word's start)."""
    from english import _placeholders_out

    said = _placeholders_out(text).casefold().replace("'", "’")
    return any(re.search(rf"(?<!\w){re.escape(n.casefold().replace(chr(39), '’'))}", said) for n in names)


def _pairs(english: Any, other: Any, where: str) -> Iterator[tuple[str, str, str]]:
    """(where, English, translation) of every text of a wordbook table, entry by entry."""
    if isinstance(english, str) and isinstance(other, str):
        if english == other and re.fullmatch(r"[a-z_]+", english):
            return  # the same field name in every language (a check's ``count`` placeholder): no text to translate
        yield where, english, other
    elif isinstance(english, dict) and isinstance(other, dict):
        for key in english.keys() & other.keys():
            yield from _pairs(english[key], other[key], f"{where}.{key}")
    elif isinstance(english, list) and isinstance(other, list):
        for i, (a, b) in enumerate(zip(english, other)):
            yield from _pairs(a, b, f"{where}[{i}]")


def _translations(game: str, lang: str) -> Iterator[tuple[str, str, str]]:
    """(where, English, ``lang``) of every text about ``game``: its book catalogs (the English books' words,
    copy-edited), its own wordbooks and the shared ones (terminal, reports, page, checks, errors)."""
    from babel.messages.pofile import read_po

    from english import wordbooks
    from cardgen import wordbook

    for domain in ("common", game):
        catalogs = []
        for code in ("en", lang):
            with (PACKAGE / "rulebook/locale" / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
                catalogs.append({m.id: m.string for m in read_po(f) if m.id})
        for msgid, said in catalogs[1].items():
            english = catalogs[0].get(msgid) or msgid
            last = (lambda v: v[-1] if isinstance(v, tuple) else v)
            yield f"{domain}.po", last(english) or last(msgid), last(said) or ""
    for path in wordbooks():
        if "games" in path.parts and game not in path.parts:
            continue  # another game's words
        for table, by_lang in wordbook.merged(path).items():
            if isinstance(by_lang, dict) and "en" in by_lang and lang in by_lang and table != "glossary":
                yield from _pairs(by_lang["en"], by_lang[lang], f"{path.relative_to(PACKAGE)}:{table}")


@pytest.mark.parametrize("lang", [lang for lang in SHIPPED if lang != "en"])
@pytest.mark.parametrize("game", GAMES)
def test_where_english_names_a_term_the_translation_names_it_the_books_way(game: str, lang: str) -> None:
    """Every text (book, terminal, reports, page, checks) that names a glossary term in English names it in
    ``lang`` by the glossary's name: a second name nobody listed under ``not`` is found too (the French
    report's « une ligne du buffet » for the desserte, the Italian rule values « senza maschera »)."""
    glossary = _glossary(game)
    wrong = []
    for term, entry in glossary["en"].items():
        english, mine = _names(entry), _names(glossary[lang][term])
        excused = EXCUSED.get((game, lang, term), ())
        for where, text, said in _translations(game, lang):
            if _uses(text, english) and not _uses(said, mine) and not text.startswith(excused):
                wrong.append(f"{where}: {text[:60]!r} -> {said[:80]!r} (the {term}: {mine[0]!r})")
    assert not wrong, "\n".join(wrong)


def test_a_second_name_in_a_translation_is_found() -> None:
    """The check above can fail: an entry that says the buffet another way in French is found."""
    pairs = [("x", "a line of the buffet", "une ligne du buffet")]
    english, mine = _names(_glossary("royale")["en"]["buffet"]), _names(_glossary("royale")["fr"]["buffet"])
    assert [p for p in pairs if _uses(p[1], english) and not _uses(p[2], mine)] == pairs
    assert _uses("{n} portate", ["portata", "portate"]) and not _uses("{noble} wins", ["noble"])
