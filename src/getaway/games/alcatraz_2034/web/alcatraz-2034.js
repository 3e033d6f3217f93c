// Escape Run: Alcatraz 2034 on the table page: the island as SVG (routes,
// spaces by kind, building tiles, Run spaces with their Run tile hexes, the
// tunnel at sea, the deck spots), the prisoners and sentinels on it, the
// System board, every player's characters and hand, the decks, the Run or
// attack under way with its dice, and the recent events. The legal actions are
// mapped onto the table: click a prisoner, then a highlighted space to move it
// (a chooser asks sneak / walk / run when several ways reach it); sentinel
// placing and moving, drone-swarm and victim choices, building looks and
// Escape-deck draws are clicks on the map too; the rest are buttons (Runs,
// cards in hand, reactions, pass, end of turn, challenge assignments).
//
// The island's drawing is static: it comes once from GET /api/games/
// alcatraz-2034/assets, never in the views. Everything else is drawn from the
// view alone (a seat's own hand face up; other hands as backs by deck).
//
// Every word about the game comes from the engine: the prompt, the actions'
// labels (a button reads its action's label), the names of the spaces as the
// game calls them (the drawing's `called`), of the decks and building tiles
// (the drawing's deck spots and `tiles`), of the cards and prisoners (the view),
// and the event sentences (the view's log: templates whose seats are named by
// ctx.seatName, as every screen names them). The pending decision is told apart
// by its key (pending.key), never by a class name.
//
// data-testid names of this module:
//   az-table, az-map (the <svg>), az-controls, az-prompt, az-hint,
//   space-<space id> (data-kind; data-target="1" while clicking it plays an action),
//   prisoner-<id> (data-space, data-owner, data-status, data-x, data-y; class
//   selectable / selected / focus), sentinel-<n> (data-space, data-symbol),
//   run-tile-<space id> (data-state face_down|face_up|set_aside, data-cards),
//   building-tile-<space id> (data-tile, data-revealed), deck-<deck> (data-count),
//   way-chooser, way-<sneak|walk|run>, stay, cancel-select, az-action (data-kind:
//   a button for a legal action not drawn elsewhere), draw-<deck>,
//   start-run (data-prisoner, data-card), play-<card> (data-target),
//   discard-<card>, return-tile-<row>,
//   system-board, system-row-<colour> (data-tiles, data-spaces), grey-tiles,
//   sentinel-score-<ability>, waiting-sentinels, sentinel-card,
//   run-panel, attack-panel, die (data-value, data-side),
//   players, player-<seat> (data-points), character-<id> (data-status, data-marker),
//   own-hand, hand-<seat> (data-size), hand-card (data-hand, data-card),
//   hand-card-back (data-deck), decks, escape-deck-<deck>, run-deck-<method>,
//   recent-events, recent-event.

import { h, s, ensureStylesheet, gameAssets, promptFor } from "/static/js/util.js";
import { zoomable } from "/static/js/zoom.js";

ensureStylesheet("/static/games/alcatraz-2034.css");

const ASSETS = await gameAssets("alcatraz-2034");
const BOARD = ASSETS && ASSETS.board ? ASSETS.board : null;
const SPACE = new Map((BOARD?.spaces || []).map((sp) => [sp.id, sp]));
const HEX = new Map((BOARD?.hexes || []).map((x) => [x.id, x]));
const DECK_NAME = new Map((BOARD?.deck_spots || []).map((d) => [`${d.kind}:${d.deck}`, d.name]));
const TILE_WORDS = BOARD?.tiles || {};

/** @typedef {Alcatraz2034.View} View */
/** @typedef {keyof Alcatraz2034.AbilityScores} Ability */
/** @typedef {keyof Alcatraz2034.MovesByWay} Way */
/** @typedef {ReturnType<typeof indexLegal>} LegalIndex the legal actions sorted by what they are about */
/** @typedef {ReturnType<typeof cardTargets>} CardTargets */
/** @typedef {() => void} Rerender */

/** @type {Ability[]} */
const ABILITIES = ["smarts", "toughness", "skills"];
const ABBR = { smarts: "Sm", toughness: "To", skills: "Sk", system: "Sy" };
/** @type {Way[]} */
const WAYS = ["sneak", "walk", "run"];
const WAY_TEXT = { sneak: "sneak (up to 4, +2 when attacked)", walk: "walk (up to 6)", run: "run (up to 8, −2 when attacked)" };
const TIMING = { own_turn: "your turn", run: "in a Run", attack: "in an attack", any_time: "any time" };
/**
 * view.moves (for the seat to act): the {space, steps, path} of a move, or null.
 * @param {View} view
 * @param {string} prisoner
 * @param {Way} way
 * @param {string} to
 * @returns {Alcatraz2034.Destination | null}
 */
function moveInfo(view, prisoner, way, to) {
  const ds0 = view.moves && view.moves[prisoner] && view.moves[prisoner][way];
  return ds0 ? ds0.find((d) => d.space === to) || null : null;
}
const stepsText = (/** @type {number | null | undefined} */ n) => (n === null || n === undefined ? "" : ` · ${n} step${n === 1 ? "" : "s"}`);
const METHOD_ICON = { swim: "≈", boat: "⚓", air: "H", tunnel: "∩" };
const TILE_ICON = { smarts: "Sm", toughness: "To", skills: "Sk", system: "Sy", tunnel: "∩", helipad: "H", abandoned: "✕" };
const KIND_TEXT = { safe: "safe space", sentinel: "red sentinel start space", building: "building", run: "Run space" };

// UI state kept between renders (what is selected); dropped when the legal actions change.
const ui = { sel: null, selSpace: null, sentinel: null, dest: null, card: null, sig: "" };
/** Draws the table again as last rendered (for the Esc key). @type {(() => void) | null} */
let redraw = null;

// Esc steps back out of a selection made on the map: the way chooser first, then the chosen
// prisoner, sentinel or card. Only with nothing selected does the page's own Esc (cancel
// a choice begun, or undo) act: it listens on the window, after this.
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || e.defaultPrevented || !redraw) return;
  if (ui.dest !== null) ui.dest = null;
  else if (ui.sel !== null || ui.sentinel !== null || ui.card !== null) {
    ui.sel = null;
    ui.sentinel = null;
    ui.card = null;
  } else return;
  e.preventDefault();
  redraw();
});

// -- small helpers -------------------------------------------------------------------------

