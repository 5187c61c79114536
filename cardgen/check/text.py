"""Text that will be printed: the checks live in ``cardgen/printable.py``, a helper below every stage.

Kept for the two modules that still import them from here (``cardgen/languages.py``,
``cardgen/rulebook/templating.py``); they should import ``cardgen.printable`` (issue #37).
"""
from __future__ import annotations

from cardgen.printable import char_problem, font_coverage, string_problems

__all__ = ["char_problem", "font_coverage", "string_problems"]
