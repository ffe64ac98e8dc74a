"""A question that asks what several records come to ("How much has Chloe paid in all, for expenses?")
is not answered by one of them. An answer whose number a page shows only on a line that has siblings
on its page (other lines with numbers about the same named thing: Chloe's other bills) gives one part
of the total: the run stays unverified, and a reading that does so is doubted so the step goes on. A
line that states the number as a total ("Total: $34.50"), or one with no such siblings (a member's own
row of a balance table), confirms it; a number no line shows (summed by the model) is not this check's
to judge."""

from __future__ import annotations

from navwright.agent.grounding import Seen
from navwright.agent.judge.verdict import Check
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import STOP, number_set
from navwright.agent.text import verdicts

TOTAL_WORDS = frozenset({"total", "totals", "subtotal", "sum", "overall", "altogether", "grand"})
"""Words a page puts beside a sum it states."""


def total_stated(intent: TaskIntent, answer: str, seen: Seen) -> Check | None:
    """For a question that asks for a total (`TaskIntent.totals`): is the answer's number a page's total
    or one of its parts? None when the question asks none, or no line shows the answer's numbers."""
    if not intent.totals or intent.counted:
        return None
    numbers = number_set(answer) - intent.said.numbers
    figures = seen.figures_by_page()
    part: tuple[float, list[str]] | None = None
    for number in sorted(numbers):
        showing = [line for line in seen.lines if number in line.numbers and not line.chrome]
        for line in showing:
            if line.words & TOTAL_WORDS:
                return Check(name="total_stated", ok=True, detail=verdicts.total_stated(),
                             quote=seen.evidence(line))
            subject = sorted(w for w in (line.words & intent.words) - STOP - TOTAL_WORDS if not w.isdigit())
            siblings = [other for other in figures.get(line.url, []) if other is not line
                        and set(subject) <= other.words]
            if subject and not siblings:
                return Check(name="total_stated", ok=True, detail=verdicts.total_whole(),
                             quote=seen.evidence(line))
            if subject:  # a line that names nothing of the question tells nothing either way
                part = part or (number, subject)
    if part is None:
        return None
    return Check(name="total_stated", ok=False, detail=verdicts.total_part(*part))
