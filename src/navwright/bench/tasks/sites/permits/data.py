"""Permit types, districts, stored applications and the validation rules of the wizard."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TODAY = "2026-11-23"
PERMIT_TYPES = {
    "annual": ("Resident permit, 12 months", 120),
    "half": ("Resident permit, 6 months", 70),
    "visitor": ("Visitor booklet, 20 day-passes", 35),
}
DISTRICTS = {
    "old-town": ("Old Town", 4800, 4829),
    "harbour": ("Harbour", 4830, 4859),
    "northfield": ("Northfield", 4860, 4899),
}
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
PLATE = re.compile(r"^[A-Z]{2}-\d{3}-[A-Z]{2}$")


@dataclass
class Application:
    number: str
    first_name: str = ""
    last_name: str = ""
    birth_date: str = ""
    """YYYY-MM-DD."""
    email: str = ""
    street: str = ""
    postcode: str = ""
    district: str = ""
    permit_type: str = ""
    plate: str = ""
    reminders: bool = False
    status: str = "Received - we will decide within 10 working days"
    submitted: str = TODAY


@dataclass
class PermitState:
    applications: list[Application]
    next_number: int = 1042
    rejected_submits: int = 0
    drafts: int = 0

    def find(self, number: str) -> Application | None:
        return next((a for a in self.applications if a.number.lower() == number.strip().lower()), None)

    def new_applications(self) -> list[Application]:
        return [a for a in self.applications if a.submitted == TODAY]

    def submit(self, draft: Application) -> Application:
        draft.number = f"LF-PP-2026-{self.next_number:05d}"
        self.next_number += 1
        self.applications.append(draft)
        return draft


def district_of(postcode: str) -> str | None:
    if not re.fullmatch(r"\d{4}", postcode):
        return None
    code = int(postcode)
    return next((key for key, (_, lo, hi) in DISTRICTS.items() if lo <= code <= hi), None)


def age_on_today(birth_date: str) -> int:
    y, m, d = (int(x) for x in birth_date.split("-"))
    ty, tm, td = (int(x) for x in TODAY.split("-"))
    return ty - y - ((tm, td) < (m, d))


def create_state() -> PermitState:
    seeded = [
        Application(
            "LF-PP-2026-00871",
            "Ida",
            "Norberg",
            "1979-05-02",
            "ida.norberg@mailbox.test",
            "Quay Street 3",
            "4817",
            "old-town",
            "annual",
            "LF-209-AB",
            status="Approved - permit valid from 2026-11-02 to 2027-11-01",
            submitted="2026-10-20",
        ),
        Application(
            "LF-PP-2026-00903",
            "Pavel",
            "Hruby",
            "1990-09-14",
            "pavel.hruby@mailbox.test",
            "Dock Road 41",
            "4862",
            "northfield",
            "half",
            "LF-771-PH",
            status="On hold - proof of address missing: upload a recent utility bill or tenancy contract",
            submitted="2026-11-03",
        ),
    ]
    return PermitState(seeded)


@dataclass
class Draft:
    """What a visitor has entered so far, kept in their session."""

    values: dict[str, str] = field(default_factory=dict)
    steps_done: set[str] = field(default_factory=set)
