"""Each task's judge on a copy of its app's seeded database: a look-up accepts the seeded answer and refuses
a wrong one; an action fails on the untouched copy and passes once the change it asks for is written
(by SQL here, as the app would write it)."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path

import pytest
from apps_installed import installed

from navwright.bench.apps.spec import AppSpec

RIGHT = {
    "trac-owner": "Bence Kovacs",
    "trac-milestone-due": "It is due on 07/19/24.",
    "trac-freeze": "10 days",
    "trac-resolution": "It was closed as invalid.",
    "trac-open-storage": "4 open tickets",
    "trac-blockers": "#14 and #21",
    "trac-leak-cause": "dokafor",
    "trac-release-manager": "Chitra Nair owns 4",
    "wagtail-saturday": "9:30 to 17:00",
    "wagtail-seed-swap-fee": "£3.50",
    "wagtail-rain-garden": "Tomasz Wrobel",
    "wagtail-composting": "What we learned this winter",
    "wagtail-priya": "three",
    "wagtail-latest-news": "Helen Brooks, on 30 September 2024",
    "wagtail-most-places": "Autumn Seed Swap",
    "ihm-electricity": "72.15",
    "ihm-internet-payer": "Chloe",
    "ihm-balance": "Dev's balance is -147.59",
    "ihm-biggest-march": "The Second-hand sofa, 180.00, paid by Dev",
    "ihm-anna-groceries": "5 times",
    "ihm-chloe-paid": "446.32",
    "ihm-cake": "Ben, Chloe and Dev paid 9.17 each",
    "pretix-weekend-price": "€70.00",
    "pretix-sold-out": "The VIP weekend pass",
    "pretix-venue": "At Old Lighthouse Quay, Kingsport, from 17:00",
    "pretix-omar": "G7FN3, it is pending",
    "pretix-pending": "4 orders",
    "pretix-weekend-sold": "16 weekend passes",
}
DONE = {
    "trac-new-ticket": [
        'INSERT INTO ticket (id, type, component, priority, summary, status) VALUES (29, '
        "'defect', 'web-console', 'major', 'Web console times out on queues with over "
        "10,000 messages', 'new')",
    ],
    "trac-comment": [
        "INSERT INTO ticket_change VALUES (12, 1, 'anonymous', 'comment', '2', 'Still "
        "happens with client 1.1.3.')",
    ],
    "trac-close": [
        "UPDATE ticket SET status = 'closed', resolution = 'wontfix' WHERE id = 26",
    ],
    "trac-wiki-page": [
        "INSERT INTO wiki VALUES ('MeetingNotes/2024-06-11', 1, 1, 'anonymous', 'Decided: "
        "1.2 ships on 19 July.', '', 0)",
    ],
    "wagtail-contact": [
        'INSERT INTO wagtailforms_formsubmission (form_data, page_id, submit_time) SELECT '
        '\'{"your_name": "Jonas Weber", "email": "jonas.weber@example.org", "message": "Is '
        'there a plot free for next spring?"}\', id, \'2024-10-02\' FROM wagtailcore_page '
        "WHERE slug = 'contact'",
    ],
    "wagtail-volunteer": [
        'INSERT INTO wagtailforms_formsubmission (form_data, page_id, submit_time) SELECT '
        '\'{"your_name": "Mei Tanaka", "email": "mei.tanaka@example.org", "event": "Apple '
        'Pressing", "shift": "Afternoon"}\', id, \'2024-10-02\' FROM wagtailcore_page WHERE '
        "slug = 'volunteer'",
    ],
    "wagtail-rename": [
        "UPDATE wagtailcore_page SET title = 'Winter opening hours' WHERE slug = "
        "'winter-hours'",
    ],
    "ihm-add-bill": [
        'INSERT INTO bill (payer_id, amount, date, creation_date, what, bill_type, '
        "original_currency, converted_amount) SELECT id, 36.0, '2024-04-12', "
        "'2024-04-12', 'Pizza night', 'EXPENSE', 'XXX', 36.0 FROM person WHERE name = "
        "'Ben'",
        'INSERT INTO billowers SELECT (SELECT max(id) FROM bill), id FROM person',
    ],
    "ihm-add-member": [
        "INSERT INTO person (project_id, name, activated, weight) VALUES ('flat-42', "
        "'Elif', 1, 1)",
    ],
    "ihm-edit-water": [
        "UPDATE bill SET amount = 45.6, converted_amount = 45.6 WHERE what = 'Water'",
    ],
    "pretix-mark-paid": [
        "UPDATE pretixbase_order SET status = 'p' WHERE code = 'MCPKL'",
    ],
    "pretix-cancel": [
        "UPDATE pretixbase_order SET status = 'c' WHERE code = 'P9K3T'",
    ],
}
ONCE = ("ihm-add-bill",)
"""Tasks that make one record whose second copy the database allows."""
BOUGHT = {"pretix-buy-friday": ("jonas.weber@example.org", ["Friday day ticket", "Friday day ticket"]),
          "pretix-buy-parking": ("mei.tanaka@example.org", ["Weekend pass", "Parking (whole weekend)"])}


@pytest.mark.apps
@pytest.mark.parametrize("name", ["trac", "wagtail", "ihatemoney", "pretix"])
def test_each_task_judge_on_the_seeded_database(name: str, tmp_path: Path) -> None:
    app, _ = installed(name)
    for task in app.tasks():
        db = _fresh_copy(app, tmp_path)
        if task.kind != "action":
            assert task.check(db, RIGHT[task.id]).ok, (task.id, task.check(db, RIGHT[task.id]).why)
            assert not task.check(db, "I could not find it.").ok, task.id
            continue
        assert not task.check(db, "Done.").ok, task.id
        with contextlib.closing(sqlite3.connect(db)) as conn:
            for sql in DONE.get(task.id, []):
                conn.execute(sql)
            if task.id in BOUGHT:
                _buy(conn, *BOUGHT[task.id])
            conn.commit()
        verdict = task.check(db, "Done.")
        assert verdict.ok, (task.id, verdict.why)
        if task.id in ONCE:  # the record made twice is not what was asked
            with contextlib.closing(sqlite3.connect(db)) as conn:
                for sql in DONE[task.id]:
                    conn.execute(sql)
                conn.commit()
            assert not task.check(db, "Done.").ok, task.id


def _fresh_copy(app: AppSpec, tmp_path: Path) -> Path:
    db = app.database(app.pristine)
    target = tmp_path / db.name
    shutil.copyfile(db, target)
    return target


def _buy(conn: sqlite3.Connection, email: str, items: list[str]) -> None:
    """An order as pretix's checkout writes it: a copy of a seeded order's row, with its positions."""
    cols = [r[1] for r in conn.execute("PRAGMA table_info(pretixbase_order)") if r[1] != "id"]
    picked = ["'NEW01'" if c == "code" else "?" if c == "email" else c for c in cols]
    conn.execute(f"INSERT INTO pretixbase_order ({', '.join(cols)}) SELECT {', '.join(picked)} FROM "
                 "pretixbase_order WHERE code = 'MCPKL'", (email,))  # fmt: skip
    new = conn.execute("SELECT max(id) FROM pretixbase_order").fetchone()[0]
    pcols = [r[1] for r in conn.execute("PRAGMA table_info(pretixbase_orderposition)") if r[1] != "id"]
    template = conn.execute("SELECT min(id) FROM pretixbase_orderposition").fetchone()[0]
    for n, item in enumerate(items):
        found = conn.execute("SELECT id FROM pretixbase_item WHERE name LIKE ?", (f'%"{item}"%',))
        item_id = found.fetchone()[0]
        values = {"order_id": new, "item_id": item_id, "secret": f"new{n}", "positionid": n + 1,
                  "pseudonymization_id": f"NEWP{n}"}
        picked = ["?" if c in values else c for c in pcols]
        params = (*[values[c] for c in pcols if c in values], template)
        conn.execute(f"INSERT INTO pretixbase_orderposition ({', '.join(pcols)}) SELECT "
                     f"{', '.join(picked)} FROM pretixbase_orderposition WHERE id = ?", params)  # fmt: skip
