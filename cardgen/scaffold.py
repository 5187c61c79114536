"""``cardgen new DIR``: a starter project a designer edits without writing Python.

The starter (``cardgen/starter/``, shipped as package data) is one print-only deck
whose cards come from ``decks/cards.csv``, a layout of its own
(``templates/layouts/numbered.yaml``), a shared back with an SVG symbol of its own
(``symbols/spark.svg``), a one-page rule text in English (``rules/en.md``) and a
README saying what to edit. ``cd DIR && cardgen build`` works at once.

``__NAME__`` and ``__ID__`` in the starter files become the project's name (from
the folder name) and the deck's id, ``__LANG__`` the deck's language (``--lang``,
English by default). A starter in another language takes its words and rule sheet
from ``cardgen/starter_langs/<lang>.yaml`` (data: a translator adds a language
without Python). A folder that exists and is not empty is refused: nothing of the
designer's is ever overwritten.
"""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from cardgen.errors import InputError
from cardgen.fileio import write_atomic

STARTER = Path(__file__).resolve().parent / "starter"
#: ``cardgen new DIR --rules`` adds these on top of the starter (replacing the files of the same name):
#: a deck that names a rules file (``rules.py``, cardgen's card-game kit), its variant and rule text.
STARTER_RULES = Path(__file__).resolve().parent / "starter_rules"
#: The starter's words and rule sheet in other languages than English, one file per language.
STARTER_LANGS = Path(__file__).resolve().parent / "starter_langs"


def starter_languages() -> list[str]:
    """The languages ``cardgen new --lang`` writes a starter in: English and each translation."""
    return sorted(["en"] + [p.stem for p in STARTER_LANGS.glob("*.yaml")])


def _translation(lang: str) -> dict[str, Any]:
    """``{words: {english: translated}, rules: markdown}`` of ``lang``; an unknown one is one line."""
    import yaml

    from cardgen.errors import did_you_mean

    if lang not in starter_languages():
        raise InputError(f"no starter in '{lang}'; expected one of {', '.join(starter_languages())} (a deck may be "
                         "written in any language: start from one of these and change 'languages:', "
                         "docs/authoring.md, 'Languages')", field="--lang",
                         hint=did_you_mean(lang, starter_languages()),
                         key="no_starter", fields={"lang": lang, "expected": ", ".join(starter_languages())})
    data = yaml.safe_load((STARTER_LANGS / f"{lang}.yaml").read_text(encoding="utf-8"))
    return {"words": dict(data["words"]), "rules": str(data["rules"])}


def _translate_csv(text: str, words: dict[str, str]) -> str:
    """The starter's CSV with every cell that is an English text of ``words`` translated."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in csv.reader(io.StringIO(text)):
        writer.writerow([words.get(cell, cell) for cell in row])
    return out.getvalue()


def _translate_yaml(text: str, words: dict[str, str]) -> str:
    """The starter's deck file with every quoted English text of ``words`` translated."""
    for english, translated in sorted(words.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(f'"{english}"', '"' + translated.replace('"', "'") + '"')
    return text


def deck_id(directory: Path) -> str:
    """A deck id from the folder's name (``My Game!`` -> ``my-game``), ``mygame`` if nothing is left."""
    slug = re.sub(r"[^a-z0-9_-]+", "-", directory.resolve().name.lower()).strip("-_")
    return slug[:64] if slug and slug[0].isalnum() else "mygame"


def display_name(directory: Path) -> str:
    """A readable deck name from the folder's name (``my_game`` -> ``My game``)."""
    words = re.sub(r"[_-]+", " ", directory.resolve().name).strip()
    return (words[:1].upper() + words[1:]) if words else "My game"


def starter_files(root: Path = STARTER) -> list[Path]:
    """The starter's files (or ``root``'s), relative to it, in a stable order."""
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def new_project(directory: Path, rules: bool = False, lang: str = "en") -> list[Path]:
    """Write the starter project into ``directory`` (new or empty); return the files written.

    With ``rules`` the deck is a small game cardgen can play (``STARTER_RULES``, in English);
    ``lang`` writes the print-only starter's texts and rule sheet in that language.
    """
    directory = Path(directory)
    if rules and lang != "en":
        raise InputError(f"the playable starter (--rules) is written in English only; expected --lang en, or "
                         f"no --rules for a starter in '{lang}'", field="--lang",
                         key="rules_starter_english", fields={"lang": lang})
    tr = _translation(lang) if lang != "en" else None
    if directory.exists() and not directory.is_dir():
        raise InputError("exists and is not a folder; expected a new or empty folder", file=directory,
                         key="new_not_folder")
    if directory.is_dir() and any(directory.iterdir()):
        raise InputError("folder is not empty; expected a new or empty folder (nothing is overwritten)",
                         file=directory, key="new_not_empty")
    ident, name = deck_id(directory), display_name(directory)
    written = []
    sources = {Path(str(rel).replace("__LANG__", lang)): STARTER / rel for rel in starter_files()}
    if rules:
        sources.update({rel: STARTER_RULES / rel for rel in starter_files(STARTER_RULES)})
    for rel, source in sorted(sources.items()):
        text = source.read_text(encoding="utf-8")
        if tr is not None and rel.parts[0] == "decks":
            text = _translate_csv(text, tr["words"]) if rel.suffix == ".csv" else _translate_yaml(text, tr["words"])
        elif tr is not None and rel.parts[0] == "rules":
            text = tr["rules"]
        text = text.replace("__NAME__", name.replace('"', "'")).replace("__ID__", ident).replace("__LANG__", lang)
        target = directory / str(rel).replace("__ID__", ident)
        write_atomic(target, text)
        written.append(target)
    return written
