"""`navwright serve`: the HTTP API and the web page, over navwright.server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from navwright.console.errors import fail

Opt = typer.Option


def serve_command(
    host: Annotated[str, Opt(help="Address to listen on; any but 127.0.0.1 needs a token.")] = "127.0.0.1",
    port: Annotated[int, Opt(help="Port to listen on.")] = 8700,
    token: Annotated[str | None, Opt(envvar="NAVWRIGHT_TOKEN", help="Every request must carry it.")] = None,
    max_concurrent_runs: Annotated[int, Opt(help="Runs at once; more wait in a queue.")] = 2,
    model: Annotated[str, Opt(help="Default model of runs (embedded | openai:MODEL[@URL]).")] = "",
    headed: Annotated[bool, Opt(help="Show the runs' browser windows.")] = False,
    config: Annotated[Path | None, Opt(help="Config file (TOML) instead of the default one.")] = None,
    runner: Annotated[str, Opt(help="Where runs execute: inprocess | process (a local process pool) | "
                                    "ray.")] = "inprocess",
    workers: Annotated[int | None, Opt(help="Worker processes or Ray actors (default: "
                                            "--max-concurrent-runs).")] = None,
    ray: Annotated[str | None, Opt(help="Ray's address with --runner ray: local (default), auto or "
                                        "HOST:PORT.")] = None,
    allow_any_model: Annotated[bool, Opt(help="Let requests name any model and server URL (which then "
                                              "reads the pages); by default only this server's.")] = False,
) -> None:  # fmt: skip
    """Serve the HTTP API and the web page to start, watch and steer runs."""
    from navwright.api import run_overrides
    from navwright.config import ConfigError, check_port, load_settings
    from navwright.server.config import runner_options
    from navwright.server.main import serve as serve_app

    try:
        check_port(port)
        runners = runner_options(runner, workers, ray)
        overrides = run_overrides(model=model, headed=True if headed else None)
        settings = load_settings(config, overrides=overrides).settings
        serve_app(settings, host=host, port=port, token=token, max_concurrent_runs=max_concurrent_runs,
                  runners=runners, any_model=allow_any_model)  # fmt: skip
    except (ValueError, ConfigError, OSError) as exc:
        fail(str(exc))
