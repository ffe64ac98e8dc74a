"""What a person sees at the terminal: live progress, the `--json` object, questions, run listings."""

from navwright.console.json_out import JsonCollector, result_json
from navwright.console.printer import ConsolePrinter
from navwright.console.runs import delete_runs, print_run, print_runs
from navwright.console.tee import TeeSink
from navwright.console.user import ConsoleUser
from navwright.printable import printable

__all__ = [
    "ConsolePrinter",
    "ConsoleUser",
    "JsonCollector",
    "TeeSink",
    "delete_runs",
    "print_run",
    "print_runs",
    "printable",
    "result_json",
]
