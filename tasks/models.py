"""``planetarium-replay``: an lm-eval model that answers from known texts, for re-scoring and
smoke tests.

Modes (``--model_args mode=…``):
* ``oracle``: answers every prompt with its ground-truth PDDL (scores 1.0);
* ``garbage``: answers with text that holds no PDDL (scores 0.0);
* ``replay``: answers from a JSONL file (``path=…``) of saved generations, each line with
  ``natural_language`` (the problem text) and ``response``; unknown prompts get "".
"""

from __future__ import annotations

import json
from pathlib import Path

from lm_eval.api.model import LM
from lm_eval.api.registry import register_model

GARBAGE = "I am sorry, but I cannot write PDDL for this request."


def problem_text(prompt: str) -> str:
    """The natural-language problem inside a planetarium prompt."""
    head, _, rest = prompt.rpartition("Problem: ")
    return rest.split("\nProblem PDDL:")[0] if head else prompt


@register_model("planetarium-replay")
class ReplayLM(LM):
    def __init__(self, mode: str = "oracle", path: str | None = None, **kwargs) -> None:
        super().__init__()
        if mode not in ("oracle", "garbage", "replay"):
            raise ValueError(f"mode must be oracle, garbage or replay, not {mode!r}")
        if mode == "replay" and not path:
            raise ValueError("replay mode needs path=FILE.jsonl")
        self.mode = mode
        self.answers: dict[str, str] = {}
        if mode == "oracle":
            from .planetarium.utils import SUBTASKS, rows

            for subtask in SUBTASKS:
                for row in rows(subtask):
                    self.answers[row["natural_language"]] = row["problem_pddl"]
        elif mode == "replay":
            for line in Path(path).read_text(encoding="utf-8").splitlines():
                if line.strip():
                    rec = json.loads(line)
                    self.answers[rec["natural_language"]] = rec.get("response", "")

    @classmethod
    def create_from_arg_string(cls, arg_string: str, additional_config: dict | None = None):
        args = dict(kv.split("=", 1) for kv in arg_string.split(",") if "=" in kv)
        return cls(**args)

    def generate_until(self, requests, disable_tqdm: bool = False) -> list[str]:
        if self.mode == "garbage":
            return [GARBAGE for _ in requests]
        return [self.answers.get(problem_text(r.args[0]), "") for r in requests]

    def loglikelihood(self, requests, disable_tqdm: bool = False):
        raise NotImplementedError("planetarium-replay only generates")

    def loglikelihood_rolling(self, requests, disable_tqdm: bool = False):
        raise NotImplementedError("planetarium-replay only generates")
