"""Fast Downward's search binary as a complete planner for ground sub-tasks (SAS+ fed directly).

Used when the ``planners`` extra is installed; without it every call answers ``unknown``.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..errors import Deadline
from .task import GroundTask, State

__all__ = ["PORTFOLIO", "downward_plan", "sas_text"]

#: The sub-planner's portfolio: (search, seconds or None for the rest of the budget), tried in
#: order until one decides. Lazy greedy search on h_add with preferred operators for 0.25 s
#: (complete: an exhausted search proves unsolvability), then LAMA's first iteration (h_FF plus
#: the landmark sum, whose only pruning is relaxed unreachability). Issue 17, measured on the
#: generic path (benchmarks/RESULTS.md): LAMA builds a 44-block tower in a new order in a few
#: seconds where h_add finds none in 10 s. It did not pay while every refutation of a
#: candidate fact needed another such plan; since known plans are repaired instead
#: (:func:`.forward.splice`), the first plan is what decides those pairs.
LAMA = (
    "let(hlm, landmark_sum(lm_reasonable_orders_hps(lm_rhw()), pref=false),"
    " let(hff, ff(), lazy_greedy([hff, hlm], preferred=[hff, hlm])))"
)
PORTFOLIO: tuple[tuple[str, float | None], ...] = (
    ("lazy_greedy([add()], preferred=[add()])", 0.25),
    (LAMA, None),
)


def _groups(task: GroundTask, pos: State, neg: State) -> list[list]:
    """Disjoint exactly-one groups usable as multi-valued variables: no member is a negative
    precondition or goal, and every action deleting a member adds one."""
    banned = set(neg)
    for a in task.actions:
        banned |= a.pre_neg
    used: set = set()
    out = []
    for g in sorted((g for g in task.groups if g.exactly_one), key=lambda g: -len(g.atoms)):
        if g.atoms & used or g.atoms & banned or len(g.atoms & task.init) != 1:
            continue
        deleters = (a for x in g.atoms for a in task.deleters.get(x, ()))
        if any(not (a.add & g.atoms) for a in deleters):  # by the index: not every action
            continue
        out.append(sorted(g.atoms, key=str))
        used |= g.atoms
    return out


def sas_text(task: GroundTask, pos: State, neg: State) -> str | None:
    """The ground task as Fast Downward's SAS+ input: one multi-valued variable per verified
    exactly-one group (as the translator makes them: its heuristics are far better informed
    than over binary atoms), one binary variable per other atom that actions touch."""
    groups = _groups(task, pos, neg)
    where: dict = {}
    for v, g in enumerate(groups):
        for k, x in enumerate(g):
            where[x] = (v, k)
    rest = sorted(
        {x for a in task.actions for x in (*a.pre_pos, *a.pre_neg, *a.add, *a.delete)}
        | set(pos)
        | set(neg),
        key=str,
    )
    for x in rest:
        if x not in where:
            where[x] = (len(groups), 0)
            groups.append([x])
    binary = [len(g) == 1 for g in groups]
    out = ["begin_version", "3", "end_version", "begin_metric", "0", "end_metric", str(len(groups))]
    for v, g in enumerate(groups):
        names = [f"Atom {x}" for x in g] + ([f"NegatedAtom {g[0]}"] if binary[v] else [])
        out += ["begin_variable", f"v{v}", "-1", str(len(names)), *names, "end_variable"]
    init = []
    for v, g in enumerate(groups):
        if binary[v]:
            init.append("0" if g[0] in task.init else "1")
        else:
            init.append(str(next(k for k, x in enumerate(g) if x in task.init)))
    out += ["0", "begin_state", *init, "end_state"]
    goal = {}
    for x in pos:
        v, k = where[x]
        if goal.get(v, k) != k:
            return None  # two values of one variable: no state has both
        goal[v] = k
    for x in neg:
        v, _ = where[x]
        if goal.get(v, 1) != 1:
            return None
        goal[v] = 1
    out += ["begin_goal", str(len(goal)), *(f"{v} {k}" for v, k in sorted(goal.items()))]
    out.append("end_goal")
    ops = []
    for n, a in enumerate(task.actions):
        pre: dict[int, int] = {}
        post: dict[int, int] = {}
        ok = True
        for x in a.pre_pos:
            v, k = where[x]
            ok = ok and pre.get(v, k) == k
            pre[v] = k
        for x in a.pre_neg:
            v, _ = where[x]
            ok = ok and pre.get(v, 1) == 1
            pre[v] = 1
        for x in a.delete - a.add:
            v, _ = where[x]
            if binary[v]:
                post[v] = 1
        for x in a.add:
            v, k = where[x]
            post[v] = k
        if not ok:
            continue  # contradictory preconditions: never applicable
        effects = [(v, k) for v, k in sorted(post.items()) if pre.get(v) != k]
        if not effects:
            continue
        prevail = [(v, k) for v, k in sorted(pre.items()) if v not in post or post[v] == k]
        ops += ["begin_operator", f"op{n}", str(len(prevail))]
        ops += [f"{v} {k}" for v, k in prevail]
        ops.append(str(len(effects)))
        ops += [f"0 {v} {pre.get(v, -1)} {k}" for v, k in effects]
        ops += ["1", "end_operator"]
    out += [str(ops.count("begin_operator")), *ops, "0"]
    return "\n".join(out) + "\n"


def _search(binary: Path, search: str, text: str, timeout: float):
    """One Fast Downward search run: ``(verdict, plan steps or None)``."""
    import tempfile

    from ..planning.processes import plan_file, run_process

    try:
        with tempfile.TemporaryDirectory(prefix="planetarium-specify-") as tmp:
            path = Path(tmp) / "plan"
            cmd = [str(binary), "--search", search, "--internal-plan-file", str(path)]
            rc, _, timed_out = run_process(cmd, timeout, tmp, stdin=text)
            steps = plan_file(path) if rc == 0 and not timed_out else None
    except OSError:
        return "unknown", None
    if rc in (10, 11) and not timed_out:
        return "unsolvable", None
    return ("unknown", None) if steps is None else ("solvable", steps)


def downward_plan(task: GroundTask, pos: State, neg: State, deadline: Deadline, cap: float = 30.0):
    """Ask Fast Downward's searches (:data:`PORTFOLIO`, complete) for a plan to ``pos`` ∧
    ¬``neg``, fed our ground task directly (no translator run).

    Returns ``("solvable", plan)``, ``("unsolvable", None)`` (its proof: the search space was
    exhausted) or ``("unknown", None)`` — also when Fast Downward is not installed (the
    ``planners`` extra) or fails.
    """
    from ..planning.processes import package_dir

    base = package_dir("up_fast_downward")
    binary = base / "downward/builds/release/bin/downward" if base is not None else None
    if binary is None or not binary.exists():
        return "unknown", None
    text = sas_text(task, pos, neg)
    if text is None:
        return "unsolvable", None
    end = time.monotonic() + cap
    verdict, steps, ran = "unknown", None, False
    for search, seconds in PORTFOLIO:
        left = deadline.remaining()
        timeout = end - time.monotonic() if left is None else min(end - time.monotonic(), left)
        if seconds is not None:
            timeout = min(timeout, seconds)
        if timeout <= 0.05:
            break
        ran = True
        verdict, steps = _search(binary, search, text, timeout)
        if verdict != "unknown":
            break
    if not ran:
        deadline.check()
    if verdict != "solvable" or steps is None:
        return verdict, None
    plan = []
    for step in steps:
        name = step.strip("()").split()[0] if step.strip("()") else ""
        if not name.startswith("op") or not name[2:].isdigit():
            return "unknown", None
        k = int(name[2:])
        if k >= len(task.actions):
            return "unknown", None
        plan.append(task.actions[k])
    return "solvable", plan
