"""``cardgen export``: PNG per copy with presets, Tabletop Simulator sheets."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from cardgen.errors import InputError
from cardgen.render.export import TTS_MAX_COLS, TTS_MAX_ROWS, TTS_MAX_WIDTH, export
from test_render_support import card, make_deck, text


@pytest.fixture
def deck(tmp_path: Path):
    """Two-sided cards, shared-back cards, a two-faced token and a die: every kind of export."""
    faces = [{"layout": "feature", "title": text("Up"), "symbol": "crown"},
             {"layout": "feature", "title": text("Down"), "symbol": "mask"}]
    die = {"id": "die", "kind": "die", "count": 1, "name": text("die"),
           "faces": [{"layout": "die", "value": v} for v in range(1, 7)]}
    token = card("coin", 3, kind="token", back=None,
                 faces=[{"layout": "token", "title": text("Gold"), "symbol": "coin"},
                        {"layout": "token", "title": text("Silver"), "symbol": "coin"}])
    return make_deck(tmp_path / "project", [card("plain", 4, symbol="star"), card("noble", 2, faces=faces, back=None),
                                            token, die])


def test_png_writes_one_image_per_copy_at_300_dpi_with_bleed(deck, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert export(deck, "png", ["en"], out, "default") == 0
    folder = out / "testdeck" / "en" / "png"
    names = sorted(p.name for p in folder.iterdir())
    expected = ([f"plain-{i}.png" for i in range(1, 5)] + [f"noble-{i}.png" for i in (1, 2)]
                + [f"noble-{i}-back.png" for i in (1, 2)] + [f"coin-{i}{s}.png" for i in (1, 2, 3) for s in ("", "-back")]
                + [f"die-1-face{k}.png" for k in range(1, 7)] + ["back-plain.png"])
    assert names == sorted(expected)
    with Image.open(folder / "plain-1.png") as image:
        card_px = round((63.5 + 6) / 25.4 * 300), round((88.9 + 6) / 25.4 * 300)
        assert abs(image.width - card_px[0]) <= 1 and abs(image.height - card_px[1]) <= 1
    assert (folder / "plain-1.png").read_bytes() == (folder / "plain-4.png").read_bytes()
    with Image.open(folder / "noble-1.png") as up, Image.open(folder / "noble-1-back.png") as down:
        assert ImageChops.difference(up.convert("RGB"), down.convert("RGB")).getbbox() is not None


def test_presets(deck, tmp_path: Path) -> None:
    export(deck, "png", ["fr"], tmp_path / "mpc", "mpc")
    with Image.open(tmp_path / "mpc" / "testdeck" / "fr" / "png" / "plain-1.png") as image:
        assert image.size == (825, 1125)
    export(deck, "png", ["fr"], tmp_path / "trim", "trim")
    with Image.open(tmp_path / "trim" / "testdeck" / "fr" / "png" / "plain-1.png") as image:
        assert abs(image.width - 63.5 / 25.4 * 300) <= 1
    with pytest.raises(InputError, match="did you mean 'mpc'"):
        export(deck, "png", ["fr"], tmp_path / "x", "mcp")


def test_mpc_preset_refuses_cards_that_are_not_poker_size(tmp_path: Path) -> None:
    small = make_deck(tmp_path, [card("x")], card={"width_mm": 44, "height_mm": 68})
    with pytest.raises(InputError, match="poker cards"):
        export(small, "png", ["en"], tmp_path / "out", "mpc")


def test_tts_sheets_fit_the_limits_and_hide_the_back_in_the_last_slot(tmp_path: Path) -> None:
    many = make_deck(tmp_path / "p", [card("a", 50, colour="c1"), card("b", 30, colour="c2")],
                     colours={"c1": "#AA3311", "c2": "#1133AA"})
    out = tmp_path / "out"
    export(many, "tts", ["it"], out)
    folder = out / "testdeck" / "it" / "tts"
    manifest = json.loads((folder / "tts.json").read_text())
    assert sum(d["count"] for d in manifest["decks"]) == 80
    back = Image.open(folder / "back-plain.png").convert("RGB")
    for entry in manifest["decks"]:
        assert entry["num_width"] <= TTS_MAX_COLS and entry["num_height"] <= TTS_MAX_ROWS
        assert entry["count"] < entry["num_width"] * entry["num_height"]
        with Image.open(folder / entry["face"]) as sheet:
            assert sheet.width <= TTS_MAX_WIDTH
            w, h = sheet.width // entry["num_width"], sheet.height // entry["num_height"]
            assert (w, h) == back.size and abs(h / w - 88.9 / 63.5) < 0.01
            hidden = sheet.convert("RGB").crop((sheet.width - w, sheet.height - h, sheet.width, sheet.height))
            assert ImageChops.difference(hidden, back).getbbox() is None
    assert len(manifest["decks"]) == 2  # 80 cards: 69 + 11


def test_tts_two_sided_cards_get_a_matching_sheet_of_backs(deck, tmp_path: Path) -> None:
    export(deck, "tts", ["en"], tmp_path / "out")
    folder = tmp_path / "out" / "testdeck" / "en" / "tts"
    manifest = json.loads((folder / "tts.json").read_text())
    two = next(d for d in manifest["decks"] if d["unique_back"])
    assert two["cards"] == ["noble", "noble"]
    with Image.open(folder / two["face"]) as faces, Image.open(folder / two["back"]) as backs:
        assert faces.size == backs.size
    assert {t["image"] for t in manifest["tokens"]} == {"coin.png", "coin-back.png"}
    with pytest.raises(InputError):
        export(deck, "svg", ["en"], tmp_path / "out")
