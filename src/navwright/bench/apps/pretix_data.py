"""pretix's seed: the "Lighthouse Jazz Festival 2027" ticket shop of the organizer Harbour Arts, with its
ticket types, quotas (one sold out), earlier orders (paid, pending, cancelled) and a back-office user.

The festival lies in July 2027 so the shop stays open; the orders' times are fixed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

ORGANIZER, EVENT = "harbour-arts", "jazz27"
STAFF_EMAIL, STAFF_PASSWORD = "office@harbour-arts.test", "blue-note-1959"
EVENT_NAME = "Lighthouse Jazz Festival 2027"
LOCATION = "Old Lighthouse Quay, Kingsport"
ITEMS = [  # name, price, quota size (None: as many as were sold), description
    ("Friday day ticket", "35.00", 300, "Entry on Friday 16 July."),
    ("Saturday day ticket", "45.00", 300, "Entry on Saturday 17 July."),
    ("Weekend pass", "70.00", 200, "Entry on all three days."),
    ("VIP weekend pass", "160.00", None, "Weekend pass with seats in the lounge and a dinner."),
    ("Parking (whole weekend)", "12.00", 80, "One car, all three days."),
]
NAMES = ["Lena Fischer", "Tom Becker", "Aisha Khan", "Marco Rossi", "Julia Novak", "Sven Larsen",
         "Grace Obi", "Hugo Martin", "Nina Petrova", "Omar Haddad", "Paula Silva", "Kenji Sato",
         "Rosa Vidal", "Ethan Cole", "Mira Jovanovic", "Ivan Horvat", "Chloe Dubois",
         "Sam Ndlovu"]  # fmt: skip
STATUS = {"p": "paid", "n": "pending", "c": "canceled"}


@dataclass(frozen=True)
class Order:
    code: str
    name: str
    email: str
    status: str
    placed: str
    lines: tuple[tuple[int, int], ...]
    """(item index, quantity)."""

    @property
    def total(self) -> float:
        return sum(float(ITEMS[i][1]) * q for i, q in self.lines)


def _orders() -> list[Order]:
    rng = random.Random(34)
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ3789"
    orders = []
    for n, name in enumerate(NAMES):
        code = "".join(rng.choice(letters) for _ in range(5))
        item = rng.choice([0, 1, 2, 2, 4])
        lines = ((item, rng.randint(1, 3)),) + (((4, 1),) if item != 4 and rng.random() < 0.3 else ())
        if n in (3, 11):
            lines = ((3, 2),)  # the VIP passes, all sold
        status = "c" if n in (5, 14) else "n" if n % 4 == 1 else "p"
        placed = f"2026-{5 + n // 4:02d}-{1 + (n * 7) % 27:02d}T{9 + n % 10:02d}:{(n * 13) % 60:02d}:00+00:00"
        email = name.lower().replace(" ", ".") + "@example.org"
        orders.append(Order(code, name, email, status, placed, lines))
    return orders


ORDERS = _orders()


def sold(item: int) -> int:
    return sum(q for o in ORDERS if o.status != "c" for i, q in o.lines if i == item)


def seed_spec() -> dict[str, Any]:
    items = [dict(name=n, price=p, quota=q if q is not None else sold(i), description=d)
             for i, (n, p, q, d) in enumerate(ITEMS)]  # fmt: skip
    orders = [dict(code=o.code, name=o.name, email=o.email, status=o.status, placed=o.placed, lines=o.lines)
              for o in ORDERS]  # fmt: skip
    return dict(organizer=ORGANIZER, event=EVENT, name=EVENT_NAME, location=LOCATION, items=items,
                orders=orders, staff=[STAFF_EMAIL, STAFF_PASSWORD])  # fmt: skip


SEED = '''
import datetime, json, os, sys
from decimal import Decimal
import django
django.setup()
from django.db import transaction
from django_scopes import scopes_disabled
from pretix.base.models import (Event, Item, ItemCategory, Order, OrderPosition, Organizer, Quota, Team,
                                User)

spec = json.load(open(sys.argv[1]))
tz = datetime.timezone.utc


def add_order(o, event, items, web):
    placed = datetime.datetime.fromisoformat(o["placed"])
    total = sum(items[i].default_price * q for i, q in o["lines"])
    order = Order.objects.create(
        event=event, code=o["code"], email=o["email"], status=o["status"], datetime=placed,
        expires=datetime.datetime(2027, 1, 15, 23, 59, tzinfo=tz), total=total, locale="en",
        sales_channel=web, secret=(o["code"] * 4).lower()[:16], meta_info="{}")
    n = 1
    for i, q in o["lines"]:
        for _ in range(q):
            OrderPosition.objects.create(order=order, item=items[i], price=items[i].default_price,
                                         positionid=n, attendee_name_cached=o["name"],
                                         secret=f"{o['code']}{n:027d}".lower())
            n += 1
    order.create_transactions(is_new=True)


with scopes_disabled():
    org = Organizer.objects.create(name="Harbour Arts", slug=spec["organizer"])
    org.create_default_sales_channels()
    web = org.sales_channels.get(identifier="web")
    event = Event.objects.create(
        organizer=org, name={"en": spec["name"]}, slug=spec["event"], currency="EUR", live=True,
        date_from=datetime.datetime(2027, 7, 16, 17, 0, tzinfo=tz),
        date_to=datetime.datetime(2027, 7, 18, 23, 0, tzinfo=tz), location={"en": spec["location"]},
        presale_end=datetime.datetime(2027, 7, 16, 12, 0, tzinfo=tz))
    event.set_defaults()
    for holder in (org, event):  # a shop that takes bank transfers, as the tasks say
        holder.enable_plugin("pretix.plugins.banktransfer")
        holder.save()
    for key, value in [("payment_banktransfer__enabled", True),
                       ("payment_banktransfer_bank_details_type", "other"),
                       ("payment_banktransfer_bank_details",
                        "Harbour Arts, IBAN DE02 1203 0000 0000 2020 51"),
                       ("payment_term_days", 14), ("locale", "en"), ("locales", ["en"]),
                       ("timezone", "UTC"), ("attendee_names_asked", False),
                       ("contact_mail", "office@harbour-arts.test")]:
        event.settings.set(key, value)
    category = ItemCategory.objects.create(event=event, name={"en": "Tickets"}, position=0)
    items = []
    for pos, it in enumerate(spec["items"]):
        item = Item.objects.create(event=event, name={"en": it["name"]}, default_price=Decimal(it["price"]),
                                   category=category, position=pos, description={"en": it["description"]},
                                   admission=not it["name"].startswith("Parking"))
        quota = Quota.objects.create(event=event, name=it["name"], size=it["quota"])
        quota.items.add(item)
        items.append(item)
    for o in spec["orders"]:
        with transaction.atomic():
            add_order(o, event, items, web)
    user = User.objects.create_user(spec["staff"][0], spec["staff"][1])
    team = Team.objects.create(organizer=org, name="Office", all_events=True, all_event_permissions=True,
                               all_organizer_permissions=True)
    team.members.add(user)
'''
