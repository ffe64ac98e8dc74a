// Popups of form widgets. {options: key}: the suggestion options visible now near the field marked
// key (listbox options, suggestion lists), marked "o<n>". {calendar: iso}: the calendar that is open,
// the month it shows, its next/previous buttons (marked "c-next", "c-prev") and the day cell for the
// ISO date (marked "c-day") when shown.
(o) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const text = (el) => norm(el.innerText || el.textContent);
  document.querySelectorAll("[data-nwk^=o], [data-nwk^=c-]").forEach((e) => e.removeAttribute("data-nwk"));
  if (o.options) {
    const field = document.querySelector(`[data-nwk="${o.options}"]`);
    const owned = field ? (field.getAttribute("aria-controls") || field.getAttribute("aria-owns") || "") : "";
    const roots = owned ? owned.split(/\s+/).map((i) => document.getElementById(i)).filter(Boolean) : [];
    const sel = "[role=option], [role=listbox] li, [class*=suggest i] li, [class*=autocomplete i] li, " +
      "[class*=suggest i] [class*=item i], [class*=autocomplete i] [class*=item i], [class*=dropdown i] li";
    let found = roots.flatMap((r) => Array.from(r.querySelectorAll("[role=option], li")));
    if (!found.length) found = Array.from(document.querySelectorAll(sel));
    const out = [];
    for (const el of found) {
      if (!visible(el) || out.length >= 30 || el.getAttribute("aria-disabled") === "true") continue;
      if (found.some((x) => x !== el && el.contains(x))) continue;
      const key = "o" + out.length;
      el.setAttribute("data-nwk", key);
      out.push({ key, label: text(el).slice(0, 100) });
    }
    return out;
  }
  const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  const [y, m, d] = o.calendar.split("-").map(Number);
  const boxes = Array.from(document.querySelectorAll("[class*=calendar i], [class*=datepicker i], [class*=date-picker i], [role=dialog], [role=grid], [class*=picker i]")).filter(visible);
  const box = boxes.find((b) => /\b(19|20)\d\d\b/.test(text(b))) || boxes[0];
  if (!box) return null;
  const shownMonth = (() => {
    const re = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{4})\b/i;
    const hit = re.exec(text(box));
    return hit ? { month: MONTHS.indexOf(hit[1].toLowerCase()) + 1, year: +hit[2] } : null;
  })();
  const controls = Array.from(box.querySelectorAll("button, a, [role=button], span, div, th")).filter(visible);
  const says = (el, re) => re.test(norm(el.getAttribute("aria-label") || el.title || "") + " " + text(el) + " " + (typeof el.className === "string" ? el.className : ""));
  const next = controls.find((el) => says(el, /\bnext\b|^›$|^»$|^>$|^→$|\bnext\b/i) && !/\d/.test(text(el)));
  const prev = controls.find((el) => says(el, /\bprev(ious)?\b|^‹$|^«$|^<$|^←$/i) && !/\d/.test(text(el)));
  if (next) next.setAttribute("data-nwk", "c-next");
  if (prev) prev.setAttribute("data-nwk", "c-prev");
  const iso = o.calendar;
  const long = new Date(y, m - 1, d).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
  const OTHER = /other|outside|adjacent|disabled|muted|prev-month|next-month/i;
  const cells = Array.from(box.querySelectorAll("button, td, [role=gridcell], a, span, div")).filter(visible);
  let day = cells.find((el) => el.getAttribute("data-date") === iso || el.getAttribute("data-value") === iso
    || norm(el.getAttribute("aria-label")).includes(long));
  if (!day && shownMonth && shownMonth.month === m && shownMonth.year === y) {
    day = cells.find((el) => text(el) === String(d) && !el.querySelector("button, a, td, span")
      && !OTHER.test(typeof el.className === "string" ? el.className : "") && el.getAttribute("aria-disabled") !== "true" && !el.disabled);
  }
  if (day) day.setAttribute("data-nwk", "c-day");
  return { shown: shownMonth, next: !!next, prev: !!prev, day: !!day };
}
