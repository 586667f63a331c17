"""lm-evaluation-harness glue for planetarium-plugin (installed as ``planetarium_tasks``).

``planetarium/`` holds the task YAMLs and their ``utils`` module; ``models`` registers the
``planetarium-replay`` model (oracle, garbage and replay modes) with lm-eval.
"""

from pathlib import Path

TASK_DIR = Path(__file__).parent / "planetarium"
