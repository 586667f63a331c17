"""``bench_specify.py --generic``: equivalence calls on a user's copy of each pack's domain.

The generic path is what every domain without a pack gets. Each pack's domain is renamed
(``user-<name>``) so that no pack matches it, and each pair is judged twice in the same run:
``equivalent(gt, cand, <renamed domain text>)`` (generic exact fullySpecify) and
``equivalent(gt, cand, <pack name>)`` (the pack's hand-written rules). Verdicts must agree.

Groups: each pack's generated test split (distinct ground truths, ``--sample`` per pack, seed
``--seed``) and ``blocksworld-large``: every layout pair the blocksworld generator makes at 30,
36 and 44 blocks (towers, staircases, equal towers, the held-out swap and invert goals). Each
ground truth is paired with the candidates of ``generate.candidates`` (identical, renamed,
reordered, implied facts added, implied facts dropped, a different goal).

``--ipc-rovers PATH`` measures the IPC 2002 Rovers STRIPS set instead (group ``ipc-rovers``):
``PATH`` holds its ``domain.pddl`` and ``instance-N.pddl`` files (not committed: the public copies
carry no licence; see ``benchmarks/data/IPC_ROVERS.md`` for where to get them). The pack side
passes the IPC domain *text*, so it also shows whether the rover pack recognises it; the generic
side renames it (``user-rover``). Besides the candidates above, each instance gets two with a
negative goal (the rules never see negative goals: both sides run the generic search): one
implied (a sample site the goal's report uses up) and one not (a rover away from its start).

Time is CPU time of the call, child processes included (``time.process_time`` plus
``RUSAGE_CHILDREN``): the figure that moves least with other processes' load. Records go to
``--out`` as they are measured (resumable); ``--baseline`` names the same command's output from
an older tree and adds the before/after table.
"""

from __future__ import annotations

import gc
import json
import random
import re
import resource
import statistics
import time
from pathlib import Path

from generate import candidates
from tqdm import tqdm

from planetarium_plugin import domain_packs, equivalent, parse_problem
from planetarium_plugin.generation import dataset_rows
from planetarium_plugin.parsing import Atom

GROUPS = ("blocksworld", "gripper", "floor-tile", "rover", "rover-single", "blocksworld-large")
LARGE = (30, 44)


def _cpu() -> float:
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def measured(path: Path, key: str) -> dict[str, dict]:
    """Rows already measured in the JSONL ``path`` (a resumed run skips them), by ``key``; a
    torn last line is measured again."""
    done: dict[str, dict] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            done[row[key]] = row
    return done


def renamed_domain(pack) -> tuple[str, str, str]:
    """The pack's domain text under a fresh name (no pack matches it): text, old and new name."""
    old = pack.domain.name
    new = f"user-{old}"
    text = pack.domain_pddl.replace(f"(domain {old})", f"(domain {new})")
    if text == pack.domain_pddl:
        raise SystemExit(f"could not rename the domain of {pack.name}")
    return text, old, new


IPC = "ipc-rovers"


def retarget(problem: str, old: str, new: str) -> str:
    """``problem`` with ``(:domain old)`` (any letter case and spacing) read as ``new``."""
    pattern = rf"\(\s*:domain\s+{re.escape(old)}\s*\)"
    return re.sub(pattern, f"(:domain {new})", problem, count=1, flags=re.IGNORECASE)


def ipc_rovers(path: Path) -> tuple[str, list[tuple[str, str]]]:
    """The IPC Rovers set in ``path``: the domain text and (id, problem text) per instance, in
    instance order."""
    domain = (path / "domain.pddl").read_text()
    files = sorted(path.glob("instance-*.pddl"), key=lambda f: int(f.stem.split("-")[1]))
    if not files:
        raise SystemExit(f"no instance-N.pddl in {path}: see benchmarks/data/IPC_ROVERS.md")
    return domain, [(f.stem, f.read_text()) for f in files]


