"""One validate result entry as tables (``section``: end reasons, ties, peaks, rule gaps with their
reproducing seeds, distributions, seats, static checks), for the deck pages of ``cardgen validate``
(``cardgen.report.pages``), which draw the entry's charts themselves.

Built from the same JSON document ``cardgen validate --json`` writes, so the page and the JSON
never disagree; the markup is ``templates/report/section.html``.
"""
from __future__ import annotations

from typing import Any, Mapping

from cardgen.languages import decimal, grouped, percent, typeset
from cardgen.simulate.balance import shown_seats
from cardgen.simulate.failures import game_number
from cardgen.simulate.summary import Naming, own_line
from cardgen.terminal import say, say_n
from cardgen.text import punct


def badges(lang: str) -> tuple[str, str, str, str]:
    """The pass, fail and passed-with-warnings marks in ``lang`` (the terminal's words): a row with warnings
    (the bank short in 95 % of games) is not marked with the plain green pass (readers of round 13, it70); the
    last, the mark of a row with one warning, in the singular (``parts.html``'s ``badge`` picks by count)."""
    return say("pass", lang), say("fail", lang), say("pass_warned", lang), say_n("pass_warned", 1, lang)


def _p99(dist: dict[str, Any], games: int) -> int:
    from cardgen.simulate.balance import quantile_with_zeros
    return quantile_with_zeros(dist["histogram"], games, 0.99)


def _anchor(r: dict[str, Any]) -> str:
    return f"{r['variant']}-{r['players']}p"


def _num(x: Any, lang: str = "en") -> str:
    if x is None:
        return "–"
    if isinstance(x, float):  # at most two decimals: 2.5, 3; a negative number with the minus sign, never "-12"
        return typeset(decimal(x, lang, places=2), lang)
    return typeset(grouped(x, lang), lang)


#: a distribution's columns, as the table's head lists them
DIST_KEYS = ("n", "mean", "sd", "min", "p10", "median", "p90", "max")
#: the columns of a mean and a spread: one decimal on every row, as the terminal writes a mean ("36.9", "0.5")
MEAN_KEYS = ("mean", "sd")


def _mean(x: float | None, lang: str) -> str:
    """A mean with one decimal, as every row of its column ("36.3" above "37.2", never "37.17": it8)."""
    return "–" if x is None else typeset(decimal(x, lang, places=1, fixed=True), lang)


def dist_rows(dists: list[dict[str, Any]], lang: str = "en") -> list[list[str]]:
    """The distributions table's cells: each column with the same number of decimals on every row ("36.9" above
    "0.5", never "36.9" above "12.68" nor "12.45" above "0.5": fifteenth reading fr32, it8, en30); a mean and a
    spread with one, a count or a percentile whole, with one where it has a fraction: a median of 26.5 turned its
    column's whole numbers into "13.0", "9.0", "2.0", which read as measured decimals (round 34 en31, fr33, it25)."""
    def places(k: str, v: Any) -> int:
        return 1 if k in MEAN_KEYS or not float(v).is_integer() else 0
    return [["–" if d[k] is None else typeset(decimal(d[k], lang, places=places(k, d[k]), fixed=True), lang)
             for k in DIST_KEYS] for d in dists]


def as_sentence(text: str) -> str:
    """A terminal line as a sentence of its own on a page: capital first, full stop last."""
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def gap_source(published: bool, how: str, lang: str, g: Mapping[str, Any] | None = None) -> str:
    """Who settles a special case, then how, as two sentences: "The published rules. When no dish is left…";
    never "the published rules: You may not…" with a capital after the colon and a quote cut from the
    rulebook (fifteenth reading fr39, it6): ``how`` is the clarification's text that stands alone. A case only
    some editions' text decides (gap ``g``'s ``published_in``, the others in ``silent_in``) names them: "Settled by
    the Italian and English published rules (the French rules do not say)", never "the published rules" for a
    case the French rule does not state (twentieth reading fr59)."""
    from cardgen.report.words import page_words, typeset_pages
    from cardgen.simulate.summary import published_editions

    if published and g is not None and g.get("published_in") and g.get("silent_in"):
        said = typeset(page_words("published_in", lang, **published_editions(g, lang)), lang)
    else:
        said = typeset_pages(lang)["published" if published else "settled"]
    return f"{said[:1].upper()}{said[1:]}. {typeset(how, lang)}" if how else said


