"""The text's objects against the problem's objects (issue 19): a reader checks that the
objects a request names are the problem's objects, and that the inventories it declares have
the problem's sizes, before reading any fact.

Two kinds of conflict, each a :class:`~.explain.FactMatch` of ``kind="object"``:

- **a name no problem object answers to**: an identifier-like token ("spanner3", "b_7",
  "room-3"), a class noun with a number ("room 3") or with a letter ("rooma") where the
  problem's objects of that class are named otherwise, or a name glossed with a type of the
  domain ("bob (man)"). An object *answers to* a name when they are the same once case and
  separators are dropped, or when they carry the same number and one's letters abbreviate
  the other's ("b-1" for ``block1``, "instr0" for ``instrument0``, "rm1" for ``room1``):
  texts shorten and lengthen names, so such a loose answer is no conflict. Words of the
  domain (predicate, type and action names), the problem's own name, and arithmetic
  ("n-1") are no object names. Confidence :data:`NAMED` for a number with the letters of a
  kind the problem has ("room 3", "spanner3"), :data:`WEAK` otherwise (below the verdict's
  bar: writers also call numbered objects "room A" or by a person's name).
- **a declared inventory of another size**: "there are 2 balls", "2 balls (ball1, ball2)",
  "you have three nuts" against the number of the problem's objects of that class (a type,
  or a unary type predicate such as ``(ball x)``). Only declarations count ("move two balls"
  is a subset). Confidence :data:`COUNTED`; :data:`WEAK` when a place follows ("there are
  2 balls in room1" may count a part).

The names the text uses are taken consistently with the problem's (a renaming of objects in
both leaves the conflicts unchanged), and nothing here calls the encoder.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects room1 room2 ball1 ball2 ball3)"
...                " (:init (room room1) (room room2) (ball ball1) (ball ball2) (ball ball3))"
...                " (:goal (and (at ball1 room2))))")
>>> [(f.atom, f.span) for f in object_conflicts("There are 2 balls. Ball 3 is in room 3.", w)]
[('(count ball 2 3)', '2 balls'), ('(object room3)', 'room 3')]
>>> object_conflicts("There are 3 balls; b-1 is in rm2.", w)
[]
"""

from __future__ import annotations

import dataclasses
import math
import re

from .aliases import aliases_in
from .explain import AlignmentExplanation, FactMatch
from .mentions import NUMBER_WORDS
from .ordinals import plain_forms
from .penalty import penalty
from .world import World, split_words

__all__ = ["COUNTED", "NAMED", "WEAK", "object_conflicts", "with_object_conflicts"]

#: The confidence of "the text names X, the problem has no such object".
NAMED = 0.9
#: The confidence of "the text declares N Xs, the problem has M".
COUNTED = 0.8
#: The confidence where the evidence is weaker (below the verdict's bar: it lowers the
#: similarity, it does not reject alone): an identifier of a kind the problem does not have,
#: a lettered name ("rooma") or a glossed name ("bob (man)") where writers also name numbered
#: objects in words, a count followed by a place ("there are 2 balls in room1": maybe a part).
WEAK = 0.45
#: From this many distinct identifiers no object answers to ("wrench1", "p3"), each is a
#: conflict of :data:`SEVERAL_NAMED` (rejects): one may be a writer's alias, several are
#: the mark of another problem's text.
SEVERAL = 2
SEVERAL_NAMED = 0.7
#: Conflicts reported per text at most.
MAX_CONFLICTS = 6

_IDENT = re.compile(r"(?<![\w-])([A-Za-z]+)([-_]?)(\d+)(?![\w-])")
_SPACED = re.compile(r"(?<![\w-])([A-Za-z]{3,})\s+(\d+)(?![\w.-]*\d)(?![\w-])")
_LETTERED = re.compile(r"(?<![\w-])([A-Za-z]{3,})[-_ ]?([A-Za-z])(?![\w-])")
_GLOSSED = re.compile(r"(?<![\w-])([A-Za-z][\w-]*)\s*\(\s*([A-Za-z][\w-]*)\s*\)")
_COUNT = re.compile(
    r"(?<![\w-])(\d+|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    + r")\s+([a-z]+)(?![\w-])"
)
_NUMBERED = re.compile(r"^([a-z]*?)[-_]?(\d+)$")
_PROBLEM = re.compile(r"\(\s*problem\s+([^\s()]+)", re.I)
#: Letters after a class noun that are a plural or a placeholder ("robotN", "ball i").
_PLACEHOLDERS = frozenset("sijkmnx")
_WHOLE = r"\b(?:problem|task|instance|world|scenario|setup|puzzle|domain|building|map)\b"
_DECLARE = ("there are", "there is", "there's", "we have", "you have", "there exist")


