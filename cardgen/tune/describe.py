"""The description a tuned variant carries: what was tuned, toward what, what was measured.

Written in French, Italian and English like every variant description, with the
numbers from the trial, so a designer who opens the file months later knows where
its numbers came from.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from babel.numbers import format_decimal

from cardgen.text import _LOCALES, punct

if TYPE_CHECKING:
    from cardgen.tune.space import Param, Target
    from cardgen.tune.study import Trial, TuneOptions

_WORDS = {
    "fr": {"tuned": "Réglé par cardgen tune sur {params}", "target": "objectif {metric} entre {low} et {high}",
           "measured": "mesuré sur {games} parties par nombre de joueurs (graine {seed})", "players": "{p} joueurs"},
    "it": {"tuned": "Tarato con cardgen tune su {params}", "target": "obiettivo {metric} tra {low} e {high}",
           "measured": "misurato su {games} partite per numero di giocatori (seme {seed})", "players": "{p} giocatori"},
    "en": {"tuned": "Tuned by cardgen tune over {params}", "target": "target {metric} between {low} and {high}",
           "measured": "measured over {games} games per player count (seed {seed})", "players": "{p} players"},
}


def _num(value: float, lang: str) -> str:
    """A figure with at most three significant decimals, in the language's own notation (47,3 in French)."""
    return format_decimal(float(f"{value:.3g}"), locale=_LOCALES[lang])


def describe(params: list["Param"], targets: list["Target"], trial: "Trial", opts: "TuneOptions") -> dict[str, Any]:
    """``{fr, it, en}`` description of a tuned trial."""
    out = {}
    for lang, w in _WORDS.items():
        values = ", ".join(f"{p.key} = {trial.values[p.key]}" for p in params)
        semi, colon = punct(";", lang) + " ", punct(":", lang) + " "
        aims = semi.join(w["target"].format(metric=t.metric, low=_num(t.low, lang), high=_num(t.high, lang))
                         for t in targets)
        figures = []
        for players, metrics in sorted(trial.metrics.items()):
            shown = ", ".join(f"{t.metric} {_num(metrics[t.metric][0], lang)}" for t in targets if t.metric in metrics)
            figures.append(w["players"].format(p=players) + colon + shown)
        out[lang] = (f"{w['tuned'].format(params=values)}. {aims[0].upper()}{aims[1:]}{semi}"
                     f"{w['measured'].format(games=opts.games, seed=opts.seed)}{colon}{semi.join(figures)}.")
    return out
