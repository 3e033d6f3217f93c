// Escape Plan on the table page: the board side as SVG (the slot grid, the City tiles
// laid on it with their Land areas by colour, the Locations with short names and the
// Business / Safe House tile on each, Ferries, Helipads, Water areas, Exits with their
// Patrol cards and blocked state), the Police officers by colour, every seat's pawn and
// Sandra's; the pieces on the City: the Keys above each Safe House, the Gang Members (and
// the marker of the seat controlling a Gang) and the Exit tile stack on each blocked Exit;
// the face-up tiles of the four stacks, the Contact display, the Notoriety track and the
// Patrols, the Locker stacks (colour, tiles left, the need on the top tile's back), the
// pieces not on the City yet, each seat's public panel and the seat's own private panel
// (money, Escape Plan). Only what the view holds is drawn: another seat's Locker and Exit
// tiles by colour, never their faces. The Locker or Exit tiles a seat drew and has not kept
// yet: their faces for that seat (each a clickable tile keeping it, and the keep buttons
// show "black Locker, needs 2, $8"), who drew how many of which colour for the rest. Seats are
// named by ctx.seatName, places and the spaces of the player boards by the engine's words in the view.
// The prompt is the engine's (view.pending.prompt, its decision named by pending.key); every
// legal action is a grouped button reading the engine's label; Locations, Land areas, Water areas, slots,
// tiles and officers that an action targets are clickable on the map (when several
// actions share a target, a click narrows the buttons to them).
//
// The board is static: it comes once from GET /api/games/escape-plan/assets (both sides,
// every tile as printed, the node and cell tables, the card texts), never in the views.
//
// data-testid names of this module:
//   ep-table, ep-map (the <svg>), ep-controls (class idle when the seat may not act; data-key:
//   the pending decision's key),
//   ep-prompt, ep-act (one per legal action: data-kind, title = the server's label),
//   ep-group-<group>, ep-focus (the narrowed choice), ep-clear-focus,
//   cell-<c>-<r> (data-kind, data-tile, data-turn), slot-<c>-<r> (data-target="1"),
//   area-<c>-<r>-<land> (data-target; its lit dot: dot-area-<c>-<r>-<land>), loc-<location id> (data-kind, data-target,
//   data-blocked, data-patrol for Exits), water-<id> (data-target; its lit dot: dot-water-<id>),
//   police-<tile> (data-colours), officer-<tile>-<colour> (data-target),
//   pawn-<seat> / pawn-sandra (data-at), ep-stacks, stack-<A-D> (data-top, data-left),
//   ep-display, contact-card (data-card, data-index, data-target), ep-notoriety,
//   notoriety-<seat|sandra> (data-value), ep-patrol, patrol-<n> (data-cards,
//   data-blocked), ep-players, player-<seat>, ep-own, ep-money (data-value),
//   ep-plan (data-plan), ep-outcome,
//   keys-<safe house tile> (data-colours, data-where = map|board) holding one ep-key per
//   Key (data-colour, data-house); gang-<location> (data-members, data-owner) holding one
//   ep-gang-member per Gang Member and gang-marker-<location> when a seat controls it;
//   exit-stack-<silver|gold> (data-left, data-exit, data-where) holding one ep-exit-tile
//   per tile (data-colour); ep-lockers, locker-<colour> (data-left, data-need,
//   data-target) holding one ep-locker per tile (data-colour); ep-pieces (the panel of
//   the pieces not on the City); ep-drawn (data-seat, data-count, data-colour) holding, for the
//   drawing seat only, one ep-drawn-tile per tile drawn (data-index, data-colour, data-need,
//   data-value, data-target).
//   Laying a City tile: ep-lay (data-stack, data-cell, data-turn: the choice so far) holding
//   lay-stack-<A-D> (data-stack, data-tile), ep-lay-preview (data-tile, data-turn), ep-lay-say,
//   ep-rotate, ep-confirm, ep-lay-cancel; on the map ep-preview (data-tile, data-cell,
//   data-turn: the tile drawn on the slot under the pointer or chosen).
//   The end: ep-result-<seat> (data-score, data-escaped, data-arrested, data-why), ep-tie-break.

import { h, s, ensureStylesheet, gameAssets, promptFor } from "/static/js/util.js";
import { zoomable } from "/static/js/zoom.js";

ensureStylesheet("/static/games/escape-plan.css");

const A = (await gameAssets("escape-plan")) || {};
const SIDES = new Map((A.sides || []).map((x) => [x.id, x]));
const TILES = A.tiles || {};
const NODES = A.nodes || [];
const CELLS = A.cells || [];
const LOCS = new Map();
for (const [tid, t] of Object.entries(TILES)) for (const l of t.locations) LOCS.set(l.id, { ...l, tile: tid });

const S = 128; // a cell's size in the drawing
const EDGES = ["N", "E", "S", "W"];
const DIR = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const LAND = { downtown: "#a7adb5", docks: "#b98f5e", residential: "#e9c98a", park: "#86c26f" };
const POLICE = { red: "#d8382f", blue: "#2f6fd8", black: "#1b1b1b" };
const SEAT = { yellow: "#f1cc2a", green: "#35b04a", purple: "#9a5bd8", orange: "#f07c1e", grey: "#9e9e9e" };
const KEY = { green: "#2e9e4f", black: "#1d1d1d", brown: "#8a5a2b" };
const EXIT_TILE = { silver: "#c9ced6", gold: "#e3b93c" };
const ICON = { business: "$", safe_house: "⌂", store: "▣", church: "✝", gang: "☠", exit: "➜", clinic: "+", hospital: "✚", heliport: "H", subway: "M" };
const GROUPS = [
  ["tile", "Lay a tile", ["place", "put_tile"]],
  ["move", "Move", ["go", "fly"]],
  ["police", "Police", ["officer", "cell"]],
  ["visit", "Visit", ["visit", "buy_equipment", "open_locker"]],
  ["pick", "Pick", ["pick"]],
  ["cards", "Cards and Assets", ["use", "avoid", "unlock", "bonus"]],
  ["turn", "Turn", ["simple"]],
];

/** @typedef {EscapePlan.View} View */
/** @typedef {ReturnType<typeof indexLegal>} LegalIndex the legal actions by what they target */
/** @typedef {[number, number]} Point a point of the drawing */

/**
 * @param {View} view
 * @param {number} seat
 */
export function seatLabel(view, seat) {
  return view?.players?.[seat]?.colour ?? null;
}

const ui = {
  focus: null, sig: "",
  /** laying a City tile: the stack chosen (0-3), the slot ("c,r") and the turn (0-3) */
  lay: { stack: null, cell: null, turn: 0 },
  /** the lit slot under the pointer ("c,r") */
  hover: null,
  /** @type {ReturnType<typeof layIndex> | null} */
  layIx: null,
  /** @type {any} */ ctx: null,
  /** @type {any} */ view: null,
  /** @type {HTMLElement | null} */ container: null,
};
const ds = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
const pretty = (id) => String(id ?? "").replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());
/** The Land on board edge ``e`` of a tile turned ``turn`` quarter turns clockwise. */
const landAt = (tile, e, turn) => tile.lands[(EDGES.indexOf(e) - turn + 8) % 4];

/**
 * @param {View} view
 * @param {{id: string, kind: string, label: string}} loc a Location as printed (the assets)
 */
function locName(view, loc) {
  if (loc.kind === "business") {
    const b = view.businesses?.[loc.id];
    return b ? A.businesses?.[b]?.name ?? "Business" : "Business";
  }
  if (loc.kind === "safe_house") {
    const b = view.businesses?.[loc.id];
    return b ? A.safe_houses?.[b]?.name ?? "Safe House" : "Safe House";
  }
  return loc.label;
}

/**
 * Where every laid tile lies: cell key "c,r" -> {tile, turn, c, r}, printed tiles included.
 * @param {View} view
 * @param {any} side a board side (the assets)
 */
