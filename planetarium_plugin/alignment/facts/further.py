"""Init facts a clause states beside its best reading (issue 19): "balls 1 to 3 are in room 1
together with the robot" is read best as the robot's place, and also as each ball's.

The comparison (:func:`.explain._section`) counts such a further reading as stated where the
problem has it. Where the problem lacks it, the reading is too uncertain to be a missing fact
of its own, but it is still what the text says of that object: :func:`.implied.imply` passes
it to the invariants with the text's other facts, so a proven mutex alternative the problem
holds instead (ball 2 in room 2) is contradicted, at the reading's probability. Only where the
evidence says the clause was read right and the reading adds to it: beside a best reading the
problem has, on an object the best reading leaves out, one atom (no ambiguous mention), in a
clause of the init section.
"""

from __future__ import annotations

from collections.abc import Sequence

from .explain import SECONDARY, FactMatch
from .world import World

__all__ = ["further_readings"]


def _fmt(atom: tuple[str, ...]) -> str:
    return "(" + " ".join(atom) + ")"


def further_readings(world: World, grounded: Sequence) -> list[FactMatch]:
    """The further readings of the ``grounded`` clauses that the problem's init lacks, each at
    its probability times its mentions' weakest confidence."""
    out: list[FactMatch] = []
    for g in grounded:
        c = g.clause
        if (
            c.section != "init"
            or g.negated
            or not g.candidates
            or g.null_probability >= g.candidates[0].probability
        ):
            continue
        weight = min((m.confidence for s in c.slots for m in s), default=1.0)
        for _, per in g.facts():
            if not any(a in world.init for a in per[0][1]):
                continue  # the best reading is not the problem's: no sign the clause was read
            best = set(per[0][0].slots)
            for cand, atoms in per[1:]:
                if cand.probability < SECONDARY or not set(cand.slots) - best:
                    continue
                if len(atoms) == 1 and atoms[0] not in world.init:
                    conf = round(cand.probability * weight, 4)
                    out.append(FactMatch(_fmt(atoms[0]), c.text, c.start, c.end, conf))
    return out
