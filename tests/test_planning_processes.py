"""Nothing is left behind (issue 11 #7): killed workers take their planners and temp files with
them, and so does a SIGKILLed ``planetarium score``; ENHSP's start-up cache is made outside the
capped workers and a killed first run leaves no half-written cache files."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from problems import DELIVERY

from planetarium_plugin.scoring import score_file

MARK = "PLANETARIUM_TEST_PROCESSES"

#: Blocks World with an invalid init (the pack planner declines) and an unsolvable goal:
#: Fast Downward searches for a long time.
FD_HARD = (
    "(define (problem fd-hard) (:domain blocksworld) (:objects "
    + " ".join(f"b{i}" for i in range(30))
    + ") (:init "
    + " ".join(f"(on-table b{i}) (clear b{i})" for i in range(30))
    + " (arm-empty) (on b1 b0)) (:goal (and (on b2 b3) (on b3 b2))))"
)


def _marked(tag: str) -> list[psutil.Process]:
    """Live processes carrying this test's marker (but this process and its own resource
    tracker, which lives as long as it does)."""
    found = []
    for p in psutil.process_iter():
        try:
            if p.pid == os.getpid() or p.status() == psutil.STATUS_ZOMBIE:
                continue
            if p.ppid() == os.getpid() and "resource_tracker" in " ".join(p.cmdline()):
                continue
            if p.environ().get(MARK) == tag:
                found.append(p)
        except psutil.Error:
            continue
    return found


def _names(procs: list[psutil.Process]) -> list[str]:
    out = []
    for p in procs:
        try:
            out.append(" ".join(p.cmdline()))
        except psutil.Error:
            continue
    return out


def _wait_gone(tag: str, seconds: float = 15) -> list[psutil.Process]:
    end = time.monotonic() + seconds
    while (left := _marked(tag)) and time.monotonic() < end:
        time.sleep(0.2)
    return left


def _records() -> list[dict]:
    """A numeric record first (its worker starts the ENHSP server JVM), then hard ones."""
    recs = [
        {"id": "uav", "domain": "uav-delivery", "ground_truth": DELIVERY, "candidate": DELIVERY}
    ]
    recs += [
        {"id": f"fd{i}", "domain": "blocksworld", "ground_truth": FD_HARD, "candidate": FD_HARD}
        for i in range(3)
    ]
    return recs


def test_sigkilled_score_leaves_no_process_and_no_temp_dir(tmp_path):
    tag, tmp = uuid.uuid4().hex, tmp_path / "tmp"
    tmp.mkdir()
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("".join(json.dumps(r) + "\n" for r in _records()))
    env = {**os.environ, MARK: tag, "TMPDIR": str(tmp)}
    cmd = [sys.executable, "-m", "planetarium_plugin", "score", str(inp), "--out", str(out)]
    cmd += ["--workers", "2", "--timeout", "120", "--quiet"]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, start_new_session=True)
    try:
        end, seen = time.monotonic() + 120, ""
        while time.monotonic() < end:  # until a JVM and a search (or translator) run
            seen = " | ".join(_names(_marked(tag)))
            if "PlanetariumEnhspServer" in seen and "downward" in seen:
                break
            time.sleep(0.3)
        assert "PlanetariumEnhspServer" in seen and "downward" in seen, seen
        assert any(tmp.iterdir())  # the workers' temp dirs exist while they run
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        left = _wait_gone(tag)
        assert left == [], _names(left)
        assert list(tmp.iterdir()) == []
    finally:
        if proc.poll() is None:
            proc.kill()
        for p in _marked(tag):
            p.kill()


def test_hard_limit_kill_takes_planners_and_temp_files(tmp_path, monkeypatch):
    tag, tmp = uuid.uuid4().hex, tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv(MARK, tag)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    recs = [dict(r, id=f"{r['id']}-b") for r in _records()[:2]]
    counts = score_file(
        recs, tmp_path / "out.jsonl", workers=1, timeout=120, hard_timeout=5, progress=False
    )
    assert counts["timeout"] == 1, counts  # the Fast Downward record hit the hard limit
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert {x["id"]: x.get("reason") for x in lines}["fd0-b"] == "timeout"
    left = _wait_gone(tag)
    assert left == [], _names(left)
    assert list(tmp.iterdir()) == []


def test_enhsp_cache_is_made_outside_the_cap_and_never_half_written(tmp_path):
    """Under the workers' 4 GB cap the JVM cannot write its cache ("Unable to reserve memory
    for symbols"): a capped ENHSP run must not try; the uncapped supervisor makes it first; a
    first run killed mid-way leaves no ``enhsp-*.tmp*`` files."""
    env = {**os.environ, "PLANETARIUM_CACHE": str(tmp_path / "cache")}
    capped = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))\n"
        "from planetarium_plugin.planning import solve\n"
        f"print(solve({DELIVERY!r}, 'uav-delivery', planner='enhsp', timeout=60).status.value)\n"
    )
    p = subprocess.run([sys.executable, "-c", capped], env=env, capture_output=True, text=True)
    assert p.stdout.strip() == "solved", p.stdout + p.stderr
    assert [f.name for f in (tmp_path / "cache").iterdir()] == []  # no cache attempted
    killed = (
        "from planetarium_plugin.planning import solve\n"
        f"print(solve({DELIVERY!r}, 'uav-delivery', planner='enhsp', timeout=0.3).status.value)\n"
    )
    p = subprocess.run([sys.executable, "-c", killed], env=env, capture_output=True, text=True)
    assert p.stdout.strip() == "unknown", p.stdout + p.stderr
    assert [f.name for f in (tmp_path / "cache").iterdir()] == []  # nothing half-written
    prepare = (
        "from planetarium_plugin.planning import ensure_startup_cache\n"
        "print(ensure_startup_cache())\n"
    )
    p = subprocess.run([sys.executable, "-c", prepare], env=env, capture_output=True, text=True)
    files = [f.name for f in (tmp_path / "cache").iterdir()]
    assert p.stdout.strip() == "True", p.stdout + p.stderr
    assert len(files) == 1 and files[0].startswith("enhsp-"), files
    assert Path(files[0]).suffix in (".aot", ".jsa"), files
    p = subprocess.run([sys.executable, "-c", capped], env=env, capture_output=True, text=True)
    assert p.stdout.strip() == "solved", p.stdout + p.stderr  # capped, with the cache
    shutil.rmtree(tmp_path / "cache")


def test_unclosed_session_leaves_nothing_at_exit(tmp_path):
    """A PlannerSession its owner never closes: the server JVM and its directory go at exit."""
    tag = uuid.uuid4().hex
    code = (
        "from planetarium_plugin.planning import PlannerSession, solve\n"
        "s = PlannerSession()\n"
        f"print(solve({DELIVERY!r}, 'uav-delivery', session=s, timeout=60).planner)\n"
    )
    env = {**os.environ, MARK: tag, "TMPDIR": str(tmp_path)}
    p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert p.stdout.strip() == "enhsp-server", p.stdout + p.stderr
    left = _wait_gone(tag)
    assert left == [], _names(left)
    assert list(tmp_path.iterdir()) == []
