"""A secret the page prints in base64 (a token, an Authorization header) is masked like its other
forms: it reaches no prompt (the planner's check included), event or stored record (issue 36, item 3)."""

from __future__ import annotations

import base64
from pathlib import Path

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.run import Agent
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.console import TeeSink
from navwright.models.scripted import ScriptedModel
from navwright.store import RunStore

SECRET = "p@ss w0rd&x=1 tulip"


def _leaks() -> list[str]:
    raw = SECRET.encode()
    whole = base64.b64encode(raw).decode()
    basic = base64.b64encode(b"ada:" + raw).decode()
    return [whole[:12], whole[-12:].rstrip("="), base64.urlsafe_b64encode(raw).decode()[:12], basic[6:18]]


def _token_lines(prompt: str) -> str:
    return " | ".join(line for line in prompt.splitlines() if "token" in line.lower())[:400]


async def test_a_secret_the_page_shows_in_base64_is_masked_everywhere(
    session: BrowserSession, site: str, tmp_path: Path
) -> None:
    navigator = [
        lambda p: actions({"name": "type_text", "element": eid(p, "Pass phrase"), "text": "{{PASS_PHRASE}}"},
                          {"name": "click", "element": eid(p, "Look up")}),
        lambda p: actions(done(_token_lines(p) or "no token")),
    ]  # fmt: skip
    script = Script(navigator=navigator, check=[lambda p: finish("Token: " + _token_lines(p))])
    store, events = RunStore(tmp_path / "runs.db"), EventList()
    secrets = {"PASS_PHRASE": SECRET}
    request = TaskRequest(task="Make my token", url=f"{site}/getform_b64.html", secrets=secrets)
    io = RunIO(sink=TeeSink(events, store))
    agent = Agent(request, Models.same(ScriptedModel(script)), Tools(session), io=io)
    result = await agent.run()
    page = await session.page.inner_text("#token")
    assert _leaks()[0] in page, "the page really shows the secret in base64"
    texts = {
        "events": events.dump(), "result": result.model_dump_json(),
        "stored": "\n".join(e.model_dump_json() for e in store.events(result.run_id)),
        **{f"prompt {i} ({role})": prompt for i, (role, prompt) in enumerate(script.prompts)},
    }  # fmt: skip
    store.close()
    for where, text in texts.items():
        for leak in _leaks():
            assert leak not in text, f"{leak!r} leaked into {where}:\n{text[-2000:]}"
    read = [role for role, prompt in script.prompts if "Your token: {{PASS_PHRASE}}" in prompt]
    assert read, f"no model read the page's token line: {[role for role, _ in script.prompts]}"
    assert "{{PASS_PHRASE}}" in texts["events"]
