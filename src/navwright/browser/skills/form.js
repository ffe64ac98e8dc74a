// The fillable controls of the page, each with the names a person might call it by (label, aria-label,
// placeholder, name, the text just before it), marked data-nwk="f<n>". Radio buttons come as groups.
// With {submit: keys, aside: pattern}: mark the submit button of the form holding those controls
// "f-submit" instead (of its submit buttons, the first whose label the "aside" pattern does not match).
(o) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const shown = (el) => visible(el) || (el.labels && Array.from(el.labels).some(visible));
  const text = (el) => norm(el ? (el.innerText || el.textContent) : "").slice(0, 80);
  const byIds = (el, a) => norm((el.getAttribute(a) || "").split(/\s+/).map((i) => text(i && document.getElementById(i))).join(" "));
  if (o && o.submit) {
    document.querySelectorAll('[data-nwk="f-submit"]').forEach((e) => e.removeAttribute("data-nwk"));
    const els = o.submit.map((k) => document.querySelector(`[data-nwk="${k}"]`)).filter(Boolean);
    const forms = els.map((e) => e.form || e.closest("form")).filter(Boolean);
    let box = forms[0] || null;
    if (!box && els.length) {
      box = els[0].parentElement;
      while (box && box.parentElement && !els.every((e) => box.contains(e))) box = box.parentElement;
      const pressable = (b) => b.querySelector("button, input[type=submit], [role=button], [data-nw]:not(input, select, textarea, a, label)");
      for (let i = 0; box && i < 3 && box.parentElement && box !== document.body && !pressable(box); i++) box = box.parentElement;
    }
    if (!box) return null;
    const buttons = Array.from(box.querySelectorAll("button, input[type=submit], input[type=image], [role=button]")).filter(visible);
    const WORDS = /submit|send|save|continue|next|search|book|sign|log ?in|register|apply|confirm|order|pay|done|ok|create|update|go/i;
    // else a script's button with no role (a <div> the page script found clickable and gave an id)
    const drawn = () => Array.from(box.querySelectorAll("[data-nw]")).find((x) => visible(x)
      && !/^(INPUT|SELECT|TEXTAREA|A|LABEL|BUTTON)$/.test(x.tagName) && !x.querySelector("input, select, textarea")
      && text(x).length <= 20 && WORDS.test(text(x)));
    // a form's other submit buttons look, go back or undo ("Preview", "Cancel"): the one that sends comes first
    const ASIDE = new RegExp(o.aside, "i");  // form.py's ASIDE
    const label = (x) => text(x) || norm(x.value);
    const submits = buttons.filter((x) => x.type === "submit" && x.tagName !== "DIV");
    const b = submits.find((x) => !ASIDE.test(label(x))) || submits[0]
      || buttons.find((x) => WORDS.test(label(x))) || drawn();
    if (!b) return null;
    b.setAttribute("data-nwk", "f-submit");
    return { name: text(b) || norm(b.value) || norm(b.getAttribute("aria-label")) };
  }
  document.querySelectorAll("[data-nwk^=f]").forEach((e) => e.removeAttribute("data-nwk"));
  let n = 0;
  const mark = (el) => { const k = "f" + ++n; el.setAttribute("data-nwk", k); return k; };
  function before(el) {
    // the text just before the control: a previous sibling's text, up to two levels up
    for (let node = el, up = 0; node && up < 3; node = node.parentElement, up++) {
      for (let s = node.previousElementSibling, i = 0; s && i < 2; s = s.previousElementSibling, i++) {
        if (s.querySelector && s.querySelector("input, select, textarea")) break;
        const t = text(s);
        if (t && t.length <= 60) return t;
      }
    }
    return "";
  }
  function after(el) {
    // a floating label: the short text right after a control that is first in a box of its own
    const box = el.parentElement;
    if (el.previousElementSibling || !box || box.querySelectorAll("input, select, textarea").length !== 1) return "";
    const s = el.nextElementSibling;
    if (!s || s.matches("input, select, textarea, button, a") || s.querySelector("input, select, textarea, button, a")) return "";
    const t = text(s);
    return t.length <= 40 ? t : "";
  }
  function names(el) {
    const out = [];
    if (/^(checkbox|switch|radio)$/.test(el.getAttribute("role") || "") && !/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) out.push(text(el));
    if (el.labels) for (const l of el.labels) out.push(text(l));
    out.push(byIds(el, "aria-labelledby"), norm(el.getAttribute("aria-label")), norm(el.placeholder), norm(el.title));
    for (const a of [el.getAttribute("name"), el.id]) out.push(norm((a || "").replace(/[_\-.[\]]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2")));
    out.push(before(el), after(el));
    const q = el.getAttribute("data-nwq");  // "Passenger 2 › First name": set by the page script
    if (q && el.type !== "radio") out.unshift(q);
    return out.filter(Boolean);
  }
  const groupName = (el) => {
    const g = el.closest("fieldset, [role=radiogroup], [role=group]");
    if (!g) return [];
    const lg = g.querySelector("legend");
    return [lg ? text(lg) : "", byIds(g, "aria-labelledby"), norm(g.getAttribute("aria-label")), before(g)].filter(Boolean);
  };
  const out = [];
  const groups = new Map();
  const sel = "input, select, textarea, [role=combobox], [aria-haspopup=listbox], [role=checkbox], [role=switch], [role=radio], [role=textbox][contenteditable]";
  for (const el of document.querySelectorAll(sel)) {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute("type") || (tag === "input" ? "text" : "")).toLowerCase();
    if (["hidden", "submit", "button", "reset", "image", "file"].includes(type) || el.disabled || !shown(el)) continue;
    const role = el.getAttribute("role") || "";
    if (type === "radio" || role === "radio") {
      const gkey = el.name || (el.closest("[role=radiogroup]") ? "rg" + out.length : "r" + n);
      let g = groups.get(gkey);
      if (!g) { g = { key: null, kind: "radio", names: groupName(el), options: [] }; groups.set(gkey, g); out.push(g); }
      const key = mark(el);
      if (!g.key) g.key = key;
      g.options.push({ label: names(el)[0] || norm(el.value), value: norm(el.value), key, checked: !!el.checked || el.getAttribute("aria-checked") === "true" });
      continue;
    }
    const key = mark(el);
    const item = { key, nw: el.getAttribute("data-nw"), tag, type, names: names(el), kind: "text", value: "value" in el ? String(el.value) : text(el), options: [], readonly: !!el.readOnly };
    if (tag === "select") { item.kind = "select"; item.options = Array.from(el.options, (x) => ({ label: norm(x.label || x.text), value: x.value })); }
    else if (type === "checkbox" || role === "checkbox" || role === "switch") {
      item.kind = "checkbox";
      item.checked = type === "checkbox" ? el.checked : el.getAttribute("aria-checked") === "true";
    } else if (["date", "datetime-local", "month", "week", "time"].includes(type)) item.kind = "date";
    else if (el.list) { item.kind = "datalist"; item.options = Array.from(el.list.options, (x) => ({ label: norm(x.label || x.text || x.value), value: x.value })); }
    else if (role === "combobox" || el.getAttribute("aria-autocomplete") || el.getAttribute("aria-haspopup") === "listbox") {
      item.kind = tag === "input" || tag === "textarea" ? "combobox" : "dropdown";
    }
    else if (el.readOnly) item.kind = "calendar";
    out.push(item);
  }
  return out;
}
