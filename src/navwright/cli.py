"""`navwright run / serve / demo / teach / runs / models / doctor / bench / config`: thin commands over the
Python API.

Every command turns failures into one line of words and an exit code; no traceback reaches the user.
Heavy imports happen inside the commands so `navwright --help` stays fast.
"""

from __future__ import annotations

import asyncio
import os
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from navwright.bench.cli import bench_app
from navwright.cli_batch import batch_command
from navwright.cli_config import config_app
from navwright.cli_learn import learn_command
from navwright.cli_mcp import mcp_command
from navwright.cli_memory import memory_app
from navwright.cli_profiles import profiles_app
from navwright.cli_runs import runs_app
from navwright.cli_teach import teach_command
from navwright.console.errors import fail

if TYPE_CHECKING:
    from navwright.config import Settings

app = typer.Typer(
    name="navwright",
    help="A web agent: plans a task as website steps and carries them out in a real Chromium browser.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
models_app = typer.Typer(help="The embedded model and configured models.", no_args_is_help=True)
app.add_typer(models_app, name="models")
app.add_typer(runs_app, name="runs")
app.add_typer(bench_app, name="bench")
app.add_typer(config_app, name="config")
app.add_typer(profiles_app, name="profiles")
app.add_typer(memory_app, name="memory")
app.command("mcp")(mcp_command)
app.command("batch")(batch_command)
app.command("teach")(teach_command)
app.command("learn")(learn_command)

Opt = typer.Option


@app.command()
def run(
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
    without: Annotated[list[str] | None, Opt(help="Switch off a named rule (repeatable): a veto, a "
                                                  "check of the verdict or a procedure.")] = None,
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


@app.command()
def demo(
    runs: Annotated[int, Opt(help="How many times to run the demo task.")] = 1,
    category: Annotated[str, Opt(help="The kind of item to look for.")] = "headphones",
    headed: Annotated[bool, Opt(help="Show the browser window.")] = False,
    manifest: Annotated[bool, Opt(help="Let the shop publish its site API.")] = True,
    model: Annotated[str, Opt(help="Model spec (default: embedded).")] = "",
) -> None:
    """Run the demo task on the bundled shop (served on 127.0.0.1) with the embedded model."""
    from navwright.demo.task import run_demo

    raise typer.Exit(
        asyncio.run(run_demo(Console(), runs=runs, category=category, headed=headed, manifest=manifest,
                             model=model))
    )  # fmt: skip


@app.command()
def serve(
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


@models_app.command("pull")
def models_pull(
    quiet: Annotated[bool, Opt(help="No progress bar.")] = False,
    dest: Annotated[Path | None, Opt(help="Folder for the model file.")] = None,
) -> None:
    """Assemble and verify the embedded model in the cache folder (once)."""
    from navwright.models.weights import pull

    try:
        path = pull(progress=not quiet, dest_dir=dest)
    except Exception as exc:  # a user-facing command: every failure becomes one line
        fail(f"could not fetch the embedded model: {exc}")
    print(f"embedded model ready: {path}")


@app.command()
def doctor(
    generate: Annotated[bool, Opt(help="Time a short generation with each model.")] = True,
    config: Annotated[Path | None, Opt(help="Model config file (TOML).")] = None,
) -> None:
    """Check that the browser launches and the configured models answer."""
    from navwright.doctor import run_doctor

    raise typer.Exit(asyncio.run(run_doctor(Console(), config=config, generate=generate)))



def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        print("navwright: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # the last line of defence: words, never a traceback
        if os.environ.get("NAVWRIGHT_DEBUG"):
            raise
        print(f"navwright: {type(exc).__name__}: {exc} (set NAVWRIGHT_DEBUG=1 for details)", file=sys.stderr)
        sys.exit(2)
