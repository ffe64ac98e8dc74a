"""fill_form: fill a whole form from label -> value pairs (text, selects, radios, checkboxes, dates,
calendars, autocompletes), then optionally submit it; one result says what became of every field."""

from __future__ import annotations

import datetime as dt
import re

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.errors import BrowserError
from navwright.browser.netpolicy import host_allowed
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.choose import match_option
from navwright.browser.skills.common import OptionInfo, click_locator, marked, skill_script
from navwright.browser.skills.dates import input_value, parse_date
from navwright.browser.skills.keyboard import PLACEHOLDER, fill_secrets
from navwright.browser.skills.widgets import choose_suggestion, open_and_choose, pick_date, similarity, step
from navwright.browser.types import ActionResult, FieldOutcome

MIN_MATCH = 0.6
TRUE = {"yes", "y", "true", "on", "1", "checked", "check", "x", "agree", "accept", "tick"}
FALSE = {"no", "n", "false", "off", "0", "unchecked", "uncheck", "none", ""}
ASIDE = re.compile(r"^\s*(preview|cancel|reset|clear|back|delete|remove|discard)\b", re.IGNORECASE)
"""A form's buttons that look, go back or undo instead of sending it ("Preview", "Cancel"): of its
submit buttons, the one that sends is pressed (form.js receives this pattern)."""


class FillParams(BaseModel):
    fields: dict[str, str] = Field(description='field label -> value, e.g. {"Email": "a@b.c", "Size": "M"}')
    submit: bool = Field(True, description="press the form's submit button afterwards")


class Choice(BaseModel):
    label: str
    value: str = ""
    key: str = ""
    checked: bool = False


class Control(BaseModel):
    key: str | None = None
    nw: str | None = None
    kind: str
    type: str = ""
    names: list[str] = Field(default_factory=list)
    value: str = ""
    checked: bool | None = None
    readonly: bool = False
    options: list[Choice] = Field(default_factory=list)


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w@.]+", " ", s.casefold()).split())


def name_score(label: str, names: list[str]) -> float:
    """How well a label names a control: 1 for its own label, less for a hint or its HTML name."""
    want = _norm(label)
    best = 0.0
    for rank, name in enumerate(names):
        have = _norm(name)
        if not have or not want:
            continue
        if have == want:
            s = 1.0
        elif re.search(rf"\b{re.escape(want)}\b", have) or re.search(rf"\b{re.escape(have)}\b", want):
            s = 0.85
        else:
            s = similarity(want, have)
        best = max(best, s - 0.01 * rank)
    return best


def assign(labels: list[str], controls: list[Control]) -> dict[str, Control]:
    """Each label to its best control, best pairs first, one control per label."""
    pairs = sorted(((name_score(lb, _names(c)), i, lb) for lb in labels for i, c in enumerate(controls)),
                   reverse=True)
    out: dict[str, Control] = {}
    used: set[int] = set()
    for score, i, lb in pairs:
        if score < MIN_MATCH or lb in out or i in used:
            continue
        out[lb] = controls[i]
        used.add(i)
    return out


def _names(c: Control) -> list[str]:
    """What a control is called: its labels; a radio group also by its choices ({"Express": "yes"})."""
    return [*c.names, *(o.label for o in c.options)] if c.kind == "radio" else c.names


def chosen_by_label(c: Control, label: str, value: str) -> str:
    """The value to set: a yes given to a radio group named by one of its choices picks that choice."""
    if c.kind == "radio" and value.strip().casefold() in TRUE and _choice(c.options, value) is None:
        return label
    return value


def _choice(options: list[Choice], value: str) -> Choice | None:
    exact = match_option([OptionInfo(label=o.label, value=o.value) for o in options], value)
    if exact is not None:
        return next(o for o in options if o.label == exact.label and o.value == exact.value)
    ranked = sorted(options, key=lambda o: similarity(o.label, value), reverse=True)
    return ranked[0] if ranked and similarity(ranked[0].label, value) >= MIN_MATCH else None


async def set_control(page: Page, c: Control, value: str, today: dt.date | None = None) -> str:
    """Set one control; returns what was done, raises ElementError (in words) when it cannot."""
    key = c.key or ""
    loc = marked(page, key)
    if c.kind == "select":
        chosen = _choice(c.options, value)
        if chosen is None:
            raise ValueError("no option like it; options: " + ", ".join(o.label for o in c.options[:15]))
        await loc.select_option(value=chosen.value)
        return f"chose {chosen.label!r}"
    if c.kind == "radio":
        chosen = _choice(c.options, value)
        if chosen is None:
            raise ValueError("no choice like it; choices: " + ", ".join(o.label for o in c.options[:15]))
        if not chosen.checked:
            await click_locator(page, marked(page, chosen.key), repr(chosen.label))
        return f"chose {chosen.label!r}"
    if c.kind == "checkbox":
        want = value.strip().casefold() in TRUE or value.strip().casefold() not in FALSE
        if c.checked != want:
            await click_locator(page, loc, repr(c.names[0] if c.names else "checkbox"))
        return "checked" if want else "unchecked"
    if c.kind == "date":
        accepted = input_value(c.type, value, today)
        if accepted is None:
            raise ValueError(f"not a {c.type} it understands; write e.g. 2026-05-20")
        await loc.fill(accepted)
        return f"filled {accepted}"
    if c.kind == "calendar":
        day = parse_date(value, today)
        if day is None:
            raise ValueError("a read-only field; give a date such as 2026-05-20 to pick in its calendar")
        return await pick_date(page, key, day)
    if c.kind == "datalist":
        inside = (o for o in c.options if value.casefold() in o.label.casefold())
        chosen = _choice(c.options, value) or next(inside, None)
        await loc.fill(chosen.value if chosen else value)
        return f"filled {chosen.value if chosen else value!r}"
    if c.kind == "combobox":
        return await choose_suggestion(page, key, value)
    if c.kind == "dropdown":
        return await open_and_choose(page, key, value)
    await loc.fill(value)
    return "filled"


