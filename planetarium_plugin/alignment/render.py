"""Generic PDDL → controlled English, and text → parts, for embedding.

Sentence encoders read English, not s-expressions: ``(on b2 b1)`` becomes ``"b2 on b1."``.
The rendering is generic (predicate and object names only, hyphens as spaces), so it needs
no domain knowledge; it is tolerant (unbalanced or non-PDDL input still yields text) and
bounded (at most :data:`MAX_ATOMS` atoms per section) because model output is hostile.

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

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "MAX_ATOMS",
    "MAX_CHARS",
    "RenderedProblem",
    "action_fields",
    "clean_text",
    "render_action",
    "render_problem",
    "sentences",
    "split_text",
]

#: Atoms rendered per section at most (more are dropped: bounded time on hostile input).
MAX_ATOMS = 400
#: Characters of any input read at most.
MAX_CHARS = 200_000

SExpr = str | list["SExpr"]

_TOKEN = re.compile(r"\(|\)|[^\s()]+")
_COMMENT = re.compile(r";[^\n]*")
_GOAL_MARK = re.compile(
    r"\b(?:your|the|my|our)\s+(?:goal|task|objective)\s+(?:is|are)\b[:\s]*|\bgoal\s*:\s*",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")


def clean_text(text: str | bytes | None) -> str:
    """Input as bounded text: bytes decoded leniently, None as empty, control characters out."""
    if text is None:
        return ""
    if isinstance(text, bytes | bytearray):
        text = bytes(text[: MAX_CHARS * 4]).decode("utf-8", errors="replace")
    text = str(text)[:MAX_CHARS]
    return "".join(c if c.isprintable() or c in "\n\t" else " " for c in text)


def _parse(text: str) -> list[SExpr]:
    """All top-level s-expressions; unbalanced input is closed or skipped, never an error."""
    stack: list[list[SExpr]] = [[]]
    for tok in _TOKEN.findall(_COMMENT.sub(" ", text)):
        if tok == "(":
            if len(stack) > 64:  # absurd nesting: flatten instead of recursing later
                continue
            stack.append([])
        elif tok == ")":
            if len(stack) > 1:
                done = stack.pop()
                stack[-1].append(done)
        else:
            stack[-1].append(tok.lower())
    while len(stack) > 1:
        done = stack.pop()
        stack[-1].append(done)
    return stack[0]


def _words(name: str) -> str:
    return re.sub(r"[-_]+", " ", name).strip()


def _term(x: SExpr) -> str:
    if isinstance(x, str):
        return _words(x)
    if not x:
        return ""
    head, *args = x
    if isinstance(head, str) and args:
        return f"{_words(head)} of {' and '.join(_term(a) for a in args)}"
    return " ".join(_term(a) for a in x)


_COMPARE = {
    "=": "is",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_CONNECTIVES = {
    "and",
    "or",
    "not",
    "imply",
    "forall",
    "exists",
    "when",
    "increase",
    "decrease",
    "assign",
    "scale-up",
    "scale-down",
}


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


def _bounded(it: Iterator[str]) -> tuple[str, ...]:
    out = []
    for s in it:
        out.append(s)
        if len(out) >= MAX_ATOMS:
            break
    return tuple(out)


def _find(tree: list[SExpr], key: str) -> list[SExpr] | None:
    """The first list whose head is ``key`` (depth-first, bounded by the parse)."""
    todo = list(reversed(tree))
    while todo:
        x = todo.pop()
        if isinstance(x, list):
            if x and x[0] == key:
                return x
            todo.extend(reversed(x))
    return None


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


def split_text(text: str | bytes | None) -> tuple[str, str]:
    """Split a task description into (initial state, goal) at the first goal phrase.

    Without one, both parts are the whole text.
    """
    text = clean_text(text).strip()
    m = _GOAL_MARK.search(text)
    if m is None:
        return text, text
    return text[: m.start()].strip(), text[m.end() :].strip()


def sentences(text: str) -> tuple[str, ...]:
    """Sentences of a text (split at ``. ! ? ;`` and newlines), at most :data:`MAX_ATOMS`."""
    return _bounded(s.strip() for s in _SENTENCE_END.split(text) if s.strip())


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


def _unparse(x: SExpr) -> str:
    return x if isinstance(x, str) else "(" + " ".join(_unparse(a) for a in x) + ")"


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
