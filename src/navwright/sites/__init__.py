"""Site API functions: a website's published functions (HTML manifest, WebMCP-style tool forms,
OpenAPI) discovered on a page and offered to the navigator as skills. See docs/site-api.md."""

from navwright.sites.calls import FormCall, HttpCall, JsCall
from navwright.sites.model import SiteFunction
from navwright.sites.source import SiteSkillSource

__all__ = ["FormCall", "HttpCall", "JsCall", "SiteFunction", "SiteSkillSource"]
