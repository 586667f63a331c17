"""Objects described by how they start out (issue 19): "the three kitchen balls", "the two balls
robot1 is carrying", "the ball it is carrying", "the crate hanging from hoist2", "the crate in
the truck goes to …".

A request often names the objects of a goal by a relation the initial state gives them rather
than by name ("the two balls the robot carries go to the kitchen, and the three kitchen balls
end up in the office"). A careful reader resolves such a noun phrase against the initial state:
the objects of the noun's class that share an init atom with the object the phrase names (the
modifier in "the kitchen balls", the subject of "robot1 is carrying", the object of "hanging
from hoist2"); with no object named ("the ball it is carrying"), the init atoms of the one
predicate the verb words. A phrase is resolved only when the objects it picks fit its number
(the count it gives, one for a singular noun); otherwise the mentions stay as they were, so a
description never becomes a guess.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects b1 b2 b3 - ball hall den - room)"
...                " (:init (at b1 hall) (at b2 den) (at b3 den)) (:goal (and)))")
>>> text = "Bring the two den balls to the hall."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in related(text, toks, find_mentions(text, w, toks), w)]
[('the two den balls', ('b2', 'b3')), ('hall', ('hall',))]
"""

from __future__ import annotations

from collections.abc import Sequence

from .descriptions import describe
from .epithets import epithets
from .mentions import NUMBER_WORDS, Mention, Token
from .ordinals import plain_forms
from .parenthesised import restated
from .reading import Reading
from .rows import described, row_mentions
from .verb_lists import joined_mentions
from .world import World, split_words, wordset

__all__ = ["related", "resolved_mentions"]

#: Subjects of a relative clause that name no object ("the ball it is carrying").
_PRONOUNS = wordset("it he she they we i you")
_RELATIVES = wordset("that which who whom")
_AUX = wordset("is are was were has have had been being currently still already now just")
#: Prepositions after a noun or participle: "the crate in the truck", "hanging from hoist2".
_PREPS = wordset("in inside on at from by under onto into aboard with")
#: What follows a subject "the <noun> <prep> <name>" ("the crate in the truck goes to …"); a
#: bare prepositional phrase is read as a description only before one of these (not in "put
#: the ball in room2", where it states the goal).
_GOES = wordset(
    "goes go should must needs need has have will is are ends end moves move gets get belongs "
    "belong stays stay remains remain can may"
)
_NOT_VERBS = wordset("the a an and or of to as so then but not all both each every")
#: Words before "the <noun>" that make it said of an object rather than name one.
_PREDICATIVE = wordset("as is are was were be being become becomes")


def _count(word: str) -> int | None:
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    return int(word) if word.isdigit() and len(word) <= 2 else None


def _noun(world: World, word: str) -> tuple[frozenset[str], bool] | None:
    """The objects a class noun names and whether it is plural; None when no class."""
    if not word.isalpha() or len(word) < 3:
        return None
    for n, form in enumerate(plain_forms(word)):
        if form in world.classes and form != "object" and world.classes[form]:
            return world.classes[form], n > 0
    return None


def _stem(word: str) -> str:
    for suffix in ("ying", "ing", "ies", "ied", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)]
    return word


def _worded(world: World, verb: str) -> set[str]:
    """Predicates whose name words the verb ("carries", "holding") is a form of."""
    stem = _stem(verb)
    if len(stem) < 3:
        return set()
    out = set()
    for name in world.predicates:
        for w in split_words(name):
            if w.isalpha() and len(w) >= 3 and (_stem(w) == stem or w.startswith(stem[:4])):
                out.add(name)
    return out


def _picked(world: World, pool: frozenset[str], named: Sequence[str], preds: set[str]) -> set[str]:
    """Objects of ``pool`` that share an init atom with every ``named`` object (of one of
    ``preds`` when given)."""
    out = set()
    for atom in world.init:
        if preds and atom[0] not in preds:
            continue
        args = atom[1:]
        if not all(o in args for o in named):
            continue
        out |= {x for x in args if x in pool and x not in named}
    return out


