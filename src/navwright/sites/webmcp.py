"""WebMCP-style declarative tool forms (`<form toolname tooldescription>`) as SiteFunctions."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, Field

from navwright.sites.calls import FormCall
from navwright.sites.model import SiteFunction
from navwright.sites.schema import object_schema


class RawField(BaseModel):
    name: str
    tag: str
    type: str = ""
    required: bool = False
    description: str = ""
    options: list[str] = Field(default_factory=list)
    value: str | None = None
    min: str | None = None
    max: str | None = None
    pattern: str | None = None
    hidden: bool = False


class RawForm(BaseModel):
    name: str
    description: str = ""
    autosubmit: bool = False
    method: str = "get"
    attrs: dict[str, str] = Field(default_factory=dict)
    fields: list[RawField] = Field(default_factory=list)


def _property(field: RawField) -> dict[str, Any]:
    prop: dict[str, Any]
    if field.type == "checkbox":
        prop = {"type": "boolean"}
    elif field.tag == "select":
        prop = {"type": "string", "enum": field.options} if field.options else {"type": "string"}
    elif field.type in ("number", "range"):
        prop = {"type": "number"}
        for key, raw in (("minimum", field.min), ("maximum", field.max)):
            try:
                if raw is not None:
                    prop[key] = float(raw)
            except ValueError:
                continue
    else:
        prop = {"type": "string"}
        if field.pattern:
            prop["pattern"] = f"^(?:{field.pattern})$"
    if field.description:
        prop["description"] = field.description
    return prop


def form_schema(form: RawForm) -> dict[str, Any]:
    props: dict[str, dict[str, Any]] = {}
    required: list[str] = []
    for field in form.fields:
        if field.hidden:
            continue
        if field.type == "radio":
            prop = props.setdefault(field.name, {"type": "string", "enum": []})
            if field.value is not None:
                prop["enum"].append(field.value)
            if field.description and "description" not in prop:
                prop["description"] = field.description
        else:
            props[field.name] = _property(field)
        if field.required and field.name not in required:
            required.append(field.name)
    return object_schema(props, required)


def _read_only(form: RawForm) -> bool:
    for key in ("toolreadonly", "data-safe", "data-readonly", "data-read-only"):
        if key in form.attrs:
            return form.attrs[key].strip().lower() not in ("false", "no", "0")
    return form.method != "post"


def form_functions(raws: list[dict[str, Any]], page_url: str) -> list[SiteFunction]:
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page_url))
    out = []
    for item in raws:
        form = RawForm.model_validate(item)
        if not form.name.strip():
            continue
        out.append(
            SiteFunction(
                name=form.name.strip(),
                description=form.description or form.name.replace("_", " "),
                parameters=form_schema(form),
                read_only=_read_only(form),
                invocation=FormCall(toolname=form.name, autosubmit=form.autosubmit),
                source="webmcp",
                origin=origin,
            )
        )
    return out
