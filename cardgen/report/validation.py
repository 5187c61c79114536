"""One validate result entry as tables (``section``: end reasons, ties, peaks, rule gaps with their
reproducing seeds, distributions, seats, static checks), for the deck pages of ``cardgen validate``
(``cardgen.report.pages``), which draw the entry's charts themselves.

Built from the same JSON document ``cardgen validate --json`` writes, so the page and the JSON
never disagree; the markup is ``templates/report/section.html``.
"""
from __future__ import annotations

from typing import Any

from cardgen.languages import decimal, percent
from cardgen.simulate.failures import game_number
from cardgen.simulate.summary import Naming
from cardgen.terminal import say, say_n


def _p99(dist: dict[str, Any], games: int) -> int:
    from cardgen.simulate.balance import quantile_with_zeros
    return quantile_with_zeros(dist["histogram"], games, 0.99)


def _anchor(r: dict[str, Any]) -> str:
    return f"{r['variant']}-{r['players']}p"


def _num(x: Any, lang: str = "en") -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return decimal(x, lang, places=2)  # at most two decimals: 2.5, 3
    return decimal(x, lang, places=0) if isinstance(x, int) else str(x)


def _dist(d: dict[str, Any], lang: str = "en") -> list[str]:
    return [_num(d[k], lang) for k in ("n", "mean", "sd", "min", "p10", "median", "p90", "max")]


def section(r: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> dict[str, Any]:
    """One result entry's tables, for ``section.html``'s ``section`` macro: every word in ``lang``, the game's
    end reasons, rule gaps, tie-breaks and peaks by their names (``naming``), never an engine id."""
    from cardgen.report.words import PAGES, page_words
    from cardgen.simulate.summary import (balance_lines, check_words, failure_lines, joined, listed_gaps, tally_words,
                                          tie_items)
    from cardgen.simulate.verdict import LABELS, agents_words, counted_length, label

    naming = naming or Naming()
    ties, games, sc = r["ties"], r.get("peak_games", {}), r["scores"]
    first = counted_length(naming.words) or "turns"
    lengths = (first, "rounds" if first == "turns" else "turns")
    checks = r["static_checks"]
    agents = r.get("seat_agents", "")
    return {
        "anchor": _anchor(r), "passed": r["passed"], "badges": (say("pass", lang), say("fail", lang)),
        "words": PAGES[lang], "separator": say("separator", lang),
        "title": page_words("section_head", lang, deck=r["variant"],
                                                  players=say_n("players", r["players"], lang)),
        "failures": failure_lines(r, lang, naming), "balance": balance_lines(r.get("balance") or {}, lang),
        "games_text": page_words("games_text", lang, games=r["games"], completed=r["completed"]),
        "ends": [(tally_words("end_reason", k, lang, naming), _num(v, lang), "") for k, v in r["end_reasons"].items()],
        "ties_text": page_words("ties_text", lang, n=ties["games"], shared=ties["shared_wins"],
                                rules=tie_items(ties, lang, naming).lstrip("; ") or "–"),
        "peaks": [(tally_words("peak", k, lang, naming), _num(v, lang),
                   page_words("peak_99", lang, n=_p99(games[k], r["games"])) if k in games else "")
                  for k, v in r["peaks"].items()],
        "seat_agents": agents_words([a["agent"] for a in r.get("agents") or []] or [str(agents)], lang),
        "gaps": [{"name": tally_words("gap", g["kind"], lang, naming), "settled": g["settled"],
                  "published": bool(g.get("published")),
                  "times": g["count"], "games": g["games"],
                  "seed": page_words("seed_game", lang, seed=g["seed"], game=game_number(g["game"])),
                  "detail": g.get("detail") if g["kind"] == "engine_error" else ""} for g in listed_gaps(r, naming)],
        "gaps_head": PAGES[lang]["gaps_head"].split("|"), "dist_head": PAGES[lang]["dist_head"].split("|"),
        "distributions": [*((label(k, lang, naming.words), _dist(r[k], lang)) for k in lengths),
                          (page_words("score_all", lang), _dist(sc["all"], lang)),
                          (LABELS[lang]["winning_score"], _dist(sc["winner"], lang)),
                          (LABELS[lang]["margin"], _dist(sc["margin"], lang))],
        "seats_head": PAGES[lang]["seats_head"].split("|"),
        "seats": [{"seat": s["seat"] + 1, "wins": s["wins"], "games": s["games"],
                   **{k: "–" if s[k] is None else percent(s[k], lang) for k in ("rate", "low", "high")},
                   "mean": _num(sc["seat_mean"][s["seat"]], lang)}
                  for s in r["seat_win_rates"]],
        "checks_text": page_words("checks_text", lang, passed=sum(c["passed"] for c in checks), total=len(checks)),
        "checks_failed": [page_words("check_failed", lang, name=name, detail=detail)
                          for c in checks if not c["passed"] for name, detail in [check_words(c, lang)]]}


def agents_text(doc: dict[str, Any]) -> str:
    """Which agents played, in words (the document's ``agents_text``; older documents: their names)."""
    if doc.get("agents_text"):
        return str(doc["agents_text"])
    names = doc.get("agents")
    return names if isinstance(names, str) else ", ".join(names or [])