function laidTiles(view, side) {
  const out = new Map();
  for (const cell of side.cells) if (cell.kind === "printed") out.set(`${cell.cell[0]},${cell.cell[1]}`, { tile: cell.printed, turn: 0, c: cell.cell[0], r: cell.cell[1] });
  for (const [[c, r], t, turn] of view.city || []) out.set(`${c},${r}`, { tile: t, turn, c, r });
  return out;
}

/** The areas of a laid tile: land -> {edges, x, y} (its label point). */
function areasOf(lt) {
  const tile = TILES[lt.tile];
  const out = new Map();
  for (const e of EDGES) {
    const land = landAt(tile, e, lt.turn);
    if (!out.has(land)) out.set(land, { edges: [] });
    out.get(land).edges.push(e);
  }
  const x0 = lt.c * S, y0 = lt.r * S;
  for (const a of out.values()) {
    let dx = 0, dy = 0;
    for (const e of a.edges) { dx += DIR[e][0]; dy += DIR[e][1]; }
    const n = Math.hypot(dx, dy);
    a.x = x0 + S / 2 + (n ? (dx / n) * S * 0.3 : 0);
    a.y = y0 + S / 2 + (n ? (dy / n) * S * 0.3 : 0);
    a.px = n ? -dy / n : 1;
    a.py = n ? dx / n : 0;
  }
  return out;
}

/**
 * Points of every node: "L:id" / "A:c:r:land" / "W:id" -> [x, y].
 * @param {View} view
 * @param {any} side a board side (the assets)
 * @param {ReturnType<typeof laidTiles>} laid
 * @returns {Map<string, Point>}
 */
function nodePoints(view, side, laid) {
  const pts = new Map();
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
  for (const lt of laid.values()) {
    const tile = TILES[lt.tile];
    const x0 = lt.c * S, y0 = lt.r * S, cx = x0 + S / 2, cy = y0 + S / 2;
    for (const [land, a] of areasOf(lt)) {
      const locs = tile.locations.filter((l) => l.land === land);
      const k = locs.length;
      // several Locations of one area stack up; an east / west area's labels sit lower /
      // higher so that they clear the other side's
      const lift = a.py === 0 ? 0 : a.x > cx + 1 ? 13 : a.x < cx - 1 ? -13 : 0;
      const half = ((k - 1) / 2) * 21;
      const my = clamp(a.y + lift, y0 + 14 + half, y0 + S - 30 - half);
      locs.forEach((l, i) => {
        pts.set(`L:${l.id}`, [clamp(a.x, x0 + 34, x0 + S - 34), my + (i - (k - 1) / 2) * 21]);
      });
      // a pawn standing in the open area: nearer the edge when Locations sit in it
      const f = k ? 1.45 : 1;
      pts.set(`A:${lt.c}:${lt.r}:${land}`, [clamp(cx + (a.x - cx) * f, x0 + 14, x0 + S - 14), clamp(cy + (a.y - cy) * f, y0 + 12, y0 + S - 12)]);
    }
  }
  for (const w of side.waters) {
    const [c, r] = w.cells[Math.floor(w.cells.length / 2)];
    pts.set(`W:${w.id}`, [c * S + S / 2, r * S + S / 2]);
  }
  return pts;
}

function nodeOfAt(at) {
  if (LOCS.has(at)) return `L:${at}`;
  if (String(at).includes(":")) return `A:${at}`;
  return `W:${at}`;
}

// -- the legal actions by target ---------------------------------------------------------

/** @param {LegalAction[]} legal */
function indexLegal(legal) {
  const ix = { node: new Map(), cell: new Map(), officer: new Map(), display: new Map(), locker: new Map() };
  const add = (m, k, l) => { if (!m.has(k)) m.set(k, []); m.get(k).push(l); };
  for (const l of legal) {
    const a = l.action;
    if (a.kind === "go" || a.kind === "fly") add(ix.node, NODES[a.node], l);
    else if (a.kind === "place" || a.kind === "cell") add(ix.cell, CELLS[a.cell].join(","), l);
    else if (a.kind === "officer") add(ix.officer, `${CELLS[a.cell].join(",")}:${a.colour}`, l);
    else if (a.kind === "pick" && a.what === "display") add(ix.display, a.index, l);
    else if (a.kind === "open_locker") add(ix.locker, a.colour, l);
  }
  return ix;
}

/**
 * The pending decision in words: the engine's prompt for the seat deciding, whom the table
 * waits for to anyone else.
 * @param {View} view
 * @param {TableCtx} ctx
 */
function promptText(view, ctx) {
  const p = view.pending;
  if (!p) return view.outcome ? "The game is over." : "";
  return promptFor(p, ctx.legal, ctx.seatName);
}

/**
 * A drawn tile's face, for the seat that drew it: "black Locker, needs 2, $8".
 * @param {View} view
 * @param {number} index
 */
function drawnFace(view, index) {
  const t = (view?.drawn?.tiles || []).find((x) => x.index === index);
  if (!t) return null;
  return t.need !== undefined ? `${t.colour} Locker, needs ${t.need}, $${t.value}` : `${t.colour} Exit tile, $${t.value}`;
}

/** A cell of the grid by its place, as the engine's labels name it. */
const position = (c, r) => `row ${r + 1}, column ${c + 1}`;
/** A seat by the server's name for it. */
const seatOf = (ctx, seat) => (ctx?.seatName ? ctx.seatName(seat) : "a player");

// a click on a lit piece: its one action at once, or the buttons of its actions in focus
function onPick(el, ctx, list) {
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    if (ctx.busy) return;
    if (list.length === 1) { ui.focus = null; ctx.act(list[0].action); return; }
    ui.focus = list.map((l) => ctx.key(l.action));
    rerender();
  });
}

function target(ctx, list, el) {
  if (!list || !list.length) return el;
  el.dataset.target = "1";
  el.classList.add("ep-target");
  onPick(el, ctx, list);
  return el;
}

let rerender = () => {};

