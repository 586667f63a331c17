"""Terms of lifted atoms under unification: the lifted invariant proof's (:mod:`.invariants`)
questions whether one grounding can make two atoms or two group instances the same.

>>> _unify(("?a", "c"), ("?b", "?b"))
{'?a': 'c', '?b': 'c'}
>>> _unify(("c", "?a"), ("d", "?a")) is None
True
"""

from __future__ import annotations

from ..parsing import Atom

__all__: list[str] = []


def _is_var(x: str) -> bool:
    return x.startswith("?")


def _unify(t1: tuple, t2: tuple) -> dict[str, str] | None:
    """The most general unifier of two tuples of terms (``?``-variables, constants), as a map
    from each variable to its class's representative (a constant where the class has one);
    None when no grounding makes them equal."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for x, y in zip(t1, t2, strict=True):
        rx, ry = find(x), find(y)
        if rx == ry:
            continue
        if not _is_var(rx) and not _is_var(ry):
            return None  # two different constants
        if _is_var(rx):
            parent[rx] = ry
        else:
            parent[ry] = rx
    return {x: find(x) for x in (*t1, *t2) if _is_var(x)}


def _subst(terms: tuple, mu: dict[str, str]) -> tuple:
    return tuple(mu.get(x, x) for x in terms)


def _needs_two(required: list[tuple[Atom, tuple]], theta: tuple, mu: dict[str, str]) -> bool:
    """Whether, under ``mu``, the action requires two members of group ``theta`` that differ in
    every grounding (another predicate, or two different constants at one position)."""
    found: list[Atom] = []
    for a, t in required:
        if _subst(t, mu) != theta:
            continue
        a = Atom(a.predicate, _subst(a.args, mu))
        for b in found:
            if a.predicate != b.predicate or len(a.args) != len(b.args) or any(
                x != y and not _is_var(x) and not _is_var(y)
                for x, y in zip(a.args, b.args, strict=True)
            ):
                return True
        found.append(a)
    return False
