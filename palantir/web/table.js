// The table page: one seat's (or a spectator's) view, live through server-sent events.
"use strict";
const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get("token");
const headers = token ? { "X-Seat-Token": token } : {};
let current = null;      // the last payload drawn
let log = [];            // every step's entry, in order
let replay = null;       // the replay shown, if any: see openReplay
let picked = null;       // the map piece or place whose decisions are shown, if any
let busy = false;        // a decision or undo is on its way: nothing else may be sent
// A replay holds only the frames near the step shown (a SPI Sauron step is ~170 kB), asks
// the server for a few steps at a time, and one step ahead of the way it is going.
const REPLAY_PAGE = 8;
const REPLAY_KEEP = 12;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function showError(message) { $("error").textContent = message || ""; }

function seatName(p, seat) { return seat === null || seat === undefined ? "" : p.seat_names[seat]; }

function mergeLog(p) {
  if (p.log_from === 0) log = p.log.slice();
  else if (p.log_from === log.length) log = log.concat(p.log);
  else if (p.log_from < log.length) log = log.slice(0, p.log_from).concat(p.log);
  else { refresh(); return false; }   // a gap: fetch the whole log
  return true;
}

function drawLog(p) {
  const box = $("log");
  box.replaceChildren(...log.map((s) => el("div", { class: "step", "data-step": s.step },
    s.action ? el("span", { class: "who", text: `${seatName(p, s.seat)}: ${s.action}. ` }) : "",
    s.lines.join(" "))));
  box.scrollTop = box.scrollHeight;
}

function drawDecisions(p) {
  const legal = $("legal");
  legal.replaceChildren(...p.legal.map((d) => {
    const b = el("button", { class: "decision", "data-action": d.action, title: d.action, text: d.label });
    b.disabled = busy;
    // The second click of a double click is never a decision: the buttons may have been
    // drawn anew under the pointer by the answer to the first.
    b.addEventListener("click", (e) => { if (e.detail <= 1) decide(d.action); });
    return b;
  }));
  const area = $("select-area");
  area.hidden = !p.select;
  if (p.select) {
    $("select-hint").textContent = p.select.hint + " ";
    $("select-button").textContent = p.select.label;
    $("select-button").disabled = true;
  }
  $("undo").hidden = !p.can_undo;
  $("undo").disabled = busy;
  let turn;
  if (p.outcome) turn = "Game over: " + p.outcome.summary;
  else if (p.your_turn) turn = "Your turn: choose a decision";
  else if (p.thinking) turn = `${seatName(p, p.to_move)} (computer) is thinking…`;
  else turn = `Waiting for ${seatName(p, p.to_move)}`;
  $("turn").textContent = turn;
}

function selectedTokens() {
  return [...document.querySelectorAll("#board .die.selected")].map((d) => d.dataset.token);
}

function bindDice(p) {
  for (const die of document.querySelectorAll("#board .die.choosable")) {
    const toggle = () => {
      die.classList.toggle("selected");
      $("select-button").disabled = busy || selectedTokens().length === 0;
    };
    die.addEventListener("click", toggle);
    die.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") toggle(); });
  }
}

// Picking on the map: a decision's places are the words after its verb, split at '-'
// ("move 0821-0721-0620": from 0821 to 0620; "move G2 15.7,9.9": model G2). A shape of the
// board names a place by data-hex, data-model or data-place, else by the last word of its
// <title>. Clicking a place that starts decisions shows where they lead; clicking one of
// those takes the decision (the shortest way there), or lists them if they differ in kind.
function placesOf(action) {
  return action.split(/\s+/).slice(1).flatMap((w) => w.split("-")).filter((w) => w);
}

function placeOf(shape) {
  const d = shape.dataset || {};
  if (d.hex || d.model || d.place) return d.hex || d.model || d.place;
  const title = shape.querySelector(":scope > title");
  return title ? title.textContent.trim().split(/\s+/).pop() : null;
}

function boardShapes() {
  const shapes = new Set(document.querySelectorAll(
    "#board svg [data-hex], #board svg [data-model], #board svg [data-place]"));
  for (const t of document.querySelectorAll("#board svg title")) {
    if (!t.parentElement.closest("[data-hex], [data-model], [data-place]")) shapes.add(t.parentElement);
  }
  return [...shapes];
}

function pickable(p) {
  return !replay && !busy && p && p.your_turn && !p.select;
}

