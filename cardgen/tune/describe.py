"""What a tuned variant says about itself: its rule in three languages, and where its numbers came from.

The description is printed in the variant's rulebook ("X is a variant of Y. ..."),
right before the list of every number it changes (the rulebook writes that list
from the differences, in the reader's language). So the description speaks of the
rule, never of the search. Where the numbers came from (the study, its target, what
was measured) goes into comment lines at the top of the file: a designer who opens
it months later reads them; a player never does.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.languages import significant

if TYPE_CHECKING:
    from cardgen.tune.space import Param, Target
    from cardgen.tune.study import Trial, TuneOptions

#: the description of a tuned variant (what the rulebook prints), per language
DESCRIPTION = {
    "fr": "Les règles sont celles du jeu de base\u202f; seuls changent les nombres indiqués ci-dessous.",
    "it": "Le regole sono quelle del gioco base; cambiano solo i numeri indicati qui sotto.",
    "en": "The rules are those of the base game; only the numbers listed below change.",
}


#: what a tuned variant's name adds to its base's: on target, or the closest trial when none was
TUNED_LABEL = {"fr": "réglage", "it": "taratura", "en": "tuned"}
CLOSEST_LABEL = {"fr": "essai le plus proche", "it": "prova più vicina", "en": "closest trial"}


def variant_name(deck: Any, rank: int) -> dict[str, str]:
    """The name of the tuned variant ranked ``rank`` (0: the closest trial, none on target), in the
    deck's own languages only: "King Lui (réglage 1)", "My game (tuned 2)".

    An English-only deck gets an English name, never ``fr: None (réglage 1)``; a language
    cardgen has no label for takes the English one after the deck's own name.
    """
    labels = TUNED_LABEL if rank else CLOSEST_LABEL
    names = {}
    for lang in deck.model.languages:
        base = deck.model.name.get(lang) or deck.model.name.get("en") or deck.id
        names[lang] = f"{base} ({labels.get(lang, labels['en'])}{f' {rank}' if rank else ''})"
    return names


def _num(value: float, lang: str) -> str:
    """A figure with at most three significant digits, in the language's own notation (47,3 in French)."""
    return significant(value, lang)


def describe(params: list["Param"], targets: list["Target"], trial: "Trial", opts: "TuneOptions") -> dict[str, str]:
    """``{fr, it, en}`` description of a tuned variant: the rule, not the search."""
    return dict(DESCRIPTION)


def provenance(params: list["Param"], targets: list["Target"], trial: "Trial", opts: "TuneOptions",
               on_target: bool) -> list[str]:
    """Comment lines (English, without '#') saying how the numbers were found and what they measured."""
    values = ", ".join(f"{p.key} = {trial.values[p.key]}" for p in params)
    aims = "; ".join(f"{t.metric} between {_num(t.low, 'en')} and {_num(t.high, 'en')}" for t in targets)
    lines = [f"Tuned by cardgen tune (trial {trial.number + 1}): {values}.",
             f"Target: {aims}. {'On target' if on_target else 'NOT on target: the closest trial'}.",
             f"Measured over {opts.games} games per player count (seed {opts.seed}), played by "
             f"{', '.join(opts.agents or [])}:"]
    for players, metrics in sorted(trial.metrics.items()):
        shown = ", ".join(f"{t.metric} {_num(metrics[t.metric][0], 'en')}" for t in targets if t.metric in metrics)
        lines.append(f"  {players} players: {shown}")
    return lines
