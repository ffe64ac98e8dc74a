"""The web user: a question is open from the moment the run says it waits, answers are checked."""

from __future__ import annotations

import asyncio

import pytest

from navwright.agent.events import UserAsked
from navwright.server.errors import NoQuestion
from navwright.server.schemas import AnswerRequest
from navwright.server.user import WebUser


async def test_an_answer_sent_as_soon_as_the_question_shows_is_taken() -> None:
    user = WebUser()
    user.emit(UserAsked(run_id="r", question="Which name?", kind="data"))
    assert user.answer(AnswerRequest(text=" Grace ")) == "Grace"  # before the agent awaits it
    assert await asyncio.wait_for(user.ask("Which name?", "data"), 5) == "Grace"
    assert user.pending is None


async def test_a_confirmation_takes_approve_and_a_data_question_takes_text() -> None:
    user = WebUser()
    waiting = asyncio.ensure_future(user.ask("May I buy it?", "confirm"))
    await asyncio.sleep(0)
    with pytest.raises(ValueError, match="asks for approval"):
        user.answer(AnswerRequest(text="sure"))
    assert user.answer(AnswerRequest(approve=False)) == "no"
    assert await waiting == "no"
    with pytest.raises(NoQuestion, match="not waiting"):
        user.answer(AnswerRequest(approve=True))


def test_an_answer_is_text_or_approve_never_both_or_neither() -> None:
    for bad in ({}, {"text": "x", "approve": True}, {"text": "   "}):
        with pytest.raises(ValueError):
            AnswerRequest.model_validate(bad)
