"""The problem side of fact-level alignment: objects, classes, atoms and the predicate vocabulary.

A problem is read tolerantly (any domain, no pack needed): objects with their declared types,
init atoms, goal literals. The vocabulary of each predicate — its arity, parameter types and a
verbalization with placeholders in the order the words mention the arguments — comes from,
in order of preference: a pack's ``descriptions``, the comments of a domain file, or the
predicate name split into words (``on-table`` → "X on table", ``handempty`` → "hand empty").
Parameter variable names never matter: they are replaced by placeholders by position.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ...errors import PlanetariumError
from ...parsing import extract_problem, parse_domain
from ...parsing.model import Domain
from .wording import acted_wording, name_wording

__all__ = ["PLACEHOLDERS", "PredicateWords", "World", "read_world", "split_words", "wordset"]


def wordset(words: str) -> frozenset[str]:
    """A set of words written as one string (word lists stay compact and readable)."""
    return frozenset(words.split())


#: Placeholders of the arguments in a verbalization, in the order the words mention them.
PLACEHOLDERS = ("X", "Y", "Z", "W", "V")
_VAR = re.compile(r"\?[A-Za-z0-9_\-]+")
_NEG = re.compile(
    r"\b(?:not|cannot|no|nothing|none|never|neither|nor|without)\b|n't\b", re.IGNORECASE
)


@dataclass(frozen=True)
class PredicateWords:
    """How a predicate is said: ``template`` mentions argument ``order[i]`` as PLACEHOLDERS[i]."""

    name: str
    arity: int
    types: tuple[str, ...]
    template: str
    order: tuple[int, ...]  # order[i] = parameter index mentioned i-th in the template
    negative: bool  # the wording itself is negative ("holds no block")
    static: bool = False  # no action changes it (grid layout, object classes)
    plain: str = ""  # the name's words, parameters X, Y, … in parameter order ("X is on table")
    acted: str = ""  # an action that makes it true, as a participle ("X is jacked up")


@dataclass(frozen=True)
class World:
    """A problem read tolerantly, with its domain's vocabulary."""

    domain_name: str
    objects: Mapping[str, str]  # name -> declared type ("object" when untyped)
    classes: Mapping[str, frozenset[str]]  # class word -> objects (types and static unary preds)
    init: frozenset[tuple[str, ...]]
    goal_pos: frozenset[tuple[str, ...]]
    goal_neg: frozenset[tuple[str, ...]]
    predicates: Mapping[str, PredicateWords]
    parsed: bool = True
    type_preds: frozenset[str] = field(default=frozenset())
    typed: bool = False  # the domain declares types: a type no object has fits no object
    verbs: frozenset[str] = field(default=frozenset())  # first words of the action names
    #: an object's name read as the words a text says it in, where only the encoder's word
    #: list splits it ("loadarea" → load, area: "the load area")
    spoken: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def fits(self, pred: PredicateWords, args: tuple[str, ...]) -> bool:
        """Do the objects fit the predicate's parameter types (or, untyped, its known uses)?"""
        for typ, obj in zip(pred.types, args, strict=True):
            if typ in ("object", ""):
                continue
            if typ not in self.classes:
                if self.typed:
                    return False
                continue
            if obj not in self.classes[typ]:
                return False
        return True


_WORD_SPLIT = re.compile(
    r"[-_\s]+|(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])"
)


def split_words(name: str, vocab: Mapping[str, int] | None = None) -> list[str]:
    """Words of an identifier: separators and case/digit changes split it; a run of letters
    that is not a word is segmented into known words when ``vocab`` (a word-piece vocabulary)
    allows (``handempty`` → hand, empty).

    >>> split_words("on-table"), split_words("at_robby"), split_words("block2")
    (['on', 'table'], ['at', 'robby'], ['block', '2'])
    """
    parts = [p.lower() for p in _WORD_SPLIT.split(name) if p]
    if vocab is None:
        return parts
    out: list[str] = []
    for p in parts:
        out += _segment(p, vocab) if p.isalpha() and p not in vocab and len(p) > 3 else [p]
    return out


