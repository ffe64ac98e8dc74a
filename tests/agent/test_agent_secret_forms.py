"""A secret sent through a GET form comes back URL-encoded, HTML-escaped and JSON-escaped; every form
is masked in the prompts, the events, the store and `runs show`. Short secrets never break a run."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from agent_support import EventList
from pydantic import BaseModel
from rich.console import Console
from script import Script, actions, done, eid, finish

from navwright.agent.decisions import PlannerReply
from navwright.agent.modelcall import Caller
from navwright.agent.run import Agent
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.console import ConsolePrinter, TeeSink
from navwright.masking import Masker
from navwright.models.base import Message
from navwright.models.scripted import ScriptedModel
from navwright.store import RunStore

SECRET = "p@ss w0rd&x=1"
LEAKS = ("p@ss", "p%40ss", "w0rd%26", "w0rd&amp;", "p&#64;ss", "w0rd")


def _navigator(answer: str = "") -> list[object]:
    return [
        lambda p: actions(
            {"name": "type_text", "element": eid(p, "Pass phrase"), "text": "{{PASS_PHRASE}}"},
            {"name": "click", "element": eid(p, "Look up")},
        ),
        lambda p: actions(done(answer or _lines(p, "asked for", "again", "q"))),
    ]


def _lines(prompt: str, *marks: str) -> str:
    """The prompt's lines that show what the page echoed (as a model would quote them)."""
    return " | ".join(line for line in prompt.splitlines() if any(m in line for m in marks))[:280]


async def _run(session: BrowserSession, url: str, secrets: dict[str, str], script: Script,
               tmp_path: Path, status: str = "success") -> tuple[str, str, RunStore]:
    out = io.StringIO()
    store = RunStore(tmp_path / "runs.db")  # no mask of its own: events leave the run masked
    sink = TeeSink(ConsolePrinter(Console(file=out, width=120)), store)
    model = ScriptedModel(script)
    agent = Agent(
        TaskRequest(task="Look up my account", url=url, secrets=secrets), Models.same(model), Tools(session),
        io=RunIO(sink=sink),
    )  # fmt: skip
    result = await agent.run()
    assert result.status == status, result
    return result.run_id, out.getvalue(), store


async def test_a_secret_sent_by_a_get_form_is_masked_in_every_encoding(
    session: BrowserSession, site: str, tmp_path: Path
) -> None:
    quoted = [lambda p: finish("Found it: " + _lines(p, "asked for", "again"))]
    script = Script(navigator=_navigator(), check=quoted)
    secrets = {"PASS_PHRASE": SECRET}
    run_id, printed, store = await _run(session, f"{site}/getform.html", secrets, script, tmp_path)
    assert "p%40ss+w0rd%26x%3D1" in session.page.url, "the page really got the encoded secret"
    shown = store.render_run(run_id)
    stored = "\n".join(e.model_dump_json() for e in store.events(run_id))
    store.close()
    pages = {f"page text in prompt {i}": p.split("Page text:")[-1] for i, (_, p) in enumerate(script.prompts)}
    texts = {"printed": printed, "runs show": shown, "stored": stored, **pages}
    for where, text in texts.items():
        for leak in LEAKS:
            assert leak not in text, f"{leak!r} leaked into {where}:\n{text[-2000:]}"
    assert "{{PASS_PHRASE}}" in shown


async def test_the_page_url_in_the_planner_prompt_is_masked(
    session: BrowserSession, site: str, tmp_path: Path
) -> None:
    script = Script(navigator=_navigator(), check=[lambda p: finish("Found it.")])
    _, _, store = await _run(session, f"{site}/getform.html", {"PASS_PHRASE": SECRET}, script, tmp_path)
    store.close()
    for _, prompt in script.prompts:
        assert not any(leak in prompt for leak in LEAKS), prompt


async def test_a_caller_with_a_mask_masks_every_message() -> None:
    seen: list[str] = []

    def answer(messages: list[Message], schema: type[BaseModel] | None) -> dict[str, Any]:
        seen.extend(m.content for m in messages)
        return finish("ok")

    mask = Masker({"PASS_PHRASE": SECRET}).text
    caller = Caller(ScriptedModel(answer), "planner", "r", lambda e: None, mask=mask)
    asked = [Message(role="user", content="at /?q=p%40ss+w0rd%26x%3D1")]
    await caller.ask(asked, PlannerReply, max_tokens=50)
    assert seen == ["at /?q={{PASS_PHRASE}}"]


async def test_short_secrets_never_break_the_events_the_print_or_the_store(
    session: BrowserSession, site: str, tmp_path: Path
) -> None:
    secrets = {"PASS_PHRASE": "e", "PIN": "4", "Q": '"'}
    script = Script(navigator=_navigator("the page answered 4 e"), check=[finish("The account is 4 e.")])
    # an answer made of secrets alone quotes no line a page showed: it is not confirmed
    run_id, printed, store = await _run(session, f"{site}/getform.html", secrets, script, tmp_path,
                                        "unverified")
    runs = store.list_runs(5)
    shown = store.render_run(run_id)
    store.close()
    assert [r.id for r in runs] == [run_id] and runs[0].status == "unverified"
    assert "The account is {{PIN}} {{PASS_PHRASE}}." in printed
    assert "The account is {{PIN}} {{PASS_PHRASE}}." in shown
    assert "Look up my account" in shown


async def test_a_secret_the_run_types_reaches_no_prompt_event_store_or_result_on_its_own(
    session: BrowserSession, site: str, tmp_path: Path
) -> None:
    """The run's own boundaries mask it: the store here has no mask of its own (as the MCP server's)."""
    quoted = [lambda p: finish("Found it: " + _lines(p, "asked for", "again"))]
    script = Script(navigator=_navigator(), check=quoted)
    store, events = RunStore(tmp_path / "runs.db"), EventList()
    secrets = {"PASS_PHRASE": SECRET}
    request = TaskRequest(task="Look up my account", url=f"{site}/getform.html", secrets=secrets)
    io = RunIO(sink=TeeSink(events, store))
    agent = Agent(request, Models.same(ScriptedModel(script)), Tools(session), io=io)
    result = await agent.run()
    assert result.status == "success", result
    assert "p%40ss+w0rd%26x%3D1" in session.page.url, "the page really got the encoded secret"
    texts = {
        "events": events.dump(),
        "stored": "\n".join(e.model_dump_json() for e in store.events(result.run_id)),
        "runs show": store.render_run(result.run_id), "result": result.model_dump_json(),
        **{f"prompt {i} ({role})": prompt for i, (role, prompt) in enumerate(script.prompts)},
    }  # fmt: skip
    store.close()
    for where, text in texts.items():
        for leak in LEAKS:
            assert leak not in text, f"{leak!r} leaked into {where}:\n{text[-2000:]}"
    assert "{{PASS_PHRASE}}" in texts["events"] and any(e.type == "action_done" for e in events.events)
