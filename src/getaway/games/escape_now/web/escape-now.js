// ESCAPE NOW! on the table page: the room as a grid of puzzle cards, the
// minutes-left clock, the piles, the hands, the questions, and the legal
// actions mapped onto the table (puzzles, cards in hand, the draw pile, the
// question picker). Everything is drawn from the view; nothing is hidden
// client-side that the view carries, and nothing is shown that it does not.
// Every word about the game comes from the engine: the prompt, the actions'
// labels (each button reads its action's label), the cards' printed names and
// the questions (view.card_kinds, view.question_list). Seats are named by
// ctx.seatName; the fictional hand of two players by the view's name for it.
// The pending decision is told apart by its key (pending.key: start,
// place_pawn, turn, move_discard, replenish_discard, question, answer).
//
// data-testid names of this module:
//   en-table, minutes-left (just the number), clock, draw-pile (count),
//   discard-pile (count), set-aside, layout-name, turn,
//   room, puzzle-<slot> (puzzle-A ... puzzle-F, puzzle-FINAL; data-visible,
//   data-solved), placed-card (data-card, data-as), pawn (data-colour),
//   place-pawn-<slot>, move-<slot>, point-<slot> (actions on a puzzle),
//   other-hands, own-hands, hand-<hand index> (data-colour, data-size), hand-size,
//   hand-card (a face-up card of a hand this seat sees: data-card, data-hand),
//   hand-card-back (a hidden card), tray, tray-prompt, acting-hand,
//   play-<card>, play-lucky-as-<trait>, finish (the selected card's actions),
//   discard-card-<card>, replenish-<n>, ask,
//   question-picker, ask-question-<id>, answer-word-<word>, answer-here-<slot>,
//   answer-silent, pass-start, question-log, question-entry.

import { h, s, ensureStylesheet, promptFor } from "/static/js/util.js";
import { zoomable } from "/static/js/zoom.js";

ensureStylesheet("/static/games/escape-now.css");

// The view's types are generated from the game's shapes.py (build/types/escape-now.d.ts).
/** @typedef {EscapeNow.CardKind["id"]} CardId a kind of action card: a trait or "lucky" */
/** @typedef {EscapeNow.PuzzleCard["traits"][number]} Trait */
/** @typedef {string | number | Node | null | undefined | Array<string | number | Node | null>} Child what h() takes as a child */
/** @typedef {{cx: number, cy: number, width: number, height: number}} Box a drawn puzzle's centre and size */

/** @type {Trait[]} */
const TRAITS = ["logical", "perceptive", "dexterous", "tenacious", "talkative"];
/** @type {CardId[]} */
const CARD_ORDER = [...TRAITS, "lucky"];
// the printed names of the cards, from the view (view.card_kinds), set by render()
/** @type {Record<string, string>} */
let NAME = {};
const SHORT = { logical: "LOG", perceptive: "PER", dexterous: "DEX", tenacious: "TEN", talkative: "TAL", lucky: "LUCK", finish: "FIN" };
const SYMBOL = { logical: "Σ", perceptive: "◉", dexterous: "✂", tenacious: "⚒", talkative: "❝", lucky: "★", finish: "✔" };
// the colour words of the "which colour" answer -> the trait of that colour (view.card_kinds)
/** @type {Record<string, Trait>} */
let WORD_TRAIT = {};

/**
 * Whether a kind of card is one of the five traits (not the LUCKY SHOT).
 * @param {string} id
 * @returns {id is Trait}
 */
function isTrait(id) {
  return TRAITS.some((t) => t === id);
}

// UI state kept between renders of one page (the selected card).
/** @type {{selected: CardId | null, legalSig: string}} */
const ui = { selected: null, legalSig: "" };

// -- small drawing helpers ---------------------------------------------------------------

/** How a hand is named: its seat as every screen names it ("Ann (red)"), or the
 * fictional hand as the engine names it ("the fictional blue hand").
 * @param {TableCtx} ctx
 * @param {EscapeNow.Hand} hand
 */
function handLabel(ctx, hand) {
  return hand.fictional || hand.seat === null || hand.seat === undefined ? hand.name : ctx.seatName(hand.seat);
}

/**
 * @param {EscapeNow.Hand} hand
 * @param {{big?: boolean, label?: boolean}} [options]
 */
function pawnToken(hand, { big = false, label = true } = {}) {
  return h("span", {
    class: `en-pawn pawn-${hand.colour}${big ? " big" : ""}`, testid: "pawn", dataset: { colour: hand.colour },
    title: `${hand.colour} pawn`, "aria-label": label ? `${hand.colour} pawn` : null, role: "img",
  }, hand.colour[0].toUpperCase());
}

