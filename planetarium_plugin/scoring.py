"""Scoring: the Planetarium triple for one sample, and resumable batch scoring on all cores.

``evaluate`` gives *parseable* (the candidate is a valid problem of the domain), *solvable*
(a validated plan exists; False only when proven unsolvable, None when unknown) and
*equivalent* (the equivalence verdict), plus ``equivalent_relaxed_typing`` (the paper's score
with ``:typing`` misuse ignored).

``score_file`` runs samples in worker processes, each in its own process group with a memory
cap; a sample that exceeds its time limit has its worker (and any planner it started) killed
and is recorded with reason ``timeout``; a worker that dies is recorded as ``crashed``. Results
are appended line by line, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing as mp
import os
import signal
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path

from .equivalence import equivalent
from .errors import PlanetariumError
from .packs import resolve_pack
from .parsing import parse_problem
from .planning import PlannerSession, solve

__all__ = ["Score", "evaluate", "read_records", "score_file", "score_records", "summarize"]


@dataclass(frozen=True, slots=True)
class Score:
    """The Planetarium metrics for one candidate."""

    id: str
    domain: str
    parseable: bool
    solvable: bool | None
    equivalent: bool | None
    equivalent_relaxed_typing: bool | None
    reason: str | None  # why not parseable / not equivalent / undecided
    solve_status: str | None
    solve_message: str
    planner: str | None
    elapsed_ms: float

    def to_dict(self) -> dict:
        return asdict(self)


def evaluate(
    ground_truth: str,
    candidate: str,
    domain: str,
    *,
    placeholder: bool = False,
    timeout: float = 10.0,
    planner: str = "auto",
    check_solvable: bool = True,
    sample_id: str = "",
    session: PlannerSession | None = None,
) -> Score:
    """Score one candidate against its ground truth: parseable, solvable, equivalent."""
    t0 = time.perf_counter()
    strict = equivalent(ground_truth, candidate, domain, placeholder=placeholder, timeout=timeout)
    relaxed = strict
    if not strict.parseable or strict.reason == "ground_truth_invalid":
        relaxed = equivalent(
            ground_truth,
            candidate,
            domain,
            placeholder=placeholder,
            timeout=timeout,
            typing="relaxed",
        )
    solvable, status, message, used = None, None, "", None
    if strict.parseable and check_solvable:
        try:
            pack = resolve_pack(domain)
            result = solve(
                parse_problem(candidate, pack.domain),
                pack,
                planner=planner,
                timeout=timeout,
                session=session,
            )
            solvable, status, message, used = (
                result.solvable,
                result.status.value,
                result.message,
                result.planner,
            )
        except PlanetariumError as exc:
            status, message = "error", f"{exc.reason.value}: {exc.message}"
    return Score(
        id=sample_id,
        domain=strict.domain or str(domain),
        parseable=strict.parseable,
        solvable=solvable,
        equivalent=strict.equivalent,
        equivalent_relaxed_typing=relaxed.equivalent,
        reason=strict.reason,
        solve_status=status,
        solve_message=message,
        planner=used,
        elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
    )


# ---------------------------------------------------------------------------------------------
# Batch scoring

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


def _failed(rec: dict, reason: str, message: str) -> dict:
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
        return _failed(rec, "bad_record", rec["_error"])
    gt, cand = _field(rec, "ground_truth"), _field(rec, "candidate")
    if gt is None or cand is None or not isinstance(rec.get("domain"), str):
        return _failed(rec, "bad_record", "record needs ground_truth, candidate and domain")
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
        return _failed(rec, "memory", "memory limit exceeded")
    except Exception as exc:  # recorded, never lost
        return _failed(rec, "internal_error", f"{type(exc).__name__}: {exc}")


def _worker(
    conn: Connection, memory_mb: int | None, timeout: float, planner: str, check_solvable: bool
) -> None:
    os.setsid()  # own process group: a kill takes planners started by this worker too
    if memory_mb:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the supervisor handles interrupts
    with PlannerSession() as session:  # planners (the ENHSP JVM) live as long as the worker
        while True:
            rec = conn.recv()
            if rec is None:
                return
            conn.send(score_record(rec, timeout, planner, check_solvable, session))


@dataclass
class _Slot:
    proc: mp.Process
    conn: Connection
    rec: dict | None = None
    started: float = 0.0


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


def score_records(
    records: Iterable[dict],
    *,
    workers: int | None = None,
    timeout: float = 10.0,
    hard_timeout: float | None = None,
    memory_mb: int | None = 4096,
    planner: str = "auto",
    check_solvable: bool = True,
    counts: dict[str, int] | None = None,
) -> Iterator[dict]:
    """Score records on worker processes; yield one result per record, in completion order.

    Each worker runs in its own process group with an address-space cap; a record past
    ``hard_timeout`` has its worker killed and is yielded with reason ``timeout``; a dead worker
    gives ``crashed``. ``counts`` (if given) gets ``timeout`` and ``crashed`` tallies.
    """
    todo = list(records)
    counts = counts if counts is not None else {}
    counts.setdefault("timeout", 0)
    counts.setdefault("crashed", 0)
    if not todo:
        return
    workers = max(1, min(workers or os.cpu_count() or 1, len(todo)))
    limit = hard_timeout or (2 * timeout + 30)
    ctx = mp.get_context("spawn")

    def spawn() -> _Slot:
        parent, child = ctx.Pipe()
        proc = ctx.Process(
            target=_worker, args=(child, memory_mb, timeout, planner, check_solvable), daemon=True
        )
        proc.start()
        child.close()
        return _Slot(proc, parent)

    def kill(slot: _Slot) -> None:
        try:
            os.killpg(slot.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            slot.proc.kill()
        slot.proc.join(5)

    queue = list(reversed(todo))
    streak = 0  # consecutive crashes: a broken environment must not spin forever
    slots = [spawn() for _ in range(workers)]
    try:
        while queue or any(s.rec is not None for s in slots):
            for i, s in enumerate(slots):
                if s.rec is None and queue:
                    rec = queue.pop()
                    try:
                        s.conn.send(rec)
                    except (BrokenPipeError, OSError):  # died while idle: replace, retry
                        queue.append(rec)
                        kill(s)
                        slots[i] = spawn()
                        continue
                    s.rec, s.started = rec, time.monotonic()
            busy = [s for s in slots if s.rec is not None]
            ready = wait([s.conn for s in busy], timeout=0.5)
            now = time.monotonic()
            for i, s in enumerate(slots):
                if s.rec is None:
                    continue
                if s.conn in ready:
                    try:
                        result = s.conn.recv()
                    except (EOFError, OSError):
                        counts["crashed"] += 1
                        streak += 1
                        if streak > 2 * workers + 3:  # workers die before doing anything
                            raise RuntimeError(
                                f"{streak} worker processes in a row died: cannot score "
                                "(is the package importable in a fresh interpreter?)"
                            ) from None
                        result = _failed(s.rec, "crashed", "worker process died")
                        kill(s)
                        slots[i] = s = spawn()
                    else:
                        streak = 0
                    s.rec = None
                    yield result
                elif now - s.started > limit:
                    counts["timeout"] += 1
                    rec = s.rec
                    kill(s)
                    slots[i] = spawn()
                    yield _failed(rec, "timeout", f"no result within {limit:.0f} s")
    finally:
        for s in slots:
            if s.rec is None and s.proc.is_alive():
                with contextlib.suppress(OSError):
                    s.conn.send(None)
                s.proc.join(2)
            if s.proc.is_alive():
                kill(s)


def score_file(
    records: Iterable[dict],
    out: Path,
    *,
    workers: int | None = None,
    timeout: float = 10.0,
    hard_timeout: float | None = None,
    memory_mb: int | None = 4096,
    planner: str = "auto",
    check_solvable: bool = True,
    progress: bool = True,
) -> dict[str, int]:
    """Score records into ``out`` (JSONL, appended line by line), skipping ids already there.

    Returns counts: ``scored``, ``skipped``, ``timeout``, ``crashed``.
    """
    todo_all = list(records)
    done = done_ids(out)
    todo = [r for r in todo_all if r["id"] not in done]
    counts = {"scored": 0, "skipped": len(todo_all) - len(todo), "timeout": 0, "crashed": 0}
    if not todo:
        return counts
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(todo), unit="sample", desc="scoring", dynamic_ncols=True)
    results = score_records(
        todo,
        workers=workers,
        timeout=timeout,
        hard_timeout=hard_timeout,
        memory_mb=memory_mb,
        planner=planner,
        check_solvable=check_solvable,
        counts=counts,
    )
    try:
        with open(out, "a", encoding="utf-8") as fh, contextlib.closing(results):
            for result in results:
                fh.write(json.dumps(result) + "\n")
                fh.flush()
                counts["scored"] += 1
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return counts


def summarize(out: Path) -> list[dict]:
    """Per-domain rates of parseable / solvable / equivalent, and unknown counts."""
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    with open(out, encoding="utf-8") as fh:
        for line in fh:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            for key in (r.get("domain") or "?", "all"):
                a = acc[key]
                a["n"] += 1
                a["parseable"] += bool(r.get("parseable"))
                a["solvable"] += r.get("solvable") is True
                a["equivalent"] += r.get("equivalent") is True
                a["equivalent_relaxed_typing"] += r.get("equivalent_relaxed_typing") is True
                a["solvable_unknown"] += bool(r.get("parseable")) and r.get("solvable") is None
                a["equivalent_unknown"] += bool(r.get("parseable")) and r.get("equivalent") is None
    rows = []
    for dom in sorted(acc, key=lambda d: (d == "all", d)):
        a = acc[dom]
        n = int(a["n"])
        rows.append(
            {
                "domain": dom,
                "n": n,
                **{
                    k: round(a[k] / n, 4)
                    for k in ("parseable", "solvable", "equivalent", "equivalent_relaxed_typing")
                },
                "solvable_unknown": int(a["solvable_unknown"]),
                "equivalent_unknown": int(a["equivalent_unknown"]),
            }
        )
    return rows
