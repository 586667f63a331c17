"""Back-references (issue 19): "they all need to go to roomb", "each of them", "both
resting on the table", "all three"; "he", "she", "it" opening a clause.

A plural pronoun opening a clause ("they", "them", "these", "each of them", "all three …")
refers to the last plural subject the text named, in this sentence first, else an earlier one
("Balls 1 to 3 are in rooma. They must all end up in roomb."); a counted one ("both", "all
three") to one of that many objects. With no plural subject of that size, a counted reference
is the objects of the clauses just before it ("a left and a right gripper, both empty"; "r1
on t4 and r2 on t6, both carrying white": their subjects, of another kind than what they are
related to); where those are more than it counts ("two stacks: c on b on a, and f on e on d,
both on the table" — the stacks' bottoms, or their tops?) it is left unresolved: one ambiguous
mention, so a reading of it is weak evidence and never a confident conflict.

A singular pronoun opening a clause ("Ben is inside the lift (he got on at the first floor)";
"r1 is on t1 and holds white; it does not hold black") refers to the nearest subject that
opened a clause before it and fits: one object, not one the clause names itself, and of a type
some predicate takes together with an object the clause names (a passenger and a floor; a
robot and a colour). "it" looks only in its own sentence, and stops at a subject that is no
object ("the ferry, which … with c1 on board, and could it …": the ferry, which no object
names; the clause is read without it), or in the sentence before when that has one subject
("The robot r1 is on t1. It holds white."); "he"/"she" look past both. A clause with a
subordinate ("it is clear that …") or two objects of its own is no fact of the pronoun's.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .mentions import NUMBER_WORDS, Mention, Token
from .world import World

__all__ = ["Antecedents", "antecedent", "opening", "singular"]

_PRONOUNS = {"they", "them", "these", "those"}
_OPENERS = {"both", "all", "each", "these", "those"}
#: After an opener, these start a clause of its own ("All I need is …", "each of b1 and b2").
_NOT_AFTER = {"i", "we", "you", "he", "she", "it", "that", "this", "the", "my", "our", "your"}


@dataclass
class Antecedents:
    """What a plural pronoun may refer to, carried from sentence to sentence of one text:
    the last plural subject (``plural``), the one named in the current sentence (``here``), and
    the subjects and last objects of the current sentence's clauses (``recent``)."""

    kinds: Mapping[str, str] = field(default_factory=dict)  # object -> declared type
    plural: tuple[Mention, ...] = ()
    here: tuple[Mention, ...] = ()
    recent: list[tuple[tuple[Mention, ...], tuple[Mention, ...]]] = field(default_factory=list)
    world: World | None = None
    #: Subjects that opened their clause, text order, with their sentence's number; None for
    #: one that names no object.
    subjects: list[tuple[int, Mention | None]] = field(default_factory=list)
    sentence: int = 0
    #: The clauses of the sentence before ("ball1 lies in room2 and ball2 in room3; both …").
    before: list[tuple[tuple[Mention, ...], tuple[Mention, ...]]] = field(default_factory=list)

    def forget(self) -> tuple[Mention, ...]:
        """A clause whose subject no object names ("the robot, …"): ``()``, recorded."""
        self.opened(None)
        return ()

    def opened(self, subject: Mention | None | bool) -> None:
        """Record a clause's opening subject (None: a noun phrase no object names; False: no
        main clause, nothing to record)."""
        if subject is False or subject is True:
            return
        if (
            subject is not None
            and subject.confidence < _SURE
            and subject.text.lower() not in _SINGULAR
        ):
            subject = None  # "The shaker's levels go l0, l1, l2; it is empty": no sure object
        if subject is None or (not subject.plural and len(subject.objects) == 1):
            self.subjects.append((self.sentence, subject))
        del self.subjects[:-_LOOK_BACK]

    def new_sentence(self) -> None:
        self.sentence += 1
        self.here = ()
        self.before, self.recent = self.recent, []

    def said(
        self,
        subject: tuple[Mention, ...],
        last: tuple[Mention, ...],
        opening: Mention | None | bool = False,
    ) -> None:
        """Record a clause's subject and last object; a plural subject is an antecedent;
        ``opening``: the subject that opened it, for a singular pronoun (:func:`opening`)."""
        self.opened(opening)
        self.recent.append((subject, last))
        if len(subject) > 1 or any(m.plural for m in subject):
            self.plural = self.here = subject


def _count(words: Sequence[str]) -> int:
    """How many a reference counts: "both" 2, "all three" 3; 0 when it does not say."""
    if "both" in words:
        return 2
    return next((NUMBER_WORDS[w] for w in words if w in NUMBER_WORDS), 0)


def _size(ms: Sequence[Mention]) -> int:
    return sum(len(m.objects) if m.plural else 1 for m in ms)


