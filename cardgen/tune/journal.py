"""Where a tuning study keeps its finished trials: Optuna's own journal file, one per output folder.

Each finished trial is appended to ``<out>/study.journal`` (Optuna's ``JournalStorage`` on a
file) as soon as Optuna is told its result, with cardgen's figures for it as a user attribute.
A study interrupted (Ctrl-C, a kill, a crash) is taken up again by the next ``cardgen tune``
with the same options: the kept trials are not played again and the search goes on where it
stopped, proposing what the uninterrupted run would have proposed (``sampler_for``).

The study's name is a fingerprint of everything that decides its trials (the resolved deck and
the project's rules or house rule file that plays it, the search space, the targets, games, players, agents, seed and number of trials): other
options, or an edited deck, are another study. Appends are serialised with ``flock`` on the
journal itself, which the system releases when its holder dies: a killed run leaves no lock
file for the next one to wait on.
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
from pathlib import Path
from typing import Any

#: The journal's file name in the study's output folder.
JOURNAL = "study.journal"
#: The user attribute of an Optuna trial that holds cardgen's record of it (``Trial.to_json``).
RECORD = "cardgen"


def study_key(fields: dict[str, Any]) -> str:
    """The study name for ``fields`` (JSON-able): the same options give the same name."""
    text = json.dumps(fields, sort_keys=True, ensure_ascii=False, default=str)
    return "cardgen-tune-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def _backend_classes() -> tuple[Any, Any]:
    """Optuna's journal file backend and its open-file lock, under their names of the installed version
    (``JournalFileBackend`` from Optuna 4.0, ``JournalFileStorage`` before)."""
    try:
        from optuna.storages.journal import JournalFileBackend, JournalFileOpenLock
        return JournalFileBackend, JournalFileOpenLock
    except ImportError:  # pragma: no cover - Optuna 3.x
        from optuna.storages import JournalFileOpenLock, JournalFileStorage  # type: ignore[attr-defined]
        return JournalFileStorage, JournalFileOpenLock


def _flock_lock(path: str) -> Any:
    """A journal lock that ``flock``s the journal itself: released by the system when its holder dies,
    so a killed run never leaves a lock file behind (Optuna's own lock files wait out a grace period)."""
    _, open_lock = _backend_classes()

    class FlockLock(open_lock):  # type: ignore[misc, valid-type]
        def __init__(self, filepath: str) -> None:
            self._path = filepath
            self._fd = -1

        def acquire(self) -> bool:
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
            fcntl.flock(self._fd, fcntl.LOCK_EX)
            return True

        def release(self) -> None:
            if self._fd >= 0:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
                os.close(self._fd)
                self._fd = -1

    return FlockLock(path)


def storage(out: Path) -> Any:
    """Optuna's ``JournalStorage`` on ``out/study.journal`` (the folder made if needed)."""
    from optuna.storages import JournalStorage

    out.mkdir(parents=True, exist_ok=True)
    path = str(out / JOURNAL)
    _trim_torn_tail(Path(path))
    backend, _ = _backend_classes()
    return JournalStorage(backend(path, lock_obj=_flock_lock(path)))


def _trim_torn_tail(path: Path) -> None:
    """Cut a last line a killed run left half-written (no line end): Optuna skips it when reading,
    but the next append would be glued to it and spoil both."""
    try:
        with open(path, "rb+") as fh:
            size = fh.seek(0, os.SEEK_END)
            if size == 0:
                return
            fh.seek(size - 1)
            if fh.read(1) == b"\n":
                return
            fh.seek(0)
            data = fh.read()
            fh.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        return


def study_names(out: Path) -> list[str]:
    """The names of the studies kept in ``out``'s journal ([] when there is none, or it is unreadable)."""
    if not (out / JOURNAL).is_file():
        return []
    import optuna
    try:
        return [s.study_name for s in optuna.get_all_study_summaries(storage(out), include_best_trial=False)]
    except Exception:  # a journal damaged beyond Optuna's reading: as good as none
        return []


def forget(out: Path) -> None:
    """Remove ``out``'s journal (a study started again from its first trial)."""
    (out / JOURNAL).unlink(missing_ok=True)


def sampler_for(seed: int, number: int, startup: int) -> Any:
    """The TPE sampler that proposes trial ``number`` of a study seeded ``seed``.

    A sampler's random state advances with every proposal, and a resumed study starts a new
    sampler: seeded once, it would propose other points than the uninterrupted run did. Seeded
    from (seed, trial number) for each trial, a proposal depends only on them and the trials
    finished before it, which the journal keeps: resumed or not, the same points."""
    import optuna

    mixed = int.from_bytes(hashlib.sha256(f"{seed}:{number}".encode()).digest()[:4], "little")
    return optuna.samplers.TPESampler(seed=mixed, n_startup_trials=startup)
