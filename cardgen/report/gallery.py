"""The local gallery, ``out/index.html``: every deck and variant with its cards, books and reports.

Written by ``build`` (with card thumbnails) and updated by ``validate`` and ``compare``
(their latest reports). Plain static files with relative links: it opens from disk,
without a server or scripts. Thumbnails come from the same vector drawing as the
sheets (``cardgen.render.export``: one PDF page per distinct face, rasterised with
pypdfium2): ``out/gallery/<key>.png`` and a larger ``<key>-large.png`` a click opens,
named by a hash of what the face shows, so a face a variant shares with its base is
drawn once. Both sizes are rasterised from the vectors (cheaper and as sharp as
resampling the large one), and ``build`` draws them in its worker processes, beside
the sheets (``thumbnail_tasks``). What the gallery knows between commands is in ``out/gallery.json``; thumbnails
are drawn again only when the deck's build hash changes. Deterministic: no dates,
decks in id order, files written atomically.
"""
from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen import wordbook
from cardgen.fileio import read_json_object, write_atomic
from cardgen.languages import grouped, is_code, native_name
from cardgen.model.deck import ResolvedDeck

STATE = "gallery.json"
#: the page's words per language (``gallery.json`` beside this file: cardgen/wordbook.py)
WORDS = wordbook.load(__file__)["page"]
THUMB_HEIGHT = 150  # px
LARGE_DPI = 150
#: How pictures are made, part of their names: both sizes rasterised from the vectors by pdfium,
#: encoded by ``cardgen.report.png`` (3: since it replaced Pillow; the pixels are the same).
PICTURES = "pdfium-3"


def bullet(text: str) -> str:
    """A bullet of the gallery's list of a variant's changes, its first letter a capital (``if you hold…`` ->
    ``If you hold…``): the lines are made to follow a colon in running text (lower case), a bullet starts a line."""
    return text[:1].upper() + text[1:]


def load_state(out: Path) -> dict[str, Any]:
    """What the last gallery recorded (``{}``: none, or unreadable)."""
    return read_json_object(out / STATE)


def _face_key(deck: ResolvedDeck, side: Any, lang: str, code: str, memo: dict[str, str] | None = None) -> str:
    """Everything the renderer draws on one face: the component's faces (not its count), the texts the
    game writes for them from the rule numbers, the deck's card size, colours and backs, the code.

    ``memo`` keeps what several faces share (the deck's parts, a component's dump) for one deck."""
    import hashlib
    memo = {} if memo is None else memo
    m = deck.model
    if "deck" not in memo:
        memo["deck"] = "\x00".join([
            m.card.model_dump_json(),
            json.dumps({k: v.model_dump(mode="json") for k, v in m.colours.items()}, sort_keys=True),
            json.dumps({k: v.model_dump(mode="json") for k, v in m.backs.items()}, sort_keys=True)])
    comp = side.component
    own = f"comp:{comp.id}"
    if own not in memo:
        texts = [deck.spec.face_text(deck, comp, face, lang) or "" for face in comp.faces]
        memo[own] = comp.model_dump_json(exclude={"count"}) + "\x00" + json.dumps(texts)
    parts = [memo[own], str(side.index), memo["deck"], lang, code, f"{THUMB_HEIGHT}|{LARGE_DPI}|{PICTURES}"]
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:20]


@dataclass
class ThumbnailTask:
    """Pictures of some faces of one deck, drawn anywhere (``build`` hands them to its worker
    processes) and written by the caller: ``make()`` returns ``[(path under out/, PNG bytes)]``."""

    deck: ResolvedDeck
    lang: str
    todo: list[tuple[Any, str]]  # (side, face key)

    def make(self) -> list[tuple[str, bytes]]:
        return draw_pictures(self.deck, self.lang, self.todo)


def _deck_lang(deck: ResolvedDeck, lang: str) -> str:
    """A deck not written in ``lang`` (a print-only deck has its own languages) shows its first one."""
    return lang if lang in deck.languages else deck.languages[0]


