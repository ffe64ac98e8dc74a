"""A server's run in a worker (a pool process or a Ray actor), through the runners' line.

The run's events go back over the line as they happen (masked by the Agent, as every event is); the
server's commands come in over it: pause, resume, stop, edit, and the person's answer to a question.
Models are made in the worker from the run's settings, once per model spec.
"""

from __future__ import annotations

import asyncio
from functools import partial
from types import TracebackType
from typing import Literal

from pydantic import BaseModel, Field

from navwright.agent.events import Event
from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.user import AskKind
from navwright.browser.errors import BrowserError
from navwright.build import Given, ModelShelf, RunIO, TaskRequest, open_run
from navwright.config import Settings
from navwright.models.base import ModelError
from navwright.runners.line import JobLine, LineKind
from navwright.server.ending import closing_events


class RunJob(BaseModel):
    """A queued run as it travels to its worker (secrets included: the worker's Agent types them)."""

    run_id: str
    task: str
    url: str | None = None
    settings: Settings
    secrets: dict[str, str] = Field(default_factory=dict)


class Command(BaseModel):
    """What the server sends to a run in a worker."""

    act: Literal["pause", "resume", "stop", "edit", "answer"]
    text: str = ""
    """The new task (edit) or the person's answer (answer)."""


def worker_failed(job: RunJob, message: str) -> RunResult:
    """The result of a run whose worker died or could not start."""
    return RunResult(status="failed", error=message, run_id=job.run_id)


def run_worker(settings_json: str, number: int) -> RunWorker:
    return RunWorker(Settings.model_validate_json(settings_json), number)


def run_kind(settings: Settings) -> LineKind[RunJob, RunResult]:
    """The server's runs as a kind of line job; `settings` are the server's (for the model pool)."""
    return LineKind(make=partial(run_worker, settings.model_dump_json()), job=RunJob, outcome=RunResult,
                    failure=worker_failed, label="run worker")  # fmt: skip


class LineSink:
    """An `EventSink` that sends each event over the line as JSON."""

    def __init__(self, line: JobLine) -> None:
        self.line = line

    def emit(self, event: Event) -> None:
        self.line.send(event.model_dump_json())


class LineUser:
    """A `UserChannel` whose answers arrive as `answer` commands."""

    def __init__(self) -> None:
        self.replies: asyncio.Queue[str] = asyncio.Queue()

    async def ask(self, question: str, kind: AskKind) -> str | None:
        return await self.replies.get()


class RunWorker:
    """`async with RunWorker(settings) as w: result = await w.run(job, line)`"""

    def __init__(self, settings: Settings, number: int = 0) -> None:
        self.number = number
        self._models = ModelShelf(settings)

    async def __aenter__(self) -> RunWorker:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._models.clear()

    async def run(self, job: RunJob, line: JobLine) -> RunResult:
        sink, user = LineSink(line), LineUser()
        try:
            models = await asyncio.to_thread(self._models.get, job.settings)
        except (ModelError, ValueError, OSError) as exc:
            return _ended(job, f"could not load the model: {exc}", sink)
        result: RunResult | None = None
        try:
            request = TaskRequest(task=job.task, url=job.url, secrets=job.secrets, run_id=job.run_id)
            io = RunIO(sink=sink, user=user)
            async with open_run(job.settings, request, io, Given(models=models)) as agent:
                obeying = asyncio.create_task(obey(line, agent, user))
                try:
                    result = await agent.run()
                finally:
                    obeying.cancel()
        except BrowserError as exc:
            if result is None:
                return _ended(job, f"the browser did not start: {exc}", sink)
        assert result is not None
        return result


async def obey(line: JobLine, agent: Agent, user: LineUser) -> None:
    """Apply the server's commands to the run until it ends (those sent before it started wait)."""
    while True:
        command = Command.model_validate_json(await line.receive())
        if command.act == "answer":
            user.replies.put_nowait(command.text)
        elif command.act == "edit":
            agent.edit_task(command.text)
        else:
            {"pause": agent.pause, "resume": agent.resume, "stop": agent.stop}[command.act]()


def _ended(job: RunJob, error: str, sink: LineSink) -> RunResult:
    result = worker_failed(job, error)
    domains = list(job.settings.run.allowed_domains)
    for event in closing_events(result, job.task, job.url, domains, started=False):
        sink.emit(event)
    return result
