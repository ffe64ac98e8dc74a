"""The OpenAI-compatible backend against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import time
from typing import Literal

import pytest
from models_chat_server import ChatServer, Reply, chat_body, error_body
from pydantic import BaseModel

from navwright.models.base import Message, ModelError
from navwright.models.openai_compat import OpenAICompatModel, OpenAISettings


class Click(BaseModel):
    thought: str
    id: Literal["3", "7", "12"]
    double: bool = False


ASK = [Message(role="system", content="You act on web pages."), Message(role="user", content="Click Save.")]


def model_for(server: ChatServer, monkeypatch: pytest.MonkeyPatch, **kw: object) -> OpenAICompatModel:
    monkeypatch.setenv("TEST_KEY", "sk-test-123")
    settings = OpenAISettings(
        model="test-model", base_url=server.base_url, api_key_env="TEST_KEY", backoff=0.01, timeout=5, **kw
    )
    return OpenAICompatModel(settings)


async def test_strict_schema_is_sent_and_answer_parsed(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat_server.replies.append(
        Reply(body=chat_body('{"thought": "save", "id": "7", "double": false}', cached=4))
    )
    model = model_for(chat_server, monkeypatch)
    done = await model.complete(ASK, Click)
    assert done.parsed == Click(thought="save", id="7")
    assert done.usage.prompt_tokens == 10 and done.usage.cached_tokens == 4
    fmt = chat_server.requests[0]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    schema = fmt["json_schema"]["schema"]
    assert schema["required"] == ["thought", "id", "double"]
    assert schema["additionalProperties"] is False
    assert chat_server.headers[0]["authorization"] == "Bearer sk-test-123"
    assert model.stats.calls == 1


async def test_rejected_response_format_falls_back_to_prompt_and_repairs(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat_server.replies += [
        Reply(400, error_body("response_format json_schema is not supported", "invalid_request_error")),
        Reply(body=chat_body("Sure! I will click it.")),
        Reply(body=chat_body('```json\n{"thought": "save", "id": "12"}\n```')),
    ]
    model = model_for(chat_server, monkeypatch)
    done = await model.complete(ASK, Click)
    assert done.parsed == Click(thought="save", id="12")
    prompted, repair = chat_server.requests[1], chat_server.requests[2]
    assert "response_format" not in prompted
    assert "JSON schema" in prompted["messages"][-1]["content"]
    assert repair["messages"][-2] == {"role": "assistant", "content": "Sure! I will click it."}
    assert "not valid JSON" in repair["messages"][-1]["content"]
    chat_server.replies.append(Reply(body=chat_body('{"thought": "again", "id": "3"}')))
    await model.complete(ASK, Click)
    assert "response_format" not in chat_server.requests[3], "a server that refused strict mode is remembered"


async def test_answer_still_invalid_after_repair_is_one_line_error(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat_server.replies += [
        Reply(body=chat_body('{"thought": "x", "id": "99"}')),
        Reply(body=chat_body('{"thought": "x", "id": "98"}')),
    ]
    with pytest.raises(ModelError) as err:
        await model_for(chat_server, monkeypatch).complete(ASK, Click)
    assert "\n" not in str(err.value) and "id" in str(err.value)


async def test_429_is_retried_after_retry_after(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat_server.replies += [
        Reply(429, error_body("slow down", "rate_limit_exceeded"), {"retry-after": "0.2"}),
        Reply(503, error_body("busy")),
        Reply(body=chat_body("hello")),
    ]
    start = time.perf_counter()
    done = await model_for(chat_server, monkeypatch).complete(ASK)
    assert done.content == "hello"
    assert len(chat_server.requests) == 3
    assert time.perf_counter() - start >= 0.2


async def test_bad_key_is_one_line_error_without_the_key(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat_server.replies.append(
        Reply(401, error_body("Incorrect API key provided: sk-test-123", "invalid_api_key"))
    )
    with pytest.raises(ModelError) as err:
        await model_for(chat_server, monkeypatch).complete(ASK)
    text = str(err.value)
    assert "401" in text and "$TEST_KEY" in text and "sk-test-123" not in text and "\n" not in text


async def test_unknown_model_names_the_model(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat_server.replies.append(Reply(404, error_body("model not found", "model_not_found")))
    with pytest.raises(ModelError, match="no model 'test-model'"):
        await model_for(chat_server, monkeypatch).complete(ASK)


@pytest.mark.parametrize("body", ["<html>oops</html>", {"object": "chat.completion", "choices": []}])
async def test_malformed_reply_is_one_line_error(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch, body: object
) -> None:
    chat_server.replies.append(Reply(200, body))
    with pytest.raises(ModelError) as err:
        await model_for(chat_server, monkeypatch).complete(ASK)
    said = str(err.value)
    assert chat_server.base_url in said
    assert "malformed" in said or "not answer with chat-completions JSON" in said
    assert "no choices" in said or "'<html>oops</html>'" in said


async def test_unreachable_server_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = OpenAISettings(
        model="m", base_url="http://127.0.0.1:9/v1", max_retries=1, backoff=0.01, timeout=2
    )
    with pytest.raises(ModelError, match="unreachable"):
        await OpenAICompatModel(settings).complete(ASK)


async def test_server_wanting_max_completion_tokens_gets_it(
    chat_server: ChatServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    unsupported = "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead."
    chat_server.replies += [Reply(400, error_body(unsupported)), Reply(body=chat_body("fine"))]
    done = await model_for(chat_server, monkeypatch).complete(ASK, max_tokens=33)
    assert done.content == "fine"
    assert (
        chat_server.requests[1]["max_completion_tokens"] == 33 and "max_tokens" not in chat_server.requests[1]
    )
