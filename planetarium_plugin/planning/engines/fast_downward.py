"""Fast Downward: the translator in-process, only the ``downward`` search binary as a
subprocess (no interpreter start-ups per call)."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import PlanetariumError, Reason
from ...parsing import Problem
from ..plans import problem_to_pddl
from ..processes import plan_file, run_process
from ..results import PlannerOutcome, SolveStatus

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = ["FastDownward"]


_TRANSLATE_LOCK = threading.Lock()  # the translator keeps module-level options


class FastDownward:
    """Fast Downward: in-process translator, ``downward`` search binary as a subprocess."""

    name = "fast-downward"
    search = "lazy_greedy([ff()], preferred=[ff()])"

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        if pack.numeric:
            return PlannerOutcome(SolveStatus.ERROR, message="Fast Downward is classical only")
        try:
            import up_fast_downward
            from fast_downward.translate import main as fd_main
            from fast_downward.translate import normalize, pddl_parser
            from fast_downward.translate import options as fd_options
        except ImportError as exc:
            raise PlanetariumError(
                Reason.UNSUPPORTED,
                f"Fast Downward is not installed ({exc}); "
                "pip install 'planetarium-plugin[planners]'",
            ) from exc
        binary = Path(up_fast_downward.__file__).parent / "downward/builds/release/bin/downward"
        with tempfile.TemporaryDirectory(prefix="planetarium-fd-") as tmp:
            dom, prob, sas = (os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "o"))
            Path(dom).write_text(pack.domain.text)
            Path(prob).write_text(problem_to_pddl(problem, pack.domain))
            with _TRANSLATE_LOCK, contextlib.redirect_stdout(io.StringIO()):
                fd_options.options = fd_options.get_arg_parser().parse_args(
                    [dom, prob, "--sas-file", sas]
                )
                try:
                    task = pddl_parser.open(domain_filename=dom, problem_filename=prob)
                    normalize.normalize(task)
                    sas_task = fd_main.pddl_to_sas(task)
                except SystemExit as exc:
                    return PlannerOutcome(SolveStatus.ERROR, message=f"translator exit {exc.code}")
                text = io.StringIO()
                sas_task.output(text)
            plan_path = Path(tmp) / "plan"
            rc, out, timed_out = run_process(
                [str(binary), "--search", self.search, "--internal-plan-file", str(plan_path)],
                timeout,
                tmp,
                stdin=text.getvalue(),
            )
            if timed_out:
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"timeout after {timeout} s")
            if rc == 0:
                return PlannerOutcome(SolveStatus.SOLVED, plan_file(plan_path))
            if rc in (10, 11):
                return PlannerOutcome(
                    SolveStatus.UNSOLVABLE, message="Fast Downward: proven unsolvable"
                )
            if rc == 12:
                return PlannerOutcome(SolveStatus.UNKNOWN, message="search incomplete")
            if rc in (22, 23):
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"out of resources (exit {rc})")
            return PlannerOutcome(SolveStatus.ERROR, message=f"downward exit {rc}: {out[-300:]}")
