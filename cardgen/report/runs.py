"""Report folders: one per run, an index of runs, and the gallery kept up to date.

``out/validation/<run id>/`` holds one run: ``index.html`` (the overview, or the
comparison), one page per deck, and the run's JSON (``run.json`` / ``compare.json``).
The id comes from the options alone (decks, games, player counts, agents, seed, cap,
engine), so a different run never overwrites another one and the same run lands in
the same folder again. ``out/validation/runs.json`` lists the runs newest first and
``out/validation/index.html`` shows that list. Every file is written atomically.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable

from cardgen.fileio import write_atomic
from cardgen.report.registry import RUNS, deck_info, latest_compare, load_runs
from cardgen.model.deck import ResolvedDeck
from cardgen.simulate.summary import Naming, total_line
from cardgen.simulate.summary import warned as passed_warned
from cardgen.simulate.summary import warning_count

def validation_run_id(doc: dict[str, Any], lang: str = "en") -> str:
    """``validate-<deck or N-decks>-<hash of the options>``, ``-fr`` at the end for a report in French (each
    language its own folder, as compare's)."""
    decks = list(dict.fromkeys(r["variant"] for r in doc["results"]))
    counts = sorted({r["players"] for r in doc["results"]})
    key = json.dumps([decks, counts, doc["games"], doc["agents"], doc["seed"], doc["cap"],
                      sorted({r.get("engine", "") for r in doc["results"]})])
    slug = decks[0] if len(decks) == 1 else f"{len(decks)}-decks"
    return f"validate-{slug}-{hashlib.sha256(key.encode()).hexdigest()[:8]}{'' if lang == 'en' else '-' + lang}"


def _nav(depth: int, lang: str = "en", playtest: bool = False, here: bool = False) -> str:
    """The links atop a page: the gallery, the runs, the run's overview and, when people played (``playtest``),
    the run's playtest page (``cardgen.report.playtest``). ``here``: the page is the run's overview, named in plain
    text, not a link to itself (round 32 en35, fr25)."""
    from cardgen.report.playtest import PAGE, WORDS
    from cardgen.report.templating import macro
    from cardgen.report.words import REPORT

    gallery, runs, overview = REPORT[lang]["nav"]
    up = "../" * depth
    links = [(f"{up}../index.html", gallery), (f"{up}index.html", runs)] + (
        [(None if here else "index.html", overview)] if depth else [])
    return macro("parts.html", "nav", links + ([(PAGE, WORDS[lang]["report"])] if playtest and depth else []))


def _json(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def _register(root: Path, record: dict[str, Any], lang: str = "en") -> None:
    """Put a run first in ``runs.json`` and write the index of runs, its words in ``lang``."""
    from cardgen.report.pages import runs_index
    from cardgen.report.templating import macro
    from cardgen.report.words import PAGES

    runs = [r for r in load_runs(root) if r["id"] != record["id"]]
    runs.insert(0, record)
    write_atomic(root / RUNS, _json(runs))
    write_atomic(root / "index.html", runs_index(runs, macro("parts.html", "nav", [("../index.html",
                                                                                    PAGES[lang]["gallery"])]), lang))


def write_validation_run(out: Path, doc: dict[str, Any], decks: list[ResolvedDeck], lang: str = "en",
                         playtest: Callable[[Path], Path] | None = None) -> Path:
    """Write a validation run's folder, register it, refresh the gallery; return its overview page. Its pages
    are in ``lang``, the game's things named as each deck's game names them. ``playtest`` writes the run's
    playtest page into its folder (``--human-logs``): written first, every page of the run and the gallery
    link it."""
    from cardgen.report.impact import face_pictures
    from cardgen.report.pages import deck_page, fix_hint, overview
    from cardgen.report.words import page_words

    root = Path(out) / "validation"
    run = validation_run_id(doc, lang)
    folder = root / run
    infos = {d.id: {**deck_info(d, lang), "fix": fix_hint(d.id, out, lang)} for d in decks}
    namings = {d.id: Naming.of(d, lang) for d in decks}
    runs = load_runs(root)
    write_atomic(folder / "run.json", _json(doc))
    played = playtest is not None and playtest(folder) is not None
    for deck_id in dict.fromkeys(r["variant"] for r in doc["results"]):
        base = infos.get(deck_id, {}).get("base")
        link = latest_compare(runs, base, deck_id) if base else None
        deck = next((d for d in decks if d.id == deck_id), None)
        write_atomic(folder / f"{deck_id}.html",
                     deck_page(deck_id, doc, infos, f"../{link}/index.html" if link else None,
                               _nav(1, lang, played), face_pictures(out, deck) if deck is not None else None, lang,
                               namings.get(deck_id)))
    from cardgen.terminal import say
    # each game by its name with its id, as the terminal's lines: "draco" alone was an id, not a title (it104)
    names = ", ".join(say("deck_titled", lang, deck=d, title=infos[d]["name"]) if infos.get(d, {}).get("name") not in
                      (None, "", d) else d for d in dict.fromkeys(r["variant"] for r in doc["results"]))
    write_atomic(folder / "index.html", overview(doc, infos, page_words("validation_title", lang, decks=names),
                                                 _nav(1, lang, played, here=True), lang, namings))
    failed = sum(not r["passed"] for r in doc["results"])
    warned = sum(map(passed_warned, doc["results"]))  # the terminal's test (en6)
    _register(root, {"id": run, "kind": "validate", "decks": list(infos), "games": doc["games"],
                     "names": [infos[d].get("name") or d for d in infos],  # what the runs' page shows (en42)
                     "players": sorted({r["players"] for r in doc["results"]}), "agents": doc["agents"],
                     "seed": doc["seed"], "passed": len(doc["results"]) - failed, "total": len(doc["results"]),
                     "warned": warned,
                     "summary": f"{len(doc['results']) - failed}/{len(doc['results'])} passed, {warned} with warnings",
                     "results": {f"{r['variant']}@{r['players']}": r["passed"] for r in doc["results"]},
                     # the counts that passed with a warning: the gallery says so beside "passed" (fr66)
                     "warned_results": [f"{r['variant']}@{r['players']}" for r in doc["results"] if passed_warned(r)],
                     # and how many warnings each has: one in all is "1 with a warning" in the runs' list and the
                     # gallery, as the terminal says it (round 29 en28, it32, it58)
                     "warning_counts": {f"{r['variant']}@{r['players']}": warning_count(r) for r in doc["results"]
                                        if passed_warned(r)},
                     # the terminal's closing line as the run said it, with what its warnings are about: the
                     # runs' list, built from the counts alone, lost "(balance)" (round 30 it27)
                     "closing": {lang: total_line(doc["results"], lang, namings)}},
              lang)
    _gallery(out, decks, lang)
    return folder / "index.html"


def counted_changes(doc: dict[str, Any]) -> tuple[int, int, int]:
    """A comparison's changes beyond chance, how many of them follow directly from the variant's rule
    (``follows_from_change``), and how many of the others are among the game's other counts, as the compare page's
    headings count them ("1 change beyond chance in the main figures (and 1 among the other counts)": an engine
    count its sentences do not name, ``pages.compare_page``). The runs' page counts those apart, since "16 changes"
    overstated what Light Supper does where the terminal names 7 (fifteenth reading en39); and "6 changes beyond
    chance" beside headings that add up to 3 and 3 (terminal round 46 fr46*)."""
    from cardgen.simulate.verdict import named_metrics

    metrics = [(m, r) for r in doc["results"] for m in r["metrics"] if m["significant"]]
    named = {id(r): named_metrics(r) for r in doc["results"]}
    follows = sum(bool(m.get("follows_from_change")) for m, _ in metrics)
    others = sum(1 for m, r in metrics if not m.get("follows_from_change") and m.get("group") == "internal"
                 and m["metric"] not in named[id(r)])
    return len(metrics), follows, others


def write_compare_run(out: Path, doc: dict[str, Any], decks: list[ResolvedDeck],
                      playtest: Callable[[Path], Path] | None = None) -> Path:
    """Write a comparison's folder, register it, refresh the gallery; return its page. ``playtest``: as
    ``write_validation_run``'s (the page then links the run's playtest page)."""
    from cardgen.report.impact import face_pictures
    from cardgen.report.pages import compare_page, fix_hint

    root = Path(out) / "validation"
    folder = root / doc["run"]
    write_atomic(folder / "compare.json", _json(doc))
    played = playtest is not None and playtest(folder) is not None
    lang = doc.get("lang", "en")
    infos = {d.id: {**deck_info(d, lang), "fix": fix_hint(d.id, out, lang)} for d in decks}
    pictures = {k: v for d in decks for k, v in face_pictures(out, d).items()}
    write_atomic(folder / "index.html", compare_page(doc, infos.get(doc["variant"], {}), _nav(1, lang, played, here=True),
                                                     pictures,
                                                     Naming.of_decks(decks, lang)))
    sig, follows, others = counted_changes(doc)
    _register(root, {"id": doc["run"], "kind": "compare", "decks": [doc["base"], doc["variant"]],
                     "names": [infos.get(d, {}).get("name") or d for d in (doc["base"], doc["variant"])],
                     # the pairs each player count played (a count stops early): the overview shows them, never
                     # only the planned --games (fourteenth reading en40, fr6, it37)
                     "games": doc["games"], "pairs": [r["games"] for r in doc["results"]],
                     "players": [r["players"] for r in doc["results"]],
                     "agents": doc["agents"], "seed": doc["seed"], "significant": sig, "follows": follows,
                     "others": others,
                     "summary": f"{sig} change(s) beyond chance over {len(doc['results'])} player count(s)"}, lang)
    _gallery(out, decks, lang)
    return folder / "index.html"


def _gallery(out: Path, decks: list[ResolvedDeck], lang: str) -> None:
    """Refresh the gallery at ``out`` in the run's language (its entry page, which the run's pages link)."""
    from cardgen.report.gallery import update_gallery
    update_gallery(Path(out), decks, thumbnails=False, lang=lang)
