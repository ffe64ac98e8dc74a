// navwright page script: one call walks the document once (open shadow roots and same-origin
// frames included) and returns a JSON string of items: text lines and interactive elements.
// Ids live on elements as the data-nw attribute. Installed once per document (window.__nw).
(first, second) => {
  // page.evaluate passes (opts); Locator.evaluate passes (element, opts).
  const opts = second === undefined ? first : second;
  if (!window.__nw || window.__nw.v !== 7) {
    window.__nw = (() => {
      const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE",
        "svg", "SVG", "math", "CANVAS", "AUDIO", "VIDEO", "PICTURE", "OBJECT", "EMBED", "BASE"]);
      const GROUPS = new Set(["FORM", "FIELDSET", "NAV", "UL", "OL", "MENU", "TABLE", "DIALOG", "DL"]);
      const GROUP_ROLES = new Set(["dialog", "alertdialog", "list", "menu", "menubar", "listbox",
        "tablist", "radiogroup", "grid", "tree", "navigation", "form", "toolbar", "table"]);
      const ROLES = new Set(["button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
        "menuitemcheckbox", "menuitemradio", "option", "combobox", "textbox", "searchbox", "slider",
        "spinbutton", "treeitem", "gridcell"]);
      const TEXTISH = new Set(["text", "email", "password", "search", "tel", "url", "number", "date",
        "datetime-local", "month", "week", "time", "color", ""]);
      const HEADINGS = { H1: 1, H2: 2, H3: 3, H4: 4, H5: 5, H6: 6 };
      const CARD = /card.?num|cc.?num|cardnumber|cvc|cvv|security.?code|expir/i;
      const CONTROLS = "a[href],button,input,select,textarea,[role=button],[role=link]";
      const SVG_CAP = 300; // candidates read per SVG: a map or chart can hold thousands of labels

      const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
      const cut = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

      // Visible text of a subtree for names, without form-control contents; stops near `cap` chars.
      // An element's text as a person reads it: blocks, cells and the items of a flex or grid box are
      // apart ("<b>Priya Raman</b><span>Budget figures</span>" in a flex row is not "Priya RamanBudget"),
      // inline tags inside a word are not ("<mark>Lis</mark>bon").
      const APART = new Set(["BR", "DIV", "P", "LI", "TD", "TH", "TR", "DT", "DD", "H1", "H2", "H3", "H4",
        "H5", "H6", "SECTION", "ARTICLE", "HEADER", "FOOTER", "UL", "OL", "TABLE"]);
      function textOf(root, cap) {
        let out = "";
        const stack = [root];
        const boxes = memo ? (memo.boxes = memo.boxes || new Map()) : new Map();  // per observation
        const laidOut = (p) => {
          if (!p || p.nodeType !== 1) return false;
          if (!boxes.has(p)) boxes.set(p, /flex|grid/.test(getComputedStyle(p).display));
          return boxes.get(p);
        };
        while (stack.length && out.length < cap) {
          const n = stack.pop();
          if (n.nodeType === 3) {  // blank space counted once: a template's indentation fills no name;
            // an icon font's glyphs (Unicode's private use area) are no words
            const t = n.data.replace(/[\uE000-\uF8FF]/g, "").replace(/\s+/g, " ");
            if (t !== " " || !out.endsWith(" ")) out += t;
            continue;
          }
          if (n.nodeType !== 1 || SKIP.has(n.tagName) || n.tagName === "SELECT" || n.tagName === "TEXTAREA") continue;
          if (n.getAttribute("aria-hidden") === "true") continue;
          if (n.tagName === "IMG" && n.alt) { out += " " + n.alt + " "; continue; }
          const kids = n.shadowRoot ? n.shadowRoot.childNodes : n.childNodes;
          for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
          if (APART.has(n.tagName) || (n !== root && laidOut(n.parentElement))) out += " ";
        }
        return cut(norm(out), cap);
      }

      function byIds(el, attr) {
        const ids = (el.getAttribute(attr) || "").split(/\s+/).filter(Boolean);
        const root = el.getRootNode();
        return norm(ids.map((i) => {
          const t = (root.getElementById ? root.getElementById(i) : null) || el.ownerDocument.getElementById(i);
          return t ? textOf(t, 120) : "";
        }).join(" "));
      }

      // The <label>s of a control, from one pass over its tree's labels per observation: `el.labels`
      // scans the whole document on each first read (a 2 MB page with 11,000 buttons took 6-16 s).
      let memo = null; // per observation: { labels: root -> (control -> labels), forms: form -> host }
      function labelsOf(el) {
        if (!memo) return el.labels || [];
        const root = el.getRootNode();
        let map = memo.labels.get(root);
        if (!map) {
          map = new Map();
          for (const l of root.querySelectorAll ? root.querySelectorAll("label") : []) {
            const c = l.control;
            if (c) { if (!map.has(c)) map.set(c, []); map.get(c).push(l); }
          }
          memo.labels.set(root, map);
        }
        return map.get(el) || [];
      }

      // Accessible name: labelledby, aria-label, <label>, placeholder, alt, title, inner text.
      // Never the HTML name attribute.
      function nameOf(el, tag, role) {
        let n = "";
        if (el.hasAttribute("aria-labelledby")) n = byIds(el, "aria-labelledby");
        if (!n) n = norm(el.getAttribute("aria-label"));
        const labels = labelsOf(el);
        if (!n && labels.length) n = norm(Array.from(labels, (l) => textOf(l, 120)).join(" "));
        if (!n && (tag === "INPUT" || tag === "TEXTAREA")) {
          const t = el.type;
          if (t === "submit" || t === "button" || t === "reset") n = norm(el.value) || (t === "submit" ? "Submit" : "");
          else if (t === "image") n = norm(el.alt);
          if (!n) n = norm(el.placeholder);
        }
        if (!n && tag === "IMG") n = norm(el.alt);
        if (!n && (role === "dialog" || role === "alertdialog")) {
          // a dialog is named by its author or its heading, never by all of its text (buttons included)
          const h = el.querySelector("h1, h2, h3, h4, [role=heading]");
          return cut(h ? textOf(h, 100) : norm(el.getAttribute("title")), 100);
        }
        if (!n && !(tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") && role !== "textbox") n = textOf(el, 100);
        if (!n) n = norm(el.getAttribute("title"));
        if (!n && tag === "A") { const img = el.querySelector("img[alt]"); if (img) n = norm(img.alt); }
        if (!n && (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT")) n = besideText(el);
        if (!n && !(tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT")) n = hintOf(el);
        return cut(n, 100);
      }

      // A field with no label names itself by the short text written right before it, as a person reads
      // the form: "<span>Year:</span><input>", or the box before its own box ("<div>Genre</div><div><input>
      // </div>", the cell before its cell in a table layout).
      function besideText(el) {
        let at = el;
        for (let up = 0; up < 3 && at; up++) {
          let node = at.previousSibling;
          while (node && node.nodeType === 3 && !norm(node.data)) node = node.previousSibling;
          if (node) {
            const FORMISH = "input, select, textarea, button, a";
            if (node.nodeType === 1 && (node.matches(FORMISH) || node.querySelector(FORMISH))) return "";
            return labelish(node.nodeType === 3 ? norm(node.data) : textOf(node, 60));
          }
          at = at.parentElement && at.parentElement.childElementCount === 1 ? at.parentElement : null;
        }
        return afterText(el);
      }
      // A field first in a box of its own names itself by the short text right after it (a floating
      // label: "<div><input><div>Genre</div></div>").
      function afterText(el) {
        const box = el.parentElement;
        if (el.previousElementSibling || !box || box.querySelectorAll("input, select, textarea").length !== 1) return "";
        const node = el.nextElementSibling;
        if (!node || node.matches("input, select, textarea, button, a") || node.querySelector("input, select, textarea, button, a")) return "";
        return labelish(textOf(node, 60));
      }
      // Text beside a field that reads as its label: short, and not sentences ("Eu, massa ac cras.
      // Scelerisque sit." is the paragraph a task asks about, not the name of the field under it).
      function labelish(t) {
        return t.length <= 40 && !/[.!?]\s+\S/.test(t) ? norm(t.replace(/[:*\s]+$/, "")) : "";
      }

      // An SVG link's address (its href is an SVGAnimatedString), resolved as the page resolves it.
      function linkOf(el) {
        const h = el.getAttribute("href") || el.getAttribute("xlink:href");
        try { return h ? new URL(h, el.baseURI).href : ""; } catch (e) { return ""; }
      }

      // Last resort for icon-only controls: words from the id or classes of the element or its icon
      // ("close-email" -> "close email", "fa fa-trash" -> "trash"). Generic words are dropped.
      const HINT_NOISE = new Set(["btn", "button", "icon", "icons", "fa", "fas", "far", "fab", "glyphicon", "ui",
        "js", "el", "item", "link", "wrapper", "container", "col", "row", "lg", "sm", "md", "xs", "primary",
        "secondary", "action", "actions", "default", "outline", "small", "large", "active", "svg", "img", "ng",
        "mat", "material", "symbols", "outlined", "bi", "ion", "mdi", "clickable", "pointer", "hidden"]);
      function hintWords(text) {
        const words = String(text || "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z]+/);
        return words.filter((w) => w.length > 1 && !HINT_NOISE.has(w));
      }
      function hintOf(el) {
        const icon = el.querySelector("i, svg, span");
        for (const node of icon ? [el, icon] : [el]) {
          const sources = [node.id, ...(node.classList ? Array.from(node.classList) : [])];
          for (const source of sources) {
            const words = hintWords(source);
            if (words.length && !/\d{3,}/.test(source)) return words.slice(0, 3).join(" ");
          }
        }
        return "";
      }

      function inputType(el, tag) {
        if (tag !== "INPUT" && tag !== "TEXTAREA") return null;
        const t = tag === "TEXTAREA" ? "textarea" : (el.type || "text");
        if (t === "password") return "password";
        const ac = (el.getAttribute("autocomplete") || "").trim().split(/\s+/).pop();
        if (ac && ac !== "on" && ac !== "off") return ac;
        const key = (el.getAttribute("name") || "") + " " + (el.id || "");
        const m = CARD.exec(key);
        if (m) return /cvc|cvv|security/i.test(m[0]) ? "cc-csc" : (/expir/i.test(m[0]) ? "cc-exp" : "cc-number");
        return t;
      }

      // An element a script gave a click listener of its own (listeners.js marks them) or an onclick.
      const ownClick = (el) => el.__nwClick === true || typeof el.onclick === "function";
      // A box under a pointer cursor that holds two or more such elements (small boxes only).
      function splits(n) {
        const all = n.getElementsByTagName("*");
        if (all.length > 150) return false;
        let k = 0;
        for (const d of all) if (ownClick(d) && ++k >= 2) return true;
        return false;
      }
      // An item with a listener of its own that holds items of its own kind with listeners of their own
      // (a tree's folder <li> and the files in it) is not one control named by all it holds: its label
      // (the child with its own words) and each of its items are.
      function nests(n, tag, any) {
        const same = n.getElementsByTagName(tag);
        for (let i = 0; i < same.length && i < 150; i++) if (any || ownClick(same[i])) return true;
        return false;
      }

      const LISTS = new Set(["UL", "OL", "DL", "TABLE", "TBODY"]);
      // Role of an interactive element, or null. `pointerRoot`: cursor:pointer starts here.
      function roleOf(el, tag, pointerRoot, r, inside) {
        if (r && ROLES.has(r)) return r;
        // the link inside a tab or menu item, made presentational by its author, is that control
        if (inside && (r === "presentation" || r === "none")) return null;
        switch (tag) {
          case "A": return el.hasAttribute("href") ? "link" : (el.hasAttribute("onclick") || pointerRoot ? "link" : null);
          case "BUTTON": return "button";
          case "SELECT": return "select";
          case "TEXTAREA": return "textbox";
          case "SUMMARY": return "button";
          case "INPUT": {
            const t = el.type;
            if (t === "hidden") return null;
            if (t === "checkbox" || t === "radio") return t;
            if (t === "submit" || t === "button" || t === "reset" || t === "image") return "button";
            if (t === "range") return "slider";
            if (t === "file") return "file";
            return TEXTISH.has(t) ? "textbox" : "textbox";
          }
        }
        if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) return "textbox";
        if (el.hasAttribute("onclick") || pointerRoot) return "button";
        // a list that takes the focus (a script's menu of suggestions: <ul tabindex=0><li>Andorra…) is
        // not one control: its items are
        const ti = el.getAttribute("tabindex");
        if (ti !== null && +ti >= 0 && tag !== "BODY" && tag !== "HTML" && !r && !LISTS.has(tag)) return "button";
        return null;
      }

      function stateOf(el, tag, role, info) {
        const aria = (a) => el.getAttribute(a);
        if (tag === "INPUT" || tag === "TEXTAREA") {
          info.input_type = inputType(el, tag);
          if (role === "checkbox" || role === "radio") info.checked = el.checked;
          else if (el.type === "password") info.value = el.value ? "•••" : "";
          else if (role !== "button") {
            info.value = cut(el.value || "", 80);
            const ph = norm(el.placeholder);
            if (ph && ph !== info.name) info.placeholder = cut(ph, 40);
          }
          if (el.required) info.required = true;
          if (el.readOnly) info.readonly = true;
        } else if (tag === "SELECT") {
          const opts = el.options;
          const labels = [];
          for (let i = 0; i < opts.length && i < 25; i++) labels.push(cut(norm(opts[i].label || opts[i].text), 40));
          if (opts.length > 25) labels.push("+" + (opts.length - 25) + " more");
          info.options = labels;
          info.value = Array.from(el.selectedOptions, (o) => norm(o.label || o.text)).join(", ");
        } else if (role === "textbox" && el.isContentEditable) {
          info.value = cut(norm(el.innerText), 80);
        }
        const ac = aria("aria-checked");
        if (ac !== null && info.checked == null) info.checked = ac === "true";
        const as = aria("aria-selected");
        if (as !== null) info.selected = as === "true";
        else if (tag === "OPTION") info.selected = el.selected;
        if (el.disabled || aria("aria-disabled") === "true") info.disabled = true;
        const ae = aria("aria-expanded");
        if (ae !== null) info.expanded = ae === "true";
        else if (tag === "SUMMARY" && el.parentElement && el.parentElement.tagName === "DETAILS") info.expanded = el.parentElement.open;
        if (role === "link" && el.href) info.href = typeof el.href === "string" ? el.href : linkOf(el);
        if (role === "combobox" && info.value == null && "value" in el) info.value = cut(el.value || "", 80);
      }

      function docState(doc) {
        if (!doc.__nwState) doc.__nwState = { next: 1, forms: 1, els: new Map(), observed: false };
        return doc.__nwState;
      }

      // The stable id stored on the element; a clone carrying a copied id gets a fresh one.
      function idFor(el, st, prefix) {
        const have = el.getAttribute("data-nw");
        if (have) {
          const ref = st.els.get(have);
          if (ref && ref.deref() === el) return [have, false];
        }
        const id = prefix + st.next++;
        el.setAttribute("data-nw", id);
        st.els.set(id, new WeakRef(el));
        return [id, true];
      }

      // Where a form sends what is typed into it: the host of its action, or of a submit button's
      // formaction on another host. Read through Element.prototype: a field named "action" or
      // "getAttribute" shadows a form's own properties.
      const attrOf = (e, n) => Element.prototype.getAttribute.call(e, n);
      function formHost(el) {
        const f = el.form || (el.closest ? el.closest("form") : null);
        if (!f || (attrOf(f, "method") || "").toLowerCase() === "dialog") return null;
        if (memo && memo.forms.has(f)) return memo.forms.get(f);
        const doc = f.ownerDocument, here = doc.location.hostname;
        const hostOf = (u) => {
          try {
            const x = new URL(u || "", doc.baseURI);
            return /^(https?|wss?):$/.test(x.protocol) ? x.hostname : null;
          } catch (e) { return null; }
        };
        let host = hostOf(attrOf(f, "action"));
        const id = attrOf(f, "id");
        const outside = id ? Array.from(doc.querySelectorAll(`[form="${CSS.escape(id)}"][formaction]`)) : [];
        for (const b of [...Element.prototype.querySelectorAll.call(f, "[formaction]"), ...outside]) {
          const h = hostOf(attrOf(b, "formaction"));
          if (h && h !== here) { host = h; break; }
        }
        if (memo) memo.forms.set(f, host);
        return host;
      }

      // Fields of one form that share a label ("First name" for each passenger) are told apart by
      // their section: the fieldset's legend or the heading just before them ("Passenger 2 ›
      // First name"). The qualified name is kept on the element (data-nwq) for fill_form.
      const FIELD_TAGS = { INPUT: 1, SELECT: 1, TEXTAREA: 1 };
      function sectionOf(el) {
        const fs = el.closest("fieldset");
        const lg = fs && fs.querySelector("legend");
        if (lg && norm(lg.textContent)) return cut(norm(lg.textContent), 50);
        const root = el.closest("form") || el.ownerDocument.body;
        const w = el.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
        w.currentNode = el;
        for (let i = 0; i < 300 && w.previousNode(); i++) {
          const n = w.currentNode;
          if (HEADINGS[n.tagName] || n.getAttribute("role") === "heading") return cut(norm(n.textContent), 50);
        }
        return "";
      }
      function qualify(fields) {
        const same = new Map();
        for (const f of fields) {
          const key = f.info.form + "\u0001" + f.info.name;
          if (!same.has(key)) same.set(key, []);
          same.get(key).push(f);
        }
        for (const group of same.values()) {
          if (group.length < 2) { group[0].el.removeAttribute("data-nwq"); continue; }
          const secs = group.map((f) => sectionOf(f.el));
          if (secs.some((s) => !s) || new Set(secs).size < group.length) continue;
          group.forEach((f, i) => {
            f.info.name = `${secs[i]} › ${f.info.name}`;
            f.el.setAttribute("data-nwq", f.info.name);
          });
        }
        for (const f of fields) {
          if (!DATE_PART.test(f.info.name)) continue;
          const caption = captionOf(f.el, f.info.name);
          if (!caption) continue;
          f.info.name = `${caption} › ${f.info.name}`;
          f.el.setAttribute("data-nwq", f.info.name);
        }
      }

      // A field named only as a part of a date or a time ("Day", "Month", "Year") is named by the whole
      // it is part of: its own label when its aria-label says the part, the legend of its fieldset, or
      // the one label of the box it sits in ("Date of birth › Day", "Card expiry › Month").
      const DATE_PART = /^(day|month|year|dd|mm|yy|yyyy|hours?|minutes?|hh)$/i;
      function captionOf(el, name) {
        for (const l of labelsOf(el)) {
          const t = textOf(l, 60);
          if (t && t !== name) return t;
        }
        const g = el.closest("fieldset, [role=group]");
        const lg = g && g.querySelector("legend");
        const own = g && ((lg && textOf(lg, 60)) || norm(g.getAttribute("aria-label")) || byIds(g, "aria-labelledby"));
        if (own) return cut(own, 60);
        for (let box = el.parentElement, up = 0; box && up < 3; box = box.parentElement, up++) {
          const caps = box.querySelectorAll("label, legend");
          if (caps.length > 1) return "";  // a box of several fields: no caption is theirs alone
          if (!caps.length) continue;
          const c = caps[0].control;
          const t = textOf(caps[0], 60);
          return t && t !== name && (!c || DATE_PART.test(nameOf(c, c.tagName, null))) ? t : "";
        }
        return "";
      }

      function formKey(el, st) {
        const f = el.form || (el.closest ? el.closest("form") : null);
        if (!f) return null;
        if (!f.__nwForm) f.__nwForm = "form" + st.forms++;
        return f.__nwForm;
      }

      // A form without <form> (fields and a button in one box, sent by script: React and jQuery pages)
      // is keyed by that box: the nearest one, up to six levels above a field, that holds a button.
      function boxForms(loose, st) {
        const buttons = loose.filter((x) => x.info.role === "button");
        const fields = loose.filter((x) => x.info.role !== "button");
        if (!buttons.length || !fields.length || fields.length > 60 || buttons.length > 300) return;
        for (const f of fields) {
          if (f.info.form) continue;
          let box = f.el.parentElement;
          let found = null;
          for (let up = 0; box && up < 6 && box !== f.el.ownerDocument.body; up++, box = box.parentElement) {
            if (buttons.some((b) => box.contains(b.el))) { found = box; break; }
          }
          if (!found) continue;
          if (!found.__nwForm) found.__nwForm = "form" + st.forms++;
          for (const x of loose) if (!x.info.form && found.contains(x.el)) x.info.form = found.__nwForm;
        }
      }

      function observe(o) {
        const t0 = performance.now();
        memo = { labels: new Map(), forms: new Map() };
        const items = [];
        const frames = [];
        const vh = window.innerHeight || 800;
        const far = vh + (o.margin == null ? 1000 : o.margin);
        const counts = { dom: 0, interactive: 0 };
        const fields = [];
        const loose = [];  // fields and buttons of the page itself outside any <form>
        let buf = "";
        let bufBlock = null; // the block and frame offset where the running text started
        let bufDy = 0;
        let topEl = null; // one-entry cache: the block whose top was read last
        let topVal = 0;
        let heading = 0;
        let group = 0;

        let joinNext = false;
        let lastTextBlock = null; // the block of the last text line, to tell if the next is of one record
        function flush(depth, g, inline) {
          if (!buf) { if (!inline) joinNext = false; return; }
          const s = norm(buf).replace(/\s*\|$/, "");
          if (s) {
            const item = { t: heading ? "#".repeat(heading) + " " + s : s, d: depth, g, y: lineTop(), j: joinNext && !inline ? 1 : 0 };
            if (!heading && sameRecord(lastTextBlock, bufBlock)) item.k = 1;
            items.push(item);
            lastTextBlock = bufBlock;
            joinNext = !!inline;
          } else if (!inline) joinNext = false;
          buf = "";
        }

        // Two text lines belong to one record (a card, a list item, a result) unless each sits in a
        // different child of their nearest common ancestor that holds a control of its own: two cards of
        // a grid, two items of a list, each with its link.
        function sameRecord(a, b) {
          if (!a || !b) return false;
          if (a === b) return true;
          const below = new Map(); // ancestor of a -> its child on the way down to a
          for (let x = a, prev = a, i = 0; x && i < 6; prev = x, x = x.parentElement, i++) below.set(x, prev);
          for (let x = b, prev = b, i = 0; x && i < 6; prev = x, x = x.parentElement, i++) {
            if (!below.has(x)) continue;
            if (x === document.body || x === document.documentElement) return false;
            const sideA = below.get(x), sideB = prev;
            return !(sideA !== x && sideB !== x && sideA.querySelector(CONTROLS) && sideB.querySelector(CONTROLS));
          }
          return false;
        }

        function walkKids(node, ctx) {
          for (let c = node.firstChild; c; c = c.nextSibling) visit(c, ctx);
        }

        // Top of the block the running text started in: read only for a line that is kept (most text
        // nodes are whitespace between tags), once per block.
        function lineTop() {
          const b = bufBlock;
          if (!b) return 0;
          if (b !== topEl) { topEl = b; topVal = b.getBoundingClientRect().top; }
          return topVal + (bufDy || 0);
        }

        function visit(n, ctx) {
          if (n.nodeType === 3) {
            if (!ctx.mute && ctx.vis) {
              if (!buf) { bufBlock = ctx.block; bufDy = ctx.dy; }
              buf += n.data;
            }
            return;
          }
          if (n.nodeType !== 1) return;
          const tag = n.tagName;
          counts.dom++;
          if (tag === "svg" && !ctx.inter && !ctx.pointer) { svgControls(n, ctx); return; }
          if (SKIP.has(tag)) return;
          if (tag === "SLOT") {
            const assigned = n.assignedNodes({ flatten: true });
            if (assigned.length) { for (const a of assigned) visit(a, ctx); return; }
            walkKids(n, ctx);
            return;
          }
          if (n.getAttribute("aria-hidden") === "true") return;
          const cs = getComputedStyle(n);
          const disp = cs.display;
          if (disp === "none") return;
          if (tag === "BR") { flush(ctx.depth, ctx.g); return; }
          const vis = cs.visibility === "visible";
          const block = !disp.startsWith("inline") && disp !== "contents";
          let rect = null;
          if (block && cs.overflow !== "visible") {
            rect = n.getBoundingClientRect();
            if (rect.width <= 1 || rect.height <= 1) return;
          }
          if (tag === "IFRAME" || tag === "FRAME") {
            frameItem(n, ctx, rect || n.getBoundingClientRect());
            return;
          }
          // a clickable box holding two controls with listeners of their own is not one control: each is;
          // nor is a tree's folder: its label and its items are
          const label = ctx.nest !== null && ctx.nest === n.parentElement && !nests(n, ctx.nest.tagName, true);
          let pointerRoot = !ctx.inter && cs.cursor === "pointer"
            && (!ctx.pointer || (ctx.split && (ownClick(n) || (label && !!norm(n.textContent)))));
          const control = tag === "LABEL" ? n.control : null;
          if (control) pointerRoot = false;
          let split = ctx.split, nest = ctx.nest;
          if (pointerRoot && (ownClick(n) ? nests(n, tag) : splits(n))) {
            pointerRoot = false; split = true; nest = ownClick(n) ? n : null;
          }
          const roleAttr = n.getAttribute("role");
          let role = null;
          if (!ctx.inter || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || tag === "BUTTON"
            || (tag === "A" && !ctx.interA) || roleAttr !== null) role = roleOf(n, tag, pointerRoot, roleAttr, ctx.inter);
          let labelled = null;
          // What the children see; one new context object at most, only when something changes.
          let mute = ctx.mute, depth = ctx.depth, g = ctx.g, inter = ctx.inter, interA = ctx.interA;
          let pointer = ctx.pointer;
          if (control) {
            if ((control.type === "checkbox" || control.type === "radio") && control.getClientRects().length === 0) {
              role = control.type;
              labelled = control;
            } else mute = true;
          }
          const rl = roleAttr || "";
          const isGroup = GROUPS.has(tag) || GROUP_ROLES.has(rl);
          // A table row is one line, "cell | cell | cell": its cells do not break the line.
          const cell = disp === "table-cell";
          if ((block && !cell) || isGroup) flush(ctx.depth, ctx.g);
          if (isGroup) {
            const flat = (tag === "UL" || tag === "OL") && n.parentElement && n.parentElement.tagName === "NAV";
            depth = flat ? ctx.depth : ctx.depth + 1;
            g = ++group;
            if (tag === "DIALOG" || rl === "dialog" || rl === "alertdialog") dialogItem(n, tag, ctx);
          }
          if (role && vis) {
            const r = rect || n.getBoundingClientRect();
            const hiddenInput = !labelled && (role === "checkbox" || role === "radio") && labelsOf(n).length;
            if ((r.width > 0 && r.height > 0) || hiddenInput) {
              counts.interactive++;
              const inline = !block && (!!norm(buf) || joinNext);
              flush(ctx.depth, ctx.g, inline);
              emit(n, tag, role, r, ctx, labelled, inline);
              joinNext = inline;
              if (tag === "SELECT" || tag === "TEXTAREA" || tag === "INPUT") return;
              interA = interA || tag === "A";
              inter = pointer = mute = true;
            } else role = null;
          }
          if (!role && (pointerRoot || split)) pointer = true;
          const inner = block || vis !== ctx.vis || mute !== ctx.mute || depth !== ctx.depth || g !== ctx.g
            || inter !== ctx.inter || interA !== ctx.interA || pointer !== ctx.pointer || split !== ctx.split
            || nest !== ctx.nest
            ? { depth, g, st: ctx.st, prefix: ctx.prefix, frame: ctx.frame, vis, mute, inter, interA, pointer,
              split, nest, dy: ctx.dy, block: block ? n : ctx.block }
            : ctx;
          const h = HEADINGS[tag];
          if (h) heading = h;
          if (cell && norm(buf)) buf += /:\s*$/.test(buf) ? " " : " | ";  // "Owned by: Bence Kovacs"
          walkKids(n.shadowRoot || n, inner);
          if ((block && !cell) || isGroup || h) { flush(ctx.depth, ctx.g); if (h) heading = 0; }
        }

        // Controls drawn in an SVG (a pie menu, a map's regions, a chart's legend): elements with a
        // control's role, links, and text under a pointer cursor, each named by its words. The drawing
        // itself is not read; an SVG inside a button or link is that control's icon.
        function svgControls(svg, ctx) {
          const cs = getComputedStyle(svg);
          if (cs.display === "none" || svg.getAttribute("aria-hidden") === "true") return;
          const seen = [];
          const all = svg.querySelectorAll("a, [role], text");
          for (let i = 0; i < Math.min(all.length, SVG_CAP); i++) {
            const el = all[i];
            if (seen.some((s) => s.contains(el))) continue;
            const es = getComputedStyle(el);
            if (es.visibility !== "visible" || es.display === "none" || +es.opacity === 0) continue;
            const ra = el.getAttribute("role");
            const role = ROLES.has(ra) ? ra : el.tagName === "a" ? "link" : es.cursor === "pointer" ? "button" : null;
            const r = el.getBoundingClientRect();
            if (!role || r.width <= 1 || r.height <= 1 || !nameOf(el, el.tagName, role)) continue;
            seen.push(el);
            counts.interactive++;
            flush(ctx.depth, ctx.g);
            emit(el, el.tagName, role, r, ctx, null, false);
          }
        }

        function dialogItem(n, tag, ctx) {
          const nm = nameOf(n, tag, "dialog");
          const modal = n.getAttribute("aria-modal") === "true" || (tag === "DIALOG" && n.matches(":modal"));
          items.push({ t: (modal ? "modal dialog" : "dialog") + (nm ? ` "${cut(nm, 60)}"` : "") + ":",
            d: ctx.depth, g: ctx.g, y: n.getBoundingClientRect().top + (ctx.dy || 0) });
        }

        function emit(el, tag, role, r, ctx, labelled, inline) {
          const st = ctx.st;
          const [id, fresh] = idFor(el, st, ctx.prefix);
          const info = { id, role, name: labelled ? textOf(el, 100) : nameOf(el, tag, role) };
          if (labelled) {
            info.checked = labelled.checked;
            if (labelled.disabled) info.disabled = true;
            const fk = formKey(labelled, st); if (fk) info.form = fk;
          } else {
            stateOf(el, tag, role, info);
            const fk = formKey(el, st); if (fk) info.form = fk;
          }
          const fh = formHost(labelled || el); if (fh) info.form_host = fh;
          if (info.form && info.name && FIELD_TAGS[(labelled || el).tagName]) fields.push({ info, el: labelled || el });
          if (!info.form && !ctx.frame && (FIELD_TAGS[(labelled || el).tagName] || role === "textbox" || role === "button")) {
            loose.push({ info, el: labelled || el });
          }
          if (ctx.frame) {
            info.frame = ctx.frame;
            const dh = el.ownerDocument.location.hostname; if (dh) info.doc_host = dh;
          }
          if (fresh && st.observed) info.new = true;
          const y = r.top + (ctx.dy || 0);
          items.push({ e: info, d: ctx.depth, g: ctx.g, y, j: inline ? 1 : 0 });
        }

        function frameItem(el, ctx, r) {
          if (r.width <= 1 || r.height <= 1) return;
          flush(ctx.depth, ctx.g);
          const [id] = idFor(el, ctx.st, ctx.prefix);
          const title = norm(el.getAttribute("title") || el.getAttribute("aria-label") || el.getAttribute("name") || "");
          let doc = null;
          try { doc = el.contentDocument; } catch (e) { doc = null; }
          const key = ctx.frame ? ctx.frame + "/" + id : id;
          const y = r.top + (ctx.dy || 0);
          items.push({ t: "frame" + (title ? ` "${cut(title, 50)}"` : "") + ":", d: ctx.depth, g: ctx.g, y, f: key });
          if (doc && doc.documentElement) {
            const st = docState(doc);
            const sub = { depth: ctx.depth + 1, g: ++group, st, prefix: id + ".", frame: key, vis: true,
              mute: false, inter: false, interA: false, pointer: false, split: false, nest: null, dy: y, block: null };
            if (doc.body) walkKids(doc.body, sub);
            st.observed = true;
          } else {
            frames.push({ id, key, d: ctx.depth + 1, at: items.length, y });
          }
        }

        const st = docState(document);
        const ctx = { depth: 0, g: 0, st, prefix: o.prefix || "", frame: o.frame || null, vis: true,
          mute: false, inter: false, interA: false, pointer: false, split: false, nest: null, dy: o.dy || 0, block: null };
        if (document.body) visit(document.body, ctx);
        flush(0, 0);
        boxForms(loose, st);
        qualify(fields);
        st.observed = true;
        memo = null;
        const doc = window.__nwSettle ? window.__nwSettle.doc : null; // the document's token (settle.js)
        return JSON.stringify({ url: location.href, title: document.title, items, frames, counts,
          vh, far, doc, ms: performance.now() - t0 });
      }

      // Where an id stands in this document: "ok", "stale" (issued, now gone) or "unknown".
      function resolve(id, prefix) {
        const st = document.__nwState;
        const local = +id.slice(prefix.length);
        if (!st || !(local >= 1) || local >= st.next) return "unknown";
        const ref = st.els.get(id);
        const el = ref && ref.deref();
        return el && el.isConnected && el.getAttribute("data-nw") === id ? "ok" : "stale";
      }

      return { v: 10, observe, resolve };
    })();
  }
  if (opts.install) return null;
  if (opts.resolve) return window.__nw.resolve(opts.resolve, opts.prefix || "");
  return window.__nw.observe(opts);
}