def _segment(word: str, vocab: Mapping[str, int]) -> list[str]:
    n = len(word)
    best: list[list[str] | None] = [None] * (n + 1)
    best[0] = []
    for i in range(1, n + 1):
        for j in range(max(0, i - 20), i):
            prev = best[j]
            piece = word[j:i]
            if prev is not None and (piece in vocab and len(piece) > 1 or piece in ("a", "i")):
                cand = [*prev, piece]
                if best[i] is None or len(cand) < len(best[i]):  # type: ignore[arg-type]
                    best[i] = cand
    return best[n] or [word]


def _template_from_text(text: str, params: tuple[str, ...]) -> tuple[str, tuple[int, ...]] | None:
    """A description's wording with variables replaced by placeholders in mention order."""
    body = text.split("):", 1)[1] if re.match(r"\s*\(", text) and "):" in text else text
    pos = {p.lower(): i for i, p in enumerate(params)}
    order: list[int] = []
    seen_vars: list[str] = []
    for m in _VAR.finditer(body):
        v = m.group(0).lower()
        if v not in seen_vars:
            seen_vars.append(v)
    # map variables to parameters by name where they match, else by position of first mention
    mapping: dict[str, int] = {}
    for v in seen_vars:
        if v in pos:
            mapping[v] = pos[v]
    free = [i for i in range(len(params)) if i not in mapping.values()]
    for v in seen_vars:
        if v not in mapping and free:
            mapping[v] = free.pop(0)
    if len(mapping) != len(params):
        return None
    for v in seen_vars:
        order.append(mapping[v])
    letters = {v: PLACEHOLDERS[k] for k, v in enumerate(seen_vars) if k < len(PLACEHOLDERS)}
    out = _VAR.sub(lambda m: letters.get(m.group(0).lower(), "it"), body)
    return re.sub(r"\s+", " ", out).strip().rstrip("."), tuple(order)


def _template_from_name(name: str, arity: int, vocab: Mapping[str, int] | None) -> str:
    return name_wording(split_words(name, vocab), arity)  # "X is on table", "X contains Y"


_COMMENTED = re.compile(
    r"\(\s*([A-Za-z][\w\-]*)((?:\s+\?[\w\-]+(?:\s+-\s+[\w\-]+)?)*)\s*\)+\s*;+\s*([^\n]+)"
)
_NOT_ATOMS = ("=", "or", "imply", "forall", "exists", "when")


def _comments(domain_text: str) -> dict[str, str]:
    """``(pred ?x ?y) ; comment`` lines of a domain file: the author's words for a predicate."""
    out: dict[str, str] = {}
    for m in re.finditer(
        r"\(\s*([A-Za-z][\w\-]*)((?:\s+\?[\w\-]+(?:\s+-\s+[\w\-]+)?)*)\s*\)+\s*;+\s*([^\n]+)",
        domain_text,
    ):
        name, text = m.group(1).lower(), m.group(3).strip()
        if len(text.split()) >= 2:
            out.setdefault(name, f"({name}{m.group(2)}): {text}")
    return out


