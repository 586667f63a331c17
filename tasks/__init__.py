"""lm-evaluation-harness glue for planetarium-plugin (installed as ``planetarium_tasks``).

``planetarium/`` (:data:`TASK_DIR`) holds the problem-writing tasks (``planetarium``),
``planetarium_domains/`` (:data:`DOMAIN_TASK_DIR`) the domain-writing tasks
(``planetarium_domains``), each with its ``utils`` module; :data:`TASK_DIRS` lists both.
``models`` registers the ``planetarium-replay`` model (oracle, garbage and replay modes) with
lm-eval. :func:`alignment_extra` is the opt-in switch both task families share for their
encoder-based metrics.
"""

import logging
import os
from pathlib import Path


class _NoMetadataNotice(logging.Filter):
    """Drops lm-eval's per-task notice that custom kwargs go to ``--metadata`` for our tasks:
    they take none, and the notice came once per subtask (five times a run)."""

    def filter(self, record: logging.LogRecord) -> bool:
        msg = record.getMessage()
        return not (msg.startswith("planetarium") and "Custom kwargs can be passed" in msg)


def quiet_lm_eval_notices() -> None:
    """Install :class:`_NoMetadataNotice` on lm-eval's task logger (once; idempotent)."""
    logger = logging.getLogger("lm_eval.api.task")
    if not any(isinstance(f, _NoMetadataNotice) for f in logger.filters):
        logger.addFilter(_NoMetadataNotice())


quiet_lm_eval_notices()

TASK_DIR = Path(__file__).parent / "planetarium"
DOMAIN_TASK_DIR = Path(__file__).parent / "planetarium_domains"
TASK_DIRS = (TASK_DIR, DOMAIN_TASK_DIR)


def alignment_extra():
    """``planetarium_plugin.alignment`` when ``PLANETARIUM_ALIGNMENT=1`` asks for the
    alignment metrics (off by default: they cost encoder time) and the align extra is
    installed; else None (with a warning when asked for but missing)."""
    if os.environ.get("PLANETARIUM_ALIGNMENT", "0") not in ("1", "true", "yes"):
        return None
    try:
        from planetarium_plugin import alignment
    except ImportError:
        logging.getLogger(__name__).warning(
            "PLANETARIUM_ALIGNMENT=1 but the align extra is not installed"
        )
        return None
    return alignment
