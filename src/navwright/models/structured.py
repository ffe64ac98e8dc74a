"""Structured output helpers shared by every backend: schemas in, validated pydantic objects out."""

from __future__ import annotations

import copy
import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from navwright.models.base import Completion, ModelError

T = TypeVar("T", bound=BaseModel)
JsonDict = dict[str, Any]

_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


class StructuredOutputError(ModelError):
    """The model's answer is not valid JSON for the schema. `detail` is meant for a repair prompt;
    `completion`, when given, is the answer that did not fit (its tokens and seconds were spent)."""

    def __init__(self, message: str, detail: str = "", completion: Completion | None = None) -> None:
        super().__init__(message)
        self.detail = detail or message
        self.completion = completion


def schema_json(schema: type[BaseModel]) -> JsonDict:
    return schema.model_json_schema()


def schema_key(schema: type[BaseModel] | None) -> str:
    """A stable text form of the schema (for cache keys and grammar caches)."""
    return "" if schema is None else json.dumps(schema_json(schema), sort_keys=True)


def _json_text(text: str) -> str:
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    start, end = body.find("{"), body.rfind("}")
    if start > 0 and end > start:
        body = body[start : end + 1]
    return body


def _short_errors(err: ValidationError, limit: int = 3) -> str:
    parts = []
    for e in err.errors()[:limit]:
        where = ".".join(str(p) for p in e["loc"]) or "(root)"
        parts.append(f"{where}: {e['msg']}")
    more = err.error_count() - limit
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


def parse_answer(text: str, schema: type[T]) -> T:
    """Parse a model's text as JSON and validate it against `schema`."""
    body = _json_text(text)
    try:
        data = json.loads(body, strict=False)
    except json.JSONDecodeError as e:
        snippet = body[:80].replace("\n", " ")
        raise StructuredOutputError(
            f"the model's answer is not valid JSON ({e.msg} at char {e.pos}): {snippet!r}",
            f"Your answer was not valid JSON ({e.msg} at char {e.pos}).",
        ) from None
    try:
        return schema.model_validate(data)
    except ValidationError as e:
        detail = _short_errors(e)
        raise StructuredOutputError(
            f"the model's answer does not fit {schema.__name__}: {detail}",
            f"Your JSON did not match the schema: {detail}.",
        ) from None


def coerce_answer(answer: object, schema: type[T]) -> T:
    """Validate an already-built answer (dict, model or JSON text) against `schema`."""
    if isinstance(answer, str):
        return parse_answer(answer, schema)
    data = answer.model_dump(mode="json") if isinstance(answer, BaseModel) else answer
    try:
        return schema.model_validate(data)
    except ValidationError as e:
        detail = _short_errors(e)
        raise StructuredOutputError(f"the answer does not fit {schema.__name__}: {detail}") from None


_SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")


def _map_schema(node: Any, visit: Any) -> Any:
    """Apply `visit` to every sub-schema of `node`, leaving property-name maps' keys alone."""
    if isinstance(node, list):
        return [visit(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        k: (
            {n: visit(v) for n, v in val.items()}
            if k in _SCHEMA_MAPS and isinstance(val, dict)
            else visit(val)
        )
        for k, val in node.items()
    }


def inline_refs(schema: JsonDict) -> JsonDict:
    """Replace local `#/$defs/...` references with copies of their definitions (no cycles allowed)."""
    defs: JsonDict = schema.get("$defs", {})

    def walk(node: Any, seen: tuple[str, ...]) -> Any:
        if (
            isinstance(node, dict)
            and isinstance(node.get("$ref"), str)
            and node["$ref"].startswith("#/$defs/")
        ):
            name = node["$ref"].removeprefix("#/$defs/")
            if name in seen:
                raise ModelError(f"schema {name} refers to itself; recursive schemas are not supported")
            target = walk(copy.deepcopy(defs[name]), (*seen, name))
            extra = walk({k: v for k, v in node.items() if k != "$ref"}, seen)
            return {**target, **extra}
        if isinstance(node, dict):
            node = {k: v for k, v in node.items() if k not in ("$defs", "discriminator")}
        return _map_schema(node, lambda child: walk(child, seen))

    result: JsonDict = walk(schema, ())
    return result


def strict_schema(schema: type[BaseModel]) -> JsonDict:
    """The schema in the form OpenAI strict structured outputs accept.

    Every property required, `additionalProperties: false`, `oneOf` as `anyOf`, `const` as a one-value
    enum, no defaults, no discriminator. Fields that had defaults become required (the model writes them).
    """

    def walk(node: Any) -> Any:
        if not isinstance(node, dict):
            return _map_schema(node, walk)
        out: JsonDict = {}
        for key, value in node.items():
            if key in ("default", "discriminator", "title"):
                continue
            if key == "oneOf":
                out["anyOf"] = value
            elif key == "const":
                out["enum"] = [value]
            else:
                out[key] = value
        if out.get("type") == "object" or "properties" in out:
            out["required"] = list(out.get("properties", {}))
            out["additionalProperties"] = False
        mapped: JsonDict = _map_schema(out, walk)
        return mapped

    result: JsonDict = walk(schema_json(schema))
    return result


def schema_instructions(schema: type[BaseModel]) -> str:
    """Prompt text asking for JSON that fits the schema (for servers without structured output)."""
    text = json.dumps(inline_refs(schema_json(schema)), separators=(",", ":"))
    return (
        "Answer with one JSON object only, no prose and no code fence. It must match this JSON schema:\n"
        + text
    )
