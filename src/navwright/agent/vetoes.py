"""Named, typed vetoes every action passes before it runs (agent/guard.py applies them in order).

- `question_changes_nothing`: while the task only asks for information, an action that would change the
  site (add to a cart, save, send, delete, submit a form that is not a search or a list's filter) is
  refused.
- `nothing_invented`: a value typed into a field for personal data or a credential (e-mail, password,
  name, phone, address, card…) comes from the person (the task, the profile, a secret, an answer) or
  from the page; a made-up one ("example@example.com", "password123") is refused and the step ends
  asking the person for it.
- `no_page_credentials`: a value that looks like a credential (an access token, an API key, a card
  number) is typed only when the person gave it; one a page shows is never pasted into a field.
- `one_commit_per_record`: a second commit with the same button (a second "Cancel", "Delete") needs
  the task to ask for more than one.
- `commit_on_named_record`: where several records each have that button (a "Cancel" in every row), a
  commit runs only on the record the task names ("cancel request 12": not the row of request 14).

Each veto is a function of an `ActionCheck` that returns a `Veto` or None; `VETOES` lists them by name
so that a run can switch one off (`RunSettings.without`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from navwright.agent.exposure import fields_named
from navwright.agent.grounding import Seen
from navwright.agent.signin import signs_in
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import flat, joined, telling, word_set
from navwright.agent.text import refusals
from navwright.browser.skills.base import Skill
from navwright.browser.types import ElementInfo, Observation

CHANGE_WORDS = ("add", "save", "delete", "remove", "cancel", "send", "post", "publish", "submit", "order",
                "buy", "book", "reserve", "subscribe", "unsubscribe", "apply", "create", "update", "confirm",
                "register", "sign up", "vote", "like", "follow", "upload", "pay", "checkout", "check out",
                "purchase", "donate", "archive", "close", "reply", "comment", "edit", "rename", "mark",
                "accept", "decline", "approve", "reject", "assign", "claim", "enrol", "enroll", "join")
"""Words of a control that changes what the site holds."""
SAFE_WORDS = ("search", "find", "filter", "sort", "go", "show", "view", "next", "previous", "prev", "more",
              "load", "open", "read", "log in", "login", "sign in", "expand", "details", "back", "refresh",
              "look up", "lookup", "page", "preview", "close dialog", "dismiss", "print", "download")
"""Words of a control that only shows, finds or signs in: allowed for a question."""
REDRAW_WORDS = ("update", "apply", "submit")
"""Change words that also name redrawing a view: a filter form's "Update" or "Apply"."""
VIEW_FIELDS = ("filter", "filters", "sort", "sort by", "order by", "group", "columns", "per page")
"""Words of a field that shapes a view of a list (what it shows, in which order), not a record."""
PERSONAL_TYPES = ("password", "email", "tel", "cc-", "bday", "username", "current-password", "new-password")
PERSONAL_WORDS = ("e-mail", "email", "password", "passcode", "user name", "username", "login", "phone",
                  "telephone", "mobile", "street", "address", "postcode", "postal", "zip", "birth",
                  "card number", "cvc", "cvv", "iban", "account number", "social security", "first name",
                  "last name", "full name", "surname", "your name")
"""What a field asks when it wants the person's own data or a credential."""
TEXT_ROLES = ("textbox", "searchbox", "combobox", "spinbutton")
"""Fields a value is typed into (not a box ticked or an option chosen)."""
FIELDS = (*TEXT_ROLES, "checkbox", "radio", "switch", "slider")
"""Roles of a form's fields (a press on one ticks or focuses it; it sends nothing)."""
LISTS = ("select", "listbox")
"""Fields an option is chosen in."""
CHOICES = ("", "yes", "no", "true", "false", "on", "off", "checked", "unchecked")
_KEY_PREFIX = re.compile(r"\b(?:sk|pk|rk)[-_][A-Za-z0-9_-]{16,}|\bgh[pousr]_[A-Za-z0-9]{20,}|"
                         r"\bxox[abprs]-[A-Za-z0-9-]{10,}|\bAKIA[0-9A-Z]{16}\b|"
                         r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.")
_RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]")
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_HINT = re.compile(r'hint="[^"]*"')
@dataclass(frozen=True)
class Veto:
    """Why an action does not run; `needs`: what only the person can give (the step then asks them)."""

    rule: str
    message: str
    needs: str = ""


@dataclass
class ActionCheck:
    """An action about to run and what it is judged on."""

    skill: Skill
    params: dict[str, Any]
    target: ElementInfo | None
    obs: Observation
    intent: TaskIntent
    given: str
    """What the person said: the task, the profile, their answers (secrets are `{{NAME}}`)."""
    seen: Seen
    committed: list[tuple[str, str]] = field(default_factory=list)
    """(label, element id) of each commit, or other change of the site, that ran in this run."""
    commits: bool = False
    """The confirmation policy counts this action as a commitment (it asked, or would ask, approval)."""
    records: dict[str, str] = field(default_factory=dict)
    """Element id -> the text of its record, for the target and each control like it on the page (a
    "Cancel" in each row); empty when the target is the only one (browser/owners.py)."""


