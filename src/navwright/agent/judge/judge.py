"""The one verdict of a run's answer: code's checks (`checks.CHECKS`), then, for a question whose lines
code found, a short model call (`model_check`) unless switched off."""

from __future__ import annotations

from navwright.agent.grounding import Evidence, Seen
from navwright.agent.judge.checks import CHECKS, JudgeInput, code_checks
from navwright.agent.judge.model_check import model_check
from navwright.agent.judge.verdict import Check, RunVerdict
from navwright.agent.modelcall import Caller
from navwright.agent.task.intent import TaskIntent

READ_CHECKS = ("quoted", "not_chrome", "not_the_task", "count_stated", "total_stated", "no_element_ids",
               "time_stated", "role_asked", "column_asked", "subject_shown")
"""The checks of an answer read off a page that need nothing but the lines the run saw."""
BY_CODE = frozenset({"comparison_made", "count_stated"})
"""The checks that pass with no quote when code made the answer: no model check reads it again."""


async def judge(j: JudgeInput, check_call: Caller | None, without: frozenset[str] = frozenset(),
                refused: list[Check] | None = None, memo: dict[str, Check] | None = None) -> RunVerdict:
    """`success` when every check passed; `refused`: the actions the run's vetoes refused (reported,
    no reason to doubt the answer); `memo`: the check calls the run made already."""
    checks = code_checks(j, without)
    # code's comparison or count is code's reading; one a line quoted states is the page's, checked like
    # any line
    by_code = any(c.name in BY_CODE and c.ok and c.quote is None for c in checks)
    wants_model = j.asks and j.evidence and not by_code and "model_check" not in without
    if wants_model and check_call is not None and all(c.ok for c in checks):
        checks.append(await model_check(check_call, j.intent.text, j.answer, j.evidence, memo, j.seen))
    return RunVerdict(checks=[*checks, *(refused or [])])


def doubt(intent: TaskIntent, answer: str, evidence: list[Evidence], seen: Seen,
          without: frozenset[str] = frozenset()) -> str | None:
    """Why code would not confirm an answer to a question read off a page (the first of `READ_CHECKS`
    it fails; for the most or fewest of a thing, also a line that does not say it is the most: no code
    compared the records), before a step ends on it; None when none speaks against it."""
    criterion = intent.criterion
    counted = criterion.label if criterion is not None and criterion.measure == "count" else None
    j = JudgeInput(intent, True, False, answer, evidence, seen, criterion=counted)
    for name in (*READ_CHECKS, "comparison_made"):
        check = CHECKS[name](j) if name not in without else None
        if check is not None and not check.ok:
            return check.detail
    return None
