"""What a person sees as separate things is separate in an observation: the items of a flex row in a
name, and the items of a focusable list of suggestions as elements."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from navwright.browser.chromium import BrowserSettings
from navwright.browser.observe import observe
from navwright.browser.session import BrowserSession

Serve = Callable[[Mapping[str, str]], str]

SUGGESTIONS = """<input aria-label="Country" value="An">
<style>li { cursor: pointer; list-style: none; }</style>
<ul tabindex="0" id="menu"><li><div>Andorra</div></li><li><div>Angola</div></li>
<li><div>Antarctica</div></li></ul>
<script>document.getElementById("menu").addEventListener("click", (e) => {
  document.querySelector("input").value = e.target.textContent; });</script>"""


async def test_the_items_of_a_flex_row_are_apart_in_its_name_and_a_word_split_by_tags_is_not(
    serve: Serve
) -> None:
    row = ("<button style='display:flex;gap:8px'><b>Priya Raman</b><span>Budget figures</span>"
           "<time>2 Dec</time></button><a href='#'><mark>Lis</mark>bon flights</a>")
    url = serve({"/": row}) + "/"
    async with BrowserSession(BrowserSettings()) as session:
        await session.open(url)
        obs = await observe(session.page, "all")
        assert [e.name for e in obs.elements] == ["Priya Raman Budget figures 2 Dec", "Lisbon flights"]


async def test_a_focusable_list_of_suggestions_is_its_items_not_one_button(serve: Serve) -> None:
    # jQuery UI's autocomplete: <ul tabindex=0> with one delegated listener, items under a pointer
    url = serve({"/": SUGGESTIONS}) + "/"
    async with BrowserSession(BrowserSettings()) as session:
        await session.open(url)
        obs = await observe(session.page, "all")
        assert [(e.role, e.name) for e in obs.elements][1:] == [
            ("button", "Andorra"), ("button", "Angola"), ("button", "Antarctica")]


TREE = """<style>li { cursor: pointer; list-style: none; }</style>
<ul id="tree"><li><span>Annis</span><ul><li><span>Myron</span></li><li><span>Marcella</span></li></ul></li>
<li><span>Vina</span><ul style="display:none"><li><span>Dolores</span></li></ul></li></ul><p id="out"></p>
<script>for (const li of document.querySelectorAll("#tree li")) li.addEventListener("click", (e) => {
  if (e.target.closest("li") !== li) return;
  document.getElementById("out").textContent = "opened " + li.firstChild.textContent;
});</script>"""


async def test_the_items_of_a_tree_are_each_a_control_not_the_folder_named_by_all_it_holds(
    serve: Serve
) -> None:
    # a tree view: each <li> has a listener of its own; a folder's files were folded into one button
    # named "Annis Myron Marcella", and a closed folder's hidden files named it too ("Vina Dolores")
    url = serve({"/": TREE}) + "/"
    async with BrowserSession(BrowserSettings()) as session:
        await session.open(url)
        obs = await observe(session.page, "all")
        assert [e.name for e in obs.elements] == ["Annis", "Myron", "Marcella", "Vina"]
        myron = next(e for e in obs.elements if e.name == "Myron")
        await session.page.locator(f'[data-nw="{myron.id}"]').click()
        assert await session.page.text_content("#out") == "opened Myron"
        annis = next(e for e in obs.elements if e.name == "Annis")  # its label opens the folder itself
        await session.page.locator(f'[data-nw="{annis.id}"]').click()
        assert await session.page.text_content("#out") == "opened Annis"