def negative_candidates(text: str, domain) -> list[tuple[str, str]]:
    """The ground truth plus one negative goal literal: ``negated-implied`` (a sample site whose
    data the goal has communicated is used up in every goal state) and ``negated-other`` (a
    rover that can drive away is not at its start in every goal state), where the problem has
    such a site or rover."""
    p = parse_problem(text, domain)
    goal = " ".join(sorted(map(str, p.goal.positive)))
    out = []
    for a in sorted(p.goal.positive):
        kind = {"communicated_soil_data": "soil", "communicated_rock_data": "rock"}.get(
            a.predicate
        )
        if kind and Atom(f"at_{kind}_sample", a.args) in p.init:
            out.append(("negated-implied", f"(not (at_{kind}_sample {a.args[0]}))"))
            break
    moves = {(r, y) for r, y, z in (a.args for a in p.init if a.predicate == "can_traverse")}
    for a in sorted(p.init):
        if a.predicate == "at" and tuple(a.args) in moves:
            out.append(("negated-other", f"(not (at {a.args[0]} {a.args[1]}))"))
            break
    head = text[: text.lower().index("(:goal")]
    return [(kind, f"{head}(:goal (and {goal} {lit})))") for kind, lit in out]


def _ground_truths(
    group: str, sample: int, seed: int, large: tuple[int, ...] = LARGE
) -> list[tuple[str, str]]:
    """(id, problem text) of the group's ground truths."""
    packs = domain_packs()
    if group == "blocksworld-large":
        pack = packs["blocksworld"]
        out = []
        for n in large:
            for inst in pack.generate(random.Random(f"{seed}:large:{n}"), n):
                out.append((f"bw{n}-{inst.init_layout}-{inst.goal_layout}", inst.problem_pddl))
        return out
    pack = packs[group]
    rows = [
        r
        for r in dataset_rows([pack], seed=seed)
        if r["split"] == "test" and r["domain"] == pack.domain.name
    ]
    items = sorted({r["problem_pddl"]: r for r in rows}.values(), key=lambda r: r["id"])
    if sample:
        items = random.Random(seed).sample(items, min(sample, len(items)))
    return [(r["id"], r["problem_pddl"]) for r in items]


class FullCollections:
    """CPU ms spent in the garbage collector's full (generation-2) passes since the last
    :meth:`take`: a full pass walks every tracked object not frozen and lands on whichever call
    happens to allocate past the threshold (6-40 ms each in a whole-split run), so a call's
    time is reported with the part that was the collector's."""

    def __init__(self) -> None:
        self.ms, self._start = 0.0, 0.0
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.process_time()
        else:
            self.ms += (time.process_time() - self._start) * 1000

    def take(self) -> float:
        ms, self.ms = self.ms, 0.0
        return ms


def _call(gt: str, cand: str, domain: str, timeout: float, full: FullCollections) -> dict:
    full.take()
    t = _cpu()
    v = equivalent(gt, cand, domain, timeout=timeout)
    ms = (_cpu() - t) * 1000
    gc_ms = full.take()
    return {
        "ms": round(ms, 3),
        "gc_ms": round(gc_ms, 3),
        "eq": v.equivalent,
        "reason": v.reason,
        "pack": v.pack,
    }


