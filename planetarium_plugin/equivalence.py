"""Planning-problem equivalence (paper, Algorithm 1), returning a :class:`Verdict`.

Steps: parse both problems against the pack's domain; compare object counts per type; if the
joined problem graphs are already isomorphic the problems are equivalent (fast path); else the
initial scenes must be isomorphic, both goals are fully specified, and the joined graphs
(identity mode) or the goal graphs alone (placeholder mode) must be isomorphic.

Nothing raises out of :func:`equivalent`: bad input gives a verdict with a reason, and a search
that runs out of time gives ``equivalent=None`` with reason ``timeout`` — never a silent False.

>>> gt = '''(define (problem p) (:domain blocksworld) (:objects a b)
...   (:init (arm-empty) (on-table a) (on-table b) (clear a) (clear b))
...   (:goal (and (on a b))))'''
>>> cand = gt.replace("(on a b)", "(on a b) (on-table b) (clear a) (arm-empty)")
>>> v = equivalent(gt, cand, domain="blocksworld")
>>> v.equivalent, v.reason
(True, None)
>>> equivalent(gt, cand.replace("(on a b)", "(on b a)"), domain="blocksworld").reason
'goal_differs'
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import INPUT_REASONS, Deadline, PlanetariumError, Reason
from .explanation import Explanation, build_explanation
from .isomorphism import Structure, find_isomorphism
from .packs import DomainPack, DomainSpec, resolve_domain
from .parsing import DEFAULT_LIMITS, Atom, Goal, Limits, Problem, TypingMode, parse_problem
from .reachability import goal_reachable
from .scene_graph import SceneGraph
from .specify import DEFAULT_MAX_STATES, FullySpecifiedGoal, fully_specify_problem

__all__ = ["Explanation", "Verdict", "compare_problems", "equivalent"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of one equivalence check.

    ``equivalent`` is True, False, or None when undecided (time or search budget exhausted,
    or the ground truth itself is invalid). ``reason`` is None for equivalent pairs, else one
    of :class:`~.errors.Reason`'s values. ``domain`` is the pack's (or the PDDL domain's)
    name; ``pack`` the registered pack used, None for a domain no pack provides (or one that
    differs from the pack of its name); ``domain_source`` says how the domain was given:
    ``"pack"``, ``"file"`` or ``"text"``.
    """

    parseable: bool
    equivalent: bool | None
    reason: str | None
    message: str
    elapsed_ms: float
    domain: str = ""
    placeholder: bool = False
    typing: str = "strict"
    pack: str | None = None
    domain_source: str | None = None
    explanation: Explanation | None = field(default=None, compare=False)

    @property
    def exit_code(self) -> int:
        """CLI exit status: 0 equivalent, 1 not, 2 invalid input, 3 undecided."""
        if self.equivalent:
            return 0
        if self.equivalent is None:
            return 2 if self.reason in _INVALID else 3
        return 2 if not self.parseable else 1

    def to_dict(self) -> dict:
        d = asdict(self)
        d["exit_code"] = self.exit_code
        return d


_INVALID = {r.value for r in INPUT_REASONS} | {
    Reason.GROUND_TRUTH_INVALID.value,
    Reason.UNKNOWN_DOMAIN.value,
    Reason.DOMAIN_INVALID.value,
}


