"""The Planetarium triple, and batch scoring that loses no sample."""

from __future__ import annotations

import json
import signal
import subprocess
import threading
import time

import psutil
from problems import DELIVERY
from signaled import default_signals

from planetarium_plugin.scoring import evaluate, read_records, score_file, summarize

GT = """(define (problem p) (:domain gripper) (:objects r1 r2 b1 g1)
  (:init (room r1) (room r2) (ball b1) (gripper g1) (at-robby r1) (at b1 r1) (free g1))
  (:goal (and (at b1 r2))))"""


def test_triple():
    good = evaluate(GT, GT.replace("(at b1 r2)", "(at b1 r2) (free g1)"), "gripper")
    assert (good.parseable, good.solvable, good.equivalent) == (True, True, True)
    wrong = evaluate(GT, GT.replace("(at b1 r2)", "(at b1 r1)"), "gripper")
    assert (wrong.parseable, wrong.solvable, wrong.equivalent) == (True, True, False)
    impossible = evaluate(GT, GT.replace("(at b1 r2)", "(at b1 r2) (at b1 r1)"), "gripper")
    assert (impossible.solvable, impossible.solve_status) == (False, "unsolvable")
    typed = GT.replace("(:objects r1 r2 b1 g1)", "(:objects r1 r2 - room b1 - ball g1 - gripper)")
    relaxed = evaluate(GT, typed, "gripper")
    assert relaxed.parseable is False and relaxed.reason == "typing_mismatch"
    assert relaxed.equivalent_relaxed_typing is True


def test_timeout_is_the_budget_of_the_whole_call():
    # one deadline for equivalence and solving: a spent budget starts no planner
    spent = evaluate(GT, GT, "gripper", timeout=0)
    assert spent.solve_status == "unknown" and "no time left" in spent.solve_message
    assert spent.planner is None


def _records(n: int) -> list[dict]:
    out = []
    for i in range(n):
        cand = GT if i % 3 else "no PDDL here"
        out.append({"id": f"s{i}", "domain": "gripper", "ground_truth": GT, "candidate": cand})
    return out


def _ids(path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text().splitlines()]


def test_resume_skips_scored_ids(tmp_path):
    out = tmp_path / "scores.jsonl"
    recs = _records(6)
    c1 = score_file(recs[:4], out, workers=2, progress=False)
    c2 = score_file(recs, out, workers=2, progress=False)
    assert (c1["scored"], c2["scored"], c2["skipped"]) == (4, 2, 4)
    assert sorted(_ids(out)) == sorted(r["id"] for r in recs)
    rows = {r["domain"]: r for r in summarize(out)}
    assert rows["gripper"]["n"] == 6 and rows["gripper"]["parseable"] == round(4 / 6, 4)


def test_hard_timeout_kills_and_records(tmp_path):
    """A fresh worker needs most of a second to start the ENHSP JVM: past a 0.05 s limit."""
    out = tmp_path / "scores.jsonl"
    recs = [
        {"id": f"u{i}", "domain": "uav-delivery", "ground_truth": DELIVERY, "candidate": DELIVERY}
        for i in range(2)
    ]
    counts = score_file(recs, out, workers=1, hard_timeout=0.05, progress=False)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert counts["timeout"] == 2 and {r["reason"] for r in rows} == {"timeout"}


def test_killed_worker_is_recorded_not_lost(tmp_path):
    out = tmp_path / "scores.jsonl"
    recs = _records(12)
    result = {}
    t = threading.Thread(
        target=lambda: result.update(score_file(recs, out, workers=2, progress=False))
    )
    t.start()
    deadline = time.time() + 30
    killed = False
    while not killed and time.time() < deadline:
        for child in psutil.Process().children():
            if "spawn" in " ".join(child.cmdline()):
                child.kill()
                killed = True
                break
        time.sleep(0.05)
    t.join(120)
    assert killed and not t.is_alive()
    assert sorted(_ids(out)) == sorted(r["id"] for r in recs)  # every sample, once


def test_bad_records_are_scored_with_a_reason(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "x", "domain": "gripper"}\nnot json\n[1, 2]\n')
    out = tmp_path / "out.jsonl"
    score_file(read_records(src), out, workers=1, progress=False)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["reason"] for r in sorted(rows, key=lambda r: r["id"])] == ["bad_record"] * 3


def test_cli_interrupt_then_resume(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in _records(300)))
    out = tmp_path / "out.jsonl"
    cmd = ["planetarium", "score", str(src), "--out", str(out), "--workers", "2", "--quiet"]
    # A caller may have started us with SIGINT ignored (background jobs are): Ctrl-C must reach
    # the child as it would in a terminal.
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_signals,
    )
    deadline = time.time() + 60
    while time.time() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 3):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    partial = _ids(out)
    assert proc.returncode == 130, err  # interrupted mid-run
    assert "resume" in err and 3 <= len(partial) < 300
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "all" in done.stdout
    assert sorted(_ids(out)) == sorted(f"s{i}" for i in range(300))  # each id exactly once
