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
// Decisions a game places on its map (Presentation.decision_places): see showDeclared.
let piece = null;        // which piece of the picked place the decisions shown move
let aim = null;          // the decision weighed before it is sent: {options, at}
let chosen = [];         // the places picked for a decision made of several (attackers)
let openGroup = null;    // the group of decisions placed nowhere that is opened
let oddsOpen = false;    // the odds of each choice are shown (Presentation.choice_odds)
let oddsAsked = 0;       // only the last odds asked for are drawn
let previewAsked = 0;    // previews come back out of order: only the last one asked is shown
let lastPoint = null;    // the table point last clicked, on a drawing that maps its points
let ruler = null;        // the ruler, while it is out: {from: the first end, or null}
let drag = null;         // a model pressed on and perhaps dragged: see bindDrag
let dragEnded = false;   // a drag was just released: the click the browser sends after it is none
const layerShown = {};   // which of the drawing's layers (g[data-layer]) the person shows
const GROUPED_ABOVE = 12;    // more decisions placed nowhere than this: one button per group
const PLACE_BUTTONS = 10;    // decisions of a picked place without a target shown at most
const OTHER_OPTIONS = 5;     // other ways (paths) to the target aimed at shown at most
const DRAG_PIXELS = 5;       // a press that moves less than this is a click, not a drag
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
    s.action ? el("span", { class: "who", text: `${seatName(p, s.seat)}: ${s.said || s.action}. ` }) : "",
    s.lines.join(" "))));
  box.scrollTop = box.scrollHeight;
}

function decisionButton(d, onClick) {
  const b = el("button", { class: "decision", "data-action": d.action, title: d.action, text: d.label });
  b.disabled = busy;
  // The second click of a double click is never a decision: the buttons may have been
  // drawn anew under the pointer by the answer to the first.
  b.addEventListener("click", (e) => { if (e.detail <= 1) (onClick || decide)(d.action); });
  return b;
}

function declared(p) { return p.legal.some((d) => "place" in d); }

function drawDecisions(p) {
  const legal = $("legal");
  if (declared(p)) drawUnplaced(p);
  else legal.replaceChildren(...p.legal.map((d) => decisionButton(d)));
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
  else if (p.waiting_for) turn = `Waiting for ${p.waiting_for}`;
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
  if (p && declared(p)) { showDeclared(p); return; }
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
  if (declared(p)) { clickDeclared(p, place); return; }
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
    if (dragEnded) { dragEnded = false; return; }
    lastPoint = tablePoint(e);
    if (ruler && lastPoint) { rulerClick(e, lastPoint); return; }
    const shape = e.target.closest("#board svg [data-pick]");
    // A counter drawn over its hex shows the details the hex carries.
    const detailed = e.target.closest("#board svg [data-detail]") || (shape &&
      document.querySelector(`#board svg [data-detail][data-pick="${CSS.escape(shape.dataset.pick)}"]`));
    if (detailed) inspect(detailed.getAttribute("data-detail"));
    if (shape) clickPlace(shape.dataset.pick);
    else clickTable(lastPoint);
  });
}

// ----- decisions the game places on its map ----------------------------------------------
// Each legal decision may say (Presentation.decision_places) the place it is offered at,
// the place clicked to choose it (target), its path and cost, the piece of the place it
// moves, the places it is made of (members, filled into compose), the places it strikes
// (zone), and whether to weigh it (confirm) and its odds (preview) before it is sent. Decisions placed nowhere are listed
// in their groups; a place's decisions appear only once the place is picked.

function unique(xs) { return [...new Set(xs)]; }

