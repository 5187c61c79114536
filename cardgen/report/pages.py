"""The validation report's pages: an overview, one page per deck, a comparison page, the index of runs.

Every page is built from the JSON documents ``validate`` and ``compare`` write (plus a
few words per deck: name, description, differences from its base), so pages and JSON
never disagree. This module gathers each page's figures and words; the markup is in the
autoescaped Jinja2 templates ``templates/report/*.html`` (``cardgen.report.templating``).
Styles are inline, charts are inline SVG (``cardgen.report.svg``): pages open from disk,
offline, with scripts disabled. Links are relative.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Mapping

from markupsafe import Markup

from cardgen.languages import decimal, grouped, is_singular, percent, typeset
from cardgen.text import join_and, more_than
from cardgen.report.impact import (WORDS as IMPACT_WORDS, Count, exchange_block, impact_block, impact_footnote, judged_cards,
                                   own_words, said_before, strength_block)
from cardgen.report.svg import (BASE_COLOUR, VARIANT_COLOUR, differences_svg, grouped_rates_svg, overlay_svg,
                                spread_svg)
from cardgen.report.templating import capital as _capital, coded, macro, render
from cardgen.report.validation import agents_text, as_sentence, badges, section
from cardgen.report.words import PAGES, file_lines, typeset_pages
from cardgen.simulate.summary import (Naming, agent_word, and_list, balance_parts, card_search, compare_balance_parts,
                                      counted_first, ended, fair_why, fix_pointer, folded_stop, games_played, is_share,
                                      lowered, more_games_command, option_lines, own_line, same_play_lines,
                                      shortage_notes, stop_lines, stopped_caution, total_line, variant_imbalance,
                                      warning_count)
from cardgen.simulate.verdict import label as metric_label, wide_intervals
from cardgen.terminal import LINES, say, say_n

def page(template: str, title: str, nav: str = "", lang: str = "en", **context: Any) -> str:
    """A whole HTML page: ``templates/report/<template>`` (which extends ``layout.html``) with ``context``."""
    return str(render(template, title=title, nav=nav, lang=lang, **context))


def deck_file(deck_id: str) -> str:
    """The page of one deck inside a run folder."""
    return f"{deck_id}.html"


def changes_box(info: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> dict[str, Any]:
    """What a variant changes, for ``parts.html``'s ``changes``: its description and its differences from its
    base, in ``lang`` and in the game's words (``naming``); a deck without base: its description alone."""
    from cardgen.report.words import REPORT, difference_line, page_words
    from cardgen.simulate.summary import house_files

    if info.get("kind") != "variant" and not info.get("differences"):
        return {"plain": True, "description": info.get("description") or page_words("no_base", lang)}
    words = REPORT[lang]
    before, _, after = words["against"].partition("{base}")
    return {"plain": False, "changes": words["changes"], "against_before": before, "against_after": after,
            "base": str(info.get("base") or ""), "base_name": info.get("base_name") or "",
            "description": info.get("description") or "",
            # each item of the list opens with a capital, as the variant's own lines do (readers 13: fr57, it58, it66)
            "lines": [_capital(difference_line(d, lang, naming)) for d in info.get("differences", [])],
            "nothing": words["nothing"], **file_lines(house_files(info.get("differences", []), lang), lang)}


def warnings_of(r: dict[str, Any], lang: str = "en", naming: Naming | None = None,
                said: set[str] | None = None) -> list[str]:
    """Every warning of a result entry, in ``lang``: why it fails, components the box lacks, balance; ``said``: the
    page's said-once keys (a shortage's rule said at its first count, its figures alone at the next ones, as the
    terminal says them: ``summary.shortfall_line``)."""
    from cardgen.simulate.summary import (balance_lines, card_warning, failure_lines, flagged_cards, shortfall_line,
                                          winner_lead)

    # the balance warning headed as the terminal and the box's shortage head theirs, "WARNING (balance): …", never
    # a lower-case "balance: …" among them (fifteenth reading fr42); a flagged card is a warning too (en17, it16);
    # the command confirming a card flagged only just is advice, under the list (``confirm_fix``)
    return (failure_lines(r, lang, naming) + [shortfall_line(s, lang, naming, said=said, entry=r)
                                              for s in r.get("sufficiency", [])]
            + balance_lines(r.get("balance") or {}, lang, warn=True, rates=r.get("seat_win_rates"))
            + [card_warning(row, lang, naming, page=True, lead=winner_lead(r)) for row in flagged_cards(r)])


def confirm_fix(r: dict[str, Any], lang: str, others: list[dict[str, Any]] | None = None,
                naming: Naming | None = None) -> dict[str, Any] | None:
    """Under the warnings of a count with a card flagged only just beyond chance, the terminal's advice to confirm it
    on more games (``summary.card_confirm``, en9), as a fix line: its command set as code, never a third warning
    in the warning colour ending in a full stop a copy would take (terminal round 29 en38)."""
    from cardgen.simulate.summary import card_confirm_parts

    parts = card_confirm_parts(r, lang, others or (), naming)  # where else the card is within chance (round 29 en14)
    if parts is None:
        return None
    text, command = parts
    return {"text": typeset(_capital(text), lang), "command": command, "href": None}


def fixable(r: dict[str, Any]) -> bool:
    """Whether a validate entry shows a problem ``cardgen fix`` searches a cure for: the box short of a
    component, a seat beyond a fair share, a card flagged too strong or too weak."""
    cards = (r.get("designer") or {}).get("component_impact") or []
    return bool(r.get("sufficiency") or (r.get("balance") or {}).get("flags") or any(c.get("flag") for c in cards))


def problems_list(entries: list[dict[str, Any]], lang: str, balance: bool = True, cards: bool = True,
                  naming: Naming | None = None) -> list[str]:
    """The problems ``cardgen fix`` would cure that the lines above show, each by its name in ``lang``
    (``problems_shown`` joins them; a page counts them: "this problem" or "these problems"); ``balance``: whether
    the screen shows the seats' balance (compare's does not); ``cards``: whether flagged cards count (not for
    compare's base deck, whose cards are judged on compare's smaller sample; validate's run confirms them).
    A shortage by its one name (``summary.shortage_name``), as validate's warning and compare's notes head it:
    "the shortage under “components in the box”" named a category, not the problem (twentieth reading en18)."""
    from cardgen.simulate.summary import findings_name
    from cardgen.terminal import word

    kinds = word("fix_kinds", lang)
    found = []
    if balance and any((r.get("balance") or {}).get("flags") for r in entries):
        found.append(kinds["balance"])
    shorts = [f for r in entries for f in r.get("sufficiency") or []]
    if shorts:
        found.append(kinds["components"].format(name=findings_name(shorts, lang, naming or Naming())))
    if cards and any(c.get("flag") for r in entries for c in (r.get("designer") or {}).get("component_impact") or []):
        found.append(kinds["cards"])
    return found


def problems_shown(entries: list[dict[str, Any]], lang: str, balance: bool = True, cards: bool = True,
                   naming: Naming | None = None) -> str:
    """Which lines above show the problems ``cardgen fix`` would cure, in ``lang`` ("the balance line and the
    shortage of silver coins"), not "the problems above" when every block above says PASS (``problems_list``,
    joined)."""
    from cardgen.terminal import word

    found, kinds = problems_list(entries, lang, balance, cards, naming), word("fix_kinds", lang)
    return ", ".join(found[:-1]) + kinds["and"] + found[-1] if len(found) > 1 else "".join(found)


def problems_at(entries: list[dict[str, Any]], lang: str) -> str:
    """The player counts whose block shows a problem ``cardgen fix`` cures, where not every count shown does
    (" at 4 players"): Royale's closing line offered a fix for "the turn-order imbalance above", which only 4
    players showed (eighteenth reading it18); "" where every count shows one."""
    from cardgen.simulate.summary import and_list

    counts = [r["players"] for r in entries if fixable(r)]
    if not counts or len(counts) == len(entries):
        return ""
    return say("fix_at", lang, counts=and_list([str(n) for n in counts], lang))


def shown_problem(side: dict[str, Any], cards: bool = True) -> bool:
    """Whether compare's screen shows a problem of this deck's games that ``cardgen fix`` searches a cure for:
    a component the box lacks or, with ``cards`` (the variant's side), a card flagged too strong or too weak.
    A seat's balance is not on that screen, so a fix line for it would point at nothing above; a base card
    flagged on compare's smaller sample alone is said with the validate command that would confirm it, not
    offered a fix validate's larger run may contradict."""
    impact = (side.get("designer") or {}).get("component_impact") or []
    return fixable(side) and bool(side.get("sufficiency") or (cards and any(c.get("flag") for c in impact)))


def fix_problems(doc: dict[str, Any], lang: str, naming: Naming | None = None) -> list[tuple[str, str]]:
    """Each deck of a comparison whose screen shows a problem ``cardgen fix`` searches a cure for, with the
    problems in ``lang`` ("the shortage and the flagged cards"): ``shown_problem``'s, and a seat imbalance the
    variant brings (``summary.compare_balance`` says it on the screen now); a base game's imbalance names the
    base's fix in its own line, so the variant's fix line never claims it (twelfth reading fr26, it60)."""
    sides = []  # (a deck's side, whether its cards are shown, whether it brings a seat imbalance)
    for r in doc["results"]:
        brings = any(f["owner"] == "variant" for f in variant_imbalance(r))
        sides += [(r["base_result"], False, False), (r["variant_result"], True, brings)]
    shown = [side for side in sides if shown_problem(side[0], side[1]) or side[2]]
    out = []
    for deck in dict.fromkeys(s["variant"] for s, _, _ in shown):
        mine = [side for side in shown if side[0]["variant"] == deck]
        out.append((deck, problems_shown([s for s, _, _ in mine], lang, balance=any(b for _, _, b in mine),
                                         cards=any(cards for _, cards, _ in mine), naming=naming)))
    return out


def variant_fixable(r: dict[str, Any]) -> bool:
    """Whether a comparison's player count shows a problem of the variant's own that ``cardgen fix`` searches a
    cure for: its box short of a component, a card of its flagged, or a seat imbalance the variant brings
    (``summary.variant_imbalance``), never one the base game has on the same shuffles."""
    brought = [f for f in variant_imbalance(r) if f["owner"] == "variant"]
    return fixable({**r["variant_result"], "balance": {"flags": brought}})


def compare_fix(hint: dict[str, Any] | None, title: str, lang: str = "en", problems: str = "",
                fixes: list[tuple[str, str]] | None = None) -> dict[str, Any] | None:
    """``fix_hint`` on a comparison's page, once, under every player count (``title``: the variant's): the
    command's sentence names the variant and the problems it would fix (``problems``, as the terminal's fix line
    names them: "the shortage of silver coins"), never "what is flagged above" after a card table
    that flags nothing, once per player count (eleventh reading en54, fr64, fr73; fourteenth en64, it63).
    ``fixes`` (``fix_problems``): where both decks show the same problems, both commands, as the terminal's one
    line names them; the page offered the variant's alone (twenty-seventh reading it56)."""
    from cardgen.simulate.verdict import QUOTED

    if not hint or not hint.get("command"):
        return hint  # quoted: « des variantes de « Le Roi Lui : dragon affamé » », never "de Le Roi Lui" (fr58)
    if fixes and len(fixes) == 2 and fixes[0][1] == fixes[1][1] and not hint.get("href"):
        commands = {"{base}": f"cardgen fix {fixes[0][0]}", "{variant}": f"cardgen fix {fixes[1][0]}"}
        # each command its own <code> (the template's): "cardgen fix draco (base game) or …" in one was no command
        pair = [(commands.get(part), typeset(part, lang) if part not in commands else "")
                for part in re.split(r"(\{base\}|\{variant\})", PAGES[lang]["fix_pair"]) if part]
        return {**hint, "pair": pair, "text": typeset(fix_pointer(fixes[0][1], "", lang, capital=True), lang)}
    what = say("fix_what_in", lang, what=problems or say("fix_what_flagged", lang), deck=QUOTED[lang].format(title))
    return {**hint, "text": typeset(fix_pointer(what, "", lang, capital=True), lang)}  # the terminal's one pointer


