// What kind of element this is and whether a pointer click at its centre would reach it.
// Scrolls it into view first (only when it is outside the viewport). One round trip.
(el) => {
  const tag = el.tagName.toLowerCase();
  const control = tag === "label" && el.control ? el.control : el;
  const win = el.ownerDocument.defaultView || window;
  let r = el.getBoundingClientRect();
  const outside = r.bottom < 0 || r.right < 0 || r.top > win.innerHeight || r.left > win.innerWidth;
  if (outside) {
    el.scrollIntoView({ block: "center", inline: "center" });
    r = el.getBoundingClientRect();
  }
  const describe = (n) => {
    if (!n) return "nothing";
    const label = (n.getAttribute("aria-label") || n.innerText || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") + (label ? ` "${label}"` : "");
  };
  let covered = null;
  let viaLabel = false;
  if (r.width < 1 || r.height < 1) {
    covered = "it has no size";
  } else {
    const root = el.getRootNode();
    const finder = root.elementFromPoint ? root : el.ownerDocument;
    const hit = finder.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const labels = control.labels ? Array.from(control.labels) : [];
    if (!hit || (hit !== el && !el.contains(hit))) {
      if (hit && labels.some((l) => l === hit || l.contains(hit))) viaLabel = true;
      else covered = `it is covered by ${describe(hit)}`;
    }
  }
  const ariaChecked = control.getAttribute("aria-checked");
  const checkable = (control.tagName === "INPUT" && (control.type === "checkbox" || control.type === "radio"))
    || ["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].includes(control.getAttribute("role") || "");
  const checked = control.tagName === "INPUT" && (control.type === "checkbox" || control.type === "radio")
    ? control.checked : ariaChecked === null ? null : ariaChecked === "true";
  const select = tag === "select" ? el : tag === "option" ? el.closest("select") : null;
  return {
    tag,
    type: (control.getAttribute("type") || "").toLowerCase(),
    ctag: control.tagName.toLowerCase(),
    role: (el.getAttribute("role") || control.getAttribute("role") || "").toLowerCase(),
    disabled: !!(control.disabled || control.getAttribute("aria-disabled") === "true"),
    readonly: !!control.readOnly,
    editable: !!el.isContentEditable,
    checkable,
    checked,
    covered,
    viaLabel,
    options: select ? Array.from(select.options).map((o) => ({ label: o.label.trim(), value: o.value })) : [],
    optionValue: tag === "option" ? el.value : null,
    multiple: !!(select && select.multiple),
  };
}
