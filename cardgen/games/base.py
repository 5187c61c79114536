"""What a rules package (``cardgen/games/<game>/``) provides to the rest of cardgen.

Each package exposes ``GAME = GameSpec(...)`` in its ``__init__``. Nothing outside
the package knows which game it is: the loader validates with its models, ``check``
runs its static checks, the renderer asks it for generated face texts, and the
simulator asks it for an engine and agents.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    from cardgen.engine.api import Action, Agent, FastEngine, Game, SearchParams, State
    from cardgen.engine.hooks import HookPoint
    from cardgen.model.deck import ResolvedDeck


@dataclass(frozen=True)
class Problem:
    """A semantic error in a deck, at a field path of the resolved document: the English ``message``, and
    ``key`` and ``fields`` of its sentence in ``cardgen/errors.json`` for the command's language."""

    path: tuple[str | int, ...]
    message: str
    hint: str | None = None
    key: str | None = None
    fields: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class CheckResult:
    """One static check for one player count: its name and detail in English, and in ``said`` the same in each
    other language that has words for it (``(lang, name, detail)``; ``worded_check`` fills it)."""

    name: str
    players: int | None
    passed: bool
    detail: str
    said: tuple[tuple[str, str, str], ...] = ()

    def words(self, lang: str) -> tuple[str, str]:
        """Name and detail in ``lang``: English where the check has no words in it (a project's own check)."""
        return next(((name, detail) for code, name, detail in self.said if code == lang), (self.name, self.detail))


def worded_check(table: dict[str, Any], key: str, players: int | None, passed: bool, detail: str = "detail", /,
                 **fields: Any) -> CheckResult:
    """The check ``key`` of a wordbook's ``checks`` table (language -> key -> ``name`` and details), its
    ``detail`` entry filled with ``fields`` (numbers as the language writes them): English as the result's name
    and detail, every other language of the table in ``said``, so ``cardgen check --lang`` can word it (a field
    may be a ``Worded`` piece: a function of the language)."""
    def text(lang: str) -> tuple[str, str]:
        from cardgen.languages import is_singular

        entry = table.get(lang, {}).get(key) or table["en"][key]
        filled = _filled(fields, lang)
        count = fields.get(entry.get("count", "n"))  # "1 pattern", "2 patterns": the entry's singular where it has one
        one = f"{detail}_one"
        said = entry[one] if one in entry and isinstance(count, int) and is_singular(count, lang) else entry[detail]
        return entry["name"].format(**filled), said.format(**filled)

    name, said = text("en")
    return CheckResult(name, players, passed, said,
                       tuple((lang, *text(lang)) for lang in sorted(table) if lang != "en"))


#: a piece of a check's detail that is worded per language (``worded_part``, ``listed``): language -> text
Worded = Callable[[str], str]


