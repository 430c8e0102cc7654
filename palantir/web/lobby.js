// The lobby: the create form is built from each game's own option schema.
"use strict";
const $ = (id) => document.getElementById(id);
// The game's own searching players (their spec, label and time limit) follow these.
const STRENGTHS = [["random", "random (weakest)"], ["heuristic", "heuristic (quick)"]];
let games = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function currentGame() { return games.find((g) => g.id === $("game").value); }

function optionInput(opt) {
  const id = "opt-" + opt.name;
  let input;
  if (opt.kind === "bool") {
    input = el("input", { type: "checkbox", id, name: opt.name });
    input.checked = !!opt.default;
  } else if (opt.kind === "int") {
    input = el("input", { type: "number", id, name: opt.name, value: opt.default });
    if (opt.min !== null) input.min = opt.min;
    if (opt.max !== null) input.max = opt.max;
  } else if (opt.kind === "choice") {
    input = el("select", { id, name: opt.name });
    for (const c of opt.choices) input.append(el("option", { value: c, text: c }));
    input.value = opt.default;
  } else {
    input = el("input", { type: "text", id, name: opt.name,
                          placeholder: opt.choices.length ? opt.choices.join(",") : "default" });
    input.value = Array.isArray(opt.default) ? opt.default.join(",") : "";
  }
  input.dataset.kind = opt.kind;
  const mark = opt.reconstructed ? " [reconstructed]" : "";
  return el("div", {}, el("label", { for: id, text: `${opt.name}${mark}: ` }), input,
            el("span", { class: "hint", text: " " + opt.help }));
}

function seatCount() {
  const players = document.querySelector("#options [name=players]");
  const game = currentGame();
  return players ? Math.max(1, parseInt(players.value || "1", 10)) : game.min_players;
}

function strengths() {
  return [...STRENGTHS, ...(currentGame().strengths || []).map((s) => [s.agent, s.label])];
}

function seatAgent(row) {
  const agent = row.querySelector(".strength").value;
  const own = (currentGame().strengths || []).find((s) => s.agent === agent);
  return own ? { kind: "agent", agent, time_limit: own.time_limit } : { kind: "agent", agent };
}

function drawSeats() {
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-row")].map((row) => [
    row.querySelector(".kind").value, row.querySelector(".strength").value]);
  box.replaceChildren();
  for (let i = 0; i < seatCount(); i++) {
    const kind = el("select", { class: "kind", name: `seat-${i}-kind` },
                    el("option", { value: "human", text: "person" }),
                    el("option", { value: "agent", text: "computer" }));
    const strength = el("select", { class: "strength", name: `seat-${i}-strength` });
    for (const [v, t] of strengths()) strength.append(el("option", { value: v, text: t }));
    kind.value = old[i] ? old[i][0] : (i === 0 ? "human" : "agent");
    const kept = old[i] && strengths().some(([v]) => v === old[i][1]);
    strength.value = kept ? old[i][1] : "heuristic";
    const sync = () => { strength.disabled = kind.value !== "agent"; };
    kind.addEventListener("change", sync); sync();
    box.append(el("div", { class: "seat-row" }, el("label", { text: `Seat ${i + 1}: ` }),
                  kind, " strength ", strength));
  }
}

function drawOptions() {
  const game = currentGame();
  $("options").replaceChildren(...game.options.map(optionInput));
  const players = document.querySelector("#options [name=players]");
  if (players) players.addEventListener("input", drawSeats);
  drawSeats();
}

function collectOptions() {
  const options = {};
  const game = currentGame();
  for (const opt of game.options) {
    const input = document.querySelector(`#options [name="${opt.name}"]`);
    if (opt.kind === "bool") options[opt.name] = input.checked;
    else if (opt.kind === "int") options[opt.name] = input.value === "" ? opt.default : Number(input.value);
    else if (opt.kind === "list") {
      if (input.value.trim() !== "") options[opt.name] = input.value.split(",").map((s) => s.trim()).filter(Boolean);
    } else options[opt.name] = input.value;
  }
  return options;
}

async function createGame(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".kind").value;
    return kind === "human" ? { kind } : seatAgent(row);
  });
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: $("game").value, options: collectOptions(), seats }),
  });
  const body = await response.json();
  if (!response.ok) { $("create-error").textContent = body.error; return; }
  const links = [el("h3", { text: "Your game is ready" })];
  for (const seat of body.seats) {
    if (!seat.url) continue;
    links.push(el("div", {}, `Seat ${seat.seat + 1} (private link, give it only to that player): `,
                  el("a", { href: seat.url, class: "seat-link", "data-seat": seat.seat, text: location.origin + seat.url })));
  }
  links.push(el("div", {}, "Spectators: ",
                el("a", { href: body.spectator_url, text: location.origin + body.spectator_url })));
  $("created").replaceChildren(...links);
  loadTables();
}

function tableRow(t) {
  const seats = t.seats.map((s) => s.kind === "agent" ? s.agent : s.kind).join(", ");
  const result = t.result ? t.result.summary : "";
  return el("tr", {}, el("td", { text: t.game }), el("td", { text: seats }),
            el("td", { text: result }),
            el("td", {}, el("a", { href: t.spectator_url, text: t.source === "upload" || t.status !== "open" ? "replay" : "watch" })));
}

// Games played here, open and finished, and apart from them the records people uploaded.
const LISTS = [["open-games", "status=open"], ["finished-games", "status=finished"],
               ["uploaded-records", "source=upload"]];

async function loadTables() {
  for (const [id, query] of LISTS) {
    const response = await fetch(`/api/tables?${query}&limit=20`);
    const body = await response.json();
    const rows = body.tables.map(tableRow);
    if (!rows.length) rows.push(el("tr", {}, el("td", { class: "none", text: "none yet" })));
    $(id).replaceChildren(...rows);
  }
}

async function uploadRecord() {
  $("upload-error").textContent = "";
  const file = $("record-file").files[0];
  if (!file) return;
  const response = await fetch("/api/records", { method: "POST",
    headers: { "Content-Type": "application/json" }, body: await file.text() });
  const body = await response.json();
  if (!response.ok) { $("upload-error").textContent = body.error; return; }
  location.href = body.spectator_url;
}

async function start() {
  const body = await (await fetch("/api/games")).json();
  games = body.games;
  for (const g of games) $("game").append(el("option", { value: g.id, text: g.title }));
  $("game").addEventListener("change", drawOptions);
  drawOptions();
  $("create-form").addEventListener("submit", createGame);
  $("record-file").addEventListener("change", uploadRecord);
  loadTables();
}
start();
