// Installed into every document before its own scripts run. A page that opens dialogs without end
// (`for (;;) alert(...)`, a timer that alerts) holds its main thread: nothing else can read it. After
// __LIMIT__ dialogs within __WINDOW_MS__ ms, alert/confirm/prompt throw instead of opening (which ends such a
// loop), for the rest of the document. A loop that catches the error keeps the page busy: after 200
// blocked calls within 500 ms, one marked alert opens, on which the session stops the running script.
// Frames of the same origin share their top window's count.
(() => {
  if (window.__nwDialogs) return;
  let st = null;
  try { if (window.top !== window) st = window.top.__nwDialogs || null; } catch (e) { st = null; }
  st = st || { times: [], blocked: 0, on: false, spin: 0, since: -1e9 };
  Object.defineProperty(window, "__nwDialogs", { value: st });
  const realAlert = window.alert;
  for (const name of ["alert", "confirm", "prompt"]) {
    const real = window[name];
    if (typeof real !== "function") continue;
    window[name] = function (...args) {
      const now = performance.now();
      st.times = st.times.filter((t) => now - t < __WINDOW_MS__);
      if (st.on || st.times.length >= __LIMIT__) {
        st.on = true;
        st.blocked++;
        if (now - st.since > 500) { st.since = now; st.spin = 0; }
        if (++st.spin === 200) realAlert.call(window, __MARK__);
        throw new Error("this page opened too many dialogs; further dialogs are blocked");
      }
      st.times.push(now);
      return real.apply(this, args);
    };
  }
})();
