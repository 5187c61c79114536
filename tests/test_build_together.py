"""``cardgen build`` makes the rulebooks of one deck and language on every paper in one go (they share their text)."""
from __future__ import annotations

import os

from pathlib import Path

import pytest

import cardgen.build as build_module
import cardgen.workers as workers_module
from cardgen.build import BuildOptions, Job, Together, build, rendered
from test_build import decks, outputs


@pytest.mark.parametrize("workers", [1, 2])
def test_the_papers_of_a_rulebook_are_made_together(mini_project: Path, tmp_path: Path, monkeypatch,
                                                    workers: int) -> None:
    import os

    made = []

    def fake_rulebooks(resolved, lang, papers):
        made.append((resolved.id, lang, tuple(papers), os.getpid()))
        return [f"rules {lang} {paper}".encode() for paper in papers]

    monkeypatch.setattr(build_module, "_rulebooks", lambda: fake_rulebooks)
    monkeypatch.setattr(build_module, "_rulebook", lambda: lambda *args: pytest.fail("a paper made alone"))
    out = tmp_path / "out"
    build(decks(mini_project), out, BuildOptions(langs=["en", "it"], papers=["a4", "letter"], workers=workers))
    for lang in ("en", "it"):
        for paper in ("a4", "letter"):
            assert (out / f"king_lui/{lang}/rules-{paper}.pdf").read_bytes() == f"rules {lang} {paper}".encode()
    if workers == 1:  # made here; forked workers' calls are not seen from this process
        assert [m[:3] for m in made] == [("king_lui", "en", ("a4", "letter")), ("king_lui", "it", ("a4", "letter"))]
    assert len(outputs(out)) == 8