def _filled(fields: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``fields`` as ``lang`` says them: a count as the language writes numbers, a ``Worded`` piece in its words."""
    from cardgen.languages import decimal

    return {k: v(lang) if callable(v) else decimal(v, lang, places=0) if isinstance(v, int) and
            not isinstance(v, bool) else v for k, v in fields.items()}


def worded_part(table: dict[str, Any], key: str, /, **fields: Any) -> Worded:
    """A piece of a check's detail (a line, a card's side, one problem of a list) from a wordbook table
    (language -> key -> text), ``fields`` filled in each language: a failing check's detail then names its
    parts in the language of ``cardgen check --lang``, not in the English of the code that found them."""
    return lambda lang: (table.get(lang, {}).get(key) or table["en"][key]).format(**_filled(fields, lang))


def listed(parts: Iterable[Worded], mark: str = ",") -> Worded:
    """Worded pieces one after another, split by ``mark`` (``,`` or ``;``) as the language spaces it."""
    from cardgen.text import punct

    pieces = list(parts)
    return lambda lang: f"{mark if mark == ',' else punct(mark, lang)} ".join(p(lang) for p in pieces)


def card_names(deck: "ResolvedDeck", ids: Iterable[str], joined: bool = False) -> Worded:
    """The cards ``ids`` names, by their names in each language (a check's detail in the books' terms, not ids),
    each written as the books write a card's name (``cardgen.text.card_name``: quoted in Italian);
    ``joined``: the last two joined as the language joins a list ("Favour, Game of Dice and Shower of Coins"),
    where the names are read as a phrase rather than a list after a colon."""
    from cardgen.text import card_name, join_and

    ids = list(ids)

    def text(lang: str) -> str:
        names = [card_name(n, lang) for n in sorted(component_name(deck, i, lang) or i for i in ids)]
        return (join_and(names, lang) if joined else ", ".join(names)) or "–"
    return text


def _no_problems(deck: Any) -> Iterable[Problem]:
    return ()


def _no_text(deck: "ResolvedDeck", component: Any, face: Any, lang: str) -> str | None:
    return None


def component_name(deck: "ResolvedDeck", word: Any, lang: str) -> str | None:
    """The name in ``lang`` of the component a card instance id (``ham#3``) or component id names; None if none."""
    if not isinstance(word, str):
        return None
    comp_id = word.split("#", 1)[0]
    for comp in deck.model.components:
        if comp.id == comp_id:
            names = comp.name  # a Text: one attribute per language
            return str(getattr(names, lang, None) or getattr(names, "en", None) or comp.id)
    return None


def describe_generic(deck: "ResolvedDeck", action: tuple[Any, ...], lang: str) -> str:
    """An action named without game knowledge: its words, card ids as the cards' names (``play: Favour``).

    The fallback of ``GameSpec.describe_action`` for rules packages that name no actions of their own.
    """
    if not action:
        return "—"
    head = str(action[0]).replace("_", " ").capitalize()
    rest = [component_name(deck, w, lang) or str(w) for w in action[1:]]
    return head + (": " + ", ".join(rest) if rest else "")


def name_action(deck: "ResolvedDeck", action: tuple[Any, ...], lang: str,
                table: dict[str, Any] | None = None) -> str:
    """An action as a player reads it in ``lang``, for any game (``cardgen play``'s buttons, journal and hints).

    The deck's own name for it first: ``actions:`` of the deck or variant, keyed by the action's first
    word, is how a house rule or a project rules file names the actions it adds in each language (no
    game package knows them); its ``{0}``, ``{1}``... print the action's further words, cards by their
    names in ``lang``, with the language's spacing (``cardgen.typography``). Every other action keeps
    the game's own name (``GameSpec.describe_action``), and so does one whose name prints a word this
    action does not have (the table goes on). ``table``: the observation of the seat the move is shown to,
    before the move; a game with ``GameSpec.describe_move`` then names the move against it (Draco's two
    ruffians of one colour by their places in the circle), so two legal moves never read the same.
    """
    from cardgen.typography import for_language

    names = getattr(deck.model, "actions", None) or {}
    name = names.get(str(action[0])) if action else None
    text = name.get(lang) if name is not None else None
    if text is not None:
        try:
            named = text.format(*(component_name(deck, word, lang) or str(word) for word in action[1:]))
        except IndexError:
            return _game_name(deck, action, lang, table)
        return for_language(named, lang)  # French spacing, as the cards and the rulebook print the deck's texts
    return _game_name(deck, action, lang, table)


def group_action(deck: "ResolvedDeck", action: tuple[Any, ...], lang: str,
                 table: dict[str, Any] | None = None) -> tuple[str, ...] | None:
    """Where ``cardgen play`` lists ``action`` among many moves: (the group's heading, the move's words under it)
    and, when the game has more to say than fits a row, a third item, a smaller line under the row (a hint's list
    leaves it out), as the game says them (``GameSpec.move_group``): ("Serve Drink 5", "to the Duchess (3 points)",
    "Four of a kind with at least 1 Dessert card"), ("Use Emerald", "Remove 2 portions of Bread"). The page once found the group by cutting the button's text at a colon,
    so the games wrote "Serve Drink 5: to the Duchess", a colon no language puts there (#53 round 27, en9, fr10,
    it9). None (the move stands alone, under its whole name) for a game that groups nothing, a move it does not
    group, a move without ``table``, and an action the deck names itself (``actions:``: no game knows its parts)."""
    names = getattr(deck.model, "actions", None) or {}
    grouped = deck.spec.move_group
    if table is None or grouped is None or (action and str(action[0]) in names):
        return None
    return grouped(deck, action, lang, table)


def name_done(deck: "ResolvedDeck", action: tuple[Any, ...], lang: str, before: dict[str, Any],
              after: dict[str, Any]) -> str:
    """A move made, as ``cardgen play``'s journal records it in ``lang``: what happened, in the third person
    ("takes Bread", « prend Pain », «prende Pane»), where the buttons say what to do ("Take Bread").

    ``before`` and ``after``: the moving seat's observations around the move. The game's
    ``GameSpec.describe_done`` words the record from its wordbook (its ``done`` sentences) and may name what
    the move showed to everyone (the cards a row held, a character's arrival place); a game without it, and
    an action the deck names itself (``actions:``) without its own record (``actions_done:``, the same
    ``{0}``, ``{1}``...), record the move by the button's name.
    """
    from cardgen.typography import for_language

    names = getattr(deck.model, "actions", None) or {}
    word = str(action[0]) if action else None
    record = (getattr(deck.model, "actions_done", None) or {}).get(word) if word is not None else None
    text = record.get(lang) if record is not None else None
    if text is not None:
        try:
            return for_language(text.format(*(component_name(deck, w, lang) or str(w) for w in action[1:])), lang)
        except IndexError:  # a record printing a word the action lacks: the button's name, as name_action does
            return name_action(deck, action, lang, before)
    described = deck.spec.describe_done
    if described is not None and word not in names:
        told = described(deck, action, lang, before, after)
        if told is not None:
            return told
    return name_action(deck, action, lang, before)


def _game_name(deck: "ResolvedDeck", action: tuple[Any, ...], lang: str, table: dict[str, Any] | None) -> str:
    """The game's own name of ``action``: against ``table`` where the game names moves so, else without it."""
    describe_move = deck.spec.describe_move
    if table is not None and describe_move is not None:
        return describe_move(deck, action, lang, table)
    return deck.spec.describe_action(deck, action, lang)


@dataclass(frozen=True)
class on_first_use:  # noqa: N801 - used as a function
    """``module.name``, imported when first called, then called.

    A game registers its compiled tier and search driver this way: building or checking a
    deck never loads numpy or numba, and the registration names what it offers without
    importing it. A plain value (it pickles, so a spec can travel to a cluster's workers).
    """

    module: str
    name: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(self.module), self.name)(*args, **kwargs)