/**
 * @param {TableCtx} ctx
 * @param {EscapeNow.Hand} hand
 */
function handTag(ctx, hand) {
  return h("span", { class: "en-handtag" }, pawnToken(hand, { label: false }), " ", handLabel(ctx, hand));
}

/**
 * "1 card", "2 cards": the page's own captions agree with their numbers.
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A face-up action card (big, in a hand).
 * @param {CardId} kind
 * @param {Record<string, unknown>} [attrs]
 * @param {string} [tag]
 */
function cardFace(kind, attrs = {}, tag = "div") {
  return h(tag, { class: `en-card trait-${kind}`, ...attrs, "aria-label": NAME[kind] },
    h("span", { class: "corner", "aria-hidden": "true" }, SYMBOL[kind]),
    h("span", { class: "symbol", "aria-hidden": "true" }, SYMBOL[kind]),
    h("span", { class: "name" }, NAME[kind]));
}

/**
 * @param {Record<string, unknown>} [attrs]
 */
function cardBack(attrs = {}) {
  return h("div", { class: "en-card back", ...attrs, "aria-label": "a hidden card" }, h("span", { class: "back-mark", "aria-hidden": "true" }, "◆"));
}

/**
 * A placed card by a puzzle: small, coloured; a LUCKY SHOT shows what it counts as.
 * @param {EscapeNow.Placed} p
 */
function miniCard(p) {
  const as = p.as;
  const lucky = p.card === "lucky";
  const title = lucky ? (as === "finish" ? `${NAME.lucky} that finished the puzzle` : `${NAME.lucky} counted as ${NAME[as]}`) : NAME[p.card];
  return h("span", { class: `en-mini trait-${p.card}${lucky ? " lucky" : ""}`, testid: "placed-card", dataset: { card: p.card, as }, title, "aria-label": title },
    h("span", { class: "sym", "aria-hidden": "true" }, SYMBOL[p.card]),
    lucky ? h("span", { class: `as trait-${as}`, "aria-hidden": "true" }, as === "finish" ? "FIN" : SHORT[as]) : h("span", { class: "as-text", "aria-hidden": "true" }, SHORT[p.card]));
}

/**
 * @param {Trait} t
 * @param {boolean} present
 */
function traitChip(t, present) {
  return h("span", { class: `en-trait trait-${t}${present ? " present" : " missing"}`, title: present ? `${NAME[t]}: present` : `${NAME[t]}: still missing` },
    h("span", { class: "sym", "aria-hidden": "true" }, SYMBOL[t]), NAME[t], present ? h("span", { class: "tick", "aria-label": "present" }, " ✓") : null);
}

/**
 * @param {TableCtx} ctx
 * @param {LegalAction} l
 * @param {Child} text
 * @param {{class?: string, testid?: string}} [attrs]
 */
function actionBtn(ctx, l, text, attrs = {}) {
  return h("button", {
    type: "button", class: `btn en-act ${attrs.class || ""}`, testid: attrs.testid, title: l.label,
    disabled: ctx.busy, dataset: { kind: l.action.kind }, onclick: (e) => { e.stopPropagation(); ctx.act(l.action); },
  }, text ?? l.label);
}

/**
 * @param {LegalAction[]} legal
 * @param {string} kind
 */
const byKind = (legal, kind) => legal.filter((l) => l.action.kind === kind);

// -- whose decision is it ------------------------------------------------------------------

/**
 * @param {EscapeNow.View} view
 * @param {number} hand
 * @returns {number | null}
 */
function controllerOf(view, hand) {
  const hd = view.hands[hand];
  return hd && hd.fictional ? view.fictional_holder : hand;
}

/**
 * The hand the pending decision is about (for the seat deciding), or null.
 * @param {EscapeNow.View} view
 * @param {number | null} seat
 * @returns {number | null}
 */
function actingHand(view, seat) {
  const p = view.pending;
  if (!p) return null;
  if (p.key === "answer") {
    const q = view.questions[view.questions.length - 1];
    if (!q) return null;
    const done = new Set(q.answers.map((a) => a.hand));
    const n = view.hands.length;
    const waiting = [];
    for (let k = 1; k < n; k++) {
      const hd = (q.asker + k) % n;
      if (!done.has(hd)) waiting.push(hd);
    }
    if (seat === null || seat === undefined) return waiting.length ? waiting[0] : null;
    const mine = waiting.find((hd) => controllerOf(view, hd) === seat);
    return mine ?? null;
  }
  // every other decision names its hand (start, place_pawn, turn, move_discard, replenish_discard, question)
  if (p.hand !== null && p.hand !== undefined) return p.hand;
  return view.turn ?? null;
}

