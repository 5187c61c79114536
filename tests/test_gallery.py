"""The local gallery out/index.html: cards, books and reports, deterministic, checked in a real browser."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from test_report_runs import local_targets_missing

from cardgen.build import BuildOptions, build
from cardgen.cli import main
from cardgen.load.project import Project
from cardgen.report.gallery import update_gallery
from cardgen.resolve.resolve import Resolver

CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).exists()), None)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]
#: Appended to a copy of the page: records each image's natural width once everything has loaded.
PROBE = ("<script>window.addEventListener('load',()=>{document.body.setAttribute('data-probe',"
         "JSON.stringify([...document.images].map(i=>[i.getAttribute('src'),i.naturalWidth])));});</script>")


#: A variant that changes no face: the gallery must not draw its cards again.
RENAMED = """extends: king_lui
name: {fr: "Autre nom", it: "Altro nome", en: "Another name"}
description: {fr: "Le même jeu.", it: "Lo stesso gioco.", en: "The same game."}
"""
DECKS = ("king_lui", "king_lui-hungry-dragon", "king_lui-renamed")


@pytest.fixture(scope="module")
def gallery(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A King Lui project built (cards, English, A4) and validated once: its out/ folder."""
    root = tmp_path_factory.mktemp("gallery")
    repo = Path(__file__).resolve().parent.parent
    (root / "decks").mkdir()
    (root / "variants" / "king_lui").mkdir(parents=True)
    shutil.copy(repo / "decks" / "king_lui.yaml", root / "decks")
    shutil.copy(repo / "variants" / "king_lui" / "king_lui-hungry-dragon.yaml", root / "variants" / "king_lui")
    (root / "variants" / "king_lui" / "king_lui-renamed.yaml").write_text(RENAMED, encoding="utf-8")
    resolver = Resolver(Project.open(root))
    decks = [resolver.resolve(d) for d in DECKS]
    out = root / "out"
    build(decks, out, BuildOptions(langs=["en"], papers=["a4"], rules=False))
    assert main(["--project", str(root), "validate", "king_lui", "--games", "4", "--players", "3", "--jobs", "1",
                 "--out", str(out)]) in (0, 1)
    return out


def test_every_deck_shows_its_cards_sheets_and_latest_report(gallery: Path) -> None:
    html = (gallery / "index.html").read_text()
    assert 'id="king_lui"' in html and 'id="king_lui-hungry-dragon"' in html
    # the base by its name, the id only in the link (twenty-third reading fr40)
    assert "variant of King Lui" in html and "variant of king_lui" not in html and "Portions removed by each Emerald (and the fewest portions the king must hold before Emerald can be used): 2 → 3" in html  # what it changes
    assert "emerald_portions" not in html  # in words, never the rule's id
    # the top links by name; a built gallery's intro promises what it shows; a variant's story without the book's
    # instructions to players (twenty-third reading fr40, en48, en49)
    assert '<a href="#king_lui">King Lui</a>' in html and '<a href="#king_lui">king_lui</a>' not in html
    assert "card faces (click for a large picture)" in html and "Print this variant" not in html
    assert html.count("<img ") >= 10 and 'href="king_lui/en/cards-a4.pdf"' in html
    assert re.search(r'href="validation/validate-king_lui-[0-9a-f]{8}/king_lui.html"', html)
    assert local_targets_missing(gallery / "index.html") == []
    for large in re.findall(r'<a href="(gallery/[0-9a-f]+-large\.png)"><img src="(gallery/[0-9a-f]+\.png)"', html):
        with Image.open(gallery / large[0]) as big, Image.open(gallery / large[1]) as small:
            assert big.height > small.height  # a click opens a larger picture of the same face


def test_the_gallery_is_deterministic_and_shares_faces(gallery: Path) -> None:
    resolver = Resolver(Project.open(gallery.parent))
    decks = [resolver.resolve(d) for d in DECKS]
    before = (gallery / "index.html").read_bytes(), (gallery / "gallery.json").read_bytes()
    update_gallery(gallery, decks)
    assert ((gallery / "index.html").read_bytes(), (gallery / "gallery.json").read_bytes()) == before
    state = json.loads(before[1])
    base = {c["src"] for c in state["king_lui"]["cards"]}
    renamed = {c["src"] for c in state["king_lui-renamed"]["cards"]}
    dragon = {c["src"] for c in state["king_lui-hungry-dragon"]["cards"]}
    assert renamed == base and dragon - base  # faces are drawn once per content: new rule numbers, new texts
    html = (gallery / "index.html").read_text()
    section = html[html.index('id="king_lui-renamed"'):]
    assert f"All its {len(base)} faces look as in" in section.split("<h2")[0]  # nothing to show twice
    assert len(list((gallery / "gallery").glob("*.png"))) == 2 * len(base | dragon)


