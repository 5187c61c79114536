"""``python -m cardgen`` runs the command line.

A Ctrl-C while Python still imports the command line (a second or more on a busy machine) ends the run at once
with the shell's code for an interrupt, 130, as a later one does, never with a traceback: nothing is written yet.
The command line's own handling takes over once it is imported."""
import os
import signal

_BEFORE = signal.signal(signal.SIGINT, lambda signum, frame: os._exit(130))
from cardgen.cli import run  # noqa: E402  (after the handler: these imports are what takes the time)

signal.signal(signal.SIGINT, _BEFORE)
run()
