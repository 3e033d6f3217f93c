// A zoomable board, shared by the games' modules: zoomable(key, board) wraps a board
// (an SVG map or an HTML grid) in a window that fits the board to its width by default,
// with zoom in / out / fit buttons, ctrl-wheel (and a trackpad's pinch), a two-finger
// pinch, and drag to pan once zoomed in. The window keeps the height of the fitted board
// whatever the zoom, so zooming never moves the rest of the page, and the zoom survives
// the module's re-renders (kept per key). Styles: css/getaway.css ("zoomable boards").
//
// data-testid names: zoom-<key> (the window, data-scale holds the board's scale now),
// zoom-in, zoom-out, zoom-fit (its buttons).

import { h } from "./util.js";

const MAX = 4; // the most zoom, times the fitted scale
const STEP = 1.4;
const DRAG = 6; // px a pointer moves before a press becomes a pan (a shorter one is a click)

/**
 * @typedef {{ z: number, x: number, y: number, fit: number, w: number, hgt: number,
 *   ro: ResizeObserver | null, apply?: () => void, view?: HTMLElement,
 *   zoomAt?: (f: number, px?: number, py?: number) => void }} ZoomState
 * z: the zoom over the fitted scale (1 = fit); x, y: the pan in screen px;
 * fit: the fitted scale; w, hgt: the board's own size (unscaled)
 */

/** @type {Map<string, ZoomState>} */
const states = new Map();

/** @param {string} key */
function stateOf(key) {
  let st = states.get(key);
  if (!st) {
    st = { z: 1, x: 0, y: 0, fit: 1, w: 0, hgt: 0, ro: null };
    states.set(key, st);
  }
  return st;
}

// The press, drag or pinch under way, kept here rather than on the board's elements: a
// module redraws its board when the game moves on (a bot's move), and a drag goes on
// over the new drawing (the state's apply and zoomAt are the newest drawing's).
/** @type {{ key: string, id: number, x: number, y: number, px: number, py: number, moved: boolean } | null} */
let press = null;
/** @type {{ key: string, d: number, z: number } | null} */
let pinch = null;
/** @type {Map<number, {x: number, y: number}>} */
const touches = new Map();
let swallowUntil = 0; // the click that ends a drag is swallowed until then

function spread() {
  const [a, b] = [...touches.values()];
  return Math.hypot(a.x - b.x, a.y - b.y);
}

