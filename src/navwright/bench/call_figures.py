"""`navwright bench calls`: what each model call of a benchmark's runs cost, read from its traces (the
`--out` folder's traces/*.jsonl: each call's schema, prompt tokens, tokens reused from the model's
cache, and seconds). Several folders are printed side by side, with each one's ratio to the first."""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator, Sequence
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table


class Call(BaseModel):
    schema_name: str
    """The reply's schema: NavigatorReply for a navigator call, PlannerReply, ReaderReply, FormPlan…"""
    prompt_tokens: int
    reused_tokens: int
    seconds: float

    @property
    def evaluated(self) -> int:
        return self.prompt_tokens - self.reused_tokens


class CallFigures(BaseModel):
    folder: str
    runs: int
    calls: int
    median_call_s: float
    navigator_calls: int
    median_navigator_prompt: float
    median_navigator_evaluated: float
    median_navigator_s: float
    model_s: float


def trace_calls(path: Path) -> Iterator[Call]:
    """The model calls of one trace: a `model_io` line (its schema) and the `model_called` event after it."""
    schema = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if event.get("type") == "model_io":
            schema = str(event.get("schema") or "")
        elif event.get("type") == "model_called" and event.get("ok", True):
            yield Call(schema_name=schema, prompt_tokens=int(event.get("prompt_tokens") or 0),
                       reused_tokens=int(event.get("reused_tokens") or 0),
                       seconds=float(event.get("seconds") or 0))
            schema = ""


def folder_figures(folder: Path) -> CallFigures:
    traces = sorted((folder / "traces").glob("*.jsonl")) if (folder / "traces").is_dir() else []
    calls = [c for t in traces for c in trace_calls(t)]
    nav = [c for c in calls if c.schema_name == "NavigatorReply"]
    return CallFigures(
        folder=str(folder), runs=len(traces), calls=len(calls),
        median_call_s=_median([c.seconds for c in calls]), navigator_calls=len(nav),
        median_navigator_prompt=_median([c.prompt_tokens for c in nav]),
        median_navigator_evaluated=_median([c.evaluated for c in nav]),
        median_navigator_s=_median([c.seconds for c in nav]), model_s=round(sum(c.seconds for c in calls), 1),
    )


def _median(values: Sequence[float]) -> float:
    return round(statistics.median(values), 2) if values else 0.0


COLUMNS = {"runs": "runs", "calls": "calls", "median_call_s": "median s/call",
           "navigator_calls": "navigator calls", "median_navigator_prompt": "median nav prompt tok",
           "median_navigator_evaluated": "median nav evaluated tok", "median_navigator_s": "median nav s",
           "model_s": "model s (all)"}


def print_call_figures(figures: Sequence[CallFigures], console: Console) -> None:
    table = Table(title="Model calls, from the traces")
    table.add_column("figure")
    for f in figures:
        table.add_column(f.folder, justify="right")
    for key, label in COLUMNS.items():
        first = float(getattr(figures[0], key)) if figures else 0.0
        cells = [_cell(float(getattr(f, key)), first, i) for i, f in enumerate(figures)]
        table.add_row(label, *cells)
    console.print(table)


def _cell(value: float, first: float, index: int) -> str:
    shown = f"{value:g}"
    return shown if index == 0 or not first else f"{shown} ({value / first:.2f}×)"
