"""`navwright bench model --run ID`: a recorded run's model calls replayed, before and after prefix reuse.

The run's calls are read from the prompt log (`models.prompt_log`: the run must have been made with
`[models] prompt_log` or $NAVWRIGHT_PROMPT_LOG set), between the run's start and end in the run store;
each gets its role from the store's model_called event nearest in time. Every prompt is evaluated in
order, once per reuse mode, with the KV cache and saved states dropped before each mode:

- `none`: every prompt in full;
- `live`: the longest prefix the KV cache holds (navwright before saved states: a role switch
  evaluates the whole prompt again);
- `saved`: the KV cache or a saved state of an earlier turn of any role (`models.prefix_cache`).

Only prompt evaluation is timed: the answers are the same in every mode.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Literal

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from navwright.agent.events import ModelCalled
from navwright.models.embedded import LlamaRunner
from navwright.models.prompt_log import PromptRecord, read_prompts
from navwright.models.timing import PromptTiming, prompt_timing
from navwright.store.db import RunStore
from navwright.store.rows import StoreError

Reuse = Literal["none", "live", "saved"]
NEAREST_S = 5.0
"""A logged call and a model_called event further apart than this are not the same call."""


class ReplayedCall(BaseModel):
    role: str
    prompt_tokens: int
    timings: dict[str, PromptTiming]


class RunReplay(BaseModel):
    run_id: str
    modes: list[Reuse]
    calls: list[ReplayedCall]

    def total(self, mode: Reuse) -> PromptTiming:
        got = [c.timings[mode] for c in self.calls]
        return PromptTiming(
            prompt_tokens=sum(t.prompt_tokens for t in got),
            reused_tokens=sum(t.reused_tokens for t in got),
            seconds=sum(t.seconds for t in got),
        )


Calls = list[tuple[str, PromptRecord]]
"""Each logged call with its role."""


def recorded_run(store_path: Path | None, run_id: str, log: Path) -> tuple[str, Calls]:
    """The run's full id and its logged calls, each with its role. Raises StoreError in words."""
    with RunStore(store_path) as store:
        run = store.get_run(run_id)
        if run is None:
            raise StoreError(f"no run with id '{run_id}'; `navwright runs` lists them.")
        events = [e for e in store.events(run.id) if isinstance(e, ModelCalled)]
    end = (run.finished or (events[-1].ts if events else run.started)) + 1.0
    records = read_prompts(log, run.started, end) if log.is_file() else []
    if not records:
        raise StoreError(
            f"{log} holds no model call of run {run.id[:12]}: record runs with [models] prompt_log set "
            "(or $NAVWRIGHT_PROMPT_LOG) to replay them"
        )
    return run.id, [(_role(r, events), r) for r in records]


def _role(record: PromptRecord, events: list[ModelCalled]) -> str:
    nearest = min(events, key=lambda e: abs(e.ts - record.ts), default=None)
    return nearest.role if nearest is not None and abs(nearest.ts - record.ts) <= NEAREST_S else "?"


def replay_run(runner: LlamaRunner, run_id: str, calls: Calls,
               modes: list[Reuse]) -> RunReplay:  # fmt: skip
    """Evaluate the calls' prompts in order once per mode (see the module's docstring)."""
    timings: list[dict[str, PromptTiming]] = [{} for _ in calls]
    for mode in modes:
        runner.forget_prefix()
        for i, (_role, record) in enumerate(calls):
            timings[i][mode] = prompt_timing(runner, record.messages, mode)
    replayed = [
        ReplayedCall(role=role, prompt_tokens=t[modes[0]].prompt_tokens, timings=t)
        for (role, _record), t in zip(calls, timings, strict=True)
    ]
    return RunReplay(run_id=run_id, modes=modes, calls=replayed)


async def run_replay_bench(
    runner: LlamaRunner, store_path: Path | None, run_id: str, log: Path, modes: list[Reuse]
) -> RunReplay:
    full_id, calls = recorded_run(store_path, run_id, log)
    await asyncio.to_thread(runner.tokenize, [])  # load the weights outside the timings
    return await asyncio.to_thread(replay_run, runner, full_id, calls, modes)


def print_run_replay(replay: RunReplay, console: Console | None = None) -> None:
    """Per call and in total: prompt tokens, then reused, evaluated and seconds for each mode."""
    table = Table(title=f"Run {replay.run_id[:12]}: {len(replay.calls)} model calls, prompt evaluation only")
    for name in ("#", "role", "prompt tok"):
        table.add_column(name, justify="left" if name == "role" else "right")
    for mode in replay.modes:
        for name in ("reused", "evaluated", "s"):
            table.add_column(f"{mode} {name}", justify="right")
    for n, call in enumerate(replay.calls, 1):
        table.add_row(str(n), call.role, f"{call.prompt_tokens:,}", *_cells(call.timings, replay.modes))
    totals: dict[str, PromptTiming] = {mode: replay.total(mode) for mode in replay.modes}
    prompt = sum(c.prompt_tokens for c in replay.calls)
    table.add_row("", "total", f"{prompt:,}", *_cells(totals, replay.modes), style="bold")
    (console or Console()).print(table)


def _cells(timings: dict[str, PromptTiming], modes: list[Reuse]) -> list[str]:
    cells: list[str] = []
    for mode in modes:
        t = timings[mode]
        cells += [f"{t.reused_tokens:,}", f"{t.prompt_tokens - t.reused_tokens:,}", f"{t.seconds:.2f}"]
    return cells


def replay_command(run_id: str, log: Path | None, *, full: bool, model_path: Path | None,
                   extra_buffers: bool, out: Path | None) -> int:  # fmt: skip
    """What `bench model --run ID` does; returns the exit code (1, said in words, when it cannot)."""
    from navwright.config import load_model_config
    from navwright.models.base import ModelError
    from navwright.models.factory import ModelPool
    from navwright.models.prompt_log import prompt_log_path

    console = Console()
    console.width = max(console.width, 140)  # twelve columns: not wrapped to 80 when piped
    try:
        config = load_model_config().model_copy(update={"extra_buffers": extra_buffers})
        path = log or prompt_log_path(config.prompt_log)
        if path is None:
            raise StoreError("no prompt log: pass --prompt-log FILE, or set [models] prompt_log")
        modes: list[Reuse] = ["none", "live", "saved"] if full else ["live", "saved"]
        runner = ModelPool(config).runner(model_path)
        replay = asyncio.run(run_replay_bench(runner, None, run_id, path, modes))
    except (StoreError, ModelError, OSError) as exc:
        console.print(f"navwright: {exc}", style="red", markup=False, highlight=False)
        return 1
    if out is not None:
        out.write_text(replay.model_dump_json(indent=2))
    print_run_replay(replay, console)
    return 0