// -- the map -----------------------------------------------------------------------------

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function drawMap(view, ctx, ix) {
  const side = SIDES.get(view.side);
  if (!side) return h("p", { class: "muted" }, "The board could not be loaded.");
  const laid = laidTiles(view, side);
  const pts = nodePoints(view, side, laid);
  const W = side.cols * S, H = side.rows * S;
  const svg = s("svg", { viewBox: `-6 -6 ${W + 12} ${H + 12}`, class: "ep-map", testid: "ep-map", role: "img", "aria-label": side.name });
  const patrol = new Map(view.patrol?.spaces || []); // Exit -> Patrol cards on its space
  const blocked = new Set(view.patrol?.blocked || []);
  const notes = pieceNotes(view, ctx);
  // the dot of a lit Land or Water area goes on a top layer: a Location label or a pawn
  // may lie over the area's middle, and the dot must stay clickable
  const dots = s("g", { class: "ep-dots" });
  const dot = (list, testid, x, y, r) => {
    const el = s("circle", { class: "ep-dot", testid, cx: x, cy: y, r });
    onPick(el, ctx, list);
    dots.append(el);
  };
  // water
  for (const w of side.waters) {
    const g = s("g", { testid: `water-${w.id}`, class: "ep-water", dataset: { water: w.id } });
    for (const [c, r] of w.cells) g.append(s("rect", { x: c * S, y: r * S, width: S, height: S }));
    const [x, y] = pts.get(`W:${w.id}`);
    g.append(s("text", { x, y: y - 22, class: "ep-water-name" }, w.name));
    if (ix.node.get(`W:${w.id}`)) dot(ix.node.get(`W:${w.id}`), `dot-water-${w.id}`, x, y, 11);
    target(ctx, ix.node.get(`W:${w.id}`), g);
    svg.append(g);
  }
  // cells: slots and tiles
  const tileG = s("g", {});
  const locW = new Map(); // a Location label's width: pawns stand left of it
  const locG = s("g", {});
  for (const cell of side.cells) {
    if (cell.kind === "water") continue;
    const [c, r] = cell.cell;
    const x0 = c * S, y0 = r * S;
    const lt = laid.get(`${c},${r}`);
    const g = s("g", { testid: `cell-${c}-${r}`, dataset: ds({ kind: cell.kind, tile: lt?.tile, turn: lt?.turn }) });
    if (!lt) {
      g.append(s("rect", { x: x0 + 3, y: y0 + 3, width: S - 6, height: S - 6, rx: 6, class: "ep-slot" }));
      g.append(s("text", { x: x0 + S / 2, y: y0 + S / 2 + 4, class: "ep-slot-name" }, cell.kind === "start" ? "S" : position(c, r)));
    } else {
      const tile = TILES[lt.tile];
      const cx = x0 + S / 2, cy = y0 + S / 2;
      const corner = { N: [[x0, y0], [x0 + S, y0]], E: [[x0 + S, y0], [x0 + S, y0 + S]], S: [[x0 + S, y0 + S], [x0, y0 + S]], W: [[x0, y0 + S], [x0, y0]] };
      for (const [land, a] of areasOf(lt)) {
        const ag = s("g", { testid: `area-${c}-${r}-${land}`, class: "ep-area", dataset: { land } });
        for (const e of a.edges) {
          const [p, q] = corner[e];
          ag.append(s("polygon", { points: `${p.join(",")} ${q.join(",")} ${cx},${cy}`, fill: LAND[land] }));
        }
        ag.append(s("title", {}, `${pretty(land)} — ${tile.name}`));
        const go = ix.node.get(`A:${c}:${r}:${land}`);
        if (go) dot(go, `dot-area-${c}-${r}-${land}`, pts.get(`A:${c}:${r}:${land}`)[0], pts.get(`A:${c}:${r}:${land}`)[1], 9);
        target(ctx, go, ag);
        g.append(ag);
      }
      g.append(s("rect", { x: x0 + 1, y: y0 + 1, width: S - 2, height: S - 2, class: "ep-tile-edge" }));
      g.append(s("text", { x: x0 + S - 5, y: y0 + S - 6, class: "ep-tile-name" }, tile.name));
      const icons = tile.icons.map((i) => (i === "ferry" ? "≈ Ferry" : "H-pad"));
      icons.forEach((t, i) => g.append(s("text", { x: x0 + S - 5, y: y0 + 12 + i * 11, class: "ep-icon" }, t)));
      // locations
      for (const loc of tile.locations) {
        const [x, y] = pts.get(`L:${loc.id}`);
        const name = locName(view, loc);
        const ex = loc.exit;
        const lg = s("g", {
          testid: `loc-${loc.id}`, class: `ep-loc ep-loc-${loc.kind}${ex && blocked.has(ex) ? " blocked" : ""}`,
          dataset: ds({ kind: loc.kind, blocked: ex ? String(blocked.has(ex)) : null, patrol: ex ? String(patrol.get(ex) ?? 0) : null }),
        });
        const text = ex && blocked.has(ex) ? `✕ ${name} blocked` : `${ICON[loc.kind] || ""} ${name}`.trim();
        const w = Math.min(S - 8, 12 + text.length * 5.6);
        locW.set(loc.id, w);
        lg.append(s("rect", { x: x - w / 2, y: y - 9, width: w, height: 18, rx: 5 }));
        lg.append(s("text", { x, y: y + 4 }, text));
        if (ex) {
          const k = patrol.get(ex) ?? 0;
          for (let i = 0; i < k; i++) lg.append(s("rect", { x: x + w / 2 - 4 - i * 6, y: y - 16, width: 5, height: 7, class: "ep-patrol-mark" }));
          if (blocked.has(ex)) lg.append(s("rect", { x: x - w / 2 - 2, y: y - 11, width: w + 4, height: 22, rx: 7, class: "ep-blocked" }));
        }
        lg.append(s("title", {}, `${loc.label}${name !== loc.label ? ` — ${name}` : ""}${ex ? ` (Patrol cards ${patrol.get(ex) ?? 0}${blocked.has(ex) ? ", blocked" : ""})` : ""}${notes.has(loc.id) ? `; ${notes.get(loc.id)}` : ""}`));
        target(ctx, ix.node.get(`L:${loc.id}`), lg);
        locG.append(lg);
      }
      // police
      const cops = (view.police || {})[lt.tile] || [];
      const pg = s("g", { testid: `police-${lt.tile}`, dataset: { colours: cops.join(" ") } });
      const byColour = {};
      for (const col of cops) byColour[col] = (byColour[col] || 0) + 1;
      let i = 0;
      for (const [col, n] of Object.entries(byColour)) {
        const og = s("g", { testid: `officer-${lt.tile}-${col}`, class: "ep-officer", dataset: { colour: col, count: n } });
        for (let k = 0; k < n; k++, i++) og.append(s("circle", { cx: x0 + 10 + i * 13, cy: y0 + 10, r: 6, fill: POLICE[col] }));
        og.append(s("title", {}, `${n} ${col} officer${n > 1 ? "s" : ""}`));
        target(ctx, ix.officer.get(`${c},${r}:${col}`), og);
        pg.append(og);
      }
      g.append(pg);
    }
    const lit = ix.cell.get(`${c},${r}`);
    if (lit && ui.layIx) g.append(laySlot(view, ctx, c, r));
    else if (lit) g.append(target(ctx, lit, s("rect", { testid: `slot-${c}-${r}`, x: x0 + 6, y: y0 + 6, width: S - 12, height: S - 12, rx: 8, class: "ep-slot-target" })));
    tileG.append(g);
  }
  const preview = s("g", { testid: "ep-preview", class: "ep-preview" });
  svg.append(tileG, preview, locG, mapPieces(view, ctx, pts, locW));
  if (ui.layIx) drawPreview(preview, view);
  // pawns
  const pawns = (view.players || []).map((p, seat) => ({ id: String(seat), at: p.at, where: p.where, colour: SEAT[p.colour] || p.colour, label: String(seat + 1), gone: p.escaped || p.arrested }));
  if (view.sandra) pawns.push({ id: "sandra", at: view.sandra.at, where: view.sandra.where, colour: "#e8e8e8", label: "S", gone: false });
  const count = new Map();
  for (const p of pawns) {
    const node = nodeOfAt(p.at);
    const [x, y] = pts.get(node) || [-100, -100];
    const k = count.get(node) || 0;
    count.set(node, k + 1);
    const onLoc = node.startsWith("L:");
    const px = onLoc ? x - (locW.get(node.slice(2)) ?? 40) / 2 - 8 - k * 11 : x - 8 + k * 12;
    const py = y;
    svg.append(s("g", { testid: `pawn-${p.id}`, class: `ep-pawn${p.gone ? " gone" : ""}`, dataset: { at: p.at } },
      s("circle", { cx: px, cy: py, r: 8, fill: p.colour }),
      s("text", { x: px, y: py + 3.5 }, p.label),
      s("title", {}, `${p.id === "sandra" ? "Sandra" : seatOf(ctx, Number(p.id))} at ${p.where}`)));
  }
  svg.append(dots);
  return svg;
}

// -- the pieces on the City -----------------------------------------------------------

/**
 * Where each piece of the view lies: Keys by Safe House tile, Exit stacks by colour.
 * @param {View} view
 */
function pieceHomes(view) {
  const locOf = new Map(Object.entries(view.businesses || {}).map(([loc, t]) => [t, loc]));
  /** @type {Map<string, number>} colour -> the blocked Exit its stack is on */
  const exitOf = new Map((view.patrol?.exit_stacks_on || []).map(([n, colour]) => [colour, n]));
  return { locOf, exitOf };
}

/**
 * The pieces on each Location in words (for the Location's title): Location id -> text.
 * @param {View} view
 * @param {TableCtx} ctx
 */
