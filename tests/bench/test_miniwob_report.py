"""Figures of the report: rates, medians and the split of failures by what the agent believed."""

from __future__ import annotations

from pathlib import Path

from navwright.bench.miniwob.episode import AgentStatus, EpisodeOutcome
from navwright.bench.miniwob.report import build_report
from navwright.bench.miniwob.report_files import render_markdown, write_report


def _o(task: str, seed: int, status: AgentStatus, reward: float, *, done: bool = True, calls: int = 2,
       seconds: float = 5.0) -> EpisodeOutcome:
    return EpisodeOutcome(
        task=task, seed=seed, success=done and reward == 1.0, raw_reward=reward, done=done,
        agent_status=status, model_calls=calls, prompt_tokens=100 * calls, completion_tokens=10 * calls,
        seconds=seconds, actions=1,
    )


OUTCOMES = [
    _o("click-test", 0, "stopped", 1.0, seconds=2.0),
    _o("click-test", 1, "success", 0.0, done=False, calls=3),  # said done, did nothing: oblivious
    _o("click-test", 2, "failed", -1.0, done=False, seconds=9.0),  # said it failed: self-aware
    _o("click-button", 0, "stopped", -1.0),  # wrong click ended it
    _o("click-button", 1, "timeout", -1.0, done=False, calls=6),
    _o("click-button", 2, "harness_error", -1.0, done=False, calls=0),
]


def test_failures_are_split_by_what_the_agent_reported() -> None:
    report = build_report(OUTCOMES, tasks=["click-test", "click-button"], tasks_spec="x", episodes_per_task=3,
                          seed_base=0, model="scripted", wall_seconds=12.0)
    test, button = report.per_task
    assert (test.failures.oblivious, test.failures.self_aware) == (1, 1)
    assert (button.failures.wrong_end, button.failures.unfinished) == (1, 1)
    assert button.harness_errors == 1 and button.episodes == 2
    assert test.success_rate == round(1 / 3, 4) and button.success_rate == 0.0
    assert test.seconds_median == 5.0 and test.model_calls_median == 2.0
    assert report.overall.episodes == 5 and report.overall.successes == 1
    assert abs(report.task_mean_success - (1 / 3) / 2) < 1e-3
    assert report.missing == 0


def test_missing_episodes_are_counted_and_the_markdown_says_so(tmp_path: Path) -> None:
    report = build_report(OUTCOMES[:2], tasks=["click-test"], tasks_spec="click-test", episodes_per_task=3,
                          seed_base=0, model="scripted", wall_seconds=1.0)
    assert report.missing == 1
    md = render_markdown(report)
    assert "1 episode(s) missing" in md and "memory: off" in md
    paths = write_report(report, tmp_path)
    assert [p.name for p in paths] == ["report.json", "report.md", "success.png"]


def test_webwise_published_figures_stand_beside_each_task_and_are_averaged_over_the_tasks_run() -> None:
    report = build_report(OUTCOMES, tasks=["click-test", "guess-number"], tasks_spec="x", episodes_per_task=3,
                          seed_base=0, model="scripted", wall_seconds=1.0)
    assert report.webwise.per_task["guess-number"] == (0.84, 0.20)  # the paper's table 8.1, k=1 and k=0
    assert report.webwise.auto_context["guess-number"] == 0.14
    assert report.webwise_here() == (1.0, 1.0, 1.0)  # guess-number ran no episode here: click-test only
    assert (report.webwise.one_example_mean, report.webwise.zero_shot_mean) == (0.83, 0.628)
    md = render_markdown(report)
    assert "| 1.00 | 1.00 | 1.00 |" in md and "| 0.84 | 0.20 | 0.14 |" in md
    assert "WebWISE on these 1 task(s), averaged: one example 1.00" in md


def test_observations_per_action_counts_every_look_over_every_action() -> None:
    outcomes = [o.model_copy(update={"actions": a, "observations": n})
                for o, (a, n) in zip(OUTCOMES[:3], [(2, 3), (1, 2), (0, 1)], strict=True)]
    report = build_report(outcomes, tasks=["click-test"], tasks_spec="x", episodes_per_task=3, seed_base=0,
                          model="scripted", wall_seconds=1.0)
    assert report.overall.observations_per_action == 2.0  # 6 looks over 3 actions
    overall = render_markdown(report).split("## Overall", 1)[1]
    head, _, row = overall.strip().splitlines()[:3]
    assert "observations per action" in head and "| 2.00 |" in row


def test_the_report_gives_the_precision_of_the_agents_success_and_why_answers_were_unconfirmed() -> None:
    said_right = _o("enter-text", 0, "success", 1.0)
    said_wrong = _o("enter-text", 1, "success", 0.0)
    unconfirmed = _o("enter-text", 2, "unverified", 0.0).model_copy(update={"unconfirmed": ["count_stated"]})
    report = build_report([said_right, said_wrong, unconfirmed], tasks=["enter-text"], tasks_spec="x",
                          episodes_per_task=3, seed_base=0, model="scripted", wall_seconds=3.0)
    overall = report.overall
    assert (overall.said_success, overall.success_precision, overall.oblivious_share) == (2, 0.5, 0.5)
    assert overall.unconfirmed == {"count_stated": 1} and overall.failures.self_aware == 1
    assert "precision of success 0.50" in render_markdown(report)
