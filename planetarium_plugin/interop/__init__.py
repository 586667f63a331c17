"""Embedding in planning toolkits: unified-planning and ``pddl`` objects in, the same verdicts
out, and our results back as their objects.

In: every public function that takes PDDL text (``equivalent``, ``evaluate``,
``fully_specify``, ``solve``, ``validate``, ``evaluate_domain``, the rewards) also takes a
``unified_planning.model.Problem`` (its own domain when no domain is given) and
``pddl.core.Problem`` / ``pddl.core.Domain``: :func:`pddl_inputs` writes them as PDDL text
(:mod:`.unified`, :mod:`.pddl_library`) and the text route does the rest, so the verdicts are
those of the equivalent text. Out: :func:`to_unified_planning`, :func:`to_pddl_library`,
:func:`to_up_plan`; :func:`solve_unified_planning` goes there and back in one call.

Both libraries are optional and imported only when an object of theirs is converted; objects
are recognised by their class's module and name (:mod:`.detect`).

>>> as_pddl_text("(define (problem p) (:domain d) (:goal (and)))", "problem")[:19]
'(define (problem p)'
"""

from .coerce import (
    Role,
    as_pddl_text,
    carried_domain,
    domain_text,
    pddl_inputs,
    plan_steps,
    unwrap,
)
from .detect import ToolkitKind, require, toolkit_kind
from .route import (
    UPSolveResult,
    solve_unified_planning,
    to_pddl_library,
    to_unified_planning,
    to_up_plan,
)

__all__ = [
    "Role",
    "ToolkitKind",
    "UPSolveResult",
    "as_pddl_text",
    "carried_domain",
    "domain_text",
    "pddl_inputs",
    "plan_steps",
    "require",
    "solve_unified_planning",
    "to_pddl_library",
    "to_unified_planning",
    "to_up_plan",
    "toolkit_kind",
    "unwrap",
]
