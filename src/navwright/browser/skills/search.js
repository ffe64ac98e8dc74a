// The page's site-search box (and its button): scored by type=search, role=searchbox, names and hints
// that say search/query/find, a search form, a place in the header. Marks the box data-nwk=key and
// the button data-nwk=key+"-go"; null when nothing looks like a search box.
(key) => {
  for (const k of [key, key + "-go"]) document.querySelectorAll(`[data-nwk="${k}"]`).forEach((e) => e.removeAttribute("data-nwk"));
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const SEARCH = /search|query|find|keyword|suche|buscar|recherche|\bq\b/i;
  const GO = /search|find|go|^\W*$|submit|look/i;
  const words = (el) => [el.name, el.id, el.placeholder, el.getAttribute("aria-label"), el.title, el.className,
    el.labels && el.labels.length ? el.labels[0].innerText : ""].map(norm).join(" ");
  const boxes = Array.from(document.querySelectorAll("input, [role=searchbox], [role=combobox]"))
    .filter((el) => visible(el) && !el.disabled && !el.readOnly
      && (el.tagName !== "INPUT" || ["", "text", "search"].includes((el.getAttribute("type") || "").toLowerCase())));
  let best = null, bestScore = 0;
  for (const el of boxes) {
    let score = 0;
    if ((el.getAttribute("type") || "").toLowerCase() === "search") score += 5;
    if (el.getAttribute("role") === "searchbox") score += 5;
    if (el.name === "q" || el.name === "s") score += 4;
    if (SEARCH.test(words(el))) score += 4;
    const form = el.form || el.closest("form");
    if (el.closest("[role=search], search")) score += 4;
    if (form && SEARCH.test((form.getAttribute("action") || "") + " " + form.id + " " + form.className)) score += 3;
    if (form) {
      const texts = form.querySelectorAll("input:not([type]), input[type=text], input[type=search], textarea, select");
      const button = form.querySelector("button, input[type=submit]");
      if (texts.length === 1 && button && SEARCH.test(norm(button.innerText || button.value || button.getAttribute("aria-label")))) score += 3;
      if (form.querySelector("input[type=password]")) score -= 6;
    }
    if (el.closest("header, nav, [role=banner]")) score += 1;
    if (score > bestScore) { best = el; bestScore = score; }
  }
  if (!best || bestScore < 4) return null;
  best.setAttribute("data-nwk", key);
  const form = best.form || best.closest("form");
  let container = form;
  for (let up = best.parentElement, i = 0; !container && up && i < 3; up = up.parentElement, i++) {
    if (up.querySelector("button, [role=button], input[type=submit]")) container = up;
  }
  let button = null;
  if (container) {
    const buttons = Array.from(container.querySelectorAll("button, [role=button], input[type=submit]")).filter(visible);
    button = buttons.find((b) => b.type === "submit" || GO.test(norm(b.innerText || b.value || b.getAttribute("aria-label") || b.title))) || null;
    if (button) button.setAttribute("data-nwk", key + "-go");
  }
  const label = best.labels && best.labels.length ? norm(best.labels[0].innerText) : "";
  return { name: label || norm(best.getAttribute("aria-label") || best.placeholder || best.name || "search"), form: !!form, button: !!button };
}
