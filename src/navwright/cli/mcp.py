"""`navwright mcp`: serve navwright's task and page tools to MCP clients (stdio, or streamable HTTP)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from navwright.console.errors import fail

Opt = typer.Option
WEB_SCHEMES = ("http", "https")
"""What the MCP tools open unless the command line allows more (`--allow-scheme file`)."""


def mcp_command(
    http: Annotated[bool, Opt("--http", help="Streamable HTTP on --host/--port instead of stdio.")] = False,
    host: Annotated[str, Opt(help="Address to listen on with --http.")] = "127.0.0.1",
    port: Annotated[int, Opt(help="Port to listen on with --http.")] = 8931,
    token: Annotated[str | None, Opt(envvar="NAVWRIGHT_TOKEN", help="With --http, every request must carry "
                                     "it (needed for any --host but 127.0.0.1).")] = None,
    model: Annotated[str, Opt(help="Model for run_task (embedded | openai:MODEL[@URL]).")] = "",
    planner_model: Annotated[str | None, Opt(help="Model for the planner only.")] = None,
    navigator_model: Annotated[str | None, Opt(help="Model for the navigator only.")] = None,
    headed: Annotated[bool, Opt(help="Show the browser window.")] = False,
    yes: Annotated[bool, Opt("--yes", help="run_task approves every confirmation itself.")] = False,
    allow_domain: Annotated[list[str] | None, Opt(help="Only these domains may be visited.")] = None,
    allow_scheme: Annotated[list[str] | None, Opt(help="Also open URLs of this scheme (file, data...); "
                                                  "by default only http and https.")] = None,
    profile: Annotated[str | None, Opt(help="Browser profile: start from and keep its logins.")] = None,
    config: Annotated[Path | None, Opt(help="Config file (TOML) instead of the default one.")] = None,
) -> None:
    """Serve navwright to MCP clients: run_task for whole tasks, page tools for the client's own model."""
    from navwright.api import run_overrides
    from navwright.config import ConfigError, load_settings

    try:
        overrides = run_overrides(
            model=model, planner_model=planner_model, navigator_model=navigator_model,
            headed=True if headed else None, yes=yes, allowed_domains=allow_domain or [], profile=profile,
        )  # fmt: skip
        overrides["browser.allowed_schemes"] = [*WEB_SCHEMES, *(allow_scheme or [])]
        settings = load_settings(config, overrides=overrides).settings
    except (ValueError, ConfigError) as exc:
        fail(str(exc))
    if not 0 < port < 65536:
        fail(f"--port must be 1 to 65535 (got {port})")
    try:
        from navwright.mcp.server import serve
    except ImportError as exc:
        fail(f"navwright mcp needs the mcp package: pip install 'navwright[mcp]' ({exc})")
    try:
        serve(settings, "http" if http else "stdio", host=host, port=port, token=token)
    except ValueError as exc:
        fail(str(exc))