def vocabulary(
    domain: Domain | None,
    descriptions: Mapping[str, str] | None,
    used: Mapping[str, int],
    vocab: Mapping[str, int] | None,
    static_hint: set[str] | None = None,
) -> dict[str, PredicateWords]:
    """Every predicate's words: from descriptions, domain comments, or its name."""
    said = dict(_comments(domain.text) if domain is not None and domain.text else {})
    said.update({k.lower(): v for k, v in (descriptions or {}).items()})
    changed: set[str] = set()
    sigs: dict[str, tuple[tuple[str, str], ...]] = {}
    if domain is not None:
        for a in domain.actions:
            changed |= {x.predicate.lower() for x in (*a.add, *a.delete)}
        sigs = {n.lower(): p.params for n, p in domain.predicates.items()}
    for n, k in used.items():
        sigs.setdefault(n, tuple((f"?p{i}", "object") for i in range(k)))
    out: dict[str, PredicateWords] = {}
    unary_init = set(static_hint or ())
    for name, params in sigs.items():
        names = tuple(v for v, _ in params)
        got = _template_from_text(said[name], names) if name in said else None
        if got is None:
            tpl, order = _template_from_name(name, len(params), vocab), tuple(range(len(params)))
        else:
            tpl, order = got
        static = (
            name not in changed if domain is not None and domain.actions else name in unary_init
        )
        out[name] = PredicateWords(
            name,
            len(params),
            tuple(t for _, t in params),
            tpl,
            order,
            bool(_NEG.search(tpl)),
            static,
            _template_from_name(name, len(params), vocab),
            acted_wording(domain, name, params) if domain is not None else "",
        )
    return out


def _atoms(expr: object, out: set, neg: set | None = None, negated: bool = False) -> None:
    if not isinstance(expr, list) or not expr:
        return
    head = expr[0]
    if head in ("and",):
        for e in expr[1:]:
            _atoms(e, out, neg, negated)
    elif head == "not" and len(expr) == 2:
        _atoms(expr[1], out, neg, not negated)
    elif (
        isinstance(head, str)
        and head not in _NOT_ATOMS
        and all(isinstance(a, str) for a in expr[1:])
    ):
        atom = tuple(str(x).lower() for x in expr)
        (neg if negated and neg is not None else out).add(atom)


def read_world(
    pddl: str,
    domain: Domain | str | None = None,
    descriptions: Mapping[str, str] | None = None,
    vocab: Mapping[str, int] | None = None,
) -> World:
    """Read a problem without failing: unreadable text gives an empty world (``parsed=False``)."""
    if isinstance(domain, str):
        try:
            domain = parse_domain(domain, lenient=True)
        except PlanetariumError:
            domain = None
    try:
        expr = extract_problem(pddl)
    except PlanetariumError:
        expr = None
    objects: dict[str, str] = {}
    init: set = set()
    gpos: set = set()
    gneg: set = set()
    dname = ""
    if isinstance(expr, list):
        for sec in expr[1:]:
            if not isinstance(sec, list) or not sec or not isinstance(sec[0], str):
                continue
            key = sec[0].lower()
            if key == ":domain" and len(sec) > 1:
                dname = str(sec[1]).lower()
            elif key == ":objects":
                pending: list[str] = []
                items = [str(x).lower() for x in sec[1:] if isinstance(x, str)]
                i = 0
                while i < len(items):
                    if items[i] == "-" and i + 1 < len(items):
                        objects.update(dict.fromkeys(pending, items[i + 1]))
                        pending, i = [], i + 2
                        continue
                    pending.append(items[i])
                    i += 1
                objects.update({o: objects.get(o, "object") for o in pending})
            elif key == ":init":
                for e in sec[1:]:
                    _atoms(e, init)
            elif key == ":goal" and len(sec) > 1:
                _atoms(sec[1], gpos, gneg)
    if domain is not None:
        objects.update({c.lower(): t.lower() for c, t in domain.constants.items()})
    for atom in (*init, *gpos, *gneg):
        for a in atom[1:]:
            objects.setdefault(a, "object")
    used: dict[str, int] = {}
    for atom in (*init, *gpos, *gneg):
        used.setdefault(atom[0], len(atom) - 1)
    # without a domain: a predicate of the init that no goal literal uses is taken as static
    in_goal = {a[0] for a in (*gpos, *gneg)}
    hint = {a[0] for a in init if a[0] not in in_goal}
    preds = vocabulary(domain, descriptions, used, vocab, hint)
    classes: dict[str, set[str]] = {}
    if domain is not None:
        for obj, typ in objects.items():
            t: str | None = typ
            seen = 0
            while t and seen < 20:
                classes.setdefault(t, set()).add(obj)
                t = domain.types.get(t) if t != "object" else None
                seen += 1
    else:
        for obj, typ in objects.items():
            classes.setdefault(typ, set()).add(obj)
    type_preds: set[str] = set()
    typed = domain is not None and domain.typed
    if not typed:  # untyped: static one-word unary predicates name classes ("(ball b1)")
        for name, p in preds.items():
            if p.arity == 1 and p.static and name.isalpha() and not p.negative:
                members = {a[1] for a in init if a[0] == name}
                if members:
                    type_preds.add(name)
                    classes.setdefault(name, set()).update(members)
    # untyped parameters: the classes the actions require of them (a (ball ?b) precondition),
    # else the classes their known uses fall in (so arguments can be ordered)
    if type_preds and domain is not None:
        preds = {n: _action_types(p, domain, type_preds) for n, p in preds.items()}
    preds = {n: _infer_types(p, init | gpos | gneg, classes, type_preds) for n, p in preds.items()}
    nouns = set(classes) | set(objects) | set(preds) | {"left", "right", "down"}
    verbs = {
        w[0]
        for a in (domain.actions if domain is not None else ())
        if (w := split_words(a.name)) and len(w[0]) > 2 and w[0].isalpha() and w[0] not in nouns
    }
    return World(
        domain_name=dname,
        spoken=_spoken(objects, vocab),
        objects=objects,
        classes={k: frozenset(v) for k, v in classes.items()},
        init=frozenset(init),
        goal_pos=frozenset(gpos),
        goal_neg=frozenset(gneg),
        predicates=preds,
        parsed=isinstance(expr, list),
        type_preds=frozenset(type_preds),
        typed=typed,
        verbs=frozenset(verbs),
    )


