"""The Ray engine: same verdicts as the local engine, retries scored once, nothing left running.

One real 2-CPU local Ray cluster serves the whole session; the CLI test starts (and must stop)
its own. Processes are found by an environment tag that every process they start inherits.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import psutil
import pytest
from problems import DELIVERY
from signaled import default_signals

from planetarium_plugin.scoring import score_file, score_records, summarize

ray = pytest.importorskip("ray")

from planetarium_plugin.scoring.ray_engine import RayEngine  # noqa: E402

TAG = "PLANETARIUM_RAY_TEST_TAG"
GT = """(define (problem p) (:domain gripper) (:objects r1 r2 b1 g1)
  (:init (room r1) (room r2) (ball b1) (gripper g1) (at-robby r1) (at b1 r1) (free g1))
  (:goal (and (at b1 r2))))"""
VARIANTS = [
    ("gripper", GT, GT),
    ("gripper", GT, GT.replace("(at b1 r2)", "(at b1 r1)")),
    ("gripper", GT, GT.replace("(at b1 r2)", "(at b1 r2) (at b1 r1)")),
    ("gripper", GT, "```\nno PDDL in here\n```"),
    ("uav-delivery", DELIVERY, DELIVERY),
    ("no-such-domain", GT, GT),
]
VERDICT = ("id", "domain", "parseable", "solvable", "equivalent", "reason", "solve_status")


def _records(n: int) -> list[dict]:
    out = []
    for i in range(n):
        dom, gt, cand = VARIANTS[i % len(VARIANTS)]
        out.append({"id": f"s{i}", "domain": dom, "ground_truth": gt, "candidate": cand})
    return out


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _tagged(tag: str) -> list[psutil.Process]:
    found = []
    for p in psutil.process_iter():
        try:
            if p.status() != psutil.STATUS_ZOMBIE and p.environ().get(TAG) == tag:
                found.append(p)
        except psutil.Error:
            continue
    return found


def _alive(p: psutil.Process) -> bool:
    """Running and not a zombie; False for a process that vanished while we looked."""
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _names(procs: list[psutil.Process]) -> set[str]:
    """Names of ``procs`` that still exist (a short-lived planner may exit as we read it)."""
    out = set()
    for p in procs:
        try:
            out.add(p.name())
        except psutil.Error:
            continue
    return out


def _gone(procs: list[psutil.Process], seconds: float) -> list[str]:
    """Names of ``procs`` still running after ``seconds`` (returns as soon as none is)."""
    end = time.time() + seconds
    alive = [p for p in procs if _alive(p)]
    while alive and time.time() < end:
        time.sleep(0.2)
        alive = [p for p in alive if _alive(p)]
    out = []
    for p in alive:
        try:
            out.append(f"{p.pid} {' '.join(p.cmdline())[:80]}")
        except psutil.Error:
            continue  # exited after the last look: gone
    return out


@pytest.fixture(scope="session")
def cluster():
    """A real local Ray cluster with 2 CPUs, shared by this session's Ray tests."""
    tag = f"session-{uuid.uuid4().hex[:8]}"
    os.environ[TAG] = tag  # inherited by the raylet, its workers and their children
    session = tempfile.mkdtemp(prefix="prt", dir="/tmp")  # short: Ray's socket paths
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level="ERROR",
        _temp_dir=session,
    )
    try:
        yield tag
    finally:
        ray.shutdown()
        os.environ.pop(TAG, None)
        shutil.rmtree(session, ignore_errors=True)


def test_engines_agree_and_resume(cluster, tmp_path):
    recs = _records(24)
    local, remote = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    kw = {"workers": 2, "progress": False, "timeout": 60}  # no budget runs out on a busy box
    score_file(recs, local, **kw)
    with RayEngine(persistent=True) as engine:  # actors stay warm between the two runs
        first = score_file(recs[:10], remote, engine=engine, **kw)
        rest = score_file(recs, remote, engine=engine, **kw)
    assert (first["scored"], rest["scored"], rest["skipped"]) == (10, 14, 10)
    by_id = {r["id"]: r for r in _lines(local)}
    got = _lines(remote)
    assert sorted(r["id"] for r in got) == sorted(by_id)  # each id exactly once
    for r in got:
        assert tuple(r[k] for k in VERDICT) == tuple(by_id[r["id"]][k] for k in VERDICT)
    assert summarize(remote) == summarize(local)
    assert {r["equivalent"] for r in got if r["domain"] == "uav-delivery"} == {True}


