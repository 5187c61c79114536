"""One result entry as HTML (``section``: tables, gaps with seeds, static checks) and the
whole run on one page (``render_html``, for scripts). ``cardgen validate`` writes a
folder per run instead (``cardgen.report.runs``), whose deck pages embed ``section``.

Built from the same JSON document ``cardgen validate --json`` writes, so the page
and the JSON never disagree. Styles are inline and charts are inline SVG: the
page opens from disk, offline, with scripts disabled.
"""
from __future__ import annotations

from html import escape
from typing import Any

from cardgen.report.svg import bins, histogram_svg, rates_svg

CSS = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:1.5em auto;max-width:70em;padding:0 1em;color:#222}
h1{font-size:1.5em} h2{font-size:1.2em;border-top:1px solid #ccc;padding-top:.8em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0} td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;
vertical-align:top} th{background:#f3f3f3}
.pass{color:#fff;background:#1b7f4c;padding:0 .4em;border-radius:3px}
.fail{color:#fff;background:#b00020;padding:0 .4em;border-radius:3px}
.failures{color:#b00020} .balance{color:#8a5a00} .charts{display:flex;flex-wrap:wrap;gap:1em} code{font-size:.95em}
"""


def _p99(dist: dict[str, Any], games: int) -> int:
    from cardgen.simulate.balance import quantile_with_zeros
    return quantile_with_zeros(dist["histogram"], games, 0.99)


def _badge(passed: bool) -> str:
    return '<span class="pass">PASS</span>' if passed else '<span class="fail">FAIL</span>'


def _anchor(r: dict[str, Any]) -> str:
    return f"{r['variant']}-{r['players']}p"


def _num(x: Any) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.2f}".rstrip("0").rstrip(".")
    return escape(str(x))


def _dist_row(name: str, d: dict[str, Any]) -> str:
    cells = "".join(f"<td>{_num(d[k])}</td>" for k in ("n", "mean", "sd", "min", "p10", "median", "p90", "max"))
    return f"<tr><th>{escape(name)}</th>{cells}</tr>"


def _table(rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in rows)
    return f"<table>{body}</table>"


def section(r: dict[str, Any], with_charts: bool = True) -> str:
    """The HTML section of one result entry (``with_charts=False``: tables only, for pages that chart)."""
    out = [f'<section id="{escape(_anchor(r))}">',
           f"<h2>{_badge(r['passed'])} {escape(r['variant'])} — {r['players']} players "
           f"<small>({escape(r['game'])}, {escape(r['kind'])})</small></h2>"]
    if r["failures"]:
        out.append('<ul class="failures">' + "".join(f"<li>{escape(f)}</li>" for f in r["failures"]) + "</ul>")
    warnings = r.get("balance", {}).get("warnings", [])
    if warnings:
        out.append('<ul class="balance">' + "".join(f"<li>Balance: {escape(w)}</li>" for w in warnings) + "</ul>")
    ends = ", ".join(f"<code>{escape(k)}</code> {v}" for k, v in r["end_reasons"].items()) or "–"
    ties = r["ties"]
    tie_rules = ", ".join(f"<code>{escape(k)}</code> {v}" for k, v in ties["tie_breaks"].items()) or "–"
    games = r.get("peak_games", {})
    peaks = ", ".join(f"<code>{escape(k)}</code> {v}" + (f" (99% of games: ≤ {_p99(games[k], r['games'])})"
                                                        if k in games else "")
                      for k, v in r["peaks"].items()) or "–"
    out.append(_table([
        ("games", f"{r['games']} ({r['completed']} completed by an end condition)"),
        ("end reasons", ends),
        ("ties", f"{ties['games']} game(s); broken by: {tie_rules}; shared wins {ties['shared_wins']}"),
        ("component peaks", peaks),
        ("seats", escape(str(r.get("seat_agents", "")))),
    ]))
    if r["rule_gaps"]:
        rows = "".join(
            f"<tr><td><code>{escape(g['kind'])}</code></td><td>{'settled' if g['settled'] else '<b>unsettled</b>'}"
            f"</td><td>{g['count']}</td><td>{g['games']}</td><td><code>{g['seed']}</code> (game {g['game']})</td>"
            f"<td>{escape(g['detail'])}</td></tr>" for g in r["rule_gaps"])
        out.append("<h3>Rule gaps and stalls</h3><table><tr><th>kind</th><th>clarification</th><th>times</th>"
                   f"<th>games</th><th>reproducing seed</th><th>first detail</th></tr>{rows}</table>")
    sc = r["scores"]
    out.append("<h3>Distributions (completed games)</h3><table><tr><th></th><th>n</th><th>mean</th><th>sd</th>"
               "<th>min</th><th>p10</th><th>median</th><th>p90</th><th>max</th></tr>"
               + _dist_row("turns", r["turns"]) + _dist_row("rounds", r["rounds"])
               + _dist_row("score (every seat)", sc["all"]) + _dist_row("winning score", sc["winner"])
               + _dist_row("margin of victory", sc["margin"]) + "</table>")
    seat_rows = "".join(
        f"<tr><td>{s['seat'] + 1}</td><td>{s['wins']}/{s['games']}</td><td>{_num(s['rate'])}</td>"
        f"<td>{_num(s['low'])}–{_num(s['high'])}</td><td>{_num(sc['seat_mean'][s['seat']])}</td></tr>"
        for s in r["seat_win_rates"])
    out.append("<h3>Seats</h3><table><tr><th>seat</th><th>wins</th><th>rate</th><th>95% interval</th>"
               f"<th>mean score</th></tr>{seat_rows}</table>")
    fair = 1 / r["players"] if r["players"] else None
    charts = [histogram_svg(bins(r["turns"]["histogram"]), "Game length", "turns per game"),
              rates_svg([{**s, "label": f"seat {s['seat'] + 1}"} for s in r["seat_win_rates"]], "label",
                        "Win rate per seat (95% interval)", fair),
              histogram_svg(bins(sc["all"]["histogram"]), "Score distribution", "final score (every seat)")]
    if len(r["agents"]) > 1:
        charts.append(rates_svg(r["agents"], "agent", "Win rate per agent (95% interval)", fair))
    if not with_charts:
        pass
    elif r["completed"]:
        out.append('<div class="charts">' + "".join(f"<figure>{c}</figure>" for c in charts) + "</div>")
    else:
        out.append("<p>No game ended by an end condition: nothing to chart.</p>")
    checks = "".join(f"<tr><td>{_badge(c['passed'])}</td><td>{escape(c['name'])}</td>"
                     f"<td>{_num(c['players'])}</td><td>{escape(c['detail'])}</td></tr>" for c in r["static_checks"])
    out.append("<h3>Static checks</h3><table><tr><th></th><th>check</th><th>players</th><th>detail</th></tr>"
               f"{checks}</table></section>")
    return "\n".join(out)


def agents_text(doc: dict[str, Any]) -> str:
    """Which agents played, in words (the document's ``agents_text``; older documents: their names)."""
    if doc.get("agents_text"):
        return str(doc["agents_text"])
    names = doc.get("agents")
    return names if isinstance(names, str) else ", ".join(names or [])


def render_html(doc: dict[str, Any]) -> str:
    """The whole report page for a validation document."""
    results = doc["results"]
    failed = sum(not r["passed"] for r in results)
    toc = "".join(f'<li>{_badge(r["passed"])} <a href="#{escape(_anchor(r))}">{escape(r["variant"])}, '
                  f'{r["players"]} players</a></li>' for r in results)
    head = (f"<p>{len(results)} deck/player-count combination(s), {failed} failed. {doc['games']} games each, "
            f"played by {escape(agents_text(doc))}, master seed <code>{doc['seed']}</code>, safety cap "
            f"{doc['cap']} decisions.</p>")
    body = "\n".join(section(r) for r in results)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>cardgen validation</title><style>{CSS}</style></head><body>"
            f"<h1>Rules validation</h1>{head}<ul>{toc}</ul>\n{body}\n</body></html>\n")
