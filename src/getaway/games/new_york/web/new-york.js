// Escape from New York on the table page: Manhattan as SVG (64 six-sided
// spaces in offset columns, odd columns half a space lower; the Hudson and the
// East River, the four numbered bridges, the Bronx off the right edge), every
// revealed tile with its printed roads, icons and Building, face-down POIs and
// Suburb tokens as backs, Roadblocks on their sides, the Heroes (in a Car when
// they drive one), Prisoners in stacks with a count, Cars on red (a Prisoner
// drives) or white (abandoned) bases, the Bosses with their Hit Points, Item
// cubes, Case tokens, the Gullfire, the Heliport and the Helicopter. Beside
// it New York's board (Noise track, Mission cubes, Event Level, Boss tracks,
// the New York deck with the back of its top card, Prisoner Bonuses, the
// Timer deck down to Hurry Up and the red tiles, the Case spaces), the seat's
// own Hero (hand, played cards, discards, supply, Weapon, Car, Level Bar,
// objectives) and the other Heroes' public side.
//
// Legality comes only from ctx.legal: a space, an enemy, a bridge or a card is
// clickable only while a legal action names it, and every legal action is
// also a button in the grouped list at the top of the table, reading the
// engine's label as it is. The prompt is the engine's (view.pending.prompt);
// the module dispatches on view.pending.key and the actions' kinds, names
// seats with ctx.seatName, spaces by the names the board prints (the assets)
// and what is face up there (the view's "called"), Enemies by the view's names.
//
// The static map, tiles and card texts come once from GET /api/games/new-york/
// assets; the view says what lies where. Nothing hidden is ever in the page:
// another Hero's hand is a row of card backs.
//
// data-testid names of this module:
//   ny-table, ny-controls (class idle when the seat has nothing to decide),
//   ny-prompt, ny-hint, ny-group-<group> (cards|map|enemies|supply|heroes|turn),
//   ny-act (one button per legal action: data-kind, title = the server's label,
//   data-space / data-enemy / data-card when it names one), ny-chooser (the actions of
//   one clicked space or enemy), ny-outcome (data-reason),
//   ny-map (the <svg>), space-<id> (data-kind, data-revealed, data-tile, data-poi,
//   data-suburb, data-target "1" while a click acts, data-kinds: the action kinds),
//   road-<id>-<side>, roadblock-<id>-<side> (data-up), bridge-<n> (data-target),
//   hero-<seat> (data-space, data-car), enemy-<id> (the first Enemy of a stack:
//   data-enemies, data-count, data-space, data-kind prisoner|car|boss, data-hp,
//   data-target), cubes-<id> (data-count), case-token-<n>, car-white-<i>,
//   gullfire, helicopter (data-space, data-landed), heliport, president-token,
//   suburb-<id> (data-state face-down|<icon>), poi-seen-<id>,
//   ny-board, ny-noise (data-value), ny-mission (data-value), ny-event-level
//   (data-position, data-level), ny-timer (data-left, data-red, data-hurry),
//   ny-deck (data-count), ny-top-back (data-cost, data-pull, data-roadblock),
//   ny-bonus, ny-boss-<id> (data-state, data-hp), ny-case-<n> (data-card,
//   data-token), ny-president, ny-supplies,
//   ny-played-area (played-back, played-revealed data-card),
//   ny-own (the seat's Hero), hand-<seat> (data-size) with hand-card (data-hand,
//   data-card, class playable) or hand-card-back, played-card (data-card),
//   discard-card (data-card), supply-card (data-card, data-slot), ny-weapon (data-ammo),
//   ny-level (data-level), ny-objective (data-objective), ny-known,
//   special-card, drawn-item, objective-choice (choices shown in the controls),
//   ny-heroes, ny-hero-<seat> (data-space, data-hand, data-level).

import { h, s, ensureStylesheet, gameAssets, api, tableIdFromPath, promptFor } from "/static/js/util.js";
import { zoomable } from "/static/js/zoom.js";

ensureStylesheet("/static/games/new-york.css");

// The view's types are generated from the game's shapes.py (build/types/new-york.d.ts).
/**
 * The legal actions of the seat, sorted by what they are about.
 * @typedef {object} LegalIndex
 * @property {Map<string, LegalAction[]>} space by the space a map action names
 * @property {Map<number, LegalAction>} bridge by the bridge's number
 * @property {Map<string, LegalAction[]>} enemy by the Enemy hit, picked or tricked
 * @property {Map<string, LegalAction>} play by the card played
 * @property {Map<string, LegalAction>} reveal by the card revealed
 * @property {Map<string, LegalAction[]>} ability by the card the Ability replaces
 * @property {Map<string, LegalAction>} recover by the card taken back
 * @property {Map<string, LegalAction>} special by the Special Action card
 * @property {Map<string, LegalAction[]>} item by the Item
 * @property {Map<string, LegalAction[]>} cases by the Case card
 * @property {Map<number, LegalAction[]>} seat by the other Hero's seat
 * @property {Map<string, LegalAction>} keep by the Item kept
 * @property {Map<string, LegalAction>} objective by the objective taken
 * @property {Map<number, LegalAction>} collectCase by the Case space
 * @property {LegalAction[]} all
 */
/**
 * A space of the map as the assets print it.
 * @typedef {{id: string, col: number, row: number, kind: string, name: string, suburb: boolean,
 *   transport: string | null, tile: string | null, neighbours: Record<string, string>}} MapSpace
 */
/**
 * Enemies drawn as one piece: the Prisoners alike on a space, or one Car or Boss.
 * @typedef {{kind: "prisoner" | "car" | "boss", ids: string[], names: string[], space: string,
 *   damage: number, hp?: number, tricked: boolean}} EnemyStack
 */

/** @type {Record<string, any>} */
const A = (await gameAssets("new-york")) || {};
const MAP = A.map || null;
/** @type {Map<string, MapSpace>} */
const SPACE = new Map((MAP?.spaces || []).map((/** @type {MapSpace} */ x) => [x.id, x]));
const TILE = A.tiles || {};
const POI = A.pois || {};
const CARD = A.actions || {};
const ITEM = A.items || {};
const CASE = A.cases || {};
const OBJ = A.objectives || {};
const BAR = A.level_bars || {};
const TIMER = A.timers || {};
const EVENT = A.events || {};
const NYC = A.new_york || {};
const BOSS = new Map((A.bosses || []).map((b) => [b.id, b]));
const HERO = new Map((A.heroes || []).map((x) => [x.id, x]));
const BRIDGE_AT = new Map((MAP?.bridges || []).map((b) => [`${b.space}|${b.side}`, b]));
const NOISE_MAX = A.noise_max ?? 10;
const MISSION_CUBES = A.mission_cubes ?? 4;

// geometry: flat-topped hexes, odd columns half a space lower
const R = 46;
const SQ = Math.sqrt(3);
const APO = (R * SQ) / 2;
const SIDES = ["N", "NE", "SE", "S", "SW", "NW"];
const ANGLE = { N: -90, NE: -30, SE: 30, S: 90, SW: 150, NW: 210 };
const SIDE_WORD = { N: "top", NE: "top right", SE: "bottom right", S: "bottom", SW: "bottom left", NW: "top left" };
const rad = (deg) => (deg * Math.PI) / 180;

// Seat colours (ours: the view has none); none is the Prisoners' rust or a Boss's black.
const SEAT_COLOURS = ["blue", "amber", "purple", "teal"];
const ICON_WORD = { prisoner: "a Prisoner", event: "an Event icon", car: "a Car", item: "an Item cube", manhole: "a Manhole", roadblock: "a Roadblock", raft: "a Raft" };
const BUILDING_WORD = { library: "the Library (a Building)", surgery: "a Surgery", gun_shop: "a Gun Shop", shelter: "a Shelter" };
const TYPE_MARK = { move: "➜", attack: "✸", special: "✦" };
const DECK_NAME = { timer: "the Timer deck", new_york: "the New York deck", event: "the Event deck", item: "the Item deck" };
/** @type {[string, string, string[]][]} the groups of the action buttons: id, title, action kinds */
const GROUPS = [
  ["cards", "Your cards", ["play_card", "reveal_card", "ability", "recover", "special"]],
  ["map", "On the map", ["move", "crash", "cross_bridge", "reveal_space", "reveal_poi", "peek_poi", "place", "helicopter", "route"]],
  ["enemies", "Enemies", ["hit", "trick", "pick"]],
  ["supply", "Supply, Weapon and Car", ["use_weapon", "use_item", "reveal_weapon", "pay_level", "discard_item", "keep", "use_case", "discard_case", "collect_case", "collect_president", "collect_item", "take_car", "abandon_car", "car_move"]],
  ["heroes", "Other Heroes", ["carry", "accept", "decline", "steal"]],
  ["turn", "This step", ["reveal_timer", "option", "swap", "take_objective", "claim_lone", "show", "hide", "done"]],
];
const GROUP_OF = new Map(GROUPS.flatMap(([g, , kinds]) => kinds.map((k) => [k, g])));
const SPACE_KINDS = new Set(GROUPS[1][2].filter((k) => k !== "cross_bridge"));
const OUTCOME_TEXT = {
  collective_victory: "Collective Victory: the Heroes on the bridge escape together!",
  lone_victory: "A Lone Victory: one Hero slips away alone.",
  new_york_wins: "New York wins: nobody gets out.",
};

// -- UI state kept between renders ----------------------------------------------------------

/**
 * @type {{sig: string, trick: string | null, chooser: {key: string, ls: LegalAction[]} | null,
 *   last: [HTMLElement, NewYork.View, TableCtx] | null, outcome: NewYork.Outcome | null,
 *   outcomeFetch: Promise<void> | null}}
 */
const ui = { sig: "", trick: null, chooser: null, last: null, outcome: null, outcomeFetch: null };

// Esc closes the chooser, then drops a chosen trick card. Only with neither open does the
// page's own Esc (cancel a choice begun, or undo) act: it listens on the window, after this.
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || e.defaultPrevented || !ui.last || ui.last[2].mode === "replay") return;
  if (ui.chooser) ui.chooser = null;
  else if (ui.trick) ui.trick = null;
  else return;
  e.preventDefault();
  render(...ui.last);
});

// -- small helpers ---------------------------------------------------------------------------

