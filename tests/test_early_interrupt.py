"""A Ctrl-C while ``python -m cardgen`` or the ``cardgen`` command still imports its command line
(tests/test_faults.py's random moments hit it on a busy machine: a KeyboardInterrupt traceback, exit -2) ends the run
with 130 and not a word on stderr."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: sends this process SIGINT the moment anything imports ``cardgen.cli``, then starts ``cardgen --help``
HOOK = """
import importlib, os, runpy, signal, sys
class Interrupt:  # asked first for every module imported, however imported
    def find_spec(self, name, path=None, target=None):
        if name == "cardgen.cli":
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Interrupt())
sys.argv = ["cardgen", "--help"]
"""
#: ``python -m cardgen``
AS_MODULE = 'runpy.run_module("cardgen", run_name="__main__", alter_sys=True)'
#: the ``cardgen`` command as pip's script runs it: import the module ``[project.scripts]`` names, call its function
SCRIPT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["cardgen"]
AS_SCRIPT = "module, _, function = {!r}.partition(':'); sys.exit(getattr(importlib.import_module(module), function)())"


@pytest.mark.parametrize("start", [AS_MODULE, AS_SCRIPT.format(SCRIPT)], ids=["python -m cardgen", "cardgen"])
def test_a_ctrl_c_during_the_imports_ends_the_run_quietly_with_130(start: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", HOOK + start], capture_output=True, text=True, env=env,
                          timeout=120, check=False)
    assert done.returncode == 130, (done.returncode, done.stderr[-2000:])
    assert done.stderr == "" and done.stdout == ""
