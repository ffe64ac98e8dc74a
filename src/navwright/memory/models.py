"""What memory keeps, as pydantic models: the export file's format is these models as JSON.

Templated text holds `{{$N}}` where the request's N-th value stood (values typed that the request
named), and `{{NAME}}` where a secret stood: memory never holds a secret's value.
"""

from __future__ import annotations

import json
import time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

WorkflowStatus = Literal["learning", "served", "demoted"]
SERVE_AFTER = 2
"""Successes before a workflow is replayed (a noisy small model's one lucky run is not law)."""
DEMOTE_AFTER = 2
"""Failed replays after which a workflow is no longer replayed."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Descriptor(_Strict):
    """An element as a person would point at it, to find it again on a later visit (ids change)."""

    role: str
    name: str = ""
    label: str = ""
    """The text of its <label>, aria-labelledby or placeholder."""
    near: str = ""
    """The closest text before it: a heading, a list item's or a table row's text."""
    form: str = ""
    """Its form's name, id or action; "" outside a form."""
    index_in_form: int | None = None
    """Its place among its form's fields and buttons (0-based)."""
    index_in_list: int | None = None
    """Its list item's or table row's place in the list (0-based)."""
    tag: str = ""
    html_id: str = ""
    html_name: str = ""
    input_type: str = ""


class Effect(_Strict):
    """What the page visibly did after an action (from its change report)."""

    navigated: bool = False
    path: str = ""
    """The URL path after the action, when it navigated."""
    new_tab: bool = False
    dialog: bool = False
    appeared_text: list[str] = Field(default_factory=list)
    """Information lines that appeared (templated), at most three."""
    visible: bool = False


class LearnedAction(_Strict):
    skill: str
    params: dict[str, Any] = Field(default_factory=dict)
    """Templated parameters; an element parameter is left out (the target says which element)."""
    element_param: str = ""
    target: Descriptor | None = None
    effect: Effect = Field(default_factory=Effect)


class LearnedStep(_Strict):
    """A web step the planner verified: its request and the actions that did it."""

    id: str = ""
    site: str
    """The origin the step began on (scheme://host:port)."""
    task: str = ""
    """The person's request (templated) the step was part of."""
    request: str
    """The step's request (templated)."""
    values: list[str] = Field(default_factory=list)
    """The values `{{$1}}`, `{{$2}}`... stood for when it was learned."""
    actions: list[LearnedAction] = Field(default_factory=list)
    answer: str = ""
    changed_state: bool = False
    run_id: str = ""
    ts: float = Field(default_factory=time.time)


class Quoted(_Strict):
    """A line a verdict quoted for an answer: the URL path of its page and the quote (templated)."""

    path: str
    quote: str


class Workflow(_Strict):
    """A whole request that succeeded: its verified steps, replayed with no model when served."""

    id: str = ""
    site: str
    task: str
    """The request as a template: `Sign up as {{$1}} {{$2}}`."""
    values: list[str] = Field(default_factory=list)
    steps: list[LearnedStep] = Field(default_factory=list)
    answer: str = ""
    successes: int = 1
    failures: int = 0
    replays: int = 0
    status: WorkflowStatus = "learning"
    taught: bool = False
    """Shown by a person (`navwright teach`), not learned from a run: served from the start."""
    verdict: list[str] = Field(default_factory=list)
    """The checks of the run's verdict that admitted it ("change_shown: a page showed the change…")."""
    evidence: list[Quoted] = Field(default_factory=list)
    """The lines that verdict quoted for the answer: a replay that sees them again may let the verdict
    stand for its own answer (replay.Replayer.vouched)."""
    ts: float = Field(default_factory=time.time)

    def signature(self) -> list[tuple[str, str, str, str]]:
        """What the workflow does, without the request's values: two runs that did the same have the same
        one. What they typed or chose counts, as templated: two runs that typed different words the
        request never gave (an answer worked out from the page, a code read off it) did not do the same,
        and replaying either one's words would be wrong."""
        return [(a.skill, a.target.role if a.target else "", a.target.name if a.target else "",
                 json.dumps(a.params, sort_keys=True, default=str))
                for s in self.steps for a in s.actions]


class MemoryFile(_Strict):
    """`navwright memory export` writes this; `import` reads it."""

    format: Literal["navwright-memory"] = "navwright-memory"
    version: Literal[1] = 1
    workflows: list[Workflow] = Field(default_factory=list)
    steps: list[LearnedStep] = Field(default_factory=list)