function pieceNotes(view, ctx) {
  const out = new Map();
  const { locOf, exitOf } = pieceHomes(view);
  for (const [house, colours] of Object.entries(view.keys || {})) {
    if (locOf.has(house)) out.set(locOf.get(house), colours.length ? `Keys: ${colours.join(", ")}` : "no Keys left");
  }
  for (const [loc, [n, owner]] of Object.entries(view.gangs || {})) {
    out.set(loc, `${n} Gang Member${n === 1 ? "" : "s"}${owner ? `, controlled by ${seatOf(ctx, owner - 1)}` : ""}`);
  }
  for (const [colour, n] of exitOf) out.set(`exit-${n}`, `the ${colour} Exit tiles: ${view.exit_stacks?.[colour] ?? 0}`);
  return out;
}

function keyShape(x, y, colour, house) {
  const c = KEY[colour] || colour;
  return s("g", { class: "ep-key", testid: "ep-key", dataset: { colour, house } },
    s("circle", { cx: x + 3, cy: y + 3.5, r: 2.6, fill: "none", stroke: c, "stroke-width": 1.8 }),
    s("path", { d: `M${x + 5.6},${y + 3.5} h6 m-2,0 v2.6 m-2,-2.6 v2`, stroke: c, "stroke-width": 1.6, fill: "none" }));
}

function gangShape(x, y, loc) {
  return s("g", { class: "ep-gang-member", testid: "ep-gang-member", dataset: { gang: loc } },
    s("circle", { cx: x + 3, cy: y + 2.2, r: 2.2 }),
    s("path", { d: `M${x},${y + 9} L${x + 1},${y + 4.6} L${x + 5},${y + 4.6} L${x + 6},${y + 9} Z` }));
}

function exitTileShape(x, y, colour) {
  return s("rect", { class: "ep-exit-tile", testid: "ep-exit-tile", dataset: { colour }, x, y, width: 8, height: 8, rx: 1.5, fill: EXIT_TILE[colour] || colour });
}

function lockerTileShape(x, y, colour) {
  return s("rect", { class: "ep-locker", testid: "ep-locker", dataset: { colour }, x, y, width: 22, height: 28, rx: 3, fill: KEY[colour] || colour });
}

/** Keys above the Safe Houses, Gang Members on the Gangs, Exit tiles on blocked Exits:
 * a tray of small pieces on the top-left corner of the Location's label.
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {Map<string, Point>} pts
 * @param {Map<string, number>} locW the width of each Location's label
 */
function mapPieces(view, ctx, pts, locW) {
  const g = s("g", { class: "ep-pieces" });
  const ZOOM = 1.3;
  // a tray's top-left corner: above the label's left end, its lower edge on the label's
  // top border (never above the tile's top edge)
  /** @returns {Point | null} */
  const at = (/** @type {string} */ loc) => {
    const p = pts.get(`L:${loc}`);
    if (!p) return null;
    const top = Math.floor(p[1] / S) * S + 2;
    return [p[0] - (locW.get(loc) ?? 40) / 2 + 3, Math.max(top, p[1] - 7 - 10 * ZOOM)];
  };
  const place = ([x, y]) => `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${ZOOM})`;
  const { locOf, exitOf } = pieceHomes(view);
  for (const [house, colours] of Object.entries(view.keys || {})) {
    const p = locOf.has(house) ? at(locOf.get(house)) : null;
    if (!p || !colours.length) continue;
    const name = A.safe_houses?.[house]?.name ?? house;
    g.append(s("g", { testid: `keys-${house}`, dataset: { colours: colours.join(" "), where: "map" }, transform: place(p) },
      s("rect", { class: "ep-tray", x: -2, y: -1, width: colours.length * 13 + 2, height: 9, rx: 3 }),
      colours.map((c, i) => keyShape(i * 13, 0, c, house)),
      s("title", {}, `Keys above the ${name}: ${colours.join(", ")}`)));
  }
  for (const [loc, [n, owner]] of Object.entries(view.gangs || {})) {
    const p = at(loc);
    if (!p) continue;
    const who = owner ? view.players?.[owner - 1] : null;
    const kids = [];
    const width = n * 8 + (who ? 10 : 0);
    kids.push(s("rect", { class: "ep-tray", x: -2, y: -1.5, width: Math.max(width, 8) + 2, height: 11, rx: 3 }));
    for (let i = 0; i < n; i++) kids.push(gangShape(i * 8, 0, loc));
    if (who) {
      kids.push(s("g", { testid: `gang-marker-${loc}`, class: "ep-gang-marker" },
        s("circle", { cx: n * 8 + 4, cy: 4, r: 4.2, fill: SEAT[who.colour] || who.colour }),
        s("text", { x: n * 8 + 4, y: 6.2 }, String(owner))));
    }
    const seatName = owner ? seatOf(ctx, owner - 1) : "";
    g.append(s("g", { testid: `gang-${loc}`, class: "ep-gang", dataset: { members: n, owner: owner ? owner - 1 : "" }, transform: place(p) }, kids,
      s("title", {}, `${n} Gang Member${n === 1 ? "" : "s"} here${owner ? `; the Gang is controlled by ${seatName}` : ""}`)));
  }
  for (const [colour, left] of Object.entries(view.exit_stacks || {})) {
    const n = exitOf.get(colour);
    const p = n ? at(`exit-${n}`) : null;
    if (!p) continue;
    g.append(s("g", { testid: `exit-stack-${colour}`, class: "ep-exit-stack", dataset: { left, exit: n, where: "map" }, transform: place([p[0], p[1] + 1]) },
      Array.from({ length: left }, (_, i) => exitTileShape(i * 3, -i * 1.2, colour)),
      left ? null : s("rect", { x: 0, y: 0, width: 8, height: 8, class: "ep-exit-empty" }),
      s("title", {}, `The ${colour} Exit tile stack on Exit ${n}: ${left} tile${left === 1 ? "" : "s"} face down`)));
  }
  return g;
}

/** The pieces not on the City: the Locker stacks (always beside the board: any Store opens
 * them), Keys above Safe Houses whose tile is not laid yet, Exit stacks not on an Exit of
 * the City yet.
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function panelPieces(view, ctx, ix) {
  const { locOf, exitOf } = pieceHomes(view);
  const onMap = (/** @type {string} */ loc) => (view.city || []).some(([, t]) => TILES[t]?.locations.some((l) => l.id === loc));
  const lockers = Object.entries(view.lockers || {}).map(([colour, st]) => {
    const left = st.left ?? 0;
    const svg = s("svg", { viewBox: `0 0 ${22 + Math.max(left - 1, 0) * 4 + 2} 34`, class: "ep-pile", width: 22 + Math.max(left - 1, 0) * 4 + 2, height: 34 },
      Array.from({ length: left }, (_, i) => lockerTileShape(1 + i * 4, 4 - Math.min(i, 3), colour)),
      left ? s("text", { x: 12 + (left - 1) * 4, y: 24 - Math.min(left - 1, 3), class: "ep-need" }, String(st.need ?? "")) : null);
    const el = h("div", {
      class: "ep-locker-stack", testid: `locker-${colour}`, dataset: ds({ left, need: st.need, colour }),
      title: left ? `${pretty(colour)} Locker stack: ${left} tile${left === 1 ? "" : "s"}; the top one needs ${st.need} (Notoriety + Contact cards)` : `${pretty(colour)} Locker stack: empty`,
    }, svg, h("div", { class: "small" }, `${colour} · ${left}${left ? ` · need ${st.need}` : ""}`));
    return target(ctx, ix.locker.get(colour), el);
  });
  const exits = Object.entries(view.exit_stacks || {}).filter(([colour]) => !(exitOf.has(colour) && onMap(`exit-${exitOf.get(colour)}`)))
    .map(([colour, left]) => {
      const n = exitOf.get(colour);
      const svg = s("svg", { viewBox: `0 0 ${12 + left * 4} 16`, class: "ep-pile", width: 1.6 * (12 + left * 4), height: 1.6 * 16 },
        Array.from({ length: left }, (_, i) => exitTileShape(1 + i * 4, 6 - Math.min(i, 4) * 1.2, colour)));
      return h("div", { class: "ep-locker-stack", testid: `exit-stack-${colour}`, dataset: ds({ left, exit: n, where: "board" }),
        title: `${pretty(colour)} Exit tiles: ${left} face down${n ? `, for Exit ${n} (its City tile is not laid yet)` : ", beside the board until an Exit is blocked"}` },
      svg, h("div", { class: "small" }, `${colour} Exit tiles · ${left}${n ? ` · Exit ${n}` : ""}`));
    });
  const keys = Object.entries(view.keys || {}).filter(([house, colours]) => colours.length && !(locOf.has(house) && onMap(locOf.get(house))))
    .map(([house, colours]) => {
      const name = A.safe_houses?.[house]?.name ?? house;
      const svg = s("svg", { viewBox: `0 -1 ${colours.length * 13 + 2} 11`, class: "ep-pile", width: 1.6 * (colours.length * 13 + 2), height: 1.6 * 11 },
        s("rect", { class: "ep-tray", x: 0, y: 0, width: colours.length * 13 + 2, height: 9, rx: 3 }),
        colours.map((c, i) => keyShape(1 + i * 13, 1, c, house)));
      return h("div", { class: "ep-locker-stack", testid: `keys-${house}`, dataset: { colours: colours.join(" "), where: "board" }, title: `Keys above the ${name} (its tile is not in the City yet): ${colours.join(", ")}` },
        svg, h("div", { class: "small" }, `${name}`));
    });
  return h("div", { class: "ep-panel", testid: "ep-pieces" }, h("h3", {}, "Lockers and pieces"),
    h("div", { class: "ep-row", testid: "ep-lockers" }, lockers.length ? lockers : h("span", { class: "muted" }, "no Lockers")),
    exits.length || keys.length ? h("div", { class: "ep-row" }, exits, keys) : null,
    h("div", { class: "small muted" }, "Lockers open at any Store with a Key of their colour; Exit tiles are drawn on a blocked Exit."));
}

