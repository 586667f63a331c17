"""Engines: what runs a batch of records and yields their results.

An engine is a callable ``engine(records, options, counts)`` that scores every record (a dict,
see :mod:`.records`) and yields exactly one result dict per record, in any order, never raising
for a bad sample: a sample past ``options.limit`` is yielded with reason ``timeout``, one whose
executor died with reason ``crashed`` (and ``counts`` gets those tallies). ``score_file`` and
``score_records`` take ``engine=`` as a name from :data:`ENGINES` or such a callable.

>>> sorted(ENGINES)[:1]
['local']
>>> get_engine("local").__name__
'run_local'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

__all__ = ["ENGINES", "BatchOptions", "Engine", "get_engine"]


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """How to score a batch: per-sample budget, hard limit, memory cap, planner, parallelism."""

    workers: int | None = None  # None: one per CPU
    timeout: float = 10.0  # the per-sample budget handed to ``evaluate``
    hard_timeout: float | None = None  # the executor is killed past this (default: ``limit``)
    memory_mb: int | None = 4096  # address-space cap per executor (None: no cap)
    planner: str = "auto"
    check_solvable: bool = True

    @property
    def limit(self) -> float:
        """Seconds after which a sample is abandoned and recorded as ``timeout``."""
        return self.hard_timeout or (2 * self.timeout + 30)


class Engine(Protocol):
    """Scores records; yields one result dict per record (see the module docstring)."""

    def __call__(
        self, records: Sequence[dict], options: BatchOptions, counts: dict[str, int]
    ) -> Iterator[dict]: ...


#: Engine names and where they live (``module:callable``), imported on first use so optional
#: dependencies (Ray) stay out of the core import.
ENGINES = MappingProxyType(
    {
        "local": "planetarium_plugin.scoring.supervisor:run_local",
        "ray": "planetarium_plugin.scoring.ray_engine:run_ray",
    }
)


def get_engine(engine: str | Engine) -> Engine:
    """The engine called ``engine`` (or ``engine`` itself when it is already a callable)."""
    if callable(engine):
        return engine
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose from {', '.join(sorted(ENGINES))}")
    module, _, name = ENGINES[engine].partition(":")
    return getattr(importlib.import_module(module), name)
