"""Live jobs in a local process pool: up to N spawned processes, each with one worker and one duplex
pipe to this process. A process starts when a job needs one and stays for the next jobs.

The pipe keeps order (a job's notes, then its outcome) and closes when the process dies, so a dead
worker is noticed at once: its job ends as the kind's failure, and the next job gets a fresh process.
A job handed to a kept process that turns out to have died while idle (before it said a word of the
job) is not lost: it goes to a fresh process.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import signal
import threading
from collections.abc import Callable
from typing import Any, Generic

from navwright.runners.errors import WorkerStartFailed
from navwright.runners.kind import J, O
from navwright.runners.line import Line, LineKind, QueueLine

Item = tuple[str, str]
"""What travels on a pipe: ("job" | "command" | "note" | "done" | "fatal" | "lost", text)."""


class _Slot:
    """One worker process as this process sees it; everything but `_listen` runs on the event loop."""

    def __init__(self, n: int, proc: Any, conn: Any) -> None:
        self.n, self.proc, self.conn = n, proc, conn
        self.alive = True
        self.jobs = 0
        """Jobs handed to this process, the current one included."""
        self.heard = False
        """Whether the process said anything of its current job."""
        self.line: Line | None = None
        self.done: asyncio.Future[Item] | None = None
        self.fatal = ""

    def begin(self, job_json: str, line: Line) -> asyncio.Future[Item]:
        self.line, self.done = line, asyncio.get_running_loop().create_future()
        self.jobs, self.heard = self.jobs + 1, False
        self.send(("job", job_json))
        return self.done

    def send(self, item: Item | None) -> None:
        with contextlib.suppress(OSError, ValueError):  # a dead process: its end is reported by _listen
            self.conn.send(item)

    def take(self, item: Item) -> None:
        what, text = item
        if what == "note" and self.line is not None:
            self.heard = True
            self.line.on_note(text)
        elif what == "fatal":
            self.fatal = text
        elif what in ("done", "lost"):
            self.alive = self.alive and what == "done"
            if what == "lost" and self.fatal:
                item = ("lost", f"could not start: {self.fatal}")
            if self.done is not None and not self.done.done():
                self.done.set_result(item)


def _listen(slot: _Slot, loop: asyncio.AbstractEventLoop, label: str) -> None:
    """Thread body: hand each item from the worker to the loop; when the pipe closes, say how it died."""
    while True:
        try:
            item = slot.conn.recv()
        except (EOFError, OSError):
            break
        loop.call_soon_threadsafe(slot.take, item)
    slot.proc.join(5)
    lost = ("lost", f"{label} {slot.n} died during its job ({_how(slot.proc)})")
    with contextlib.suppress(RuntimeError):  # the loop closed first (the runner's owner is gone)
        loop.call_soon_threadsafe(slot.take, lost)


def _how(proc: Any) -> str:
    code = proc.exitcode
    if code is None:
        return "its pipe closed"
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-code).name}"
    return f"exit code {code}"


class ProcessLineRunner(Generic[J, O]):
    def __init__(self, kind: LineKind[J, O], workers: int) -> None:
        self.kind, self.workers = kind, workers
        self._ctx = mp.get_context("spawn")
        self._idle: list[_Slot] = []
        self._all: list[_Slot] = []
        self._room = asyncio.Semaphore(workers)
        self._count = 0

    async def run(self, job: J, line: Line) -> O:
        async with self._room:
            slot, commands = self._free_slot(), list[str]()
            what, text = await self._run_on(slot, job.model_dump_json(), line, commands)
            if what == "lost" and slot.jobs > 1 and not slot.heard:  # it had died idle: the job never began
                what, text = await self._run_on(self._spawn(), job.model_dump_json(), line, commands)
        if what == "done":
            return self.kind.outcome.model_validate_json(text)
        return self.kind.failure(job, text)

    async def _run_on(self, slot: _Slot, job_json: str, line: Line, commands: list[str]) -> Item:
        """The job's end on this process; `commands` are those sent to it (a retry sends them again)."""
        done = slot.begin(job_json, line)
        forward = asyncio.create_task(_forward(line, slot.send, commands))
        try:
            item = await done
        finally:
            forward.cancel()
            slot.line = None
            if not done.done():  # cancelled while the job ran: that process goes
                slot.alive = False
                slot.proc.terminate()
        if slot.alive:
            self._idle.append(slot)
        else:
            self._all.remove(slot)
        return item

    def _free_slot(self) -> _Slot:
        """An idle worker that is still alive (one that died while idle is dropped), or a new one."""
        while self._idle:
            slot = self._idle.pop()
            if slot.alive and slot.proc.is_alive():
                return slot
            self._all.remove(slot)
        return self._spawn()

    def _spawn(self) -> _Slot:
        ours, theirs = self._ctx.Pipe(duplex=True)
        n, self._count = self._count, self._count + 1
        proc = self._ctx.Process(target=line_worker_process, args=(n, self.kind, theirs),
                                 name=f"navwright-worker-{n}", daemon=True)  # fmt: skip
        proc.start()
        theirs.close()
        slot = _Slot(n, proc, ours)
        self._all.append(slot)
        loop = asyncio.get_running_loop()
        threading.Thread(target=_listen, args=(slot, loop, self.kind.label), daemon=True,
                         name=f"navwright-worker-{n}-pipe").start()  # fmt: skip
        return slot

    async def close(self) -> None:
        slots, self._all, self._idle = self._all, [], []
        for slot in slots:
            slot.send(None)
        for slot in slots:
            await asyncio.to_thread(slot.proc.join, 10)
            if slot.proc.is_alive():
                slot.proc.terminate()


async def _forward(line: Line, send: Callable[[Item], None], sent: list[str]) -> None:
    for command in sent:
        send(("command", command))
    while True:
        sent.append(await line.commands.get())
        send(("command", sent[-1]))


# --- in the worker process ------------------------------------------------------------------------


def line_worker_process(n: int, kind: LineKind[Any, Any], conn: Any) -> None:
    """Entry point of a pool process: run jobs from the pipe until None (or the pipe closes)."""
    asyncio.run(_serve(n, kind, conn))


async def _serve(n: int, kind: LineKind[Any, Any], conn: Any) -> None:
    loop = asyncio.get_running_loop()
    jobs: asyncio.Queue[tuple[str, QueueLine] | None] = asyncio.Queue()
    current: list[QueueLine] = []

    def take(item: Item | None) -> None:
        if item is None:
            jobs.put_nowait(None)
        elif item[0] == "job":
            current[:] = [QueueLine(lambda note: conn.send(("note", note)))]
            jobs.put_nowait((item[1], current[0]))
        elif item[0] == "command" and current:
            current[0].commands.put_nowait(item[1])

    def hand_over(item: Item | None) -> None:
        loop.call_soon_threadsafe(take, item)

    threading.Thread(target=_read_pipe, args=(conn, hand_over), daemon=True).start()
    try:
        async with kind.make(n) as worker:
            while (got := await jobs.get()) is not None:
                outcome = await worker.run(kind.job.model_validate_json(got[0]), got[1])
                current.clear()
                conn.send(("done", outcome.model_dump_json()))
    except WorkerStartFailed as exc:
        conn.send(("fatal", str(exc)))


def _read_pipe(conn: Any, take: Callable[[Item | None], object]) -> None:
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):
            item = None
        take(item)
        if item is None:
            return
