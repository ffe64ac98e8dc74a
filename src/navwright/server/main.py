"""`navwright serve`: load the settings, check the bind address, serve the app with uvicorn."""

from __future__ import annotations

import socket
from pathlib import Path
from types import FrameType

import uvicorn
from fastapi import FastAPI

from navwright.config import Settings, check_port
from navwright.server.app import create_app
from navwright.server.config import RunnerOptions, ServerConfig, check_bind
from navwright.server.state import ServerState

DEFAULT_PORT = 8700


class StoppingServer(uvicorn.Server):
    """uvicorn that stops the runs before it closes connections: a client following a run's events
    sees it end as `stopped` instead of a cut connection, and the store records it so."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.navwright_app = app
        self.interrupted = False

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.interrupted = True
        super().handle_exit(sig, frame)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        state: ServerState = self.navwright_app.state.server
        await state.manager.close()
        await super().shutdown(sockets)


def uvicorn_server(app: FastAPI, host: str, port: int) -> StoppingServer:
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=3)
    return StoppingServer(config, app)


def serve(
    settings: Settings, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT, token: str | None = None,
    max_concurrent_runs: int = 2, db_path: Path | None = None, runners: RunnerOptions | None = None,
    any_model: bool = False,
) -> None:  # fmt: skip
    """Serve until interrupted; then stop the runs cleanly and raise KeyboardInterrupt (exit 130).
    Raises ValueError for a refused setup, OSError (in words) when the address cannot be listened on;
    "serving on" is printed only once it is."""
    check_port(port)
    check_bind(host, token)
    if max_concurrent_runs < 1:
        raise ValueError(f"--max-concurrent-runs must be at least 1 (got {max_concurrent_runs})")
    config = ServerConfig(settings=settings, token=token or None, max_concurrent_runs=max_concurrent_runs,
                          db_path=db_path, runners=runners or RunnerOptions(),
                          any_model=any_model)  # fmt: skip
    sock = listen(host, port)
    shown = f"[{host}]" if ":" in host else host
    print(f"navwright serving on http://{shown}:{port}/ (API docs at /docs); Ctrl-C stops it and its runs",
          flush=True)  # fmt: skip
    server = uvicorn_server(create_app(config), host, port)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if server.interrupted:  # uvicorn re-raises the captured Ctrl-C only if its task had not already ended
        raise KeyboardInterrupt


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to host:port (uvicorn listens on it); OSError in words when it cannot be."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (OSError, UnicodeError) as exc:
        raise OSError(f"cannot listen on {where}: {getattr(exc, 'strerror', None) or exc}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen on {where}: {(exc.strerror or str(exc)).lower()}") from None
    return sock
