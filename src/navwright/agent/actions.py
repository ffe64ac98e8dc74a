"""The navigator's action schema, built per step from the skills the page needs.

Element parameters become a Literal of the page's ids, so a constrained decoder cannot name an element
that is not on the page. Only the skills the page needs are offered (no select_option without a
<select>, no switch_tab with one tab): fewer choices, fewer mistakes, shorter prompts.
"""

from __future__ import annotations

import json
import types
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, create_model
from pydantic.fields import FieldInfo

from navwright.browser.skills.base import PageFeature, Skill, is_api_only
from navwright.browser.skills.keyboard import PLACEHOLDER
from navwright.browser.types import FILLS, ActionResult, ElementInfo, Observation, SkillAct
from navwright.models.base import EndsEarly

RISKY_NOTE = "risky"
TEXT_CAP = 400
"""Longest free text the model may write in one parameter: a small model that starts to ramble
inside a string otherwise runs into max_tokens and leaves no valid answer at all."""
ANSWER_CAP = 300


class FinishAction(BaseModel):
    """Ends the step: done (answer = what the task asked to report), failed (why) or needs_user."""

    name: Literal["finish"]
    status: Literal["done", "failed", "needs_user"]
    answer: str = Field(default="", max_length=ANSWER_CAP)


class UsePageAction(BaseModel):
    """Leaves the site's functions for the page's own links, buttons and fields."""

    name: Literal["use_the_page"]


USE_PAGE_LINE = ('{"name": "use_the_page"} The site functions do not fit the task: work with the page\'s '
                 "links, buttons and fields instead.")


SEARCH_WORDS = ("search", "find", "query")
NEXT_WORDS = ("next", "next page", "older", "more results", "›", "»", "→")
FIELD_ROLES = {"textbox", "searchbox", "combobox", "spinbutton", "textarea", "checkbox", "radio", "listbox"}


def page_features(
    obs: Observation, last: ActionResult | None, navigated: bool, uploads: bool
) -> set[PageFeature]:
    """What the page offers now; a skill is offered where one of its `offered_on` features is present."""
    found: set[PageFeature] = {"always"}
    elements = obs.elements
    if any(e.options and e.role in {"combobox", "listbox", "select"} for e in elements):
        found.add("select")
    if uploads and any(e.input_type == "file" for e in elements):
        found.add("file")
    if obs.truncated > 0 or obs.left_out > 0:
        found.add("long_page")
    if navigated:
        found.add("history")
    if obs.tabs > 1:
        found.add("tabs")
    if last is not None and last.dialog:
        found.add("dialog")
    if any(is_search_box(e) for e in elements):
        found.add("search_box")
    forms = Counter(e.form for e in elements if e.form and e.role in FIELD_ROLES)
    if forms and max(forms.values()) >= 2:
        found.add("form")
    if any(e.role in {"link", "button"} and _label(e) in NEXT_WORDS for e in elements):
        found.add("pagination")
    return found


def _label(element: ElementInfo) -> str:
    return " ".join(element.name.lower().split())


def is_search_box(element: ElementInfo) -> bool:
    if element.role == "searchbox":
        return True
    words = f"{element.name} {element.placeholder or ''}".lower()
    return element.role in {"textbox", "combobox"} and any(w in words for w in SEARCH_WORDS)


def wanted(skill: Skill, features: set[PageFeature]) -> bool:
    """Whether this skill belongs in the menu for a page with these features."""
    return any(f in features for f in skill.offered_on)


