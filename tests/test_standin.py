"""A module standing for another until used (cardgen/speedups/standin.py)."""
from __future__ import annotations

import subprocess
import sys
import textwrap


def test_the_first_public_question_imports_the_real_module_which_then_answers_for_itself() -> None:
    code = textwrap.dedent("""
        import sys
        from cardgen.speedups.standin import StandIn, real
        assert "colorsys" not in sys.modules
        sys.modules["colorsys"] = stand_in = StandIn("colorsys")
        import colorsys                                   # handing it out imports nothing
        assert colorsys is stand_in and not hasattr(stand_in, "__path__")
        assert colorsys.rgb_to_hsv(1.0, 0.0, 0.0) == (0.0, 1.0, 1.0)
        assert type(sys.modules["colorsys"]).__name__ == "module" and real("colorsys") is sys.modules["colorsys"]
        print("ok")
        """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
