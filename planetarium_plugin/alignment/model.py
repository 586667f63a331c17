"""Pair features (the levers), the small trained head that ships as the default, and AUROC.

Scoring methods map (text, PDDL) pairs to a similarity; higher means better aligned:

- ``raw``: cosine of the encoder's embeddings of the text and the raw PDDL (truncated at the
  encoder's window, as an off-the-shelf pipeline does) — the baseline.
- ``rendered``: the PDDL rendered to controlled English; both sides chunked and mean-pooled.
- ``goal``: the text's goal part against the rendered goal (init and goal split apart).
- ``atoms``: goal sentences against goal atoms one by one (a BERTScore-style F1 of best-match
  cosines).
- ``summary``: the text's goal against counting sentences about the goal ("all 9 balls at room1").
- ``lexical``: which goal atoms the text states literally (objects named in argument order).
- ``abstract``: the text's goal against the goal as its pack describes it in the pack's own
  abstract vocabulary (:mod:`.goals`): the mean cosine of the two best-matching sentences,
  and whether the numbers of the best one agree ("3 towers" is not "4 towers", which MiniLM
  barely sees).
- ``facts`` (the default): fact-level alignment, init and goal (:mod:`.facts`), computed by
  the aligner itself, not from these features.
- ``head``: logistic regression over named features (:class:`Head`), trained on generated
  hard negatives by :func:`train_head`; the shipped default is a JSON file of a few KB.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .encoder import Encoder
from .render import (
    NUMBERS,
    goal_atoms,
    lexical_match,
    render_problem,
    sentences,
    split_text,
    summarize_goal,
)

__all__ = ["COLUMNS", "METHODS", "Features", "Head", "auroc", "pair_features", "train_head"]

METHODS = ("facts", "raw", "rendered", "goal", "atoms", "summary", "lexical", "abstract", "head")
COLUMNS = (
    "cos_all", "cos_goal", "cos_init", "atom_f", "cos_summary",
    "lex_p", "lex_r", "lex_named", "lex_counts", "cos_abs", "num_abs", "has_abs",
)  # fmt: skip
FORMAT = "planetarium-align/1"
#: Chunks pooled per part at most (about 3,200 word pieces): bounded time on huge input.
MAX_CHUNKS = 16
_LEXICAL = ("lex_p", "lex_r", "lex_named", "lex_counts")


def _pool(vecs: np.ndarray, weights: Sequence[float]) -> np.ndarray:
    w = np.asarray(weights, dtype=np.float32)[:, None]
    v = (vecs * w).sum(axis=0)
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


@dataclass(frozen=True)
class Features:
    """Per-pair features: named columns, and goal-embedding products for lever heads."""

    columns: dict[str, np.ndarray]
    product: np.ndarray  # (n, dim): text goal * rendered goal
    summary: np.ndarray  # (n, dim): text goal * goal summary

    def get(self, name: str) -> np.ndarray:
        """A column by name; ``a*b`` multiplies columns and ``!a`` is ``1 - a``."""
        if "*" in name:
            out = np.ones(len(self.product))
            for part in name.split("*"):
                out = out * self.get(part)
            return out
        if name.startswith("!"):
            return 1.0 - self.get(name[1:])
        if name in ("product", "summary"):
            raise ValueError("matrices are not columns")
        return self.columns[name].astype(np.float64)

    def matrix(self, names: Sequence[str]) -> np.ndarray:
        parts = []
        for n in names:
            if n == "product":
                parts.append(self.product.astype(np.float64))
            elif n == "summary":
                parts.append(self.summary.astype(np.float64))
            else:
                parts.append(self.get(n)[:, None])
        return np.hstack(parts) if parts else np.zeros((len(self.product), 0))


def pair_features(
    enc: Encoder | None,
    texts: Sequence[str],
    pddls: Sequence[str],
    *,
    embed: Sequence[str] = ("goal", "rendered", "atoms", "summary"),
    gate: bool = False,
    described: Sequence[Sequence[str]] | None = None,
) -> Features:
    """Features for aligned lists of texts and PDDL problems (one encoder pass, deduplicated).

    ``embed`` names the embedding levers to compute (others stay zero); ``gate=True`` skips
    the embeddings of pairs whose text names the problem's objects (the lexical columns
    decide those), which halves the encoder's work on explicit goals. ``described``: each
    problem's goal in its pack's abstract vocabulary (:func:`.goals.describe_goals`), read by
    the ``abstract`` lever.
    """
    n = len(texts)
    dim = enc.dim if enc is not None else 1
    cols = {c: np.zeros(n, dtype=np.float32) for c in COLUMNS}
    prod = np.zeros((n, dim), dtype=np.float32)
    summ = np.zeros((n, dim), dtype=np.float32)
    plans: list[tuple[int, dict[str, list[str]]]] = []
    needed: set[str] = set()
    for i, (text, pddl) in enumerate(zip(texts, pddls, strict=True)):
        t_init, t_goal = split_text(text)
        g = goal_atoms(pddl)
        for c, v in zip(_LEXICAL, lexical_match(t_goal, g), strict=True):
            cols[c][i] = v
        said = list(described[i][:64]) if described is not None else []
        cols["has_abs"][i] = 1.0 if said else 0.0
        if enc is None or not embed or (gate and cols["lex_named"][i]):
            continue
        r = render_problem(pddl)
        t_sents = sentences(t_goal) or ("",)
        parts: dict[str, list[str]] = {
            "tg": enc.chunks(t_sents)[:MAX_CHUNKS],
            "rg": enc.chunks(r.goal)[:MAX_CHUNKS],
        }
        if "rendered" in embed:
            parts["ti"] = enc.chunks(sentences(t_init))[:MAX_CHUNKS]
            parts["ri"] = enc.chunks(r.init)[:MAX_CHUNKS]
        if "summary" in embed:
            parts["sg"] = enc.chunks(summarize_goal(g))[:MAX_CHUNKS]
        if "abstract" in embed and said:
            parts["ab"] = said
        if "atoms" in embed:
            parts["ts"] = list(t_sents[:64])
            parts["ra"] = list(r.goal[:64]) or [""]
        plans.append((i, parts))
        for v in parts.values():
            needed.update(v)
    if not plans:
        return Features(cols, prod, summ)
    uniq = sorted(needed)
    index = {s: k for k, s in enumerate(uniq)}
    table = enc.embed(uniq)
    for i, parts in plans:
        vec = {k: table[[index[s] for s in v]] for k, v in parts.items()}
        t_goal = split_text(texts[i])[1]
        wts = {k: [max(len(s), 1) for s in v] for k, v in parts.items()}
        tg, rg = _pool(vec["tg"], wts["tg"]), _pool(vec["rg"], wts["rg"])
        cols["cos_goal"][i] = float(tg @ rg)
        prod[i] = tg * rg
        if "ti" in vec:
            ti, ri = _pool(vec["ti"], wts["ti"]), _pool(vec["ri"], wts["ri"])
            t_all = _pool(np.vstack([vec["ti"], vec["tg"]]), wts["ti"] + wts["tg"])
            r_all = _pool(np.vstack([vec["ri"], vec["rg"]]), wts["ri"] + wts["rg"])
            cols["cos_init"][i] = float(ti @ ri)
            cols["cos_all"][i] = float(t_all @ r_all)
        if "sg" in vec:
            sg = _pool(vec["sg"], wts["sg"])
            cols["cos_summary"][i] = float(tg @ sg)
            summ[i] = tg * sg
        if "ts" in vec:
            sim = vec["ts"] @ vec["ra"].T  # goal sentences x goal atoms
            p = float(sim.max(axis=0).mean())  # every atom said in the text?
            r_ = float(sim.max(axis=1).mean())  # every sentence rendered in the PDDL?
            cols["atom_f"][i] = 2 * p * r_ / (p + r_) if p + r_ > 0 else 0.0
        if "ab" in vec:
            sims = vec["ab"] @ tg
            best = int(np.argmax(sims))
            # packs give every meaning in several wordings: a text that says it is near more
            # than one of them, so the two best are averaged (one lucky wording of another
            # goal no longer wins)
            cols["cos_abs"][i] = float(np.sort(sims)[-2:].mean())
            cols["num_abs"][i] = number_agreement(t_goal, parts["ab"][best])
    return Features(cols, prod, summ)


def number_agreement(a: str, b: str) -> float:
    """F1 of the two texts' multisets of numbers (1.0 when neither has any).

    >>> number_agreement("3 towers of heights 1, 2", "towers of heights 1, 2 (3 in all)")
    1.0
    >>> number_agreement("a tower of 4", "a tower of 5"), number_agreement("", "")
    (0.0, 1.0)
    """
    x, y = NUMBERS.findall(a), NUMBERS.findall(b)
    if not x and not y:
        return 1.0
    common = sum(min(x.count(n), y.count(n)) for n in set(x))
    return 2 * common / (len(x) + len(y))


def raw_scores(enc: Encoder, texts: Sequence[str], pddls: Sequence[str]) -> np.ndarray:
    """The baseline: cosine of plain embeddings of the text and the raw PDDL (truncated)."""
    uniq = sorted(set(texts) | set(pddls))
    index = {s: i for i, s in enumerate(uniq)}
    table = enc.embed(uniq)
    a = table[[index[t] for t in texts]]
    b = table[[index[p] for p in pddls]]
    return (a * b).sum(axis=1).astype(np.float64)


@dataclass(frozen=True)
class Head:
    """Logistic regression over named, standardised features, with its calibrations.

    ``features``: column names (see :meth:`Features.get`), or ``product``/``summary`` for the
    384 goal-embedding products. ``gate``: computed with ``pair_features(gate=True)``.
    ``calibration``: :class:`~.calibration.Calibration` dicts by kind (``problem``, ``action``,
    ``problem:<pack>``).
    """

    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    gate: bool = False
    meta: dict = field(default_factory=dict, compare=False)
    calibration: dict = field(default_factory=dict, compare=False)

    @property
    def embed(self) -> tuple[str, ...]:
        """The embedding levers this head reads."""
        need = set()
        for f in self.features:
            for part in f.replace("!", "").split("*"):
                lever = {"cos_goal": "goal", "product": "goal", "cos_all": "rendered",
                         "cos_init": "rendered", "atom_f": "atoms", "cos_summary": "summary",
                         "summary": "summary", "cos_abs": "abstract",
                         "num_abs": "abstract"}.get(part)  # fmt: skip
                if lever:
                    need.add(lever)
        return tuple(sorted(need))

    @property
    def describes(self) -> bool:
        """Whether this head reads the packs' abstract goal descriptions."""
        return any(c in f for f in self.features for c in ("cos_abs", "num_abs", "has_abs"))

    def score(self, feats: Features) -> np.ndarray:
        z = (feats.matrix(self.features) - np.asarray(self.mean)) / np.asarray(self.scale)
        return 1.0 / (1.0 + np.exp(-(z @ np.asarray(self.weights) + self.bias)))

    def to_dict(self) -> dict:
        def r(xs):
            return [float(f"{x:.7g}") for x in xs]

        return {
            "format": FORMAT,
            "features": list(self.features),
            "gate": self.gate,
            "bias": float(f"{self.bias:.7g}"),
            "weights": r(self.weights),
            "mean": r(self.mean),
            "scale": r(self.scale),
            "meta": self.meta,
            "calibration": self.calibration,
        }

    def save(self, path: Path) -> None:
        """Write the head as JSON (7 significant digits: small, diffable, reproducible)."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Head:
        d = json.loads(Path(path).read_text(encoding="utf-8"))
        if d.get("format") != FORMAT:
            raise ValueError(f"{path}: not a {FORMAT} model")
        return cls(
            tuple(d["features"]),
            tuple(d["weights"]),
            float(d["bias"]),
            tuple(d["mean"]),
            tuple(d["scale"]),
            bool(d.get("gate", False)),
            d.get("meta", {}),
            d.get("calibration", {}),
        )

    def with_calibration(self, kind: str, calibration: dict) -> Head:
        cal = {**self.calibration, kind: calibration}
        return Head(self.features, self.weights, self.bias, self.mean, self.scale, self.gate,
                    self.meta, cal)  # fmt: skip


def train_head(
    feats: Features,
    labels: Sequence[int],
    features: Sequence[str],
    *,
    l2: float = 1.0,
    gate: bool = False,
    meta: dict | None = None,
    iterations: int = 100,
) -> Head:
    """Fit L2-regularised logistic regression by Newton's method (deterministic, seconds)."""
    x = feats.matrix(features)
    y = np.asarray(labels, dtype=np.float64)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-8] = 1.0
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    reg = np.full(z.shape[1], float(l2))
    reg[-1] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        grad = z.T @ (p - y) + reg * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    return Head(
        tuple(features),
        tuple(float(v) for v in w[:-1]),
        float(w[-1]),
        tuple(float(v) for v in mean),
        tuple(float(v) for v in scale),
        gate,
        dict(meta or {}),
    )


def method_scores(method: str, feats: Features) -> np.ndarray:
    """Similarities of a single-feature method from computed features."""
    col = {"rendered": "cos_all", "goal": "cos_goal", "atoms": "atom_f",
           "summary": "cos_summary", "lexical": "lex_p", "abstract": "cos_abs"}  # fmt: skip
    if method not in col:
        raise ValueError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    return feats.get(col[method])


def auroc(scores: Sequence[float], labels: Sequence[int]) -> float:
    """Area under the ROC curve (ties count half); NaN without both classes.

    >>> auroc([0.9, 0.8, 0.1], [1, 0, 0]), auroc([0.5, 0.5], [1, 0])
    (1.0, 0.5)
    """
    s = np.asarray(scores, dtype=np.float64)
    y = np.asarray(labels, dtype=bool)
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    if not n_pos or not n_neg:
        return math.nan
    order = np.argsort(s, kind="mergesort")
    sorted_s = s[order]
    ranks = np.empty(len(s))
    i = 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and sorted_s[j + 1] == sorted_s[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return float((ranks[y].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))
