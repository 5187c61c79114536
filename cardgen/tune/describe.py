"""What a tuned variant says about itself: its rule in every language, and where its numbers came from.

The description is printed in the variant's rulebook ("X is a variant of Y. ..."),
right before the list of every number it changes (the rulebook writes that list
from the differences, in the reader's language). So the description speaks of the
rule, never of the search. Where the numbers came from (the study, its target, what
was measured) goes into comment lines at the top of the file: a designer who opens
it months later reads them, in the language the study ran in; a player never does. The words
are data, ``describe.json`` beside this module (``cardgen.wordbook``), so a language added by
``cardgen/locale/<lang>.json`` has them too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen import wordbook
from cardgen.languages import significant, typeset

if TYPE_CHECKING:
    from cardgen.tune.space import Param, Target
    from cardgen.tune.study import Trial, TuneOptions

#: this module's words per language (``describe.json`` beside it, ``cardgen.wordbook``)
_BOOK = wordbook.load(__file__)
#: the description of a tuned variant (what the rulebook prints), per language
DESCRIPTION: dict[str, str] = _BOOK["description"]
#: what a tuned variant's name adds to its base's: on target, or the closest trial when none was
TUNED_LABEL: dict[str, str] = _BOOK["tuned"]
CLOSEST_LABEL: dict[str, str] = _BOOK["closest"]
#: a trial's variant file, the study's own (``trials/<n>/trial.yaml``): what its name adds, its description
TRIAL_LABEL: dict[str, str] = _BOOK["trial"]
TRIAL_DESCRIPTION: dict[str, str] = _BOOK["trial_description"]
#: the comment lines at the top of a tuned variant's file, per language
PROVENANCE: dict[str, dict[str, str]] = _BOOK["provenance"]


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
    """The description of a tuned variant in every language there are words for: the rule, not the search."""
    return dict(DESCRIPTION)


def provenance(params: list["Param"], targets: list["Target"], trial: "Trial", opts: "TuneOptions",
               on_target: bool, naming: Any = None, own: bool = False) -> list[str]:
    """Comment lines (without '#') saying how the numbers were found and what they measured, in the
    language of the run (``opts.lang``: the designer who ran ``tune`` reads them), each rule and figure by its
    name (``naming``, a ``summary.Naming``) and as the command line names it (a rule's key, ``--target``'s
    form), so the designer can run it again; ``own``: the trial plays the deck's own numbers."""
    from cardgen.report.tuning import metric_name
    from cardgen.simulate.verdict import agents_words
    from cardgen.terminal import say_n

    lang = opts.lang if opts.lang in PROVENANCE else "en"
    words = PROVENANCE[lang]
    aims = "; ".join(words["aim"].format(metric=metric_name(t.metric, lang, naming), low=_num(t.low, lang),
                                         high=_num(t.high, lang), option=f"{t.metric}={t.low:g}..{t.high:g}")
                     for t in targets)
    values = ", ".join(f"{p.key} = {trial.values[p.key]}" for p in params)  # as --param names them
    lines = [words["tuned_by"].format(n=trial.number + 1, values=values),
             words["target"].format(aims=aims, verdict=words["on_target" if on_target else "off_target"]),
             words["measured"].format(games=say_n("games", opts.games, lang), seed=opts.seed,
                                      agents=agents_words(list(opts.agents or []), lang))]
    if own:
        lines.insert(1, words["own"])
    for players, metrics in sorted(trial.metrics.items()):
        shown = ", ".join(f"{metric_name(t.metric, lang, naming)} {_num(metrics[t.metric][0], lang)}"
                          for t in targets if t.metric in metrics)
        lines.append(words["players"].format(players=say_n("players", players, lang), shown=shown))
    return [typeset(line, lang) for line in lines]