function drawUnplaced(p) {
  const unplaced = p.legal.filter((d) => !d.place);
  const groups = unique(unplaced.map((d) => d.group || ""));
  if (openGroup !== null && !groups.includes(openGroup)) openGroup = null;
  const grouped = unplaced.length > GROUPED_ABOVE;
  const nodes = [];
  for (const g of groups) {
    const members = unplaced.filter((d) => (d.group || "") === g);
    if (grouped && g) {
      const open = openGroup === g;
      if (openGroup !== null && !open) continue; // while one group is open the others are hidden
      const toggle = el("button", { class: "group", "data-group": g, "aria-expanded": String(open),
        text: `${open ? "▾" : "▸"} ${g} (${members.length})` });
      toggle.addEventListener("click", () => { openGroup = open ? null : g; drawUnplaced(current); });
      nodes.push(toggle);
      if (!open) continue;
    } else if (g) nodes.push(el("div", { class: "group-title", text: g }));
    nodes.push(...members.map((d) => decisionButton(d, d.confirm ? () => setAim([d]) : null)));
  }
  $("legal").replaceChildren(...nodes);
}

function placedLegal(p) { return pickable(p) ? p.legal.filter((d) => d.place) : []; }

// The places that offer a decision: its place, and any others that start it too (`also`:
// a volley at every member of its group).
function offeredAt(d) { return d.place ? [d.place, ...(d.also || [])] : []; }

function pieceDecisions(p) {
  const here = placedLegal(p).filter((d) => offeredAt(d).includes(picked));
  // The place's pieces in the order of their `piece_rank` (a model's move before its
  // powers), else as listed.
  const rank = (k) => Math.min(...here.filter((d) => (d.piece || "") === k).map((d) => d.piece_rank ?? 0));
  const pieces = unique(here.map((d) => d.piece || "")).sort((a, b) => rank(a) - rank(b));
  if (!pieces.includes(piece)) piece = pieces.length ? pieces[0] : null;
  return { here, pieces, mine: here.filter((d) => (d.piece || "") === piece) };
}

function byRank(a, b) { return (a.rank ?? 0) - (b.rank ?? 0) || (a.path || []).length - (b.path || []).length; }

function targetsOf(mine) {
  const targets = new Map();
  for (const d of mine.filter((x) => x.target)) {
    if (!targets.has(d.target)) targets.set(d.target, []);
    targets.get(d.target).push(d);
  }
  // A place may offer decisions the list does not hold, made by a click: a charge at each
  // of `charges` ("charge G1 {}"), judged by the referee when it is previewed and sent.
  const offering = mine.find((d) => d.charge && d.charges);
  for (const id of offering ? offering.charges : []) {
    if (targets.has(id)) continue;
    targets.set(id, [{ action: offering.charge.replace("{}", id), label: `${offering.place}: charge ${id}`,
      place: offering.place, piece: offering.piece, target: id, confirm: true, preview: true, unlisted: true }]);
  }
  for (const options of targets.values()) options.sort(byRank);
  return targets;
}

function composed(mine) {
  const template = mine.find((d) => d.members && d.compose);
  if (!template || !chosen.length) return null;
  const action = template.compose.replace("{}", chosen.join(template.joiner || " "));
  const listed = mine.find((d) => d.action === action);
  return listed || { ...template, action, members: chosen.slice(), label: template.label };
}

function setAim(options) {
  aim = options && options.length ? { options, at: 0 } : null;
  showDeclared(current);
}

function aimed() { return aim ? aim.options[aim.at] : null; }

function hexShape(place) {
  const shapes = [...document.querySelectorAll(`#board svg [data-pick="${CSS.escape(place)}"]`)];
  // The hex itself (a polygon, or the one hex shape placed by a <use>), not a piece on it.
  return shapes.find((s) => ["polygon", "use"].includes(s.tagName.toLowerCase())) || shapes[0] || null;
}

function markCosts(targets) {
  for (const old of document.querySelectorAll("#board svg .cost-label")) old.remove();
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  for (const [place, options] of targets) {
    const shape = hexShape(place);
    const cost = options[0].cost;
    if (!shape || !cost || typeof shape.getBBox !== "function") continue;
    const box = shape.getBBox();
    const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
    label.setAttribute("class", "cost-label");
    label.setAttribute("x", (box.x + box.width / 2).toFixed(1));
    label.setAttribute("y", (box.y + box.height * 0.85).toFixed(1));
    label.setAttribute("text-anchor", "middle");
    label.textContent = cost.split(" ")[0];   // "2½ MP", "2 hexes": the number is enough
    svg.append(label);
  }
}