def _keyed_sides(deck: ResolvedDeck, lang: str) -> list[tuple[Any, str]]:
    """Each distinct face of ``deck`` with the key naming its pictures."""
    from cardgen.buildkeys import code_hash, source_hash
    from cardgen.render.export import _sides_of

    code = source_hash("cards") + code_hash(deck.game, deck.project)
    memo: dict[str, str] = {}
    return [(side, _face_key(deck, side, lang, code, memo)) for side in _sides_of(deck)]


def _missing(out: Path, key: str) -> bool:
    """A picture of this face is absent or empty (pictures are not fsynced: a power cut can leave
    an empty one, which is drawn again)."""
    folder = out / "gallery"
    return not (_nonempty(folder / f"{key}.png") and _nonempty(folder / f"{key}-large.png"))


def _thumbs_key(deck: ResolvedDeck, deck_lang: str) -> str:
    """What the deck's recorded pictures were drawn from (``gallery.json``'s ``thumbs_key``)."""
    from cardgen.buildkeys import deck_hash

    return f"{deck_hash(deck)}|{deck_lang}|{THUMB_HEIGHT}|{LARGE_DPI}|{PICTURES}"


#: Each deck's keyed sides by its thumbs key (which covers everything a face key hashes but the
#: renderer's own sources, fixed in one process): ``build`` asks before its workers draw
#: (``thumbnail_tasks``) and again once they are done (``update_gallery``), each time for all 193 faces.
_KEYED: dict[str, list[tuple[Any, str]]] = {}


def _keyed_sides_of(deck: ResolvedDeck, lang: str, thumbs_key: str) -> list[tuple[Any, str]]:
    """``_keyed_sides(deck, lang)``, remembered for the deck's ``thumbs_key`` (this process only)."""
    keyed = _KEYED.get(thumbs_key)
    if keyed is None:
        if len(_KEYED) >= 64:  # a long process (tests, a tuning run) sees many decks: keep the latest few
            _KEYED.clear()
        keyed = _KEYED[thumbs_key] = _keyed_sides(deck, lang)
    return keyed


def _current(out: Path, entry: dict[str, Any], key: str) -> bool:
    """The deck's recorded pictures were drawn from ``key`` and are all on disk, none empty."""
    return entry.get("thumbs_key") == key and all(_nonempty(out / t[size]) for t in entry.get("cards", [])
                                                  for size in ("src", "large"))


