"""Plain-text views of a resolved deck and of check results (``inspect``, ``check``)."""
from __future__ import annotations

from collections.abc import Sequence

from cardgen.games.base import CheckResult
from cardgen.resolve.resolve import ResolvedDeck, totals
from cardgen.words import counted


def format_deck(deck: ResolvedDeck, lang: str = "en") -> str:
    """A readable summary: identity, players, rule numbers, then one line per component."""
    m = deck.model
    what = "print-only deck, no rules package" if deck.print_only else f"{deck.kind} of game '{deck.game}'"
    players = f"{m.players.min}-{m.players.max}" if m.players is not None else "-"
    lines = [f"{deck.id}: {m.name[lang]} ({what}"
             + (f", extends {' -> '.join(deck.chain[:-1])}" if deck.kind == "variant" else "") + ")",
             f"players: {players}    card: {m.card.width_mm} x {m.card.height_mm} mm, "
             f"bleed {m.card.bleed_mm} mm    languages: {', '.join(deck.languages)}",
             "rules: " + ", ".join(f"{k}={v}" for k, v in m.rules.model_dump(mode="json").items()),
             "totals: " + ", ".join(counted(n, k) for k, n in totals(deck).items()), ""]
    width = max(len(c.id) for c in m.components)
    for c in m.components:
        mark = "  [reconstruction]" if c.reconstruction else ""
        lines.append(f"  {c.id:<{width}}  {c.kind:<5} x{c.count:<3} {counted(c.sides, 'side'):<7}  {c.name[lang]}{mark}")
    if deck.differences:
        lines += ["", "differences from " + deck.chain[0] + ":"]
        for d in deck.differences:
            lines.append(f"  {d['kind']} {d['field']}: {d['old']} -> {d['new']}")
    return "\n".join(lines)


def format_checks(deck: ResolvedDeck, results: Sequence[CheckResult]) -> str:
    """One line per check: PASS/FAIL, player count, name, detail."""
    lines = [f"{deck.id}:"]
    for r in results:
        who = f"{r.players}p" if r.players is not None else "  "
        lines.append(f"  {'PASS' if r.passed else 'FAIL'} {who:>3} {r.name}: {r.detail}")
    return "\n".join(lines)
