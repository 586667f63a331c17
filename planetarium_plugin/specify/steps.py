"""Steps toward goal atoms without a new relaxed exploration, for the goal agenda.

:func:`lookahead` executes a kept exploration's relaxed plan as far as it goes (YAHSP's
lookahead); :func:`direct_steps` finds one or two applicable actions that achieve one atom (a
block picked up, then put on the tower). Both only guess states for :mod:`.agenda`, whose
plans are replayed from the init and checked before anything is read from them.
"""

from __future__ import annotations

from ..parsing import Atom
from .grounding import GroundAction
from .relaxed import walk_back
from .task import GroundTask, State

__all__ = ["direct_steps", "lookahead"]


def direct_steps(task: GroundTask, s: State, g: Atom, banned) -> list[GroundAction] | None:
    """One or two steps from ``s`` that achieve ``g``, none of them ``banned``: an applicable
    adder of ``g``, or an applicable action after which an adder of ``g`` applies (``holding
    b`` then ``on b c``); None otherwise. The adders missing one precondition are grouped by
    it, so each missing atom's adders are read once (``clear b``'s 88 adders, most of them
    waiting for ``holding b``). Only a guess (:mod:`.agenda`'s direct-step run): nothing is
    proved from it; the agenda's plans are replayed and checked as always."""
    row_of = task.row_of
    waiting: dict[Atom, list[GroundAction]] = {}  # adders of g missing one atom, by that atom
    for a in task.adders.get(g, ()):
        if a.pre_neg & s or row_of[id(a)][4] in banned:
            continue
        missing = a.pre_pos - s
        if not missing:
            return [a]
        if len(missing) == 1:
            waiting.setdefault(next(iter(missing)), []).append(a)
    for m, users in waiting.items():
        for b in task.adders.get(m, ()):
            if not b.pre_pos <= s or b.pre_neg & s or row_of[id(b)][4] in banned:
                continue
            t = (s - b.delete) | b.add
            for a in users:
                if a.pre_pos <= t and not a.pre_neg & t:
                    return [b, a]
    return None


def lookahead(task, s, kept, pos, neg, banned, deadline):
    """(steps, state): the relaxed plan of the exploration ``kept`` (made on ``s`` for ``pos``,
    ``neg``) executed as far as it goes, as YAHSP's lookahead does, or None when not one step
    applies. An applicable one is applied, the one needed soonest first; when none is, an
    applicable action adding a missing precondition of one of them (in plan order) that
    deletes nothing the rest of the plan or the goal still needs from the state is applied
    instead (b44 put down so that b43 can be unstacked). Never a ``banned`` action, never a
    state twice. Only a guess at a better state: the caller evaluates it like any other."""
    cost, achiever = kept
    pre, _, _ = task.relaxed_tables()
    acts, index = task.acts, task.index
    todo: list = [index[x] for x in pos if x in index and cost[index[x]] > 0]
    todo += [("not", x) for x in neg if x in s]
    chosen = walk_back(todo, cost, achiever, pre)
    # When each step is needed: the cost of the cheapest plan action it enables (the goal's
    # achievers last). An applicable step needed soonest goes first, the one at the end of a
    # longer chain before a free one (b2 taken off b1 before b18 is picked up to go on b1).
    need = dict.fromkeys(chosen, len(cost) + sum(chosen.values()))
    for i, c in chosen.items():
        for y in pre[i]:
            k = achiever.get(y) if cost[y] > 0 else None
            if k is not None and c < need[k]:
                need[k] = c
    plan = [acts[i] for i in sorted(chosen, key=lambda i: (need[i], -chosen[i], i))]
    row_of = task.row_of
    if any(row_of[id(a)][4] in banned for a in plan):
        return None
    steps: list[GroundAction] = []
    seen = {s}
    cur = s
    limit = 2 * len(plan) + 4
    while plan and len(steps) < limit:
        deadline.check()
        if pos <= cur and not neg & cur:
            break
        step = next((a for a in plan if a.pre_pos <= cur and not a.pre_neg & cur), None)
        if step is not None:
            plan.remove(step)
        else:
            needed = pos.union(*(a.pre_pos for a in plan)) & cur
            for a in plan:
                for p in sorted(a.pre_pos - cur, key=index.__getitem__):
                    for b in task.adders.get(p, ()):
                        if (
                            b.pre_pos <= cur
                            and not b.pre_neg & cur
                            and not b.delete & needed
                            and row_of[id(b)][4] not in banned
                            and (cur - b.delete) | b.add not in seen
                        ):
                            step = b
                            break
                    if step is not None:
                        break
                if step is not None:
                    break
            if step is None:
                break
        t = (cur - step.delete) | step.add
        if t in seen:
            break
        seen.add(t)
        steps.append(step)
        cur = t
    return (steps, cur) if steps else None
