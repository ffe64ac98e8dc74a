"""What happened so far in a navigator step, and the facts the step's rules read off an action and its
result (its name and key, whether it answers, what the page did)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, TypeGuard

from pydantic import BaseModel

from navwright.agent.actions import (
    RISKY_NOTE,
    FinishAction,
    Menu,
    Spent,
    action_params,
    element_ref,
    typed_values,
)
from navwright.agent.feedback import answered_against, missed
from navwright.agent.grounding import Evidence
from navwright.agent.history import Entry
from navwright.agent.modelcall import short
from navwright.agent.named import Named
from navwright.agent.outcomes import StepReport
from navwright.agent.task.request import StepRequest
from navwright.agent.text import reports
from navwright.agent.text.notes import summary as summary_of
from navwright.agent.trail import Trail
from navwright.browser.skills.base import Skill
from navwright.browser.types import ActionResult, ElementInfo, Observation, SkillAct


@dataclass
class Offered:
    """What the step's menu no longer offers."""

    spent: dict[str, Spent] = field(default_factory=dict)
    """Per URL, the presses that worked, and the key skill once a key press there changed nothing (the
    result said "Nothing on the page changed.")."""
    trail: Trail = field(default_factory=Trail)
    """The elements the step has seen, to leave out those gone stale."""


@dataclass
class SiteMode:
    """Whether the step works with the site's published functions or with the page itself."""

    page: bool = False
    """False while the page publishes site functions and the step has not left them: the menu is then
    those functions only (one call instead of many clicks); `use_the_page`, two failed function calls
    or a `finish failed` open the page's own links, buttons and fields."""
    failures: int = 0
    """Site function calls that failed in this step."""

    def failed(self) -> None:
        """A site function failed: after two, the page's own controls are offered too."""
        self.failures += 1
        self.page = self.page or self.failures >= 2


@dataclass
class Ending:
    """How the model's finishes went in this step."""

    only_finish: bool = False
    """The model's whole last batch was already done: the next call may only finish the step."""
    rejected: int = 0
    """Finishes turned back because their answer named facts no page showed."""


@dataclass
class CodeSet:
    """The fields code set in this step."""

    labels: set[str] = field(default_factory=set)
    """The labels of the fields the form procedure set (its boxes and choices stand)."""
    kept: dict[str, str] = field(default_factory=dict)
    """Per field id, how code set it ("read off the page…"): what stands (agent/kept.py)."""


@dataclass
class StepState:
    """What happened so far in this step. What a procedure keeps for itself is in that procedure
    (agent/procedures/)."""

    done: list[Entry] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    """How often each (action, result) came, for the loop guard (`stop_reason`)."""
    actions: int = 0
    calls: int = 0
    navigated: bool = False
    last: ActionResult | None = None
    offered: Offered = field(default_factory=Offered)
    site: SiteMode = field(default_factory=SiteMode)
    answered: set[str] = field(default_factory=set)
    """Calls of read-only skills and site functions that worked in this step ("name|params")."""
    ending: Ending = field(default_factory=Ending)
    changes: int = 0
    """Actions of page-changing skills that worked and that the page visibly answered."""
    by_code: CodeSet = field(default_factory=CodeSet)
    followed: set[tuple[str, str]] = field(default_factory=set)
    """(page, label) of each link the model followed in this step (agent/retried.py)."""
    avoid: frozenset[tuple[str, str]] = frozenset()
    """The links a failed step with the same words followed, not offered on their pages again."""


def name_of(action: BaseModel) -> str:
    return str(getattr(action, "name", ""))


def acted_on(
    action: BaseModel, obs: Observation, skills: Mapping[str, Skill], does: str
) -> ElementInfo | None:
    """The element of the page an action of kind `does` ("type", "press") works on; None for another
    kind of action or an element not on the page."""
    skill = skills.get(name_of(action))
    if skill is None or skill.does != does:
        return None
    return next((e for e in obs.elements if e.id == action_params(action).get("element")), None)


