"""Predicates a request names outright, as PDDL users write them (issue 19):
``Objects c1 and l2 are in the relation "at"``, ``the predicate robot-at holds for x1``,
``"at" holds for t1 and l2``. :func:`named_predicates` finds such spans (a quoted name, a name
after "predicate"/"relation", or a hyphenated/underscored identifier written as the domain
declares it); :func:`name_clauses` turns a clause naming one predicate into a direct reading of
it, arguments in the order written (the predicate's parameter order), as for ``at(t1, l2)``.
:func:`nullary_clauses` reads a clause with no object as the one 0-ary predicate whose every
name part (or every word of its wording) a word of the clause says ("the crane's claw vacant"
for ``arm-empty``: claw~arm, vacant~empty), when exactly one such predicate exists.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from ..encoder import Encoder
from .mentions import Mention
from .prefixed import prefix_calls
from .templates import Clause
from .vocabulary import negations
from .wording import possession_unsaid
from .world import World, split_words

__all__ = ["bare_calls", "name_clauses", "named_calls", "named_predicates", "nullary_clauses"]

_QUOTES = "\"'`\u201c\u201d\u2018\u2019"


def named_predicates(text: str, world: World) -> list[tuple[int, int, str]]:
    """Spans of ``text`` that name one of the world's predicates as a name: quoted, after
    "predicate"/"relation"/"fluent", or an identifier with ``-``/``_`` written as declared."""
    out: list[tuple[int, int, str]] = []
    taken: set[int] = set()
    for name in sorted(world.predicates, key=len, reverse=True):
        esc = re.escape(name)
        pats = [
            rf"[{_QUOTES}]({esc})[{_QUOTES}]",
            rf"\b(?:predicate|relation|fluent|property)\s+({esc})(?![\w\-])",
        ]
        if re.search(r"[-_]", name):
            pats.append(rf"(?<![\w\-])({esc})(?![\w\-])")
        for pat in pats:
            for m in re.finditer(pat, text, re.I):
                a, b = m.start(1), m.end(1)
                if taken.isdisjoint(range(a, b)):
                    out.append((a, b, name))
                    taken.update(range(a, b))
    return sorted(out)


Call = tuple[int, int, str, list[tuple[int, int, str]]]


def bare_calls(text: str, world: World, taken: Sequence[tuple[int, int]] = ()) -> list[Call]:
    """Predicate calls written without brackets, as a PDDL user jots them: ``next l0 l1``,
    ``SUCC n1 n0``, ``at pos-0-0``: a predicate's name (any case) followed by exactly as many
    object names as it has parameters, separated by spaces only, that fit its parameter types,
    with no further object name right after (``clear b1 b2`` is a list, not a call). A class
    word ("the city city_0") is no call, nor a one-word name of one parameter written in lower
    case ("is clear b1"): ``IS-DEPOT p1``, ``at-robby r1``, ``HOLDING b1`` are.
    ``taken``: spans already read as calls. Returns ``(start, end, predicate, [(a, b, obj)])``.
    """
    objs = {o.lower() for o in world.objects}
    out: list[Call] = []
    for name, pred in world.predicates.items():
        if pred.arity == 0 or name in world.type_preds or name in world.classes:
            continue  # "the city city_0", "truck t1": a class word before a name is a mention
        plain = pred.arity == 1 and not re.search(r"[-_]", name)
        pat = rf"(?<![\w\-])({re.escape(name)})((?:[ \t]+[\w\-]+){{{pred.arity}}})(?![\w\-])"
        for m in re.finditer(pat, text, re.I):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            args = [
                (m.start(2) + a.start(), m.start(2) + a.end(), a.group(0).lower())
                for a in re.finditer(r"[\w\-]+", m.group(2))
            ]
            if any(x[2] not in objs for x in args):
                continue
            after = re.match(r"[ \t]*([\w\-]+)", text[m.end() :])
            if after and after.group(1).lower() in objs:
                continue
            if not world.fits(pred, tuple(x[2] for x in args)):
                continue
            if plain and not m.group(1).isupper():
                continue  # "clear b1", "at p1": English words; "IS-DEPOT p1", "SUCC …" are calls
            out.append((m.start(), m.end(), name, args))
            taken = (*taken, (m.start(), m.end()))
    return sorted(out)


def name_clauses(text: str, world: World, clauses: Sequence[Clause]) -> list[Clause]:
    """Clauses that name exactly one predicate and mention as many objects as it has
    parameters become direct readings of it (arguments in the order written); mentions inside
    the name (``kitchen`` in ``at_kitchen_bread``) are no arguments. Other clauses are kept."""
    spans = named_predicates(text, world)
    if not spans:
        return list(clauses)
    out: list[Clause] = []
    for c in clauses:
        inside = [s for s in spans if c.start <= s[0] and s[1] <= c.end + 2]
        if c.direct is not None or len({s[2] for s in inside}) != 1:
            out.append(c)
            continue
        name = inside[0][2]
        ms: list[Mention] = []
        for slot in c.slots:
            for m in slot:
                if c.start <= m.start < c.end and not any(
                    a < m.end and m.start < b for a, b, _ in inside
                ):
                    ms.append(m)
        ms.sort(key=lambda m: m.start)
        if len(ms) != world.predicates[name].arity:
            out.append(c)
            continue
        slots = tuple((m,) for m in ms)
        out.append(dataclasses.replace(c, template=name, slots=slots, inherited=False, direct=name))
    return out


#: Word cosine at which a clause word says a name part ("vacant" for "empty", "claw" for "arm").
WORD_MATCH = 0.4
_FILLER = frozenset(
    {"the", "a", "an", "is", "are", "be", "been", "was", "were", "its", "it", "of", "to", "and",
     "or", "with", "has", "have", "must", "should", "will", "goal", "goals", "also", "all", "any",
     "every", "this", "that", "there", "their", "s"}
)


def _content(text: str) -> list[str]:
    words = re.findall(r"[a-z]+", text.lower().replace("'s", " "))
    return [w for w in words if len(w) > 2 and w not in _FILLER and w not in "xyzwv"]


def nullary_clauses(enc: Encoder, world: World, clauses: Sequence[Clause]) -> list[Clause]:
    """Clauses with no object and no negation that word exactly one 0-ary predicate, word by
    word, become direct readings of it: each of the predicate's name parts (or each content word
    of its wording) has a clause word within :data:`WORD_MATCH` cosine. A whole-sentence cosine
    misses a paraphrase of both words at once ("claw vacant" for ``arm-empty``); a word match
    that is not unique among the 0-ary predicates reads nothing."""
    nullary = [p for p in world.predicates.values() if p.arity == 0]
    todo = [
        i
        for i, c in enumerate(clauses)
        if c.direct is None and not c.slots and not c.inherited and not negations(c.template)
    ]
    if not nullary or not todo:
        return list(clauses)
    readings = {
        p.name: [ws for ws in (_content(" ".join(split_words(p.name))), _content(p.template)) if ws]
        for p in nullary
    }
    own = {i: _content(clauses[i].template) for i in todo}
    words = sorted({w for ws in own.values() for w in ws} | {
        w for rs in readings.values() for ws in rs for w in ws
    })
    if not words:
        return list(clauses)
    vecs = enc.embed(words)
    row = {w: k for k, w in enumerate(words)}
    out = list(clauses)
    for i in todo:
        mine = own[i]
        if not mine:
            continue
        hits = [
            name
            for name, rs in readings.items()
            if any(
                all(max(float(vecs[row[w]] @ vecs[row[m]]) for m in mine) >= WORD_MATCH for w in ws)
                for ws in rs
            )
            and not possession_unsaid(clauses[i].template, name)
        ]
        if len(hits) == 1:
            out[i] = dataclasses.replace(clauses[i], direct=hits[0], inherited=False)
    return out


_CALL = re.compile(
    r"\(?\s*([A-Za-z][\w\-]*)\s*\(([^()]*)\)|\(\s*([A-Za-z][\w\-]*)((?:\s+[\w\-]+)*)\s*\)"
)


def _norm(name: str) -> str:
    return re.sub(r"[\W_]+", "", name.lower())


def named_calls(text: str, world: World) -> list[tuple[int, int, str, list[tuple[int, int, str]]]]:
    """Predicates named in the text with their arguments: ``on(b1, b2)`` or ``(on b1 b2)``, a
    prefix notation (:mod:`.prefixed`) or a bare call (:func:`bare_calls`); text order."""
    preds = {_norm(n): n for n in world.predicates}
    objs = {o.lower(): o for o in world.objects}
    out = []
    for m in _CALL.finditer(text):
        name = m.group(1) or m.group(3)
        argtext, base = (m.group(2), m.start(2)) if m.group(1) else (m.group(4) or "", m.start(4))
        if name is None or _norm(name) not in preds:
            continue
        pred = world.predicates[preds[_norm(name)]]
        args = [
            (base + a.start(), base + a.end(), a.group(0).lower())
            for a in re.finditer(r"[\w\-]+", argtext)
        ]
        if len(args) != pred.arity or any(a[2] not in objs for a in args):
            continue
        out.append((m.start(), m.end(), pred.name, args))
    taken = {i for a, b, _, _ in out for i in range(a, b)}
    out += [c for c in prefix_calls(text, world) if taken.isdisjoint(range(c[0], c[1]))]
    return sorted(out + bare_calls(text, world, [(a, b) for a, b, _, _ in out]))
