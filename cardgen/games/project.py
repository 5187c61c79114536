"""A game whose rules are a file or folder of the deck's own project (``game: rules.py``).

No packaging: the deck names the file, the resolver finds it inside the project folder
(``cardgen.usercode.resolve_code_path``) and builds this module's ``GameSpec`` for it
*without importing it*. The deck's rule numbers are data (``rules:`` in the YAML,
``cardgen.model.schema.ProjectRules``), so ``build``, ``check`` and ``inspect`` work on
such a deck like on a print-only one (its own rule text, ``rulebook:``) and a variant or
``tune`` changes them. Only the engine factory (``GameSpec.new_game``), which only the
commands that play games call (validate, compare, tune, replay, play), imports the file
and finds its ``CardGame`` subclass (``cardgen.engine.kit``).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import InputError
from cardgen.games.base import GameSpec
from cardgen.model.schema import ProjectRules

if TYPE_CHECKING:
    from cardgen.engine.api import Game
    from cardgen.model.deck import ResolvedDeck


def is_rules_path(game: str) -> bool:
    """Whether a deck's ``game`` names a project rules file (``rules.py``) or folder (``rules_pkg/``)."""
    return game.endswith(".py") or "/" in game


@dataclass(frozen=True)
class RulesFile:
    """The engine factory of a project rules file: imports it on the first game, never before."""

    path: Path  # resolved, checked to lie inside the project
    shown: str  # as the deck wrote it

    def __call__(self, deck: "ResolvedDeck", players: int) -> "Game":
        from cardgen.engine.kit import CardGame, KitGame
        from cardgen.usercode import load_code

        module = load_code(self.path, self.shown).module
        found = [v for v in vars(module).values()
                 if isinstance(v, type) and issubclass(v, CardGame) and v is not CardGame
                 and v.__module__ == module.__name__]
        if len(found) != 1:
            names = ", ".join(sorted(c.__name__ for c in found)) or "none"
            raise InputError(f"expected exactly one class based on cardgen.engine.kit.CardGame, found {names}",
                             file=self.shown, field="game", key="one_cardgame_class", fields={"found": names})
        return KitGame(deck, players, found[0], self.path, self.shown)


def syntax_error(spec: GameSpec) -> InputError | None:
    """The syntax error of a project rules file (of any ``.py`` file of a rules folder), as the line the
    commands that play games give when they load it; found by compiling the bytes, never importing or
    running them (``cardgen check``). None when it compiles, or the deck names no rules file."""
    factory = spec.new_game
    if not isinstance(factory, RulesFile):
        return None
    path = factory.path
    folder = factory.shown.removesuffix("__init__.py").rstrip("/")  # a rules folder's name, as written
    for file in _rules_files(path):
        shown = factory.shown if path.name != "__init__.py" else f"{folder}/{file.relative_to(path.parent).as_posix()}"
        try:
            compile(file.read_bytes(), str(file), "exec", dont_inherit=True)
        except SyntaxError as exc:
            return InputError(f"Python syntax error: {exc.msg}", file=shown, line=exc.lineno,
                              key="python_syntax", fields={"why": exc.msg})
        except ValueError as exc:  # NUL bytes and the like
            return InputError(f"not a Python file: {exc}", file=shown, key="not_python", fields={"why": exc})
    return None


def _rules_files(path: Path) -> list[Path]:
    """The files a rules file plays from: itself, or every ``.py`` file of its folder (``path`` its ``__init__.py``)."""
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def rules_hash(spec: GameSpec) -> str:
    """SHA-256 of the rules file's bytes (of every ``.py`` file of a rules folder, by relative path), for logs."""
    factory = spec.new_game
    assert isinstance(factory, RulesFile)
    path = factory.path
    digest = hashlib.sha256()
    for file in _rules_files(path):
        digest.update(file.relative_to(path.parent).as_posix().encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


@cache
def rules_file_spec(game: str, path: Path) -> GameSpec:
    """The spec of the project rules file ``game`` (as written), found at ``path`` (not imported)."""
    # the kit derives determinize from its zones, so search agents play every rules file
    # its default player (the runner's, agents.generic.LookaheadAgent) judges every legal move by look-ahead
    return GameSpec(id=game, rules_model=ProjectRules, new_game=RulesFile(path, game), rules_file=game,
                    determinize=True)
