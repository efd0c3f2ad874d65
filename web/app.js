// The page: choose a game, set a position, play against the perfect player.
// Every position is analysed by the library in a Web Worker (worker.js); this
// file only keeps the game's history and draws it. No framework.

const GAMES = {
  nim: {
    title: "Nim",
    rules: "Take any number of tokens from one heap; whoever takes the last token wins (normal play). " +
      "The value of a position is the XOR of the heaps (its nimber); it is lost for the player to move when that is 0.",
    rulesLabel: null, positionLabel: "Heaps", position: "3 4 5", misere: true,
  },
  subtraction: {
    title: "Subtraction game",
    rules: "Take from one heap a number of tokens in the move set; whoever cannot move loses. " +
      "Type the move set (for example 1 3 4) and the heaps.",
    rulesLabel: "Move set", rulesValue: "1 3 4", positionLabel: "Heaps", position: "10 7", misere: true,
  },
  octal: {
    title: "Kayles and octal games",
    rules: "Take-and-break games on rows of pins: Kayles (0.77) knocks down one or two adjacent pins, which may split " +
      "a row in two. Type any octal code (0.07 Dawson's Kayles, 0.137 Dawson's chess, 4.7 …) or a name " +
      "(kayles, dawsons-kayles, grundys-game, …) and the rows.",
    rulesLabel: "Code", rulesValue: "kayles", positionLabel: "Rows", position: "7 4", misere: true,
  },
  wythoff: {
    title: "Wythoff's queen",
    rules: "A queen stands at (x, y); a move takes her any distance left, down, or diagonally down-left. " +
      "Whoever moves her to the corner (0, 0) wins. Type the queen's square x y.",
    rulesLabel: null, positionLabel: "Queen at", position: "6 9", misere: true,
  },
  ends: {
    title: "Take from the ends",
    rules: "Players in turn take the stone at the left or right end of the row and score its value " +
      "(LeetCode 877, AtCoder EDPC L). The higher total wins; equal totals draw. Type the row's values.",
    rulesLabel: null, positionLabel: "Row", position: "4 5 3 1 2 7 6",
  },
  hackenbush: {
    title: "Green Hackenbush",
    rules: "A move cuts one edge; whatever no longer reaches the ground (vertex 0) falls away. Whoever cuts the " +
      "last edge wins. Type the edges as a-b (a-a is a loop); click an edge of the drawing to cut it.",
    rulesLabel: null, positionLabel: "Edges", position: "0-1 1-2 2-0 1-3 3-4 3-5 0-6 6-6 6-7", board: "hackenbush",
  },
  graph: {
    title: "A game on a graph, with draws",
    rules: "A token stands on a vertex; a move pushes it along an arc. A player who cannot move loses; play " +
      "that can go on for ever is a draw. Type the arcs as a>b and the token's vertex; click a vertex to move there.",
    rulesLabel: "Arcs", rulesValue: "0>1 1>2 2>0 1>3 3>4 4>5 5>3 2>6 6>7 0>8 8>0 8>6",
    positionLabel: "Token at", position: "0", board: "graph",
  },
};

const params = new URLSearchParams(location.search);
const DELAY = Number(params.get("delay") ?? 400); // ms before the perfect player moves
const $ = (id) => document.getElementById(id);

// ---- the worker ---------------------------------------------------------

let worker = null;
let nextId = 1;
const pending = new Map(); // id -> {resolve, reject, onProgress}
let busyTimer = null;

class Cancelled extends Error {}

function spawnWorker() {
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = (event) => {
    const { id, progress, result, error } = event.data;
    const call = pending.get(id);
    if (!call) return;
    if (progress !== undefined) {
      call.onProgress?.(progress);
      return;
    }
    pending.delete(id);
    if (pending.size === 0) hideBusy();
    if (error !== undefined) call.reject(new Error(error));
    else call.resolve(result);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    showError(`the worker failed: ${event.message || "could not load the module"}`);
  };
}

