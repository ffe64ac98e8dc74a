"""`SqliteFile`: the run database opened on first use (and its schema brought up to date), closed by
`close()` or a `with` block. The run store and memory both keep their tables in it.

A database that SQLite cannot use (not a database, a damaged page) is a `StoreDamaged` error whose
message says, in words, how to recover: move the file aside and navwright starts a new one.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from navwright.store.paths import default_db_path
from navwright.store.rows import StoreDamaged, StoreError
from navwright.store.schema import connect

_DAMAGED_CODES = {11, 26}
"""SQLITE_CORRUPT, SQLITE_NOTADB."""


def store_failure(path: Path, exc: BaseException) -> StoreError:
    """The words for a database error: a damaged file says how to recover; others say what failed."""
    code = getattr(exc, "sqlite_errorcode", None)
    damaged = type(exc) is sqlite3.DatabaseError or (code is not None and code & 0xFF in _DAMAGED_CODES)
    if damaged:
        return StoreDamaged(
            f"the run database {path} is damaged ({exc}); move it aside (mv '{path}' '{path}.damaged') "
            "and navwright starts a new, empty one"
        )
    return StoreError(f"cannot use the run database at {path}: {exc}")


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

    def check(self) -> None:
        """Open the database and check its pages (SQLite's quick check: a fraction of a second even for
        a large file); raises StoreDamaged or StoreError in words when it cannot be used."""
        found = self._rows("PRAGMA quick_check(1)")
        if not found or str(found[0][0]) != "ok":
            detail = " ".join(str(found[0][0]).split()) if found else "no answer"
            raise store_failure(self.path, sqlite3.DatabaseError(detail))

    @contextmanager
    def _using(self) -> Iterator[sqlite3.Connection]:
        """The open connection, under the lock; a database error leaves as StoreError in words."""
        with self._lock:
            conn = self._db()
            try:
                yield conn
            except sqlite3.DatabaseError as exc:
                raise store_failure(self.path, exc) from exc

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._using() as conn:
            return list(conn.execute(sql, params).fetchall())

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._conn = connect(str(self.path))
            except sqlite3.DatabaseError as exc:
                raise store_failure(self.path, exc) from exc
            except (sqlite3.Error, OSError) as exc:
                raise StoreError(f"cannot open the run database at {self.path}: {exc}") from exc
            self._opened()
        return self._conn

    def _opened(self) -> None:
        """Called once the connection is open."""