// -- the room ---------------------------------------------------------------------------

/**
 * @param {EscapeNow.Puzzle} p
 * @param {LegalAction[]} legal
 * @param {TableCtx} ctx
 */
function puzzleActions(p, legal, ctx) {
  const out = [];
  for (const l of legal) {
    const a = l.action;
    if (a.puzzle !== p.index) continue;
    const where = p.final ? "FINAL" : p.slot;
    if (a.kind === "place_pawn") out.push(actionBtn(ctx, l, l.label, { testid: `place-pawn-${where}`, class: "primary" }));
    else if (a.kind === "move") out.push(actionBtn(ctx, l, l.label, { testid: `move-${where}` }));
    else if (a.kind === "point") out.push(actionBtn(ctx, l, l.label, { testid: `point-${where}`, class: "answer" }));
  }
  return out;
}

/**
 * @param {EscapeNow.Puzzle} p
 */
function slotsRow(p) {
  if (p.face_down) {
    return h("div", { class: "en-slots facedown-note" }, "solved — its cards lie face down (expert rule)");
  }
  const placed = p.placed || [];
  const cells = placed.map(miniCard);
  if (!p.solved) for (let i = placed.length; i < p.needed; i++) cells.push(h("span", { class: "en-mini empty", "aria-hidden": "true" }));
  return h("div", { class: "en-slots" }, h("div", { class: "cells" }, cells),
    h("span", { class: "count", title: "cards placed / cards needed" }, p.solved ? plural(placed.length, "card") : `${placed.length}/${p.needed}`));
}

/**
 * @param {EscapeNow.Puzzle} p
 * @param {EscapeNow.View} view
 * @param {number | null} highlightHand
 */
function pawnsRow(p, view, highlightHand) {
  if (!p.pawns.length) return h("div", { class: "en-pawns empty" }, "");
  return h("div", { class: "en-pawns" }, p.pawns.map((hd) => {
    const t = pawnToken(view.hands[hd]);
    if (hd === highlightHand) t.classList.add("acting");
    return t;
  }));
}

/**
 * @param {EscapeNow.Puzzle} p
 * @param {EscapeNow.View} view
 * @param {TableCtx} ctx
 * @param {number | null} acting the hand the pending decision is about
 */
function puzzleCard(p, view, ctx, acting) {
  const where = p.final ? "FINAL" : p.slot;
  const actions = puzzleActions(p, ctx.legal, ctx);
  const common = { testid: `puzzle-${where}`, dataset: { visible: String(p.visible), solved: String(p.solved), slot: where }, "aria-label": `${p.final ? "the FINAL puzzle" : `puzzle ${p.slot}`}${p.visible ? "" : ", face down"}${p.solved ? ", solved" : ""}` };
  if (!p.visible) {
    const after = p.after.map((a) => {
      const src = view.puzzles.find((q) => q.slot === a);
      return h("span", { class: `after ${src && src.solved ? "done" : ""}` }, a === "FINAL" ? "FINAL" : a, src && src.solved ? " ✓" : "");
    });
    const backs = p.final
      ? h("div", { class: "en-final-backs" }, h("div", { class: "en-pback" }, h("span", {}, "?")), h("div", { class: "en-pback" }, h("span", {}, "?")))
      : h("div", { class: "en-pback" }, h("span", {}, "?"));
    return h("article", { class: `en-puzzle facedown ${p.final ? "final" : ""}`, ...common },
      h("header", {}, h("span", { class: "slot" }, where), h("span", { class: "pname muted" }, p.final ? "double puzzle, face down" : "face down")),
      backs,
      h("p", { class: "opens" }, p.after.length ? ["opens after ", after.map((x, i) => [i ? (i === after.length - 1 ? " and " : ", ") : "", x])] : "face down"),
      pawnsRow(p, view, acting),
      actions.length ? h("div", { class: "en-pactions" }, actions) : null);
  }
  const present = new Set(p.present || []);
  const onIt = acting !== null && view.hands[acting]?.pawn === p.index;
  const dest = view.pending && view.pending.key === "move_discard" && view.pending.puzzle === p.index;
  const cls = `en-puzzle faceup ${p.final ? "final" : ""} ${p.solved ? "solved" : ""} ${onIt ? "acting-here" : ""} ${actions.length ? "actionable" : ""}${dest ? " move-dest" : ""}`;
  let head;
  if (p.final) {
    head = h("div", { class: "en-final-halves" }, (p.cards || []).map((c) => h("div", { class: "half" },
      h("div", { class: "pname" }, c.name),
      h("div", { class: "half-traits" }, c.traits.map((t) => h("span", { class: `en-dot trait-${t}`, title: NAME[t] }, SYMBOL[t]))))));
  }
  return h("article", { class: cls, ...common },
    h("header", {},
      h("span", { class: "slot" }, where),
      p.final ? h("span", { class: "pname" }, "the double FINAL puzzle") : h("span", { class: "pname" }, (p.cards || []).map((c) => c.name).join(" + ")),
      p.solved ? h("span", { class: "solved-mark", title: "solved" }, "SOLVED") : null,
    dest ? h("span", { class: "dest-mark" }, "moving here") : null),
    head || null,
    h("div", { class: "en-traits" }, (p.traits || []).map((t) => traitChip(t, present.has(t)))),
    slotsRow(p),
    pawnsRow(p, view, acting),
    actions.length ? h("div", { class: "en-pactions" }, actions) : null);
}

