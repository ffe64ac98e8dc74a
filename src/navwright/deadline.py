"""The whole-run deadline: a run that takes longer than `run.timeout_s` seconds (`--timeout`) ends as
failed, saying in words what it had done by then.

It works around the run, not inside it: `RunProgress` stands in front of the run's event sink and
remembers what the run did; `Deadline.run` cancels the run when its time is up, and
`RunProgress.end` then records the end (a RunFinished event) and gives the result. Time spent waiting
for the person to answer a question does not count.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import TypeVar

from navwright.agent.events import Event, EventSink, RunFinished, StateChanged
from navwright.agent.outcomes import RunResult
from navwright.agent.user import AskKind, UserChannel

T = TypeVar("T")


class RunProgress:
    """An EventSink in front of the run's own: passes every event on and keeps what the run has done
    (steps, actions, model calls, the last page), so a run cut short can say it."""

    def __init__(self, run_id: str, sink: EventSink | None) -> None:
        self.run_id, self.sink = run_id, sink
        self.started = time.monotonic()
        self.steps: list[str] = []
        self.actions = self.model_calls = self.prompt_tokens = self.completion_tokens = 0
        self.url = ""
        self.final: RunFinished | None = None

    def emit(self, event: Event) -> None:
        self._note(event)
        if self.sink is not None:
            self.sink.emit(event)

    def _note(self, event: Event) -> None:
        if event.type == "step_finished":
            self.steps.append(f'step {event.step} {event.status}: "{_short(event.summary)}"')
            self.url = event.url or self.url
        elif event.type == "action_done":
            self.actions += 1
            self.url = event.url or self.url
        elif event.type == "model_called":
            self.model_calls += 1
            self.prompt_tokens += event.prompt_tokens
            self.completion_tokens += event.completion_tokens
        elif event.type == "run_finished":
            self.final = event

    def done_words(self) -> str:
        """What the run had done, in one sentence."""
        last = f" (last: {self.steps[-1]})" if self.steps else ""
        calls = _count(self.model_calls, "model call")
        said = f"finished {_count(len(self.steps), 'step')}{last}, done {_count(self.actions, 'action')}"
        return f"{said} and made {calls}" + (f"; the last page was {self.url}" if self.url else "")

    def end(self, reason: str) -> RunResult:
        """The run's end as failed because of `reason`, with what it had done: recorded (a RunFinished
        event) unless the run had already finished, and returned."""
        if self.final is not None:  # the time ran out while the browser closed: the run had its end
            return _result(self.final)
        error = f"{reason}; by then it had {self.done_words()}"
        self.emit(StateChanged(run_id=self.run_id, state="failed"))
        self.emit(RunFinished(
            run_id=self.run_id, status="failed", error=error, model_calls=self.model_calls,
            prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens,
            seconds=round(time.monotonic() - self.started, 3), steps=len(self.steps),
        ))  # fmt: skip
        return _result(self.final or RunFinished(run_id=self.run_id, status="failed", error=error))


class Deadline:
    """`await Deadline(600).run(work)`: `work`, cancelled after the seconds (TimeoutError); questions
    asked through `user(...)` stop the clock while the person answers."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._timeout: asyncio.Timeout | None = None

    async def run(self, work: Awaitable[T]) -> T:
        async with asyncio.timeout(self.seconds) as timeout:
            self._timeout = timeout
            return await work

    def user(self, user: UserChannel | None) -> UserChannel | None:
        return None if user is None else _ClockStopsWhileAsking(user, self)

    def pause(self) -> float | None:
        """Stop the clock; returns the seconds that were left (None: no clock running)."""
        timeout = self._timeout
        when = timeout.when() if timeout is not None else None
        if timeout is None or when is None or timeout.expired():
            return None
        timeout.reschedule(None)
        return when - asyncio.get_running_loop().time()

    def resume(self, left: float | None) -> None:
        """Start the clock again with the seconds `pause` said were left."""
        if self._timeout is not None and left is not None:
            self._timeout.reschedule(asyncio.get_running_loop().time() + left)

    def words(self) -> str:
        limit = f"{self.seconds:g} s (--timeout, run.timeout_s)"
        return f"the run took longer than its limit of {limit} and was stopped"


class _ClockStopsWhileAsking:
    def __init__(self, user: UserChannel, deadline: Deadline) -> None:
        self._user, self._deadline = user, deadline

    async def ask(self, question: str, kind: AskKind) -> str | None:
        left = self._deadline.pause()
        try:
            return await self._user.ask(question, kind)
        finally:
            self._deadline.resume(left)


def _result(end: RunFinished) -> RunResult:
    return RunResult(
        status=end.status, answer=end.answer, evidence=end.evidence, steps=end.steps,
        model_calls=end.model_calls, prompt_tokens=end.prompt_tokens, completion_tokens=end.completion_tokens,
        seconds=end.seconds, run_id=end.run_id, error=end.error, checks=end.checks,
    )  # fmt: skip


def _count(n: int, what: str) -> str:
    return f"{n if n else 'no'} {what}{'s' if n != 1 else ''}"


def _short(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
