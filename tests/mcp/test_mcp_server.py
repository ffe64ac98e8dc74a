"""`navwright mcp` with the official MCP client: over stdio a task run (and its question), over
streamable HTTP the page tools driving a fixture site."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from chat_script_server import ScriptServer
from login_site import LOGGED_IN, LoginSite, login_answers, login_script
from mcp.client.stdio import StdioServerParameters
from mcp_process import mcp_args, start_http
from script import Script, ask, eid, finish, web_step

from mcp import Client
from navwright.mcp.tool import UNTRUSTED

TASK_TOOLS = {"run_task", "run_status", "answer_question"}
PAGE_TOOLS = {"navigate", "observe", "click", "type_text", "select_option", "press_key", "read_text", "tabs",
              "screenshot"}  # fmt: skip


def text_of(result: Any) -> str:
    assert not result.is_error, result.content
    return "\n".join(getattr(c, "text", "") for c in result.content)


def stdio(model: str, env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=mcp_args("--model", model), env=env)


async def test_run_task_over_stdio_answers_with_status_evidence_and_run_id(
    login_site: LoginSite, server_env: dict[str, str]
) -> None:
    with ScriptServer(login_script()) as model:
        async with Client(stdio(model.spec, server_env)) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == TASK_TOOLS | PAGE_TOOLS
            task = "Log in as ada, password lovelace-1815, and say who is signed in"
            result = await client.call_tool("run_task", {"task": task,
                                                         "url": f"{login_site.url}/login"})  # fmt: skip
            reply = result.structured_content
            assert reply["status"] == "success", reply
            assert reply["answer"] == "Signed in as Ada Lovelace"
            quote = "Signed in as Ada Lovelace. Your balance is 42 coins."
            assert reply["evidence"] == [f'{login_site.url}/account: "{quote}"']
            again = await client.call_tool("run_status", {"run_id": reply["run_id"]})
            assert again.structured_content == reply
            stored = await client.call_tool("run_status", {"run_id": reply["stored_as"]})
            assert stored.structured_content == reply, "the store's run id finds the run too"


async def test_a_run_that_asks_waits_for_answer_question(
    login_site: LoginSite, server_env: dict[str, str]
) -> None:
    script = Script(
        planner=[ask("Which user should I log in as?"), web_step("Log in as ada", f"{login_site.url}/login")],
        navigator=login_answers(),
        check=[finish(LOGGED_IN)],
    )
    with ScriptServer(script) as model:
        async with Client(stdio(model.spec, server_env)) as client:
            asked = await client.call_tool("run_task", {"task": "Log in to the account site"})
            first = asked.structured_content
            assert first["status"] == "waiting_for_user", first
            assert first["question"] == "Which user should I log in as?"
            reply = {"run_id": first["run_id"], "answer": "ada, password lovelace-1815"}
            final = await client.call_tool("answer_question", reply)
            assert final.structured_content["status"] == "success", final.structured_content
    assert "ada" in script.seen("planner")[-1], "the planner read the person's answer"


async def test_page_tools_over_streamable_http_drive_a_page_with_change_reports(
    login_site: LoginSite, server_env: dict[str, str]
) -> None:
    proc, url = start_http(server_env)
    try:
        async with Client(url) as client:
            opened = text_of(await client.call_tool("navigate", {"url": f"{login_site.url}/account"}))
            assert UNTRUSTED in opened and "<page>" in opened
            account = text_of(await client.call_tool("observe", {"mode": "all"}))
            assert "You are not signed in" in account
            to_login = {"element": eid(account, "Log in"), "label": "Log in"}
            link = text_of(await client.call_tool("click", to_login))
            assert f"The page navigated to {login_site.url}/login" in link, link
            page = text_of(await client.call_tool("observe", {"mode": "fields"}))
            assert UNTRUSTED in page and 'textbox "Username"' in page
            user, pw, keep = eid(page, "Username"), eid(page, "Password"), eid(page, "Stay signed in")
            typing = {"element": user, "label": "Username", "text": "ada"}
            typed = text_of(await client.call_tool("type_text", typing))
            assert "value is now 'ada'" in typed
            wrong = await client.call_tool("click", {"element": pw, "label": "Log in"})
            assert wrong.is_error and "not 'Log in'" in text_of_error(wrong)
            chosen = {"element": keep, "label": "Stay signed in", "option": "1 week"}
            assert "1 week" in text_of(await client.call_tool("select_option", chosen))
            await client.call_tool("type_text", {"element": pw, "label": "Password", "text": "lovelace-1815"})
            pressed = {"key": "Enter", "element": pw, "label": "Password"}
            sent = text_of(await client.call_tool("press_key", pressed))
            assert f"The page navigated to {login_site.url}/account" in sent, sent
            read = text_of(await client.call_tool("read_text", {}))
            assert "Signed in as Ada Lovelace" in read and UNTRUSTED in read
            tabs = text_of(await client.call_tool("tabs", {}))
            assert f"0: Your account — {login_site.url}/account (current)" in tabs
            shot = await client.call_tool("screenshot", {})
            assert shot.content[0].type == "image" and shot.content[0].mime_type == "image/png"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def text_of_error(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


def test_a_bad_port_is_one_line_of_error(server_env: dict[str, str]) -> None:
    done_ = subprocess.run([sys.executable, *mcp_args("--http", "--port", "0")], env=server_env,
                           capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done_.returncode == 2 and "--port must be 1 to 65535" in done_.stderr
