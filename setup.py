"""Ships ``planetarium_lm_eval.pth`` (the lm-eval start-up hook) at the top of site-packages.

Why this file exists: lm-eval 0.4.13 discovers no plugins (no entry points), so plain
``lm_eval --tasks planetarium`` needs a start-up hook, and a ``.pth`` file at the top of
site-packages is the only one there is. ``pyproject.toml`` cannot place a file outside a package,
so two build commands are extended: ``build_py`` for regular wheels and ``editable_wheel`` for
``pip install -e`` (an editable wheel contains no build_py output outside the packages).
Everything else is declared in ``pyproject.toml``.
"""

import os

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.editable_wheel import editable_wheel

PTH = "planetarium_lm_eval.pth"


class BuildPyWithPth(build_py):
    def run(self):
        super().run()
        self.copy_file(PTH, os.path.join(self.build_lib, PTH), preserve_mode=False)

    def get_outputs(self, include_bytecode=True):
        return [*super().get_outputs(include_bytecode), os.path.join(self.build_lib, PTH)]


class _StrategyWithPth:
    """Wraps setuptools' editable strategy: writes its files, then the hook."""

    def __init__(self, inner):
        self.inner = inner

    def __call__(self, wheel, files, mapping):
        self.inner(wheel, files, mapping)
        with open(PTH, encoding="utf-8") as fh:
            wheel.writestr(PTH, fh.read())

    def __enter__(self):
        self.inner.__enter__()
        return self

    def __exit__(self, *exc):
        return self.inner.__exit__(*exc)


class EditableWheelWithPth(editable_wheel):
    def _select_strategy(self, *args, **kwargs):
        return _StrategyWithPth(super()._select_strategy(*args, **kwargs))


setup(cmdclass={"build_py": BuildPyWithPth, "editable_wheel": EditableWheelWithPth})
