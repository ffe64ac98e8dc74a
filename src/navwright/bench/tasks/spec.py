"""What a site and a task of the development suite are (`navwright bench tasks`).

A site module (`navwright.bench.tasks.sites.<name>`) exposes `SITE: SiteSpec`. `SITE.create()` builds a
fresh, deterministic instance (its `App` and its server-side state); each task runs on a fresh instance.
A task is judged by its `check`, from the instance's server state and the final answer against the
site's data, never from the agent's own status.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from navwright.bench.tasks.web import App

TaskKind = Literal["lookup", "multi", "action"]
"""lookup: a short look-up on one or two pages; multi: a look-up that needs search, filters, sorting,
pagination or comparing; action: a change of state (order, booking, reply, settings)."""


@dataclass
class Verdict:
    ok: bool
    why: str


@dataclass
class SiteInstance:
    app: App
    state: Any
    """The site's server-side state, read by the checks (orders placed, messages sent, settings...)."""


@dataclass
class TaskSpec:
    id: str
    """`<site>-<short-name>`, unique in the suite."""
    kind: TaskKind
    request: str
    """The task as a person would type it."""
    check: Callable[[SiteInstance, str], Verdict]
    """(instance after the run, the agent's final answer) -> verdict."""
    start: str = "/"
    """Path of the start page."""
    secrets: dict[str, str] = field(default_factory=dict)
    """Secrets passed to the run (`--secret NAME=VALUE`), e.g. a login password."""
    profile: str = ""
    """What the agent knows about the person (name, address...), when the task needs it."""


@dataclass
class SiteSpec:
    name: str
    kind: str
    """What kind of site it is, in words ("shop", "flight booking", "webmail"...)."""
    create: Callable[[], SiteInstance]
    tasks: list[TaskSpec]


def answer_has(answer: str, *needles: str) -> bool:
    """Every needle appears in the answer, ignoring case, spaces and thousands separators."""
    flat = _flat(answer)
    return all(_flat(n) in flat for n in needles)


def _flat(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch not in " ,\u00a0").replace("$", "")
