"""Outside text (secret names, model specs, give-up reasons, URLs) is printed as text, never as rich
markup: `[/x]` in it must not end the run with `navwright: MarkupError`."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from navwright.agent.events import RunFinished, RunStarted
from navwright.console import ConsolePrinter


def navwright(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NAVWRIGHT_HOME": str(home), "NO_COLOR": "1"}
    code = "from navwright.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          timeout=60, check=False)  # fmt: skip


def test_a_secret_name_with_markup_is_reported_in_words(tmp_path: Path) -> None:
    done = navwright("run", "a task", "--secret", "[/x]=v", home=tmp_path)
    assert done.returncode == 2
    assert "MarkupError" not in done.stderr and "[/x]" in done.stderr, done.stderr


def test_a_model_spec_with_markup_is_reported_in_words(tmp_path: Path) -> None:
    done = navwright("run", "a task", "--model", "[/x]", "--url", "http://127.0.0.1:9/[/y]", home=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 2, out  # a bad model spec is a usage error
    assert "MarkupError" not in out and "unknown model spec '[/x]'" in out, out


def test_a_give_up_reason_and_a_url_with_markup_print_as_they_are() -> None:
    out = io.StringIO()
    printer = ConsolePrinter(Console(file=out, width=100))
    printer.emit(RunStarted(run_id="r", task="[bold]x[/bold] task", url="http://h/[/x]"))
    printer.emit(RunFinished(run_id="r", status="failed", error="[/x] the [red]page[/] said no"))
    text = out.getvalue()
    assert "[/x]" in text and "[bold]x[/bold]" in text and "[red]page[/]" in text, text
