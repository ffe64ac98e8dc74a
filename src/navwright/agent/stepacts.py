"""The actions of a navigator step, run and recorded: each goes through the actor (agent/actor.py),
leaves its line in the step's history (agent/recording.py), and may end the step (agent/ending.py: a
field only the person can fill, the page's words after a commit, the loop guard of `step.stop_reason`)."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from navwright.agent.acting import Act
from navwright.agent.actions import action_params
from navwright.agent.actor import Actor
from navwright.agent.choosing import sends_its_form
from navwright.agent.ending import StepEnd
from navwright.agent.outcomes import StepReport
from navwright.agent.procedure import Move, Procedure, StepRules
from navwright.agent.recording import record_action, record_asked, record_move
from navwright.agent.settings import RunSettings
from navwright.agent.step import StepState, View, name_of, stop_reason
from navwright.browser.types import ActionResult, Observation


class StepActs:
    """Runs the model's actions and the procedures' moves of one run's steps."""

    def __init__(self, actor: Actor, end: StepEnd, rules: StepRules, settings: RunSettings) -> None:
        self.actor = actor
        self.end = end
        self.rules = rules
        self.settings = settings

    async def model_action(
        self, act: Act, action: BaseModel, view: View, state: StepState
    ) -> tuple[ActionResult, StepReport | None]:
        """Run an action the model chose; its result, and the step's report when that ends the step."""
        commits = self.actor.committed
        result = await self.actor.act(act)
        if result.needs:  # asked of the person: counted, the step ends asking
            record_asked(state, result)
            return result, self.end.needs(state, result)
        label = record_action(state, action, act.skill, self.actor.own(act.skill.name), view.obs, result)
        for procedure in self.rules.procedures:
            procedure.noted(action, view.obs, result)
        ended = await self.end.sent(commits, view.page, result, state, submits(action, view.obs))
        if ended is not None:  # the page says it is done: its words end the step (recorded above)
            return result, ended
        settings = self.settings
        why = stop_reason(label, result, state, settings.repeat_limit, settings.max_actions_per_step)
        return result, None if why is None else self.end.report(state, "failed", why)

    def act_of(self, step: int, action: BaseModel, view: View, asked: str, observe_ms: float) -> Act:
        """The model's action as the actor runs it."""
        skill = view.menu.skills[name_of(action)]
        return Act(step, skill, action_params(action), view.obs, asked, bool(getattr(action, "risky", False)),
                   observe_ms)

    async def move(
        self, step: int, procedure: Procedure, move: Move, view: View, state: StepState, asked: str
    ) -> StepReport | None:
        """Run a procedure's move (no model decision); the step's report when the person is needed, or
        when it committed and the page says it is done."""
        name, params = move
        skill = next(s for s in self.actor.skills if s.name == name)
        commits = self.actor.committed
        result = await self.actor.act(Act(step, skill, dict(params), view.obs, asked))
        if (needs := self.end.needs(state, result)) is not None:
            return needs
        own, form = self.actor.own(name), procedure.sends and sends_form(params, view.obs)
        sends = skill.does == "send_form" or self.actor.committed > commits or not own or form
        record_move(state, name, params, view.obs, result, sends, skill, own)
        sent = await self.end.sent(commits, view.page, result, state, form)
        procedure.ran(state, result)
        return sent


def submits(action: BaseModel, obs: Observation) -> bool:
    """The action presses a button of a form that sends it (`choosing.sends_its_form`)."""
    return sends_form(action_params(action), obs)


def sends_form(params: Mapping[str, object], obs: Observation) -> bool:
    """A press on the element of `params` sends its form (as `submits`)."""
    element = str(params.get("element", ""))
    target = next((e for e in obs.elements if e.id == element), None)
    return target is not None and sends_its_form(target)
