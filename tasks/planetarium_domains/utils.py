"""Data, prompts and scoring for the ``planetarium_domains`` lm-eval tasks (writing a domain).

One document per pack that carries :class:`~planetarium_plugin.packs.DomainDescriptions`: the
prompt gives the domain's description, its requirements, types, predicates and functions with
their meaning, and each action's name and description; the model writes the whole domain.
Answers are scored with :func:`~planetarium_plugin.domains.evaluate_domain` on the worker
supervisor (per-sample time and memory caps): parseable, SPAR's executability, feasibility and
interpretability, and bounded equivalence. With ``PLANETARIUM_ALIGNMENT=1`` and the align extra,
each written action is also compared with its description (``action_alignment``, the mean over
the described actions; the per-action figures are in the logged verdict).
"""

from __future__ import annotations

import json
import os

from planetarium_tasks import alignment_extra

from planetarium_plugin import domain_packs
from planetarium_plugin.domains.check import extract_domain_text
from planetarium_plugin.scoring import score_records

HEADER = (
    "Write the complete PDDL domain file described below. Answer with the domain only, without "
    "explanations.\n"
    "Use exactly the names given here for the domain, its types, predicates, functions and "
    "actions; you choose each action's parameters, preconditions and effects."
)


def _signature(sig, typed: bool) -> str:
    params = " ".join(f"{v} - {t}" if typed else v for v, t in sig.params)
    return f"({sig.name}{' ' + params if params else ''})"


def prompt(pack) -> str:
    """The domain-writing prompt of a pack (it must carry descriptions)."""
    d, desc = pack.domain, pack.descriptions
    lines = [
        HEADER,
        "",
        f"Domain name: {d.name}",
        f"Requirements: {' '.join(sorted(d.requirements)) or ':strips'}",
        f"Description: {desc.domain}",
    ]
    if d.typed:
        lines.append("Types:")
        for t, parent in d.types.items():
            if parent is not None:
                meaning = desc.types.get(t, "")
                lines.append(f"- {t} (a kind of {parent}){': ' + meaning if meaning else ''}")
    for title, table, meanings in (
        ("Predicates", d.predicates, desc.predicates),
        ("Functions", d.functions, desc.functions),
    ):
        if not table:
            continue
        lines.append(f"{title}:")
        for name, sig in table.items():
            meaning = meanings.get(name, "")
            lines.append(
                f"- {meaning}"
                if meaning.startswith("(")
                else f"- {_signature(sig, d.typed)}: {meaning}"
            )
    lines.append("Actions:")
    for a in d.actions:
        meaning = desc.actions.get(a.name, "")
        lines.append(f"- {meaning}" if meaning.startswith(a.name) else f"- {a.name}: {meaning}")
    lines += ["", "Domain PDDL:"]
    return "\n".join(lines)


def described_packs() -> list[str]:
    """Names of the installed packs that describe their domain (one subtask each)."""
    return [name for name, pack in domain_packs().items() if pack.descriptions is not None]


def rows(pack_name: str) -> tuple[dict, ...]:
    pack = domain_packs()[pack_name]
    return (
        {
            "id": f"{pack_name}-domain",
            "domain": pack_name,
            "domain_pddl_name": pack.domain.name,
            "natural_language": prompt(pack),
            "domain_pddl": pack.domain_pddl,
            "split": "test",
        },
    )


def load_domain(pack: str = "", **kwargs):
    """``custom_dataset`` loader; the subtask names its pack in ``dataset_kwargs``."""
    import datasets

    return datasets.DatasetDict({"test": datasets.Dataset.from_list(list(rows(pack)))})


def doc_to_text(doc: dict) -> str:
    return doc["natural_language"]


def score_all(resps: list[list[str]], docs) -> list[str]:
    """lm-eval ``custom`` filter: score every answer of a task on the worker supervisor.

    ``PLANETARIUM_WORKERS`` and ``PLANETARIUM_DOMAIN_TIMEOUT`` (seconds per domain, default 60)
    override the defaults. Each answer becomes a JSON verdict (``--log_samples`` keeps it).
    """
    docs = list(docs)
    texts = [r[0] if r else "" for r in resps]
    records = [
        {"id": str(i), "kind": "domain", "domain": d["domain"], "candidate": t}
        for i, (t, d) in enumerate(zip(texts, docs, strict=True))
    ]
    workers = int(os.environ.get("PLANETARIUM_WORKERS", "0")) or None
    timeout = float(os.environ.get("PLANETARIUM_DOMAIN_TIMEOUT", "60"))
    verdicts = {r["id"]: r for r in score_records(records, workers=workers, timeout=timeout)}
    # up to renaming: only answers not already equivalent as written, equivalence only
    again = [
        {**r, "match_names": True, "metrics": False}
        for r in records
        if verdicts[r["id"]].get("parseable") and verdicts[r["id"]].get("equivalent") is not True
    ]
    renamed = {r["id"]: r for r in score_records(again, workers=workers, timeout=timeout)}
    aligned = _action_alignment(docs, texts)
    out = []
    for i, text in enumerate(texts):
        verdict = dict(verdicts[str(i)])
        verdict["pddl"] = extract_domain_text(text)
        if str(i) in renamed:
            verdict["equivalent_up_to_renaming"] = renamed[str(i)].get("equivalent")
            verdict["renaming"] = renamed[str(i)].get("renaming")
        else:
            verdict["equivalent_up_to_renaming"] = verdict.get("equivalent")
        if aligned is not None:
            verdict["action_alignment"] = aligned[i]["mean"]
            verdict["actions_aligned"] = aligned[i]["actions"]
        out.append(json.dumps(verdict))
    return out


def _action_alignment(docs: list[dict], texts: list[str]) -> list[dict] | None:
    """Each answer's actions against the pack's descriptions when ``PLANETARIUM_ALIGNMENT=1``
    (off by default: it costs encoder time) and the align extra is installed."""
    alignment = alignment_extra()
    if alignment is None:
        return None
    aligner = alignment.Aligner()
    return [
        alignment.align_actions(d["domain"], extract_domain_text(t) or t, aligner=aligner).to_dict()
        for d, t in zip(docs, texts, strict=True)
    ]


def _rate(v: dict, key: str) -> float:
    r = v.get(key)
    return float(r.get("value", 0.0)) if isinstance(r, dict) else 0.0


def process_results(doc: dict, results: list[str]) -> dict:
    """Metrics from the filter's verdict (or, unfiltered, from scoring the raw text here)."""
    try:
        v = json.loads(results[0])
    except (json.JSONDecodeError, IndexError, TypeError):
        from planetarium_plugin.domains import evaluate_domain

        v = evaluate_domain(doc["domain"], results[0] if results else "").to_dict()
    out = {
        "parseable": float(bool(v.get("parseable"))),
        "executability": _rate(v, "executability"),
        "feasibility": _rate(v, "feasibility"),
        "interpretability": _rate(v, "interpretability"),
        "equivalent": float(v.get("equivalent") is True),
        "equivalent_up_to_renaming": float(
            v.get("equivalent_up_to_renaming", v.get("equivalent")) is True
        ),
    }
    if isinstance(v.get("action_alignment"), int | float):
        out["action_alignment"] = float(v["action_alignment"])
    return out