def equivalent(
    ground_truth: str | Any,
    candidate: str | Any,
    domain: DomainSpec | Any | None = None,
    *,
    placeholder: bool = False,
    typing: TypingMode = "strict",
    timeout: float | None = 10.0,
    explain: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    max_states: int = DEFAULT_MAX_STATES,
) -> Verdict:
    """Decide whether ``candidate`` PDDL means the same problem as ``ground_truth``.

    Args:
        ground_truth, candidate: problem text; the first ``(define (problem …))`` is used, so
            model output with prose or markdown fences is fine.
        domain: a pack name, a :class:`~.packs.DomainPack`, a path to a domain file, or the
            domain PDDL text (see :func:`~.packs.resolve_domain`); a domain no pack provides
            is judged with the generic fullySpecify. Problems and the domain may also be
            unified-planning / ``pddl`` objects (see :mod:`.interop`); None takes the domain
            of the problem that carries one.
        placeholder: treat goal objects as placeholders (init and goal matched separately).
        typing: ``"relaxed"`` ignores ``:typing`` misuse, as in the paper's relaxed score.
        timeout: seconds for the whole check; past it the verdict is undecided (``timeout``).
        explain: attach an :class:`Explanation` (fully specified goals and a diff).
    """
    t0 = time.perf_counter()
    common = {"placeholder": placeholder, "typing": typing}

    def done(parseable: bool, eq: bool | None, reason: Reason | None, msg: str, **kw) -> Verdict:
        ms = (time.perf_counter() - t0) * 1000
        rs = reason.value if reason is not None else None
        return Verdict(parseable, eq, rs, msg, round(ms, 3), **common, **kw)

    from .interop import pddl_inputs, unwrap  # toolkit objects in: the text route from here

    domain, (ground_truth, candidate) = pddl_inputs(domain, ground_truth, candidate)
    if isinstance(domain, PlanetariumError):
        msg = f"domain: {domain.message}"
        return done(False, None, domain.reason, msg, domain="<object>", domain_source="text")
    resolved = resolve_domain(domain)
    if resolved.pack is None:
        reason = resolved.reason or Reason.UNKNOWN_DOMAIN
        msg = f"domain: {resolved.message}"
        return done(False, None, reason, msg, domain=resolved.label, domain_source=resolved.source)
    pack = resolved.pack
    common.update(domain=pack.name, pack=resolved.pack_name, domain_source=resolved.source)
    try:
        cand = parse_problem(unwrap(candidate), pack.domain, typing=typing, limits=limits)
    except PlanetariumError as exc:
        return done(False, False, exc.reason, f"candidate: {exc.message}")
    except Exception as exc:  # the parser is our own; never let a bug lose a sample
        return done(False, False, Reason.PARSE_ERROR, f"candidate: {type(exc).__name__}: {exc}")
    try:
        gt = _parse_ground_truth(unwrap(ground_truth), pack, typing, limits)
    except PlanetariumError as exc:
        return done(True, None, Reason.GROUND_TRUTH_INVALID, f"ground truth: {exc.message}")
    except Exception as exc:  # never let a bug lose a sample
        msg = f"ground truth: {type(exc).__name__}: {exc}"
        return done(True, None, Reason.GROUND_TRUTH_INVALID, msg)
    try:
        outcome = compare_problems(
            gt,
            cand,
            pack,
            placeholder=placeholder,
            deadline=Deadline(timeout),
            explain=explain,
            max_states=max_states,
        )
    except PlanetariumError as exc:
        return done(True, None, exc.reason, exc.message)
    except Exception as exc:  # a defect of ours (or an arithmetic limit): a verdict, not a raise
        return done(True, None, Reason.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}")
    eq, reason, msg, explanation = outcome
    return done(True, eq, reason, msg, explanation=explanation)


_MEMO_MAX_CHARS = 100_000  # a problem of thousands of facts; 256 of them: tens of MB at most


@functools.lru_cache(maxsize=256)
def _parse_cached(text: str, pack: DomainPack, typing: TypingMode, limits: Limits) -> Problem:
    return parse_problem(text, pack.domain, typing=typing, limits=limits)


def _parse_ground_truth(text: Any, pack: DomainPack, typing: TypingMode, limits: Limits) -> Problem:
    """The ground truth parsed, memoised on its text: a batch scores many candidates against
    each ground truth (several samples per prompt, several models), and a parsed problem is
    immutable. Errors are not memoised; an unhashable pack or input, or a text over
    :data:`_MEMO_MAX_CHARS` (256 entries of it stay bounded), is parsed directly."""
    if isinstance(text, str) and len(text) <= _MEMO_MAX_CHARS:
        try:
            hash(pack)
        except TypeError:
            pass
        else:
            return _parse_cached(text, pack, typing, limits)
    return parse_problem(text, pack.domain, typing=typing, limits=limits)


