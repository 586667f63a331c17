"""The worker pool behind both engines and the rewards: warm across batches, clean when stopped.

(A supervisor killed by SIGKILL: tests/test_planning_processes.py.)
"""

from __future__ import annotations

import psutil

from planetarium_plugin.scoring.engines import BatchOptions
from planetarium_plugin.scoring.supervisor import WorkerPool

GT = """(define (problem p) (:domain gripper) (:objects r1 r2 b1 g1)
  (:init (room r1) (room r2) (ball b1) (gripper g1) (at-robby r1) (at b1 r1) (free g1))
  (:goal (and (at b1 r2))))"""


def _rec(i: int, cand: str = GT) -> dict:
    return {"id": str(i), "domain": "gripper", "ground_truth": GT, "candidate": cand}


def test_pool_stays_warm_between_batches_and_closes():
    with WorkerPool(BatchOptions(workers=1)) as pool:
        first = list(pool.score([_rec(0), _rec(1, "junk")], {}))
        pids = [s.proc.pid for s in pool._slots]
        second = list(pool.score([_rec(2)], {}))
        assert [s.proc.pid for s in pool._slots] == pids  # the same worker process
        workers = [psutil.Process(p) for p in pids]
    assert [r["equivalent"] for r in first + second] == [True, False, True]
    assert not [w for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]


def test_stopping_early_drops_the_busy_worker():
    pool = WorkerPool(BatchOptions(workers=2))
    results = pool.score([_rec(i) for i in range(6)], {})
    assert next(results)["equivalent"] is True
    results.close()  # e.g. a reward's batch deadline: no stale answer may come later
    assert all(s.rec is None for s in pool._slots)
    assert [r["id"] for r in pool.score([_rec(9)], {})] == ["9"]
    pool.close()


def test_a_worker_killed_from_outside_leaves_no_temp_dir():
    # Ray kills an actor's whole process tree, the OOM killer a worker: neither lets the worker
    # remove its private temp dir, so the pool sweeps the directories of dead workers.
    import os
    import signal
    import tempfile

    pool = WorkerPool(BatchOptions(workers=1))
    assert [r["id"] for r in pool.score([_rec(0)], {})] == ["0"]
    pid = pool._slots[0].proc.pid
    workdir = os.path.join(tempfile.gettempdir(), f"planetarium-worker-{pid}")
    assert os.path.isdir(workdir)
    os.kill(pid, signal.SIGKILL)
    pool._slots[0].proc.join(5)
    assert os.path.isdir(workdir)  # nobody cleaned up after the killed worker yet
    pool.close()
    assert not os.path.exists(workdir)


def test_a_worker_freezes_what_it_has_loaded():
    """After its first sample a worker moves the loaded objects out of the collector's reach
    (full collections over them were the slowest calls of a batch: RESULTS.md, issue 17)."""
    import subprocess
    import sys

    code = (
        "import gc; from planetarium_plugin.scoring.supervisor import _freeze_loaded; "
        "before = gc.get_freeze_count(); _freeze_loaded(); print(before, gc.get_freeze_count())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = map(int, out.stdout.split())
    assert before == 0 and after > 10_000
