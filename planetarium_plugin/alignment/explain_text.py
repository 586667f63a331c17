"""An alignment explanation as text for a person: the verdict, then per section (init, goal)
each fact with the words of the request that state it.

Reads the explanation's JSON form (``to_dict()``), so it prints any explanation the engine
gives, and a saved ``--json`` output alike.

>>> e = {"similarity": 0.1, "aligned": False, "method": "facts",
...      "init": {"stated": [{"atom": "(arm-empty)", "span": "your arm is empty",
...                           "confidence": 0.97}], "unstated": ["(clear b1)"]},
...      "goal": {"missing_in_problem": [{"atom": "(on b2 b3)", "span": "b2 on b3",
...                                       "confidence": 0.91}]}}
>>> print(format_explanation(e))
NOT ALIGNED: similarity 0.1000 (facts)
init: 1 stated, 0 contradicted, 0 missing in the problem, 1 unstated
  stated        (arm-empty)  "your arm is empty"  0.97
  unstated      (clear b1)
goal: 0 stated, 0 contradicted, 1 missing in the problem, 0 unstated
  missing       (on b2 b3)  "b2 on b3"  0.91

A fact the quoted words imply under the domain's rules (kind ``implied``) says so:

>>> e["init"]["stated"].append({"atom": "(clear b1)", "span": "your arm is empty",
...                             "confidence": 0.78, "kind": "implied"})
>>> print(format_explanation(e).splitlines()[3])
  stated        (clear b1)  implied by "your arm is empty"  0.78
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["format_explanation"]

#: (key in a section, label printed, whether the entries carry a text span)
_KINDS = (
    ("stated", "stated", True),
    ("contradicted", "contradicted", True),
    ("missing_in_problem", "missing", True),
    ("abstract", "abstract", True),
    ("unstated", "unstated", False),
)
_SPAN = 80


def _span(text: object) -> str:
    s = " ".join(str(text or "").split())
    return s if len(s) <= _SPAN else s[: _SPAN - 1] + "…"


def _line(label: str, entry: Any, with_span: bool) -> str:
    if not with_span or not isinstance(entry, Mapping):
        atom = entry.get("atom", "") if isinstance(entry, Mapping) else entry
        return f"  {label:<13} {atom}"
    atom = entry.get("atom") or entry.get("phrase") or ""
    conf = entry.get("confidence")
    tail = f"  {conf:.2f}" if isinstance(conf, int | float) else ""
    neg = "not " if entry.get("negated") and not str(atom).startswith("(not") else ""
    said = f'"{_span(entry.get("span"))}"'
    if entry.get("kind") == "implied":  # derived from the quoted facts by the domain's rules
        said = f"implied by {said}" if entry.get("span") else "implied by the domain's rules"
    return f"  {label:<13} {neg}{atom}  {said}{tail}".rstrip()


def format_explanation(explanation: Any) -> str:
    """The explanation (an ``AlignmentExplanation`` or its ``to_dict()``) as lines of text."""
    e = explanation.to_dict() if hasattr(explanation, "to_dict") else dict(explanation)
    verdict = {True: "ALIGNED", False: "NOT ALIGNED"}.get(e.get("aligned"), "UNCALIBRATED")
    sim = e.get("similarity")
    sim_txt = f"{sim:.4f}" if isinstance(sim, int | float) else "n/a"
    extra = ""
    if isinstance(e.get("threshold"), int | float):
        extra = f", threshold {e['threshold']:.4f} at ε={e.get('epsilon')}"
    out = [f"{verdict}: similarity {sim_txt} ({e.get('method', 'facts')}{extra})"]
    for name in ("init", "goal"):
        sec = e.get(name) or {}
        counts = ", ".join(
            f"{len(sec.get(k) or ())} {label}"
            for k, label in (
                ("stated", "stated"),
                ("contradicted", "contradicted"),
                ("missing_in_problem", "missing in the problem"),
                ("unstated", "unstated"),
            )
        )
        out.append(f"{name}: {counts}")
        for key, label, with_span in _KINDS:
            out += [_line(label, x, with_span) for x in sec.get(key) or ()]
    out += [_line("object", x, True) for x in e.get("objects") or ()]
    out += [f"note: {n}" for n in e.get("notes") or ()]
    return "\n".join(out)
