"""I Hate Money's seed: "flat-42", the shared budget of four flatmates, January to April 2024.

The bills are fixed (recurring bills and a few one-offs) plus weekly groceries drawn from a seeded random
generator, so every seed holds the same rows. Balances are computed here as the app computes them: what a
member paid minus their weighted share of every bill they are part of."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

PROJECT = "flat-42"
PROJECT_NAME = "Flat 42, Leith Walk"
PASSWORD = "kettle-on-7"
MEMBERS = ["Anna", "Ben", "Chloe", "Dev"]


@dataclass(frozen=True)
class Bill:
    what: str
    amount: float
    payer: str
    day: date
    owers: tuple[str, ...] = tuple(MEMBERS)
    bill_type: str = "Expense"


def _bills() -> list[Bill]:
    bills: list[Bill] = []
    for month, amount in zip((1, 2, 3, 4), (68.40, 72.15, 59.90, 51.30), strict=True):
        bills.append(Bill("Electricity", amount, "Anna", date(2024, month, 4)))
        bills.append(Bill("Internet", 32.99, "Ben" if month != 4 else "Chloe", date(2024, month, 10)))
    bills += [
        Bill("Water", 41.20, "Dev", date(2024, 3, 21)),
        Bill("Cleaning supplies", 18.75, "Chloe", date(2024, 2, 17)),
        Bill("Second-hand sofa", 180.00, "Dev", date(2024, 3, 9)),
        Bill("Anna's birthday cake", 27.50, "Ben", date(2024, 2, 24), ("Ben", "Chloe", "Dev")),
        Bill("Chloe pays Ben back", 40.00, "Chloe", date(2024, 4, 2), ("Ben",), "Reimbursement"),
        Bill("Toaster", 34.99, "Anna", date(2024, 1, 27)),
        Bill("Plumber (kitchen sink)", 95.00, "Ben", date(2024, 3, 14)),
    ]
    rng = random.Random(34)
    day = date(2024, 1, 6)
    while day < date(2024, 4, 28):
        bills.append(Bill("Groceries", round(rng.uniform(38, 92), 2), rng.choice(MEMBERS), day))
        day += timedelta(days=7)
    return sorted(bills, key=lambda b: (b.day, b.what))


BILLS = _bills()


def balance(member: str, bills: list[Bill] = BILLS) -> float:
    total = 0.0
    for bill in bills:
        if bill.payer == member:
            total += bill.amount
        if member in bill.owers:
            total -= bill.amount / len(bill.owers)
    return round(total, 2)


def paid(member: str, what: str | None = None) -> list[Bill]:
    return [b for b in BILLS if b.payer == member and (what is None or b.what == what)]


def seed_json() -> list[dict[str, object]]:
    return [dict(what=b.what, amount=b.amount, payer=b.payer, day=b.day.isoformat(), owers=list(b.owers),
                 bill_type=b.bill_type) for b in BILLS]  # fmt: skip


SEED_SCRIPT = """
import datetime, json, sys
from ihatemoney.run import create_app
from ihatemoney.models import db, Project, Person, Bill
from werkzeug.security import generate_password_hash

NO_CURRENCY = "XXX"  # ISO 4217's code for "no currency": I Hate Money's own default for a project

spec = json.loads(sys.argv[1])
app = create_app()
with app.app_context():
    project = Project(id=spec["id"], name=spec["name"], contact_email="anna@flat42.test",
                      password=generate_password_hash(spec["password"], method="pbkdf2:sha256"),
                      default_currency=NO_CURRENCY)
    db.session.add(project)
    people = {}
    for name in spec["members"]:
        people[name] = Person(name=name, project=project)
        db.session.add(people[name])
    db.session.commit()
    for b in spec["bills"]:
        day = datetime.date.fromisoformat(b["day"])
        bill = Bill(amount=b["amount"], date=day, owers=[people[o] for o in b["owers"]],
                    payer_id=people[b["payer"]].id, what=b["what"], bill_type=b["bill_type"],
                    original_currency=NO_CURRENCY, project_default_currency=NO_CURRENCY)
        bill.creation_date = day
        db.session.add(bill)
    db.session.commit()
"""
