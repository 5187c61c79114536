"""The dozen pdfium functions the gallery's pictures call, from the library pypdfium2 installs.

``import pypdfium2`` declares all of pdfium's thousand functions through ctypes and loads
``logging``, ``ctypes.util`` and ``subprocess`` on the way: 20-40 ms, as long as drawing a
small deck's pictures, and a build's picture worker pays it before its first picture.
``library()`` opens the same shared library (the one in ``pypdfium2_raw``, next to
pypdfium2's own bindings) and declares only the functions ``gallery`` calls, with
pypdfium2's names and signatures, in about a millisecond. Where that file is not
where pypdfium2 4 and 5 put it (a build against the system's pdfium), or anything
about it fails, ``library()`` is ``pypdfium2.raw`` itself: the same functions, the
same pixels (``tests/test_pdfium.py`` compares both).
"""
from __future__ import annotations

import ctypes
import sys
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from types import SimpleNamespace
from typing import Any

#: pdfium's constants the pictures use (fpdfview.h).
FPDFBitmap_BGR = 2
FPDF_ANNOT = 0x01
FPDF_REVERSE_BYTE_ORDER = 0x10

_P = ctypes.c_void_p  # every FPDF_* handle: an opaque pointer
#: name -> (argument types, result type), as pypdfium2's bindings declare them.
_SIGNATURES: dict[str, tuple[tuple[Any, ...], Any]] = {
    "FPDF_LoadMemDocument": ((_P, ctypes.c_int, ctypes.c_char_p), _P),
    "FPDF_CloseDocument": ((_P,), None),
    "FPDF_GetLastError": ((), ctypes.c_ulong),
    "FPDF_LoadPage": ((_P, ctypes.c_int), _P),
    "FPDF_ClosePage": ((_P,), None),
    "FPDF_GetPageWidthF": ((_P,), ctypes.c_float),
    "FPDF_GetPageHeightF": ((_P,), ctypes.c_float),
    "FPDFBitmap_CreateEx": ((ctypes.c_int, ctypes.c_int, ctypes.c_int, _P, ctypes.c_int), _P),
    "FPDFBitmap_FillRect": ((_P, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong),
                            ctypes.c_int),
    "FPDF_RenderPageBitmap": ((_P, _P) + (ctypes.c_int,) * 6, None),
    "FPDFBitmap_Destroy": ((_P,), None),
}


class _Config(ctypes.Structure):
    """``FPDF_LIBRARY_CONFIG`` version 2, as pypdfium2 initialises the library."""

    _fields_ = [("version", ctypes.c_int), ("m_pUserFontPaths", ctypes.c_void_p),
                ("m_pIsolate", ctypes.c_void_p), ("m_v8EmbedderSlot", ctypes.c_uint)]


def _library_file() -> Path | None:
    """pdfium's shared library inside the installed ``pypdfium2_raw`` package, if it is there."""
    spec = find_spec("pypdfium2_raw")
    if spec is None or not spec.submodule_search_locations:
        return None
    if sys.platform.startswith("win"):
        name = "pdfium.dll"
    elif sys.platform.startswith(("darwin", "ios")):
        name = "libpdfium.dylib"
    else:
        name = "libpdfium.so"
    for folder in spec.submodule_search_locations:
        if (Path(folder) / name).is_file():
            return Path(folder) / name
    return None


def _own() -> SimpleNamespace | None:
    """The declared functions of pypdfium2's library file, the library initialised; None if not to be had."""
    path = _library_file()
    if path is None:
        return None
    try:
        lib = ctypes.CDLL(str(path))
        functions = {}
        for name, (args, result) in _SIGNATURES.items():
            function = getattr(lib, name)
            function.argtypes, function.restype = args, result
            functions[name] = function
        init = lib.FPDF_InitLibraryWithConfig
        init.argtypes, init.restype = (ctypes.POINTER(_Config),), None
    except (OSError, AttributeError):
        return None
    # a second initialisation (pypdfium2 imported too, into this process) is a no-op in pdfium
    init(ctypes.byref(_Config(version=2)))
    return SimpleNamespace(**functions, FPDFBitmap_BGR=FPDFBitmap_BGR, FPDF_ANNOT=FPDF_ANNOT,
                           FPDF_REVERSE_BYTE_ORDER=FPDF_REVERSE_BYTE_ORDER)


@cache
def library() -> Any:
    """pdfium's functions by pypdfium2's names: this module's few, else ``pypdfium2.raw``."""
    own = _own()
    if own is not None:
        return own
    import pypdfium2  # noqa: F401  (initialises the library)
    import pypdfium2.raw

    return pypdfium2.raw
