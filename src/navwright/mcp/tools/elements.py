"""What the page tools share: an element named by id and label, and the change report they answer with."""

from __future__ import annotations

from pydantic import BaseModel, Field

from navwright.browser.render import render_result
from navwright.browser.types import ActionResult
from navwright.mcp.state import McpState
from navwright.mcp.tool import untrusted


class ElementRef(BaseModel):
    element: str = Field(min_length=1, description="The element's id as observe showed it: 12 for [12].")
    label: str = Field(description="The element's label as observe showed it (checked against the page).")


def check_label(state: McpState, ref: ElementRef) -> None:
    """The id must still name the element the client means: a label that does not match is refused."""
    element = ref.element.strip().strip("[]").rsplit("#", 1)[-1].strip()
    ref.element = element
    known = state.labels.get(element)
    if known is None:
        raise ValueError(f"there is no element {element} in the last observation; call observe first")
    want, have = _norm(ref.label), _norm(known)
    if want and want not in have and have not in want:
        raise ValueError(f"element {element} is {known!r}, not {ref.label!r}; observe the page again")


def report(state: McpState, result: ActionResult) -> str:
    """navwright's change report for an action, as untrusted page text; new elements become known."""
    state.labels.update({e.id: e.name for e in result.appeared})
    return untrusted(render_result(result))


def _norm(text: str) -> str:
    return " ".join(text.lower().split())