function showDeclared(p) {
  const placed = placedLegal(p);
  const origins = new Set(placed.flatMap(offeredAt));
  if (picked && !origins.has(picked)) { picked = null; aim = null; chosen = []; }
  // One place holds every decision (a retreat, an advance): it is picked already.
  if (!picked && origins.size === 1) picked = [...origins][0];
  const { pieces, mine } = pieceDecisions(p);
  const targets = targetsOf(mine);
  const members = new Set(mine.flatMap((d) => d.members || []));
  chosen = chosen.filter((m) => members.has(m));
  if (members.size) aim = composed(mine) ? { options: [composed(mine)], at: 0 } : null;
  const weighed = aimed();
  if (weighed && !p.legal.some((d) => d.action === weighed.action) && !weighed.members &&
      !weighed.unlisted) aim = null;
  const path = new Set(aimed() ? aimed().path || [] : []);
  // The hexes a decision strikes (a Death Breath's kill zone), shown before it is sent.
  const zone = new Set(aimed() ? aimed().zone || [] : []);
  for (const shape of boardShapes()) {
    const place = placeOf(shape);
    if (place !== null) shape.dataset.pick = place;
    shape.classList.toggle("pickable", origins.has(place) || targets.has(place) || members.has(place));
    shape.classList.toggle("picked", place !== null && place === picked);
    shape.classList.toggle("reachable", targets.has(place));
    shape.classList.toggle("joinable", members.has(place) && !chosen.includes(place));
    shape.classList.toggle("joined", chosen.includes(place));
    shape.classList.toggle("on-path", path.has(place) && place !== picked);
    shape.classList.toggle("in-zone", zone.has(place));
    shape.classList.toggle("aimed", Boolean(aimed()) && aimed().target === place);
  }
  markCosts(targets);
  // While a place is picked, what the drawing shows unasked (a first model's reach) gives way.
  const svg = document.querySelector("#board svg");
  if (svg) svg.classList.toggle("has-picked", Boolean(picked));
  // Which piece of the place: a button each when there are several.
  $("pieces").replaceChildren(...(pieces.length > 1 ? pieces.map((k) => {
    const d = mine.length && (mine[0].piece || "") === k ? mine[0]
      : placed.find((x) => offeredAt(x).includes(picked) && (x.piece || "") === k);
    const b = el("button", { class: "piece", "data-piece": k, text: d.piece_label || k || "…" });
    b.classList.toggle("current", k === piece);
    b.addEventListener("click", () => { piece = k; aim = null; chosen = []; showDeclared(current); });
    return b;
  }) : []));
  const plain = mine.filter((d) => !d.target && !d.members).slice(0, PLACE_BUTTONS);
  $("place-decisions").replaceChildren(...plain.map((d) =>
    decisionButton(d, d.confirm ? () => setAim([d]) : null)));
  $("pick-area").hidden = !picked;
  let hint = "";
  if (picked) {
    const name = mine.length && mine[0].piece_label ? mine[0].piece_label : picked;
    hint = `${picked} selected: ${name}. `;
    if (mine.some((d) => d.free)) hint += "Click in the shaded area, or drag the model, to move there" +
      (targets.size ? ", or a highlighted enemy to charge it. " : ". ");
    else if (targets.size) hint += "Click a highlighted place" +
      ([...targets.values()].some((o) => o[0].cost) ? " (the number is its cost). " : ". ");
    if (members.size) hint += `Click the units to take part (${chosen.length} chosen). `;
  }
  $("pick-hint").textContent = hint;
  showAim(p);
}

