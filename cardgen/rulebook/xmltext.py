"""XML escaping for the booklet markup: ``xml.sax.saxutils``' ``escape`` and ``quoteattr``, same results.

``xml.sax.saxutils`` imports ``urllib.request`` for its input sources, and with it
``http.client``, ``email`` and ``ssl``: 30 ms at the start of every process that makes
a rulebook, for two string functions.
"""
from __future__ import annotations


def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` as entities (``xml.sax.saxutils.escape``)."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """``data`` as a quoted XML attribute value (``xml.sax.saxutils.quoteattr``): escaped, line breaks
    and tabs as character references, in double quotes unless it holds only double quotes."""
    data = escape(data).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' in data:
        if "'" in data:
            return '"%s"' % data.replace('"', "&quot;")
        return "'%s'" % data
    return '"%s"' % data
