"""Fast Downward's search binary as a complete planner for ground sub-tasks (SAS+ fed directly).

Used when the ``planners`` extra is installed; without it every call answers ``unknown``.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Deadline
from .task import GroundTask, State

__all__ = ["downward_plan", "sas_text"]


def sas_text(task: GroundTask, pos: State, neg: State) -> str | None:
    """The ground task as Fast Downward's SAS+ input (one binary variable per atom that
    actions touch), or None when a goal atom can never hold."""
    atoms = sorted(
        {x for a in task.actions for x in (*a.pre_pos, *a.pre_neg, *a.add, *a.delete)}
        | set(pos)
        | set(neg),
        key=str,
    )
    var = {x: i for i, x in enumerate(atoms)}
    out = ["begin_version", "3", "end_version", "begin_metric", "0", "end_metric", str(len(atoms))]
    for i, x in enumerate(atoms):
        out += ["begin_variable", f"v{i}", "-1", "2", f"Atom {x}", f"NegatedAtom {x}"]
        out.append("end_variable")
    out += ["0", "begin_state", *("0" if x in task.init else "1" for x in atoms), "end_state"]
    goal = [f"{var[x]} 0" for x in sorted(pos, key=str)]
    goal += [f"{var[x]} 1" for x in sorted(neg, key=str)]
    out += ["begin_goal", str(len(goal)), *goal, "end_goal"]
    ops = []
    for k, a in enumerate(task.actions):
        if a.pre_pos & a.pre_neg:
            continue
        prevail, effects = [], []
        for x in sorted({*a.pre_pos, *a.pre_neg, *a.add, *a.delete}, key=str):
            pre = 0 if x in a.pre_pos else 1 if x in a.pre_neg else -1
            post = 0 if x in a.add else 1 if x in a.delete else None
            if post is None or post == pre:
                if pre != -1:
                    prevail.append(f"{var[x]} {pre}")
            else:
                effects.append(f"0 {var[x]} {pre} {post}")
        if not effects:
            continue
        ops += ["begin_operator", f"op{k}", str(len(prevail)), *prevail, str(len(effects))]
        ops += [*effects, "1", "end_operator"]
    out += [str(ops.count("begin_operator")), *ops, "0"]
    return "\n".join(out) + "\n"


def downward_plan(task: GroundTask, pos: State, neg: State, deadline: Deadline):
    """Ask Fast Downward's search (lazy greedy on h_add, complete) for a plan to ``pos`` ∧
    ¬``neg``, fed our ground task directly (no translator run).

    Returns ``("solvable", plan)``, ``("unsolvable", None)`` (its proof: the search space was
    exhausted) or ``("unknown", None)`` — also when Fast Downward is not installed (the
    ``planners`` extra) or fails.
    """
    import tempfile

    from ..planning.processes import package_dir, plan_file, run_process

    base = package_dir("up_fast_downward")
    binary = base / "downward/builds/release/bin/downward" if base is not None else None
    if binary is None or not binary.exists():
        return "unknown", None
    left = deadline.remaining()
    timeout = 30.0 if left is None else min(30.0, left)
    if timeout <= 0.05:
        deadline.check()
        return "unknown", None
    text = sas_text(task, pos, neg)
    search = "lazy_greedy([add()], preferred=[add()])"  # h_add: far fewer plateaus than h_FF
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
    if steps is None:
        return "unknown", None
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