function showAim(p) {
  const d = aimed();
  $("aim").hidden = !d;
  if (!d) { $("odds").hidden = true; return; }
  const via = d.path && d.path.length > 2 ? ` via ${d.path.slice(1, -1).join(" ")}` : "";
  $("aim-text").textContent = `${d.label || d.action}${via}${d.cost ? ` — ${d.cost}` : ""}` +
    (d.target ? " (click it again, or here:)" : "");
  $("aim-go").dataset.action = d.action;
  $("aim-go").textContent = d.members ? `Declare: ${d.action}` : "Do it";
  $("aim-go").disabled = busy || $("aim-go").dataset.refused === d.action;
  const others = aim.options.map((o, i) => ({ o, i })).filter(({ i }) => i !== aim.at)
    .slice(0, OTHER_OPTIONS);
  $("aim-options").replaceChildren(...(others.length ? [el("span", { class: "hint", text: "Other ways: " })] : []),
    ...others.map(({ o, i }) => {
      const b = el("button", { class: "option", "data-action": o.action,
        text: o.path ? `via ${o.path.slice(1, -1).join(" ") || "—"}${o.cost ? ` · ${o.cost}` : ""}`
          : o.label || o.action });
      b.addEventListener("click", () => { aim.at = i; showDeclared(current); });
      return b;
    }));
  if (d.preview) askPreview(d.action);
  else { $("odds").hidden = true; clearPreviewPath(); }
}

async function askPreview(action) {
  const box = $("odds");
  if (box.dataset.action === action && !box.hidden) return;   // shown, or on its way
  const asked = ++previewAsked;
  box.dataset.action = action;
  box.hidden = false;
  box.replaceChildren(el("div", { class: "hint", text: "Working out the odds…" }));
  try {
    const answer = await call("GET", `/api/tables/${tableId}/preview?action=${encodeURIComponent(action)}`);
    if (asked === previewAsked) drawOdds(answer.preview);
  } catch (e) {
    if (asked === previewAsked) {
      box.replaceChildren(el("div", { class: "error", text: e.message }));
      refuseAim();
    }
  }
}

function oddsRows(rows) {
  return el("table", { class: "odds-table" }, ...rows.map((r) =>
    el("tr", {}, el("td", { text: r.result }), el("td", { class: "num", text: r.percent }),
      el("td", { class: "hint", text: r.exact }))));
}

// A decision the referee refuses (a destination no legal path reaches): not to be sent.
function refuseAim() {
  clearPreviewPath();
  $("aim-go").disabled = true;
  $("aim-go").dataset.refused = $("odds").dataset.action;
}

function clearPreviewPath() {
  for (const old of document.querySelectorAll("#board svg .preview-path")) old.remove();
}

// The path a preview found (SVG points), drawn on the board with its cost at its end.
function drawPreviewPath(points, cost) {
  clearPreviewPath();
  const svg = document.querySelector("#board svg");
  if (!svg || !points) return;
  const ns = "http://www.w3.org/2000/svg";
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("class", "preview-path");
  line.setAttribute("points", points);
  svg.append(line);
  const end = points.trim().split(/\s+/).pop().split(",");
  if (cost) {
    const label = document.createElementNS(ns, "text");
    label.setAttribute("class", "preview-path preview-cost");
    label.setAttribute("x", end[0]);
    label.setAttribute("y", String(Number(end[1]) - 8));
    label.setAttribute("text-anchor", "middle");
    label.textContent = cost;
    svg.append(label);
  }
}

function drawOdds(odds) {
  const box = $("odds");
  if (!odds) { box.hidden = true; clearPreviewPath(); return; }
  if (odds.refused) {
    box.replaceChildren(el("div", { class: "error", text: odds.refused }));
    refuseAim();
    return;
  }
  delete $("aim-go").dataset.refused;
  drawPreviewPath(odds.path, odds.cost);
  const attacks = odds.attacks || [];
  const parts = [el("div", { class: "odds-title", text: odds.title })];
  if (odds.modifiers) parts.push(el("ul", { class: "odds-modifiers" }, ...odds.modifiers.map((m) => el("li", { text: m }))));
  // Several attacks: the whole first, then each attack as the tables give it.
  if (odds.overall && attacks.length !== 1) {
    parts.push(el("div", { class: "odds-attack", text: attacks.length ? "The whole melee:" : "Chances:" }),
      oddsRows(odds.overall));
  }
  for (const a of attacks) {
    parts.push(el("div", { class: "odds-attack", text: `${a.attacker_name} (${a.attacker}): ` +
      `${a.strength} vs armour ${a.armour}, morale ${a.morale} — casualty ${a.casualty.percent}` }));
    parts.push(el("ul", { class: "odds-modifiers" }, ...a.modifiers.map((m) => el("li", { text: m }))));
    parts.push(oddsRows(a.results));
  }
  for (const n of odds.notes || []) parts.push(el("div", { class: "hint", text: n }));
  box.replaceChildren(...parts);
}

