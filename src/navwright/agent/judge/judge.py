"""The one verdict of a run's answer: code's checks (`checks.CHECKS`), then, for a question whose lines
code found, a short model call (`model_check`) unless switched off."""

from __future__ import annotations

from navwright.agent.judge.checks import JudgeInput, code_checks
from navwright.agent.judge.model_check import model_check
from navwright.agent.judge.verdict import Check, RunVerdict
from navwright.agent.modelcall import Caller


async def judge(j: JudgeInput, check_call: Caller | None, without: frozenset[str] = frozenset(),
                refused: list[Check] | None = None) -> RunVerdict:
    """`success` when every check passed; `refused`: the actions the run's vetoes refused (reported,
    no reason to doubt the answer)."""
    checks = code_checks(j, without)
    by_code = any(c.name == "comparison_made" and c.ok for c in checks)  # code's comparison is code's reading
    wants_model = j.asks and j.evidence and not by_code and "model_check" not in without
    if wants_model and check_call is not None and all(c.ok for c in checks):
        checks.append(await model_check(check_call, j.intent.text, j.answer, j.evidence))
    return RunVerdict(checks=[*checks, *(refused or [])])
