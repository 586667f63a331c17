"""A seeded generator of hostile candidates, and a harness that runs each in a killable child.

What a fuzzing campaign found once should stay fixed: every class of model output that broke
the public API (junk, truncated and mutated PDDL, huge numbers, unicode / keyword / path-like
names, numeric edge cases, comments, prose wrappers) is generated here from every installed
pack's ground truths. :func:`run_items` runs each item in a forked child with a hard limit and
reports, per item, an uncaught exception, an overrun of the budget, processes left running and
temp files left behind. ``tests/test_fuzz.py`` runs a few hundred items in CI;
``benchmarks/fuzz_campaign.py`` runs the big campaign (and kill/resume of ``planetarium score``).

>>> items = list(hostile_items(seed=1, n=12))
>>> len(items), len({i.id for i in items})
(12, 12)
>>> [i.kind for i in hostile_items(seed=1, n=12)] == [i.kind for i in items]
True
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import random
import re
import select
import shutil
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field

import psutil

from planetarium_plugin import default_registry

__all__ = ["Item", "Outcome", "hostile_items", "run_items", "summarize"]

MARKER = "PLANETARIUM_FUZZ_ITEM"


@dataclass(frozen=True)
class Item:
    """One hostile candidate against a ground truth of a pack."""

    id: str
    kind: str
    domain: str
    ground_truth: str
    candidate: str
    placeholder: bool = False

    def record(self) -> dict:
        """The item as a ``planetarium score`` input record."""
        return {
            "id": self.id,
            "domain": self.domain,
            "ground_truth": self.ground_truth,
            "candidate": self.candidate,
            "placeholder": self.placeholder,
        }


# ------------------------------------------------------------------------------------------
# Mutations: (rng, ground truth text, numeric pack?) -> candidate text

HOSTILE_NAMES = [
    "блок",
    "積木",
    "1a",
    "007",
    "and",
    "not",
    "define",
    "either",
    "at",
    "-",
    "?x",
    "../etc/passwd",
    "a/b",
    "C:\\x",
    "a.b",
    "a#b",
    "🚁",
    "x" * 300,
    "Ab",
    "a\u200bb",
]

HOSTILE_NUMBERS = [
    "1e999999999",
    "1e10000000",
    "1e5000",
    "-1e5000",
    "9" * 5000,
    "0." + "0" * 4000 + "1",
    "123456789012345678901234567890.123456789",
    "1e-05",
    "0.00001",
    "1.2e+29",
    "-0",
    "-7",
    "NaN",
    "inf",
    "1/3",
    "0x10",
]


def _tokens(text: str) -> list[str]:
    return re.findall(r"\(|\)|[^\s()]+", text)


def _objects(text: str) -> list[str]:
    m = re.search(r"\(:objects([^)]*)\)", text)
    if not m:
        return []
    return [t for t in m.group(1).split() if t != "-" and not t.startswith("?")][::1]


def _rename(text: str, old: str, new: str) -> str:
    return re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", lambda _: new, text)


def m_junk(rng: random.Random, gt: str, numeric: bool) -> str:
    choice = rng.randrange(9)
    if choice == 0:
        return ""
    if choice == 1:
        return " \n\t" * rng.randint(1, 50)
    if choice == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 4000))).decode("latin-1")
    if choice == 3:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randint(1, 2000)))
    if choice == 4:
        return "(" * 500_000 + ")" * rng.choice([0, 500_000])
    if choice == 5:
        return gt.replace("(:goal", "(:goal " + "(and " * 3000 + ")" * 3000)
    if choice == 6:
        return "\ud800" + gt + "\udfff"  # lone surrogates
    if choice == 7:
        return "Sure! Here is the PDDL:\n" + "lorem ipsum " * rng.randint(1, 90_000)
    return gt.replace("(define", "(define " * rng.randint(1, 300))


def m_truncate(rng: random.Random, gt: str, numeric: bool) -> str:
    return gt[: rng.randrange(len(gt))]


def m_tokens(rng: random.Random, gt: str, numeric: bool) -> str:
    toks = _tokens(gt)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(4)
        i = rng.randrange(len(toks))
        if op == 0:
            del toks[i]
        elif op == 1:
            toks.insert(i, rng.choice(toks))
        elif op == 2:
            j = rng.randrange(len(toks))
            toks[i], toks[j] = toks[j], toks[i]
        else:
            toks.insert(i, rng.choice(["(", ")", ":init", ":goal", "and", "not", "-", "object"]))
    return " ".join(toks)


def m_names(rng: random.Random, gt: str, numeric: bool) -> str:
    objs = _objects(gt)
    if not objs:
        return gt
    out = gt
    for old in rng.sample(objs, k=min(len(objs), rng.randint(1, 3))):
        out = _rename(out, old, rng.choice(HOSTILE_NAMES))
    return out


def m_goals(rng: random.Random, gt: str, numeric: bool) -> str:
    atoms = re.findall(r"\((?!and\b|not\b|:|define\b|problem\b|=)[^()]+\)", gt)
    if not atoms:
        return gt
    atom = rng.choice(atoms)
    wrapper = rng.choice(
        [
            f"(not {atom})",
            f"(or {atom} {atom})",
            f"(forall (?x) {atom})",
            f"(exists (?x) {atom})",
            f"(and (not {atom}) {atom})",
            f"(imply {atom} {atom})",
        ]
    )
    i = gt.rfind("(:goal")
    return gt[:i] + gt[i:].replace("(and", f"(and {wrapper}", 1)


def m_inits(rng: random.Random, gt: str, numeric: bool) -> str:
    atoms = re.findall(r"\((?!and\b|not\b|:|define\b|problem\b)[^()]+\)", gt)
    objs = _objects(gt) or ["x"]
    extra = rng.choice(
        [
            f"(not {rng.choice(atoms)})" if atoms else "(not (x))",
            f"(on {objs[0]} {objs[0]})",
            f"(holding {objs[0]})",
            f"(unknown-predicate {objs[0]})",
            f"({rng.choice(atoms)[1:].split()[0].rstrip(')')})" if atoms else "()",
            f"(= (battery {objs[0]}) {rng.choice(HOSTILE_NUMBERS)})",
            "(= (total-cost) 0)",
        ]
    )
    return gt.replace("(:init", f"(:init {extra}", 1)


def m_numbers(rng: random.Random, gt: str, numeric: bool) -> str:
    nums = list(re.finditer(r"(?<=\s)-?\d+(\.\d+)?(?=[\s)])", gt))
    if not nums:
        return m_inits(rng, gt, numeric)
    m = rng.choice(nums)
    return gt[: m.start()] + rng.choice(HOSTILE_NUMBERS) + gt[m.end() :]


def m_comments(rng: random.Random, gt: str, numeric: bool) -> str:
    choice = rng.randrange(4)
    if choice == 0:  # a commented-out problem before the real one
        return "; " + gt.replace("\n", "\n; ").replace("(:goal", "(:goal (and))") + "\n" + gt
    if choice == 1:  # a comment right after an opening parenthesis
        return gt.replace("(define", "( ; the problem\n define", 1)
    if choice == 2:
        return gt.replace("(:init", "(:init ; (:goal ) ) (\n", 1)
    return "\n".join(f"{line} ; ü ( ) 💥" for line in gt.splitlines())


def m_wrap(rng: random.Random, gt: str, numeric: bool) -> str:
    choice = rng.randrange(4)
    if choice == 0:
        return f"Here is the problem:\n```pddl\n{gt}\n```\nHope it helps!"
    if choice == 1:
        return gt + "\n" + gt.replace("(define (problem", "(define (problem second")
    if choice == 2:
        name = rng.choice(HOSTILE_NAMES)
        return re.sub(r"\(:domain\s+[^)]+\)", lambda _: f"(:domain {name})", gt)
    return gt.replace("(define (problem ", "(define (problem " + "p" * 200_000, 1)


MUTATIONS: dict[str, Callable[[random.Random, str, bool], str]] = {
    "junk": m_junk,
    "truncate": m_truncate,
    "tokens": m_tokens,
    "names": m_names,
    "goals": m_goals,
    "inits": m_inits,
    "numbers": m_numbers,
    "comments": m_comments,
    "wrap": m_wrap,
}


def ground_truths(seed: int, per_pack: int = 6, max_scale: int = 4) -> list[tuple[str, str, bool]]:
    """(pack, problem PDDL, numeric?) from every installed pack's generator, small scales."""
    rng = random.Random(seed)
    out = []
    for name, pack in sorted(default_registry().items()):
        if pack.generate is None:
            continue
        seen = 0
        for scale in range(1, max_scale + 1):
            for inst in pack.generate(rng, scale):
                out.append((name, inst.problem_pddl, pack.numeric))
                seen += 1
                if seen >= per_pack:
                    break
            if seen >= per_pack:
                break
    return out


