"""``benchmarks/twin_lines.py``: the bound docs/history/architecture-rounds.md gives for merging each game's two flows.

The figure is only as good as the count, so the count is checked on a file whose answer is known,
and the lists are checked against the code they name.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def twin_lines():
    spec = importlib.util.spec_from_file_location("twin_lines", ROOT / "benchmarks" / "twin_lines.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_function_counts_from_its_decorators_to_its_last_line_methods_included(twin_lines, tmp_path,
                                                                                 monkeypatch):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "m.py").write_text(
        "import x\n"
        "\n"
        "@x.njit\n"          # 3: counted with its function
        "@x.cache\n"         # 4
        "def a(s):\n"        # 5
        '    """Doc."""\n'
        "    return s\n"     # 7: a is 5 lines
        "\n"
        "def b():\n"         # not listed
        "    pass\n"
        "\n"
        "class C:\n"
        "    def a(self):\n"  # a method of the same name counts too: 2 lines
        "        return 1\n")
    monkeypatch.setattr(twin_lines, "GAMES", tmp_path)
    assert twin_lines.lines_of({"g/m.py": "a"}) == (7, [])
    assert twin_lines.lines_of({"g/m.py": "b zz"}) == (2, ["g/m.py:zz"])
    assert twin_lines.total_lines() == 14


def test_every_listed_twin_is_defined_where_the_lists_say(twin_lines):
    for files in (twin_lines.ENCODERS, twin_lines.ENGINE_SIDE, twin_lines.KERNEL_SIDE, twin_lines.CHAINS,
                  twin_lines.NOT_TWINS):
        count, missing = twin_lines.lines_of(files)
        assert not missing, f"benchmarks/twin_lines.py names what the code no longer defines: {missing}"
        assert count > 0 or not files
