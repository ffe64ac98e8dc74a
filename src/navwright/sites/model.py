"""One representation for every kind of published site function: `SiteFunction`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field

from navwright.browser.types import ActionResult

if TYPE_CHECKING:
    from playwright.async_api import Page

    from navwright.browser.skills.base import Skill

Source = Literal["html-list", "html-api", "webmcp", "openapi"]
BodyKind = Literal["json", "form", "none"]


class HttpCall(BaseModel):
    """An HTTP request. `{name}` in `url` is filled from the arguments (path parameters)."""

    kind: Literal["http"] = "http"
    url: str
    method: str = "GET"
    body: BodyKind = "json"
    query: list[str] | None = None
    """Arguments sent in the query string; None: all of them for GET/HEAD/DELETE, none otherwise."""
    headers: list[str] = Field(default_factory=list)
    """Arguments sent as request headers."""
    body_param: str | None = None
    """When set, this one argument is the whole body (OpenAPI non-object bodies)."""


class JsCall(BaseModel):
    """A function on the page, e.g. `shop.addToCart`, called with one object of the arguments."""

    kind: Literal["js"] = "js"
    function: str


class FormCall(BaseModel):
    """A WebMCP-style tool form: fill its inputs, then submit it when `autosubmit`."""

    kind: Literal["form"] = "form"
    toolname: str
    autosubmit: bool = False


Invocation = Annotated[HttpCall | JsCall | FormCall, Field(discriminator="kind")]


class SiteFunction(BaseModel):
    """A function a website publishes, callable by the navigator beside the browser skills."""

    name: str
    description: str
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    """JSON Schema of the arguments (an object schema)."""
    read_only: bool
    invocation: Invocation
    source: Source
    origin: str
    """scheme://host:port of the page (or document) that published the function."""

    async def invoke(
        self,
        page: Page,
        args: dict[str, Any],
        *,
        allowed_domains: list[str] | None = None,
        budget: int = 1500,
    ) -> ActionResult:
        """Validate `args`, call the function, and report the outcome (never raises for site problems)."""
        from navwright.sites.invoke import invoke_function

        return await invoke_function(self, page, args, allowed_domains=allowed_domains or [], budget=budget)

    def to_skill(self, *, name: str | None = None, budget: int = 1500) -> Skill:
        """This function as a navigator skill (needs confirmation unless read-only)."""
        from navwright.sites.skill import site_function_skill

        return site_function_skill(self, name=name, budget=budget)
