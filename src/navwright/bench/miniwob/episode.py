"""One MiniWoB++ episode: open the task page, start a seeded episode, let an agent work, score it.

The harness gives the agent the instruction exactly as a person's request, with the task page as
the current page, and checks after EVERY action whether the page ended the episode (a finished
episode covers the page, so a further click would start a new one).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel, Field

from navwright.agent.events import Event, EventSink, ModelCalled
from navwright.bench.miniwob.page import DataMode, EpisodeState, read_state, start_episode
from navwright.bench.miniwob.tasks import task_path
from navwright.browser.errors import BrowserError
from navwright.browser.types import ActionResult

if TYPE_CHECKING:
    from navwright.browser.session import BrowserSession

AgentStatus = Literal[
    "success", "unverified", "failed", "needs_user", "stopped", "timeout", "action_cap", "error",
    "harness_error",
]
AfterAction = Callable[[ActionResult], Awaitable[bool]]
"""Awaited after every action; True means the episode is over and the agent must stop at once."""


class EpisodeSpec(BaseModel):
    task: str
    seed: int

    @property
    def key(self) -> str:
        return f"{self.task}#{self.seed}"


class EpisodeLimits(BaseModel):
    timeout_s: float = 300.0
    """Wall-clock limit of one episode (agent time)."""
    max_actions: int = 20
    data_mode: DataMode = "train"
    load_timeout_s: float = 15.0


class AgentReport(BaseModel):
    """What an agent says when it stops: its status and what it spent."""

    status: AgentStatus
    answer: str = ""
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    error: str | None = None
    unconfirmed: list[str] = Field(default_factory=list)
    """The checks of the agent's verdict that did not pass (agent/judge/), by name."""


class EpisodeOutcome(BaseModel):
    task: str
    seed: int
    success: bool
    raw_reward: float
    done: bool
    """The page ended the episode (otherwise raw_reward is -1, as MiniWoB scores a time-out)."""
    agent_status: AgentStatus
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    actions: int = 0
    observations: int = 0
    """Looks at the page the episode took (one per action and one per step when each is one)."""
    error: str | None = None
    utterance: str = ""
    answer: str = ""
    reason: str = ""
    unconfirmed: list[str] = Field(default_factory=list)
    """The checks of the agent's verdict that did not pass, by name."""

    @property
    def key(self) -> str:
        return f"{self.task}#{self.seed}"


class EpisodeAgent(Protocol):
    """Anything that can work a task page like a person: given the request, act until done."""

    async def solve(
        self, utterance: str, session: BrowserSession, after_action: AfterAction, sink: EventSink
    ) -> AgentReport:
        """Work on the session's current page; await `after_action` after every action and stop
        at once when it returns True. Emit run events to `sink`. Report failure in the
        AgentReport, never by raising."""
        ...

    async def ready(self) -> None:
        """Wait, before the episode clock starts, until the agent can begin (e.g. until a model is
        free of a call left running by a timed-out episode)."""
        ...

    async def judged(self, outcome: EpisodeOutcome) -> None:
        """The page's verdict on the episode just solved (an agent that learns keeps only successes)."""
        ...

    async def aclose(self) -> None:
        """Release models and anything else held across episodes."""
        ...


class _TallySink:
    """Forwards events and counts model calls, so spending is known even if the agent never reports."""

    def __init__(self, inner: EventSink) -> None:
        self.inner = inner
        self.calls = self.prompt_tokens = self.completion_tokens = 0

    def emit(self, event: Event) -> None:
        if isinstance(event, ModelCalled):
            self.calls += 1
            self.prompt_tokens += event.prompt_tokens
            self.completion_tokens += event.completion_tokens
        self.inner.emit(event)

    def into(self, report: AgentReport) -> AgentReport:
        return report.model_copy(update={
            "model_calls": max(report.model_calls, self.calls),
            "prompt_tokens": max(report.prompt_tokens, self.prompt_tokens),
            "completion_tokens": max(report.completion_tokens, self.completion_tokens),
        })


class _ActionWatch:
    """The after-action hook: counts actions, reads the episode state, says when to stop."""

    def __init__(self, session: BrowserSession, max_actions: int) -> None:
        self.session = session
        self.max_actions = max_actions
        self.actions = 0
        self.capped = False
        self.state: EpisodeState | None = None

    async def __call__(self, result: ActionResult) -> bool:
        self.actions += 1
        self.state = await _page_state(self.session)
        if self.state is not None and self.state.done:
            return True
        self.capped = self.actions >= self.max_actions
        return self.capped


def harness_failure(spec: EpisodeSpec, message: str, seconds: float = 0.0) -> EpisodeOutcome:
    """An episode the harness could not run (page did not load, browser or worker died)."""
    return EpisodeOutcome(
        task=spec.task, seed=spec.seed, success=False, raw_reward=-1.0, done=False,
        agent_status="harness_error", seconds=seconds, error=message,
    )


async def run_episode(
    spec: EpisodeSpec,
    *,
    session: BrowserSession,
    agent: EpisodeAgent,
    base_url: str,
    limits: EpisodeLimits,
    sink: EventSink,
) -> EpisodeOutcome:
    """Run one seeded episode of `spec.task` with `agent` and score it from the page's reward."""
    await session.open(base_url + task_path(spec.task))
    max_ms = int((limits.timeout_s + 120.0) * 1000)
    utterance = await start_episode(
        session.page, seed=spec.seed, max_ms=max_ms, data_mode=limits.data_mode,
        timeout_ms=limits.load_timeout_s * 1000,
    )
    watch = _ActionWatch(session, limits.max_actions)
    tally = _TallySink(sink)
    await agent.ready()
    started, looks = time.monotonic(), session.views.taken
    report = tally.into(await _solve_within(agent.solve(utterance, session, watch, tally), limits.timeout_s))
    seconds = time.monotonic() - started
    state = await _page_state(session)
    outcome = _score(spec, utterance, report, watch, state, seconds)
    outcome = outcome.model_copy(update={"observations": session.views.taken - looks})
    await agent.judged(outcome)
    return outcome


async def _page_state(session: BrowserSession) -> EpisodeState | None:
    try:
        page = session.page
    except BrowserError:
        return None
    return await read_state(page)


async def _solve_within(solving: Awaitable[AgentReport], timeout_s: float) -> AgentReport:
    try:
        return await asyncio.wait_for(solving, timeout_s)
    except TimeoutError:
        return AgentReport(status="timeout", error=f"the episode ran past its {timeout_s:g} s limit")
    except Exception as exc:
        return AgentReport(status="error", error=f"the agent failed: {exc}".splitlines()[0])


def _score(
    spec: EpisodeSpec, utterance: str, report: AgentReport, watch: _ActionWatch,
    state: EpisodeState | None, seconds: float,
) -> EpisodeOutcome:
    done = bool(state and state.done)
    raw = state.raw_reward if state is not None and done else -1.0
    status = report.status
    error = report.error
    if watch.capped and not done and status in ("stopped", "failed"):
        status, error = "action_cap", f"stopped after {watch.actions} actions (the cap)"
    if state is None and error is None:
        error = "the task page was gone when the episode ended"
    return EpisodeOutcome(
        task=spec.task, seed=spec.seed, success=done and raw >= 1.0 - 1e-9, raw_reward=raw, done=done,
        agent_status=status, model_calls=report.model_calls, prompt_tokens=report.prompt_tokens,
        completion_tokens=report.completion_tokens, seconds=round(seconds, 3), actions=watch.actions,
        error=error, utterance=utterance, answer=report.answer, reason=state.reason if state else "",
        unconfirmed=report.unconfirmed,
    )
