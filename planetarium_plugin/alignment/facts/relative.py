"""Facts stated of a clause's subject from a trailing "with" phrase (issue 19).

"d2 is on peg b with d1 on top of it" states two facts: d2 on b, and d1 on d2 — the "with"
phrase's object is the subject of its own relation, and "it" (or a relation left open, "with d1
on top") refers back to the clause's subject. Read as one clause, the relation words of the
second fact would be fitted to the first slots (and "on top of" to the wrong pair); split, each
fact is grounded on its own, in the converse order the words say.

A pile told from the bottom up over two clauses, "b1 with b2 and then b3 on top of it", "b4
with b5, then b6 on it": the second clause's relation ("on top of it") is what the bare "with"
phrase of the first meant too (b2 on b1), and its "it" is the object the "with" phrase named
(b3 on b2); so for "b1 has (supports, carries) b2 and then b3 on top of it". After any other
clause, a trailing "it" of a clause naming one object ("… and b3 on top of it") is the object
of the clause before — its one object ("b1 is on the table and b2 is on top of it"), or, where
that clause relates two, either of them (one ambiguous mention: a reading of it is weak
evidence, never a confident conflict).

A relation told from the other side is turned round before any of this: "b1 has b2 on it"
(the possessive verb's object is the relation's subject: b2 on b1) and the place put first, "On
k sits m", "Beneath dx lies dy", "and on top of n rests q" (m on k, dy beneath dx, q on n).

The "with" cut (:func:`with_cut`, used by :mod:`.clauses`): after a piece that already relates
two objects, "with" or a participle ("holding", "carrying", "going") opens a fact of its own said
of the subject ("r1 stands on t21 holding white paint": the robot holds white; "p1 is on f3 going
to f1": p1's destination), not a third slot of the place clause. After any piece, a phrase
that names no object and denies ("stands on c1 carrying nothing", "at l2 with no
car aboard") is cut too: its negation is its own, not the place clause's
("on the table with nothing on them": ``clear``, not a denied ``on-table``).

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.clauses import split_clauses
>>> w = read_world("(define (problem p) (:domain d) (:objects a b t) (:init) (:goal (and)))")
>>> text = "a sits on t with b on top of it."
>>> [(c.template, [s[0].objects for s in c.slots]) for c in with_clauses(split_clauses(text, w))]
[('X sits on Y', [('a',), ('t',)]), ('X on top of Y', [('b',), ('a',)])]
>>> text = "t with a and then b on top of it."
>>> [(c.template, [s[0].objects for s in c.slots])
...  for c in with_clauses(split_clauses(text, w), text)]
[('X on top of Y', [('a',), ('t',)]), ('X on top of Y', [('b',), ('a',)])]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .mentions import Mention, Token
from .sections import _SEPARATORS
from .templates import Clause
from .world import PLACEHOLDERS, World, wordset

__all__ = ["attach", "with_clauses", "with_cut"]

# Words that make "with X …" a relation of its own ("with b on top of it", "with d1 on top"),
# read by with_clauses, rather than what the subject carries ("with black paint").
_RELATIVE_WORDS = frozenset(
    {"it", "them", "on", "in", "at", "top", "under", "above", "below", "over", "beneath", "onto"}
)


#: Words ending in "-ing" that are no participle opening a phrase of their own.
_NOT_PARTICIPLES = wordset(
    "during including according regarding concerning nothing something anything everything "
    "thing string king ring wing spring bring building ceiling morning evening parking landing "
    "ending beginning starting following remaining existing being"
)


def _opens_phrase(word: str) -> bool:
    """ "with", or a participle ("holding", "carrying"): what may open a phrase of its own
    said of the piece's subject ("r1 stands on t2 holding white")."""
    return word == "with" or (
        word.endswith("ing") and len(word) >= 5 and word.isalpha() and word not in _NOT_PARTICIPLES
    )


#: A form of "be" before a participle makes it the clause's own verb ("its left gripper was
#: already clutching ball3", "r1 is now holding white"), not a phrase of its own; words that may
#: stand between them.
_BE = wordset("is are was were be been being am 's")
_BETWEEN = wordset("already still now also just currently presently then not never")


def _progressive(toks: list[Token], before: list[int]) -> bool:
    """Is the participle after ``before`` (token indexes) in a progressive verb, "was
    (already) clutching"?"""
    for j in reversed(before):
        if toks[j].text in _BETWEEN:
            continue
        return toks[j].text in _BE
    return False