def _nonempty(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def thumbnail_tasks(out: Path, decks: list[ResolvedDeck], lang: str = "en", chunk: int = 24) -> list[ThumbnailTask]:
    """The face pictures ``update_gallery`` would draw, as tasks of at most ``chunk`` faces: each
    missing face once, even when several decks show it; none for a deck whose pictures are current.

    Each task is one PDF for pdfium to load (5-6 ms of fonts and subsets): 24 faces a task cost
    4 % less than 12 (0.83 s against 0.86 s for the base decks' 193 faces) and still make pieces
    small enough (about 0.1 s) for the build to share out at its end."""
    tasks: list[ThumbnailTask] = []
    planned: set[str] = set()
    state = load_state(out)
    for deck in decks:
        deck_lang = _deck_lang(deck, lang)
        drawn_from = _thumbs_key(deck, deck_lang)
        if _current(out, state.get(deck.id, {}), drawn_from):
            continue
        todo = []
        for side, key in _keyed_sides_of(deck, deck_lang, drawn_from):
            if key not in planned and _missing(out, key):
                planned.add(key)
                todo.append((side, key))
        tasks.extend(ThumbnailTask(deck, deck_lang, todo[i:i + chunk]) for i in range(0, len(todo), chunk))
    return tasks


def missing_pictures(out: Path, decks: list[ResolvedDeck], lang: str = "en") -> list[tuple[str, bytes]]:
    """Every picture ``thumbnail_tasks`` lists, drawn: a small build's one pictures job, so that its
    forked worker starts before the faces' keys are known and works them out itself."""
    return [file for task in thumbnail_tasks(out, decks, lang) for file in task.make()]


def prepare_keys(decks: list[ResolvedDeck], lang: str = "en") -> None:
    """Work out each deck's face keys (remembered for ``update_gallery``): a small build does it while
    its worker draws the pictures."""
    for deck in decks:
        deck_lang = _deck_lang(deck, lang)
        _keyed_sides_of(deck, deck_lang, _thumbs_key(deck, deck_lang))


def draw_pictures(deck: ResolvedDeck, lang: str, todo: list[tuple[Any, str]]) -> list[tuple[str, bytes]]:
    """``gallery/<key>.png`` (``THUMB_HEIGHT`` pixels high) and ``gallery/<key>-large.png``
    (``LARGE_DPI``) for each ``(side, key)``: both rasterised by pdfium from one vector drawing."""
    if not todo:  # before the imports: pdfium costs milliseconds to load
        return []
    from cardgen.render.export import sides_pdf
    from cardgen.report.pdfium import library

    pdfium = library()
    # uncompressed: pdfium reads it at once and nobody keeps it (its drawing is the same)
    pdf = sides_pdf(deck, lang, [side for side, _ in todo], bleed=False, compress=False)
    doc = pdfium.FPDF_LoadMemDocument(pdf, len(pdf), None)  # reads ``pdf`` in place: kept alive until closed
    if not doc:
        raise ValueError(f"pdfium could not read the faces' own PDF (error {pdfium.FPDF_GetLastError()})")
    files = []
    try:
        for index, (_, key) in enumerate(todo):
            page = pdfium.FPDF_LoadPage(doc, index)
            if not page:
                raise ValueError(f"pdfium could not read page {index + 1} of the faces' own PDF")
            try:
                width, height = pdfium.FPDF_GetPageWidthF(page), pdfium.FPDF_GetPageHeightF(page)
                for name, scale in ((f"{key}.png", THUMB_HEIGHT / height), (f"{key}-large.png", LARGE_DPI / 72.0)):
                    files.append((f"gallery/{name}", _render_png(pdfium, page, width * scale, height * scale)))
            finally:
                pdfium.FPDF_ClosePage(page)
    finally:
        pdfium.FPDF_CloseDocument(doc)
    return files


def png_size(path: Path) -> tuple[int, int]:
    """Width and height of a PNG file, from its header (no image library needed)."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    if len(head) < 24 or not head.startswith(b"\x89PNG\r\n\x1a\n") or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG file")
    return struct.unpack(">II", head[16:24])


def words_in(lang: str) -> dict[str, str]:
    """The gallery's words in ``lang`` (a language it has no words for: English)."""
    return WORDS.get(lang) or WORDS["en"]


def draw_thumbnails(deck: ResolvedDeck, out: Path, lang: str, thumbs_key: str | None = None) -> list[dict[str, Any]]:
    """Each distinct face of ``deck``, small and large, named by what it shows: a face a variant shares
    with its base (or another deck) is drawn once. Returns what the gallery shows. ``thumbs_key``
    (``_thumbs_key``) lets the faces' keys be those ``thumbnail_tasks`` worked out already."""
    keyed = _keyed_sides(deck, lang) if thumbs_key is None else _keyed_sides_of(deck, lang, thumbs_key)
    todo = [(side, key) for side, key in keyed if _missing(out, key)]
    for rel, data in draw_pictures(deck, lang, todo):
        write_atomic(out / rel, data, durable=False)  # as build writes them: drawn again when empty
    items, words = [], words_in(lang)
    for side, key in keyed:
        comp = side.component
        if side.back and comp.back is not None:
            name = words["card_back"]  # shared by every card with this back
        elif comp.kind == "die":
            name = words["die_face"].format(name=comp.name[lang], n=side.index + 1)
        else:
            name = words["back"].format(name=comp.name[lang]) if side.back else comp.name[lang]
        width, height = png_size(out / "gallery" / f"{key}.png")
        items.append({"src": f"gallery/{key}.png", "large": f"gallery/{key}-large.png", "name": name,
                      "count": comp.count if not side.back and comp.kind != "die" else None,
                      "width": width, "height": height})
    return items


def _render_png(pdfium: Any, page: Any, width_px: float, height_px: float) -> bytes:
    """The PNG file of a pdfium page rendered ``width_px`` x ``height_px`` (rounded up) on white, as
    pypdfium2's ``PdfPage.render`` renders it (the same size, flags and pixels), encoded by
    ``cardgen.report.png`` (Pillow's encoder took most of the gallery's time, this one a third of it,
    for smaller files).

    pdfium draws straight into PNG's row layout (``rows_buffer``: each row after its filter byte),
    which zlib then compresses as it is: no copy of the pixels on the way. pdfium's own C functions
    (``cardgen.report.pdfium``) do it: the ``PdfBitmap`` of older pypdfium2 versions takes no buffer
    with a stride of our choosing."""
    import ctypes
    import math

    from cardgen.report.png import encode_rows, row_stride, rows_buffer

    width, height = math.ceil(width_px), math.ceil(height_px)
    stride = row_stride(width)
    data = rows_buffer(width, height)
    pixels = (ctypes.c_ubyte * (stride * height)).from_buffer(data, 1)
    bitmap = pdfium.FPDFBitmap_CreateEx(width, height, pdfium.FPDFBitmap_BGR, pixels, stride)
    if not bitmap:
        raise MemoryError(f"pdfium could not make a {width}x{height} bitmap")
    try:
        pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)  # opaque white
        pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0,
                                     pdfium.FPDF_ANNOT | pdfium.FPDF_REVERSE_BYTE_ORDER)  # RGB
    finally:
        pdfium.FPDFBitmap_Destroy(bitmap)
    del pixels  # the bytearray's export: it is only read from here on
    return encode_rows(width, height, data)


