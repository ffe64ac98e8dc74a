"""The planner's request of a step, read once into a `StepRequest` (agent/task/request.py): what the
step's rules read of it, and the task it falls back on when the planner gave none."""

from __future__ import annotations

from navwright.agent.task.intent import parse
from navwright.agent.task.request import read


def test_a_step_request_is_read_once_into_what_its_rules_read() -> None:
    request = read('Enter an item that starts with "Les" and press "Go", then open the 2nd result', parse(""))
    assert request.text == request.asked.text
    assert request.starts == "Les" and request.edged == frozenset({"Les"})
    assert request.quoted == ("Les", "Go") and request.place == 2
    assert request.parts == ('Enter an item that starts with "Les"', 'press "Go"', "open the 2nd result")
    assert read("Click on a checkbox.", parse("")).kind == ("checkbox", None, True)
    assert read("Select nb, v8Zs3 and click Submit.", parse("")).ticks


def test_with_no_request_the_step_works_on_the_task_and_its_finish_on_no_request() -> None:
    task = parse("Forward the email from Cora to Bobine")
    request = read("", task)
    assert request.on is task and request.asked.text == ""
    assert (request.author, request.recipient) == ("Cora", "Bobine")
    assert not request.asked.commits and not request.asked.works
