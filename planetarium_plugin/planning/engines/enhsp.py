"""ENHSP (numeric planning): one-shot on a fresh JVM, or a long-lived server JVM.

ENHSP reads a problem it cannot parse as an empty one and then reports "Unsolvable Problem":
its grammar errors are detected here and reported as errors, never as a proof. The planner
reads planner-safe PDDL (:mod:`..writer`); its plans are mapped back to our symbols.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import time
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import PlanetariumError
from ...parsing import Problem
from ..processes import kill_group, plan_file, popen, run_process
from ..results import PlannerOutcome, SolveStatus
from ..writer import PlannerInput, planner_input
from .java import (
    JVM_FLAGS,
    _heap,
    _startup_cache,
    crash_file_flags,
    enhsp_jar,
    find_java,
    finish_startup_cache,
)

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = ["ENHSP", "ENHSPServer", "ENHSP_PROOF", "ENHSP_SEARCH", "ensure_startup_cache"]

#: What ENHSP prints when it could not read its input (ANTLR and its own messages).
_UNREAD = re.compile(
    r"grammar is violated|no viable alternative|mismatched input|extraneous input"
    r"|token recognition error|missing \S+ at|exception|severe:",
    re.IGNORECASE,
)


def _enhsp_outcome(rc: int, out: str, plan_path: Path, inp: PlannerInput) -> PlannerOutcome:
    steps = inp.plan_back(plan_file(plan_path))
    low = out.lower()
    if rc == 0 and "problem solved" in low:
        return PlannerOutcome(SolveStatus.SOLVED, steps or ())  # no file for an empty plan
    unread = _UNREAD.search(out)
    if unread is not None:
        line = out[unread.start() :].splitlines()[0][:200]
        return PlannerOutcome(SolveStatus.ERROR, message=f"ENHSP could not read the input: {line}")
    if rc == 0 and ("unsolvable" in low or "no plan" in low or "goal not reachable" in low):
        return PlannerOutcome(SolveStatus.UNSOLVABLE, message="ENHSP: search space exhausted")
    return PlannerOutcome(SolveStatus.ERROR, message=f"ENHSP exit {rc}: {out[-400:]}")


def _unwritable(exc: PlanetariumError) -> PlannerOutcome:
    """A problem ENHSP cannot be given: a number it cannot read is a limit of ENHSP (solvability
    not decided: ``unknown``), anything else an error."""
    if "decimal form" in exc.message:
        return PlannerOutcome(
            SolveStatus.UNKNOWN,
            message=f"not decided: ENHSP reads decimal numbers only and {exc.message}",
        )
    return PlannerOutcome(SolveStatus.ERROR, message=f"cannot write the problem: {exc}")


def _write(tmp: str, problem: Problem, pack: DomainPack) -> tuple[str, str, str, PlannerInput]:
    inp = planner_input(problem, pack.domain)
    dom, prob, plan = (os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "plan"))
    Path(dom).write_text(inp.domain)
    Path(prob).write_text(inp.problem)
    return dom, prob, plan, inp


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
            *crash_file_flags(os.path.dirname(plan)),
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
            try:
                dom, prob, plan, inp = _write(tmp, problem, pack)
            except PlanetariumError as exc:
                return _unwritable(exc)
            cmd, cache_tmp, cache_final = self.command(dom, prob, plan, args)
            timed_out = True
            try:
                rc, out, timed_out = run_process(cmd, timeout, tmp)
            finally:  # a cache only from a run that ended; never a half-written file left
                finish_startup_cache(cache_tmp, None if timed_out else cache_final)
            if timed_out:
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"timeout after {timeout:.3g} s")
            return _enhsp_outcome(rc, out, Path(plan), inp)


def _shutdown(proc: subprocess.Popen, workdir: str) -> None:
    """Stop a server JVM and remove its working directory."""
    try:
        with contextlib.suppress(OSError):
            proc.stdin.close()
        kill_group(proc)
        with contextlib.suppress(OSError):
            proc.stdout.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


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
        self._finalizer: weakref.finalize | None = None
        self._calls = 0

    def _start(self) -> subprocess.Popen:
        harness = Path(__file__).resolve().parents[2] / "java"  # planetarium_plugin/java
        # Its own working directory: whatever the JVM writes (crash or replay files) lands
        # there and is removed with it, never in the caller's directory.
        workdir = tempfile.mkdtemp(prefix="planetarium-enhsp-server-")
        cmd = [
            find_java(),
            *JVM_FLAGS,
            _heap(),
            *crash_file_flags(workdir),
            "-cp",
            f"{enhsp_jar()}{os.pathsep}{harness}",
            "PlanetariumEnhspServer",
        ]
        try:
            proc = popen(
                cmd,
                die_with_caller=True,
                cwd=workdir,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        except BaseException:
            shutil.rmtree(workdir, ignore_errors=True)
            raise
        # Also when the owner is dropped without close() or the interpreter exits.
        self._finalizer = weakref.finalize(self, _shutdown, proc, workdir)
        return proc

    def close(self) -> None:
        self._proc = None
        finalizer, self._finalizer = self._finalizer, None
        if finalizer is not None:
            finalizer()

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
            try:
                dom, prob, plan, inp = _write(tmp, problem, pack)
            except PlanetariumError as exc:
                return _unwritable(exc)
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
            outcome = _enhsp_outcome(0 if status == "ok" else 1, out, Path(plan), inp)
        if outcome.status is SolveStatus.UNSOLVABLE:  # confirm the proof on a fresh JVM
            return ENHSP().run(problem, pack, max(0.01, end - time.perf_counter()), ENHSP_PROOF)
        return outcome


_TRAIN_DOMAIN = """(define (domain planetarium-warmup) (:requirements :typing :numeric-fluents)
  (:types spot) (:predicates (at ?s - spot) (link ?a ?b - spot)) (:functions (fuel))
  (:action go :parameters (?a ?b - spot)
    :precondition (and (at ?a) (link ?a ?b) (>= (fuel) 1))
    :effect (and (not (at ?a)) (at ?b) (decrease (fuel) 1))))"""
_TRAIN_PROBLEM = """(define (problem warmup) (:domain planetarium-warmup) (:objects a b c - spot)
  (:init (at a) (link a b) (link b c) (= (fuel) 5)) (:goal (and (at c))))"""


def ensure_startup_cache(timeout: float = 120.0) -> bool:
    """Create ENHSP's start-up cache now, if missing (a supervisor calls this before it caps
    its workers' address space, under which the JVM cannot write one). True when it exists.
    """
    java, jar = find_java(), enhsp_jar()
    cache, tmp, final = _startup_cache(java, jar)
    if tmp is None:
        return bool(cache)
    with tempfile.TemporaryDirectory(prefix="planetarium-enhsp-") as work:
        dom, prob, plan = (os.path.join(work, n) for n in ("domain.pddl", "problem.pddl", "plan"))
        Path(dom).write_text(_TRAIN_DOMAIN)
        Path(prob).write_text(_TRAIN_PROBLEM)
        cmd = [java, *JVM_FLAGS, _heap(), *crash_file_flags(work), *cache]
        cmd += ["-jar", jar, "-o", dom, "-f", prob, "-sp", plan, *ENHSP_SEARCH]
        timed_out = True
        try:
            _, _, timed_out = run_process(cmd, timeout, work)
        finally:
            finish_startup_cache(tmp, None if timed_out else final)
    return final is not None and final.exists()
