"""The run controller: the planner loop, the person in control, events, the result."""

from __future__ import annotations

import datetime as dt
import logging
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from navwright.agent.actor import EpisodeOver
from navwright.agent.asking import asks_back
from navwright.agent.confirmation import ended_asking
from navwright.agent.control import Held
from navwright.agent.counting import counted_evidence
from navwright.agent.decisions import AskUser, Finish, GiveUp, WebStep
from navwright.agent.difference import with_difference
from navwright.agent.events import (
    PlanUpdated,
    RunFinished,
    RunStarted,
    RunStatus,
    ScreenshotTaken,
    StateChanged,
    StepFinished,
    StepStarted,
)
from navwright.agent.exposure import data_fence, leak_refusal, secret_hosts
from navwright.agent.grounding import Evidence, ground, informs
from navwright.agent.judge.answer import GUARDS as ANSWER_GUARDS
from navwright.agent.judge.answer import Answering
from navwright.agent.judge.checks import JudgeInput
from navwright.agent.judge.judge import judge
from navwright.agent.judge.verdict import Check, RunVerdict, first_refusal
from navwright.agent.modelcall import BadAnswer, Caller, Role, short
from navwright.agent.navigator import Navigator
from navwright.agent.outcomes import RunEnded, RunResult, StepInterrupted, StepReport
from navwright.agent.planner import Planner, failed_before, repeats_failed, resolve_site, same_page
from navwright.agent.procedures import step_rules
from navwright.agent.reader import Kind, Reader
from navwright.agent.recall import NotedSource, Replay
from navwright.agent.rules import apply_without
from navwright.agent.scope import RunScope
from navwright.agent.settings import RunSettings
from navwright.agent.step import says_something
from navwright.agent.task.said import said_in
from navwright.agent.text import messages as wording
from navwright.agent.text import reports, verdicts
from navwright.agent.text.messages import PlanContext, StepRecord
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.errors import BrowserError
from navwright.browser.observe import observe
from navwright.browser.session import safe_title
from navwright.browser.skills.base import SkillContext
from navwright.models.base import ChatModel

FINAL_STATE: dict[str, RunStatus] = {
    "success": "finished", "unverified": "finished", "failed": "failed", "stopped": "stopped",
    "needs_user": "needs_user",
}

_log = logging.getLogger(__name__)


