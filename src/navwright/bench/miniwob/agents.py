"""The adapter that runs navwright's own Agent as a MiniWoB++ EpisodeAgent.

The instruction becomes the task exactly as a person would type it; the task page is already the
current page (no start URL is passed, so nothing reloads it). Confirmations are approved (the
request itself asks for the action) and nobody is there to answer questions.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from navwright.agent.events import EventSink
from navwright.agent.wiring import Tools
from navwright.bench.miniwob.episode import AfterAction, AgentReport, EpisodeOutcome
from navwright.bench.miniwob.memory import BenchMemory, bench_memory
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.browser.session import BrowserSession
from navwright.build import Models, RunIO, TaskRequest, build_agent, make_models
from navwright.config import Settings, load_settings
from navwright.memory import RunMemory
from navwright.models.base import Message
from navwright.models.embedded import LlamaRunner


class NavwrightEpisodeAgent:
    def __init__(self, models: Models, settings: Settings, runners: Sequence[LlamaRunner] = (),
                 memory: BenchMemory | None = None) -> None:
        self.models = models
        self.settings = settings
        self.runners = list(runners)
        """Embedded models to wait for before an episode starts (a timed-out episode's model call
        keeps running in its thread until it ends)."""
        self.memory = memory
        self._recall: RunMemory | None = None
        """The episode's memory, until the page's reward judges it."""

    async def ready(self) -> None:
        for runner in self.runners:
            await asyncio.to_thread(_wait_free, runner)

    async def solve(
        self, utterance: str, session: BrowserSession, after_action: AfterAction, sink: EventSink
    ) -> AgentReport:
        io = RunIO(sink=sink, after_action=after_action)
        store = self.memory
        self._recall = RunMemory(store.store, utterance, session.page.url, use=store.use) if store else None
        tools = Tools(session, memory=self._recall)
        agent = build_agent(self.settings, TaskRequest(task=utterance), self.models, tools, io)
        result = await agent.run()
        return AgentReport(
            status=result.status,
            answer=result.answer,
            error=result.error,
            model_calls=result.model_calls,
            prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens,
            unconfirmed=[c.name for c in result.checks if not c.ok],
        )

    async def judged(self, outcome: EpisodeOutcome) -> None:
        if self._recall is not None:
            self._recall.judge(outcome.success)
            self._recall = None

    async def aclose(self) -> None:
        if self.memory is not None:
            self.memory.store.close()


def _wait_free(runner: LlamaRunner) -> None:
    with runner.lock:
        return


def run_settings(options: MiniwobOptions) -> Settings:
    """The settings (config file, environment) with the benchmark's options on top: confirmations
    approved, nobody to ask, the options' models and limits."""
    overrides: dict[str, object] = {
        "run.yes": True, "run.max_actions_per_step": options.max_actions,
        "models.planner": options.planner_model or options.model,
        "models.navigator": options.navigator_model or options.model,
    }  # fmt: skip
    if options.max_steps is not None:
        overrides["run.max_steps"] = options.max_steps
    if options.without:
        overrides["run.without"] = list(options.without)
    return load_settings(overrides=overrides).settings


async def make_navwright_agent(options: MiniwobOptions) -> NavwrightEpisodeAgent:
    """The default agent factory: models from the specs in `options` (one pool per worker process).

    Embedded models are loaded here, before any episode, so loading never counts as episode time.
    """
    settings = run_settings(options)
    memory = bench_memory(options)
    models = make_models(settings, progress=False)
    runners: dict[int, LlamaRunner] = {}
    specs = (settings.models.planner, settings.models.navigator)
    for model, spec in zip((models.planner, models.navigator), specs, strict=True):
        runner = models.pool.runner(spec.path) if spec.kind == "embedded" else None
        if runner is not None and id(runner) not in runners:
            runners[id(runner)] = runner
            await model.complete([Message(role="user", content="Say OK.")], max_tokens=1)
    return NavwrightEpisodeAgent(models, settings, list(runners.values()), memory)
