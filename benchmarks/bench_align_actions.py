"""Benchmark: action-schema alignment under renamed parameter variables, and mutation separation.

    python benchmarks/bench_align_actions.py [--renamings 3] [--threads 2]

Data: the packs' own action descriptions with their schemas, the domain's other actions and
meaning-changing mutations of the own schema (``alignment.mutations.action_pairs``; 39 true
pairs of 7 packs), scored by the shipped action head (``Aligner().action_similarity``).

Reports, for the schemas as written and with their variables renamed at random
(consistently within a schema; the descriptions keep theirs — a model writing a domain picks
its own names), and with description and schema renamed together:

- AUROC per kind of negative, and the share of true schemas kept at ε = 0.2;
- the paired win rate (true schema scored above its own mutation) per mutation kind, over all
  mutations and over those a description *mentions* (the dropped, negated or swapped literal
  shares its predicate words with a clause of the description);
- how far a renaming moves a score (max and mean |Δ|).

The figures are in-sample for the shipped head (it was fitted on these pairs); the
leave-one-pack-out figures are in ``bench_align.py --actions-only``.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import defaultdict

import numpy as np

from planetarium_plugin import default_registry
from planetarium_plugin.alignment import Aligner, auroc
from planetarium_plugin.alignment.actions import parse_description, parse_schema, stem
from planetarium_plugin.alignment.mutations import action_pairs

_VAR = re.compile(r"\?[A-Za-z][\w\-]*")
_POOL = ("x", "y", "z", "a", "b", "obj", "thing", "v1", "v2", "arg0", "arg1", "p", "q", "w",
         "item", "t", "r1", "s", "loc", "who")  # fmt: skip


def renaming(text: str, rng: random.Random) -> dict[str, str]:
    """A random one-to-one renaming of the ``?variables`` of ``text``."""
    names = sorted({m.lower() for m in _VAR.findall(text)})
    new = rng.sample(_POOL, len(names)) if len(names) <= len(_POOL) else []
    if not new:
        new = [f"v{i}" for i in rng.sample(range(10_000), len(names))]
    return {old: "?" + n for old, n in zip(names, new, strict=True)}


def apply(text: str, ren: dict[str, str]) -> str:
    return _VAR.sub(lambda m: ren.get(m.group(0).lower(), m.group(0)), text)


def mentioned(description: str, own: str, mutant: str) -> bool:
    """Does the description state a literal that the mutation changed (by predicate words)?"""
    a = {(x.section, x.pred, x.args, x.neg) for x in parse_schema(own).literals}
    b = {(x.section, x.pred, x.args, x.neg) for x in parse_schema(mutant).literals}
    changed = {x[1] for x in a ^ b}
    stems = {s for c in parse_description(description)[2] for s in c.stems}
    for pred in changed:
        words = [stem(w) for w in re.split(r"[-_\s]+", pred) if w]
        if words and all(w in stems for w in words):
            return True
    return False


def table(rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    return "\n".join(out + ["| " + " | ".join(r) + " |" for r in rows[1:]])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--renamings", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--epsilon", type=float, default=0.2)
    a = ap.parse_args(argv)
    import torch

    torch.set_num_threads(a.threads)
    pairs = action_pairs(default_registry().values())
    al = Aligner()
    thr = al.calibration("action")
    texts = [p.text for p in pairs]
    views: dict[str, tuple[list[str], list[str]]] = {"as written": (texts, [p.pddl for p in pairs])}
    rng = random.Random(0)
    for k in range(a.renamings):
        sch, both_t, both_s = [], [], []
        for p in pairs:
            r = renaming(p.pddl, rng)
            sch.append(apply(p.pddl, r))
            rb = renaming(p.text + " " + p.pddl, rng)
            both_t.append(apply(p.text, rb))
            both_s.append(apply(p.pddl, rb))
        views[f"schema renamed #{k + 1}"] = (texts, sch)
        views[f"both renamed #{k + 1}"] = (both_t, both_s)
    scores = {v: np.array(al.action_similarity(t, s)) for v, (t, s) in views.items()}

    y = np.array([p.label for p in pairs])
    kinds = sorted({p.abstraction for p in pairs if p.label == 0})
    true_of = {(p.domain, p.goal_layout): i for i, p in enumerate(pairs) if p.label == 1}
    mention = [
        p.label == 0
        and p.abstraction != "other_action"
        and mentioned(p.text, pairs[true_of[(p.domain, p.goal_layout)]].pddl, p.pddl)
        for p in pairs
    ]

    kind_of = np.array([p.abstraction for p in pairs])
    counts = {k: int(((y == 0) & (kind_of == k)).sum()) for k in kinds}
    head = ["view", *[f"AUROC {k} ({counts[k]})" for k in kinds], "AUROC all",
            f"true kept ε={a.epsilon}", "max abs Δ", "mean abs Δ"]  # fmt: skip
    rows = [head]
    base = scores["as written"]
    for v, s in scores.items():
        row = [v]
        for k in kinds:
            idx = [i for i, p in enumerate(pairs) if p.label == 1 or p.abstraction == k]
            row.append(f"{auroc(s[idx], y[idx]):.3f}")
        row.append(f"{auroc(s, y):.3f}")
        kept = [thr.accepts(float(x), a.epsilon) for x in s[y == 1]] if thr else []
        row.append(f"{np.mean(kept):.3f}" if kept else "n/a")
        d = np.abs(s - base)
        row += [f"{d.max():.2g}", f"{d.mean():.2g}"]
        rows.append(row)

    win_rows = [["view", *[k for k in kinds if k != "other_action"], "all mutations",
                 "mentioned mutations"]]  # fmt: skip
    for v, s in scores.items():
        wins: dict[str, list[float]] = defaultdict(list)
        for i, p in enumerate(pairs):
            if p.label == 1 or p.abstraction == "other_action":
                continue
            j = true_of[(p.domain, p.goal_layout)]
            w = 1.0 if s[j] > s[i] else 0.5 if s[j] == s[i] else 0.0
            wins[p.abstraction].append(w)
            wins["all"].append(w)
            if mention[i]:
                wins["mentioned"].append(w)
        cells = [f"{np.mean(wins[k]):.3f}" for k in kinds if k != "other_action"]
        ment = f"{np.mean(wins['mentioned']):.3f} ({len(wins['mentioned'])})"
        win_rows.append([v, *cells, f"{np.mean(wins['all']):.3f}", ment])

    print(f"Action schemas: {int(y.sum())} true pairs, {int((y == 0).sum())} negatives, "
          f"{len(pairs)} pairs; shipped action head (in-sample)\n")  # fmt: skip
    print(table(rows))
    print("\nPaired win rate (true schema above its own mutation; ties count half):\n")
    print(table(win_rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