def call_key(action: BaseModel) -> str:
    return f"{name_of(action)}|{json.dumps(action_params(action), sort_keys=True, default=str)}"


PLACEHOLDERS = frozenset({"the answer for the person", "where it comes from", "why it cannot be done",
                          "what is missing", "answer", "why"})
"""The words of the prompts' examples, which a small model copies as its answer."""


def says_something(answer: str) -> bool:
    """False for an empty answer and for an example's words copied from a prompt ("...", "the answer for
    the person")."""
    text = answer.strip(" .…\"'")
    return bool(text) and text.lower() not in PLACEHOLDERS


def answers(action: BaseModel) -> TypeGuard[FinishAction]:
    """A finish that reports something."""
    return isinstance(action, FinishAction) and action.status == "done" and says_something(action.answer)


def reacted(result: ActionResult | None) -> bool:
    """The page answered the action visibly (new page, tab, dialog, elements or text)."""
    return result is not None and (changed_page(None, result) or bool(result.appeared_text))


def changed_page(skill: Skill | None, result: ActionResult) -> bool:
    if skill is not None and not skill.changes_page:
        return False
    return bool(result.navigated or result.new_tab or result.dialog or result.appeared)


def refused_as_it_was(result: ActionResult) -> bool:
    """The action failed and the page stayed as the model saw it (no navigation, tab, dialog or element
    change): a refusal such as a disabled button, reported in words only."""
    return not result.ok and not (result.navigated or result.new_tab or result.dialog or result.appeared
                                  or result.disappeared or result.changed)


def remember(action: BaseModel, obs: Observation, result: ActionResult, state: StepState) -> None:
    """A press (click) that worked is not offered again while the page stays at the same URL and its form
    is not typed into again (nor after the page said the try missed: "Incorrect code, try again"), nor is
    the key skill after a key press the page did not answer (the model moves on to the button)."""
    element = action_params(action).get("element")
    url = result.url or obs.url
    spent = state.offered.spent.get(url, Spent())
    if result.ok and not refused(result) and isinstance(element, str):
        if result.does == "press" and missed(result) is None:  # "Incorrect code": it may be pressed again
            spent = replace(spent, presses=spent.presses | {(result.action, element)})
        if result.does == "type":
            spent = replace(spent, presses=_others(spent.presses, element, obs))
    if result.ok and result.does == "key" and not result.visible_change:
        spent = replace(spent, skills=spent.skills | {result.action})
    state.offered.spent[url] = spent


def _others(presses: frozenset[tuple[str, str]], typed: str, obs: Observation) -> frozenset[tuple[str, str]]:
    """The presses that stay spent after a type into `typed`: those of other forms. A form typed into
    again is sent again ("Incorrect password": the password typed anew, "Sign in" pressed again)."""
    form = {e.id: e.form for e in obs.elements}
    return frozenset(p for p in presses if p[1] not in form or form[p[1]] != form.get(typed))


def worked_with(action: BaseModel, obs: Observation) -> tuple[str, ...]:
    """What an action worked with, as a request would name it: its element's name, the option it
    chose, the text it typed."""
    return names_in(action_params(action), obs)


def names_in(params: dict[str, Any], obs: Observation) -> tuple[str, ...]:
    """What an action with these parameters worked with (see `worked_with`)."""
    by_id = {e.id: e for e in obs.elements}
    element = by_id.get(params["element"]) if isinstance(params.get("element"), str) else None
    said = [element.name if element else "", params.get("option"), *typed_values(params)]
    return tuple(v for v in said if isinstance(v, str) and v.strip())


def label_of(action: BaseModel, obs: Observation) -> str:
    """The action as the model writes it, with only the parameters it set:
    `type_text(element="Name #4", text="bob")` (not a dump of every default)."""
    params = action_params(action)
    written = action.model_fields_set - {"name", RISKY_NOTE}
    by_id = {e.id: e for e in obs.elements}
    parts = []
    for key, value in params.items():
        if key not in written:
            continue
        shown: Any = value
        if isinstance(value, str):
            element = by_id.get(value) if key == "element" else None
            shown = short(element_ref(element) if element else value, 60)
        parts.append(f"{key}={json.dumps(shown, default=str)}")
    return f"{name_of(action)}({', '.join(parts)})"