/** A dataset without its null entries (an element's dataset would hold "null"). */
const ds = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cardName = (id) => CARD[id]?.name ?? "a card";
const itemName = (id) => ITEM[id]?.name ?? CASE[id]?.name ?? (id === A.president?.id ? A.president.name : "a card");
const colourOf = (seat) => SEAT_COLOURS[seat] ?? "grey";

function centre(id) {
  const sp = SPACE.get(id);
  if (!sp) return [0, 0];
  return [R + 1.5 * R * sp.col, APO * 2 * (sp.row + (sp.col % 2) / 2) + APO];
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = rad(60 * i);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The point on the way from a space's centre towards a side, `f` of the apothem out. */
function towards(cx, cy, side, f = 1) {
  const a = rad(ANGLE[side]);
  return [cx + APO * f * Math.cos(a), cy + APO * f * Math.sin(a)];
}

/** A space by the name the board prints there, as the action labels name it. */
const boardName = (id) => SPACE.get(id)?.name ?? "a space";

/** A space by its name, with what it is called now when a tile or a POI shows another
 * name there: "Tribeca (Romero's Hideout)". */
/**
 * @param {NewYork.View} view
 * @param {string} id
 * @returns {string}
 */
function spaceLabel(view, id) {
  const name = boardName(id);
  const called = view.spaces.find((x) => x.id === id)?.called ?? name;
  return called === name ? name : `${name} (${called})`;
}

/** An Enemy by the view's name for it ("Prisoner 7", "Romero"). */
const enemyName = (view, id) => view.enemies.find((x) => x.id === id)?.name ?? "an Enemy";

// -- the legal actions, sorted by what they are about --------------------------------------

/**
 * @param {LegalAction[]} legal
 * @returns {LegalIndex}
 */
function indexLegal(legal) {
  const ix = {
    space: new Map(), bridge: new Map(), enemy: new Map(), play: new Map(), reveal: new Map(),
    ability: new Map(), recover: new Map(), special: new Map(), item: new Map(), cases: new Map(),
    seat: new Map(), keep: new Map(), objective: new Map(), collectCase: new Map(), all: legal,
  };
  const push = (m, k, l) => {
    if (!m.has(k)) m.set(k, []);
    m.get(k).push(l);
  };
  for (const l of legal) {
    const a = l.action;
    const k = a.kind;
    if (SPACE_KINDS.has(k)) push(ix.space, a.space, l);
    else if (k === "cross_bridge") ix.bridge.set(a.bridge, l);
    else if (k === "hit" || k === "pick" || k === "trick") push(ix.enemy, a.enemy, l);
    else if (k === "play_card") ix.play.set(a.card, l);
    else if (k === "reveal_card") ix.reveal.set(a.card, l);
    else if (k === "ability") push(ix.ability, a.card, l);
    else if (k === "recover") ix.recover.set(a.card, l);
    else if (k === "special") ix.special.set(a.card, l);
    else if (k === "keep") ix.keep.set(a.item, l);
    else if (k === "take_objective") ix.objective.set(a.objective, l);
    else if (k === "collect_case") ix.collectCase.set(a.slot, l);
    else if (["use_item", "reveal_weapon", "pay_level", "discard_item"].includes(k)) push(ix.item, a.item, l);
    else if (k === "use_case" || k === "discard_case") push(ix.cases, a.case, l);
    else if (k === "carry" || k === "steal") push(ix.seat, a.seat, l);
  }
  return ix;
}

/**
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function syncUi(ctx, ix) {
  const sig = (ctx.legal || []).map((l) => ctx.key(l.action)).join("|");
  if (sig !== ui.sig) {
    ui.sig = sig;
    ui.trick = null;
    ui.chooser = null;
  }
  const trickers = [...ix.enemy.entries()].filter(([, ls]) => ls.some((l) => l.action.kind === "trick"));
  if (ui.trick && !trickers.some(([e]) => e === ui.trick)) ui.trick = null;
  if (!ui.trick && trickers.length === 1) ui.trick = trickers[0][0];
}

/**
 * Space id -> the legal actions a click on it offers (tricks of the selected Enemy too).
 * @param {NewYork.View} view
 * @param {LegalIndex} ix
 * @returns {Map<string, LegalAction[]>}
 */
function spaceTargets(view, ix) {
  const out = new Map([...ix.space.entries()].map(([k, v]) => [k, [...v]]));
  if (ui.trick) {
    const e = view.enemies.find((x) => x.id === ui.trick);
    for (const l of ix.enemy.get(ui.trick) || []) {
      if (l.action.kind !== "trick" || !e) continue;
      const to = SPACE.get(e.space)?.neighbours?.[l.action.side];
      if (!to) continue;
      if (!out.has(to)) out.set(to, []);
      out.get(to).push(l);
    }
  }
  return out;
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalAction} l
 * @param {string | null} [text] the button's text (default: the action's label)
 * @param {{class?: string, testid?: string, dataset?: Record<string, unknown>}} [attrs]
 * @returns {HTMLElement}
 */
function btn(view, ctx, l, text, attrs = {}) {
  const a = l.action;
  return h("button", {
    type: "button", class: `btn small ny-act k-${a.kind} ${attrs.class || ""}`, testid: attrs.testid || "ny-act",
    title: l.label, disabled: ctx.busy,
    dataset: ds({ kind: a.kind, space: a.space, enemy: a.enemy, card: a.card ?? a.item ?? a.case, ...(attrs.dataset || {}) }),
    onmouseenter: a.space ? () => glow(a.space, true) : null,
    onmouseleave: a.space ? () => glow(a.space, false) : null,
    onclick: (e) => { e.stopPropagation(); ui.chooser = null; ctx.act(a); },
  }, text ?? l.label);
}

/**
 * @param {string} space
 * @param {boolean} on
 */
function glow(space, on) {
  const el = document.querySelector(`[data-testid="ny-map"] [data-testid="space-${space}"]`);
  if (el) el.classList.toggle("glow", on);
}

/**
 * Act at once when one action is offered, else open the chooser with them.
 * @param {TableCtx} ctx
 * @param {string} key
 * @param {LegalAction[]} ls
 * @param {() => void} rerender
 */
function choose(ctx, key, ls, rerender) {
  if (!ls.length || ctx.busy) return;
  if (ls.length === 1) {
    ui.chooser = null;
    ctx.act(ls[0].action);
    return;
  }
  ui.chooser = { key, ls };
  rerender();
}

// -- little drawings (SVG, no emoji font needed) ------------------------------------------------

function pawn(cls, r) {
  return [
    s("circle", { class: `${cls} head`, cx: 0, cy: -r * 0.55, r: r * 0.48 }),
    s("path", { class: `${cls} body`, d: `M${-r * 0.8},${r * 0.75} Q${-r * 0.75},${-r * 0.15} 0,${-r * 0.15} Q${r * 0.75},${-r * 0.15} ${r * 0.8},${r * 0.75} Z` }),
  ];
}

function carShape(cls, w = 20) {
  const hgt = w * 0.42;
  return [
    s("rect", { class: `${cls} base`, x: -w / 2 - 2, y: hgt / 2 - 1, width: w + 4, height: 4, rx: 2 }),
    s("path", { class: `${cls} body`, d: `M${-w / 2},${hgt / 2} L${-w / 2},${-hgt * 0.05} L${-w * 0.28},${-hgt * 0.15} L${-w * 0.16},${-hgt / 2} L${w * 0.18},${-hgt / 2} L${w * 0.32},${-hgt * 0.12} L${w / 2},${-hgt * 0.02} L${w / 2},${hgt / 2} Z` }),
    s("circle", { class: `${cls} wheel`, cx: -w * 0.28, cy: hgt / 2, r: 2.4 }),
    s("circle", { class: `${cls} wheel`, cx: w * 0.28, cy: hgt / 2, r: 2.4 }),
  ];
}

/** A printed icon, about 10 units across, centred on (0, 0). */
function iconShapes(icon) {
  switch (icon) {
    case "prisoner": return pawn("ic-prisoner", 5);
    case "item": return [s("rect", { class: "ic-item", x: -3.6, y: -3.6, width: 7.2, height: 7.2, rx: 1 })];
    case "car": return carShape("ic-car", 11);
    case "event": return [s("polygon", { class: "ic-event", points: "0,-5.5 5.5,0 0,5.5 -5.5,0" }), s("text", { class: "ic-event-mark", y: 2.6 }, "!")];
    case "manhole": return [s("circle", { class: "ic-manhole", r: 4.8 }), s("path", { class: "ic-manhole-grid", d: "M-3,-2 H3 M-3.5,0 H3.5 M-3,2 H3" })];
    case "raft": return [s("rect", { class: "ic-raft", x: -5.5, y: -2, width: 11, height: 4.5, rx: 2 }), s("path", { class: "ic-raft-line", d: "M-2,-2 V2.5 M1.5,-2 V2.5" })];
    case "roadblock": return [s("rect", { class: "ic-roadblock", x: -5.5, y: -2.2, width: 11, height: 4.4, rx: 1 })];
    default: return [s("circle", { r: 3, fill: "#999" })];
  }
}

function buildingShapes(b) {
  switch (b) {
    case "surgery": return [s("circle", { class: "bd-surgery", r: 6.5 }), s("path", { class: "bd-cross", d: "M-3.5,0 H3.5 M0,-3.5 V3.5" })];
    case "gun_shop": return [s("circle", { class: "bd-gun", r: 6.5 }), s("circle", { class: "bd-sight", r: 3.2 }), s("path", { class: "bd-sight", d: "M-5,0 H5 M0,-5 V5" })];
    case "shelter": return [s("path", { class: "bd-shelter", d: "M-6,1 L0,-6 L6,1 L4.5,1 L4.5,6 L-4.5,6 L-4.5,1 Z" })];
    case "library": return [s("rect", { class: "bd-library", x: -6, y: -5, width: 12, height: 11, rx: 1 }), s("path", { class: "bd-columns", d: "M-3.5,-2 V4 M0,-2 V4 M3.5,-2 V4" })];
    default: return [];
  }
}

/** A small inline SVG of an icon, for the legend and the panels. */
function iconSvg(draw, size = 14, title = null) {
  return s("svg", { class: "ny-ic", width: size, height: size, viewBox: "-7 -7 14 14", "aria-hidden": title ? null : "true", role: title ? "img" : null },
    title ? s("title", {}, title) : null, ...draw);
}

