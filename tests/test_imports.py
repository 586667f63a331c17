"""No import circles: the module graph is acyclic and every module imports first, on its own.

Two checks. Statically, the graph of module-level imports inside ``planetarium_plugin``
(type-only imports included) has no cycle: layers build on the ones below them (the pack type,
then the hook specification, then the registry). Dynamically, each module is imported first in
an interpreter where no module of ours is loaded yet, which is where an order-dependent circle
fails ("partially initialized module"). Importing any submodule first runs the package's
``__init__``, so the modules that ``import planetarium_plugin`` loads all load in its order; the
others (CLI, alignment, interop parts, ...) are each imported first. It is one fresh process:
between modules our packages are dropped from ``sys.modules`` (third-party ones stay loaded;
they are not part of any circle of ours), which costs a fraction of a process per module.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import networkx as nx
from test_planning_structure import ROOT, _graph, _module

OURS = ("planetarium_plugin", "planetarium_domain_packs", "planetarium_tasks")


def test_module_graph_has_no_cycle_even_with_type_only_imports():
    cycles = sorted(sorted(c) for c in nx.simple_cycles(_graph(type_checking=True)))
    assert cycles == [], f"import circles: {cycles}"


def test_graph_sees_a_circle_when_there_is_one(tmp_path):
    """The static check is not vacuous: the same analysis flags a two-module circle."""
    pkg = tmp_path / "planetarium_plugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n"
    )
    import test_planning_structure as structure

    saved = structure.ROOT
    structure.ROOT = pkg
    try:
        assert list(nx.simple_cycles(structure._graph(type_checking=True))) != []
        assert list(nx.simple_cycles(structure._graph(type_checking=False))) == []
    finally:
        structure.ROOT = saved


_IMPORT_EACH = """
import importlib, sys, traceback
def ours():
    return {{m for m in sys.modules if m.split(".")[0] in {ours!r}}}
def first(name):
    for loaded in ours():
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception:
        return name + ": " + traceback.format_exc(limit=-3)
failed = [first("planetarium_plugin")]
by_package = ours()
alone = [name for name in sys.argv[1:] if name not in by_package]
failed += [first(name) for name in alone]
failed = [f for f in failed if f]
print(len(alone), "imported alone")
print("\\n".join(failed))
sys.exit(1 if failed or not alone else 0)
"""


def test_every_module_imports_first_on_its_own():
    modules = sorted(_module(p) for p in ROOT.rglob("*.py") if p.name != "__main__.py")
    assert len(modules) > 50
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORT_EACH.format(ours=set(OURS)), *modules],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
