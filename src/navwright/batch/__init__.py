"""`navwright batch`: many tasks from a JSON-lines file, through the shared runners (a local process
pool, or Ray), one result line per task as it finishes, resumable, with a time limit per task."""

from navwright.batch.run import BatchSummary, run_batch
from navwright.batch.spec import BatchError, BatchOptions, BatchResult, BatchTask, read_tasks

__all__ = [
    "BatchError", "BatchOptions", "BatchResult", "BatchSummary", "BatchTask", "read_tasks", "run_batch",
]  # fmt: skip