def _spoken(objects: Mapping[str, str], vocab: Mapping[str, int] | None) -> dict:
    """Objects whose names run words together that a text writes apart ("loadarea", "gasstation"):
    the words, where the encoder's word list segments the name into words of three letters or
    more (so no one-letter piece makes a name of a stray word: "rooma" is left alone)."""
    if vocab is None:
        return {}
    out = {}
    for obj in objects:
        words = split_words(obj, vocab)
        if words != split_words(obj) and all(len(w) >= 3 or w.isdigit() for w in words):
            out[obj] = tuple(words)
    return out


def _action_types(p: PredicateWords, domain: Domain, type_preds: set[str]) -> PredicateWords:
    """Parameter classes of an untyped predicate from the class preconditions of the actions
    that use it: in every action, the variable at that position must be of one class."""
    if p.name in type_preds or p.arity == 0:
        return p
    found: list[set[str] | None] = [None] * p.arity
    for act in domain.actions:
        kinds: dict[str, set[str]] = {}
        for a in act.pre_pos:
            if a.predicate.lower() in type_preds and len(a.args) == 1:
                kinds.setdefault(a.args[0], set()).add(a.predicate.lower())
        for a in (*act.pre_pos, *act.pre_neg, *act.add, *act.delete):
            if a.predicate.lower() != p.name or len(a.args) != p.arity:
                continue
            for i, v in enumerate(a.args):
                k = kinds.get(v, set())
                found[i] = set(k) if found[i] is None else found[i] & k  # type: ignore[operator]
    types = list(p.types)
    for i, f in enumerate(found):
        if types[i] in ("object", "") and f and len(f) == 1:
            types[i] = next(iter(f))
    return dataclasses.replace(p, types=tuple(types))


def _infer_types(p: PredicateWords, atoms: set, classes: dict, type_preds: set) -> PredicateWords:
    if p.name in type_preds or all(t not in ("object", "") for t in p.types):
        return p
    types = list(p.types)
    for i, t in enumerate(types):
        if t not in ("object", ""):
            continue
        args = {a[i + 1] for a in atoms if a[0] == p.name and len(a) == p.arity + 1}
        fits = [c for c in type_preds if args and args <= classes[c]]
        if len(fits) == 1:
            types[i] = fits[0]
    return dataclasses.replace(p, types=tuple(types))
