"""Action schemas against their descriptions: Planning in the Dark's schema library, and a
written domain checked action by action.

Each action has a natural-language description and several candidate ``(:action …)`` schemas.
Candidates whose similarity falls below the conformal threshold are dropped; the surviving
combinations (one schema per action) are ranked by mean similarity, best first, without
enumerating the whole product (:func:`filter_schemas`). :func:`align_actions` scores the
actions of one candidate domain (a model-written one, say) against a pack's descriptions.

>>> best = rank_combinations({"a": [("a1", 0.9), ("a2", 0.5)], "b": [("b1", 0.7)]}, top=5)
>>> [(c, round(s, 2)) for c, s in best]
[({'a': 'a1', 'b': 'b1'}, 0.8), ({'a': 'a2', 'b': 'b1'}, 0.6)]
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .aligner import Aligner
from .calibration import Calibration
from .render import action_schemas

__all__ = [
    "ActionAlignment",
    "DomainAlignment",
    "SchemaChoice",
    "align_actions",
    "filter_schemas",
    "rank_combinations",
]


@dataclass(frozen=True)
class SchemaChoice:
    """The outcome of filtering: per-action scored candidates and ranked combinations."""

    scores: dict[str, list[tuple[str, float, bool]]]  # action -> (schema, similarity, kept)
    threshold: float | None
    epsilon: float
    combinations: list[tuple[dict[str, str], float]]
    total_combinations: int
    kept_combinations: int

    def to_dict(self) -> dict:
        return {
            "epsilon": self.epsilon,
            "threshold": self.threshold,
            "total_combinations": self.total_combinations,
            "kept_combinations": self.kept_combinations,
            "candidates": {
                a: [{"schema": s, "similarity": v, "kept": k} for s, v, k in rows]
                for a, rows in self.scores.items()
            },
            "ranking": [
                {"schemas": c, "mean_similarity": round(v, 6)} for c, v in self.combinations
            ],  # fmt: skip
        }


def rank_combinations(
    options: Mapping[str, Sequence[tuple[str, float]]], *, top: int = 10
) -> list[tuple[dict[str, str], float]]:
    """The ``top`` combinations (one option per action) by mean score, best first (k-best
    search over per-action sorted lists; ties broken by option order)."""
    actions = list(options)
    if not actions or any(not options[a] for a in actions):
        return []
    lists = [sorted(options[a], key=lambda o: -o[1]) for a in actions]

    def total(idx: tuple[int, ...]) -> float:
        return sum(lists[i][j][1] for i, j in enumerate(idx))

    start = (0,) * len(actions)
    heap = [(-total(start), start)]
    seen = {start}
    out: list[tuple[dict[str, str], float]] = []
    while heap and len(out) < top:
        neg, idx = heapq.heappop(heap)
        out.append(({a: lists[i][j][0] for i, (a, j) in enumerate(zip(actions, idx,
                    strict=True))}, -neg / len(actions)))  # fmt: skip
        for i in range(len(idx)):
            if idx[i] + 1 < len(lists[i]):
                nxt = idx[:i] + (idx[i] + 1,) + idx[i + 1 :]
                if nxt not in seen:
                    seen.add(nxt)
                    heapq.heappush(heap, (-total(nxt), nxt))
    return out


def filter_schemas(
    descriptions: Mapping[str, str],
    candidates: Mapping[str, Sequence[str]],
    *,
    aligner: Aligner | None = None,
    calibration: Calibration | None = None,
    epsilon: float = 0.2,
    top: int = 10,
) -> SchemaChoice:
    """Score every candidate against its action's description, drop those outside the
    conformal set (the aligner's ``action`` calibration unless one is given; without any,
    nothing is dropped) and rank the surviving combinations."""
    aligner = aligner or Aligner(head=None)
    cal = calibration if calibration is not None else aligner.calibration("action")
    pairs = [(a, s) for a in descriptions for s in candidates.get(a, ())]
    sims = aligner.action_similarity([descriptions[a] for a, _ in pairs], [s for _, s in pairs])
    scores: dict[str, list[tuple[str, float, bool]]] = {a: [] for a in descriptions}
    for (a, s), v in zip(pairs, sims, strict=True):
        scores[a].append((s, v, True if cal is None else cal.accepts(v, epsilon)))
    kept = {a: [(s, v) for s, v, k in rows if k] for a, rows in scores.items()}
    thr = None if cal is None else cal.threshold(epsilon)
    return SchemaChoice(
        scores,
        None if thr is None or math.isinf(thr) else thr,
        epsilon,
        rank_combinations(kept, top=top),
        math.prod(len(rows) for rows in scores.values()) if scores else 0,
        math.prod(len(rows) for rows in kept.values()) if kept else 0,
    )


@dataclass(frozen=True)
class ActionAlignment:
    """One described action in a candidate domain: its similarity to the description (0.0
    when the candidate has no action of that name) and whether the action's conformal set at
    the chosen ε keeps it (None without a calibration)."""

    action: str
    similarity: float
    present: bool
    aligned: bool | None

    def to_dict(self) -> dict:
        return {"action": self.action, "similarity": self.similarity, "present": self.present,
                "aligned": self.aligned}  # fmt: skip


@dataclass(frozen=True)
class DomainAlignment:
    """A candidate domain's actions against the descriptions, action by action."""

    actions: tuple[ActionAlignment, ...]
    epsilon: float
    threshold: float | None

    @property
    def mean(self) -> float:
        """Mean similarity over the described actions (a missing action counts 0)."""
        return round(sum(a.similarity for a in self.actions) / len(self.actions), 6) if (
            self.actions) else 0.0  # fmt: skip

    @property
    def all_aligned(self) -> bool:
        """Every described action is present and kept by the conformal set."""
        return all(a.present and a.aligned is not False for a in self.actions)

    def to_dict(self) -> dict:
        return {"mean": self.mean, "all_aligned": self.all_aligned, "epsilon": self.epsilon,
                "threshold": self.threshold,
                "actions": [a.to_dict() for a in self.actions]}  # fmt: skip


