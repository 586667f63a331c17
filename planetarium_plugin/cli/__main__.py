"""``python -m planetarium_plugin.cli``."""

import sys

from .entry import main

sys.exit(main())
