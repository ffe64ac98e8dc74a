"""The confirmation policy: which actions the person must approve before they run, and which never run.

An action needs approval when the skill says so (site functions that change state; by default only
those whose name or description says buy/pay/order/delete...), or the element does: a button labelled
buy/pay/order/book/send/delete..., or a submit inside a form that holds card fields. The model's own
`risky` flag counts only for a site function or a submit of a form with personal fields. A link (an
`<a href>` navigation) never needs approval, nor removing items from a cart the person asked to edit.

`--yes` approves the person's own steps only: a consequential action the person's request does not
cover (`unrequested_commit`: "Delete account" while the person asked for a price) still asks, and with
no person the run ends as needs_user. The exposure guards (agent/exposure.py) refuse outright.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from navwright.agent.exposure import destination_refusal, fields_named, leak_refusal, secret_refusal
from navwright.agent.settings import ConfirmPolicy
from navwright.agent.task.authored import PASSED_ON, forwards
from navwright.agent.task.words import FAMILIES, says
from navwright.browser.skills.base import Skill
from navwright.browser.skills.form import ASIDE
from navwright.browser.types import ElementInfo, Observation

CARD_NAME_WORDS = ("card number", "cvv", "cvc", "security code", "expiry", "expiration", "iban")
CLICKABLE = {"button", "link", "menuitem", "submit", "tab", "option"}
PERSONAL_INPUTS = ("email", "tel", "password", "name", "street", "address", "postal", "bday", "cc-")
SENDING = FAMILIES[1]
HIGH_STAKES = ("account", "profile", "subscription", "everything", "all", "data", "history", "card")
"""Objects a consequential action must name in the person's request to count as theirs."""
CART_WORDS = ("cart", "basket", "bag")
NEUTRAL = ("confirm", "submit", "continue", "yes")
"""Words that commit whatever kind the person asked for."""


@dataclass(frozen=True)
class PersonRequest:
    """What the person asked (the run's task and the planner's step request), never page text."""

    task: str
    request: str = ""
    profile: str = ""
    secrets: Mapping[str, str] = field(default_factory=dict)
    secret_hosts: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.task}\n{self.request}".lower()


@dataclass(frozen=True)
class Allow:
    pass


@dataclass(frozen=True)
class Ask:
    reason: str
    requested: bool
    """True when the person's request covers the action (--yes approves it); False: the page's idea."""


@dataclass(frozen=True)
class Refuse:
    message: str


Verdict = Allow | Ask | Refuse


def judge_action(
    skill: Skill, params: dict[str, Any], risky: bool, obs: Observation, policy: ConfirmPolicy,
    person: PersonRequest,
) -> Verdict:
    """Refuse what would expose a secret or a profile fact, ask what the person must approve."""
    target = target_of(skill, params, obs, policy)
    refusal = secret_refusal(skill, params, obs.url, target, person.secret_hosts) or leak_refusal(
        params, obs.url, person.secret_hosts, person.profile, person.secrets, person.text
    ) or _destination(skill, params, target, obs, person)
    if refusal is not None:
        return Refuse(refusal)
    reason = confirmation_reason(skill, params, risky, obs, policy, person)
    if reason is None:
        return Allow()
    return Ask(reason, requested=not unrequested_commit(skill, target, obs, policy, person))


def _destination(
    skill: Skill, params: dict[str, Any], target: ElementInfo | None, obs: Observation, person: PersonRequest
) -> str | None:
    """The person's data typed into a field that sends it to another host (exposure.destination_refusal)."""
    fields = params.get("fields")
    if isinstance(fields, dict):  # fill_form: label -> value
        values = [str(v) for v in fields.values()]
        targets = fields_named([str(k) for k in fields], obs)
    else:
        values = [v for k, v in params.items() if isinstance(v, str) and k not in skill.element_fields]
        targets = [target] if target is not None else []
    return destination_refusal(values, targets, obs.url, person.secret_hosts, person.profile, person.secrets,
                               person.task)