def action_model(skill: Skill, refs: list[str], risky_flag: bool) -> type[BaseModel] | None:
    """A pydantic model `{"name": skill, ...params}` with element parameters narrowed to `refs`."""
    if skill.element_fields and not refs:
        return None
    fields: dict[str, Any] = {"name": (Literal[skill.name], ...)}
    for pname, info in skill.params.model_fields.items():
        if is_api_only(info):
            continue
        annotation: Any = info.annotation
        if pname in skill.element_fields:
            annotation = Literal[tuple(refs)]
            if not info.is_required():
                annotation = annotation | None
        fields[pname] = (annotation, _copy_info(info))
    if risky_flag and not skill.read_only:
        risky = Field(default=False, description="true if it buys, pays, sends or deletes")
        fields[RISKY_NOTE] = (bool, risky)
    model_name = "".join(part.capitalize() for part in skill.name.split("_")) + "Action"
    model: type[BaseModel] = create_model(model_name, **fields)
    return model


def _copy_info(info: FieldInfo) -> FieldInfo:
    """The field's description and default; free text is capped at TEXT_CAP characters."""
    cap = TEXT_CAP if _is_text(info.annotation) else None
    copied: FieldInfo = (Field(description=info.description, max_length=cap) if info.is_required()
                         else Field(default=info.default, description=info.description, max_length=cap))
    return copied


def _is_text(annotation: Any) -> bool:
    if annotation is str:
        return True
    args = getattr(annotation, "__args__", ())
    optional_str = str in args and all(a in (str, type(None)) for a in args)
    return isinstance(annotation, types.UnionType) and optional_str


@dataclass
class Menu:
    """The step's current menu: the skills on offer and the reply schema that names them."""

    skills: dict[str, Skill]
    reply: type[BaseModel]
    lines: list[str]
    site_only: bool = False
    """Only the site's functions are on offer (plus finish and use_the_page)."""
    features: frozenset[str] = frozenset()
    """What the page has that the menu was made for (a form, a search box...)."""


TEXT_ROLES = {"textbox", "searchbox", "combobox", "spinbutton", "textarea"}
ELEMENT_KINDS: dict[SkillAct, Callable[[ElementInfo], bool]] = {
    "press": lambda e: not (e.options and e.role in {"combobox", "listbox", "select"}),
    "type": lambda e: e.role in TEXT_ROLES and not e.options,
    "pick": lambda e: bool(e.options),
    "check": lambda e: e.checked is not None or e.role in {"checkbox", "radio", "switch"},
    "upload": lambda e: getattr(e, "input_type", None) == "file",
}
"""The elements a skill that does this may name (any element for the other acts)."""


def element_ref(element: ElementInfo) -> str:
    """How the model names an element: its label first, then its id ("Sign in #6").

    A small model picks the label it means far more reliably than a bare number; the constrained
    decoder then completes the id, so label and id cannot disagree.
    """
    label = " ".join((element.name or element.role).split())
    label = label.replace('"', "").replace("\\", "").replace("#", "")[:40].strip() or element.role
    return f"{label} #{element.id}"


def ref_id(ref: str) -> str:
    """The element id inside a reference made by `element_ref` (a bare id passes through)."""
    return ref.rsplit("#", 1)[-1].strip()


@dataclass(frozen=True)
class Spent:
    """What a menu no longer offers on this page in this step."""

    presses: frozenset[tuple[str, str]] = frozenset()
    """(skill, element id) of presses that worked: not offered again while the page stays (the model
    cannot loop on them; it moves on, or finishes)."""
    stale: frozenset[str] = frozenset()
    """Ids of elements no skill may name (a link back to a page already seen)."""
    skills: frozenset[str] = frozenset()
    """Skills not offered at all (a key press the page did not answer: the model moves on to the
    button)."""

    filled: frozenset[str] = frozenset()
    """Ids of the plain text fields of this view that hold a value: no press names them
    (agent/filled.py)."""

    def allows(self, skill: Skill, element_id: str) -> bool:
        return element_id not in self.stale and (skill.name, element_id) not in self.presses and not (
            skill.does == "press" and element_id in self.filled)


def refs_for(skill: Skill, elements: list[ElementInfo], spent: Spent = Spent()) -> list[str]:
    """The elements this skill may name, by what it does: a typing skill only text fields, a picking one
    only lists of options, ...; none that `spent` holds back."""
    fits = ELEMENT_KINDS.get(skill.does)
    return [element_ref(e) for e in elements if (fits is None or fits(e)) and spent.allows(skill, e.id)]


