"""ENHSP (numeric planning): one-shot on a fresh JVM, or a long-lived server JVM."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ...parsing import Problem
from ..plans import problem_to_pddl
from ..processes import plan_file, run_process
from ..results import PlannerOutcome, SolveStatus
from .java import JVM_FLAGS, _heap, _startup_cache, enhsp_jar, find_java

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = ["ENHSP", "ENHSPServer", "ENHSP_PROOF", "ENHSP_SEARCH"]


def _enhsp_outcome(rc: int, out: str, plan_path: Path) -> PlannerOutcome:
    steps = plan_file(plan_path)
    low = out.lower()
    if rc == 0 and "problem solved" in low:
        return PlannerOutcome(SolveStatus.SOLVED, steps or ())  # no file for an empty plan
    if "unsolvable" in low or "no plan" in low or "goal not reachable" in low:
        return PlannerOutcome(SolveStatus.UNSOLVABLE, message="ENHSP: search space exhausted")
    return PlannerOutcome(SolveStatus.ERROR, message=f"ENHSP exit {rc}: {out[-400:]}")


#: A two-configuration portfolio. First the complete search (greedy best-first on h_add,
#: nothing pruned: its "no plan" is a proof) with half the budget; if it runs out of time,
#: ENHSP's satisficing configuration (MRP heuristic, helpful actions and transitions) gets the
#: rest. Each solves instances the other does not within seconds.
ENHSP_PROOF = ("-npm", "-h", "hadd", "-s", "gbfs")
ENHSP_SEARCH = ("-npm", "-planner", "sat-hmrphj")


class ENHSP:
    """ENHSP on a fresh JVM per call, started from a cached class archive."""

    name = "enhsp"

    def command(
        self, dom: str, prob: str, plan: str, args: tuple[str, ...] = ENHSP_SEARCH
    ) -> tuple[list[str], Path | None, Path | None]:
        jar, java = enhsp_jar(), find_java()
        cache, tmp, final = _startup_cache(java, jar)
        cmd = [
            java,
            *JVM_FLAGS,
            _heap(),
            *cache,
            "-jar",
            jar,
            "-o",
            dom,
            "-f",
            prob,
            "-sp",
            plan,
            *args,
        ]
        return cmd, tmp, final

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        end = time.perf_counter() + timeout
        outcome = self.run(problem, pack, timeout / 2, ENHSP_PROOF)
        if outcome.status is SolveStatus.UNKNOWN:
            return self.run(problem, pack, max(0.01, end - time.perf_counter()), ENHSP_SEARCH)
        return outcome

    def run(self, problem: Problem, pack: DomainPack, timeout: float, args) -> PlannerOutcome:
        with tempfile.TemporaryDirectory(prefix="planetarium-enhsp-") as tmp:
            dom, prob, plan = (
                os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "plan")
            )
            Path(dom).write_text(pack.domain.text)
            Path(prob).write_text(problem_to_pddl(problem, pack.domain))
            cmd, cache_tmp, cache_final = self.command(dom, prob, plan, args)
            rc, out, timed_out = run_process(cmd, timeout, tmp)
            if cache_tmp is not None and cache_tmp.exists():
                os.replace(cache_tmp, cache_final)  # atomic: parallel first runs do not clash
            if timed_out:
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"timeout after {timeout} s")
            return _enhsp_outcome(rc, out, Path(plan))


class ENHSPServer:
    """ENHSP in one long-lived JVM (``java/PlanetariumEnhspServer``): ~20 ms per call.

    Owned by a :class:`PlannerSession`. A timeout kills the JVM (a fresh one starts on the next
    call); the JVM is also renewed every ``renew_after`` calls. It runs the complete search with
    half the budget (then the satisficing search on a fresh JVM), and a claim of unsolvability is
    confirmed on a fresh JVM, so state kept inside ENHSP between calls cannot produce a false
    "unsolvable".
    """

    name = "enhsp-server"
    renew_after = 500

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None
        self._calls = 0

    def _start(self) -> subprocess.Popen:
        harness = Path(__file__).resolve().parents[2] / "java"  # planetarium_plugin/java
        cmd = [
            find_java(),
            *JVM_FLAGS,
            _heap(),
            "-cp",
            f"{enhsp_jar()}{os.pathsep}{harness}",
            "PlanetariumEnhspServer",
        ]
        return subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        import base64
        import select

        end = time.perf_counter() + timeout
        if self._proc is None or self._proc.poll() is not None or self._calls >= self.renew_after:
            self.close()
            self._proc, self._calls = self._start(), 0
        self._calls += 1
        ready: list = []
        with tempfile.TemporaryDirectory(prefix="planetarium-enhsp-") as tmp:
            dom, prob, plan = (
                os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "plan")
            )
            Path(dom).write_text(pack.domain.text)
            Path(prob).write_text(problem_to_pddl(problem, pack.domain))
            request = "\t".join(["-o", dom, "-f", prob, "-sp", plan, *ENHSP_PROOF])
            try:
                self._proc.stdin.write(request + "\n")
                self._proc.stdin.flush()
                ready, _, _ = select.select([self._proc.stdout], [], [], timeout / 2)
                line = self._proc.stdout.readline() if ready else ""
            except (BrokenPipeError, OSError):
                line = ""
            if not line:
                self.close()
                if ready:
                    return PlannerOutcome(SolveStatus.ERROR, message="ENHSP server died")
                # The complete search ran out of its half: the satisficing search gets the rest.
                left = max(0.01, end - time.perf_counter())
                return ENHSP().run(problem, pack, left, ENHSP_SEARCH)
            status, _, payload = line.rstrip("\n").partition("\t")
            if status != "ok" and not status.startswith("error "):
                self.close()  # not our protocol: the JVM itself failed (e.g. out of memory)
                return PlannerOutcome(SolveStatus.ERROR, message=f"ENHSP server failed: {line!r}")
            out = base64.b64decode(payload).decode("utf-8", "replace")
            if status != "ok":
                out = f"{out}\n{status}"
                self.close()  # an exception inside ENHSP: do not trust this JVM's state
            outcome = _enhsp_outcome(0 if status == "ok" else 1, out, Path(plan))
        if outcome.status is SolveStatus.UNSOLVABLE:  # confirm the proof on a fresh JVM
            return ENHSP().run(problem, pack, max(0.01, end - time.perf_counter()), ENHSP_PROOF)
        return outcome
