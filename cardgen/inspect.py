"""Plain-text views of a resolved deck and of check results (``inspect``, ``check``)."""
from __future__ import annotations

from collections.abc import Sequence

from cardgen.games.base import CheckResult
from cardgen.languages import decimal
from cardgen.model.deck import ResolvedDeck, totals
from cardgen.terminal import LINES, fit, say, say_n, word


def format_deck(deck: ResolvedDeck, lang: str = "en") -> str:
    """A readable summary: identity, players, rule numbers, then one line per component; names in ``lang`` and
    every other word in the terminal's words for ``lang`` (``terminal.json``), ids as the designer wrote them."""
    m = deck.model
    names, lang = lang, lang if lang in LINES else "en"  # a deck's own language cardgen has no words in: English
    kinds = word("inspect_kinds", lang)
    what = (say("inspect_print_only", lang) if deck.print_only
            else say(f"inspect_{deck.kind}", lang, game=deck.game))
    players = f"{m.players.min}-{m.players.max}" if m.players is not None else "-"
    extends = say("inspect_extends", lang, chain=" -> ".join(deck.chain[:-1])) if deck.kind == "variant" else ""
    lines = [say("inspect_head", lang, id=deck.id, name=m.name[names], what=what, extends=extends),
             say("inspect_sizes", lang, players=players, width=decimal(m.card.width_mm, lang),
                 height=decimal(m.card.height_mm, lang), bleed=decimal(m.card.bleed_mm, lang),
                 langs=", ".join(deck.languages)),
             say("inspect_rules", lang, rules=", ".join(f"{k}={v}" for k, v in m.rules.model_dump(mode="json").items())),
             say("inspect_totals", lang, totals=", ".join(say_n(f"count_{k}", n, lang) for k, n in totals(deck).items())),
             ""]
    width = max((len(c.id) for c in m.components), default=0)
    kind_width = max((len(kinds[c.kind]) for c in m.components), default=0)
    for c in m.components:
        mark = f"  {say('inspect_reconstruction', lang)}" if c.reconstruction else ""
        lines.append(f"  {c.id:<{width}}  {kinds[c.kind]:<{kind_width}} x{c.count:<3} "
                     f"{say_n('count_side', c.sides, lang):<7}  {c.name[names]}{mark}")
    if deck.differences:
        from cardgen.simulate.summary import Naming, difference_line, rule_files

        naming = Naming.of(deck, lang)  # each change by its name in the language, as compare words it
        lines += ["", say("inspect_differences", lang, base=deck.chain[0])]
        lines += [f"  {difference_line(d, lang, naming)}" for d in deck.differences]
        lines += [f"  {line}" for line in rule_files(deck.differences, lang)]  # a house rule's file, as compare says it
    return "\n".join(lines)


def format_checks(deck: ResolvedDeck, results: Sequence[CheckResult], lang: str = "en") -> str:
    """One line per check, in ``lang``: passed or failed, player count, name, detail (a project's own checks
    keep the words their code gives them); a long line wraps under the column where every check's name starts,
    whatever its player count (read 9 en37)."""
    from cardgen.check.static import WORDS
    from cardgen.languages import is_singular, typeset

    said = WORDS["lines"].get(lang) or WORDS["lines"]["en"]

    def players(n: int) -> str:  # "1 joueur", "2 joueurs": the count's own form
        forms = said["players"]
        return (forms if isinstance(forms, str) else forms[0 if is_singular(n, lang) else 1]).format(n=n)

    width, who_width = max(len(said["pass"]), len(said["fail"])), len(players(10))
    sep = said.get("who_sep", " ")  # the player count set apart from the check's name, blank where none
    langs = getattr(deck, "languages", ())  # a deck without texts (a bare id) is said by its id
    title = deck.text(lang if lang in langs else langs[0])["name"] if langs else ""
    shown = say("deck_titled", lang, deck=deck.id, title=title) if title and title != deck.id else deck.id
    column = 2 + width + 1 + who_width + len(sep)  # where a check's name starts, on every line
    lines = [say("deck_head", lang, deck=shown)]  # « Royale : nobles masqués (royale-masked) : », as compare names it
    for r in results:
        who = (players(r.players) if r.players is not None else "").rjust(who_width)
        who += sep if r.players is not None else " " * len(sep)
        name, detail = r.words(lang)
        line = typeset(f"  {said['pass' if r.passed else 'fail']:<{width}} {who}{name}{said['sep']}{detail}", lang)
        lines.append(fit(line, hang=column))
    return "\n".join(lines)


def checks_summary(decks: int, failed: int, lang: str = "en") -> str:
    """``check``'s last line in ``lang``: how many decks were checked and how many checks failed."""
    from cardgen.check.static import WORDS
    from cardgen.languages import is_singular, typeset

    said = WORDS["lines"].get(lang) or WORDS["lines"]["en"]

    def counted(n: int, unit: str) -> str:
        return f"{n} {said[unit][0 if is_singular(n, lang) else 1]}"
    none = said.get("none") if not failed else None  # "aucune vérification en échec", not "0 vérification"
    return typeset(said["summary"].format(decks=counted(decks, "deck"), failed=none or counted(failed, "check")), lang)
