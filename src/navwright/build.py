"""The one builder: models, browser session, site-function source and Agent, from `Settings`.

`navwright run`, the Python API (`navwright.api.run`), `navwright demo` and the benchmarks all build
their runs here, so a setting means the same everywhere:

    loaded = load_settings(config_path, overrides={"run.max_steps": 4})
    result = await run_task(loaded.settings, "task", url=..., sink=..., user=...)

or, to hold the Agent while it runs (pause/stop/edit from elsewhere):

    async with open_run(settings, "task", url=...) as agent:
        result = await agent.run()

`page=` (a Playwright Page) or `context=` (a BrowserContext) runs in a browser the caller already
has; navwright then closes only the tabs it opened.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from playwright.async_api import BrowserContext, Page

from navwright.agent.events import EventSink
from navwright.agent.navigator import SkillSource
from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.user import UserChannel
from navwright.browser.errors import BrowserError
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult
from navwright.config.settings import Settings
from navwright.models.base import ChatModel, ModelError
from navwright.models.factory import ModelPool, make_model

AfterAction = Callable[[ActionResult], Awaitable[bool]]


@dataclass
class Models:
    """The planner's and the navigator's models, and the pool that holds their embedded weights."""

    planner: ChatModel
    navigator: ChatModel
    pool: ModelPool = field(default_factory=ModelPool, repr=False)


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


def build_agent(
    settings: Settings, task: str, *, models: Models, session: BrowserSession,
    sink: EventSink | None = None, user: UserChannel | None = None, secrets: Mapping[str, str] | None = None,
    url: str | None = None, skill_source: SkillSource | None = None, site_apis: bool = True,
    after_action: AfterAction | None = None, run_id: str | None = None,
) -> Agent:  # fmt: skip
    """An Agent over an open session. `skill_source` None with `site_apis` gets the fenced site source."""
    settings = run_settings_for(settings, interactive=user is not None)
    if skill_source is None and site_apis:
        skill_source = site_source(settings)
    return Agent(
        task, planner=models.planner, navigator=models.navigator, session=session, settings=settings.run,
        sink=sink, user=user, secrets=secrets, url=url, skill_source=skill_source, after_action=after_action,
        run_id=run_id,
    )  # fmt: skip


@asynccontextmanager
async def open_run(
    settings: Settings, task: str, *, url: str | None = None, sink: EventSink | None = None,
    user: UserChannel | None = None, secrets: Mapping[str, str] | None = None, models: Models | None = None,
    skill_source: SkillSource | None = None, site_apis: bool = True,
    page: Page | None = None, context: BrowserContext | None = None, run_id: str | None = None,
) -> AsyncIterator[Agent]:  # fmt: skip
    """Make the models (unless given), launch the browser (or take `page`/`context`), yield the Agent;
    what was opened closes after. Raises ModelError/ValueError/OSError (models) or BrowserError
    (browser) when they cannot start."""
    settings = run_settings_for(settings, interactive=user is not None)
    models = models or make_models(settings)
    async with BrowserSession(settings.browser, page=page, context=context) as session:
        yield build_agent(
            settings, task, models=models, session=session, sink=sink, user=user, secrets=secrets, url=url,
            skill_source=skill_source, site_apis=site_apis, run_id=run_id,
        )  # fmt: skip


async def run_task(
    settings: Settings, task: str, *, url: str | None = None, sink: EventSink | None = None,
    user: UserChannel | None = None, secrets: Mapping[str, str] | None = None, models: Models | None = None,
    skill_source: SkillSource | None = None, site_apis: bool = True,
    page: Page | None = None, context: BrowserContext | None = None,
) -> RunResult:  # fmt: skip
    """Run one task end to end. Failures to start (no model, no browser) come back as a failed
    RunResult whose `error` is one line saying what went wrong, never as an exception."""
    try:
        models = models or make_models(settings)
    except (ModelError, ValueError, OSError) as exc:
        return RunResult(status="failed", error=f"could not load the model: {exc}")
    try:
        async with open_run(
            settings, task, url=url, sink=sink, user=user, secrets=secrets, models=models,
            skill_source=skill_source, site_apis=site_apis, page=page, context=context,
        ) as agent:  # fmt: skip
            return await agent.run()
    except BrowserError as exc:
        return RunResult(status="failed", error=f"the browser did not start: {exc}")
