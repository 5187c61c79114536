"""A designer's own project: layouts, SVG symbols, art boxes, and a rules package through an entry point."""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
import yaml
from PIL import Image

from cardgen.cli import main
from cardgen.render.layouts import layout, layouts_for
from cardgen.render.sheets import Printing, render_sheets
from cardgen.model.vocab import LAYOUT_IDS, layout_ids, symbol_ids
from cardgen.resolve.resolve import resolve

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

DECK = """\
languages: [en]
name: {en: Mine}
backs:
  plain: {layout: back, title: {en: Mine}, symbol: comet}
components:
  - id: hero
    kind: card
    count: 2
    name: {en: Hero}
    back: plain
    faces: [{layout: portrait, title: {en: Hero}, art: art/hero.png, symbol: comet, value: 3}]
"""
PORTRAIT = """\
background: full
art: {box: [0, 0, 1, 0.6], fit: cover}
title: {box: [0.1, 0.62, 0.8, 0.1], font: Serif-Bold, size: [14, 7], lines: 1}
symbol: {box: [0.35, 0.74, 0.3, 0.18]}
value: {box: [0.05, 0.03, 0.2, 0.1], font: Sans-Bold, size: [20, 8]}
"""
COMET = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
         '<circle cx="60" cy="40" r="25" fill="#ffcc00" stroke="#222" stroke-width="3"/>'
         '<path d="M10 90 L45 55" stroke="#222" stroke-width="6"/></svg>')


def project(tmp_path: Path, deck: str = DECK, files: dict[str, str | bytes] | None = None) -> Path:
    base = {"decks/mine.yaml": deck, "templates/layouts/portrait.yaml": PORTRAIT, "symbols/comet.svg": COMET}
    for name, data in {**base, **(files or {})}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data, encoding="utf-8")
    art = tmp_path / "art" / "hero.png"
    art.parent.mkdir(exist_ok=True)
    Image.new("RGB", (40, 20), (200, 30, 30)).save(art)  # wider than its box: cover crops it
    return tmp_path


def test_project_layouts_add_to_and_override_bundled_ones(tmp_path: Path) -> None:
    suit = "background: full\ntitle: {box: [0.1, 0.1, 0.8, 0.2], font: Sans-Bold, size: [30, 10]}\n"
    root = project(tmp_path, files={"templates/layouts/suit.yaml": suit})
    assert layout_ids(root) == LAYOUT_IDS + ("portrait",)  # portrait added, suit kept once
    assert layout("suit", root).background == "full" and layout("suit").background == "frame"
    assert layouts_for(root)["portrait"].get("art").fit == "cover"
    assert "comet" in symbol_ids(root) and "comet" not in symbol_ids()


def test_a_typo_in_a_layout_or_symbol_lists_the_projects_own(tmp_path: Path, capsys) -> None:
    root = project(tmp_path, DECK.replace("layout: portrait", "layout: portrait2").replace("symbol: comet}",
                                                                                             "symbol: comt}"))
    assert main(["--project", str(root), "inspect", "mine"]) == 2
    err = capsys.readouterr().err
    assert "unknown symbol 'comt'" in err and "did you mean 'comet'?" in err
    root2 = project(tmp_path / "b", DECK.replace("layout: portrait", "layout: portait"))
    assert main(["--project", str(root2), "inspect", "mine"]) == 2
    assert "did you mean 'portrait'?" in capsys.readouterr().err


def test_art_placed_by_the_layout_and_svg_symbols_drawn_as_vectors(tmp_path: Path) -> None:
    deck = resolve("mine", project(tmp_path))
    data = render_sheets(deck, "en", "a4")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images, forms = 0, []
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                images += 1
            elif isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
                forms.append(obj.read_bytes())
    assert images == 1  # the art, once; the SVG symbol is no picture
    # the comet's circle arrives as vector curves in its own yellow (1 0.8 0 rg), drawn in a form of its own
    svg_forms = [f for f in forms if b"1 .8 0 rg" in f and b" c" in f]
    assert len(svg_forms) == 1


