"""Northpeak Outfitters' routes and state: catalogue, per-visitor carts, orders kept on the server."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from navwright.bench.tasks.sites.shop import pages
from navwright.bench.tasks.sites.shop.data import CATEGORIES, SHIPPING, Product, products
from navwright.bench.tasks.spec import SiteInstance
from navwright.bench.tasks.web import App, Reply, Request

PER_PAGE = 12


@dataclass
class OrderLine:
    slug: str
    name: str
    qty: int
    options: dict[str, str]


@dataclass
class Order:
    number: str
    lines: list[OrderLine]
    shipping: str
    total: float
    customer: dict[str, str]


@dataclass
class ShopState:
    catalogue: dict[str, Product]
    orders: list[Order] = field(default_factory=list)


def _cart(req: Request) -> list[dict[str, Any]]:
    cart: list[dict[str, Any]] = req.session.setdefault("cart", [])
    return cart


def _page(req: Request, title: str, body: str, toast: str = "") -> Reply:
    count = sum(int(line["qty"]) for line in _cart(req))
    return Reply(body=pages.layout(title, body, count, toast, req.query.get("q", "")))


def _filtered(items: list[Product], params: dict[str, str]) -> list[Product]:
    def num(key: str) -> float | None:
        try:
            return float(params.get(key, "").replace("$", ""))
        except ValueError:
            return None

    low, high, brand = num("min"), num("max"), params.get("brand", "")
    keep = [p for p in items if (not brand or p.brand == brand) and (low is None or p.price >= low)
            and (high is None or p.price <= high)]  # fmt: skip
    order = params.get("sort", "")
    if order == "price_asc":
        keep.sort(key=lambda p: p.price)
    elif order == "price_desc":
        keep.sort(key=lambda p: -p.price)
    elif order == "rating":
        keep.sort(key=lambda p: -p.rating)
    return keep


def _listing(req: Request, title: str, items: list[Product], path: str, with_filters: bool) -> Reply:
    params = {k: req.query.get(k, "") for k in ("q", "brand", "min", "max", "sort")}
    found = _filtered(items, params)
    pages_n = max(1, -(-len(found) // PER_PAGE))
    asked = req.query.get("page", "1")
    page = min(max(1, int(asked) if asked.isdigit() else 1), pages_n)
    shown = found[(page - 1) * PER_PAGE : page * PER_PAGE]
    side = pages.filters(path, sorted({p.brand for p in items}), params) if with_filters else ""
    return _page(req, title, pages.listing(title, shown, len(found), page, pages_n, params, path, side))


def build() -> SiteInstance:
    state = ShopState({p.slug: p for p in products()})
    app = App("shop")
    catalogue = list(state.catalogue.values())

    @app.get("/")
    def home(req: Request) -> Reply:
        picks = [state.catalogue[s] for s in ("trailblazer-40", "alpine-down-parka", "summit-trail-runner",
                                              "ridgeline-2p")]  # fmt: skip
        return _page(req, "Outdoor gear", pages.home(picks))

    @app.get("/c/{cat}")
    def category(req: Request) -> Reply:
        cat = req.params["cat"]
        if cat not in CATEGORIES:
            return Reply(404, pages.layout("Not found", "<h1>Category not found</h1>"))
        items = [p for p in catalogue if p.category == cat]
        return _listing(req, CATEGORIES[cat], items, f"/c/{cat}", True)

    @app.get("/search")
    def search(req: Request) -> Reply:
        words = req.query.get("q", "").lower().split()
        items = [p for p in catalogue if all(w in f"{p.name} {p.brand} {p.category}".lower() for w in words)]
        return _listing(req, f"Results for “{req.query.get('q', '')}”", items, "/search", False)

    @app.get("/p/{slug}")
    def product(req: Request) -> Reply:
        item = state.catalogue.get(req.params["slug"])
        if item is None:
            return Reply(404, pages.layout("Not found", "<h1>Product not found</h1>"))
        toast = ""
        if req.query.get("added"):
            toast = f'Added {item.name} to your cart. <a href="/cart">View cart</a>'
        error = "Please choose a size." if req.query.get("error") == "size" else ""
        return _page(req, item.name, pages.product(item, error), toast)

    @app.post("/cart/add")
    def add(req: Request) -> Reply:
        item = state.catalogue.get(req.form.get("slug", ""))
        if item is None or item.stock == 0:
            return Reply.redirect("/cart")
        needed = {"apparel": ("size", "colour"), "shoe": ("size",)}.get(item.options, ())
        opts = {k: req.form.get(k, "") for k in needed}
        if any(not v for v in opts.values()):
            return Reply.redirect(f"/p/{item.slug}?error=size")
        qty = max(1, min(10, int(req.form.get("qty", "1")) if req.form.get("qty", "1").isdigit() else 1))
        _cart(req).append({"slug": item.slug, "qty": qty, "options": opts})
        return Reply.redirect(f"/p/{item.slug}?added=1")

    @app.post("/cart/update")
    def update(req: Request) -> Reply:
        cart, i = _cart(req), _index(req)
        qty = req.form.get("qty", "1")
        if 0 <= i < len(cart) and qty.isdigit():
            if int(qty) == 0:
                cart.pop(i)
            else:
                cart[i]["qty"] = min(10, int(qty))
        return Reply.redirect("/cart")

    @app.post("/cart/remove")
    def remove(req: Request) -> Reply:
        cart, i = _cart(req), _index(req)
        if 0 <= i < len(cart):
            cart.pop(i)
        return Reply.redirect("/cart")

    @app.get("/cart")
    def view_cart(req: Request) -> Reply:
        lines, subtotal = _lines(req, state)
        return _page(req, "Cart", pages.cart(lines, subtotal))

    @app.get("/checkout")
    def checkout_form(req: Request) -> Reply:
        lines, subtotal = _lines(req, state)
        if not lines:
            return Reply.redirect("/cart")
        return _page(req, "Checkout", pages.checkout(subtotal, {}))

    @app.post("/checkout")
    def place(req: Request) -> Reply:
        lines, subtotal = _lines(req, state)
        if not lines:
            return Reply.redirect("/cart")
        needed = ("name", "email", "address", "city", "zip", "country", "shipping", "card", "expiry", "cvc")
        missing = [k for k in needed if not req.form.get(k, "").strip()]
        digits = "".join(ch for ch in req.form.get("card", "") if ch.isdigit())
        error = f"Please fill in: {', '.join(missing)}." if missing else ""
        if not error and len(digits) < 13:
            error = "The card number is not valid."
        if error or req.form.get("shipping") not in SHIPPING:
            error = error or "Choose a shipping method."
            return _page(req, "Checkout", pages.checkout(subtotal, req.form, error))
        with app.lock:
            number = f"NP-{48213 + len(state.orders)}"
            total = subtotal + SHIPPING[req.form["shipping"]][1]
            order_lines = [OrderLine(p.slug, p.name, q, o) for _, p, o, q in lines]
            state.orders.append(Order(number, order_lines, req.form["shipping"], total, dict(req.form)))
        req.session["cart"] = []
        return _page(req, "Order confirmed", pages.confirmation(number, total, req.form["email"]))

    return SiteInstance(app=app, state=state)


def _index(req: Request) -> int:
    line = req.form.get("line", "")
    return int(line) if line.isdigit() else -1


def _lines(req: Request, state: ShopState) -> tuple[list[tuple[int, Product, dict[str, str], int]], float]:
    cart = enumerate(_cart(req))
    lines = [(i, state.catalogue[c["slug"]], dict(c["options"]), int(c["qty"])) for i, c in cart]
    return lines, sum(p.price * q for _, p, _, q in lines)