def align_actions(
    descriptions: Mapping[str, str] | str | object,
    candidate: str | bytes | None,
    *,
    aligner: Aligner | None = None,
    epsilon: float = 0.2,
) -> DomainAlignment:
    """Score each described action of ``candidate`` (domain PDDL, possibly model-written).

    ``descriptions``: action name → description, or anything naming a pack that describes
    its actions (a pack name or :class:`~planetarium_plugin.packs.DomainPack`). Actions are
    matched by name, case-insensitively; the candidate is untrusted and never raises (an
    unreadable one has every action missing). Raises ``ValueError`` when ``descriptions``
    names no action descriptions.
    """
    if isinstance(descriptions, Mapping):
        table = {str(k).lower(): str(v) for k, v in descriptions.items()}
    else:
        from ..packs import resolve_domain

        res = resolve_domain(descriptions)  # type: ignore[arg-type]
        described = res.pack.descriptions if res.pack is not None else None
        if described is None:
            raise ValueError(f"{res.label or descriptions!r} has no action descriptions")
        table = {k.lower(): v for k, v in described.actions.items()}
    if not table:
        raise ValueError("no action descriptions")
    aligner = aligner or Aligner()
    cal = aligner.calibration("action")
    schemas = action_schemas(candidate)
    names = sorted(table)
    present = [n for n in names if n in schemas]
    sims = dict(zip(present, aligner.action_similarity([table[n] for n in present],
                                                        [schemas[n] for n in present]),
                    strict=True))  # fmt: skip
    rows = tuple(
        ActionAlignment(
            n,
            sims.get(n, 0.0),
            n in sims,
            None if cal is None else (n in sims and cal.accepts(sims[n], epsilon)),
        )
        for n in names
    )
    thr = None if cal is None else cal.threshold(epsilon)
    return DomainAlignment(rows, epsilon, None if thr is None or math.isinf(thr) else thr)
