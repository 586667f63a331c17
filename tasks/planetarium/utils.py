"""Data, prompts and scoring for the ``planetarium`` lm-eval tasks (ACPBench style).

The test split is generated on first use, deterministically, by the installed domain packs —
no network. ``process_results`` scores untrusted model output with the full Planetarium triple.
"""

from __future__ import annotations

import functools
import json
import os

from planetarium_plugin import domain_packs
from planetarium_plugin.generation import dataset_rows
from planetarium_plugin.parsing import extract_problem_text
from planetarium_plugin.scoring import score_records

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


def score_all(resps: list[list[str]], docs) -> list[str]:
    """lm-eval ``custom`` filter: score every response of a task at once.

    Responses are untrusted text: they are scored on worker processes with per-sample time and
    memory limits (``PLANETARIUM_WORKERS``, ``PLANETARIUM_TIMEOUT`` override the defaults). Each
    response becomes a JSON verdict — the extracted PDDL, the triple, and the reasons — which
    ``--log_samples`` records and ``process_results`` turns into metrics.
    """
    docs = list(docs)
    texts = [r[0] if r else "" for r in resps]
    records = [
        {
            "id": str(i),
            "domain": d["domain"],
            "ground_truth": d["problem_pddl"],
            "candidate": t,
            "placeholder": d["is_placeholder"],
        }
        for i, (t, d) in enumerate(zip(texts, docs, strict=True))
    ]
    workers = int(os.environ.get("PLANETARIUM_WORKERS", "0")) or None
    timeout = float(os.environ.get("PLANETARIUM_TIMEOUT", "10"))
    verdicts = {r["id"]: r for r in score_records(records, workers=workers, timeout=timeout)}
    out = []
    for i, text in enumerate(texts):
        verdict = dict(verdicts[str(i)])
        verdict["pddl"] = extract_problem_text(text)
        out.append(json.dumps(verdict))  # one verdict per document (no take-first after us)
    return out


def process_results(doc: dict, results: list[str]) -> dict:
    """Metrics from the filter's verdict (or, unfiltered, from scoring the raw text here)."""
    try:
        v = json.loads(results[0])
    except (json.JSONDecodeError, IndexError, TypeError):
        from planetarium_plugin.scoring import evaluate

        answer = results[0] if results else ""
        v = evaluate(
            doc["problem_pddl"], answer, doc["domain"], placeholder=doc["is_placeholder"]
        ).to_dict()
    equivalent = float(v.get("equivalent") is True)
    bucket = doc["size_bucket"].replace(">", "over").replace("-", "_")
    return {
        "parseable": float(bool(v.get("parseable"))),
        "solvable": float(v.get("solvable") is True),
        "equivalent": equivalent,
        "equivalent_relaxed_typing": float(v.get("equivalent_relaxed_typing") is True),
        # Breakdowns (the paper's tables): each document reports its own category only.
        f"equivalent_{doc['abstraction']}": equivalent,
        f"equivalent_size_{bucket}": equivalent,
    }