@dataclass(frozen=True)
class GameSpec:
    """The hooks one game plugs into the pipeline."""

    id: str
    rules_model: type[BaseModel]
    component_data: type[Any] | None = None
    face_data: type[Any] | None = None
    #: gap kind -> resolutions the engine knows how to apply (validated against decks)
    gaps: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: extra reference checks on a validated deck (e.g. colours a requirement names)
    check_references: Callable[[Any], Iterable[Problem]] = _no_problems
    #: static checks of a resolved deck for one player count
    static_checks: Callable[["ResolvedDeck", int], list[CheckResult]] | None = None
    #: generated rules text of a face (e.g. a requirement written out), per language
    face_text: Callable[["ResolvedDeck", Any, Any, str], str | None] = _no_text
    #: the engine class, built as ``new_game(deck, players)``
    new_game: Callable[["ResolvedDeck", int], "Game"] | None = None
    #: agent name -> factory; "random" is always available on top of these
    agents: Mapping[str, Callable[[], "Agent"]] = field(default_factory=dict)
    #: shortfall peak (``unpaid_*``, ``*_missing``) -> the component id it is short of, so that
    #: "print N more" names the piece to print (cardgen.simulate.balance.sufficiency)
    shortfall_components: Mapping[str, str] = field(default_factory=dict)
    #: engine tally (``peak:gold_in_hands``, ``gap:short_supply_draw``) -> the rule fields and component ids
    #: whose change it only repeats (a peak the count caps, a gap only that rule number makes possible):
    #: compare marks it "follows from the variant’s rule" when the variant changes one of them, never a headline
    tally_sources: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the compiled tier, built as ``fast(deck, players)``: a ``FastEngine``, or a
    #: one-line reason why this deck cannot run on it (the simulator then falls back
    #: to the reference engine and says so); None where the game has no such tier
    fast: Callable[["ResolvedDeck", int], "FastEngine | str"] | None = None
    #: hook name -> where a house rule plugs into the reference engine (``cardgen.engine.hooks``);
    #: a deck's ``code:`` file may define functions of these names only
    hooks: Mapping[str, "HookPoint"] = field(default_factory=dict)
    #: the hooks of ``hooks`` the compiled tier compiles with the game's steps (a house rule defining only these
    #: plays compiled, ``fast`` builds it; any other keeps the rule on the reference engine); empty: none
    compiled_hooks: tuple[str, ...] = ()
    #: set for a game whose rules are a file of the deck's project (``game: rules.py``,
    #: ``cardgen/games/project.py``): the file as the deck names it. Such a deck prints its
    #: own rule text like a print-only deck; only playing a game imports the file.
    rules_file: str | None = None
    #: an action as a player reads it, in a language (``cardgen play``'s buttons and journal)
    describe_action: Callable[["ResolvedDeck", tuple[Any, ...], str], str] = describe_generic
    #: an action named against the table it is made on, ``describe_move(deck, action, lang, observation)``
    #: (the observation of the seat it is shown to, before the move): what tells two moves apart that the
    #: action alone does not (a card by its place); None: ``describe_action`` names every move
    describe_move: Callable[["ResolvedDeck", tuple[Any, ...], str, dict[str, Any]], str] | None = None
    #: where a long list of moves puts a move, ``move_group(deck, action, lang, observation)``: (the group's
    #: heading, the move's words under it), or None for a move that stands alone (``group_action``); None: no groups
    move_group: Callable[["ResolvedDeck", tuple[Any, ...], str, dict[str, Any]], tuple[str, ...] | None] | None = None
    #: a move made, as the journal records it, ``describe_done(deck, action, lang, before, after)`` (the moving
    #: seat's observations around the move; ``name_done``): third person, and only what every seat saw (a card
    #: drawn stays unnamed); None for an action it has no sentence for; None: the journal uses the buttons' names
    describe_done: Callable[["ResolvedDeck", tuple[Any, ...], str, dict[str, Any], dict[str, Any]],
                            str | None] | None = None
    #: what a house rule changed in a move, ``describe_effect(deck, plain, house, lang)``: the observations of
    #: the moving seat after the move as the engine alone plays it (``plain``) and as the house rule does
    #: (``house``), in the table's language ("player 3 +1 silver coin"); None: nothing the game can name
    describe_effect: Callable[["ResolvedDeck", dict[str, Any], dict[str, Any], str], str | None] | None = None
    #: the table as ``cardgen play`` lays it out, from one seat's observation: ``{"hand": [area], "areas":
    #: [area]}`` (shape in ``cardgen.play.view``); None: the observation laid out generically
    play_table: Callable[["ResolvedDeck", dict[str, Any], str], dict[str, Any]] | None = None
    #: the engine's states implement ``State.determinize`` (search agents need it)
    determinize: bool = False
    #: the compiled search driver, called as ``search(state, params, legal, seed)`` for
    #: ``State.compiled_search``: the index in ``legal`` it picks, or None where it cannot
    #: run this deck or these parameters (search then runs in Python); None: no driver
    search: Callable[["State", "SearchParams", "list[Action]", int], int | None] | None = None
    #: the same for a state whose deck has a house rule (``cardgen.engine.hooks``): a driver that plays the rule's
    #: hooks compiled with the game's steps, None where the rule stays out of them; None: search on a house rule
    #: runs in Python (the game's own driver plays the engine's rules, never the house's)
    house_search: Callable[["State", "SearchParams", "list[Action]", int], int | None] | None = None
    #: the compiled tier's play-out of positions, for the experiments' futures (``cardgen.simulate.exchange``):
    #: ``play_on(game, names)`` (the agents per seat) -> ``play(state, seed, cap)`` -> the ``Ending`` of ``state``
    #: played on to its end by those agents, chance seeded ``seed`` (None: it did not end within ``cap``
    #: decisions); or None where the tier cannot (an agent it lacks, a house rule): the reference plays them
    play_on: Callable[["Game", Sequence[str]], Any] | None = None
    #: hook name -> the part of the rulebook it changes ("scoring", "toast"...): a variant whose
    #: ``code:`` defines that hook must give the part's text in ``book:`` (``cardgen.house.book_problems``)
    book_parts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: parts of the rulebook a variant's ``book:`` may rewrite though no hook requires it (King Lui's opening)
    book_optional: tuple[str, ...] = ()
    #: the rulebook's worked examples, played by the deck's own engine (house rule included):
    #: ``book_examples(deck, engine)`` (``engine(players)``: the deck's engine, house rule installed) -> example name -> what the template prints (``cardgen.rulebook.examples``)
    book_examples: Callable[["ResolvedDeck", Callable[[int | None], Any]], dict[str, Any]] | None = None
    #: the game's words for reports (``words.json`` in its package): ``unit`` (language -> [one, many]: what
    #: a score counts, "coins") and ``tallies`` (language -> engine tally -> its name: ``gap:bank_short`` ->
    #: "the bank cannot pay all it owes"), so no report shows an engine's id
    words: Mapping[str, Any] = field(default_factory=dict)
    #: ``deck_words(deck, words)``: ``words`` as one deck's data makes them true (Draco's bank empties of every
    #: coin only where loose change cannot use up its silver alone: a deck with fewer silver coins says less)
    deck_words: Callable[[Any, Mapping[str, Any]], Mapping[str, Any]] | None = None
    #: the game's own ranking where its scores alone do not give the runner-up: ``out_of_running(scores,
    #: winners)`` (float and bool arrays [games, seats]) -> bool [games, seats], the seats a rule put out of
    #: the running though they scored more than a winner (Draco & Co's tied leaders who drop out), so the
    #: winner's lead is over the best seat still in (``cardgen.simulate.stats.margins``); None: nobody
    out_of_running: Callable[[Any, Any], Any] | None = None


