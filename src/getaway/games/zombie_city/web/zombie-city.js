// Escape: Zombie City on the table page: the town as SVG (square street
// sections with their roads, skulls, entry icons, zombie piles, search icons
// and item tiles; the church, the cemetery with the zombie deck and the
// church's zombie spaces, the cargo bay; survivors, the van and the zombies
// with their hits), the big countdown clock with the soundtrack's cues, the
// seat's dice to pick and roll, every other legal action as a button, and
// every player's dice, item and bites.
//
// The game is real-time: every seat acts at any moment and the server owns
// the clock. The clock shown here is the shell's (ctx.clock(): the server's
// last reading counted on locally), so it runs smoothly between messages; a
// timer redraws only the clock panel, and the table is redrawn only when the
// view or the legal actions change. Legality comes only from ctx.legal: a
// control exists (or is enabled) only when the server listed its action.
//
// The town's sections as printed, the zombies, items, bites and the timeline
// of the countdowns come once from GET /api/games/zombie-city/assets.
//
// Sound: synthesized with the Web Audio API (no files), off until the player
// turns it on (a click: browsers only start audio after a gesture). Knocking
// while a countdown runs, faster towards its end; one, two or three gong
// strokes when countdown 1, 2 or 3 starts; a door slam when it ends; a
// whistle when play resumes after a pause; the zombie cry when time is up or
// the church falls; a van horn on an escape. Without an AudioContext (old or
// headless browsers) the table stays silent and never throws.
//
// data-testid names of this module:
//   zc-table, zc-outcome (data-reason), zc-status (chips: zc-church-count with
//   data-count/data-limit, zc-cargo-count data-count/data-need, zc-exit
//   data-revealed, zc-street-pile data-count, zc-deck data-count, zc-bag data-count),
//   zc-clockpanel (data-state play|countdown|pause|over, data-countdown),
//   zc-countdown (the big mm:ss: data-left whole seconds to the next event),
//   zc-next-event (what comes then), zc-cry-left (data-left: seconds to the
//   zombie cry), zc-timeline (zc-now: the clock's marker), zc-sound (aria-pressed),
//   zc-announce (a live region: countdowns, slams, the end),
//   zc-town (the <svg>), zc-section-<id> (data-kind, data-x, data-y, data-turns,
//   data-streets, data-skull, data-target "1" while a click acts, data-action
//   enter|drive), zc-skull-<id> (data-edge), zc-tile-<id> (a face-down item tile),
//   zc-open-<id>-<edge> (an open street of a section, its empty cell beyond:
//   data-section, data-edge; data-target "1" when a click reveals it), zc-survivor-<seat> (data-section),
//   zc-van (data-section, data-target), zc-zombie-<piece> (data-section, data-kind,
//   data-colour, data-hits "f,b", data-need "f,b"), zc-cemetery (data-deck),
//   zc-church-spaces, zc-cargo (data-count, data-need),
//   zc-own (the seat's own panel), zc-own-dice, zc-die-<i> (data-face,
//   data-selectable, data-selected), zc-roll-selected (data-mask), zc-roll-all
//   (data-mask), zc-select-none, zc-actions, and one button per legal action:
//   zc-enter-<id>, zc-drive-<id>, zc-reveal-<edge>, zc-search, zc-deposit,
//   zc-discard-item, zc-use-item, zc-caution-self, zc-caution-help-<seat>,
//   zc-rescue, zc-wait, zc-commit-<piece>-<fist|bat>, zc-shed-<bite> (each with
//   data-kind and its label as title), zc-fight (the zombies on the seat's section),
//   zc-players, zc-player-<seat> (data-section, data-item), zc-player-die
//   (data-face), zc-bite (data-bite, data-seat).

import { h, s, ensureStylesheet, gameAssets } from "/static/js/util.js";
import { zoomable } from "/static/js/zoom.js";

ensureStylesheet("/static/games/zombie-city.css");

// The view's types are generated from the game's shapes.py (build/types/zombie-city.d.ts).
/** @typedef {ZombieCity.BoardSection["streets"][number]} Edge a side of a section: N, E, S or W */
/** @typedef {ZombieCity.Survivor["dice"][number]} Face what a die shows */
/**
 * The legal actions of the seat, sorted by what they are about.
 * @typedef {object} LegalIndex
 * @property {Map<number, LegalAction>} rolls by the mask of the dice rolled
 * @property {Map<number, LegalAction>} enter by the section's index in the assets
 * @property {Map<number, LegalAction>} drive by the section's index in the assets
 * @property {Map<string, LegalAction>} reveal by the street's edge
 * @property {Map<number, {fist?: LegalAction, bat?: LegalAction}>} commit by the zombie piece
 * @property {Map<number, LegalAction>} shed by the bite's index in the assets
 * @property {Map<number, LegalAction>} help by the seat helped
 * @property {Map<string, LegalAction>} one the actions of one kind each (search, wait...)
 * @property {LegalAction[]} other
 */
/**
 * Where the clock stands: before which mark of the timeline, and how long until it.
 * @typedef {{state: "play" | "countdown" | "pause" | "over", number: number, left: number, mark: Mark | null}} ClockPhase
 */
/** @typedef {{t: number, tag: string, kind: string, n: number}} Mark a mark of the timeline ("start1" at 120 s) */
/** @typedef {{b: ZombieCity.BoardSection, e: Edge, l: LegalAction | null}} OpenStreet an open street, and the legal reveal a click makes */

const ASSETS = (await gameAssets("zombie-city")) || {};
const SECTIONS = ASSETS.sections || [];
const SECTION = new Map(SECTIONS.map((x, i) => [x.id, { ...x, index: i }]));
const ZKIND = new Map((ASSETS.zombies || []).map((z) => [z.id, z]));
const ITEM = new Map((ASSETS.items || []).map((i) => [i.id, i]));
const BITES = ASSETS.bites || [];
const BITE = new Map(BITES.map((b, i) => [b.id, { ...b, index: i }]));
const COUNTDOWN = new Map((ASSETS.countdowns || []).map((c) => [c.number, c]));
/** @type {Mark[]} */
const TIMELINE = (ASSETS.timeline || []).map(([t, tag]) => {
  const m = /^([a-z]+)(\d+)$/.exec(tag) || [tag, tag, "0"];
  return { t: Number(t), tag, kind: m[1], n: Number(m[2]) };
});
const END = TIMELINE.length ? TIMELINE[TIMELINE.length - 1].t : 15 * 60;

/** @type {Edge[]} */
const EDGES = ["N", "E", "S", "W"];
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const DIR = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }; // unit vectors on screen
const EDGE_NAME = { N: "north", E: "east", S: "south", W: "west" };
/**
 * @param {Edge} e
 * @param {number} turns quarter turns clockwise
 * @returns {Edge}
 */
const rotate = (e, turns) => EDGES[(EDGES.indexOf(e) + (turns || 0)) % 4];

const FACE_TEXT = {
  getaway: "getaway", fist: "fist", bat: "baseball bat", panic: "panic (blocked)", caution: "caution",
  spent: "spent: roll it before it pays again", lost: "lost for the rest of the game", locked: "locked on a paralysis card",
};
const SHOWING = new Set(["getaway", "fist", "bat", "caution"]);
const BUILDING = new Map((ASSETS.buildings || []).map((b) => [b.id, b.name]));
const MARKS = ASSETS.marks || {};

// -- UI state kept between renders --------------------------------------------------------

/**
 * @type {{
 *   container: HTMLElement | null, view: ZombieCity.View | null, ctx: TableCtx | null, sig: string,
 *   selected: Set<number>, diceSig: string,
 *   els: {box: HTMLElement, big: HTMLElement, head: HTMLElement, goal: HTMLElement, cry: HTMLElement,
 *         game: HTMLElement, marker: SVGElement, done: SVGElement} | null,
 *   lastT: number | null, cuedEnd: boolean, flashUntil: number, announced: string,
 *   tableKey: string | null, ix?: LegalIndex, rerender?: () => void, soundDraw?: () => void, soundState?: string,
 * }}
 */
const ui = {
  container: null, view: null, ctx: null, sig: "",
  selected: new Set(), diceSig: "",
  els: null, // the clock panel's live elements
  lastT: null, cuedEnd: false, flashUntil: 0, announced: "",
  tableKey: null,
};

// -- small helpers --------------------------------------------------------------------------

/**
 * A dataset without its null entries (an element's dataset would hold "null").
 * @param {Record<string, unknown>} o
 * @returns {Record<string, unknown>}
 */
const ds = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
/**
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A section as the game names it ("Crossroads 2", "Church"): its title in the assets.
 * @param {string | null} id
 */
function sectionName(id) {
  return SECTION.get(id)?.title || "";
}

/**
 * A seat's colour on the table (the view's), for its styles.
 * @param {ZombieCity.View} view
 * @param {number} seat
 */
function colourOf(view, seat) {
  return view.players?.[seat]?.colour || "grey";
}

/**
 * @param {string} text
 */
const upperFirst = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);

/**
 * m:ss, rounded up (a countdown shows 0:38 at its start and 0:01 just before the end).
 * @param {number} seconds
 */
