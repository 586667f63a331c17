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

import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem
from ..planning.plans import unmet_preconditions
from ..specify import COMPARE, ground_actions

__all__ = [
    "DEFAULT_MAX_STATES",
    "MAX_GROUND",
    "Difference",
    "ProblemOutcome",
    "lockstep",
    "make_space",
]

DEFAULT_MAX_STATES = 20_000
#: Ground actions per domain and problem before the grounding is refused (too large).
MAX_GROUND = 200_000

Label = tuple[str, tuple[str, ...]]
State = tuple[frozenset[Atom], frozenset[tuple[Atom, Fraction]]]


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


def _objects_of_type(problem: Problem, domain: Domain, typ: str) -> int:
    if not domain.typed:
        return len(problem.objects)
    return sum(domain.is_subtype(t, typ) for t in problem.objects.values())


def check_grounding(problem: Problem, domain: Domain, limit: int = MAX_GROUND) -> None:
    """Refuse (TOO_LARGE) a grounding that would exceed ``limit`` ground actions."""
    total = 0
    for act in domain.actions:
        n = math.prod(_objects_of_type(problem, domain, t) for _, t in act.params)
        total += n
        if total > limit:
            raise PlanetariumError(
                Reason.TOO_LARGE,
                f"grounding action {act.name} ({len(act.params)} parameters) over "
                f"{len(problem.objects)} objects gives {n} ground actions (limit {limit})",
            )


def _norm(v):
    """Integral Fractions as ints: they compare equal and hash far faster."""
    return v.numerator if isinstance(v, Fraction) and v.denominator == 1 else v


def dynamic_functions(*domains: Domain) -> frozenset[str]:
    """Functions some action of these domains changes (the numeric part of a state)."""
    return frozenset(e.fluent.predicate for d in domains for a in d.actions for e in a.num_eff)


class _Undefined(Exception):
    """A numeric expression read a fluent with no value: the action is not applicable."""


def _div(x, y):
    if y == 0:
        raise ZeroDivisionError("division by zero")
    return _norm(Fraction(x) / y)


_ARITH = {
    "+": lambda x, y: x + y,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": _div,
}
_EFFECT = {
    "assign": lambda cur, v: v,
    "increase": lambda cur, v: cur + v,
    "decrease": lambda cur, v: cur - v,
    "scale-up": lambda cur, v: cur * v,
    "scale-down": lambda cur, v: _div(cur, v) if v else cur,
}


_ASSIGN = _EFFECT["assign"]


def _compile(expr, static: Mapping, dynamic: frozenset[str]):
    """A ground numeric expression as a function of the dynamic values; static fluents (and
    whole constant subexpressions) are folded in. Undefined fluents raise :class:`_Undefined`."""
    if isinstance(expr, Fraction):
        c = _norm(expr)
        return (lambda v: c), c
    if isinstance(expr, Atom):
        if expr.predicate not in dynamic:
            if expr not in static:
                return _raise_undefined, None
            c = static[expr]
            return (lambda v: c), c

        def read(v, key=expr):
            try:
                return v[key]
            except KeyError:
                raise _Undefined(str(key)) from None

        return read, None
    op, a, b = expr
    (fa, ca), (fb, cb) = _compile(a, static, dynamic), _compile(b, static, dynamic)
    f = _ARITH[op]
    if ca is not None and cb is not None:
        try:
            c = _norm(f(ca, cb))
        except ZeroDivisionError:
            return _raise_undefined, None
        return (lambda v: c), c
    return (lambda v: f(fa(v), fb(v))), None


def _raise_undefined(v):
    raise _Undefined("undefined value")


class _Space:
    """Successor generator of one domain on one problem, indexed by a trigger precondition.

    A state is (atoms, numeric items) where the items hold only the ``dynamic`` functions;
    the other fluent values are constants of the problem, folded into compiled expressions.
    """

    def __init__(
        self,
        problem: Problem,
        domain: Domain,
        deadline: Deadline,
        dynamic: frozenset[str] | None = None,
    ) -> None:
        check_grounding(problem, domain)
        actions = ground_actions(problem, domain, deadline)
        self.schemas = {a.name: a for a in domain.actions}
        dynamic = dynamic_functions(domain) if dynamic is None else dynamic
        self.static = {
            f: _norm(v) for f, v in problem.numeric_init.items() if f.predicate not in dynamic
        }
        self.start: State = (
            problem.init,
            frozenset(
                (f, _norm(v)) for f, v in problem.numeric_init.items() if f.predicate in dynamic
            ),
        )
        self.by_atom: dict[Atom, list[tuple]] = {}
        self.always: list[tuple] = []
        for a in actions:
            checks = tuple(
                (COMPARE[op], _compile(lhs, self.static, dynamic)[0],
                 _compile(rhs, self.static, dynamic)[0])
                for op, lhs, rhs in a.pre_num
            )  # fmt: skip
            effects = tuple(
                (key, _EFFECT[op], _compile(expr, self.static, dynamic)[0])
                for op, key, expr in a.num_eff
            )
            entry = (a, checks, effects)
            if a.pre_pos:
                self.by_atom.setdefault(min(a.pre_pos), []).append(entry)
            else:
                self.always.append(entry)

    def values(self, items) -> dict:
        """Every fluent value of a state (static and dynamic)."""
        if not items:
            return self.static
        values = dict(self.static)
        values.update(items)
        return values

    def successors(self, state: State) -> dict[tuple[str, tuple[str, ...]], State]:
        atoms, items = state
        values = None
        out = {}
        todo = list(self.always)
        for atom in atoms:
            todo.extend(self.by_atom.get(atom, ()))
        for a, checks, effects in todo:
            if not (a.pre_pos <= atoms) or (a.pre_neg & atoms):
                continue
            if not checks and not effects:
                out[(a.name, a.args)] = ((atoms - a.delete) | a.add, items)
                continue
            if values is None:
                values = dict(items)
            try:
                if not all(cmp(fl(values), fr(values)) for cmp, fl, fr in checks):
                    continue
                updates = {}
                for key, eff, fe in effects:
                    cur = values.get(key)
                    if cur is None and eff is not _ASSIGN:
                        raise _Undefined(str(key))
                    updates[key] = _norm(eff(cur, fe(values)))
            except (_Undefined, ZeroDivisionError):
                continue  # an undefined fluent makes the action inapplicable
            merged = dict(values)
            merged.update(updates)
            out[(a.name, a.args)] = ((atoms - a.delete) | a.add, frozenset(merged.items()))
        return out


def make_space(
    problem: Problem, domain: Domain, deadline: Deadline, dynamic: frozenset[str] | None = None
):
    """The successor generator for ``domain``: compiled STRIPS/numeric actions, or the ADL
    interpreter (:mod:`.adl`) when an action uses quantifiers, disjunction or conditional
    effects."""
    if any(a.unsupported for a in domain.actions):
        from .adl import AdlSpace, adl_dynamic

        if dynamic is None:
            dynamic = dynamic_functions(domain) | adl_dynamic(domain)
        return AdlSpace(problem, domain, deadline, dynamic, MAX_GROUND)
    return _Space(problem, domain, deadline, dynamic)


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
