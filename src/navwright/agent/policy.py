"""The confirmation policy: which actions the person must approve before they run.

Three sources, any one is enough: the skill says so (site functions that change state; by default only
those whose name or description says buy/pay/order/delete...), the model flags the action `risky`, or
the element does — a button or link labelled buy/pay/order/book/send/
delete..., or a submit inside a form that holds card fields.
"""

from __future__ import annotations

import re
from typing import Any

from navwright.agent.settings import ConfirmPolicy
from navwright.browser.skills.base import Skill
from navwright.browser.types import ElementInfo, Observation

CARD_NAME_WORDS = ("card number", "cvv", "cvc", "security code", "expiry", "expiration", "iban")
CLICKABLE = {"button", "link", "menuitem", "submit", "tab", "option"}


def confirmation_reason(
    skill: Skill, params: dict[str, Any], risky: bool, obs: Observation, policy: ConfirmPolicy
) -> str | None:
    """What the action would do, in words, when it needs the person's approval; else None."""
    if not policy.enabled:
        return None
    target = _target(skill, params, obs)
    what = describe_action(skill.name, params, target)
    if skill.needs_confirmation and (
        policy.skill_flag == "always" or _risky_words(f"{skill.name} {skill.description}", policy)
    ):
        return what
    if risky and policy.trust_model_flag and _can_commit(skill, params, target):
        return what
    if target is None:
        return None
    clicks = skill.name == "click" and target.role in CLICKABLE
    enters = skill.name == "press_key" and "enter" in str(params.get("key", "")).lower()
    if (clicks or enters) and _risky_words(target.name, policy):
        return what
    if (clicks or enters) and _submits_card_form(target, obs, policy):
        return f"{what} (it submits a form with payment details)"
    return None


def _can_commit(skill: Skill, params: dict[str, Any], target: ElementInfo | None) -> bool:
    """Whether an action could commit anything (a small model flags harmless ones too)."""
    if not skill.element_fields:
        return not skill.read_only
    if skill.name == "press_key":
        return "enter" in str(params.get("key", "")).lower()
    return skill.name == "click" and target is not None and target.role in {"button", "link", "menuitem"}


def describe_action(name: str, params: dict[str, Any], target: ElementInfo | None) -> str:
    if target is not None:
        label = f'{target.role} "{target.name}"' if target.name else f"element {target.id}"
        rest = {k: v for k, v in params.items() if v != target.id}
        tail = f" with {rest}" if rest else ""
        return f"{name.replace('_', ' ')} {label}{tail}"
    args = ", ".join(f"{k}={v!r}" for k, v in params.items())
    return f"{name}({args})"


def _target(skill: Skill, params: dict[str, Any], obs: Observation) -> ElementInfo | None:
    for fname in skill.element_fields:
        value = params.get(fname)
        for element in obs.elements:
            if element.id == value:
                return element
    return None


def _risky_words(name: str, policy: ConfirmPolicy) -> bool:
    text = name.lower().replace("_", " ")
    return any(re.search(rf"\b{re.escape(word)}\b", text) for word in policy.risky_words)


def _sensitive(element: ElementInfo, policy: ConfirmPolicy) -> bool:
    kind = (getattr(element, "input_type", None) or "").lower()
    if kind and any(kind == s or kind.startswith(s) for s in policy.sensitive_inputs):
        return True
    name = element.name.lower()
    return any(word in name for word in CARD_NAME_WORDS)


def _submits_card_form(target: ElementInfo, obs: Observation, policy: ConfirmPolicy) -> bool:
    form = getattr(target, "form", None)
    if not form:
        return False
    return any(getattr(e, "form", None) == form and _sensitive(e, policy) for e in obs.elements)