def margin_note(r: dict[str, Any], lang: str, naming: Naming) -> str:
    """The note under the Distributions table on the games its margin row counts, in the terminal's words
    (``summary.margin_basis``): "Winner’s margin over the runner-up (when the win is shared: the tied winners’ lead
    over the next-best player)"; the page never said how a shared win counts, the terminal did (twenty-third reading
    en59). "" where the terminal says nothing either (every game has one winner and a second place)."""
    from cardgen.simulate.summary import margin_basis
    from cardgen.simulate.verdict import label

    basis = margin_basis(r["scores"]["margin"].get("n"), r["completed"], lang, naming, r.get("players"),
                         (r.get("ties") or {}).get("shared_wins") or 0)
    from cardgen.report.words import page_words

    name = label("margin", lang, naming.words)
    # a footnote to the table's last row, said so: "Winner's margin over the runner-up (of the 267 games …)" stood
    # alone under the table like the caption of a missing chart (round 36 en24)
    # named by the row's own label, not "Last row": on a phone the table is stacked and has no rows (round 37 fr32)
    said = page_words("margin_row", lang, name=name, basis=basis.strip().removeprefix("(").removesuffix(")")) \
        if basis else ""
    said = said[:1].upper() + said[1:]
    # a margin of 0 where the games counted have one winner: a tie on points the tie-break settled, which read as an
    # error beside "of the 277 games with a single winner" (round 30 it48)
    broken = sum(n for k, n in ((r.get("ties") or {}).get("tie_breaks") or {}).items() if k != "shared_win")
    if broken and (r["scores"]["margin"] or {}).get("min") == 0:
        said = (said + ". " if said else "") + page_words("margin_zero", lang)
    # a sentence, ended as the other notes are: Draco's note alone had no full stop (terminal round 47 en27, it20)
    return typeset(said + ("." if said and not said.endswith(".") else ""), lang)


def ties_text(ties: dict[str, Any], lang: str, naming: Naming) -> str:
    """The page's ties cell, as the terminal's ties line (``summary.ties_line``): every tie ended one way, said whole,
    is "30, all settled the same way (…)", never "30; in 30, …" (round 39 en17: read as a misprint)."""
    from cardgen.report.words import page_words
    from cardgen.simulate.summary import settled_one_way, tally_words, tie_items

    key = settled_one_way(ties, naming)
    if key is not None:
        return page_words("ties_text_all", lang, n=ties["games"], rule=tally_words("tie_break", key, lang, naming))
    return page_words("ties_text", lang, n=ties["games"], shared=ties["shared_wins"],
                      rules=tie_items(ties, lang, naming).lstrip("; ") or "–")


