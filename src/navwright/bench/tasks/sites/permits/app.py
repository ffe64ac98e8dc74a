"""Routes of the permit service: the three-step wizard with server-side checks, review, submit, status."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from navwright.bench.tasks.sites.permits import pages
from navwright.bench.tasks.sites.permits.data import (
    DISTRICTS,
    PERMIT_TYPES,
    PLATE,
    Application,
    PermitState,
    age_on_today,
    district_of,
)
from navwright.bench.tasks.web import App, Reply, Request

STEPS = ["personal", "address", "permit"]
Errors = dict[str, str]


def check_personal(v: dict[str, str]) -> Errors:
    errors: Errors = {}
    for key, label in (("first_name", "first name"), ("last_name", "last name")):
        if not v.get(key):
            errors[key] = f"Enter your {label}"
    try:
        born = datetime.date(
            int(v.get("dob_year", "")), int(v.get("dob_month", "")), int(v.get("dob_day", ""))
        )
        if age_on_today(born.isoformat()) < 18:
            errors["dob_day"] = "You must be 18 or older to apply"
    except ValueError:
        errors["dob_day"] = "Enter a real date of birth"
    if "@" not in v.get("email", "") or "." not in v.get("email", "").split("@")[-1]:
        errors["email"] = "Enter an email address in the correct format, like name@example.com"
    return errors


def check_address(v: dict[str, str]) -> Errors:
    errors: Errors = {}
    if not v.get("street"):
        errors["street"] = "Enter your street and house number"
    postcode, district = v.get("postcode", ""), v.get("district", "")
    actual = district_of(postcode)
    if not postcode.isdigit() or len(postcode) != 4:
        errors["postcode"] = "Enter a postcode with 4 digits, like 4821"
    elif actual is None:
        errors["postcode"] = f"Postcode {postcode} is outside Lindfjord: you cannot apply for a permit"
    if district not in DISTRICTS:
        errors["district"] = "Choose your district"
    elif actual and actual != district:
        errors["district"] = f"Postcode {postcode} is in {DISTRICTS[actual][0]}, not {DISTRICTS[district][0]}"
    return errors


def check_permit(v: dict[str, str]) -> Errors:
    errors: Errors = {}
    kind = v.get("permit_type", "")
    if kind not in PERMIT_TYPES:
        errors["permit_type"] = "Choose which permit you need"
    if kind != "visitor" and not PLATE.match(v.get("plate", "")):
        errors["plate"] = "Enter the vehicle registration plate, like LF-123-AB"
    if v.get("consent") != "1":
        errors["consent"] = "You must confirm the declaration"
    return errors


CHECKS: dict[str, Callable[[dict[str, str]], Errors]] = {
    "personal": check_personal,
    "address": check_address,
    "permit": check_permit,
}
FIELDS = {
    "personal": ["first_name", "last_name", "dob_day", "dob_month", "dob_year", "email"],
    "address": ["street", "postcode", "district"],
    "permit": ["permit_type", "plate", "consent", "reminders"],
}
PAGES: dict[str, Callable[[dict[str, str], Errors], str]] = {
    "personal": pages.personal,
    "address": pages.address,
    "permit": pages.permit,
}


def draft_of(session: dict[str, Any]) -> dict[str, str]:
    draft = session.setdefault("draft", {})
    assert isinstance(draft, dict)
    return draft


def to_application(v: dict[str, str]) -> Application:
    born = datetime.date(int(v["dob_year"]), int(v["dob_month"]), int(v["dob_day"]))
    return Application(
        "",
        v["first_name"],
        v["last_name"],
        born.isoformat(),
        v["email"],
        v["street"],
        v["postcode"],
        v["district"],
        v["permit_type"],
        v.get("plate", ""),
        v.get("reminders") == "1",
    )


def build_app(state: PermitState) -> App:
    app = App("permits")

    def missing_step(session: dict[str, Any]) -> str | None:
        draft = draft_of(session)
        return next((s for s in STEPS if CHECKS[s](draft)), None)

    @app.get("/")
    def start(req: Request) -> Reply:
        return Reply(body=pages.start())

    def step_get(step: str) -> Callable[[Request], Reply]:
        def handler(req: Request) -> Reply:
            return Reply(body=PAGES[step](draft_of(req.session), {}))

        return handler

    def step_post(step: str) -> Callable[[Request], Reply]:
        def handler(req: Request) -> Reply:
            values = {k: req.form.get(k, "").strip() for k in FIELDS[step]}
            if "plate" in values:
                values["plate"] = values["plate"].upper().replace(" ", "-")
            draft = draft_of(req.session)
            draft.update(values)
            errors = CHECKS[step](draft)
            if errors:
                with app.lock:
                    state.rejected_submits += 1
                return Reply(200, PAGES[step](draft, errors))
            later = STEPS[STEPS.index(step) + 1 :]
            return Reply.redirect(f"/apply/{later[0]}" if later else "/apply/review")

        return handler

    for step in STEPS:
        app.get(f"/apply/{step}")(step_get(step))
        app.post(f"/apply/{step}")(step_post(step))

    @app.get("/apply/review")
    def review(req: Request) -> Reply:
        missing = missing_step(req.session)
        if missing:
            return Reply.redirect(f"/apply/{missing}")
        return Reply(body=pages.review(to_application(draft_of(req.session))))

    @app.post("/apply/submit")
    def submit(req: Request) -> Reply:
        missing = missing_step(req.session)
        if missing:
            return Reply.redirect(f"/apply/{missing}")
        with app.lock:
            stored = state.submit(to_application(draft_of(req.session)))
        req.session["draft"] = {}
        return Reply.redirect(f"/apply/done/{stored.number}")

    @app.get("/apply/done/{number}")
    def done(req: Request) -> Reply:
        found = state.find(req.params["number"])
        if found is None:
            return Reply(404, pages.page("Not found", "<h1>Application not found</h1>"))
        return Reply(body=pages.done(found))

    @app.get("/status")
    def status_form(req: Request) -> Reply:
        return Reply(body=pages.status({}, {}))

    @app.post("/status")
    def status(req: Request) -> Reply:
        v = {k: req.form.get(k, "").strip() for k in ("number", "postcode")}
        found = state.find(v["number"])
        if found is None or found.postcode != v["postcode"]:
            error = {"number": "We could not find an application with this number and postcode"}
            return Reply(200, pages.status(v, error))
        return Reply(body=pages.status(v, {}, found))

    return app
