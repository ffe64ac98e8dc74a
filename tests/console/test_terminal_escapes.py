"""Text from pages, models and stored runs reaches the terminal with its control characters escaped:
the live printer, `runs`, `runs show` and the one-line errors all pass through navwright.printable."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from navwright.agent.events import ActionDone, RunFinished, RunStarted, ScreenshotTaken, StepFinished
from navwright.cli import app
from navwright.console import ConsolePrinter, print_run, print_runs
from navwright.printable import printable
from navwright.store import RunStore

ESC = "\x1b]0;owned\x07\x1b[2J\r\x9b1A\u202e\x00"


def hostile_run(run_id: str = "r1") -> list[object]:
    return [
        RunStarted(run_id=run_id, task=f"find it{ESC}", url=f"http://127.0.0.1/{ESC}", ts=1.0),
        ActionDone(run_id=run_id, step=1, action="click", params={"id": ESC}, ok=True,
                   result=f"page said{ESC}", ts=2.0),
        StepFinished(run_id=run_id, step=1, status="done", summary=f"read{ESC}", answer=f"42{ESC}", ts=3.0),
        ScreenshotTaken(run_id=run_id, path=f"/tmp/x{ESC}.png", caption=ESC, ts=3.5),
        RunFinished(run_id=run_id, status="failed", error=f"gave up{ESC}", answer=ESC, ts=4.0),
    ]  # fmt: skip


def no_controls(text: str) -> bool:
    return not any((ord(c) < 32 and c not in "\n") or 0x7F <= ord(c) < 0xA0 or c == "\u202e" for c in text)


def test_printable_escapes_every_control_character_and_keeps_text() -> None:
    assert printable("a\x1b[2Jb\tc\nd") == "a\\x1b[2Jb\tc\\x0ad"
    assert printable("a\nb\x07", lines=True) == "a\nb\\x07"
    assert printable("\u202eevil\u2066 café ✓") == "\\u202eevil\\u2066 café ✓"


def test_the_live_printer_escapes_page_and_model_text() -> None:
    out = StringIO()
    printer = ConsolePrinter(Console(file=out, width=200, force_terminal=True))
    for event in hostile_run():
        printer.emit(event)  # type: ignore[arg-type]
    text = out.getvalue()
    plain = text.replace("\x1b[", "")  # rich's own colours are escape codes; the page's are not
    assert "owned\x07" not in text and "\x1b]0" not in text and "\r" not in text and "\u202e" not in text
    assert "\\x1b]0;owned\\x07" in plain and "\\u202e" in plain


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_runs_and_runs_show_escape_stored_text(home: Path) -> None:
    with RunStore(home / "runs.db") as store:
        for event in hostile_run():
            store.emit(event)  # type: ignore[arg-type]
        out = StringIO()
        console = Console(file=out, width=200, color_system=None)
        assert print_runs(console, store) == 0 and print_run(console, store, "r1") == 0
    assert no_controls(out.getvalue()), repr(out.getvalue())
    assert "find it\\x1b]0;owned\\x07" in out.getvalue()
    for args in (["runs"], ["runs", "show", "r1"], ["runs", "show", f"nope{ESC}"]):
        result = CliRunner().invoke(app, args, env={"NO_COLOR": "1", "TERM": "dumb"})
        assert no_controls(result.output), (args, repr(result.output))
