"""Calling a site function: an HTTP request, a function on the page, or filling a tool form.

`call_function` does the call and raises `SiteCallFailed` (words for the model) when it fails;
`invoke_function` validates first and turns everything into an ActionResult.
"""

from __future__ import annotations

import asyncio
import json
import re
from importlib import resources
from typing import Any
from urllib.parse import quote, urlsplit

import httpx
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page
from pydantic import BaseModel

from navwright.browser.errors import BrowserError
from navwright.browser.netpolicy import host_allowed
from navwright.browser.types import ActionResult
from navwright.sites.calls import Declared, FormCall, HttpCall, JsCall
from navwright.sites.schema import validation_errors

TIMEOUT_S = 10.0
Scalar = str | float | bool
FALLBACK = "You may do the same on the page by clicking and typing instead."


class SiteCallFailed(BrowserError):
    """A site function call that did not work; the message says why."""


class CallOutcome(BaseModel):
    detail: str
    text: str | None = None


def trim(body: str, budget: int) -> str:
    """The body as compact text (JSON re-serialized), cut to `budget` characters with a note of the cut."""
    try:
        text = json.dumps(json.loads(body), ensure_ascii=False, separators=(",", ":"))
    except (json.JSONDecodeError, ValueError):
        text = " ".join(body.split())
    if len(text) <= budget:
        return text
    return f"{text[:budget]}… ({len(text) - budget} more characters cut)"


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def bad_arguments(fn: Declared, args: dict[str, Any]) -> str | None:
    errors = validation_errors(fn.parameters, args)
    if not errors:
        return None
    reasons = "; ".join(errors)
    return f"the arguments for {fn.name} are not valid: {reasons}. Nothing was sent; fix them and call again."


def _split_args(
    call: HttpCall, args: dict[str, Any]
) -> tuple[str, dict[str, Any], dict[str, str], dict[str, Any]]:
    """(url with path parameters filled, query, headers, body arguments)."""
    rest = dict(args)

    def fill(match: re.Match[str]) -> str:
        return quote(str(rest.pop(match.group(1), "")), safe="")

    url = re.sub(r"\{([^}/]+)\}", fill, call.url)
    in_query = (
        call.query
        if call.query is not None
        else (list(rest) if call.method in ("GET", "HEAD", "DELETE") else [])
    )
    query = {k: rest.pop(k) for k in in_query if k in rest}
    headers = {k: str(rest.pop(k)) for k in call.headers if k in rest}
    return url, query, headers, rest


def _query_value(v: Any) -> str:
    return json.dumps(v) if isinstance(v, dict | list) else str(v).lower() if isinstance(v, bool) else str(v)


async def _http(
    fn: Declared, call: HttpCall, page: Page, args: dict[str, Any], allowed: list[str], budget: int
) -> CallOutcome:
    url, query, headers, rest = _split_args(call, args)
    if not host_allowed(url, allowed):
        raise SiteCallFailed(f"{fn.name} calls {urlsplit(url).hostname}, which is not an allowed domain")
    params: dict[str, Scalar] = {k: _query_value(v) for k, v in query.items()}
    body: Any = rest.get(call.body_param) if call.body_param else (rest or None)
    if call.method in ("GET", "HEAD") or call.body == "none":
        body = None
    status, text = await _send(page, call, url, params, headers, body)
    path = urlsplit(url).path
    if status >= 400:
        raise SiteCallFailed(
            f"{fn.name} failed: {call.method} {path} answered HTTP {status}: {trim(text, 300)}"
        )
    return CallOutcome(detail=f"HTTP {status}", text=trim(text, budget))


async def _send(
    page: Page, call: HttpCall, url: str, params: dict[str, Scalar], headers: dict[str, str], body: Any
) -> tuple[int, str]:
    form: dict[str, Scalar] | None = None
    if call.body == "form" and isinstance(body, dict):
        form = {str(k): _query_value(v) for k, v in body.items()}
    try:
        if origin(url) == origin(page.url):  # same origin: the browser context's cookies go along
            reply = await page.context.request.fetch(
                url,
                method=call.method,
                params=params or None,
                headers=headers or None,
                form=form,
                data=None if form is not None or body is None else body,
                timeout=TIMEOUT_S * 1000,
                fail_on_status_code=False,
                max_redirects=0,  # a redirect would leave the fence unchecked
            )
            return reply.status, await reply.text()
        async with httpx.AsyncClient(timeout=TIMEOUT_S) as client:
            r = await client.request(
                call.method,
                url,
                params=params,
                headers=headers,
                data=form,
                json=None if form is not None else body,
            )
            return r.status_code, r.text
    except (PlaywrightError, httpx.HTTPError) as e:
        raise SiteCallFailed(f"{call.method} {urlsplit(url).path} could not be sent: {_first_line(e)}") from e


