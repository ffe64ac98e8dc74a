// The records of a list page: the largest group of sibling elements of the same shape (cards, list
// items, table rows) in the page's content, each one's visible text on one line (" · " between its
// parts) with the id of its first link, a table row's cells by their column's header, its own links
// and buttons, and the marks that set it apart from the other records only visually (a class such as
// "unread", bold type, a dot's label). Also the page's title and main headings, which say what the
// list is of ("Jackets", "Lisbon → Berlin"). A table inside a form is a list too (a bulk action's form
// wraps it); the other parts of a form are its fields. The marks are read only when `marks` asks for them;
// a table of one row is a list only when `one` asks for it.
({ max, marks: wantMarks, one }) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const SKIP = "header, nav, footer, aside, [role=navigation], [role=banner], [role=contentinfo], select, [class*=pagination i], [class*=breadcrumb i]";
  const classes = (el) => (typeof el.className === "string" ? el.className.trim().split(/\s+/).filter(Boolean) : []);
  // siblings are of one shape when they share the tag and, but for a table's rows and a list's items
  // ("tr.even" and "tr.odd.closed"), one's classes hold the other's but for two at most: "div.card" and
  // "div.card.sold-out"
  const ROWS = new Set(["TR", "LI"]);
  const kin = (tag, core, own) => {
    if (ROWS.has(tag)) return true;
    const [small, big] = core.size <= own.size ? [core, own] : [own, core];
    return big.size - small.size <= 2 && [...small].every((t) => big.has(t));
  };
  // a table's row: each cell under its column's header ("How much?": "68.95"), read by the header
  const headers = (row) => {
    const table = row.closest("table");
    const head = table && (table.querySelector("thead tr") || table.querySelector("tr"));
    if (!head || head === row || !head.querySelector("th")) return [];
    return Array.from(head.children).map((c) => norm(c.innerText));
  };
  const textOf = (el) => (el.innerText || "").split("\n").map(norm).filter(Boolean).join(" · ");
  let best = [];
  for (const parent of document.querySelectorAll("body, body *")) {
    if (parent.childElementCount < (one ? 1 : 2) || parent.closest(SKIP)) continue;
    // inside a form, only a table's rows are records: a list that a bulk action's form wraps ("Mark as
    // paid" for the ticked orders), not the form's own fields
    const inForm = !!parent.closest("form");
    const groups = [];
    for (const child of parent.children) {
      const own = new Set(classes(child));
      const group = groups.find((g) => g.tag === child.tagName && kin(g.tag, g.core, own));
      if (group) {
        group.members.push(child);
        group.core = new Set([...group.core].filter((t) => own.has(t)));
      } else groups.push({ tag: child.tagName, core: own, members: [child] });
    }
    for (const { tag, members: group } of groups) {
      // `one`: a table's one row under its header is a list too (a search left one order)
      const least = one && tag === "TR" && headers(group[0]).length ? 1 : 2;
      if (group.length < least || group.length <= best.length || (inForm && tag !== "TR")) continue;
      const items = group.filter((el) => visible(el) && /\d/.test(el.innerText || ""));
      const fit = items.filter((el) => { const n = norm(el.innerText).length; return n >= 8 && n <= 600; });
      if (fit.length >= least && fit.length > best.length && fit.length >= group.length / 2) best = fit;
    }
  }
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
  // what sets a record apart only visually: its own classes, its parts' classes and the labels of its
  // parts that show no text (a dot titled "Unread") that some records have and others not, and bold type
  const wordsOf = (s) => (s || "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 1);
  const signsOf = (el) => {
    const out = new Set(classes(el).flatMap(wordsOf));
    for (const part of Array.from(el.querySelectorAll("*")).slice(0, 80)) {
      classes(part).flatMap(wordsOf).forEach((w) => out.add(w));
      const label = part.getAttribute("title") || part.getAttribute("aria-label");
      if (label && !norm(part.innerText)) wordsOf(label).forEach((w) => out.add(w));
    }
    return out;
  };
  const weightOf = (el) => {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (norm(node.data)) return parseInt(getComputedStyle(node.parentElement).fontWeight, 10) || 400;
    }
    return 400;
  };
  const kept = best.slice(0, max);
  const signs = wantMarks ? kept.map(signsOf) : kept.map(() => new Set());
  const everywhere = (w) => signs.every((s) => s.has(w));
  const bold = wantMarks ? kept.map((el) => weightOf(el) >= 600) : kept.map(() => false);
  const boldApart = bold.some(Boolean) && !bold.every(Boolean);
  const records = kept.map((el, i) => {
    const link = el.matches("a[href]") ? el : el.querySelector("a[href], button");
    const marks = [...signs[i]].filter((w) => !everywhere(w)).slice(0, 12);
    if (boldApart && bold[i]) marks.push("bold");
    return { id: link ? link.getAttribute("data-nw") : null, text: textOf(el).slice(0, 300), columns: columnsOf(el),
             controls: controlsOf(el), marks };
  });
  const headings = Array.from(document.querySelectorAll("h1, main h2, [role=main] h2"))
    .filter((h) => visible(h) && !h.closest("header, nav, footer, aside")).slice(0, 4).map((h) => norm(h.innerText));
  // "Showing 1–12 of 16 products", "Page 1 of 3": the list goes on past this page
  const said = document.body.innerText || "";
  const count = /\b(\d+)\s*[–-]\s*(\d+)\s+(?:of|von|de|sur|di)\s+(\d+)\b/.exec(said);
  const paged = /\bpage\s+(\d+)\s+(?:of|\/)\s+(\d+)\b/i.exec(said);
  const more = (!!count && parseInt(count[2], 10) < parseInt(count[3], 10))
    || (!!paged && parseInt(paged[1], 10) < parseInt(paged[2], 10));
  // "Page 3 of 3", "13–16 of 16": one page of several, the earlier ones too
  const part = (!!paged && parseInt(paged[2], 10) > 1)
    || (!!count && (parseInt(count[1], 10) > 1 || parseInt(count[2], 10) < parseInt(count[3], 10)));
  return { title: norm(document.title), headings, records, total: best.length, more, part };
}
