"""Split conformal calibration of an alignment score (Planning in the Dark, §4.2).

On *n* true pairs with scores ``s_i``, the nonconformity is ``1 − s_i``. For a miscoverage
level ε, q̂ is the ⌈(n+1)(1−ε)⌉-th smallest nonconformity (the empirical quantile at level
⌈(n+1)(1−ε)⌉/n); a new pair is kept when ``1 − s ≤ q̂``. If calibration and test pairs are
exchangeable, a true pair is kept with probability at least 1 − ε. When
⌈(n+1)(1−ε)⌉ > n the guarantee needs more data: q̂ is infinite and everything is kept.

>>> cal = Calibration.fit([0.9, 0.8, 0.7, 0.6], kind="problem")
>>> cal.qhat(0.2)  # k = ceil(5 * 0.8) = 4: the largest nonconformity
0.4
>>> cal.threshold(0.2), cal.accepts(0.65, 0.2), cal.accepts(0.55, 0.2)
(0.6, True, False)
>>> cal.qhat(0.1)  # k = 5 > n = 4
inf

Fitted per group (``groups``: the source of each pair), the calibration is group-conditional
("Mondrian" conformal): q̂ is the largest of the groups' own q̂, so at least 1 − ε of the true
pairs of *every* group are kept, not only of the pooled set. Sources differ in how well the
scorer reads them; a pooled q̂ is set by the easy ones and rejects far more than ε of the true
pairs of a source like the hardest (measured leaving one development source out at a time:
``benchmarks/RESULTS.md``, issue 19). A group too small for ε (k > its n) is left out of that
maximum; with no group large enough, the pooled q̂ is used.

>>> g = Calibration.fit([1.0, 1.0, 1.0, 1.0, 0.9, 0.5, 0.6, 0.4, 0.7],
...                     groups=["a"] * 4 + ["b"] * 5)
>>> Calibration(g.nonconformity).threshold(0.2), g.threshold(0.2)  # pooled, per group
(0.5, 0.4)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Calibration", "conformal_level", "coverage"]


def conformal_level(n: int, epsilon: float) -> int:
    """The order statistic k = ⌈(n+1)(1−ε)⌉ (1-based) that q̂ is.

    >>> conformal_level(99, 0.1)
    90
    """
    if not 0 < epsilon < 1:
        raise ValueError("epsilon must be in (0, 1)")
    # round away float noise before the ceiling: (n+1)(1-ε) is often an integer in exact terms
    return math.ceil(round((n + 1) * (1 - epsilon), 9))


@dataclass(frozen=True)
class Calibration:
    """Sorted nonconformity scores of true pairs (``1 − similarity``) and what they imply."""

    nonconformity: tuple[float, ...]
    kind: str = "problem"
    groups: tuple[tuple[str, tuple[float, ...]], ...] = ()  # per group, its sorted values

    @classmethod
    def fit(
        cls,
        true_scores: Iterable[float],
        *,
        kind: str = "problem",
        groups: Iterable[str] | None = None,
    ) -> Calibration:
        """``groups``: the group (source) of each score, for a group-conditional q̂."""
        scores = [float(s) for s in true_scores]
        names = [str(g) for g in groups] if groups is not None else [""] * len(scores)
        if len(names) != len(scores):
            raise ValueError("groups must name one group per score")
        kept = [(1.0 - s, g) for s, g in zip(scores, names, strict=True) if not math.isnan(s)]
        if not kept:
            raise ValueError("calibration needs at least one true pair")
        by: dict[str, list[float]] = {}
        for v, g in kept:
            by.setdefault(g, []).append(round(v, 12))
        parts = tuple((g, tuple(sorted(v))) for g, v in sorted(by.items()))
        pooled = tuple(sorted(round(v, 12) for v, _ in kept))
        return cls(pooled, kind, parts if groups is not None else ())

    @property
    def n(self) -> int:
        return len(self.nonconformity)

    def qhat(self, epsilon: float) -> float:
        """The conformal quantile of the nonconformity at miscoverage ``epsilon`` (the
        largest of the groups' own, when fitted per group)."""
        own = [_quantile(v, epsilon) for _, v in self.groups]
        own = [q for q in own if not math.isinf(q)]
        return max(own) if own else _quantile(self.nonconformity, epsilon)

    def threshold(self, epsilon: float) -> float:
        """The smallest similarity kept at ``epsilon`` (``1 − q̂``; −inf keeps everything)."""
        q = self.qhat(epsilon)
        return -math.inf if math.isinf(q) else round(1.0 - q, 12)

    def accepts(self, score: float, epsilon: float) -> bool:
        """Is a pair with this similarity inside the conformal set?"""
        return not math.isnan(score) and 1.0 - score <= self.qhat(epsilon) + 1e-12

    def to_dict(self) -> dict:
        d = {
            "kind": self.kind,
            "n": self.n,
            "qhat": {str(e): _finite(self.qhat(e)) for e in (0.1, 0.2, 0.3)},
            "nonconformity": [float(f"{v:.7g}") for v in self.nonconformity],
        }
        if self.groups:
            d["groups"] = {g: [float(f"{x:.7g}") for x in v] for g, v in self.groups}
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Calibration:
        groups = tuple(
            (str(g), tuple(float(x) for x in v)) for g, v in sorted(d.get("groups", {}).items())
        )
        return cls(
            tuple(float(v) for v in d["nonconformity"]), str(d.get("kind", "problem")), groups
        )


def coverage(cal: Calibration, true_scores: Iterable[float], epsilon: float) -> float:
    """Fraction of held-out true pairs that the conformal set keeps (should be ≥ 1 − ε)."""
    scores = list(true_scores)
    if not scores:
        return math.nan
    return sum(cal.accepts(s, epsilon) for s in scores) / len(scores)


def _quantile(sorted_values: tuple[float, ...], epsilon: float) -> float:
    k = conformal_level(len(sorted_values), epsilon)
    return math.inf if k > len(sorted_values) else sorted_values[k - 1]


def _finite(x: float) -> float | None:
    return None if math.isinf(x) else x
