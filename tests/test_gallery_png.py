"""The gallery's own PNG writer: any decoder must read back exactly the pixels pdfium rendered."""
from __future__ import annotations

import io
import random
import zlib
from pathlib import Path

import pytest
from PIL import Image

from cardgen.report.png import encode_rgb

ROOT = Path(__file__).resolve().parent.parent


def _decoded(data: bytes) -> tuple[str, tuple[int, int], bytes]:
    with Image.open(io.BytesIO(data)) as img:
        img.load()
        return img.mode, img.size, img.tobytes()


@pytest.mark.parametrize("width,height,pad", [(1, 1, 0), (7, 5, 0), (13, 9, 3), (150, 210, 2)])
def test_pillow_reads_back_exactly_the_pixels(width: int, height: int, pad: int) -> None:
    rng = random.Random(width * 1000 + height)
    rows = [bytes(rng.randrange(256) for _ in range(3 * width)) for _ in range(height)]
    padded = b"".join(row + bytes([0xAB]) * pad for row in rows)  # padding must not leak into the picture
    data = encode_rgb(width, height, padded, 3 * width + pad)
    assert _decoded(data) == ("RGB", (width, height), b"".join(rows))
    assert data == encode_rgb(width, height, padded, 3 * width + pad)  # same pixels, same bytes


def test_every_chunk_carries_its_crc() -> None:
    data = encode_rgb(4, 3, bytes(range(36)))
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    pos, tags = 8, []
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        tag, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        assert int.from_bytes(data[pos + 8 + length:pos + 12 + length], "big") == zlib.crc32(tag + body)
        tags.append(tag)
        pos += 12 + length
    assert tags == [b"IHDR", b"IDAT", b"IEND"]


def test_too_few_bytes_are_refused() -> None:
    with pytest.raises(ValueError):
        encode_rgb(4, 3, bytes(35))
    with pytest.raises(ValueError):
        encode_rgb(4, 3, bytes(36), stride=11)


def test_face_pictures_hold_the_pixels_pdfium_renders() -> None:
    """Both sizes of each drawn face decode to pdfium's rendering of the same vectors (through Pillow, as before)."""
    import pypdfium2 as pdfium

    from cardgen.load.project import Project
    from cardgen.render.export import _sides_of, sides_pdf
    from cardgen.report.gallery import LARGE_DPI, THUMB_HEIGHT, draw_pictures
    from cardgen.resolve.resolve import Resolver

    deck = Resolver(Project.open(ROOT)).resolve("king_lui")
    sides = _sides_of(deck)[:3]
    files = dict(draw_pictures(deck, "en", [(side, f"k{i}") for i, side in enumerate(sides)]))
    assert len(files) == 2 * len(sides)
    doc = pdfium.PdfDocument(sides_pdf(deck, "en", sides, bleed=False))
    try:
        for i, page in enumerate(doc):
            for name, scale in ((f"k{i}.png", THUMB_HEIGHT / page.get_size()[1]), (f"k{i}-large.png", LARGE_DPI / 72)):
                expected = page.render(scale=scale).to_pil().convert("RGB")
                assert _decoded(files[f"gallery/{name}"]) == ("RGB", expected.size, expected.tobytes())
            page.close()
    finally:
        doc.close()


@pytest.mark.parametrize("width,height", [(1, 1), (7, 5), (150, 210)])
def test_rows_drawn_in_place_make_the_same_file(width: int, height: int) -> None:
    """Pixels written into ``rows_buffer`` (as pdfium draws them, stride ``row_stride`` from offset 1)
    give the bytes ``encode_rgb`` writes, even when the padding (the next row's filter byte) was written."""
    from cardgen.report.png import encode_rows, row_stride, rows_buffer

    rng = random.Random(width * 7 + height)
    rows = [bytes(rng.randrange(256) for _ in range(3 * width)) for _ in range(height)]
    data = rows_buffer(width, height)
    stride = row_stride(width)
    for y, row in enumerate(rows):
        data[1 + y * stride:1 + y * stride + 3 * width] = row
        data[1 + y * stride + 3 * width] = 0xAB  # a renderer's padding write
    assert encode_rows(width, height, data) == encode_rgb(width, height, b"".join(rows))
    with pytest.raises(ValueError):
        encode_rows(width, height + 1, data)


def test_either_deflate_writes_a_file_any_decoder_reads_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """zlib-ng where installed (it is a dependency), else the standard library's zlib: the same pixels."""
    from cardgen.report import png

    try:
        from zlib_ng import zlib_ng
        assert png.deflate is zlib_ng
    except ImportError:
        assert png.deflate is zlib
    rng = random.Random(5)
    pixels = bytes(rng.choice((0, 40, 255)) for _ in range(3 * 37 * 23))
    default = png.encode_rgb(37, 23, pixels)
    monkeypatch.setattr(png, "deflate", zlib)
    for data in (default, png.encode_rgb(37, 23, pixels)):
        assert _decoded(data) == ("RGB", (37, 23), pixels)
        assert zlib.decompress(data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8])  # plain deflate data
