// Installed into every document before its own scripts run: marks each element that a script gives a
// click listener of its own (jQuery's `.on("click")`, addEventListener), so the page script can tell
// two buttons drawn inside one clickable box ("Reply" and "Forward" under a pointer cursor) apart.
// The wrapper takes the same arguments and gives the same result as the original.
(() => {
  if (window.__nwListeners) return;
  const CLICKS = new Set(["click", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart"]);
  const orig = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (CLICKS.has(type) && this instanceof Element && !this.__nwClick) {
      try { Object.defineProperty(this, "__nwClick", { value: true, configurable: true }); } catch (e) { /* sealed */ }
    }
    return orig.call(this, type, ...rest);
  };
  Object.defineProperty(window, "__nwListeners", { value: true, enumerable: false });
})();
