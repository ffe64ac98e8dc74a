// The records of a list page: the largest group of sibling elements of the same shape (cards, list
// items, table rows) in the page's content, each one's visible text on one line (" · " between its
// parts) with the id of its first link, a table row's cells by their column's header, and its own links and buttons. Also the page's title and main headings, which say what the
// list is of ("Jackets", "Lisbon → Berlin").
(max) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const SKIP = "header, nav, footer, aside, [role=navigation], [role=banner], [role=contentinfo], form, select, [class*=pagination i], [class*=breadcrumb i]";
  const shape = (el) => el.tagName + "." + (typeof el.className === "string" ? el.className.trim().split(/\s+/).sort().join(".") : "");
  const textOf = (el) => (el.innerText || "").split("\n").map(norm).filter(Boolean).join(" · ");
  let best = [];
  for (const parent of document.querySelectorAll("body, body *")) {
    if (parent.childElementCount < 2 || parent.closest(SKIP)) continue;
    const groups = new Map();
    for (const child of parent.children) {
      const key = shape(child);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(child);
    }
    for (const group of groups.values()) {
      if (group.length < 2 || group.length <= best.length) continue;
      const items = group.filter((el) => visible(el) && /\d/.test(el.innerText || ""));
      const fit = items.filter((el) => { const n = norm(el.innerText).length; return n >= 8 && n <= 600; });
      if (fit.length >= 2 && fit.length > best.length && fit.length >= group.length / 2) best = fit;
    }
  }
  // a table's row: each cell under its column's header ("How much?": "68.95"), read by the header
  const headers = (row) => {
    const table = row.closest("table");
    const head = table && (table.querySelector("thead tr") || table.querySelector("tr"));
    if (!head || head === row || !head.querySelector("th")) return [];
    return Array.from(head.children).map((c) => norm(c.innerText));
  };
  const columnsOf = (el) => {
    if (el.tagName !== "TR") return {};
    const names = headers(el), out = {};
    Array.from(el.children).forEach((cell, i) => {
      if (names[i] && !(names[i] in out)) out[names[i]] = norm(cell.innerText).slice(0, 120);
    });
    return out;
  };
  // a record's own controls ("edit", "delete", "Mark as paid"), each with its id and its words
  const CONTROL = "a[href], button, [role=button], input[type=submit], input[type=button]";
  const controlsOf = (el) => (el.matches(CONTROL) ? [el] : Array.from(el.querySelectorAll(CONTROL)))
    .filter((c) => c.getAttribute("data-nw")).slice(0, 8)
    .map((c) => ({ id: c.getAttribute("data-nw"), name: norm(c.innerText || c.getAttribute("aria-label") || c.title || c.value).slice(0, 60) }));
  const records = best.slice(0, max).map((el) => {
    const link = el.matches("a[href]") ? el : el.querySelector("a[href], button");
    return { id: link ? link.getAttribute("data-nw") : null, text: textOf(el).slice(0, 300), columns: columnsOf(el),
             controls: controlsOf(el) };
  });
  const headings = Array.from(document.querySelectorAll("h1, main h2, [role=main] h2"))
    .filter((h) => visible(h) && !h.closest("header, nav, footer, aside")).slice(0, 4).map((h) => norm(h.innerText));
  // "Showing 1–12 of 16 products": the list goes on past this page
  const count = /\b(\d+)\s*[–-]\s*(\d+)\s+(?:of|von|de|sur|di)\s+(\d+)\b/.exec(document.body.innerText || "");
  const more = !!count && parseInt(count[2], 10) < parseInt(count[3], 10);
  return { title: norm(document.title), headings, records, total: best.length, more };
}