def unrequested_commit(
    skill: Skill, target: ElementInfo | None, obs: Observation, policy: ConfirmPolicy, person: PersonRequest
) -> bool:
    """A consequential action the person's request does not cover: its commitment words (delete,
    pay, send...) have no word of their kind in the request, or it names a high-stakes object
    (account, card...) the request does not name."""
    label = target.name if target is not None else f"{skill.name} {skill.description}"
    return _unrequested(label, target, obs, policy, person)


def commits_requested(
    target: ElementInfo, obs: Observation, policy: ConfirmPolicy, person: PersonRequest
) -> bool:
    """A button whose click commits (buy, send, submit an application...) what the person's request
    commands."""
    commits = _risky_words(target.name, policy) or _submits_card_form(target, obs, policy)
    return commits and not _unrequested(target.name, target, obs, policy, person)


def _unrequested(
    label: str, target: ElementInfo | None, obs: Observation, policy: ConfirmPolicy, person: PersonRequest
) -> bool:
    words = _matched_words(label, policy)
    if target is not None and not words and _submits_card_form(target, obs, policy):
        words = ["pay"]
    asked = person.text
    for word in words:
        kinds = list(FAMILIES) if word in NEUTRAL else [k for k in FAMILIES if word in k] or [(word,)]
        gives = forwards(person.task) or forwards(person.request) or PASSED_ON.search(asked) is not None
        if SENDING in kinds and gives:
            continue  # "Give Bobine the message you received from Cora" asks for it to be sent
        if not any(says(asked, w) for kind in kinds for w in kind):
            return True
    named = label.lower()
    return any(says(named, obj) and not says(asked, obj) for obj in HIGH_STAKES)


def confirmation_reason(
    skill: Skill, params: dict[str, Any], risky: bool, obs: Observation, policy: ConfirmPolicy,
    person: PersonRequest | None = None,
) -> str | None:
    """What the action would do, in words, when it needs the person's approval; else None."""
    if not policy.enabled:
        return None
    target = target_of(skill, params, obs, policy)
    what = describe_action(skill, params, target)
    if skill.needs_confirmation and (
        policy.skill_flag == "always" or _risky_words(f"{skill.name} {skill.description}", policy)
    ):
        return what
    if target is not None and skill.does == "press" and _is_link(target):
        return None  # a navigation: nothing is committed
    if risky and policy.trust_model_flag and _can_commit(skill, params, target, obs):
        return what
    if target is None:
        return None
    if person is not None and _cart_edit(target, obs, policy, person):
        return None
    clicks = skill.does == "press" and target.role in CLICKABLE
    enters = _enters(skill, params)
    sends = skill.does == "send_form"  # the form is sent by its button, as by a press on it
    if sends and (_risky_words(target.name, policy) or _submits_card_form(target, obs, policy)):
        return what
    if (clicks or enters) and _risky_words(target.name, policy):
        return what
    if (clicks or enters) and _submits_card_form(target, obs, policy):
        return f"{what} (it submits a form with payment details)"
    sender = _committing_button(target, obs, policy) if enters and target.role not in CLICKABLE else None
    if sender is not None:  # Enter in a field sends its form, as its button would
        return f'{what} (Enter sends the form, as its "{sender.name}" button does)'
    return None


def _committing_button(field: ElementInfo, obs: Observation, policy: ConfirmPolicy) -> ElementInfo | None:
    """The button of `field`'s form that commits ("Send", "Place order"), if it has one."""
    if not field.form:
        return None
    buttons = [e for e in obs.elements if e.form == field.form and e.role in {"button", "submit"}]
    return next((b for b in buttons if _risky_words(b.name, policy)), None)


def _can_commit(
    skill: Skill, params: dict[str, Any], target: ElementInfo | None, obs: Observation
) -> bool:
    """Whether an action the model flagged could commit anything that matters (a small model flags
    product links and "Save for later" too): a state-changing site function, or a submit of a form
    with personal fields."""
    if not skill.element_fields:
        return not skill.read_only
    enters = _enters(skill, params)
    clicks = skill.does == "press" and target is not None and target.role in {"button", "menuitem", "submit"}
    if not (enters or clicks) or target is None or not target.form:
        return False
    return any(e.form == target.form and _personal(e) for e in obs.elements)


