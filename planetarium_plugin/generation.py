"""Problem generation: what a pack's generator yields, and how descriptions combine.

A pack's ``generate(rng, scale)`` yields :class:`Instance` values: a ground-truth problem with
an explicit and an abstract description of its initial state and of its goal. *Explicit* text
states every proposition; *abstract* text summarises ("all drones start fully charged at the
base"). The four combinations (explicit/abstract init x explicit/abstract goal) give the
paper's abstraction categories. ``scale`` runs from 1 (trivial) upwards (harder).

>>> inst = Instance("d", "line", "all_to_base", "(define …)", Description("E1.", "A1."),
...                 Description("to have the following: E2.", "to do A2."))
>>> inst.text("abstract", "explicit")
'A1. Your goal is to have the following: E2.'
>>> inst.is_placeholder("explicit", "explicit"), inst.is_placeholder("abstract", "explicit")
(False, True)
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = [
    "ABSTRACTIONS",
    "Abstraction",
    "Description",
    "Instance",
    "ProblemGenerator",
    "dataset_rows",
    "size_bucket",
    "write_dataset",
]

Abstraction = Literal["explicit", "abstract"]
ABSTRACTIONS: tuple[Abstraction, ...] = ("explicit", "abstract")


@dataclass(frozen=True, slots=True)
class Description:
    """The same state or goal, stated proposition by proposition and summarised."""

    explicit: str
    abstract: str

    def get(self, abstraction: Abstraction) -> str:
        return self.explicit if abstraction == "explicit" else self.abstract


@dataclass(frozen=True, slots=True)
class Instance:
    """One generated ground truth.

    ``tied``: the goal is defined relative to the init (e.g. "swap the packages of two sites"),
    so object identity matters whatever the abstraction. ``split``: "train" or "test" (the
    pack decides which layouts are held out). ``size``: propositions in the problem.
    """

    domain: str
    init_layout: str
    goal_layout: str
    problem_pddl: str
    init: Description
    goal: Description
    tied: bool = False
    split: str = "train"
    size: int = 0

    def text(self, init: Abstraction, goal: Abstraction) -> str:
        """The natural-language task for one abstraction combination.

        Goal descriptions read as the end of "Your goal is …": explicit ones start with
        "to have the following:", abstract ones with "to …".
        """
        return f"{self.init.get(init)} Your goal is {self.goal.get(goal)}"

    def is_placeholder(self, init: Abstraction, goal: Abstraction) -> bool:
        """Goal objects are placeholders unless identity matters (tied, or fully explicit)."""
        return not self.tied and not (init == "explicit" and goal == "explicit")


#: A pack's generator: instances of the given scale (1 = trivial), deterministic given ``rng``.
ProblemGenerator = Callable[[random.Random, int], Iterable[Instance]]


def problem_pddl(
    name: str,
    domain: str,
    objects: str,
    init: Iterable[str],
    goal: Iterable[str],
    requirements: str = ":strips",
) -> str:
    """Format a ground-truth problem the way the generated datasets write it."""
    facts = "\n    ".join(init)
    return (
        f"(define (problem {name})\n  (:domain {domain})\n  (:requirements {requirements})\n"
        f"  (:objects {objects})\n  (:init\n    {facts})\n"
        f"  (:goal (and {' '.join(goal)})))\n"
    )


def sentences(parts: Iterable[str]) -> str:
    """Join sentence fragments into text."""
    return " ".join(p for p in parts if p)


# ---------------------------------------------------------------------------------------------
# Datasets

BUCKETS = ((20, "1-20"), (40, "21-40"), (60, "41-60"), (80, "61-80"))


def size_bucket(size: int) -> str:
    """The paper's size buckets: 1-20, 21-40, 41-60, 61-80, >80 propositions."""
    return next((name for top, name in BUCKETS if size <= top), ">80")


def instance_rows(inst: Instance, domain_name: str) -> Iterator[dict]:
    """The four abstraction combinations of an instance, as dataset rows (without ids)."""
    for init_abs in ABSTRACTIONS:
        for goal_abs in ABSTRACTIONS:
            yield {
                "domain": inst.domain,
                "domain_pddl_name": domain_name,
                "init_layout": inst.init_layout,
                "goal_layout": inst.goal_layout,
                "init_abstraction": init_abs,
                "goal_abstraction": goal_abs,
                "abstraction": f"{init_abs}_to_{goal_abs}",
                "size": inst.size,
                "size_bucket": size_bucket(inst.size),
                "is_placeholder": inst.is_placeholder(init_abs, goal_abs),
                "tied": inst.tied,
                "split": inst.split,
                "natural_language": inst.text(init_abs, goal_abs),
                "problem_pddl": inst.problem_pddl,
            }


def dataset_rows(
    packs: Iterable,
    *,
    variants: int = 1,
    max_per_layout: int | None = None,
    seed: int = 0,
    progress: bool = False,
) -> Iterator[dict]:
    """Rows for every pack with a generator: scales 1..``pack.max_scale``, ``variants`` random
    draws each; duplicate texts (per domain) dropped; at most ``max_per_layout`` instances per
    (init layout, goal layout). Deterministic for a given seed.
    """
    units = [
        (p, s, v)
        for p in packs
        if p.generate is not None
        for s in range(1, p.max_scale + 1)
        for v in range(variants)
    ]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(units), unit="draw", desc="generating", dynamic_ncols=True)
    seen: set[tuple[str, int]] = set()
    per_layout: dict[tuple[str, str, str], int] = {}
    counter: dict[str, int] = {}
    try:
        for pack, scale, variant in units:
            rng = random.Random(f"{seed}:{pack.name}:{scale}:{variant}")
            for inst in pack.generate(rng, scale):
                key = (pack.name, inst.init_layout, inst.goal_layout)
                if max_per_layout is not None and per_layout.get(key, 0) >= max_per_layout:
                    continue
                fresh = []
                for row in instance_rows(inst, pack.domain.name):
                    h = (pack.name, hash(row["natural_language"]))
                    if h not in seen:
                        seen.add(h)
                        fresh.append(row)
                if not fresh:
                    continue
                per_layout[key] = per_layout.get(key, 0) + 1
                for row in fresh:
                    n = counter[pack.name] = counter.get(pack.name, 0) + 1
                    yield {"id": f"{pack.name}-{n}", **row}
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()


def write_dataset(rows: Iterable[dict], out_dir: Path) -> dict[str, dict[str, int]]:
    """Write ``train.jsonl`` and ``test.jsonl`` (and ``.parquet`` when pyarrow is installed).

    Returns row counts per domain and split.
    """
    import json

    out_dir.mkdir(parents=True, exist_ok=True)
    counts: dict[str, dict[str, int]] = {}
    with contextlib.ExitStack() as stack:
        files = {
            s: stack.enter_context(open(out_dir / f"{s}.jsonl", "w", encoding="utf-8"))
            for s in ("train", "test")
        }
        for row in rows:
            files[row["split"]].write(json.dumps(row) + "\n")
            c = counts.setdefault(row["domain"], {"train": 0, "test": 0})
            c[row["split"]] += 1
    try:
        import pyarrow.json as pj
        import pyarrow.parquet as pq
    except ImportError:
        return counts
    for split in ("train", "test"):
        path = out_dir / f"{split}.jsonl"
        if path.stat().st_size:
            pq.write_table(pj.read_json(path), out_dir / f"{split}.parquet")
    return counts
