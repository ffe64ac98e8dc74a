"""I Hate Money 7.2, a shared-budget web app (who paid what, balances, settling up): the flatmates'
project "flat-42". Its pages need the project's password: tasks pass it as the secret IHM_PASSWORD and
the agent logs in on the project's login form."""

from __future__ import annotations

import json
from pathlib import Path

from navwright.bench.apps import ihatemoney_data as data
from navwright.bench.apps.env import run_in
from navwright.bench.apps.judge import all_of, says, says_number, state
from navwright.bench.apps.spec import AppSpec, AppTask, Check, one, rows
from navwright.bench.tasks.spec import TaskKind

LOGIN = "Log in to the shared budget project flat-42 (its password is in {{IHM_PASSWORD}}). "
SECRETS = {"IHM_PASSWORD": data.PASSWORD}
SETTINGS = """SQLALCHEMY_DATABASE_URI = "sqlite:///{db}"
SECRET_KEY = "navwright-bench-apps"
SITE_NAME = "I Hate Money"
ACTIVATE_DEMO_PROJECT = False
ALLOW_PUBLIC_PROJECT_CREATION = True
ACTIVATE_ADMIN_DASHBOARD = False
SESSION_COOKIE_SECURE = False
RATELIMIT_ENABLED = False
BABEL_DEFAULT_LOCALE = "en"
"""


def _bill_state(db: Path, what: str) -> list[tuple[float, str, str, int]]:
    return [(r[0], r[1], r[2], r[3]) for r in rows(
        db, "SELECT b.amount, p.name, b.date, (SELECT count(*) FROM billowers o WHERE o.bill_id = b.id) "
        "FROM bill b JOIN person p ON p.id = b.payer_id WHERE lower(b.what) LIKE ?", f"%{what}%",
    )]  # fmt: skip


def _pizza(db: Path) -> str:
    found = _bill_state(db, "pizza")
    if not found:
        return "no bill for the pizza night"
    if len(found) > 1:  # a form sent twice adds the bill twice: one was asked for
        return f"{len(found)} bills for the pizza night, one asked for"
    amount, payer, day, owers = found[-1]
    wrong = [w for w, ok in (("amount", abs(amount - 36) < 0.01), ("payer", payer == "Ben"),
                             ("date", str(day).startswith("2024-04-12")), ("owers", owers == 4)) if not ok]
    return f"the pizza bill has the wrong {', '.join(wrong)}: {found[-1]}" if wrong else ""


def _member(db: Path) -> str:
    names = [r[0] for r in rows(db, "SELECT name FROM person WHERE project_id = ?", data.PROJECT)]
    return "" if "Elif" in names and len(names) == len(data.MEMBERS) + 1 else f"members are {names}"


def _water(db: Path) -> str:
    found = _bill_state(db, "water")
    ok = len(found) == 1 and abs(found[0][0] - 45.60) < 0.01
    return "" if ok else f"the water bills are {found}, not one of 45.60"


def _unchanged(db: Path) -> str:
    count = one(db, "SELECT count(*) FROM bill") or 0
    return "" if count == len(data.BILLS) else "the look-up changed the bills"


def _tasks() -> list[AppTask]:
    march = [b for b in data.BILLS if b.day.month == 3 and b.bill_type == "Expense"]
    biggest = max(march, key=lambda b: b.amount)
    chloe_paid = round(sum(b.amount for b in data.paid("Chloe") if b.bill_type == "Expense"), 2)
    grocery_runs = len(data.paid("Anna", "Groceries"))
    task: list[tuple[str, TaskKind, str, Check]] = [
        ("ihm-electricity", "lookup", "How much was the electricity bill of February 2024?",
         says_number(72.15)),
        ("ihm-internet-payer", "lookup", "Who paid the internet bill of 10 April 2024?", says("Chloe")),
        ("ihm-balance", "lookup", "What is Dev's balance in the project?",
         says_number(abs(data.balance("Dev")))),
        ("ihm-biggest-march", "multi", "What was the most expensive bill in March 2024, and who paid it?",
         all_of(says_number(biggest.amount), says(biggest.payer), state(_unchanged))),
        ("ihm-anna-groceries", "multi", "How many times did Anna pay for the groceries?",
         says_number(grocery_runs)),
        ("ihm-chloe-paid", "multi", "How much has Chloe paid in all, for expenses (not counting "
         "reimbursements)?", says_number(chloe_paid)),
        ("ihm-cake", "multi", "Which flatmates shared the cost of Anna's birthday cake, and how much was "
         "each share?", all_of(says("Ben", "Chloe", "Dev"), says_number(round(27.50 / 3, 2)))),
        ("ihm-add-bill", "action", "Add a bill 'Pizza night' of 36.00, paid by Ben on 12 April 2024, shared "
         "by all four flatmates.", state(_pizza)),
        ("ihm-add-member", "action", "Add Elif to the project as a new flatmate.", state(_member)),
        ("ihm-edit-water", "action", "The water bill of 21 March 2024 was entered wrong: change its amount "
         "to 45.60.", state(_water)),
    ]  # fmt: skip
    return [AppTask(i, k, LOGIN + r, c, start=f"/{data.PROJECT}/", secrets=SECRETS) for i, k, r, c in task]


class IHateMoney(AppSpec):
    name = "ihatemoney"
    version = "7.2.1"
    kind = "shared budget (bills, balances)"
    requirements = ("ihatemoney==7.2.1", "SQLAlchemy==2.0.58", "Flask==3.1.3")

    def tasks(self) -> list[AppTask]:
        return _tasks()

    def environ(self, data_dir: Path) -> dict[str, str]:
        return {"IHATEMONEY_SETTINGS_FILE_PATH": str(data_dir / "settings.cfg")}

    def seed(self, python: Path, data_dir: Path) -> None:
        self._settings(data_dir)
        spec = dict(id=data.PROJECT, name=data.PROJECT_NAME, password=data.PASSWORD, members=data.MEMBERS,
                    bills=data.seed_json())  # fmt: skip
        script = data_dir / "seed.py"
        script.write_text(data.SEED_SCRIPT)
        run_in(python, [str(script), json.dumps(spec)], "seed I Hate Money", cwd=data_dir,
               env=self.environ(data_dir))
        script.unlink()

    def _settings(self, data_dir: Path) -> None:
        (data_dir / "settings.cfg").write_text(SETTINGS.format(db=self.database(data_dir)))

    def command(self, python: Path, data_dir: Path, port: int) -> list[str]:
        self._settings(data_dir)  # the copy's own database, not the pristine one
        return [str(python), "-m", "flask", "--app", "ihatemoney.wsgi", "run", "--host", "127.0.0.1",
                "--port", str(port), "--no-reload"]  # fmt: skip

    def database(self, data_dir: Path) -> Path:
        return data_dir / "ihatemoney.db"
