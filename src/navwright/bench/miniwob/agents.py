"""The adapter that runs navwright's own Agent as a MiniWoB++ EpisodeAgent.

The instruction becomes the task exactly as a person would type it; the task page is already the
current page (no start URL is passed, so nothing reloads it). Confirmations are approved (the
request itself asks for the action) and nobody is there to answer questions.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from navwright.agent.events import EventSink
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.bench.miniwob.episode import AfterAction, AgentReport
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.browser.session import BrowserSession
from navwright.models.base import ChatModel, Message
from navwright.models.config import ModelSpec, load_model_config
from navwright.models.embedded import LlamaRunner
from navwright.models.factory import ModelPool, make_model


class NavwrightEpisodeAgent:
    def __init__(
        self, planner: ChatModel, navigator: ChatModel, settings: RunSettings,
        runners: Sequence[LlamaRunner] = (),
    ) -> None:
        self.planner = planner
        self.navigator = navigator
        self.settings = settings
        self.runners = list(runners)
        """Embedded models to wait for before an episode starts (a timed-out episode's model call
        keeps running in its thread until it ends)."""

    async def ready(self) -> None:
        for runner in self.runners:
            await asyncio.to_thread(_wait_free, runner)

    async def solve(
        self, utterance: str, session: BrowserSession, after_action: AfterAction, sink: EventSink
    ) -> AgentReport:
        agent = Agent(
            utterance, planner=self.planner, navigator=self.navigator, session=session,
            settings=self.settings, sink=sink, after_action=after_action,
        )
        result = await agent.run()
        return AgentReport(
            status=result.status, answer=result.answer, error=result.error, model_calls=result.model_calls,
            prompt_tokens=result.prompt_tokens, completion_tokens=result.completion_tokens,
        )

    async def aclose(self) -> None:
        return None


def _wait_free(runner: LlamaRunner) -> None:
    with runner.lock:
        return


def run_settings(options: MiniwobOptions) -> RunSettings:
    settings = RunSettings(yes=True, interactive=False, max_actions_per_step=options.max_actions)
    if options.max_steps is not None:
        settings.max_steps = options.max_steps
    return settings


async def make_navwright_agent(options: MiniwobOptions) -> NavwrightEpisodeAgent:
    """The default agent factory: models from the specs in `options` (one pool per worker process).

    Embedded models are loaded here, before any episode, so loading never counts as episode time.
    """
    pool = ModelPool(load_model_config(None), progress=False)
    specs = [ModelSpec.parse(s) for s in (options.planner_model or options.model,
                                          options.navigator_model or options.model)]
    planner, navigator = (make_model(s, pool) for s in specs)
    runners: dict[int, LlamaRunner] = {}
    for model, spec in zip((planner, navigator), specs, strict=True):
        runner = pool.runner(spec.path) if spec.kind == "embedded" else None
        if runner is not None and id(runner) not in runners:
            runners[id(runner)] = runner
            await model.complete([Message(role="user", content="Say OK.")], max_tokens=1)
    return NavwrightEpisodeAgent(planner, navigator, run_settings(options), list(runners.values()))
