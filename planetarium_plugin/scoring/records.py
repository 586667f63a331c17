"""Batch records: reading JSONL input, scoring one record without raising, and resume state.

A record is a JSON object with ``id``, ``domain``, ``ground_truth`` and ``candidate`` (aliases
below); a result is ``Score.to_dict()``. Instead of ``domain`` (a pack name or a domain file
path), a record may carry ``domain_pddl``: the domain's PDDL text, so one file can mix domains
no pack provides (each distinct domain is parsed once per worker). Results are JSONL lines
appended to the output file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..planning import PlannerSession
from .sample import Score, evaluate

__all__ = [
    "FIELDS",
    "RETRY_REASONS",
    "Resume",
    "done_ids",
    "failed_result",
    "prepare_output",
    "read_records",
    "score_record",
    "unique_records",
]

#: Accepted field names, first match wins (the generator's own names included).
FIELDS = {
    "ground_truth": ("ground_truth", "gt", "problem_pddl"),
    "candidate": ("candidate", "prediction", "generation", "response"),
    "placeholder": ("placeholder", "is_placeholder"),
}

#: Result reasons that a resumed run scores again (the input or the machine may be fixed now).
RETRY_REASONS = frozenset({"bad_record", "crashed"})


def read_records(path: Path) -> Iterator[dict]:
    """Read JSONL records; one without ``id`` gets ``line N`` (its line number).

    A generated id never equals a real id of the file (it takes a ``'`` suffix until it is
    free), so a record whose real id happens to be a line number is not dropped as a repeat.
    The file is read twice (real ids first); generated ids depend only on its content, so a
    resumed run finds them again.
    """
    rows: list[tuple[int, dict]] = []
    real: set[str] = set()
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
            if "id" in rec:
                rec["id"] = str(rec["id"])
                real.add(rec["id"])
            rows.append((n, rec))
    for n, rec in rows:
        if "id" not in rec:
            gen = f"line {n}"
            while gen in real:
                gen += "'"
            rec["id"] = gen
        yield rec


def _field(rec: dict, name: str) -> str | None:
    for key in FIELDS[name]:
        if isinstance(rec.get(key), str):
            return rec[key]
    return None


def _placeholder(rec: dict) -> bool:
    return any(bool(rec.get(key)) for key in FIELDS["placeholder"])


def _missing(rec: dict) -> str:
    """Which required fields a record lacks, naming the accepted aliases."""
    need = [
        " or ".join(FIELDS[name])
        for name in ("ground_truth", "candidate")
        if _field(rec, name) is None
    ]
    if not isinstance(rec.get("domain"), str) and not isinstance(rec.get("domain_pddl"), str):
        need.append("domain or domain_pddl")
    return "record needs text fields " + "; ".join(need)


_DOMAIN_NAME = re.compile(r"\(\s*define\s*\(\s*domain\s+([^\s()]+)", re.IGNORECASE)


def _domain_label(rec: dict) -> str:
    """The domain a record names, for summaries: its ``domain``, else the name its
    ``domain_pddl`` text declares (a timed-out sample still counts under its domain)."""
    if isinstance(rec.get("domain"), str):
        return rec["domain"][:200]
    m = _DOMAIN_NAME.search(rec["domain_pddl"]) if isinstance(rec.get("domain_pddl"), str) else None
    return m.group(1).lower() if m else ""


def failed_result(rec: dict, reason: str, message: str) -> dict:
    """The result of a record that could not be scored (``reason`` says why)."""
    return Score(
        id=rec["id"],
        domain=_domain_label(rec),
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
    if rec.get("kind") == "domain":  # a model-written domain (see planetarium_plugin.domains)
        from ..domains import score_domain_record

        return score_domain_record(rec, timeout, session)
    gt, cand = _field(rec, "ground_truth"), _field(rec, "candidate")
    domain = rec.get("domain_pddl")
    if not isinstance(domain, str):
        domain = rec.get("domain")
    if gt is None or cand is None or not isinstance(domain, str):
        return failed_result(rec, "bad_record", _missing(rec))
    try:
        score = evaluate(
            gt,
            cand,
            domain,
            placeholder=_placeholder(rec),
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
    """Ids already scored in ``out`` and not to be retried (damaged lines are ignored)."""
    ids: set[str] = set()
    if out.exists():
        with open(out, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                result = _result(line)
                if result is not None and result.get("reason") not in RETRY_REASONS:
                    ids.add(str(result["id"]))
    return ids


def _result(line: str) -> dict | None:
    if not line.endswith("\n"):
        return None  # a torn last line
    try:
        result = json.loads(line)
    except json.JSONDecodeError:
        return None
    return result if isinstance(result, dict) and "id" in result else None


@dataclass(frozen=True, slots=True)
class Resume:
    """What :func:`prepare_output` found in an existing results file."""

    done: frozenset[str]  # ids with a final result: skipped
    retried: int  # results with a reason in RETRY_REASONS, removed to be scored again
    damaged: int  # torn or corrupt lines removed (a run killed while writing)


def prepare_output(out: Path) -> Resume:
    """Make ``out`` safe to append to and say which ids are done.

    A run killed while writing leaves a torn last line; appending would glue the next result
    onto it. Torn and corrupt lines, and results to retry (``bad_record``, ``crashed``), are
    removed by rewriting the file atomically (a temporary file, then ``os.replace``); an intact
    file is left untouched.
    """
    if not out.exists():
        return Resume(frozenset(), 0, 0)
    keep: list[str] = []
    done: set[str] = set()
    retried = damaged = 0
    with open(out, encoding="utf-8", errors="surrogateescape", newline="") as fh:
        for line in fh:
            result = _result(line)
            if result is None:
                damaged += line.strip() != ""
            elif result.get("reason") in RETRY_REASONS:
                retried += 1
            else:
                done.add(str(result["id"]))
                keep.append(line)
    if retried or damaged:
        tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "w", encoding="utf-8", errors="surrogateescape", newline="") as fh:
                fh.writelines(keep)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, out)
        finally:
            tmp.unlink(missing_ok=True)
    return Resume(frozenset(done), retried, damaged)


def unique_records(records: Iterable[dict]) -> tuple[list[dict], list[str]]:
    """Records with the first of each id kept, and the ids that were repeated."""
    seen: set[str] = set()
    kept: list[dict] = []
    repeated: list[str] = []
    for rec in records:
        if rec["id"] in seen:
            repeated.append(rec["id"])
        else:
            seen.add(rec["id"])
            kept.append(rec)
    return kept, repeated
