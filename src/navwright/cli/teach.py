"""`navwright teach --url URL "REQUEST"`: show navwright how a request is done, in a browser window. What
you do is kept as a workflow that later requests of the same form replay with no model
(navwright/memory/teach.py); the values you say vary become its slots, secrets are kept as names."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from navwright.cli.memory import say, with_store
from navwright.console.errors import fail
from navwright.printable import printable

if TYPE_CHECKING:
    from navwright.browser.chromium import BrowserSettings
    from navwright.memory import MemoryStore, Workflow
    from navwright.memory.teach import Shown

DONE_PROMPT = "Show navwright how it is done in the browser window, then press Enter here (Ctrl+C cancels)."


def teach_command(
    request: Annotated[str, typer.Argument(help="The request you will show, with its values, e.g. "
                                           '"Sign up Ada Lovelace with ada@example.com".')],
    url: Annotated[str, typer.Option(help="The page to start on.")],
    config: Annotated[Path | None, typer.Option(help="Config file (TOML) instead of the default.")] = None,
) -> None:
    """Teach a workflow by doing it yourself in a browser window; navwright replays it with no model."""
    from navwright.config import ConfigError
    from navwright.memory.teach import Lesson, variables_offered, workflow_of

    if not request.strip():
        fail('the request is empty: say what you will show, e.g. "Sign up Ada Lovelace with ada@example.com"')
    if not sys.stdin.isatty():
        fail("teaching needs a person at this terminal: run `navwright teach` in an interactive shell")
    display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if sys.platform.startswith("linux") and not display:
        fail("teaching opens a browser window and this machine has no display (DISPLAY is not set)")
    try:
        browser = teach_browser(config)
    except ConfigError as exc:
        fail(str(exc))
    shown, final_url = asyncio.run(_recorded(browser, url))
    if not shown:
        fail("nothing was recorded: click, type or pick options in the browser window before pressing Enter")
    print("You did:")
    for number, action in enumerate(shown, 1):
        say(f"  {number}. {action.line()}")  # page text: control characters escaped
    if not typer.confirm("Keep this as a workflow?", default=True):
        fail("nothing was kept")
    variables = [v for v in variables_offered(request, shown)
                 if typer.confirm(f'Does "{v}" change from one request to the next?', default=True)]
    asked = 'Name of the secret typed into "{}" (kept as {{{{NAME}}}}, never its value)'
    names = {s.key: typer.prompt(printable(asked.format(s.target.name or s.target.label)),
                                 default=_secret_name(s)) for s in shown if s.secret}
    lesson = Lesson(request=request, start_url=url, final_url=final_url, variables=variables,
                    secret_names={k: _secret_name_from(v) for k, v in names.items()})
    saved = with_store(lambda store: _keep(store, workflow_of(lesson, shown)))
    print(f"taught workflow {saved.id}: {len(shown)} actions, {len(variables)} values that vary")
    say(f"  a request like {saved.task!r} on {saved.site} now replays it with no model")


def teach_browser(config: Path | None) -> BrowserSettings:
    """The browser the person teaches in: a window, fenced as a run is (the allowed domains of the
    config and environment)."""
    from navwright.config import load_settings

    return load_settings(config).settings.browser.model_copy(update={"headless": False})


async def _recorded(browser: BrowserSettings, url: str) -> tuple[list[Shown], str]:
    from navwright.browser.errors import BrowserError
    from navwright.browser.session import BrowserSession
    from navwright.memory.teach import Teacher

    teacher = Teacher()
    try:
        async with BrowserSession(browser) as session:
            await teacher.attach(session)
            note = await session.open(url)
            if note:
                say(f"note: {url}: {note}")
            print(DONE_PROMPT)
            await asyncio.to_thread(sys.stdin.readline)
            final_url = session.page.url
    except BrowserError as exc:
        fail(f"could not teach in a browser window: {exc}")
    except KeyboardInterrupt:
        fail("teaching cancelled; nothing was kept")
    return teacher.shown(), final_url


def _keep(store: MemoryStore, workflow: Workflow) -> Workflow:
    saved = store.save_workflow(workflow)
    store.add_step(saved.steps[0])  # an example for the navigator too
    return saved


def _secret_name(shown: Shown) -> str:
    return _secret_name_from(shown.target.name or shown.target.label or "secret")


def _secret_name_from(text: str) -> str:
    """A secret's name as `{{NAME}}` holds it: letters, digits and underscores, upper case."""
    return re.sub(r"\W+", "_", text.strip()).strip("_").upper() or "SECRET"
