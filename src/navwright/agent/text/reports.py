"""Why a web step ended without its answer, as its report's summary says it: the planner reads it in
"Steps so far" (messages.step_line), and the person in the run's result."""

from __future__ import annotations


def not_done(why: str) -> str:
    """A finish turned back a second time (`why`: the guard's reason, text/refusals.py)."""
    return f"not done: {why}"


def needs_value(label: str) -> str:
    """The step met a field, `label`, only the person can fill."""
    return f'needs from the person: a value for "{label}"'


def declined(label: str, error: str | None) -> str:
    """The person declined the action `label`."""
    return f"{label}: {error}"


def same_result(label: str, times: int) -> str:
    return f"{label} gave the same result {times} times; stopping this step"


def actions_used(actions: int) -> str:
    return f"used all {actions} actions of this step"


def page_unreadable(error: str) -> str:
    return f"could not read the page: {error}"


def no_finish(calls: int) -> str:
    return f"no finish after {calls} model calls"


def interrupted() -> str:
    """The person edited the request while the step ran."""
    return "interrupted: the person edited the request"


def not_opened(url: str, error: str) -> str:
    return f"could not open {url}: {error}"
