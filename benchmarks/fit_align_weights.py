"""Fit the alignment similarity's penalty weights on the DEV sources by a ranking objective
(issue 19), and print them: candidates for ``WEIGHTS`` in
planetarium_plugin/alignment/facts/penalty.py, which ships a fit only where it also ranks the
calib sources better (the 28 Nov fits did not: benchmarks/RESULTS.md, ``alignfit``).

The similarity is ``exp(-w · terms(explanation))`` (planetarium_plugin.alignment.facts.penalty).
Within each source, every right pair should outscore every wrong one (the pairs AUROC counts):
the loss is the pairwise logistic loss ``log(1 + exp(-(P_wrong - P_right)))`` on penalty
differences, averaged per source and then over sources (each source weighs the same), plus
``lam · |w - w_hand|²`` toward the hand-set weights; every weight is bounded to ≥ 0
(monotonicity: more or more confident conflicts, more unstated atoms never raise the score).
``--groups`` ranks only within each pair group (one ``pair_id``: the right pair and its wrong
variants) instead: on dev those pairs are nearly all ties no weight can order (the reader missed
the edit), so that objective leaves the hand weights where they are. ``lam`` is chosen by
leave-one-source-out on the dev sources (the held-out source's AUROC, mean over sources): the
largest ``lam`` within :data:`TOLERANCE` of the best (the strongest prior the data allow).
Only dev rows are read.

Two variants: ``refit`` (the hand-set form's four weights: worst conflict, the other conflicts,
unstated goal share, unstated init share) and ``split`` (plus the worst conflict of each kind:
init text, goal text, implied, object). ``no_state`` and ``unreadable`` stay at their hand values.

  python benchmarks/fit_align_weights.py                 # explains the dev rows (~2-5 min)
  python benchmarks/fit_align_weights.py --pickle F.pkl  # or reads explanations already made
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from pathlib import Path

import numpy as np
from scipy.optimize import minimize
from sklearn.metrics import roc_auc_score

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from planetarium_plugin.alignment.facts.penalty import HAND_WEIGHTS, TERMS, terms  # noqa: E402

DATA = ROOT / "benchmarks/data/alignment_public/pairs.jsonl"
VARIANTS = {
    "refit": ("worst", "rest", "unstated_goal", "unstated_init"),
    "split": TERMS[:8],  # every term but the no-state and unreadable flags
}
LAMBDAS = (0.0, 0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3)
#: Leave-one-source-out mean AUROC this close to the best counts as as good.
TOLERANCE = 0.001


def explanations(data: Path, pickled: str | None) -> tuple[list[dict], list]:
    """The dev rows and their explanations (from ``pickled``, evalrule's ``--pickle``, or made)."""
    if pickled:
        with open(pickled, "rb") as f:
            d = pickle.load(f)
        return d["rows"], d["expl"]
    from planetarium_plugin.alignment import Aligner

    rows = [json.loads(x) for x in data.open()]
    rows = [r for r in rows if r["split"] == "dev"]
    by: dict[tuple, list[int]] = {}
    for i, r in enumerate(rows):
        by.setdefault((r["source"], r.get("domain_pddl")), []).append(i)
    expl: list = [None] * len(rows)
    for (_, dom), idx in by.items():
        got = Aligner(domain=dom).explain_many(
            [rows[i]["text"] for i in idx], [rows[i]["problem_pddl"] for i in idx]
        )
        for i, e in zip(idx, got, strict=True):
            expl[i] = e
    return rows, expl


class Problem:
    """The feature matrix and the within-group (right, wrong) index pairs per source."""

    def __init__(self, rows: list[dict], expl: list, pooled: bool = True) -> None:
        self.rows = rows
        self.x = np.array([terms(e) for e in expl], dtype=float)
        self.zero = np.array([e.similarity == 0.0 and not e.readable for e in expl])
        self.sources = sorted({r["source"] for r in rows})
        groups: dict[tuple[str, str], dict[str, list[int]]] = {}
        for i, r in enumerate(rows):
            g = groups.setdefault((r["source"], r["pair_id"]), {"right": [], "wrong": []})
            g["right" if r["label"] == 1 else "wrong"].append(i)
        self.pairs: dict[str, np.ndarray] = {s: [] for s in self.sources}
        for (src, _), g in groups.items():
            self.pairs[src] += [(a, b) for a in g["right"] for b in g["wrong"]]
        if pooled:  # every right pair of a source against every wrong one (what AUROC counts)
            for src in self.sources:
                mine = [i for i, r in enumerate(rows) if r["source"] == src]
                right = [i for i in mine if rows[i]["label"] == 1]
                wrong = [i for i in mine if rows[i]["label"] != 1]
                self.pairs[src] = [(a, b) for a in right for b in wrong]
        self.pairs = {s: np.array(p, dtype=int).reshape(-1, 2) for s, p in self.pairs.items()}

    def sims(self, w: np.ndarray) -> np.ndarray:
        s = np.round(np.exp(-(self.x @ w)), 6)
        s[self.zero] = 0.0  # a pair that could not be compared scores 0 (explain_pairs)
        return s

    def auroc(self, w: np.ndarray, src: str) -> float:
        idx = [i for i, r in enumerate(self.rows) if r["source"] == src]
        y = [self.rows[i]["label"] for i in idx]
        return float(roc_auc_score(y, self.sims(w)[idx]))

    def fit(self, free: tuple[str, ...], lam: float, sources: list[str]) -> np.ndarray:
        hand = np.array(HAND_WEIGHTS, dtype=float)
        cols = [TERMS.index(t) for t in free]
        d = {s: self.x[self.pairs[s][:, 1]] - self.x[self.pairs[s][:, 0]] for s in sources}
        d = {s: v for s, v in d.items() if len(v)}

        def loss(v: np.ndarray) -> tuple[float, np.ndarray]:
            w = hand.copy()
            w[cols] = v
            total, grad = 0.0, np.zeros(len(cols))
            for dx in d.values():  # margin P_wrong - P_right; loss softplus(-margin)
                m = dx @ w
                total += float(np.mean(np.logaddexp(0.0, -m)))
                sig = 1.0 / (1.0 + np.exp(m))  # d softplus(-m) / dm = -sigmoid(-m)
                grad += -(sig @ dx[:, cols]) / len(m)
            n = len(d)
            total, grad = total / n, grad / n
            diff = v - hand[cols]
            return total + lam * float(diff @ diff), grad + 2 * lam * diff

        got = minimize(loss, hand[cols], jac=True, method="L-BFGS-B",
                       bounds=[(0.0, None)] * len(cols))  # fmt: skip
        w = hand.copy()
        w[cols] = got.x
        return w


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--pickle", default="", help="evalrule's --pickle output (dev rows only)")
    ap.add_argument("--json", default="", help="write the fitted weights and figures here")
    ap.add_argument("--groups", action="store_true",
                    help="rank within each pair group only (not every right pair of a source)")
    a = ap.parse_args()
    t0 = time.time()
    rows, expl = explanations(Path(a.data), a.pickle or None)
    if any(r["split"] != "dev" for r in rows):
        print("dev rows only", file=sys.stderr)
        return 2
    p = Problem(rows, expl, not a.groups)
    hand = np.array(HAND_WEIGHTS, dtype=float)
    print(f"{len(rows)} dev rows, {len(p.sources)} sources ({time.time() - t0:.0f} s to explain)")
    out: dict = {"terms": TERMS, "hand": HAND_WEIGHTS, "variants": {}}
    for name, free in VARIANTS.items():
        print(f"\n== {name}: {', '.join(free)}")
        loso = {}
        for lam in LAMBDAS:
            held = [p.auroc(p.fit(free, lam, [s for s in p.sources if s != h]), h)
                    for h in p.sources]  # fmt: skip
            loso[lam] = float(np.mean(held))
            print(f"lam {lam:<7} leave-one-source-out mean AUROC {loso[lam]:.4f}")
        base = float(np.mean([p.auroc(hand, s) for s in p.sources]))
        print(f"hand weights (same sources)    mean AUROC {base:.4f}")
        best = max(loso.values())
        lam = max(x for x in LAMBDAS if loso[x] >= best - TOLERANCE)  # the strongest prior
        w = p.fit(free, lam, p.sources)
        print(f"chosen lam {lam}; weights fitted on all dev sources:")
        for t, h, v in zip(TERMS, hand, w, strict=True):
            print(f"  {t:14s} {h:6.3f} -> {v:6.3f}")
        print(f"WEIGHTS = ({', '.join(f'{v:.3f}' for v in w)})")
        for s in p.sources:
            print(f"  {s:32s} AUROC {p.auroc(hand, s):.4f} -> {p.auroc(w, s):.4f}")
        out["variants"][name] = {"lam": lam, "loso": loso, "weights": [round(v, 3) for v in w]}
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
