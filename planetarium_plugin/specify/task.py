"""The ground task the exact fullySpecify works on: relevant actions, invariants, regression.

:class:`GroundTask` grounds a problem once (actions relaxed-reachable from the init, atoms that
can hold, init atoms nothing deletes, verified mutex groups, achiever indexes) and answers the
questions every proof asks: successors of a state, the closure of a partial state under the
invariants, and complete regression from a partial goal.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

from ..errors import Deadline
from ..parsing import Atom, Domain, Problem
from .grounding import GroundAction, relaxed_reachable
from .landmarks import needs_one_of
from .memo import grounded
from .pairs import pair_groups
from .propagation import close_counted
from .regression import regress
from .reuse import (
    RelaxedTables,
    bit_rows,
    closes_table,
    indexed_groups,
    kept_with_rows,
    reach_kept,
)

__all__ = ["GroundTask", "RelaxedTables", "State", "relaxed_reachable"]

State = frozenset[Atom]

#: Reachable goal states a ground task keeps for later goals over the same init.
WITNESSES = 64
#: Plans from the init a ground task keeps (stripped per goal: :func:`.forward.essential`).
PLANS = 4
#: The largest task whose pairwise mutexes are computed: atoms, actions (depots, 3 crates).
PAIR_ATOMS = 400
PAIR_ACTIONS = 12_000
#: Rows of at least this many actions get their relaxed tables (:meth:`GroundTask.
#: relaxed_tables`, the adders per atom) when they are built: on a large grounding nearly
#: every closure explores (the goal agenda, refutations, landmarks), so the one-time build
#: (~7 ms on the 44-block towers' 3,872 actions) lands on the call that grounds instead of on
#: whichever later call happens to explore first (a tower goal whose agenda ran on direct
#: steps alone explores nothing: the next init's first climb then paid for it).
EAGER_RELAXED = 2_000


#: The set bits of each byte value, for :meth:`GroundTask.decode`.
_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


class GroundTask:
    """The relevant part of a ground task: reachable actions, atoms, invariants, indexes."""

    def __init__(self, problem: Problem, domain: Domain, deadline: Deadline) -> None:
        self.init: State = problem.init
        # Relaxed reachability, the verified mutex groups, and reachability again without the
        # actions the groups rule out (:func:`.reuse.reach_kept`).
        grounding = grounded(problem, domain, deadline)
        reached, actions, groups, pruned = reach_kept(self.init, grounding, domain, deadline)
        # The groups (cut to the atoms still reached) and their index by atom, kept per groups
        # and atoms (:func:`.reuse.indexed_groups`), shared read only.
        groups, self.group_of = indexed_groups(groups, reached if pruned else None)
        self.reached, self.actions = reached, actions
        # The atom numbering and the bit-set rows of the forward searches (:class:`.reuse.
        # BitRows`: a state is an int, bit i for atom i, bit ``len(atoms)`` for every atom
        # that is never true), shared by the tasks of one grounding that reach the same.
        rows = self._rows = bit_rows(actions, reached, self.init)
        self.always, self.deleted = rows.always, rows.deleted
        self.atoms: tuple[Atom, ...] = rows.atoms
        self.index: dict[Atom, int] = rows.index
        self.never = rows.never
        self._bit: dict[Atom, int] = rows.bit
        self.acts = self.actions
        self.pre_count, self.no_pre = rows.pre_count, rows.no_pre  # read only
        self.dynamic = rows.dynamic
        self.by_bit, self.free_rows, self.keyed = rows.by_bit, rows.free_rows, rows.keyed
        self._witnesses: list[int] = []
        self._plans: list[tuple[GroundAction, ...]] = []
        self.groups = groups
        self._paired = False
        # The closes of single atoms and each atom's fellow members, shared by the tasks with
        # these rows and these groups (:func:`.reuse.closes_table`: they depend on nothing else).
        self._false: dict[tuple[Atom, int], State]
        self._mutex: dict[Atom, tuple[State, frozenset[int]]]
        self._false, self._mutex = closes_table(self)
        self._init_release: tuple[list[int], list[int], list[int]] | None = None
        self._adder_counts: tuple[list[int], frozenset[int]] | None = None  # .landmarks
        self._mutex_n = len(groups)
        if len(actions) >= EAGER_RELAXED:
            self.relaxed_adders()  # (and the relaxed tables it is made from; kept with the rows)

    def false_with(self, x: Atom) -> State:
        """The atoms false whenever ``x`` holds (:meth:`close`), kept while the groups last."""
        key = (x, len(self.groups))
        if key not in self._false:
            closed = close_counted(self, (x,), ())  # the same as close(), counted
            self._false[key] = closed[1] if closed is not None else frozenset()
        return self._false[key]

    def add_pair_mutexes(self, deadline: Deadline) -> bool:
        """Add the h^2 mutex pairs no verified group covers as two-atom groups, once per task
        and only below :data:`PAIR_ATOMS`/:data:`PAIR_ACTIONS` (:func:`.pairs.pair_groups`);
        True if this call added any. Called only for facts that resisted every cheaper proof."""
        if self._paired:
            return False
        self._paired = True
        if len(self.atoms) > PAIR_ATOMS or len(self.actions) > PAIR_ACTIONS:
            return False
        new = pair_groups(self.atoms, self.init, self.actions, self.always, self.group_of, deadline)
        if new:  # the index is shared with the tasks of the same groups: this task's own copy
            self.group_of = {x: list(gs) for x, gs in self.group_of.items()}
            self._false, self._mutex = {}, {}  # (so are the closes: its own from now on)
        for i, g in enumerate(new, len(self.groups)):
            for x in g.atoms:
                self.group_of.setdefault(x, []).append(i)
        self.groups = [*self.groups, *new]
        return bool(new)

    # -- indexes built on first use, kept with the rows (most closures need only the rows) --

    @kept_with_rows
    def adders(self) -> dict[Atom, list[GroundAction]]:
        out: dict[Atom, list[GroundAction]] = {}
        for a in self.actions:
            for x in a.add:
                out.setdefault(x, []).append(a)
        return out

    @kept_with_rows
    def deleters(self) -> dict[Atom, list[GroundAction]]:
        out: dict[Atom, list[GroundAction]] = {}
        for a in self.actions:
            for x in a.delete - a.add:
                out.setdefault(x, []).append(a)
        return out

    @kept_with_rows
    def adder_idx(self) -> dict[Atom, list[int]]:
        out: dict[Atom, list[int]] = {}
        for i, a in enumerate(self.actions):
            for x in a.add:
                out.setdefault(x, []).append(i)
        return out

    @kept_with_rows
    def deleter_idx(self) -> dict[Atom, list[int]]:
        out: dict[Atom, list[int]] = {}
        for i, a in enumerate(self.actions):
            for x in a.delete - a.add:
                out.setdefault(x, []).append(i)
        return out

    @kept_with_rows
    def waiting_idx(self) -> dict[Atom, list[int]]:
        out: dict[Atom, list[int]] = {}
        for i, a in enumerate(self.actions):
            for x in a.pre_pos:
                out.setdefault(x, []).append(i)
        return out

    @kept_with_rows
    def by_pre(self) -> dict[Atom | None, list[GroundAction]]:
        out: dict[Atom | None, list[GroundAction]] = {}
        index = self.index
        for a in self.actions:
            key = min(a.pre_pos, key=index.__getitem__) if a.pre_pos else None
            out.setdefault(key, []).append(a)
        return out

    @kept_with_rows
    def row_of(self) -> dict[int, tuple[int, int, int, int, int]]:
        rows = (*self.free_rows, *(x for rs in self.by_bit for x in rs))
        return {id(self.actions[r[4]]): r for r in rows}

    # -- forward ---------------------------------------------------------------------------

    def applicable(self, s: State) -> Iterable[GroundAction]:
        for key in (None, *s):
            for a in self.by_pre.get(key, ()):
                if a.pre_pos <= s and not (a.pre_neg & s):
                    yield a

    def successors(self, s: State) -> Iterable[State]:
        for a in self.applicable(s):
            yield (s - a.delete) | a.add

    def relaxed_tables(self) -> RelaxedTables:
        """Actions over atom numbers (:attr:`index`) for relaxed explorations, built once."""
        kept = self._rows.relaxed
        if not kept:  # a race only builds the same tables twice
            number = self.index.__getitem__
            pre = tuple(tuple(map(number, a.pre_pos)) for a in self.actions)
            add = tuple(tuple(map(number, a.add)) for a in self.actions)
            waiting: list[list[int]] = [[] for _ in self.atoms]
            for i, xs in enumerate(pre):
                for x in xs:
                    waiting[x].append(i)
            kept[:] = [RelaxedTables(pre, add, tuple(map(tuple, waiting)))]
        return kept[0]

    def relaxed_adders(self) -> tuple[tuple[int, ...], ...]:
        """Per atom number, the actions (numbers, ascending) adding it: kept with the relaxed
        tables (:func:`.relaxed.heuristic` costs only the goal's adders in its last layer)."""
        kept = self._rows.relaxed
        if len(kept) < 2:
            _, add, _ = self.relaxed_tables()
            adding: list[list[int]] = [[] for _ in self.atoms]
            for i, xs in enumerate(add):
                for x in xs:
                    adding[x].append(i)
            kept[1:] = [tuple(map(tuple, adding))]
        return kept[1]

    # -- bit sets ----------------------------------------------------------------------------

    def encode(self, atoms: Iterable[Atom]) -> int:
        """The bit set of ``atoms`` (an atom that can never hold sets the never-true bit)."""
        bit, never, out = self._bit.get, self.never, 0
        for x in atoms:
            out |= bit(x, never)
        return out

    def decode(self, bits: int) -> State:
        """The atoms of a bit set (the never-true bit ignored), a byte at a time."""
        atoms, table = self.atoms, _BYTE_BITS
        raw = (bits & (self.never - 1)).to_bytes(len(atoms) // 8 + 1, "little")
        return frozenset(
            atoms[8 * k + i] for k, byte in enumerate(raw) if byte for i in table[byte]
        )

    def step_rows(self, s: int) -> list[tuple[int, int, int, int, int]]:
        """The rows (pre, pre_neg, ~delete, add, index in ``actions``) applicable in ``s``."""
        rows = self.by_bit
        out = [r for r in self.free_rows if s & r[0] == r[0] and not s & r[1]]
        find = bin(s & self.keyed)[:1:-1].find  # char i is bit i: no big ints made per bit
        i = find("1")
        while i >= 0:
            for r in rows[i]:
                if s & r[0] == r[0] and not s & r[1]:
                    out.append(r)
            i = find("1", i + 1)
        return out

    # -- reachable states remembered across goals -------------------------------------------

    def witnesses(self) -> tuple[int, ...]:
        """Goal states (bit sets) found by earlier closures over this task (all reachable from
        its init: every search starts at the init or at a reachable state), newest last."""
        return tuple(self._witnesses)

    def remember(self, states: Iterable[int]) -> None:
        """Keep reachable states (bit sets) for later goals (at most ``WITNESSES``)."""
        kept = self._witnesses + [s for s in states if s not in self._witnesses]
        self._witnesses = kept[-WITNESSES:]

    def plans(self) -> tuple[tuple[GroundAction, ...], ...]:
        """Plans from the init found by earlier closures over this task, newest last."""
        return tuple(self._plans)

    def remember_plan(self, plan: Iterable[GroundAction]) -> None:
        """Keep a plan from the init for later goals (at most ``PLANS``)."""
        plan = tuple(plan)
        if plan not in self._plans:
            self._plans = [*self._plans, plan][-PLANS:]

    # -- landmarks -------------------------------------------------------------------------

    def landmark(self, goal: Iterable[Atom], f: Atom) -> bool:
        """True if every plan reaching ``goal`` makes ``f`` true at some point.

        Proof: ``f`` is false in the init and the goal is not even relaxed-reachable (deletes
        and negative preconditions ignored) once the actions adding ``f`` are removed. With
        ``f`` monotone (no action deletes it) it then holds in every reachable goal state."""
        if f in self.init:
            return False
        return self._needs_one_of(goal, set(self.adder_idx.get(f, ())))

    def spent(self, goal: Iterable[Atom], f: Atom) -> bool:
        """True if ``f`` is false in every reachable goal state because it is used up: it holds
        in the init, no action adds it, and every plan reaching ``goal`` applies an action that
        deletes it (the goal is not relaxed-reachable without them) — :meth:`landmark`'s proof
        for the negative closure (a sample site whose data the goal wants reported)."""
        if f not in self.init or f in self.adder_idx:
            return False
        deleting = self.deleter_idx.get(f)
        return bool(deleting) and self._needs_one_of(goal, set(deleting))

    def _needs_one_of(self, goal: Iterable[Atom], banned: set[int]) -> bool:
        """Whether ``goal`` is not relaxed-reachable from the init without the actions
        ``banned`` (indices into :attr:`actions`): :func:`.landmarks.needs_one_of`."""
        return needs_one_of(self, goal, banned)

    # -- partial states --------------------------------------------------------------------

    def close(self, pos: Iterable[Atom], neg: Iterable[Atom]) -> tuple[State, State] | None:
        """Propagate invariants through a partial state; None when no reachable state fits.

        Members of a group with a true atom are false; an exactly-one group with one member
        left is true; two true members of a group, or none left, is a contradiction.

        The fixpoint of these rules, reached in rounds: each true atom's fellow members
        (:meth:`_mutex_of`, kept per atom) are made false by one set union, then only the
        exactly-one groups those can have changed are read (one set difference each) —
        instead of a step per false atom and group. Any order of the rules reaches the same
        fixpoint, and a contradiction once there stays (test against the one-atom-at-a-time
        propagation).
        """
        always, reached, groups, group_of = self.always, self.reached, self.groups, self.group_of
        kept, mutex_of = self._mutex_table().get, self._mutex_of
        p: set[Atom] = set()
        n: set[Atom] = set()
        todo = [x for x in pos if x not in always]
        fresh: set[int] = set()  # exactly-one groups to read: a member made false since
        for y in neg:
            if y in always:
                return None
            if y in reached and y not in n:
                n.add(y)
                fresh.update(group_of.get(y, ()))
        while todo or fresh:
            while todo:
                x = todo.pop()
                if x in p:
                    continue
                if x in n or x not in reached:
                    return None
                p.add(x)
                others, touched = kept(x) or mutex_of(x)
                if not others.isdisjoint(p):
                    return None
                n |= others
                fresh |= touched
            for gi in fresh:
                atoms = groups[gi].atoms
                if not groups[gi].exactly_one or not atoms.isdisjoint(p):
                    continue
                false = len(atoms & n)  # (counted first: a small set, most groups stop here)
                if not false or len(atoms) - false > 1:
                    continue  # (every member left: none false, the rule never read it)
                left = atoms - n
                if not left:
                    return None
                todo.append(next(iter(left)))
            fresh = set()
        return frozenset(p), frozenset(n)

    def _mutex_table(self) -> dict[Atom, tuple[State, frozenset[int]]]:
        """The kept :meth:`_mutex_of` answers, emptied first where h^2 pairs joined the
        groups since they were kept (:meth:`close` and :func:`.propagation.close_counted`)."""
        if self._mutex_n != len(self.groups):
            self._mutex.clear()
            self._mutex_n = len(self.groups)
        return self._mutex

    def _mutex_of(self, x: Atom) -> tuple[State, frozenset[int]]:
        """The atoms false whenever ``x`` holds by one group (its fellow members) and the
        groups those belong to; kept per atom while the groups last (h^2 pairs add some)."""
        kept = self._mutex_table().get(x)
        if kept is None:
            groups, group_of, near = self.groups, self.group_of, self._mutex
            mine = group_of.get(x, ())
            others = frozenset().union(*(groups[gi].atoms for gi in mine)) - {x}
            # The groups of the others are those of every member of x's groups (x's own
            # groups besides, which a close skips: x is true there), kept per group under the
            # key (None, group): no atom's name is None.
            touched = frozenset().union(*(near.get((None, gi)) or self._near(gi) for gi in mine))
            kept = self._mutex[x] = (others, touched)
        return kept

    def _near(self, gi: int) -> frozenset[int]:
        """The groups of the members of group ``gi`` (kept with :meth:`_mutex_of`'s answers)."""
        group_of = self.group_of
        near = frozenset(chain.from_iterable(map(group_of.__getitem__, self.groups[gi].atoms)))
        self._mutex[(None, gi)] = near  # type: ignore[index]
        return near

    def regress(
        self, pos: Iterable[Atom], neg: Iterable[Atom], budget: int, deadline: Deadline
    ) -> tuple[str, list[GroundAction] | None]:
        """Complete regression from ``pos`` ∧ ¬``neg`` (:func:`.regression.regress`)."""
        return regress(self, pos, neg, budget, deadline)

    def run(self, plan: list[GroundAction]) -> State | None:
        s = self.init
        for a in plan:
            if not (a.pre_pos <= s) or a.pre_neg & s:
                return None
            s = (s - a.delete) | a.add
        return s