def _book_fields(package: str) -> dict[str, Any]:
    """``book_parts``, ``book_optional`` and ``book_examples`` from the package's ``book`` module, where it has one."""
    from importlib.util import find_spec

    if find_spec(f"{package}.book") is None:
        return {}
    book = importlib.import_module(f"{package}.book")
    return {"book_parts": book.BOOK_PARTS, "book_optional": getattr(book, "OPTIONAL_PARTS", ()),
            "book_examples": book.book_examples}


def package_spec(package: str, **differs: Any) -> GameSpec:
    """The ``GameSpec`` of a rules package laid out as the shipped games are (docs/ARCHITECTURE.md, "A game
    package"), so that its registration states only what is its own.

    ``package`` is the package's ``__name__``; its last part is the game's id. From the package's
    modules: ``engine`` gives the gap kinds and hook points (``GAPS``, ``HOOKS``), ``checks`` the deck
    checks, ``text`` the face texts and move names, ``playview`` the table of ``cardgen play``, ``book`` (if
    any) the rulebook's parts and worked examples; the
    compiled tier (``compiled.fast_engine``) and search driver (``compiled_search.compiled_search``) load
    on first use; its states determinize. ``differs``: every other field (the models, ``new_game``,
    ``agents``...), and any of the above that the package does otherwise.
    """
    engine, checks, text, playview = (importlib.import_module(f"{package}.{name}")
                                      for name in ("engine", "checks", "text", "playview"))
    fields: dict[str, Any] = {
        "id": package.rsplit(".", 1)[-1], "gaps": engine.GAPS, "hooks": engine.HOOKS,
        "check_references": checks.check_references, "static_checks": checks.static_checks,
        "face_text": text.face_text, "describe_action": text.describe_action,
        "describe_move": getattr(text, "describe_move", None), "move_group": getattr(text, "move_group", None),
        "describe_done": getattr(text, "describe_done", None),
        "describe_effect": getattr(text, "describe_effect", None), "play_table": playview.play_table,
        "fast": on_first_use(f"{package}.compiled", "fast_engine"), "determinize": True,
        "search": on_first_use(f"{package}.compiled_search", "compiled_search"), "words": _package_words(package),
        **_book_fields(package)}
    return GameSpec(**{**fields, **differs})


