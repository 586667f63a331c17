"""Planning in the Dark's schema library: filter action-schema candidates, rank combinations.

Each action has a natural-language description and several candidate ``(:action …)`` schemas.
Candidates whose similarity falls below the conformal threshold are dropped; the surviving
combinations (one schema per action) are ranked by mean similarity, best first, without
enumerating the whole product.

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

__all__ = ["SchemaChoice", "filter_schemas", "rank_combinations"]


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
            "ranking": [{"schemas": c, "mean_similarity": round(v, 6)} for c, v in
                        self.combinations],  # fmt: skip
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
