"""Memory in real Chromium with a scripted model: verified work is learned, a served workflow is
replayed with no model, a renamed button hands that step to the navigator and the workflow is repaired."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_support import EventList
from script import Script, actions, done, eid, finish, give_up
from signup_site import SignupSite, signup_site

from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.memory import MemoryStore, RunMemory
from navwright.memory.db import dumps
from navwright.memory.teach import Lesson, Teacher, variables_offered, workflow_of
from navwright.models.scripted import ScriptedModel

SECRETS = {"PASSWORD": "hunter2secret"}
PEOPLE = [("Ada Lovelace", "ada@example.com"), ("Grace Hopper", "grace@example.com"),
          ("Alan Turing", "alan@example.com"), ("Edsger Dijkstra", "edsger@example.com")]


@pytest.fixture
def site() -> Iterator[SignupSite]:
    with signup_site() as s:
        yield s


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    with MemoryStore(tmp_path / "runs.db") as s:
        yield s


def task_for(name: str, email: str) -> str:
    return f"Sign up {name} with {email} to the newsletter, with my password"


def signing_up(name: str, email: str, button: str = "Sign up", check: bool = True) -> Script:
    step = lambda p: actions(  # noqa: E731
        {"name": "type_text", "element": eid(p, "Your name"), "text": name},
        {"name": "type_text", "element": eid(p, "Email"), "text": email},
        {"name": "type_text", "element": eid(p, "Password"), "text": "{{PASSWORD}}"},
        {"name": "click", "element": eid(p, button)},
        done("signed up"),
    )
    return Script(navigator=[step], check=[finish(f"{name} is signed up.") if check else give_up("no")])


async def run(session: BrowserSession, site: SignupSite, store: MemoryStore, person: tuple[str, str],
              script: Script, events: EventList | None = None) -> RunResult:
    task = task_for(*person)
    model = ScriptedModel(script)
    tools = Tools(session, memory=RunMemory(store, task, site.url, SECRETS))
    agent = Agent(TaskRequest(task=task, url=site.url, secrets=SECRETS), Models.same(model), tools,
                  RunSettings(), RunIO(sink=events))
    return await agent.run()


async def test_a_verified_run_is_learned_with_descriptors_effects_and_secrets_as_names(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    result = await run(session, site, store, PEOPLE[0], signing_up(*PEOPLE[0]))
    assert result.status == "success", result.error
    [workflow] = store.workflows()
    assert workflow.task == "Sign up {{$1}} with {{$2}} to the newsletter, with my password"
    assert workflow.values == ["Ada Lovelace", "ada@example.com"]
    assert (workflow.status, workflow.successes) == ("learning", 1)
    [step] = store.steps()
    texts = [a.params.get("text") for a in step.actions]
    assert texts == ["{{$1}}", "{{$2}}", "{{PASSWORD}}", None]
    name_field, _, _, button = (a.target for a in step.actions)
    assert name_field is not None and button is not None
    assert (name_field.role, name_field.name, name_field.form, name_field.index_in_form) == \
        ("textbox", "Your name", "signup", 0)
    assert (button.role, button.name, button.index_in_form) == ("button", "Sign up", 3)
    assert step.actions[-1].effect.navigated and step.actions[-1].effect.path == "/welcome"
    assert "hunter2secret" not in dumps(store.export())
    assert "hunter2secret" not in Path(store.path).read_bytes().decode("utf-8", "replace")


async def test_a_run_the_planner_did_not_accept_is_not_learned(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    result = await run(session, site, store, PEOPLE[0], signing_up(*PEOPLE[0], check=False))
    assert result.status == "failed"
    assert store.workflows() == [] and store.steps() == []


async def test_a_workflow_that_succeeded_twice_replays_with_no_model_call(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    for person in PEOPLE[:2]:
        learned = await run(session, site, store, person, signing_up(*person))
        assert learned.status == "success" and learned.model_calls == 2, "learning runs use the model"
    assert store.workflows()[0].status == "served"
    events = EventList()
    result = await run(session, site, store, PEOPLE[2], Script(), events)
    assert result.status == "success", result.error
    assert result.model_calls == 0
    assert result.answer == "Alan Turing is signed up."
    assert site.signups[-1] == {"name": "Alan Turing", "email": "alan@example.com",
                                "password": "hunter2secret"}
    assert await session.page.inner_text("#out") == "Welcome, Alan Turing! You are subscriber 3."
    assert [e.status for e in events.of("workflow_replayed")] == ["started"]  # type: ignore[attr-defined]
    assert "hunter2secret" not in events.dump()
    [workflow] = store.workflows()
    assert (workflow.successes, workflow.replays) == (3, 1)
    assert store.replays(workflow.id) == [(result.run_id, "replayed", "")]


async def test_a_button_the_request_quotes_is_a_value_so_a_request_naming_another_replays(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    """`Follow the "Chess" topic` pressed the button named Chess: the name the request quotes is one of
    its values, like typed text (before, each run learned its own one-off workflow, never served)."""
    def follow(topic: str) -> Script:
        step = lambda p: actions({"name": "click", "element": eid(p, topic)}, done("followed"))  # noqa: E731
        return Script(navigator=[step], check=[finish(f"You now follow {topic}.")])

    async def run_topic(topic: str, script: Script) -> RunResult:
        task = f'Follow the "{topic}" topic'
        tools = Tools(session, memory=RunMemory(store, task, site.url + "topics", {}))
        agent = Agent(TaskRequest(task=task, url=site.url + "topics"), Models.same(ScriptedModel(script)),
                      tools, RunSettings(), RunIO())
        return await agent.run()

    for topic in ("Chess", "Baking"):
        learned = await run_topic(topic, follow(topic))
        assert learned.status == "success" and learned.model_calls > 0, learned.error
    [workflow] = store.workflows()
    assert (workflow.task, workflow.status) == ('Follow the "{{$1}}" topic', "served")
    result = await run_topic("Astronomy", Script())
    assert result.status == "success" and result.model_calls == 0, result.error
    assert site.followed == ["Chess", "Baking", "Astronomy"]


async def test_a_renamed_button_hands_that_step_to_the_navigator_and_repairs_the_workflow(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    for person in PEOPLE[:2]:
        await run(session, site, store, person, signing_up(*person))
    site.button = "Join now"
    fallback = Script(navigator=[lambda p: actions({"name": "click", "element": eid(p, "Join now")},
                                                   done("signed up"))])
    events = EventList()
    result = await run(session, site, store, PEOPLE[2], fallback, events)
    assert result.status == "success", result.error
    assert site.signups[-1]["name"] == "Alan Turing" and site.signups[-1]["password"] == "hunter2secret"
    assert fallback.seen("navigator") and not fallback.seen("planner") and not fallback.seen("check")
    replayed = events.of("workflow_replayed")
    assert [e.status for e in replayed] == ["started", "mismatch"]  # type: ignore[attr-defined]
    assert 'no button "Sign up"' in replayed[1].detail  # type: ignore[attr-defined]
    [workflow] = store.workflows()
    targets = [a.target.name for a in workflow.steps[0].actions if a.target]
    assert targets == ["Your name", "Email", "Password", "Join now"]
    assert store.replays(workflow.id)[0][1] == "repaired"
    again = await run(session, site, store, PEOPLE[3], Script())
    assert again.status == "success" and again.model_calls == 0, "the repaired workflow replays as it is"
    assert site.signups[-1]["name"] == "Edsger Dijkstra"


async def test_a_workflow_whose_replays_fail_twice_is_demoted(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    for person in PEOPLE[:2]:
        await run(session, site, store, person, signing_up(*person))
    site.button = "Join now"
    for person in PEOPLE[2:]:
        failing = Script(navigator=[actions(done("")), actions({"name": "finish", "status": "failed",
                                                                 "answer": "no button"})],
                         planner=[give_up("the sign-up button is gone")])
        result = await run(session, site, store, person, failing)
        assert result.status == "failed"
    [workflow] = store.workflows()
    assert (workflow.status, workflow.failures) == ("demoted", 2)
    assert store.served(workflow.site, task_for("Bob", "bob@example.com")) is None


async def test_with_nothing_learned_the_prompts_are_the_same_as_without_memory(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    task = task_for(*PEOPLE[0])
    plain, remembering = signing_up(*PEOPLE[0]), signing_up(*PEOPLE[0])
    model = ScriptedModel(plain)
    without = Agent(TaskRequest(task=task, url=site.url, secrets=SECRETS), Models.same(model), Tools(session))
    assert (await without.run()).status == "success"
    site.signups.clear()  # the welcome page says "subscriber 1" again
    assert (await run(session, site, store, PEOPLE[0], remembering)).status == "success"
    assert [p for _, p in remembering.prompts] == [p for _, p in plain.prompts]


async def test_a_similar_verified_step_of_the_site_is_one_compact_example_for_the_navigator(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    await run(session, site, store, PEOPLE[0], signing_up(*PEOPLE[0]))
    other = "Please sign up Grace Hopper for the newsletter, her email is grace@example.com, my password"
    script = signing_up(*PEOPLE[1])
    model = ScriptedModel(script)
    agent = Agent(TaskRequest(task=other, url=site.url, secrets=SECRETS), Models.same(model),
                  Tools(session, memory=RunMemory(store, other, site.url, SECRETS)))
    assert (await agent.run()).status == "success"
    system = script.seen("navigator")[0].split("\n<page>")[0]
    example = system[system.index("A step done before on this site"):]
    assert "Sign up Ada Lovelace with ada@example.com" in example
    assert '{"name":"type_text","element":"Your name","text":"Ada Lovelace"}' in example
    assert '"text":"{{PASSWORD}}"' in example and "hunter2secret" not in example
    assert '{"name":"click","element":"Sign up"}' in example, example


async def test_the_steps_of_a_past_run_like_the_request_are_an_example_for_the_planner(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    await run(session, site, store, PEOPLE[0], signing_up(*PEOPLE[0]))
    script = signing_up(*PEOPLE[1])
    assert (await run(session, site, store, PEOPLE[1], script)).status == "success"
    [check] = script.seen("check")
    shown = f'A request like this one was done before: "{task_for(*PEOPLE[0])}". Its steps were:\n' \
            f'1. web_step on {site.url.rstrip("/")}: "{task_for(*PEOPLE[0])}"'
    assert shown in check and "hunter2secret" not in check
    assert check.index(shown) < check.index("Current page:")


async def test_a_workflow_a_person_taught_replays_with_no_model_and_keeps_the_password_as_a_name(
    session: BrowserSession, site: SignupSite, store: MemoryStore
) -> None:
    teacher = Teacher()
    await teacher.attach(session)
    await session.open(site.url)
    page = session.page
    for field, text in (("#name", "Ada Lovelace"), ("#email", "ada@example.com"), ("#pw", "hunter2secret")):
        await page.click(field)  # a person clicks into each field and types
        await page.keyboard.type(text)
    await page.click("text=Sign up")
    await page.wait_for_url("**/welcome**")
    shown = teacher.shown()
    assert [s.line() for s in shown] == [
        "type_text textbox \"Your name\" = 'Ada Lovelace'", "type_text textbox \"Email\" = 'ada@example.com'",
        'type_text textbox "Password" = (a secret)', 'click button "Sign up"']
    assert not any("hunter2secret" in e.model_dump_json() for e in teacher.events)  # never left the page
    request = task_for(*PEOPLE[0])
    assert variables_offered(request, shown) == ["Ada Lovelace", "ada@example.com"]
    lesson = Lesson(request=request, start_url=site.url, final_url=page.url,
                    variables=["ada@example.com", "Ada Lovelace"], secret_names={shown[2].key: "PASSWORD"})
    workflow = store.save_workflow(workflow_of(lesson, shown))
    store.add_step(workflow.steps[0])
    assert (workflow.status, workflow.taught) == ("served", True)
    assert workflow.task == "Sign up {{$1}} with {{$2}} to the newsletter, with my password"
    assert workflow.steps[0].actions[-1].effect.path == "/welcome"
    assert "hunter2secret" not in dumps(store.export())
    result = await run(session, site, store, PEOPLE[2], Script())  # no model answer at all
    assert result.status == "success", result.error
    assert result.model_calls == 0
    assert site.signups[-1] == {"name": "Alan Turing", "email": "alan@example.com",
                                "password": "hunter2secret"}
