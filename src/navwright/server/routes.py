"""The HTTP API: start runs, list and inspect them, stream their events, steer them, answer them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Query
from fastapi.responses import FileResponse, StreamingResponse

from navwright.config import ConfigError
from navwright.server.errors import ModelRefused, RunConflict, ServerClosing
from navwright.server.live import LiveRun
from navwright.server.schemas import (
    Accepted,
    AnswerRequest,
    Info,
    Problem,
    RunDetail,
    RunRequest,
    RunSummary,
    TaskEdit,
)
from navwright.server.sse import HEADERS, live_stream, parse_last_id, stored_stream
from navwright.server.state import Server
from navwright.server.views import detail, summary

ERRORS: dict[int | str, dict[str, object]] = {
    400: {"model": Problem}, 401: {"model": Problem}, 403: {"model": Problem}, 404: {"model": Problem},
    409: {"model": Problem}, 413: {"model": Problem}, 422: {"model": Problem},
}  # fmt: skip
router = APIRouter(responses=ERRORS)


@router.post("/runs", status_code=201, response_model=Accepted, tags=["runs"])
async def start_run(body: RunRequest, server: Server) -> Accepted:
    """Start a run (or queue it when --max-concurrent-runs are busy). Secrets are never returned. A
    request may name only the server's own models unless it was started with --allow-any-model."""
    try:
        run = server.manager.submit(body)
    except ConfigError as exc:
        raise HTTPException(400, str(exc)) from None
    except ModelRefused as exc:
        raise HTTPException(403, str(exc)) from None
    except ServerClosing as exc:
        raise HTTPException(503, str(exc)) from None
    return Accepted(id=run.id, status=run.status, queue_position=server.manager.position(run.id))


@router.get("/runs", response_model=list[RunSummary], tags=["runs"])
async def list_runs(
    server: Server,
    q: Annotated[
        str, Query(max_length=200, description="Keep runs whose id, task or answer contain this.")
    ] = "",
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> list[RunSummary]:
    """This server's runs (queued, running, finished) and the store's past runs, newest first."""
    needle = q.strip().lower()
    active = [r for r in server.manager.newest() if not r.ended and needle in f"{r.id} {r.task}".lower()]
    out = [summary(server.store.get_run(r.id), r, server.manager.position(r.id)) for r in active]
    shown = {r.id for r in active}
    out += [summary(row, server.manager.get(row.id)) for row in server.store.list_runs(limit, query=q)
            if row.id not in shown]  # fmt: skip
    return sorted(out, key=lambda r: -(r.started or float("inf")))[:limit]


@router.get("/runs/{run_id}", response_model=RunDetail, tags=["runs"])
async def get_run(run_id: str, server: Server) -> RunDetail:
    """Status, steps (goal, result, actions, screenshot), answer, evidence, model calls, tokens, seconds."""
    row, live = server.find(run_id)
    head = summary(row, live, server.manager.position(live.id) if live else None)
    events = live.feed.events if live else server.store.events(head.id)
    return detail(head, events, live)


@router.get("/runs/{run_id}/events", tags=["runs"], response_class=StreamingResponse)
async def run_events(
    run_id: str, server: Server,
    last_event_id: Annotated[str | None, Header(description="Resume after this event id.")] = None,
    after: Annotated[int | None, Query(ge=0, description="Resume after this event id (for clients that "
                                                          "cannot set Last-Event-ID).")] = None,
) -> StreamingResponse:  # fmt: skip
    """Server-sent events: `id: n`, `data: {event}`; live until the run ends, then the stream closes."""
    try:
        start = parse_last_id(last_event_id, after)
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None
    row, live = server.find(run_id)
    if live is not None:
        stream = live_stream(live, lambda: server.manager.position(live.id), start)
    else:
        assert row is not None
        stream = stored_stream(server.store.events(row.id), start)
    return StreamingResponse(stream, media_type="text/event-stream", headers=HEADERS)


@router.post("/runs/{run_id}/pause", response_model=RunSummary, tags=["control"])
async def pause_run(run_id: str, server: Server) -> RunSummary:
    """Pause at the next checkpoint (between model calls and actions)."""
    return _steer(server, run_id, lambda run: run.pause())


@router.post("/runs/{run_id}/resume", response_model=RunSummary, tags=["control"])
async def resume_run(run_id: str, server: Server) -> RunSummary:
    return _steer(server, run_id, lambda run: run.resume())


@router.post("/runs/{run_id}/stop", response_model=RunSummary, tags=["control"])
async def stop_run(run_id: str, server: Server) -> RunSummary:
    """Stop the run; a queued run ends at once."""
    return _steer(server, run_id, server.manager.stop)


@router.post("/runs/{run_id}/task", response_model=RunSummary, tags=["control"])
async def edit_task(run_id: str, body: TaskEdit, server: Server) -> RunSummary:
    """Change the task; the planner takes the new one at its next decision."""
    return _steer(server, run_id, lambda run: run.edit_task(body.task))


@router.post("/runs/{run_id}/answer", response_model=RunSummary, tags=["control"])
async def answer(run_id: str, body: AnswerRequest, server: Server) -> RunSummary:
    """Answer the run's question: `{"text": ...}` for data, `{"approve": true|false}` for a confirmation."""
    return _steer(server, run_id, lambda run: run.user.answer(body))


@router.get("/runs/{run_id}/screenshots/{n}", response_class=FileResponse, tags=["runs"],
            responses={200: {"content": {"image/png": {}}}})  # fmt: skip
async def screenshot(run_id: str, n: int, server: Server) -> FileResponse:
    """The n-th screenshot of the run (from 1): the page as a step left it."""
    row, _ = server.find(run_id)
    shots = server.store.screenshots(row.id if row else run_id)
    if not 1 <= n <= len(shots):
        raise HTTPException(404, f"run {run_id} has {len(shots)} screenshot(s); there is no number {n}")
    path = Path(shots[n - 1].path)
    if not path.is_file():
        raise HTTPException(404, f"screenshot {n} of run {run_id} is no longer on disk")
    return FileResponse(path, media_type="image/png", headers={"Cache-Control": "max-age=3600"})


def _steer(server: Server, run_id: str, act: Callable[[LiveRun], object]) -> RunSummary:
    """Apply a control to a run of this server: 409 when it does not apply now, 400 for a wrong answer."""
    run = server.live(run_id)
    try:
        act(run)
    except RunConflict as exc:
        raise HTTPException(409, str(exc)) from None
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None
    return server.summary(run.id)


@router.get("/info", response_model=Info, tags=["server"])
async def info(server: Server) -> Info:
    """The model runs use unless a request names one, and how busy the server is."""
    models = server.config.settings.models
    default = str(models.planner)
    if models.navigator != models.planner:
        default = f"planner {models.planner}, navigator {models.navigator}"
    waiting = server.manager.waiting
    running = sum(1 for r in server.manager.newest() if not r.ended and r.id not in waiting)
    return Info(default_model=default, max_concurrent_runs=server.config.max_concurrent_runs,
                running=running, queued=len(waiting))  # fmt: skip