def with_cut(toks: list[Token], idx: list[int], n: int, by_tok: dict, seg: list[int]) -> bool:
    """Does "with" (or a participle: "holding", "carrying") at ``idx[n]`` open a phrase of its
    own: the piece before it already relates two objects and the phrase names one more before
    the next separator, not related on by position words ("with b on top of it" is
    with_clauses')?"""
    k = idx[n]
    if not _opens_phrase(toks[k].text) or k in by_tok or _progressive(toks, idx[:n]):
        return False
    # a piece that opens with its verb has its subject before it ("The robot, robbie, is
    # stood on tile_a with the grey paint"), as has a relative clause ("the ferry, which is at
    # l2 with c1 on board"): one more object than it names
    named_before = len({id(by_tok[j]) for j in seg if j in by_tok}) + (
        bool(seg) and toks[seg[0]].text in _VERB_FIRST | _SUBJECT_BEFORE
    )
    if seg and _denied_phrase(toks, idx[n + 1 :], by_tok):
        return True
    if named_before < 2:
        return False
    named = False
    after: list[str] = []  # the words after the phrase's object
    for j in idx[n + 1 :]:
        if toks[j].text in _SEPARATORS and j not in by_tok:
            break
        if j in by_tok:
            named = True
        elif named and toks[j].text.isalpha():
            after.append(toks[j].text)
    rel = " ".join(after)
    if set(after) & _RELATIVE_WORDS and (_BACK.search(rel) or _OPEN.search(rel)):
        return False  # "with b on top of it": a relative phrase (with_clauses); not "with c1
        # on board", which says what the subject carries
    return named


#: Negative determiners: a phrase of its own denies what it names ("carrying nothing").
_DENIERS = wordset("no nothing none without")


def attach(
    out: list[Clause], made: list[Clause], slots: Sequence[Sequence[Mention]]
) -> list[Clause]:
    """``made``, the clauses of a phrase cut by :func:`with_cut` that inherited its subject,
    marked ``attached`` when the subject is the place clause's for sure ("robot1 is parked on
    tile3 with black paint": the robot's own paint, not a guess from an earlier sentence): that
    clause (``out[-1]``) named its subject itself, and the phrase names one object per mention
    of its own (not "with both of its grippers", not "with both tools"), no negative
    determiner ("with no car on board"), not in the goal section."""
    if not out or out[-1].inherited or not out[-1].slots or len(slots) < 2:
        return made
    if any(c.section == "goal" or set(c.text.lower().split()) & _DENIERS for c in made):
        return made  # "with no car on board" denies a class; a goal phrase is left as it was
    if [m.objects for m in slots[0]] != [m.objects for m in out[-1].slots[0]] or not all(
        len(m.objects) == 1 and not m.plural for s in slots[1:] for m in s
    ):
        return made
    return [dataclasses.replace(c, attached=True) for c in made]


def _denied_phrase(toks: list[Token], rest: list[int], by_tok: dict) -> bool:
    """Is the phrase up to the next separator one that names no object (but by "no …") and
    denies ("stands upon c1 carrying nothing", "is at l2 with no car aboard")? Its negation is
    its own, not the place clause's: cut, it is said of the subject on its own."""
    denied = False
    for j in rest:
        if toks[j].text in _SEPARATORS and j not in by_tok:
            break
        if j in by_tok and not by_tok[j].text.lower().startswith("no "):
            return False  # a phrase naming an object, unless it denies it: "with no car"
        denied = denied or toks[j].text in _DENIERS
    return denied


#: Relative pronouns that stand for a subject named before the piece.
_SUBJECT_BEFORE = wordset("which who")
_VERB_FIRST = wordset(
    "is are was were stands stand stood sits sit sat waits wait lies lie rests rest parked "
    "starts start"
)
_WITH = re.compile(
    r"^(?P<head>.*?\b[XYZWV]\b.*?)[\s,]+with\s+(?P<tail>(?:[a-z]+\s+){0,2}(?P<ph>[XYZWV])\b"
    r"(?P<rel>[^,;XYZWV]*?))\s*$"
)
#: The "with" phrase's relation ends with a pronoun for the subject, or is left open.
_BACK = re.compile(r"\b(?:it|them|that one|this one)$", re.I)
_OPEN = re.compile(r"\b(?:on top|atop|on it|above|below|underneath|beneath|inside)$", re.I)


def _relabel(template: str, letters: dict[str, str]) -> str:
    return re.sub(r"\b[XYZWV]\b", lambda m: letters.get(m.group(0), m.group(0)), template)


