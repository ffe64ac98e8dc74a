// The record each of several like controls belongs to (the "Cancel" of each row): for each id, the
// text of the largest ancestor that holds that control and none of the others, on one line.
(ids) => {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const els = ids.map((id) => document.querySelector(`[data-nw="${id}"]`));
  const out = {};
  els.forEach((el, i) => {
    if (!el) return;
    const others = els.filter((o, j) => o && j !== i);
    let box = el;
    while (box.parentElement && box.parentElement !== document.body
           && !others.some((o) => box.parentElement.contains(o))) box = box.parentElement;
    if (others.some((o) => box.contains(o))) return;
    out[ids[i]] = norm(box.innerText).slice(0, 300);
  });
  return out;
}
