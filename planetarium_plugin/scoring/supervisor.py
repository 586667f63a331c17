"""The local engine: a pool of worker processes with per-sample limits.

Each worker runs in its own session with an address-space cap, a private temp directory, and a
``PlannerSession`` (the ENHSP JVM) for its lifetime; its planners run in its session. A sample
past its hard limit has its worker killed with every process of its session (planners included)
and its temp directory removed, and is recorded with reason ``timeout``; a worker that dies is
recorded as ``crashed`` and replaced. A worker whose supervisor dies (even by SIGKILL) kills its
planners, removes its temp directory and exits; a worker killed together with its supervisor
(a Ray actor's pool when Ray kills the actor's process tree) cannot, so every pool sweeps the
temp directories of dead workers when it starts and when it closes. Planner start-up caches are
made here, before any worker is capped. :class:`WorkerPool` keeps workers warm across batches
(the Ray engine's actors and the reward functions hold one).
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait

from ..errors import PlanetariumError
from ..planning import PlannerSession
from ..planning.engines.enhsp import ensure_startup_cache
from ..planning.processes import kill_session
from .engines import BatchOptions
from .records import failed_result, score_record

__all__ = ["WorkerPool", "run_local"]


def _worker_tmp(base: str, pid: int) -> str:
    """The private temp directory of worker ``pid`` (the supervisor removes it after a kill)."""
    return os.path.join(base, f"{_WORKDIR_PREFIX}{pid}")


_WORKDIR_PREFIX = "planetarium-worker-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def sweep_dead_workdirs(base: str) -> int:
    """Remove the temp directories of workers that no longer run; return how many.

    A worker removes its own directory when it exits, and the pool removes it after a kill; a
    worker SIGKILLed along with its pool's owner leaves it behind. The directory is named for the
    worker's pid, so one whose process is gone can be removed safely.
    """
    removed = 0
    with contextlib.suppress(OSError):
        for name in os.listdir(base):
            pid = name[len(_WORKDIR_PREFIX) :]
            if name.startswith(_WORKDIR_PREFIX) and pid.isdigit() and not _alive(int(pid)):
                shutil.rmtree(os.path.join(base, name), ignore_errors=True)
                removed += 1
    return removed


def _orphan_watch(parent: int, workdir: str) -> None:
    """Thread body: once the supervisor is gone, take planners and temp files down and exit."""
    while os.getppid() == parent:
        time.sleep(0.2)
    kill_session(os.getpid())
    shutil.rmtree(workdir, ignore_errors=True)
    os._exit(1)


def _worker(
    conn: Connection,
    tmp_base: str,
    memory_mb: int | None,
    timeout: float,
    planner: str,
    check_solvable: bool,
) -> None:
    os.setsid()  # own session: the supervisor kills it with every planner it started
    workdir = _worker_tmp(tmp_base, os.getpid())
    os.makedirs(workdir, exist_ok=True)
    tempfile.tempdir = workdir  # this process only: planners' temp dirs land in it
    os.environ["TMPDIR"] = workdir
    threading.Thread(target=_orphan_watch, args=(os.getppid(), workdir), daemon=True).start()
    if memory_mb:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the supervisor handles interrupts
    try:
        with PlannerSession() as session:  # planners (the ENHSP JVM) live as long as the worker
            frozen = False
            while True:
                try:
                    rec = conn.recv()
                except EOFError:  # the supervisor went away without saying so: just exit
                    return
                if rec is None:
                    return
                conn.send(score_record(rec, timeout, planner, check_solvable, session))
                if not frozen:
                    _freeze_loaded()
                    frozen = True
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _freeze_loaded() -> None:
    """After a worker's first sample: move what is loaded by then (modules, packs, parsers,
    the encoder) out of the collector's reach.

    Tens of thousands of long-lived objects otherwise make every full collection walk them
    again: one such collection (60-90 ms) was the slowest call of a whole batch of
    equivalence checks (benchmarks/RESULTS.md, issue 17). The worker owns its process, so
    this process-wide setting is its to make; the library never calls it.
    """
    import gc

    gc.collect()
    gc.freeze()


def _prepare_planners(check_solvable: bool) -> None:
    """Make planner start-up caches now: capped workers cannot write them."""
    if not check_solvable:
        return
    with contextlib.suppress(PlanetariumError, OSError):  # no Java: workers report it per sample
        ensure_startup_cache()


@dataclass
class _Slot:
    proc: mp.Process
    conn: Connection
    rec: dict | None = None
    started: float = 0.0


class WorkerPool:
    """Worker processes that outlive one batch: ``score`` as many batches as needed, ``close``.

    The local engine uses one pool per run; a Ray actor or a reward function keeps one warm
    across batches so each batch does not pay the workers' start-up (an interpreter, the
    imports, the ENHSP JVM). Workers start on demand, up to ``size``.
    """

    def __init__(self, options: BatchOptions, size: int | None = None) -> None:
        self.options = options
        self.size = max(1, size or options.workers or os.cpu_count() or 1)
        self._ctx = mp.get_context("spawn")
        self._tmp_base = tempfile.gettempdir()
        self._slots: list[_Slot] = []
        self._prepared = False
        sweep_dead_workdirs(self._tmp_base)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _spawn(self) -> _Slot:
        if not self._prepared:
            _prepare_planners(self.options.check_solvable)
            self._prepared = True
        o = self.options
        args = (self._tmp_base, o.memory_mb, o.timeout, o.planner, o.check_solvable)
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_worker, args=(child, *args), daemon=True)
        proc.start()
        child.close()
        return _Slot(proc, parent)

    def _kill(self, slot: _Slot) -> None:
        """The worker, every planner in its session, and its temp directory."""
        pid = slot.proc.pid
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        kill_session(pid)  # planners run in their own process groups of its session
        if slot.proc.is_alive():
            slot.proc.kill()
        slot.proc.join(5)
        kill_session(pid)  # anything started while we looked
        shutil.rmtree(_worker_tmp(self._tmp_base, pid), ignore_errors=True)

    def score(self, records: Sequence[dict], counts: dict[str, int]) -> Iterator[dict]:
        """Score ``records``; yield one result per record, in completion order."""
        counts.setdefault("timeout", 0)
        counts.setdefault("crashed", 0)
        todo = list(records)
        if not todo:
            return
        limit = self.options.limit
        slots = self._slots
        while len(slots) < min(self.size, len(todo)):
            slots.append(self._spawn())
        queue = list(reversed(todo))
        streak = 0  # consecutive crashes: a broken environment must not spin forever
        try:
            while queue or any(s.rec is not None for s in slots):
                for i, s in enumerate(slots):
                    if s.rec is None and queue:
                        rec = queue.pop()
                        try:
                            s.conn.send(rec)
                        except (BrokenPipeError, OSError):  # died while idle: replace, retry
                            queue.append(rec)
                            self._kill(s)
                            slots[i] = self._spawn()
                            continue
                        s.rec, s.started = rec, time.monotonic()
                busy = [s for s in slots if s.rec is not None]
                # wake by the earliest hard limit: a late answer must not beat its deadline
                left = min(s.started + limit for s in busy) - time.monotonic()
                ready = wait([s.conn for s in busy], timeout=min(0.5, max(0.0, left)))
                now = time.monotonic()
                for i, s in enumerate(slots):
                    if s.rec is None:
                        continue
                    if s.conn in ready and now - s.started <= limit:
                        try:
                            result = s.conn.recv()
                        except (EOFError, OSError):
                            counts["crashed"] += 1
                            streak += 1
                            if streak > 2 * len(slots) + 3:  # workers die before doing anything
                                raise RuntimeError(
                                    f"{streak} worker processes in a row died: cannot score "
                                    "(is the package importable in a fresh interpreter?)"
                                ) from None
                            result = failed_result(s.rec, "crashed", "worker process died")
                            self._kill(s)
                            slots[i] = s = self._spawn()
                        else:
                            streak = 0
                        s.rec = None
                        yield result
                    elif now - s.started > limit:
                        counts["timeout"] += 1
                        rec = s.rec
                        self._kill(s)
                        slots[i] = self._spawn()
                        yield failed_result(rec, "timeout", f"no result within {limit:.0f} s")
        finally:  # stopped early (interrupt, closed): a busy worker's late answer is stale
            for s in [s for s in slots if s.rec is not None]:
                self._kill(s)
                slots.remove(s)

    def close(self) -> None:
        """Stop every worker (idle ones cleanly, others killed with their session)."""
        slots, self._slots = self._slots, []
        for s in slots:
            if s.rec is None and s.proc.is_alive():
                with contextlib.suppress(OSError):
                    s.conn.send(None)
                s.proc.join(2)
            if s.proc.is_alive():
                self._kill(s)
        sweep_dead_workdirs(self._tmp_base)


def run_local(
    records: Sequence[dict], options: BatchOptions, counts: dict[str, int]
) -> Iterator[dict]:
    """Score ``records`` on local worker processes; yield results in completion order."""
    todo = list(records)
    counts.setdefault("timeout", 0)
    counts.setdefault("crashed", 0)
    if not todo:
        return
    workers = max(1, min(options.workers or os.cpu_count() or 1, len(todo)))
    with WorkerPool(options, workers) as pool:
        yield from pool.score(todo, counts)