#: A clause of one object whose relation points back: "X on top of it", "X on it", "X on top".
_POINTS_BACK = re.compile(r"^X\s+(?P<rel>(?:[a-z]+\s+){0,4}?[a-z]+)\s*$")
#: A bare "with" phrase ending a clause: "X with Y", "X sits on the table with Y".
_BARE_WITH = re.compile(
    r"^(?P<head>.*?)[\s,]*\b(?:with|has|carries|supports|bears)\s+(?P<ph>[XYZWV])$"
)
_NEGATED = re.compile(r"\b(?:nothing|no|not|none|nobody|never|without)\b", re.I)
#: What may stand between the two clauses of a pile: "and", "then", "and then", a comma.
_PILE_GAP = re.compile(r"^[\s,;]*(?:and\s+)?(?:then\s+)?$", re.I)


def _back(rel: str) -> str | None:
    """The relation of a clause pointing back, with Y for what it points to; None if none."""
    if _BACK.search(rel):
        return _BACK.sub("Y", rel)
    if _OPEN.search(rel):
        return f"{rel} of Y" if rel.endswith("top") else f"{rel} Y"
    return None


def _piles(clauses: list[Clause], text: str) -> list[Clause]:
    """Resolve a one-object clause pointing back ("b3 on top of it") to the clause before it
    in the same stretch of text (only "and", "then" or a comma between): a bare "with" phrase
    before it is a pile told bottom up."""
    out: list[Clause] = []
    for c in clauses:
        prev = out[-1] if out else None
        m = _POINTS_BACK.match(c.template)
        rel = _back(m.group("rel")) if m else None
        pronoun = bool(m and _BACK.search(m.group("rel")))
        if (
            prev is None
            or rel is None
            or c.direct is not None
            or prev.direct is not None
            or len(c.slots) != 1
            or c.inherited  # "s is on the table, with nothing on it": said of s, no pile
            or _NEGATED.search(c.template)
            or not prev.slots
            or prev.section != c.section
            or not _PILE_GAP.match(text[prev.end : c.start])
        ):
            out.append(c)
            continue
        bare = _BARE_WITH.match(prev.template) if len(prev.slots) >= 2 else None
        if bare is not None and PLACEHOLDERS.index(bare.group("ph")) == len(prev.slots) - 1:
            # "b1 with b2 and then b3 on top of it": b2 <rel> b1, b3 <rel> b2
            under, held = prev.slots[0], prev.slots[-1]
            head = bare.group("head").strip()
            out.pop()
            if re.sub(r"\b[XYZWV]\b|\W", "", head):  # "X sits on Z with Y": keep "X sits on Z"
                out.append(dataclasses.replace(prev, template=head, slots=prev.slots[:-1]))
            out.append(dataclasses.replace(prev, template=f"X {rel}", slots=(held, under)))
            it: tuple[Mention, ...] = held
        elif not pronoun or any(x.plural or len(x.objects) != 1 for s in prev.slots for x in s):
            out.append(c)  # "b1 on top" describes a tower named before; "it" is no list
            continue
        elif len(prev.slots) == 1:
            it = prev.slots[0]  # "b1 is on the table and b2 is on top of it"
        else:  # "b2 is on b1 and b3 on top of it": b2 or b1, unresolved
            objs = tuple(
                dict.fromkeys(
                    o for s in (prev.slots[0], prev.slots[-1]) for x in s for o in x.objects
                )
            )
            first = prev.slots[0][0]
            it = (
                Mention(first.start, first.end, first.text, objs, False, 0.9 / len(objs), -1, -1),
            )
        out.append(dataclasses.replace(c, template=f"X {rel}", slots=(c.slots[0], it)))
    return out


def _relates(world: World, a: Sequence[Mention], b: Sequence[Mention]) -> bool:
    """Does some predicate of two or more places take an object of ``a`` and one of ``b``?"""
    xs = [o for m in a for o in m.objects]
    ys = [o for m in b for o in m.objects]

    def takes(typ: str, o: str) -> bool:
        return typ in ("object", "") or (
            o in world.classes[typ] if typ in world.classes else not world.typed
        )

    return any(
        takes(p.types[i], x) and takes(p.types[j], y)
        for p in world.predicates.values()
        if p.arity >= 2
        for i in range(p.arity)
        for j in range(p.arity)
        if i != j
        for x in xs[:4]
        for y in ys[:4]
    )


def _said_of_place(world: World, before: Clause, c: Clause) -> Clause:
    """A "with" phrase cut from a place clause and given its subject ("r1 on hub1, with nuts1
    tight"): said of the place instead when no predicate relates the phrase's object to the
    subject but one relates it to the place."""
    if len(c.slots) != 2 or len(before.slots) < 2 or c.slots[0] != before.slots[0]:
        return c
    place = before.slots[-1]
    if _relates(world, c.slots[1], c.slots[0]) or not _relates(world, c.slots[1], place):
        return c
    return dataclasses.replace(c, slots=(place, c.slots[1]))


