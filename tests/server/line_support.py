"""Drives a line runner through the echo worker: a job that dies mid-way, then one that ends well."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from echo_worker import ECHO, EchoJob, EchoOutcome

from navwright.runners import Line, make_runner


async def arrived(notes: list[str], note: str, timeout: float = 60) -> None:
    async def wait() -> None:
        while note not in notes:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), timeout)


async def die_then_live(ray: str | None) -> tuple[list[str], EchoOutcome, list[str], EchoOutcome]:
    """Notes and outcome of a job whose worker dies after one echo, then of the next job (in a process, or
    a Ray actor when `ray` is given)."""
    runner = make_runner(ECHO, workers=1, ray=ray)
    try:
        first: list[str] = []
        line = Line(first.append)
        job = asyncio.create_task(runner.run(EchoJob(text="a"), line))
        line.send("hello")
        await arrived(first, "echo hello")  # notes come back while the job runs
        line.send("die")
        lost = await asyncio.wait_for(job, 120)
        second: list[str] = []
        line = Line(second.append)
        job = asyncio.create_task(runner.run(EchoJob(text="b"), line))
        line.send("again")
        line.send("end")
        kept = await asyncio.wait_for(job, 120)
    finally:
        await runner.close()
    return first, lost, second, kept


async def job_after_idle_death(ray: str | None, kill: Callable[[], None]) -> tuple[list[str], EchoOutcome]:
    """Notes and outcome of a job handed out right after `kill` ended the idle worker of a finished one."""
    runner = make_runner(ECHO, workers=1, ray=ray)
    try:
        line = Line([].append)
        first = asyncio.create_task(runner.run(EchoJob(text="a"), line))
        line.send("end")
        await asyncio.wait_for(first, 120)
        kill()  # no await before the next job: the runner has not yet heard of the death
        notes: list[str] = []
        line = Line(notes.append)
        line.send("again")
        line.send("end")
        kept = await asyncio.wait_for(runner.run(EchoJob(text="b"), line), 120)
    finally:
        await runner.close()
    return notes, kept
