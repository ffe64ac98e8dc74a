"""When the planner's answer to the whole run may stand: named guards over the answer and what the run
did, before the run's verdict (checks.py) is made.

An answer is accepted when each fact it states was on a page the run read or was said by the person,
and it adds something a page showed to what the person said; an answer with no fact needs a quote a
page showed. A last step that changed the page's state (an action done) needs neither. Each guard is a
function of an `Answering`, listed by name in `GUARDS` (switchable with `--without NAME`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from navwright.agent.difference import partial
from navwright.agent.grounding import SITE_WORDS, Evidence, Grounding, lacks_number
from navwright.agent.task.intent import TaskIntent
from navwright.agent.text import refusals
from navwright.browser.skills.dates import tells_time


@dataclass(frozen=True)
class Answering:
    """The planner's answer and what it is judged on."""

    answer: str
    intent: TaskIntent
    """The run's task, parsed once."""
    grounding: Grounding
    """The answer's facts found on the pages the run saw, or said by the person."""
    told: Evidence | None
    """A line a page showed that the answer adds to what the person said (grounding.informs)."""
    changed: bool
    """The last step changed the page's state, and the task acts (a question needs its fact)."""
    acting: bool
    """The task is no question the reader recognised: its commitments must be made."""
    committed: int
    actions: int
    """Actions the run's steps ran on pages."""


def named_unseen(a: Answering) -> str | None:
    if not a.grounding.missing:
        return None
    return refusals.answer_unseen(a.grounding.missing)


def nothing_new(a: Answering) -> str | None:
    if a.told is not None or a.changed:
        return None
    return refusals.answer_adds_nothing()


def only_part(a: Answering) -> str | None:
    if a.changed or not partial(a.answer, a.intent):
        return None
    return refusals.answer_partial()


def number_missing(a: Answering) -> str | None:
    if a.changed or not lacks_number(a.answer, a.intent):
        return None
    return refusals.answer_lacks_number()


def time_missing(a: Answering) -> str | None:
    """A question that asks when is answered by a date, a day or a time (or that there is none)."""
    if a.changed or not a.intent.wants_time or tells_time(a.answer):
        return None
    return refusals.answer_lacks_time()


def only_chrome(a: Answering) -> str | None:
    """What the answer tells was shown only by a page's chrome ("Powered by Trac 1.6"), and the question
    is not about the site itself."""
    new = a.grounding.new
    if a.changed or not new or set(new) - set(a.grounding.chrome) or a.intent.words & SITE_WORDS:
        return None
    return refusals.answer_from_chrome(a.grounding.chrome[0])


def not_committed(a: Answering) -> str | None:
    if not a.acting or a.committed or not a.intent.commits:
        return None
    return refusals.answer_uncommitted()


def not_worked(a: Answering) -> str | None:
    if not a.acting or a.actions or not a.intent.works:
        return None
    return refusals.answer_unworked()


GUARDS: dict[str, Callable[[Answering], str | None]] = {
    "answer_seen": named_unseen, "answer_informs": nothing_new, "answer_whole": only_part,
    "answer_number": number_missing, "answer_time": time_missing, "answer_content": only_chrome,
    "answer_commits": not_committed, "answer_acts": not_worked,
}
"""The rules the run's answer must pass, in order; the first that refuses it says why."""