#: A relation told from the other side: "X has Y on it", "X, which has Y sitting on top of it",
#: "X carries Y inside it", "peg X has disc Y on it" — Y stands in the relation to X, the
#: possessive verb only turns it round.
_HAS = re.compile(
    r"^(?:[A-Za-z][a-z]*\s+){0,2}X[\s,]*(?:which\s+|that\s+)?"
    r"(?:has|have|had|carries|carried|supports|bears)\s+(?:got\s+)?(?:[a-z]+\s+){0,2}?Y\s+"
    r"(?P<rel>(?:[a-z]+\s+){0,4}?(?:on|in|inside|atop|above|over|top\s+of|onto|upon|aboard))"
    r"\s+(?:it|them)$"
)


#: Locative inversion, the place first: "On X sits Y", "Beneath X lies Y", "In X are Y", "On
#: top of X there is Y", "Under X you will find Y" — Y is the relation's subject.
_INVERTED = re.compile(
    r"^(?:and\s+|while\s+|but\s+)?(?P<prep>(?:right\s+|directly\s+|just\s+)?(?:on\s+top\s+of|on|"
    r"upon|atop|onto|under|underneath|beneath|below|above|over|in|inside|at))\s+(?:[a-z]+\s+)?X\s+"
    r"(?P<verb>(?:there\s+)?(?:is|are|was|were)|sits?|sat|rests?|rested|lies?|lay|stands?|stood"
    r"|waits?|waited|hangs?|remains?|(?:you\s+(?:will\s+|can\s+)?|we\s+)(?:find|see|have))"
    r"\s+(?:(?:a|an|the|[a-z]+)\s+)?Y$",
    re.I,
)


def _told_from_other_side(c: Clause) -> Clause:
    """ "X has Y on it" as "Y on X", "On X sits Y" as "Y sits on X": the relation's subject is
    the verb's object, or follows the verb."""
    if c.direct is not None:
        return c
    if c.inherited and len(c.slots) == 3 and c.template.startswith("X "):
        # "…, and on top of n rests q": no subject of its own to inherit, the place comes first
        rest = _relabel(c.template[2:], {"Y": "X", "Z": "Y"})
        if _INVERTED.match(rest):
            c = dataclasses.replace(c, template=rest, slots=c.slots[1:], inherited=False)
    if len(c.slots) != 2:
        return c
    m = _HAS.match(c.template)
    if m is not None:
        template = f"X {m.group('rel')} Y"
    elif (m := _INVERTED.match(c.template)) is not None:
        verb = re.sub(r"^(?:there|you|we)\b.*", "is", m.group("verb"), flags=re.I)
        template = f"X {verb.lower()} {m.group('prep').lower()} Y"
    else:
        return c
    return dataclasses.replace(
        c, template=template, slots=(c.slots[1], c.slots[0]), inherited=False
    )


def with_clauses(
    clauses: Sequence[Clause], text: str = "", world: World | None = None
) -> list[Clause]:
    """Each clause "S … with O <relation> it" as two: "S …" and "O <relation> S" (with the
    ``world``: "r1 on hub2 with nuts2 tight on it" is nuts2 on hub2 when no predicate relates a
    nut to a wheel but one relates it to a hub); with the ``text``, piles told over two clauses
    too (:func:`_piles`)."""
    out: list[Clause] = []
    for c in map(_told_from_other_side, clauses):
        if world is not None and out and c.inherited and c.template.startswith("X with "):
            c = _said_of_place(world, out[-1], c)  # "r1 on the first hub with nuts1 tight"
        m = _WITH.match(c.template)
        k = PLACEHOLDERS.index(m.group("ph")) if m else -1
        rel = m.group("rel").strip() if m else ""
        if m is None or c.direct is not None or k <= 0 or k >= len(c.slots) or not rel:
            out.append(c)
            continue
        if _BACK.search(rel):
            rel = _BACK.sub("Y", rel)
        elif _OPEN.search(rel):
            rel = f"{rel} of Y" if rel.endswith("top") else f"{rel} Y"
        else:
            out.append(c)
            continue
        kept = [i for i in range(len(c.slots)) if i != k]
        letters = {PLACEHOLDERS[i]: PLACEHOLDERS[j] for j, i in enumerate(kept)}
        head = _relabel(m.group("head").strip(), letters)
        out.append(dataclasses.replace(c, template=head, slots=tuple(c.slots[i] for i in kept)))
        second = f"X {rel}"
        back = c.slots[0]
        last = c.slots[kept[-1]] if len(kept) > 1 else back
        if world is not None and not _relates(world, c.slots[k], back):
            back = last if _relates(world, c.slots[k], last) else back
        out.append(
            dataclasses.replace(c, template=second, slots=(c.slots[k], back), inherited=False)
        )
    return _piles(out, text) if text else out
