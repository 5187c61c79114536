"""The validation report's pages: an overview, one page per deck, a comparison page, the index of runs.

Every page is built from the JSON documents ``validate`` and ``compare`` write (plus a
few words per deck: name, description, differences from its base), so pages and JSON
never disagree. This module gathers each page's figures and words; the markup is in the
autoescaped Jinja2 templates ``templates/report/*.html`` (``cardgen.report.templating``).
Styles are inline, charts are inline SVG (``cardgen.report.svg``): pages open from disk,
offline, with scripts disabled. Links are relative.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from cardgen.languages import percent
from cardgen.report.impact import impact_block, impact_footnote
from cardgen.report.templating import macro, render
from cardgen.report.svg import (BASE_COLOUR, VARIANT_COLOUR, differences_svg, grouped_rates_svg, overlay_svg,
                                spread_svg)
from cardgen.report.validation import agents_text, section
from cardgen.simulate.summary import format_value, is_share
from cardgen.simulate.verdict import label as metric_label

def page(template: str, title: str, nav: str = "", lang: str = "en", **context: Any) -> str:
    """A whole HTML page: ``templates/report/<template>`` (which extends ``layout.html``) with ``context``."""
    return str(render(template, title=title, nav=nav, lang=lang, **context))


def deck_file(deck_id: str) -> str:
    """The page of one deck inside a run folder."""
    return f"{deck_id}.html"


def changes_box(info: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """What a variant changes, for ``parts.html``'s ``changes``: its description and its differences from its
    base, in ``lang`` (a deck without base: its description alone)."""
    from cardgen.report.words import REPORT, difference_line

    if info.get("kind") != "variant" and not info.get("differences"):
        return {"plain": True, "description": info.get("description") or ""}
    words = REPORT[lang]
    before, _, after = words["against"].partition("{base}")
    return {"plain": False, "changes": words["changes"], "against_before": before, "against_after": after,
            "base": str(info.get("base") or "its base"), "description": info.get("description") or "",
            "lines": [difference_line(d, lang) for d in info.get("differences", [])], "nothing": words["nothing"]}


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
            f"{percent(s['games_short'] / max(1, s['games']), 'en', places=0)} of games)"
            for s in r.get("sufficiency", [])]
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
    return "; ".join(p for p in [head, *parts] if p) or "–"


def _fairness(r: dict[str, Any]) -> str:
    seats = [s for s in r["seat_win_rates"] if s["rate"] is not None]
    if not seats:
        return "–"
    fair = r.get("balance", {}).get("seat_fair_share") or 1 / r["players"]
    worst = max(seats, key=lambda s: abs(s["rate"] - fair))
    flag = " ⚠" if any(w.startswith("seat") for w in r.get("balance", {}).get("warnings", [])) else ""
    return (f"seat {worst['seat'] + 1} {percent(worst['rate'], 'en', places=0)} vs fair "
            f"{percent(fair, 'en', places=0)}{flag}")


def overview(doc: dict[str, Any], infos: dict[str, dict[str, Any]], title: str, nav: str = "") -> str:
    """One row per deck and player count: verdict, length, fairness, skill, warnings; links to deck pages."""
    rows = [{"passed": r["passed"], "file": deck_file(r["variant"]), "players": r["players"], "variant": r["variant"],
             "name": infos.get(r["variant"], {}).get("name", ""),
             "length": (f"{r['turns']['mean']:.1f} turns, {r['rounds']['mean']:.1f} rounds" if r["completed"]
                        else "–"),
             "fairness": _fairness(r), "skill": _skill_text(r), "warnings": short_warnings(r)}
            for r in doc["results"]]
    return page("overview.html", title, nav, count=len(doc["results"]),
                failed=sum(not r["passed"] for r in doc["results"]), games=doc["games"], agents=agents_text(doc), seed=doc["seed"], cap=doc["cap"], rows=rows)


def _seat_groups(sides: list[tuple[str, dict[str, Any], str]], seat: str = "seat {k}") -> list[tuple[str, list[Any]]]:
    players = sides[0][1]["players"]
    return [(seat.format(k=s + 1), [(label, r["seat_win_rates"][s], colour) for label, r, colour in sides
                               if s < len(r["seat_win_rates"])]) for s in range(players)]


def charts(sides: list[tuple[str, dict[str, Any], str]], lang: str = "en") -> Markup:
    """Length overlaid, seat win rates with intervals, score spread: for one deck or a deck and its base;
    titles and axes in ``lang``."""
    from cardgen.report.words import REPORT

    words = REPORT[lang]
    r0 = sides[0][1]
    if not any(r["completed"] for _, r, _ in sides):
        return macro("parts.html", "paragraph", words["no_games"])
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
    return macro("parts.html", "figures", figs)


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
                  game: dict[str, Any] | None = None) -> dict[str, Any]:
    """Base, variant, difference and interval per metric, in ``lang``, for ``parts.html``'s ``metrics``:
    significant rows in bold (and first with ``sort``); a figure that only repeats the edit says "follows
    from your change". ``game``: the game's words (``GameSpec.words``), so engine tallies read by their
    names, never by an engine id."""
    from cardgen.simulate.verdict import WORDS, is_share as share, label, number

    ordered = sorted(metrics, key=lambda m: not m.get("significant")) if sort else metrics
    words = WORDS[lang]

    def f(m: dict[str, Any], key: str, signed: bool = False) -> str:
        x = m.get(key)
        return "–" if x is None else number(x, lang, share(m["metric"]), signed)

    rows = [{"name": label(m["metric"], lang, game), "follows": words["follows"] if m.get("follows_from_change") else "",
             "significant": bool(m.get("significant")), "base": f(m, "base"), "variant": f(m, "variant"),
             "difference": f(m, "difference", True), "low": f(m, "low", True), "high": f(m, "high", True)}
            for m in ordered]
    return {"head": words["table"].split("|"), "rows": rows}


def forest(metrics: list[dict[str, Any]], title: str, lang: str = "en", game: dict[str, Any] | None = None) -> Markup:
    from cardgen.report.words import REPORT

    rows = [{**m, "label": metric_label(m["metric"], lang, game)} for m in metrics
            if is_share(m["metric"]) and m.get("low") is not None and m.get("difference") is not None]
    return differences_svg(rows, title, xlabel=REPORT[lang]["forest_axis"], lang=lang)


def deck_page(deck_id: str, doc: dict[str, Any], infos: dict[str, dict[str, Any]], compare_link: str | None,
              nav: str, pictures: dict[str, str] | None = None) -> str:
    """Every player count of one deck: what it changes, verdict and warnings, charts against its base, details."""
    info = infos.get(deck_id, {})
    base_id = info.get("base")
    entries = []
    cards = False
    for r in (r for r in doc["results"] if r["variant"] == deck_id):
        base = next((b for b in doc["results"] if b["variant"] == base_id and b["players"] == r["players"]), None)
        sides = [(deck_id, r, VARIANT_COLOUR)]
        if base is not None and base["completed"]:
            sides.insert(0, (str(base_id), base, BASE_COLOUR))
        cards = cards or bool((r.get("designer") or {}).get("component_impact"))
        entries.append({"players": r["players"], "passed": r["passed"], "warnings": warnings_of(r),
                        "skill": _skill_text(r) if isinstance(r.get("skill"), dict) else "",
                        "charts": charts(sides), "designer": designer_block(r, pictures),
                        "against": metrics_table(unpaired_rows(base, r)) if base is not None else None,
                        "section": section(r)})
    return page("deck.html", f"{deck_id}: {info.get('name', '')}", nav, box=changes_box(info),
                compare_link=compare_link, base_id=str(base_id), deck_id=deck_id, entries=entries,
                footnotes=[impact_footnote("en")] if cards else [])


def designer_block(r: dict[str, Any], pictures: dict[str, str] | None = None) -> Markup:
    """A validate entry's designer metrics (95 % intervals) and its "which card is too strong" chart."""
    from cardgen.simulate.designer import FIGURES
    from cardgen.simulate.verdict import WORDS, is_share as share, label, number

    d = r.get("designer") or {}
    figures = [(name, d[name]) for name in FIGURES if isinstance(d.get(name), dict)]
    if not figures and not d.get("component_impact"):
        return Markup()
    rows = [{"name": label(n), "mean": number(f["mean"], "en", share(n)), "low": number(f["low"], "en", share(n)),
             "high": number(f["high"], "en", share(n))} for n, f in figures]
    cards = impact_block(d["component_impact"], pictures) if d.get("component_impact") else ""
    return render("designer.html", figures=rows, games=d.get("games", 0), cards=cards, cards_title=WORDS["en"]["cards"])


