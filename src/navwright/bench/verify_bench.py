"""How far the verdict's check call can be trusted: `navwright bench verify` puts labelled cases (a
question, an answer, the lines it was taken from, and whether those lines show it) to the model check
of agent/judge/model_check.py and prints its precision (of the answers it passed, the share that were
right: what the precision of a run's `success` rests on), recall and seconds per call."""

from __future__ import annotations

import json
import statistics
import time
from importlib.resources import files
from typing import Literal

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from navwright.agent.grounding import Evidence
from navwright.agent.judge.model_check import model_check
from navwright.agent.modelcall import Caller
from navwright.models.base import ChatModel


class VerifyCase(BaseModel):
    question: str
    answer: str
    lines: list[str]
    shows: Literal["yes", "no"]
    columns: list[str] = []
    """The column headers of the table the lines are rows of (agent/columns.py); [] for none."""


class VerifyRow(BaseModel):
    case: VerifyCase
    passed: bool
    seconds: float


class VerifyReport(BaseModel):
    model: str
    rows: list[VerifyRow]

    def _count(self, passed: bool, shows: str) -> int:
        return sum(r.passed == passed and r.case.shows == shows for r in self.rows)

    @property
    def precision(self) -> float | None:
        passed = self._count(True, "yes") + self._count(True, "no")
        return self._count(True, "yes") / passed if passed else None

    @property
    def recall(self) -> float | None:
        right = self._count(True, "yes") + self._count(False, "yes")
        return self._count(True, "yes") / right if right else None

    @property
    def accuracy(self) -> float:
        return (self._count(True, "yes") + self._count(False, "no")) / max(1, len(self.rows))


def verify_cases() -> list[VerifyCase]:
    text = files("navwright.bench").joinpath("verify_cases.jsonl").read_text(encoding="utf-8")
    return [VerifyCase.model_validate_json(line) for line in text.splitlines() if line.strip()]


async def run_verify_bench(model: ChatModel, cases: list[VerifyCase] | None = None) -> VerifyReport:
    caller = Caller(model, "verifier", "bench-verify", lambda _event: None)
    rows: list[VerifyRow] = []
    for case in cases or verify_cases():
        evidence = [Evidence(url="http://127.0.0.1/page", quote=line, columns=case.columns)
                    for line in case.lines]
        start = time.monotonic()
        check = await model_check(caller, case.question, case.answer, evidence)
        rows.append(VerifyRow(case=case, passed=check.ok, seconds=round(time.monotonic() - start, 2)))
    return VerifyReport(model=model.name, rows=rows)


def print_verify_report(report: VerifyReport, console: Console) -> None:
    table = Table(title=f"Check call · model {report.model}")
    for col in ("question", "answer", "lines show it", "check passed", "s"):
        table.add_column(col)
    for r in report.rows:
        table.add_row(r.case.question[:48], r.case.answer[:24], r.case.shows, "yes" if r.passed else "no",
                      f"{r.seconds:.1f}")
    console.print(table)
    console.print(json.dumps({
        "cases": len(report.rows), "precision": _share(report.precision), "recall": _share(report.recall),
        "accuracy": f"{report.accuracy:.2f}",
        "median_s": statistics.median(r.seconds for r in report.rows) if report.rows else 0.0,
    }))


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"