def _chromium(*args: str, profile: Path) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium (apt-get install -y chromium)")
def test_the_gallery_renders_in_a_real_browser(gallery: Path, tmp_path: Path) -> None:
    page = (gallery / "index.html").read_text()
    probe = gallery / "probe.html"  # the same page, every image loaded eagerly, plus the probe
    probe.write_text(page.replace(' loading="lazy"', "").replace("</body>", PROBE + "</body>"))
    try:
        dom = _chromium("--virtual-time-budget=20000", "--dump-dom", probe.as_uri(), profile=tmp_path / "p1").stdout
    finally:
        probe.unlink()
    found = re.search(r"data-probe=\"([^\"]*)\"", dom)
    assert found, "the page did not finish loading"
    images = json.loads(found.group(1).replace("&quot;", '"'))
    assert len(images) == page.count("<img ") and images
    assert [src for src, width in images if width <= 0] == []  # every image decoded
    shot = tmp_path / "shot.png"
    _chromium("--window-size=1000,1400", f"--screenshot={shot}", (gallery / "index.html").as_uri(),
              profile=tmp_path / "p2")
    with Image.open(shot) as img:
        colours = img.convert("RGB").resize((100, 140)).getcolors(100 * 140)
    assert colours is not None and len(colours) > 50  # card faces, not a blank page


#: Appended to a copy of the page: each image's drawn width beside the width of the figure that holds it.
FIT_PROBE = ("<script>window.addEventListener('load',()=>{document.body.setAttribute('data-probe',"
             "JSON.stringify([...document.images].map(i=>[i.getAttribute('src'),i.naturalWidth,"
             "i.getBoundingClientRect().width,i.closest('figure').getBoundingClientRect().width])));});</script>")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium (apt-get install -y chromium)")
def test_square_and_round_pieces_stay_inside_their_place(tmp_path: Path) -> None:
    """Draco's dice faces and coins are pictured 150 px wide, wider than a card: they shrink to their
    figure instead of spilling over the next picture."""
    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "out"
    update_gallery(out, [Resolver(Project.open(root)).resolve("draco")])
    page = (out / "index.html").read_text()
    probe = out / "probe.html"
    probe.write_text(page.replace(' loading="lazy"', "").replace("</body>", FIT_PROBE + "</body>"))
    dom = _chromium("--window-size=1000,1400", "--virtual-time-budget=20000", "--dump-dom", probe.as_uri(),
                    profile=tmp_path / "p").stdout
    found = re.search(r"data-probe=\"([^\"]*)\"", dom)
    assert found, "the page did not finish loading"
    images = json.loads(found.group(1).replace("&quot;", '"'))
    assert any(natural >= 150 for _, natural, _, _ in images)  # square pieces are there
    assert [src for src, _, drawn, room in images if drawn > room + 0.5] == []


def test_pictures_to_draw_are_only_the_missing_ones(gallery: Path) -> None:
    from cardgen.report.gallery import thumbnail_tasks

    resolver = Resolver(Project.open(gallery.parent))
    decks = [resolver.resolve(d) for d in DECKS]
    assert thumbnail_tasks(gallery, decks) == []  # a build with nothing changed draws nothing
    state = json.loads((gallery / "gallery.json").read_text())
    gone = gallery / state["king_lui"]["cards"][0]["large"]
    kept = gone.read_bytes()
    gone.unlink()
    try:
        tasks = thumbnail_tasks(gallery, decks)
        drawn = dict(file for task in tasks for file in task.make())
        assert set(drawn) == {f"gallery/{gone.name[:-len('-large.png')]}.png", f"gallery/{gone.name}"}
        assert drawn[f"gallery/{gone.name}"] == kept  # the same picture again, byte for byte
        gone.write_bytes(b"")  # what a power cut can leave: pictures are not fsynced
        assert {rel for task in thumbnail_tasks(gallery, decks) for rel, _ in task.make()} == set(drawn)
    finally:
        gone.write_bytes(kept)


def test_a_gallery_with_every_picture_drawn_never_loads_pdfium(gallery: Path, tmp_path: Path) -> None:
    """Updating the gallery when no picture is missing (what the main process of ``build`` does once
    its workers drew them, before the gallery's state records them) does not load pdfium, whose
    import alone costs tens of milliseconds."""
    import sys
    out = tmp_path / "out"
    shutil.copytree(gallery, out)
    (out / "gallery.json").unlink()  # the pictures are there; the state does not know them yet
    code = ("import sys; from pathlib import Path; from cardgen.load.project import Project; "
            "from cardgen.resolve.resolve import Resolver; from cardgen.report.gallery import update_gallery; "
            f"deck = Resolver(Project.open({str(gallery.parent)!r})).resolve('king_lui'); "
            f"update_gallery(Path({str(out)!r}), [deck]); "
            "print('pypdfium2' in sys.modules or 'cardgen.report.pdfium' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_print_only_deck_is_offered_check_never_validate(tmp_path: Path) -> None:
    root = tmp_path / "own36"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "own36", root)
    deck = Resolver(Project.open(root)).resolve("own36")
    page = (update_gallery(tmp_path / "out", [deck], thumbnails=False)).read_text(encoding="utf-8")
    assert "cardgen validate" not in page and "<code>cardgen check own36</code>" in page
