"""The form procedure: what a person does on a page whose form asks for what the task says ("from
Amsterdam to Rome on 2 December"). One short model call reads the task and the form's field labels and
says which value goes in which field; code fills them all (autocompletes, calendars and selects
included, by `fill_form`) and submits, with no click-by-click decisions.

It runs once per form and step, on a form that still wants two or more answers (empty fields, an
unpicked choice, a required box) and asks for no password, and is not a search box alone. For a
question or a comparison (a search form before the answer) code fills and submits; for an action (a
checkout, an application) the task's and the person's details are filled in (a declaration that they
are correct ticked), and the form is sent by code only when its button commits nothing the person must
approve (a wizard's Continue); an order, a payment, a message or an application is left for the
navigator to send, under the confirmation policy.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from navwright.agent.actions import FIELD_ROLES, is_search_box
from navwright.agent.modelcall import BadAnswer
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import NUMBER_WORDS, joined, word_set, words
from navwright.agent.text.messages import formfill_messages
from navwright.agent.written import as_written
from navwright.browser.skills.dates import dates_in, parse_date
from navwright.browser.types import ElementInfo, Observation
from navwright.models.base import Message

MAX_FIELDS = 16
MAX_OPTIONS = 6
FILLABLE = FIELD_ROLES - {"checkbox", "radio"}
"""Fields a value is typed into."""
CHOICES = {"select", "listbox", "combobox", "checkbox", "radio"}
MAX_TOKENS = 200
"""A plan's reply: a dozen label -> value pairs."""
CONSENT = re.compile(r"\b(?:accept|agree|consent)\b.*\b(?:terms|conditions|rules|policy)\b|"
                     r"\b(?:confirm|declare)\b.*\b(?:correct|true|accurate|complete)\b", re.IGNORECASE)
"""A box by which the person accepts the terms, or declares what they gave is correct."""
TALLY_WORDS = {word: n for word, n in NUMBER_WORDS.items() if n <= 10}
"""The numbers a choice's count is read from when written in words ("for two"), up to ten."""
UNTICKED = {"no", "n", "false", "off", "0", "unchecked", "none"}


@dataclass
class FillRequest:
    """What a form may be filled from: the task, the person's details and what the person answered."""

    intent: TaskIntent
    person: str = ""
    facts: list[str] = field(default_factory=list)
    acting: bool = False
    """The task is an action the person asked for (an order, a booking, an application): the form's
    required consent box ("I accept the terms") goes with it; the commitment itself is still asked."""
    shown: list[str] = field(default_factory=list)
    """Lines of the page that pair a field's label with a value ("Last name | Villarreal", "Email:
    ana@example.com"): a form to be filled from what the page shows."""


class FormPlan(BaseModel):
    fields: dict[str, str] = Field(default_factory=dict)
    """Field label -> the value the task gives for it."""


def open_form(obs: Observation, edits: bool = False) -> tuple[str, list[ElementInfo]] | None:
    """The page's form to fill: its key and fields, or None (no such form, or it wants a password). It
    still wants two answers or more; for a task that changes a record (`edits`), a form that holds two
    values or more (the record's own form, filled in) is one too."""
    forms = Counter(e.form for e in obs.elements if e.form and _asks(e) and not is_search_box(e))
    if not forms:
        return None
    key, _ = forms.most_common(1)[0]
    fields = [e for e in obs.elements
              if e.form == key and (e.role in FIELD_ROLES or e.role in CHOICES) and not e.disabled]
    held = sum(e.role in FILLABLE and bool((e.value or "").strip()) for e in fields)
    if any(e.input_type == "password" for e in fields) or not (unset(fields) >= 2 or (edits and held >= 2)):
        return None
    return key, fields[:MAX_FIELDS]


def _asks(e: ElementInfo) -> bool:
    """A field that takes a value, or a choice the form requires (not a filter's optional boxes)."""
    return e.role in FILLABLE or (e.role in {"radio", "checkbox"} and e.required)


