"""A line worker with no browser and no model, for the runners' own tests: it notes each command back
(`got JOB`, then `echo CMD`), ends its job on `end`, and its process dies on `die`."""

from __future__ import annotations

import os
from types import TracebackType

from pydantic import BaseModel

from navwright.runners import JobLine, LineKind


class EchoJob(BaseModel):
    text: str


class EchoOutcome(BaseModel):
    text: str = ""
    error: str = ""


class EchoWorker:
    async def __aenter__(self) -> EchoWorker:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        return None

    async def run(self, job: EchoJob, line: JobLine) -> EchoOutcome:
        line.send(f"got {job.text}")
        while (command := await line.receive()) != "end":
            if command == "die":
                os._exit(3)
            line.send(f"echo {command}")
        return EchoOutcome(text=job.text)


def echo_worker(number: int) -> EchoWorker:
    return EchoWorker()


def echo_failed(job: EchoJob, message: str) -> EchoOutcome:
    return EchoOutcome(text=job.text, error=message)


ECHO = LineKind(make=echo_worker, job=EchoJob, outcome=EchoOutcome, failure=echo_failed, label="echo worker")
