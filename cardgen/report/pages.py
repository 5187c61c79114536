"""The validation report's pages: an overview, one page per deck, a comparison page, the index of runs.

Every page is built from the JSON documents ``validate`` and ``compare`` write (plus a
few words per deck: name, description, differences from its base), so pages and JSON
never disagree. Styles are inline, charts are inline SVG (``cardgen.report.svg``):
pages open from disk, offline, with scripts disabled. Links are relative.
"""
from __future__ import annotations

from html import escape
from typing import Any

from cardgen.report.impact import impact_block
from cardgen.report.svg import (BASE_COLOUR, VARIANT_COLOUR, differences_svg, grouped_rates_svg, overlay_svg,
                                spread_svg)
from cardgen.report.validation import CSS as BASE_CSS
from cardgen.report.validation import _badge, agents_text, section
from cardgen.simulate.summary import format_difference, format_value, is_share
from cardgen.simulate.verdict import label as metric_label

CSS = BASE_CSS + """
.warn{color:#8a5a00} .muted{color:#666} nav{margin-bottom:1em} .sig{font-weight:bold}
.verdict{font-size:1.1em;border-left:4px solid #009E73;padding:.2em .8em}
.changes{background:#f6f8fa;border-left:4px solid #0072B2;padding:.4em .8em;margin:.8em 0}
td.num{text-align:right;font-variant-numeric:tabular-nums} .up{color:#0b5394} figure{margin:0}
"""