def run(args) -> None:
    groups = GROUPS if tuple(args.packs) == ("blocksworld", "gripper", "floor-tile") else args.packs
    ipc_path = getattr(args, "ipc_rovers", None)
    if ipc_path is not None:
        groups = (IPC,)
    done = measured(args.out, "key")
    packs = domain_packs()
    todo = []
    for group in groups:
        if group == IPC:
            ipc_domain, items = ipc_rovers(Path(ipc_path))
            todo += [(group, packs["rover"], gid, text) for gid, text in items]
            continue
        pack = packs["blocksworld" if group == "blocksworld-large" else group]
        for gid, text in _ground_truths(group, args.sample, args.seed, args.large):
            todo.append((group, pack, gid, text))
    keys = []
    full = FullCollections()
    if getattr(args, "freeze_gc", False):
        gc.collect()
        gc.freeze()
    with args.out.open("a") as out:
        for group, pack, gid, text in tqdm(todo, desc="ground truths", unit="gt"):
            if group == IPC:  # the pack side gets the IPC file's text: is it recognised?
                rules_domain, old, new = ipc_domain, pack.domain.name, f"user-{pack.domain.name}"
                renamed = re.sub(
                    rf"\(\s*domain\s+{old}\s*\)", f"(domain {new})", ipc_domain, flags=re.I
                )
            else:
                renamed, old, new = renamed_domain(pack)
                rules_domain = pack.name
            rng = random.Random(f"{args.seed}:{gid}")
            pairs = candidates(pack.name, text, rng)
            if group == IPC:
                pairs += negative_candidates(text, pack.domain)
            size = parse_problem(text, pack.domain).size
            for kind, cand in pairs:
                key = f"{group}/{gid}/{kind}"
                keys.append(key)
                if key in done:
                    continue
                g, c = retarget(text, old, new), retarget(cand, old, new)
                equivalent(g, g, renamed, timeout=args.timeout)  # domain parsed and cached once
                if group == IPC:  # the IPC domain text too
                    equivalent(text, text, rules_domain, timeout=args.timeout)
                rec = {
                    "key": key,
                    "group": group,
                    "gt": gid,
                    "size": size,
                    "kind": kind,
                    "generic": _call(g, c, renamed, args.timeout, full),
                    "rules": _call(text, cand, rules_domain, args.timeout, full),
                }
                assert rec["generic"]["pack"] is None, "a pack matched the renamed domain"
                out.write(json.dumps(rec) + "\n")
                out.flush()
                done[key] = rec
    records = [done[k] for k in keys if k in done]
    base = {}
    if args.baseline and args.baseline.exists():
        for line in args.baseline.read_text().splitlines():
            row = json.loads(line)
            base[row["key"]] = row
    report(records, base, groups, args)


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _undecided(r: dict) -> bool:
    return r["eq"] is None


def report(records: list[dict], base: dict, groups, args) -> None:
    print(
        f"\nequivalence calls, generic path (renamed domain) vs pack rules; CPU ms per call; "
        f"sample {args.sample or 'all'}/pack, timeout {args.timeout} s\n"
    )
    print(
        "| group | calls | generic median | p99 | max | undecided | rules median | p99 | max "
        "| verdicts differ |"
    )
    print("|" + "---|" * 10)
    for group in groups:
        recs = [r for r in records if r["group"] == group]
        if not recs:
            continue
        g = [r["generic"]["ms"] for r in recs]
        u = [r["rules"]["ms"] for r in recs]
        und = sum(_undecided(r["generic"]) for r in recs)
        differ = [
            r["key"]
            for r in recs
            if not _undecided(r["generic"])
            and (r["generic"]["eq"], r["generic"]["reason"])
            != (r["rules"]["eq"], r["rules"]["reason"])
        ]
        print(
            f"| {group} | {len(recs)} | {statistics.median(g):.2f} | {_pct(g, 0.99):.1f} | "
            f"{max(g):.1f} | {und} | {statistics.median(u):.2f} | {_pct(u, 0.99):.1f} | "
            f"{max(u):.1f} | {len(differ)} {differ[:3]} |"
        )
    report_slow(records, groups)
    if any(r["group"] == IPC for r in records):
        report_per_problem([r for r in records if r["group"] == IPC])
    if not base:
        return
    print("\nbefore (--baseline) vs after, generic path, same pairs; CPU ms per call\n")
    print(
        "| group | calls | before median | after | before p99 | after | before max | after "
        "| undecided before | after |"
    )
    print("|" + "---|" * 10)
    for group in groups:
        recs = [r for r in records if r["group"] == group and r["key"] in base]
        if not recs:
            continue
        a = [r["generic"]["ms"] for r in recs]
        b = [base[r["key"]]["generic"]["ms"] for r in recs]
        ua = sum(_undecided(r["generic"]) for r in recs)
        ub = sum(_undecided(base[r["key"]]["generic"]) for r in recs)
        print(
            f"| {group} | {len(recs)} | {statistics.median(b):.2f} | {statistics.median(a):.2f} | "
            f"{_pct(b, 0.99):.1f} | {_pct(a, 0.99):.1f} | {max(b):.1f} | {max(a):.1f} | "
            f"{ub} | {ua} |"
        )


