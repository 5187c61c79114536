"""Static deck checks: can this deck be played at every player count it allows?

The checks themselves belong to each game's rules package (``GameSpec.static_checks``);
this module runs them for every allowed player count and adds the game-agnostic
ones, so ``cardgen check`` and ``cardgen validate`` share one list.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from cardgen.errors import InputError, clean
from cardgen.house import unwritten_parts
from cardgen import wordbook
from cardgen.games.base import CheckResult, Worded, worded_check
from cardgen.model.deck import ResolvedDeck
from cardgen.usercode import UserCodeError
from cardgen.words import counted

#: the generic checks' names and details per language (``checks``) and ``check``'s own words (``lines``)
WORDS = wordbook.load(__file__)
CHECKS = WORDS["checks"]


def generic_checks(deck: ResolvedDeck, langs: Sequence[str] | None = None) -> list[CheckResult]:
    """Checks every deck must pass whatever its game (faces drawn in ``langs``, default all the deck's)."""
    m = deck.model
    out = []
    empty = [c.id for c in m.components if c.count == 0]
    out.append(worded_check(CHECKS, "no_empty", None, not empty, "fail" if empty else "detail",
                            ids=", ".join(empty), n=len(m.components)))
    if not deck.print_only:  # a print-only deck has no rules to play, by design
        engine = deck.spec.new_game is not None
        out.append(worded_check(CHECKS, "engine", None, engine,
                                ("file" if deck.spec.rules_file else "detail") if engine else "fail",
                                file=str(deck.spec.rules_file), game=deck.game))
    out.extend(print_checks(deck, langs))
    unwritten = unwritten_parts(deck.model, deck.spec, Path(deck.project))
    if getattr(deck.model, "code", None) is not None:
        out.append(worded_check(CHECKS, "book_rewrites", None, not unwritten, "fail" if unwritten else "detail",
                                parts="; ".join(unwritten)))
    return out


#: Name of the check that a house rule's book rewrites each part its hooks change (``house.unwritten_parts``).
BOOK_REWRITES = CHECKS["en"]["book_rewrites"]["name"]


def print_checks(deck: ResolvedDeck, langs: Sequence[str] | None = None) -> list[CheckResult]:
    """Every face and reverse drawn once per language (of ``langs``, default all the deck's), to
    nowhere: faces fit their layout, texts fit their boxes, the fonts have every glyph, SVG symbols
    can be drawn."""
    from cardgen.check.faces import dry_canvas, paint_error
    from cardgen.render.cardface import has_reverse

    out = []
    for lang in [lang for lang in deck.languages if langs is None or lang in langs]:
        canvas = dry_canvas()  # drawing registers the fonts a face uses, and only those
        faces = 0
        sides_drawn = {"fronts": 0, "others": 0, "backs": 0}  # where the faces come from: a designer checks the sum
        error = None
        for comp in deck.model.components:
            sides = [(face, False) for face in comp.faces]
            if has_reverse(comp) and len(comp.faces) == 1:
                sides.append((None, True))
            for j, (face, back) in enumerate(sides):
                error = paint_error(deck, comp, face, lang, back, canvas)
                if error is not None:
                    break
                faces += 1
                sides_drawn["backs" if back else "others" if j else "fronts"] += 1
            if error is not None:
                break
        if error is not None:
            out.append(worded_check(CHECKS, "faces", None, False, "fail", lang=lang, language=_language(lang),
                                    message=error.message))
            continue
        out.append(worded_check(CHECKS, "faces", None, True, "detail" if sides_drawn["others"] or faces == 1 else "detail_plain",
                                lang=lang, language=_language(lang), n=faces, **sides_drawn))
    return out


def _language(lang: str) -> Worded:
    """The faces' language ``lang`` named in the words of the line that reports them ("in French")."""
    from cardgen.languages import name_in

    return lambda said: name_in(lang, said)


#: Name of the check that the game's engine can set a table up at a player count.
SETS_UP = CHECKS["en"]["sets_up"]["name"]


def setup_check(deck: ResolvedDeck, players: int) -> CheckResult:
    """The engine accepts this deck at ``players`` players (what ``validate`` would meet first)."""
    try:
        deck.spec.new_game(deck, players)  # type: ignore[misc]
    except (ValueError, InputError, UserCodeError) as exc:  # UserCodeError: a project rules file failed to load
        if deck.spec.rules_file is not None and not isinstance(exc, ValueError):
            raise  # a rules file that does not load is bad input: one line, exit 2, not a failed count
        # an engine's refusal with a key is said in each language (errors.json), other text as it came
        said = (lambda lang: "; ".join(exc.lines(lang))) if isinstance(exc, InputError) else (lambda lang: str(exc))
        return worded_check(CHECKS, "sets_up", players, False, "fail", message=lambda lang: clean(said(lang), 300))
    return worded_check(CHECKS, "sets_up", players, True)


def run_checks(deck: ResolvedDeck, langs: Sequence[str] | None = None) -> list[CheckResult]:
    """Every static check of ``deck``, game-agnostic first, then per player count (faces drawn in
    ``langs``, default every language of the deck)."""
    results = generic_checks(deck, langs)
    counts = deck.model.players.counts if deck.model.players is not None else []  # print-only decks: none
    for players in counts:
        mine = list(deck.spec.static_checks(deck, players)) if deck.spec.static_checks is not None else []
        results.extend(mine)
        # a project rules file is code: check never runs it (only the commands that play games do)
        if deck.spec.new_game is not None and deck.spec.rules_file is None and all(r.passed for r in mine):
            setup = setup_check(deck, players)  # reported only when the engine finds what the checks missed
            if not setup.passed:
                results.append(setup)
    return results


def said_once(results: list[CheckResult]) -> list[CheckResult]:
    """``run_checks``'s results as ``check`` prints them: a per-count check that says the same at every count
    (same verdict, same words in every language) comes once, with no count, after the deck-wide checks. Read 11
    (en43) found "72 cards into 3 piles of 24" or "7 different dishes" once per count, hiding the lines that do
    change with it. Only the printing: ``validate`` and ``compare`` still see each count's own verdicts."""
    def said(r: CheckResult) -> tuple[object, ...]:
        return (r.name, r.passed, r.detail, r.said)

    counts = list(dict.fromkeys(r.players for r in results if r.players is not None))
    if len(counts) < 2:
        return results
    same = set.intersection(*({said(r) for r in results if r.players == n} for n in counts))
    once = [replace(r, players=None) for r in results if r.players == counts[0] and said(r) in same]
    deck_wide = [r for r in results if r.players is None]
    return deck_wide + once + [r for r in results if r.players is not None and said(r) not in same]


def failed_checks(decks: list[ResolvedDeck], langs: Sequence[str] | None = None) -> list[str]:
    """One line per failed static check of ``decks`` (file: players: check: detail), for ``build``.

    ``build`` refuses what ``check`` fails, so the two never disagree on a deck, except
    that faces are drawn only in ``langs``: a build in English is not refused for an
    Italian text that does not fit (``check`` still reports it).
    """
    lines = []
    for deck in decks:
        file = deck.files[-1] if deck.files else deck.id
        for r in run_checks(deck, langs):
            if not r.passed:
                who = f"{counted(r.players, 'player')}: " if r.players is not None else ""
                lines.append(clean(f"{file}: {who}check '{r.name}' failed: {r.detail}", 600))
    return lines
