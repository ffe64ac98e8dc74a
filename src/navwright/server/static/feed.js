// The live feed: one event in, a few DOM nodes out. Page text is data: only textContent, never HTML.

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

const DECISIONS = {
  web_step: ["Next step", (d) => [d.request, d.site].filter(Boolean).join(" · ")],
  ask_user: ["Ask you", (d) => d.question],
  finish: ["Finish", (d) => d.answer],
  give_up: ["Give up", (d) => d.reason],
};

export function params(p) {
  return Object.entries(p || {})
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(" ");
}

function line(icon, cls, head, body) {
  const li = el("li", `item ${cls}`);
  li.append(el("span", "icon", icon));
  const text = el("div", "text");
  if (head) text.append(el("span", "head", head));
  if (body) text.append(el("span", "body", body));
  li.append(text);
  return li;
}

export function timeOf(ts, t0) {
  return t0 ? `${Math.max(0, ts - t0).toFixed(1)} s` : "";
}

// Renders events into `list`; steps are groups that hold their actions and screenshot.
export class Feed {
  constructor(list, onShot) {
    this.list = list;
    this.onShot = onShot;
    this.clear();
  }

  clear() {
    this.list.replaceChildren();
    this.steps = new Map();
    this.t0 = null;
    this.open = null;
    this.spent = { model: 0, browser: 0 };
  }

  target(step) {
    const group = this.steps.get(step);
    return group ? group.querySelector(".inner") : this.list;
  }

  // While a step is open, what happens (model calls, actions, questions, answers) goes inside it.
  add(ev, shotUrl) {
    if (this.t0 === null) this.t0 = ev.ts;
    if (ev.type === "model_called") this.spent.model += ev.seconds;
    if (ev.type === "action_done") this.spent.browser += ((ev.ms || 0) + (ev.observe_ms || 0)) / 1000;
    const node = this.render(ev, shotUrl);
    if (ev.type === "step_finished" || ev.type === "run_finished") this.open = null;
    if (!node) return;
    node.title = timeOf(ev.ts, this.t0);
    const inside = this.open && ev.type !== "step_started" ? this.target(this.open) : this.list;
    inside.append(node);
    if (ev.type === "step_started") this.open = ev.step;
  }

  // The run's seconds split as `runs show` splits them (store/timings.py): model, browser, the rest.
  timeShares(seconds) {
    const { model, browser } = this.spent;
    const parts = [["model", model], ["browser", browser], ["navwright", Math.max(0, seconds - model - browser)]];
    const share = (s) => (seconds > 0 ? Math.round((100 * s) / seconds) : 0);
    return `${seconds.toFixed(1)} s — ` + parts.map(([n, s]) => `${n} ${s.toFixed(1)} s (${share(s)}%)`).join(", ");
  }

  render(ev, shotUrl) {
    switch (ev.type) {
      case "run_started":
        return line("▶", "start", "Started", ev.url ? `${ev.task} — ${ev.url}` : ev.task);
      case "plan_updated": {
        const [name, what] = DECISIONS[ev.decision] || [ev.decision, () => ""];
        const li = line("◆", `plan ${ev.decision}`, `Plan · ${name}`, what(ev.detail || {}));
        if (ev.thought) li.querySelector(".text").append(el("span", "thought", ev.thought));
        return li;
      }
      case "step_started": {
        const group = el("li", "step running");
        const head = el("div", "step-head");
        head.append(el("span", "step-n", `Step ${ev.step}`), el("span", "step-goal", ev.request));
        if (ev.site) head.append(el("span", "dim", ev.site));
        group.append(head, el("ol", "inner"));
        this.steps.set(ev.step, group);
        this.lastStep = ev.step;
        return group;
      }
      case "model_called": {
        const reused = ev.reused_tokens ? ` (${ev.reused_tokens.toLocaleString()} reused)` : "";
        const tokens = `${ev.prompt_tokens.toLocaleString()}${reused} + ${ev.completion_tokens.toLocaleString()} tokens`;
        const li = line("·", "model", `${ev.role} · ${ev.model}`, `${tokens} · ${ev.seconds.toFixed(1)} s`);
        if (!ev.ok) li.querySelector(".text").append(el("span", "bad", ev.error || "failed"));
        return li;
      }
      case "action_done": {
        const li = line(ev.ok ? "✓" : "✗", ev.ok ? "action ok" : "action bad", `${ev.action} ${params(ev.params)}`,
          ev.result);
        if (ev.url) li.querySelector(".text").append(el("span", "url", ev.url));
        return li;
      }
      case "step_finished": {
        const group = this.steps.get(ev.step);
        if (group) {
          group.classList.remove("running");
          group.classList.add(ev.status);
          const foot = el("div", "step-foot");
          foot.append(el("span", `pill ${ev.status}`, ev.status.replace("_", " ")), el("span", "", ev.summary));
          if (ev.answer) foot.append(el("span", "step-answer", ev.answer));
          group.append(foot);
          return null;
        }
        return line("◂", ev.status, `Step ${ev.step} ${ev.status}`, ev.summary);
      }
      case "screenshot_taken": {
        const group = this.steps.get(this.lastStep);
        if (!group) return null;
        const img = el("img", "step-shot");
        img.src = shotUrl;
        img.alt = ev.caption;
        img.loading = "lazy";
        img.addEventListener("click", () => this.onShot(shotUrl, ev.caption));
        group.append(img);
        return null;
      }
      case "user_asked":
        return line("?", "asked", ev.kind === "confirm" ? "Asks your approval" : "Asks you", ev.question);
      case "user_answered":
        return line("↳", "answered", "You", ev.answer);
      case "state_changed":
        return ["paused", "stopped"].includes(ev.state) ? line("◷", "state", ev.state, "") : null;
      case "task_edited":
        return line("✎", "edited", "Task changed", ev.task);
      case "run_finished": {
        const body = ev.answer || ev.error || "";
        const li = line("■", `finished ${ev.status}`, ev.status.replace("_", " "), body);
        li.querySelector(".text").append(el("span", "dim", this.timeShares(ev.seconds)));
        return li;
      }
      default:
        return null;
    }
  }
}
