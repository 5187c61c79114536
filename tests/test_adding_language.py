"""docs/translating.md's "Adding a language", followed step by step in a scratch copy (issue 37).

A guide nobody runs goes stale: the last one named tables that had become aliases. This
test copies the tracked files, adds German exactly as the guide says (the language list,
``python -m cardgen.rulebook init de``, a ``de`` table in every wordbook, a ``de:`` text
beside every ``en:`` of the decks and variants) and builds a rulebook in German; it also
checks that the guide still names each of those steps, so the two change together.
The German texts are copies of the English ones but for one catalog entry, which must
then be what the book prints: a catalog that is not read would leave it English.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "translating.md"
NEW = "de"
#: One catalog entry translated for real: the book must print it.
HEADING, GERMAN_HEADING = "The game in brief", "Das Spiel in Kürze"


def _guide_section() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("## Adding a language")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_the_guide_names_every_step_this_test_takes() -> None:
    section = _guide_section()
    for step in ("python -m cardgen.rulebook init", "cardgen/languages.py", "SHIPPED",
                 "cardgen/locale/<lang>.json", "decks/", "variants/"):
        assert step in section, f"docs/translating.md's 'Adding a language' no longer names {step!r}"


def _tracked_copy(dest: Path) -> None:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, names.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())


def _add_beside_english(value: Any) -> int:
    """Give every ``{fr, it, en}`` text mapping a ``de`` copy of its English; how many were added."""
    added = 0
    if isinstance(value, dict):
        if "en" in value and "fr" in value and NEW not in value:
            value[NEW] = value["en"]
            added += 1
        for item in value.values():
            added += _add_beside_english(item)
    elif isinstance(value, list):
        for item in value:
            added += _add_beside_english(item)
    return added


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy), "CARDGEN_CACHE_DIR": str(copy / ".cache")}
    env.pop("PYTHONPYCACHEPREFIX", None)
    return subprocess.run([sys.executable, "-m", *args], cwd=copy, env=env, capture_output=True,
                          text=True, timeout=300)


def _contents(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` but caches, by path."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and ".cache" not in p.parts and "__pycache__" not in p.parts}


def test_a_fourth_language_builds_a_rulebook_by_following_the_guide(tmp_path: Path) -> None:
    copy = tmp_path / "cardgen"
    _tracked_copy(copy)
    before = _contents(copy)

    # Step 1: the catalogs of the new language, from the templates' .pot files.
    done = _run(copy, "cardgen.rulebook", "init", NEW)
    assert done.returncode == 0, done.stderr
    catalogs = sorted((copy / "cardgen/rulebook/locale" / NEW / "LC_MESSAGES").glob("*.po"))
    assert [p.stem for p in catalogs] == sorted(p.stem for p in (copy / "cardgen/rulebook/locale").glob("*.pot"))

    # Step 2: the one list of languages.
    languages = copy / "cardgen/languages.py"
    source = languages.read_text(encoding="utf-8")
    assert 'SHIPPED = ("fr", "it", "en")' in source
    languages.write_text(source.replace('SHIPPED = ("fr", "it", "en")', f'SHIPPED = ("fr", "it", "en", "{NEW}")'),
                         encoding="utf-8")

    # Before the texts exist, a build says which one is missing, in one line per text.
    refused = _run(copy, "cardgen", "build", "king_lui", "--lang", NEW, "--out", str(tmp_path / "refused"))
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert f"name.{NEW}: missing required field '{NEW}'" in refused.stderr
    assert "Traceback" not in refused.stderr

    # Step 3: all the words of the wordbooks (each module's <module>.json, the games' words.json) in
    # one file, cardgen/locale/de.json, by wordbook then table; no wordbook is edited.
    package = copy / "cardgen"
    books = [p for p in package.rglob("*.json")
             if p.with_suffix(".py").is_file() or (p.name == "words.json" and p.parent.parent.name == "games")]
    assert len(books) >= 15, books
    words = {book.relative_to(package).with_suffix("").as_posix():
             {table: by_lang["en"] for table, by_lang in json.loads(book.read_text(encoding="utf-8")).items()
              if isinstance(by_lang, dict) and "en" in by_lang}  # (words.json also holds plain settings)
             for book in books}
    (package / "locale").mkdir(exist_ok=True)
    (package / "locale" / f"{NEW}.json").write_text(json.dumps(words, ensure_ascii=False, indent=1),
                                                    encoding="utf-8")

    # Step 4: every text of the decks and variants gets its German beside the others.
    added = 0
    for path in [*(copy / "decks").glob("*.yaml"), *(copy / "variants").rglob("*.yaml")]:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        added += _add_beside_english(data)
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert added > 100, added

    # One translated catalog entry, so the book shows whether the catalog is read.
    po = copy / "cardgen/rulebook/locale" / NEW / "LC_MESSAGES/king_lui.po"
    entry = f'msgid "{HEADING}"\nmsgstr ""'
    assert entry in po.read_text(encoding="utf-8")
    po.write_text(po.read_text(encoding="utf-8").replace(entry, f'msgid "{HEADING}"\nmsgstr "{GERMAN_HEADING}"'),
                  encoding="utf-8")

    # What adding the language touched (docs/ARCHITECTURE.md counts it): the one list, the catalogs,
    # the one words file and the decks' texts; at most half of the 40 files issue 37 counted.
    after = _contents(copy)
    touched = sorted(p for p in after if before.get(p) != after[p])
    code = [p for p in touched if p.endswith(".py")]
    assert code == ["cardgen/languages.py"], code
    assert len(touched) <= 20, touched
    # every wordbook now speaks the new language, as the wordbooks' tests ask of each language
    (copy / "langcheck.py").write_text("\n".join([
        "import pathlib, cardgen, cardgen.wordbook as w",
        "root = pathlib.Path(cardgen.__file__).parent",
        "books = [p for p in root.rglob('*.json') if p.with_suffix('.py').is_file() or p.name == 'words.json']",
        f"bad = [(str(p), t) for p in books for t, v in w.merged(p).items() if isinstance(v, dict) and 'en' in v and {NEW!r} not in v]",
        "print(len(books), bad)"]), encoding="utf-8")
    check = _run(copy, "langcheck")
    assert check.returncode == 0 and check.stdout.strip().endswith("[]"), check.stdout + check.stderr

    out = tmp_path / "out"
    built = _run(copy, "cardgen", "build", "king_lui", "--lang", NEW, "--paper", "a4", "--out", str(out))
    assert built.returncode == 0, built.stdout + built.stderr
    book = out / "king_lui" / NEW / "rules-a4.pdf"
    assert book.is_file(), sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))

    import pypdfium2

    pdf = pypdfium2.PdfDocument(book)
    try:
        text = "\n".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()
    assert GERMAN_HEADING in text and HEADING not in text
    assert "Alan R. Moon" in text  # the rest is the English copy, numbers and names from the deck

