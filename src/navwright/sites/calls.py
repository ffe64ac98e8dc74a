"""How a published site function is called (an HTTP request, a function on the page, a tool form),
and what calling one needs to know of it (`Declared`): the data `invoke` and `skill` work on, below
`SiteFunction` (sites/model.py), which offers them as its methods."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, Field

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


class Declared(Protocol):
    """What a call and a skill read of a site function (`SiteFunction` is one)."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def parameters(self) -> dict[str, Any]: ...

    @property
    def read_only(self) -> bool: ...

    @property
    def invocation(self) -> HttpCall | JsCall | FormCall: ...