/**
 * @param {EscapeNow.View} view
 * @param {TableCtx} ctx
 * @param {number | null} acting the hand the pending decision is about
 */
function room(view, ctx, acting) {
  const cols = 1 + Math.max(...view.puzzles.map((p) => p.at[0]));
  const rows = 1 + Math.max(...view.puzzles.map((p) => p.at[1]));
  const taken = new Set(view.puzzles.filter((p) => !p.final).map((p) => `${p.at[0]},${p.at[1]}`));
  const grid = h("div", { class: "en-room", testid: "room", style: { "--cols": cols, "--rows": rows } });
  for (const p of view.puzzles) {
    const el = puzzleCard(p, view, ctx, acting);
    let c = p.at[0];
    const r = p.at[1];
    let span = 1;
    if (p.final) {
      let from = c;
      if (c - 1 >= 0 && !taken.has(`${c - 1},${r}`)) { from = c - 1; span++; }
      if (c + 1 < cols && !taken.has(`${c + 1},${r}`)) span++;
      c = from;
      if (span < 2) el.classList.add("stacked");
    }
    el.style.gridColumn = `${c + 1} / span ${span}`;
    el.style.gridRow = `${r + 1}`;
    el.dataset.index = String(p.index);
    grid.append(el);
  }
  const arrows = s("svg", { class: "en-arrows", "aria-hidden": "true" },
    s("defs", {},
      s("marker", { id: "en-head", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" }, s("path", { d: "M0,0 L10,5 L0,10 z", class: "head" })),
      s("marker", { id: "en-head-on", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" }, s("path", { d: "M0,0 L10,5 L0,10 z", class: "head on" }))));
  grid.prepend(arrows);
  requestAnimationFrame(() => drawArrows(grid, arrows, view));
  return h("div", { class: "en-room-wrap" }, zoomable("escape-now", grid));
}

/**
 * @param {Box} r
 * @param {number} dx
 * @param {number} dy
 * @param {number} pad
 * @returns {[number, number]}
 */
function edgePoint(r, dx, dy, pad) {
  const hw = r.width / 2 + pad;
  const hh = r.height / 2 + pad;
  const t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  return [r.cx + dx * t, r.cy + dy * t];
}

/**
 * @param {HTMLElement} grid
 * @param {SVGSVGElement} svg
 * @param {EscapeNow.View} view
 */
function drawArrows(grid, svg, view) {
  if (!grid.isConnected) return;
  svg.setAttribute("width", String(grid.scrollWidth));
  svg.setAttribute("height", String(grid.scrollHeight));
  const rect = {};
  // layout offsets, not screen boxes: the room may be scaled by its zoom (zoom.js)
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (grid.querySelectorAll(".en-puzzle"))) {
    rect[el.dataset.slot] = { cx: el.offsetLeft + el.offsetWidth / 2, cy: el.offsetTop + el.offsetHeight / 2, width: el.offsetWidth, height: el.offsetHeight };
  }
  for (const p of view.puzzles) {
    const to = rect[p.final ? "FINAL" : p.slot];
    for (const a of p.after) {
      const from = rect[a];
      if (!from || !to) continue;
      const dx = to.cx - from.cx;
      const dy = to.cy - from.cy;
      const len = Math.hypot(dx, dy) || 1;
      const [x1, y1] = edgePoint(from, dx / len, dy / len, 3);
      const [x2, y2] = edgePoint(to, -dx / len, -dy / len, 5);
      const src = view.puzzles.find((q) => q.slot === a);
      const on = !!(src && src.solved);
      svg.append(s("line", { x1, y1, x2, y2, class: `arrow${on ? " on" : ""}`, "marker-end": `url(#${on ? "en-head-on" : "en-head"})` }));
    }
  }
}

// -- top strip: clock and piles ---------------------------------------------------------------

/**
 * @param {EscapeNow.View} view
 */
function totalCards(view) {
  let placed = 0;
  for (const p of view.puzzles) if (p.visible && !p.face_down) placed += (p.placed || []).length;
  return view.minutes_left + view.discard_pile + placed;
}

/**
 * @param {EscapeNow.View} view
 */
function clock(view) {
  const total = Math.max(1, totalCards(view));
  const frac = Math.max(0, Math.min(1, view.minutes_left / total));
  const R = 46;
  const C = 2 * Math.PI * R;
  const level = frac > 0.5 ? "ok" : frac > 0.25 ? "warn" : "danger";
  return h("div", { class: `en-clock ${level}`, testid: "clock", title: `${view.minutes_left} of ${plural(total, "minute")} left: cards in hands + draw pile` },
    s("svg", { viewBox: "0 0 110 110", class: "dial", "aria-hidden": "true" },
      s("circle", { cx: 55, cy: 55, r: R, class: "track" }),
      s("circle", { cx: 55, cy: 55, r: R, class: "fill", "stroke-dasharray": `${(C * frac).toFixed(2)} ${C.toFixed(2)}`, transform: "rotate(-90 55 55)" }),
      [...Array(12)].map((_, i) => s("line", { x1: 55, y1: 6, x2: 55, y2: 12, class: "tick", transform: `rotate(${i * 30} 55 55)` }))),
    h("div", { class: "readout" },
      h("span", { class: "num", testid: "minutes-left" }, String(view.minutes_left)),
      h("span", { class: "unit" }, `${view.minutes_left === 1 ? "minute" : "minutes"} left`)));
}

/**
 * @param {"draw" | "discard"} kind
 * @param {number} count
 * @param {Child} [extra]
 */
function pile(kind, count, extra) {
  const layers = Math.min(5, Math.ceil(count / 8));
  return h("div", { class: `en-pile ${kind}` },
    h("div", { class: "stack", "aria-hidden": "true" },
      count ? [...Array(Math.max(1, layers))].map((_, i) => h("div", { class: "en-card back layer", style: { transform: `translate(${i * 2}px, ${-i * 2}px)` } }, i === Math.max(1, layers) - 1 ? h("span", { class: "back-mark" }, "◆") : null))
        : h("div", { class: "en-card empty-pile" }, "empty")),
    h("div", { class: "pile-label" }, h("span", { class: "count", testid: kind === "draw" ? "draw-pile" : "discard-pile" }, String(count)), " ", kind === "draw" ? "in the draw pile" : "discarded"),
    extra || null);
}

// -- hands ----------------------------------------------------------------------------

/**
 * A hand's cards one by one, in the cards' order.
 * @param {EscapeNow.HandCards} cards
 * @returns {CardId[]}
 */
function expand(cards) {
  /** @type {CardId[]} */
  const out = [];
  for (const k of CARD_ORDER) for (let i = 0; i < (cards[k] || 0); i++) out.push(k);
  return out;
}

/**
 * @param {LegalAction[]} legal
 * @param {CardId} kind
 */
function cardLegal(legal, kind) {
  return legal.filter((l) => (l.action.kind === "play" && l.action.card === kind) || (l.action.kind === "finish" && kind === "lucky") || (l.action.kind === "discard" && l.action.card === kind));
}

/**
 * @param {EscapeNow.Hand} hand
 * @param {EscapeNow.View} view
 * @param {TableCtx} ctx
 * @param {number | null} acting the hand the pending decision is about
 */
function handPanel(hand, view, ctx, acting) {
  const visible = !!hand.cards;
  const isActing = hand.hand === acting && ctx.legal.length > 0;
  const holder = view.fictional_holder;
  const whoText = hand.fictional && holder !== null && holder !== undefined ? `held by ${ctx.seatName(holder)}` : "";
  const on = hand.pawn === null || hand.pawn === undefined ? "pawn not placed" : `pawn on ${view.puzzles[hand.pawn].final ? "the FINAL" : view.puzzles[hand.pawn].slot}`;
  let cards;
  if (visible) {
    const list = expand(hand.cards);
    cards = list.map((k, i) => {
      const opts = isActing ? cardLegal(ctx.legal, k) : [];
      const selected = isActing && ui.selected === k && opts.length;
      const attrs = { testid: "hand-card", dataset: { card: k, hand: String(hand.hand), i: String(i) }, class: `en-card trait-${k}${opts.length ? " playable" : ""}${selected ? " selected" : ""}` };
      if (opts.length) {
        return cardFace(k, {
          ...attrs, type: "button", disabled: ctx.busy, "aria-pressed": selected ? "true" : "false",
          title: opts.map((o) => o.label).join(" / "),
          onclick: () => {
            // choosing the card to discard: one click does it; otherwise select, then pick the play
            if (opts.length === 1 && opts[0].action.kind === "discard") { ctx.act(opts[0].action); return; }
            ui.selected = ui.selected === k ? null : k;
            ctx.rerender();
          },
        }, "button");
      }
      return cardFace(k, attrs);
    });
    if (!list.length) cards = [h("span", { class: "muted empty-hand" }, "no cards")];
  } else {
    cards = [...Array(hand.size)].map(() => cardBack({ testid: "hand-card-back" }));
    if (!hand.size) cards = [h("span", { class: "muted empty-hand" }, "no cards")];
  }
  const mine = visible && ctx.seat !== null;
  return h("section", {
    class: `en-hand pawn-${hand.colour}${mine ? " mine" : ""}${isActing ? " acting" : ""}${view.turn === hand.hand ? " turn" : ""}`,
    testid: `hand-${hand.hand}`, dataset: { colour: hand.colour, size: String(hand.size) }, "aria-label": `${handLabel(ctx, hand)}, ${plural(hand.size, "card")}`,
  },
  h("header", {},
    pawnToken(hand, { big: true }),
    h("div", { class: "who" }, h("strong", {}, handLabel(ctx, hand), mine ? (hand.fictional ? " — you hold it" : " — you") : ""), whoText ? h("span", { class: "small" }, whoText) : null),
    h("div", { class: "size" }, h("span", { class: "n", testid: "hand-size" }, String(hand.size)), h("span", { class: "small" }, hand.size === 1 ? "card" : "cards")),
  ),
  h("div", { class: `cards${visible ? " faceup" : " hidden"}` }, cards),
  h("footer", { class: "small muted" }, on, view.turn === hand.hand ? h("span", { class: "turn-flag" }, " · its turn") : null));
}

// -- questions -----------------------------------------------------------------------------

/**
 * @param {EscapeNow.View} view
 * @param {string} word the answer: a word, "here:<puzzle index>", or "" for silence
 */
function answerWord(view, word) {
  if (word === "" || word === null || word === undefined) return h("span", { class: "en-word silent" }, "silent");
  if (word.startsWith("here:")) {
    const p = view.puzzles[Number(word.slice(5))];
    return h("span", { class: "en-word here" }, `here → ${p ? (p.final ? "FINAL" : p.slot) : "?"}`);
  }
  const t = WORD_TRAIT[word];
  return h("span", { class: `en-word${t ? ` trait-${t}` : ""} w-${word}` }, word);
}

/**
 * @param {EscapeNow.View} view
 * @param {TableCtx} ctx
 */
function questionLog(view, ctx) {
  const qs = view.questions || [];
  const open = view.pending && view.pending.key === "answer";
  return h("section", { class: "en-questions", testid: "question-log", "aria-label": "questions and answers" },
    h("h3", {}, "Questions ", h("span", { class: "small muted" }, "— the only talk allowed")),
    qs.length ? h("ol", {}, qs.map((q, i) => {
      const asker = view.hands[q.asker];
      const last = i === qs.length - 1 && open;
      const answered = new Set(q.answers.map((a) => a.hand));
      const waiting = last ? view.hands.filter((hd) => hd.hand !== q.asker && !answered.has(hd.hand)) : [];
      return h("li", { class: `question${last ? " open" : ""}`, testid: "question-entry" },
        h("div", { class: "q" }, handTag(ctx, asker), " asked ", h("q", {}, q.text)),
        h("div", { class: "answers" },
          q.answers.map((a) => h("span", { class: "ans" }, pawnToken(view.hands[a.hand]), answerWord(view, a.answer))),
          waiting.map((hd) => h("span", { class: "ans waiting" }, pawnToken(hd), h("span", { class: "en-word pending" }, "…")))));
    })) : h("p", { class: "muted small" }, "No questions yet. Asking costs a minute: the top card of the draw pile."));
}

// -- the action tray ---------------------------------------------------------------------------

/**
 * @param {EscapeNow.View} view
 * @param {TableCtx} ctx
 * @param {number | null} acting the hand the pending decision is about
 */
function tray(view, ctx, acting) {
  const legal = ctx.legal;
  const p = view.pending;
  const box = h("section", { class: "en-tray", testid: "tray", "aria-label": "your decision" });
  const outcome = view.outcome;
  if (outcome) {
    box.classList.add(outcome.winners && outcome.winners.length ? "won" : "lost");
    const won = outcome.winners && outcome.winners.length;
    const detail = outcome.detail ? outcome.detail[0].toUpperCase() + outcome.detail.slice(1) : "";
    box.append(h("p", { class: "tray-prompt big", testid: "tray-prompt" }, detail || (won ? "The team escaped!" : "The team did not escape.")));
    return box;
  }
  if (ctx.status === "open") {
    box.classList.add("idle");
    box.append(h("p", { class: "tray-prompt", testid: "tray-prompt" }, "The game starts as soon as every human seat is taken."));
    return box;
  }
  if (!legal.length) {
    if (!p) return box;
    box.append(h("p", { class: "tray-prompt", testid: "tray-prompt" }, promptFor(p, legal, ctx.seatName)));
    box.classList.add("idle");
    return box;
  }
  const hand = acting !== null ? view.hands[acting] : null;
  box.append(h("p", { class: "tray-prompt", testid: "tray-prompt" }, h("strong", {}, p ? p.prompt : "")));
  if (hand && (hand.fictional || ctx.seat !== hand.hand)) {
    box.append(h("p", { class: "acting-hand", testid: "acting-hand" }, "You decide for ", handTag(ctx, hand), "."));
  }
  const kinds = new Set(legal.map((l) => l.action.kind));
  const rows = [];

  if (kinds.has("place_pawn")) rows.push(h("p", { class: "hint" }, "The face-up puzzles carry the buttons to place the pawn."));
  if (kinds.has("pass") && p?.key === "start") {
    rows.push(h("div", { class: "row" }, byKind(legal, "pass").map((l) => actionBtn(ctx, l, l.label, { testid: "pass-start" }))));
  }

  // Solve: the selected card's actions
  if (kinds.has("play") || kinds.has("finish")) {
    const sel = ui.selected;
    const opts = sel ? cardLegal(legal, sel).filter((l) => l.action.kind !== "discard") : [];
    const pz = hand && hand.pawn !== null && hand.pawn !== undefined ? view.puzzles[hand.pawn] : null;
    const where = pz ? (pz.final ? "the FINAL" : `puzzle ${pz.slot}`) : "your puzzle";
    if (opts.length) {
      rows.push(h("div", { class: "row solve" }, h("span", { class: "row-label" }, `Solve ${where}:`),
        opts.map((l) => {
          const a = l.action;
          const tid = a.kind === "finish" ? "finish" : a.card === a.trait ? `play-${a.card}` : `play-${a.card}-as-${a.trait}`;
          return actionBtn(ctx, l, l.label, { testid: tid, class: `card-action trait-${a.kind === "finish" ? "lucky" : a.trait}` });
        })));
    } else {
      const playable = [...new Set(legal.filter((l) => l.action.kind === "play").map((l) => l.action.card))];
      if (kinds.has("finish") && !playable.includes("lucky")) playable.push("lucky");
      rows.push(h("p", { class: "hint solve" }, `Solve: select a card in your hand to put it by ${where} (`,
        playable.map((k, i) => [i ? ", " : "", h("span", { class: `en-word trait-${k}` }, NAME[k])]), ")."));
    }
  }
  if (kinds.has("move")) rows.push(h("p", { class: "hint" }, "Move: the other face-up puzzles carry the buttons; a move costs the card you then discard."));
  // replenish
  const rep = byKind(legal, "replenish").sort((a, b) => a.action.draw - b.action.draw);
  if (rep.length) {
    rows.push(h("div", { class: "row replenish" },
      rep.map((l) => actionBtn(ctx, l, l.label, { testid: `replenish-${l.action.draw}`, class: "num" }))));
  }
  const ask = byKind(legal, "ask");
  if (ask.length) rows.push(h("div", { class: "row" }, actionBtn(ctx, ask[0], ask[0].label, { testid: "ask" })));
  // discards
  const disc = byKind(legal, "discard");
  if (disc.length) {
    rows.push(h("div", { class: "row discard" }, h("span", { class: "row-label" }, "Or click the card in your hand:"),
      disc.map((l) => actionBtn(ctx, l, l.label, { testid: `discard-card-${l.action.card}`, class: `trait-${l.action.card} card-btn` }))));
  }
  // the question picker
  const qs = byKind(legal, "question");
  if (qs.length) {
    rows.push(h("div", { class: "en-picker", testid: "question-picker" }, h("p", { class: "row-label" }, "Pick one question. Every other hand may answer with one of the words shown, or stay silent:"),
      h("ul", {}, qs.map((l) => {
        const id = l.action.question;
        const words = (view.question_list || []).find((q) => q.id === id)?.answers || [];
        return h("li", {}, actionBtn(ctx, l, [h("span", { class: "qtext" }, l.label),
          h("span", { class: "qwords" }, words.map((w) => (w === "here" ? h("span", { class: "en-word here" }, "here (points)") : answerWord(view, w))))], { testid: `ask-question-${id}`, class: "question-btn" }));
      }))));
  }
  // answers
  const ans = byKind(legal, "answer");
  const pts = byKind(legal, "point");
  if (p?.key === "answer") {
    const q = view.questions[view.questions.length - 1];
    rows.push(h("div", { class: "row answer" },
      q ? h("p", { class: "row-label" }, handTag(ctx, view.hands[q.asker]), " asks ", h("q", {}, q.text), hand ? [" — answer for ", handTag(ctx, hand), ":"] : ":") : null,
      ans.map((l) => actionBtn(ctx, l, l.label, { testid: `answer-word-${l.action.word}`, class: `answer-btn w-${l.action.word}${WORD_TRAIT[l.action.word] ? ` trait-${WORD_TRAIT[l.action.word]}` : ""}` })),
      pts.map((l) => {
        const pz = view.puzzles[l.action.puzzle];
        const where = pz.final ? "FINAL" : pz.slot;
        return actionBtn(ctx, l, l.label, { testid: `answer-here-${where}`, class: "answer-btn" });
      }),
      byKind(legal, "pass").map((l) => actionBtn(ctx, l, l.label, { testid: "answer-silent", class: "silent" }))));
    if (pts.length) rows.push(h("p", { class: "hint" }, "To answer “here”, click a puzzle's button or one of the buttons above."));
  }
  box.append(...rows);
  return box;
}

// -- the whole table ------------------------------------------------------------------------

/**
 * @param {HTMLElement} container
 * @param {EscapeNow.View} view
 * @param {TableCtx} ctx
 */
export function render(container, view, ctx) {
  const sig = ctx.legal.map((l) => ctx.key(l.action)).join("|");
  if (sig !== ui.legalSig) { ui.legalSig = sig; ui.selected = null; }
  const rerender = () => render(container, view, ctx);
  ctx = { ...ctx, rerender };
  NAME = Object.fromEntries((view.card_kinds || []).map((c) => [c.id, c.name]));
  WORD_TRAIT = {};
  for (const c of view.card_kinds || []) if (isTrait(c.id)) WORD_TRAIT[c.colour] = c.id;
  const acting = actingHand(view, ctx.seat);
  if (ui.selected && !cardLegal(ctx.legal, ui.selected).length) ui.selected = null;
  const mineFirst = [...view.hands].sort((a, b) => (b.cards ? 1 : 0) - (a.cards ? 1 : 0) || a.hand - b.hand);
  const own = mineFirst.filter((hd) => hd.cards && ctx.seat !== null);
  const others = view.hands.filter((hd) => !own.includes(hd));

  const turnHand = view.turn !== null && view.turn !== undefined ? view.hands[view.turn] : null;
  const top = h("section", { class: "en-top" },
    clock(view),
    pile("draw", view.draw_pile),
    pile("discard", view.discard_pile),
    h("div", { class: "en-info" },
      h("div", { class: "layout", testid: "layout-name" }, h("span", { class: "small muted" }, "room "), h("strong", {}, view.layout?.name || ""), h("span", { class: "small muted" }, ` (${view.layout?.id || ""})`)),
      h("div", { class: "small muted", testid: "set-aside" }, `${plural(view.set_aside, "puzzle card")} set aside unseen`),
      view.options?.expert ? h("div", { class: "small badge-line" }, "expert: solved puzzles' cards go face down") : null,
      view.options?.hard ? h("div", { class: "small badge-line" }, `hard: fewer ${NAME.lucky}s`) : null,
      h("div", { class: "turn", testid: "turn" }, turnHand ? ["turn: ", handTag(ctx, turnHand)] : view.pending ? "setting up: placing pawns" : ""),
      view.fictional_holder !== null && view.fictional_holder !== undefined
        ? h("div", { class: "small" }, "fictional hand held by ", h("strong", {}, ctx.seatName(view.fictional_holder))) : null));

  const root = h("div", { class: `en-table${ctx.mode === "replay" ? " replay" : ""}`, testid: "en-table" },
    top,
    // the seat's own hand and the decision before the room: both in sight without scrolling
    own.length ? h("section", { class: "en-hands own", testid: "own-hands", "aria-label": "your hand" }, own.map((hd) => handPanel(hd, view, ctx, acting))) : null,
    ctx.mode === "replay" ? null : tray(view, ctx, acting),
    h("div", { class: "en-middle" }, room(view, ctx, acting), questionLog(view, ctx)),
    others.length ? h("section", { class: "en-hands others", testid: "other-hands", "aria-label": own.length ? "the other hands" : "the hands" }, others.map((hd) => handPanel(hd, view, ctx, acting))) : null);
  container.replaceChildren(root);
}