function clickDeclared(p, place) {
  const { mine } = pieceDecisions(p);
  const targets = targetsOf(mine);
  const members = new Set(mine.flatMap((d) => d.members || []));
  const weighed = aimed();
  if (picked && targets.has(place)) {
    if (weighed && weighed.target === place) { decideAimed(); return; }
    const options = targets.get(place);
    if (options[0].confirm) setAim(options);
    else { picked = null; decide(options[0].action); }
    return;
  }
  if (picked && members.has(place)) {
    chosen = chosen.includes(place) ? chosen.filter((m) => m !== place) : chosen.concat([place]);
    showDeclared(p);
    return;
  }
  const origins = new Set(placedLegal(p).flatMap(offeredAt));
  const free = mine.find((d) => d.free);
  if (picked && free && lastPoint && !origins.has(place)) { aimAt(free, lastPoint); return; }
  const again = place === picked;
  picked = origins.has(place) && !again ? place : null;
  piece = null; aim = null; chosen = [];
  showDeclared(p);
}

// A destination clicked on the table: the decision the place's template makes of it, weighed
// (its path and cost previewed) before it is sent.
function aimAt(free, point) {
  const where = `${written(point.x)},${written(point.y)}`;
  const label = (free.free_label || `${free.place}: move to {}`).replace("{}", where);
  setAim([{ action: free.free.replace("{}", where), label,
    place: free.place, piece: free.piece, confirm: true, preview: true, unlisted: true }]);
}

function written(v) { return String(Math.round(v * 100) / 100); }

// The table point under a click, on a drawing that says how its points map to the table's
// (data-scale: pixels per unit; data-origin-x/-y: where the table's 0,0 is drawn).
function tablePoint(e) {
  const svg = document.querySelector("#board svg");
  if (!svg || !svg.dataset.scale || typeof svg.getScreenCTM !== "function") return null;
  const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const scale = Number(svg.dataset.scale);
  return { x: (at.x - Number(svg.dataset.originX)) / scale,
           y: (Number(svg.dataset.originY) - at.y) / scale, px: at.x, py: at.y };
}

// ----- drag to move: press on a model, drag to a point in its reach, release ------------
// While the pointer moves, the path the referee finds to the point under it is drawn with
// its cost (one preview asked at a time, always for the latest point); released, the
// destination is weighed as a click there is.

function dragTemplate(p, model) {
  if (!pickable(p) || !declared(p)) return null;
  return placedLegal(p).find((d) => offeredAt(d).includes(model) && d.free) || null;
}

function bindDrag() {
  $("board").addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || ruler) return;
    const g = e.target.closest("#board svg g.model[data-model]");
    const free = g ? dragTemplate(current, g.dataset.model) : null;
    if (!free) return;
    drag = { free, x: e.clientX, y: e.clientY, moved: false, point: null, asking: false, shown: null };
  });
  window.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_PIXELS) return;
    e.preventDefault();
    if (!drag.moved) startDrag(drag);
    drag.point = tablePoint(e);
    dragAsk(drag);
  });
  window.addEventListener("pointerup", (e) => {
    const d = drag;
    drag = null;
    if (!d || !d.moved) return;       // a press without a drag: the click that follows picks
    dragEnded = true;
    setTimeout(() => { dragEnded = false; }, 0);   // no click follows a release off the board
    // Released on an enemy it may charge (or another target of its place): as a click on it.
    const over = e.target.closest ? e.target.closest("#board svg [data-pick]") : null;
    if (over && over.dataset.pick !== d.free.place &&
        targetsOf(pieceDecisions(current).mine).has(over.dataset.pick)) {
      clickDeclared(current, over.dataset.pick);
      return;
    }
    const point = tablePoint(e);
    if (point) { lastPoint = point; aimAt(d.free, point); }
  });
}

