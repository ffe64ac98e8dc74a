"""What a person sees at the terminal: live progress, the `--json` object, questions, run listings."""

from navwright.console.json_out import JsonCollector, result_json
from navwright.console.printer import ConsolePrinter
from navwright.console.runs import print_run, print_runs
from navwright.console.tee import TeeSink
from navwright.console.user import ConsoleUser

__all__ = [
    "ConsolePrinter",
    "ConsoleUser",
    "JsonCollector",
    "TeeSink",
    "print_run",
    "print_runs",
    "result_json",
]