def page(title: str, body: str, nav: str = "", lang: str = "en") -> str:
    """A whole HTML page."""
    return (f"<!DOCTYPE html>\n<html lang=\"{escape(lang)}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"<nav>{nav}</nav><h1>{escape(title)}</h1>\n{body}\n</body></html>\n")


def deck_file(deck_id: str) -> str:
    """The page of one deck inside a run folder."""
    return f"{deck_id}.html"


def changes_box(info: dict[str, Any], lang: str = "en") -> str:
    """What a variant changes: its description and its differences from its base, in ``lang``."""
    from cardgen.report.words import REPORT, difference_line

    if info.get("kind") != "variant" and not info.get("differences"):
        desc = escape(info.get("description") or "")
        return f'<div class="changes">{desc or "A deck (no base to compare with)."}</div>'
    words = REPORT[lang]
    items = "".join(f"<li><code>{escape(difference_line(d, lang))}</code></li>" for d in info.get("differences", []))
    base = f'<code>{escape(str(info.get("base") or "its base"))}</code>'
    nothing = f"<li>{escape(words['nothing'])}</li>"
    against = escape(words["against"]).replace("{base}", base)
    return (f'<div class="changes"><b>{escape(words["changes"])}</b> {against}'
            f'{escape(info.get("description") or "")}<ul>{items or nothing}</ul></div>')


def warnings_of(r: dict[str, Any]) -> list[str]:
    """Every warning of a result entry: failures, components the box lacks, balance."""
    out = [f"FAIL: {f}" for f in r.get("failures", [])]
    out += [f"Components: {s['warning']}" for s in r.get("sufficiency", [])]
    out += [f"Balance: {w}" for w in r.get("balance", {}).get("warnings", [])]
    return out


def short_warnings(r: dict[str, Any]) -> list[str]:
    """The warnings of an entry in a few words each, for the overview's table."""
    out = [f"FAIL: {f}" for f in r.get("failures", [])]
    out += [f"print {s['print_more']} more {s.get('component') or repr(s['peak'])} (box short in "
            f"{100 * s['games_short'] / max(1, s['games']):.0f}% of games)" for s in r.get("sufficiency", [])]
    for w in r.get("balance", {}).get("warnings", []):
        who, _, rest = w.partition(" wins ")
        out.append(f"{who} wins {'more' if rest.startswith('more') else 'less'} than a fair share")
    return out


def _skill_text(r: dict[str, Any]) -> str:
    skill = r.get("skill")
    if not isinstance(skill, dict):
        return "–"
    # cardgen.simulate.skill.skill_json: the skill figure (0 luck, 1 skill) and search's win rate per opponent
    head = "" if skill.get("skill") is None else (f"{skill['skill']:.2f} [{skill['skill_low']:.2f}–"
                                                   f"{skill['skill_high']:.2f}]")
    parts = [f"vs {k} {format_value('skill:', v.get('rate'))}"
             for k, v in sorted((skill.get("versus") or {}).items()) if isinstance(v, dict) and "rate" in v]
    return escape("; ".join(p for p in [head, *parts] if p)) or "–"


def _fairness(r: dict[str, Any]) -> str:
    seats = [s for s in r["seat_win_rates"] if s["rate"] is not None]
    if not seats:
        return "–"
    fair = r.get("balance", {}).get("seat_fair_share") or 1 / r["players"]
    worst = max(seats, key=lambda s: abs(s["rate"] - fair))
    flag = " ⚠" if any(w.startswith("seat") for w in r.get("balance", {}).get("warnings", [])) else ""
    return (f"seat {worst['seat'] + 1} {100 * worst['rate']:.0f}% vs fair {100 * fair:.0f}%{flag}")


def overview(doc: dict[str, Any], infos: dict[str, dict[str, Any]], title: str, nav: str = "") -> str:
    """One row per deck and player count: verdict, length, fairness, skill, warnings; links to deck pages."""
    rows = []
    for r in doc["results"]:
        warns = short_warnings(r)
        length = (f"{r['turns']['mean']:.1f} turns, {r['rounds']['mean']:.1f} rounds"
                  if r["completed"] else "–")
        wtxt = "<br>".join(escape(w) for w in warns)
        rows.append(f"<tr><td>{_badge(r['passed'])}</td><td><a href=\"{escape(deck_file(r['variant']))}"
                    f"#p{r['players']}\">{escape(r['variant'])}</a> <span class=\"muted\">"
                    f"{escape(infos.get(r['variant'], {}).get('name', ''))}</span></td><td class=\"num\">"
                    f"{r['players']}</td><td>{length}</td><td>{_fairness(r)}</td><td>{_skill_text(r)}</td>"
                    f"<td class=\"warn\">{wtxt or '–'}</td></tr>")
    failed = sum(not r["passed"] for r in doc["results"])
    head = (f"<p>{len(doc['results'])} deck/player-count combination(s), {failed} failed. {doc['games']} games each, "
            f"played by {escape(agents_text(doc))}, master seed <code>{doc['seed']}</code>, safety cap "
            f"{doc['cap']} decisions. Length is the mean; fairness names the seat furthest from a fair share.</p>")
    table = ("<table><tr><th>verdict</th><th>deck</th><th>players</th><th>length</th><th>fairness</th>"
             f"<th>skill</th><th>warnings</th></tr>{''.join(rows)}</table>")
    return page(title, head + table, nav)


def _seat_groups(sides: list[tuple[str, dict[str, Any], str]], seat: str = "seat {k}") -> list[tuple[str, list[Any]]]:
    players = sides[0][1]["players"]
    return [(seat.format(k=s + 1), [(label, r["seat_win_rates"][s], colour) for label, r, colour in sides
                               if s < len(r["seat_win_rates"])]) for s in range(players)]


def charts(sides: list[tuple[str, dict[str, Any], str]], lang: str = "en") -> str:
    """Length overlaid, seat win rates with intervals, score spread: for one deck or a deck and its base;
    titles and axes in ``lang``."""
    from cardgen.report.words import REPORT

    words = REPORT[lang]
    r0 = sides[0][1]
    if not any(r["completed"] for _, r, _ in sides):
        return f"<p>{escape(words['no_games'])}</p>"
    figs = [overlay_svg([(label, r["turns"]["histogram"], colour) for label, r, colour in sides],
                        words["length"], words["turns"], lang=lang),
            grouped_rates_svg(_seat_groups(sides, words["seat"]), words["seats"],
                              r0.get("balance", {}).get("seat_fair_share") or 1 / r0["players"],
                              fair_label=words["equal"], lang=lang)]
    if len(r0["agents"]) > 1:
        names = [a["agent"] for a in r0["agents"]]
        groups = [(name, [(label, a, colour) for label, r, colour in sides for a in r["agents"] if a["agent"] == name])
                  for name in names]
        figs.append(grouped_rates_svg(groups, words["agents"], r0.get("balance", {}).get("agent_fair_share"),
                                      fair_label=words["equal"], lang=lang))
    spread = [(words["winner"], r["scores"]["winner"], colour) for _, r, colour in sides]
    for s in range(r0["players"]):
        spread += [(words["seat"].format(k=s + 1), r["scores"]["seat"][s], colour) for _, r, colour in sides
                   if s < len(r["scores"].get("seat", []))]
    figs.append(spread_svg(spread, words["spread"], words["score"],
                           legend=[(label, colour) for label, _, colour in sides] if len(sides) > 1 else None,
                           lang=lang))
    return '<div class="charts">' + "".join(f"<figure>{f}</figure>" for f in figs) + "</div>"


def unpaired_rows(base: dict[str, Any], var: dict[str, Any]) -> list[dict[str, Any]]:
    """Differences between two result entries of different seeds: means (Welch) and shares (two proportions)."""
    z = 1.959964
    out = []
    for name, b, v in (("turns", base["turns"], var["turns"]), ("rounds", base["rounds"], var["rounds"]),
                       ("winning_score", base["scores"]["winner"], var["scores"]["winner"]),
                       ("margin", base["scores"]["margin"], var["scores"]["margin"])):
        if b["n"] > 1 and v["n"] > 1:
            d = v["mean"] - b["mean"]
            se = (b["sd"] ** 2 / (b["n"] - 1) + v["sd"] ** 2 / (v["n"] - 1)) ** 0.5
            out.append({"metric": name, "base": b["mean"], "variant": v["mean"], "difference": d,
                        "low": d - z * se, "high": d + z * se, "significant": abs(d) > z * se if se else d != 0})

    def share(name: str, kb: int, nb: int, kv: int, nv: int) -> None:
        if not nb or not nv:
            return
        pb, pv = kb / nb, kv / nv
        se = (pb * (1 - pb) / nb + pv * (1 - pv) / nv) ** 0.5
        d = pv - pb
        out.append({"metric": name, "base": pb, "variant": pv, "difference": d, "low": d - z * se,
                    "high": d + z * se, "significant": abs(d) > z * se if se else d != 0})
    for sb, sv in zip(base["seat_win_rates"], var["seat_win_rates"]):
        share(f"seat_{sb['seat'] + 1}_win_rate", sb["wins"], sb["games"], sv["wins"], sv["games"])
    for reason in sorted(set(base["end_reasons"]) | set(var["end_reasons"])):
        share(f"end_reason:{reason}", base["end_reasons"].get(reason, 0), base["games"],
              var["end_reasons"].get(reason, 0), var["games"])
    gb = {g["kind"]: g["games"] for g in base["rule_gaps"]}
    gv = {g["kind"]: g["games"] for g in var["rule_gaps"]}
    for kind in sorted(set(gb) | set(gv)):
        share(f"gap:{kind}", gb.get(kind, 0), base["games"], gv.get(kind, 0), var["games"])
    return out


def metrics_table(metrics: list[dict[str, Any]], lang: str = "en", sort: bool = True,
                  game: dict[str, Any] | None = None) -> str:
    """Base, variant, difference and interval per metric, in ``lang``; significant rows in bold (and first
    with ``sort``); a figure that only repeats the edit says "follows from your change". ``game``: the
    game's words (``GameSpec.words``), so engine tallies read by their names, never by an engine id."""
    from cardgen.simulate.verdict import WORDS, is_share as share, label, number

    ordered = sorted(metrics, key=lambda m: not m.get("significant")) if sort else metrics
    words = WORDS[lang]
    head = words["table"].split("|")

    def name(m: dict[str, Any]) -> str:
        mark = f' <span class="muted">({escape(words["follows"])})</span>' if m.get("follows_from_change") else ""
        return escape(label(m["metric"], lang, game)) + mark

    def f(m: dict[str, Any], key: str, signed: bool = False) -> str:
        x = m.get(key)
        return "–" if x is None else escape(number(x, lang, share(m["metric"]), signed))

    rows = "".join(
        f"<tr class=\"{'sig' if m.get('significant') else ''}\"><td>{name(m)}</td>"
        f"<td class=\"num\">{f(m, 'base')}</td><td class=\"num\">{f(m, 'variant')}</td>"
        f"<td class=\"num\">{f(m, 'difference', True)}</td>"
        f"<td class=\"num\">[{f(m, 'low', True)}, {f(m, 'high', True)}]</td>"
        f"<td>{head[6] if m.get('significant') else head[7]}</td></tr>"
        for m in ordered)
    return ("<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head[:6]) + f"</tr>{rows}</table>")


def forest(metrics: list[dict[str, Any]], title: str, lang: str = "en", game: dict[str, Any] | None = None) -> str:
    from cardgen.report.words import REPORT

    rows = [{**m, "label": metric_label(m["metric"], lang, game)} for m in metrics
            if is_share(m["metric"]) and m.get("low") is not None and m.get("difference") is not None]
    return differences_svg(rows, title, xlabel=REPORT[lang]["forest_axis"], lang=lang)


def _warn_list(r: dict[str, Any]) -> str:
    warns = warnings_of(r)
    if not warns:
        return ""
    return '<ul class="warn">' + "".join(f"<li>{escape(w)}</li>" for w in warns) + "</ul>"


def _skill_block(r: dict[str, Any]) -> str:
    return f"<p><b>Skill versus luck:</b> {_skill_text(r)}</p>" if isinstance(r.get("skill"), dict) else ""


def deck_page(deck_id: str, doc: dict[str, Any], infos: dict[str, dict[str, Any]], compare_link: str | None,
              nav: str, pictures: dict[str, str] | None = None) -> str:
    """Every player count of one deck: what it changes, verdict and warnings, charts against its base, details."""
    info = infos.get(deck_id, {})
    mine = [r for r in doc["results"] if r["variant"] == deck_id]
    base_id = info.get("base")
    body = [changes_box(info)]
    if compare_link:
        body.append(f'<p>Paired comparison on the same seeds: <a href="{escape(compare_link)}">'
                    f'cardgen compare {escape(str(base_id))} {escape(deck_id)}</a>.</p>')
    for r in mine:
        base = next((b for b in doc["results"] if b["variant"] == base_id and b["players"] == r["players"]), None)
        body.append(f'<h2 id="p{r["players"]}">{_badge(r["passed"])} {r["players"]} players</h2>')
        body.append(_warn_list(r) + _skill_block(r))
        sides = [(deck_id, r, VARIANT_COLOUR)]
        if base is not None and base["completed"]:
            sides.insert(0, (str(base_id), base, BASE_COLOUR))
        body.append(charts(sides))
        body.append(designer_block(r, pictures))
        if base is not None:
            rows = unpaired_rows(base, r)
            body.append(f"<h3>Against {escape(str(base_id))} (this run, different seeds; 95% intervals, "
                        "not corrected for the number of metrics)</h3>" + metrics_table(rows))
        body.append("<details><summary>Details: distributions, rule gaps with reproducing seeds, static checks"
                    "</summary>" + section(r, with_charts=False) + "</details>")
    return page(f"{deck_id}: {info.get('name', '')}", "\n".join(body), nav)


def designer_block(r: dict[str, Any], pictures: dict[str, str] | None = None) -> str:
    """A validate entry's designer metrics (95 % intervals) and its "which card is too strong" chart."""
    from cardgen.simulate.designer import FIGURES
    from cardgen.simulate.verdict import WORDS, is_share as share, label, number

    d = r.get("designer") or {}
    figures = [(name, d[name]) for name in FIGURES if isinstance(d.get(name), dict)]
    if not figures and not d.get("component_impact"):
        return ""
    rows = "".join(f"<tr><td>{escape(label(n))}</td><td class=\"num\">{number(f['mean'], 'en', share(n))}</td>"
                   f"<td class=\"num\">[{number(f['low'], 'en', share(n))}, {number(f['high'], 'en', share(n))}]"
                   "</td></tr>" for n, f in figures)
    out = (f"<h3>Designer metrics ({d.get('games', 0)} games traced)</h3><table><tr><th>figure</th><th>mean</th>"
           f"<th>95% interval</th></tr>{rows}</table>") if figures else ""
    if d.get("component_impact"):
        out += f"<h3>{escape(WORDS['en']['cards'])}</h3>" + impact_block(d["component_impact"], pictures)
    return out


def compare_page(doc: dict[str, Any], info: dict[str, Any], nav: str, pictures: dict[str, str] | None = None,
                 names: dict[str, str] | None = None, shortfalls: dict[str, str] | None = None) -> str:
    """The paired comparison of a variant with its base: the verdict first, then per player count the
    figures grouped for designers, the components to print, which card is too strong, the charts, and
    last, folded, the engine's tallies. Every word is in ``doc["lang"]`` (``info`` holds the variant's
    name and description in it); ``names`` maps a component id to its name in that language and
    ``shortfalls`` a shortfall tally to the component it lacks (components to print)."""
    from cardgen.report.words import REPORT, shortfall_line
    from cardgen.simulate.verdict import GROUPS, PAGE, WORDS, agents_words, footnote, significance_line, verdict

    lang = doc.get("lang", "en")
    words, report = WORDS[lang], REPORT[lang]
    names, shortfalls = names or {}, shortfalls or {}
    results = doc["results"]
    body = ['<div class="verdict">']
    for r in results:
        prefix = words["players"].format(p=r["players"]) if len(results) > 1 else ""
        body += [f"<p><b>{escape(prefix + s)}</b></p>" if i == 0 else f"<p>{escape(prefix + s)}</p>"
                 for i, s in enumerate(verdict(r, lang, names=names))]
    body.append(f'<p class="muted">{escape(significance_line(len(results[0]["metrics"]) if results else 0, lang))}'
                "</p></div>")
    body.append(changes_box({**info, "kind": "variant", "base": doc["base"], "differences": doc["differences"],
                             "description": info.get("description", doc.get("description"))}, lang))
    agents = agents_words(doc["agents"], lang) if isinstance(doc.get("agents"), list) else agents_text(doc)
    body.append(f"<p>{escape(PAGE[lang]['intro'].format(games=doc['games'], agents=agents, seed=doc['seed']))}</p>")
    for line in doc.get("skipped") or []:
        body.append(f'<p class="warn">{escape(line)}</p>')
    for r in results:
        b, v = r["base_result"], r["variant_result"]
        sig = sum(m["significant"] for m in r["metrics"] if m.get("group") != "internal")
        heading = PAGE[lang]["heading_none" if sig == 0 else "heading_one" if sig == 1 else "heading"]
        body.append(f'<h2 id="p{r["players"]}">{escape(heading.format(p=r["players"], n=sig))}</h2>')
        for key in GROUPS[:-1]:
            rows = [m for m in r["metrics"] if m.get("group") == key]
            if rows:
                body.append(f"<h3>{escape(words[key])}</h3>" + metrics_table(rows, lang, False, r.get("game_words")))
        shorts = [(side["variant"], s) for side in (b, v) for s in side.get("sufficiency", [])]
        body.append(f"<h3>{escape(words['components'])}</h3>")
        lines = [shortfall_line(deck, s, names.get(shortfalls.get(s["peak"], "")), lang) for deck, s in shorts]
        body.append("".join(f'<p class="warn">{escape(line)}</p>' for line in lines)
                    or f"<p>{escape(words['enough'])}.</p>")
        if r.get("component_impact"):
            body.append(f"<h3>{escape(words['cards'])}</h3>" + impact_block(r["component_impact"], pictures, True, lang,
                                                                      names))
        body.append(charts([(doc["base"], b, BASE_COLOUR), (doc["variant"], v, VARIANT_COLOUR)], lang))
        internal = [m for m in r["metrics"] if m.get("group") == "internal"]
        if internal:
            moved = sum(m["significant"] for m in internal)
            summary = report["internal"].format(label=words["internal"], n=len(internal), m=moved)
            body.append(f"<details><summary>{escape(summary)}</summary><div class=\"charts\"><figure>"
                        + forest(internal, report["forest"], lang, r.get("game_words")) + "</figure></div>"
                        + metrics_table(internal, lang, game=r.get("game_words")) + "</details>")
    if results:
        family = results[0].get("family", len(results[0]["metrics"]))
        body.append(f'<p class="muted footnote">{escape(footnote(family, lang))}</p>')
    return page(report["title"].format(variant=doc["variant"], base=doc["base"]), "\n".join(body), nav, lang)


def runs_index(runs: list[dict[str, Any]], nav: str) -> str:
    """Every report folder, newest first: kind, decks, options, verdict."""
    rows = "".join(
        f"<tr><td><a href=\"{escape(r['id'])}/index.html\">{escape(r['id'])}</a></td><td>{escape(r['kind'])}</td>"
        f"<td>{escape(', '.join(r['decks']))}</td><td class=\"num\">{r['games']}</td>"
        f"<td>{escape(', '.join(map(str, r.get('players', []))))}</td><td>{escape(', '.join(r['agents']))}</td>"
        f"<td class=\"num\">{r['seed']}</td><td>{escape(r['summary'])}</td></tr>" for r in runs)
    body = ("<p>One folder per run; the same options write the same folder again. Newest first.</p>"
            "<table><tr><th>run</th><th>kind</th><th>decks</th><th>games</th><th>players</th><th>agents</th>"
            f"<th>seed</th><th>result</th></tr>{rows}</table>")
    return page("Validation and comparison runs", body, nav)