def antecedent(
    toks: Sequence[Token], seg: Sequence[int], by_tok, memory: Antecedents
) -> tuple[Mention, ...]:
    """The objects a segment (token indices) opening with a pronoun refers to (a singular one:
    :func:`singular`); ``()`` when it opens otherwise or names a fact of its own objects
    ("stack them so that b1 sits on b2")."""
    if not seg or seg[0] in by_tok:
        return ()
    if it := singular(toks, seg, by_tok, memory):
        return (it,)  # "(he got on at the first floor)", "it does not hold black"
    own = {id(by_tok[k]) for k in seg if k in by_tok}
    words = [toks[k].text for k in seg if k not in by_tok]
    if len(own) >= 2 or not words:
        return ()
    if not any(w in _PRONOUNS for w in words[:2]):
        nxt = seg[1] if len(seg) > 1 else None
        if words[0] not in _OPENERS or nxt is None or nxt in by_tok:
            return ()
        if toks[nxt].text in _NOT_AFTER or (toks[nxt].text == "of" and nxt + 1 in by_tok):
            return ()
    n = _count(words[:4])
    if n == 0 and not any(w in _PRONOUNS for w in words[:4]):
        return ()  # "four balls, all in rooma": "all" floats after a subject not named here
    for cand in (memory.here, None, False, memory.plural):
        if cand is None or cand is False:  # the clauses just before: this sentence's, then
            # the sentence before's (a counted reference right after it)
            got = counted(memory, n) if cand is None else _subjects(memory, n)
            if got is not None and not _other_kind(words, (got,), memory.kinds):
                return (got,)
        elif cand and (n == 0 or _size(cand) == n) and not _other_kind(words, cand, memory.kinds):
            return cand
    return ()


_IRREGULAR = {"children": "child", "kids": "kid", "people": "person", "men": "man",
              "women": "woman", "mice": "mouse", "geese": "goose"}  # fmt: skip
_NOT_NOUNS = {"is", "are", "was", "were", "has", "have", "lies", "sits", "rests", "stands",
              "needs", "goes", "does", "remains", "stays", "this", "its", "his"}  # fmt: skip


def _other_kind(words: Sequence[str], cand: Sequence[Mention], kinds: Mapping[str, str]) -> bool:
    """ "both kids served" after "sandwiches s1, s2: …": the plural noun after the opener
    names a kind the candidate's objects (all of a declared type) are not."""
    nouns = [w for w in words[1:3] if w.isalpha() and w not in NUMBER_WORDS and w != "of"]
    noun = nouns[0] if nouns else ""
    if noun in _PRONOUNS or noun in _NOT_NOUNS or not (noun.endswith("s") or noun in _IRREGULAR):
        return False
    types = {kinds.get(o, "object").lower() for m in cand for o in m.objects}
    if not types or "object" in types:
        return False
    forms = {noun, noun[:-1], noun[:-2], noun[:-3] + "y", _IRREGULAR.get(noun, noun)}
    return not any(f and (f in t or t in f) for t in types for f in forms if len(f) > 2)


def _subjects(memory: Antecedents, n: int) -> Mention | None:
    """The sentence before's subjects when they are just ``n`` objects of one kind ("Ann waits
    at f1 and Bob at f3; both …"), else None (never its other objects)."""
    subjects = [m for sub, _ in memory.before for m in sub]
    objs = list(dict.fromkeys(o for m in subjects for o in m.objects))
    if n < 2 or len(objs) != n or len({memory.kinds.get(o) for o in objs}) != 1:
        return None
    first = subjects[0]
    return Mention(first.start, first.end, first.text, tuple(objs), True, 0.85, -1, -1)


def counted(memory: Antecedents, n: int) -> Mention | None:
    """ "both …", "all three …" with no plural subject of that size: the objects of the last
    ``n`` clauses of the sentence — their subjects, or their last objects? When they are just
    ``n`` objects, those; otherwise one of them, unresolved (an ambiguous mention)."""
    if n < 2 or len(memory.recent) < n:
        return None
    subjects = [o for s, _ in memory.recent[-n:] for m in s for o in m.objects]
    lasts = [o for _, t in memory.recent[-n:] for m in t for o in m.objects]
    objs = list(dict.fromkeys(subjects + lasts))
    if len(set(subjects)) == n and not {memory.kinds.get(o) for o in subjects} & {
        memory.kinds.get(o) for o in lasts if o not in subjects
    }:
        objs = subjects  # "r1 on t4 and r2 on t6, both carrying white": the robots
    if len(objs) < n:
        return None
    first = memory.recent[-n][0][0]
    plural = len(objs) == n
    conf = 0.85 if plural else 0.9 / len(objs)
    return Mention(first.start, first.end, first.text, tuple(objs), plural, conf, -1, -1)


