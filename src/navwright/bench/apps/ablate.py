"""`navwright bench apps --ablate`: what each rule earns. The chosen tasks (the validation part unless
told otherwise) run once with every rule, then once without each rule (`--without NAME`); each rule's
gain is the successes with everything less the successes without it, beside the precision of `success`
both ways and the median model calls and seconds. A rule that gains nothing there is a candidate for
removal (issue #34)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from pydantic import BaseModel, Field
from rich.table import Table

from navwright.bench.tasks.harness import TaskRow
from navwright.bench.tasks.report import Figures, _share, figures

RunRows = Callable[[list[str]], Awaitable[list[TaskRow]]]
"""Runs the chosen tasks with these rules switched off and returns their rows."""


class Gain(BaseModel):
    """One rule's figures: with every rule, and without this one."""

    rule: str
    gain: int
    """Successes with everything less successes without the rule."""
    successes: int
    successes_without: int
    precision: float | None
    precision_without: float | None
    median_calls: float
    median_calls_without: float
    median_seconds: float
    median_seconds_without: float


class AblationReport(BaseModel):
    model: str
    part: str
    runs: int = 1
    without: list[str] = Field(default_factory=list)
    """Rules switched off in every variant, the one with everything too."""
    everything: Figures
    gains: list[Gain]
    rows: dict[str, list[TaskRow]]
    """The rows of each variant: "everything", then each rule's name."""


def gain_of(rule: str, everything: Figures, without: Figures) -> Gain:
    return Gain(
        rule=rule, gain=everything.successes - without.successes, successes=everything.successes,
        successes_without=without.successes, precision=everything.precision,
        precision_without=without.precision, median_calls=everything.median_model_calls,
        median_calls_without=without.median_model_calls, median_seconds=everything.median_seconds,
        median_seconds_without=without.median_seconds,
    )  # fmt: skip


async def ablate(
    rules: Sequence[str], run_rows: RunRows, *, model: str, part: str, runs: int = 1,
    without: Sequence[str] = (), on_variant: Callable[[str], None] | None = None,
) -> AblationReport:
    """Run the tasks with everything, then without each of `rules`; the report of their gains."""
    rows: dict[str, list[TaskRow]] = {}
    for variant in ["everything", *rules]:
        if on_variant is not None:
            on_variant(variant)
        extra = [] if variant == "everything" else [variant]
        rows[variant] = await run_rows([*without, *extra])
    everything = figures(rows["everything"])
    gains = [gain_of(rule, everything, figures(rows[rule])) for rule in rules]
    return AblationReport(model=model, part=part, runs=runs, without=list(without), everything=everything,
                          gains=gains, rows=rows)


def gain_table(report: AblationReport) -> Table:
    """Each rule's gain, the largest first (ties by name)."""
    e = report.everything
    table = Table(title=f"What each rule earns · {report.part} part · {e.tasks} runs · model {report.model}",
                  caption=f"with every rule: {e.successes} successes, precision of success "
                          f"{_share(e.precision)}, median {e.median_model_calls:g} calls, "
                          f"{e.median_seconds:g} s")
    for col in ("rule", "gain", "successes without", "precision with", "precision without",
                "median calls with / without", "median s with / without"):  # fmt: skip
        table.add_column(col, justify="left" if col == "rule" else "right")
    for g in sorted(report.gains, key=lambda g: (-g.gain, g.rule)):
        table.add_row(g.rule, f"{g.gain:+d}", str(g.successes_without), _share(g.precision),
                      _share(g.precision_without), f"{g.median_calls:g} / {g.median_calls_without:g}",
                      f"{g.median_seconds:g} / {g.median_seconds_without:g}")  # fmt: skip
    return table


def write_ablation(report: AblationReport, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "report.json"
    path.write_text(report.model_dump_json(indent=2))
    return path
