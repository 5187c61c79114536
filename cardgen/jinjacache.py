"""Compiled Jinja2 templates kept between runs, like Python's own ``__pycache__``.

Compiling a template costs more than rendering it: the report pages' templates took about a fifth of a
second of every ``validate`` and ``compare``, the rulebook's as much as typesetting a book. ``Bytecode``
keeps each template's compiled code in memory (shared by every environment that uses the same one, so every
language's rulebook environment compiles a template once) and on disk, through ``cardgen.cache``: in the
configuring package's ``__pycache__`` or the user's cache folder, under a key of Jinja's version and the bytes
of the module that configures the environment (its filters and options are compiled into the code). Jinja
itself checks the Python version and the template source's hash in each entry and compiles again when either
differs; an unreadable, foreign or damaged entry is only a missed cache. Same input, same output: the cache
changes no byte of what a template renders.
"""
from __future__ import annotations

import types
from functools import cached_property
from pathlib import Path

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class Bytecode(BytecodeCache):
    """A Jinja2 bytecode cache for the environments ``module`` (a file) configures, kept beside ``module``."""

    def __init__(self, module: str) -> None:
        self.module = Path(module).resolve()
        self.store: dict[str, bytes] = {}

    @cached_property
    def key(self) -> str:
        """What an entry was made under: Jinja's version and the configuring module's bytes."""
        import jinja2

        from cardgen.cache import fingerprint

        return fingerprint(jinja2.__version__, self.module.read_bytes())

    def entry(self, bucket: Bucket) -> str:
        """The file an entry is kept in: named after the configuring module too, since two environments may
        compile one template differently (the rulebook's sandbox, the report's pages) and share a folder."""
        return f"jinja-{self.module.parent.name}-{self.module.stem}-{bucket.key}.bc"

    def load_bytecode(self, bucket: Bucket) -> None:
        """The compiled code of ``bucket``'s template, from memory or disk, when there is one."""
        from cardgen.cache import load

        code = self.store.get(bucket.key)
        if code is None:
            code = load("templates", self.module.parent, self.entry(bucket), self.key)
        if isinstance(code, bytes):
            bucket.bytecode_from_string(code)
            if bucket.code is not None and not isinstance(bucket.code, types.CodeType):
                bucket.reset()  # a foreign file: compile again

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the code Jinja just compiled, in memory and on disk (quietly not, where no folder takes it)."""
        from cardgen.cache import save

        data = self.store[bucket.key] = bucket.bytecode_to_string()
        save("templates", self.module.parent, self.entry(bucket), self.key, data)
