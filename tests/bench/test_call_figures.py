"""`bench calls` reads what each model call cost from a benchmark's traces."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from navwright.bench.call_figures import folder_figures, print_call_figures


def _trace(folder: Path, name: str, calls: list[tuple[str, int, int, float]]) -> None:
    (folder / "traces").mkdir(parents=True, exist_ok=True)
    lines = []
    for schema, prompt, reused, seconds in calls:
        lines.append(json.dumps({"type": "model_io", "schema": schema, "prompt": "…", "answer": "{}"}))
        lines.append(json.dumps({"type": "model_called", "role": "navigator", "prompt_tokens": prompt,
                                 "reused_tokens": reused, "seconds": seconds, "ok": True}))
    (folder / "traces" / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_navigator_calls_are_told_from_other_calls_of_the_same_role_by_schema(tmp_path: Path) -> None:
    _trace(tmp_path / "a", "t1", [("NavigatorReply", 1000, 400, 8.0), ("FormPlan", 200, 100, 2.0),
                                  ("NavigatorReply", 1200, 1000, 3.0)])
    _trace(tmp_path / "a", "t2", [("NavigatorReply", 900, 500, 6.0)])
    figures = folder_figures(tmp_path / "a")
    assert (figures.runs, figures.calls, figures.navigator_calls) == (2, 4, 3)
    assert figures.median_navigator_evaluated == 400  # 600, 200, 400
    assert figures.median_navigator_prompt == 1000 and figures.model_s == 19.0


def test_folders_are_printed_side_by_side_with_their_ratio_to_the_first(tmp_path: Path) -> None:
    _trace(tmp_path / "before", "t", [("NavigatorReply", 1000, 200, 10.0)])
    _trace(tmp_path / "after", "t", [("NavigatorReply", 1000, 800, 5.0)])
    console = Console(record=True, width=200)
    print_call_figures([folder_figures(tmp_path / "before"), folder_figures(tmp_path / "after")], console)
    text = console.export_text()
    assert "800" in text and "200 (0.25×)" in text and "5 (0.50×)" in text
