"""Games on a Dask cluster give exactly the results of one machine.

A real local cluster: a scheduler and two worker processes on loopback, started
by the test (``dask.distributed`` comes with the test extras).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed (pip install 'cardgen[cluster]')")

from cardgen.errors import InputError  # noqa: E402
from cardgen.load.project import Project  # noqa: E402
from cardgen.resolve.resolve import Resolver  # noqa: E402
from cardgen.simulate.validate import ValidateOptions, run_validation  # noqa: E402
from cardgen.tune.space import Param, Target  # noqa: E402
from cardgen.tune.study import TuneOptions, Tuner  # noqa: E402


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=40)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


@pytest.mark.slow  # long (a local Dask cluster, or minutes of games / compiling): CI's slow tier
def test_validate_on_a_cluster_equals_one_machine(scheduler: str, project_with: Callable[[str], Path]) -> None:
    root = project_with("draco")
    deck = Resolver(Project.open(root)).resolve("draco")
    common = dict(games=40, players=[3, 5], agents=["random", "heuristic"], seed=3, out=None, progress=False,
                  chunk_size=6)
    local = run_validation([deck], ValidateOptions(jobs=1, **common))  # type: ignore[arg-type]
    remote = run_validation([deck], ValidateOptions(scheduler=scheduler, **common))  # type: ignore[arg-type]
    assert remote == local
    assert [r["completed"] for r in remote["results"]] == [40, 40]


@pytest.mark.slow  # long (a local Dask cluster, or minutes of games / compiling): CI's slow tier
def test_tune_on_a_cluster_picks_the_same_variants(scheduler: str, project_with: Callable[[str], Path],
                                                   tmp_path: Path) -> None:
    root = project_with("king_lui")
    project = Project.open(root)
    deck = Resolver(project).resolve("king_lui")

    def opts(out: str, where: str | None) -> TuneOptions:
        return TuneOptions(params=[Param("rule", "emerald_portions", low=1, high=4), Param("count", "emerald", low=3,
                                                                                             high=8)],
                           targets=[Target("turns", 30.0, 45.0)], trials=4, games=24, players=[4], jobs=1,
                           out=tmp_path / out, progress=False, scheduler=where)

    local = Tuner(project, deck, opts("local", None))
    local.run()
    remote = Tuner(project, deck, opts("remote", scheduler))
    remote.run()
    assert remote.to_json() == local.to_json()
    names = [p.name for p in remote.write_variants()]
    assert names == [p.name for p in local.write_variants()]
    for name in names:
        assert (tmp_path / "remote" / name).read_text() == (tmp_path / "local" / name).read_text()


def test_an_address_with_no_scheduler_is_one_clear_line() -> None:
    from cardgen.simulate.executor import connect

    with pytest.raises(InputError) as err:
        connect("tcp://127.0.0.1:9")  # the discard port: nothing listens there
    assert "no Dask scheduler answered at tcp://127.0.0.1:9" in str(err.value)


# -- cluster faults, one line each (a stand-in client; the real cluster: tests/test_faults.py) -------
class _Future:
    def __init__(self, outcome: object = None) -> None:
        self.outcome = outcome

    def result(self, timeout: float | None = None) -> object:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        if self.outcome is None:
            import time
            time.sleep(min(timeout or 0, 0.01))
            raise TimeoutError
        return self.outcome


class _Client:
    status = "running"

    def __init__(self, threads: list[int]) -> None:
        self.threads = threads

    def nthreads(self) -> dict[str, int]:
        n = self.threads.pop(0) if len(self.threads) > 1 else self.threads[0]
        return {f"tcp://127.0.0.1:{k}": 1 for k in range(n)}


@pytest.fixture
def fast_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.simulate import executor
    monkeypatch.setattr(executor, "POLL_SECONDS", 0.01)
    monkeypatch.setattr(executor, "NO_WORKER_NOTICE_SECONDS", 0.05)
    monkeypatch.setattr(executor, "NO_WORKER_REPEAT_SECONDS", 0.1)
    monkeypatch.setattr(executor, "WORKER_WAIT_SECONDS", 0.3)


def test_no_worker_left_is_said_while_waiting_then_stops_after_the_wait(fast_clock: None) -> None:
    from cardgen.simulate.executor import cluster_result

    said: list[str] = []
    with pytest.raises(InputError) as err:
        cluster_result(_Client([0]), "tcp://127.0.0.1:8786", _Future(), said.append)
    assert said and all("no Dask worker left at tcp://127.0.0.1:8786: waiting for one" in s for s in said)
    assert 1 <= len(said) <= 4  # said, then every repeat interval: not every poll
    assert "no Dask worker at tcp://127.0.0.1:8786 for 0 s: the run stopped" in str(err.value)


def test_a_worker_back_in_time_lets_the_run_go_on(fast_clock: None) -> None:
    from cardgen.simulate.executor import cluster_result

    said: list[str] = []
    future = _Future()
    client = _Client([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])

    class Finishing(_Client):
        def nthreads(self) -> dict[str, int]:
            seen = client.nthreads()
            if len(client.threads) == 1:
                future.outcome = "done"
            return seen

    assert cluster_result(Finishing([1]), "tcp://x:1", future, said.append) == "done"
    assert any("waiting for one" in s for s in said)


def test_a_lost_scheduler_is_one_error_line() -> None:
    from concurrent.futures import CancelledError

    from cardgen.simulate.executor import cluster_result

    with pytest.raises(InputError) as err:
        cluster_result(_Client([1]), "tcp://127.0.0.1:8786", _Future(CancelledError("scheduler-connection-lost")))
    assert str(err.value).count("\n") == 0 and "lost the Dask scheduler at tcp://127.0.0.1:8786" in str(err.value)


def test_the_docs_cluster_recipe_listens_on_loopback_only() -> None:
    docs = (Path(__file__).resolve().parents[1] / "docs" / "tuning.md").read_text(encoding="utf-8")
    lines = [line for line in docs.splitlines() if line.startswith(("dask scheduler", "dask worker"))]
    assert lines
    for line in lines:
        assert "--host 127.0.0.1" in line and "--dashboard-address 127.0.0.1:" in line, line


@pytest.mark.parametrize("lang, waiting, stopped, lost", [
    ("fr", "plus aucun worker Dask à tcp://h:1", "aucun worker Dask à tcp://h:1 depuis", "ordonnanceur Dask perdu"),
    ("it", "nessun worker Dask rimasto a tcp://h:1", "nessun worker Dask a tcp://h:1 da", "scheduler Dask perso"),
])
def test_cluster_faults_are_said_in_the_terminal_language(fast_clock: None, lang: str, waiting: str, stopped: str,
                                                          lost: str) -> None:
    """``--lang`` reaches the lines a lost worker or scheduler prints (cardgen.terminal's language)."""
    from concurrent.futures import CancelledError

    from cardgen import terminal
    from cardgen.simulate.executor import cluster_result

    terminal.set_language(lang)
    try:
        said: list[str] = []
        with pytest.raises(InputError) as err:
            cluster_result(_Client([0]), "tcp://h:1", _Future(), said.append)
        assert said and all(waiting in s for s in said) and stopped in str(err.value)
        with pytest.raises(InputError) as err:
            cluster_result(_Client([1]), "tcp://h:1", _Future(CancelledError("lost")))
        assert lost in str(err.value) and "Dask scheduler" not in str(err.value)
    finally:
        terminal.set_language("en")


def test_a_chunk_that_kills_every_worker_is_one_line() -> None:
    """Dask's ``KilledWorker`` (a chunk that ended each worker that took it) is cardgen's one line, not Dask's."""
    from cardgen.simulate.executor import cluster_result

    class KilledWorker(Exception):
        pass

    with pytest.raises(InputError) as err:
        cluster_result(_Client([1]), "tcp://h:1", _Future(KilledWorker("chunk-1")))
    assert str(err.value).count("\n") == 0
    assert "a chunk of games ended every Dask worker that took it at tcp://h:1 (chunk-1)" in str(err.value)


@pytest.mark.slow  # long (a local Dask cluster, or minutes of games / compiling): CI's slow tier
def test_fix_on_a_cluster_proposes_the_same_cures(scheduler: str, project_with: Callable[[str], Path],
                                                  tmp_path: Path) -> None:
    """``cardgen fix --scheduler``: its trials, their check on fresh seeds and the compare with the base all play on
    the cluster, and the record is the one machine's."""
    import json

    from cardgen.cli import main

    root = project_with("draco")
    (root / "variants" / "draco-poor.yaml").write_text(
        "extends: draco\nname: {fr: Pauvre, it: Povera, en: Poor}\ndescription: {fr: x, it: x, en: x}\n"
        "change:\n  silver-coin: {count: 8}\n", encoding="utf-8")
    records = []
    for out, where in (("local", []), ("remote", ["--scheduler", scheduler])):
        assert main(["--project", str(root), "fix", "draco-poor", "--players", "6", "--games", "120", "--trials", "4",
                     "--best", "1", "--jobs", "1", "--out", str(tmp_path / out), *where]) == 0
        records.append(json.loads((tmp_path / out / "fix.json").read_text(encoding="utf-8")))
    local, remote = records
    assert remote["proposals"] and [p["values"] for p in remote["proposals"]] == [p["values"] for p in local["proposals"]]
    assert [t["values"] for t in remote["trials"]] == [t["values"] for t in local["trials"]]
