"""A task that changes what the site holds is done only when an action changed it: a finish written
after the page refused the last action is turned back, and a run whose actions only opened, searched or
filtered pages is no success, whatever the model's words. Real Chromium on a fixture page, a scripted
model.

pretix-mark-paid ("mark order MCPKL as paid"): the model typed MCPKL into a filter, chose "Pending" and
clicked a disabled "Select action", then finished with "Order MCPKL has been marked as paid." The
finish stood and the verdict said success; the order stayed pending."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.lookup import record_with
from navwright.agent.policy import target_of
from navwright.agent.run import Agent
from navwright.agent.settings import ConfirmPolicy, RunSettings
from navwright.agent.vetoes import label_changes
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession
from navwright.browser.skills.form import fill_form
from navwright.browser.skills.records import Record, list_records
from navwright.browser.skills.search import list_results
from navwright.browser.types import ElementInfo, Observation
from navwright.models.scripted import ScriptedModel

TASK = "Tom Becker's bank transfer for order MCPKL has arrived: mark that order as paid."
PAID = "Order MCPKL has been marked as paid."
SETTINGS = RunSettings(reader=False, screenshots=False)


def _filter_then_press(prompt: str) -> dict[str, object]:
    """The model's batch: "Pending" chosen in the filter, the disabled "Mark as paid" clicked, and a
    finish written before the page's answer was seen."""
    return actions({"name": "select_option", "element": eid(prompt, "Status"), "option": "Pending"},
                   {"name": "click", "element": eid(prompt, "Mark as paid")}, done(PAID))


def _tick_then_press(prompt: str) -> dict[str, object]:
    return actions({"name": "click", "element": eid(prompt, "Select order MCPKL")},
                   {"name": "click", "element": eid(prompt, "Mark as paid")})


async def _run(script: Script, session: BrowserSession, site: str, events: EventList,
               settings: RunSettings = SETTINGS) -> tuple[str, str, object]:
    request = TaskRequest(task=TASK, url=f"{site}/orders_bulk.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings,
                         RunIO(sink=events)).run()  # fmt: skip
    return result.status, " ".join(c.detail for c in result.checks if not c.ok), \
        await session.page.evaluate("window.paid || null")


async def test_a_finish_after_the_page_refused_the_change_is_turned_back_and_the_run_is_no_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_filter_then_press, actions(done(PAID))], check=[finish(PAID)])
    status, _, paid = await _run(script, session, site, events)
    assert paid is None
    assert status != "success", events.dump()
    said = script.seen("navigator")[1]
    assert 'the page refused the last action ("Mark as paid" is disabled)' in said, said


async def test_with_the_finish_guard_off_the_verdict_still_finds_nothing_changed_what_the_site_holds(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_filter_then_press], check=[finish(PAID)])
    settings = SETTINGS.model_copy(update={"without": ["finish_after_refusal", "finish_form_sent"]})
    status, failed, paid = await _run(script, session, site, events, settings)
    assert paid is None
    assert status == "unverified", events.dump()
    assert "no action of the run changed what the site holds" in failed


async def test_the_order_ticked_and_marked_as_paid_is_a_success_naming_the_control_that_changed_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[_tick_then_press, actions(done(PAID))], check=[finish(PAID)])
    status, _, paid = await _run(script, session, site, events)
    assert paid == ["MCPKL"]
    assert status == "success", events.dump()
    changed = [c for e in events.of("run_finished") for c in e.checks  # type: ignore[attr-defined]
               if c.name == "site_changed"]
    assert changed and changed[0].ok and "Mark as paid" in changed[0].detail, events.dump()


async def test_a_search_that_narrowed_the_list_to_the_record_of_the_task_s_code_opens_that_record(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """After "MCPKL" was searched, the orders list held one row, the order MCPKL; code opened nothing
    (it opened a record only on a list of two or more) and the model worked the list's filters."""
    press = lambda p: actions({"name": "click", "element": eid(p, "Mark as paid")})  # noqa: E731
    script = Script(navigator=[press, actions(done(PAID))], check=[finish(PAID)])
    request = TaskRequest(task=TASK, url=f"{site}/orders_found.html?query=MCPKL")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(screenshots=False), RunIO(sink=events)).run()  # fmt: skip
    assert "URL: " + f"{site}/order_mcpkl.html" in script.seen("navigator")[0], events.dump()
    assert await session.page.evaluate("window.paid || null") is True
    assert result.status == "success", events.dump()



def test_a_list_of_one_record_is_taken_for_the_task_s_code_only_when_a_search_narrowed_it() -> None:
    one = [Record(id="6", text="MCPKL · tom.becker@example.org · €0.00 / €105.00 · Pending")]
    assert record_with(["mcpkl"], one) is None  # one block of a page that is no list could pass for it
    assert record_with(["mcpkl"], one, narrowed=True) is one[0]
    two = [*one, Record(id="7", text="QX7P2 · ana.lima@example.org · €42.00 / €42.00 · Paid")]
    assert record_with(["mcpkl"], two) is two[0]
    assert record_with(["zzzzz"], two, narrowed=True) is None


async def test_the_rows_of_a_table_that_a_bulk_action_s_form_wraps_are_records_and_results(
    session: BrowserSession, site: str
) -> None:
    """pretix wraps its list of orders in the form of its bulk actions: code read no record and no result
    in it ("Results: 0 result links" after "MCPKL" was searched)."""
    await session.page.goto(f"{site}/orders_found.html?query=MCPKL")
    await observe(session.page)  # the page's elements get their ids
    assert (await list_records(session.page)).records == []  # one row: a list only when asked for
    found = await list_records(session.page, one=True)
    assert [r.text.split()[0] for r in found.records] == ["MCPKL"]
    assert found.records[0].id is not None
    results = await list_results(session.page)
    assert [r.name for r in results.results] == ["MCPKL"]


def test_a_form_sent_by_fill_form_is_judged_by_the_submit_button_it_presses() -> None:
    """I Hate Money's bill form: "More options" (a <details>) comes before its "Submit"; the guard took
    "More options" for the button that sends the form, so the bill added changed nothing the site
    holds, and Trac's "Preview" before "Create ticket" the same."""
    elements = [ElementInfo(id="1", role="textbox", name="What?", form="f2"),
                ElementInfo(id="2", role="button", name="More options", form="f2", expanded=False),
                ElementInfo(id="3", role="button", name="Preview", form="f2", input_type="submit"),
                ElementInfo(id="4", role="button", name="Submit", form="f2", input_type="submit")]
    obs = Observation(url="http://127.0.0.1/flat-42/", title="Bills", mode="text", text="", elements=elements)
    target = target_of(fill_form, {"fields": {"What?": "Pizza night"}, "submit": True}, obs, ConfirmPolicy())
    assert target is not None and target.name == "Submit"
    assert label_changes("submit", target, obs)