def question_changes_nothing(check: ActionCheck) -> Veto | None:
    if not check.intent.question_only or not changes_site(check):
        return None
    what = check.target.name if check.target is not None and check.target.name else check.skill.name
    return Veto("question_changes_nothing", refusals.changes_the_site(what))


def question_fills_nothing(check: ActionCheck) -> Veto | None:
    """A question puts nothing into a form whose button makes or changes a record (a new ticket's
    form): such a form is never sent for a question, so what is typed or chosen there answers nothing."""
    target, obs = check.target, check.obs
    if not check.intent.question_only or target is None or not target.form or not _fills(check.skill, target):
        return None
    button = next((b for b in _buttons(target.form, obs) if label_changes(b.name.lower(), b, obs)), None)
    if button is None:
        return None
    why = refusals.fills_a_change_form(target.name or "the field", button.name)
    return Veto("question_fills_nothing", why)


CHANGE_FIELDS_HELD = "question_offered_no_change_form"


def change_form_fields(intent: TaskIntent, obs: Observation) -> frozenset[str]:
    """Ids of the fields `question_fills_nothing` would refuse to fill, while the task only asks: those of
    a form whose button makes or changes a record. The menu offers none of them (agent/menuholds.py): a
    model that typed "Chloe" into a shared budget's "Add participant" for "How much has Chloe paid?" was
    refused three times, at 25 s a call."""
    if not intent.question_only:
        return frozenset()
    forms = {e.form for e in obs.elements if e.form and e.role in (*FIELDS, *LISTS)}
    changing = {form for form in forms if form_sends_a_change(form, obs)}
    return frozenset(e.id for e in obs.elements if e.role in (*FIELDS, *LISTS) and e.form in changing)


def _fills(skill: Skill, target: ElementInfo) -> bool:
    fills = ("type", "pick", "check", "upload")
    return skill.does in fills or (skill.does == "press" and target.role in FIELDS)


def changes_site(check: ActionCheck) -> bool:
    """The action changes what the site holds: a commitment, or a control (not a link) that adds, saves,
    sends, deletes…, or a form sent that is not a search; a site function that is not read-only."""
    skill, target = check.skill, check.target
    if check.commits:
        return True
    if skill.does == "other" and not skill.read_only and skill.needs_confirmation:
        return True  # a site function that changes state
    if skill.does not in ("press", "send_form", "key", "type") or target is None or target.role == "link":
        return False
    label = target.name.lower()
    if skill.does in ("key", "type"):  # Enter in a field sends its form, as the form's button would
        if not _enters(skill, check.params) or not target.form:
            return False
        label = " ".join(e.name.lower() for e in _buttons(target.form, check.obs))
    return label_changes(label, target, check.obs)


def form_sends_a_change(form: str, obs: Observation) -> bool:
    """One of the form's buttons changes what the site holds ("Create ticket", "Submit changes"): a
    question may not send the form, so it is no form to fill for one."""
    return any(label_changes(b.name.lower(), b, obs) for b in _buttons(form, obs))


def _buttons(form: str, obs: Observation) -> list[ElementInfo]:
    return [e for e in obs.elements if e.form == form and e.role in ("button", "submit")]


def label_changes(label: str, target: ElementInfo, obs: Observation) -> bool:
    """A control with this label changes what the site holds: a change word, outside a search, a
    sign-in or a form that only redraws a list."""
    if has_word(label, SAFE_WORDS) or search_form(target, obs) or signs_in(target.form, obs):
        return False
    changes = [w for w in CHANGE_WORDS if has_word(label, (w,))]
    return bool(changes) and not (set(changes) <= set(REDRAW_WORDS) and _view_form(target, obs))


def _enters(skill: Skill, params: dict[str, Any]) -> bool:
    if skill.does == "type":
        return bool(params.get("enter"))
    return "enter" in str(params.get("key", "")).lower()


def nothing_invented(check: ActionCheck) -> Veto | None:
    for label, value in _typed_personal(check):
        if "{{" in value or _given(value, check):
            continue
        return Veto("nothing_invented", refusals.value_invented(label), needs=label)
    return None


def no_page_credentials(check: ActionCheck) -> Veto | None:
    """A value that looks like a credential (an access token, an API key, a card number) is typed only
    when the person gave it: one a page shows is data, never something to paste elsewhere."""
    for value in _typed_values(check):
        if "{{" in value or not looks_like_credential(value) or flat(value) in flat(check.given):
            continue
        return Veto("no_page_credentials", refusals.credential_from_page())
    return None


def looks_like_credential(value: str) -> bool:
    """An access token or key (a known prefix, or 20+ letters and digits of mixed case), a JWT, or a
    card number that passes the Luhn check, written with or without separators."""
    if _KEY_PREFIX.search(value):
        return True
    for run in _RUN.findall(value):
        flat = re.sub(r"[-_]", "", run)
        classes = sum(bool(re.search(p, flat)) for p in ("[a-z]", "[A-Z]", "[0-9]"))
        if len(flat) >= 20 and classes == 3:
            return True
    cards = (re.sub(r"\D", "", c) for c in _CARD.findall(value))
    return any(13 <= len(c) <= 19 and _luhn(c) for c in cards)