def words_of(deck: Any) -> dict[str, Any]:
    """The game's words (``GameSpec.words``) for ``deck``: as its ``deck_words`` makes them true of this deck's
    data, where the game has one (the words every report and terminal line takes)."""
    words = dict(deck.spec.words)
    hook = getattr(deck.spec, "deck_words", None)
    return dict(hook(deck, words)) if hook else words


def words_of_decks(decks: Sequence[Any]) -> dict[str, Any]:
    """One set of words for decks of one game read side by side (a comparison's base and variant): the first
    deck's, where a tally's name differs between the decks (Royale's end card drawn for the second time in the
    base, the first in a light supper) its name true of every deck, ``<tally>:any``, where the game gives one,
    so that no row names one deck's rule for both (twenty-second reading fr5)."""
    said = [words_of(deck) for deck in decks]
    if not said:
        return {}
    first = said[0]
    tallies = {}
    for lang, names in (first.get("tallies") or {}).items():
        names = dict(names)
        for key in list(names):
            other = [((w.get("tallies") or {}).get(lang) or {}).get(key) for w in said[1:]]
            if any(o != names[key] for o in other) and f"{key}:any" in names:
                names[key] = names[f"{key}:any"]
        tallies[lang] = names
    return {**first, "tallies": tallies} if tallies else first


def _package_words(package: str) -> dict[str, Any]:
    """The package's ``words.json`` (``GameSpec.words``), or nothing where it has none."""
    from pathlib import Path

    from cardgen import wordbook

    path = Path(importlib.import_module(package).__file__ or "").parent / "words.json"
    return wordbook.merged(path) if path.is_file() else {}
