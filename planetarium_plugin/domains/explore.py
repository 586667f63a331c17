"""Bounded equivalence of two domains on one problem: lock-step search of both state spaces.

From the problem's init, both domains must offer the same applicable ground actions in every
reachable state, and each must lead to the same successor (atoms and numeric values). Ground
actions of the candidate are named through the parameter mapping of
:func:`~.compare.compare_actions`, so parameter order is free. The search stops at the first
difference (reported with the path to it), when both spaces are exhausted (equivalent on this
problem), or at the state bound or deadline (undecided).

Every state visited is reachable in the ground truth, so the bound depends on the ground truth
alone — unless the candidate keeps extra predicates or functions, which are carried along.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Domain, Problem
from ..planning.plans import unmet_preconditions
from .space import MAX_GROUND, State, _Space, check_grounding, dynamic_functions, make_space

__all__ = [
    "DEFAULT_MAX_STATES",
    "MAX_GROUND",
    "Difference",
    "ProblemOutcome",
    "check_grounding",
    "dynamic_functions",
    "lockstep",
    "make_space",
]

DEFAULT_MAX_STATES = 20_000

Label = tuple[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Difference:
    """The first state where the two transition systems differ, and how."""

    action: str  # the action schema at fault
    step: str  # the ground action, e.g. "(stack a b)"
    kind: Literal["ground_truth_only", "candidate_only", "successor"]
    path: tuple[str, ...]  # ground actions from the init to the state
    state: tuple[str, ...]  # the state (atoms and numeric values)
    ground_truth: tuple[str, ...] = ()  # its effect / unmet preconditions in the ground truth
    candidate: tuple[str, ...] = ()  # the same in the candidate
    message: str = ""

    def to_dict(self) -> dict:
        return {
            "action": self.action,
            "step": self.step,
            "kind": self.kind,
            "path": list(self.path),
            "state": list(self.state),
            "ground_truth": list(self.ground_truth),
            "candidate": list(self.candidate),
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class ProblemOutcome:
    """The lock-step verdict on one problem: True, False or None (bound or deadline)."""

    problem: str
    equivalent: bool | None
    states: int
    reason: str | None = None
    message: str = ""
    difference: Difference | None = None

    def to_dict(self) -> dict:
        return {
            "problem": self.problem,
            "equivalent": self.equivalent,
            "states": self.states,
            "reason": self.reason,
            "message": self.message,
            "difference": self.difference.to_dict() if self.difference else None,
        }


def _num(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else str(float(v))


def _show_state(state: State) -> tuple[str, ...]:
    """The atoms and changing numeric values of a state."""
    atoms, items = state
    return tuple([str(a) for a in sorted(atoms)] + [f"(= {f} {_num(v)})" for f, v in sorted(items)])


def _step(label: Label) -> str:
    return "(" + " ".join((label[0], *label[1])) + ")"


def _delta(before: State, after: State) -> tuple[str, ...]:
    (a0, i0), (a1, i1) = before, after
    out = [str(a) for a in sorted(a1 - a0)]
    out += [f"(not {a})" for a in sorted(a0 - a1)]
    old = dict(i0)
    out += [f"(= {f} {_num(v)})" for f, v in sorted(i1 - i0) if old.get(f) != v]
    return tuple(out) or ("no change",)


def lockstep(
    problem: Problem,
    gt: Domain,
    cand_problem: Problem,
    cand: Domain,
    mappings: Mapping[str, Mapping[str, str]],
    *,
    name: str = "",
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> ProblemOutcome:
    """Explore both domains from the init in lock-step; see the module docstring.

    ``mappings``: per action name, candidate parameter -> ground truth parameter.
    """
    deadline = deadline or Deadline(None)
    try:
        from .adl import adl_dynamic

        dynamic = dynamic_functions(gt, cand) | adl_dynamic(gt) | adl_dynamic(cand)
        g_space = make_space(problem, gt, deadline, dynamic)
        c_space = make_space(cand_problem, cand, deadline, dynamic)
    except PlanetariumError as exc:
        return ProblemOutcome(name, None, 0, exc.reason.value, exc.message)
    g_preds, g_funcs = set(gt.predicates), set(gt.functions)
    gt_params = {a.name: [v for v, _ in a.params] for a in gt.actions}
    relabel: dict[str, list[int] | None] = {}
    for act in cand.actions:
        g = gt_params.get(act.name)
        sub = mappings.get(act.name, {})
        if g is None or len(g) != len(act.params) or len(sub) != len(g):
            relabel[act.name] = None  # no ground-truth counterpart for its labels
        else:
            relabel[act.name] = [g.index(sub[v]) for v, _ in act.params]

    def translate(label: Label) -> tuple:
        order = relabel.get(label[0])
        if order is None:
            return ("candidate:" + label[0], label[1])
        args = [""] * len(order)
        for i, j in enumerate(order):
            args[j] = label[1][i]
        return (label[0], tuple(args))

    def project(state: State) -> State:
        atoms, items = state
        if cand_extra:
            atoms = frozenset(a for a in atoms if a.predicate in g_preds)
            items = frozenset((f, v) for f, v in items if f.predicate in g_funcs)
        return atoms, items

    cand_extra = bool(set(cand.predicates) - g_preds or set(cand.functions) - g_funcs)
    start_g, start_c = g_space.start, c_space.start
    parent: dict[tuple[State, State], tuple | None] = {(start_g, start_c): None}
    queue = deque([(start_g, start_c)])

    def path_to(key) -> tuple[str, ...]:
        steps = []
        while parent[key] is not None:
            key, label = parent[key]
            steps.append(_step(label))
        return tuple(reversed(steps))

    while queue:
        if len(parent) % 64 == 0 and deadline.expired():
            return ProblemOutcome(
                name,
                None,
                len(parent),
                Reason.TIMEOUT.value,
                f"time budget spent after {len(parent)} states with no difference",
            )
        key = queue.popleft()
        sg, sc = key
        succ_g = g_space.successors(sg)
        succ_c = {translate(k): (k, v) for k, v in c_space.successors(sc).items()}
        diff = None
        only_g = sorted(set(succ_g) - set(succ_c))
        only_c = sorted(set(succ_c) - set(succ_g))
        if only_g:
            label = only_g[0]
            diff = Difference(
                label[0],
                _step(label),
                "ground_truth_only",
                path_to(key),
                _show_state(sg),
                ground_truth=_delta(sg, succ_g[label]),
                candidate=_why_not(cand, c_space, label, relabel, sc),
                message=f"{_step(label)} is applicable in the ground truth but not in the "
                "candidate",
            )
        elif only_c:
            label = only_c[0]
            c_label, t = succ_c[label]
            shown = c_label if label[0].startswith("candidate:") else label  # GT argument order
            diff = Difference(
                c_label[0],
                _step(shown),
                "candidate_only",
                path_to(key),
                _show_state(sg),
                ground_truth=_why_not(gt, g_space, label, None, sg),
                candidate=_delta(sc, t),
                message=f"{_step(shown)} is applicable in the candidate but not in the "
                "ground truth",
            )
        else:
            for label in sorted(succ_g):
                tg = succ_g[label]
                c_label, tc = succ_c[label]
                if project(tc) != tg:
                    diff = Difference(
                        label[0],
                        _step(label),
                        "successor",
                        path_to(key),
                        _show_state(sg),
                        ground_truth=_delta(sg, tg),
                        candidate=_delta(project(sc), project(tc)),
                        message=f"{_step(label)} leads to different states",
                    )
                    break
                nxt = (tg, tc)
                if nxt not in parent:
                    if len(parent) >= max_states:
                        return ProblemOutcome(
                            name,
                            None,
                            len(parent),
                            Reason.SEARCH_BOUND.value,
                            f"more than {max_states} reachable states, no difference among "
                            "those explored",
                        )
                    parent[nxt] = (key, label)
                    queue.append(nxt)
        if diff is not None:
            return ProblemOutcome(
                name, False, len(parent), "transition_differs", diff.message, diff
            )
    return ProblemOutcome(
        name, True, len(parent), None, f"same transition system on all {len(parent)} states"
    )


def _why_not(domain: Domain, space: _Space, label: tuple, relabel, state: State) -> tuple:
    """The unmet preconditions of ``label`` (a ground-truth label) in ``domain`` at ``state``."""
    name, args = label
    act = space.schemas.get(name)
    if act is None:
        return (f"no action {name}",)
    if relabel is not None:
        order = relabel.get(name)
        if order is None:
            return (f"action {name} has a different signature",)
        args = tuple(args[j] for j in order)
    if len(args) != len(act.params):
        return (f"action {name} has a different signature",)
    if act.unsupported:
        return ("its precondition (quantified, disjunctive or conditional) does not hold",)
    sub = dict(zip((v for v, _ in act.params), args, strict=True))
    atoms, items = state
    values = space.values(items)

    out = tuple(f"unmet {u}" for u in unmet_preconditions(act, sub, atoms, values))
    return out or ("type or static precondition not met",)
