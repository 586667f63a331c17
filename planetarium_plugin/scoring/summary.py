"""Per-domain summaries of a results file: one table for problem records (parseable /
solvable / equivalent) and one for domain records (parseable, executability, feasibility,
interpretability, equivalent), each labelled by a short domain name."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

__all__ = ["DOMAIN_COLUMNS", "PROBLEM_COLUMNS", "domain_label", "summarize", "summarize_domains"]

#: The columns of :func:`summarize`'s rows, in order.
PROBLEM_COLUMNS = (
    "domain",
    "n",
    "parseable",
    "solvable",
    "equivalent",
    "equivalent_relaxed_typing",
    "solvable_unknown",
    "equivalent_unknown",
    "bad_record",
)
#: The columns of :func:`summarize_domains`'s rows, in order.
DOMAIN_COLUMNS = (
    "domain",
    "n",
    "parseable",
    "executability",
    "feasibility",
    "interpretability",
    "equivalent",
    "equivalent_unknown",
    "bad_record",
)
_DEFINE = re.compile(r"\(\s*domain\s+([^\s()]+)", re.IGNORECASE)


def domain_label(domain: object, width: int = 30) -> str:
    """A short label for a result's ``domain``: a pack name as is, a domain file by its stem,
    domain text by the name it declares; at most ``width`` characters.

    >>> domain_label("/data/runs/model-a/blocksworld_domain.pddl")
    'blocksworld_domain'
    >>> domain_label("(define (domain gripper-strips) (:predicates (at ?b ?r)))")
    'gripper-strips'
    """
    text = str(domain or "?").strip() or "?"
    if text.startswith("("):
        m = _DEFINE.search(text)
        text = m.group(1) if m else "(domain text)"
    elif "/" in text or "\\" in text or text.lower().endswith(".pddl"):
        text = Path(text.replace("\\", "/")).stem or text
    return text if len(text) <= width else text[: width - 1] + "…"


def _latest(out: Path) -> list[dict]:
    """The last result line of each id (a resumed run may have scored it again); damaged
    lines are skipped."""
    latest: dict[str, dict] = {}
    with open(out, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(r, dict):
                latest[str(r.get("id"))] = r
    return list(latest.values())


def _rows(acc: dict[str, dict[str, float]], rates: tuple[str, ...], counts: tuple[str, ...]):
    rows = []
    for dom in sorted(acc, key=lambda d: (d == "all", d)):
        a = acc[dom]
        n = int(a["n"])
        row: dict = {"domain": dom, "n": n}
        row.update({k: round(a[k] / n, 4) for k in rates})
        row.update({k: int(a[k]) for k in counts})
        rows.append(row)
    return rows


def summarize(out: Path) -> list[dict]:
    """Per-domain rates of parseable / solvable / equivalent, unknown and bad-record counts,
    over the problem records (domain records: :func:`summarize_domains`).

    The last result line of an id counts; bad records count in ``n`` (as not parseable) and
    in ``bad_record``. Rows have :data:`PROBLEM_COLUMNS`; none when there are no problem records.
    """
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in _latest(out):
        if r.get("kind") == "domain":
            continue
        for key in (r.get("domain") or "?", "all"):
            a = acc[key]
            a["n"] += 1
            a["parseable"] += bool(r.get("parseable"))
            a["solvable"] += r.get("solvable") is True
            a["equivalent"] += r.get("equivalent") is True
            a["equivalent_relaxed_typing"] += r.get("equivalent_relaxed_typing") is True
            a["solvable_unknown"] += bool(r.get("parseable")) and r.get("solvable") is None
            a["equivalent_unknown"] += bool(r.get("parseable")) and r.get("equivalent") is None
            a["bad_record"] += r.get("reason") == "bad_record"
    return _rows(acc, PROBLEM_COLUMNS[2:6], PROBLEM_COLUMNS[6:])


def _rate(r: dict, key: str) -> float:
    v = r.get(key)
    return float(v.get("value") or 0.0) if isinstance(v, dict) else 0.0


def summarize_domains(out: Path) -> list[dict]:
    """Per-domain means over the domain records (``"kind": "domain"``): parseable, the
    executability / feasibility / interpretability rates, equivalent; unknown and bad-record
    counts. Labels are short (:func:`domain_label`); rows have :data:`DOMAIN_COLUMNS`."""
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in _latest(out):
        if r.get("kind") != "domain":
            continue
        for key in (domain_label(r.get("domain")), "all"):
            a = acc[key]
            a["n"] += 1
            a["parseable"] += bool(r.get("parseable"))
            for m in ("executability", "feasibility", "interpretability"):
                a[m] += _rate(r, m)
            a["equivalent"] += r.get("equivalent") is True
            a["equivalent_unknown"] += bool(r.get("parseable")) and r.get("equivalent") is None
            a["bad_record"] += r.get("reason") == "bad_record"
    return _rows(acc, DOMAIN_COLUMNS[2:7], DOMAIN_COLUMNS[7:])
