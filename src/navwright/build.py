"""The one builder: models, browser session, site-function source and Agent, from `Settings`.

`navwright run`, the Python API (`navwright.api.run`), `navwright demo`, the server and the
benchmarks all build their runs here, so a setting means the same everywhere:

    loaded = load_settings(config_path, overrides={"run.max_steps": 4})
    result = await run_task(loaded.settings, TaskRequest(task="task", url=...), RunIO(sink=..., user=...))

or, to hold the Agent while it runs (pause/stop/edit from elsewhere):

    async with open_run(settings, TaskRequest(task="task", url=...)) as agent:
        result = await agent.run()

`Given(page=...)` (a Playwright Page) or `Given(context=...)` (a BrowserContext) runs in a browser the
caller already has; navwright then closes only the tabs it opened.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from playwright.async_api import BrowserContext, Page

from navwright.agent.outcomes import RunResult
from navwright.agent.recall import RunRecall
from navwright.agent.run import Agent
from navwright.agent.wiring import Models, RunIO, SkillSource, TaskRequest, Tools
from navwright.browser.errors import BrowserError
from navwright.browser.session import BrowserSession
from navwright.config.settings import Settings
from navwright.deadline import Deadline, RunProgress
from navwright.memory import MemoryStore, RunMemory
from navwright.models.base import ModelError
from navwright.models.factory import ModelPool, make_model

__all__ = ["Given", "Models", "RunIO", "TaskRequest", "build_agent", "make_models", "open_run", "run_task"]


@dataclass(frozen=True)
class Given:
    """What the caller already has and lends the run: its models (else made from the settings), its
    own Playwright tab or context (else navwright's browser), the site-function source (True: the
    default one, fenced by the run's allowed domains; False: none) and the memory store."""

    models: Models | None = None
    page: Page | None = None
    context: BrowserContext | None = None
    sites: SkillSource | bool = True
    memory: MemoryStore | None = None
    """The store of verified work the run learns from and replays (None: the run neither learns nor
    recalls)."""
    recall: RunRecall | None = None
    """The run's memory, made by the caller (a benchmark whose judge, not the run, says whether it
    succeeded: `RunMemory(..., use=MemoryUse(judged=True))`); used instead of one made from `memory`."""


def make_models(settings: Settings, pool: ModelPool | None = None, *, progress: bool = True) -> Models:
    """Both models of `settings.models` (one loaded copy when both are the same embedded file).
    Raises ModelError, ValueError or OSError when one cannot be made."""
    pool = pool or ModelPool(settings.models, progress=progress)
    config = settings.models
    return Models(make_model(config.planner, pool), make_model(config.navigator, pool), pool)


class ModelShelf:
    """A worker's models, made once per model spec from one pool and shared by its runs."""

    def __init__(self, settings: Settings) -> None:
        self._pool = ModelPool(settings.models, progress=False)
        self._made: dict[str, Models] = {}

    def get(self, settings: Settings) -> Models:
        """The models of `settings`; raises ModelError, ValueError or OSError when one cannot be made."""
        key = f"{settings.models.planner}|{settings.models.navigator}"
        if key not in self._made:
            self._made[key] = make_models(settings, self._pool, progress=False)
        return self._made[key]

    def clear(self) -> None:
        self._made.clear()


def run_settings_for(settings: Settings, *, interactive: bool) -> Settings:
    """A copy whose browser fence is the run's allowed domains and whose run knows if a person is there."""
    out = settings.model_copy(deep=True)
    domains = list(out.run.allowed_domains or out.browser.allowed_domains)
    out.run.allowed_domains = domains
    out.run.interactive = interactive
    out.browser = out.browser.model_copy(update={"allowed_domains": domains})
    return out


def site_source(settings: Settings) -> SkillSource | None:
    """The site-function source, fenced by the run's allowed domains (discovery fetches included)."""
    try:
        from navwright.browser.skills import default_registry
        from navwright.sites import SiteSkillSource
    except ImportError:
        return None
    reserved = [s.name for s in default_registry()]
    source: SkillSource = SiteSkillSource(reserved=reserved, allowed_domains=settings.run.allowed_domains)
    return source


def _recall(settings: Settings, request: TaskRequest, given: Given) -> RunRecall | None:
    """The run's memory: the one given, else one over the given store; none when the `memory`
    setting is off."""
    if not settings.run.memory:
        return None
    if given.recall is not None:
        return given.recall
    if given.memory is None:
        return None
    return RunMemory(given.memory, request.task, request.url, request.secrets)


def _sites(settings: Settings, choice: SkillSource | bool) -> SkillSource | None:
    if isinstance(choice, bool):
        return site_source(settings) if choice else None
    return choice


def build_agent(
    settings: Settings, request: TaskRequest, models: Models, tools: Tools, io: RunIO | None = None
) -> Agent:
    """An Agent over an open session (`tools`), with the run's settings fenced as `run_settings_for`."""
    io = io or RunIO()
    settings = run_settings_for(settings, interactive=io.user is not None)
    return Agent(request, models, tools, settings.run, io)


@asynccontextmanager
async def open_run(
    settings: Settings, request: TaskRequest, io: RunIO | None = None, given: Given | None = None
) -> AsyncIterator[Agent]:
    """Make the models (unless given), launch the browser (or take the given page/context), yield the
    Agent; what was opened closes after. Raises ModelError/ValueError/OSError (models) or BrowserError
    (browser) when they cannot start."""
    io, given = io or RunIO(), given or Given()
    settings = run_settings_for(settings, interactive=io.user is not None)
    models = given.models or make_models(settings)
    async with BrowserSession(settings.browser, page=given.page, context=given.context) as session:
        tools = Tools(session, sites=_sites(settings, given.sites), memory=_recall(settings, request, given))
        yield build_agent(settings, request, models, tools, io)


async def run_task(
    settings: Settings, request: TaskRequest, io: RunIO | None = None, given: Given | None = None
) -> RunResult:
    """Run one task end to end, within `settings.run.timeout_s` seconds (the time the person takes to
    answer a question aside). Failures to start (no model, no browser) and a run past its time come
    back as a failed RunResult whose `error` is one line saying what went wrong (and what the run had
    done), never as an exception."""
    given = given or Given()
    try:
        models = given.models or make_models(settings)
    except (ModelError, ValueError, OSError) as exc:
        return RunResult(status="failed", error=f"could not load the model: {exc}")
    io = io or RunIO()
    deadline, progress = Deadline(settings.run.timeout_s), RunProgress(request.run_id, io.sink)
    timed = replace(io, sink=progress, user=deadline.user(io.user))
    try:
        return await deadline.run(_run_open(settings, request, timed, replace(given, models=models)))
    except TimeoutError:  # the whole-run deadline (run.timeout_s): failed, saying what it had done
        return progress.end(deadline.words())


async def _run_open(settings: Settings, request: TaskRequest, io: RunIO, given: Given) -> RunResult:
    try:
        async with open_run(settings, request, io, given) as agent:
            return await agent.run()
    except BrowserError as exc:
        return RunResult(status="failed", error=f"the browser did not start: {exc}")
