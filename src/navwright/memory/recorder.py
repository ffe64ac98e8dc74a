"""`RunMemory`: one run's link to memory. It watches the skills the run uses and the run's events,
keeps each step the planner verified, turns a run that succeeded into a workflow, and offers a
served workflow's replay when the request fits one.

Nothing is learned from a run whose verdict was not `success` (agent/judge/): not its workflow, not
its steps. A learned workflow keeps the checks that admitted it. Secrets are kept as `{{NAME}}` only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import BaseModel

from navwright.agent.events import Event
from navwright.agent.grounding import Evidence
from navwright.browser.skills.base import Skill, SkillContext
from navwright.browser.types import ActionResult
from navwright.masking import Masker
from navwright.memory.db import MemoryStore
from navwright.memory.describe import describe
from navwright.memory.effects import effect_of
from navwright.memory.examples import (
    EXAMPLES,
    examples_text,
    most_similar,
    plan_example_text,
    similar_run,
)
from navwright.memory.models import Descriptor, LearnedAction, LearnedStep, Quoted, Workflow
from navwright.memory.replay import Replayer
from navwright.memory.seen import Done, StepSeen, kept, origin
from navwright.memory.template import templated, to_template, typed_values, values_named
from navwright.store.rows import StoreError

if TYPE_CHECKING:
    from navwright.agent.acting import Acting
    from navwright.agent.recall import Stepper


@dataclass(frozen=True)
class MemoryUse:
    """How a run uses memory (the defaults: as `navwright run` does)."""

    site: str = ""
    """File every step under this site, whatever the page's origin (a benchmark whose pages are
    served at a fresh port each time); "" files each under its page's origin."""
    replays: bool = True
    """Served workflows may be replayed (False: examples only)."""
    examples: bool = True
    """Prompts get examples of similar learned work (False: zero-shot)."""
    learns: bool = True
    """The run adds to memory (False: it only reads, as a measurement on held-out tasks must)."""
    judged: bool = False
    """An outside judge says whether the run succeeded (`RunMemory.judge`), not the run's own status."""


