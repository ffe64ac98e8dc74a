"""The permit service's tasks: look-ups on the guidance, status checks and full applications."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict

from navwright.bench.tasks.sites.permits.app import build_app
from navwright.bench.tasks.sites.permits.data import PermitState, create_state
from navwright.bench.tasks.spec import SiteInstance, SiteSpec, TaskSpec, Verdict, answer_has

Check = Callable[[SiteInstance, str], Verdict]
APPLY = "On the City of Lindfjord website, "


def create() -> SiteInstance:
    state = create_state()
    return SiteInstance(build_app(state), state)


def number_check(value: int) -> Check:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = bool(re.search(rf"(?<![\d.]){value}(?![\d])", answer))
        return Verdict(ok, f"answer {'gives' if ok else 'does not give'} {value}")

    return check


def any_check(required: str, *alternatives: str) -> Check:
    """`required` is in the answer and so is at least one of `alternatives` (if any are given)."""

    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = answer_has(answer, required) and (
            not alternatives or any(answer_has(answer, a) for a in alternatives)
        )
        return Verdict(ok, f"expected {required!r} and one of {alternatives}; answer: {answer[:120]!r}")

    return check


def application_check(**expected: object) -> Check:
    """Exactly one application was submitted, with these fields, and the answer gives its number."""

    def check(instance: SiteInstance, answer: str) -> Verdict:
        state = instance.state
        assert isinstance(state, PermitState)
        new = state.new_applications()
        if len(new) != 1:
            return Verdict(False, f"{len(new)} applications submitted, expected 1")
        got = asdict(new[0])
        wrong = {k: got[k] for k, v in expected.items() if str(got[k]).lower() != str(v).lower()}
        if wrong:
            return Verdict(False, f"application {new[0].number} has wrong fields: {wrong}")
        if not answer_has(answer, new[0].number):
            return Verdict(
                False, f"application {new[0].number} stored, but the answer does not give its number"
            )
        return Verdict(True, f"application {new[0].number} stored with the right fields and reported")

    return check


def _profile(name: str, born: str, email: str, address: str, car: str) -> str:
    return f"Name: {name}. Date of birth: {born}. Email: {email}. Address: {address}, Lindfjord. {car}"


TASKS = [
    TaskSpec(
        "permits-half-fee",
        "lookup",
        APPLY + "how much does a 6-month resident parking permit cost?",
        number_check(70),
    ),
    TaskSpec(
        "permits-decision-time",
        "lookup",
        APPLY + "within how many working days is a parking permit application decided?",
        number_check(10),
    ),
    TaskSpec(
        "permits-status-approved",
        "multi",
        APPLY + "check the status of my parking permit application LF-PP-2026-00871 (my postcode is 4817). "
        "Is it approved, and until what date is the permit valid?",
        any_check("approved", "2027-11-01", "1 November 2027", "November 1 2027", "01.11.2027"),
    ),
    TaskSpec(
        "permits-status-missing",
        "multi",
        APPLY + "my parking permit application LF-PP-2026-00903 is on hold; my postcode is 4862. "
        "What is missing?",
        any_check("proof of address"),
    ),
    TaskSpec(
        "permits-apply-annual",
        "action",
        APPLY + "apply for a 12-month resident parking permit for my car with my details, and tell me the "
        "application number.",
        application_check(
            first_name="Jonas",
            last_name="Weber",
            birth_date="1988-03-14",
            email="jonas.weber@mailbox.test",
            street="Kestrel Lane 12",
            postcode="4823",
            district="old-town",
            permit_type="annual",
            plate="LF-482-KT",
            reminders=False,
        ),
        profile=_profile(
            "Jonas Weber",
            "14 March 1988",
            "jonas.weber@mailbox.test",
            "Kestrel Lane 12, postcode 4823, district Old Town",
            "Car plate: LF-482-KT.",
        ),
    ),
    TaskSpec(
        "permits-apply-half",
        "action",
        APPLY + "apply for a 6-month resident parking permit for my car, and I want an email reminder before "
        "it expires. Tell me the application number.",
        application_check(
            first_name="Mira",
            last_name="Castell",
            birth_date="1995-07-02",
            email="mira.castell@mailbox.test",
            street="Harbour Walk 7",
            postcode="4841",
            district="harbour",
            permit_type="half",
            plate="LF-903-MC",
            reminders=True,
        ),
        profile=_profile(
            "Mira Castell",
            "2 July 1995",
            "mira.castell@mailbox.test",
            "Harbour Walk 7, postcode 4841, district Harbour",
            "Car plate: LF-903-MC.",
        ),
    ),
    TaskSpec(
        "permits-apply-visitor",
        "action",
        APPLY + "apply for a visitor booklet for my household (I have no car) and tell me the application "
        "number.",
        application_check(
            first_name="Oskar",
            last_name="Lindqvist",
            birth_date="1961-11-30",
            email="oskar.lindqvist@mailbox.test",
            street="Birch Road 88",
            postcode="4875",
            district="northfield",
            permit_type="visitor",
            plate="",
            reminders=False,
        ),
        profile=_profile(
            "Oskar Lindqvist",
            "30 November 1961",
            "oskar.lindqvist@mailbox.test",
            "Birch Road 88, postcode 4875, district Northfield",
            "No car.",
        ),
    ),
    TaskSpec(
        "permits-apply-district",
        "action",
        APPLY + "apply for a 12-month resident parking permit for my car and tell me the application number. "
        "I am not sure which district I live in.",
        application_check(
            first_name="Sara",
            last_name="Nilsen",
            birth_date="2001-01-09",
            email="sara.nilsen@mailbox.test",
            street="Rope Walk 5",
            postcode="4836",
            district="harbour",
            permit_type="annual",
            plate="LF-115-SN",
        ),
        profile=_profile(
            "Sara Nilsen",
            "9 January 2001",
            "sara.nilsen@mailbox.test",
            "Rope Walk 5, postcode 4836",
            "Car plate: LF-115-SN.",
        ),
    ),
]

SITE = SiteSpec("permits", "government form wizard", create, TASKS)