def unset(fields: list[ElementInfo]) -> int:
    """How many answers the form still wants: empty fields, a choice of radios none of which is
    picked, required boxes not ticked (a wizard's "Which permit?" with its declaration box)."""
    empty = sum(e.role in FILLABLE and not (e.value or "").strip() for e in fields)
    radios = [e for e in fields if e.role == "radio"]
    choice = bool(radios) and any(e.required for e in radios) and not any(e.checked for e in radios)
    boxes = sum(e.role == "checkbox" and e.required and not e.checked for e in fields)
    return empty + choice + boxes


MAX_SHOWN = 8
VALUE_AFTER = re.compile(r"\s*[:|\t=–—-]\s*\w")
"""What follows a label that gives its value: a separator, then the value."""


def shown_values(fields: list[ElementInfo], lines: list[str], intent: TaskIntent) -> list[str]:
    """The page's lines that give a value beside a field's label ("Gender | Female", "Last name:
    Villarreal" beside the fields "Gender" and "Last name"): the label, a separator, then the value. A
    label with nothing after it is the field's own caption, "Email us: help@shop.example" names no
    field, and the task's own lines are not the page's values."""
    labels = [joined(label_of(e)) for e in fields if e.role in FILLABLE and joined(label_of(e))]
    if not labels:
        return []
    label = re.compile("|".join(r"[\W_]*".join(map(re.escape, name.split())) for name in labels),
                       re.IGNORECASE)
    said = intent.joined
    out: list[str] = []
    for line in (ln.strip() for ln in lines):
        m = label.match(line) if len(line) <= 120 and joined(line) not in said else None
        if m is not None and VALUE_AFTER.match(line[m.end():]):
            out.append(line)
    return out[:MAX_SHOWN]


def describe(fields: list[ElementInfo]) -> str:
    """One line a field: its label, its kind and, for a choice, its first options."""
    lines = []
    for e in fields:
        kind = e.input_type if e.input_type and e.input_type not in {"text"} else e.role
        shown = f"- {label_of(e) or '(no label)'} ({kind})"
        if e.options:
            more = " | …" if len(e.options) > MAX_OPTIONS else ""
            shown += ": " + " | ".join(e.options[:MAX_OPTIONS]) + more
        lines.append(shown)
    return "\n".join(lines)


def given_values(
    plan: FormPlan, fields: list[ElementInfo], source: str, intent: TaskIntent
) -> dict[str, str]:
    """The plan's values for fields the form has, each one said in `source` (the task, the person's
    details and answers): a value said nowhere is the model's guess and is left out. A box or a radio
    choice is ticked only when the task names it ("I want an email reminder", "express shipping")."""
    radios = [e for e in fields if e.role == "radio"]
    out: dict[str, str] = {}
    for label, value in plan.fields.items():
        value = value.strip()
        field = field_named(label, fields) or _choice_named(value, radios)
        if field is None and said_in(value, source):
            out.update(date_parts(label, value, fields))
        if field is None or not value:
            continue
        name = label_of(field)
        if field.role in {"checkbox", "radio"}:  # ticked when the task names it, whatever the plan says
            others = [label_of(e) for e in fields if e.role == field.role and e is not field]
            if value.casefold() not in UNTICKED and asked_for(name, intent, others):
                out[name] = "yes"
        elif not_a_value(value, field, intent, source) or joined(field.value or "") == joined(value):
            continue  # and a field that holds the value already is left as it is ("Water", not "water")
        elif said_in(value, source) or chosen_by_count(value, field, source):
            out[name] = as_written(value, source)
    return out


WHOLE_REQUEST = 0.9
"""The share of the request's words a value holds to be the request copied, not a value from it."""
COMPOSED = 4
"""Words (not numbers) a value has, at least, to be told apart as composed when nothing says them in that
order (a phone number or a date may be written another way)."""


