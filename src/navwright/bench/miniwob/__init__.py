"""The MiniWoB++ benchmark: harness, runners and reports (`navwright bench miniwob`)."""

from navwright.bench.miniwob.bench import plan_episodes, run_miniwob_bench
from navwright.bench.miniwob.episode import AgentReport, EpisodeAgent, EpisodeOutcome, EpisodeSpec
from navwright.bench.miniwob.errors import BenchError, TaskError
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.bench.miniwob.report import MiniwobReport
from navwright.bench.miniwob.report_files import print_miniwob_report
from navwright.bench.miniwob.tasks import WEBWISE48

__all__ = [
    "WEBWISE48",
    "AgentReport",
    "BenchError",
    "EpisodeAgent",
    "EpisodeOutcome",
    "EpisodeSpec",
    "MiniwobOptions",
    "MiniwobReport",
    "TaskError",
    "plan_episodes",
    "print_miniwob_report",
    "run_miniwob_bench",
]
