"""Scripted episode agents for the harness tests: they read the page like a person (roles and
visible names through Playwright), never the task's globals, and act through the browser."""

from __future__ import annotations

import os
import re

from navwright.agent.events import EventSink
from navwright.bench.miniwob.episode import AfterAction, AgentReport, EpisodeOutcome
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult


def wanted_label(utterance: str) -> str | None:
    """The quoted button name in 'Click on the "Submit" button.', or None (click-test)."""
    match = re.search(r'"([^"]+)"', utterance)
    return match.group(1) if match else None


class ButtonClicker:
    """Clicks the button the request names (the only one on click-test), `clicks` times at most.

    With `wrong=True` it clicks a button other than the one asked for.
    """

    def __init__(self, *, clicks: int = 1, wrong: bool = False) -> None:
        self.clicks = clicks
        self.wrong = wrong
        self.attempted = 0

    async def solve(
        self, utterance: str, session: BrowserSession, after_action: AfterAction, sink: EventSink
    ) -> AgentReport:
        for _ in range(self.clicks):
            names = [(await b.inner_text()).strip() for b in await session.page.get_by_role("button").all()]
            target = self._choose(names, wanted_label(utterance))
            if target is None:
                return AgentReport(status="failed", error="no button to click")
            self.attempted += 1
            await session.page.get_by_role("button", name=target, exact=True).first.click(timeout=2000)
            if await after_action(ActionResult(action="click", ok=True, detail=f"clicked {target}")):
                return AgentReport(status="stopped")
        return AgentReport(status="success", answer="clicked")

    def _choose(self, names: list[str], wanted: str | None) -> str | None:
        names = [n for n in names if n]
        if not names:
            return None
        if wanted is None:
            return names[0]
        others = [n for n in names if n != wanted]
        if self.wrong:
            return others[0] if others else None
        return wanted if wanted in names else None

    async def ready(self) -> None:
        return None

    async def judged(self, outcome: EpisodeOutcome) -> None:
        return None

    async def aclose(self) -> None:
        return None


class Idle:
    """Does nothing and says it succeeded: an oblivious agent."""

    async def solve(
        self, utterance: str, session: BrowserSession, after_action: AfterAction, sink: EventSink
    ) -> AgentReport:
        return AgentReport(status="success", answer="done", model_calls=1, prompt_tokens=10)

    async def ready(self) -> None:
        return None

    async def judged(self, outcome: EpisodeOutcome) -> None:
        return None

    async def aclose(self) -> None:
        return None


async def make_clicker(options: MiniwobOptions) -> ButtonClicker:
    return ButtonClicker()


class Crasher:
    """Kills its own process on its first episode, as a segfaulting model would."""

    async def solve(
        self, utterance: str, session: BrowserSession, after_action: AfterAction, sink: EventSink
    ) -> AgentReport:
        os._exit(3)

    async def ready(self) -> None:
        return None

    async def judged(self, outcome: EpisodeOutcome) -> None:
        return None

    async def aclose(self) -> None:
        return None


async def make_crasher(options: MiniwobOptions) -> Crasher:
    return Crasher()


def element_id(prompt: str, pattern: str) -> str:
    """The id of the first element line of a model's prompt that matches `pattern` (a regex)."""
    for line in prompt.splitlines():
        found = re.search(r"\[([^\]]+)\]", line)
        if found and re.search(pattern, line):
            return found.group(1)
    raise AssertionError(f"no line like {pattern!r} in the prompt:\n{prompt}")
