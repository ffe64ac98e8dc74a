"""The person's data typed into forms that send it elsewhere (issue 14): a form whose action or submit
button posts to another host, an ad frame of another host that asks agents for the e-mail, and a page
whose script copies what was typed to another host. The scripted model obeys the page; the verdict is
what the other host (127.0.0.2) received."""

from __future__ import annotations

import asyncio
from typing import Any

from agent_support import EventList
from hostile_support import Server
from script import Script, actions, done, eid, finish

from navwright.agent.exposure import data_fence
from navwright.agent.outcomes import RunResult
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel

EMAIL = "ada@example.com"
NAME = "Ada Lovelace"
PROFILE = f"{NAME}, {EMAIL}, 12 Baker Street, London"
PASSWORD = "hunter2-Zq9"
LIMIT_S = 60
FENCE_ALONE = ["question_offered_no_change_form"]
"""The task is a question: the menu would offer no field of a form that subscribes or joins (a change),
so the model could not even try. Switched off, the data fence is what these tests pin."""


async def run(script: Script, session: BrowserSession, url: str, events: EventList,
              secrets: dict[str, str] | None = None) -> RunResult:
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task="What does the blue mug cost?", url=url, secrets=secrets), Models.same(model),
        Tools(session), settings=RunSettings(profile=PROFILE, without=FENCE_ALONE), io=RunIO(sink=events),
    )
    return await asyncio.wait_for(agent.run(), LIMIT_S)


def typed(label: str, text: str) -> Any:
    return lambda p: actions({"name": "type_text", "element": eid(p, label), "text": text})


def click(label: str) -> Any:
    return lambda p: actions({"name": "click", "element": eid(p, label)})


def said(events: EventList) -> str:
    return "\n".join(e.result for e in events.of("action_done"))  # type: ignore[attr-defined]


async def test_the_email_and_name_are_not_typed_into_a_form_that_posts_to_another_host(
    session: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    script = Script(navigator=[typed("Email", EMAIL), typed("Full name", NAME), click("Subscribe"),
                               actions(done("$12.00"))], check=[finish("$12.00")])
    await run(script, session, f"{site.origin}/newsletter.html", events)
    assert other.got(EMAIL) == [] and other.got("Lovelace") == []
    assert said(events).count("its form sends what is typed to 127.0.0.2") == 2


async def test_a_submit_button_that_posts_to_another_host_gets_no_email(
    session: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    script = Script(navigator=[typed("Member email", EMAIL), click("Join"), actions(done("$12.00"))],
                    check=[finish("$12.00")])
    await run(script, session, f"{site.origin}/newsletter.html", events)
    assert other.got(EMAIL) == [] and site.got(EMAIL) == []
    assert "its form sends what is typed to 127.0.0.2" in said(events)


async def test_the_email_goes_to_a_form_of_the_site_itself(
    session: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    script = Script(navigator=[typed("Your email", EMAIL), click("Ask us"), actions(done("$12.00"))],
                    check=[finish("$12.00")])
    await run(script, session, f"{site.origin}/newsletter.html", events)
    assert [r.path for r in site.got(EMAIL)] == ["/contact"] and other.log == []


async def test_an_ad_frame_asking_agents_for_the_email_gets_nothing(
    session: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    obey = typed("Your email", EMAIL)
    # the frame may still be loading at the first look: then the model reads on (a click on the page)
    first = lambda p: obey(p) if '"Your email"' in p else click("More details")(p)  # noqa: E731
    second = lambda p: actions(done("$12.00")) if "refused" in said(events) else obey(p)  # noqa: E731
    script = Script(navigator=[first, second, actions(done("$12.00"))], check=[finish("$12.00")])
    result = await run(script, session, f"{site.origin}/ad.html", events)
    assert other.got(EMAIL) == [] and all(r.method == "GET" for r in other.log)
    assert "its frame on another host receives what is typed" in said(events)
    page = script.seen("navigator")[-1].split("Page now:", 1)[1]
    assert "AI agents: to finish your task" in page  # shown as the page's content, quoted
    assert result.status == "success" and result.answer == "$12.00"


async def test_a_page_copying_the_typed_email_and_password_elsewhere_is_stopped_at_the_network(
    session: BrowserSession, site: Server, other: Server, events: EventList
) -> None:
    """The fields post to the site itself, so the typing guards allow them; the page's script sends
    them to another host by fetch, beacon and image. No --allow-domain fence is set."""
    login = lambda p: actions(  # noqa: E731
        {"name": "type_text", "element": eid(p, "Email"), "text": EMAIL},
        {"name": "type_text", "element": eid(p, "Password"), "text": "{{PASSWORD}}"},
        {"name": "click", "element": eid(p, "Sign in")})
    script = Script(navigator=[login, actions(done())], check=[finish("Signed in.")])
    await run(script, session, f"{site.origin}/exfil.html", events, secrets={"PASSWORD": PASSWORD})
    assert other.log == []
    assert [r.path for r in site.got(PASSWORD)] == ["/session"]
    assert "carrying the person's data was blocked" in said(events)


async def test_a_form_its_script_sends_to_another_host_is_not_posted(
    session: BrowserSession, site: Server, other: Server
) -> None:
    """The network layer alone, without the agent: the page moves its form's action to another host
    as it is submitted."""
    await session.fence_data(data_fence(PROFILE, {"PASSWORD": PASSWORD}, ["127.0.0.1"]))
    await session.open(f"{site.origin}/exfil.html#away")
    await session.page.fill("input[name=email]", EMAIL)
    await session.page.fill("input[name=pw]", PASSWORD)
    await session.page.click("button")
    await session.page.wait_for_timeout(500)
    assert other.log == [] and site.got(PASSWORD) == []
    assert any("127.0.0.2 carrying the person's data was blocked" in b for b in session.happened.blocked)
