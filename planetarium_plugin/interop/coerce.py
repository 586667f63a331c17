"""The one normalising entry of the public functions: toolkit objects in, PDDL text out.

Every public function that takes PDDL text calls :func:`pddl_inputs` first, so a
unified-planning or ``pddl`` object follows exactly the text route from there on (the same
parser, checks and verdicts). A conversion that is refused comes back *in place of* the value
as a :class:`~planetarium_plugin.errors.PlanetariumError`, so that each function reports it
as it reports unreadable text (a verdict, a score, or its usual exception).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from typing import Any, Literal

from ..errors import PlanetariumError, Reason
from ..packs import DomainPack, default_registry, resolve_domain
from ..parsing import DEFAULT_LIMITS, Domain, Limits, parse_domain
from .detect import foreign_library, require, toolkit_kind
from .pddl_library import pddl_domain_text, pddl_problem_domain, pddl_problem_text
from .unified import up_domain_text, up_problem_text

__all__ = [
    "Role",
    "as_pddl_text",
    "carried_domain",
    "domain_text",
    "pddl_inputs",
    "plan_steps",
    "unwrap",
]

Role = Literal["problem", "domain"]


def unwrap(value: Any) -> Any:
    """``value``, or raise it when it is the refusal :func:`pddl_inputs` put in its place."""
    if isinstance(value, PlanetariumError):
        raise PlanetariumError(value.reason, value.message)
    return value


def _guarded(convert, *args) -> Any:
    try:
        return convert(*args)
    except PlanetariumError as exc:
        return exc
    except Exception as exc:  # a toolkit's own exception on a malformed object
        return PlanetariumError(
            Reason.UNSUPPORTED, f"cannot convert the object: {type(exc).__name__}: {exc}"
        )


def carried_domain(obj: Any) -> Any | None:
    """The domain an object carries: a unified-planning problem is its own domain; a ``pddl``
    problem built with a domain carries it. None for anything else."""
    kind = toolkit_kind(obj)
    if kind == "up-problem":
        return obj
    if kind == "pddl-problem":
        return pddl_problem_domain(obj)
    return None


def _up_domain_name(problem: Any) -> str:
    base = re.sub(r"[^a-z0-9_-]", "_", (problem.name or "up").lower())
    return f"{base if base[:1].isalpha() else 'up-' + base}-domain"


_DOMAIN_OF = re.compile(r"\(\s*:domain\s+([^\s()]+)\s*\)", re.IGNORECASE)


def _stated_domain_name(problems: tuple[Any, ...]) -> str | None:
    """The domain name a PDDL text or ``pddl`` problem among ``problems`` states: a
    unified-planning problem has no domain name, so the one it is compared with gives it."""
    for p in problems:
        if toolkit_kind(p) == "pddl-problem":
            name = getattr(p, "domain_name", None)
        elif isinstance(p, str) and "(define" in p.lower():
            m = _DOMAIN_OF.search(p)
            name = m.group(1) if m else None
        else:
            continue
        if name:
            return str(name).lower()
    return None


def domain_text(obj: Any, limits: Limits = DEFAULT_LIMITS) -> Any:
    """A toolkit object given as a domain, as domain PDDL text (never a pack name); anything
    else unchanged; a refusal in place of the value (see :func:`unwrap`)."""
    return _guarded(_domain_spec, obj, limits, False)


def _domain_spec(
    obj: Any, limits: Limits, registered: bool = True, name: str | None = None
) -> Any:
    kind = toolkit_kind(obj)
    if kind == "pddl-problem":
        obj = pddl_problem_domain(obj)
        if obj is None:
            raise PlanetariumError(
                Reason.UNKNOWN_DOMAIN,
                "a pddl Problem built without its Domain names only its domain: pass domain=",
            )
        kind = "pddl-domain"
    if kind == "pddl-domain":
        text = pddl_domain_text(obj)
        if not registered:
            return text
        return _registered(parse_domain(text, limits), by_name=True) or text
    if kind == "up-problem":
        require("unified_planning")
        text = up_domain_text(obj, name or _up_domain_name(obj), limits)
        return (_registered(parse_domain(text, limits)) if registered else None) or text
    lib = foreign_library(obj)
    if lib is not None:
        raise PlanetariumError(
            Reason.UNKNOWN_DOMAIN,
            f"a {lib} {type(obj).__name__} is not a domain: pass a "
            "unified_planning.model.Problem, a pddl.core.Domain, a pack name, a path or PDDL",
        )
    return obj


_FLIP = {">=": "<=", ">": "<"}


def _canonical(domain: Domain) -> Domain:
    """The same domain in one spelling: unified-planning keeps no domain name or requirements,
    writes ``(>= a b)`` as ``(<= b a)`` and drops a delete that the same action adds back
    (which PDDL's add-after-delete makes a no-op); the ``pddl`` library orders actions and
    conjunctions its own way (their order means nothing)."""
    actions = []
    for a in sorted(domain.actions, key=lambda a: a.name):
        pre_num = frozenset(
            (_FLIP[op], rhs, lhs) if op in _FLIP else (op, lhs, rhs) for op, lhs, rhs in a.pre_num
        )
        fields = ("pre_pos", "pre_neg", "pre_eq", "pre_neq", "add", "num_eff")
        sets = {f: frozenset(getattr(a, f)) for f in fields}
        delete = frozenset(x for x in a.delete if x not in a.add)
        actions.append(replace(a, pre_num=pre_num, delete=delete, **sets))
    return replace(domain, name="", requirements=frozenset(), actions=tuple(actions))


def _registered(domain: Domain, by_name: bool = False) -> str | None:
    """The registered pack whose domain this is (in :func:`_canonical` spelling; with the same
    name when ``by_name``), so that its rules and planner are used."""
    mine = _canonical(domain)
    for name, pack in default_registry().items():
        if by_name and pack.domain.name != domain.name:
            continue
        if _canonical(pack.domain) == mine:
            return name
    return None


def _problem_text(obj: Any, target: Domain | None, limits: Limits) -> Any:
    kind = toolkit_kind(obj)
    if kind == "pddl-problem":
        return pddl_problem_text(obj)
    if kind == "up-problem":
        require("unified_planning")
        name = target.name if target is not None else _up_domain_name(obj)
        return up_problem_text(obj, name, target, limits)
    if kind == "pddl-domain":
        raise PlanetariumError(Reason.PARSE_ERROR, "a pddl Domain was given where a problem goes")
    lib = foreign_library(obj)
    if lib is not None:
        raise PlanetariumError(
            Reason.PARSE_ERROR,
            f"a {lib} {type(obj).__name__} is not a problem: pass a "
            "unified_planning.model.Problem, a pddl.core.Problem or PDDL text",
        )
    return obj


def pddl_inputs(
    domain: Any, *problems: Any, limits: Limits = DEFAULT_LIMITS
) -> tuple[Any, tuple[Any, ...]]:
    """``domain`` and ``problems`` with toolkit objects replaced by PDDL text.

    ``domain`` None: the domain of the first problem that carries one (a unified-planning
    problem always does). Anything that is not a toolkit object comes back unchanged; a
    refused conversion comes back as the :class:`PlanetariumError` saying why (see
    :func:`unwrap`). A registered pack's domain is given back as the pack's name.
    """
    if (type(domain) is str or isinstance(domain, DomainPack)) and all(
        type(p) is str for p in problems
    ):
        return domain, problems  # text and packs: nothing to convert (the usual call)
    if domain is None:
        carrier = next((d for d in map(carried_domain, problems) if d is not None), None)
        if carrier is None:
            spec: Any = PlanetariumError(
                Reason.UNKNOWN_DOMAIN,
                "no domain given, and no problem carries one: pass domain= (a pack name, "
                "a path, PDDL text, or a unified_planning / pddl object)",
            )
        else:
            spec = _guarded(_domain_spec, carrier, limits, True, _stated_domain_name(problems))
    else:
        spec = _guarded(_domain_spec, domain, limits, True, _stated_domain_name(problems))
    target = None
    if any(toolkit_kind(p) == "up-problem" for p in problems) and not isinstance(
        spec, PlanetariumError
    ):
        resolved = resolve_domain(spec)
        target = resolved.pack.domain if resolved.pack is not None else None
    return spec, tuple(_guarded(_problem_text, p, target, limits) for p in problems)


def as_pddl_text(obj: Any, role: Role, *, domain: Any = None) -> Any:
    """PDDL text for a toolkit object in ``role``; text, paths and our own objects unchanged.

    A unified-planning problem as a ``"domain"`` is its domain (given back as the pack's name
    when it is a registered pack's domain, so that the pack's rules and planner are used; see
    :func:`domain_text` for the text itself); as a ``"problem"`` it is written for ``domain``
    (default: its own). Raises :class:`PlanetariumError` (reason
    ``unsupported`` naming the construct) for what PDDL text cannot say.
    """
    if isinstance(obj, str | os.PathLike) or obj is None:
        return obj
    if role == "domain":
        return unwrap(_guarded(_domain_spec, obj, DEFAULT_LIMITS))
    if role != "problem":
        raise ValueError(f"role must be 'problem' or 'domain', not {role!r}")
    _, (text,) = pddl_inputs(domain, obj)
    return unwrap(text)


def plan_steps(plan: Any) -> Any:
    """A unified-planning ``SequentialPlan`` as ``(action, (object, …))`` steps in PDDL's
    lower case; anything else unchanged (plan text, steps)."""
    cls = type(plan)
    if not cls.__module__.startswith("unified_planning."):
        return plan
    if cls.__name__ != "SequentialPlan":
        raise PlanetariumError(
            Reason.UNSUPPORTED, f"a {cls.__name__} is not a sequential plan (only those)"
        )
    steps = []
    for ai in plan.actions:
        args = []
        for p in ai.actual_parameters:
            if not p.is_object_exp():
                raise PlanetariumError(Reason.UNSUPPORTED, f"plan step {ai}: {p} is not an object")
            args.append(p.object().name.lower())
        steps.append((ai.action.name.lower(), tuple(args)))
    return steps
