"""A planner request written as the navigator's action calls is the person's task again."""

from __future__ import annotations

from navwright.agent.decisions import Finish, WebStep
from navwright.agent.planner import in_words

TASK = "Send a new email to lukas@example.com with the subject Slides."


def test_a_request_copied_from_a_failed_steps_action_summary_becomes_the_task_again() -> None:
    # a 1.5B planner wrote the failed step's summary as its next request; the navigator redid it
    copied = WebStep(kind="web_step", thought="retry", request='type_text(element="Email address #1", '
                     'text="anna@example.com"); click(element="Forgot your password? #5")')
    assert in_words(copied, TASK).request == TASK  # type: ignore[union-attr]
    plain = WebStep(kind="web_step", thought="go on", request="Open the compose page and write the email")
    assert in_words(plain, TASK) is plain
    assert isinstance(in_words(Finish(kind="finish", thought="done", answer="Sent."), TASK), Finish)
