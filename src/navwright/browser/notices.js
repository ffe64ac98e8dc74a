// Installed into every document before its own scripts run. Records what the page said in reply to an
// action even when it leaves no trace in the next observation: the browser's own validation refusals
// (`invalid` events, whose bubble is not in the DOM), inline error text and toasts that appear (and may
// vanish before the page is read). `arm()` starts a fresh record before an action; `collect()` returns it.
(() => {
  if (window.__nwNotes) return;
  const NOTICE = "[role=alert],[role=status],[aria-live=assertive],[aria-live=polite],[class*=toast i]," +
    "[class*=snackbar i],[class*=notification i],[class*=flash i],[class*=alert i],[class*=error i]," +
    "[class*=invalid i],[class*=danger i],[class*=warning i],[class*=notice i]";
  const TOAST = /toast|snackbar|notification|flash/i;
  const MAX = 12;
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const cut = (s) => (s.length > 200 ? s.slice(0, 199) + "…" : s);
  // Shown by a page as it loads: a flash message, not every banner that has "alert" in a class name.
  const LOADED = "[role=alert],[role=status],[class*=flash i],[class*=toast i],[class*=snackbar i],.alert," +
    "[class*=alert-]";
  const n = { seen: new Map(), before: new WeakMap(), invalid: new Map(), watching: false, ariaBefore: new Map() };

  const idOf = (el) => (el && el.getAttribute && el.getAttribute("data-nw")) || null;
  function labelOf(el) {
    if (!el) return "";
    let t = "";
    if (el.labels && el.labels.length) t = norm(Array.from(el.labels, (l) => l.innerText || l.textContent).join(" "));
    if (!t) t = norm(el.getAttribute("aria-label"));
    if (!t && el.getAttribute("aria-labelledby")) {
      t = norm(el.getAttribute("aria-labelledby").split(/\s+/).map((i) => {
        const x = document.getElementById(i); return x ? x.textContent : "";
      }).join(" "));
    }
    if (!t && el.type === "radio") {
      const fs = el.closest("fieldset"); const lg = fs && fs.querySelector("legend");
      if (lg) t = norm(lg.textContent);
    }
    return cut(t || norm(el.placeholder) || norm(el.getAttribute("name")) || norm(el.id));
  }
  function visible(el) {
    return el.isConnected && (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0);
  }
  // A message that says things went well is a toast, whatever its role; an error class makes it an error.
  function kindOf(el) {
    const cls = typeof el.className === "string" ? el.className : "";
    if (/success|info|confirm/i.test(cls)) return "toast";
    if (/error|invalid|danger|warning|fail/i.test(cls)) return "error_text";
    if (el.getAttribute("role") === "status" || TOAST.test(cls)) return "toast";
    return "error_text";
  }
  function note(el) {
    if (!n.watching || n.seen.size >= MAX * 3 || !el.matches) return;
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || tag === "BODY" || tag === "HTML" || tag === "FORM") return;
    if (!visible(el)) return;
    const text = cut(norm(el.innerText || el.textContent));
    if (!text || text.length < 2 || n.before.get(el) === text) return;
    n.seen.set(el, { kind: kindOf(el), text, id: idOf(el) });
  }
  function scan(node) {
    if (!node || node.nodeType !== 1) node = node && node.parentElement;
    if (!node) return;
    const up = node.closest(NOTICE);
    if (up) note(up);
    if (node.querySelectorAll && node !== document.body && node !== document.documentElement) {
      const inner = node.querySelectorAll(NOTICE);
      for (let i = 0; i < inner.length && i < 10; i++) note(inner[i]);
    }
  }
  const onMutations = (records) => {
    if (!n.watching) return;
    for (const r of records) {
      if (r.type === "childList") { scan(r.target); r.addedNodes.forEach(scan); } else scan(r.target);
    }
  };
  const start = () => {
    new MutationObserver(onMutations).observe(document, {
      subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ["class", "style", "hidden", "role", "aria-hidden", "open"],
    });
  };
  if (document.documentElement) start(); else document.addEventListener("readystatechange", start, { once: true });
  // A new document: its flash messages are news (the reply to the action that loaded it); the parser's
  // own insertions are not scanned one by one, and the rest it was loaded with (a status badge in a list,
  // a banner on every page) is news only when its text changes, not when a script touches it.
  document.addEventListener("DOMContentLoaded", () => {
    if (n.watching) return;
    n.watching = true;
    const shown = document.querySelectorAll(LOADED);
    for (let i = 0; i < shown.length && i < 50 && n.seen.size < 3; i++) note(shown[i]);
    const rest = document.querySelectorAll(NOTICE);
    for (let i = 0; i < rest.length && i < 200; i++) {
      const el = rest[i];
      if (!n.seen.has(el) && visible(el)) n.before.set(el, cut(norm(el.innerText || el.textContent)));
    }
  }, { once: true });
  document.addEventListener("invalid", (e) => {
    const el = e.target;
    if (!n.watching || n.invalid.has(el)) return;
    n.invalid.set(el, { kind: "invalid_field", label: labelOf(el), text: cut(norm(el.validationMessage)), id: idOf(el) });
  }, true);

  function ariaInvalid() {
    const out = new Map();
    for (const el of document.querySelectorAll("[aria-invalid=true]")) {
      const ref = el.getAttribute("aria-errormessage") || el.getAttribute("aria-describedby") || "";
      const text = norm(ref.split(/\s+/).map((i) => { const x = i && document.getElementById(i); return x ? x.textContent : ""; }).join(" "));
      out.set(el, cut(text));
    }
    return out;
  }

  // Before an action: what is shown now is not news.
  n.arm = () => {
    n.seen = new Map(); n.invalid = new Map(); n.before = new WeakMap(); n.watching = true;
    const shown = document.querySelectorAll(NOTICE);
    for (let i = 0; i < shown.length && i < 200; i++) {
      const el = shown[i];
      if (visible(el)) n.before.set(el, cut(norm(el.innerText || el.textContent)));
    }
    n.ariaBefore = ariaInvalid();
  };
  // After the action settled: the refusals and messages it drew, most specific first.
  n.collect = () => {
    const out = Array.from(n.invalid.values());
    for (const [el, text] of ariaInvalid()) {
      if (n.ariaBefore.get(el) === text || n.invalid.has(el)) continue;
      out.push({ kind: "error_text", label: labelOf(el), text, id: idOf(el) });
    }
    // the innermost notice of nested ones (an .alert inside a [role=alert]) says the same in fewer words
    const els = Array.from(n.seen.keys());
    for (const el of els) {
      const rec = n.seen.get(el);
      if (els.some((o) => o !== el && el.contains(o) && n.seen.get(o).text === rec.text)) continue;
      const outer = els.some((o) => o !== el && o.contains(el) && n.seen.get(o).text === rec.text && n.seen.get(o).kind === "toast");
      out.push({ kind: outer ? "toast" : rec.kind, label: "", text: rec.text, id: rec.id });
    }
    n.seen = new Map(); n.invalid = new Map(); n.watching = false;
    return out.slice(0, MAX);
  };
  Object.defineProperty(window, "__nwNotes", { value: n, enumerable: false });
})();
