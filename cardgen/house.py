"""A deck's house rule as code: checked without running it, installed only where games are played.

A deck or variant names ``code: house/rule.py`` (a file of its project) and gives the rule's
text in every language (``house_rule``). The file defines functions named after the
game's hook points (``GameSpec.hooks``, declared in each engine's ``HOOKS``); names
starting with ``_`` are the file's own helpers. One more name is optional: ``policy(state, legal,
rng)``, the rule's advice to the players for the actions it adds (an action of ``legal``, or None
to let them judge; ``cardgen.agents.generic``).

* ``code_problems`` (called by the resolver, so ``check``, ``inspect`` and ``build`` all see
  it) reads the file with ``ast``: never imported there. An unknown hook name is bad input
  with a did-you-mean.
* ``install`` (called by the simulator when it builds a ``Game``) loads the file through
  ``cardgen.usercode`` and swaps in the hooked state class (``cardgen.engine.hooks``).
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import InputError, clean, did_you_mean
from cardgen.games.base import Problem
from cardgen.usercode import MAX_CODE_BYTES, describe_failure, file_hash, load_code, resolve_code_path

if TYPE_CHECKING:
    from cardgen.engine.api import Game
    from cardgen.games.base import GameSpec
    from cardgen.model.deck import ResolvedDeck

#: The optional advice function of a house-rule file, and its parameters (``State.suggest``).
POLICY = "policy"
POLICY_PARAMS = ("state", "legal", "rng")


@dataclass(frozen=True)
class HouseCode:
    """The house rule a ``Game`` plays: its file as written, its hash and the hooks it defines."""

    shown: str
    sha256: str
    hooks: tuple[str, ...]


_NOTED: set[str] = set()


def speed_note(deck: "ResolvedDeck") -> str | None:
    """The one line a playing command prints for a deck with a house rule (``speed_note`` of
    ``cardgen/terminal.json``, in the terminal's language): once per file and process.

    None without a house rule, or when it was said already (``tune`` plays many trial decks), or when the rule
    defines only hooks its game's compiled tier compiles (``GameSpec.compiled_hooks``): there "only that engine can run
    a project's code" would be untrue (a rule numba then refuses gets its own note naming the line it refuses; a rule
    that adds actions is judged by the default players' look-ahead compiled with it, ``cardgen.engine.coverloop``).
    """
    code = deck.model.code
    if code is None or code in _NOTED or compiles_hooks(deck):
        return None
    _NOTED.add(code)
    from cardgen.terminal import say
    from cardgen.terminal import language
    lang = language()
    title = deck.text(lang if lang in deck.languages else deck.languages[0])["name"]
    # the title in quotes: its own colon ("Draco & Co : toast charitable") would otherwise break the sentence
    shown = say("deck_quoted", deck=deck.id, title=title) if title and title != deck.id else deck.id
    return say("note", text=say("speed_note_deck", deck=shown, file=code))  # « la règle maison de … »


def compiles_hooks(deck: "ResolvedDeck") -> bool:
    """Whether every hook the deck's house rule file defines is one its game's compiled tier compiles with the
    game's steps (read from the source, not imported)."""
    compiled = deck.spec.compiled_hooks
    hooks = defined_hooks(deck) if compiled else None
    return bool(hooks) and hooks <= set(compiled)  # type: ignore[operator]


def defined_hooks(deck: "ResolvedDeck") -> set[str] | None:
    """The hooks the deck's house rule file defines (read from the source, not imported); None without a readable
    file."""
    if deck.model.code is None:
        return None
    try:
        file, line, _ = deck.code_location()
        source = resolve_code_path(deck.model.code, Path(deck.project), origin=file, line=line).read_bytes()
        names = {name for name, _, _ in defined_functions(source)}
    except (InputError, OSError, SyntaxError, ValueError):
        return None
    return names & set(deck.spec.hooks)


def defined_functions(source: bytes) -> list[tuple[str, int, list[str]]]:
    """(name, line, parameter names) of each top-level function of a Python source; SyntaxError as raised."""
    tree = ast.parse(source)
    out = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            params = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
            out.append((node.name, node.lineno, params))
    return out


def code_problems(model: Any, spec: "GameSpec", root: Path) -> list[Problem]:
    """What is wrong with a deck's ``code:`` file, found without importing it."""
    code = getattr(model, "code", None)
    if code is None:
        return []
    where = ("code",)
    if spec.new_game is None or not spec.hooks:
        return [Problem(where, f"game '{spec.id}' has no engine with hook points; a house rule needs one",
                        key="house_no_hooks", fields={"game": spec.id})]
    try:
        path = resolve_code_path(code, root)
    except InputError as exc:
        return [Problem(where, exc.message, exc.hint, key=exc.key, fields=exc.fields)]
    data = path.read_bytes()[:MAX_CODE_BYTES + 1]
    try:
        functions = defined_functions(data)
    except SyntaxError as exc:
        return [Problem(where, f"{clean(code)}:{exc.lineno}: Python syntax error: {exc.msg}", key="house_syntax",
                        fields={"file": clean(code), "line": exc.lineno, "why": exc.msg})]
    except ValueError as exc:
        return [Problem(where, f"{clean(code)}: not a Python file: {exc}", key="house_not_python",
                        fields={"file": clean(code), "why": exc})]
    problems = []
    hooks = list(spec.hooks)
    found = False
    for name, line, params in functions:
        if name.startswith("_"):
            continue
        if name == POLICY:
            if tuple(params) != POLICY_PARAMS:
                problems.append(Problem(where, f"{clean(code)}:{line}: policy must be def policy({', '.join(POLICY_PARAMS)}) "
                                        f"(the players' advice: an action of legal, or None)", key="house_policy",
                                        fields={"file": clean(code), "line": line,
                                                "params": ", ".join(POLICY_PARAMS)}))
            continue
        if name not in spec.hooks:
            problems.append(Problem(where, f"{clean(code)}:{line}: unknown hook '{clean(name, 60)}' for {spec.id}; "
                                    f"expected one of {', '.join(hooks)}, {POLICY} (or a name starting with _ for a helper)",
                                    did_you_mean(name, [*hooks, POLICY]), key="house_unknown_hook",
                                    fields={"file": clean(code), "line": line, "name": clean(name, 60), "game": spec.id,
                                            "hooks": ", ".join(hooks), "policy": POLICY}))
        elif "default" not in params:
            point = spec.hooks[name]
            shape = point.shape()
            problems.append(Problem(where, f"{clean(code)}:{line}: hook '{name}' must take a parameter named "
                                    f"default (the engine's own {name}); expected def {name}({shape})",
                                    key="house_default", fields={"file": clean(code), "line": line, "name": name,
                                                                 "shape": shape}))
        else:
            found = True
    if not found and not problems:
        problems.append(Problem(where, f"{clean(code)} defines no hook; expected a function named one of "
                                f"{', '.join(hooks)}", key="house_no_hook",
                                fields={"file": clean(code), "hooks": ", ".join(hooks)}))
    return problems


def house_of(game: "Game") -> HouseCode | None:
    """The house rule a game was installed with (None: the engine's own rules)."""
    return getattr(game, "house", None)


def code_hash(deck: "ResolvedDeck") -> str | None:
    """SHA-256 of the deck's house rule file now (None without one); logs record it, replay compares it."""
    if deck.model.code is None:
        return None
    return file_hash(resolve_code_path(deck.model.code, Path(deck.project)))


def install(game: "Game", deck: "ResolvedDeck") -> "Game":
    """Make ``game`` play the deck's house rule, if it names one (imports the file: playing commands only)."""
    from cardgen.engine.hooks import hooked_state_class
    from cardgen.engine.conservation import card_instances, conservation_problem

    code = deck.model.code
    if code is None:
        return game
    file, line, _ = deck.code_location()
    path = resolve_code_path(code, Path(deck.project), origin=file, line=line)
    loaded = load_code(path, code)
    rules = {name: getattr(loaded.module, name) for name in deck.spec.hooks
             if callable(getattr(loaded.module, name, None))}
    base = game.state_class  # type: ignore[attr-defined]
    expected, card_ids = card_instances(deck), {c.id for c in deck.model.components if c.kind == "card"}
    fresh = list(chain.from_iterable(base(game, 0).zones().values()))  # every instance of a fresh game
    box, size = frozenset(fresh), len(fresh)
    quick = len(box) == size  # each instance once: the test in C below decides almost every position

    def conserved(state: Any) -> str | None:
        """The conformance checker's card count (``None``: every card once), after a quicker test."""
        if quick:
            ids = list(chain.from_iterable(state.zones().values()))
            if len(ids) == size and box.issuperset(ids) and len(set(ids)) == size:
                return None
        return conservation_problem(state, expected, card_ids)

    def describe(exc: BaseException, hook: str, seed: int) -> str:
        return describe_failure(exc, loaded.path, loaded.shown, hook=hook, seed=seed)

    policy = getattr(loaded.module, POLICY, None)
    hooked = hooked_state_class(base, deck.spec.hooks, rules, conserved, code, describe,
                                policy if callable(policy) else None)
    game.state_class = hooked  # type: ignore[attr-defined]
    game.house = HouseCode(code, loaded.sha256, tuple(rules))  # type: ignore[attr-defined]
    return game


def house_game(deck: "ResolvedDeck", players: int | None = None) -> "Game":
    """The deck's reference engine for ``players`` (default: the fewest it allows), its house rule installed.

    The rulebook plays its worked examples on it (``GameSpec.book_examples``), so that an
    example and the game cannot disagree. Imports the deck's ``code:`` file, as playing does.
    """
    spec = deck.spec
    if spec.new_game is None:
        raise ValueError(f"game '{spec.id}' has no engine to play a worked example on")
    game = spec.new_game(deck, players if players is not None else deck.model.players.min)
    return install(game, deck)


def book_problems(model: Any, spec: "GameSpec") -> list[Problem]:
    """``book:`` keys that are no part of the game's rulebook (``GameSpec.book_parts``, ``book_optional``): bad
    input."""
    parts = sorted({part for changed in spec.book_parts.values() for part in changed} | set(spec.book_optional))
    return [Problem(("book", key), f"'{clean(key, 60)}' is no part of the {spec.id} rulebook a house rule can "
                    f"rewrite; expected one of {', '.join(parts) or '(none)'}", did_you_mean(key, parts),
                    key="house_book_part" if parts else "house_book_part_none",
                    fields={"name": clean(key, 60), "game": spec.id, "parts": ", ".join(parts)})
            for key in (getattr(model, "book", None) or {}) if key not in parts]


def unwritten_parts(model: Any, spec: "GameSpec", root: Path) -> list[str]:
    """Parts of the rulebook a deck's house rule changes without rewriting them: one line each (read with ``ast``).

    Each hook point that changes a step the book describes names that part of the book
    (``GameSpec.book_parts``: scoring, the toast...); a ``code:`` file that defines such a
    hook must give the part's text in ``book:``, which the book prints in place of the
    base text, so that no book describes the rule its house rule replaced. ``cardgen
    check`` fails on these lines and ``build`` refuses them. Syntax errors are
    ``code_problems``' to report.
    """
    code = getattr(model, "code", None)
    if code is None or not spec.book_parts:
        return []
    written = getattr(model, "book", None) or {}
    try:
        functions = defined_functions(resolve_code_path(code, root).read_bytes()[:MAX_CODE_BYTES + 1])
    except (InputError, SyntaxError, ValueError, OSError):
        return []  # code_problems says why
    lines: list[str] = []
    named: set[str] = set()  # a part two hooks change is asked for once
    for name, line, _ in functions:
        missing = [part for part in spec.book_parts.get(name, ()) if part not in written and part not in named]
        if not missing:
            continue
        named.update(missing)
        parts = " and ".join(missing)
        wanted = ", ".join(f"{part}: {{fr: ..., it: ..., en: ...}}" for part in missing)
        lines.append(f"{clean(code)}:{line}: hook '{name}' changes the rulebook's {parts} "
                     f"{'part' if len(missing) == 1 else 'parts'}, which this deck does not rewrite; expected "
                     f"book: {{{wanted}}} with {'that part' if len(missing) == 1 else 'each part'}'s text under "
                     "the house rule")
    return lines