class RunMemory:
    """Memory for one run (build.py makes it when the run's `memory` setting is on)."""

    def __init__(self, store: MemoryStore, task: str, url: str | None,
                 secrets: Mapping[str, str] | None = None, run_id: str = "",
                 use: MemoryUse | None = None) -> None:
        self.store = store
        self.task = task
        self.use = use or MemoryUse()
        self.site = self.use.site or origin(url)
        """The site memory files this run's work under: the one given, else the start URL's origin."""
        self.run_id = run_id
        self._masker = Masker(secrets)
        self._steps: list[StepSeen] = []
        self.replaying: Replayer | None = None
        self.replayed = False
        """A served workflow's replay began in this run."""
        self.answer = ""
        self.verdict: list[str] = []
        """The checks of the run's verdict that admitted it (kept with a learned workflow)."""
        self.evidence: list[Evidence] = []
        """The lines the run's verdict quoted for its answer (kept with a learned workflow)."""

    # --- watching the run ------------------------------------------------------------------------

    def wrap(self, skills: list[Skill], site: bool = False) -> list[Skill]:
        """The same skills, each noting what it did (its target described before it acts); `site`: they
        are the site's own functions."""
        return [dataclasses.replace(s, handler=self._noting(s, site)) for s in skills]

    def _noting(self, skill: Skill, site: bool) -> Any:
        async def handler(ctx: SkillContext, params: BaseModel) -> ActionResult:
            data = params.model_dump(exclude_defaults=True)
            element = next((str(data[f]) for f in skill.element_fields if data.get(f)), "")
            targets = await describe(ctx.session.page, [element]) if element else {}
            page_url = ctx.session.page.url
            result = await skill.handler(ctx, params)
            step = self._steps[-1] if self._steps else None
            if step is not None:
                step.site = step.site or self.use.site or origin(page_url)
                step.actions.append(Done(skill, self._masker.tree(data), targets.get(element), result, site))
            return result

        return handler

    def emit(self, event: Event) -> None:
        """Follow the run: steps start and end, the planner accepts them, the run ends."""
        try:
            self._follow(event)
        except Exception:  # memory must never break a run
            return

    def _follow(self, event: Event) -> None:
        if event.type == "run_started":
            self.run_id = self.run_id or event.run_id
        elif event.type == "task_edited":
            self.task = event.task
        elif event.type == "step_started":
            self._steps.append(StepSeen(event.step, event.request))
        elif event.type == "step_finished" and self._steps:
            self._steps[-1].status, self._steps[-1].answer = event.status, event.answer or ""
        elif event.type == "run_finished":
            self.answer = event.answer
            self.verdict = [f"{c.name}: {c.detail}" for c in event.checks if c.ok]
            self.evidence = list(event.evidence)
            if not self.use.judged:  # only a verified run is learned, its steps with it
                self._finished(event.status == "success")

    # --- learning --------------------------------------------------------------------------------

    def values(self) -> list[str]:
        typed = [v for s in self._steps for a in s.actions for v in typed_values(a.params)]
        pressed = [a.target.name for s in self._steps for a in s.actions
                   if a.target is not None and a.target.name and a.skill.does == "press"]
        return values_named(self.task, typed, pressed)

    def learned(self, step: StepSeen, values: list[str]) -> LearnedStep:
        actions = [self._learned_action(a, values) for a in step.actions if kept(a)]
        return LearnedStep(
            site=step.site or self.site, task=to_template(self.task, values),
            request=to_template(step.request, values), values=values, actions=actions,
            answer=to_template(self._masker.text(step.answer), values), changed_state=step.changed_state,
            run_id=self.run_id,
        )

    @staticmethod
    def _learned_action(done: Done, values: list[str]) -> LearnedAction:
        param = next((f for f in done.skill.element_fields if f in done.params), "")
        params = {k: templated(v, values) for k, v in done.params.items() if k != param}
        target = (Descriptor.model_validate(templated(done.target.model_dump(), values))
                  if done.target is not None else None)
        return LearnedAction(skill=done.skill.name, params=params, element_param=param, target=target,
                             effect=effect_of(done.result, values))

    def _keep_step(self, step: StepSeen) -> None:
        if step.learned or not step.actions or not self.use.learns:
            return
        step.learned = True
        self.store.add_step(self.learned(step, self.values()))

    def judge(self, success: bool) -> None:
        """An outside judge's verdict (a benchmark's reward, a test of the server's state), for a run
        whose memory was made with `MemoryUse(judged=True)`. A run the judge accepts may not have ended
        by itself (the page ended it after its last action): it is learned as a success, each step
        that acted counting as done."""
        if success:
            self._steps = [s for s in self._steps if s.actions or s.status == "done"]
            for step in self._steps:
                step.status = "done"
        self._finished(success)

    def _finished(self, success: bool) -> None:
        if not self.use.learns:
            return
        if self.replaying is not None:
            self.replaying.finished(success, self._steps)
            return
        if not success:
            return
        for step in self._steps:
            if step.status == "done":
                self._keep_step(step)
        workflow = self.workflow()
        if workflow is not None:
            self._merge(workflow)

    def workflow(self, values: list[str] | None = None) -> Workflow | None:
        """The run as a workflow: every step done, on a site, ending in a change of the page's state
        (a question's answer is read anew each time: it is no workflow). `values`: the request's
        values when they are known (a replay's), else the typed values the request names."""
        steps = self._steps
        if not self.site or not steps or any(s.status != "done" for s in steps) \
                or not steps[-1].changed_state:
            return None
        values = self.values() if values is None else values
        return Workflow(site=self.site, task=to_template(self.task, values), values=values,
                        steps=[self.learned(s, values) for s in steps],
                        answer=to_template(self._masker.text(self.answer or steps[-1].answer), values),
                        verdict=[self._masker.text(v) for v in self.verdict],
                        evidence=[self._quoted(e, values) for e in self.evidence])

    def _quoted(self, evidence: Evidence, values: list[str]) -> Quoted:
        quote = to_template(self._masker.text(evidence.quote), values)
        return Quoted(path=urlsplit(evidence.url).path, quote=quote)

    def _merge(self, workflow: Workflow) -> None:
        """A second run that did the same counts as a second success; one that did otherwise starts over."""
        known = self.store.workflow_for(workflow.site, workflow.task)
        if known is not None and known.signature() == workflow.signature():
            workflow = workflow.model_copy(update={"id": known.id, "successes": known.successes + 1,
                                                   "failures": known.failures, "replays": known.replays})
        self.store.save_workflow(workflow)

    def example(self, request: str, url: str) -> str:
        """Examples for the navigator's prompt: the verified steps most like the request, this site's
        first, else another site's when it is very like it ("" when memory holds none)."""
        site = self.use.site or origin(url) or self.site
        if not self.use.examples:
            return ""
        try:
            steps = self.store.steps()
            here = most_similar(request, [s for s in steps if s.site == site], most=EXAMPLES)
            if here:
                return examples_text(here)
            elsewhere = most_similar(request, [s for s in steps if s.site != site], elsewhere=True)
            return examples_text(elsewhere, "on another site")
        except Exception:  # memory must never break a run
            return ""

    def plan_example(self, task: str) -> str:
        """An example for the planner's prompt: the steps of the past run most like this request."""
        if not self.use.examples:
            return ""
        try:
            return plan_example_text(similar_run(task, self.store.steps()))
        except Exception:  # memory must never break a run
            return ""

    # --- replaying -------------------------------------------------------------------------------

    async def replay(self, actor: Acting, takeover: Stepper) -> Replayer | None:
        """The replay of the served workflow this request fits on this site, if any: it acts through
        `actor` and hands a step to `takeover` at its first mismatch."""

        try:
            found = self.store.served(self.site, self.task) if self.site and self.use.replays else None
        except StoreError:  # a damaged run database: the run goes on without memory
            return None
        if found is None:
            return None
        workflow, values = found
        self.replaying = Replayer(self, workflow, values, actor, takeover)
        self.replayed = True
        return self.replaying
