"""A domain's own lexicon, for requests over a domain no pack describes (issue 19).

What a reader takes from the domain file itself, beyond each predicate's wording
(:mod:`.world`):

- **names a text uses as names**: a request may name a predicate outright, as PDDL users do:
  ``Objects c1 and l2 are in the relation "at"``, ``the predicate robot-at holds for x1``,
  ``"at" holds for t1 and l2``. :func:`named_predicates` finds such spans (a quoted name, a name
  after "predicate"/"relation", or a hyphenated/underscored identifier written as in the domain);
  :func:`name_clauses` turns a clause naming one predicate into a direct reading, arguments in
  the order written (the predicate's parameter order);
- **polarity inside names**: ``not_allergic_gluten``, ``notexist``, ``no_gluten_bread`` carry a
  negation in the name; "X is not allergic" states such a predicate *positively*, and "X is
  gluten-free" states ``no_gluten_…`` positively. :func:`negations` counts the negations of a
  wording (``-free`` and ``without`` count), :func:`name_negated` tells a name's own parity;
- **the domain's verbs and words**: a sentence opening with the first word of an action's name
  ("Serve both children." with ``serve_sandwich``) is an imperative, so a goal; a cue word that
  the domain's own comments use to word a predicate ("?p wants to go to floor ?f") states a fact
  there, not a wish (:func:`lexicon_words`).

>>> negations("X is not gluten-free"), negations("X is allergic")
(2, 0)
>>> name_negated("not_allergic_gluten"), name_negated("notexist"), name_negated("served")
(True, True, False)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .world import World, split_words

if TYPE_CHECKING:  # clauses → sections → this module: no import at run time
    from .clauses import Clause
    from .mentions import Mention

__all__ = [
    "lexicon_words",
    "name_clauses",
    "name_negated",
    "named_predicates",
    "negations",
]

_NEGATION_WORD = re.compile(
    r"\b(?:not|no|never|none|nothing|nobody|without|non|neither|nor)\b|n't\b|\w-free\b", re.I
)
#: Words a predicate name opens with (or holds) that negate it: ``not_allergic``, ``no_gluten``.
_NAME_NEGATIONS = frozenset({"not", "no", "non", "never", "un"})
_QUOTES = "\"'`\u201c\u201d\u2018\u2019"


def negations(wording: str) -> int:
    """How many negations a wording holds ("not", "no", "without", "gluten-free", "isn't")."""
    return len(_NEGATION_WORD.findall(wording))


def name_negated(name: str) -> bool:
    """Is a predicate name negative in itself (``not_allergic_gluten``, ``notexist``,
    ``no-gluten-bread``)? A name glued to its negation (``notexist``) is split off at a
    leading "not"/"non" followed by at least three letters."""
    words = split_words(name)
    if any(w in _NAME_NEGATIONS for w in words):
        return True
    first = words[0] if words else ""
    return bool(re.match(r"(?:not|non)[a-z]{3,}$", first)) and first not in _NOT_GLUED


#: Words that open with "not"/"non" and are no negation.
_NOT_GLUED = frozenset({"notable", "notably", "notice", "noticed", "notion", "nonetheless"})


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


#: Goal cue words that a domain's own predicate wording may use to state a fact.
_SOFT_CUES = frozenset(
    {"want", "wants", "wanted", "target", "objective", "task", "aim", "desired", "done", "needs"}
)


def lexicon_words(world: World) -> frozenset[str]:
    """Cue words the domain's predicate wordings use ("?p wants to go to floor ?f"): in this
    domain they state facts, so they are no goal cue."""
    words: set[str] = set()
    for p in world.predicates.values():
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", p.template))
    return frozenset(words & _SOFT_CUES)
