"""The rules of the navigator's menu: each names the controls of the page no action may name in this
view (the page still shows them), and each can be switched off by its name (`--without NAME`)."""

from __future__ import annotations

from collections.abc import Callable

from navwright.agent.languages import LANGUAGE_LEFT_ALONE, left_alone
from navwright.agent.retried import RETRY_NEW_PATH, held_on_retry
from navwright.agent.signout import STAY_SIGNED_IN, kept_signed_in
from navwright.agent.starting import STARTS_NOTHING, held_back
from navwright.agent.step import StepState
from navwright.agent.task.intent import TaskIntent
from navwright.agent.vetoes import CHANGE_FIELDS_HELD, change_form_fields
from navwright.browser.types import Observation

Hold = Callable[[TaskIntent, Observation, StepState], frozenset[str]]
HOLDS: dict[str, Hold] = {
    STARTS_NOTHING: lambda intent, obs, state: held_back(intent, obs),
    LANGUAGE_LEFT_ALONE: lambda intent, obs, state: left_alone(intent, obs),
    RETRY_NEW_PATH: lambda intent, obs, state: held_on_retry(state.avoid, obs),
    STAY_SIGNED_IN: lambda intent, obs, state: kept_signed_in(intent, obs),
    CHANGE_FIELDS_HELD: lambda intent, obs, state: change_form_fields(intent, obs),
}
"""A question starts no new record (agent/starting.py), the language switcher is left alone
(agent/languages.py), a request tried again takes another path (agent/retried.py), a run stays signed
in (agent/signout.py), and a question is offered no field of a form that changes the site (those the
veto `question_fills_nothing` would refuse, agent/vetoes.py)."""


def held(intent: TaskIntent, obs: Observation, state: StepState, without: list[str]) -> frozenset[str]:
    """Ids of the page's controls that the menu rules not switched off hold back in this view."""
    on = [hold for name, hold in HOLDS.items() if name not in without]
    return frozenset().union(*(hold(intent, obs, state) for hold in on))