def one_commit_per_record(check: ActionCheck) -> Veto | None:
    target = check.target
    if target is None or check.intent.several or not (check.commits or changes_site(check)):
        return None
    label = joined(target.name)
    if not any(label and label == joined(name) and target.id != ident for name, ident in check.committed):
        return None
    return Veto("one_commit_per_record", refusals.done_once(target.name))


def commit_on_named_record(check: ActionCheck) -> Veto | None:
    target = check.target
    if target is None or target.id not in check.records or check.intent.several:
        return None
    score = _naming(check.intent, target.name, check.records)
    best = max(score.values(), default=0)
    if best == 0 or score.get(target.id, 0) == best:
        return None
    mine = check.records[target.id]
    named = next(i for i, s in score.items() if s == best)
    return Veto("commit_on_named_record", refusals.other_record(target, mine, check.records[named], named))


def _naming(intent: TaskIntent, label: str, records: dict[str, str]) -> dict[str, int]:
    """How many of the task's words that tell the records apart each record holds: names and numbers
    ("@kelly", "12", "Bulky") where the task has them, else its other words, less the control's own."""
    words = {i: word_set(text) for i, text in records.items()}
    apart = telling(list(words.values()))
    asked = intent.words - word_set(label) - set(CHANGE_WORDS)
    names = intent.named & apart & asked
    keys = names or (asked & apart)
    return {i: len(keys & w) for i, w in words.items()}


VETOES: dict[str, Callable[[ActionCheck], Veto | None]] = {
    "question_changes_nothing": question_changes_nothing,
    "question_fills_nothing": question_fills_nothing,
    "nothing_invented": nothing_invented,
    "no_page_credentials": no_page_credentials,
    "one_commit_per_record": one_commit_per_record,
    "commit_on_named_record": commit_on_named_record,
}


def vetoed(check: ActionCheck, without: frozenset[str] = frozenset()) -> Veto | None:
    """The first veto (in `VETOES` order, less those switched off) that refuses the action."""
    return next((v for name, rule in VETOES.items() if name not in without and (v := rule(check))), None)


def _typed_personal(check: ActionCheck) -> list[tuple[str, str]]:
    """(field label, value) of each value the action types into a field for personal data."""
    params, skill = check.params, check.skill
    fields = params.get("fields")
    if skill.does == "send_form" and isinstance(fields, dict):
        pairs = []
        for key, value in fields.items():
            named = [e for e in fields_named([str(key)], check.obs) if e.role in TEXT_ROLES]
            typed = isinstance(value, str) and value.strip().lower() not in CHOICES
            if typed and (any(_personal(e) for e in named) or (not named and _personal_words(str(key)))):
                pairs.append((str(key), str(value)))
        return pairs
    text = params.get("text")
    target = check.target
    if skill.does == "type" and isinstance(text, str) and text.strip() and target is not None \
            and _personal(target):
        return [(target.name or "the field", text)]
    return []


def _typed_values(check: ActionCheck) -> list[str]:
    fields = check.params.get("fields")
    if check.skill.does == "send_form" and isinstance(fields, dict):
        return [str(v) for v in fields.values() if isinstance(v, str)]
    text = check.params.get("text")
    return [text] if check.skill.does in ("type", "search") and isinstance(text, str) else []


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _personal(element: ElementInfo) -> bool:
    kind = (element.input_type or "").lower()
    return any(kind.startswith(t) for t in PERSONAL_TYPES) or _personal_words(element.name)


def _personal_words(label: str) -> bool:
    return has_word(label.lower(), PERSONAL_WORDS)


def _given(value: str, check: ActionCheck) -> bool:
    """The value is the person's (in what they said) or the page's (a line seen, its hints left out)."""
    typed = flat(value)
    if not typed:
        return True
    if typed in flat(check.given):
        return True
    hints = {flat(e.placeholder or "") for e in check.obs.elements}
    if typed in hints:
        return False
    return check.seen.shows(value, strip=_HINT)


def _form_mates(target: ElementInfo, obs: Observation) -> list[ElementInfo]:
    """The other elements of the target's form (none where it has no form)."""
    return [e for e in obs.elements if e.form == target.form and e.id != target.id] if target.form else []


def search_form(target: ElementInfo, obs: Observation) -> bool:
    """The target's form searches (a field is a search box, or says search, query or find)."""
    return any((e.input_type or "") == "search" or has_word(e.name.lower(), ("search", "query", "find"))
               for e in _form_mates(target, obs))


def _view_form(target: ElementInfo, obs: Observation) -> bool:
    """The target's form shapes a view of a list (a field filters, sorts, groups or pages it): its
    "Update" redraws the list and changes nothing the site holds (Trac's custom query)."""
    return any(has_word(e.name.lower(), VIEW_FIELDS) for e in _form_mates(target, obs))


def has_word(text: str, words: tuple[str, ...]) -> bool:
    """One of `words` stands in the lower-case `text` as a word of its own."""
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text) for w in words)
