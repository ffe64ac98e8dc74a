"""Write a MiniwobReport as report.json, report.md and success.png; print it as a rich table."""

from __future__ import annotations

from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

from navwright.bench.miniwob.report import MiniwobReport, TaskStats

JSON_NAME, MD_NAME, PNG_NAME = "report.json", "report.md", "success.png"


def write_report(report: MiniwobReport, out_dir: Path) -> list[Path]:
    """All three report files into `out_dir`; returns their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path, md_path, png_path = out_dir / JSON_NAME, out_dir / MD_NAME, out_dir / PNG_NAME
    json_path.write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
    md_path.write_text(render_markdown(report), encoding="utf-8")
    plot_success(report, png_path)
    return [json_path, md_path, png_path]


def _row(s: TaskStats) -> list[str]:
    f = s.failures
    return [
        s.task, str(s.episodes), f"{s.success_rate:.2f}", f"{s.mean_raw_reward:.2f}",
        f"{s.model_calls_median:g}", f"{s.prompt_tokens_mean:.0f}", f"{s.completion_tokens_mean:.0f}",
        f"{s.seconds_median:.1f}", str(f.self_aware), str(f.oblivious), str(f.wrong_end), str(f.unfinished),
    ]


HEADER = [
    "task", "episodes", "success", "mean raw reward", "model calls (median)", "prompt tokens (mean)",
    "completion tokens (mean)", "seconds (median)", "self-aware", "oblivious", "wrong end", "unfinished",
]


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def truthfulness_line(s: TaskStats) -> str:
    """How far the agent's own word can be trusted: the precision of its `success`, the share of
    failures it did not see, and why it left answers unconfirmed."""
    reasons = ", ".join(f"{name} {count}" for name, count in s.unconfirmed.items()) or "none"
    return (f"Truthfulness: said success {s.said_success}, precision of success "
            f"{_share(s.success_precision)}, oblivious share of failures {_share(s.oblivious_share)}; "
            f"checks not passed: {reasons}.")


def render_markdown(report: MiniwobReport) -> str:
    w = report.webwise
    head = [*HEADER, "WebWISE 1-example", "WebWISE zero-shot", "WebWISE auto-context"]
    rows = []
    for s in report.per_task:
        one, zero = w.per_task.get(s.task, (None, None))
        auto = w.auto_context.get(s.task)
        rows.append(_row(s) + [f"{v:.2f}" if v is not None else "–" for v in (one, zero, auto)])
    here = report.webwise_here()
    measured = sum(1 for s in report.per_task if s.episodes and s.task in w.per_task)
    note = "" if here is None else (
        f"\nWebWISE on these {measured} task(s), averaged: "
        f"one example {here[0]:.2f}, zero-shot {here[1]:.2f}, auto-context {here[2]:.2f}.\n"
    )
    parts = [
        f"# MiniWoB++ benchmark: {report.tasks}",
        "",
        f"Model: `{report.model}` · memory: {report.memory} · {report.episodes_per_task} episode(s) per "
        f"task from seed {report.seed_base} · wall time {report.wall_seconds:.0f} s"
        + (f" · {report.missing} episode(s) missing (use --resume)" if report.missing else ""),
        "",
        "## Overall",
        "",
        _table(["", "success (tasks averaged)", "success (episodes)", "mean raw reward",
                "model calls (median)", "seconds (median)", "observations per action", "harness errors"], [[
            "navwright", f"{report.task_mean_success:.2f}", f"{report.overall.success_rate:.2f}",
            f"{report.overall.mean_raw_reward:.2f}", f"{report.overall.model_calls_median:g}",
            f"{report.overall.seconds_median:.1f}", f"{report.overall.observations_per_action:.2f}",
            str(report.overall.harness_errors),
        ], *[[f"{w.source}, {what} (48 tasks)", f"{mean:.2f}", "", "", "", "", "", ""] for what, mean in (
            ("one example per task", w.one_example_mean), ("zero-shot", w.zero_shot_mean),
            ("auto-context", w.auto_context_mean))]]),
        "",
        _table(HEADER[1:], [_row(report.overall)[1:]]),
        "",
        truthfulness_line(report.overall),
        "",
        "Failures: self-aware = the agent reported failure; oblivious = it reported success but the "
        "reward says otherwise; wrong end = the page ended the episode on a wrong action; "
        "unfinished = time limit, action cap or agent error.",
        "",
        "## Per task",
        "",
        _table(head, rows),
        note,
    ]
    return "\n".join(parts)


def plot_success(report: MiniwobReport, path: Path) -> None:
    """Horizontal bar chart of per-task success (Agg backend, no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    names = [s.task for s in report.per_task]
    rates = [s.success_rate for s in report.per_task]
    fig, ax = plt.subplots(figsize=(8, max(2.5, 0.25 * len(names) + 1)))
    ax.barh(names, rates, color="#3b7dd8")
    w = report.webwise
    ax.axvline(w.one_example_mean, color="#d8763b", linestyle="--", label="WebWISE 1-example mean")
    ax.axvline(w.zero_shot_mean, color="#888888", linestyle=":", label="WebWISE zero-shot mean")
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("success rate")
    ax.set_title(f"MiniWoB++ {report.tasks}: {report.task_mean_success:.2f} mean success ({report.model})")
    ax.legend(loc="lower right", fontsize=8)
    ax.tick_params(axis="y", labelsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def print_miniwob_report(report: MiniwobReport, console: Console | None = None) -> None:
    """The per-task table, then the overall line, for a terminal."""
    con = console or Console()
    con.print(f"MiniWoB++ {report.tasks} ({report.model}, memory {report.memory})")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("task", no_wrap=True, overflow="ellipsis", max_width=20)
    for name in ["n", "ok", "reward", "calls", "prompt", "sec", "a/o/w/u"]:
        table.add_column(name, justify="right", no_wrap=True)
    for s in [*report.per_task, report.overall]:
        row = _row(s)
        table.add_row(*row[:6], row[7], "/".join(row[8:]), style="bold" if s is report.overall else None)
    con.print(table)
    con.print("ok = success rate; a/o/w/u = failures: the agent said it failed / said it succeeded / "
              "the page ended the episode on a wrong action / time limit, action cap or error")
    here = report.webwise_here()
    webwise = "" if here is None else (
        f" · WebWISE on these tasks {here[0]:.2f} one-example / {here[1]:.2f} zero-shot / "
        f"{here[2]:.2f} auto-context"
    )
    con.print(
        f"success {report.task_mean_success:.2f} (tasks averaged){webwise} · wall {report.wall_seconds:.0f} s"
        + (f" · {report.missing} missing" if report.missing else "")
    )
    con.print(truthfulness_line(report.overall))
