// Fills a WebMCP-style tool form (form[toolname=NAME]) with the arguments, then submits it when asked.
// Returns {filled: [names], invalid: [messages]} or {error: words}.
([name, args, submit, allowed]) => {
  const form = Array.from(document.querySelectorAll("form[toolname]")).find((f) => f.getAttribute("toolname") === name);
  if (!form) return { error: `the ${name} form is no longer on the page` };
  const host = new URL(form.action || location.href, location.href).hostname;
  if (allowed.length && !allowed.some((d) => host === d || host.endsWith("." + d)))
    return { error: `the ${name} form sends to ${host}, which is not an allowed domain` };
  const filled = [];
  for (const [key, value] of Object.entries(args)) {
    const item = form.elements.namedItem(key);
    if (!item) continue;
    if (item instanceof RadioNodeList) {
      for (const r of item) r.checked = r.value === String(value);
    } else if (item.type === "checkbox") {
      item.checked = Boolean(value);
    } else {
      item.value = String(value);
    }
    const el = item instanceof RadioNodeList ? item[0] : item;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    filled.push(key);
  }
  if (!submit) return { filled, invalid: [] };
  const invalid = Array.from(form.elements).filter((e) => e.willValidate && !e.checkValidity())
    .map((e) => `${e.name || e.id}: ${e.validationMessage}`);
  if (invalid.length) return { filled, invalid };
  form.requestSubmit();
  return { filled, invalid: [] };
}
