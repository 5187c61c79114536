"""Translation catalogs of the rulebooks: extraction, loading and upkeep.

The templates (``templates/rulebook/*.j2``) are written with English msgids. Each
template has its own gettext domain, so a translator can take one game at a time
and two games' rulebooks can be written side by side: the shared partials
(``_*.j2``) form the ``common`` domain, ``<game>.j2`` the ``<game>`` domain.
A domain has a template ``locale/<domain>.pot`` and one catalog per language,
``locale/<lang>/LC_MESSAGES/<domain>.po``, which a translator edits in Poedit or
Weblate. A game's book is translated with ``common`` merged with its own domain.
Catalogs are read as ``.po`` at run time (compiled to ``.mo`` in memory), so no
binary file is ever committed and a fixed ``.po`` takes effect without a build step.

Usage (from the repository root)::

    python -m cardgen.rulebook extract   # templates -> <domain>.pot
    python -m cardgen.rulebook update [DOMAIN...]   # templates -> .pot -> every .po (new entries empty)
    python -m cardgen.rulebook check     # what the CI test checks, as a list (the wordbooks too)
    python -m cardgen.rulebook init de   # start a new language
"""
from __future__ import annotations

import io
import re
import sys
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations

from cardgen.paths import templates_dir
from cardgen.model.schema import LANGS

PACKAGE = Path(__file__).resolve().parent
LOCALE_DIR = PACKAGE / "locale"
#: The domain of the shared partials (``_common.j2``, ``_generic.j2``).
COMMON = "common"
#: The repository's rulebook templates (one per game plus shared partials).
TEMPLATE_DIR = templates_dir() / "rulebook"

#: Extraction settings, shared with ``pybabel extract -F``. They must agree with the Jinja2
#: environment of ``templating`` (trimmed, newstyle gettext), or the msgids the extractor
#: writes differ from the ones the templates look up.
BABEL_CFG = PACKAGE / "babel.cfg"
HEADER = ("# Rulebook texts of cardgen (templates/rulebook/*.j2). English msgids.\n"
          "# Update with: python -m cardgen.rulebook update   (see docs/translating.md)\n#")

#: ``%(name)s`` placeholders and the inline tags a message may carry.
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
TAG = re.compile(r"</?[a-z]+\b[^>]*>")


def domain_of(template: str) -> str:
    """The catalog domain of a template file name."""
    name = Path(template).name
    return COMMON if name.startswith("_") else Path(name).stem


def domains(template_dir: Path = TEMPLATE_DIR) -> list[str]:
    """Every domain of the templates: ``common`` first, then one per game template."""
    return [COMMON] + sorted({domain_of(p.name) for p in template_dir.glob("*.j2")} - {COMMON})


def pot_path(domain: str) -> Path:
    """Where the template catalog of ``domain`` lives."""
    return LOCALE_DIR / f"{domain}.pot"


def po_path(lang: str, domain: str = COMMON) -> Path:
    """Where the catalog of ``domain`` in ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """A ``.po``/``.pot`` file as a Babel catalog."""
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=path.stem)


def _compiled(path: Path, lang: str) -> Translations:
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(path, lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=path.stem)


@cache
def translations(lang: str, domain: str = COMMON) -> Translations:
    """The gettext translations of ``lang`` for a book of ``domain``, compiled in memory.

    The ``common`` catalog merged with ``domain``'s own. Fuzzy entries are left out
    (they fall back to the English msgid), exactly as a compiled ``.mo`` would behave.
    """
    path = po_path(lang)
    if not path.is_file():
        raise FileNotFoundError(f"no rulebook catalog for language '{lang}' ({path}); "
                                "see docs/translating.md to add one")
    merged = _compiled(path, lang)
    own = po_path(lang, domain)
    if domain != COMMON and own.is_file():
        merged.merge(_compiled(own, lang))
    return merged


def book_words(msgid: str, lang: str, domain: str | None, **fields: str) -> str:
    """``msgid`` as the book of ``domain`` words it in ``lang`` (its catalog; English where the language has
    none or the entry is empty), ``%(fields)s`` filled in: how the reports name a rule, with the book's name."""
    try:
        text = translations(lang, domain or COMMON).gettext(msgid)
    except FileNotFoundError:
        text = msgid
    return text % fields if fields else text


