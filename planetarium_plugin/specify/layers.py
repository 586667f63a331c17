"""The relaxed exploration of :func:`.relaxed.heuristic` a layer at a time in numpy.

Same costs, achievers and order as the interpreter's loop over actions (a hypothesis test
compares them), for a fraction of its work per action: on a 44-block blocksworld task (3,872
actions) or IPC Rovers instance 20 most of an exploration's actions sit in layers of hundreds.
numpy is optional (it ships with the test and align extras): without it the loop runs.
"""

from __future__ import annotations

from itertools import repeat

try:
    import numpy as np
except ImportError:  # pragma: no cover - exercised only where numpy is missing
    np = None

from ..parsing import Atom
from .task import GroundTask, State

__all__ = ["explore_arrays", "numpy_available", "start_release"]


def numpy_available() -> bool:
    """Whether numpy is installed (the array exploration can run)."""
    return np is not None


def explore_arrays(
    task: GroundTask,
    s: State,
    goal: list[int],
    wanted: list[Atom],
    banned,
    *,
    full: bool = False,
    last: int = 0,
):
    """The layered exploration from ``s`` until the goal atoms (numbers) and the literals
    ``(not x)`` for ``x`` in ``wanted`` are costed: (atom costs, achievers, costs of the
    negative literals), or None when the exploration runs dry first. ``banned`` actions
    (numbers) are left out.

    Per layer: an action's cost is 1 + its preconditions' costs; an atom reached for the
    first time takes the least cost among the layer's actions adding it, and the first such
    action (in layer order) as its achiever; ``(not x)`` takes the cost of the layer's first
    action deleting x (and not adding it). The next layer is the actions whose count of
    missing preconditions reaches 0 over the new atoms, in the order a loop would release
    them: the new atoms by their first adder, then each atom's waiting actions by number.
    ``full``: on until nothing new is reached (every atom's cost; -1 where unreachable).
    ``last`` > 0: the layer that reaches every goal atom still open costs only their adders
    when they number at most ``last`` (:func:`_last_layer`; :data:`.relaxed.LAST_LAYER`)."""
    pre, add, lens, offsets, flat, counts = _tables(task)
    n, n_acts = len(task.atoms), len(counts)
    # Atoms never true (not numbered) map to the padding atom n: cost 0, needed by no action.
    start = np.fromiter(map(task.index.get, s, repeat(n)), dtype=np.intp, count=len(s))
    costs = np.full(n + 1, -1, dtype=np.intp)
    costs[n] = 0
    costs[start] = 0
    left = counts.copy()
    ban = [i for i in banned if 0 <= i < n_acts]  # anything else names no action
    if ban:
        left[ban] = -1  # never reaches 0
    layer = _release(start, left, lens, offsets, flat)
    no_pre = [i for i in task.no_pre if i not in banned]
    if no_pre:
        layer = np.concatenate((np.array(no_pre, dtype=np.intp), layer))
    return _layers(task, costs, left, layer, goal, wanted, full, last)


