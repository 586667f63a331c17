"""lm-evaluation-harness glue for planetarium-plugin (installed as ``planetarium_tasks``).

``planetarium/`` (:data:`TASK_DIR`) holds the problem-writing tasks (``planetarium``),
``planetarium_domains/`` (:data:`DOMAIN_TASK_DIR`) the domain-writing tasks
(``planetarium_domains``), each with its ``utils`` module; :data:`TASK_DIRS` lists both.
``models`` registers the ``planetarium-replay`` model (oracle, garbage and replay modes) with
lm-eval.
"""

from pathlib import Path

TASK_DIR = Path(__file__).parent / "planetarium"
DOMAIN_TASK_DIR = Path(__file__).parent / "planetarium_domains"
TASK_DIRS = (TASK_DIR, DOMAIN_TASK_DIR)