/** A dataset without its null entries (an element's dataset would hold "null"). */
const ds = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
/** A space as the game calls it ("the Power House", "the coast road by Sally Port"). */
const spaceName = (id) => SPACE.get(id)?.called ?? "";
/** A deck's name on the board: an Escape deck ("Smarts") or a Run deck ("swim"). */
const deckName = (kind, deck) => DECK_NAME.get(`${kind}:${deck}`) ?? "";
const initials = (name) => String(name || "?").slice(0, 2);
/** "1 card", "2 cards": the page's own captions agree with their numbers. */
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** The CSS colour class of a seat (the game names its seats by their table colour). */
const seatColour = (/** @type {View} */ view, /** @type {number} */ seat) => (view.seat_names && view.seat_names[seat]) || "grey";

/**
 * A logged event's sentence, its seats named as every screen names them (ctx.seatName).
 * @param {Alcatraz2034.LogEntry} e
 * @param {TableCtx} ctx
 */
function told(e, ctx) {
  if (!e.template) return e.text;
  return e.template.replace(/\{(\w+)\}/g, (m, slot) => {
    const v = e.args ? e.args[slot] : undefined;
    if (v === undefined || v === null) return m;
    if (typeof v !== "object") return String(v);
    return v.ref === "seat" && ctx.seatName ? ctx.seatName(v.id) : v.name;
  });
}

/**
 * The printed name of an Escape card in the seat's own hand.
 * @param {View} view
 * @param {string} id
 */
function cardName(view, id) {
  for (const hd of view.hands) for (const c of hd.cards || []) if (c.id === id) return c.name;
  return "";
}

/**
 * A button playing a legal action (its label, unless ``text`` says it shorter).
 * @param {TableCtx} ctx
 * @param {LegalAction} l
 * @param {string | null} [text]
 * @param {{class?: string, testid?: string, dataset?: Record<string, unknown>}} [attrs]
 */
function btn(ctx, l, text, attrs = {}) {
  return h("button", {
    type: "button", class: `btn small az-act ${attrs.class || ""}`, testid: attrs.testid || "az-action",
    title: l.label, disabled: ctx.busy, dataset: ds({ kind: l.action.kind, ...(attrs.dataset || {}) }),
    onclick: (e) => { e.stopPropagation(); ui.dest = null; ctx.act(l.action); },
  }, text ?? l.label);
}

/**
 * @param {number | null} value
 * @param {"prisoner" | "attacker"} side
 */
function die(value, side) {
  return h("span", {
    class: `az-die ${side}`, testid: "die", dataset: ds({ value: value ?? "", side }),
    title: value ? `${side} die: ${value}` : `${side} die: not rolled yet`,
  }, value ? String(value) : "·");
}

// -- the legal actions, sorted by what they are about ------------------------------------

/** @param {LegalAction[]} legal */
function indexLegal(legal) {
  const ix = {
    moves: new Map(), // prisoner -> Map(to -> [legal])
    sentMoves: new Map(), // sentinel number -> Map(to -> legal)
    place: new Map(), // space -> legal
    choose: new Map(), // prisoner -> legal
    look: new Map(), // building space -> legal
    draw: new Map(), // deck -> legal
    play: new Map(), // card -> [legal]
    discard: new Map(), // card -> legal
    returnTile: new Map(), // row -> legal
    startRun: [],
    other: [],
  };
  for (const l of legal) {
    const a = l.action;
    if (a.kind === "move") {
      if (!ix.moves.has(a.prisoner)) ix.moves.set(a.prisoner, new Map());
      const m = ix.moves.get(a.prisoner);
      if (!m.has(a.to)) m.set(a.to, []);
      m.get(a.to).push(l);
    } else if (a.kind === "move_sentinel") {
      if (!ix.sentMoves.has(a.sentinel)) ix.sentMoves.set(a.sentinel, new Map());
      ix.sentMoves.get(a.sentinel).set(a.to, l);
    } else if (a.kind === "place_sentinel") ix.place.set(a.to, l);
    else if (a.kind === "choose") ix.choose.set(a.prisoner, l);
    else if (a.kind === "look") ix.look.set(a.building, l);
    else if (a.kind === "draw") ix.draw.set(a.deck, l);
    else if (a.kind === "play") {
      if (!ix.play.has(a.card)) ix.play.set(a.card, []);
      ix.play.get(a.card).push(l);
    } else if (a.kind === "discard") ix.discard.set(a.card, l);
    else if (a.kind === "return_tile") ix.returnTile.set(a.row, l);
    else if (a.kind === "start_run") ix.startRun.push(l);
    else ix.other.push(l);
  }
  return ix;
}

/**
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function syncUi(ctx, ix) {
  const sig = ctx.legal.map((l) => ctx.key(l.action)).join("|");
  if (sig !== ui.sig) {
    ui.sig = sig;
    ui.sel = null;
    ui.sentinel = null;
    ui.dest = null;
    ui.card = null;
  }
  if (ui.sel && !ix.moves.has(ui.sel)) ui.sel = null;
  if (!ui.sel && ix.moves.size === 1) ui.sel = [...ix.moves.keys()][0];
  if (ui.sentinel !== null && !ix.sentMoves.has(ui.sentinel)) ui.sentinel = null;
  if (ui.sentinel === null && ix.sentMoves.size === 1) ui.sentinel = [...ix.sentMoves.keys()][0];
  if (ui.card && !ix.play.has(ui.card)) ui.card = null;
}

/**
 * Targets of the selected card on the map: prisoner id / sentinel number -> legal.
 * @param {LegalIndex} ix
 */
function cardTargets(ix) {
  const out = { prisoners: new Map(), sentinels: new Map() };
  if (!ui.card) return out;
  for (const l of ix.play.get(ui.card) || []) {
    const t = l.action.target;
    if (t.startsWith("sentinel-")) out.sentinels.set(Number(t.slice(9)), l);
    else if (t) out.prisoners.set(t, l);
  }
  return out;
}

/**
 * Spaces whose click plays (or chooses) something now: space -> handler.
 * @param {LegalIndex} ix
 * @param {TableCtx} ctx
 * @param {Rerender} rerender
 */
function spaceTargets(ix, ctx, rerender) {
  const out = new Map();
  if (ui.sel && ix.moves.has(ui.sel)) {
    for (const [to, ls] of ix.moves.get(ui.sel)) {
      out.set(to, () => {
        if (ls.length === 1) {
          ui.dest = null;
          ctx.act(ls[0].action);
        } else {
          ui.dest = to;
          rerender();
        }
      });
    }
  }
  if (ui.sentinel !== null && ix.sentMoves.has(ui.sentinel)) {
    for (const [to, l] of ix.sentMoves.get(ui.sentinel)) out.set(to, () => ctx.act(l.action));
  }
  for (const [to, l] of ix.place) out.set(to, () => ctx.act(l.action));
  for (const [b, l] of ix.look) out.set(b, () => ctx.act(l.action));
  return out;
}

