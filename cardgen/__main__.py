"""``python -m cardgen`` and the ``cardgen`` command (``[project.scripts]``) run the command line through ``main``.

A Ctrl-C while Python still imports the command line (a second or more on a busy machine) ends the run at once
with the shell's code for an interrupt, 130, as a later one does, never with a traceback: nothing is written yet.
The command line's own handling takes over once it is imported. The ``cardgen`` script calls ``main`` too, so it
is covered from its first import of ``cardgen.cli`` (a script naming ``cardgen.cli:run`` imported it first)."""
import os
import signal


def main() -> None:
    """The command line, with a quiet exit (130) for a Ctrl-C during its imports."""
    before = signal.signal(signal.SIGINT, lambda signum, frame: os._exit(130))
    from cardgen.cli import run  # these imports are what takes the time

    signal.signal(signal.SIGINT, before)
    run()


if __name__ == "__main__":
    main()
