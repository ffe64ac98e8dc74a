"""The demo task repeated against one shop and one memory store: the first two runs learn the workflow,
and from the third the served workflow replays. Prints per run: model calls, seconds, whether it
replayed, and the last run's seconds as a share of the first's (issue #37: "a repeated task costs no
model call"). `navwright bench repeat --runs 3 [--no-manifest] [--trace DIR]` (also
`python -m navwright.demo.repeat`).

One shop serves every run (each run is a new browser, so a new cart); the models load once.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape

from navwright.agent.events import Event, WorkflowReplayed
from navwright.demo.server import serve_demo
from navwright.demo.task import check_outcome, demo_task


class RepeatRun(BaseModel):
    run: int
    success: bool
    status: str
    model_calls: int
    seconds: float
    replayed: bool
    why: str = ""


class _Trace:
    """Event sink: writes each event as a JSON line (when given a file) and notes a replay."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.replayed = False

    def emit(self, event: Event) -> None:
        self.replayed = self.replayed or (isinstance(event, WorkflowReplayed) and event.status == "started")
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as out:
                out.write(event.model_dump_json() + "\n")


async def run_repeat(
    console: Console, *, runs: int = 3, category: str = "headphones", manifest: bool = True, model: str = "",
    memory_db: Path | None = None, trace_dir: Path | None = None,
) -> list[RepeatRun]:  # fmt: skip
    """Run the demo task `runs` times on one shop with one memory store (a fresh one unless given)."""
    from navwright.api import RunIO, apply_overrides, run_overrides
    from navwright.api import run as run_task
    from navwright.build import Given, make_models
    from navwright.config import load_settings
    from navwright.memory import MemoryStore

    settings = apply_overrides(load_settings(None).settings, run_overrides(model=model or None))
    models = make_models(settings)
    if trace_dir is not None:
        trace_dir.mkdir(parents=True, exist_ok=True)
    done: list[RepeatRun] = []
    with (
        tempfile.TemporaryDirectory(prefix="navwright-repeat-") as folder,
        serve_demo(manifest=manifest) as shop,
        MemoryStore(memory_db or Path(folder) / "memory.db") as store,
    ):
        task = demo_task(shop, category)
        for n in range(1, runs + 1):
            trace = _Trace(trace_dir / f"run-{n}.jsonl" if trace_dir is not None else None)
            result = await run_task(task, url=shop.url + "/", config=settings, io=RunIO(sink=trace),
                                    given=Given(models=models, memory=store))
            ok, why = check_outcome(shop, category, result.answer)
            if result.status != "success":
                ok, why = False, result.error or f"the run ended as {result.status}"
            done.append(RepeatRun(run=n, success=ok, status=result.status, model_calls=result.model_calls,
                                  seconds=result.seconds, replayed=trace.replayed, why=why))
            _row(console, done[-1], runs)
    _summary(console, done)
    return done


def _row(console: Console, row: RepeatRun, runs: int) -> None:
    replayed = ", replayed" if row.replayed else ""
    console.print(f"run {row.run}/{runs}: {'ok' if row.success else 'failed'} ({row.status}), "
                  f"{row.model_calls} model calls, {row.seconds:.1f} s{replayed}. {escape(row.why)}")


def _summary(console: Console, done: list[RepeatRun]) -> None:
    if len(done) < 2:
        return
    first, last = done[0], done[-1]
    share = last.seconds / first.seconds if first.seconds else 0.0
    console.print(f"[bold]first run: {first.model_calls} calls, {first.seconds:.1f} s; run {last.run}: "
                  f"{last.model_calls} calls, {last.seconds:.1f} s ({share:.0%} of the first)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m navwright.demo.repeat",
        description="The demo task run N times against one shop and one memory store.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--category", default="headphones")
    parser.add_argument("--no-manifest", action="store_true", help="the shop publishes no site API")
    parser.add_argument("--model", default="", help="model spec (default: embedded)")
    parser.add_argument("--memory-db", type=Path, help="memory store to use (default: a fresh one)")
    parser.add_argument("--trace", type=Path, help="folder for each run's events (run-N.jsonl)")
    args = parser.parse_args(argv)
    done = asyncio.run(run_repeat(Console(), runs=args.runs, category=args.category,
                                  manifest=not args.no_manifest, model=args.model, memory_db=args.memory_db,
                                  trace_dir=args.trace))
    return 0 if all(r.success for r in done) else 1


if __name__ == "__main__":
    raise SystemExit(main())
