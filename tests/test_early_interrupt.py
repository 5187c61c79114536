"""A Ctrl-C while ``python -m cardgen`` still imports its command line (tests/test_faults.py's random moments hit
it on a busy machine: a KeyboardInterrupt traceback, exit -2) ends the run with 130 and not a word on stderr."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: runs ``python -m cardgen --help`` and sends itself SIGINT the moment ``cardgen.__main__`` imports ``cardgen.cli``
INTERRUPTED = """
import builtins, os, runpy, signal, sys
real = builtins.__import__
def hooked(name, *args, **kwargs):
    if name == "cardgen.cli":
        os.kill(os.getpid(), signal.SIGINT)
    return real(name, *args, **kwargs)
builtins.__import__ = hooked
sys.argv = ["cardgen", "--help"]
runpy.run_module("cardgen", run_name="__main__", alter_sys=True)
"""


def test_a_ctrl_c_during_the_imports_ends_the_run_quietly_with_130() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", INTERRUPTED], capture_output=True, text=True, env=env,
                          timeout=120, check=False)
    assert done.returncode == 130, (done.returncode, done.stderr[-2000:])
    assert done.stderr == "" and done.stdout == ""
