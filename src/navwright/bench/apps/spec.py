"""What an application and a task of `navwright bench apps` are.

An `AppSpec` installs its pinned release into a cached virtualenv, seeds a pristine copy of its data once,
and serves a fresh copy of that data on 127.0.0.1 for each task. An `AppTask` is judged by its `check`
from the application's own database after the run (and the answer against the seeded data), never from
the agent's own status.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from navwright.bench.apps.env import AppError, cache_root, copy_tree, ensure_venv, server
from navwright.bench.ports import steady_port
from navwright.bench.tasks.spec import TaskKind, Verdict

Check = Callable[[Path, str], Verdict]
"""(the application's database after the run, the agent's final answer) -> verdict."""
Say = Callable[[str], None]


@dataclass
class AppTask:
    id: str
    """`<app>-<short-name>`, unique over every app."""
    kind: TaskKind
    request: str
    check: Check
    start: str = "/"
    secrets: dict[str, str] = field(default_factory=dict)


class AppSpec(ABC):
    """One application: its pinned release, how to seed, serve and find its database."""

    name: str
    version: str
    kind: str
    """What kind of application, in words ("issue tracker", "CMS"...)."""
    requirements: Sequence[str]
    seed_version: int = 1
    """Raised when the seed changes: a pristine copy of another version is seeded again."""

    @property
    def home(self) -> Path:
        return cache_root() / f"{self.name}-{self.version}"

    @property
    def pristine(self) -> Path:
        return self.home / "pristine"

    @abstractmethod
    def tasks(self) -> list[AppTask]: ...

    @abstractmethod
    def seed(self, python: Path, data: Path) -> None:
        """Create and seed the application's data folder `data` (empty on entry)."""

    @abstractmethod
    def command(self, python: Path, data: Path, port: int) -> list[str]:
        """The argv that serves `data` on 127.0.0.1:`port` in the foreground."""

    @abstractmethod
    def database(self, data: Path) -> Path:
        """The SQLite file of a data folder."""

    def environ(self, data: Path) -> dict[str, str]:
        return {}

    def prepare(self, say: Say) -> Path:
        """Install (once) and seed the pristine copy (once); returns the venv's python."""
        python = ensure_venv(self.home / "venv", self.requirements, say)
        marker = f"seed {self.seed_version}\n"
        ready = self.pristine / "ready"
        if not ready.exists() or ready.read_text() != marker:
            say(f"seeding {self.name} {self.version} into {self.pristine}")
            staging = self.home / "seeding"
            if staging.exists():
                shutil.rmtree(staging)
            staging.mkdir(parents=True)
            self.seed(python, staging)
            (staging / "ready").write_text(marker)
            if self.pristine.exists():
                shutil.rmtree(self.pristine)
            staging.rename(self.pristine)
        return python

    @contextlib.contextmanager
    def running(self, python: Path, work: Path) -> Iterator[str]:
        """A fresh copy of the pristine data in `work`, served until the block ends; yields its base URL."""
        copy_tree(self.pristine, work)
        port = steady_port(self.name)
        url = f"http://127.0.0.1:{port}"
        argv = self.command(python, work, port)
        with server(argv, url=url + "/", cwd=work, log=work / "server.log", env=self.environ(work)):
            yield url


def rows(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Query an application's database read-only."""
    if not db.exists():
        raise AppError(f"no database at {db}")
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        return list(conn.execute(sql, params).fetchall())


def one(db: Path, sql: str, *params: Any) -> Any:
    """The first column of the first row, or None."""
    found = rows(db, sql, *params)
    return found[0][0] if found else None
