"""What the routes share: the run manager and the store, found on `app.state.server`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, HTTPException, Request

from navwright.server.config import ServerConfig
from navwright.server.live import LiveRun
from navwright.server.manager import RunManager
from navwright.server.schemas import RunSummary
from navwright.server.views import summary
from navwright.store import AmbiguousRunId, RunRow, RunStore


@dataclass
class ServerState:
    config: ServerConfig
    manager: RunManager
    store: RunStore

    def find(self, run_id: str) -> tuple[RunRow | None, LiveRun | None]:
        """The run's record and live state; 404 when neither exists, 400 for an ambiguous prefix."""
        live = self.manager.get(run_id)
        try:
            row = self.store.get_run(run_id)
        except AmbiguousRunId as exc:
            raise HTTPException(400, str(exc)) from None
        if live is None and row is not None:
            live = self.manager.get(row.id)
        if row is None and live is None:
            raise HTTPException(404, f"no run with id {run_id!r}")
        return row, live

    def summary(self, run_id: str) -> RunSummary:
        row, live = self.find(run_id)
        return summary(row, live, self.manager.position(live.id) if live else None)

    def live(self, run_id: str) -> LiveRun:
        """A run this server runs; 409 for one only recorded (another process, an earlier server)."""
        row, live = self.find(run_id)
        if live is None:
            status = row.status if row else "unknown"
            raise HTTPException(
                409, f"run {run_id} was not started by this server ({status}); it can only be viewed"
            )
        return live


async def _state(request: Request) -> ServerState:
    state: ServerState = request.app.state.server
    return state


Server = Annotated[ServerState, Depends(_state)]
