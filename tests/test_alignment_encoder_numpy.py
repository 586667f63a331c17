"""The numpy forward pass of all-MiniLM-L6-v2 against sentence-transformers (the oracle)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sentence_transformers")

from planetarium_plugin.alignment import Aligner  # noqa: E402
from planetarium_plugin.alignment.encoder import Encoder, default_model_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT / "benchmarks" / "data" / "alignment_public" / "pairs.jsonl"


def _not_calib() -> list[str]:
    """The set's lines outside the ``calib`` split (no aligner runs on those rows but the
    calibration's fit; see the set's SOURCES.md), in file order."""
    lines = PAIRS.read_text(encoding="utf-8").splitlines()
    return [x for x in lines if x.strip() and json.loads(x)["split"] != "calib"]


def _public_strings(n: int = 120) -> list[str]:
    """Sentences, clauses and whole requests of real public text (PlanBench, AutoPlanBench…)."""
    out: list[str] = []
    for i, line in enumerate(_not_calib()):
        if i % 29:
            continue
        text = json.loads(line)["text"]
        out += [text, *[s for s in text.split(". ") if s][:3]]
        if len(out) >= n:
            break
    return out + ["", "b1", "word " * 400, "Ünïcode — “quotes” and 中文 tokens"]


@pytest.fixture(scope="module")
def both():
    return Encoder(backend="numpy"), Encoder(backend="sentence-transformers")


def test_numpy_vectors_match_sentence_transformers_on_public_text(both):
    fast, oracle = both
    texts = _public_strings()
    assert any(len(oracle.tokenizer(t)["input_ids"]) > 256 for t in texts)  # truncation covered
    a, b = fast.embed(texts), oracle.embed(texts)
    assert a.shape == b.shape == (len(texts), 384)
    assert float(np.abs(a - b).max()) < 1e-5
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)


def test_a_token_budget_bounds_batches_without_changing_vectors(both):
    """Long texts go in smaller batches (bounded memory); every vector stays the same."""
    fast, _ = both
    texts = _public_strings(60)
    whole = fast.model.encode(texts)
    small = fast.model.encode(texts, token_budget=200)
    assert float(np.abs(whole - small).max()) < 1e-5
    lengths = [len(r) + 2 for r in fast.model.tokenizer.pieces(texts)]
    assert max(lengths) > 200  # some text exceeds the budget and goes alone


def test_numpy_tokenizer_answers_as_the_hf_tokenizer(both):
    fast, oracle = both
    texts = _public_strings(30)
    ids_fast = fast.tokenizer(texts, add_special_tokens=False)["input_ids"]
    ids_hf = oracle.tokenizer(texts, add_special_tokens=False)["input_ids"]
    assert ids_fast == ids_hf
    assert [fast.tokenizer.decode(i[:50]) for i in ids_fast] == [
        oracle.tokenizer.decode(i[:50]) for i in ids_hf
    ]
    assert fast.tokenizer.get_vocab() == oracle.tokenizer.get_vocab()
    assert fast.chunks(texts) == oracle.chunks(texts)


def test_scores_agree_between_backends(both):
    fast, oracle = both
    rows = [json.loads(line) for i, line in enumerate(_not_calib()) if i % 97 == 0]
    texts, pddls = [r["text"] for r in rows], [r["problem_pddl"] for r in rows]
    domains = {r.get("domain_pddl") for r in rows}
    for dom in domains:
        idx = [i for i, r in enumerate(rows) if r.get("domain_pddl") == dom]
        t, p = [texts[i] for i in idx], [pddls[i] for i in idx]
        s_fast = Aligner(encoder=fast, domain=dom).similarity(t, p)
        s_oracle = Aligner(encoder=oracle, domain=dom).similarity(t, p)
        assert np.allclose(s_fast, s_oracle, atol=1e-4), dom


def test_scoring_in_a_fresh_process_imports_no_torch():
    code = (
        "import sys; from planetarium_plugin.alignment import Aligner; "
        "s = Aligner().similarity(['b1 is on b2.'], [open(sys.argv[1]).read()]); "
        "assert 0.0 <= s[0] <= 1.0; print('torch' in sys.modules)"
    )
    pddl = ROOT / "examples" / "alignment" / "right.pddl"
    out = subprocess.run(
        [sys.executable, "-c", code, str(pddl)], capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "False"


def test_a_model_the_numpy_pass_cannot_run_falls_back_or_says_why(tmp_path):
    from planetarium_plugin.errors import PlanetariumError

    assert Encoder().backend == "numpy"
    bare = tmp_path / "model"
    bare.mkdir()
    for name in ("config.json", "tokenizer.json", "model.safetensors"):
        (bare / name).symlink_to(default_model_path() / name)
    with pytest.raises(PlanetariumError, match="numpy encoder cannot run it"):
        Encoder(bare, backend="numpy")  # no pooling configuration: not known to be mean pooling
