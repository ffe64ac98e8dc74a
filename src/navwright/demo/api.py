"""The demo shop's JSON API (what its manifest publishes): product search and the cart."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from navwright.demo.cart import Session, view_cart
from navwright.demo.catalog import Product, sort_products
from navwright.demo.state import ShopState

ApiReply = tuple[int, dict[str, Any]]


def handle_api(
    state: ShopState,
    session: Session,
    method: str,
    path: str,
    query: dict[str, str],
    body: bytes,
    headers: Any,
) -> ApiReply:
    if path == "/api/products" and method == "GET":
        return _search(state, query)
    if path == "/api/cart" and method == "GET":
        return 200, {"cart": view_cart(session, state.catalog).model_dump()}
    if path == "/api/cart" and method == "POST":
        args = _body_args(body, str(headers.get("Content-Type", "")))
        if args is None:
            return 400, {"error": "the body must be JSON or a form"}
        return _add(state, session, args)
    return 404, {"error": f"no API function at {method} {path}"}


def _product_json(p: Product) -> dict[str, Any]:
    return {"id": p.id, "name": p.name, "price": p.price, "rating": p.rating}


def _search(state: ShopState, query: dict[str, str]) -> ApiReply:
    category = query.get("category") or None
    if category and category not in state.catalog.categories:
        return 400, {"error": f"unknown category {category!r}; use one of {sorted(state.catalog.categories)}"}
    found = sort_products(
        state.catalog.search(query.get("query", ""), category), query.get("sort", "featured")
    )
    return 200, {"count": len(found), "products": [_product_json(p) for p in found]}


def _body_args(body: bytes, content_type: str) -> dict[str, Any] | None:
    text = body.decode("utf-8", "replace")
    if "json" in content_type:
        try:
            data = json.loads(text or "{}")
        except json.JSONDecodeError:
            return None
        return data if isinstance(data, dict) else None
    return {k: v[-1] for k, v in parse_qs(text).items()}


def _add(state: ShopState, session: Session, args: dict[str, Any]) -> ApiReply:
    pid = str(args.get("product_id", ""))
    if pid not in state.catalog.by_id:
        return 404, {"error": f"no product with id {pid!r}; search_products gives the ids"}
    try:
        qty = int(args.get("quantity", 1))
    except (TypeError, ValueError):
        return 400, {"error": "quantity must be a whole number"}
    if not 1 <= qty <= 10:
        return 400, {"error": "quantity must be between 1 and 10"}
    state.sessions.add(session, pid, qty)
    return 200, {
        "added": {"product_id": pid, "quantity": qty},
        "cart": view_cart(session, state.catalog).model_dump(),
    }
