// For each data-nw id: what a person would point at besides its role and name (its label, the text
// before it, its form and its place there, its list item's place). Top document only.
// Given {install: true} instead of ids, it installs the describer as window.__nwDescribe(element)
// (the teaching recorder describes what the person acted on the moment they act).
(ids) => {
  const clean = (t) => (t || "").replace(/\s+/g, " ").trim().slice(0, 120);
  const FIELDS = "input:not([type=hidden]),select,textarea,button,[role=button],[role=textbox],[role=combobox]";
  function labelOf(el) {
    if (el.labels && el.labels.length) return clean(el.labels[0].innerText);
    const by = el.getAttribute("aria-labelledby");
    if (by) {
      const ref = document.getElementById(by.split(/\s+/)[0]);
      if (ref) return clean(ref.innerText);
    }
    return clean(el.getAttribute("aria-label") || el.getAttribute("placeholder") || "");
  }
  function nearOf(el) {
    const item = el.closest("li,tr,article,[role=listitem],[role=row]");
    if (item) return clean(item.innerText);
    let node = el;
    for (let hops = 0; node && hops < 6; hops++) {
      let prev = node.previousElementSibling;
      while (prev) {
        const text = clean(prev.innerText);
        if (text && !prev.contains(el)) return text;
        prev = prev.previousElementSibling;
      }
      node = node.parentElement;
    }
    return "";
  }
  function roleOf(el) {
    const given = el.getAttribute("role");
    if (given) return given;
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute("type") || "text").toLowerCase();
    if (tag === "a") return "link";
    if (tag === "button") return "button";
    if (tag === "select") return el.multiple ? "listbox" : "combobox";
    if (tag === "textarea") return "textbox";
    if (tag === "input") {
      if (["submit", "button", "reset", "image"].includes(type)) return "button";
      if (["checkbox", "radio"].includes(type)) return type;
      if (type === "search") return "searchbox";
      if (type === "number") return "spinbutton";
      return "textbox";
    }
    return tag;
  }
  function nameOf(el, role) {
    const aria = el.getAttribute("aria-label");
    if (aria) return clean(aria);
    const label = el.labels && el.labels.length ? clean(el.labels[0].innerText) : "";
    if (label) return label;
    if (role === "button" && el.tagName === "INPUT") return clean(el.value);
    if (!["textbox", "searchbox", "combobox", "listbox", "spinbutton"].includes(role)) {
      const text = clean(el.innerText);
      if (text) return text;
    }
    return clean(el.getAttribute("placeholder") || el.getAttribute("title") || el.getAttribute("alt") || "");
  }
  function listIndex(el) {
    const item = el.closest("li,tr,[role=listitem],[role=row]");
    if (!item || !item.parentElement) return null;
    return Array.from(item.parentElement.children).filter((c) => c.tagName === item.tagName).indexOf(item);
  }
  function describeEl(el) {
    const form = el.form || el.closest("form");
    const fields = form ? Array.from(form.querySelectorAll(FIELDS)) : [];
    const role = roleOf(el);
    return {
      role,
      name: nameOf(el, role),
      input_type: el.tagName === "INPUT" ? (el.getAttribute("type") || "text").toLowerCase() : "",
      label: labelOf(el),
      near: nearOf(el),
      form: form ? clean(form.getAttribute("name") || form.id || form.getAttribute("action") || "form") : "",
      index_in_form: form ? fields.indexOf(el) : null,
      index_in_list: listIndex(el),
      tag: el.tagName.toLowerCase(),
      html_id: el.id || "",
      html_name: el.getAttribute("name") || "",
    };
  }
  if (!Array.isArray(ids)) {
    if (!window.__nwDescribe) Object.defineProperty(window, "__nwDescribe", { value: describeEl });
    return null;
  }
  const out = {};
  for (const id of ids) {
    const el = document.querySelector(`[data-nw="${id}"]`);
    if (el) out[id] = describeEl(el);
  }
  return out;
}
