// The results of a search or a list page: a visible count ("12 results") and the first result titles,
// the links of the main content (not header, navigation, footer, pagination), with their element ids.
(max) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const text = document.body ? document.body.innerText : "";
  const count = text.match(/(?:about\s+)?([\d][\d,.]*)\s+(?:results?|items?|products?|matches|hits|articles?|pages?|entries|records|flights?|hotels?|listings?)\b/i)
    || text.match(/\bof\s+([\d][\d,.]*)\s+(?:results?|items?|products?)/i);
  const none = /no (results|matches|products|items)|nothing (was )?found|did not match|0 results/i.exec(text);
  const SKIP = "header, nav, footer, aside, [role=navigation], [role=banner], [role=contentinfo], [class*=pagination i], [class*=breadcrumb i], form";
  const scope = document.querySelector("[class*=result i], [id*=result i], main, [role=main]") || document.body;
  const seen = new Set();
  const out = [];
  for (const a of scope.querySelectorAll("a[href]")) {
    if (out.length >= max) break;
    if (a.closest(SKIP) || !visible(a)) continue;
    const name = norm(a.innerText || a.getAttribute("aria-label") || a.title);
    if (name.length < 3 || seen.has(a.href)) continue;
    seen.add(a.href);
    out.push({ id: a.getAttribute("data-nw"), name: name.slice(0, 100) });
  }
  return { count: count ? count[0] : null, none: none ? none[0] : null, results: out };
}
