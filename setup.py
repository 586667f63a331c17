"""Ships ``planetarium_lm_eval.pth`` (the lm-eval start-up hook) at the top of site-packages."""

import os

from setuptools import setup
from setuptools.command.build_py import build_py

PTH = "planetarium_lm_eval.pth"


class BuildPyWithPth(build_py):
    def run(self):
        super().run()
        self.copy_file(PTH, os.path.join(self.build_lib, PTH), preserve_mode=False)

    def get_outputs(self, include_bytecode=True):
        return [*super().get_outputs(include_bytecode), os.path.join(self.build_lib, PTH)]


setup(cmdclass={"build_py": BuildPyWithPth})
