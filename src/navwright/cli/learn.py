"""`navwright learn`: zero-shot trials of a task family; the successes become memory.

WebWISE's auto-context generation, for navwright: run each MiniWoB++ task on seeds kept for learning,
and keep in memory only the episodes the page rewarded (the page is the judge, never the agent's own
word). Later runs get the most similar learned step as an example (`bench miniwob --memory examples`),
and workflows that succeeded twice are replayed with no model (`--memory workflows`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

Opt = typer.Option


def learn_command(
    tasks: Annotated[str, Opt(help="MiniWoB++ tasks: webwise48, all, or names separated by commas.")],
    episodes: Annotated[int, Opt(help="Trials per task.")] = 3,
    seed_base: Annotated[int, Opt(help="Trial i uses seed seed_base + i: keep them apart from the seeds "
                                       "you measure on.")] = 1000,
    memory_db: Annotated[Path | None, Opt(help="The memory store to fill (default: navwright's).")] = None,
    model: Annotated[str, Opt(help="Model for planner and navigator.")] = "embedded",
    workers: Annotated[int, Opt(help="Parallel trials, one browser each.")] = 1,
    out: Annotated[Path | None, Opt(help="Folder for the trials' results and reports.")] = None,
    episode_timeout: Annotated[float, Opt(help="Seconds per trial at most.")] = 300.0,
) -> None:
    """Run zero-shot trials of MiniWoB++ tasks and keep the ones the page rewarded as memory."""
    from navwright.bench.cli import run_miniwob
    from navwright.bench.miniwob import MiniwobOptions
    from navwright.bench.miniwob.memory import SITE
    from navwright.memory import MemoryStore

    options = MiniwobOptions(
        tasks=tasks, episodes=episodes, seed_base=seed_base, model=model, workers=workers, out=out,
        episode_timeout_s=episode_timeout, memory="learn", memory_db=memory_db,
    )  # fmt: skip
    report = run_miniwob(options)
    with MemoryStore(memory_db) as store:
        steps, workflows = store.steps(SITE), store.workflows(SITE)
        served = sum(1 for w in workflows if w.status == "served")
        where = store.path
    print(f"kept {report.overall.successes} of {report.overall.episodes} trials (the page rewarded them); "
          f"memory at {where} holds {len(steps)} MiniWoB++ steps and {len(workflows)} workflows "
          f"({served} served)")
