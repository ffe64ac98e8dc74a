"""The procedures that press what the request names, each element once per step (they share the set of
what code pressed): the suggestion a field offered, the one element of the kind named, the boxes named,
the option named, the element the request's next part names, the result named by its place, the
beginning of a quoted value typed, the message named by its author. None runs on a page of the site's
own functions, nor once the model may only finish."""

from __future__ import annotations

from navwright.agent.authored import message_move
from navwright.agent.choosing import named_choice
from navwright.agent.kinds import one_of_kind
from navwright.agent.ordinal import Paging, result_move
from navwright.agent.pressing import press_next, tick_named
from navwright.agent.procedure import Proposal
from navwright.agent.procedures.base import Means, Routine
from navwright.agent.step import StepState, View
from navwright.agent.suggested import beginning_to_type, fold_choice, suggestion_to_pick
from navwright.agent.task.request import StepRequest
from navwright.browser.types import ActionResult


class Pressing(Routine):
    """A procedure that presses by code what the request (the step's, else the task) names."""

    @property
    def pressed(self) -> set[str]:
        return self.means.shared.pressed

    async def propose(self, view: View, state: StepState) -> Proposal:
        if view.menu.site_only or state.ending.only_finish:
            return None
        return self.press(view.request, view, state)

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        return None


def _click(element: str | None) -> Proposal:
    return ("click", {"element": element}) if element else None


class Suggestion(Pressing):
    """Choose the suggestion a field offered right after a type (agent/suggested.py); the choice reads
    as part of that type in the step's history."""

    name = "suggestion"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.choosing: str | None = None

    def begin(self) -> None:
        super().begin()
        self.choosing = None

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        chosen = suggestion_to_pick(request, state, view.obs.elements, self.pressed)
        self.choosing = chosen.name if chosen is not None else None
        return _click(chosen.id) if chosen is not None else None

    def ran(self, state: StepState, result: ActionResult) -> None:
        name, self.choosing = self.choosing, None
        fold_choice(state.done, name)


class PressKind(Pressing):
    """Press the one element of the kind the request names ("Click on a checkbox": agent/kinds.py)."""

    name = "press_kind"

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        return _click(one_of_kind(request, view.obs.elements, self.pressed))


class TickNamed(Pressing):
    """Tick the boxes the request names that are not ticked (agent/pressing.py)."""

    name = "tick_named"

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        return _click(tick_named(request, view.obs.elements, self.pressed))


class ChooseNamed(Pressing):
    """Choose the one option of one list the request names, picking the list's radio first when the
    list waits for it (agent/choosing.py)."""

    name = "choose_named"

    def chose(self) -> tuple[str, ...]:
        return tuple(self.means.shared.chosen.values())

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        if self.means.kind() != "action":
            return None
        return named_choice(request, view.obs.elements, self.pressed, self.means.shared.chosen)


class PressNamed(Pressing):
    """Press the one element the request's next part tells to press (agent/pressing.py)."""

    name = "press_named"

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        return _click(press_next(request, state.done, view.named, self.pressed, view.obs.elements))


class NumberedResult(Pressing):
    """Open the result the request names by its place, paging to it (agent/ordinal.py)."""

    name = "numbered_result"

    def __init__(self, means: Means) -> None:
        super().__init__(means)
        self.paging = Paging()

    def begin(self) -> None:
        super().begin()
        self.paging = Paging()

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        return _click(result_move(request, view.obs.elements, self.paging))


class TypeBeginning(Pressing):
    """Type the beginning of a value the request quotes where the model's guess found no suggestion
    (agent/suggested.py)."""

    name = "type_beginning"

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        return beginning_to_type(request, state, view.obs.elements, self.pressed)


class AuthoredMessage(Pressing):
    """Open the message the request names by its author, and forward it when asked (agent/authored.py)."""

    name = "authored_message"

    def press(self, request: StepRequest, view: View, state: StepState) -> Proposal:
        return message_move(request, view.obs.elements, self.pressed)


PRESSES = (Suggestion, PressKind, TickNamed, ChooseNamed, PressNamed, NumberedResult, TypeBeginning,
           AuthoredMessage)
"""In the order they are tried."""
