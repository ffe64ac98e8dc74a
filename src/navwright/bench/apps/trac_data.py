"""Trac's seed: the issue tracker of "Harbor", a small open-source message broker, with its tickets,
their history, milestones, components and wiki pages. Written straight into Trac's SQLite database after
`trac-admin initenv`; every timestamp is fixed, so two seeds are the same file content."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

BASE = datetime(2024, 1, 8, 9, 0, tzinfo=UTC)
USERS = {"amoreau": "Alice Moreau", "bkovacs": "Bence Kovacs", "cnair": "Chitra Nair",
         "dokafor": "David Okafor", "eliang": "Emma Liang", "fsilva": "Felipe Silva"}  # fmt: skip
COMPONENTS = {"broker": "dokafor", "client-python": "cnair", "web-console": "eliang",
              "storage": "bkovacs", "docs": "amoreau", "packaging": "fsilva"}  # fmt: skip
MILESTONES = [  # name, due, completed, description
    ("1.0", date(2024, 2, 15), date(2024, 2, 14), "First stable release."),
    ("1.1", date(2024, 4, 30), date(2024, 5, 6), "Retention policies and the web console."),
    ("1.2", date(2024, 7, 19), None, "Clustering preview and Python client 2.0."),
    ("2.0", date(2024, 11, 29), None, "Replicated storage; drops the legacy wire protocol."),
]
VERSIONS = [("1.0", date(2024, 2, 14)), ("1.1", date(2024, 5, 6))]


@dataclass
class Ticket:
    summary: str
    type: str
    component: str
    priority: str
    milestone: str
    reporter: str
    status: str = "new"
    resolution: str = ""
    owner: str = ""
    keywords: str = ""

    @property
    def open(self) -> bool:
        return self.status != "closed"


T = Ticket
TICKETS = [
    T("Broker crashes when a queue name contains a slash", "defect", "broker", "critical", "1.0", "fsilva",
      "closed", "fixed"),
    T("Document the retention settings in the admin guide", "task", "docs", "minor", "1.1", "dokafor",
      "closed", "fixed"),
    T("Memory leak in the consumer heartbeat loop", "defect", "broker", "blocker", "1.1", "eliang",
      "closed", "fixed", keywords="memory leak"),
    T("Python client: reconnect with exponential backoff", "enhancement", "client-python", "major", "1.2",
      "amoreau", "accepted"),
    T("Web console shows negative queue depth after purge", "defect", "web-console", "major", "1.2",
      "bkovacs"),
    T("Debian package does not create the harbor system user", "defect", "packaging", "critical", "1.1",
      "cnair", "closed", "fixed"),
    T("Compaction stalls on segments larger than 2 GB", "defect", "storage", "critical", "1.2", "dokafor",
      "assigned", keywords="compaction"),
    T("Add a dark theme to the web console", "enhancement", "web-console", "trivial", "2.0", "fsilva"),
    T("Typos in the quick start guide", "defect", "docs", "trivial", "1.0", "eliang", "closed", "fixed"),
    T("Publish wheels for Python 3.12", "task", "packaging", "major", "1.2", "amoreau", "assigned"),
    T("Dead-letter queue ignores max-retries of 0", "defect", "broker", "major", "1.2", "cnair"),
    T("Client hangs forever when the broker closes the socket", "defect", "client-python", "critical", "1.2",
      "bkovacs", "accepted"),
    T("Support TLS client certificates", "enhancement", "broker", "major", "2.0", "eliang"),
    T("Storage checksum mismatch after unclean shutdown", "defect", "storage", "blocker", "1.2", "fsilva",
      "assigned", keywords="corruption"),
    T("Console login page accepts empty passwords", "defect", "web-console", "critical", "1.1", "dokafor",
      "closed", "fixed", keywords="security"),
    T("Explain consumer groups with a diagram", "enhancement", "docs", "minor", "1.2", "cnair"),
    T("RPM spec file uses the wrong license tag", "defect", "packaging", "minor", "1.1", "bkovacs", "closed",
      "invalid"),
    T("Replicated storage design", "task", "storage", "major", "2.0", "bkovacs", "accepted"),
    T("Queue browser pagination skips every 50th message", "defect", "web-console", "major", "1.2", "amoreau",
      "reopened"),
    T("Async client API with asyncio", "enhancement", "client-python", "major", "2.0", "dokafor"),
    T("Broker logs the password in plain text at debug level", "defect", "broker", "blocker", "1.2", "cnair",
      "accepted", keywords="security"),
    T("Remove the legacy wire protocol", "task", "broker", "major", "2.0", "dokafor"),
    T("Document the upgrade from 1.0 to 1.1", "task", "docs", "major", "1.1", "fsilva", "closed", "fixed"),
    T("Homebrew formula", "enhancement", "packaging", "minor", "2.0", "eliang", "closed", "wontfix"),
    T("Message TTL is applied twice on requeue", "defect", "broker", "major", "1.2", "bkovacs", "closed",
      "duplicate"),
    T("Show consumer lag per partition in the console", "enhancement", "web-console", "minor", "2.0",
      "cnair"),
    T("Client type hints are incomplete", "defect", "client-python", "minor", "1.2", "fsilva", "assigned"),
    T("Segment files are not fsynced before rename", "defect", "storage", "critical", "1.2", "amoreau",
      "new", keywords="corruption"),
]  # fmt: skip
COMMENTS = {  # ticket id -> (author, text), in order
    3: [("eliang", "Heap grows by about 40 MB per hour with 200 consumers."),
        ("dokafor", "Found it: the heartbeat timer is re-armed without cancelling the old one."),
        ("dokafor", "Fixed in r812, will be in 1.1.")],
    7: [("bkovacs", "Reproduced with a 2.5 GB segment; the merge loop never yields."),
        ("dokafor", "Could we split large segments before compaction?")],
    12: [("cnair", "I will add a read timeout of 30 seconds by default.")],
    14: [("fsilva", "Happened twice on our staging cluster after a power cut."),
         ("bkovacs", "The index is written before the data block; taking it."),
         ("amoreau", "Raising to blocker for 1.2.")],
    19: [("amoreau", "Off-by-one in the page offset."), ("eliang", "Fixed, please verify."),
         ("amoreau", "Still skips message 100 on page 3, reopening.")],
    21: [("cnair", "Masking the password field in the connection log line now.")],
}  # fmt: skip
WIKI = {
    "ReleaseProcess": "= Release process =\n\n 1. Announce the code freeze on the mailing list "
    "'''10 days''' before the release date.\n 1. Only blocker and critical fixes land during the freeze.\n"
    " 1. The release manager for 1.2 is Chitra Nair (cnair).\n 1. Tag the release, build the packages, "
    "publish the wheels.\n",
    "OnCallRota": "= On-call rota =\n\n||= Week =||= Primary =||= Backup =||\n|| 2024-06-03 || Bence Kovacs "
    "|| Emma Liang ||\n|| 2024-06-10 || David Okafor || Felipe Silva ||\n|| 2024-06-17 || Alice Moreau "
    "|| Chitra Nair ||\n\nThe pager number is +44 20 7946 0321.\n",
    "MeetingNotes/2024-05-28": "= Meeting 2024-05-28 =\n\nPresent: amoreau, bkovacs, cnair, dokafor.\n\n"
    " * Decided: clustering stays a preview in 1.2.\n * Decided: the next meeting is on 2024-06-11.\n"
    " * Action: bkovacs writes the replicated storage design (#18).\n",
    "CodingStyle": "= Coding style =\n\nLines are at most 100 characters. Use type hints everywhere. Every "
    "public function has a docstring.\n",
}  # fmt: skip


def micros(at: datetime) -> int:
    return int(at.timestamp()) * 1_000_000


def day_micros(d: date) -> int:
    return micros(datetime(d.year, d.month, d.day, 12, 0, tzinfo=UTC))


def seed(db: sqlite3.Connection) -> None:
    """Replace initenv's sample rows with Harbor's data; fix the times of the stock wiki pages."""
    for table in ("component", "milestone", "version", "ticket", "ticket_change"):
        db.execute(f"DELETE FROM {table}")
    db.executemany("INSERT INTO component (name, owner, description) VALUES (?, ?, '')", COMPONENTS.items())
    db.executemany("INSERT INTO milestone (name, due, completed, description) VALUES (?, ?, ?, ?)",
                   [(n, day_micros(d), day_micros(c) if c else 0, t) for n, d, c, t in MILESTONES])
    db.executemany("INSERT INTO version (name, time, description) VALUES (?, ?, '')",
                   [(n, day_micros(d)) for n, d in VERSIONS])  # fmt: skip
    rng = random.Random(34)
    for number, ticket in enumerate(TICKETS, start=1):
        _ticket(db, number, ticket, rng)
    db.execute("UPDATE wiki SET time = ?", (micros(BASE),))
    for number, (name, text) in enumerate(WIKI.items()):
        at = micros(BASE + timedelta(days=100 + number))
        db.execute("INSERT INTO wiki (name, version, time, author, text, comment, readonly) "
                   "VALUES (?, 1, ?, 'amoreau', ?, '', 0)", (name, at, text))  # fmt: skip
    for user, name in USERS.items():
        db.execute("INSERT INTO session (sid, authenticated, last_visit) VALUES (?, 1, ?)",
                   (user, micros(BASE)))
        db.executemany("INSERT INTO session_attribute (sid, authenticated, name, value) VALUES (?, 1, ?, ?)",
                       [(user, "name", name), (user, "email", f"{user}@harbor.test")])  # fmt: skip
    db.execute("INSERT OR IGNORE INTO permission (username, action) VALUES ('anonymous', 'TICKET_CREATE'),"
               " ('anonymous', 'TICKET_MODIFY'), ('anonymous', 'WIKI_CREATE'), ('anonymous', 'WIKI_MODIFY')")
    db.execute("DELETE FROM cache")
    db.commit()


def opened_at(number: int) -> datetime:
    return BASE + timedelta(days=4 * number, hours=number % 7)


def _ticket(db: sqlite3.Connection, number: int, t: Ticket, rng: random.Random) -> None:
    owner = t.owner or COMPONENTS[t.component]
    created = opened_at(number)
    changed = created
    history: list[tuple[str, str, str, str]] = []  # author, field, old, new
    for order, (author, text) in enumerate(COMMENTS.get(number, []), start=1):
        history.append((author, "comment", str(order), text))
    if t.status == "closed":
        history.append((owner, "resolution", "", t.resolution))
        history.append((owner, "status", "new", "closed"))
    for author, field, old, new in history:
        changed += timedelta(days=1 + rng.randrange(3), minutes=rng.randrange(600))
        db.execute("INSERT INTO ticket_change VALUES (?, ?, ?, ?, ?, ?)",
                   (number, micros(changed), author, field, old, new))  # fmt: skip
    description = f"{t.summary}.\n\nReported by {USERS[t.reporter]}."
    version = "1.1" if t.milestone in ("1.2", "2.0") else ("1.0" if t.milestone == "1.1" else "")
    db.execute(
        "INSERT INTO ticket (id, type, time, changetime, component, severity, priority, owner, reporter, cc, "
        "version, milestone, status, resolution, summary, description, keywords) "
        "VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?)",
        (number, t.type, micros(created), micros(changed), t.component, t.priority, owner, t.reporter,
         version, t.milestone, t.status, t.resolution, t.summary, description, t.keywords),
    )  # fmt: skip