def test_a_paper_left_alone_is_made_alone(mini_project: Path, tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "out"
    build(decks(mini_project), out, BuildOptions(langs=["en"], papers=["a4", "letter"], workers=1))
    kept = (out / "king_lui/en/rules-letter.pdf").read_bytes()
    (out / "king_lui/en/rules-letter.pdf").unlink()
    monkeypatch.setattr(build_module, "_rulebooks", lambda: pytest.fail("both papers made for one"))
    build(decks(mini_project), out, BuildOptions(langs=["en"], papers=["a4", "letter"], workers=1))
    assert (out / "king_lui/en/rules-letter.pdf").read_bytes() == kept


@pytest.mark.parametrize("count", [2, 3])
def test_a_small_build_shares_its_jobs_with_one_forked_worker(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer than MIN_PARALLEL jobs: the first half made here, the rest by one forked process.

    Forking is forced: an earlier test of this xdist worker may have left a thread (Dask's), which
    makes a build do everything here; whether that is right is ``tests/test_workers.py``'s concern.
    The jobs only read their pid, so forking beside that idle thread is safe."""
    import cardgen.workers

    monkeypatch.setattr(build_module, "fork_safe", lambda: True)
    monkeypatch.setattr(cardgen.workers, "fork_safe", lambda: True)
    jobs = [Job(f"j{i}", "", lambda: os.getpid().to_bytes(4, "big")) for i in range(count)]
    done = list(rendered(jobs, 2))
    here = (count + 1) // 2
    assert [job.rel for job, _ in done] == [f"j{i}" for i in range(count)]
    pids = [int.from_bytes(data, "big") for _, data in done]
    assert pids[:here] == [os.getpid()] * here and all(p != os.getpid() for p in pids[here:])


@pytest.mark.parametrize("workers", [1, 2])
def test_results_come_in_the_order_of_the_jobs_when_made_here(workers: int) -> None:
    pair = Together(lambda parts: [f"together {p}".encode() for p in parts])
    jobs = [Job("a", "", lambda: b"a"), Job("p1", "", lambda: b"alone", together=pair, part="x"),
            Job("b", "", lambda: b"b"), Job("p2", "", lambda: b"alone", together=pair, part="y"),
            Job("c", "", lambda: b"c")]
    done = [(job.rel, data) for job, data in rendered(jobs, workers)]
    expected = [("a", b"a"), ("p1", b"together x"), ("b", b"b"), ("p2", b"together y"), ("c", b"c")]
    # made here: in order; by a pool (5 jobs): as they are finished, the pair still made together
    assert done == expected if workers == 1 else sorted(done) == sorted(expected)


def test_rulebooks_go_to_the_first_worker_and_the_largest_jobs_go_first() -> None:
    from cardgen.build import _batches, _queues

    pair = Together(lambda parts: [b""] * len(parts))
    jobs = [Job("small.pdf", "", lambda: b"", weight=40), Job("r1", "", lambda: b"", together=pair, part="a4",
                                                                stage="rules", weight=50),
            Job("big.pdf", "", lambda: b"", weight=120), Job("r2", "", lambda: b"", stage="rules", weight=120),
            Job("pictures", "", lambda: [], stage="pictures", weight=12),
            Job("r1b", "", lambda: b"", together=pair, part="letter", stage="rules", weight=50)]
    batches = _batches(jobs)
    rules, other = _queues(jobs, batches)
    assert [[jobs[i].rel for i in batches[b]] for b in rules] == [["r2"], ["r1", "r1b"]]
    assert [[jobs[i].rel for i in batches[b]] for b in other] == [["big.pdf"], ["small.pdf"], ["pictures"]]


def _slow(data: bytes, seconds: float = 0.0, fail: str = ""):
    import time

    def make() -> bytes:
        time.sleep(seconds)
        if fail:
            raise ValueError(fail)
        return data
    return make


def _after(marker: Path, data: bytes, limit: float = 60.0):
    """A job that finishes a second after ``marker`` appears (or after ``limit`` seconds)."""
    import time

    def make() -> bytes:
        end = time.monotonic() + limit
        while not marker.exists() and time.monotonic() < end:
            time.sleep(0.01)
        time.sleep(1.0)
        return data
    return make


def test_a_pool_hands_on_each_result_when_it_is_finished(tmp_path: Path, monkeypatch) -> None:
    """The first job, slow, does not hold back the others: each is handed on (written) when finished.

    The slow job ends only once this test has been handed a result (it marks a file on each), so it
    cannot come first however the workers are scheduled; a pool that held results back in the jobs'
    order would wait for it and hand it on first (after the slow job's 60 s limit). Two earlier forms
    raced in loaded CI runs: a fixed 3 s sleep, then "a second after another job ran", when the
    parent woke late and found both finished. A thread left by an earlier test would send every job
    down the in-order path, which is not the one tested here: forking is declared safe, to the build and to the
    pool alike (the pool's own check refused to fork once such a thread was left)."""
    monkeypatch.setattr(build_module, "fork_safe", lambda: True)
    monkeypatch.setattr(workers_module, "fork_safe", lambda: True)  # the pool checks again (a README-tier run, 11-29)
    handed = tmp_path / "a-result-was-handed-on"
    jobs = [Job("slow", "", _after(handed, b"slow"))] + [Job(f"j{i}", "", _slow(b"%d" % i)) for i in range(7)]
    assert len(jobs) >= build_module.MIN_PARALLEL
    done = []
    for job, data in rendered(jobs, 2):
        handed.touch()
        done.append((job.rel, data))
    assert sorted(done) == sorted([("slow", b"slow")] + [(f"j{i}", b"%d" % i) for i in range(7)])
    assert done[0] != ("slow", b"slow")  # in the jobs' order, nothing could have been handed on before it


def test_of_several_failures_a_pool_raises_the_first_in_the_jobs_order() -> None:
    """Whichever ends first, the error raised is the one an in-order build meets first."""
    jobs = [Job("a", "", _slow(b"a")), Job("late", "", _slow(b"", 0.8, fail="late one")),
            Job("b", "", _slow(b"b")), Job("soon", "", _slow(b"", 0.0, fail="soon one")),
            Job("c", "", _slow(b"c")), Job("d", "", _slow(b"d"))]
    handed = []
    with pytest.raises(Exception, match="late one"):
        for job, _ in rendered(jobs, 2):
            handed.append(job.rel)
    assert "a" in handed and "late" not in handed and "soon" not in handed


def test_sheets_are_weighed_by_the_faces_they_draw_more_than_by_their_copies() -> None:
    """Royale (134 faces, 110 copies) takes longer to draw than Draco (45, 143) or King Lui (8, 110)."""
    from cardgen.build import drawing_weight
    from cardgen.load.project import Project
    from cardgen.resolve.resolve import Resolver

    root = Path(__file__).resolve().parent.parent
    resolver = Resolver(Project.open(root))
    weights = {d: drawing_weight(resolver.resolve(d)) for d in ("king_lui", "royale", "draco")}
    assert weights["royale"] > weights["draco"] > weights["king_lui"]
