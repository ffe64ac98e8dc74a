"""What a request to steer a run can run into; the routes turn each into a status code."""

from __future__ import annotations


class RunConflict(Exception):
    """A control that does not apply to the run as it is now (409); the message says why."""


class NoQuestion(RunConflict):
    """An answer arrived while the run asks nothing."""


class ServerClosing(Exception):
    """The server is shutting down and takes no new runs (503)."""


class ModelRefused(Exception):
    """A request named a model this server was not started with (403); the message says how to allow it."""
