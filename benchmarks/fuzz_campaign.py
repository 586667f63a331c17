"""The hostile-input campaign: thousands of generated model outputs, plus kill-and-resume.

Phase 1 runs seeded hostile candidates (``tests/hostile.py``: junk, truncated and mutated PDDL,
huge numbers, unicode / keyword / path-like names, numeric edge cases, comments, wrappers) over
every installed pack through ``evaluate`` and ``equivalent(explain=True)``, each in a forked
child with a hard limit, and counts uncaught exceptions, budget overruns, leftover processes and
leftover temp files. Phase 2 runs ``planetarium score`` on hostile records, kills it (SIGKILL or
SIGINT, alternating) at random moments, checks that nothing it started survives, resumes, and
finally checks that every id was scored exactly once in a file of valid JSON lines.

    python benchmarks/fuzz_campaign.py --n 10000 --workers 2 --kills 5 --score-n 400

The CI fuzz test (``tests/test_fuzz.py``) runs the same script with a few hundred items.
Exit status 0 when every count is zero, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from hostile import MARKER, become_subreaper, hostile_items, run_items, summarize  # noqa: E402


def _cache_dir() -> Path:
    """Where the planners keep their start-up caches (a stale ``*.tmp*`` there is a leak)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "planetarium-plugin"


def _marked(tag: str) -> list[psutil.Process]:
    """Live processes whose environment carries this campaign's marker."""
    found = []
    for p in psutil.process_iter(["pid"]):
        try:
            mine = p.pid != os.getpid() and p.environ().get(MARKER) == tag
            if mine and p.status() != psutil.STATUS_ZOMBIE:
                found.append(p)
        except psutil.Error:
            continue
    return found


def _settle(tag: str, private_tmp: Path, grace: float = 15.0) -> list[psutil.Process]:
    """The marked processes still alive once what dies with its parent has had time to go.

    A worker notices its supervisor's death within a fraction of a second on an idle machine,
    but on a loaded one its clean-up (planners killed, temp dir removed) can take seconds; a
    process that really leaks stays past any grace, so waiting is not leniency.
    """
    deadline = time.monotonic() + grace
    while True:
        _reap()
        left = _marked(tag)
        if (not left and not any(private_tmp.iterdir())) or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _lines(path: Path) -> int:
    try:
        with open(path, "rb") as fh:
            return sum(1 for _ in fh)
    except FileNotFoundError:
        return 0


def _wait_for_lines(proc: subprocess.Popen, out: Path, rng: random.Random, window: float) -> None:
    """Return at a random moment of the run: after a few more result lines, or at a random
    time within ``window`` seconds (which may be during start-up), whichever comes first."""
    target = _lines(out) + rng.randint(1, 8)
    end = time.monotonic() + rng.uniform(0.2, window)
    while proc.poll() is None and time.monotonic() < end and _lines(out) < target:
        time.sleep(0.02)


def kill_resume(args: argparse.Namespace) -> dict:
    """Score hostile records, killing the command at random moments, then finish and verify."""
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="planetarium-fuzz-score-"))
    private_tmp = work / "tmp"
    private_tmp.mkdir()
    inp, out = work / "in.jsonl", work / "out.jsonl"
    items = list(hostile_items(args.seed + 1, args.score_n))
    with open(inp, "w", encoding="utf-8") as fh:
        for item in items:
            fh.write(json.dumps(item.record()) + "\n")
    tag = f"score-{os.getpid()}"
    env = {**os.environ, MARKER: tag, "TMPDIR": str(private_tmp)}
    cmd = [sys.executable, "-m", "planetarium_plugin", "score", str(inp), "--out", str(out),
           "--workers", str(args.workers), "--timeout", str(args.timeout)]
    report = {"records": len(items), "kills": 0, "leftover_processes": 0, "leftover_files": 0,
              "lost_ids": 0, "duplicate_ids": 0, "corrupt_lines": 0, "final_exit": None}
    try:
        for k in range(args.kills + 1):
            proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            if k < args.kills:
                _wait_for_lines(proc, out, rng, args.kill_window)
                sig = signal.SIGKILL if k % 2 == 0 else signal.SIGINT
                if proc.poll() is None:
                    proc.send_signal(sig)
                    report["kills"] += 1
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                left = _settle(tag, private_tmp)
                report["leftover_processes"] += len(left)
                for p in left:
                    p.kill()
                _reap()
                report["leftover_files"] += len(list(private_tmp.iterdir()))
                shutil.rmtree(private_tmp, ignore_errors=True)
                private_tmp.mkdir()
            else:
                report["final_exit"] = proc.wait(args.timeout * len(items) + 120)
                report["leftover_processes"] += len(_settle(tag, private_tmp))
                report["leftover_files"] += len(list(private_tmp.iterdir()))
        seen: dict[str, int] = {}
        with open(out, encoding="utf-8") as fh:
            for line in fh:
                try:
                    rid = str(json.loads(line)["id"])
                except (json.JSONDecodeError, KeyError, TypeError):
                    report["corrupt_lines"] += 1
                    continue
                seen[rid] = seen.get(rid, 0) + 1
        report["lost_ids"] = sum(1 for i in items if i.id not in seen)
        report["duplicate_ids"] = sum(n - 1 for n in seen.values() if n > 1)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000, help="hostile items for phase 1")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=5.0, help="the API's budget per item")
    ap.add_argument("--grace", type=float, default=5.0, help="start-up allowance per child")
    ap.add_argument("--kills", type=int, default=5, help="kills of `planetarium score` (phase 2)")
    ap.add_argument("--score-n", type=int, default=400, help="records for phase 2 (0: skip)")
    ap.add_argument("--kill-window", type=float, default=8.0, help="kill within this many s")
    ap.add_argument("--json", type=Path, help="write the report here")
    args = ap.parse_args(argv)

    become_subreaper()
    t0 = time.perf_counter()
    outcomes = []
    bar = tqdm(total=args.n, desc="hostile items", unit="item", disable=None)
    for o in run_items(hostile_items(args.seed, args.n), timeout=args.timeout,
                       workers=args.workers, grace=args.grace, cache_dirs=[str(_cache_dir())]):
        outcomes.append(o)
        bar.update()
        if not o.ok:
            bar.write(f"FAIL {o.id} [{o.kind}/{o.domain}] exception={bool(o.exception)} "
                      f"overrun={o.overrun} procs={o.leftover_processes} "
                      f"files={o.leftover_files[:3]}")
    bar.close()
    report = {"phase1": summarize(outcomes), "phase1_seconds": round(time.perf_counter() - t0, 1)}
    if args.score_n:
        t1 = time.perf_counter()
        report["phase2"] = kill_resume(args)
        report["phase2_seconds"] = round(time.perf_counter() - t1, 1)
    p1, p2 = report["phase1"], report.get("phase2", {})
    bad = (p1["exceptions"] + p1["overruns"] + p1["leftover_processes"] + p1["leftover_files"]
           + sum(p2.get(k, 0) for k in ("leftover_processes", "leftover_files", "lost_ids",
                                        "duplicate_ids", "corrupt_lines")))
    if p2 and p2.get("final_exit") not in (0, 1):
        bad += 1
    short = {k: v for k, v in p1.items() if k != "failures"}
    print(json.dumps({"phase1": short, "phase2": p2,
                      "seconds": [report["phase1_seconds"], report.get("phase2_seconds")]},
                     indent=2))
    for f in p1["failures"][:10]:
        print("failure:", json.dumps(f)[:2000])
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
