"""Generic PDDL → controlled English, and text → parts, for embedding (the façade).

Sentence encoders read English, not s-expressions: ``(on b2 b1)`` becomes ``"b2 on b1."``.
The rendering is generic (predicate and object names only, hyphens as spaces), so it needs
no domain knowledge; it is tolerant (unbalanced or non-PDDL input still yields text) and
bounded (at most :data:`MAX_ATOMS` atoms per section) because model output is hostile.

By concept: reading untrusted PDDL in :mod:`.sexpr`, a request's parts in :mod:`.textparts`,
the goal's atoms and their word-for-word match in :mod:`.goal_lexical`; rendering problems
and actions here. Every name stays importable from here.

>>> r = render_problem("(define (problem p) (:domain d) (:objects a b) "
...                    "(:init (arm-empty) (on-table a) (on b a)) (:goal (and (on a b))))")
>>> r.init
('arm empty.', 'a is on table.', 'b on a.')
>>> r.goal
('a on b.',)
>>> split_text("b1 is on the table. Your goal is to have the following: b1 should be clear.")
('b1 is on the table.', 'to have the following: b1 should be clear.')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .goal_lexical import NUMBERS, GoalAtoms, abbreviates, goal_atoms, lexical_match, summarize_goal
from .goal_lexical import _count_match as _count_match
from .sexpr import _COMPARE as _COMPARE
from .sexpr import _CONNECTIVES as _CONNECTIVES
from .sexpr import MAX_ATOMS, MAX_CHARS, SExpr, _bounded, _find, _parse, _words, clean_text
from .sexpr import _unparse as _unparse
from .textparts import sentences, split_text

__all__ = [
    "MAX_ATOMS",
    "MAX_CHARS",
    "NUMBERS",
    "GoalAtoms",
    "RenderedProblem",
    "SExpr",
    "abbreviates",
    "action_fields",
    "action_schemas",
    "clean_text",
    "goal_atoms",
    "lexical_match",
    "render_action",
    "render_problem",
    "sentences",
    "split_text",
    "summarize_goal",
]


def _term(x: SExpr) -> str:
    if isinstance(x, str):
        return _words(x)
    if not x:
        return ""
    head, *args = x
    if isinstance(head, str) and args:
        return f"{_words(head)} of {' and '.join(_term(a) for a in args)}"
    return " ".join(_term(a) for a in x)


def _atoms(x: SExpr, negated: bool = False) -> Iterator[str]:
    """Sentences for a formula: one per atom; connectives become words."""
    if isinstance(x, str) or not x:
        return
    head, *args = x
    if not isinstance(head, str):
        for a in x:
            yield from _atoms(a, negated)
        return
    if head == "and":
        for a in args:
            yield from _atoms(a, negated)
    elif head == "not" and args:
        yield from _atoms(args[0], not negated)
    elif head in ("or", "imply"):
        parts = [s.rstrip(".") for a in args for s in _atoms(a, negated)]
        if parts:
            yield f" {head} ".join(parts) + "."
    elif head in ("forall", "exists") and args:
        var = " ".join(_term(v) for v in args[0]) if isinstance(args[0], list) else ""
        for s in (s for a in args[1:] for s in _atoms(a, negated)):
            yield f"{'for all' if head == 'forall' else 'for some'} {var}: {s}"
    elif head == "when" and len(args) == 2:
        cond = " and ".join(s.rstrip(".") for s in _atoms(args[0]))
        for s in _atoms(args[1], negated):
            yield f"when {cond}: {s}"
    elif head in _COMPARE and len(args) == 2:
        neg = "not " if negated else ""
        yield f"{neg}{_term(args[0])} {_COMPARE[head]} {_term(args[1])}."
    elif head in ("increase", "decrease", "assign", "scale-up", "scale-down") and len(args) == 2:
        yield f"{_words(head)} {_term(args[0])} by {_term(args[1])}."
    else:
        names = [_term(a) for a in args]
        pred = _words(head)
        neg = "not " if negated else ""
        if not names:
            yield f"{neg}{pred}."
        elif len(names) == 1:
            yield f"{names[0]} is {neg}{pred}."
        elif len(names) == 2:
            yield f"{names[0]} {neg}{pred} {names[1]}."
        else:
            yield f"{neg}{pred} {' '.join(names)}."


@dataclass(frozen=True, slots=True)
class RenderedProblem:
    """A problem as sentences: its objects, initial state and goal."""

    objects: tuple[str, ...]
    init: tuple[str, ...]
    goal: tuple[str, ...]


def render_problem(pddl: str | bytes | None) -> RenderedProblem:
    """Render a (possibly broken) problem; missing sections are empty."""
    tree = _parse(clean_text(pddl))
    objs = _find(tree, ":objects")
    init = _find(tree, ":init")
    goal = _find(tree, ":goal")
    objects = tuple(o for o in (objs or [])[1:] if isinstance(o, str) and o != "-")
    return RenderedProblem(
        objects[:MAX_ATOMS],
        _bounded(a for f in (init or [])[1:] for a in _atoms(f)),
        _bounded(a for f in (goal or [])[1:] for a in _atoms(f)),
    )


def action_fields(schema: str | bytes | None) -> tuple[str, dict[str, SExpr]]:
    """The name of an ``(:action …)`` (or the first action in the text) and its keyword
    fields (``:parameters``, ``:precondition``, ``:effect`` …); tolerant, never raises.

    >>> action_fields("(:action a :parameters (?x) :effect (p ?x))")
    ('a', {':action': 'a', ':parameters': ['?x'], ':effect': ['p', '?x']})
    """
    tree = _parse(clean_text(schema))
    act = _find(tree, ":action") or _find(tree, ":durative-action") or tree
    name = act[1] if len(act) > 1 and isinstance(act[1], str) else ""
    fields: dict[str, SExpr] = {}
    for i, x in enumerate(act[:-1]):
        if isinstance(x, str) and x.startswith(":"):
            fields[x] = act[i + 1]
    return name, fields


def render_action(schema: str | bytes | None) -> str:
    """An ``(:action …)`` schema as one paragraph: name, parameters, precondition, effect.

    >>> render_action("(:action pick-up :parameters (?x) :precondition (and (clear ?x) "
    ...               "(arm-empty)) :effect (and (holding ?x) (not (clear ?x))))")
    'pick up with x. Requires: x is clear. arm empty. Effects: x is holding. x is not clear.'
    """
    name, fields = action_fields(schema)
    params = fields.get(":parameters", [])
    names = [_words(p.lstrip("?")) for p in params if isinstance(p, str) and p.startswith("?")]
    parts = [f"{_words(name)}{' with ' + ', '.join(names) if names else ''}."]
    for key, title in ((":precondition", "Requires"), (":effect", "Effects")):
        body = fields.get(key)
        if isinstance(body, list):
            text = " ".join(s.replace("?", "") for s in _bounded(_atoms(body)))
            if text:
                parts.append(f"{title}: {text}")
    return " ".join(parts)


def action_schemas(domain_pddl: str | bytes | None) -> dict[str, str]:
    """Each ``(:action …)`` of a domain as text, by action name (lower case).

    >>> action_schemas("(define (domain d) (:action a :parameters (?x) :effect (p ?x)))")
    {'a': '(:action a :parameters (?x) :effect (p ?x))'}
    """
    out: dict[str, str] = {}
    for top in _parse(clean_text(domain_pddl)):
        if not isinstance(top, list):
            continue
        for x in top:
            if isinstance(x, list) and len(x) > 1 and x[0] == ":action" and isinstance(x[1], str):
                out[x[1]] = _unparse(x)
    return out
