"""Aggregate episode outcomes into per-task and overall figures.

Failures are split by what the agent believed:
- self_aware: the agent reported failure or an answer it could not confirm (failed / needs_user /
  unverified);
- oblivious: the agent reported success but the reward says otherwise;
- wrong_end: the page ended the episode on a wrong action before the agent reported;
- unfinished: time limit, action cap or an agent error, with the episode still open.
Harness errors (page did not load, browser or worker died) are counted apart and left out of the
rates; a resumed run retries them.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from navwright.bench.miniwob.episode import EpisodeOutcome
from navwright.bench.miniwob.webwise import WebwiseFigures, webwise_figures

FailureKind = Literal["self_aware", "oblivious", "wrong_end", "unfinished"]


class Failures(BaseModel):
    self_aware: int = 0
    oblivious: int = 0
    wrong_end: int = 0
    unfinished: int = 0


class TaskStats(BaseModel):
    task: str
    episodes: int = 0
    successes: int = 0
    success_rate: float = 0.0
    mean_raw_reward: float = 0.0
    model_calls_mean: float = 0.0
    model_calls_median: float = 0.0
    prompt_tokens_mean: float = 0.0
    completion_tokens_mean: float = 0.0
    seconds_median: float = 0.0
    actions_mean: float = 0.0
    observations_per_action: float = 0.0
    """Looks at the page over actions, all episodes together."""
    failures: Failures = Field(default_factory=Failures)
    harness_errors: int = 0
    said_success: int = 0
    """Episodes the agent itself ended with status `success`."""
    success_precision: float | None = None
    """Of those, the share the reward confirms (None: the agent never said success)."""
    oblivious_share: float | None = None
    """Of the failures, the share where the agent said success (None: no failure)."""
    unconfirmed: dict[str, int] = Field(default_factory=dict)
    """How often each check of the agent's verdict did not pass (its reason for `unverified`)."""


class MiniwobReport(BaseModel):
    tasks: str
    episodes_per_task: int
    seed_base: int
    model: str
    wall_seconds: float
    overall: TaskStats
    task_mean_success: float
    """Success rate averaged over tasks (the figure papers report)."""
    per_task: list[TaskStats]
    missing: int = 0
    """Episodes asked for but without an outcome (resume to run them)."""
    memory: str = "off"
    """The run's `--memory` mode."""
    webwise: WebwiseFigures = Field(default_factory=webwise_figures)

    def webwise_here(self) -> tuple[float, float, float] | None:
        """WebWISE's (one example, zero-shot, auto-context) success averaged over this run's tasks
        that the paper measured (None: it measured none of them)."""
        w = self.webwise
        tasks = [s.task for s in self.per_task if s.episodes and s.task in w.per_task]
        if not tasks:
            return None
        one = statistics.fmean(w.per_task[t][0] for t in tasks)
        zero = statistics.fmean(w.per_task[t][1] for t in tasks)
        auto = statistics.fmean(w.auto_context.get(t, 0.0) for t in tasks)
        return round(one, 3), round(zero, 3), round(auto, 3)


def failure_kind(o: EpisodeOutcome) -> FailureKind | None:
    if o.success or o.agent_status == "harness_error":
        return None
    if o.agent_status == "success":
        return "oblivious"
    if o.agent_status in ("failed", "needs_user", "unverified"):
        return "self_aware"
    if o.done:
        return "wrong_end"
    return "unfinished"


def task_stats(name: str, outcomes: Sequence[EpisodeOutcome]) -> TaskStats:
    scored = [o for o in outcomes if o.agent_status != "harness_error"]
    stats = TaskStats(task=name, harness_errors=len(outcomes) - len(scored))
    if not scored:
        return stats
    failures = Failures()
    for o in scored:
        kind = failure_kind(o)
        if kind is not None:
            setattr(failures, kind, getattr(failures, kind) + 1)
    n = len(scored)
    said = [o for o in scored if o.agent_status == "success"]
    failed = n - sum(o.success for o in scored)
    reasons: dict[str, int] = {}
    for name in (c for o in scored for c in o.unconfirmed):
        reasons[name] = reasons.get(name, 0) + 1
    calls = [o.model_calls for o in scored]
    actions = sum(o.actions for o in scored)
    return stats.model_copy(update={
        "episodes": n,
        "successes": sum(o.success for o in scored),
        "success_rate": round(sum(o.success for o in scored) / n, 4),
        "mean_raw_reward": round(statistics.fmean(o.raw_reward for o in scored), 4),
        "model_calls_mean": round(statistics.fmean(calls), 2),
        "model_calls_median": float(statistics.median(calls)),
        "prompt_tokens_mean": round(statistics.fmean(o.prompt_tokens for o in scored), 1),
        "completion_tokens_mean": round(statistics.fmean(o.completion_tokens for o in scored), 1),
        "seconds_median": round(statistics.median(o.seconds for o in scored), 2),
        "actions_mean": round(statistics.fmean(o.actions for o in scored), 2),
        "observations_per_action": round(sum(o.observations for o in scored) / max(1, actions), 2),
        "failures": failures,
        "said_success": len(said),
        "success_precision": round(sum(o.success for o in said) / len(said), 4) if said else None,
        "oblivious_share": round(failures.oblivious / failed, 4) if failed else None,
        "unconfirmed": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
    })


def build_report(
    outcomes: Iterable[EpisodeOutcome],
    *,
    tasks: list[str],
    tasks_spec: str,
    episodes_per_task: int,
    seed_base: int,
    model: str,
    wall_seconds: float,
    memory: str = "off",
) -> MiniwobReport:
    """Figures per task (in `tasks` order) and overall, from the outcomes of the asked-for episodes."""
    by_task: dict[str, list[EpisodeOutcome]] = {t: [] for t in tasks}
    for o in outcomes:
        if o.task in by_task:
            by_task[o.task].append(o)
    per_task = [task_stats(t, by_task[t]) for t in tasks]
    everything = [o for t in tasks for o in by_task[t]]
    rated = [s for s in per_task if s.episodes]
    return MiniwobReport(
        tasks=tasks_spec,
        episodes_per_task=episodes_per_task,
        seed_base=seed_base,
        model=model,
        memory=memory,
        wall_seconds=round(wall_seconds, 1),
        overall=task_stats("overall", everything),
        task_mean_success=round(statistics.fmean(s.success_rate for s in rated), 4) if rated else 0.0,
        per_task=per_task,
        missing=len(tasks) * episodes_per_task - len(everything),
    )
