"""Wagtail's seed: the content of the "Northbrook Community Garden" site (pages, news, events, forms with
earlier submissions, an editor account)."""

from __future__ import annotations

from typing import Any

SITE = "Northbrook Community Garden"
EDITOR = "editor"
EDITOR_PASSWORD = "compost-heap-51"
HOURS = ("Monday to Friday: 8:00 to 19:00\nSaturday: 9:30 to 17:00\nSunday: 10:00 to 16:00\n\n"
         "The gate code for plot holders changes on the first of every month.")  # fmt: skip
PAGES = [
    ("Visit us", "visit-us", "We are at 14 Mill Lane, Northbrook, next to the old mill pond.\n\n"
     f"Opening hours\n{HOURS}"),
    ("Plots", "plots", "We have 48 allotment plots. A full plot costs £62 a year, a half plot £34 a year. "
     "The waiting list is currently about 14 months."),
    ("Winter hours", "winter-hours", "From November to February the garden closes at 16:00 every day."),
]  # fmt: skip


def _article(title: str, date: str, author: str, intro: str, body: str) -> dict[str, str]:
    slug = "-".join("".join(c for c in title.lower() if c.isalnum() or c == " ").split())
    return dict(title=title, slug=slug, date=date, author=author, intro=intro, body=body)


ARTICLES = [
    _article("Building a rain garden", "2024-03-12", "Tomasz Wrobel", "How we turned the wet corner into a "
             "rain garden.", "Over two weekends volunteers dug a shallow basin by the shed and planted "
             "irises, sedges and marsh marigolds. It now takes the run-off from the shed roof."),
    _article("Spring planting day recap", "2024-04-22", "Priya Shah", "Forty neighbours came to plant.",
             "We planted 300 onion sets and 120 broad beans. Thanks to everyone who brought tools."),
    _article("New beehives arrive", "2024-05-08", "Helen Brooks", "Two hives are now at the orchard end.",
             "The hives are looked after by the Northbrook Beekeepers. Please keep five metres away."),
    _article("Water butts for every plot", "2024-05-30", "Priya Shah", "A grant paid for 48 water butts.",
             "Each plot now has its own 200 litre water butt. Collect yours from the shed."),
    _article("Summer open day", "2024-07-15", "Marcus Lee", "The open day raised £1,240.",
             "Over 400 visitors came. The cake stall alone raised £310 for the new greenhouse."),
    _article("What we learned this winter", "2024-02-02", "Helen Brooks", "Notes from our winter meeting.",
             "Frost took most of the leeks. Next year we will run a hot composting workshop in March "
             "so that every plot has compost ready in time."),
    _article("Greenhouse fund reaches its goal", "2024-08-19", "Priya Shah", "We can build the greenhouse.",
             "Thanks to the open day and 61 donors, the fund reached £4,800. Building starts in September."),
    _article("Harvest festival photos", "2024-09-23", "Marcus Lee", "Pumpkins, apples and a brass band.",
             "The biggest pumpkin weighed 38 kg and was grown on plot 17 by the Okonkwo family."),
    _article("Slug patrol tips", "2024-06-11", "Tomasz Wrobel", "Beer traps, copper tape and patience.",
             "Go out after rain with a torch. Wool pellets around seedlings helped most on our trial beds."),
    _article("Greenhouse building starts", "2024-09-30", "Helen Brooks", "The frame went up this week.",
             "Volunteers are welcome on Saturday mornings. Bring gloves; tea is provided."),
]  # fmt: skip


def _event(
    title: str, date: str, start: str, location: str, fee: str, places: int, body: str
) -> dict[str, Any]:
    slug = "-".join(title.lower().split())
    return dict(title=title, slug=slug, date=date, start=start, location=location, fee=fee, places=places,
                body=body)  # fmt: skip


EVENTS = [
    _event("Autumn Seed Swap", "2024-10-12", "10:30", "The shed", "3.50", 40, "Bring seeds you saved; take "
           "seeds home. Tea and cake included."),
    _event("Apple Pressing", "2024-10-19", "11:00", "The orchard", "0.00", 25, "Bring your own apples and "
           "bottles. Free for everyone."),
    _event("Hot Composting Workshop", "2024-10-26", "14:00", "Compost bays", "5.00", 15, "Learn to build a "
           "compost heap that reaches 60 degrees."),
    _event("Pruning Fruit Trees", "2024-11-16", "10:00", "The orchard", "8.00", 12, "Winter pruning of "
           "apple and pear trees, with a trained arborist."),
    _event("Wreath Making", "2024-12-07", "13:00", "The greenhouse", "12.00", 20, "Make a wreath from "
           "garden greenery. All materials provided."),
    _event("Bat Walk", "2024-10-04", "19:00", "Mill pond gate", "2.00", 30, "A guided walk with bat "
           "detectors around the mill pond."),
]  # fmt: skip
EVENT_CHOICES = "\r\n".join(e["title"] for e in EVENTS)
FORMS = [
    dict(title="Contact", slug="contact", intro="Questions about plots, events or volunteering? Write to us.",
         thanks="Thank you, we will answer within a week.",
         fields=[("Your name", "singleline", ""), ("Email", "email", ""), ("Message", "multiline", "")],
         submissions=[("2024-09-02T10:15:00", {"your_name": "Ruth Adams", "email": "ruth@example.org",
                                                "message": "Is plot 12 still free?"}),
                      ("2024-09-14T18:40:00", {"your_name": "Owen Price", "email": "owen.p@example.org",
                                                "message": "Can schools visit on weekdays?"})]),
    dict(title="Volunteer", slug="volunteer", intro="Help at one of our events.",
         thanks="Thanks for volunteering! We will email you the details.",
         fields=[("Your name", "singleline", ""), ("Email", "email", ""),
                 ("Event", "dropdown", EVENT_CHOICES),
                 ("Shift", "radio", "Morning\r\nAfternoon")],
         submissions=[("2024-09-20T09:00:00", {"your_name": "Ines Duarte", "email": "ines@example.org",
                                                "event": "Apple Pressing", "shift": "Morning"})]),
]  # fmt: skip
USERS = [(EDITOR, "Sam", "Carter", EDITOR_PASSWORD)]


def seed_spec() -> dict[str, Any]:
    return dict(site=SITE, intro="A community garden with 48 plots, an orchard and a greenhouse on the way.",
                pages=PAGES, articles=ARTICLES, events=EVENTS, forms=FORMS, users=USERS)  # fmt: skip