def _layers(task, costs, left, layer, goal, wanted, full=False, last=0):
    """The layers from ``layer`` on (see :func:`explore_arrays`)."""
    pre, add, lens, offsets, flat, counts = _tables(task)
    n, n_acts = len(task.atoms), len(counts)
    goals = np.array(goal, dtype=np.intp)
    open_goals = int(np.count_nonzero(costs[goals] < 0))
    deleters = task.deleter_idx
    neg_wait = {x: _mask(deleters.get(x, ()), n_acts) for x in wanted}
    neg_cost: dict[Atom, int] = {}
    achiever: dict[object, int] = {}
    width = add.shape[1]
    while layer.size and (full or open_goals or neg_wait):
        c = costs[pre[layer]].sum(axis=1) + 1
        for x, mask in list(neg_wait.items()):
            hit = np.flatnonzero(mask[layer])
            if hit.size:
                k = int(hit[0])
                neg_cost[x] = int(c[k])
                achiever[("not", x)] = int(layer[k])
                del neg_wait[x]
        xs = add[layer].ravel()
        where = np.flatnonzero(costs[xs] == -1)
        if not where.size:
            break  # nothing new: the next layer would be empty
        xm = xs[where]
        cm = np.repeat(c, width)[where]
        order = np.lexsort((where, cm, xm))  # by atom, then cost, then position
        sx = xm[order]
        first = np.empty(sx.size, dtype=bool)
        first[0] = True
        np.not_equal(sx[1:], sx[:-1], out=first[1:])
        starts = np.flatnonzero(first)
        best = order[starts]  # per new atom, its cheapest first adder (an index into xm)
        atoms = xm[best]
        costs[atoms] = cm[best]
        achiever.update(zip(atoms.tolist(), layer[where[best] // width].tolist(), strict=True))
        if open_goals:
            open_goals = int(np.count_nonzero(costs[goals] < 0))
        if not (full or open_goals or neg_wait):
            break  # every goal literal costed: the next layer is never explored
        new = atoms[np.argsort(np.minimum.reduceat(order, starts), kind="stable")]
        if last and not neg_wait and _last_layer(task, costs, left, new, goals, achiever, last):
            open_goals = 0
            break
        layer = _release(new, left, lens, offsets, flat)
    if open_goals or neg_wait:
        return None
    return costs[:n].tolist(), achiever, neg_cost


def _last_layer(task, costs, left, new, goals, achiever, looks: int) -> bool:
    """:func:`.relaxed._last_layer` over arrays: when the next layer reaches every open goal
    atom, cost them from their adders in that layer alone (in the full layer's order: by the
    position in ``new`` of the last precondition there, then by number) and answer True; the
    layer's other atoms stay unreached (nothing reads them). Else False, nothing changed."""
    pre, adds = _tables(task)[:2]
    open_goals = goals[costs[goals] < 0]
    if not open_goals.size:
        return False
    adding = task.relaxed_adders()
    lists = [adding[x] for x in open_goals.tolist()]
    if sum(map(len, lists)) > looks:
        return False
    cand = np.fromiter((i for xs in lists for i in xs), dtype=np.intp)
    owner = np.repeat(open_goals, [len(xs) for xs in lists])
    ok = (left[cand] > 0) & (costs[pre[cand]] >= 0).all(axis=1)
    if np.unique(owner[ok]).size < open_goals.size:
        return False
    at = np.full(costs.size, -1, dtype=np.intp)
    at[new] = np.arange(new.size)
    acts = np.unique(cand[ok])
    acts = acts[np.lexsort((acts, at[pre[acts]].max(axis=1)))]
    c = costs[pre[acts]].sum(axis=1) + 1
    best: dict[int, tuple[int, int]] = {}
    wanted = set(open_goals.tolist())
    for i, ci in zip(acts.tolist(), c.tolist(), strict=True):
        for x in adds[i].tolist():
            if x in wanted and (x not in best or ci < best[x][0]):
                best[x] = (ci, i)
    for x, (ci, i) in best.items():
        costs[x] = ci
        achiever[x] = i
    return True


def _release(atoms, left, lens, offsets, flat):
    """The actions whose count ``left`` of missing preconditions reaches 0 over the waiting
    lists of ``atoms`` (in order), in the order a loop decrementing them would release them:
    by the position of the last of their preconditions."""
    count = lens[atoms]
    ends = np.cumsum(count)
    total = int(ends[-1]) if ends.size else 0
    if not total:
        return atoms[:0]
    waiting = flat[np.repeat(offsets[atoms] - (ends - count), count) + np.arange(total)]
    left -= np.bincount(waiting, minlength=left.size)
    last = np.full(left.size, -1, dtype=np.intp)
    np.maximum.at(last, waiting, np.arange(total))
    ready = np.flatnonzero((left == 0) & (last >= 0))
    return ready[np.argsort(last[ready], kind="stable")]


def start_release(task: GroundTask, start: list[int], banned) -> tuple[list[int], list[int]]:
    """The loop's first release (:func:`.relaxed.heuristic`) in numpy: the counts of missing
    preconditions once the atoms ``start`` hold (``banned`` actions at -1: never released) and
    the actions released, in the loop's order — by the position in ``start`` of each one's last
    precondition, then by number (the waiting lists are ascending); the actions without
    preconditions are not among them. One bincount over the start's waiting lists instead of a
    decrement per entry (a 44-block tower's ~66 true atoms: ~3,800 entries, 1,936 of them
    ``arm-empty``'s)."""
    lens, offsets, flat, counts = _waits(task)
    atoms = np.array(start, dtype=np.intp)
    count = lens[atoms]
    ends = np.cumsum(count)
    total = int(ends[-1]) if ends.size else 0
    left = counts
    if total:
        waiting = flat[np.repeat(offsets[atoms] - (ends - count), count) + np.arange(total)]
        left = counts - np.bincount(waiting, minlength=counts.size)
    released = np.flatnonzero(left == 0).tolist()
    missing = left.tolist()
    for i in banned:
        if 0 <= i < len(missing):  # anything else names no action
            missing[i] = -1
    pre = task.relaxed_tables().pre
    out = [i for i in released if pre[i] and missing[i] == 0]
    if len(out) > 1:
        at = {x: k for k, x in enumerate(start)}
        out.sort(key=lambda i: (max(at[y] for y in pre[i]), i))
    return missing, out


def _kept(task: GroundTask) -> dict:
    """Where the arrays of :func:`_waits` and :func:`_tables` are kept: the dict kept with the
    task's bit-set rows (:func:`.reuse.rows_table`: the tasks of one grounding that reach the
    same share it), or the task's own dict for a task without rows."""
    rows = getattr(task, "_rows", None)
    if rows is not None:
        return rows.tables.setdefault("layers", {})
    return task.__dict__.setdefault("_layer_arrays", {})


def _waits(task: GroundTask):
    """The waiting lists as one flat array with offsets and lengths, and the precondition
    counts: built once per bit-set rows and kept with them (read-only after; they depend only
    on the relaxed tables and the counts, the rows'), so each new init of a kept grounding
    reads them instead of building them again (~0.65 ms on the 44-block towers)."""
    kept = _kept(task)
    table = kept.get("waiting_arrays")
    if table is None:
        waiting = task.relaxed_tables().waiting
        n = len(waiting)
        lens = np.fromiter(map(len, waiting), dtype=np.intp, count=n)
        offsets = np.zeros(n + 1, dtype=np.intp)
        np.cumsum(lens, out=offsets[1:])
        flat = np.fromiter((i for w in waiting for i in w), dtype=np.intp, count=int(offsets[-1]))
        table = (lens, offsets, flat, np.array(task.pre_count, dtype=np.intp))
        kept["waiting_arrays"] = table  # a race only builds the same tables twice
    return table


def _mask(actions, size: int):
    out = np.zeros(size, dtype=bool)
    out[list(actions)] = True
    return out


def _tables(task: GroundTask):
    """The relaxed tables as arrays, built once per task and kept on it (read-only after):
    preconditions and adds padded with the atom ``n`` (cost 0, never new), the waiting lists
    as one flat array with offsets (atom n: none), the precondition counts; kept with the
    rows, as :func:`_waits`."""
    kept = _kept(task)
    table = kept.get("relaxed_arrays")
    if table is None:
        pre, add, waiting = task.relaxed_tables()
        n = len(waiting)

        def padded(rows):
            width = max(map(len, rows), default=0) or 1
            rows = [(*r, *(n,) * (width - len(r))) for r in rows]
            return np.array(rows, dtype=np.intp).reshape(len(rows), width)

        lens = np.zeros(n + 1, dtype=np.intp)
        lens[:n] = np.fromiter(map(len, waiting), dtype=np.intp, count=n)
        offsets = np.zeros(n + 2, dtype=np.intp)
        np.cumsum(lens, out=offsets[1:])
        flat = np.fromiter((i for w in waiting for i in w), dtype=np.intp, count=int(offsets[-1]))
        counts = np.array(task.pre_count, dtype=np.intp)
        table = (padded(pre), padded(add), lens, offsets, flat, counts)
        kept["relaxed_arrays"] = table  # a race only builds the same tables twice
    return table
