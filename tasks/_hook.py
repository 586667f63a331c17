"""Interpreter start-up hook: makes plain ``lm_eval --tasks planetarium`` work (lm-eval 0.4.13
has no plugin entry points).

``planetarium_lm_eval.pth`` imports this module at start-up. It only installs a meta-path finder
(no heavy imports). When ``lm_eval.tasks.manager`` is loaded, every ``TaskManager`` also scans
our task directory; when ``lm_eval.models`` is loaded, the ``planetarium-replay`` model is
registered. Set ``PLANETARIUM_LM_EVAL_HOOK=0`` to disable it.
"""

from __future__ import annotations

import importlib.abc
import os
import sys

_TARGETS = ("lm_eval.tasks.manager", "lm_eval.models")


def _patch(name: str, module) -> None:
    if name == "lm_eval.tasks.manager":
        from planetarium_tasks import TASK_DIRS

        cls = module.TaskManager
        original = cls.__init__

        def __init__(
            self, verbosity=None, include_path=None, include_defaults=True, metadata=None, **kwargs
        ):
            paths = (
                [include_path]
                if isinstance(include_path, str | os.PathLike)
                else list(include_path or [])
            )
            for task_dir in TASK_DIRS:
                if str(task_dir) not in map(str, paths):
                    paths.append(str(task_dir))
            original(
                self,
                verbosity=verbosity,
                include_path=paths,
                include_defaults=include_defaults,
                metadata=metadata,
                **kwargs,
            )

        cls.__init__ = __init__
    else:
        import planetarium_tasks.models  # noqa: F401  (registers planetarium-replay)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in _TARGETS:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None and spec.loader is not None:
                break
        else:
            return None
        run = spec.loader.exec_module

        def exec_module(module, run=run, name=name):
            run(module)
            _patch(name, module)

        spec.loader.exec_module = exec_module
        return spec


def install() -> None:
    if os.environ.get("PLANETARIUM_LM_EVAL_HOOK", "1") == "0":
        return
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


install()