// The model dragged is picked, its reach shaded, what was weighed before put aside.
function startDrag(d) {
  d.moved = true;
  picked = d.free.place; piece = d.free.piece || ""; aim = null; chosen = [];
  showDeclared(current);
  clearPreviewPath();
}

async function dragAsk(d) {
  if (d.asking || !d.point || d.point === d.shown) return;
  d.asking = true;
  const point = d.point;
  const action = d.free.free.replace("{}", `${written(point.x)},${written(point.y)}`);
  let answer = null;
  try { answer = (await call("GET", `/api/tables/${tableId}/preview?action=${encodeURIComponent(action)}`)).preview; }
  catch (e) { answer = { refused: e.message }; }
  d.asking = false;
  d.shown = point;
  if (drag !== d) return;             // released, or a new drag: the release weighs its own
  if (answer && answer.path && !answer.refused) drawPreviewPath(answer.path, answer.cost);
  else drawRefusedDrag(d, point);
  dragAsk(d);                         // the pointer has moved on since: the latest point
}

// No legal path to the point under the pointer: a line to it, marked as out of reach.
function drawRefusedDrag(d, point) {
  clearPreviewPath();
  const svg = document.querySelector("#board svg");
  const g = svg && svg.querySelector(`g.model[data-model="${CSS.escape(d.free.place)}"]`);
  if (!g || point.px === undefined) return;
  const from = modelEnd({ target: g }, point);
  const ns = "http://www.w3.org/2000/svg";
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("class", "preview-path preview-refused");
  line.setAttribute("points", `${from.px.toFixed(1)},${from.py.toFixed(1)} ${point.px.toFixed(1)},${point.py.toFixed(1)}`);
  svg.append(line);
  const label = document.createElementNS(ns, "text");
  label.setAttribute("class", "preview-path preview-cost preview-refused");
  label.setAttribute("x", point.px.toFixed(1));
  label.setAttribute("y", (point.py - 8).toFixed(1));
  label.setAttribute("text-anchor", "middle");
  label.textContent = "out of reach";
  svg.append(label);
}

function clickTable(point) {
  const p = current;
  if (!pickable(p) || !declared(p) || !picked || !point) return;
  const free = pieceDecisions(p).mine.find((d) => d.free);
  if (free) aimAt(free, point);
}

// ----- the ruler: between two points, or two models (edge to edge) ---------------------

function modelEnd(e, point) {
  const g = e.target.closest("#board svg g.model[data-r]");
  if (!g) return { ...point, r: 0, name: null };
  const svg = document.querySelector("#board svg");
  const scale = Number(svg.dataset.scale);
  const x = Number(g.dataset.x), y = Number(g.dataset.y);
  return { x, y, r: Number(g.dataset.r), name: g.dataset.model,
           px: Number(svg.dataset.originX) + x * scale, py: Number(svg.dataset.originY) - y * scale };
}

