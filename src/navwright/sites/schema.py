"""JSON Schema helpers: validate arguments in words, and build a pydantic model for a skill."""

from __future__ import annotations

import keyword
import re
from typing import Any, Literal

import jsonschema
from pydantic import BaseModel, ConfigDict, Field, create_model

_TYPES = {
    "string": "string",
    "str": "string",
    "text": "string",
    "date": "string",
    "url": "string",
    "email": "string",
    "int": "integer",
    "integer": "integer",
    "long": "integer",
    "number": "number",
    "float": "number",
    "double": "number",
    "decimal": "number",
    "bool": "boolean",
    "boolean": "boolean",
    "array": "array",
    "list": "array",
    "object": "object",
    "dict": "object",
}


def json_type(word: str | None) -> str:
    """A declared type name (`int`, `Number`, `string[]`...) as a JSON Schema type; unknown -> string."""
    w = (word or "").strip().lower()
    if w.endswith("[]"):
        return "array"
    return _TYPES.get(w, "string")


def object_schema(properties: dict[str, dict[str, Any]], required: list[str]) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


def validation_errors(schema: dict[str, Any], args: dict[str, Any]) -> list[str]:
    """Every way `args` breaks `schema`, in words; empty when they are valid."""
    try:
        validator = jsonschema.Draft202012Validator(schema)
        errors = sorted(validator.iter_errors(args), key=lambda e: list(e.path))
    except jsonschema.exceptions.SchemaError as exc:
        return [f"the site's schema is broken: {exc.message}"]
    words = []
    for err in errors:
        where = ".".join(str(p) for p in err.path)
        words.append(f"{where}: {err.message}" if where else err.message)
    return words


def _field_type(prop: dict[str, Any]) -> Any:
    enum = prop.get("enum")
    if isinstance(enum, list) and enum and all(isinstance(v, str | int | bool) for v in enum):
        return Literal[tuple(enum)]
    kind = prop.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if kind == "array":
        items = prop.get("items")
        return list.__class_getitem__(_field_type(items)) if isinstance(items, dict) else list[Any]
    return {"string": str, "integer": int, "number": float, "boolean": bool, "object": dict[str, Any]}.get(
        str(kind), Any
    )


_RESERVED = {"name", "risky"}  # the navigator's action schema uses these beside the parameters


def _py_name(name: str, taken: set[str]) -> str:
    base = re.sub(r"\W", "_", name) or "arg"
    if base[0].isdigit() or keyword.iskeyword(base) or base.startswith(("_", "model_")) or base in _RESERVED:
        base = f"arg_{base.lstrip('_')}"
    while base in taken:
        base += "_"
    taken.add(base)
    return base


class _SiteParams(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")


def params_model(name: str, schema: dict[str, Any]) -> type[BaseModel]:
    """A pydantic model with one field per schema property (aliases keep the site's own names)."""
    props: dict[str, Any] = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    taken: set[str] = set()
    fields: dict[str, Any] = {}
    for prop_name, prop in props.items():
        prop = prop if isinstance(prop, dict) else {}
        kind = _field_type(prop)
        desc = str(prop.get("description") or "") or None
        alias = prop_name if _py_name(prop_name, set()) != prop_name else None
        if prop_name in required:
            fields[_py_name(prop_name, taken)] = (kind, Field(..., description=desc, alias=alias))
        else:
            default = prop.get("default")
            fields[_py_name(prop_name, taken)] = (kind | None, Field(default, description=desc, alias=alias))
    model_name = "".join(part.capitalize() for part in re.split(r"\W|_", name) if part) or "Site"
    return create_model(f"{model_name}Params", __base__=_SiteParams, **fields)


def args_of(params: BaseModel) -> dict[str, Any]:
    """The arguments as the site names them, leaving out the optional ones not given."""
    return params.model_dump(by_alias=True, exclude_none=True)
