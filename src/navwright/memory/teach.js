// Records what a person does on a page while teaching (`navwright teach`): clicks, what they type,
// the options they pick, Enter in a field. Each is sent to window.__nwTeach with the element described
// by window.__nwDescribe (describe.js) the moment it happens, before the page can move on.
// A password's value never leaves the page: only that something was typed into it.
() => {
  if (window.__nwTeaching) return;
  Object.defineProperty(window, "__nwTeaching", { value: true });
  const TEXT = new Set(["text", "email", "search", "tel", "url", "number", "password", "date", "time",
    "datetime-local", "month", "week"]);
  const CLICKABLE = "a,button,input,label,summary,[role=button],[role=link],[role=checkbox],[role=radio]," +
    "[role=tab],[role=menuitem],[role=option],[role=switch],[onclick]";
  let next = 1;
  const keys = new WeakMap();
  const keyOf = (el) => {
    if (!keys.has(el)) keys.set(el, `${next++}`);
    return keys.get(el);
  };
  const isText = (el) => el.tagName === "TEXTAREA" || el.isContentEditable ||
    (el.tagName === "INPUT" && TEXT.has((el.getAttribute("type") || "text").toLowerCase()));
  const secret = (el) => el.tagName === "INPUT" && (el.getAttribute("type") || "").toLowerCase() === "password";
  const valueOf = (el) => (secret(el) ? "" : el.isContentEditable ? el.innerText : el.value || "");
  function send(kind, el, value) {
    if (typeof window.__nwTeach !== "function" || typeof window.__nwDescribe !== "function") return;
    try {
      window.__nwTeach({ kind, key: keyOf(el), url: location.href, value: value || "", secret: secret(el),
        target: window.__nwDescribe(el) });
    } catch (e) { /* the person's page goes on whatever the recorder does */ }
  }
  document.addEventListener("input", (ev) => {
    const el = ev.target;
    if (el instanceof Element && isText(el)) send("fill", el, valueOf(el));
  }, true);
  document.addEventListener("change", (ev) => {
    const el = ev.target;
    if (el instanceof HTMLSelectElement) {
      send("select", el, Array.from(el.selectedOptions).map((o) => o.label || o.text).join(", "));
    } else if (el instanceof Element && isText(el)) {
      send("fill", el, valueOf(el));
    }
  }, true);
  document.addEventListener("keydown", (ev) => {
    const el = ev.target;
    if (ev.key === "Enter" && el instanceof Element && isText(el) && el.tagName !== "TEXTAREA") {
      send("enter", el, valueOf(el));
    }
  }, true);
  document.addEventListener("click", (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest(CLICKABLE) : null;
    if (!el) return;
    if (el.tagName === "LABEL" && el.control) return; // its control gets a click of its own
    if (isText(el) || el.tagName === "SELECT") return; // clicking into a field: what is typed counts
    send("click", el, "");
  }, true);
}
