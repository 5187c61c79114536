"""Pillow loaded when first used (cardgen/speedups/lazy_pillow.py): reportlab without it, bitmaps still drawn."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, cwd: Path = ROOT) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=cwd, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_reportlab_loads_without_pillow_and_reads_bitmaps_once_asked(tmp_path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (8, 6), (200, 30, 30)).save(tmp_path / "art.png")
    out = _run(f"""
        import io, sys
        from cardgen.speedups import lazy_pillow
        assert lazy_pillow.install() is True
        from reportlab.pdfgen.canvas import Canvas
        from reportlab.lib.utils import ImageReader, haveImages
        assert haveImages and "PIL.ExifTags" not in sys.modules, "Pillow loaded with reportlab"
        assert type(sys.modules["PIL.Image"]).__name__ == "StandIn"
        canvas = Canvas(io.BytesIO())
        canvas.drawImage({str(tmp_path / "art.png")!r}, 0, 0, 40, 30)   # what a face's art does
        canvas.save()
        from PIL import Image, ImageDraw
        import PIL.Image
        assert type(sys.modules["PIL.Image"]).__name__ == "module"   # the real one answers from now on
        picture = Image.new("RGB", (4, 4))
        ImageDraw.Draw(picture).line((0, 0, 3, 3), fill=(255, 255, 255))
        assert isinstance(picture, PIL.Image.Image) and ImageReader(picture).getSize() == (4, 4)
        print("ok")
        """)
    assert out == "ok"


def test_nothing_is_stood_in_for_once_pillow_is_loaded() -> None:
    out = _run("""
        import PIL.Image
        from cardgen.speedups import lazy_pillow
        print(lazy_pillow.install(), type(PIL.Image).__name__)
        """)
    assert out == "False module"


def test_a_card_sheet_built_by_the_command_never_loads_pillow(tmp_path: Path) -> None:
    """``cardgen build`` of a deck without art, as run() starts it: the stand-in is never asked."""
    out = _run(f"""
        import sys
        import cardgen.cli as cli
        sys.argv = ["cardgen", "--project", {str(ROOT)!r}, "build", "king_lui", "--lang", "en", "--paper", "a4",
                    "--no-rules", "--out", {str(tmp_path / "out")!r}]
        real_main = cli.main
        def main():
            code = real_main()
            print("PIL.Image:", type(sys.modules.get("PIL.Image")).__name__)
            return code
        cli.main = main
        cli.run()
        """)
    assert (tmp_path / "out" / "king_lui" / "en" / "cards-a4.pdf").stat().st_size > 10_000
    assert "1 file written" in out and out.endswith("PIL.Image: StandIn")
