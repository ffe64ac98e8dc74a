"""What the planner loop and the navigator share during one run, so that neither calls the other.

The scope holds the run's control (pause, stop, edits), its settings, the secret masker, the text the
models read (for grounding), the facts the person gave, and the way out: `emit` sends a masked event
to the sink, `ask` and `confirm` put a question to the person.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from navwright.agent.control import RunControl
from navwright.agent.events import Event, EventSink, UserAnswered, UserAsked
from navwright.agent.grounding import Seen
from navwright.agent.judge.verdict import Check
from navwright.agent.outcomes import NeedsUser
from navwright.agent.settings import RunSettings
from navwright.agent.user import AskKind, NoUser, is_yes
from navwright.agent.wiring import RunIO, TaskRequest
from navwright.masking import Masker, masker_for


@dataclass
class RunScope:
    settings: RunSettings
    masker: Masker
    io: RunIO
    control: RunControl = field(init=False)
    seen: Seen = field(default_factory=Seen)
    """The text this run's models read, for grounding answers."""
    facts: list[str] = field(default_factory=list)
    """What the person said in answer to the run's questions."""
    listeners: list[EventSink] = field(default_factory=list)
    """Who else reads the run's masked events (memory learning from it)."""
    checked: dict[str, Check] = field(default_factory=dict)
    """The check calls made in this run, by what each read (made once: agent/judge/model_check.py)."""

    @classmethod
    def open(cls, request: TaskRequest, settings: RunSettings, io: RunIO) -> RunScope:
        masker = masker_for(request.secrets)  # built once per set (a server builds it off its loop)
        scope = cls(settings, masker, io, seen=Seen(mask=masker.text))
        scope.control = RunControl(request.run_id, request.task, scope.emit)
        return scope

    @property
    def run_id(self) -> str:
        return self.control.run_id

    def emit(self, event: Event) -> None:
        """Send `event` to the sink with every secret masked; a sink that fails never stops the run."""
        # listeners first: what memory learned from a finished run is stored before anyone hears it ended
        sinks = [sink for sink in (*self.listeners, self.io.sink) if sink is not None]
        if not sinks:
            return
        try:
            masked: Event = self.masker.model(event)
        except Exception:
            return
        for sink in sinks:
            try:
                sink.emit(masked)
            except Exception:  # a sink must not break the run
                continue

    async def ask(self, question: str, kind: AskKind) -> str:
        """The person's answer; NeedsUser when nobody is there to answer."""
        self.control.set_state("waiting_for_user")
        self.emit(UserAsked(run_id=self.run_id, question=question, kind=kind))
        reply = await self.control.race((self.io.user or NoUser()).ask(question, kind))
        if reply is None:
            raise NeedsUser(question)
        self.emit(UserAnswered(run_id=self.run_id, answer=reply))
        self.control.set_state("running")
        return reply

    async def confirm(self, what: str) -> bool:
        """Whether the person approves `what` (a question, answered yes or no)."""
        try:
            reply = await self.ask(f"May I {what}?", "confirm")
        except NeedsUser as exc:
            raise NeedsUser(f"needs your approval to {what} (run with --yes to approve)") from exc
        return is_yes(reply)
