"""Server-side carts, one per session cookie."""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field

from pydantic import BaseModel

from navwright.demo.catalog import Catalog


class CartLine(BaseModel):
    product_id: str
    name: str
    unit_price: float
    quantity: int
    line_total: float


class CartView(BaseModel):
    lines: list[CartLine]
    items: int
    total: float


@dataclass
class Session:
    cart: dict[str, int] = field(default_factory=dict)
    orders: list[str] = field(default_factory=list)


class Sessions:
    """Sessions keyed by an opaque cookie value. Thread-safe: the server is threaded."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_id: dict[str, Session] = {}

    def get_or_create(self, sid: str | None) -> tuple[str, Session]:
        with self._lock:
            if sid and sid in self._by_id:
                return sid, self._by_id[sid]
            new = secrets.token_hex(12)
            self._by_id[new] = Session()
            return new, self._by_id[new]

    def all(self) -> list[Session]:
        """Every session so far (a snapshot), e.g. for checking what a demo run left in its cart."""
        with self._lock:
            return list(self._by_id.values())

    def add(self, session: Session, product_id: str, quantity: int) -> None:
        with self._lock:
            session.cart[product_id] = session.cart.get(product_id, 0) + quantity

    def set_quantity(self, session: Session, product_id: str, quantity: int) -> None:
        with self._lock:
            if quantity <= 0:
                session.cart.pop(product_id, None)
            else:
                session.cart[product_id] = quantity

    def place_order(self, session: Session) -> str:
        with self._lock:
            number = f"NW-{1000 + len(session.orders) + 1}"
            session.orders.append(number)
            session.cart.clear()
            return number


def view_cart(session: Session, catalog: Catalog) -> CartView:
    lines = []
    for pid, qty in session.cart.items():
        p = catalog.by_id[pid]
        lines.append(
            CartLine(
                product_id=pid,
                name=p.name,
                unit_price=p.price,
                quantity=qty,
                line_total=round(p.price * qty, 2),
            )
        )
    total = round(sum(line.line_total for line in lines), 2)
    return CartView(lines=lines, items=sum(line.quantity for line in lines), total=total)
