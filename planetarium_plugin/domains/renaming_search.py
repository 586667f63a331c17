"""The search behind :mod:`.renaming`: which candidate name is which ground-truth name.

Each action is read as literals over parameter positions, ``(section, symbol, args)``; a
renaming maps candidate predicates and functions (each with an argument permutation) and
types onto the ground truth's, and candidate actions (each with a parameter mapping) onto its
actions. Its *agreement* is the number of ground-truth literals that a mapped candidate literal
equals, summed over matched action pairs.

1. Colour refinement on the domain graph (types, predicates, actions; arities, sections,
   argument types), as graphs are matched elsewhere in this project, gives every symbol a
   colour that no renaming changes: a renaming under which the two domains read the same maps
   only equal colours. A backtracking search over those classes finds such renamings (and says
   when there are several).
2. Otherwise branch and bound over predicate and function assignments (arity- and
   type-preserving, "no counterpart" allowed), bounded per predicate by the literal counts of
   each section; at each leaf every action pair gets its best parameter mapping and actions are
   matched by a maximum-weight matching. The result maximises agreement — exactly, unless the
   deadline stops the search (then ``decided`` is False and the best renaming so far is kept).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

import networkx as nx

from ..errors import Deadline
from ..parsing import Domain
from ..parsing.model import OBJECT
from .renaming_moves import LocalMoves
from .renaming_symbols import (
    SECTIONS,
    Perm,
    _depth,
    _name_distance,
    _profile,
    _slots,
    _symbols_in,
    colours,
    gt_literals,
    map_literal,
    read_symbols,
)

# -- the search ---------------------------------------------------------------------------


@dataclass(slots=True)
class Found:
    """The best assignment found: symbols, types, actions with parameter mappings."""

    score: int = -1
    sym: dict[str, tuple[str, Perm]] = field(default_factory=dict)
    types: dict[str, str] = field(default_factory=dict)
    actions: dict[str, tuple[str, dict[int, int]]] = field(default_factory=dict)
    several: bool = False
    decided: bool = True
    perfect: bool = False
    optimal: bool = False


class Search(LocalMoves):
    """Branch and bound over symbol assignments; see the module docstring."""

    def __init__(self, gt: Domain, cand: Domain, deadline: Deadline) -> None:
        self.g, self.c = read_symbols(gt), read_symbols(cand)
        self.deadline = deadline
        self.typed = gt.typed and cand.typed
        self.g_lits = gt_literals(self.g)
        self.total_g = sum(sum(c.values()) for c in self.g_lits.values())
        self.total_c = sum(len(v) for v in self.c.lits.values())
        self.free_g = sum(
            1 for lits in self.g.lits.values() for _, tree in lits if not _symbols_in(tree)
        )
        self.g_col, self.g_acol, self.g_tcol = colours(self.g)
        self.c_col, self.c_acol, self.c_tcol = colours(self.c)
        # coarse colours (one round): a local change of a literal changes few of them
        self.g_near, _, self.g_tnear = colours(self.g, 1)
        self.c_near, _, self.c_tnear = colours(self.c, 1)
        self.g_slots, self.c_slots = _slots(self.g, self.g_near), _slots(self.c, self.c_near)
        # the candidate's types, parents first, each onto a ground-truth type (or none)
        self.type_order = (
            sorted((t for t in cand.types if t != OBJECT), key=lambda t: (_depth(cand, t), t))
            if self.typed
            else []
        )
        # closest-renaming search: types only predicates take are branched on; the others
        # follow each action pair's parameter mapping
        used_types = {t for ts in self.c.arg_types.values() for t in ts}
        self.pred_type_order = [t for t in self.type_order if t in used_types]
        self.best = Found()
        self.leaves = 0
        #: when a list: every renaming under which the domains read the same goes here (up to
        #: ``collect_limit``), see :meth:`perfect_renamings`
        self.collected: list[Found] | None = None
        self.collect_limit = 0
        #: symmetries of the ground truth (renamings of it onto itself under which it reads
        #: the same): moves of the closest-renaming search, see :meth:`_symmetry_moves`
        self.symmetries: list[Found] = []
        self._pair_cache: dict = {}
        # options per candidate symbol, best first: same colour, then closest counts and name
        self.options: dict[str, list[tuple[str, Perm]]] = {}
        for n in self.c.kinds:
            opts = []
            for g in self.g.kinds:
                if self.g.kinds[g] != self.c.kinds[n]:
                    continue
                if len(self.g.arg_types[g]) != len(self.c.arg_types[n]):
                    continue
                for perm in itertools.permutations(range(len(self.c.arg_types[n]))):
                    opts.append((g, perm))
            opts.sort(key=lambda o, n=n: self._option_key(n, o))
            self.options[n] = opts
        self.compatible = {n: {g for g, _ in opts} for n, opts in self.options.items()}
        self.overlap = {
            n: {g: sum(min(self.c.counts[n][x], self.g.counts[g][x]) for x in SECTIONS)
                for g in self.g.kinds}
            for n in self.c.kinds
        }  # fmt: skip
        self.order = sorted(
            self.c.kinds,
            key=lambda n: (
                sum(1 for g, _ in self.options[n] if self.g_col[g] == self.c_col[n]) or 99,
                -sum(self.c.counts[n].values()),
                n,
            ),
        )

    def _option_key(self, n: str, opt: tuple[str, Perm]):
        g, perm = opt
        diff = sum(abs(self.c.counts[n][s] - self.g.counts[g][s]) for s in SECTIONS)
        c_slots, g_slots = self.c_slots[n], self.g_slots[g]
        slots = sum(c_slots[i] != g_slots[perm[i]] for i in range(len(perm)))
        return (self.g_col[g] != self.c_col[n], self.g_near[g] != self.c_near[n], diff, slots,
                _name_distance(n, g), perm != tuple(range(len(perm))), g, perm)  # fmt: skip

    # -- bound
    def _overlap(self, n: str, g: str) -> int:
        return self.overlap[n][g]

    def _bound(self, sym: dict, free: list[str]) -> int:
        """Agreeing literals possible: fixed pairs count their per-section overlap; each free
        ground-truth symbol its best free candidate (and, the other way round, each free
        candidate symbol its best free ground-truth symbol): the smaller of the two."""
        used = {g for g, _ in sym.values() if g is not None}
        fixed = sum(self._overlap(n, g) for n, (g, _) in sym.items() if g is not None)
        open_g = [g for g in self.g.kinds if g not in used]
        by_g = sum(
            max((self._overlap(n, g) for n in free if g in self.compatible[n]), default=0)
            for g in open_g
        )
        by_c = sum(
            max((self._overlap(n, g) for g in open_g if g in self.compatible[n]), default=0)
            for n in free
        )
        return fixed + min(by_g, by_c) + self.free_g  # free_g: literals without a symbol

    # -- types
    def _types_ok(self, n: str, g: str, perm: Perm, types: dict) -> bool:
        """Whether mapping ``n`` onto ``g`` with ``perm`` keeps every argument type mapped."""
        if not self.typed:
            return True
        want = self.g.arg_types[g]
        return all(types.get(t) == want[perm[i]] for i, t in enumerate(self.c.arg_types[n]))

    def _walk_types(self, i: int, types: dict, rtypes: dict) -> None:
        if self._stop:
            return
        order = self.type_order if self._mode == "colour" else self.pred_type_order
        if i == len(order):
            self._walk(0, {}, types, rtypes, set())
            return
        t = order[i]
        parent = self.c.domain.types.get(t) or OBJECT
        opts = [
            u for u in sorted(self.g.domain.types, key=lambda u: (
                self.g_tcol.get(u) != self.c_tcol.get(t),
                _profile(self.g, u) != _profile(self.c, t),
                self.g_tnear.get(u) != self.c_tnear.get(t), _name_distance(t, u), u))
            if u != OBJECT and u not in rtypes
            and types.get(parent) == (self.g.domain.types.get(u) or OBJECT)
        ]  # fmt: skip
        if self._mode != "colour":
            opts.append(None)
        limited = self._discrepancies is not None  # a type off the heuristic order departs too
        tried = 0
        for u in opts:
            if self._mode == "colour" and self.g_tcol.get(u) != self.c_tcol.get(t):
                continue
            cost = int(limited and tried > 0)
            tried += 1
            if limited and cost > self._discrepancies:
                break
            if limited:
                self._discrepancies -= cost
            if u is not None:
                types[t], rtypes[u] = u, t
            self._walk_types(i + 1, types, rtypes)
            if u is not None:
                del types[t], rtypes[u]
            if limited:
                self._discrepancies += cost
            if self._stop:
                return

    # -- leaves
    def _pair(self, a_c: str, a_g: str, sym: dict, types: dict) -> tuple[int, dict, int]:
        """The best parameter mapping of candidate action a_c onto a_g: (score, mu, ties)."""
        pc, pg = self.c.params[a_c], self.g.params[a_g]
        if len(pc) != len(pg):
            return -1, {}, 0
        key = (
            a_c,
            a_g,
            tuple(sorted((n, sym.get(n)) for n in self._syms_of(a_c))),
            tuple(types.get(t) for t in pc) if self.typed else (),
        )
        hit = self._pair_cache.get(key)
        if hit is not None:
            return hit
        target = self.g_lits[a_g]
        lits = self.c.lits[a_c]
        targets = set(types.values())
        best, best_mu, ties = -1, {}, 0
        for perm in itertools.permutations(range(len(pg))):
            if self.typed and any(
                types.get(t, pg[perm[i]] if pg[perm[i]] not in targets else None) != pg[perm[i]]
                for i, t in enumerate(pc)
            ):
                continue
            mu = dict(enumerate(perm))
            got: Counter = Counter()
            for lit in lits:
                m = map_literal(lit, sym, mu)
                if m is not None:
                    got[m] += 1
            score = sum((got & target).values())
            if score > best:
                best, best_mu, ties = score, mu, 1
            elif score == best:
                ties += 1
        out = (best, best_mu, ties)
        self._pair_cache[key] = out
        return out

    def _syms_of(self, a: str) -> set[str]:
        return {s for _, tree in self.c.lits[a] for s in _symbols_in(tree)}

    def _leaf(self, sym: dict, types: dict) -> int:
        self.leaves += 1
        full = {n: v for n, v in sym.items() if v[0] is not None}
        graph = nx.Graph()
        pairs = {}
        for a_c in self.c.actions:
            for a_g in self.g.actions:
                score, mu, ties = self._pair(a_c, a_g, full, types)
                if score < 0:
                    continue
                pairs[(a_c, a_g)] = (score, mu, ties)
                # +1: matching an action pair (even with no agreeing literal) beats none
                graph.add_edge(("c", a_c), ("g", a_g), weight=score * 1000 + 1 +
                               (a_c == a_g))  # fmt: skip
        matching = nx.max_weight_matching(graph)
        actions, score, several = {}, 0, False
        for u, v in sorted(matching):
            if u[0] == "g":
                u, v = v, u
            s, mu, ties = pairs[(u[1], v[1])]
            actions[u[1]] = (v[1], mu)
            score += s
            several |= ties > 1
        perfect = score == self.total_g == self.total_c and len(actions) == len(
            self.c.actions
        ) == len(self.g.actions)
        if perfect and self.collected is not None:
            self.collected.append(Found(score, dict(sym), dict(types), actions, several, True,
                                        perfect))  # fmt: skip
        if score > self.best.score or (perfect and not self.best.perfect):
            self.best = Found(score, dict(sym), dict(types), actions, several, True, perfect)
        elif perfect and self.best.perfect:
            self.best.several = True
        return score

    # -- driver
    def perfect_renamings(self, limit: int) -> list[Found]:
        """Up to ``limit`` renamings under which the domains read the same (the colour-class
        search, collecting instead of stopping at the second); for a domain against itself,
        its symmetries (the identity among them)."""
        self.collected, self.collect_limit = [], limit
        self._root_bound = self._bound({}, list(self.c.kinds))
        self._mode, self._discrepancies, self._stop = "colour", None, False
        if self.total_c == self.total_g and len(self.c.actions) == len(self.g.actions):
            self._walk_types(0, {OBJECT: OBJECT}, {OBJECT: OBJECT})
        return self.collected

    def run(self, optimise: float = 1.0) -> Found:
        """Renamings under which the domains read the same (colour classes only: complete,
        so ``decided`` stays True unless the deadline stops it); else the renaming with the
        most agreeing literals: branch and bound, options ordered by colour (coarse colours
        first: a local edit changes few), for at most ``optimise`` more seconds
        (``optimal``: it finished)."""
        self._root_bound = self._bound({}, list(self.c.kinds))
        self._mode, self._discrepancies = "colour", None
        if self.total_c == self.total_g and len(self.c.actions) == len(self.g.actions):
            self._stop = False
            self._walk_types(0, {OBJECT: OBJECT}, {OBJECT: OBJECT})
            if self.best.perfect or not self.best.decided:
                self.best.optimal = self.best.perfect
                return self.best
            self.best = Found()
        if self.best.score < self._root_bound:
            gt = self.g.domain  # its symmetries, for the hill-climb (at most a quarter second)
            self.symmetries = Search(gt, gt, _Earliest(self.deadline, 0.25)).perfect_renamings(8)
            outer, self.deadline = self.deadline, _Earliest(self.deadline, optimise)
            # limited discrepancy first: the heuristic order's path, then every path that
            # leaves it once, twice — good renamings early; then the complete search
            for k in (0, 1, 2):
                self._mode, self._stop, self._discrepancies = "full", False, k
                self._walk_types(0, {OBJECT: OBJECT}, {OBJECT: OBJECT})
                if k == 0:
                    self._polish()
                if self.best.score >= self._root_bound or self.deadline.expired():
                    break
            self._mode, self._stop, self._discrepancies = "full", False, None
            self._walk_types(0, {OBJECT: OBJECT}, {OBJECT: OBJECT})
            self.deadline = outer
        self.best.optimal = not self._stop or self.best.score >= self._root_bound
        self.best.decided = True  # the colour pass was complete: no renaming reads the same
        return self.best

    def _walk(self, i: int, sym: dict, types: dict, rtypes: dict, used: set) -> None:
        if self._stop:
            return
        if self.deadline.expired():
            self.best.decided = False
            self._stop = True
            return
        if i == len(self.order):
            self._leaf(sym, types)
            if self._mode == "colour" and self.collected is not None:
                self._stop = len(self.collected) >= self.collect_limit
            elif self._mode == "colour":
                self._stop = self.best.perfect and self.best.several
            else:
                self._stop = self.best.perfect or self.best.score >= self._root_bound
            return
        n = self.order[i]
        free = self.order[i + 1 :]
        opts: list = [o for o in self.options[n] if o[0] not in used]
        if self._mode != "colour":
            opts.append((None, ()))
        colour = self._mode == "colour"
        limited = self._discrepancies is not None
        tried = 0
        for g, perm in opts:
            if colour and self.g_col[g] != self.c_col[n]:
                continue
            if g is not None and not self._types_ok(n, g, perm, types):
                continue
            cost = int(limited and tried > 0)
            tried += 1
            if limited and cost > self._discrepancies:
                break
            sym[n] = (g, perm)
            if g is not None:
                used.add(g)
            self._discrepancies = self._discrepancies - cost if limited else None
            bound = self._bound(sym, free)
            if bound >= self.total_g if self._mode == "colour" else bound > self.best.score:
                self._walk(i + 1, sym, types, rtypes, used)
            if limited:
                self._discrepancies += cost
            if g is not None:
                used.discard(g)
            del sym[n]
            if self._stop:
                return


class _Earliest:
    """A deadline that expires with ``outer`` or after ``seconds``, whichever comes first."""

    def __init__(self, outer: Deadline, seconds: float) -> None:
        self.outer, self.inner = outer, Deadline(seconds)

    def expired(self) -> bool:
        return self.outer.expired() or self.inner.expired()
