"""OpenAPI 3 documents (JSON) turned into SiteFunctions: one per operation."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urljoin, urlsplit

from navwright.sites.calls import BodyKind, HttpCall
from navwright.sites.model import SiteFunction
from navwright.sites.schema import object_schema

METHODS = ("get", "post", "put", "patch", "delete", "head")
_MAX_DEPTH = 12


def resolve(doc: dict[str, Any], node: Any, depth: int = 0) -> Any:
    """`node` with local `$ref`s replaced by what they point at (cycles cut at a fixed depth)."""
    if depth > _MAX_DEPTH:
        return {}
    if isinstance(node, list):
        return [resolve(doc, v, depth + 1) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str):
        if not ref.startswith("#/"):
            return {}
        target: Any = doc
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            target = target.get(part, {}) if isinstance(target, dict) else {}
        return resolve(doc, target, depth + 1)
    return {k: resolve(doc, v, depth + 1) for k, v in node.items()}


def _base_url(doc: dict[str, Any], doc_url: str) -> str:
    servers = doc.get("servers") or [{"url": "/"}]
    server: dict[str, Any] = servers[0] if isinstance(servers[0], dict) else {"url": "/"}
    url = str(server.get("url", "/"))
    for name, var in (server.get("variables") or {}).items():
        url = url.replace("{" + name + "}", str((var or {}).get("default", "")))
    return urljoin(doc_url, url).rstrip("/")


def _name(op: dict[str, Any], method: str, path: str) -> str:
    raw = str(op.get("operationId") or f"{method}_{path}")
    return re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9_-]", "_", raw)).strip("_")[:64] or method


def _body(
    doc: dict[str, Any], op: dict[str, Any], props: dict[str, Any], required: list[str]
) -> tuple[BodyKind, str | None]:
    """Adds the request body's fields to props; returns (body kind, whole-body parameter or None)."""
    body = resolve(doc, op.get("requestBody") or {})
    content = body.get("content") or {}
    has_json = any("json" in c for c in content)
    kind: BodyKind = "form" if any("form" in c for c in content) and not has_json else "json"
    media = next((v for k, v in content.items() if ("json" in k) == (kind == "json")), None)
    if not content:
        return "none", None
    schema = resolve(doc, (media or {}).get("schema") or {})
    if schema.get("type", "object") == "object" and isinstance(schema.get("properties"), dict):
        props.update(schema["properties"])
        required.extend(r for r in schema.get("required") or [] if r not in required)
        return kind, None
    props["body"] = schema or {"type": "string"}
    if body.get("required"):
        required.append("body")
    return kind, "body"


def _operation(doc: dict[str, Any], path: str, method: str, item: dict[str, Any], base: str) -> SiteFunction:
    op = resolve(doc, item[method])
    props: dict[str, Any] = {}
    required: list[str] = []
    query: list[str] = []
    headers: list[str] = []
    for param in resolve(doc, (item.get("parameters") or []) + (op.get("parameters") or [])):
        where, name = param.get("in"), param.get("name")
        if where not in ("path", "query", "header") or not name:
            continue
        prop = dict(param.get("schema") or {"type": "string"})
        if param.get("description"):
            prop.setdefault("description", param["description"])
        props[name] = prop
        if (param.get("required") or where == "path") and name not in required:
            required.append(name)
        (query if where == "query" else headers if where == "header" else []).append(name)
    body_kind, body_param = _body(doc, op, props, required)
    read_only = method in ("get", "head") or bool(op.get("x-safe") or op.get("x-read-only"))
    words = str(op.get("summary") or op.get("description") or f"{method.upper()} {path}")
    return SiteFunction(
        name=_name(op, method, path),
        description=" ".join(words.split())[:300],
        parameters=object_schema(props, required),
        read_only=read_only,
        invocation=HttpCall(
            url=base + path,
            method=method.upper(),
            body=body_kind,
            query=query,
            headers=headers,
            body_param=body_param,
        ),
        source="openapi",
        origin="{0.scheme}://{0.netloc}".format(urlsplit(base)),
    )


def openapi_functions(doc: dict[str, Any], doc_url: str) -> list[SiteFunction]:
    """Every operation of an OpenAPI 3 document; an unusable document gives none."""
    if not str(doc.get("openapi", "")).startswith("3") or not isinstance(doc.get("paths"), dict):
        return []
    base = _base_url(doc, doc_url)
    out: list[SiteFunction] = []
    for path, item in doc["paths"].items():
        item = resolve(doc, item)
        if not isinstance(item, dict):
            continue
        out.extend(_operation(doc, path, m, item, base) for m in METHODS if isinstance(item.get(m), dict))
    return out


def catalog_service_descs(linkset: Any, catalog_url: str) -> list[str]:
    """The `service-desc` targets of an RFC 9727 API catalog (a linkset JSON document)."""
    found: list[str] = []
    entries = linkset.get("linkset") if isinstance(linkset, dict) else None
    for entry in entries if isinstance(entries, list) else []:
        for link in (entry.get("service-desc") or []) if isinstance(entry, dict) else []:
            if isinstance(link, dict) and link.get("href"):
                found.append(urljoin(catalog_url, str(link["href"])))
    return found
