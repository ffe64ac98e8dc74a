"""`navwright bench miniwob`: resolve tasks and seeds, run the pending episodes, write the reports."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path

from navwright.bench.miniwob.episode import EpisodeOutcome, EpisodeSpec
from navwright.bench.miniwob.errors import BenchError
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.bench.miniwob.report import MiniwobReport, build_report
from navwright.bench.miniwob.report_files import write_report
from navwright.bench.miniwob.results import ResultsFile
from navwright.bench.miniwob.runners import make_runner
from navwright.bench.miniwob.tasks import available_tasks, html_dir, resolve_tasks
from navwright.bench.miniwob.worker import AgentFactory
from navwright.runners import RunnerError

STATE_NAME = "run-state.json"
OPTIONS_NAME = "options.json"


def plan_episodes(tasks: list[str], episodes: int, seed_base: int) -> list[EpisodeSpec]:
    """Task-major order; episode i of every task uses seed seed_base + i."""
    return [EpisodeSpec(task=t, seed=seed_base + i) for t in tasks for i in range(episodes)]


async def run_miniwob_bench(
    options: MiniwobOptions,
    *,
    agent_factory: AgentFactory | None = None,
    on_outcome: Callable[[EpisodeOutcome], None] | None = None,
) -> MiniwobReport:
    """Run (or, with options.resume, continue) the benchmark and write report.json/.md/.png.

    Outcomes are appended to OUT/results.jsonl as they finish; `on_outcome` sees each one too.
    Raises TaskError for unknown tasks and BenchError when no worker can run.
    """
    out_dir = options.out_dir()
    options = resumed_options(options) if options.resume is not None else options
    options = options.model_copy(update={"out": out_dir})
    tasks = resolve_tasks(options.tasks, available_tasks(html_dir()))
    out_dir.mkdir(parents=True, exist_ok=True)
    episodes = plan_episodes(tasks, options.episodes, options.seed_base)
    results = ResultsFile(out_dir)
    pending = results.pending(episodes)
    (out_dir / OPTIONS_NAME).write_text(options.model_dump_json(indent=2) + "\n", encoding="utf-8")

    def record(outcome: EpisodeOutcome) -> None:
        results.append(outcome)
        if on_outcome is not None:
            on_outcome(outcome)

    factory = agent_factory or _default_factory()
    started = time.monotonic()
    try:
        await make_runner(options, factory, out_dir).run(pending, record)
    except RunnerError as exc:
        raise BenchError(str(exc)) from exc
    finally:
        wall = _add_wall_seconds(out_dir, time.monotonic() - started)
    wanted = {e.key for e in episodes}
    outcomes = [o for k, o in results.load().items() if k in wanted]
    report = build_report(
        outcomes, tasks=tasks, tasks_spec=options.tasks, episodes_per_task=options.episodes,
        seed_base=options.seed_base, model=_model_label(options), wall_seconds=wall, memory=options.memory,
    )
    write_report(report, out_dir)
    return report


RUNTIME_FIELDS = {"workers", "ray", "headed", "resume", "out"}


def resumed_options(options: MiniwobOptions) -> MiniwobOptions:
    """The interrupted benchmark's own options (tasks, seeds, models, limits) from RESUME/options.json;
    only how to run (workers, Ray, headed) comes from this invocation."""
    folder = options.resume
    saved_path = folder / OPTIONS_NAME if folder is not None else None
    if saved_path is None or not saved_path.is_file():
        raise BenchError(f"nothing to resume in {folder}: it holds no {OPTIONS_NAME} of an earlier run")
    try:
        saved = MiniwobOptions.model_validate_json(saved_path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise BenchError(f"cannot read {saved_path}: {str(exc).splitlines()[0]}") from exc
    return saved.model_copy(update={name: getattr(options, name) for name in RUNTIME_FIELDS})


def _default_factory() -> AgentFactory:
    from navwright.bench.miniwob.agents import make_navwright_agent

    return make_navwright_agent


def _model_label(options: MiniwobOptions) -> str:
    planner = options.planner_model or options.model
    navigator = options.navigator_model or options.model
    return planner if planner == navigator else f"planner {planner}, navigator {navigator}"


def _add_wall_seconds(out_dir: Path, seconds: float) -> float:
    """Wall time summed over every invocation on this folder (a resumed run adds to it)."""
    path = out_dir / STATE_NAME
    total = seconds
    if path.exists():
        with contextlib.suppress(ValueError, AttributeError):
            total += float(json.loads(path.read_text(encoding="utf-8")).get("wall_seconds", 0.0))
    path.write_text(json.dumps({"wall_seconds": round(total, 3)}) + "\n", encoding="utf-8")
    return total
