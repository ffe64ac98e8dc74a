"""The environment variables that set navwright settings (between the config file and arguments).

Each variable sets one or more dotted settings keys; values are parsed by the settings' own types
(`NAVWRIGHT_MODEL_TIMEOUT=30`, `NAVWRIGHT_HEADED=1`), lists are separated by commas.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel


class EnvVar(BaseModel):
    name: str
    keys: list[str]
    """Dotted settings keys it sets, e.g. `models.timeout`."""
    meaning: str
    kind: str = "text"
    """text, list (comma-separated) or negated (a true value sets the key to false)."""


ENV_VARS = [
    EnvVar(name="NAVWRIGHT_MODEL", keys=["models.planner", "models.navigator"],
           meaning="model spec for planner and navigator"),
    EnvVar(name="NAVWRIGHT_PLANNER_MODEL", keys=["models.planner"], meaning="model spec for the planner"),
    EnvVar(name="NAVWRIGHT_NAVIGATOR_MODEL", keys=["models.navigator"],
           meaning="model spec for the navigator"),
    EnvVar(name="NAVWRIGHT_MODEL_TIMEOUT", keys=["models.timeout"],
           meaning="seconds per OpenAI-compatible request"),
    EnvVar(name="NAVWRIGHT_MODEL_RETRIES", keys=["models.max_retries"],
           meaning="retries of a failed OpenAI-compatible request"),
    EnvVar(name="NAVWRIGHT_CHROMIUM", keys=["browser.executable_path"], meaning="Chromium to launch"),
    EnvVar(name="NAVWRIGHT_PROFILE", keys=["browser.profile"],
           meaning="browser profile whose cookies and storage a run starts from and keeps"),
    EnvVar(name="NAVWRIGHT_HEADED", keys=["browser.headless"], meaning="1: show the browser window",
           kind="negated"),
    EnvVar(name="NAVWRIGHT_MAX_STEPS", keys=["run.max_steps"], meaning="most planner steps"),
    EnvVar(name="NAVWRIGHT_ALLOW_DOMAINS", keys=["run.allowed_domains"],
           meaning="only these domains may be visited (comma-separated)", kind="list"),
    EnvVar(name="NAVWRIGHT_YES", keys=["run.yes"], meaning="1: approve every confirmation"),
]  # fmt: skip
"""Read in this order; a later variable wins (NAVWRIGHT_PLANNER_MODEL over NAVWRIGHT_MODEL)."""

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def _value(var: EnvVar, text: str) -> object:
    if var.kind == "list":
        return [part.strip() for part in text.split(",") if part.strip()]
    if var.kind == "negated":
        low = text.strip().lower()
        return False if low in _TRUE else True if low in _FALSE else text
    return text.strip()


def env_values(environ: Mapping[str, str]) -> list[tuple[str, object, str]]:
    """(dotted key, value, variable name) for every navwright variable set in `environ`."""
    out: list[tuple[str, object, str]] = []
    for var in ENV_VARS:
        text = environ.get(var.name)
        if text is None or (not text.strip() and var.kind != "negated"):
            continue
        out.extend((key, _value(var, text), var.name) for key in var.keys)
    return out
