"""Isomorphism of scene graphs by colour refinement and individualisation.

A scene graph here is a *relational structure*: object nodes with a colour (their type) and
labelled proposition nodes with ordered edges to their arguments (see :mod:`.scene_graph`).
Plain VF2 on these graphs blows up on symmetric problems (25 interchangeable balls in 8 rooms
has ~10^30 candidate bijections). Instead we

1. refine the colours of both graphs jointly (1-dimensional Weisfeiler–Leman on the
   hypergraph: a proposition's colour is its label plus its arguments' colours in order, an
   object's colour is its old colour plus the multiset of (proposition colour, position) it
   takes part in) and stop at once when the colour histograms differ;
2. try the cheapest bijection consistent with the stable colouring and verify it;
3. otherwise individualise one object of the smallest non-trivial colour class against each
   candidate in the other graph, refine again and recurse (depth-first, first success wins).

Within interchangeable classes the first candidate always succeeds, so symmetric problems are
decided on a single path. Every loop checks a :class:`~.errors.Deadline`.

>>> a = Structure.build({"x": "t", "y": "t"}, [(("on",), ("x", "y"))])
>>> b = Structure.build({"p": "t", "q": "t"}, [(("on",), ("q", "p"))])
>>> find_isomorphism(a, b)
{'x': 'q', 'y': 'p'}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from .errors import Deadline

__all__ = ["Structure", "find_isomorphism", "is_isomorphic"]

Fact = tuple[Hashable, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Structure:
    """Objects with colours and labelled facts over them, indexed for refinement."""

    names: tuple[str, ...]
    colours: tuple[Hashable, ...]
    facts: tuple[Fact, ...]

    @staticmethod
    def build(objects: Mapping[str, Hashable], facts: Iterable[Fact]) -> Structure:
        names = tuple(objects)
        return Structure(names, tuple(objects[n] for n in names), tuple(facts))


class _Indexed:
    __slots__ = ("n", "col", "facts", "inc", "names", "factset")

    def __init__(self, s: Structure, labels: dict, colours: dict) -> None:
        index = {name: i for i, name in enumerate(s.names)}
        self.names = s.names
        self.n = len(s.names)
        self.col = [colours.setdefault(c, len(colours)) for c in s.colours]
        self.facts = [
            (labels.setdefault(lab, len(labels)), tuple(index[a] for a in args))
            for lab, args in s.facts
        ]
        inc: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for fi, (_, args) in enumerate(self.facts):
            for pos, o in enumerate(args):
                inc[o].append((fi, pos))
        self.inc = inc
        self.factset = frozenset(self.facts)


def _round(g: _Indexed, col: list[int], fint: dict, oint: dict) -> list[int]:
    fcol = [
        fint.setdefault((lab, tuple([col[o] for o in args])), len(fint)) for lab, args in g.facts
    ]
    out = []
    for o in range(g.n):
        sig = sorted([(fcol[fi] << 6) | pos for fi, pos in g.inc[o]])
        out.append(oint.setdefault((col[o], tuple(sig)), len(oint)))
    return out


def _refine(
    a: _Indexed, b: _Indexed, ca: list[int], cb: list[int], deadline: Deadline
) -> tuple[list[int], list[int]] | None:
    """Refine both colourings to a common stable partition; None if they diverge."""
    classes = len(set(ca))
    while True:
        deadline.check()
        fint: dict = {}
        oint: dict = {}
        na = _round(a, ca, fint, oint)
        nb = _round(b, cb, fint, oint)
        if sorted(na) != sorted(nb):
            return None
        new_classes = len(set(na))
        ca, cb = na, nb
        if new_classes == classes:
            return ca, cb
        classes = new_classes


def _greedy(a: _Indexed, b: _Indexed, ca: list[int], cb: list[int]) -> list[int] | None:
    """Pair objects class by class in index order and verify the bijection."""
    order_a = sorted(range(a.n), key=ca.__getitem__)
    order_b = sorted(range(b.n), key=cb.__getitem__)
    m = [0] * a.n
    for x, y in zip(order_a, order_b, strict=True):
        m[x] = y
    factset = b.factset
    for lab, args in a.facts:
        if (lab, tuple([m[o] for o in args])) not in factset:
            return None
    return m


def _verify(a: Structure, b: Structure, m: Mapping[str, str], identity: bool = False) -> bool:
    """Whether ``m`` is a colour-preserving bijection mapping ``a``'s facts onto ``b``'s
    (``identity``: ``m`` maps every name to itself, so the facts map to themselves)."""
    cb = dict(zip(b.names, b.colours, strict=True))
    if len(m) != len(a.names) or len(set(m.values())) != len(cb):
        return False
    for name, colour in zip(a.names, a.colours, strict=True):
        target = m.get(name)
        if target not in cb or cb[target] != colour:
            return False
    if identity:
        mapped = set(a.facts)
    else:
        get = m.__getitem__
        mapped = {(lab, tuple(map(get, args))) for lab, args in a.facts}
    return len(mapped) == len(a.facts) == len(b.facts) and mapped == set(b.facts)


def find_isomorphism(
    a: Structure,
    b: Structure,
    deadline: Deadline | None = None,
    hint: Mapping[str, str] | None = None,
) -> dict[str, str] | None:
    """Return a colour- and label-preserving bijection of objects from ``a`` to ``b``, or None.

    Before any refinement, ``hint`` (e.g. the mapping that matched the initial scenes) and, when
    both structures name the same objects, the names as written are tried: a verified bijection
    is a proof, and candidates that keep the ground truth's object names or its init are common.
    Raises :class:`~.errors.PlanetariumError` with reason ``timeout`` when ``deadline`` expires.
    """
    deadline = deadline or Deadline(None)
    deadline.check()  # past the deadline nothing is decided, however cheap the proof
    if len(a.names) != len(b.names) or len(a.facts) != len(b.facts):
        return None
    if hint is not None and _verify(a, b, hint):
        return dict(hint)
    same_names = dict(zip(a.names, a.names, strict=True))
    if (
        hint != same_names
        and same_names.keys() == set(b.names)
        and _verify(a, b, same_names, identity=True)
    ):
        return same_names
    labels: dict = {}
    colours: dict = {}
    ia, ib = _Indexed(a, labels, colours), _Indexed(b, labels, colours)
    if sorted(ia.col) != sorted(ib.col) or sorted(f[0] for f in ia.facts) != sorted(
        f[0] for f in ib.facts
    ):
        return None
    if len(ia.factset) != len(ia.facts) or len(ib.factset) != len(ib.facts):
        raise ValueError("duplicate facts in a structure")
    start = _refine(ia, ib, ia.col, ib.col, deadline)
    if start is None:
        return None
    # Depth-first search over individualisations; each frame holds the untried candidates.
    stack: list[tuple[list[int], list[int], int, list[int]]] = []
    node: tuple[list[int], list[int]] | None = start
    while True:
        deadline.check()
        if node is not None:
            ca, cb = node
            m = _greedy(ia, ib, ca, cb)
            if m is not None:
                return {ia.names[x]: ib.names[m[x]] for x in range(ia.n)}
            sizes: dict[int, int] = {}
            for c in ca:
                sizes[c] = sizes.get(c, 0) + 1
            open_cells = [(s, c) for c, s in sizes.items() if s > 1]
            if open_cells:  # a discrete colouring that failed verification is a dead end
                cell = min(open_cells)[1]
                v = ca.index(cell)
                stack.append((ca, cb, v, [w for w in range(ib.n) if cb[w] == cell]))
        if not stack:
            return None
        ca, cb, v, cands = stack[-1]
        if not cands:
            stack.pop()
            node = None
            continue
        w = cands.pop(0)
        fresh = max(ca) + 1
        ca2, cb2 = list(ca), list(cb)
        ca2[v] = fresh
        cb2[w] = fresh
        node = _refine(ia, ib, ca2, cb2, deadline)


def is_isomorphic(a: Structure, b: Structure, deadline: Deadline | None = None) -> bool:
    """True when :func:`find_isomorphism` finds a bijection."""
    return find_isomorphism(a, b, deadline) is not None
