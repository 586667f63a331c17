"""Local moves of the closest-renaming search (a mixin of :class:`.renaming_search.Search`).

From the best renaming found so far, a hill-climb (another argument permutation, another free
target, two symbols' targets swapped) and, at its top, the symmetries of the ground truth
applied to several symbols at once — what leaves a renaming that maps some of rover's soil
symbols onto rock ones and others not.
"""

from __future__ import annotations


class LocalMoves:
    """Needs ``best``, ``deadline``, ``order``, ``options``, ``compatible``, ``symmetries``,
    ``_leaf`` and ``_types_ok`` from the search it is mixed into."""

    def _polish(self) -> None:
        """Hill-climb from the best renaming so far (:meth:`_climb`); at its top, apply a
        symmetry of the ground truth to some of the symbols (:meth:`_symmetry_moves`) and
        climb again while the agreement grows."""
        while not self.deadline.expired():
            before = self.best.score
            self._climb()
            if not self._symmetry_moves() or self.best.score <= before:
                return

    def _symmetry_moves(self) -> bool:
        """Rover's soil and rock, floor-tile's up and right: a renaming that maps some soil
        symbols onto rock ones is a local optimum no single move leaves. For each symmetry
        of the ground truth, the symbols whose targets it moves are grouped in units (two
        symbols whose targets it swaps, or one whose new target is free) and every subset of
        the units (at most 64) is moved at once. True when one made more literals agree."""
        sym, types = dict(self.best.sym), dict(self.best.types)
        for sigma in self.symmetries:
            if any(k != v for k, v in sigma.types.items()):
                continue
            target = {n: g for n, (g, _) in sym.items() if g is not None}
            owner = {g: n for n, g in target.items()}
            units, seen = [], set()
            for n in sorted(target):
                image = sigma.sym.get(target[n], (target[n], ()))[0]
                if n in seen or image == target[n]:
                    continue
                m = owner.get(image)
                if m is None:
                    units.append((n,))
                elif sigma.sym.get(image, (image, ()))[0] == target[n] and m not in seen:
                    units.append((n, m))
                    seen.add(m)
                seen.add(n)
            if not units or len(units) > 6:
                continue
            for mask in range(1, 1 << len(units)):
                if self.deadline.expired():
                    return False
                trial = dict(sym)
                for k, unit in enumerate(units):
                    if mask >> k & 1:
                        for n in unit:
                            g, perm = sym[n]
                            h, q = sigma.sym[g]
                            trial[n] = (h, tuple(q[i] for i in perm))
                if not all(self._types_ok(n, *trial[n], types) for n in trial
                           if trial[n][0] is not None):  # fmt: skip
                    continue
                before = self.best.score
                self._leaf(trial, types)
                if self.best.score > before:
                    return True
        return False

    def _climb(self) -> None:
        """Hill-climb from the best renaming so far: another argument permutation, another
        free target, or two symbols' targets swapped, while the agreement grows."""
        sym, types = dict(self.best.sym), dict(self.best.types)
        if not sym:
            return
        current = self.best.score
        improved = True
        while improved and not self.deadline.expired():
            improved = False
            used = {g for g, _ in sym.values() if g is not None}
            for n in self.order:
                g, perm = sym[n]
                moves = [o for o in self.options[n] if (o[0] == g or o[0] not in used)]
                for m in self.order:
                    h, q = sym[m]
                    if m != n and g is not None and h in self.compatible[n] and len(q) == len(perm):
                        moves.append(("swap", m))
                for move in moves:
                    trial = dict(sym)
                    if move[0] == "swap":
                        m = move[1]
                        trial[n], trial[m] = (sym[m][0], perm), (g, sym[m][1])
                        if not (self._types_ok(n, *trial[n], types)
                                and self._types_ok(m, *trial[m], types)):  # fmt: skip
                            continue
                    elif move == (g, perm) or not self._types_ok(n, *move, types):
                        continue
                    else:
                        trial[n] = move
                    if self.deadline.expired():
                        return
                    score = self._leaf(trial, types)
                    if score > current:
                        sym, current, improved = trial, score, True
                        break
                if improved:
                    break
