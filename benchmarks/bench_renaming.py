"""Benchmark: what ``--match-names`` costs, per pack and on a 20-predicate/15-action domain.

    python benchmarks/bench_renaming.py [--repeat 3] [--problems 3] [--json OUT]

For every pack, on a random renaming of its ground truth (``tests/domain_renamings.py``: new
names for every type, predicate, function and action, arguments and parameters permuted,
everything reordered) it times, in one process:

* ``plain`` — the baseline: ``evaluate_domain(pack, ground truth, metrics=False)`` without
  ``match_names`` (the same transition-system comparison on the pack's own vocabulary);
* ``renamed`` — ``evaluate_domain(pack, renamed, metrics=False, match_names=True)``;
* ``search`` — ``find_renaming`` alone, and the same for a renamed single mutation of the
  domain (no renaming reads the same: the closest-renaming search runs to its budget);

and reports the ratio renamed / plain. Then the same search on a synthetic domain with 20
predicates (arities 0–3) and 15 actions (2–4 parameters), renamed, and a mutation of it.
Medians of ``--repeat`` runs (CPU time of the process; wall-clock alongside).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from domain_mutations import MUTATIONS, mutate  # noqa: E402
from domain_renamings import scramble  # noqa: E402

from planetarium_plugin import domain_packs, evaluate_domain  # noqa: E402
from planetarium_plugin.domains.renaming import find_renaming  # noqa: E402
from planetarium_plugin.parsing import parse_domain  # noqa: E402


def timed(fn, repeat: int) -> tuple[float, float, object]:
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(cpus), statistics.median(walls), out


def synthetic(seed: int = 7, n_preds: int = 20, n_actions: int = 15) -> str:
    """A STRIPS domain of ``n_preds`` predicates and ``n_actions`` actions (deterministic)."""
    rng = random.Random(seed)
    arity = {f"p{i}": rng.choice([0, 1, 1, 2, 2, 2, 3]) for i in range(n_preds)}
    preds = " ".join(f"({p} {' '.join(f'?a{j}' for j in range(k))})".replace(" )", ")")
                     for p, k in arity.items())  # fmt: skip
    actions = []
    for i in range(n_actions):
        params = [f"?x{j}" for j in range(rng.randint(2, 4))]

        def lit(p: str, params=params) -> str:
            return f"({p} {' '.join(rng.choice(params) for _ in range(arity[p]))})".replace(
                " )", ")"
            )

        pre = {lit(rng.choice(list(arity))) for _ in range(rng.randint(2, 4))}
        neg = {lit(p) for p in rng.sample(list(arity), 2)}
        add = sorted({lit(rng.choice(list(arity))) for _ in range(rng.randint(1, 3))} - pre)
        dele = sorted(pre - set(add))[:2]
        effect = " ".join(add + [f"(not {x})" for x in dele])
        actions.append(
            f"(:action act{i} :parameters ({' '.join(params)})\n"
            f"  :precondition (and {' '.join(sorted(pre))} "
            f"{' '.join(f'(not {x})' for x in sorted(neg - pre))})\n"
            f"  :effect (and {effect}))"
        )
    return (
        "(define (domain synthetic) (:requirements :strips :negative-preconditions)\n"
        f"(:predicates {preds})\n" + "\n".join(actions) + ")"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--problems", type=int, default=3)
    ap.add_argument("--packs", default="")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    packs = domain_packs()
    names = [p for p in (args.packs.split(",") if args.packs else sorted(packs))]
    rows = []
    print(f"{'pack':<16}{'plain s':>9}{'renamed s':>11}{'ratio':>7}{'search s':>10}"
          f"{'exact':>7}{'mutant search s':>17}{'agree':>9}")  # fmt: skip
    for name in names:
        pack = packs[name]
        s = scramble(pack.domain, random.Random(0))
        cand = parse_domain(s.text)
        evaluate_domain(name, pack.domain_pddl, problems=args.problems, metrics=False)  # warm
        plain, plain_w, p = timed(
            lambda name=name, pack=pack: evaluate_domain(
                name, pack.domain_pddl, problems=args.problems, metrics=False),
            args.repeat)  # fmt: skip
        renamed, renamed_w, r = timed(
            lambda name=name, s=s: evaluate_domain(
                name, s.text, problems=args.problems, metrics=False, match_names=True),
            args.repeat)  # fmt: skip
        search, _, found = timed(lambda p=pack, c=cand: find_renaming(p.domain, c), args.repeat)
        kind = sorted(MUTATIONS[name])[0]
        action, edit = MUTATIONS[name][kind]
        mutant = parse_domain(scramble(parse_domain(mutate(pack.domain_pddl, action, edit)),
                                       random.Random(0)).text)  # fmt: skip
        msearch, _, mfound = timed(lambda p=pack, m=mutant: find_renaming(p.domain, m), args.repeat)
        assert p.equivalent is True and r.equivalent is True, (name, r.message)
        row = {
            "pack": name, "plain_cpu_s": plain, "plain_wall_s": plain_w,
            "renamed_cpu_s": renamed, "renamed_wall_s": renamed_w, "ratio": renamed / plain,
            "search_cpu_s": search, "exact": found.exact, "several": found.several,
            "mutant": kind, "mutant_search_cpu_s": msearch,
            "mutant_agreement": f"{mfound.agreement}/{mfound.literals}",
            "mutant_optimal": mfound.optimal,
        }  # fmt: skip
        rows.append(row)
        print(f"{name:<16}{plain:>9.3f}{renamed:>11.3f}{renamed / plain:>7.2f}{search:>10.3f}"
              f"{str(found.exact):>7}{msearch:>17.3f}{row['mutant_agreement']:>9}")  # fmt: skip
    gt = parse_domain(synthetic())
    s = scramble(gt, random.Random(1))
    search, wall, found = timed(lambda: find_renaming(gt, parse_domain(s.text)), args.repeat)
    first = gt.actions[3]  # one dropped delete effect of act3
    edited = parse_domain(synthetic().replace(f"(not {first.delete[0]})", "", 1))
    mutant = parse_domain(scramble(edited, random.Random(1)).text)
    msearch, mwall, mfound = timed(lambda: find_renaming(gt, mutant), args.repeat)
    ok = dict(found.predicates) == s.predicates and dict(found.actions) == s.actions
    print(f"synthetic 20 predicates / 15 actions: search {search:.3f} s CPU ({wall:.3f} s wall), "
          f"exact {found.exact}, inverse found {ok}; one dropped delete: {msearch:.3f} s CPU, "
          f"agreement {mfound.agreement}/{mfound.literals}, optimal {mfound.optimal}")  # fmt: skip
    rows.append({"pack": "synthetic-20x15", "search_cpu_s": search, "search_wall_s": wall,
                 "exact": found.exact, "inverse_found": ok, "mutant_search_cpu_s": msearch,
                 "mutant_agreement": f"{mfound.agreement}/{mfound.literals}"})  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