def test_engine_by_name_and_lm_eval_filter(cluster, monkeypatch):
    """``engine="ray"`` joins the running cluster; the lm-eval filter follows the env."""
    from planetarium_tasks.planetarium.utils import score_all

    got = {r["id"]: r["equivalent"] for r in score_records(_records(4), engine="ray")}
    assert got == {"s0": True, "s1": False, "s2": False, "s3": False}
    monkeypatch.setenv("PLANETARIUM_ENGINE", "ray")
    docs = [{"domain": "gripper", "problem_pddl": GT, "is_placeholder": False}] * 2
    out = [json.loads(v) for v in score_all([[GT], ["nothing"]], docs)]
    assert [v["equivalent"] for v in out] == [True, False]
    assert ray.is_initialized()  # joined, not shut down


def test_killed_ray_worker_is_retried_and_scored_once(cluster, tmp_path):
    recs = _records(120)
    out = tmp_path / "scores.jsonl"
    counts: dict = {}
    engine = RayEngine(chunk_size=6)

    def target() -> None:
        counts.update(score_file(recs, out, workers=2, progress=False, engine=engine))

    run = threading.Thread(target=target)
    run.start()
    victim, orphans, written_at_kill = None, [], None
    deadline = time.time() + 120
    while victim is None and time.time() < deadline and run.is_alive():
        time.sleep(0.1)
        if not out.exists() or len(out.read_text().splitlines()) < 12:
            continue
        for p in psutil.Process().children(recursive=True):
            try:
                if p.cmdline() and p.cmdline()[0].startswith("ray::_Scorer.score"):
                    victim, orphans = p, p.children(recursive=True)
                    written_at_kill = len(out.read_text().splitlines())
                    p.kill()  # SIGKILL: the Ray worker process dies mid-chunk
                    break
            except psutil.Error:
                continue
    run.join(180)
    assert victim is not None and written_at_kill < len(recs), "no Ray worker was killed mid-run"
    rows = _lines(out)
    assert sorted(r["id"] for r in rows) == sorted(r["id"] for r in recs)  # retried, once each
    assert counts["crashed"] == 0 and not [r for r in rows if r["reason"] == "crashed"]
    expected = {f"s{i}": i % len(VARIANTS) in (0, 4) for i in range(len(recs))}
    assert {r["id"]: r["equivalent"] is True for r in rows} == expected
    assert _gone(orphans, 10) == []  # the killed worker's scoring process went with it


def _cli(args: list[str], env: dict, stdout=subprocess.PIPE, stderr=subprocess.PIPE):
    cmd = [sys.executable, "-m", "planetarium_plugin", "score", *args]
    return subprocess.Popen(
        cmd, env=env, stdout=stdout, stderr=stderr, text=True,
        start_new_session=True, preexec_fn=default_signals,  # SIGINT: whatever started pytest
    )  # fmt: skip


#: Bounds for the CLI test's waits on a loaded 2-core machine: each wait ends as soon as its
#: condition holds, so they cost nothing when the machine is idle.
STARTED_S, STOPPED_S, RESUMED_S, GONE_S = 300, 180, 480, 60


def _finish(proc: subprocess.Popen, seconds: float, what: str) -> None:
    """Wait for ``proc``; past ``seconds`` kill its whole group (nothing left) and fail."""
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        pytest.fail(f"{what} did not end within {seconds} s")


