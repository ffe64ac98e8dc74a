"""An answer cut at `max_tokens` before its JSON closed keeps what it wrote whole (models/salvage.py):
the items of a list written before the cut, closed; never an object cut short of a member."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from navwright.models.salvage import cuts, salvage


class Click(BaseModel):
    name: Literal["click"]
    element: str


class Form(BaseModel):
    name: Literal["fill_form"]
    fields: dict[str, str]
    submit: bool = True


class Batch(BaseModel):
    actions: list[Click | Form]


def test_a_batch_cut_in_its_second_action_keeps_the_first() -> None:
    cut = '{"actions":[{"name":"click","element":"Save, then close #4"},{"name":"click","element":"Ca'
    kept = salvage(cut, Batch)
    assert kept is not None and kept.actions == [Click(name="click", element="Save, then close #4")]


def test_brackets_and_quotes_inside_strings_do_not_count_as_cuts() -> None:
    cut = '{"actions":[{"name":"click","element":"a \\"}]\\" b #1"},{"name":"cl'
    assert cuts(cut) == ['{"actions":[{"name":"click","element":"a \\"}]\\" b #1"}]}']


def test_an_action_cut_short_of_a_member_is_not_kept_without_it() -> None:
    # "submit": false cut off would read as the default, true: the form would be sent
    cut = ('{"actions":[{"name":"click","element":"Next #2"},'
           '{"name":"fill_form","fields":{"To":"Ada"},"submit":')
    kept = salvage(cut, Batch)
    assert kept is not None and [a.name for a in kept.actions] == ["click"]


def test_nothing_stands_when_no_item_of_a_list_was_written_whole() -> None:
    assert salvage('{"actions":[{"name":"click","elem', Batch) is None
    assert salvage('{"actions":[{"name":"fill_form","fields":{"To":"Ada","Note":"lo', Batch) is None
