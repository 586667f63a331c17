"""Public model-written domains with hand verdicts (shared by the renaming tests and
``benchmarks/bench_renaming_public.py``).

Each ``tests/data/model_written/<source>/verdicts.json`` entry gives the verdict against the
``blocksworld`` pack decided by hand: ``invalid`` (with the ``line`` of the first error, as Fast
Downward's translator rejects it too), ``not_equivalent`` or ``equivalent``; ``mapping`` (where
a renaming onto the ground truth's names exists) is the renaming written by hand: applied to
the text, the exact metric *without* ``match_names`` gives the hand verdict. :func:`judge`
compares ``--match-names`` with it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from planetarium_plugin import evaluate_domain

DATA = Path(__file__).parent / "data" / "model_written"


@dataclass(frozen=True)
class Judged:
    name: str
    source: str
    hand: str
    got: str  # equivalent / not_equivalent / invalid / undecided
    line_ok: bool  # an invalid file's message names its line
    stray_ok: bool | None  # a stray ')' before the first action is rejected with its line
    hand_mapped: str | None  # the verdict of the exact metric under the hand mapping

    @property
    def agrees(self) -> bool:
        return self.got == self.hand and self.line_ok


def entries(source: str = "l2p") -> dict[str, dict]:
    return json.loads((DATA / source / "verdicts.json").read_text())


def rename_by_hand(text: str, mapping: dict[str, str]) -> str:
    """``text`` with each whole name replaced (case-insensitive, as PDDL reads names)."""
    for old, new in mapping.items():
        text = re.sub(rf"(?<![\w?-]){re.escape(old)}(?![\w-])", new, text, flags=re.I)
    return text


def _word(score) -> str:
    if not score.parseable:
        return "invalid"
    return {True: "equivalent", False: "not_equivalent", None: "undecided"}[score.equivalent]


def judge(source: str, name: str, entry: dict, problems: int = 2, stray: bool = True) -> Judged:
    text = (DATA / source / name).read_text()
    score = evaluate_domain("blocksworld", text, problems=problems, metrics=False,
                            match_names=True)  # fmt: skip
    got = _word(score)
    line_ok = entry["hand"] != "invalid" or f"line {entry['line']}:" in score.message
    hand_mapped = None
    if "mapping" in entry:
        renamed = rename_by_hand(text, entry["mapping"])
        hand_mapped = _word(evaluate_domain("blocksworld", renamed, problems=problems,
                                            metrics=False))  # fmt: skip
    stray_ok = None
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if "(:action" in line.lower()), None)
    if stray and at is not None:
        broken = "\n".join([*lines[:at], ")", *lines[at:]])
        s = evaluate_domain("blocksworld", broken, problems=1, metrics=False, match_names=True)
        stray_ok = (not s.parseable and s.reason == "pddl_after_define"
                    and f"line {at + 2}:" in s.message)  # fmt: skip
    return Judged(name, entry.get("source", source), entry["hand"], got, line_ok, stray_ok,
                  hand_mapped)  # fmt: skip
