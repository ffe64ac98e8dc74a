"""The navigator's message keeps what it wrote before as its prefix, so that the model's cache holds it
(agent/text/messages.py)."""

from __future__ import annotations

from navwright.agent.history import Did
from navwright.agent.text.looks import Look
from navwright.agent.text.messages import navigator_message

TASK = "Sign up for the newsletter as Ada Lovelace."


def test_the_persons_details_coming_with_a_form_leave_the_steps_above_them_as_they_were() -> None:
    """The person's details are given only on a page with a form to fill: written above the steps, they
    came and went between calls and the model evaluated every step again."""
    look = Look(0, "http://127.0.0.1/", frozenset(), '[1] link "Newsletter"', "", {})
    one = [Did(what='click(element="Newsletter #1")', said="click: done, the page navigated")]
    two = [*one, Did(what='click(element="Sign up #2")', said="click: done")]
    before = navigator_message(TASK, TASK, [], [], one, look)
    after = navigator_message(TASK, TASK, [], [], two, look, person="Name: Ada Lovelace.")
    steps = before[:before.index("\nPage now:")]
    assert after.startswith(steps), after
    assert after.index("About the person: Name: Ada Lovelace.") > after.index("2. click")
    assert after.index("About the person") < after.index("Page now:")
