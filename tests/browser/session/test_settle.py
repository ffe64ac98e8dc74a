"""settle(): waits for what an action set in motion, and only for that."""

from __future__ import annotations

from browser_site import Reply, Site

from navwright.browser.session import BrowserSession
from navwright.browser.settle import arm, settle

BUSY_BACKGROUND = """
<p id=tick>0</p><p id=spin></p><button id=b>Go</button><p id=out></p>
<script>
  let n = 0;
  (function poll() { document.getElementById('tick').textContent = ++n; setTimeout(poll, 100); })();
  setInterval(() => {}, 50);
  (function spin(t) { document.getElementById('spin').style.opacity = String((t % 1000) / 1000);
    requestAnimationFrame(spin); })(0);
  document.getElementById('b').onclick = () => {
    setTimeout(() => { document.getElementById('out').textContent = 'soon'; }, 200);
    setTimeout(() => { document.getElementById('out').textContent = 'much later'; }, 5000);
  };
</script>
"""

FETCHING = """
<button id=b>Load</button><ul id=list></ul>
<script>
  document.getElementById('b').onclick = () => setTimeout(async () => {
    const items = await (await fetch('/api/items')).json();
    requestAnimationFrame(() => {
      document.getElementById('list').innerHTML = items.map((i) => '<li>' + i + '</li>').join('');
    });
  }, 300);
</script>
"""

INTERVAL_ANIMATION = """
<button id=b>Section 2</button><div id=panel style="height:0;overflow:hidden"><a href='#'>aliquet</a></div>
<p id=clock>0</p>
<script>
  let ticks = 0;
  setInterval(() => { document.getElementById('clock').textContent = ++ticks; }, 30);
  document.getElementById('b').onclick = () => {  // the way jQuery 1.x and 2.x animate: one interval
    const panel = document.getElementById('panel');
    const start = performance.now();
    const timer = setInterval(() => {
      const done = Math.min(1, (performance.now() - start) / 300);
      panel.style.height = (done * 40) + 'px';
      if (done === 1) clearInterval(timer);
    }, 13);
  };
</script>
"""


async def test_background_timers_and_animation_do_not_hold_settle(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": BUSY_BACKGROUND}))
    page = session.page
    await arm(page)
    settled = await settle(page)
    assert not settled.capped


async def test_short_timers_from_the_action_are_waited_for_but_long_ones_not(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": BUSY_BACKGROUND}))
    page = session.page
    await arm(page)
    await page.click("#b")
    settled = await settle(page)
    assert not settled.capped
    assert await page.text_content("#out") == "soon"


async def test_an_animation_the_action_runs_on_an_interval_is_waited_for(
    site: Site, session: BrowserSession
) -> None:
    await session.open(site({"/": INTERVAL_ANIMATION}))
    page = session.page
    await arm(page)
    await page.click("#b")
    settled = await settle(page)
    assert not settled.capped
    assert await page.evaluate("document.getElementById('panel').style.height") == "40px"


async def test_an_interval_the_action_starts_and_never_clears_holds_settle_only_briefly(
    site: Site, session: BrowserSession
) -> None:
    html = ("<button id=b onclick=\"setInterval(() => { document.title = String(Math.random()); }, 9)\">"
            "Go</button>")
    await session.open(site({"/": html}))
    page = session.page
    await arm(page)
    await page.click("#b")
    settled = await settle(page)
    assert not settled.capped and settled.ms < 1500


async def test_debounce_then_fetch_then_frame_is_waited_for(site: Site, session: BrowserSession) -> None:
    api = Reply('["one", "two"]', type="application/json", delay_s=0.3)
    await session.open(site({"/": FETCHING, "/api/items": api}))
    page = session.page
    await arm(page)
    await page.click("#b")
    await settle(page)
    assert await page.locator("li").all_text_contents() == ["one", "two"]


async def test_navigation_started_by_the_action_is_waited_for(site: Site, session: BrowserSession) -> None:
    base = site({"/": "<a href='/next'>Next</a>", "/next": Reply("<h1>Second page</h1>", delay_s=0.3)})
    await session.open(base)
    page = session.page
    token = await arm(page)
    await page.click("a")
    settled = await settle(page, navigating=True)
    assert settled.doc is not None and settled.doc != token
    assert await page.text_content("h1") == "Second page"


async def test_settle_is_capped(site: Site, session: BrowserSession) -> None:
    endless = "<button onclick='(function again(){ setTimeout(again, 100); })()'>x</button>"
    await session.open(site({"/": endless}))
    page = session.page
    await arm(page)
    await page.click("button")
    settled = await settle(page, cap_s=0.5)
    assert settled.capped


REDIRECTING = """<button onclick="setTimeout(() => { location.href = '/done'; }, 150)">Log in</button>"""


async def test_navigation_scheduled_by_a_timer_is_followed(site: Site, session: BrowserSession) -> None:
    base = site({"/": REDIRECTING, "/done": Reply("<title>Welcome</title><h1>Signed in</h1>", delay_s=0.2)})
    await session.open(base)
    page = session.page
    token = await arm(page)
    await page.click("button")
    settled = await settle(page)
    assert settled.doc != token and not settled.capped
    assert await page.title() == "Welcome"
