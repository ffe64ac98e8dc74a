"""handle_dialog: how the next JS dialog (alert, confirm, prompt, leave-page) is answered."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.browser.happenings import DialogPolicy
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.types import ActionResult


class DialogParams(BaseModel):
    accept: bool = Field(description="true: OK / leave; false: Cancel / stay")
    text: str | None = Field(None, description="answer for a prompt dialog")


@skill("handle_dialog", DialogParams, changes_page=False, offered_on=("dialog",))
async def handle_dialog(ctx: SkillContext, p: DialogParams) -> ActionResult:
    """Choose how the next page dialog is answered (dialogs are dismissed unless you accept first)."""
    ctx.session.dialog_policy = DialogPolicy(accept=p.accept, text=p.text)
    answer = "accepted" + (f" with {p.text!r}" if p.text is not None else "") if p.accept else "dismissed"
    return ActionResult(
        action="handle_dialog",
        ok=True,
        detail=f"the next dialog will be {answer}; now repeat the action that opens it",
        url=ctx.session.page.url,
    )