function showPick(p) {
  const legal = pickable(p) ? p.legal : [];
  const origins = new Set(legal.map((d) => placesOf(d.action)[0]).filter((x) => x));
  if (picked && !origins.has(picked)) picked = null;
  const from = legal.filter((d) => picked && placesOf(d.action)[0] === picked);
  const targets = new Set(from.map((d) => placesOf(d.action)).filter((ps) => ps.length > 1)
    .map((ps) => ps[ps.length - 1]));
  for (const shape of boardShapes()) {
    const place = placeOf(shape);
    shape.classList.toggle("pickable", origins.has(place) || targets.has(place));
    shape.classList.toggle("picked", place !== null && place === picked);
    shape.classList.toggle("reachable", targets.has(place));
    if (place !== null) shape.dataset.pick = place;
  }
  for (const b of document.querySelectorAll("#legal button.decision")) {
    const first = placesOf(b.dataset.action)[0];
    b.hidden = Boolean(picked && first && first !== picked);
  }
  $("pick-area").hidden = !picked;
  const n = from.length;
  $("pick-hint").textContent = picked ? `${picked} selected: ${n} decision${n === 1 ? "" : "s"}` +
    (document.querySelector("#board svg .reachable") ? "; click a highlighted place or a button. "
      : "; choose below. ") : "";
}

function clickPlace(place) {
  const p = current;
  if (!pickable(p) || place === null) return;
  const legal = p.legal.map((d) => d.action);
  const reaching = picked ? legal.filter((a) => {
    const ps = placesOf(a);
    return ps.length > 1 && ps[0] === picked && ps[ps.length - 1] === place;
  }) : [];
  if (reaching.length) {
    const verbs = new Set(reaching.map((a) => a.split(/\s+/)[0]));
    if (verbs.size === 1) {
      const shortest = reaching.reduce((a, b) => (placesOf(b).length < placesOf(a).length ? b : a));
      picked = null;
      decide(shortest);
      return;
    }
    for (const b of document.querySelectorAll("#legal button.decision")) {
      b.hidden = !reaching.includes(b.dataset.action);
    }
    return;
  }
  const starts = legal.some((a) => placesOf(a)[0] === place);
  picked = starts && place !== picked ? place : null;
  showPick(p);
}

function bindPlaces() {
  $("board").addEventListener("click", (e) => {
    const shape = e.target.closest("#board svg [data-pick]");
    if (shape) clickPlace(shape.dataset.pick);
  });
}

function draw(p) {
  if (current && p.epoch === current.epoch && p.revision < current.revision) return;
  if (!mergeLog(p)) return;
  current = p;
  $("title").textContent = p.title;
  $("whoami").textContent = p.viewer === null ? "— spectator" : `— you play ${seatName(p, p.viewer)}`;
  document.title = `palantir — ${p.title}`;
  if (!replay) {
    $("board").innerHTML = p.svg || `<pre>${JSON.stringify(p.view, null, 1)}</pre>`;
    bindDice(p);
  }
  $("help").textContent = p.help;
  drawDecisions(p);
  showPick(p);
  drawLog(p);
  $("replay-open").hidden = p.status !== "finished";
  document.body.dataset.status = p.status;
  document.body.dataset.version = p.version;
  document.body.dataset.toMove = p.to_move === null ? "" : p.to_move;
}

async function call(method, path, body) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) {
    const problem = new Error(data.error + (data.rule ? ` (${data.rule})` : ""));
    problem.status = response.status;
    problem.field = data.field;
    throw problem;
  }
  return data;
}

function setBusy(on) {
  busy = on;
  document.body.dataset.busy = on ? "yes" : "";
  for (const b of document.querySelectorAll("#legal button.decision, #undo")) b.disabled = on;
  $("select-button").disabled = on || selectedTokens().length === 0;
}

// One decision or undo at a time, each naming the version of the table it was chosen on:
// a second click waits for nothing and sends nothing, and a page that was behind (409 on
// "version") simply shows the table as it now is.
async function send(path, body) {
  if (busy || !current) return;
  setBusy(true);
  showError("");
  try {
    draw(await call("POST", path, { ...body, version: current.version }));
  } catch (e) {
    if (e.status === 409 && e.field === "version") { picked = null; await refresh(); }
    else showError(e.message);
  } finally { setBusy(false); }
}

function decide(action) { return send(`/api/tables/${tableId}/decisions`, { action }); }

async function refresh() {
  try { log = []; draw(await call("GET", `/api/tables/${tableId}`)); }
  catch (e) { showError(e.message); }
}

// Server-sent events read through fetch, so the seat's token travels in a header, not the URL.
async function listen() {
  for (;;) {
    try {
      const response = await fetch(`/api/tables/${tableId}/events`, { headers });
      if (!response.ok) { showError((await response.json()).error); return; }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = message.split("\n").filter((l) => l.startsWith("data: "))
            .map((l) => l.slice(6)).join("\n");
          if (data) draw(JSON.parse(data));
        }
      }
    } catch (e) { /* the server went away: try again shortly */ }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// ----- the replay: steps fetched as they are wanted, few kept --------------------------

