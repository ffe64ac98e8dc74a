// The page: start a run, follow its events (server-sent, resumable), steer it, answer it, browse past runs.
import { Feed, el } from "./feed.js";

const $ = (id) => document.getElementById(id);
const ACTIVE = ["queued", "starting", "running", "paused", "waiting_for_user"];
const LABELS = { waiting_for_user: "needs you", needs_user: "needed you" };

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : `${res.status} ${res.statusText}`);
  return data;
}

const run = { id: null, source: null, events: [], status: "idle", timer: null };
let view = { shots: 0, calls: 0, tokens: 0, steps: 0, t0: null, seconds: null };
const feed = new Feed($("feed"), showShot);

// --- status and controls -----------------------------------------------------------------------------

function words(status) {
  return LABELS[status] || status.replaceAll("_", " ");
}

function label(status) {
  const text = words(status);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function setStatus(status) {
  run.status = status;
  const pill = $("status");
  pill.textContent = label(status);
  pill.className = `pill ${status}`;
  $("pause").hidden = status !== "running";
  $("resume").hidden = status !== "paused";
  $("edit").hidden = !["paused", "queued"].includes(status);
  $("stop").hidden = !ACTIVE.includes(status);
  if (status !== "queued") $("queue").textContent = "";
  if (!["paused", "queued"].includes(status)) $("edit-form").hidden = true;
  $("replay").hidden = ACTIVE.includes(status) || !run.events.length;
}

function showError(id, message) {
  $(id).textContent = message || "";
  $(id).hidden = !message;
}

// The reply's status may already be stale: the run's events (state_changed...) set the status shown.
async function control(path, body) {
  showError("control-error", "");
  try {
    return await api(`/runs/${run.id}/${path}`, body ?? {});
  } catch (err) {
    showError("control-error", err.message);
    return null;
  }
}

function updateStats() {
  $("stat-steps").textContent = view.steps;
  $("stat-calls").textContent = view.calls;
  $("stat-tokens").textContent = view.tokens.toLocaleString();
  const seconds = view.seconds ?? (view.t0 && ACTIVE.includes(run.status) ? Date.now() / 1000 - view.t0 : 0);
  $("stat-seconds").textContent = seconds.toFixed(1);
}

// --- screenshots ----------------------------------------------------------------------------------

function showShot(url, caption) {
  const img = $("shot-img");
  img.src = url;
  img.alt = caption || "Screenshot of the page";
  img.hidden = false;
  $("shot-empty").hidden = true;
  $("shot-card").classList.remove("no-shot");
  $("shot-caption").textContent = caption || "";
  for (const t of $("thumbs").children) t.classList.toggle("current", t.dataset.url === url);
}

function addThumb(url, caption, n) {
  const button = el("button", "thumb");
  button.type = "button";
  button.dataset.url = url;
  button.title = caption;
  const img = el("img");
  img.src = url;
  img.alt = `Step ${n}`;
  button.append(img, el("span", "", `${n}`));
  button.addEventListener("click", () => showShot(url, caption));
  $("thumbs").append(button);
}

// --- questions ------------------------------------------------------------------------------------

function showAsk(question, kind) {
  $("ask-card").hidden = false;
  $("question").textContent = question;
  $("answer-form").hidden = kind === "confirm";
  $("confirm").hidden = kind !== "confirm";
  if (kind !== "confirm") $("answer").focus({ preventScroll: true });
}

function hideAsk() {
  $("ask-card").hidden = true;
  $("answer").value = "";
}

async function answer(body) {
  const summary = await control("answer", body);
  if (summary) hideAsk();
}

// --- events ---------------------------------------------------------------------------------------

function apply(ev) {
  let shot = null;
  if (ev.type === "screenshot_taken") {
    view.shots += 1;
    shot = `/runs/${run.id}/screenshots/${view.shots}`;
    addThumb(shot, ev.caption, view.shots);
    showShot(shot, ev.caption);
  }
  const page = document.scrollingElement;
  const atBottom = page.scrollHeight - page.scrollTop - page.clientHeight < 60 && page.scrollTop > 0;
  feed.add(ev, shot);
  if (atBottom) page.scrollTop = page.scrollHeight;
  $("feed-empty").hidden = true;
  switch (ev.type) {
    case "run_started": view.t0 = ev.ts; $("run-task").textContent = ev.task; break;
    case "state_changed": if (ev.state !== "finished" && ev.state !== "failed") setStatus(ev.state); break;
    case "task_edited": $("run-task").textContent = ev.task; break;
    case "step_started": view.steps = ev.step; break;
    case "model_called": view.calls += 1; view.tokens += ev.prompt_tokens + ev.completion_tokens; break;
    case "user_asked": showAsk(ev.question, ev.kind); break;
    case "user_answered": hideAsk(); break;
    case "run_finished": finished(ev); break;
    default: break;
  }
  updateStats();
}

function finished(ev) {
  hideAsk();
  Object.assign(view, { calls: ev.model_calls, tokens: ev.prompt_tokens + ev.completion_tokens,
                        seconds: ev.seconds, steps: ev.steps });
  $("result-card").hidden = false;
  $("result-card").className = `card result ${ev.status}`;
  $("result-label").textContent = ev.status === "success" ? "Answer"
    : ev.status === "unverified" ? "Answer, not confirmed" : `Run ${words(ev.status)}`;
  $("result-answer").textContent = ev.answer || "";
  $("result-answer").hidden = !ev.answer;
  $("result-error").textContent = ev.error || "";
  $("result-error").hidden = !ev.error;
  const list = $("evidence");
  list.replaceChildren(...(ev.evidence || []).map((e) => {
    const li = el("li");
    li.append(el("q", "", e.quote), el("span", "url", e.url));
    return li;
  }));
  $("evidence-box").hidden = !list.children.length;
  const checks = $("checks");
  checks.replaceChildren(...(ev.checks || []).map((c) => {
    const li = el("li", c.ok ? "ok" : "not-ok");
    li.append(el("span", "check-name", `${c.ok ? "✓" : "✗"} ${c.name}`), el("span", "", c.detail));
    return li;
  }));
  $("checks-box").hidden = !checks.children.length;
  setStatus(ev.status);
  refreshLoad();
}

function closeStream() {
  if (run.source) run.source.close();
  run.source = null;
}

function resetRun() {
  closeStream();
  Object.assign(run, { id: null, events: [] });
  view = { shots: 0, calls: 0, tokens: 0, steps: 0, t0: null, seconds: null };
  feed.clear();
  $("thumbs").replaceChildren();
  $("shot-img").hidden = true;
  $("shot-empty").hidden = false;
  $("shot-card").classList.add("no-shot");
  $("shot-caption").textContent = "";
  $("feed-empty").hidden = false;
  $("result-card").hidden = true;
  $("run-card").hidden = true;
  showError("control-error", "");
  hideAsk();
  updateStats();
}

async function openRun(id) {
  resetRun();
  run.id = id;
  showView("run", `run/${id}`);
  let summary;
  try {
    summary = await api(`/runs/${encodeURIComponent(id)}`);
  } catch (err) {
    showError("form-error", err.message);
    return;
  }
  $("run-card").hidden = false;
  $("run-id").textContent = summary.id;
  $("run-task").textContent = summary.task;
  setStatus(summary.status);
  const source = new EventSource(`/runs/${encodeURIComponent(summary.id)}/events`);
  source.onmessage = (m) => {
    const ev = JSON.parse(m.data);
    run.events.push(ev);
    apply(ev);
    if (ev.type === "run_finished") closeStream();
  };
  source.addEventListener("queued", (m) => {
    const n = JSON.parse(m.data).queue_position;
    $("queue").textContent = n === 1 ? "next in the queue" : `${n - 1} runs ahead in the queue`;
  });
  source.onerror = async () => {
    const now = await api(`/runs/${encodeURIComponent(summary.id)}`).catch(() => null);
    if (!now || !ACTIVE.includes(now.status)) {
      closeStream();
      if (now) setStatus(now.status);
    }
  };
  run.source = source;
}

async function replay() {
  const events = run.events.slice();
  const id = run.id;
  const status = run.status;
  resetRun();
  Object.assign(run, { id, events });
  $("run-card").hidden = false;
  $("run-id").textContent = id;
  setStatus("running");
  for (const ev of events) {
    if (run.id !== id) return;
    apply(ev);
    await new Promise((done) => setTimeout(done, ev.type === "model_called" ? 60 : 280));
  }
  setStatus(status);
}

// --- history --------------------------------------------------------------------------------------

function ago(ts) {
  if (!ts) return "waiting";
  const s = Date.now() / 1000 - ts;
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(ts * 1000).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}

async function loadHistory() {
  const q = $("search").value.trim();
  let runs = [];
  try {
    runs = await api(`/runs?limit=200${q ? `&q=${encodeURIComponent(q)}` : ""}`);
  } catch (err) {
    $("runs-empty").textContent = err.message;
  }
  $("runs").replaceChildren(...runs.map((r) => {
    const button = el("button", "run-row");
    button.type = "button";
    const main = el("span", "run-main");
    main.append(el("span", "run-title", r.task));
    if (r.answer) main.append(el("span", "run-answer", r.answer));
    const meta = el("span", "run-meta",
      `${ago(r.started)} · ${r.model_calls} call${r.model_calls === 1 ? "" : "s"} · ${(r.prompt_tokens + r.completion_tokens).toLocaleString()} tokens`
      + ` · ${r.seconds.toFixed(1)} s`);
    button.append(el("span", `pill ${r.status}`, label(r.status)), main, meta);
    button.addEventListener("click", () => openRun(r.id));
    const li = el("li");
    li.append(button);
    return li;
  }));
  $("runs-empty").hidden = runs.length > 0;
  if (!runs.length && !$("runs-empty").textContent) $("runs-empty").textContent = "No runs match.";
}

// --- views, server load, wiring -------------------------------------------------------------------

function showView(name, hash) {
  $("view-run").hidden = name !== "run";
  $("view-history").hidden = name !== "history";
  for (const tab of document.querySelectorAll(".tab")) {
    if (tab.dataset.view === name) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  const want = `#${hash ?? (name === "history" ? "history" : run.id ? `run/${run.id}` : "")}`;
  if (location.hash !== want) history.replaceState(null, "", want === "#" ? location.pathname : want);
  if (name === "history") loadHistory();
}

async function refreshLoad() {
  try {
    const info = await api("/info");
    $("model").placeholder = info.default_model;
    $("load").textContent = info.running || info.queued
      ? `${info.running} running · ${info.queued} queued` : `idle · up to ${info.max_concurrent_runs} at once`;
  } catch (err) {
    $("load").textContent = err.message;
  }
}

async function submit(event) {
  event.preventDefault();
  showError("form-error", "");
  const body = { task: $("task").value, model: $("model").value || null, yes: $("yes").checked };
  if ($("url").value.trim()) body.url = $("url").value.trim();
  $("run").disabled = true;
  try {
    const started = await api("/runs", body);
    await openRun(started.id);
    refreshLoad();
  } catch (err) {
    showError("form-error", err.message);
  } finally {
    $("run").disabled = false;
  }
}

function route() {
  const hash = location.hash.slice(1);
  if (hash === "history") showView("history");
  else if (hash.startsWith("run/") && hash.slice(4) !== run.id) openRun(hash.slice(4));
  else showView("run");
}

function wire() {
  $("task-form").addEventListener("submit", submit);
  $("task").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) $("task-form").requestSubmit();
  });
  $("pause").addEventListener("click", () => control("pause"));
  $("resume").addEventListener("click", () => control("resume"));
  $("stop").addEventListener("click", () => control("stop"));
  $("edit").addEventListener("click", () => {
    $("edit-form").hidden = false;
    $("edit-task").value = $("run-task").textContent;
    $("edit-task").focus();
  });
  $("edit-cancel").addEventListener("click", () => { $("edit-form").hidden = true; });
  $("edit-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (await control("task", { task: $("edit-task").value })) $("edit-form").hidden = true;
  });
  $("answer-form").addEventListener("submit", (e) => { e.preventDefault(); answer({ text: $("answer").value }); });
  $("approve").addEventListener("click", () => answer({ approve: true }));
  $("deny").addEventListener("click", () => answer({ approve: false }));
  $("replay").addEventListener("click", replay);
  let typing = null;
  $("search").addEventListener("input", () => { clearTimeout(typing); typing = setTimeout(loadHistory, 200); });
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => showView(tab.dataset.view));
  }
  window.addEventListener("hashchange", route);
  run.timer = setInterval(() => { if (ACTIVE.includes(run.status)) updateStats(); }, 500);
  setInterval(refreshLoad, 5000);
}

if (new URLSearchParams(location.search).has("token")) history.replaceState(null, "", location.pathname + location.hash);
wire();
refreshLoad();
route();
