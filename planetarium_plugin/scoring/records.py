"""Batch records: reading JSONL input, scoring one record without raising, and resume state.

A record is a JSON object with ``id``, ``domain``, ``ground_truth`` and ``candidate`` (aliases
below); a result is ``Score.to_dict()``. Results are JSONL lines appended to the output file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from ..planning import PlannerSession
from .sample import Score, evaluate

__all__ = ["done_ids", "failed_result", "read_records", "score_record"]

_FIELDS = {
    "ground_truth": ("ground_truth", "gt", "problem_pddl"),
    "candidate": ("candidate", "prediction", "generation", "response"),
}


def read_records(path: Path) -> Iterator[dict]:
    """Read JSONL records; each gets an ``id`` (its line number when it has none)."""
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                rec = {"_error": f"line {n}: invalid JSON ({exc.msg})"}
            if not isinstance(rec, dict):
                rec = {"_error": f"line {n}: not a JSON object"}
            rec.setdefault("id", str(n))
            rec["id"] = str(rec["id"])
            yield rec


def _field(rec: dict, name: str) -> str | None:
    for key in _FIELDS[name]:
        if isinstance(rec.get(key), str):
            return rec[key]
    return None


def failed_result(rec: dict, reason: str, message: str) -> dict:
    """The result of a record that could not be scored (``reason`` says why)."""
    return Score(
        id=rec["id"],
        domain=str(rec.get("domain", "")),
        parseable=False,
        solvable=None,
        equivalent=None,
        equivalent_relaxed_typing=None,
        reason=reason,
        solve_status=None,
        solve_message=message,
        planner=None,
        elapsed_ms=0.0,
    ).to_dict()


def score_record(
    rec: dict,
    timeout: float,
    planner: str,
    check_solvable: bool,
    session: PlannerSession | None = None,
) -> dict:
    """Score one JSON record (never raises)."""
    if "_error" in rec:
        return failed_result(rec, "bad_record", rec["_error"])
    gt, cand = _field(rec, "ground_truth"), _field(rec, "candidate")
    if gt is None or cand is None or not isinstance(rec.get("domain"), str):
        return failed_result(rec, "bad_record", "record needs ground_truth, candidate and domain")
    try:
        score = evaluate(
            gt,
            cand,
            rec["domain"],
            placeholder=bool(rec.get("placeholder", False)),
            timeout=timeout,
            planner=planner,
            check_solvable=check_solvable,
            sample_id=rec["id"],
            session=session,
        )
        return score.to_dict()
    except MemoryError:
        return failed_result(rec, "memory", "memory limit exceeded")
    except Exception as exc:  # recorded, never lost
        return failed_result(rec, "internal_error", f"{type(exc).__name__}: {exc}")


def done_ids(out: Path) -> set[str]:
    """Ids already scored in ``out`` (a partial last line from a crash is ignored)."""
    ids: set[str] = set()
    if out.exists():
        with open(out, encoding="utf-8") as fh:
            for line in fh:
                try:
                    ids.add(str(json.loads(line)["id"]))
                except (json.JSONDecodeError, KeyError, TypeError):
                    continue
    return ids
