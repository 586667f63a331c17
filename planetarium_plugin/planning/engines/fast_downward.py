"""Fast Downward: the translator in a forked child of this process (its modules already
imported: no interpreter start-up, yet killable at the caller's deadline), and the ``downward``
search binary as a subprocess with the rest of the budget."""

from __future__ import annotations

import contextlib
import gc
import os
import select
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import PlanetariumError, Reason
from ...parsing import Problem
from ..processes import die_with_parent, package_dir, plan_file, run_process
from ..results import PlannerOutcome, SolveStatus
from ..writer import planner_input

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = ["FastDownward", "translate"]


def _modules():
    try:
        from fast_downward.translate import main as fd_main
        from fast_downward.translate import normalize, pddl_parser
        from fast_downward.translate import options as fd_options
    except ImportError as exc:
        raise PlanetariumError(
            Reason.UNSUPPORTED,
            f"Fast Downward is not installed ({exc}); pip install 'planetarium-plugin[planners]'",
        ) from exc
    base = package_dir("up_fast_downward")
    binary = base / "downward/builds/release/bin/downward" if base is not None else None
    if binary is None or not binary.exists():
        raise PlanetariumError(
            Reason.UNSUPPORTED, "Fast Downward is not installed; pip install up-fast-downward"
        )
    return binary, fd_main, normalize, pddl_parser, fd_options


def _translate_here(dom: str, prob: str, sas: str) -> str:
    """Translate in this (forked) process; return "ok" or what went wrong."""
    _, fd_main, normalize, pddl_parser, fd_options = _modules()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # the translator prints progress: not to the caller's terminal
    os.dup2(devnull, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - the child exits next
    try:
        fd_options.options = fd_options.get_arg_parser().parse_args([dom, prob, "--sas-file", sas])
        task = pddl_parser.open(domain_filename=dom, problem_filename=prob)
        normalize.normalize(task)
        sas_task = fd_main.pddl_to_sas(task)
        with open(sas, "w") as fh:
            sas_task.output(fh)
        return "ok"
    except SystemExit as exc:
        return f"translator exit {exc.code}"
    except BaseException as exc:  # noqa: BLE001 - any failure is reported, none escapes
        first = str(exc).strip().splitlines()
        return f"translator: {type(exc).__name__}: {' '.join(first[:3])[:300]}"


def translate(dom: str, prob: str, sas: str, timeout: float) -> str | None:
    """Run the translator in a forked child bounded by ``timeout``.

    Returns "ok", a message saying why the translator failed, or None on timeout (the child
    is killed).
    """
    _modules()  # import in the parent, so that the child only computes
    r, w = os.pipe()
    gc.freeze()  # the child's collector then leaves the parent's objects (their pages) alone
    try:
        pid = os.fork()
    except BaseException:
        gc.unfreeze()
        raise
    if pid != 0:
        gc.unfreeze()
    if pid == 0:  # the child: translate, report, exit without running the parent's cleanup
        code = 0
        try:
            die_with_parent()
            os.close(r)
            msg = _translate_here(dom, prob, sas)
            os.write(w, msg.encode("utf-8", "replace")[:4000])
        except BaseException:  # noqa: BLE001
            code = 3
        finally:
            os._exit(code)
    os.close(w)
    end = time.monotonic() + timeout
    chunks: list[bytes] = []
    try:
        while True:
            left = end - time.monotonic()
            if left <= 0 or not select.select([r], [], [], left)[0]:
                return None
            chunk = os.read(r, 4096)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(r)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)  # harmless when it already exited
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
    return b"".join(chunks).decode("utf-8", "replace") or "translator died"


class FastDownward:
    """Fast Downward: forked translator, ``downward`` search binary as a subprocess."""

    name = "fast-downward"
    search = "lazy_greedy([ff()], preferred=[ff()])"

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        if pack.numeric:
            return PlannerOutcome(SolveStatus.ERROR, message="Fast Downward is classical only")
        end = time.monotonic() + timeout
        binary = _modules()[0]
        try:
            inp = planner_input(problem, pack.domain)
        except PlanetariumError as exc:
            return PlannerOutcome(SolveStatus.ERROR, message=f"cannot write the problem: {exc}")
        with tempfile.TemporaryDirectory(prefix="planetarium-fd-") as tmp:
            dom, prob, sas = (os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "o"))
            Path(dom).write_text(inp.domain)
            Path(prob).write_text(inp.problem)
            status = translate(dom, prob, sas, timeout)
            if status is None:
                return PlannerOutcome(
                    SolveStatus.UNKNOWN, message=f"timeout after {timeout:.3g} s (translator)"
                )
            if status != "ok":
                return PlannerOutcome(SolveStatus.ERROR, message=f"Fast Downward {status}")
            plan_path = Path(tmp) / "plan"
            left = max(0.01, end - time.monotonic())
            with open(sas) as fh:
                sas_text = fh.read()
            rc, out, timed_out = run_process(
                [str(binary), "--search", self.search, "--internal-plan-file", str(plan_path)],
                left,
                tmp,
                stdin=sas_text,
            )
            if timed_out:
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"timeout after {timeout:.3g} s")
            if rc == 0:
                return PlannerOutcome(SolveStatus.SOLVED, inp.plan_back(plan_file(plan_path)))
            if rc in (10, 11):
                return PlannerOutcome(
                    SolveStatus.UNSOLVABLE, message="Fast Downward: proven unsolvable"
                )
            if rc == 12:
                return PlannerOutcome(SolveStatus.UNKNOWN, message="search incomplete")
            if rc in (22, 23):
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"out of resources (exit {rc})")
            return PlannerOutcome(SolveStatus.ERROR, message=f"downward exit {rc}: {out[-300:]}")