def _letters_abbreviate(a: str, b: str) -> bool:
    """Do the letters ``a`` and ``b`` name the same thing loosely: one a prefix of the other,
    or the shorter one's letters in order inside the longer, from its first letter ("rm" in
    "room")?"""
    if not a or not b:
        return a == b
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if long_.startswith(short):
        return True
    if short[0] != long_[0]:
        return False
    it = iter(long_)
    return all(ch in it for ch in short)


def _key(name: str) -> str:
    return re.sub(r"[-_\s]+", "", name.lower())


class _Names:
    """The problem's objects by normalised name and by number."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.exact = {_key(o) for o in world.objects}
        self.by_number: dict[int, list[str]] = {}
        for o in world.objects:
            m = _NUMBERED.match(_key(o))
            if m:
                self.by_number.setdefault(int(m[2]), []).append(m[1])
        # prefixes that at least two objects share with a number ("room" of room1, room2)
        counts: dict[str, int] = {}
        for prefixes in self.by_number.values():
            for p in set(prefixes):
                counts[p] = counts.get(p, 0) + 1
        self.schemes = {p for p, c in counts.items() if c >= 2 and p}
        words = {world.domain_name.lower()}
        for name, pred in world.predicates.items():
            words.add(_key(name))
            words.update(split_words(name))
            words.update(_key(t) for t in pred.types)
        words.update(_key(c) for c in world.classes)
        words.update(_key(v) for v in world.verbs)
        self.vocabulary = words
        self.grid = any(len(re.findall(r"\d+", o)) > 1 for o in world.objects)

    def answers(self, letters: str, number: int | None) -> bool:
        """Does a problem object answer to this name (module docstring)?"""
        if number is None:
            return letters in self.exact
        if f"{letters}{number}" in self.exact:
            return True
        return any(_letters_abbreviate(letters, p) for p in self.by_number.get(number, ()))

    def kind_of(self, letters: str) -> bool:
        """Do these letters name a kind of object the problem has (a class, or the letters of
        numbered objects, shortened or not)?"""
        if self.class_of(letters) is not None:
            return True
        return any(_letters_abbreviate(letters, p) for ps in self.by_number.values() for p in ps)

    def class_numbered(self, noun: str) -> bool:
        """Are the objects of class ``noun`` named with numbers in the problem?"""
        for w in plain_forms(noun):
            if w in self.schemes or any(_letters_abbreviate(w, s) for s in self.schemes if s):
                return True
            members = self.world.classes.get(w)
            if members and sum(bool(_NUMBERED.match(_key(o))) for o in members) >= 2:
                return True
        return False

    def class_of(self, noun: str) -> frozenset[str] | None:
        got = self.class_word(noun)
        return None if got is None else self.world.classes[got]

    def class_word(self, noun: str) -> str | None:
        """The class (a type or unary type predicate) a noun names, if any."""
        for w in plain_forms(noun):
            if w in self.world.classes and w != "object":
                return w
        return None


def object_conflicts(text: str, world: World, pddl: str = "") -> list[FactMatch]:
    """The object conflicts of ``text`` against ``world`` (module docstring), left to
    right, at most :data:`MAX_CONFLICTS`; none when the problem could not be read.
    ``pddl``: the problem's text, whose own name is no object name."""
    if not world.parsed or not world.objects:
        return []
    named = _PROBLEM.search(pddl[:2000])
    problem_name = named[1] if named else ""
    names = _Names(world)
    skip = set(names.vocabulary) | ({_key(problem_name)} if problem_name else set())
    skip |= {_key(n) for n in aliases_in(text, world)[0]}  # names the text defines itself
    found: dict[str, FactMatch] = {}

    def add(obj: str, m: re.Match, conf: float) -> None:
        key = f"(object {obj})"
        if key not in found and len(found) < MAX_CONFLICTS:
            found[key] = FactMatch(key, m[0], m.start(), m.end(), conf, False, "object")

    if not names.grid:
        for m in _IDENT.finditer(text):
            letters, sep, num = m[1].lower(), m[2], int(m[3])
            if _key(m[0]) in skip or letters in skip and not names.schemes:
                continue
            if sep == "-" and len(letters) == 1 and not names.by_number:
                continue  # "n-1": arithmetic
            if sep == "-" and len(letters) == 1 and letters not in names.schemes:
                continue
            if not names.answers(letters, num):
                add(f"{letters}{num}", m, NAMED if names.kind_of(letters) else WEAK)
        for m in _SPACED.finditer(text):
            noun, num = m[1].lower(), int(m[2])
            if noun in ("the", "and", "are", "has", "have", "with", "from", "than", "all"):
                continue
            if not names.class_numbered(noun) or names.class_of(noun) is None:
                continue
            if not names.answers(noun, num) and not _restated(text, m.end(), names):
                add(f"{noun}{num}", m, NAMED)
    for m in _LETTERED.finditer(text):
        noun, letter = m[1].lower(), m[2].lower()
        members = names.class_of(noun)
        if members is None or _key(m[0]) in names.exact or not names.class_numbered(noun):
            continue
        if letter in _PLACEHOLDERS or m[0][len(m[1]) :] == " " + m[2] and letter in ("a", "i"):
            continue  # "room a" is also "room, a …"
        if not any(_key(o).endswith(letter) and not _key(o)[-1].isdigit() for o in members):
            add(f"{noun}{letter}", m, WEAK)
    for m in _GLOSSED.finditer(text):
        name, gloss = m[1].lower(), m[2].lower()
        members = names.class_of(gloss)
        if not members or _key(name) in names.exact or _key(name) in skip:
            continue
        if names.class_of(name) is not None or len(name) < 2:
            continue  # "balls (ball)": a gloss of a class
        mm = _NUMBERED.match(_key(name))
        if mm and names.answers(mm[1], int(mm[2])):
            continue
        add(_key(name), m, WEAK)
    idents = [k for k, f in found.items() if f.confidence == WEAK and _IDENT.fullmatch(f.span)]
    if len(idents) >= SEVERAL:  # several precise names the problem lacks: another problem's text
        for k in idents:
            found[k] = dataclasses.replace(found[k], confidence=SEVERAL_NAMED)
    for f in _declared_counts(text, names):
        if len(found) < MAX_CONFLICTS:
            found.setdefault(f.atom, f)
    return sorted(found.values(), key=lambda f: f.start)


