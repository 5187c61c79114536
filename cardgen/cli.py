"""Command line: parses arguments and calls library functions, nothing more.

Every command's work lives in a library function that tests call directly;
this module only turns arguments into calls and results into exit codes:
0 success, 1 a check failed, 2 bad input (one line on stderr, no traceback).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from cardgen.errors import InputError
from cardgen.model.schema import LANGS

PAPERS = ("a4", "letter")


def _csv(allowed: Sequence[str], what: str):
    def parse(value: str) -> list[str]:
        items = [v.strip() for v in value.split(",") if v.strip()]
        for item in items:
            if item not in allowed:
                from cardgen.errors import did_you_mean
                hint = did_you_mean(item, allowed)
                raise argparse.ArgumentTypeError(
                    f"unknown {what} '{item}'; expected {', '.join(allowed)}"
                    + (f" (did you mean '{hint}'?)" if hint else ""))
        return items
    return parse


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardgen", description="Print-and-play sheets, rulebooks and a rules "
                                "validator for card-game decks and house-rule variants.")
    p.add_argument("--project", default=".", help="project folder with decks/ and variants/ (default: .)")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    b = sub.add_parser("build", help="card sheets and rulebooks into out/")
    b.add_argument("decks", nargs="*", metavar="DECK_OR_VARIANT")
    b.add_argument("--lang", type=_csv(LANGS, "language"), default=list(LANGS))
    b.add_argument("--paper", type=_csv(PAPERS, "paper"), default=list(PAPERS))
    b.add_argument("--duplex", choices=("long", "short", "none"), default="long")
    b.add_argument("--ink-saver", action="store_true", help="no large solid fills, light outlines")
    b.add_argument("--out", default="out", help="output folder (default: out)")
    b.add_argument("--no-rules", action="store_true", help="card sheets only, no rulebooks")

    i = sub.add_parser("inspect", help="show the resolved deck")
    i.add_argument("deck", metavar="DECK_OR_VARIANT")
    i.add_argument("--json", action="store_true")
    i.add_argument("--lang", choices=LANGS, default="en")

    c = sub.add_parser("check", help="static checks for every player count")
    c.add_argument("decks", nargs="*", metavar="PATH")

    s = sub.add_parser("schema", help="JSON Schema of deck and variant files")
    s.add_argument("--out", help="write to this file instead of standard output")

    e = sub.add_parser("export", help="PNG per card or Tabletop Simulator sheets")
    e.add_argument("format", choices=("png", "tts"))
    e.add_argument("deck", metavar="DECK_OR_VARIANT")
    e.add_argument("--lang", type=_csv(LANGS, "language"), default=list(LANGS))
    e.add_argument("--preset", default="default", help="pixel-size preset for png (see docs)")
    e.add_argument("--out", default="out")

    v = sub.add_parser("validate", help="simulate games and report completion, gaps and balance")
    v.add_argument("decks", nargs="*", metavar="DECK_OR_VARIANT")
    v.add_argument("--games", type=int, default=1000)
    v.add_argument("--players", type=int, nargs="+")
    v.add_argument("--agents", nargs="+", default=None,
                   help="agents rotated over the seats (default: each game's heuristic agent)")
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--json", dest="json_file")
    v.add_argument("--log", dest="log_file")
    v.add_argument("--jobs", type=int, default=0, help="worker processes (default: one per core)")
    v.add_argument("--cap", type=int, default=10_000,
                   help="decisions after which a game counts as never ending (default: 10000)")
    v.add_argument("--out", default="out")
    v.add_argument("--engine", choices=("auto", "reference", "fast"), default="auto",
                   help="auto: a game's compiled tier where it can play these agents (same games, faster); "
                        "reference: the readable engines only; fast: fail where the compiled tier cannot play")
    v.add_argument("--search-iterations", type=int, default=200,
                   help="iterations per decision of the search agent (default: 200)")
    v.add_argument("--skill", action="store_true",
                   help="also measure skill versus luck: search against random and heuristic players")
    v.add_argument("--skill-games", type=int, default=100,
                   help="skill games per opponent, deck and player count (default: 100)")

    r = sub.add_parser("replay", help="re-run logged games and compare")
    r.add_argument("log", metavar="FILE")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except InputError as exc:
        print(f"cardgen: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardgen: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `cardgen validate | head`: the reader left, not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace) -> int:
    from cardgen.load.project import Project

    if args.command == "schema":
        from cardgen.model.jsonschema import json_schema
        text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
        if args.out:
            from cardgen.fileio import write_atomic
            write_atomic(args.out, text)
        else:
            sys.stdout.write(text)
        return 0
    if args.command == "replay":
        from cardgen.simulate.replay import replay_file
        return replay_file(Path(args.log))

    project = Project.open(args.project)
    from cardgen.resolve.resolve import Resolver
    resolver = Resolver(project)

    if args.command == "inspect":
        from cardgen.inspect import format_deck
        deck = resolver.resolve(args.deck)
        if args.json:
            print(json.dumps(deck.to_json(), indent=2, ensure_ascii=False))
        else:
            print(format_deck(deck, args.lang))
        return 0
    if args.command == "export":
        from cardgen.render.export import export
        return export(resolver.resolve(args.deck), args.format, args.lang, Path(args.out), args.preset)
    decks = [resolver.resolve(sid) for sid, _ in project.select(args.decks)]
    if args.command == "check":
        from cardgen.inspect import format_checks
        from cardgen.check.static import run_checks
        failed = 0
        for deck in decks:
            results = run_checks(deck)
            failed += sum(not r.passed for r in results)
            print(format_checks(deck, results))
        print(f"{len(decks)} deck(s) checked, {failed} check(s) failed")
        return 1 if failed else 0
    if args.command == "build":
        from cardgen.build import BuildOptions, build
        opts = BuildOptions(langs=args.lang, papers=args.paper, duplex=args.duplex, ink_saver=args.ink_saver,
                            rules=not args.no_rules)
        return build(decks, Path(args.out), opts)
    if args.command == "validate":
        from cardgen.simulate.validate import ValidateOptions, validate
        opts = ValidateOptions(games=args.games, players=args.players, agents=args.agents, seed=args.seed,
                               json_file=Path(args.json_file) if args.json_file else None,
                               log_file=Path(args.log_file) if args.log_file else None,
                               jobs=args.jobs, out=Path(args.out), cap=args.cap, engine=args.engine,
                               search_iterations=args.search_iterations, skill=args.skill,
                               skill_games=args.skill_games)
        return validate(decks, opts)
    raise AssertionError(args.command)  # pragma: no cover - argparse restricts commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