def _prune(out: Path, state: dict[str, Any]) -> None:
    """Remove face pictures no deck of the gallery shows any more."""
    used = {Path(c[k]).name for e in state.values() for c in e.get("cards", []) for k in ("src", "large")}
    for png in (out / "gallery").glob("*.png"):
        if png.name not in used:
            png.unlink(missing_ok=True)


def update_gallery(out: Path, decks: list[ResolvedDeck], thumbnails: bool = True, lang: str | None = None) -> Path:
    """Record ``decks`` (drawing thumbnails when asked and out of date) and write ``out/index.html``. ``lang``: the
    gallery's language, the one of the command writing it (build, validate, compare, tune: a ``--lang fr`` run into
    a new folder left an English entry page, seventeenth reading fr65, it57); None keeps the one it was last
    written in. Pictures already drawn stay as drawn (a build draws them again in its own language)."""
    from cardgen.report.registry import deck_info

    out = Path(out)
    state = load_state(out)
    lang = lang or gallery_lang(state)
    for deck in decks:
        entry = dict(state.get(deck.id, {}))
        entry.update(deck_info(deck, lang))  # its name and description in the gallery's language
        # what the variant changes in words (a rule, a component by its name), for the page: never an id
        from cardgen.simulate.summary import Naming, difference_line, house_files
        naming = Naming.of(deck, _deck_lang(deck, lang))
        entry["changes"] = [difference_line(d, _deck_lang(deck, lang), naming) for d in deck.differences]
        entry["files"] = house_files(deck.differences, _deck_lang(deck, lang))  # under the changes, on their own
        entry["engine"] = deck.spec.new_game is not None  # validate and compare need a rules engine
        entry["lang"] = lang  # the page's language, kept for the commands that name none
        if thumbnails:
            deck_lang = _deck_lang(deck, lang)
            key = _thumbs_key(deck, deck_lang)
            if not _current(out, entry, key):
                entry["cards"] = draw_thumbnails(deck, out, deck_lang, key)
                entry["thumbs_key"] = key
        state[deck.id] = entry
    state = dict(sorted(state.items()))
    if thumbnails:
        _prune(out, state)
    write_atomic(out / STATE, json.dumps(state, indent=1, ensure_ascii=False) + "\n")
    target = out / "index.html"
    write_atomic(target, render_gallery(out, state))
    return target


def gallery_lang(state: dict[str, Any]) -> str:
    """The language the gallery was last built in (recorded with each deck), English before any."""
    return next((str(e["lang"]) for e in state.values() if isinstance(e, dict) and e.get("lang")), "en")


