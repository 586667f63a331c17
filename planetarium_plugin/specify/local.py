"""Proofs from a part of the goal: regression from the goal literals that share objects with a fact.

A fact of the fully specified goal is often forced by a few goal atoms about the same objects
(depots: crate0 on crate2 and crate2 on pallet1 put crate0 where pallet1 is). A complete
regression from the *whole* goal with the fact negated must also exhaust every way to achieve
the unrelated goal atoms (another crate on another pallet, the hoists and trucks that move it)
before it can say "unsolvable". Dropping goal literals only adds goal states, so a regression
from a part of the goal that is exhausted is a proof for the whole goal; one that reaches the
init proves nothing and is ignored. The parts tried, smallest first: one goal literal that
names one of the fact's objects, two in a chain (the second names an object of the first or of
the fact); then parts grown by object sharing (the literals that name one of its objects, then
those that name one of theirs, and so on) and the largest such part less one literal each.

These regressions use the task's invariants, the pairwise mutexes included
(:meth:`.task.GroundTask.add_pair_mutexes`), so they are tried once those are in place.
"""

from __future__ import annotations

from ..errors import Deadline
from ..parsing import Atom
from .task import GroundTask, State

__all__ = ["paired_proof", "parts", "proved_by_part"]

#: Partial states of each small regression (the exact fullySpecify's quick budget).
QUICK = 60

#: Parts tried per fact (each a regression of at most the quick budget).
MAX_PARTS = 32
#: The largest connected part of a goal whose one-literal-less parts are tried.
MAX_DROPS = 8


def parts(goal: list[tuple[Atom, bool]], f: Atom) -> list[list[tuple[Atom, bool]]]:
    """The growing parts of ``goal`` (literal, positive) connected to ``f`` through shared
    objects, smallest first, each a proper part of the goal (the whole goal is not repeated).

    >>> A = lambda *a: Atom(a[0], tuple(a[1:]))
    >>> g = [(A("on", "c0", "c2"), True), (A("on", "c2", "p1"), True), (A("on", "c1", "p3"), True)]
    >>> [[str(x) for x, _ in p] for p in parts(g, A("at", "c0", "d1"))]
    [['(on c0 c2)'], ['(on c0 c2)', '(on c2 p1)'], ['(on c2 p1)']]
    """
    out: list[list[tuple[Atom, bool]]] = []
    # First one literal about f's objects, then two in a chain (crate0 on crate1, crate1 at
    # depot0): small parts exhaust within a small budget where larger ones branch.
    first = [lit for lit in goal if set(f.args).intersection(lit[0].args)]
    out += [[lit] for lit in first]
    for a in first:
        for b in goal:
            if b != a and set(a[0].args + f.args).intersection(b[0].args):
                pair = sorted([a, b], key=lambda t: str(t[0]))
                if pair not in out:
                    out.append(pair)
    objects = set(f.args)
    left = list(goal)
    part: list[tuple[Atom, bool]] = []
    while True:
        near = [lit for lit in left if objects.intersection(lit[0].args)]
        if not near:
            break
        part = part + near
        left = [lit for lit in left if lit not in near]
        if not left:
            break
        out.append(part)
        for x, _ in near:
            objects.update(x.args)
    # Then the largest part less one literal each (a crate stacked on the one asked about
    # says nothing about where that one stands, yet names it).
    if 1 < len(part) <= MAX_DROPS:
        for lit in part:
            smaller = [x for x in part if x != lit]
            if smaller not in out:
                out.append(smaller)
    unique = {tuple(sorted(p, key=lambda t: str(t[0]))): p for p in reversed(out)}
    kept = sorted(unique.values(), key=out.index)
    return [p for p in kept if len(p) < len(goal)][:MAX_PARTS]


def proved_by_part(
    task: GroundTask,
    gpos: State,
    gneg: State,
    f: Atom,
    want: bool,
    budget: int,
    deadline: Deadline,
) -> bool:
    """True if some part of the goal (:func:`parts`) with ``f`` added (``want``) or negated is
    proved unreachable by a regression of at most ``budget`` partial states: then ``f`` holds
    in no goal state (``want``) or in every one."""
    goal = sorted([(x, True) for x in gpos] + [(x, False) for x in gneg], key=lambda t: str(t[0]))
    for part in parts(goal, f):
        pos = {x for x, positive in part if positive}
        neg = {x for x, positive in part if not positive}
        (pos if want else neg).add(f)
        verdict, _ = task.regress(frozenset(pos), frozenset(neg), budget, deadline)
        if verdict == "unsolvable":
            return True
    return False


def paired_proof(
    task: GroundTask, gpos: State, gneg: State, f: Atom, want: bool, deadline: Deadline,
    budget: int = QUICK,
) -> bool:
    """Whether ``f`` is proved in no goal state (``want``) or in every one by small regressions
    pruned by the pairwise mutexes (computed on the first call: only facts that resisted every
    cheaper proof and refutation pay for them): from the whole goal if they were just added,
    then from the parts of the goal about ``f``'s objects (:func:`parts`). ``gpos`` may include
    facts already proved in every goal state: the goal states are the same, the proofs shorter
    (crate2 on crate0, proved at depot0, is at depot0); the static ones are left out."""
    gpos = gpos - task.always
    if task.add_pair_mutexes(deadline):
        pos, neg = (gpos | {f}, gneg) if want else (gpos, gneg | {f})
        if task.regress(pos, neg, budget, deadline)[0] == "unsolvable":
            return True
    return proved_by_part(task, gpos, gneg, f, want, budget, deadline)
