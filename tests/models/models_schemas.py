"""Schemas shaped like the ones the agent sends: built per call, with the page's ids as an enum."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, create_model


def action_schema(ids: list[str]) -> type[BaseModel]:
    """A navigator answer: a thought, then a list of a discriminated union of actions on `ids`."""
    id_type: Any = Literal[tuple(ids)]
    click_kind: Any = Literal["click"]
    type_kind: Any = Literal["type"]
    click = create_model("Click", kind=(click_kind, ...), id=(id_type, ...))
    type_ = create_model(
        "TypeText", kind=(type_kind, ...), id=(id_type, ...), text=(str, ...), submit=(bool, False)
    )
    action: Any = Annotated[click | type_, Field(discriminator="kind")]
    note = create_model("Note", title=(str, ...), detail=(str | None, None))
    return create_model(
        "NavigatorTurn", thought=(str, ...), actions=(list[action], ...), note=(note | None, None)
    )