def _books(out: Path, deck_id: str, words: dict[str, str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Links to the rulebooks and card sheets on disk: per language, its name and its (href, text) links."""
    rows = []
    for lang in sorted(p.name for p in (out / deck_id).glob("*") if p.is_dir() and is_code(p.name)):
        links = []
        for kind, label in (("rules", "rulebook"), ("cards", "cards")):
            for pdf in sorted((out / deck_id / lang).glob(f"{kind}-*.pdf")):
                paper = pdf.stem.split("-", 1)[1]
                links.append((f"{deck_id}/{lang}/{pdf.name}", words[label].format(paper=paper)))
        if links:
            rows.append((native_name(lang), links))
    return rows


def comparison_note(record: dict[str, Any], words: dict[str, str]) -> str:
    """A comparison's changes as the runs' index counts them: those beyond chance apart from those that follow
    from the variant's rule, where the gallery said "16 changes beyond chance" beside the index's "10 …, and 6
    more that follow from the variant's rule" (nineteenth reading fr57); and those among the game's other counts
    apart, as the compare page's headings count them: "6 changes beyond chance" beside headings of "1 change … (and
    1 among the other counts)" at three player counts (terminal round 46 fr46*). A record without a count: its
    summary."""
    sig, follows = record.get("significant"), record.get("follows") or 0  # an older record counted all alike
    others = record.get("others") or 0  # a record from before round 46 counted them with the main figures
    if not isinstance(sig, int):
        return record["summary"]
    n = sig - follows - others
    if follows and n == 0 and not others:
        return words["comparison_only_follows_one" if follows == 1 else "comparison_only_follows"].format(follows=follows)
    note = words["comparison_none"] if n == 0 else words["comparison_note_one" if n == 1 else "comparison_note"].format(sig=n)
    if others:
        note += words["comparison_but_others" if n == 0 else "comparison_others" if follows
                      else "comparison_and_others"].format(others=others)
    return note + (words["comparison_and_follows_one" if follows == 1 else "comparison_and_follows"].format(follows=follows)
                   if follows else "")


def _reports(runs: list[dict[str, Any]], deck_id: str, base: str | None, root: Path | None = None,
             words: dict[str, str] | None = None, lang: str = "en") -> list[dict[str, str]]:
    """Links to a deck's latest tuning, validation and comparison with its base (href, text, note), in the
    gallery's ``words`` (English by default), its counts as ``lang`` writes them ("1,000 games each")."""
    from cardgen.report.registry import latest_compare, latest_validation
    from cardgen.simulate.summary import and_list

    words = words or WORDS["en"]
    out = []
    if root is not None and (root / "tune" / deck_id / "index.html").is_file():  # cardgen tune's default folder
        out.append({"href": f"tune/{deck_id}/index.html", "text": words["tuning"], "note": ""})
    if root is not None and (root / "fix" / deck_id / "index.html").is_file():  # cardgen fix's default folder
        out.append({"href": f"fix/{deck_id}/index.html", "text": words["fixing"], "note": ""})
    run = latest_validation(runs, deck_id)
    if run is not None:
        record = next(r for r in runs if r["id"] == run)
        verdicts = {k: v for k, v in record.get("results", {}).items() if k.split("@")[0] == deck_id}
        passed = sum(verdicts.values())
        # "3/3 passed" hid Draco's warnings (seventeenth reading fr66): the counts that passed with one are said
        warned_keys = [k for k in record.get("warned_results", ()) if k.split("@")[0] == deck_id]
        warned = len(warned_keys)
        # one warning in all is "with a warning" (round 29 en28, it32, it58): a record keeps each count's number of
        # warnings since then; an older one without it is said in the plural, as before
        single = warned == 1 and (record.get("warning_counts") or {}).get(warned_keys[0]) == 1
        # no bracket inside the gallery's bracket, and "passed at 3, 4 and 5 players" where every count passed,
        # never "4 of 4 … of which 4" (round 29 fr30, it31)
        if passed < len(verdicts):
            key = "validation_note_warned" if warned else "validation_note"
        else:
            key = ("validation_note_all_warned" if warned == passed else
                   "validation_note_some_warned" if warned else "validation_note_all")
        note = words[key + ("_single" if single and warned else "")]
        # "passed at 1, 2, 3 and 4 players, with a warning at 4 players" named 4 twice, as if it had passed plainly
        # too: the counts that passed without a warning, then those with one (round 34 fr22)
        clean = [k for k in verdicts if k not in warned_keys] if key == "validation_note_some_warned" else verdicts
        out.append({"href": f"validation/{run}/{deck_id}.html", "text": words["validation"],
                    # the counts by their players, for a language whose "player count" cannot pass a check (it6)
                    # a record that kept no verdicts (an older cardgen's) has nothing to count: no note, never
                    # "0 of 0 player counts passed ( players)"
                    "note": note.format(passed=passed, counts=len(verdicts), warned=warned,
                                        games=grouped(record["games"], lang), players=and_list(sorted(
                                            (k.split("@")[1] for k in clean), key=int), lang),
                                        warned_players=and_list(sorted((k.split("@")[1] for k in warned_keys),
                                                                       key=int), lang))
                    if verdicts else ""})
    cmp = latest_compare(runs, base, deck_id) if base else None
    if cmp is not None:
        record = next(r for r in runs if r["id"] == cmp)
        note = comparison_note(record, words)
        out.append({"href": f"validation/{cmp}/index.html", "text": words["comparison"].format(base=base or ""),
                    "note": note})
    for found in (run, cmp):  # what people said at cardgen play tables, beside those simulations
        if found is not None and root is not None and (root / "validation" / found / "playtest.html").is_file():
            out.append({"href": f"validation/{found}/playtest.html", "text": words["playtests"],
                        "note": words["playtests_note"]})
    return out


def render_gallery(out: Path, state: dict[str, Any]) -> str:
    """The gallery page (``templates/report/gallery.html``) from the recorded decks, the files on disk and the
    registry of runs."""
    from cardgen.report.registry import load_runs
    from cardgen.report.templating import render
    from cardgen.report.words import file_lines
    from cardgen.simulate.summary import first_sentence, format_difference

    runs = load_runs(out / "validation")
    lang = gallery_lang(state)
    words = words_in(lang)
    decks = []
    for deck_id, e in state.items():
        shown = [c for c in e.get("cards", []) if (out / c["src"]).is_file()]
        variant = e.get("kind") == "variant"
        base = state.get(e.get("base") or "", {}).get("cards", []) if variant else []
        same = {c["src"] for c in base} & {c["src"] for c in shown}
        engine = e.get("engine", True)
        base_id = str(e.get("base")) if variant else None
        decks.append({"id": deck_id, "name": e.get("name", deck_id), "base": base_id,
                      # the base by its name, never its id, in the page's words ("variant of King Lui", not
                      # "variant of king_lui": twenty-third reading fr40); the id stays in the link
                      "base_name": state.get(base_id or "", {}).get("name", base_id) if variant else None,
                      # the description's first sentence: its story; the book's instructions to players after it
                      # ("Print this variant's card sheets…") read as an order on a page with no sheets (en49)
                      # a variant with a story line says it, as compare does, and its change in the bullets only:
                      # Hungry Dragon's description said the change its bullet says (terminal round 41 en50, fr25)
                      "description": (e.get("flavour") or first_sentence(e.get("description") or "")) if variant
                      else e.get("description") or "",
                      # each bullet starts with a capital, as the compare page's list of the same changes does
                      # ("If you hold…", "Minimum number of players…"; seventeenth reading en46)
                      "differences": [bullet(line) for line in
                                      e.get("changes") or [format_difference(d) for d in e.get("differences", [])]],
                      # a house rule's file on a line of its own, as the compare page gives it (en25)
                      "box": file_lines(e.get("files") or [], lang),
                      "cards": [c for c in shown if c["src"] not in same], "same": len(same),
                      "books": _books(out, deck_id, words), "engine": engine,
                      "reports": _reports(runs, deck_id, e.get("base"), out, words, lang) if engine else []})
    from cardgen.report.templating import coded

    # nothing built yet: the page says what it holds now, never promises faces and books it then lacks (en48);
    # "after cardgen build" with its command as code, as the lines below set it (round 31 en22, fr21, it22)
    built = any(d["cards"] or d["same"] or d["books"] for d in decks)
    # where the intro already says "after cardgen build", each deck says only that nothing is built: the command four
    # times on a short page (round 34 en20)
    return str(render("gallery.html", title=words["title"], lang=lang, nav="", runs=bool(runs), decks=decks,
                      words=words, intro=coded(words["intro" if built else "intro_unbuilt"], "cardgen build"),
                      built=built))