def _marked(world: World, word: str) -> str | None:
    """The one object a static unary predicate named by the noun alone marks ("the depot":
    ``(is-depot pos-2-3)``; not "the bread" for ``no_gluten_bread``), or None."""
    if not word.isalpha() or len(word) < 3:
        return None
    forms = set(plain_forms(word))
    got = set()
    for p in world.predicates.values():
        words = [w for w in split_words(p.name) if w not in ("is", "a", "an", "the")]
        if p.arity == 1 and p.static and len(words) == 1 and words[0] in forms:
            got |= {a[1] for a in world.init if a[0] == p.name and len(a) == 2}
    return got.pop() if len(got) == 1 else None


def _possessive(toks: Sequence[Token], k: int) -> bool:
    return k + 1 < len(toks) and toks[k].text == "'" and toks[k + 1].text == "s"


def _fits(objs: set[str], count: int | None, plural: bool) -> bool:
    if count is not None:
        return len(objs) == count
    return len(objs) >= 2 if plural else len(objs) == 1


def related(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """``ments`` with each "the [count] <noun> …" phrase that describes its objects by an init
    relation (and fits exactly the objects it counts) resolved to those objects."""
    if not world.init or not any(t.text == "the" for t in toks):
        return list(ments)
    at = {}
    for m in ments:
        if m.first_token >= 0:
            for k in range(m.first_token, m.last_token + 1):
                at[k] = m
    n = len(toks)
    found: list[tuple[int, int, set[str]]] = []
    i = 0
    while i < n:
        m = at.get(i)
        if m is not None and m.first_token == i and _possessive(toks, m.last_token + 1):
            j, count = i, None  # "distributor1's pallet"
        elif toks[i].text != "the" or i in at:
            i += 1
            continue
        else:
            j = i + 1
            count = _count(toks[j].text) if j < n else None
            j += count is not None
        got = _phrase(world, toks, at, j, count, n)
        if got is None:
            i += 1
            continue
        end, objs, _ = got
        found.append((i, end, objs))
        i = end + 1
    return described(text, toks, ments, found, 0.85)


def _phrase(
    world: World, toks: Sequence[Token], at: dict, j: int, count: int | None, n: int
) -> tuple[int, set[str], bool] | None:
    """(last token, objects, plural) of the description whose noun phrase starts at token j."""
    if j >= n:
        return None
    mod = at.get(j)
    if mod is not None and len(mod.objects) == 1 and mod.first_token == j:
        # "the kitchen balls", "the second distributor's pallet": a name (an ordinal and its
        # noun) before the class noun
        k = mod.last_token + 1
        own = _noun(world, toks[k].text) if k < n and k not in at else None
        if own is not None and mod.objects[0] in own[0]:
            k += 1
        if _possessive(toks, k):
            k += 2
        noun = _noun(world, toks[k].text) if k < n and k not in at else None
        if noun is None or mod.objects[0] in noun[0]:
            return None
        pool, plural = noun
        plural = plural or bool(count and count > 1)
        objs = _picked(world, pool, mod.objects, set())
        return (k, objs, plural) if objs and _fits(objs, count, plural) else None
    noun = _noun(world, toks[j].text) if j not in at else None
    if noun is None:
        one = _marked(world, toks[j].text) if count is None and j not in at else None
        if j + 2 < n and toks[j + 1].text in ("is", "means") and (j + 2 in at or j + 3 in at):
            return None  # "The depot is the last cell of row 2": what the word names, no fact
        if j >= 2 and toks[j - 2].text in _PREDICATIVE:
            return None  # "mark c1 as the depot": said of an object, not naming one
        return (j, {one}, False) if one is not None else None
    pool, plural = noun
    plural = plural or bool(count and count > 1)
    k = j + 1
    where = k < n and toks[k].text == "where"  # "the room where the robot starts"
    if k < n and (toks[k].text in _RELATIVES or where):
        k += 1
    if k >= n:
        return None
    named: tuple[str, ...] = ()
    w = toks[k].text
    if w == "the" and k + 1 < n and k + 1 in at:
        k += 1  # "the parcels the robot carries": the robot's mention starts after "the"
    subject = at.get(k)
    if subject is not None and subject.first_token == k:
        # "the two balls robot1 is carrying": a named subject, then its verb
        if len(subject.objects) != 1 or subject.objects[0] in pool:
            return None
        named, k = subject.objects, subject.last_token + 1
    elif w in _PRONOUNS:
        k += 1  # "the ball it is carrying"
    elif w == "the" and k + 1 < n and k + 1 not in at and toks[k + 1].text.isalpha():
        if _noun(world, toks[k + 1].text) is not None:
            return None  # "the balls the robots …": a class, not one subject
        k += 2  # "the two balls the robot carries" (no robot object: the verb says which)
    elif w in _PREPS or w.endswith("ing"):
        return _placed(world, toks, at, k, pool, count, plural, n)
    else:
        return None
    while k < n and toks[k].text in _AUX:
        k += 1
    verbless = k >= n or not toks[k].text.isalpha() or k in at
    if where and verbless and toks[k - 1].text in _AUX:
        k -= 1  # "the room where rob is (now)": no verb, the place is the subject's
    elif k >= n or k in at or not toks[k].text.isalpha() or toks[k].text in _NOT_VERBS:
        return None
    preds = set() if verbless else _worded(world, toks[k].text)
    if where and not named and not preds:
        # a place of an agent no object names: the domain says it by a one-place fact
        # (``(at-robby rooma)``, ``(lift-at f2)``)
        objs = {
            a[1]
            for a in world.init
            if len(a) == 2
            and a[1] in pool
            and a[0] in world.predicates
            and not world.predicates[a[0]].static
        }
        return (k, objs, plural) if objs and _fits(objs, count, plural) else None
    if not preds and not named:
        return None
    objs = _picked(world, pool, named, preds)
    return (k, objs, plural) if objs and _fits(objs, count, plural) else None


def _placed(
    world: World,
    toks: Sequence[Token],
    at: dict,
    k: int,
    pool: frozenset[str],
    count: int | None,
    plural: bool,
    n: int,
) -> tuple[int, set[str], bool] | None:
    """ "the crate hanging from hoist2", "the crate in the truck goes …": a participle and/or
    a preposition before one named object."""
    participle = toks[k].text.endswith("ing") and toks[k].text not in _PREPS
    preds: set[str] = set()
    if participle:
        preds = _worded(world, toks[k].text)
        k += 1
        if k < n and toks[k].text in _PREPS:
            k += 1
    elif toks[k].text in _PREPS:
        k += 1
    if k < n and toks[k].text in ("the", "its", "their") and k not in at:
        k += 1
    m = at.get(k)
    if m is None or m.first_token != k or len(m.objects) != 1 or m.objects[0] in pool:
        return None
    end = m.last_token
    nxt = toks[end + 1].text if end + 1 < n else "."
    if not participle and nxt not in _GOES:
        return None
    objs = _picked(world, pool, m.objects, preds)
    if not objs and preds:
        objs = _picked(world, pool, m.objects, set())
    return (end, objs, plural) if objs and _fits(objs, count, plural) else None


def resolved_mentions(reading: Reading) -> list[Mention]:
    """The object mentions of a text for its clauses: names, lists and counts
    (:mod:`.verb_lists`), cells by row and column (:mod:`.rows`), descriptions by a static tie
    (:mod:`.descriptions`), names restated in parentheses (:mod:`.parenthesised`) and
    descriptions by an init relation (:func:`related`)."""
    text, toks, world = reading.text, list(reading.tokens), reading.world
    got = row_mentions(text, toks, joined_mentions(reading), world)
    got = restated(text, toks, epithets(text, toks, describe(text, toks, got, world), world))
    return related(text, toks, got, world)