window.addEventListener("pointermove", (e) => {
  if (!touches.has(e.pointerId)) return;
  touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pinch && touches.size === 2) {
    const st = states.get(pinch.key);
    if (!st?.view || !st.zoomAt) return;
    const r = st.view.getBoundingClientRect();
    const [a, b] = [...touches.values()];
    st.zoomAt(pinch.z * (spread() / pinch.d) / st.z, (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
    return;
  }
  if (!press || press.id !== e.pointerId) return;
  const st = states.get(press.key);
  if (!st || st.z <= 1.001) return;
  const dx = e.clientX - press.px;
  const dy = e.clientY - press.py;
  if (!press.moved && Math.hypot(dx, dy) < DRAG) return;
  press.moved = true;
  st.x = press.x + dx;
  st.y = press.y + dy;
  st.apply?.();
});

/** @param {PointerEvent} e */
function release(e) {
  touches.delete(e.pointerId);
  if (touches.size < 2) pinch = null;
  if (press && press.id === e.pointerId) {
    if (press.moved) swallowUntil = performance.now() + 400;
    press = null;
  }
}
window.addEventListener("pointerup", release);
window.addEventListener("pointercancel", release);

/**
 * Wrap a board in a zoomable window.
 * @param {string} key  names the board (its zoom is kept under it across re-renders)
 * @param {Element} board  the board: an SVG with a viewBox, or an HTML element
 * @param {{ width?: number, maxFit?: number, maxHeight?: number, label?: string }} [opts]
 *   width: the board's own width in px (default: an SVG's viewBox width, else the natural width);
 *   maxFit: the largest fitted scale (default: an SVG fills the width, an HTML board is never
 *   blown up); maxHeight: the most height in px the fitted board takes (default: no limit)
 * @returns {HTMLElement}
 */
export function zoomable(key, board, opts = {}) {
  const st = stateOf(key);
  st.ro?.disconnect();
  const isSvg = board instanceof SVGSVGElement;
  const width = opts.width || (isSvg ? board.viewBox.baseVal?.width : 0) || 0;
  const maxFit = opts.maxFit ?? (isSvg ? Infinity : 1);
  const stage = h("div", { class: "zoom-stage" }, board);
  if (width) stage.style.width = `${width}px`;
  const view = h("div", { class: "zoom-view" }, stage);
  const scaleNow = () => st.fit * st.z;
  const btn = (testid, text, title, onclick) =>
    h("button", { type: "button", class: "btn small zoom-btn", testid, title, "aria-label": title, onclick }, text);
  const outBtn = btn("zoom-out", "−", "zoom out", () => zoomAt(1 / STEP));
  const inBtn = btn("zoom-in", "+", "zoom in", () => zoomAt(STEP));
  const fitBtn = btn("zoom-fit", "fit", "fit the board to the window", () => { st.z = 1; st.x = 0; st.y = 0; apply(); });
  const box = h("div", { class: "zoomable", testid: `zoom-${key}`, role: "group", "aria-label": opts.label || "the board" },
    view, h("div", { class: "zoom-bar" }, outBtn, fitBtn, inBtn));

  /** Clamp the pan so the board always covers the window. */
  function clamp() {
    const sc = scaleNow();
    const vw = view.clientWidth || st.w * st.fit;
    const vh = st.hgt * st.fit;
    st.x = Math.min(0, Math.max(vw - st.w * sc, st.x));
    st.y = Math.min(0, Math.max(vh - st.hgt * sc, st.y));
    if (st.z <= 1) { st.x = Math.max(0, (vw - st.w * sc) / 2); st.y = 0; }
  }

  function apply() {
    clamp();
    const sc = scaleNow();
    stage.style.transform = `translate(${st.x}px, ${st.y}px) scale(${sc})`;
    view.style.height = `${Math.ceil(st.hgt * st.fit)}px`;
    box.dataset.scale = sc.toFixed(3);
    box.classList.toggle("zoomed", st.z > 1.001);
    outBtn.disabled = st.z <= 1.001;
    inBtn.disabled = st.z >= MAX - 0.001;
    fitBtn.disabled = st.z <= 1.001;
  }

  /** Zoom by a factor around a point of the window (default: its centre). */
  function zoomAt(f, px, py) {
    const z = Math.min(MAX, Math.max(1, st.z * f));
    const r = view.getBoundingClientRect();
    const cx = px ?? r.width / 2;
    const cy = py ?? r.height / 2;
    const k = z / st.z;
    st.x = cx - (cx - st.x) * k;
    st.y = cy - (cy - st.y) * k;
    st.z = z;
    apply();
  }

  function measure() {
    const w = width || stage.offsetWidth;
    const hgt = stage.offsetHeight;
    const vw = view.clientWidth;
    if (!w || !hgt || !vw) return;
    st.w = w;
    st.hgt = hgt;
    st.fit = Math.min(maxFit, vw / w, opts.maxHeight ? opts.maxHeight / hgt : Infinity);
    apply();
  }

  // the last known size first (no jump on a re-render), then the real one
  if (st.w) apply();
  const ro = new ResizeObserver(() => measure());
  ro.observe(view);
  ro.observe(stage);
  st.ro = ro;

  view.addEventListener("wheel", (e) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    const r = view.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });

  st.apply = apply;
  st.zoomAt = zoomAt;
  st.view = view;
  view.addEventListener("pointerdown", (e) => {
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2) { pinch = { key, d: spread(), z: st.z }; press = null; }
    else press = { key, id: e.pointerId, x: st.x, y: st.y, px: e.clientX, py: e.clientY, moved: false };
  });
  // a press that panned is no click on what lies under it
  view.addEventListener("click", (e) => {
    if (performance.now() < swallowUntil) { e.stopPropagation(); e.preventDefault(); }
  }, { capture: true });
  return box;
}