def compare_page(doc: dict[str, Any], info: dict[str, Any], nav: str, pictures: dict[str, str] | None = None,
                 names: dict[str, str] | None = None, shortfalls: dict[str, str] | None = None) -> str:
    """The paired comparison of a variant with its base: the verdict first, then per player count the
    figures grouped for designers, the components to print, which card is too strong, the charts, and
    last, folded, the engine's tallies; the statistics behind "unlikely to be chance" in footnotes. Every
    word is in ``doc["lang"]`` (``info`` holds the variant's name and description in it); ``names`` maps
    a component id to its name in that language and ``shortfalls`` a shortfall tally to the component it
    lacks (components to print)."""
    from cardgen.report.words import REPORT, shortfall_line
    from cardgen.simulate.verdict import GROUPS, PAGE, WORDS, agents_words, footnote, significance_line, verdict

    lang = doc.get("lang", "en")
    words, report = WORDS[lang], REPORT[lang]
    names, shortfalls = names or {}, shortfalls or {}
    results = doc["results"]
    lines = []
    for r in results:
        prefix = words["players"].format(p=r["players"]) if len(results) > 1 else ""
        lines += [{"first": i == 0, "text": prefix + s} for i, s in enumerate(verdict(r, lang, names=names))]
    box = changes_box({**info, "kind": "variant", "base": doc["base"], "differences": doc["differences"],
                       "description": info.get("description", doc.get("description"))}, lang)
    agents = agents_words(doc["agents"], lang) if isinstance(doc.get("agents"), list) else agents_text(doc)
    entries = []
    for r in results:
        b, v = r["base_result"], r["variant_result"]
        sig = sum(m["significant"] for m in r["metrics"] if m.get("group") != "internal")
        heading = PAGE[lang]["heading_none" if sig == 0 else "heading_one" if sig == 1 else "heading"]
        groups = [(words[key], metrics_table(rows, lang, False, r.get("game_words"))) for key in GROUPS[:-1]
                  if (rows := [m for m in r["metrics"] if m.get("group") == key])]
        shorts = [(side["variant"], s) for side in (b, v) for s in side.get("sufficiency", [])]
        internal = [m for m in r["metrics"] if m.get("group") == "internal"]
        folded = None
        if internal:
            moved = sum(m["significant"] for m in internal)
            folded = {"summary": report["internal"].format(label=words["internal"], n=len(internal), m=moved),
                      "forest": forest(internal, report["forest"], lang, r.get("game_words")),
                      "table": metrics_table(internal, lang, game=r.get("game_words"))}
        entries.append({
            "players": r["players"], "heading": heading.format(p=r["players"], n=sig), "groups": groups,
            "shortfalls": [shortfall_line(deck, s, names.get(shortfalls.get(s["peak"], "")), lang)
                           for deck, s in shorts],
            "cards": (impact_block(r["component_impact"], pictures, True, lang, names)
                      if r.get("component_impact") else ""),
            "charts": charts([(doc["base"], b, BASE_COLOUR), (doc["variant"], v, VARIANT_COLOUR)], lang),
            "internal": folded})
    notes = []
    if results:
        notes.append(footnote(results[0].get("family", len(results[0]["metrics"])), lang))
    if any(r.get("component_impact") for r in results):
        notes.append(impact_footnote(lang))
    return page("compare.html", report["title"].format(variant=doc["variant"], base=doc["base"]), nav, lang,
                verdict=lines, significance=significance_line(len(results[0]["metrics"]) if results else 0, lang),
                box=box, intro=PAGE[lang]["intro"].format(games=doc["games"], agents=agents, seed=doc["seed"]),
                skipped=doc.get("skipped") or [], entries=entries, components=words["components"],
                enough=words["enough"], cards_title=words["cards"], footnotes=notes)


def runs_index(runs: list[dict[str, Any]], nav: str) -> str:
    """Every report folder, newest first: kind, decks, options, verdict."""
    return page("runs.html", "Validation and comparison runs", nav, runs=runs)
