"""Benchmark: generation speed of the embedded model (planetarium-smollm2) by torch thread count.

Loads SmolLM2-135M-Instruct once, then for each thread count generates ``--tokens`` tokens on
real planetarium prompts, ``--repeat`` times, and prints the median seconds and the ratio to
``default_threads()`` in the same run. Usage:

    python benchmarks/bench_embedded_threads.py [--threads 1,2] [--tokens 64] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    import torch
    from planetarium_tasks.models import EmbeddedSmolLM2, default_threads
    from planetarium_tasks.planetarium.utils import doc_to_text, rows

    default = default_threads()
    counts = sorted({int(t) for t in args.threads.split(",")} | {default})
    t0 = time.perf_counter()
    lm = EmbeddedSmolLM2(threads=default)
    print(f"model loaded in {time.perf_counter() - t0:.1f} s; cores {os.cpu_count()}")
    model, tok = lm._lm.model, lm._lm.tokenizer
    doc = next(r for r in rows("gripper") if r["split"] == "test")
    ids = tok(doc_to_text(doc), return_tensors="pt").input_ids
    print(f"prompt {ids.shape[1]} tokens, {args.tokens} new tokens, {args.repeat} runs each")
    medians = {}
    for n in counts:
        torch.set_num_threads(n)
        times = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            with torch.no_grad():
                model.generate(
                    ids,
                    max_new_tokens=args.tokens,
                    min_new_tokens=args.tokens,
                    do_sample=False,
                    pad_token_id=tok.eos_token_id,
                )
            times.append(time.perf_counter() - t)
        medians[n] = statistics.median(times)
    print(f"{'threads':>7}  {'median s':>9}  {'tokens/s':>8}  {'vs default':>10}")
    for n in counts:
        mark = " (default)" if n == default else ""
        print(
            f"{n:>7}  {medians[n]:>9.2f}  {args.tokens / medians[n]:>8.1f}  "
            f"{medians[n] / medians[default]:>9.2f}x{mark}"
        )


if __name__ == "__main__":
    main()