async def _controls(page: Page) -> list[Control]:
    return [Control.model_validate(c) for c in await page.evaluate(skill_script("form.js"), {})]


async def _submit_button(page: Page, keys: list[str]) -> str | None:
    """Mark the submit button of the form holding these controls; its name, or None when there is none."""
    found = await page.evaluate(skill_script("form.js"), {"submit": keys, "aside": ASIDE.pattern})
    return None if found is None else str(found.get("name") or "submit")


async def submit_preview(page: Page, labels: list[str]) -> str | None:
    """The name of the button fill_form would press for these labels, without setting anything (for a
    confirmation policy that asks before a form is sent: "Place order", "Pay now")."""
    match = assign(labels, await _controls(page))
    return await _submit_button(page, [c.key for c in match.values() if c.key])


@skill("fill_form", FillParams, does="send_form", offered_on=("form",))
async def fill_form(ctx: SkillContext, p: FillParams) -> ActionResult:
    """Fill a form from label -> value pairs (any kind of field), then submit it."""
    outcomes: list[FieldOutcome] = []

    async def act() -> str:
        page = ctx.session.page
        controls = await _controls(page)
        match = assign(list(p.fields), controls)
        keys: list[str] = []
        for label, value in p.fields.items():
            control = match.get(label)
            value = chosen_by_label(control, label, value) if control is not None else value
            outcomes.append(await _fill_one(page, label, value, control, controls, ctx))
            if control is not None and control.key:
                keys.append(control.key)
        done = sum(o.status == "set" for o in outcomes)
        said = f"set {done} of {len(outcomes)} fields"
        if not p.submit:
            return said
        if done < len(outcomes):
            return said + "; not submitted, because some fields were not set"
        button = await _submit_button(page, keys)
        if button is None:
            return said + "; found no submit button for them (click the form's button)"
        how = await click_locator(page, marked(page, "f-submit"), repr(button))
        return f"{said}; {how}"

    result = await act_and_observe(ctx.session, "fill_form", act, secrets=ctx.secrets)
    result.fields = outcomes
    result.appeared = result.appeared[:8]
    own = {o.id for o in outcomes if o.id}
    result.changed = [c for c in result.changed if c.id not in own]  # said once, in the field lines
    unset = sum(o.status != "set" for o in outcomes)
    if result.ok and unset:
        result.ok = False
        result.error = f"{unset} of {len(outcomes)} fields were not set"
    elif result.ok and p.submit and any(pr.kind == "invalid_field" for pr in result.problems):
        result.ok = False
        result.error = "the form was not submitted"
    return result


def secret_misplaced(value: str, control: Control, url: str, hosts: list[str]) -> str | None:
    """Why a `{{NAME}}` secret in `value` must not go into this control (None: it may). A secret goes
    only into a password field or a field whose label names it, and only on the sites it is for."""
    names = PLACEHOLDER.findall(value)
    if not names:
        return None
    shown = ", ".join("{{" + n + "}}" for n in names)
    if hosts and not host_allowed(url, hosts):
        return f"{shown} may only be typed on {' or '.join(hosts)}"
    label = _norm(" ".join(control.names))
    if control.type in {"search", "url"} or "search" in label:
        return f"{shown} may not be typed into a search or address field"
    if control.type == "password":
        return None
    for name in names:
        words = [w for w in re.split(r"[_.\-\s]+", name.lower()) if len(w) >= 2]
        if not words or not all(w in label for w in words):
            return f"{shown} may only be typed into a password field or a field that names it"
    return None


async def _fill_one(page: Page, label: str, value: str, control: Control | None, controls: list[Control],
                    ctx: SkillContext) -> FieldOutcome:
    if control is None:
        known = ", ".join(dict.fromkeys(c.names[0] for c in controls if c.names))
        return FieldOutcome(label=label, value=value, status="not_found", note=f"fields here: {known[:300]}")
    refused = secret_misplaced(value, control, page.url, ctx.secret_hosts)
    if refused is not None:
        return FieldOutcome(label=label, value=value, status="refused", id=control.nw, note=refused)
    try:
        how = await set_control(page, control, fill_secrets(value, ctx.secrets), ctx.today)
        await step(page)
    except (BrowserError, ValueError) as e:
        return FieldOutcome(label=label, value=value, status="refused", id=control.nw, note=str(e))
    except PlaywrightError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else "the page refused it"
        return FieldOutcome(label=label, value=value, status="refused", id=control.nw, note=first)
    return FieldOutcome(label=label, value=value, status="set", id=control.nw, note=how)
