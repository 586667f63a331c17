"""The verdict: when an explanation says that a problem is the one its text states.

Its parts are one frozen :class:`VerdictPolicy`, so that a verdict rule can be chosen on
sources no reader was developed on (``calib``, ``docs/alignment.md``) and applied to
explanations already computed, without reading the text again:

- ``confident``: a contradicted or missing fact at least this confident rejects;
- ``min_goal_stated``: below this share of the goal stated, the verdict is "not aligned";
- ``threshold``: where the similarity bar comes from — ``"calibrated"`` (the head's conformal
  threshold, :class:`~..calibration.Calibration`) or ``"none"`` (the explanation alone);
- ``sure`` (None: off): *one doubtful reading tolerated*. A text's single conflict below
  ``sure`` does not reject when it shows no sign of a one-fact edit and the rest of the text
  is read well (:meth:`VerdictPolicy.tolerated`). A one-fact edit of a problem (an argument
  replaced, two objects swapped) leaves an atom of the same predicate in the same section
  where the text's fact was, and a fact left out leaves its objects with no other fact or
  a described set ("both children") short of one; a misreading (a sentence read as the
  wrong predicate) usually lands on a predicate that section does not use, about objects
  the problem has other facts of. A confidently contradicted or missing fact
  still rejects: the tolerated one is below ``sure``, comes from the text's own words (not
  implied), is a fact the problem lacks (never an atom the text negates), and is the only
  conflict at ``confident`` or above.

>>> read = FactMatch("(holding b3)", "b3 rests on the ground", 0, 22, 0.7)
>>> goal = SectionExplanation(stated=(FactMatch("(on b1 b2)", "b1 on b2", 30, 38, 1.0),),
...                           problem_atoms=1)
>>> init = SectionExplanation(missing_in_problem=(read,), unstated=("(on-table b3)",),
...                           problem_atoms=4)
>>> e = AlignmentExplanation(init, goal, 0.24, False)
>>> VerdictPolicy().accepts(e), VerdictPolicy(sure=0.9).accepts(e)
(False, True)
>>> edit = AlignmentExplanation(
...     SectionExplanation(missing_in_problem=(FactMatch("(on b3 b1)", "b3 on b1", 0, 8, 0.7),),
...                        unstated=("(on b3 b2)",), problem_atoms=4), goal, 0.24, False)
>>> VerdictPolicy(sure=0.9).accepts(edit)  # the same predicate, an object shared: an edit
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .explain import AlignmentExplanation, FactMatch, SectionExplanation
from .penalty import as_atom, similarity

__all__ = ["DEFAULT_POLICY", "VerdictPolicy"]

THRESHOLDS = ("calibrated", "none")


@dataclass(frozen=True)
class VerdictPolicy:
    """The verdict's parameters (module docstring); the default is the verdict before
    ``sure`` existed."""

    confident: float = 0.5
    min_goal_stated: float = 0.5
    threshold: str = "calibrated"
    sure: float | None = None
    #: With a tolerated reading: every other conflict below this ...
    faint: float = 0.25
    #: ... at least this share of the goal stated, and at most 1 − this of the init unstated.
    read_well: float = 0.75

    def __post_init__(self) -> None:
        if self.threshold not in THRESHOLDS:
            raise ValueError(f"threshold {self.threshold!r}: choose from {', '.join(THRESHOLDS)}")

    def goal_stated(self, e: AlignmentExplanation) -> float:
        """The share of the problem's goal atoms the text states (or judges by description)."""
        return 1.0 - len(e.goal.unstated) / max(1, e.goal.problem_atoms)

    def tolerated(self, e: AlignmentExplanation) -> FactMatch | None:
        """The one doubtful reading this policy lets pass, if any (module docstring)."""
        if self.sure is None:
            return None
        loud = [
            (f, sec)
            for sec in (e.init, e.goal)
            for f in (*sec.contradicted, *sec.missing_in_problem)
            if f.confidence >= self.confident
        ]
        if len(loud) != 1:
            return None
        f, sec = loud[0]
        if f.confidence >= self.sure or f.kind != "text" or f not in sec.missing_in_problem:
            return None
        if any(c.confidence >= self.faint for c in e.conflicts() if c is not f):
            return None
        init_unstated = len(e.init.unstated) / max(1, e.init.problem_atoms)
        if self.goal_stated(e) < self.read_well or init_unstated > 1.0 - self.read_well:
            return None
        return None if _edit_sign(f, sec, e) else f

    def accepts(self, e: AlignmentExplanation, threshold: float | None = None) -> bool:
        """The verdict on one explanation; ``threshold``: the calibrated similarity bar (used
        when the policy's threshold source is ``calibrated``)."""
        if not e.readable or self.goal_stated(e) < self.min_goal_stated:
            return False
        spared = self.tolerated(e)
        if any(c.confidence >= self.confident for c in e.conflicts() if c is not spared):
            return False
        if self.threshold == "none" or threshold is None or math.isinf(threshold):
            return True
        return _similarity_without(e, spared) >= threshold - 1e-12


def _edit_sign(f: FactMatch, sec: SectionExplanation, e: AlignmentExplanation) -> bool:
    """Does the problem look edited where ``f`` is? Where one of its facts was replaced, the
    section holds another atom of ``f``'s predicate (stated or not), or the other section one
    about the same objects (an init fact read as a goal one, then changed); where a fact of a set
    the text describes ("serve both children") was left out, ``f`` comes from that
    description; where a fact was left out, the problem says nothing else of its objects."""
    a = as_atom(f.atom)
    for part in (e.init, e.goal):
        for o in (*(s.atom for s in part.stated), *part.unstated):
            b = as_atom(o)
            # in the other section, only an atom about the same objects, or of a predicate
            # of one argument (the init fact a goal sentence was read from, changed)
            near = part is sec or len(a) < 3 or bool(set(b[1:]) & set(a[1:]))
            if b[:1] == a[:1] and o != f.atom and near:
                return True
    if any(d.start < f.end and f.start < d.end for d in sec.abstract):
        return True
    if len(a) < 2:
        return False
    known = {
        x
        for part in (e.init, e.goal)
        for o in (*(s.atom for s in part.stated), *part.unstated)
        if o != f.atom
        for x in as_atom(o)[1:]
    }
    return not set(a[1:]) & known


def _similarity_without(e: AlignmentExplanation, spared: FactMatch | None) -> float:
    """The similarity the explanation would have without the tolerated reading (the one
    conflict at ``confident`` or above, so the most confident): what the calibrated bar is
    compared with, read off the penalty's terms without it (:func:`.penalty.similarity`; never
    below the reported one). The reported similarity (and so AUROC) is unchanged."""
    if spared is None or e.similarity <= 0.0:
        return e.similarity
    return min(1.0, max(e.similarity, similarity(e, without=spared)))


DEFAULT_POLICY = VerdictPolicy()
