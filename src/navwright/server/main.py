"""`navwright serve`: load the settings, check the bind address, serve the app with uvicorn."""

from __future__ import annotations

from pathlib import Path

from navwright.config import Settings
from navwright.server.app import create_app
from navwright.server.config import ServerConfig, check_bind

DEFAULT_PORT = 8700


def serve(
    settings: Settings, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT, token: str | None = None,
    max_concurrent_runs: int = 2, db_path: Path | None = None,
) -> None:  # fmt: skip
    """Serve until interrupted; then stop the runs cleanly. Raises ValueError for a refused setup."""
    import uvicorn

    check_bind(host, token)
    if max_concurrent_runs < 1:
        raise ValueError(f"--max-concurrent-runs must be at least 1 (got {max_concurrent_runs})")
    config = ServerConfig(settings=settings, token=token or None, max_concurrent_runs=max_concurrent_runs,
                          db_path=db_path)  # fmt: skip
    shown = f"[{host}]" if ":" in host else host
    print(f"navwright serving on http://{shown}:{port}/ (API docs at /docs); Ctrl-C stops it and its runs",
          flush=True)  # fmt: skip
    uvicorn.run(create_app(config), host=host, port=port, log_level="warning", timeout_graceful_shutdown=3)