class Agent:
    """One run of a task: `await Agent(request, models, tools).run()`; pause/resume/stop/edit_task from
    elsewhere. The planner loop lives here; the navigator gets the run's scope and returns reports."""

    def __init__(
        self, request: TaskRequest, models: Models, tools: Tools, settings: RunSettings | None = None,
        io: RunIO | None = None,
    ) -> None:  # fmt: skip
        self.settings = apply_without(settings or RunSettings())
        self.run_id = request.run_id
        self.url = request.url
        self._scope = scope = RunScope.open(request, self.settings, io or RunIO())
        self._masker = scope.masker
        self._emit = scope.emit
        self._totals = RunResult(status="failed", run_id=self.run_id)
        self._models = list({id(m): m for m in (models.planner, models.navigator)}.values())
        self._baseline = [m.stats.model_copy() for m in self._models]
        self.control = scope.control
        day = self.settings.today or dt.date.today()  # the day the planner is told and the skills type
        self._ctx = SkillContext(session=tools.session, secrets=dict(request.secrets),
                                 upload_dirs=[Path(p) for p in self.settings.upload_dirs], today=day,
                                 allowed_domains=list(self.settings.allowed_domains),
                                 secret_hosts=secret_hosts(request.url, self.settings.allowed_domains))
        if tools.memory is not None and tools.sites is not None:  # work done with a site's API is learned too
            tools = replace(tools, sites=NotedSource(tools.sites, tools.memory))
        self._session = tools.session
        self._seen = scope.seen
        self._evidence: list[Evidence] = []
        self._rejected = 0
        self._shots: Path | None = None
        self._memory = tools.memory
        self._replay: Replay | None = None
        self._verifier = self._caller(models.planner, "verifier")
        self._planner = Planner(self._caller(models.planner, "planner"),
                                max_tokens=self.settings.planner_max_tokens)
        acts = self.control.intent.known_action  # "Book…", "Turn on…", "Click…"
        kind: Kind | None = "action" if acts else None
        navigator = self._caller(models.navigator, "navigator")
        reader = Reader(self._caller(models.navigator, "reader"), kind=kind) if self.settings.reader else None
        self._navigator = Navigator(scope, tools, self._ctx, navigator, reader,
                                    rules=step_rules(scope, tools, self._ctx, navigator, reader,
                                                     self._verifier if self.settings.verify else None))
        if tools.memory is not None:  # memory learns from the run's events and skills, and offers examples
            scope.listeners.append(tools.memory)
            self._navigator.examples = tools.memory.example
        catalog = [f"{s.name}: {s.url} {s.purpose}".strip() for s in self.settings.catalog]
        self._plan = PlanContext(task=request.task, today=day.isoformat(), start_url=request.url,
                                 profile=self.settings.profile, catalog=catalog,
                                 example=tools.memory.plan_example(request.task) if tools.memory else "")

    def _caller(self, model: ChatModel, role: Role) -> Caller:
        """Calls for `role`; a pause or an edit cancels the call in flight and the run makes it again."""
        held = Held(model, self.control, edits=role != "verifier")
        return Caller(held, role, self.run_id, self._emit, mask=self._masker.text)

    # control, safe from another task
    @property
    def state(self) -> RunStatus:
        return self.control.state

    def pause(self) -> None:
        self.control.pause()

    def resume(self) -> None:
        self.control.resume()

    def stop(self) -> None:
        self.control.stop()

    def edit_task(self, text: str) -> None:
        self.control.edit_task(text)

    async def run(self) -> RunResult:
        start = time.monotonic()
        self._emit(RunStarted(run_id=self.run_id, task=self.control.task, url=self.url,
                              allowed_domains=list(self.settings.allowed_domains)))
        self._emit(StateChanged(run_id=self.run_id, state="running"))
        status, answer, error, checks = "failed", "", None, []
        try:
            answer = await self._loop()
            verdict = await self._verdict(answer)
            status, checks = verdict.status, verdict.checks
            error = None if status == "success" else f"not confirmed: {verdict.why_not()}"
        except RunEnded as end:
            status, answer, error = end.status, end.answer, end.message
        except EpisodeOver:
            status = "stopped"
        except BadAnswer as exc:
            error = str(exc)
        except BrowserError as exc:
            error = f"the browser failed: {exc}"
        except Exception as exc:  # failures become words, never a traceback (the log keeps it)
            _log.warning("run %s ended by an unexpected error", self.run_id, exc_info=True)
            error = short(f"unexpected {type(exc).__name__}: {exc}")
        return self._finish(status, answer, error, time.monotonic() - start, checks)

    async def _loop(self) -> str:
        await self._session.fence_data(data_fence(self.settings.profile, self._ctx.secrets,
                                                  self._ctx.secret_hosts))
        if self.url:
            await self._session.open(self.url)
        nav = self._navigator  # a replay acts as the navigator does, and hands it a step that differs
        self._replay = await self._memory.replay(nav.actor, nav) if self._memory else None
        report: StepReport | None = None
        while True:
            await self.control.checkpoint()
            self._take_edit()
            try:
                decision = await self._decide(report)
            except StepInterrupted:  # edited while the planner thought: it thinks again about the new task
                decision = None
            await self.control.checkpoint()
            if self._take_edit() or decision is None:
                report = None
                continue
            self._emit(PlanUpdated(run_id=self.run_id, decision=decision.kind, thought=decision.thought,
                                   detail=decision.model_dump(exclude={"kind", "thought"})))
            if isinstance(decision, Finish):
                if self._grounded(decision, report):  # an example's words copied from the prompt say nothing
                    answer = decision.answer if says_something(decision.answer) else ""
                    return with_difference(answer, self.control.intent)  # worked out by code
                report = None
                continue
            if isinstance(decision, GiveUp):
                raise RunEnded("failed", decision.reason)
            if isinstance(decision, AskUser):
                reply = await self._scope.ask(decision.question, decision.ask)
                self._plan.said.append(wording.person_answered(decision.question, reply))
                self._scope.facts.append(wording.person_fact(decision.question, reply))
                report = None
                continue
            report = await self._web_step(decision)

    def _grounded(self, decision: Finish, report: StepReport | None) -> bool:
        """An answer is accepted when each fact it states was on a page the run read or was said by the
        person, and it adds something a page showed to what the person said; an answer with no fact
        needs a quote that a page showed. A last step that changed the page's state (an action done)
        needs neither. The first answer turned back goes back to the planner; the second ends the
        run as failed, saying what could not be found."""
        given = " ".join([self._plan.task, self._plan.profile, *self._scope.facts])
        answer = decision.answer
        grounding = ground(answer, self._seen, given)
        said = self.control.intent.said | said_in(" ".join([self._plan.profile, *self._scope.facts]))
        told = informs(answer, grounding, said, self._seen) or counted_evidence(answer, report)
        changed = report is not None and report.changed_state and self._acting()  # a question needs its fact
        answering = Answering(answer, self.control.intent, grounding, told, changed, self._acting(),
                              self._navigator.actor.committed, self._actions())
        why = first_refusal(ANSWER_GUARDS, answering, frozenset(self.settings.without))
        if why is None:
            quoted = self._seen.quote_found(decision.evidence) if decision.evidence else None
            found = [self._seen.evidence(quoted)] if quoted is not None else [told] if told else []
            self._evidence = grounding.evidence or found or (report.evidence if report else [])
            return True
        self._rejected += 1
        if self._rejected >= 2:
            raise RunEnded("failed", f"could not ground the answer {short(answer, 160)!r}: {why}")
        self._plan.said.append(wording.answer_refused(why))
        return False

    async def _verdict(self, answer: str) -> RunVerdict:
        """The run's verdict on its answer (agent/judge/): `success` only when code, and for a question a
        short check call, confirmed it."""
        vouched = self._replay.vouched(answer) if self._replay is not None else None
        if vouched is not None:  # the lines the learned workflow's check read, seen again: its reading stands
            self._evidence = vouched[1]
        intent = self.control.intent
        kind = self._navigator.reader.kind if self._navigator.reader is not None else None
        asks = intent.asks or kind in ("question", "compare")
        acts = intent.acts or (kind == "action" and not intent.question_only)
        by = intent.criterion.label if intent.criterion and self.settings.compare else None
        actor, asking = self._navigator.actor, await ended_asking(self._session) if intent.orders else None
        steps = [s.report for s in self._plan.steps]
        j = JudgeInput(intent, asks, acts, answer, self._evidence, self._seen, steps,
                       actor.committed, intent.commits, by, actor.worked, actor.guard.changed_by, asking)
        refused = [Check(name=v.rule, ok=True, detail=verdicts.refused_action(v.message))
                   for v in actor.guard.vetoes]
        if vouched is not None:
            refused.append(Check(name="replayed", ok=True, detail=vouched[0]))
        call = self._verifier if self.settings.verify and vouched is None else None
        return await self.control.race(judge(j, call, frozenset(self.settings.without), refused,
                                             self._scope.checked))

    def _actions(self) -> int:
        """Actions the run's steps ran on pages."""
        return sum(s.report.actions for s in self._plan.steps)

    def _acting(self) -> bool:
        """The task is no question the reader recognised (an order, a message, "book the cheapest…"):
        the commitments its words command must be made before it is done."""
        return not self._navigator.end.asks_question()

    def _take_edit(self) -> bool:
        if not self.control.take_task_change():
            return False
        self._plan.task = self.control.task
        self._plan.said.append(wording.request_changed(self.control.task))
        return True

    async def _decide(self, report: StepReport | None) -> WebStep | AskUser | Finish | GiveUp:
        replayed = self._replay.decide(report) if self._replay else None
        if replayed is not None:
            return replayed
        self._replay = None  # a learned workflow's step failed: the planner takes over
        page = self._session.page
        if self._direct_first_step(page.url):
            task = self._plan.task
            return WebStep(kind="web_step", thought="the request starts on this page", request=task)
        if report is not None and self._answered_whole_request(report):
            return Finish(kind="finish", thought="the step answered the whole request from the page",
                          answer=report.answer)
        title = await safe_title(page)
        if report is not None and report.status == "done":
            text = ""
            try:
                obs = await observe(page, "text", budget_tokens=self.settings.planner_page_tokens)
                text = obs.text
                self._seen.add(obs.url, text)
            except BrowserError:
                text = ""
            return await self.control.race(self._planner.check(self._plan, page.url, title, text))
        may_ask = report is None or report.status == "needs_user"

        async def plan(may: bool) -> WebStep | AskUser | Finish | GiveUp:
            return await self.control.race(self._planner.decide(self._plan, page.url, title, may_ask=may))

        decision = await plan(may_ask)
        if isinstance(decision, AskUser) and asks_back(decision, self.control.intent, self.settings.without):
            self._plan.said.append(wording.asked_back(decision.question))  # the person asked it: not theirs
            decision = await plan(False)
        twice = failed_before(decision, self._plan.steps)
        if twice is not None:
            why = short(twice.report.answer or twice.report.summary, 200)
            reason = f'"{short(twice.request, 160)}" failed twice: {why}'
            return GiveUp(kind="give_up", thought="the same step failed twice", reason=reason)
        failed = repeats_failed(decision, self._plan.steps, self._step_start(decision))
        if failed is None:
            return decision
        why = failed.report.answer or failed.report.summary
        self._plan.said.append(wording.failed_again(failed.request, why))
        decision = await plan(may_ask)
        failed = repeats_failed(decision, self._plan.steps, self._step_start(decision))
        if failed is None:
            return decision
        reason = f'"{short(failed.request, 160)}" failed, and the only plan left repeats it: {why}'
        return GiveUp(kind="give_up", thought="the same step failed before", reason=reason)

    def _step_start(self, decision: WebStep | AskUser | Finish | GiveUp) -> str:
        """The page a web step would begin on: the site it names, else the page open now."""
        catalog = {s.name.lower(): s.url for s in self.settings.catalog}
        site = resolve_site(decision.site, catalog) if isinstance(decision, WebStep) else None
        return site or self._session.page.url

    def _answered_whole_request(self, report: StepReport) -> bool:
        """No check call when the step's answer is grounded (each fact it states was found on a page: the
        evidence) and answers the person's whole request: the step was that request, or code read the
        answer for it (StepReport.about_task). An answer with no fact is still checked."""
        last = self._plan.steps[-1] if self._plan.steps else None
        whole = report.about_task or (last is not None and last.request.strip() == self._plan.task.strip())
        grounded = report.status == "done" and bool(report.evidence)
        return self.settings.finish_grounded_answers and grounded and whole

    def _direct_first_step(self, url: str) -> bool:
        """The cheap first decision: no model call when the request comes with its page."""
        return (self.settings.plan_first == "auto" and not self._plan.steps and not self._plan.said
                and not self.settings.catalog and url.startswith(("http://", "https://", "file://")))

    async def _web_step(self, decision: WebStep) -> StepReport:
        if self._totals.steps >= self.settings.max_steps:
            raise RunEnded("failed", f"used all {self.settings.max_steps} steps without finishing")
        self._totals.steps += 1
        step = self._totals.steps
        self._emit(StepStarted(run_id=self.run_id, step=step, site=decision.site, request=decision.request))
        report = await self._open_site(decision.site)
        start_url = self._session.page.url
        if report is None:
            try:
                report = await (self._replay or self._navigator).run_step(step, decision.request)
            except StepInterrupted:
                report = StepReport(status="failed", summary=reports.interrupted(),
                                    url=self._session.page.url)
        self._emit(StepFinished(run_id=self.run_id, step=step, status=report.status, summary=report.summary,
                                answer=report.answer or None, url=report.url, evidence=report.evidence))
        await self._screenshot(f"after step {step} ({report.status}): {short(report.summary, 120)}")
        self._plan.steps.append(StepRecord(site=decision.site, request=decision.request, report=report,
                                           start_url=start_url))
        return report

    async def _open_site(self, site: str) -> StepReport | None:
        catalog = {s.name.lower(): s.url for s in self.settings.catalog}
        url = resolve_site(site, catalog)
        if url is None or same_page(url, self._session.page.url):
            return None
        ctx = self._ctx  # a page may talk the planner into carrying the person's data elsewhere
        leak = leak_refusal({"site": url}, self._session.page.url, tuple(ctx.secret_hosts),
                            self.settings.profile, ctx.secrets, self.control.task)
        if leak is not None:
            return StepReport(status="failed", summary=leak, url=self._session.page.url)
        try:
            await self._session.open(url)
        except BrowserError as exc:
            return StepReport(status="failed", summary=reports.not_opened(url, str(exc)), url=url)
        return None

    async def _screenshot(self, caption: str) -> None:
        """The page as the step left it, saved as a PNG and announced (the store keeps a copy)."""
        if not self.settings.screenshots:
            return
        if self._shots is None:
            self._shots = Path(tempfile.mkdtemp(prefix=f"navwright-{self.run_id}-"))
        path = self._shots / f"step-{self._totals.steps:02d}.png"
        try:
            await self._session.page.screenshot(path=str(path), timeout=5000)
        except Exception:  # a page that cannot be drawn is no reason to stop the run
            return
        self._emit(ScreenshotTaken(run_id=self.run_id, path=str(path), caption=caption))

    def _finish(self, status: str, answer: str, error: str | None, seconds: float,
                checks: list[Check]) -> RunResult:
        spent = [(m.stats, base) for m, base in zip(self._models, self._baseline, strict=True)]
        result = self._totals.model_copy(update={
            "model_calls": sum(now.calls - base.calls for now, base in spent),
            "prompt_tokens": sum(now.prompt_tokens - base.prompt_tokens for now, base in spent),
            "completion_tokens": sum(now.completion_tokens - base.completion_tokens for now, base in spent),
            "status": status, "answer": answer, "error": error or None, "seconds": round(seconds, 3),
            "evidence": self._evidence if status in ("success", "unverified") else [], "checks": checks,
        })
        result = self._masker.model(result)  # what the caller gets back, masked like every event
        self.control.set_state(FINAL_STATE[status])
        self._emit(RunFinished(
            run_id=self.run_id, status=result.status, answer=result.answer,
            model_calls=result.model_calls, prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens, seconds=result.seconds, steps=result.steps,
            error=result.error, evidence=result.evidence, checks=result.checks,
        ))
        return result
