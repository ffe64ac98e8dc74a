"""`RunStore`: the SQLite record of runs. It is an `EventSink` and never raises into the agent."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from navwright.agent.events import EVENT_ADAPTER, Event
from navwright.masking import Mask, mask_tree
from navwright.store import files, writer
from navwright.store.liveness import is_alive, process_token
from navwright.store.paths import screenshot_dir
from navwright.store.render import render_events
from navwright.store.rows import (
    INTERRUPTED,
    INTERRUPTED_REASON,
    AmbiguousRunId,
    ModelCallRow,
    RunRow,
    ScreenshotRow,
    StoreError,
)
from navwright.store.sqlite import SqliteFile

log = logging.getLogger(__name__)

_RUN_COLUMNS = (
    "id, task, url, status, answer, reason, started, finished, model_calls, prompt_tokens, "
    "completion_tokens, tokens, seconds, pid, proc"
)


class RunStore(SqliteFile):
    """Runs, their events, model calls and screenshots in one SQLite file (WAL mode).

    The database is opened (and created) on first use. `emit` writes each event at once in its own
    short transaction, so a process killed mid-run leaves everything up to its last event.
    """

    def __init__(self, path: Path | str | None = None, *, mask: Mask | None = None) -> None:
        super().__init__(path)
        self._mask = mask
        self._pid = os.getpid()
        self._proc = ""

    def _opened(self) -> None:
        self._proc = process_token(self._pid)

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._using() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # --- writing (EventSink) ---------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record one event. Failures are logged, never raised: the run goes on without its record."""
        try:
            self.record(event)
        except Exception as exc:
            log.warning("run store: could not record a %s event: %s", getattr(event, "type", "?"), exc)

    def record(self, event: Event) -> int:
        """Record one event and return its sequence number in the run; raises StoreError/sqlite3.Error."""
        data: dict[str, Any] = event.model_dump(mode="json")
        if self._mask is not None:
            data = mask_tree(data, self._mask)
        if data["type"] == "screenshot_taken":
            data["path"] = self._keep_screenshot(str(data["run_id"]), str(data["path"]))
        text = self._masked_text(data)
        with self._tx() as conn:
            return writer.record(conn, data, text, self._pid, self._proc)

    def screenshot_dir(self, run_id: str) -> Path:
        """The folder where this run's screenshot files belong (created)."""
        folder = screenshot_dir(self.path, run_id)
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def _keep_screenshot(self, run_id: str, path: str) -> str:
        """Move a screenshot taken elsewhere into the run's folder; return the path to record."""
        return str(files.keep(Path(path), screenshot_dir(self.path, run_id), run_id))

    def _masked_text(self, data: dict[str, Any]) -> str:
        text = json.dumps(data, ensure_ascii=False)
        if self._mask is None:
            return text
        masked = self._mask(text)
        try:
            json.loads(masked)
        except ValueError:
            return text  # the mask broke the JSON; the per-field mask already ran
        return masked

    # --- reading ---------------------------------------------------------------------------------

    def list_runs(self, limit: int = 20, *, query: str = "") -> list[RunRow]:
        """The most recent runs first; `query` keeps those whose id, task or answer contains it."""
        where = ""
        params: tuple[str, ...] = ()
        if query.strip():
            like = "%" + query.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            where = "WHERE id LIKE ? ESCAPE '\\' OR task LIKE ? ESCAPE '\\' OR answer LIKE ? ESCAPE '\\' "
            params = (like, like, like)
        rows = self._rows(
            f"SELECT {_RUN_COLUMNS} FROM runs {where}ORDER BY started DESC, rowid DESC LIMIT ?",
            (*params, max(0, limit)),
        )
        return [_run_row(r) for r in rows]

    def get_run(self, run_id: str) -> RunRow | None:
        """A run by its id or a unique prefix of it; None when none matches.

        Raises AmbiguousRunId when the prefix matches several runs.
        """
        with self._using() as conn:
            row = conn.execute(f"SELECT {_RUN_COLUMNS} FROM runs WHERE id = ?", (run_id,)).fetchone()
            if row is None and run_id:
                found = conn.execute(
                    f"SELECT {_RUN_COLUMNS} FROM runs WHERE substr(id, 1, ?) = ? ORDER BY started DESC",
                    (len(run_id), run_id),
                ).fetchall()
                if len(found) > 1:
                    raise AmbiguousRunId(run_id, [str(r[0]) for r in found])
                row = found[0] if found else None
        return _run_row(row) if row is not None else None

    def events(self, run_id: str) -> list[Event]:
        """The run's events in the order they were emitted (rows that no longer parse are skipped)."""
        rows = self._rows("SELECT seq, json FROM events WHERE run_id = ? ORDER BY seq", (run_id,))
        out: list[Event] = []
        for seq, text in rows:
            try:
                out.append(EVENT_ADAPTER.validate_json(text))
            except ValidationError as exc:
                log.warning("run store: event %s of run %s does not parse: %s", seq, run_id, exc)
        return out

    def model_calls(self, run_id: str) -> list[ModelCallRow]:
        rows = self._rows(
            "SELECT run_id, role, model, prompt_tokens, completion_tokens, seconds, ok "
            "FROM model_calls WHERE run_id = ? ORDER BY rowid",
            (run_id,),
        )
        keys = ("run_id", "role", "model", "prompt_tokens", "completion_tokens", "seconds", "ok")
        return [ModelCallRow.model_validate(dict(zip(keys, r, strict=True))) for r in rows]

    def screenshots(self, run_id: str) -> list[ScreenshotRow]:
        rows = self._rows(
            "SELECT run_id, path, caption FROM screenshots WHERE run_id = ? ORDER BY rowid", (run_id,)
        )
        return [ScreenshotRow(run_id=r[0], path=r[1], caption=r[2]) for r in rows]

    # --- deleting --------------------------------------------------------------------------------

    def delete_run(self, run_id: str) -> RunRow:
        """Delete a finished run (id or unique prefix): its events, model calls and screenshot files.
        Raises StoreError in words when none matches or the run is still going."""
        run = self.get_run(run_id)
        if run is None:
            raise StoreError(f"no run with id '{run_id}'; `navwright runs` lists them.")
        if run.finished is None and run.status != INTERRUPTED:
            raise StoreError(f"run {run.id} is still running; stop it before deleting it.")
        with self._tx() as conn:
            conn.execute("DELETE FROM runs WHERE id = ?", (run.id,))  # events, calls, shots cascade
        files.remove(screenshot_dir(self.path, run.id), run.id)
        return run

    def prune(self, older_than_s: float, *, now: float | None = None) -> list[RunRow]:
        """Delete every finished (or interrupted) run started more than `older_than_s` seconds ago."""
        cutoff = (time.time() if now is None else now) - older_than_s
        rows = self._rows(f"SELECT {_RUN_COLUMNS} FROM runs WHERE started < ? ORDER BY started", (cutoff,))
        old = [run for run in map(_run_row, rows) if run.finished is not None or run.status == INTERRUPTED]
        return [self.delete_run(run.id) for run in old]

    def render_run(self, run_id: str, *, width: int = 160) -> str:
        """A text replay of the run (id or unique prefix): a header, then its events one per line.

        Raises StoreError when no run matches.
        """
        run = self.get_run(run_id)
        if run is None:
            raise StoreError(f"no run with id '{run_id}'; `navwright runs` lists them.")
        return render_events(run, self.events(run.id), width=width)


@contextmanager
def usable_store(path: Path | str | None = None) -> Iterator[tuple[RunStore | None, str]]:
    """The run store if its database can be used, else None and why in words (a damaged file: how to
    recover). A run goes on either way; it is only not recorded."""
    store = RunStore(path)
    try:
        store.check()
    except StoreError as exc:
        store.close()
        yield None, str(exc)
        return
    with store:
        yield store, ""


def _run_row(r: tuple[Any, ...]) -> RunRow:
    keys = _RUN_COLUMNS.replace(" ", "").split(",")
    data = dict(zip(keys, r, strict=True))
    proc = str(data.pop("proc") or "")
    if data["finished"] is None and not is_alive(data["pid"], proc):
        data["status"] = INTERRUPTED
        data["reason"] = data["reason"] or INTERRUPTED_REASON
    return RunRow.model_validate(data)
