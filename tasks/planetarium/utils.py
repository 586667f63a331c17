"""Data, prompts and scoring for the ``planetarium`` lm-eval tasks (ACPBench style).

The test split is generated on first use, deterministically, by the installed domain packs —
no network. ``process_results`` scores untrusted model output with the full Planetarium triple.
"""

from __future__ import annotations

import functools

from planetarium_plugin import domain_packs
from planetarium_plugin.generation import dataset_rows
from planetarium_plugin.scoring import evaluate

SUBTASKS = {
    "blocksworld": ("blocksworld",),
    "gripper": ("gripper",),
    "floortile": ("floor-tile",),
    "uav": ("uav-delivery", "uav-inspection"),
}

PROMPT = (
    "Provide me with the complete, valid problem PDDL file that describes the following planning "
    "problem directly without further explanations or texts.\n"
    "The domain for the planning problem is:\n{domain}\n"
    "Problem: {problem}\n"
    "Problem PDDL:"
)


@functools.cache
def rows(subtask: str, seed: int = 0) -> tuple[dict, ...]:
    packs = [domain_packs()[name] for name in SUBTASKS[subtask]]
    return tuple(dataset_rows(packs, variants=1, seed=seed))


def _dataset(subtask: str, **kwargs):
    import datasets

    seed = int(kwargs.get("seed", 0))
    splits = {}
    for split in ("train", "test"):
        chosen = [dict(r) for r in rows(subtask, seed) if r["split"] == split]
        if chosen:
            splits[split] = datasets.Dataset.from_list(chosen)
    return datasets.DatasetDict(splits)


def load_blocksworld(**kwargs):
    return _dataset("blocksworld", **kwargs)


def load_gripper(**kwargs):
    return _dataset("gripper", **kwargs)


def load_floortile(**kwargs):
    return _dataset("floortile", **kwargs)


def load_uav(**kwargs):
    return _dataset("uav", **kwargs)


def doc_to_text(doc: dict) -> str:
    domain = domain_packs()[doc["domain"]].domain_pddl.strip()
    return PROMPT.format(domain=domain, problem=doc["natural_language"])


def process_results(doc: dict, results: list[str]) -> dict:
    """The Planetarium triple for one generation (model output is untrusted text)."""
    answer = results[0] if results else ""
    s = evaluate(
        doc["problem_pddl"], answer, doc["domain"], placeholder=doc["is_placeholder"], timeout=10.0
    )
    equivalent = float(s.equivalent is True)
    bucket = doc["size_bucket"].replace(">", "over").replace("-", "_")
    return {
        "parseable": float(s.parseable),
        "solvable": float(s.solvable is True),
        "equivalent": equivalent,
        "equivalent_relaxed_typing": float(s.equivalent_relaxed_typing is True),
        # Breakdowns (the paper's tables): each document reports its own category only.
        f"equivalent_{doc['abstraction']}": equivalent,
        f"equivalent_size_{bucket}": equivalent,
    }