def build_menu(
    skills: list[Skill], elements: list[ElementInfo], *, max_batch: int, risky_flag: bool,
    thought: bool = False, spent: Spent = Spent(), use_page: bool = False,
    closes: Callable[[str], str | None] | None = None,
) -> Menu:
    """The reply schema and the menu lines; `use_page` adds the way out of a site-functions-only menu;
    `closes` ends an answer early (`EndsEarly`: agent/batchend.py)."""
    chosen: dict[str, Skill] = {}
    models: list[type[BaseModel]] = []
    for skill in skills:
        model = action_model(skill, refs_for(skill, elements, spent), risky_flag)
        if model is not None and skill.name not in chosen:
            chosen[skill.name] = skill
            models.append(model)
    models.append(FinishAction)
    if use_page:
        models.append(UsePageAction)
    union: Any = Union[tuple(models)]  # noqa: UP007
    item = Annotated[union, Field(discriminator="name")]
    fields: dict[str, Any] = {}
    if thought:
        fields["thought"] = (str, Field(description="one short sentence: what you see, what you do"))
    fields["actions"] = (list[item], Field(min_length=1, max_length=max_batch))
    reply = create_model("NavigatorReply", __base__=EndsEarly, **fields)
    reply.closes = closes
    lines = [describe(skill) for skill in chosen.values()] + ([USE_PAGE_LINE] if use_page else [])
    return Menu(skills=chosen, reply=reply, lines=lines, site_only=use_page)


def describe(skill: Skill) -> str:
    """One terse line: an example call and what it does."""
    example: dict[str, Any] = {"name": skill.name}
    for pname, info in skill.params.model_fields.items():
        if pname in skill.element_fields:
            example[pname] = "label #ID"
        elif info.is_required():
            example[pname] = _placeholder(info)
    call = json.dumps(example)
    optional = [p for p, i in skill.params.model_fields.items() if not i.is_required()
                and p not in skill.element_fields and not is_api_only(i)]
    extra = f" Optional: {', '.join(optional)}." if optional else ""
    return f"{call} {skill.description.rstrip('.')}.{extra}"


def _placeholder(info: FieldInfo) -> Any:
    annotation = info.annotation
    args = getattr(annotation, "__args__", ())
    if getattr(annotation, "__origin__", None) is Literal or (args and all(isinstance(a, str) for a in args)):
        return "|".join(str(a) for a in args)
    if getattr(annotation, "__origin__", None) is dict:
        return {"label": "value"}
    if annotation is bool:
        return True
    if annotation in (int, float):
        return 1
    if isinstance(annotation, types.UnionType):
        return "..."
    return "..."


def action_params(action: BaseModel) -> dict[str, Any]:
    """The skill's own parameters of a chosen action (no name, no risky flag)."""
    data = action.model_dump(exclude_none=True)
    data.pop("name", None)
    data.pop(RISKY_NOTE, None)
    if isinstance(data.get("element"), str):
        data["element"] = ref_id(data["element"])
    return data


def tidy_batch(
    actions: list[BaseModel], skills: Mapping[str, Skill], elements: list[ElementInfo], set_by_code: set[str]
) -> list[BaseModel]:
    """The model's batch as it runs, by the named rules below (each reads what the skills do)."""
    does = _acts(skills)
    batch = without_early_submits(without_focus_clicks(actions, does), elements, does)
    return with_searches_sent(without_undoing(batch, elements, set_by_code, does), elements, does)


Acts = Callable[[BaseModel], SkillAct]
"""What the skill a chosen action calls does."""


def _acts(skills: Mapping[str, Skill]) -> Acts:
    def does(action: BaseModel) -> SkillAct:
        skill = skills.get(_name_of(action))
        return skill.does if skill is not None else "other"
    return does