// Calls the library in the worker. The busy box (progress and Cancel) shows
// at once for long work, after 150 ms for the rest.
function call(op, args, { busyText = "Working…", onProgress = null, longWork = false } = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, {
      resolve, reject,
      onProgress: (p) => { $("progress").value = p; onProgress?.(p); },
    });
    worker.postMessage({ id, op, args });
    clearTimeout(busyTimer);
    const show = () => showBusy(busyText, longWork);
    if (longWork) show(); else busyTimer = setTimeout(show, 150);
  });
}

function showBusy(text, withProgress) {
  $("busy-text").textContent = text;
  const bar = $("progress");
  if (withProgress) bar.value = 0; else bar.removeAttribute("value");
  $("busy").hidden = false;
  document.body.dataset.work = "busy";
}

function hideBusy() {
  clearTimeout(busyTimer);
  $("busy").hidden = true;
  document.body.dataset.work = "idle";
}

// Cancel: wasm without threads cannot be interrupted, so the worker is ended
// and a fresh one started; every call in flight is refused as cancelled.
function cancelWork() {
  worker.terminate();
  const calls = [...pending.values()];
  pending.clear();
  hideBusy();
  spawnWorker();
  for (const c of calls) c.reject(new Cancelled("cancelled"));
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

// ---- game state -----------------------------------------------------------

let game = "nim";
let side = "0";            // "0": you play first, "1": second, "both"
let history = [];          // [{position, lead, scores, label, analysis}]
let generation = 0;        // bumped by set/undo/tab: stale replies and timers are dropped
let finishing = false;     // two perfect players play to the end
let misere = false;        // the convention of the position set (the last move loses)
let hintIndex = -1;

const isScoring = () => game === "ends";
const current = () => history[history.length - 1];
const moverOf = (index) => index % 2; // 0: player 1 (moves first from the set position)
const humanMoves = (index) => !finishing && (side === "both" || Number(side) === moverOf(index));

function analyze(position, lead) {
  return call("analyze", { game, rules: $("rules").value, position, lead, misere }, { busyText: "Solving…" });
}

async function setPosition() {
  const mine = ++generation;
  finishing = false;
  showError("");
  side = $("side").value;
  misere = Boolean(GAMES[game].misere) && $("misere").checked;
  const position = $("position").value;
  document.body.dataset.state = "thinking";
  try {
    const analysis = await analyze(position, 0);
    if (mine !== generation) return;
    history = [{ position: analysis.position, lead: 0, scores: [0, 0], label: null, analysis }];
    render();
    // The first position shown: the page is interactive (the browser test reads this).
    document.body.dataset.interactive ??= String(Math.round(performance.now()));
    schedule();
  } catch (error) {
    if (mine !== generation) return;
    history = [];
    render();
    document.body.dataset.state = "error";
    if (!(error instanceof Cancelled)) showError(error.message);
  }
}

// Plays `move` from the current position.
async function play(move) {
  const mine = generation;
  const here = current();
  const mover = moverOf(history.length - 1);
  const scores = [...here.scores];
  let lead = 0;
  if (isScoring()) {
    const stone = Number(move.label.split(" ").pop());
    scores[mover] += stone;
    lead = scores[1 - mover] - scores[mover];
  }
  document.body.dataset.state = "thinking";
  try {
    const analysis = await analyze(move.to, lead);
    if (mine !== generation) return;
    history.push({ position: analysis.position, lead, scores, label: move.label, analysis });
    hintIndex = -1;
    render();
    schedule();
  } catch (error) {
    if (mine !== generation) return;
    document.body.dataset.state = "ready";
    if (!(error instanceof Cancelled)) showError(error.message);
    finishing = false;
    render();
  }
}

// The perfect player's choice: a win as fast as possible; else a draw; else
// the slowest loss. Scoring games: the largest final lead.
function best(moves) {
  const rank = (m) => {
    if (m.score !== null) return [m.score, 0];
    const r = m.remoteness ?? 0;
    if (m.outcome === "win") return [2, -r];
    if (m.outcome === "draw") return [1, 0];
    return [0, r];
  };
  let chosen = -1;
  let top = null;
  moves.forEach((m, i) => {
    const k = rank(m);
    if (top === null || k[0] > top[0] || (k[0] === top[0] && k[1] > top[1])) {
      top = k;
      chosen = i;
    }
  });
  return chosen;
}

// After each position: the perfect player moves when it is its turn.
function schedule() {
  const here = current();
  if (!here || here.analysis.moves.length === 0) {
    finishing = false;
    document.body.dataset.state = "over";
    render();
    return;
  }
  if (humanMoves(history.length - 1)) {
    document.body.dataset.state = "ready";
    return;
  }
  document.body.dataset.state = "thinking";
  const mine = generation;
  setTimeout(() => {
    if (mine !== generation) return;
    const moves = current().analysis.moves;
    play(moves[best(moves)]);
  }, DELAY);
}

function undo() {
  if (history.length <= 1) return;
  generation++;
  finishing = false;
  history.pop();
  // Against the perfect player, go back to a position where you are to move.
  while (history.length > 1 && !humanMoves(history.length - 1)) history.pop();
  hintIndex = -1;
  render();
  schedule();
}

function hint() {
  const here = current();
  if (!here || here.analysis.moves.length === 0) return;
  hintIndex = best(here.analysis.moves);
  render();
}

function finish() {
  if (!current() || current().analysis.moves.length === 0) return;
  generation++;
  finishing = true;
  schedule();
}

// ---- drawing --------------------------------------------------------------

const playerName = (p) => {
  const who = side === "both" ? "" : (Number(side) === p ? " (you)" : " (perfect player)");
  return `Player ${p + 1}${who}`;
};

function valueText(v) {
  const parts = [];
  if (v.score !== null && v.score !== undefined) {
    parts.push(`${v.outcome} by ${Math.abs(v.score)}`.replace(/draw by 0/, "draw"));
  } else {
    parts.push(v.remoteness !== null ? `${v.outcome} in ${v.remoteness}` : v.outcome);
  }
  if (v.nimber !== null && v.nimber !== undefined) parts.push(`*${v.nimber}`);
  return parts.join(" · ");
}

function render() {
  const list = $("moves");
  list.replaceChildren();
  const status = $("status");
  const here = current();
  $("undo").disabled = history.length <= 1;
  if (!here) {
    status.textContent = "";
    delete status.dataset.position;
    drawHistory();
    return;
  }
  const a = here.analysis;
  const mover = moverOf(history.length - 1);
  const over = a.moves.length === 0;
  Object.assign(status.dataset, {
    position: a.position, outcome: a.outcome, mover: String(mover + 1), over: over ? "1" : "0",
    nimber: a.nimber ?? "", remoteness: a.remoteness ?? "", score: a.score ?? "", ply: String(history.length - 1),
  });
  const where = (isScoring() ? `row [${a.position}], scores ${here.scores[0]} : ${here.scores[1]}` : `position ${a.position}`) +
    (misere ? " (misère play)" : "");
  status.dataset.misere = misere ? "1" : "0";
  if (over) {
    let result;
    if (isScoring()) {
      const d = here.scores[0] - here.scores[1];
      result = d === 0 ? "a draw" : `${playerName(d > 0 ? 0 : 1)} wins by ${Math.abs(d)}`;
    } else {
      result = misere
        ? `${playerName(mover)} wins (no move left: ${playerName(1 - mover)} made the last move, which loses)`
        : `${playerName(1 - mover)} wins (no move left for ${playerName(mover)})`;
    }
    status.textContent = `Game over, ${where}: ${result}.`;
  } else {
    status.textContent = `${playerName(mover)} to move, ${where}. Value for the player to move: ${valueText(a)}.`;
  }
  $("note").textContent = a.note;
  const canClick = humanMoves(history.length - 1) && !over;
  a.moves.forEach((m, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = `move ${m.outcome}` + (i === hintIndex ? " hinted" : "");
    Object.assign(button.dataset, {
      index: String(i), to: m.to, outcome: m.outcome, label: m.label,
      nimber: m.nimber ?? "", remoteness: m.remoteness ?? "", score: m.score ?? "",
    });
    const label = document.createElement("span");
    label.textContent = m.label;
    const value = document.createElement("span");
    value.className = "value";
    value.textContent = valueText(m);
    button.append(label, value);
    button.disabled = !canClick;
    button.addEventListener("click", () => {
      if (document.body.dataset.state !== "ready") return;
      document.body.dataset.state = "thinking";
      play(m);
    });
    item.append(button);
    list.append(item);
  });
  if (hintIndex >= 0) {
    status.textContent += ` Hint: ${a.moves[hintIndex].label}.`;
  }
  const log = $("log");
  log.replaceChildren();
  history.slice(1).forEach((h, i) => {
    const item = document.createElement("li");
    item.textContent = `${playerName(moverOf(i))}: ${h.label}`;
    log.append(item);
  });
  drawHistory();
  drawBoard();
}

const SVG = "http://www.w3.org/2000/svg";
function svgEl(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// The value history: for each position so far, its value for player 1 (up:
// player 1 wins, down: loses; impartial games by remoteness, scoring games
// by the final lead with perfect play), coloured by the outcome.
function drawHistory() {
  const svg = $("history");
  svg.replaceChildren();
  const W = 420, H = 240, L = 40, R = 10, T = 14, B = 26;
  const points = history.map((h, i) => {
    const a = h.analysis;
    const sign = moverOf(i) === 0 ? 1 : -1;
    let y;
    if (a.score !== null) y = sign * a.score;
    else {
      const s = a.outcome === "win" ? 1 : a.outcome === "lose" ? -1 : 0;
      y = sign * s * (a.remoteness ?? 1);
    }
    const p1 = a.outcome === "draw" ? "draw" : (sign * (a.outcome === "win" ? 1 : -1) > 0 ? "win" : "lose");
    return { x: i, y, p1 };
  });
  const maxY = Math.max(1, ...points.map((p) => Math.abs(p.y)));
  const maxX = Math.max(1, points.length - 1);
  const sx = (x) => L + (x / maxX) * (W - L - R);
  const sy = (y) => T + (1 - (y + maxY) / (2 * maxY)) * (H - T - B);
  svg.append(svgEl("line", { x1: L, x2: W - R, y1: sy(0), y2: sy(0), stroke: "#999" }));
  svg.append(svgEl("line", { x1: L, x2: L, y1: T, y2: H - B, stroke: "#999" }));
  svg.append(svgEl("text", { x: 4, y: T + 4, "font-size": 10 }, `+${maxY}`));
  svg.append(svgEl("text", { x: 4, y: H - B, "font-size": 10 }, `-${maxY}`));
  svg.append(svgEl("text", { x: L + 4, y: T - 3, "font-size": 10 },
    isScoring() ? "player 1's final lead (perfect play from here)" : "player 1 wins (up) / loses (down) in … moves"));
  svg.append(svgEl("text", { x: W / 2 - 30, y: H - 6, "font-size": 10 }, "move number"));
  if (points.length > 1) {
    svg.append(svgEl("polyline", {
      points: points.map((p) => `${sx(p.x)},${sy(p.y)}`).join(" "), fill: "none", stroke: "#555",
    }));
  }
  const colours = { win: "#2e9e3e", lose: "#d33a2c", draw: "#d4b000" };
  for (const p of points) {
    svg.append(svgEl("circle", { cx: sx(p.x), cy: sy(p.y), r: 4, fill: colours[p.p1], class: `point ${p.p1}` }));
  }
}

// ---- the drawn graph games ----------------------------------------------

const OUTCOME_COLOURS = { win: "#2e9e3e", lose: "#d33a2c", draw: "#d4b000" };

function drawBoard() {
  const svg = $("board");
  const kind = GAMES[game]?.board;
  // `hidden` is an HTML property: an <svg> is shown or hidden by its style.
  const show = Boolean(kind && current());
  svg.style.display = show ? "" : "none";
  svg.replaceChildren();
  if (!show) return;
  if (kind === "hackenbush") drawHackenbush(svg); else drawGraphGame(svg);
}

// Clicking part of the drawing plays the move it stands for, on your turn.
function clickable(el, move) {
  el.style.cursor = "pointer";
  el.addEventListener("click", () => {
    if (document.body.dataset.state !== "ready" || !humanMoves(history.length - 1)) return;
    document.body.dataset.state = "thinking";
    play(move);
  });
}

// Vertices by their distance from the ground, the ground line at the bottom;
// edge k of the position is move k (the moves are listed edge by edge).
function drawHackenbush(svg) {
  const W = 520, H = 300;
  const a = current().analysis;
  const edges = a.position ? a.position.split(" ").map((t) => t.split("-").map(Number)) : [];
  const depth = new Map([[0, 0]]);
  const queue = [0];
  while (queue.length) {
    const v = queue.shift();
    for (const [x, y] of edges) {
      for (const [p, q] of [[x, y], [y, x]]) {
        if (p === v && !depth.has(q)) { depth.set(q, depth.get(v) + 1); queue.push(q); }
      }
    }
  }
  const levels = [];
  for (const [v, d] of depth) (levels[d] ??= []).push(v);
  const step = Math.min(60, (H - 50) / Math.max(1, levels.length - 1));
  const at = new Map();
  levels.forEach((vs, d) => {
    vs.sort((x, y) => x - y);
    vs.forEach((v, i) => at.set(v, [d === 0 ? W / 2 : ((i + 1) * W) / (vs.length + 1), H - 25 - d * step]));
  });
  svg.append(svgEl("line", { x1: 10, x2: W - 10, y1: H - 25, y2: H - 25, stroke: "#6b4f2a", "stroke-width": 4 }));
  const seen = new Map();
  edges.forEach(([x, y], k) => {
    const move = a.moves[k];
    const colour = $("show-values").checked ? OUTCOME_COLOURS[move.outcome] : "#2e7d32";
    const [x1, y1] = at.get(x), [x2, y2] = at.get(y);
    const key = [Math.min(x, y), Math.max(x, y)].join("-");
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    let el;
    if (x === y) {
      el = svgEl("circle", { cx: x1, cy: y1 - 12 - 6 * nth, r: 12 + 6 * nth, fill: "none" });
    } else {
      const bend = nth === 0 ? 0 : (nth % 2 ? 1 : -1) * 18 * Math.ceil(nth / 2);
      const mx = (x1 + x2) / 2 - ((y2 - y1) / (Math.hypot(x2 - x1, y2 - y1) || 1)) * bend;
      const my = (y1 + y2) / 2 + ((x2 - x1) / (Math.hypot(x2 - x1, y2 - y1) || 1)) * bend;
      el = svgEl("path", { d: `M${x1} ${y1}Q${mx} ${my} ${x2} ${y2}`, fill: "none" });
    }
    el.setAttribute("stroke", colour);
    el.setAttribute("stroke-width", 5);
    el.setAttribute("class", `edge ${move.outcome}`);
    el.dataset.index = String(k);
    el.append(svgEl("title", {}, `${move.label}: ${valueText(move)}`));
    clickable(el, move);
    svg.append(el);
  });
  for (const [v, [x, y]] of at) {
    if (v === 0) continue;
    svg.append(svgEl("circle", { cx: x, cy: y, r: 4, fill: "#333" }));
  }
}

// Vertices on a circle, arcs as arrows; the token's vertex ringed and each
// vertex it can move to coloured by the value of moving there.
function drawGraphGame(svg) {
  const W = 520, H = 300;
  const a = current().analysis;
  const arcs = $("rules").value.split(/[\s,]+/).filter(Boolean).map((t) => t.split(">").map(Number));
  const vertices = [...new Set(arcs.flat().concat([Number(a.position)]))].sort((x, y) => x - y);
  const R = Math.min(W, H) / 2 - 30;
  const at = new Map(vertices.map((v, i) => {
    const t = (2 * Math.PI * i) / vertices.length - Math.PI / 2;
    return [v, [W / 2 + R * Math.cos(t), H / 2 + R * Math.sin(t)]];
  }));
  const defs = svgEl("defs", {});
  const marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto" });
  marker.append(svgEl("path", { d: "M0 0L10 5L0 10z", fill: "#555" }));
  defs.append(marker);
  svg.append(defs);
  for (const [x, y] of arcs) {
    const [x1, y1] = at.get(x), [x2, y2] = at.get(y);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    // Both directions drawn side by side.
    const ox = -uy * 4, oy = ux * 4;
    svg.append(svgEl("line", {
      x1: x1 + ux * 14 + ox, y1: y1 + uy * 14 + oy, x2: x2 - ux * 14 + ox, y2: y2 - uy * 14 + oy,
      stroke: "#555", "marker-end": "url(#arrow)",
    }));
  }
  const targets = new Map(a.moves.map((m) => [Number(m.to), m]));
  for (const v of vertices) {
    const [x, y] = at.get(v);
    const move = targets.get(v);
    const token = v === Number(a.position);
    const fill = move && $("show-values").checked ? OUTCOME_COLOURS[move.outcome] : "#fff";
    const c = svgEl("circle", {
      cx: x, cy: y, r: 13, fill, stroke: token ? "#2257d6" : "#333", "stroke-width": token ? 4 : 1.5,
      class: token ? "vertex token" : "vertex",
    });
    c.dataset.vertex = String(v);
    svg.append(c, svgEl("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11 }, String(v)));
    if (move) clickable(c, move);
  }
}

// ---- the Grundy sequence plot ---------------------------------------------

async function plotSequence() {
  showError("");
  const code = $("plot-code").value.trim();
  const upto = Number($("plot-limit").value);
  const work = Number($("plot-work").value || 0);
  const summaryBox = $("plot-summary");
  summaryBox.textContent = `Computing G(0..${upto}) of ${code}…`;
  summaryBox.dataset.state = "working";
  $("plot").replaceChildren();
  try {
    const { values, rare, summary } = await call("sequence", { code, upto, work },
      { busyText: `Grundy values of ${code}`, longWork: true });
    drawPlot(values, rare, summary);
    summaryBox.textContent = `${code}: G(0..${summary.upto}), largest value ${summary.max}; ${summary.note}; ` +
      `${summary.rare} rare heaps (ticks at the top: the sparse space's few heaps, mask ${summary.mask})` +
      ` (${summary.work.toLocaleString("en")} steps of work).`;
    summaryBox.dataset.state = "done";
  } catch (error) {
    summaryBox.dataset.state = error instanceof Cancelled ? "cancelled" : "refused";
    summaryBox.textContent = error instanceof Cancelled ? "Cancelled." : `Refused: ${error.message}`;
  }
}

// The values as one path. The preperiod is a line, the first period a band, and
// later periods thin ticks.
function drawPlot(values, rare, summary) {
  const svg = $("plot");
  svg.replaceChildren();
  const W = 900, H = 320, L = 40, R = 10, T = 16, B = 28;
  const n = values.length;
  const maxV = Math.max(1, summary.max);
  const cols = W - L - R;
  const sx = (i) => L + (i / Math.max(1, n - 1)) * cols;
  const sy = (v) => T + (1 - v / maxV) * (H - T - B);
  // Each pixel column marks every value its heaps take (one short dash a pixel
  // row): a scatter plot of (n, G(n)) that stays one path at 10^6 heaps.
  let d = "";
  const rows = new Uint8Array(H);
  for (let c = 0; c < cols; c++) {
    const from = Math.floor((c * n) / cols);
    const to = Math.max(from + 1, Math.floor(((c + 1) * n) / cols));
    rows.fill(0);
    for (let i = from; i < to && i < n; i++) rows[Math.round(sy(values[i]))] = 1;
    const x = L + c;
    for (let y = 0; y < H; y++) if (rows[y]) d += `M${x} ${y}h1.2`;
  }
  if (summary.period !== null) {
    const p0 = summary.preperiod, p = summary.period;
    svg.append(svgEl("rect", {
      id: "mark-period", x: sx(p0), y: T, width: Math.max(1.5, sx(p0 + p) - sx(p0)), height: H - T - B,
      fill: "#2257d633",
    }));
    const ticks = Math.floor((n - p0) / p);
    if (ticks <= 200) {
      for (let k = 2; k <= ticks; k++) {
        svg.append(svgEl("line", { x1: sx(p0 + k * p), x2: sx(p0 + k * p), y1: H - B, y2: H - B - 6, stroke: "#2257d6", class: "period-tick" }));
      }
    }
    svg.append(svgEl("line", {
      id: "mark-preperiod", x1: sx(p0), x2: sx(p0), y1: T, y2: H - B, stroke: "#d33a2c", "stroke-width": 2,
    }));
    svg.append(svgEl("text", { x: Math.min(sx(p0) + 4, W - 220), y: T + 12, "font-size": 11, fill: "#d33a2c" },
      `preperiod ${p0}, period ${p}`));
  } else {
    svg.append(svgEl("text", { id: "mark-no-period", x: L + 6, y: T + 12, "font-size": 11, fill: "#d33a2c" },
      `no period certified up to heap ${n - 1}`));
  }
  // The rare heaps: one tick a pixel column that holds any.
  let ticks = "";
  let lastX = -1;
  for (const heap of rare) {
    const x = Math.round(sx(heap));
    if (x === lastX) continue;
    lastX = x;
    ticks += `M${x} ${T - 10}V${T - 2}`;
  }
  if (ticks) svg.append(svgEl("path", { id: "mark-rare", d: ticks, stroke: "#d4b000", "stroke-width": 1 }));
  svg.append(svgEl("path", { id: "plot-values", d, stroke: "#234", "stroke-width": 1.5, fill: "none" }));
  svg.append(svgEl("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: "#999" }));
  svg.append(svgEl("text", { x: 4, y: T + 4, "font-size": 10 }, String(maxV)));
  svg.append(svgEl("text", { x: 4, y: H - B, "font-size": 10 }, "0"));
  svg.append(svgEl("text", { x: L, y: H - 8, "font-size": 10 }, "heap 0"));
  svg.append(svgEl("text", { x: W - R - 70, y: H - 8, "font-size": 10 }, `heap ${n - 1}`));
}

// ---- wiring ---------------------------------------------------------------

function choose(name) {
  generation++;
  finishing = false;
  hintIndex = -1;
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.game === name);
  const plotting = name === "plot";
  $("play").hidden = plotting;
  $("plot-panel").hidden = !plotting;
  showError("");
  if (plotting) return;
  game = name;
  const g = GAMES[name];
  $("game-title").textContent = g.title;
  $("game-rules").textContent = g.rules;
  $("rules-label").hidden = !g.rulesLabel;
  $("rules-label").firstChild.textContent = (g.rulesLabel ?? "Rules") + " ";
  $("rules").value = g.rulesValue ?? "";
  $("position-label").textContent = g.positionLabel;
  $("position").value = g.position;
  $("misere-label").hidden = !g.misere;
  history = [];
  render();
  setPosition();
}

function start() {
  spawnWorker();
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => choose(tab.dataset.game));
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); setPosition(); });
  $("side").addEventListener("change", () => {
    // A reply in flight or a pending move of the perfect player is dropped first.
    generation++;
    finishing = false;
    side = $("side").value;
    render();
    if (current()) schedule();
  });
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("finish").addEventListener("click", finish);
  $("cancel").addEventListener("click", cancelWork);
  $("show-values").addEventListener("change", (e) => {
    $("play").classList.toggle("novalues", !e.target.checked);
    drawBoard();
  });
  $("plot-form").addEventListener("submit", (e) => { e.preventDefault(); plotSequence(); });
  choose(params.get("game") ?? "nim");
  // Ready once the worker has loaded the module and answered.
  call("ping", {}).then(() => {
    document.body.dataset.loaded = String(Math.round(performance.now()));
  });
}

start();