def _structure(graph: SceneGraph, constants: Mapping[str, str]) -> Structure:
    """The graph for the isomorphism test, each domain constant coloured by its own name: the
    domain's actions name constants, so a mapping may rename the problem's objects but must fix
    every constant (``home`` and an object ``x`` of the same type are not interchangeable)."""
    if not constants:
        return graph.structure()
    colours = {o: ("constant", o) if o in constants else t for o, t in graph.objects.items()}
    return Structure.build(colours, graph.facts)


def _type_counts(p: Problem) -> Counter:
    return Counter(p.objects.values())


def compare_problems(
    gt: Problem,
    cand: Problem,
    pack: DomainPack,
    *,
    placeholder: bool = False,
    deadline: Deadline | None = None,
    explain: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
) -> tuple[bool, Reason | None, str, Explanation | None]:
    """Compare two parsed problems. Raises PlanetariumError on timeout or search bound."""
    deadline = deadline or Deadline(None)
    if _type_counts(gt) != _type_counts(cand):
        msg = _count_message(gt, cand)
        return False, Reason.OBJECT_COUNT, msg, build_explanation(gt, cand, pack, None, explain)

    def joined(p: Problem, goal: FullySpecifiedGoal | None) -> SceneGraph:
        g = goal or FullySpecifiedGoal(
            p.goal.positive, p.goal.negative, p.goal.numeric, "as-written"
        )
        return SceneGraph.of(
            p.objects,
            init=p.init,
            numeric_init=p.numeric_init,
            goal=g.positive,
            goal_negative=g.negative,
            goal_numeric=g.numeric,
        )

    # Fast path: the problems as written are already isomorphic.
    fixed = pack.domain.constants
    m = find_isomorphism(
        _structure(joined(cand, None), fixed), _structure(joined(gt, None), fixed), deadline
    )
    if m is not None:
        return True, None, "equivalent as written", build_explanation(gt, cand, pack, m, explain)

    init_c = SceneGraph.of(cand.objects, init=cand.init, numeric_init=cand.numeric_init)
    init_g = SceneGraph.of(gt.objects, init=gt.init, numeric_init=gt.numeric_init)
    init_map = find_isomorphism(_structure(init_c, fixed), _structure(init_g, fixed), deadline)
    if init_map is None:
        exp = build_explanation(gt, cand, pack, None, explain)
        return False, Reason.INIT_DIFFERS, "initial states are not isomorphic", exp

    negative = bool(gt.goal.negative or cand.goal.negative)
    fs_g = fully_specify_problem(
        gt,
        pack.domain,
        pack.fully_specify,
        negative=negative,
        max_states=max_states,
        deadline=deadline,
    )
    fs_c = _specify_on_gt_init(cand, gt, init_map, pack, negative, max_states, deadline)
    if placeholder:
        a = SceneGraph.of(
            cand.objects, goal=fs_c.positive, goal_negative=fs_c.negative, goal_numeric=fs_c.numeric
        )
        b = SceneGraph.of(
            gt.objects, goal=fs_g.positive, goal_negative=fs_g.negative, goal_numeric=fs_g.numeric
        )
    else:
        a, b = joined(cand, fs_c), joined(gt, fs_g)
    # The init mapping often carries over: try it first (verified, so exact either way).
    m = find_isomorphism(_structure(a, fixed), _structure(b, fixed), deadline, hint=init_map)
    exp = build_explanation(gt, cand, pack, m, explain, (fs_g, fs_c), init_map)
    if m is not None:
        return True, None, "equivalent after fully specifying the goals", exp
    mode = "goal scenes" if placeholder else "problem graphs"
    msg = f"fully specified {mode} are not isomorphic"
    # Definition 2 compares the sets of reachable goal states: an unreachable goal has none.
    reach_g = _reachable(gt, fs_g, pack, max_states, deadline)
    reach_c = _reachable(cand, fs_c, pack, max_states, deadline)
    if reach_g is False and reach_c is False:
        msg = "no goal state is reachable from the (isomorphic) init in either problem"
        return True, Reason.BOTH_GOALS_UNREACHABLE, msg, exp
    if reach_g is False and reach_c is True:
        msg += "; the ground truth's goal is unreachable from its init, the candidate's is not"
    elif reach_c is False and reach_g is True:
        msg += "; the candidate's goal is unreachable from its init, the ground truth's is not"
    elif False in (reach_g, reach_c):  # one unreachable, the other undecided: no verdict
        side = "ground truth's" if reach_g is False else "candidate's"
        other = "candidate's" if reach_g is False else "ground truth's"
        raise PlanetariumError(
            Reason.TIMEOUT if deadline.expired() else Reason.SEARCH_BOUND,
            f"the {side} goal is unreachable; could not decide whether the {other} is",
        )
    return False, Reason.GOAL_DIFFERS, msg, exp


