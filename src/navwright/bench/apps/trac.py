"""Trac 1.6, an issue tracker with a wiki, roadmap and timeline: the "Harbor" project's tracker.

Served by `tracd` with no login: the environment grants anonymous visitors ticket and wiki changes
(the ticket form asks for a name), so no task needs a secret.
"""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import date
from pathlib import Path

from navwright.bench.apps import trac_data as data
from navwright.bench.apps.env import run_in
from navwright.bench.apps.judge import all_of, says, says_any, says_date, says_number, state
from navwright.bench.apps.spec import AppSpec, AppTask, one, rows


def _user(login: str) -> tuple[str, str]:
    return login, data.USERS[login]


def _open_in(component: str) -> int:
    return sum(t.open and t.component == component for t in data.TICKETS)


def _new_ticket(db: Path) -> str:
    found = rows(db, "SELECT type, component, priority FROM ticket WHERE id > ? AND lower(summary) LIKE ?",
                 len(data.TICKETS), "%web console times out%")  # fmt: skip
    if not found:
        return "no new ticket about the web console timing out"
    if ("defect", "web-console", "major") not in found:
        return f"the new ticket has type, component, priority {found[0]}, not defect, web-console, major"
    return ""


def _comment(db: Path) -> str:
    found = rows(db, "SELECT newvalue FROM ticket_change WHERE ticket = 12 AND field = 'comment'")
    texts = [r[0] for r in found]
    return "" if any("1.1.3" in t for t in texts) else "no comment on #12 mentions client 1.1.3"


def _closed(db: Path) -> str:
    found = rows(db, "SELECT status, resolution FROM ticket WHERE id = 26")
    return "" if found == [("closed", "wontfix")] else f"ticket #26 is {found}, not closed as wontfix"


def _wiki_page(db: Path) -> str:
    text = one(db, "SELECT text FROM wiki WHERE name = 'MeetingNotes/2024-06-11' ORDER BY version DESC")
    if text is None:
        return "no wiki page MeetingNotes/2024-06-11"
    return "" if "19 july" in text.lower() else "the page does not say 1.2 ships on 19 July"


def _untouched(db: Path) -> str:
    """A look-up changes nothing: no new ticket, no ticket change after the seed."""
    after = one(db, "SELECT count(*) FROM ticket_change") or 0
    seeded = sum(len(data.COMMENTS.get(i, [])) + 2 * (t.status == "closed") for i, t in
                 enumerate(data.TICKETS, start=1))  # fmt: skip
    return "" if after == seeded else "the look-up changed tickets"


def _tasks() -> list[AppTask]:
    rm = data.WIKI["ReleaseProcess"]
    assert "Chitra Nair" in rm
    cnair_open = sum(t.open and data.COMPONENTS[t.component] == "cnair" and not t.owner for t in data.TICKETS)
    blockers = [str(i) for i, t in enumerate(data.TICKETS, start=1) if t.open and t.priority == "blocker"]
    return [
        AppTask("trac-owner", "lookup", "Who owns ticket #14 in the Harbor tracker?",
                says_any(*_user("bkovacs"))),
        AppTask("trac-milestone-due", "lookup", "When is Harbor's milestone 1.2 due?",
                says_date(date(2024, 7, 19)), start="/roadmap"),
        AppTask("trac-freeze", "lookup", "According to Harbor's ReleaseProcess wiki page, how many days "
                "before a "
                "release does the code freeze start?", says_number(10), start="/wiki"),
        AppTask("trac-resolution", "lookup", "How was ticket #17 in the Harbor tracker resolved?",
                says("invalid")),
        AppTask("trac-open-storage", "multi", "How many open tickets does the storage component of Harbor "
                "have?",
                all_of(says_number(_open_in("storage")), state(_untouched))),
        AppTask("trac-blockers", "multi", "Which Harbor tickets with priority blocker are still open? Give "
                "their numbers.", says(*blockers)),
        AppTask("trac-leak-cause", "multi", "Find the Harbor ticket about the memory leak in the consumer "
                "heartbeat loop. Who found the cause, according to its comments?",
                says_any(*_user("dokafor"))),
        AppTask("trac-release-manager", "multi", "Who is the release manager for Harbor 1.2 according to the "
                "ReleaseProcess wiki page, and how many open tickets does that person own?",
                all_of(says_any(*_user("cnair")), says_number(cnair_open))),
        AppTask("trac-new-ticket", "action", "File a new defect in the Harbor tracker with the summary 'Web "
                "console times out on queues with over 10,000 messages', component web-console, priority "
                "major.", state(_new_ticket)),
        AppTask("trac-comment", "action", "Add a comment to Harbor ticket #12 saying: Still happens with "
                "client 1.1.3.", state(_comment), start="/ticket/12"),
        AppTask("trac-close", "action", "Close Harbor ticket #26 with the resolution wontfix.",
                state(_closed)),
        AppTask("trac-wiki-page", "action", "Create a wiki page in the Harbor tracker named "
                "MeetingNotes/2024-06-11 with the text: Decided: 1.2 ships on 19 July.", state(_wiki_page)),
    ]  # fmt: skip


class Trac(AppSpec):
    name = "trac"
    version = "1.6"
    kind = "issue tracker with wiki and roadmap"
    requirements = ("Trac==1.6", "Jinja2==3.1.6", "MarkupSafe==3.0.4")
    seed_version = 2

    def tasks(self) -> list[AppTask]:
        return _tasks()

    def seed(self, python: Path, data_dir: Path) -> None:
        env = data_dir / "env"
        run_in(python, ["-m", "trac.admin.console", str(env), "initenv", "Harbor", "sqlite:db/trac.db"],
               "trac-admin initenv")  # fmt: skip
        ini = env / "conf" / "trac.ini"
        text = ini.read_text().replace("descr = My example project", "descr = Harbor message broker")
        text = text.replace("alt = (please configure the [header_logo] section in trac.ini)", "alt = Harbor")
        ini.write_text(text.replace("src = site/your_project_logo.png", "src = "))
        with contextlib.closing(sqlite3.connect(self.database(data_dir))) as db:
            data.seed(db)

    def command(self, python: Path, data_dir: Path, port: int) -> list[str]:
        return [str(python), "-m", "trac.web.standalone", "--hostname", "127.0.0.1", "--port", str(port),
                "--single-env", str(data_dir / "env")]  # fmt: skip

    def database(self, data_dir: Path) -> Path:
        return data_dir / "env" / "db" / "trac.db"
