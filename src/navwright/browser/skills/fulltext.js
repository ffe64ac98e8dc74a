// The whole page as lines (all screens, not only the observation's budget): block text, table rows
// as "cell | cell | cell" (a "Label:" cell and the one after it as "Label: value"), each line with its nearest heading and, for a table row, the header row.
() => {
  const norm = (s) => (s || "").replace(/[ \t\u00a0]+/g, " ").trim();
  const heads = new Set(Array.from(document.querySelectorAll("h1,h2,h3,h4,h5,h6,[role=heading],caption,legend"),
    (h) => norm(h.innerText)).filter(Boolean));
  // a select's options are in innerText, one per line: choices, not page text
  const options = new Set(Array.from(document.querySelectorAll("select option"), (x) => norm(x.text)));
  // links set side by side with no space between them read as one word in innerText ("FlightsMy
  // tripsBaggage"): such a run of inline children is written apart, "Flights · My trips · Baggage"
  const glued = new Map();
  const INLINE = /^(A|BUTTON|SPAN|B|STRONG|EM|I|LABEL|SMALL)$/;
  for (const el of document.querySelectorAll("nav, header, footer, div, p, li, ul, td, span")) {
    if (el.childElementCount < 2 || el.childElementCount > 40) continue;
    const kids = Array.from(el.children);
    if (!kids.every((k) => INLINE.test(k.tagName))) continue;
    const texts = kids.map((k) => norm(k.innerText)).filter(Boolean);
    if (texts.length >= 2 && norm(el.innerText) === texts.join("")) glued.set(texts.join(""), texts.join(" · "));
  }
  // a cell that ends with a colon labels the next one: "Owned by: Bence Kovacs | Priority: blocker"
  const labelled = (cells) => {
    const out = [];
    for (let i = 0; i < cells.length; i++) {
      const next = cells[i + 1];
      if (next !== undefined && /:$/.test(cells[i]) && !/:$/.test(next)) { out.push(cells[i] + " " + next); i++; }
      else out.push(cells[i]);
    }
    return out;
  };
  const body = document.body ? document.body.innerText : "";
  const out = [];
  let heading = "";
  let header = "";
  let inTable = false;
  for (const raw of body.split("\n")) {
    const cells = raw.split("\t").map(norm).filter(Boolean);
    if (!cells.length || (cells.length === 1 && options.has(cells[0]))) continue;
    const line = cells.length === 1 && glued.has(cells[0]) ? glued.get(cells[0]) : labelled(cells).join(" | ");
    const row = raw.includes("\t") && cells.length > 1;
    if (!row && heads.has(line)) { heading = line; inTable = false; continue; }
    if (row && !inTable) { header = line; inTable = true; out.push({ text: line, heading, header: "" }); continue; }
    if (!row) inTable = false;
    out.push({ text: line, heading, header: row ? header : "" });
  }
  return { url: location.href, title: document.title, lines: out.slice(0, 20000) };
}