/**
 * @param {string} tid a City tile
 * @param {View} view
 */
function miniTile(tid, view, turn = 0) {
  const t = TILES[tid];
  const blocked = new Set(view?.patrol?.blocked || []);
  const svg = s("svg", { viewBox: `0 0 ${S} ${S}`, class: "ep-mini" });
  const c = S / 2;
  const corner = { N: [[0, 0], [S, 0]], E: [[S, 0], [S, S]], S: [[S, S], [0, S]], W: [[0, S], [0, 0]] };
  EDGES.forEach((e) => { const [p, q] = corner[e]; svg.append(s("polygon", { points: `${p.join(",")} ${q.join(",")} ${c},${c}`, fill: LAND[landAt(t, e, turn)] })); });
  t.locations.forEach((l, i) => svg.append(l.exit && blocked.has(l.exit)
    ? s("text", { x: c, y: 34 + i * 26, class: "ep-mini-loc ep-mini-blocked" }, `✕ ${l.label} blocked`)
    : s("text", { x: c, y: 34 + i * 26, class: "ep-mini-loc" }, `${ICON[l.kind] || ""} ${l.label}`)));
  if (t.icons.length) svg.append(s("text", { x: c, y: S - 10, class: "ep-mini-loc" }, t.icons.join(" ")));
  return svg;
}

// -- laying a City tile ------------------------------------------------------------------
// Pick a face-up tile (the bar above the map, or the lit slot when one tile fits there),
// then a lit slot: the tile is drawn there turned as it will lie; "rotate" (r) turns it
// through the turns the legal actions give at that slot, "lay it" (Enter) sends the one
// legal action of that tile, slot and turn, "cancel" (Esc) clears the choice. Everything
// offered is read from ctx.legal.

/**
 * The lay-tile actions: stack -> "c,r" -> turn -> the legal action.
 * @param {LegalAction[]} legal
 * @returns {Map<number, Map<string, Map<number, LegalAction>>>}
 */
function layIndex(legal) {
  const out = new Map();
  for (const l of legal) {
    const a = l.action;
    if (a.kind !== "place") continue;
    const k = CELLS[a.cell].join(",");
    if (!out.has(a.stack)) out.set(a.stack, new Map());
    const m = out.get(a.stack);
    if (!m.has(k)) m.set(k, new Map());
    m.get(k).set(a.turn, l);
  }
  return out;
}

/** The turns legal for ``stack`` at slot ``cell``, in order. */
function turnsAt(stack, cell) {
  const m = ui.layIx?.get(stack)?.get(cell);
  return m ? [...m.keys()].sort((a, b) => a - b) : [];
}

/** ``want`` when it is legal there, else the first legal turn. */
function fitTurn(stack, cell, want) {
  const turns = turnsAt(stack, cell);
  return turns.includes(want) ? want : turns[0] ?? 0;
}

/** The stacks with a legal action at slot ``cell``. */
function stacksAt(cell) {
  return [...(ui.layIx?.keys() || [])].filter((i) => ui.layIx.get(i).has(cell)).sort();
}

function chooseStack(i) {
  const L = ui.lay;
  L.stack = i;
  if (L.cell !== null && !turnsAt(i, L.cell).length) L.cell = null;
  if (L.cell !== null) L.turn = fitTurn(i, L.cell, L.turn);
  rerender();
}

function chooseCell(cell) {
  const L = ui.lay;
  if (L.stack === null) {
    const fits = stacksAt(cell);
    if (fits.length === 1) L.stack = fits[0];
  }
  L.cell = cell;
  if (L.stack !== null) L.turn = fitTurn(L.stack, cell, L.turn);
  rerender();
}

function rotate() {
  const L = ui.lay;
  if (L.stack === null || L.cell === null) return;
  const turns = turnsAt(L.stack, L.cell);
  if (turns.length < 2) return;
  L.turn = turns[(turns.indexOf(L.turn) + 1) % turns.length];
  rerender();
}

/** The legal action of the tile, slot and turn chosen (null until all three are). */
function layChosen() {
  const L = ui.lay;
  if (L.stack === null || L.cell === null) return null;
  return ui.layIx?.get(L.stack)?.get(L.cell)?.get(L.turn) ?? null;
}

function confirmLay() {
  const l = layChosen();
  if (!l || ui.ctx?.busy) return;
  ui.lay = { stack: null, cell: null, turn: 0 };
  ui.ctx.act(l.action);
}

function cancelLay() {
  ui.lay = { stack: null, cell: null, turn: 0 };
  ui.hover = null;
  rerender();
}

/**
 * A lit slot of the lay-tile decision: all the slots some tile fits, or (a tile chosen)
 * the slots that tile fits.
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {number} c
 * @param {number} r
 */
function laySlot(view, ctx, c, r) {
  const cell = `${c},${r}`;
  const L = ui.lay;
  const fits = L.stack === null ? stacksAt(cell).length > 0 : turnsAt(L.stack, cell).length > 0;
  const el = s("rect", {
    testid: `slot-${c}-${r}`, x: c * S + 6, y: r * S + 6, width: S - 12, height: S - 12, rx: 8,
    class: `ep-slot-lay${fits ? " ep-slot-target" : ""}${L.cell === cell ? " chosen" : ""}`,
  });
  if (!fits) return el;
  el.dataset.target = "1";
  el.classList.add("ep-target");
  el.append(s("title", {}, position(c, r)));
  el.addEventListener("click", (e) => { e.stopPropagation(); if (!ctx.busy) chooseCell(cell); });
  el.addEventListener("mouseenter", () => { ui.hover = cell; redrawPreview(view); });
  el.addEventListener("mouseleave", () => { if (ui.hover === cell) { ui.hover = null; redrawPreview(view); } });
  return el;
}

function redrawPreview(view) {
  const g = ui.container?.querySelector('[data-testid="ep-preview"]');
  if (g) drawPreview(/** @type {SVGGElement} */ (g), view);
}

