"""`logging_kept()`: code run inside it (a third-party import) cannot change the process's logging.

Some libraries call `logging.basicConfig(level=INFO)` when imported (WordLlama does), which makes
every later `INFO` record of any library (httpx: one line per model call) appear on stderr. The root
logger's handlers and level, and logging's global disable level, are put back as they were.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def logging_kept() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level, disabled = list(root.handlers), root.level, logging.root.manager.disable
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        logging.disable(disabled)