def report_per_problem(records: list[dict]) -> None:
    """One row per ground truth: on positive goals, the slowest call of each side (and which
    candidate), generic calls over 5 s and undecided; on the negative-goal candidates (both
    sides search: the rules never see negative goals), how many each side decided; verdicts
    that differ where both decided; the pack that judged the pack side."""
    print("\nper problem, CPU ms per call (slowest candidate in brackets)\n")
    print(
        "| problem | props | pack | positive goals: pack max | generic max | generic > 5 s "
        "| generic undecided | negative goals decided: pack | generic | verdicts differ |"
    )
    print("|" + "---|" * 10)
    for gt in dict.fromkeys(r["gt"] for r in records):
        recs = [r for r in records if r["gt"] == gt]
        pos = [r for r in recs if not r["kind"].startswith("negated")]
        neg = [r for r in recs if r["kind"].startswith("negated")]
        slow_g = max(pos, key=lambda r: r["generic"]["ms"])
        slow_r = max(pos, key=lambda r: r["rules"]["ms"])
        differ = [
            r["kind"]
            for r in recs
            if not _undecided(r["generic"])
            and not _undecided(r["rules"])
            and r["generic"]["eq"] != r["rules"]["eq"]
        ]
        und = [r["kind"] for r in pos if _undecided(r["generic"])]
        over = sum(r["generic"]["ms"] > 5000 for r in pos)
        packs = "/".join(sorted({str(r["rules"]["pack"]) for r in recs}))
        neg_r = sum(not _undecided(r["rules"]) for r in neg)
        neg_g = sum(not _undecided(r["generic"]) for r in neg)
        print(
            f"| {gt} | {recs[0]['size']} | {packs} | {slow_r['rules']['ms']:.1f} "
            f"({slow_r['kind']}) | {slow_g['generic']['ms']:.1f} ({slow_g['kind']}) | {over} "
            f"| {len(und)} {' '.join(und)} | {neg_r}/{len(neg)} | {neg_g}/{len(neg)} "
            f"| {len(differ)} {' '.join(differ)} |"
        )


SLOW_MS = 30.0


def report_slow(records: list[dict], groups) -> None:
    """Per group, the generic calls over the bar's 30 ms, how many of them include a full
    collection pass of the garbage collector, and the p99 and max with those passes' time taken
    out (the algorithm's own share; older records have no ``gc_ms``: counted as 0)."""
    print(f"\ngeneric calls over {SLOW_MS:.0f} ms CPU; full collections inside them\n")
    print("| group | over | of them with a full collection | p99 without it | max without it |")
    print("|" + "---|" * 5)
    for group in groups:
        recs = [r["generic"] for r in records if r["group"] == group]
        if not recs:
            continue
        slow = [r for r in recs if r["ms"] > SLOW_MS]
        own = [r["ms"] - r.get("gc_ms", 0.0) for r in recs]
        with_gc = sum(r.get("gc_ms", 0.0) > 0 for r in slow)
        print(
            f"| {group} | {len(slow)} | {with_gc} | {_pct(own, 0.99):.1f} | {max(own):.1f} |"
        )