def at_count(hint: dict[str, Any] | None, r: dict[str, Any], results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """``fix_hint``'s command for entry ``r``'s deck with ``--players`` where only ``r``'s count of the deck's
    ``results`` shows a problem fix cures: the terminal's advice, under Royale's 4-player warning, names the count
    (nineteenth reading fr16), and the page says the same command under the same warning."""
    mine = [x for x in results if x["variant"] == r["variant"]]
    if not hint or not hint.get("command") or len(mine) < 2 or [x for x in mine if fixable(x)] != [r]:
        return hint
    return {**hint, "command": f"{hint['command']} --players {r['players']}"}


def fix_named(hint: dict[str, Any] | None, entries: list[dict[str, Any]], lang: str,
              naming: Naming | None = None, counts: list[int] | None = None) -> dict[str, Any] | None:
    """``fix_hint``'s command sentence on a deck page naming the problems its ``entries`` show, as the terminal's
    closing line names them ("to search for fixes for the turn-order imbalance at 4 players and test them…"):
    "what is flagged on this page" was loose where one player count of four showed it (twenty-first reading en62).
    Flagged cards judged on more games than ``cardgen fix`` plays unless told get the terminal's own sentence and
    command (``summary.card_search``), under the others' (``cards``), or alone where nothing else needs a fix."""
    from cardgen.simulate.summary import card_command, card_search

    if not hint or not hint.get("command"):
        return hint
    rest = [without_cards(r) for r in entries]
    alone = not any(fixable(r) for r in rest)
    cards = card_search(entries, lang, naming, command=False, also=not alone)
    said = {"text": typeset(_capital(cards), lang), "command": card_command(entries)} if cards else None
    rest = rest if cards else entries
    if said is not None and alone:
        return {**hint, **said, "cards": None}
    found = problems_list(rest, lang, naming=naming) if counts else []
    if found:
        # a problem of several counts, said once atop the page: named in the lead, "the same problem" pointed at
        # nothing yet (round 34 en33*, it26*, fr36)
        from cardgen.report.words import page_words

        lead = page_words("top_fix_lead", lang, players=and_list([str(n) for n in counts or ()], lang),
                          what=problems_shown(rest, lang, naming=naming))
        this = page_words("top_fix_this" if len(found) == 1 else "top_fix_these", lang)
        return {**hint, "text": typeset(f"{lead} {fix_pointer(this, '', lang, capital=True)}", lang), "cards": said}
    what = problems_shown(rest, lang, naming=naming) + problems_at(rest, lang)
    return {**hint, "text": typeset(fix_pointer(what or say("fix_what_flagged", lang), "", lang, capital=True), lang),
            "cards": said}


def card_fix(r: dict[str, Any], hint: dict[str, Any] | None, lang: str, naming: Naming | None = None,
             also: bool = False) -> dict[str, Any] | None:
    """The ``cardgen fix`` sentence and command for the cards flagged at entry ``r``'s player count (``card_search``
    of ``r`` alone), said in that count's section of a deck page, beside its card warning: said once under the first
    count that needed a fix, Draco's advice on the cards flagged at 5 and 6 players stood in the 3-player section,
    where no card is flagged (twenty-third reading it51, en18). ``also``: the section's own pointer for the deck's
    other problems comes first. None where ``hint`` links fix's record or has no command, or where no card of
    ``r`` is judged on more games than fix plays."""
    from cardgen.simulate.summary import card_command

    if not hint or not hint.get("command"):
        return None
    text = card_search([r], lang, naming, command=False, also=also)
    return {"text": typeset(_capital(text), lang), "command": card_command([r]), "href": None} if text else None


def without_balance(r: dict[str, Any]) -> dict[str, Any]:
    """Validate entry ``r`` without its seats' flags: the problems the page's one fix line names, once each flagged
    count has its own line (``seat_fix``)."""
    balance = r.get("balance") or {}
    return {**r, "balance": {**balance, "flags": []}} if balance.get("flags") else r


def seat_fix(r: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The fix line under a count whose seats are flagged, for ``parts.html``'s ``fix_line``: the terminal's words
    and command at that count (``summary.balance_fix``), the command set apart; None where no seat is flagged."""
    from cardgen.simulate.summary import balance_fix_command, balance_fix_what, fix_pointer

    if not (r.get("balance") or {}).get("flags"):
        return None
    return {"text": typeset(fix_pointer(balance_fix_what(r, lang), "", lang, capital=True), lang),
            "command": balance_fix_command(r), "href": None}


def without_cards(r: dict[str, Any]) -> dict[str, Any]:
    """Validate entry ``r`` without its cards' flags: the problems ``cardgen fix`` searches on its own games unless
    told more, once the flagged cards, judged on more games than that, have their own command (``card_search``)."""
    designer = r.get("designer") or {}
    rows = [{**row, "flag": ""} for row in designer.get("component_impact") or []]
    return {**r, "designer": {**designer, "component_impact": rows}}


def fix_hint(deck_id: str, out: Path, lang: str = "en") -> dict[str, Any]:
    """How a report page's reader gets fixes for a deck's problems, in ``lang``: a link to ``cardgen fix``'s
    record where one lies beside the report (``<out>/fix/<deck>/fix.json``, fix's own place), else the command
    line to run. The link is relative to a run's page (``<out>/validation/<run>/``)."""
    from cardgen.report.words import page_words

    record = Path(out) / "fix" / deck_id / "fix.json"
    try:
        proposals = len(json.loads(record.read_text(encoding="utf-8")).get("proposals") or [])
    except (OSError, ValueError, AttributeError):
        # the terminal's one pointer (``summary.fix_pointer``); a deck page names the problems (``fix_named``)
        return {"text": typeset(fix_pointer(say("fix_what_flagged", lang), "", lang, capital=True), lang),
                "command": f"cardgen fix {deck_id}", "href": None}
    page = record.parent / "index.html"  # fix's report page, where the run wrote one; else its record
    return {"text": page_words("fix_found" if proposals else "fix_found_none", lang, n=proposals, deck=deck_id),
            "href": f"../../fix/{deck_id}/{page.name if page.is_file() else record.name}",
            "link": page_words("fix_page" if page.is_file() else "fix_link", lang), "command": None}


def short_warnings(r: dict[str, Any], lang: str = "en", naming: Naming | None = None) -> list[str]:
    """The warnings of an entry in a few words each, in ``lang``, for the overview's table. A shortage a ruling
    settles is its name and share of games alone ("shortage of coins in the bank in 95.0% of games"): what the
    ruling means for the results is said once under the table (``overview_notes``), the coins that would have been
    enough on the game page; the whole warning in the cell made each row 8-12 lines of orange text at 1280 px, the
    verdict and game columns wide and empty beside it (round 32 en39, it28)."""
    from cardgen.report.words import page_words
    from cardgen.simulate.summary import (by_margin, card_side, failure_lines, flagged_cards, shortage_name,
                                          shortage_piece, two_way)
    from cardgen.simulate.verdict import QUOTED

    naming = naming or Naming()
    out = failure_lines(r, lang, naming)
    for s in r.get("sufficiency", []):
        cid = naming.shortfall.get(s["peak"])
        piece = shortage_piece(s, lang, naming)
        ruled = naming.ruled.get(cid) if cid else None  # the book rules a short box: the note under the table says so
        out.append(page_words("short_ruled" if ruled else "short", lang, more=s["print_more"], piece=piece,
                              name=shortage_name(piece, lang, naming, cid),
                              share=percent(s["games_short"] / max(1, s["games"]), lang, places=1, fixed=True)))
    # the players flagged on one side in one sentence: "player 1 wins less often…" four times filled a phone's
    # screen with one sentence (twenty-third reading it48)
    flags = (r.get("balance") or {}).get("flags") or []
    pair = two_way(flags) if r.get("players") == 2 else None
    if pair:  # two players: one advantage, one warning (twenty-fifth reading fr5, it40)
        out.append(page_words("balance_pair" + just_beyond(list(pair)), lang,
                              ahead=page_words("seat_the", lang, k=pair[0]["seat"]),
                              behind=page_words("seat_the", lang, k=pair[1]["seat"])))
        flags = []
    seated = [f for f in flags if "seat" in f]
    if len(flags) == 2 == len(seated) and {f["side"] for f in flags} == {"more", "less"} and \
            just_beyond(flags[:1]) == just_beyond(flags[1:]):
        # one seat ahead, one behind: one sentence, never two near-identical lines one under the other (round 30
        # it47: Royale at 4 players, player 1 and player 4)
        ahead, behind = sorted(flags, key=lambda f: f["side"] != "more")
        out.append(page_words("balance_split" + just_beyond(flags), lang,
                              ahead=page_words("seat_the", lang, k=ahead["seat"]),
                              behind=page_words("seat_the", lang, k=behind["seat"])))
        flags = []
    sides = {"more" if f["side"] == "more" else "less": [] for f in flags}  # in the order first met
    for f in flags:
        sides["more" if f["side"] == "more" else "less"].append(f)
    for side, group in sides.items():
        seats = [f["seat"] for f in group if "seat" in f]
        if len(seats) > 1:
            out.append(page_words(f"balance_{side}_many" + just_beyond([f for f in group if "seat" in f]), lang,
                                  who=page_words("seats_the", lang, ks=join_and(seats, lang))))
        for f in group:
            if len(seats) > 1 and "seat" in f:
                continue
            who = (page_words("seat_the", lang, k=f["seat"]) if "seat" in f
                   else agent_word(str(f.get("agent")), lang))
            out.append(page_words(f"balance_{side}" + just_beyond([f]), lang, who=who))
    # a flagged card by the closing line's words ("card too strong: “To and Fro”"): the overview named the coins
    # alone, and a designer who stops there missed the run's only card findings (twenty-second reading en45, fr48)
    # a card flagged mid-game says so, and by its lead alone where its wins' interval holds 0: "a card that seems
    # too strong: “Favour”" read as the opening-hand verdict on the win rate (round 29 en31, fr34, it37)
    out += [say_n(f"warn_cards_{card_side(row)}", 1, lang, items=QUOTED[lang].format(
        (naming.names or {}).get(row["component"], row["component"])))
        + (page_words("card_mid" + by_margin(row), lang) if row.get("experiment") == "play" else "")
        for row in flagged_cards(r)]
    return out


def just_beyond(flags: list[Mapping[str, Any]]) -> str:
    """"_just" where every one of ``flags`` is only just beyond chance, as the terminal grades its warning
    (``summary.balance_paragraph``: its widened interval ends within ``JUST_MARGIN`` of the fair share): the
    overview said "beyond chance" flatly of the gaps the terminal marks as marginal, and a designer reading only
    the overview took a marginal result for a firm one (twenty-sixth reading fr29). A flag without its interval
    (a run summary's bare seat and side) is never graded "only just": nothing says how near it is."""
    from cardgen.simulate.summary import only_just
    graded = all({"fair", "low", "high"} <= f.keys() for f in flags)
    return "_just" if flags and graded and all(only_just(f) for f in flags) else ""


def shortage_counts(r: dict[str, Any], both: set[str], lang: str, naming: Naming) -> list[str]:
    """Compare's page at one player count ``r``: each shortage both games show (its tally in ``both``) in one
    sentence with that count's figures, base game and variant; its rule, its table for every count and what it
    means for the results are said once, at the top of the page (``summary.shortage_notes``)."""
    from cardgen.report.words import page_words
    from cardgen.simulate.summary import _pct, finding_name

    base = {f["peak"]: f for f in r["base_result"].get("sufficiency", [])}
    out = []
    for f in (f for f in r["variant_result"].get("sufficiency", []) if f["peak"] in both):
        b = base[f["peak"]]
        name = finding_name(f, lang, naming)
        out.append(typeset(page_words("short_count", lang, name=name[:1].upper() + name[1:],
                                      base=_pct(b["games_short"] / b["games"] if b["games"] else None, lang, fixed=True),
                                      variant=_pct(f["games_short"] / f["games"] if f["games"] else None, lang,
                                                   fixed=True)), lang))
    return out


def overview_notes(results: list[dict[str, Any]], lang: str, namings: dict[str, Naming]) -> list[str]:
    """Under the overview's table, once a shortage: what the ruling that settles it means for the results, the
    cell having only its name and share (``short_warnings``; round 32 en39, it28)."""
    from cardgen.report.words import page_words
    from cardgen.simulate.summary import shortage_name, shortage_piece

    notes: list[str] = []
    for r in results:
        naming = namings.get(r["variant"]) or Naming()
        for s in r.get("sufficiency", []):
            cid = naming.shortfall.get(s["peak"])
            if not cid or cid not in naming.ruled:
                continue
            published = naming.rulings.get(cid, ("", False))[1]
            name = _capital(shortage_name(shortage_piece(s, lang, naming), lang, naming, cid))
            # a game whose source is a player's description says so (Draco & Co: terminal round 41 en24*, en25*)
            own = None if published else own_line("page_short_note", lang, naming)
            note = typeset(own.format(name=name), lang) if own else page_words(
                "short_note_published" if published else "short_note", lang, name=name)
            if note not in notes:
                notes.append(note)
    return notes


def overview_fixes(results: list[dict[str, Any]], infos: dict[str, dict[str, Any]], lang: str,
                   namings: dict[str, Naming]) -> list[dict[str, Any]]:
    """Under the overview's table, each game's ``cardgen fix`` line for its shortages, as its page says it: the
    overview named the problem and never the command to act on it (round 32 en41, fr29). A seat imbalance or a
    card has its own command on the game page, under its count."""
    out = []
    for deck_id in dict.fromkeys(r["variant"] for r in results):
        mine = [without_cards(without_balance(r)) for r in results if r["variant"] == deck_id]
        if not any(r.get("sufficiency") for r in mine):
            continue
        fix = fix_named(at_count(infos.get(deck_id, {}).get("fix"), next(r for r in mine if fixable(r)), mine),
                        mine, lang, namings.get(deck_id))
        if fix is not None:
            out.append(fix)
    return out


def _skill_text(r: dict[str, Any], lang: str = "en") -> str:
    from cardgen.report.words import page_words
    from cardgen.simulate.verdict import number

    skill = r.get("skill")
    if not isinstance(skill, dict):
        return "–"
    # cardgen.simulate.skill.skill_json: the skill figure (0 luck, 1 skill) and search's win rate per opponent
    head = "" if skill.get("skill") is None else (f"{decimal(skill['skill'], lang, places=2)} "
                                                   f"[{decimal(skill['skill_low'], lang, places=2)}–"
                                                   f"{decimal(skill['skill_high'], lang, places=2)}]")
    parts = [page_words("skill_versus", lang, agent=agent_word(k, lang), rate=number(v["rate"], lang, True))
             for k, v in sorted((skill.get("versus") or {}).items())
             if isinstance(v, dict) and isinstance(v.get("rate"), (int, float))]
    return "; ".join(p for p in [head, *parts] if p) or "–"


def _fairness(r: dict[str, Any], lang: str = "en") -> str:
    from cardgen.report.words import page_words

    seats = [s for s in r["seat_win_rates"] if s["rate"] is not None]
    if len(seats) < 2:  # a solo game (or none won): no seat to compare with, no balance line
        # the terminal's "—" for what is not measured, and why (terminal round 40 en36: a bare "–")
        return page_words("fairness_solo", lang) if r.get("players") == 1 else "—"
    fair = r.get("balance", {}).get("seat_fair_share") or 1 / r["players"]
    # the furthest as the page prints them (one decimal); two players as far, the one above the fair share: the
    # one the warning names and a fix would treat (twenty-third reading fr42: 2 players, 57.6 and 48.8 % against
    # 53.2 %, the column named the second)
    worst = max(seats, key=lambda s: (round(abs(s["rate"] - fair) * 100, 1), s["rate"]))
    balance = r.get("balance") or {}
    flagged = bool(balance.get("flags")) or any(w.startswith("seat") for w in balance.get("warnings", []))
    # the verdict beside the figures: "player 2 38% against a fair 34%" read as an imbalance the terminal never
    # raised (en88, it107, fr96); the balance test judged it within chance unless it flagged it
    # a gap the terminal says comes close to the limit is said so here too: three identical "within chance" rows hid
    # it (round 31 en25, fr23, it25)
    close = [c for c in balance.get("close") or [] if c.get("level")]
    # two players named, two gaps: « écarts », «differenze» (round 33 fr28, it30)
    both = "_two" if len(seats) == 2 else ""
    verdict = ("\u00a0⚠" if flagged else page_words(("fair_within_close" if close else "fair_within") + both, lang)
               if "flags" in balance else "")  # the mark kept on the figure's line (en30)
    if len(seats) == 2:  # two players are always as far from the fair share: both named, never one (en25)
        one, two = sorted(seats, key=lambda s: s["seat"])
        return page_words("fairness_two", lang, rate=percent(one["rate"], lang, places=1, fixed=True),
                          rate2=percent(two["rate"], lang, places=1, fixed=True),
                          fair=percent(fair, lang, places=1, fixed=True)) + verdict
    # several players close to the limit, none flagged: each named, as several flagged ones are: the cell named the
    # furthest alone, and player 2 at 15.3%, as borderline as player 4 at 25.7%, vanished (terminal round 41 en12)
    # as the terminal and the game page name them: a seat within chance even without the widening (``near``) is
    # not "only just" within it (round 43 en41*, fr47*, it55*: the overview named player 5, the others did not)
    near = sorted({c["seat"] for c in close if isinstance(c.get("seat"), int) and not c.get("near")}
                  or {c["seat"] for c in close if isinstance(c.get("seat"), int)})
    rates = {s["seat"] + 1: s["rate"] for s in seats}
    if not flagged and "flags" in balance and len([k for k in near if k in rates]) > 1:
        said = [page_words("fairness_seat", lang, k=k, rate=percent(rates[k], lang, places=1, fixed=True))
                for k in near if k in rates]
        return page_words("fairness_seats", lang, seats=", ".join(said),
                          fair=percent(fair, lang, places=1, fixed=True)) + page_words("fair_within_close_many", lang)
    # the seats' flags (an agent's, with mixed agents, names no seat)
    flags = sorted((f for f in balance.get("flags") or [] if "seat" in f), key=lambda f: f["seat"])
    if len(flags) > 1:  # every player the warning names, not the furthest alone (terminal round 40 en36)
        said = [page_words("fairness_seat", lang, k=f["seat"], rate=percent(f["rate"], lang, places=1, fixed=True))
                for f in flags]
        return page_words("fairness_seats", lang, seats=", ".join(said),
                          fair=percent(fair, lang, places=1, fixed=True)) + verdict
    return page_words("fairness", lang, k=worst["seat"] + 1, rate=percent(worst["rate"], lang, places=1, fixed=True),
                      fair=percent(fair, lang, places=1, fixed=True)) + verdict


def _length(r: dict[str, Any], lang: str, naming: Naming) -> str:
    """The mean length, the unit the game's players count first (``verdict.counted_length``)."""
    from cardgen.report.words import page_words
    from cardgen.simulate.verdict import counted_length, label

    if not r["completed"]:
        return "–"
    first = counted_length(naming.words) or "turns"
    second = "rounds" if first == "turns" else "turns"
    dist = r[first]
    # a game of one length every time said so, in whole numbers ("9.0 turns" read as an average that varies), and a
    # solo game without its rounds, which are its turns (twenty-third reading en52, fr43)
    if dist.get("min") is not None and dist.get("min") == dist.get("max"):
        return page_words("length_always", lang, a=decimal(dist["min"], lang, places=0),
                          la=label(first, lang, naming.words))
    if r.get("players") == 1:
        return page_words("length_one", lang, a=decimal(dist["mean"], lang, fixed=True),
                          la=label(first, lang, naming.words))
    return page_words("length", lang, a=decimal(dist["mean"], lang, fixed=True), la=label(first, lang, naming.words),
                      b=decimal(r[second]["mean"], lang, fixed=True), lb=label(second, lang, naming.words))


def _rounds_named(results: list[dict[str, Any]], lang: str, namings: dict[str, Naming]) -> str:
    """" (courses)": the games' own names for their rounds, where they have one, for the overview's note on the length
    column, whose cells say "16.9 courses, 50.6 turns" (terminal round 46 en60: "the game’s own rounds" left the reader
    to guess that courses are King Lui's); a game that does not name them, by the cells' own words (" (complete
    rounds)": Royale's and Draco's overviews said "the game’s own rounds" above cells of "complete rounds",
    terminal round 47 fr45, en37)."""
    from cardgen.simulate.verdict import label
    from cardgen.text import join_and

    names = sorted({label("rounds", lang, (namings.get(r["variant"]) or Naming()).words) for r in results} - {""})
    return f" ({join_and(names, lang)})" if names else ""


def _units_named(results: list[dict[str, Any]], lang: str, namings: dict[str, Naming]) -> str:
    """"in the game’s own rounds (courses) and in turns": the overview's note on the length column names the two units
    in the order its cells give them (``_length``: the unit the game's players count first), where every game on the
    page counts the same one first; King Lui's note said "in turns and in the game’s own rounds (courses)" above
    cells of "16.9 courses, 50.6 turns" (terminal round 52 it13, en16, r49 fr8). Games that differ: turns first.
    Where no game names its rounds, the unit is the cells' own words ("in turns and in complete rounds")."""
    from cardgen.report.words import page_words
    from cardgen.simulate.verdict import counted_length

    from cardgen.simulate.verdict import label

    firsts = {counted_length((namings.get(r["variant"]) or Naming()).words) or "turns" for r in results}
    key = "overview_units_rounds_first" if firsts == {"rounds"} else "overview_units"
    names = {label("rounds", lang, (namings.get(r["variant"]) or Naming()).words) for r in results} - {""}
    if names == {label("rounds", lang)}:  # no game on the page names its rounds: the cells' own words, as a unit,
        # never "the game's own rounds (complete rounds)", read as a gloss (terminal round 53 en11)
        return page_words(key + "_plain", lang, rounds=label("rounds", lang))
    return page_words(key, lang, rounds=_rounds_named(results, lang, namings))


def overview(doc: dict[str, Any], infos: dict[str, dict[str, Any]], title: str, nav: str = "", lang: str = "en",
             namings: dict[str, Naming] | None = None) -> str:
    """One row per deck and player count: verdict, length, fairness, skill, warnings; links to deck pages;
    every word in ``lang``, the game's things by their names (``namings``: deck id -> its naming)."""
    from cardgen.report.words import page_words
    from cardgen.simulate.verdict import agents_words

    namings = namings or {}
    results = doc["results"]
    rows = [{"passed": r["passed"], "file": deck_file(r["variant"]), "players": r["players"], "variant": r["variant"],
             "name": infos.get(r["variant"], {}).get("name", ""),
             "length": _length(r, lang, namings.get(r["variant"], Naming())),
             "fairness": _fairness(r, lang), "skill": _skill_text(r, lang),
             # a cell's warning of several sentences ended as one (en36); a one-phrase cell stays a label
             "warnings": [ended(w) if ". " in w else w for w in short_warnings(r, lang, namings.get(r["variant"]))],
             "warned": warning_count(r)}
            for r in results]
    agents = agents_words(doc["agents"], lang) if isinstance(doc.get("agents"), list) else agents_text(doc)
    counts = {r["players"] for r in results}
    if 1 in counts and len(counts) > 1 and isinstance(doc.get("agents"), list) and len(set(doc["agents"])) == 1:
        # "one in each seat" of a run that has a solo game too: one player there (round 31 en29, it26)
        agents += page_words("agents_solo_too", lang)
    # the terminal's closing line, word for word: the page said "all passed" where the terminal said "4 passed with
    # warnings" (twentieth reading it44)
    # "1,000 games each" had no noun to agree with in French and Italian ("chacune", "ciascuna" after "player
    # counts": twenty-third reading fr39, it47): what each is, said
    each = page_words("overview_each_count" if len({r.get("variant") for r in results}) <= 1
                      else "overview_each_combination", lang)
    # the page's first sentence opens with a capital: "verificate 4 configurazioni…" is a terminal line (round 29 it36)
    # the verdict a paragraph of its own (the template's), then how the games were played and how to read the
    # table: one block mixed the verdict, the method, a safety limit, a column key and a hint (round 38 it26)
    verdict = _capital(total_line(results, lang, namings)) + "."
    if any(r.get("passed") for r in results):  # what the green badge says, as the terminal says it (round 41 en9)
        verdict += " " + say("pass_means", lang, verdict=say("pass", lang)) + "."
    intro = page_words("overview_intro", lang,
                       games=say_n("games", doc["games"], lang), agents=agents, each=each,
                       seed=doc["seed"], cap=decimal(doc["cap"], lang, places=0),
                       # at 2 players the balance cell names both (Royale): "names the player furthest" said one
                       # (round 34 en23, fr30)
                       both=page_words("overview_both_two", lang) if 2 in counts else "",
                       units=_units_named(results, lang, namings))
    head = PAGES[lang]["overview_head"].split("|")
    skill = not all(row["skill"] == "–" for row in rows)
    if not skill:  # a column of dashes nobody explained (en89, it108, fr98): said in the intro, and no column of
        # dashes squeezing the balance into a strip (round 29 fr32)
        intro += " " + page_words("skill_unmeasured", lang)
    # the option set as code, never broken "add⏎--skill" (round 31 en27); a row without warnings says "none" in the
    # text's colour: a dash in the warning colour looked like one (en26)
    return page("overview.html", title, nav, lang, verdict=verdict, intro=coded(intro, "--skill", "--seed"), head=head,
                skill=skill, rows=rows,
                badges=badges(lang), no_warnings=page_words("no_warnings", lang),
                notes=overview_notes(results, lang, namings), fixes=overview_fixes(results, infos, lang, namings))


def _seat_groups(sides: list[tuple[str, dict[str, Any], str]], seat: str = "seat {k}") -> list[tuple[str, list[Any]]]:
    """Each seat's win rate on every side, with the interval the balance verdict uses (``balance.shown_seats``):
    a bar whose narrow 95 % whisker stopped short of the fair-share line read against a verdict of chance (en1)."""
    from cardgen.simulate.balance import shown_seats

    players = sides[0][1]["players"]
    shown = [(label, shown_seats(r)[0], colour) for label, r, colour in sides]
    return [(seat.format(k=s + 1), [(label, rates[s], colour) for label, rates, colour in shown
                               if s < len(rates)]) for s in range(players)]


def length_top(entries: list[dict[str, Any]], game: dict[str, Any] | None = None) -> float:
    """The highest share of games any length bin holds over ``entries`` (a page's player counts), for one length
    scale a page (``overlay_svg``'s ``top_share``; round 32 en42)."""
    from cardgen.report.svg import overlay_shares
    from cardgen.simulate.verdict import counted_length

    length = counted_length(game) or "turns"
    drawn = [r for r in entries if r.get("completed") and r[length].get("min") != r[length].get("max")]  # (charts)
    return max((share for r in drawn for shares in overlay_shares([("", r[length]["histogram"], "")])[1]
                for share in shares), default=0.0)


def charts(sides: list[tuple[str, dict[str, Any], str]], lang: str = "en",
           game: dict[str, Any] | None = None, why: bool = True, top: float = 0.0) -> Markup:
    """Length overlaid, seat win rates with intervals, score spread: for one deck or a deck and its base;
    titles and axes in ``lang``; the length in the unit the game's players count (``game``: its words,
    ``verdict.counted_length``: King Lui's courses are rounds), turns where the game says nothing. ``why``:
    whether a fair-share line above 1/N says why on hover ("more than 1/3 because a shared win counts for each
    winner"); False where the balance sentence above the charts has said it, so the page says it once, not in
    the sentence, the line's caption and again under it (eighteenth reading en62). ``top``: the length chart's
    scale reaches at least this share (``length_top``: one scale a page)."""
    from cardgen.report.words import REPORT
    from cardgen.simulate.verdict import counted_length, label

    words = REPORT[lang]
    length = counted_length(game) or "turns"
    r0 = sides[0][1]
    if not any(r["completed"] for _, r, _ in sides):
        return macro("parts.html", "paragraph", words["no_games"])
    fairs = [(name if len(sides) > 1 else "", (r.get("balance") or {}).get("seat_fair_share") or 1 / r["players"], colour)
             for name, r, colour in sides]
    solo = r0["players"] == 1  # one player: no win rate, no fair share, no winner set apart (en47, fr3, it40)
    # a game of one length every time says it in words, as the run overview does ("9 turns (always)"): a full-width
    # chart of one bar at 100% told the reader nothing (twenty-third reading en57, fr46)
    ends = {(r[length].get("min"), r[length].get("max")) for _, r, _ in sides if r["completed"]}
    always = ends.pop() if len(ends) == 1 else None
    if always is not None and always[0] is not None and always[0] == always[1]:
        from cardgen.report.words import page_words
        # a sentence with its label, not the overview's cell "9 turns (always)" standing alone as a paragraph
        # (round 31 en39, fr29, it32)
        said = macro("parts.html", "paragraph", page_words("length_always_page", lang,
                                                           a=decimal(always[0], lang, places=0),
                                                           la=label(length, lang, game)))
        figs = []
    else:
        said = Markup()
        figs = [overlay_svg([(label, r[length]["histogram"], colour) for label, r, colour in sides],
                            words["length"], words[length].format(label=label(length, lang, game)), lang=lang,
                            unit=label(length, lang, game), top_share=top)]
    if not solo:
        from cardgen.simulate.balance import shown_seats
        compared = {shown_seats(r)[1] for _, r, _ in sides}  # one title for the intervals every side draws
        title = (words["seats_wide"].format(n=compared.pop()) if len(compared) == 1 and None not in compared
                 else words["seats"])
        figs.append(grouped_rates_svg(_seat_groups(sides, words["seat"]), title, fairs,
                                      fair_label=lambda share: words[equal_label(share, r0["players"]) if why
                                                                     else "equal"].format(
                                          n=r0["players"], more=more_than(r0["players"], lang)),
                                      lang=lang, fair_name=words["equal"]))
    if len(r0["agents"]) > 1:
        names = [a["agent"] for a in r0["agents"]]
        groups = [(name, [(label, a, colour) for label, r, colour in sides for a in r["agents"] if a["agent"] == name])
                  for name in names]
        figs.append(grouped_rates_svg(groups, words["agents"], r0.get("balance", {}).get("agent_fair_share"),
                                      fair_label=words["equal"], lang=lang))
    spread = [] if solo else [(words["winner"], r["scores"]["winner"], colour) for _, r, colour in sides]
    for s in range(r0["players"]):
        # a solo game's one row "the player", never "player 1" of one (round 32 fr36)
        spread += [(words["seat_solo"] if solo else words["seat"].format(k=s + 1), r["scores"]["seat"][s], colour)
                   for _, r, colour in sides if s < len(r["scores"].get("seat", []))]
    own = ((game or {}).get("charts") or {}).get(lang) or {}  # the game's word for a score (Draco: fortune, fr36)
    unit = (((game or {}).get("unit") or {}).get(lang) or ["", ""])[-1]
    title = typeset(own["scores"].format(unit=unit) if "scores" in own else words["scores"], lang)
    # what the box, the tick and the line show, in a line under the chart: in the title, "(box: the central 80%; …)"
    # was telegraphic ("which 80%?"), and said in full it ran the title to three or four lines (terminal round 46
    # fr34; round 33 fr32 holds a title to two)
    legend = typeset(words["spread_legend"].format(items=own.get("items") or words["spread_items"]), lang)
    figs.append({"svg": spread_svg(spread, title, own.get("score") or words["score"],
                                   legend=[(label, colour) for label, _, colour in sides] if len(sides) > 1 else None,
                                   lang=lang), "caption": legend})
    return said + macro("parts.html", "figures", figs)


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


def equal_label(share: float, players: int) -> str:
    """The report's word for one fair-share line: "fair share", or, when that share is not 1/N as printed
    (shared wins count for each winner: 33.7 % at 3 players), the same name saying why (fr63): "more than
    1/2" at 2 players, where 55 % alone read as a miscount (thirteenth reading fr55). Each line its own: the
    variant's 20.0 % at 5 players, with no shared win, was captioned "more than 1/5" because the base game's
    line was (fourteenth reading en59, fr13, it56)."""
    return "equal" if round(share, 3) == round(1 / players, 3) else "equal_shared"


#: compare's indicators computed on fewer pairs than were played, and the words that say which (``pairs_of``); the
#: close games count a shared win as close (``designer.game_figures``), so they leave out no pair but Draco's whose
#: tied leaders leave a winner nobody below (terminal round 44 fr8*: "the 86 pairs whose two games have a runner-up")
PAIRS_OF = {"comeback_rate": "pairs_of_one_winner", "drama": "pairs_of_one_winner", "decided_at": "pairs_of_one_winner",
            "kingmaking": "pairs_of_runner_up", "close_games": "pairs_of_close", "margin": "pairs_of_margin"}


def pairs_of(m: dict[str, Any], pairs: int | None, lang: str = "en", game: Mapping[str, Any] | None = None) -> str:
    """" (of the 98 pairs in which both games have a single winner)" after a compared indicator that counts
    fewer pairs than were played: comebacks of 51.0 % here and 49.5 % on another page for the same base games
    read as a contradiction with no count beside them (fourteenth reading en62); nothing where it counts all.
    ``game``: the game's words, whose own line for those pairs (its ``lines``) names them as its validate does
    (Draco & Co's runner-up "once the tied leaders drop out": seventeenth reading en31)."""
    n = m.get("n")
    if pairs is None or not isinstance(n, int) or n >= pairs or m["metric"] not in PAIRS_OF:
        return ""
    key, count = PAIRS_OF[m["metric"]], decimal(n, lang, places=0)
    own = own_line(key, lang, Naming(words=game or {}))
    return " " + (typeset(own.format(n=count), lang) if own else say(key, lang, n=count))


def metrics_table(metrics: list[dict[str, Any]], lang: str = "en", sort: bool = True,
                  game: dict[str, Any] | None = None, pairs: int | None = None,
                  said: set[str] | None = None, fix: bool = False) -> dict[str, Any]:
    """Base, variant, difference and interval per metric, in ``lang``, for ``parts.html``'s ``metrics``:
    significant rows in bold (and first with ``sort``); a figure that only repeats the edit says "follows
    from your change". ``game``: the game's words (``GameSpec.words``), so engine tallies read by their
    names, never by an engine id. ``pairs``: the pairs played, beside which an indicator says its count
    (``pairs_of``). ``said``: the figures a page's earlier tables defined (this table's added): one already
    defined is named alone, its definition given once a page (twenty-first reading fr63, it67). ``fix``: the table of
    a fix, whose column and whose "follows" are the fix's, never a variant's rule (twenty-fifth reading en33, fr31,
    it34: a fix that only adds gold coins sent the designer looking for a variant rule)."""
    from cardgen.simulate.summary import fine_cells, indicator_places, interval, marked_ends, points
    from cardgen.simulate.verdict import PAGE, WORDS, defined, gloss, is_share as share, label, number, shown

    again = said_before([m["metric"] for m in metrics], said)

    ordered = sorted(metrics, key=lambda m: not m.get("significant")) if sort else metrics
    words = WORDS[lang]

    def f(m: dict[str, Any], key: str, signed: bool = False) -> str:
        x = m.get(key)
        return "–" if x is None else number(x, lang, share(m["metric"]), signed, fixed=True)  # "46,0", never "46"

    def diff(m: dict[str, Any], key: str, unit: bool = True) -> str:
        """A difference or an interval's end: of two shares in percentage points, bare (the head says the unit)
        ("−4.0" under "difference (for a share, in percentage points)", never "−4.0%", read as a relative fall: tenth reading it76, fr73, en65), else as its figure."""
        x = m.get(key)
        if x is None or not share(m["metric"]):
            return f(m, key, True)
        return points(x, lang, True, False)  # bare: the unit once, in the column's head (the issue's rule)

    def ends(m: dict[str, Any]) -> tuple[str, str]:
        """An interval's ends as the terminal's row prints them: an end near 0 with the decimals it needs (en63)."""
        if m.get("low") is None or m.get("high") is None:
            return diff(m, "low", False), diff(m, "high", False)
        # a design indicator below 1 with two decimals, as validate's tables (terminal round 47 en42*, fr41)
        return marked_ends(m["low"], m["high"], lang, share(m["metric"]), indicator_places(m))

    # a compared figure's difference and interval as the terminal's row and the verdict's sentence say them
    # (``verdict.shown``: the true difference rounded, Holm's widened interval): one value, one interval
    seen = [{**m, **dict(zip(("difference", "low", "high"), shown(m)))} if m.get("difference") is not None else m
            for m in ordered]
    # a figure's name and definition from their own keys, as validate's table says them ("comebacks: share of
    # games …"), and its count after them: one bracket, built, never cut out of the words (issue #53)
    # a seat's share by its whole name, player 1's too: the short one is for a 100-column terminal's row, and
    # "victoires, joueur 1 (…)" stood above "part des victoires, joueur 2" (twenty-third reading fr50)
    def named(m: dict[str, Any]) -> str:  # a figure's name, its definition where not said before, and its count
        count = pairs_of(m, pairs, lang, game)
        if m["metric"] in again:
            return label(m["metric"], lang, game, short=not m["metric"].startswith("seat_")) + count
        text, short = gloss(m["metric"], lang, game), label(m["metric"], lang, game, short=True)
        if count and text and text.rstrip().endswith(")") and defined(m["metric"], lang, game) != short:
            # the count beside the name, before a definition that ends in a bracket: "(or 1 point, if that is
            # more) (of the 86 pairs …)" set two brackets back to back (terminal round 40 en45)
            return str(words["defined"].format(label=short + count, gloss=text))
        return defined(m["metric"], lang, game) + count

    rows = [{"name": named(m),
             "follows": words["follows_fix" if fix else "follows"] if m.get("follows_from_change") else "",
             "significant": bool(m.get("significant")), "base": f(m, "base"), "variant": f(m, "variant"),
             # no difference in any game: the column's question ("can this gap come from chance?") has no gap to ask
             # about; "yes" read as a change chance might explain (twentieth reading fr69)
             "same": m.get("difference") == 0 and m.get("low") == 0 and m.get("high") == 0,
             "difference": typeset(diff(m, "difference"), lang),  # "−9.3" as its interval's "[−10.6 to −7.9]"
             "interval": typeset(interval(*ends(m), lang), lang)} for m in seen]
    for row, m, true in zip(rows, seen, ordered):
        # the difference with its interval's decimals: "−0.4 [−0.77 to +0.01]" set two precisions in one figure
        # (terminal round 40 en40; the interval keeps what shows it holds 0: en63); the values keep one decimal,
        # the difference worked out before rounding, as the closing note says (round 45)
        # and its values too: "1.4 | 1.0 | −0.38" read 1.4 − 1.0 = −0.38; now "1.37 | 0.99 | −0.38" (round 46 en51*,
        # en53, ``summary.fine_cells``, as the terminal's row)
        fine = (fine_cells(true, ends(m), lang, share(m["metric"]))  # the true difference, unrounded (``seen``
                if m.get("low") is not None and m.get("high") is not None else None)  # has it rounded)
        if fine:
            row["base"], row["variant"] = fine[0], fine[1]
            row["difference"] = typeset(fine[2], lang)

    head = words["table"].split("|")
    head[2] = words["fixed_column"] if fix else head[2]
    if any(m.get("adj_low") is not None for m in ordered):  # widened past 95 %: not called a 95 % interval
        # the fix page has no closing note to point at (compare's has): its head says why itself (round 27 en28)
        head[4] = words["interval_widened_fix" if fix else "interval_widened"]
    if any(share(m["metric"]) for m in ordered):  # never "pp" / "pts" in a cell: the unit in the head (fr6); over
        # rows of which only some are shares, the head says which ("for a share" over a winner's score read as
        # percentage points too: twenty-second reading fr65, it71)
        head[3] = PAGE[lang]["difference_pp" if all(share(m["metric"]) for m in ordered) else "difference_pp_mixed"]
    # one head a column at every width: a phone's own shorter heads ("change", "beyond chance?") gave one figure two
    # names (twenty-second reading en55); on a phone each row is a card whose figures follow their heads (parts.html)
    # but for two: the difference's head by its first word alone, the unit after a share's figure ("difference
    # (variant − base; for the shares, in percentage points):" on every card, and over counts that are no share),
    # and the answer in words without its question ("questa differenza può venire dal caso? no" 24 to 32 times a
    # page: terminal round 40 en41, it43); the wide head's name stays the difference's
    phone = words["table_phone"].split("|")
    for row, m in zip(rows, seen):  # the unit as the language says it of the figure: « +1,2 point de pourcentage »,
        # French singular below 2, as the terminal's ``pp_one`` (terminal round 41 fr31*)
        one = m.get("difference") is not None and is_singular(abs(100 * m["difference"]), lang)
        row["unit"] = typeset("\u00a0" + phone[5 if one else 1], lang) if share(m["metric"]) else ""
    # a fix's table lists only the counts that moved beyond chance: its "beyond chance?" column said "yes" on every row
    # of all 14 tables (terminal round 40 en33); dropped there, kept wherever a row can say otherwise
    answers = not (fix and rows and all(r["significant"] and not r["same"] for r in rows))
    return {"head": [typeset(h, lang) for h in head], "rows": rows, "answers": answers,
            "phone": [typeset(p, lang) for p in phone]}


def forest(metrics: list[dict[str, Any]], title: str, lang: str = "en", game: dict[str, Any] | None = None) -> Markup:
    from cardgen.report.words import REPORT

    from cardgen.simulate.verdict import shown

    # the value and interval the table below and the verdict say (``shown``: Holm's widened one): one figure,
    # one interval on the page, never a 95 % one in the chart beside a widened one in the table (en66, it80)
    rows = [{**m, **dict(zip(("difference", "low", "high"), shown(m))), "label": metric_label(m["metric"], lang, game)}
            for m in metrics if is_share(m["metric"]) and m.get("low") is not None and m.get("difference") is not None]
    return differences_svg(rows, title, xlabel=REPORT[lang]["forest_axis"], lang=lang)


def deck_page(deck_id: str, doc: dict[str, Any], infos: dict[str, dict[str, Any]], compare_link: str | None,
              nav: str, pictures: dict[str, str] | None = None, lang: str = "en",
              naming: Naming | None = None) -> str:
    """Every player count of one deck: what it changes, verdict and warnings, charts against its base, details;
    every word in ``lang``, the game's things by their names (``naming``)."""
    from cardgen.report.words import page_words

    naming = naming or Naming()
    info = infos.get(deck_id, {})
    base_id = info.get("base")
    # each deck by its name wherever a person reads, its id only in commands (fourteenth reading en44, fr42, it51)
    name, base_name = info.get("name") or deck_id, infos.get(str(base_id), {}).get("name") or str(base_id)
    entries = []
    fix_said = False  # the fix command once a page, under the first count that flags a problem (en55)
    peaks_said = False  # why some peaks lack "at most … in 99% of games": once a page (terminal round 46 en43, it32)
    mine = [r for r in doc["results"] if r["variant"] == deck_id]
    caveated: set[str] = set()  # the caveat under a balance warning, whole once a page (``warning_caveats``)
    once: set[str] = set()  # a shortage's rule once a page, its figures at every count (twenty-first reading en16)
    defined_on_page: set[str] = set()  # each design indicator defined at its first table, named alone after (en63)
    cards = False
    top_fix = None  # the command for a problem several counts show, once under the intro (round 30 en37)
    own_cards = card_search(mine, lang, naming) is not None  # cards judged on more games than fix plays
    top = length_top(mine, naming.words)  # one length scale a page (round 32 en42)
    for r in (r for r in doc["results"] if r["variant"] == deck_id):
        base = next((b for b in doc["results"] if b["variant"] == base_id and b["players"] == r["players"]), None)
        sides = [(name, r, VARIANT_COLOUR)]
        if base is not None and base["completed"]:
            sides.insert(0, (base_name, base, BASE_COLOUR))
        # the fix command once a page, under the first count that shows a problem other than a card its own
        # section's line names (``card_fix``); the cards' lines, each under its count's warning
        hint = info.get("fix")
        # a seat imbalance has the terminal's command under its own count's warning (``balance_fix``), not a
        # page-wide "cardgen fix king_lui" beside the terminal's "--players 4" and "--players 5" for one task
        # (twenty-third reading en55, it50): the page-wide line is for the other problems
        plain = without_balance(r)
        fix = (fix_named(at_count(hint, plain, [without_balance(x) for x in doc["results"]]),
                         [without_balance(x) for x in mine], lang, naming)
               if fixable(without_cards(plain) if own_cards else plain) and not fix_said else None)
        fix_said = fix_said or fix is not None
        shared = [x["players"] for x in mine if fixable(without_cards(without_balance(x)) if own_cards
                                                        else without_balance(x))]
        if fix is not None and len(shared) > 1:
            # a problem of several counts: its command once at the top of the page, under the intro, never under
            # the first count's heading, where a reader who jumps to 5 or 6 players never sees it (round 30 en37)
            # (the cards' lines stay under their counts: ``card_fix`` below, as before)
            # ... led by where the warnings are: it advertised a fix before the reader had met the problem (round 31
            # en52)
            named = fix_named(at_count(hint, plain, [without_balance(x) for x in doc["results"]]),
                              [without_balance(x) for x in mine], lang, naming, counts=shared)
            top_fix, fix = {**fix, "text": named["text"], "cards": None}, None
        if own_cards:
            said_cards = card_fix(r, hint, lang, naming, also=fix is not None or top_fix is not None)
            fix = {**fix, "cards": said_cards} if fix is not None else said_cards
        cards = cards or cards_noted(r)  # its note (it60)
        # each warning and balance paragraph ended as the terminal ends it (``summary.ended``): a paragraph of two
        # or three sentences whose last had no full stop read as cut off on a printed page (terminal round 27 en36,
        # fr30, it47)
        warned = [ended(w) for w in warnings_of(r, lang, naming, once)]
        details = section(r, lang, naming)
        if details.get("peaks_note"):
            details["peaks_note"], peaks_said = ("" if peaks_said else details["peaks_note"]), True
        # a warning said under the heading is not said again in the details (fifteenth reading it50, en35): the
        # paragraphs compared by what they say (``balance_parts``' kinds), not by their text
        # and what is left (no gap beyond chance, or a gap more games would settle, with the command) is said
        # under the heading too, not in the closed details: a count that passed showed charts and no sentence
        # saying what to do (sixteenth reading en24)
        said = {kind for kind, _ in balance_parts(r.get("balance") or {}, lang)}
        details["balance"] = []
        # a paragraph opens with a capital: "balance: the fair share …" among "Caveat: …" (round 31 en34)
        verdict = [coded(_capital(ended(text)), more_games_command(r))
                   for kind, text in balance_parts(r.get("balance") or {}, lang, len(r["seat_win_rates"]),
                                                   more_games_command(r)) if kind not in said]
        # why the fair share is above 1/N, said by the balance sentence or warning above the charts: not again on
        # the chart's fair-share line (eighteenth reading en62: three times within one screen)
        reason = fair_why((r.get("balance") or {}).get("seat_fair_share") or 0.0, r["players"], lang)
        told = bool(reason) and any(reason in text for text in warned + verdict)
        caveats = warning_caveats(r, lang, naming, caveated)
        flagged = bool((r.get("balance") or {}).get("flags"))
        entries.append({"players": r["players"], "title": say_n("players", r["players"], lang), "passed": r["passed"],
                        "warnings": warned, "warned": warning_count(r), "balance": verdict,
                        "balance_fix": seat_fix(r, lang), "confirm": confirm_fix(r, lang, doc["results"], naming),
                        "fix": fix,
                        "skill": _skill_text(r, lang) if isinstance(r.get("skill"), dict) else "",
                        # a table (title, score, share of games), not a run-on paragraph (round 31 en42, fr8)
                        "scale": scale_table(r["scores"]["all"].get("histogram") or [], lang, naming)
                        if r["players"] == 1 and r["completed"] else "",  # the solo verdicts, as the terminal (en47)
                        "caveats": solo_caveats(r, lang, naming),
                        # under the balance warning where there is one, else under the balance line (en17*)
                        "warn_caveats": caveats if flagged else [], "balance_caveats": [] if flagged else caveats,
                        "charts": charts(sides, lang, naming.words, why=not told, top=top),
                        # the card's use said once a count: under the warning where there is one (round 39 en45)
                        "designer": designer_block(r, pictures, lang, naming, defined_on_page, bool(caveats)),
                        "against": (metrics_table(unpaired_rows(base, r), lang, game=naming.words)
                                    if base is not None else None),
                        "section": details})
    title = page_words("deck_title", lang, deck=deck_id, name=name)
    # what an interval in brackets means, once at the top of the page, where some count shows intervals (seat
    # rates, indicators): it stood in every count's folded details, 3-4 times a page (eighteenth reading en61, fr76)
    bracketed = any(len(r["seat_win_rates"]) > 1 for r in doc["results"] if r["variant"] == deck_id)
    return page("deck.html", title, nav, lang, box=changes_box(info, lang, naming),
                interval_plain=as_sentence(typeset(say("interval_plain", lang), lang)) if bracketed else "",
                compare_link=compare_link, base_id=str(base_id), deck_id=deck_id, entries=entries, top_fix=top_fix,
                words=typeset_pages(lang), badges=badges(lang),
                paired=page_words("paired_text", lang, variant=name, base=base_name),
                against=page_words("against", lang, base=base_name),
                footnotes=([impact_footnote(lang, False, any(
                    not row.get("judged", True) and (row.get("not_judged") or {}).get("why") != "all"
                    for r in mine for row in (r.get("designer") or {}).get("component_impact") or []))]
                           if cards else []))


def scale_table(histogram: list[Any], lang: str, naming: Naming) -> dict[str, Any] | None:
    """The solo game's score scale as a table: its caption (the terminal's heading, ``summary.scale_line``'s, without
    the items), its heads and one row per band: title, scores, share of games; None without a scale or a game. The
    run-on paragraph '“The King’s Head Waiter” (11 or 12) 7.0%; “A Well-Earned Tip” …' was hard to scan (round 31
    en42, fr8)."""
    from cardgen.report.words import page_words

    heading, bands = naming.scale
    games = sum(n for _, n in histogram)
    if not bands or not games:
        return None
    caption = say("scale", lang, heading=lowered(heading, lang), items="").rstrip().rstrip(":").rstrip("\u202f ")
    rows = [(verdict, say("scale_pair" if high == low + 1 else "scale_span", lang, low=low, high=high)
             if low != high else str(low),
             percent(sum(n for v, n in histogram if low <= v <= high) / games, lang, fixed=True))
            for low, high, verdict in bands]
    return {"caption": typeset(_capital(caption) + ".", lang), "head": page_words("scale_head", lang).split("|"),
            "rows": [tuple(typeset(str(c), lang) for c in row) for row in rows]}


def cards_noted(r: Mapping[str, Any]) -> bool:
    """Whether a count's card table is the opening hands' alone with cards judged, the one the page's foot note on
    the cards explains (``impact.impact_footnote``). A count whose card table has the mid-game figures too says it
    all in its key and method: the "Note on the cards" at the page's foot, left from the old one-interval table,
    described one interval per card, repeated the method and sat far below every table (round 36 en25*, fr32, it32)."""
    d = r.get("designer") or {}
    return judged_cards(d.get("component_impact") or []) > 0 and not (d.get("exchange") or {}).get("rows")


def mid_game_rows(doc: Mapping[str, Any], deck_id: str) -> bool:
    """Whether a count of ``deck_id`` in ``doc`` shows the mid-game (play experiment) card table."""
    return any(((r.get("designer") or {}).get("exchange") or {}).get("rows")
               for r in doc["results"] if r.get("variant") == deck_id)


def warning_caveats(r: dict[str, Any], lang: str, naming: Naming, said: set[str]) -> list[str]:
    """The caveat on a card every player has and hardly uses (Royale's Imposter), right under a balance warning and
    before its fix command, as the terminal says it (``summary.held_all_lines``): on the page it stood far below,
    under the cards, as "the same caution", and the warning's fix command came first (round 34 en30*). A count with
    no balance warning has it too, right under its balance line (``deck.html``): it stood under "Card strength",
    where a reader of the balance at 2 and 3 players never met it (terminal round 44 en17*). ``said``: the page's
    said-once keys, the caveat whole at its first count, short after."""
    from cardgen.simulate.summary import held_all_lines

    if r["players"] == 1:
        return []
    rows = (r.get("designer") or {}).get("component_impact") or []
    # the use alone: the count's card-strength paragraph below says why the card is not judged (round 39 en45)
    from cardgen.simulate.summary import first_games

    first = first_games(r.get("designer") or {}, r.get("games"))
    # under a balance warning, whole and of that imbalance, never "the note above applies" (round 45 it8)
    warned = any("seat" in f for f in (r.get("balance") or {}).get("flags") or [])
    return [as_sentence(line.strip()) for line in held_all_lines(rows, lang, naming, said, first=first,
                                                                  warning=warned)]


def solo_caveats(r: dict[str, Any], lang: str, naming: Naming) -> list[str]:
    """A solo count's caveat on a card its one player has and hardly uses, as its terminal block says it
    (``summary.held_all_lines``): the page's cards block, where the other counts say it, is no part of a solo game,
    and the solo section said nothing of Royale's Imposter (twenty-third reading en56, fr45, it53)."""
    from cardgen.simulate.summary import held_all_lines

    if r["players"] != 1:
        return []
    rows = (r.get("designer") or {}).get("component_impact") or []
    from cardgen.simulate.summary import first_games

    first = first_games(r.get("designer") or {}, r.get("games"))
    return [as_sentence(line.strip()) for line in held_all_lines(rows, lang, naming, None, True, first)]


def designer_block(r: dict[str, Any], pictures: dict[str, str] | None = None, lang: str = "en",
                   naming: Naming | None = None, said: set[str] | None = None, caveated: bool = False) -> Markup:
    """A validate entry's designer metrics (95 % intervals) and its "which card is too strong" chart, in ``lang``.
    ``said``: the indicators a page already defined above (their names added here): each is defined, with its
    reading, at its first table only, named alone after, as the terminal does (twenty-first reading en63, it67).
    ``caveated``: the count's balance warning said how rarely the players used a card every player has
    (``warning_caveats``): the cards' paragraph says why it is not judged, not that again (round 39 en45, fr51)."""
    from cardgen.report.words import page_words
    from cardgen.simulate.designer import FIGURES
    from cardgen.simulate.summary import figure_bases, first_games, interval, winner_games
    from cardgen.simulate.verdict import WORDS, defined, indicator, is_share as share, label

    d = r.get("designer") or {}
    if r.get("players") == 1:  # lead changes, comebacks, cards some seats lack: nothing to measure alone (as the terminal)
        from cardgen.report.impact import _held_by_all

        held = d.get("component_impact") or []
        # but cards every player has keep their card-strength paragraph, why none is judged, as every count's
        # block says it (round 42 en1, en15, it1, fr1); the solo caveat above said how rarely they are used
        keep = ("component_impact",) if held and all(_held_by_all(x) for x in held) else ()
        d = {k: v for k, v in d.items() if k not in FIGURES and k not in ("component_impact", "exchange") or k in keep}
        caveated = caveated or bool(keep)
    figures = [(name, d[name]) for name in FIGURES if isinstance(d.get(name), dict)]
    options = [line.strip() for line in option_lines(r.get("options") or [], lang, naming)]
    if not figures and not d.get("component_impact") and not d.get("exchange") and not options:
        return Markup()
    words = (naming or Naming()).words  # the game's unit: Draco's tension is in silver coins, not points (en93)
    again = said_before([n for n, _ in figures], said)
    from cardgen.simulate.summary import row_label

    # a later table's short name with its unit, as the terminal's row: "tension" alone, under "tension in points"
    # only in the first table's definition, left the unit to the reader (terminal round 47 fr33)
    rows = [{"name": row_label(n, lang, naming or Naming()) if n in again else defined(n, lang, words),
             # which way is more of it, as the terminal says it: the page gave the definition alone, and a designer
             # could not tell whether 53 % of comebacks is much (seventeenth reading it64, en8)
             "reading": _capital(say(f"reading_{n}", lang)) + "." if f"reading_{n}" in LINES[lang] and n not in again
             else "",
             # the figures as the terminal writes them: "50.0%", "[4.3 to 5.0]", "0.40 [0.33 to 0.47]" (round 46 en44*)
             "mean": indicator(f["mean"], lang, share(n), f["mean"]),
             "interval": interval(indicator(f["low"], lang, share(n), f["mean"]),
                                  indicator(f["high"], lang, share(n), f["mean"]), lang)}
            for n, f in figures]  # writes it: "[3,6 ; 6,4]", never "[3,6, 6,4]" where a comma is the decimal mark
    names = dict((naming or Naming()).names)
    from cardgen.simulate.verdict import unit

    own = (naming or Naming()).words
    cards_title = own_words(words, lang).get("cards_dealt") or WORDS[lang]["cards_dealt"]
    if (d.get("exchange") or {}).get("rows"):  # both experiments: one table, one row per card (issue #53)
        cards = strength_block(d.get("component_impact") or [], d["exchange"], pictures, lang, names,
                               unit(lang, own), said, unit(lang, own, False))
        cards_title, played = IMPACT_WORDS[lang]["strength_title"], ""
    else:
        cards = (impact_block(d["component_impact"], pictures, False, lang, names, words, said,
                              Count(r.get("players"), caveated, first_games(d, r.get("games"))))
                 if d.get("component_impact") else "")  # its legend whole at the page's first table (en49)
        played = exchange_block(d["exchange"], lang=lang, said=said) if d.get("exchange") else ""  # why not measured
        none = own_words(words, lang).get("cards_none")
        if not cards and not played and figures and none:  # no card judged: the game says why (round 39 fr34,
            # it29: King Lui's section was missing with no word, while Royale's said why), once a page in full
            told = said is not None and "cards_none" in said
            cards = Markup("<p>{}</p>").format(IMPACT_WORDS[lang]["all_dealt_again"] if told else none)
            if said is not None:
                said.add("cards_none")
    # which games each figure counts, once under the table as the terminal says it (nineteenth reading fr4, en8)
    # each a sentence with its full stop: on a phone the grey notes ran on into one another (terminal round 47 en47)
    bases = [typeset(_capital(note).rstrip(".") + ".", lang) for note in figure_bases(figures, lang, naming, r.get("players"),
                                                                     (r.get("ties") or {}).get("shared_wins") or 0,
                                                                     winner_games(r))]
    # a table of names only (each defined at the page's first table) says where the definitions are: King Lui's 4-
    # and 5-player tables showed bare names with no pointer (round 31 it28); by the table that defined them, and in
    # a table of some names and some definitions too: "the first table of this kind" was roundabout, and Royale's
    # 3-player table, which defines kingmaking, had none (round 32 en45, it33)
    if said is not None:
        said.update(f"at:{n}:{r.get('players')}" for n, _ in figures if n not in again)
    at = {int(k.rsplit(":", 1)[1]) for k in (said or ()) for n in again
          if k.startswith(f"at:{n}:") and k.rsplit(":", 1)[1].isdigit()}
    pointer = ("" if not again else page_words("figures_defined_at", lang, n=at.pop()) if len(at) == 1
               else page_words("figures_defined_above", lang))
    # what a designer does with the figures, once a page, as the terminal says it (terminal round 41 en5)
    use = "" if said is not None and "designer_use" in said else page_words("designer_use", lang)
    if said is not None and rows:
        said.add("designer_use")
    return render("designer.html", figures=rows, title=page_words("designer", lang, games=d.get("games", 0)), bases=bases,
                  defined_above=pointer, use=use if rows else "",
                  head=PAGES[lang]["designer_head"].split("|"), cards=cards,
                  # each figure named on a phone, where the heads are hidden (round 32 en43, fr32)
                  labels=[PAGES[lang]["designer_head"].split("|")[1], typeset(PAGES[lang]["designer_interval_short"], lang)],
                  # a game without an opening hand names the section its own way (Royale: round 31 en40, fr28, it33)
                  cards_title=cards_title,
                  played=played, played_title=IMPACT_WORDS[lang]["exchange_title"], options=options)


def compare_page(doc: dict[str, Any], info: dict[str, Any], nav: str, pictures: dict[str, str] | None = None,
                 naming: Naming | None = None) -> str:
    """The paired comparison of a variant with its base: the verdict first, then per player count the
    figures grouped for designers, the components in the box, which card is too strong, the charts, and
    last, folded, the engine's tallies; the statistics behind "unlikely to be chance" in footnotes. Every
    word is in ``doc["lang"]`` (``info`` holds the variant's name and description in it); ``naming`` (both
    decks', ``Naming.of_decks``) names the rules, components, card kinds and the component each shortfall
    lacks in that language."""
    from cardgen.report.words import REPORT
    from cardgen.simulate.summary import shortfall_line as summary_shortfall
    from cardgen.simulate.verdict import (GROUPS, PAGE, WORDS, agents_words, footnote, named_metrics,
                                          significance_line, verdict)

    from cardgen.simulate.balance import COVER
    from cardgen.simulate.verdict import number

    lang = doc.get("lang", "en")
    words, report = WORDS[lang], REPORT[lang]
    naming = naming or Naming()
    names = dict(naming.names)
    results = doc["results"]
    from cardgen.simulate.verdict import WORDS as VERDICT_WORDS

    # the charts' legends name the two sides as the tables' columns do (terminal round 41 fr32)
    sides_named = VERDICT_WORDS[lang]["table"].split("|")[1:3]
    # each deck by its title in the language, as the terminal names it ("King Lui: Hungry Dragon"), never by
    # its file id in the page's title and its components lines (tenth reading it73, fr70, en62)
    titles = {doc["base"]: naming.title or doc["base"],
              doc["variant"]: info.get("name") or doc.get("name") or doc["variant"]}
    folded = folded_stop(results, lang)  # every count stopped alike: said once, as the terminal (en65, fr31, it57)
    lines = [{"text": text} for text in folded]
    # what the figures can show, before them, as the terminal says it (en18)
    lines += [{"text": text} for text in same_play_lines(results, lang, naming)]
    for r in results:  # a count stopped at a look says so first (how many pairs, and why), then what they showed
        prefix = words["players"].format(p=r["players"]) if len(results) > 1 else ""
        stop = [] if folded else [{"text": text} for text in stop_lines({"results": [r]}, lang)]
        # one weight for every line: the first finding of each count stood in bold with no key saying why (en61);
        # one paragraph per player count, its prefix once, as the terminal: "3 joueurs :" opening four paragraphs
        # in a row read as separate findings, a phone's screen of them (twenty-third reading fr52, it56)
        said = verdict(r, lang, names=names)
        lines += stop + ([{"text": prefix + " ".join([lowered(said[0], lang), *said[1:]])}] if prefix and said
                         else [{"text": text} for text in said])
    # once, as the terminal; the engine counts too, which no line of this summary lists (it14)
    lines += [{"text": text} for text in stopped_caution(results, lang, naming, listed=False)]
    for r in results:  # what each option the variant's house rule adds is worth: what its designer asks first
        prefix = words["players"].format(p=r["players"]) if len(results) > 1 else ""
        lines += [{"text": prefix + line.strip()}
                  for line in option_lines(r["variant_result"].get("options") or [], lang, naming)]
    # every line of the box set as the language sets it, as the terminal sets its own: the count's prefix
    # ("3 joueurs : ") came from the verdict's words untypeset, a breaking space before the colon in 22 lines
    # where the folded stop line just above had the narrow one (twenty-third reading fr49)
    lines = [{**line, "text": typeset(line["text"], lang)} for line in lines]
    box = changes_box({**info, "kind": "variant", "base": doc["base"], "base_name": titles[doc["base"]],
                       "differences": doc["differences"],
                       # the terminal's line (compare.introduction), not the book's rule said twice (fr14)
                       "description": doc.get("description") or info.get("description", "")}, lang, naming)
    agents = agents_words(doc["agents"], lang) if isinstance(doc.get("agents"), list) else agents_text(doc)
    entries = []
    wide_said: set[Any] = set()  # the numbers of pairs whose wide intervals were said (en62)
    quiet_said = False  # whether a count with no seat flagged has said why validate may differ (round 41 en36)
    defined_here: set[str] = set()  # each indicator defined at its first table, named alone after (fr63)
    for r in results:
        b, v = r["base_result"], r["variant_result"]
        # an engine count the summary's sentences name ("fewer games where a player owes more than they have")
        # is a finding, counted and shown with the figures, not among the "Other counts", as the terminal counts
        # them (eighteenth reading fr84: the page said "2 of 12 changed" where the terminal said "1 of 11")
        named = named_metrics(r)
        cited = [m for m in r["metrics"] if m.get("group") == "internal" and m["metric"] in named]
        internal = [m for m in r["metrics"] if m.get("group") == "internal" and m["metric"] not in named]
        sig = sum(m["significant"] for m in r["metrics"] if m.get("group") != "internal" or m in cited)
        heading = PAGE[lang]["heading_none" if sig == 0 else "heading_one" if sig == 1 else "heading"]
        moved = sum(m["significant"] for m in internal)
        if moved:  # the folded "Other counts" table shows its "yes" too: the heading counts them (fr59)
            heading += PAGE[lang]["heading_none_more" if sig == 0 else "heading_more"].format(m=moved)
        game = naming.words or r.get("game_words")
        groups = [(words[key], metrics_table(counted_first(rows, game), lang, False, game, r.get("games"),
                                                  defined_here))
                  for key in GROUPS[:-1]
                  if (rows := [m for m in r["metrics"] if m.get("group") == key])]
        if cited:
            groups.append((words["cited"], metrics_table(cited, lang, False, game, r.get("games"), defined_here)))
        both = {f["peak"] for f in b.get("sufficiency", [])} & {f["peak"] for f in v.get("sufficiency", [])}
        shorts = [(side["variant"], s) for side in (b, v) for s in side.get("sufficiency", []) if s["peak"] not in both]
        folded = None
        if internal:
            moved = sum(m["significant"] for m in internal)
            # one colon, the verb agreeing with the count ("Autres mesures : 1 sur 5 a changé"; fifteenth reading
            # fr44, it53: "Autres mesures : valeurs modifiées : 1 sur 5")
            # none moved: "none of the 5", never "0 of 5 changed" (nineteenth reading fr73), as the terminal says
            if moved == 0:
                summary = report["internal_none_one" if len(internal) == 1 else "internal_none"]
            else:
                summary = report["internal_one" if is_singular(moved, lang) else "internal"]
            # open where it holds a change: the summary points to its row, which a fold closed at load hid
            # (twenty-sixth reading en25)
            # one of them as the language counts it (« une sur 6 »: terminal round 46 fr15)
            shown = say("internal_one_m", lang) if moved == 1 else moved
            folded = {"summary": typeset(summary.format(label=words["internal"], n=len(internal), m=shown), lang),
                      "open": moved > 0,
                      "forest": forest(internal, report["forest"], lang, r.get("game_words")),
                      "table": metrics_table(internal, lang, game=r.get("game_words"))}
        # intervals of ±40-50 points after an early stop: no change beyond chance is no proof (fr60, en58); said
        # once, under the first count's tables, as the terminal says it once: the same sentence under every count's
        # tables was three times a page (twenty-third reading en62); again only for another number of pairs
        wide = None
        if wide_intervals(r["metrics"]) and r["games"] not in wide_said:
            wide_said.add(r["games"])
            wide = typeset(say("wide_intervals", lang, pairs=r["games"]), lang)
        entries.append({
            "players": r["players"], "heading": heading.format(p=r["players"], n=sig), "groups": groups,
            "wide": wide,
            # the variant's fix only for what the variant shows: a seat the base game flags too, or whose change
            # is not established, is the base game's and its line names the base's fix (fr26, it52, it60)
            # the terminal's, each seat's verdict, figures and command a paragraph of their own, as the terminal sets
            # them on lines of their own: one paragraph a seat was a wall of 17 lines on a phone (fr26)
            "problems": [[typeset(part[:1].upper() + part[1:], lang) for part in parts]
                         for parts in compare_balance_parts(r, lang, doc["base"], page=True)],
            # a count with no seat flagged says so under the same heading, as the terminal does (en20)
            # why validate may still differ said at the first such count only: the same two sentences under every
            # count were the page's repeated note (terminal round 41 en36)
            "balance_quiet": typeset(say("compare_balance_quiet_again" if quiet_said else "compare_balance_quiet", lang,
                                         counts=str(r["players"]), pairs=int(r.get("games") or 0)), lang)
            if r.get("players") != 1 else "",
            # the terminal's sentence (summary.shortfall_line): the bank, its coins and the edition's ruling in the
            # game's words, never "print 57 more copies of 'Silver coin' … the box runs short" (en66, fr75)
            # a shortage both games show: its rule and its table once, at the top of the page (``shortages``), its
            # figures here in one sentence; each side's whole warning at every count made eight near-identical
            # paragraphs (twenty-first reading fr61, it71)
            "shortfalls": [*shortage_counts(r, both, lang, naming),
                           *(typeset(say("deck_warning", lang, deck=titles.get(deck, deck),
                                         line=summary_shortfall(s, lang, naming)), lang) for deck, s in shorts)],
            "cards": (impact_block(r["component_impact"], pictures, True, lang, names, naming.words, defined_here,
                                   Count(r.get("players")))  # its caveat names the count (round 39 fr53)
                      if r.get("component_impact") else ""),  # its legend whole at the first count (en49)
            # the two sides named in the legends as the tables' columns name them ("base", "variant"): a long variant
            # name ran past the 300-px chart's edge, "Le Roi Lui : gourmandise pa", and the variant's fair-share
            # label lost its start (terminal round 41 fr32); the page's title names both games
            "charts": charts([(sides_named[0], b, BASE_COLOUR), (sides_named[1], v, VARIANT_COLOUR)], lang,
                             naming.words or r.get("game_words")),
            "internal": folded})
        quiet_said = quiet_said or bool(entries[-1]["balance_quiet"] and not entries[-1]["problems"])
    notes: list[str] = []
    fine: list[str] = []  # why some rows take two decimals: said in the opening paragraph (``intro``)
    if results:
        # the page marks by its "significant" column; the note on rounding said in the opening paragraph, beside
        # "Differences are variant minus base", not as the last sentence of the page (terminal round 46 en49, en52)
        from cardgen.terminal import say as line
        notes.append(footnote(results, lang, page=True).removesuffix(" " + typeset(line("compare_rounding", lang), lang)))
        # a row with two decimals ("1,37 | 0,99 | −0,38 [−0,77 ; +0,01]") in a page of one: said why, once, where the
        # page has one (terminal round 46 fr42: only draco.html's card note said it); in the opening paragraph,
        # after the rounding sentence, as that one is: at the page's end they came some 200 rows below the first
        # row they explain (terminal round 47 fr42, en42)
        if any(fine_row(m, lang) for r in results for m in r.get("metrics") or []):
            fine.append(line("compare_fine_ends", lang))
        # and a design indicator below 1, which takes two decimals as on validate's page (terminal round 47 en42*)
        from cardgen.simulate.summary import indicator_places
        from cardgen.simulate.verdict import PLACES
        if any(indicator_places(m) > PLACES and m.get("low") is not None for r in results
               for m in r.get("metrics") or []):
            fine.append(line("compare_fine_small", lang))
    if any(judged_cards(r.get("component_impact") or []) for r in results):  # no note on no card judged (it60)
        notes.append(impact_footnote(lang, True, any(
            not row.get("judged", True) and (row.get("not_judged") or {}).get("why") != "all"
            for r in results for row in r.get("component_impact") or [])))
    if len(doc.get("looks") or ()) > 1:
        notes.append(say("looks_note", lang, looks=len(doc["looks"])))
    fixes = fix_problems(doc, lang, naming)
    return page("compare.html", typeset(report["title"].format(variant=titles[doc["variant"]], base=titles[doc["base"]]),
                                        lang), nav, lang,
                verdict=lines, significance=significance_line(len(results[0]["metrics"]) if results else 0, lang),
                box=box, intro=typeset(" ".join([_capital(PAGE[lang]["intro"].format(games=games_played(doc, lang),
                                                                                    agents=agents, seed=doc["seed"])),
                                                 *fine]), lang),
                skipped=doc.get("skipped") or [], entries=entries, components=words["components"],
                shortages=[{**note, **{k: typeset(note[k], lang) for k in ("head", "advice", "claims", "weight")},
                            "cols": [typeset(h, lang) for h in note["cols"]]}
                           for note in shortage_notes(results, lang, naming)],
                fix=(compare_fix(info.get("fix"), titles[doc["variant"]], lang, dict(fixes).get(doc["variant"], ""),
                                 fixes) if any(variant_fixable(r) for r in results) else None),
                enough=typeset(words["enough"].format(cover=number(COVER, lang, True)), lang),
                cards_title=words["cards"], charts_title=words["charts"],
                # the terminal's heading without its colon: about both games, not the change (fr53, it30)
                balance_title=say("compare_balance_head", lang).rstrip(":").rstrip("\u202f "),
                footnotes=notes)


def played_pairs(run: dict[str, Any], lang: str = "en") -> str:
    """A compare run's games as the overview shows them: the pairs played per player count, one figure or the
    range, with the planned --games where a count stopped before it ("100–300 of 1,000 planned pairs"); "1000"
    alone, the plan, read as games played (fourteenth reading en40, fr6, it37). A run registered before the
    count was kept: its --games as written."""
    from cardgen.report.words import page_words

    pairs, most = run.get("pairs"), run.get("games")
    if not pairs or not isinstance(most, int):
        return "" if most is None else str(most)
    low, high = min(pairs), max(pairs)
    shown = (decimal(low, lang, places=0) if low == high
             else say("count_range", lang, low=low, high=high))  # « 200 à 300 » (fr81), one wording with the terminal
    return page_words("run_pairs_all" if low == most else "run_pairs", lang, pairs=shown, most=most)


def run_verdict(r: Mapping[str, Any], lang: str = "en") -> str:
    """A validate run's verdict in the runs' list, in the words of the terminal's closing line and the run page's
    opening (``summary.total_line``: "3 combinations of deck and player count checked; none failed, 1 with
    warnings"), from the counts its record keeps: the list said "3 of 3 passed, none with warnings" where the
    terminal and the overview said "none failed", three phrasings of one verdict (twentieth reading en67). Never
    "0 with warnings" (fifteenth reading fr34)."""
    from cardgen.simulate.summary import checked_line

    # the run's own closing line where it was written in this language: it names what the warnings are about
    # ("(4 giocatori: equilibrio)"), which the counts alone cannot (round 30 it27)
    said = (r.get("closing") or {}).get(lang)
    if said:
        return said
    # a record without its decks: said as several, as before (twenty-second reading en5)
    players = [int(k.rsplit("@", 1)[1]) for k in r.get("results") or {} if k.rsplit("@", 1)[-1].isdigit()]
    # one warning in all: "1 with a warning", from the counts a record keeps since round 29 en28 (none in an older one)
    single = sum((r.get("warning_counts") or {}).values()) == 1
    return checked_line(r["total"], r["total"] - r["passed"], r.get("warned") or 0, len(r.get("decks") or (0, 0)),
                        lang, players, single, [int(k.rsplit("@", 1)[1]) for k in r.get("warned_results") or ()
                                                if k.rsplit("@", 1)[-1].isdigit()])


def fine_row(m: Mapping[str, Any], lang: str) -> bool:
    """Whether a compared figure's row takes two decimals: an end of its interval would round to 0.0
    (``summary.marked_ends``, ``summary.fine_cells``: the row's values, difference and interval alike)."""
    import re

    from cardgen.simulate.summary import marked_ends
    from cardgen.simulate.verdict import is_share, shown

    if m.get("difference") is None:
        return False
    _, low, high = shown(dict(m))
    if low is None or high is None:
        return False
    return any(re.search(r"\d[.,]\d{2}", end) for end in marked_ends(low, high, lang, is_share(m["metric"])))


def runs_index(runs: list[dict[str, Any]], nav: str, lang: str = "en") -> str:
    """Every report folder, newest first: kind, decks, options, result; in ``lang`` (the command that wrote it
    last), the agents and results in words."""
    from cardgen.report.words import page_words

    rows = []
    for r in runs:
        if r.get("kind") == "validate" and "total" in r:
            result = run_verdict(r, lang)
        elif r.get("kind") == "compare" and "significant" in r:
            from cardgen.report.gallery import WORDS as GALLERY, comparison_note
            from cardgen.simulate.summary import and_list
            # counted as the gallery counts it, and as the compare page's headings do (terminal round 46 fr46*)
            result = page_words("run_compare", lang, counts=comparison_note(r, GALLERY[lang]),
                                players=and_list([str(p) for p in sorted(r.get("players") or [])], lang))
        else:
            result = page_words("run_old", lang)
        agents = r.get("agents") or []
        rows.append({"href": f"{r['id']}/index.html", "kind": page_words(f"kind_{r.get('kind', 'validate')}", lang)
                     if r.get("kind") in ("validate", "compare") else str(r.get("kind")),
                     # the games by their names, a comparison as base → variant; ids only in an older record (en42)
                     # each name kept on one line by the page (class "nw"): "Draco &" / "Co" broke in a narrow
                     # column (round 29 it34)
                     "names": [str(n) for n in (r.get("names") or r.get("decks") or [])],
                     "joiner": " → " if r.get("kind") == "compare" else ", ",
                     # "1,000" as every other count of the reports, never "1000" (twenty-third reading en50, fr1)
                     "games": played_pairs(r, lang) if r.get("kind") == "compare" else grouped(r.get("games"), lang),
                     "players": ", ".join(str(p) for p in r.get("players") or []),
                     # "heuristic" glossed, alone in its column far from the run pages' gloss (round 32 en33)
                     "agents": ", ".join(dict.fromkeys(page_words("runs_agent_heuristic", lang) if a == "heuristic"
                                                       else agent_word(a, lang) for a in
                                                       ([agents] if isinstance(agents, str) else agents))),
                     # a sentence of its own, capitalised as the overview opens with it (round 38 en17)
                     "seed": r.get("seed"), "result": _capital(result)})
    return page("runs.html", page_words("runs_title", lang), nav, lang, intro=coded(page_words("runs_intro", lang), "--seed"),
                head=PAGES[lang]["runs_head"].split("|"), runs=rows)