def section(r: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> dict[str, Any]:
    """One result entry's tables, for ``section.html``'s ``section`` macro: every word in ``lang``, the game's
    end reasons, rule gaps, tie-breaks and peaks by their names (``naming``), never an engine id."""
    from cardgen.report.words import PAGES, page_words, typeset_pages
    from cardgen.simulate.summary import (balance_lines, check_words, failure_lines, interval, listed_gaps,
                                          more_games_command, tally_words, whole_box, book_order, box_why)
    from cardgen.simulate.verdict import agents_words, counted_length, is_total, label

    naming = naming or Naming()
    own = ((naming.words.get("labels") or {}).get(lang)) or {}  # the game's own names of its figures
    ties, games, sc = r["ties"], r.get("peak_games", {}), r["scores"]
    first = counted_length(naming.words) or "turns"
    solo = r["players"] == 1  # one player: no tie, no winner, no runner-up, no share of wins (en47, fr3, it40)
    # a solo game has no rounds apart from its turns: "complete rounds 9.0" beside "turns 9" (twenty-third en57)
    lengths = (first,) if solo else (first, "rounds" if first == "turns" else "turns")
    # a length that never varies has no distribution row: "turns 300 9.0 0.0 9 9 9 9 9" under "Length: 9 turns in
    # every game" said nothing (round 32 en51)
    lengths = tuple(k for k in lengths if r[k].get("min") is None or r[k].get("min") != r[k].get("max"))
    checks = r["static_checks"]
    agents = r.get("seat_agents", "")
    seats, compared = shown_seats(r)  # the interval the balance verdict uses, as the terminal's list (en1, fr10)
    gaps = listed_gaps(r, naming)
    by_cardgen = len(gaps) > 1 and all(g["settled"] and not g.get("published") and naming.clarifications.get(g["kind"])
                                       for g in gaps)
    return {
        # no heading of its own: the block sits under its player count's heading and badge, folded in its Details,
        # where it said them again a screen lower (twenty-third reading en54)
        "anchor": _anchor(r),
        "words": typeset_pages(lang), "separator": say("separator", lang), "colon": punct(":", lang) + " ",
        "failures": failure_lines(r, lang, naming),
        "balance": balance_lines(r.get("balance") or {}, lang, len(r["seat_win_rates"]), more_games_command(r),
                                 rates=r["seat_win_rates"]),
        # every game finished: "300 (all finished normally)", never "300 (300 allées…)" (round 30 fr34)
        "games_text": page_words("games_text_all" if r["completed"] == r["games"] else "games_text", lang,
                                 games=r["games"], completed=r["completed"]),
        # "(games that ended)" only where some did not: beside "300 (all finished normally)" it hinted at abandoned
        # games that do not exist (round 34 en29)
        "dist_title": page_words("distributions_all" if r["completed"] == r["games"] else "distributions", lang),
        "ends": [(tally_words("end_reason", k, lang, naming), _num(v, lang), "") for k, v in r["end_reasons"].items()],
        "ties_text": "" if solo else ties_text(ties, lang, naming),
        "peaks": [(page_words("peak_total", lang, name=tally_words("peak", k, lang, naming))
                   if is_total(f"peak:{k}", naming.words) else tally_words("peak", k, lang, naming), _num(v, lang),
                   # the whole stock with its 99th percentile where that is lower: King Lui's 3 players' "5 (every
                   # one in the game)" lacked the "at most 4" with no note why (round 33 en30, fr34, it28)
                   page_words(("peak_box_why" if box_why(k, lang, naming) else "peak_box")
                              + ("_99" if k in games and _p99(games[k], r["games"]) < v else ""), lang,
                              peak=_num(v, lang), n=_p99(games[k], r["games"]) if k in games else 0,
                              why=box_why(k, lang, naming))  # terminal round 50 en8
                   if whole_box(k, v, naming) else
                   # "22 (at most 22 in 99% of games)" said the maximum twice: the 99th percentile only below it
                   # (round 29 it52, it56)
                   page_words("peak_99", lang, peak=_num(v, lang), n=_p99(games[k], r["games"]))
                   if k in games and _p99(games[k], r["games"]) < v else
                   # one form for every peak, "label: value (remark)", never "cards in one hand (22)" beside
                   # "gold coins on the dens: 25 (all the box holds)" (round 30 fr35, it42, it46)
                   page_words("peak_plain", lang, peak=_num(v, lang)))
                  # in the game's own order, as the terminal lists them (round 31 en37)
                  for k, v in book_order(r["peaks"], "peak", naming).items()],
        # why some counts have "(at most … in 99% of games)" and others not, where both kinds stand (en37, it30);
        # wherever a count has none, the box's whole stock too: the first block's "5 (all the box holds)" and Royale's
        # solo "6" lacked it with no word why, the note first read a block later (round 32 fr31, it30, fr37)
        "peaks_note": page_words("peaks_99_note", lang) if any(not (k in games and _p99(games[k], r["games"]) < v)
                                                               for k, v in r["peaks"].items()) else "",
        "seat_agents": agents_words([a["agent"] for a in r.get("agents") or []] or [str(agents)], lang, r["players"]),
        # every case settled by a rule of cardgen's, each with its text: said once in the column's head, never
        # "Settled by a rule cardgen adds." opening each of Draco's 16 cells (round 30 it43)
        "gaps_by_cardgen": by_cardgen,
        # the heading in the game's own words where its source is a description (Draco & Co: round 41 en24*)
        "gaps_title": typeset(own_line("page_gaps", lang, naming) or PAGES[lang]["gaps"], lang),
        "gaps": [{"name": tally_words("gap", g["kind"], lang, naming), "settled": g["settled"],
                  "published": bool(g.get("published")),
                  "source": typeset(naming.clarifications[g["kind"]], lang) if by_cardgen else
                  gap_source(bool(g.get("published")), naming.clarifications.get(g["kind"], ""), lang, g),
                  "times": _num(g["count"], lang), "games": _num(g["games"], lang),  # "1,384", as the terminal (en30)
                  "seed": page_words("seed_game", lang, seed=g["seed"], game=game_number(g["game"])),
                  "detail": g.get("detail") if g["kind"] == "engine_error" else ""} for g in listed_gaps(r, naming)],
        # the command that writes the game a case names, move by move (eleventh reading fr87, en76), as the terminal
        # ... a paragraph with a capital, its command set as code as every other one (round 31 en34, en35, fr25)
        "replay": _replay(r, lang) if listed_gaps(r, naming) else "",
        # the "times" column only where a case came up more often than in its games: equal in every row, the two
        # columns' difference was never explained (terminal round 41 en15)
        "gaps_times": any(g["count"] != g["games"] for g in listed_gaps(r, naming)),
        "gaps_head": [h if i != 1 or not by_cardgen else PAGES[lang]["gaps_how_settled"]
                      for i, h in enumerate(PAGES[lang]["gaps_head"].split("|"))], "dist_head": PAGES[lang]["dist_head"].split("|"),
        "distributions": list(zip(
            [*(label(k, lang, naming.words) for k in lengths),
             # one player: the score is the player's, not "all players'" (fifteenth reading it51)
             page_words("score_solo", lang) if solo else own.get("score_all") or page_words("score_all", lang),
             *(() if solo else (label("winning_score", lang, naming.words), label("margin", lang, naming.words)))],
            dist_rows([*(r[k] for k in lengths), sc["all"], *(() if solo else (sc["winner"], sc["margin"]))], lang))),
        "margin_note": "" if solo else margin_note(r, lang, naming),
        # Draco & Co counts fortunes, not scores, as its book does (eleventh reading fr83, en74)
        "seats_head": [*PAGES[lang]["seats_head"].split("|")[:3],
                       # short, the reason said once above the table at every width: the whole sentence as a
                       # column's head repeated it (round 32 en46)
                       typeset(PAGES[lang]["seats_interval_short"], lang) if compared else PAGES[lang]["seats_head"].split("|")[3],
                       own.get("seat_mean") or PAGES[lang]["seats_head"].split("|")[-1]],
        # on a phone, where the heads are hidden, the widened interval's reason once above the players, each of whom
        # repeated it in a bold label of two or three lines (round 31 en36, fr27)
        "seats_why": page_words("seats_why", lang, n=compared) if compared else "",
        "seats_label": PAGES[lang]["seats_interval_short"] if compared else "",
        "seats": [{"seat": s["seat"] + 1, "wins": _num(s["wins"], lang), "games": _num(s["games"], lang),
                   **{k: "–" if s[k] is None else percent(s[k], lang, fixed=True) for k in ("rate", "low", "high")},
                   # the interval as every other of the page and the terminal write it: "[32.7% to 43.6%]"
                   "interval": "–" if s["low"] is None else interval(percent(s["low"], lang, fixed=True),
                                                                     percent(s["high"], lang, fixed=True), lang),
                   # one decimal on every row of the column (fifteenth reading it8, en30)
                   "mean": _mean(sc["seat_mean"][s["seat"]], lang)}
                  for s in seats] if not solo else [],
        "checks_text": page_words("checks_text", lang, passed=sum(c["passed"] for c in checks), total=len(checks)),
        "checks_failed": [page_words("check_failed", lang, name=name, detail=detail)
                          for c in checks if not c["passed"] for name, detail in [check_words(c, lang)]]}


def agents_text(doc: dict[str, Any]) -> str:
    """Which agents played, in words (the document's ``agents_text``; older documents: their names)."""
    if doc.get("agents_text"):
        return str(doc["agents_text"])
    names = doc.get("agents")
    return names if isinstance(names, str) else ", ".join(names or [])


def _replay(r: dict[str, Any], lang: str) -> Any:
    """The special cases' closing paragraph: how to see a game N move by move, opening with a capital, its command
    as code ("to see game N …" in lower case with the command in grey body text, broken anywhere on a phone: round
    31 en34, en35, fr25)."""
    from cardgen.report.templating import capital, coded
    from cardgen.simulate.summary import replay_command

    command = replay_command(r)
    return coded(capital(say("gap_replay", lang, command=command)), command)
