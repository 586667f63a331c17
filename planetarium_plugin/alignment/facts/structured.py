"""Structured requests: a state written as a JSON-like object or as a markdown table.

People and models often write the state as data rather than prose::

    {"initial": {"b1": "table", "b2": "b1", "hand": "empty"}, "goal": {"b1": "b2"}}

    | block | sits on | clear |
    |---|---|---|
    | p | table | yes |

The prose reader cuts such text at its punctuation and reads "b2 b1" as a list. Here each
key/value pair (each row cell) is one clause, with its text span: the object named by the key
(the row's first cell) and the value's words or object, worded with the key's context (the
parent key, the column header): ``"b2": "b1"`` -> "X Y", ``"grippers": {"l": "free"}`` ->
"grippers X free", a cell "s" under "sits on" -> "X sits on Y". ``yes``/``true`` states the
header of its row's object ("X clear"), ``no``/``false`` denies it ("X is not clear"), ``-`` or
an empty cell states nothing; a cell's parenthesis says something of the cell's object ("r1
(holding blue)"). The section comes from the keys and headers ("initial", "goal", "target",
"now", an imperative "paint it") and otherwise from where the structure stands in the text.
Which predicate a clause states is left to the grounding (types and wordings), as for prose.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects b1 b2) (:init) (:goal (and)))")
>>> read = lambda t: [(c.section, c.template) for c in structured_clauses(t, w)]
>>> read('{"start": {"b1": "b2"}, "goal": {"b2": "table"}}')
[('init', 'X Y'), ('goal', 'X table')]
>>> read("| block | clear |\\n|---|---|\\n| b1 | no |")
[('any', 'X is not clear')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .clauses import Clause
from .mentions import Mention, find_mentions
from .reading import Reading
from .sections import _CUES, _IMPERATIVES, _INIT_CUES, section_at, sections
from .sequences import replace_spanned
from .world import PLACEHOLDERS, World

__all__ = ["structured_clauses", "with_structured"]

#: Characters of one structure read at most (bounded time on hostile input).
MAX_STRUCTURE = 20_000
_YES = {"yes", "true", "y", "x", "✓", "✔"}
_NO = {"no", "false", "n", "none"}
_NOTHING = {"", "-", "–", "—", "n/a", "na", "null", "?"}
_SECTION_KEY = re.compile(
    r"^(?:init|initial|initially|start|starting|current|currently|now|state|before|setup)"
    r"(?:[ _-]?(?:state|facts|situation|config|configuration))?$",
    re.I,
)
_GOAL_KEY = re.compile(
    r"^(?:goal|goals|target|targets|final|end|desired|wanted|after|objective)"
    r"(?:[ _-]?(?:state|facts|situation|config|configuration))?$",
    re.I,
)
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'|([{}\[\]:,])|([^\s{}\[\]:,"\']+)')


def _key_section(key: str) -> str | None:
    k = key.strip().lower()
    if _GOAL_KEY.match(k):
        return "goal"
    if _SECTION_KEY.match(k):
        return "init"
    return None


def _header_section(head: str) -> str | None:
    """The section a table header names: "target", "goal", "final" / "now", "initially"; an
    imperative header ("paint it") asks for its cells."""
    words = re.findall(r"[A-Za-z']+", head.lower())
    if not words:
        return None
    if _key_section(head) == "goal" or _CUES.search(head) or words[0] in _IMPERATIVES:
        return "goal"
    if _key_section(head) == "init" or _INIT_CUES.search(head) or words[0] in {"now", "before"}:
        return "init"
    return None


def _mentions(text: str, a: int, b: int, world: World) -> list[Mention]:
    """The object mentions of ``text[a:b]``, with offsets in ``text``."""
    out = []
    for m in find_mentions(text[a:b], world):
        out.append(
            Mention(a + m.start, a + m.end, m.text, m.objects, m.plural, m.confidence, -1, -1)
        )
    return out


def _words(text: str, mentions: Sequence[Mention], start: int, letters: list[str]) -> str:
    """``text`` (starting at offset ``start``) with each mention replaced by the next letter."""
    out, pos = [], 0
    for m, letter in zip(mentions, letters, strict=False):
        out.append(text[pos : m.start - start])
        out.append(letter)
        pos = m.end - start
    out.append(text[pos:])
    return re.sub(r"\s+", " ", "".join(out)).strip(" ,.;:\"'")


def _clause(
    text: str,
    start: int,
    end: int,
    ctx: str,
    subject: list[Mention],
    value: tuple[int, int, str],
    section: str,
    world: World,
) -> list[Clause]:
    """The clauses of one key/value (row/cell): ``ctx`` words the relation (header, parent key)."""
    a, b, raw = value
    word = raw.strip().lower()
    if word in _NOTHING:
        return []
    x = PLACEHOLDERS[0]
    head = [x] if subject else []
    if word in _YES and subject:
        return [_mk(text, start, end, f"{x} {ctx}", [subject], section)]
    if word in _NO and subject and ctx:
        return [_mk(text, start, end, f"{x} is not {ctx}", [subject], section)]
    out: list[Clause] = []
    main, note = raw, ""
    paren = re.search(r"\(([^()]*)\)", raw)
    if paren:  # "r1 (holding blue)": said of the cell's object
        main, note = raw[: paren.start()], paren.group(1)
    ms = _mentions(text, a, a + len(main), world)
    letters = list(PLACEHOLDERS[len(head) :])
    tpl = " ".join(w for w in (ctx, *head, _words(main, ms, a, letters)) if w)
    # the row's subject comes first, whatever the words between
    tpl = tpl if not head else tpl.replace(f"{ctx} {x}", f"{x} {ctx}", 1) if ctx else tpl
    slots = ([subject] if subject else []) + [[m] for m in ms][: len(letters)]
    if slots or tpl:
        out.append(_mk(text, start, end, tpl, slots, section))
    if note and ms:
        nb = a + paren.start(1)  # type: ignore[union-attr]
        nms = _mentions(text, nb, nb + len(note), world)
        ntpl = f"{x} " + _words(note, nms, nb, list(PLACEHOLDERS[1:]))
        out.append(_mk(text, start, end, ntpl, [[ms[0]]] + [[m] for m in nms][:4], section))
    return out


def _mk(
    text: str, start: int, end: int, tpl: str, slots: list[list[Mention]], section: str
) -> Clause:
    return Clause(start, end, text[start:end], tpl, tuple(tuple(s) for s in slots), section)


# --- JSON-like objects ---------------------------------------------------------------------


def _parse(tokens: list[tuple[str, int, int]], i: int, depth: int = 0):
    """A value from ``tokens[i]``: ("dict", [(key, value)…]), ("list", [...]) or ("str", a, b,
    text); and the next index."""
    if i >= len(tokens) or depth > 20:
        raise ValueError
    kind, a, b = tokens[i]
    if kind == "{":
        items, i = [], i + 1
        while i < len(tokens) and tokens[i][0] != "}":
            key, i = _parse(tokens, i, depth + 1)
            if i >= len(tokens) or tokens[i][0] != ":" or key[0] != "str":
                raise ValueError
            val, i = _parse(tokens, i + 1, depth + 1)
            items.append((key, val))
            if i < len(tokens) and tokens[i][0] == ",":
                i += 1
        return ("dict", items), i + 1
    if kind == "[":
        items, i = [], i + 1
        while i < len(tokens) and tokens[i][0] != "]":
            val, i = _parse(tokens, i, depth + 1)
            items.append(val)
            if i < len(tokens) and tokens[i][0] == ",":
                i += 1
        return ("list", items), i + 1
    if kind == "str":
        return ("str", a, b), i + 1
    raise ValueError


def _objects(text: str, start: int) -> tuple[int, object] | None:
    """The JSON-like object opening at ``text[start]`` ('{'): its end and parse tree."""
    tokens: list[tuple[str, int, int]] = []
    depth = 0
    for m in _TOKEN.finditer(text, start, min(len(text), start + MAX_STRUCTURE)):
        if m.group(3):
            tokens.append((m.group(3), m.start(), m.end()))
            depth += {"{": 1, "[": 1, "}": -1, "]": -1}.get(m.group(3), 0)
            if depth == 0:
                try:
                    tree, _ = _parse(tokens, 0)
                except (ValueError, RecursionError):
                    return None
                return m.end(), tree
        else:
            g = 1 if m.group(1) is not None else 2 if m.group(2) is not None else 4
            tokens.append(("str", m.start(g), m.end(g)))
    return None


def _json_clauses(text: str, tree, world: World, default: str) -> list[Clause]:
    out: list[Clause] = []
    has_goal = False

    def walk(node, path: list[tuple[int, int]], section: str | None) -> None:
        nonlocal has_goal
        if node[0] == "dict":
            for key, val in node[1]:
                ka, kb = key[1], key[2]
                ks = _key_section(text[ka:kb])
                if ks == "goal":
                    has_goal = True
                sec = ks or section
                if val[0] in ("dict",):
                    walk(val, path if ks else [*path, (ka, kb)], sec)
                else:
                    leaf((ka, kb), val, path if ks else path, sec, ks is not None)
        elif node[0] == "list":
            for v in node[1]:
                walk(v, path, section)

    def leaf(key, val, path, section, key_is_section) -> None:
        items = val[1] if val[0] == "list" else [val]
        ka, kb = key
        ctx_span = path[-1] if path else None
        ctx = ""
        if ctx_span is not None and not _mentions(text, *ctx_span, world):
            ctx = text[ctx_span[0] : ctx_span[1]].replace("_", " ")
        subject = [] if key_is_section else _mentions(text, ka, kb, world)
        if not subject and not key_is_section:
            ctx = " ".join(w for w in (ctx, text[ka:kb].replace("_", " ")) if w)
        for it in items:
            if it[0] == "list":  # ["b1", "b2"]: the arguments of one fact
                parts = [v for v in it[1] if v[0] == "str"]
                if not parts:
                    continue
                a, b = parts[0][1], parts[-1][2]
                ms = [m for v in parts for m in _mentions(text, v[1], v[2], world)]
                tpl = " ".join([ctx, *PLACEHOLDERS[: len(ms)]]).strip()
                out.append(_mk(text, ka, b, tpl, [[m] for m in ms][:5], section or "?"))
                continue
            if it[0] != "str":
                continue
            a, b = it[1], it[2]
            out.extend(_clause(text, ka, b, ctx, subject, (a, b, text[a:b]), section or "?", world))

    walk(tree, [], None)
    fill = "init" if has_goal else default
    return [c if c.section != "?" else _with_section(c, fill) for c in out]


def _with_section(c: Clause, section: str) -> Clause:
    return Clause(c.start, c.end, c.text, c.template, c.slots, section, c.inherited, c.direct)


# --- markdown tables -----------------------------------------------------------------------

_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.M)
_RULE = re.compile(r"^[\s|:\-]+$")


def _cells(text: str, a: int, b: int) -> list[tuple[int, int]]:
    line = text[a:b]
    bars = [i for i, ch in enumerate(line) if ch == "|"]
    out = []
    for i, j in zip(bars, bars[1:], strict=False):
        s, e = i + 1, j
        while s < e and line[s].isspace():
            s += 1
        while e > s and line[e - 1].isspace():
            e -= 1
        out.append((a + s, a + e))
    return out


def _tables(text: str) -> list[list[tuple[int, int]]]:
    """Runs of consecutive table lines (each a line span), with a header and a rule line."""
    runs: list[list[tuple[int, int]]] = []
    last = -2
    for m in _ROW.finditer(text):
        line_no = text.count("\n", 0, m.start())
        if runs and line_no == last + 1:
            runs[-1].append((m.start(), m.end()))
        else:
            runs.append([(m.start(), m.end())])
        last = line_no
    return [r for r in runs if len(r) >= 3 and _RULE.match(text[r[1][0] : r[1][1]])]


def _table_clauses(
    text: str, lines: list[tuple[int, int]], world: World, default: str
) -> list[Clause]:
    heads = _cells(text, *lines[0])
    names = [text[a:b] for a, b in heads]
    secs = [_header_section(h) for h in names]
    fill = "init" if "goal" in secs else default
    out: list[Clause] = []
    for a, b in lines[2:]:
        cells = _cells(text, a, b)
        if len(cells) < 2:
            continue
        subject = _mentions(text, *cells[0], world)
        if not subject:
            continue
        for k, (ca, cb) in enumerate(cells[1:], start=1):
            head = names[k] if k < len(names) else ""
            sec = secs[k] if k < len(secs) and secs[k] else fill
            ctx = head
            if secs[k] if k < len(secs) else None:
                # a header that only names the section ("now", "target") words no relation
                words = [w for w in re.findall(r"[A-Za-z']+", head) if not _CUES.fullmatch(w)]
                if _key_section(head) or all(
                    _INIT_CUES.fullmatch(w) or w.lower() == "now" for w in words
                ):
                    ctx = ""
            out.extend(
                _clause(text, cells[0][0], cb, ctx, subject, (ca, cb, text[ca:cb]), sec, world)
            )
    return out


def structured_clauses(text: str, world: World) -> list[Clause]:
    """The clauses of every JSON-like object and markdown table in ``text``."""
    return _structures(Reading.of(text, world))[0]


def _structures(reading: Reading) -> tuple[list[Clause], list[tuple[int, int]]]:
    """The structures' clauses and their spans."""
    text, world = reading.text, reading.world
    if "{" not in text and "|" not in text:
        return [], []
    spans: list[tuple[int, int]] = []
    secs = list(reading.sections)
    out: list[Clause] = []
    pos = 0
    while (start := text.find("{", pos)) >= 0:
        got = _objects(text, start)
        if got is None:
            pos = start + 1
            continue
        end, tree = got
        out += _json_clauses(text, tree, world, section_at(secs, start))
        spans.append((start, end))
        pos = end
    for lines in _tables(text):
        out += _table_clauses(text, lines, world, section_at(secs, lines[0][0]))
        spans.append((lines[0][0], lines[-1][1]))
    return out, spans


def with_structured(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with those inside a JSON-like object or a markdown table replaced by the
    structure's own clauses; where the structure names a goal and the prose no section, the
    prose states the init."""
    try:
        added, spans = _structures(reading)
    except (ValueError, IndexError, RecursionError):
        return list(clauses)
    if not added:
        return list(clauses)
    mine = {id(c) for c in added}
    out = replace_spanned(clauses, added, spans, reading.text)
    # a cue inside a structure (a "target" column) sets no section for the prose around it
    text, skip, verbs = reading.text, reading.vocabulary, reading.world.verbs
    cuts = list(reading.sections)
    masked = list(text)
    for a, b in spans:
        masked[a:b] = " " * (b - a)
    prose = sections("".join(masked), skip, verbs)
    goal = any(c.section == "goal" for c in added)
    fixed = []
    for c in out:
        if id(c) not in mine:
            cut = max((o for o, _ in cuts if o <= c.start), default=-1)
            if any(a <= cut < b for a, b in spans):
                c = _with_section(c, section_at(prose, c.start))
            if goal and c.section == "any":
                c = _with_section(c, "init")
        fixed.append(c)
    return fixed