function rulerClick(e, point) {
  const end = modelEnd(e, point);
  for (const old of document.querySelectorAll("#board svg .ruler")) old.remove();
  if (!ruler.from) { ruler.from = end; $("ruler-text").textContent = "Now click the other end."; return; }
  const a = ruler.from, svg = document.querySelector("#board svg");
  const units = svg.dataset.units === "in" ? '"' : "cm";
  const d = Math.hypot(end.x - a.x, end.y - a.y);
  const gap = Math.max(0, d - a.r - end.r);
  const ns = "http://www.w3.org/2000/svg";
  const line = document.createElementNS(ns, "line");
  line.setAttribute("class", "ruler");
  for (const [k, v] of [["x1", a.px], ["y1", a.py], ["x2", end.px], ["y2", end.py]]) line.setAttribute(k, v.toFixed(1));
  svg.append(line);
  const text = a.name && end.name ? `${a.name} to ${end.name}: ${gap.toFixed(2)}${units} edge to edge ` +
    `(${d.toFixed(2)}${units} centre to centre)` : `${d.toFixed(2)}${units}`;
  const label = document.createElementNS(ns, "text");
  label.setAttribute("class", "ruler ruler-label");
  label.setAttribute("x", ((a.px + end.px) / 2).toFixed(1));
  label.setAttribute("y", ((a.py + end.py) / 2 - 6).toFixed(1));
  label.setAttribute("text-anchor", "middle");
  label.textContent = a.name && end.name ? `${gap.toFixed(2)}${units}` : `${d.toFixed(2)}${units}`;
  svg.append(label);
  $("ruler-text").textContent = text + ". Click again to measure anew.";
  ruler.from = null;
}

function toggleRuler() {
  ruler = ruler ? null : { from: null };
  for (const old of document.querySelectorAll("#board svg .ruler")) old.remove();
  $("ruler").textContent = ruler ? "Put the ruler away" : "Ruler";
  $("ruler-text").textContent = ruler ? "Click one end: a point or a model." : "";
}

function decideAimed() {
  const d = aimed();
  if (!d || $("aim-go").dataset.refused === d.action) return;
  picked = null; piece = null; aim = null; chosen = [];
  decide(d.action);
}

function inspect(detail) {
  $("inspect").hidden = !detail;
  $("inspect-text").replaceChildren(...(detail || "").split(/\n|\\n/).map((line) => el("div", { text: line })));
}

// A drawing's layers (g[data-layer], hidden at first) each get a switch on the page.
function drawLayers() {
  const layers = [...document.querySelectorAll("#board svg g[data-layer]")];
  const svg = document.querySelector("#board svg");
  const measurable = Boolean(svg && svg.dataset.scale);
  $("ruler-area").hidden = !measurable;
  if (!measurable && ruler) toggleRuler();
  $("layers-area").hidden = !layers.length && !measurable;
  $("layers").replaceChildren(...layers.map((g) => {
    const name = g.getAttribute("data-layer");
    if (name in layerShown) g.setAttribute("display", layerShown[name] ? "inline" : "none");
    const box = el("input", { type: "checkbox", "data-layer": name });
    box.checked = g.getAttribute("display") !== "none";
    box.addEventListener("change", () => {
      layerShown[name] = box.checked;
      for (const same of document.querySelectorAll(`#board svg g[data-layer="${CSS.escape(name)}"]`)) {
        same.setAttribute("display", box.checked ? "inline" : "none");
      }
    });
    return el("label", { class: "layer" }, box, ` ${name}`);
  }));
}

function draw(p, again = false) {
  if (current && p.epoch === current.epoch && p.revision < current.revision) return;
  // The same revision twice (the decision's answer and its live event, in either order):
  // drawn once, so what the person began to select since is not wiped by a redraw.
  if (!again && current && p.epoch === current.epoch && p.revision === current.revision &&
      p.viewer === current.viewer && p.steps === current.steps) return;
  if (!mergeLog(p)) return;
  current = p;
  $("title").textContent = p.title;
  $("whoami").textContent = p.viewer === null ? "— spectator" : `— you play ${seatName(p, p.viewer)}`;
  document.title = `palantir — ${p.title}`;
  if (!replay) {
    $("board").innerHTML = p.svg || `<pre>${JSON.stringify(p.view, null, 1)}</pre>`;
    bindDice(p);
    drawLayers();
  }
  $("help").textContent = p.help;
  drawDecisions(p);
  showChoiceOdds(p);
  showPick(p);
  drawLog(p);
  $("replay-open").hidden = p.status !== "finished";
  document.body.dataset.status = p.status;
  document.body.dataset.version = p.version;
  document.body.dataset.toMove = p.to_move === null ? "" : p.to_move;
}

