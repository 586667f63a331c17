"""A problem's goal as atoms, counted and matched word for word against a goal text.

The lexical levers of the embedding head (:mod:`.model`): which goal atoms a text names with
their arguments in order (:func:`lexical_match`), counting sentences about a goal
(:func:`summarize_goal`), and abbreviations (:func:`abbreviates`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .sexpr import (
    _COMPARE,
    _CONNECTIVES,
    MAX_ATOMS,
    SExpr,
    _find,
    _parse,
    _words,
    clean_text,
)
from .textparts import sentences

__all__ = ["NUMBERS", "GoalAtoms", "abbreviates", "goal_atoms", "lexical_match", "summarize_goal"]

#: Whole numbers in text (not parts of names such as ``b12`` or ``3.5``).
NUMBERS = re.compile(r"(?<![\w.])\d+(?!\w|\.\d)")
_WORD = re.compile(r"[^\W_][\w\-]*")


@dataclass(frozen=True, slots=True)
class GoalAtoms:
    """A problem's goal atoms as (predicate, arguments, negated), with object kinds."""

    atoms: tuple[tuple[str, tuple[str, ...], bool], ...]
    objects: frozenset[str]
    kinds: dict[str, str]


def goal_atoms(pddl: str | bytes | None) -> GoalAtoms:
    """Goal literals (numeric comparisons skipped) and each object's kind.

    A kind is the object's declared type, else the unary initial-state predicate true of it
    that no goal mentions (``(ball b1)`` in untyped domains), else ``object``.
    """
    tree = _parse(clean_text(pddl))
    out: list[tuple[str, tuple[str, ...], bool]] = []

    def walk(x: SExpr, neg: bool) -> None:
        if len(out) >= MAX_ATOMS or not isinstance(x, list) or not x:
            return
        head = x[0]
        if not isinstance(head, str):
            return
        if head == "and":
            for a in x[1:]:
                walk(a, neg)
        elif head == "not" and len(x) > 1:
            walk(x[1], not neg)
        elif head not in _CONNECTIVES and head not in _COMPARE:
            out.append((head, tuple(a for a in x[1:] if isinstance(a, str)), neg))

    goal = _find(tree, ":goal")
    for f in (goal or [])[1:]:
        walk(f, False)
    objs = _find(tree, ":objects") or []
    objects: list[str] = []
    kinds: dict[str, str] = {}
    pending: list[str] = []
    for tok in objs[1:]:
        if not isinstance(tok, str):
            continue
        if tok == "-":
            pending.append(tok)
        elif pending:
            for o in objects:
                kinds.setdefault(o, tok)
            pending = []
        else:
            objects.append(tok)
    goal_preds = {p for p, _, _ in out}
    for f in (_find(tree, ":init") or [])[1:]:
        if (
            isinstance(f, list)
            and len(f) == 2
            and all(isinstance(t, str) for t in f)
            and f[0] not in goal_preds
            and f[0] not in _CONNECTIVES
        ):
            kinds.setdefault(f[1], f[0])
    return GoalAtoms(tuple(out), frozenset(objects), kinds)


def summarize_goal(g: GoalAtoms) -> tuple[str, ...]:
    """Counting sentences about a goal: how many atoms of each predicate, and which objects
    share an argument (``all 9 balls at room1``), in controlled English.

    >>> g = goal_atoms("(define (problem p) (:objects r1 r2 a b) (:init (room r1) (room r2) "
    ...                "(ball a) (ball b)) (:goal (and (at a r1) (at b r1))))")
    >>> summarize_goal(g)
    ('2 at facts.', 'all 2 balls at r1.')
    """
    totals: dict[str, int] = {}
    for o in g.objects or g.kinds:
        k = g.kinds.get(o, "object")
        totals[k] = totals.get(k, 0) + 1
    per_pred: dict[str, int] = {}
    groups: dict[tuple[str, int, str, bool], list[str]] = {}
    for pred, args, neg in g.atoms:
        per_pred[pred] = per_pred.get(pred, 0) + 1
        if len(args) == 2:
            for i in (0, 1):
                groups.setdefault((pred, i, args[i], neg), []).append(args[1 - i])
    out = [f"{n} {_words(p)} facts." for p, n in sorted(per_pred.items())]
    for (pred, i, anchor, neg), others in sorted(groups.items()):
        if len(others) < 2:
            continue
        kind = g.kinds.get(others[0], "object")
        if any(g.kinds.get(o, "object") != kind for o in others):
            kind = "object"
        every = "all " if totals.get(kind, 0) == len(set(others)) else ""
        plural = _words(kind) + "s"
        rel = ("not " if neg else "") + _words(pred)
        if i == 1:
            out.append(f"{every}{len(set(others))} {plural} {rel} {anchor}.")
        else:
            out.append(f"{anchor} {rel} {every}{len(set(others))} {plural}.")
        if len(out) >= MAX_ATOMS:
            break
    return tuple(out)