def test_cli_ctrl_c_resumes_and_leaves_nothing(tmp_path):
    """A run with its own local cluster: Ctrl-C, resume, and no raylet/java/downward left.

    Every wait is on a real condition with a generous bound (no fixed sleeps): Ctrl-C goes
    out once results are being written AND the cluster and an ENHSP JVM are up in the same
    look; the CLI's output goes to files (a pipe nobody reads could fill and stall it).
    """
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    recs = _records(150)
    src.write_text("".join(json.dumps(r) + "\n" for r in recs))
    tag = f"cli-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_ADDRESS")}
    env[TAG] = tag  # and no RAY_ADDRESS: the command starts its own cluster
    ray_tmp = Path(tempfile.mkdtemp(prefix="prt", dir="/tmp"))  # short: Ray's socket paths
    env["RAY_TMPDIR"] = str(ray_tmp)
    args = [str(src), "--out", str(out), "--engine", "ray", "--workers", "2", "--quiet"]
    logs = [tmp_path / n for n in ("1.out", "1.err", "2.out", "2.err")]
    procs: list[subprocess.Popen] = []
    try:
        with logs[0].open("w") as o, logs[1].open("w") as e:
            procs.append(_cli(args, env, o, e))
        proc, running = procs[0], set()
        deadline = time.time() + STARTED_S
        while time.time() < deadline and proc.poll() is None:
            written = len(out.read_text().splitlines()) if out.exists() else 0
            running = _names(_tagged(tag))
            if written >= 6 and {"raylet", "java"} <= running:
                break
            time.sleep(0.5)
        err = lambda n=1: logs[n].read_text()[-2000:]  # noqa: E731
        assert proc.poll() is None, f"the run ended before Ctrl-C: {err()}"
        # the cluster and an ENHSP JVM were up (at the same moment) while results came out
        assert {"raylet", "java"} <= running, f"not up within {STARTED_S} s: {running}"
        before = _tagged(tag)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the terminal's foreground group
        _finish(proc, STOPPED_S, "the interrupted run")
        assert proc.returncode == 130, err()
        assert "resume" in logs[1].read_text()
        assert _gone(before + _tagged(tag), GONE_S) == []  # no raylet/worker/java/downward
        partial = len(_lines(out))
        assert 0 < partial < len(recs)
        with logs[2].open("w") as o, logs[3].open("w") as e:
            procs.append(_cli(args, env, o, e))
        _finish(procs[1], RESUMED_S, "the resumed run")
        assert procs[1].returncode == 0, err(3)
        stdout = logs[2].read_text()
        assert f"already done {partial}" in stdout and "all " in stdout
        assert sorted(r["id"] for r in _lines(out)) == sorted(r["id"] for r in recs)
        assert _gone(_tagged(tag), GONE_S) == []
        assert not list(ray_tmp.iterdir())  # the cluster's session files went too
    finally:  # a failed assertion must not leave a cluster running
        for p in procs:
            if p.poll() is None:  # only while unreaped: its group id cannot be reused
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        for p in _tagged(tag):  # what they started (this test's own tag) and left behind
            with contextlib.suppress(psutil.Error):
                p.kill()
        shutil.rmtree(ray_tmp, ignore_errors=True)


def test_cli_joins_a_running_cluster(cluster, tmp_path):
    """``--address`` joins the cluster (here the session's) and leaves it running."""
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in _records(8)))
    address = ray.get_runtime_context().gcs_address
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_ADDRESS")}
    proc = _cli([str(src), "--out", str(out), "--address", address, "--quiet"], env)
    stdout, err = proc.communicate(timeout=180)
    assert proc.returncode == 0, err[-2000:]
    assert "scored 8" in stdout and len(_lines(out)) == 8
    assert ray.is_initialized() and ray.cluster_resources().get("CPU") == 2  # still up


def test_reward_on_ray_matches_local(cluster):
    """``PlanetariumReward(engine="ray")`` batches through warm Ray actors, same rewards."""
    from planetarium_plugin.rewards import PlanetariumReward

    completions = [GT, GT.replace("(at b1 r2)", "(at b1 r1)"), "", [{"content": GT}]] * 2
    cols = {"ground_truth": [GT] * 8, "domain": ["gripper"] * 8}
    with PlanetariumReward(workers=2) as local, PlanetariumReward(workers=2, engine="ray") as rr:
        expected = local(completions=completions, **cols)
        assert rr(completions=completions, **cols) == expected == [1.0, 0.3, 0.0, 1.0] * 2
        assert rr(completions=completions[:2], **{k: v[:2] for k, v in cols.items()}) == [1.0, 0.3]
    assert ray.is_initialized()  # joined the session's cluster, left it running
