"""What an action that ran leaves in the step's history (`StepState`): the count and the last result,
whether it navigated or changed the site, its line (`Did`: what it did, what the page said, what it
worked with), and, for the model's own actions, the presses spent, the calls answered and the site
functions that failed. Code with no I/O: the navigator records, agent/actor.py acts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from navwright.agent.actions import action_params
from navwright.agent.history import Did
from navwright.agent.retried import followed_link
from navwright.agent.step import (
    StepState,
    call_key,
    label_of,
    move_label,
    names_in,
    remember,
    worked_with,
)
from navwright.agent.text.results import messages_shown, result_line
from navwright.agent.unsent import fill_of
from navwright.browser.skills.base import Skill
from navwright.browser.types import ActionResult, ElementInfo, Observation


def changed(skill: Skill, result: ActionResult, own: bool) -> bool:
    """The action changed the page and the page answered it, or a site function (not `own`, a generic
    skill) that changes the site's state answered it (an API's reply: "cart: 1 item")."""
    if not result.ok or skill.read_only:
        return False
    return bool((skill.changes_page and result.visible_change) or (not own and result.text))


def record_action(
    state: StepState, action: BaseModel, skill: Skill, own: bool, obs: Observation, result: ActionResult
) -> str:
    """Record an action the model chose; its label (`click(element="Search #4")`)."""
    _ran(state, result)
    if result.ok and (skill.read_only or not own):
        state.answered.add(call_key(action))
    remember(action, obs, result, state)
    label = label_of(action, obs)
    state.changes += int(changed(skill, result, own))
    worked = worked_with(action, obs) if result.ok else ()
    params = action_params(action)
    target = next((e for e in obs.elements if e.id == params.get("element")), None)
    pressed = target if skill.does == "press" else None
    filled, moves_on = fill_of(target, result, params)
    if (link := followed_link(obs, pressed, result)) is not None:
        state.followed.add(link)
    state.done.append(replace(_did(state, label, result, obs.url, worked, pressed),
                              filled=filled, moves_on=moves_on))
    if not result.ok and not own:
        state.site.failed()
    return label


def record_move(
    state: StepState, name: str, params: Mapping[str, Any], obs: Observation, result: ActionResult,
    sends: bool, skill: Skill, own: bool,
) -> None:
    """Record a procedure's move. `sends`: it sends a form, committed or called a site function (a
    search, a next page: no change of the site)."""
    _ran(state, result)
    state.changes += int(sends and changed(skill, result, own))
    state.by_code.labels.update(f.label for f in result.fields if f.status == "set")
    worked = names_in(dict(params), obs) if result.ok else ()
    did = _did(state, move_label(name, params, obs), result, obs.url, worked)
    state.done.append(replace(did, moves_on=result.ok and (sends or result.navigated)))


def record_asked(state: StepState, result: ActionResult) -> None:
    """Record a model's action that met a field only the person can fill: counted, with no line of
    its own (the step ends asking the person)."""
    state.actions += 1
    state.last = result


def _ran(state: StepState, result: ActionResult) -> None:
    state.actions += 1
    state.last = result
    state.navigated = state.navigated or result.navigated


def _did(
    state: StepState, label: str, result: ActionResult, at: str, worked: tuple[str, ...],
    pressed: ElementInfo | None = None,
) -> Did:
    """The history's line of an action done on the page at `at`: a message an earlier line of the step
    said is not said again."""
    shown = {text for entry in state.done if isinstance(entry, Did) for text in entry.shown}
    return Did(label, result_line(result, shown, at), worked, pressed, messages_shown(result))
