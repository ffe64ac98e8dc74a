"""WebWISE's published MiniWoB++ figures (Tao et al., arXiv 2310.16042), shown beside ours.

Per task (webwise-per-task.json, from the paper's supplementary table 8.1, GPT-3.5, 50 episodes a
task): WebWISE with one hand-written example, zero-shot, and with auto-context generation (its own
successful zero-shot trials as the example, the analogue of `navwright learn`). A time-limited run
("TLE" in the paper) counts as 0.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from pydantic import BaseModel, Field

PAPER = "WebWISE (Tao et al., 2023, arXiv 2310.16042), GPT-3.5"


class WebwiseFigures(BaseModel):
    source: str = PAPER
    one_example_mean: float = 0.83
    """Success averaged over the 48 tasks with one hand-written in-context example per task."""
    zero_shot_mean: float = 0.63
    auto_context_mean: float = 0.64
    per_task: dict[str, tuple[float, float]] = Field(default_factory=dict)
    """task -> (one example, zero-shot) success."""
    auto_context: dict[str, float] = Field(default_factory=dict)
    """task -> success with auto-context generation (examples from its own zero-shot successes)."""


@cache
def _table() -> dict[str, list[float]]:
    text = resources.files("navwright.bench.miniwob").joinpath("webwise-per-task.json").read_text("utf-8")
    tasks: dict[str, list[float]] = json.loads(text)["tasks"]
    return tasks


def webwise_figures() -> WebwiseFigures:
    table = _table()

    def mean(column: int) -> float:
        return round(sum(row[column] for row in table.values()) / len(table), 3)

    return WebwiseFigures(
        one_example_mean=mean(0), zero_shot_mean=mean(1), auto_context_mean=mean(2),
        per_task={task: (row[0], row[1]) for task, row in table.items()},
        auto_context={task: row[2] for task, row in table.items()},
    )
