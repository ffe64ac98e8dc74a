"""`navwright run TASK`: one task end to end, its progress printed as it goes."""

from __future__ import annotations

import asyncio
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from navwright.agent.rules import without_help
from navwright.console.errors import fail

if TYPE_CHECKING:
    from navwright.config import Settings

Opt = typer.Option


def run_command(
    task: Annotated[str, typer.Argument(help="What to do, in plain language.")],
    url: Annotated[str | None, Opt(help="Start page.")] = None,
    model: Annotated[str, Opt(help="Model for planner and navigator (embedded | openai:MODEL[@URL]).")] = "",
    planner_model: Annotated[str | None, Opt(help="Model for the planner only.")] = None,
    navigator_model: Annotated[str | None, Opt(help="Model for the navigator only.")] = None,
    headed: Annotated[bool, Opt(help="Show the browser window.")] = False,
    max_steps: Annotated[int | None, Opt(help="Most planner steps.")] = None,
    yes: Annotated[bool, Opt("--yes", "-y", help="Approve every confirmation.")] = False,
    secret: Annotated[list[str] | None, Opt(help="NAME=VALUE (or NAME from the environment).")] = None,
    allow_domain: Annotated[list[str] | None, Opt(help="Only these domains may be visited.")] = None,
    as_json: Annotated[bool, Opt("--json", help="Print one JSON object at the end.")] = False,
    config: Annotated[Path | None, Opt(help="Config file (TOML) instead of the default one.")] = None,
    profile: Annotated[str | None, Opt(help="Browser profile: start from and keep its logins.")] = None,
    cdp: Annotated[str | None, Opt(help="Drive a running Chromium at this CDP URL.")] = None,
    timeout: Annotated[float | None, Opt(help="Seconds the whole run may take (default 600; your answers' "
                                              "time aside).")] = None,
    without: Annotated[list[str] | None, Opt(help=without_help())] = None,
) -> None:
    """Run a task end to end and print progress, the answer and its cost."""
    from navwright.api import parse_secrets, run_overrides
    from navwright.config import ConfigError, load_settings

    if not task.strip():
        fail('the task is empty: say what to do, e.g. navwright run "find the cheapest monitor"')
    if max_steps is not None and max_steps < 1:
        fail(f"--max-steps must be at least 1 (got {max_steps})")
    if timeout is not None and not 0 < timeout < float("inf"):
        fail(f"--timeout must be more than 0 seconds (got {timeout:g})")
    try:
        secrets = parse_secrets(secret or [])
        overrides = run_overrides(
            model=model, planner_model=planner_model, navigator_model=navigator_model,
            headed=True if headed else None, max_steps=max_steps, yes=yes, allowed_domains=allow_domain or [],
            profile=profile, cdp=cdp, timeout_s=timeout, without=without or [],
        )  # fmt: skip
        settings = load_settings(config, overrides=overrides).settings
    except (ValueError, ConfigError) as exc:
        fail(str(exc))
    code = asyncio.run(_run_task(task, url=url, settings=settings, secrets=secrets, as_json=as_json))
    raise typer.Exit(code)


async def _run_task(
    task: str, *, url: str | None, settings: Settings, secrets: dict[str, str], as_json: bool
) -> int:
    from navwright.build import Given, RunIO, TaskRequest, run_task
    from navwright.console import ConsolePrinter, ConsoleUser, JsonCollector, TeeSink, printable, result_json
    from navwright.memory import MemoryStore
    from navwright.store import usable_store

    console = Console(stderr=as_json)
    with usable_store() as (store, problem), ExitStack() as hold:
        if store is None:
            console.print(printable(f"navwright: this run will not be recorded: {problem}"), style="yellow",
                          markup=False, soft_wrap=True, highlight=False)  # fmt: skip
        memory = hold.enter_context(MemoryStore(store.path)) if store is not None else None
        kept = JsonCollector()  # the run's events, for the timings of --json
        sink = TeeSink(ConsolePrinter(console), kept, *([store] if store is not None else []))
        user = ConsoleUser(console) if sys.stdin.isatty() else None
        request = TaskRequest(task=task, url=url, secrets=secrets)
        result = await run_task(settings, request, RunIO(sink=sink, user=user), Given(memory=memory))
    if as_json:
        print(result_json(result, kept.events))
    elif result.error and result.status != "success":
        console.print(printable(f"navwright: {result.error}"), style="red", markup=False, soft_wrap=True,
                      highlight=False)
    return 0 if result.status == "success" else 3 if result.status == "unverified" else 1
