"""The CI fuzz test: a seeded hostile campaign over every pack, and kill/resume of `score`.

Each item runs in a child with a hard limit (tests/hostile.py); the campaign script reports
uncaught exceptions, budget overruns, leftover processes and temp files, and for the killed and
resumed `planetarium score` run lost, duplicated or corrupt result lines. All must be zero.
The seed changes with the day, so CI explores new items over time; a failure prints the seed.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_hostile_campaign_breaks_no_rule(tmp_path):
    seed = int(datetime.date.today().strftime("%Y%m%d"))
    report = tmp_path / "report.json"
    cmd = [sys.executable, str(ROOT / "benchmarks" / "fuzz_campaign.py"), "--seed", str(seed),
           "--n", "300", "--workers", "2", "--timeout", "5", "--kills", "3", "--score-n", "40",
           "--kill-window", "4", "--json", str(report)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    assert report.exists(), p.stdout[-3000:] + p.stderr[-3000:]
    data = json.loads(report.read_text())
    p1, p2 = data["phase1"], data["phase2"]
    assert p1["items"] == 300
    problems = {k: p1[k] for k in ("exceptions", "overruns", "leftover_processes",
                                   "leftover_files") if p1[k]}
    problems |= {k: p2[k] for k in ("leftover_processes", "leftover_files", "lost_ids",
                                    "duplicate_ids", "corrupt_lines") if p2[k]}
    assert not problems, f"seed {seed}: {problems}\n" + json.dumps(p1["failures"][:5])[:4000]
    assert p2["kills"] >= 1 and p2["final_exit"] in (0, 1)
    assert p1["reasons"], "no item produced a scored result"
