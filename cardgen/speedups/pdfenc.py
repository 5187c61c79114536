"""A faster, byte-identical ``reportlab.pdfbase.pdfdoc.pdfdocEnc`` (a guarded patch of one function).

reportlab turns every string it writes into a PDF into bytes with ``pdfdocEnc``: each
form's whole content stream, and every name, number and reference of every object.
It encodes them with its ``extpdfdoc`` codec, whose encoding map is a Python dict, so
CPython's charmap codec looks each character up in that dict: about 90 ns a character,
a sixth of the CPU time of a card sheet (5 MB of form streams and 100,000 small strings
for the 18 sheets of the three base decks).

That codec maps the ASCII characters other than 24-31 (which it refuses) to
themselves, so for such strings, nearly all of them, the ASCII encoding gives the same
bytes in a few nanoseconds. ``install`` checks that this still holds for the installed
reportlab (and that ``pdfdocEnc`` is still the function it replaces) and otherwise
leaves reportlab alone; every other string still goes through reportlab's function.

``PDFName`` (a dictionary key or name turned into ``/Name``, character by character, a
microsecond each time: 35,000 calls for those 18 sheets) is a pure function of its
text; ``install`` memoises it the same guarded way.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from reportlab.pdfbase import pdfdoc

from cardgen.speedups import enabled

#: Characters ``extpdfdoc`` does not encode as themselves: anything beyond ASCII, and 24-31.
_NOT_ITSELF = re.compile("[^\x00-\x17\x20-\x7f]")
#: ASCII characters the fast path takes (all but 24-31), to check the codec against.
_PROBE = "".join(map(chr, [*range(0, 24), *range(32, 128)]))


def _fast(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
    search = _NOT_ITSELF.search

    def pdfdocEnc(x: Any) -> Any:  # noqa: N802 - reportlab's name
        """``x`` as PDF bytes: ASCII directly when that is what ``extpdfdoc`` gives, else reportlab's way."""
        if isinstance(x, str) and x.isascii() and not search(x):
            return x.encode("ascii")
        return original(x)

    pdfdocEnc.cardgen_fast = True  # type: ignore[attr-defined]
    pdfdocEnc.__wrapped__ = original  # type: ignore[attr-defined]
    return pdfdocEnc


def _is_pdfdocs(function: Any, name: str) -> bool:
    """``function`` is still reportlab's own plain ``pdfdoc.<name>``."""
    return getattr(function, "__module__", None) == pdfdoc.__name__ and getattr(function, "__name__", None) == name


def install() -> bool:
    """Replace ``pdfdocEnc`` by the fast one and memoise ``PDFName``, once; True when the fast
    ``pdfdocEnc`` is in place.

    Each is refused (reportlab unchanged) if it is no longer a plain function of ``pdfdoc``,
    or if the codec no longer maps the ASCII probe to itself; nothing is changed when switched
    off (``CARDGEN_SPEEDUPS``).
    """
    if not enabled("pdfenc"):
        return False
    _memoise_names()
    current = pdfdoc.pdfdocEnc
    if getattr(current, "cardgen_fast", False):
        return True
    if not _is_pdfdocs(current, "pdfdocEnc"):
        return False
    try:
        same = current(_PROBE) == _PROBE.encode("ascii") and current(b"x") == b"x"
    except (UnicodeError, LookupError):
        same = False
    if not same:
        return False
    pdfdoc.pdfdocEnc = _fast(current)
    return True


def _memoise_names() -> None:
    """``pdfdoc.PDFName`` memoised (only the module's own calls see it; others keep reportlab's)."""
    current = pdfdoc.PDFName
    if getattr(current, "cardgen_fast", False) or not _is_pdfdocs(current, "PDFName"):
        return
    if current("Type") != "/Type" or current("a b#") != "/a#20b#23":  # still the function memoised here
        return
    cached = lru_cache(maxsize=4096)(current)

    def PDFName(data: Any, *rest: Any) -> str:  # noqa: N802 - reportlab's name
        try:
            return cached(data, *rest)
        except TypeError:  # an unhashable argument: never memoised
            return current(data, *rest)

    PDFName.cardgen_fast = True  # type: ignore[attr-defined]
    PDFName.__wrapped__ = current  # type: ignore[attr-defined]
    pdfdoc.PDFName = PDFName
