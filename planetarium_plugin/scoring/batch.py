"""Batch scoring: records through an engine, results appended to a JSONL file, resumable."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from .engines import BatchOptions, Engine, get_engine
from .records import prepare_output, unique_records

__all__ = ["score_file", "score_records"]


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
    engine: str | Engine = "local",
) -> Iterator[dict]:
    """Score records on ``engine``; yield one result per record, in completion order.

    With the ``local`` engine each worker runs in its own process group with an address-space
    cap; a record past ``hard_timeout`` has its worker killed and is yielded with reason
    ``timeout``; a dead worker gives ``crashed``. ``counts`` (if given) gets ``timeout`` and
    ``crashed`` tallies.
    """
    options = BatchOptions(
        workers=workers,
        timeout=timeout,
        hard_timeout=hard_timeout,
        memory_mb=memory_mb,
        planner=planner,
        check_solvable=check_solvable,
    )
    counts = counts if counts is not None else {}
    counts.setdefault("timeout", 0)
    counts.setdefault("crashed", 0)
    yield from get_engine(engine)(list(records), options, counts)


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
    engine: str | Engine = "local",
) -> dict[str, int]:
    """Score records into ``out`` (JSONL, appended line by line), skipping ids already there.

    Resuming repairs the file first (see :func:`.records.prepare_output`: a torn last line is
    removed, ``bad_record``/``crashed`` results are scored again); a repeated id in ``records``
    is scored once (the first occurrence). Returns counts: ``scored``, ``skipped``,
    ``timeout``, ``crashed``, ``bad_record`` (this run), ``duplicates`` (repeated ids dropped),
    ``retried`` and ``damaged`` (lines removed from ``out`` on resume).
    """
    todo_all, repeated = unique_records(records)
    resume = prepare_output(out)
    todo = [r for r in todo_all if r["id"] not in resume.done]
    counts = {
        "scored": 0,
        "skipped": len(todo_all) - len(todo),
        "timeout": 0,
        "crashed": 0,
        "bad_record": 0,
        "duplicates": len(repeated),
        "retried": resume.retried,
        "damaged": resume.damaged,
    }
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
        engine=engine,
    )
    try:
        with open(out, "a", encoding="utf-8") as fh, contextlib.closing(results):
            for result in results:
                fh.write(json.dumps(result) + "\n")
                fh.flush()
                counts["scored"] += 1
                counts["bad_record"] += result.get("reason") == "bad_record"
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return counts