function mmss(seconds) {
  const whole = Math.max(0, Math.ceil(seconds - 1e-6));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * @param {number} mask
 * @returns {number[]}
 */
function bits(mask) {
  const out = [];
  for (let i = 0; i < 5; i++) if (mask >> i & 1) out.push(i);
  return out;
}

// -- icons (drawn, so they need no emoji font) ------------------------------------------------

/**
 * The icon of a die face or a marker, in a 20x20 box centred on (0, 0).
 * @param {string} name a die face or a marker (skull)
 */
function iconShapes(name) {
  switch (name) {
    case "getaway":
      return [s("path", { class: "ic-getaway", d: "M-8,-7 L-1.5,0 L-8,7 M0,-7 L6.5,0 L0,7" })];
    case "fist":
      return [
        s("rect", { class: "ic-fist", x: -7.5, y: -3.5, width: 15, height: 11, rx: 3.5 }),
        ...[-5.3, -1.8, 1.8, 5.3].map((x) => s("circle", { class: "ic-fist", cx: x, cy: -4.2, r: 2.4 })),
        s("rect", { class: "ic-fist thumb", x: -6.5, y: 1, width: 8.5, height: 3.4, rx: 1.7 }),
      ];
    case "bat":
      return [
        s("path", { class: "ic-bat", d: "M-7.8,6.2 L-6.2,7.8 L7.6,-3.2 Q9.2,-6.6 6.6,-8.6 Q3.4,-9.4 3,-7.8 Z" }),
        s("circle", { class: "ic-bat", cx: -8, cy: 8, r: 1.9 }),
      ];
    case "panic":
      return [
        s("circle", { class: "ic-panic", cx: 0, cy: 0, r: 8.5 }),
        s("circle", { class: "ic-eye", cx: -3.2, cy: -2.4, r: 2.2 }),
        s("circle", { class: "ic-eye", cx: 3.2, cy: -2.4, r: 2.2 }),
        s("circle", { class: "ic-pupil", cx: -3.2, cy: -2.4, r: 0.9 }),
        s("circle", { class: "ic-pupil", cx: 3.2, cy: -2.4, r: 0.9 }),
        s("ellipse", { class: "ic-mouth", cx: 0, cy: 4, rx: 2.3, ry: 2.8 }),
      ];
    case "caution":
      return [
        s("polygon", { class: "ic-caution", points: "0,-8.8 9.4,7.8 -9.4,7.8" }),
        s("rect", { class: "ic-mark", x: -1.1, y: -3.6, width: 2.2, height: 6.4, rx: 1 }),
        s("circle", { class: "ic-mark", cx: 0, cy: 5.2, r: 1.2 }),
      ];
    case "spent":
      return [
        s("path", { class: "ic-spent", d: "M6.5,-2.5 A7,7 0 1 0 6,4" }),
        s("polygon", { class: "ic-spent-head", points: "3.2,-4.2 9.4,-5.2 7.8,1.2" }),
      ];
    case "lost":
      return [s("path", { class: "ic-lost", d: "M-6,-6 L6,6 M6,-6 L-6,6" })];
    case "locked":
      return [
        s("path", { class: "ic-lock-arc", d: "M-4,-1 L-4,-4.5 A4,4 0 0 1 4,-4.5 L4,-1" }),
        s("rect", { class: "ic-lock", x: -6.5, y: -1.5, width: 13, height: 10, rx: 2 }),
      ];
    case "skull":
      return [
        s("path", { class: "ic-skull", d: "M-7,-1 A7,7 0 1 1 7,-1 L5,2 L5,6 L-5,6 L-5,2 Z" }),
        s("circle", { class: "ic-skull-eye", cx: -3, cy: -1, r: 2.2 }),
        s("circle", { class: "ic-skull-eye", cx: 3, cy: -1, r: 2.2 }),
        s("path", { class: "ic-skull-teeth", d: "M-2.5,6 L-2.5,3.5 M0,6 L0,3.5 M2.5,6 L2.5,3.5" }),
      ];
    default:
      return [s("circle", { cx: 0, cy: 0, r: 6, fill: "#888" })];
  }
}

/**
 * An icon as an SVG group at (x, y), ``size`` units wide.
 * @param {string} name
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {string} [cls]
 */
function iconAt(name, x, y, size, cls = "") {
  return s("g", { class: `zc-icon ${cls}`, transform: `translate(${x},${y}) scale(${size / 20})` }, iconShapes(name));
}

/**
 * An icon as an inline <svg> for HTML (dice, buttons, bites).
 * @param {string} name
 * @param {number} [px]
 * @param {string} [cls]
 */
function iconSvg(name, px = 20, cls = "") {
  return s("svg", { class: `zc-ic ${cls}`, viewBox: "-10 -10 20 20", width: px, height: px, "aria-hidden": "true" }, iconShapes(name));
}

/**
 * @param {string[]} list
 * @param {number} [px]
 */
function icons(list, px = 16) {
  return h("span", { class: "zc-icons", title: list.join(", ") }, list.map((i) => iconSvg(i, px)));
}

// -- the legal actions, sorted by what they are about -------------------------------------------

/**
 * @param {LegalAction[]} legal
 * @returns {LegalIndex}
 */
function indexLegal(legal) {
  /** @type {LegalIndex} */
  const ix = {
    rolls: new Map(), enter: new Map(), drive: new Map(), reveal: new Map(), commit: new Map(),
    shed: new Map(), help: new Map(), one: new Map(), other: [],
  };
  for (const l of legal) {
    const a = l.action;
    if (a.kind === "roll") ix.rolls.set(a.mask, l);
    else if (a.kind === "enter") ix.enter.set(a.section, l);
    else if (a.kind === "drive") ix.drive.set(a.section, l);
    else if (a.kind === "reveal") ix.reveal.set(a.edge, l);
    else if (a.kind === "commit") {
      if (!ix.commit.has(a.zombie)) ix.commit.set(a.zombie, {});
      ix.commit.get(a.zombie)[a.icon] = l;
    } else if (a.kind === "shed") ix.shed.set(a.bite, l);
    else if (a.kind === "caution_help") ix.help.set(a.seat, l);
    else if (["search", "deposit", "discard_item", "use_item", "caution_self", "rescue", "wait"].includes(a.kind)) ix.one.set(a.kind, l);
    else ix.other.push(l);
  }
  return ix;
}

/**
 * The dice a legal roll may include.
 * @param {LegalIndex} ix
 */
function rollable(ix) {
  let any = 0;
  for (const m of ix.rolls.keys()) any |= m;
  return any;
}

/**
 * "Roll all": the legal roll of the most dice (spent dice first when a bite limits a roll).
 * @param {LegalIndex} ix
 * @param {Face[]} dice
 * @returns {number | null}
 */
function rollAllMask(ix, dice) {
  let best = null;
  let score = -1;
  for (const m of ix.rolls.keys()) {
    const b = bits(m);
    const sc = b.length * 10 + b.filter((i) => dice[i] === "spent").length;
    if (sc > score) { best = m; score = sc; }
  }
  return best;
}

function selectionMask() {
  let m = 0;
  for (const i of ui.selected) m |= 1 << i;
  return m;
}

/**
 * Keep the selection sensible: cleared (to the spent dice) when the seat's dice change.
 * @param {ZombieCity.View} view
 * @param {LegalIndex} ix
 */
function syncSelection(view, ix) {
  const me = view.players?.find((p) => p.seat === view.seat);
  const sig = me ? `${view.seat}:${me.dice.join(",")}` : "";
  const can = rollable(ix);
  if (sig !== ui.diceSig) {
    ui.diceSig = sig;
    ui.selected = new Set();
    if (me) me.dice.forEach((f, i) => { if (f === "spent" && can >> i & 1) ui.selected.add(i); });
  }
  for (const i of [...ui.selected]) if (!(can >> i & 1)) ui.selected.delete(i);
}

// -- the clock --------------------------------------------------------------------------------

/** The game clock now: the shell's running clock, or the view's in a replay. */
function clockNow() {
  const v = ui.view?.clock ?? 0;
  const c = ui.ctx && typeof ui.ctx.clock === "function" ? ui.ctx.clock() : null;
  return typeof c === "number" && Number.isFinite(c) ? Math.max(c, v) : v;
}

/**
 * Where the clock stands: the next mark decides (the marks are sorted).
 * @param {number} t
 * @param {ZombieCity.View} view
 * @returns {ClockPhase}
 */
function clockPhase(t, view) {
  if (view.outcome) return { state: "over", number: 0, left: 0, mark: null };
  for (const m of TIMELINE) {
    if (t < m.t) {
      const state = m.kind === "start" ? "play" : m.kind === "resume" ? "pause" : "countdown";
      return { state, number: m.n, left: m.t - t, mark: m };
    }
  }
  return { state: "over", number: 0, left: 0, mark: null };
}

/**
 * What a countdown asks of the survivors, in the game's words (the assets').
 * @param {number} number
 * @param {ZombieCity.View} view
 */
function countdownGoal(number, view) {
  const cd = COUNTDOWN.get(number) || {};
  return (view.phase === 2 ? cd.van_goal : cd.goal) || "";
}

/** The clock panel's heading and the line under the big countdown: what comes at the next
 * mark (the game's words for it) and what it asks.
 * @param {ClockPhase} p
 * @param {ZombieCity.View} view
 */
function phaseWords(p, view) {
  if (p.state === "over") return { head: "Game over", goal: view.outcome?.detail || "" };
  const next = p.mark ? MARKS[p.mark.tag] || "" : "";
  if (p.state === "countdown") return { head: `Countdown ${p.number}`, goal: `${next}: ${countdownGoal(p.number, view)}` };
  if (p.state === "pause") return { head: "Pause", goal: next };
  return { head: "Escape!", goal: `next: ${next}` };
}

/**
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 */
function clockPanel(view, ctx) {
  const big = h("div", { class: "zc-big", testid: "zc-countdown", role: "timer", "aria-live": "off" }, "0:00");
  const head = h("div", { class: "zc-clock-head" }, "");
  const goal = h("div", { class: "zc-goal", testid: "zc-next-event" }, "");
  const cry = h("span", { class: "zc-cry", testid: "zc-cry-left" }, "");
  const game = h("span", { class: "zc-gameclock" }, "");
  const marker = s("g", { class: "zc-now", testid: "zc-now" },
    s("line", { x1: 0, y1: -2, x2: 0, y2: 16 }), s("polygon", { points: "-4,-5 4,-5 0,1" }));
  const bar = s("svg", { class: "zc-timeline", testid: "zc-timeline", viewBox: `-6 -7 ${1000 + 12} 34`, preserveAspectRatio: "none", role: "img", "aria-label": "the soundtrack: three countdowns and two pauses" },
    s("rect", { class: "tl-play", x: 0, y: 0, width: 1000, height: 12, rx: 3 }),
    timelineSegments(),
    s("rect", { class: "tl-done", x: 0, y: 0, width: 0, height: 12, rx: 3 }),
    marker);
  const announce = h("div", { class: "zc-sr", testid: "zc-announce", "aria-live": "assertive", role: "status" }, ui.announced);
  const sound = ctx.mode === "replay" ? null : soundButton();
  const box = h("section", { class: "zc-clockpanel", testid: "zc-clockpanel", "aria-label": "the clock" },
    h("div", { class: "zc-clock-main" }, head, big, goal),
    h("div", { class: "zc-clock-side" }, h("div", { class: "zc-clock-line" }, cry), h("div", { class: "zc-clock-line" }, game), sound),
    bar, announce);
  ui.els = { box, big, head, goal, cry, game, marker, done: bar.querySelector(".tl-done") };
  return box;
}

function timelineSegments() {
  const g = s("g", { class: "tl-segs" });
  let start = null;
  for (const m of TIMELINE) {
    const x = (m.t / END) * 1000;
    if (m.kind === "start") start = x;
    else if ((m.kind === "slam" || m.kind === "end") && start !== null) {
      g.append(s("rect", { class: "tl-countdown", x: start, y: 0, width: x - start, height: 12 }));
      g.append(s("text", { class: "tl-n", x: (start + x) / 2, y: 23 }, `${m.n}`));
      start = x;
    } else if (m.kind === "resume" && start !== null) {
      g.append(s("rect", { class: "tl-pause", x: start, y: 0, width: x - start, height: 12 }));
    }
  }
  return g;
}

/** Redraw the clock panel (every 200 ms while the page shows the table). */
function updateClock() {
  const els = ui.els;
  const view = ui.view;
  if (!els || !view || !els.box.isConnected) return;
  const t = clockNow();
  const p = clockPhase(t, view);
  const words = phaseWords(p, view);
  const text = p.state === "over" ? (view.outcome?.reason === "escaped" ? "✓" : "✗") : mmss(p.left);
  if (els.big.textContent !== text) els.big.textContent = text;
  els.big.dataset.left = String(Math.max(0, Math.ceil(p.left - 1e-6)));
  if (els.head.textContent !== words.head) els.head.textContent = words.head;
  if (els.goal.textContent !== words.goal) els.goal.textContent = words.goal;
  const cryLeft = Math.max(0, END - t);
  const cryText = p.state === "over" ? "" : `zombie cry in ${mmss(cryLeft)}`;
  if (els.cry.textContent !== cryText) els.cry.textContent = cryText;
  els.cry.dataset.left = String(Math.ceil(cryLeft - 1e-6));
  const game = `game clock ${mmss(Math.floor(t))}`;
  if (els.game.textContent !== game) els.game.textContent = game;
  els.box.dataset.state = p.state;
  els.box.dataset.countdown = String(p.state === "countdown" ? p.number : 0);
  els.box.classList.toggle("urgent", p.state === "countdown" && p.left <= 10);
  els.box.classList.toggle("flash", performance.now() < ui.flashUntil);
  const x = Math.min(1000, (t / END) * 1000);
  els.marker.setAttribute("transform", `translate(${x.toFixed(1)},0)`);
  els.done.setAttribute("width", x.toFixed(1));
  if (ui.ctx && ui.ctx.mode !== "replay") cues(t, p, view);
  ui.soundDraw?.();
}

// -- sound ------------------------------------------------------------------------------------

const audio = {
  wanted: (() => { try { return localStorage.getItem("getaway.zc.sound") === "on"; } catch { return false; } })(),
  ac: null, out: null, noise: null, nextKnock: 0,
};

/** The AudioContext, made (or resumed) inside a user gesture; null without Web Audio. */
function startAudio() {
  try {
    if (!audio.ac) {
      const Ctor = window.AudioContext || /** @type {Window & {webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
      if (!Ctor) return null;
      audio.ac = new Ctor();
      audio.out = audio.ac.createDynamicsCompressor();
      const vol = audio.ac.createGain();
      vol.gain.value = 0.7;
      audio.out.connect(vol).connect(audio.ac.destination);
      const len = Math.floor(audio.ac.sampleRate * 1.0);
      audio.noise = audio.ac.createBuffer(1, len, audio.ac.sampleRate);
      const data = audio.noise.getChannelData(0);
      for (let i = 0; i < len; i++) data[i] = Math.random() * 2 - 1;
    }
    if (audio.ac.state === "suspended") audio.ac.resume().catch(() => {});
    return audio.ac;
  } catch (e) {
    console.warn("no sound:", e);
    audio.ac = null;
    return null;
  }
}

/** The running AudioContext when sound is on, else null. */
function sounding() {
  return audio.wanted && audio.ac && audio.ac.state === "running" ? audio.ac : null;
}

/** Play ``fn(ac, when)`` if sound is on; never throws. */
function play(fn, delay = 0) {
  const ac = sounding();
  if (!ac) return;
  try { fn(ac, ac.currentTime + 0.02 + delay); } catch (e) { console.warn("sound failed:", e); }
}

function env(ac, at, peak, attack, decay) {
  const g = ac.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(peak, at + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  return g;
}

function noiseBurst(ac, at, { type = "bandpass", freq = 800, q = 1, peak = 0.5, attack = 0.003, decay = 0.08 } = {}) {
  const src = ac.createBufferSource();
  src.buffer = audio.noise;
  const f = ac.createBiquadFilter();
  f.type = type;
  f.frequency.value = freq;
  f.Q.value = q;
  const g = env(ac, at, peak, attack, decay);
  src.connect(f).connect(g).connect(audio.out);
  src.start(at, Math.random() * 0.5, attack + decay + 0.05);
}

function thump(ac, at, { from = 120, to = 45, peak = 0.8, decay = 0.18, type = "sine" } = {}) {
  const o = ac.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(from, at);
  o.frequency.exponentialRampToValueAtTime(to, at + decay * 0.8);
  const g = env(ac, at, peak, 0.004, decay);
  o.connect(g).connect(audio.out);
  o.start(at);
  o.stop(at + decay + 0.05);
}

/** A knock on a wooden door: a low thump and a short filtered noise burst. */
function knock(ac, at, strength = 0.6) {
  thump(ac, at, { from: 130, to: 55, peak: 0.9 * strength, decay: 0.16 });
  noiseBurst(ac, at, { freq: 520 + Math.random() * 160, q: 1.4, peak: 0.7 * strength, decay: 0.06 });
}

/** A gong: inharmonic partials, the high ones dying first, with a soft beating. */
function gong(ac, at) {
  const base = 92;
  const partials = [[1, 0.5, 7], [1.004, 0.3, 7], [2.01, 0.28, 5], [2.76, 0.25, 4.2], [3.73, 0.17, 3.2],
    [4.18, 0.13, 2.8], [5.47, 0.1, 2.1], [6.82, 0.07, 1.6], [8.3, 0.05, 1.2]];
  for (const [ratio, amp, decay] of partials) {
    const o = ac.createOscillator();
    o.type = "sine";
    o.frequency.setValueAtTime(base * ratio * 1.012, at);
    o.frequency.exponentialRampToValueAtTime(base * ratio, at + 0.25);
    const g = env(ac, at, amp * 0.6, 0.01, decay);
    o.connect(g).connect(audio.out);
    o.start(at);
    o.stop(at + decay + 0.1);
  }
  noiseBurst(ac, at, { type: "lowpass", freq: 1800, q: 0.7, peak: 0.25, decay: 0.05 });
}

/** A heavy door slamming: a boom, the latch, and the room answering. */
function slam(ac, at) {
  thump(ac, at, { from: 85, to: 32, peak: 1.0, decay: 0.5 });
  noiseBurst(ac, at, { type: "lowpass", freq: 420, q: 0.8, peak: 1.0, attack: 0.002, decay: 0.35 });
  noiseBurst(ac, at + 0.015, { freq: 2600, q: 3, peak: 0.35, decay: 0.03 });
  noiseBurst(ac, at + 0.11, { type: "lowpass", freq: 300, q: 0.7, peak: 0.3, decay: 0.45 });
}

/** The zombie cry: a voiced groan sliding up and down, through two formant filters. */
function cry(ac, at) {
  const dur = 2.8;
  const mix = ac.createGain();
  mix.gain.setValueAtTime(0.0001, at);
  mix.gain.exponentialRampToValueAtTime(0.7, at + 0.35);
  mix.gain.setValueAtTime(0.7, at + dur - 0.9);
  mix.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  const lfo = ac.createOscillator();
  lfo.frequency.value = 5.5;
  const depth = ac.createGain();
  depth.gain.value = 9;
  lfo.connect(depth);
  for (const detune of [0, 7]) {
    const o = ac.createOscillator();
    o.type = "sawtooth";
    o.detune.value = detune * 10;
    o.frequency.setValueAtTime(150, at);
    o.frequency.linearRampToValueAtTime(250, at + 0.5);
    o.frequency.linearRampToValueAtTime(205, at + 1.4);
    o.frequency.exponentialRampToValueAtTime(85, at + dur);
    depth.connect(o.frequency);
    for (const [freq, q, gain] of [[720, 6, 1], [1150, 8, 0.6], [2500, 10, 0.25]]) {
      const f = ac.createBiquadFilter();
      f.type = "bandpass";
      f.frequency.value = freq;
      f.Q.value = q;
      const g = ac.createGain();
      g.gain.value = gain;
      o.connect(f).connect(g).connect(mix);
    }
    o.start(at);
    o.stop(at + dur + 0.05);
  }
  lfo.start(at);
  lfo.stop(at + dur + 0.05);
  mix.connect(audio.out);
  noiseBurst(ac, at, { freq: 1400, q: 0.8, peak: 0.12, attack: 0.3, decay: dur - 0.3 });
}

/** Play resumes: a short rising whistle. */
function whistle(ac, at) {
  const o = ac.createOscillator();
  o.type = "triangle";
  o.frequency.setValueAtTime(900, at);
  o.frequency.exponentialRampToValueAtTime(1700, at + 0.25);
  const g = env(ac, at, 0.25, 0.02, 0.35);
  o.connect(g).connect(audio.out);
  o.start(at);
  o.stop(at + 0.45);
}

/** The van's horn: two short blasts. */
function horn(ac, at) {
  for (const t0 of [0, 0.45]) {
    for (const f of [392, 494]) {
      const o = ac.createOscillator();
      o.type = "square";
      o.frequency.value = f;
      const lp = ac.createBiquadFilter();
      lp.type = "lowpass";
      lp.frequency.value = 1400;
      const g = env(ac, at + t0, 0.12, 0.01, 0.32);
      o.connect(lp).connect(g).connect(audio.out);
      o.start(at + t0);
      o.stop(at + t0 + 0.4);
    }
  }
}

function announce(text) {
  ui.announced = text;
  const el = ui.container?.querySelector('[data-testid="zc-announce"]');
  if (el) el.textContent = text;
}

/**
 * Cues at the timeline's marks the local clock has just passed, knocking, and the end.
 * @param {number} t
 * @param {ClockPhase} p
 * @param {ZombieCity.View} view
 */
function cues(t, p, view) {
  if (ui.lastT === null || t < ui.lastT - 2) { // first look at this table (or a jump back): no old cues
    ui.lastT = t;
    ui.cuedEnd = !!view.outcome;
    return;
  }
  for (const m of TIMELINE) {
    if (!(ui.lastT < m.t && m.t <= t)) continue;
    ui.flashUntil = performance.now() + 1500;
    if (m.kind === "start") {
      const n = (COUNTDOWN.get(m.n) || {}).gongs || m.n;
      for (let k = 0; k < n; k++) play(gong, k * 2.0);
      announce(`${upperFirst(MARKS[m.tag] || "")}: ${countdownGoal(m.n, view)}.`);
    } else if (m.kind === "slam") {
      play(slam);
      announce(`${upperFirst(MARKS[m.tag] || "")}.`);
    } else if (m.kind === "resume") {
      play(whistle);
      announce(`Escape! ${upperFirst(MARKS[m.tag] || "")}.`);
    } else if (m.kind === "end" && !ui.cuedEnd) {
      ui.cuedEnd = true;
      play(cry);
      announce(`${upperFirst(MARKS[m.tag] || "")}.`);
    }
  }
  ui.lastT = Math.max(ui.lastT, t); // a re-sync a little back never plays a cue twice
  if (view.outcome && !ui.cuedEnd) {
    ui.cuedEnd = true;
    play(view.outcome.reason === "escaped" ? horn : cry);
    announce(upperFirst(view.outcome.detail || "the game is over"));
  }
  // knocking while a countdown runs, faster and louder towards its end
  const ac = sounding();
  if (ac && p.state === "countdown" && !view.outcome && !view.paused) {
    const start = TIMELINE.find((x) => x.kind === "start" && x.n === p.number);
    const span = start ? p.mark.t - start.t : 38;
    const urgency = Math.max(0, Math.min(1, 1 - p.left / span));
    if (audio.nextKnock < ac.currentTime) audio.nextKnock = ac.currentTime + 0.05;
    while (audio.nextKnock < ac.currentTime + 0.3) {
      const at = audio.nextKnock;
      try {
        knock(ac, at, 0.45 + 0.45 * urgency);
        knock(ac, at + 0.17, 0.35 + 0.45 * urgency);
        if (urgency > 0.6) knock(ac, at + 0.34, 0.3 + 0.4 * urgency);
      } catch (e) { console.warn("sound failed:", e); }
      audio.nextKnock += 1.25 - 0.55 * urgency;
    }
  }
}

/** The sound's state, for tests and curious players: "off", "none" (no Web Audio), or the
 * AudioContext's state ("running", "suspended", ...) while sound is on. */
export function soundState() {
  if (!audio.wanted) return "off";
  return audio.ac ? audio.ac.state : "none";
}

function soundButton() {
  const label = () => (audio.wanted ? "Sound on" : "Sound off");
  const btn = h("button", {
    type: "button", class: `btn small zc-sound${audio.wanted ? " on" : ""}`, testid: "zc-sound",
    "aria-pressed": audio.wanted ? "true" : "false",
    title: "the countdown cues: knocking, gongs, the door slam and the zombie cry",
  });
  const draw = () => {
    btn.replaceChildren(speaker(audio.wanted), " ", label());
    if (audio.wanted && (!audio.ac || audio.ac.state !== "running")) btn.append(h("span", { class: "small muted" }, " (click to start)"));
    btn.classList.toggle("on", audio.wanted);
    btn.setAttribute("aria-pressed", audio.wanted ? "true" : "false");
  };
  btn.addEventListener("click", () => {
    audio.wanted = !audio.wanted;
    try { localStorage.setItem("getaway.zc.sound", audio.wanted ? "on" : "off"); } catch { /* private mode */ }
    if (audio.wanted && startAudio()) {
      audio.nextKnock = 0;
      setTimeout(() => play(knock), 60); // a knock says it works
    }
    draw();
  });
  draw();
  ui.soundDraw = () => {
    const state = `${audio.wanted}:${audio.ac ? audio.ac.state : "none"}`;
    if (state !== ui.soundState) { ui.soundState = state; draw(); }
  };
  return btn;
}

function speaker(on) {
  return s("svg", { class: "zc-ic", viewBox: "0 0 20 20", width: 16, height: 16, "aria-hidden": "true" },
    s("path", { class: "spk", d: "M2,7 L6,7 L11,3 L11,17 L6,13 L2,13 Z" }),
    on ? s("path", { class: "spk-wave", d: "M13.5,6.5 Q16,10 13.5,13.5 M15.5,4.5 Q19.5,10 15.5,15.5" })
      : s("path", { class: "spk-wave", d: "M13.5,7 L18.5,13 M18.5,7 L13.5,13" }));
}

// -- the town ---------------------------------------------------------------------------------

const C = 120; // one section, in SVG units
const HALF = 57; // a tile's half-width (a gap between tiles)
const ROAD = 11; // half a road's width

const ZOMBIE_FILL = { green: "#63c24a", yellow: "#e8c531", purple: "#a05ddb" };
const BUILDING_FILL = { gas_station: "#d8553c", hospital: "#e9eef2", supermarket: "#3fae6a" };

function emblem(kind) {
  switch (kind) {
    case "church":
      return [s("rect", { class: "em-church", x: -3, y: -11, width: 6, height: 22, rx: 1 }),
        s("rect", { class: "em-church", x: -9, y: -5, width: 18, height: 6, rx: 1 })];
    case "cemetery":
      return [s("path", { class: "em-stone", d: "M-8,10 L-8,-3 A8,8 0 0 1 8,-3 L8,10 Z" }),
        s("text", { class: "em-rip", x: 0, y: 3 }, "RIP")];
    case "cargo_bay":
      return [s("rect", { class: "em-crate", x: -10, y: -10, width: 20, height: 20, rx: 2 }),
        s("path", { class: "em-crate-x", d: "M-10,-10 L10,10 M10,-10 L-10,10" })];
    case "gas_station":
      return [s("rect", { class: "em-pump", x: -8, y: -10, width: 12, height: 20, rx: 2 }),
        s("rect", { class: "em-pump-win", x: -6, y: -7, width: 8, height: 5 }),
        s("path", { class: "em-hose", d: "M4,-6 L8,-6 L8,6 L5,8" })];
    case "hospital":
      return [s("rect", { class: "em-hosp", x: -10, y: -10, width: 20, height: 20, rx: 3 }),
        s("path", { class: "em-cross", d: "M-2.5,-7 h5 v4.5 h4.5 v5 h-4.5 v4.5 h-5 v-4.5 h-4.5 v-5 h4.5 Z" })];
    case "supermarket":
      return [s("path", { class: "em-cart", d: "M-11,-8 L-7,-8 L-4,5 L8,5 L10,-4 L-6,-4" }),
        s("circle", { class: "em-wheel", cx: -3, cy: 9, r: 2.2 }), s("circle", { class: "em-wheel", cx: 7, cy: 9, r: 2.2 })];
    case "exit":
      return [s("rect", { class: "em-exit", x: -14, y: -8, width: 28, height: 16, rx: 2 }),
        s("text", { class: "em-exit-text", x: 0, y: 4 }, "EXIT")];
    default:
      return [];
  }
}

/** Where the zombies on a section stand: along its streets first (not the main street,
 * where the skull is; the north street's far end last, under the name), then on the grass.
 * @param {Edge[]} streets
 * @param {Edge | null} skull
 * @param {number} n
 * @returns {number[][]}
 */
function zombieSlots(streets, skull, n) {
  const at = (e, d) => [DIR[e][0] * d, DIR[e][1] * d];
  const roads = streets.filter((e) => e !== skull);
  const grass = EDGES.filter((e) => !streets.includes(e));
  const out = [...roads.map((e) => at(e, 29)), ...roads.filter((e) => e !== "N").map((e) => at(e, 43)),
    ...grass.map((e) => at(e, 29)), ...grass.filter((e) => e !== "N").map((e) => at(e, 43)),
    ...[...roads, ...grass].filter((e) => e === "N").map((e) => at(e, 43))];
  const extra = [[-27, 27], [27, 27], [-27, -27], [27, -27]];
  const base = out.length;
  while (out.length < n) out.push(extra[(out.length - base) % extra.length]);
  return out.slice(0, n);
}

const PEOPLE = [[-9, -9], [9, -9], [-9, 9], [9, 9]];

/**
 * @param {number} r
 * @param {number} a0
 * @param {number} a1
 */
function arc(r, a0, a1) {
  const p = (a) => `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
  return `M${p(a0)} A${r},${r} 0 0 1 ${p(a1)}`;
}

/**
 * @param {ZombieCity.Zombie} z
 * @param {number} x
 * @param {number} y
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {boolean} mineHere
 */
function zombiePiece(z, x, y, ctx, ix, mineHere) {
  const kind = ZKIND.get(z.kind) || { name: z.kind, defeat: [] };
  const needF = kind.defeat.filter((i) => i === "fist").length;
  const needB = kind.defeat.filter((i) => i === "bat").length;
  const [hf, hb] = z.hits || [0, 0];
  const ring = s("g", { class: "z-ring" });
  const n = needF + needB;
  const gap = 0.22;
  for (let i = 0; i < n; i++) {
    const a0 = -Math.PI / 2 + (2 * Math.PI * i) / n + gap / 2;
    const a1 = -Math.PI / 2 + (2 * Math.PI * (i + 1)) / n - gap / 2;
    const fist = i < needF;
    const hit = fist ? i < hf : i - needF < hb;
    ring.append(s("path", { class: `z-seg ${fist ? "fist" : "bat"}${hit ? " hit" : ""}`, d: arc(12.8, a0, a1) }));
  }
  const commits = ix.commit.get(z.piece);
  const title = `${z.name} (${z.colour}) on ${sectionName(z.section)}: fist ${hf}/${needF}, bat ${hb}/${needB}${commits ? " — strike it with the buttons of your panel" : ""}`;
  return s("g", {
    class: `zc-zombie c-${z.colour}${commits ? " strikable" : ""}${mineHere ? " near" : ""}`, transform: `translate(${x},${y})`,
    testid: `zc-zombie-${z.piece}`, dataset: ds({ section: z.section, kind: z.kind, colour: z.colour, hits: `${hf},${hb}`, need: `${needF},${needB}` }),
  },
  s("title", {}, title),
  ring,
  s("circle", { class: "z-body", r: 9.5, fill: ZOMBIE_FILL[z.colour] || "#888" }),
  s("circle", { class: "z-eye", cx: -3, cy: -2, r: 1.7 }), s("circle", { class: "z-eye", cx: 3, cy: -2, r: 1.7 }),
  s("path", { class: "z-mouth", d: "M-4,3.5 L-2,2.2 L0,3.8 L2,2.2 L4,3.5" }));
}

/**
 * @param {ZombieCity.Survivor} p
 * @param {number} x
 * @param {number} y
 * @param {boolean} mine
 * @param {TableCtx} ctx
 */
function survivorToken(p, x, y, mine, ctx) {
  const colour = p.colour || "grey";
  return s("g", {
    class: `zc-survivor seat-${colour}${mine ? " mine" : ""}`, transform: `translate(${x},${y})`,
    testid: `zc-survivor-${p.seat}`, dataset: ds({ section: p.section, seat: p.seat }),
  },
  s("title", {}, `${ctx.seatName(p.seat)} on ${sectionName(p.section)}`),
  s("circle", { class: "sv-body", r: 8 }),
  s("text", { class: "sv-n", y: 3.4 }, colour.slice(0, 1).toUpperCase()));
}

/**
 * @param {ZombieCity.View} view
 * @param {number} x
 * @param {number} y
 */
function vanPiece(view, x, y) {
  const moving = view.drive_target ? ` — heading for ${sectionName(view.drive_target)}` : "";
  return s("g", { class: "zc-van", transform: `translate(${x},${y})`, testid: "zc-van", dataset: ds({ section: view.van, target: view.drive_target }) },
    s("title", {}, `the van on ${sectionName(view.van)}${moving}`),
    s("rect", { class: "van-body", x: -20, y: -11, width: 40, height: 19, rx: 4 }),
    s("rect", { class: "van-win", x: 9, y: -8, width: 8, height: 7, rx: 1 }),
    s("rect", { class: "van-win", x: -6, y: -8, width: 12, height: 7, rx: 1 }),
    s("circle", { class: "van-wheel", cx: -11, cy: 9, r: 4 }), s("circle", { class: "van-wheel", cx: 11, cy: 9, r: 4 }),
    s("text", { class: "van-text", x: -12, y: -1 }, "VAN"));
}

/**
 * @param {ZombieCity.View} view
 */
function cemeteryExtras(view) {
  const spaces = [];
  const limit = view.church_limit;
  for (let i = 0; i < limit; i++) {
    const x = (i - (limit - 1) / 2) * 17;
    spaces.push(s("circle", { class: `zc-space${i < view.at_church ? " taken" : ""}`, cx: x, cy: 36, r: 7 }));
  }
  return [
    s("g", { class: "zc-deck", testid: "zc-cemetery", dataset: ds({ deck: view.zombie_deck }) },
      s("title", {}, `the zombie deck: ${plural(view.zombie_deck, "card")} (${view.zombie_cards_used} used)`),
      s("rect", { x: 14, y: -30, width: 26, height: 34, rx: 3, class: "deck-back b3" }),
      s("rect", { x: 12, y: -32, width: 26, height: 34, rx: 3, class: "deck-back b2" }),
      s("rect", { x: 10, y: -34, width: 26, height: 34, rx: 3, class: "deck-back" }),
      s("text", { class: "deck-n", x: 23, y: -12 }, String(view.zombie_deck))),
    s("g", { class: "zc-church-spaces", testid: "zc-church-spaces", dataset: ds({ count: view.at_church, limit }) },
      s("title", {}, `zombies at the church: ${view.at_church} of ${limit} (${limit} lose the game)`),
      s("text", { class: "sp-label", x: 0, y: 23 }, `at the church ${view.at_church}/${limit}`), spaces),
  ];
}

/**
 * @param {ZombieCity.View} view
 */
function cargoExtras(view) {
  const slots = [];
  const cols = Math.min(5, view.need);
  const rows = Math.ceil(view.need / cols);
  for (let i = 0; i < view.need; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    const x = (c - (cols - 1) / 2) * 19;
    const y = -2 + (r - (rows - 1) / 2) * 19;
    const item = view.cargo[i] ? ITEM.get(view.cargo[i]) : null;
    slots.push(s("g", { class: `zc-slot${item ? " full" : ""}`, transform: `translate(${x},${y})` },
      item ? s("title", {}, item.name) : s("title", {}, "an empty cargo space"),
      s("rect", { x: -8, y: -8, width: 16, height: 16, rx: 2, fill: item ? BUILDING_FILL[item.building] : null }),
      item ? s("text", { class: "slot-t", y: 3.5 }, item.name.slice(0, 2)) : null));
  }
  return [s("g", { class: "zc-cargo", testid: "zc-cargo", dataset: ds({ count: view.cargo.length, need: view.need }) },
    s("title", {}, `the cargo bay: ${view.cargo.length} of ${view.need} different items`),
    slots, s("text", { class: "sp-label", x: 0, y: 40 }, `items ${view.cargo.length}/${view.need}`))];
}

/**
 * @param {ZombieCity.BoardSection} b
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {Map<string, ZombieCity.Survivor[]>} people the survivors by section
 * @param {Map<string, ZombieCity.Zombie[]>} zombies the zombies by section
 */
function drawSection(b, view, ctx, ix, people, zombies) {
  const sec = SECTION.get(b.section) || { id: b.section, kind: "crossroads", name: b.section, entry: [], search: [], piles: 0 };
  const cx = b.x * C;
  const cy = b.y * C;
  const skull = sec.skull ? rotate(sec.skull, b.turns) : null;
  const act = view.phase === 2 ? ix.drive.get(sec.index) : ix.enter.get(sec.index);
  const here = view.seat !== null && view.seat !== undefined
    && (view.phase === 2 ? view.van === b.section : view.players[view.seat]?.section === b.section);
  const g = s("g", {
    class: `zc-sec k-${sec.kind}${act ? " target" : ""}${here ? " here" : ""}${view.drive_target === b.section ? " drive-target" : ""}`,
    transform: `translate(${cx},${cy})`, testid: `zc-section-${b.section}`,
    dataset: ds({ kind: sec.kind, x: b.x, y: b.y, turns: b.turns, streets: b.streets.join(""), skull, target: act ? "1" : null, action: act ? act.action.kind : null }),
    role: act ? "button" : null, tabindex: act ? "0" : null, "aria-label": act ? act.label : null,
  });
  const facts = [sectionName(b.section)];
  if (sec.entry.length) facts.push(`enter with ${sec.entry.join(" + ")}`);
  if (sec.search.length) facts.push(`search with ${sec.search.join(" + ")}`);
  if (b.item_tile) facts.push("a face-down item tile");
  if (sec.piles) facts.push(`${plural(sec.piles, "zombie pile")}`);
  if (skull) facts.push(`skull to the ${EDGE_NAME[skull]}`);
  if (act) facts.push(`click: ${act.label}`);
  g.append(s("title", {}, facts.join(" · ")));
  g.append(s("rect", { class: "tile", x: -HALF, y: -HALF, width: 2 * HALF, height: 2 * HALF, rx: 7 }));
  // roads
  const roads = s("g", { class: "roads" });
  for (const e of b.streets) {
    const [dx, dy] = DIR[e];
    const w = dx ? HALF + 3 : 2 * ROAD;
    const hgt = dy ? HALF + 3 : 2 * ROAD;
    const x = dx > 0 ? 0 : dx < 0 ? -HALF - 3 : -ROAD;
    const y = dy > 0 ? 0 : dy < 0 ? -HALF - 3 : -ROAD;
    roads.append(s("rect", { class: `road${e === skull ? " main" : ""}`, x, y, width: w, height: hgt, testid: `zc-street-${b.section}-${e}` }));
  }
  if (b.streets.length) {
    roads.append(s("rect", { class: "road", x: -ROAD, y: -ROAD, width: 2 * ROAD, height: 2 * ROAD }));
    for (const e of b.streets) {
      const [dx, dy] = DIR[e];
      roads.append(s("line", { class: "lane", x1: dx * (ROAD + 2), y1: dy * (ROAD + 2), x2: dx * HALF, y2: dy * HALF }));
    }
  }
  g.append(roads);
  g.append(s("g", { class: "emblem", transform: "translate(-35,-30)" }, emblem(sec.kind)));
  // the name along the top
  g.append(s("text", { class: "sec-name", x: 0, y: -HALF + 11 }, sectionName(b.section).replace("Three-Way ", "")));
  // entry icons (top right)
  if (sec.entry.length) {
    const eg = s("g", { class: "entry" });
    eg.append(s("rect", { class: "entry-bg", x: 15, y: -43, width: 38, height: 20, rx: 4 }));
    sec.entry.forEach((ic, i) => eg.append(iconAt(ic, 25 + i * 18, -33, 15)));
    g.append(eg);
  }
  // search icons and the item tile (bottom left)
  if (sec.search.length) {
    const sg = s("g", { class: "search" });
    sg.append(s("rect", { class: "search-bg", x: -53, y: 16, width: 10 + sec.search.length * 12, height: 16, rx: 4 }));
    sec.search.forEach((ic, i) => sg.append(iconAt(ic, -46 + i * 12, 24, 12)));
    g.append(sg);
  }
  if (b.item_tile) {
    const bld = sec.kind;
    g.append(s("g", { class: "item-tile", testid: `zc-tile-${b.section}`, transform: "translate(-34,44)" },
      s("title", {}, `a face-down item tile of the ${BUILDING.get(bld) || ""}`),
      s("rect", { x: -9, y: -9, width: 18, height: 18, rx: 3, fill: BUILDING_FILL[bld] || "#999" }),
      s("text", { y: 4.5 }, "?")));
  }
  // zombie piles (bottom right)
  for (let i = 0; i < (sec.piles || 0); i++) {
    g.append(s("g", { class: "pile", transform: `translate(${34 - i * 10},${34 - i * 3})` },
      s("title", {}, "a zombie pile: a pile card raises a zombie here"),
      s("path", { d: "M-13,6 Q-8,-6 0,-5 Q8,-6 13,6 Z" }),
      s("path", { class: "pile-cross", d: "M-3,-9 L-3,-2 M-5.5,-7 L-0.5,-7 M5,-8 L5,-1 M2.5,-6 L7.5,-6" })));
  }
  // the skull beside the main street
  if (skull) {
    const [dx, dy] = DIR[skull];
    const px = dx * 36; // on the main street, between the crossing and the edge
    const py = dy * 36;
    g.append(s("g", { class: "skull", testid: `zc-skull-${b.section}`, dataset: ds({ edge: skull }) },
      s("title", {}, `skull: the main street, to the ${EDGE_NAME[skull]}; zombies walk out this way`),
      s("circle", { class: "skull-bg", cx: px, cy: py, r: 8.5 }), iconAt("skull", px, py, 13)));
  }
  if (sec.kind === "cemetery") g.append(...cemeteryExtras(view));
  if (sec.kind === "cargo_bay") g.append(...cargoExtras(view));
  // pieces
  const zs = zombies.get(b.section) || [];
  const slots = zombieSlots(b.streets, skull, zs.length);
  zs.forEach((z, i) => g.append(zombiePiece(z, slots[i][0], slots[i][1], ctx, ix, here)));
  if (view.phase === 2 && view.van === b.section) g.append(vanPiece(view, 0, 0));
  const ps = people.get(b.section) || [];
  ps.forEach((p, i) => g.append(survivorToken(p, PEOPLE[i % 4][0], PEOPLE[i % 4][1], p.seat === view.seat, ctx)));
  if (act) {
    g.append(s("rect", { class: "halo", x: -HALF + 2, y: -HALF + 2, width: 2 * HALF - 4, height: 2 * HALF - 4, rx: 6 }));
    const go = () => { if (!ctx.busy) ctx.act(act.action); };
    g.addEventListener("click", go);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
  }
  return g;
}

/**
 * The near half of the empty cell across street ``e``, relative to its section's centre.
 * @param {Edge} e
 */
function openRect(e) {
  const near = C / 2 + 3;
  const far = C - 4;
  const side = HALF - 4;
  const [dx, dy] = DIR[e];
  if (dx) return { x: dx > 0 ? near : -far, y: -side, w: far - near, h: 2 * side };
  return { x: -side, y: dy > 0 ? near : -far, w: 2 * side, h: far - near };
}

/**
 * An open street: its road fading into the fog; lit, and a click reveals, when legal.
 * @param {OpenStreet} o
 * @param {TableCtx} ctx
 */
function openStreet(o, ctx) {
  const { b, e, l } = o;
  const [dx, dy] = DIR[e];
  const r = openRect(e);
  const g = s("g", {
    class: `zc-open${l ? " target" : ""}`, transform: `translate(${b.x * C},${b.y * C})`, testid: `zc-open-${b.section}-${e}`,
    dataset: ds({ section: b.section, edge: e, target: l ? "1" : null }),
    role: l ? "button" : null, tabindex: l ? "0" : null, "aria-label": l ? l.label : null,
  },
  s("title", {}, l ? `click: ${l.label} (two getaways; a zombie card follows)`
    : `an open street of ${sectionName(b.section)}: a section of the street pile can be laid here`),
  s("rect", { class: "ghost", x: r.x, y: r.y, width: r.w, height: r.h, rx: 6 }),
  s("rect", {
    class: "stub", fill: `url(#zc-fade-${e})`,
    x: dx > 0 ? HALF : dx < 0 ? -C + 12 : -ROAD, y: dy > 0 ? HALF : dy < 0 ? -C + 12 : -ROAD,
    width: dx ? C / 2 - 12 + (C / 2 - HALF) : 2 * ROAD, height: dy ? C / 2 - 12 + (C / 2 - HALF) : 2 * ROAD,
  }));
  if (l) {
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    g.append(s("text", { class: "reveal-q", x: cx, y: cy + 2 }, "?"), s("text", { class: "reveal-t", x: cx, y: cy + 19 }, "reveal"));
    const go = () => { if (!ctx.busy) ctx.act(l.action); };
    g.addEventListener("click", go);
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
  }
  return g;
}

/**
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 */
function drawTown(view, ctx, ix) {
  const cells = new Map(view.board.map((b) => [`${b.x},${b.y}`, b]));
  const people = new Map();
  if (view.phase !== 2) {
    for (const p of view.players) if (p.section) {
      if (!people.has(p.section)) people.set(p.section, []);
      people.get(p.section).push(p);
    }
  }
  const zombies = new Map();
  for (const z of view.zombies) {
    if (!zombies.has(z.section)) zombies.set(z.section, []);
    zombies.get(z.section).push(z);
  }
  // open streets: a street whose cell across is still empty (the next section may go there)
  const here = view.seat !== null && view.seat !== undefined
    ? (view.phase === 2 ? view.van : view.players[view.seat]?.section) : null;
  const open = []; // {b, e, l: the legal reveal when a click reveals it}
  for (const b of view.board) {
    for (const e of b.streets) {
      if (cells.has(`${b.x + STEP[e][0]},${b.y + STEP[e][1]}`)) continue;
      open.push({ b, e, l: b.section === here && view.phase !== 2 ? ix.reveal.get(e) || null : null });
    }
  }
  // the drawing's extent: every tile, and the near half of every empty cell across an open street
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const grow = (ax, ay, bx, by) => { x0 = Math.min(x0, ax); y0 = Math.min(y0, ay); x1 = Math.max(x1, bx); y1 = Math.max(y1, by); };
  for (const b of view.board) grow(b.x * C - HALF, b.y * C - HALF, b.x * C + HALF, b.y * C + HALF);
  for (const o of open) {
    const r = openRect(o.e);
    grow(o.b.x * C + r.x, o.b.y * C + r.y, o.b.x * C + r.x + r.w, o.b.y * C + r.y + r.h);
  }
  const pad = 8;
  const [minX, minY, w, hgt] = [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
  const svg = s("svg", {
    class: "zc-town", testid: "zc-town", viewBox: `${minX} ${minY} ${w} ${hgt}`, role: "img",
    "aria-label": `the town: ${plural(view.board.length, "section")}, ${plural(view.zombies.length, "zombie")} in the streets`,
  });
  svg.append(s("defs", {},
    s("pattern", { id: "zc-fog", width: 24, height: 24, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 24, height: 24, fill: "#151a17" }), s("path", { d: "M0,24 L24,0", stroke: "#1e2520", "stroke-width": 3 })),
    EDGES.map((e) => s("linearGradient", {
      id: `zc-fade-${e}`, x1: e === "W" ? 1 : 0, y1: e === "N" ? 1 : 0, x2: e === "E" ? 1 : 0, y2: e === "S" ? 1 : 0,
    }, s("stop", { offset: "0%", "stop-color": "#5d6266", "stop-opacity": 1 }), s("stop", { offset: "100%", "stop-color": "#5d6266", "stop-opacity": 0 })))));
  svg.append(s("rect", { x: minX, y: minY, width: w, height: hgt, fill: "url(#zc-fog)" }));
  for (const o of open) svg.append(openStreet(o, ctx));
  // display sections under, streets over: the order of the view (sorted by section)
  for (const b of view.board) svg.append(drawSection(b, view, ctx, ix, people, zombies));
  // the van's drive, as an arrow
  if (view.phase === 2 && view.van && view.drive_target) {
    const a = view.board.find((b) => b.section === view.van);
    const b = view.board.find((x) => x.section === view.drive_target);
    if (a && b) {
      svg.append(s("line", { class: "zc-drive", x1: a.x * C, y1: a.y * C, x2: (a.x + (b.x - a.x) * 0.7) * C, y2: (a.y + (b.y - a.y) * 0.7) * C }));
    }
  }
  return svg;
}

// -- the seat's dice and actions --------------------------------------------------------------

/**
 * A legal action's button: the engine's label as it is, after an icon or two (``before``).
 * @param {TableCtx} ctx
 * @param {LegalAction} l
 * @param {string} testid
 * @param {{class?: string, dataset?: Record<string, unknown>, before?: Node}} [extra]
 */
function actButton(ctx, l, testid, extra = {}) {
  return h("button", {
    type: "button", class: `btn small zc-act ${extra.class || ""}`, testid, title: l.label,
    disabled: ctx.busy, dataset: ds({ kind: l.action.kind, ...(extra.dataset || {}) }),
    onclick: () => ctx.act(l.action),
  }, extra.before || null, extra.before ? " " : null, l.label);
}

/**
 * @param {Face} face
 * @param {Record<string, any>} [attrs]
 * @param {string} [tag]
 * @param {number} [px]
 */
function dieFace(face, attrs = {}, tag = "span", px = 30) {
  const showing = SHOWING.has(face);
  return h(tag, {
    ...attrs, class: `zc-die f-${face}${showing ? " showing" : ""} ${attrs.class || ""}`,
    title: attrs.title || FACE_TEXT[face] || face,
  }, iconSvg(face, px));
}

/**
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {() => void} rerender
 */
function ownPanel(view, ctx, ix, rerender) {
  const me = view.players.find((p) => p.seat === view.seat);
  if (!me) return null;
  const can = rollable(ix);
  const mask = selectionMask();
  const selectedLegal = mask ? ix.rolls.get(mask) : null;
  const allMask = rollAllMask(ix, me.dice);
  const dice = me.dice.map((f, i) => {
    const selectable = !!(can >> i & 1);
    const selected = ui.selected.has(i);
    return dieFace(f, {
      type: "button", testid: `zc-die-${i}`, class: `${selectable ? "selectable" : ""}${selected ? " selected" : ""}`,
      disabled: !selectable || ctx.busy ? true : null, "aria-pressed": selectable ? String(selected) : null,
      "aria-label": `die ${i + 1}: ${FACE_TEXT[f] || f}${selectable ? (selected ? ", chosen for the roll" : ", click to choose it for the roll") : ""}`,
      dataset: ds({ face: f, index: i, selectable: String(selectable), selected: String(selected) }),
      onclick: () => {
        if (ui.selected.has(i)) ui.selected.delete(i);
        else ui.selected.add(i);
        rerender();
      },
    }, "button", 34);
  });
  const where = view.phase === 2 ? `in the van on ${sectionName(view.van)}` : `on ${sectionName(me.section)}`;
  // the one decision of the game: this seat may act now (not in a pause, not out of dice)
  const deciding = view.pending?.key === "play" && (view.pending.seats || []).includes(view.seat);
  const limitBites = me.bites.map((b) => BITE.get(b)).filter((b) => b && (b.handicap === "roll_limit" || b.handicap === "no_keeping"));
  const rollBar = h("div", { class: "zc-rollbar" },
    h("button", {
      type: "button", class: "btn primary zc-roll", testid: "zc-roll-selected", disabled: !selectedLegal || ctx.busy,
      dataset: ds({ mask: mask || null }), title: selectedLegal ? selectedLegal.label : "choose dice that may be rolled together",
      onclick: () => { if (selectedLegal) ctx.act(selectedLegal.action); },
    }, `Roll ${ui.selected.size ? `${plural(ui.selected.size, "die", "dice")}` : "the chosen dice"}`),
    h("button", {
      type: "button", class: "btn zc-roll", testid: "zc-roll-all", disabled: allMask === null || ctx.busy,
      dataset: ds({ mask: allMask }), title: allMask !== null ? ix.rolls.get(allMask).label : "no die can be rolled",
      onclick: () => { if (allMask !== null) ctx.act(ix.rolls.get(allMask).action); },
    }, `Roll all${allMask !== null ? ` (${bits(allMask).length})` : ""}`),
    ui.selected.size ? h("button", { type: "button", class: "btn small", testid: "zc-select-none", onclick: () => { ui.selected.clear(); rerender(); } }, "none") : null);
  const hint = mask && !selectedLegal && ix.rolls.size
    ? h("p", { class: "zc-hint warn" }, limitBites.length ? `Not that roll: ${limitBites.map((b) => `${b.name} — ${b.effect}`).join("; ")}.` : "Those dice cannot be rolled together.")
    : h("p", { class: "zc-hint" }, ix.rolls.size ? "Click dice to choose them (keys 1–5), R rolls them, A rolls all." : me.dice.every((f) => f === "lost") ? "All your dice are lost." : me.dice.some((f) => f === "panic") && !ix.rolls.size ? "Every free die shows panic: a caution from a friend, an item, or a rescue." : "");
  const groups = actionGroups(view, ctx, ix, me);
  return h("section", { class: `zc-panel zc-own seat-${me.colour}`, testid: "zc-own", "aria-label": "your dice and actions", dataset: { deciding: String(deciding) } },
    h("h3", {}, h("span", { class: "zc-swatch" }), `Your dice — ${where}`),
    h("div", { class: "zc-dice own", testid: "zc-own-dice", role: "group", "aria-label": "your five dice" }, dice),
    rollBar, hint,
    me.item ? itemLine(me, view) : null,
    me.bites.length ? h("ul", { class: "zc-bites own" }, me.bites.map((b) => biteItem(b, me.seat, ix, ctx))) : null,
    groups);
}

/**
 * @param {ZombieCity.Survivor} p
 * @param {ZombieCity.View} view
 */
function itemLine(p, view) {
  const it = ITEM.get(p.item);
  const dup = view.cargo.includes(p.item);
  return h("p", { class: "zc-item", dataset: ds({ item: p.item }) },
    h("span", { class: "zc-itemtile", style: { background: BUILDING_FILL[it?.building] || "#999" } }, (it?.name || p.item).slice(0, 2)),
    ` ${it ? it.name : p.item}`, h("span", { class: "small muted" }, dup ? " — already in the cargo bay: throw it away or use it to reroll your panics" : " — bring it to the church"));
}

/**
 * @param {string} id the bite's id
 * @param {number} seat
 * @param {Pick<LegalIndex, "shed">} ix
 * @param {TableCtx} ctx
 */
function biteItem(id, seat, ix, ctx) {
  const b = BITE.get(id) || { name: id, shed: [], handicap: "", amount: 0, index: -1 };
  const l = ix.shed.get(b.index);
  return h("li", { class: "zc-bite", testid: "zc-bite", dataset: ds({ bite: id, seat }) },
    h("b", {}, b.name), " — ", b.effect || "",
    h("span", { class: "small muted" }, " · shed with "), icons(b.shed, 14),
    l ? actButton(ctx, l, `zc-shed-${id}`) : null);
}

/**
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 * @param {LegalIndex} ix
 * @param {ZombieCity.Survivor} me
 */
function actionGroups(view, ctx, ix, me) {
  const out = h("div", { class: "zc-actions", testid: "zc-actions" });
  const group = (title, buttons) => {
    const bs = buttons.filter(Boolean);
    if (bs.length) out.append(h("div", { class: "zc-group" }, h("span", { class: "zc-group-name" }, title), h("span", { class: "zc-group-btns" }, bs)));
  };
  const secBtn = (map, kind) => [...map.entries()].map(([idx, l]) => {
    const sec = SECTIONS[idx];
    return actButton(ctx, l, `zc-${kind}-${sec.id}`, { before: icons(kind === "drive" ? [...sec.entry, "getaway"] : sec.entry, 13) });
  });
  group(view.phase === 2 ? "Drive" : "Move", [...secBtn(ix.enter, "enter"), ...secBtn(ix.drive, "drive")]);
  group("Reveal", EDGES.filter((e) => ix.reveal.has(e)).map((e) => actButton(ctx, ix.reveal.get(e), `zc-reveal-${e}`, { dataset: { edge: e } })));
  const one = (kind, extra = {}) => (ix.one.has(kind) ? actButton(ctx, ix.one.get(kind), `zc-${kind.replace("_", "-")}`, extra) : null);
  const here = view.phase === 2 ? view.van : me.section;
  const hereSec = SECTION.get(here);
  group("Building", [one("search", { before: icons(hereSec?.search || [], 13) }), one("deposit"), one("discard_item"), one("use_item")]);
  group("Caution", [one("caution_self"),
    ...[...ix.help.entries()].map(([seat, l]) => actButton(ctx, l, `zc-caution-help-${seat}`, { class: `seat-${colourOf(view, seat)}` }))]);
  // the fight: every zombie on the seat's section, with its strikes
  const zs = view.zombies.filter((z) => z.section === here);
  if (zs.length) {
    out.append(h("div", { class: "zc-fight", testid: "zc-fight" }, h("span", { class: "zc-group-name" }, "Fight"),
      zs.map((z) => {
        const kind = ZKIND.get(z.kind) || { name: z.kind, defeat: [] };
        const c = ix.commit.get(z.piece) || {};
        const nf = kind.defeat.filter((i) => i === "fist").length;
        const nb = kind.defeat.filter((i) => i === "bat").length;
        return h("div", { class: `zc-foe c-${z.colour}`, dataset: ds({ piece: z.piece }) },
          h("span", { class: "zc-foe-dot" }), h("b", {}, z.name),
          h("span", { class: "small" }, ` ${nf ? `fist ${z.hits[0]}/${nf}` : ""}${nf && nb ? " · " : ""}${nb ? `bat ${z.hits[1]}/${nb}` : ""}`),
          c.fist ? actButton(ctx, c.fist, `zc-commit-${z.piece}-fist`, { before: iconSvg("fist", 13) }) : null,
          c.bat ? actButton(ctx, c.bat, `zc-commit-${z.piece}-bat`, { before: iconSvg("bat", 13) }) : null);
      })));
  }
  group("Help", [one("rescue", { class: "danger" }), one("wait")]);
  group("Other", ix.other.map((l) => actButton(ctx, l, "zc-action")));
  return out;
}

// -- every player ------------------------------------------------------------------------------

/**
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 */
function playersPanel(view, ctx) {
  return h("section", { class: "zc-players", testid: "zc-players", "aria-label": "the survivors" },
    view.players.map((p) => {
      const mine = p.seat === view.seat;
      const where = view.phase === 2 ? "in the van" : sectionName(p.section);
      const free = p.dice.filter((f) => f !== "lost" && f !== "locked").length;
      return h("div", {
        class: `zc-panel zc-player seat-${p.colour}${mine ? " mine" : ""}`, testid: `zc-player-${p.seat}`,
        dataset: ds({ section: p.section, item: p.item || "", drove: String(!!p.drove) }),
      },
      h("div", { class: "zc-player-head" }, h("span", { class: "zc-swatch" }),
        h("b", {}, ctx.seatName(p.seat)), mine ? h("span", { class: "badge" }, "you") : null,
        view.phase === 2 && p.drove ? h("span", { class: "badge", title: "has shown the icons for the van's drive" }, "ready to drive") : null),
      h("div", { class: "small muted" }, `${where} · ${free} of 5 dice in play`),
      h("div", { class: "zc-dice" }, p.dice.map((f) => dieFace(f, { testid: "zc-player-die", dataset: ds({ face: f }) }, "span", 22))),
      p.item ? itemLine(p, view) : null,
      p.bites.length ? h("ul", { class: "zc-bites" }, p.bites.map((b) => biteItem(b, p.seat, { shed: new Map() }, ctx))) : null);
    }));
}

// -- the header chips and the outcome -------------------------------------------------------------

/**
 * @param {ZombieCity.View} view
 */
function statusChips(view) {
  const chip = (testid, text, data, cls = "", title = "") => h("span", { class: `zc-chip ${cls}`, testid, dataset: ds(data), title }, text);
  const danger = view.at_church >= view.church_limit - 1 ? "danger" : "";
  return h("div", { class: "zc-status", testid: "zc-status" },
    chip("zc-church-count", `church zombies ${view.at_church}/${view.church_limit}`, { count: view.at_church, limit: view.church_limit }, danger,
      `zombies that reached the church; ${view.church_limit} lose the game`),
    chip("zc-cargo-count", `cargo ${view.cargo.length}/${view.need}`, { count: view.cargo.length, need: view.need }, view.cargo.length >= view.need ? "good" : "",
      "different items in the cargo bay / needed"),
    chip("zc-exit", view.exit_revealed ? "exit found" : "exit not found", { revealed: String(!!view.exit_revealed) }, view.exit_revealed ? "good" : ""),
    chip("zc-street-pile", `street pile ${view.street_pile}${view.street_pile_a ? ` (A ${view.street_pile_a})` : ""}`, { count: view.street_pile }, "",
      "sections left to reveal; every A section comes before any B (the exit is a B)"),
    chip("zc-deck", `zombie deck ${view.zombie_deck}`, { count: view.zombie_deck }),
    chip("zc-bag", `bag ${view.bag}`, { count: view.bag }, "", "zombies left in the bag"),
    chip("zc-phase", view.phase === 2 ? "phase 2: the van" : "phase 1: explore", { phase: view.phase }),
    h("span", { class: "zc-chip muted" }, `scenario ${view.scenario}`));
}

/**
 * @param {ZombieCity.View} view
 */
function outcomeBanner(view) {
  const o = view.outcome;
  if (!o) return null;
  const won = (o.winners || []).length > 0;
  return h("div", { class: `zc-outcome ${won ? "won" : "lost"}`, testid: "zc-outcome", dataset: ds({ reason: o.reason }), role: "status" },
    h("b", {}, upperFirst(o.detail || "the game is over")));
}

// -- the whole table ------------------------------------------------------------------------------

/**
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 */
function signature(view, ctx) {
  return JSON.stringify([{ ...view, clock: 0 }, (ctx.legal || []).map((l) => ctx.key(l.action)), !!ctx.busy, ctx.seat, ctx.mode, ctx.status, [...ui.selected].sort()]);
}

/**
 * @param {HTMLElement} container
 * @param {ZombieCity.View} view
 * @param {TableCtx} ctx
 */
export function render(container, view, ctx) {
  if (!SECTIONS.length) {
    container.replaceChildren(h("p", { class: "error" }, "The town's drawing could not be loaded (GET /api/games/zombie-city/assets)."));
    return;
  }
  const ix = indexLegal(ctx.legal || []);
  syncSelection(view, ix);
  const key = `${location.pathname}|${view.seat}`;
  if (ui.tableKey !== key) { // another table or seat: no cues for what already happened
    ui.tableKey = key;
    ui.lastT = null;
  }
  ui.view = view;
  ui.ctx = ctx;
  ui.ix = ix;
  ui.container = container;
  const sig = signature(view, ctx);
  if (sig === ui.sig && container.querySelector('[data-testid="zc-table"]')) {
    updateClock();
    return;
  }
  ui.sig = sig;
  const rerender = () => { ui.sig = ""; render(container, view, ctx); };
  ui.rerender = rerender;
  const table = h("div", { class: `zc-table${ctx.mode === "replay" ? " replay" : ""}`, testid: "zc-table" },
    outcomeBanner(view),
    clockPanel(view, ctx),
    statusChips(view),
    h("div", { class: "zc-main" },
      h("div", { class: "zc-townbox" }, zoomable("zombie-city", drawTown(view, ctx, ix), { maxHeight: Math.round(window.innerHeight * 0.78) }),
        h("p", { class: "zc-legend small" },
          h("span", { class: "lg" }, iconSvg("skull", 13), " main street (zombies walk out this way)"),
          h("span", { class: "lg" }, h("span", { class: "lg-entry" }, iconSvg("getaway", 12), iconSvg("fist", 12)), " to enter"),
          h("span", { class: "lg" }, h("span", { class: "lg-search" }, iconSvg("fist", 12)), " to search"),
          h("span", { class: "lg" }, h("span", { class: "lg-tile" }, "?"), " item tile"),
          h("span", { class: "lg" }, h("span", { class: "lg-target" }), " a click acts"))),
      ctx.mode === "play" && view.seat !== null && view.seat !== undefined ? ownPanel(view, ctx, ix, rerender) : null),
    playersPanel(view, ctx));
  container.replaceChildren(table);
  updateClock();
}

// -- timers and keys, once per page ---------------------------------------------------------------

setInterval(() => {
  if (!ui.container || !ui.container.isConnected || !ui.ctx || ui.ctx.mode === "replay") return;
  updateClock();
}, 200);

for (const ev of ["pointerdown", "keydown"]) {
  // a gesture lets the sound start, once the player has asked for it
  document.addEventListener(ev, () => { if (audio.wanted && (!audio.ac || audio.ac.state !== "running")) startAudio(); }, { capture: true });
}

document.addEventListener("keydown", (e) => {
  const ctx = ui.ctx;
  if (!ctx || ctx.mode !== "play" || !ui.container?.isConnected || ctx.busy) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t instanceof HTMLElement && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
  const ix = ui.ix;
  if (!ix || !ix.rolls.size) return;
  if (/^[1-5]$/.test(e.key)) {
    const i = Number(e.key) - 1;
    if (!(rollable(ix) >> i & 1)) return;
    if (ui.selected.has(i)) ui.selected.delete(i);
    else ui.selected.add(i);
    ui.rerender?.();
  } else if (e.key === "r" || e.key === "R") {
    const l = ix.rolls.get(selectionMask());
    if (l) ctx.act(l.action);
  } else if (e.key === "a" || e.key === "A") {
    const me = ui.view?.players?.find((p) => p.seat === ui.view.seat);
    const m = me ? rollAllMask(ix, me.dice) : null;
    if (m !== null) ctx.act(ix.rolls.get(m).action);
  }
});
