"""The planning package's shape: the façade keeps the public names, and no import circles."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import planetarium_plugin
import planetarium_plugin.planning as planning

ROOT = Path(planetarium_plugin.__file__).resolve().parent

#: Names imported from ``planetarium_plugin.planning`` anywhere in the repository (tests, packs,
#: benchmarks, README) before the module became a package.
PUBLIC = [
    "DECLINED",
    "PLANNERS",
    "PackPlanner",
    "PlannerOutcome",
    "PlannerSession",
    "SolveResult",
    "SolveStatus",
    "ValidationResult",
    "get_planner",
    "parse_plan",
    "problem_to_pddl",
    "simulate",
    "solve",
    "validate",
]


def test_facade_keeps_the_public_names():
    missing = [n for n in PUBLIC if not hasattr(planning, n)]
    assert missing == []
    assert set(PUBLIC) <= set(planning.__all__)
    assert callable(planning.solve) and callable(planning.validate)


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    p = ROOT.parent / name.replace(".", "/")
    return p.with_suffix(".py").exists() or (p / "__init__.py").exists()


def _imports(path: Path, *, type_checking: bool):
    """Modules of the package that ``path`` imports when it is imported (optionally those
    under TYPE_CHECKING too). Imports inside functions run later, on demand: they are how a
    module uses one that builds on it, and are not counted."""
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            skip.update(id(n) for n in ast.walk(node) if n is not node)
        typing_only = isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        if typing_only and not type_checking:
            skip.update(id(n) for b in node.body for n in ast.walk(b))
    me = _module(path)
    base = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                up = base[: len(base) - (node.level - 1)]
                target = ".".join(up + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("planetarium_plugin"):
                continue
            subs = [f"{target}.{a.name}" for a in node.names if _is_module(f"{target}.{a.name}")]
            yield from subs or [target]
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith("planetarium_plugin"))


def _graph(*, type_checking: bool) -> nx.DiGraph:
    g = nx.DiGraph()
    for path in ROOT.rglob("*.py"):
        g.add_node(_module(path))
        for target in _imports(path, type_checking=type_checking):
            g.add_edge(_module(path), target)
    return g


def test_no_runtime_import_circles():
    cycles = list(nx.simple_cycles(_graph(type_checking=False)))
    assert cycles == []


def test_pack_spec_does_not_need_the_planner():
    """The circle hookspecs -> packs -> planning -> packs is gone, type-only imports included."""
    g = _graph(type_checking=True)
    for spec in ("planetarium_plugin.hookspecs", "planetarium_plugin.packs"):
        reached = nx.descendants(g, spec)
        assert not any(m.startswith("planetarium_plugin.planning") for m in reached), spec
