"""Rulebook wording: our own words (no 10-word run shared with the seed texts), no typed numbers, and no
number in a book that the deck's data (or a ruling box) does not account for."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from test_rulebook_support import ROOT, book, pdf_text

from cardgen.rulebook.catalog import LOCALE_DIR, PLACEHOLDER, domains, po_path, read_catalog
from cardgen.languages import SHIPPED
from nonempty import nonempty

LANGS = SHIPPED
SEEDS = ROOT.parent / "shared" / "seeds"
HOOK = ROOT.parent / "shared" / "hooks" / "copycheck.py"


def copycheck() -> object:
    """The project's copy checker (its word splitting and shingle length)."""
    if not (SEEDS.is_dir() and HOOK.is_file()):
        pytest.skip("seed texts are not available here")
    spec = importlib.util.spec_from_file_location("copycheck", HOOK)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.fixture(scope="module")
def seed_shingles() -> tuple[object, set[tuple[str, ...]]]:
    cc = copycheck()
    shingles: set[tuple[str, ...]] = set()
    for seed in SEEDS.glob("*.txt"):
        shingles |= cc.shingles(cc.words(seed.read_text("utf-8", errors="replace")))  # type: ignore[attr-defined]
    return cc, shingles


def shared_runs(text: str, cc: object, seeds: set[tuple[str, ...]]) -> list[str]:
    return sorted(" ".join(s) for s in cc.shingles(cc.words(text)) & seeds)  # type: ignore[attr-defined]


def rulebook_sources() -> list[Path]:
    files = sorted((ROOT / "templates" / "rulebook").glob("*.j2"))
    files += sorted(LOCALE_DIR.glob("*.pot")) + [po_path(lang, d) for lang in LANGS for d in domains()]
    files += [p for p in [ROOT / "docs" / "translating.md"] if p.is_file()]
    return files


def test_sources_are_in_our_own_words(seed_shingles: tuple[object, set[tuple[str, ...]]]) -> None:
    cc, seeds = seed_shingles
    for path in nonempty(rulebook_sources()):
        runs = shared_runs(path.read_text("utf-8"), cc, seeds)
        assert not runs, f"{path.relative_to(ROOT)} repeats a seed text: {runs[:3]}"


@pytest.mark.parametrize("lang", LANGS)
def test_rendered_rulebook_is_in_our_own_words(lang: str, seed_shingles: tuple[object, set[tuple[str, ...]]]) -> None:
    cc, seeds = seed_shingles
    runs = shared_runs(pdf_text(book(lang)), cc, seeds)
    assert not runs, f"the {lang} rulebook repeats a seed text: {runs[:3]}"


def test_the_check_finds_a_copied_sentence(seed_shingles: tuple[object, set[tuple[str, ...]]]) -> None:
    cc, seeds = seed_shingles
    seed = next(iter(sorted(SEEDS.glob("*.txt")))).read_text("utf-8", errors="replace")
    sample = " ".join(cc.words(seed)[40:60])  # type: ignore[attr-defined]
    assert shared_runs(sample, cc, seeds)


@pytest.mark.parametrize("lang", LANGS)
def test_no_number_is_typed_into_a_sentence(lang: str) -> None:
    """Numbers come from placeholders; a digit in a message would not follow the deck."""
    messages = [m for d in domains() for m in read_catalog(po_path(lang, d), lang)]
    for message in nonempty(messages):
        if not message.id:
            continue
        texts = list(message.id if isinstance(message.id, tuple) else (message.id,))
        texts += list(message.string if isinstance(message.string, tuple) else (message.string,))
        for text in texts:
            assert not re.search(r"\d", PLACEHOLDER.sub("", text)), f"{lang}: digit typed in {text!r}"


#: Numbers written as words in deck texts, three and up ("one" and "two" are also articles and
#: pronouns: “one of them”); Italian leaves out “sei” (also “you are”).
NUMBER_WORDS = {
    "en": dict(zip("three four five six seven eight nine ten eleven twelve".split(), range(3, 13))),
    "fr": dict(zip("trois quatre cinq six sept huit neuf dix onze douze".split(), range(3, 13))),
    "it": dict(zip("tre quattro cinque sette otto nove dieci undici dodici".split(), [3, 4, 5, 7, 8, 9, 10, 11, 12])),
}