function showFrame() {
  const f = replay.frames.get(replay.at);
  $("board").innerHTML = f.svg || `<pre>${JSON.stringify(f.view, null, 1)}</pre>`;
  $("board").dataset.step = f.step;
  const who = f.action ? `${seatName(current, f.seat)}: ${f.action}. ` : "";
  $("replay-lines").textContent = who + f.lines.join(" ");
  replay.shown = replay.at;
}

function showStep() {
  $("replay-step").textContent = `step ${replay.at} of ${replay.total - 1}`;
  $("replay-slider").max = replay.total - 1;
  $("replay-slider").value = replay.at;
}

function keepFrames(r, page) {
  r.total = page.total;
  const cut = page.from + page.frames.length < Math.min(page.total, page.from + REPLAY_PAGE);
  if (cut && page.frames.length) r.perPage = Math.min(r.perPage, page.frames.length);
  for (const f of page.frames) r.frames.set(f.step, f.svg ? { ...f, view: null } : f);
  // Forget the frames farthest from the step shown.
  const far = [...r.frames.keys()].sort((a, b) => Math.abs(b - r.at) - Math.abs(a - r.at));
  for (const step of far.slice(0, Math.max(0, r.frames.size - REPLAY_KEEP))) r.frames.delete(step);
}

async function fetchFrames(r, at) {
  // Going back, the page ends at `at`; the server may send fewer steps than asked (its
  // byte budget), so the next page starts no earlier than the fewest it has sent.
  const from = r.dir < 0 ? Math.max(0, at - r.perPage + 1) : at;
  const page = await call("GET", `/api/tables/${tableId}/history?from=${from}&count=${REPLAY_PAGE}`);
  if (replay === r) keepFrames(r, page);
}

// Fetches until the step wanted is shown, then the next one the way the replay goes; one
// request at a time, and always for the step wanted last (a slider dragged asks once).
async function pump() {
  const r = replay;
  if (!r || r.loading) return;
  r.loading = true;
  document.body.dataset.replayLoading = "yes";
  try {
    while (replay === r) {
      if (!r.frames.has(r.at)) { await fetchFrames(r, r.at); continue; }
      if (r.shown !== r.at) showFrame();
      const next = r.at + r.dir;
      if (next < 0 || next >= r.total || r.frames.has(next)) break;
      await fetchFrames(r, next);
    }
  } catch (e) { showError(e.message); }
  finally {
    r.loading = false;
    document.body.dataset.replayLoading = "";
  }
}

async function openReplay() {
  const r = { total: 1, at: 0, dir: 1, frames: new Map(), perPage: REPLAY_PAGE, shown: null,
              loading: false };
  try { keepFrames(r, await call("GET", `/api/tables/${tableId}/history?from=0&count=${REPLAY_PAGE}`)); }
  catch (e) { showError(e.message); return; }
  replay = r;
  picked = null;
  showPick(current);
  $("replay").hidden = false;
  showStep();
  showFrame();
}

function moveReplay(to) {
  const r = replay;
  if (!r) return;
  const at = Math.max(0, Math.min(r.total - 1, to));
  if (at !== r.at) r.dir = at < r.at ? -1 : 1;
  r.at = at;
  showStep();
  if (r.frames.has(at)) showFrame();
  pump();
}

function closeReplay() {
  replay = null;
  $("replay").hidden = true;
  delete $("board").dataset.step;
  current = null;
  log = [];
  refresh();
}

function start() {
  $("download").href = `/api/tables/${tableId}/record`;
  $("select-button").addEventListener("click", () => {
    const tokens = selectedTokens();
    if (tokens.length && current.select) decide(`${current.select.prefix} ${tokens.join(" ")}`);
  });
  $("undo").addEventListener("click", (e) => {
    if (e.detail <= 1) send(`/api/tables/${tableId}/undo`, {});
  });
  $("replay-open").addEventListener("click", openReplay);
  $("replay-start").addEventListener("click", () => moveReplay(0));
  $("replay-prev").addEventListener("click", () => replay && moveReplay(replay.at - 1));
  $("replay-next").addEventListener("click", () => replay && moveReplay(replay.at + 1));
  $("replay-end").addEventListener("click", () => replay && moveReplay(replay.total - 1));
  $("replay-slider").addEventListener("input", (e) => moveReplay(Number(e.target.value)));
  $("replay-close").addEventListener("click", closeReplay);
  bindPlaces();
  $("pick-clear").addEventListener("click", () => { picked = null; showPick(current); });
  $("share").textContent = `Spectator link: ${location.origin}/table/${tableId}`;
  listen();
}
start();