// -- the map ---------------------------------------------------------------------------------

function mapBounds() {
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  for (const sp of MAP.spaces) {
    const [x, y] = centre(sp.id);
    x0 = Math.min(x0, x - R); x1 = Math.max(x1, x + R);
    y0 = Math.min(y0, y - APO); y1 = Math.max(y1, y + APO);
  }
  return { x0: x0 - R * 0.45, y0: y0 - R * 1.55, x1: x1 + R * 0.75, y1: y1 + R * 1.55 };
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {() => void} rerender
 */
function drawMap(view, ctx, ix, rerender) {
  const b = mapBounds();
  const W = b.x1 - b.x0;
  const H = b.y1 - b.y0;
  const targets = spaceTargets(view, ix);
  const svg = s("svg", {
    class: "ny-map", testid: "ny-map", viewBox: `${b.x0.toFixed(0)} ${b.y0.toFixed(0)} ${W.toFixed(0)} ${H.toFixed(0)}`,
    role: "img", "aria-label": "Manhattan: the map of Escape from New York",
  });
  svg.append(s("defs", {},
    s("linearGradient", { id: "ny-water", x1: "0", y1: "0", x2: "0", y2: "1" },
      s("stop", { offset: "0%", "stop-color": "#17405a" }), s("stop", { offset: "50%", "stop-color": "#1d5573" }), s("stop", { offset: "100%", "stop-color": "#153a52" })),
    s("pattern", { id: "ny-waves", width: 46, height: 22, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0,11 Q11.5,5 23,11 T46,11", class: "wave" })),
    s("pattern", { id: "ny-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 8, height: 8, class: "hatch-bg" }), s("path", { d: "M0,0 V8", class: "hatch-line" })),
    s("pattern", { id: "ny-trees", width: 14, height: 14, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 14, height: 14, class: "trees-bg" }), s("circle", { cx: 4, cy: 4, r: 2.4, class: "tree" }), s("circle", { cx: 11, cy: 10, r: 2, class: "tree" })),
    s("pattern", { id: "ny-blocks", width: 12, height: 12, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 12, height: 12, class: "blocks-bg" }), s("rect", { x: 1.5, y: 1.5, width: 4, height: 4, class: "block" }), s("rect", { x: 7.5, y: 6.5, width: 3.5, height: 4, class: "block" }))));
  svg.append(s("rect", { class: "ny-river", x: b.x0, y: b.y0, width: W, height: H }));
  svg.append(s("rect", { class: "ny-river-waves", x: b.x0, y: b.y0, width: W, height: H }));
  // the mainland beyond the right edge of the board: the way to the Bronx
  const edgeX = Math.max(...MAP.spaces.map((sp) => centre(sp.id)[0])) + R * 0.45;
  svg.append(s("g", { class: "ny-bronx" },
    s("rect", { x: edgeX, y: b.y0 + R * 0.9, width: b.x1 - edgeX, height: H - R * 1.8, rx: 6 }),
    s("text", { x: (edgeX + b.x1) / 2 + R * 0.2, y: (b.y0 + b.y1) / 2, transform: `rotate(90 ${(edgeX + b.x1) / 2 + R * 0.2} ${(b.y0 + b.y1) / 2})` }, "off the map: the Bronx ▸")));
  svg.append(s("text", { class: "ny-water-label", x: b.x0 + W * 0.3, y: b.y0 + R * 0.7 }, "HUDSON RIVER"));
  svg.append(s("text", { class: "ny-water-label", x: b.x0 + W * 0.62, y: b.y1 - R * 0.45 }, "EAST RIVER"));

  // the shore: every land space a little larger, under the tiles
  const shore = s("g", { class: "ny-shore" });
  for (const sp of MAP.spaces) {
    const [x, y] = centre(sp.id);
    shore.append(s("polygon", { points: hexPoints(x, y, R + 5) }));
  }
  svg.append(shore);


  const views = new Map(view.spaces.map((v) => [v.id, v]));
  const spaces = s("g", { class: "ny-spaces" });
  for (const sp of MAP.spaces) spaces.append(drawSpace(sp, views.get(sp.id) || { id: sp.id }, view, ctx, targets, rerender));
  svg.append(spaces);
  svg.append(drawBridges(view, ctx, ix));
  svg.append(drawNames(view));
  svg.append(drawRoadblocks(view));
  svg.append(drawPieces(view, ctx, ix, targets, rerender));
  return svg;
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function drawBridges(view, ctx, ix) {
  const g = s("g", { class: "ny-bridges" });
  for (const br of MAP.bridges || []) {
    const [cx, cy] = centre(br.space);
    const [x0, y0] = towards(cx, cy, br.side, 1);
    const len = R * 1.25;
    const a = rad(ANGLE[br.side]);
    const x1 = x0 + len * Math.cos(a);
    const y1 = y0 + len * Math.sin(a);
    const l = ix.bridge.get(br.number);
    const blocked = view.roadblocks.some((r) => r.space === br.space && r.side === br.side && r.up);
    g.append(s("g", {
      class: `ny-bridge${l ? " target" : ""}${blocked ? " blocked" : ""}`, testid: `bridge-${br.number}`,
      dataset: ds({ target: l ? "1" : null, space: br.space, side: br.side }),
      onclick: l && !ctx.busy ? () => ctx.act(l.action) : null,
    },
    s("title", {}, `Bridge ${br.number}: the ${br.name}, off ${spaceLabel(view, br.space)} (${SIDE_WORD[br.side]} side)${l ? ` — click: ${l.label}` : ""}`),
    s("line", { class: "deck-under", x1: x0, y1: y0, x2: x1, y2: y1 }),
    s("line", { class: "deck", x1: x0, y1: y0, x2: x1, y2: y1 }),
    s("line", { class: "deck-mid", x1: x0, y1: y0, x2: x1, y2: y1 }),
    s("circle", { class: "badge", cx: x1, cy: y1, r: 11 }),
    s("text", { class: "badge-n", x: x1, y: y1 + 4.5 }, String(br.number)),
    s("text", { class: "bridge-name", x: x1 - 15, y: y1 + 3.5 }, br.name)));
  }
  return g;
}

/**
 * @param {MapSpace} sp
 * @param {Partial<NewYork.Space>} v
 */
function spaceClass(sp, v) {
  if (sp.kind === "library") return "library";
  if (sp.kind === "wtc") return "wtc";
  if (v.poi) return v.poi === "face-down" ? "poi-down" : "poi-up";
  if (v.tile) return TILE[v.tile]?.deck === "park" ? "park-up" : "city-up";
  return sp.kind === "park" ? "park-down" : "city-down";
}

/**
 * @param {MapSpace} sp
 * @param {Partial<NewYork.Space>} v
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {Map<string, LegalAction[]>} targets
 * @param {() => void} rerender
 */
function drawSpace(sp, v, view, ctx, targets, rerender) {
  const [x, y] = centre(sp.id);
  const cls = spaceClass(sp, v);
  const ls = targets.get(sp.id) || [];
  const go = ls.length > 0;
  const tile = v.tile ? TILE[v.tile] : null;
  const poi = v.poi && v.poi !== "face-down" ? POI[v.poi] : null;
  const roads = tile ? tile.roads : poi || v.poi === "face-down" ? SIDES : [];
  const titleBits = [boardName(sp.id)];
  if (tile) titleBits.push(`${tile.name}${tile.building ? ` — ${BUILDING_WORD[tile.building]}` : ""}${tile.icons.length ? `; printed: ${tile.icons.map((i) => ICON_WORD[i] || i).join(", ")}` : ""}${tile.roadblock ? `; Roadblock on the ${SIDE_WORD[tile.roadblock]} road` : ""}`);
  else if (poi) titleBits.push(`the POI ${poi.name}: ${poi.text}`);
  else if (v.poi === "face-down") titleBits.push(v.poi_seen ? `a face-down POI (you looked: ${POI[v.poi_seen]?.name ?? "a POI"})` : "a face-down POI");
  else titleBits.push(sp.kind === "park" ? "Central Park, not revealed yet" : "a City space, not revealed yet");
  if (tile?.trap && tile.module === "traps") titleBits.push(`Trap: ${tile.trap}`);
  if (go) titleBits.push(`click: ${[...new Set(ls.map((l) => l.label))].join(" / ")}`);
  const g = s("g", {
    class: `ny-space ${cls}${go ? " target" : ""}${ui.chooser?.key === `space:${sp.id}` ? " chosen" : ""}`,
    testid: `space-${sp.id}`,
    dataset: ds({ kind: sp.kind, revealed: v.revealed ? "1" : "0", tile: v.tile, poi: v.poi, suburb: v.suburb, target: go ? "1" : null, kinds: go ? [...new Set(ls.map((l) => l.action.kind))].join(",") : null }),
    onclick: go && !ctx.busy ? () => choose(ctx, `space:${sp.id}`, ls, rerender) : null,
  }, s("title", {}, titleBits.join(" — ")));
  g.append(s("polygon", { class: "hex", points: hexPoints(x, y, R) }));
  if (cls === "city-down" || cls === "park-down") g.append(s("polygon", { class: "hex-tex", points: hexPoints(x, y, R - 3) }));
  // the printed roads, from the centre to each side with a road
  if (roads.length) {
    const rg = s("g", { class: "roads" });
    for (const side of roads) {
      const [ex, ey] = towards(x, y, side, 1.0);
      rg.append(s("line", { class: "road", testid: `road-${sp.id}-${side}`, x1: x, y1: y, x2: ex, y2: ey }));
    }
    for (const side of roads) {
      const [ex, ey] = towards(x, y, side, 1.0);
      rg.append(s("line", { class: "road-line", x1: x, y1: y, x2: ex, y2: ey }));
    }
    rg.append(s("circle", { class: "junction", cx: x, cy: y, r: R * 0.2 }));
    g.append(rg);
  }
  if (cls === "library") {
    g.append(s("g", { class: "lib-mark", transform: `translate(${x} ${y + 2}) scale(1.6)` }, ...buildingShapes("library")));
  } else if (cls === "wtc") {
    g.append(s("rect", { class: "tower", x: x - 10, y: y - 24, width: 8, height: 30 }),
      s("rect", { class: "tower", x: x + 2, y: y - 24, width: 8, height: 30 }));
  } else if (cls === "poi-down") {
    g.append(s("polygon", { class: "poi-back", points: hexPoints(x, y - 3, R * 0.42) }),
      s("text", { class: "poi-back-star", x, y: y - 6 }, "★"),
      s("text", { class: "poi-back-text", x, y: y + 7 }, "POI"));
    if (v.poi_seen) {
      g.append(s("text", { class: "poi-seen", testid: `poi-seen-${sp.id}`, x, y: y + R * 0.56 }, `seen: ${POI[v.poi_seen]?.name ?? "a POI"}`));
    }
  }
  // printed icons and the Building, in a row near the top
  const icons = [];
  if (tile?.building && tile.building !== "library") icons.push(["b", tile.building]);
  if (poi?.building) icons.push(["b", poi.building]);
  for (const i of tile ? tile.icons : poi ? poi.icons : []) icons.push(["i", i]);
  if (tile?.roadblock) icons.push(["i", "roadblock"]);
  if (icons.length) {
    const ig = s("g", { class: "printed" });
    const gap = 12.5;
    const iy = y - R * 0.56;
    ig.append(s("rect", { class: "plate", x: x - (icons.length * gap) / 2 - 1.5, y: iy - 7.5, width: icons.length * gap + 3, height: 15, rx: 4 }));
    icons.forEach(([t, name], k) => {
      const ix0 = x + (k - (icons.length - 1) / 2) * gap;
      ig.append(s("g", { class: t === "b" ? "bd" : "ic", transform: `translate(${ix0.toFixed(1)} ${(y - R * 0.56).toFixed(1)})` },
        ...(t === "b" ? buildingShapes(name) : iconShapes(name))));
    });
    g.append(ig);
  }
  const board = boardName(sp.id);
  if (board !== v.called || !(tile || poi)) {
    const long = board.length > 15;
    g.append(s("text", { class: "space-id", x, y: y - R * 0.2, ...(long ? { textLength: R * 1.5, lengthAdjust: "spacingAndGlyphs" } : {}) }, board));
  }
  if (go) g.append(s("polygon", { class: "halo", points: hexPoints(x, y, R - 2.5) }));
  return g;
}

/**
 * The names of the face-up spaces, above every tile so a long one may overhang.
 * @param {NewYork.View} view
 */
function drawNames(view) {
  const g = s("g", { class: "ny-names" });
  for (const v of view.spaces) {
    const sp = SPACE.get(v.id);
    if (!sp) continue;
    const tile = v.tile ? TILE[v.tile] : null;
    const poi = v.poi && v.poi !== "face-down" ? POI[v.poi] : null;
    const name = sp.kind === "library" ? "Public Library" : tile ? tile.name : poi ? poi.name : null;
    if (!name) continue;
    const [x, y] = centre(v.id);
    const long = name.length > 13;
    g.append(s("text", { class: `space-name${sp.kind === "library" ? " lib" : ""}`, x, y: y + R * 0.78, ...(long ? { textLength: Math.min(74, name.length * 4.6), lengthAdjust: "spacingAndGlyphs" } : {}) }, name));
  }
  return g;
}

/**
 * @param {NewYork.View} view
 */
function drawRoadblocks(view) {
  const g = s("g", { class: "ny-roadblocks" });
  for (const rb of view.roadblocks || []) {
    const [cx, cy] = centre(rb.space);
    const [mx, my] = towards(cx, cy, rb.side, 1);
    const ang = ANGLE[rb.side] + 90;
    g.append(s("g", {
      class: `ny-roadblock${rb.up ? " up" : " down"}`, testid: `roadblock-${rb.space}-${rb.side}`,
      dataset: ds({ up: rb.up ? "1" : "0" }), transform: `translate(${mx.toFixed(1)} ${my.toFixed(1)}) rotate(${ang})`,
    },
    s("title", {}, `${rb.up ? "A Roadblock" : "A destroyed Roadblock"} on the ${SIDE_WORD[rb.side]} road of ${spaceLabel(view, rb.space)}${BRIDGE_AT.has(`${rb.space}|${rb.side}`) ? ` (Bridge ${BRIDGE_AT.get(`${rb.space}|${rb.side}`).number})` : ""}`),
    s("rect", { class: "bar", x: -16, y: -4.5, width: 32, height: 9, rx: 2 }),
    rb.up ? s("path", { class: "stripes", d: "M-10,-4.5 L-14,4.5 M-2,-4.5 L-6,4.5 M6,-4.5 L2,4.5 M14,-4.5 L10,4.5" }) : null));
  }
  return g;
}

// -- pieces ----------------------------------------------------------------------------------

/**
 * @param {NewYork.View} view
 * @returns {Map<string, EnemyStack[]>}
 */
function enemyStacks(view) {
  // space -> [{kind, ids, count, hp, damage, tricked}]
  const out = new Map();
  const put = (space, st) => {
    if (!out.has(space)) out.set(space, []);
    out.get(space).push(st);
  };
  const groups = new Map();
  for (const e of view.enemies || []) {
    const kind = BOSS.has(e.id) ? "boss" : e.id.startsWith("car") ? "car" : "prisoner";
    if (kind === "prisoner") {
      const key = `${e.space}|${e.damage || 0}|${e.tricked ? 1 : 0}`;
      if (!groups.has(key)) {
        const st = { kind, ids: [], names: [], space: e.space, damage: e.damage || 0, tricked: !!e.tricked };
        groups.set(key, st);
        put(e.space, st);
      }
      groups.get(key).ids.push(e.id);
      groups.get(key).names.push(e.name);
    } else {
      put(e.space, { kind, ids: [e.id], names: [e.name], space: e.space, damage: e.damage || 0, hp: e.hp, tricked: !!e.tricked });
    }
  }
  return out;
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {Map<string, LegalAction[]>} targets
 * @param {() => void} rerender
 */
function drawPieces(view, ctx, ix, targets, rerender) {
  const g = s("g", { class: "ny-pieces" });
  const stacks = enemyStacks(view);
  const heroesAt = new Map();
  (view.heroes || []).forEach((hv) => {
    if (!heroesAt.has(hv.space)) heroesAt.set(hv.space, []);
    heroesAt.get(hv.space).push(hv);
  });
  const casesAt = new Map();
  for (const c of view.case_spaces || []) {
    if (c.token && c.token !== "home") {
      if (!casesAt.has(c.token)) casesAt.set(c.token, []);
      casesAt.get(c.token).push(c.case);
    }
  }
  const whiteCars = new Map();
  (view.abandoned_cars || []).forEach((sp, i) => {
    if (!whiteCars.has(sp)) whiteCars.set(sp, []);
    whiteCars.get(sp).push(i);
  });
  const duke = (view.spaces || []).find((v) => v.poi === "duke-camp");
  const presidentWaiting = duke && !view.president?.found && view.president?.holder < 0 && !view.president?.dead;
  const heliport = MAP.spaces.find((sp) => sp.transport === "helicopter");

  for (const sp of MAP.spaces) {
    const [x, y] = centre(sp.id);
    /** @type {Partial<NewYork.Space>} */
    const v = view.spaces.find((q) => q.id === sp.id) || {};
    const spaceGo = targets.get(sp.id);
    const pass = spaceGo && spaceGo.length && !ctx.busy ? () => choose(ctx, `space:${sp.id}`, spaceGo, rerender) : null;
    // the Heliport pad under everything else
    if (heliport && heliport.id === sp.id) {
      g.append(s("g", { class: "ny-heliport", testid: "heliport", transform: `translate(${x} ${y + R * 0.1})` },
        s("title", {}, "the Heliport (Central Park's centre)"),
        s("circle", { r: 17 }), s("text", { y: 6 }, "H")));
    }
    // Heroes: a row a little above the centre
    const hs = heroesAt.get(sp.id) || [];
    hs.forEach((hv, k) => {
      const hx = x + (k - (hs.length - 1) / 2) * (hs.length > 3 ? 18 : 21);
      g.append(heroPiece(view, ctx, hv, hx, y - R * 0.14, pass));
    });
    // Enemies: a row below the centre
    const es = stacks.get(sp.id) || [];
    const w = es.length;
    es.forEach((st, k) => {
      const ex = x + (k - (w - 1) / 2) * (w > 3 ? 16 : 21);
      g.append(enemyPiece(view, ctx, ix, st, ex, y + R * 0.36, pass, rerender));
    });
    // Item cubes, Case tokens, white Cars, the Gullfire, the Helicopter, Suburb tokens
    if (v.items) {
      g.append(s("g", { class: "ny-cubes", testid: `cubes-${sp.id}`, dataset: ds({ count: v.items }), transform: `translate(${x + R * 0.62} ${y + R * 0.1})`, onclick: pass },
        s("title", {}, `${plural(v.items, "Item cube")} in ${spaceLabel(view, sp.id)}`),
        s("rect", { class: "cube", x: -6, y: -6, width: 12, height: 12, rx: 2 }),
        s("text", { y: 4 }, String(v.items))));
    }
    (casesAt.get(sp.id) || []).forEach((n, k) => {
      g.append(s("g", { class: "ny-case-token", testid: `case-token-${n}`, dataset: ds({ space: sp.id }), transform: `translate(${x - R * 0.64} ${y + R * 0.04 + k * 14})`, onclick: pass },
        s("title", {}, `Case token ${n}`),
        s("rect", { class: "case", x: -7.5, y: -5, width: 15, height: 11, rx: 2 }),
        s("path", { class: "handle", d: "M-3,-5 V-7.5 H3 V-5" }),
        s("text", { y: 3.8 }, String(n))));
    });
    (whiteCars.get(sp.id) || []).forEach((i, k) => {
      g.append(s("g", { class: "ny-car white", testid: `car-white-${i}`, dataset: ds({ space: sp.id }), transform: `translate(${x + R * 0.5 + k * 5} ${y + R * 0.42 - k * 5})`, onclick: pass },
        s("title", {}, "an abandoned Car (white base): a Hero may take it"), ...carShape("car", 20)));
    });
    if (view.gullfire === sp.id) {
      g.append(s("g", { class: "ny-gullfire", testid: "gullfire", transform: `translate(${x + R * 0.52} ${y - R * 0.42})`, onclick: pass },
        s("title", {}, "the Gullfire (a glider: a way out)"),
        s("path", { d: "M-11,3 L0,-6 L11,3 L0,0 Z" })));
    }
    if (view.helicopter?.space === sp.id) {
      const landed = !!view.helicopter.landed;
      g.append(s("g", { class: `ny-helicopter${landed ? " landed" : ""}`, testid: "helicopter", dataset: ds({ space: sp.id, landed: landed ? "1" : "0" }), transform: `translate(${x + R * 0.5} ${y - R * 0.38})`, onclick: pass },
        s("title", {}, landed ? "the Helicopter, landed: a way out" : "the Helicopter, circling (it lands with Hurry Up)"),
        s("ellipse", { class: "cab", cx: 0, cy: 1, rx: 7, ry: 4.5 }),
        s("path", { class: "tail", d: "M6,0 L14,-2 L14,1 L6,3 Z" }),
        s("path", { class: "rotor", d: "M-11,-5.5 H11 M0,-5.5 V-3" })));
    }
    if (v.suburb) {
      const up = v.suburb !== "face-down";
      g.append(s("g", { class: `ny-suburb${up ? " up" : ""}`, testid: `suburb-${sp.id}`, dataset: ds({ state: v.suburb }), transform: `translate(${x - R * 0.56} ${y + R * 0.42})`, onclick: pass },
        s("title", {}, up ? `Suburb token: ${ICON_WORD[v.suburb] || v.suburb}` : "a face-down Suburb token"),
        s("circle", { r: 7.5 }),
        up ? s("g", { transform: "scale(0.85)" }, ...iconShapes(v.suburb)) : s("text", { y: 3.3 }, "S")));
    }
    if (presidentWaiting && duke.id === sp.id) {
      g.append(s("g", { class: "ny-president-token", testid: "president-token", transform: `translate(${x} ${y - R * 0.5})`, onclick: pass },
        s("title", {}, "the President is held here"), s("circle", { r: 7 }), s("text", { y: 3.6 }, "★")));
    }
  }
  return g;
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {NewYork.Hero} hv
 * @param {number} x
 * @param {number} y
 * @param {(() => void) | null} pass a click on the piece is one on its space
 */
function heroPiece(view, ctx, hv, x, y, pass) {
  const col = colourOf(hv.seat);
  const ini = (HERO.get(hv.hero)?.name ?? "?").slice(0, 2);
  const car = hv.car;
  const current = view.current === hv.seat;
  const title = `${ctx.seatName(hv.seat)}${car ? `, driving ${car === "taxi" ? "the Taxi" : "a Car"}` : ""}${hv.president ? ", with the President" : ""}${current ? " — playing now" : ""}`;
  const parts = [s("title", {}, title)];
  if (car) {
    // the Hero at the wheel: a Car in the seat's colour, the figure on its roof
    parts.push(s("g", { class: "hero-car", transform: "translate(0 5)" }, ...carShape("car", 31)),
      s("g", { transform: "translate(0 -3) scale(0.8)" }, s("circle", { class: "ring", r: 10.5 }), s("circle", { class: "disc", r: 8.8 }), s("text", { class: "ini", y: 3.3 }, ini)));
  } else {
    parts.push(s("circle", { class: "ring", r: 10.5 }), s("circle", { class: "disc", r: 8.8 }), s("text", { class: "ini", y: 3.3 }, ini));
  }
  if (hv.president) parts.push(s("text", { class: "pres", x: 8, y: -6 }, "★"));
  return s("g", {
    class: `ny-hero seat-${col}${current ? " current" : ""}${car ? " in-car" : ""}`, testid: `hero-${hv.seat}`,
    dataset: ds({ space: hv.space, car: car || "" }), transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
    onclick: pass,
  }, ...parts);
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {EnemyStack} st
 * @param {number} x
 * @param {number} y
 * @param {(() => void) | null} pass
 * @param {() => void} rerender
 */
function enemyPiece(view, ctx, ix, st, x, y, pass, rerender) {
  const ls = st.ids.flatMap((id) => ix.enemy.get(id) || []);
  const tricks = ls.filter((l) => l.action.kind === "trick");
  const others = ls.filter((l) => l.action.kind !== "trick");
  const first = st.ids[0];
  const selected = ui.trick && st.ids.includes(ui.trick);
  let onclick = null;
  if (others.length) onclick = () => choose(ctx, `enemy:${first}`, others, rerender);
  else if (tricks.length) {
    const id = tricks[0].action.enemy;
    onclick = () => { ui.trick = ui.trick === id ? null : id; ui.chooser = null; rerender(); };
  } else onclick = pass;
  const go = ls.length > 0;
  const boss = st.kind === "boss" ? BOSS.get(first) : null;
  let title;
  if (boss) title = `${boss.name}: ${st.hp} of ${boss.hp} Hit Points, ${boss.damage} damage, range ${boss.range}, movement ${boss.move}`;
  else if (st.kind === "car") title = `${st.names[0]} (a Car on a red base)${st.damage ? `, ${st.damage} damage taken` : ""}`;
  else title = `${st.names.join(", ")}${st.damage ? ` (${st.damage} damage taken)` : ""}`;
  if (st.tricked) title += ", tricked this turn";
  if (go) title += ` — click: ${[...new Set(ls.map((l) => l.label))].join(" / ")}`;
  const parts = [s("title", {}, title)];
  if (go) parts.push(s("circle", { class: "halo", r: st.kind === "boss" ? 14 : 12 }));
  if (st.kind === "prisoner") {
    parts.push(...pawn("prisoner", 10.5));
    if (st.ids.length > 1) parts.push(s("circle", { class: "count-bg", cx: 8, cy: -9, r: 6.5 }), s("text", { class: "count", x: 8, y: -6 }, String(st.ids.length)));
  } else if (st.kind === "car") {
    parts.push(s("g", { class: "ny-car red" }, ...carShape("car", 22)), s("g", { transform: "translate(0 -6) scale(0.55)" }, ...pawn("prisoner", 9)));
  } else {
    parts.push(s("circle", { class: "boss-ring", r: 12 }), s("text", { class: "boss-ini", y: 4.3 }, (boss?.name || first).replace(/^The /, "")[0]),
      s("circle", { class: "hp-bg", cx: 10, cy: -10, r: 6.8 }), s("text", { class: "hp", x: 10, y: -7.2 }, String(st.hp ?? "?")));
  }
  if (st.damage && st.kind !== "boss") parts.push(s("text", { class: "dmg", x: -9, y: -6 }, `−${st.damage}`));
  if (st.tricked) parts.push(s("path", { class: "tricked", d: "M-10,10 q3,-4 6,0 t6,0 t6,0" }));
  return s("g", {
    class: `ny-enemy k-${st.kind}${go ? " target" : ""}${selected ? " selected" : ""}`, testid: `enemy-${first}`,
    dataset: ds({ enemies: st.ids.join(" "), count: st.ids.length, space: st.space, kind: st.kind, hp: st.hp ?? null, target: go ? "1" : null }),
    transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
    onclick: onclick && !ctx.busy ? (e) => { e.stopPropagation(); onclick(); } : null,
  }, ...parts);
}

// -- the controls ----------------------------------------------------------------------------

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {() => void} rerender
 */
function controls(view, ctx, ix, rerender) {
  const box = h("section", { class: "ny-controls", testid: "ny-controls", "aria-label": "your decision" });
  const p = view.pending;
  const mine = (ctx.legal || []).length > 0;
  box.append(h("p", { class: "ny-prompt", testid: "ny-prompt", dataset: ds({ key: p?.key }) },
    p ? promptFor(p, ctx.legal, ctx.seatName) : "The game is over."));
  if (!mine) {
    box.classList.add("idle");
    return box;
  }
  const hints = [];
  if (ix.play.size) hints.push("Click a card in your hand to play it face down.");
  if (ix.reveal.size || ix.ability.size) hints.push("Click a played card to reveal it, or use your Personal Ability instead.");
  const spaceKinds = new Set([...ix.space.values()].flat().map((l) => l.action.kind));
  if (spaceKinds.has("move") || spaceKinds.has("crash")) hints.push("Click a lit space to move there.");
  if (spaceKinds.has("reveal_space")) hints.push("Click a lit space to reveal it.");
  if (spaceKinds.has("place") || spaceKinds.has("route") || spaceKinds.has("helicopter")) hints.push("Click a lit space to choose it.");
  if (spaceKinds.has("reveal_poi") || spaceKinds.has("peek_poi")) hints.push("Click a lit face-down POI.");
  if (ix.bridge.size) hints.push("Click the lit bridge to attempt the crossing.");
  const kinds = new Set([...ix.enemy.values()].flat().map((l) => l.action.kind));
  if (kinds.has("hit")) hints.push("Click a lit Enemy to deal it 1 damage.");
  if (kinds.has("pick")) hints.push("Click the Enemy New York moves next.");
  if (kinds.has("trick")) hints.push(ui.trick ? `Tricking ${enemyName(view, ui.trick)}: click a lit space to send it there.` : "Click an Enemy to trick, then where it goes.");
  if (hints.length) box.append(h("p", { class: "ny-hint", testid: "ny-hint" }, hints.join(" ")));

  // choices that need their cards shown: Specials, drawn Items, objectives
  if (ix.special.size) {
    box.append(h("div", { class: "ny-choice-cards" }, [...ix.special.entries()].map(([id, l]) => actionCard(id, null, {
      testid: "special-card", extra: btn(view, ctx, l, "take it", { class: "primary" }),
    }))));
  }
  if (ix.keep.size) {
    box.append(h("div", { class: "ny-choice-cards" }, [...ix.keep.entries()].map(([id, l]) => supplyCard(id, null, {
      testid: "drawn-item", buttons: [btn(view, ctx, l, "keep", { class: "primary" })],
    }))));
  }
  if (ix.objective.size) {
    box.append(h("div", { class: "ny-choice-cards" }, [...ix.objective.entries()].map(([id, l]) => objectiveCard(id, {
      testid: "objective-choice", buttons: [btn(view, ctx, l, "take it", { class: "primary" })],
    }))));
  }
  if (ui.chooser) {
    const { key, ls } = ui.chooser;
    const [what, id] = key.split(":");
    box.append(h("div", { class: "ny-chooser", testid: "ny-chooser", role: "group" },
      h("span", { class: "row-label" }, what === "space" ? `${spaceLabel(view, id)}:` : `${enemyName(view, id)}:`),
      ls.map((l) => btn(view, ctx, l, null, { class: "primary" })),
      h("button", { type: "button", class: "btn small", onclick: () => { ui.chooser = null; rerender(); } }, "cancel")));
  }
  // every legal action as a button, grouped
  const byGroup = new Map();
  for (const l of ctx.legal) {
    const g = GROUP_OF.get(l.action.kind) || "turn";
    if (!byGroup.has(g)) byGroup.set(g, []);
    byGroup.get(g).push(l);
  }
  const groups = h("div", { class: "ny-groups" });
  for (const [g, title] of GROUPS) {
    const ls = byGroup.get(g);
    if (!ls) continue;
    groups.append(h("div", { class: `ny-group g-${g}`, testid: `ny-group-${g}` },
      h("span", { class: "group-name" }, title),
      h("span", { class: "group-acts" }, ls.map((l) => btn(view, ctx, l, null, { class: l.action.kind === "done" ? "" : "primary" })))));
  }
  box.append(groups);
  return box;
}

// -- cards -----------------------------------------------------------------------------------

/**
 * @param {number} n
 */
function noiseMarks(n) {
  return h("span", { class: "noise", title: `${plural(n, "Noise icon")}` }, n ? "◖".repeat(n) : "silent");
}

/**
 * @param {string} id
 * @param {number | null} seat
 * @param {{testid?: string, playL?: LegalAction | null, ctx?: TableCtx | null, extra?: Node | Node[] | null, cls?: string}} [options]
 */
function actionCard(id, seat, { testid = "hand-card", playL = null, ctx = null, extra = null, cls = "" } = {}) {
  const c = CARD[id] || { name: "a card", type: "special", noise: 0, text: "" };
  const attrs = {
    class: `ny-card type-${c.type}${playL ? " playable" : ""} ${cls}`, testid,
    dataset: ds({ hand: seat, card: id, kind: playL ? playL.action.kind : null }),
    title: playL ? playL.label : `${c.name}: ${c.text}`,
  };
  if (playL && ctx) {
    attrs.type = "button";
    attrs.disabled = ctx.busy;
    attrs.onclick = () => ctx.act(playL.action);
  }
  const body = [
    h("span", { class: "card-top" }, h("span", { class: "type", title: c.type }, TYPE_MARK[c.type] || "•"), h("b", { class: "card-name" }, c.name), noiseMarks(c.noise)),
    h("span", { class: "card-text" }, c.text),
    c.set && c.set !== "basic" ? h("span", { class: "card-set" }, c.set === "special" ? "Special" : "extra Special") : null,
    extra ? h("span", { class: "card-acts" }, extra) : null,
  ];
  return h(playL ? "button" : "div", attrs, ...body);
}

/**
 * @param {string} id
 * @param {number | null} slot
 * @param {{testid?: string, buttons?: HTMLElement[], cls?: string}} [options]
 */
function supplyCard(id, slot, { testid = "supply-card", buttons = [], cls = "" } = {}) {
  const it = ITEM[id];
  const cs = CASE[id];
  let kind = it ? it.kind : cs ? "case" : id === "president" ? "president" : id;
  let name = itemName(id);
  let text = it ? it.text : cs ? cs.text : "";
  if (id === "item" || id === "case") { // a back: another Hero's face-down card
    name = id === "item" ? "Item" : "Case";
    text = "face down";
    kind = `${id} back`;
  }
  if (it?.kind === "weapon") text = weaponText(it);
  if (it?.kind === "diagram") text = `The plan of Bridge ${it.bridge}: show it to cross that bridge together.`;
  if (cs && !cs.text) text = id === "tape" ? "Needed for the Collective Victory." : "No effect: a decoy, and an objective's target.";
  if (id === "president") text = "Needed for the Collective Victory; never discarded.";
  if (it?.kind === "item" && it.noise) text += ` ${plural(it.noise, "Noise")}.`;
  return h("div", { class: `ny-supply-card k-${kind.replace(" ", "-")} ${cls}`, testid, dataset: ds({ card: id, slot }) },
    h("b", {}, name), h("span", { class: "card-text" }, text), buttons.length ? h("span", { class: "card-acts" }, buttons) : null);
}

/**
 * @param {any} it an Item of the assets
 */
function weaponText(it) {
  const bits = [it.text.replace(/\.$/, "")];
  if (it.ammo) bits.push(`${it.ammo} Ammo, ${it.ammo_per_use} per use`);
  else if (it.per_turn) bits.push(`${it.per_turn === 1 ? "once" : `${it.per_turn} times`} a turn`);
  bits.push(it.noise ? plural(it.noise, "Noise") : "silent");
  if (it.keeps) bits.push("once revealed it cannot pay a Level Bar");
  return `${bits.join("; ")}.`;
}

/**
 * @param {string} id
 * @param {{testid?: string, buttons?: HTMLElement[]}} [options]
 */
function objectiveCard(id, { testid = "ny-objective", buttons = [] } = {}) {
  const o = OBJ[id];
  if (!o) return h("div", { class: "ny-objective unknown", testid }, "?");
  const need = o.transport ? `escape by ${o.transport === "gullfire" ? "the Gullfire" : o.transport === "helicopter" ? "the landed Helicopter" : "a Raft"}`
    : o.card === "wanted" ? "hold a Wanted card" : `reveal ${itemName(o.card)}`;
  return h("div", { class: `ny-objective c-${o.colour}`, testid, dataset: ds({ objective: id }) },
    h("b", {}, o.name), h("span", { class: "card-text" }, need), buttons.length ? h("span", { class: "card-acts" }, buttons) : null);
}

// -- New York's board ----------------------------------------------------------------------------

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 */
function nyBoard(view, ctx) {
  const ny = view.new_york;
  const noise = h("div", { class: "ny-track noise-track", testid: "ny-noise", dataset: ds({ value: view.noise }) },
    h("span", { class: "track-name" }, "Noise"),
    h("span", { class: "cells" }, Array.from({ length: NOISE_MAX + 1 }, (_, i) => h("span", { class: `cell${i === view.noise ? " on" : ""}${i <= view.noise ? " filled" : ""}` }, String(i)))));
  const mission = h("div", { class: "ny-track mission", testid: "ny-mission", dataset: ds({ value: view.mission }) },
    h("span", { class: "track-name", title: "Noise beyond 10 moves a Mission cube right; the last one reveals a Timer tile" }, "Mission"),
    h("span", { class: "box left" }, Array.from({ length: MISSION_CUBES - view.mission }, () => h("span", { class: "mcube" }))),
    h("span", { class: "arrow" }, "→"),
    h("span", { class: "box right" }, Array.from({ length: view.mission }, () => h("span", { class: "mcube" }))));
  const track = A.event_track || [1, 2, 2, 3];
  const events = h("div", { class: "ny-track event-level", testid: "ny-event-level", dataset: ds({ position: view.event_position, level: view.event_level }) },
    h("span", { class: "track-name", title: "Event cards drawn at a time" }, "Event Level"),
    h("span", { class: "cells" }, track.map((n, i) => h("span", { class: `cell${i === view.event_position ? " on" : ""}` }, String(n)))));

  const t = view.timer;
  const black = Math.max(0, (t.left || 0) - (t.red_left || 0) - (view.hurry_up ? 0 : 1));
  const lastGone = (t.gone || []).length ? t.gone[t.gone.length - 1] : null;
  const timer = h("div", { class: `ny-timer${t.top_red ? " red-top" : ""}`, testid: "ny-timer", dataset: ds({ left: t.left, red: t.red_left, hurry: view.hurry_up ? "1" : "0" }) },
    h("span", { class: "track-name" }, "Timer"),
    h("span", { class: "timer-strip", title: `${t.left} Timer tiles left: ${black} black, ${view.hurry_up ? "Hurry Up revealed" : "Hurry Up"}, ${t.red_left} red` },
      Array.from({ length: black }, () => h("span", { class: "tt black" })),
      view.hurry_up ? null : h("span", { class: "tt hurry" }, "HU"),
      Array.from({ length: t.red_left || 0 }, () => h("span", { class: "tt red" }))),
    h("span", { class: "small" }, ` ${t.left} left`, view.hurry_up ? h("b", { class: "hurry-on" }, " · Hurry Up!") : null, t.top_red ? h("b", { class: "red-on" }, " · a red tile is on top") : null),
    lastGone ? h("span", { class: "small muted gone", title: (t.gone || []).map((x) => TIMER[x]?.name ?? "a Timer tile").join(", ") }, ` · last: ${TIMER[lastGone]?.name ?? "a Timer tile"} — ${TIMER[lastGone]?.text ?? ""}`) : null);

  const back = ny.top_back;
  const deck = h("div", { class: "ny-deck-row" },
    h("div", { class: "ny-deck", testid: "ny-deck", dataset: ds({ count: ny.deck }) },
      h("span", { class: "track-name" }, "New York deck"),
      h("span", { class: "pile" }, h("b", {}, String(ny.deck ?? 0)), " cards"),
      ny.specials_aside ? h("span", { class: "small muted" }, ` · ${plural(ny.specials_aside, "Special card")} aside`) : null,
      (ny.discards || []).length ? h("span", { class: "small muted", title: ny.discards.map((x) => NYC[x]?.name ?? "a card").join(", ") }, ` · last played: ${NYC[ny.discards[ny.discards.length - 1]]?.name ?? "?"}`) : null),
    back ? topBack(back) : null);
  const bonus = h("div", { class: "ny-bonus", testid: "ny-bonus", dataset: ds({ count: (ny.bonus || []).length }) },
    h("span", { class: "track-name" }, "Prisoner Bonuses"),
    (ny.bonus || []).length ? ny.bonus.map((id) => h("span", { class: "chip bonus", title: NYC[id]?.text ?? "" }, `${NYC[id]?.name ?? "a New York card"}: ${NYC[id]?.text ?? ""}`)) : h("span", { class: "small muted" }, " none in force"));

  const bosses = h("div", { class: "ny-bosses" }, [...BOSS.values()].map((b) => {
    const where = view.bosses?.[b.id] ?? "waiting";
    const e = (view.enemies || []).find((x) => x.id === b.id);
    const hp = e ? e.hp : where === "gone" ? 0 : b.hp;
    return h("div", { class: `ny-boss st-${where === "waiting" || where === "gone" ? where : "map"}`, testid: `ny-boss-${b.id}`, dataset: ds({ state: where, hp }), title: `${b.ability.name}: ${b.ability.text}` },
      h("b", {}, b.name), h("span", { class: "small muted" }, ` ${b.damage} dmg · range ${b.range} · move ${b.move}`),
      h("span", { class: "hp-track" }, Array.from({ length: b.hp }, (_, i) => h("span", { class: `hp${i < hp ? " on" : ""}` }))),
      h("span", { class: "small" }, where === "waiting" ? " not in play" : where === "gone" ? " defeated" : ` in ${spaceLabel(view, where)}`));
  }));

  const cases = h("div", { class: "ny-cases" }, h("span", { class: "track-name" }, "Case spaces"),
    (view.case_spaces || []).map((c) => h("span", {
      class: `ny-case-slot${c.card ? " card" : ""}${c.token === "home" ? " home" : ""}`, testid: `ny-case-${c.case}`,
      dataset: ds({ card: c.card ? "1" : "0", token: c.token }),
      title: `Case space ${c.case}: ${c.card ? "its Case card lies here (face down)" : "empty: its card is in play"}; token ${c.token === "home" ? "at home" : `in ${spaceLabel(view, c.token)}`} (${(A.case_holders || {})[c.case] ?? ""})`,
    }, h("b", {}, String(c.case)), c.token === "home" ? " ▣" : ` ${boardName(c.token)}`)));

  const pres = view.president;
  const presText = pres.dead ? "the President is dead" : pres.holder >= 0 ? `with ${ctx.seatName(pres.holder)}` : pres.found ? "found" : "held at the Duke's Camp";
  const misc = h("div", { class: "ny-supplies", testid: "ny-supplies" },
    h("span", { class: "chip", testid: "ny-president", dataset: ds({ holder: pres.holder, found: pres.found ? "1" : "0" }) }, "★ President: ", presText),
    h("span", { class: "chip" }, `Gullfire: ${view.gullfire ? `in ${spaceLabel(view, view.gullfire)}` : "destroyed"}`),
    h("span", { class: "chip" }, `Helicopter: ${view.helicopter.landed ? "landed in" : "circling over"} ${spaceLabel(view, view.helicopter.space)}`),
    h("span", { class: "chip" }, `Prisoners left: ${view.prisoner_supply}`),
    h("span", { class: "chip" }, `Cars in supply: ${view.cars_in_supply}`),
    h("span", { class: "chip" }, `Items: ${view.items?.deck} deck / ${view.items?.discards} discarded`),
    h("span", { class: "chip", title: (view.events?.discards || []).map((x) => EVENT[x]?.name ?? "an Event").join(", ") }, `Events: ${view.events?.deck} deck / ${(view.events?.discards || []).length} out`),
    h("span", { class: "chip" }, `Tiles: ${view.tiles?.city} City, ${view.tiles?.park} Park`));
  return h("section", { class: "ny-panel ny-board", testid: "ny-board", "aria-label": "New York's board" },
    h("h3", {}, "New York"), noise, mission, events, timer, deck, bonus, bosses, cases, misc);
}

/**
 * @param {NewYork.CardBack} back
 */
function topBack(back) {
  const r = 20;
  const svg = s("svg", { class: "ny-back-svg", viewBox: "-32 -32 64 64", width: 62, height: 62, "aria-hidden": "true" },
    s("defs", {}, s("marker", { id: "ny-pull-head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      s("path", { d: "M0,0 L10,5 L0,10 Z", class: "pull-head" }))),
    s("polygon", { class: "hex", points: hexPoints(0, 0, r) }));
  const ap = (r * SQ) / 2;
  for (const side of back.pull || []) {
    const a = rad(ANGLE[side]);
    svg.append(s("line", { class: "pull", x1: Math.cos(a) * (ap + 11), y1: Math.sin(a) * (ap + 11), x2: Math.cos(a) * 9, y2: Math.sin(a) * 9, "marker-end": "url(#ny-pull-head)" }));
  }
  if (back.roadblock) {
    const a = ANGLE[back.roadblock];
    const [mx, my] = [Math.cos(rad(a)) * ap, Math.sin(rad(a)) * ap];
    svg.append(s("rect", { class: "rb", x: -7, y: -2.5, width: 14, height: 5, transform: `translate(${mx.toFixed(1)} ${my.toFixed(1)}) rotate(${a + 90})` }));
  }
  svg.append(s("text", { class: "cost", y: 4 }, String(back.cost)));
  return h("div", { class: "ny-top-back", testid: "ny-top-back", dataset: ds({ cost: back.cost, pull: (back.pull || []).join(","), roadblock: back.roadblock }),
    title: `the back of the top New York card: it costs ${back.cost} Noise, pulls Enemies from the ${(back.pull || []).map((x) => SIDE_WORD[x]).join(", ")} side(s), a Roadblock would go on the ${SIDE_WORD[back.roadblock]} side` },
  svg, h("span", { class: "small" }, "top card's back"));
}

// -- the cards played this turn (public) --------------------------------------------------------

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 */
function playedArea(view, ctx) {
  const pl = view.played || { face_down: 0, revealed: [] };
  const cur = view.current;
  return h("section", { class: "ny-panel ny-played-area", testid: "ny-played-area" },
    h("h3", {}, `${ctx.seatName(cur)} plays (turn ${view.turn})`),
    h("div", { class: "row" },
      Array.from({ length: pl.face_down || 0 }, () => h("span", { class: "ny-card-back", testid: "played-back", title: "a played card, face down" }, "NY")),
      (pl.revealed || []).map((id) => actionCard(id, null, { testid: "played-revealed", cls: "small-card" })),
      !(pl.face_down || (pl.revealed || []).length) ? h("span", { class: "small muted" }, "no card played yet") : null));
}

// -- the Heroes ----------------------------------------------------------------------------

/**
 * @param {NewYork.Hero} hv
 */
function levelBar(hv) {
  const bar = hv.bar ? BAR[hv.bar] : null;
  const pips = h("span", { class: "levels" }, [1, 2, 3].map((n) => h("span", { class: `lvl${hv.level >= n ? " on" : ""}` }, String(n))));
  if (!bar) return h("div", { class: "ny-level", testid: "ny-level", dataset: ds({ level: hv.level }) }, "Level ", pips, " · every Level Bar paid");
  return h("div", { class: "ny-level", testid: "ny-level", dataset: ds({ level: hv.level }), title: `the Level Bar: kill ${plural(bar.prisoners, "Prisoner")} and discard ${plural(bar.items, "Item")} to reach Level ${bar.level}` },
    "Level ", pips, ` → ${bar.level}: `,
    h("span", { class: "bar-slots" },
      Array.from({ length: bar.prisoners }, (_, i) => h("span", { class: `slot pr${i < hv.bar_prisoners ? " on" : ""}`, title: "a Prisoner killed" })),
      Array.from({ length: bar.items }, (_, i) => h("span", { class: `slot it${i < hv.bar_items ? " on" : ""}`, title: "an Item discarded" }))));
}

/**
 * @param {NewYork.Hero} hv
 * @param {LegalIndex} ix
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 */
function weaponBox(hv, ix, view, ctx) {
  const w = hv.weapon ? ITEM[hv.weapon] : null;
  const useL = ix.all.find((l) => l.action.kind === "use_weapon");
  if (!w) return h("div", { class: "ny-weapon none", testid: "ny-weapon", dataset: ds({ ammo: 0 }) }, "Weapon slot: empty");
  return h("div", { class: "ny-weapon", testid: "ny-weapon", dataset: ds({ weapon: hv.weapon, ammo: hv.ammo }), title: weaponText(w) },
    h("b", {}, w.name), " ",
    w.ammo ? h("span", { class: "ammo" }, Array.from({ length: w.ammo }, (_, i) => h("span", { class: `round${i < hv.ammo ? " on" : ""}` }))) : h("span", { class: "small muted" }, "no Ammo needed"),
    h("span", { class: "small muted" }, ` ${w.text}`),
    useL && view.seat === hv.seat ? btn(view, ctx, useL, "use", { class: "primary" }) : null);
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {() => void} rerender
 */
function ownPanel(view, ctx, ix, rerender) {
  const seat = view.seat;
  const hv = view.heroes[seat];
  /** @type {Partial<NewYork.You>} */
  const you = view.you || {};
  const col = colourOf(seat);
  // a playable card is itself the button that plays it
  const hand = (hv.hand_cards || []).map((id) => actionCard(id, seat, { playL: ix.play.get(id) || null, ctx }));
  const played = [...(you.played || [])];
  const playedEls = played.map((id) => {
    const rl = ix.reveal.get(id);
    const abl = ix.ability.get(id) || [];
    const buttons = [rl ? btn(view, ctx, rl, "reveal", { class: "primary" }) : null,
      ...abl.map((l) => btn(view, ctx, l, l.action.mode === "attack" ? `ability: ${A.ability?.attack ?? "attack"}` : `ability: ${A.ability?.move ?? "move"}`))];
    return actionCard(id, null, { testid: "played-card", extra: buttons.filter(Boolean), cls: rl ? "revealable" : "" });
  });
  if (you.aside) playedEls.push(actionCard(you.aside, null, { testid: "played-card", cls: "aside", extra: h("span", { class: "small muted" }, "set aside for the Ability") }));
  return h("section", { class: `ny-panel ny-own seat-${col}`, testid: "ny-own", "aria-label": "your Hero" },
    h("div", { class: "own-head" },
      h("span", { class: `swatch seat-${col}` }),
      h("h3", {}, `You: ${ctx.seatName(seat)}`),
      h("span", { class: "small muted" }, ` in ${spaceLabel(view, hv.space)}${hv.car ? ` · driving ${hv.car === "taxi" ? "the Taxi" : "a Car"}` : ""}${hv.president ? " · ★ with the President" : ""}${hv.wanted ? ` · ${plural(hv.wanted, "Wanted card")}` : ""}`),
      view.current === seat ? h("span", { class: "badge turn" }, "your turn") : null),
    h("div", { class: `ny-hand hand-own`, testid: `hand-${seat}`, dataset: ds({ size: hv.hand }) },
      h("span", { class: "row-label" }, `Hand (${hv.hand})`),
      h("div", { class: "cards" }, hand.length ? hand : h("span", { class: "muted small" }, "no cards in hand"))),
    playedEls.length ? h("div", { class: "ny-played", testid: "ny-played" }, h("span", { class: "row-label" }, "Played face down"), h("div", { class: "cards" }, playedEls)) : null);
}

/**
 * The rest of the seat's Hero, under the map: its Supply, Weapon, Level Bar, secret objectives
 * and discards (the hand and the played cards are above the map: ownPanel).
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function ownGear(view, ctx, ix) {
  const seat = view.seat;
  const hv = view.heroes[seat];
  /** @type {Partial<NewYork.You>} */
  const you = view.you || {};
  const col = colourOf(seat);
  const discards = (hv.discard_cards || []).map((id) => {
    const l = ix.recover.get(id);
    return h(l ? "button" : "span", {
      class: `ny-discard${l ? " playable" : ""}`, testid: "discard-card", dataset: ds({ card: id }), title: `${cardName(id)}: ${CARD[id]?.text ?? ""}`,
      onclick: l && !ctx.busy ? () => ctx.act(l.action) : null, disabled: l ? ctx.busy : null,
    }, cardName(id));
  });
  const supply = (hv.supply || []).map((id, k) => {
    const buttons = [];
    for (const l of ix.item.get(id) || []) buttons.push(btn(view, ctx, l, { use_item: "use", reveal_weapon: "to Weapon slot", pay_level: "pay Level Bar", discard_item: "discard" }[l.action.kind], { class: l.action.kind === "use_item" || l.action.kind === "reveal_weapon" ? "primary" : "" }));
    for (const l of ix.cases.get(id) || []) buttons.push(btn(view, ctx, l, l.action.kind === "use_case" ? "reveal & use" : `into Case space ${l.action.slot}`));
    return supplyCard(id, k, { buttons });
  });
  const tops = Object.entries(you.deck_tops || {});
  const known = tops.length ? h("div", { class: "ny-known small", testid: "ny-known" }, "You know the top of: ",
    tops.map(([deck, ids]) => h("span", { class: "chip" }, `${DECK_NAME[deck] ?? "a deck"}: ${ids.map((x) => ({ timer: TIMER, new_york: NYC, event: EVENT, item: ITEM }[deck]?.[x]?.name ?? "a card")).join(", ")}`))) : null;
  return h("section", { class: `ny-panel ny-own ny-own-gear seat-${col}`, testid: "ny-own-gear", "aria-label": "your Hero's gear" },
    h("div", { class: "ny-row" },
      h("div", { class: "ny-supply" }, h("span", { class: "row-label" }, `Supply (${(hv.supply || []).length}/${A.supply_limit ?? 3})`),
        h("div", { class: "cards" }, supply.length ? supply : h("span", { class: "muted small" }, "empty"))),
      h("div", { class: "ny-gear" }, weaponBox(hv, ix, view, ctx), levelBar(hv),
        h("div", { class: "ny-objectives" }, h("span", { class: "row-label" }, "Secret objectives"),
          (hv.objectives || []).map((o) => (o ? objectiveCard(o) : h("div", { class: "ny-objective unknown" }, "—")))))),
    h("div", { class: "ny-discards" }, h("span", { class: "row-label" }, `Discards (${hv.discards})`), discards.length ? discards : h("span", { class: "muted small" }, "none")),
    known);
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function heroesPanel(view, ctx, ix) {
  return h("section", { class: "ny-heroes", testid: "ny-heroes", "aria-label": "the Heroes" }, (view.heroes || []).map((hv) => {
    const mine = view.seat === hv.seat;
    const col = colourOf(hv.seat);
    const seatLs = ix.seat.get(hv.seat) || [];
    const carryL = seatLs.find((l) => l.action.kind === "carry");
    const supply = (hv.supply || []).map((id, k) => {
      const stealL = seatLs.find((l) => l.action.kind === "steal" && l.action.slot === k);
      const face = id === "item" || id === "case" || id === "president" ? id : null;
      return h("span", {
        class: `ny-sback ${face ? `b-${face}` : "up"}`, testid: "hero-supply", dataset: ds({ card: id, slot: k }),
        title: face ? `a face-down ${{ president: "President", case: "Case", item: "Item" }[face]} card` : `${itemName(id)} (face up)`,
      }, face ? (face === "president" ? "★" : face === "case" ? "Case" : "Item") : itemName(id),
      stealL ? btn(view, ctx, stealL, "steal", { class: "primary" }) : null);
    });
    const w = hv.weapon ? ITEM[hv.weapon] : null;
    return h("div", {
      class: `ny-panel ny-hero-card seat-${col}${view.current === hv.seat ? " current" : ""}${mine ? " mine" : ""}`, testid: `ny-hero-${hv.seat}`,
      dataset: ds({ space: hv.space, hand: hv.hand, level: hv.level }),
    },
    h("div", { class: "hero-head" },
      h("span", { class: `swatch seat-${col}` }),
      h("b", {}, ctx.seatName(hv.seat)),
      view.current === hv.seat ? h("span", { class: "badge turn" }, "playing") : null),
    h("div", { class: "small" }, `in ${spaceLabel(view, hv.space)}${hv.car ? ` · in ${hv.car === "taxi" ? "the Taxi" : "a Car"}` : ""}${hv.president ? " · ★ President" : ""}${hv.wanted ? ` · ${plural(hv.wanted, "Wanted card")}` : ""}`),
    mine ? h("div", { class: "small muted" }, `hand ${hv.hand} · discards ${hv.discards} (your cards are above)`) : h("div", { class: "ny-hand other", testid: `hand-${hv.seat}`, dataset: ds({ size: hv.hand }) },
      h("span", { class: "small muted" }, `hand ${hv.hand}: `),
      Array.from({ length: hv.hand }, () => h("span", { class: "ny-card-back mini", testid: "hand-card-back" })),
      h("span", { class: "small muted" }, ` · discards ${hv.discards}`)),
    h("div", { class: "ny-hero-supply" }, h("span", { class: "small muted" }, "supply: "), supply.length ? supply : h("span", { class: "small muted" }, "empty")),
    h("div", { class: "small" }, w ? `${w.name}${w.ammo ? ` · ${hv.ammo}/${w.ammo} Ammo` : ""}` : "no Weapon revealed"),
    levelBar(hv),
    carryL ? btn(view, ctx, carryL, "take along", { class: "primary" }) : null);
  }));
}

// -- the outcome ---------------------------------------------------------------------------------

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 * @returns {NewYork.Outcome | null}
 */
function outcomeOf(view, ctx) {
  if (view.outcome) return view.outcome;
  if (ui.outcome) return ui.outcome;
  if (!ui.outcomeFetch && ctx.mode !== "replay") {
    const id = tableIdFromPath();
    if (id) {
      ui.outcomeFetch = api(`/api/tables/${id}`).then((t) => {
        if (t && t.outcome) {
          ui.outcome = t.outcome;
          if (ui.last) render(...ui.last);
        }
      }).catch(() => {});
    }
  }
  return null;
}

/**
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 */
function outcomeBanner(view, ctx) {
  if (view.pending) return null;
  const o = outcomeOf(view, ctx);
  const lastLog = (view.log || []).length ? view.log[view.log.length - 1] : "";
  const reason = o?.reason ?? null;
  const winners = o?.winners || [];
  const names = winners.map((w) => ctx.seatName(w)).join(" and ");
  const mine = view.seat !== null && view.seat !== undefined && winners.includes(view.seat);
  return h("section", { class: `ny-outcome r-${reason || "over"}${winners.length ? " won" : " lost"}`, testid: "ny-outcome", dataset: ds({ reason }) },
    h("h2", {}, reason ? OUTCOME_TEXT[reason] || "The game is over." : "The game is over."),
    winners.length ? h("p", {}, `Winners: ${names}.${view.seat !== null && view.seat !== undefined ? mine ? " You got out!" : " You did not." : ""}`) : null,
    h("p", { class: "small" }, o?.detail || lastLog));
}

// -- the whole table -----------------------------------------------------------------------------

function legend() {
  const item = (draw, text) => h("span", { class: "lg" }, iconSvg(draw, 14), ` ${text}`);
  return h("p", { class: "ny-legend small" },
    item(pawn("prisoner", 5.5), "Prisoner"), item(carShape("car red-l", 11), "Car (red base: a Prisoner drives)"),
    item([s("circle", { r: 5.5, class: "boss-l" })], "Boss (Hit Points)"), item(iconShapes("item"), "Item cube"),
    item(iconShapes("event"), "Event icon"), item(iconShapes("manhole"), "Manhole"), item(iconShapes("roadblock"), "Roadblock"),
    item(buildingShapes("surgery").map((x) => x), "Surgery"), item(buildingShapes("gun_shop"), "Gun Shop"), item(buildingShapes("shelter"), "Shelter"),
    h("span", { class: "lg" }, h("span", { class: "lg-target" }), " a click acts"));
}

/**
 * @param {HTMLElement} container
 * @param {NewYork.View} view
 * @param {TableCtx} ctx
 */
export function render(container, view, ctx) {
  if (!MAP) {
    container.replaceChildren(h("p", { class: "error" }, "The map could not be loaded (GET /api/games/new-york/assets)."));
    return;
  }
  ui.last = [container, view, ctx];
  const ix = indexLegal(ctx.legal || []);
  syncUi(ctx, ix);
  const rerender = () => render(container, view, ctx);
  const own = view.seat !== null && view.seat !== undefined && view.heroes?.[view.seat]?.hand_cards;
  const table = h("div", { class: `ny-table${ctx.mode === "replay" ? " replay" : ""}`, testid: "ny-table" },
    outcomeBanner(view, ctx),
    controls(view, ctx, ix, rerender),
    own ? ownPanel(view, ctx, ix, rerender) : null,
    h("div", { class: "ny-mapbox" }, zoomable("new-york", drawMap(view, ctx, ix, rerender)), legend()),
    h("div", { class: "ny-columns" },
      h("div", { class: "ny-col" }, playedArea(view, ctx), own ? null : heroesPanel(view, ctx, ix)),
      nyBoard(view, ctx)),
    own ? ownGear(view, ctx, ix) : null,
    own ? heroesPanel(view, ctx, ix) : null);
  container.replaceChildren(table);
}
