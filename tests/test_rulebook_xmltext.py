"""The booklet markup's XML escaping (cardgen/rulebook/xmltext.py) is exactly xml.sax.saxutils'."""
from __future__ import annotations

import subprocess
import sys
from xml.sax.saxutils import escape as sax_escape
from xml.sax.saxutils import quoteattr as sax_quoteattr

import pytest

from cardgen.rulebook.xmltext import escape, quoteattr

SAMPLES = ["", "plain", "a & b < c > d", "&amp; already", 'say "hi"', "it's", "both \" and '",
           "line\nbreak\r\ttab", "<b>bold</b> & 'q' \"qq\"", "é → ü 🂡", "&&<<>>", "\"'\n"]


@pytest.mark.parametrize("text", SAMPLES)
def test_same_as_saxutils(text: str) -> None:
    assert escape(text) == sax_escape(text)
    assert quoteattr(text) == sax_quoteattr(text)


def test_making_a_rulebook_stage_does_not_import_the_web() -> None:
    code = ("import os, sys\nos.environ['PYDANTIC_DISABLE_PLUGINS'] = '__all__'\n"  # as the command line does
            "from cardgen.speedups.pydantic_import import import_pydantic\nimport_pydantic()\nimport cardgen.rulebook\n"
            "print(sorted(m for m in ('xml.sax.saxutils', 'urllib.request', 'http.client', 'ssl') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
