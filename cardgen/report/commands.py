"""The validate and compare commands: run the simulation, print its summary, write the JSON and the reports.

The simulations (``cardgen.simulate.validate.run_validation``, ``cardgen.simulate.compare.run_compare``)
return their results and write nothing but their logs; the command that asked for them prints the
terminal summary in the user's language, writes the ``--json`` file, and draws the HTML report
and the people's playtest page from those results (never from games that failed). Living in the
report stage, these functions look down at the simulation they run, as every stage does
(docs/ARCHITECTURE.md, "Order of stages"); ``cardgen/cli.py`` and tests call them directly.
"""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

from cardgen.fileio import write_atomic
from cardgen.games.base import words_of
from cardgen.report.pages import fix_problems, fixable, problems_at, problems_shown, without_cards
from cardgen.report.playtest import PAGE, WORDS, write_playtest_page
from cardgen.report.runs import write_compare_run, write_validation_run
from cardgen.model.deck import ResolvedDeck
from cardgen.simulate.compare import CompareOptions, public_json, run_compare
from cardgen.simulate.human import human_figures, human_line, read_human_games
from cardgen.simulate.skill import format_skill
from cardgen.simulate.summary import (Naming, card_search, designer_across, fix_pointer, format_comparison,
                                      format_entry, total_line)
from cardgen.simulate.validate import ValidateOptions, agents_line, run_validation
from cardgen.terminal import echo, say, say_n


def validate(decks: list[ResolvedDeck], opts: ValidateOptions) -> int:
    """Run the validator, print a summary, write the reports; 1 if any entry failed, else 0."""
    lang = opts.lang
    humans = None
    if opts.human_logs:
        humans = read_human_games(opts.human_logs)
    doc = run_validation(decks, opts)
    naming = {deck.id: Naming.of(deck, lang) for deck in decks}
    said = None  # who played: said once, again only where it changes
    notes: set[str] = set()  # a note the same for every entry (how to measure cards in play): said once
    for result in doc["results"]:
        lines = once(format_entry(result, lang, naming.get(result["variant"]), notes, doc["results"]).split("\n"), lang, notes)
        fig = human_figures(humans, result["variant"], result["players"]) if humans is not None else None
        if fig is not None:
            result["human"] = fig
            own = naming.get(result["variant"])
            lines.insert(1, human_line(fig, (result.get("rounds") or {}).get("mean"), lang=lang,
                                       words=own.words if own else None))
        told = bool(result.get("agents_played")) and agents_line(result, lang) != said
        if told:
            said = agents_line(result, lang)
            lines.insert(1, said)
        if result.get("skill"):
            lines.insert(2 if told else 1, format_skill(result["skill"], lang))
        echo("\n".join(lines))
    for line in designer_across(doc["results"], lang, naming):  # the counts side by side (round 36 en15)
        echo(line)
    echo(total_line(doc["results"], lang, naming))
    for deck in dict.fromkeys(r["variant"] for r in doc["results"] if fixable(r)):  # a problem fix searches a cure for
        # a seat imbalance names its fix in its own warning block (``summary.balance_fix``): not again here
        shown = [without_seats(r) for r in doc["results"] if r["variant"] == deck]
        own = naming.get(deck)
        cards = card_search(shown, lang, own, also=True)  # cards judged on more games than fix plays: own command
        rest = [without_cards(r) for r in shown] if cards else shown
        head = titled(deck, own.title if own else "")
        if any(fixable(r) for r in rest):
            # the problems by name, never "… above" after 280 lines (round 30 en25)
            what = problems_shown(rest, lang, naming=own) + problems_at(rest, lang)
            echo(say("fix_terminal", lang, shown=head, search=fix_pointer(what, f"cardgen fix {deck}", lang)))
            if cards:
                echo("    " + cards)
        elif cards:
            echo(say("fix_terminal", lang, shown=head, search=card_search(shown, lang, own)))
    if opts.json_file is not None:
        write_atomic(opts.json_file, json.dumps(doc, indent=1, ensure_ascii=False, default=str) + "\n")
    broken = sum(r.get("failed_games", 0) for r in doc["results"])
    if broken:  # no report page drawn from games that could not be played
        echo(say_n("no_report", broken, lang))
        return 1
    if opts.out is not None:
        playtest = None
        if humans is not None:
            by_id = {d.id: d for d in decks}
            entries = [(r["players"], [(by_id.get(r["variant"]), r["variant"], r)]) for r in doc["results"]]
            title = WORDS[lang]["title"].format(name=", ".join(dict.fromkeys(r["variant"] for r in doc["results"])))
            playtest = partial(write_playtest_page, games=humans, entries=entries, title=title, lang=lang)
        target = write_validation_run(Path(opts.out), doc, decks, lang, playtest)  # the run's pages link it
        echo(say("report", lang, path=target))
        if playtest is not None:
            echo(say("playtest_page", lang, path=target.parent / PAGE))
    return 1 if any(not r["passed"] for r in doc["results"]) else 0