def without_focus_clicks(actions: list[BaseModel], does: Acts) -> list[BaseModel]:
    """A batch without presses that only focus the field the next action types into (typing focuses
    it itself): small models spend batch slots on them and then stop short of typing."""
    kept: list[BaseModel] = []
    for index, action in enumerate(actions):
        following = actions[index + 1] if index + 1 < len(actions) else None
        if (following is not None and does(action) == "press" and does(following) == "type"
                and action_params(action).get("element") == action_params(following).get("element")):
            continue
        kept.append(action)
    return kept


def without_early_submits(
    actions: list[BaseModel], elements: list[ElementInfo], does: Acts
) -> list[BaseModel]:
    """A batch without clicks on a form's button that come before filling that form's fields: the
    model means to fill the form and then send it, and a click first sends it empty (a search for
    nothing, a login with no password) and leaves the page before the typing."""
    form_of = {e.id: e.form for e in elements if e.form}
    buttons = {e.id for e in elements if e.form and e.role == "button"}
    kept: list[BaseModel] = []
    for index, action in enumerate(actions):
        target = _target(action)
        form = form_of.get(target) if target in buttons and does(action) == "press" else None
        if form is not None and any(does(later) in FILLS and form_of.get(_target(later)) == form
                                    for later in actions[index + 1:]):
            continue
        kept.append(action)
    return kept


def typed_values(params: dict[str, Any]) -> list[str]:
    """The text an action types into a page (its text, query or form values), not a secret's
    placeholder ("{{PASS}}" is the person's)."""
    fields = params.get("fields")
    values = [*fields.values()] if isinstance(fields, dict) else []
    return [v for v in [params.get("text"), params.get("query"), *values]
            if isinstance(v, str) and not PLACEHOLDER.fullmatch(v.strip())]


def set_values(params: dict[str, Any], site_function: bool) -> list[str]:
    """The values an action sets on a page: what it types, the option it chooses and, for a site's own
    function, every value it sends ("quantity": 2); not the element it acts on."""
    values = typed_values(params)
    option = params.get("option")
    if isinstance(option, str):
        values.append(option)
    if site_function:
        values += [str(v) for v in params.values()
                   if isinstance(v, int | float | str) and not isinstance(v, bool) and str(v) not in values]
    return values


def with_searches_sent(actions: list[BaseModel], elements: list[ElementInfo], does: Acts) -> list[BaseModel]:
    """A batch whose words typed into a search box are searched for (Enter pressed after them): a small
    model types a query, then clicks the box again and again and never sends it."""
    boxes = {e.id for e in elements if is_search_box(e)}
    kept: list[BaseModel] = []
    for action in actions:
        if does(action) == "type" and _target(action) in boxes and hasattr(action, "enter"):
            action = action.model_copy(update={"enter": True})
        kept.append(action)
    return kept


def _name_of(action: BaseModel) -> str:
    return str(getattr(action, "name", ""))


def _target(action: BaseModel) -> str:
    return str(action_params(action).get("element", ""))


def without_undoing(
    actions: list[BaseModel], elements: list[ElementInfo], set_by_code: set[str], does: Acts
) -> list[BaseModel]:
    """A batch without clicks on a box or a radio choice the form procedure set from the person's words
    (by label), nor on another choice of a form whose choice it made: a small model clicks every box
    and radio of a filled form in passing and unticks "I accept the terms" or picks the other shipping."""
    by_id = {e.id: e for e in elements}
    chosen_in = {e.form for e in elements if e.role == "radio" and e.name in set_by_code and e.form}
    kept: list[BaseModel] = []
    for action in actions:
        target = by_id.get(_target(action)) if does(action) in {"press", "check"} else None
        if target is not None and (
            (target.role == "checkbox" and target.name in set_by_code)
            or (target.role == "radio" and (target.name in set_by_code or target.form in chosen_in))
        ):
            continue
        kept.append(action)
    return kept

