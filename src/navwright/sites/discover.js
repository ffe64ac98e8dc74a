// Collects, in one round trip, the raw site API declarations of the page:
// the HTML manifest (ul.api > li[id], api[name]), WebMCP-style tool forms, and OpenAPI links.
// Python (html_manifest.py, webmcp.py, openapi.py) turns the raw items into SiteFunctions.
() => {
  const attrs = (el) => {
    const out = {};
    for (const a of el.attributes) out[a.name.toLowerCase()] = a.value;
    return out;
  };
  const ownText = (el) => {
    let text = "";
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
      else if (node.nodeType === Node.ELEMENT_NODE && !/^(UL|OL|PARAM|PARAMS|SCRIPT|STYLE)$/.test(node.tagName))
        text += " " + node.textContent;
    }
    return text.replace(/\s+/g, " ").trim();
  };
  const explicitDescription = (el) => {
    const d = el.querySelector(":scope > .description, :scope > description, :scope > [data-description]");
    return d ? d.textContent.replace(/\s+/g, " ").trim() : "";
  };
  const paramItems = (el) => {
    const list = el.querySelector(":scope > ul, :scope > ol, :scope > params > ul, :scope > params > ol");
    const items = list ? Array.from(list.children).filter((c) => c.tagName === "LI") : [];
    const tags = Array.from(el.querySelectorAll(":scope > param, :scope > params > param"));
    return items.concat(tags).map((p) => {
      const code = p.querySelector("code, var, kbd, b, strong");
      return { attrs: attrs(p), code: code ? code.textContent.trim() : "",
               text: p.textContent.replace(/\s+/g, " ").trim() };
    });
  };
  const fn = (el, name, kind) => ({
    kind, name, attrs: attrs(el),
    description: explicitDescription(el) || el.getAttribute("description") || el.getAttribute("data-description") || "",
    text: ownText(el), params: paramItems(el),
  });
  const manifest = [];
  for (const li of document.querySelectorAll("ul.api > li[id], ol.api > li[id]")) manifest.push(fn(li, li.id, "li"));
  for (const api of document.querySelectorAll("api[name]")) manifest.push(fn(api, api.getAttribute("name"), "api"));

  const forms = [];
  for (const form of document.querySelectorAll("form[toolname]")) {
    const fields = [];
    for (const el of form.elements) {
      if (!el.name || /^(submit|button|reset|image)$/.test(el.type) || el.disabled) continue;
      const label = el.labels && el.labels.length ? el.labels[0].textContent.replace(/\s+/g, " ").trim() : "";
      fields.push({
        name: el.name, tag: el.tagName.toLowerCase(), type: el.type || "", required: el.required,
        description: el.getAttribute("toolparamdescription") || el.getAttribute("toolparamtitle") || label
          || el.getAttribute("placeholder") || "",
        options: el.tagName === "SELECT" ? Array.from(el.options).map((o) => o.value) : [],
        value: el.type === "radio" ? el.value : null,
        min: el.getAttribute("min"), max: el.getAttribute("max"), pattern: el.getAttribute("pattern"),
        hidden: el.type === "hidden",
      });
    }
    forms.push({
      name: form.getAttribute("toolname"), description: form.getAttribute("tooldescription") || "",
      autosubmit: form.hasAttribute("toolautosubmit"), method: (form.getAttribute("method") || "get").toLowerCase(),
      attrs: attrs(form), fields,
    });
  }
  const links = (rel) => Array.from(document.querySelectorAll("link[rel]"))
    .filter((l) => l.rel.toLowerCase().split(/\s+/).includes(rel)).map((l) => l.href);
  return { url: location.href, manifest, forms, serviceDescs: links("service-desc"), catalogs: links("api-catalog") };
}