// -- the island ---------------------------------------------------------------------------

function hexPoints(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The cell block's box on the map, or null (a building's name keeps clear of it). */
function cellBlockBox() {
  const cb = BOARD.spaces.find((x) => x.kind === "cell_block");
  return cb ? { x0: cb.x - 50, y0: cb.y - 36, x1: cb.x + 50, y1: cb.y + 36 } : null;
}

/**
 * A building's name under it, moved left or right of the cell block's box when it would
 * run into it (its width estimated from its letters at the label's 8.5 px).
 * @param {{ x: number, y: number, name: string }} sp
 */
function buildingLabel(sp) {
  const half = (sp.name.length * 4.9) / 2;
  const y = sp.y + 25;
  const box = cellBlockBox();
  let x = sp.x;
  let anchor = "middle";
  if (box && y + 2 > box.y0 && y - 9 < box.y1 && x + half > box.x0 - 2 && x - half < box.x1 + 2) {
    if (sp.x < (box.x0 + box.x1) / 2) { x = box.x0 - 3; anchor = "end"; } else { x = box.x1 + 3; anchor = "start"; }
  }
  return s("g", { class: "az-space" },
    s("text", { x, y, class: `space-label small${anchor === "middle" ? "" : ` at-${anchor}`}` }, sp.name));
}

