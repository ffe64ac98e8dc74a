"""Where code cannot judge whether a line answers a question (is "opened in 1958" the designer's birth
year?), one short model call does: it sees only the question, the answer and the quoted lines, and
replies yes or no (`RunSettings.verify`; measured by `navwright bench verify`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from navwright.agent.grounding import Evidence, Seen
from navwright.agent.judge.verdict import Check
from navwright.agent.modelcall import BadAnswer, Caller
from navwright.agent.task.login import without_login
from navwright.agent.text import messages as wording
from navwright.agent.text import verdicts
from navwright.models.base import Message

MAX_TOKENS = 12
MAX_LINES = 4


class VerifyReply(BaseModel):
    shows: Literal["yes", "no"]


def verify_messages(question: str, answer: str, evidence: list[Evidence]) -> list[Message]:
    """The call reads the question without the task's sentence about signing in, and a table row with
    its column headers."""
    return wording.verify_messages(without_login(question), answer, evidence[:MAX_LINES])


async def model_check(caller: Caller, question: str, answer: str, evidence: list[Evidence],
                      memo: dict[str, Check] | None = None, seen: Seen | None = None) -> Check:
    """The model's reading of whether the quoted lines show the answer; a reply that is no valid JSON
    counts as not shown. `memo`: the run's checks so far, by what the call reads: the same question,
    answer and lines are checked once (in the step that read them, then by the run's verdict). `seen`:
    the run's pages, which give a quoted table row its column headers."""
    if seen is not None:
        evidence = [seen.with_columns(e) for e in evidence]
    key = "\n".join(m.content for m in verify_messages(question, answer, evidence))
    if memo is not None and key in memo:
        return memo[key]
    check, made = await _ask(caller, question, answer, evidence)
    if memo is not None and made:
        memo[key] = check
    return check


async def _ask(caller: Caller, question: str, answer: str, evidence: list[Evidence]) -> tuple[Check, bool]:
    """The check, and whether the call was made (one that failed is not remembered: a later one may
    succeed)."""
    try:
        reply = await caller.ask(verify_messages(question, answer, evidence), VerifyReply,
                                 max_tokens=MAX_TOKENS)
    except BadAnswer as exc:
        return Check(name="model_check", ok=False, detail=verdicts.check_invalid(str(exc))), True
    except Exception as exc:  # a check that cannot be made leaves the answer unverified, the run goes on
        return Check(name="model_check", ok=False, detail=verdicts.check_failed(type(exc).__name__)), False
    if reply.shows == "yes":
        return Check(name="model_check", ok=True, detail=verdicts.check_shows()), True
    return Check(name="model_check", ok=False, detail=verdicts.check_not_shows()), True