// ----- the odds of each choice, on request -------------------------------------------------
// A game that can (payload.choice_odds) shows, for every legal decision, its odds in a table
// (GET /api/tables/{id}/odds): asked again for each new decision while the table is open.

function showChoiceOdds(p) {
  const toggle = $("choice-odds-toggle");
  toggle.hidden = !p.choice_odds;
  toggle.setAttribute("aria-expanded", String(oddsOpen && !!p.choice_odds));
  toggle.textContent = oddsOpen ? "Hide the odds" : "Odds of each choice";
  if (!p.choice_odds || !oddsOpen) { $("choice-odds").hidden = true; return; }
  askChoiceOdds();
}

async function askChoiceOdds() {
  const box = $("choice-odds");
  const asked = ++oddsAsked;
  box.hidden = false;
  box.replaceChildren(el("div", { class: "hint", text: "Working out the odds…" }));
  try {
    const answer = await call("GET", `/api/tables/${tableId}/odds`);
    if (asked === oddsAsked) drawChoiceOdds(answer.odds);
  } catch (e) {
    if (asked === oddsAsked) box.replaceChildren(el("div", { class: "error", text: e.message }));
  }
}

function drawChoiceOdds(odds) {
  const box = $("choice-odds");
  if (!odds) { box.replaceChildren(el("div", { class: "hint", text: "No odds to show now." })); return; }
  const head = el("tr", {}, ...odds.columns.map((c) => el("th", { text: c })));
  // The decision in its notation (short: the table stays narrow), its words on hovering.
  const rows = odds.rows.map((r) => el("tr", { class: r.best ? "best" : "", "data-action": r.action, title: r.label },
    el("td", { text: (r.best ? "★ " : "") + r.action }),
    ...r.cells.map((c) => el("td", { class: "num", text: c }))));
  box.replaceChildren(el("div", { class: "odds-title", text: odds.title }),
    el("table", { class: "odds-table choice-odds-table" }, head, ...rows),
    ...(odds.notes || []).map((n) => el("div", { class: "hint", text: n })));
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
  for (const b of document.querySelectorAll("#legal button.decision, #place-decisions button, #aim button, #undo")) b.disabled = on;
  $("select-button").disabled = on || selectedTokens().length === 0;
  // What may be picked on the map was drawn while the decision was on its way (nothing):
  // now it is the table's as it is.
  if (!on && current) showPick(current);
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
    if (e.status === 409 && e.field === "version") { picked = null; aim = null; chosen = []; await refresh(); }
    else showError(e.message);
  } finally { setBusy(false); }
}

function decide(action) { return send(`/api/tables/${tableId}/decisions`, { action }); }

async function refresh() {
  try { log = []; draw(await call("GET", `/api/tables/${tableId}`), true); }
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
  drawLayers();
  const who = f.action ? `${seatName(current, f.seat)}: ${f.said || f.action}. ` : "";
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
  $("choice-odds-toggle").addEventListener("click", () => {
    oddsOpen = !oddsOpen;
    if (current) showChoiceOdds(current);
  });
  $("replay-open").addEventListener("click", openReplay);
  $("replay-start").addEventListener("click", () => moveReplay(0));
  $("replay-prev").addEventListener("click", () => replay && moveReplay(replay.at - 1));
  $("replay-next").addEventListener("click", () => replay && moveReplay(replay.at + 1));
  $("replay-end").addEventListener("click", () => replay && moveReplay(replay.total - 1));
  $("replay-slider").addEventListener("input", (e) => moveReplay(Number(e.target.value)));
  $("replay-close").addEventListener("click", closeReplay);
  bindPlaces();
  bindDrag();
  $("pick-clear").addEventListener("click", () => {
    picked = null; piece = null; aim = null; chosen = []; showPick(current);
  });
  $("aim-go").addEventListener("click", (e) => { if (e.detail <= 1) decideAimed(); });
  $("ruler").addEventListener("click", toggleRuler);
  $("share").textContent = `Spectator link: ${location.origin}/table/${tableId}`;
  listen();
}
start();
