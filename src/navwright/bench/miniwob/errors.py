"""Failures of the benchmark a user sees as one line: the CLI prints them and exits."""


class BenchError(Exception):
    """The benchmark cannot go on (no worker could start, Ray missing...)."""


class TaskError(BenchError, ValueError):
    """A task set or task name that cannot be run; the message says what to do."""
