"""Names where the page gives none the usual way: dialogs by their label or heading (not all their
text), icon-only controls by the words of their id or classes."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from playwright.async_api import Page

from navwright.browser.observe import observe
from navwright.browser.render import render_observation

Serve = Callable[[Mapping[str, str]], str]

DIALOGS = """
<div role=dialog><p>Delete this file?</p><button>Cancel</button><button>OK</button></div>
<div role=dialog aria-labelledby=t><span id=t>Settings</span><button>Close</button></div>
<dialog open><h2>Newsletter</h2><p>Join us</p><button>Sign up</button></dialog>
"""


async def test_dialog_lines_name_the_dialog_by_label_or_heading_only(page: Page, serve: Serve) -> None:
    await page.goto(serve({"/": DIALOGS}) + "/")
    text = render_observation(await observe(page, "all"))
    headers = [line.strip() for line in text.splitlines() if "dialog" in line and line.rstrip().endswith(":")]
    assert headers == ["dialog:", 'dialog "Settings":', 'dialog "Newsletter":'], text


ICONS = """
<style>span, a, i { display: inline-block; width: 16px; height: 16px; cursor: pointer; }</style>
<span id=close-email></span>
<button class="btn btn-primary"><i class="fa fa-trash"></i></button>
<a href="/x" class="iconLink navSearch"></a>
<button aria-label="Settings" class="gear-icon"></button>
"""


async def test_icon_only_controls_are_named_by_the_words_of_their_id_or_classes(
    page: Page, serve: Serve
) -> None:
    await page.goto(serve({"/": ICONS}) + "/")
    names = [e.name for e in (await observe(page, "all")).elements]
    assert names == ["close email", "trash", "nav search", "Settings"], names


INDENTED = (  # a server template's indentation before the words: more blank space than a name may hold
    '<nav><a href="/control/">' + "\n" + " " * 120 + '<span class="fa fa-fw fa-dashboard"></span>'
    + "\n" + " " * 120 + "Dashboard\n" + " " * 40 + "</a>"
    + '<a href="/shop"><span class="material-icons">\ue313</span> Shop</a></nav>'
)


async def test_a_link_is_named_by_its_words_after_long_template_indentation_or_an_icon_glyph(
    page: Page, serve: Serve
) -> None:
    await page.goto(serve({"/": INDENTED}) + "/")
    names = [e.name for e in (await observe(page, "all")).elements]
    assert names == ["Dashboard", "Shop"], names  # an icon font's glyph is no word of a name
