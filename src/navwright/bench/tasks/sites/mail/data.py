"""The mailbox of Anna Berg: deterministic messages, settings and what the run sends or moves."""

from __future__ import annotations

from dataclasses import dataclass, field

USER_EMAIL = "anna.berg@postbox.test"
PASSWORD = "lilac-harbor-42"
TODAY = "2026-11-23"


@dataclass
class Message:
    id: int
    folder: str
    """inbox, sent, archive or trash."""
    sender: str
    sender_email: str
    to: str
    subject: str
    date: str
    body: str
    unread: bool = False
    in_reply_to: int | None = None

    @property
    def snippet(self) -> str:
        text = self.body.replace("\n", " ")
        return text if len(text) <= 90 else text[:90].rsplit(" ", 1)[0] + "…"


@dataclass
class Settings:
    display_name: str = "Anna Berg"
    signature: str = "Anna"
    vacation_on: bool = False
    vacation_message: str = ""
    per_page: int = 15


@dataclass
class MailState:
    messages: list[Message]
    settings: Settings = field(default_factory=Settings)
    logins: int = 0
    failed_logins: int = 0

    def get(self, message_id: int) -> Message | None:
        return next((m for m in self.messages if m.id == message_id), None)

    def folder(self, name: str, query: str = "") -> list[Message]:
        found = [m for m in self.messages if m.folder == name]
        if query:
            q = query.lower()
            found = [m for m in found if q in f"{m.sender} {m.sender_email} {m.subject} {m.body}".lower()]
        return sorted(found, key=lambda m: (m.date, m.id), reverse=True)

    def sent_by_run(self) -> list[Message]:
        return [m for m in self.messages if m.folder == "sent" and m.id >= 1000]

    def add_sent(self, to: str, subject: str, body: str, in_reply_to: int | None = None) -> Message:
        new_id = max([999, *(m.id for m in self.messages)]) + 1
        msg = Message(
            new_id,
            "sent",
            self.settings.display_name,
            USER_EMAIL,
            to,
            subject,
            TODAY,
            body,
            in_reply_to=in_reply_to,
        )
        self.messages.append(msg)
        return msg


