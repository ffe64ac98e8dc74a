"""When the navigator may end a step as done: named guards over what the step did, then grounding.

A finish "done" is turned back (the step goes on, the model told why) when a guard finds the step did
not do what its request commands; an answer stands only when each fact it states was on a page this
run read, or the person said it. Each guard is a small function of a `Finishing`, listed by name in
`GUARDS` (switchable with `--without NAME`, as are the run's guards in answer.py and checks.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from navwright.agent.actions import FinishAction
from navwright.agent.feedback import no_answer
from navwright.agent.grounding import Evidence, Seen, ground, restates
from navwright.agent.judge.verdict import first_refusal
from navwright.agent.quantities import unit_mismatch
from navwright.agent.step import says_something
from navwright.agent.task.intent import TaskIntent
from navwright.agent.text import refusals
from navwright.agent.unsent import Unsent


@dataclass(frozen=True)
class Finishing:
    """A finish and what it is judged on."""

    action: FinishAction
    request: TaskIntent
    """The planner's request of this step, parsed once (agent/task/request.py)."""
    intent: TaskIntent
    """The run's task, parsed once."""
    given: str
    """What the person said (the task, their answers, their profile): needs no page."""
    question: bool
    """The task is a question (the reader said so): an answer is what it asks for."""
    committed: int
    """Actions of the run that needed the person's approval and ran."""
    actions: int
    """Actions this step ran."""
    undone: str | None = None
    """A part of the request no action did that names an element the page shows (agent/clauses.py);
    None once a finish was turned back (the page may have done it another way: Enter for "Search")."""
    missed: str | None = None
    """The page's words after the last action telling that it missed ("The number is lower than 5.",
    "Incorrect password": agent/feedback.py)."""
    confirm: str | None = None
    """The button of the page a link with change words opened ("Mark as paid" -> a form whose button
    is "Mark as paid" or "Yes, I'm sure"): the change waits for it (agent/judge/confirm.py)."""
    refused: str | None = None
    """What the page refused of the step's last action (a disabled "Select action", a field it refused),
    when it refused it."""
    changed: int = 0
    """Actions of the run that changed what the site holds (agent/guard.py's commits)."""
    unsent: Unsent | None = None
    """The form the step filled last and never sent, with a button that sends it on the page
    (agent/unsent.py)."""


@dataclass
class Verdict:
    status: Literal["done", "failed", "needs_user", "turned_back"]
    answer: str = ""
    why: str = ""
    """Why a finish was turned back."""
    evidence: list[Evidence] = field(default_factory=list)


def uncommitted(f: Finishing) -> str | None:
    """The request asks to order, book, send or delete, and nothing that commits was pressed."""
    if f.question or f.committed or not f.request.commits:
        return None
    return refusals.finish_uncommitted()


def nothing_done(f: Finishing) -> str | None:
    """The request commands working the page and the step did nothing on it: an answer alone."""
    if f.question or f.actions or not f.request.works:
        return None
    return refusals.finish_unworked()


def part_left(f: Finishing) -> str | None:
    """A part of the request that names something on the page was not done ("press Submit")."""
    if f.undone is None:
        return None
    return refusals.part_undone(f.undone)


def missed_try(f: Finishing) -> str | None:
    """The page answered the last action of a task that works it (an action, or a problem the task
    tells to try on the page's controls: `TaskIntent.tries`) by saying the try missed; or the finish
    of such a task reports a miss as its answer."""
    said = f.missed
    if said is None and no_answer(f.intent, f.action.answer):
        said = f.action.answer.strip()  # the miss the page showed earlier, reported as the answer
    if said is None or (f.question and not f.intent.tries):
        return None
    return refusals.try_missed(said)


def confirm_unpressed(f: Finishing) -> str | None:
    """A link with change words opened a page that asks to confirm, and its button was not pressed."""
    if f.question or f.confirm is None:
        return None
    return refusals.confirm_left(f.confirm)


def refused_change(f: Finishing) -> str | None:
    """The request asks to change what the site holds, the page refused the step's last action (a
    disabled button, a field it refused) and no action of the run changed anything the site holds: the
    finish was written before the refusal was seen ("Order MCPKL has been marked as paid" after a
    disabled "Select action")."""
    if f.question or f.refused is None or f.changed or not f.request.changes:
        return None
    return refusals.change_refused(f.refused)


def form_unsent(f: Finishing) -> str | None:
    """An action's step filled a form and ends before sending it: nothing it holds reached the site
    ("Algeria" chosen in "Tags:", "Submit" never pressed)."""
    if f.question or f.intent.question_only or f.unsent is None:
        return None
    return refusals.form_unsent(f.unsent.field.name, [b.name for b in f.unsent.buttons])


GUARDS: dict[str, Callable[[Finishing], str | None]] = {
    "finish_commits": uncommitted, "finish_acts": nothing_done, "finish_after_miss": missed_try,
    "finish_all_parts": part_left, "finish_confirmed": confirm_unpressed,
    "finish_after_refusal": refused_change, "finish_form_sent": form_unsent,
}
"""The rules a finish "done" must pass before its answer is looked at, in order."""


def judge(f: Finishing, seen: Seen, without: frozenset[str] = frozenset()) -> Verdict:
    """Accept the finish (with its evidence), report it as the model gave it, or turn it back."""
    action = f.action
    if action.status == "done":
        why = first_refusal(GUARDS, f, without)
        if why is not None:
            return Verdict("turned_back", why=why)
    if action.status != "done" or not says_something(action.answer):
        return Verdict(action.status, action.answer)
    if restates(action.answer, f.intent.said):  # the question given back is no answer
        return Verdict("done")
    grounding = ground(action.answer, seen, f.given)
    other = unit_mismatch(action.answer, seen, f.intent.quantity)
    if grounding.ok and other is None:
        return Verdict("done", action.answer, evidence=grounding.evidence)
    return Verdict("turned_back", why=refusals.finish_unfounded(grounding.missing, other))
