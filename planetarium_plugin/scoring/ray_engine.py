"""The Ray engine: the local supervisor's per-sample limits, scheduled on a Ray cluster.

One Ray actor per worker (one CPU each) keeps a warm :class:`.supervisor.WorkerPool` of one
worker process; the driver cuts the records into chunks (large first, small at the end) and
each chunk's results stream back in small batches as they come. So every sample still runs in
a killable subprocess with its time and memory limits, a hung planner or a runaway parse costs
one sample (``timeout``/``crashed``), never the Ray worker, and planners are killed by the same
code as locally. When an actor's process dies, Ray restarts it and the driver sends the chunk's
unscored records again; each record is yielded once however often it runs, so ``score_file``
writes each id once and resume works as with the local engine.

Without an address a local cluster is started (``num_cpus`` = workers, its session files in a
private temp directory) and shut down at the end, the directory removed; with one (``"auto"``,
``"ray://head:10001"``) the run joins that cluster and leaves it running. Needs
``pip install "planetarium-plugin[ray]"`` (and the package on every node).
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import shutil
import tempfile
import time
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from ..errors import PlanetariumError, Reason
from .engines import BatchOptions
from .records import failed_result
from .supervisor import WorkerPool

__all__ = ["RayEngine", "ray_setup_problem", "run_ray"]

_KINDS = ("timeout", "crashed")
_FLUSH_N, _FLUSH_S = 32, 0.25


_INSTALL = 'pip install "planetarium-plugin[ray]"'


def _installed(name: str) -> bool:
    """Whether ``name`` can be imported (a None in ``sys.modules`` blocks it, as in Python)."""
    import sys
    from importlib.util import find_spec

    if name in sys.modules:
        return sys.modules[name] is not None
    try:
        return find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def ray_setup_problem(address: str | None) -> str | None:
    """What stops a run on Ray at ``address`` before it starts (one line: cause and fix), or None.

    Checked without importing Ray: Ray itself missing, or a ``ray://`` address without the Ray
    client (``ray[client]``, part of the ``ray`` extra).

    >>> ray_setup_problem(None) is None or "pip install" in ray_setup_problem(None)
    True
    """
    if not _installed("ray"):
        return f"the Ray engine needs Ray, which is not installed: {_INSTALL}"
    if address and address.startswith("ray://") and not _installed("grpc"):
        return (
            f"a ray:// address ({address}) needs the Ray client, which is not installed: "
            f'{_INSTALL} (it includes ray[client]) or pip install "ray[client]"'
        )
    return None


def _unreachable(address: str | None, wait: float = 5.0) -> str | None:
    """For a ``HOST:PORT`` address (not ``auto``, not ``ray://``), why nothing answers there, or
    None: Ray itself retries an unreachable address for minutes before it gives up."""
    import socket

    if not address or address == "auto" or "://" in address or ":" not in address:
        return None
    host, _, port = address.rpartition(":")
    if not port.isdigit():
        return f"cannot join the Ray cluster at {address}: the port is not a number (HOST:6379)"
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=wait):
            return None
    except OSError as exc:
        cause = (exc.strerror or type(exc).__name__).lower()
        return (
            f"cannot join the Ray cluster at {address}: {cause}; check that its head is "
            "running (ray start --head) and the address is right, or leave out --address"
        )


def _init_failure(address: str | None, exc: BaseException) -> PlanetariumError:
    """``ray.init``'s exception as one line naming the address and the fix."""
    detail = " ".join(str(exc).split())[:200] or type(exc).__name__
    if address == "auto":
        msg = (
            "--address auto found no running Ray cluster: start one with `ray start --head` "
            "or leave out --address to start a local one"
        )
    elif address:
        msg = (
            f"cannot join the Ray cluster at {address}: {detail}; check that the cluster is "
            "running and the address is right (ray://HOST:10001 or HOST:6379)"
        )
    else:
        msg = f"cannot start a local Ray cluster: {detail}"
    return PlanetariumError(Reason.UNSUPPORTED, msg)


class _Scorer:
    """Ray actor body: one warm worker process, fed chunk by chunk."""

    def __init__(self, options: BatchOptions) -> None:
        self.pool = WorkerPool(options, 1)

    def score(self, chunk: list[dict]) -> Iterator[list[tuple[int, dict, str]]]:
        """Yield lists of (position in chunk, result, ``timeout``/``crashed``/"").

        Results go out in small batches (every ``_FLUSH_S`` seconds or ``_FLUSH_N`` results):
        one Ray object per sample would cost more than many samples take to score.
        """
        counts = dict.fromkeys(_KINDS, 0)
        positions: dict[str, deque[int]] = {}
        for i, rec in enumerate(chunk):
            positions.setdefault(rec["id"], deque()).append(i)
        seen = dict(counts)
        batch: list[tuple[int, dict, str]] = []
        last = time.monotonic()
        for result in self.pool.score(chunk, counts):
            kind = next((k for k in _KINDS if counts[k] > seen[k]), "")
            seen = dict(counts)
            batch.append((positions[result["id"]].popleft(), result, kind))
            if len(batch) >= _FLUSH_N or time.monotonic() - last > _FLUSH_S:
                yield batch
                batch, last = [], time.monotonic()
        if batch:
            yield batch

    def close(self) -> None:
        self.pool.close()


class RayEngine:
    """An engine (see :mod:`.engines`) that scores on Ray; pass it as ``engine=``.

    Args:
        address: the cluster to join; None starts a local one.
        chunk_size: records per actor call (default: a third of what is left per actor, 2 to
            128, so chunks shrink towards the end).
        max_retries: how often a record whose actor died is run again (then ``crashed``).
        persistent: keep the actors (and a cluster started here) between calls until
            :meth:`close`, for callers that score many small batches (reward functions).
    """

    def __init__(
        self,
        address: str | None = None,
        *,
        chunk_size: int | None = None,
        max_retries: int = 3,
        persistent: bool = False,
    ) -> None:
        self.address = address
        self.chunk_size = chunk_size
        self.max_retries = max_retries
        self.persistent = persistent
        self._ray: Any = None
        self._started = False
        self._actors: list[Any] = []
        self._options: BatchOptions | None = None
        self._tmp: str | None = None

    def __repr__(self) -> str:
        return f"RayEngine(address={self.address!r})"

    def __enter__(self) -> RayEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __call__(
        self, records: Sequence[dict], options: BatchOptions, counts: dict[str, int]
    ) -> Iterator[dict]:
        for k in _KINDS:
            counts.setdefault(k, 0)
        todo = list(records)
        if not todo:
            return
        try:
            actors = self._connect(options)
            yield from self._run(actors, todo, counts)
        finally:
            if not self.persistent:
                self.close()

    def _connect(self, options: BatchOptions) -> list[Any]:
        problem = ray_setup_problem(self.address)
        if problem is not None:
            raise PlanetariumError(Reason.UNSUPPORTED, problem)
        import ray

        self._ray = ray
        if not ray.is_initialized():
            problem = _unreachable(self.address)
            if problem is not None:
                raise PlanetariumError(Reason.UNSUPPORTED, problem)
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            kwargs["logging_level"] = logging.WARNING
            if self.address is None:  # a private session directory, removed at close()
                kwargs["num_cpus"] = options.workers or os.cpu_count() or 1
                base = os.environ.get("RAY_TMPDIR", "/tmp")  # Ray's: short for socket paths
                self._tmp = tempfile.mkdtemp(prefix="planetarium-ray-", dir=base)
                kwargs["_temp_dir"] = self._tmp
            try:
                ray.init(address=self.address, **kwargs)
            except Exception as exc:  # ConnectionError, ValueError, RuntimeError: one line
                if self._tmp is not None:
                    shutil.rmtree(self._tmp, ignore_errors=True)
                    self._tmp = None
                raise _init_failure(self.address, exc) from None
            self._started = True
        per_actor = replace(options, workers=1)
        if self._actors and self._options != per_actor:
            self._kill_actors()
        if not self._actors:
            cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
            n = max(1, options.workers or cpus)
            cls = ray.remote(_Scorer).options(
                num_cpus=1,
                max_restarts=-1,
                max_task_retries=0,  # the driver re-runs chunks
            )
            self._actors = [cls.remote(per_actor) for _ in range(n)]
            self._options = per_actor
        return self._actors

    def _run(self, actors: list[Any], todo: list[dict], counts: dict[str, int]) -> Iterator[dict]:
        ray = self._ray
        pending = deque(range(len(todo)))  # indices into todo not yet sent (or sent again)
        running: dict[Any, tuple[list[int], int]] = {}  # stream -> (indices, actor)
        load = [0] * len(actors)  # chunks queued on each actor
        done: set[int] = set()  # indices into todo already yielded
        tries: dict[int, int] = {}  # index -> chunks it was in that failed
        down = _Downtime(len(actors))
        try:
            while pending or running:
                while pending:  # one running, one queued per actor: no idle gap
                    a = down.pick(load)
                    if a is None:
                        break
                    chunk = [pending.popleft() for _ in range(self._size(len(pending), actors))]
                    call = actors[a].score.options(num_returns="streaming")
                    running[call.remote([todo[i] for i in chunk])] = (chunk, a)
                    load[a] += 1
                if not running:  # every actor is restarting: wait for the first to be back
                    time.sleep(down.wait())
                    continue
                ready, _ = ray.wait(list(running), num_returns=1, timeout=1.0)
                for stream in ready:
                    chunk, a = running[stream]
                    try:
                        batch = ray.get(next(stream))
                    except (StopIteration, ray.exceptions.RayError) as exc:  # StopIteration: done
                        del running[stream]
                        load[a] -= 1
                        # An actor that died (Ray restarts it) leaves records unscored: re-run them.
                        rest = [i for i in chunk if i not in done]
                        if down.ended(a, died=not isinstance(exc, StopIteration)):
                            for i in rest:
                                tries[i] = tries.get(i, 0) + 1
                        retry = [i for i in rest if tries.get(i, 0) < self.max_retries]
                        pending.extendleft(reversed(retry))
                        why = type(exc).__name__
                        for i in [i for i in rest if i not in retry]:
                            done.add(i)
                            counts["crashed"] += 1
                            yield failed_result(todo[i], "crashed", f"Ray gave up ({why})")
                        continue
                    down.answered(a)
                    for pos, result, kind in batch:
                        i = chunk[pos]
                        if i in done:  # answered by an earlier run of the chunk
                            continue
                        done.add(i)
                        if kind:
                            counts[kind] += 1
                        yield result
        finally:
            if running:  # interrupted: kill the busy actors now (their workers follow them)
                self._kill_actors(graceful=False)

    def _size(self, remaining: int, actors: list[Any]) -> int:
        """Records in the next chunk: large while much is left, small at the end (no long tail
        of one busy actor while the others idle)."""
        if self.chunk_size:
            return min(remaining, self.chunk_size)
        return min(remaining, max(2, min(128, math.ceil(remaining / (3 * len(actors))))))

    def _kill_actors(self, graceful: bool = True) -> None:
        """Stop the actors: idle ones close their worker first; a killed actor's worker
        process (and its planners) exits with it (the worker's orphan watch)."""
        actors, self._actors = self._actors, []
        ray = self._ray
        if not actors or ray is None or not ray.is_initialized():
            return
        if graceful:
            closing = []
            for actor in actors:
                with contextlib.suppress(Exception):
                    closing.append(actor.close.remote())
            with contextlib.suppress(Exception):
                ray.wait(closing, num_returns=len(closing), timeout=10)
        for actor in actors:
            with contextlib.suppress(Exception):
                ray.kill(actor, no_restart=True)

    def close(self) -> None:
        """Stop the actors, and the cluster if this engine started it."""
        self._kill_actors()
        if self._started and self._ray is not None:
            self._ray.shutdown()
            self._started = False
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


class _Downtime:
    """Which actors may take a chunk now: an actor whose call failed (it died, Ray restarts it)
    gets nothing for a while, longer after each failure in a row, so that its queued chunks'
    records are not used up on an actor that is still starting (on a loaded machine a restart
    takes seconds). Only the first failure in a row, or one after many, counts against the
    records: the chunks queued behind it never ran. A call that simply ends costs nothing.

    >>> d = _Downtime(2)
    >>> d.ended(0, died=False), d.pick([0, 1])  # a stream that ran out: no rest
    (True, 0)
    >>> d.ended(0, died=True), d.ended(0, died=True), d.pick([0, 1])
    (True, False, 1)
    >>> d.answered(0); d.pick([0, 1])
    0
    """

    _COUNT_AGAIN = 6  # failures in a row after which each counts again (an actor never back)

    def __init__(self, n: int) -> None:
        self._until = [0.0] * n
        self._row = [0] * n

    def pick(self, load: list[int]) -> int | None:
        """The least loaded actor with room (fewer than two chunks) and not resting, or None."""
        now = time.monotonic()
        free = [a for a, n in enumerate(load) if n < 2 and self._until[a] <= now]
        return min(free, key=lambda a: (load[a], a)) if free else None

    def ended(self, a: int, died: bool) -> bool:
        """Note that a call of actor ``a`` ended (its stream ran out, or the actor died);
        whether the records it left unanswered count a try (those of a dying actor's first
        failed call did run; those queued behind it did not)."""
        if not died:
            return True
        self._row[a] += 1
        self._until[a] = time.monotonic() + min(8.0, 0.5 * 2 ** (self._row[a] - 1))
        return self._row[a] == 1 or self._row[a] >= self._COUNT_AGAIN

    def answered(self, a: int) -> None:
        """Actor ``a`` answered: it is up."""
        self._row[a] = 0
        self._until[a] = 0.0

    def wait(self) -> float:
        """Seconds until the first resting actor may take a chunk again."""
        return max(0.0, min(self._until) - time.monotonic())


def run_ray(
    records: Sequence[dict], options: BatchOptions, counts: dict[str, int]
) -> Iterator[dict]:
    """The ``"ray"`` engine: :class:`RayEngine` at ``$PLANETARIUM_RAY_ADDRESS`` (or local)."""
    return RayEngine(os.environ.get("PLANETARIUM_RAY_ADDRESS") or None)(records, options, counts)
