"""A queued run handed to a worker through the runners (`navwright serve --runner process|ray`).

`RemoteAgent` steers it as the server steers an `Agent`: each control becomes a command on the job's
line, and its state follows the worker's events. Each event from the worker reaches the run's sink
(store, live feed, web user) as it arrives; a question opens on the web user as in-process, and its
answer goes back to the worker as a command.
"""

from __future__ import annotations

import asyncio
import logging

from pydantic import ValidationError

from navwright.agent.events import EVENT_ADAPTER, Event, EventSink, StateChanged, UserAsked
from navwright.agent.outcomes import RunResult
from navwright.runners.line import Line, LineRunner
from navwright.server.live import LiveRun
from navwright.server.schemas import STARTING
from navwright.server.user import WebUser
from navwright.server.worker import Command, RunJob

log = logging.getLogger(__name__)


class RemoteAgent:
    """The controls of a run in a worker. The worker's Agent applies them at its next checkpoint and
    says so in a `state_changed` event; until then the state shows what was asked."""

    def __init__(self, line: Line) -> None:
        self.line = line
        self.state: str = STARTING

    def observe(self, event: Event) -> None:
        if isinstance(event, StateChanged):
            self.state = event.state

    def pause(self) -> None:
        self._send(Command(act="pause"))
        self.state = "paused"

    def resume(self) -> None:
        self._send(Command(act="resume"))
        self.state = "running"

    def stop(self) -> None:
        self._send(Command(act="stop"))

    def edit_task(self, text: str) -> None:
        self._send(Command(act="edit", text=text))

    def answer(self, text: str) -> None:
        self._send(Command(act="answer", text=text))

    def _send(self, command: Command) -> None:
        self.line.send(command.model_dump_json())


async def run_in_worker(run: LiveRun, runner: LineRunner[RunJob, RunResult], sink: EventSink) -> RunResult:
    """Run `run` in a worker of `runner`; its events go to `sink` live. A worker that dies or cannot
    start gives a failed result saying so (its events may then lack the run's end)."""
    relays: set[asyncio.Task[None]] = set()

    def on_note(text: str) -> None:
        try:
            event = EVENT_ADAPTER.validate_json(text)
        except ValidationError as exc:
            log.warning("run %s: a worker's note is not an event: %s", run.id, exc)
            return
        remote.observe(event)
        if isinstance(event, StateChanged) and event.state != "waiting_for_user":
            run.user.withdraw()  # answered, or the wait ended in the worker (a stop)
        sink.emit(event)
        if isinstance(event, UserAsked):
            relay = asyncio.create_task(_relay(run.user, event, remote))
            relays.add(relay)
            relay.add_done_callback(relays.discard)

    remote = RemoteAgent(Line(on_note))
    run.agent = remote
    if run.stop_requested:
        remote.stop()
    job = RunJob(run_id=run.id, task=run.task, url=run.url, settings=run.settings, secrets=run.secrets)
    try:
        return await runner.run(job, remote.line)
    finally:
        run.user.withdraw()
        for relay in list(relays):
            relay.cancel()


async def _relay(user: WebUser, asked: UserAsked, remote: RemoteAgent) -> None:
    """Wait for the person's answer to `asked` (over HTTP) and send it to the worker."""
    reply = await user.ask(asked.question, asked.kind)
    if reply is not None:
        remote.answer(reply)
