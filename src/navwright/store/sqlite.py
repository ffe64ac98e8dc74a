"""`SqliteFile`: the run database opened on first use (and its schema brought up to date), closed by
`close()` or a `with` block. The run store and memory both keep their tables in it."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from types import TracebackType
from typing import Self

from navwright.store.paths import default_db_path
from navwright.store.rows import StoreError
from navwright.store.schema import connect


class SqliteFile:
    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._conn = connect(str(self.path))
            except (sqlite3.Error, OSError) as exc:
                raise StoreError(f"cannot open the run database at {self.path}: {exc}") from exc
            self._opened()
        return self._conn

    def _opened(self) -> None:
        """Called once the connection is open."""