_SINGULAR = {"he", "she", "it"}
#: A subject a pronoun may stand for is named for sure (not a description's best guess).
_SURE = 0.95
#: How many opening subjects back a singular pronoun looks.
_LOOK_BACK = 4
#: A resolved pronoun's confidence: the nearest fitting subject, usually but not always right.
PRONOUN_CONFIDENCE = 0.8
_SUBORDINATE = {"that", "if", "whether"}


def _takes(world: World, typ: str, obj: str) -> bool:
    if typ in ("object", ""):
        return True
    if typ not in world.classes:
        return not world.typed
    return obj in world.classes[typ]


def _fits(world: World, obj: str, others: Sequence[str]) -> bool:
    """Does some predicate take ``obj`` and (when the clause names one) an object of the
    clause's in another parameter?"""
    for p in world.predicates.values():
        for i, t in enumerate(p.types):
            if not _takes(world, t, obj):
                continue
            if not others or any(
                _takes(world, u, o) for j, u in enumerate(p.types) if j != i for o in others
            ):
                return True
    return False


def _fits_both(world: World, obj: str, pair: Sequence[str]) -> bool:
    """Does some predicate take ``obj`` and both objects of ``pair``, each in a parameter of
    its own ("it can drive wp0 -> wp1": a rover, and two waypoints of ``can_traverse``)?"""
    a, b = pair
    for p in world.predicates.values():
        ts = p.types
        for i, j, k in itertools.permutations(range(len(ts)), 3):
            if _takes(world, ts[i], obj) and _takes(world, ts[j], a) and _takes(world, ts[k], b):
                return True
    return False


def singular(
    toks: Sequence[Token], seg: Sequence[int], by_tok, memory: Antecedents
) -> Mention | None:
    """The object a clause opening with "he", "she" or "it" refers to, as a mention of the
    pronoun; None when it opens otherwise or no subject before it fits."""
    if not seg or seg[0] in by_tok or toks[seg[0]].text not in _SINGULAR or memory.world is None:
        return None
    own = list(dict.fromkeys(id(by_tok[k]) for k in seg if k in by_tok))
    if any(toks[k].text in _SUBORDINATE for k in seg if k not in by_tok):
        return None
    others = [o for k in seg if k in by_tok for o in by_tok[k].objects]
    # two objects of its own: a fact of the pronoun's only where one predicate relates all
    # three ("it can drive wp0 -> wp1"), not "it is clear that b1 is on b2"
    named = list(dict.fromkeys(others))
    pair = len(own) == 2 and len(named) == 2
    if len(own) > 1 and not pair:
        return None

    def fit(c: Mention) -> bool:
        o = c.objects[0]
        if o in others:
            return False
        if pair:
            return _fits_both(memory.world, o, named)  # type: ignore[arg-type]
        return _fits(memory.world, o, others)  # type: ignore[arg-type]

    found: str | None = None
    if toks[seg[0]].text != "it":  # a person: the nearest fitting subject that names one
        found = next(
            (c.objects[0] for _, c in reversed(memory.subjects) if c is not None and fit(c)),
            None,
        )
    else:  # a thing: the nearest subject of this sentence, else the previous one's only one
        here = [c for n, c in memory.subjects if n == memory.sentence]
        before = [c for n, c in memory.subjects if n == memory.sentence - 1]
        if not here and before and None not in before and len({c.objects for c in before}) == 1:
            here = before[-1:]
        for c in reversed(here):
            if c is None:
                break
            if fit(c):
                found = c.objects[0]
                break
    if found is None:
        return None
    t = toks[seg[0]]
    return Mention(t.start, t.end, t.text, (found,), False, PRONOUN_CONFIDENCE, seg[0], seg[0])


_RELATIVE_OPENERS = {"which", "who", "whose", "where", "whom"}
_OPENERS_BEFORE = {"the", "a", "an", "my", "your", "our", "their"}
_AUXILIARIES = {"can", "could", "would", "will", "should", "shall", "may", "might", "must",
                "does", "did"}  # fmt: skip


def opening(
    toks: Sequence[Token], sg: Sequence[int], slots: Sequence, nouns: frozenset[str], leads: bool
) -> Mention | None | bool:
    """The clause's first slot when it is one mention that opens the clause ("b1 is …", "The
    robot r1 is …", "Can Bob …", an inherited subject): a subject a pronoun after it may stand
    for; None when words no object names come first ("Can the elevator get Ann …"); False for
    a relative clause ("The robot stands on p1, which is the depot, and it …": p1 is no
    subject of a main clause)."""
    if toks[sg[0]].text in _RELATIVE_OPENERS:
        return False
    if len(slots[0]) != 1:
        return None
    first = slots[0][0]
    if leads or first.start < toks[sg[0]].start:
        return first
    before = [toks[k].text for k in sg if toks[k].end <= first.start]
    ok = all(
        w in _OPENERS_BEFORE or w in _AUXILIARIES or w in nouns or w.rstrip("s") in nouns
        for w in before
    )
    return first if ok else None
