"""Wagtail 6.3 (LTS), a Django CMS: the "Northbrook Community Garden" site with news, events, a search
page and two forms; its admin needs a login, passed to the task as the secret CMS_PASSWORD."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from navwright.bench.apps import wagtail_data as data
from navwright.bench.apps import wagtail_site as site
from navwright.bench.apps.env import run_in
from navwright.bench.apps.judge import all_of, says, says_any, says_date, says_number, state
from navwright.bench.apps.spec import AppSpec, AppTask, one, rows

SETTINGS_TAIL = """
TEMPLATES[0]["OPTIONS"]["context_processors"].append("home.context.site_menu")
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
WAGTAILADMIN_BASE_URL = "http://127.0.0.1"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
"""


def _submissions(db: Path, slug: str) -> list[dict[str, str]]:
    found = rows(db, "SELECT s.form_data FROM wagtailforms_formsubmission s JOIN wagtailcore_page p "
                 "ON p.id = s.page_id WHERE p.slug = ? ORDER BY s.id", slug)  # fmt: skip
    return [json.loads(r[0]) if isinstance(r[0], str) else r[0] for r in found]


def _contact(db: Path) -> str:
    new = _submissions(db, "contact")[2:]
    good = [s for s in new if s.get("email", "").lower() == "jonas.weber@example.org"
            and "jonas" in s.get("your_name", "").lower() and "spring" in s.get("message", "").lower()]
    return "" if len(good) == 1 and len(new) == 1 else f"new contact messages: {new}"


def _volunteer(db: Path) -> str:
    new = _submissions(db, "volunteer")[1:]
    want = {"event": "Apple Pressing", "shift": "Afternoon", "email": "mei.tanaka@example.org"}
    good = [s for s in new if all(s.get(k, "").lower() == v.lower() for k, v in want.items())]
    return "" if len(good) == 1 and len(new) == 1 else f"new volunteer sign-ups: {new}"


def _renamed(db: Path) -> str:
    found = rows(db, "SELECT title, live, has_unpublished_changes FROM wagtailcore_page "
                 "WHERE slug = 'winter-hours'")
    if found != [("Winter opening hours", 1, 0)]:
        return f"the winter hours page is {found}, not published as 'Winter opening hours'"
    others = one(db, "SELECT count(*) FROM wagtailcore_page WHERE title = 'Winter opening hours'")
    return "" if others == 1 else "more than one page was renamed"


def _quiet(db: Path) -> str:
    count = one(db, "SELECT count(*) FROM wagtailforms_formsubmission")
    return "" if count == sum(len(f["submissions"]) for f in data.FORMS) else "the look-up sent a form"


def _tasks() -> list[AppTask]:
    by_priya = sum(a["author"] == "Priya Shah" for a in data.ARTICLES)
    latest = max(data.ARTICLES, key=lambda a: a["date"])
    october = [e for e in data.EVENTS if e["date"].startswith("2024-10")]
    biggest = max(october, key=lambda e: e["places"])
    g = "Northbrook Community Garden"
    return [
        AppTask("wagtail-saturday", "lookup", f"What time does the {g} open on Saturdays?",
                says_any("9:30", "9.30", "09:30", "half past nine")),
        AppTask("wagtail-seed-swap-fee", "lookup", f"How much does it cost to go to the {g}'s Autumn Seed "
                "Swap?", says_number(3.5)),
        AppTask("wagtail-rain-garden", "lookup", f"Who wrote the {g}'s news article about building a rain "
                "garden?", says("Tomasz Wrobel")),
        AppTask("wagtail-composting", "multi", f"Which news article on the {g} website mentions a hot "
                "composting workshop? Give its title.", all_of(says("What we learned this winter"),
                                                               state(_quiet))),
        AppTask("wagtail-priya", "multi", f"How many news articles has Priya Shah written for the {g}?",
                says_number(by_priya)),
        AppTask("wagtail-latest-news", "multi", f"Who wrote the {g}'s most recent news article, and on what "
                "date was it published?", says_date(date.fromisoformat(latest["date"]), latest["author"])),
        AppTask("wagtail-most-places", "multi", f"Of the {g}'s events in October 2024, which one has the "
                "most "
                "places?", says(biggest["title"])),
        AppTask("wagtail-contact", "action", f"Send the {g} a message through its contact form, from Jonas "
                "Weber, jonas.weber@example.org: Is there a plot free for next spring?", state(_contact)),
        AppTask("wagtail-volunteer", "action", f"Sign me up as a volunteer at the {g} for the Apple "
                "Pressing, "
                "afternoon shift. I am Mei Tanaka, mei.tanaka@example.org.", state(_volunteer)),
        AppTask("wagtail-rename", "action", f"Log in to the {g} site's admin at /admin/ as {data.EDITOR} "
                "(the "
                "password is in {{CMS_PASSWORD}}), rename the page 'Winter hours' to 'Winter opening hours' "
                "and publish it.", state(_renamed), secrets={"CMS_PASSWORD": data.EDITOR_PASSWORD}),
    ]  # fmt: skip


class Wagtail(AppSpec):
    name = "wagtail"
    version = "6.3.2"
    kind = "CMS (pages, news, events, search, forms, admin)"
    requirements = ("wagtail==6.3.2", "Django==5.1.4")

    def tasks(self) -> list[AppTask]:
        return _tasks()

    def seed(self, python: Path, data_dir: Path) -> None:
        project = data_dir / "site"
        project.mkdir()
        start = ["-c", "from wagtail.bin.wagtail import main; main()", "start", "harbor", str(project)]
        run_in(python, start, "wagtail start")
        self._write_project(project)
        manage = [str(project / "manage.py")]
        run_in(python, [*manage, "makemigrations", "home"], "makemigrations", cwd=project)
        run_in(python, [*manage, "migrate", "--no-input"], "migrate", cwd=project)
        (data_dir / "seed.json").write_text(json.dumps(data.seed_spec()))
        (project / "seed.py").write_text(site.SEED)
        run_in(python, ["seed.py", str(data_dir / "seed.json")], "seed the Wagtail site", cwd=project)
        run_in(python, [*manage, "update_index"], "update_index", cwd=project)
        (project / "seed.py").unlink()

    def _write_project(self, project: Path) -> None:
        home = project / "home"
        (home / "models.py").write_text(site.MODELS)
        (home / "context.py").write_text(site.CONTEXT)
        for name, body in site.TEMPLATES.items():
            text = "{% extends 'base.html' %}{% load wagtailcore_tags %}{% block content %}" + body + \
                "{% endblock %}"  # fmt: skip
            (home / "templates" / "home" / name).write_text(text)
        (project / "harbor" / "templates" / "base.html").write_text(site.BASE)
        settings = project / "harbor" / "settings" / "base.py"
        settings.write_text(settings.read_text() + SETTINGS_TAIL)

    def command(self, python: Path, data_dir: Path, port: int) -> list[str]:
        return [str(python), str(data_dir / "site" / "manage.py"), "runserver", f"127.0.0.1:{port}",
                "--noreload"]  # fmt: skip

    def database(self, data_dir: Path) -> Path:
        return data_dir / "site" / "db.sqlite3"
