// The whole page as lines (all screens, not only the observation's budget): block text, table rows
// as "cell | cell | cell", each line with its nearest heading and, for a table row, the header row.
() => {
  const norm = (s) => (s || "").replace(/[ \t\u00a0]+/g, " ").trim();
  const heads = new Set(Array.from(document.querySelectorAll("h1,h2,h3,h4,h5,h6,[role=heading],caption,legend"),
    (h) => norm(h.innerText)).filter(Boolean));
  // a select's options are in innerText, one per line: choices, not page text
  const options = new Set(Array.from(document.querySelectorAll("select option"), (x) => norm(x.text)));
  const body = document.body ? document.body.innerText : "";
  const out = [];
  let heading = "";
  let header = "";
  let inTable = false;
  for (const raw of body.split("\n")) {
    const cells = raw.split("\t").map(norm).filter(Boolean);
    if (!cells.length || (cells.length === 1 && options.has(cells[0]))) continue;
    const line = cells.join(" | ");
    const row = raw.includes("\t") && cells.length > 1;
    if (!row && heads.has(line)) { heading = line; inTable = false; continue; }
    if (row && !inTable) { header = line; inTable = true; out.push({ text: line, heading, header: "" }); continue; }
    if (!row) inTable = false;
    out.push({ text: line, heading, header: row ? header : "" });
  }
  return { url: location.href, title: document.title, lines: out.slice(0, 20000) };
}
