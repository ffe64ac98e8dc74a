// Installed into every document before its own scripts run. Tracks what an action set in motion
// (fetch/XHR in flight, short timers, DOM mutations) so settle() can wait for exactly that and
// return at once when nothing is pending. The wrappers (setTimeout, setInterval, requestAnimationFrame,
// window.open, fetch, XHR) take the same arguments and give the same results as the originals.
(() => {
  if (window.__nwSettle) return;
  const now = () => performance.now();
  const origSetTimeout = window.setTimeout.bind(window);
  const origClearTimeout = window.clearTimeout.bind(window);
  const s = {
    inflight: 0,
    timers: new Set(),
    last: now(),
    armed: false,
    inUntracked: 0,
    popups: 0,
    maxTimerMs: 1000,
    doc: Math.random().toString(36).slice(2),
  };
  const touch = () => { s.last = now(); };

  window.setTimeout = function (fn, delay, ...args) {
    const ms = Number(delay) || 0;
    const tracked = s.armed && s.inUntracked === 0 && ms <= s.maxTimerMs;
    let id;
    const run = function () {
      if (tracked) { s.timers.delete(id); touch(); } else { s.inUntracked++; }
      try {
        return typeof fn === "function" ? fn.apply(this, args) : (0, eval)(String(fn));
      } finally {
        if (!tracked) { s.inUntracked--; s.forget(); }
      }
    };
    id = origSetTimeout(run, delay);
    if (tracked) s.timers.add(id);
    return id;
  };
  // Intervals started before the action are background work (clocks, pollers): their DOM changes and
  // timers are not waited for. One the action starts is its work for its first maxTimerMs, or until
  // it is cleared: jQuery 1.x and 2.x run every animation (an accordion opening) on one interval.
  const origSetInterval = window.setInterval.bind(window);
  const origClearInterval = window.clearInterval.bind(window);
  window.setInterval = function (fn, delay, ...args) {
    const tracked = s.armed && s.inUntracked === 0;
    const born = now();
    let id;
    id = origSetInterval(function () {
      const live = tracked && s.timers.has("i" + id) && now() - born <= s.maxTimerMs;
      if (live) touch(); else s.inUntracked++;
      try {
        return typeof fn === "function" ? fn.apply(this, args) : (0, eval)(String(fn));
      } finally {
        if (!live) { s.inUntracked--; s.forget(); }
      }
    }, delay);
    if (tracked) {
      s.timers.add("i" + id);
      origSetTimeout(() => { if (s.timers.delete("i" + id)) touch(); }, s.maxTimerMs);
    }
    return id;
  };
  window.clearInterval = function (id) {
    if (s.timers.delete("i" + id)) touch();
    return origClearInterval(id);
  };
  window.clearTimeout = function (id) {
    if (s.timers.delete(id)) touch();
    return origClearTimeout(id);
  };

  // Animation frames requested by the action (a popup opened in requestAnimationFrame, a short
  // JS animation) count as pending too; frame loops started before the action do not.
  const origRaf = window.requestAnimationFrame && window.requestAnimationFrame.bind(window);
  const origCaf = window.cancelAnimationFrame && window.cancelAnimationFrame.bind(window);
  if (origRaf) {
    window.requestAnimationFrame = function (fn) {
      const tracked = s.armed && s.inUntracked === 0;
      let id;
      id = origRaf((ts) => {
        if (tracked) { s.timers.delete("f" + id); touch(); } else { s.inUntracked++; }
        try { return fn(ts); } finally { if (!tracked) { s.inUntracked--; s.forget(); } }
      });
      if (tracked) s.timers.add("f" + id);
      return id;
    };
    window.cancelAnimationFrame = function (id) {
      if (s.timers.delete("f" + id)) touch();
      return origCaf(id);
    };
  }

  // Tabs the action is opening (window.open, links with a target): the browser creates them a moment
  // later, so settle() reports them and the caller waits for the new tab.
  const origOpen = window.open;
  window.open = function (...args) {
    if (s.armed) s.popups++;
    return origOpen.apply(this, args);
  };
  window.addEventListener("click", (e) => {
    const a = s.armed && !e.defaultPrevented && e.target && e.target.closest && e.target.closest("a[href][target]");
    if (a && !["", "_self", "_parent", "_top"].includes(a.target.toLowerCase())) s.popups++;
  });

  const origFetch = window.fetch;
  if (origFetch) {
    window.fetch = function (...args) {
      s.inflight++; touch();
      const done = () => { s.inflight--; touch(); };
      return origFetch.apply(this, args).then(
        (r) => { done(); return r; },
        (e) => { done(); throw e; },
      );
    };
  }
  const origSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    s.inflight++; touch();
    this.addEventListener("loadend", () => { s.inflight--; touch(); }, { once: true });
    try {
      return origSend.apply(this, args);
    } catch (e) {
      s.inflight--;
      throw e;
    }
  };

  // Background callbacks (started before the action) drop the DOM changes they made, so a ticking
  // clock or a running animation does not keep the page from counting as quiet.
  let observer = null;
  s.forget = () => { if (observer) observer.takeRecords(); };
  const watch = () => {
    // Our own id attributes (data-nw, written by observe) are not page activity.
    const onMutations = (records) => {
      for (const r of records) {
        if (r.type !== "attributes" || r.attributeName !== "data-nw") { touch(); return; }
      }
    };
    observer = new MutationObserver(onMutations);
    observer.observe(document, {
      subtree: true, childList: true, attributes: true, characterData: true,
    });
  };
  if (document.documentElement) watch();
  else document.addEventListener("readystatechange", watch, { once: true });

  // Called before an action: timers created from now on count as pending work.
  // Returns this document's token, so the caller can tell a new document from the same one.
  s.arm = () => { s.armed = true; s.popups = 0; s.leaving = false; s.timers.clear(); return s.doc; };
  // The document is being replaced: settle() must wait for the next one, not report this one.
  window.addEventListener("beforeunload", () => { if (s.armed) s.leaving = true; });
  // Resolves when nothing is in flight, no tracked timer is pending and the DOM has been quiet
  // for quietMs (measured from the last activity, so an idle page returns at once).
  s.wait = (quietMs, capMs) => new Promise((resolve) => {
    const start = now();
    const check = () => {
      const t = now();
      if (s.leaving) {
        s.leaving = false;
        resolve({ leaving: true, doc: s.doc });
        return;
      }
      const busy = s.inflight > 0 || s.timers.size > 0;
      const quiet = t - s.last >= quietMs;
      if ((!busy && quiet) || t - start >= capMs) {
        s.armed = false;
        resolve({ ms: t - start, capped: busy || !quiet, doc: s.doc, popups: s.popups });
        return;
      }
      origSetTimeout(check, busy ? 15 : Math.max(5, quietMs - (t - s.last)));
    };
    check();
  });
  Object.defineProperty(window, "__nwSettle", { value: s, enumerable: false });
})();
