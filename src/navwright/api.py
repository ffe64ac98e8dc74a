"""The Python API: `await navwright.api.run(task, url=...) -> RunResult`.

Settings come from the config file, then $NAVWRIGHT_* variables, then these arguments (see
navwright.config); the run is built by navwright.build (planner and navigator may differ; both
default to the embedded model). Failures to start (bad config, no browser, no model) come back as a
failed RunResult with one line that says what to do, never as a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from playwright.async_api import BrowserContext, Page
from pydantic import ValidationError

from navwright.agent.events import EventSink
from navwright.agent.navigator import SkillSource
from navwright.agent.outcomes import RunResult
from navwright.agent.settings import RunSettings
from navwright.agent.user import UserChannel
from navwright.browser.chromium import BrowserSettings
from navwright.build import run_task
from navwright.config import ConfigError, Settings, load_settings


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


def run_overrides(
    *, model: str | None = None, planner_model: str | None = None, navigator_model: str | None = None,
    headed: bool | None = None, max_steps: int | None = None, yes: bool | None = None,
    allowed_domains: Sequence[str] = (), profile: str | None = None, cdp: str | None = None,
) -> dict[str, object]:  # fmt: skip
    """Dotted settings keys for the arguments that were given (None and empty mean "not given")."""
    out: dict[str, object] = {}
    if model:
        out["models.planner"] = out["models.navigator"] = model
    if planner_model:
        out["models.planner"] = planner_model
    if navigator_model:
        out["models.navigator"] = navigator_model
    if headed is not None:
        out["browser.headless"] = not headed
    if max_steps is not None:
        out["run.max_steps"] = max_steps
    if yes:
        out["run.yes"] = True
    if allowed_domains:
        out["run.allowed_domains"] = list(allowed_domains)
    if profile:
        out["browser.profile"] = profile
    if cdp:
        out["browser.cdp_url"] = cdp
    return out


async def run(
    task: str,
    *,
    url: str | None = None,
    model: str | None = None,
    planner_model: str | None = None,
    navigator_model: str | None = None,
    headed: bool | None = None,
    max_steps: int | None = None,
    yes: bool | None = None,
    secrets: Mapping[str, str] | None = None,
    allowed_domains: Sequence[str] = (),
    profile: str | None = None,
    page: Page | None = None,
    context: BrowserContext | None = None,
    settings: RunSettings | None = None,
    browser: BrowserSettings | None = None,
    sink: EventSink | None = None,
    user: UserChannel | None = None,
    skill_source: SkillSource | None = None,
    site_apis: bool = True,
    config: Path | Settings | None = None,
) -> RunResult:
    """Run one task end to end. `user=None` makes the run non-interactive.

    `settings` and `browser` replace those sections of the loaded settings; the other arguments
    override single keys. `config` is a config file to read instead of the default one, or ready
    Settings (then neither the file nor the environment is read). `profile` names the browser profile
    whose cookies and storage the run starts from and keeps (not `settings.profile`, the person's
    facts). `page` or `context` runs in the caller's own Playwright browser: navwright drives that tab
    (or a new tab of that context) and closes nothing it did not open.
    """
    overrides = run_overrides(
        model=model, planner_model=planner_model, navigator_model=navigator_model, headed=headed,
        max_steps=max_steps, yes=yes, allowed_domains=allowed_domains, profile=profile,
    )  # fmt: skip
    try:
        loaded = _settings(config, settings, browser, overrides)
    except ConfigError as exc:
        return RunResult(status="failed", error=str(exc))
    return await run_task(
        loaded, task, url=url, sink=sink, user=user, secrets=secrets, skill_source=skill_source,
        site_apis=site_apis, page=page, context=context,
    )  # fmt: skip


def _settings(
    config: Path | Settings | None, run: RunSettings | None, browser: BrowserSettings | None,
    overrides: Mapping[str, object],
) -> Settings:  # fmt: skip
    base = config if isinstance(config, Settings) else load_settings(config).settings
    updated = base.model_copy(update={"run": run or base.run, "browser": browser or base.browser}, deep=True)
    return apply_overrides(updated, overrides)


def apply_overrides(settings: Settings, overrides: Mapping[str, object]) -> Settings:
    """`settings` with dotted keys (from `run_overrides`) set; ConfigError in words when one is bad."""
    data = settings.model_dump()
    for key, value in overrides.items():
        *parents, last = key.split(".")
        node = data
        for part in parents:
            node = node[part]
        node[last] = value
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ConfigError(".".join(str(p) for p in first["loc"]) + ": " + first["msg"]) from None