/** Where each piece on a space goes: small offsets around it (a grid in the cell block). */
function slots(sp, n) {
  if (n <= 1) return [[sp.x, sp.y]];
  if (sp.kind === "cell_block") {
    const cols = 5;
    const out = [];
    const rows = Math.ceil(n / cols);
    for (let i = 0; i < n; i++) {
      const r = Math.floor(i / cols);
      const inRow = Math.min(cols, n - r * cols);
      const c = i % cols;
      out.push([sp.x + (c - (inRow - 1) / 2) * 19, sp.y + 6 + (r - (rows - 1) / 2) * 19]);
    }
    return out;
  }
  const rad = n <= 3 ? 12 : 15;
  return Array.from({ length: n }, (_, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [sp.x + rad * Math.cos(a), sp.y + rad * Math.sin(a)];
  });
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {Rerender} rerender
 */
function drawMap(view, ctx, ix, rerender) {
  const W = BOARD.width;
  const H = BOARD.height;
  const targets = spaceTargets(ix, ctx, rerender);
  const ct = cardTargets(ix);
  const buildings = new Map(view.buildings.map((b) => [b.space, b]));
  const runs = new Map(view.run_spaces.map((r) => [r.space, r]));

  const svg = s("svg", {
    class: "az-map", testid: "az-map", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": "the island of Alcatraz with its routes, spaces, prisoners and sentinels",
  });
  svg.append(s("defs", {},
    s("radialGradient", { id: "az-sea", cx: "50%", cy: "50%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#2a6f8f" }), s("stop", { offset: "100%", "stop-color": "#0f3147" })),
    s("linearGradient", { id: "az-rock", x1: "0", y1: "0", x2: "0", y2: "1" },
      s("stop", { offset: "0%", "stop-color": "#8a8f6a" }), s("stop", { offset: "100%", "stop-color": "#5d6449" }))));
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, fill: "url(#az-sea)" }));
  svg.append(s("polygon", { class: "az-island", points: BOARD.island.map((p) => p.join(",")).join(" ") }));

  // hex links under the routes
  const links = s("g", { class: "az-links" });
  for (const sp of BOARD.spaces) {
    if (!sp.hex || !HEX.has(sp.hex)) continue;
    const hx = HEX.get(sp.hex);
    links.append(s("line", { x1: sp.x, y1: sp.y, x2: hx.x, y2: hx.y }));
  }
  svg.append(links);

  const routes = s("g", { class: "az-routes" });
  for (const r of BOARD.routes) {
    const a = SPACE.get(r.from);
    const b = SPACE.get(r.to);
    if (!a || !b) continue;
    routes.append(s("line", { class: "under", x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
    routes.append(s("line", { class: `route ${r.colour}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y, dataset: ds({ colour: r.colour }) }));
  }
  svg.append(routes);

  // Run tile hexes
  const hexes = s("g", { class: "az-hexes" });
  for (const sp of BOARD.spaces) {
    if (!sp.hex || !HEX.has(sp.hex)) continue;
    const hx = HEX.get(sp.hex);
    const rs = runs.get(sp.id);
    const state = rs ? rs.tile : "face_down";
    const label = state === "face_down" ? "?" : String(rs.cards);
    const title = state === "face_down" ? `${spaceName(sp.id)}: Run tile face down`
      : state === "face_up" ? `${spaceName(sp.id)}: Run tile ${rs.cards} (${plural(rs.cards, "Run card")})`
        : `${spaceName(sp.id)}: Run tile ${rs.cards}, set aside (used)`;
    hexes.append(s("g", { class: `az-hex ${state} m-${sp.method}`, testid: `run-tile-${sp.id}`, dataset: ds({ state, cards: rs && rs.cards !== null ? rs.cards : "" }) },
      s("title", {}, title),
      s("polygon", { points: hexPoints(hx.x, hx.y, 20) }),
      s("text", { x: hx.x, y: hx.y + 6, class: "hex-n" }, label)));
  }
  svg.append(hexes);

  // deck spots
  const decks = s("g", { class: "az-deckspots" });
  for (const d of BOARD.deck_spots) {
    const count = d.kind === "escape" ? view.decks.escape[d.deck]?.pile : view.decks.run[d.deck]?.pile;
    const drawL = d.kind === "escape" ? ix.draw.get(d.deck) : null;
    const g = s("g", {
      class: `az-deckspot ${d.kind} deck-${d.deck}${drawL ? " target" : ""}`, testid: `deck-${d.deck}`,
      dataset: ds({ count: count ?? 0, kind: d.kind, target: drawL ? "1" : null }),
      onclick: drawL && !ctx.busy ? () => ctx.act(drawL.action) : null,
    },
    s("title", {}, `the ${d.name} ${d.kind === "escape" ? "Escape" : "Run"} deck: ${plural(count ?? 0, "card")}${drawL ? ` (click: ${drawL.label})` : ""}`),
    s("rect", { x: d.x - 24, y: d.y - 17, width: 48, height: 34, rx: 5 }),
    s("text", { x: d.x, y: d.y - 2, class: "deck-name" }, d.kind === "escape" ? d.name : `${d.name} ${METHOD_ICON[d.deck] || ""}`),
    s("text", { x: d.x, y: d.y + 12, class: "deck-count" }, String(count ?? 0)));
    decks.append(g);
  }
  svg.append(decks);

  // the route a move takes, drawn while a destination is hovered
  const pathLayer = s("g", { class: "az-path", testid: "move-path" });
  const showPath = (to) => {
    pathLayer.replaceChildren();
    if (!ui.sel || !view.moves || !view.moves[ui.sel]) return;
    const byWay = view.moves[ui.sel];
    const d = /** @type {Way[]} */ (["walk", "sneak", "run"]).map((w) => moveInfo(view, ui.sel, w, to)).find((x) => x && x.path);
    if (!d || !byWay) return;
    const pts = d.path.map((id) => SPACE.get(id)).filter(Boolean);
    pathLayer.append(s("polyline", { class: "az-route-path", points: pts.map((q) => `${q.x},${q.y}`).join(" ") }));
    const end = pts[pts.length - 1];
    if (end) pathLayer.append(s("text", { class: "az-path-steps", x: end.x, y: end.y - 20, dataset: ds({ steps: d.steps }) }, `${d.steps} step${d.steps === 1 ? "" : "s"}`));
  };

  // spaces; their names on a layer of their own above every space (no box covers a name)
  const spaces = s("g", { class: "az-spaces" });
  const labels = s("g", { class: "az-spaces az-labels", "aria-hidden": "true" });
  for (const sp of BOARD.spaces) {
    const go = targets.get(sp.id);
    const attrs = {
      class: `az-space k-${sp.kind}${go ? " target" : ""}${ui.dest === sp.id ? " chosen" : ""}`,
      testid: `space-${sp.id}`, dataset: ds({ kind: sp.kind, target: go ? "1" : null }),
      onclick: go && !ctx.busy ? (e) => { e.stopPropagation(); go(); } : null,
      onmouseenter: go && ui.sel ? () => showPath(sp.id) : null,
      onmouseleave: go && ui.sel ? () => pathLayer.replaceChildren() : null,
    };
    const parts = [s("title", {}, `${sp.called}${KIND_TEXT[sp.kind] ? ` (${KIND_TEXT[sp.kind]})` : ""}`)];
    if (go) parts.push(s("circle", { class: "halo", cx: sp.x, cy: sp.y, r: sp.kind === "cell_block" ? 52 : sp.kind === "building" ? 24 : 16 }));
    if (sp.kind === "cell_block") {
      parts.push(s("rect", { class: "shape", x: sp.x - 50, y: sp.y - 36, width: 100, height: 72, rx: 8 }),
        s("text", { x: sp.x, y: sp.y - 24, class: "space-label cell" }, "CELL BLOCK"));
    } else if (sp.kind === "tunnel") {
      parts.push(s("circle", { class: "shape", cx: sp.x, cy: sp.y, r: 17 }),
        s("text", { x: sp.x, y: sp.y + 5, class: "space-icon" }, "∩"),
        s("text", { x: sp.x, y: sp.y + 30, class: "space-label" }, "Tunnel"));
    } else if (sp.kind === "building") {
      const b = buildings.get(sp.id);
      const tile = b ? b.tile : null;
      const shown = b && b.revealed;
      parts.push(s("rect", { class: `shape${shown ? " up" : ""}${!shown && tile ? " peeked" : ""}`, x: sp.x - 17, y: sp.y - 13, width: 34, height: 26, rx: 4 }),
        s("g", { testid: `building-tile-${sp.id}`, dataset: ds({ tile: tile || "", revealed: shown ? "1" : "0" }) },
          s("title", {}, `${sp.called}: ${tile ? TILE_WORDS[tile] || "" : "tile face down"}${tile && !shown ? " (you looked; still face down)" : ""}`),
          s("text", { x: sp.x, y: sp.y + 5, class: `tile-icon t-${tile || "down"}` }, tile ? TILE_ICON[tile] || "?" : "?")),
        null);
      labels.append(buildingLabel(sp));
    } else if (sp.kind === "run") {
      parts.push(s("circle", { class: `shape m-${sp.method}`, cx: sp.x, cy: sp.y, r: 12 }),
        s("text", { x: sp.x, y: sp.y + 5, class: "space-icon" }, METHOD_ICON[sp.method] || "?"));
    } else {
      parts.push(s("circle", { class: "shape", cx: sp.x, cy: sp.y, r: sp.kind === "normal" ? 7 : 9 }));
    }
    parts.push(s("circle", { class: "hit", cx: sp.x, cy: sp.y, r: sp.kind === "cell_block" ? 0 : 13 }));
    if (sp.kind === "cell_block") parts.push(s("rect", { class: "hit", x: sp.x - 50, y: sp.y - 36, width: 100, height: 72 }));
    spaces.append(s("g", attrs, parts));
  }
  svg.append(spaces);
  svg.append(labels);
  svg.append(pathLayer);

  // pieces: prisoners and sentinels, grouped by space
  const bySpace = new Map();
  for (const p of view.prisoners) {
    if (p.status !== "island" || !p.space) continue;
    if (!bySpace.has(p.space)) bySpace.set(p.space, []);
    bySpace.get(p.space).push({ kind: "prisoner", p });
  }
  for (const t of view.sentinels) {
    if (!t.space) continue;
    if (!bySpace.has(t.space)) bySpace.set(t.space, []);
    bySpace.get(t.space).push({ kind: "sentinel", t });
  }
  const focus = new Set();
  if (view.attack) focus.add(view.attack.prisoner);
  if (view.run) for (const q of view.run.prisoners) focus.add(q);
  ui.selSpace = ui.sel ? view.prisoners.find((q) => q.id === ui.sel)?.space ?? null : null;
  const pieces = s("g", { class: "az-pieces" });
  for (const [spId, list] of bySpace) {
    const sp = SPACE.get(spId);
    if (!sp) continue;
    const pos = slots(sp, list.length);
    list.forEach((item, i) => {
      const [x, y] = pos[i];
      const spaceGo = targets.get(spId);
      if (item.kind === "prisoner") pieces.append(prisonerToken(view, item.p, x, y, ctx, ix, ct, focus, spaceGo, rerender));
      else pieces.append(sentinelToken(item.t, x, y, ctx, ix, ct, spaceGo, rerender));
    });
  }
  svg.append(pieces);
  return svg;
}

/**
 * @param {View} view
 * @param {Alcatraz2034.Prisoner} p
 * @param {number} x
 * @param {number} y
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {CardTargets} ct
 * @param {Set<string>} focus the prisoners of the attack or the Run under way
 * @param {(() => void) | undefined} spaceGo what a click on the prisoner's space does
 * @param {Rerender} rerender
 */
function prisonerToken(view, p, x, y, ctx, ix, ct, focus, spaceGo, rerender) {
  const chooseL = ix.choose.get(p.id);
  const cardL = ct.prisoners.get(p.id);
  const movable = ix.moves.has(p.id);
  const selected = ui.sel === p.id;
  const intoSpace = spaceGo && ui.sel && ui.sel !== p.id && ui.selSpace !== p.space;
  let onclick = null;
  if (cardL) onclick = () => ctx.act(cardL.action);
  else if (chooseL) onclick = () => ctx.act(chooseL.action);
  else if (intoSpace) onclick = spaceGo;
  else if (movable) onclick = () => { ui.sel = selected ? null : p.id; ui.dest = null; ui.card = null; rerender(); };
  else if (spaceGo) onclick = spaceGo;
  const cls = ["az-prisoner", `seat-${seatColour(view, p.owner)}`];
  if (movable || chooseL || cardL) cls.push("selectable");
  if (selected) cls.push("selected");
  if (focus.has(p.id)) cls.push("focus");
  const marker = p.marker ? p.marker[0].toUpperCase() : "";
  return s("g", {
    class: cls.join(" "), testid: `prisoner-${p.id}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
    dataset: ds({ space: p.space, owner: p.owner, status: p.status, x: x.toFixed(1), y: y.toFixed(1), target: chooseL || cardL ? "1" : null }),
    onclick: onclick && !ctx.busy ? (e) => { e.stopPropagation(); onclick(); } : null,
  },
  s("title", {}, `${p.name} (${p.profession}), ${ctx.seatName(p.owner)}${p.marker ? `, last ${p.marker}` : ""}${movable ? " — click to move" : ""}${chooseL ? ` — click: ${chooseL.label}` : ""}`),
  s("circle", { class: "ring", r: 13 }),
  s("circle", { class: "body", r: 9.5 }),
  s("text", { class: "ini", y: 3.6 }, initials(p.name)),
  marker ? s("g", { class: `mk mk-${p.marker}` }, s("circle", { cx: 8, cy: -8, r: 4.6 }), s("text", { x: 8, y: -6 }, marker)) : null);
}

/**
 * @param {Alcatraz2034.Sentinel} t
 * @param {number} x
 * @param {number} y
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {CardTargets} ct
 * @param {(() => void) | undefined} spaceGo what a click on the sentinel's space does
 * @param {Rerender} rerender
 */
function sentinelToken(t, x, y, ctx, ix, ct, spaceGo, rerender) {
  const cardL = ct.sentinels.get(t.number);
  const movable = ix.sentMoves.has(t.number);
  const selected = ui.sentinel === t.number;
  let onclick = null;
  if (cardL) onclick = () => ctx.act(cardL.action);
  else if (movable && ix.sentMoves.size > 1) onclick = () => { ui.sentinel = selected ? null : t.number; rerender(); };
  else if (spaceGo) onclick = spaceGo;
  const cls = ["az-sentinel"];
  if (movable || cardL) cls.push("selectable");
  if (selected) cls.push("selected");
  const label = t.symbol ? ABBR[t.symbol] : String(t.number);
  return s("g", {
    class: cls.join(" "), testid: `sentinel-${t.number}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
    dataset: ds({ space: t.space, symbol: t.symbol || "", x: x.toFixed(1), y: y.toFixed(1) }),
    onclick: onclick && !ctx.busy ? (e) => { e.stopPropagation(); onclick(); } : null,
  },
  s("title", {}, `sentinel ${t.number}${t.symbol ? `: ${t.symbol}` : " (symbol hidden)"}${movable ? " — may move" : ""}`),
  s("rect", { class: "ring", x: -13, y: -13, width: 26, height: 26, rx: 7 }),
  s("polygon", { class: "body", points: "-5,-10 5,-10 10,-5 10,5 5,10 -5,10 -10,5 -10,-5" }),
  s("text", { class: "ini", y: 3.6 }, label));
}

// -- the controls ----------------------------------------------------------------------------

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {Rerender} rerender
 */
function controls(view, ctx, ix, rerender) {
  const box = h("div", { class: "az-controls", testid: "az-controls" });
  const p = view.pending;
  box.append(h("p", { class: "az-prompt", testid: "az-prompt" }, p ? promptFor(p, ctx.legal, ctx.seatName) : view.outcome ? view.outcome.detail : ""));
  if (!ctx.legal.length) {
    box.classList.add("idle");
    return box;
  }
  const names = new Map(view.prisoners.map((q) => [q.id, q.name]));
  /** The hints for a selection (a prisoner, a sentinel, a card, or none). */
  const hintsFor = (sel, sentinel, card) => {
    const hints = [];
    if (ix.moves.size) {
      if (sel) hints.push(`Moving ${names.get(sel)}: click a highlighted space.`);
      else hints.push("Click one of your highlighted prisoners, then a highlighted space.");
    }
    if (ix.place.size) hints.push("Click a highlighted red start space to place the sentinel.");
    if (ix.sentMoves.size) hints.push(sentinel === null ? "Click the sentinel to move, then a highlighted space." : `Moving sentinel ${sentinel}: click a highlighted space.`);
    if (ix.choose.size) hints.push("Click a highlighted prisoner to choose it.");
    if (ix.look.size) hints.push("Click a highlighted building to look at its tile.");
    if (ix.draw.size) hints.push("Draw from an Escape deck (click it on the map, or below).");
    if (card) hints.push(`${cardName(view, card)}: click a highlighted target, or a button on the card.`);
    return hints.join(" ");
  };
  // Choosing a prisoner or a sentinel changes the hint and shows "stay" and "cancel": the
  // controls keep their height meanwhile (the hint of no choice is laid under the hint shown,
  // hidden, and the row of those buttons is always there), so the map under them stays put
  // between the clicks of one move; the way to move comes over the map's top.
  const hint = hintsFor(ui.sel, ui.sentinel, ui.card);
  // the hints of no choice, and of a card chosen (the card with the longest name)
  const cards = [...ix.play.keys()].sort((a, b) => cardName(view, b).length - cardName(view, a).length);
  const ghosts = [...new Set([hintsFor(null, null, null), cards.length ? hintsFor(null, null, cards[0]) : ""])]
    .filter((x) => x && x !== hint);
  if (hint || ghosts.length) {
    box.append(h("div", { class: "az-hints" },
      hint ? h("p", { class: "az-hint", testid: "az-hint" }, hint) : null,
      ghosts.map((g) => h("p", { class: "az-hint ghost", "aria-hidden": "true" }, g))));
  }
  if (ix.moves.size) {
    const selRow = h("div", { class: "az-row az-selrow" });
    if (ui.sel) {
      const own = view.prisoners.find((q) => q.id === ui.sel);
      const stay = own && ix.moves.get(ui.sel)?.get(own.space);
      if (stay) selRow.append(btn(ctx, stay[0], "stay here, sneaking", { testid: "stay" }));
      selRow.append(h("button", { type: "button", class: "btn small", testid: "cancel-select", onclick: () => { ui.sel = null; ui.dest = null; rerender(); } }, "cancel"));
    } else {
      selRow.append(h("button", { type: "button", class: "btn small ghost", tabindex: "-1", "aria-hidden": "true", disabled: true }, "cancel"));
    }
    box.append(selRow);
  }

  const row = h("div", { class: "az-row" });
  for (const [deck, l] of ix.draw) row.append(btn(ctx, l, null, { testid: `draw-${deck}`, class: `deck-${deck}` }));
  for (const l of ix.startRun) {
    const a = l.action;
    row.append(btn(ctx, l, null, { testid: "start-run", class: "primary", dataset: ds({ prisoner: a.prisoner, card: a.card }) }));
  }
  for (const l of ix.choose.values()) row.append(btn(ctx, l));
  for (const l of ix.look.values()) row.append(btn(ctx, l));
  for (const l of ix.other) row.append(btn(ctx, l, null, { class: l.action.kind === "end_turn" || l.action.kind === "pass" ? "" : "primary" }));
  if (row.childNodes.length) box.append(row);

  if (ui.sel && ui.dest && ix.moves.get(ui.sel)?.has(ui.dest)) {
    const ls = ix.moves.get(ui.sel).get(ui.dest);
    const chooser = h("div", { class: "az-chooser", testid: "way-chooser", role: "group", "aria-label": "how to move" },
      h("span", { class: "row-label" }, `${names.get(ui.sel)} to ${spaceName(ui.dest)} by:`));
    for (const w of WAYS) {
      const l = ls.find((x) => x.action.way === w);
      const mi = moveInfo(view, ui.sel, w, ui.dest);
      if (l) chooser.append(btn(ctx, l, WAY_TEXT[w] + stepsText(mi && mi.steps), { testid: `way-${w}`, class: `way way-${w}`, dataset: ds({ steps: mi ? mi.steps : null }) }));
    }
    chooser.append(h("button", { type: "button", class: "btn small", onclick: () => { ui.dest = null; rerender(); } }, "back"));
    box.append(chooser);
  }
  return box;
}

// -- the System board, the Run and the attack --------------------------------------------

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function systemBoard(view, ctx, ix) {
  const sys = view.system;
  const rows = sys.rows.map((r) => {
    const cells = Array.from({ length: r.spaces }, (_, i) => h("span", { class: `az-cell${i < r.tiles ? " full" : ""}` }, i < r.tiles ? ABBR[r.ability] : ""));
    const l = ix.returnTile.get(r.colour);
    return h("div", { class: `az-sysrow row-${r.colour}`, testid: `system-row-${r.colour}`, dataset: ds({ tiles: r.tiles, spaces: r.spaces }) },
      h("span", { class: "row-name" }, `${r.colour} · ${r.ability}`), h("span", { class: "cells" }, cells),
      l ? btn(ctx, l, "take back", { testid: `return-tile-${r.colour}` }) : null);
  });
  const grey = h("div", { class: "az-grey", testid: "grey-tiles", dataset: ds({ count: sys.grey.length }) },
    h("span", { class: "row-name" }, "grey corners"),
    h("span", { class: "cells" }, Array.from({ length: 3 }, (_, i) => h("span", { class: `az-cell grey${i < sys.grey.length ? " full" : ""}` }, i < sys.grey.length ? ABBR[sys.grey[i]] : ""))));
  const scores = h("div", { class: "az-scores" }, h("span", { class: "row-name" }, "sentinel scores"),
    ABILITIES.map((a) => h("span", { class: `az-score ab-${a}`, testid: `sentinel-score-${a}`, dataset: ds({ value: sys.scores[a] }) },
      h("b", {}, String(sys.scores[a])), ` ${a}`)));
  const waiting = h("p", { class: "small", testid: "waiting-sentinels", dataset: ds({ count: sys.waiting_sentinels }) },
    `${plural(sys.waiting_sentinels, "sentinel")} waiting on the board · System tile stacks: `,
    sys.stacks.map((st) => st.size).join(" / "));
  return h("section", { class: "az-panel az-system", testid: "system-board", "aria-label": "the System board" },
    h("h3", {}, "System board"), rows, grey, scores, waiting,
    view.sentinel_card ? h("p", { class: "az-scard", testid: "sentinel-card", dataset: ds({ card: view.sentinel_card }) }, "Sentinel card: ",
      h("b", {}, view.sentinel_card_info ? view.sentinel_card_info.name : ""),
      view.sentinel_card_info ? h("span", { class: "small" }, ` — ${view.sentinel_card_info.text}`) : null) : null);
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 */
function runPanel(view, ctx) {
  const r = view.run;
  if (!r) return null;
  const names = new Map(view.prisoners.map((q) => [q.id, q.name]));
  const c = r.card;
  return h("section", { class: "az-panel az-run", testid: "run-panel", dataset: ds({ method: r.method }) },
    h("h3", {}, `A ${deckName("run", r.method)} Run from ${spaceName(r.space)}`),
    h("p", {}, `Led by ${ctx.seatName(r.leader)}: `, r.prisoners.map((q) => names.get(q)).join(", "),
      ` · ${plural(r.cards_left, "Run card")} left · ${r.shown.length} faced`),
    c ? h("div", { class: `az-runcard${c.red ? " red" : ""}`, testid: "run-card", dataset: ds({ card: c.id }) },
      h("b", {}, c.name), ` — target ${c.target} · ${c.abilities.join(c.combine === "sum" ? " + " : " / ")}`,
      h("p", { class: "small" }, c.text)) : null,
    (r.shown_cards || []).filter((x) => !c || x.id !== c.id).length ? h("ul", { class: "az-faced small", testid: "run-faced" },
      r.shown_cards.filter((x) => !c || x.id !== c.id).map((x) => h("li", { title: x.text }, h("b", {}, x.name),
        ` — ${x.abilities.join(x.combine === "sum" ? " + " : " / ")} ${x.target}`, x.punishment ? ` · failure: ${x.punishment}` : ""))) : null,
    r.rollers.length ? h("p", { class: "az-roll" }, r.rollers.map((q) => names.get(q)).join(" & "), ` (${r.abilities.join(", ")}): `,
      `${r.base} + `, die(r.die, "prisoner"), ` + ${r.bonus} = `, h("b", { testid: "run-total" }, String(r.total ?? "?")),
      c ? ` against ${c.target}` : "", r.reroll ? h("span", { class: "badge" }, " R available") : null) : null,
    r.saved || r.skipped || r.aborted ? h("p", { class: "small" }, [r.saved ? "saved" : "", r.skipped ? "skipped" : "", r.aborted ? "aborted" : ""].filter(Boolean).join(" · ")) : null);
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 */
function attackPanel(view, ctx) {
  const a = view.attack;
  if (!a) return null;
  return h("section", { class: "az-panel az-attack", testid: "attack-panel", dataset: ds({ prisoner: a.prisoner, ability: a.ability }) },
    h("h3", {}, `Attack on ${a.name}`),
    h("p", {}, `By ${a.attacker}${a.by !== null && a.by !== undefined ? `, sent by ${ctx.seatName(a.by)}` : ""}, on ${a.ability}${a.called_off ? " — called off" : ""}`),
    h("p", { class: "az-roll" }, h("span", { class: "side" }, "prisoner "), `${a.prisoner_start} + `, die(a.die, "prisoner"),
      ` + ${a.prisoner_bonus} = `, h("b", {}, String(a.prisoner_total)), a.reroll ? h("span", { class: "badge" }, " R available") : null),
    h("p", { class: "az-roll" }, h("span", { class: "side" }, "attacker "), `${a.attacker_start} + `, die(null, "attacker"),
      ` + ${a.attacker_bonus}`, h("span", { class: "small muted" }, " (the red die is rolled last; ties go to the attacker)")));
}

/** @param {View} view */
function lastResultPanel(view) {
  const r = view.last_result;
  if (!r) return null;
  if (r.kind === "attack") {
    const won = r.winner === "prisoner";
    return h("section", { class: "az-panel az-last", testid: "last-result", dataset: ds({ kind: r.kind, winner: r.winner || "" }) },
      h("h3", {}, "Last attack"),
      h("p", {}, `${r.name} attacked by ${r.attacker}${r.ability ? ` on ${r.ability}` : ""}`),
      r.called_off ? h("p", { class: "small" }, "called off") : h("p", { class: "az-roll" },
        `${r.name} `, h("b", {}, String(r.prisoner_total)), " (", die(r.orange_die, "prisoner"), ") against ",
        h("b", {}, String(r.attacker_total)), " (", die(r.red_die, "attacker"), ") — ",
        h("b", { class: won ? "win" : "lose" }, `won by ${won ? r.name : r.attacker}`)));
  }
  return h("section", { class: "az-panel az-last", testid: "last-result", dataset: ds({ kind: r.kind, winner: r.winner }) },
    h("h3", {}, "Last Run challenge"),
    h("p", {}, `${r.card}: ${r.names.join(" & ")}${r.abilities.length ? ` with ${r.abilities.join(" + ")}` : ""}`),
    h("p", { class: "az-roll" }, h("b", {}, String(r.total)), " (", die(r.die, "prisoner"), `) against ${r.target} — `,
      h("b", { class: r.passed ? "win" : "lose" }, r.passed ? "passed" : "failed")));
}

// -- players, characters and hands -------------------------------------------------------------

/**
 * @param {Alcatraz2034.EscapeCard} card
 * @param {number} seat
 * @param {LegalIndex} ix
 * @param {TableCtx} ctx
 * @param {Rerender} rerender
 */
function handCard(card, seat, ix, ctx, rerender) {
  const plays = ix.play.get(card.id) || [];
  const discardL = ix.discard.get(card.id);
  const mapTargets = plays.filter((l) => l.action.target);
  const selected = ui.card === card.id;
  const buttons = [];
  for (const l of plays) {
    buttons.push(btn(ctx, l, null, { testid: `play-${card.id}`, class: "primary", dataset: ds({ target: l.action.target }) }));
  }
  if (discardL) buttons.push(btn(ctx, discardL, null, { testid: `discard-${card.id}` }));
  return h("div", {
    class: `az-card deck-${card.deck}${plays.length ? " playable" : ""}${selected ? " selected" : ""}`,
    testid: "hand-card", dataset: ds({ hand: seat, card: card.id, timing: card.timing }),
    onclick: mapTargets.length > 1 && !ctx.busy ? () => { ui.card = selected ? null : card.id; ui.sel = null; rerender(); } : null,
  },
  h("div", { class: "az-card-top" }, h("b", {}, card.name), h("span", { class: "timing" }, TIMING[card.timing] || card.timing)),
  h("p", { class: "az-card-text" }, card.text),
  h("span", { class: "deck-tag" }, deckName("escape", card.deck)),
  buttons.length ? h("div", { class: "az-card-acts" }, buttons) : null);
}

/**
 * @param {View} view
 * @param {Alcatraz2034.Hand} hand
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {Rerender} rerender
 * @param {boolean} own the seat's own hand (face up)
 */
function handPanel(view, hand, ctx, ix, rerender, own) {
  const cards = own && hand.cards
    ? hand.cards.map((c) => handCard(c, hand.seat, ix, ctx, rerender))
    : Object.entries(hand.decks).flatMap(([deck, n]) => Array.from({ length: n }, () => h("span", {
      class: `az-back deck-${deck}`, testid: "hand-card-back", dataset: ds({ deck }), title: `a hidden ${deckName("escape", deck)} card`,
    }, ABBR[deck])));
  return h("div", { class: `az-hand${own ? " own" : ""}`, testid: `hand-${hand.seat}`, dataset: ds({ size: hand.size }) },
    own ? null : h("span", { class: "small muted" }, `hand: ${hand.size}`),
    h("div", { class: "az-hand-cards" }, cards.length ? cards : h("span", { class: "muted small" }, "no cards")));
}

/**
 * @param {Alcatraz2034.Prisoner} p
 * @param {View} view
 * @param {LegalIndex} ix
 */
function character(p, view, ix) {
  const where = p.status === "escaped" ? "escaped" : p.status === "out" ? "out of the game" : spaceName(p.space);
  const marker = p.marker ? `${p.marker}${p.modifier ? ` (${p.modifier > 0 ? "+" : "−"}${Math.abs(p.modifier)})` : ""}` : "no marker";
  return h("li", {
    class: `az-char st-${p.status}${ix.moves.has(p.id) ? " movable" : ""}`, testid: `character-${p.id}`,
    dataset: ds({ status: p.status, marker: p.marker || "", space: p.space || "" }),
  },
  h("span", { class: `az-token seat-${seatColour(view, p.owner)}` }, initials(p.name)),
  h("span", { class: "who" }, h("b", {}, p.name), h("span", { class: "small muted" }, ` ${p.profession}`)),
  h("span", { class: "scores" }, ABILITIES.map((a) => h("span", {
    class: `az-ab ab-${a}`, title: `${a} ${p.scores[a]} (printed ${p.printed[a]})${p.reroll.includes(a) ? ", with a re-roll" : ""}`,
  }, `${ABBR[a]} ${p.scores[a]}`, p.reroll.includes(a) ? h("sup", { class: "r" }, "R") : null))),
  h("span", { class: "small where" }, `${where} · ${marker}`),
  p.may_run ? h("span", { class: "badge az-may-run", testid: "may-run", title: "stood here since before this turn: a Run can start" }, "may run") : null);
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {Rerender} rerender
 */
function players(view, ctx, ix, rerender) {
  const out = h("section", { class: "az-players", testid: "players", "aria-label": "the players" });
  for (let seat = 0; seat < view.players; seat++) {
    const hand = view.hands.find((x) => x.seat === seat);
    const mine = view.seat === seat;
    const chars = view.prisoners.filter((p) => p.owner === seat);
    out.append(h("div", {
      class: `az-panel az-player seat-${seatColour(view, seat)}${view.active === seat ? " active" : ""}${mine ? " mine" : ""}`,
      testid: `player-${seat}`, dataset: ds({ points: view.points[seat] }),
    },
    h("div", { class: "az-player-head" },
      h("span", { class: `az-swatch seat-${seatColour(view, seat)}` }),
      h("b", {}, ctx.seatName(seat)),
      view.active === seat ? h("span", { class: "badge" }, "turn") : null,
      view.token === seat ? h("span", { class: "badge token", title: "the Escape/Run token (1 point)" }, "★ token") : null,
      h("span", { class: "pts", title: "points: escaped prisoners plus the token" }, `${view.points[seat]} pt`)),
    h("ul", { class: "az-chars" }, chars.map((p) => character(p, view, ix))),
    hand && !mine ? handPanel(view, hand, ctx, ix, rerender, false) : null));
  }
  return out;
}

/** @param {View} view */
function decksPanel(view) {
  const d = view.decks;
  return h("section", { class: "az-panel az-decks", testid: "decks", "aria-label": "the decks" },
    h("h3", {}, "Decks"),
    h("div", { class: "az-deckrow" }, Object.entries(d.escape).map(([deck, x]) => h("span", {
      class: `az-pile deck-${deck}`, testid: `escape-deck-${deck}`, dataset: ds({ pile: x.pile, discard: x.discard.length }),
      title: x.discard.length ? `discarded: ${x.discard_names.join(", ")}` : "no discards",
    }, h("b", {}, deckName("escape", deck)), ` ${x.pile}`, h("span", { class: "small" }, ` / ${x.discard.length} out`)))),
    h("div", { class: "az-deckrow" }, Object.entries(d.run).map(([m, x]) => h("span", {
      class: "az-pile run", testid: `run-deck-${m}`, dataset: ds({ pile: x.pile, red: x.red_aside }),
    }, h("b", {}, `${METHOD_ICON[m] || ""} ${deckName("run", m)}`), ` ${x.pile}`, x.red_aside ? h("span", { class: "small red" }, ` +${x.red_aside} red`) : null))),
    h("p", { class: "small" }, `Sentinel cards: ${d.sentinel.pile} left, ${d.sentinel.discard.length} drawn`,
      (d.sentinel_discard_cards || []).length ? h("span", { title: d.sentinel_discard_cards[d.sentinel_discard_cards.length - 1].text },
        ` (last: ${d.sentinel_discard_cards[d.sentinel_discard_cards.length - 1].name})`) : "",
      ` · Run cards faced: ${d.run_out.length}`),
    (d.run_out_cards || []).length ? h("p", { class: "small muted", testid: "run-out" }, "Set aside: ",
      d.run_out_cards.map((c) => c.name).join(", ")) : null);
}

/**
 * @param {View} view
 * @param {TableCtx} ctx
 */
function recentEvents(view, ctx) {
  const items = (view.log || []).slice(-10);
  return h("section", { class: "az-panel az-events", testid: "recent-events", "aria-label": "recent events" },
    h("h3", {}, "Recent events"),
    h("ol", {}, items.map((e) => h("li", { testid: "recent-event", dataset: ds({ kind: e.kind }) }, told(e, ctx)))));
}

// -- the whole table -------------------------------------------------------------------------

/**
 * @param {HTMLElement} container
 * @param {Alcatraz2034.View} view
 * @param {TableCtx} ctx
 */
export function render(container, view, ctx) {
  if (!BOARD) {
    container.replaceChildren(h("p", { class: "error" }, "The island's drawing could not be loaded (GET /api/games/alcatraz-2034/assets)."));
    return;
  }
  const legal = ctx.legal || [];
  const ix = indexLegal(legal);
  syncUi(ctx, ix);
  const rerender = () => render(container, view, ctx);
  redraw = ctx.mode === "replay" ? null : rerender;
  const own = view.seat !== null && view.seat !== undefined ? view.hands.find((x) => x.seat === view.seat) : null;
  const table = h("div", { class: `az-table${ctx.mode === "replay" ? " replay" : ""}`, testid: "az-table" },
    controls(view, ctx, ix, rerender),
    own ? h("section", { class: "az-panel az-own", testid: "own-hand", "aria-label": "your hand" },
      h("h3", {}, `Your hand (${own.size})`), handPanel(view, own, ctx, ix, rerender, true)) : null,
    h("div", { class: "az-main" },
      h("div", { class: "az-mapbox" }, zoomable("alcatraz-2034", drawMap(view, ctx, ix, rerender)),
        h("p", { class: "az-legend small" },
          h("span", { class: "lg white" }, "route"), h("span", { class: "lg green" }, "green route"),
          h("span", { class: "lg yellow" }, "yellow route (ends the move)"), h("span", { class: "lg safe" }, "safe"),
          h("span", { class: "lg sentinel" }, "sentinel start"), h("span", { class: "lg building" }, "building"),
          ` · turn ${view.turn} · ${ctx.seatName(view.active)} is playing`)),
      h("div", { class: "az-side" }, systemBoard(view, ctx, ix), attackPanel(view, ctx), runPanel(view, ctx), lastResultPanel(view), decksPanel(view))),
    players(view, ctx, ix, rerender),
    recentEvents(view, ctx));
  container.replaceChildren(table);
}
