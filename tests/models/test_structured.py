"""Schema conversion and answer parsing shared by every backend."""

from __future__ import annotations

import json
from typing import Any

import pytest
from models_schemas import action_schema

from navwright.models.structured import (
    StructuredOutputError,
    inline_refs,
    parse_answer,
    schema_instructions,
    strict_schema,
)


def objects(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        if node.get("type") == "object":
            found.append(node)
        for value in node.values():
            found += objects(value)
    elif isinstance(node, list):
        for value in node:
            found += objects(value)
    return found


def test_strict_schema_requires_every_property_and_forbids_extras() -> None:
    schema = strict_schema(action_schema(["1", "2"]))
    text = json.dumps(schema)
    assert "oneOf" not in text and "discriminator" not in text and '"default"' not in text
    for obj in objects(schema) + list(schema["$defs"].values()):
        assert obj["additionalProperties"] is False
        assert obj["required"] == list(obj["properties"])
    assert schema["$defs"]["Click"]["properties"]["kind"] == {"type": "string", "enum": ["click"]}


def test_strict_schema_keeps_a_property_named_title() -> None:
    note = strict_schema(action_schema(["1"]))["$defs"]["Note"]
    assert "title" in note["properties"] and note["required"] == ["title", "detail"]


def test_inline_refs_leaves_no_reference() -> None:
    inlined = inline_refs(action_schema(["1", "2"]).model_json_schema())
    text = json.dumps(inlined)
    assert "$ref" not in text and "$defs" not in text
    assert '"enum": ["1", "2"]' in text


def test_schema_instructions_carry_the_id_enum() -> None:
    assert '"enum":["4","9"]' in schema_instructions(action_schema(["4", "9"]))


def test_parse_answer_accepts_a_code_fence_and_rejects_unknown_ids() -> None:
    schema = action_schema(["1", "2"])
    ok = parse_answer('```json\n{"thought": "t", "actions": [{"kind": "click", "id": "2"}]}\n```', schema)
    assert ok.actions[0].id == "2"  # type: ignore[attr-defined]
    with pytest.raises(StructuredOutputError, match=r"actions\.0\.click\.id"):
        parse_answer('{"thought": "t", "actions": [{"kind": "click", "id": "3"}]}', schema)


def test_parse_answer_names_the_json_error_in_one_line() -> None:
    with pytest.raises(StructuredOutputError) as err:
        parse_answer('{"thought": "t", "actions": [', action_schema(["1"]))
    assert "not valid JSON" in str(err.value) and "\n" not in str(err.value)
