// Where the page hides text the request names: for each name, the observed control (a tab, an
// accordion header, a toggle) whose panel holds an element with exactly that text, not shown now.
(names) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim().toLowerCase();
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility === "visible";
  const esc = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, "\\$&"));
  function opener(panel) {
    const id = panel.id;
    let ctl = id ? document.querySelector(`[aria-controls~="${esc(id)}"], [href="#${esc(id)}"], ` +
      `[data-bs-target="#${esc(id)}"], [data-target="#${esc(id)}"]`) : null;
    const by = panel.getAttribute("aria-labelledby");
    if (!ctl && by) ctl = document.getElementById(by.split(/\s+/)[0]);
    return ctl ? ctl.closest("[data-nw]") : null;
  }
  const out = {};
  const all = document.body ? Array.from(document.body.querySelectorAll("*")).slice(0, 20000) : [];
  for (const name of names) {
    const want = norm(name);
    const el = all.find((e) => e.childElementCount <= 2 && norm(e.textContent) === want && !shown(e));
    for (let p = el ? el.parentElement : null; p && p !== document.body; p = p.parentElement) {
      const holder = opener(p);
      if (holder && shown(holder)) { out[name] = holder.getAttribute("data-nw"); break; }
    }
  }
  return out;
}