def move_label(name: str, params: Mapping[str, Any], obs: Observation) -> str:
    """A procedure's move as the step's history shows it, its element as the model names it:
    `click(element="Lesotho #3")`."""
    by_id = {e.id: e for e in obs.elements}
    shown = (f"{k}={json.dumps(element_ref(by_id[v]) if k == 'element' and v in by_id else v, default=str)}"
             for k, v in params.items())
    return f"{name}({', '.join(shown)})"


def stutters(action: BaseModel, before: BaseModel, last: ActionResult | None) -> bool:
    """The batch repeats the action it just ran ("click Standard shipping" five times) and that
    action worked but changed nothing visible: running it again would only count as a loop. A click
    that changes something each time (a "+" stepper) is not a stutter."""
    return call_key(action) == call_key(before) and last is not None and last.ok and not last.visible_change


def took(result: ActionResult) -> bool:
    """The page took what the action sent (an order placed, a message sent): the action worked, the
    page answered it, and no field, disabled button or error text refused it ("Place order" clicked on
    a form with empty required fields commits nothing)."""
    return result.ok and result.visible_change and not refused(result)


def took_commit(result: ActionResult, does: SkillAct, box: str | None) -> bool:
    """The page took a commit: as `took`, and a key pressed in the field `box` (Enter, or typing that
    ends with it) was answered past that field's own text. Enter in a multi-line box only adds a line
    to it; in a chat box that sends, the message shows up or the page changes."""
    if not took(result):
        return False
    if does not in ("type", "key") or box is None:
        return True
    past = result.model_copy(update={"changed": [c for c in result.changed if c.id != box]})
    return past.visible_change


def refused(result: ActionResult) -> bool:
    """The page refused the action: a field's validation, a disabled button or an error text."""
    return any(p.kind in ("invalid_field", "disabled", "error_text") for p in result.problems)


class Again(Enum):
    AGAIN = "again"


AGAIN = Again.AGAIN
"""A procedure acted with no model decision: look at the page again."""


@dataclass(frozen=True)
class View:
    """What the model reads for one decision: the observation, its menu, its text and the lines of the
    whole page that match the task."""

    obs: Observation
    menu: Menu
    page: str
    matching: str
    observe_ms: float
    request: StepRequest
    """The planner's request of the step, read once (agent/task/request.py)."""
    named: list[Named] = field(default_factory=list)
    """The elements the part of the request to do next names (agent/named.py)."""


def stop_reason(
    label: str, result: ActionResult, state: StepState, repeat_limit: int, max_actions: int
) -> str | None:
    """Why the step must stop after this action (already in the history), or None: the person declined
    it, it gave the same result `repeat_limit` times, or the step used all its actions."""
    if result.declined:
        return reports.declined(label, result.error)
    key = f"{label}|{result.ok}|{result.url}|{result.error}|{result.detail}"
    state.outcomes[key] += 1
    if state.outcomes[key] >= repeat_limit:
        return reports.same_result(label, state.outcomes[key])
    if state.actions >= max_actions:
        return reports.actions_used(state.actions)
    return None


def step_report(
    state: StepState, status: str, answer: str, url: str, evidence: list[Evidence] | None, about_task: bool
) -> StepReport:
    """The step's report: its status (anything else reads as failed), answer, what it did, where it ended."""
    summary = summary_of(state.done) or "no actions"
    kind = status if status in {"done", "failed", "needs_user"} else "failed"
    return StepReport(status=kind, summary=short(summary, 300), url=url,
                      answer=answer if says_something(answer) else "", evidence=evidence or [],
                      changed_state=state.changes > 0, actions=state.actions, about_task=about_task,
                      refused=answered_against(state.last))
