"""The Python API: `await navwright.api.run(task, url=...) -> RunResult`.

Builds the models (planner and navigator may differ; both default to the embedded model), a browser
session and an Agent, runs the task and returns its RunResult. Failures to start (no browser, no
model) come back as a failed RunResult with one line that says what to do, never as a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from navwright.agent.events import EventSink
from navwright.agent.navigator import SkillSource
from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.user import UserChannel
from navwright.browser.chromium import BrowserSettings
from navwright.browser.errors import BrowserError
from navwright.browser.session import BrowserSession
from navwright.models.base import ChatModel, ModelError


def parse_secrets(items: Sequence[str], env: Mapping[str, str] | None = None) -> dict[str, str]:
    """`NAME=VALUE` pairs; a bare `NAME` takes $NAME (or $NAVWRIGHT_SECRET_NAME) from the environment."""
    environ = os.environ if env is None else env
    secrets: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not name.isidentifier():
            raise ValueError(f"secret names are letters, digits and _: {name!r}")
        if not sep:
            value = environ.get(name) or environ.get(f"NAVWRIGHT_SECRET_{name}") or ""
            if not value:
                raise ValueError(f"secret {name} has no value: pass {name}=VALUE or set ${name}")
        secrets[name] = value
    return secrets


async def run(
    task: str,
    *,
    url: str | None = None,
    model: str = "embedded",
    planner_model: str | None = None,
    navigator_model: str | None = None,
    headed: bool = False,
    max_steps: int | None = None,
    yes: bool = False,
    secrets: Mapping[str, str] | None = None,
    allowed_domains: Sequence[str] = (),
    settings: RunSettings | None = None,
    browser: BrowserSettings | None = None,
    sink: EventSink | None = None,
    user: UserChannel | None = None,
    skill_source: SkillSource | None = None,
    site_apis: bool = True,
) -> RunResult:
    """Run one task end to end. `user=None` makes the run non-interactive."""
    run_settings = (settings or RunSettings()).model_copy(deep=True)
    run_settings.yes = yes or run_settings.yes
    run_settings.interactive = user is not None
    if max_steps is not None:
        run_settings.max_steps = max_steps
    if allowed_domains:
        run_settings.allowed_domains = list(allowed_domains)
    browser_settings = (browser or BrowserSettings()).model_copy(
        update={"headless": not headed, "allowed_domains": list(run_settings.allowed_domains)}
    )
    try:
        default = model or "embedded"
        planner, navigator = _models(planner_model or default, navigator_model or default)
    except (ModelError, ValueError, OSError) as exc:
        return RunResult(status="failed", error=f"could not load the model: {exc}")
    fence = run_settings.allowed_domains
    source = skill_source if skill_source is not None else (_site_source(fence) if site_apis else None)
    try:
        async with BrowserSession(browser_settings) as session:
            agent = Agent(
                task, planner=planner, navigator=navigator, session=session, settings=run_settings,
                sink=sink, user=user, secrets=secrets, url=url, skill_source=source,
            )
            return await agent.run()
    except BrowserError as exc:
        return RunResult(status="failed", error=str(exc))


def _models(planner_spec: str, navigator_spec: str) -> tuple[ChatModel, ChatModel]:
    from navwright.models.factory import ModelPool, make_model

    pool = ModelPool()
    return make_model(planner_spec, pool), make_model(navigator_spec, pool)


def _site_source(allowed_domains: Sequence[str] = ()) -> SkillSource | None:
    try:
        from navwright.sites import SiteSkillSource
    except ImportError:
        return None
    source: SkillSource = SiteSkillSource(allowed_domains=allowed_domains)
    return source
