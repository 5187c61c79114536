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
from typing import Any

from cardgen.fileio import write_atomic
from cardgen.report.registry import RUNS, deck_info, latest_compare, load_runs
from cardgen.resolve.resolve import ResolvedDeck

def validation_run_id(doc: dict[str, Any]) -> str:
    """``validate-<deck or N-decks>-<hash of the options>``."""
    decks = list(dict.fromkeys(r["variant"] for r in doc["results"]))
    counts = sorted({r["players"] for r in doc["results"]})
    key = json.dumps([decks, counts, doc["games"], doc["agents"], doc["seed"], doc["cap"],
                      sorted({r.get("engine", "") for r in doc["results"]})])
    slug = decks[0] if len(decks) == 1 else f"{len(decks)}-decks"
    return f"validate-{slug}-{hashlib.sha256(key.encode()).hexdigest()[:8]}"


def _nav(depth: int, lang: str = "en") -> str:
    from cardgen.report.templating import macro
    from cardgen.report.words import REPORT

    gallery, runs, overview = REPORT[lang]["nav"]
    up = "../" * depth
    links = [(f"{up}../index.html", gallery), (f"{up}index.html", runs)] + ([("index.html", overview)] if depth else [])
    return macro("parts.html", "nav", links)


def _json(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def _register(root: Path, record: dict[str, Any]) -> None:
    from cardgen.report.pages import runs_index
    from cardgen.report.templating import macro

    runs = [r for r in load_runs(root) if r["id"] != record["id"]]
    runs.insert(0, record)
    write_atomic(root / RUNS, _json(runs))
    write_atomic(root / "index.html", runs_index(runs, macro("parts.html", "nav", [("../index.html", "gallery")])))


def write_validation_run(out: Path, doc: dict[str, Any], decks: list[ResolvedDeck]) -> Path:
    """Write a validation run's folder, register it, refresh the gallery; return its overview page."""
    from cardgen.report.impact import face_pictures
    from cardgen.report.pages import deck_page, overview

    root = Path(out) / "validation"
    run = validation_run_id(doc)
    folder = root / run
    infos = {d.id: deck_info(d) for d in decks}
    runs = load_runs(root)
    write_atomic(folder / "run.json", _json(doc))
    for deck_id in dict.fromkeys(r["variant"] for r in doc["results"]):
        base = infos.get(deck_id, {}).get("base")
        link = latest_compare(runs, base, deck_id) if base else None
        deck = next((d for d in decks if d.id == deck_id), None)
        write_atomic(folder / f"{deck_id}.html",
                     deck_page(deck_id, doc, infos, f"../{link}/index.html" if link else None, _nav(1),
                               face_pictures(out, deck) if deck is not None else None))
    write_atomic(folder / "index.html", overview(doc, infos, f"Rules validation: {run}", _nav(1)))
    failed = sum(not r["passed"] for r in doc["results"])
    warned = sum(bool(r.get("sufficiency") or r.get("balance", {}).get("warnings")) for r in doc["results"])
    _register(root, {"id": run, "kind": "validate", "decks": list(infos), "games": doc["games"],
                     "players": sorted({r["players"] for r in doc["results"]}), "agents": doc["agents"],
                     "seed": doc["seed"],
                     "summary": f"{len(doc['results']) - failed}/{len(doc['results'])} passed, {warned} with warnings",
                     "results": {f"{r['variant']}@{r['players']}": r["passed"] for r in doc["results"]}})
    _gallery(out, decks)
    return folder / "index.html"


def write_compare_run(out: Path, doc: dict[str, Any], decks: list[ResolvedDeck]) -> Path:
    """Write a comparison's folder, register it, refresh the gallery; return its page."""
    from cardgen.report.impact import face_pictures
    from cardgen.report.pages import compare_page

    root = Path(out) / "validation"
    folder = root / doc["run"]
    write_atomic(folder / "compare.json", _json(doc))
    lang = doc.get("lang", "en")
    infos = {d.id: deck_info(d, lang) for d in decks}
    pictures = {k: v for d in decks for k, v in face_pictures(out, d).items()}
    write_atomic(folder / "index.html", compare_page(doc, infos.get(doc["variant"], {}), _nav(1, lang), pictures,
                                                     component_names(decks, lang), shortfall_components(decks)))
    sig = sum(m["significant"] for r in doc["results"] for m in r["metrics"])
    _register(root, {"id": doc["run"], "kind": "compare", "decks": [doc["base"], doc["variant"]],
                     "games": doc["games"], "players": [r["players"] for r in doc["results"]],
                     "agents": doc["agents"], "seed": doc["seed"],
                     "summary": f"{sig} significant change(s) over {len(doc['results'])} player count(s)"})
    _gallery(out, decks)
    return folder / "index.html"


def component_names(decks: list[ResolvedDeck], lang: str) -> dict[str, str]:
    """Component id -> its name in ``lang`` (the variant's name wins where both decks name it)."""
    from cardgen.games.base import component_name

    return {c.id: component_name(d, c.id, lang) or c.id for d in decks for c in d.model.components}


def shortfall_components(decks: list[ResolvedDeck]) -> dict[str, str]:
    """Shortfall tally -> the component id it lacks, as the decks' games declare it."""
    return {k: v for d in decks for k, v in getattr(d.spec, "shortfall_components", {}).items()}


def _gallery(out: Path, decks: list[ResolvedDeck]) -> None:
    from cardgen.report.gallery import update_gallery
    update_gallery(Path(out), decks, thumbnails=False)
