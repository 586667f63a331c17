# Over 400 lines: one concept (action-schema features); 40 lines are the docstring defining them.
"""Action-schema alignment that sees what a schema does: description ↔ ``(:action …)``.

A whole-schema cosine (Planning in the Dark's filter score) barely moves when one effect
literal is missing, which is exactly the mistake a language model makes. Here the description
is cut into clauses (with a section cue: precondition words such as *must*/*if*, effect words
such as *afterwards*/*then*/*no longer*) and the schema into literals (section, polarity,
predicate words, parameters in order). Features compare them one by one:

- ``cos``: cosine of the description and the schema rendered to English (the old score);
- ``lex_p``/``lex_r``: lexical best-match precision over literals and recall over clauses
  (light stemming: *holds*/*holding*, *painted*/*paints*, *colour*/*color*; parameters in
  order; credit halved across sections, across polarity, and for a parameter's type);
- ``word_r``: the share of the description's content words that some literal states;
- ``eff_r``: recall of the effect clauses against the effect literals only;
- ``emb_p``/``emb_r``: best-match precision and recall with encoder cosines of clauses and
  rendered literals;
- ``name``/``params``: the description's header (``pickup ?ob:``) against the schema's.

Parameter variable names never matter: before anything is compared, the schema's variables
are renamed by position (its ``:parameters`` in order, then any quantified variable by first
appearance) and the description's by the same rule (its header ``stack ?ob ?underob:`` in
order, then first appearance), to ``?x1``, ``?x2``, … (:func:`canonical_variables`). The
description's n-th parameter is thus the schema's n-th, whatever either calls it, and every
feature is the same under any one-to-one renaming of either side's variables.

Recall never rises when a literal is dropped. A logistic head over a few features
(:data:`ACTION_FEATURES`; ``action_head.json``, under 2 KB, rebuilt by
:func:`~.training.train_action_head` on :func:`~.mutations.action_pairs`; ``planetarium
align train --action-out FILE``) gives the score.

>>> s = parse_schema("(:action pick :parameters (?b ?r) :precondition (and (at ?b ?r)) "
...                  ":effect (and (holding ?b) (not (at ?b ?r))))")
>>> [(lit.section, lit.pred, lit.args, lit.neg) for lit in s.literals][1:]
[('eff', 'holding', ('b',), False), ('eff', 'at', ('b', 'r'), True)]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import numpy as np

from .encoder import Encoder
from .model import Features, Head
from .render import (
    _atoms,
    _words,
    action_fields,
    clean_text,
    render_action,
)
from .variables import HEADER as _HEADER
from .variables import PARAM as _PARAM
from .variables import canonical_variables

__all__ = [
    "ACTION_FEATURES",
    "ActionLiteral",
    "ActionSchema",
    "Clause",
    "action_features",
    "action_head_path",
    "canonical_variables",
    "load_action_head",
    "name_match",
    "parse_description",
    "parse_schema",
]

#: Features of the shipped action head (see the module docstring).
ACTION_FEATURES = ("name", "word_r", "lex_r", "emb_r", "eff_r")
#: Literals and clauses read per schema/description at most (bounded work on hostile input).
MAX_PARTS = 64
#: Content words read per clause at most.
MAX_WORDS = 128
_NUMERIC = {"increase", "decrease", "assign", "scale-up", "scale-down"}
_COMPARE = {"=", "<", "<=", ">", ">="}
_SKIP = {"and", "or", "imply", "forall", "exists", "when", "not"}
_WORD = re.compile(r"[a-z][a-z\-_]*")
_CLAUSE_SPLIT = re.compile(
    r"[.;:()]|,?\s(?=(?:and|which|where|if|afterwards|while|but|so that|after which)\b)"
)
_EFFECT_CUE = re.compile(
    r"\b(afterwards|then|no longer|again|gone|becomes?|now|uses? up|grows?|shrinks?|"
    r"counts? as|results?|leaves?|stays?|un\w+s)\b"
)
_PRE_CUE = re.compile(r"\b(must|if|needs?|requires?|only|where it is|provided|as long as)\b")
_NEG_CUE = re.compile(r"\b(no longer|not|nothing|no|gone|without|never|empties)\b")
_STOP = {
    "the", "a", "an", "is", "are", "be", "its", "it", "which", "where", "there", "then",
    "must", "if", "and", "with", "of", "to", "from", "that", "this", "as", "by", "has",
    "have", "been", "own", "afterwards", "again", "longer", "no", "not", "so", "their",
    "they", "them", "both", "each", "any", "one", "while", "into", "onto", "now",
}  # fmt: skip


def stem(word: str) -> str:
    """A light stem: *holds*/*holding* → *hold*, *carried*/*carries* → *carri*.

    >>> [stem(w) for w in ("holds", "holding", "painted", "carried", "carry", "analyses")]
    ['hold', 'hold', 'paint', 'carri', 'carri', 'analys']
    """
    w = word.lower().strip("-_")
    if w.endswith("y") and len(w) > 3:
        return w[:-1] + "i"
    for suf in ("ing", "ied", "ies", "ed", "es", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            w = w[: -len(suf)]
            return w + "i" if suf in ("ied", "ies") else w
    return w


def _same(a: str, b: str) -> bool:
    """Stems match: equal, or (both long enough) one is a prefix of the other or one letter
    apart (*colour*/*color*)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) < 4:
        return False
    if long_.startswith(short):
        return True
    if len(short) >= 5 and len(long_) == len(short) + 1:
        return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))
    return False


@dataclass(frozen=True, slots=True)
class ActionLiteral:
    """One precondition or effect literal of a schema."""

    section: str  # "pre" or "eff"
    pred: str
    words: tuple[str, ...]  # stems of the predicate's (and functions') words
    args: tuple[str, ...]  # parameter names, in order, without "?"
    neg: bool
    text: str  # the literal in controlled English


@dataclass(frozen=True, slots=True)
class ActionSchema:
    """A schema's name, parameters and literals (tolerant: broken input gives empty parts)."""

    name: str
    params: tuple[str, ...]
    literals: tuple[ActionLiteral, ...]


def _vars(x) -> list[str]:
    if isinstance(x, str):
        return [x[1:]] if x.startswith("?") else []
    return [v for a in x for v in _vars(a)]


def _names(x) -> list[str]:
    if isinstance(x, str):
        return [] if x.startswith("?") or x in _SKIP else [x]
    return [n for a in x for n in _names(a)]


def _literals(x, section: str, neg: bool, out: list[ActionLiteral]) -> None:
    if len(out) >= MAX_PARTS or not isinstance(x, list) or not x:
        return
    head = x[0]
    if not isinstance(head, str):
        for a in x:
            _literals(a, section, neg, out)
        return
    if head == "not" and len(x) > 1:
        _literals(x[1], section, not neg, out)
        return
    if head in ("and", "or", "imply", "forall", "exists", "when"):
        start = 2 if head in ("forall", "exists") else 1
        for a in x[start:]:
            _literals(a, section, neg, out)
        return
    if head in _COMPARE or head in _NUMERIC:
        names = _names(x[1:])
        pred = head
    else:
        names = [head, *_names(x[1:])]
        pred = head
    words = tuple(stem(w) for n in names for w in _words(n).split() if w)
    args = tuple(_vars(x[1:]))
    text = " ".join(_atoms(x, neg)).replace("?", "") or _words(head)
    out.append(ActionLiteral(section, pred, words, args, neg, text))


def parse_schema(schema: str | bytes | None) -> ActionSchema:
    """Literals of an ``(:action …)`` schema by section, with polarity (never raises)."""
    name, fields = action_fields(schema)
    params = fields.get(":parameters", [])
    names = tuple(p[1:] for p in params if isinstance(p, str) and p.startswith("?")) if isinstance(
        params, list) else ()  # fmt: skip
    out: list[ActionLiteral] = []
    if isinstance(params, list):  # "?r - rover": the type is a precondition on ?r
        pending: list[str] = []
        for j, tok in enumerate(params):
            if isinstance(tok, str) and tok.startswith("?"):
                pending.append(tok[1:])
            elif tok == "-" and j + 1 < len(params) and isinstance(params[j + 1], str):
                typ = params[j + 1]
                words = tuple(stem(w) for w in _words(typ).split() if w)
                for v in pending:
                    out.append(ActionLiteral("pre", f"- {typ}", words, (v,), False,
                                             f"{v} is a {_words(typ)}."))  # fmt: skip
                pending = []
    _literals(fields.get(":precondition"), "pre", False, out)
    _literals(fields.get(":effect"), "eff", False, out)
    return ActionSchema(name if not name.startswith(":") else "", names, tuple(out))


@dataclass(frozen=True, slots=True)
class Clause:
    """A clause of a description: its stems, parameters in order, section cue and polarity."""

    text: str
    stems: tuple[str, ...]
    params: tuple[str, ...]
    section: str | None  # "pre", "eff" or None (no cue)
    neg: bool


def parse_description(text: str | bytes | None) -> tuple[str, tuple[str, ...], tuple[Clause, ...]]:
    """(header name, header parameters, clauses) of an action description.

    Once an effect cue (*afterwards*, *then*, …) appears, the rest of the sentence counts as
    effects.

    >>> name, params, cl = parse_description(
    ...     "pickup ?ob: take block ?ob from the table; ?ob must be clear. Afterwards the arm "
    ...     "holds ?ob.")
    >>> name, params, [(c.section, c.params) for c in cl]
    ('pickup', ('ob',), [(None, ('ob',)), ('pre', ('ob',)), ('eff', ('ob',))])
    """
    t = clean_text(text)[:20_000].lower()
    m = _HEADER.match(t)
    name, params = "", ()
    if m:
        name = m.group(1)
        params = tuple(_PARAM.findall(m.group(2)))
        t = t[m.end() :]
    out: list[Clause] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", t):
        sticky = False
        prev: tuple[str, ...] = ()
        for part in _CLAUSE_SPLIT.split(sentence):
            part = part.strip()
            if not part:
                continue
            if not sticky and _PRE_CUE.search(part):
                section: str | None = "pre"
            elif sticky or _EFFECT_CUE.search(part):
                section = "eff"
                sticky = True
            else:
                section = None
            words = [w for w in _WORD.findall(_PARAM.sub(" ", part)) if w not in _STOP]
            stems = tuple(stem(p) for w in words for p in re.split(r"[-_]", w) if p)[:MAX_WORDS]
            ps = tuple(_PARAM.findall(part)) or prev  # "which must be clear": the antecedent's
            prev = ps
            if stems:
                out.append(Clause(part, stems, ps, section, bool(_NEG_CUE.search(part))))
            if len(out) >= MAX_PARTS:
                return name, params, tuple(out)
    return name, params, tuple(out)


def _in_order(args: tuple[str, ...], params: tuple[str, ...]) -> bool:
    it = iter(params)
    return all(a in it for a in args)


def lexical_credit(c: Clause, lit: ActionLiteral) -> float:
    """How well a clause states a literal: predicate words × parameters (in order) × section.

    >>> _, _, (c,) = parse_description("x: afterwards the arm holds ?ob.")
    >>> s = parse_schema("(:action x :parameters (?ob) :effect (holding ?ob))")
    >>> lexical_credit(c, s.literals[0])
    1.0
    """
    if not lit.words:
        return 0.0
    w = sum(any(_same(s, x) for x in c.stems) for s in lit.words) / len(lit.words)
    if w == 0:
        return 0.0
    if lit.args:
        a = sum(x in c.params for x in lit.args) / len(lit.args)
        if a == 1 and len(set(lit.args)) > 1 and not _in_order(lit.args, c.params):
            a = 0.5
    else:
        a = 1.0
    sect = 0.5 if c.section is not None and c.section != lit.section else 1.0
    pol = 0.5 if c.neg != lit.neg else 1.0
    kind = 0.5 if lit.pred.startswith("- ") else 1.0  # naming a typed subject says little
    return w * (0.5 + 0.5 * a) * sect * pol * kind


def word_recall(clauses: Sequence[Clause], literals: Sequence[ActionLiteral]) -> float:
    """Word by word: the share of the description's content words that some literal states
    (the word is the literal's, with its parameters, section and polarity as in
    :func:`lexical_credit`); words no literal has count zero."""
    total, got = 0, 0.0
    for c in clauses:
        for x in c.stems:
            total += 1
            best = 0.0
            for lit in literals:
                if any(_same(x, w) for w in lit.words):
                    one = Clause(c.text, (x,), c.params, c.section, c.neg)
                    best = max(best, lexical_credit(one, lit) * len(lit.words))
            got += min(best, 1.0)
    return got / total if total else 0.0


def _pr(sim: np.ndarray) -> tuple[float, float]:
    """Best-match precision (over literals, columns) and recall (over clauses, rows)."""
    if sim.size == 0:
        return 0.0, 0.0
    return float(sim.max(axis=0).mean()), float(sim.max(axis=1).mean())


def name_match(header: str, clauses: Sequence[Clause], schema_name: str) -> float:
    """Does the description name the schema's action? The header (``pickup ?ob:``) if it has
    one, else the fraction of the name's words said anywhere (*pick up* also says *pickup*).

    >>> name_match("", parse_description("Pick up a clear block.")[2], "pickup")
    1.0
    """
    want = [stem(w) for w in _words(schema_name).split() if w]
    if not want:
        return 0.0
    if header:
        have = {stem(w) for w in _words(header).split()}
        return len(set(want) & have) / len(set(want) | have)
    words = [w for c in clauses for w in _WORD.findall(c.text)]
    have = {stem(w) for w in words} | {stem(a + b) for a, b in zip(words, words[1:], strict=False)}
    return sum(any(_same(w, h) for h in have) for w in want) / len(want)


def action_features(
    enc: Encoder | None, descriptions: Sequence[object], schemas: Sequence[object]
) -> Features:
    """Feature columns for aligned lists of descriptions and schemas (one encoder pass),
    computed on :func:`canonical_variables` (so variable names never matter).

    ``enc=None`` leaves the embedding columns (``cos``, ``emb_p``, ``emb_r``) at zero.
    """
    n = len(descriptions)
    if len(schemas) != n:
        raise ValueError(f"{n} descriptions but {len(schemas)} schemas")
    canon = [canonical_variables(d, s) for d, s in zip(descriptions, schemas, strict=True)]
    descriptions = [d for d, _ in canon]
    schemas = [s for _, s in canon]
    cols = {c: np.zeros(n) for c in ("cos", "lex_p", "lex_r", "emb_p", "emb_r", "name",
                                      "params", "eff_r", "word_r")}  # fmt: skip
    plans = []
    for i, (d, s) in enumerate(zip(descriptions, schemas, strict=True)):
        name, params, clauses = parse_description(d)  # type: ignore[arg-type]
        sch = parse_schema(s)  # type: ignore[arg-type]
        cols["name"][i] = name_match(name, clauses, sch.name)
        cols["params"][i] = float(bool(params) and params == sch.params) if params else 0.0
        sim = np.array([[lexical_credit(c, lit) for lit in sch.literals] for c in clauses])
        sim = sim.reshape(len(clauses), len(sch.literals))
        cols["lex_p"][i], cols["lex_r"][i] = _pr(sim)
        eff = [k for k, lit in enumerate(sch.literals) if lit.section == "eff"]
        said = [k for k, c in enumerate(clauses) if c.section == "eff"]
        if said:  # effect clauses against effect literals only
            cols["eff_r"][i] = float(sim[np.ix_(said, eff)].max(axis=1).mean()) if eff else 0.0
        else:
            cols["eff_r"][i] = 1.0
        cols["word_r"][i] = word_recall(clauses, sch.literals)
        plans.append((clauses, sch, sim))
    if enc is None or n == 0:
        return Features(cols, np.zeros((n, 0)), np.zeros((n, 0)))
    d_chunks = [enc.chunks([clean_text(x)])[:16] for x in descriptions]  # type: ignore[list-item]
    s_chunks = [enc.chunks([render_action(x)])[:16] for x in schemas]  # type: ignore[arg-type]
    needed = {c for cs in d_chunks + s_chunks for c in cs}
    for clauses, sch, _ in plans:
        needed.update(c.text for c in clauses)
        needed.update(lit.text for lit in sch.literals)
    uniq = sorted(needed)
    index = {c: k for k, c in enumerate(uniq)}
    table = enc.embed(uniq)

    def pooled(cs: list[str]) -> np.ndarray:
        v = table[[index[c] for c in cs]].mean(axis=0)
        norm = float(np.linalg.norm(v))
        return v / norm if norm else v

    for i, (clauses, sch, _) in enumerate(plans):
        cols["cos"][i] = float(pooled(d_chunks[i]) @ pooled(s_chunks[i]))
        if clauses and sch.literals:
            a = table[[index[c.text] for c in clauses]]
            b = table[[index[lit.text] for lit in sch.literals]]
            sect = np.array([[0.5 if c.section is not None and c.section != lit.section else 1.0
                              for lit in sch.literals] for c in clauses])  # fmt: skip
            emb = np.clip(a @ b.T, 0, 1) * sect
            cols["emb_p"][i], cols["emb_r"][i] = _pr(emb)
    return Features(cols, np.zeros((n, 0)), np.zeros((n, 0)))


def action_head_path() -> Path:
    """The shipped action head (JSON, under 2 KB), rebuilt by ``planetarium align train
    --action-out FILE`` (:func:`~.training.train_action_head`)."""
    return Path(str(files(__package__).joinpath("action_head.json")))


@functools.cache
def load_action_head(path: str | None = None) -> Head:
    """The action head (the shipped one by default), read once per process."""
    return Head.load(Path(path) if path else action_head_path())
