"""Teaching by showing (`navwright teach`): what a person does in the browser, recorded with the same
element descriptors memory uses, becomes a workflow (served at once: a person is no noisy model)
and an example for the navigator.

The recorder (teach.js) runs in every document of the session's browser context and reports each
click, typed text, picked option and Enter to `Teacher`; `shown()` merges them into actions (the
keystrokes into one field are one `type_text`). The person says which typed values vary from one
request to the next (`values_named` offers those the request names) and names each secret; a
password's value never leaves the page, and memory keeps `{{NAME}}` only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from pydantic import BaseModel, Field, ValidationError

from navwright.browser.session import BrowserSession
from navwright.memory.describe import descriptor, script
from navwright.memory.models import SERVE_AFTER, Descriptor, Effect, LearnedAction, LearnedStep, Workflow
from navwright.memory.seen import origin
from navwright.memory.template import templated, to_template, values_named

BINDING = "__nwTeach"
Typed = Literal["type_text", "select_option"]


class TaughtEvent(BaseModel):
    """One thing the recorder saw the person do (page data: checked, never trusted as code)."""

    kind: Literal["fill", "select", "enter", "click"]
    key: str = Field(max_length=40)
    """The element within its document (the keystrokes into one field share it)."""
    url: str = Field(max_length=4000)
    value: str = Field("", max_length=4000)
    secret: bool = False
    target: dict[str, Any]


@dataclass
class Shown:
    """One action the person did: a click, text typed into a field (then Enter), or an option picked."""

    skill: Literal["click"] | Typed
    target: Descriptor
    url: str
    key: str
    value: str = ""
    enter: bool = False
    secret: bool = False

    def line(self) -> str:
        what = f'{self.target.role} "{self.target.name or self.target.label}"'
        if self.skill == "click":
            return f"click {what}"
        shown = "(a secret)" if self.secret else repr(self.value)
        return f"{self.skill} {what} = {shown}" + (" then Enter" if self.enter else "")


@cache
def recorder_script() -> str:
    teach = resources.files("navwright.memory").joinpath("teach.js").read_text("utf-8")
    return f"({script()})({{install: true}});\n({teach})();"


class Teacher:
    """Records what the person does in a session's browser context, from `attach` on."""

    def __init__(self) -> None:
        self.events: list[TaughtEvent] = []
        self.ignored = 0
        """Reports from the page that were not in the recorder's shape."""

    async def attach(self, session: BrowserSession) -> None:
        """Install the recorder in every tab and document of the session, now and to come."""
        await session.context.expose_binding(BINDING, self.heard)
        await session.context.add_init_script(recorder_script())
        for page in session.pages:
            try:
                await page.evaluate(recorder_script())
            except PlaywrightError:
                continue  # a tab between documents gets the recorder with its next one

    def heard(self, _source: object, payload: object) -> None:
        try:
            self.events.append(TaughtEvent.model_validate(payload))
        except ValidationError:
            self.ignored += 1

    def shown(self) -> list[Shown]:
        return merged(self.events)


def merged(events: list[TaughtEvent]) -> list[Shown]:
    """The person's actions: the keystrokes into one field make one typed text (its last value), an
    Enter pressed in the field just typed into ends that text; other events are actions of their own."""
    out: list[Shown] = []
    for event in events:
        last = out[-1] if out else None
        same_field = last is not None and last.skill == "type_text" and (last.key, last.url) == (
            event.key, event.url)
        if event.kind == "fill" and same_field and last is not None:
            last.value = event.value
        elif event.kind == "enter" and same_field and last is not None:
            last.value, last.enter = event.value or last.value, True
        elif event.kind == "click":
            out.append(Shown("click", descriptor(event.target), event.url, event.key))
        else:
            skill: Typed = "select_option" if event.kind == "select" else "type_text"
            out.append(Shown(skill, descriptor(event.target), event.url, event.key, value=event.value,
                             enter=event.kind == "enter", secret=event.secret))
    return out


def variables_offered(request: str, shown: list[Shown]) -> list[str]:
    """The typed or picked values the request names, and the names of what was clicked that it quotes:
    the ones that may vary from request to request."""
    typed = [s.value for s in shown if s.skill != "click" and not s.secret]
    return values_named(request, typed, [s.target.name for s in shown if s.skill == "click"])


class Lesson(BaseModel):
    """What the person taught and said about it."""

    request: str
    start_url: str
    final_url: str = ""
    variables: list[str] = Field(default_factory=list)
    """The values (as the request names them) that vary; in the order the request names them."""
    secret_names: dict[str, str] = Field(default_factory=dict)
    """NAME for each secret field, by its key: typed as {{NAME}} when replayed."""


def workflow_of(lesson: Lesson, shown: list[Shown]) -> Workflow:
    """The workflow (one step: the whole request) that replays what the person did."""
    values = sorted(lesson.variables, key=lambda v: lesson.request.lower().find(v.lower()))
    template = to_template(lesson.request, values)
    after = [s.url for s in shown[1:]] + [lesson.final_url or shown[-1].url]
    actions = [_action(s, values, lesson.secret_names, nxt) for s, nxt in zip(shown, after, strict=True)]
    site = origin(lesson.start_url)
    step = LearnedStep(site=site, task=template, request=template, values=values, actions=actions,
                       changed_state=any(a.effect.navigated or a.skill == "click" for a in actions),
                       run_id="taught")
    return Workflow(site=site, task=template, values=values, steps=[step], successes=SERVE_AFTER,
                    status="served", taught=True)


def _action(shown: Shown, values: list[str], secret_names: dict[str, str], next_url: str) -> LearnedAction:
    params: dict[str, Any] = {}
    if shown.skill == "type_text":
        name = secret_names.get(shown.key, "SECRET")
        params["text"] = "{{" + name + "}}" if shown.secret else to_template(shown.value, values)
        if shown.enter:
            params["enter"] = True
    elif shown.skill == "select_option":
        params["option"] = to_template(shown.value, values)
    moved = _page(next_url) != _page(shown.url)
    effect = Effect(navigated=True, path=urlsplit(next_url).path, visible=True) if moved else Effect()
    target = Descriptor.model_validate(templated(shown.target.model_dump(), values))
    return LearnedAction(skill=shown.skill, params=params, element_param="element", target=target,
                         effect=effect)


def _page(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}?{parts.query}"
