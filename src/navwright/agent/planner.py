"""The planner: one website-level decision per call."""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.agent.decisions import AskUser, CheckReply, Finish, GiveUp, PlannerReply, RetryReply, WebStep
from navwright.agent.modelcall import Caller
from navwright.agent.task.tokens import joined
from navwright.agent.text.messages import PlanContext, StepRecord, planner_messages

DOMAIN = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(/\S*)?$", re.IGNORECASE)
Decision = WebStep | AskUser | Finish | GiveUp


@dataclass
class Planner:
    caller: Caller
    max_tokens: int = 200

    async def decide(self, ctx: PlanContext, url: str, title: str, *, may_ask: bool = True) -> Decision:
        """The next decision (see `_decide`); a web step whose request is written as action calls is
        the person's task again (see `in_words`)."""
        return in_words(await self._decide(ctx, url, title, may_ask=may_ask), ctx.task)

    async def _decide(self, ctx: PlanContext, url: str, title: str, *, may_ask: bool = True) -> Decision:
        """The next decision: a web step, a question, the answer, or giving up.

        After a failed step `may_ask` is False: the navigator reports `needs_user` when data is missing,
        so a failure calls for another way or a plain give-up, not a question to the person.
        """
        messages = planner_messages(ctx, url, title)
        schema: type[PlannerReply] | type[RetryReply] = PlannerReply if may_ask else RetryReply
        reply = await self.caller.ask(messages, schema, max_tokens=self.max_tokens)
        return reply.decision

    async def check(self, ctx: PlanContext, url: str, title: str, page_text: str) -> Decision:
        """After a step reported done: verify it against the request, finish or go on."""
        messages = planner_messages(ctx, url, title, page_text)
        reply = await self.caller.ask(messages, CheckReply, max_tokens=self.max_tokens)
        return reply.decision


CALLS = re.compile(r"^\s*[a-z_]+\((?:element|text|query|key|option|url|fields)\s*=")
"""A request written as the navigator's action calls: `type_text(element="Email #1", text=…); click(…)`."""


def in_words(decision: Decision, task: str) -> Decision:
    """The planner copied a failed step's action summary as its next request (a 1.5B model does): a
    navigator told to redo those calls redoes the failure. The step is the person's task instead; a
    failed step sent again unchanged is then caught as such (`repeats_failed`)."""
    if not isinstance(decision, WebStep) or not CALLS.match(decision.request):
        return decision
    return decision.model_copy(update={"request": task})


def resolve_site(site: str, catalog: dict[str, str]) -> str | None:
    """The URL a web step names: a catalog site, a URL, a bare domain; None = stay on the page."""
    site = site.strip()
    if not site:
        return None
    if site.lower() in catalog:
        return catalog[site.lower()]
    if site.startswith(("http://", "https://")):
        return site
    if DOMAIN.match(site):
        return "https://" + site
    return None


def same_page(a: str, b: str) -> bool:
    def norm(url: str) -> str:
        return url.split("#", 1)[0].rstrip("/")

    return norm(a) == norm(b)


def repeats_failed(decision: Decision, steps: list[StepRecord], start_url: str) -> StepRecord | None:
    """The failed step that `decision` sends again unchanged (the same words from the same page), if
    any: a failed step is never re-sent as it was, since a fresh navigator would make the same moves."""
    if not isinstance(decision, WebStep):
        return None
    key = joined(decision.request)
    for step in reversed(steps):
        if step.report.status == "failed" and joined(step.request) == key \
                and same_page(step.start_url, start_url):
            return step
    return None


def failed_before(decision: Decision, steps: list[StepRecord], times: int = 2) -> StepRecord | None:
    """The last of `times` failed steps with the same words as `decision`, from any page: a fresh
    navigator given the same words makes much the same moves, so the run ends saying why instead of
    spending its time on them again."""
    if not isinstance(decision, WebStep):
        return None
    key = joined(decision.request)
    same = [s for s in steps if s.report.status == "failed" and joined(s.request) == key]
    return same[-1] if len(same) >= times else None
