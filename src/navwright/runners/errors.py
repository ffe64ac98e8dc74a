"""Failures of the runners, in words."""

from __future__ import annotations


class RunnerError(Exception):
    """The jobs cannot go on (no worker could start, Ray missing...)."""


class WorkerStartFailed(Exception):
    """A worker could not start (no browser, the model failed to load...)."""