def not_a_value(value: str, field: ElementInfo, intent: TaskIntent, source: str) -> bool:
    """`value` is what the task says to do, not what it gives to write: the request itself copied into
    a field ("Close ticket #26 with the resolution wontfix." as the ticket's Summary), words of the
    request put together anew ("Mark order MCPKL as paid" as an order's comment), unless the task quotes
    them; or a label: the field's own, or one that ends with a colon ("Cc:" for Keywords, from the line
    "Keywords: Cc:"); another field's label may be a value ("Ben" who paid, beside the box "Ben"). A
    value of four words or more, not a date, is written somewhere in that order: the task, the person's
    details, the page."""
    if value.endswith(":") or joined(value) == joined(label_of(field)):
        return True
    if any(value.casefold() in g.casefold() for g in intent.given):
        return False
    mine, task = words(value), intent.words
    if sum(not w.isdigit() for w in mine) < COMPOSED or parse_date(value) is not None:
        return False
    copied = len(task) >= COMPOSED and len(set(mine) & task) >= WHOLE_REQUEST * len(task)
    return copied or f" {' '.join(mine)} " not in f" {joined(source)} "


_FIRST = re.compile(r"\b(?:first|given|fore)\s*name\b", re.IGNORECASE)
_LAST = re.compile(r"\b(?:last|family|sur)\s*name\b|\bsurname\b", re.IGNORECASE)


def split_names(values: dict[str, str]) -> dict[str, str]:
    """A full name put in a first-name field ("Maria Santos" beside the last name "Santos") keeps only
    the first name: the field beside it holds the rest."""
    out = dict(values)
    for first, given in values.items():
        if not _FIRST.search(first):
            continue
        section = _FIRST.split(first)[0]
        last = next((v for k, v in values.items() if _LAST.search(k) and _LAST.split(k)[0] == section), "")
        if last and given.casefold().endswith(" " + last.casefold()):
            out[first] = given[: -len(last)].strip()
    return out


def chosen_by_count(value: str, field: ElementInfo, source: str) -> bool:
    """An option of a choice whose number the task says in words or digits ("2 adults" for "for
    two"); an option with no number is not taken this way."""
    if not any(o.casefold() == value.casefold() for o in field.options):
        return False
    wanted = re.findall(r"\d+", value)
    said = set(re.findall(r"\d+", source)) | {
        str(n) for word, n in TALLY_WORDS.items() if re.search(rf"\b{word}\b", source, re.IGNORECASE)
    }
    return bool(wanted) and all(n in said for n in wanted)


def label_of(field: ElementInfo) -> str:
    return field.name or field.placeholder or ""


def field_named(label: str, fields: list[ElementInfo]) -> ElementInfo | None:
    """The field a plan's label names (see `_named`), also when the model copied the kind `describe`
    shows after it ("Passenger 2 (adult) › First name (textbox)")."""
    found = _named(label, fields)
    echo = KIND_ECHO.sub("", label)
    return found if found is not None or echo == label else _named(echo, fields)


def _named(label: str, fields: list[ElementInfo]) -> ElementInfo | None:
    """The field a plan's label names (by its words, whatever stands between them: "Passenger 2 › First
    name" and "Passenger 2 - first name" are one label): its label, or the one label it begins
    ("Expiry" for "Expiry (MM/YY)", "Standard" for "Standard (5–7 days) — Free"), or the one label
    holding all its words ("Passenger 2 last name" for "Passenger 2 (adult) › Last name")."""
    said = joined(label)
    exact = next((e for e in fields if joined(label_of(e)) == said), None)
    if exact is not None or len(said) < 3:
        return exact
    begun = [e for e in fields if re.match(rf"{re.escape(said)}\b", joined(label_of(e)))]
    if len(begun) == 1:
        return begun[0]
    parts = said.split()
    holding = [e for e in fields if len(parts) >= 2 and set(parts) <= set(joined(label_of(e)).split())]
    return holding[0] if len(holding) == 1 and not begun else None


