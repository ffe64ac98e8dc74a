"""The reader: one short call that reads the lines of a page matching the task and answers a question
from them, so a look-up does not depend on the navigator choosing to read instead of to click.

It also says once per run what the task asks: to find out one thing ("question"), to pick among several
("compare": the cheapest, the best... a page's matching lines may show only some of them, so the
navigator looks for the whole list), or to change something ("action": its report comes from the page
the action leaves, checked by the planner). After "compare" or "action" it is not called again in that
run. Its answer is accepted only when grounded in the lines it read and not a restatement of the task;
a partial one (one of the two quantities a question compares) leaves its lines as notes that are read
again with the next page's lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field

from navwright.agent.difference import partial
from navwright.agent.grounding import (
    Evidence,
    Seen,
    answering_line,
    ground,
    informs,
    restates,
)
from navwright.agent.modelcall import BadAnswer, Caller
from navwright.agent.quantities import unit_mismatch
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import numbers_in
from navwright.agent.text.messages import reader_lines, reader_messages, reader_note

ANSWER_CAP = 200


Kind = Literal["question", "compare", "action"]


class ReaderReply(BaseModel):
    kind: Kind
    answer: str = Field(default="", max_length=ANSWER_CAP)


@dataclass
class Reading:
    """An answer the reader found, with where each of its facts was seen."""

    answer: str
    evidence: list[Evidence]


@dataclass
class Reader:
    caller: Caller
    max_tokens: int = 80
    kind: Kind | None = None
    """What the task asks, once the reader has said it (None: not yet asked)."""
    notes: list[str] = field(default_factory=list)
    """Lines that held part of the answer on pages read before (one of two populations): read again
    with the next page's lines."""

    @property
    def wanted(self) -> bool:
        return self.kind in (None, "question")

    async def read(self, intent: TaskIntent, url: str, lines: str, given: str) -> Reading | None:
        """The answer to the task held by `lines` (seen at `url`), or None. `given`: what the person
        said (their facts need no page)."""
        shown = reader_lines(self.notes, lines)
        messages = reader_messages(intent.text, shown)
        try:
            reply = await self.caller.ask(messages, ReaderReply, max_tokens=self.max_tokens)
        except BadAnswer:
            return None
        self.kind = self.kind or reply.kind
        answer = reply.answer.strip(" .…")
        if self.kind != "question" or not answer:
            return None
        seen = Seen(mask=self.caller.mask)
        seen.add(url, shown)
        grounding = ground(answer, seen, given)
        fits = grounding.ok and unit_mismatch(answer, seen, intent.quantity) is None  # not a price for weight
        told = informs(answer, grounding, intent.said, seen) if fits else None
        if told is None and (answer.endswith("?") or restates(answer, intent.said)):  # the question back:
            line = answering_line(intent.said, shown)  # the one line about what it asks is the answer
            return None if line is None else Reading(answer=line, evidence=[Evidence(url=url, quote=line)])
        if told is None:  # a guess, or "the lines do not say"
            return None
        evidence = grounding.evidence if grounding.new else [told]
        if partial(answer, intent):  # one of two populations: kept for the next page's lines
            held = [reader_note(e) for e in evidence if numbers_in(e.quote)]  # the figures found
            self.notes.extend(n for n in held if n not in self.notes)
            return None
        return Reading(answer=reply.answer.strip(), evidence=evidence)
