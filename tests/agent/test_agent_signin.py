"""Signing in with the account and the secret the task gives is done by code, in the form that logs in
(not the one beside it that creates a project); nothing is typed that the task does not give."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.login import Login, login_in
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

TASK = ("Log in to the shared budget project flat-42 (its password is in {{BUDGET_CODE}}). "
        "What is Anna's balance?")


async def test_the_task_s_account_and_secret_sign_in_with_no_model_call(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("Anna: -12.50"))])
    request = TaskRequest(task=TASK, url=f"{site}/signin.html", secrets={"BUDGET_CODE": "s3cret-Code"})
    settings = RunSettings(reader=False, screenshots=False)
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings=settings,
                         io=RunIO(sink=events)).run()
    assert session.page.url.endswith("/signin_ok.html"), events.dump()
    typed = [e.params for e in events.of("action_done") if e.action == "type_text"]  # type: ignore[attr-defined]
    assert [p["text"] for p in typed] == ["flat-42", "{{BUDGET_CODE}}"]
    navigator = [prompt for role, prompt in script.prompts if role == "navigator"]
    assert len(navigator) == 1 and "signin_ok.html" in navigator[0]
    assert result.answer == "Anna: -12.50"


def test_the_account_is_the_name_after_as_or_the_one_name_made_to_be_an_account() -> None:
    pretix = ("Log in to the back office at /control/ as office@harbour-arts.test (the password is in "
              "{{SHOP_PASSWORD}}). Find Omar's order.")
    assert login_in(pretix) == Login("office@harbour-arts.test", "{{SHOP_PASSWORD}}")
    assert login_in(TASK) == Login("flat-42", "{{BUDGET_CODE}}")
    assert login_in("Log in to the city site and tell me my permits") is None  # nobody gave a password
    assert login_in('Enter the username "kanesha" and the password {{TASK_PASSWORD}}, press login') is None


BUDGET = "Log in to the shared budget project flat-42 (its password is in {{BUDGET_CODE}}). "


async def _signed_in_clicks(script: Script, task: str, session: BrowserSession, site: str,
                            events: EventList) -> list[str]:
    """One step of `task` from the sign-in page that leads to the budget's home: what each click said."""
    url = f"{site}/signin.html?next=budget_home.html"
    request = TaskRequest(task=task, url=url, secrets={"BUDGET_CODE": "s3cret-Code"})
    settings = RunSettings(screenshots=False, max_steps=1)
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings=settings,
                io=RunIO(sink=events)).run()
    return [e.result for e in events.of("action_done") if e.action == "click"]  # type: ignore[attr-defined]


async def test_after_code_signs_in_the_section_the_task_is_about_is_opened_before_the_model_is_asked(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("The form to add a bill is open."))])
    task = BUDGET + "Add a bill 'Pizza night' of 36.00, paid by Ben."
    clicks = await _signed_in_clicks(script, task, session, site, events)
    assert len(clicks) == 2 and "budget_add.html" in clicks[1], events.dump()  # signing in, then the section
    navigator = [prompt for role, prompt in script.prompts if role == "navigator"]
    assert navigator and "budget_add.html" in navigator[0]


async def test_after_code_signs_in_no_menu_the_words_of_a_question_name_is_opened(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "question", "answer": ""}] * 2,
                    navigator=[actions(done("Groceries and Internet"))])
    clicks = await _signed_in_clicks(script, BUDGET + "What do its statistics show?", session, site, events)
    assert len(clicks) == 1 and "budget_home.html" in clicks[0], events.dump()  # signing in, and no menu


async def test_signing_in_is_no_record_made_though_the_page_after_shows_an_older_one(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("not added"))])
    task = BUDGET + 'Add a new bill "Pizza night" of 30.00 paid by Anna.'
    url = f"{site}/signin.html?next=budget_bills.html"
    request = TaskRequest(task=task, url=url, secrets={"BUDGET_CODE": "s3cret-Code"})
    settings = RunSettings(reader=False, screenshots=False, max_steps=1)
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings=settings,
                io=RunIO(sink=events)).run()
    assert session.page.url.endswith("/budget_bills.html"), events.dump()
    assert len(script.seen("navigator")) == 1, events.dump()  # the bill of February is not the new one
