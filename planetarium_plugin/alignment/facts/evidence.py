"""Evidence for a confident conflict in the text's own words (issue 19): a reading that would
reject a problem is checked against the span it was read from before it counts as loud.

A fact the problem lacks (or an atom the text negates) read at ``confident`` or above rejects
the problem. A careful reader, before objecting, looks at the words again:

- does the span carry evidence for the fact's **predicate** — a word of its name, of its
  wording (a pack's description, the domain file's comment, the action that makes it true),
  up to a derived form (:func:`.wording.stem`)? Words that name objects or classes, and
  function words, are no such evidence (a predicate whose name has only function words,
  ``on``, ``at``, is evidenced by them);
- does the span speak of **objects** at all — a resolved mention (:mod:`.mentions`), a class
  noun, a word that refers to objects named before ("both of them")?
- does it instead name **another predicate** of the domain, whose atoms the problem holds and
  the text was not read to state ("every floor is above all lower-numbered floors" read as
  ``lift-at``: the span says ``above``, and the problem's ``above`` atoms are unstated)?

A span that asks for a **change** of one object for another ("replace w2 with the spare",
"swap the wheel on hub2 for the spare") states no fact of either object: a reading of it whose
predicate has no such word is doubtful too (the facts the change stands for are read from
the words that spell it out, or judged by description).

A **denial** read beyond its scope — its atom leaves out an object the denied words name and
takes one they do not ("…, but not directly between waypoint2 and waypoint3" read as denying
``visible waypoint2 waypoint1``) — denies nothing of what it was read to deny: doubtful.

A reading of the **initial state** with no word of its predicate at all — not its name, not its
wording, not a preposition of it ("In a three-storey building the floors are f0" read as where
the lift is) — where the problem shows no trace of an edit (no atom of that predicate about
its objects left unstated: a one-fact edit of the init replaces an argument, and leaves the
atom it replaced unstated) is doubtful as well: a state is told in its predicate's words, and
a one-fact edit leaves its trace. (A goal is asked for with verbs of doing — "ball 3 to room
1" — so the goal's readings are not judged so.)

A reading with no word for its predicate that names another predicate with unstated atoms,
or that speaks of no object at all ("please."), is *doubtful*: its confidence is lowered by
:data:`DOUBT` (below the verdict's bar) with a note naming it. A wrong problem (one fact
changed, two objects swapped) leaves the text's fact plainly worded — the predicate's words
and its objects in the span — so those readings stay loud.

>>> from planetarium_plugin.alignment.facts.explain import FactMatch
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain blocks) (:objects b1 b2 b3) (:init (clear b1)"
...                " (on b1 b2) (on-table b2)) (:goal (and (on b2 b1) (clear b2))))")
>>> doubtful(w, FactMatch("(clear b2)", "please.", 0, 7, 0.58), ())
'no word of its predicate and no object'
>>> doubtful(w, FactMatch("(clear b2)", "b2 is clear", 0, 11, 0.9), ())
>>> doubtful(w, FactMatch("(clear b2)", "b2 sits on the table", 0, 20, 0.9), ("(on-table b2)",))
'no word of its predicate; names on-table, whose atoms it leaves unstated'
>>> doubtful(w, FactMatch("(clear b2)", "replace b2 with b1", 0, 18, 0.9), ())
'a change of one object for another, no fact of either'
>>> doubtful(w, FactMatch("(on b1 b2)", "but not between b1 and b3", 0, 25, 0.9, True), ())
'a denial read beyond its scope: it names b3, not b2'
>>> doubtful(w, FactMatch("(on b1 b2)", "b1 is not on b2", 0, 15, 0.9, True), ())
>>> doubtful(w, FactMatch("(clear b3)", "b3, the old block", 0, 17, 0.9), (), state=True)
'no word of its predicate, and no trace of an edit of it'
>>> doubtful(w, FactMatch("(clear b3)", "b3, the old block", 0, 17, 0.9), ("(clear b2)",),
...          state=True)
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from .mentions import find_mentions
from .vocabulary import antonym_says
from .wording import stem
from .world import PLACEHOLDERS, World, split_words, wordset


class Reading(Protocol):
    """What a check needs of a fact (:class:`.explain.FactMatch`): no import of it, so the
    comparison can import this module."""

    @property
    def atom(self) -> str: ...
    @property
    def span(self) -> str: ...
    @property
    def confidence(self) -> float: ...
    @property
    def kind(self) -> str: ...


R = TypeVar("R", bound=Reading)

__all__ = ["DOUBT", "doubtful", "verified"]

#: A doubtful reading's confidence is multiplied by this (from ≤ 1 to below the bar of 0.5).
DOUBT = 0.45

#: Words that say no relation: no evidence for a predicate of their own (prepositions are:
#: "in roomb" evidences ``at`` worded "ball X lies in room Y").
_GENERIC = wordset(
    "a an the i it its of and or as if so to is are was were be been being that this these "
    "those there here then than has have had do does must should will shall can may might "
    "could would all every each both any some one two three still already also just only now "
    "currently initially which who what when x y z w v"
)
#: ... and, for naming ANOTHER predicate, prepositions and the like too (too common to say
#: which predicate a clause is about).
_FUNCTION = _GENERIC | wordset(
    "in on at by for with from into onto not no up down left right off out over under where"
)
_WORD = re.compile(r"[A-Za-z]+")
#: Words that refer to objects named elsewhere ("both of them", "the others"): a span with one
#: of them is about objects even where it names none.
_REFERRING = wordset(
    "it its they them their theirs both each all every either these those this that he she "
    "him her his one ones other others rest remaining same former latter which who whose"
)


#: Verbs that ask for a change of one object for another: no fact of either.
_CHANGE = frozenset(stem(w) for w in ("replace", "swap", "exchange", "substitute", "trade"))

#: Words that put one object in two places of a relation ("b1 is next to itself").
_REFLEXIVE = wordset("itself themselves himself herself self own same")


def _stems(words: Iterable[str]) -> frozenset[str]:
    return frozenset(stem(w.lower()) for w in words)


def _plain(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(text))


@functools.lru_cache(maxsize=4096)
def _predicate_words(
    name: str, wordings: tuple[str, ...], nouns: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    """(evidence, naming) stems of a predicate. Evidence: its name's words and its wordings'
    words that say a relation (not :data:`_GENERIC`, not nouns of its objects' classes).
    Naming — the words that tell it from the domain's other predicates: the content words of
    its name and wordings, less function words, nouns, and a wording's words before its first
    argument ("the lift is at floor X": the lift is who, not what, the predicate says)."""
    own = [w for w in split_words(name) if w.isalpha()]
    said: list[str] = []
    after: list[str] = []
    for t in wordings:
        words = _WORD.findall(t)
        first = next((i for i, w in enumerate(words) if w in PLACEHOLDERS), len(words))
        said += [w.lower() for w in words if w not in PLACEHOLDERS]
        after += [w.lower() for w in words[first:] if w not in PLACEHOLDERS]
    evidence = {stem(w) for w in own} | {
        stem(w) for w in said if w not in _GENERIC and stem(w) not in nouns
    }
    naming = {stem(w) for w in (*own, *after) if w not in _FUNCTION and stem(w) not in nouns}
    return frozenset(evidence), frozenset(naming)


def _nouns(world: World) -> frozenset[str]:
    words = {w for n in (*world.classes, *world.objects) for w in split_words(n) if w.isalpha()}
    return frozenset(stem(w) for w in words)


def _words(world: World, name: str, nouns: frozenset[str]):
    p = world.predicates.get(name)
    wordings = () if p is None else tuple(t for t in (p.template, p.plain, p.acted) if t)
    return _predicate_words(name, wordings, nouns)


def _atom(s: str) -> tuple[str, ...]:
    return tuple(s.strip("()").split())


def _free_words(span: str, world: World) -> tuple[frozenset[str], bool]:
    """The span's words outside object names and the titles right before one ("Painter r1":
    a title, no word of ``painted``), and whether it mentions any object."""
    ments = find_mentions(span, world)
    taken = [(m.start, m.end) for m in ments]
    names = [m.start for m in ments if len(m.objects) == 1 and not m.plural]
    out = []
    for w in _WORD.finditer(span):
        if any(a <= w.start() < b for a, b in taken):
            continue
        rest = span[w.end() :]
        if any(span[w.end() : n].strip() == "" for n in names if n >= w.end()) and rest:
            continue
        out.append(w.group(0))
    return _stems(out), bool(ments)


def _traced(atom: tuple[str, ...], unstated: Iterable[str]) -> bool:
    """Does the problem leave unstated an atom of ``atom``'s predicate about one of its objects
    (of a predicate of one argument, any), or an atom of another predicate about its objects
    alone (the predicate changed) — the trace a one-fact edit leaves?

    >>> _traced(("in", "pump", "boot"), ["(have pump)"]), _traced(("have", "n1"), ["(tight n1 h1)"])
    (True, False)
    """
    return any(
        b != atom
        and (
            b[:1] == atom[:1] and (len(atom) < 3 or bool(set(b[1:]) & set(atom[1:])))
            or len(b) > 1 and set(b[1:]) <= set(atom[1:])
        )
        for b in map(_atom, unstated)
    )


def doubtful(
    world: World,
    f: Reading,
    unstated: Iterable[str],
    nouns: frozenset[str] | None = None,
    state: bool = False,
    denied: Sequence[str] = (),
) -> str | None:
    """Why the reading ``f`` lacks evidence in its span (module docstring), or None when its
    words carry it. ``unstated``: the problem's atoms the text was not read to state;
    ``state``: ``f`` is a reading of the initial state; ``denied``: the problem's atoms the
    text denies (an edit's trace as well: "it does not hold black" where the problem has it).
    A span with no word but object names and function words ("c1 to c5", a structure reader's
    span) says nothing against its predicate: a state read from it is not doubted."""
    unstated = tuple(unstated)
    atom = _atom(f.atom)
    if not atom or atom[0] not in world.predicates or atom[0] in world.type_preds:
        return None
    twice = [o for o in dict.fromkeys(atom[1:]) if atom[1:].count(o) > 1]
    if twice and not _plain(f.span) & _REFLEXIVE:
        named = [o for m in find_mentions(f.span, world) if len(m.objects) == 1 for o in m.objects]
        if any(named.count(o) < 2 for o in twice):
            return f"{twice[0]} in two places, named once"
    if getattr(f, "negated", False) and len(atom) >= 3:
        named = {o for m in find_mentions(f.span, world) if len(m.objects) == 1 for o in m.objects}
        beyond, left = set(atom[1:]) - named, sorted(named - set(atom[1:]))
        if named and beyond and left:
            return f"a denial read beyond its scope: it names {left[0]}, not {sorted(beyond)[0]}"
    nouns = _nouns(world) if nouns is None else nouns
    words = _WORD.findall(f.span)
    # "still unmade" says "made", denied: the base of an un- word is a word of its span
    said = _stems(words) | _stems(w[2:] for w in words if w[:2].lower() == "un" and len(w) > 5)
    own, own_naming = _words(world, atom[0], nouns)
    if said & _CHANGE and not (own | own_naming) & _CHANGE:
        return "a change of one object for another, no fact of either"
    if not own or own_naming & said or antonym_says(f.span, atom[0]):
        return None  # a word that names its predicate, or its antonym (or nothing to judge by)
    if own & said and not own_naming:
        return None  # "b1 on b2" for ``on``: a predicate named by a function word
    free, mentioned = _free_words(f.span, world)
    others = sorted(
        {
            b[0]
            for b in map(_atom, unstated)
            if b
            and b[0] != atom[0]
            and b[0] not in world.type_preds
            and b[0] in world.predicates
            and (_words(world, b[0], nouns)[1] - own) & free
        }
    )
    if others:
        return (
            f"no word of its predicate; names {', '.join(others)}, whose atoms it leaves unstated"
        )
    if own & said:
        return None  # a preposition of its wording ("in roomb" for "ball X lies in room Y")
    if len(atom) > 1 and not (mentioned or said & nouns or _plain(f.span) & _REFERRING):
        return "no word of its predicate and no object"
    if state and free - _stems(_FUNCTION) and not _traced(atom, (*unstated, *denied)):
        return "no word of its predicate, and no trace of an edit of it"
    return None


def verified(
    world: World,
    facts: Sequence[R],
    unstated: Sequence[str],
    confident: float,
    notes: list[str],
    state: bool = False,
    denied: Sequence[str] = (),
) -> list[R]:
    """``facts`` (conflicts) with each doubtful reading at ``confident`` or above lowered by
    :data:`DOUBT`, and a note naming it; readings implied rather than stated are left as
    they are (their own evidence is the facts they come from). ``state``: ``facts`` are
    conflicts of the initial state."""
    out: list[R] = []
    nouns: frozenset[str] | None = None
    for f in facts:
        if f.confidence >= confident and f.kind == "text":
            nouns = _nouns(world) if nouns is None else nouns
            why = doubtful(world, f, unstated, nouns, state, denied)
            if why is not None:
                low = round(f.confidence * DOUBT, 4)
                notes.append(
                    f"{f.atom} (from {f.span!r}): {why}; doubted, confidence "
                    f"{f.confidence} -> {low}"
                )
                f = dataclasses.replace(f, confidence=low)
        out.append(f)
    return out