def test_art_cover_fills_its_box_and_contain_does_not(tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    def red_share(fit: str) -> float:
        root = project(tmp_path / fit, files={"templates/layouts/portrait.yaml": PORTRAIT.replace("cover", fit)})
        pdf = pdfium.PdfDocument(render_sheets(resolve("mine", root), "en", "a4", Printing(fronts_only=True)))
        import numpy as np

        rgb = np.asarray(pdf[1].render(scale=0.5).to_pil().convert("RGB")).astype(int)
        red = (rgb[..., 0] > 180) & (rgb[..., 1] < 60) & (rgb[..., 2] < 60)
        return float(red.mean())

    assert red_share("cover") > 1.5 * red_share("contain") > 0


@pytest.mark.parametrize("svg, expected", [
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">Hi</text></svg>',
     "symbols/comet.svg: component 'hero', face 1: uses <text>, which cardgen cannot draw as vectors; "
     "convert text to paths"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><image href="x.png"/></svg>', "uses <image>"),
    ("<svg", "not a readable SVG file"),
])
def test_svg_that_cannot_be_drawn_cleanly_is_refused_in_one_line(tmp_path: Path, capsys, svg: str,
                                                                 expected: str) -> None:
    root = project(tmp_path, files={"symbols/comet.svg": svg})
    assert main(["--project", str(root), "build", "--paper", "a4", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1, err
    assert not (tmp_path / "out/mine/en/cards-a4.pdf").exists()


def test_bad_project_layout_is_one_line(tmp_path: Path, capsys) -> None:
    root = project(tmp_path, files={"templates/layouts/portrait.yaml": PORTRAIT.replace("Serif-Bold", "Comic")})
    assert main(["--project", str(root), "build", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("cardgen: error: templates/layouts/portrait.yaml:3: title.font: unknown font 'Comic'; expected "
                   "one of Sans, Sans-Bold, Sans-Italic, Sans-BoldItalic, Serif, Serif-Bold, Serif-Italic, "
                   "Serif-BoldItalic, Condensed, Condensed-Bold, Condensed-Italic and Condensed-BoldItalic"), err


# -- a designer's own rules package, found through the ``cardgen.games`` entry point -------------

PLUGIN = f"""\
import sys
sys.path.insert(0, {str(TESTS)!r})
from toy_game import TOY as GAME  # a GameSpec with id 'toy': rules model, checks, engine, agents
"""


def installed_plugin(tmp_path: Path) -> Path:
    """A folder on sys.path holding a package and the .dist-info pip would write for it."""
    site = tmp_path / "site"
    (site / "toyrules").mkdir(parents=True)
    (site / "toyrules" / "__init__.py").write_text(PLUGIN)
    info = site / "toyrules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyrules\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[cardgen.games]\ntoy = toyrules\n")
    return site


def cardgen(site: Path, project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(site)])}
    return subprocess.run([sys.executable, "-m", "cardgen", "--project", str(project), *args], env=env,
                          capture_output=True, text=True, timeout=600)


def test_a_rules_package_registered_by_entry_point_adds_a_game_to_validate(tmp_path: Path) -> None:
    sys.path.insert(0, str(TESTS))
    try:
        from toy_game import TOY_DECKS
    finally:
        sys.path.remove(str(TESTS))
    site = installed_plugin(tmp_path)
    root = tmp_path / "project"
    (root / "decks").mkdir(parents=True)
    (root / "decks" / "toy.yaml").write_text(yaml.safe_dump(TOY_DECKS["toy"], allow_unicode=True))
    done = cardgen(site, root, "validate", "--games", "20", "--players", "2", "--jobs", "1", "--agents", "greedy",
                   "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "toy" in done.stdout and (tmp_path / "out/validation/index.html").is_file()
    checked = cardgen(site, root, "check", "toy")
    # the package's check, said once: it reads the same at every player count (read 11, en43)
    assert checked.returncode == 0 and re.search(r"PASS +two cards per player", checked.stdout), checked.stdout
    # Without the package installed the same deck is an unknown game, said in one line.
    bare = cardgen(tmp_path / "nothing", root, "check", "toy")
    assert bare.returncode == 2 and "unknown game 'toy'" in bare.stderr and bare.stderr.count("\n") == 1
    # A typo in the game's name suggests the installed package.
    (root / "decks" / "toy.yaml").write_text(yaml.safe_dump({**TOY_DECKS["toy"], "game": "toi"}))
    typo = cardgen(site, root, "check", "toy")
    assert typo.returncode == 2 and "did you mean 'toy'?" in typo.stderr