KIND_ECHO = re.compile(r"\s*\([a-z-]+\)\s*$")
"""A field's kind as `describe` shows it after the label, which a small model copies into its plan."""


def _choice_named(value: str, radios: list[ElementInfo]) -> ElementInfo | None:
    """The radio choice a value names ("Standard" for "Standard (3–5 days) · free")."""
    said = value.casefold()
    return next((e for e in radios if said and e.name.casefold().startswith(said)), None)


def consents(field: ElementInfo) -> bool:
    """A required, unticked box by which the person accepts the terms of what they asked for."""
    return field.role == "checkbox" and field.required and not field.checked and bool(
        CONSENT.search(label_of(field))
    )


def date_parts(label: str, value: str, fields: list[ElementInfo]) -> dict[str, str]:
    """A whole date given for a date asked in parts ("Date of birth": "2 July 1995" for the fields
    "Date of birth › Day", "› Month", "› Year"): each part its value, as the part's options write it."""
    day = parse_date(value)
    parts = {p: e for e in fields if (p := _part_of(label, label_of(e)))}
    if day is None or not {"day", "month", "year"} <= set(parts):
        return {}
    month = parts["month"]
    named = next((o for o in month.options if o.casefold().startswith(day.strftime("%b").casefold())), "")
    padded = any(o.startswith("0") for o in [*parts["day"].options, *month.options])
    number = "{:02d}" if padded else "{}"
    return {label_of(parts["day"]): number.format(day.day),
            label_of(month): named or number.format(day.month), label_of(parts["year"]): str(day.year)}


PARTS = {"day": "day", "dd": "day", "month": "month", "mm": "month", "year": "year", "yyyy": "year"}


def _part_of(caption: str, name: str) -> str:
    """The part ("day", "month", "year") a field's name says of the date `caption` names ("Date of
    birth › Day", "Date of birth › DD")."""
    whole, _, part = name.rpartition("›")
    return PARTS.get(part.strip().casefold(), "") if whole and joined(whole) == joined(caption) else ""


def said_in(value: str, source: str) -> bool:
    """Whether `source` says `value`: as it is (a number as a whole number: "1" is not said by
    "1995"), word for word in another order ("Weber Jonas" for "Jonas Weber", "+351 912 345 678"), or
    as the same date written another way."""
    folded = source.casefold()
    if value.isdigit():
        return re.search(rf"(?<!\d){value}(?!\d)", folded) is not None
    if value.casefold() in folded:
        return True
    if word_set(value) <= word_set(folded):
        return True
    day = parse_date(value)
    return day is not None and day in {d for _, d in dates_in(source)}





def asked_for(label: str, intent: TaskIntent, others: list[str]) -> bool:
    """Whether the task names what a box or a choice is for: of the label's words of four letters or
    more, and numbers, that no other such label has, the first ("Express (next day)", "12" of
    "Resident permit, 12 months" for "a 12-month permit") or two are in the task."""
    said = intent.words
    theirs = {w for other in others for w in words(other)}
    own = [w for w in words(label) if (len(w) >= 4 or w.isdigit()) and w not in theirs]
    return bool(own) and (own[0] in said or sum(w in said for w in own) >= 2)


async def plan_fill(
    ask: Callable[[list[Message]], Awaitable[FormPlan]], request: FillRequest, fields: list[ElementInfo]
) -> dict[str, str]:
    """One short model call: which of the task's (and the person's) values goes in which field. The
    values kept are the ones `request` says (see given_values); none when the model gave no valid plan."""
    messages = formfill_messages(request.intent.text, request.person, describe(fields), request.shown)
    try:
        plan = await ask(messages)
    except BadAnswer:
        return {}
    source = " ".join([request.intent.text, request.person, *request.facts, *request.shown])
    values = split_names(given_values(plan, fields, source, request.intent))
    if request.acting:
        values.update({label_of(e): "yes" for e in fields if consents(e)})
    return values
