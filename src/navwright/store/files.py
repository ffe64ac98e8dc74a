"""A run's screenshot files: kept under the store's folder with the run (`<home>/screenshots/RUN/`),
removed with it.

The agent writes each screenshot into a temporary folder (`navwright-RUN-*` in the system's temp
folder); the store moves it into the run's folder and removes the temporary one, so nothing of the
run stays behind in the temp folder.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from pathlib import Path

TEMP_PREFIX = "navwright-"


def keep(source: Path, folder: Path, run_id: str) -> Path:
    """Move `source` into `folder` (created) and return where it is now; a file already there stays."""
    if not source.is_file() or source.resolve().parent == folder.resolve():
        return source
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / source.name
    shutil.move(source, target)
    if source.parent.name.startswith(f"{TEMP_PREFIX}{run_id}-"):
        _remove_empty(source.parent)
    return target


def remove(folder: Path, run_id: str) -> None:
    """Remove the run's screenshot folder and any temporary folder of it left behind."""
    shutil.rmtree(folder, ignore_errors=True)
    if not run_id:
        return
    for left in Path(tempfile.gettempdir()).glob(f"{TEMP_PREFIX}{_glob_safe(run_id)}-*"):
        if left.is_dir():
            shutil.rmtree(left, ignore_errors=True)


def _remove_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not empty (another file is being written) or already gone
        folder.rmdir()


def _glob_safe(run_id: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "?" for c in run_id)
