"""Scene graphs: a problem's init and goal as labelled graphs over its objects (paper, Sec. 3.3).

Objects are nodes coloured by type. Each proposition is a node labelled by its scene and
predicate with one edge per argument, labelled by position. Numeric facts fit the same model:
the value (init) or the comparison and bound (goal) are part of the proposition's label, so
``(= (battery d1) 10)`` and ``(>= (battery d1) 5)`` are proposition nodes like any other.

>>> from planetarium_plugin.parsing import Atom
>>> g = SceneGraph.of({"a": "object"}, init=[Atom("clear", ("a",))])
>>> g.facts
((('init', 'clear'), ('a',)),)
>>> sorted(g.to_networkx().nodes)
['a', 'init:(clear a)']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .isomorphism import Fact, Structure
from .parsing import Atom, NumericCondition

if TYPE_CHECKING:
    import networkx

__all__ = ["SceneGraph"]


def _init_facts(atoms: Iterable[Atom], numeric: Mapping[Atom, Fraction]) -> list[Fact]:
    """Init facts; a numeric value is a label part, an integral one as an ``int`` (equal, same
    hash, but hashed in C: ``Fraction.__hash__`` is Python code, and it ran on every label each
    time a set was built from the facts — a tenth of a numeric problem's equivalence call)."""
    out: list[Fact] = [(("init", a.predicate), a.args) for a in atoms]
    out.extend(
        (("init=", f.predicate, v.numerator if v.denominator == 1 else v), f.args)
        for f, v in numeric.items()
    )
    return out


def _int_or(v: Fraction) -> Hashable:
    """An integral value as an ``int`` (see :func:`_init_facts`)."""
    return v.numerator if v.denominator == 1 else v


def _goal_facts(
    positive: Iterable[Atom], negative: Iterable[Atom], numeric: Iterable[NumericCondition]
) -> list[Fact]:
    out: list[Fact] = [(("goal", a.predicate), a.args) for a in positive]
    out.extend((("goal-not", a.predicate), a.args) for a in negative)
    out.extend(
        (("goal" + c.op, c.fluent.predicate, _int_or(c.value)), c.fluent.args) for c in numeric
    )
    return out


@dataclass(frozen=True, slots=True)
class SceneGraph:
    """Objects (name → type) and labelled facts; init, goal or joined problem graph."""

    objects: Mapping[str, str]
    facts: tuple[Fact, ...]

    @staticmethod
    def of(
        objects: Mapping[str, str],
        *,
        init: Iterable[Atom] = (),
        numeric_init: Mapping[Atom, Fraction] | None = None,
        goal: Iterable[Atom] = (),
        goal_negative: Iterable[Atom] = (),
        goal_numeric: Iterable[NumericCondition] = (),
    ) -> SceneGraph:
        """Build the graph of the given init and/or goal propositions over ``objects``."""
        facts = _init_facts(init, numeric_init or {})
        facts += _goal_facts(goal, goal_negative, goal_numeric)
        return SceneGraph(objects, tuple(facts))

    def structure(self) -> Structure:
        """The indexed form used by :func:`~.isomorphism.find_isomorphism`."""
        return Structure.build(self.objects, self.facts)

    def to_networkx(self) -> networkx.MultiDiGraph:
        """The paper's representation: object and proposition nodes, edges to arguments."""
        import networkx as nx

        g = nx.MultiDiGraph()
        for name, typ in self.objects.items():
            g.add_node(name, kind="object", type=typ)
        for label, args in self.facts:
            node = f"{label[0]}:({' '.join(map(str, (*label[1:], *args)))})"
            g.add_node(node, kind="proposition", label=label)
            for pos, arg in enumerate(args):
                g.add_edge(node, arg, position=pos, predicate=label[1], scene=label[0])
        return g


def relabel(facts: Iterable[Fact], mapping: Mapping[str, str]) -> set[Fact]:
    """Apply an object mapping to facts (used to diff two graphs under a bijection)."""
    return {(lab, tuple(mapping.get(a, a) for a in args)) for lab, args in facts}


def fact_str(fact: Fact) -> str:
    """Render a fact as PDDL-like text, e.g. ``(on b1 b2)`` or ``(>= (battery d1) 5)``."""
    label, args = fact
    kind = label[0]
    body = " ".join((str(label[1]), *args))
    if kind == "goal-not":
        return f"(not ({body}))"
    if kind == "init=":
        return f"(= ({body}) {_num(label[2])})"
    if kind.startswith("goal") and len(label) == 3:
        return f"({kind[4:]} ({body}) {_num(label[2])})"
    return f"({body})"


def _num(v: Hashable) -> str:
    if isinstance(v, Fraction):
        return str(v.numerator) if v.denominator == 1 else str(float(v))
    return str(v)
