"""`bench apps --ablate`: the tasks run with every rule, then without each; a rule's gain is the successes
it adds, shown beside the precision of success and the medians both ways, and written to report.json."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from navwright.bench.apps.ablate import ablate, gain_table, write_ablation
from navwright.bench.cli import bench_app
from navwright.bench.tasks.harness import TaskRow


def row(task: str, success: bool, status: str, calls: int, seconds: float) -> TaskRow:
    failure = "" if success else "oblivious" if status == "success" else "self_aware"
    return TaskRow(id=task, site="trac", kind="lookup", success=success, status=status, model_calls=calls,
                   seconds=seconds, failure=failure)  # fmt: skip


async def test_each_rule_gains_the_successes_it_adds_with_the_precision_and_medians_both_ways(
    tmp_path: Path,
) -> None:
    asked: list[list[str]] = []

    async def run_rows(without: list[str]) -> list[TaskRow]:
        asked.append(without)
        if "look_up" in without:  # the look-up earns one task; without it, a wrong success
            return [row("a", True, "success", 4, 30.0), row("b", False, "success", 8, 70.0)]
        return [row("a", True, "success", 3, 20.0), row("b", True, "success", 5, 40.0)]

    report = await ablate(["look_up", "start"], run_rows, model="scripted", part="validation",
                          without=["model_check"])  # fmt: skip
    assert asked == [["model_check"], ["model_check", "look_up"], ["model_check", "start"]]
    look_up, start = report.gains
    assert (look_up.rule, look_up.gain, look_up.successes, look_up.successes_without) == ("look_up", 1, 2, 1)
    assert (look_up.precision, look_up.precision_without) == (1.0, 0.5)
    assert (look_up.median_calls, look_up.median_calls_without) == (4, 6)
    assert (look_up.median_seconds, look_up.median_seconds_without) == (30.0, 50.0)
    assert start.gain == 0 and start.precision_without == 1.0

    console = Console(record=True, width=200)
    console.print(gain_table(report))
    shown = console.export_text()
    lines = [line for line in shown.splitlines() if line.strip(" │").startswith(("look_up", "start"))]
    assert lines[0].split("│")[1:3] == [" look_up ", "   +1 "] and "start" in lines[1]
    assert "50% " in lines[0] and "4 / 6" in lines[0] and "30 / 50" in lines[0]
    assert "with every rule: 2 successes, precision of success 100%, median 4 calls, 30 s" in shown

    written = json.loads(write_ablation(report, tmp_path).read_text())
    assert written["gains"][0]["gain"] == 1 and written["everything"]["successes"] == 2
    assert set(written["rows"]) == {"everything", "look_up", "start"}


def test_the_rules_of_an_ablation_are_checked_before_anything_runs() -> None:
    runner = CliRunner()
    unknown = runner.invoke(bench_app, ["apps", "--ablate", "--rules", "look_up,lookup"])
    assert unknown.exit_code == 2 and "no rule named lookup; the rules are:" in unknown.output
    alone = runner.invoke(bench_app, ["apps", "--rules", "look_up"])
    assert alone.exit_code == 2 and "--rules goes with --ablate" in alone.output
