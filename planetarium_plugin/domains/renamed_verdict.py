"""The verdict up to renaming: the renaming found, then the symmetries of the ground truth.

:func:`judge_up_to_renaming` finds the renaming of the candidate's vocabulary
(:func:`.renaming.find_renaming`) and judges the candidate under it. When the domains are not
equivalent under it, the renamings as close as it — it followed by each symmetry of the ground
truth (floor-tile's ``up``/``right``, rover's soil/rock) — are judged too: the transition
systems decide which one, if any, makes the domains equivalent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import Deadline
from ..parsing import Domain
from .renaming import Renaming, apply_renaming, find_renaming, symmetric_alternatives

if TYPE_CHECKING:
    from .results import DomainScore

Judge = Callable[[Domain, "Renaming | None", bool], "DomainScore"]

#: Seconds to find the symmetries of the ground truth (at most eight are tried).
SYMMETRY_BUDGET = 0.25


def judge_up_to_renaming(
    gt: Domain, cand: Domain, judge: Judge, deadline: Deadline, budget: float, metrics: bool
) -> DomainScore:
    """``judge(candidate in the ground truth's names, renaming, metrics)`` under the renaming
    found within ``budget`` seconds; if not equivalent, under each symmetric alternative
    (without the planner metrics): the first that gives equivalence, else the one with most
    problems equivalent (the renaming found on a tie), judged again with ``metrics``."""
    renaming = find_renaming(gt, cand, budget)
    score = judge(apply_renaming(cand, renaming, gt), renaming, metrics)
    if score.equivalent is True or not score.parseable:
        return score
    best = score
    left = deadline.remaining()
    seconds = SYMMETRY_BUDGET if left is None else min(SYMMETRY_BUDGET, left)
    for alt in symmetric_alternatives(gt, cand, renaming, timeout=seconds):
        if deadline.expired():
            break
        trial = judge(apply_renaming(cand, alt, gt), alt, False)
        if trial.equivalent is True or _agreeing(trial) > _agreeing(best):
            best = trial
            if trial.equivalent is True:
                break
    if best is score or not metrics:
        return best
    return judge(apply_renaming(cand, best.renaming, gt), best.renaming, metrics)


def _agreeing(score: DomainScore) -> int:
    return sum(p.equivalent is True for p in score.problems)
