"""The translators' view (``cardgen build --proof``): every block of a book in each language, side by side."""
from __future__ import annotations

import re

import pytest
from test_rulebook_support import ROOT

from cardgen.build import BuildOptions, jobs_for
from cardgen.resolve.resolve import resolve
from cardgen.rulebook.catalog import translations
from cardgen.rulebook.proof import blocks, proof_text, sentences
from cardgen.rulebook.templating import render_markup
from cardgen.languages import SHIPPED

LANGS = list(SHIPPED)


@pytest.fixture(scope="module")
def deck():
    return resolve("king_lui", ROOT)


@pytest.fixture(scope="module")
def proof(deck) -> str:
    return proof_text(deck, LANGS)


def entries(proof: str) -> list[dict[str, str]]:
    """Each numbered block of the proof: language -> its sentences joined by a space."""
    out: list[dict[str, str]] = []
    for chunk in re.split(r"\n(?=\[\d+\] )", proof)[1:]:
        lang, said = "", {}
        for line in chunk.splitlines()[1:]:
            m = re.match(r"  (\w\w) \| (.*)", line)
            if m:
                lang = m.group(1)
                said[lang] = m.group(2)
            elif line.startswith("     | "):
                said[lang] += " " + line[7:]
        out.append(said)
    return out


def test_every_block_of_every_language_is_in_the_proof(deck, proof: str) -> None:
    books = {lang: blocks(render_markup(deck, lang)) for lang in LANGS}
    assert len({len(b) for b in books.values()}) == 1, "one template: the same blocks in every language"
    rows = entries(proof)
    assert len(rows) == len(books["en"])
    for i, row in enumerate(rows):
        for lang in LANGS:
            assert row[lang] == " ".join(sentences(books[lang][i][1])) or (row[lang] == "–" and not books[lang][i][1])


@pytest.mark.parametrize("heading", ["Setting up", "Scoring", "Too greedy?"])
def test_a_heading_sits_beside_its_translations(proof: str, heading: str) -> None:
    said = {lang: translations(lang, "king_lui").gettext(heading) for lang in LANGS}
    assert any(all(row.get(lang) == said[lang] for lang in LANGS) for row in entries(proof)), said


def test_sentences_are_cut_where_a_sentence_ends() -> None:
    assert sentences("Take a dish. Draw a card! Who wins? The king.") == [
        "Take a dish.", "Draw a card!", "Who wins?", "The king."]
    assert sentences("Prenez un plat\u202f! Puis piochez.") == ["Prenez un plat\u202f!", "Puis piochez."]
    assert sentences("2 × 5 = 10 points") == ["2 × 5 = 10 points"]


def test_build_writes_one_proof_per_deck_only_when_asked(deck) -> None:
    plain = [j.rel for j in jobs_for([deck], BuildOptions(langs=LANGS, papers=["a4"]))]
    asked = jobs_for([deck], BuildOptions(langs=LANGS, papers=["a4"], proof=True))
    assert "king_lui/proof.txt" not in plain
    job = next(j for j in asked if j.rel == "king_lui/proof.txt")
    assert job.make().decode("utf-8") == proof_text(deck, LANGS)
    assert [j.rel for j in asked if j.rel != "king_lui/proof.txt"] == plain


@pytest.mark.parametrize("rules", [False, True], ids=["print-only", "rules-file"])
def test_a_project_decks_own_rule_sheet_is_proofed(tmp_path, rules: bool) -> None:
    # `cardgen new DIR [--rules]` then `cardgen build --proof`: the proof is the designer's rules/en.md
    # (the rules-file deck used to fail on cardgen's own template; the print-only one wrote nothing)
    from cardgen.scaffold import new_project
    new_project(tmp_path / "game", rules=rules)
    deck = resolve("game", tmp_path / "game")
    job = next(j for j in jobs_for([deck], BuildOptions(langs=["en"], papers=["a4"], proof=True))
               if j.rel == "game/proof.txt")
    text = job.make().decode("utf-8")
    first = (tmp_path / "game/rules/en.md").read_text(encoding="utf-8").split("\n")[0].lstrip("# ").strip()
    assert f"[1] title\n  en | {first}\n" in text, text


def test_own_rule_sheets_in_fewer_languages_than_the_deck_are_proofed_in_theirs(tmp_path) -> None:
    # a deck in en and fr whose designer wrote rules/en.md only: --proof shows the sheet written, never fails
    # on the language without one (as the rule sheets build only those written)
    import shutil
    root = tmp_path / "own36"
    shutil.copytree(ROOT / "tests" / "fixtures" / "own36", root)
    deck_file = root / "decks" / "own36.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace("  fr: rules/fr.md\n", ""), encoding="utf-8")
    deck = resolve("own36", root)
    jobs = jobs_for([deck], BuildOptions(langs=["en", "fr"], papers=["a4"], proof=True))
    assert [j.rel for j in jobs if "rules" in j.rel] == ["own36/en/rules-a4.pdf"]
    text = next(j for j in jobs if j.rel == "own36/proof.txt").make().decode("utf-8")
    assert text.startswith("Four Winds: the rulebook's sentences in en\n") and "\n  fr | " not in text, text


def test_an_own_rule_sheet_not_in_utf8_is_one_line_in_the_proof(tmp_path) -> None:
    # an own rule sheet saved in Latin-1: the proof names the file and the byte, as the rule sheets do
    import shutil

    from cardgen.errors import InputError
    root = tmp_path / "own36"
    shutil.copytree(ROOT / "tests" / "fixtures" / "own36", root)
    (root / "rules" / "fr.md").write_bytes("# Règles\n\nJouez.\n".encode("latin-1"))
    jobs = jobs_for([resolve("own36", root)], BuildOptions(langs=["fr"], papers=["a4"], proof=True))
    with pytest.raises(InputError) as info:
        next(j for j in jobs if j.rel == "own36/proof.txt").make()
    assert str(info.value) == "rules/fr.md: not UTF-8 text (byte 3)"
