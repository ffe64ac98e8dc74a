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
from typing import TypedDict, Unpack

from pydantic import ValidationError

from navwright.agent.outcomes import RunResult
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import RunIO, TaskRequest
from navwright.browser.chromium import BrowserSettings
from navwright.build import Given, run_task
from navwright.config import ConfigError, Settings, load_settings

__all__ = ["Given", "RunIO", "RunOptions", "apply_overrides", "parse_secrets", "run", "run_overrides"]


class Overrides(TypedDict, total=False):
    """Single settings keys, as `navwright run`'s flags set them (None and empty mean "not given")."""

    model: str | None
    planner_model: str | None
    navigator_model: str | None
    headed: bool | None
    max_steps: int | None
    yes: bool | None
    allowed_domains: Sequence[str]
    profile: str | None
    cdp: str | None
    timeout_s: float | None
    """Seconds the whole run may take (run.timeout_s)."""
    without: Sequence[str]
    """Named rules switched off (agent/rules.py)."""


class RunOptions(Overrides, total=False):
    """What `run` takes besides the task: the flags above, the secrets (NAME -> value) and whole
    settings sections that replace the loaded ones."""

    secrets: Mapping[str, str] | None
    settings: RunSettings | None
    browser: BrowserSettings | None


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
        elif not value.strip():
            raise ValueError(f"secret {name} is empty ({item.strip()!r}): give its value as {name}=VALUE, "
                             f"or only {name} to read it from ${name}")  # fmt: skip
        secrets[name] = value
    return secrets


_KEYS = {
    "planner_model": "models.planner", "navigator_model": "models.navigator", "max_steps": "run.max_steps",
    "profile": "browser.profile", "cdp": "browser.cdp_url", "timeout_s": "run.timeout_s",
}  # fmt: skip


def run_overrides(**given: Unpack[Overrides]) -> dict[str, object]:
    """Dotted settings keys for the arguments that were given (None and empty mean "not given")."""
    return overrides_of(given)


def overrides_of(given: Overrides) -> dict[str, object]:
    """`run_overrides` for a ready mapping (other keys of a RunOptions are left to the caller)."""
    values: dict[str, object] = dict(given)
    out: dict[str, object] = {}
    if values.get("model"):
        out["models.planner"] = out["models.navigator"] = values["model"]
    for name, key in _KEYS.items():
        if name in values and values[name] not in (None, ""):
            out[key] = values[name]
    if given.get("headed") is not None:
        out["browser.headless"] = not given.get("headed")
    if given.get("yes"):
        out["run.yes"] = True
    if given.get("allowed_domains"):
        out["run.allowed_domains"] = list(given.get("allowed_domains", ()))
    if given.get("without"):
        out["run.without"] = list(given.get("without", ()))
    return out


async def run(
    task: str, *, url: str | None = None, config: Path | Settings | None = None, io: RunIO | None = None,
    given: Given | None = None, **options: Unpack[RunOptions],
) -> RunResult:  # fmt: skip
    """Run one task end to end. `io=RunIO(sink=..., user=...)`: where events go and who answers
    questions (no user makes the run non-interactive).

    `options` are `navwright run`'s flags (`model`, `planner_model`, `navigator_model`, `headed`,
    `max_steps`, `yes`, `allowed_domains`, `profile`, `cdp`, `timeout_s`, `secrets`); a run past
    `timeout_s` seconds (default: the `run.timeout_s` setting, 600) ends as failed, saying what it did.
    `settings` and `browser` replace those sections of the loaded settings. `config` is a config file
    to read instead of the default one, or ready Settings (then neither the file nor the environment is
    read). `profile` names
    the browser profile whose cookies and storage the run starts from and keeps (not
    `settings.profile`, the person's facts). `given=Given(page=...)` or `Given(context=...)` runs in the
    caller's own Playwright browser: navwright drives that tab (or a new tab of that context) and
    closes nothing it did not open; `Given(sites=False)` turns off the site's own functions.
    """
    secrets = options.get("secrets") or {}
    try:
        loaded = _settings(config, options.get("settings"), options.get("browser"), overrides_of(options))
    except ConfigError as exc:
        return RunResult(status="failed", error=str(exc))
    return await run_task(loaded, TaskRequest(task=task, url=url, secrets=dict(secrets)), io, given)


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
