"""Facts the browser layer hands upward: observations and action results.

Skills fill these objects; `render.py` is the one place that turns them into text for a model.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ObserveMode = Literal["text", "fields", "all"]

SkillAct = Literal["press", "type", "pick", "check", "key", "upload", "send_form", "search", "go", "other"]
"""What a skill does to the page, as the agent's guards read it (never its name): "press" activates an
element (a link, a button), "type" writes text into a field, "pick" chooses an option of a list,
"check" sets a box or a radio choice, "key" presses keys (Enter sends what the focused field holds),
"upload" sets a file input, "send_form" fills a whole form and may send it by its button, "search"
runs the site's search, "go" leaves the page for another (back, the next page of a list, an address);
"other" is anything else (scroll, tabs, read, a site function)."""

FILLS: frozenset[SkillAct] = frozenset({"type", "pick", "check"})
"""The acts that fill a form's field."""


class ElementInfo(BaseModel):
    """One interactive element as the model sees it."""
    model_config = ConfigDict(allow_inf_nan=False)

    id: str
    role: str
    name: str = ""
    value: str | None = None
    checked: bool | None = None
    selected: bool | None = None
    disabled: bool = False
    expanded: bool | None = None
    options: list[str] = Field(default_factory=list)
    href: str | None = None
    frame: str | None = None
    new: bool = False
    input_type: str | None = None
    """The input type or autocomplete hint: "password", "email", "cc-number", "cc-csc", "textarea"."""
    form: str | None = None
    """A key of the enclosing form ("form1"); fields and buttons of one form share it."""
    form_host: str | None = None
    """Where the element's form sends what is typed into it: the host of its action (or of a submit
    button's formaction, when that is another host)."""
    doc_host: str | None = None
    """The host of the frame document the element is in (set for elements inside frames)."""
    placeholder: str | None = None
    required: bool = False
    readonly: bool = False
    """A field the page does not let one type into (its value is set through a widget it opens)."""
    y: float | None = None
    """Top edge in CSS pixels relative to the viewport at observation time (negative: above it)."""


class Observation(BaseModel):
    """A distilled view of the current page."""

    url: str
    title: str
    mode: ObserveMode
    text: str
    elements: list[ElementInfo] = Field(default_factory=list)
    text_lines: list[str] = Field(default_factory=list, exclude=True)
    """The lines of `text` that are the page's text (not its elements), in page order: what a change
    report compares, typed as the distiller made them (never told apart by parsing `text`)."""
    truncated: int = 0
    """Elements cut by the token budget."""
    left_out: int = 0
    """Elements and text lines of a long page left out of the view (its notes say how many)."""
    tabs: int = 1
    ms_in_page: float = 0.0
    ms_total: float = 0.0

    @property
    def ids(self) -> list[str]:
        return [e.id for e in self.elements]


class ElementChange(BaseModel):
    """A state change of an element that stayed on the page."""

    id: str
    what: str


ProblemKind = Literal["invalid_field", "disabled", "error_text", "toast"]


class PageProblem(BaseModel):
    """Why an action may have done nothing: a refusal or a message the page showed in reply."""

    kind: ProblemKind
    text: str = ""
    """The validation message, the error or toast text, or (disabled) what is left unset."""
    label: str = ""
    """The field or button it is about ("Size", "Place order"), when known."""
    id: str | None = None
    """Its element id, when it was observed."""


FieldStatus = Literal["set", "not_found", "refused"]


class FieldOutcome(BaseModel):
    """One label -> value pair of fill_form and what became of it."""

    label: str
    value: str
    status: FieldStatus
    id: str | None = None
    note: str = ""
    """How it was set ("chose 'Paris (CDG)'") or why not."""


class ActionResult(BaseModel):
    """What one action did, as facts. `render_result` writes the paragraph the model reads."""

    action: str
    ok: bool
    does: SkillAct = "other"
    """What the skill that ran declares it does (set by whoever runs skills for the agent)."""
    declined: bool = False
    """The person declined the action: it did not run."""
    needs: str = ""
    """What only the person can give for this action (a field nobody gave a value for): it did not run."""
    error: str | None = None
    detail: str = ""
    url: str = ""
    title: str = ""
    navigated: bool = False
    new_tab: bool = False
    dialog: str | None = None
    download: str | None = None
    appeared: list[ElementInfo] = Field(default_factory=list)
    disappeared: list[str] = Field(default_factory=list)
    changed: list[ElementChange] = Field(default_factory=list)
    appeared_text: list[str] = Field(default_factory=list)
    """Information lines new since the action (validation messages, modal text, toasts)."""
    text: str | None = None
    problems: list[PageProblem] = Field(default_factory=list)
    """Refusals and messages drawn by the action (validation, disabled target, error text, toasts)."""
    fields: list[FieldOutcome] = Field(default_factory=list)
    """Per field of fill_form: set, not found or refused."""
    ms: float = 0.0

    @property
    def visible_change(self) -> bool:
        """Anything on the page answered the action (what "Nothing on the page changed." denies)."""
        return bool(self.navigated or self.new_tab or self.dialog or self.download or self.changed
                    or self.disappeared or self.appeared_text or self.text or self.appeared
                    or self.problems)
