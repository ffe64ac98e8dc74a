"""The run store: every run's events, model calls and screenshots in SQLite."""

from navwright.store.db import RunStore, usable_store
from navwright.store.paths import default_db_path, default_home
from navwright.store.render import event_lines, render_events
from navwright.store.rows import (
    AmbiguousRunId,
    ModelCallRow,
    RunRow,
    ScreenshotRow,
    StoreDamaged,
    StoreError,
)

__all__ = [
    "AmbiguousRunId",
    "ModelCallRow",
    "RunRow",
    "RunStore",
    "ScreenshotRow",
    "StoreDamaged",
    "StoreError",
    "default_db_path",
    "default_home",
    "event_lines",
    "render_events",
    "usable_store",
]
