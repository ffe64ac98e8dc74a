"""The step's history is short lines: each says what the page did in reply and nothing the action's own
words or an earlier line already said (agent/text/results.py). A navigator prompt's history was a third of
its characters: a full URL on every line, a site's banner repeated after every action, "type_text: done,
typed 'X' into 2" after `type_text(element="Email #2", text="X")`."""

from __future__ import annotations

from navwright.agent.history import Did
from navwright.agent.recording import record_move
from navwright.agent.step import StepState
from navwright.agent.text.results import result_line, short_url
from navwright.browser.skills.click import click
from navwright.browser.types import ActionResult, ElementChange, Observation, PageProblem

ORDERS = "http://127.0.0.1:27264/control/event/jazz27/orders/?query=MCPKL&status=&item=&provider="
BANNER = PageProblem(kind="error_text", text="· running in development mode")


def test_a_page_the_action_opened_is_named_by_its_path_and_title_without_empty_query_parameters() -> None:
    result = ActionResult(action="search_site", ok=True, navigated=True, url=ORDERS, title="Orders")
    line = result_line(result, at="http://127.0.0.1:27264/control/")
    assert line == 'now on /control/event/jazz27/orders/?query=MCPKL "Orders"', line
    assert short_url("about:blank") == "about:blank"


def test_a_page_on_another_site_keeps_its_host() -> None:
    assert short_url("https://pay.example/checkout?x=", "http://127.0.0.1:8000/cart") == "https://pay.example/checkout"


def test_a_click_the_page_did_not_answer_says_so_in_a_few_words() -> None:
    assert result_line(ActionResult(action="click", ok=True)) == "done, nothing on the page changed"
    assert result_line(ActionResult(action="scroll", ok=True)) == "done"


def test_a_failed_action_says_why_and_a_changed_field_what_it_holds_now() -> None:
    failed = ActionResult(action="click", ok=False, error="element 7 is not on the page.")
    assert result_line(failed) == "failed: element 7 is not on the page"
    bob = ElementChange(id="2", what="value is now 'bob'")
    typed = ActionResult(action="type_text", ok=True, changed=[bob])
    assert result_line(typed) == "changed: [2] value is now 'bob'"


def test_a_message_the_page_showed_after_an_earlier_action_of_the_step_is_not_said_again() -> None:
    state = StepState()
    obs = Observation(url=ORDERS, title="Orders", mode="all", text="")
    first = ActionResult(action="click", ok=True, navigated=True, url=ORDERS, title="Orders",
                         problems=[BANNER])
    refused = PageProblem(kind="disabled", label="Select action", id="9")
    second = ActionResult(action="click", ok=True, problems=[BANNER, refused])
    for result in (first, second):
        record_move(state, "click", {"element": "9"}, obs, result, False, click, True)
    one, two = (e.said or "" for e in state.done if isinstance(e, Did))
    assert "running in development mode" in one
    assert "running in development mode" not in two and '"Select action" [9] is disabled' in two, two


def test_a_pages_query_is_kept_as_written_so_a_masked_secret_stays_masked() -> None:
    assert short_url("http://127.0.0.1:80/get?q={{PASS}}&x=", "http://127.0.0.1:80/") == "/get?q={{PASS}}"
