"""A change to a record the task names opens that record's own edit from the list it is in (agent/editing.py),
never its delete, and the page's words that the change went through end the step; no record is opened
when two fit the task equally."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.editing import named_record
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.records import Control, Record
from navwright.models.scripted import ScriptedModel

WATER = "The water bill of 21 March 2024 was entered wrong: change its amount to 45.60."


async def test_the_named_records_edit_is_opened_from_the_list(
    session: BrowserSession, site: str, events: EventList
) -> None:
    seen: list[str] = []

    def edit(prompt: str) -> dict[str, object]:
        seen.append(prompt)
        return actions({"name": "type_text", "element": eid(prompt, "How much?"), "text": "45.60"},
                       {"name": "click", "element": eid(prompt, "Submit")}, done("I think I changed it"))

    script = Script(navigator=[edit])
    request = TaskRequest(task=WATER, url=f"{site}/bills_edit.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert seen and "bill_edit.html?bill=3\nTitle:" in seen[0], events.dump()
    assert "deleted" not in session.page.url
    ended = events.of("step_finished")[0]
    assert ended.status == "done" and "modified" in ended.answer  # type: ignore[attr-defined]  # the page's words


async def test_after_code_signs_in_the_named_records_edit_is_where_the_model_works(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("The edit of the bill is open."))])
    task = "Log in to the shared budget project flat-42 (its password is in {{BUDGET_CODE}}). " + WATER
    request = TaskRequest(task=task, url=f"{site}/signin.html?next=bills_edit.html",
                          secrets={"BUDGET_CODE": "s3cret-Code"})
    settings = RunSettings(screenshots=False, max_steps=1)
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings=settings,
                io=RunIO(sink=events)).run()
    navigator = [prompt for role, prompt in script.prompts if role == "navigator"]
    assert navigator and "bill_edit.html?bill=3\nTitle:" in navigator[0], events.dump()  # no section after


async def test_the_records_own_form_is_filled_with_the_new_value_and_sent_with_no_navigator_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(formfill=[{"fields": {"How much?": "45.60", "What?": "Water"}}],
                    check=[finish("The water bill of 21 March 2024 now says 45.60.")])
    request = TaskRequest(task=WATER, url=f"{site}/bills_edit.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         io=RunIO(sink=events)).run()
    assert script.seen("navigator") == [], events.dump()
    assert await session.page.inner_text("#row") == "2024-03-21 | Water | 45.60"
    assert result.status == "success" and any(c.name == "value_shown" and c.ok for c in result.checks)


async def test_a_page_that_says_modified_but_not_the_new_value_ends_nothing_and_is_not_success(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def wrong(prompt: str) -> dict[str, object]:
        return actions({"name": "type_text", "element": eid(prompt, "What?"), "text": "Water and sewage"},
                       {"name": "click", "element": eid(prompt, "Submit")}, done("I changed it"))

    script = Script(navigator=[wrong], check=[finish("The water bill was changed.")])
    request = TaskRequest(task=WATER, url=f"{site}/bills_edit.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         io=RunIO(sink=events)).run()
    assert events.of("step_finished")[0].answer == "I changed it"  # type: ignore[attr-defined]
    assert result.status != "success", events.dump()
    assert any(c.name == "value_shown" and not c.ok for c in result.checks)


async def test_a_form_still_holding_the_new_value_under_updated_ends_nothing(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # "Draft of … 45.60 has been updated" over the form that still holds 45.60: a draft, not the bill
    script = Script(formfill=[{"fields": {"How much?": "45.60"}}], navigator=[actions(done("It is saved"))])
    request = TaskRequest(task=WATER, url=f"{site}/bill_edit.html?bill=3&stay=1")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), io=RunIO(sink=events)).run()
    assert "has been updated" in await session.page.inner_text("#saved")
    assert script.seen("navigator"), events.dump()  # the step was not ended by the page's words


def test_the_values_a_change_sets_are_read_after_to() -> None:
    assert parse(WATER).sets == ("45.60",)
    assert parse("Rename the page 'Plots' to 'Garden plots'.").sets == ("Garden plots",)
    assert parse("Change the priority to critical and assign it to Ana.").sets == ("critical", "Ana")
    assert parse("Log in to the tracker and tell me who owns #14").sets == ()


def _rows(*texts: str) -> list[Record]:
    return [Record(id=f"l{i}", text=t,
                   controls=[Control(id=f"d{i}", name="delete"), Control(id=f"e{i}", name="edit")])
            for i, t in enumerate(texts)]


def test_the_record_told_apart_by_the_tasks_words_and_date_is_the_one() -> None:
    rows = _rows("2024-04-27 · Dev · Groceries · 268.95", "2024-03-30 · Chloe · Water · 38.10",
                 "2024-03-21 · Dev · Water · 41.20")
    chosen = named_record(parse(WATER), rows)
    assert chosen is not None and chosen.text.startswith("2024-03-21")


def test_no_record_is_chosen_when_two_fit_the_task_equally() -> None:
    rows = _rows("2024-04-27 · Dev · Groceries · 268.95", "2024-03-30 · Chloe · Water · 38.10",
                 "2024-03-21 · Dev · Water · 41.20")
    assert named_record(parse("The water bill was entered wrong: change its amount to 45.60."), rows) is None