# (sender, email, subject, date, unread, body)
_INBOX: list[tuple[str, str, str, str, bool, str]] = [
    (
        "Marta Kowalski",
        "marta.kowalski@fjordworks.test",
        "Team offsite on Friday",
        "2026-11-23",
        True,
        "Hi Anna,\nThe team offsite on Friday starts at 9:30 in the Harbour Room on the 4th floor. Lunch is "
        "provided. Please reply to let me know if you can make it.\nMarta",
    ),
    (
        "Nordline Rail",
        "tickets@nordline.test",
        "Your booking confirmation",
        "2026-11-22",
        False,
        "Thank you for travelling with Nordline Rail.\nBooking reference: NR-58213\nLindfjord C -> Ostby, "
        "2026-12-04 at 07:42, coach 5, seat 64.\nPlease show this reference on board.",
    ),
    (
        "Ben Ortiz",
        "ben.ortiz@fjordworks.test",
        "Quarterly budget draft",
        "2026-11-22",
        True,
        "Anna, attached is the quarterly budget draft. Travel is 12% over plan; can you check line 14?\nBen",
    ),
    (
        "The Reading Room",
        "news@readingroom.test",
        "Weekly picks: winter reading",
        "2026-11-21",
        False,
        "This week: five novels for long evenings, a poetry night on Thursday and 20% off hardbacks.",
    ),
    (
        "Greenleaf Utilities",
        "billing@greenleaf.test",
        "Your November invoice",
        "2026-11-21",
        False,
        "Your invoice for November is ready. Amount due: EUR 84.17, to be paid by 2026-12-05.",
    ),
    (
        "Sofia Reyes",
        "sofia.reyes@mailbox.test",
        "Saturday climbing?",
        "2026-11-20",
        True,
        "Are you up for climbing on Saturday? The gym opens at 10. I can bring the spare rope.",
    ),
    (
        "Ben Ortiz",
        "ben.ortiz@fjordworks.test",
        "Re: Vendor list",
        "2026-11-20",
        False,
        "I merged both vendor lists; 31 vendors in total now. Three of them need a new contract.",
    ),
    (
        "IT Service Desk",
        "servicedesk@fjordworks.test",
        "Password expiry notice",
        "2026-11-19",
        False,
        "Your work password expires in 14 days. Change it from the staff portal.",
    ),
    (
        "Lukas Brandt",
        "lukas.brandt@fjordworks.test",
        "Slides for Monday",
        "2026-11-19",
        False,
        "Here are the slides for Monday's review. I shortened the roadmap section to four slides.",
    ),
    (
        "Clinic Lund",
        "appointments@cliniclund.test",
        "Appointment reminder",
        "2026-11-18",
        False,
        "Reminder: your dental check-up with Dr. Lund is on 2026-12-02 at 14:15. Reply to reschedule.",
    ),
    (
        "Ben Ortiz",
        "ben.ortiz@fjordworks.test",
        "Lunch Thursday?",
        "2026-11-18",
        True,
        "Lunch on Thursday at the noodle place? 12:30 works for me.",
    ),
    (
        "Parcelway",
        "noreply@parcelway.test",
        "Your parcel is on its way",
        "2026-11-17",
        False,
        "Parcel PW-77310-SE left our depot and arrives on 2026-11-25 between 10:00 and 14:00.",
    ),
    (
        "Hanna Veit",
        "hanna.veit@mailbox.test",
        "Book club date",
        "2026-11-17",
        False,
        "Book club moves to the 3rd of December. We are reading 'The Salt Road'.",
    ),
    (
        "The Reading Room",
        "news@readingroom.test",
        "Last chance: author talk",
        "2026-11-16",
        False,
        "Tickets for Thursday's author talk close tonight.",
    ),
    (
        "Marta Kowalski",
        "marta.kowalski@fjordworks.test",
        "Room booking",
        "2026-11-16",
        False,
        "I booked the Harbour Room for the whole of Friday. Catering count is 14 people.",
    ),
    (
        "Ben Ortiz",
        "ben.ortiz@fjordworks.test",
        "Expense report reminder",
        "2026-11-15",
        True,
        "Friendly reminder to file the October expense report by the 30th.",
    ),
    (
        "City Bikes Repair",
        "workshop@citybikes.test",
        "Quote for your bike repair",
        "2026-11-14",
        True,
        "Hello Anna, for the new chain, rear brake pads and a wheel truing the total price is EUR 136.50. "
        "The repair takes two working days once you drop the bike off.",
    ),
    (
        "Sofia Reyes",
        "sofia.reyes@mailbox.test",
        "Photos from the trip",
        "2026-11-13",
        False,
        "I uploaded the photos from the coast trip; 214 pictures, sorry in advance.",
    ),
    (
        "Lindfjord Library",
        "loans@library.lindfjord.test",
        "Loan due soon",
        "2026-11-12",
        False,
        "'Maps of the North Sea' is due back on 2026-11-26. You can renew it twice online.",
    ),
    (
        "Ben Ortiz",
        "ben.ortiz@fjordworks.test",
        "Project Kite kickoff",
        "2026-11-11",
        False,
        "Kickoff for Project Kite is on the 28th. Agenda to follow.",
    ),
    (
        "Nordline Rail",
        "tickets@nordline.test",
        "Rate your journey",
        "2026-11-10",
        False,
        "How was your journey on 2026-11-08? Tell us in two minutes.",
    ),
    (
        "Hanna Veit",
        "hanna.veit@mailbox.test",
        "Recipe you asked for",
        "2026-11-09",
        False,
        "The lentil soup: 250 g red lentils, one onion, two carrots, cumin, and a litre of stock.",
    ),
    (
        "Lukas Brandt",
        "lukas.brandt@fjordworks.test",
        "Desk move",
        "2026-11-08",
        False,
        "Facilities moves our desks to the 5th floor on the 1st of December.",
    ),
    (
        "Ben Ortiz",
        "ben.ortiz@fjordworks.test",
        "Offsite budget",
        "2026-11-07",
        True,
        "For the offsite we have EUR 1,400 left. Keep the dinner under EUR 600, please.",
    ),
    (
        "Greenleaf Utilities",
        "billing@greenleaf.test",
        "Meter reading due",
        "2026-11-06",
        False,
        "Please submit your meter reading by 2026-11-15.",
    ),
    (
        "The Reading Room",
        "news@readingroom.test",
        "Weekly picks: autumn",
        "2026-11-05",
        False,
        "This week: crime novels set in harbour towns.",
    ),
    (
        "Marta Kowalski",
        "marta.kowalski@fjordworks.test",
        "Welcome lunch for Ida",
        "2026-11-04",
        False,
        "Ida starts on Monday; welcome lunch at 12:00 in the canteen.",
    ),
    (
        "Clinic Lund",
        "appointments@cliniclund.test",
        "New opening hours",
        "2026-11-03",
        False,
        "From December the clinic opens at 07:30 on weekdays.",
    ),
    (
        "Sofia Reyes",
        "sofia.reyes@mailbox.test",
        "Flat viewing",
        "2026-11-02",
        False,
        "The flat viewing is at Tallgatan 14, third floor, on Sunday at 11.",
    ),
    (
        "Parcelway",
        "noreply@parcelway.test",
        "Delivered",
        "2026-11-01",
        False,
        "Parcel PW-70155-SE was delivered to your mailbox.",
    ),
    (
        "Ben Ortiz",
        "ben.ortiz@fjordworks.test",
        "Old thread: Q3 numbers",
        "2026-10-30",
        False,
        "Final Q3 numbers are in the shared folder.",
    ),
    (
        "Lukas Brandt",
        "lukas.brandt@fjordworks.test",
        "Coffee machine",
        "2026-10-29",
        False,
        "The coffee machine on 4 is fixed.",
    ),
]

_OTHER: list[tuple[str, str, str, str, str, str]] = [
    (
        "archive",
        "Sofia Reyes",
        "sofia.reyes@mailbox.test",
        "Moving day help",
        "2026-10-12",
        "Thanks again for helping on moving day! Pizza is on me next time.",
    ),
    (
        "archive",
        "Nordline Rail",
        "tickets@nordline.test",
        "Booking confirmation",
        "2026-10-02",
        "Booking reference: NR-41907. Lindfjord C -> Harrow, 2026-10-08.",
    ),
    (
        "sent",
        "Anna Berg",
        USER_EMAIL,
        "Re: Quarterly budget draft",
        "2026-11-22",
        "Thanks Ben, I will look at line 14 tomorrow.",
    ),
    (
        "trash",
        "Promo Deals",
        "deals@promo.test",
        "You won a cruise!!!",
        "2026-11-15",
        "Click here to claim your cruise.",
    ),
]


def create_state() -> MailState:
    messages = [
        Message(i + 1, "inbox", s, e, USER_EMAIL, subj, d, b, unread=u)
        for i, (s, e, subj, d, u, b) in enumerate(_INBOX)
    ]
    for j, (folder, s, e, subj, d, b) in enumerate(_OTHER):
        to = "ben.ortiz@fjordworks.test" if folder == "sent" else USER_EMAIL
        messages.append(Message(100 + j, folder, s, e, to, subj, d, b))
    return MailState(messages)
