"""WebWISE's published MiniWoB++ figures (Tao et al., arXiv 2310.16042), shown beside ours.

Only the averages over the 48 tasks are recorded here. The paper's per-task table could not be
read from an offline copy when this was written; PER_TASK stays empty rather than guessed. Fill it
from the paper (task -> (one example, zero-shot)) and the report shows the columns.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

PAPER = "WebWISE (Tao et al., 2023, arXiv 2310.16042), GPT-3.5"


class WebwiseFigures(BaseModel):
    source: str = PAPER
    one_example_mean: float = 0.83
    """Success averaged over the 48 tasks with one hand-written in-context example per task."""
    zero_shot_mean: float = 0.63
    per_task: dict[str, tuple[float, float]] = Field(default_factory=dict)
    """task -> (one example, zero-shot) success; empty when not transcribed."""


def webwise_figures() -> WebwiseFigures:
    return WebwiseFigures()
