"""The page's answer to the last try says it was not right: the step is not done.

"Guess the number… use the feedback to find the right number": after typing 5, the page said "The
number is lower than 5." and the 1.5B model finished, reporting that line as its answer; the run said
success. A login that answers "Incorrect password", a quiz that answers "Wrong, try again" say the
same. A finish right after the page answered the last action so (new text, or a message it showed) is
turned back with the page's words (agent/judge/finish.py); the second time, the step fails saying so.
For a task that tells to try the page's controls, such a line is never its answer either: not the
reader's (read in the next step, after a press that changed nothing), nor a finish's.
"""

from __future__ import annotations

import re

from navwright.agent.task.intent import TaskIntent
from navwright.browser.types import ActionResult

NOT_YET = re.compile(
    r"\b(?:try\s+again|incorrect|wrong|not\s+(?:correct|right|valid)|invalid|too\s+(?:high|low|big|small)|"
    r"(?:is|was)\s+(?:higher|lower|greater|smaller|bigger|less|more)\s+than)\b", re.IGNORECASE)
"""Words of a page telling that a try missed."""


def says_missed(text: str) -> bool:
    """`text` tells that a try missed ("The number is lower than 5.")."""
    return NOT_YET.search(text) is not None


def no_answer(intent: TaskIntent, text: str) -> bool:
    """`text` is a miss the page told for a task that tells to try its controls: never that task's
    answer (`TaskIntent.tries`)."""
    return says_missed(text) and intent.tries


def missed(result: ActionResult | None) -> str | None:
    """The page's words after the last action telling that it missed, or None."""
    if result is None:
        return None
    said = [*result.appeared_text, *(p.text for p in result.problems if p.kind in ("error_text", "toast"))]
    return next((line for line in said if says_missed(line)), None)


def refusal(result: ActionResult | None) -> str | None:
    """What the page refused of the action, in words (a disabled "Select action", a field it refused),
    or why the action failed; None when it worked unrefused. An error text on a page the action worked
    on is no refusal of it: a banner such as "running in development mode" shows on every page."""
    if result is None:
        return None
    for p in result.problems:
        if p.kind == "disabled":
            return f'"{p.label}" is disabled' if p.label else "the control is disabled"
        if p.kind == "invalid_field":
            return ": ".join(t for t in (p.label, p.text) if t) or "a field it refused"
    return None if result.ok else (result.error or "the action failed")


FAILED = re.compile(
    r"\b(?:no\s+(?:search\s+)?(?:results?|matches|match)\b|nothing\s+(?:was\s+)?found|"
    r"not\s+found|failed|unsuccessful|(?:could\s*not|couldn't|unable\s+to)\s+\w+)", re.IGNORECASE)
"""Words of a page telling that what an action asked for found nothing or did not happen."""


def answered_against(result: ActionResult | None) -> str:
    """What the page said against the last action: a field it refused, an error it showed, or words
    telling the try missed, found nothing or failed ("No search results."); empty when it said none."""
    if result is None:
        return ""
    for p in result.problems:
        if p.kind == "invalid_field" or (p.kind in ("error_text", "toast") and _against(p.text)):
            return p.text or p.label
    return next((line for line in result.appeared_text if _against(line)), "")


def _against(text: str) -> bool:
    return says_missed(text) or FAILED.search(text) is not None