def extract(domain: str | None = None, template_dir: Path = TEMPLATE_DIR) -> Catalog:
    """The messages of ``domain``'s templates (all templates if None), as a fresh ``.pot``."""
    # Babel's extractor and its command line's config reader (optparse, configparser) only here: every
    # report reads the catalogs (``book_words``), and a command's start-up is a figure of issue 49
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    catalog = Catalog(project="cardgen rulebooks", version="1", copyright_holder="cardgen",
                      msgid_bugs_address="", charset="utf-8", fuzzy=False)
    catalog.header_comment = HEADER
    with BABEL_CFG.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(BABEL_CFG))
    for filename, lineno, message, comments, context in extract_from_dir(
            str(template_dir), method_map, options_map, keywords={"_": None, "gettext": None,
                                                                  "ngettext": (1, 2)},
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if domain is not None and domain_of(filename) != domain:
            continue
        catalog.add(message, None, [(f"templates/rulebook/{filename}", lineno)],
                    auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    # No line numbers and no dates that change on their own: a catalog only changes in git
    # when a message does.
    write_po(buffer, catalog, width=100, include_lineno=False, omit_header=False, sort_output=True)
    text = buffer.getvalue().decode("utf-8")
    text = re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text)
    path.write_text(text, encoding="utf-8")


def message_key(message: Message) -> tuple[object, str | None]:
    """Identity of a message across catalogs: msgid (with plural) and context."""
    return (message.id, message.context)


def pot_is_current(template_dir: Path = TEMPLATE_DIR, locale_dir: Path | None = None) -> list[str]:
    """Differences between the committed ``.pot`` files and a fresh extraction (empty if current)."""
    locale_dir = locale_dir or LOCALE_DIR
    problems: list[str] = []
    names = domains(template_dir)
    for pot in sorted(locale_dir.glob("*.pot")):
        if pot.stem not in names:
            problems.append(f"{pot.name} belongs to no template; delete it")
    for domain in names:
        problems += _pot_problems(extract(domain, template_dir), locale_dir / f"{domain}.pot")
    return problems


def _pot_problems(extracted: Catalog, pot: Path) -> list[str]:
    fresh = {message_key(m): m for m in extracted if m.id}
    if not pot.is_file():
        return [f"{pot} is missing"]
    stored = {message_key(m): m for m in read_catalog(pot) if m.id}
    problems = [f"not in the .pot: {k[0]!r}" for k in fresh if k not in stored]
    problems += [f"in the .pot but no longer in any template: {k[0]!r}" for k in stored if k not in fresh]
    for key in fresh.keys() & stored.keys():
        now, then = ({f for f, _ in m.locations} for m in (fresh[key], stored[key]))
        if now != then:
            problems.append(f"{key[0]!r} is now used in {sorted(now)}, the .pot says {sorted(then)}")
    return problems


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


def catalog_problems(lang: str, domain: str | None = None, path: Path | None = None) -> list[str]:
    """Everything wrong with the catalogs of ``lang`` (every domain, or ``domain`` at ``path``).

    Missing, untranslated, fuzzy, obsolete or stale entries; placeholders or inline
    tags that differ from the msgid; a wrong number of plural forms.
    """
    if domain is None:
        return [p for d in domains() for p in catalog_problems(lang, d)]
    pot = pot_path(domain)
    path = path or po_path(lang, domain)
    if not path.is_file():
        return [f"{lang}: {path} is missing"]
    template = {message_key(m): m for m in read_catalog(pot) if m.id}
    catalog = read_catalog(path, lang)
    entries = {message_key(m): m for m in catalog if m.id}
    problems = [f"{lang}: obsolete entry {k!r}" for k in catalog.obsolete]
    problems += [f"{lang}: stale entry (not in the .pot) {k[0]!r}" for k in entries if k not in template]
    for key, tmpl in template.items():
        msg = entries.get(key)
        if msg is None:
            problems.append(f"{lang}: missing {key[0]!r}")
            continue
        if msg.fuzzy:
            problems.append(f"{lang}: fuzzy {key[0]!r}")
        forms = list(msg.string) if isinstance(msg.string, (tuple, list)) else [msg.string]
        if not all(forms):
            problems.append(f"{lang}: untranslated {key[0]!r}")
            continue
        ids = list(msg.id) if isinstance(msg.id, (tuple, list)) else [msg.id]
        wanted = set().union(*(placeholders(i) for i in ids))
        if len(ids) == 1:
            if placeholders(forms[0]) != wanted:
                problems.append(f"{lang}: placeholders {sorted(placeholders(forms[0]))} differ from "
                                f"{sorted(wanted)} in {key[0]!r}")
        else:
            if len(forms) != catalog.num_plurals:
                problems.append(f"{lang}: {len(forms)} plural forms, expected {catalog.num_plurals} in {key[0]!r}")
            got = set().union(*(placeholders(f) for f in forms))
            extra = [f for f in forms if not placeholders(f) <= wanted]
            if got != wanted or extra:
                problems.append(f"{lang}: plural placeholders {sorted(got)} differ from {sorted(wanted)} "
                                f"in {key[0]!r}")
        for form in forms:
            if tags(form) != tags(ids[0]):
                problems.append(f"{lang}: inline tags {tags(form)} differ from {tags(ids[0])} in {key[0]!r}")
                break
    return problems


def _headed(catalog: Catalog, lang: str) -> Catalog:
    """``catalog`` with a complete, non-fuzzy header (a fuzzy header loses its plural rule)."""
    catalog.fuzzy = False
    catalog.project, catalog.version = "cardgen rulebooks", "1"
    catalog.header_comment = HEADER
    catalog.language_team = f"cardgen {lang}"
    catalog.last_translator = "cardgen"
    return catalog


def update(langs: tuple[str, ...] | list[str] = LANGS, only: list[str] | None = None) -> None:
    """Re-extract the ``.pot`` of each domain (or of ``only``) and merge it into its catalogs.

    New entries are left empty for the translator; entries no template uses any more
    are dropped (git history keeps their translations).
    """
    for domain in only or domains():
        pot = extract(domain)
        _write(pot, pot_path(domain))
        for lang in langs:
            path = po_path(lang, domain)
            catalog = read_catalog(path, lang) if path.is_file() else Catalog(locale=lang, domain=domain)
            catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
            catalog.obsolete.clear()
            _write(_headed(catalog, lang), path)
    translations.cache_clear()


def init(lang: str) -> list[Path]:
    """Start the catalogs of a new language from every domain's ``.pot``."""
    paths = []
    for domain in domains():
        path = po_path(lang, domain)
        if path.exists():
            raise FileExistsError(f"{path} already exists; use 'update'")
        catalog = Catalog(locale=lang, domain=domain, project="cardgen rulebooks", version="1")
        catalog.update(read_catalog(pot_path(domain)), no_fuzzy_matching=True)
        _write(_headed(catalog, lang), path)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    """Command line: ``extract``, ``update``, ``check`` or ``init LANG``."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "extract":
        for domain in domains():
            _write(extract(domain), pot_path(domain))
            print(f"wrote {pot_path(domain)}")
    elif command == "update":
        only = args[1:] or None
        unknown = [d for d in only or [] if d not in domains()]
        if unknown:
            print(f"unknown domain(s) {', '.join(unknown)}; expected {', '.join(domains())}")
            return 2
        update(only=only)
        print(f"updated the catalogs of {', '.join(only or domains())} in {', '.join(LANGS)}")
    elif command == "init" and len(args) == 2:
        written = init(args[1])
        print(f"wrote {', '.join(map(str, written))}; add '{args[1]}' to SHIPPED in cardgen/languages.py "
              "(docs/translating.md, Adding a language)")
    elif command == "check":
        from cardgen import wordbook_babel  # the wordbooks' words too: one check for every word

        problems = pot_is_current() + [p for lang in LANGS for p in catalog_problems(lang)]
        problems += wordbook_babel.problems()
        print("\n".join(problems) or "catalogs and wordbooks are complete and current")
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