/**
 * The chosen tile drawn on the slot under the pointer, else on the chosen slot, turned as
 * it would lie there.
 * @param {Element} g the preview layer of the map
 * @param {View} view
 */
function drawPreview(g, view) {
  const L = ui.lay;
  g.replaceChildren();
  for (const k of ["tile", "turn", "cell"]) delete (/** @type {HTMLElement} */ (g)).dataset[k];
  if (L.stack === null) return;
  const tid = view.stacks?.[L.stack]?.top;
  const hover = ui.hover !== null && turnsAt(L.stack, ui.hover).length ? ui.hover : null;
  const cell = hover ?? L.cell;
  if (!tid || cell === null) return;
  const turn = cell === L.cell ? L.turn : fitTurn(L.stack, cell, L.turn);
  const [c, r] = cell.split(",").map(Number);
  Object.assign((/** @type {HTMLElement} */ (g)).dataset, { tile: tid, turn: String(turn), cell });
  g.append(tileFace(view, tid, turn, c, r));
}

/**
 * A City tile drawn on cell (c, r) turned ``turn`` as a laid tile is drawn: its Land areas,
 * its name, its Locations.
 * @param {View} view
 * @param {string} tid
 * @param {number} turn
 * @param {number} c
 * @param {number} r
 */
function tileFace(view, tid, turn, c, r) {
  const lt = { tile: tid, turn, c, r };
  const tile = TILES[tid];
  const x0 = c * S, y0 = r * S, cx = x0 + S / 2, cy = y0 + S / 2;
  const corner = { N: [[x0, y0], [x0 + S, y0]], E: [[x0 + S, y0], [x0 + S, y0 + S]], S: [[x0 + S, y0 + S], [x0, y0 + S]], W: [[x0, y0 + S], [x0, y0]] };
  const g = s("g", { class: "ep-preview-tile" });
  for (const [land, a] of areasOf(lt)) {
    for (const e of a.edges) {
      const [p, q] = corner[e];
      g.append(s("polygon", { points: `${p.join(",")} ${q.join(",")} ${cx},${cy}`, fill: LAND[land] }));
    }
  }
  g.append(s("rect", { x: x0 + 1, y: y0 + 1, width: S - 2, height: S - 2, class: "ep-tile-edge" }));
  g.append(s("text", { x: x0 + S - 5, y: y0 + S - 6, class: "ep-tile-name" }, tile.name));
  const pts = nodePoints(view, { waters: [] }, new Map([[`${c},${r}`, lt]]));
  for (const loc of tile.locations) {
    const [x, y] = pts.get(`L:${loc.id}`);
    const text = `${ICON[loc.kind] || ""} ${locName(view, loc)}`.trim();
    const w = Math.min(S - 8, 12 + text.length * 5.6);
    g.append(s("g", { class: `ep-loc ep-loc-${loc.kind}` },
      s("rect", { x: x - w / 2, y: y - 9, width: w, height: 18, rx: 5 }), s("text", { x, y: y + 4 }, text)));
  }
  g.append(s("rect", { x: x0 + 2, y: y0 + 2, width: S - 4, height: S - 4, class: "ep-preview-edge" }));
  return g;
}

/**
 * The lay-tile bar: the face-up tiles to pick, the chosen one turned, what is chosen in
 * words, and rotate / lay it / cancel. Its size never changes within the decision.
 * @param {View} view
 * @param {TableCtx} ctx
 */
function layBar(view, ctx) {
  const L = ui.lay;
  const tiles = (view.stacks || []).map((st, i) => {
    const ok = ui.layIx.has(i) && (L.cell === null || turnsAt(i, L.cell).length > 0);
    return h("button", {
      type: "button", class: `ep-lay-tile${L.stack === i ? " chosen" : ""}`, testid: `lay-stack-${"ABCD"[i]}`,
      disabled: !ok || ctx.busy, title: st.top ? `${TILES[st.top].name} (stack ${"ABCD"[i]})` : "empty",
      dataset: ds({ stack: i, tile: st.top }), onclick: () => chooseStack(i),
    }, st.top ? miniTile(st.top, view) : h("div", { class: "ep-empty" }, "—"), h("span", { class: "small" }, "ABCD"[i]));
  });
  const tid = L.stack !== null ? view.stacks?.[L.stack]?.top : null;
  const turns = L.stack !== null && L.cell !== null ? turnsAt(L.stack, L.cell) : [];
  const chosen = layChosen();
  let say = "Pick a tile, then a lit slot.";
  if (tid && L.cell === null) say = `The ${TILES[tid].name}: pick a lit slot.`;
  else if (!tid && L.cell !== null) say = `At ${position(...L.cell.split(",").map(Number))}: pick the tile to lay.`;
  else if (tid && L.cell !== null) {
    const [c, r] = L.cell.split(",").map(Number);
    const way = ["as printed", "turned 90°", "turned 180°", "turned 270°"][L.turn];
    say = `The ${TILES[tid].name} at ${position(c, r)}, ${way}` + (turns.length > 1 ? ` (${turns.length} ways fit: rotate with r)` : "") + ". Enter lays it.";
  }
  return h("div", { class: "ep-lay", testid: "ep-lay", dataset: ds({ stack: L.stack, cell: L.cell, turn: L.cell !== null ? L.turn : null }) },
    h("div", { class: "ep-lay-tiles" }, tiles),
    h("div", { class: "ep-lay-preview", testid: "ep-lay-preview", dataset: ds({ tile: tid, turn: tid ? L.turn : null }) },
      tid ? miniTile(tid, view, L.turn) : h("div", { class: "ep-empty" }, "?")),
    h("div", { class: "ep-lay-side" },
      h("div", { class: "ep-lay-say small", testid: "ep-lay-say" }, say),
      h("div", { class: "ep-lay-buttons" },
        h("button", { type: "button", class: "btn small", testid: "ep-rotate", disabled: turns.length < 2 || ctx.busy, onclick: rotate, title: "r" }, "↻ rotate"),
        h("button", { type: "button", class: "btn small primary", testid: "ep-confirm", disabled: !chosen || ctx.busy, onclick: confirmLay, title: "Enter" }, "lay it"),
        h("button", { type: "button", class: "btn small ghost", testid: "ep-lay-cancel", disabled: L.stack === null && L.cell === null, onclick: cancelLay, title: "Esc" }, "cancel"))));
}

document.addEventListener("keydown", (e) => {
  if (!ui.layIx || !ui.container?.isConnected || !ui.ctx || ui.ctx.mode === "replay") return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t instanceof HTMLElement && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
  if (e.key === "r" || e.key === "R") { e.preventDefault(); rotate(); }
  else if (e.key === "Enter" && layChosen()) { e.preventDefault(); confirmLay(); }
  else if (e.key === "Escape" && (ui.lay.stack !== null || ui.lay.cell !== null)) { e.preventDefault(); cancelLay(); }
});

// -- panels ------------------------------------------------------------------------------

/** @param {View} view */
function panelStacks(view) {
  return h("div", { class: "ep-panel", testid: "ep-stacks" }, h("h3", {}, "City stacks"),
    h("div", { class: "ep-row" }, (view.stacks || []).map((st, i) => {
      const pick = !!ui.layIx?.has(i);
      const el = h("div", {
        class: `ep-stack${pick ? " ep-target" : ""}${pick && ui.lay.stack === i ? " chosen" : ""}`, testid: `stack-${"ABCD"[i]}`,
        dataset: ds({ top: st.top, left: st.left, target: pick ? "1" : null }),
        title: st.top ? `${TILES[st.top].name} (${st.left} left)` : "empty",
      }, h("div", { class: "small" }, `${"ABCD"[i]} · ${st.left}`), st.top ? miniTile(st.top, view) : h("div", { class: "ep-empty" }, "—"),
        st.top ? stackPolice(view, st.top) : null);
      if (pick) el.addEventListener("click", () => { if (!ui.ctx?.busy) chooseStack(i); });
      return el;
    })));
}

