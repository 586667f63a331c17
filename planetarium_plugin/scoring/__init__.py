"""Scoring: the Planetarium triple for one sample, and resumable batch scoring on all cores.

``evaluate`` scores one candidate (:mod:`.sample`); ``score_file`` / ``score_records`` score a
batch of JSONL records (:mod:`.records`) on an engine (:mod:`.engines`; ``local`` is the worker
pool of :mod:`.supervisor`), appending results line by line so an interrupted run resumes where
it stopped; ``summarize`` gives the per-domain table (:mod:`.summary`).
"""

from .batch import score_file, score_records
from .engines import ENGINES, BatchOptions, Engine, get_engine
from .records import done_ids, failed_result, read_records, score_record
from .sample import Score, evaluate
from .summary import summarize

__all__ = [
    "ENGINES",
    "BatchOptions",
    "Engine",
    "Score",
    "done_ids",
    "evaluate",
    "failed_result",
    "get_engine",
    "read_records",
    "score_file",
    "score_record",
    "score_records",
    "summarize",
]
