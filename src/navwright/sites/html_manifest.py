"""The HTML manifest (`ul.api > li[id]` and `<api name>`) turned into SiteFunctions.

`discover.js` collects the raw elements; this module reads names, types, required flags and
descriptions from the attributes or, failing those, from the item text. See docs/site-api.md.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

from pydantic import BaseModel, Field

from navwright.sites.calls import HttpCall, Invocation, JsCall
from navwright.sites.model import SiteFunction
from navwright.sites.schema import _TYPES, json_type, object_schema

_SEPARATORS = " \t:-–—=,"
_NAME = re.compile(r"^\s*([A-Za-z_$][\w.$-]*)")
_PAREN = re.compile(r"^\s*[\[(]([^)\]]*)[)\]]")


class RawParam(BaseModel):
    attrs: dict[str, str] = Field(default_factory=dict)
    code: str = ""
    text: str = ""


class RawFunction(BaseModel):
    kind: str
    name: str
    attrs: dict[str, str] = Field(default_factory=dict)
    description: str = ""
    text: str = ""
    params: list[RawParam] = Field(default_factory=list)


def _attr(attrs: dict[str, str], *names: str) -> str | None:
    for name in names:
        for key in (f"data-{name}", name):
            if key in attrs:
                return attrs[key]
    return None


def _flag(attrs: dict[str, str], *names: str) -> bool | None:
    value = _attr(attrs, *names)
    if value is None:
        return None
    return value.strip().lower() not in ("false", "no", "0")


def _coerce(value: str, kind: str) -> Any:
    try:
        if kind == "integer":
            return int(value)
        if kind == "number":
            return float(value)
    except ValueError:
        return value
    if kind == "boolean":
        return value.strip().lower() in ("true", "1", "yes")
    return value


def parse_param(raw: RawParam) -> tuple[str, dict[str, Any], bool | None] | None:
    """(name, property schema, required or None when the item does not say) of one parameter item."""
    a = raw.attrs
    name = _attr(a, "name", "param") or raw.code
    rest = raw.text
    if not name:
        match = _NAME.match(rest)
        if not match:
            return None
        name = match.group(1)
    if rest.lstrip().startswith(name):
        rest = rest.lstrip()[len(name) :]
    kind_word = _attr(a, "type")
    required = _flag(a, "required")
    if required is None and _flag(a, "optional"):
        required = False
    paren = _PAREN.match(rest.lstrip(_SEPARATORS.replace("-", "")))
    if paren:
        rest = rest.lstrip(_SEPARATORS.replace("-", ""))[paren.end() :]
        for word in re.split(r"[\s,;/|]+", paren.group(1).lower()):
            if word in ("required", "mandatory"):
                required = True if required is None else required
            elif word == "optional":
                required = False if required is None else required
            elif word in _TYPES or word.endswith("[]"):
                kind_word = kind_word or word
    else:
        first = re.match(r"^[\s:]*([A-Za-z]+\[?\]?)\b", rest)
        if first and first.group(1).lower() in _TYPES and not kind_word:
            kind_word = first.group(1)
            rest = rest[first.end() :]
    prop: dict[str, Any] = {"type": json_type(kind_word)}
    desc = _attr(a, "description", "desc") or rest.strip(_SEPARATORS)
    if desc:
        prop["description"] = desc
    enum = _attr(a, "enum", "options")
    if enum:
        prop["enum"] = [_coerce(v.strip(), prop["type"]) for v in enum.split(",") if v.strip()]
    default = _attr(a, "default")
    if default is not None:
        prop["default"] = _coerce(default, prop["type"])
    return name, prop, required


def parameters_schema(raw: RawFunction) -> dict[str, Any]:
    declared = _attr(raw.attrs, "schema", "parameters")
    if declared:
        try:
            schema = json.loads(declared)
            if isinstance(schema, dict):
                return schema
        except json.JSONDecodeError:
            pass
    parsed = [p for p in (parse_param(item) for item in raw.params) if p is not None]
    says = any(req is not None for _, _, req in parsed)
    props = {name: prop for name, prop, _ in parsed}
    required = [
        name for name, prop, req in parsed if req or (not says and req is None and "default" not in prop)
    ]
    return object_schema(props, required)


def _invocation(raw: RawFunction, page_url: str) -> tuple[Invocation, bool] | None:
    a = raw.attrs
    safe = _flag(a, "safe", "readonly", "read-only")
    js = _attr(a, "js", "function")
    if js:
        return JsCall(function=js.strip().removesuffix("()")), bool(safe)
    endpoint = _attr(a, "endpoint", "url", "action", "href")
    if not endpoint:
        return None
    method = (_attr(a, "method") or "GET").strip().upper()
    body_kind = (_attr(a, "body", "enctype", "content-type") or "json").lower()
    call = HttpCall(
        url=urljoin(page_url, endpoint.strip()), method=method, body="form" if "form" in body_kind else "json"
    )
    read_only = safe if safe is not None else method in ("GET", "HEAD")
    return call, read_only


def _description(raw: RawFunction) -> str:
    text = raw.description or raw.text
    if text.startswith(raw.name):
        text = text[len(raw.name) :]
    return text.strip(_SEPARATORS + "()") or raw.name.replace("_", " ")


def manifest_functions(raws: list[dict[str, Any]], page_url: str) -> list[SiteFunction]:
    """SiteFunctions of the manifest items found on a page; items with no invocation are left out."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page_url))
    out = []
    for item in raws:
        raw = RawFunction.model_validate(item)
        found = _invocation(raw, page_url)
        if not raw.name.strip() or found is None:
            continue
        invocation, read_only = found
        out.append(
            SiteFunction(
                name=raw.name.strip(),
                description=_description(raw),
                parameters=parameters_schema(raw),
                read_only=read_only,
                invocation=invocation,
                source="html-list" if raw.kind == "li" else "html-api",
                origin=origin,
            )
        )
    return out
