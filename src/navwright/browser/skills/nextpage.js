// The control that leads to the next page of a list: rel=next, "Next"/"›"/"»"/"Older →", or the page number after
// the current one. Marks it with data-nwk=key and says what it is; null when there is none.
(key) => {
  document.querySelectorAll(`[data-nwk="${key}"]`).forEach((e) => e.removeAttribute("data-nwk"));
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const off = (el) => el.disabled || el.getAttribute("aria-disabled") === "true"
    || /\bdisabled\b/i.test(el.className || "") || (el.parentElement && /\bdisabled\b/i.test(el.parentElement.className || ""));
  const NEXT = /^(?:(?:next(?: page)?|more results|older(?: posts| entries| messages)?|load more|show more)(?:\s*[›»>→]+)?|[›»>→]{1,2})$/i;
  const PAGER = /pag(e|ination|er)/i;
  const nameOf = (el) => norm(el.getAttribute("aria-label") || el.innerText || el.value || el.title);
  const controls = Array.from(document.querySelectorAll("a[href], button, [role=button], [role=link], input[type=button], input[type=submit]"))
    .filter((el) => visible(el) && !off(el));
  const inPager = (el) => !!el.closest("nav, [role=navigation], [class*=pag i], [id*=pag i], [aria-label*=pag i]");
  const pick = (el, how) => { el.setAttribute("data-nwk", key); return { name: nameOf(el).slice(0, 60), how }; };
  const rel = controls.find((el) => (el.getAttribute("rel") || "").split(/\s+/).includes("next"));
  if (rel) return pick(rel, "next");
  const named = controls.filter((el) => NEXT.test(nameOf(el)) || /^next\b/i.test(nameOf(el)));
  named.sort((a, b) => (inPager(b) ? 1 : 0) - (inPager(a) ? 1 : 0));
  if (named.length) return pick(named[0], "next");
  // the current page number, then the control whose name is that number plus one
  const current = document.querySelector("[aria-current=page], [aria-current=true], .pagination .active, .pagination .current, [class*=pag i] .active, [class*=pag i] .current, [class*=pag i] [class*=current i]");
  const n = current ? parseInt(norm(current.innerText), 10) : NaN;
  if (!Number.isNaN(n)) {
    const after = controls.find((el) => norm(el.innerText) === String(n + 1) && (inPager(el) || PAGER.test(el.className || "")));
    if (after) return pick(after, "page " + (n + 1));
  }
  return null;
}
