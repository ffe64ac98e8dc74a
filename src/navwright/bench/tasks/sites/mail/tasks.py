"""The webmail's tasks: what a person asks, and how the result is judged from the mailbox."""

from __future__ import annotations

import re
from collections.abc import Callable

from navwright.bench.tasks.sites.mail.app import build_app
from navwright.bench.tasks.sites.mail.data import PASSWORD, MailState, Message, create_state
from navwright.bench.tasks.spec import SiteInstance, SiteSpec, TaskSpec, Verdict, answer_has

LOGIN = "Log in to my webmail as anna.berg@postbox.test (my password is in {{MAIL_PASSWORD}}). "
SECRETS = {"MAIL_PASSWORD": PASSWORD}
Check = Callable[[SiteInstance, str], Verdict]


def create() -> SiteInstance:
    state = create_state()
    return SiteInstance(build_app(state), state)


def _state(instance: SiteInstance) -> MailState:
    state = instance.state
    assert isinstance(state, MailState)
    return state


def answer_check(*needles: str) -> Check:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = answer_has(answer, *needles)
        return Verdict(ok, f"answer {'has' if ok else 'lacks'} {', '.join(needles)}")

    return check


def count_check(expected: int, word: str) -> Check:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        ok = bool(re.search(rf"(?<![\d.]){expected}(?![\d.])", answer)) or word in answer.lower()
        return Verdict(ok, f"answer {'gives' if ok else 'does not give'} the count {expected}")

    return check


def unread_from(state: MailState, sender: str) -> int:
    return sum(1 for m in state.folder("inbox") if m.sender == sender and m.unread)


def sent_check(
    to: str, *, subject: str = "", words: tuple[str, ...] = (), reply_to: int | None = None
) -> Check:
    def matches(m: Message) -> bool:
        return (
            m.to.lower() == to
            and subject.lower() in m.subject.lower()
            and all(w.lower() in m.body.lower() for w in words)
            and (reply_to is None or m.in_reply_to == reply_to)
        )

    def check(instance: SiteInstance, answer: str) -> Verdict:
        sent = _state(instance).sent_by_run()
        if any(matches(m) for m in sent):
            return Verdict(True, f"a message to {to} with the required content was sent")
        seen = "; ".join(f"to {m.to}: {m.subject!r} {m.body[:60]!r}" for m in sent) or "nothing sent"
        return Verdict(False, f"no message to {to} with {subject!r} {words}: {seen}")

    return check


def vacation_check(instance: SiteInstance, answer: str) -> Verdict:
    s = _state(instance).settings
    ok = s.vacation_on and "1 december" in s.vacation_message.lower() and "away" in s.vacation_message.lower()
    return Verdict(ok, f"vacation_on={s.vacation_on}, message={s.vacation_message!r}")


def deleted_check(message_id: int) -> Check:
    def check(instance: SiteInstance, answer: str) -> Verdict:
        state = _state(instance)
        target = state.get(message_id)
        others = [m.id for m in state.messages if m.folder == "trash" and m.id != message_id and m.id < 100]
        ok = target is not None and target.folder == "trash" and not others
        where = target.folder if target else "missing"
        return Verdict(ok, f"message {message_id} is in {where}; other messages moved to trash: {others}")

    return check


TASKS = [
    TaskSpec(
        "mail-offsite-time",
        "lookup",
        LOGIN + "What time does the team offsite on Friday start, according to Marta Kowalski's email?",
        answer_check("9:30"),
        secrets=SECRETS,
    ),
    TaskSpec(
        "mail-rail-code",
        "lookup",
        LOGIN + "What is the booking reference in my latest booking confirmation from Nordline Rail?",
        answer_check("NR-58213"),
        secrets=SECRETS,
    ),
    TaskSpec(
        "mail-ben-unread",
        "multi",
        LOGIN + "How many unread messages from Ben Ortiz are in my inbox?",
        count_check(unread_from(create_state(), "Ben Ortiz"), "four"),
        secrets=SECRETS,
    ),
    TaskSpec(
        "mail-bike-quote",
        "multi",
        LOGIN + "A bike workshop sent me a quote for repairing my bike a while ago. What total price did "
        "they quote?",
        answer_check("136.50"),
        secrets=SECRETS,
    ),
    TaskSpec(
        "mail-reply-offsite",
        "action",
        LOGIN + "Reply to Marta Kowalski's email about the team offsite: say that I will be there at 9:30.",
        sent_check("marta.kowalski@fjordworks.test", words=("9:30",), reply_to=1),
        secrets=SECRETS,
    ),
    TaskSpec(
        "mail-compose",
        "action",
        LOGIN + 'Send a new email to lukas.brandt@fjordworks.test with the subject "Slides" saying that '
        "the slides look good.",
        sent_check("lukas.brandt@fjordworks.test", subject="slides", words=("good",)),
        secrets=SECRETS,
    ),
    TaskSpec(
        "mail-vacation",
        "action",
        LOGIN + 'Turn on my vacation auto-reply with the message "I am away until 1 December."',
        vacation_check,
        secrets=SECRETS,
    ),
    TaskSpec(
        "mail-delete-promo",
        "action",
        LOGIN + 'Delete the email "Last chance: author talk" from The Reading Room.',
        deleted_check(14),
        secrets=SECRETS,
    ),
]

SITE = SiteSpec("mail", "webmail", create, TASKS)