/**
 * The officers already standing on a face-up tile that is not laid yet.
 * @param {View} view
 * @param {string} tid
 */
function stackPolice(view, tid) {
  const cops = (view.police || {})[tid] || [];
  return h("div", { testid: `police-${tid}`, dataset: { colours: cops.join(" ") }, title: cops.length ? `officers: ${cops.join(", ")}` : "no officers" },
    cops.map((c) => h("span", { class: "swatch", style: { background: POLICE[c] } })));
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function panelDisplay(view, ctx, ix) {
  const cards = (view.contacts?.display || []).map((id, i) => {
    const c = A.contacts?.[id] || { name: id, text: "" };
    const el = h("div", { class: "ep-card", testid: "contact-card", dataset: { card: id, index: i }, title: c.text },
      h("strong", {}, c.name), h("span", { class: "badge" }, `$${c.cost ?? "?"}${c.star ? " ★" : ""}`), h("div", { class: "small muted" }, c.text));
    return target(ctx, ix.display.get(i), el);
  });
  return h("div", { class: "ep-panel", testid: "ep-display" }, h("h3", {}, "Contact display"),
    h("div", { class: "ep-row" }, cards.length ? cards : h("span", { class: "muted" }, "empty")),
    h("div", { class: "small muted" }, `deck ${view.contacts?.deck ?? 0} · discard ${(view.contacts?.discard || []).length} · Fixer ${A.fixers?.[view.fixers?.top]?.name ?? "—"} (${view.fixers?.left ?? 0})`));
}

/** @param {View} view */
function panelTrack(view) {
  const top = A.notoriety?.top ?? 10;
  const marks = new Map();
  (view.players || []).forEach((p, seat) => { if (!marks.has(p.notoriety)) marks.set(p.notoriety, []); marks.get(p.notoriety).push({ id: String(seat), colour: SEAT[p.colour] || p.colour, label: String(seat + 1) }); });
  if (view.sandra) { const n = view.sandra.notoriety; if (!marks.has(n)) marks.set(n, []); marks.get(n).push({ id: "sandra", colour: "#e8e8e8", label: "S" }); }
  const spaces = [];
  for (let i = 0; i <= top; i++) {
    spaces.push(h("div", { class: "ep-track-space", title: `Notoriety ${i}${A.notoriety?.penalty?.[i] ? `: −$${A.notoriety.penalty[i]} at the end` : ""}` },
      h("span", { class: "small muted" }, String(i)),
      (marks.get(i) || []).map((m) => h("span", { class: "ep-marker", testid: `notoriety-${m.id}`, dataset: { value: i }, style: { background: m.colour } }, m.label))));
  }
  const patrol = new Map(view.patrol?.spaces || []); // Exit -> Patrol cards on its space
  const blocked = new Set(view.patrol?.blocked || []);
  const stackOn = new Map(view.patrol?.exit_stacks_on || []); // blocked Exit -> the colour of the Exit tile stack on it
  const side = SIDES.get(view.side);
  return h("div", { class: "ep-panel" },
    h("h3", {}, "Notoriety"), h("div", { class: "ep-track", testid: "ep-notoriety" }, spaces),
    h("h3", {}, "Patrols"),
    h("div", { class: "ep-row", testid: "ep-patrol" }, (side?.patrol || [1, 2, 3, 4]).map((n) => h("span", {
      class: `chip${blocked.has(n) ? " blocked" : ""}`, testid: `patrol-${n}`, dataset: ds({ cards: patrol.get(n) ?? 0, blocked: String(blocked.has(n)), stack: stackOn.get(n) }),
      title: `Exit ${n}: ${patrol.get(n) ?? 0} Patrol card${(patrol.get(n) ?? 0) === 1 ? "" : "s"}${blocked.has(n) ? " — blocked, no escape here" : " — open"}${stackOn.has(n) ? `; the ${stackOn.get(n)} Exit tiles are on it (${view.exit_stacks?.[stackOn.get(n)] ?? 0} left)` : ""}`,
    }, `Exit ${n}: ${"▮".repeat(patrol.get(n) ?? 0) || "–"}${blocked.has(n) ? " BLOCKED" : " open"}${stackOn.has(n) ? ` · ${stackOn.get(n)} ${view.exit_stacks?.[stackOn.get(n)] ?? 0}` : ""}`)),
    h("span", { class: "small muted" }, `deck ${view.patrol?.deck ?? 0}`)),
    h("div", { class: "small muted" }, `Day ${Math.min(view.round, 3)} · turn ${view.turn} · officers in the bag ${view.bag} · gas ${view.gas_supply} · gang members ${view.gang_supply}`));
}

/** A row of a player board: each space numbered as the action labels name it ("Contact
 * space 2"), holding the engine's name for what lies there (view.players[i].names).
 * @param {string[]} list
 * @param {boolean[]} used
 * @param {string[]} names
 */
function chips(list, used, names) {
  const out = list.map((x, i) => (x ? h("span", { class: `chip${used?.[i] ? " used" : ""}${x.startsWith("A:") ? " locked" : ""}`, title: x.startsWith("A:") ? "locked" : "" },
    `${i + 1}. ${names?.[i] || "?"}`) : null)).filter(Boolean);
  return out.length ? out : h("span", { class: "muted small" }, "—");
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {number} seat
 */
function panelPlayer(view, ctx, seat) {
  const p = view.players[seat];
  const at = p.where || "the City";
  const mine = seat === ctx.seat;
  return h("div", { class: `ep-panel ep-player${(view.order || [])[0] === seat ? " first" : ""}`, testid: `player-${seat}`, style: { borderLeftColor: SEAT[p.colour] || p.colour } },
    h("h3", {}, h("span", { class: "ep-marker", style: { background: SEAT[p.colour] || p.colour } }, String(seat + 1)), " ", seatOf(ctx, seat), mine ? h("span", { class: "badge" }, "you") : null,
      p.escaped ? h("span", { class: "badge" }, "escaped") : null, p.arrested ? h("span", { class: "badge" }, "arrested") : null),
    h("div", { class: "small" }, `at ${at} · notoriety ${p.notoriety} · wounds ${p.wounds} · income ${p.income} · gas ${p.gas} · gang ${p.gang_members} · keys ${(p.keys || []).join(", ") || "—"} · discs ${p.discs}${p.rested ? " · rested" : ""}`),
    h("div", {}, h("span", { class: "row-label" }, "Contacts"), chips(p.contacts, p.used_contacts, p.names?.contacts)),
    h("div", {}, h("span", { class: "row-label" }, "Items"), chips(p.items, p.used_items, p.names?.items)),
    h("div", {}, h("span", { class: "row-label" }, "Assets"), chips(p.assets, p.used_assets, p.names?.assets)),
    h("div", { class: "small muted" }, `visited: ${(p.visited || []).map((b) => A.businesses?.[b]?.name ?? A.safe_houses?.[b]?.name ?? b).join(", ") || "—"}`));
}

/** The Locker or Exit tiles drawn and not kept yet: their faces for the seat that drew
 * them (each a button when keeping it is legal), else who drew how many of which colour.
 * @param {View} view
 * @param {TableCtx} ctx
 */
function panelDrawn(view, ctx) {
  const d = view.drawn;
  if (!d) return null;
  const what = `${d.colour} ${d.kind === "locker" ? "Locker" : "Exit"} tile${d.count === 1 ? "" : "s"}`;
  const who = seatOf(ctx, d.seat);
  if (!d.tiles) {
    return h("div", { class: "ep-panel ep-drawn", testid: "ep-drawn", dataset: { seat: d.seat, count: d.count, colour: d.colour } },
      h("h3", {}, "Tiles drawn"), h("div", { class: "small" }, `${who} drew ${d.count} ${what} and keeps one face down.`));
  }
  const keep = new Map((ctx.legal || []).filter((l) => l.action.kind === "pick" && l.action.what === "tile").map((l) => [l.action.index, l]));
  const tiles = d.tiles.map((t) => {
    const l = keep.get(t.index);
    const shape = s("svg", { viewBox: "0 0 24 30", width: 36, height: 45, class: "ep-pile" },
      s("rect", { x: 1, y: d.kind === "locker" ? 1 : 5, width: 22, height: d.kind === "locker" ? 28 : 20, rx: 3, fill: (d.kind === "locker" ? KEY : EXIT_TILE)[t.colour] || t.colour }),
      t.need !== undefined ? s("text", { x: 12, y: 21, class: "ep-need" }, String(t.need)) : null);
    const el = h("div", {
      class: "ep-card ep-drawn-tile", testid: "ep-drawn-tile", title: drawnFace(view, t.index),
      dataset: ds({ index: t.index, colour: t.colour, need: t.need, value: t.value }),
    }, shape, h("strong", {}, `${t.colour} ${d.kind === "locker" ? "Locker" : "Exit tile"}`),
      t.need !== undefined ? h("div", { class: "small" }, `needs ${t.need}`) : null,
      h("span", { class: "badge" }, `$${t.value}`));
    return l ? target(ctx, [l], el) : el;
  });
  return h("div", { class: "ep-panel ep-drawn", testid: "ep-drawn", dataset: { seat: d.seat, count: d.count, colour: d.colour } },
    h("h3", {}, `You drew ${d.count} ${what}: keep one`), h("div", { class: "ep-row" }, tiles),
    h("div", { class: "small muted" }, "The others see only the colour (and a Locker's need on its back) of the tile you keep."));
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 */
function panelOwn(view, ctx) {
  const p = view.players?.[ctx.seat];
  if (!p || p.money === undefined) return null;
  const plan = A.plans?.[p.plan];
  const names = (plan?.income || []).map((b) => A.businesses?.[b]?.name ?? A.safe_houses?.[b]?.name ?? b);
  return h("div", { class: "ep-panel ep-own", testid: "ep-own" }, h("h3", {}, "Behind your screen"),
    h("div", {}, h("span", { class: "row-label" }, "Money"), h("strong", { testid: "ep-money", dataset: { value: p.money } }, `$${p.money}`)),
    h("div", { testid: "ep-plan", dataset: { plan: p.plan ?? "" } }, h("span", { class: "row-label" }, "Escape Plan"), `${pretty(p.plan)}: income at ${names.join(", ") || "—"}`));
}

// -- the controls ------------------------------------------------------------------------

/**
 * @param {View} view
 * @param {TableCtx} ctx
 */
function controls(view, ctx) {
  const legal = ctx.legal || [];
  const active = legal.length > 0 && ctx.status !== "finished";
  const btn = (l) => h("button", {
    type: "button", class: "btn small ep-act", testid: "ep-act", title: l.label, disabled: ctx.busy,
    dataset: { kind: l.action.kind }, onclick: () => { ui.focus = null; ctx.act(l.action); },
  }, l.label);
  const focus = ui.focus ? legal.filter((l) => ui.focus.includes(ctx.key(l.action))) : [];
  const groups = GROUPS.map(([id, title, kinds]) => {
    const mine = legal.filter((l) => kinds.includes(l.action.kind));
    return mine.length ? h("div", { class: "ep-group", testid: `ep-group-${id}` }, h("span", { class: "row-label" }, title), mine.map(btn)) : null;
  });
  const known = new Set(GROUPS.flatMap((g) => g[2]));
  const rest = legal.filter((l) => !known.has(l.action.kind));
  return h("div", { class: `ep-controls${active ? "" : " idle"}`, testid: "ep-controls", dataset: ds({ key: view.pending?.key }) },
    h("p", { class: "ep-prompt", testid: "ep-prompt" }, promptText(view, ctx)),
    ui.layIx ? layBar(view, ctx) : null,
    focus.length ? h("div", { class: "ep-group ep-focus", testid: "ep-focus" }, h("span", { class: "row-label" }, "Choose"),
      focus.map((l) => h("button", { type: "button", class: "btn small", disabled: ctx.busy, onclick: () => { ui.focus = null; ctx.act(l.action); } }, l.label)),
      h("button", { type: "button", class: "btn small ghost", testid: "ep-clear-focus", onclick: () => { ui.focus = null; rerender(); } }, "cancel")) : null,
    groups,
    rest.length ? h("div", { class: "ep-group", testid: "ep-group-other" }, h("span", { class: "row-label" }, "Other"), rest.map(btn)) : null,
    active ? null : h("p", { class: "small muted" }, "Not your decision now."));
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 */
function outcome(view, ctx) {
  const o = view.outcome;
  if (!o) return null;
  const end = view.ending;
  const winners = new Set(o.winners || []);
  return h("div", { class: "ep-panel ep-outcome", testid: "ep-outcome" }, h("h3", {}, "The end"),
    h("div", {}, `Winners: ${(o.winners || []).map((w) => seatOf(ctx, w)).join(", ") || "nobody (everyone was arrested)"}`),
    end ? h("ul", { class: "ep-results" }, end.seats.map((r) => h("li", {
      testid: `ep-result-${r.seat}`, class: winners.has(r.seat) ? "won" : "",
      dataset: { score: r.score, escaped: String(r.escaped), arrested: String(r.arrested), why: r.why },
    }, h("span", { class: "ep-marker", style: { background: SEAT[view.players?.[r.seat]?.colour] || "#888" } }, String(r.seat + 1)), " ",
      h("strong", {}, seatOf(ctx, r.seat)), winners.has(r.seat) ? h("span", { class: "badge" }, "wins") : null, `: ${r.text}`))) : null,
    end?.tie_break ? h("div", { testid: "ep-tie-break" }, end.tie_break) : null,
    h("div", { class: "small muted" }, o.detail || ""));
}

/**
 * @param {HTMLElement} container
 * @param {EscapePlan.View} view
 * @param {TableCtx} ctx
 */
export function render(container, view, ctx) {
  const legal = ctx.legal || [];
  const sig = legal.map((l) => ctx.key(l.action)).join("|");
  if (sig !== ui.sig) { ui.sig = sig; ui.focus = null; ui.lay = { stack: null, cell: null, turn: 0 }; ui.hover = null; }
  rerender = () => render(container, view, ctx);
  const lay = layIndex(legal);
  ui.layIx = lay.size && ctx.status !== "finished" ? lay : null;
  ui.ctx = ctx;
  ui.view = view;
  ui.container = container;
  const ix = indexLegal(legal);
  const players = (view.players || []).map((_, seat) => panelPlayer(view, ctx, seat));
  container.replaceChildren(h("div", { class: "ep-table", testid: "ep-table" },
    outcome(view, ctx),
    controls(view, ctx),
    panelDrawn(view, ctx),
    h("div", { class: "ep-main" },
      h("div", { class: "ep-board" }, h("h3", {}, SIDES.get(view.side)?.name ?? view.side), zoomable("escape-plan", drawMap(view, ctx, ix)),
        h("div", { class: "ep-legend small" }, Object.entries(LAND).map(([k, c]) => h("span", { class: "chip" }, h("span", { class: "swatch", style: { background: c } }), k)),
          Object.entries(POLICE).map(([k, c]) => h("span", { class: "chip" }, h("span", { class: "swatch", style: { background: c } }), `${k} police`)))),
      h("div", { class: "ep-side" }, panelOwn(view, ctx), panelTrack(view), panelPieces(view, ctx, ix), panelDisplay(view, ctx, ix), panelStacks(view))),
    h("div", { class: "ep-players", testid: "ep-players" }, players,
      view.sandra ? h("div", { class: "ep-panel ep-player", testid: "player-sandra" }, h("h3", {}, "Sandra"),
        h("div", { class: "small" }, `at ${view.sandra.where} · notoriety ${view.sandra.notoriety} · deck ${view.sandra.deck} · white ${view.sandra.white} · red ${view.sandra.red}`)) : null)));
}
