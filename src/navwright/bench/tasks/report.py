"""Figures of a suite run: success per task, per kind and overall, failures by what the agent believed.

Self-aware failures: the agent said it failed, needed the person, was stopped, or ran out of time
without claiming success (timeouts are also counted on their own line). Oblivious: it said success and
the check disagreed. Errors (the agent or site broke) are counted apart.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from navwright.bench.tasks.harness import TaskRow


class Figures(BaseModel):
    tasks: int = 0
    successes: int = 0
    success_rate: float = 0.0
    self_aware: int = 0
    oblivious: int = 0
    timeouts: int = 0
    errors: int = 0
    self_aware_share: float = 0.0
    """Self-aware failures over all failures (1.0 when there is no failure)."""
    median_model_calls: float = 0.0
    median_seconds: float = 0.0
    median_tokens: float = 0.0
    replays: int = 0
    """Runs that replayed a learned workflow (memory on)."""
    claimed: int = 0
    """Runs whose own status said success."""
    precision: float | None = None
    """True successes among the runs that claimed success (None when none claimed it)."""
    oblivious_share: float = 0.0
    """Oblivious failures (said success, the check disagreed) over all failures."""


class SuiteReport(BaseModel):
    model: str
    runs: int = 1
    notes: list[str] = Field(default_factory=list)
    overall: Figures
    per_kind: dict[str, Figures]
    per_site: dict[str, Figures] = Field(default_factory=dict)
    title: str = "Development suite"
    per_run: dict[str, Figures] = Field(default_factory=dict)
    """Run 1, 2, ... of every task (with memory: the first runs learn, later ones may replay)."""
    rows: list[TaskRow]


def figures(rows: Sequence[TaskRow]) -> Figures:
    if not rows:
        return Figures()
    ok = sum(r.success for r in rows)
    timeouts = sum(r.failure == "timeout" for r in rows)
    aware = sum(r.failure == "self_aware" for r in rows) + timeouts
    failures = len(rows) - ok
    claimed = [r for r in rows if r.status == "success"]
    oblivious = sum(r.failure == "oblivious" for r in rows)
    return Figures(
        tasks=len(rows), successes=ok, success_rate=round(ok / len(rows), 3), self_aware=aware,
        oblivious=sum(r.failure == "oblivious" for r in rows), timeouts=timeouts,
        errors=sum(r.failure == "error" for r in rows),
        self_aware_share=round(aware / failures, 3) if failures else 1.0,
        median_model_calls=statistics.median(r.model_calls for r in rows),
        median_seconds=round(statistics.median(r.seconds for r in rows), 1),
        median_tokens=statistics.median(r.tokens for r in rows), replays=sum(r.replayed for r in rows),
        claimed=len(claimed), precision=round(sum(r.success for r in claimed) / len(claimed), 3) if claimed
        else None, oblivious_share=round(oblivious / failures, 3) if failures else 0.0,
    )  # fmt: skip


def build_report(rows: Sequence[TaskRow], *, model: str, runs: int, notes: Sequence[str],
                 title: str = "Development suite") -> SuiteReport:
    kinds = sorted({r.kind for r in rows})
    sites = sorted({r.site for r in rows})
    return SuiteReport(
        model=model, runs=runs, notes=list(notes), overall=figures(rows), title=title,
        per_site={s: figures([r for r in rows if r.site == s]) for s in sites},
        per_kind={k: figures([r for r in rows if r.kind == k]) for k in kinds}, rows=list(rows),
        per_run={str(i + 1): figures([r for r in rows if r.run == i]) for i in range(runs)} if runs > 1
        else {},
    )


def row_table(rows: Sequence[TaskRow]) -> Table:
    table = Table(title="Tasks", show_lines=False)
    for col in ("task", "kind", "ok", "status", "calls", "tokens", "s", "why"):
        table.add_column(col, justify="right" if col in {"calls", "tokens", "s"} else "left")
    for r in rows:
        table.add_row(
            r.id, r.kind, "[green]yes[/]" if r.success else "[red]no[/]", r.status, str(r.model_calls),
            str(r.tokens), f"{r.seconds:.0f}", r.why[:90],
        )
    return table


def print_report(report: SuiteReport, console: Console, *, with_rows: bool = True) -> None:
    for note in report.notes:
        console.print(f"[yellow]{note}[/]", soft_wrap=True)
    if with_rows:
        console.print(row_table(report.rows))
    table = Table(title=f"{report.title} · model {report.model} · runs {report.runs}")
    for col in ("", "tasks", "success", "rate", "precision", "self-aware", "oblivious", "oblivious %",
                "timeouts", "errors", "median calls", "median s", "median tokens"):  # fmt: skip
        table.add_column(col, justify="left" if not col else "right")
    named = [*report.per_kind.items(), *((f"site {k}", v) for k, v in report.per_site.items())]
    for name, fig in [*named, ("overall", report.overall)]:
        table.add_row(
            name, str(fig.tasks), str(fig.successes), f"{fig.success_rate:.0%}", _share(fig.precision),
            str(fig.self_aware), str(fig.oblivious), f"{fig.oblivious_share:.0%}", str(fig.timeouts),
            str(fig.errors), f"{fig.median_model_calls:g}", f"{fig.median_seconds:g}",
            f"{fig.median_tokens:g}",
        )
    console.print(table)
    if report.per_run:
        console.print(run_table(report))
    o = report.overall
    console.print(
        f"success {o.successes}/{o.tasks} ({o.success_rate:.0%}); failures self-aware {o.self_aware}, "
        f"oblivious {o.oblivious} (self-aware share {o.self_aware_share:.0%}); timeouts {o.timeouts}; "
        f"precision of success {_share(o.precision)} ({o.claimed} claimed)"
    )
    reasons = reason_counts(report.rows)
    if reasons:
        console.print(reasons_table(reasons))


def reason_counts(rows: Sequence[TaskRow]) -> dict[str, tuple[int, int]]:
    """Check name -> (runs it left unconfirmed, of which the task's own check found right)."""
    counts: dict[str, tuple[int, int]] = {}
    for r in rows:
        for name in r.unconfirmed:
            seen, right = counts.get(name, (0, 0))
            counts[name] = (seen + 1, right + int(r.success))
    return dict(sorted(counts.items(), key=lambda kv: -kv[1][0]))


def reasons_table(reasons: dict[str, tuple[int, int]]) -> Table:
    """Why runs ended `unverified`: each check that did not pass, and how often the answer was right."""
    table = Table(title="Checks not passed (status unverified)")
    for col in ("check", "runs", "answer right anyway"):
        table.add_column(col, justify="left" if col == "check" else "right")
    for name, (seen, right) in reasons.items():
        table.add_row(name, str(seen), str(right))
    return table


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def run_table(report: SuiteReport) -> Table:
    """Each run of every task: with memory, how later runs (replays) compare with the first."""
    table = Table(title="By run")
    for col in ("run", "tasks", "success", "replays", "median calls", "median s"):
        table.add_column(col, justify="right")
    for run, fig in report.per_run.items():
        table.add_row(run, str(fig.tasks), str(fig.successes), str(fig.replays),
                      f"{fig.median_model_calls:g}", f"{fig.median_seconds:g}")  # fmt: skip
    return table


def markdown(report: SuiteReport) -> str:
    o = report.overall
    lines = [
        f"# {report.title} (model {report.model}, runs {report.runs})", "",
        f"Success {o.successes}/{o.tasks} ({o.success_rate:.0%}); self-aware failures {o.self_aware}, "
        f"oblivious {o.oblivious}, timeouts {o.timeouts}, errors {o.errors}; median {o.median_model_calls:g} "
        f"model calls, {o.median_seconds:g} s, {o.median_tokens:g} tokens; precision of success "
        f"{_share(o.precision)}, oblivious share of failures {o.oblivious_share:.0%}.", "",
    ]  # fmt: skip
    if report.per_site:
        lines += ["| site | tasks | success | precision | oblivious % | median calls | median s |",
                  "|---" * 7 + "|"]
        lines += [f"| {n} | {f.tasks} | {f.successes} | {_share(f.precision)} | {f.oblivious_share:.0%} | "
                  f"{f.median_model_calls:g} | {f.median_seconds:g} |" for n, f in report.per_site.items()]
        lines += [""]
    reasons = reason_counts(report.rows)
    if reasons:
        lines += ["| check not passed (unverified) | runs | answer right anyway |", "|---|---|---|"]
        lines += [f"| {name} | {seen} | {right} |" for name, (seen, right) in reasons.items()] + [""]
    if report.per_run:
        lines += ["| run | tasks | success | replays | median calls | median s |", "|---" * 6 + "|"]
        lines += [f"| {run} | {f.tasks} | {f.successes} | {f.replays} | {f.median_model_calls:g} | "
                  f"{f.median_seconds:g} |" for run, f in report.per_run.items()] + [""]
    lines += ["| task | kind | ok | status | calls | tokens | s | why |", "|---|---|---|---|---|---|---|---|"]
    for r in report.rows:
        why = r.why.replace("|", "/")[:120]
        lines.append(f"| {r.id} | {r.kind} | {'yes' if r.success else 'no'} | {r.status} | {r.model_calls} "
                     f"| {r.tokens} | {r.seconds:.0f} | {why} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def write_report(report: SuiteReport, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(report.model_dump_json(indent=2))
    (out / "report.md").write_text(markdown(report))
