"""PNG files from raw RGB pixels, written directly: no image library between pdfium and the file.

The gallery's face pictures are rendered by pdfium into RGB buffers. Encoding them with
Pillow took more time than rendering them (its PNG encoder picks a filter per row and
copies the pixels twice on the way); this writer sends every row unfiltered (filter type
0) through one deflate call at a low level, about three times faster, and the files come
out smaller for these flat-coloured faces. The format is plain PNG 1.2: an 8-bit
truecolour ``IHDR``, one ``IDAT`` and ``IEND``, each with its CRC, so any decoder reads
back exactly the given pixels. Same pixels, same bytes (deflate is deterministic).

The deflate is zlib-ng's (``zlib_ng``, a dependency) where it is installed: at level 1 it
compresses a face picture three times as fast as zlib (13 ms against 41 ms for 30 large
pictures) for files 18 % larger, and compressing was a third of drawing the gallery.
Without it, Python's own zlib writes the same pixels.
"""
from __future__ import annotations

import struct
import zlib

try:
    from zlib_ng import zlib_ng as deflate
except ImportError:  # not installed (or no wheel for this platform): the standard library's
    deflate = zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: zlib level: 1 is the fastest; higher levels cost several times more for a few per cent.
LEVEL = 1


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def _file(width: int, height: int, idat: bytes) -> bytes:
    """The PNG file of an 8-bit truecolour image whose compressed image data is ``idat``."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, truecolour, deflate, no interlace
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def row_stride(width: int) -> int:
    """Bytes per row of PNG's image data before compression: the filter byte, then the RGB pixels."""
    return 3 * width + 1


def rows_buffer(width: int, height: int) -> bytearray:
    """Room for a ``width`` x ``height`` RGB image laid out as PNG's image data, all zeros.

    Row ``y`` is its filter byte (0: none) at ``y * row_stride(width)``, then its pixels. A
    renderer draws into it with a stride of ``row_stride(width)`` from offset 1 (taking each next
    row's filter byte for its padding), and ``encode_rows`` compresses it as it is: the pixels
    are not copied between the renderer and zlib (a join of the rows cost 0.3 ms a face). One
    spare byte at the end is the last row's padding, so the buffer from offset 1 holds exactly
    ``height`` strides."""
    return bytearray(row_stride(width) * height + 1)


def encode_rows(width: int, height: int, data: bytearray) -> bytes:
    """The PNG file of the image in ``data``, laid out as ``rows_buffer`` makes it. The filter
    bytes are set to 0 first (in ``data``: a renderer may write into a row's padding); the
    bytes are those ``encode_rgb`` writes for the same pixels."""
    stride = row_stride(width)
    size = stride * height
    if width <= 0 or height <= 0 or len(data) < size:
        raise ValueError(f"{len(data)} bytes do not hold {width}x{height} RGB pixels in PNG rows")
    data[0:size:stride] = bytes(height)
    with memoryview(data) as view:
        return _file(width, height, deflate.compress(view[:size], LEVEL))


def encode_rgb(width: int, height: int, pixels: bytes | bytearray | memoryview, stride: int = 0) -> bytes:
    """The PNG file of an 8-bit RGB image whose row ``y`` starts at ``pixels[y * stride]``
    (``stride`` 0: rows are packed, ``3 * width`` bytes); padding after a row is skipped."""
    row = 3 * width
    stride = stride or row
    if width <= 0 or height <= 0 or stride < row or len(pixels) < stride * (height - 1) + row:
        raise ValueError(f"{len(pixels)} bytes do not hold {width}x{height} RGB pixels with a stride of {stride}")
    view = memoryview(pixels).cast("B")
    raw = b"".join(b"\x00" + view[y * stride:y * stride + row] for y in range(height))  # filter 0: none
    return _file(width, height, deflate.compress(raw, LEVEL))