def _first_line(error: Exception) -> str:
    """An error's first line without Playwright's `Page.evaluate: ` and JavaScript's `Error: ` prefixes."""
    line = (str(error).strip().splitlines() or ["no details"])[0]
    line = re.sub(r"^[A-Za-z]+\.[A-Za-z]+: ", "", line)
    return line.removeprefix("Error: ").rstrip(".")


def _script(name: str) -> str:
    return resources.files("navwright.sites").joinpath(name).read_text(encoding="utf-8")


async def _js(fn: Declared, call: JsCall, page: Page, args: dict[str, Any], budget: int) -> CallOutcome:
    try:
        out = await asyncio.wait_for(page.evaluate(_script("call_js.js"), [call.function, args]), TIMEOUT_S)
    except TimeoutError:
        raise SiteCallFailed(f"the page's {call.function}() did not answer in {TIMEOUT_S:g} s") from None
    except PlaywrightError as e:
        raise SiteCallFailed(f"the page's {call.function}() failed: {_first_line(e)}") from e
    if isinstance(out, dict) and out.get("missing"):
        raise SiteCallFailed(f"the page has no function {call.function}()")
    text = out.get("result") if isinstance(out, dict) else None
    return CallOutcome(detail="it ran on the page", text=trim(text, budget) if text else None)


async def _form(
    fn: Declared, call: FormCall, page: Page, args: dict[str, Any], allowed: list[str]
) -> CallOutcome:
    filling = page.evaluate(_script("fill_form.js"), [call.toolname, args, call.autosubmit, allowed])
    try:
        out = await asyncio.wait_for(filling, TIMEOUT_S)
    except TimeoutError:
        raise SiteCallFailed(f"the page did not answer in {TIMEOUT_S:g} s") from None
    except PlaywrightError as e:
        if "context was destroyed" in str(e) or "navigat" in str(e):
            return CallOutcome(detail=f"filled the {fn.name} form and submitted it")
        raise SiteCallFailed(f"the {fn.name} form could not be filled: {_first_line(e)}") from e
    if out.get("error"):
        raise SiteCallFailed(str(out["error"]))
    filled = f"filled {len(out.get('filled', []))} fields of the {fn.name} form"
    if out.get("invalid"):
        raise SiteCallFailed(f"{filled} but the form is not valid: {'; '.join(out['invalid'])}")
    if call.autosubmit:
        return CallOutcome(detail=f"{filled} and submitted it")
    return CallOutcome(
        detail=f"{filled}; it is not submitted yet: its submit button must be clicked to send it"
    )


async def call_function(
    fn: Declared, page: Page, args: dict[str, Any], *, allowed_domains: list[str], budget: int = 1500
) -> CallOutcome:
    """Do the call; raises SiteCallFailed with the reason in words."""
    if not host_allowed(page.url, allowed_domains):
        raise SiteCallFailed(f"the current page ({urlsplit(page.url).hostname}) is not an allowed domain")
    # With no fence set, a site's functions still reach only the host of the page that offers them.
    allowed_domains = allowed_domains or [urlsplit(page.url).hostname or "-"]
    call = fn.invocation
    if isinstance(call, HttpCall):
        return await _http(fn, call, page, args, allowed_domains, budget)
    if isinstance(call, JsCall):
        return await _js(fn, call, page, args, budget)
    return await _form(fn, call, page, args, allowed_domains)


async def invoke_function(
    fn: Declared, page: Page, args: dict[str, Any], *, allowed_domains: list[str], budget: int = 1500
) -> ActionResult:
    """Validate, call, report: no change observation (see skill.py for the one the navigator uses)."""
    bad = bad_arguments(fn, args)
    if bad:
        return ActionResult(action=fn.name, ok=False, error=bad, url=page.url)
    try:
        out = await call_function(fn, page, args, allowed_domains=allowed_domains, budget=budget)
    except SiteCallFailed as e:
        return ActionResult(action=fn.name, ok=False, error=f"{e}. {FALLBACK}", url=page.url)
    title = ""
    try:
        title = await page.title()
    except PlaywrightError:
        title = ""
    return ActionResult(action=fn.name, ok=True, detail=out.detail, text=out.text, url=page.url, title=title)
