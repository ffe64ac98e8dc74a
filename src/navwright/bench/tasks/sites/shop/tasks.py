"""Northpeak Outfitters' eight tasks, judged from the orders on the server and the answer."""

from __future__ import annotations

from navwright.bench.tasks.sites.shop.app import Order, ShopState
from navwright.bench.tasks.spec import SiteInstance, TaskSpec, Verdict, answer_has

PROFILE = (
    "Name: Dana Whitfield. Email: dana.whitfield@example.com. Home address: 14 Elm Street, Portland, "
    "97205, United States. Card: 4111 1111 1111 1111, expiry 08/29, CVC 123."
)


def _says(*needles: str) -> object:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = answer_has(answer, *needles)
        return Verdict(ok, f"answer {'states' if ok else 'lacks'} {' + '.join(needles)}")

    return check


def _sold_out(instance: SiteInstance, answer: str) -> Verdict:
    words = ("out of stock", "sold out", "not in stock", "unavailable", "not available", "cannot", "can't")
    ok = any(answer_has(answer, w) for w in words)
    return Verdict(ok, "answer says it is out of stock" if ok else "answer does not say it is out of stock")


def _ordered(slug: str, qty: int, options: dict[str, str], shipping: str) -> object:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        state: ShopState = instance.state
        if not state.orders:
            return Verdict(False, "no order was placed")
        order: Order = state.orders[-1]
        lines = [(line.slug, line.qty, line.options) for line in order.lines]
        if lines != [(slug, qty, options)]:
            return Verdict(False, f"order {order.number} holds {lines}, wanted {[(slug, qty, options)]}")
        if order.shipping != shipping:
            return Verdict(False, f"order {order.number} ships {order.shipping}, wanted {shipping}")
        if "whitfield" not in order.customer.get("name", "").lower() or "elm" not in order.customer.get(
            "address", ""
        ).lower():
            return Verdict(False, f"order {order.number} is not addressed to Dana Whitfield, 14 Elm Street")
        if len(state.orders) > 1:
            return Verdict(False, f"{len(state.orders)} orders were placed, wanted one")
        return Verdict(True, f"order {order.number}: {qty} × {slug} {options}, {shipping}")

    return check


def tasks() -> list[TaskSpec]:
    return [
        TaskSpec("shop-backpack-price", "lookup", "How much does the Trailblazer 40L backpack cost?",
                 _says("129")),  # type: ignore[arg-type]
        TaskSpec("shop-tent-weight", "lookup", "how heavy is the Ridgeline 2P tent?",
                 _says("2.1 kg")),  # type: ignore[arg-type]
        TaskSpec("shop-shell-stock", "lookup",
                 "Can I buy the Cascade Rain Shell right now or is it sold out?", _sold_out),
        TaskSpec("shop-cheapest-kestrel-jacket", "multi",
                 "What's the cheapest jacket from Kestrel, and how much is it?",
                 _says("insulated hoody", "179")),  # type: ignore[arg-type]
        TaskSpec("shop-best-tent-under-300", "multi",
                 "Which tent under $300 has the best customer rating?",
                 _says("ridgeline 2p")),  # type: ignore[arg-type]
        TaskSpec("shop-priciest-accessory", "multi",
                 "What is the most expensive item in the Accessories section?",
                 _says("gps watch")),  # type: ignore[arg-type]
        TaskSpec("shop-order-parka", "action",
                 "Order the Alpine Down Parka in size M, colour navy, standard shipping to my home address.",
                 _ordered("alpine-down-parka", 1, {"size": "M", "colour": "Navy"}, "standard"),  # type: ignore[arg-type]
                 profile=PROFILE),
        TaskSpec("shop-order-runners", "action",
                 "buy 2 pairs of the Summit Trail Runner in EU size 43, express shipping please",
                 _ordered("summit-trail-runner", 2, {"size": "43"}, "express"),  # type: ignore[arg-type]
                 profile=PROFILE),
    ]  # fmt: skip
