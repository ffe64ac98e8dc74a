from __future__ import annotations

from collections.abc import Callable
from io import StringIO
from pathlib import Path

from rich.console import Console

from navwright.agent.events import ActionDone, Event, RunFinished, RunStarted
from navwright.console import ConsolePrinter, TeeSink
from navwright.store import RunStore

Scripted = Callable[..., list[Event]]
ConsoleOut = tuple[Console, StringIO]


def test_printer_prints_decisions_steps_actions_questions_and_totals(
    console_out: ConsoleOut, scripted_events: Scripted
) -> None:
    console, out = console_out
    printer = ConsolePrinter(console, width=80)
    for event in scripted_events():
        printer.emit(event)
    lines = out.getvalue().splitlines()
    assert lines[0] == "   0.0s ▶ buy the cheapest kettle  (http://127.0.0.1:8000/)"
    assert lines[1] == (
        "   0.4s ◆ plan web step: add the cheapest kettle to the cart @ shop  — kettles are in the shop"
    )
    assert lines[2] == "   0.4s · planner tiny 1,200+40 tok 0.4s"
    assert lines[3] == "   0.5s ▸ step 1 [shop]: add the cheapest kettle"
    assert lines[4].startswith("   1.0s   ✓ click id=7 → Opened /kettles. Steel Kettle 19.99.")
    assert lines[4].endswith("… (38 ms)")  # a long change report is trimmed
    assert lines[5] == "   1.2s   ✗ click id=9 → Element 9 is gone; read the page again."
    assert lines[6] == "   1.3s ? Pay 19.99 for Steel Kettle?  [confirm]"
    assert lines[7] == "   4.0s ↳ user: yes"
    assert lines[8] == "   4.5s ◂ step 1 done: kettle in cart  answer: cart total 19.99"
    assert lines[9] == "   5.0s ■ success  answer: Cart total is 19.99"
    assert lines[10] == "          3 model calls · 3,090 tokens (3,000 prompt + 90 completion) · 5.0 s"
    assert len(lines) == 11


def test_printer_can_hide_model_calls(console_out: ConsoleOut, scripted_events: Scripted) -> None:
    console, out = console_out
    printer = ConsolePrinter(console, model_calls=False)
    for event in scripted_events():
        printer.emit(event)
    assert "planner tiny" not in out.getvalue()


def test_printer_never_raises_on_something_that_is_not_an_event(console_out: ConsoleOut) -> None:
    console, out = console_out
    ConsolePrinter(console).emit("not an event")  # type: ignore[arg-type]
    assert "Traceback" not in out.getvalue()


def test_stored_replay_reads_like_the_live_printer(
    console_out: ConsoleOut, scripted_events: Scripted, tmp_path: Path
) -> None:
    console, out = console_out
    printer = ConsolePrinter(console, width=160)
    with RunStore(tmp_path / "runs.db") as store:
        tee = TeeSink(printer, store)
        for event in scripted_events("same"):
            tee.emit(event)
        replay = store.render_run("same").splitlines()
    live = out.getvalue().splitlines()
    assert replay[1 : 1 + len(live)] == live  # then the run's timings (store/timings.py)


class Broken:
    def emit(self, event: Event) -> None:
        raise RuntimeError("disk on fire")


class Collect:
    def __init__(self) -> None:
        self.seen: list[Event] = []

    def emit(self, event: Event) -> None:
        self.seen.append(event)


def test_a_failing_sink_does_not_break_the_tee() -> None:
    before, after = Collect(), Collect()
    tee = TeeSink(before, Broken(), after)
    event = RunStarted(run_id="r", task="t")
    tee.emit(event)
    tee.emit(event)
    assert before.seen == [event, event] and after.seen == [event, event]


def test_printer_shows_timings_allowed_domains_steps_and_the_error_of_a_failed_run(
    console_out: ConsoleOut,
) -> None:
    console, out = console_out
    printer = ConsolePrinter(console)
    printer.emit(RunStarted(run_id="f", ts=10.0, task="t", allowed_domains=["127.0.0.1"]))
    printer.emit(ActionDone(run_id="f", ts=10.5, step=1, action="press", params={"key": "Enter"}, ok=True,
                            result="Submitted the form.", ms=80.0, observe_ms=25.0))  # fmt: skip
    printer.emit(RunFinished(run_id="f", ts=12.0, status="failed", error="the shop did not load", steps=2,
                             model_calls=4, prompt_tokens=10, completion_tokens=5, seconds=2.0))  # fmt: skip
    lines = out.getvalue().splitlines()
    assert lines[0] == "   0.0s ▶ t  allowed: 127.0.0.1"
    assert lines[1] == '   0.5s   ✓ press key="Enter" → Submitted the form. (80 ms, observe 25 ms)'
    assert lines[2] == "   2.0s ■ failed  the shop did not load"
    assert lines[3] == "          2 steps · 4 model calls · 15 tokens (10 prompt + 5 completion) · 2.0 s"