def hostile_items(seed: int, n: int, kinds: Iterable[str] | None = None) -> Iterator[Item]:
    """``n`` hostile items, deterministic for a seed, cycling through packs and mutations."""
    rng = random.Random(seed)
    gts = ground_truths(seed)
    names = sorted(kinds or MUTATIONS)
    for i in range(n):
        domain, gt, numeric = gts[i % len(gts)]
        kind = names[(i // len(gts) + i) % len(names)]
        cand = MUTATIONS[kind](rng, gt, numeric)
        yield Item(f"{seed}-{i}", kind, domain, gt, cand, placeholder=rng.random() < 0.3)


# ------------------------------------------------------------------------------------------
# The harness


@dataclass
class Outcome:
    """What happened to one item in its child."""

    id: str
    kind: str
    domain: str
    elapsed_s: float
    exception: str | None = None
    overrun: bool = False
    killed: bool = False
    leftover_processes: list[str] = field(default_factory=list)
    leftover_files: list[str] = field(default_factory=list)
    result: dict | None = None

    @property
    def ok(self) -> bool:
        return not (
            self.exception or self.overrun or self.leftover_processes or self.leftover_files
        )


def become_subreaper() -> None:
    """Orphans of our children are re-parented to this process, so leftovers are seen."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def _child(item: Item, timeout: float, tmp: str, wfd: int) -> None:
    """Runs in the forked child: every public entry point a candidate reaches."""
    os.setpgid(0, 0)
    os.environ[MARKER] = item.id
    os.environ["TMPDIR"] = tmp
    tempfile.tempdir = tmp
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    payload: dict
    try:
        from planetarium_plugin import equivalent, evaluate

        score = evaluate(
            item.ground_truth,
            item.candidate,
            item.domain,
            placeholder=item.placeholder,
            timeout=timeout,
        )
        verdict = equivalent(
            item.ground_truth,
            item.candidate,
            item.domain,
            placeholder=item.placeholder,
            timeout=timeout,
            explain=True,
        )
        json.dumps(verdict.to_dict())  # what --json prints
        payload = {"result": score.to_dict()}
        json.dumps(payload)
    except BaseException:  # the finding: anything escaping the public API
        payload = {"exception": traceback.format_exc(limit=8)}
    data = json.dumps(payload, default=str).encode("utf-8", "backslashreplace")
    with os.fdopen(wfd, "wb") as fh:
        fh.write(data)
    os._exit(0)


def _adopted(me: psutil.Process, running: set[int]) -> list[psutil.Process]:
    out = []
    for p in me.children(recursive=False):
        if p.pid in running:
            continue
        try:
            if p.status() == psutil.STATUS_ZOMBIE:
                os.waitpid(p.pid, os.WNOHANG)
                continue
        except (psutil.Error, ChildProcessError):
            continue
        out.append(p)
    return out


def _describe(p: psutil.Process) -> str:
    try:
        return f"{p.pid} {' '.join(p.cmdline())[:160]}"
    except psutil.Error:
        return str(p.pid)


def run_items(
    items: Iterable[Item],
    *,
    timeout: float = 5.0,
    budget: float | None = None,
    grace: float = 3.0,
    workers: int = 2,
    cache_dirs: Iterable[str] = (),
) -> Iterator[Outcome]:
    """Run items in forked children, ``workers`` at a time; yield one :class:`Outcome` each.

    ``budget`` (default ``timeout``) is what one public call may spend (``timeout`` bounds the
    whole of ``evaluate``, and of ``equivalent``; the child makes both calls, so its allowance
    is two budgets plus ``grace`` for start-up and a loaded machine). A child past its allowance
    is an overrun and is killed. Processes still alive after a child ended (orphans adopted by
    this subreaper), and files left in the child's private ``TMPDIR`` or new ``*.tmp*`` files in
    ``cache_dirs``, are leftovers; leftovers are killed and removed so the next item starts clean.
    """
    become_subreaper()
    me = psutil.Process()
    allowance = 2 * (budget or timeout) + grace
    root = tempfile.mkdtemp(prefix="planetarium-fuzz-")
    cache_dirs = [d for d in cache_dirs if d]
    pending = iter(items)
    running: dict[int, tuple[Item, int, float, str, bytearray]] = {}
    try:
        while True:
            while len(running) < workers:
                item = next(pending, None)
                if item is None:
                    break
                tmp = tempfile.mkdtemp(dir=root)
                r, w = os.pipe()
                pid = os.fork()
                if pid == 0:  # pragma: no cover - child
                    os.close(r)
                    _child(item, timeout, tmp, w)
                os.close(w)
                running[pid] = (item, r, time.monotonic(), tmp, bytearray())
            if not running:
                return
            fds = {entry[1]: pid for pid, entry in running.items()}
            ready, _, _ = select.select(list(fds), [], [], 0.2)
            for fd in ready:
                chunk = os.read(fd, 1 << 20)
                running[fds[fd]][4].extend(chunk)
                if chunk:
                    continue
                yield _finish(me, running, fds[fd], killed=False, allowance=allowance,
                              cache_dirs=cache_dirs)
            now = time.monotonic()
            for pid, (_, _, started, _, _) in list(running.items()):
                if now - started > allowance:
                    os.kill(pid, signal.SIGKILL)
                    yield _finish(me, running, pid, killed=True, allowance=allowance,
                                  cache_dirs=cache_dirs)
    finally:
        for pid in list(running):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        shutil.rmtree(root, ignore_errors=True)


def _finish(me, running, pid, *, killed: bool, allowance: float, cache_dirs) -> Outcome:
    item, fd, started, tmp, buf = running.pop(pid)
    os.close(fd)
    os.waitpid(pid, 0)
    elapsed = time.monotonic() - started
    out = Outcome(item.id, item.kind, item.domain, round(elapsed, 3), killed=killed)
    out.overrun = killed or elapsed > allowance
    if not killed:
        try:
            payload = json.loads(buf.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            payload = {"exception": f"child died without a result ({len(buf)} bytes)"}
        out.exception = payload.get("exception")
        out.result = payload.get("result")
    # leftovers: adopted orphans (a process being killed may take seconds on a loaded machine;
    # a real leak stays past any grace)
    deadline = time.monotonic() + 10.0
    others = {p for p in running}
    left = _adopted(me, others)
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = _adopted(me, others)
    for p in left:
        out.leftover_processes.append(_describe(p))
        for q in [*p.children(recursive=True), p]:
            with contextlib.suppress(psutil.Error):
                q.kill()
        with contextlib.suppress(ChildProcessError):
            os.waitpid(p.pid, 0)
    for dirpath, dirnames, filenames in os.walk(tmp):
        out.leftover_files += [os.path.join(dirpath, n) for n in dirnames + filenames]
    shutil.rmtree(tmp, ignore_errors=True)
    for d in cache_dirs:
        if os.path.isdir(d):
            for name in os.listdir(d):
                if ".tmp" in name:
                    out.leftover_files.append(os.path.join(d, name))
    return out


def summarize(outcomes: Iterable[Outcome]) -> dict:
    """Counts for a campaign report; ``failures`` lists the items that broke a rule."""
    outcomes = list(outcomes)
    failures = [o for o in outcomes if not o.ok]
    reasons: dict[str, int] = {}
    for o in outcomes:
        if o.result:
            key = str(o.result.get("reason"))
            reasons[key] = reasons.get(key, 0) + 1
    return {
        "items": len(outcomes),
        "exceptions": sum(1 for o in outcomes if o.exception),
        "overruns": sum(1 for o in outcomes if o.overrun),
        "leftover_processes": sum(len(o.leftover_processes) for o in outcomes),
        "leftover_files": sum(len(o.leftover_files) for o in outcomes),
        "max_elapsed_s": max((o.elapsed_s for o in outcomes), default=0.0),
        "reasons": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
        "failures": [
            {k: v for k, v in asdict(o).items() if k != "result"} for o in failures[:50]
        ],
    }
