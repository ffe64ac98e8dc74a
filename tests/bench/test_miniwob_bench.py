"""The benchmark around the harness: results file, resume, runners, report files."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from miniwob_scripted import make_clicker, make_crasher

from navwright.bench.miniwob import BenchError, EpisodeOutcome, MiniwobOptions, TaskError, run_miniwob_bench
from navwright.bench.miniwob.results import ResultsFile
from navwright.bench.miniwob.tasks import WEBWISE48, available_tasks, html_dir, resolve_tasks


def _options(out: Path, **extra: object) -> MiniwobOptions:
    return MiniwobOptions.model_validate(
        {"tasks": "click-test,click-button", "episodes": 2, "out": out, "episode_timeout_s": 20, **extra}
    )


async def test_a_run_writes_results_and_report_files(tmp_path: Path) -> None:
    seen: list[EpisodeOutcome] = []
    report = await run_miniwob_bench(_options(tmp_path), agent_factory=make_clicker, on_outcome=seen.append)
    assert len(seen) == 4
    assert [(o.task, o.seed) for o in seen] == [
        ("click-test", 0), ("click-test", 1), ("click-button", 0), ("click-button", 1)
    ]
    assert report.overall.success_rate == 1.0 and report.task_mean_success == 1.0
    assert [s.task for s in report.per_task] == ["click-test", "click-button"]
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["raw_reward"] == 1.0
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["overall"]["episodes"] == 4
    md = (tmp_path / "report.md").read_text()
    assert "| click-button |" in md and "0.83" in md and "0.63" in md
    assert (tmp_path / "success.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "episodes" / "click-test-0.jsonl").exists()


async def test_resume_runs_only_the_episodes_not_finished(tmp_path: Path) -> None:
    await run_miniwob_bench(_options(tmp_path), agent_factory=make_clicker)
    results = tmp_path / "results.jsonl"
    kept = results.read_text().splitlines()[:3]
    results.write_text("\n".join(kept) + "\n{\"task\": \"click-but")  # interrupted mid-write
    seen: list[EpisodeOutcome] = []
    options = MiniwobOptions(resume=tmp_path)  # the earlier run's tasks and seeds, not the defaults
    report = await run_miniwob_bench(options, agent_factory=make_clicker, on_outcome=seen.append)
    assert [(o.task, o.seed) for o in seen] == [("click-button", 1)]
    assert report.overall.episodes == 4 and report.missing == 0
    assert len(ResultsFile(tmp_path).load()) == 4


async def test_resuming_a_folder_without_an_earlier_run_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BenchError, match="nothing to resume"):
        await run_miniwob_bench(MiniwobOptions(resume=tmp_path), agent_factory=make_clicker)


async def test_two_worker_processes_give_the_same_results_as_one(tmp_path: Path) -> None:
    one = await run_miniwob_bench(_options(tmp_path / "one"), agent_factory=make_clicker)
    two = await run_miniwob_bench(_options(tmp_path / "two", workers=2), agent_factory=make_clicker)
    outcomes = {k: (o.success, o.raw_reward) for k, o in ResultsFile(tmp_path / "two").load().items()}
    assert outcomes == {k: (o.success, o.raw_reward) for k, o in ResultsFile(tmp_path / "one").load().items()}
    assert two.per_task == [s.model_copy(update={"seconds_median": t.seconds_median})
                            for s, t in zip(one.per_task, two.per_task, strict=True)]
    assert len(list((tmp_path / "two" / "logs").glob("worker-*.log"))) == 2


async def test_a_worker_process_that_dies_is_recorded_and_its_episode_rerun_on_resume(tmp_path: Path) -> None:
    options = MiniwobOptions(tasks="click-test", episodes=3, out=tmp_path, workers=2, episode_timeout_s=20)
    report = await run_miniwob_bench(options, agent_factory=make_crasher)
    assert report.overall.harness_errors == 2 and report.missing == 1
    assert all("died" in (o.error or "") for o in ResultsFile(tmp_path).load().values())
    again = await run_miniwob_bench(MiniwobOptions(resume=tmp_path), agent_factory=make_clicker)
    assert again.overall.successes == 3 and again.overall.harness_errors == 0 and again.missing == 0


async def test_ray_without_ray_installed_says_how_to_get_it(tmp_path: Path) -> None:
    if importlib.util.find_spec("ray") is not None:
        pytest.skip("Ray is installed")
    with pytest.raises(BenchError, match="pip install"):
        await run_miniwob_bench(_options(tmp_path, ray="local"), agent_factory=make_clicker)


def test_task_sets_resolve_and_unknown_names_are_refused() -> None:
    available = available_tasks(html_dir())
    assert len(available) == 130
    assert resolve_tasks("webwise48", available) == list(WEBWISE48) and len(WEBWISE48) == 48
    assert resolve_tasks("all", available) == available
    assert resolve_tasks("click-test, enter-text", available) == ["click-test", "enter-text"]
    with pytest.raises(TaskError, match="click-nothing"):
        resolve_tasks("click-test,click-nothing", available)


async def test_ray_actors_give_the_same_results_as_one_process(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    one = await run_miniwob_bench(_options(tmp_path / "one"), agent_factory=make_clicker)
    ray_report = await run_miniwob_bench(
        _options(tmp_path / "ray", workers=2, ray="local"), agent_factory=make_clicker
    )
    outcomes = {k: (o.success, o.raw_reward) for k, o in ResultsFile(tmp_path / "ray").load().items()}
    assert outcomes == {k: (o.success, o.raw_reward) for k, o in ResultsFile(tmp_path / "one").load().items()}
    assert ray_report.overall.successes == one.overall.successes