def _personal(element: ElementInfo) -> bool:
    kind = (element.input_type or "").lower()
    return any(kind.startswith(p) for p in PERSONAL_INPUTS)


def _is_link(target: ElementInfo) -> bool:
    href = (target.href or "").strip().lower()
    return target.role == "link" and bool(href) and not href.startswith(("javascript:", "#"))


def _cart_edit(target: ElementInfo, obs: Observation, policy: ConfirmPolicy, person: PersonRequest) -> bool:
    """Removing an item from a cart the person asked to edit."""
    words = _matched_words(target.name, policy)
    if not words or any(w not in ("remove", "delete") for w in words):
        return False
    where = f"{obs.url} {obs.title}".lower()
    return any(w in where for w in CART_WORDS) and any(says(person.text, w) for w in CART_WORDS)


def sends_harmlessly(form: str, obs: Observation, policy: ConfirmPolicy) -> bool:
    """Whether submitting `form` commits nothing the person must approve: it has a button, none of its
    buttons says buy/send/delete/confirm..., and it holds no card fields (a search form, a filter)."""
    mine = [e for e in obs.elements if e.form == form]
    buttons = [e for e in mine if e.role in {"button", "submit"}]
    return bool(buttons) and not any(_risky_words(e.name, policy) for e in buttons) and not any(
        _sensitive(e, policy) for e in mine
    )


def _matched_words(name: str, policy: ConfirmPolicy) -> list[str]:
    text = name.lower().replace("_", " ")
    return [w for w in policy.risky_words if re.search(rf"\b{re.escape(w)}\b", text)]


def _enters(skill: Skill, params: dict[str, Any]) -> bool:
    """A key press that sends what its field holds (Enter), or typing that ends with one."""
    if skill.does == "type":
        return bool(params.get("enter"))
    return skill.does == "key" and "enter" in str(params.get("key", "")).lower()


def describe_action(skill: Skill, params: dict[str, Any], target: ElementInfo | None) -> str:
    name = skill.name
    fields = params.get("fields")
    if skill.does == "send_form" and target is not None and isinstance(fields, dict):
        filled = ", ".join(f"{k}: {v!r}" for k, v in fields.items())
        return f'fill the form ({filled}) and press "{target.name}"'
    if target is not None:
        label = f'{target.role} "{target.name}"' if target.name else f"element {target.id}"
        rest = {k: v for k, v in params.items() if v != target.id}
        tail = f" with {rest}" if rest else ""
        return f"{name.replace('_', ' ')} {label}{tail}"
    args = ", ".join(f"{k}={v!r}" for k, v in params.items())
    return f"{name}({args})"


def target_of(
    skill: Skill, params: dict[str, Any], obs: Observation, policy: ConfirmPolicy
) -> ElementInfo | None:
    """The element the action works on; for a fill_form that submits, the button that sends its form
    (one that commits first: "Send", "Place order"; else the one fill_form presses, not "Preview")."""
    if skill.does == "send_form":
        return _sending_button(params, obs, policy)
    for fname in skill.element_fields:
        value = params.get(fname)
        for element in obs.elements:
            if element.id == value:
                return element
    return None


def _sending_button(params: dict[str, Any], obs: Observation, policy: ConfirmPolicy) -> ElementInfo | None:
    fields = params.get("fields")
    if not params.get("submit", True) or not isinstance(fields, dict):
        return None
    forms = {e.form for e in fields_named([str(k) for k in fields], obs) if e.form}
    buttons = [e for e in obs.elements if e.form in forms and e.role in {"button", "submit"}]
    committing = [e for e in buttons if _risky_words(e.name, policy) or _submits_card_form(e, obs, policy)]
    # as browser/skills/form.py presses it: a submit button that neither looks nor goes back ("Preview"),
    # not a button that only opens or shows ("More options" of a <details>)
    sending = [e for e in buttons if not ASIDE.search(e.name)]
    submits = [e for e in sending if e.input_type == "submit"] or [e for e in sending if e.expanded is None]
    return next(iter(committing or submits or sending or buttons), None)


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
