"""pretix 2026.8, a ticket shop with a real checkout and a back office: the Lighthouse Jazz Festival 2027.

The shop needs no login; the back office (/control/) does: tasks pass the staff password as the secret
PRETIX_PASSWORD and the agent logs in on its form. Mail goes nowhere (an unused local port)."""

from __future__ import annotations

import json
from pathlib import Path

from navwright.bench.apps import pretix_data as data
from navwright.bench.apps.env import run_in
from navwright.bench.apps.judge import all_of, says, says_number, state
from navwright.bench.apps.spec import AppSpec, AppTask, Check, rows
from navwright.bench.tasks.spec import TaskKind

SHOP = f"/{data.ORGANIZER}/{data.EVENT}/"
FEST = data.EVENT_NAME
BACK = (f"Log in to the pretix back office at /control/ as {data.STAFF_EMAIL} (the password is in "
        "{{PRETIX_PASSWORD}}). ")  # fmt: skip
SECRETS = {"PRETIX_PASSWORD": data.STAFF_PASSWORD}
CONFIG = """[pretix]
instance_name=Harbour Arts tickets
url=http://127.0.0.1:{port}
datadir={data}
currency=EUR
[database]
backend=sqlite3
name={data}/db.sqlite3
[django]
debug=on
[mail]
from=tickets@harbour-arts.test
host=127.0.0.1
port=9
"""


def _order(name: str) -> data.Order:
    return next(o for o in data.ORDERS if o.name == name)


def _new_orders(db: Path) -> list[tuple[str, str, list[str]]]:
    seeded = {o.code for o in data.ORDERS}
    found = rows(db, "SELECT o.code, o.email, o.status, i.name FROM pretixbase_order o JOIN "
                 "pretixbase_orderposition p ON p.order_id = o.id JOIN pretixbase_item i ON i.id = p.item_id")
    orders: dict[str, tuple[str, str, list[str]]] = {}
    for code, email, status, item in found:
        if code not in seeded:
            orders.setdefault(code, (email, status, []))[2].append(json.loads(item).get("en", item))
    return list(orders.values())


def _bought(email: str, *items: str) -> Check:
    def test(db: Path) -> str:
        new = _new_orders(db)
        good = [o for o in new if o[0].lower() == email and sorted(o[2]) == sorted(items)]
        return "" if len(good) == 1 and len(new) == 1 else f"new orders {new}, wanted one of {list(items)}"

    return state(test)


def _status(code: str, wanted: str) -> Check:
    def test(db: Path) -> str:
        found = rows(db, "SELECT status FROM pretixbase_order WHERE code = ?", code)
        changed = rows(db, "SELECT code, status FROM pretixbase_order")
        seeded = {o.code: o.status for o in data.ORDERS}
        others = [c for c, s in changed if c != code and s != seeded.get(c, s)]
        if found != [(wanted,)]:
            return f"order {code} is {found}, not {data.STATUS[wanted]}"
        return f"other orders changed: {others}" if others else ""

    return state(test)


def _tasks() -> list[AppTask]:
    omar, tom, ethan = _order("Omar Haddad"), _order("Tom Becker"), _order("Ethan Cole")
    pending = sum(o.status == "n" for o in data.ORDERS)
    weekend_sold = data.sold(2)

    def shop(i: str, kind: TaskKind, request: str, check: Check) -> AppTask:
        return AppTask(i, kind, request, check, start=SHOP)

    def back(i: str, kind: TaskKind, request: str, check: Check) -> AppTask:
        return AppTask(i, kind, BACK + request, check, start="/control/login", secrets=SECRETS)

    return [
        shop("pretix-weekend-price", "lookup", f"How much is a weekend pass for the {FEST}?",
             says_number(70)),
        shop("pretix-sold-out", "lookup", f"Which ticket for the {FEST} is sold out?",
             says("VIP weekend pass")),
        shop("pretix-venue", "lookup", f"Where does the {FEST} take place, and at what time does it begin?",
             all_of(says("Old Lighthouse Quay"), says("17:00"))),
        back("pretix-omar", "multi", f"Find Omar Haddad's order for the {FEST}: what is its order code, and "
             "is it paid?", all_of(says(omar.code), says(data.STATUS[omar.status]))),
        back("pretix-pending", "multi", f"How many orders for the {FEST} are still waiting for payment?",
             says_number(pending)),
        back("pretix-weekend-sold", "multi", f"How many weekend passes (not VIP) for the {FEST} have been "
             "sold "
             "so far, paid or pending?", says_number(weekend_sold)),
        shop("pretix-buy-friday", "action", f"Buy two Friday day tickets for the {FEST}. My e-mail is "
             "jonas.weber@example.org; I will pay by bank transfer.",
             _bought("jonas.weber@example.org", "Friday day ticket", "Friday day ticket")),
        shop("pretix-buy-parking", "action", f"Order one weekend pass and one weekend parking ticket for the "
             f"{FEST}, with the e-mail mei.tanaka@example.org, paying by bank transfer.",
             _bought("mei.tanaka@example.org", "Weekend pass", "Parking (whole weekend)")),
        back("pretix-mark-paid", "action", f"Tom Becker's bank transfer for order {tom.code} has arrived: "
             "mark "
             "that order as paid.", _status(tom.code, "p")),
        back("pretix-cancel", "action", f"Cancel Ethan Cole's order {ethan.code} for the {FEST}.",
             _status(ethan.code, "c")),
    ]  # fmt: skip


class Pretix(AppSpec):
    name = "pretix"
    version = "2026.8.0"
    seed_version = 3  # 2: bank transfer enabled (the shop had no way to pay, so no order could be placed)
    kind = "ticket shop with checkout and back office"
    requirements = ("pretix==2026.8.0",)

    def tasks(self) -> list[AppTask]:
        return _tasks()

    def environ(self, data_dir: Path) -> dict[str, str]:
        return {"PRETIX_CONFIG_FILE": str(data_dir / "pretix.cfg"),
                "DJANGO_SETTINGS_MODULE": "pretix.settings"}

    def _config(self, data_dir: Path, port: int) -> None:
        (data_dir / "pretix.cfg").write_text(CONFIG.format(port=port, data=data_dir))

    def seed(self, python: Path, data_dir: Path) -> None:
        self._config(data_dir, 8000)
        env = self.environ(data_dir)
        run_in(python, ["-m", "pretix", "migrate"], "pretix migrate (a few minutes, once)", cwd=data_dir,
               timeout=1200.0, env=env)
        (data_dir / "seed.json").write_text(json.dumps(data.seed_spec()))
        run_in(python, ["-c", data.SEED, str(data_dir / "seed.json")], "seed pretix", cwd=data_dir, env=env)

    def command(self, python: Path, data_dir: Path, port: int) -> list[str]:
        self._config(data_dir, port)
        return [str(python), "-m", "pretix", "runserver", f"127.0.0.1:{port}", "--noreload"]

    def database(self, data_dir: Path) -> Path:
        return data_dir / "db.sqlite3"