_THEN_NAMES = re.compile(r"(?:\s*(?:,|and|&|to|-|\u2013)\s*\d+)*\s*\(([^()]{1,200})\)")


def _restated(text: str, end: int, names: _Names) -> bool:
    """Is the numbered description ending at ``end`` followed by a parenthesis naming the
    problem's objects ("Parcels 1 and 2 (b-1, b-2)")? Then it says which objects it means
    (:mod:`.parenthesised`) and names none of its own."""
    m = _THEN_NAMES.match(text, end)
    return bool(m) and any(_key(w) in names.exact for w in re.split(r"[\s,&;]+", m[1]) if w)


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def _declared_counts(text: str, names: _Names) -> list[FactMatch]:
    """Declared inventories ("there are 2 balls", "2 balls (ball1, ball2)") whose size is not
    the problem's number of objects of that class."""
    out: list[FactMatch] = []
    low = text.lower()
    for m in _COUNT.finditer(low):
        n = _number(m[1])
        if n is None or n > 1000:
            continue
        noun = m[2]
        members = names.class_of(noun)
        if members is None or n < 2 or len(plain_forms(noun)) < 2:
            continue  # a count of a plural class noun
        if low[: m.start()].split()[-1:] in (["of"], ["with"], ["each"], ["per"]):
            continue  # "two rows of three tiles": a part, not the inventory
        after = low[m.end() : m.end() + 3].lstrip()
        listed = after.startswith("(") or after.startswith(":")
        # "(6 cells)": an inventory in parentheses
        listed = listed or (low[: m.start()].rstrip().endswith("(") and after.startswith(")"))
        before = low[max(0, m.start() - 40) : m.start()]
        clause = re.split(r"[.;!?\n]", before)[-1].strip()
        declared = any(clause.endswith(d) for d in _DECLARE) or (
            any(d in clause for d in _DECLARE)
            and re.search(r"(?:,|\band)\s*$", clause) is not None
            and re.search(r"\b(?:of|the|all|both)\b", clause) is None
        )
        # "this problem has four floors": the whole task has them (not "the robot has two …")
        declared = declared or (
            re.search(r"\b(?:has|have|contains|includes)$", clause) is not None
            and re.search(_WHOLE, clause) is not None
        )
        placed = re.match(r"\s+(?:in|at|on|inside|near|by|under|of)\b", low[m.end() :]) is not None
        if not (listed or declared):
            continue
        if n != len(members):
            out.append(
                FactMatch(
                    f"(count {names.class_word(noun)} {n} {len(members)})",
                    text[m.start() : m.end()],
                    m.start(),
                    m.end(),
                    COUNTED if listed or not placed else WEAK,
                    False,
                    "object",
                )
            )
    return out


def with_object_conflicts(e: AlignmentExplanation, found: list[FactMatch]) -> AlignmentExplanation:
    """``e`` with ``found`` as its object conflicts, its similarity lowered by what they add to
    the penalty (:mod:`.penalty`: the most confident conflict costs most; the verdict then
    rejects one at the policy's bar), and a note naming each."""
    if not found:
        return e
    notes = tuple(_say(f) for f in found)
    got = dataclasses.replace(e, objects=tuple(found), notes=(*e.notes, *notes), aligned=False)
    cost = penalty(got) - penalty(e)
    return dataclasses.replace(got, similarity=round(e.similarity * math.exp(-cost), 6))


def _say(f: FactMatch) -> str:
    parts = f.atom.strip("()").split()
    if parts[0] == "count":
        return (
            f"the text declares {parts[2]} of class {parts[1]} ({f.span!r}); the problem "
            f"has {parts[3]}"
        )
    return f"the text names {f.span!r}; the problem has no such object"
