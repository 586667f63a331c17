"""The worker pool behind both engines: warm across batches, and gone when its owner dies."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

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


DRIVER = """
import sys
sys.path.insert(0, {bench!r})
import random
from generate import gripper
from planetarium_plugin.scoring.engines import BatchOptions
from planetarium_plugin.scoring.supervisor import run_local
if __name__ == "__main__":
    gt = gripper(300, 20, random.Random(0))  # Fast Downward needs its whole 30 s budget here
    rec = {{"id": "big", "domain": "gripper", "ground_truth": gt, "candidate": gt}}
    opts = BatchOptions(workers=1, timeout=30, planner="fast-downward")
    print(list(run_local([rec], opts, {{}})), flush=True)
"""


def test_workers_and_planners_die_with_a_killed_supervisor(tmp_path):
    """SIGKILL of the supervisor (a killed Ray worker, an OOM kill) must not orphan a busy
    worker or its planner (regression: they ran on for the sample's whole budget)."""
    bench = str(Path(__file__).parents[1] / "benchmarks")
    driver = subprocess.Popen([sys.executable, "-c", DRIVER.format(bench=bench)])
    me = psutil.Process(driver.pid)
    tree: list[psutil.Process] = []
    deadline = time.time() + 60
    while time.time() < deadline and driver.poll() is None:
        time.sleep(0.5)
        tree = me.children(recursive=True)
        busy = [p for p in tree if "spawn_main" in " ".join(p.cmdline())]
        if busy and time.time() - busy[0].create_time() > 3:  # the worker is mid-sample
            break
    assert driver.poll() is None and tree, "the worker never started"
    tree = me.children(recursive=True)
    driver.kill()
    driver.wait()
    end = time.time() + 8
    alive = tree
    while alive and time.time() < end:
        time.sleep(0.2)
        alive = [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert alive == [], json.dumps([" ".join(p.cmdline())[:80] for p in alive])
