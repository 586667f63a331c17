"""Labelled text–PDDL pairs with hard negatives, generated from the installed packs.

A positive pairs a generated description with its own ground truth. A *hard negative* pairs it
with another problem of the same pack whose initial state reads the same (same init layout,
same objects, same abstraction) but whose goal differs — and which our exact equivalence check
declares not equivalent (an undecided check drops the pair), so labels are never guessed.
Training uses the packs' train split (seen goal layouts); evaluation uses the test split
(held-out goal layouts) and packs left out of training.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from ..equivalence import equivalent
from ..generation import dataset_rows
from ..packs import DomainPack
from .render import split_text

__all__ = ["AlignPair", "generate_pairs", "read_pairs", "write_pairs"]


@dataclass(frozen=True, slots=True)
class AlignPair:
    """One labelled pair; ``label`` is 1 for a true match, 0 for a hard negative."""

    text: str
    pddl: str
    label: int
    domain: str = ""
    init_layout: str = ""
    goal_layout: str = ""
    abstraction: str = ""
    split: str = ""


def generate_pairs(
    packs: Iterable[DomainPack],
    *,
    split: str | None = None,
    per_pack: int = 100,
    seed: int = 0,
    progress: bool = False,
) -> list[AlignPair]:
    """Up to ``per_pack`` positives per pack, each with one exactly-checked hard negative.

    ``split``: keep only texts of that split ("train" or "test"; None keeps both). Train
    negatives come from the train split only, so training never shows a held-out layout.
    Deterministic for a given seed.
    """
    out: list[AlignPair] = []
    packs = [p for p in packs if p.generate is not None]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(packs) * per_pack, unit="pair", desc="pairs", dynamic_ncols=True)
    try:
        for pack in packs:
            rng = random.Random(f"align:{seed}:{pack.name}")
            every = list(dataset_rows([pack], seed=seed))
            rows = [r for r in every if split is None or r["split"] == split]
            groups: dict[tuple, list[dict]] = defaultdict(list)
            for r in every if split != "train" else rows:
                init_text = split_text(r["natural_language"])[0]
                groups[(r["init_layout"], r["abstraction"], init_text)].append(r)
            rng.shuffle(rows)
            made = 0
            for r in rows:
                if made >= per_pack:
                    break
                init_text = split_text(r["natural_language"])[0]
                group = [
                    c
                    for c in groups[(r["init_layout"], r["abstraction"], init_text)]
                    if c["problem_pddl"] != r["problem_pddl"]
                ]
                rng.shuffle(group)
                for cand in group[:4]:
                    v = equivalent(
                        r["problem_pddl"],
                        cand["problem_pddl"],
                        pack,
                        placeholder=r["is_placeholder"],
                        timeout=5.0,
                    )
                    if v.equivalent is False and v.parseable:
                        meta = {
                            "domain": pack.name,
                            "init_layout": r["init_layout"],
                            "abstraction": r["abstraction"],
                            "split": r["split"],
                        }
                        out.append(
                            AlignPair(
                                r["natural_language"],
                                r["problem_pddl"],
                                1,
                                goal_layout=r["goal_layout"],
                                **meta,
                            )
                        )
                        out.append(
                            AlignPair(
                                r["natural_language"],
                                cand["problem_pddl"],
                                0,
                                goal_layout=cand["goal_layout"],
                                **meta,
                            )
                        )
                        made += 1
                        if bar is not None:
                            bar.update(1)
                        break
    finally:
        if bar is not None:
            bar.close()
    return out


def write_pairs(pairs: Iterable[AlignPair], path: Path) -> int:
    """Write pairs as JSONL; returns the count."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for p in pairs:
            f.write(json.dumps(asdict(p)) + "\n")
            n += 1
    return n


def read_pairs(path: Path) -> Iterator[AlignPair]:
    """Read pairs from JSONL: ``text``, ``pddl`` and ``label`` (1/0; default 1) per line.

    ``natural_language``/``problem_pddl`` (dataset rows) are accepted as well.
    """
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            yield AlignPair(
                str(d.get("text", d.get("natural_language", ""))),
                str(d.get("pddl", d.get("problem_pddl", ""))),
                int(d.get("label", 1)),
                str(d.get("domain", "")),
                str(d.get("init_layout", "")),
                str(d.get("goal_layout", "")),
                str(d.get("abstraction", "")),
                str(d.get("split", "")),
            )