def _specify_on_gt_init(
    cand: Problem,
    gt: Problem,
    init_map: Mapping[str, str],
    pack: DomainPack,
    negative: bool,
    max_states: int,
    deadline: Deadline,
) -> FullySpecifiedGoal:
    """The candidate's closure, computed in the ground truth's object names when no rules
    apply (issue 17): renamed through the init isomorphism, the candidate has the ground
    truth's very objects and init, so the generic path reuses its ground task (grounding,
    invariants) and the goal states and plans found for it, instead of grounding an
    isomorphic copy from scratch. Exact: a renaming of objects that keeps their types and
    fixes the domain's constants maps reachable states to reachable states, so the closure
    of the renamed problem, renamed back, is the candidate's own.
    """

    def direct() -> FullySpecifiedGoal:
        return fully_specify_problem(
            cand,
            pack.domain,
            pack.fully_specify,
            negative=negative,
            max_states=max_states,
            deadline=deadline,
        )

    domain = pack.domain
    if (
        pack.fully_specify is not None
        or domain.numeric
        or cand.numeric_init
        or cand.goal.numeric
        or not domain.text
        or not set(cand.objects).isdisjoint(domain.constants)
        or not set(gt.objects).isdisjoint(domain.constants)
    ):
        return direct()
    fwd = {o: init_map.get(o, o) for o in cand.objects}

    def atoms(xs, m: Mapping[str, str]) -> frozenset[Atom]:
        return frozenset(Atom(a.predicate, tuple(m.get(x, x) for x in a.args)) for a in xs)

    objects = {fwd[o]: t for o, t in cand.objects.items()}
    if objects != dict(gt.objects) or atoms(cand.init, fwd) != gt.init:
        return direct()  # not the ground truth's init in its names (cannot happen; be safe)
    goal = Goal(atoms(cand.goal.positive, fwd), atoms(cand.goal.negative, fwd))
    renamed = dataclasses.replace(cand, objects=objects, init=gt.init, goal=goal)
    fs = fully_specify_problem(
        renamed, domain, None, negative=negative, max_states=max_states, deadline=deadline
    )
    back = {v: k for k, v in fwd.items()}
    return dataclasses.replace(
        fs, positive=atoms(fs.positive, back), negative=atoms(fs.negative, back)
    )


def _reachable(
    p: Problem, fs: FullySpecifiedGoal, pack: DomainPack, max_states: int, deadline: Deadline
) -> bool | None:
    """Whether ``p``'s goal is reachable (None: undecided); the closure's flag when it has one."""
    if fs.reachable is not None:
        return fs.reachable
    return goal_reachable(p, pack.domain, max_states=max_states, deadline=deadline)


def _count_message(gt: Problem, cand: Problem) -> str:
    g, c = _type_counts(gt), _type_counts(cand)
    parts = [
        f"{t}: {c.get(t, 0)} vs {g.get(t, 0)}" for t in sorted(set(g) | set(c)) if g[t] != c[t]
    ]
    return "object counts differ (candidate vs ground truth) — " + ", ".join(parts)
