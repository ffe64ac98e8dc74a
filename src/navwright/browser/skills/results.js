// The results of a search or a list page: a visible count ("12 results") and the first result titles,
// the links of the main content (not header, navigation, footer, pagination), with their element ids.
(max) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const SKIP = "header, nav, footer, aside, [role=navigation], [role=banner], [role=contentinfo], [class*=pagination i], [class*=breadcrumb i]";
  // a form's links are no results, but for those of a table's rows inside it (a bulk action's form
  // wraps the list of orders)
  const formed = (a) => !!a.closest("form") && !a.closest("tr");
  const links = (root) => Array.from(root.querySelectorAll("a[href]")).filter((a) => !a.closest(SKIP) && !formed(a) && visible(a));
  // the results are where most content links are: a results container, else main, else the body
  const candidates = Array.from(document.querySelectorAll("[class*=result i], [id*=result i], main, [role=main]")).slice(0, 30);
  let scope = document.body, most = 0;
  for (const c of candidates) {
    const k = links(c).length;
    if (k > most) { scope = c; most = k; }
  }
  // the count is written near the results ("3 results" above the list), not in the header's cart
  const around = scope === document.body ? scope : (scope.closest("main, [role=main]") || scope.parentElement || scope);
  const text = around ? around.innerText : "";
  const NOUNS = "results?|items?|products?|matches|hits|articles?|pages?|entries|records|flights?|hotels?|listings?";
  const count = text.match(/(?:about\s+)?\d[\d,.]*\s+(?:results?|matches|hits)\b/i)
    || text.match(new RegExp("\\b\\d[\\d,.]*\\s+(?:" + NOUNS + ")\\b(?! in (?:your )?(?:cart|basket|bag))", "i"))
    || text.match(/\bof\s+\d[\d,.]*\s+(?:results?|items?|products?)/i);
  const none = /\bno (results|matches|products|items|messages|articles|entries|records|flights|hotels|listings)\b|nothing (was )?found|did not match|\b0 results/i.exec(text);
  const seen = new Set();
  const out = [];
  for (const a of links(scope)) {
    if (out.length >= max) break;
    const name = norm(a.innerText || a.getAttribute("aria-label") || a.title);
    if (name.length < 3 || seen.has(a.href)) continue;
    seen.add(a.href);
    out.push({ id: a.getAttribute("data-nw"), name: name.slice(0, 100) });
  }
  return { count: count ? count[0] : null, none: none ? none[0] : null, results: out };
}
