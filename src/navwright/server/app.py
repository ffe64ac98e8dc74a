"""`create_app(config)`: the FastAPI app of `navwright serve` (API, event streams, the page)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from navwright.server import page, routes
from navwright.server.auth import Guard
from navwright.server.config import ServerConfig
from navwright.server.docs import mount_docs
from navwright.server.limits import BodyLimit
from navwright.server.manager import RunManager
from navwright.server.state import ServerState
from navwright.store import RunStore, default_db_path

DESCRIPTION = """Start web tasks, watch their events live, pause, resume, stop, edit the task, and answer
the agent's questions. With a token, every request needs `Authorization: Bearer TOKEN`."""


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The app; nothing starts until it is served. Stopping it stops its runs and records them."""
    config = config or ServerConfig()
    db_path = config.db_path or default_db_path()
    state = ServerState(config=config, manager=RunManager(config, str(db_path)), store=RunStore(db_path))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await state.manager.close()
        state.store.close()

    app = FastAPI(title="navwright", description=DESCRIPTION, version=_version(), lifespan=lifespan,
                  docs_url=None, redoc_url=None)  # fmt: skip
    app.state.server = state
    app.add_middleware(BodyLimit)
    app.add_middleware(Guard, token=config.token)  # the outermost: no body is read for a refused caller
    app.add_exception_handler(RequestValidationError, _invalid)
    app.include_router(routes.router)
    app.include_router(page.router)
    mount_docs(app)
    app.mount("/static", StaticFiles(directory=page.STATIC), name="static")
    return app


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    """422 with one line per problem, naming the field; the rejected input is never echoed (secrets)."""
    assert isinstance(exc, RequestValidationError)
    lines = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        lines.append(f"{where}: {message}" if where else message)
    return JSONResponse({"detail": "; ".join(lines) or "the request is not valid"}, status_code=422)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("navwright")
    except PackageNotFoundError:
        return "0"