def lexical_match(goal_text: str, g: GoalAtoms) -> tuple[float, float, float, float]:
    """How literally a goal text states the goal atoms (for texts that name objects).

    Each goal sentence yields the objects it names, in order; an atom is *stated* when some
    sentence names exactly its arguments in its order, with credit for the predicate's words
    appearing too. Returns (precision over atoms, recall over object-naming sentences,
    *named*: 1.0 when the text names at least half of the goal's objects, and the fraction
    of the text's numbers that are goal counts).

    >>> g = goal_atoms("(define (problem p) (:objects a b) (:init) (:goal (and (on a b))))")
    >>> lexical_match("a should be on b.", g)
    (1.0, 1.0, 1.0, 0.0)
    >>> lexical_match("b should be on a.", g)
    (0.0, 0.0, 1.0, 0.0)
    >>> lexical_match("to stack the blocks.", g)
    (0.0, 0.0, 0.0, 0.0)
    """
    objs = g.objects | set(g.kinds)
    named: list[tuple[tuple[str, ...], set[str]]] = []
    mentioned: set[str] = set()
    for s in sentences(goal_text):
        words = [w.lower() for w in _WORD.findall(s)]
        seq = tuple(w for w in words if w in objs)
        if seq:
            named.append((seq, set(words)))
            mentioned.update(seq)
    in_goal = {a for _, args, _ in g.atoms for a in args}
    counts = _count_match([int(x) for x in NUMBERS.findall(goal_text)], g)
    if not named or not in_goal or len(mentioned & in_goal) < 0.5 * len(in_goal):
        return 0.0, 0.0, 0.0, counts
    credit: list[float] = []
    hit = [0.0] * len(named)
    for pred, args, _neg in g.atoms:
        if not args:
            continue
        pw = set(_words(pred).split())
        best = 0.0
        for j, (seq, words) in enumerate(named):
            if seq == args:
                said = sum(any(abbreviates(w, t) for t in words) for w in pw)
                c = 0.5 + 0.5 * (said / len(pw) if pw else 1.0)
                hit[j] = max(hit[j], c)
                best = max(best, c)
        credit.append(best)
    p = sum(credit) / len(credit) if credit else 0.0
    r = sum(hit) / len(hit)
    return p, r, 1.0, counts


def abbreviates(short: str, word: str) -> bool:
    """Does ``short`` stand for ``word``: equal, a prefix of it (3+ letters), or its letters in
    order with the same first letter (``pkg`` for ``package``, ``loc`` for ``location``)?

    >>> abbreviates("pkg", "package"), abbreviates("paint", "painted"), abbreviates("at", "a")
    (True, True, False)
    """
    if short == word:
        return True
    if len(short) < 3 or len(word) < len(short) or short[0] != word[0]:
        return False
    if word.startswith(short):
        return True
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


def _count_match(nums: list[int], g: GoalAtoms) -> float:
    if not nums:
        return 0.0
    counts: dict[tuple[str, int, str], int] = {}
    for pred, args, _neg in g.atoms:
        for i, a in enumerate(args):
            counts[(pred, i, a)] = counts.get((pred, i, a), 0) + 1
    have = set(counts.values()) | {len(g.atoms)}
    return sum(n in have for n in nums) / len(nums)