def without_seats(r: dict[str, Any]) -> dict[str, Any]:
    """Validate entry ``r`` without its seats' balance flags (an agent's stay): the problems the run's closing fix
    line names, once each block's seat imbalance has named its own fix (nineteenth reading fr16)."""
    flags = [f for f in (r.get("balance") or {}).get("flags") or [] if "seat" not in f]
    return {**r, "balance": {**(r.get("balance") or {}), "flags": flags}}


def once(lines: list[str], lang: str, said: set[str]) -> list[str]:
    """An entry's lines without a note already said for an earlier entry (``exchange_off``: the same words at
    every player count), so a long run says each note once."""
    from cardgen.simulate.exchange import POINTS

    note = "  " + say("exchange_off", lang, points=POINTS)
    out = [line for line in lines if line != note or line not in said]
    said.update(line for line in lines if line == note)
    return out


def fix_lines(doc: dict[str, Any], lang: str, titles: dict[str, str], naming: Naming | None = None) -> list[str]:
    """The ``cardgen fix`` lines under compare's screen (``titles``: deck id -> its title in ``lang``): one per
    deck whose games show a problem fix searches a cure for, as validate's; one line naming both commands where
    both decks show the same problems, which two near-identical three-line paragraphs said twice (thirteenth
    reading fr35, it40)."""
    fixes = fix_problems(doc, lang, naming)
    if len(fixes) == 2 and fixes[0][1] == fixes[1][1]:
        return [fix_pointer(fixes[0][1], say("fix_pair", lang, base=fixes[0][0], variant=fixes[1][0]), lang,
                            capital=True)]
    return [say("fix_terminal", lang, shown=titled(deck, titles.get(deck, "")),
                search=fix_pointer(what, f"cardgen fix {deck}", lang))
            for deck, what in fixes]


def compare(base: ResolvedDeck, variant: ResolvedDeck, opts: CompareOptions) -> int:
    """Run the comparison, print one screen, write the JSON and the report; always 0 (bad input raises). Under
    the screen, as under validate's, the ``cardgen fix`` command of each deck (base or variant) whose games show
    a problem fix searches a cure for (``fixable``)."""
    humans = None
    if opts.human_logs:
        humans = read_human_games(opts.human_logs)
    doc = run_compare(base, variant, opts)
    naming = Naming.of_decks([base, variant], opts.lang)
    echo(format_comparison(doc, naming, tables=opts.out is None))  # one screen: the tables are in the report
    for line in fix_lines(doc, opts.lang, {d.id: d.text(opts.lang if opts.lang in d.languages else d.languages[0])["name"]
                                           for d in (base, variant)}, naming):
        echo(line)
    if humans is not None:
        for r in doc["results"]:
            for side, deck in (("base", base), ("variant", variant)):
                fig = human_figures(humans, deck.id, r["players"])
                r.setdefault("people", {})[side] = fig  # the JSON's people's figures (None: nobody played it)
                if fig is not None:
                    agents = (r[f"{side}_result"].get("rounds") or {}).get("mean")
                    echo(human_line(fig, agents, say("people_side", opts.lang, deck=deck.id,
                                                      players=say_n("players", r["players"], opts.lang)), opts.lang,
                                     words_of(deck)))
    if opts.json_file is not None:
        write_atomic(opts.json_file, json.dumps(public_json(doc), indent=1, ensure_ascii=False) + "\n")
    if opts.out is not None:
        playtest = None
        if humans is not None:
            lang = doc.get("lang", "en")
            entries = [(r["players"], [(base, base.id, r["base_result"]), (variant, variant.id, r["variant_result"])])
                       for r in doc["results"]]
            title = WORDS[lang]["title_compare"].format(variant=variant.id, base=base.id)
            playtest = partial(write_playtest_page, games=humans, entries=entries, title=title, lang=lang)
        target = write_compare_run(Path(opts.out), doc, [base, variant], playtest)  # its page links the playtests
        echo(say("report", opts.lang, path=target))
        if playtest is not None:
            echo(say("playtest_page", opts.lang, path=target.parent / PAGE))
    return 0


def titled(deck: str, title: str) -> str:
    """A deck as a line names it for a person: its title with its id ("Draco & Co: Charity Toast
    (draco-charity-toast)"), the id alone where the title is the id or missing."""
    return say("deck_titled", deck=deck, title=title) if title and title != deck else deck