def _ints(value: object, out: set[int]) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _ints(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _ints(v, out)


def data_numbers(deck: object) -> set[int]:
    """Every number a deck's data holds (rules, counts, values, players, box), its base's included
    (a variant's text may compare with the base game), and the player counts in between."""
    out: set[int] = set()
    while deck is not None:
        _ints(deck.model.model_dump(), out)  # type: ignore[attr-defined]
        out |= set(deck.model.players.counts)  # type: ignore[attr-defined]
        deck = deck.base  # type: ignore[attr-defined]
    return out


def stray_numbers(text: str, lang: str, allowed: set[int]) -> list[str]:
    """The numbers ``text`` states (digits, or words from three up) that are not in ``allowed``."""
    found = [(w, int(w)) for w in re.findall(r"\d+", text)]
    found += [(w, NUMBER_WORDS[lang][w]) for w in re.findall(r"[^\W\d_]+", text.lower()) if w in NUMBER_WORDS[lang]]
    return [w for w, n in found if n not in allowed]


def shipped_decks() -> dict[str, object]:
    from cardgen.resolve.resolve import resolve_all
    return {d.id: d for d in resolve_all(None, ROOT)}


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_in_deck_texts_come_from_the_deck_data(lang: str) -> None:
    """A deck text the book prints as the game's own words (its description) states no number the deck's
    data does not hold: “nine turns” must be the deck's turns. Rulings and clarifications are exempt:
    they are printed in boxes marked as this edition's decisions and may quote the published text."""
    for deck_id, deck in nonempty(shipped_decks().items()):
        allowed = data_numbers(deck)
        description = deck.model.description  # type: ignore[attr-defined]
        stray = stray_numbers(description[lang], lang, allowed) if description else []
        assert not stray, f"{deck_id}/{lang}: the description states {stray}, which the deck's data does not hold"


def test_a_stray_number_is_found() -> None:
    assert stray_numbers("Nine turns, 12 cards and seven nobles.", "en", {9, 12}) == ["seven"]
    assert stray_numbers("Neuf tours et 7 nobles.", "fr", {9}) == ["7"]
    assert stray_numbers("Sei un cameriere: nove turni.", "it", {9}) == []


def derived_numbers(deck: object) -> set[int]:
    """The numbers a book may print: the deck's data, its totals (per role, per kind, in all), and what
    the templates compute from them for each player count (a rule or a count times the players, plus a
    total; a total less two rule numbers; a total divided by a rule times the players)."""
    model = deck.model  # type: ignore[attr-defined]
    by_role: dict[object, int] = {}
    by_kind: dict[str, int] = {}
    for c in model.components:
        role = getattr(c.data, "role", None)
        by_role[role] = by_role.get(role, 0) + c.count
        by_kind[c.kind] = by_kind.get(c.kind, 0) + c.count
    totals = set(by_role.values()) | set(by_kind.values()) | {sum(by_kind.values())}
    rules: set[int] = set()
    _ints(model.rules.model_dump(), rules)
    counts = {c.count for c in model.components}
    out = data_numbers(deck) | totals
    for n in model.players.counts:
        for a in rules | counts:
            out.add(a * n)
            for t in totals:
                out.add(a * n + t)
                out |= {t - b - a * n for b in rules}
                if a * n:
                    out.add(t // (a * n))
    base = getattr(deck, "base", None)
    if base is not None:  # a variant's table of changes prints the base game's card count beside its own
        for kind in {c.kind for c in base.model.components}:
            out.add(sum(c.count for c in base.model.components if c.kind == kind))
    return out


def unexplained_numbers(markup: str, deck: object) -> list[int]:
    """Numbers the book's text prints, outside this edition's ruling boxes and the worked examples (whose
    values the template sets), that neither the deck's data nor a count derived from it explains."""
    import html

    body = re.sub(r'<box kind="(ruling|example)".*?</box>', " ", markup, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body)).replace("\u202f", "").replace("\u00a0", "")
    found = {int(x) for x in re.findall(r"(?<![\w.,])\d+(?!\w)", text)}
    return sorted(found - derived_numbers(deck))


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_a_book_prints_comes_from_the_deck(lang: str) -> None:
    from cardgen.rulebook.templating import render_markup

    for deck_id, deck in nonempty(shipped_decks().items()):
        stray = unexplained_numbers(render_markup(deck, lang), deck)
        assert not stray, f"{deck_id}/{lang}: the book prints {stray}, which neither the deck's data nor a ruling holds"


def test_a_number_typed_into_a_book_is_found() -> None:
    from cardgen.rulebook.templating import render_markup

    deck = shipped_decks()["king_lui"]
    markup = render_markup(deck, "en")
    assert unexplained_numbers(markup, deck) == []
    typed = markup.replace("</book>", "<p>The deck holds 107 cards; a course is 14 cards.</p></book>")
    assert unexplained_numbers(typed, deck) == [14, 107]
    ruled = markup.replace("</book>", '<box kind="ruling" title="x"><p>We deal 14 cards.</p></box></book>')
    assert unexplained_numbers(ruled, deck) == []


NOTE = {"fr": ("* Chiffre non publié\u202f: estimation de cette édition.",
               "* Chiffres non publiés\u202f: estimations de cette édition."),
        "it": ("* Dato non pubblicato: stima di questa edizione.", "* Dati non pubblicati: stime di questa edizione."),
        "en": ("* No published figure: this edition’s estimate.", "* No published figures: this edition’s estimates.")}


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["draco", "king_lui-six-players", "royale", "draco-long", "king_lui"])
def test_the_cover_note_agrees_with_its_starred_figures(deck_id: str, lang: str) -> None:
    """Issue 36: two starred figures on the cover (age, playing time) under a singular "* Chiffre non publié"."""
    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.templating import render_markup

    deck = resolve(deck_id, ROOT)
    cover = render_markup(deck, lang).split("</titlepage>")[0]
    starred = re.search(r"<byline>(.*?)</byline>", cover).group(1).count("*")  # players · age · time
    assert starred == len(set(deck.model.box.ours)), cover
    singular, plural = NOTE[lang]
    assert (singular in cover, plural in cover) == (starred == 1, starred > 1), f"{deck_id}/{lang}: {starred} starred"


@pytest.mark.parametrize("lang", SHIPPED)
def test_no_sentence_runs_into_the_next_without_a_space(lang: str) -> None:
    """A sentence added on its own template line keeps the space before it (Royale's contents read
    "(white).Their values run from 1 to 12": the line-start space fell to ``lstrip_blocks``, #53)."""
    from cardgen.resolve.resolve import resolve, resolve_all
    from cardgen.rulebook.book import rulebook_text

    joined = {}
    for deck in sorted(d.id for d in resolve_all(None, ROOT)):
        text = rulebook_text(resolve(deck, ROOT), lang)
        hits = re.findall(r"\S{0,20}[a-zà-ÿ)»”]\.[A-ZÀ-Ý]\S{0,12}", text)
        if hits:
            joined[deck] = hits
    assert not joined, joined
