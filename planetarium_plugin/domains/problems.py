"""The problem set a candidate domain is evaluated on, and ground-truth plans cached per problem.

The default set comes from the pack's generator: small problems (scales 1–3, where most
differences show up exhaustively) and one larger one, each with a ground-truth state space
small enough to explore completely (so an equivalent candidate is *proved* equivalent on it).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Problem, parse_problem

if TYPE_CHECKING:
    from ..packs import DomainPack

__all__ = [
    "Case",
    "NoProblems",
    "default_problems",
    "ground_truth_plan",
    "load_problems",
    "problem_set",
]

#: Ground-truth reachable states allowed for a default problem.
SMALL_STATES = 3_000
LARGER_STATES = 2_500
#: The default set's size, which is also its most: two problems per scale 1–3 and one larger.
DEFAULT_COUNT = 7


@dataclass(frozen=True, slots=True)
class Case:
    """One problem of the set: a name, its text, and its parse against the ground truth."""

    name: str
    text: str
    problem: Problem


def _fits(problem: Problem, pack: DomainPack, bound: int) -> bool:
    """True when the ground truth's reachable state space has at most ``bound`` states."""
    from collections import deque

    from .explore import make_space

    try:
        space = make_space(problem, pack.domain, Deadline(30))
    except PlanetariumError:
        return False
    start = space.start
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in space.successors(queue.popleft()).values():
            if nxt not in seen:
                if len(seen) >= bound:
                    return False
                seen.add(nxt)
                queue.append(nxt)
    return True


def default_problems(pack: DomainPack, count: int = DEFAULT_COUNT) -> tuple[Case, ...]:
    """Up to ``count`` generated problems: two per scale 1–3 (distinct inits), then one larger
    (so at most :data:`DEFAULT_COUNT`, whatever ``count`` asks).

    Deterministic (and cached per pack and count). Empty when the pack has no generator.
    """
    return _default_problems(pack, count)


@functools.lru_cache(maxsize=32)
def _default_problems(pack: DomainPack, count: int) -> tuple[Case, ...]:
    if pack.generate is None or count <= 0:
        return ()
    small: list[Case] = []
    larger: list[Case] = []
    inits: set = set()
    for scale in range(1, min(pack.max_scale, 6) + 1):
        taken = tries = 0
        rng = random.Random(f"planetarium-domains:{pack.name}:{scale}")
        for n, inst in enumerate(pack.generate(rng, scale)):
            problem = parse_problem(inst.problem_pddl, pack.domain)
            key = (problem.init, frozenset(problem.numeric_init.items()))
            if key in inits:
                continue
            inits.add(key)
            bound = SMALL_STATES if scale <= 3 else LARGER_STATES
            if not _fits(problem, pack, bound):
                tries += 1
                if tries >= 2:
                    break
                continue
            case = Case(
                f"{pack.name}-s{scale}-{inst.init_layout}-{inst.goal_layout}-{n}",
                inst.problem_pddl,
                problem,
            )
            if scale <= 3:
                small.append(case)
                taken += 1
                if taken == 2:
                    break
            else:
                larger.append(case)
                break
        if larger:
            break
    picked = small[: max(1, count - 1)] + larger[:1]
    return tuple(picked[:count])


class NoProblems(Exception):
    """No problem set: the ground truth has no generator and no problems were given."""


def problem_set(
    pack: DomainPack, problems: int | str | Path | Sequence[str] | None
) -> tuple[Case, ...]:
    """The problems a candidate is judged on: as many generated ones as ``problems`` says
    (default and most :data:`DEFAULT_COUNT`), every ``*.pddl`` of a directory, or the texts.

    Raises :class:`NoProblems` when a count is asked of a pack without a generator and
    ``ground_truth_invalid`` for a given problem that does not parse.
    """
    if isinstance(problems, int) and problems < 1:
        raise PlanetariumError(
            Reason.UNSUPPORTED,
            f"problems={problems}: give a count of 1 to {DEFAULT_COUNT} or the problems",
        )
    if problems is None or isinstance(problems, int):
        cases = default_problems(pack, DEFAULT_COUNT if problems is None else problems)
        if not cases:
            raise NoProblems(
                f"pack {pack.name} has no problem generator: give a directory of problems"
            )
        return cases
    if isinstance(problems, str | Path):
        return load_problems(problems, pack)
    out = []
    for i, text in enumerate(problems):
        try:
            out.append(Case(f"problem-{i + 1}", text, parse_problem(text, pack.domain)))
        except PlanetariumError as exc:
            raise PlanetariumError(
                Reason.GROUND_TRUTH_INVALID, f"ground-truth problem {i + 1}: {exc.message}"
            ) from None
    return tuple(out)


def load_problems(directory: str | Path, pack: DomainPack) -> tuple[Case, ...]:
    """Every ``*.pddl`` problem in ``directory`` (sorted by name), parsed against the pack."""
    cases = []
    for path in sorted(Path(directory).glob("*.pddl")):
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            problem = parse_problem(text, pack.domain)
        except PlanetariumError as exc:
            raise PlanetariumError(
                Reason.GROUND_TRUTH_INVALID, f"{path.name}: {exc.message}"
            ) from None
        cases.append(Case(path.stem, text, problem))
    if not cases:
        raise PlanetariumError(Reason.UNSUPPORTED, f"no *.pddl problems in {directory}")
    return tuple(cases)


def _plan_cache() -> Path | None:
    """``ground-truth-plans`` in the cache (see :mod:`planetarium_plugin.cache`)."""
    from ..cache import cache_dir

    path = cache_dir() / "ground-truth-plans"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path


def ground_truth_plan(
    case: Case, pack: DomainPack, timeout: float
) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """A validated plan for ``case`` in the ground-truth domain (None: unsolvable or unknown).

    Found with the pack's planner, else Fast Downward or ENHSP, and cached on disk per
    (domain, problem) so repeated evaluations do not plan again.
    """
    from ..cache import prune_cache, touch
    from ..planning import SolveStatus, problem_to_pddl, solve

    key = hashlib.sha256(
        (pack.domain_pddl + "\0" + problem_to_pddl(case.problem, pack.domain)).encode()
    ).hexdigest()[:32]
    cache = _plan_cache()
    path = cache / f"{key}.json" if cache is not None else None
    if path is not None and path.exists():
        try:
            data = json.loads(path.read_text())
            touch(path)  # used: the last to go when the cache is pruned
            steps = data["plan"]
            return None if steps is None else tuple((s[0], tuple(s[1])) for s in steps)
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            pass
    result = solve(case.problem, pack, timeout=timeout)
    if result.status not in (SolveStatus.SOLVED, SolveStatus.UNSOLVABLE):
        return None  # unknown or error: not cached, tried again next time
    steps = None
    if result.status is SolveStatus.SOLVED:
        steps = tuple(_split(s) for s in result.plan or ())
    if path is not None:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps({"plan": steps}))
            os.replace(tmp, path)
        except OSError:
            tmp.unlink(missing_ok=True)
        else:
            prune_cache(keep=path)  # the cache stays within its cap
    return steps


def _split(step: str) -> tuple[str, tuple[str, ...]]:
    parts = step.strip().strip("()").lower().split()
    return parts[0], tuple(parts[1:])
